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

#include <glib/gi18n-lib.h>

#if defined(__x86_64__) && defined(__GNUC__)
#include <cpuid.h>
#include <immintrin.h>
#endif

#include "bs-bitboard.h"
#include "bs-error.h"
#include "bs-rules-features.h"
#include "bs-ruleset.h"

#define RP_MAX_WORDS 6
#define RP_MAX_BITS  (64 * RP_MAX_WORDS)
#define RP_MAX_STEP_BITS 256          /* a step packs its cells in bytes */
#define RP_MAX_STEP_WORDS (RP_MAX_STEP_BITS / 64)

/* BS_BITOPS_KERNELS with one more copy, for boards of four words (193 to
 * 256 bits, as 15 × 15 and 16 × 16), where the placing kernels' word
 * loops on a run-time count cost much; RP_BITOPS_PICK4 picks it. */
#define RP_BITOPS_KERNELS4(type, name, params, ...)                                         \
  BS_BITOPS_KERNELS (type, name, params, __VA_ARGS__)                                       \
  static BS_BITOPS_HW_TARGET type name##_hw4 params { return name##_body (__VA_ARGS__, 4); }
#define RP_BITOPS_KERNELS4_VOID(name, params, ...)                                     \
  BS_BITOPS_KERNELS_VOID (name, params, __VA_ARGS__)                                   \
  static BS_BITOPS_HW_TARGET void name##_hw4 params { name##_body (__VA_ARGS__, 4); }
#define RP_BITOPS_PICK4(name, n_words)                                  \
  (bs_bitops_hardware && (n_words) == 4 ? name##_hw4 : BS_BITOPS_PICK (name, n_words))

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
/* The move "pass" (<turn pass="when-no-move">): no cell is 255 in both
 * bytes of a step, no block is 255. */
#define RP_PASS              ((BsMove) 0xFFFFFFFFu)
/* The move "swap" (<turn><swap/></turn>): no step reaches the bit it
 * leaves, no placement has block 255, no word rank is 0xFFE, no jump
 * block 0xFFFF. */
#define RP_SWAP              ((BsMove) 0xFFFFFFFEu)

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
  /* Each axis's two ways as shifts of the bits, when every one is a
   * shift on this board (bits): rp_has_line then shifts sets. */
  gboolean bits;
  RpShift  way[BS_RULES_MAX_DIRS][2];
} RpLine;

/* A placement's <bracket>: for each of its directions and each player,
 * the shift from a piece of the player toward the cell it closes a line
 * at (the opposite of the direction walked from the placed piece), and
 * that walking direction. */
typedef struct {
  gboolean on;
  gboolean required;
  gboolean capture;                   /* the lines are taken off (else flipped) */
  int      min, max;                  /* the enemy pieces in a line */
  int      n_dirs;
  int      walk[3][BS_RULES_MAX_DIRS];
  RpShift  toward[3][BS_RULES_MAX_DIRS];
  /* A one-word board whose lines count from one enemy piece up to any
   * length (fill): per player and direction, the shift toward as a left
   * rotation, the cells that shift reaches, the doublings that cover the
   * longest run, and the walk's rotation and the cells it reaches. */
  gboolean fill;
  gboolean fill3;                     /* three doublings do on every direction */
  int      fill_rot[3][BS_RULES_MAX_DIRS];
  int      fill_steps[3][BS_RULES_MAX_DIRS];
  guint64  fill_to[3][BS_RULES_MAX_DIRS];
  int      walk_rot[3][BS_RULES_MAX_DIRS];
  guint64  walk_to[3][BS_RULES_MAX_DIRS];
} RpBracket;

/* One STEP block as the one-word step kernel reads it (see "One-word step
 * programs"): for one player, its pieces' cells with a neighbour that way,
 * the shift as two, and its targets as masks. */
typedef struct {
  guint64 from_ok;
  guint64 to_empty, to_enemy;
  int     up, down;
  int     shift;
} Rp1Block;

#define RP1_MAX_BLOCKS 8

/* A player's side of a one-word step program: its blocks in the written
 * order (the random move's), the same blocks in the order the no-move
 * test asks them (those that reach an empty cell first: they most often
 * have a target), and the cells of every region whose reach ends the
 * game for the mover. */
typedef struct {
  Rp1Block blocks[RP1_MAX_BLOCKS];
  Rp1Block probe[RP1_MAX_BLOCKS];
  guint64  reach;
} Rp1Side;

#define RP_MAX_MIXED_BLOCKS 16
#define RP_MIXED_TRIES      48        /* slots drawn before counting exactly */

/* A block of a mixed program. */
typedef struct {
  guint    kind;                      /* RP_MX_* */
  int      rank;                      /* among the blocks of its kind */
  gboolean compulsory;
  gboolean apart;                     /* place: not next to the mover's own */
  guint8   piece[3];                  /* place: the cell value, per player */
  int      dirs[BS_MAX_DIRS];         /* walk: board directions, written order */
  int      n_dirs;
  gboolean slide;
  int      over;                      /* hop: occupied cells passed over, -1 any */
  int      distance;                  /* slide: empty cells at most, -1 any */
  gboolean farthest;
  gboolean single;                    /* walk: at most one target per ray */
  gboolean fill_opponent;             /* word */
  guint    source;                    /* its index among the document's blocks */
} RpBlock;

/* A <jump> block: its ring of cells (per bit, in rings[]), whether a
 * copy stays behind, and whether the pieces next to the cell reached
 * convert. */
typedef struct {
  gboolean copy;
  gboolean convert;
  gboolean by_shifts;                 /* a copy whose ring is the board's neighbours:
                                       * its targets are the pieces shifted (Rp.adjacent) */
} RpJump;

/* A connect end: per region and player, its cells. */
typedef struct _RpConnect {
  guint64 region[BS_RULES_MAX_CONNECT][3][RP_MAX_WORDS];
  int     n;
} RpConnect;

typedef struct {
  BsRulesEndKind kind;
  BsRulesWho     who;
  int            winner_if_who[3];    /* [who]: the result, misère folded */
  int            by_count;            /* 1: most pieces win, -1: fewest, 0: winner_if_who */
  BsEnding       ending;
  guint64        region[3][RP_MAX_WORDS];
  const struct _RpLine *line;         /* line */
  const struct _RpConnect *connect;   /* connect */
  int            count;               /* captured: pieces taken to end the game */
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
  RpConnect connects[BS_RULES_MAX_CONNECT];
  int      n_connects;
  /* A placing game whose one connect end joins two regions and nothing
   * takes or turns a piece: the derived bytes also hold, per player, the
   * pieces joined to the first region (the groups touching it), kept by
   * each placement; the end holds when they meet the second region. */
  const RpConnect *joined;
  RpShift  adjacent[BS_RULES_MAX_DIRS]; /* every board direction: groups */
  int      n_adjacent;
  RpBracket bracket;
  gboolean pass;                      /* a player with no move passes */
  /* A <captured> end: each player's count of the other's pieces taken,
   * kept in pos->counter[RP_COUNTER_CAPTURED (p)] (the header, so undo
   * restores it and bs_position_hash reads it); only then, so that the
   * other games' positions stay the C modules' byte for byte. */
  gboolean count_captures;
  /* A <passes> end: the passes in a row, kept in pos->counter[passes_counter]
   * (0, as the C modules keep theirs, or 2 beside the captured counts). */
  gboolean count_passes;
  int      passes_counter;

  /* A one-word step program whose ends are only a region reached by the
   * mover, the next player without pieces or without a move: the random
   * turn is rp1_random_turn (see "One-word step programs"). */
  gboolean one_word;
  gboolean one_eliminated;            /* an <eliminated who="next"> end */
  gboolean one_no_move;               /* a <no-move who="next"> end */
  Rp1Side  one[3];                    /* [1], [2] */

  /* A one-word bracket program (see "One-word bracket programs"): the
   * random turn is rpb_random_turn; <no-move who="mover"> among its ends;
   * the board's rotations are those of rows of 8 bits (RPB_ROT8), with
   * each player's fill and walk masks in that order. */
  gboolean bracket_word;
  gboolean bracket_mover_no_move;
  gboolean bracket_w8;
  guint64  w8_fill_to[3][8];
  guint64  w8_walk_to[3][8];

  /* A placing program with a line end (see "Placing programs with a line
   * end"): the random turn is rpl_random_turn; the line end, each of its
   * ways' step of the cells, and per cell and way the cells that way (at
   * most the length): [cell * 2 * n_axes + 2 * axis + way]. */
  gboolean place_line;
  const RpLine *line_end;
  int      line_delta[BS_RULES_MAX_DIRS][2];
  guint8  *line_lim;

  /* A mixed program (placements, walks and words; see "Mixed programs"). */
  gboolean mixed;
  BsGrid   grid;                      /* mixed, or groups measured: guards 1 */
  gboolean has_grid;
  RpBlock  blocks[RP_MAX_MIXED_BLOCKS];
  int      n_blocks;
  gboolean apart;                     /* the derived sets hold adjacent(own) */
  gboolean exact_random;              /* a walk with several targets per ray */
  gint16  *rays;                      /* [ray_start[cell * n_dirs + dir]]…, then n_cells */
  int     *ray_start;
  guint64 *around;                    /* [cell * grid words]: the cell and its neighbours */

  /* A jump program (<jump> blocks only; see "Jump programs"). */
  gboolean jumping;
  RpJump   jumps[BS_RULES_MAX_BLOCKS];
  int      n_jumps;
  int      n_bits;
  guint64 *rings;                     /* [(jump * n_bits + bit) * nw]: the ring of bit */
  guint64 *reach;                     /* [bit * nw]: every jump's ring of bit */
  guint64 *neighbourhood;             /* [bit * nw]: the board's neighbours of bit */
  guint8   copy_piece[3];             /* [player]: the cell value a copy puts */
  guint    jump_moves;                /* at most this many moves */

  /* The swap rule (see "The swap rule"): compiled only when its if= holds,
   * and then the hot hooks are wrappers around the program's own. */
  gboolean swap;
  gint16  *swap_to;                   /* [cell]: where its piece goes, BS_NO_CELL none */
  int      swap_word;                 /* the index of the word "swap" in the play spec */
  guint  (*base_generate)    (const BsRuleset *rs, const BsPosition *pos, BsMove *moves);
  BsMove (*base_random_move) (const BsRuleset *rs, const BsPosition *pos, BsRng *rng,
                              BsMove *scratch);
  void   (*base_apply)       (const BsRuleset *rs, BsPosition *pos, BsMove move, BsUndo *undo);
  guint  (*base_random_turn) (const BsRuleset *rs, BsPosition *pos, BsRng *rng);

  /* What the ends tell the search (bs-rules-features.h). */
  BsRulesFeatures *features;
};

typedef BsRulesProgram Rp;

#define RP_COUNTER_CAPTURED(p) ((p) - 1)

/* Mixed moves, packed as the C modules that place and move pack theirs:
 * the kind in bits 28-29, the cell left in bits 12-23, the cell reached
 * or placed on in bits 0-11; a placement's rank among the place blocks in
 * bits 24-27, a word's rank among the words in bits 0-11. */
#define RP_MX_PLACE   1u
#define RP_MX_WALK    2u
#define RP_MX_WORD    3u
#define RP_MX_MOVE(kind, from, to, rank) \
  (((BsMove) (kind) << 28) | ((BsMove) (rank) << 24) | ((BsMove) (from) << 12) | (BsMove) (to))
#define RP_MX_KIND(m)  (((m) >> 28) & 3u)
#define RP_MX_RANK(m)  ((int) (((m) >> 24) & 0xFu))
#define RP_MX_FROM(m)  ((int) (((m) >> 12) & 0xFFFu))
#define RP_MX_TO(m)    ((int) ((m) & 0xFFFu))

/* ---- Sets ---- */

BS_FORCE_INLINE static inline guint64 *
rp_sets (const Rp *rp, const BsPosition *pos, int player)
{
  return (guint64 *) (gpointer) ((guint8 *) pos->cells + rp->sets_offset) + (player - 1) * rp->nw;
}

#define RP_NW(rp, words) ((words) ? (words) : (rp)->nw)

/* `placing` of a hot kernel: steps (FALSE), placements (TRUE), or
 * placements keeping the joined sets (see Rp.joined). */
#define RP_PLACE_JOINED 2

/* The pieces of `player` joined to the first region of rp->joined (after
 * both players' pieces in the derived bytes). */
BS_FORCE_INLINE static inline guint64 *
rp_joined (const Rp *rp, const BsPosition *pos, int player)
{
  return rp_sets (rp, pos, 1) + (player + 1) * rp->nw;
}

/* The targets of one STEP block for player p into out (nw words);
 * returns a word that is 0 exactly when there is none. */
BS_FORCE_INLINE static inline guint64
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

/* out = the cells of `in` that have a neighbour along s, moved there. */
BS_FORCE_INLINE static inline void
rp_shift_set (const RpShift *s,
              int            nw,
              const guint64 *in,
              guint64       *out)
{
  guint64 movers[RP_MAX_WORDS];

  if (nw == 1)
    {
      out[0] = (in[0] & s->from_ok[0]) << s->up >> s->down;
      return;
    }
  for (int w = 0; w < nw; w++)
    movers[w] = in[w] & s->from_ok[w];
  for (int w = 0; w < nw; w++)
    out[w] = bs_bits_toward (movers, nw, w, -s->shift);
}

BS_FORCE_INLINE static inline guint64
rp_rotl (guint64 x, int r)
{
  return (x << r) | (x >> (-r & 63));
}

/* The empty cells (not yet masked) where a piece of p would close a line
 * of direction k on a one-word board (Rp.bracket.fill): p's pieces and
 * the runs of enemy pieces next to them grown by doubling shifts
 * (Kogge-Stone), then the enemy pieces of the runs shifted once more. A
 * rotation masked by the cells a shift reaches is that shift (the bits
 * that wrap land below the shift, where no such cell is). */
BS_FORCE_INLINE static inline guint64
rp_bracket_fill (const RpBracket *b,
                 int              p,
                 int              k,
                 guint64          mine,
                 guint64          theirs)
{
  const guint64 to = b->fill_to[p][k];
  int r = b->fill_rot[p][k];
  guint64 g = mine, q = theirs & to;

  g |= q & rp_rotl (g, r);
  if (b->fill3)
    {
      const int r2 = (r * 2) & 63, r4 = (r * 4) & 63;

      q &= rp_rotl (q, r);
      g |= q & rp_rotl (g, r2);
      q &= rp_rotl (q, r2);
      g |= q & rp_rotl (g, r4);
      return rp_rotl (g & theirs, r) & to;
    }
  for (int i = 1; i < b->fill_steps[p][k]; i++)
    {
      q &= rp_rotl (q, r);
      r = (r * 2) & 63;
      g |= q & rp_rotl (g, r);
    }
  return rp_rotl (g & theirs, b->fill_rot[p][k]) & to;
}

/* The empty cells of direction k of the bracket where a piece of p would
 * close at least one line (min to max enemy pieces, then one of p's),
 * ORed into out: from p's pieces, a run of enemy pieces grown one shift
 * at a time, then one more shift onto an empty cell. Returns a word that
 * is 0 exactly when the direction added nothing. */
BS_FORCE_INLINE static inline guint64
rp_bracket_dir (const Rp      *rp,
                int            p,
                int            k,
                int            nw,
                const guint64 *mine,
                const guint64 *theirs,
                const guint64 *empty,
                guint64       *out)
{
  const RpBracket *b = &rp->bracket;
  const RpShift *s = &b->toward[p][k];
  guint64 run[RP_MAX_WORDS], closed[RP_MAX_WORDS] = { 0 }, at[RP_MAX_WORDS];
  guint64 any = 0, added = 0;

  if (nw == 1 && b->fill)
    {
      added = rp_bracket_fill (b, p, k, mine[0], theirs[0]) & empty[0];
      out[0] |= added;
      return added;
    }
  rp_shift_set (s, nw, mine, run);
  for (int w = 0; w < nw; w++)
    any |= run[w] &= theirs[w];
  for (int len = 1; any != 0 && len <= b->max; len++)
    {
      if (len >= b->min)
        for (int w = 0; w < nw; w++)
          closed[w] |= run[w];
      if (len == b->max)
        break;
      rp_shift_set (s, nw, run, run);
      any = 0;
      for (int w = 0; w < nw; w++)
        any |= run[w] &= theirs[w];
    }
  rp_shift_set (s, nw, closed, at);
  for (int w = 0; w < nw; w++)
    {
      at[w] &= empty[w];
      added |= at[w];
      out[w] |= at[w];
    }
  return added;
}

/* The empty cells where a piece of p would close at least one line of
 * the bracket, all directions at once. */
static inline void
rp_bracket_targets (const Rp      *rp,
                    int            p,
                    int            nw,
                    const guint64 *mine,
                    const guint64 *theirs,
                    const guint64 *empty,
                    guint64       *out)
{
  memset (out, 0, sizeof (guint64) * (gsize) nw);
  for (int k = 0; k < rp->bracket.n_dirs; k++)
    rp_bracket_dir (rp, p, k, nw, mine, theirs, empty, out);
}

/* Whether p has a placement that closes a line: the first direction
 * with one says so. */
BS_FORCE_INLINE static inline gboolean
rp_bracket_any (const Rp      *rp,
                int            p,
                int            nw,
                const guint64 *mine,
                const guint64 *theirs)
{
  guint64 empty[RP_MAX_WORDS], out[RP_MAX_WORDS];

  for (int w = 0; w < nw; w++)
    {
      empty[w] = rp->valid[w] & ~(mine[w] | theirs[w]);
      out[w] = 0;
    }
  for (int k = 0; k < rp->bracket.n_dirs; k++)
    if (rp_bracket_dir (rp, p, k, nw, mine, theirs, empty, out) != 0)
      return TRUE;
  return FALSE;
}

/* The targets of a PLACE block (where="empty": every empty cell, where
 * it closes a line when the bracket is required), as rp_step_targets. */
BS_FORCE_INLINE static inline guint64
rp_place_targets (const Rp      *rp,
                  int            p,
                  int            nw,
                  const guint64 *mine,
                  const guint64 *theirs,
                  guint64       *out)
{
  guint64 any = 0, empty[RP_MAX_WORDS] = { 0 };

  for (int w = 0; w < nw; w++)
    out[w] = empty[w] = rp->valid[w] & ~(mine[w] | theirs[w]);
  if (rp->bracket.required)
    rp_bracket_targets (rp, p, nw, mine, theirs, empty, out);
  for (int w = 0; w < nw; w++)
    any |= out[w];
  return any;
}

static G_GNUC_NO_INLINE gboolean
rp_bracket_any_call (const Rp      *rp,
                     int            p,
                     int            nw,
                     const guint64 *mine,
                     const guint64 *theirs)
{
  return rp_bracket_any (rp, p, nw, mine, theirs);
}

/* Whether player p has a move (the first block with a target says so). */
BS_FORCE_INLINE static inline gboolean
rp_can_move (const Rp      *rp,
             int            p,
             int            nw,
             const guint64 *mine,
             const guint64 *theirs,
             const gboolean placing)
{
  guint64 targets[RP_MAX_WORDS];

  if (placing == TRUE && rp->bracket.required)
    return rp->n_steps > 0 && rp_bracket_any (rp, p, nw, mine, theirs);
  /* Out of line where it is dead code (the joined kernels: no brackets),
   * so that those kernels stay as they were. */
  if (placing && rp->bracket.required)
    return rp->n_steps > 0 && rp_bracket_any_call (rp, p, nw, mine, theirs);
  if (placing)
    return rp->n_steps > 0 && rp_place_targets (rp, p, nw, mine, theirs, targets) != 0;
  for (int i = 0; i < rp->n_steps; i++)
    if (rp_step_targets (rp, &rp->steps[i], p, nw, mine, theirs, targets) != 0)
      return TRUE;
  return FALSE;
}

BS_FORCE_INLINE static inline gboolean
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
 * play; shifts of the bits would cost more per ray). */
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

/* Whether p has a line of e anywhere (out of line: asked at the start
 * and by ending (), not after a move): "at least" on a board of shifts
 * by the runs of each axis, length - 1 shifts of p's set each; else
 * through any of p's pieces. */
static G_GNUC_NO_INLINE gboolean
rp_has_line (const Rp         *rp,
             const RpLine     *e,
             const BsPosition *pos,
             int               p)
{
  const guint64 *own = rp_sets (rp, pos, p);

  if (e->bits && !e->exactly)
    {
      for (int a = 0; a < e->n_axes; a++)
        {
          guint64 run[RP_MAX_WORDS], any = 0;

          /* run: the cells that end a row of i + 1 of p's pieces. */
          memcpy (run, own, sizeof (guint64) * (gsize) rp->nw);
          for (int w = 0; w < rp->nw; w++)
            any |= run[w];
          for (int i = 1; i < e->length && any != 0; i++)
            {
              rp_shift_set (&e->way[a][0], rp->nw, run, run);
              any = 0;
              for (int w = 0; w < rp->nw; w++)
                any |= run[w] &= own[w];
            }
          if (any != 0)
            return TRUE;
        }
      return FALSE;
    }
  for (int w = 0; w < rp->nw; w++)
    for (guint64 bits = own[w]; bits != 0; bits &= bits - 1)
      {
        if (rp_line_through (rp, e, pos, rp->cell_of_bit[w * 64 + bs_ctz (bits)], p))
          return TRUE;
      }
  return FALSE;
}

