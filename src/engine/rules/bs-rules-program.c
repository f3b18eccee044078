/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-rules-program.c: a rules document compiled for one ruleset, and the
 * hooks that run it.
 *
 * Cells are bits row * width + col of at most four words (boards of up to
 * 256 grid places in this first slice), without guard columns: a step in
 * direction d takes the pieces that have a neighbour that way (a set per
 * direction, from the board's neighbour table, so edges and holes need no
 * test) and shifts them by one constant. Options are folded when the
 * program is built: an element whose if= fails is not compiled, misère is a
 * swapped result, player-relative directions are resolved per player.
 *
 * A ply runs each block once: a STEP block is a shift and two masks per
 * word; an end test is one set operation (a region reached, no piece
 * left) or the STEP blocks asked for their first target (no move left).
 *
 * The extra bytes of a position hold each player's pieces as such a set,
 * derived from the cells and trusted while the position has
 * BS_POSITION_DERIVED (as the C modules do). A step is packed as the cells
 * it leaves and reaches (bits 0-7, 8-15) and their bits (16-23, 24-31). */
#define G_LOG_DOMAIN "boardsmith-rules"

#include "config.h"

#include "bs-rules-program.h"

#include <string.h>

#include "bs-bitboard.h"
#include "bs-error.h"
#include "bs-ruleset.h"

#define RP_MAX_WORDS 6
#define RP_MAX_BITS  (64 * RP_MAX_WORDS)
#define RP_MAX_STEP_BITS 256          /* a step packs its cells in bytes */
#define RP_MAX_STEP_WORDS (RP_MAX_STEP_BITS / 64)

#define RP_MOVE(fc, tc, fb, tb) \
  ((BsMove) (fc) | ((BsMove) (tc) << 8) | ((BsMove) (fb) << 16) | ((BsMove) (tb) << 24))
#define RP_MOVE_FROM(m)      ((int) ((m) & 0xFFu))
#define RP_MOVE_TO(m)        ((int) (((m) >> 8) & 0xFFu))
#define RP_MOVE_FROM_BIT(m)  ((int) (((m) >> 16) & 0xFFu))
#define RP_MOVE_TO_BIT(m)    ((int) ((m) >> 24))
/* A placement: its cell (bits 0-11), its bit (12-23) and its block (24-31). */
#define RP_PLACE(c, b, k)    ((BsMove) (c) | ((BsMove) (b) << 12) | ((BsMove) (k) << 24))
#define RP_PLACE_CELL(m)     ((int) ((m) & 0xFFFu))
#define RP_PLACE_BIT(m)      ((int) (((m) >> 12) & 0xFFFu))
#define RP_PLACE_BLOCK(m)    ((int) ((m) >> 24))

/* One direction of a STEP block, for one player. */
typedef struct {
  int     shift;                      /* bits from a piece to its target */
  int     up, down;                   /* the shift as two, one of them 0: no branch */
  guint64 from_ok[RP_MAX_WORDS];      /* the cells with a neighbour that way */
} RpShift;

/* A STEP block of one direction: <step dirs="a b"> compiles to one per
 * direction, in the written order. Its targets as masks (all ones or
 * none), so that computing them takes no branch. */
typedef struct {
  guint64 to_empty;
  guint64 to_enemy;
  RpShift player[3];                  /* [1], [2] */
  guint8  piece[3];                   /* a PLACE block: the cell value it puts, per player */
} RpStep;

/* A line end's axes, two board directions each, how many in a row, and
 * whether more than that is no line (apart from RpEnd: the ends that are
 * tested every ply stay small). */
typedef struct _RpLine {
  int      axes[BS_RULES_MAX_DIRS][2];
  int      n_axes;
  int      length;
  gboolean exactly;
} RpLine;

typedef struct {
  BsRulesEndKind kind;
  BsRulesWho     who;
  int            winner_if_who[3];    /* [who]: the result, misère folded */
  BsEnding       ending;
  guint64        region[3][RP_MAX_WORDS];
  const struct _RpLine *line;         /* line */
  const BsRulesEnd *source;
  gboolean       misere;
} RpEnd;

struct _BsRulesProgram {
  const BsRulesDocument *doc;
  gpointer        owner;
  GDestroyNotify  owner_free;

  int      width;
  int      height;
  int      n_cells;
  int      nw;
  gsize    sets_offset;               /* from pos->cells, 8-aligned */
  guint64  valid[RP_MAX_WORDS];
  guint16  cell_of_bit[RP_MAX_BITS];
  guint16  bit_of_cell[RP_MAX_BITS];
  const gint16 *neighbours;           /* the board's, [cell * n_dirs + dir] */
  int      n_dirs;
  gboolean placing;                   /* the blocks place pieces (else they step) */
  gboolean fixed[3];                  /* [player]: the variant places this player's pieces */

  RpStep   steps[BS_RULES_MAX_BLOCKS * BS_RULES_MAX_DIRS];
  int      n_steps;
  RpEnd    ends[BS_RULES_MAX_BLOCKS];
  int      n_ends;
  RpLine   lines[BS_RULES_MAX_BLOCKS];
  int      n_lines;
};

typedef BsRulesProgram Rp;

/* ---- Sets ---- */

G_ALWAYS_INLINE static inline guint64 *
rp_sets (const Rp *rp, const BsPosition *pos, int player)
{
  return (guint64 *) (gpointer) ((guint8 *) pos->cells + rp->sets_offset) + (player - 1) * rp->nw;
}

#define RP_NW(rp, words) ((words) ? (words) : (rp)->nw)

/* The targets of one STEP block for player p into out (nw words);
 * returns a word that is 0 exactly when there is none. */
G_ALWAYS_INLINE static inline guint64
rp_step_targets (const Rp      *rp,
                 const RpStep  *step,
                 int            p,
                 int            nw,
                 const guint64 *mine,
                 const guint64 *theirs,
                 guint64       *out)
{
  const RpShift *s = &step->player[p];
  guint64 movers[RP_MAX_WORDS];
  guint64 any = 0;

  if (nw == 1)
    {
      guint64 open = (rp->valid[0] & ~(mine[0] | theirs[0]) & step->to_empty)
                     | (theirs[0] & step->to_enemy);

      out[0] = ((mine[0] & s->from_ok[0]) << s->up >> s->down) & open;
      return out[0];
    }
  for (int w = 0; w < nw; w++)
    movers[w] = mine[w] & s->from_ok[w];
  for (int w = 0; w < nw; w++)
    {
      guint64 open = (rp->valid[w] & ~(mine[w] | theirs[w]) & step->to_empty)
                     | (theirs[w] & step->to_enemy);

      out[w] = bs_bits_toward (movers, nw, w, -s->shift) & open;
      any |= out[w];
    }
  return any;
}

/* The targets of a PLACE block (where="empty": every empty cell), as
 * rp_step_targets. */
