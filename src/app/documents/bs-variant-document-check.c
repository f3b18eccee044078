/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-variant-document-check.c: what the variant being edited is worth:
 * whether it builds, which part its error is in and the cells it is about,
 * the preview shown meanwhile, and whether its start can become fixed
 * pieces. */
#define G_LOG_DOMAIN "boardsmith-editor"

#include "config.h"

#include "bs-variant-document.h"
#include "bs-variant-document-private.h"

#include <string.h>
#include <glib/gi18n.h>

#include "bs-error.h"
#include "bs-ruleset-sketch.h"

gboolean
bs_variant_document_builds (const BsVariant  *variant,
                            GError          **error)
{
  g_autoptr(BsRuleset) rs = bs_ruleset_new (variant, error);

  return rs != NULL;
}

static void
reset_options (BsVariant *variant)
{
  g_array_set_size (variant->options, 0);
}

/* Supplies put back to the module's defaults, or made generous (a board
 * larger than the default needs more pieces in a game that fills it). */
static void
reset_supplies (BsVariant      *variant,
                const BsModule *module,
                gboolean        generous)
{
  BsBoard *board = NULL;
  int n_cells = 0;

  if (generous)
    {
      board = bs_board_new (&variant->board, NULL, NULL);
      n_cells = board != NULL ? bs_board_n_cells (board) : 0;
      g_clear_pointer (&board, bs_board_unref);
    }
  for (int p = 0; p < 2; p++)
    {
      g_array_set_size (variant->players[p].supplies, 0);
      if (module->unlimited_supply)
        continue;
      for (guint k = 0; k < module->n_kinds; k++)
        bs_variant_set_supply (variant, p + 1, module->kinds[k].id,
                               generous ? MAX (n_cells, module->kinds[k].default_supply)
                                        : module->kinds[k].default_supply);
    }
}

static void
reset_specials (BsVariant      *variant,
                const BsModule *module)
{
  g_autoptr(BsVariant) defaults = bs_variant_new_for_module (module->id, NULL);

  g_array_set_size (variant->specials, 0);
  for (guint i = 0; defaults != NULL && i < defaults->specials->len; i++)
    {
      const BsVariantSpecial *s = &g_array_index (defaults->specials, BsVariantSpecial, i);
      BsVariantSpecial copy = { g_strdup (s->id), s->player, g_strdup (s->cell), 0 };

      g_array_append_val (variant->specials, copy);
    }
}

/* Which part of the variant the error is in: the first part whose reset
 * to the module's defaults makes the variant build. */
static BsEditSection
locate_error (const BsVariant *variant,
              const BsModule  *module,
              char           **option_id)
{
  g_autoptr(BsVariant) v = NULL;

  *option_id = NULL;
  if (module == NULL)
    return BS_EDIT_SECTION_NONE;

  if (!bs_board_spec_check (&variant->board, NULL)
      || (module->shapes & (1u << variant->board.shape)) == 0)
    return BS_EDIT_SECTION_BOARD;

  for (guint i = 0; i < variant->options->len; i++)
    {
      const BsVariantOption *o = &g_array_index (variant->options, BsVariantOption, i);
      int index = bs_module_option_index (module, o->id);
      int value;

      if (index < 0 || !bs_option_parse_value (&module->options[index], o->value, &value, NULL))
        {
          *option_id = g_strdup (o->id);
          return BS_EDIT_SECTION_OPTIONS;
        }
    }
  v = bs_variant_copy (variant);
  reset_options (v);
  if (bs_variant_document_builds (v, NULL))
    return BS_EDIT_SECTION_OPTIONS;

  g_clear_pointer (&v, bs_variant_free);
  v = bs_variant_copy (variant);
  reset_supplies (v, module, FALSE);
  if (bs_variant_document_builds (v, NULL))
    return BS_EDIT_SECTION_PIECES;
  reset_supplies (v, module, TRUE);
  if (bs_variant_document_builds (v, NULL))
    return BS_EDIT_SECTION_PIECES;

  g_clear_pointer (&v, bs_variant_free);
  v = bs_variant_copy (variant);
  g_array_set_size (v->setup, 0);
  g_array_set_size (v->holes, 0);
  reset_specials (v, module);
  if (bs_variant_document_builds (v, NULL))
    return BS_EDIT_SECTION_CELLS;
  /* Nests on the default cells may not fit a board of another size: the
   * board is what has to change then. */
  return BS_EDIT_SECTION_BOARD;
}

