/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-editor"

#include "config.h"

#include "bs-editor-view-private.h"

#include <glib/gi18n.h>

#include "bs-entry-limit.h"

#define MAX_HANDICAP 99

/* The board shapes a module may offer, in the order shown. */
static const struct {
  BsShape     shape;
  int         adjacency;
  const char *label;
} shape_choices[] = {
  { BS_SHAPE_SQUARE, 4, N_("Square, 4 neighbours") },
  { BS_SHAPE_SQUARE, 8, N_("Square, 8 neighbours") },
  { BS_SHAPE_HEX_RHOMBUS, 6, N_("Hex rhombus") },
  { BS_SHAPE_HEXAGON, 6, N_("Hexagon") },
  { BS_SHAPE_LIMPING, 6, N_("Limping hexagon") },
};

G_STATIC_ASSERT (G_N_ELEMENTS (shape_choices) == N_SHAPE_CHOICES);

static const char * const direction_labels[] = { N_("North"), N_("East"), N_("South"), N_("West") };

static void on_spin_changed (BsEditorView *self, GtkSpinButton *spin);

/* Row helpers. */

static void
add_module_row (BsEditorView        *self,
                AdwPreferencesGroup *group,
                GtkWidget           *row)
{
  adw_preferences_group_add (group, row);
  g_ptr_array_add (self->module_rows, group);
  g_ptr_array_add (self->module_rows, row);
}

static void
remove_module_rows (BsEditorView *self)
{
  for (guint i = 0; i + 1 < self->module_rows->len; i += 2)
    adw_preferences_group_remove (g_ptr_array_index (self->module_rows, i),
                                  g_ptr_array_index (self->module_rows, i + 1));
  g_ptr_array_set_size (self->module_rows, 0);
  g_hash_table_remove_all (self->option_rows);
  g_hash_table_remove_all (self->edit_widgets);
  self->width_row = self->height_row = self->size_row = NULL;
  self->owner_row = self->kind_row = self->dir_row = NULL;
  self->handicap_player_row = self->handicap_kind_row = NULL;
  self->handicap_spin = NULL;
  self->start_row = self->start_button = NULL;
  self->unlimited_rows[0] = self->unlimited_rows[1] = NULL;
}

/* A number typed out of a spin button's range is brought into it, and the
 * row says so in place of its subtitle until the value changes again; the
 * field says it too (its accessible description), since the keyboard
 * focus stays there and a screen reader reads the field, not the row. */
static void
set_clamp_note (GtkSpinButton *spin,
                const char    *note,
                int            value)
{
  GtkWidget *row = g_object_get_data (G_OBJECT (spin), "row");
  const char *noted = g_object_get_data (G_OBJECT (spin), "clamp-note");

  if (row == NULL || (note == NULL && noted == NULL))
    return;
  if (noted == NULL)
    g_object_set_data_full (G_OBJECT (spin), "plain-subtitle",
                            g_strdup (adw_action_row_get_subtitle (ADW_ACTION_ROW (row))), g_free);
  g_object_set_data_full (G_OBJECT (spin), "clamp-note", g_strdup (note), g_free);
  g_object_set_data (G_OBJECT (spin), "clamp-value", GINT_TO_POINTER (value));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row),
                               note != NULL ? note
                                            : g_object_get_data (G_OBJECT (spin),
                                                                 "plain-subtitle"));
  if (note != NULL)
    {
      gtk_widget_add_css_class (row, "clamped");
      gtk_accessible_update_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                      note, -1);
    }
  else
    {
      gtk_widget_remove_css_class (row, "clamped");
      gtk_accessible_reset_property (GTK_ACCESSIBLE (spin), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
    }
}

