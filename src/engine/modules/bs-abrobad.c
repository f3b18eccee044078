/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-abrobad.c: Abrobad (RULES.md, seed 002). Players place stones on empty
 * cells that touch none of their own; when a player has no placement they
 * move a stone (option `movement`) or end the game, which fills every empty
 * cell with the opponent's stones; fewer or equal groups win for the ender.
 *
 * Hot state. The extra bytes of a position hold grid bit sets
 * (bs-bitboard.h): the stones of each player and the cells each player
 * touches; with them "must I place?" and a random placement cost a few word
 * operations, and a stone that leaves a cell recomputes its player's touch
 * by four shifts. These bytes are derived from the cells and trusted only
 * while the position has BS_POSITION_DERIVED: a position whose cells were
 * changed behind the module's back (bs_position_set_cell) is recomputed. */
#define G_LOG_DOMAIN "boardsmith-engine"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "bs-bitboard.h"
#include "bs-error.h"
#include "bs-modules.h"
#include "bs-ruleset.h"

enum {
  OPT_MOVEMENT,
  OPT_MAX_PLIES,
};

typedef enum {
  MOVEMENT_FIRST_EMPTY,
  MOVEMENT_HOP,
  MOVEMENT_STEP,
  MOVEMENT_SLIDE,
  MOVEMENT_MAX_SLIDE,
} AbrMovement;

G_STATIC_ASSERT (BS_POSITION_HEADER_SIZE % 8 == 0);

/* Move packing: type in bits 28-29, origin in bits 12-23, target (or the
 * placed cell) in bits 0-11. */
#define ABR_TYPE_PLACE  1u
#define ABR_TYPE_SHIFT  2u
#define ABR_TYPE_END    3u
#define ABR_MOVE_PLACE(c)      ((ABR_TYPE_PLACE << 28) | (guint32) (c))
#define ABR_MOVE_SHIFT(f, t)   ((ABR_TYPE_SHIFT << 28) | ((guint32) (f) << 12) | (guint32) (t))
#define ABR_MOVE_END           (ABR_TYPE_END << 28)
#define ABR_MOVE_TYPE(m)       (((m) >> 28) & 3u)
#define ABR_MOVE_FROM(m)       ((int) (((m) >> 12) & 0xFFFu))
#define ABR_MOVE_TO(m)         ((int) ((m) & 0xFFFu))

static const char * const abr_movement_choices[] = {
  "first-empty", "hop", "step", "slide", "max-slide", NULL
};

/* Each movement in words, for the help and for refusals. */
static const char * const abr_movement_words[] = {
  N_("a stone steps to a neighbouring empty cell, or jumps over a line of stones to the "
     "first empty cell beyond it"),
  N_("a stone steps to a neighbouring empty cell, or hops over one stone to the empty cell "
     "beyond it"),
  N_("a stone steps to a neighbouring empty cell"),
  N_("a stone slides any distance along a line of empty cells"),
  N_("a stone slides along a line of empty cells as far as it can"),
};

static const BsOptionSpec abr_options[] = {
  { "movement", BS_OPTION_ENUM, 0, 4, MOVEMENT_FIRST_EMPTY, abr_movement_choices,
    N_("Movement"),
    N_("How a stone moves once no placement is possible") },
  /* Random games on any board end long before (docs/rules-decisions.md):
   * 30 plies per cell, 2,250 on the default 75 cells. */
  { "max-plies", BS_OPTION_INT, 0, 100000, 30 * 75, NULL,
    N_("Move limit"),
    N_("Plies after which the game ends as a draw (0: no limit); by default 30 per cell "
       "of the board"),
    30 },
};

static const BsKindSpec abr_kinds[] = {
  { "stone", N_("Stone"), FALSE, 0 },
};

/* Tries of sampling from the (stone, direction) slots before falling back
 * to an exact list. */
#define ABR_RANDOM_TRIES 48

typedef struct {
  int           n_cells;
  AbrMovement   movement;
  int           max_ray;          /* longest ray */
  const gint16 *nb;               /* [cell * 6 + dir] */
  BsGrid        grid;             /* cells as bits (bs-bitboard.h) */
  guint64      *around;           /* [cell * n_words]: the cell and its neighbours */
  /* The ray from each cell in each direction, up to the edge or a hole:
   * rays + ray_start[cell * 6 + dir] lists its cells, then n_cells — the
   * index of a byte after the cells that stays 0 (empty), so that a walk
   * to the first empty cell needs no other test. */
  gint16       *rays;
  int          *ray_start;
  gsize         cache_offset;     /* from pos->cells, 8-aligned, after the 0 byte */
} AbrData;

/* The derived bytes, from cache_offset (valid while the position has
 * BS_POSITION_DERIVED): grid sets own[2] (each player's stones) and
 * touch[2] (the stones and the cells next to one). A player's placements
 * are the cells that are neither the opponent's stones nor touched by
 * their own. Everything here is a function of the cells, so positions
 * with the same cells have the same bytes whatever their history. */
typedef struct {
  guint64 *sets;
  int      nw;
} AbrCache;

#define ABR_CACHE_SETS 4

BS_FORCE_INLINE static inline void
abr_cache_at (guint8 *base, int nw, AbrCache *cache)
{
  cache->sets = (guint64 *) (gpointer) base;
  cache->nw = nw;
}

/* Player k + 1's stones, and the cells they touch. */
BS_FORCE_INLINE static inline guint64 *
abr_own (const AbrCache *cache, int k)
{
  return cache->sets + k * cache->nw;
}

BS_FORCE_INLINE static inline guint64 *
abr_touch (const AbrCache *cache, int k)
{
  return cache->sets + (2 + k) * cache->nw;
}

/* Room for the cache of the largest board, for a const position whose
 * derived bytes are stale. */
typedef struct {
  guint64 words[ABR_CACHE_SETS * BS_GRID_MAX_WORDS];
} AbrLocalCache;