/* The closest variant that builds, for the preview. */
static BsRuleset *
build_preview (const BsVariant *variant,
               const BsModule  *module)
{
  g_autoptr(BsVariant) v = bs_variant_copy (variant);
  g_autoptr(BsVariant) defaults = NULL;
  BsRuleset *rs;

  if (module == NULL)
    return NULL;
  reset_options (v);
  if ((rs = bs_ruleset_new (v, NULL)) != NULL)
    return rs;
  reset_supplies (v, module, TRUE);
  if ((rs = bs_ruleset_new (v, NULL)) != NULL)
    return rs;
  g_array_set_size (v->setup, 0);
  if ((rs = bs_ruleset_new (v, NULL)) != NULL)
    return rs;
  /* Specials on holes: keep the holes the designer is painting, and show
   * the specials where they can be. */
  for (guint i = 0; i < v->specials->len;)
    {
      BsVariantSpecial *s = &g_array_index (v->specials, BsVariantSpecial, i);
      gboolean on_hole = FALSE;

      for (guint h = 0; h < v->holes->len; h++)
        on_hole |= g_strcmp0 (g_array_index (v->holes, BsVariantHole, h).label, s->cell) == 0;
      if (on_hole)
        g_array_remove_index (v->specials, i);
      else
        i++;
    }
  if ((rs = bs_ruleset_new (v, NULL)) != NULL)
    return rs;
  reset_specials (v, module);
  if ((rs = bs_ruleset_new (v, NULL)) != NULL)
    return rs;
  g_array_set_size (v->holes, 0);
  if ((rs = bs_ruleset_new (v, NULL)) != NULL)
    return rs;
  defaults = bs_variant_new_for_module (module->id, NULL);
  return defaults != NULL ? bs_ruleset_new (defaults, NULL) : NULL;
}

/* The cell of a special's module default, or NULL. */
static const char *
default_special_cell (const BsModule *module,
                      const char     *id,
                      int             player)
{
  int index = bs_module_special_index (module, id);

  if (index < 0 || player < 0 || player > 2)
    return NULL;
  return module->specials[index].default_cells[player];
}

static void
add_problem (GPtrArray  *cells,
             const char *label)
{
  for (guint i = 0; i < cells->len; i++)
    if (g_strcmp0 (g_ptr_array_index (cells, i), label) == 0)
      return;
  g_ptr_array_add (cells, g_strdup (label));
}

/* More items than this are not tried one by one (each try builds a
 * ruleset): a whole kind of item is blamed instead. */
#define MAX_PROBLEM_TRIES 64

/* The cells the error is about, for marking them on the board: the holes,
 * special cells and fixed pieces without which the variant would build —
 * one at a time first, else all of a kind (a module may take no hole at all).
 * Empty when the error has no place on the board (a size, a supply). */
