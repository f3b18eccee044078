/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-breakthrough.c: Breakthrough (Dan Troyka, 2000; RULES.md).
 *
 * On a square board each player starts with their `rows` nearest rows
 * full, player 1 at the bottom moving up, player 2 at the top moving down.
 * A piece moves one cell forward, straight or diagonally, onto an empty
 * cell, or diagonally forward onto an opposing piece, which it captures
 * (option `straight-capture`: straight ahead too). Bringing a piece to the
 * far row wins (option `misere`: loses); so does capturing every opposing
 * piece; a player who cannot move loses. There are no draws.
 *
 * A variant's fixed pieces (<setup>) are honoured per player: a player the
 * variant gives fixed pieces starts with exactly those (so a designer can
 * take pieces away, or draw any start), a player it gives none starts on
 * their rows, around the other player's fixed pieces; holes are never
 * filled (docs/rules-decisions.md).
 *
 * Hot state. Cells are bits row * width + col of at most four words (16 ×
 * 16), without guard columns: a diagonal step masks the pieces on the edge
 * file first. The extra bytes of a position hold each player's pieces as
 * such a set, derived from the cells and trusted only while the position
 * has BS_POSITION_DERIVED. The moves of a player are three shifts of their
 * set (left diagonal, straight, right diagonal); a random move is one
 * random rank among them. A move carries both its cells and its bits
 * (8 bits each: boards have at most 256 cells), so apply needs no table.
 *
 * The playout loop calls rs->random_turn: the random move and its apply in
 * one, from the same random numbers. Boards of one word have a copy in
 * scalars that calls nothing on its common path; the default 8 × 8 board
 * (no holes, no straight captures) one with its shifts and masks as
 * constants, and one more that picks the rank-r target with PDEP where
 * PDEP is fast (bt_pdep_is_fast ()). Measured: under 150 instructions per
 * ply, loop included (tests/engine/callgrind-per-ply.py). */
#define G_LOG_DOMAIN "boardsmith-breakthrough"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#if defined(__x86_64__) && defined(__GNUC__)
#define BT_HAVE_PDEP 1
#include <cpuid.h>
#include <immintrin.h>
#endif

#include "bs-bitboard.h"
#include "bs-error.h"
#include "bs-modules.h"
#include "bs-ruleset.h"

enum {
  OPT_ROWS,
  OPT_STRAIGHT_CAPTURE,
  OPT_MISERE,
  OPT_MAX_PLIES,
  N_OPTIONS
};

#define BT_MIN_SIDE  5
#define BT_MAX_SIDE  16
#define BT_MAX_WORDS 4        /* 16 × 16 = 256 bits */

G_STATIC_ASSERT (BT_MAX_SIDE * BT_MAX_SIDE <= 64 * BT_MAX_WORDS);
G_STATIC_ASSERT (BT_MAX_SIDE * BT_MAX_SIDE <= 256);
G_STATIC_ASSERT (BS_POSITION_HEADER_SIZE % 8 == 0);

/* Move packing: the cell a piece leaves (bits 0-7), the cell it goes to
 * (8-15), and the same two as bits of the sets (16-23, 24-31). */
#define BT_MOVE(fc, tc, fb, tb) \
  ((BsMove) (fc) | ((BsMove) (tc) << 8) | ((BsMove) (fb) << 16) | ((BsMove) (tb) << 24))
#define BT_MOVE_FROM(m)      ((int) ((m) & 0xFFu))
#define BT_MOVE_TO(m)        ((int) (((m) >> 8) & 0xFFu))
#define BT_MOVE_FROM_BIT(m)  ((int) (((m) >> 16) & 0xFFu))
#define BT_MOVE_TO_BIT(m)    ((int) ((m) >> 24))

/* The three ways forward, in the order moves are listed. */
enum {
  WAY_WEST,       /* diagonally towards file a */
  WAY_AHEAD,      /* straight */
  WAY_EAST,       /* diagonally towards the last file */
  N_WAYS
};

static const BsOptionSpec bt_options[N_OPTIONS] = {
  [OPT_ROWS] = {
    "rows", BS_OPTION_INT, 1, 3, 2, NULL,
    N_("Starting rows"),
    N_("How many rows of pieces each player starts with, on their own side of the board"),
    .start_only = TRUE,
  },
  [OPT_STRAIGHT_CAPTURE] = {
    "straight-capture", BS_OPTION_BOOL, 0, 1, 0, NULL,
    N_("Straight captures"),
    N_("A piece may also capture the opposing piece straight ahead of it"),
  },
  [OPT_MISERE] = {
    "misere", BS_OPTION_BOOL, 0, 1, 0, NULL,
    N_("Misère"),
    N_("Bringing a piece to the far row loses instead of winning"),
  },
  /* Every move takes a piece one row forward: games end by themselves. */
  [OPT_MAX_PLIES] = {
    "max-plies", BS_OPTION_INT, 0, 100000, 0, NULL,
    N_("Move limit"),
    N_("Plies after which the game ends as a draw (0: no limit)"),
  },
};

static const BsKindSpec bt_kinds[] = {
  { "piece", N_("Piece"), FALSE, 0 },
};

typedef struct {
  int      width;
  int      height;
  int      n_cells;
  int      nw;                        /* words of a set */
  gboolean straight_capture;
  gboolean misere;
  gboolean fixed[3];                  /* [player]: the variant places this player's pieces */
  int      rows;
  guint64  valid[BT_MAX_WORDS];       /* the bits that are cells (not holes) */
  guint64  west_ok[BT_MAX_WORDS];     /* cells not on file a */
  guint64  east_ok[BT_MAX_WORDS];     /* cells not on the last file */
  guint64  goal[3][BT_MAX_WORDS];     /* [player]: the far row */
  guint8   cell_of_bit[256];          /* cell, for the bits that are cells */
  guint8   bit_of_cell[256];
  gsize    sets_offset;               /* from pos->cells, 8-aligned */
} BtData;

/* The derived bytes, from sets_offset: each player's pieces as a set of
 * nw words (player 1, then 2), trusted while the position has
 * BS_POSITION_DERIVED; a function of the cells. */
BS_FORCE_INLINE static inline guint64 *
bt_own (const BtData *data, const BsPosition *pos, int nw, int player)
{
  return (guint64 *) (gpointer) ((guint8 *) pos->cells + data->sets_offset) + (player - 1) * nw;
}

/* Bit b of a set of nw words (one word: no index to compute). */
BS_FORCE_INLINE static inline void
bt_bits_toggle (guint64 *set, int nw, int b)
{
  if (nw == 1)
    set[0] ^= BS_BIT (b);
  else
    set[b >> 6] ^= BS_BIT (b & 63);
}

BS_FORCE_INLINE static inline gboolean
bt_bits_has (const guint64 *set, int nw, int b)
{
  if (nw == 1)
    return (set[0] >> b) & 1;
  return bs_bits_has (set, b);
}

/* The member of rank r (from 0) of a set of nw words (r < its count):
 * halves by counting down to a byte, then a table. */
static guint8 bt_select_in_byte[256][8];

static void
bt_init_select_table (void)
{
  static gsize done = 0;

  if (g_once_init_enter (&done))
    {
      for (int x = 0; x < 256; x++)
        for (int r = 0, k = 0; k < 8; k++)
          if (x & (1 << k))
            bt_select_in_byte[x][r++] = (guint8) k;
      g_once_init_leave (&done, 1);
    }
}

BS_FORCE_INLINE static inline int
bt_select64 (guint64 x, int r)
{
  int base = 0;

  for (int half = 32; half >= 8; half /= 2)
    {
      int n = bs_popcount (x & ((G_GUINT64_CONSTANT (1) << half) - 1));

      if (r >= n)
        {
          r -= n;
          x >>= half;
          base += half;
        }
    }
  return base + bt_select_in_byte[x & 0xFF][r];
}

BS_FORCE_INLINE static inline int
bt_bits_select (const guint64 *set, int nw, int r)
{
  int w = 0;

  for (; w < nw - 1; w++)
    {
      int n = bs_popcount (set[w]);
      if (r < n)
        break;
      r -= n;
    }
  return w * 64 + bt_select64 (set[w], r);
}

/* Word w of x seen s bits up (bit b of the result is bit b - s of x) and
 * down (bit b + s); 0 < s < 64. */
BS_FORCE_INLINE static inline guint64
bt_up (const guint64 *x, int w, int s)
{
  return x[w] << s | (w > 0 ? x[w - 1] >> (64 - s) : 0);
}

BS_FORCE_INLINE static inline guint64
bt_down (const guint64 *x, int nw, int w, int s)
{
  return x[w] >> s | (w + 1 < nw ? x[w + 1] << (64 - s) : 0);
}

