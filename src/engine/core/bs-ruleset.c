/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-engine"

#include "config.h"

#include <stddef.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "bs-bitboard.h"
#include "bs-error.h"
#include "bs-ruleset.h"

#define ZOBRIST_SEED G_GUINT64_CONSTANT (0xB0A2D5317A5E11ED)

/* Prefixes an error from a lower layer with the variant's file and line. */
static void
prefix_error (GError          **error,
              const BsVariant  *variant,
              int               line)
{
  g_autofree char *where = NULL;

  if (error == NULL || *error == NULL)
    return;
  where = bs_variant_where (variant, line);
  /* A module may already have named a more precise line (Tribes names the
   * players' line): keep its location rather than adding a second one. */
  if (*where != '\0' && variant->filename != NULL &&
      g_str_has_prefix ((*error)->message, variant->filename) &&
      (*error)->message[strlen (variant->filename)] == ':')
    return;
  if (*where != '\0')
    g_prefix_error (error, "%s", where);
}

static gboolean
fail (GError          **error,
      int               code,
      const BsVariant  *variant,
      int               line,
      const char       *format,
      ...) G_GNUC_PRINTF (5, 6);

static gboolean
fail (GError          **error,
      int               code,
      const BsVariant  *variant,
      int               line,
      const char       *format,
      ...)
{
  g_autofree char *message = NULL;
  g_autofree char *where = bs_variant_where (variant, line);
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (error, BS_VARIANT_ERROR, code, "%s%s", where, message);
  return FALSE;
}

static char *
describe_shapes (guint mask)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < BS_N_SHAPES; i++)
    if (mask & (1u << i))
      g_string_append_printf (s, "%s%s", s->len ? ", " : "", bs_shape_to_string ((BsShape) i));
  return g_string_free (s, FALSE);
}

static gboolean
check_board (const BsModule   *module,
             const BsVariant  *variant,
             GError          **error)
{
  const BsBoardSpec *spec = &variant->board;
  int line = variant->board_line;
  g_autoptr(GError) local_error = NULL;

  if (!bs_board_spec_check (spec, &local_error))
    return fail (error, local_error->code, variant, line, "%s", local_error->message);
  if (!(module->shapes & (1u << spec->shape)))
    {
      g_autofree char *shapes = describe_shapes (module->shapes);
      return fail (error, BS_VARIANT_ERROR_INVALID, variant, line,
                   /* Translators: module, board shape, the shapes it is played on. */
                   _("%s is not played on a %s board (it is played on: %s)"),
                   module->id, bs_shape_to_string (spec->shape), shapes);
    }
  if (spec->shape == BS_SHAPE_SQUARE && module->square_adjacency != 0 &&
      spec->adjacency != module->square_adjacency)
    return fail (error, BS_VARIANT_ERROR_INVALID, variant, line,
                 _("%s needs a square board with adjacency %d, not %d"),
                 module->id, module->square_adjacency, spec->adjacency);
  if (spec->shape == BS_SHAPE_SQUARE || spec->shape == BS_SHAPE_HEX_RHOMBUS)
    {
      if (spec->width < module->min_side || spec->width > module->max_side)
        return fail (error, BS_VARIANT_ERROR_VALUE, variant, line,
                     _("board width %d is out of range for %s (%d to %d)"),
                     spec->width, module->id, module->min_side, module->max_side);
      if (spec->height < module->min_side || spec->height > module->max_side)
        return fail (error, BS_VARIANT_ERROR_VALUE, variant, line,
                     _("board height %d is out of range for %s (%d to %d)"),
                     spec->height, module->id, module->min_side, module->max_side);
    }
  else if (spec->size < module->min_size || spec->size > module->max_size)
    return fail (error, BS_VARIANT_ERROR_VALUE, variant, line,
                 _("board size %d is out of range for %s (%d to %d)"),
                 spec->size, module->id, module->min_size, module->max_size);
  return TRUE;
}

/* A special cell's label as the subject of an error ("nest" in "nest i9 is
 * on a hole"): lowercased where the language does so, kept where it does
 * not (German nouns). */
static char *
special_in_phrase (const BsSpecialSpec *spec)
{
  const char *label = g_dgettext (GETTEXT_PACKAGE, spec->label);

  /* Translators: "lowercase" if a special cell's label ("Nest") is written
   * in lowercase at the start of an error such as "nest i9 is on a hole";
   * anything else keeps it as it is (German nouns). Not shown. */
  if (g_str_equal (C_("special cell in a phrase", "lowercase"), "lowercase"))
    return g_utf8_strdown (label, -1);
  return g_strdup (label);
}

/* A cell label of the variant, checked against the board: on the shape,
 * not a hole. `what` is translated: the editor shows these messages. */
static int
resolve_cell (const BsBoard    *board,
              const BsVariant  *variant,
              int               line,
              const char       *what,
              const char       *label,
              GError          **error)
{
  gboolean is_hole = FALSE;
  int cell = bs_board_find_cell (board, label, &is_hole);
  int col, row;

  if (cell != BS_NO_CELL)
    return cell;
  if (is_hole)
    /* Translators: "nest i9 is on a hole": what is placed (a setup piece, a
     * special cell's name), then its cell. */
    fail (error, BS_VARIANT_ERROR_INVALID, variant, line, _("%s %s is on a hole"), what, label);
  else if (!bs_board_parse_label (label, &col, &row))
    /* Translators: "setup piece \"4d\" is not a cell label": what is placed
     * (a hole, a setup piece, a special cell's name), then what was given. */
    fail (error, BS_VARIANT_ERROR_VALUE, variant, line, _("%s \"%s\" is not a cell label"),
          what, label);
  else
    /* Translators: "hole h2 is not on the board": what is placed (a hole, a
     * setup piece, a special cell's name), then its cell. */
    fail (error, BS_VARIANT_ERROR_UNKNOWN, variant, line, _("%s %s is not on the board"),
          what, label);
  return BS_NO_CELL;
}

static BsBoard *
build_board (const BsVariant  *variant,
             GError          **error)
{
  g_autoptr(BsBoard) full = NULL;
  g_autoptr(GPtrArray) labels = g_ptr_array_new ();
  GError *local_error = NULL;
  BsBoard *board;

  /* Check each hole against the full shape first, to name its line. */
  full = bs_board_new (&variant->board, NULL, &local_error);
  if (full == NULL)
    {
      g_propagate_error (error, local_error);
      prefix_error (error, variant, variant->board_line);
      return NULL;
    }
  for (guint i = 0; i < variant->holes->len; i++)
    {
      const BsVariantHole *hole = &g_array_index (variant->holes, BsVariantHole, i);

      if (resolve_cell (full, variant, hole->line,
                        /* Translators: the subject of "hole h2 is not on the board". */
                        C_("variant error", "hole"), hole->label, error) == BS_NO_CELL)
        return NULL;
      for (guint j = 0; j < i; j++)
        if (g_strcmp0 (g_array_index (variant->holes, BsVariantHole, j).label, hole->label) == 0)
          {
            fail (error, BS_VARIANT_ERROR_DUPLICATE, variant, hole->line,
                  _("hole %s is listed twice"), hole->label);
            return NULL;
          }
      g_ptr_array_add (labels, hole->label);
    }
  g_ptr_array_add (labels, NULL);

  board = bs_board_new (&variant->board, (const char * const *) labels->pdata, &local_error);
  if (board == NULL)
    {
      g_propagate_error (error, local_error);
      prefix_error (error, variant, variant->board_line);
    }
  return board;
}

