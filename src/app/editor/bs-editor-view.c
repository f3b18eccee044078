/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-editor"

#include "config.h"

#include "bs-editor-view.h"
#include "bs-editor-view-private.h"

#include <glib/gi18n.h>

#include "bs-adaptive.h"
#include "bs-fold-box.h"
#include "bs-entry-limit.h"
#include "bs-text.h"
#include "bs-widgets.h"

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

/* Told by the pieces (bs-editor-view-private.h). */

void
_bs_editor_view_emit_message (BsEditorView *self,
                              const char   *message)
{
  g_signal_emit (self, signals[MESSAGE], 0, message);
}

void
_bs_editor_view_emit_saved (BsEditorView *self,
                            const char   *path)
{
  g_signal_emit (self, signals[SAVED], 0, path);
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
int
_bs_editor_view_supply_of (BsEditorView *self,
                           int           player,
                           guint         kind)
{
  const BsVariant *variant = bs_variant_document_get_variant (self->document);
  int count = bs_variant_get_supply (variant, player, self->module->kinds[kind].id);

  return count >= 0 ? count : self->module->kinds[kind].default_supply;
}

/* A player's pieces on the board at the start as the preview shows it,
 * and how many of them are fixed pieces. */
int
_bs_editor_view_start_pieces (BsEditorView *self,
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

void
_bs_editor_view_sync_start_rows (BsEditorView *self)
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
      n = _bs_editor_view_start_pieces (self, p, &fixed);
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
          int count = _bs_editor_view_supply_of (self, p, k);

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
        g_string_append_printf (text, _("%s: %s (%s)"), _bs_editor_view_player_name (self, p),
                                pieces, kinds->str);
      else
        /* TRANSLATORS: a player and their pieces: "Light: 12 pieces". */
        g_string_append_printf (text, _("%s: %s"), _bs_editor_view_player_name (self, p), pieces);
    }
  /* Without supplies, a side's pieces are those on the board at the start. */
  for (int p = 1; p <= 2 && self->module->unlimited_supply; p++)
    {
      int n = _bs_editor_view_start_pieces (self, p, NULL);
      g_autofree char *pieces = NULL;

      if (n == 0)
        continue;
      pieces = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d piece", "%d pieces", n), n);
      if (text->len > 0)
        g_string_append (text, " · ");
      g_string_append_printf (text, _("%s: %s"), _bs_editor_view_player_name (self, p), pieces);
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

  _bs_editor_view_sync_shape_row (self, board);
  square_like = board->shape == BS_SHAPE_SQUARE || board->shape == BS_SHAPE_HEX_RHOMBUS;
  gtk_widget_set_visible (self->width_row, square_like);
  gtk_widget_set_visible (self->height_row, square_like);
  gtk_widget_set_visible (self->size_row, !square_like);
  if (square_like)
    {
      _bs_editor_view_set_spin (self, "width", board->width);
      _bs_editor_view_set_spin (self, "height", board->height);
    }
  else
    _bs_editor_view_set_spin (self, "size", board->size);
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
                                                _bs_editor_view_player_name (self, p));
      /* A group's title is markup: "Ann & Bo" is a name. */
      g_autofree char *title_markup = g_markup_escape_text (title, -1);

      adw_preferences_group_set_title (self->player_groups[p - 1], title_markup);
      _bs_editor_view_set_entry (g_hash_table_lookup (self->edit_widgets, name_key),
                                 variant->players[p - 1].name);
      if (color != NULL && variant->players[p - 1].color != NULL
          && gdk_rgba_parse (&rgba, variant->players[p - 1].color))
        gtk_color_chooser_set_rgba (GTK_COLOR_CHOOSER (color), &rgba);
      for (guint k = 0; k < self->module->n_kinds && !self->module->unlimited_supply; k++)
        {
          g_autofree char *key = g_strdup_printf ("supply:%d:%s", p, self->module->kinds[k].id);
          int count = bs_variant_get_supply (variant, p, self->module->kinds[k].id);

          _bs_editor_view_set_spin (self, key,
                                    count >= 0 ? count : self->module->kinds[k].default_supply);
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
        _bs_editor_view_set_spin (self, key, value);
      else
        adw_combo_row_set_selected (ADW_COMBO_ROW (widget), (guint) value);
      sync_start_only_row (self, (int) i);
    }

  _bs_editor_view_set_entry (self->name_row, variant->name);
  _bs_editor_view_set_entry (self->author_row, variant->author);
  _bs_editor_view_set_entry (self->description_row, variant->description);
  _bs_editor_view_relabel_players (self);
  self->syncing = FALSE;

  update_summary (self);
  _bs_editor_view_sync_start_rows (self);
  show_error (self);
}

static void
on_document_changed (BsEditorView *self)
{
  _bs_editor_view_drop_stale_notes (self);
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
  _bs_editor_view_build_rows (self);
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

  _bs_editor_view_on_stroke_end (self);
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
  gtk_widget_class_install_action (widget_class, "editor.save", NULL,
                                   _bs_editor_view_save_activated);
  gtk_widget_class_install_action (widget_class, "editor.save-as", NULL,
                                   _bs_editor_view_save_as_activated);
  gtk_widget_class_install_action (widget_class, "editor.revert", NULL,
                                   _bs_editor_view_revert_activated);
  gtk_widget_class_install_action (widget_class, "editor.open", NULL,
                                   _bs_editor_view_open_activated);
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
  gtk_widget_class_bind_template_callback_full (widget_class, "on_cell_activated",
                                                G_CALLBACK (_bs_editor_view_on_cell_activated));
  gtk_widget_class_bind_template_callback_full (widget_class, "on_stroke_begin",
                                                G_CALLBACK (_bs_editor_view_on_stroke_begin));
  gtk_widget_class_bind_template_callback_full (widget_class, "on_stroke_end",
                                                G_CALLBACK (_bs_editor_view_on_stroke_end));
  gtk_widget_class_bind_template_callback_full (widget_class, "on_name_changed",
                                                G_CALLBACK (_bs_editor_view_on_name_changed));
  gtk_widget_class_bind_template_callback_full (widget_class, "on_author_changed",
                                                G_CALLBACK (_bs_editor_view_on_author_changed));
  gtk_widget_class_bind_template_callback_full (
    widget_class, "on_description_changed",
    G_CALLBACK (_bs_editor_view_on_description_changed));
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
      self->error_rows[s] = _bs_editor_view_error_row ();
      adw_preferences_group_add (groups[s], self->error_rows[s]);
    }

  g_signal_connect_swapped (self->shape_row, "notify::selected",
                            G_CALLBACK (_bs_editor_view_on_shape_changed), self);
  g_signal_connect_swapped (self->paint_row, "notify::selected",
                            G_CALLBACK (_bs_editor_view_on_paint_changed), self);
  update_actions (self);
  _bs_editor_view_update_hint (self);
}