/* Kernels take the words of a set (nw) and the board's width (W) as
 * constants where they can (0: read from data), and the player p as a
 * constant: each hot hook branches once on the player to move into a copy
 * of its body made for that player. */
#define BT_NW(data, words) ((words) ? (words) : (data)->nw)
#define BT_WIDTH(data, width) ((width) ? (width) : (data)->width)

/* The bits from a piece of player p to its target by `way`. */
BS_FORCE_INLINE static inline int
bt_delta (int p, int way, int W)
{
  /* Player 1 moves up a row (+W), player 2 down (-W); west is a file
   * towards a (-1), east towards the last file (+1). */
  int d = p == 1 ? W : -W;

  return d + (way == WAY_WEST ? -1 : way == WAY_EAST ? 1 : 0);
}

/* Player p's moves (mine: p's pieces, theirs: the opponent's) into out,
 * as the set of their targets for each way (out[way * nw + w]): every
 * move is one target bit of one way, its piece bt_delta () bits back.
 * Returns a word that is 0 exactly when p has no move. */
BS_FORCE_INLINE static inline guint64
bt_targets (const BtData  *data,
            int            nw,
            int            W,
            int            p,
            const guint64 *mine,
            const guint64 *theirs,
            guint64       *out)
{
  guint64 west[BT_MAX_WORDS], east[BT_MAX_WORDS];
  guint64 any = 0;

  for (int w = 0; w < nw; w++)
    {
      west[w] = mine[w] & data->west_ok[w];
      east[w] = mine[w] & data->east_ok[w];
    }
  for (int w = 0; w < nw; w++)
    {
      guint64 open = data->valid[w] & ~mine[w];                    /* empty or theirs */
      guint64 ahead_open = data->straight_capture ? open : open & ~theirs[w];
      guint64 to_west, ahead, to_east;

      if (p == 1)
        {
          to_west = bt_up (west, w, W - 1) & open;
          ahead = bt_up (mine, w, W) & ahead_open;
          to_east = bt_up (east, w, W + 1) & open;
        }
      else
        {
          to_west = bt_down (west, nw, w, W + 1) & open;
          ahead = bt_down (mine, nw, w, W) & ahead_open;
          to_east = bt_down (east, nw, w, W - 1) & open;
        }
      out[WAY_WEST * nw + w] = to_west;
      out[WAY_AHEAD * nw + w] = ahead;
      out[WAY_EAST * nw + w] = to_east;
      any |= to_west | ahead | to_east;
    }
  return any;
}

/* Whether player p can move: most often a piece has an empty cell
 * straight ahead; else every way is looked at. */
BS_FORCE_INLINE static inline gboolean
bt_can_move (const BtData  *data,
             int            nw,
             int            W,
             int            p,
             const guint64 *mine,
             const guint64 *theirs)
{
  guint64 moves[N_WAYS * BT_MAX_WORDS];
  guint64 ahead = 0;

  for (int w = 0; w < nw; w++)
    {
      guint64 empty = data->valid[w] & ~(mine[w] | theirs[w]);

      ahead |= (p == 1 ? bt_up (mine, w, W) : bt_down (mine, nw, w, W)) & empty;
    }
  if (G_LIKELY (ahead != 0))
    return TRUE;
  return bt_targets (data, nw, W, p, mine, theirs, moves) != 0;
}

/* Recomputes the derived bytes from the cells; returns whether the
 * player to move can move. */
static gboolean
bt_resync (const BsRuleset *rs, BsPosition *pos)
{
  const BtData *data = rs->module_data;
  const int nw = data->nw;
  const int p = pos->to_move;
  guint64 *sets = bt_own (data, pos, nw, 1);
  guint64 moves[N_WAYS * BT_MAX_WORDS];

  memset (sets, 0, 16 * (gsize) nw);
  for (int c = 0; c < data->n_cells; c++)
    if (pos->cells[c] != BS_CELL_EMPTY)
      bs_bits_add (sets + (BS_CELL_OWNER (pos->cells[c]) - 1) * nw, data->bit_of_cell[c]);
  pos->flags |= BS_POSITION_DERIVED;
  return bt_targets (data, nw, data->width, p, bt_own (data, pos, nw, p),
                     bt_own (data, pos, nw, 3 - p), moves) != 0;
}

/* A const position whose derived bytes are stale (cells set by hand):
 * the kernels work on a copy with them recomputed. */
static BsPosition *
bt_fresh_copy (const BsRuleset *rs, const BsPosition *pos)
{
  BsPosition *copy = bs_position_dup (rs, pos);

  bt_resync (rs, copy);
  return copy;
}

/* ---- The hot hooks, compiled per board size and CPU (bs-bitboard.h) ---- */

/* Every legal move: left diagonals, straight moves, right diagonals, each
 * in the order of their targets. */
BS_FORCE_INLINE static inline guint
bt_generate_player (const BtData     *data,
                    const BsPosition *pos,
                    BsMove           *moves,
                    int               p,
                    int               nw,
                    int               W)
{
  guint64 targets[N_WAYS * BT_MAX_WORDS];
  guint n = 0;

  bt_targets (data, nw, W, p, bt_own (data, pos, nw, p), bt_own (data, pos, nw, 3 - p), targets);
  for (int way = 0; way < N_WAYS; way++)
    for (int w = 0; w < nw; w++)
      for (guint64 bits = targets[way * nw + w]; bits != 0; bits &= bits - 1)
        {
          int to_bit = w * 64 + bs_ctz (bits);
          int from_bit = to_bit - bt_delta (p, way, W);

          moves[n++] = BT_MOVE (data->cell_of_bit[from_bit], data->cell_of_bit[to_bit],
                                from_bit, to_bit);
        }
  return n;
}

BS_FORCE_INLINE static inline guint
bt_generate_body (const BsRuleset  *rs,
                  const BsPosition *pos,
                  BsMove           *moves,
                  int               words)
{
  const BtData *data = rs->module_data;
  const int nw = BT_NW (data, words);

  if (G_UNLIKELY (!(pos->flags & BS_POSITION_DERIVED)))
    {
      g_autofree BsPosition *copy = bt_fresh_copy (rs, pos);
      return rs->generate (rs, copy, moves);
    }
  if (pos->to_move == 1)
    return bt_generate_player (data, pos, moves, 1, nw, data->width);
  return bt_generate_player (data, pos, moves, 2, nw, data->width);
}

BS_BITOPS_KERNELS (guint, bt_generate,
                   (const BsRuleset *rs, const BsPosition *pos, BsMove *moves),
                   rs, pos, moves)

static guint
bt_generate (const BsRuleset  *rs,
             const BsPosition *pos,
             BsMove           *moves)
{
  return rs->generate (rs, pos, moves);
}

/* A uniformly random move of player p (to move, with derived bytes that
 * are kept), as its two bits: one random rank among the targets of the three
 * ways, each target being exactly one legal move (in generate ()'s
 * order). */
BS_FORCE_INLINE static inline void
bt_pick (const BtData     *data,
         const BsPosition *pos,
         BsRng            *rng,
         int               p,
         int               nw,
         int               W,
         int              *from_bit,
         int              *to_bit)
{
  guint64 targets[N_WAYS * BT_MAX_WORDS];
  int counts[N_WAYS] = { 0, 0, 0 };
  int r;

  bt_targets (data, nw, W, p, bt_own (data, pos, nw, p), bt_own (data, pos, nw, 3 - p), targets);
  for (int w = 0; w < nw; w++)
    {
      counts[WAY_WEST] += bs_popcount (targets[WAY_WEST * nw + w]);
      counts[WAY_AHEAD] += bs_popcount (targets[WAY_AHEAD * nw + w]);
      counts[WAY_EAST] += bs_popcount (targets[WAY_EAST * nw + w]);
    }
  g_assert (counts[WAY_WEST] + counts[WAY_AHEAD] + counts[WAY_EAST] > 0);
  r = (int) bs_rng_below (rng, (guint32) (counts[WAY_WEST] + counts[WAY_AHEAD]
                                          + counts[WAY_EAST]));
  if (r < counts[WAY_WEST])
    {
      *to_bit = bt_bits_select (targets + WAY_WEST * nw, nw, r);
      *from_bit = *to_bit - bt_delta (p, WAY_WEST, W);
    }
  else if ((r -= counts[WAY_WEST]) < counts[WAY_AHEAD])
    {
      *to_bit = bt_bits_select (targets + WAY_AHEAD * nw, nw, r);
      *from_bit = *to_bit - bt_delta (p, WAY_AHEAD, W);
    }
  else
    {
      *to_bit = bt_bits_select (targets + WAY_EAST * nw, nw, r - counts[WAY_AHEAD]);
      *from_bit = *to_bit - bt_delta (p, WAY_EAST, W);
    }
}