static gboolean
resolve_options (BsRuleset  *rs,
                 GError    **error)
{
  const BsModule *module = rs->module;
  const BsVariant *variant = rs->variant;

  for (guint i = 0; i < module->n_options; i++)
    rs->options[i] = bs_module_option_default (module, (int) i, &variant->board);

  for (guint i = 0; i < variant->options->len; i++)
    {
      const BsVariantOption *o = &g_array_index (variant->options, BsVariantOption, i);
      int index = bs_module_option_index (module, o->id);
      g_autoptr(GError) local_error = NULL;

      if (index < 0)
        {
          GString *known = g_string_new (NULL);
          for (guint k = 0; k < module->n_options; k++)
            g_string_append_printf (known, "%s%s", k ? ", " : "", module->options[k].id);
          fail (error, BS_VARIANT_ERROR_UNKNOWN, variant, o->line,
                _("unknown option \"%s\" for %s (its options: %s)"), o->id, module->id, known->str);
          g_string_free (known, TRUE);
          return FALSE;
        }
      for (guint j = 0; j < i; j++)
        if (g_strcmp0 (g_array_index (variant->options, BsVariantOption, j).id, o->id) == 0)
          return fail (error, BS_VARIANT_ERROR_DUPLICATE, variant, o->line,
                       _("option %s is set twice"), o->id);
      if (!bs_option_parse_value (&module->options[index], o->value, &rs->options[index], &local_error))
        return fail (error, local_error->code, variant, o->line, "%s", local_error->message);
    }

  rs->max_plies = 0;
  {
    int index = bs_module_option_index (module, "max-plies");
    if (index >= 0)
      rs->max_plies = rs->options[index];
  }
  return TRUE;
}

static gboolean
resolve_supplies (BsRuleset  *rs,
                  GError    **error)
{
  const BsModule *module = rs->module;
  const BsVariant *variant = rs->variant;

  for (int p = 0; p < 2; p++)
    {
      const BsVariantPlayer *player = &variant->players[p];

      for (guint k = 0; k < module->n_kinds; k++)
        rs->supply[p][k] = module->unlimited_supply ? BS_SUPPLY_UNLIMITED
                                                    : (guint16) module->kinds[k].default_supply;
      for (guint i = 0; i < player->supplies->len; i++)
        {
          const BsVariantSupply *s = &g_array_index (player->supplies, BsVariantSupply, i);
          int k = bs_module_kind_index (module, s->kind);

          if (k < 0)
            return fail (error, BS_VARIANT_ERROR_UNKNOWN, variant, s->line,
                         _("unknown piece kind \"%s\" for %s"), s->kind, module->id);
          if (module->unlimited_supply)
            return fail (error, BS_VARIANT_ERROR_INVALID, variant, s->line,
                         _("%s has unlimited supplies: a supply of \"%s\" cannot be set"),
                         module->id, s->kind);
          if (s->count < 0 || s->count > BS_MAX_SUPPLY)
            return fail (error, BS_VARIANT_ERROR_VALUE, variant, s->line,
                         _("supply of %s for player %d: %d is out of range (0 to %d)"),
                         s->kind, p + 1, s->count, BS_MAX_SUPPLY);
          for (guint j = 0; j < i; j++)
            if (g_strcmp0 (g_array_index (player->supplies, BsVariantSupply, j).kind, s->kind) == 0)
              return fail (error, BS_VARIANT_ERROR_DUPLICATE, variant, s->line,
                           _("supply of %s for player %d is set twice"), s->kind, p + 1);
          rs->supply[p][k] = (guint16) s->count;
        }
    }
  return TRUE;
}

static gboolean
resolve_specials (BsRuleset  *rs,
                  GError    **error)
{
  const BsModule *module = rs->module;
  const BsVariant *variant = rs->variant;

  for (guint i = 0; i < G_N_ELEMENTS (rs->specials); i++)
    for (int p = 0; p < 3; p++)
      rs->specials[i][p] = BS_NO_CELL;

  for (guint i = 0; i < variant->specials->len; i++)
    {
      const BsVariantSpecial *s = &g_array_index (variant->specials, BsVariantSpecial, i);
      int index = bs_module_special_index (module, s->id);
      g_autofree char *what = NULL;
      int cell;

      if (index < 0 || index >= (int) G_N_ELEMENTS (rs->specials))
        return fail (error, BS_VARIANT_ERROR_UNKNOWN, variant, s->line,
                     _("unknown special cell \"%s\" for %s"), s->id, module->id);
      if (module->specials[index].per_player ? (s->player != 1 && s->player != 2) : s->player != 0)
        return fail (error, BS_VARIANT_ERROR_VALUE, variant, s->line,
                     module->specials[index].per_player
                     ? _("special %s needs a player 1 or 2, not %d")
                     : _("special %s belongs to no player (player %d given)"),
                     s->id, s->player);
      what = special_in_phrase (&module->specials[index]);
      cell = resolve_cell (rs->board, variant, s->line, what, s->cell, error);
      if (cell == BS_NO_CELL)
        return FALSE;
      if (rs->specials[index][s->player] != BS_NO_CELL)
        return fail (error, BS_VARIANT_ERROR_DUPLICATE, variant, s->line,
                     /* Translators: %s is a special cell (nest). */
                     s->player ? _("%s of player %d is set twice") : _("%s is set twice"),
                     s->id, s->player);
      rs->specials[index][s->player] = cell;
    }

  for (guint i = 0; i < module->n_specials; i++)
    {
      const BsSpecialSpec *spec = &module->specials[i];
      if (!spec->required)
        continue;
      for (int p = spec->per_player ? 1 : 0; p <= (spec->per_player ? 2 : 0); p++)
        if (rs->specials[i][p] == BS_NO_CELL)
          return fail (error, BS_VARIANT_ERROR_INVALID, variant, variant->board_line,
                       /* Translators: rule module (tribes), then a special cell (nest). */
                       p ? _("%s needs a %s for player %d") : _("%s needs a %s"),
                       module->id, spec->id, p);
    }
  return TRUE;
}