static void
find_problem_cells (const BsVariant *variant,
                    const BsModule  *module,
                    GPtrArray       *cells)
{
  guint n_items = variant->holes->len + variant->specials->len + variant->setup->len;
  g_autoptr(BsVariant) v = NULL;

  if (module == NULL || n_items == 0)
    return;
  if (n_items <= MAX_PROBLEM_TRIES)
    {
      for (guint i = 0; i < variant->setup->len; i++)
        {
          v = bs_variant_copy (variant);
          g_array_remove_index (v->setup, i);
          if (bs_variant_document_builds (v, NULL))
            add_problem (cells, g_array_index (variant->setup, BsVariantPiece, i).cell);
          g_clear_pointer (&v, bs_variant_free);
        }
      for (guint i = 0; i < variant->specials->len; i++)
        {
          const BsVariantSpecial *s = &g_array_index (variant->specials, BsVariantSpecial, i);
          const char *home = default_special_cell (module, s->id, s->player);
          BsVariantSpecial *moved;

          if (home == NULL || g_strcmp0 (home, s->cell) == 0)
            continue;
          v = bs_variant_copy (variant);
          moved = &g_array_index (v->specials, BsVariantSpecial, i);
          g_free (moved->cell);
          moved->cell = g_strdup (home);
          if (bs_variant_document_builds (v, NULL))
            add_problem (cells, s->cell);
          g_clear_pointer (&v, bs_variant_free);
        }
      for (guint i = 0; i < variant->holes->len; i++)
        {
          v = bs_variant_copy (variant);
          g_array_remove_index (v->holes, i);
          if (bs_variant_document_builds (v, NULL))
            add_problem (cells, g_array_index (variant->holes, BsVariantHole, i).label);
          g_clear_pointer (&v, bs_variant_free);
        }
      if (cells->len > 0)
        return;
    }

  v = bs_variant_copy (variant);
  g_array_set_size (v->holes, 0);
  if (variant->holes->len > 0 && bs_variant_document_builds (v, NULL))
    for (guint i = 0; i < variant->holes->len; i++)
      add_problem (cells, g_array_index (variant->holes, BsVariantHole, i).label);
  g_clear_pointer (&v, bs_variant_free);
  v = bs_variant_copy (variant);
  g_array_set_size (v->setup, 0);
  if (variant->setup->len > 0 && bs_variant_document_builds (v, NULL))
    for (guint i = 0; i < variant->setup->len; i++)
      add_problem (cells, g_array_index (variant->setup, BsVariantPiece, i).cell);
  g_clear_pointer (&v, bs_variant_free);
  v = bs_variant_copy (variant);
  reset_specials (v, module);
  if (variant->specials->len > 0 && bs_variant_document_builds (v, NULL))
    for (guint i = 0; i < variant->specials->len; i++)
      {
        const BsVariantSpecial *s = &g_array_index (variant->specials, BsVariantSpecial, i);

        if (g_strcmp0 (default_special_cell (module, s->id, s->player), s->cell) != 0)
          add_problem (cells, s->cell);
      }
}

/* The start position of a ruleset that builds, fixed pieces only for a
 * simultaneous game: it draws its random start (pieces from a bag) only when a
 * game begins. */
static BsPosition *
preview_start (BsRuleset *rs)
{
  BsPosition *pos = bs_ruleset_new_position (rs, 0);
  const GArray *setup = rs->variant->setup;

  if (!bs_ruleset_is_simultaneous (rs))
    return pos;
  for (int c = 0; c < rs->n_cells; c++)
    {
      gboolean fixed = FALSE;

      for (guint i = 0; setup != NULL && i < setup->len && !fixed; i++)
        fixed = g_strcmp0 (g_array_index (setup, BsVariantPiece, i).cell,
                           bs_board_cell_label (rs->board, c)) == 0;
      if (!fixed)
        bs_position_set_cell (rs->zobrist, pos, c, BS_CELL_EMPTY, NULL);
    }
  return pos;
}

static gboolean
is_blank (const char *text)
{
  for (const char *p = text; p != NULL && *p != '\0'; p++)
    if (!g_ascii_isspace (*p))
      return FALSE;
  return TRUE;
}

/* What the variant is worth as it stands: the ruleset (when it builds), or
 * its error and where it is; the preview and the cells to mark. */
void
bs_variant_document_check (BsVariantDocument *self)
{
  const BsModule *module = bs_module_find (self->variant->module);
  g_autoptr(GError) error = NULL;
  BsRuleset *rs;

  g_clear_pointer (&self->ruleset, bs_ruleset_unref);
  g_clear_pointer (&self->preview, bs_ruleset_unref);
  g_clear_pointer (&self->preview_position, g_free);
  g_ptr_array_set_size (self->problem_cells, 0);
  self->preview_sketch = FALSE;
  g_clear_error (&self->error);
  g_clear_pointer (&self->error_option, g_free);
  self->error_section = BS_EDIT_SECTION_NONE;
  self->start_checked = FALSE;
  g_clear_error (&self->start_refusal);
  g_clear_pointer (&self->start_fixed, bs_variant_free);

  if (is_blank (self->variant->name))
    {
      g_set_error_literal (&error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_VALUE,
                           _("The variant needs a name"));
      self->error_section = BS_EDIT_SECTION_METADATA;
    }
  rs = bs_ruleset_new (self->variant, error == NULL ? &error : NULL);
  if (rs != NULL && error == NULL)
    self->ruleset = bs_ruleset_ref (rs);
  else if (self->error_section == BS_EDIT_SECTION_NONE)
    self->error_section = locate_error (self->variant, module, &self->error_option);

  /* The preview shows what was entered: the ruleset, or else a sketch of
   * the variant as it stands, with the cells the error is about. Only a
   * board that cannot be built at all falls back to the closest variant
   * that builds. */
  if (rs != NULL)
    {
      self->preview = rs;
      self->preview_position = preview_start (rs);
    }
  else
    {
      self->preview = bs_ruleset_new_sketch (self->variant, &self->preview_position, NULL);
      self->preview_sketch = self->preview != NULL;
      if (self->preview == NULL && (self->preview = build_preview (self->variant, module)) != NULL)
        self->preview_position = preview_start (self->preview);
      find_problem_cells (self->variant, module, self->problem_cells);
    }
  self->error = g_steal_pointer (&error);
}