BS_FORCE_INLINE static inline BsMove
bt_random_move_body (const BsRuleset  *rs,
                     const BsPosition *pos,
                     BsRng            *rng,
                     BsMove           *scratch,
                     int               words)
{
  const BtData *data = rs->module_data;
  const int nw = BT_NW (data, words);
  int from_bit, to_bit;

  if (G_UNLIKELY (!(pos->flags & BS_POSITION_DERIVED)))
    {
      g_autofree BsPosition *copy = bt_fresh_copy (rs, pos);
      return rs->random_move (rs, copy, rng, scratch);
    }
  if (pos->to_move == 1)
    bt_pick (data, pos, rng, 1, nw, data->width, &from_bit, &to_bit);
  else
    bt_pick (data, pos, rng, 2, nw, data->width, &from_bit, &to_bit);
  return BT_MOVE (data->cell_of_bit[from_bit], data->cell_of_bit[to_bit], from_bit, to_bit);
}

BS_BITOPS_KERNELS (BsMove, bt_random_move,
                   (const BsRuleset *rs, const BsPosition *pos, BsRng *rng, BsMove *scratch),
                   rs, pos, rng, scratch)

static BsMove
bt_random_move (const BsRuleset  *rs,
                const BsPosition *pos,
                BsRng            *rng,
                BsMove           *scratch)
{
  return rs->random_move (rs, pos, rng, scratch);
}

/* Player p's piece moves from one cell to another (through the normal
 * write path: hash, counts, undo), captures what stood there, and the
 * game ends when the capture took the last opposing piece (a win), when
 * the piece reached its far row (a win; misère: a loss) or when the
 * opponent cannot move (a win), in that order. The derived bytes are kept
 * . A legal move's cells hold exactly one piece of p and nothing
 * or one piece of the opponent: the writes name those values. Everything
 * is computed before the first write (a byte written to the cells could be
 * any of the words read). */
BS_FORCE_INLINE static inline void
bt_move_piece (const BsRuleset *rs,
               const BtData    *data,
               BsPosition      *pos,
               int              p,
               int              nw,
               int              W,
               int              from,
               int              to,
               int              from_bit,
               int              to_bit,
               BsUndo          *undo)
{
  const int q = 3 - p;
  const guint8 piece = BS_CELL_MAKE (p, 0, 0);
  guint64 *sets = bt_own (data, pos, nw, 1);
  guint64 mine[BT_MAX_WORDS], theirs[BT_MAX_WORDS];
  gboolean capture = pos->cells[to] != BS_CELL_EMPTY;
  guint8 result = BS_RESULT_ONGOING;
  guint64 left = 0;

  for (int w = 0; w < nw; w++)
    {
      mine[w] = sets[(p - 1) * nw + w];
      theirs[w] = sets[(q - 1) * nw + w];
    }
  bt_bits_toggle (mine, nw, from_bit);
  bt_bits_toggle (mine, nw, to_bit);
  if (capture)
    {
      bt_bits_toggle (theirs, nw, to_bit);
      for (int w = 0; w < nw; w++)
        left |= theirs[w];
      if (left == 0)
        result = (guint8) p;
    }
  if (result == BS_RESULT_ONGOING)
    {
      if (bt_bits_has (data->goal[p], nw, to_bit))
        result = (guint8) (data->misere ? q : p);
      else if (!bt_can_move (data, nw, W, q, theirs, mine))
        result = (guint8) p;
    }

  bs_position_replace_cell (rs->zobrist, pos, from, piece, BS_CELL_EMPTY, undo);
  bs_position_replace_cell (rs->zobrist, pos, to, capture ? BS_CELL_MAKE (q, 0, 0) : BS_CELL_EMPTY,
                            piece, undo);
  for (int w = 0; w < nw; w++)
    {
      sets[(p - 1) * nw + w] = mine[w];
      sets[(q - 1) * nw + w] = theirs[w];
    }
  pos->result = result;
  pos->flags |= BS_POSITION_DERIVED;
  pos->ply++;
  pos->to_move = (guint8) q;
  pos->step = 0;
}

BS_FORCE_INLINE static inline void
bt_apply_body (const BsRuleset *rs,
               BsPosition      *pos,
               BsMove           move,
               BsUndo          *undo,
               int              words)
{
  const BtData *data = rs->module_data;
  const int nw = BT_NW (data, words);

  if (G_UNLIKELY (!(pos->flags & BS_POSITION_DERIVED)))
    bt_resync (rs, pos);
  if (pos->to_move == 1)
    bt_move_piece (rs, data, pos, 1, nw, data->width, BT_MOVE_FROM (move), BT_MOVE_TO (move),
                   BT_MOVE_FROM_BIT (move), BT_MOVE_TO_BIT (move), undo);
  else
    bt_move_piece (rs, data, pos, 2, nw, data->width, BT_MOVE_FROM (move), BT_MOVE_TO (move),
                   BT_MOVE_FROM_BIT (move), BT_MOVE_TO_BIT (move), undo);
}

BS_BITOPS_KERNELS_VOID (bt_apply,
                        (const BsRuleset *rs, BsPosition *pos, BsMove move, BsUndo *undo),
                        rs, pos, move, undo)

static void
bt_apply (const BsRuleset *rs,
          BsPosition      *pos,
          BsMove           move,
          BsUndo          *undo)
{
  rs->apply (rs, pos, move, undo);
}

/* The playout loop's turn (rs->random_turn): random_move and apply in
 * one, from the same random numbers, without undo.
 *
 * Boards of one word get their own body, in scalars, reading everything
 * first and writing last (a byte written to the cells could be any word
 * read): `full` is the 8 × 8 board without holes (the default), whose
 * masks, width and offsets are constants and whose cells are their bits. */
#define BT_FILE_A G_GUINT64_CONSTANT (0x0101010101010101)
#define BT_FILE_H G_GUINT64_CONSTANT (0x8080808080808080)
#define BT_RANK_1 G_GUINT64_CONSTANT (0x00000000000000FF)
#define BT_RANK_8 G_GUINT64_CONSTANT (0xFF00000000000000)

#ifdef BT_HAVE_PDEP
/* Inlined only into the copy made for BMI2 (bt_random_turn_pdep8x8). */
static inline __attribute__ ((target ("bmi2"))) guint64
bt_pdep (guint64 x, guint64 mask)
{
  return _pdep_u64 (x, mask);
}
#endif

/* One word's masks and the derived sets' place; constants on the full
 * board (8 × 8 without holes, and without straight captures). */
#define BT1_W(full)        ((full) ? 8 : data->width)
#define BT1_VALID(full)    ((full) ? ~G_GUINT64_CONSTANT (0) : data->valid[0])
#define BT1_WEST_OK(full)  ((full) ? ~BT_FILE_A : data->west_ok[0])
#define BT1_EAST_OK(full)  ((full) ? ~BT_FILE_H : data->east_ok[0])
#define BT1_GOAL(full, p)  ((full) ? ((p) == 1 ? BT_RANK_8 : BT_RANK_1) : data->goal[p][0])
#define BT1_SETS(full)     ((guint64 *) (gpointer) (pos->cells + ((full) ? 64 : data->sets_offset)))

/* Player p's moves on a board of one word, per way; returns how many. */
BS_FORCE_INLINE static inline int
bt1_targets (const BtData *data,
             int           p,
             gboolean      full,
             guint64       mine,
             guint64       theirs,
             guint64       out[N_WAYS],
             int           counts[N_WAYS])
{
  const int W = BT1_W (full);
  guint64 open = BT1_VALID (full) & ~mine;
  guint64 ahead_open = !full && data->straight_capture ? open : open & ~theirs;

  if (p == 1)
    {
      out[WAY_WEST] = ((mine & BT1_WEST_OK (full)) << (W - 1)) & open;
      out[WAY_AHEAD] = (mine << W) & ahead_open;
      out[WAY_EAST] = ((mine & BT1_EAST_OK (full)) << (W + 1)) & open;
    }
  else
    {
      out[WAY_WEST] = ((mine & BT1_WEST_OK (full)) >> (W + 1)) & open;
      out[WAY_AHEAD] = (mine >> W) & ahead_open;
      out[WAY_EAST] = ((mine & BT1_EAST_OK (full)) >> (W - 1)) & open;
    }
  counts[WAY_WEST] = bs_popcount (out[WAY_WEST]);
  counts[WAY_AHEAD] = bs_popcount (out[WAY_AHEAD]);
  counts[WAY_EAST] = bs_popcount (out[WAY_EAST]);
  return counts[WAY_WEST] + counts[WAY_AHEAD] + counts[WAY_EAST];
}

