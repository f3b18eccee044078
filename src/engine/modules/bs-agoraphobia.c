/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-agoraphobia.c: Agoraphobia (RULES.md, seed 000).
 *
 * Players place small or large pieces on a hex board; a placed piece pushes
 * every adjacent piece straight away from it, `push-small` or `push-large`
 * cells, each pushed piece stopping early at the edge, a hole or before an
 * occupied cell. A placement is legal only if some adjacent piece moves the
 * full distance of the placed kind (except during the first
 * `opening-free-placements` plies). The game ends when the player to move
 * cannot place any remaining piece; the larger weighted largest group loses.
 *
 * A move is a cell index with the kind in bits 12-13. There are no passes. */

#define G_LOG_DOMAIN "boardsmith-agoraphobia"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "bs-bitboard.h"
#include "bs-error.h"
#include "bs-module.h"
#include "bs-position.h"
#include "bs-ruleset.h"
#include "bs-variant.h"

enum {
  OPT_PUSH_SMALL,
  OPT_PUSH_LARGE,
  OPT_OPENING_FREE,
  OPT_LARGE_WEIGHT,
  OPT_MAX_PLIES,
  N_OPTIONS
};

enum {
  KIND_SMALL,
  KIND_LARGE,
  N_KINDS
};

#define N_HEX_DIRS 6
#define MOVE_KIND_SHIFT 12
#define MOVE_CELL_MASK  0xFFF

static inline BsMove
move_make (int cell, int kind)
{
  return (BsMove) cell | ((BsMove) kind << MOVE_KIND_SHIFT);
}

static inline int
move_cell (BsMove move)
{
  return (int) (move & MOVE_CELL_MASK);
}

static inline int
move_kind (BsMove move)
{
  return (int) ((move >> MOVE_KIND_SHIFT) & 0xF);
}

static const BsOptionSpec agoraphobia_options[N_OPTIONS] = {
  [OPT_PUSH_SMALL] = {
    "push-small", BS_OPTION_INT, 1, 6, 1, NULL,
    N_("Small push distance"),
    N_("How many cells a placed small piece pushes its neighbours"),
  },
  [OPT_PUSH_LARGE] = {
    "push-large", BS_OPTION_INT, 1, 6, 2, NULL,
    N_("Large push distance"),
    N_("How many cells a placed large piece pushes its neighbours"),
  },
  [OPT_OPENING_FREE] = {
    "opening-free-placements", BS_OPTION_INT, 0, 20, 2, NULL,
    N_("Free opening placements"),
    N_("Plies at the start whose placement need not push any piece"),
  },
  [OPT_LARGE_WEIGHT] = {
    "large-weight", BS_OPTION_INT, 1, 10, 2, NULL,
    N_("Large piece weight"),
    N_("What a large piece counts in the size of a group"),
  },
  [OPT_MAX_PLIES] = {
    "max-plies", BS_OPTION_INT, 0, 100000, 0, NULL,
    N_("Move limit"),
    N_("Plies after which the game ends as a draw (0: no limit)"),
  },
};

static const BsKindSpec agoraphobia_kinds[N_KINDS] = {
  [KIND_SMALL] = { "small", N_("Small"), FALSE, 10, BS_KIND_SIZE_SMALL },
  [KIND_LARGE] = { "large", N_("Large"), FALSE, 5, BS_KIND_SIZE_LARGE },
};

static const char * const kind_letters[N_KINDS] = { "S", "L" };

static int
push_distance (const BsRuleset *rs,
               int              kind)
{
  return kind == KIND_LARGE ? rs->options[OPT_PUSH_LARGE] : rs->options[OPT_PUSH_SMALL];
}

/* Legal placements are found with grid bit sets (bs-bitboard.h): bit
 * `row * stride + col`, with a guard column that stops rays at the left
 * and right edges, so that every hex direction is a constant shift. The
 * module's explain() walks the neighbour table instead (mark_legal), and
 * the tests compare the two.
 *
 * Derived bytes (from cache_offset, trusted while the position has
 * BS_POSITION_DERIVED): the pieces of each player and the large pieces as
 * grid sets, then the legal placements of the player to move (small,
 * large) with the key they were computed for (to_move, free ply, kinds in
 * hand), so that a random move reads what apply found when it checked for
 * the end. All of it is a function of the position. */
typedef struct {
  BsGrid grid;
  gsize  cache_offset;           /* from pos->cells, 8-aligned */
} AgoraphobiaData;

enum {
  SET_OWN_1,
  SET_OWN_2,
  SET_LARGE,
  SET_LEGAL_SMALL,
  SET_LEGAL_LARGE,
  N_SETS
};

BS_FORCE_INLINE static inline guint64 *
derived_set (const AgoraphobiaData *data, const BsPosition *pos, int nw, int set)
{
  return (guint64 *) (gpointer) ((guint8 *) pos->cells + data->cache_offset) + set * nw;
}

/* The key word after the sets. */
BS_FORCE_INLINE static inline guint64 *
legal_key (const AgoraphobiaData *data, const BsPosition *pos, int nw)
{
  return derived_set (data, pos, nw, N_SETS);
}

static void pick_kernels (BsRuleset *rs, int n_words);