static int
on_spin_input (GtkSpinButton *spin,
               double        *new_value,
               gpointer       user_data)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (spin));
  g_autofree char *note = NULL;
  char *end = NULL;
  double min, max;
  gint64 typed;

  typed = g_ascii_strtoll (text, &end, 10);
  while (end != NULL && g_ascii_isspace (*end))
    end++;
  if (end == text || end == NULL || *end != '\0')
    return FALSE;   /* not a whole number: GTK's own parsing */
  gtk_spin_button_get_range (spin, &min, &max);
  if (typed > (gint64) max)
    {
      g_autofree char *shown = g_strstrip (g_strdup (text));

      /* TRANSLATORS: the number typed into a field, then the field's largest
       * value (twice): "40 is more than 18, the most allowed: set to 18". */
      note = g_strdup_printf (_("%s is more than %d, the most allowed: set to %d"),
                              shown, (int) max, (int) max);
      *new_value = max;
    }
  else if (typed < (gint64) min)
    {
      g_autofree char *shown = g_strstrip (g_strdup (text));

      note = g_strdup_printf (_("%s is less than %d, the least allowed: set to %d"),
                              shown, (int) min, (int) min);
      *new_value = min;
    }
  else
    *new_value = (double) typed;
  set_clamp_note (spin, note, (int) *new_value);
  return TRUE;
}

static void
on_spin_value_changed (GtkSpinButton *spin,
                       gpointer       user_data)
{
  /* The note stays while the value is the one it explains. */
  if (g_object_get_data (G_OBJECT (spin), "clamp-note") != NULL
      && (int) gtk_spin_button_get_value (spin)
         != GPOINTER_TO_INT (g_object_get_data (G_OBJECT (spin), "clamp-value")))
    set_clamp_note (spin, NULL, 0);
}

static GtkWidget *
spin_row (BsEditorView *self,
          const char   *title,
          const char   *subtitle,
          int           min,
          int           max,
          const char   *edit_key)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *spin = gtk_spin_button_new_with_range (min, max, 1);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (subtitle != NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
  gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), TRUE);
  bs_entry_limit (spin, BS_ENTRY_NUMBER);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), spin);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), spin);
  g_object_set_data (G_OBJECT (spin), "row", row);
  g_signal_connect (spin, "input", G_CALLBACK (on_spin_input), NULL);
  g_signal_connect (spin, "value-changed", G_CALLBACK (on_spin_value_changed), NULL);
  if (edit_key != NULL)
    {
      g_object_set_data_full (G_OBJECT (spin), "edit-key", g_strdup (edit_key), g_free);
      g_hash_table_insert (self->edit_widgets, g_strdup (edit_key), spin);
      g_signal_connect_swapped (spin, "value-changed", G_CALLBACK (on_spin_changed), self);
    }
  g_object_set_data (G_OBJECT (row), "spin", spin);
  return row;
}

static GtkWidget *
combo_row (const char         *title,
           const char         *subtitle,
           const char * const *labels,
           guint               n_labels)
{
  GtkWidget *row = adw_combo_row_new ();
  g_autoptr(GtkStringList) model = gtk_string_list_new (NULL);

  for (guint i = 0; i < n_labels; i++)
    gtk_string_list_append (model, labels[i]);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (subtitle != NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (model));
  return row;
}

GtkWidget *
_bs_editor_view_error_row (void)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *icon = gtk_image_new_from_icon_name ("dialog-error-symbolic");

  adw_action_row_add_prefix (ADW_ACTION_ROW (row), icon);
  adw_action_row_set_title_lines (ADW_ACTION_ROW (row), 0);
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  gtk_widget_add_css_class (row, "error");
  gtk_widget_set_visible (row, FALSE);
  return row;
}

void
_bs_editor_view_set_spin (BsEditorView *self,
                          const char   *key,
                          int           value)
{
  GtkSpinButton *spin = g_hash_table_lookup (self->edit_widgets, key);

  if (spin != NULL && (int) gtk_spin_button_get_value (spin) != value)
    gtk_spin_button_set_value (spin, value);
}

void
_bs_editor_view_set_entry (AdwEntryRow *row,
                           const char  *text)
{
  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (row)), text != NULL ? text : "") != 0)
    gtk_editable_set_text (GTK_EDITABLE (row), text != NULL ? text : "");
}

/* Widgets → document. */

