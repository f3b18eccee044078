/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-editor"

#include "config.h"

#include "bs-editor-view-private.h"

#include <glib/gi18n.h>

/* Painting. */

void
_bs_editor_view_update_hint (BsEditorView *self)
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

void
_bs_editor_view_update_paint_rows (BsEditorView *self)
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
  _bs_editor_view_update_hint (self);
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
  _bs_editor_view_update_paint_rows (self);
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
      if (owner != 0 && !has_fixed_pieces (self, owner)
          && _bs_editor_view_start_pieces (self, owner, NULL) > 0)
        /* TRANSLATORS: "Black has no fixed piece left: the rules place Black's
         * starting pieces again." */
        message = g_strdup_printf (_("%s has no fixed piece left: the rules place %s’s "
                                     "starting pieces again."),
                                   _bs_editor_view_player_name (self, owner),
                                   _bs_editor_view_player_name (self, owner));
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
      _bs_editor_view_emit_message (self, message);
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
                                           kind->id, kind->directed ? MAX (self->paint_dir,
                                                                           0) : -1);
        }
      break;
    case BS_PAINT_ERASE_PIECE:
      erase_piece (self, label);
      break;
    default:
      break;
    }
}

void
_bs_editor_view_on_cell_activated (BsEditorView *self,
                                   const char   *label)
{
  bs_editor_view_paint (self, label);
}

/* A press-drag-release on the board is one step of undo. */
void
_bs_editor_view_on_stroke_begin (BsEditorView *self)
{
  if (self->document == NULL)
    return;
  g_set_object (&self->stroke_document, self->document);
  self->stroke_hole = -1;
  self->stroke_told = FALSE;
  bs_variant_document_begin_group (self->stroke_document);
}

void
_bs_editor_view_on_stroke_end (BsEditorView *self)
{
  if (self->stroke_document == NULL)
    return;
  bs_variant_document_end_group (self->stroke_document);
  g_clear_object (&self->stroke_document);
}

void
_bs_editor_view_on_paint_changed (BsEditorView *self)
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
  _bs_editor_view_update_paint_rows (self);
}

void
_bs_editor_view_on_piece_choice_changed (BsEditorView *self)
{
  if (self->syncing)
    return;
  self->paint_player = (int) adw_combo_row_get_selected (ADW_COMBO_ROW (self->owner_row)) + 1;
  self->paint_kind = self->kind_row != NULL
                     ? (int) adw_combo_row_get_selected (ADW_COMBO_ROW (self->kind_row)) : 0;
  self->paint_dir = self->dir_row != NULL
                    ? (int) adw_combo_row_get_selected (ADW_COMBO_ROW (self->dir_row)) : 0;
  _bs_editor_view_update_paint_rows (self);
}