static gboolean
agoraphobia_prepare (BsRuleset  *rs,
                     GError    **error)
{
  AgoraphobiaData *data;

  if (rs->n_dirs != N_HEX_DIRS)
    {
      g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_INVALID,
                   _("Agoraphobia is played on a hex board, not on a board with %d directions"),
                   rs->n_dirs);
      return FALSE;
    }
  if (rs->n_cells > MOVE_CELL_MASK)
    {
      g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_INVALID,
                   _("Agoraphobia boards have at most %d cells, not %d"),
                   MOVE_CELL_MASK, rs->n_cells);
      return FALSE;
    }
  data = g_new0 (AgoraphobiaData, 1);
  if (!bs_grid_init (&data->grid, rs->board, 1))
    {
      /* Every hex board the engine accepts fits; this is a safeguard. */
      g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_INVALID,
                   _("Agoraphobia cannot be played on this board"));
      g_free (data);
      return FALSE;
    }
  data->cache_offset = ((gsize) rs->n_cells + 7) & ~(gsize) 7;
  rs->module_data = data;
  rs->extra_size = data->cache_offset - (gsize) rs->n_cells
                   + 8 * (N_SETS * (gsize) data->grid.n_words + 1);
  pick_kernels (rs, data->grid.n_words);
  rs->max_moves = (guint) rs->n_cells * N_KINDS;
  /* The placed cell, then one piece off and onto a cell per direction. */
  rs->max_changes = 1 + 2 * N_HEX_DIRS;
  return TRUE;
}

static void
agoraphobia_free_data (gpointer module_data)
{
  AgoraphobiaData *data = module_data;

  bs_grid_clear (&data->grid);
  g_free (data);
}

/* Number of empty cells beyond `cell` along `dir`, stopping at the edge, a
 * hole or an occupied cell, counting at most `limit`. */
static inline int
free_run (const gint16 *neighbours,
          const guint8 *cells,
          int           cell,
          int           dir,
          int           limit)
{
  int run = 0;

  while (run < limit)
    {
      int next = neighbours[cell * N_HEX_DIRS + dir];

      if (next < 0 || cells[next] != BS_CELL_EMPTY)
        break;
      cell = next;
      run++;
    }
  return run;
}

static inline gboolean
is_free_ply (const BsRuleset  *rs,
             const BsPosition *pos)
{
  return pos->ply < (guint32) rs->options[OPT_OPENING_FREE];
}

/* Which kinds are legal on each empty cell: bit (1 << kind) in legal[cell].
 * Worked from the pieces: the piece on `n` moves `run` cells if placed on
 * the empty cell behind it, so that cell is legal for every kind whose
 * distance is at most run. Returns the number of (cell, kind) pairs. */
static guint
mark_legal (const BsRuleset  *rs,
            const BsPosition *pos,
            const int         kinds_mask,
            guint8           *legal)
{
  const guint8 *cells = pos->cells;
  const gint16 *neighbours = rs->neighbours;
  int ds = rs->options[OPT_PUSH_SMALL];
  int dl = rs->options[OPT_PUSH_LARGE];
  int limit = MAX (ds, dl);
  guint count = 0;

  memset (legal, 0, (gsize) rs->n_cells);

  if (is_free_ply (rs, pos))
    {
      for (int c = 0; c < rs->n_cells; c++)
        if (cells[c] == BS_CELL_EMPTY)
          {
            legal[c] = (guint8) kinds_mask;
            count++;
          }
      return count * (guint) (kinds_mask == 3 ? 2 : 1);
    }

  for (int n = 0; n < rs->n_cells; n++)
    {
      if (cells[n] == BS_CELL_EMPTY)
        continue;
      for (int d = 0; d < N_HEX_DIRS; d++)
        {
          int behind = neighbours[n * N_HEX_DIRS + (d + 3) % N_HEX_DIRS];
          int run, mask;

          if (behind < 0 || cells[behind] != BS_CELL_EMPTY
              || (legal[behind] & kinds_mask) == kinds_mask)
            continue;
          run = free_run (neighbours, cells, n, d, limit);
          mask = ((run >= ds) << KIND_SMALL) | ((run >= dl) << KIND_LARGE);
          mask &= kinds_mask & ~legal[behind];
          if (mask != 0)
            {
              legal[behind] |= (guint8) mask;
              count += (guint) ((mask & 1) + (mask >> 1));
            }
        }
    }
  return count;
}

static int
available_kinds (const BsPosition *pos,
                 int               player)
{
  return (pos->supply[player - 1][KIND_SMALL] > 0 ? 1 << KIND_SMALL : 0)
       | (pos->supply[player - 1][KIND_LARGE] > 0 ? 1 << KIND_LARGE : 0);
}


/* What the legal placements depend on besides the cells. */
BS_FORCE_INLINE static inline guint64
legal_key_of (const BsRuleset *rs, const BsPosition *pos)
{
  return 1u | (guint64) pos->to_move << 8 | (guint64) is_free_ply (rs, pos) << 16
         | (guint64) available_kinds (pos, pos->to_move) << 24;
}

/* Placements of distance ds and dl along one direction, seen through
 * `toward` (a shift by s; see legal_sets): cells c that are empty, with
 * c + s occupied and c + 2s .. c + (k + 1)s empty. */
#define PUSH_RAYS(toward)                                                   \
  G_STMT_START {                                                            \
    guint64 ray[BS_GRID_MAX_WORDS], acc[BS_GRID_MAX_WORDS];                 \
    for (int w = 0; w < nw; w++)                                            \
      {                                                                     \
        ray[w] = toward (empty, w);      /* bit c: c + s is empty */        \
        acc[w] = empty[w] & toward (occupied, w);                           \
      }                                                                     \
    for (int j = 1; j <= limit; j++)                                        \
      {                                                                     \
        guint64 next[BS_GRID_MAX_WORDS];                                    \
        for (int w = 0; w < nw; w++)                                        \
          next[w] = toward (ray, w);     /* bit c: c + (j + 1)s is empty */ \
        for (int w = 0; w < nw; w++)                                        \
          {                                                                 \
            ray[w] = next[w];                                               \
            acc[w] &= next[w];                                              \
            found_small[w] |= j == ds ? acc[w] : 0;                         \
            found_large[w] |= j == dl ? acc[w] : 0;                         \
          }                                                                 \
      }                                                                     \
  } G_STMT_END

