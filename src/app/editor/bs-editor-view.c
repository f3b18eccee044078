/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-editor"

#include "config.h"

#include "bs-editor-view.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "bs-adaptive.h"
#include "bs-editor-canvas.h"
#include "bs-fold-box.h"
#include "bs-folders.h"
#include "bs-entry-limit.h"
#include "bs-pending.h"
#include "bs-text.h"
#include "bs-widgets.h"

#define N_SECTIONS (BS_EDIT_SECTION_METADATA + 1)
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

static const char * const direction_labels[] = { N_("North"), N_("East"), N_("South"), N_("West") };

/* One choice of the paint combo. */
typedef struct {
  BsPaintMode mode;
  int         special;
  int         player;
} PaintChoice;

struct _BsEditorView {
  AdwBin              parent_instance;

  BsVariantDocument  *document;
  GCancellable       *opening;      /* Open Variant… read in a thread */
  const BsModule     *module;       /* the rows below are built for it */
  gboolean            syncing;      /* document → widgets: no edits back */

  BsPaintMode         paint_mode;
  int                 paint_special;
  int                 paint_player;
  int                 paint_kind;
  int                 paint_dir;
  GArray             *paint_choices;   /* of PaintChoice, as in paint_row */
  BsVariantDocument  *stroke_document;  /* a stroke is being painted on it */
  int                 stroke_hole;      /* holes: what the stroke makes (-1: its first cell decides) */
  gboolean            stroke_told;      /* the stroke has shown its message */
  int                 shape_choice[G_N_ELEMENTS (shape_choices)];   /* row → shape_choices */
  guint               n_shape_choices;

  /* Rows made for the module; removed when the module changes. */
  GPtrArray          *module_rows;      /* of { group, row } pairs, flattened */
  GHashTable         *option_rows;      /* option id → row */
  GHashTable         *edit_widgets;     /* edit key → spin/switch/combo/entry */
  GtkWidget          *error_rows[N_SECTIONS];
  GtkWidget          *width_row, *height_row, *size_row;
  GtkWidget          *owner_row, *kind_row, *dir_row;
  GtkWidget          *handicap_player_row, *handicap_kind_row;
  GtkSpinButton      *handicap_spin;
  GtkWidget          *start_row, *start_button;   /* Fix the Start Position */
  GtkWidget          *unlimited_rows[2];          /* a player's "Pieces" without supply */
  gboolean            pieces_allowed;             /* the module takes fixed pieces */

  /* Template children. */
  BsEditorCanvas     *canvas;
  GtkLabel           *hint_label;
  GtkLabel           *summary_label;
  GtkImage           *status_icon;
  GtkLabel           *status_label;
  GtkMenuButton      *more_button;
  AdwPreferencesPage *page;
  AdwPreferencesGroup *board_group;
  AdwPreferencesGroup *cells_group;
  AdwPreferencesGroup *pieces_group;
  AdwPreferencesGroup *player_groups[2];
  AdwPreferencesGroup *options_group;
  AdwPreferencesGroup *metadata_group;
  AdwComboRow        *shape_row;
  AdwComboRow        *paint_row;
  AdwEntryRow        *name_row;
  AdwEntryRow        *author_row;
  AdwEntryRow        *description_row;
};

G_DEFINE_FINAL_TYPE (BsEditorView, bs_editor_view, ADW_TYPE_BIN)

enum {
  PLAY_REQUESTED,
  CLOSE_REQUESTED,
  SAVED,
  MESSAGE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

enum {
  PROP_0,
  PROP_DOCUMENT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void sync_from_document (BsEditorView *self);

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

static void on_spin_changed (BsEditorView *self, GtkSpinButton *spin);

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
                                            : g_object_get_data (G_OBJECT (spin), "plain-subtitle"));
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

static GtkWidget *
error_row (void)
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

static void
set_spin (BsEditorView *self,
          const char   *key,
          int           value)
{
  GtkSpinButton *spin = g_hash_table_lookup (self->edit_widgets, key);

  if (spin != NULL && (int) gtk_spin_button_get_value (spin) != value)
    gtk_spin_button_set_value (spin, value);
}

static void
set_entry (AdwEntryRow *row,
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

static void
on_shape_changed (BsEditorView *self)
{
  guint selected = adw_combo_row_get_selected (self->shape_row);

  if (self->syncing || self->document == NULL || selected >= self->n_shape_choices)
    return;
  bs_variant_document_set_shape (self->document, shape_choices[self->shape_choice[selected]].shape,
                                 shape_choices[self->shape_choice[selected]].adjacency);
}

static void
on_name_changed (BsEditorView *self)
{
  if (!self->syncing && self->document != NULL)
    bs_variant_document_set_name (self->document, gtk_editable_get_text (GTK_EDITABLE (self->name_row)));
}

static void
on_author_changed (BsEditorView *self)
{
  if (!self->syncing && self->document != NULL)
    bs_variant_document_set_author (self->document,
                                    gtk_editable_get_text (GTK_EDITABLE (self->author_row)));
}

static void
on_description_changed (BsEditorView *self)
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

static const char *player_name (BsEditorView *self, int player);
static int supply_of (BsEditorView *self, int player, guint kind);
static int start_pieces (BsEditorView *self, int player, int *n_fixed);

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
  before = supply_of (self, stronger, kind);
  bs_variant_document_set_handicap (self->document, weaker, self->module->kinds[kind].id,
                                    (int) gtk_spin_button_get_value (self->handicap_spin));
  had = supply_of (self, stronger, kind);
  has = supply_of (self, weaker, kind);
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
                               player_name (self, weaker), difference,
                               player_name (self, stronger), has, had);
  else
    /* TRANSLATORS: "Dark now has 1 piece fewer than Light (11 against 12)." */
    message = g_strdup_printf (_("%s now has %s fewer than %s (%d against %d)."),
                               player_name (self, weaker), difference,
                               player_name (self, stronger), has, had);
  g_signal_emit (self, signals[MESSAGE], 0, message);
}

/* Painting. */

static void
update_hint (BsEditorView *self)
{
  const char *hint = "";
  g_autofree char *owned = NULL;

  switch (self->paint_mode)
    {
    case BS_PAINT_HOLES:
      hint = _("Click a cell to remove it from the board; click a dashed outline to restore it.");
      break;
    case BS_PAINT_SPECIAL:
      if (self->module != NULL && self->paint_special < (int) self->module->n_specials)
        hint = owned = g_strdup_printf (_("Click a cell to put the %s there."),
                                        _(self->module->specials[self->paint_special].label));
      break;
    case BS_PAINT_PIECE:
      hint = _("Click a cell to place a fixed piece there at the start of every game.");
      break;
    case BS_PAINT_ERASE_PIECE:
      hint = _("Click a fixed piece to take it away.");
      break;
    default:
      break;
    }
  gtk_label_set_text (self->hint_label, hint);
}

