/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-rules-push.c: a push program — a placement of one or more kinds
 * whose <push> effect moves every occupied neighbour of the placed cell
 * straight away from it, a distance per kind placed (docs/RULES-LANGUAGE.md,
 * "The sixth slice").
 *
 * Sets are bits of BsGrid's layout (one guard column: every direction of
 * the board is one constant shift). The legal placements of a kind whose
 * push requires one full move are, per direction with shift s, the empty
 * cells c with c + s occupied and c + 2s … c + (k + 1)s empty, k the
 * kind's distance: a run of shifts of the empty set, all kinds at once.
 *
 * The position's derived bytes (from sets_offset, trusted while the
 * position has BS_POSITION_DERIVED): each player's pieces, the pieces of
 * each kind but the first, the legal placements of the player to move per
 * kind placed, and the key they were computed for (the player to move,
 * whether the ply is free, the kinds in hand), so that the random move
 * reads what apply found when it tested the end. A move is the cell
 * (bits 0-11) and the kind (bits 12-15). */
#define G_LOG_DOMAIN "boardsmith-rules"

#include "config.h"

#include "bs-rules-push.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "bs-bitboard.h"
#include "bs-error.h"
#include "bs-position.h"
#include "bs-ruleset.h"
#include "bs-rules-program.h"
#include "bs-variant.h"

#define PP_KIND_SHIFT 12
#define PP_CELL_MASK  0xFFFu
#define PP_MOVE(cell, kind) ((BsMove) (cell) | ((BsMove) (kind) << PP_KIND_SHIFT))
#define PP_CELL(m)          ((int) ((m) & PP_CELL_MASK))
#define PP_KIND(m)          ((int) (((m) >> PP_KIND_SHIFT) & 0xFu))
#define PP_MAX_RUN          16

typedef struct {
  const BsRulesDocument *doc;
  gpointer        owner;
  GDestroyNotify  owner_free;

  BsGrid   grid;
  gboolean has_grid;
  gsize    sets_offset;               /* from pos->cells, 8-aligned */
  int      n_kinds;                   /* of the game */
  int      placed[BS_MAX_KINDS];      /* the kinds placed, in written order */
  int      n_placed;
  int      distance[BS_MAX_KINDS];    /* per kind placed */
  int      limit;                     /* the longest distance */
  gboolean require_full;
  guint32  free_plies;
  gboolean limited;                   /* supplies count */
  int      weight[BS_MAX_KINDS];      /* per kind of the game */
  const BsRulesEnd *end;              /* the <no-move who="next"> end */
  guint8   move_of_kind[BS_MAX_KINDS];/* per kind of the game: its rank among those placed */
} Pp;

/* The derived sets, nw words each: [0] and [1] the players' pieces,
 * [2 …] the kinds 1 … n_kinds - 1, then the legal placements per kind
 * placed, then the key word. */
BS_FORCE_INLINE static inline guint64 *
pp_set (const Pp *pp, const BsPosition *pos, int nw, int set)
{
  return (guint64 *) (gpointer) ((guint8 *) pos->cells + pp->sets_offset) + set * nw;
}

#define PP_SET_KIND(pp, k)  (2 + (k) - 1)
#define PP_SET_LEGAL(pp, i) (2 + (pp)->n_kinds - 1 + (i))
#define PP_SET_KEY(pp)      (2 + (pp)->n_kinds - 1 + (pp)->n_placed)

/* The kinds placed that the player to move has in hand, as bits of their kind. */
BS_FORCE_INLINE static inline int
pp_in_hand (const Pp *pp, const BsPosition *pos)
{
  int mask = 0;

  for (int i = 0; i < pp->n_placed; i++)
    mask |= (pos->supply[pos->to_move - 1][pp->placed[i]] > 0) << pp->placed[i];
  return mask;
}

BS_FORCE_INLINE static inline guint64
pp_key_of (const Pp *pp, const BsPosition *pos)
{
  return 1u | (guint64) pos->to_move << 8 | (guint64) (pos->ply < pp->free_plies) << 16
         | (guint64) pp_in_hand (pp, pos) << 24;
}

/* The legal placements of the player to move, one set per kind placed
 * (empty for a kind not in hand); returns how many (cell, kind) pairs.
 * `dist` and `n` are constants in the common copy. */