static void
on_spin_changed (BsEditorView  *self,
                 GtkSpinButton *spin)
{
  const char *key = g_object_get_data (G_OBJECT (spin), "edit-key");
  int value = (int) gtk_spin_button_get_value (spin);

  if (self->syncing || self->document == NULL || key == NULL)
    return;
  self->editing_spin = GTK_WIDGET (spin);
  if (g_str_equal (key, "width"))
    bs_variant_document_set_width (self->document, value);
  else if (g_str_equal (key, "height"))
    bs_variant_document_set_height (self->document, value);
  else if (g_str_equal (key, "size"))
    bs_variant_document_set_size (self->document, value);
  else if (g_str_has_prefix (key, "supply:"))
    {
      /* "supply:P:KIND" */
      bs_variant_document_set_supply (self->document, key[7] - '0', key + 9, value);
    }
  else if (g_str_has_prefix (key, "option:"))
    {
      g_autofree char *text = g_strdup_printf ("%d", value);
      bs_variant_document_set_option (self->document, key + 7, text);
    }
  self->editing_spin = NULL;
}

/* A clamp note explains the last edit: any other edit makes it stale
 * ("2 is less than 5…" stayed while the designer went on elsewhere). */
void
_bs_editor_view_drop_stale_notes (BsEditorView *self)
{
  GHashTableIter iter;
  gpointer widget;

  g_hash_table_iter_init (&iter, self->edit_widgets);
  while (g_hash_table_iter_next (&iter, NULL, &widget))
    if (GTK_IS_SPIN_BUTTON (widget) && widget != self->editing_spin)
      set_clamp_note (widget, NULL, 0);
}

static void
on_switch_changed (BsEditorView *self,
                   GParamSpec   *pspec,
                   GtkSwitch    *sw)
{
  const char *key = g_object_get_data (G_OBJECT (sw), "edit-key");

  if (self->syncing || self->document == NULL || key == NULL)
    return;
  bs_variant_document_set_option (self->document, key + 7,
                                  gtk_switch_get_active (sw) ? "true" : "false");
}

static void
on_enum_changed (BsEditorView *self,
                 GParamSpec   *pspec,
                 AdwComboRow  *row)
{
  const char *key = g_object_get_data (G_OBJECT (row), "edit-key");
  int index;
  guint selected = adw_combo_row_get_selected (row);

  if (self->syncing || self->document == NULL || key == NULL || self->module == NULL)
    return;
  index = bs_module_option_index (self->module, key + 7);
  if (index < 0 || selected == GTK_INVALID_LIST_POSITION)
    return;
  bs_variant_document_set_option (self->document, key + 7,
                                  bs_option_value_to_string (&self->module->options[index],
                                                             (int) selected));
}

void
_bs_editor_view_on_shape_changed (BsEditorView *self)
{
  guint selected = adw_combo_row_get_selected (self->shape_row);

  if (self->syncing || self->document == NULL || selected >= self->n_shape_choices)
    return;
  bs_variant_document_set_shape (self->document, shape_choices[self->shape_choice[selected]].shape,
                                 shape_choices[self->shape_choice[selected]].adjacency);
}

void
_bs_editor_view_on_name_changed (BsEditorView *self)
{
  if (!self->syncing && self->document != NULL)
    bs_variant_document_set_name (self->document,
                                  gtk_editable_get_text (GTK_EDITABLE (self->name_row)));
}

void
_bs_editor_view_on_author_changed (BsEditorView *self)
{
  if (!self->syncing && self->document != NULL)
    bs_variant_document_set_author (self->document,
                                    gtk_editable_get_text (GTK_EDITABLE (self->author_row)));
}

void
_bs_editor_view_on_description_changed (BsEditorView *self)
{
  if (!self->syncing && self->document != NULL)
    bs_variant_document_set_description (self->document,
                                         gtk_editable_get_text (GTK_EDITABLE (self->description_row)));
}

static void
on_player_name_changed (BsEditorView *self,
                        AdwEntryRow  *row)
{
  int player = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (row), "player"));

  if (!self->syncing && self->document != NULL)
    bs_variant_document_set_player_name (self->document, player,
                                         gtk_editable_get_text (GTK_EDITABLE (row)));
}

