/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-ikabegama.c: Ikabegamá (RULES.md, seed 003). A Hexxagon-like race into
 * the other player's nest: grow a token next to your own, or jump one to a
 * cell at distance exactly 2; the opponent's tokens next to the destination
 * turn yours. A token of yours on the other nest wins; a player without a
 * move passes, and two passes in a row draw.
 *
 * Hot state. The extra bytes hold each player's tokens as grid bit sets
 * (bs-bitboard.h): growths are the empty cells next to one's tokens, four
 * shifts away, and a flip is the opponent's tokens among the destination's
 * neighbours. Like Abrobad's, these bytes are derived from the cells and
 * trusted only while the position has BS_POSITION_DERIVED. */
#define G_LOG_DOMAIN "boardsmith-engine"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "bs-bitboard.h"
#include "bs-error.h"
#include "bs-modules.h"
#include "bs-ruleset.h"

enum {
  OPT_MAX_PLIES,
};

#define IKA_SPECIAL_NEST 0
#define IKA_RING 12

/* Move packing: type in bits 28-29, origin in bits 12-23, destination in
 * bits 0-11. */
#define IKA_TYPE_GROW  1u
#define IKA_TYPE_JUMP  2u
#define IKA_TYPE_PASS  3u
#define IKA_MOVE_GROW(c)      ((IKA_TYPE_GROW << 28) | (guint32) (c))
#define IKA_MOVE_JUMP(f, t)   ((IKA_TYPE_JUMP << 28) | ((guint32) (f) << 12) | (guint32) (t))
#define IKA_MOVE_PASS         (IKA_TYPE_PASS << 28)
#define IKA_MOVE_TYPE(m)      (((m) >> 28) & 3u)
#define IKA_MOVE_FROM(m)      ((int) (((m) >> 12) & 0xFFFu))
#define IKA_MOVE_TO(m)        ((int) ((m) & 0xFFFu))

/* Counter 0: consecutive passes (game state). */
#define IKA_COUNTER_PASSES   0

#define IKA_RANDOM_TRIES 48

G_STATIC_ASSERT (BS_POSITION_HEADER_SIZE % 8 == 0);

typedef struct {
  int           n_cells;
  int           nest[3];          /* [player] */
  const gint16 *nb;               /* [cell * 6 + dir] */
  gint16       *ring;             /* [cell * 12 + k], BS_NO_CELL padded */
  BsGrid        grid;             /* cells as bits (bs-bitboard.h) */
  guint64      *around;           /* [cell * n_words]: the cell and its neighbours */
  gsize         cache_offset;     /* from pos->cells, 8-aligned */
  gint16       *nest_distance;    /* [(player - 1) * n_cells + cell]: to that player's nest */
} IkaData;

/* The derived bytes, from cache_offset (valid while the position has
 * BS_POSITION_DERIVED): grid sets of each player's tokens, a function of
 * the cells. */
#define IKA_CACHE_SETS 2

BS_FORCE_INLINE static inline guint64 *
ika_own (const IkaData *data, const BsPosition *pos, int nw, int k)
{
  return (guint64 *) (gpointer) ((guint8 *) pos->cells + data->cache_offset) + k * nw;
}

static const BsOptionSpec ika_options[] = {
  /* Random games on any board end long before (docs/rules-decisions.md):
   * 30 plies per cell, 1,830 on the default 61 cells. */
  { "max-plies", BS_OPTION_INT, 0, 100000, 30 * 61, NULL,
    N_("Move limit"),
    N_("Plies after which the game ends as a draw (0: no limit); by default 30 per cell "
       "of the board"),
    30 },
};

static const BsKindSpec ika_kinds[] = {
  { "token", N_("Token"), FALSE, 0 },
};

static const BsSpecialSpec ika_specials[] = {
  { "nest", N_("Nest"), TRUE, TRUE, { NULL, "a1", "i9" } },
};

/* Computes the derived bytes from the cells. */
static void
ika_resync (const BsRuleset *rs, BsPosition *pos)
{
  const IkaData *data = rs->module_data;
  int nw = data->grid.n_words;
  guint64 *own = ika_own (data, pos, nw, 0);

  memset (own, 0, 8 * IKA_CACHE_SETS * (gsize) nw);
  for (int c = 0; c < data->n_cells; c++)
    if (pos->cells[c] != BS_CELL_EMPTY)
      bs_bits_add (own + (BS_CELL_OWNER (pos->cells[c]) - 1) * nw, data->grid.bit_of_cell[c]);
  pos->flags |= BS_POSITION_DERIVED;
}

/* A const position whose derived bytes are stale (cells set by hand):
 * the kernels work on a copy with them recomputed. */