/* The legal placements of the player to move as grid sets, one per kind
 * (empty for a kind the player has none of); returns how many (cell,
 * kind) pairs. Directions come in opposite pairs of shifts +s and -s, so
 * the words shift without testing the sign. ds and dl are the push
 * distances (constants for the default options). */
BS_FORCE_INLINE static inline int
compute_legal (const BsRuleset  *rs,
               const BsPosition *pos,
               int               nw,
               int               ds,
               int               dl,
               guint64          *small,
               guint64          *large)
{
  const AgoraphobiaData *data = rs->module_data;
  const BsGrid *grid = &data->grid;
  const guint64 *own1 = derived_set (data, pos, nw, SET_OWN_1);
  const guint64 *own2 = derived_set (data, pos, nw, SET_OWN_2);
  int kinds = available_kinds (pos, pos->to_move);
  int limit = MAX (ds, dl);
  guint64 occupied[BS_GRID_MAX_WORDS], empty[BS_GRID_MAX_WORDS];
  guint64 found_small[BS_GRID_MAX_WORDS], found_large[BS_GRID_MAX_WORDS];
  int count = 0;

  for (int w = 0; w < nw; w++)
    {
      occupied[w] = own1[w] | own2[w];
      empty[w] = grid->valid[w] & ~occupied[w];
      found_small[w] = found_large[w] = 0;
    }
  if (kinds == 0)
    ;
  else if (is_free_ply (rs, pos))
    for (int w = 0; w < nw; w++)
      found_small[w] = found_large[w] = empty[w];
  else
    /* Directions 0, 1, 2 have the shifts 1, stride + 1, stride, and
     * directions 3, 4, 5 their opposites. */
    for (int d = 0; d < 3; d++)
      {
        int s = grid->shift[d];
#define UP(x, w) ((x)[w] >> s | ((w) + 1 < nw ? (x)[(w) + 1] << (64 - s) : 0))
#define DOWN(x, w) ((x)[w] << s | ((w) > 0 ? (x)[(w) - 1] >> (64 - s) : 0))
        PUSH_RAYS (UP);
        PUSH_RAYS (DOWN);
#undef UP
#undef DOWN
      }
  for (int w = 0; w < nw; w++)
    {
      small[w] = kinds & (1 << KIND_SMALL) ? found_small[w] : 0;
      large[w] = kinds & (1 << KIND_LARGE) ? found_large[w] : 0;
      count += bs_popcount (small[w]) + bs_popcount (large[w]);
    }
  return count;
}

/* compute_legal with the push distances of the options, constant when
 * they are the default ones. */
BS_FORCE_INLINE static inline int
legal_sets (const BsRuleset  *rs,
            const BsPosition *pos,
            int               nw,
            guint64          *small,
            guint64          *large)
{
  int ds = rs->options[OPT_PUSH_SMALL];
  int dl = rs->options[OPT_PUSH_LARGE];

  if (ds == 1 && dl == 2)
    return compute_legal (rs, pos, nw, 1, 2, small, large);
  return compute_legal (rs, pos, nw, ds, dl, small, large);
}

/* The legal placements of the player to move: those apply stored when
 * they are for this position, else computed. */
BS_FORCE_INLINE static inline void
read_legal (const BsRuleset  *rs,
            const BsPosition *pos,
            int               nw,
            guint64          *small,
            guint64          *large)
{
  const AgoraphobiaData *data = rs->module_data;

  if (G_LIKELY (*legal_key (data, pos, nw) == legal_key_of (rs, pos)))
    {
      memcpy (small, derived_set (data, pos, nw, SET_LEGAL_SMALL), 8 * (gsize) nw);
      memcpy (large, derived_set (data, pos, nw, SET_LEGAL_LARGE), 8 * (gsize) nw);
    }
  else
    legal_sets (rs, pos, nw, small, large);
}

/* Weighted largest group and number of groups of each player, from the
 * derived sets: each group grows from its lowest cell, a whole frontier
 * at a time. */
static void
measure_groups_derived (const BsRuleset  *rs,
                        const BsPosition *pos,
                        int               largest[2],
                        int               groups[2])
{
  const AgoraphobiaData *data = rs->module_data;
  const BsGrid *grid = &data->grid;
  int nw = grid->n_words;
  const guint64 *large = derived_set (data, pos, nw, SET_LARGE);
  int weight_large = rs->options[OPT_LARGE_WEIGHT];

  for (int p = 0; p < 2; p++)
    {
      guint64 rest[BS_GRID_MAX_WORDS], group[BS_GRID_MAX_WORDS];
      guint64 frontier[BS_GRID_MAX_WORDS], grown[BS_GRID_MAX_WORDS];

      memcpy (rest, derived_set (data, pos, nw, SET_OWN_1 + p), 8 * (gsize) nw);
      largest[p] = groups[p] = 0;
      for (int w = 0; w < nw; w++)
        while (rest[w] != 0)
          {
            guint64 any;
            int size = 0;

            memset (frontier, 0, 8 * (gsize) nw);
            frontier[w] = rest[w] & -rest[w];
            rest[w] &= ~frontier[w];
            memcpy (group, frontier, 8 * (gsize) nw);
            do
              {
                bs_grid_dilate_hex (grid, nw, frontier, grown);
                any = 0;
                for (int i = 0; i < nw; i++)
                  {
                    frontier[i] = grown[i] & rest[i];
                    rest[i] &= ~frontier[i];
                    group[i] |= frontier[i];
                    any |= frontier[i];
                  }
              }
            while (any != 0);
            for (int i = 0; i < nw; i++)
              size += bs_popcount (group[i] & ~large[i])
                      + weight_large * bs_popcount (group[i] & large[i]);
            groups[p]++;
            largest[p] = MAX (largest[p], size);
          }
    }
}