G_ALWAYS_INLINE static inline guint64
rp_place_targets (const Rp      *rp,
                  int            nw,
                  const guint64 *mine,
                  const guint64 *theirs,
                  guint64       *out)
{
  guint64 any = 0;

  for (int w = 0; w < nw; w++)
    {
      out[w] = rp->valid[w] & ~(mine[w] | theirs[w]);
      any |= out[w];
    }
  return any;
}

/* Whether player p has a move (the first block with a target says so). */
G_ALWAYS_INLINE static inline gboolean
rp_can_move (const Rp      *rp,
             int            p,
             int            nw,
             const guint64 *mine,
             const guint64 *theirs,
             const gboolean placing)
{
  guint64 targets[RP_MAX_WORDS];

  if (placing)
    return rp->n_steps > 0 && rp_place_targets (rp, nw, mine, theirs, targets) != 0;
  for (int i = 0; i < rp->n_steps; i++)
    if (rp_step_targets (rp, &rp->steps[i], p, nw, mine, theirs, targets) != 0)
      return TRUE;
  return FALSE;
}

G_ALWAYS_INLINE static inline gboolean
rp_empty_set (const guint64 *set, int nw)
{
  guint64 any = 0;

  for (int w = 0; w < nw; w++)
    any |= set[w];
  return any == 0;
}

/* Whether player p has a line of e through `cell` (one of p's): on one
 * of the axes, the pieces of p in a row through it, counted cell by cell
 * from it both ways (a few cells: only the cell a move filled is asked in
 * play). */
static inline gboolean
rp_line_through (const Rp         *rp,
                 const RpLine     *e,
                 const BsPosition *pos,
                 int               cell,
                 int               p)
{
  for (int a = 0; a < e->n_axes; a++)
    {
      int run = 1;

      for (int k = 0; k < 2; k++)
        {
          int d = e->axes[a][k];

          for (int c = bs_board_neighbour (rp->neighbours, rp->n_dirs, cell, d);
               c != BS_NO_CELL && BS_CELL_OWNER (pos->cells[c]) == p;
               c = bs_board_neighbour (rp->neighbours, rp->n_dirs, c, d))
            run++;
        }
      if (e->exactly ? run == e->length : run >= e->length)
        return TRUE;
    }
  return FALSE;
}

/* Whether p has a line of e anywhere: through any of p's pieces (out of
 * line: asked at the start and by ending (), not after a move). */
static G_GNUC_NO_INLINE gboolean
rp_has_line (const Rp         *rp,
             const RpLine     *e,
             const BsPosition *pos,
             int               p)
{
  const guint64 *own = rp_sets (rp, pos, p);

  for (int w = 0; w < rp->nw; w++)
    for (guint64 bits = own[w]; bits != 0; bits &= bits - 1)
      if (rp_line_through (rp, e, pos, rp->cell_of_bit[w * 64 + bs_ctz (bits)], p))
        return TRUE;
  return FALSE;
}

/* Whether end test e holds, `mover` having just moved. */
G_ALWAYS_INLINE static inline gboolean
rp_end_holds (const Rp         *rp,
              const RpEnd      *e,
              const BsPosition *pos,
              int               mover,
              int               nw,
              const gboolean    placing)
{
  int who = e->who == BS_RULES_WHO_MOVER ? mover : 3 - mover;
  const guint64 *own = rp_sets (rp, pos, who);

  switch (e->kind)
    {
    case BS_RULES_END_ELIMINATED:
      return rp_empty_set (own, nw);
    case BS_RULES_END_REACH:
      {
        guint64 any = 0;

        for (int w = 0; w < nw; w++)
          any |= own[w] & e->region[who][w];
        return any != 0;
      }
    case BS_RULES_END_NO_MOVE:
      return !rp_can_move (rp, who, nw, own, rp_sets (rp, pos, 3 - who), placing);
    case BS_RULES_END_LINE:
      return rp_has_line (rp, e->line, pos, who);
    case BS_RULES_END_FULL:
      /* The piece counts the cell writes keep: no set to read. */
      return bs_position_pieces (pos, 1) + bs_position_pieces (pos, 2) == rp->n_cells;
    default:
      g_assert_not_reached ();
    }
}

/* After a step or placement of `mover` to `to` (to_bit; captured: it
 * took a piece), the same as rp_first_end, tested only where the move
 * changed something: a move brings only its piece into a region or a
 * line, and takes a piece only from the other player; what held before
 * it would have ended the game already. */
G_ALWAYS_INLINE static inline int
rp_first_end_after_step (const Rp         *rp,
                         const BsPosition *pos,
                         int               mover,
                         int               nw,
                         int               to,
                         int               to_bit,
                         gboolean          captured,
                         const gboolean    placing)
{
  for (int i = 0; i < rp->n_ends; i++)
    {
      const RpEnd *e = &rp->ends[i];
      gboolean holds;

      switch (e->kind)
        {
        case BS_RULES_END_ELIMINATED:
          holds = e->who == BS_RULES_WHO_NEXT && captured
                  && rp_empty_set (rp_sets (rp, pos, 3 - mover), nw);
          break;
        case BS_RULES_END_REACH:
          holds = e->who == BS_RULES_WHO_MOVER && bs_bits_has (e->region[mover], to_bit);
          break;
        case BS_RULES_END_LINE:
          holds = e->who == BS_RULES_WHO_MOVER ? rp_line_through (rp, e->line, pos, to, mover)
                                               : rp_end_holds (rp, e, pos, mover, nw, placing);
          break;
        default:
          holds = rp_end_holds (rp, e, pos, mover, nw, placing);
          break;
        }
      if (holds)
        return i;
    }
  return -1;
}

/* The first end test that holds, `mover` having just moved, or -1. */
G_ALWAYS_INLINE static inline int
rp_first_end (const Rp *rp, const BsPosition *pos, int mover, int nw)
{
  for (int i = 0; i < rp->n_ends; i++)
    if (rp_end_holds (rp, &rp->ends[i], pos, mover, nw, rp->placing))
      return i;
  return -1;
}

static void
rp_resync (const Rp *rp, BsPosition *pos)
{
  guint64 *sets = rp_sets (rp, pos, 1);

  memset (sets, 0, 16 * (gsize) rp->nw);
  for (int c = 0; c < rp->n_cells; c++)
    if (pos->cells[c] != BS_CELL_EMPTY)
      bs_bits_add (sets + (BS_CELL_OWNER (pos->cells[c]) - 1) * rp->nw, rp->bit_of_cell[c]);
  pos->flags |= BS_POSITION_DERIVED;
}

/* A const position whose derived bytes are stale (cells set by hand). */
static BsPosition *
rp_fresh_copy (const BsRuleset *rs, const BsPosition *pos)
{
  BsPosition *copy = bs_position_dup (rs, pos);

  rp_resync (rs->module_data, copy);
  return copy;
}

/* ---- The hot hooks ---- */

/* The r-th (from 0) target of a set of nw words: a few cleared bits in
 * one word (a block's targets are a few pieces' moves). */
G_ALWAYS_INLINE static inline int
rp_select (const guint64 *set, int nw, int r)
{
  if (nw == 1)
    {
      guint64 x = set[0];

      for (; r > 0; r--)
        x &= x - 1;
      return bs_ctz (x);
    }
  return bs_bits_select (set, nw, r);
}