static BsPosition *
ika_fresh_copy (const BsRuleset *rs, const BsPosition *pos)
{
  BsPosition *copy = bs_position_dup (rs, pos);

  ika_resync (rs, copy);
  return copy;
}

/* Player p's growths (empty cells next to their tokens) into out; returns
 * how many. */
BS_FORCE_INLINE static inline int
ika_growths (const IkaData *data, const BsPosition *pos, int nw, int p, guint64 *out)
{
  const BsGrid *grid = &data->grid;
  const guint64 *mine = ika_own (data, pos, nw, p - 1);
  const guint64 *theirs = ika_own (data, pos, nw, 2 - p);
  guint64 touch[BS_GRID_MAX_WORDS];
  int count = 0;

  bs_grid_dilate_hex (grid, nw, mine, touch);
  for (int w = 0; w < nw; w++)
    {
      out[w] = touch[w] & ~(mine[w] | theirs[w]);
      count += bs_popcount (out[w]);
    }
  return count;
}

static void ika_pick_kernels (BsRuleset *rs, int n_words);

static gboolean
ika_prepare (BsRuleset  *rs,
             GError    **error)
{
  IkaData *data;

  if (rs->n_dirs != 6)
    {
      g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_INVALID,
                   _("Ikabegamá is played on a hexagonal board, not on a %s board"),
                   bs_shape_to_string (bs_board_get_spec (rs->board)->shape));
      return FALSE;
    }
  if (rs->n_cells > 0xFFF)
    {
      g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_INVALID,
                   _("The board has %d cells; Ikabegamá allows at most %d"),
                   rs->n_cells, 0xFFF);
      return FALSE;
    }
  for (int p = 1; p <= 2; p++)
    if (rs->specials[IKA_SPECIAL_NEST][p] == BS_NO_CELL)
      {
        g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_INVALID,
                     _("Ikabegamá needs a nest for player %d on a cell of the board"), p);
        return FALSE;
      }
  if (rs->specials[IKA_SPECIAL_NEST][1] == rs->specials[IKA_SPECIAL_NEST][2])
    {
      g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_INVALID,
                   _("Both nests are on %s; the two nests must be different cells"),
                   bs_board_cell_label (rs->board, rs->specials[IKA_SPECIAL_NEST][1]));
      return FALSE;
    }
  if (rs->variant != NULL && rs->variant->setup != NULL)
    for (guint i = 0; i < rs->variant->setup->len; i++)
      {
        const BsVariantPiece *piece = &g_array_index (rs->variant->setup, BsVariantPiece, i);
        int cell = bs_board_find_cell (rs->board, piece->cell, NULL);
        if (cell != BS_NO_CELL
            && (cell == rs->specials[IKA_SPECIAL_NEST][1]
                || cell == rs->specials[IKA_SPECIAL_NEST][2]))
          {
            g_autofree char *where = bs_variant_where (rs->variant, piece->line);
            g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_INVALID,
                         _("%sa setup piece on %s: the nests start with their own "
                           "player's token, placed by the rules"),
                         where, piece->cell);
            return FALSE;
          }
      }

  data = g_new0 (IkaData, 1);
  if (!bs_grid_init (&data->grid, rs->board, 1))
    {
      /* Every hex board the engine accepts fits; this is a safeguard. */
      g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_INVALID,
                   _("Ikabegamá cannot be played on this board"));
      g_free (data);
      return FALSE;
    }
  data->n_cells = rs->n_cells;
  data->nest[0] = BS_NO_CELL;
  data->nest[1] = rs->specials[IKA_SPECIAL_NEST][1];
  data->nest[2] = rs->specials[IKA_SPECIAL_NEST][2];
  data->nb = rs->neighbours;
  data->ring = g_new (gint16, (gsize) rs->n_cells * IKA_RING);
  for (int c = 0; c < rs->n_cells; c++)
    {
      int len = 0;
      const gint16 *ring = bs_board_ring2 (rs->board, c, &len);
      g_assert (len <= IKA_RING);
      for (int k = 0; k < IKA_RING; k++)
        data->ring[c * IKA_RING + k] = k < len ? ring[k] : BS_NO_CELL;
    }
  data->around = g_new0 (guint64, (gsize) rs->n_cells * data->grid.n_words);
  for (int c = 0; c < rs->n_cells; c++)
    {
      guint64 one[BS_GRID_MAX_WORDS] = { 0 };

      bs_bits_add (one, data->grid.bit_of_cell[c]);
      bs_grid_dilate_hex (&data->grid, data->grid.n_words, one,
                          data->around + (gsize) c * data->grid.n_words);
    }
  data->nest_distance = g_new (gint16, 2 * (gsize) rs->n_cells);
  for (int p = 1; p <= 2; p++)
    for (int c = 0; c < rs->n_cells; c++)
      data->nest_distance[(p - 1) * rs->n_cells + c] =
        (gint16) bs_board_distance (rs->board, c, data->nest[p]);
  data->cache_offset = ((gsize) rs->n_cells + 7) & ~(gsize) 7;
  rs->module_data = data;
  ika_pick_kernels (rs, data->grid.n_words);

  rs->max_moves = (guint) rs->n_cells * (IKA_RING + 1) + 1;
  rs->extra_size = data->cache_offset - (gsize) rs->n_cells
                   + 8 * IKA_CACHE_SETS * (gsize) data->grid.n_words;
  /* Origin, destination and up to six flips. */
  rs->max_changes = MAX (rs->max_changes, 8u);
  return TRUE;
}