/* Computes the cache from the cells. */
static void
abr_compute (const AbrData *data, const guint8 *cells, AbrCache *cache)
{
  const BsGrid *grid = &data->grid;

  memset (cache->sets, 0, 8 * ABR_CACHE_SETS * (gsize) grid->n_words);
  for (int c = 0; c < data->n_cells; c++)
    if (cells[c] != BS_CELL_EMPTY)
      bs_bits_add (abr_own (cache, BS_CELL_OWNER (cells[c]) - 1), grid->bit_of_cell[c]);
  bs_grid_dilate_hex (grid, grid->n_words, abr_own (cache, 0), abr_touch (cache, 0));
  bs_grid_dilate_hex (grid, grid->n_words, abr_own (cache, 1), abr_touch (cache, 1));
}

static void
abr_resync (const BsRuleset *rs, BsPosition *pos)
{
  const AbrData *data = rs->module_data;
  AbrCache cache;

  abr_cache_at (pos->cells + data->cache_offset, data->grid.n_words, &cache);
  abr_compute (data, pos->cells, &cache);
  pos->flags |= BS_POSITION_DERIVED;
}

/* The cache of a position for reading: its own when it is kept, else
 * computed into local. */
BS_FORCE_INLINE static inline void
abr_view (const BsRuleset  *rs,
          const BsPosition *pos,
          int               nw,
          AbrCache         *cache,
          AbrLocalCache    *local)
{
  const AbrData *data = rs->module_data;

  if (G_LIKELY (pos->flags & BS_POSITION_DERIVED))
    abr_cache_at ((guint8 *) pos->cells + data->cache_offset, nw, cache);
  else
    {
      abr_cache_at ((guint8 *) local->words, nw, cache);
      abr_compute (data, pos->cells, cache);
    }
}

/* Player p's placements as a grid set into out; returns how many. */
BS_FORCE_INLINE static inline int
abr_placements (const AbrData *data, int nw, const AbrCache *cache, int p, guint64 *out)
{
  const BsGrid *grid = &data->grid;
  const guint64 *mine = abr_touch (cache, p - 1);
  const guint64 *theirs = abr_own (cache, 2 - p);
  int count = 0;

  for (int w = 0; w < nw; w++)
    {
      out[w] = grid->valid[w] & ~(mine[w] | theirs[w]);
      count += bs_popcount (out[w]);
    }
  return count;
}

/* Destinations of the stone on `from` in direction dir under the movement
 * option, in order along the ray; returns how many. Holes stop a ray like
 * the edge of the board. */
static int
abr_targets (const AbrData *data, const guint8 *cells, int from, int dir, int *out)
{
  const gint16 *nb = data->nb;
  int c = nb[from * 6 + dir];
  int k = 0;

  switch (data->movement)
    {
    case MOVEMENT_FIRST_EMPTY:
      while (c != BS_NO_CELL && cells[c] != BS_CELL_EMPTY)
        c = nb[c * 6 + dir];
      if (c == BS_NO_CELL)
        return 0;
      out[0] = c;
      return 1;

    case MOVEMENT_HOP:
      if (c == BS_NO_CELL)
        return 0;
      if (cells[c] != BS_CELL_EMPTY)
        {
          c = nb[c * 6 + dir];
          if (c == BS_NO_CELL || cells[c] != BS_CELL_EMPTY)
            return 0;
        }
      out[0] = c;
      return 1;

    case MOVEMENT_STEP:
      if (c == BS_NO_CELL || cells[c] != BS_CELL_EMPTY)
        return 0;
      out[0] = c;
      return 1;

    case MOVEMENT_SLIDE:
      while (c != BS_NO_CELL && cells[c] == BS_CELL_EMPTY)
        {
          out[k++] = c;
          c = nb[c * 6 + dir];
        }
      return k;

    case MOVEMENT_MAX_SLIDE:
      {
        int last = BS_NO_CELL;
        while (c != BS_NO_CELL && cells[c] == BS_CELL_EMPTY)
          {
            last = c;
            c = nb[c * 6 + dir];
          }
        if (last == BS_NO_CELL)
          return 0;
        out[0] = last;
        return 1;
      }

    default:
      g_assert_not_reached ();
    }
  return 0;
}

static void
abr_free_data (gpointer module_data)
{
  AbrData *data = module_data;

  bs_grid_clear (&data->grid);
  g_free (data->around);
  g_free (data->rays);
  g_free (data->ray_start);
  g_free (data);
}

static void abr_pick_kernels (BsRuleset *rs, int n_words);

static gboolean
abr_prepare (BsRuleset  *rs,
             GError    **error)
{
  AbrData *data;
  int max_ray = 0;
  guint per_dir;
  guint n_moves;
  int nw;

  if (rs->n_dirs != 6)
    {
      g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_INVALID,
                   _("Abrobad is played on a hexagonal board, not on a %s board"),
                   bs_shape_to_string (bs_board_get_spec (rs->board)->shape));
      return FALSE;
    }
  if (rs->n_cells > 0xFFF)
    {
      g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_INVALID,
                   _("The board has %d cells; Abrobad allows at most %d"),
                   rs->n_cells, 0xFFF);
      return FALSE;
    }

  data = g_new0 (AbrData, 1);
  if (!bs_grid_init (&data->grid, rs->board, 1))
    {
      /* Every hex board the engine accepts fits; this is a safeguard. */
      g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_INVALID,
                   _("Abrobad cannot be played on this board"));
      g_free (data);
      return FALSE;
    }
  nw = data->grid.n_words;
  data->n_cells = rs->n_cells;
  data->movement = (AbrMovement) rs->options[OPT_MOVEMENT];
  data->nb = rs->neighbours;
  data->cache_offset = ((gsize) rs->n_cells + 1 + 7) & ~(gsize) 7;
  data->ray_start = g_new (int, (gsize) rs->n_cells * 6);
  {
    GArray *rays = g_array_new (FALSE, FALSE, sizeof (gint16));
    gint16 end = (gint16) rs->n_cells;

    for (int c = 0; c < rs->n_cells; c++)
      for (int d = 0; d < 6; d++)
        {
          data->ray_start[c * 6 + d] = (int) rays->len;
          for (int m = data->nb[c * 6 + d]; m != BS_NO_CELL; m = data->nb[m * 6 + d])
            {
              gint16 cell = (gint16) m;
              g_array_append_val (rays, cell);
            }
          g_array_append_val (rays, end);
        }
    data->rays = (gint16 *) (gpointer) g_array_free (rays, FALSE);
  }
  for (int c = 0; c < rs->n_cells; c++)
    for (int d = 0; d < 6; d++)
      {
        int len = 0;
        for (int m = data->nb[c * 6 + d]; m != BS_NO_CELL; m = data->nb[m * 6 + d])
          len++;
        max_ray = MAX (max_ray, len);
      }
  data->max_ray = MAX (max_ray, 1);
  data->around = g_new0 (guint64, (gsize) rs->n_cells * nw);
  for (int c = 0; c < rs->n_cells; c++)
    {
      guint64 one[BS_GRID_MAX_WORDS] = { 0 };

      bs_bits_add (one, data->grid.bit_of_cell[c]);
      bs_grid_dilate_hex (&data->grid, nw, one, data->around + (gsize) c * nw);
    }
  abr_pick_kernels (rs, nw);
  rs->module_data = data;

  per_dir = data->movement == MOVEMENT_SLIDE ? (guint) data->max_ray : 1;
  n_moves = (guint) rs->n_cells * 6 * per_dir + 1;
  rs->max_moves = MAX ((guint) rs->n_cells, n_moves);
  rs->extra_size = data->cache_offset - (gsize) rs->n_cells + 8 * ABR_CACHE_SETS * (gsize) nw;
  /* The end move fills every empty cell. */
  rs->max_changes = MAX (rs->max_changes, (guint) rs->n_cells);
  return TRUE;
}

