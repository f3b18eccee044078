/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-ikabegama.c: Ikabegamá (RULES.md, seed 003). A Hexxagon-like race into
 * the other player's nest: grow a token next to your own, or jump one to a
 * cell at distance exactly 2; the opponent's tokens next to the destination
 * turn yours. A token of yours on the other nest wins; a player without a
 * move passes, and two passes in a row draw.
 *
 * Hot state. The extra bytes hold cell sets (each player's tokens, the
 * empty cells, the cells each player touches) and adjacency counts. Like
 * Abrobad's, this cache is tagged with the cells' Zobrist hash and
 * recomputed when the cells were changed behind the module's back. */
#define G_LOG_DOMAIN "boardsmith-engine"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "bs-error.h"
#include "bs-modules.h"
#include "bs-ruleset.h"
#include "bs-cellset-private.h"

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
  int           n_words;          /* of a cell set (room for the sentinel) */
  int           nest[3];          /* [player] */
  const gint16 *nb;               /* [cell * 6 + dir] */
  gint16       *nb_sentinel;      /* the same, with n_cells for "no cell" */
  gint16       *ring;             /* [cell * 12 + k], BS_NO_CELL padded */
  gsize         cache_offset;     /* from pos->cells, 8-aligned */
  gsize         cache_size;
} IkaData;

/* The cache, from cache_offset: the cells' hash it was computed from, the
 * cell sets touch[2] (cells next to at least one token of the player),
 * own[2] and empty, then adj[2][n + 1] (how many tokens of the player are
 * around each cell). A player's growths are empty & touch. Index n is a
 * sentinel standing for every missing neighbour (never empty), so the
 * neighbour updates need no edge test. The cache is a function of the
 * cells: positions with the same cells have the same bytes. */
typedef struct {
  guint64 *sync;
  guint64 *touch[2];
  guint64 *own[2];
  guint64 *empty;
  guint8  *adj[2];
} IkaCache;

typedef union {
  guint64 words[1 + 5 * BS_CELLSET_WORDS (BS_MAX_CELLS + 1) + 2 * (BS_MAX_CELLS + 1) / 8 + 1];
  guint8  bytes[1];
} IkaLocalCache;

static const BsOptionSpec ika_options[] = {
  { "max-plies", BS_OPTION_INT, 0, 100000, 300, NULL,
    N_("Move limit"),
    N_("Plies after which the game ends as a draw (0: no limit)") },
};

static const BsKindSpec ika_kinds[] = {
  { "token", N_("Token"), FALSE, 0 },
};

static const BsSpecialSpec ika_specials[] = {
  { "nest", N_("Nest"), TRUE, TRUE, { NULL, "a1", "i9" } },
};

static inline void
ika_cache_at (const IkaData *data, guint8 *base, IkaCache *cache)
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
#define IKA_SYNC_TAG G_GUINT64_CONSTANT (0x1CABE6A3A0C0FFEE)

static inline gboolean
ika_is_synced (const IkaData *data, const BsPosition *pos)
{
  return *(const guint64 *) (gconstpointer) (pos->cells + data->cache_offset)
         == (pos->hash ^ IKA_SYNC_TAG);
}

static inline void
ika_mark_synced (const IkaData *data, BsPosition *pos)
{
  *(guint64 *) (gpointer) (pos->cells + data->cache_offset) = pos->hash ^ IKA_SYNC_TAG;
}

