/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-abrobad.c: Abrobad (RULES.md, seed 002). Players place stones on empty
 * cells that touch none of their own; when a player has no placement they
 * move a stone (option `movement`) or end the game, which fills every empty
 * cell with the opponent's stones; fewer or equal groups win for the ender.
 *
 * Hot state. The extra bytes of a position hold cell sets (the stones of
 * each player, the empty cells, the cells each player touches) and, for
 * each player, how many of their stones touch each cell; with them "must I
 * place?" and a random placement cost a few word operations. These bytes
 * are a cache of the cells: they are tagged with the cells' Zobrist hash,
 * and a position whose cells were changed behind the module's back (a test
 * or an editor calling bs_position_set_cell) is detected and recomputed,
 * never trusted. */
#define G_LOG_DOMAIN "boardsmith-engine"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "bs-error.h"
#include "bs-modules.h"
#include "bs-ruleset.h"
#include "bs-cellset-private.h"

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

static const BsOptionSpec abr_options[] = {
  { "movement", BS_OPTION_ENUM, 0, 4, MOVEMENT_FIRST_EMPTY, abr_movement_choices,
    N_("Movement"),
    N_("How a stone moves once no placement is possible") },
  { "max-plies", BS_OPTION_INT, 0, 100000, 1000, NULL,
    N_("Move limit"),
    N_("Plies after which the game ends as a draw (0: no limit)") },
};

static const BsKindSpec abr_kinds[] = {
  { "stone", N_("Stone"), FALSE, 0 },
};

/* Tries of rejection sampling before falling back to an exact scan. */
#define ABR_RANDOM_TRIES 48

typedef struct {
  int           n_cells;
  int           n_words;          /* of a cell set (room for the sentinel) */
  AbrMovement   movement;
  int           max_ray;          /* longest ray */
  gsize         cache_offset;     /* from pos->cells, 8-aligned */
  gsize         cache_size;
  const gint16 *nb;               /* [cell * 6 + dir] */
  gint16       *nb_sentinel;      /* the same, with n_cells for "no cell" */
  guint64      *nb_sets;          /* [cell * n_words]: the neighbours as a cell set */
} AbrData;

/* The cache, from cache_offset: the cells' hash it was computed from, the
 * cell sets touch[2] (cells next to at least one stone of the player),
 * own[2] (the player's stones) and empty, then adj[2][n + 1] (how many
 * stones of the player are around each cell). A player's placements are
 * empty & ~touch. Index n is a sentinel that stands for every missing
 * neighbour, so the neighbour updates need no test for the edge (its
 * counts wrap harmlessly; it is never empty). Everything in the cache is a
 * function of the cells, so positions with the same cells have the same
 * bytes whatever their history. */
typedef struct {
  guint64 *sync;
  guint64 *touch[2];
  guint64 *own[2];
  guint64 *empty;
  guint8  *adj[2];
} AbrCache;

static inline void
abr_cache_at (const AbrData *data, guint8 *base, AbrCache *cache)
{
  guint64 *words = (guint64 *) (gpointer) base;
  int nw = data->n_words;

  cache->sync = words;
  cache->touch[0] = words + 1;
  cache->touch[1] = words + 1 + nw;
  cache->own[0] = words + 1 + 2 * nw;
  cache->own[1] = words + 1 + 3 * nw;
  cache->empty = words + 1 + 4 * nw;
  cache->adj[0] = base + 8 * (1 + 5 * (gsize) nw);
  cache->adj[1] = cache->adj[0] + data->n_cells + 1;
}

/* The sync word holds the cells' hash mixed with this tag, so that a
 * zeroed cache never passes for the cache of an empty board. */
#define ABR_SYNC_TAG G_GUINT64_CONSTANT (0xAB20BAD0C0FFEE11)

static inline gboolean
abr_is_synced (const AbrData *data, const BsPosition *pos)
{
  return *(const guint64 *) (gconstpointer) (pos->cells + data->cache_offset)
         == (pos->hash ^ ABR_SYNC_TAG);
}

static inline void
abr_mark_synced (const AbrData *data, BsPosition *pos)
{
  *(guint64 *) (gpointer) (pos->cells + data->cache_offset) = pos->hash ^ ABR_SYNC_TAG;
}