static void
abr_setup (const BsRuleset *rs,
           BsPosition      *pos,
           guint64          seed)
{
  /* The board starts empty (or with the variant's fixed stones): only the
   * cache needs building. */
  abr_resync (rs, pos);
}

static guint
abr_generate_movements (const AbrData *data,
                        const guint8  *cells,
                        int            player,
                        BsMove        *moves)
{
  guint n = 0;
  int targets[64];

  for (int c = 0; c < data->n_cells; c++)
    {
      if (BS_CELL_OWNER (cells[c]) != player)
        continue;
      for (int d = 0; d < 6; d++)
        {
          int k;
          if (data->movement == MOVEMENT_SLIDE)
            {
              /* Slides may be longer than the small buffer: walk directly. */
              for (int m = data->nb[c * 6 + d];
                   m != BS_NO_CELL && cells[m] == BS_CELL_EMPTY;
                   m = data->nb[m * 6 + d])
                moves[n++] = ABR_MOVE_SHIFT (c, m);
              continue;
            }
          k = abr_targets (data, cells, c, d, targets);
          for (int i = 0; i < k; i++)
            moves[n++] = ABR_MOVE_SHIFT (c, targets[i]);
        }
    }
  moves[n++] = ABR_MOVE_END;
  return n;
}

/* A const position whose derived bytes are stale (cells set by hand):
 * the kernels work on a copy with them recomputed. */
static BsPosition *
abr_fresh_copy (const BsRuleset *rs, const BsPosition *pos)
{
  BsPosition *copy = bs_position_dup (rs, pos);

  abr_resync (rs, copy);
  return copy;
}

static BsMove abr_random_from_list (const BsRuleset *rs, const BsPosition *pos, BsRng *rng,
                                    BsMove *scratch);

static G_NO_INLINE BsMove
abr_random_move_stale (const BsRuleset  *rs,
                       const BsPosition *pos,
                       BsRng            *rng,
                       BsMove           *scratch)
{
  g_autofree BsPosition *copy = abr_fresh_copy (rs, pos);

  return rs->random_move (rs, copy, rng, scratch);
}

/* The movements of a turn without placement under first-empty (see
 * abr_random_move_body), out of line so that a placement's path stays
 * short. */
BS_FORCE_INLINE static inline BsMove
abr_random_movement_body (const BsRuleset  *rs,
                          const BsPosition *pos,
                          BsRng            *rng,
                          BsMove           *scratch,
                          int               words)
{
  const AbrData *data = rs->module_data;
  const BsGrid *grid = &data->grid;
  const int nw = words ? words : grid->n_words;
  const guint8 *cells = pos->cells;
  int p = pos->to_move;
  const guint64 *own = (const guint64 *) (gconstpointer) (cells + data->cache_offset) + (p - 1) * nw;
  guint32 slots = (guint32) pos->on_board[p - 1][0] * 6;

  for (int t = 0; t < ABR_RANDOM_TRIES; t++)
    {
      guint32 s = bs_rng_below (rng, slots + 1);
      const gint16 *ray;
      int c, d;
      if (s == slots)
        return ABR_MOVE_END;
      c = grid->cell_of_bit[bs_bits_select (own, nw, (int) (s / 6))];
      d = (int) (s % 6);
      ray = data->rays + data->ray_start[c * 6 + d];
      while (cells[*ray] != BS_CELL_EMPTY)
        ray++;
      if (*ray != data->n_cells)
        return ABR_MOVE_SHIFT (c, *ray);
    }
  return abr_random_from_list (rs, pos, rng, scratch);
}

BS_FORCE_INLINE static inline guint
abr_generate_body (const BsRuleset  *rs,
                   const BsPosition *pos,
                   BsMove           *moves,
                   int               words)
{
  const AbrData *data = rs->module_data;
  const BsGrid *grid = &data->grid;
  const int nw = words ? words : grid->n_words;
  guint64 place[BS_GRID_MAX_WORDS];
  AbrCache cache;
  int p = pos->to_move;
  guint n = 0;

  if (G_UNLIKELY (!(pos->flags & BS_POSITION_DERIVED)))
    {
      g_autofree BsPosition *copy = abr_fresh_copy (rs, pos);
      return rs->generate (rs, copy, moves);
    }
  abr_cache_at ((guint8 *) pos->cells + data->cache_offset, nw, &cache);
  if (abr_placements (data, nw, &cache, p, place) > 0)
    {
      /* Bit order is cell order. */
      for (int w = 0; w < nw; w++)
        for (guint64 bits = place[w]; bits != 0; bits &= bits - 1)
          moves[n++] = ABR_MOVE_PLACE (grid->cell_of_bit[w * 64 + bs_ctz (bits)]);
      return n;
    }
  return abr_generate_movements (data, pos->cells, p, moves);
}