static gboolean
check_setup (BsRuleset  *rs,
             GError    **error)
{
  const BsModule *module = rs->module;
  const BsVariant *variant = rs->variant;
  g_autofree guint8 *used = g_new0 (guint8, rs->n_cells);

  for (guint i = 0; i < variant->setup->len; i++)
    {
      const BsVariantPiece *piece = &g_array_index (variant->setup, BsVariantPiece, i);
      int kind = bs_module_kind_index (module, piece->kind);
      int cell;

      if (kind < 0)
        return fail (error, BS_VARIANT_ERROR_UNKNOWN, variant, piece->line,
                     _("unknown piece kind \"%s\" for %s"), piece->kind, module->id);
      if (piece->player != 1 && piece->player != 2)
        return fail (error, BS_VARIANT_ERROR_VALUE, variant, piece->line,
                     _("setup piece player %d must be 1 or 2"), piece->player);
      if (module->kinds[kind].directed && (piece->dir < 0 || piece->dir > 3))
        return fail (error, BS_VARIANT_ERROR_VALUE, variant, piece->line,
                     _("a %s needs a direction (N, E, S or W)"), piece->kind);
      if (!module->kinds[kind].directed && piece->dir >= 0)
        return fail (error, BS_VARIANT_ERROR_VALUE, variant, piece->line,
                     _("a %s has no direction"), piece->kind);
      cell = resolve_cell (rs->board, variant, piece->line,
                           /* Translators: the subject of "setup piece i4 is not on the board". */
                           C_("variant error", "setup piece"), piece->cell, error);
      if (cell == BS_NO_CELL)
        return FALSE;
      if (used[cell]++)
        return fail (error, BS_VARIANT_ERROR_DUPLICATE, variant, piece->line,
                     _("two setup pieces on %s"), piece->cell);
    }
  return TRUE;
}

static void
bs_ruleset_clear (BsRuleset *rs)
{
  if (rs->module != NULL && rs->module->free_data != NULL && rs->module_data != NULL)
    rs->module->free_data (rs->module_data);
  g_clear_pointer (&rs->variant, bs_variant_free);
  g_clear_pointer (&rs->board, bs_board_unref);
  g_clear_pointer (&rs->zobrist, g_free);
}

/* random_move for modules without one. */
static BsMove
generate_and_pick (const BsRuleset  *rs,
                   const BsPosition *pos,
                   BsRng            *rng,
                   BsMove           *scratch)
{
  guint n = rs->generate (rs, pos, scratch);

  g_assert (n > 0);
  return scratch[bs_rng_below (rng, n)];
}

BsRuleset *
bs_ruleset_new (const BsVariant  *variant,
                GError          **error)
{
  const BsModule *module;

  g_return_val_if_fail (variant != NULL, NULL);

  module = variant->module != NULL ? bs_module_find (variant->module) : NULL;
  if (module == NULL)
    {
      g_autoptr(GString) known = g_string_new (NULL);
      guint n;
      const BsModule * const *list = bs_module_list (&n);
      for (guint i = 0; i < n; i++)
        g_string_append_printf (known, "%s%s", i ? ", " : "", list[i]->id);
      fail (error, BS_VARIANT_ERROR_UNKNOWN, variant, variant->module_line,
            _("unknown rule module \"%s\" (known: %s)"),
            variant->module != NULL ? variant->module : "", known->str);
      return NULL;
    }
  return bs_ruleset_new_for_module (module, variant, error);
}

BsRuleset *
bs_ruleset_new_for_module (const BsModule   *module,
                           const BsVariant  *variant,
                           GError          **error)
{
  BsRuleset *rs;
  BsRng rng;

  g_return_val_if_fail (module != NULL && variant != NULL, NULL);

  bs_bitops_init ();
  if (!check_board (module, variant, error))
    return NULL;
  /* Texts a file could not give (the loader checks them with their line),
   * but an editor or a program could. */
  if (!bs_variant_check_texts (variant, error))
    {
      prefix_error (error, variant, 0);
      return NULL;
    }

  rs = g_atomic_rc_box_new0 (BsRuleset);
  rs->module = module;
  rs->variant = bs_variant_copy (variant);
  rs->board = build_board (variant, error);
  if (rs->board == NULL ||
      (rs->n_cells = bs_board_n_cells (rs->board),
       rs->n_dirs = bs_board_n_dirs (rs->board),
       rs->neighbours = bs_board_neighbours (rs->board),
       !resolve_options (rs, error)) ||
      !resolve_supplies (rs, error) ||
      !resolve_specials (rs, error) ||
      !check_setup (rs, error))
    {
      bs_ruleset_unref (rs);
      return NULL;
    }

  rs->max_changes = 2 * rs->n_cells + 8;
  rs->generate = module->generate;
  rs->random_move = module->random_move != NULL ? module->random_move : generate_and_pick;
  rs->apply = module->apply;
  if (module->prepare != NULL && !module->prepare (rs, error))
    {
      prefix_error (error, variant, variant->module_line);
      bs_ruleset_unref (rs);
      return NULL;
    }
  g_assert (rs->max_moves > 0);

  rs->zobrist = g_new (guint64, (gsize) rs->n_cells * BS_CELL_VALUES);
  bs_rng_init (&rng, ZOBRIST_SEED);
  for (int i = 0; i < rs->n_cells * BS_CELL_VALUES; i++)
    rs->zobrist[i] = (i % BS_CELL_VALUES) == BS_CELL_EMPTY ? 0 : bs_rng_next (&rng);
  rs->zobrist_side = bs_rng_next (&rng);

  rs->position_size = (BS_POSITION_HEADER_SIZE + rs->n_cells + rs->extra_size + 7) & ~(gsize) 7;
  rs->undo_size = sizeof (BsUndo) + rs->max_changes * sizeof (BsUndoEntry);
  return rs;
}

BsRuleset *
bs_ruleset_ref (BsRuleset *rs)
{
  g_return_val_if_fail (rs != NULL, NULL);
  return g_atomic_rc_box_acquire (rs);
}

void
bs_ruleset_unref (BsRuleset *rs)
{
  g_return_if_fail (rs != NULL);
  g_atomic_rc_box_release_full (rs, (GDestroyNotify) bs_ruleset_clear);
}

gboolean
bs_ruleset_is_simultaneous (const BsRuleset *rs)
{
  return (rs->module->flags & BS_MODULE_SIMULTANEOUS) != 0;
}

BsStrongestSearch
bs_ruleset_get_strongest_search (const BsRuleset *rs)
{
  g_return_val_if_fail (rs != NULL, BS_STRONGEST_ALPHA_BETA);

  if (bs_ruleset_is_simultaneous (rs))
    return BS_STRONGEST_MONTE_CARLO;
  return rs->module->strongest == BS_STRONGEST_MONTE_CARLO ? BS_STRONGEST_MONTE_CARLO
                                                           : BS_STRONGEST_ALPHA_BETA;
}

guint
bs_ruleset_get_playout_cut (const BsRuleset *rs)
{
  g_return_val_if_fail (rs != NULL, 0);

  return rs->module->playout_cut;
}

/* Positions */