static void
ika_free_data (gpointer module_data)
{
  IkaData *data = module_data;

  bs_grid_clear (&data->grid);
  g_free (data->around);
  g_free (data->ring);
  g_free (data->nest_distance);
  g_free (data);
}

static void
ika_setup (const BsRuleset *rs,
           BsPosition      *pos,
           guint64          seed)
{
  const IkaData *data = rs->module_data;

  for (int p = 1; p <= 2; p++)
    bs_position_set_cell (rs->zobrist, pos, data->nest[p], BS_CELL_MAKE (p, 0, 0), NULL);
  pos->counter[IKA_COUNTER_PASSES] = 0;
  ika_resync (rs, pos);
}

/* Growths in cell order, then jumps by token in cell order; a pass when
 * there is neither. */
BS_FORCE_INLINE static inline guint
ika_generate_body (const BsRuleset  *rs,
                   const BsPosition *pos,
                   BsMove           *moves,
                   int               words)
{
  const IkaData *data = rs->module_data;
  const BsGrid *grid = &data->grid;
  const int nw = words ? words : grid->n_words;
  const guint8 *cells = pos->cells;
  guint64 grow[BS_GRID_MAX_WORDS];
  const guint64 *own;
  int p = pos->to_move;
  guint n = 0;

  if (G_UNLIKELY (!(pos->flags & BS_POSITION_DERIVED)))
    {
      g_autofree BsPosition *copy = ika_fresh_copy (rs, pos);
      return rs->generate (rs, copy, moves);
    }
  ika_growths (data, pos, nw, p, grow);
  for (int w = 0; w < nw; w++)
    for (guint64 bits = grow[w]; bits != 0; bits &= bits - 1)
      moves[n++] = IKA_MOVE_GROW (grid->cell_of_bit[w * 64 + bs_ctz (bits)]);
  own = ika_own (data, pos, nw, p - 1);
  for (int w = 0; w < nw; w++)
    for (guint64 bits = own[w]; bits != 0; bits &= bits - 1)
      {
        int s = grid->cell_of_bit[w * 64 + bs_ctz (bits)];
        const gint16 *ring = data->ring + s * IKA_RING;
        for (int k = 0; k < IKA_RING && ring[k] != BS_NO_CELL; k++)
          if (cells[ring[k]] == BS_CELL_EMPTY)
            moves[n++] = IKA_MOVE_JUMP (s, ring[k]);
      }
  if (n == 0)
    moves[n++] = IKA_MOVE_PASS;
  return n;
}

BS_BITOPS_KERNELS (guint, ika_generate,
                   (const BsRuleset *rs, const BsPosition *pos, BsMove *moves),
                   rs, pos, moves)

static guint
ika_generate (const BsRuleset  *rs,
              const BsPosition *pos,
              BsMove           *moves)
{
  return rs->generate (rs, pos, moves);
}

static G_NO_INLINE BsMove
ika_random_from_list (const BsRuleset  *rs,
                      const BsPosition *pos,
                      BsRng            *rng,
                      BsMove           *scratch)
{
  guint n_moves = rs->generate (rs, pos, scratch);

  return scratch[bs_rng_below (rng, n_moves)];
}

/* Uniform over the legal moves. Each try draws one slot among the growth
 * cells (every one a legal growth) and 12 jump slots per own token (legal
 * when that ring cell exists and is empty): each legal move has exactly
 * one slot, so each try picks each legal move with the same chance; after
 * IKA_RANDOM_TRIES misses the exact fallback is uniform too. */