BS_BITOPS_KERNELS (guint, abr_generate,
                   (const BsRuleset *rs, const BsPosition *pos, BsMove *moves),
                   rs, pos, moves)

static guint
abr_generate (const BsRuleset  *rs,
              const BsPosition *pos,
              BsMove           *moves)
{
  return rs->generate (rs, pos, moves);
}

/* A uniform movement (or the end move) by exact listing. */
static G_NO_INLINE BsMove
abr_random_from_list (const BsRuleset  *rs,
                      const BsPosition *pos,
                      BsRng            *rng,
                      BsMove           *scratch)
{
  guint n_moves = abr_generate_movements (rs->module_data, pos->cells, pos->to_move, scratch);

  return scratch[bs_rng_below (rng, n_moves)];
}

/* A turn without placement under a movement other than first-empty (see
 * abr_random_move_body). */
static G_NO_INLINE BsMove
abr_random_other_movement (const BsRuleset  *rs,
                           const BsPosition *pos,
                           BsRng            *rng,
                           BsMove           *scratch)
{
  const AbrData *data = rs->module_data;
  const BsGrid *grid = &data->grid;
  const int nw = grid->n_words;
  const guint8 *cells = pos->cells;
  const gint16 *nb = data->nb;
  int p = pos->to_move;
  AbrCache cache;

  abr_cache_at ((guint8 *) pos->cells + data->cache_offset, nw, &cache);
  if (data->movement == MOVEMENT_SLIDE)
    {
      /* A slide is named by where it ends and its direction: walking back
       * from the empty destination over empty cells, the first stone met
       * must be the player's own. */
      guint64 empty[BS_GRID_MAX_WORDS];
      int n_empty = 0;
      guint32 slots;

      for (int w = 0; w < nw; w++)
        {
          empty[w] = grid->valid[w] & ~(abr_own (&cache, 0)[w] | abr_own (&cache, 1)[w]);
          n_empty += bs_popcount (empty[w]);
        }
      slots = (guint32) n_empty * 6;
      for (int t = 0; t < ABR_RANDOM_TRIES; t++)
        {
          guint32 s = bs_rng_below (rng, slots + 1);
          int e, back, m;
          if (s == slots)
            return ABR_MOVE_END;
          e = grid->cell_of_bit[bs_bits_select (empty, nw, (int) (s / 6))];
          back = ((int) (s % 6) + 3) % 6;
          m = nb[e * 6 + back];
          while (m != BS_NO_CELL && cells[m] == BS_CELL_EMPTY)
            m = nb[m * 6 + back];
          if (m != BS_NO_CELL && BS_CELL_OWNER (cells[m]) == p)
            return ABR_MOVE_SHIFT (m, e);
        }
    }
  else
    {
      guint32 slots = (guint32) pos->on_board[p - 1][0] * 6;

      for (int t = 0; t < ABR_RANDOM_TRIES; t++)
        {
          guint32 s = bs_rng_below (rng, slots + 1);
          int c, target;
          if (s == slots)
            return ABR_MOVE_END;
          c = grid->cell_of_bit[bs_bits_select (abr_own (&cache, p - 1), nw, (int) (s / 6))];
          if (abr_targets (data, cells, c, (int) (s % 6), &target) == 1)
            return ABR_MOVE_SHIFT (c, target);
        }
    }
  return abr_random_from_list (rs, pos, rng, scratch);
}

BS_BITOPS_KERNELS (BsMove, abr_random_movement,
                   (const BsRuleset *rs, const BsPosition *pos, BsRng *rng, BsMove *scratch),
                   rs, pos, rng, scratch)

/* Uniform over the legal moves of generate(). A placement is picked by its
 * rank in the set of placements. A turn without placement draws from
 * slots where each legal move has exactly one, plus one for the end move:
 * (own stone, direction), or for slides (empty destination, direction);
 * a slot that is no legal move is drawn again. Every draw gives each legal
 * move the same chance, and the exact fallback after ABR_RANDOM_TRIES
 * misses is uniform too, so the result is exactly uniform. */
BS_FORCE_INLINE static inline BsMove
abr_random_move_body (const BsRuleset  *rs,
                      const BsPosition *pos,
                      BsRng            *rng,
                      BsMove           *scratch,
                      int               words)
{
  const AbrData *data = rs->module_data;
  const BsGrid *grid = &data->grid;
  const int nw = words ? words : grid->n_words;
  guint64 place[BS_GRID_MAX_WORDS];
  AbrCache cache;
  int p = pos->to_move;
  int n_place;

  if (G_UNLIKELY (!(pos->flags & BS_POSITION_DERIVED)))
    return abr_random_move_stale (rs, pos, rng, scratch);
  abr_cache_at ((guint8 *) pos->cells + data->cache_offset, nw, &cache);
  n_place = abr_placements (data, nw, &cache, p, place);
  if (n_place > 0)
    {
      int r = (int) bs_rng_below (rng, (guint32) n_place);
      return ABR_MOVE_PLACE (grid->cell_of_bit[bs_bits_select (place, nw, r)]);
    }
  if (data->movement != MOVEMENT_FIRST_EMPTY)
    return abr_random_other_movement (rs, pos, rng, scratch);
  /* The hot case: a stone and a direction, then the first empty cell of
   * the ray. */
  if (words == 1)
    return abr_random_movement_hw1 (rs, pos, rng, scratch);
  if (words == 2)
    return abr_random_movement_hw2 (rs, pos, rng, scratch);
  if (bs_bitops_hardware)
    return abr_random_movement_hwn (rs, pos, rng, scratch);
  return abr_random_movement_portable (rs, pos, rng, scratch);
}

BS_BITOPS_KERNELS (BsMove, abr_random_move,
                   (const BsRuleset *rs, const BsPosition *pos, BsRng *rng, BsMove *scratch),
                   rs, pos, rng, scratch)

static BsMove
abr_random_move (const BsRuleset  *rs,
                 const BsPosition *pos,
                 BsRng            *rng,
                 BsMove           *scratch)
{
  return rs->random_move (rs, pos, rng, scratch);
}