G_ALWAYS_INLINE static inline guint
rp_generate_any (const BsRuleset  *rs,
                 const BsPosition *pos,
                 BsMove           *moves,
                 int               words,
                 const gboolean    placing)
{
  const Rp *rp = rs->module_data;
  const int nw = RP_NW (rp, words);
  const int p = pos->to_move;
  const guint64 *mine, *theirs;
  guint n = 0;

  if (G_UNLIKELY (!(pos->flags & BS_POSITION_DERIVED)))
    {
      g_autofree BsPosition *copy = rp_fresh_copy (rs, pos);
      return rs->generate (rs, copy, moves);
    }
  mine = rp_sets (rp, pos, p);
  theirs = rp_sets (rp, pos, 3 - p);
  if (placing)
    {
      guint64 targets[RP_MAX_WORDS];

      rp_place_targets (rp, nw, mine, theirs, targets);
      for (int i = 0; i < rp->n_steps; i++)
        for (int w = 0; w < nw; w++)
          for (guint64 bits = targets[w]; bits != 0; bits &= bits - 1)
            {
              int bit = w * 64 + bs_ctz (bits);

              moves[n++] = RP_PLACE (rp->cell_of_bit[bit], bit, i);
            }
      return n;
    }
  for (int i = 0; i < rp->n_steps; i++)
    {
      guint64 targets[RP_MAX_WORDS];
      int shift = rp->steps[i].player[p].shift;

      rp_step_targets (rp, &rp->steps[i], p, nw, mine, theirs, targets);
      for (int w = 0; w < nw; w++)
        for (guint64 bits = targets[w]; bits != 0; bits &= bits - 1)
          {
            int to_bit = w * 64 + bs_ctz (bits);
            int from_bit = to_bit - shift;

            moves[n++] = RP_MOVE (rp->cell_of_bit[from_bit], rp->cell_of_bit[to_bit],
                                  from_bit, to_bit);
          }
    }
  return n;
}

/* Each hot hook has a copy for games that step and one for games that
 * place, picked when the program is built. */
#define RP_KERNELS(type, name, params, ...)                                              \
  G_ALWAYS_INLINE static inline type                                                     \
  name##_step_body params { return name##_any (__VA_ARGS__, FALSE); }                    \
  G_ALWAYS_INLINE static inline type                                                     \
  name##_place_body params { return name##_any (__VA_ARGS__, TRUE); }
#define RP_KERNELS_VOID(name, params, ...)                                               \
  G_ALWAYS_INLINE static inline void                                                     \
  name##_step_body params { name##_any (__VA_ARGS__, FALSE); }                           \
  G_ALWAYS_INLINE static inline void                                                     \
  name##_place_body params { name##_any (__VA_ARGS__, TRUE); }

RP_KERNELS (guint, rp_generate,
            (const BsRuleset *rs, const BsPosition *pos, BsMove *moves, int words),
            rs, pos, moves, words)
BS_BITOPS_KERNELS (guint, rp_generate_step,
                   (const BsRuleset *rs, const BsPosition *pos, BsMove *moves),
                   rs, pos, moves)
BS_BITOPS_KERNELS (guint, rp_generate_place,
                   (const BsRuleset *rs, const BsPosition *pos, BsMove *moves),
                   rs, pos, moves)

static guint
rp_generate (const BsRuleset  *rs,
             const BsPosition *pos,
             BsMove           *moves)
{
  return rs->generate (rs, pos, moves);
}

/* One random rank among the targets of every block (generate ()'s
 * order), so the same random numbers pick the same move as generate and
 * a uniform pick. */
G_ALWAYS_INLINE static inline BsMove
rp_random_move_player (const BsRuleset  *rs,
                       const BsPosition *pos,
                       BsRng            *rng,
                       BsMove           *scratch,
                       const int         nw,
                       const int         p,
                       const gboolean    placing)
{
  const Rp *rp = rs->module_data;
  /* Steps play on boards of at most four words: a smaller frame. */
  guint64 targets[BS_RULES_MAX_BLOCKS * BS_RULES_MAX_DIRS][RP_MAX_STEP_WORDS];
  int counts[BS_RULES_MAX_BLOCKS * BS_RULES_MAX_DIRS];
  int total = 0, r, i;
  int to_bit, from_bit;

  if (G_UNLIKELY (!(pos->flags & BS_POSITION_DERIVED)))
    {
      g_autofree BsPosition *copy = rp_fresh_copy (rs, pos);
      return rs->random_move (rs, copy, rng, scratch);
    }
  if (placing)
    {
      /* Every block places on the same cells: a rank among them all. */
      guint64 empty[RP_MAX_WORDS];
      int n;

      rp_place_targets (rp, nw, rp_sets (rp, pos, p), rp_sets (rp, pos, 3 - p), empty);
      n = bs_bits_count (empty, nw);
      g_assert (n > 0);
      r = (int) bs_rng_below (rng, (guint32) (n * rp->n_steps));
      to_bit = bs_bits_select (empty, nw, r % n);
      return RP_PLACE (rp->cell_of_bit[to_bit], to_bit, r / n);
    }
  for (i = 0; i < rp->n_steps; i++)
    {
      rp_step_targets (rp, &rp->steps[i], p, nw, rp_sets (rp, pos, p), rp_sets (rp, pos, 3 - p),
                       targets[i]);
      counts[i] = bs_bits_count (targets[i], nw);
      total += counts[i];
    }
  g_assert (total > 0);
  r = (int) bs_rng_below (rng, (guint32) total);
  for (i = 0; r >= counts[i]; i++)
    r -= counts[i];
  to_bit = rp_select (targets[i], nw, r);
  from_bit = to_bit - rp->steps[i].player[p].shift;
  return RP_MOVE (rp->cell_of_bit[from_bit], rp->cell_of_bit[to_bit], from_bit, to_bit);
}

/* Each hot hook branches once on the player to move, into a copy of its
 * body made for that player (constant offsets into the blocks). */
G_ALWAYS_INLINE static inline BsMove
rp_random_move_any (const BsRuleset  *rs,
                    const BsPosition *pos,
                    BsRng            *rng,
                    BsMove           *scratch,
                    int               words,
                    const gboolean    placing)
{
  const int nw = RP_NW ((const Rp *) rs->module_data, words);

  if (pos->to_move == 1)
    return rp_random_move_player (rs, pos, rng, scratch, nw, 1, placing);
  return rp_random_move_player (rs, pos, rng, scratch, nw, 2, placing);
}

RP_KERNELS (BsMove, rp_random_move,
            (const BsRuleset *rs, const BsPosition *pos, BsRng *rng, BsMove *scratch, int words),
            rs, pos, rng, scratch, words)
BS_BITOPS_KERNELS (BsMove, rp_random_move_step,
                   (const BsRuleset *rs, const BsPosition *pos, BsRng *rng, BsMove *scratch),
                   rs, pos, rng, scratch)
