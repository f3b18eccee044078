/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-tribes.c: Tribes, the simultaneous game of seed 001 (RULES.md).
 *
 * A round is entered one piece order at a time (bs-module.h): player 1's
 * pieces in cell order, then player 2's. The orders given so far live in
 * the position's extra bytes, one byte per cell, and the step that gives
 * the last order resolves the round with the five steps of RULES.md.
 *
 * A step packs the ordered piece's cell (bits 0-9), its target cell (bits
 * 10-19) and the order code (bits 20-23): 1 defend, 2 + d a move in
 * direction d, ORDER_NOT_ADJACENT for a target that is not a neighbour
 * (well-formed, never legal). In the extra bytes 0 means "no order yet".
 *
 * counter[0] holds the cell of the next piece to order while a round is
 * being entered (step > 0); at step 0 it is 0 and the first piece of
 * player 1 is found by a scan, so positions built by hand need no cursor. */

#define G_LOG_DOMAIN "boardsmith-tribes"

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "bs-bitboard.h"
#include "bs-cellset-private.h"
#include "bs-error.h"
#include "bs-module.h"
#include "bs-position.h"
#include "bs-ruleset.h"
#include "bs-variant.h"

enum {
  OPTION_MAX_PLIES,
  N_TRIBES_OPTIONS
};

#define ORDER_NONE          0
#define ORDER_DEFEND        1
#define ORDER_DIR(d)        (2 + (d))
#define ORDER_NOT_ADJACENT  0xF

#define MOVE_MAKE(from, to, code) \
  ((BsMove) (from) | ((BsMove) (to) << 10) | ((BsMove) (code) << 20))
#define MOVE_FROM(m)        ((int) ((m) & 0x3FF))
#define MOVE_TO(m)          ((int) (((m) >> 10) & 0x3FF))
#define MOVE_CODE(m)        ((int) (((m) >> 20) & 0xF))

#define CURSOR(pos)         ((pos)->counter[0])

typedef struct {
  int    centre;                                /* cell, or BS_NO_CELL */
  /* The orders a piece may get on each cell: defend first, then the
   * directions that stay on the board, as order codes. */
  guint8 n_codes[BS_MAX_CELLS];
  guint8 codes[BS_MAX_CELLS][BS_MAX_DIRS + 1];
  /* The same orders as steps. */
  BsMove steps[BS_MAX_CELLS][BS_MAX_DIRS + 1];
  BsGrid grid;                    /* cells as bits (bs-bitboard.h) */
  gsize  sets_offset;             /* from pos->cells, 8-aligned */
} TribesData;

/* Derived bytes, after the orders (trusted while the position has
 * BS_POSITION_DERIVED): each player's pieces as a grid set, so that the
 * next piece to order is a bit scan and a round resolves by shifts. */
BS_FORCE_INLINE static inline guint64 *
tribes_pieces (const TribesData *data, const BsPosition *pos, int nw, int player)
{
  return (guint64 *) (gpointer) ((guint8 *) pos->cells + data->sets_offset) + (player - 1) * nw;
}

static G_NO_INLINE void
tribes_resync (const BsRuleset *rs, BsPosition *pos)
{
  const TribesData *data = rs->module_data;
  int nw = data->grid.n_words;
  guint64 *sets = tribes_pieces (data, pos, nw, 1);

  memset (sets, 0, 16 * (gsize) nw);
  for (int c = 0; c < rs->n_cells; c++)
    if (pos->cells[c] != BS_CELL_EMPTY)
      bs_bits_add (sets + (BS_CELL_OWNER (pos->cells[c]) - 1) * nw, data->grid.bit_of_cell[c]);
  pos->flags |= BS_POSITION_DERIVED;
}

/* The first member of a set at or after bit `from`, or -1. */
BS_FORCE_INLINE static inline int
first_at_or_after (const guint64 *set, int nw, int from)
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

static void tribes_pick_kernels (BsRuleset *rs, int n_words);

static const BsOptionSpec tribes_options[N_TRIBES_OPTIONS] = {
  [OPTION_MAX_PLIES] = {
    "max-plies", BS_OPTION_INT, 0, 100000, 0, NULL,
    N_("Round limit"),
    N_("Rounds after which the game ends as a draw (0: no limit)"),
  },
};

static const BsKindSpec tribes_kinds[] = {
  { "piece", N_("Piece"), FALSE, 12 },
};

static inline guint8 *
tribes_orders (const BsRuleset *rs,
               BsPosition      *pos)
{
  return pos->cells + rs->n_cells;
}

static inline const guint8 *
tribes_orders_const (const BsRuleset  *rs,
                     const BsPosition *pos)
{
  return pos->cells + rs->n_cells;
}

static inline int
tribes_code_target (const BsRuleset *rs,
                    int              cell,
                    int              code)
{
  if (code == ORDER_DEFEND)
    return cell;
  return rs->neighbours[cell * rs->n_dirs + code - 2];
}

/* The first cell at or after `from` that holds a piece of `player`. */
static inline int
tribes_find_piece (const BsRuleset  *rs,
                   const BsPosition *pos,
                   int               from,
                   int               player)
{
  for (int c = from; c < rs->n_cells; c++)
    if (pos->cells[c] != BS_CELL_EMPTY && BS_CELL_OWNER (pos->cells[c]) == player)
      return c;
  return BS_NO_CELL;
}

/* The piece whose order the next step gives. */
static inline int
tribes_next_piece (const BsRuleset  *rs,
                   const BsPosition *pos)
{
  if (pos->step == 0)
    return tribes_find_piece (rs, pos, 0, 1);
  return CURSOR (pos);
}

/* The cell of file ⌈W/2⌉, rank ⌈H/2⌉ (c3 on 5×5), or BS_NO_CELL when it is
 * a hole. */