/* Groups of a grid set (bs-bitboard.h), in a copy per board size. */
BS_FORCE_INLINE static inline int
abr_count_set_groups_body (const BsGrid *grid, const guint64 *set, int words)
{
  return bs_grid_count_groups (grid, words ? words : grid->n_words, set, TRUE);
}

BS_BITOPS_KERNELS (int, abr_count_set_groups,
                   (const BsGrid *grid, const guint64 *set),
                   grid, set)

static int
abr_count_set_groups (const BsGrid *grid, const guint64 *set)
{
  return BS_BITOPS_PICK (abr_count_set_groups, grid->n_words) (grid, set);
}

/* The end move: every empty cell gets the opponent's stone, then the
 * groups decide; ties go to the player who ends the game. */
static G_NO_INLINE void
abr_apply_end (const BsRuleset *rs,
               BsPosition      *pos,
               BsUndo          *undo)
{
  const AbrData *data = rs->module_data;
  const BsGrid *grid = &data->grid;
  int nw = grid->n_words;
  int p = pos->to_move;
  int q = bs_opponent (p);
  guint8 theirs = BS_CELL_MAKE (q, 0, 0);
  int groups[2];
  AbrCache cache;

  abr_cache_at (pos->cells + data->cache_offset, nw, &cache);
  for (int w = 0; w < nw; w++)
    {
      guint64 empty = grid->valid[w] & ~(abr_own (&cache, 0)[w] | abr_own (&cache, 1)[w]);

      for (guint64 bits = empty; bits != 0; bits &= bits - 1)
        bs_position_replace_cell (rs->zobrist, pos, grid->cell_of_bit[w * 64 + bs_ctz (bits)],
                                  BS_CELL_EMPTY, theirs, undo);
      abr_own (&cache, q - 1)[w] |= empty;
    }
  bs_grid_dilate_hex (grid, nw, abr_own (&cache, q - 1), abr_touch (&cache, q - 1));
  groups[0] = abr_count_set_groups (grid, abr_own (&cache, 0));
  groups[1] = abr_count_set_groups (grid, abr_own (&cache, 1));
  pos->result = groups[p - 1] <= groups[q - 1] ? (guint8) p : (guint8) q;
}

BS_FORCE_INLINE static inline void
abr_apply_body (const BsRuleset *rs,
                BsPosition      *pos,
                BsMove           move,
                BsUndo          *undo,
                int              words)
{
  const AbrData *data = rs->module_data;
  const BsGrid *grid = &data->grid;
  const int nw = words ? words : grid->n_words;
  int p = pos->to_move;
  guint8 stone = BS_CELL_MAKE (p, 0, 0);
  AbrCache cache;

  if (G_UNLIKELY (!(pos->flags & BS_POSITION_DERIVED)))
    abr_resync (rs, pos);
  abr_cache_at (pos->cells + data->cache_offset, nw, &cache);

  if (ABR_MOVE_TYPE (move) == ABR_TYPE_PLACE)
    {
      int to = ABR_MOVE_TO (move);
      const guint64 *around = data->around + (gsize) to * nw;

      bs_position_replace_cell (rs->zobrist, pos, to, BS_CELL_EMPTY, stone, undo);
      bs_bits_add (abr_own (&cache, p - 1), grid->bit_of_cell[to]);
      for (int w = 0; w < nw; w++)
        abr_touch (&cache, p - 1)[w] |= around[w];
    }
  else if (ABR_MOVE_TYPE (move) == ABR_TYPE_SHIFT)
    {
      int from = ABR_MOVE_FROM (move);
      int to = ABR_MOVE_TO (move);

      bs_position_replace_cell (rs->zobrist, pos, from, stone, BS_CELL_EMPTY, undo);
      bs_position_replace_cell (rs->zobrist, pos, to, BS_CELL_EMPTY, stone, undo);
      bs_bits_remove (abr_own (&cache, p - 1), grid->bit_of_cell[from]);
      bs_bits_add (abr_own (&cache, p - 1), grid->bit_of_cell[to]);
      /* The stone may have been the only one touching its old
       * neighbours: recompute rather than count. */
      bs_grid_dilate_hex (grid, nw, abr_own (&cache, p - 1), abr_touch (&cache, p - 1));
    }
  else
    {
      g_assert (ABR_MOVE_TYPE (move) == ABR_TYPE_END);
      abr_apply_end (rs, pos, undo);
    }

  pos->flags |= BS_POSITION_DERIVED;
  pos->ply++;
  pos->to_move = (guint8) bs_opponent (p);
  pos->step = 0;
}

BS_BITOPS_KERNELS_VOID (abr_apply,
                        (const BsRuleset *rs, BsPosition *pos, BsMove move, BsUndo *undo),
                        rs, pos, move, undo)

static void
abr_apply (const BsRuleset *rs,
           BsPosition      *pos,
           BsMove           move,
           BsUndo          *undo)
{
  rs->apply (rs, pos, move, undo);
}

/* The kernels for the board (bs-bitboard.h). */
static void
abr_pick_kernels (BsRuleset *rs, int n_words)
{
  rs->generate = BS_BITOPS_PICK (abr_generate, n_words);
  rs->random_move = BS_BITOPS_PICK (abr_random_move, n_words);
  rs->apply = BS_BITOPS_PICK (abr_apply, n_words);
}

static void
abr_scores (const BsRuleset  *rs,
            const BsPosition *pos,
            int               scores[2])
{
  const AbrData *data = rs->module_data;
  AbrLocalCache local;
  AbrCache cache;

  /* After the end move the cells hold the filled board, so the current
   * groups are the final score. */
  abr_view (rs, pos, data->grid.n_words, &cache, &local);
  scores[0] = abr_count_set_groups (&data->grid, abr_own (&cache, 0));
  scores[1] = abr_count_set_groups (&data->grid, abr_own (&cache, 1));
}

/* What the computer opponent judges a position by (bs-evaluation.h),
 * hand-set weights in stones' worth (docs/SEARCH.md). The game is decided
 * by the end move, so the main feature is what ending now would give:
 * for player p, the groups the opponent would have with every empty cell
 * filled, minus p's own groups (p wins by ending when it is ≥ 0); then
 * the groups alone (fewer is better for whoever ends) and the placements
 * left (who must stop placing first, and so move or end, is behind in
 * tempo). */