/* Computes the derived bytes from the position. */
static void
resync (const BsRuleset *rs, BsPosition *pos)
{
  const AgoraphobiaData *data = rs->module_data;
  int nw = data->grid.n_words;

  memset (derived_set (data, pos, nw, 0), 0, 8 * (N_SETS * (gsize) nw + 1));
  for (int c = 0; c < rs->n_cells; c++)
    {
      guint8 v = pos->cells[c];

      if (v == BS_CELL_EMPTY)
        continue;
      bs_bits_add (derived_set (data, pos, nw, SET_OWN_1 + BS_CELL_OWNER (v) - 1),
                   data->grid.bit_of_cell[c]);
      if (BS_CELL_KIND (v) == KIND_LARGE)
        bs_bits_add (derived_set (data, pos, nw, SET_LARGE), data->grid.bit_of_cell[c]);
    }
  legal_sets (rs, pos, nw, derived_set (data, pos, nw, SET_LEGAL_SMALL),
              derived_set (data, pos, nw, SET_LEGAL_LARGE));
  *legal_key (data, pos, nw) = legal_key_of (rs, pos);
  pos->flags |= BS_POSITION_DERIVED;
}

/* A const position whose derived bytes are stale (cells set by hand):
 * the kernels work on a copy with them recomputed. */
static BsPosition *
fresh_copy (const BsRuleset *rs, const BsPosition *pos)
{
  BsPosition *copy = bs_position_dup (rs, pos);

  resync (rs, copy);
  return copy;
}

/* The same for any position. */
static void
measure_groups (const BsRuleset  *rs,
                const BsPosition *pos,
                int               largest[2],
                int               groups[2])
{
  if (pos->flags & BS_POSITION_DERIVED)
    measure_groups_derived (rs, pos, largest, groups);
  else
    {
      g_autofree BsPosition *copy = fresh_copy (rs, pos);
      measure_groups_derived (rs, copy, largest, groups);
    }
}

static BsResult
final_result (const BsRuleset  *rs,
              const BsPosition *pos)
{
  int largest[2], groups[2];

  measure_groups_derived (rs, pos, largest, groups);
  /* The larger largest group loses. */
  if (largest[0] != largest[1])
    return largest[0] > largest[1] ? BS_RESULT_WIN_2 : BS_RESULT_WIN_1;
  /* Then more groups wins. */
  if (groups[0] != groups[1])
    return groups[0] > groups[1] ? BS_RESULT_WIN_1 : BS_RESULT_WIN_2;
  return BS_RESULT_DRAW;
}

static void
agoraphobia_setup (const BsRuleset *rs,
                   BsPosition      *pos,
                   guint64          seed)
{
  const AgoraphobiaData *data = rs->module_data;
  int nw = data->grid.n_words;

  /* No random setup; but the start may already be over (no free opening
   * placement on an empty board, or empty supplies). */
  resync (rs, pos);
  if (bs_bits_count (derived_set (data, pos, nw, SET_LEGAL_SMALL), nw) == 0
      && bs_bits_count (derived_set (data, pos, nw, SET_LEGAL_LARGE), nw) == 0)
    pos->result = (guint8) final_result (rs, pos);
}

BS_FORCE_INLINE static inline guint
agoraphobia_generate_body (const BsRuleset  *rs,
                           const BsPosition *pos,
                           BsMove           *moves,
                           int               words)
{
  const AgoraphobiaData *data = rs->module_data;
  const BsGrid *grid = &data->grid;
  const int nw = words ? words : grid->n_words;
  guint64 small[BS_GRID_MAX_WORDS], large[BS_GRID_MAX_WORDS];
  guint n = 0;

  if (G_UNLIKELY (!(pos->flags & BS_POSITION_DERIVED)))
    {
      g_autofree BsPosition *copy = fresh_copy (rs, pos);
      return rs->generate (rs, copy, moves);
    }
  read_legal (rs, pos, nw, small, large);
  /* Bits run in cell order, as the generic list does. */
  for (int w = 0; w < nw; w++)
    for (guint64 all = small[w] | large[w]; all != 0; all &= all - 1)
      {
        int bit = bs_ctz (all);
        int cell = grid->cell_of_bit[w * 64 + bit];

        if (small[w] >> bit & 1)
          moves[n++] = move_make (cell, KIND_SMALL);
        if (large[w] >> bit & 1)
          moves[n++] = move_make (cell, KIND_LARGE);
      }
  return n;
}

BS_BITOPS_KERNELS (guint, agoraphobia_generate,
                   (const BsRuleset *rs, const BsPosition *pos, BsMove *moves),
                   rs, pos, moves)

static guint
agoraphobia_generate (const BsRuleset  *rs,
                      const BsPosition *pos,
                      BsMove           *moves)
{
  return rs->generate (rs, pos, moves);
}

/* Uniform over generate's (cell, kind) pairs, without writing the list. */
BS_FORCE_INLINE static inline BsMove
agoraphobia_random_move_body (const BsRuleset  *rs,
                              const BsPosition *pos,
                              BsRng            *rng,
                              BsMove           *scratch,
                              int               words)
{
  const AgoraphobiaData *data = rs->module_data;
  const BsGrid *grid = &data->grid;
  const int nw = words ? words : grid->n_words;
  guint64 small[BS_GRID_MAX_WORDS], large[BS_GRID_MAX_WORDS];
  int n_small, n_large, pick;

  if (G_UNLIKELY (!(pos->flags & BS_POSITION_DERIVED)))
    {
      g_autofree BsPosition *copy = fresh_copy (rs, pos);
      return rs->random_move (rs, copy, rng, scratch);
    }
  read_legal (rs, pos, nw, small, large);
  n_small = bs_bits_count (small, nw);
  n_large = bs_bits_count (large, nw);
  g_assert (n_small + n_large > 0);
  pick = (int) bs_rng_below (rng, (guint32) (n_small + n_large));
  if (pick < n_small)
    return move_make (grid->cell_of_bit[bs_bits_select (small, nw, pick)], KIND_SMALL);
  return move_make (grid->cell_of_bit[bs_bits_select (large, nw, pick - n_small)], KIND_LARGE);
}

