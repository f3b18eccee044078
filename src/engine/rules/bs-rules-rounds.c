/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-rules-rounds.c: a rounds program — simultaneous secret orders, one
 * per piece (stay, or move to a neighbour), resolved by the ordered phases
 * of <resolve> over cell sets (docs/RULES-LANGUAGE.md, "The ninth slice").
 *
 * A round is entered one piece order at a time (bs-module.h): player 1's
 * pieces in cell order, then player 2's. The orders given so far live in
 * the position's extra bytes, one byte per cell, and the step that gives
 * the last order resolves the round: one dispatch per phase, each a few
 * shifts and masks over the words of grid sets (BsGrid, one guard column,
 * so every direction is one constant shift).
 *
 * A step packs the ordered piece's cell (bits 0-9), its target cell (bits
 * 10-19) and the order code (bits 20-23): 1 stay, 2 + d a move in board
 * direction d, RR_NOT_ADJACENT for a target that is not a neighbour
 * (well-formed, never legal). In the extra bytes 0 means "no order yet".
 * counter[0] holds the cell of the next piece to order while a round is
 * being entered (step > 0). After the orders, 8-aligned, the derived
 * sets: each player's pieces (trusted under BS_POSITION_DERIVED). */
#define G_LOG_DOMAIN "boardsmith-rules"

#include "config.h"

#include "bs-rules-rounds.h"

#include <stdlib.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "bs-bitboard.h"
#include "bs-error.h"
#include "bs-position.h"
#include "bs-ruleset.h"
#include "bs-rules-program.h"
#include "bs-variant.h"

#define RR_NONE          0
#define RR_STAY          1
#define RR_DIR(d)        (2 + (d))
#define RR_NOT_ADJACENT  0xF

#define RR_MOVE(from, to, code) \
  ((BsMove) (from) | ((BsMove) (to) << 10) | ((BsMove) (code) << 20))
#define RR_FROM(m)       ((int) ((m) & 0x3FF))
#define RR_TO(m)         ((int) (((m) >> 10) & 0x3FF))
#define RR_CODE(m)       ((int) (((m) >> 20) & 0xF))

#define RR_CURSOR(pos)   ((pos)->counter[0])

typedef struct {
  const BsRulesDocument *doc;
  gpointer        owner;
  GDestroyNotify  owner_free;

  BsGrid          grid;
  gboolean        has_grid;
  gsize           sets_offset;          /* from pos->cells, 8-aligned */
  /* The orders a piece may get on each cell: stay first, then the
   * directions that stay on the board, as codes and as steps. */
  guint8          n_codes[BS_MAX_CELLS];
  guint8          codes[BS_MAX_CELLS][BS_MAX_DIRS + 1];
  BsMove          steps[BS_MAX_CELLS][BS_MAX_DIRS + 1];
  /* The phases whose if= holds, in order. */
  BsRulesPhase    phases[BS_RULES_MAX_PHASES];
  int             n_phases;
  int             n_marks;
  const BsRulesEnd *ends[BS_RULES_MAX_BLOCKS];
  int             n_ends;
  guint8          skip[BS_MAX_CELLS];   /* the bag skips these cells */
} Rr;

/* A round being resolved: the orders as grid sets, the pieces, the marks. */
typedef struct {
  guint64 stay[BS_GRID_MAX_WORDS];
  guint64 moving[BS_MAX_DIRS][BS_GRID_MAX_WORDS];
  guint64 own[2][BS_GRID_MAX_WORDS];
  guint64 marks[BS_RULES_MAX_MARKS][BS_GRID_MAX_WORDS];
  guint64 crowded[BS_GRID_MAX_WORDS];
  gboolean moved;
} RrRound;

BS_FORCE_INLINE static inline guint64 *
rr_pieces (const Rr *rr, const BsPosition *pos, int nw, int player)
{
  return (guint64 *) (gpointer) ((guint8 *) pos->cells + rr->sets_offset) + (player - 1) * nw;
}

static inline guint8 *
rr_orders (const BsRuleset *rs, BsPosition *pos)
{
  return pos->cells + rs->n_cells;
}

static G_NO_INLINE void
rr_resync (const BsRuleset *rs, BsPosition *pos)
{
  const Rr *rr = rs->module_data;
  int nw = rr->grid.n_words;
  guint64 *sets = rr_pieces (rr, pos, nw, 1);

  memset (sets, 0, 16 * (gsize) nw);
  for (int c = 0; c < rs->n_cells; c++)
    if (pos->cells[c] != BS_CELL_EMPTY)
      bs_bits_add (sets + (BS_CELL_OWNER (pos->cells[c]) - 1) * nw, rr->grid.bit_of_cell[c]);
  pos->flags |= BS_POSITION_DERIVED;
}

/* The first member of a set at or after bit `from`, or -1. */
BS_FORCE_INLINE static inline int
rr_first_at_or_after (const guint64 *set, int nw, int from)
{
  int w = from >> 6;

  if (w < nw)
    {
      guint64 bits = set[w] & (~G_GUINT64_CONSTANT (0) << (from & 63));
      for (;;)
        {
          if (bits != 0)
            return w * 64 + bs_ctz (bits);
          if (++w == nw)
            break;
          bits = set[w];
        }
    }
  return -1;
}

static int
rr_find_piece (const BsRuleset *rs, const BsPosition *pos, int from, int player)
{
  for (int c = from; c < rs->n_cells; c++)
    if (pos->cells[c] != BS_CELL_EMPTY && BS_CELL_OWNER (pos->cells[c]) == player)
      return c;
  return BS_NO_CELL;
}

BS_FORCE_INLINE static inline int
rr_next_piece (const BsRuleset *rs, const BsPosition *pos, int nw)
{
  const Rr *rr = rs->module_data;
  int bit;

  if (pos->step != 0)
    return RR_CURSOR (pos);
  if (G_UNLIKELY (!(pos->flags & BS_POSITION_DERIVED)))
    return rr_find_piece (rs, pos, 0, 1);
  bit = rr_first_at_or_after (rr_pieces (rr, pos, nw, 1), nw, 0);
  return bit < 0 ? BS_NO_CELL : rr->grid.cell_of_bit[bit];
}