enum {
  ABR_FEATURE_END_MARGIN,
  ABR_FEATURE_GROUPS,
  ABR_FEATURE_PLACEMENTS,
  ABR_N_FEATURES
};

static const BsFeatureSpec abr_features[ABR_N_FEATURES] = {
  [ABR_FEATURE_END_MARGIN] = { "end-margin", 0.5 },
  [ABR_FEATURE_GROUPS] = { "groups", -0.5 },
  [ABR_FEATURE_PLACEMENTS] = { "placements", 0.1 },
};

static void
abr_feature_values (const BsRuleset  *rs,
                    const BsPosition *pos,
                    double           *values)
{
  const AbrData *data = rs->module_data;
  const BsGrid *grid = &data->grid;
  int nw = grid->n_words;
  AbrLocalCache local;
  AbrCache cache;
  int groups[2], filled[2], placements[2];

  abr_view (rs, pos, nw, &cache, &local);
  for (int k = 0; k < 2; k++)
    {
      guint64 with_empty[BS_GRID_MAX_WORDS], out[BS_GRID_MAX_WORDS];

      for (int w = 0; w < nw; w++)
        with_empty[w] = grid->valid[w] & ~abr_own (&cache, 1 - k)[w];
      groups[k] = abr_count_set_groups (grid, abr_own (&cache, k));
      filled[k] = abr_count_set_groups (grid, with_empty);
      placements[k] = abr_placements (data, nw, &cache, k + 1, out);
    }
  /* Player 1 ends: (filled[1] − groups[0]); player 2: (filled[0] − groups[1]). */
  values[ABR_FEATURE_END_MARGIN] = (filled[1] - groups[0]) - (filled[0] - groups[1]);
  values[ABR_FEATURE_GROUPS] = groups[0] - groups[1];
  values[ABR_FEATURE_PLACEMENTS] = placements[0] - placements[1];
}

static void
abr_format_move (const BsRuleset  *rs,
                 const BsPosition *pos,
                 BsMove            move,
                 GString          *out)
{
  switch (ABR_MOVE_TYPE (move))
    {
    case ABR_TYPE_PLACE:
      g_string_append (out, bs_board_cell_label (rs->board, ABR_MOVE_TO (move)));
      break;
    case ABR_TYPE_SHIFT:
      g_string_append_printf (out, "%s-%s",
                              bs_board_cell_label (rs->board, ABR_MOVE_FROM (move)),
                              bs_board_cell_label (rs->board, ABR_MOVE_TO (move)));
      break;
    case ABR_TYPE_END:
      g_string_append (out, "end");
      break;
    default:
      g_string_append_printf (out, "?%08x", move);
      break;
    }
}

/* A cell label of the board, with an error naming the text otherwise. */
static gboolean
abr_parse_cell (const BsRuleset *rs,
                const char      *label,
                int             *cell,
                GError         **error)
{
  return bs_ruleset_parse_cell (rs, label, _("write a placement as d4, a movement as d4-f4, or end"), cell, error);
}

static gboolean
abr_parse_move (const BsRuleset  *rs,
                const BsPosition *pos,
                const char       *text,
                BsMove           *move,
                GError          **error)
{
  g_auto (GStrv) parts = NULL;
  int from, to;

  if (g_str_equal (text, "end"))
    {
      *move = ABR_MOVE_END;
      return TRUE;
    }
  if (*text == '\0')
    {
      g_set_error (error, BS_RULES_ERROR, BS_RULES_ERROR_MALFORMED,
                   _("empty move (write a placement as d4, a movement as d4-f4, "
                     "or end)"));
      return FALSE;
    }
  parts = g_strsplit (text, "-", 0);
  if (g_strv_length (parts) > 2)
    {
      g_set_error (error, BS_RULES_ERROR, BS_RULES_ERROR_MALFORMED,
                   _("a movement is written with one “-”, as in d4-f4"));
      return FALSE;
    }
  if (g_strv_length (parts) == 1)
    {
      if (!abr_parse_cell (rs, parts[0], &to, error))
        return FALSE;
      *move = ABR_MOVE_PLACE (to);
      return TRUE;
    }
  if (!abr_parse_cell (rs, parts[0], &from, error)
      || !abr_parse_cell (rs, parts[1], &to, error))
    return FALSE;
  *move = ABR_MOVE_SHIFT (from, to);
  return TRUE;
}


static char *
abr_explain (const BsRuleset  *rs,
             const BsPosition *pos,
             BsMove            move)
{
  const AbrData *data = rs->module_data;
  guint64 placements[BS_GRID_MAX_WORDS];
  AbrLocalCache local;
  AbrCache cache;
  int p = pos->to_move;
  int place = BS_NO_CELL;

  abr_view (rs, pos, data->grid.n_words, &cache, &local);
  if (abr_placements (data, data->grid.n_words, &cache, p, placements) > 0)
    place = data->grid.cell_of_bit[bs_bits_select (placements, data->grid.n_words, 0)];

  switch (ABR_MOVE_TYPE (move))
    {
    case ABR_TYPE_PLACE:
      {
        int c = ABR_MOVE_TO (move);
        const char *label;
        if (c >= rs->n_cells)
          return g_strdup (_("no such cell"));
        label = bs_board_cell_label (rs->board, c);
        if (pos->cells[c] != BS_CELL_EMPTY)
          return g_strdup_printf (_("%s is occupied"), label);
        if (bs_bits_has (abr_touch (&cache, p - 1), data->grid.bit_of_cell[c]))
          return g_strdup_printf (_("%s touches your own stone"), label);
        return NULL;
      }

    case ABR_TYPE_SHIFT:
      {
        int from = ABR_MOVE_FROM (move);
        int to = ABR_MOVE_TO (move);
        const char *lfrom, *lto;
        int targets[BS_MAX_CELLS];
        GString *reachable;

        if (from >= rs->n_cells || to >= rs->n_cells)
          return g_strdup (_("no such cell"));
        lfrom = bs_board_cell_label (rs->board, from);
        lto = bs_board_cell_label (rs->board, to);
        if (place != BS_NO_CELL)
          return g_strdup_printf (_("a placement is possible (for example on %s), "
                                    "so you must place a stone instead of moving"),
                                  bs_board_cell_label (rs->board, place));
        if (BS_CELL_OWNER (pos->cells[from]) != p)
          return g_strdup_printf (_("%s holds no stone of yours"), lfrom);
        if (pos->cells[to] != BS_CELL_EMPTY)
          return g_strdup_printf (_("%s is occupied"), lto);

        reachable = g_string_new (NULL);
        for (int d = 0; d < 6; d++)
          {
            int k = abr_targets (data, pos->cells, from, d, targets);
            for (int i = 0; i < k; i++)
              {
                if (targets[i] == to)
                  {
                    g_string_free (reachable, TRUE);
                    return NULL;
                  }
                if (reachable->len > 0)
                  g_string_append (reachable, ", ");
                g_string_append (reachable, bs_board_cell_label (rs->board, targets[i]));
              }
          }
        {
          char *msg;
          if (reachable->len == 0)
            msg = g_strdup_printf (_("the stone on %s cannot reach %s: it has nowhere to go "
                                     "(%s)"),
                                   lfrom, lto, _(abr_movement_words[data->movement]));
          else
            msg = g_strdup_printf (_("the stone on %s cannot reach %s: it can reach %s (%s)"),
                                   lfrom, lto, reachable->str,
                                   _(abr_movement_words[data->movement]));
          g_string_free (reachable, TRUE);
          return msg;
        }
      }

    case ABR_TYPE_END:
      if (place != BS_NO_CELL)
        return g_strdup_printf (_("the game can be ended only when no placement is "
                                  "possible, and you can place on %s"),
                                bs_board_cell_label (rs->board, place));
      return NULL;

    default:
      return g_strdup (_("not an Abrobad move"));
    }
}