BS_FORCE_INLINE static inline BsMove
ika_random_move_body (const BsRuleset  *rs,
                      const BsPosition *pos,
                      BsRng            *rng,
                      BsMove           *scratch,
                      int               words)
{
  const IkaData *data = rs->module_data;
  const BsGrid *grid = &data->grid;
  const int nw = words ? words : grid->n_words;
  const guint8 *cells = pos->cells;
  guint64 grow[BS_GRID_MAX_WORDS];
  const guint64 *own;
  int p = pos->to_move;
  int n_grow;
  guint32 slots;

  if (G_UNLIKELY (!(pos->flags & BS_POSITION_DERIVED)))
    {
      g_autofree BsPosition *copy = ika_fresh_copy (rs, pos);
      return rs->random_move (rs, copy, rng, scratch);
    }
  n_grow = ika_growths (data, pos, nw, p, grow);
  own = ika_own (data, pos, nw, p - 1);
  slots = (guint32) (n_grow + IKA_RING * pos->on_board[p - 1][0]);
  if (slots > 0)
    for (int t = 0; t < IKA_RANDOM_TRIES; t++)
      {
        guint32 s = bs_rng_below (rng, slots);
        int from, to;
        if (s < (guint32) n_grow)
          return IKA_MOVE_GROW (grid->cell_of_bit[bs_bits_select (grow, nw, (int) s)]);
        s -= (guint32) n_grow;
        from = grid->cell_of_bit[bs_bits_select (own, nw, (int) (s / IKA_RING))];
        to = data->ring[from * IKA_RING + s % IKA_RING];
        if (to != BS_NO_CELL && cells[to] == BS_CELL_EMPTY)
          return IKA_MOVE_JUMP (from, to);
      }
  return ika_random_from_list (rs, pos, rng, scratch);
}

BS_BITOPS_KERNELS (BsMove, ika_random_move,
                   (const BsRuleset *rs, const BsPosition *pos, BsRng *rng, BsMove *scratch),
                   rs, pos, rng, scratch)

static BsMove
ika_random_move (const BsRuleset  *rs,
                 const BsPosition *pos,
                 BsRng            *rng,
                 BsMove           *scratch)
{
  return rs->random_move (rs, pos, rng, scratch);
}

BS_FORCE_INLINE static inline void
ika_apply_body (const BsRuleset *rs,
                BsPosition      *pos,
                BsMove           move,
                BsUndo          *undo,
                int              words)
{
  const IkaData *data = rs->module_data;
  const BsGrid *grid = &data->grid;
  const int nw = words ? words : grid->n_words;
  int p = pos->to_move;
  int q = bs_opponent (p);

  if (G_UNLIKELY (!(pos->flags & BS_POSITION_DERIVED)))
    ika_resync (rs, pos);

  if (IKA_MOVE_TYPE (move) == IKA_TYPE_PASS)
    {
      pos->counter[IKA_COUNTER_PASSES]++;
      if (pos->counter[IKA_COUNTER_PASSES] >= 2)
        pos->result = BS_RESULT_DRAW;
    }
  else
    {
      guint64 *mine = ika_own (data, pos, nw, p - 1);
      guint64 *theirs = ika_own (data, pos, nw, q - 1);
      guint8 token = BS_CELL_MAKE (p, 0, 0);
      guint8 their_token = BS_CELL_MAKE (q, 0, 0);
      int to = IKA_MOVE_TO (move);
      const guint64 *around = data->around + (gsize) to * nw;

      pos->counter[IKA_COUNTER_PASSES] = 0;
      if (IKA_MOVE_TYPE (move) == IKA_TYPE_JUMP)
        {
          int from = IKA_MOVE_FROM (move);

          bs_position_replace_cell (rs->zobrist, pos, from, token, BS_CELL_EMPTY, undo);
          bs_bits_remove (mine, grid->bit_of_cell[from]);
        }
      bs_position_replace_cell (rs->zobrist, pos, to, BS_CELL_EMPTY, token, undo);
      bs_bits_add (mine, grid->bit_of_cell[to]);
      /* Every opponent token next to the destination turns. */
      for (int w = 0; w < nw; w++)
        {
          guint64 flips = around[w] & theirs[w];

          for (guint64 bits = flips; bits != 0; bits &= bits - 1)
            bs_position_replace_cell (rs->zobrist, pos, grid->cell_of_bit[w * 64 + bs_ctz (bits)],
                                      their_token, token, undo);
          theirs[w] &= ~flips;
          mine[w] |= flips;
        }
      /* Growth, jump or flip: only the mover's tokens can have reached a
       * nest, and only the opponent's nest wins. */
      if (BS_CELL_OWNER (pos->cells[data->nest[q]]) == p)
        pos->result = (guint8) p;
    }

  pos->flags |= BS_POSITION_DERIVED;
  pos->ply++;
  pos->to_move = (guint8) q;
  pos->step = 0;
}