BS_BITOPS_KERNELS (BsMove, rp_random_move_place,
                   (const BsRuleset *rs, const BsPosition *pos, BsRng *rng, BsMove *scratch),
                   rs, pos, rng, scratch)

static BsMove
rp_random_move (const BsRuleset  *rs,
                const BsPosition *pos,
                BsRng            *rng,
                BsMove           *scratch)
{
  return rs->random_move (rs, pos, rng, scratch);
}

/* A placement: the piece onto its cell; then the end tests in the
 * written order. Returns the end that holds, or -1. */
G_ALWAYS_INLINE static inline int
rp_place_piece (const BsRuleset *rs,
                BsPosition      *pos,
                BsMove           move,
                BsUndo          *undo,
                const int        nw,
                const int        p)
{
  const Rp *rp = rs->module_data;
  const int cell = RP_PLACE_CELL (move), bit = RP_PLACE_BIT (move);
  guint64 *mine = rp_sets (rp, pos, p);

  mine[bit >> 6] |= BS_BIT (bit & 63);
  bs_position_replace_cell (rs->zobrist, pos, cell, BS_CELL_EMPTY,
                            rp->steps[RP_PLACE_BLOCK (move)].piece[p], undo);
  return rp_first_end_after_step (rp, pos, p, nw, cell, bit, FALSE, TRUE);
}

/* A step: the piece leaves its cell and replaces what stood on the
 * target (the blocks allow an enemy there only with capture="replace"),
 * then the end tests in the written order. Returns the end that holds,
 * or -1. */
G_ALWAYS_INLINE static inline int
rp_step_piece (const BsRuleset *rs,
               BsPosition      *pos,
               BsMove           move,
               BsUndo          *undo,
               const int        nw,
               const int        p)
{
  const Rp *rp = rs->module_data;
  const int from = RP_MOVE_FROM (move), to = RP_MOVE_TO (move);
  const int from_bit = RP_MOVE_FROM_BIT (move), to_bit = RP_MOVE_TO_BIT (move);
  guint64 *mine = rp_sets (rp, pos, p);
  guint64 *theirs = rp_sets (rp, pos, 3 - p);
  guint8 piece = pos->cells[from];
  guint8 taken = pos->cells[to];

  mine[from_bit >> 6] ^= BS_BIT (from_bit & 63);
  mine[to_bit >> 6] ^= BS_BIT (to_bit & 63);
  if (taken != BS_CELL_EMPTY)
    theirs[to_bit >> 6] &= ~BS_BIT (to_bit & 63);
  bs_position_replace_cell (rs->zobrist, pos, from, piece, BS_CELL_EMPTY, undo);
  bs_position_replace_cell (rs->zobrist, pos, to, taken, piece, undo);
  return rp_first_end_after_step (rp, pos, p, nw, to, to_bit, taken != BS_CELL_EMPTY, FALSE);
}

G_ALWAYS_INLINE static inline void
rp_apply_player (const BsRuleset *rs,
                 BsPosition      *pos,
                 BsMove           move,
                 BsUndo          *undo,
                 const int        nw,
                 const int        p,
                 const gboolean   placing)
{
  const Rp *rp = rs->module_data;
  const int q = 3 - p;
  int end = placing ? rp_place_piece (rs, pos, move, undo, nw, p)
                    : rp_step_piece (rs, pos, move, undo, nw, p);

  pos->result = end < 0 ? BS_RESULT_ONGOING
                        : (guint8) rp->ends[end].winner_if_who[rp->ends[end].who == BS_RULES_WHO_MOVER
                                                                ? p : q];
  pos->flags |= BS_POSITION_DERIVED;
  pos->ply++;
  pos->to_move = (guint8) q;
  pos->step = 0;
}

G_ALWAYS_INLINE static inline void
rp_apply_any (const BsRuleset *rs,
              BsPosition      *pos,
              BsMove           move,
              BsUndo          *undo,
              int              words,
              const gboolean   placing)
{
  const int nw = RP_NW ((const Rp *) rs->module_data, words);

  if (G_UNLIKELY (!(pos->flags & BS_POSITION_DERIVED)))
    rp_resync (rs->module_data, pos);
  if (pos->to_move == 1)
    rp_apply_player (rs, pos, move, undo, nw, 1, placing);
  else
    rp_apply_player (rs, pos, move, undo, nw, 2, placing);
}

RP_KERNELS_VOID (rp_apply,
                 (const BsRuleset *rs, BsPosition *pos, BsMove move, BsUndo *undo, int words),
                 rs, pos, move, undo, words)
BS_BITOPS_KERNELS_VOID (rp_apply_step,
                        (const BsRuleset *rs, BsPosition *pos, BsMove move, BsUndo *undo),
                        rs, pos, move, undo)
BS_BITOPS_KERNELS_VOID (rp_apply_place,
                        (const BsRuleset *rs, BsPosition *pos, BsMove move, BsUndo *undo),
                        rs, pos, move, undo)

static void
rp_apply (const BsRuleset *rs,
          BsPosition      *pos,
          BsMove           move,
          BsUndo          *undo)
{
  rs->apply (rs, pos, move, undo);
}

/* The playout loop's turn: the random move and its apply in one call. */
G_ALWAYS_INLINE static inline guint
rp_random_turn_any (const BsRuleset *rs,
                    BsPosition      *pos,
                    BsRng           *rng,
                    int              words,
                    const gboolean   placing)
{
  const int nw = RP_NW ((const Rp *) rs->module_data, words);

  if (G_UNLIKELY (!(pos->flags & BS_POSITION_DERIVED)))
    rp_resync (rs->module_data, pos);
  if (pos->to_move == 1)
    rp_apply_player (rs, pos, rp_random_move_player (rs, pos, rng, NULL, nw, 1, placing), NULL,
                     nw, 1, placing);
  else
    rp_apply_player (rs, pos, rp_random_move_player (rs, pos, rng, NULL, nw, 2, placing), NULL,
                     nw, 2, placing);
  return 1;
}

RP_KERNELS (guint, rp_random_turn,
            (const BsRuleset *rs, BsPosition *pos, BsRng *rng, int words),
            rs, pos, rng, words)
BS_BITOPS_KERNELS (guint, rp_random_turn_step,
                   (const BsRuleset *rs, BsPosition *pos, BsRng *rng),
                   rs, pos, rng)
BS_BITOPS_KERNELS (guint, rp_random_turn_place,
                   (const BsRuleset *rs, BsPosition *pos, BsRng *rng),
                   rs, pos, rng)

/* ---- Compiling ---- */

static int
rp_rank_value (const Rp            *rp,
               const BsRulesNumber *number,
               gboolean             far,
               const int           *options)
{
  return far ? rp->height : bs_rules_number_value (number, options);
}

/* Whether row `row` (0: the bottom) is in player p's ranks. */
static gboolean
rp_in_ranks (const Rp           *rp,
             const BsRulesRanks *ranks,
             const int          *options,
             int                 p,
             int                 row)
{
  int rank = p == 1 ? row + 1 : rp->height - row;

  return rank >= rp_rank_value (rp, &ranks->first, ranks->first_far, options) &&
         rank <= rp_rank_value (rp, &ranks->last, ranks->last_far, options);
}