/* How it is played: click an empty cell to place, or a stone then its
 * target; "end" is a move of its own. */
static const BsWordSpec abr_words[] = {
  { "end", N_("_End Game"),
    N_("End the game now: every empty cell is filled with the opponent’s stones, and the "
       "player with fewer groups wins (a tie goes to you)."),
    TRUE },
};

static const BsPlaySpec abr_play = {
  .flags = BS_PLAY_PLACE | BS_PLAY_STEP,
  .piece_noun = N_("stone"),
  .words = abr_words,
  .n_words = G_N_ELEMENTS (abr_words),
};

static void
abr_decode_move (const BsRuleset  *rs,
                 const BsPosition *pos,
                 BsMove            move,
                 BsMoveParts      *parts)
{
  switch (ABR_MOVE_TYPE (move))
    {
    case ABR_TYPE_PLACE:
      parts->to = ABR_MOVE_TO (move);
      parts->kind = 0;
      break;
    case ABR_TYPE_SHIFT:
      parts->from = ABR_MOVE_FROM (move);
      parts->to = ABR_MOVE_TO (move);
      break;
    case ABR_TYPE_END:
      parts->word = 0;
      break;
    default:
      break;
    }
}

static gboolean
abr_encode_move (const BsRuleset   *rs,
                 const BsPosition  *pos,
                 const BsMoveParts *parts,
                 BsMove            *move)
{
  if (parts->word == 0)
    *move = ABR_MOVE_END;
  else if (parts->word >= 0 || parts->to < 0 || parts->to >= rs->n_cells)
    return FALSE;
  else if (parts->from != BS_NO_CELL)
    {
      if (parts->from < 0 || parts->from >= rs->n_cells)
        return FALSE;
      *move = ABR_MOVE_SHIFT (parts->from, parts->to);
    }
  else if (parts->kind <= 0)
    *move = ABR_MOVE_PLACE (parts->to);
  else
    return FALSE;
  return TRUE;
}

static void
abr_explain_turn (const BsRuleset   *rs,
                  const BsPosition  *before,
                  const BsMove      *steps,
                  guint              n_steps,
                  BsTurnExplanation *out)
{
  const AbrData *data = rs->module_data;
  BsMove move = steps[0];
  int p = before->to_move;
  const char *who = bs_variant_display_player (rs->variant, p);
  const char *other = bs_variant_display_player (rs->variant, bs_opponent (p));

  switch (ABR_MOVE_TYPE (move))
    {
    case ABR_TYPE_PLACE:
      g_string_append_printf (out->summary, _("%s places a stone on %s."), who,
                              bs_board_cell_label (rs->board, ABR_MOVE_TO (move)));
      break;
    case ABR_TYPE_SHIFT:
      {
        int from = ABR_MOVE_FROM (move), to = ABR_MOVE_TO (move);
        int over = 0;

        /* The stones jumped: those on the line between from and to. */
        for (int d = 0; d < 6; d++)
          {
            int n = 0, c = data->nb[from * 6 + d];

            while (c != BS_NO_CELL && c != to)
              {
                n += before->cells[c] != BS_CELL_EMPTY;
                c = data->nb[c * 6 + d];
              }
            if (c == to)
              {
                over = n;
                break;
              }
          }
        if (over > 0)
          g_string_append_printf (out->summary,
                                  g_dngettext (GETTEXT_PACKAGE,
                                               "%s moves the stone on %s to %s, jumping over "
                                               "%d stone.",
                                               "%s moves the stone on %s to %s, jumping over "
                                               "%d stones.",
                                               (gulong) over),
                                  who, bs_board_cell_label (rs->board, from),
                                  bs_board_cell_label (rs->board, to), over);
        else
          g_string_append_printf (out->summary, _("%s moves the stone on %s to %s."), who,
                                  bs_board_cell_label (rs->board, from),
                                  bs_board_cell_label (rs->board, to));
        break;
      }
    case ABR_TYPE_END:
      {
        int empty = 0;

        for (int c = 0; c < rs->n_cells; c++)
          empty += before->cells[c] == BS_CELL_EMPTY;
        g_string_append_printf (out->summary,
                                g_dngettext (GETTEXT_PACKAGE,
                                             "%s ends the game: %d empty cell is filled with "
                                             "%s’s stones.",
                                             "%s ends the game: %d empty cells are filled with "
                                             "%s’s stones.", (gulong) empty),
                                who, empty, other);
        break;
      }
    default:
      break;
    }
}

/* Why the stone on cell cannot move: a placement comes first, or no line
 * from it leads anywhere. */