BS_FORCE_INLINE static inline int
pp_compute_legal (const Pp         *pp,
                  const BsPosition *pos,
                  int               nw,
                  int               n,
                  const int        *dist,
                  int               limit,
                  guint64          *legal)
{
  const BsGrid *grid = &pp->grid;
  const guint64 *own1 = pp_set (pp, pos, nw, 0);
  const guint64 *own2 = pp_set (pp, pos, nw, 1);
  int hand = pp_in_hand (pp, pos);
  guint64 occupied[BS_GRID_MAX_WORDS], empty[BS_GRID_MAX_WORDS];
  int count = 0;

  for (int w = 0; w < nw; w++)
    {
      occupied[w] = own1[w] | own2[w];
      empty[w] = grid->valid[w] & ~occupied[w];
    }
  memset (legal, 0, 8 * (gsize) (n * nw));
  if (hand == 0)
    return 0;
  if (pos->ply < pp->free_plies || !pp->require_full)
    for (int i = 0; i < n; i++)
      memcpy (legal + i * nw, empty, 8 * (gsize) nw);
  else
    for (int d = 0; d < grid->n_dirs; d++)
      {
        int s = grid->shift[d];
        guint64 ray[BS_GRID_MAX_WORDS], acc[BS_GRID_MAX_WORDS];

        for (int w = 0; w < nw; w++)
          {
            ray[w] = bs_bits_toward (empty, nw, w, s);         /* bit c: c + s empty */
            acc[w] = empty[w] & bs_bits_toward (occupied, nw, w, s);
          }
        for (int j = 1; j <= limit; j++)
          {
            guint64 next[BS_GRID_MAX_WORDS];

            for (int w = 0; w < nw; w++)
              next[w] = bs_bits_toward (ray, nw, w, s);       /* c + (j + 1)s empty */
            for (int w = 0; w < nw; w++)
              {
                ray[w] = next[w];
                acc[w] &= next[w];
                for (int i = 0; i < n; i++)
                  legal[i * nw + w] |= j == dist[i] ? acc[w] : 0;
              }
          }
      }
  for (int i = 0; i < n; i++)
    {
      if (!(hand >> pp->placed[i] & 1))
        memset (legal + i * nw, 0, 8 * (gsize) nw);
      count += bs_bits_count (legal + i * nw, nw);
    }
  return count;
}

/* pp_compute_legal with the distances constant for the commonest case (two kinds, 1 and 2). */
BS_FORCE_INLINE static inline int
pp_legal (const Pp *pp, const BsPosition *pos, int nw, guint64 *legal)
{
  static const int one_two[2] = { 1, 2 };

  if (pp->n_placed == 2 && pp->distance[0] == 1 && pp->distance[1] == 2)
    return pp_compute_legal (pp, pos, nw, 2, one_two, 2, legal);
  return pp_compute_legal (pp, pos, nw, pp->n_placed, pp->distance, pp->limit, legal);
}

static void
pp_resync (const Pp *pp, BsPosition *pos)
{
  int nw = pp->grid.n_words;

  memset (pp_set (pp, pos, nw, 0), 0, 8 * (gsize) (PP_SET_KEY (pp) * nw + 1));
  for (int c = 0; c < pp->grid.n_cells; c++)
    {
      guint8 v = pos->cells[c];

      if (v == BS_CELL_EMPTY)
        continue;
      bs_bits_add (pp_set (pp, pos, nw, BS_CELL_OWNER (v) - 1), pp->grid.bit_of_cell[c]);
      if (BS_CELL_KIND (v) > 0)
        bs_bits_add (pp_set (pp, pos, nw, PP_SET_KIND (pp, BS_CELL_KIND (v))),
                     pp->grid.bit_of_cell[c]);
    }
  pp_legal (pp, pos, nw, pp_set (pp, pos, nw, PP_SET_LEGAL (pp, 0)));
  *pp_set (pp, pos, nw, PP_SET_KEY (pp)) = pp_key_of (pp, pos);
  pos->flags |= BS_POSITION_DERIVED;
}

static BsPosition *
pp_fresh_copy (const BsRuleset *rs, const BsPosition *pos)
{
  BsPosition *copy = bs_position_dup (rs, pos);

  pp_resync (rs->module_data, copy);
  return copy;
}

/* ---- Measures ---- */

/* Each player's largest group, each piece counting its kind's weight, and
 * number of groups; from the derived sets. */