static int
rr_code_target (const BsRuleset *rs, int cell, int code)
{
  if (code == RR_STAY)
    return cell;
  return rs->neighbours[cell * rs->n_dirs + code - 2];
}

/* ---- The ends ---- */

static int
rr_result_for (BsRulesResult result, int player, const int n[2])
{
  int other = 3 - player;

  switch (result)
    {
    case BS_RULES_RESULT_WIN:
      return player == 1 ? BS_RESULT_WIN_1 : BS_RESULT_WIN_2;
    case BS_RULES_RESULT_LOSS:
      return other == 1 ? BS_RESULT_WIN_1 : BS_RESULT_WIN_2;
    case BS_RULES_RESULT_MOST_PIECES:
      return n[0] > n[1] ? BS_RESULT_WIN_1 : n[1] > n[0] ? BS_RESULT_WIN_2 : BS_RESULT_DRAW;
    case BS_RULES_RESULT_FEWEST_PIECES:
      return n[0] < n[1] ? BS_RESULT_WIN_1 : n[1] < n[0] ? BS_RESULT_WIN_2 : BS_RESULT_DRAW;
    case BS_RULES_RESULT_DRAW:
    default:
      return BS_RESULT_DRAW;
    }
}

/* The first end that holds (after a round, or after the setup: then
 * <no-removal> is not tested), and the player it is about; -1 if none. */
static int
rr_end_holds (const Rr *rr, const BsPosition *pos, gboolean removed, gboolean after_round,
              int *player)
{
  int n[2] = { bs_position_pieces (pos, 1), bs_position_pieces (pos, 2) };

  for (int i = 0; i < rr->n_ends; i++)
    {
      const BsRulesEnd *e = rr->ends[i];

      if (e->kind == BS_RULES_END_NO_REMOVAL)
        {
          if (after_round && !removed)
            {
              *player = 1;
              return i;
            }
          continue;
        }
      if (e->who == BS_RULES_WHO_BOTH && n[0] == 0 && n[1] == 0)
        {
          *player = 1;
          return i;
        }
      if (e->who == BS_RULES_WHO_EACH)
        for (int p = 1; p <= 2; p++)
          if (n[p - 1] == 0)
            {
              *player = p;
              return i;
            }
    }
  return -1;
}

static void
rr_check_end (const Rr *rr, BsPosition *pos, gboolean removed, gboolean after_round)
{
  int n[2] = { bs_position_pieces (pos, 1), bs_position_pieces (pos, 2) };
  int player = 1;
  int i = rr_end_holds (rr, pos, removed, after_round, &player);

  if (i >= 0)
    pos->result = (BsResult) rr_result_for (rr->ends[i]->result, player, n);
}

/* ---- Entering orders ---- */

static void
rr_setup (const BsRuleset *rs,
          BsPosition      *pos,
          guint64          seed)
{
  const Rr *rr = rs->module_data;
  guint32 left[2] = { pos->supply[0][0], pos->supply[1][0] };
  BsRng rng;

  memset (rr_orders (rs, pos), 0, rs->n_cells);
  if (rr->doc->bag)
    {
      /* Drawing the owner with probability (pieces of that owner left) /
       * (pieces left) is drawing a piece from the bag. */
      bs_rng_init (&rng, seed);
      for (int c = 0; c < rs->n_cells && left[0] + left[1] > 0; c++)
        {
          int owner;

          if (rr->skip[c] || pos->cells[c] != BS_CELL_EMPTY)
            continue;
          owner = bs_rng_below (&rng, left[0] + left[1]) < left[0] ? 1 : 2;
          left[owner - 1]--;
          bs_position_set_cell (rs->zobrist, pos, c, BS_CELL_MAKE (owner, 0, 0), NULL);
        }
      pos->supply[0][0] = 0;
      pos->supply[1][0] = 0;
    }
  pos->to_move = 1;
  pos->step = 0;
  RR_CURSOR (pos) = 0;
  rr_resync (rs, pos);
  rr_check_end (rr, pos, FALSE, FALSE);
}

static guint
rr_piece_orders (const BsRuleset  *rs,
                 const BsPosition *pos,
                 int               cell,
                 BsMove           *moves)
{
  const Rr *rr = rs->module_data;

  if (cell < 0 || cell >= rs->n_cells || pos->cells[cell] == BS_CELL_EMPTY)
    return 0;
  memcpy (moves, rr->steps[cell], rr->n_codes[cell] * sizeof (BsMove));
  return rr->n_codes[cell];
}

BS_FORCE_INLINE static inline guint
rr_generate_body (const BsRuleset  *rs,
                  const BsPosition *pos,
                  BsMove           *moves,
                  int               words)
{
  const Rr *rr = rs->module_data;
  int cell = rr_next_piece (rs, pos, words ? words : rr->grid.n_words);

  if (cell == BS_NO_CELL)
    return 0;
  return rr_piece_orders (rs, pos, cell, moves);
}

BS_BITOPS_KERNELS (guint, rr_generate,
                   (const BsRuleset *rs, const BsPosition *pos, BsMove *moves),
                   rs, pos, moves)

static guint
rr_generate (const BsRuleset  *rs,
             const BsPosition *pos,
             BsMove           *moves)
{
  return rs->generate (rs, pos, moves);
}

BS_FORCE_INLINE static inline BsMove
rr_random_move_body (const BsRuleset  *rs,
                     const BsPosition *pos,
                     BsRng            *rng,
                     BsMove           *scratch,
                     int               words)
{
  const Rr *rr = rs->module_data;
  int cell = rr_next_piece (rs, pos, words ? words : rr->grid.n_words);

  return rr->steps[cell][bs_rng_below (rng, rr->n_codes[cell])];
}

BS_BITOPS_KERNELS (BsMove, rr_random_move,
                   (const BsRuleset *rs, const BsPosition *pos, BsRng *rng, BsMove *scratch),
                   rs, pos, rng, scratch)

static BsMove
rr_random_move (const BsRuleset  *rs,
                const BsPosition *pos,
                BsRng            *rng,
                BsMove           *scratch)
{
  return rs->random_move (rs, pos, rng, scratch);
}