static char *
abr_explain_piece (const BsRuleset  *rs,
                   const BsPosition *pos,
                   int               cell)
{
  const AbrData *data = rs->module_data;
  guint64 placements[BS_GRID_MAX_WORDS];
  AbrLocalCache local;
  AbrCache cache;
  int targets[BS_MAX_CELLS];
  int p = pos->to_move;

  if (BS_CELL_OWNER (pos->cells[cell]) != p)
    return NULL;
  abr_view (rs, pos, data->grid.n_words, &cache, &local);
  if (abr_placements (data, data->grid.n_words, &cache, p, placements) > 0)
    return g_strdup_printf (_("a stone may move only when no placement is possible, and you "
                              "can place on %s"),
                            bs_board_cell_label (rs->board,
                                                 data->grid.cell_of_bit[bs_bits_select (
                                                   placements, data->grid.n_words, 0)]));
  for (int d = 0; d < 6; d++)
    if (abr_targets (data, pos->cells, cell, d, targets) > 0)
      return NULL;
  return g_strdup_printf (_("it has nowhere to go: %s"), _(abr_movement_words[data->movement]));
}

static void
abr_describe_rules (const BsRuleset *rs,
                    GString         *rules,
                    GString         *goal)
{
  const AbrData *data = rs->module_data;
  g_autofree char *movement = g_strdup (_(abr_movement_words[data->movement]));

  g_string_append (rules, _("In turn, each player places a stone on an empty cell that touches "
                            "none of their own stones. A player who cannot place either moves "
                            "one of their stones or ends the game."));
  g_string_append_c (rules, ' ');
  /* TRANSLATORS: the movement option in words, "a stone steps to …" */
  g_string_append_printf (rules, _("Moving: %s."), movement);

  g_string_append (goal, _("Ending the game fills every empty cell with the opponent’s stones. "
                           "Then each player’s groups are counted: the player who ended the "
                           "game wins with as many groups as the opponent or fewer, and loses "
                           "with more."));
}

static const BsMeasureSpec abr_measures[] = {
  { "groups", N_("Groups") },
};

static void
abr_measure (const BsRuleset  *rs,
             const BsPosition *pos,
             int               values[][2])
{
  abr_scores (rs, pos, values[0]);
}

/* Only the end move ends the game. */
static BsEnding
abr_ending (const BsRuleset  *rs,
            const BsPosition *pos)
{
  return BS_ENDING_END_MOVE;
}

static void
abr_describe_ending (const BsRuleset  *rs,
                     const BsPosition *pos,
                     BsEnding          ending,
                     GString          *out)
{
  int ender = bs_opponent (pos->to_move);
  int other = pos->to_move;
  const char *ender_name = bs_variant_display_player (rs->variant, ender);
  const char *other_name = bs_variant_display_player (rs->variant, other);
  int groups[2];

  abr_scores (rs, pos, groups);
  /* TRANSLATORS: "White ended the game; the empty cells were filled with Black's stones." */
  g_string_append_printf (out, _("%s ended the game; the empty cells were filled with %s’s stones."),
                          ender_name, other_name);
  g_string_append_c (out, ' ');
  if (groups[0] == groups[1])
    {
      g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE,
                                                "Both players have %d group: a tie goes to %s, "
                                                "who ended the game.",
                                                "Both players have %d groups: a tie goes to %s, "
                                                "who ended the game.",
                                                (gulong) groups[0]),
                              groups[0], ender_name);
      return;
    }
  g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, "%s has %d group", "%s has %d groups",
                                            (gulong) groups[0]),
                          bs_variant_display_player (rs->variant, 1), groups[0]);
  g_string_append (out, ", ");
  g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, "%s has %d group", "%s has %d groups",
                                            (gulong) groups[1]),
                          bs_variant_display_player (rs->variant, 2), groups[1]);
  /* TRANSLATORS: ends "White has 5 groups, Black has 7 groups" */
  g_string_append (out, _(": fewer groups win."));
}

const BsModule bs_module_abrobad = {
  .id = "abrobad",
  .name = N_("Abrobad"),
  .description = N_("Place stones apart, then move them into as few groups as you can"),
  .flags = 0,

  .options = abr_options,
  .n_options = G_N_ELEMENTS (abr_options),
  .kinds = abr_kinds,
  .n_kinds = G_N_ELEMENTS (abr_kinds),
  .unlimited_supply = TRUE,
  .specials = NULL,
  .n_specials = 0,

  .shapes = (1u << BS_SHAPE_LIMPING) | (1u << BS_SHAPE_HEXAGON)
            | (1u << BS_SHAPE_HEX_RHOMBUS),
  .square_adjacency = 0,
  .min_side = 2,
  .max_side = 32,
  .min_size = 2,
  .max_size = 18,

  .default_board = { .shape = BS_SHAPE_LIMPING, .size = 5, .adjacency = 6 },
  .default_player_names = { N_("White"), N_("Black") },
  .default_player_colors = { "#f4f1ea", "#26262b" },

  .prepare = abr_prepare,
  .free_data = abr_free_data,
  .setup = abr_setup,
  .generate = abr_generate,
  .random_move = abr_random_move,
  .apply = abr_apply,
  .scores = abr_scores,
  .measures = abr_measures,
  .n_measures = G_N_ELEMENTS (abr_measures),
  .measure = abr_measure,
  .features = abr_features,
  /* Measured: cut=4 against the plain search, 20–0 at 0.1 CPU s; the cut search
   * against alpha-beta, 18–2 (docs/SEARCH.md): Hard and Strongest play it. */
  .playout_cut = 4,
  .strongest = BS_STRONGEST_MONTE_CARLO,
  .n_features = ABR_N_FEATURES,
  .feature_values = abr_feature_values,
  .ending = abr_ending,
  .describe_ending = abr_describe_ending,
  .play = &abr_play,
  .decode_move = abr_decode_move,
  .encode_move = abr_encode_move,
  .explain_turn = abr_explain_turn,
  .explain_piece = abr_explain_piece,
  .describe_rules = abr_describe_rules,
  .format_move = abr_format_move,
  .parse_move = abr_parse_move,
  .explain = abr_explain,
};
