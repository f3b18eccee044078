/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-app"

#include "config.h"

#include "bs-adaptive.h"

static void
sync_hidden (AdwSqueezer *squeezer)
{
  GtkWidget *shown = adw_squeezer_get_visible_child (squeezer);

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (squeezer)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    gtk_accessible_update_state (GTK_ACCESSIBLE (child), GTK_ACCESSIBLE_STATE_HIDDEN,
                                 child != shown, -1);
}

void
bs_adaptive_track_squeezer (AdwSqueezer *squeezer)
{
  g_return_if_fail (ADW_IS_SQUEEZER (squeezer));

  g_signal_connect (squeezer, "notify::visible-child", G_CALLBACK (sync_hidden), NULL);
  sync_hidden (squeezer);
}

GtkWidget *
bs_adaptive_collapsible (GtkWidget *child)
{
  GtkWidget *squeezer;

  g_return_val_if_fail (GTK_IS_WIDGET (child), NULL);

  squeezer = adw_squeezer_new ();
  adw_squeezer_set_allow_none (ADW_SQUEEZER (squeezer), TRUE);
  adw_squeezer_set_switch_threshold_policy (ADW_SQUEEZER (squeezer),
                                            ADW_FOLD_THRESHOLD_POLICY_NATURAL);
  adw_squeezer_add (ADW_SQUEEZER (squeezer), child);
  g_object_bind_property (child, "visible", squeezer, "visible", G_BINDING_SYNC_CREATE);
  bs_adaptive_track_squeezer (ADW_SQUEEZER (squeezer));
  return squeezer;
}
