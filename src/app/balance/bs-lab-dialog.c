/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-lab-dialog.c: the balance lab's dialogs' common parts (bs-lab-dialog.h). */
#define G_LOG_DOMAIN "boardsmith-app"

#include "config.h"

#include "bs-lab-dialog.h"

#include <string.h>

#include "bs-entry-limit.h"
#include "bs-variant-xml.h"

GtkWidget *
bs_lab_page_new (void)
{
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *clamp = adw_clamp_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 24);

  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (scrolled, TRUE);
  gtk_widget_set_margin_top (box, 18);
  gtk_widget_set_margin_bottom (box, 18);
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  adw_clamp_set_maximum_size (ADW_CLAMP (clamp), 640);
  adw_clamp_set_child (ADW_CLAMP (clamp), box);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), clamp);
  g_object_set_data (G_OBJECT (scrolled), "box", box);
  return scrolled;
}

GtkWidget *
bs_lab_page_box (GtkWidget *page)
{
  return g_object_get_data (G_OBJECT (page), "box");
}

AdwPreferencesGroup *
bs_lab_group_new (GtkWidget  *page,
                  const char *title,
                  const char *description)
{
  GtkWidget *group = adw_preferences_group_new ();

  if (title != NULL)
    adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), title);
  if (description != NULL)
    adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group), description);
  gtk_box_append (GTK_BOX (bs_lab_page_box (page)), group);
  return ADW_PREFERENCES_GROUP (group);
}

void
bs_lab_set_name (GtkWidget  *widget,
                 const char *name)
{
  gtk_accessible_update_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL, name,
                                  -1);
}

GtkSpinButton *
bs_lab_spin_new (double      lower,
                 double      upper,
                 double      value,
                 guint       digits,
                 const char *name)
{
  GtkSpinButton *spin = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (lower, upper,
                                                                         digits > 0 ? 0.5 : 1));

  gtk_spin_button_set_digits (spin, digits);
  gtk_spin_button_set_numeric (spin, TRUE);
  gtk_spin_button_set_value (spin, value);
  gtk_widget_set_valign (GTK_WIDGET (spin), GTK_ALIGN_CENTER);
  bs_entry_limit (GTK_WIDGET (spin), BS_ENTRY_NUMBER);
  if (name != NULL)
    bs_lab_set_name (GTK_WIDGET (spin), name);
  return spin;
}

void
bs_lab_dialog_fit (GtkWindow *dialog,
                   GtkWindow *parent,
                   int        width,
                   int        height)
{
  if (parent != NULL && gtk_widget_get_width (GTK_WIDGET (parent)) > 0)
    {
      width = MIN (width, gtk_widget_get_width (GTK_WIDGET (parent)));
      height = MIN (height, gtk_widget_get_height (GTK_WIDGET (parent)));
    }
  gtk_window_set_default_size (dialog, width, height);
}

char *
bs_lab_settings_hash (const BsVariant *variant,
                      const char      *settings)
{
  g_autoptr(GChecksum) checksum = g_checksum_new (G_CHECKSUM_SHA256);
  g_autofree char *xml = bs_variant_to_xml (variant, NULL);

  g_checksum_update (checksum, (const guchar *) settings, (gssize) strlen (settings));
  if (xml != NULL)
    g_checksum_update (checksum, (const guchar *) xml, (gssize) strlen (xml));
  return g_strdup (g_checksum_get_string (checksum));
}