static void
ika_compute (const IkaData *data, const guint8 *cells, IkaCache *cache)
{
  int n = data->n_cells;

  memset (cache->touch[0], 0, 5 * 8 * (gsize) data->n_words + 2 * (gsize) (n + 1));
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
ika_resync (const BsRuleset *rs, BsPosition *pos)
{
  const IkaData *data = rs->module_data;
  IkaCache cache;

  ika_cache_at (data, pos->cells + data->cache_offset, &cache);
  ika_compute (data, pos->cells, &cache);
  ika_mark_synced (data, pos);
}

/* The cache of a position for reading: its own when it belongs to the
 * cells, else computed into local. */
static void
ika_view (const BsRuleset *rs, const BsPosition *pos, IkaCache *cache, IkaLocalCache *local)
{
  const IkaData *data = rs->module_data;

  ika_cache_at (data, (guint8 *) pos->cells + data->cache_offset, cache);
  if (ika_is_synced (data, pos))
    return;
  ika_cache_at (data, local->bytes, cache);
  ika_compute (data, pos->cells, cache);
}

/* Player p's growth cells as a cell set into out; returns how many. */
static inline int
ika_growths (const IkaData *data, const IkaCache *cache, int p, guint64 *out)
{
  int count = 0;

  for (int w = 0; w < data->n_words; w++)
    {
      out[w] = cache->empty[w] & cache->touch[p - 1][w];
      count += bs_word_count (out[w]);
    }
  return count;
}

/* Writes one cell (owner 0: empty) and keeps the cache in step. */
static inline void
ika_set (const BsRuleset *rs, BsPosition *pos, int cell, int owner, BsUndo *undo)
{
  const IkaData *data = rs->module_data;
  IkaCache cache;
  int old = BS_CELL_OWNER (pos->cells[cell]);
  const gint16 *nb = data->nb_sentinel + cell * 6;
  guint64 bit = G_GUINT64_CONSTANT (1) << (cell & 63);
  int w = cell >> 6;

  if (old == owner)
    return;
  ika_cache_at (data, pos->cells + data->cache_offset, &cache);

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
  data->n_words = BS_CELLSET_WORDS (rs->n_cells + 1);
  data->nb_sentinel = g_new (gint16, (gsize) rs->n_cells * 6);
  for (int i = 0; i < rs->n_cells * 6; i++)
    data->nb_sentinel[i] = data->nb[i] == BS_NO_CELL ? (gint16) rs->n_cells : data->nb[i];
  data->cache_offset = ((gsize) rs->n_cells + 7) & ~(gsize) 7;
  data->cache_size = 8 * (1 + 5 * (gsize) data->n_words) + 2 * (gsize) (rs->n_cells + 1);
  rs->module_data = data;

  rs->max_moves = (guint) rs->n_cells * (IKA_RING + 1) + 1;
  rs->extra_size = data->cache_offset - (gsize) rs->n_cells + data->cache_size;
  /* Origin, destination and up to six flips. */
  rs->max_changes = MAX (rs->max_changes, 8u);
  return TRUE;
}

static void
ika_free_data (gpointer module_data)
{
  IkaData *data = module_data;

  g_free (data->ring);
  g_free (data->nb_sentinel);
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

static guint
ika_generate_with (const IkaData *data, const guint8 *cells, const IkaCache *cache,
                   int p, BsMove *moves)
{
  guint64 grow[BS_CELLSET_WORDS (BS_MAX_CELLS + 1)];
  guint n = 0;

  ika_growths (data, cache, p, grow);
  for (int w = 0; w < data->n_words; w++)
    for (guint64 bits = grow[w]; bits != 0; bits &= bits - 1)
      moves[n++] = IKA_MOVE_GROW (w * 64 + __builtin_ctzll (bits));
  for (int w = 0; w < data->n_words; w++)
    for (guint64 bits = cache->own[p - 1][w]; bits != 0; bits &= bits - 1)
      {
        int s = w * 64 + __builtin_ctzll (bits);
        const gint16 *ring = data->ring + s * IKA_RING;
        for (int k = 0; k < IKA_RING && ring[k] != BS_NO_CELL; k++)
          if (cells[ring[k]] == BS_CELL_EMPTY)
            moves[n++] = IKA_MOVE_JUMP (s, ring[k]);
      }
  if (n == 0)
    moves[n++] = IKA_MOVE_PASS;
  return n;
}

static guint
ika_generate (const BsRuleset  *rs,
              const BsPosition *pos,
              BsMove           *moves)
{
  IkaLocalCache local;
  IkaCache cache;

  ika_view (rs, pos, &cache, &local);
  return ika_generate_with (rs->module_data, pos->cells, &cache, pos->to_move, moves);
}

/* Uniform over the legal moves. Each try draws one slot among the growth
 * cells (every one a legal growth) and 12 jump slots per own token (legal
 * when that ring cell exists and is empty): each legal move has exactly
 * one slot, so each try picks each legal move with the same chance; after
 * IKA_RANDOM_TRIES misses the exact fallback is uniform too. */
static BsMove
ika_random_move (const BsRuleset  *rs,
                 const BsPosition *pos,
                 BsRng            *rng,
                 BsMove           *scratch)
{
  const IkaData *data = rs->module_data;
  const guint8 *cells = pos->cells;
  guint64 grow[BS_CELLSET_WORDS (BS_MAX_CELLS + 1)];
  IkaLocalCache local;
  IkaCache cache;
  int p = pos->to_move;
  int n_grow, n_own;
  guint32 slots;
  guint n_moves;

  ika_view (rs, pos, &cache, &local);
  n_grow = ika_growths (data, &cache, p, grow);
  n_own = pos->on_board[p - 1][0];
  slots = (guint32) (n_grow + IKA_RING * n_own);
  if (slots > 0)
    for (int t = 0; t < IKA_RANDOM_TRIES; t++)
      {
        guint32 s = bs_rng_below (rng, slots);
        int from, to;
        if (s < (guint32) n_grow)
          return IKA_MOVE_GROW (bs_cellset_select (grow, data->n_words, (int) s));
        s -= (guint32) n_grow;
        from = bs_cellset_select (cache.own[p - 1], data->n_words, (int) (s / IKA_RING));
        to = data->ring[from * IKA_RING + s % IKA_RING];
        if (to != BS_NO_CELL && cells[to] == BS_CELL_EMPTY)
          return IKA_MOVE_JUMP (from, to);
      }
  n_moves = ika_generate_with (data, cells, &cache, p, scratch);
  return scratch[bs_rng_below (rng, n_moves)];
}

static void
ika_apply (const BsRuleset *rs,
           BsPosition      *pos,
           BsMove           move,
           BsUndo          *undo)
{
  const IkaData *data = rs->module_data;
  int p = pos->to_move;
  int q = bs_opponent (p);

  if (!ika_is_synced (data, pos))
    ika_resync (rs, pos);

  if (IKA_MOVE_TYPE (move) == IKA_TYPE_PASS)
    {
      pos->counter[IKA_COUNTER_PASSES]++;
      if (pos->counter[IKA_COUNTER_PASSES] >= 2)
        pos->result = BS_RESULT_DRAW;
    }
  else
    {
      int to = IKA_MOVE_TO (move);
      const gint16 *nb = data->nb + to * 6;

      pos->counter[IKA_COUNTER_PASSES] = 0;
      if (IKA_MOVE_TYPE (move) == IKA_TYPE_JUMP)
        ika_set (rs, pos, IKA_MOVE_FROM (move), 0, undo);
      ika_set (rs, pos, to, p, undo);
      for (int d = 0; d < 6; d++)
        if (nb[d] != BS_NO_CELL && BS_CELL_OWNER (pos->cells[nb[d]]) == q)
          ika_set (rs, pos, nb[d], p, undo);
      /* Growth, jump or flip: only the mover's tokens can have reached a
       * nest, and only the opponent's nest wins. */
      if (BS_CELL_OWNER (pos->cells[data->nest[q]]) == p)
        pos->result = (guint8) p;
      ika_mark_synced (data, pos);
    }

  pos->ply++;
  pos->to_move = (guint8) q;
  pos->step = 0;
}

static void
ika_scores (const BsRuleset  *rs,
            const BsPosition *pos,
            int               scores[2])
{
  scores[0] = bs_position_pieces (pos, 1);
  scores[1] = bs_position_pieces (pos, 2);
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
  gboolean is_hole = FALSE;
  int col, row;

  if (!bs_board_parse_label (label, &col, &row))
    {
      g_set_error (error, BS_RULES_ERROR, BS_RULES_ERROR_MALFORMED,
                   _("“%s” is not a cell label (write a growth as d4, a jump as "
                     "b2-d4, or pass)"),
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
        IkaLocalCache local;
        IkaCache cache;
        g_autofree BsMove *all = g_new (BsMove, rs->max_moves);
        g_autoptr (GString) text = g_string_new (NULL);

        ika_view (rs, pos, &cache, &local);
        if (ika_generate_with (data, pos->cells, &cache, p, all) == 1 && all[0] == IKA_MOVE_PASS)
          return NULL;
        ika_format_move (rs, pos, all[0], text);
        return g_strdup_printf (_("you can pass only when you have no move, and you can "
                                  "play %s"), text->str);
      }

    default:
      return g_strdup (_("not an Ikabegamá move"));
    }
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
  .ending = ika_ending,
  .describe_ending = ika_describe_ending,
  .format_move = ika_format_move,
  .parse_move = ika_parse_move,
  .explain = ika_explain,
};