static int
tribes_centre (const BsBoard *board)
{
  const BsBoardSpec *spec = bs_board_get_spec (board);

  return bs_board_cell_at (board, (spec->width + 1) / 2 - 1, (spec->height + 1) / 2 - 1);
}

static gboolean
tribes_prepare (BsRuleset  *rs,
                GError    **error)
{
  TribesData *data;
  int pieces = 0;
  int needed;

  data = g_new0 (TribesData, 1);
  data->centre = tribes_centre (rs->board);
  for (int c = 0; c < rs->n_cells; c++)
    {
      int n = 0;

      data->codes[c][n++] = ORDER_DEFEND;
      for (int d = 0; d < rs->n_dirs; d++)
        if (rs->neighbours[c * rs->n_dirs + d] != BS_NO_CELL)
          data->codes[c][n++] = (guint8) ORDER_DIR (d);
      data->n_codes[c] = (guint8) n;
      for (int i = 0; i < n; i++)
        {
          int code = data->codes[c][i];
          int target = code == ORDER_DEFEND ? c : rs->neighbours[c * rs->n_dirs + code - 2];

          data->steps[c][i] = MOVE_MAKE (c, target, code);
        }
    }
  if (!bs_grid_init (&data->grid, rs->board, 1))
    {
      /* Every square board the engine accepts fits; this is a safeguard. */
      g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_INVALID,
                   _("Tribes cannot be played on this board"));
      g_free (data);
      return FALSE;
    }
  data->sets_offset = (2 * (gsize) rs->n_cells + 7) & ~(gsize) 7;
  rs->module_data = data;
  tribes_pick_kernels (rs, data->grid.n_words);

  /* The bag must fill every cell but the centre (the text: "at least 24
   * pieces in total" on 5×5); fixed setup pieces count as drawn. */
  needed = rs->n_cells - (data->centre != BS_NO_CELL ? 1 : 0);
  for (int p = 0; p < 2; p++)
    pieces += rs->supply[p][0];
  if (rs->variant->setup != NULL)
    pieces += (int) rs->variant->setup->len;
  if (pieces < needed)
    {
      g_autofree char *where = bs_variant_where (rs->variant, rs->variant->players[0].line);

      g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_INVALID,
                   _("%sTribes needs at least %d pieces in all, enough to fill every cell "
                     "but the centre, but the players have %d"),
                   where, needed, pieces);
      return FALSE;
    }

  /* The orders, then the derived sets. */
  rs->extra_size = data->sets_offset - (gsize) rs->n_cells + 16 * (gsize) data->grid.n_words;
  rs->max_moves = MAX (rs->max_moves, (guint) rs->n_dirs + 1);
  /* A resolution writes every cell at most once. */
  rs->max_changes = MAX (rs->max_changes, (guint) rs->n_cells);
  return TRUE;
}

static void
tribes_free_data (gpointer module_data)
{
  TribesData *data = module_data;

  bs_grid_clear (&data->grid);
  g_free (data);
}

/* The end conditions of RULES.md, in their order, after a round (or after
 * the setup, which may leave a player without pieces). */
static void
tribes_check_end (const BsRuleset *rs,
                  BsPosition      *pos,
                  gboolean         removed,
                  gboolean         after_round)
{
  int n1 = bs_position_pieces (pos, 1);
  int n2 = bs_position_pieces (pos, 2);

  /* The round limit (`max-plies`, a ply being a round) is the ruleset's,
   * applied after these. */
  if (n1 == 0 && n2 == 0)
    pos->result = BS_RESULT_DRAW;
  else if (n1 == 0)
    pos->result = BS_RESULT_WIN_2;
  else if (n2 == 0)
    pos->result = BS_RESULT_WIN_1;
  else if (after_round && !removed)
    pos->result = n1 > n2 ? BS_RESULT_WIN_1 : n2 > n1 ? BS_RESULT_WIN_2 : BS_RESULT_DRAW;
}

/* The bag draw: every empty cell but the centre, in label order, gets the
 * next piece drawn uniformly from what is left in the bag. Drawing the
 * owner with probability (pieces of that owner left) / (pieces left) is
 * the same as drawing a piece, without building the bag. */
static void
tribes_setup (const BsRuleset *rs,
              BsPosition      *pos,
              guint64          seed)
{
  const TribesData *data = rs->module_data;
  guint8 *orders = tribes_orders (rs, pos);
  guint32 left[2] = { pos->supply[0][0], pos->supply[1][0] };
  BsRng rng;

  bs_rng_init (&rng, seed);
  memset (orders, 0, rs->n_cells);
  for (int c = 0; c < rs->n_cells && left[0] + left[1] > 0; c++)
    {
      int owner;

      if (c == data->centre || pos->cells[c] != BS_CELL_EMPTY)
        continue;
      owner = bs_rng_below (&rng, left[0] + left[1]) < left[0] ? 1 : 2;
      left[owner - 1]--;
      bs_position_set_cell (rs->zobrist, pos, c, BS_CELL_MAKE (owner, 0, 0), NULL);
    }
  /* Pieces left in the bag are not used. */
  pos->supply[0][0] = 0;
  pos->supply[1][0] = 0;
  pos->to_move = 1;
  pos->step = 0;
  CURSOR (pos) = 0;
  tribes_resync (rs, pos);
  tribes_check_end (rs, pos, FALSE, FALSE);
}

static guint
tribes_piece_orders (const BsRuleset  *rs,
                     const BsPosition *pos,
                     int               cell,
                     BsMove           *moves)
{
  const TribesData *data = rs->module_data;
  guint n;

  if (cell < 0 || cell >= rs->n_cells || pos->cells[cell] == BS_CELL_EMPTY)
    return 0;
  n = data->n_codes[cell];
  for (guint i = 0; i < n; i++)
    {
      int code = data->codes[cell][i];
      moves[i] = MOVE_MAKE (cell, tribes_code_target (rs, cell, code), code);
    }
  return n;
}