/* The rest of a turn on one word once the random rank r among player p's
 * moves is known: the move (as bt_pick () finds it), then what
 * bt_move_piece () does, with everything computed before the first write
 * (a byte written to the cells could be any word read). */
BS_FORCE_INLINE static inline void
bt1_finish (const BsRuleset *rs,
            const BtData    *data,
            BsPosition      *pos,
            const int        p,
            const gboolean   full,
            guint64          mine,
            guint64          theirs,
            const guint64    targets[N_WAYS],
            const int        counts[N_WAYS],
            guint32          r,
            const gboolean   pdep)
{
  const int q = 3 - p;
  const int W = BT1_W (full);
  guint64 chosen, to_mask, from_mask;
  int delta, to_bit, from_bit;
  guint8 result = BS_RESULT_ONGOING;
  gboolean capture;

  /* The way, without branches (which way is random: a branch would be
   * mispredicted half the time). */
  {
    /* 0 west, 1 ahead, 2 east: the index of the way, its target set, and
     * r within it, by arithmetic. */
    guint32 past_west = r >= (guint32) counts[WAY_WEST];
    guint32 past_ahead = r >= (guint32) (counts[WAY_WEST] + counts[WAY_AHEAD]);
    int way = (int) (past_west + past_ahead);

    chosen = targets[way];
    delta = bt_delta (p, WAY_AHEAD, W) + way - 1;
    r -= ((guint32) counts[WAY_WEST] & -past_west) + ((guint32) counts[WAY_AHEAD] & -past_ahead);
  }
  /* The r-th target: one PDEP where it is fast (see bt_pdep_is_fast ());
   * else, as a way holds a few pieces' moves, clearing the lowest bits
   * costs less than halving. */
#ifdef BT_HAVE_PDEP
  if (pdep)
    to_bit = bs_ctz (bt_pdep (BS_BIT (r), chosen));
  else
#endif
    {
      for (; r > 0; r--)
        chosen &= chosen - 1;
      to_bit = bs_ctz (chosen);
    }
  from_bit = to_bit - delta;
  to_mask = BS_BIT (to_bit);
  from_mask = BS_BIT (from_bit);

  mine ^= from_mask | to_mask;
  capture = (theirs & to_mask) != 0;
  theirs &= ~to_mask;
  if (capture && theirs == 0)
    result = (guint8) p;
  else if (to_mask & BT1_GOAL (full, p))
    result = (guint8) (data->misere ? q : p);
  else
    {
      /* Can the opponent move? Most often one of their pieces has an
       * empty cell straight ahead. */
      guint64 empty = BT1_VALID (full) & ~(mine | theirs);
      guint64 q_ahead = (p == 1 ? theirs >> W : theirs << W) & empty;

      if (G_UNLIKELY (q_ahead == 0))
        {
          guint64 q_targets[N_WAYS];
          int q_counts[N_WAYS];

          if (bt1_targets (data, q, full, theirs, mine, q_targets, q_counts) == 0)
            result = (guint8) p;
        }
    }

  bs_position_replace_cell (rs->zobrist, pos, full ? from_bit : data->cell_of_bit[from_bit],
                            BS_CELL_MAKE (p, 0, 0), BS_CELL_EMPTY, NULL);
  bs_position_replace_cell (rs->zobrist, pos, full ? to_bit : data->cell_of_bit[to_bit],
                            capture ? BS_CELL_MAKE (q, 0, 0) : BS_CELL_EMPTY,
                            BS_CELL_MAKE (p, 0, 0), NULL);
  BT1_SETS (full)[p - 1] = mine;
  BT1_SETS (full)[q - 1] = theirs;
  pos->result = result;
  pos->ply++;
  pos->to_move = (guint8) q;
}

/* bs_rng_below (rng, n) after its first number gave m = (x >> 32) * n
 * with (guint32) m < n: the same redraws, the same result. */
static guint32
bt_rng_redraw (BsRng   *rng,
               guint64  m,
               guint32  n)
{
  guint32 t = (guint32) (-n) % n;

  while ((guint32) m < t)
    m = (guint64) (guint32) (bs_rng_next (rng) >> 32) * n;
  return (guint32) (m >> 32);
}

/* A turn on one word: the random number is drawn first (the generator's
 * state is then done with), and the rare cases leave by tail calls, so
 * the common path calls nothing. */
static G_NO_INLINE guint bt1_turn_slow (const BsRuleset *rs, BsPosition *pos, BsRng *rng,
                                        guint64 m, guint32 n);

BS_FORCE_INLINE static inline guint
bt1_turn (const BsRuleset *rs,
          BsPosition      *pos,
          BsRng           *rng,
          const int        p,
          const gboolean   full,
          const gboolean   pdep)
{
  const BtData *data = rs->module_data;
  guint64 draw = bs_rng_next (rng);
  guint64 mine = BT1_SETS (full)[p - 1], theirs = BT1_SETS (full)[2 - p];
  guint64 targets[N_WAYS];
  int counts[N_WAYS];
  guint32 n = (guint32) bt1_targets (data, p, full, mine, theirs, targets, counts);
  guint64 m = (guint64) (guint32) (draw >> 32) * n;

  if (G_UNLIKELY ((guint32) m < n))
    return bt1_turn_slow (rs, pos, rng, m, n);
  bt1_finish (rs, data, pos, p, full, mine, theirs, targets, counts, (guint32) (m >> 32), pdep);
  return 1;
}

static G_NO_INLINE guint
bt1_turn_slow (const BsRuleset *rs,
               BsPosition      *pos,
               BsRng           *rng,
               guint64          m,
               guint32          n)
{
  const BtData *data = rs->module_data;
  const int p = pos->to_move;
  guint64 mine = BT1_SETS (FALSE)[p - 1], theirs = BT1_SETS (FALSE)[2 - p];
  guint64 targets[N_WAYS];
  int counts[N_WAYS];
  guint32 r = bt_rng_redraw (rng, m, n);

  bt1_targets (data, p, FALSE, mine, theirs, targets, counts);
  if (p == 1)
    bt1_finish (rs, data, pos, 1, FALSE, mine, theirs, targets, counts, r, FALSE);
  else
    bt1_finish (rs, data, pos, 2, FALSE, mine, theirs, targets, counts, r, FALSE);
  return 1;
}

static G_NO_INLINE guint
bt_random_turn_stale (const BsRuleset *rs,
                      BsPosition      *pos,
                      BsRng           *rng)
{
  bt_resync (rs, pos);
  return rs->random_turn (rs, pos, rng);
}

BS_FORCE_INLINE static inline guint
bt_random_turn_body (const BsRuleset *rs,
                     BsPosition      *pos,
                     BsRng           *rng,
                     int              words,
                     gboolean         full,
                     gboolean         pdep)
{
  const BtData *data = rs->module_data;
  const int nw = BT_NW (data, words);
  int from_bit, to_bit;

  if (G_UNLIKELY (!(pos->flags & BS_POSITION_DERIVED)))
    return bt_random_turn_stale (rs, pos, rng);
  if (nw == 1)
    return pos->to_move == 1 ? bt1_turn (rs, pos, rng, 1, full, pdep)
                             : bt1_turn (rs, pos, rng, 2, full, pdep);
  if (pos->to_move == 1)
    {
      bt_pick (data, pos, rng, 1, nw, data->width, &from_bit, &to_bit);
      bt_move_piece (rs, data, pos, 1, nw, data->width, data->cell_of_bit[from_bit],
                     data->cell_of_bit[to_bit], from_bit, to_bit, NULL);
    }
  else
    {
      bt_pick (data, pos, rng, 2, nw, data->width, &from_bit, &to_bit);
      bt_move_piece (rs, data, pos, 2, nw, data->width, data->cell_of_bit[from_bit],
                     data->cell_of_bit[to_bit], from_bit, to_bit, NULL);
    }
  return 1;
}

/* The copies: as BS_BITOPS_KERNELS, and two more for the full 8 × 8
 * board, one of them with PDEP. */
static BS_BITOPS_HW_TARGET guint
bt_random_turn_hw8x8 (const BsRuleset *rs, BsPosition *pos, BsRng *rng)
{
  return bt_random_turn_body (rs, pos, rng, 1, TRUE, FALSE);
}

#ifdef BT_HAVE_PDEP
static __attribute__ ((target ("popcnt,bmi,bmi2"))) guint
bt_random_turn_pdep8x8 (const BsRuleset *rs, BsPosition *pos, BsRng *rng)
{
  return bt_random_turn_body (rs, pos, rng, 1, TRUE, TRUE);
}
#endif

static BS_BITOPS_HW_TARGET guint
bt_random_turn_hw1 (const BsRuleset *rs, BsPosition *pos, BsRng *rng)
{
  return bt_random_turn_body (rs, pos, rng, 1, FALSE, FALSE);
}