/* Room for the cache of the largest board, for a stale const position. */
typedef union {
  guint64 words[1 + 5 * BS_CELLSET_WORDS (BS_MAX_CELLS + 1) + 2 * (BS_MAX_CELLS + 1) / 8 + 1];
  guint8  bytes[1];
} AbrLocalCache;

/* Computes the whole cache (but the sync word) from the cells. */
static void
abr_compute (const AbrData *data, const guint8 *cells, AbrCache *cache)
{
  int n = data->n_cells;
  int nw = data->n_words;

  memset (cache->touch[0], 0, 5 * 8 * (gsize) nw + 2 * (gsize) (n + 1));
  for (int c = 0; c < n; c++)
    {
      int owner = BS_CELL_OWNER (cells[c]);
      if (owner == 0)
        {
          bs_cellset_add (cache->empty, c);
          continue;
        }
      bs_cellset_add (cache->own[owner - 1], c);
      for (int d = 0; d < 6; d++)
        {
          int m = data->nb_sentinel[c * 6 + d];
          cache->adj[owner - 1][m]++;
          bs_cellset_add (cache->touch[owner - 1], m);
        }
    }
}

static void
abr_resync (const BsRuleset *rs, BsPosition *pos)
{
  const AbrData *data = rs->module_data;
  AbrCache cache;

  abr_cache_at (data, pos->cells + data->cache_offset, &cache);
  abr_compute (data, pos->cells, &cache);
  abr_mark_synced (data, pos);
}

/* The cache of a position for reading: its own when it belongs to the
 * cells, else computed into local. */
static void
abr_view (const BsRuleset  *rs,
          const BsPosition *pos,
          AbrCache         *cache,
          AbrLocalCache    *local)
{
  const AbrData *data = rs->module_data;

  abr_cache_at (data, (guint8 *) pos->cells + data->cache_offset, cache);
  if (abr_is_synced (data, pos))
    return;
  abr_cache_at (data, local->bytes, cache);
  abr_compute (data, pos->cells, cache);
}

/* Player p's placements as a cell set into out; returns how many. */
static inline int
abr_placements (const AbrData *data, const AbrCache *cache, int p, guint64 *out)
{
  int count = 0;

  for (int w = 0; w < data->n_words; w++)
    {
      out[w] = cache->empty[w] & ~cache->touch[p - 1][w];
      count += bs_word_count (out[w]);
    }
  return count;
}

/* Writes one cell and keeps the cache in step with it. owner 0 empties
 * the cell. Branch-free where the outcome is a coin toss in playouts. */