BS_BITOPS_KERNELS (BsMove, agoraphobia_random_move,
                   (const BsRuleset *rs, const BsPosition *pos, BsRng *rng, BsMove *scratch),
                   rs, pos, rng, scratch)

static BsMove
agoraphobia_random_move (const BsRuleset  *rs,
                         const BsPosition *pos,
                         BsRng            *rng,
                         BsMove           *scratch)
{
  return rs->random_move (rs, pos, rng, scratch);
}

/* Moves a piece's bits from one cell's bit to another's. */
BS_FORCE_INLINE static inline void
move_bits (guint64 *set, int from, int to)
{
  guint64 had = (set[from >> 6] >> (from & 63)) & 1;

  set[from >> 6] &= ~BS_BIT (from & 63);
  set[to >> 6] |= had << (to & 63);
}

BS_FORCE_INLINE static inline void
agoraphobia_apply_body (const BsRuleset *rs,
                        BsPosition      *pos,
                        BsMove           move,
                        BsUndo          *undo,
                        int              words)
{
  const AgoraphobiaData *data = rs->module_data;
  const BsGrid *grid = &data->grid;
  const int nw = words ? words : grid->n_words;
  const gint16 *neighbours = rs->neighbours;
  guint8 *cells = pos->cells;
  guint64 *large;
  guint64 *legal_small, *legal_large;
  int cell = move_cell (move);
  int kind = move_kind (move);
  int player = pos->to_move;
  int distance = push_distance (rs, kind);
  int bit;

  g_assert (cell < rs->n_cells && cells[cell] == BS_CELL_EMPTY);
  g_assert (pos->supply[player - 1][kind] > 0);

  if (G_UNLIKELY (!(pos->flags & BS_POSITION_DERIVED)))
    resync (rs, pos);
  large = derived_set (data, pos, nw, SET_LARGE);

  bs_position_replace_cell (rs->zobrist, pos, cell, BS_CELL_EMPTY, BS_CELL_MAKE (player, kind, 0),
                            undo);
  bit = grid->bit_of_cell[cell];
  bs_bits_add (derived_set (data, pos, nw, SET_OWN_1 + player - 1), bit);
  large[bit >> 6] |= (guint64) (kind == KIND_LARGE) << (bit & 63);
  pos->supply[player - 1][kind]--;

  /* The six rays are disjoint: push each neighbour in turn. */
  for (int d = 0; d < N_HEX_DIRS; d++)
    {
      int n = neighbours[cell * N_HEX_DIRS + d];
      int run, target, from_bit, to_bit;
      guint8 piece;

      if (n < 0 || cells[n] == BS_CELL_EMPTY)
        continue;
      run = free_run (neighbours, cells, n, d, distance);
      if (run == 0)
        continue;
      target = n;
      for (int i = 0; i < run; i++)
        target = neighbours[target * N_HEX_DIRS + d];
      piece = cells[n];
      bs_position_replace_cell (rs->zobrist, pos, target, BS_CELL_EMPTY, piece, undo);
      bs_position_replace_cell (rs->zobrist, pos, n, piece, BS_CELL_EMPTY, undo);
      from_bit = grid->bit_of_cell[n];
      to_bit = grid->bit_of_cell[target];
      move_bits (derived_set (data, pos, nw, SET_OWN_1 + BS_CELL_OWNER (piece) - 1),
                 from_bit, to_bit);
      move_bits (large, from_bit, to_bit);
    }

  pos->flags |= BS_POSITION_DERIVED;
  pos->ply++;
  pos->to_move = (guint8) bs_opponent (player);

  /* The next player's placements, for the end and the next random move. */
  legal_small = derived_set (data, pos, nw, SET_LEGAL_SMALL);
  legal_large = derived_set (data, pos, nw, SET_LEGAL_LARGE);
  if (legal_sets (rs, pos, nw, legal_small, legal_large) == 0)
    pos->result = (guint8) final_result (rs, pos);
  *legal_key (data, pos, nw) = legal_key_of (rs, pos);
}

BS_BITOPS_KERNELS_VOID (agoraphobia_apply,
                        (const BsRuleset *rs, BsPosition *pos, BsMove move, BsUndo *undo),
                        rs, pos, move, undo)

static void
agoraphobia_apply (const BsRuleset *rs,
                   BsPosition      *pos,
                   BsMove           move,
                   BsUndo          *undo)
{
  rs->apply (rs, pos, move, undo);
}

/* The kernels for the board (bs-bitboard.h). */
static void
pick_kernels (BsRuleset *rs, int n_words)
{
  rs->generate = BS_BITOPS_PICK (agoraphobia_generate, n_words);
  rs->random_move = BS_BITOPS_PICK (agoraphobia_random_move, n_words);
  rs->apply = BS_BITOPS_PICK (agoraphobia_apply, n_words);
}

static void
agoraphobia_scores (const BsRuleset  *rs,
                    const BsPosition *pos,
                    int               scores[2])
{
  int groups[2];

  measure_groups (rs, pos, scores, groups);
}

static void
agoraphobia_format_move (const BsRuleset  *rs,
                         const BsPosition *pos,
                         BsMove            move,
                         GString          *out)
{
  int kind = move_kind (move);
  int cell = move_cell (move);

  if (kind >= N_KINDS || cell >= rs->n_cells)
    {
      g_string_append_printf (out, "?%u", (guint) move);
      return;
    }
  g_string_append (out, kind_letters[kind]);
  g_string_append_c (out, '@');
  g_string_append (out, bs_board_cell_label (rs->board, cell));
}