static void
on_color_set (BsEditorView   *self,
              GtkColorButton *button)
{
  int player = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "player"));
  GdkRGBA rgba;
  g_autofree char *text = NULL;

  if (self->syncing || self->document == NULL)
    return;
  gtk_color_chooser_get_rgba (GTK_COLOR_CHOOSER (button), &rgba);
  text = g_strdup_printf ("#%02x%02x%02x", (int) (rgba.red * 255 + 0.5),
                          (int) (rgba.green * 255 + 0.5), (int) (rgba.blue * 255 + 0.5));
  bs_variant_document_set_player_color (self->document, player, text);
}

static void
on_handicap_apply (BsEditorView *self)
{
  guint player = adw_combo_row_get_selected (ADW_COMBO_ROW (self->handicap_player_row));
  guint kind = adw_combo_row_get_selected (ADW_COMBO_ROW (self->handicap_kind_row));
  int weaker, stronger, before, fewer, had, has;
  g_autofree char *message = NULL;
  g_autofree char *difference = NULL;

  if (self->document == NULL || self->module == NULL || kind >= self->module->n_kinds
      || player > 1)
    return;
  weaker = (int) player + 1;
  stronger = bs_opponent (weaker);
  before = _bs_editor_view_supply_of (self, stronger, kind);
  bs_variant_document_set_handicap (self->document, weaker, self->module->kinds[kind].id,
                                    (int) gtk_spin_button_get_value (self->handicap_spin));
  had = _bs_editor_view_supply_of (self, stronger, kind);
  has = _bs_editor_view_supply_of (self, weaker, kind);
  fewer = had - has;

  /* Say what the supplies are now, and why when both had to go up. */
  if (self->module->n_kinds > 1)
    /* TRANSLATORS: "1 Large", a number of pieces of one kind. */
    difference = g_strdup_printf (C_("kind count", "%d %s"), fewer,
                                  _(self->module->kinds[kind].label));
  else
    difference = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d piece", "%d pieces", fewer),
                                  fewer);
  if (had > before)
    /* TRANSLATORS: "Dark now has 1 piece fewer than Light (12 against
     * 13): both supplies went up, as the rules need more pieces in all." */
    message = g_strdup_printf (_("%s now has %s fewer than %s (%d against %d): both supplies "
                                 "went up, as the rules need more pieces in all."),
                               _bs_editor_view_player_name (self, weaker), difference,
                               _bs_editor_view_player_name (self, stronger), has, had);
  else
    /* TRANSLATORS: "Dark now has 1 piece fewer than Light (11 against 12)." */
    message = g_strdup_printf (_("%s now has %s fewer than %s (%d against %d)."),
                               _bs_editor_view_player_name (self, weaker), difference,
                               _bs_editor_view_player_name (self, stronger), has, had);
  _bs_editor_view_emit_message (self, message);
}

/* Building the rows for a module. */

const char *
_bs_editor_view_player_name (BsEditorView *self,
                             int           player)
{
  const BsVariant *variant = bs_variant_document_get_variant (self->document);
  const char *name = variant->players[player - 1].name;

  if (name != NULL && name[0] != '\0')
    return name;
  return player == 1 ? _("Player 1") : _("Player 2");
}

/* Changes one label of a combo row's list, keeping its selection. */
static void
relabel (GtkWidget  *row,
         guint       index,
         const char *label)
{
  GListModel *model = row != NULL ? adw_combo_row_get_model (ADW_COMBO_ROW (row)) : NULL;
  const char * const additions[] = { label, NULL };
  guint selected;

  if (!GTK_IS_STRING_LIST (model) || index >= g_list_model_get_n_items (model)
      || g_strcmp0 (gtk_string_list_get_string (GTK_STRING_LIST (model), index), label) == 0)
    return;
  selected = adw_combo_row_get_selected (ADW_COMBO_ROW (row));
  gtk_string_list_splice (GTK_STRING_LIST (model), index, 1, additions);
  adw_combo_row_set_selected (ADW_COMBO_ROW (row), selected);
}

