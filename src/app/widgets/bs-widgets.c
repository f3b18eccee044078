/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-app"

#include "config.h"

#include "bs-widgets.h"

#include <math.h>

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

/* The popover's distance from the window's edges, at the least. */
#define POPOVER_MARGIN 6

static GtkPopover *
find_popover (GtkWidget *widget)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkPopover *found;

      if (GTK_IS_POPOVER (child))
        return GTK_POPOVER (child);
      if ((found = find_popover (child)) != NULL)
        return found;
    }
  return NULL;
}

/* The list is measured once shown (a hidden popover measures nothing):
 * the first time, it moves into place as it opens; later openings keep
 * the offset. */
static void
on_popover_visible (GtkPopover  *popover,
                    GParamSpec  *pspec,
                    AdwComboRow *row)
{
  GtkWidget *anchor = gtk_widget_get_parent (GTK_WIDGET (popover));
  GtkWidget *root = GTK_WIDGET (gtk_widget_get_root (GTK_WIDGET (row)));
  graphene_point_t centre;
  int natural = 0, root_width, x_offset = 0;
  double left, right;

  if (!gtk_widget_get_visible (GTK_WIDGET (popover)) || anchor == NULL || root == NULL
      || !gtk_widget_compute_point (anchor, root,
                                    &GRAPHENE_POINT_INIT (gtk_widget_get_width (anchor) / 2.0, 0),
                                    &centre))
    return;
  gtk_widget_measure (GTK_WIDGET (popover), GTK_ORIENTATION_HORIZONTAL, -1, NULL, &natural,
                      NULL, NULL);
  root_width = gtk_widget_get_width (root);
  left = centre.x - natural / 2.0;
  right = centre.x + natural / 2.0;
  if (right > root_width - POPOVER_MARGIN)
    x_offset = (int) floor (root_width - POPOVER_MARGIN - right);
  /* Wider than the window: its start stays in. */
  if (left + x_offset < POPOVER_MARGIN)
    x_offset = (int) ceil (POPOVER_MARGIN - left);
  gtk_popover_set_offset (popover, x_offset, 0);
}

void
bs_combo_row_keep_popover_inside (AdwComboRow *row)
{
  GtkPopover *popover;

  g_return_if_fail (ADW_IS_COMBO_ROW (row));

  /* libadwaita keeps the popover inside the row: should that change,
   * nothing is moved. */
  popover = find_popover (GTK_WIDGET (row));
  if (popover == NULL)
    return;
  g_signal_connect_object (popover, "notify::visible", G_CALLBACK (on_popover_visible), row, 0);
}

BsTheme
bs_style_theme_for (gboolean dark,
                    gboolean high_contrast)
{
  if (high_contrast)
    return BS_THEME_HIGH_CONTRAST;
  return dark ? BS_THEME_DARK : BS_THEME_LIGHT;
}

/* libadwaita's window backgrounds are the light and dark themes' own; high
 * contrast keeps them (its white board then stands in a dark window). */
const BsRgba *
bs_style_backdrop_for (gboolean dark)
{
  return &bs_render_palette_get (dark ? BS_THEME_DARK : BS_THEME_LIGHT)->background;
}

BsTheme
bs_style_get_theme (void)
{
  AdwStyleManager *style = adw_style_manager_get_default ();

  return bs_style_theme_for (adw_style_manager_get_dark (style),
                             adw_style_manager_get_high_contrast (style));
}

const BsRgba *
bs_style_get_backdrop (void)
{
  return bs_style_backdrop_for (adw_style_manager_get_dark (adw_style_manager_get_default ()));
}