static BS_BITOPS_HW_TARGET guint
bt_random_turn_hw2 (const BsRuleset *rs, BsPosition *pos, BsRng *rng)
{
  return bt_random_turn_body (rs, pos, rng, 2, FALSE, FALSE);
}

static BS_BITOPS_HW_TARGET guint
bt_random_turn_hwn (const BsRuleset *rs, BsPosition *pos, BsRng *rng)
{
  return bt_random_turn_body (rs, pos, rng, 0, FALSE, FALSE);
}

static guint
bt_random_turn_portable (const BsRuleset *rs, BsPosition *pos, BsRng *rng)
{
  return bt_random_turn_body (rs, pos, rng, 0, FALSE, FALSE);
}

#ifdef BT_HAVE_PDEP
/* PDEP is one fast instruction on Intel processors since Haswell and AMD
 * ones since Zen 3 (family 19h); earlier AMD processors microcode it, so
 * much slower than a few cleared bits (bs-bitboard.h). Checked once. */
static gboolean
bt_pdep_is_fast (void)
{
  static gsize answer = 0;

  if (g_once_init_enter (&answer))
    {
      gboolean fast = FALSE;
      unsigned int eax, ebx, ecx, edx;

      __builtin_cpu_init ();
      /* BOARDSMITH_BITOPS=popcnt: POPCNT without PDEP, so that the tests
       * run the other 8 × 8 copy too. */
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
      g_debug ("PDEP: %s", fast ? "fast" : "not used");
      g_once_init_leave (&answer, fast ? 2 : 1);
    }
  return answer == 2;
}
#endif

static void
bt_pick_kernels (BsRuleset *rs, int n_words, gboolean full)
{
  rs->generate = BS_BITOPS_PICK (bt_generate, n_words);
  rs->random_move = BS_BITOPS_PICK (bt_random_move, n_words);
  rs->apply = BS_BITOPS_PICK (bt_apply, n_words);
  rs->random_turn = BS_BITOPS_PICK (bt_random_turn, n_words);
  if (bs_bitops_hardware && full)
    rs->random_turn = bt_random_turn_hw8x8;
#ifdef BT_HAVE_PDEP
  if (bs_bitops_hardware && full && bt_pdep_is_fast ())
    rs->random_turn = bt_random_turn_pdep8x8;
#endif
}

/* ---- Preparing a variant ---- */

/* The row (0 = rank 1) player p's pieces head for, and their home row. */
static inline int
bt_far_row (const BtData *data, int p)
{
  return p == 1 ? data->height - 1 : 0;
}

/* Rows from player p's own edge: 1 on their home row. */
static inline int
bt_rank_from_home (const BtData *data, int p, int row)
{
  return p == 1 ? row + 1 : data->height - row;
}

/* Whether the rows fill `row` for player p (when the variant places none
 * of p's pieces). */
static inline gboolean
bt_in_rows (const BtData *data, int p, int row)
{
  return bt_rank_from_home (data, p, row) <= data->rows;
}

static int
bt_option_line (const BsVariant *variant,
                const char      *id)
{
  for (guint i = 0; i < variant->options->len; i++)
    {
      const BsVariantOption *o = &g_array_index (variant->options, BsVariantOption, i);

      if (g_strcmp0 (o->id, id) == 0)
        return o->line;
    }
  return variant->module_line;
}

static gboolean
bt_check_start (BsRuleset  *rs,
                BtData     *data,
                GError    **error)
{
  const BsVariant *variant = rs->variant;
  int pieces[3] = { 0, 0, 0 };
  g_autofree guint8 *fixed = g_new0 (guint8, rs->n_cells);

  for (guint i = 0; i < variant->setup->len; i++)
    {
      const BsVariantPiece *piece = &g_array_index (variant->setup, BsVariantPiece, i);
      int cell = bs_board_find_cell (rs->board, piece->cell, NULL);
      int p = piece->player;

      if (cell == BS_NO_CELL)
        continue;           /* the ruleset has refused it already */
      if (bs_board_cell_row (rs->board, cell) == bt_far_row (data, p))
        {
          g_autofree char *where = bs_variant_where (variant, piece->line);

          g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_INVALID,
                       /* TRANSLATORS: "a fixed piece of White on c8: White's pieces head
                        * for row 8, so none may start there" */
                       _("%sa fixed piece of %s on %s: %s’s pieces head for row %d, so none "
                         "may start there"),
                       where, bs_variant_display_player (variant, p), piece->cell,
                       bs_variant_display_player (variant, p), bt_far_row (data, p) + 1);
          return FALSE;
        }
      fixed[cell] = 1;
      pieces[p]++;
    }

  if (!data->fixed[1] && !data->fixed[2] && 2 * data->rows > data->height)
    {
      g_autofree char *where = bs_variant_where (variant, bt_option_line (variant, "rows"));

      g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_INVALID,
                   g_dngettext (GETTEXT_PACKAGE,
                                "%s%d starting row for each player does not fit a board %d "
                                "high: the two sides would overlap",
                                "%s%d starting rows for each player do not fit a board %d "
                                "high: the two sides would overlap",
                                (gulong) data->rows),
                   where, data->rows, data->height);
      return FALSE;
    }

  for (int p = 1; p <= 2; p++)
    {
      if (data->fixed[p])
        continue;
      for (int c = 0; c < rs->n_cells; c++)
        if (!fixed[c] && bt_in_rows (data, p, bs_board_cell_row (rs->board, c)))
          pieces[p]++;
      if (pieces[p] == 0)
        {
          g_autofree char *where = bs_variant_where (variant, variant->board_line);
          /* The rows counted from the bottom, as the labels number them. */
          int first = p == 1 ? 1 : data->height - data->rows + 1;
          const char *name = bs_variant_display_player (variant, p);
          const char *other = bs_variant_display_player (variant, 3 - p);

          if (data->rows == 1)
            g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_INVALID,
                         /* TRANSLATORS: "Black would start without any piece: every
                          * place in row 8, where the rules put their pieces, is a hole
                          * or holds a fixed piece of White" */
                         _("%s%s would start without any piece: every place in row %d, where "
                           "the rules put their pieces, is a hole or holds a fixed piece of %s"),
                         where, name, first, other);
          else
            g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_INVALID,
                         /* TRANSLATORS: "Black would start without any piece: every
                          * place in rows 7 to 8, where the rules put their pieces, is a
                          * hole or holds a fixed piece of White" */
                         _("%s%s would start without any piece: every place in rows %d to %d, "
                           "where the rules put their pieces, is a hole or holds a fixed "
                           "piece of %s"),
                         where, name, first, first + data->rows - 1, other);
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean
bt_prepare (BsRuleset  *rs,
            GError    **error)
{
  const BsBoardSpec *spec = bs_board_get_spec (rs->board);
  g_autofree BtData *data = g_new0 (BtData, 1);
  int w = spec->width, h = spec->height;

  /* The module's declaration lets only these through (check_board). */
  g_assert (spec->shape == BS_SHAPE_SQUARE);
  g_assert (w >= BT_MIN_SIDE && w <= BT_MAX_SIDE && h >= BT_MIN_SIDE && h <= BT_MAX_SIDE);

  bt_init_select_table ();
  data->width = w;
  data->height = h;
  data->n_cells = rs->n_cells;
  data->nw = (w * h + 63) / 64;
  data->rows = rs->options[OPT_ROWS];
  data->straight_capture = rs->options[OPT_STRAIGHT_CAPTURE] != 0;
  data->misere = rs->options[OPT_MISERE] != 0;
  for (guint i = 0; i < rs->variant->setup->len; i++)
    {
      int p = g_array_index (rs->variant->setup, BsVariantPiece, i).player;

      if (p == 1 || p == 2)
        data->fixed[p] = TRUE;
    }
  for (int c = 0; c < rs->n_cells; c++)
    {
      int col = bs_board_cell_col (rs->board, c);
      int row = bs_board_cell_row (rs->board, c);
      int bit = row * w + col;

      data->bit_of_cell[c] = (guint8) bit;
      data->cell_of_bit[bit] = (guint8) c;
      bs_bits_add (data->valid, bit);
      if (col > 0)
        bs_bits_add (data->west_ok, bit);
      if (col < w - 1)
        bs_bits_add (data->east_ok, bit);
      if (row == h - 1)
        bs_bits_add (data->goal[1], bit);
      if (row == 0)
        bs_bits_add (data->goal[2], bit);
    }

  if (!bt_check_start (rs, data, error))
    return FALSE;

  data->sets_offset = ((gsize) rs->n_cells + 7) & ~(gsize) 7;
  rs->extra_size = data->sets_offset - (gsize) rs->n_cells + 16 * (gsize) data->nw;
  rs->max_moves = 3 * (guint) rs->n_cells;
  bt_pick_kernels (rs, data->nw,
                   w == 8 && h == 8 && bs_board_n_holes (rs->board) == 0
                   && !data->straight_capture);
  rs->module_data = g_steal_pointer (&data);
  return TRUE;
}