/* ---- The resolution ---- */

/* The set moved by `s` bits: bit c + s of the result is bit c of x. */
#define MOVED(x, w, s) bs_bits_toward ((x), nw, (w), -(s))

BS_FORCE_INLINE static inline void
round_clear (RrRound *round, int nw, int n_dirs)
{
  for (int w = 0; w < nw; w++)
    {
      round->stay[w] = 0;
      for (int d = 0; d < n_dirs; d++)
        round->moving[d][w] = 0;
    }
  round->moved = FALSE;
}

BS_FORCE_INLINE static inline void
round_add (RrRound *round, int n_dirs, int code, int w, int b)
{
  if (code >= RR_DIR (0) && code < RR_DIR (n_dirs))
    round->moving[code - RR_DIR (0)][w] |= BS_BIT (b);
  else
    round->stay[w] |= BS_BIT (b);
}

/* A simple atom's cells, into out. */
BS_FORCE_INLINE static inline void
rr_simple (const Rr *rr, const RrRound *round, int kind, int arg, guint64 *out, int nw)
{
  const int n_dirs = rr->grid.n_dirs;

  for (int w = 0; w < nw; w++)
    {
      guint64 occ = round->own[0][w] | round->own[1][w];
      guint64 x = 0;

      switch (kind)
        {
        case BS_RULES_ATOM_STAYING:
          x = round->stay[w] & occ;
          break;
        case BS_RULES_ATOM_MOVING:
          for (int d = 0; d < n_dirs; d++)
            x |= round->moving[d][w];
          x &= occ;
          break;
        case BS_RULES_ATOM_OCCUPIED:
          x = occ;
          break;
        case BS_RULES_ATOM_CROWDED:
          x = round->crowded[w];
          break;
        case BS_RULES_ATOM_MARK:
        default:
          x = round->marks[arg][w];
          break;
        }
      out[w] = x;
    }
}

/* The union of a set's atoms, into out. */
BS_FORCE_INLINE static inline void
rr_eval (const Rr *rr, const RrRound *round, const BsRulesSet *set, guint64 *out, int nw)
{
  const BsGrid *grid = &rr->grid;

  for (int w = 0; w < nw; w++)
    out[w] = 0;
  for (int i = 0; i < set->n; i++)
    {
      const BsRulesAtom *a = &set->atoms[i];
      guint64 x[BS_GRID_MAX_WORDS];

      if (a->kind < BS_RULES_ATOM_TARGETS_OF)
        {
          rr_simple (rr, round, a->kind, a->arg, x, nw);
          for (int w = 0; w < nw; w++)
            out[w] |= x[w];
          continue;
        }
      rr_simple (rr, round, a->inner, a->inner_arg, x, nw);
      for (int d = 0; d < grid->n_dirs; d++)
        {
          guint64 m[BS_GRID_MAX_WORDS];

          if (a->kind == BS_RULES_ATOM_TARGETS_OF)
            {
              guint64 any = 0;

              for (int w = 0; w < nw; w++)
                {
                  m[w] = round->moving[d][w] & x[w] & (round->own[0][w] | round->own[1][w]);
                  any |= m[w];
                }
              if (any != 0)
                for (int w = 0; w < nw; w++)
                  out[w] |= MOVED (m, w, grid->shift[d]);
            }
          else
            for (int w = 0; w < nw; w++)
              out[w] |= round->moving[d][w] & (round->own[0][w] | round->own[1][w])
                        & bs_bits_toward (x, nw, w, grid->shift[d]);
        }
    }
}

/* A phase's cells: its set, within `and`, less `not`. */
BS_FORCE_INLINE static inline void
rr_phase_cells (const Rr *rr, const RrRound *round, const BsRulesPhase *ph, guint64 *out, int nw)
{
  guint64 x[BS_GRID_MAX_WORDS];

  rr_eval (rr, round, &ph->set, out, nw);
  if (ph->has_and)
    {
      rr_eval (rr, round, &ph->and_set, x, nw);
      for (int w = 0; w < nw; w++)
        out[w] &= x[w];
    }
  if (ph->not_set.n > 0)
    {
      rr_eval (rr, round, &ph->not_set, x, nw);
      for (int w = 0; w < nw; w++)
        out[w] &= ~x[w];
    }
}

/* The phases in order; `removed_from` (when not NULL) gets the cells,
 * before the round, of the pieces the round removed. Returns whether any
 * piece was removed. */