/* Whether a group of p's touches both regions of Rp.joined: whether the
 * pieces joined to the first meet the second. */
BS_FORCE_INLINE static inline gboolean
rp_joined_meets (const Rp         *rp,
                 const BsPosition *pos,
                 int               p,
                 int               nw)
{
  const guint64 *joined = rp_joined (rp, pos, p);
  guint64 any = 0;

  for (int w = 0; w < nw; w++)
    any |= joined[w] & rp->joined->region[1][p][w];
  return any != 0;
}

/* Grows `group` (a few of p's pieces) to the whole of their groups:
 * every piece of `mine` joined to them through the board's neighbours.
 * Inline in the joined kernels (nw a constant: the words' loops unroll);
 * rp_grow_group elsewhere, out of line, so that the other kernels, where
 * it is cold, stay as small as they were. */
BS_FORCE_INLINE static inline void
rp_grow_group_inline (const Rp      *rp,
                      int            nw,
                      const guint64 *mine,
                      guint64       *group)
{
  for (;;)
    {
      guint64 grown[RP_MAX_WORDS], moved[RP_MAX_WORDS], change = 0;

      memcpy (grown, group, sizeof (guint64) * (gsize) nw);
      for (int d = 0; d < rp->n_adjacent; d++)
        {
          rp_shift_set (&rp->adjacent[d], nw, group, moved);
          for (int w = 0; w < nw; w++)
            grown[w] |= moved[w] & mine[w];
        }
      for (int w = 0; w < nw; w++)
        {
          change |= grown[w] ^ group[w];
          group[w] = grown[w];
        }
      if (change == 0)
        return;
    }
}

static G_GNUC_NO_INLINE void
rp_grow_group (const Rp      *rp,
               int            nw,
               const guint64 *mine,
               guint64       *group)
{
  rp_grow_group_inline (rp, nw, mine, group);
}

/* Whether the group of p's pieces through bit `seed` touches every
 * region of k; *group gets the group. */
static gboolean
rp_group_connects (const Rp        *rp,
                   const RpConnect *k,
                   int              p,
                   int              nw,
                   const guint64   *mine,
                   int              seed,
                   guint64         *group)
{
  memset (group, 0, sizeof (guint64) * (gsize) nw);
  bs_bits_add (group, seed);
  rp_grow_group (rp, nw, mine, group);
  for (int r = 0; r < k->n; r++)
    {
      guint64 any = 0;

      for (int w = 0; w < nw; w++)
        any |= group[w] & k->region[r][p][w];
      if (any == 0)
        return FALSE;
    }
  return TRUE;
}

/* Whether some group of p's pieces touches every region of k: each
 * group that touches the first, grown once. */
static G_GNUC_NO_INLINE gboolean
rp_has_connection (const Rp         *rp,
                   const RpConnect  *k,
                   const BsPosition *pos,
                   int               p,
                   int               nw)
{
  const guint64 *mine = rp_sets (rp, pos, p);
  guint64 left[RP_MAX_WORDS], group[RP_MAX_WORDS];

  /* The groups touching the first region are kept: one test. */
  if (k == rp->joined)
    return rp_joined_meets (rp, pos, p, nw);
  for (int w = 0; w < nw; w++)
    left[w] = mine[w] & k->region[0][p][w];
  for (int w = 0; w < nw; w++)
    while (left[w] != 0)
      {
        if (rp_group_connects (rp, k, p, nw, mine, w * 64 + bs_ctz (left[w]), group))
          return TRUE;
        for (int v = 0; v < nw; v++)
          left[v] &= ~group[v];
      }
  return FALSE;
}

/* Whether the piece of p just placed on bit `bit` joined a connection
 * (only its group can have changed). */
static inline gboolean
rp_connection_through (const Rp         *rp,
                       const RpConnect  *k,
                       const BsPosition *pos,
                       int               p,
                       int               nw,
                       int               bit)
{
  const guint64 *mine = rp_sets (rp, pos, p);
  guint64 group[RP_MAX_WORDS];

  /* No group can touch a region p has no piece in: no growing then. */
  for (int r = 0; r < k->n; r++)
    {
      guint64 any = 0;

      for (int w = 0; w < nw; w++)
        any |= mine[w] & k->region[r][p][w];
      if (any == 0)
        return FALSE;
    }
  return rp_group_connects (rp, k, p, nw, mine, bit, group);
}

/* Whether end test e holds, `mover` having just moved. */
BS_FORCE_INLINE static inline gboolean
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
      if (e->who == BS_RULES_WHO_BOTH)
        return !rp_can_move (rp, 3 - mover, nw, rp_sets (rp, pos, 3 - mover),
                             rp_sets (rp, pos, mover), placing) &&
               !rp_can_move (rp, mover, nw, rp_sets (rp, pos, mover),
                             rp_sets (rp, pos, 3 - mover), placing);
      return !rp_can_move (rp, who, nw, own, rp_sets (rp, pos, 3 - who), placing);
    case BS_RULES_END_CONNECT:
      return rp_has_connection (rp, e->connect, pos, who, nw);
    case BS_RULES_END_LINE:
      return rp_has_line (rp, e->line, pos, who);
    case BS_RULES_END_FULL:
      /* The piece counts the cell writes keep: no set to read. */
      return bs_position_pieces (pos, 1) + bs_position_pieces (pos, 2) == rp->n_cells;
    case BS_RULES_END_CAPTURED:
      return pos->counter[RP_COUNTER_CAPTURED (who)] >= e->count;
    case BS_RULES_END_PASSES:
      return pos->counter[rp->passes_counter] >= e->count;
    default:
      g_assert_not_reached ();
    }
}

/* After a step or placement of `mover` to `to` (to_bit; captured: it
 * took a piece), the same as rp_first_end, tested only where the move
 * changed something: a move brings only its piece into a region or a
 * line, and takes a piece only from the other player; what held before
 * it would have ended the game already. */
BS_FORCE_INLINE static inline int
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
        case BS_RULES_END_CONNECT:
          /* A placing kernel of Rp.joined: one test of the kept sets. */
          if (placing == RP_PLACE_JOINED && e->connect == rp->joined)
            holds = rp_joined_meets (rp, pos, mover, nw);
          else
            holds = e->who == BS_RULES_WHO_MOVER
                    ? rp_connection_through (rp, e->connect, pos, mover, nw, to_bit)
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
BS_FORCE_INLINE static inline int
rp_first_end (const Rp *rp, const BsPosition *pos, int mover, int nw)
{
  for (int i = 0; i < rp->n_ends; i++)
    if (rp_end_holds (rp, &rp->ends[i], pos, mover, nw, rp->placing))
      return i;
  return -1;
}

static void rp_mixed_resync (const Rp *rp, BsPosition *pos);

static void
rp_resync (const Rp *rp, BsPosition *pos)
{
  guint64 *sets = rp_sets (rp, pos, 1);

  if (rp->mixed)
    {
      rp_mixed_resync (rp, pos);
      return;
    }

  memset (sets, 0, 16 * (gsize) rp->nw);
  for (int c = 0; c < rp->n_cells; c++)
    if (pos->cells[c] != BS_CELL_EMPTY)
      bs_bits_add (sets + (BS_CELL_OWNER (pos->cells[c]) - 1) * rp->nw, rp->bit_of_cell[c]);
  if (rp->joined != NULL)
    for (int p = 1; p <= 2; p++)
      {
        guint64 *joined = rp_joined (rp, pos, p);

        for (int w = 0; w < rp->nw; w++)
          joined[w] = rp_sets (rp, pos, p)[w] & rp->joined->region[0][p][w];
        rp_grow_group (rp, rp->nw, rp_sets (rp, pos, p), joined);
      }
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
BS_FORCE_INLINE static inline int
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

BS_FORCE_INLINE static inline guint
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

      rp_place_targets (rp, p, nw, mine, theirs, targets);
      for (int i = 0; i < rp->n_steps; i++)
        for (int w = 0; w < nw; w++)
          for (guint64 bits = targets[w]; bits != 0; bits &= bits - 1)
            {
              int bit = w * 64 + bs_ctz (bits);

              moves[n++] = RP_PLACE (rp->cell_of_bit[bit], bit, i);
            }
      if (n == 0 && rp->pass)
        moves[n++] = RP_PASS;
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
  if (n == 0 && rp->pass)
    moves[n++] = RP_PASS;
  return n;
}

/* Each hot hook has a copy for games that step and one for games that
 * place, picked when the program is built; a placing game that keeps the
 * joined sets (Rp.joined) has copies of its own for apply and the random
 * turn (`placing` is then RP_PLACE_JOINED), so the other placing games
 * run no code of theirs. */
#define RP_KERNELS(type, name, params, ...)                                              \
  BS_FORCE_INLINE static inline type                                                     \
  name##_step_body params { return name##_any (__VA_ARGS__, FALSE); }                    \
  BS_FORCE_INLINE static inline type                                                     \
  name##_place_body params { return name##_any (__VA_ARGS__, TRUE); }                    \
  BS_FORCE_INLINE static inline type                                                     \
  name##_place_joined_body params { return name##_any (__VA_ARGS__, RP_PLACE_JOINED); }
#define RP_KERNELS_VOID(name, params, ...)                                               \
  BS_FORCE_INLINE static inline void                                                     \
  name##_step_body params { name##_any (__VA_ARGS__, FALSE); }                           \
  BS_FORCE_INLINE static inline void                                                     \
  name##_place_body params { name##_any (__VA_ARGS__, TRUE); }                           \
  BS_FORCE_INLINE static inline void                                                     \
  name##_place_joined_body params { name##_any (__VA_ARGS__, RP_PLACE_JOINED); }

RP_KERNELS (guint, rp_generate,
            (const BsRuleset *rs, const BsPosition *pos, BsMove *moves, int words),
            rs, pos, moves, words)
BS_BITOPS_KERNELS (guint, rp_generate_step,
                   (const BsRuleset *rs, const BsPosition *pos, BsMove *moves),
                   rs, pos, moves)
RP_BITOPS_KERNELS4 (guint, rp_generate_place,
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
BS_FORCE_INLINE static inline BsMove
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

      rp_place_targets (rp, p, nw, rp_sets (rp, pos, p), rp_sets (rp, pos, 3 - p), empty);
      n = bs_bits_count (empty, nw);
      if (n == 0 && rp->pass)
        return RP_PASS;
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
  if (total == 0 && rp->pass)
    return RP_PASS;
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
BS_FORCE_INLINE static inline BsMove
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
RP_BITOPS_KERNELS4 (BsMove, rp_random_move_place,
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

/* rp_close_brackets on a one-word board (Rp.bracket.fill): each
 * direction walked by rotating the placed piece's bit, the same lines in
 * the same order. */
static int
rp_close_brackets_fill (const BsRuleset *rs,
                        BsPosition      *pos,
                        int              cell,
                        BsUndo          *undo,
                        int              p)
{
  const Rp *rp = rs->module_data;
  const RpBracket *b = &rp->bracket;
  guint64 *mine = rp_sets (rp, pos, p);
  guint64 *theirs = rp_sets (rp, pos, 3 - p);
  const int bit = rp->bit_of_cell[cell];
  int changed = 0;

  for (int k = 0; k < b->n_dirs; k++)
    {
      const int r = b->walk_rot[p][k], step = b->toward[p][k].shift;
      const guint64 to = b->walk_to[p][k];
      guint64 x = rp_rotl (BS_BIT (bit), r) & to;
      int run = 0;

      for (; (x & theirs[0]) != 0; run++)
        x = rp_rotl (x, r) & to;
      if (run == 0 || (x & mine[0]) == 0)
        continue;
      for (int i = 1; i <= run; i++)
        {
          const int at = bit - i * step, c = rp->cell_of_bit[at];
          const guint8 old = pos->cells[c];

          theirs[0] &= ~BS_BIT (at);
          if (!b->capture)
            mine[0] |= BS_BIT (at);
          bs_position_replace_cell (rs->zobrist, pos, c, old,
                                    b->capture ? BS_CELL_EMPTY
                                               : BS_CELL_MAKE (p, BS_CELL_KIND (old), 0),
                                    undo);
        }
      if (b->capture && rp->count_captures)
        pos->counter[RP_COUNTER_CAPTURED (p)] += run;
      changed += run;
    }
  return changed;
}

/* The lines of the other player's pieces that p's piece on `cell`
 * closes with one of p's, min to max long, each way along the bracket's
 * directions: walked cell by cell from it (a few cells), then flipped
 * to p or taken off. Returns how many pieces changed. */
static int
rp_close_brackets (const BsRuleset *rs,
                   BsPosition      *pos,
                   int              cell,
                   BsUndo          *undo,
                   int              p)
{
  const Rp *rp = rs->module_data;
  const RpBracket *b = &rp->bracket;
  guint64 *mine = rp_sets (rp, pos, p);
  guint64 *theirs = rp_sets (rp, pos, 3 - p);
  int changed = 0;

  if (rp->nw == 1 && b->fill)
    return rp_close_brackets_fill (rs, pos, cell, undo, p);
  for (int k = 0; k < b->n_dirs; k++)
    {
      int d = b->walk[p][k], run = 0, c;

      for (c = bs_board_neighbour (rp->neighbours, rp->n_dirs, cell, d);
           c != BS_NO_CELL && BS_CELL_OWNER (pos->cells[c]) == 3 - p && run < b->max;
           c = bs_board_neighbour (rp->neighbours, rp->n_dirs, c, d))
        run++;
      if (c == BS_NO_CELL || BS_CELL_OWNER (pos->cells[c]) != p || run < b->min)
        continue;
      c = cell;
      for (int i = 0; i < run; i++)
        {
          int bit;
          guint8 old;

          c = bs_board_neighbour (rp->neighbours, rp->n_dirs, c, d);
          bit = rp->bit_of_cell[c];
          old = pos->cells[c];
          theirs[bit >> 6] &= ~BS_BIT (bit & 63);
          if (!b->capture)
            mine[bit >> 6] |= BS_BIT (bit & 63);
          bs_position_replace_cell (rs->zobrist, pos, c, old,
                                    b->capture ? BS_CELL_EMPTY
                                               : BS_CELL_MAKE (p, BS_CELL_KIND (old), 0),
                                    undo);
        }
      if (b->capture && rp->count_captures)
        pos->counter[RP_COUNTER_CAPTURED (p)] += run;
      changed += run;
    }
  return changed;
}

/* p's piece just placed on `bit`: when it is in the first region of
 * rp->joined or next to a piece joined to it, it and the pieces of p it
 * joins (grown from it over those not joined yet) are joined now. */
BS_FORCE_INLINE static inline void
rp_join (const Rp   *rp,
         BsPosition *pos,
         const int   nw,
         const int   p,
         const int   bit)
{
  const guint64 *mine = rp_sets (rp, pos, p);
  const guint64 *around = rp->neighbourhood + (gsize) bit * (gsize) nw;
  guint64 *joined = rp_joined (rp, pos, p);
  guint64 touch = rp->joined->region[0][p][bit >> 6] & BS_BIT (bit & 63);
  guint64 rest[RP_MAX_WORDS], group[RP_MAX_WORDS], more = 0;

  for (int w = 0; w < nw; w++)
    touch |= around[w] & joined[w];
  if (touch == 0)
    return;
  for (int w = 0; w < nw; w++)
    {
      rest[w] = mine[w] & ~joined[w];
      more |= around[w] & rest[w];
      group[w] = 0;
    }
  group[bit >> 6] = BS_BIT (bit & 63);
  if (more != 0)
    rp_grow_group_inline (rp, nw, rest, group);
  for (int w = 0; w < nw; w++)
    joined[w] |= group[w];
}

/* A placement: the piece onto its cell, the lines it brackets; then the
 * end tests in the written order. Returns the end that holds, or -1. */
BS_FORCE_INLINE static inline int
rp_place_piece (const BsRuleset *rs,
                BsPosition      *pos,
                BsMove           move,
                BsUndo          *undo,
                const int        nw,
                const int        p,
                const gboolean   joined)
{
  const Rp *rp = rs->module_data;
  const int cell = RP_PLACE_CELL (move), bit = RP_PLACE_BIT (move);
  guint64 *mine = rp_sets (rp, pos, p);

  mine[bit >> 6] |= BS_BIT (bit & 63);
  bs_position_replace_cell (rs->zobrist, pos, cell, BS_CELL_EMPTY,
                            rp->steps[RP_PLACE_BLOCK (move)].piece[p], undo);
  if (joined)
    rp_join (rp, pos, nw, p, bit);
  if (rp->bracket.on)
    {
      int changed = rp_close_brackets (rs, pos, cell, undo, p);

      /* Flipped pieces may have made a line or reached a region anywhere. */
      if (changed > 0 && !rp->bracket.capture)
        return rp_first_end (rp, pos, p, nw);
      return rp_first_end_after_step (rp, pos, p, nw, cell, bit, changed > 0, TRUE);
    }
  return rp_first_end_after_step (rp, pos, p, nw, cell, bit, FALSE,
                                  joined ? RP_PLACE_JOINED : TRUE);
}

/* A step: the piece leaves its cell and replaces what stood on the
 * target (the blocks allow an enemy there only with capture="replace"),
 * then the end tests in the written order. Returns the end that holds,
 * or -1. */
BS_FORCE_INLINE static inline int
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
  if (taken != BS_CELL_EMPTY && rp->count_captures)
    pos->counter[RP_COUNTER_CAPTURED (p)]++;
  return rp_first_end_after_step (rp, pos, p, nw, to, to_bit, taken != BS_CELL_EMPTY, FALSE);
}

/* What end e gives, `mover` having just moved. */
static guint8
rp_end_result (const Rp         *rp,
               const RpEnd      *e,
               const BsPosition *pos,
               int               mover)
{
  if (e->by_count != 0)
    {
      int diff = (bs_position_pieces (pos, 1) - bs_position_pieces (pos, 2)) * e->by_count;

      return diff > 0 ? BS_RESULT_WIN_1 : diff < 0 ? BS_RESULT_WIN_2 : BS_RESULT_DRAW;
    }
  return (guint8) e->winner_if_who[e->who == BS_RULES_WHO_NEXT ? 3 - mover : mover];
}

/* After a pass only who can move has changed: the no-move ends. */
static int
rp_first_end_after_pass (const Rp         *rp,
                         const BsPosition *pos,
                         int               mover)
{
  for (int i = 0; i < rp->n_ends; i++)
    if (rp->ends[i].kind == BS_RULES_END_NO_MOVE &&
        rp_end_holds (rp, &rp->ends[i], pos, mover, rp->nw, rp->placing))
      return i;
  return -1;
}

BS_FORCE_INLINE static inline void
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
  int end = G_UNLIKELY (move == RP_PASS) ? rp_first_end_after_pass (rp, pos, p)
            : placing ? rp_place_piece (rs, pos, move, undo, nw, p, placing == RP_PLACE_JOINED)
                      : rp_step_piece (rs, pos, move, undo, nw, p);

  pos->result = end < 0 ? BS_RESULT_ONGOING : rp_end_result (rp, &rp->ends[end], pos, p);
  pos->flags |= BS_POSITION_DERIVED;
  pos->ply++;
  pos->to_move = (guint8) q;
  pos->step = 0;
}

BS_FORCE_INLINE static inline void
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
RP_BITOPS_KERNELS4_VOID (rp_apply_place,
                         (const BsRuleset *rs, BsPosition *pos, BsMove move, BsUndo *undo),
                         rs, pos, move, undo)