static void
bt_free_data (gpointer module_data)
{
  g_free (module_data);
}

/* The rows of each player the variant places no piece of, around the
 * fixed pieces the ruleset has put; then the player to move may already
 * be unable to move. */
static void
bt_setup (const BsRuleset *rs,
          BsPosition      *pos,
          guint64          seed)
{
  const BtData *data = rs->module_data;

  for (int p = 1; p <= 2; p++)
    {
      if (data->fixed[p])
        continue;
      for (int c = 0; c < rs->n_cells; c++)
        if (pos->cells[c] == BS_CELL_EMPTY && bt_in_rows (data, p, bs_board_cell_row (rs->board, c)))
          bs_position_set_cell (rs->zobrist, pos, c, BS_CELL_MAKE (p, 0, 0), NULL);
    }
  if (!bt_resync (rs, pos))
    pos->result = (guint8) (3 - pos->to_move);
}

/* ---- Scores and endings ---- */

static void
bt_scores (const BsRuleset  *rs,
           const BsPosition *pos,
           int               scores[2])
{
  scores[0] = bs_position_pieces (pos, 1);
  scores[1] = bs_position_pieces (pos, 2);
}

static const BsMeasureSpec bt_measures[] = {
  { "pieces", N_("Pieces") },
  /* The rank of a player's most advanced piece, counted from their own
   * edge (1: still on the home row). */
  { "furthest-row", N_("Furthest row") },
};

static void
bt_measure (const BsRuleset  *rs,
            const BsPosition *pos,
            int               values[][2])
{
  const BtData *data = rs->module_data;

  bt_scores (rs, pos, values[0]);
  values[1][0] = values[1][1] = 0;
  for (int c = 0; c < rs->n_cells; c++)
    if (pos->cells[c] != BS_CELL_EMPTY)
      {
        int p = BS_CELL_OWNER (pos->cells[c]);
        int rank = bt_rank_from_home (data, p, bs_board_cell_row (rs->board, c));

        values[1][p - 1] = MAX (values[1][p - 1], rank);
      }
}

/* ---- What the computer opponent judges a position by ---- */

enum {
  FEATURE_MATERIAL,
  FEATURE_FURTHEST,
  FEATURE_RUNNER,
  FEATURE_MOBILITY,
  FEATURE_HOME,
  N_FEATURES
};

/* Hand-set weights, in pieces' worth (docs/SEARCH.md): not yet fitted
 * on self-play. A runner that wins the race is worth most of a game. */
static const BsFeatureSpec bt_features[N_FEATURES] = {
  /* Pieces on the board. */
  [FEATURE_MATERIAL] = { "material", 1.0 },
  /* The rank of the most advanced piece, from its own edge. */
  [FEATURE_FURTHEST] = { "furthest-row", 0.1 },
  /* 1 when the player has a piece no opposing piece can stop (none in
   * the cone ahead of it) and it arrives before any runner of the other
   * player, counting who moves first. */
  [FEATURE_RUNNER] = { "runner", 5.0 },
  /* Forward steps and captures of every piece, as if it were its turn. */
  [FEATURE_MOBILITY] = { "mobility", 0.03 },
  /* Pieces still on their home row: the last defence. */
  [FEATURE_HOME] = { "home-row", 0.25 },
};

/* Who holds (col, row): 0 empty or off the board or a hole, else 1 or 2. */
static inline int
bt_owner_at (const BsRuleset  *rs,
             const BsPosition *pos,
             int               col,
             int               row)
{
  const BtData *data = rs->module_data;
  int bit;

  if (col < 0 || col >= data->width || row < 0 || row >= data->height)
    return 0;
  bit = row * data->width + col;
  if (!bt_bits_has (data->valid, data->nw, bit))
    return 0;
  return BS_CELL_OWNER (pos->cells[data->cell_of_bit[bit]]);
}

/* Whether no piece of the other player stands in the cone ahead of the
 * piece of p on (col, row): k rows ahead, k files either side. Those
 * outside it cannot reach a cell from which they would capture it. */
static gboolean
bt_is_runner (const BsRuleset  *rs,
              const BsPosition *pos,
              int               p,
              int               col,
              int               row)
{
  const BtData *data = rs->module_data;
  int forward = p == 1 ? 1 : -1;
  int far = bt_far_row (data, p);

  for (int k = 1; row + k * forward != far + forward; k++)
    for (int dc = -k; dc <= k; dc++)
      if (bt_owner_at (rs, pos, col + dc, row + k * forward) == 3 - p)
        return FALSE;
  return TRUE;
}

static void
bt_feature_values (const BsRuleset  *rs,
                   const BsPosition *pos,
                   double           *values)
{
  const BtData *data = rs->module_data;
  int pieces[3] = { 0 }, furthest[3] = { 0 }, mobile[3] = { 0 }, home[3] = { 0 };
  int race[3] = { 0, G_MAXINT, G_MAXINT };    /* rows the nearest runner has to go */
  int runner;

  for (int row = 0; row < data->height; row++)
    for (int col = 0; col < data->width; col++)
      {
        int p = bt_owner_at (rs, pos, col, row);
        int forward = p == 1 ? 1 : -1;
        int ahead;

        if (p == 0)
          continue;
        pieces[p]++;
        furthest[p] = MAX (furthest[p], bt_rank_from_home (data, p, row));
        if (bt_rank_from_home (data, p, row) == 1)
          home[p]++;
        ahead = bt_owner_at (rs, pos, col, row + forward);
        if (row + forward >= 0 && row + forward < data->height &&
            (ahead == 0 || (ahead == 3 - p && data->straight_capture)))
          mobile[p]++;
        for (int dc = -1; dc <= 1; dc += 2)
          if (col + dc >= 0 && col + dc < data->width &&
              row + forward >= 0 && row + forward < data->height &&
              bt_owner_at (rs, pos, col + dc, row + forward) != p)
            mobile[p]++;
        if (bt_is_runner (rs, pos, p, col, row))
          race[p] = MIN (race[p], ABS (bt_far_row (data, p) - row));
      }

  /* The one to move arrives first on equal distances. */
  if (race[1] == G_MAXINT && race[2] == G_MAXINT)
    runner = 0;
  else if (race[1] < race[2] || (race[1] == race[2] && pos->to_move == 1))
    runner = 1;
  else
    runner = -1;

  values[FEATURE_MATERIAL] = pieces[1] - pieces[2];
  values[FEATURE_FURTHEST] = furthest[1] - furthest[2];
  values[FEATURE_RUNNER] = runner;
  values[FEATURE_MOBILITY] = mobile[1] - mobile[2];
  values[FEATURE_HOME] = home[1] - home[2];
  /* Misère: the far row loses; getting there first is no asset. */
  if (data->misere)
    {
      values[FEATURE_FURTHEST] = -values[FEATURE_FURTHEST];
      values[FEATURE_RUNNER] = 0;
    }
}

/* Forcing moves, for the search's quiescence: the captures. */
static gboolean
bt_is_forcing (const BsRuleset  *rs,
               const BsPosition *pos,
               BsMove            move)
{
  return BS_CELL_OWNER (pos->cells[BT_MOVE_TO (move)]) == bs_opponent (pos->to_move);
}

/* The player who played last took the last opposing piece, or brought a
 * piece to the far row; else the player to move cannot move (also at the
 * start). */
static BsEnding
bt_ending (const BsRuleset  *rs,
           const BsPosition *pos)
{
  const BtData *data = rs->module_data;
  int last = 3 - pos->to_move;
  int far = bt_far_row (data, last);

  if (bs_position_pieces (pos, pos->to_move) == 0)
    return BS_ENDING_ELIMINATION;
  if (pos->flags & BS_POSITION_DERIVED)
    {
      const guint64 *own = bt_own (data, pos, data->nw, last);

      for (int w = 0; w < data->nw; w++)
        if (own[w] & data->goal[last][w])
          return BS_ENDING_GOAL;
      return BS_ENDING_NO_MOVES;
    }
  for (int c = 0; c < rs->n_cells; c++)
    if (BS_CELL_OWNER (pos->cells[c]) == last && bs_board_cell_row (rs->board, c) == far)
      return BS_ENDING_GOAL;
  return BS_ENDING_NO_MOVES;
}