BS_FORCE_INLINE static inline void
pp_groups (const Pp *pp, const BsPosition *pos, int largest[2], int groups[2])
{
  const BsGrid *grid = &pp->grid;
  int nw = grid->n_words;
  gboolean hex = grid->n_dirs == 6;

  for (int p = 0; p < 2; p++)
    {
      guint64 rest[BS_GRID_MAX_WORDS], group[BS_GRID_MAX_WORDS];
      guint64 frontier[BS_GRID_MAX_WORDS], grown[BS_GRID_MAX_WORDS];

      memcpy (rest, pp_set (pp, pos, nw, p), 8 * (gsize) nw);
      largest[p] = groups[p] = 0;
      for (int w = 0; w < nw; w++)
        while (rest[w] != 0)
          {
            guint64 any;
            int size = 0, others = 0;

            memset (frontier, 0, 8 * (gsize) nw);
            frontier[w] = rest[w] & -rest[w];
            rest[w] &= ~frontier[w];
            memcpy (group, frontier, 8 * (gsize) nw);
            do
              {
                if (hex)
                  bs_grid_dilate_hex (grid, nw, frontier, grown);
                else
                  bs_grid_dilate (grid, nw, frontier, grown);
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
            for (int k = 1; k < pp->n_kinds; k++)
              {
                const guint64 *kind = pp_set (pp, pos, nw, PP_SET_KIND (pp, k));
                int n = 0;

                for (int i = 0; i < nw; i++)
                  n += bs_popcount (group[i] & kind[i]);
                size += pp->weight[k] * n;
                others += n;
              }
            size += pp->weight[0] * (bs_bits_count (group, nw) - others);
            groups[p]++;
            largest[p] = MAX (largest[p], size);
          }
    }
}

/* The value of measure m for both players (pos derived); `grouped` says
 * whether largest and groups hold the groups already (else they are
 * measured and it is set). */
BS_FORCE_INLINE static inline void
pp_measure_one (const BsRuleset  *rs,
                const BsPosition *pos,
                int               m,
                int               values[2],
                gboolean         *grouped,
                int               largest[2],
                int               groups[2])
{
  const Pp *pp = rs->module_data;
  const BsRulesMeasure *measure = &g_array_index (pp->doc->measures, BsRulesMeasure, m);

  switch (measure->kind)
    {
    case BS_RULES_MEASURE_LARGEST_GROUP:
    case BS_RULES_MEASURE_GROUPS:
      if (!*grouped)
        pp_groups (pp, pos, largest, groups);
      *grouped = TRUE;
      for (int p = 0; p < 2; p++)
        values[p] = measure->kind == BS_RULES_MEASURE_GROUPS ? groups[p] : largest[p];
      break;
    case BS_RULES_MEASURE_PIECES:
      for (int p = 0; p < 2; p++)
        values[p] = bs_position_pieces (pos, p + 1);
      break;
    case BS_RULES_MEASURE_FURTHEST_RANK:
    case BS_RULES_MEASURE_CAPTURED:
    default:
      values[0] = values[1] = 0;
      break;
    }
}

/* The result of the end for pos, whose player to move cannot place
 * (inline: in the apply kernels, its counts use their popcount). */
BS_FORCE_INLINE static inline guint8
pp_end_result (const BsRuleset *rs, const BsPosition *pos)
{
  const Pp *pp = rs->module_data;
  const BsRulesEnd *e = pp->end;
  int next = pos->to_move;
  int largest[2], groups[2];
  gboolean grouped = FALSE;

  switch (e->result)
    {
    case BS_RULES_RESULT_WIN:
      return (guint8) (next == 1 ? BS_RESULT_WIN_1 : BS_RESULT_WIN_2);
    case BS_RULES_RESULT_LOSS:
      return (guint8) (next == 1 ? BS_RESULT_WIN_2 : BS_RESULT_WIN_1);
    case BS_RULES_RESULT_MEASURES:
      for (int i = 0; i < e->n_by; i++)
        {
          int v[2];

          pp_measure_one (rs, pos, e->by[i], v, &grouped, largest, groups);
          if (v[0] != v[1])
            return (guint8) ((v[0] < v[1]) == e->by_lower[i] ? BS_RESULT_WIN_1 : BS_RESULT_WIN_2);
        }
      return BS_RESULT_DRAW;
    default:
      return BS_RESULT_DRAW;
    }
}

/* ---- The hot hooks ---- */

static void
pp_setup (const BsRuleset *rs,
          BsPosition      *pos,
          guint64          seed)
{
  const Pp *pp = rs->module_data;
  int nw = pp->grid.n_words;

  pp_resync (pp, pos);
  if (bs_bits_count (pp_set (pp, pos, nw, PP_SET_LEGAL (pp, 0)), pp->n_placed * nw) == 0)
    pos->result = pp_end_result (rs, pos);
}

/* The legal sets of the player to move: those apply stored when they are
 * for this position, else computed. */
BS_FORCE_INLINE static inline void
pp_read_legal (const Pp *pp, const BsPosition *pos, int nw, guint64 *legal)
{
  if (G_LIKELY (*pp_set (pp, pos, nw, PP_SET_KEY (pp)) == pp_key_of (pp, pos)))
    memcpy (legal, pp_set (pp, pos, nw, PP_SET_LEGAL (pp, 0)), 8 * (gsize) (pp->n_placed * nw));
  else
    pp_legal (pp, pos, nw, legal);
}

BS_FORCE_INLINE static inline guint
pp_generate_body (const BsRuleset  *rs,
                  const BsPosition *pos,
                  BsMove           *moves,
                  int               words)
{
  const Pp *pp = rs->module_data;
  const BsGrid *grid = &pp->grid;
  const int nw = words ? words : grid->n_words;
  guint64 legal[BS_MAX_KINDS * BS_GRID_MAX_WORDS];
  guint n = 0;

  if (G_UNLIKELY (!(pos->flags & BS_POSITION_DERIVED)))
    {
      g_autofree BsPosition *copy = pp_fresh_copy (rs, pos);
      return rs->generate (rs, copy, moves);
    }
  pp_read_legal (pp, pos, nw, legal);
  /* Cell order, and on each cell the kinds in written order. */
  for (int w = 0; w < nw; w++)
    {
      guint64 all = 0;

      for (int i = 0; i < pp->n_placed; i++)
        all |= legal[i * nw + w];
      for (; all != 0; all &= all - 1)
        {
          int bit = bs_ctz (all);
          int cell = grid->cell_of_bit[w * 64 + bit];

          for (int i = 0; i < pp->n_placed; i++)
            if (legal[i * nw + w] >> bit & 1)
              moves[n++] = PP_MOVE (cell, pp->placed[i]);
        }
    }
  return n;
}

BS_BITOPS_KERNELS (guint, pp_generate,
                   (const BsRuleset *rs, const BsPosition *pos, BsMove *moves),
                   rs, pos, moves)

static guint
pp_generate (const BsRuleset  *rs,
             const BsPosition *pos,
             BsMove           *moves)
{
  return rs->generate (rs, pos, moves);
}

/* Uniform over generate's moves: a rank among the kinds' sets in turn;
 * n is pp->n_placed (a constant in the common copy). */
BS_FORCE_INLINE static inline BsMove
pp_pick (const Pp         *pp,
         const BsPosition *pos,
         BsRng            *rng,
         int               nw,
         int               n)
{
  const BsGrid *grid = &pp->grid;
  const guint64 *legal = pp_set (pp, pos, nw, PP_SET_LEGAL (pp, 0));
  guint64 fresh[BS_MAX_KINDS * BS_GRID_MAX_WORDS];
  int counts[BS_MAX_KINDS], total = 0, pick;

  if (G_UNLIKELY (*pp_set (pp, pos, nw, PP_SET_KEY (pp)) != pp_key_of (pp, pos)))
    {
      pp_legal (pp, pos, nw, fresh);
      legal = fresh;
    }
  for (int i = 0; i < n; i++)
    total += counts[i] = bs_bits_count (legal + i * nw, nw);
  g_assert (total > 0);
  pick = (int) bs_rng_below (rng, (guint32) total);
  for (int i = 0; i < n - 1; i++)
    {
      if (pick < counts[i])
        return PP_MOVE (grid->cell_of_bit[bs_bits_select (legal + i * nw, nw, pick)],
                        pp->placed[i]);
      pick -= counts[i];
    }
  return PP_MOVE (grid->cell_of_bit[bs_bits_select (legal + (n - 1) * nw, nw, pick)],
                  pp->placed[n - 1]);
}

BS_FORCE_INLINE static inline BsMove
pp_random_move_body (const BsRuleset  *rs,
                     const BsPosition *pos,
                     BsRng            *rng,
                     BsMove           *scratch,
                     int               words)
{
  const Pp *pp = rs->module_data;
  const int nw = words ? words : pp->grid.n_words;

  if (G_UNLIKELY (!(pos->flags & BS_POSITION_DERIVED)))
    {
      g_autofree BsPosition *copy = pp_fresh_copy (rs, pos);
      return rs->random_move (rs, copy, rng, scratch);
    }
  if (pp->n_placed == 2)
    return pp_pick (pp, pos, rng, nw, 2);
  return pp_pick (pp, pos, rng, nw, pp->n_placed);
}

BS_BITOPS_KERNELS (BsMove, pp_random_move,
                   (const BsRuleset *rs, const BsPosition *pos, BsRng *rng, BsMove *scratch),
                   rs, pos, rng, scratch)

static BsMove
pp_random_move (const BsRuleset  *rs,
                const BsPosition *pos,
                BsRng            *rng,
                BsMove           *scratch)
{
  return rs->random_move (rs, pos, rng, scratch);
}

/* Empty cells beyond `cell` along `dir`, at most `limit`, stopping before
 * an occupied cell, a hole or the edge (blocked="stop" off="stop"). */
BS_FORCE_INLINE static inline int
pp_free_run (const BsRuleset *rs, const guint8 *cells, int cell, int dir, int limit)
{
  int run = 0;

  while (run < limit)
    {
      int next = rs->neighbours[cell * rs->n_dirs + dir];

      if (next < 0 || cells[next] != BS_CELL_EMPTY)
        break;
      cell = next;
      run++;
    }
  return run;
}

BS_FORCE_INLINE static inline void
pp_move_bit (guint64 *set, int from, int to)
{
  guint64 had = (set[from >> 6] >> (from & 63)) & 1;

  set[from >> 6] &= ~BS_BIT (from & 63);
  set[to >> 6] |= had << (to & 63);
}

BS_FORCE_INLINE static inline void
pp_apply_body (const BsRuleset *rs,
               BsPosition      *pos,
               BsMove           move,
               BsUndo          *undo,
               int              words)
{
  const Pp *pp = rs->module_data;
  const BsGrid *grid = &pp->grid;
  const int nw = words ? words : grid->n_words;
  guint8 *cells = pos->cells;
  int cell = PP_CELL (move), kind = PP_KIND (move);
  int player = pos->to_move;
  int distance = pp->distance[pp->move_of_kind[kind]];
  int bit;

  g_assert (cell < rs->n_cells && cells[cell] == BS_CELL_EMPTY);
  if (G_UNLIKELY (!(pos->flags & BS_POSITION_DERIVED)))
    pp_resync (pp, pos);
  bs_position_replace_cell (rs->zobrist, pos, cell, BS_CELL_EMPTY, BS_CELL_MAKE (player, kind, 0),
                            undo);
  bit = grid->bit_of_cell[cell];
  bs_bits_add (pp_set (pp, pos, nw, player - 1), bit);
  if (kind > 0)
    bs_bits_add (pp_set (pp, pos, nw, PP_SET_KIND (pp, kind)), bit);
  if (pp->limited)
    {
      g_assert (pos->supply[player - 1][kind] > 0);
      pos->supply[player - 1][kind]--;
    }

  /* The rays from the placed cell are disjoint: each neighbour in turn. */
  for (int d = 0; d < rs->n_dirs; d++)
    {
      int n = rs->neighbours[cell * rs->n_dirs + d];
      int run, target, from_bit, to_bit;
      guint8 piece;

      if (n < 0 || cells[n] == BS_CELL_EMPTY)
        continue;
      run = pp_free_run (rs, cells, n, d, distance);
      if (run == 0)
        continue;
      target = n;
      for (int i = 0; i < run; i++)
        target = rs->neighbours[target * rs->n_dirs + d];
      piece = cells[n];
      bs_position_replace_cell (rs->zobrist, pos, target, BS_CELL_EMPTY, piece, undo);
      bs_position_replace_cell (rs->zobrist, pos, n, piece, BS_CELL_EMPTY, undo);
      from_bit = grid->bit_of_cell[n];
      to_bit = grid->bit_of_cell[target];
      pp_move_bit (pp_set (pp, pos, nw, BS_CELL_OWNER (piece) - 1), from_bit, to_bit);
      if (BS_CELL_KIND (piece) > 0)
        pp_move_bit (pp_set (pp, pos, nw, PP_SET_KIND (pp, BS_CELL_KIND (piece))), from_bit,
                     to_bit);
    }
  pos->flags |= BS_POSITION_DERIVED;
  pos->ply++;
  pos->to_move = (guint8) (3 - player);
  /* The next player's placements, for the end and the next random move. */
  if (pp_legal (pp, pos, nw, pp_set (pp, pos, nw, PP_SET_LEGAL (pp, 0))) == 0)
    pos->result = pp_end_result (rs, pos);
  *pp_set (pp, pos, nw, PP_SET_KEY (pp)) = pp_key_of (pp, pos);
}

BS_BITOPS_KERNELS_VOID (pp_apply,
                        (const BsRuleset *rs, BsPosition *pos, BsMove move, BsUndo *undo),
                        rs, pos, move, undo)

static void
pp_apply (const BsRuleset *rs,
          BsPosition      *pos,
          BsMove           move,
          BsUndo          *undo)
{
  rs->apply (rs, pos, move, undo);
}

/* ---- Compiling ---- */

static void
pp_free (gpointer data)
{
  Pp *pp = data;

  if (pp == NULL)
    return;
  if (pp->has_grid)
    bs_grid_clear (&pp->grid);
  if (pp->owner_free != NULL)
    pp->owner_free (pp->owner);
  g_free (pp);
}

gboolean
bs_rules_push_prepare (BsRuleset              *rs,
                       const BsRulesDocument  *doc,
                       gpointer                owner,
                       GDestroyNotify          owner_free,
                       GError                **error)
{
  Pp *pp = g_new0 (Pp, 1);
  const BsRulesStep *place = &g_array_index (doc->steps, BsRulesStep, 0);

  pp->doc = doc;
  pp->owner = owner;
  pp->owner_free = owner_free;
  rs->module_data = pp;
  if (rs->n_cells > (int) PP_CELL_MASK || !bs_grid_init (&pp->grid, rs->board, 1))
    {
      g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_INVALID,
                   _("%s: this board has too many cells, or directions that are not "
                     "constant steps, for pushes"), doc->filename);
      return FALSE;
    }
  pp->has_grid = TRUE;
  pp->n_kinds = (int) doc->kinds->len;
  pp->n_placed = place->n_pieces;
  for (int i = 0; i < pp->n_placed; i++)
    {
      pp->placed[i] = place->pieces[i];
      pp->move_of_kind[place->pieces[i]] = (guint8) i;
      pp->distance[i] = bs_rules_number_value (&place->push_distance[i], rs->options);
      if (pp->distance[i] < 1 || pp->distance[i] > PP_MAX_RUN)
        {
          g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_VALUE,
                       _("%s:%d: <push> attribute \"distance\": %d is not from 1 to %d"),
                       doc->filename, place->line, pp->distance[i], PP_MAX_RUN);
          return FALSE;
        }
      pp->limit = MAX (pp->limit, pp->distance[i]);
    }
  pp->require_full = place->push_require_full;
  pp->free_plies = (guint32) MAX (0, bs_rules_number_value (&doc->free_plies, rs->options));
  pp->limited = doc->limited_supply;
  for (int k = 0; k < pp->n_kinds; k++)
    pp->weight[k] = bs_rules_number_value (&g_array_index (doc->kind_weights, BsRulesNumber, k),
                                           rs->options);
  for (guint i = 0; i < doc->ends->len && pp->end == NULL; i++)
    {
      const BsRulesEnd *e = &g_array_index (doc->ends, BsRulesEnd, i);

      if (bs_rules_condition_holds (&e->cond, rs->options))
        pp->end = e;
    }
  if (pp->end == NULL || pp->end->kind != BS_RULES_END_NO_MOVE
      || pp->end->who != BS_RULES_WHO_NEXT)
    {
      g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_INVALID,
                   _("%s: a game of pushes ends by one <no-move who=\"next\"> for now"),
                   doc->filename);
      return FALSE;
    }
  pp->sets_offset = ((gsize) rs->n_cells + 7) & ~(gsize) 7;
  rs->extra_size = pp->sets_offset - (gsize) rs->n_cells
                   + 8 * ((gsize) PP_SET_KEY (pp) * (gsize) pp->grid.n_words + 1);
  rs->max_moves = (guint) rs->n_cells * (guint) pp->n_placed;
  rs->max_changes = 1 + 2 * (guint) rs->n_dirs;
  rs->generate = BS_BITOPS_PICK (pp_generate, pp->grid.n_words);
  rs->random_move = BS_BITOPS_PICK (pp_random_move, pp->grid.n_words);
  rs->apply = BS_BITOPS_PICK (pp_apply, pp->grid.n_words);
  return TRUE;
}