BsPosition *
bs_ruleset_new_position (const BsRuleset *rs,
                         guint64          seed)
{
  BsPosition *pos;
  const BsVariant *variant = rs->variant;

  g_return_val_if_fail (rs != NULL, NULL);

  pos = g_malloc0 (rs->position_size);
  pos->to_move = 1;
  for (int p = 0; p < 2; p++)
    for (int k = 0; k < BS_MAX_KINDS; k++)
      pos->supply[p][k] = k < (int) rs->module->n_kinds ? rs->supply[p][k] : 0;

  for (guint i = 0; i < variant->setup->len; i++)
    {
      const BsVariantPiece *piece = &g_array_index (variant->setup, BsVariantPiece, i);
      int cell = bs_board_find_cell (rs->board, piece->cell, NULL);
      int kind = bs_module_kind_index (rs->module, piece->kind);

      bs_position_set_cell (rs->zobrist, pos, cell,
                            BS_CELL_MAKE (piece->player, kind, MAX (piece->dir, 0)), NULL);
    }

  if (rs->module->setup != NULL)
    rs->module->setup (rs, pos, seed);
  /* A start may already be over (no piece can be placed). */
  if (bs_position_is_over (pos))
    pos->ending = (guint8) bs_ruleset_ending (rs, pos);
  return pos;
}

static void
set_setup_piece (const BsRuleset *rs,
                 BsVariantPiece  *piece,
                 const char      *label,
                 guint8           value)
{
  const BsKindSpec *kind = &rs->module->kinds[BS_CELL_KIND (value)];

  piece->cell = g_strdup (label);
  piece->player = BS_CELL_OWNER (value);
  piece->kind = g_strdup (kind->id);
  piece->dir = kind->directed ? BS_CELL_DIR (value) : -1;
  piece->line = 0;
}

BsVariant *
bs_ruleset_fix_position (const BsRuleset  *rs,
                         const BsPosition *pos)
{
  BsVariant *variant;
  g_autofree guint8 *listed = NULL;
  g_autoptr(GArray) setup = NULL;

  g_return_val_if_fail (rs != NULL && pos != NULL, NULL);

  variant = bs_variant_copy (rs->variant);
  listed = g_new0 (guint8, rs->n_cells);
  /* No clear function: the pieces move into the variant's own array. */
  setup = g_array_new (FALSE, TRUE, sizeof (BsVariantPiece));

  /* The variant's fixed pieces first, as pos has them. */
  for (guint i = 0; i < variant->setup->len; i++)
    {
      const BsVariantPiece *piece = &g_array_index (variant->setup, BsVariantPiece, i);
      int cell = bs_board_find_cell (rs->board, piece->cell, NULL);
      BsVariantPiece kept;

      if (cell == BS_NO_CELL || listed[cell] || pos->cells[cell] == BS_CELL_EMPTY)
        continue;
      listed[cell] = 1;
      set_setup_piece (rs, &kept, piece->cell, pos->cells[cell]);
      kept.line = piece->line;
      g_array_append_val (setup, kept);
    }
  for (int c = 0; c < rs->n_cells; c++)
    {
      BsVariantPiece added;

      if (listed[c] || pos->cells[c] == BS_CELL_EMPTY)
        continue;
      set_setup_piece (rs, &added, bs_board_cell_label (rs->board, c), pos->cells[c]);
      g_array_append_val (setup, added);
    }

  /* Swapped in whole: the variant's array frees its pieces. */
  g_array_set_size (variant->setup, 0);
  g_array_append_vals (variant->setup, setup->data, setup->len);
  return variant;
}

/* More values than this are not all tried. */
#define MAX_OPTION_VALUES 32

gboolean
bs_ruleset_option_matters (const BsRuleset *rs,
                           int              index)
{
  const BsOptionSpec *spec;
  g_autofree BsPosition *start = NULL;

  g_return_val_if_fail (rs != NULL, TRUE);
  g_return_val_if_fail (index >= 0 && index < (int) rs->module->n_options, TRUE);

  spec = &rs->module->options[index];
  /* Without fixed pieces the rules place them all. */
  if (!spec->start_only || rs->variant->setup->len == 0)
    return TRUE;
  start = bs_ruleset_new_position (rs, 0);
  for (int value = spec->min; value <= spec->max && value < spec->min + MAX_OPTION_VALUES;
       value++)
    {
      g_autoptr(BsVariant) other = NULL;
      g_autoptr(BsRuleset) other_rs = NULL;
      g_autofree BsPosition *other_start = NULL;

      if (value == rs->options[index])
        continue;
      other = bs_variant_copy (rs->variant);
      bs_variant_set_option (other, spec->id, bs_option_value_to_string (spec, value));
      other_rs = bs_ruleset_new (other, NULL);
      if (other_rs == NULL)
        continue;     /* a value the rules refuse changes nothing here */
      other_start = bs_ruleset_new_position (other_rs, 0);
      if (other_rs->position_size != rs->position_size
          || !bs_position_equal (rs, start, other_start))
        return TRUE;
    }
  return FALSE;
}

BsPosition *
bs_position_dup (const BsRuleset  *rs,
                 const BsPosition *pos)
{
  return g_memdup2 (pos, rs->position_size);
}

void
bs_position_copy (const BsRuleset  *rs,
                  BsPosition       *dest,
                  const BsPosition *src)
{
  memcpy (dest, src, rs->position_size);
}

gboolean
bs_position_equal (const BsRuleset  *rs,
                   const BsPosition *a,
                   const BsPosition *b)
{
  return memcmp (a, b, BS_POSITION_HEADER_SIZE + rs->n_cells + rs->extra_size) == 0;
}

static guint64
mix64 (guint64 h,
       guint64 v)
{
  guint64 st = h ^ (v * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15));
  return bs_splitmix64 (&st);
}

guint64
bs_position_hash (const BsRuleset  *rs,
                  const BsPosition *pos)
{
  guint64 h = 0;
  const guint8 *extra = pos->cells + rs->n_cells;

  h = mix64 (h, ((guint64) pos->to_move << 8) | ((guint64) pos->result << 16) |
                ((guint64) pos->step << 32));
  for (int p = 0; p < 2; p++)
    for (int k = 0; k < BS_MAX_KINDS; k++)
      h = mix64 (h, pos->supply[p][k]);
  for (guint i = 0; i < G_N_ELEMENTS (pos->counter); i++)
    h = mix64 (h, (guint32) pos->counter[i]);
  for (gsize i = 0; i < rs->extra_size; i += 8)
    {
      guint64 chunk = 0;
      memcpy (&chunk, extra + i, MIN (8, rs->extra_size - i));
      h = mix64 (h, chunk);
    }
  if (pos->flags & BS_POSITION_PLAYOUT)
    h ^= bs_position_compute_cells_hash (rs, pos);
  else
    h ^= pos->hash;
  return h ^ (pos->to_move == 2 ? rs->zobrist_side : 0);
}