BS_BITOPS_KERNELS_VOID (rp_apply_place_joined,
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
BS_FORCE_INLINE static inline guint
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
RP_BITOPS_KERNELS4 (guint, rp_random_turn_place,
                    (const BsRuleset *rs, BsPosition *pos, BsRng *rng),
                    rs, pos, rng)
BS_BITOPS_KERNELS (guint, rp_random_turn_place_joined,
                   (const BsRuleset *rs, BsPosition *pos, BsRng *rng),
                   rs, pos, rng)

/* ---- One-word step programs ----
 *
 * A program of STEP blocks only (at most RP1_MAX_BLOCKS) on a board of
 * one word, whose every end is a region reached by the mover, the next
 * player left without pieces or left without a move (Rp.one_word), has a
 * random turn of its own. Each player's blocks are a table of scalars
 * (Rp1Side), read in a loop whose count is a constant of the copy (one
 * to four blocks, else the program's count); the move stays in registers
 * from the pick to the writes, and everything is read before the first
 * write (a byte written to the cells could be any word read). The ends
 * are asked together, each in its cheapest form: the piece's bit in the
 * union of the regions, the next player's set empty after a capture, the
 * next player's blocks in the probe order until one has a target. Only
 * when one of them holds, once a game, rp_first_end_after_step finds the
 * first in the written order. The r-th target of the chosen block is one
 * PDEP where PDEP is fast (rp_pdep_is_fast ()), else a few cleared bits.
 * The same random numbers as rp_random_turn_step, the same move, the
 * same position; a turn with no move (a pass) or stale derived bytes goes
 * to that kernel. */

#if defined(__x86_64__) && defined(__GNUC__)
#define RP_HAVE_PDEP 1

/* Inlined only into the copies made for BMI2. */
static inline __attribute__ ((target ("bmi2"))) guint64
rp_pdep (guint64 x, guint64 mask)
{
  return _pdep_u64 (x, mask);
}

/* PDEP is one fast instruction on Intel processors since Haswell and AMD
 * ones since Zen 3 (family 19h); earlier AMD processors microcode it.
 * BOARDSMITH_BITOPS=popcnt turns it off, so that the tests run the other
 * copies too. Checked once. */
static gboolean
rp_pdep_is_fast (void)
{
  static gsize answer = 0;

  if (g_once_init_enter (&answer))
    {
      gboolean fast = FALSE;
      unsigned int eax, ebx, ecx, edx;

      __builtin_cpu_init ();
      if (g_strcmp0 (g_getenv ("BOARDSMITH_BITOPS"), "popcnt") == 0)
        fast = FALSE;
      else if (__builtin_cpu_supports ("bmi2") && __builtin_cpu_supports ("popcnt"))
        {
          if (__builtin_cpu_is ("intel"))
            fast = TRUE;
          else if (__builtin_cpu_is ("amd") && __get_cpuid (1, &eax, &ebx, &ecx, &edx))
            {
              unsigned int family = (eax >> 8) & 0xF;

              if (family == 0xF)
                family += (eax >> 20) & 0xFF;
              fast = family >= 0x19;
            }
        }
      g_once_init_leave (&answer, fast ? 2 : 1);
    }
  return answer == 2;
}
#endif

/* The targets of one block for the player whose pieces are `mine`. */
BS_FORCE_INLINE static inline guint64
rp1_block_targets (const Rp1Block *b,
                   guint64         mine,
                   guint64         empty,
                   guint64         theirs)
{
  return ((mine & b->from_ok) << b->up >> b->down)
         & ((empty & b->to_empty) | (theirs & b->to_enemy));
}

static G_NO_INLINE guint
rp1_random_turn_general (const BsRuleset *rs,
                         BsPosition      *pos,
                         BsRng           *rng)
{
  return BS_BITOPS_PICK (rp_random_turn_step, 1) (rs, pos, rng);
}

BS_FORCE_INLINE static inline guint
rp1_turn_player (const BsRuleset *rs,
                 BsPosition      *pos,
                 BsRng           *rng,
                 const int        p,
                 const int        n_blocks,
                 const gboolean   pdep)
{
  const Rp *rp = rs->module_data;
  const int n = n_blocks ? n_blocks : rp->n_steps;
  const int q = 3 - p;
  const Rp1Side *side = &rp->one[p];
  const gboolean count_captures = rp->count_captures;
  guint64 *sets = rp_sets (rp, pos, 1);
  guint64 mine = sets[p - 1], theirs = sets[q - 1];
  const guint64 empty = rp->valid[0] & ~(mine | theirs);
  guint64 targets[RP1_MAX_BLOCKS];
  guint32 counts[RP1_MAX_BLOCKS];
  guint32 total = 0, r;
  guint64 chosen, to_mask;
  int i, to_bit, from_bit, from, to, end = -1;
  guint8 piece, taken;
  gboolean capture, over;

  for (i = 0; i < n; i++)
    {
      targets[i] = rp1_block_targets (&side->blocks[i], mine, empty, theirs);
      counts[i] = (guint32) bs_popcount (targets[i]);
      total += counts[i];
    }
  if (G_UNLIKELY (total == 0))
    return rp1_random_turn_general (rs, pos, rng);
  r = bs_rng_below (rng, total);
  for (i = 0; i < n - 1 && r >= counts[i]; i++)
    r -= counts[i];
  chosen = targets[i];
#ifdef RP_HAVE_PDEP
  if (pdep)
    to_bit = bs_ctz (rp_pdep (BS_BIT (r), chosen));
  else
#endif
    {
      for (; r > 0; r--)
        chosen &= chosen - 1;
      to_bit = bs_ctz (chosen);
    }
  from_bit = to_bit - side->blocks[i].shift;
  to_mask = BS_BIT (to_bit);
  from = rp->cell_of_bit[from_bit];
  to = rp->cell_of_bit[to_bit];
  piece = pos->cells[from];
  taken = pos->cells[to];
  capture = (theirs & to_mask) != 0;
  mine ^= BS_BIT (from_bit) | to_mask;
  theirs &= ~to_mask;
  over = (to_mask & side->reach) != 0 || (rp->one_eliminated && capture && theirs == 0);
  if (!over && rp->one_no_move)
    {
      const Rp1Side *next = &rp->one[q];
      const guint64 left = rp->valid[0] & ~(mine | theirs);

      over = TRUE;
      for (int k = 0; k < n; k++)
        if (rp1_block_targets (&next->probe[k], theirs, left, mine) != 0)
          {
            over = FALSE;
            break;
          }
    }

  sets[p - 1] = mine;
  sets[q - 1] = theirs;
  bs_position_replace_cell (rs->zobrist, pos, from, piece, BS_CELL_EMPTY, NULL);
  bs_position_replace_cell (rs->zobrist, pos, to, taken, piece, NULL);
  if (capture && count_captures)
    pos->counter[RP_COUNTER_CAPTURED (p)]++;
  if (G_UNLIKELY (over))
    end = rp_first_end_after_step (rp, pos, p, 1, to, to_bit, capture, FALSE);
  pos->result = end < 0 ? BS_RESULT_ONGOING : rp_end_result (rp, &rp->ends[end], pos, p);
  pos->ply++;
  pos->to_move = (guint8) q;
  pos->step = 0;
  return 1;
}

BS_FORCE_INLINE static inline guint
rp1_random_turn_body (const BsRuleset *rs,
                      BsPosition      *pos,
                      BsRng           *rng,
                      const int        n_blocks,
                      const gboolean   pdep)
{
  if (G_UNLIKELY (!(pos->flags & BS_POSITION_DERIVED)))
    return rp1_random_turn_general (rs, pos, rng);
  return pos->to_move == 1 ? rp1_turn_player (rs, pos, rng, 1, n_blocks, pdep)
                           : rp1_turn_player (rs, pos, rng, 2, n_blocks, pdep);
}

/* The copies: per count of blocks, with POPCNT, and with PDEP too. */
#define RP1_COPY(suffix, target, n, pdep)                                          \
  static target guint                                                              \
  rp1_random_turn_##suffix (const BsRuleset *rs, BsPosition *pos, BsRng *rng)      \
  {                                                                                \
    return rp1_random_turn_body (rs, pos, rng, n, pdep);                           \
  }
RP1_COPY (hw1, BS_BITOPS_HW_TARGET, 1, FALSE)
RP1_COPY (hw2, BS_BITOPS_HW_TARGET, 2, FALSE)
RP1_COPY (hw3, BS_BITOPS_HW_TARGET, 3, FALSE)
RP1_COPY (hw4, BS_BITOPS_HW_TARGET, 4, FALSE)
RP1_COPY (hwn, BS_BITOPS_HW_TARGET, 0, FALSE)
RP1_COPY (portable, , 0, FALSE)
#ifdef RP_HAVE_PDEP
#define RP1_PDEP_TARGET __attribute__ ((target ("popcnt,bmi,bmi2")))
RP1_COPY (pdep1, RP1_PDEP_TARGET, 1, TRUE)
RP1_COPY (pdep2, RP1_PDEP_TARGET, 2, TRUE)
RP1_COPY (pdep3, RP1_PDEP_TARGET, 3, TRUE)
RP1_COPY (pdep4, RP1_PDEP_TARGET, 4, TRUE)
RP1_COPY (pdepn, RP1_PDEP_TARGET, 0, TRUE)
#endif

typedef guint (*Rp1Turn) (const BsRuleset *rs, BsPosition *pos, BsRng *rng);

static Rp1Turn
rp1_pick (int n_blocks)
{
  static const Rp1Turn hw[] = {
    rp1_random_turn_hwn, rp1_random_turn_hw1, rp1_random_turn_hw2, rp1_random_turn_hw3,
    rp1_random_turn_hw4,
  };
#ifdef RP_HAVE_PDEP
  static const Rp1Turn pdep[] = {
    rp1_random_turn_pdepn, rp1_random_turn_pdep1, rp1_random_turn_pdep2,
    rp1_random_turn_pdep3, rp1_random_turn_pdep4,
  };
#endif
  int k = n_blocks <= 4 ? n_blocks : 0;

  if (!bs_bitops_hardware)
    return rp1_random_turn_portable;
#ifdef RP_HAVE_PDEP
  if (rp_pdep_is_fast ())
    return pdep[k];
#endif
  return hw[k];
}

/* ---- One-word bracket programs ----
 *
 * A program of one PLACE block whose <bracket> is required and flips, on
 * a board of one word where its brackets are fills of three doublings
 * (RpBracket.fill3), and whose every end is <full> or <no-move>
 * (Rp.bracket_word), has a random turn of its own: the placements of
 * every direction by fills, the r-th of them by PDEP where PDEP is fast
 * (else bs_select64), the flips walked from the placed piece by
 * rotations into one set, and everything read before the first write.
 * The ends are asked together in their cheapest form: the board full
 * (the two sets cover it), the next player (and, with <no-move
 * who="mover">, the mover) without a placement (the first direction with
 * one says no); only when one of them holds, once a game, does
 * rp_first_end find the first in the written order. On a board whose
 * rotations are those of rows of 8 bits, every direction's (RPB_ROT8:
 * Rp.bracket_w8), a copy has them as constants. A set does not depend
 * on the order of the directions, and the random turn keeps no undo
 * journal, so the copies take them in their own order. The same random
 * numbers as rp_random_turn_place, the same move and the same position;
 * a turn with no placement (a pass) or stale derived bytes goes to that
 * kernel. */

static const int RPB_ROT8[8] = { 1, 63, 8, 56, 7, 57, 9, 55 };

/* The direction's cells where a piece of the player whose pieces are
 * `mine` would close a line (rp_bracket_fill with three doublings). */
BS_FORCE_INLINE static inline guint64
rpb_fill (guint64 mine,
          guint64 theirs,
          int     r,
          guint64 to)
{
  const int r2 = (r * 2) & 63, r4 = (r * 4) & 63;
  guint64 g = mine, q = theirs & to;

  g |= q & rp_rotl (g, r);
  q &= rp_rotl (q, r);
  g |= q & rp_rotl (g, r2);
  q &= rp_rotl (q, r2);
  g |= q & rp_rotl (g, r4);
  return rp_rotl (g & theirs, r) & to;
}

/* Direction k's rotation and mask toward the cell a line closes at. */
#define RPB_FILL_ROT(rp, p, k, w8) ((w8) ? RPB_ROT8[k] : (rp)->bracket.fill_rot[p][k])
#define RPB_FILL_TO(rp, p, k, w8)  ((w8) ? (rp)->w8_fill_to[p][k] : (rp)->bracket.fill_to[p][k])
/* X (0); … X (7);: the eight directions of RPB_ROT8 written out, so
 * that their rotations are constants. */
#define RPB_EACH8(X) \
  do { X (0); X (1); X (2); X (3); X (4); X (5); X (6); X (7); } while (0)

/* The empty cells where p (pieces `mine`) closes at least one line. */
BS_FORCE_INLINE static inline guint64
rpb_targets (const Rp      *rp,
             const int      p,
             guint64        mine,
             guint64        theirs,
             const gboolean w8)
{
  guint64 out = 0;

#define RPB_TARGET(k) \
  out |= rpb_fill (mine, theirs, RPB_FILL_ROT (rp, p, k, w8), RPB_FILL_TO (rp, p, k, w8))
  if (w8)
    RPB_EACH8 (RPB_TARGET);
  else
    for (int k = 0; k < rp->bracket.n_dirs; k++)
      RPB_TARGET (k);
#undef RPB_TARGET
  return out & rp->valid[0] & ~(mine | theirs);
}

/* Whether p has a placement: the first direction with one says so. */
BS_FORCE_INLINE static inline gboolean
rpb_can_place (const Rp      *rp,
               const int      p,
               guint64        mine,
               guint64        theirs,
               const gboolean w8)
{
  const guint64 empty = rp->valid[0] & ~(mine | theirs);

#define RPB_PROBE(k)                                                                     \
  if ((rpb_fill (mine, theirs, RPB_FILL_ROT (rp, p, k, w8), RPB_FILL_TO (rp, p, k, w8))  \
       & empty) != 0)                                                                    \
    return TRUE
  if (w8)
    RPB_EACH8 (RPB_PROBE);
  else
    for (int k = 0; k < rp->bracket.n_dirs; k++)
      RPB_PROBE (k);
#undef RPB_PROBE
  return FALSE;
}

/* The pieces of `theirs` that p's piece on `at` brackets (the lines
 * walked from it by rotations, rp_close_brackets_fill's). */
BS_FORCE_INLINE static inline guint64
rpb_flips (const Rp      *rp,
           const int      p,
           guint64        at,
           guint64        mine,
           guint64        theirs,
           const gboolean w8)
{
  const RpBracket *b = &rp->bracket;
  guint64 flips = 0;

#define RPB_WALK(k)                                                           \
  do                                                                          \
    {                                                                         \
      const int r = w8 ? 64 - RPB_ROT8[k] : b->walk_rot[p][k];                \
      const guint64 to = w8 ? rp->w8_walk_to[p][k] : b->walk_to[p][k];        \
      guint64 x = rp_rotl (at, r) & to, run = 0;                              \
                                                                              \
      while ((x & theirs) != 0)                                               \
        {                                                                     \
          run |= x;                                                           \
          x = rp_rotl (x, r) & to;                                            \
        }                                                                     \
      if ((x & mine) != 0)                                                    \
        flips |= run;                                                         \
    }                                                                         \
  while (0)
  if (w8)
    RPB_EACH8 (RPB_WALK);
  else
    for (int k = 0; k < b->n_dirs; k++)
      RPB_WALK (k);
#undef RPB_WALK
  return flips;
}

static G_NO_INLINE guint
rpb_random_turn_general (const BsRuleset *rs,
                         BsPosition      *pos,
                         BsRng           *rng)
{
  return BS_BITOPS_PICK (rp_random_turn_place, 1) (rs, pos, rng);
}

BS_FORCE_INLINE static inline guint
rpb_turn_player (const BsRuleset *rs,
                 BsPosition      *pos,
                 BsRng           *rng,
                 const int        p,
                 const gboolean   w8,
                 const gboolean   pdep)
{
  const Rp *rp = rs->module_data;
  const int q = 3 - p;
  guint64 *sets = rp_sets (rp, pos, 1);
  guint64 mine = sets[p - 1], theirs = sets[q - 1];
  const guint64 targets = rpb_targets (rp, p, mine, theirs, w8);
  const guint8 piece = rp->steps[0].piece[p];
  guint32 n, r;
  guint64 at, flips;
  int to_bit, cell, end = -1;
  gboolean over;

  n = (guint32) bs_popcount (targets);
  if (G_UNLIKELY (n == 0))
    return rpb_random_turn_general (rs, pos, rng);
  r = bs_rng_below (rng, n);
#ifdef RP_HAVE_PDEP
  if (pdep)
    to_bit = bs_ctz (rp_pdep (BS_BIT (r), targets));
  else
#endif
    to_bit = bs_select64 (targets, (int) r);
  at = BS_BIT (to_bit);
  cell = rp->cell_of_bit[to_bit];
  flips = rpb_flips (rp, p, at, mine, theirs, w8);
  mine |= at | flips;
  theirs &= ~flips;
  over = (mine | theirs) == rp->valid[0]
         || !rpb_can_place (rp, q, theirs, mine, w8)
         || (rp->bracket_mover_no_move && !rpb_can_place (rp, p, mine, theirs, w8));

  sets[p - 1] = mine;
  sets[q - 1] = theirs;
  bs_position_replace_cell (rs->zobrist, pos, cell, BS_CELL_EMPTY, piece, NULL);
  for (; flips != 0; flips &= flips - 1)
    {
      const int c = rp->cell_of_bit[bs_ctz (flips)];
      const guint8 old = pos->cells[c];

      bs_position_replace_cell (rs->zobrist, pos, c, old, BS_CELL_MAKE (p, BS_CELL_KIND (old), 0),
                                NULL);
    }
  /* rp_place_piece's ends after a flip (a required bracket flips). */
  if (G_UNLIKELY (over))
    end = rp_first_end (rp, pos, p, 1);
  pos->result = end < 0 ? BS_RESULT_ONGOING : rp_end_result (rp, &rp->ends[end], pos, p);
  pos->ply++;
  pos->to_move = (guint8) q;
  pos->step = 0;
  return 1;
}

BS_FORCE_INLINE static inline guint
rpb_random_turn_body (const BsRuleset *rs,
                      BsPosition      *pos,
                      BsRng           *rng,
                      const gboolean   w8,
                      const gboolean   pdep)
{
  if (G_UNLIKELY (!(pos->flags & BS_POSITION_DERIVED)))
    return rpb_random_turn_general (rs, pos, rng);
  return pos->to_move == 1 ? rpb_turn_player (rs, pos, rng, 1, w8, pdep)
                           : rpb_turn_player (rs, pos, rng, 2, w8, pdep);
}

#define RPB_COPY(suffix, target, w8, pdep)                                         \
  static target guint                                                              \
  rpb_random_turn_##suffix (const BsRuleset *rs, BsPosition *pos, BsRng *rng)      \
  {                                                                                \
    return rpb_random_turn_body (rs, pos, rng, w8, pdep);                          \
  }
RPB_COPY (hw, BS_BITOPS_HW_TARGET, FALSE, FALSE)
RPB_COPY (hw8, BS_BITOPS_HW_TARGET, TRUE, FALSE)
RPB_COPY (portable, , FALSE, FALSE)
RPB_COPY (portable8, , TRUE, FALSE)
#ifdef RP_HAVE_PDEP
RPB_COPY (pdep, RP1_PDEP_TARGET, FALSE, TRUE)
RPB_COPY (pdep8, RP1_PDEP_TARGET, TRUE, TRUE)
#endif

static Rp1Turn
rpb_pick (const Rp *rp)
{
  const gboolean w8 = rp->bracket_w8;

  if (!bs_bitops_hardware)
    return w8 ? rpb_random_turn_portable8 : rpb_random_turn_portable;
#ifdef RP_HAVE_PDEP
  if (rp_pdep_is_fast ())
    return w8 ? rpb_random_turn_pdep8 : rpb_random_turn_pdep;
#endif
  return w8 ? rpb_random_turn_hw8 : rpb_random_turn_hw;
}

/* ---- Placing programs with a line end ----
 *
 * A program of one PLACE block without a bracket whose ends are a
 * <line who="mover"> and <full> ends (Rp.place_line), on a board where
 * every one of the line's ways is a constant step of the cells (a cell
 * and its neighbour that way differ by the same number wherever the
 * neighbour exists), has a random turn of its own: the placement as
 * rp_random_turn_place picks it, everything read before the first
 * write, and the line through the placed piece counted on the cells
 * with those steps and, per cell and way, the cells there are that way
 * (at most the line's length: one more on a side cannot change "at
 * least" or "exactly"), so no neighbour table is read. The board is
 * full when the placement took its last empty cell. Only when the line
 * or the full board holds, once a game, does rp_first_end_after_step
 * find the first end in the written order. The same random numbers as
 * rp_random_turn_place, the same move and the same position; stale
 * derived bytes go to that kernel. */

/* Whether p's piece on `cell` makes a line of e, on the cells. */
BS_FORCE_INLINE static inline gboolean
rpl_line (const Rp         *rp,
          const RpLine     *e,
          const BsPosition *pos,
          int               cell,
          int               p)
{
  const guint8 *lim = rp->line_lim + (gsize) cell * (gsize) (2 * e->n_axes);

  for (int a = 0; a < e->n_axes; a++)
    {
      int run = 1;

      for (int k = 0; k < 2; k++)
        {
          const int delta = rp->line_delta[a][k], n = lim[2 * a + k];
          int c = cell + delta;

          for (int i = 0; i < n && BS_CELL_OWNER (pos->cells[c]) == p; i++, c += delta)
            run++;
        }
      if (e->exactly ? run == e->length : run >= e->length)
        return TRUE;
    }
  return FALSE;
}

/* rpl_line for a line of four axes (the square board's lines), with the
 * axes unrolled and the length test in locals: the loop over a count read
 * from the line, and the test's fields read again on every axis, were a
 * third of the turn. */
#define RPL_WAY(a, k)                                                             \
  G_STMT_START {                                                                  \
    const int delta = rp->line_delta[a][k], n = lim[2 * (a) + (k)];               \
    int c = cell + delta;                                                         \
    for (int i = 0; i < n && BS_CELL_OWNER (cells[c]) == p; i++, c += delta)      \
      run++;                                                                      \
  } G_STMT_END
#define RPL_AXIS(a)                                                               \
  G_STMT_START {                                                                  \
    int run = 1;                                                                  \
    RPL_WAY (a, 0);                                                               \
    RPL_WAY (a, 1);                                                               \
    if (run >= low && run <= high)                                                \
      return TRUE;                                                                \
  } G_STMT_END

BS_FORCE_INLINE static inline gboolean
rpl_line4 (const Rp         *rp,
           const BsPosition *pos,
           int               cell,
           int               p)
{
  const guint8 *lim = rp->line_lim + (gsize) cell * 8;
  const guint8 *cells = pos->cells;
  const int low = rp->line_end->length;
  const int high = rp->line_end->exactly ? low : G_MAXINT;

  RPL_AXIS (0);
  RPL_AXIS (1);
  RPL_AXIS (2);
  RPL_AXIS (3);
  return FALSE;
}

#undef RPL_AXIS
#undef RPL_WAY

static G_NO_INLINE guint
rpl_random_turn_general (const BsRuleset *rs,
                         BsPosition      *pos,
                         BsRng           *rng)
{
  const Rp *rp = rs->module_data;

  return RP_BITOPS_PICK4 (rp_random_turn_place, rp->nw) (rs, pos, rng);
}

BS_FORCE_INLINE static inline guint
rpl_turn_player (const BsRuleset *rs,
                 BsPosition      *pos,
                 BsRng           *rng,
                 const int        nw,
                 const int        p)
{
  const Rp *rp = rs->module_data;
  guint64 *mine = rp_sets (rp, pos, p);
  const guint64 *theirs = rp_sets (rp, pos, 3 - p);
  guint64 empty[RP_MAX_WORDS];
  guint32 n = 0;
  int bit, cell, end = -1;

  for (int w = 0; w < nw; w++)
    {
      empty[w] = rp->valid[w] & ~(mine[w] | theirs[w]);
      n += (guint32) bs_popcount (empty[w]);
    }
  if (G_UNLIKELY (n == 0))
    return rpl_random_turn_general (rs, pos, rng);
  bit = bs_bits_select (empty, nw, (int) bs_rng_below (rng, n));
  cell = rp->cell_of_bit[bit];
  mine[bit >> 6] |= BS_BIT (bit & 63);
  bs_position_replace_cell (rs->zobrist, pos, cell, BS_CELL_EMPTY, rp->steps[0].piece[p], NULL);
  if (G_UNLIKELY (n == 1 || (rp->line_end->n_axes == 4 ? rpl_line4 (rp, pos, cell, p)
                                                         : rpl_line (rp, rp->line_end, pos, cell,
                                                                     p))))
    end = rp_first_end_after_step (rp, pos, p, nw, cell, bit, FALSE, TRUE);
  pos->result = end < 0 ? BS_RESULT_ONGOING : rp_end_result (rp, &rp->ends[end], pos, p);
  pos->ply++;
  pos->to_move = (guint8) (3 - p);
  pos->step = 0;
  return 1;
}

BS_FORCE_INLINE static inline guint
rpl_random_turn_body (const BsRuleset *rs,
                      BsPosition      *pos,
                      BsRng           *rng,
                      int              words)
{
  const int nw = RP_NW ((const Rp *) rs->module_data, words);

  if (G_UNLIKELY (!(pos->flags & BS_POSITION_DERIVED)))
    return rpl_random_turn_general (rs, pos, rng);
  return pos->to_move == 1 ? rpl_turn_player (rs, pos, rng, nw, 1)
                           : rpl_turn_player (rs, pos, rng, nw, 2);
}

RP_BITOPS_KERNELS4 (guint, rpl_random_turn,
                    (const BsRuleset *rs, BsPosition *pos, BsRng *rng),
                    rs, pos, rng)

/* ---- Jump programs ----
 *
 * <jump distance leave> blocks, on the layout of the step programs (bits
 * row * width + col, no guards). Each block has, per bit, its ring: the
 * cells `distance` king moves away (built at compile time, so holes and
 * edges need no test). A block that leaves a copy gives one move per cell
 * reached (the union of its pieces' rings, empty cells), in cell order;
 * one that leaves the cell empty gives its pieces' moves, piece by piece
 * in cell order, each piece's in cell order. A move is the bit left
 * (0-7; a copy's is 0xFF), the bit reached (8-15) and the block (16-23).
 * The effect <convert targets="adjacent"/> turns the other player's
 * pieces among the board's neighbours of the cell reached. */

#define RP_JUMP(fb, tb, k)       ((BsMove) (fb) | ((BsMove) (tb) << 8) | ((BsMove) (k) << 16))
#define RP_JUMP_FROM_BIT(m)      ((int) ((m) & 0xFFu))
#define RP_JUMP_TO_BIT(m)        ((int) (((m) >> 8) & 0xFFu))
#define RP_JUMP_BLOCK(m)         ((int) (((m) >> 16) & 0xFFu))
#define RP_JUMP_COPY_FROM        0xFFu

BS_FORCE_INLINE static inline const guint64 *
rp_ring (const Rp *rp, int k, int bit, int nw)
{
  return rp->rings + ((gsize) k * (gsize) rp->n_bits + (gsize) bit) * (gsize) nw;
}

/* The empty cells a copy block reaches from p's pieces. */
BS_FORCE_INLINE static inline void
rp_jump_copy_targets (const Rp      *rp,
                      int            k,
                      int            nw,
                      const guint64 *mine,
                      const guint64 *empty,
                      guint64       *out)
{
  memset (out, 0, sizeof (guint64) * (gsize) nw);
  if (nw == 1 && rp->jumps[k].by_shifts)
    {
      /* One shift of the set per board direction, whatever the pieces
       * (nw is the kernel's constant: the other kernels drop this). */
      for (int d = 0; d < rp->n_adjacent; d++)
        {
          guint64 moved[RP_MAX_WORDS];

          rp_shift_set (&rp->adjacent[d], nw, mine, moved);
          for (int w = 0; w < nw; w++)
            out[w] |= moved[w];
        }
      for (int w = 0; w < nw; w++)
        out[w] &= empty[w];
      return;
    }
  for (int w = 0; w < nw; w++)
    for (guint64 bits = mine[w]; bits != 0; bits &= bits - 1)
      {
        const guint64 *ring = rp_ring (rp, k, w * 64 + bs_ctz (bits), nw);

        for (int v = 0; v < nw; v++)
          out[v] |= ring[v];
      }
  for (int w = 0; w < nw; w++)
    out[w] &= empty[w];
}

BS_FORCE_INLINE static inline void
rp_jump_empty (const Rp      *rp,
               int            nw,
               const guint64 *mine,
               const guint64 *theirs,
               guint64       *empty)
{
  for (int w = 0; w < nw; w++)
    empty[w] = rp->valid[w] & ~(mine[w] | theirs[w]);
}

/* Whether a piece of `mine` reaches an empty cell by some block. */
BS_FORCE_INLINE static inline gboolean
rp_jump_can_move (const Rp      *rp,
                  int            nw,
                  const guint64 *mine,
                  const guint64 *theirs)
{
  guint64 empty[RP_MAX_STEP_WORDS];

  rp_jump_empty (rp, nw, mine, theirs, empty);
  for (int w = 0; w < nw; w++)
    for (guint64 bits = mine[w]; bits != 0; bits &= bits - 1)
      {
        const guint64 *reach = rp->reach + (gsize) (w * 64 + bs_ctz (bits)) * (gsize) nw;
        guint64 any = 0;

        for (int v = 0; v < nw; v++)
          any |= reach[v] & empty[v];
        if (any != 0)
          return TRUE;
      }
  return FALSE;
}

/* The first end test that holds, `mover` having just moved, or -1: the
 * no-move ends ask the jumps, the others are the step programs'. */
BS_FORCE_INLINE static inline int
rp_jump_first_end (const Rp         *rp,
                   const BsPosition *pos,
                   int               mover,
                   int               nw)
{
  const guint64 *mover_set = rp_sets (rp, pos, mover);
  const guint64 *next_set = rp_sets (rp, pos, 3 - mover);

  for (int i = 0; i < rp->n_ends; i++)
    {
      const RpEnd *e = &rp->ends[i];
      gboolean holds;

      if (e->kind != BS_RULES_END_NO_MOVE)
        holds = rp_end_holds (rp, e, pos, mover, nw, FALSE);
      else if (e->who == BS_RULES_WHO_BOTH)
        holds = !rp_jump_can_move (rp, nw, next_set, mover_set)
                && !rp_jump_can_move (rp, nw, mover_set, next_set);
      else if (e->who == BS_RULES_WHO_NEXT)
        holds = !rp_jump_can_move (rp, nw, next_set, mover_set);
      else
        holds = !rp_jump_can_move (rp, nw, mover_set, next_set);
      if (holds)
        return i;
    }
  return -1;
}

BS_FORCE_INLINE static inline guint
rp_jump_generate_body (const BsRuleset  *rs,
                       const BsPosition *pos,
                       BsMove           *moves,
                       int               words)
{
  const Rp *rp = rs->module_data;
  const int nw = RP_NW (rp, words);
  const guint64 *mine, *theirs;
  guint64 empty[RP_MAX_STEP_WORDS];
  guint n = 0;

  if (G_UNLIKELY (!(pos->flags & BS_POSITION_DERIVED)))
    {
      g_autofree BsPosition *copy = rp_fresh_copy (rs, pos);
      return rs->generate (rs, copy, moves);
    }
  mine = rp_sets (rp, pos, pos->to_move);
  theirs = rp_sets (rp, pos, 3 - pos->to_move);
  rp_jump_empty (rp, nw, mine, theirs, empty);
  for (int k = 0; k < rp->n_jumps; k++)
    {
      if (rp->jumps[k].copy)
        {
          guint64 targets[RP_MAX_STEP_WORDS];

          rp_jump_copy_targets (rp, k, nw, mine, empty, targets);
          for (int w = 0; w < nw; w++)
            for (guint64 bits = targets[w]; bits != 0; bits &= bits - 1)
              moves[n++] = RP_JUMP (RP_JUMP_COPY_FROM, w * 64 + bs_ctz (bits), k);
          continue;
        }
      for (int w = 0; w < nw; w++)
        for (guint64 pieces = mine[w]; pieces != 0; pieces &= pieces - 1)
          {
            int from_bit = w * 64 + bs_ctz (pieces);
            const guint64 *ring = rp_ring (rp, k, from_bit, nw);

            for (int v = 0; v < nw; v++)
              for (guint64 bits = ring[v] & empty[v]; bits != 0; bits &= bits - 1)
                moves[n++] = RP_JUMP (from_bit, v * 64 + bs_ctz (bits), k);
          }
    }
  if (n == 0 && rp->pass)
    moves[n++] = RP_PASS;
  return n;
}

BS_BITOPS_KERNELS (guint, rp_jump_generate,
                   (const BsRuleset *rs, const BsPosition *pos, BsMove *moves),
                   rs, pos, moves)

/* One random rank among every block's moves (generate ()'s order), so
 * that the same random numbers pick the same move as generate. */
BS_FORCE_INLINE static inline BsMove
rp_jump_random_move_body (const BsRuleset  *rs,
                          const BsPosition *pos,
                          BsRng            *rng,
                          BsMove           *scratch,
                          int               words)
{
  const Rp *rp = rs->module_data;
  const int nw = RP_NW (rp, words);
  const guint64 *mine, *theirs;
  guint64 empty[RP_MAX_STEP_WORDS];
  guint64 copies[RP_MAX_STEP_WORDS] = { 0 };
  int counts[BS_RULES_MAX_BLOCKS];
  int total = 0, r, k;

  if (G_UNLIKELY (!(pos->flags & BS_POSITION_DERIVED)))
    {
      g_autofree BsPosition *copy = rp_fresh_copy (rs, pos);
      return rs->random_move (rs, copy, rng, scratch);
    }
  mine = rp_sets (rp, pos, pos->to_move);
  theirs = rp_sets (rp, pos, 3 - pos->to_move);
  rp_jump_empty (rp, nw, mine, theirs, empty);
  for (k = 0; k < rp->n_jumps; k++)
    {
      counts[k] = 0;
      if (rp->jumps[k].copy)
        {
          rp_jump_copy_targets (rp, k, nw, mine, empty, copies);
          counts[k] = bs_bits_count (copies, nw);
        }
      else
        for (int w = 0; w < nw; w++)
          for (guint64 pieces = mine[w]; pieces != 0; pieces &= pieces - 1)
            {
              const guint64 *ring = rp_ring (rp, k, w * 64 + bs_ctz (pieces), nw);

              for (int v = 0; v < nw; v++)
                counts[k] += bs_popcount (ring[v] & empty[v]);
            }
      total += counts[k];
    }
  if (total == 0 && rp->pass)
    return RP_PASS;
  g_assert (total > 0);
  r = (int) bs_rng_below (rng, (guint32) total);
  for (k = 0; r >= counts[k]; k++)
    r -= counts[k];
  if (rp->jumps[k].copy)
    return RP_JUMP (RP_JUMP_COPY_FROM, bs_bits_select (copies, nw, r), k);
  for (int w = 0; w < nw; w++)
    for (guint64 pieces = mine[w]; pieces != 0; pieces &= pieces - 1)
      {
        int from_bit = w * 64 + bs_ctz (pieces);
        guint64 targets[RP_MAX_STEP_WORDS];
        int n;

        for (int v = 0; v < nw; v++)
          targets[v] = rp_ring (rp, k, from_bit, nw)[v] & empty[v];
        n = bs_bits_count (targets, nw);
        if (r < n)
          return RP_JUMP (from_bit, bs_bits_select (targets, nw, r), k);
        r -= n;
      }
  g_assert_not_reached ();
}

BS_BITOPS_KERNELS (BsMove, rp_jump_random_move,
                   (const BsRuleset *rs, const BsPosition *pos, BsRng *rng, BsMove *scratch),
                   rs, pos, rng, scratch)

/* The other player's pieces next to the cell reached become p's. */
static void
rp_jump_convert (const BsRuleset *rs,
                 BsPosition      *pos,
                 int              to_bit,
                 BsUndo          *undo,
                 int              nw,
                 int              p)
{
  const Rp *rp = rs->module_data;
  const guint64 *around = rp->neighbourhood + (gsize) to_bit * (gsize) nw;
  guint64 *mine = rp_sets (rp, pos, p);
  guint64 *theirs = rp_sets (rp, pos, 3 - p);

  for (int w = 0; w < nw; w++)
    {
      guint64 turned = around[w] & theirs[w];

      theirs[w] &= ~turned;
      mine[w] |= turned;
      for (; turned != 0; turned &= turned - 1)
        {
          int c = rp->cell_of_bit[w * 64 + bs_ctz (turned)];
          guint8 old = pos->cells[c];

          bs_position_replace_cell (rs->zobrist, pos, c, old,
                                    BS_CELL_MAKE (p, BS_CELL_KIND (old), 0), undo);
        }
    }
}

BS_FORCE_INLINE static inline void
rp_jump_apply_body (const BsRuleset *rs,
                    BsPosition      *pos,
                    BsMove           move,
                    BsUndo          *undo,
                    int              words)
{
  const Rp *rp = rs->module_data;
  const int nw = RP_NW (rp, words);
  const int p = pos->to_move;
  int end;

  if (G_UNLIKELY (!(pos->flags & BS_POSITION_DERIVED)))
    rp_resync (rp, pos);
  if (rp->count_passes)
    pos->counter[rp->passes_counter] = move == RP_PASS ? pos->counter[rp->passes_counter] + 1 : 0;
  if (G_LIKELY (move != RP_PASS))
    {
      const int k = RP_JUMP_BLOCK (move), to_bit = RP_JUMP_TO_BIT (move);
      const int to = rp->cell_of_bit[to_bit];
      guint64 *mine = rp_sets (rp, pos, p);

      mine[to_bit >> 6] |= BS_BIT (to_bit & 63);
      if (rp->jumps[k].copy)
        bs_position_replace_cell (rs->zobrist, pos, to, BS_CELL_EMPTY, rp->copy_piece[p], undo);
      else
        {
          const int from_bit = RP_JUMP_FROM_BIT (move), from = rp->cell_of_bit[from_bit];
          const guint8 piece = pos->cells[from];

          mine[from_bit >> 6] &= ~BS_BIT (from_bit & 63);
          bs_position_replace_cell (rs->zobrist, pos, from, piece, BS_CELL_EMPTY, undo);
          bs_position_replace_cell (rs->zobrist, pos, to, BS_CELL_EMPTY, piece, undo);
        }
      if (rp->jumps[k].convert)
        rp_jump_convert (rs, pos, to_bit, undo, nw, p);
    }
  end = rp_jump_first_end (rp, pos, p, nw);
  pos->result = end < 0 ? BS_RESULT_ONGOING : rp_end_result (rp, &rp->ends[end], pos, p);
  pos->flags |= BS_POSITION_DERIVED;
  pos->ply++;
  pos->to_move = (guint8) (3 - p);
  pos->step = 0;
}

BS_BITOPS_KERNELS_VOID (rp_jump_apply,
                        (const BsRuleset *rs, BsPosition *pos, BsMove move, BsUndo *undo),
                        rs, pos, move, undo)

BS_FORCE_INLINE static inline guint
rp_jump_random_turn_body (const BsRuleset *rs,
                          BsPosition      *pos,
                          BsRng           *rng,
                          int              words)
{
  if (G_UNLIKELY (!(pos->flags & BS_POSITION_DERIVED)))
    rp_resync (rs->module_data, pos);
  rp_jump_apply_body (rs, pos, rp_jump_random_move_body (rs, pos, rng, NULL, words), NULL, words);
  return 1;
}

BS_BITOPS_KERNELS (guint, rp_jump_random_turn,
                   (const BsRuleset *rs, BsPosition *pos, BsRng *rng),
                   rs, pos, rng)

/* ---- Mixed programs ----
 *
 * Placements, walks along rays and words in one game, block by block in
 * the written order; a compulsory block that has a move cuts off the
 * blocks after it. The sets live on BsGrid's layout (one guard column, so
 * that adjacent(own) is a dilation by shifts): each player's pieces, then,
 * when a placement keeps apart from its own, each player's pieces and the
 * cells next to them. A walk reads the ray tables built at compile time
 * (each ray ends on the index n_cells, a byte of the position that stays
 * empty), so the first empty cell of a ray needs no other test. */

BS_FORCE_INLINE static inline guint64 *
rp_mx_set (const Rp *rp, const BsPosition *pos, int k)
{
  return (guint64 *) (gpointer) ((guint8 *) pos->cells + rp->sets_offset) + k * rp->nw;
}

static void
rp_mixed_resync (const Rp *rp, BsPosition *pos)
{
  memset (rp_mx_set (rp, pos, 0), 0, 8 * (gsize) rp->nw * (rp->apart ? 4 : 2));
  for (int c = 0; c < rp->n_cells; c++)
    if (pos->cells[c] != BS_CELL_EMPTY)
      bs_bits_add (rp_mx_set (rp, pos, BS_CELL_OWNER (pos->cells[c]) - 1),
                   rp->grid.bit_of_cell[c]);
  if (rp->apart)
    for (int k = 0; k < 2; k++)
      bs_grid_dilate (&rp->grid, rp->nw, rp_mx_set (rp, pos, k), rp_mx_set (rp, pos, 2 + k));
  pos->flags |= BS_POSITION_DERIVED;
}

/* The cells a place block puts p's piece on; returns how many. */
BS_FORCE_INLINE static inline int
rp_mx_place_targets (const Rp         *rp,
                     const RpBlock    *b,
                     const BsPosition *pos,
                     int               p,
                     guint64          *out,
                     const int         nw)
{
  const guint64 *own = rp_mx_set (rp, pos, 0), *other = rp_mx_set (rp, pos, 1);
  const guint64 *near = rp->apart ? rp_mx_set (rp, pos, 2 + p - 1) : NULL;
  int n = 0;

  for (int w = 0; w < nw; w++)
    {
      out[w] = rp->grid.valid[w] & ~(own[w] | other[w]);
      if (b->apart)
        out[w] &= ~near[w];
      n += bs_popcount (out[w]);
    }
  return n;
}

/* The targets of a walk block from `cell` along its k-th direction, in
 * order along the ray, into out (NULL: only counted). */
BS_FORCE_INLINE static inline int
rp_mx_walk (const Rp      *rp,
            const RpBlock *b,
            const guint8  *cells,
            int            cell,
            int            k,
            int           *out)
{
  const gint16 *ray = rp->rays + rp->ray_start[cell * rp->n_dirs + b->dirs[k]];
  int j = 0, n = 0;

  if (!b->slide)
    {
      while (cells[ray[j]] != BS_CELL_EMPTY)
        j++;
      if (ray[j] == rp->n_cells || (b->over >= 0 && j > b->over))
        return 0;
      if (out != NULL)
        out[0] = ray[j];
      return 1;
    }
  while (ray[j] != rp->n_cells && cells[ray[j]] == BS_CELL_EMPTY
         && (b->distance < 0 || j < b->distance))
    {
      if (!b->farthest)
        {
          if (out != NULL)
            out[n] = ray[j];
          n++;
        }
      j++;
    }
  if (b->farthest && j > 0)
    {
      if (out != NULL)
        out[0] = ray[j - 1];
      n = 1;
    }
  return n;
}

/* Every move of block b for p, appended to moves (NULL: counted only). */
BS_FORCE_INLINE static inline guint
rp_mx_block_moves (const Rp         *rp,
                   const RpBlock    *b,
                   const BsPosition *pos,
                   int               p,
                   BsMove           *moves,
                   const int         nw)
{
  const BsGrid *grid = &rp->grid;
  guint n = 0;

  if (b->kind == RP_MX_WORD)
    {
      if (moves != NULL)
        moves[0] = RP_MX_MOVE (RP_MX_WORD, 0, b->rank, 0);
      return 1;
    }
  if (b->kind == RP_MX_PLACE)
    {
      guint64 targets[BS_GRID_MAX_WORDS];

      n = (guint) rp_mx_place_targets (rp, b, pos, p, targets, nw);
      if (moves != NULL)
        for (int w = 0, i = 0; w < nw; w++)
          for (guint64 bits = targets[w]; bits != 0; bits &= bits - 1)
            moves[i++] = RP_MX_MOVE (RP_MX_PLACE, 0,
                                     grid->cell_of_bit[w * 64 + bs_ctz (bits)], b->rank);
      return n;
    }
  {
    const guint64 *own = rp_mx_set (rp, pos, p - 1);
    int targets[BS_MAX_CELLS];

    /* Bit order is cell order: piece by piece, then the directions. */
    for (int w = 0; w < nw; w++)
      for (guint64 bits = own[w]; bits != 0; bits &= bits - 1)
        {
          int c = grid->cell_of_bit[w * 64 + bs_ctz (bits)];

          for (int k = 0; k < b->n_dirs; k++)
            {
              int m = rp_mx_walk (rp, b, pos->cells, c, k, moves != NULL ? targets : NULL);

              if (moves != NULL)
                for (int i = 0; i < m; i++)
                  moves[n + (guint) i] = RP_MX_MOVE (RP_MX_WALK, c, targets[i], 0);
              n += (guint) m;
            }
        }
  }
  return n;
}

BS_FORCE_INLINE static inline guint
rp_mx_generate_body (const BsRuleset  *rs,
                     const BsPosition *pos,
                     BsMove           *moves,
                     int               words)
{
  const Rp *rp = rs->module_data;
  const int nw = RP_NW (rp, words);
  guint n = 0;

  if (G_UNLIKELY (!(pos->flags & BS_POSITION_DERIVED)))
    {
      g_autofree BsPosition *copy = rp_fresh_copy (rs, pos);
      return rs->generate (rs, copy, moves);
    }
  for (int i = 0; i < rp->n_blocks; i++)
    {
      guint m = rp_mx_block_moves (rp, &rp->blocks[i], pos, pos->to_move, moves + n, nw);

      n += m;
      if (m > 0 && rp->blocks[i].compulsory)
        break;
    }
  return n;
}

BS_BITOPS_KERNELS (guint, rp_mx_generate,
                   (const BsRuleset *rs, const BsPosition *pos, BsMove *moves),
                   rs, pos, moves)

/* The r-th move (from 0) of the blocks first to last, in generate ()'s
 * order; a placement by its rank, a walk by walking again. */
BS_FORCE_INLINE static inline BsMove
rp_mx_nth (const Rp         *rp,
           const BsPosition *pos,
           int               first,
           int               last,
           guint             r,
           const int         nw)
{
  int p = pos->to_move;

  for (int i = first; i <= last; i++)
    {
      const RpBlock *b = &rp->blocks[i];
      guint m = rp_mx_block_moves (rp, b, pos, p, NULL, nw);

      if (r >= m)
        {
          r -= m;
          continue;
        }
      if (b->kind == RP_MX_WORD)
        return RP_MX_MOVE (RP_MX_WORD, 0, b->rank, 0);
      if (b->kind == RP_MX_PLACE)
        {
          guint64 targets[BS_GRID_MAX_WORDS] = { 0 };

          rp_mx_place_targets (rp, b, pos, p, targets, nw);
          return RP_MX_MOVE (RP_MX_PLACE, 0,
                             rp->grid.cell_of_bit[bs_bits_select (targets, nw, (int) r)],
                             b->rank);
        }
      {
        const guint64 *own = rp_mx_set (rp, pos, p - 1);
        int targets[BS_MAX_CELLS];

        for (int w = 0; w < nw; w++)
          for (guint64 bits = own[w]; bits != 0; bits &= bits - 1)
            {
              int c = rp->grid.cell_of_bit[w * 64 + bs_ctz (bits)];

              for (int k = 0; k < b->n_dirs; k++)
                {
                  guint n = (guint) rp_mx_walk (rp, b, pos->cells, c, k, targets);

                  if (r < n)
                    return RP_MX_MOVE (RP_MX_WALK, c, targets[r], 0);
                  r -= n;
                }
            }
      }
    }
  g_assert_not_reached ();
  return 0;
}

/* A uniform pick of the moves of blocks first to the last, by counting
 * them (out of line: the rare path). */
static G_NO_INLINE BsMove
rp_mx_random_exact (const Rp         *rp,
                    const BsPosition *pos,
                    BsRng            *rng,
                    int               first)
{
  guint total = 0;

  for (int i = first; i < rp->n_blocks; i++)
    total += rp_mx_block_moves (rp, &rp->blocks[i], pos, pos->to_move, NULL, rp->nw);
  g_assert (total > 0);
  return rp_mx_nth (rp, pos, first, rp->n_blocks - 1, bs_rng_below (rng, total), rp->nw);
}

/* Uniform over generate ()'s moves. A compulsory block with moves: one
 * of them by rank. Else, when every walk has at most one target per ray,
 * slots are drawn (a place block's cells, a walk's pieces times its
 * directions, a word's one) until one is a move; after RP_MIXED_TRIES
 * misses, and for walks with several targets per ray at once, the moves
 * are counted and one is picked by rank. Every draw gives each move the
 * same chance, so the pick is uniform. */
BS_FORCE_INLINE static inline BsMove
rp_mx_random_move_body (const BsRuleset  *rs,
                        const BsPosition *pos,
                        BsRng            *rng,
                        BsMove           *scratch,
                        int               words)
{
  const Rp *rp = rs->module_data;
  const int nw = RP_NW (rp, words);
  int p = pos->to_move;
  int first = 0;
  guint slots[RP_MAX_MIXED_BLOCKS];
  guint total = 0;

  if (G_UNLIKELY (!(pos->flags & BS_POSITION_DERIVED)))
    {
      g_autofree BsPosition *copy = rp_fresh_copy (rs, pos);
      return rs->random_move (rs, copy, rng, scratch);
    }
  for (int i = 0; i < rp->n_blocks; i++)
    {
      const RpBlock *b = &rp->blocks[i];

      if (!b->compulsory)
        continue;
      if (b->kind == RP_MX_PLACE && i == first)
        {
          /* The usual case, a compulsory placement first: by its rank. */
          guint64 targets[BS_GRID_MAX_WORDS];
          int n = rp_mx_place_targets (rp, b, pos, p, targets, nw);

          if (n > 0)
            return RP_MX_MOVE (RP_MX_PLACE, 0,
                               rp->grid.cell_of_bit[rp_select (targets, nw,
                                                               (int) bs_rng_below (rng,
                                                                                   (guint32) n))],
                               b->rank);
        }
      else
        {
          guint n = rp_mx_block_moves (rp, b, pos, p, NULL, nw);

          if (n > 0)
            {
              guint before = 0;

              for (int k = first; k < i; k++)
                before += rp_mx_block_moves (rp, &rp->blocks[k], pos, p, NULL, nw);
              return rp_mx_nth (rp, pos, first, i, bs_rng_below (rng, before + n), nw);
            }
        }
      first = i + 1;
    }
  if (!rp->exact_random)
    {
      for (int i = first; i < rp->n_blocks; i++)
        {
          const RpBlock *b = &rp->blocks[i];

          slots[i] = b->kind == RP_MX_WORD ? 1
                     : b->kind == RP_MX_WALK ? (guint) (bs_position_pieces (pos, p) * b->n_dirs)
                                             : rp_mx_block_moves (rp, b, pos, p, NULL, nw);
          total += slots[i];
        }
      for (int t = 0; t < RP_MIXED_TRIES && total > 0; t++)
        {
          guint s = bs_rng_below (rng, total);
          int i = first;
          const RpBlock *b;
          int c, target;

          while (s >= slots[i])
            s -= slots[i++];
          b = &rp->blocks[i];
          if (b->kind != RP_MX_WALK)
            return rp_mx_nth (rp, pos, i, i, s, nw);
          c = rp->grid.cell_of_bit[bs_bits_select (rp_mx_set (rp, pos, p - 1), nw,
                                                   (int) (s / (guint) b->n_dirs))];
          if (rp_mx_walk (rp, b, pos->cells, c, (int) (s % (guint) b->n_dirs), &target) == 1)
            return RP_MX_MOVE (RP_MX_WALK, c, target, 0);
        }
    }
  return rp_mx_random_exact (rp, pos, rng, first);
}

BS_BITOPS_KERNELS (BsMove, rp_mx_random_move,
                   (const BsRuleset *rs, const BsPosition *pos, BsRng *rng, BsMove *scratch),
                   rs, pos, rng, scratch)

/* Groups of a grid set (bs-bitboard.h). */
static int
rp_count_groups (const BsGrid *grid, const guint64 *set)
{
  return bs_grid_count_groups (grid, grid->n_words, set, grid->n_dirs == 6);
}

/* Each player's groups, from the cells. */
static void
rp_groups (const Rp *rp, const BsPosition *pos, int groups[2])
{
  guint64 sets[2][BS_GRID_MAX_WORDS] = { { 0 } };

  for (int c = 0; c < rp->n_cells; c++)
    if (pos->cells[c] != BS_CELL_EMPTY)
      bs_bits_add (sets[BS_CELL_OWNER (pos->cells[c]) - 1], rp->grid.bit_of_cell[c]);
  groups[0] = rp_count_groups (&rp->grid, sets[0]);
  groups[1] = rp_count_groups (&rp->grid, sets[1]);
}

/* The result of a <played> end after `mover` played its word. */
static guint8
rp_mx_played_result (const Rp         *rp,
                     const RpEnd      *e,
                     const BsPosition *pos,
                     int               mover)
{
  int groups[2], mine, theirs;

  if (e->source->result != BS_RULES_RESULT_MOST_GROUPS &&
      e->source->result != BS_RULES_RESULT_FEWEST_GROUPS)
    return rp_end_result (rp, e, pos, mover);
  rp_groups (rp, pos, groups);
  mine = groups[mover - 1];
  theirs = groups[2 - mover];
  if (e->source->result == BS_RULES_RESULT_MOST_GROUPS)
    {
      mine = -mine;
      theirs = -theirs;
    }
  if (mine == theirs)
    return e->source->tie == BS_RULES_WHO_BOTH ? BS_RESULT_DRAW
           : (guint8) (e->source->tie == BS_RULES_WHO_MOVER ? mover : 3 - mover);
  return (guint8) (mine < theirs ? mover : 3 - mover);
}

static void rp_mx_apply_word (const BsRuleset *rs, BsPosition *pos, BsMove move, BsUndo *undo);

/* adjacent(set): on a hex grid by four shifts, else one per direction. */
BS_FORCE_INLINE static inline void
rp_mx_dilate (const Rp *rp, const guint64 *set, guint64 *out, const int nw)
{
  if (rp->grid.n_dirs == 6)
    bs_grid_dilate_hex (&rp->grid, nw, set, out);
  else
    bs_grid_dilate (&rp->grid, nw, set, out);
}

BS_FORCE_INLINE static inline void
rp_mx_apply_body (const BsRuleset *rs,
                  BsPosition      *pos,
                  BsMove           move,
                  BsUndo          *undo,
                  int              words)
{
  const Rp *rp = rs->module_data;
  const BsGrid *grid = &rp->grid;
  const int nw = RP_NW (rp, words);
  int p = pos->to_move, q = 3 - p;

  if (G_UNLIKELY (!(pos->flags & BS_POSITION_DERIVED)))
    rp_mixed_resync (rp, pos);
  switch (RP_MX_KIND (move))
    {
    case RP_MX_PLACE:
      {
        int to = RP_MX_TO (move);
        const RpBlock *b = &rp->blocks[0];

        for (int i = 0; i < rp->n_blocks; i++)
          if (rp->blocks[i].kind == RP_MX_PLACE && rp->blocks[i].rank == RP_MX_RANK (move))
            b = &rp->blocks[i];
        bs_position_replace_cell (rs->zobrist, pos, to, BS_CELL_EMPTY, b->piece[p], undo);
        bs_bits_add (rp_mx_set (rp, pos, p - 1), grid->bit_of_cell[to]);
        if (rp->apart)
          for (int w = 0; w < nw; w++)
            rp_mx_set (rp, pos, 2 + p - 1)[w] |= rp->around[(gsize) to * nw + w];
        break;
      }
    case RP_MX_WALK:
      {
        int from = RP_MX_FROM (move), to = RP_MX_TO (move);
        guint8 piece = pos->cells[from];

        bs_position_replace_cell (rs->zobrist, pos, from, piece, BS_CELL_EMPTY, undo);
        bs_position_replace_cell (rs->zobrist, pos, to, BS_CELL_EMPTY, piece, undo);
        bs_bits_remove (rp_mx_set (rp, pos, p - 1), grid->bit_of_cell[from]);
        bs_bits_add (rp_mx_set (rp, pos, p - 1), grid->bit_of_cell[to]);
        /* The piece may have been the only one next to its old
         * neighbours: the dilation again rather than counts. */
        if (rp->apart)
          rp_mx_dilate (rp, rp_mx_set (rp, pos, p - 1), rp_mx_set (rp, pos, 2 + p - 1), nw);
        break;
      }
    default:
      rp_mx_apply_word (rs, pos, move, undo);
      break;
    }
  pos->flags |= BS_POSITION_DERIVED;
  pos->ply++;
  pos->to_move = (guint8) q;
  pos->step = 0;
}

BS_BITOPS_KERNELS_VOID (rp_mx_apply,
                        (const BsRuleset *rs, BsPosition *pos, BsMove move, BsUndo *undo),
                        rs, pos, move, undo)

/* A word: its effect, then the <played> end that names it (out of line:
 * once a game). */
static G_NO_INLINE void
rp_mx_apply_word (const BsRuleset *rs,
                  BsPosition      *pos,
                  BsMove           move,
                  BsUndo          *undo)
{
  const Rp *rp = rs->module_data;
  const BsGrid *grid = &rp->grid;
  const int nw = rp->nw;
  int p = pos->to_move, q = 3 - p;
  int rank = RP_MX_TO (move), block = -1;

  for (int i = 0; i < rp->n_blocks; i++)
    if (rp->blocks[i].kind == RP_MX_WORD && rp->blocks[i].rank == rank)
      block = i;
  g_assert (block >= 0);
  if (rp->blocks[block].fill_opponent)
    {
      guint8 theirs = BS_CELL_MAKE (q, 0, 0);
      guint64 *own = rp_mx_set (rp, pos, 0), *other = rp_mx_set (rp, pos, 1);

      for (int w = 0; w < nw; w++)
        {
          guint64 empty = grid->valid[w] & ~(own[w] | other[w]);

          for (guint64 bits = empty; bits != 0; bits &= bits - 1)
            bs_position_replace_cell (rs->zobrist, pos, grid->cell_of_bit[w * 64 + bs_ctz (bits)],
                                      BS_CELL_EMPTY, theirs, undo);
          rp_mx_set (rp, pos, q - 1)[w] |= empty;
        }
      if (rp->apart)
        rp_mx_dilate (rp, rp_mx_set (rp, pos, q - 1), rp_mx_set (rp, pos, 2 + q - 1), nw);
    }
  for (int i = 0; i < rp->n_ends; i++)
    if (rp->ends[i].kind == BS_RULES_END_PLAYED &&
        rp->ends[i].source->word == (int) rp->blocks[block].source)
      {
        pos->result = rp_mx_played_result (rp, &rp->ends[i], pos, p);
        break;
      }
}

static int rp_board_dir (const BsRuleset *rs, const BsRulesDir *dir, int p);

/* Compiles the blocks of a mixed program on the board's grid. */
static gboolean
rp_compile_mixed (BsRuleset       *rs,
                  Rp              *rp,
                  GError         **error)
{
  const BsRulesDocument *doc = rp->doc;
  int ranks[4] = { 0 };
  int max_ray = 1;
  guint rest = 0, most = 0, before = 0;
  GArray *rays;

  rp->nw = rp->grid.n_words;
  for (guint i = 0; i < doc->steps->len; i++)
    {
      const BsRulesStep *s = &g_array_index (doc->steps, BsRulesStep, i);
      RpBlock *b;

      if (!bs_rules_condition_holds (&s->cond, rs->options))
        continue;
      if (rp->n_blocks == RP_MAX_MIXED_BLOCKS)
        {
          g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_INVALID,
                       _("%s:%d: more than %d move blocks in a game that places and walks"),
                       doc->filename, s->line, RP_MAX_MIXED_BLOCKS);
          return FALSE;
        }
      b = &rp->blocks[rp->n_blocks++];
      b->kind = s->word ? RP_MX_WORD : s->walk ? RP_MX_WALK : RP_MX_PLACE;
      b->source = i;
      b->rank = ranks[b->kind]++;
      b->compulsory = s->compulsory;
      b->apart = s->apart;
      rp->apart |= s->apart;
      b->slide = s->slide;
      b->over = s->over;
      b->distance = s->distance;
      b->farthest = s->farthest;
      b->fill_opponent = s->fill_opponent;
      b->single = !s->slide || s->farthest || s->distance == 1;
      rp->exact_random |= b->kind == RP_MX_WALK && !b->single;
      for (int p = 1; p <= 2; p++)
        b->piece[p] = BS_CELL_MAKE (p, s->piece, 0);
      if (s->all_dirs)
        for (int d = 0; d < rs->n_dirs; d++)
          b->dirs[b->n_dirs++] = d;
      for (int k = 0; k < s->n_dirs; k++)
        {
          int d = rp_board_dir (rs, &s->dirs[k], 1);

          if (d < 0 || s->dirs[k].relative)
            {
              g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_INVALID,
                           _("%s:%d: the direction \"%s\" is not one of this board's"),
                           doc->filename, s->line, s->dirs[k].name);
              return FALSE;
            }
          b->dirs[b->n_dirs++] = d;
        }
      if (b->rank > 15)
        {
          g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_INVALID,
                       _("%s:%d: more than 16 blocks of one kind"), doc->filename, s->line);
          return FALSE;
        }
    }
  for (int i = 0; i < rp->n_ends; i++)
    if (rp->ends[i].kind != BS_RULES_END_PLAYED)
      {
        g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_INVALID,
                     _("%s:%d: a game that places and walks ends only by <played> for now"),
                     doc->filename, rp->ends[i].source->line);
        return FALSE;
      }

  /* The rays, each closed by n_cells. */
  rp->ray_start = g_new (int, (gsize) rs->n_cells * rs->n_dirs);
  rays = g_array_new (FALSE, FALSE, sizeof (gint16));
  for (int c = 0; c < rs->n_cells; c++)
    for (int d = 0; d < rs->n_dirs; d++)
      {
        gint16 end = (gint16) rs->n_cells;
        int len = 0;

        rp->ray_start[c * rs->n_dirs + d] = (int) rays->len;
        for (int m = bs_board_neighbour (rs->neighbours, rs->n_dirs, c, d); m != BS_NO_CELL;
             m = bs_board_neighbour (rs->neighbours, rs->n_dirs, m, d))
          {
            gint16 cell = (gint16) m;

            g_array_append_val (rays, cell);
            len++;
          }
        g_array_append_val (rays, end);
        max_ray = MAX (max_ray, len);
      }
  rp->rays = (gint16 *) (gpointer) g_array_free (rays, FALSE);
  rp->around = g_new0 (guint64, (gsize) rs->n_cells * rp->nw);
  for (int c = 0; c < rs->n_cells; c++)
    {
      guint64 one[BS_GRID_MAX_WORDS] = { 0 };

      bs_bits_add (one, rp->grid.bit_of_cell[c]);
      bs_grid_dilate (&rp->grid, rp->nw, one, rp->around + (gsize) c * rp->nw);
    }

  /* The most moves: a compulsory block's and those before it, or every
   * other block's when no compulsory one has a move. */
  for (int i = 0; i < rp->n_blocks; i++)
    {
      const RpBlock *b = &rp->blocks[i];
      guint n = b->kind == RP_MX_WORD ? 1
                : b->kind == RP_MX_PLACE ? (guint) rs->n_cells
                : (guint) rs->n_cells * (guint) b->n_dirs * (b->single ? 1u : (guint) max_ray);

      before += n;
      if (b->compulsory)
        most = MAX (most, before);
      else
        rest += n;
    }
  rs->max_moves = MAX (MAX (most, rest), 1u);
  for (int i = 0; i < rp->n_blocks; i++)
    if (rp->blocks[i].fill_opponent)
      rs->max_changes = MAX (rs->max_changes, (guint) rs->n_cells);
  /* After the cells a byte that stays empty (the rays' end), then the sets. */
  rp->sets_offset = ((gsize) rs->n_cells + 1 + 7) & ~(gsize) 7;
  rs->extra_size = rp->sets_offset - (gsize) rs->n_cells
                   + 8 * (gsize) rp->nw * (rp->apart ? 4 : 2);
  rs->generate = BS_BITOPS_PICK (rp_mx_generate, rp->nw);
  rs->random_move = BS_BITOPS_PICK (rp_mx_random_move, rp->nw);
  rs->apply = BS_BITOPS_PICK (rp_mx_apply, rp->nw);
  rs->random_turn = NULL;
  return TRUE;
}

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