/* ---- The other hooks ---- */

static void
pp_free_data (gpointer module_data)
{
  pp_free (module_data);
}

static void
pp_measure (const BsRuleset  *rs,
            const BsPosition *pos,
            int               values[][2])
{
  const Pp *pp = rs->module_data;
  g_autofree BsPosition *copy = NULL;

  if (!(pos->flags & BS_POSITION_DERIVED))
    pos = copy = pp_fresh_copy (rs, pos);
  int largest[2], groups[2];
  gboolean grouped = FALSE;

  for (guint i = 0; i < pp->doc->measures->len; i++)
    pp_measure_one (rs, pos, (int) i, values[i], &grouped, largest, groups);
}

/* The scores: the first measure the end compares (else the first measure). */
static void
pp_scores (const BsRuleset  *rs,
           const BsPosition *pos,
           int               scores[2])
{
  const Pp *pp = rs->module_data;
  g_autofree BsPosition *copy = NULL;
  int largest[2], groups[2];
  gboolean grouped = FALSE;

  scores[0] = scores[1] = 0;
  if (pp->doc->measures->len == 0)
    return;
  if (!(pos->flags & BS_POSITION_DERIVED))
    pos = copy = pp_fresh_copy (rs, pos);
  pp_measure_one (rs, pos, pp->end->n_by > 0 ? pp->end->by[0] : 0, scores, &grouped, largest,
                  groups);
}