/* The piece whose order the next step gives, from the derived sets. */
BS_FORCE_INLINE static inline int
next_piece (const BsRuleset *rs, const BsPosition *pos, int nw)
{
  const TribesData *data = rs->module_data;
  int bit;

  if (pos->step != 0)
    return CURSOR (pos);
  if (G_UNLIKELY (!(pos->flags & BS_POSITION_DERIVED)))
    return tribes_find_piece (rs, pos, 0, 1);
  bit = first_at_or_after (tribes_pieces (data, pos, nw, 1), nw, 0);
  return bit < 0 ? BS_NO_CELL : data->grid.cell_of_bit[bit];
}

BS_FORCE_INLINE static inline guint
tribes_generate_body (const BsRuleset  *rs,
                      const BsPosition *pos,
                      BsMove           *moves,
                      int               words)
{
  const TribesData *data = rs->module_data;
  int cell = next_piece (rs, pos, words ? words : data->grid.n_words);

  if (cell == BS_NO_CELL)
    return 0;
  return tribes_piece_orders (rs, pos, cell, moves);
}

BS_BITOPS_KERNELS (guint, tribes_generate,
                   (const BsRuleset *rs, const BsPosition *pos, BsMove *moves),
                   rs, pos, moves)

static guint
tribes_generate (const BsRuleset  *rs,
                 const BsPosition *pos,
                 BsMove           *moves)
{
  return rs->generate (rs, pos, moves);
}

BS_FORCE_INLINE static inline BsMove
tribes_random_move_body (const BsRuleset  *rs,
                         const BsPosition *pos,
                         BsRng            *rng,
                         BsMove           *scratch,
                         int               words)
{
  const TribesData *data = rs->module_data;
  int cell = next_piece (rs, pos, words ? words : data->grid.n_words);

  return data->steps[cell][bs_rng_below (rng, data->n_codes[cell])];
}

BS_BITOPS_KERNELS (BsMove, tribes_random_move,
                   (const BsRuleset *rs, const BsPosition *pos, BsRng *rng, BsMove *scratch),
                   rs, pos, rng, scratch)

static BsMove
tribes_random_move (const BsRuleset  *rs,
                    const BsPosition *pos,
                    BsRng            *rng,
                    BsMove           *scratch)
{
  return rs->random_move (rs, pos, rng, scratch);
}

/* The set moved by `s` bits: bit c + s of the result is bit c of x. */
#define MOVED(x, w, s) bs_bits_toward ((x), nw, (w), -(s))

/* The orders of a round as grid sets: the defenders, and the movers in
 * each direction. */
typedef struct {
  guint64 defend[BS_GRID_MAX_WORDS];
  guint64 moving[BS_MAX_DIRS][BS_GRID_MAX_WORDS];
} TribesRound;

BS_FORCE_INLINE static inline void
round_clear (TribesRound *round, int nw, int n_dirs)
{
  for (int w = 0; w < nw; w++)
    {
      round->defend[w] = 0;
      for (int d = 0; d < n_dirs; d++)
        round->moving[d][w] = 0;
    }
}

BS_FORCE_INLINE static inline void
round_add (TribesRound *round, int n_dirs, int code, int w, int b)
{
  if (code >= ORDER_DIR (0) && code < ORDER_DIR (n_dirs))
    round->moving[code - ORDER_DIR (0)][w] |= BS_BIT (b);
  else
    round->defend[w] |= BS_BIT (b);
}

/* The five steps of RULES.md for all pieces at once: the targets of the
 * movers in a direction are their set moved one cell that way. */