/* Whether column `col` (from 0 at the west edge) is in `cols`, counted
 * from 1 at the west edge. */
static gboolean
rp_in_cols (const Rp           *rp,
            const BsRulesRanks *cols,
            const int          *options,
            int                 col)
{
  int file = col + 1;

  return file >= (cols->first_far ? rp->width : bs_rules_number_value (&cols->first, options)) &&
         file <= (cols->last_far ? rp->width : bs_rules_number_value (&cols->last, options));
}

/* Whether cell c is in region `region` for player p: in one of the
 * declarations of its id that hold for p, each the cells in all of its
 * rows, cols and centre. */
static gboolean
rp_region_has (const BsRuleset *rs,
               const Rp        *rp,
               int              region,
               int              p,
               int              c)
{
  const GArray *regions = rp->doc->regions;
  const char *id = g_array_index (regions, BsRulesRegion, region).id;
  int row = bs_board_cell_row (rs->board, c), col = bs_board_cell_col (rs->board, c);

  for (guint i = 0; i < regions->len; i++)
    {
      const BsRulesRegion *r = &g_array_index (regions, BsRulesRegion, i);

      if (!g_str_equal (r->id, id) || (r->player != 0 && r->player != p))
        continue;
      if (r->special)
        {
          if (c == rs->specials[r->special_index][p])
            return TRUE;
          continue;
        }
      if (r->has_rows && !rp_in_ranks (rp, &r->ranks, rs->options, p, row))
        continue;
      if (r->has_cols && !rp_in_cols (rp, &r->cols, rs->options, col))
        continue;
      if (r->has_centre)
        {
          int n = bs_rules_number_value (&r->centre, rs->options);
          int c0 = (rp->width - n) / 2, r0 = (rp->height - n) / 2;

          if (col < c0 || col >= c0 + n || row < r0 || row >= r0 + n)
            continue;
        }
      return TRUE;
    }
  return FALSE;
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

static gboolean rp_compile_board_shift (const BsRuleset *rs, Rp *rp, int d, RpShift *out,
                                        const char *element, int line, GError **error);

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

  if (d < 0)
    {
      g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_INVALID,
                   _("%s:%d: <step> attribute \"dirs\": this board has no direction \"%s\""),
                   rp->doc->filename, line, dir->name);
      return FALSE;
    }
  return rp_compile_board_shift (rs, rp, d, out, "step", line, error);
}