static BsEnding
pp_ending (const BsRuleset  *rs,
           const BsPosition *pos)
{
  return pos->result != BS_RESULT_ONGOING ? BS_ENDING_NO_MOVES : BS_ENDING_NONE;
}

/* The end's sentence, with {ID1} and {ID2} each measure's values. */
static void
pp_describe_ending (const BsRuleset  *rs,
                    const BsPosition *pos,
                    BsEnding          ending,
                    GString          *out)
{
  const Pp *pp = rs->module_data;
  g_autoptr(GString) s = g_string_new (NULL);
  int values[BS_MAX_MEASURES][2];

  if (pp->end->sentence == NULL)
    return;
  bs_rules_program_fill_text (rs, pp->end->sentence, 3 - pos->to_move, NULL, NULL, s);
  pp_measure (rs, pos, values);
  for (guint i = 0; i < pp->doc->measures->len && strchr (s->str, '{') != NULL; i++)
    for (int p = 0; p < 2; p++)
      {
        g_autofree char *name = g_strdup_printf ("{%s%d}",
                                                 g_array_index (pp->doc->measures,
                                                                BsRulesMeasure, i).id, p + 1);
        g_autofree char *value = g_strdup_printf ("%d", values[i][p]);

        g_string_replace (s, name, value, 0);
      }
  g_string_append (out, s->str);
}