static void
bt_describe_ending (const BsRuleset  *rs,
                    const BsPosition *pos,
                    BsEnding          ending,
                    GString          *out)
{
  const BtData *data = rs->module_data;
  int last = 3 - pos->to_move;
  const char *last_name = bs_variant_display_player (rs->variant, last);
  const char *other_name = bs_variant_display_player (rs->variant, pos->to_move);

  switch (ending)
    {
    case BS_ENDING_GOAL:
      if (data->misere)
        /* TRANSLATORS: "White brought a piece to the far row (row 8), which loses in
         * misère: Black wins." */
        g_string_append_printf (out, _("%s brought a piece to the far row (row %d), which "
                                       "loses in misère: %s wins."),
                                last_name, bt_far_row (data, last) + 1, other_name);
      else
        /* TRANSLATORS: "White brought a piece to the far row (row 8) and wins." */
        g_string_append_printf (out, _("%s brought a piece to the far row (row %d) and wins."),
                                last_name, bt_far_row (data, last) + 1);
      break;
    case BS_ENDING_ELIMINATION:
      /* TRANSLATORS: "White captured Black's last piece and wins." */
      g_string_append_printf (out, _("%s captured %s’s last piece and wins."),
                              last_name, other_name);
      break;
    case BS_ENDING_NO_MOVES:
      /* TRANSLATORS: "Black cannot move any piece, and a player who cannot move loses:
       * White wins." */
      g_string_append_printf (out, _("%s cannot move any piece, and a player who cannot move "
                                     "loses: %s wins."),
                              other_name, last_name);
      break;
    default:
      break;
    }
}

/* ---- Notation: "a2-b3" for every move ---- */

static void
bt_format_move (const BsRuleset  *rs,
                const BsPosition *pos,
                BsMove            move,
                GString          *out)
{
  int from = BT_MOVE_FROM (move), to = BT_MOVE_TO (move);

  if (from >= rs->n_cells || to >= rs->n_cells)
    {
      g_string_append_printf (out, "?%08x", move);
      return;
    }
  g_string_append_printf (out, "%s-%s", bs_board_cell_label (rs->board, from),
                          bs_board_cell_label (rs->board, to));
}

static gboolean
bt_parse_cell (const BsRuleset *rs,
               const char      *label,
               int             *cell,
               GError         **error)
{
  return bs_ruleset_parse_cell (rs, label, _("write a move as a2-b3: the piece’s cell, then the cell it goes to"), cell, error);
}

static gboolean
bt_parse_move (const BsRuleset  *rs,
               const BsPosition *pos,
               const char       *text,
               BsMove           *move,
               GError          **error)
{
  const BtData *data = rs->module_data;
  g_auto (GStrv) parts = NULL;
  int from, to;

  if (*text == '\0')
    {
      g_set_error (error, BS_RULES_ERROR, BS_RULES_ERROR_MALFORMED,
                   _("empty move (write a move as a2-b3: the piece’s cell, then the cell it "
                     "goes to)"));
      return FALSE;
    }
  parts = g_strsplit (text, "-", 0);
  if (g_strv_length (parts) != 2)
    {
      g_set_error (error, BS_RULES_ERROR, BS_RULES_ERROR_MALFORMED,
                   _("a move is two cells joined by one “-”, as in a2-b3"));
      return FALSE;
    }
  if (!bt_parse_cell (rs, parts[0], &from, error) || !bt_parse_cell (rs, parts[1], &to, error))
    return FALSE;
  *move = BT_MOVE (from, to, data->bit_of_cell[from], data->bit_of_cell[to]);
  return TRUE;
}

/* ---- Explanations ---- */

/* The cell one row forward of `cell` for player p, `dc` files aside, or
 * BS_NO_CELL (the edge, or a hole); *label gets its label either way
 * (NULL off the board). */
static int
bt_forward (const BsRuleset *rs, int p, int cell, int dc, char **label)
{
  int col = bs_board_cell_col (rs->board, cell) + dc;
  int row = bs_board_cell_row (rs->board, cell) + (p == 1 ? 1 : -1);

  *label = bs_board_in_shape (rs->board, col, row) ? bs_board_label_for (rs->board, col, row)
                                                   : NULL;
  return bs_board_cell_at (rs->board, col, row);
}

/* Whether player p's piece on `from` may go to c, `dc` files aside. */
static gboolean
bt_may_go (const BtData     *data,
           const BsPosition *pos,
           int               p,
           int               c,
           int               dc)
{
  guint8 v = pos->cells[c];

  if (v == BS_CELL_EMPTY)
    return TRUE;
  return BS_CELL_OWNER (v) != p && (dc != 0 || data->straight_capture);
}

/* Why the piece on `cell` has no move, as clauses ("c5 straight ahead is
 * taken, and a piece captures only diagonally, b5 holds your own piece"),
 * or NULL when it has one. */
static char *
bt_blocked_reason (const BsRuleset  *rs,
                   const BsPosition *pos,
                   int               cell)
{
  const BtData *data = rs->module_data;
  int p = BS_CELL_OWNER (pos->cells[cell]);
  g_autoptr(GString) why = g_string_new (NULL);

  if (bs_board_cell_row (rs->board, cell) == bt_far_row (data, p))
    return g_strdup (_("it stands on the far row, with no row ahead of it"));
  for (int dc = -1; dc <= 1; dc++)
    {
      g_autofree char *label = NULL;
      int c = bt_forward (rs, p, cell, dc, &label);

      if (label == NULL)
        continue;                       /* beside the board */
      if (c != BS_NO_CELL && bt_may_go (data, pos, p, c, dc))
        return NULL;
      if (why->len > 0)
        g_string_append (why, ", ");
      if (c == BS_NO_CELL)
        g_string_append_printf (why, _("%s is a hole"), label);
      else if (BS_CELL_OWNER (pos->cells[c]) == p)
        g_string_append_printf (why, _("%s holds your own piece"), label);
      else
        /* TRANSLATORS: "c5 straight ahead is taken, and a piece captures only diagonally" */
        g_string_append_printf (why, _("%s straight ahead is taken, and a piece captures only "
                                       "diagonally"),
                                label);
    }
  return g_strdup_printf (_("it is blocked: %s"), why->str);
}

static char *
bt_explain (const BsRuleset  *rs,
            const BsPosition *pos,
            BsMove            move)
{
  const BtData *data = rs->module_data;
  int from = BT_MOVE_FROM (move), to = BT_MOVE_TO (move);
  int p = pos->to_move;
  const char *lfrom, *lto;
  int dc, dr;
  guint8 v;

  if (from >= rs->n_cells || to >= rs->n_cells)
    return g_strdup (_("no such cell"));
  lfrom = bs_board_cell_label (rs->board, from);
  lto = bs_board_cell_label (rs->board, to);
  v = pos->cells[from];
  if (v == BS_CELL_EMPTY)
    return g_strdup_printf (_("there is no piece on %s"), lfrom);
  if (BS_CELL_OWNER (v) != p)
    /* TRANSLATORS: "the piece on d7 is Black's" */
    return g_strdup_printf (_("the piece on %s is %s’s"), lfrom,
                            bs_variant_display_player (rs->variant, BS_CELL_OWNER (v)));

  dc = bs_board_cell_col (rs->board, to) - bs_board_cell_col (rs->board, from);
  dr = bs_board_cell_row (rs->board, to) - bs_board_cell_row (rs->board, from);
  if (dr != (p == 1 ? 1 : -1) || dc < -1 || dc > 1)
    {
      g_autofree char *blocked = bt_blocked_reason (rs, pos, from);
      g_autoptr(GString) reachable = g_string_new (NULL);

      if (blocked != NULL)
        /* TRANSLATORS: "the piece on a2 cannot move at all: it is blocked: …" */
        return g_strdup_printf (_("the piece on %s cannot move at all: %s"), lfrom, blocked);
      for (int d = -1; d <= 1; d++)
        {
          g_autofree char *label = NULL;
          int c = bt_forward (rs, p, from, d, &label);

          if (c == BS_NO_CELL || !bt_may_go (data, pos, p, c, d))
            continue;
          if (reachable->len > 0)
            g_string_append (reachable, ", ");
          g_string_append (reachable, label);
        }
      /* TRANSLATORS: "a piece moves one cell forward, straight or diagonally: the piece on
       * a2 can go to a3, b3" */
      return g_strdup_printf (_("a piece moves one cell forward, straight or diagonally: the "
                                "piece on %s can go to %s"),
                              lfrom, reachable->str);
    }
  v = pos->cells[to];
  if (BS_CELL_OWNER (v) == p)
    return g_strdup_printf (_("%s holds your own piece"), lto);
  if (v != BS_CELL_EMPTY && dc == 0 && !data->straight_capture)
    /* TRANSLATORS: "a piece captures only diagonally, and a3 is straight ahead of a2" */
    return g_strdup_printf (_("a piece captures only diagonally, and %s is straight ahead of "
                              "%s"),
                            lto, lfrom);
  return NULL;
}