static inline void
abr_set (const BsRuleset *rs, BsPosition *pos, int cell, int owner, BsUndo *undo)
{
  const AbrData *data = rs->module_data;
  AbrCache cache;
  int old = BS_CELL_OWNER (pos->cells[cell]);
  const gint16 *nb = data->nb_sentinel + cell * 6;
  guint64 bit = G_GUINT64_CONSTANT (1) << (cell & 63);
  int w = cell >> 6;

  if (old == owner)
    return;
  abr_cache_at (data, pos->cells + data->cache_offset, &cache);

  if (old == 0)
    cache.empty[w] &= ~bit;
  else
    cache.own[old - 1][w] &= ~bit;
  if (owner == 0)
    cache.empty[w] |= bit;
  else
    cache.own[owner - 1][w] |= bit;

  bs_position_set_cell (rs->zobrist, pos, cell,
                        owner ? BS_CELL_MAKE (owner, 0, 0) : BS_CELL_EMPTY, undo);

  /* Around the cell, the old owner may touch a neighbour no more, and the
   * new owner touches every neighbour. */
  if (old != 0)
    {
      guint8 *adj = cache.adj[old - 1];
      guint64 *touch = cache.touch[old - 1];
      for (int d = 0; d < 6; d++)
        {
          int m = nb[d];
          guint64 gone = --adj[m] == 0;
          touch[m >> 6] &= ~(gone << (m & 63));
        }
    }
  if (owner != 0)
    {
      guint8 *adj = cache.adj[owner - 1];
      guint64 *touch = cache.touch[owner - 1];
      for (int d = 0; d < 6; d++)
        {
          int m = nb[d];
          adj[m]++;
          touch[m >> 6] |= G_GUINT64_CONSTANT (1) << (m & 63);
        }
    }
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

static gboolean
abr_prepare (BsRuleset  *rs,
             GError    **error)
{
  AbrData *data;
  int max_ray = 0;
  guint per_dir;
  guint n_moves;

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
  data->n_cells = rs->n_cells;
  data->movement = (AbrMovement) rs->options[OPT_MOVEMENT];
  data->nb = rs->neighbours;
  data->n_words = BS_CELLSET_WORDS (rs->n_cells + 1);
  data->cache_offset = ((gsize) rs->n_cells + 7) & ~(gsize) 7;
  data->cache_size = 8 * (1 + 5 * (gsize) data->n_words) + 2 * (gsize) (rs->n_cells + 1);
  data->nb_sentinel = g_new (gint16, (gsize) rs->n_cells * 6);
  for (int i = 0; i < rs->n_cells * 6; i++)
    data->nb_sentinel[i] = data->nb[i] == BS_NO_CELL ? (gint16) rs->n_cells : data->nb[i];
  for (int c = 0; c < rs->n_cells; c++)
    for (int d = 0; d < 6; d++)
      {
        int len = 0;
        for (int m = data->nb[c * 6 + d]; m != BS_NO_CELL; m = data->nb[m * 6 + d])
          len++;
        max_ray = MAX (max_ray, len);
      }
  data->max_ray = MAX (max_ray, 1);
  data->nb_sets = g_new0 (guint64, (gsize) rs->n_cells * data->n_words);
  for (int c = 0; c < rs->n_cells; c++)
    for (int d = 0; d < 6; d++)
      if (data->nb[c * 6 + d] != BS_NO_CELL)
        bs_cellset_add (data->nb_sets + c * data->n_words, data->nb[c * 6 + d]);
  rs->module_data = data;

  per_dir = data->movement == MOVEMENT_SLIDE ? (guint) data->max_ray : 1;
  n_moves = (guint) rs->n_cells * 6 * per_dir + 1;
  rs->max_moves = MAX ((guint) rs->n_cells, n_moves);
  rs->extra_size = data->cache_offset - (gsize) rs->n_cells + data->cache_size;
  /* The end move fills every empty cell. */
  rs->max_changes = MAX (rs->max_changes, (guint) rs->n_cells);
  return TRUE;
}

static void
abr_free_data (gpointer module_data)
{
  AbrData *data = module_data;

  g_free (data->nb_sets);
  g_free (data->nb_sentinel);
  g_free (data);
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

static guint
abr_generate (const BsRuleset  *rs,
              const BsPosition *pos,
              BsMove           *moves)
{
  const AbrData *data = rs->module_data;
  guint64 place[BS_CELLSET_WORDS (BS_MAX_CELLS + 1)];
  AbrLocalCache local;
  AbrCache cache;
  int p = pos->to_move;
  guint n = 0;

  abr_view (rs, pos, &cache, &local);
  if (abr_placements (data, &cache, p, place) > 0)
    {
      for (int w = 0; w < data->n_words; w++)
        for (guint64 bits = place[w]; bits != 0; bits &= bits - 1)
          moves[n++] = ABR_MOVE_PLACE (w * 64 + __builtin_ctzll (bits));
      return n;
    }
  return abr_generate_movements (data, pos->cells, p, moves);
}

/* Uniform over the legal moves of generate(). A placement is picked by its
 * rank in the set of placement cells. A turn without placement proposes
 * uniformly from a superset where each legal move has exactly one slot,
 * plus the end move: (stone, direction) slots, or for slides (destination,
 * direction) slots; a slot that is no legal move is drawn again. Every try
 * gives each legal move the same chance, and the exact fallback after
 * ABR_RANDOM_TRIES misses is uniform too, so the result is exactly
 * uniform. */
static BsMove
abr_random_move (const BsRuleset  *rs,
                 const BsPosition *pos,
                 BsRng            *rng,
                 BsMove           *scratch)
{
  const AbrData *data = rs->module_data;
  const guint8 *cells = pos->cells;
  guint64 place[BS_CELLSET_WORDS (BS_MAX_CELLS + 1)];
  AbrLocalCache local;
  AbrCache cache;
  int p = pos->to_move;
  int n_place;
  guint n_moves;

  abr_view (rs, pos, &cache, &local);
  n_place = abr_placements (data, &cache, p, place);
  if (n_place > 0)
    {
      int r = (int) bs_rng_below (rng, (guint32) n_place);
      return ABR_MOVE_PLACE (bs_cellset_select (place, data->n_words, r));
    }

  if (data->movement == MOVEMENT_SLIDE)
    {
      /* A slide is named by where it ends and its direction: walking back
       * from the empty destination over empty cells, the first stone met
       * must be the player's own. One slot per (cell, direction). */
      guint32 slots = (guint32) (data->n_cells * 6);
      for (int t = 0; t < ABR_RANDOM_TRIES; t++)
        {
          guint32 s = bs_rng_below (rng, slots + 1);
          int e, back, m;
          if (s == slots)
            return ABR_MOVE_END;
          e = (int) (s / 6);
          if (cells[e] != BS_CELL_EMPTY)
            continue;
          back = ((int) (s % 6) + 3) % 6;
          m = data->nb[e * 6 + back];
          while (m != BS_NO_CELL && cells[m] == BS_CELL_EMPTY)
            m = data->nb[m * 6 + back];
          if (m != BS_NO_CELL && BS_CELL_OWNER (cells[m]) == p)
            return ABR_MOVE_SHIFT (m, e);
        }
    }
  else
    {
      guint32 slots = (guint32) (data->n_cells * 6);
      for (int t = 0; t < ABR_RANDOM_TRIES; t++)
        {
          guint32 s = bs_rng_below (rng, slots + 1);
          int c, target;
          if (s == slots)
            return ABR_MOVE_END;
          c = (int) (s / 6);
          if (BS_CELL_OWNER (cells[c]) != p)
            continue;
          if (data->movement == MOVEMENT_FIRST_EMPTY)
            {
              /* The hot case, inline: the first empty cell of the ray. */
              int d = (int) (s % 6);
              int m = data->nb[c * 6 + d];
              while (m != BS_NO_CELL && cells[m] != BS_CELL_EMPTY)
                m = data->nb[m * 6 + d];
              if (m != BS_NO_CELL)
                return ABR_MOVE_SHIFT (c, m);
            }
          else if (abr_targets (data, cells, c, (int) (s % 6), &target) == 1)
            return ABR_MOVE_SHIFT (c, target);
        }
    }

  n_moves = abr_generate_movements (data, cells, p, scratch);
  return scratch[bs_rng_below (rng, n_moves)];
}

/* Groups of a set of cells: a flood fill that grows a whole frontier at
 * once through the neighbour sets. Sets are n_words long, which counts the
 * sentinel: one word more than the cells need on a 1,024-cell board. */
static int
abr_count_set_groups (const AbrData *data, const guint64 *set)
{
  guint64 rest[BS_CELLSET_WORDS (BS_MAX_CELLS + 1)];
  guint64 frontier[BS_CELLSET_WORDS (BS_MAX_CELLS + 1)];
  guint64 grown[BS_CELLSET_WORDS (BS_MAX_CELLS + 1)];
  int nw = data->n_words;
  int groups = 0;

  memcpy (rest, set, 8 * (gsize) nw);
  for (int w = 0; w < nw; w++)
    while (rest[w] != 0)
      {
        guint64 first = rest[w] & -rest[w];
        guint64 any;

        groups++;
        memset (frontier, 0, 8 * (gsize) nw);
        frontier[w] = first;
        rest[w] &= ~first;
        do
          {
            memset (grown, 0, 8 * (gsize) nw);
            for (int v = 0; v < nw; v++)
              for (guint64 bits = frontier[v]; bits != 0; bits &= bits - 1)
                {
                  const guint64 *around = data->nb_sets + (v * 64 + __builtin_ctzll (bits)) * nw;
                  for (int i = 0; i < nw; i++)
                    grown[i] |= around[i];
                }
            any = 0;
            for (int i = 0; i < nw; i++)
              {
                frontier[i] = grown[i] & rest[i];
                rest[i] &= ~frontier[i];
                any |= frontier[i];
              }
          }
        while (any != 0);
      }
  return groups;
}

/* Groups of each player, from the cells. */
static void
abr_count_groups (const AbrData *data, const guint8 *cells, int groups[2])
{
  guint64 own[2][BS_CELLSET_WORDS (BS_MAX_CELLS + 1)];

  memset (own, 0, sizeof own);
  for (int c = 0; c < data->n_cells; c++)
    if (cells[c] != BS_CELL_EMPTY)
      bs_cellset_add (own[BS_CELL_OWNER (cells[c]) - 1], c);
  groups[0] = abr_count_set_groups (data, own[0]);
  groups[1] = abr_count_set_groups (data, own[1]);
}

static void
abr_apply (const BsRuleset *rs,
           BsPosition      *pos,
           BsMove           move,
           BsUndo          *undo)
{
  const AbrData *data = rs->module_data;
  int p = pos->to_move;

  if (!abr_is_synced (data, pos))
    abr_resync (rs, pos);

  switch (ABR_MOVE_TYPE (move))
    {
    case ABR_TYPE_PLACE:
      abr_set (rs, pos, ABR_MOVE_TO (move), p, undo);
      break;

    case ABR_TYPE_SHIFT:
      abr_set (rs, pos, ABR_MOVE_FROM (move), 0, undo);
      abr_set (rs, pos, ABR_MOVE_TO (move), p, undo);
      break;

    case ABR_TYPE_END:
      {
        AbrCache cache;
        int groups[2];
        int q = bs_opponent (p);
        for (int c = 0; c < data->n_cells; c++)
          if (pos->cells[c] == BS_CELL_EMPTY)
            abr_set (rs, pos, c, q, undo);
        abr_cache_at (data, pos->cells + data->cache_offset, &cache);
        groups[0] = abr_count_set_groups (data, cache.own[0]);
        groups[1] = abr_count_set_groups (data, cache.own[1]);
        /* Ties go to the player who ends the game. */
        pos->result = groups[p - 1] <= groups[q - 1] ? (guint8) p : (guint8) q;
        break;
      }

    default:
      g_assert_not_reached ();
    }

  abr_mark_synced (data, pos);
  pos->ply++;
  pos->to_move = (guint8) bs_opponent (p);
  pos->step = 0;
}

static void
abr_scores (const BsRuleset  *rs,
            const BsPosition *pos,
            int               scores[2])
{
  /* After the end move the cells hold the filled board, so the current
   * groups are the final score. */
  abr_count_groups (rs->module_data, pos->cells, scores);
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
  gboolean is_hole = FALSE;
  int col, row;

  if (!bs_board_parse_label (label, &col, &row))
    {
      g_set_error (error, BS_RULES_ERROR, BS_RULES_ERROR_MALFORMED,
                   _("“%s” is not a cell label (write a placement as d4, a movement "
                     "as d4-f4, or end)"),
                   label);
      return FALSE;
    }
  *cell = bs_board_find_cell (rs->board, label, &is_hole);
  if (*cell == BS_NO_CELL)
    {
      g_set_error (error, BS_RULES_ERROR, BS_RULES_ERROR_MALFORMED,
                   is_hole ? _("%s is a hole in this board")
                           : _("%s is not a cell of this board"),
                   label);
      return FALSE;
    }
  return TRUE;
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
  guint64 placements[BS_CELLSET_WORDS (BS_MAX_CELLS + 1)];
  AbrLocalCache local;
  AbrCache cache;
  int p = pos->to_move;
  int place = BS_NO_CELL;

  abr_view (rs, pos, &cache, &local);
  if (abr_placements (data, &cache, p, placements) > 0)
    place = bs_cellset_select (placements, data->n_words, 0);

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
        if (bs_cellset_has (cache.touch[p - 1], c))
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
            msg = g_strdup_printf (_("%s cannot reach %s: with the %s movement the stone "
                                     "on %s has no move"),
                                   lfrom, lto, abr_movement_choices[data->movement], lfrom);
          else
            msg = g_strdup_printf (_("%s cannot reach %s with the %s movement "
                                     "(it can reach %s)"),
                                   lfrom, lto, abr_movement_choices[data->movement],
                                   reachable->str);
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
  .ending = abr_ending,
  .describe_ending = abr_describe_ending,
  .format_move = abr_format_move,
  .parse_move = abr_parse_move,
  .explain = abr_explain,
};