/* The board direction `name` (lower case) names, mirrored north-south
 * for player 2 when relative; -1 if the board has none. */
static int
rp_board_dir (const BsRuleset  *rs,
              const BsRulesDir *dir,
              int               p)
{
  g_autofree char *name = g_strdup (dir->name);

  if (dir->relative && p == 2)
    {
      if (name[0] == 'n')
        name[0] = 's';
      else if (name[0] == 's')
        name[0] = 'n';
    }
  for (int d = 0; d < rs->n_dirs; d++)
    if (g_ascii_strcasecmp (bs_board_dir_name (rs->board, d), name) == 0)
      return d;
  return -1;
}

static gboolean
rp_compile_shift (const BsRuleset  *rs,
                  Rp               *rp,
                  const BsRulesDir *dir,
                  int               p,
                  RpShift          *out,
                  int               line,
                  GError          **error)
{
  int d = rp_board_dir (rs, dir, p);
  gboolean known = FALSE;

  if (d < 0)
    {
      g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_INVALID,
                   "%s:%d: <step> attribute \"dirs\": this board has no direction \"%s\"",
                   rp->doc->filename, line, dir->name);
      return FALSE;
    }
  out->shift = 0;
  for (int c = 0; c < rp->n_cells; c++)
    {
      int n = bs_board_neighbour (rs->neighbours, rs->n_dirs, c, d);
      int shift;

      if (n == BS_NO_CELL)
        continue;
      shift = rp->bit_of_cell[n] - rp->bit_of_cell[c];
      if (known && shift != out->shift)
        {
          g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_INVALID,
                       "%s:%d: <step>: the direction \"%s\" is not one shift on this board",
                       rp->doc->filename, line, dir->name);
          return FALSE;
        }
      out->shift = shift;
      known = TRUE;
      bs_bits_add (out->from_ok, rp->bit_of_cell[c]);
    }
  return TRUE;
}

static gboolean
rp_compile_steps (const BsRuleset *rs,
                  Rp              *rp,
                  GError         **error)
{
  const BsRulesDocument *doc = rp->doc;

  for (guint i = 0; i < doc->steps->len; i++)
    {
      const BsRulesStep *step = &g_array_index (doc->steps, BsRulesStep, i);

      if (!bs_rules_condition_holds (&step->cond, rs->options))
        continue;
      if (step->place)
        {
          RpStep *op = &rp->steps[rp->n_steps++];

          op->to_empty = ~G_GUINT64_CONSTANT (0);
          for (int p = 1; p <= 2; p++)
            op->piece[p] = BS_CELL_MAKE (p, step->piece, 0);
          if (rp->n_steps > 1)
            {
              /* Their moves would be written alike: a kind in the notation first. */
              g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_INVALID,
                           "%s:%d: <place>: placing more than one kind is for a later version "
                           "of the language", rp->doc->filename, step->line);
              return FALSE;
            }
          continue;
        }
      for (int k = 0; k < step->n_dirs; k++)
        {
          RpStep *op = &rp->steps[rp->n_steps++];

          op->to_empty = (step->to & BS_RULES_TO_EMPTY) ? ~G_GUINT64_CONSTANT (0) : 0;
          op->to_enemy = (step->to & BS_RULES_TO_ENEMY) ? ~G_GUINT64_CONSTANT (0) : 0;
          for (int p = 1; p <= 2; p++)
            {
              RpShift *shift = &op->player[p];

              if (!rp_compile_shift (rs, rp, &step->dirs[k], p, shift, step->line, error))
                return FALSE;
              if (ABS (shift->shift) >= 64)
                {
                  g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_INVALID,
                               "%s:%d: <step>: boards wider than 62 cells are for a later "
                               "version", rp->doc->filename, step->line);
                  return FALSE;
                }
              shift->up = MAX (shift->shift, 0);
              shift->down = MAX (-shift->shift, 0);
            }
        }
    }
  return TRUE;
}

/* The direction opposite d on this board (the way back from a
 * neighbour), or -1. */
static int
rp_opposite_dir (const BsRuleset *rs,
                 int              d)
{
  for (int c = 0; c < rs->n_cells; c++)
    {
      int n = bs_board_neighbour (rs->neighbours, rs->n_dirs, c, d);

      if (n == BS_NO_CELL)
        continue;
      for (int back = 0; back < rs->n_dirs; back++)
        if (bs_board_neighbour (rs->neighbours, rs->n_dirs, n, back) == c)
          return back;
    }
  return -1;
}

/* A line's axes: each direction written (every direction of the board
 * when none is) with its opposite, each axis once. */
static gboolean
rp_compile_axes (const BsRuleset  *rs,
                 Rp               *rp,
                 const BsRulesEnd *end,
                 RpLine           *op,
                 GError          **error)
{
  int n = end->n_dirs > 0 ? end->n_dirs : rs->n_dirs;

  for (int k = 0; k < n; k++)
    {
      int d = end->n_dirs > 0 ? rp_board_dir (rs, &end->dirs[k], 1) : k;
      int back;
      gboolean known = FALSE;

      if (d < 0)
        {
          g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_INVALID,
                       "%s:%d: <line> attribute \"dirs\": this board has no direction \"%s\"",
                       rp->doc->filename, end->line, end->dirs[k].name);
          return FALSE;
        }
      back = rp_opposite_dir (rs, d);
      for (int a = 0; a < op->n_axes; a++)
        known |= op->axes[a][0] == d || op->axes[a][1] == d;
      if (known || back < 0)
        continue;
      op->axes[op->n_axes][0] = d;
      op->axes[op->n_axes][1] = back;
      op->n_axes++;
    }
  return TRUE;
}