BS_FORCE_INLINE static inline void
resolve_round (const BsRuleset   *rs,
               BsPosition        *pos,
               const TribesRound *round,
               BsUndo            *undo,
               int                nw)
{
  const TribesData *data = rs->module_data;
  const BsGrid *grid = &data->grid;
  const int n_dirs = grid->n_dirs;
  guint64 *own[2] = { tribes_pieces (data, pos, nw, 1), tribes_pieces (data, pos, nw, 2) };
  guint64 pointed_at[BS_GRID_MAX_WORDS], once[BS_GRID_MAX_WORDS], more[BS_GRID_MAX_WORDS];
  guint64 by[2][BS_GRID_MAX_WORDS];
  static const guint8 values[4] = {
    BS_CELL_EMPTY, BS_CELL_MAKE (1, 0, 0), BS_CELL_MAKE (2, 0, 0), BS_CELL_EMPTY
  };
  /* Tribes has one kind of piece. */
  int before = pos->on_board[0][0] + pos->on_board[1][0];

  /* 1.-2. A mover points at its target: the attacked pieces. */
  for (int w = 0; w < nw; w++)
    pointed_at[w] = 0;
  for (int d = 0; d < n_dirs; d++)
    for (int w = 0; w < nw; w++)
      pointed_at[w] |= MOVED (round->moving[d], w, grid->shift[d]);

  /* 3. A defender lives if attacked; 5. it stays. */
  for (int w = 0; w < nw; w++)
    {
      guint64 living = round->defend[w] & pointed_at[w];

      once[w] = living;
      more[w] = 0;
      by[0][w] = living & own[0][w];
      by[1][w] = living & own[1][w];
    }
  /* 4. A mover dies if attacked or if its target holds a defender; 5. the
   * living move. */
  for (int d = 0; d < n_dirs; d++)
    {
      int s = grid->shift[d];
      guint64 any = 0;
      guint64 living[BS_GRID_MAX_WORDS], of_1[BS_GRID_MAX_WORDS], of_2[BS_GRID_MAX_WORDS];

      for (int w = 0; w < nw; w++)
        {
          living[w] = round->moving[d][w] & ~pointed_at[w]
                      & ~bs_bits_toward (round->defend, nw, w, s);
          any |= living[w];
        }
      if (any == 0)
        continue;
      for (int w = 0; w < nw; w++)
        {
          of_1[w] = living[w] & own[0][w];
          of_2[w] = living[w] & own[1][w];
        }
      for (int w = 0; w < nw; w++)
        {
          guint64 arrive = MOVED (living, w, s);

          more[w] |= once[w] & arrive;
          once[w] |= arrive;
          by[0][w] |= MOVED (of_1, w, s);
          by[1][w] |= MOVED (of_2, w, s);
        }
    }

  /* 5. A cell that received two or more pieces loses them all. */
  for (int w = 0; w < nw; w++)
    {
      guint64 single = once[w] & ~more[w];
      guint64 was_1 = own[0][w], was_2 = own[1][w];
      guint64 now_1 = single & by[0][w], now_2 = single & by[1][w];

      guint64 changed = (was_1 ^ now_1) | (was_2 ^ now_2);

      own[0][w] = now_1;
      own[1][w] = now_2;
      if ((pos->flags & BS_POSITION_PLAYOUT) && undo == NULL)
        {
          /* Nothing to hash or journal: the bytes, and the counts at once. */
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
  CURSOR (pos) = 0;
  pos->ply++;
  tribes_check_end (rs, pos, pos->on_board[0][0] + pos->on_board[1][0] < before, TRUE);
}

#undef MOVED

/* The round of the orders in the extra bytes (which it clears). Once a
 * round, so out of line: the steps that give orders stay small. */
BS_FORCE_INLINE static inline void
tribes_resolve_body (const BsRuleset *rs,
                     BsPosition      *pos,
                     BsUndo          *undo,
                     int              words)
{
  const TribesData *data = rs->module_data;
  const BsGrid *grid = &data->grid;
  const int nw = words ? words : grid->n_words;
  guint8 *orders = tribes_orders (rs, pos);
  TribesRound round;

  round_clear (&round, nw, grid->n_dirs);
  for (int p = 1; p <= 2; p++)
    {
      const guint64 *pieces = tribes_pieces (data, pos, nw, p);

      for (int w = 0; w < nw; w++)
        for (guint64 bits = pieces[w]; bits != 0; bits &= bits - 1)
          {
            int b = bs_ctz (bits);
            int c = grid->cell_of_bit[w * 64 + b];

            round_add (&round, grid->n_dirs, orders[c], w, b);
            orders[c] = ORDER_NONE;
          }
    }
  resolve_round (rs, pos, &round, undo, nw);
}

BS_BITOPS_KERNELS_VOID (tribes_resolve,
                        (const BsRuleset *rs, BsPosition *pos, BsUndo *undo),
                        rs, pos, undo)

/* A whole round of random orders (bs-ruleset.h): the pieces of player 1
 * in cell order, then player 2's, each drawing its order as random_move
 * would; then the round resolves. The orders never reach the extra bytes,
 * which a round leaves cleared anyway. */
BS_FORCE_INLINE static inline guint
tribes_random_turn_body (const BsRuleset *rs,
                         BsPosition      *pos,
                         BsRng           *rng,
                         int              words)
{
  const TribesData *data = rs->module_data;
  const BsGrid *grid = &data->grid;
  const int nw = words ? words : grid->n_words;
  TribesRound round;
  guint n = 0;

  if (G_UNLIKELY (!(pos->flags & BS_POSITION_DERIVED)))
    tribes_resync (rs, pos);
  round_clear (&round, nw, grid->n_dirs);
  for (int p = 1; p <= 2; p++)
    {
      const guint64 *pieces = tribes_pieces (data, pos, nw, p);

      for (int w = 0; w < nw; w++)
        for (guint64 bits = pieces[w]; bits != 0; bits &= bits - 1)
          {
            int b = bs_ctz (bits);
            int c = grid->cell_of_bit[w * 64 + b];

            round_add (&round, grid->n_dirs, data->codes[c][bs_rng_below (rng, data->n_codes[c])],
                       w, b);
            n++;
          }
    }
  pos->step = (guint16) n;
  resolve_round (rs, pos, &round, NULL, nw);
  return n;
}

BS_BITOPS_KERNELS (guint, tribes_random_turn,
                   (const BsRuleset *rs, BsPosition *pos, BsRng *rng),
                   rs, pos, rng)

BS_FORCE_INLINE static inline void
tribes_apply_body (const BsRuleset *rs,
                   BsPosition      *pos,
                   BsMove           move,
                   BsUndo          *undo,
                   int              words)
{
  const TribesData *data = rs->module_data;
  const BsGrid *grid = &data->grid;
  const int nw = words ? words : grid->n_words;
  int from = MOVE_FROM (move);
  int player = pos->to_move;
  int next;

  if (G_UNLIKELY (!(pos->flags & BS_POSITION_DERIVED)))
    tribes_resync (rs, pos);
  tribes_orders (rs, pos)[from] = (guint8) MOVE_CODE (move);
  pos->step++;
  next = first_at_or_after (tribes_pieces (data, pos, nw, player), nw, grid->bit_of_cell[from] + 1);
  if (next < 0 && player == 1)
    {
      next = first_at_or_after (tribes_pieces (data, pos, nw, 2), nw, 0);
      if (next >= 0)
        pos->to_move = 2;
    }
  if (next >= 0)
    {
      CURSOR (pos) = grid->cell_of_bit[next];
      return;
    }
  /* The last order: the round resolves (out of line, once a round). */
  if (words == 1)
    tribes_resolve_hw1 (rs, pos, undo);
  else if (words == 2)
    tribes_resolve_hw2 (rs, pos, undo);
  else if (bs_bitops_hardware)
    tribes_resolve_hwn (rs, pos, undo);
  else
    tribes_resolve_portable (rs, pos, undo);
}

BS_BITOPS_KERNELS_VOID (tribes_apply,
                        (const BsRuleset *rs, BsPosition *pos, BsMove move, BsUndo *undo),
                        rs, pos, move, undo)

static void
tribes_apply (const BsRuleset *rs,
              BsPosition      *pos,
              BsMove           move,
              BsUndo          *undo)
{
  rs->apply (rs, pos, move, undo);
}

/* The kernels for the board (bs-bitboard.h). */
static void
tribes_pick_kernels (BsRuleset *rs, int n_words)
{
  rs->generate = BS_BITOPS_PICK (tribes_generate, n_words);
  rs->random_move = BS_BITOPS_PICK (tribes_random_move, n_words);
  rs->apply = BS_BITOPS_PICK (tribes_apply, n_words);
  rs->random_turn = BS_BITOPS_PICK (tribes_random_turn, n_words);
}

static void
tribes_scores (const BsRuleset  *rs,
               const BsPosition *pos,
               int               scores[2])
{
  scores[0] = bs_position_pieces (pos, 1);
  scores[1] = bs_position_pieces (pos, 2);
}

static void
tribes_format_move (const BsRuleset  *rs,
                    const BsPosition *pos,
                    BsMove            move,
                    GString          *out)
{
  g_string_append (out, bs_board_cell_label (rs->board, MOVE_FROM (move)));
  g_string_append_c (out, '-');
  g_string_append (out, bs_board_cell_label (rs->board, MOVE_TO (move)));
}

/* One cell label of an order; the error says what is wrong with it. */
static gboolean
tribes_parse_cell (const BsRuleset  *rs,
                   const char       *label,
                   const char       *order,
                   int              *cell,
                   GError          **error)
{
  gboolean is_hole = FALSE;
  int col, row;

  if (!bs_board_parse_label (label, &col, &row))
    {
      g_set_error (error, BS_RULES_ERROR, BS_RULES_ERROR_MALFORMED,
                   _("“%s” is not an order: “%s” is not a cell label "
                     "(an order is written FROM-TO, as c3-c4; c3-c3 defends)"),
                   order, label);
      return FALSE;
    }
  *cell = bs_board_find_cell (rs->board, label, &is_hole);
  if (*cell == BS_NO_CELL)
    {
      g_set_error (error, BS_RULES_ERROR, BS_RULES_ERROR_ILLEGAL,
                   is_hole ? _("%s is a hole in the board") : _("%s is not on the board"),
                   label);
      return FALSE;
    }
  return TRUE;
}

/* The order from → to, without legality (a target that is not adjacent
 * gets ORDER_NOT_ADJACENT). */
static BsMove
order_make (const BsRuleset *rs,
            int              from,
            int              to)
{
  int code = ORDER_NOT_ADJACENT;

  if (to == from)
    code = ORDER_DEFEND;
  else
    for (int d = 0; d < rs->n_dirs; d++)
      if (rs->neighbours[from * rs->n_dirs + d] == to)
        code = ORDER_DIR (d);
  return MOVE_MAKE (from, to, code);
}

/* "c3-c4" → the step, without legality (a target that is not adjacent
 * gets ORDER_NOT_ADJACENT). */
static gboolean
tribes_parse_order (const BsRuleset  *rs,
                    const char       *text,
                    BsMove           *move,
                    GError          **error)
{
  g_auto (GStrv) parts = g_strsplit (text, "-", -1);
  int from, to;

  if (g_strv_length (parts) != 2 || *parts[0] == '\0' || *parts[1] == '\0')
    {
      g_set_error (error, BS_RULES_ERROR, BS_RULES_ERROR_MALFORMED,
                   _("“%s” is not an order: an order is written FROM-TO, as c3-c4 "
                     "(c3-c3 defends)"),
                   text);
      return FALSE;
    }
  if (!tribes_parse_cell (rs, parts[0], text, &from, error)
      || !tribes_parse_cell (rs, parts[1], text, &to, error))
    return FALSE;

  *move = order_make (rs, from, to);
  return TRUE;
}

static gboolean
tribes_parse_move (const BsRuleset  *rs,
                   const BsPosition *pos,
                   const char       *text,
                   BsMove           *move,
                   GError          **error)
{
  return tribes_parse_order (rs, text, move, error);
}

/* Why an order is not legal whatever the phase of the round, or NULL. */
static char *
tribes_explain_order (const BsRuleset  *rs,
                      const BsPosition *pos,
                      BsMove            move)
{
  const char *from, *to;

  if (MOVE_FROM (move) >= rs->n_cells || MOVE_TO (move) >= rs->n_cells)
    return g_strdup (_("not a cell of the board"));
  from = bs_board_cell_label (rs->board, MOVE_FROM (move));
  to = bs_board_cell_label (rs->board, MOVE_TO (move));
  if (pos->cells[MOVE_FROM (move)] == BS_CELL_EMPTY)
    return g_strdup_printf (_("%s holds no piece"), from);
  if (MOVE_CODE (move) == ORDER_NOT_ADJACENT
      || MOVE_CODE (move) == ORDER_NONE
      || tribes_code_target (rs, MOVE_FROM (move), MOVE_CODE (move)) != MOVE_TO (move))
    return g_strdup_printf (_("%s is not next to %s: a piece moves one cell, "
                              "or defends with %s-%s"),
                            to, from, from, from);
  return NULL;
}

static char *
tribes_explain (const BsRuleset  *rs,
                const BsPosition *pos,
                BsMove            move)
{
  int from = MOVE_FROM (move);
  int next;
  char *why;

  if (bs_position_is_over (pos))
    return g_strdup (_("the game is over"));
  if ((why = tribes_explain_order (rs, pos, move)) != NULL)
    return why;
  if (BS_CELL_OWNER (pos->cells[from]) != pos->to_move)
    return g_strdup_printf (_("%s is a piece of player %d, and player %d's orders "
                              "are being entered"),
                            bs_board_cell_label (rs->board, from),
                            BS_CELL_OWNER (pos->cells[from]), pos->to_move);
  if (tribes_orders_const (rs, pos)[from] != ORDER_NONE)
    return g_strdup_printf (_("%s already has its order for this round"),
                            bs_board_cell_label (rs->board, from));
  next = tribes_next_piece (rs, pos);
  if (next != from)
    return g_strdup_printf (_("the next order is for %s (orders are entered in cell order)"),
                            bs_board_cell_label (rs->board, next));
  return NULL;
}

static gboolean
tribes_parse_turn (const BsRuleset  *rs,
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

  /* by_cell[c]: the order given to the piece on c, 0 for none yet (a
   * packed step is never 0: its code is at least 1). */
  by_cell = g_new0 (BsMove, rs->n_cells);
  for (int side = 0; side < 2; side++)
    {
      g_auto (GStrv) orders = g_strsplit (sides[side], ",", -1);
      int player = side + 1;
      int cell;

      for (guint i = 0; orders[i] != NULL; i++)
        {
          const char *order = g_strstrip (orders[i]);
          BsMove move;
          char *why;

          if (*order == '\0')
            {
              /* A player without pieces has nothing to write. */
              if (i == 0 && orders[1] == NULL)
                continue;
              g_set_error (error, BS_RULES_ERROR, BS_RULES_ERROR_MALFORMED,
                           _("an empty order in player %d's orders “%s”"),
                           player, sides[side]);
              return FALSE;
            }
          if (!tribes_parse_order (rs, order, &move, error))
            return FALSE;
          if ((why = tribes_explain_order (rs, pos, move)) != NULL)
            {
              g_set_error (error, BS_RULES_ERROR, BS_RULES_ERROR_ILLEGAL, "%s: %s", order, why);
              g_free (why);
              return FALSE;
            }
          if (BS_CELL_OWNER (pos->cells[MOVE_FROM (move)]) != player)
            {
              g_set_error (error, BS_RULES_ERROR, BS_RULES_ERROR_ILLEGAL,
                           _("%s: the piece on %s belongs to player %d, not to player %d"),
                           order, bs_board_cell_label (rs->board, MOVE_FROM (move)),
                           bs_opponent (player), player);
              return FALSE;
            }
          if (by_cell[MOVE_FROM (move)] != 0)
            {
              g_set_error (error, BS_RULES_ERROR, BS_RULES_ERROR_ILLEGAL,
                           _("%s: the piece on %s is given two orders"),
                           order, bs_board_cell_label (rs->board, MOVE_FROM (move)));
              return FALSE;
            }
          by_cell[MOVE_FROM (move)] = move;
        }

      for (cell = tribes_find_piece (rs, pos, 0, player);
           cell != BS_NO_CELL;
           cell = tribes_find_piece (rs, pos, cell + 1, player))
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
compare_steps_by_cell (const void *a,
                       const void *b)
{
  return MOVE_FROM (*(const BsMove *) a) - MOVE_FROM (*(const BsMove *) b);
}

static void
tribes_format_turn (const BsRuleset  *rs,
                    const BsPosition *pos,
                    const BsMove     *steps,
                    guint             n_steps,
                    GString          *out)
{
  g_autofree BsMove *sorted = g_memdup2 (steps, n_steps * sizeof (BsMove));

  qsort (sorted, n_steps, sizeof (BsMove), compare_steps_by_cell);
  for (int player = 1; player <= 2; player++)
    {
      gboolean first = TRUE;

      if (player == 2)
        g_string_append_c (out, ';');
      for (guint i = 0; i < n_steps; i++)
        {
          if (BS_CELL_OWNER (pos->cells[MOVE_FROM (sorted[i])]) != player)
            continue;
          if (!first)
            g_string_append_c (out, ',');
          tribes_format_move (rs, pos, sorted[i], out);
          first = FALSE;
        }
    }
}

/* 12 each on 5x5 in the seed: half the cells each, enough to fill every
 * cell but the centre. */
static int
tribes_board_supply (const BsBoardSpec *spec,
                     int                kind)
{
  /* Only a square has the rules' figure: a spec of another shape keeps
   * whatever width it was given (fuzz-set found width × height overflow). */
  if (spec->shape != BS_SHAPE_SQUARE)
    return -1;
  return (int) MIN ((gint64) spec->width * spec->height / 2, G_MAXINT);
}

/* ---- How it is played, and what a round did ---- */

/* Every piece gets an order in secret: a neighbouring cell, or its own to
 * defend. */
static const BsPlaySpec tribes_play = {
  .flags = BS_PLAY_ORDERS,
  .piece_noun = N_("piece"),
  .stay_label = N_("defends"),
  /* A first round with two orders lost 22 of 24 pieces (issue 29). */
  .stay_note = N_("A defender that nobody attacks dies."),
};

static void
tribes_decode_move (const BsRuleset  *rs,
                    const BsPosition *pos,
                    BsMove            move,
                    BsMoveParts      *parts)
{
  parts->from = MOVE_FROM (move);
  parts->to = MOVE_TO (move);
}

static gboolean
tribes_encode_move (const BsRuleset   *rs,
                    const BsPosition  *pos,
                    const BsMoveParts *parts,
                    BsMove            *move)
{
  if (parts->from < 0 || parts->from >= rs->n_cells || parts->to < 0 || parts->to >= rs->n_cells
      || parts->word >= 0)
    return FALSE;
  *move = order_make (rs, parts->from, parts->to);
  return TRUE;
}

typedef enum {
  FATE_NONE,
  FATE_DEFENDED,          /* lives: a defender that was attacked */
  FATE_MOVED,             /* lives: a mover, unattacked, onto a free cell */
  FATE_UNATTACKED,        /* dies: a defender nobody attacked */
  FATE_ATTACKED_MOVING,   /* dies: a mover that was attacked */
  FATE_INTO_DEFENDER,     /* dies: a mover whose target holds a defender */
  FATE_COLLIDED,          /* dies: two or more pieces on its cell after moving */
} TribesFate;

/* Why each piece of the round lives or dies, step by step as RULES.md
 * words it (tribes_resolve applies the same steps without the reasons). */
static void
tribes_fates (const BsRuleset *rs,
              const guint8    *cells,
              const gint16    *targets,
              TribesFate      *fates,
              gint16          *attackers)
{
  const int n = rs->n_cells;
  guint8 arrivals[BS_MAX_CELLS];

  for (int c = 0; c < n; c++)
    attackers[c] = BS_NO_CELL;
  for (int c = 0; c < n; c++)
    if (cells[c] != BS_CELL_EMPTY && targets[c] != c)
      attackers[targets[c]] = (gint16) c;

  for (int c = 0; c < n; c++)
    {
      gboolean attacked = attackers[c] != BS_NO_CELL;
      int t = targets[c];

      if (cells[c] == BS_CELL_EMPTY)
        fates[c] = FATE_NONE;
      else if (t == c)
        fates[c] = attacked ? FATE_DEFENDED : FATE_UNATTACKED;
      else if (attacked)
        fates[c] = FATE_ATTACKED_MOVING;
      else if (cells[t] != BS_CELL_EMPTY && targets[t] == t)
        fates[c] = FATE_INTO_DEFENDER;
      else
        fates[c] = FATE_MOVED;
    }

  memset (arrivals, 0, (gsize) n);
  for (int c = 0; c < n; c++)
    if (fates[c] == FATE_DEFENDED || fates[c] == FATE_MOVED)
      arrivals[targets[c]]++;
  for (int c = 0; c < n; c++)
    if ((fates[c] == FATE_DEFENDED || fates[c] == FATE_MOVED) && arrivals[targets[c]] > 1)
      fates[c] = FATE_COLLIDED;
}

/* One line per way of dying, each player's pieces listed by cell, so that
 * a round in which half the board starves still reads at a glance:
 *   "Attacked while moving: Blue b1 (from a1)"
 *   "Defended, but nobody attacked: Red c1 d1 · Blue e1" */
static void
tribes_explain_turn (const BsRuleset   *rs,
                     const BsPosition  *before,
                     const BsMove      *steps,
                     guint              n_steps,
                     BsTurnExplanation *out)
{
  static const TribesFate order[] = {
    FATE_ATTACKED_MOVING, FATE_INTO_DEFENDER, FATE_COLLIDED, FATE_UNATTACKED,
  };
  const int n = rs->n_cells;
  gint16 targets[BS_MAX_CELLS];
  gint16 attackers[BS_MAX_CELLS];
  TribesFate fates[BS_MAX_CELLS];
  guint n_dead = 0;

  /* Pieces without an order in the steps defend (a whole round has one
   * for each). */
  for (int c = 0; c < n; c++)
    targets[c] = (gint16) c;
  for (guint i = 0; i < n_steps; i++)
    if (MOVE_FROM (steps[i]) < n && MOVE_TO (steps[i]) < n)
      targets[MOVE_FROM (steps[i])] = (gint16) MOVE_TO (steps[i]);
  tribes_fates (rs, before->cells, targets, fates, attackers);

  for (guint i = 0; i < G_N_ELEMENTS (order); i++)
    {
      g_autoptr(GString) line = g_string_new (NULL);

      for (int player = 1; player <= 2; player++)
        {
          gboolean named = FALSE;

          for (int c = 0; c < n; c++)
            {
              if (fates[c] != order[i] || BS_CELL_OWNER (before->cells[c]) != player)
                continue;
              if (!named)
                {
                  if (line->len > 0)
                    g_string_append (line, " · ");
                  g_string_append (line, bs_variant_display_player (rs->variant, player));
                  named = TRUE;
                }
              g_string_append_printf (line, " %s", bs_board_cell_label (rs->board, c));
              if (order[i] == FATE_ATTACKED_MOVING)
                /* TRANSLATORS: where the attack came from, after a cell label. */
                g_string_append_printf (line, _(" (from %s)"),
                                        bs_board_cell_label (rs->board, attackers[c]));
              else if (order[i] == FATE_INTO_DEFENDER || order[i] == FATE_COLLIDED)
                /* TRANSLATORS: the cell a piece died on, after a cell label. */
                g_string_append_printf (line, _(" (on %s)"),
                                        bs_board_cell_label (rs->board, targets[c]));
              out->removed[c] = 1;
              n_dead++;
            }
        }
      if (line->len == 0)
        continue;
      switch (order[i])
        {
        case FATE_ATTACKED_MOVING:
          g_string_append (out->details, _("Attacked while moving:"));
          break;
        case FATE_INTO_DEFENDER:
          g_string_append (out->details, _("Ran into a defender:"));
          break;
        case FATE_COLLIDED:
          g_string_append (out->details, _("Collided:"));
          break;
        case FATE_UNATTACKED:
        default:
          /* TRANSLATORS: Tribes, a defender dies when nobody attacks it. */
          g_string_append (out->details, _("Defended, but nobody attacked:"));
          break;
        }
      g_string_append_printf (out->details, " %s\n", line->str);
    }

  if (n_dead == 0)
    g_string_append_printf (out->summary, _("Round %u: no piece dies."), before->ply + 1);
  else
    g_string_append_printf (out->summary, g_dngettext (GETTEXT_PACKAGE, "Round %u: %u piece dies.",
                                                       "Round %u: %u pieces die.", n_dead),
                            before->ply + 1, n_dead);
}

static void
tribes_describe_rules (const BsRuleset *rs,
                       GString         *rules,
                       GString         *goal)
{
  g_string_append_printf (rules, g_dngettext (GETTEXT_PACKAGE,
                                              "Both players give each of their pieces a secret "
                                              "order at the same time: defend, or move to one "
                                              "of the %d neighbouring cell.",
                                              "Both players give each of their pieces a secret "
                                              "order at the same time: defend, or move to one "
                                              "of the %d neighbouring cells.",
                                              (gulong) rs->n_dirs),
                          rs->n_dirs);
  g_string_append_c (rules, ' ');
  g_string_append (rules, _("Then the orders are revealed and resolved together. A piece is "
                            "attacked when a piece next to it moves onto its cell. A defender "
                            "lives only if it is attacked; a mover dies if it is attacked or "
                            "if it moves onto a defender. The dead are removed, the living "
                            "movers arrive, and a cell reached by two or more pieces loses "
                            "them all."));

  g_string_append (goal, _("A player left without pieces after a round loses (both: a draw). "
                           "After a round in which no piece was removed, the game ends and the "
                           "player with more pieces wins (equal numbers: a draw)."));
}

static const BsMeasureSpec tribes_measures[] = {
  { "pieces", N_("Pieces") },
};

static void
tribes_measure (const BsRuleset  *rs,
                const BsPosition *pos,
                int               values[][2])
{
  tribes_scores (rs, pos, values[0]);
}

/* tribes_check_end's conditions: a side without pieces, else a round that
 * removed none. */
static BsEnding
tribes_ending (const BsRuleset  *rs,
               const BsPosition *pos)
{
  if (bs_position_pieces (pos, 1) == 0 || bs_position_pieces (pos, 2) == 0)
    return BS_ENDING_ELIMINATION;
  return BS_ENDING_NO_REMOVAL;
}

static void
tribes_describe_ending (const BsRuleset  *rs,
                        const BsPosition *pos,
                        BsEnding          ending,
                        GString          *out)
{
  int n[2] = { bs_position_pieces (pos, 1), bs_position_pieces (pos, 2) };

  if (ending == BS_ENDING_ELIMINATION)
    {
      if (n[0] == 0 && n[1] == 0)
        g_string_append (out, _("Neither player has a piece left: a draw."));
      else
        g_string_append_printf (out, _("%s has no piece left."),
                                bs_variant_display_player (rs->variant, n[0] == 0 ? 1 : 2));
      return;
    }

  g_string_append_printf (out, _("No piece was removed in round %u."), pos->ply);
  g_string_append_c (out, ' ');
  if (n[0] == n[1])
    {
      g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE,
                                                "Both players have %d piece: a draw.",
                                                "Both players have %d pieces: a draw.",
                                                (gulong) n[0]),
                              n[0]);
      return;
    }
  g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, "%s has %d piece", "%s has %d pieces",
                                            (gulong) n[0]),
                          bs_variant_display_player (rs->variant, 1), n[0]);
  g_string_append (out, ", ");
  g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, "%s has %d piece", "%s has %d pieces",
                                            (gulong) n[1]),
                          bs_variant_display_player (rs->variant, 2), n[1]);
  /* TRANSLATORS: ends "Light has 5 pieces, Dark has 3 pieces" */
  g_string_append (out, _(": more pieces win."));
}