/* Board direction d as one shift of the bits, with the cells that have a
 * neighbour that way; an error (naming <element>) where it is not one. */
static gboolean
rp_compile_board_shift (const BsRuleset  *rs,
                        Rp               *rp,
                        int               d,
                        RpShift          *out,
                        const char       *element,
                        int               line,
                        GError          **error)
{
  gboolean known = FALSE;

  memset (out, 0, sizeof *out);
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
                       /* Translators: FILE:LINE: <element>: then a direction name (n, ne, …). */
                   _("%s:%d: <%s>: the direction \"%s\" is not one shift on this board"),
                       rp->doc->filename, line, element, bs_board_dir_name (rs->board, d));
          return FALSE;
        }
      out->shift = shift;
      known = TRUE;
      bs_bits_add (out->from_ok, rp->bit_of_cell[c]);
    }
  if (ABS (out->shift) >= 64)
    {
      g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_INVALID,
                   _("%s:%d: <%s>: boards wider than 62 cells are for a later version"),
                   rp->doc->filename, line, element);
      return FALSE;
    }
  out->up = MAX (out->shift, 0);
  out->down = MAX (-out->shift, 0);
  return TRUE;
}

static int rp_opposite_dir (const BsRuleset *rs, int d);

/* Rp.bracket.fill: on a one-word board, brackets from one enemy piece to
 * at least the longest run a line holds (the length cells along a
 * direction minus two) are computed by doubling shifts; each walk is a
 * rotation too. */