static gboolean
rp_compile_ends (const BsRuleset *rs,
                 Rp              *rp,
                 GError         **error)
{
  const BsRulesDocument *doc = rp->doc;
  static const BsEnding endings[] = {
    [BS_RULES_END_ELIMINATED] = BS_ENDING_ELIMINATION,
    [BS_RULES_END_REACH] = BS_ENDING_GOAL,
    [BS_RULES_END_NO_MOVE] = BS_ENDING_NO_MOVES,
    [BS_RULES_END_LINE] = BS_ENDING_GOAL,
    [BS_RULES_END_FULL] = BS_ENDING_BOARD_FULL,
  };

  for (guint i = 0; i < doc->ends->len; i++)
    {
      const BsRulesEnd *end = &g_array_index (doc->ends, BsRulesEnd, i);
      RpEnd *op;
      BsRulesResult result = end->result;

      if (!bs_rules_condition_holds (&end->cond, rs->options))
        continue;
      op = &rp->ends[rp->n_ends++];
      op->kind = end->kind;
      op->who = end->who;
      op->ending = endings[end->kind];
      op->source = end;
      op->misere = end->misere >= 0 && rs->options[end->misere] != 0;
      if (op->misere && result != BS_RULES_RESULT_DRAW)
        result = result == BS_RULES_RESULT_WIN ? BS_RULES_RESULT_LOSS : BS_RULES_RESULT_WIN;
      for (int p = 1; p <= 2; p++)
        op->winner_if_who[p] = result == BS_RULES_RESULT_WIN ? p
                               : result == BS_RULES_RESULT_LOSS ? 3 - p : BS_RESULT_DRAW;
      if (end->kind == BS_RULES_END_REACH)
        {
          const BsRulesRegion *region = &g_array_index (doc->regions, BsRulesRegion, end->region);

          for (int p = 1; p <= 2; p++)
            for (int c = 0; c < rp->n_cells; c++)
              if (rp_in_ranks (rp, &region->ranks, rs->options, p,
                               bs_board_cell_row (rs->board, c)))
                bs_bits_add (op->region[p], rp->bit_of_cell[c]);
        }
      if (end->kind == BS_RULES_END_LINE)
        {
          RpLine *line = &rp->lines[rp->n_lines++];

          line->length = bs_rules_number_value (&end->length, rs->options);
          line->exactly = end->exactly_option >= 0 ? rs->options[end->exactly_option] != 0
                                                   : end->exactly;
          op->line = line;
          if (!rp_compile_axes (rs, rp, end, line, error))
            return FALSE;
        }
    }
  return TRUE;
}

/* Whether the fill covers cell c for player p: c is in p's rows and,
 * in a checkerboard, of p's colour (player 1 that of a1, where file and
 * rank add up to an even number; player 2 the other). */
static gboolean
rp_fill_covers (const BsRuleset   *rs,
                const Rp          *rp,
                const BsRulesFill *fill,
                int                p,
                int                c)
{
  int row = bs_board_cell_row (rs->board, c);

  if (fill->checkerboard && (bs_board_cell_col (rs->board, c) + row) % 2 != p - 1)
    return FALSE;
  return rp_in_ranks (rp, &fill->ranks, rs->options, p, row);
}

/* Whether the fill puts pieces of player p (the variant does not place
 * p's pieces, or the fill does not care). */
static gboolean
rp_fill_applies (const Rp          *rp,
                 const BsRulesFill *fill,
                 const int         *options,
                 int                p)
{
  return bs_rules_condition_holds (&fill->cond, options) && !(fill->unless_fixed && rp->fixed[p]);
}

/* What the start must not be: a fixed piece already in a region its
 * player must reach, the two players' fills overlapping, a player left
 * without any piece. */
static gboolean
rp_check_start (const BsRuleset *rs,
                Rp              *rp,
                GError         **error)
{
  const BsVariant *variant = rs->variant;
  const BsRulesDocument *doc = rp->doc;
  int pieces[3] = { 0, 0, 0 };
  gboolean fills[3] = { FALSE, FALSE, FALSE };
  g_autofree guint8 *fixed = g_new0 (guint8, rs->n_cells);
  g_autofree guint8 *filled = g_new0 (guint8, rs->n_cells);

  for (guint i = 0; i < variant->setup->len; i++)
    {
      const BsVariantPiece *piece = &g_array_index (variant->setup, BsVariantPiece, i);
      int cell = bs_board_find_cell (rs->board, piece->cell, NULL);

      if (cell == BS_NO_CELL)
        continue;
      for (int e = 0; e < rp->n_ends; e++)
        if (rp->ends[e].kind == BS_RULES_END_REACH && rp->ends[e].who == BS_RULES_WHO_MOVER &&
            bs_bits_has (rp->ends[e].region[piece->player], rp->bit_of_cell[cell]))
          {
            g_autofree char *where = bs_variant_where (variant, piece->line);

            g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_INVALID,
                         "%sa fixed piece of %s on %s stands where %s must bring a piece to "
                         "win (%s:%d), so none may start there",
                         where, bs_variant_display_player (variant, piece->player), piece->cell,
                         bs_variant_display_player (variant, piece->player), doc->filename,
                         rp->ends[e].source->line);
            return FALSE;
          }
      fixed[cell] = 1;
      pieces[piece->player]++;
    }
  for (guint i = 0; i < doc->fills->len; i++)
    {
      const BsRulesFill *fill = &g_array_index (doc->fills, BsRulesFill, i);

      for (int p = 1; p <= 2; p++)
        {
          if (!rp_fill_applies (rp, fill, rs->options, p))
            continue;
          fills[p] = TRUE;
          for (int c = 0; c < rs->n_cells; c++)
            {
              if (!rp_fill_covers (rs, rp, fill, p, c))
                continue;
              if (filled[c] != 0 && filled[c] != p)
                {
                  g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_INVALID,
                               "the starting pieces of both players would overlap on %s "
                               "(<fill> at %s:%d)",
                               bs_board_cell_label (rs->board, c), doc->filename, fill->line);
                  return FALSE;
                }
              filled[c] = (guint8) p;
              if (!fixed[c])
                pieces[p]++;
            }
        }
    }
  for (int p = 1; p <= 2; p++)
    if (fills[p] && pieces[p] == 0)
      {
        g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_INVALID,
                     "%s would start without any piece: every cell where the rules put their "
                     "pieces is a hole or holds a fixed piece",
                     bs_variant_display_player (variant, p));
        return FALSE;
      }
  return TRUE;
}

static void
rp_free (gpointer data)
{
  Rp *rp = data;

  if (rp->owner_free != NULL)
    rp->owner_free (rp->owner);
  g_free (rp);
}