void
bs_position_set_playout (const BsRuleset *rs,
                         BsPosition      *pos,
                         gboolean         playout)
{
  if (playout)
    pos->flags |= BS_POSITION_PLAYOUT;
  else if (pos->flags & BS_POSITION_PLAYOUT)
    {
      pos->flags &= (guint8) ~BS_POSITION_PLAYOUT;
      pos->hash = bs_position_compute_cells_hash (rs, pos);
    }
}

guint64
bs_position_compute_cells_hash (const BsRuleset  *rs,
                                const BsPosition *pos)
{
  guint64 h = 0;

  for (int c = 0; c < rs->n_cells; c++)
    h ^= rs->zobrist[c * BS_CELL_VALUES + pos->cells[c]];
  return h;
}

BsUndo *
bs_undo_new (const BsRuleset *rs)
{
  BsUndo *undo = g_malloc0 (rs->undo_size);

  undo->capacity = rs->max_changes;
  undo->saved = g_malloc0 (rs->position_size);
  return undo;
}

void
bs_undo_free (BsUndo *undo)
{
  if (undo == NULL)
    return;
  g_free (undo->saved);
  g_free (undo);
}

/* Moves */

guint
bs_ruleset_generate (const BsRuleset  *rs,
                     const BsPosition *pos,
                     BsMove           *moves)
{
  if (bs_position_is_over (pos))
    return 0;
  return rs->generate (rs, pos, moves);
}

gboolean
bs_ruleset_is_legal (const BsRuleset  *rs,
                     const BsPosition *pos,
                     BsMove            move,
                     BsMove           *scratch)
{
  guint n = bs_ruleset_generate (rs, pos, scratch);

  for (guint i = 0; i < n; i++)
    if (scratch[i] == move)
      return TRUE;
  return FALSE;
}

BsMove
bs_ruleset_random_move (const BsRuleset  *rs,
                        const BsPosition *pos,
                        BsRng            *rng,
                        BsMove           *scratch)
{
  return rs->random_move (rs, pos, rng, scratch);
}

/* What follows the module's apply for every step: the move limit, or why
 * the module's rules ended the game (once per game). */
static inline void
finish_step (const BsRuleset *rs,
             BsPosition      *pos)
{
  if (G_LIKELY (pos->result == BS_RESULT_ONGOING))
    {
      if (rs->max_plies > 0 && pos->step == 0 && pos->ply >= (guint32) rs->max_plies)
        {
          pos->result = BS_RESULT_DRAW;
          pos->ending = BS_ENDING_MOVE_LIMIT;
        }
    }
  else
    {
      pos->ending = BS_ENDING_NONE;
      pos->ending = (guint8) bs_ruleset_ending (rs, pos);
    }
}

guint64
bs_ruleset_playout (const BsRuleset *rs,
                    BsPosition      *pos,
                    BsRng           *rng,
                    BsMove          *scratch,
                    guint64          max_steps)
{
  BsMove (*random_move) (const BsRuleset *, const BsPosition *, BsRng *, BsMove *) = rs->random_move;
  void (*apply) (const BsRuleset *, BsPosition *, BsMove, BsUndo *) = rs->apply;
  guint (*random_turn) (const BsRuleset *, BsPosition *, BsRng *) = rs->random_turn;
  guint32 limit = rs->max_plies > 0 ? (guint32) rs->max_plies : G_MAXUINT32;
  guint64 steps = 0;

  bs_position_set_playout (rs, pos, TRUE);
  if (bs_position_is_over (pos))
    return 0;
  while (steps < max_steps)
    {
      if (random_turn != NULL && pos->step == 0)
        steps += random_turn (rs, pos, rng);
      else
        {
          apply (rs, pos, random_move (rs, pos, rng, scratch), NULL);
          steps++;
        }
      /* finish_step (), with the limit read once */
      if (G_UNLIKELY (pos->result != BS_RESULT_ONGOING))
        {
          pos->ending = BS_ENDING_NONE;
          pos->ending = (guint8) bs_ruleset_ending (rs, pos);
          break;
        }
      if (G_UNLIKELY (pos->ply >= limit) && pos->step == 0)
        {
          pos->result = BS_RESULT_DRAW;
          pos->ending = BS_ENDING_MOVE_LIMIT;
          break;
        }
    }
  return steps;
}

void
bs_ruleset_apply (const BsRuleset *rs,
                  BsPosition      *pos,
                  BsMove           move,
                  BsUndo          *undo)
{
  if (undo != NULL)
    {
      undo->n_entries = 0;
      memcpy (undo->saved, pos, BS_POSITION_HEADER_SIZE);
      if (rs->extra_size > 0)
        memcpy (undo->saved->cells + rs->n_cells, pos->cells + rs->n_cells, rs->extra_size);
    }
  rs->apply (rs, pos, move, undo);
  finish_step (rs, pos);
}

void
bs_ruleset_undo (const BsRuleset *rs,
                 BsPosition      *pos,
                 const BsUndo    *undo)
{
  for (guint i = undo->n_entries; i-- > 0;)
    pos->cells[undo->entries[i].cell] = undo->entries[i].old;
  memcpy (pos, undo->saved, BS_POSITION_HEADER_SIZE);
  if (rs->extra_size > 0)
    memcpy (pos->cells + rs->n_cells, undo->saved->cells + rs->n_cells, rs->extra_size);
}

void
bs_ruleset_scores (const BsRuleset  *rs,
                   const BsPosition *pos,
                   int               scores[2])
{
  rs->module->scores (rs, pos, scores);
}

/* Measures and endings */

static const BsMeasureSpec score_measure = { "score", N_("Score") };

const BsMeasureSpec *
bs_ruleset_measure_specs (const BsRuleset *rs,
                          guint           *n_measures)
{
  g_return_val_if_fail (rs != NULL && n_measures != NULL, NULL);

  if (rs->module->measure == NULL || rs->module->n_measures == 0)
    {
      *n_measures = 1;
      return &score_measure;
    }
  *n_measures = MIN (rs->module->n_measures, BS_MAX_MEASURES);
  return rs->module->measures;
}

guint
bs_ruleset_measures (const BsRuleset  *rs,
                     const BsPosition *pos,
                     int               values[BS_MAX_MEASURES][2])
{
  guint n;

  bs_ruleset_measure_specs (rs, &n);
  memset (values, 0, sizeof (int) * 2 * BS_MAX_MEASURES);
  if (rs->module->measure == NULL || rs->module->n_measures == 0)
    rs->module->scores (rs, pos, values[0]);
  else
    rs->module->measure (rs, pos, values);
  return n;
}

BsEnding
bs_ruleset_ending (const BsRuleset  *rs,
                   const BsPosition *pos)
{
  BsEnding ending;

  if (!bs_position_is_over (pos))
    return BS_ENDING_NONE;
  if (pos->ending != BS_ENDING_NONE && pos->ending < BS_N_ENDINGS)
    return (BsEnding) pos->ending;
  /* A position that did not come from bs_ruleset_apply (built by hand):
   * the module's rules must have ended it. */
  ending = rs->module->ending != NULL ? rs->module->ending (rs, pos) : BS_ENDING_NONE;
  g_return_val_if_fail (ending > BS_ENDING_NONE && ending < BS_N_ENDINGS, BS_ENDING_NO_MOVES);
  return ending;
}