BS_FORCE_INLINE static inline gboolean
rr_run_phases (const Rr *rr, RrRound *round, guint64 *removed_from, int nw)
{
  const BsGrid *grid = &rr->grid;
  const int n_dirs = grid->n_dirs;
  gboolean removed = FALSE;
  guint64 before_moving[BS_MAX_DIRS][BS_GRID_MAX_WORDS];
  guint64 still[BS_GRID_MAX_WORDS];

  for (int w = 0; w < nw; w++)
    still[w] = 0;
  if (removed_from != NULL)
    memset (before_moving, 0, sizeof before_moving);
  for (int i = 0; i < rr->n_phases; i++)
    {
      const BsRulesPhase *ph = &rr->phases[i];
      guint64 cells[BS_GRID_MAX_WORDS];

      switch (ph->kind)
        {
        case BS_RULES_PHASE_MARK:
          rr_phase_cells (rr, round, ph, cells, nw);
          for (int w = 0; w < nw; w++)
            round->marks[ph->mark][w] |= cells[w];
          break;

        case BS_RULES_PHASE_REMOVE:
          {
            guint64 any = 0;

            rr_phase_cells (rr, round, ph, cells, nw);
            for (int w = 0; w < nw; w++)
              {
                cells[w] &= round->own[0][w] | round->own[1][w];
                any |= cells[w];
                round->own[0][w] &= ~cells[w];
                round->own[1][w] &= ~cells[w];
                round->crowded[w] &= ~cells[w];
              }
            removed |= any != 0;
            if (removed_from != NULL && any != 0)
              {
                if (!round->moved)
                  for (int w = 0; w < nw; w++)
                    removed_from[w] |= cells[w];
                else
                  for (int w = 0; w < nw; w++)
                    {
                      removed_from[w] |= still[w] & cells[w];
                      for (int d = 0; d < n_dirs; d++)
                        removed_from[w] |= before_moving[d][w]
                                           & bs_bits_toward (cells, nw, w, grid->shift[d]);
                    }
              }
            break;
          }

        case BS_RULES_PHASE_MOVE_ORDERS:
        default:
          {
            guint64 once[BS_GRID_MAX_WORDS], more[BS_GRID_MAX_WORDS];
            guint64 by[2][BS_GRID_MAX_WORDS];

            for (int w = 0; w < nw; w++)
              {
                guint64 occ = round->own[0][w] | round->own[1][w];
                guint64 mv = 0;

                for (int d = 0; d < n_dirs; d++)
                  {
                    round->moving[d][w] &= occ;
                    mv |= round->moving[d][w];
                  }
                still[w] = occ & ~mv;
                once[w] = still[w];
                more[w] = 0;
                by[0][w] = round->own[0][w] & still[w];
                by[1][w] = round->own[1][w] & still[w];
              }
            for (int d = 0; d < n_dirs; d++)
              {
                const int s = grid->shift[d];
                guint64 any = 0;
                guint64 of_1[BS_GRID_MAX_WORDS], of_2[BS_GRID_MAX_WORDS];

                for (int w = 0; w < nw; w++)
                  {
                    if (removed_from != NULL)
                      before_moving[d][w] = round->moving[d][w];
                    any |= round->moving[d][w];
                  }
                if (any == 0)
                  continue;
                for (int w = 0; w < nw; w++)
                  {
                    of_1[w] = round->moving[d][w] & round->own[0][w];
                    of_2[w] = round->moving[d][w] & round->own[1][w];
                  }
                for (int w = 0; w < nw; w++)
                  {
                    guint64 arrive = MOVED (round->moving[d], w, s);

                    more[w] |= once[w] & arrive;
                    once[w] |= arrive;
                    by[0][w] |= MOVED (of_1, w, s);
                    by[1][w] |= MOVED (of_2, w, s);
                  }
              }
            for (int w = 0; w < nw; w++)
              {
                round->own[0][w] = by[0][w];
                round->own[1][w] = by[1][w];
                round->crowded[w] = more[w];
                round->stay[w] = 0;
                for (int d = 0; d < n_dirs; d++)
                  round->moving[d][w] = 0;
              }
            round->moved = TRUE;
            break;
          }
        }
    }
  return removed;
}

/* The round of `round`'s orders from pos: the phases, then the cells
 * written (hash, counts, undo journal), the ends tested. */
BS_FORCE_INLINE static inline void
rr_resolve_round (const BsRuleset *rs,
                  BsPosition      *pos,
                  RrRound         *round,
                  BsUndo          *undo,
                  int              nw)
{
  const Rr *rr = rs->module_data;
  const BsGrid *grid = &rr->grid;
  guint64 *own[2] = { rr_pieces (rr, pos, nw, 1), rr_pieces (rr, pos, nw, 2) };
  static const guint8 values[4] = {
    BS_CELL_EMPTY, BS_CELL_MAKE (1, 0, 0), BS_CELL_MAKE (2, 0, 0), BS_CELL_EMPTY
  };
  gboolean removed;

  for (int w = 0; w < nw; w++)
    {
      round->own[0][w] = own[0][w];
      round->own[1][w] = own[1][w];
      round->crowded[w] = 0;
      for (int m = 0; m < rr->n_marks; m++)
        round->marks[m][w] = 0;
    }
  removed = rr_run_phases (rr, round, NULL, nw);

  for (int w = 0; w < nw; w++)
    {
      guint64 was_1 = own[0][w], was_2 = own[1][w];
      guint64 now_1 = round->own[0][w], now_2 = round->own[1][w];
      guint64 changed = (was_1 ^ now_1) | (was_2 ^ now_2);

      own[0][w] = now_1;
      own[1][w] = now_2;
      if ((pos->flags & BS_POSITION_PLAYOUT) && undo == NULL)
        {
          for (guint64 bits = changed; bits != 0; bits &= bits - 1)
            {
              int b = bs_ctz (bits);

              pos->cells[grid->cell_of_bit[w * 64 + b]]
                = values[((now_1 >> b) & 1) | ((now_2 >> b) & 1) << 1];
            }
          pos->on_board[0][0] += (guint16) (bs_popcount (now_1) - bs_popcount (was_1));
          pos->on_board[1][0] += (guint16) (bs_popcount (now_2) - bs_popcount (was_2));
        }
      else
        for (guint64 bits = changed; bits != 0; bits &= bits - 1)
          {
            int b = bs_ctz (bits);
            guint8 old = values[((was_1 >> b) & 1) | ((was_2 >> b) & 1) << 1];
            guint8 value = values[((now_1 >> b) & 1) | ((now_2 >> b) & 1) << 1];

            bs_position_replace_cell (rs->zobrist, pos, grid->cell_of_bit[w * 64 + b], old,
                                      value, undo);
          }
    }

  pos->step = 0;
  pos->to_move = 1;
  RR_CURSOR (pos) = 0;
  pos->ply++;
  rr_check_end (rr, pos, removed, TRUE);
}

#undef MOVED

BS_FORCE_INLINE static inline void
rr_resolve_body (const BsRuleset *rs,
                 BsPosition      *pos,
                 BsUndo          *undo,
                 int              words)
{
  const Rr *rr = rs->module_data;
  const BsGrid *grid = &rr->grid;
  const int nw = words ? words : grid->n_words;
  guint8 *orders = rr_orders (rs, pos);
  RrRound round;

  round_clear (&round, nw, grid->n_dirs);
  for (int p = 1; p <= 2; p++)
    {
      const guint64 *pieces = rr_pieces (rr, pos, nw, p);

      for (int w = 0; w < nw; w++)
        for (guint64 bits = pieces[w]; bits != 0; bits &= bits - 1)
          {
            int b = bs_ctz (bits);
            int c = grid->cell_of_bit[w * 64 + b];

            round_add (&round, grid->n_dirs, orders[c], w, b);
            orders[c] = RR_NONE;
          }
    }
  rr_resolve_round (rs, pos, &round, undo, nw);
}