/* The start position as fixed pieces. */

/* How many seeds are tried besides 0 to tell a random start (a bag drawn
 * from the seed) from one the rules always make the same. */
#define START_SEEDS 3

static void
check_start (BsVariantDocument *self)
{
  BsRuleset *rs = self->ruleset;
  const GArray *setup;
  g_autofree BsPosition *start = NULL;
  g_autofree guint8 *fixed = NULL;
  g_autoptr(BsVariant) candidate = NULL;
  g_autoptr(BsRuleset) candidate_rs = NULL;
  g_autofree BsPosition *again = NULL;
  guint n_pieces = 0;

  if (self->start_checked)
    return;
  self->start_checked = TRUE;
  self->start_new = 0;
  g_clear_error (&self->start_refusal);
  g_clear_pointer (&self->start_fixed, bs_variant_free);
  if (rs == NULL)
    {
      self->start_fixing = BS_START_INVALID;
      return;
    }

  /* What the variant fixes, cell by cell, as the ruleset writes it. */
  start = bs_ruleset_new_position (rs, 0);
  fixed = g_new0 (guint8, rs->n_cells);
  setup = rs->variant->setup;
  for (guint i = 0; i < setup->len; i++)
    {
      const BsVariantPiece *piece = &g_array_index (setup, BsVariantPiece, i);
      int cell = bs_board_find_cell (rs->board, piece->cell, NULL);
      int kind = bs_module_kind_index (rs->module, piece->kind);

      if (cell != BS_NO_CELL && kind >= 0)
        fixed[cell] = BS_CELL_MAKE (piece->player, kind, MAX (piece->dir, 0));
    }
  for (int c = 0; c < rs->n_cells; c++)
    if (start->cells[c] != BS_CELL_EMPTY)
      {
        n_pieces++;
        self->start_new += fixed[c] != start->cells[c];
      }
  if (n_pieces == 0)
    {
      self->start_fixing = BS_START_EMPTY;
      return;
    }
  if (self->start_new == 0)
    {
      self->start_fixing = BS_START_FIXED;
      return;
    }

  /* A start that changes with the seed is a draw, made anew for each
   * game: written down, every game would start from this one draw. */
  for (guint64 seed = 1; seed <= START_SEEDS; seed++)
    {
      g_autofree BsPosition *other = bs_ruleset_new_position (rs, seed);

      if (memcmp (other->cells, start->cells, (gsize) rs->n_cells) != 0)
        {
          self->start_fixing = BS_START_RANDOM;
          return;
        }
    }

  /* The rules must take the pieces and start exactly as before. */
  candidate = bs_ruleset_fix_position (rs, start);
  candidate_rs = bs_ruleset_new (candidate, &self->start_refusal);
  if (candidate_rs != NULL)
    again = bs_ruleset_new_position (candidate_rs, 0);
  if (candidate_rs != NULL
      && (candidate_rs->position_size != rs->position_size
          || !bs_position_equal (rs, start, again)))
    g_set_error_literal (&self->start_refusal, BS_VARIANT_ERROR, BS_VARIANT_ERROR_INVALID,
                         _("the rules would not start the same way with them"));
  if (self->start_refusal != NULL)
    {
      self->start_fixing = BS_START_REFUSED;
      return;
    }
  self->start_fixing = BS_START_FIXABLE;
  self->start_fixed = g_steal_pointer (&candidate);
}

BsStartFixing
bs_variant_document_get_start_fixing (BsVariantDocument  *self,
                                      guint              *n_pieces,
                                      const GError      **refusal)
{
  g_return_val_if_fail (BS_IS_VARIANT_DOCUMENT (self), BS_START_INVALID);

  check_start (self);
  if (n_pieces != NULL)
    *n_pieces = self->start_new;
  if (refusal != NULL)
    *refusal = self->start_refusal;
  return self->start_fixing;
}