char *
bs_ruleset_describe_ending (const BsRuleset  *rs,
                            const BsPosition *pos)
{
  BsEnding ending = bs_ruleset_ending (rs, pos);
  GString *out;

  if (ending == BS_ENDING_NONE)
    return NULL;
  out = g_string_new (NULL);
  if (ending == BS_ENDING_MOVE_LIMIT)
    {
      int limit = rs->max_plies;

      /* A simultaneous game's ply is a round. */
      if (bs_ruleset_is_simultaneous (rs))
        g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE,
                                                  "The round limit of %d round was reached: a draw.",
                                                  "The round limit of %d rounds was reached: a draw.",
                                                  (gulong) limit),
                                limit);
      else
        g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE,
                                                  "The move limit of %d ply was reached: a draw.",
                                                  "The move limit of %d plies was reached: a draw.",
                                                  (gulong) limit),
                                limit);
    }
  else if (rs->module->describe_ending != NULL)
    rs->module->describe_ending (rs, pos, ending, out);
  if (out->len == 0)
    g_string_append (out, pos->result == BS_RESULT_DRAW ? _("The game ended in a draw.")
                                                        : _("The game is over."));
  return g_string_free (out, FALSE);
}

static const char * const ending_names[BS_N_ENDINGS] = {
  [BS_ENDING_NONE] = "none",
  [BS_ENDING_NO_MOVES] = "no-moves",
  [BS_ENDING_ALL_PLACED] = "all-placed",
  [BS_ENDING_BOARD_FULL] = "board-full",
  [BS_ENDING_END_MOVE] = "end-move",
  [BS_ENDING_GOAL] = "goal",
  [BS_ENDING_ELIMINATION] = "elimination",
  [BS_ENDING_NO_REMOVAL] = "no-removal",
  [BS_ENDING_PASSES] = "passes",
  [BS_ENDING_MOVE_LIMIT] = "move-limit",
};

const char *
bs_ending_to_string (BsEnding ending)
{
  g_return_val_if_fail ((guint) ending < BS_N_ENDINGS, NULL);
  return ending_names[ending];
}

gboolean
bs_ending_from_string (const char *text,
                       BsEnding   *ending)
{
  for (guint i = 0; i < BS_N_ENDINGS; i++)
    if (g_strcmp0 (text, ending_names[i]) == 0)
      {
        *ending = (BsEnding) i;
        return TRUE;
      }
  return FALSE;
}

/* How it is played, how it is explained */

static const BsPlaySpec no_play_spec = { 0 };

const BsPlaySpec *
bs_ruleset_play_spec (const BsRuleset *rs)
{
  if (rs->play != NULL)
    return rs->play;
  return rs->module->play != NULL ? rs->module->play : &no_play_spec;
}

void
bs_ruleset_decode_move (const BsRuleset  *rs,
                        const BsPosition *pos,
                        BsMove            move,
                        BsMoveParts      *parts)
{
  parts->from = parts->to = BS_NO_CELL;
  parts->kind = parts->direction = parts->follow_up = parts->word = -1;
  if (rs->module->decode_move != NULL)
    rs->module->decode_move (rs, pos, move, parts);
}

gboolean
bs_ruleset_encode_move (const BsRuleset   *rs,
                        const BsPosition  *pos,
                        const BsMoveParts *parts,
                        BsMove            *move)
{
  g_return_val_if_fail (rs != NULL && pos != NULL && parts != NULL && move != NULL, FALSE);

  if (rs->module->encode_move == NULL)
    return FALSE;
  return rs->module->encode_move (rs, pos, parts, move);
}

int
bs_ruleset_word_index (const BsRuleset *rs,
                       const char      *id)
{
  const BsPlaySpec *play = bs_ruleset_play_spec (rs);

  for (guint i = 0; i < play->n_words; i++)
    if (g_strcmp0 (play->words[i].id, id) == 0)
      return (int) i;
  return -1;
}

BsExplanation *
bs_ruleset_explain_turn (const BsRuleset  *rs,
                         const BsPosition *before,
                         const BsMove     *steps,
                         guint             n_steps)
{
  BsTurnExplanation out;
  BsExplanation *explanation = g_new0 (BsExplanation, 1);

  out.summary = g_string_new (NULL);
  out.details = g_string_new (NULL);
  out.removed = g_new0 (guint8, rs->n_cells);
  if (rs->module->explain_turn != NULL)
    rs->module->explain_turn (rs, before, steps, n_steps, &out);
  if (out.summary->len == 0 && n_steps > 0)
    {
      g_autofree char *text = bs_ruleset_format_turn (rs, before, steps, n_steps);
      g_string_append (out.summary, text);
    }
  /* No trailing newline: callers join lines themselves. */
  while (out.details->len > 0 && out.details->str[out.details->len - 1] == '\n')
    g_string_truncate (out.details, out.details->len - 1);
  explanation->summary = g_string_free (out.summary, FALSE);
  explanation->details = g_string_free (out.details, FALSE);
  explanation->removed = out.removed;
  return explanation;
}

BsExplanation *
bs_ruleset_explain_notation (const BsRuleset  *rs,
                             const BsPosition *before,
                             const char       *text,
                             GError          **error)
{
  g_autofree BsMove *steps = g_new (BsMove, bs_ruleset_max_turn_steps (rs));
  guint n = 0;

  if (!bs_ruleset_parse_turn (rs, before, text, steps, &n, error))
    return NULL;
  return bs_ruleset_explain_turn (rs, before, steps, n);
}

void
bs_explanation_free (BsExplanation *explanation)
{
  if (explanation == NULL)
    return;
  g_free (explanation->summary);
  g_free (explanation->details);
  g_free (explanation->removed);
  g_free (explanation);
}

char *
bs_ruleset_explain_piece (const BsRuleset  *rs,
                          const BsPosition *pos,
                          int               cell)
{
  g_return_val_if_fail (cell >= 0 && cell < rs->n_cells, NULL);

  if (bs_position_is_over (pos) || rs->module->explain_piece == NULL)
    return NULL;
  return rs->module->explain_piece (rs, pos, cell);
}

