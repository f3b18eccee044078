/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-engine"

#include "config.h"

#include "bs-ruleset-sketch.h"

#include <glib/gi18n-lib.h>

#include "bs-error.h"

/* The position of a label on the sketch's board, or BS_NO_CELL when it is
 * a hole, off the shape or no label at all. */
static int
sketch_cell (const BsRuleset *rs,
             const char      *label)
{
  return label != NULL ? bs_board_find_cell (rs->board, label, NULL) : BS_NO_CELL;
}

BsRuleset *
bs_ruleset_new_sketch (const BsVariant  *variant,
                       BsPosition      **start,
                       GError          **error)
{
  const BsModule *module;
  g_autoptr(GPtrArray) holes = g_ptr_array_new ();
  g_autoptr(BsBoard) full = NULL;
  BsRuleset *rs;
  BsPosition *pos;

  g_return_val_if_fail (variant != NULL, NULL);
  g_return_val_if_fail (start != NULL, NULL);

  *start = NULL;
  module = variant->module != NULL ? bs_module_find (variant->module) : NULL;
  if (module == NULL)
    {
      g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_UNKNOWN,
                   _("unknown rule module \"%s\""), variant->module != NULL ? variant->module : "");
      return NULL;
    }

  /* Holes that are on the shape, each once. */
  full = bs_board_new (&variant->board, NULL, error);
  if (full == NULL)
    return NULL;
  for (guint i = 0; i < variant->holes->len; i++)
    {
      const char *label = g_array_index (variant->holes, BsVariantHole, i).label;
      gboolean seen = FALSE;

      if (bs_board_find_cell (full, label, NULL) == BS_NO_CELL)
        continue;
      for (guint j = 0; j < holes->len && !seen; j++)
        seen = g_strcmp0 (g_ptr_array_index (holes, j), label) == 0;
      if (!seen)
        g_ptr_array_add (holes, (gpointer) label);
    }
  g_ptr_array_add (holes, NULL);

  rs = g_atomic_rc_box_new0 (BsRuleset);
  rs->module = module;
  rs->variant = bs_variant_copy (variant);
  rs->board = bs_board_new (&variant->board, (const char * const *) holes->pdata, error);
  if (rs->board == NULL)
    {
      bs_ruleset_unref (rs);
      return NULL;
    }
  rs->n_cells = bs_board_n_cells (rs->board);
  rs->n_dirs = bs_board_n_dirs (rs->board);
  rs->neighbours = bs_board_neighbours (rs->board);

  /* Options: the module's defaults, and each value that parses. */
  for (guint i = 0; i < module->n_options && i < BS_MAX_OPTIONS; i++)
    rs->options[i] = bs_module_option_default (module, (int) i, &variant->board);
  for (guint i = 0; i < variant->options->len; i++)
    {
      const BsVariantOption *o = &g_array_index (variant->options, BsVariantOption, i);
      int index = bs_module_option_index (module, o->id);
      int value;

      if (index >= 0 && index < BS_MAX_OPTIONS
          && bs_option_parse_value (&module->options[index], o->value, &value, NULL))
        rs->options[index] = value;
    }

  /* Supplies, held to what a position can count. */
  for (int p = 0; p < 2; p++)
    for (guint k = 0; k < module->n_kinds && k < BS_MAX_KINDS; k++)
      {
        int count = module->unlimited_supply ? BS_SUPPLY_UNLIMITED : module->kinds[k].default_supply;

        if (!module->unlimited_supply)
          {
            int set = bs_variant_get_supply (variant, p + 1, module->kinds[k].id);

            if (set >= 0)
              count = MIN (set, BS_MAX_SUPPLY);
          }
        rs->supply[p][k] = (guint16) count;
      }

  /* Specials that land on a cell. */
  for (guint i = 0; i < G_N_ELEMENTS (rs->specials); i++)
    for (int p = 0; p < 3; p++)
      rs->specials[i][p] = BS_NO_CELL;
  for (guint i = 0; i < variant->specials->len; i++)
    {
      const BsVariantSpecial *s = &g_array_index (variant->specials, BsVariantSpecial, i);
      int index = bs_module_special_index (module, s->id);
      int cell = sketch_cell (rs, s->cell);

      if (index < 0 || index >= (int) G_N_ELEMENTS (rs->specials) || cell == BS_NO_CELL
          || s->player < 0 || s->player > 2
          || (module->specials[index].per_player ? s->player == 0 : s->player != 0))
        continue;
      rs->specials[index][s->player] = cell;
    }

  rs->zobrist = g_new0 (guint64, (gsize) rs->n_cells * BS_CELL_VALUES);
  rs->position_size = (BS_POSITION_HEADER_SIZE + rs->n_cells + 7) & ~(gsize) 7;
  rs->max_changes = 2 * rs->n_cells + 8;
  rs->undo_size = sizeof (BsUndo) + rs->max_changes * sizeof (BsUndoEntry);

  /* The start: fixed pieces that land on a cell, and the supplies. */
  pos = g_malloc0 (rs->position_size);
  pos->to_move = 1;
  for (int p = 0; p < 2; p++)
    for (guint k = 0; k < module->n_kinds && k < BS_MAX_KINDS; k++)
      pos->supply[p][k] = rs->supply[p][k];
  for (guint i = 0; i < variant->setup->len; i++)
    {
      const BsVariantPiece *piece = &g_array_index (variant->setup, BsVariantPiece, i);
      int kind = bs_module_kind_index (module, piece->kind);
      int cell = sketch_cell (rs, piece->cell);
      int dir = kind >= 0 && module->kinds[kind].directed ? CLAMP (piece->dir, 0, 3) : 0;

      if (kind < 0 || kind >= BS_MAX_KINDS || cell == BS_NO_CELL
          || (piece->player != 1 && piece->player != 2))
        continue;
      bs_position_set_cell (rs->zobrist, pos, cell, BS_CELL_MAKE (piece->player, kind, dir), NULL);
    }
  *start = pos;
  return rs;
}