static char *
special_label (BsEditorView *self,
               int           special,
               int           player)
{
  const char *label = _(self->module->specials[special].label);

  /* TRANSLATORS: a special cell of a player, as in "Nest of Light". */
  if (player == 0)
    return g_strdup (label);
  return g_strdup_printf (_("%s of %s"), label, _bs_editor_view_player_name (self, player));
}

/* Rows that name the players follow their names as they are typed. */
void
_bs_editor_view_relabel_players (BsEditorView *self)
{
  for (int p = 1; p <= 2; p++)
    {
      relabel (self->owner_row, (guint) p - 1, _bs_editor_view_player_name (self, p));
      relabel (self->handicap_player_row, (guint) p - 1, _bs_editor_view_player_name (self, p));
    }
  for (guint i = 0; i < self->paint_choices->len; i++)
    {
      PaintChoice *c = &g_array_index (self->paint_choices, PaintChoice, i);
      g_autofree char *label = NULL;

      if (c->mode != BS_PAINT_SPECIAL || c->player == 0)
        continue;
      label = special_label (self, c->special, c->player);
      relabel (GTK_WIDGET (self->paint_row), i, label);
    }
}

static void
build_board_rows (BsEditorView *self)
{
  const BsModule *module = self->module;
  g_autoptr(GtkStringList) shapes = gtk_string_list_new (NULL);

  self->n_shape_choices = 0;
  for (guint i = 0; i < G_N_ELEMENTS (shape_choices); i++)
    {
      if ((module->shapes & (1u << shape_choices[i].shape)) == 0)
        continue;
      if (shape_choices[i].shape == BS_SHAPE_SQUARE && module->square_adjacency != 0
          && module->square_adjacency != shape_choices[i].adjacency)
        continue;
      self->shape_choice[self->n_shape_choices++] = (int) i;
      gtk_string_list_append (shapes, _(shape_choices[i].label));
    }
  adw_combo_row_set_model (self->shape_row, G_LIST_MODEL (shapes));

  self->width_row = spin_row (self, _("Width"), NULL, MAX (module->min_side, 1),
                              MAX (module->max_side, 1), "width");
  self->height_row = spin_row (self, _("Height"), NULL, MAX (module->min_side, 1),
                               MAX (module->max_side, 1), "height");
  self->size_row = spin_row (self, _("Side"), _("Cells along one side of the hexagon"),
                             MAX (module->min_size, 1), MAX (module->max_size, 1), "size");
  add_module_row (self, self->board_group, self->width_row);
  add_module_row (self, self->board_group, self->height_row);
  add_module_row (self, self->board_group, self->size_row);
}

/* Whether the module takes a hole or a fixed piece at all (some take no
 * holes): asked of the engine on the module's default variant, on a
 * cell away from the default special cells, so the paint modes offered
 * are the ones that can work. */
static void
probe_module (const BsModule *module,
              gboolean       *holes,
              gboolean       *pieces)
{
  g_autoptr(BsVariant) variant = bs_variant_new_for_module (module->id, NULL);
  g_autoptr(BsBoard) board = variant != NULL ? bs_board_new (&variant->board, NULL, NULL) : NULL;
  const char *label;

  *holes = *pieces = TRUE;
  if (board == NULL)
    return;
  label = bs_board_cell_label (board, bs_board_n_cells (board) / 2 + 1);
  {
    g_autoptr(BsVariant) v = bs_variant_copy (variant);
    g_autoptr(BsRuleset) rs = NULL;
    BsVariantHole hole = { g_strdup (label), 0 };

    g_array_append_val (v->holes, hole);
    rs = bs_ruleset_new (v, NULL);
    *holes = rs != NULL;
  }
  {
    g_autoptr(BsVariant) v = bs_variant_copy (variant);
    g_autoptr(BsRuleset) rs = NULL;
    BsVariantPiece piece = { g_strdup (label), 1, g_strdup (module->kinds[0].id),
                             module->kinds[0].directed ? 0 : -1, 0 };

    g_array_append_val (v->setup, piece);
    rs = bs_ruleset_new (v, NULL);
    *pieces = rs != NULL;
  }
}