static gboolean
agoraphobia_parse_move (const BsRuleset  *rs,
                        const BsPosition *pos,
                        const char       *text,
                        BsMove           *move,
                        GError          **error)
{
  const char *label;
  gboolean is_hole = FALSE;
  int kind, cell;

  if (text[0] == 'S')
    kind = KIND_SMALL;
  else if (text[0] == 'L')
    kind = KIND_LARGE;
  else
    {
      g_set_error (error, BS_RULES_ERROR, BS_RULES_ERROR_MALFORMED,
                   _("write S@d4 to place a small piece on d4, L@d4 for a large one"));
      return FALSE;
    }
  if (text[1] != '@' || text[2] == '\0')
    {
      g_set_error (error, BS_RULES_ERROR, BS_RULES_ERROR_MALFORMED,
                   _("expected “%s@” and a cell, as in %s@d4"),
                   kind_letters[kind], kind_letters[kind]);
      return FALSE;
    }
  label = text + 2;
  cell = bs_board_find_cell (rs->board, label, &is_hole);
  if (cell == BS_NO_CELL)
    {
      if (is_hole)
        g_set_error (error, BS_RULES_ERROR, BS_RULES_ERROR_MALFORMED,
                     _("%s is a hole in this board"), label);
      else
        g_set_error (error, BS_RULES_ERROR, BS_RULES_ERROR_MALFORMED,
                     _("there is no cell %s on this board"), label);
      return FALSE;
    }
  *move = move_make (cell, kind);
  return TRUE;
}

static const char *
cells_in_words (int n)
{
  static const char * const words[] = {
    N_("zero cells"), N_("one cell"), N_("two cells"), N_("three cells"),
    N_("four cells"), N_("five cells"), N_("six cells"),
  };

  g_assert (n >= 0 && n < (int) G_N_ELEMENTS (words));
  return _(words[n]);
}

/* "a small piece", "a large piece", as the object of "places" */
static const char *
kind_phrase (int kind)
{
  return kind == KIND_LARGE ? _("a large piece") : _("a small piece");
}

static char *
agoraphobia_explain (const BsRuleset  *rs,
                     const BsPosition *pos,
                     BsMove            move)
{
  guint8 legal[BS_MAX_CELLS];
  int kind = move_kind (move);
  int cell = move_cell (move);
  int player = pos->to_move;
  const char *label;

  if (bs_position_is_over (pos))
    return g_strdup (_("the game is over"));
  if (kind >= N_KINDS || cell >= rs->n_cells || (move >> 16) != 0)
    return g_strdup (_("this is not an Agoraphobia move"));

  label = bs_board_cell_label (rs->board, cell);
  if (pos->supply[player - 1][kind] == 0)
    return g_strdup (kind == KIND_LARGE ? _("you have no large pieces left")
                                        : _("you have no small pieces left"));
  if (pos->cells[cell] != BS_CELL_EMPTY)
    return g_strdup_printf (_("%s is occupied"), label);

  mark_legal (rs, pos, 1 << kind, legal);
  if (legal[cell] & (1 << kind))
    return NULL;

  /* TRANSLATORS: "a large piece on g1 would push no piece two cells" */
  return g_strdup_printf (kind == KIND_LARGE ? _("a large piece on %s would push no piece %s")
                                             : _("a small piece on %s would push no piece %s"),
                          label, cells_in_words (push_distance (rs, kind)));
}

static const BsMeasureSpec agoraphobia_measures[] = {
  { "largest-group", N_("Largest group") },
  { "groups", N_("Groups") },
};

static void
agoraphobia_measure (const BsRuleset  *rs,
                     const BsPosition *pos,
                     int               values[][2])
{
  measure_groups (rs, pos, values[0], values[1]);
}

/* What the computer opponent judges a position by (bs-evaluation.h),
 * hand-set weights in pieces' worth (docs/SEARCH.md): the game's own
 * measures first — the larger largest group loses, more groups win ties —
 * then how many of a player's pieces already touch one of their own (each
 * is a group that a push can still merge with another), and who would win
 * if the game ended now (it ends whenever the player to move has no
 * placement, so the standing result is always close to being final). */
enum {
  FEATURE_LARGEST,
  FEATURE_GROUPS,
  FEATURE_TOUCHING,
  FEATURE_STANDING,
  N_FEATURES
};

static const BsFeatureSpec agoraphobia_features[N_FEATURES] = {
  [FEATURE_LARGEST] = { "largest-group", -1.0 },
  [FEATURE_GROUPS] = { "groups", 0.3 },
  [FEATURE_TOUCHING] = { "touching", -0.1 },
  [FEATURE_STANDING] = { "standing", 0.5 },
};

static void
feature_values_derived (const BsRuleset  *rs,
                        const BsPosition *pos,
                        double           *values)
{
  const AgoraphobiaData *data = rs->module_data;
  const BsGrid *grid = &data->grid;
  int nw = grid->n_words;
  int largest[2], groups[2], touching[2];

  measure_groups_derived (rs, pos, largest, groups);
  for (int p = 0; p < 2; p++)
    {
      const guint64 *own = derived_set (data, pos, nw, SET_OWN_1 + p);

      touching[p] = 0;
      for (int w = 0; w < nw; w++)
        for (guint64 bits = own[w]; bits != 0; bits &= bits - 1)
          {
            guint64 one[BS_GRID_MAX_WORDS] = { 0 }, around[BS_GRID_MAX_WORDS];
            int n = 0;

            one[w] = bits & -bits;
            bs_grid_dilate_hex (grid, nw, one, around);
            for (int i = 0; i < nw; i++)
              n += bs_popcount (around[i] & ~one[i] & own[i]);
            touching[p] += n > 0;
          }
    }
  values[FEATURE_LARGEST] = largest[0] - largest[1];
  values[FEATURE_GROUPS] = groups[0] - groups[1];
  values[FEATURE_TOUCHING] = touching[0] - touching[1];
  /* +1 when player 1 would win now, −1 when player 2 would, 0 a draw. */
  values[FEATURE_STANDING] = largest[0] != largest[1] ? (largest[0] < largest[1] ? 1 : -1)
                             : groups[0] != groups[1] ? (groups[0] > groups[1] ? 1 : -1) : 0;
}

