/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-app"

#include "config.h"

#include "bs-widgets.h"

#define POPOVER_SIGNALS_KEY "bs-tooltip-popover-signals"

static void
sync_has_tooltip (GtkMenuButton *button)
{
  GtkPopover *popover = gtk_menu_button_get_popover (button);
  gboolean open = popover != NULL && gtk_widget_get_visible (GTK_WIDGET (popover));

  gtk_widget_set_has_tooltip (GTK_WIDGET (button), !open);
}

static void
on_popover_changed (GtkMenuButton *button)
{
  GSignalGroup *group = g_object_get_data (G_OBJECT (button), POPOVER_SIGNALS_KEY);

  g_signal_group_set_target (group, gtk_menu_button_get_popover (button));
  sync_has_tooltip (button);
}

void
bs_menu_button_hide_tooltip_while_open (GtkMenuButton *button)
{
  GSignalGroup *group;

  g_return_if_fail (GTK_IS_MENU_BUTTON (button));

  if (g_object_get_data (G_OBJECT (button), POPOVER_SIGNALS_KEY) != NULL)
    return;
  group = g_signal_group_new (GTK_TYPE_POPOVER);
  g_signal_group_connect_object (group, "notify::visible", G_CALLBACK (sync_has_tooltip), button,
                                 G_CONNECT_SWAPPED);
  g_object_set_data_full (G_OBJECT (button), POPOVER_SIGNALS_KEY, group, g_object_unref);
  g_signal_connect (button, "notify::popover", G_CALLBACK (on_popover_changed), NULL);
  on_popover_changed (button);
}