static void
update_paint_rows (BsEditorView *self)
{
  gboolean piece = self->paint_mode == BS_PAINT_PIECE;
  gboolean directed = FALSE;

  if (self->module != NULL && self->paint_kind >= 0 && self->paint_kind < (int) self->module->n_kinds)
    directed = self->module->kinds[self->paint_kind].directed;
  if (self->owner_row != NULL)
    gtk_widget_set_visible (self->owner_row, piece);
  if (self->kind_row != NULL)
    gtk_widget_set_visible (self->kind_row, piece && self->module->n_kinds > 1);
  if (self->dir_row != NULL)
    gtk_widget_set_visible (self->dir_row, piece && directed);
  update_hint (self);
}

void
bs_editor_view_set_paint (BsEditorView *self,
                          BsPaintMode   mode,
                          int           special,
                          int           player,
                          int           kind,
                          int           dir)
{
  g_return_if_fail (BS_IS_EDITOR_VIEW (self));

  self->paint_mode = mode;
  self->paint_special = special;
  self->paint_player = player;
  self->paint_kind = kind;
  self->paint_dir = dir;

  /* Show the same choice in the rows. */
  self->syncing = TRUE;
  for (guint i = 0; i < self->paint_choices->len; i++)
    {
      PaintChoice *c = &g_array_index (self->paint_choices, PaintChoice, i);

      if (c->mode == mode && (mode != BS_PAINT_SPECIAL
                              || (c->special == special && c->player == player)))
        adw_combo_row_set_selected (self->paint_row, i);
    }
  if (mode == BS_PAINT_PIECE)
    {
      if (self->owner_row != NULL)
        adw_combo_row_set_selected (ADW_COMBO_ROW (self->owner_row), (guint) MAX (player - 1, 0));
      if (self->kind_row != NULL)
        adw_combo_row_set_selected (ADW_COMBO_ROW (self->kind_row), (guint) MAX (kind, 0));
      if (self->dir_row != NULL)
        adw_combo_row_set_selected (ADW_COMBO_ROW (self->dir_row), (guint) MAX (dir, 0));
    }
  self->syncing = FALSE;
  update_paint_rows (self);
}

/* The owner of the piece on `label` in the preview's start, or 0. */
static int
start_owner (BsEditorView *self,
             const char   *label)
{
  BsRuleset *rs = bs_variant_document_get_preview (self->document);
  const BsPosition *pos = bs_variant_document_get_preview_position (self->document);
  int cell = rs != NULL && pos != NULL ? bs_board_find_cell (rs->board, label, NULL) : BS_NO_CELL;

  return cell != BS_NO_CELL ? BS_CELL_OWNER (pos->cells[cell]) : 0;
}

static gboolean
has_fixed_pieces (BsEditorView *self,
                  int           player)
{
  const BsVariant *variant = bs_variant_document_get_variant (self->document);

  for (guint i = 0; i < variant->setup->len; i++)
    if (g_array_index (variant->setup, BsVariantPiece, i).player == player)
      return TRUE;
  return FALSE;
}

/* Takes the fixed piece on `label` away. A piece the rules place is not
 * one: the editor says how to make it one. And when the rules place a
 * player's pieces again once none of theirs is fixed, it says so (at most
 * once a stroke: a drag crosses many cells). */
static void
erase_piece (BsEditorView *self,
             const char   *label)
{
  int owner = start_owner (self, label);
  g_autofree char *message = NULL;

  if (bs_variant_document_remove_piece (self->document, label))
    {
      if (owner != 0 && !has_fixed_pieces (self, owner) && start_pieces (self, owner, NULL) > 0)
        /* TRANSLATORS: "Black has no fixed piece left: the rules place Black's
         * starting pieces again." */
        message = g_strdup_printf (_("%s has no fixed piece left: the rules place %s’s "
                                     "starting pieces again."),
                                   player_name (self, owner), player_name (self, owner));
    }
  else if (owner != 0
           && bs_variant_document_get_start_fixing (self->document, NULL, NULL)
              == BS_START_FIXABLE)
    /* TRANSLATORS: "The piece on d7 is placed by the rules, not a fixed piece:
     * press Fix (Fix the Start Position) first to take it away." */
    message = g_strdup_printf (_("The piece on %s is placed by the rules, not a fixed piece: "
                                 "press Fix (Fix the Start Position) first to take it away."),
                               label);
  if (message != NULL && !self->stroke_told)
    {
      self->stroke_told = self->stroke_document != NULL;
      g_signal_emit (self, signals[MESSAGE], 0, message);
    }
}

void
bs_editor_view_paint (BsEditorView *self,
                      const char   *label)
{
  const BsModule *module;

  g_return_if_fail (BS_IS_EDITOR_VIEW (self));
  g_return_if_fail (label != NULL);

  if (self->document == NULL)
    return;
  module = self->module;
  switch (self->paint_mode)
    {
    case BS_PAINT_HOLES:
      /* A stroke removes cells or restores them, as its first cell did. */
      if (self->stroke_document == self->document)
        {
          if (self->stroke_hole < 0)
            self->stroke_hole = !bs_variant_document_is_hole (self->document, label);
          bs_variant_document_set_hole (self->document, label, self->stroke_hole);
        }
      else
        bs_variant_document_toggle_hole (self->document, label);
      break;
    case BS_PAINT_SPECIAL:
      if (self->paint_special >= 0 && self->paint_special < (int) module->n_specials)
        bs_variant_document_set_special (self->document, module->specials[self->paint_special].id,
                                         self->paint_player, label);
      break;
    case BS_PAINT_PIECE:
      if (self->paint_kind >= 0 && self->paint_kind < (int) module->n_kinds)
        {
          const BsKindSpec *kind = &module->kinds[self->paint_kind];

          bs_variant_document_place_piece (self->document, label, MAX (self->paint_player, 1),
                                           kind->id, kind->directed ? MAX (self->paint_dir, 0) : -1);
        }
      break;
    case BS_PAINT_ERASE_PIECE:
      erase_piece (self, label);
      break;
    default:
      break;
    }
}

static void
on_cell_activated (BsEditorView *self,
                   const char   *label)
{
  bs_editor_view_paint (self, label);
}

/* A press-drag-release on the board is one step of undo. */
static void
on_stroke_begin (BsEditorView *self)
{
  if (self->document == NULL)
    return;
  g_set_object (&self->stroke_document, self->document);
  self->stroke_hole = -1;
  self->stroke_told = FALSE;
  bs_variant_document_begin_group (self->stroke_document);
}

static void
on_stroke_end (BsEditorView *self)
{
  if (self->stroke_document == NULL)
    return;
  bs_variant_document_end_group (self->stroke_document);
  g_clear_object (&self->stroke_document);
}