void
bs_ruleset_describe_rules (const BsRuleset  *rs,
                           char            **rules,
                           char            **goal)
{
  GString *r = g_string_new (NULL);
  GString *g = g_string_new (NULL);

  if (rs->module->describe_rules != NULL)
    rs->module->describe_rules (rs, r, g);
  if (r->len == 0)
    g_string_append (r, _(rs->module->description));
  if (rs->max_plies > 0)
    {
      if (r->len > 0)
        g_string_append_c (r, ' ');
      if (bs_ruleset_is_simultaneous (rs))
        g_string_append_printf (r, g_dngettext (GETTEXT_PACKAGE,
                                                "After %d round the game ends in a draw.",
                                                "After %d rounds the game ends in a draw.",
                                                (gulong) rs->max_plies),
                                rs->max_plies);
      else
        g_string_append_printf (r, g_dngettext (GETTEXT_PACKAGE,
                                                "After %d ply the game ends in a draw.",
                                                "After %d plies the game ends in a draw.",
                                                (gulong) rs->max_plies),
                                rs->max_plies);
    }
  *rules = g_string_free (r, FALSE);
  *goal = g_string_free (g, FALSE);
}

/* Notation */

char *
bs_ruleset_format_move (const BsRuleset  *rs,
                        const BsPosition *pos,
                        BsMove            move)
{
  GString *out = g_string_new (NULL);

  rs->module->format_move (rs, pos, move, out);
  return g_string_free (out, FALSE);
}

char *
bs_ruleset_explain (const BsRuleset  *rs,
                    const BsPosition *pos,
                    BsMove            move)
{
  g_autofree BsMove *scratch = NULL;

  if (bs_position_is_over (pos))
    return g_strdup (_("the game is over"));
  scratch = g_new (BsMove, rs->max_moves);
  if (bs_ruleset_is_legal (rs, pos, move, scratch))
    return NULL;
  if (rs->module->explain != NULL)
    {
      char *why = rs->module->explain (rs, pos, move);
      if (why != NULL)
        return why;
    }
  return g_strdup (_("it is not a legal move here"));
}

static gboolean
check_not_over (const BsPosition  *pos,
                const char        *text,
                GError           **error)
{
  g_autofree char *quoted = NULL;

  if (!bs_position_is_over (pos))
    return TRUE;
  quoted = bs_excerpt (text);
  g_set_error (error, BS_RULES_ERROR, BS_RULES_ERROR_GAME_OVER,
               /* Translators: the move as typed, then how the game ended. */
               _("move \"%s\": the game is already over (%s)"), quoted,
               bs_result_describe ((BsResult) pos->result));
  return FALSE;
}

gboolean
bs_ruleset_parse_cell (const BsRuleset  *rs,
                       const char       *label,
                       const char       *how_to_write,
                       int              *cell,
                       GError          **error)
{
  gboolean is_hole = FALSE;
  int col, row;

  g_return_val_if_fail (rs != NULL && label != NULL && cell != NULL, FALSE);

  if (!bs_board_parse_label (label, &col, &row))
    {
      /* Translators: "“z9x” is not a cell label (write a move as a2-b3: …)". */
      g_set_error (error, BS_RULES_ERROR, BS_RULES_ERROR_MALFORMED,
                   _("“%s” is not a cell label (%s)"), label, how_to_write);
      return FALSE;
    }
  *cell = bs_board_find_cell (rs->board, label, &is_hole);
  if (*cell == BS_NO_CELL)
    {
      g_set_error (error, BS_RULES_ERROR, BS_RULES_ERROR_MALFORMED,
                   is_hole ? _("%s is a hole in this board") : _("%s is not a cell of this board"),
                   label);
      return FALSE;
    }
  return TRUE;
}

gboolean
bs_ruleset_parse_move (const BsRuleset   *rs,
                       const BsPosition  *pos,
                       const char        *text,
                       BsMove            *move,
                       GError           **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autofree char *why = NULL;
  BsMove m;

  g_return_val_if_fail (text != NULL, FALSE);

  if (!check_not_over (pos, text, error))
    return FALSE;
  if (!rs->module->parse_move (rs, pos, text, &m, &local_error))
    {
      g_autofree char *quoted = bs_excerpt (text);

      /* The module may quote a part of the text. */
      bs_error_shorten_words (local_error);
      g_set_error (error, BS_RULES_ERROR, BS_RULES_ERROR_MALFORMED,
                   _("malformed move \"%s\": %s"), quoted, local_error->message);
      /* The quote and the module's words together stay short too. */
      bs_error_shorten_words (error != NULL ? *error : NULL);
      return FALSE;
    }
  why = bs_ruleset_explain (rs, pos, m);
  if (why != NULL)
    {
      g_autofree char *quoted = bs_excerpt (text);
      g_set_error (error, BS_RULES_ERROR, BS_RULES_ERROR_ILLEGAL,
                   _("illegal move \"%s\": %s"), quoted, why);
      return FALSE;
    }
  *move = m;
  return TRUE;
}

guint
bs_ruleset_max_turn_steps (const BsRuleset *rs)
{
  return bs_ruleset_is_simultaneous (rs) ? (guint) rs->n_cells + 1 : 1;
}

gboolean
bs_ruleset_parse_turn (const BsRuleset   *rs,
                       const BsPosition  *pos,
                       const char        *text,
                       BsMove            *steps,
                       guint             *n_steps,
                       GError           **error)
{
  g_autofree BsPosition *scratch_pos = NULL;
  g_autofree BsMove *scratch = NULL;
  g_autoptr(GError) local_error = NULL;
  guint n = 0;

  g_return_val_if_fail (text != NULL, FALSE);

  if (!check_not_over (pos, text, error))
    return FALSE;
  if (rs->module->parse_turn == NULL)
    {
      if (!bs_ruleset_parse_move (rs, pos, text, &steps[0], error))
        return FALSE;
      *n_steps = 1;
      return TRUE;
    }

  if (!rs->module->parse_turn (rs, pos, text, steps, &n, &local_error))
    {
      g_autofree char *quoted = bs_excerpt (text);

      bs_error_shorten_words (local_error);
      /* Whole sentences, not "illegal"/"malformed" put into one frame: the
       * words around the reason are translated together. */
      if (local_error->domain == BS_RULES_ERROR && local_error->code == BS_RULES_ERROR_ILLEGAL)
        /* Translators: %s is the move as typed, then the reason it is illegal. */
        g_set_error (error, BS_RULES_ERROR, BS_RULES_ERROR_ILLEGAL, _("illegal move \"%s\": %s"),
                     quoted, local_error->message);
      else
        /* Translators: %s is the move as typed, then what is wrong with its notation. */
        g_set_error (error, BS_RULES_ERROR, local_error->domain == BS_RULES_ERROR
                                            ? local_error->code : BS_RULES_ERROR_MALFORMED,
                     _("malformed move \"%s\": %s"), quoted, local_error->message);
      bs_error_shorten_words (error != NULL ? *error : NULL);
      return FALSE;
    }

  /* Every step must be legal where it is played, and the turn complete. */
  scratch_pos = bs_position_dup (rs, pos);
  scratch = g_new (BsMove, rs->max_moves);
  for (guint i = 0; i < n; i++)
    {
      if (bs_position_is_over (scratch_pos) || !bs_ruleset_is_legal (rs, scratch_pos, steps[i], scratch))
        {
          g_autofree char *why = bs_ruleset_explain (rs, scratch_pos, steps[i]);
          g_autofree char *step = bs_ruleset_format_move (rs, scratch_pos, steps[i]);
          g_autofree char *quoted = bs_excerpt (text);
          g_set_error (error, BS_RULES_ERROR, BS_RULES_ERROR_ILLEGAL,
                       /* Translators: the move, its illegal step, the reason. */
                       _("illegal move \"%s\": %s: %s"), quoted, step,
                       why ? why : _("not legal here"));
          return FALSE;
        }
      bs_ruleset_apply (rs, scratch_pos, steps[i], NULL);
    }
  if (scratch_pos->step != 0)
    {
      g_autofree char *quoted = bs_excerpt (text);
      g_set_error (error, BS_RULES_ERROR, BS_RULES_ERROR_ILLEGAL,
                   _("illegal move \"%s\": some pieces have no order"), quoted);
      return FALSE;
    }
  *n_steps = n;
  return TRUE;
}