BS_BITOPS_KERNELS_VOID (rr_resolve,
                        (const BsRuleset *rs, BsPosition *pos, BsUndo *undo),
                        rs, pos, undo)

/* A whole round of random orders (bs-ruleset.h): player 1's pieces in
 * cell order, then player 2's, each drawing its order as random_move
 * would; then the round resolves. */
BS_FORCE_INLINE static inline guint
rr_random_turn_body (const BsRuleset *rs,
                     BsPosition      *pos,
                     BsRng           *rng,
                     int              words)
{
  const Rr *rr = rs->module_data;
  const BsGrid *grid = &rr->grid;
  const int nw = words ? words : grid->n_words;
  RrRound round;
  guint n = 0;

  if (G_UNLIKELY (!(pos->flags & BS_POSITION_DERIVED)))
    rr_resync (rs, pos);
  round_clear (&round, nw, grid->n_dirs);
  for (int p = 1; p <= 2; p++)
    {
      const guint64 *pieces = rr_pieces (rr, pos, nw, p);

      for (int w = 0; w < nw; w++)
        for (guint64 bits = pieces[w]; bits != 0; bits &= bits - 1)
          {
            int b = bs_ctz (bits);
            int c = grid->cell_of_bit[w * 64 + b];

            round_add (&round, grid->n_dirs, rr->codes[c][bs_rng_below (rng, rr->n_codes[c])],
                       w, b);
            n++;
          }
    }
  pos->step = (guint16) n;
  rr_resolve_round (rs, pos, &round, NULL, nw);
  return n;
}

BS_BITOPS_KERNELS (guint, rr_random_turn,
                   (const BsRuleset *rs, BsPosition *pos, BsRng *rng),
                   rs, pos, rng)

BS_FORCE_INLINE static inline void
rr_apply_body (const BsRuleset *rs,
               BsPosition      *pos,
               BsMove           move,
               BsUndo          *undo,
               int              words)
{
  const Rr *rr = rs->module_data;
  const BsGrid *grid = &rr->grid;
  const int nw = words ? words : grid->n_words;
  int from = RR_FROM (move);
  int player = pos->to_move;
  int next;

  if (G_UNLIKELY (!(pos->flags & BS_POSITION_DERIVED)))
    rr_resync (rs, pos);
  rr_orders (rs, pos)[from] = (guint8) RR_CODE (move);
  pos->step++;
  next = rr_first_at_or_after (rr_pieces (rr, pos, nw, player), nw, grid->bit_of_cell[from] + 1);
  if (next < 0 && player == 1)
    {
      next = rr_first_at_or_after (rr_pieces (rr, pos, nw, 2), nw, 0);
      if (next >= 0)
        pos->to_move = 2;
    }
  if (next >= 0)
    {
      RR_CURSOR (pos) = grid->cell_of_bit[next];
      return;
    }
  /* The last order: the round resolves (out of line, once a round). */
  if (words == 1)
    rr_resolve_hw1 (rs, pos, undo);
  else if (words == 2)
    rr_resolve_hw2 (rs, pos, undo);
  else if (bs_bitops_hardware)
    rr_resolve_hwn (rs, pos, undo);
  else
    rr_resolve_portable (rs, pos, undo);
}

BS_BITOPS_KERNELS_VOID (rr_apply,
                        (const BsRuleset *rs, BsPosition *pos, BsMove move, BsUndo *undo),
                        rs, pos, move, undo)

static void
rr_apply (const BsRuleset *rs,
          BsPosition      *pos,
          BsMove           move,
          BsUndo          *undo)
{
  rs->apply (rs, pos, move, undo);
}

/* ---- Compiling ---- */

static void
rr_free (gpointer data)
{
  Rr *rr = data;

  if (rr == NULL)
    return;
  if (rr->has_grid)
    bs_grid_clear (&rr->grid);
  if (rr->owner_free != NULL)
    rr->owner_free (rr->owner);
  g_free (rr);
}

/* Whether cell c is in a region of the document (each player's, not a
 * special one): rows and cols from player 1's side, and centre. */
static gboolean
rr_region_has (const BsRuleset *rs, const BsRulesDocument *doc, int region, int c)
{
  const BsRulesRegion *r = &g_array_index (doc->regions, BsRulesRegion, region);
  const BsBoardSpec *spec = bs_board_get_spec (rs->board);
  int row = bs_board_cell_row (rs->board, c), col = bs_board_cell_col (rs->board, c);

  if (r->has_centre)
    {
      int n = bs_rules_number_value (&r->centre, rs->options);
      int c0 = (spec->width - n) / 2, r0 = (spec->height - n) / 2;

      return col >= c0 && col < c0 + n && row >= r0 && row < r0 + n;
    }
  return FALSE;
}