static void
on_paint_changed (BsEditorView *self)
{
  guint selected = adw_combo_row_get_selected (self->paint_row);
  PaintChoice *c;

  if (self->syncing || selected >= self->paint_choices->len)
    return;
  c = &g_array_index (self->paint_choices, PaintChoice, selected);
  self->paint_mode = c->mode;
  if (c->mode == BS_PAINT_SPECIAL)
    {
      self->paint_special = c->special;
      self->paint_player = c->player;
    }
  else if (c->mode == BS_PAINT_PIECE && self->owner_row != NULL)
    self->paint_player = (int) adw_combo_row_get_selected (ADW_COMBO_ROW (self->owner_row)) + 1;
  update_paint_rows (self);
}

static void
on_piece_choice_changed (BsEditorView *self)
{
  if (self->syncing)
    return;
  self->paint_player = (int) adw_combo_row_get_selected (ADW_COMBO_ROW (self->owner_row)) + 1;
  self->paint_kind = self->kind_row != NULL
                     ? (int) adw_combo_row_get_selected (ADW_COMBO_ROW (self->kind_row)) : 0;
  self->paint_dir = self->dir_row != NULL
                    ? (int) adw_combo_row_get_selected (ADW_COMBO_ROW (self->dir_row)) : 0;
  update_paint_rows (self);
}

/* Building the rows for a module. */

static const char *
player_name (BsEditorView *self,
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
  return player == 0 ? g_strdup (label) : g_strdup_printf (_("%s of %s"), label,
                                                            player_name (self, player));
}

/* Rows that name the players follow their names as they are typed. */
static void
relabel_players (BsEditorView *self)
{
  for (int p = 1; p <= 2; p++)
    {
      relabel (self->owner_row, (guint) p - 1, player_name (self, p));
      relabel (self->handicap_player_row, (guint) p - 1, player_name (self, p));
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
  const char *owners[2] = { player_name (self, 1), player_name (self, 2) };
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
                            G_CALLBACK (on_piece_choice_changed), self);
  g_signal_connect_swapped (self->kind_row, "notify::selected",
                            G_CALLBACK (on_piece_choice_changed), self);
  g_signal_connect_swapped (self->dir_row, "notify::selected",
                            G_CALLBACK (on_piece_choice_changed), self);
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
  update_paint_rows (self);
}

static void
build_pieces_rows (BsEditorView *self)
{
  const BsModule *module = self->module;
  const char *players[2] = { player_name (self, 1), player_name (self, 2) };
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
   * taking some away is a handicap (sync_start_rows says when it can). */
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

static void
build_rows (BsEditorView *self)
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

/* Document → widgets. */

static void
show_error (BsEditorView *self)
{
  const GError *error = bs_variant_document_get_error (self->document);
  BsEditSection section = bs_variant_document_get_error_section (self->document);
  const char *bad_option = bs_variant_document_get_error_option (self->document);
  GHashTableIter iter;
  gpointer row;

  g_autofree char *text = error != NULL ? bs_text_sentence (error->message) : NULL;

  for (int s = 0; s < N_SECTIONS; s++)
    {
      gboolean shown = error != NULL && (int) section == s;

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->error_rows[s]),
                                     shown ? text : "");
      gtk_widget_set_visible (self->error_rows[s], shown);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->pieces_group),
                          self->handicap_spin != NULL || self->start_row != NULL
                          || section == BS_EDIT_SECTION_PIECES);
  g_hash_table_iter_init (&iter, self->option_rows);
  while (g_hash_table_iter_next (&iter, NULL, &row))
    gtk_widget_remove_css_class (row, "error");
  if (bad_option != NULL && (row = g_hash_table_lookup (self->option_rows, bad_option)) != NULL)
    gtk_widget_add_css_class (row, "error");

  gtk_image_set_from_icon_name (self->status_icon, error == NULL ? "emblem-ok-symbolic"
                                                                 : "dialog-error-symbolic");
  gtk_label_set_text (self->status_label, error == NULL ? _("Ready to play") : text);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->status_label), text);
  if (error == NULL)
    gtk_widget_remove_css_class (GTK_WIDGET (self->status_label), "error");
  else
    gtk_widget_add_css_class (GTK_WIDGET (self->status_label), "error");
}

/* A player's supply of one kind: the variant's, else the module's. */
static int
supply_of (BsEditorView *self,
           int           player,
           guint         kind)
{
  const BsVariant *variant = bs_variant_document_get_variant (self->document);
  int count = bs_variant_get_supply (variant, player, self->module->kinds[kind].id);

  return count >= 0 ? count : self->module->kinds[kind].default_supply;
}

/* A player's pieces on the board at the start as the preview shows it,
 * and how many of them are fixed pieces. */
static int
start_pieces (BsEditorView *self,
              int           player,
              int          *n_fixed)
{
  BsRuleset *rs = bs_variant_document_get_preview (self->document);
  const BsPosition *pos = bs_variant_document_get_preview_position (self->document);
  const BsVariant *variant = bs_variant_document_get_variant (self->document);
  int n = 0;

  if (n_fixed != NULL)
    *n_fixed = 0;
  if (rs == NULL || pos == NULL)
    return 0;
  for (int c = 0; c < rs->n_cells; c++)
    if (pos->cells[c] != BS_CELL_EMPTY && BS_CELL_OWNER (pos->cells[c]) == player)
      n++;
  for (guint i = 0; n_fixed != NULL && i < variant->setup->len; i++)
    {
      const BsVariantPiece *piece = &g_array_index (variant->setup, BsVariantPiece, i);
      int cell = bs_board_find_cell (rs->board, piece->cell, NULL);

      if (piece->player == player && cell != BS_NO_CELL
          && BS_CELL_OWNER (pos->cells[cell]) == player)
        (*n_fixed)++;
    }
  return n;
}

/* What the "Fix the Start Position" row says: what the button does, or
 * why it cannot. */
static char *
start_fixing_text (BsEditorView *self)
{
  guint n = 0;
  const GError *refusal = NULL;
  BsStartFixing fixing = bs_variant_document_get_start_fixing (self->document, &n, &refusal);

  switch (fixing)
    {
    case BS_START_FIXABLE:
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "The rules place %u piece at the start: make it a "
                                           "fixed piece, to remove or move it",
                                           "The rules place %u pieces at the start: make them "
                                           "fixed pieces, to remove or move some for a "
                                           "handicap", n), n);
    case BS_START_INVALID:
      return g_strdup (_("Correct the variant’s errors first: it has no start position yet"));
    case BS_START_EMPTY:
      return g_strdup (_("The game starts with no piece on the board: there is nothing to fix"));
    case BS_START_FIXED:
      return g_strdup (_("Every piece of the start is a fixed piece already: remove or move "
                         "them with the choices under Cells"));
    case BS_START_RANDOM:
      if (self->module->unlimited_supply)
        return g_strdup (_("The rules draw the starting pieces at random for every game: "
                           "fixing one draw would make every game start the same"));
      return g_strdup (_("The rules draw the starting pieces at random for every game: "
                         "fixing one draw would make every game start the same. Change the "
                         "supplies for a handicap"));
    case BS_START_REFUSED:
    default:
      {
        g_autofree char *why = bs_text_sentence (refusal != NULL ? refusal->message : "");

        /* TRANSLATORS: the rules' reason, as a sentence, then this. */
        return g_strdup_printf (_("%s. So the start cannot become fixed pieces"), why);
      }
    }
}