const BsModule bs_module_tribes = {
  .id = "tribes",
  .name = N_("Tribes"),
  .description = N_("Every piece gets a secret order each round: starving tribes "
                    "attack, flee and collide"),
  .flags = BS_MODULE_SIMULTANEOUS,

  .options = tribes_options,
  .n_options = G_N_ELEMENTS (tribes_options),
  .kinds = tribes_kinds,
  .n_kinds = G_N_ELEMENTS (tribes_kinds),
  .unlimited_supply = FALSE,
  .specials = NULL,
  .n_specials = 0,

  .shapes = 1 << BS_SHAPE_SQUARE,
  .square_adjacency = 0,
  .min_side = 2,
  .max_side = 32,
  .min_size = 0,
  .max_size = 0,

  .default_board = { BS_SHAPE_SQUARE, 5, 5, 0, 8 },
  .default_player_names = { N_("Red"), N_("Blue") },
  .default_player_colors = { "#c0392b", "#2e6fbd" },

  .prepare = tribes_prepare,
  .free_data = tribes_free_data,
  .setup = tribes_setup,
  .generate = tribes_generate,
  .random_move = tribes_random_move,
  .apply = tribes_apply,
  .scores = tribes_scores,
  .measures = tribes_measures,
  .n_measures = G_N_ELEMENTS (tribes_measures),
  .measure = tribes_measure,
  .ending = tribes_ending,
  .describe_ending = tribes_describe_ending,
  .play = &tribes_play,
  .decode_move = tribes_decode_move,
  .encode_move = tribes_encode_move,
  .explain_turn = tribes_explain_turn,
  .describe_rules = tribes_describe_rules,
  .format_move = tribes_format_move,
  .parse_move = tribes_parse_move,
  .explain = tribes_explain,
  .piece_orders = tribes_piece_orders,
  .parse_turn = tribes_parse_turn,
  .format_turn = tribes_format_turn,
  .board_supply = tribes_board_supply,
};