static void
build_cells_rows (BsEditorView *self)
{
  gboolean holes_allowed, pieces_allowed;
  const BsModule *module = self->module;
  g_autoptr(GtkStringList) modes = gtk_string_list_new (NULL);
  g_autoptr(GPtrArray) kinds = g_ptr_array_new ();
  const char *owners[2] = { _bs_editor_view_player_name (self, 1),
                            _bs_editor_view_player_name (self, 2) };
  const char *dirs[4];
  PaintChoice choice = { BS_PAINT_HOLES, 0, 0 };

  probe_module (module, &holes_allowed, &pieces_allowed);
  self->pieces_allowed = pieces_allowed;
  g_array_set_size (self->paint_choices, 0);
  if (holes_allowed)
    {
      gtk_string_list_append (modes, _("Remove or restore cells"));
      g_array_append_val (self->paint_choices, choice);
    }
  for (guint s = 0; s < module->n_specials; s++)
    for (int p = module->specials[s].per_player ? 1 : 0;
         p <= (module->specials[s].per_player ? 2 : 0); p++)
      {
        g_autofree char *text = special_label (self, (int) s, p);
        PaintChoice c = { BS_PAINT_SPECIAL, (int) s, p };

        gtk_string_list_append (modes, text);
        g_array_append_val (self->paint_choices, c);
      }
  if (pieces_allowed)
    {
      choice.mode = BS_PAINT_PIECE;
      gtk_string_list_append (modes, _("Place fixed pieces"));
      g_array_append_val (self->paint_choices, choice);
      choice.mode = BS_PAINT_ERASE_PIECE;
      gtk_string_list_append (modes, _("Remove fixed pieces"));
      g_array_append_val (self->paint_choices, choice);
    }
  self->syncing = TRUE;
  adw_combo_row_set_model (self->paint_row, G_LIST_MODEL (modes));
  adw_combo_row_set_selected (self->paint_row, 0);
  self->syncing = FALSE;

  for (guint k = 0; k < module->n_kinds; k++)
    g_ptr_array_add (kinds, (gpointer) _(module->kinds[k].label));
  for (int d = 0; d < 4; d++)
    dirs[d] = _(direction_labels[d]);

  self->owner_row = combo_row (_("Owner"), NULL, owners, 2);
  self->kind_row = combo_row (_("Kind"), NULL, (const char * const *) kinds->pdata, kinds->len);
  self->dir_row = combo_row (_("Pointing"), NULL, dirs, 4);
  g_signal_connect_swapped (self->owner_row, "notify::selected",
                            G_CALLBACK (_bs_editor_view_on_piece_choice_changed), self);
  g_signal_connect_swapped (self->kind_row, "notify::selected",
                            G_CALLBACK (_bs_editor_view_on_piece_choice_changed), self);
  g_signal_connect_swapped (self->dir_row, "notify::selected",
                            G_CALLBACK (_bs_editor_view_on_piece_choice_changed), self);
  add_module_row (self, self->cells_group, self->owner_row);
  add_module_row (self, self->cells_group, self->kind_row);
  add_module_row (self, self->cells_group, self->dir_row);

  self->paint_player = 1;
  self->paint_kind = 0;
  self->paint_dir = 0;
  self->paint_special = 0;
  self->paint_mode = self->paint_choices->len > 0
                     ? g_array_index (self->paint_choices, PaintChoice, 0).mode : BS_PAINT_HOLES;
  if (self->paint_mode == BS_PAINT_SPECIAL)
    self->paint_player = g_array_index (self->paint_choices, PaintChoice, 0).player;
  gtk_widget_set_visible (GTK_WIDGET (self->cells_group), self->paint_choices->len > 0);
  _bs_editor_view_update_paint_rows (self);
}