static void
sync_start_rows (BsEditorView *self)
{
  if (self->start_row != NULL)
    {
      g_autofree char *text = start_fixing_text (self);

      adw_action_row_set_subtitle (ADW_ACTION_ROW (self->start_row), text);
      /* Said on the button too: it is what a tooltip or a screen reader
       * gives of a greyed-out button. */
      gtk_widget_set_tooltip_text (self->start_button, text);
    }
  for (int p = 1; p <= 2; p++)
    {
      int fixed, n;
      g_autofree char *text = NULL;

      if (self->unlimited_rows[p - 1] == NULL)
        continue;
      n = start_pieces (self, p, &fixed);
      if (n == 0)
        text = g_strdup (_("As many as the game needs: the rules set no supply"));
      else if (fixed == n)
        text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                             "%d fixed piece on the board at the start",
                                             "%d fixed pieces on the board at the start", n), n);
      else if (fixed == 0)
        text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                             "%d on the board at the start, placed by the rules",
                                             "%d on the board at the start, placed by the rules",
                                             n), n);
      else
        /* TRANSLATORS: "16 on the board at the start, 3 of them fixed pieces". */
        text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                             "%d on the board at the start, %d of them fixed "
                                             "pieces",
                                             "%d on the board at the start, %d of them fixed "
                                             "pieces", n), n, fixed);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (self->unlimited_rows[p - 1]), text);
    }
}

/* One line under the preview: cells and each side's pieces, what a
 * designer balances ("61 cells · Light: 15 pieces (Small 10, Large 5)"). */
static void
update_summary (BsEditorView *self)
{
  const BsVariant *variant = bs_variant_document_get_variant (self->document);
  BsRuleset *rs = bs_variant_document_get_preview (self->document);
  g_autoptr(GString) text = g_string_new (NULL);

  if (rs != NULL)
    g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "%d cell", "%d cells",
                                               rs->n_cells), rs->n_cells);
  for (int p = 1; p <= 2 && !self->module->unlimited_supply; p++)
    {
      g_autoptr(GString) kinds = g_string_new (NULL);
      g_autofree char *pieces = NULL;
      int total = 0;

      for (guint k = 0; k < self->module->n_kinds; k++)
        {
          int count = supply_of (self, p, k);

          total += count;
          if (kinds->len > 0)
            g_string_append (kinds, ", ");
          /* TRANSLATORS: a kind of piece and how many, as in "Small 10". */
          g_string_append_printf (kinds, C_("kind count", "%s %d"),
                                  _(self->module->kinds[k].label), count);
        }
      pieces = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d piece", "%d pieces", total),
                                total);
      if (text->len > 0)
        g_string_append (text, " · ");
      if (self->module->n_kinds > 1)
        /* TRANSLATORS: a player, their pieces in all, and of each kind:
         * "Light: 15 pieces (Small 10, Large 5)". */
        g_string_append_printf (text, _("%s: %s (%s)"), player_name (self, p), pieces, kinds->str);
      else
        /* TRANSLATORS: a player and their pieces: "Light: 12 pieces". */
        g_string_append_printf (text, _("%s: %s"), player_name (self, p), pieces);
    }
  /* Without supplies, a side's pieces are those on the board at the start. */
  for (int p = 1; p <= 2 && self->module->unlimited_supply; p++)
    {
      int n = start_pieces (self, p, NULL);
      g_autofree char *pieces = NULL;

      if (n == 0)
        continue;
      pieces = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d piece", "%d pieces", n), n);
      if (text->len > 0)
        g_string_append (text, " · ");
      g_string_append_printf (text, _("%s: %s"), player_name (self, p), pieces);
    }
  if (variant->setup->len > 0)
    g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, " · %u fixed piece",
                                               " · %u fixed pieces", variant->setup->len),
                            variant->setup->len);
  gtk_label_set_text (self->summary_label, text->str);
}

static void
update_actions (BsEditorView *self)
{
  gboolean has = self->document != NULL;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "editor.undo",
                                 has && bs_variant_document_get_can_undo (self->document));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "editor.redo",
                                 has && bs_variant_document_get_can_redo (self->document));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "editor.play",
                                 has && bs_variant_document_get_valid (self->document));
  /* An unfinished variant is saved too, as a draft. */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "editor.save", has);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "editor.save-as", has);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "editor.revert",
                                 has && bs_variant_document_get_modified (self->document));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "editor.fix-start",
                                 has && bs_variant_document_get_start_fixing (self->document,
                                                                              NULL, NULL)
                                        == BS_START_FIXABLE);
}

/* An option that only shapes the start the rules make (how many rows of
 * pieces) does nothing once the variant fixes those pieces: its row says
 * so and is greyed out, until a piece is placed by the rules again. */
static void
sync_start_only_row (BsEditorView *self,
                     int           index)
{
  const BsOptionSpec *spec = &self->module->options[index];
  GtkWidget *row = g_hash_table_lookup (self->option_rows, spec->id);
  BsRuleset *rs = bs_variant_document_get_ruleset (self->document);
  gboolean matters;

  if (row == NULL || !spec->start_only)
    return;
  matters = rs == NULL || bs_ruleset_option_matters (rs, index);
  gtk_widget_set_sensitive (row, matters);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row),
                               matters ? _(spec->description)
                                       : _("No effect now: every piece it would place is a "
                                           "fixed piece"));
}