BS_BITOPS_KERNELS_VOID (ika_apply,
                        (const BsRuleset *rs, BsPosition *pos, BsMove move, BsUndo *undo),
                        rs, pos, move, undo)

static void
ika_apply (const BsRuleset *rs,
           BsPosition      *pos,
           BsMove           move,
           BsUndo          *undo)
{
  rs->apply (rs, pos, move, undo);
}

/* The kernels for the board (bs-bitboard.h). */
static void
ika_pick_kernels (BsRuleset *rs, int n_words)
{
  rs->generate = BS_BITOPS_PICK (ika_generate, n_words);
  rs->random_move = BS_BITOPS_PICK (ika_random_move, n_words);
  rs->apply = BS_BITOPS_PICK (ika_apply, n_words);
}

static void
ika_scores (const BsRuleset  *rs,
            const BsPosition *pos,
            int               scores[2])
{
  scores[0] = bs_position_pieces (pos, 1);
  scores[1] = bs_position_pieces (pos, 2);
}

/* What the computer opponent judges a position by (bs-evaluation.h),
 * hand-set weights in tokens' worth (docs/SEARCH.md): the game is a race
 * into the other nest, so the distance (on the full grid, as jumps count
 * it) from a player's nearest token to the other nest, player 2's minus
 * player 1's (nearer is better); the tokens (each flip turns material
 * and the front); the growths (empty cells next to one's tokens). */
enum {
  IKA_FEATURE_MATERIAL,
  IKA_FEATURE_NEST_DISTANCE,
  IKA_FEATURE_GROWTHS,
  IKA_N_FEATURES
};

static const BsFeatureSpec ika_features[IKA_N_FEATURES] = {
  [IKA_FEATURE_MATERIAL] = { "material", 0.3 },
  [IKA_FEATURE_NEST_DISTANCE] = { "nest-distance", 1.0 },
  [IKA_FEATURE_GROWTHS] = { "growths", 0.05 },
};

static void
ika_feature_values_derived (const BsRuleset  *rs,
                            const BsPosition *pos,
                            double           *values)
{
  const IkaData *data = rs->module_data;
  const BsGrid *grid = &data->grid;
  int nw = grid->n_words;
  int tokens[2], nearest[2], growths[2];

  for (int k = 0; k < 2; k++)
    {
      const guint64 *own = ika_own (data, pos, nw, k);
      /* Player k + 1 races to the other player's nest. */
      const gint16 *distance = data->nest_distance + (gsize) (1 - k) * data->n_cells;
      guint64 out[BS_GRID_MAX_WORDS];

      tokens[k] = 0;
      nearest[k] = G_MAXINT16;
      for (int w = 0; w < nw; w++)
        for (guint64 bits = own[w]; bits != 0; bits &= bits - 1)
          {
            int c = grid->cell_of_bit[w * 64 + bs_ctz (bits)];

            tokens[k]++;
            nearest[k] = MIN (nearest[k], distance[c]);
          }
      growths[k] = ika_growths (data, pos, nw, k + 1, out);
    }
  /* A player without tokens is as far as the board is wide. */
  for (int k = 0; k < 2; k++)
    if (tokens[k] == 0)
      nearest[k] = 2 * (bs_board_n_cols (rs->board) + bs_board_n_rows (rs->board));
  values[IKA_FEATURE_MATERIAL] = tokens[0] - tokens[1];
  values[IKA_FEATURE_NEST_DISTANCE] = nearest[1] - nearest[0];
  values[IKA_FEATURE_GROWTHS] = growths[0] - growths[1];
}

static void
ika_feature_values (const BsRuleset  *rs,
                    const BsPosition *pos,
                    double           *values)
{
  if (pos->flags & BS_POSITION_DERIVED)
    ika_feature_values_derived (rs, pos, values);
  else
    {
      g_autofree BsPosition *copy = ika_fresh_copy (rs, pos);
      ika_feature_values_derived (rs, copy, values);
    }
}

static void
ika_format_move (const BsRuleset  *rs,
                 const BsPosition *pos,
                 BsMove            move,
                 GString          *out)
{
  switch (IKA_MOVE_TYPE (move))
    {
    case IKA_TYPE_GROW:
      g_string_append (out, bs_board_cell_label (rs->board, IKA_MOVE_TO (move)));
      break;
    case IKA_TYPE_JUMP:
      g_string_append_printf (out, "%s-%s",
                              bs_board_cell_label (rs->board, IKA_MOVE_FROM (move)),
                              bs_board_cell_label (rs->board, IKA_MOVE_TO (move)));
      break;
    case IKA_TYPE_PASS:
      g_string_append (out, "pass");
      break;
    default:
      g_string_append_printf (out, "?%08x", move);
      break;
    }
}