static void
rp_compile_bracket_fill (const BsRuleset *rs,
                         Rp              *rp)
{
  RpBracket *b = &rp->bracket;

  b->fill = rp->nw == 1 && b->min == 1;
  b->fill3 = TRUE;
  for (int p = 1; p <= 2 && b->fill; p++)
    for (int k = 0; k < b->n_dirs && b->fill; k++)
      {
        const RpShift *s = &b->toward[p][k];
        guint64 x = rp->valid[0];
        int cells = 0, steps = 1;

        /* After `cells` shifts no cell is left: the longest line. */
        for (; x != 0; cells++)
          x = ((x & s->from_ok[0]) << s->up >> s->down) & rp->valid[0];
        while ((1 << steps) - 1 < cells - 2)
          steps++;
        b->fill_rot[p][k] = s->shift & 63;
        b->fill_steps[p][k] = steps;
        b->fill_to[p][k] = (s->from_ok[0] << s->up) >> s->down;
        b->walk_rot[p][k] = -s->shift & 63;
        b->walk_to[p][k] = 0;
        for (int c = 0; c < rp->n_cells; c++)
          {
            int n = bs_board_neighbour (rs->neighbours, rs->n_dirs, c, b->walk[p][k]);

            if (n == BS_NO_CELL)
              continue;
            if (rp->bit_of_cell[n] - rp->bit_of_cell[c] != -s->shift)
              b->fill = FALSE;
            b->walk_to[p][k] |= BS_BIT (rp->bit_of_cell[n]);
          }
        /* The doubled shifts stay inside the word (they do on any board:
         * a line of n cells spans (n - 1) shifts). */
        if (b->max < cells - 2 || ((gint64) ABS (s->shift) << (steps - 1)) >= 64)
          b->fill = FALSE;
        /* More doublings than a line needs change nothing while they
         * stay inside the word. */
        if (steps > 3 || ABS (s->shift) * 4 >= 64)
          b->fill3 = FALSE;
      }
  b->fill3 = b->fill3 && b->fill;
}

/* A placement's <bracket>: each direction walked from the placed piece
 * (every board direction when none is written), per player. */
static gboolean
rp_compile_bracket (const BsRuleset   *rs,
                    Rp                *rp,
                    const BsRulesStep *step,
                    GError           **error)
{
  RpBracket *b = &rp->bracket;
  int n = step->n_bracket_dirs > 0 ? step->n_bracket_dirs : rs->n_dirs;

  b->on = TRUE;
  b->required = step->bracket_required;
  b->capture = step->bracket_capture;
  b->min = step->bracket_length.first_far ? rs->n_cells
           : bs_rules_number_value (&step->bracket_length.first, rs->options);
  b->max = step->bracket_length.last_far ? rs->n_cells
           : bs_rules_number_value (&step->bracket_length.last, rs->options);
  b->min = MAX (b->min, 1);
  b->n_dirs = n;
  for (int p = 1; p <= 2; p++)
    for (int k = 0; k < n; k++)
      {
        int d = step->n_bracket_dirs > 0 ? rp_board_dir (rs, &step->bracket_dirs[k], p) : k;
        int back = d >= 0 ? rp_opposite_dir (rs, d) : -1;

        if (d < 0 || back < 0)
          {
            g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_INVALID,
                         _("%s:%d: <bracket> attribute \"dirs\": this board has no direction "
                         "\"%s\" (or none back)"), rp->doc->filename, step->line,
                         step->bracket_dirs[k].name);
            return FALSE;
          }
        b->walk[p][k] = d;
        if (!rp_compile_board_shift (rs, rp, back, &b->toward[p][k], "bracket", step->line,
                                     error))
          return FALSE;
      }
  rp_compile_bracket_fill (rs, rp);
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
          if (step->bracket && rp->n_steps == 1 && !rp_compile_bracket (rs, rp, step, error))
            return FALSE;
          if (rp->n_steps > 1)
            {
              /* Their moves would be written alike: a kind in the notation first. */
              g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_INVALID,
                           _("%s:%d: <place>: placing more than one kind is for a later version "
                           "of the language"), rp->doc->filename, step->line);
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
            }
        }
    }
  return TRUE;
}

/* The <jump> blocks: per block and bit its ring (the cells exactly
 * `distance` away: king moves by row and column on square boards, hex
 * steps on the full grid of a hex board), every
 * block's rings together (who can move), and each bit's board
 * neighbours (convert). */
static gboolean
rp_compile_jumps (const BsRuleset *rs,
                  Rp              *rp,
                  GError         **error)
{
  const BsRulesDocument *doc = rp->doc;
  const int nw = rp->nw;
  int distance[BS_RULES_MAX_BLOCKS];

  const gboolean hex = bs_shape_is_hex (bs_board_get_spec (rs->board)->shape);

  for (guint i = 0; i < doc->steps->len; i++)
    {
      const BsRulesStep *step = &g_array_index (doc->steps, BsRulesStep, i);

      if (!bs_rules_condition_holds (&step->cond, rs->options))
        continue;
      distance[rp->n_jumps] = step->jump_distance;
      rp->jumps[rp->n_jumps].copy = step->leave_copy;
      rp->jumps[rp->n_jumps].convert = step->convert;
      rp->n_jumps++;
    }
  for (int p = 1; p <= 2; p++)
    rp->copy_piece[p] = BS_CELL_MAKE (p, 0, 0);
  rp->rings = g_new0 (guint64, (gsize) (rp->n_jumps * rp->n_bits * nw));
  rp->reach = g_new0 (guint64, (gsize) (rp->n_bits * nw));
  rp->neighbourhood = g_new0 (guint64, (gsize) (rp->n_bits * nw));
  for (int a = 0; a < rs->n_cells; a++)
    {
      int bit = rp->bit_of_cell[a];
      int row = bs_board_cell_row (rs->board, a), col = bs_board_cell_col (rs->board, a);

      for (int d = 0; d < rs->n_dirs; d++)
        {
          int b = bs_board_neighbour (rp->neighbours, rp->n_dirs, a, d);

          if (b != BS_NO_CELL)
            bs_bits_add (rp->neighbourhood + (gsize) bit * (gsize) nw, rp->bit_of_cell[b]);
        }
      for (int b = 0; b < rs->n_cells; b++)
        {
          /* On a hex board the hex distance (bs_board_distance: the
           * steps between the cells on the full grid, holes or not). */
          int far = hex ? bs_board_distance (rs->board, a, b)
                        : MAX (ABS (bs_board_cell_row (rs->board, b) - row),
                               ABS (bs_board_cell_col (rs->board, b) - col));

          for (int k = 0; k < rp->n_jumps; k++)
            if (far == distance[k])
              {
                bs_bits_add (rp->rings + ((gsize) k * (gsize) rp->n_bits + (gsize) bit)
                                           * (gsize) nw, rp->bit_of_cell[b]);
                bs_bits_add (rp->reach + (gsize) bit * (gsize) nw, rp->bit_of_cell[b]);
                /* A copy block: a move per cell; a jump: one per piece and ring cell. */
                rp->jump_moves += rp->jumps[k].copy ? 0u : 1u;
              }
        }
    }
  for (int k = 0; k < rp->n_jumps; k++)
    rp->jump_moves += rp->jumps[k].copy ? (guint) rs->n_cells : 0u;
  rp->jump_moves += 1;                /* pass */
  /* A copy block whose rings are the board's neighbours (distance 1 on a
   * hex board, or with adjacency 8): its targets by one shift per board
   * direction, when every direction is one shift here and the board is one
   * word (on more, a shift crosses words and costs more than an OR of
   * each piece's ring: a two-word hexagon of side 5 played 996
   * instructions a ply by shifts, 961 by rings; RULES-LANGUAGE.md). */
  for (int k = 0; k < rp->n_jumps; k++)
    {
      gboolean same = rp->jumps[k].copy && nw == 1;

      for (int bit = 0; same && bit < rp->n_bits; bit++)
        same = memcmp (rp_ring (rp, k, bit, nw), rp->neighbourhood + (gsize) bit * (gsize) nw,
                       sizeof (guint64) * (gsize) nw) == 0;
      for (int d = 0; same && rp->n_adjacent == 0 && d < rs->n_dirs; d++)
        {
          g_autoptr(GError) local = NULL;

          same = rp_compile_board_shift (rs, rp, d, &rp->adjacent[d], "jump", 0, &local);
          if (same && d == rs->n_dirs - 1)
            rp->n_adjacent = rs->n_dirs;
        }
      rp->jumps[k].by_shifts = same && rp->n_adjacent == rs->n_dirs;
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
                       _("%s:%d: <line> attribute \"dirs\": this board has no direction \"%s\""),
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
  /* The ways as shifts (a mixed program's ends are on another layout). */
  op->bits = !rp->mixed;
  for (int a = 0; a < op->n_axes && op->bits; a++)
    for (int k = 0; k < 2 && op->bits; k++)
      {
        g_autoptr(GError) local = NULL;

        op->bits = rp_compile_board_shift (rs, rp, op->axes[a][k], &op->way[a][k], "line",
                                           end->line, &local);
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
    [BS_RULES_END_CONNECT] = BS_ENDING_GOAL,
    [BS_RULES_END_ELIMINATED] = BS_ENDING_ELIMINATION,
    [BS_RULES_END_REACH] = BS_ENDING_GOAL,
    [BS_RULES_END_NO_MOVE] = BS_ENDING_NO_MOVES,
    [BS_RULES_END_LINE] = BS_ENDING_GOAL,
    [BS_RULES_END_FULL] = BS_ENDING_BOARD_FULL,
    [BS_RULES_END_PLAYED] = BS_ENDING_END_MOVE,
    [BS_RULES_END_CAPTURED] = BS_ENDING_GOAL,
    [BS_RULES_END_PASSES] = BS_ENDING_PASSES,
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
        result = result == BS_RULES_RESULT_WIN ? BS_RULES_RESULT_LOSS
                 : result == BS_RULES_RESULT_LOSS ? BS_RULES_RESULT_WIN
                 : result == BS_RULES_RESULT_MOST_PIECES ? BS_RULES_RESULT_FEWEST_PIECES
                                                         : BS_RULES_RESULT_MOST_PIECES;
      op->by_count = result == BS_RULES_RESULT_MOST_PIECES ? 1
                     : result == BS_RULES_RESULT_FEWEST_PIECES ? -1 : 0;
      for (int p = 1; p <= 2; p++)
        op->winner_if_who[p] = result == BS_RULES_RESULT_WIN ? p
                               : result == BS_RULES_RESULT_LOSS ? 3 - p : BS_RESULT_DRAW;
      if (end->kind == BS_RULES_END_REACH)
        {
          /* of="opponent": the region of the other player. */
          for (int p = 1; p <= 2; p++)
            for (int c = 0; c < rp->n_cells; c++)
              if (rp_region_has (rs, rp, end->region, end->of_opponent ? 3 - p : p, c))
                bs_bits_add (op->region[p], rp->bit_of_cell[c]);
        }
      if (end->kind == BS_RULES_END_CONNECT)
        {
          RpConnect *k = &rp->connects[rp->n_connects++];

          k->n = end->n_regions;
          op->connect = k;
          for (int r = 0; r < k->n; r++)
            for (int p = 1; p <= 2; p++)
              for (int c = 0; c < rp->n_cells; c++)
                if (rp_region_has (rs, rp, end->regions[r], p, c))
                  bs_bits_add (k->region[r][p], rp->bit_of_cell[c]);
          for (int d = 0; rp->n_adjacent == 0 && d < rs->n_dirs; d++)
            if (!rp_compile_board_shift (rs, rp, d, &rp->adjacent[d], "connect", end->line,
                                         error))
              return FALSE;
          rp->n_adjacent = rs->n_dirs;
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
      if (end->kind == BS_RULES_END_CAPTURED)
        {
          op->count = MAX (1, bs_rules_number_value (&end->count, rs->options));
          rp->count_captures = TRUE;
        }
      if (end->kind == BS_RULES_END_PASSES)
        {
          if (!rp->jumping)
            {
              g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_INVALID,
                           _("%s:%d: <passes> ends only games of <jump> blocks for now"),
                           doc->filename, end->line);
              return FALSE;
            }
          op->count = MAX (1, bs_rules_number_value (&end->count, rs->options));
          rp->count_passes = TRUE;
        }
    }
  for (guint i = 0; i < doc->measures->len; i++)
    if (g_array_index (doc->measures, BsRulesMeasure, i).kind == BS_RULES_MEASURE_CAPTURED)
      rp->count_captures = TRUE;
  rp->passes_counter = rp->count_captures ? 2 : 0;
  return TRUE;
}

/* Whether the program is a one-word step program (see "One-word step
 * programs"), and then its sides' tables. */
static void
rp_compile_one_word (Rp *rp)
{
  if (rp->nw != 1 || rp->placing || rp->jumping || rp->mixed || rp->n_steps < 1
      || rp->n_steps > RP1_MAX_BLOCKS || rp->count_passes)
    return;
  for (int i = 0; i < rp->n_ends; i++)
    {
      const RpEnd *e = &rp->ends[i];

      if (e->kind == BS_RULES_END_REACH && e->who == BS_RULES_WHO_MOVER)
        for (int p = 1; p <= 2; p++)
          rp->one[p].reach |= e->region[p][0];
      else if (e->kind == BS_RULES_END_ELIMINATED && e->who == BS_RULES_WHO_NEXT)
        rp->one_eliminated = TRUE;
      else if (e->kind == BS_RULES_END_NO_MOVE && e->who == BS_RULES_WHO_NEXT)
        rp->one_no_move = TRUE;
      else
        {
          memset (rp->one, 0, sizeof rp->one);
          rp->one_eliminated = rp->one_no_move = FALSE;
          return;
        }
    }
  for (int p = 1; p <= 2; p++)
    {
      Rp1Side *side = &rp->one[p];
      int k = 0;

      for (int i = 0; i < rp->n_steps; i++)
        {
          const RpStep *step = &rp->steps[i];
          const RpShift *s = &step->player[p];

          side->blocks[i] = (Rp1Block) {
            .from_ok = s->from_ok[0],
            .to_empty = step->to_empty,
            .to_enemy = step->to_enemy,
            .up = s->up,
            .down = s->down,
            .shift = s->shift,
          };
        }
      /* The probe order: the blocks that reach empty and enemy cells,
       * then those that reach empty cells, then the others. */
      for (int pass = 0; pass < 3; pass++)
        for (int i = 0; i < rp->n_steps; i++)
          {
            const Rp1Block *b = &side->blocks[i];
            int rank = b->to_empty != 0 ? (b->to_enemy != 0 ? 0 : 1) : 2;

            if (rank == pass)
              side->probe[k++] = *b;
          }
    }
  rp->one_word = TRUE;
}

/* Rp.bracket_word (see "One-word bracket programs"), and Rp.bracket_w8
 * with each player's masks in the order of RPB_ROT8. */
static void
rp_compile_bracket_word (Rp *rp)
{
  const RpBracket *b = &rp->bracket;

  if (!rp->placing || rp->nw != 1 || rp->jumping || rp->mixed || rp->n_steps != 1
      || rp->joined != NULL || !b->on || !b->fill3 || !b->required || b->capture
      || rp->count_captures || rp->count_passes)
    return;
  for (int i = 0; i < rp->n_ends; i++)
    {
      const RpEnd *e = &rp->ends[i];

      if (e->kind == BS_RULES_END_NO_MOVE && e->who == BS_RULES_WHO_MOVER)
        rp->bracket_mover_no_move = TRUE;
      else if (e->kind != BS_RULES_END_FULL && e->kind != BS_RULES_END_NO_MOVE)
        {
          rp->bracket_mover_no_move = FALSE;
          return;
        }
    }
  rp->bracket_word = TRUE;
  rp->bracket_w8 = b->n_dirs == 8;
  for (int p = 1; p <= 2 && rp->bracket_w8; p++)
    for (int i = 0; i < 8 && rp->bracket_w8; i++)
      {
        int fill = -1, walk = -1;

        for (int k = 0; k < b->n_dirs; k++)
          {
            if (b->fill_rot[p][k] == RPB_ROT8[i])
              fill = k;
            if (b->walk_rot[p][k] == 64 - RPB_ROT8[i])
              walk = k;
          }
        if (fill < 0 || walk < 0)
          rp->bracket_w8 = FALSE;
        else
          {
            rp->w8_fill_to[p][i] = b->fill_to[p][fill];
            rp->w8_walk_to[p][i] = b->walk_to[p][walk];
          }
      }
}

/* Rp.place_line (see "Placing programs with a line end"). */
static void
rp_compile_place_line (const BsRuleset *rs,
                       Rp              *rp)
{
  const RpLine *e = NULL;

  if (!rp->placing || rp->jumping || rp->mixed || rp->n_steps != 1 || rp->joined != NULL
      || rp->bracket.on || rp->count_captures || rp->count_passes)
    return;
  for (int i = 0; i < rp->n_ends; i++)
    {
      const RpEnd *end = &rp->ends[i];

      if (end->kind == BS_RULES_END_LINE && end->who == BS_RULES_WHO_MOVER
          && (e == NULL || e == end->line))
        e = end->line;
      else if (end->kind != BS_RULES_END_FULL)
        return;
    }
  if (e == NULL)
    return;
  rp->line_lim = g_new0 (guint8, (gsize) rp->n_cells * (gsize) (2 * e->n_axes));
  for (int a = 0; a < e->n_axes; a++)
    for (int k = 0; k < 2; k++)
      {
        const int d = e->axes[a][k];
        gboolean known = FALSE;

        for (int c = 0; c < rp->n_cells; c++)
          {
            int n = 0;

            for (int at = c, next; n < e->length; at = next, n++)
              {
                next = bs_board_neighbour (rs->neighbours, rs->n_dirs, at, d);
                if (next == BS_NO_CELL)
                  break;
                if (!known)
                  {
                    rp->line_delta[a][k] = next - at;
                    known = TRUE;
                  }
                else if (next - at != rp->line_delta[a][k])
                  {
                    g_clear_pointer (&rp->line_lim, g_free);
                    return;
                  }
              }
            rp->line_lim[(gsize) c * (gsize) (2 * e->n_axes) + (gsize) (2 * a + k)] = (guint8) n;
          }
      }
  rp->line_end = e;
  rp->place_line = TRUE;
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

  if (fill->checkerboard &&
      (bs_board_cell_col (rs->board, c) + row) % 2 != (p == fill->a1_player ? 0 : 1))
    return FALSE;
  if (fill->region >= 0)
    return rp_region_has (rs, rp, fill->region, p, c);
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

            /* Translators: the first %s is where the piece is set ("FILE:LINE: " or
             * nothing), then a player, a cell, the same player again and the rules file and
             * line of the goal. */
            g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_INVALID,
                         _("%sa fixed piece of %s on %s stands where %s must bring a piece to "
                         "win (%s:%d), so none may start there"),
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
                               _("the starting pieces of both players would overlap on %s "
                               "(<fill> at %s:%d)"),
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
                     _("%s would start without any piece: every cell where the rules put their "
                     "pieces is a hole or holds a fixed piece"),
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
  if (rp->has_grid)
    bs_grid_clear (&rp->grid);
  g_free (rp->rays);
  g_free (rp->ray_start);
  g_free (rp->around);
  g_free (rp->rings);
  g_free (rp->reach);
  g_free (rp->neighbourhood);
  g_free (rp->swap_to);
  g_free (rp->line_lim);
  bs_rules_features_free (rp->features);
  g_free (rp);
}

/* ---- The swap rule ----
 *
 * <turn><swap mirror="…"/></turn>: the second player's first turn (one ply
 * played) may be the move "swap" instead: the players exchange sides. The
 * engine keeps each player's side (player 1 still moves first and aims for
 * the same regions), so the exchange is played on the board: every piece
 * changes owner and goes to its mirrored cell (mirror="none": the same
 * cell; "diagonal": column and row exchanged; "rows": the rows turned
 * end to end), the players' supplies and capture counts change places,
 * and then player 1 moves, as after any second ply. It is offered only
 * when every piece has a mirrored cell (holes). The program's own hooks
 * run every other ply; these wrappers are installed only when the swap is
 * compiled, so a game without it runs exactly the hooks it ran before. */

static gboolean
rp_swap_offered (const Rp         *rp,
                 const BsRuleset  *rs,
                 const BsPosition *pos)
{
  if (pos->ply != 1 || pos->to_move != 2 || pos->result != BS_RESULT_ONGOING)
    return FALSE;
  for (int c = 0; c < rs->n_cells; c++)
    if (pos->cells[c] != BS_CELL_EMPTY && rp->swap_to[c] == BS_NO_CELL)
      return FALSE;
  return TRUE;
}

static guint
rp_swap_generate (const BsRuleset  *rs,
                  const BsPosition *pos,
                  BsMove           *moves)
{
  const Rp *rp = rs->module_data;
  guint n = rp->base_generate (rs, pos, moves);

  if (G_UNLIKELY (pos->ply == 1) && rp_swap_offered (rp, rs, pos))
    moves[n++] = RP_SWAP;
  return n;
}

/* At the swap's ply a uniform pick among generate's moves and the swap. */
static BsMove
rp_swap_random_move (const BsRuleset  *rs,
                     const BsPosition *pos,
                     BsRng            *rng,
                     BsMove           *scratch)
{
  const Rp *rp = rs->module_data;
  BsMove local[512];
  g_autofree BsMove *heap = NULL;
  BsMove *moves = scratch;
  guint n;

  if (G_LIKELY (pos->ply != 1) || !rp_swap_offered (rp, rs, pos))
    return rp->base_random_move (rs, pos, rng, scratch);
  /* The playout's turn has no scratch: a board's worth on the stack. */
  if (moves == NULL)
    moves = rs->max_moves <= G_N_ELEMENTS (local) ? local
                                                 : (heap = g_new (BsMove, rs->max_moves));
  n = rp_swap_generate (rs, pos, moves);
  return moves[bs_rng_below (rng, n)];
}

/* The swap played: see above. Every write is journaled (undo restores the
 * cells, and the header and derived sets from its copy). */
static void
rp_swap_play (const BsRuleset *rs,
              BsPosition      *pos,
              BsUndo          *undo)
{
  const Rp *rp = rs->module_data;
  const int p = pos->to_move;
  g_autofree guint8 *before = g_memdup2 (pos->cells, (gsize) rs->n_cells);
  int end = -1;

  for (int c = 0; c < rs->n_cells; c++)
    if (before[c] != BS_CELL_EMPTY)
      bs_position_replace_cell (rs->zobrist, pos, c, before[c], BS_CELL_EMPTY, undo);
  for (int c = 0; c < rs->n_cells; c++)
    if (before[c] != BS_CELL_EMPTY)
      bs_position_replace_cell (rs->zobrist, pos, rp->swap_to[c], BS_CELL_EMPTY,
                                BS_CELL_MAKE (3 - BS_CELL_OWNER (before[c]),
                                              BS_CELL_KIND (before[c]), BS_CELL_DIR (before[c])),
                                undo);
  for (int k = 0; k < BS_MAX_KINDS; k++)
    {
      guint16 t = pos->supply[0][k];

      pos->supply[0][k] = pos->supply[1][k];
      pos->supply[1][k] = t;
    }
  if (rp->count_captures)
    {
      gint32 t = pos->counter[RP_COUNTER_CAPTURED (1)];

      pos->counter[RP_COUNTER_CAPTURED (1)] = pos->counter[RP_COUNTER_CAPTURED (2)];
      pos->counter[RP_COUNTER_CAPTURED (2)] = t;
    }
  rp_resync (rp, pos);
  /* Any piece moved: every end is tested on the whole board (a mixed
   * game ends only by its words). */
  if (!rp->mixed)
    end = rp->jumping ? rp_jump_first_end (rp, pos, p, rp->nw) : rp_first_end (rp, pos, p, rp->nw);
  pos->result = end < 0 ? BS_RESULT_ONGOING : rp_end_result (rp, &rp->ends[end], pos, p);
  pos->flags |= BS_POSITION_DERIVED;
  pos->ply++;
  pos->to_move = (guint8) (3 - p);
  pos->step = 0;
}

static void
rp_swap_apply (const BsRuleset *rs,
               BsPosition      *pos,
               BsMove           move,
               BsUndo          *undo)
{
  const Rp *rp = rs->module_data;

  if (G_LIKELY (move != RP_SWAP))
    rp->base_apply (rs, pos, move, undo);
  else
    rp_swap_play (rs, pos, undo);
}

static guint
rp_swap_random_turn (const BsRuleset *rs,
                     BsPosition      *pos,
                     BsRng           *rng)
{
  const Rp *rp = rs->module_data;

  if (G_LIKELY (pos->ply != 1))
    return rp->base_random_turn (rs, pos, rng);
  rp_swap_apply (rs, pos, rp_swap_random_move (rs, pos, rng, NULL), NULL);
  return 1;
}

/* The swap's mirror as a table of cells, and the wrappers; nothing when
 * the game has no swap or its if= fails. */
static gboolean
rp_compile_swap (BsRuleset  *rs,
                 Rp         *rp,
                 GError    **error)
{
  const BsRulesDocument *doc = rp->doc;
  int min_col = G_MAXINT, min_row = G_MAXINT, max_col = G_MININT, max_row = G_MININT, span;
  g_autofree gint16 *at = NULL;

  if (!doc->swap || !bs_rules_condition_holds (&doc->swap_cond, rs->options))
    return TRUE;
  for (int c = 0; c < rs->n_cells; c++)
    {
      min_col = MIN (min_col, bs_board_cell_col (rs->board, c));
      max_col = MAX (max_col, bs_board_cell_col (rs->board, c));
      min_row = MIN (min_row, bs_board_cell_row (rs->board, c));
      max_row = MAX (max_row, bs_board_cell_row (rs->board, c));
    }
  if (doc->swap_mirror == BS_RULES_MIRROR_DIAGONAL && max_col - min_col != max_row - min_row)
    {
      g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_INVALID,
                   /* Translators: the swap rule of a rules file (docs/RULES-LANGUAGE.md). */
                   _("%s:%d: <swap> mirrors across the diagonal, so the board must be as wide "
                     "as it is high (this one is %d × %d)"), doc->filename, doc->swap_line,
                   max_col - min_col + 1, max_row - min_row + 1);
      return FALSE;
    }
  span = MAX (max_col - min_col, max_row - min_row) + 1;
  at = g_new (gint16, (gsize) span * (gsize) span);
  for (int i = 0; i < span * span; i++)
    at[i] = BS_NO_CELL;
  for (int c = 0; c < rs->n_cells; c++)
    at[(bs_board_cell_row (rs->board, c) - min_row) * span
       + bs_board_cell_col (rs->board, c) - min_col] = (gint16) c;
  rp->swap_to = g_new (gint16, (gsize) rs->n_cells);
  for (int c = 0; c < rs->n_cells; c++)
    {
      int col = bs_board_cell_col (rs->board, c) - min_col;
      int row = bs_board_cell_row (rs->board, c) - min_row;

      switch (doc->swap_mirror)
        {
        case BS_RULES_MIRROR_DIAGONAL:
          rp->swap_to[c] = at[col * span + row];
          break;
        case BS_RULES_MIRROR_ROWS:
          rp->swap_to[c] = at[(max_row - min_row - row) * span + col];
          break;
        case BS_RULES_MIRROR_NONE:
        default:
          rp->swap_to[c] = (gint16) c;
          break;
        }
    }
  rp->swap = TRUE;
  rp->swap_word = 0;
  for (guint i = 0; i < doc->steps->len; i++)
    rp->swap_word += g_array_index (doc->steps, BsRulesStep, i).word;
  if (rp->swap_word == 0 && rp->pass)
    rp->swap_word = 1;
  rs->max_moves += 1;
  rp->base_generate = rs->generate;
  rp->base_random_move = rs->random_move;
  rp->base_apply = rs->apply;
  rp->base_random_turn = rs->random_turn;
  rs->generate = rp_swap_generate;
  rs->random_move = rp_swap_random_move;
  rs->apply = rp_swap_apply;
  rs->random_turn = rs->random_turn != NULL ? rp_swap_random_turn : NULL;
  return TRUE;
}