static void
sync_from_document (BsEditorView *self)
{
  const BsVariant *variant;
  const BsBoardSpec *board;
  gboolean square_like;

  update_actions (self);
  if (self->document == NULL || self->module == NULL)
    return;
  variant = bs_variant_document_get_variant (self->document);
  board = &variant->board;
  self->syncing = TRUE;

  for (guint i = 0; i < self->n_shape_choices; i++)
    {
      const int c = self->shape_choice[i];

      if (shape_choices[c].shape == board->shape
          && (board->shape != BS_SHAPE_SQUARE || shape_choices[c].adjacency == board->adjacency))
        adw_combo_row_set_selected (self->shape_row, i);
    }
  square_like = board->shape == BS_SHAPE_SQUARE || board->shape == BS_SHAPE_HEX_RHOMBUS;
  gtk_widget_set_visible (self->width_row, square_like);
  gtk_widget_set_visible (self->height_row, square_like);
  gtk_widget_set_visible (self->size_row, !square_like);
  if (square_like)
    {
      set_spin (self, "width", board->width);
      set_spin (self, "height", board->height);
    }
  else
    set_spin (self, "size", board->size);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->size_row),
                                 board->shape == BS_SHAPE_LIMPING ? _("Short side")
                                                                  : _("Side"));

  for (int p = 1; p <= 2; p++)
    {
      g_autofree char *name_key = g_strdup_printf ("player%d.name", p);
      g_autofree char *color_key = g_strdup_printf ("player%d.color", p);
      GtkWidget *color = g_hash_table_lookup (self->edit_widgets, color_key);
      GdkRGBA rgba;

      g_autofree char *title = g_strdup_printf (p == 1 ? _("Player 1: %s") : _("Player 2: %s"),
                                                player_name (self, p));
      /* A group's title is markup: "Ann & Bo" is a name. */
      g_autofree char *title_markup = g_markup_escape_text (title, -1);

      adw_preferences_group_set_title (self->player_groups[p - 1], title_markup);
      set_entry (g_hash_table_lookup (self->edit_widgets, name_key), variant->players[p - 1].name);
      if (color != NULL && variant->players[p - 1].color != NULL
          && gdk_rgba_parse (&rgba, variant->players[p - 1].color))
        gtk_color_chooser_set_rgba (GTK_COLOR_CHOOSER (color), &rgba);
      for (guint k = 0; k < self->module->n_kinds && !self->module->unlimited_supply; k++)
        {
          g_autofree char *key = g_strdup_printf ("supply:%d:%s", p, self->module->kinds[k].id);
          int count = bs_variant_get_supply (variant, p, self->module->kinds[k].id);

          set_spin (self, key, count >= 0 ? count : self->module->kinds[k].default_supply);
        }
    }

  for (guint i = 0; i < self->module->n_options; i++)
    {
      const BsOptionSpec *spec = &self->module->options[i];
      g_autofree char *key = g_strdup_printf ("option:%s", spec->id);
      const char *text = bs_variant_document_get_option (self->document, spec->id);
      GtkWidget *widget = g_hash_table_lookup (self->edit_widgets, key);
      int value;

      if (widget == NULL || !bs_option_parse_value (spec, text, &value, NULL))
        continue;
      if (spec->type == BS_OPTION_BOOL)
        gtk_switch_set_active (GTK_SWITCH (widget), value != 0);
      else if (spec->type == BS_OPTION_INT)
        set_spin (self, key, value);
      else
        adw_combo_row_set_selected (ADW_COMBO_ROW (widget), (guint) value);
      sync_start_only_row (self, (int) i);
    }

  set_entry (self->name_row, variant->name);
  set_entry (self->author_row, variant->author);
  set_entry (self->description_row, variant->description);
  relabel_players (self);
  self->syncing = FALSE;

  update_summary (self);
  sync_start_rows (self);
  show_error (self);
}

static void
on_document_changed (BsEditorView *self)
{
  sync_from_document (self);
}

/* The settings start at the top for every variant (AdwPreferencesPage has
 * no call for it before libadwaita 1.3: its scrolled window is a child). */
static GtkScrolledWindow *
find_scrolled (GtkWidget *widget)
{
  if (GTK_IS_SCROLLED_WINDOW (widget))
    return GTK_SCROLLED_WINDOW (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkScrolledWindow *found = find_scrolled (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static void
scroll_to_top (BsEditorView *self)
{
  GtkScrolledWindow *scrolled = find_scrolled (GTK_WIDGET (self->page));

  if (scrolled != NULL)
    gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (scrolled), 0);
}

void
bs_editor_view_set_document (BsEditorView      *self,
                             BsVariantDocument *document)
{
  g_return_if_fail (BS_IS_EDITOR_VIEW (self));
  g_return_if_fail (document == NULL || BS_IS_VARIANT_DOCUMENT (document));

  if (self->document == document)
    return;
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_set_object (&self->document, document);
  if (document != NULL)
    {
      g_signal_connect_swapped (document, "changed", G_CALLBACK (on_document_changed), self);
      g_signal_connect_swapped (document, "notify::modified", G_CALLBACK (update_actions), self);
    }
  bs_editor_canvas_set_document (self->canvas, document);
  build_rows (self);
  sync_from_document (self);
  scroll_to_top (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DOCUMENT]);
}

BsVariantDocument *
bs_editor_view_get_document (BsEditorView *self)
{
  g_return_val_if_fail (BS_IS_EDITOR_VIEW (self), NULL);
  return self->document;
}

gboolean
bs_editor_view_get_modified (BsEditorView *self)
{
  g_return_val_if_fail (BS_IS_EDITOR_VIEW (self), FALSE);
  return self->document != NULL && bs_variant_document_get_modified (self->document);
}

GtkWidget *
bs_editor_view_get_canvas (BsEditorView *self)
{
  g_return_val_if_fail (BS_IS_EDITOR_VIEW (self), NULL);
  return GTK_WIDGET (self->canvas);
}

GtkWidget *
bs_editor_view_get_option_row (BsEditorView *self,
                               const char   *id)
{
  g_return_val_if_fail (BS_IS_EDITOR_VIEW (self), NULL);
  return g_hash_table_lookup (self->option_rows, id);
}

const char *
bs_editor_view_get_shown_error (BsEditorView  *self,
                                BsEditSection  section)
{
  g_return_val_if_fail (BS_IS_EDITOR_VIEW (self), NULL);
  g_return_val_if_fail (section < N_SECTIONS, NULL);

  if (!gtk_widget_get_visible (self->error_rows[section]))
    return NULL;
  return adw_preferences_row_get_title (ADW_PREFERENCES_ROW (self->error_rows[section]));
}

/* Saving. */

static gboolean
save_to (BsEditorView *self,
         const char   *path)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *message = NULL;

  if (g_mkdir_with_parents (dir, 0755) != 0
      || !bs_variant_document_save (self->document, path, &error))
    {
      message = g_strdup_printf (_("Could not save the variant: %s"),
                                 error != NULL ? error->message : g_strerror (errno));
      g_signal_emit (self, signals[MESSAGE], 0, message);
      return FALSE;
    }
  g_signal_emit (self, signals[SAVED], 0, path);
  return TRUE;
}

static void
on_changed_on_disk_response (AdwMessageDialog *dialog,
                             const char       *response,
                             BsPending        *pending)
{
  BsEditorView *self = pending->owner;
  g_autoptr(GError) error = NULL;
  gboolean saved = FALSE;

  g_signal_handlers_disconnect_by_data (dialog, pending);
  if (self->document != NULL && g_str_equal (response, "save"))
    {
      g_autofree char *path = g_strdup (bs_variant_document_get_path (self->document));

      saved = bs_variant_document_save_anyway (self->document, &error);
      if (saved)
        g_signal_emit (self, signals[SAVED], 0, path);
    }
  else if (self->document != NULL && g_str_equal (response, "reload"))
    {
      /* The file as it is now; the edits made here stay in the undo
       * history, so Undo brings them back. */
      bs_variant_document_revert (self->document, &error);
    }
  if (error != NULL)
    {
      g_autofree char *message = g_strdup_printf (_("Could not save the variant: %s"),
                                                  error->message);

      g_signal_emit (self, signals[MESSAGE], 0, message);
    }
  bs_pending_finish (pending, saved);
}

/* Another window or program wrote the file since it was opened or last
 * saved here: asked, as GNOME Text Editor does, before anything is lost. */