char *
bs_ruleset_format_turn (const BsRuleset  *rs,
                        const BsPosition *pos,
                        const BsMove     *steps,
                        guint             n_steps)
{
  GString *out;

  if (rs->module->format_turn == NULL)
    {
      g_return_val_if_fail (n_steps == 1, NULL);
      return bs_ruleset_format_move (rs, pos, steps[0]);
    }
  out = g_string_new (NULL);
  rs->module->format_turn (rs, pos, steps, n_steps, out);
  return g_string_free (out, FALSE);
}

gboolean
bs_ruleset_play_turn (const BsRuleset  *rs,
                      BsPosition       *pos,
                      const char       *text,
                      GError          **error)
{
  g_autofree BsMove *steps = g_new (BsMove, bs_ruleset_max_turn_steps (rs));
  guint n = 0;

  if (!bs_ruleset_parse_turn (rs, pos, text, steps, &n, error))
    return FALSE;
  for (guint i = 0; i < n; i++)
    bs_ruleset_apply (rs, pos, steps[i], NULL);
  return TRUE;
}

gboolean
bs_ruleset_play_line (const BsRuleset  *rs,
                      BsPosition       *pos,
                      const char       *line,
                      GError          **error)
{
  g_auto(GStrv) tokens = NULL;

  if (line == NULL)
    return TRUE;
  tokens = g_strsplit_set (line, " \t\r\n", -1);
  for (guint i = 0; tokens[i] != NULL; i++)
    {
      guint32 ply = pos->ply + 1;

      if (*tokens[i] == '\0')
        continue;
      if (!bs_ruleset_play_turn (rs, pos, tokens[i], error))
        {
          g_prefix_error (error, _("ply %u: "), ply);
          return FALSE;
        }
    }
  return TRUE;
}

const char *
bs_ruleset_kind_id (const BsRuleset *rs,
                    int              kind)
{
  g_return_val_if_fail (kind >= 0 && kind < (int) rs->module->n_kinds, NULL);
  return rs->module->kinds[kind].id;
}

const char *
bs_result_to_string (BsResult result)
{
  switch (result)
    {
    case BS_RESULT_ONGOING:
      return "ongoing";
    case BS_RESULT_WIN_1:
      return "player 1 wins";
    case BS_RESULT_WIN_2:
      return "player 2 wins";
    case BS_RESULT_DRAW:
      return "draw";
    default:
      return "unknown";
    }
}

const char *
bs_result_describe (BsResult result)
{
  switch (result)
    {
    case BS_RESULT_ONGOING:
      /* Translators: how a game stands, in messages such as "the game is over (%s)". */
      return C_("game result", "ongoing");
    case BS_RESULT_WIN_1:
      /* Translators: how a game ended, in messages such as "the game is over (%s)". */
      return C_("game result", "player 1 wins");
    case BS_RESULT_WIN_2:
      /* Translators: how a game ended, in messages such as "the game is over (%s)". */
      return C_("game result", "player 2 wins");
    case BS_RESULT_DRAW:
      /* Translators: how a game ended, in messages such as "the game is over (%s)". */
      return C_("game result", "draw");
    default:
      /* Translators: a game's result Boardsmith does not know. */
      return C_("game result", "unknown result");
    }
}

gboolean
bs_variant_validate (const BsVariant  *variant,
                     GError          **error)
{
  g_autoptr(BsRuleset) rs = NULL;

  g_return_val_if_fail (variant != NULL, FALSE);

  rs = bs_ruleset_new (variant, error);
  return rs != NULL;
}

/* How many settings a refusal quotes before "and N more". */
#define MAX_SETTINGS_NAMED 3

gboolean
bs_variant_apply_settings (BsVariant          *variant,
                           const char * const *settings,
                           GError            **error)
{
  g_autoptr(BsVariant) changed = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GString) all = NULL;

  g_return_val_if_fail (variant != NULL, FALSE);

  if (settings == NULL || settings[0] == NULL)
    return TRUE;
  changed = bs_variant_copy (variant);
  for (guint i = 0; settings[i] != NULL; i++)
    {
      const char *equals = strchr (settings[i], '=');
      g_autofree char *key = NULL;

      if (equals == NULL || equals == settings[i])
        {
          g_autofree char *quoted = bs_excerpt (settings[i]);
          g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_VALUE,
                       _("--set %s: expected KEY=VALUE"), quoted);
          return FALSE;
        }
      key = g_strndup (settings[i], (gsize) (equals - settings[i]));
      if (!bs_variant_set (changed, key, equals + 1, error))
        return FALSE;
    }

  /* The file was checked when loaded, so an error now comes from the
   * settings: name them rather than a line of the file. */
  g_clear_pointer (&changed->filename, g_free);
  if (!bs_variant_validate (changed, &local_error))
    {
      guint n_settings = g_strv_length ((char **) settings);

      /* A message stays short however many settings were given. */
      all = g_string_new (NULL);
      for (guint i = 0; i < n_settings && i < MAX_SETTINGS_NAMED; i++)
        {
          g_autofree char *quoted = bs_excerpt (settings[i]);
          g_string_append_printf (all, "%s--set %s", i > 0 ? " " : "", quoted);
        }
      if (n_settings > MAX_SETTINGS_NAMED)
        {
          guint rest = n_settings - MAX_SETTINGS_NAMED;

          g_string_append_c (all, ' ');
          /* Translators: after the first settings of a long list ("--set a=1 --set b=2
           * --set c=3 and 4 more"). */
          g_string_append_printf (all, g_dngettext (GETTEXT_PACKAGE, "and %u more", "and %u more", rest),
                                  rest);
        }
      g_propagate_prefixed_error (error, g_steal_pointer (&local_error), "%s: ", all->str);
      return FALSE;
    }

  /* Into the caller's variant, which keeps where it came from. */
  g_free (changed->filename);
  changed->filename = g_strdup (variant->filename);
  {
    BsVariant old = *variant;

    *variant = *changed;
    *changed = old;
  }
  return TRUE;
}