gboolean
bs_rules_program_prepare (BsRuleset              *rs,
                          const BsRulesDocument  *doc,
                          gpointer                owner,
                          GDestroyNotify          owner_free,
                          GError                **error)
{
  const BsBoardSpec *spec = bs_board_get_spec (rs->board);
  Rp *rp = g_new0 (Rp, 1);
  int min_col = G_MAXINT, min_row = G_MAXINT, max_col = 0, max_row = 0;

  rp->doc = doc;
  rp->owner = owner;
  rp->owner_free = owner_free;
  /* From here the ruleset frees it, and releases the owner, on failure too. */
  rs->module_data = rp;
  rp->n_cells = rs->n_cells;
  rp->neighbours = rs->neighbours;
  rp->n_dirs = rs->n_dirs;
  rp->placing = doc->steps->len > 0 && g_array_index (doc->steps, BsRulesStep, 0).place;
  for (int c = 0; c < rs->n_cells; c++)
    {
      min_col = MIN (min_col, bs_board_cell_col (rs->board, c));
      max_col = MAX (max_col, bs_board_cell_col (rs->board, c));
      min_row = MIN (min_row, bs_board_cell_row (rs->board, c));
      max_row = MAX (max_row, bs_board_cell_row (rs->board, c));
    }
  rp->width = max_col - min_col + 1;
  rp->height = spec->shape == BS_SHAPE_SQUARE ? spec->height : max_row - min_row + 1;
  if (rp->width * (max_row - min_row + 1) > (rp->placing ? RP_MAX_BITS : RP_MAX_STEP_BITS))
    {
      g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_INVALID,
                   "written rules play on boards of at most %d places for now "
                   "(this one spans %d × %d)", rp->placing ? RP_MAX_BITS : RP_MAX_STEP_BITS,
                   rp->width, max_row - min_row + 1);
      return FALSE;
    }
  rp->nw = (rp->width * (max_row - min_row + 1) + 63) / 64;
  for (int c = 0; c < rs->n_cells; c++)
    {
      int bit = (bs_board_cell_row (rs->board, c) - min_row) * rp->width
                + bs_board_cell_col (rs->board, c) - min_col;

      rp->bit_of_cell[c] = (guint16) bit;
      rp->cell_of_bit[bit] = (guint16) c;
      bs_bits_add (rp->valid, bit);
    }
  for (guint i = 0; i < rs->variant->setup->len; i++)
    {
      int p = g_array_index (rs->variant->setup, BsVariantPiece, i).player;

      if (p == 1 || p == 2)
        rp->fixed[p] = TRUE;
    }
  if (!rp_compile_steps (rs, rp, error))
    return FALSE;
  if (!rp_compile_ends (rs, rp, error))
    return FALSE;
  if (!rp_check_start (rs, rp, error))
    return FALSE;

  rp->sets_offset = ((gsize) rs->n_cells + 7) & ~(gsize) 7;
  rs->extra_size = rp->sets_offset - (gsize) rs->n_cells + 16 * (gsize) rp->nw;
  rs->max_moves = MAX (1u, (guint) rp->n_steps * (guint) rs->n_cells);
  if (rp->placing)
    {
      rs->generate = BS_BITOPS_PICK (rp_generate_place, rp->nw);
      rs->random_move = BS_BITOPS_PICK (rp_random_move_place, rp->nw);
      rs->apply = BS_BITOPS_PICK (rp_apply_place, rp->nw);
      rs->random_turn = BS_BITOPS_PICK (rp_random_turn_place, rp->nw);
    }
  else
    {
      rs->generate = BS_BITOPS_PICK (rp_generate_step, rp->nw);
      rs->random_move = BS_BITOPS_PICK (rp_random_move_step, rp->nw);
      rs->apply = BS_BITOPS_PICK (rp_apply_step, rp->nw);
      rs->random_turn = BS_BITOPS_PICK (rp_random_turn_step, rp->nw);
    }
  return TRUE;
}

/* ---- The other hooks ---- */

/* The fills, then the end tests as if the player not to move had just
 * moved (a start may be over). */
static void
rp_setup (const BsRuleset *rs,
          BsPosition      *pos,
          guint64          seed)
{
  const Rp *rp = rs->module_data;
  int end;

  for (guint i = 0; i < rp->doc->fills->len; i++)
    {
      const BsRulesFill *fill = &g_array_index (rp->doc->fills, BsRulesFill, i);

      for (int p = 1; p <= 2; p++)
        {
          if (!rp_fill_applies (rp, fill, rs->options, p))
            continue;
          for (int c = 0; c < rs->n_cells; c++)
            if (pos->cells[c] == BS_CELL_EMPTY && rp_fill_covers (rs, rp, fill, p, c))
              bs_position_set_cell (rs->zobrist, pos, c, BS_CELL_MAKE (p, fill->piece, 0), NULL);
        }
    }
  rp_resync (rp, pos);
  end = rp_first_end (rp, pos, 3 - pos->to_move, rp->nw);
  if (end >= 0)
    {
      const RpEnd *e = &rp->ends[end];

      pos->result = (guint8) e->winner_if_who[e->who == BS_RULES_WHO_MOVER ? 3 - pos->to_move
                                                                          : pos->to_move];
    }
}

/* The end test that ended pos (over), or -1. */
static int
rp_ended_by (const BsRuleset  *rs,
             const BsPosition *pos)
{
  const Rp *rp = rs->module_data;

  if (!(pos->flags & BS_POSITION_DERIVED))
    {
      g_autofree BsPosition *copy = rp_fresh_copy (rs, pos);
      return rp_first_end (rp, copy, 3 - copy->to_move, rp->nw);
    }
  return rp_first_end (rp, pos, 3 - pos->to_move, rp->nw);
}

static BsEnding
rp_ending (const BsRuleset  *rs,
           const BsPosition *pos)
{
  const Rp *rp = rs->module_data;
  int end = rp_ended_by (rs, pos);

  return end >= 0 ? rp->ends[end].ending : BS_ENDING_NONE;
}

/* A designer's sentence with {mover}, {next}, {player1},
 * {player2}, {from} and {to} filled in. */
static void
rp_fill_text (const BsRuleset *rs,
              const char      *text,
              int              mover,
              const char      *from,
              const char      *to,
              GString         *out)
{
  const BsVariant *v = rs->variant;
  g_autoptr(GString) s = NULL;

  if (text == NULL)
    return;
  s = g_string_new (text);
  g_string_replace (s, "{mover}", bs_variant_display_player (v, mover), 0);
  g_string_replace (s, "{next}", bs_variant_display_player (v, 3 - mover), 0);
  g_string_replace (s, "{player1}", bs_variant_display_player (v, 1), 0);
  g_string_replace (s, "{player2}", bs_variant_display_player (v, 2), 0);
  if (from != NULL)
    g_string_replace (s, "{from}", from, 0);
  if (to != NULL)
    g_string_replace (s, "{to}", to, 0);
  g_string_append (out, s->str);
}

static void
rp_describe_ending (const BsRuleset  *rs,
                    const BsPosition *pos,
                    BsEnding          ending,
                    GString          *out)
{
  const Rp *rp = rs->module_data;
  int end = rp_ended_by (rs, pos);
  const RpEnd *e;
  const char *sentence;

  if (end < 0)
    return;
  e = &rp->ends[end];
  sentence = e->misere && e->source->misere_sentence != NULL ? e->source->misere_sentence
                                                            : e->source->sentence;
  if (sentence != NULL)
    rp_fill_text (rs, sentence, 3 - pos->to_move, NULL, NULL, out);
}

static void
rp_scores (const BsRuleset  *rs,
           const BsPosition *pos,
           int               scores[2]);

static void
rp_measure (const BsRuleset  *rs,
            const BsPosition *pos,
            int               values[][2])
{
  const Rp *rp = rs->module_data;

  for (guint i = 0; i < rp->doc->measures->len; i++)
    {
      const BsRulesMeasure *m = &g_array_index (rp->doc->measures, BsRulesMeasure, i);

      for (int p = 1; p <= 2; p++)
        values[i][p - 1] = 0;
      if (m->kind == BS_RULES_MEASURE_PIECES)
        {
          values[i][0] = bs_position_pieces (pos, 1);
          values[i][1] = bs_position_pieces (pos, 2);
          continue;
        }
      for (int c = 0; c < rs->n_cells; c++)
        if (pos->cells[c] != BS_CELL_EMPTY)
          {
            int p = BS_CELL_OWNER (pos->cells[c]);
            int row = bs_board_cell_row (rs->board, c);
            int rank = p == 1 ? row + 1 : rp->height - row;

            values[i][p - 1] = MAX (values[i][p - 1], rank);
          }
    }
}