static gboolean
ika_parse_cell (const BsRuleset *rs,
                const char      *label,
                int             *cell,
                GError         **error)
{
  return bs_ruleset_parse_cell (rs, label, _("write a growth as d4, a jump as b2-d4, or pass"), cell, error);
}

static gboolean
ika_parse_move (const BsRuleset  *rs,
                const BsPosition *pos,
                const char       *text,
                BsMove           *move,
                GError          **error)
{
  g_auto (GStrv) parts = NULL;
  int from, to;

  if (g_str_equal (text, "pass"))
    {
      *move = IKA_MOVE_PASS;
      return TRUE;
    }
  if (*text == '\0')
    {
      g_set_error (error, BS_RULES_ERROR, BS_RULES_ERROR_MALFORMED,
                   _("empty move (write a growth as d4, a jump as b2-d4, or pass)"));
      return FALSE;
    }
  parts = g_strsplit (text, "-", 0);
  if (g_strv_length (parts) > 2)
    {
      g_set_error (error, BS_RULES_ERROR, BS_RULES_ERROR_MALFORMED,
                   _("a jump is written with one “-”, as in b2-d4"));
      return FALSE;
    }
  if (g_strv_length (parts) == 1)
    {
      if (!ika_parse_cell (rs, parts[0], &to, error))
        return FALSE;
      *move = IKA_MOVE_GROW (to);
      return TRUE;
    }
  if (!ika_parse_cell (rs, parts[0], &from, error)
      || !ika_parse_cell (rs, parts[1], &to, error))
    return FALSE;
  *move = IKA_MOVE_JUMP (from, to);
  return TRUE;
}

static char *
ika_explain (const BsRuleset  *rs,
             const BsPosition *pos,
             BsMove            move)
{
  const IkaData *data = rs->module_data;
  int p = pos->to_move;

  switch (IKA_MOVE_TYPE (move))
    {
    case IKA_TYPE_GROW:
      {
        int c = IKA_MOVE_TO (move);
        const char *label;
        if (c >= rs->n_cells)
          return g_strdup (_("no such cell"));
        label = bs_board_cell_label (rs->board, c);
        if (pos->cells[c] != BS_CELL_EMPTY)
          return g_strdup_printf (_("%s is occupied"), label);
        for (int d = 0; d < 6; d++)
          {
            int m = data->nb[c * 6 + d];
            if (m != BS_NO_CELL && BS_CELL_OWNER (pos->cells[m]) == p)
              return NULL;
          }
        return g_strdup_printf (_("%s is not next to any of your tokens, so you cannot "
                                  "grow there"), label);
      }

    case IKA_TYPE_JUMP:
      {
        int from = IKA_MOVE_FROM (move);
        int to = IKA_MOVE_TO (move);
        const char *lfrom, *lto;
        int dist;
        if (from >= rs->n_cells || to >= rs->n_cells)
          return g_strdup (_("no such cell"));
        lfrom = bs_board_cell_label (rs->board, from);
        lto = bs_board_cell_label (rs->board, to);
        if (BS_CELL_OWNER (pos->cells[from]) != p)
          return g_strdup_printf (_("%s holds no token of yours"), lfrom);
        if (pos->cells[to] != BS_CELL_EMPTY)
          return g_strdup_printf (_("%s is occupied"), lto);
        dist = bs_board_distance (rs->board, from, to);
        if (dist != 2)
          return g_strdup_printf (_("a jump goes exactly two cells away, and %s is %d "
                                    "from %s"), lto, dist, lfrom);
        return NULL;
      }

    case IKA_TYPE_PASS:
      {
        g_autofree BsMove *all = g_new (BsMove, rs->max_moves);

        if (rs->generate (rs, pos, all) == 1 && all[0] == IKA_MOVE_PASS)
          return NULL;
        /* A move still open, in words (never notation). */
        if (IKA_MOVE_TYPE (all[0]) == IKA_TYPE_JUMP)
          return g_strdup_printf (_("you can pass only when you have no move, and you can "
                                    "jump from %s to %s"),
                                  bs_board_cell_label (rs->board, IKA_MOVE_FROM (all[0])),
                                  bs_board_cell_label (rs->board, IKA_MOVE_TO (all[0])));
        return g_strdup_printf (_("you can pass only when you have no move, and you can "
                                  "grow on %s"),
                                bs_board_cell_label (rs->board, IKA_MOVE_TO (all[0])));
      }

    default:
      return g_strdup (_("not an Ikabegamá move"));
    }
}