static void
ask_changed_on_disk (BsEditorView *self,
                     BsPending    *pending)
{
  GtkWidget *dialog;
  g_autofree char *base = g_path_get_basename (bs_variant_document_get_path (self->document));
  g_autofree char *body = NULL;

  body = g_strdup_printf (_("“%s” was changed by another window or program after you opened it. "
                            "Save Anyway replaces those changes with yours; Reload shows the "
                            "file as it is now, and Undo brings your edits back."), base);
  dialog = adw_message_dialog_new (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))),
                                   _("File Has Changed on Disk"), body);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "reload", _("_Reload"),
                                    "save", _("_Save Anyway"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "save",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect (dialog, "response", G_CALLBACK (on_changed_on_disk_response), pending);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Save: back to its file, or, for a new variant, into the user's variant
 * folder where the start view lists it. If the file changed on disk the
 * user is asked first and `pending` (the next step after "Save the
 * Variant?", none for a plain Save) goes on from the answer. */
static void
save (BsEditorView *self,
      BsPending    *pending)
{
  g_autofree char *path = NULL;

  if (self->document == NULL)
    {
      bs_pending_finish (pending, FALSE);
      return;
    }
  if (bs_variant_document_changed_on_disk (self->document))
    {
      ask_changed_on_disk (self, pending);
      return;
    }
  path = g_strdup (bs_variant_document_get_path (self->document));
  if (path == NULL)
    path = bs_variant_document_suggest_path (self->document);
  bs_pending_finish (pending, save_to (self, path));
}

static void
on_save_as_response (GtkNativeDialog *dialog,
                     int              response,
                     BsEditorView    *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = file != NULL ? g_file_get_path (file) : NULL;

      if (path != NULL)
        {
          bs_folders_remember (BS_FOLDER_VARIANTS, file);
          save_to (self, path);
        }
    }
  gtk_native_dialog_destroy (dialog);
  g_object_unref (dialog);
  g_object_unref (self);
}

static void
save_as (BsEditorView *self)
{
  GtkFileChooserNative *chooser;
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  g_autofree char *dir = bs_variant_document_user_dir ();
  const char *path;
  g_autoptr(GFile) folder = NULL;
  g_autofree char *base = NULL;

  if (self->document == NULL)
    return;
  chooser = gtk_file_chooser_native_new (_("Save Variant"),
                                         GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))),
                                         GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"), _("_Cancel"));
  gtk_file_filter_set_name (filter, _("Boardsmith variants"));
  gtk_file_filter_add_pattern (filter, "*.bsvariant");
  gtk_file_filter_add_pattern (filter, "*.xml");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  /* A saved variant starts at its own file; a new one where variants were
   * saved last, else in the user's variants folder, made if missing: Save
   * puts new variants there and the start page lists them. Never the
   * working directory. */
  path = bs_variant_document_get_path (self->document);
  if (path != NULL)
    {
      g_autofree char *parent = g_path_get_dirname (path);

      folder = g_file_new_for_path (parent);
      base = g_path_get_basename (path);
    }
  else
    {
      g_autofree char *suggested = bs_variant_document_suggest_path (self->document);

      g_mkdir_with_parents (dir, 0755);
      folder = bs_folders_get_initial (BS_FOLDER_VARIANTS);
      base = g_path_get_basename (suggested);
    }
  gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (chooser), folder, NULL);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), base);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect (chooser, "response", G_CALLBACK (on_save_as_response), g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

/* Opening another variant file for editing: read first, then asked
 * about the edits, so that edits made while it was read are asked about
 * too, and nothing is asked when the file cannot be opened. */

typedef struct {
  BsEditorView      *self;
  BsVariantDocument *document;
} Opened;

static void
opened_free (gpointer data)
{
  Opened *opened = data;

  g_object_unref (opened->self);
  g_object_unref (opened->document);
  g_free (opened);
}

static void
show_opened (gpointer owner,
             gpointer data)
{
  Opened *opened = data;

  bs_editor_view_set_document (opened->self, opened->document);
}

static void
on_document_opened (GObject      *source,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  g_autoptr(BsEditorView) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariantDocument) document = bs_variant_document_open_finish (result, &error);
  Opened *opened;

  /* A newer open, or the view going away, replaced this one. */
  if (g_cancellable_is_cancelled (g_task_get_cancellable (G_TASK (result))))
    return;
  g_clear_object (&self->opening);
  if (document == NULL)
    {
      g_autofree char *message = g_strdup_printf (_("Could not open the variant: %s"),
                                                  error->message);
      g_signal_emit (self, signals[MESSAGE], 0, message);
      return;
    }
  opened = g_new0 (Opened, 1);
  opened->self = g_object_ref (self);
  opened->document = g_steal_pointer (&document);
  bs_editor_view_confirm_discard_full (self, show_opened, opened, opened_free);
}

void
bs_editor_view_open_file (BsEditorView *self,
                          GFile        *file)
{
  g_autofree char *path = NULL;

  g_return_if_fail (BS_IS_EDITOR_VIEW (self));
  g_return_if_fail (G_IS_FILE (file));

  path = g_file_get_path (file);
  if (path == NULL)
    {
      g_autofree char *message = g_strdup_printf (_("Could not open the variant: %s"),
                                                  _("not a local file"));
      g_signal_emit (self, signals[MESSAGE], 0, message);
      return;
    }
  /* Read in a thread: a variant may be large, the window goes on. */
  if (self->opening != NULL)
    g_cancellable_cancel (self->opening);
  g_clear_object (&self->opening);
  self->opening = g_cancellable_new ();
  bs_variant_document_open_async (path, self->opening, on_document_opened, g_object_ref (self));
}

static void
on_open_response (GtkNativeDialog *dialog,
                  int              response,
                  BsEditorView    *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));

      if (file != NULL)
        {
          bs_folders_remember (BS_FOLDER_VARIANTS, file);
          bs_editor_view_open_file (self, file);
        }
    }
  gtk_native_dialog_destroy (dialog);
  g_object_unref (dialog);
  g_object_unref (self);
}