gboolean
bs_rules_rounds_prepare (BsRuleset              *rs,
                         const BsRulesDocument  *doc,
                         gpointer                owner,
                         GDestroyNotify          owner_free,
                         GError                **error)
{
  Rr *rr = g_new0 (Rr, 1);
  int pieces = 0, needed = 0;

  rr->doc = doc;
  rr->owner = owner;
  rr->owner_free = owner_free;
  rs->module_data = rr;
  if (rs->n_cells > 0x3FF || !bs_grid_init (&rr->grid, rs->board, 1))
    {
      g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_INVALID,
                   _("%s: this board has too many cells, or directions that are not "
                     "constant steps, for simultaneous orders"), doc->filename);
      return FALSE;
    }
  rr->has_grid = TRUE;
  for (int c = 0; c < rs->n_cells; c++)
    {
      int n = 0;

      rr->codes[c][n++] = RR_STAY;
      for (int d = 0; d < rs->n_dirs; d++)
        if (rs->neighbours[c * rs->n_dirs + d] != BS_NO_CELL)
          rr->codes[c][n++] = (guint8) RR_DIR (d);
      rr->n_codes[c] = (guint8) n;
      for (int i = 0; i < n; i++)
        rr->steps[c][i] = RR_MOVE (c, rr_code_target (rs, c, rr->codes[c][i]), rr->codes[c][i]);
    }
  for (guint i = 0; i < doc->phases->len; i++)
    {
      const BsRulesPhase *ph = &g_array_index (doc->phases, BsRulesPhase, i);

      if (bs_rules_condition_holds (&ph->cond, rs->options))
        rr->phases[rr->n_phases++] = *ph;
    }
  rr->n_marks = (int) doc->marks->len;
  for (guint i = 0; i < doc->ends->len; i++)
    {
      const BsRulesEnd *e = &g_array_index (doc->ends, BsRulesEnd, i);

      if (bs_rules_condition_holds (&e->cond, rs->options))
        rr->ends[rr->n_ends++] = e;
    }

  /* The bag must fill every cell it does not skip; fixed setup pieces
   * count as drawn. */
  if (doc->bag)
    {
      if (doc->bag_skip >= 0)
        for (int c = 0; c < rs->n_cells; c++)
          rr->skip[c] = (guint8) rr_region_has (rs, doc, doc->bag_skip, c);
      for (int c = 0; c < rs->n_cells; c++)
        needed += !rr->skip[c];
      for (int p = 0; p < 2; p++)
        pieces += rs->supply[p][0];
      if (rs->variant->setup != NULL)
        pieces += (int) rs->variant->setup->len;
      if (pieces < needed)
        {
          g_autofree char *where = bs_variant_where (rs->variant, rs->variant->players[0].line);

          g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_INVALID,
                       _("%sthe bag needs at least %d pieces in all, one for each cell it "
                         "fills, but the players have %d"),
                       where, needed, pieces);
          return FALSE;
        }
    }

  rr->sets_offset = (2 * (gsize) rs->n_cells + 7) & ~(gsize) 7;
  rs->extra_size = rr->sets_offset - (gsize) rs->n_cells + 16 * (gsize) rr->grid.n_words;
  rs->max_moves = MAX (rs->max_moves, (guint) rs->n_dirs + 1);
  rs->max_changes = MAX (rs->max_changes, (guint) rs->n_cells);
  rs->generate = BS_BITOPS_PICK (rr_generate, rr->grid.n_words);
  rs->random_move = BS_BITOPS_PICK (rr_random_move, rr->grid.n_words);
  rs->apply = BS_BITOPS_PICK (rr_apply, rr->grid.n_words);
  rs->random_turn = BS_BITOPS_PICK (rr_random_turn, rr->grid.n_words);
  return TRUE;
}

/* ---- The other hooks ---- */

static void
rr_free_data (gpointer module_data)
{
  rr_free (module_data);
}

static void
rr_scores (const BsRuleset  *rs,
           const BsPosition *pos,
           int               scores[2])
{
  scores[0] = bs_position_pieces (pos, 1);
  scores[1] = bs_position_pieces (pos, 2);
}

/* Every measure of a game of orders counts pieces (for now). */
static void
rr_measure (const BsRuleset  *rs,
            const BsPosition *pos,
            int               values[][2])
{
  const Rr *rr = rs->module_data;

  for (guint i = 0; i < rr->doc->measures->len; i++)
    rr_scores (rs, pos, values[i]);
}

static BsEnding
rr_ending (const BsRuleset  *rs,
           const BsPosition *pos)
{
  const Rr *rr = rs->module_data;
  int player = 1;
  int i = rr_end_holds (rr, pos, FALSE, FALSE, &player);

  if (pos->result == BS_RESULT_ONGOING)
    return BS_ENDING_NONE;
  return i >= 0 ? BS_ENDING_ELIMINATION : BS_ENDING_NO_REMOVAL;
}

/* The end's sentence: {mover} the player it is about, {ID1} and {ID2}
 * each measure's values. */
static void
rr_describe_ending (const BsRuleset  *rs,
                    const BsPosition *pos,
                    BsEnding          ending,
                    GString          *out)
{
  const Rr *rr = rs->module_data;
  g_autoptr(GString) s = g_string_new (NULL);
  int values[BS_MAX_MEASURES][2];
  int player = 1;
  int i = rr_end_holds (rr, pos, FALSE, TRUE, &player);

  if (i < 0 || rr->ends[i]->sentence == NULL)
    return;
  bs_rules_program_fill_text (rs, rr->ends[i]->sentence, player, NULL, NULL, s);
  rr_measure (rs, pos, values);
  for (guint m = 0; m < rr->doc->measures->len && strchr (s->str, '{') != NULL; m++)
    for (int p = 0; p < 2; p++)
      {
        g_autofree char *name = g_strdup_printf ("{%s%d}",
                                                 g_array_index (rr->doc->measures,
                                                                BsRulesMeasure, m).id, p + 1);
        g_autofree char *value = g_strdup_printf ("%d", values[m][p]);

        g_string_replace (s, name, value, 0);
      }
  g_string_replace (s, "{round}", "", 0);
  g_string_append (out, s->str);
}

static void
rr_format_move (const BsRuleset  *rs,
                const BsPosition *pos,
                BsMove            move,
                GString          *out)
{
  const Rr *rr = rs->module_data;

  if (RR_FROM (move) >= rs->n_cells || RR_TO (move) >= rs->n_cells)
    {
      g_string_append_printf (out, "?%u", (guint) move);
      return;
    }
  g_string_append (out, bs_board_cell_label (rs->board, RR_FROM (move)));
  g_string_append (out, rr->doc->move_separator != NULL ? rr->doc->move_separator : "-");
  g_string_append (out, bs_board_cell_label (rs->board, RR_TO (move)));
}

/* The order from → to, without legality. */
static BsMove
rr_order_make (const BsRuleset *rs, int from, int to)
{
  int code = RR_NOT_ADJACENT;

  if (to == from)
    code = RR_STAY;
  else
    for (int d = 0; d < rs->n_dirs; d++)
      if (rs->neighbours[from * rs->n_dirs + d] == to)
        code = RR_DIR (d);
  return RR_MOVE (from, to, code);
}