/* How it is played: click an empty cell to grow, or a token then a cell
 * two away to jump; a forced pass is a move of its own. */
static const BsWordSpec ika_words[] = {
  { "pass", N_("_Pass"), N_("Pass: you have no growth and no jump."), FALSE },
};

static const BsPlaySpec ika_play = {
  .flags = BS_PLAY_PLACE | BS_PLAY_STEP,
  .piece_noun = N_("token"),
  .words = ika_words,
  .n_words = G_N_ELEMENTS (ika_words),
};

static void
ika_decode_move (const BsRuleset  *rs,
                 const BsPosition *pos,
                 BsMove            move,
                 BsMoveParts      *parts)
{
  switch (IKA_MOVE_TYPE (move))
    {
    case IKA_TYPE_GROW:
      parts->to = IKA_MOVE_TO (move);
      parts->kind = 0;
      break;
    case IKA_TYPE_JUMP:
      parts->from = IKA_MOVE_FROM (move);
      parts->to = IKA_MOVE_TO (move);
      break;
    case IKA_TYPE_PASS:
      parts->word = 0;
      break;
    default:
      break;
    }
}

static gboolean
ika_encode_move (const BsRuleset   *rs,
                 const BsPosition  *pos,
                 const BsMoveParts *parts,
                 BsMove            *move)
{
  if (parts->word == 0)
    *move = IKA_MOVE_PASS;
  else if (parts->word >= 0 || parts->to < 0 || parts->to >= rs->n_cells)
    return FALSE;
  else if (parts->from != BS_NO_CELL)
    {
      if (parts->from < 0 || parts->from >= rs->n_cells)
        return FALSE;
      *move = IKA_MOVE_JUMP (parts->from, parts->to);
    }
  else if (parts->kind <= 0)
    *move = IKA_MOVE_GROW (parts->to);
  else
    return FALSE;
  return TRUE;
}

static void
ika_explain_turn (const BsRuleset   *rs,
                  const BsPosition  *before,
                  const BsMove      *steps,
                  guint              n_steps,
                  BsTurnExplanation *out)
{
  const IkaData *data = rs->module_data;
  BsMove move = steps[0];
  int p = before->to_move;
  const char *who = bs_variant_display_player (rs->variant, p);
  g_autoptr(GString) flipped = g_string_new (NULL);
  int to, n_flipped = 0;

  if (IKA_MOVE_TYPE (move) == IKA_TYPE_PASS)
    {
      g_string_append_printf (out->summary, _("%s cannot move and passes."), who);
      return;
    }
  to = IKA_MOVE_TO (move);
  for (int d = 0; d < 6; d++)
    {
      int n = data->nb[to * 6 + d];

      if (n != BS_NO_CELL && BS_CELL_OWNER (before->cells[n]) == bs_opponent (p))
        {
          g_string_append_printf (flipped, "%s%s", n_flipped++ ? ", " : "",
                                  bs_board_cell_label (rs->board, n));
        }
    }
  if (IKA_MOVE_TYPE (move) == IKA_TYPE_JUMP)
    g_string_append_printf (out->summary, _("%s jumps from %s to %s"), who,
                            bs_board_cell_label (rs->board, IKA_MOVE_FROM (move)),
                            bs_board_cell_label (rs->board, to));
  else
    g_string_append_printf (out->summary, _("%s grows on %s"), who,
                            bs_board_cell_label (rs->board, to));
  g_string_append (out->summary, ": ");
  if (n_flipped == 0)
    g_string_append (out->summary, _("no token flips."));
  else
    /* TRANSLATORS: "2 tokens flip: e4, e5." */
    g_string_append_printf (out->summary, g_dngettext (GETTEXT_PACKAGE, "%d token flips: %s.",
                                                       "%d tokens flip: %s.", (gulong) n_flipped),
                            n_flipped, flipped->str);
}

/* A token is clicked to jump: it cannot when no cell two away is empty. */
static char *
ika_explain_piece (const BsRuleset  *rs,
                   const BsPosition *pos,
                   int               cell)
{
  const IkaData *data = rs->module_data;

  if (BS_CELL_OWNER (pos->cells[cell]) != pos->to_move)
    return NULL;
  for (int k = 0; k < IKA_RING; k++)
    {
      int c = data->ring[cell * IKA_RING + k];

      if (c != BS_NO_CELL && pos->cells[c] == BS_CELL_EMPTY)
        return NULL;
    }
  return g_strdup (_("no cell two cells away from it is empty, so it cannot jump"));
}