static char *
bt_explain_piece (const BsRuleset  *rs,
                  const BsPosition *pos,
                  int               cell)
{
  if (BS_CELL_OWNER (pos->cells[cell]) != pos->to_move)
    return NULL;
  return bt_blocked_reason (rs, pos, cell);
}

static void
bt_explain_turn (const BsRuleset   *rs,
                 const BsPosition  *before,
                 const BsMove      *steps,
                 guint              n_steps,
                 BsTurnExplanation *out)
{
  BsMove move = steps[0];
  int p = before->to_move, q = 3 - p;
  int from = BT_MOVE_FROM (move), to = BT_MOVE_TO (move);
  const char *who = bs_variant_display_player (rs->variant, p);
  const char *other = bs_variant_display_player (rs->variant, q);

  if (from >= rs->n_cells || to >= rs->n_cells)
    return;
  if (before->cells[to] == BS_CELL_EMPTY)
    {
      /* TRANSLATORS: "White moves from e2 to e3." */
      g_string_append_printf (out->summary, _("%s moves from %s to %s."), who,
                              bs_board_cell_label (rs->board, from),
                              bs_board_cell_label (rs->board, to));
      return;
    }
  {
    int left = bs_position_pieces (before, q) - 1;

    /* TRANSLATORS: "White moves from e4 to d5 and captures Black's piece there." */
    g_string_append_printf (out->summary, _("%s moves from %s to %s and captures %s’s piece "
                                            "there."),
                            who, bs_board_cell_label (rs->board, from),
                            bs_board_cell_label (rs->board, to), other);
    /* TRANSLATORS: "Black's piece on d5 is removed: Black has 15 pieces left." */
    g_string_append_printf (out->details,
                            g_dngettext (GETTEXT_PACKAGE,
                                         "%s’s piece on %s is removed: %s has %d piece left.",
                                         "%s’s piece on %s is removed: %s has %d pieces left.",
                                         (gulong) left),
                            other, bs_board_cell_label (rs->board, to), other, left);
    out->removed[to] = 1;
  }
}

/* Player p's start in words: "White fills rows 1 to 2". */
static char *
bt_describe_start (const BsRuleset *rs,
                   int              p)
{
  const BtData *data = rs->module_data;
  const char *name = bs_variant_display_player (rs->variant, p);
  int first = p == 1 ? 1 : data->height - data->rows + 1;
  int last = first + data->rows - 1;

  if (data->fixed[p])
    {
      int n = 0;

      for (guint i = 0; i < rs->variant->setup->len; i++)
        n += g_array_index (rs->variant->setup, BsVariantPiece, i).player == p;
      /* TRANSLATORS: "Black has the 15 pieces the variant places" */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s has the %d piece the variant places",
                                           "%s has the %d pieces the variant places", (gulong) n),
                              name, n);
    }
  if (data->rows == 1)
    /* TRANSLATORS: "White fills row 1" */
    return g_strdup_printf (_("%s fills row %d"), name, first);
  /* TRANSLATORS: "White fills rows 1 to 2" */
  return g_strdup_printf (_("%s fills rows %d to %d"), name, first, last);
}

static void
bt_describe_rules (const BsRuleset *rs,
                   GString         *rules,
                   GString         *goal)
{
  const BtData *data = rs->module_data;
  g_autofree char *start1 = bt_describe_start (rs, 1);
  g_autofree char *start2 = bt_describe_start (rs, 2);
  const char *name1 = bs_variant_display_player (rs->variant, 1);
  const char *name2 = bs_variant_display_player (rs->variant, 2);

  /* TRANSLATORS: "At the start, White fills rows 1 to 2 and Black fills rows 7 to 8." */
  g_string_append_printf (rules, _("At the start, %s and %s."), start1, start2);
  g_string_append_c (rules, ' ');
  /* TRANSLATORS: "White moves up the board and Black down." */
  g_string_append_printf (rules, _("%s moves up the board and %s down."), name1, name2);
  g_string_append_c (rules, ' ');
  g_string_append (rules, _("In turn, each player moves one of their pieces one cell forward, "
                            "straight or diagonally, onto an empty cell, or diagonally forward "
                            "onto an opposing piece, which is captured."));
  g_string_append_c (rules, ' ');
  if (data->straight_capture)
    g_string_append (rules, _("A piece may also capture the piece straight ahead of it."));
  else
    g_string_append (rules, _("A piece never captures straight ahead."));

  if (data->misere)
    /* TRANSLATORS: "Misère: a player who brings a piece to the far row (White: row 8, Black:
     * row 1) loses. …" */
    g_string_append_printf (goal, _("Misère: a player who brings a piece to the far row (%s: "
                                    "row %d, %s: row %d) loses. A player who captures every "
                                    "opposing piece wins, and a player who cannot move loses."),
                            name1, bt_far_row (data, 1) + 1, name2, bt_far_row (data, 2) + 1);
  else
    /* TRANSLATORS: "The first player to bring a piece to the far row (White: row 8, Black:
     * row 1) wins, as does a player who captures every opposing piece. …" */
    g_string_append_printf (goal, _("The first player to bring a piece to the far row (%s: "
                                    "row %d, %s: row %d) wins, as does a player who captures "
                                    "every opposing piece. A player who cannot move loses."),
                            name1, bt_far_row (data, 1) + 1, name2, bt_far_row (data, 2) + 1);
  if (rs->max_plies == 0)
    {
      g_string_append_c (goal, ' ');
      g_string_append (goal, _("There are no draws."));
    }
}

/* ---- How it is played: a piece, then the cell it goes to ---- */

static const BsPlaySpec bt_play = {
  .flags = BS_PLAY_STEP,
  .piece_noun = N_("piece"),
};

static void
bt_decode_move (const BsRuleset  *rs,
                const BsPosition *pos,
                BsMove            move,
                BsMoveParts      *parts)
{
  parts->from = BT_MOVE_FROM (move);
  parts->to = BT_MOVE_TO (move);
}

/* The inverse of decode_move: a piece's cell and its target (a step of
 * this game, legal or not). */
static gboolean
bt_encode_move (const BsRuleset   *rs,
                const BsPosition  *pos,
                const BsMoveParts *parts,
                BsMove            *move)
{
  const BtData *data = rs->module_data;

  if (parts->word >= 0 || parts->kind > 0 || parts->direction >= 0 || parts->follow_up >= 0
      || parts->from < 0 || parts->from >= rs->n_cells
      || parts->to < 0 || parts->to >= rs->n_cells)
    return FALSE;
  *move = BT_MOVE (parts->from, parts->to, data->bit_of_cell[parts->from],
                   data->bit_of_cell[parts->to]);
  return TRUE;
}

const BsModule bs_module_breakthrough = {
  .id = "breakthrough",
  .name = N_("Breakthrough"),
  .description = N_("Race a piece to the far row: pieces step forward and capture diagonally"),
  .flags = 0,

  .options = bt_options,
  .n_options = G_N_ELEMENTS (bt_options),
  .kinds = bt_kinds,
  .n_kinds = G_N_ELEMENTS (bt_kinds),
  .unlimited_supply = TRUE,
  .specials = NULL,
  .n_specials = 0,

  .shapes = 1u << BS_SHAPE_SQUARE,
  .square_adjacency = 8,
  .min_side = BT_MIN_SIDE,
  .max_side = BT_MAX_SIDE,
  .min_size = 0,
  .max_size = 0,

  .default_board = { .shape = BS_SHAPE_SQUARE, .width = 8, .height = 8, .adjacency = 8 },
  .default_player_names = { N_("White"), N_("Black") },
  .default_player_colors = { "#f4f1ea", "#26262b" },

  .prepare = bt_prepare,
  .free_data = bt_free_data,
  .setup = bt_setup,
  .generate = bt_generate,
  .random_move = bt_random_move,
  .apply = bt_apply,
  .scores = bt_scores,
  .measures = bt_measures,
  .n_measures = G_N_ELEMENTS (bt_measures),
  .measure = bt_measure,
  .features = bt_features,
  .n_features = G_N_ELEMENTS (bt_features),
  .feature_values = bt_feature_values,
  .is_forcing = bt_is_forcing,
  .ending = bt_ending,
  .describe_ending = bt_describe_ending,
  .play = &bt_play,
  .decode_move = bt_decode_move,
  .encode_move = bt_encode_move,
  .explain_turn = bt_explain_turn,
  .explain_piece = bt_explain_piece,
  .describe_rules = bt_describe_rules,
  .format_move = bt_format_move,
  .parse_move = bt_parse_move,
  .explain = bt_explain,
};
