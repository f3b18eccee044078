/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-app"

#include "config.h"

#include "bs-widgets.h"

#include <math.h>
#include <glib/gi18n.h>

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

/* The first widget below `widget`, depth first, of `type`; with
 * `icon_name`, a button showing that icon. */
static GtkWidget *
find_descendant (GtkWidget  *widget,
                 GType       type,
                 const char *icon_name)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;

      if (G_TYPE_CHECK_INSTANCE_TYPE (child, type)
          && (icon_name == NULL
              || (GTK_IS_BUTTON (child)
                  && g_strcmp0 (gtk_button_get_icon_name (GTK_BUTTON (child)), icon_name) == 0)))
        return child;
      if ((found = find_descendant (child, type, icon_name)) != NULL)
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
  popover = GTK_POPOVER (find_descendant (GTK_WIDGET (row), GTK_TYPE_POPOVER, NULL));
  if (popover == NULL)
    return;
  g_signal_connect_object (popover, "notify::visible", G_CALLBACK (on_popover_visible), row, 0);
}

/* The checkmark of an item of the list: shown on the chosen one. */
static void
update_checkmark (GtkListItem *item)
{
  GtkWidget *box = gtk_list_item_get_child (item);
  AdwComboRow *row = g_object_get_data (G_OBJECT (item), "bs-combo-row");

  if (box == NULL || row == NULL)
    return;
  gtk_widget_set_opacity (gtk_widget_get_last_child (box),
                          adw_combo_row_get_selected (row) == gtk_list_item_get_position (item)
                          ? 1 : 0);
}

static void
wrap_list_setup (GtkSignalListItemFactory *factory,
                 GtkListItem              *item,
                 AdwComboRow              *row)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *label = gtk_label_new (NULL);
  GtkWidget *check = gtk_image_new_from_icon_name ("object-select-symbolic");

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  /* As wide as libadwaita's own list, a line or two more where needed. */
  gtk_label_set_width_chars (GTK_LABEL (label), 20);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 30);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), check);
  gtk_list_item_set_child (item, box);
  g_object_set_data (G_OBJECT (item), "bs-combo-row", row);
}

static void
wrap_list_bind (GtkSignalListItemFactory *factory,
                GtkListItem              *item,
                AdwComboRow              *row)
{
  GtkWidget *box = gtk_list_item_get_child (item);
  GObject *string = gtk_list_item_get_item (item);

  gtk_label_set_text (GTK_LABEL (gtk_widget_get_first_child (box)),
                      GTK_IS_STRING_OBJECT (string)
                      ? gtk_string_object_get_string (GTK_STRING_OBJECT (string)) : "");
  g_signal_connect_swapped (row, "notify::selected", G_CALLBACK (update_checkmark), item);
  update_checkmark (item);
}

static void
wrap_list_unbind (GtkSignalListItemFactory *factory,
                  GtkListItem              *item,
                  AdwComboRow              *row)
{
  g_signal_handlers_disconnect_by_func (row, update_checkmark, item);
}

void
bs_combo_row_wrap_list (AdwComboRow *row)
{
  g_autoptr(GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();

  g_return_if_fail (ADW_IS_COMBO_ROW (row));

  g_signal_connect (factory, "setup", G_CALLBACK (wrap_list_setup), row);
  g_signal_connect (factory, "bind", G_CALLBACK (wrap_list_bind), row);
  g_signal_connect (factory, "unbind", G_CALLBACK (wrap_list_unbind), row);
  adw_combo_row_set_list_factory (row, factory);
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

#define NAMED_BY_LABEL_KEY "bs-named-by-label"

/* GTK 4.8 names a button whose label has a mnemonic twice: by the label
 * as written, underscore and all (the button's label property), then by
 * the label widget showing it (labelled-by, as the mnemonic's target).
 * Without the first, the name is the text shown, once. */
static void
name_button_by_label_widget (GtkButton *button)
{
  if (gtk_button_get_label (button) != NULL && gtk_button_get_use_underline (button))
    gtk_accessible_reset_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL);
}

static gboolean
on_widget_mapped (GSignalInvocationHint *hint,
                  guint                  n_params,
                  const GValue          *params,
                  gpointer               data)
{
  GObject *object = g_value_get_object (&params[0]);

  if (!GTK_IS_BUTTON (object) || g_object_get_data (object, NAMED_BY_LABEL_KEY) != NULL)
    return TRUE;
  g_object_set_data (object, NAMED_BY_LABEL_KEY, GINT_TO_POINTER (TRUE));
  /* GTK sets the label property again with each new label. */
  g_signal_connect (object, "notify::label", G_CALLBACK (name_button_by_label_widget), NULL);
  g_signal_connect (object, "notify::use-underline",
                    G_CALLBACK (name_button_by_label_widget), NULL);
  name_button_by_label_widget (GTK_BUTTON (object));
  return TRUE;
}

void
bs_button_names_said_once (void)
{
  static gsize installed = 0;
  gpointer widget_class;

  if (!g_once_init_enter (&installed))
    return;
  /* The class makes its signals. */
  widget_class = g_type_class_ref (GTK_TYPE_WIDGET);
  g_signal_add_emission_hook (g_signal_lookup ("map", GTK_TYPE_WIDGET), 0,
                              on_widget_mapped, NULL, NULL);
  g_type_class_unref (widget_class);
  g_once_init_leave (&installed, 1);
}

void
bs_shortcuts_window_name_buttons (GtkShortcutsWindow *window)
{
  GtkWidget *search, *sections;

  g_return_if_fail (GTK_IS_SHORTCUTS_WINDOW (window));

  /* GTK makes them, without tooltips: should that change, they are left
   * as they are. */
  search = find_descendant (GTK_WIDGET (window), GTK_TYPE_BUTTON, "edit-find-symbolic");
  if (search != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (search), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                    _("Search Shortcuts"), -1);
  sections = find_descendant (GTK_WIDGET (window), GTK_TYPE_MENU_BUTTON, NULL);
  if (sections != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (sections), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                    _("Shortcut Sections"), -1);
}

/* Every label under a shortcut but the keys' own (a GtkShortcutLabel). */
static void
wrap_shortcut_titles (GtkWidget *widget,
                      gboolean   in_shortcut)
{
  if (GTK_IS_SHORTCUT_LABEL (widget))
    return;
  if (in_shortcut && GTK_IS_LABEL (widget))
    {
      gtk_label_set_wrap (GTK_LABEL (widget), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (widget), PANGO_WRAP_WORD_CHAR);
      /* As wide at least as at most: a title GTK allots less than its
       * natural width is drawn over the next column, not wrapped. */
      gtk_label_set_width_chars (GTK_LABEL (widget), BS_SHORTCUT_TITLE_CHARS);
      gtk_label_set_max_width_chars (GTK_LABEL (widget), BS_SHORTCUT_TITLE_CHARS);
      /* Room between a title and the next column's keys. */
      gtk_widget_set_margin_end (widget, 18);
      return;
    }
  in_shortcut = in_shortcut || GTK_IS_SHORTCUTS_SHORTCUT (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    wrap_shortcut_titles (child, in_shortcut);
}

void
bs_shortcuts_window_wrap_titles (GtkShortcutsWindow *window)
{
  g_return_if_fail (GTK_IS_SHORTCUTS_WINDOW (window));

  wrap_shortcut_titles (GTK_WIDGET (window), FALSE);
}