static void
build_pieces_rows (BsEditorView *self)
{
  const BsModule *module = self->module;
  const char *players[2] = { _bs_editor_view_player_name (self, 1),
                             _bs_editor_view_player_name (self, 2) };
  g_autoptr(GPtrArray) kinds = g_ptr_array_new ();
  GtkWidget *expander, *apply, *row;

  for (int p = 1; p <= 2; p++)
    {
      AdwPreferencesGroup *group = self->player_groups[p - 1];
      GtkWidget *name = adw_entry_row_new ();
      GtkWidget *color_row = adw_action_row_new ();
      GtkWidget *color = gtk_color_button_new ();
      g_autofree char *key = g_strdup_printf ("player%d.name", p);
      g_autofree char *color_key = g_strdup_printf ("player%d.color", p);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (name), _("Name"));
      bs_entry_limit (name, BS_ENTRY_PLAYER_NAME);
      g_object_set_data (G_OBJECT (name), "player", GINT_TO_POINTER (p));
      g_signal_connect_swapped (name, "changed", G_CALLBACK (on_player_name_changed), self);
      g_hash_table_insert (self->edit_widgets, g_steal_pointer (&key), name);
      add_module_row (self, group, name);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (color_row), _("Colour"));
      gtk_widget_set_valign (color, GTK_ALIGN_CENTER);
      g_object_set_data (G_OBJECT (color), "player", GINT_TO_POINTER (p));
      g_signal_connect_swapped (color, "color-set", G_CALLBACK (on_color_set), self);
      adw_action_row_add_suffix (ADW_ACTION_ROW (color_row), color);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (color_row), color);
      /* GTK 4.8 leaves the button inside the colour button unnamed. */
      if (GTK_IS_BUTTON (gtk_widget_get_first_child (color)))
        gtk_accessible_update_property (GTK_ACCESSIBLE (gtk_widget_get_first_child (color)),
                                        GTK_ACCESSIBLE_PROPERTY_LABEL, _("Colour"), -1);
      g_hash_table_insert (self->edit_widgets, g_steal_pointer (&color_key), color);
      add_module_row (self, group, color_row);

      if (module->unlimited_supply)
        {
          GtkWidget *unlimited = adw_action_row_new ();

          adw_preferences_row_set_title (ADW_PREFERENCES_ROW (unlimited), _("Pieces"));
          adw_action_row_set_subtitle (ADW_ACTION_ROW (unlimited),
                                       _("As many as the game needs: the rules set no supply"));
          add_module_row (self, group, unlimited);
          self->unlimited_rows[p - 1] = unlimited;
        }
      else
        for (guint k = 0; k < module->n_kinds; k++)
          {
            g_autofree char *supply_key = g_strdup_printf ("supply:%d:%s", p, module->kinds[k].id);
            /* TRANSLATORS: the supply of one kind of piece, as in "Small pieces". */
            g_autofree char *title = module->n_kinds == 1
                                     ? g_strdup (_("Pieces"))
                                     : g_strdup_printf (_("%s pieces"), _(module->kinds[k].label));

            add_module_row (self, group,
                            spin_row (self, title, NULL, 0, BS_MAX_SUPPLY, supply_key));
          }
    }

  /* The start position the rules make, turned into fixed pieces: then
   * taking some away is a handicap (_bs_editor_view_sync_start_rows says when it can). */
  if (self->pieces_allowed)
    {
      self->start_row = adw_action_row_new ();
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->start_row),
                                     _("Fix the Start Position"));
      self->start_button = gtk_button_new_with_mnemonic (_("_Fix"));
      gtk_widget_set_valign (self->start_button, GTK_ALIGN_CENTER);
      gtk_actionable_set_action_name (GTK_ACTIONABLE (self->start_button), "editor.fix-start");
      adw_action_row_add_suffix (ADW_ACTION_ROW (self->start_row), self->start_button);
      add_module_row (self, self->pieces_group, self->start_row);
    }

  if (module->unlimited_supply)
    return;
  for (guint k = 0; k < module->n_kinds; k++)
    g_ptr_array_add (kinds, (gpointer) _(module->kinds[k].label));
  expander = adw_expander_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (expander), _("Handicap"));
  /* libadwaita 1.2 names only the header row inside: the row around it too. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (expander), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Handicap"), -1);
  adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (expander),
                                 _("Give one player fewer pieces than the other"));
  self->handicap_player_row = combo_row (_("Player with fewer pieces"), NULL, players, 2);
  adw_combo_row_set_selected (ADW_COMBO_ROW (self->handicap_player_row), 1);
  self->handicap_kind_row = combo_row (_("Kind"), NULL, (const char * const *) kinds->pdata,
                                       kinds->len);
  row = spin_row (self, _("Fewer pieces"), NULL, 0, MAX_HANDICAP, NULL);
  self->handicap_spin = g_object_get_data (G_OBJECT (row), "spin");
  gtk_spin_button_set_value (self->handicap_spin, 1);
  apply = gtk_button_new_with_mnemonic (_("_Apply"));
  gtk_widget_set_valign (apply, GTK_ALIGN_CENTER);
  g_signal_connect_swapped (apply, "clicked", G_CALLBACK (on_handicap_apply), self);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), apply);
  adw_expander_row_add_row (ADW_EXPANDER_ROW (expander), self->handicap_player_row);
  adw_expander_row_add_row (ADW_EXPANDER_ROW (expander), self->handicap_kind_row);
  gtk_widget_set_visible (self->handicap_kind_row, module->n_kinds > 1);
  adw_expander_row_add_row (ADW_EXPANDER_ROW (expander), row);
  add_module_row (self, self->pieces_group, expander);
}

static void
build_option_rows (BsEditorView *self)
{
  const BsModule *module = self->module;

  for (guint i = 0; i < module->n_options; i++)
    {
      const BsOptionSpec *spec = &module->options[i];
      g_autofree char *key = g_strdup_printf ("option:%s", spec->id);
      GtkWidget *row = NULL;

      switch (spec->type)
        {
        case BS_OPTION_BOOL:
          {
            GtkWidget *sw = gtk_switch_new ();

            row = adw_action_row_new ();
            adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _(spec->label));
            gtk_widget_set_valign (sw, GTK_ALIGN_CENTER);
            adw_action_row_add_suffix (ADW_ACTION_ROW (row), sw);
            adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), sw);
            g_object_set_data_full (G_OBJECT (sw), "edit-key", g_strdup (key), g_free);
            g_signal_connect_swapped (sw, "notify::active", G_CALLBACK (on_switch_changed), self);
            g_hash_table_insert (self->edit_widgets, g_strdup (key), sw);
          }
          break;
        case BS_OPTION_INT:
          row = spin_row (self, _(spec->label), NULL, spec->min, spec->max, key);
          break;
        case BS_OPTION_ENUM:
          {
            guint n = 0;

            while (spec->choices[n] != NULL)
              n++;
            row = combo_row (_(spec->label), NULL, (const char * const *) spec->choices, n);
            g_object_set_data_full (G_OBJECT (row), "edit-key", g_strdup (key), g_free);
            g_signal_connect_swapped (row, "notify::selected", G_CALLBACK (on_enum_changed), self);
            g_hash_table_insert (self->edit_widgets, g_strdup (key), row);
          }
          break;
        default:
          g_assert_not_reached ();
        }
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), _(spec->description));
      g_object_set_data (G_OBJECT (row), "option-type", GINT_TO_POINTER (spec->type));
      g_hash_table_insert (self->option_rows, g_strdup (spec->id), row);
      add_module_row (self, self->options_group, row);
    }
}

void
_bs_editor_view_build_rows (BsEditorView *self)
{
  remove_module_rows (self);
  self->module = self->document != NULL ? bs_variant_document_get_module (self->document) : NULL;
  if (self->module == NULL)
    return;
  self->syncing = TRUE;
  build_board_rows (self);
  build_cells_rows (self);
  build_pieces_rows (self);
  build_option_rows (self);
  self->syncing = FALSE;
}

/* The shape row shows the board's shape (document → widgets). */
void
_bs_editor_view_sync_shape_row (BsEditorView      *self,
                                const BsBoardSpec *board)
{
  for (guint i = 0; i < self->n_shape_choices; i++)
    {
      const int c = self->shape_choice[i];

      if (shape_choices[c].shape == board->shape
          && (board->shape != BS_SHAPE_SQUARE || shape_choices[c].adjacency == board->adjacency))
        adw_combo_row_set_selected (self->shape_row, i);
    }
}