static const char *
pp_letter (const Pp *pp, int kind)
{
  return pp->doc->kind_letters->pdata[kind];
}

static void
pp_format_move (const BsRuleset  *rs,
                const BsPosition *pos,
                BsMove            move,
                GString          *out)
{
  const Pp *pp = rs->module_data;
  int kind = PP_KIND (move), cell = PP_CELL (move);

  if (kind >= pp->n_kinds || cell >= rs->n_cells || (move >> 16) != 0)
    {
      g_string_append_printf (out, "?%u", (guint) move);
      return;
    }
  if (pp->doc->kind_notation)
    g_string_append_printf (out, "%s@", pp_letter (pp, kind));
  g_string_append (out, bs_board_cell_label (rs->board, cell));
}

static gboolean
pp_parse_move (const BsRuleset  *rs,
               const BsPosition *pos,
               const char       *text,
               BsMove           *move,
               GError          **error)
{
  const Pp *pp = rs->module_data;
  const char *label = text;
  gboolean is_hole = FALSE;
  int kind = pp->placed[0], cell;

  if (pp->doc->kind_notation)
    {
      kind = -1;
      for (int i = 0; i < pp->n_placed; i++)
        if (text[0] == pp_letter (pp, pp->placed[i])[0])
          kind = pp->placed[i];
      if (kind < 0 || text[1] != '@' || text[2] == '\0')
        {
          g_set_error (error, BS_RULES_ERROR, BS_RULES_ERROR_MALFORMED,
                       /* Translators: "expected a kind's letter (S, L), @ and a cell,
                        * as in S@d4" */
                       _("expected a kind’s letter, @ and a cell, as in %s@d4"),
                       pp_letter (pp, pp->placed[0]));
          return FALSE;
        }
      label = text + 2;
    }
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
  *move = PP_MOVE (cell, kind);
  return TRUE;
}