static void
open_activated (GtkWidget  *widget,
                const char *name,
                GVariant   *param)
{
  BsEditorView *self = BS_EDITOR_VIEW (widget);
  GtkFileChooserNative *chooser;
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  g_autoptr(GFile) folder = bs_folders_get_initial (BS_FOLDER_VARIANTS);

  chooser = gtk_file_chooser_native_new (_("Open Variant"),
                                         GTK_WINDOW (gtk_widget_get_root (widget)),
                                         GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"), _("_Cancel"));
  gtk_file_filter_set_name (filter, _("Boardsmith variants"));
  gtk_file_filter_add_pattern (filter, "*.bsvariant");
  gtk_file_filter_add_pattern (filter, "*.xml");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (chooser), folder, NULL);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect (chooser, "response", G_CALLBACK (on_open_response), g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

/* Unsaved changes. */

static void
on_discard_response (AdwMessageDialog *dialog,
                     const char       *response,
                     BsPending        *pending)
{
  gboolean go_on;

  /* Once answered, the dialog is done with `pending`. */
  g_signal_handlers_disconnect_by_data (dialog, pending);
  if (g_str_equal (response, "save"))
    {
      save (pending->owner, pending);     /* goes on once saved */
      return;
    }
  go_on = g_str_equal (response, "discard");
  bs_pending_finish (pending, go_on);
}

void
bs_editor_view_confirm_discard (BsEditorView  *self,
                                BsPendingFunc  then,
                                gpointer       data)
{
  bs_editor_view_confirm_discard_full (self, then, data, NULL);
}

void
bs_editor_view_confirm_discard_full (BsEditorView   *self,
                                     BsPendingFunc   then,
                                     gpointer        data,
                                     GDestroyNotify  destroy)
{
  BsPending *pending;
  GtkWidget *dialog;
  gboolean valid;

  g_return_if_fail (BS_IS_EDITOR_VIEW (self));
  g_return_if_fail (then != NULL);

  if (!bs_editor_view_get_modified (self))
    {
      bs_pending_run (self, then, data, destroy);
      return;
    }
  valid = bs_variant_document_get_valid (self->document);
  pending = bs_pending_new (self, then, data, destroy);
  dialog = adw_message_dialog_new (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))),
                                   _("Save the Variant?"),
                                   valid ? _("Your edits will be lost if you do not save them.")
                                         : _("Your edits will be lost if you do not save them. "
                                             "The variant still has errors: it is saved as a "
                                             "draft, to finish later."));
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "discard", _("_Discard"),
                                    "save", valid ? _("_Save") : _("_Save Draft"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "discard",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "save",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "save");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect (dialog, "response", G_CALLBACK (on_discard_response), pending);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Actions. */

static void
undo_activated (GtkWidget  *widget,
                const char *name,
                GVariant   *param)
{
  BsEditorView *self = BS_EDITOR_VIEW (widget);

  if (self->document != NULL)
    bs_variant_document_undo (self->document);
}

static void
redo_activated (GtkWidget  *widget,
                const char *name,
                GVariant   *param)
{
  BsEditorView *self = BS_EDITOR_VIEW (widget);

  if (self->document != NULL)
    bs_variant_document_redo (self->document);
}

static void
save_activated (GtkWidget  *widget,
                const char *name,
                GVariant   *param)
{
  BsEditorView *self = BS_EDITOR_VIEW (widget);

  save (self, bs_pending_new (self, NULL, NULL, NULL));
}

static void
save_as_activated (GtkWidget  *widget,
                   const char *name,
                   GVariant   *param)
{
  save_as (BS_EDITOR_VIEW (widget));
}

static void
revert_activated (GtkWidget  *widget,
                  const char *name,
                  GVariant   *param)
{
  BsEditorView *self = BS_EDITOR_VIEW (widget);
  g_autoptr(GError) error = NULL;

  if (self->document != NULL && !bs_variant_document_revert (self->document, &error))
    g_signal_emit (self, signals[MESSAGE], 0, error->message);
}

static void
play_activated (GtkWidget  *widget,
                const char *name,
                GVariant   *param)
{
  BsEditorView *self = BS_EDITOR_VIEW (widget);

  if (self->document != NULL && bs_variant_document_get_valid (self->document))
    g_signal_emit (self, signals[PLAY_REQUESTED], 0);
}

static void
fix_start_activated (GtkWidget  *widget,
                     const char *name,
                     GVariant   *param)
{
  BsEditorView *self = BS_EDITOR_VIEW (widget);
  guint n = 0;
  g_autofree char *message = NULL;

  if (self->document == NULL)
    return;
  bs_variant_document_get_start_fixing (self->document, &n, NULL);
  if (!bs_variant_document_fix_start (self->document))
    return;
  /* What comes next is taking pieces away. */
  bs_editor_view_set_paint (self, BS_PAINT_ERASE_PIECE, self->paint_special, self->paint_player,
                            self->paint_kind, self->paint_dir);
  /* Short: a toast in a phone's width shows about 30 characters. */
  message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                          "%u piece fixed: click it to take it away",
                                          "%u pieces fixed: click one to take it away", n), n);
  g_signal_emit (self, signals[MESSAGE], 0, message);
}