static void
ika_describe_rules (const BsRuleset *rs,
                    GString         *rules,
                    GString         *goal)
{
  const IkaData *data = rs->module_data;

  g_string_append (rules, _("In turn, each player either grows — puts a new token on an empty "
                            "cell next to one of their tokens — or jumps — moves one of their "
                            "tokens to an empty cell exactly two cells away. Then every "
                            "opposing token next to the cell reached becomes their own. A "
                            "player who can do neither passes; two passes in a row end the "
                            "game in a draw."));
  /* TRANSLATORS: "The first player with a token on the other's nest wins: Light's nest is a1,
   * Dark's is i9." */
  g_string_append_printf (goal, _("The first player to have a token on the other player’s nest "
                                  "wins: %s’s nest is %s, %s’s is %s."),
                          bs_variant_display_player (rs->variant, 1),
                          bs_board_cell_label (rs->board, data->nest[1]),
                          bs_variant_display_player (rs->variant, 2),
                          bs_board_cell_label (rs->board, data->nest[2]));
}

static const BsMeasureSpec ika_measures[] = {
  { "tokens", N_("Tokens") },
};

static void
ika_measure (const BsRuleset  *rs,
             const BsPosition *pos,
             int               values[][2])
{
  ika_scores (rs, pos, values[0]);
}

/* A token on the opposing nest, or two passes in a row. */
static BsEnding
ika_ending (const BsRuleset  *rs,
            const BsPosition *pos)
{
  return pos->counter[IKA_COUNTER_PASSES] >= 2 ? BS_ENDING_PASSES : BS_ENDING_GOAL;
}

static void
ika_describe_ending (const BsRuleset  *rs,
                     const BsPosition *pos,
                     BsEnding          ending,
                     GString          *out)
{
  const IkaData *data = rs->module_data;

  if (ending == BS_ENDING_PASSES)
    {
      g_string_append (out, _("Neither player could move: two passes in a row end the game "
                              "in a draw."));
      return;
    }
  if (pos->result == BS_RESULT_WIN_1 || pos->result == BS_RESULT_WIN_2)
    {
      int winner = pos->result;
      int nest = data->nest[bs_opponent (winner)];

      /* TRANSLATORS: "A Light token stands on Dark's nest (i9)." */
      g_string_append_printf (out, _("A %s token stands on %s’s nest (%s)."),
                              bs_variant_display_player (rs->variant, winner),
                              bs_variant_display_player (rs->variant, bs_opponent (winner)),
                              bs_board_cell_label (rs->board, nest));
    }
}

const BsModule bs_module_ikabegama = {
  .id = "ikabegama",
  .name = N_("Ikabegamá"),
  .description = N_("Grow and jump your tokens into the other player's nest"),
  .flags = 0,

  .options = ika_options,
  .n_options = G_N_ELEMENTS (ika_options),
  .kinds = ika_kinds,
  .n_kinds = G_N_ELEMENTS (ika_kinds),
  .unlimited_supply = TRUE,
  .specials = ika_specials,
  .n_specials = G_N_ELEMENTS (ika_specials),

  .shapes = (1u << BS_SHAPE_HEXAGON) | (1u << BS_SHAPE_LIMPING)
            | (1u << BS_SHAPE_HEX_RHOMBUS),
  .square_adjacency = 0,
  .min_side = 2,
  .max_side = 32,
  .min_size = 2,
  .max_size = 18,

  .default_board = { .shape = BS_SHAPE_HEXAGON, .size = 5, .adjacency = 6 },
  .default_player_names = { N_("Light"), N_("Dark") },
  .default_player_colors = { "#f2efe6", "#2b2b2b" },

  .prepare = ika_prepare,
  .free_data = ika_free_data,
  .setup = ika_setup,
  .generate = ika_generate,
  .random_move = ika_random_move,
  .apply = ika_apply,
  .scores = ika_scores,
  .measures = ika_measures,
  .n_measures = G_N_ELEMENTS (ika_measures),
  .measure = ika_measure,
  .features = ika_features,
  /* Measured: cut=4 against the plain search, 18–0–2 at 0.1 CPU s (docs/SEARCH.md). */
  .playout_cut = 4,
  .n_features = IKA_N_FEATURES,
  .feature_values = ika_feature_values,
  .ending = ika_ending,
  .describe_ending = ika_describe_ending,
  .play = &ika_play,
  .decode_move = ika_decode_move,
  .encode_move = ika_encode_move,
  .explain_turn = ika_explain_turn,
  .explain_piece = ika_explain_piece,
  .describe_rules = ika_describe_rules,
  .format_move = ika_format_move,
  .parse_move = ika_parse_move,
  .explain = ika_explain,
};