static gboolean
rr_parse_cell (const BsRuleset *rs, const char *label, int *cell, GError **error)
{
  gboolean is_hole = FALSE;
  int col, row;

  if (!bs_board_parse_label (label, &col, &row))
    {
      g_set_error (error, BS_RULES_ERROR, BS_RULES_ERROR_MALFORMED,
                   _("there is no cell %s on this board"), label);
      return FALSE;
    }
  *cell = bs_board_find_cell (rs->board, label, &is_hole);
  if (*cell == BS_NO_CELL)
    {
      g_set_error (error, BS_RULES_ERROR, BS_RULES_ERROR_ILLEGAL,
                   is_hole ? _("%s is a hole in this board") : _("there is no cell %s on this board"),
                   label);
      return FALSE;
    }
  return TRUE;
}

static gboolean
rr_parse_move (const BsRuleset  *rs,
               const BsPosition *pos,
               const char       *text,
               BsMove           *move,
               GError          **error)
{
  const Rr *rr = rs->module_data;
  const char *sep = rr->doc->move_separator != NULL ? rr->doc->move_separator : "-";
  g_auto (GStrv) parts = g_strsplit (text, sep, -1);
  int from, to;

  if (g_strv_length (parts) != 2 || *parts[0] == '\0' || *parts[1] == '\0')
    {
      g_set_error (error, BS_RULES_ERROR, BS_RULES_ERROR_MALFORMED,
                   _("“%s” is not an order: an order is written FROM%sTO (the same cell "
                     "twice to stay)"), text, sep);
      return FALSE;
    }
  if (!rr_parse_cell (rs, parts[0], &from, error) || !rr_parse_cell (rs, parts[1], &to, error))
    return FALSE;
  *move = rr_order_make (rs, from, to);
  return TRUE;
}

/* Why an order is not legal whatever the phase of the round, or NULL. */
static char *
rr_explain_order (const BsRuleset *rs, const BsPosition *pos, BsMove move)
{
  const char *from, *to;

  if (RR_FROM (move) >= rs->n_cells || RR_TO (move) >= rs->n_cells)
    return g_strdup (_("not a cell of the board"));
  from = bs_board_cell_label (rs->board, RR_FROM (move));
  to = bs_board_cell_label (rs->board, RR_TO (move));
  if (pos->cells[RR_FROM (move)] == BS_CELL_EMPTY)
    return g_strdup_printf (_("%s holds no piece"), from);
  if (RR_CODE (move) == RR_NOT_ADJACENT || RR_CODE (move) == RR_NONE
      || rr_code_target (rs, RR_FROM (move), RR_CODE (move)) != RR_TO (move))
    return g_strdup_printf (_("%s is not next to %s: a piece moves one cell, or stays "
                              "with %s-%s"), to, from, from, from);
  return NULL;
}

static char *
rr_explain (const BsRuleset  *rs,
            const BsPosition *pos,
            BsMove            move)
{
  int from = RR_FROM (move);
  int next;
  char *why;

  if (bs_position_is_over (pos))
    return g_strdup (_("the game is over"));
  if ((why = rr_explain_order (rs, pos, move)) != NULL)
    return why;
  if (BS_CELL_OWNER (pos->cells[from]) != pos->to_move)
    return g_strdup_printf (_("%s is a piece of player %d, and player %d's orders "
                              "are being entered"),
                            bs_board_cell_label (rs->board, from),
                            BS_CELL_OWNER (pos->cells[from]), pos->to_move);
  if (pos->cells[rs->n_cells + from] != RR_NONE)
    return g_strdup_printf (_("%s already has its order for this round"),
                            bs_board_cell_label (rs->board, from));
  next = pos->step != 0 ? RR_CURSOR (pos) : rr_find_piece (rs, pos, 0, 1);
  if (next != from)
    return g_strdup_printf (_("the next order is for %s (orders are entered in cell order)"),
                            bs_board_cell_label (rs->board, next));
  return NULL;
}

static gboolean
rr_parse_turn (const BsRuleset  *rs,
               const BsPosition *pos,
               const char       *text,
               BsMove           *steps,
               guint            *n_steps,
               GError          **error)
{
  g_auto (GStrv) sides = NULL;
  g_autofree BsMove *by_cell = NULL;
  guint n = 0;

  if (bs_position_is_over (pos))
    {
      g_set_error (error, BS_RULES_ERROR, BS_RULES_ERROR_GAME_OVER, _("the game is over"));
      return FALSE;
    }
  if (pos->step != 0)
    {
      g_set_error (error, BS_RULES_ERROR, BS_RULES_ERROR_ILLEGAL,
                   _("a round can only be entered from its start; %u orders of this round "
                     "have already been given"),
                   pos->step);
      return FALSE;
    }
  sides = g_strsplit (text, ";", -1);
  if (g_strv_length (sides) != 2)
    {
      g_set_error (error, BS_RULES_ERROR, BS_RULES_ERROR_MALFORMED,
                   _("a round is player 1's orders, “;”, then player 2's orders, "
                     "as a1-a2,b1-b1;a5-a4,e5-d4"));
      return FALSE;
    }
  by_cell = g_new0 (BsMove, rs->n_cells);
  for (int side = 0; side < 2; side++)
    {
      g_auto (GStrv) orders = g_strsplit (sides[side], ",", -1);
      int player = side + 1;

      for (guint i = 0; orders[i] != NULL; i++)
        {
          const char *order = g_strstrip (orders[i]);
          BsMove move;
          char *why;

          if (*order == '\0')
            {
              if (i == 0 && orders[1] == NULL)
                continue;
              g_set_error (error, BS_RULES_ERROR, BS_RULES_ERROR_MALFORMED,
                           _("an empty order in player %d's orders “%s”"),
                           player, sides[side]);
              return FALSE;
            }
          if (!rr_parse_move (rs, pos, order, &move, error))
            return FALSE;
          if ((why = rr_explain_order (rs, pos, move)) != NULL)
            {
              g_set_error (error, BS_RULES_ERROR, BS_RULES_ERROR_ILLEGAL, "%s: %s", order, why);
              g_free (why);
              return FALSE;
            }
          if (BS_CELL_OWNER (pos->cells[RR_FROM (move)]) != player)
            {
              g_set_error (error, BS_RULES_ERROR, BS_RULES_ERROR_ILLEGAL,
                           _("%s: the piece on %s belongs to player %d, not to player %d"),
                           order, bs_board_cell_label (rs->board, RR_FROM (move)),
                           3 - player, player);
              return FALSE;
            }
          if (by_cell[RR_FROM (move)] != 0)
            {
              g_set_error (error, BS_RULES_ERROR, BS_RULES_ERROR_ILLEGAL,
                           _("%s: the piece on %s is given two orders"),
                           order, bs_board_cell_label (rs->board, RR_FROM (move)));
              return FALSE;
            }
          by_cell[RR_FROM (move)] = move;
        }
      for (int cell = rr_find_piece (rs, pos, 0, player); cell != BS_NO_CELL;
           cell = rr_find_piece (rs, pos, cell + 1, player))
        {
          if (by_cell[cell] == 0)
            {
              g_set_error (error, BS_RULES_ERROR, BS_RULES_ERROR_ILLEGAL,
                           _("the piece on %s has no order: every piece of player %d "
                             "must get one"),
                           bs_board_cell_label (rs->board, cell), player);
              return FALSE;
            }
          steps[n++] = by_cell[cell];
        }
    }
  *n_steps = n;
  return TRUE;
}