static void
help_activated (GtkWidget  *widget,
                const char *name,
                GVariant   *param)
{
  GtkWidget *dialog;

  dialog = adw_message_dialog_new (GTK_WINDOW (gtk_widget_get_root (widget)),
                                   _("Variant Editor"), NULL);
  adw_message_dialog_set_body (ADW_MESSAGE_DIALOG (dialog),
    _("The board shows the variant as it stands, errors included: a cell an error is about "
      "is ringed in red, and the error is written in the group it belongs to.\n\n"
      "Choose under Cells what a click on the board does: remove or restore cells, move a "
      "special cell, place or remove fixed pieces. Drag across the board to do it on every "
      "cell you pass. The arrow keys move a cursor over the board; Enter or Space acts "
      "there.\n\n"
      "Fix the Start Position, under Pieces and Handicaps, makes the pieces the rules place "
      "at the start fixed pieces, in one step: then take some away or move them, for a "
      "handicap.\n\n"
      "Ctrl+Z and Shift+Ctrl+Z undo and redo; a drag is one step. Ctrl+S saves: a variant "
      "with errors is saved as a draft, listed under Your Variants, to finish later. "
      "Play Test starts a game on the variant once it has no errors; the edit button in "
      "the header bar brings you back."));
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
emit_close (gpointer owner,
            gpointer data)
{
  g_signal_emit (owner, signals[CLOSE_REQUESTED], 0);
}

static void
close_activated (GtkWidget  *widget,
                 const char *name,
                 GVariant   *param)
{
  bs_editor_view_confirm_discard (BS_EDITOR_VIEW (widget), emit_close, NULL);
}

/* GObject. */

static void
bs_editor_view_dispose (GObject *object)
{
  BsEditorView *self = (BsEditorView *) object;

  on_stroke_end (self);
  if (self->opening != NULL)
    g_cancellable_cancel (self->opening);
  g_clear_object (&self->opening);
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_clear_object (&self->document);
  gtk_widget_dispose_template (GTK_WIDGET (self), BS_TYPE_EDITOR_VIEW);

  G_OBJECT_CLASS (bs_editor_view_parent_class)->dispose (object);
}

static void
bs_editor_view_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  BsEditorView *self = BS_EDITOR_VIEW (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      g_value_set_object (value, self->document);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bs_editor_view_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  BsEditorView *self = BS_EDITOR_VIEW (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      bs_editor_view_set_document (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bs_editor_view_finalize (GObject *object)
{
  BsEditorView *self = (BsEditorView *) object;

  g_clear_pointer (&self->paint_choices, g_array_unref);
  g_clear_pointer (&self->module_rows, g_ptr_array_unref);
  g_clear_pointer (&self->option_rows, g_hash_table_unref);
  g_clear_pointer (&self->edit_widgets, g_hash_table_unref);

  G_OBJECT_CLASS (bs_editor_view_parent_class)->finalize (object);
}

/* The toolbar's buttons whose label gives way to the icon alone. */
static const char * const toolbar_squeezers[] = {
  "save_squeezer", "balance_squeezer", "play_squeezer",
};

static void
bs_editor_view_class_init (BsEditorViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = bs_editor_view_dispose;
  object_class->finalize = bs_editor_view_finalize;
  object_class->get_property = bs_editor_view_get_property;
  object_class->set_property = bs_editor_view_set_property;

  /* The variant being edited; the shell keeps a copy of its unsaved edits
   * (bs-autosave.h). */
  properties[PROP_DOCUMENT] =
    g_param_spec_object ("document", NULL, NULL, BS_TYPE_VARIANT_DOCUMENT,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[PLAY_REQUESTED] =
    g_signal_new ("play-requested", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[CLOSE_REQUESTED] =
    g_signal_new ("close-requested", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[SAVED] =
    g_signal_new ("saved", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  signals[MESSAGE] =
    g_signal_new ("message", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_install_action (widget_class, "editor.undo", NULL, undo_activated);
  gtk_widget_class_install_action (widget_class, "editor.redo", NULL, redo_activated);
  gtk_widget_class_install_action (widget_class, "editor.save", NULL, save_activated);
  gtk_widget_class_install_action (widget_class, "editor.save-as", NULL, save_as_activated);
  gtk_widget_class_install_action (widget_class, "editor.revert", NULL, revert_activated);
  gtk_widget_class_install_action (widget_class, "editor.open", NULL, open_activated);
  gtk_widget_class_install_action (widget_class, "editor.play", NULL, play_activated);
  gtk_widget_class_install_action (widget_class, "editor.close", NULL, close_activated);
  gtk_widget_class_install_action (widget_class, "editor.help", NULL, help_activated);
  gtk_widget_class_install_action (widget_class, "editor.fix-start", NULL, fix_start_activated);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK,
                                       "editor.undo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z,
                                       GDK_CONTROL_MASK | GDK_SHIFT_MASK, "editor.redo", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, GDK_CONTROL_MASK,
                                       "editor.save", NULL);

  g_type_ensure (BS_TYPE_EDITOR_CANVAS);
  g_type_ensure (BS_TYPE_FOLD_BOX);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/boardsmith/Boardsmith/bs-editor-view.ui");
  gtk_widget_class_bind_template_child (widget_class, BsEditorView, canvas);
  gtk_widget_class_bind_template_child (widget_class, BsEditorView, hint_label);
  gtk_widget_class_bind_template_child (widget_class, BsEditorView, summary_label);
  gtk_widget_class_bind_template_child (widget_class, BsEditorView, status_icon);
  gtk_widget_class_bind_template_child (widget_class, BsEditorView, status_label);
  gtk_widget_class_bind_template_child (widget_class, BsEditorView, more_button);
  gtk_widget_class_bind_template_child (widget_class, BsEditorView, page);
  gtk_widget_class_bind_template_child (widget_class, BsEditorView, board_group);
  gtk_widget_class_bind_template_child (widget_class, BsEditorView, cells_group);
  gtk_widget_class_bind_template_child (widget_class, BsEditorView, pieces_group);
  gtk_widget_class_bind_template_child_full (widget_class, "player1_group", FALSE,
                                             G_STRUCT_OFFSET (BsEditorView, player_groups[0]));
  gtk_widget_class_bind_template_child_full (widget_class, "player2_group", FALSE,
                                             G_STRUCT_OFFSET (BsEditorView, player_groups[1]));
  gtk_widget_class_bind_template_child (widget_class, BsEditorView, options_group);
  gtk_widget_class_bind_template_child (widget_class, BsEditorView, metadata_group);
  gtk_widget_class_bind_template_child (widget_class, BsEditorView, shape_row);
  gtk_widget_class_bind_template_child (widget_class, BsEditorView, paint_row);
  gtk_widget_class_bind_template_child (widget_class, BsEditorView, name_row);
  gtk_widget_class_bind_template_child (widget_class, BsEditorView, author_row);
  gtk_widget_class_bind_template_child (widget_class, BsEditorView, description_row);
  for (guint i = 0; i < G_N_ELEMENTS (toolbar_squeezers); i++)
    gtk_widget_class_bind_template_child_full (widget_class, toolbar_squeezers[i], FALSE, 0);
  gtk_widget_class_bind_template_callback (widget_class, on_cell_activated);
  gtk_widget_class_bind_template_callback (widget_class, on_stroke_begin);
  gtk_widget_class_bind_template_callback (widget_class, on_stroke_end);
  gtk_widget_class_bind_template_callback (widget_class, on_name_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_author_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_description_changed);
}

static void
bs_editor_view_init (BsEditorView *self)
{
  AdwPreferencesGroup *groups[N_SECTIONS];

  gtk_widget_init_template (GTK_WIDGET (self));
  bs_entry_limit (GTK_WIDGET (self->name_row), BS_ENTRY_VARIANT_NAME);
  bs_entry_limit (GTK_WIDGET (self->author_row), BS_ENTRY_AUTHOR);
  bs_entry_limit (GTK_WIDGET (self->description_row), BS_ENTRY_DESCRIPTION);
  for (guint i = 0; i < G_N_ELEMENTS (toolbar_squeezers); i++)
    bs_adaptive_track_squeezer (ADW_SQUEEZER (
      gtk_widget_get_template_child (GTK_WIDGET (self), BS_TYPE_EDITOR_VIEW,
                                     toolbar_squeezers[i])));
  bs_menu_button_hide_tooltip_while_open (self->more_button);

  self->paint_choices = g_array_new (FALSE, TRUE, sizeof (PaintChoice));
  self->module_rows = g_ptr_array_new ();
  self->option_rows = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->edit_widgets = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  /* Errors without a better place show with the board. */
  groups[BS_EDIT_SECTION_NONE] = self->board_group;
  groups[BS_EDIT_SECTION_BOARD] = self->board_group;
  groups[BS_EDIT_SECTION_CELLS] = self->cells_group;
  groups[BS_EDIT_SECTION_PIECES] = self->pieces_group;
  groups[BS_EDIT_SECTION_OPTIONS] = self->options_group;
  groups[BS_EDIT_SECTION_METADATA] = self->metadata_group;
  for (int s = 0; s < N_SECTIONS; s++)
    {
      self->error_rows[s] = error_row ();
      adw_preferences_group_add (groups[s], self->error_rows[s]);
    }

  g_signal_connect_swapped (self->shape_row, "notify::selected",
                            G_CALLBACK (on_shape_changed), self);
  g_signal_connect_swapped (self->paint_row, "notify::selected",
                            G_CALLBACK (on_paint_changed), self);
  update_actions (self);
  update_hint (self);
}