/* The joined sets (see Rp.joined) where they are exact: a placing game
 * (no bracket: no piece turns or leaves) with one connect end, of the
 * mover, joining two regions; and each bit's neighbours for them. */
static void
rp_compile_joined (BsRuleset *rs,
                   Rp        *rp)
{
  const RpEnd *connect = NULL;

  if (!rp->placing || rp->bracket.on || rp->jumping || rp->mixed)
    return;
  for (int i = 0; i < rp->n_ends; i++)
    if (rp->ends[i].kind == BS_RULES_END_CONNECT)
      {
        if (connect != NULL)
          return;
        connect = &rp->ends[i];
      }
  if (connect == NULL || connect->who != BS_RULES_WHO_MOVER || connect->connect->n != 2)
    return;
  rp->joined = connect->connect;
  rp->neighbourhood = g_new0 (guint64, (gsize) rp->n_bits * (gsize) rp->nw);
  for (int a = 0; a < rs->n_cells; a++)
    for (int d = 0; d < rs->n_dirs; d++)
      {
        int b = bs_board_neighbour (rp->neighbours, rp->n_dirs, a, d);

        if (b != BS_NO_CELL)
          bs_bits_add (rp->neighbourhood + (gsize) rp->bit_of_cell[a] * (gsize) rp->nw,
                       rp->bit_of_cell[b]);
      }
}

/* The tables of the features the ends give (bs-rules-features.h): the
 * first connect end's regions and the first line end's axes. */
static gboolean
rp_compile_features (const BsRuleset *rs,
                     Rp              *rp)
{
  rp->features = bs_rules_features_new (rs, rp->doc);
  for (int i = 0; i < rp->n_ends; i++)
    {
      const RpEnd *e = &rp->ends[i];

      if (e->kind == BS_RULES_END_CONNECT && !bs_rules_features_connects (rp->features))
        {
          int n = e->source->n_regions;
          g_autofree gboolean *in_region = g_new0 (gboolean, (gsize) n * 3 * (gsize) rs->n_cells);

          for (int r = 0; r < n; r++)
            for (int p = 1; p <= 2; p++)
              for (int c = 0; c < rs->n_cells; c++)
                in_region[(r * 3 + p) * rs->n_cells + c]
                  = rp_region_has (rs, rp, e->source->regions[r], p, c);
          bs_rules_features_set_connection (rp->features, n, in_region);
        }
      if (e->kind == BS_RULES_END_LINE)
        {
          int dirs[BS_RULES_MAX_DIRS];

          for (int a = 0; a < e->line->n_axes; a++)
            dirs[a] = e->line->axes[a][0];
          bs_rules_features_set_line (rp->features, e->line->length, dirs, e->line->n_axes);
        }
    }
  return TRUE;
}

static void
rp_feature_values (const BsRuleset  *rs,
                   const BsPosition *pos,
                   double           *values)
{
  const Rp *rp = rs->module_data;

  bs_rules_features_values (rp->features, pos, values);
}

const BsRulesFeatures *
bs_rules_program_features (const BsRuleset *rs)
{
  return ((const Rp *) rs->module_data)->features;
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
  rp->placing = !doc->mixed && doc->steps->len > 0
                && g_array_index (doc->steps, BsRulesStep, 0).place;
  rp->pass = doc->pass_when_no_move;
  for (int c = 0; c < rs->n_cells; c++)
    {
      min_col = MIN (min_col, bs_board_cell_col (rs->board, c));
      max_col = MAX (max_col, bs_board_cell_col (rs->board, c));
      min_row = MIN (min_row, bs_board_cell_row (rs->board, c));
      max_row = MAX (max_row, bs_board_cell_row (rs->board, c));
    }
  rp->width = max_col - min_col + 1;
  rp->height = spec->shape == BS_SHAPE_SQUARE ? spec->height : max_row - min_row + 1;
  rp->mixed = doc->mixed;
  for (guint i = 0; i < doc->measures->len; i++)
    rp->has_grid |= g_array_index (doc->measures, BsRulesMeasure, i).kind
                    == BS_RULES_MEASURE_GROUPS;
  if (rp->mixed || rp->has_grid)
    {
      if (!bs_grid_init (&rp->grid, rs->board, 1))
        {
          g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_INVALID,
                       _("%s: this board has too many cells, or directions that are not "
                         "constant steps, for groups and walks"), doc->filename);
          return FALSE;
        }
      rp->has_grid = TRUE;
    }
  if (rp->mixed)
    return rp_compile_ends (rs, rp, error) && rp_compile_mixed (rs, rp, error)
           && rp_compile_swap (rs, rp, error) && rp_compile_features (rs, rp);
  if (rp->width * (max_row - min_row + 1) > (rp->placing ? RP_MAX_BITS : RP_MAX_STEP_BITS))
    {
      g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_INVALID,
                   _("written rules play on boards of at most %d places for now "
                   "(this one spans %d × %d)"), rp->placing ? RP_MAX_BITS : RP_MAX_STEP_BITS,
                   rp->width, max_row - min_row + 1);
      return FALSE;
    }
  rp->nw = (rp->width * (max_row - min_row + 1) + 63) / 64;
  rp->n_bits = rp->width * (max_row - min_row + 1);
  rp->jumping = doc->jumping;
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
  if (!(rp->jumping ? rp_compile_jumps (rs, rp, error) : rp_compile_steps (rs, rp, error)))
    return FALSE;
  if (!rp_compile_ends (rs, rp, error))
    return FALSE;
  if (!rp_check_start (rs, rp, error))
    return FALSE;
  rp_compile_joined (rs, rp);

  rp->sets_offset = ((gsize) rs->n_cells + 7) & ~(gsize) 7;
  rs->extra_size = rp->sets_offset - (gsize) rs->n_cells
                   + (rp->joined != NULL ? 32 : 16) * (gsize) rp->nw;
  rs->max_moves = MAX (1u, (guint) rp->n_steps * (guint) rs->n_cells);
  if (rp->jumping)
    {
      rs->max_moves = rp->jump_moves;
      rs->generate = BS_BITOPS_PICK (rp_jump_generate, rp->nw);
      rs->random_move = BS_BITOPS_PICK (rp_jump_random_move, rp->nw);
      rs->apply = BS_BITOPS_PICK (rp_jump_apply, rp->nw);
      rs->random_turn = BS_BITOPS_PICK (rp_jump_random_turn, rp->nw);
    }
  else if (rp->placing)
    {
      rs->generate = RP_BITOPS_PICK4 (rp_generate_place, rp->nw);
      rs->random_move = RP_BITOPS_PICK4 (rp_random_move_place, rp->nw);
      rs->apply = rp->joined != NULL ? BS_BITOPS_PICK (rp_apply_place_joined, rp->nw)
                  : RP_BITOPS_PICK4 (rp_apply_place, rp->nw);
      rs->random_turn = rp->joined != NULL ? BS_BITOPS_PICK (rp_random_turn_place_joined, rp->nw)
                        : RP_BITOPS_PICK4 (rp_random_turn_place, rp->nw);
      rp_compile_bracket_word (rp);
      if (rp->bracket_word)
        rs->random_turn = rpb_pick (rp);
      rp_compile_place_line (rs, rp);
      if (rp->place_line)
        rs->random_turn = RP_BITOPS_PICK4 (rpl_random_turn, rp->nw);
    }
  else
    {
      rs->generate = BS_BITOPS_PICK (rp_generate_step, rp->nw);
      rs->random_move = BS_BITOPS_PICK (rp_random_move_step, rp->nw);
      rs->apply = BS_BITOPS_PICK (rp_apply_step, rp->nw);
      rs->random_turn = BS_BITOPS_PICK (rp_random_turn_step, rp->nw);
      rp_compile_one_word (rp);
      if (rp->one_word)
        rs->random_turn = rp1_pick (rp->n_steps);
    }
  return rp_compile_swap (rs, rp, error) && rp_compile_features (rs, rp);
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
  /* A mixed game ends only by its words. */
  if (rp->mixed)
    return;
  end = rp->jumping ? rp_jump_first_end (rp, pos, 3 - pos->to_move, rp->nw)
                    : rp_first_end (rp, pos, 3 - pos->to_move, rp->nw);
  if (end >= 0)
    {
      const RpEnd *e = &rp->ends[end];

      pos->result = rp_end_result (rp, e, pos, 3 - pos->to_move);
    }
}