static void
agoraphobia_feature_values (const BsRuleset  *rs,
                            const BsPosition *pos,
                            double           *values)
{
  if (pos->flags & BS_POSITION_DERIVED)
    feature_values_derived (rs, pos, values);
  else
    {
      g_autofree BsPosition *copy = fresh_copy (rs, pos);
      feature_values_derived (rs, copy, values);
    }
}

/* The game ends only when the player to move cannot place. */
static BsEnding
agoraphobia_ending (const BsRuleset  *rs,
                    const BsPosition *pos)
{
  return BS_ENDING_NO_MOVES;
}

static void
append_groups (GString    *out,
               const char *name,
               int         groups)
{
  g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, "%s has %d group", "%s has %d groups",
                                            (gulong) groups),
                          name, groups);
}

static void
agoraphobia_describe_ending (const BsRuleset  *rs,
                             const BsPosition *pos,
                             BsEnding          ending,
                             GString          *out)
{
  const char *names[2] = {
    bs_variant_display_player (rs->variant, 1),
    bs_variant_display_player (rs->variant, 2),
  };
  const char *stuck = names[pos->to_move - 1];
  int largest[2], groups[2];

  if (available_kinds (pos, pos->to_move) == 0)
    g_string_append_printf (out, _("%s has no pieces left to place."), stuck);
  else if (bs_position_pieces (pos, 1) + bs_position_pieces (pos, 2) == rs->n_cells)
    g_string_append_printf (out, _("%s has no empty cell to place on."), stuck);
  else
    g_string_append_printf (out, _("%s has no placement that pushes a piece its full distance."),
                            stuck);
  g_string_append_c (out, ' ');

  measure_groups (rs, pos, largest, groups);
  if (largest[0] != largest[1])
    {
      /* TRANSLATORS: "Light's largest group is 14, Dark's is 4: the larger group loses." */
      g_string_append_printf (out, _("%s’s largest group is %d, %s’s is %d: the larger group loses."),
                              names[0], largest[0], names[1], largest[1]);
      return;
    }
  g_string_append_printf (out, _("Both largest groups are %d."), largest[0]);
  g_string_append_c (out, ' ');
  if (groups[0] == groups[1])
    {
      g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE,
                                                "Both players have %d group: a draw.",
                                                "Both players have %d groups: a draw.",
                                                (gulong) groups[0]),
                              groups[0]);
      return;
    }
  append_groups (out, names[0], groups[0]);
  g_string_append (out, ", ");
  append_groups (out, names[1], groups[1]);
  /* TRANSLATORS: ends "Light has 3 groups, Dark has 2 groups" */
  g_string_append (out, _(": more groups win."));
}

/* How it is played: choose a kind, click an empty cell. */
static const BsPlaySpec agoraphobia_play = {
  .flags = BS_PLAY_PLACE,
  .piece_noun = N_("piece"),
};

static void
agoraphobia_decode_move (const BsRuleset  *rs,
                         const BsPosition *pos,
                         BsMove            move,
                         BsMoveParts      *parts)
{
  parts->to = move_cell (move);
  parts->kind = move_kind (move);
}

static gboolean
agoraphobia_encode_move (const BsRuleset   *rs,
                         const BsPosition  *pos,
                         const BsMoveParts *parts,
                         BsMove            *move)
{
  if (parts->from != BS_NO_CELL || parts->to < 0 || parts->to >= rs->n_cells
      || parts->kind < 0 || parts->kind >= N_KINDS || parts->word >= 0)
    return FALSE;
  *move = move_make (parts->to, parts->kind);
  return TRUE;
}

/* What the placement did: each neighbour pushed, how far and where to, or
 * why it stayed or stopped short. */
static void
agoraphobia_explain_turn (const BsRuleset   *rs,
                          const BsPosition  *before,
                          const BsMove      *steps,
                          guint              n_steps,
                          BsTurnExplanation *out)
{
  const gint16 *neighbours = rs->neighbours;
  const guint8 *cells = before->cells;
  int cell = move_cell (steps[0]);
  int kind = move_kind (steps[0]);
  int distance = push_distance (rs, kind);
  const char *who = bs_variant_display_player (rs->variant, before->to_move);
  const char *label = bs_board_cell_label (rs->board, cell);
  int pushed = 0;

  for (int d = 0; d < N_HEX_DIRS; d++)
    {
      int n = neighbours[cell * N_HEX_DIRS + d];
      int run, target, beyond;

      if (n < 0 || cells[n] == BS_CELL_EMPTY)
        continue;
      run = free_run (neighbours, cells, n, d, distance);
      target = n;
      for (int i = 0; i < run; i++)
        target = neighbours[target * N_HEX_DIRS + d];
      beyond = neighbours[target * N_HEX_DIRS + d];
      if (run == distance)
        /* TRANSLATORS: "c4 is pushed two cells, to a4." */
        g_string_append_printf (out->details, _("%s is pushed %s, to %s."),
                                bs_board_cell_label (rs->board, n), cells_in_words (run),
                                bs_board_cell_label (rs->board, target));
      else if (run > 0 && beyond < 0)
        g_string_append_printf (out->details, _("%s is pushed only %s, to %s: the board ends there."),
                                bs_board_cell_label (rs->board, n), cells_in_words (run),
                                bs_board_cell_label (rs->board, target));
      else if (run > 0)
        g_string_append_printf (out->details, _("%s is pushed only %s, to %s: %s is taken."),
                                bs_board_cell_label (rs->board, n), cells_in_words (run),
                                bs_board_cell_label (rs->board, target),
                                bs_board_cell_label (rs->board, beyond));
      else if (beyond < 0)
        g_string_append_printf (out->details, _("%s stays: the board ends behind it."),
                                bs_board_cell_label (rs->board, n));
      else
        g_string_append_printf (out->details, _("%s stays: %s behind it is taken."),
                                bs_board_cell_label (rs->board, n),
                                bs_board_cell_label (rs->board, beyond));
      g_string_append_c (out->details, '\n');
      pushed += run > 0;
    }

  /* TRANSLATORS: "Light places a large piece on d4" */
  g_string_append_printf (out->summary, _("%s places %s on %s"), who, kind_phrase (kind), label);
  g_string_append (out->summary, ": ");
  if (pushed == 0)
    g_string_append (out->summary, _("it pushes nothing."));
  else
    g_string_append_printf (out->summary, g_dngettext (GETTEXT_PACKAGE, "it pushes %d piece.",
                                                       "it pushes %d pieces.", (gulong) pushed),
                            pushed);
}