/* Why a placement is refused (NULL: it is legal): the game is over, no
 * piece of the kind in hand, the cell taken, or no neighbour pushed its
 * full distance. */
static char *
pp_explain (const BsRuleset  *rs,
            const BsPosition *pos,
            BsMove            move)
{
  const Pp *pp = rs->module_data;
  g_autofree BsMove *moves = NULL;
  int kind = PP_KIND (move), cell = PP_CELL (move);
  const char *label, *piece;
  guint n;

  if (bs_position_is_over (pos))
    return g_strdup (_("the game is over"));
  if (kind >= pp->n_kinds || cell >= rs->n_cells || (move >> 16) != 0
      || pp->placed[pp->move_of_kind[kind]] != kind)
    return g_strdup (_("this is no move of this game"));
  label = bs_board_cell_label (rs->board, cell);
  piece = _(g_array_index (pp->doc->kinds, BsKindSpec, kind).label);
  if (pp->limited && pos->supply[pos->to_move - 1][kind] == 0)
    /* Translators: "you have no piece of the kind “Large” left" */
    return g_strdup_printf (_("you have no piece of the kind “%s” left"), piece);
  if (pos->cells[cell] != BS_CELL_EMPTY)
    return g_strdup_printf (_("%s is occupied"), label);
  moves = g_new (BsMove, rs->max_moves);
  n = pp_generate (rs, pos, moves);
  for (guint i = 0; i < n; i++)
    if (moves[i] == move)
      return NULL;
  /* Translators: "a piece of the kind “Large” on g1 would push no neighbour its full
   * distance (2)" */
  return g_strdup_printf (_("a piece of the kind “%s” on %s would push no neighbour its full "
                            "distance (%d)"), piece, label, pp->distance[pp->move_of_kind[kind]]);
}