static void
rp_scores (const BsRuleset  *rs,
           const BsPosition *pos,
           int               scores[2])
{
  int values[BS_MAX_MEASURES][2];

  rp_measure (rs, pos, values);
  scores[0] = values[0][0];
  scores[1] = values[0][1];
}

/* ---- Notation ---- */

static void
rp_format_move (const BsRuleset  *rs,
                const BsPosition *pos,
                BsMove            move,
                GString          *out)
{
  const Rp *rp = rs->module_data;
  int from = RP_MOVE_FROM (move), to = RP_MOVE_TO (move);

  if (rp->placing)
    {
      if (RP_PLACE_CELL (move) < rs->n_cells && RP_PLACE_BLOCK (move) < rp->n_steps)
        g_string_append (out, bs_board_cell_label (rs->board, RP_PLACE_CELL (move)));
      else
        g_string_append_printf (out, "?%08x", move);
      return;
    }
  if (from >= rs->n_cells || to >= rs->n_cells)
    {
      g_string_append_printf (out, "?%08x", move);
      return;
    }
  g_string_append_printf (out, "%s%s%s", bs_board_cell_label (rs->board, from),
                          rp->doc->move_separator, bs_board_cell_label (rs->board, to));
}

static gboolean
rp_parse_move (const BsRuleset  *rs,
               const BsPosition *pos,
               const char       *text,
               BsMove           *move,
               GError          **error)
{
  const Rp *rp = rs->module_data;
  const char *sep;
  g_autofree char *first = NULL;
  int from, to;

  if (rp->placing)
    {
      if (!bs_ruleset_parse_cell (rs, text, rp->doc->how_to_write, &to, error))
        return FALSE;
      *move = RP_PLACE (to, rp->bit_of_cell[to], 0);
      return TRUE;
    }
  sep = strstr (text, rp->doc->move_separator);
  if (sep == NULL || strstr (sep + strlen (rp->doc->move_separator), rp->doc->move_separator))
    {
      g_set_error (error, BS_RULES_ERROR, BS_RULES_ERROR_MALFORMED,
                   "a move is two cells joined by one “%s” (%s)", rp->doc->move_separator,
                   rp->doc->how_to_write);
      return FALSE;
    }
  first = g_strndup (text, (gsize) (sep - text));
  if (!bs_ruleset_parse_cell (rs, first, rp->doc->how_to_write, &from, error) ||
      !bs_ruleset_parse_cell (rs, sep + strlen (rp->doc->move_separator), rp->doc->how_to_write,
                              &to, error))
    return FALSE;
  *move = RP_MOVE (from, to, rp->bit_of_cell[from], rp->bit_of_cell[to]);
  return TRUE;
}

static void
rp_decode_move (const BsRuleset  *rs,
                const BsPosition *pos,
                BsMove            move,
                BsMoveParts      *parts)
{
  const Rp *rp = rs->module_data;

  if (rp->placing)
    {
      parts->to = RP_PLACE_CELL (move);
      parts->kind = rp->doc->kinds->len > 1 ? BS_CELL_KIND (rp->steps[RP_PLACE_BLOCK (move)].piece[1])
                                            : -1;
      return;
    }
  parts->from = RP_MOVE_FROM (move);
  parts->to = RP_MOVE_TO (move);
}

static gboolean
rp_encode_move (const BsRuleset   *rs,
                const BsPosition  *pos,
                const BsMoveParts *parts,
                BsMove            *move)
{
  const Rp *rp = rs->module_data;

  if (rp->placing)
    {
      if (parts->word >= 0 || parts->direction >= 0 || parts->follow_up >= 0 || parts->from >= 0
          || parts->to < 0 || parts->to >= rs->n_cells)
        return FALSE;
      for (int i = 0; i < rp->n_steps; i++)
        if (parts->kind < 0 || BS_CELL_KIND (rp->steps[i].piece[1]) == parts->kind)
          {
            *move = RP_PLACE (parts->to, rp->bit_of_cell[parts->to], i);
            return TRUE;
          }
      return FALSE;
    }
  if (parts->word >= 0 || parts->kind > 0 || parts->direction >= 0 || parts->follow_up >= 0
      || parts->from < 0 || parts->from >= rs->n_cells
      || parts->to < 0 || parts->to >= rs->n_cells)
    return FALSE;
  *move = RP_MOVE (parts->from, parts->to, rp->bit_of_cell[parts->from],
                   rp->bit_of_cell[parts->to]);
  return TRUE;
}

static void
rp_explain_turn (const BsRuleset   *rs,
                 const BsPosition  *before,
                 const BsMove      *steps,
                 guint              n_steps,
                 BsTurnExplanation *out)
{
  const Rp *rp = rs->module_data;
  int from = RP_MOVE_FROM (steps[0]), to = RP_MOVE_TO (steps[0]);
  gboolean capture;

  if (rp->placing)
    {
      if (RP_PLACE_CELL (steps[0]) < rs->n_cells)
        rp_fill_text (rs, rp->doc->explain_move, before->to_move, NULL,
                      bs_board_cell_label (rs->board, RP_PLACE_CELL (steps[0])), out->summary);
      return;
    }
  if (from >= rs->n_cells || to >= rs->n_cells)
    return;
  capture = before->cells[to] != BS_CELL_EMPTY;
  rp_fill_text (rs, capture && rp->doc->explain_capture != NULL ? rp->doc->explain_capture
                                                                : rp->doc->explain_move,
                before->to_move, bs_board_cell_label (rs->board, from),
                bs_board_cell_label (rs->board, to), out->summary);
  if (capture)
    out->removed[to] = 1;
}

static void
rp_describe_rules (const BsRuleset *rs,
                   GString         *rules,
                   GString         *goal)
{
  const Rp *rp = rs->module_data;

  for (guint i = 0; i < rp->doc->texts->len; i++)
    {
      const BsRulesText *t = &g_array_index (rp->doc->texts, BsRulesText, i);
      GString *out = t->goal ? goal : rules;

      if (!bs_rules_condition_holds (&t->cond, rs->options))
        continue;
      if (out->len > 0)
        g_string_append_c (out, ' ');
      rp_fill_text (rs, t->text, 1, NULL, NULL, out);
    }
}

static void
rp_free_data (gpointer module_data)
{
  rp_free (module_data);
}

void
bs_rules_program_fill_module (BsModule *module)
{
  module->free_data = rp_free_data;
  module->setup = rp_setup;
  module->generate = rp_generate;
  module->random_move = rp_random_move;
  module->apply = rp_apply;
  module->scores = rp_scores;
  module->measure = rp_measure;
  module->ending = rp_ending;
  module->describe_ending = rp_describe_ending;
  module->format_move = rp_format_move;
  module->parse_move = rp_parse_move;
  module->decode_move = rp_decode_move;
  module->encode_move = rp_encode_move;
  module->explain_turn = rp_explain_turn;
  module->describe_rules = rp_describe_rules;
}