static int
rr_compare_steps (const void *a, const void *b)
{
  return RR_FROM (*(const BsMove *) a) - RR_FROM (*(const BsMove *) b);
}

static void
rr_format_turn (const BsRuleset  *rs,
                const BsPosition *pos,
                const BsMove     *steps,
                guint             n_steps,
                GString          *out)
{
  g_autofree BsMove *sorted = g_memdup2 (steps, n_steps * sizeof (BsMove));

  qsort (sorted, n_steps, sizeof (BsMove), rr_compare_steps);
  for (int player = 1; player <= 2; player++)
    {
      gboolean first = TRUE;

      if (player == 2)
        g_string_append_c (out, ';');
      for (guint i = 0; i < n_steps; i++)
        {
          if (BS_CELL_OWNER (pos->cells[RR_FROM (sorted[i])]) != player)
            continue;
          if (!first)
            g_string_append_c (out, ',');
          rr_format_move (rs, pos, sorted[i], out);
          first = FALSE;
        }
    }
}

static void
rr_decode_move (const BsRuleset  *rs,
                const BsPosition *pos,
                BsMove            move,
                BsMoveParts      *parts)
{
  parts->from = RR_FROM (move);
  parts->to = RR_TO (move);
}

static gboolean
rr_encode_move (const BsRuleset   *rs,
                const BsPosition  *pos,
                const BsMoveParts *parts,
                BsMove            *move)
{
  if (parts->from < 0 || parts->from >= rs->n_cells || parts->to < 0 || parts->to >= rs->n_cells
      || parts->word >= 0)
    return FALSE;
  *move = rr_order_make (rs, parts->from, parts->to);
  return TRUE;
}

/* What a round did: the pieces it removed, marked on the cells they stood
 * on before it, and their number. */
static void
rr_explain_turn (const BsRuleset   *rs,
                 const BsPosition  *before,
                 const BsMove      *steps,
                 guint              n_steps,
                 BsTurnExplanation *out)
{
  const Rr *rr = rs->module_data;
  const BsGrid *grid = &rr->grid;
  const int nw = grid->n_words;
  RrRound round;
  guint64 removed[BS_GRID_MAX_WORDS] = { 0 };
  guint n_dead = 0;

  memset (&round, 0, sizeof round);
  for (int c = 0; c < rs->n_cells; c++)
    if (before->cells[c] != BS_CELL_EMPTY)
      {
        int b = grid->bit_of_cell[c];

        bs_bits_add (round.own[BS_CELL_OWNER (before->cells[c]) - 1], b);
        bs_bits_add (round.stay, b);
      }
  for (guint i = 0; i < n_steps; i++)
    {
      int from = RR_FROM (steps[i]), code = RR_CODE (steps[i]);
      int b;

      if (from >= rs->n_cells || before->cells[from] == BS_CELL_EMPTY)
        continue;
      b = grid->bit_of_cell[from];
      round.stay[b >> 6] &= ~BS_BIT (b & 63);
      round_add (&round, grid->n_dirs, code, b >> 6, b & 63);
    }
  rr_run_phases (rr, &round, removed, nw);
  for (int c = 0; c < rs->n_cells; c++)
    if (before->cells[c] != BS_CELL_EMPTY && bs_bits_has (removed, grid->bit_of_cell[c]))
      {
        out->removed[c] = 1;
        n_dead++;
      }
  if (n_dead == 0)
    g_string_append_printf (out->summary, _("Round %u: no piece dies."), before->ply + 1);
  else
    g_string_append_printf (out->summary, g_dngettext (GETTEXT_PACKAGE, "Round %u: %u piece dies.",
                                                       "Round %u: %u pieces die.", n_dead),
                            before->ply + 1, n_dead);
}

static void
rr_describe_rules (const BsRuleset *rs,
                   GString         *rules,
                   GString         *goal)
{
  const Rr *rr = rs->module_data;

  bs_rules_program_describe_texts (rs, rr->doc, rules, goal);
}

void
bs_rules_rounds_fill_module (BsModule *module)
{
  module->flags |= BS_MODULE_SIMULTANEOUS;
  module->free_data = rr_free_data;
  module->setup = rr_setup;
  module->generate = rr_generate;
  module->random_move = rr_random_move;
  module->apply = rr_apply;
  module->scores = rr_scores;
  module->measure = rr_measure;
  module->ending = rr_ending;
  module->describe_ending = rr_describe_ending;
  module->format_move = rr_format_move;
  module->parse_move = rr_parse_move;
  module->explain = rr_explain;
  module->piece_orders = rr_piece_orders;
  module->parse_turn = rr_parse_turn;
  module->format_turn = rr_format_turn;
  module->decode_move = rr_decode_move;
  module->encode_move = rr_encode_move;
  module->explain_turn = rr_explain_turn;
  module->describe_rules = rr_describe_rules;
}