static void
pp_decode_move (const BsRuleset  *rs,
                const BsPosition *pos,
                BsMove            move,
                BsMoveParts      *parts)
{
  parts->to = PP_CELL (move);
  parts->kind = PP_KIND (move);
}

static gboolean
pp_encode_move (const BsRuleset   *rs,
                const BsPosition  *pos,
                const BsMoveParts *parts,
                BsMove            *move)
{
  const Pp *pp = rs->module_data;

  if (parts->from != BS_NO_CELL || parts->to < 0 || parts->to >= rs->n_cells
      || parts->kind < 0 || parts->kind >= pp->n_kinds || parts->word >= 0)
    return FALSE;
  *move = PP_MOVE (parts->to, parts->kind);
  return TRUE;
}

/* The designer's explain move= ({mover}, {to}, {piece}: the kind's label
 * in lower case), then a line per neighbour pushed: where it went. */
static void
pp_explain_turn (const BsRuleset   *rs,
                 const BsPosition  *before,
                 const BsMove      *steps,
                 guint              n_steps,
                 BsTurnExplanation *out)
{
  const Pp *pp = rs->module_data;
  const guint8 *cells = before->cells;
  int cell = PP_CELL (steps[0]), kind = PP_KIND (steps[0]);
  int distance = pp->distance[pp->move_of_kind[kind]];
  const char *to = bs_board_cell_label (rs->board, cell);
  g_autofree char *piece = g_utf8_strdown (_(g_array_index (pp->doc->kinds, BsKindSpec,
                                                            kind).label), -1);
  g_autoptr(GString) summary = g_string_new (NULL);

  bs_rules_program_fill_text (rs, pp->doc->explain_move, before->to_move, NULL, to, summary);
  g_string_replace (summary, "{piece}", piece, 0);
  g_string_append (out->summary, summary->str);
  for (int d = 0; d < rs->n_dirs; d++)
    {
      int n = rs->neighbours[cell * rs->n_dirs + d];
      int run, target;

      if (n < 0 || cells[n] == BS_CELL_EMPTY)
        continue;
      run = pp_free_run (rs, cells, n, d, distance);
      if (run == 0)
        continue;
      target = n;
      for (int i = 0; i < run; i++)
        target = rs->neighbours[target * rs->n_dirs + d];
      /* Translators: "c4 is pushed to a4." */
      g_string_append_printf (out->details, _("%s is pushed to %s."),
                              bs_board_cell_label (rs->board, n),
                              bs_board_cell_label (rs->board, target));
      g_string_append_c (out->details, '\n');
    }
}

static void
pp_describe_rules (const BsRuleset *rs,
                   GString         *rules,
                   GString         *goal)
{
  const Pp *pp = rs->module_data;

  bs_rules_program_describe_texts (rs, pp->doc, rules, goal);
}

void
bs_rules_push_fill_module (BsModule *module)
{
  module->free_data = pp_free_data;
  module->setup = pp_setup;
  module->generate = pp_generate;
  module->random_move = pp_random_move;
  module->apply = pp_apply;
  module->scores = pp_scores;
  module->measure = pp_measure;
  module->ending = pp_ending;
  module->describe_ending = pp_describe_ending;
  module->format_move = pp_format_move;
  module->parse_move = pp_parse_move;
  module->explain = pp_explain;
  module->decode_move = pp_decode_move;
  module->encode_move = pp_encode_move;
  module->explain_turn = pp_explain_turn;
  module->describe_rules = pp_describe_rules;
}