/* The end test that ended pos (over), or -1. */
static int
rp_ended_by (const BsRuleset  *rs,
             const BsPosition *pos)
{
  const Rp *rp = rs->module_data;

  if (rp->mixed)
    {
      for (int i = 0; i < rp->n_ends && pos->result != BS_RESULT_ONGOING; i++)
        if (rp->ends[i].kind == BS_RULES_END_PLAYED)
          return i;
      return -1;
    }
  if (!(pos->flags & BS_POSITION_DERIVED))
    {
      g_autofree BsPosition *copy = rp_fresh_copy (rs, pos);
      return rp_ended_by (rs, copy);
    }
  if (rp->jumping)
    return rp_jump_first_end (rp, pos, 3 - pos->to_move, rp->nw);
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

/* A text of the rules file in the user's language: po/its/boardsmith-rules.its
 * puts the shipped games' texts in the catalog, as the C modules' N_() are;
 * a text the catalog lacks (a game of the user's own) stays as written. */
static const char *
rp_translate (const char *text)
{
  return text != NULL && text[0] != '\0' ? _(text) : text;
}

/* `text`, already in the user's language, with {mover}, {next}, {player1},
 * {player2}, {from}, {to} and each number option's {id} filled in. */
static void
rp_fill_translated (const BsRuleset *rs,
                    const char      *text,
                    int              mover,
                    const char      *from,
                    const char      *to,
                    GString         *out)
{
  const BsVariant *v = rs->variant;
  g_autoptr(GString) s = g_string_new (text);

  g_string_replace (s, "{mover}", bs_variant_display_player (v, mover), 0);
  g_string_replace (s, "{next}", bs_variant_display_player (v, 3 - mover), 0);
  g_string_replace (s, "{player1}", bs_variant_display_player (v, 1), 0);
  g_string_replace (s, "{player2}", bs_variant_display_player (v, 2), 0);
  if (from != NULL)
    g_string_replace (s, "{from}", from, 0);
  if (to != NULL)
    g_string_replace (s, "{to}", to, 0);
  for (guint i = 0; i < rs->module->n_options && strchr (s->str, '{') != NULL; i++)
    if (rs->module->options[i].type == BS_OPTION_INT)
      {
        g_autofree char *name = g_strdup_printf ("{%s}", rs->module->options[i].id);
        g_autofree char *value = g_strdup_printf ("%d", rs->options[i]);

        g_string_replace (s, name, value, 0);
      }
  g_string_append (out, s->str);
}

/* A designer's sentence of the rules file, translated, then filled in. */
static void
rp_fill_text (const BsRuleset *rs,
              const char      *text,
              int              mover,
              const char      *from,
              const char      *to,
              GString         *out)
{
  if (text != NULL)
    rp_fill_translated (rs, rp_translate (text), mover, from, to, out);
}

void
bs_rules_program_fill_text (const BsRuleset *rs,
                            const char      *text,
                            int              mover,
                            const char      *from,
                            const char      *to,
                            GString         *out)
{
  rp_fill_text (rs, text, mover, from, to, out);
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
      if (m->kind == BS_RULES_MEASURE_GROUPS)
        {
          rp_groups (rp, pos, values[i]);
          continue;
        }
      if (m->kind == BS_RULES_MEASURE_CAPTURED)
        {
          values[i][0] = pos->counter[RP_COUNTER_CAPTURED (1)];
          values[i][1] = pos->counter[RP_COUNTER_CAPTURED (2)];
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

/* The document block a mixed block was compiled from. */
static guint
rp_mx_source (const Rp *rp, int block)
{
  return rp->blocks[block].source;
}

/* The block of a word's move, or -1. */
static int
rp_mx_word_block (const Rp *rp, BsMove move)
{
  for (int i = 0; i < rp->n_blocks; i++)
    if (rp->blocks[i].kind == RP_MX_WORD && rp->blocks[i].rank == RP_MX_TO (move))
      return i;
  return -1;
}

/* A placement as its cell, a walk FROM-TO, a word as its id. */
static void
rp_mx_format_move (const BsRuleset *rs,
                   BsMove           move,
                   GString         *out)
{
  const Rp *rp = rs->module_data;
  int from = RP_MX_FROM (move), to = RP_MX_TO (move);
  int word = RP_MX_KIND (move) == RP_MX_WORD ? rp_mx_word_block (rp, move) : -1;

  if (word >= 0)
    g_string_append (out, g_array_index (rp->doc->steps, BsRulesStep,
                                         rp_mx_source (rp, word)).word_id);
  else if (RP_MX_KIND (move) == RP_MX_PLACE && to < rs->n_cells)
    g_string_append (out, bs_board_cell_label (rs->board, to));
  else if (RP_MX_KIND (move) == RP_MX_WALK && from < rs->n_cells && to < rs->n_cells)
    g_string_append_printf (out, "%s%s%s", bs_board_cell_label (rs->board, from),
                            rp->doc->move_separator, bs_board_cell_label (rs->board, to));
  else
    g_string_append_printf (out, "?%08x", move);
}

static void
rp_mx_explain_turn (const BsRuleset   *rs,
                    const BsPosition  *before,
                    BsMove             move,
                    BsTurnExplanation *out)
{
  const Rp *rp = rs->module_data;
  int from = RP_MX_FROM (move), to = RP_MX_TO (move);
  int word = RP_MX_KIND (move) == RP_MX_WORD ? rp_mx_word_block (rp, move) : -1;

  if (word >= 0)
    rp_fill_text (rs, g_array_index (rp->doc->steps, BsRulesStep,
                                     rp_mx_source (rp, word)).word_explain,
                  before->to_move, NULL, NULL, out->summary);
  else if (RP_MX_KIND (move) == RP_MX_PLACE && to < rs->n_cells)
    rp_fill_text (rs, rp->doc->explain_place != NULL ? rp->doc->explain_place
                                                     : rp->doc->explain_move,
                  before->to_move, NULL, bs_board_cell_label (rs->board, to), out->summary);
  else if (RP_MX_KIND (move) == RP_MX_WALK && from < rs->n_cells && to < rs->n_cells)
    rp_fill_text (rs, rp->doc->explain_move, before->to_move,
                  bs_board_cell_label (rs->board, from), bs_board_cell_label (rs->board, to),
                  out->summary);
}

/* ---- Notation ---- */

/* The block of a jump from `from` to `to` that leaves its cell (the
 * block whose ring holds to), or n_jumps: no block makes it. */
static int
rp_jump_block_of (const Rp *rp,
                  int       from,
                  int       to)
{
  int k;

  for (k = 0; k < rp->n_jumps; k++)
    if (!rp->jumps[k].copy &&
        bs_bits_has (rp_ring (rp, k, rp->bit_of_cell[from], rp->nw), rp->bit_of_cell[to]))
      break;
  return k;
}

/* The copy block, or n_jumps. */
static int
rp_jump_copy_block (const Rp *rp)
{
  int k;

  for (k = 0; k < rp->n_jumps && !rp->jumps[k].copy; k++)
    ;
  return k;
}

/* The cell a jump move leaves (BS_NO_CELL for a copy) and reaches;
 * FALSE when the move is no jump of this program. */
static gboolean
rp_jump_cells (const BsRuleset *rs,
               BsMove           move,
               int             *from,
               int             *to)
{
  const Rp *rp = rs->module_data;
  int k = RP_JUMP_BLOCK (move);

  if (k >= rp->n_jumps || RP_JUMP_TO_BIT (move) >= rp->n_bits ||
      (!rp->jumps[k].copy && RP_JUMP_FROM_BIT (move) >= rp->n_bits))
    return FALSE;
  *to = rp->cell_of_bit[RP_JUMP_TO_BIT (move)];
  *from = rp->jumps[k].copy ? BS_NO_CELL : rp->cell_of_bit[RP_JUMP_FROM_BIT (move)];
  return bs_bits_has (rp->valid, RP_JUMP_TO_BIT (move)) &&
         (*from == BS_NO_CELL || bs_bits_has (rp->valid, RP_JUMP_FROM_BIT (move)));
}

/* The jump move from `from` (BS_NO_CELL: a copy) to `to`. */
static BsMove
rp_jump_move (const Rp *rp,
              int       from,
              int       to)
{
  if (from == BS_NO_CELL)
    return RP_JUMP (RP_JUMP_COPY_FROM, rp->bit_of_cell[to], rp_jump_copy_block (rp));
  return RP_JUMP (rp->bit_of_cell[from], rp->bit_of_cell[to], rp_jump_block_of (rp, from, to));
}

static void
rp_format_move (const BsRuleset  *rs,
                const BsPosition *pos,
                BsMove            move,
                GString          *out)
{
  const Rp *rp = rs->module_data;
  int from = RP_MOVE_FROM (move), to = RP_MOVE_TO (move);

  if (move == RP_PASS && rp->pass)
    {
      g_string_append (out, "pass");
      return;
    }
  if (move == RP_SWAP && rp->swap)
    {
      g_string_append (out, "swap");
      return;
    }
  if (rp->mixed)
    {
      rp_mx_format_move (rs, move, out);
      return;
    }
  if (rp->jumping)
    {
      if (!rp_jump_cells (rs, move, &from, &to))
        g_string_append_printf (out, "?%08x", move);
      else if (from == BS_NO_CELL)
        g_string_append (out, bs_board_cell_label (rs->board, to));
      else
        g_string_append_printf (out, "%s%s%s", bs_board_cell_label (rs->board, from),
                                rp->doc->move_separator, bs_board_cell_label (rs->board, to));
      return;
    }
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
  const char *how = rp_translate (rp->doc->how_to_write);
  const char *sep;
  g_autofree char *first = NULL;
  int from, to;

  if (rp->pass && g_str_equal (text, "pass"))
    {
      *move = RP_PASS;
      return TRUE;
    }
  if (rp->swap && g_str_equal (text, "swap"))
    {
      *move = RP_SWAP;
      return TRUE;
    }
  if (rp->mixed)
    {
      for (int i = 0; i < rp->n_blocks; i++)
        if (rp->blocks[i].kind == RP_MX_WORD &&
            g_str_equal (text, g_array_index (rp->doc->steps, BsRulesStep,
                                              rp_mx_source (rp, i)).word_id))
          {
            *move = RP_MX_MOVE (RP_MX_WORD, 0, rp->blocks[i].rank, 0);
            return TRUE;
          }
      if (strstr (text, rp->doc->move_separator) == NULL)
        {
          if (!bs_ruleset_parse_cell (rs, text, how, &to, error))
            return FALSE;
          *move = RP_MX_MOVE (RP_MX_PLACE, 0, to, 0);
          return TRUE;
        }
    }
  if (rp->jumping && strstr (text, rp->doc->move_separator) == NULL)
    {
      if (!bs_ruleset_parse_cell (rs, text, how, &to, error))
        return FALSE;
      *move = rp_jump_move (rp, BS_NO_CELL, to);
      return TRUE;
    }
  if (rp->placing)
    {
      if (!bs_ruleset_parse_cell (rs, text, how, &to, error))
        return FALSE;
      *move = RP_PLACE (to, rp->bit_of_cell[to], 0);
      return TRUE;
    }
  sep = strstr (text, rp->doc->move_separator);
  if (sep == NULL || strstr (sep + strlen (rp->doc->move_separator), rp->doc->move_separator))
    {
      g_set_error (error, BS_RULES_ERROR, BS_RULES_ERROR_MALFORMED,
                   /* Translators: the first %s is the separator the rules use; the second
                    * says how a move is written. */
                   _("a move is two cells joined by one “%s” (%s)"), rp->doc->move_separator,
                   how);
      return FALSE;
    }
  first = g_strndup (text, (gsize) (sep - text));
  if (!bs_ruleset_parse_cell (rs, first, how, &from, error) ||
      !bs_ruleset_parse_cell (rs, sep + strlen (rp->doc->move_separator), how, &to, error))
    return FALSE;
  *move = rp->mixed ? RP_MX_MOVE (RP_MX_WALK, from, to, 0)
          : rp->jumping ? rp_jump_move (rp, from, to)
                        : RP_MOVE (from, to, rp->bit_of_cell[from], rp->bit_of_cell[to]);
  return TRUE;
}

static void
rp_decode_move (const BsRuleset  *rs,
                const BsPosition *pos,
                BsMove            move,
                BsMoveParts      *parts)
{
  const Rp *rp = rs->module_data;

  if (move == RP_PASS && rp->pass)
    {
      parts->word = 0;
      return;
    }
  if (move == RP_SWAP && rp->swap)
    {
      parts->word = rp->swap_word;
      return;
    }
  if (rp->mixed)
    {
      if (RP_MX_KIND (move) == RP_MX_WORD)
        parts->word = RP_MX_TO (move);
      else
        {
          parts->to = RP_MX_TO (move);
          if (RP_MX_KIND (move) == RP_MX_WALK)
            parts->from = RP_MX_FROM (move);
          else
            parts->kind = 0;
        }
      return;
    }
  if (rp->jumping)
    {
      int from, to;

      if (rp_jump_cells (rs, move, &from, &to))
        {
          parts->to = to;
          if (from != BS_NO_CELL)
            parts->from = from;
          else
            parts->kind = 0;
        }
      return;
    }
  if (rp->placing)
    {
      parts->to = RP_PLACE_CELL (move);
      /* The kind placed, also when the game has one kind only: a placement
       * names its kind as the C modules' do. */
      parts->kind = BS_CELL_KIND (rp->steps[RP_PLACE_BLOCK (move)].piece[1]);
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

  if (rp->swap && parts->word == rp->swap_word)
    {
      *move = RP_SWAP;
      return TRUE;
    }
  if (parts->word == 0 && rp->pass)
    {
      *move = RP_PASS;
      return TRUE;
    }
  if (rp->mixed)
    {
      if (parts->word >= 0)
        *move = RP_MX_MOVE (RP_MX_WORD, 0, parts->word, 0);
      else if (parts->to < 0 || parts->to >= rs->n_cells)
        return FALSE;
      else if (parts->from != BS_NO_CELL)
        {
          if (parts->from < 0 || parts->from >= rs->n_cells)
            return FALSE;
          *move = RP_MX_MOVE (RP_MX_WALK, parts->from, parts->to, 0);
        }
      else if (parts->kind <= 0)
        *move = RP_MX_MOVE (RP_MX_PLACE, 0, parts->to, 0);
      else
        return FALSE;
      return TRUE;
    }
  if (rp->jumping)
    {
      if (parts->word >= 0 || parts->direction >= 0 || parts->follow_up >= 0 || parts->kind > 0
          || parts->to < 0 || parts->to >= rs->n_cells
          || (parts->from != BS_NO_CELL && (parts->from < 0 || parts->from >= rs->n_cells)))
        return FALSE;
      *move = rp_jump_move (rp, parts->from, parts->to);
      return TRUE;
    }
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

/* The pieces the bracket changes when the player to move in `before`
 * places on `cell`: listed in the details, marked removed when taken. */
static void
rp_explain_brackets (const BsRuleset   *rs,
                     const BsPosition  *before,
                     int                cell,
                     BsTurnExplanation *out)
{
  const Rp *rp = rs->module_data;
  g_autofree BsPosition *after = bs_position_dup (rs, before);
  g_autoptr(GString) cells = g_string_new (NULL);
  int p = before->to_move;

  if (!(after->flags & BS_POSITION_DERIVED))
    rp_resync (rp, after);
  after->cells[cell] = rp->steps[0].piece[p];
  rp_close_brackets (rs, after, cell, NULL, p);
  for (int c = 0; c < rs->n_cells; c++)
    if (c != cell && after->cells[c] != before->cells[c])
      {
        g_string_append_printf (cells, "%s%s", cells->len > 0 ? ", " : "",
                                bs_board_cell_label (rs->board, c));
        if (after->cells[c] == BS_CELL_EMPTY)
          out->removed[c] = 1;
      }
  if (cells->len > 0 && out->details != NULL)
    {
      /* Translators: what a placement did besides, under the board: {mover} becomes
       * the player's name ("Black"), %s the cells ("d4, e5"). Keep {mover}. */
      g_autofree char *text = g_strdup_printf (rp->bracket.capture ? _("{mover} takes %s.")
                                               /* Translators: as "{mover} takes %s." */
                                                                   : _("{mover} flips %s."),
                                               cells->str);

      rp_fill_translated (rs, text, p, NULL, NULL, out->details);
    }
}

/* A copy as explain place= (else move=) with {to}, a jump as move= with
 * {from} and {to}; the pieces it converts in the details. */
static void
rp_jump_explain_turn (const BsRuleset   *rs,
                      const BsPosition  *before,
                      BsMove             move,
                      BsTurnExplanation *out)
{
  const Rp *rp = rs->module_data;
  g_autofree BsPosition *after = NULL;
  g_autoptr(GString) cells = g_string_new (NULL);
  int from, to;

  if (!rp_jump_cells (rs, move, &from, &to))
    return;
  rp_fill_text (rs, from == BS_NO_CELL && rp->doc->explain_place != NULL ? rp->doc->explain_place
                                                                         : rp->doc->explain_move,
                before->to_move, from == BS_NO_CELL ? NULL : bs_board_cell_label (rs->board, from),
                bs_board_cell_label (rs->board, to), out->summary);
  if (!rp->jumps[RP_JUMP_BLOCK (move)].convert || out->details == NULL)
    return;
  after = bs_position_dup (rs, before);
  if (!(after->flags & BS_POSITION_DERIVED))
    rp_resync (rp, after);
  rp_jump_convert (rs, after, RP_JUMP_TO_BIT (move), NULL, rp->nw, before->to_move);
  for (int c = 0; c < rs->n_cells; c++)
    if (after->cells[c] != before->cells[c])
      g_string_append_printf (cells, "%s%s", cells->len > 0 ? ", " : "",
                              bs_board_cell_label (rs->board, c));
  if (cells->len > 0)
    {
      /* Translators: what a jump or a copy did besides, under the board: {mover}
       * becomes the player's name ("Red"), %s the cells ("b2, c3"). Keep {mover}. */
      g_autofree char *text = g_strdup_printf (_("{mover} converts %s."), cells->str);

      rp_fill_translated (rs, text, before->to_move, NULL, NULL, out->details);
    }
}

/* The swap: explain swap= with {from} the cells of the pieces before and
 * {to} the cells they went to, in the same order; the cells left empty
 * are marked removed. */
static void
rp_swap_explain_turn (const BsRuleset   *rs,
                      const BsPosition  *before,
                      BsTurnExplanation *out)
{
  const Rp *rp = rs->module_data;
  g_autoptr(GString) from = g_string_new (NULL);
  g_autoptr(GString) to = g_string_new (NULL);

  for (int c = 0; c < rs->n_cells; c++)
    if (before->cells[c] != BS_CELL_EMPTY)
      {
        g_string_append_printf (from, "%s%s", from->len > 0 ? ", " : "",
                                bs_board_cell_label (rs->board, c));
        g_string_append_printf (to, "%s%s", to->len > 0 ? ", " : "",
                                bs_board_cell_label (rs->board, rp->swap_to[c]));
      }
  if (out->removed != NULL)
    {
      g_autofree guint8 *reached = g_new0 (guint8, (gsize) rs->n_cells);

      for (int c = 0; c < rs->n_cells; c++)
        if (before->cells[c] != BS_CELL_EMPTY)
          reached[rp->swap_to[c]] = 1;
      for (int c = 0; c < rs->n_cells; c++)
        if (before->cells[c] != BS_CELL_EMPTY && !reached[c])
          out->removed[c] = 1;
    }
  rp_fill_text (rs, rp->doc->explain_swap != NULL ? rp->doc->explain_swap
                /* Translators: the swap rule played, under the board: {mover} and {next}
                 * become the players' names, {from} and {to} lists of cells ("c2", "b3").
                 * Keep the words in braces. */
                                                  : N_("{mover} swaps: the pieces on {from} "
                                                       "change sides and stand on {to}."),
                before->to_move, from->str, to->str, out->summary);
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

  if (steps[0] == RP_SWAP && rp->swap)
    {
      rp_swap_explain_turn (rs, before, out);
      return;
    }
  if (steps[0] == RP_PASS && rp->pass)
    {
      rp_fill_text (rs, rp->doc->explain_pass != NULL ? rp->doc->explain_pass
                    /* Translators: a pass, under the board: {mover} becomes the
                     * player's name ("Black"). Keep {mover}. */
                                                      : N_("{mover} cannot move and passes."),
                    before->to_move, NULL, NULL, out->summary);
      return;
    }
  if (rp->mixed)
    {
      rp_mx_explain_turn (rs, before, steps[0], out);
      return;
    }
  if (rp->jumping)
    {
      rp_jump_explain_turn (rs, before, steps[0], out);
      return;
    }
  if (rp->placing)
    {
      if (RP_PLACE_CELL (steps[0]) < rs->n_cells)
        {
          rp_fill_text (rs, rp->doc->explain_move, before->to_move, NULL,
                        bs_board_cell_label (rs->board, RP_PLACE_CELL (steps[0])), out->summary);
          if (rp->bracket.on)
            rp_explain_brackets (rs, before, RP_PLACE_CELL (steps[0]), out);
        }
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

void
bs_rules_program_describe_texts (const BsRuleset       *rs,
                                 const BsRulesDocument *doc,
                                 GString               *rules,
                                 GString               *goal)
{
  for (guint i = 0; i < doc->texts->len; i++)
    {
      const BsRulesText *t = &g_array_index (doc->texts, BsRulesText, i);
      GString *out = t->goal ? goal : rules;

      if (!bs_rules_condition_holds (&t->cond, rs->options))
        continue;
      if (out->len > 0)
        g_string_append_c (out, ' ');
      rp_fill_text (rs, t->text, 1, NULL, NULL, out);
    }
}

static void
rp_describe_rules (const BsRuleset *rs,
                   GString         *rules,
                   GString         *goal)
{
  const Rp *rp = rs->module_data;

  bs_rules_program_describe_texts (rs, rp->doc, rules, goal);
}

static void
rp_free_data (gpointer module_data)
{
  rp_free (module_data);
}

gboolean
bs_rules_program_swaps (const BsRuleset *rs)
{
  return ((const Rp *) rs->module_data)->swap;
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
  module->feature_values = rp_feature_values;
}