static void
agoraphobia_describe_rules (const BsRuleset *rs,
                            GString         *rules,
                            GString         *goal)
{
  int ds = rs->options[OPT_PUSH_SMALL];
  int dl = rs->options[OPT_PUSH_LARGE];
  int free_plies = rs->options[OPT_OPENING_FREE];
  int weight = rs->options[OPT_LARGE_WEIGHT];

  g_string_append (rules, _("In turn, each player places a small or a large piece from their "
                            "supply on an empty cell."));
  g_string_append_c (rules, ' ');
  g_string_append_printf (rules, g_dngettext (GETTEXT_PACKAGE,
                                              "A small piece pushes every neighbour %d cell "
                                              "straight away from it,",
                                              "A small piece pushes every neighbour %d cells "
                                              "straight away from it,", (gulong) ds),
                          ds);
  g_string_append_c (rules, ' ');
  g_string_append_printf (rules, g_dngettext (GETTEXT_PACKAGE, "a large piece %d cell.",
                                              "a large piece %d cells.", (gulong) dl),
                          dl);
  g_string_append_c (rules, ' ');
  g_string_append (rules, _("A pushed piece stops early at the edge of the board or before "
                            "another piece, and nothing is pushed in a chain. A piece may be "
                            "placed only where it pushes at least one neighbour its full "
                            "distance"));
  if (free_plies > 0)
    g_string_append_printf (rules, g_dngettext (GETTEXT_PACKAGE,
                                                ", except the first placement of the game.",
                                                ", except the first %d placements of the game.",
                                                (gulong) free_plies),
                            free_plies);
  else
    g_string_append_c (rules, '.');

  g_string_append (goal, _("The game ends when the player to move cannot place a piece."));
  g_string_append_c (goal, ' ');
  g_string_append_printf (goal, g_dngettext (GETTEXT_PACKAGE,
                                             "Then each player’s largest group is measured, "
                                             "a large piece counting %d: the player with the "
                                             "larger group loses.",
                                             "Then each player’s largest group is measured, "
                                             "a large piece counting %d: the player with the "
                                             "larger group loses.", (gulong) weight),
                          weight);
  g_string_append_c (goal, ' ');
  g_string_append (goal, _("If both are equal, the player with more groups wins; if those are "
                           "equal too, it is a draw."));
}

const BsModule bs_module_agoraphobia = {
  .id = "agoraphobia",
  .name = N_("Agoraphobia"),
  .description = N_("Place pieces that push their neighbours away; the largest group loses"),
  .flags = 0,

  .options = agoraphobia_options,
  .n_options = N_OPTIONS,
  .kinds = agoraphobia_kinds,
  .n_kinds = N_KINDS,
  .unlimited_supply = FALSE,
  .specials = NULL,
  .n_specials = 0,

  .shapes = (1 << BS_SHAPE_HEX_RHOMBUS) | (1 << BS_SHAPE_HEXAGON) | (1 << BS_SHAPE_LIMPING),
  .square_adjacency = 0,
  .min_side = 2,
  .max_side = 32,
  .min_size = 2,
  .max_size = 18,

  .default_board = { BS_SHAPE_HEX_RHOMBUS, 7, 7, 0, 6 },
  .default_player_names = { N_("Light"), N_("Dark") },
  .default_player_colors = { "#f2efe6", "#2b2b2b" },

  .prepare = agoraphobia_prepare,
  .free_data = agoraphobia_free_data,
  .setup = agoraphobia_setup,
  .generate = agoraphobia_generate,
  .random_move = agoraphobia_random_move,
  .apply = agoraphobia_apply,
  .scores = agoraphobia_scores,
  .measures = agoraphobia_measures,
  .n_measures = G_N_ELEMENTS (agoraphobia_measures),
  .measure = agoraphobia_measure,
  .features = agoraphobia_features,
  .n_features = N_FEATURES,
  /* Hard's Monte Carlo search beat alpha-beta at equal CPU: 7-3-0 at 0.1 s,
   * 6-2-0 at 0.5 s (docs/SEARCH.md, round robin). */
  .strongest = BS_STRONGEST_MONTE_CARLO,
  .feature_values = agoraphobia_feature_values,
  .ending = agoraphobia_ending,
  .describe_ending = agoraphobia_describe_ending,
  .format_move = agoraphobia_format_move,
  .parse_move = agoraphobia_parse_move,
  .explain = agoraphobia_explain,
  .play = &agoraphobia_play,
  .decode_move = agoraphobia_decode_move,
  .encode_move = agoraphobia_encode_move,
  .explain_turn = agoraphobia_explain_turn,
  .describe_rules = agoraphobia_describe_rules,
};
