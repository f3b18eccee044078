/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-astoria.c: Astoria (RULES.md, seed 004).
 *
 * On a 2n×2n square board players place a circle or a triangle pointing N,
 * E, S or W, then push N, E, S or W: in every line (columns for N/S, rows
 * for E/W) where the pusher's score (circles + `triangle-weight` × the
 * triangles pointing the push's way) is strictly higher than the
 * opponent's, the pieces move one cell that way and the edge piece falls
 * off (`push-mode`: the whole line, or only pieces with room ahead). A
 * player with an empty supply passes while the other places. The most
 * pieces on the board wins.
 *
 * A move is the cell (bits 0-9), the piece (bits 10-12: 0 circle, 1 + d a
 * triangle pointing d) and the push direction (bits 13-14); a pass is
 * MOVE_PASS. Directions are the board's: 0 N, 1 E, 2 S, 3 W. */

#define G_LOG_DOMAIN "boardsmith-astoria"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "bs-bitboard.h"
#include "bs-error.h"
#include "bs-module.h"
#include "bs-position.h"
#include "bs-ruleset.h"
#include "bs-variant.h"

enum {
  OPT_PUSH_MODE,
  OPT_TRIANGLE_WEIGHT,
  OPT_MAX_PLIES,
  N_OPTIONS
};

enum {
  PUSH_MODE_WHOLE_LINE,
  PUSH_MODE_GAPS,
};

enum {
  KIND_CIRCLE,
  KIND_TRIANGLE,
  N_KINDS
};

#define N_DIRS      4
#define N_PIECES    5     /* circle, triangle N, E, S, W */
#define MAX_SIDE    32
#define MOVE_PASS   ((BsMove) 1 << 16)
#define MOVE_BITS   0x7FFF   /* what a placement may use */

static const char dir_letters[N_DIRS] = { 'N', 'E', 'S', 'W' };

static inline BsMove
move_make (int cell, int piece, int push)
{
  return (BsMove) cell | ((BsMove) piece << 10) | ((BsMove) push << 13);
}

static inline int
move_cell (BsMove move)
{
  return (int) (move & 0x3FF);
}

static inline int
move_piece (BsMove move)
{
  return (int) ((move >> 10) & 7);
}

static inline int
move_push (BsMove move)
{
  return (int) ((move >> 13) & 3);
}

static inline guint8
piece_value (int player, int piece)
{
  return piece == 0 ? BS_CELL_MAKE (player, KIND_CIRCLE, 0)
                    : BS_CELL_MAKE (player, KIND_TRIANGLE, piece - 1);
}

static const char * const push_mode_choices[] = { "whole-line", "gaps", NULL };

static const BsOptionSpec astoria_options[N_OPTIONS] = {
  [OPT_PUSH_MODE] = {
    "push-mode", BS_OPTION_ENUM, 0, 1, PUSH_MODE_WHOLE_LINE, push_mode_choices,
    N_("Push mode"),
    N_("Whether a push moves the whole line, or only pieces with room ahead"),
  },
  [OPT_TRIANGLE_WEIGHT] = {
    "triangle-weight", BS_OPTION_INT, 1, 10, 3, NULL,
    N_("Triangle weight"),
    N_("What a triangle pointing the push's way counts in a line's score"),
  },
  [OPT_MAX_PLIES] = {
    "max-plies", BS_OPTION_INT, 0, 100000, 0, NULL,
    N_("Move limit"),
    N_("Plies after which the game ends as a draw (0: no limit)"),
  },
};

static const BsKindSpec astoria_kinds[N_KINDS] = {
  [KIND_CIRCLE] = { "circle", N_("Circle"), FALSE, 16 },
  [KIND_TRIANGLE] = { "triangle", N_("Triangle"), TRUE, 16 },
};

/* Precomputed per ruleset: the lines of each push direction and what each
 * cell value adds to player 1's lead in a line. */
typedef struct {
  int    n_lines[N_DIRS];
  int    line_length[N_DIRS];
  /* line i of direction d starts at its edge cell edge[d][i] (the cell a
   * piece falls off from) and runs back, against d, by step back[d]. */
  int    edge[N_DIRS][MAX_SIDE];
  int    back[N_DIRS];
  gint8  lead[N_DIRS][BS_CELL_VALUES];
  /* Boards of side at most 8 (the default 8×8 and smaller) also keep bit
   * sets (see "Small boards" below). */
  gboolean small;
  int      side;
  guint64  valid;                 /* the cells, as bits r * 8 + c (or c * 8 + r) */
  gsize    cache_offset;          /* from pos->cells, 8-aligned */
} AstoriaData;

static gboolean
variant_lists_supply (const BsVariant *variant,
                      int              player,
                      const char      *kind)
{
  const GArray *supplies = variant->players[player - 1].supplies;

  for (guint i = 0; i < supplies->len; i++)
    if (g_strcmp0 (g_array_index (supplies, BsVariantSupply, i).kind, kind) == 0)
      return TRUE;
  return FALSE;
}

/* Pieces by class, in bit sets: class (player - 1) * 5 + piece, piece 0
 * a circle and 1 + d a triangle pointing d. */
#define N_CLASSES (2 * N_PIECES)

static guint  astoria_generate_hw1 (const BsRuleset *, const BsPosition *, BsMove *);
static guint  astoria_generate_hw2 (const BsRuleset *, const BsPosition *, BsMove *);
static guint  astoria_generate_hwn (const BsRuleset *, const BsPosition *, BsMove *);
static guint  astoria_generate_portable (const BsRuleset *, const BsPosition *, BsMove *);
static BsMove astoria_random_move_hw1 (const BsRuleset *, const BsPosition *, BsRng *, BsMove *);
static BsMove astoria_random_move_hw2 (const BsRuleset *, const BsPosition *, BsRng *, BsMove *);
static BsMove astoria_random_move_hwn (const BsRuleset *, const BsPosition *, BsRng *, BsMove *);
static BsMove astoria_random_move_portable (const BsRuleset *, const BsPosition *, BsRng *,
                                            BsMove *);
static void   astoria_apply_hw1 (const BsRuleset *, BsPosition *, BsMove, BsUndo *);
static void   astoria_apply_hw2 (const BsRuleset *, BsPosition *, BsMove, BsUndo *);
static void   astoria_apply_hwn (const BsRuleset *, BsPosition *, BsMove, BsUndo *);
static void   astoria_apply_portable (const BsRuleset *, BsPosition *, BsMove, BsUndo *);

static gboolean
astoria_prepare (BsRuleset  *rs,
                 GError    **error)
{
  const BsBoardSpec *spec = bs_board_get_spec (rs->board);
  int w = spec->width, h = spec->height;
  int weight = rs->options[OPT_TRIANGLE_WEIGHT];
  AstoriaData *data;

  if (spec->shape != BS_SHAPE_SQUARE || rs->n_dirs != N_DIRS)
    {
      g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_INVALID,
                   _("Astoria is played on a square board with 4 directions"));
      return FALSE;
    }
  if (w != h || w % 2 != 0 || w > MAX_SIDE)
    {
      g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_INVALID,
                   _("Astoria is played on a 2n×2n board (an even side of at most %d), not %d×%d"),
                   MAX_SIDE, w, h);
      return FALSE;
    }
  if (rs->n_cells != w * h)
    {
      g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_INVALID,
                   _("Astoria boards have no holes: pushes move whole rows and columns"));
      return FALSE;
    }
  /* The lines below assume cells numbered row by row from a1. */
  for (int r = 0; r < h; r++)
    for (int c = 0; c < w; c++)
      g_assert (bs_board_cell_at (rs->board, c, r) == r * w + c);

  /* The seed text gives each player half as many pieces as the board has
   * cells, half of them triangles: a supply the variant does not list
   * follows the board rather than the 8×8 default. */
  for (int p = 1; p <= 2; p++)
    for (int k = 0; k < N_KINDS; k++)
      if (!variant_lists_supply (rs->variant, p, astoria_kinds[k].id))
        rs->supply[p - 1][k] = (guint16) (w * h / 4);

  data = g_new0 (AstoriaData, 1);
  for (int i = 0; i < w; i++)
    {
      data->edge[0][i] = (h - 1) * w + i;     /* N: columns, edge on the top row */
      data->edge[2][i] = i;                   /* S: columns, edge on row 1 */
    }
  for (int i = 0; i < h; i++)
    {
      data->edge[1][i] = i * w + (w - 1);     /* E: rows, edge on the last file */
      data->edge[3][i] = i * w;               /* W: rows, edge on file a */
    }
  data->n_lines[0] = data->n_lines[2] = w;
  data->n_lines[1] = data->n_lines[3] = h;
  data->line_length[0] = data->line_length[2] = h;
  data->line_length[1] = data->line_length[3] = w;
  data->back[0] = -w;
  data->back[2] = w;
  data->back[1] = -1;
  data->back[3] = 1;

  for (int d = 0; d < N_DIRS; d++)
    for (int v = 0; v < BS_CELL_VALUES; v++)
      {
        int owner = BS_CELL_OWNER (v), kind = BS_CELL_KIND (v), points;

        if (owner != 1 && owner != 2)
          continue;
        if (kind == KIND_CIRCLE)
          points = 1;
        else if (kind == KIND_TRIANGLE && BS_CELL_DIR (v) == d)
          points = weight;
        else
          points = 0;
        data->lead[d][v] = (gint8) (owner == 1 ? points : -points);
      }

  data->side = w;
  data->small = w <= 8;
  if (data->small)
    {
      for (int r = 0; r < w; r++)
        for (int c = 0; c < w; c++)
          data->valid |= BS_BIT (r * 8 + c);
      data->cache_offset = ((gsize) rs->n_cells + 7) & ~(gsize) 7;
      rs->extra_size = data->cache_offset - (gsize) rs->n_cells + 8 * 2 * N_CLASSES;
    }

  rs->module_data = data;
  rs->generate = BS_BITOPS_PICK (astoria_generate, 1);
  rs->random_move = BS_BITOPS_PICK (astoria_random_move, 1);
  rs->apply = BS_BITOPS_PICK (astoria_apply, 1);
  rs->max_moves = (guint) rs->n_cells * N_PIECES * N_DIRS + 1;
  /* The placement, then every cell of the board at most once. */
  rs->max_changes = (guint) rs->n_cells + 1;
  return TRUE;
}

static void
astoria_free_data (gpointer module_data)
{
  g_free (module_data);
}

static inline int
supply_total (const BsPosition *pos,
              int               player)
{
  return pos->supply[player - 1][KIND_CIRCLE] + pos->supply[player - 1][KIND_TRIANGLE];
}

static inline int
empty_cells (const BsRuleset  *rs,
             const BsPosition *pos)
{
  return rs->n_cells - bs_position_pieces (pos, 1) - bs_position_pieces (pos, 2);
}

static void
check_end (const BsRuleset *rs,
           BsPosition      *pos)
{
  /* All placed, or nothing can be placed any more (pushes only follow a
   * placement, so a full board stays full). */
  if ((supply_total (pos, 1) == 0 && supply_total (pos, 2) == 0)
      || empty_cells (rs, pos) == 0)
    {
      int p1 = bs_position_pieces (pos, 1);
      int p2 = bs_position_pieces (pos, 2);

      pos->result = p1 > p2 ? BS_RESULT_WIN_1 : p2 > p1 ? BS_RESULT_WIN_2 : BS_RESULT_DRAW;
    }
}

static void resync (const BsRuleset *rs, BsPosition *pos);

static void
astoria_setup (const BsRuleset *rs,
               BsPosition      *pos,
               guint64          seed)
{
  const AstoriaData *data = rs->module_data;

  if (data->small)
    resync (rs, pos);
  check_end (rs, pos);
}

/* The pieces (0 circle, 1 + d triangle) the player to move has: a mask. */
static inline int
available_pieces (const BsPosition *pos)
{
  int p = pos->to_move - 1;

  return (pos->supply[p][KIND_CIRCLE] > 0 ? 1 : 0)
       | (pos->supply[p][KIND_TRIANGLE] > 0 ? 0x1E : 0);
}

/* Small boards (side at most 8). Besides the cells, the derived bytes
 * (trusted while the position has BS_POSITION_DERIVED) hold each class of
 * pieces as two bit sets: by rows (bit r * 8 + c, a row is a byte) and by
 * columns (bit c * 8 + r). A push's lines are the bytes of one of them,
 * so every line's score is a few byte-wise counts, and every class moves
 * in all pushed lines at once by one masked shift in each set. */

BS_FORCE_INLINE static inline guint64 *
class_sets (const AstoriaData *data, const BsPosition *pos, gboolean by_columns)
{
  return (guint64 *) (gpointer) ((guint8 *) pos->cells + data->cache_offset)
         + (by_columns ? N_CLASSES : 0);
}

static inline int
class_of (guint8 value)
{
  return (BS_CELL_OWNER (value) - 1) * N_PIECES
         + (BS_CELL_KIND (value) == KIND_CIRCLE ? 0 : 1 + BS_CELL_DIR (value));
}

static void
resync (const BsRuleset *rs, BsPosition *pos)
{
  const AstoriaData *data = rs->module_data;
  guint64 *rows = class_sets (data, pos, FALSE);
  guint64 *columns = class_sets (data, pos, TRUE);
  int w = data->side;

  memset (rows, 0, 8 * 2 * N_CLASSES);
  for (int c = 0; c < rs->n_cells; c++)
    if (pos->cells[c] != BS_CELL_EMPTY)
      {
        int k = class_of (pos->cells[c]);
        rows[k] |= BS_BIT ((c / w) * 8 + c % w);
        columns[k] |= BS_BIT ((c % w) * 8 + c / w);
      }
  pos->flags |= BS_POSITION_DERIVED;
}

/* Bits set in each byte of x. */
BS_FORCE_INLINE static inline guint64
byte_counts (guint64 x)
{
  x = x - ((x >> 1) & G_GUINT64_CONSTANT (0x5555555555555555));
  x = (x & G_GUINT64_CONSTANT (0x3333333333333333))
      + ((x >> 2) & G_GUINT64_CONSTANT (0x3333333333333333));
  return (x + (x >> 4)) & G_GUINT64_CONSTANT (0x0F0F0F0F0F0F0F0F);
}

#define LANES_LOW G_GUINT64_CONSTANT (0x0101010101010101)
#define LANES_HIGH G_GUINT64_CONSTANT (0x8080808080808080)

/* The lines (bytes of the sets by rows for E and W, by columns for N and
 * S) where the pusher's score is strictly higher: 0xFF in those bytes.
 * A score is at most 8 × 10 = 80, so bytes never carry into each other. */
BS_FORCE_INLINE static inline guint64
pushed_lines (const AstoriaData *data, const guint64 *lines, int weight, int player, int push)
{
  int me = (player - 1) * N_PIECES, them = (2 - player) * N_PIECES;
  guint64 mine = byte_counts (lines[me]) + (guint64) weight * byte_counts (lines[me + 1 + push]);
  guint64 theirs = byte_counts (lines[them])
                   + (guint64) weight * byte_counts (lines[them + 1 + push]);
  guint64 higher = ((mine | LANES_HIGH) - (theirs + LANES_LOW)) & LANES_HIGH;

  return (higher >> 7) * 0xFF;
}

/* One set pushed along `step` (±1 within bytes, ±8 across them) in the
 * lines of `lines`, the pieces on `edge` falling off, or in gaps mode only
 * those with `room` (an empty cell or the edge ahead). Returns the pieces
 * that fell. */
BS_FORCE_INLINE static inline guint64
push_set (guint64 *set, guint64 lines, guint64 edge, guint64 room, int step)
{
  guint64 moving = *set & lines & room;
  guint64 staying = moving & ~edge;

  *set = (*set & ~moving) | (step > 0 ? staying << step : staying >> -step);
  return moving & edge;
}

/* The same position's cells as bit sets by rows: the empty cells. */
BS_FORCE_INLINE static inline guint64
empty_set (const AstoriaData *data, const guint64 *sets)
{
  guint64 occupied = 0;

  for (int k = 0; k < N_CLASSES; k++)
    occupied |= sets[k];
  return data->valid & ~occupied;
}

/* Cells of a small board pushed line by line, whole lines, without the
 * journal, the hash or the counts (playout mode; the caller counts the
 * pieces that fell off). */
static void
shift_lines (const AstoriaData *data, guint8 *cells, int push, unsigned lanes)
{
  int w = data->side;
  int back = data->back[push];

  for (; lanes != 0; lanes &= lanes - 1)
    {
      int edge = data->edge[push][bs_ctz (lanes)];
      int cell = edge;

      for (int i = 0; i < w - 1; i++, cell += back)
        cells[cell] = cells[cell + back];
      cells[cell] = BS_CELL_EMPTY;
    }
}

BS_FORCE_INLINE static inline guint
astoria_generate_body (const BsRuleset  *rs,
                       const BsPosition *pos,
                       BsMove           *moves,
                       int               words)
{
  int pieces = available_pieces (pos);
  guint n = 0;

  if (pieces == 0)
    {
      moves[0] = MOVE_PASS;
      return 1;
    }
  for (int c = 0; c < rs->n_cells; c++)
    {
      if (pos->cells[c] != BS_CELL_EMPTY)
        continue;
      for (int piece = 0; piece < N_PIECES; piece++)
        if (pieces & (1 << piece))
          for (int push = 0; push < N_DIRS; push++)
            moves[n++] = move_make (c, piece, push);
    }
  return n;
}

BS_BITOPS_KERNELS (guint, astoria_generate,
                   (const BsRuleset *rs, const BsPosition *pos, BsMove *moves),
                   rs, pos, moves)

static guint
astoria_generate (const BsRuleset  *rs,
                  const BsPosition *pos,
                  BsMove           *moves)
{
  return rs->generate (rs, pos, moves);
}

/* Index of the target-th (from 0) empty cell. Skips eight cells at a time:
 * the high bit of each byte of `occupied` is set for a non-empty cell. On
 * small boards whose derived bytes are kept, the empty cells' bit set
 * answers directly. */
BS_FORCE_INLINE static inline int
nth_empty_cell (const BsRuleset  *rs,
                const BsPosition *pos,
                int               target)
{
  const AstoriaData *data = rs->module_data;
  const guint64 low7 = G_GUINT64_CONSTANT (0x7F7F7F7F7F7F7F7F);
  int cell = 0;

  if (data->small && (pos->flags & BS_POSITION_DERIVED))
    {
      int bit = bs_select64 (empty_set (data, class_sets (data, pos, FALSE)), target);
      return (bit >> 3) * data->side + (bit & 7);
    }
  for (; cell + 8 <= rs->n_cells; cell += 8)
    {
      guint64 word, occupied;
      int empties;

      memcpy (&word, pos->cells + cell, sizeof word);
      occupied = (((word & low7) + low7) | word) & LANES_HIGH;
      empties = 8 - bs_popcount (occupied);
      if (target < empties)
        break;
      target -= empties;
    }
  for (;; cell++)
    if (pos->cells[cell] == BS_CELL_EMPTY && target-- == 0)
      return cell;
}

/* Every legal move is (empty cell, available piece, push direction), all
 * distinct, so a uniform pick over that product is uniform over generate's
 * moves without building the list. */
BS_FORCE_INLINE static inline BsMove
astoria_random_move_body (const BsRuleset  *rs,
                          const BsPosition *pos,
                          BsRng            *rng,
                          BsMove           *scratch,
                          int               words)
{
  int pieces = available_pieces (pos);
  int n_pieces, n_empty, pick, target, piece, push, cell;

  if (pieces == 0)
    return MOVE_PASS;

  n_pieces = (pieces & 1) + ((pieces & 0x1E) ? 4 : 0);
  n_empty = empty_cells (rs, pos);
  pick = (int) bs_rng_below (rng, (guint32) (n_empty * n_pieces * N_DIRS));

  push = pick % N_DIRS;
  pick /= N_DIRS;
  piece = pick % n_pieces;
  target = pick / n_pieces;
  if (!(pieces & 1))
    piece++;                 /* triangles only: 0..3 → pieces 1..4 */

  cell = nth_empty_cell (rs, pos, target);
  g_assert (cell < rs->n_cells);
  return move_make (cell, piece, push);
}

BS_BITOPS_KERNELS (BsMove, astoria_random_move,
                   (const BsRuleset *rs, const BsPosition *pos, BsRng *rng, BsMove *scratch),
                   rs, pos, rng, scratch)

static BsMove
astoria_random_move (const BsRuleset  *rs,
                     const BsPosition *pos,
                     BsRng            *rng,
                     BsMove           *scratch)
{
  return rs->random_move (rs, pos, rng, scratch);
}

static void
push_whole_line (const BsRuleset *rs,
                 BsPosition      *pos,
                 int              edge,
                 int              back,
                 int              length,
                 BsUndo          *undo)
{
  const guint8 *cells = pos->cells;
  int cell = edge;

  for (int i = 0; i < length - 1; i++, cell += back)
    bs_position_write_cell (rs->zobrist, pos, cell, cells[cell + back], undo);
  bs_position_write_cell (rs->zobrist, pos, cell, BS_CELL_EMPTY, undo);
}

/* Judged on the line before the push: a piece moves if the cell ahead is
 * empty or off the board. Walking from the edge, the cell ahead of the
 * current one has already been written, so its old value is carried. */
static void
push_gaps (const BsRuleset *rs,
           BsPosition      *pos,
           int              edge,
           int              back,
           int              length,
           BsUndo          *undo)
{
  const guint8 *cells = pos->cells;
  gboolean room_ahead = TRUE;      /* off the board, beyond the edge */
  int cell = edge;

  for (int i = 0; i < length; i++, cell += back)
    {
      guint8 value = cells[cell];

      if (value != BS_CELL_EMPTY && room_ahead)
        {
          if (i > 0)
            bs_position_write_cell (rs->zobrist, pos, cell - back, value, undo);
          bs_position_write_cell (rs->zobrist, pos, cell, BS_CELL_EMPTY, undo);
        }
      room_ahead = value == BS_CELL_EMPTY;
    }
}

/* Player 1's lead in every line: columns (for N and S pushes) or rows.
 * One pass over the cells in memory order, whichever the lines are. */
static inline void
line_leads (const BsRuleset  *rs,
            const BsPosition *pos,
            const gint8      *lead,
            gboolean          columns,
            int               leads[MAX_SIDE])
{
  const AstoriaData *data = rs->module_data;
  int w = data->line_length[1], h = data->line_length[0];
  const guint8 *row = pos->cells;

  if (columns)
    {
      memset (leads, 0, sizeof (int) * (gsize) w);
      for (int r = 0; r < h; r++, row += w)
        for (int c = 0; c < w; c++)
          leads[c] += lead[row[c]];
    }
  else
    for (int r = 0; r < h; r++, row += w)
      {
        int sum = 0;

        for (int c = 0; c < w; c++)
          sum += lead[row[c]];
        leads[r] = sum;
      }
}

/* The push of a placement on a small board: the lines from the bit sets,
 * then the sets, then the cells (byte moves in playout mode without undo,
 * the counted, hashed and journaled writes otherwise). */
BS_FORCE_INLINE static inline void
push_small (const BsRuleset *rs,
            BsPosition      *pos,
            int              player,
            int              push,
            BsUndo          *undo)
{
  const AstoriaData *data = rs->module_data;
  gboolean columns = push == 0 || push == 2;
  gboolean gaps = rs->options[OPT_PUSH_MODE] == PUSH_MODE_GAPS;
  guint64 *along = class_sets (data, pos, columns);      /* the lines are its bytes */
  guint64 *across = class_sets (data, pos, !columns);
  int w = data->side;
  /* N and E go up the lines (+1 within bytes), S and W down. */
  int step = push == 0 || push == 1 ? 1 : -1;
  guint64 edge_along = (step > 0 ? BS_BIT (w - 1) : 1) * LANES_LOW & data->valid;
  guint64 edge_across = (step > 0 ? (guint64) 0xFF << (8 * (w - 1)) : 0xFF) & data->valid;
  guint64 lines = pushed_lines (data, along, rs->options[OPT_TRIANGLE_WEIGHT], player, push);
  unsigned lanes = (unsigned) ((lines & LANES_LOW) * G_GUINT64_CONSTANT (0x0102040810204080) >> 56);
  guint64 lines_across = lanes * LANES_LOW;
  guint64 room_along = ~G_GUINT64_CONSTANT (0), room_across = ~G_GUINT64_CONSTANT (0);
  gboolean fast = (pos->flags & BS_POSITION_PLAYOUT) && undo == NULL && !gaps;
  int fell[2][N_KINDS] = { { 0 } };

  if (lanes == 0)
    return;
  if (gaps)
    {
      guint64 empty_along = empty_set (data, along), empty_across = empty_set (data, across);

      room_along = edge_along | (step > 0 ? empty_along >> 1 : empty_along << 1);
      room_across = edge_across | (step > 0 ? empty_across >> 8 : empty_across << 8);
    }
  for (int k = 0; k < N_CLASSES; k++)
    {
      guint64 gone = push_set (&along[k], lines, edge_along, room_along, step);

      push_set (&across[k], lines_across, edge_across, room_across, 8 * step);
      fell[k / N_PIECES][k % N_PIECES == 0 ? KIND_CIRCLE : KIND_TRIANGLE] += bs_popcount (gone);
    }

  if (fast)
    {
      shift_lines (data, pos->cells, push, lanes);
      for (int p = 0; p < 2; p++)
        for (int k = 0; k < N_KINDS; k++)
          pos->on_board[p][k] -= (guint16) fell[p][k];
    }
  else
    for (; lanes != 0; lanes &= lanes - 1)
      {
        int edge = data->edge[push][bs_ctz (lanes)];

        if (gaps)
          push_gaps (rs, pos, edge, data->back[push], w, undo);
        else
          push_whole_line (rs, pos, edge, data->back[push], w, undo);
      }
}

BS_FORCE_INLINE static inline void
astoria_apply_body (const BsRuleset *rs,
                    BsPosition      *pos,
                    BsMove           move,
                    BsUndo          *undo,
                    int              words)
{
  const AstoriaData *data = rs->module_data;
  int player = pos->to_move;

  if (move != MOVE_PASS)
    {
      int cell = move_cell (move);
      int piece = move_piece (move);
      int push = move_push (move);
      int kind = piece == 0 ? KIND_CIRCLE : KIND_TRIANGLE;
      guint8 value = piece_value (player, piece);

      g_assert (cell < rs->n_cells && pos->cells[cell] == BS_CELL_EMPTY);
      g_assert (pos->supply[player - 1][kind] > 0);

      if (data->small && G_UNLIKELY (!(pos->flags & BS_POSITION_DERIVED)))
        resync (rs, pos);
      bs_position_replace_cell (rs->zobrist, pos, cell, BS_CELL_EMPTY, value, undo);
      pos->supply[player - 1][kind]--;

      if (data->small)
        {
          int r = cell / data->side, c = cell % data->side;
          int k = (player - 1) * N_PIECES + piece;

          class_sets (data, pos, FALSE)[k] |= BS_BIT (r * 8 + c);
          class_sets (data, pos, TRUE)[k] |= BS_BIT (c * 8 + r);
          push_small (rs, pos, player, push, undo);
          pos->flags |= BS_POSITION_DERIVED;
        }
      else
        {
          int back = data->back[push];
          int length = data->line_length[push];
          int leads[MAX_SIDE];
          int sign = player == 1 ? 1 : -1;
          gboolean gaps = rs->options[OPT_PUSH_MODE] == PUSH_MODE_GAPS;

          line_leads (rs, pos, data->lead[push], push == 0 || push == 2, leads);
          for (int l = 0; l < data->n_lines[push]; l++)
            {
              int edge = data->edge[push][l];

              if (leads[l] * sign <= 0)
                continue;
              if (gaps)
                push_gaps (rs, pos, edge, back, length, undo);
              else
                push_whole_line (rs, pos, edge, back, length, undo);
            }
        }
    }

  pos->ply++;
  pos->to_move = (guint8) bs_opponent (player);
  check_end (rs, pos);
}

BS_BITOPS_KERNELS_VOID (astoria_apply,
                        (const BsRuleset *rs, BsPosition *pos, BsMove move, BsUndo *undo),
                        rs, pos, move, undo)

static void
astoria_apply (const BsRuleset *rs,
               BsPosition      *pos,
               BsMove           move,
               BsUndo          *undo)
{
  rs->apply (rs, pos, move, undo);
}

/* What the computer opponent judges a position by (bs-evaluation.h),
 * hand-set weights in pieces' worth (docs/SEARCH.md): the pieces on the
 * board (the game's score); the best push each player has now, before
 * placing — over the four directions, the opposing pieces minus their own
 * that would fall off the edge in the lines where they are strictly
 * higher (0 if no push gains) — player 1's minus player 2's; and the
 * lines (rows and columns, each of their two directions) where a player
 * is strictly higher, which they could push. */
enum {
  FEATURE_MATERIAL,
  FEATURE_PUSH_GAIN,
  FEATURE_LINES,
  N_FEATURES
};

static const BsFeatureSpec astoria_features[N_FEATURES] = {
  [FEATURE_MATERIAL] = { "material", 1.0 },
  [FEATURE_PUSH_GAIN] = { "push-gain", 0.4 },
  [FEATURE_LINES] = { "lines", 0.03 },
};

static void
astoria_feature_values (const BsRuleset  *rs,
                        const BsPosition *pos,
                        double           *values)
{
  const AstoriaData *data = rs->module_data;
  int best[3] = { 0, 0, 0 }, lines[3] = { 0, 0, 0 };

  for (int d = 0; d < N_DIRS; d++)
    {
      int gain[3] = { 0, 0, 0 };

      for (int i = 0; i < data->n_lines[d]; i++)
        {
          int edge = data->edge[d][i], cell = edge, lead = 0, higher, fallen;

          for (int k = 0; k < data->line_length[d]; k++, cell += data->back[d])
            lead += data->lead[d][pos->cells[cell]];
          if (lead == 0)
            continue;
          higher = lead > 0 ? 1 : 2;
          lines[higher]++;
          fallen = BS_CELL_OWNER (pos->cells[edge]);
          if (pos->cells[edge] != BS_CELL_EMPTY)
            gain[higher] += fallen == higher ? -1 : 1;
        }
      for (int p = 1; p <= 2; p++)
        best[p] = MAX (best[p], gain[p]);
    }
  values[FEATURE_MATERIAL] = bs_position_pieces (pos, 1) - bs_position_pieces (pos, 2);
  values[FEATURE_PUSH_GAIN] = best[1] - best[2];
  values[FEATURE_LINES] = lines[1] - lines[2];
}

static void
astoria_scores (const BsRuleset  *rs,
                const BsPosition *pos,
                int               scores[2])
{
  scores[0] = bs_position_pieces (pos, 1);
  scores[1] = bs_position_pieces (pos, 2);
}

static void
astoria_format_move (const BsRuleset  *rs,
                     const BsPosition *pos,
                     BsMove            move,
                     GString          *out)
{
  int piece = move_piece (move);
  int cell = move_cell (move);

  if (move == MOVE_PASS)
    {
      g_string_append (out, "pass");
      return;
    }
  if (piece >= N_PIECES || cell >= rs->n_cells || (move & ~(BsMove) MOVE_BITS) != 0)
    {
      g_string_append_printf (out, "?%u", (guint) move);
      return;
    }
  if (piece == 0)
    g_string_append_c (out, 'C');
  else
    {
      g_string_append_c (out, 'T');
      g_string_append_c (out, dir_letters[piece - 1]);
    }
  g_string_append_c (out, '@');
  g_string_append (out, bs_board_cell_label (rs->board, cell));
  g_string_append_c (out, '/');
  g_string_append_c (out, dir_letters[move_push (move)]);
}

static int
dir_from_letter (char letter)
{
  for (int d = 0; d < N_DIRS; d++)
    if (dir_letters[d] == letter)
      return d;
  return -1;
}

static gboolean
malformed (GError    **error,
           const char *why)
{
  g_set_error (error, BS_RULES_ERROR, BS_RULES_ERROR_MALFORMED,
               _("%s (write C@d4/N for a circle on d4 pushing north, TE@d4/S for a triangle "
                 "pointing east pushing south, or pass)"),
               why);
  return FALSE;
}

static gboolean
astoria_parse_move (const BsRuleset  *rs,
                    const BsPosition *pos,
                    const char       *text,
                    BsMove           *move,
                    GError          **error)
{
  const char *p = text, *slash;
  g_autofree char *label = NULL;
  gboolean is_hole = FALSE;
  int piece, cell, push;

  if (g_str_equal (text, "pass"))
    {
      *move = MOVE_PASS;
      return TRUE;
    }

  if (*p == 'C')
    {
      piece = 0;
      p++;
    }
  else if (*p == 'T')
    {
      int dir = dir_from_letter (p[1]);

      if (dir < 0)
        return malformed (error, _("a triangle needs its direction N, E, S or W after T"));
      piece = 1 + dir;
      p += 2;
    }
  else
    return malformed (error, _("it must start with C or T"));

  if (*p != '@')
    return malformed (error, _("expected “@” before the cell"));
  p++;
  slash = strchr (p, '/');
  if (slash == NULL)
    return malformed (error, _("the push direction is missing after the cell"));
  if (slash == p)
    return malformed (error, _("the cell is missing"));
  if (slash[1] == '\0' || slash[2] != '\0' || (push = dir_from_letter (slash[1])) < 0)
    return malformed (error, _("the push direction must be N, E, S or W"));

  label = g_strndup (p, (gsize) (slash - p));
  cell = bs_board_find_cell (rs->board, label, &is_hole);
  if (cell == BS_NO_CELL)
    {
      g_set_error (error, BS_RULES_ERROR, BS_RULES_ERROR_MALFORMED,
                   is_hole ? _("%s is a hole in this board") : _("there is no cell %s on this board"),
                   label);
      return FALSE;
    }
  *move = move_make (cell, piece, push);
  return TRUE;
}

static char *
astoria_explain (const BsRuleset  *rs,
                 const BsPosition *pos,
                 BsMove            move)
{
  int player = pos->to_move;
  int cell, piece, kind;

  if (bs_position_is_over (pos))
    return g_strdup (_("the game is over"));
  if (move == MOVE_PASS)
    return supply_total (pos, player) > 0
           ? g_strdup (_("you still have pieces to place, so you cannot pass"))
           : NULL;

  cell = move_cell (move);
  piece = move_piece (move);
  if ((move & ~(BsMove) MOVE_BITS) != 0 || piece >= N_PIECES || cell >= rs->n_cells)
    return g_strdup (_("this is not an Astoria move"));

  kind = piece == 0 ? KIND_CIRCLE : KIND_TRIANGLE;
  if (supply_total (pos, player) == 0)
    return g_strdup (_("you have no pieces left, so you must pass"));
  if (pos->supply[player - 1][kind] == 0)
    return g_strdup (kind == KIND_CIRCLE ? _("you have no circles left")
                                         : _("you have no triangles left"));
  if (pos->cells[cell] != BS_CELL_EMPTY)
    return g_strdup_printf (_("%s is occupied"), bs_board_cell_label (rs->board, cell));
  return NULL;
}

/* The seed: (2n)^2 / 2 pieces each, half triangles and half circles. */
static int
astoria_board_supply (const BsBoardSpec *spec,
                      int                kind)
{
  /* Only a square has the rules' figure: a spec of another shape keeps
   * whatever width it was given (fuzz-set found width × height overflow). */
  if (spec->shape != BS_SHAPE_SQUARE)
    return -1;
  return (int) MIN ((gint64) spec->width * spec->height / 4, G_MAXINT);
}

/* ---- How it is played, and what a turn did ---- */

static const BsChoiceSpec astoria_pushes[N_DIRS] = {
  { N_("Push North"), 0 },
  { N_("Push East"), 1 },
  { N_("Push South"), 2 },
  { N_("Push West"), 3 },
};

static const BsWordSpec astoria_words[] = {
  { "pass", N_("_Pass"), N_("Pass: you have placed all your pieces."), FALSE },
};

/* Choose a circle or a triangle (and where it points), click an empty
 * cell, then choose the push. */
static const BsPlaySpec astoria_play = {
  .flags = BS_PLAY_PLACE | BS_PLAY_FOLLOW_UP,
  .piece_noun = N_("piece"),
  .direction_prompt = N_("Triangle points"),
  .follow_up_prompt = N_("Push"),
  .follow_ups = astoria_pushes,
  .n_follow_ups = N_DIRS,
  .words = astoria_words,
  .n_words = G_N_ELEMENTS (astoria_words),
};

static const char * const dir_words[N_DIRS] = {
  N_("north"), N_("east"), N_("south"), N_("west"),
};

static void
astoria_decode_move (const BsRuleset  *rs,
                     const BsPosition *pos,
                     BsMove            move,
                     BsMoveParts      *parts)
{
  if (move == MOVE_PASS)
    {
      parts->word = 0;
      return;
    }
  parts->to = move_cell (move);
  parts->kind = move_piece (move) == 0 ? KIND_CIRCLE : KIND_TRIANGLE;
  parts->direction = move_piece (move) == 0 ? -1 : move_piece (move) - 1;
  parts->follow_up = move_push (move);
}

static gboolean
astoria_encode_move (const BsRuleset   *rs,
                     const BsPosition  *pos,
                     const BsMoveParts *parts,
                     BsMove            *move)
{
  int piece;

  if (parts->word == 0)
    {
      *move = MOVE_PASS;
      return TRUE;
    }
  if (parts->word >= 0 || parts->from != BS_NO_CELL || parts->to < 0 || parts->to >= rs->n_cells
      || parts->follow_up < 0 || parts->follow_up >= N_DIRS)
    return FALSE;
  if (parts->kind == KIND_CIRCLE)
    piece = 0;
  else if (parts->kind == KIND_TRIANGLE && parts->direction >= 0 && parts->direction < N_DIRS)
    piece = 1 + parts->direction;
  else
    return FALSE;
  *move = move_make (parts->to, piece, parts->follow_up);
  return TRUE;
}

/* "a circle", "a triangle pointing east" */
static char *
piece_phrase (int piece)
{
  if (piece == 0)
    return g_strdup (_("a circle"));
  /* TRANSLATORS: "a triangle pointing east" */
  return g_strdup_printf (_("a triangle pointing %s"), _(dir_words[piece - 1]));
}

/* The turn is played on a copy and compared with the board after the
 * placement: a line moved where any of its cells changed, and the piece on
 * the edge cell of a moved line fell off (in both push modes). */
static void
astoria_explain_turn (const BsRuleset   *rs,
                      const BsPosition  *before,
                      const BsMove      *steps,
                      guint              n_steps,
                      BsTurnExplanation *out)
{
  BsMove move = steps[0];
  int player = before->to_move;
  const char *who = bs_variant_display_player (rs->variant, player);
  g_autofree BsPosition *placed = NULL;
  g_autofree BsPosition *after = NULL;
  g_autofree char *piece = NULL;
  g_autoptr(GString) lines = g_string_new (NULL);
  g_autoptr(GString) fallen = g_string_new (NULL);
  gboolean columns;
  int cell, push, n_lines = 0, n_fallen = 0, n_line_cells;

  if (move == MOVE_PASS)
    {
      g_string_append_printf (out->summary, _("%s has no piece left and passes."), who);
      return;
    }
  cell = move_cell (move);
  push = move_push (move);
  columns = push == 0 || push == 2;
  piece = piece_phrase (move_piece (move));

  placed = bs_position_dup (rs, before);
  bs_position_set_cell (rs->zobrist, placed, cell, piece_value (player, move_piece (move)), NULL);
  after = bs_position_dup (rs, before);
  bs_ruleset_apply (rs, after, move, NULL);

  n_line_cells = columns ? bs_board_n_rows (rs->board) : bs_board_n_cols (rs->board);
  for (int l = 0; l < (columns ? bs_board_n_cols (rs->board) : bs_board_n_rows (rs->board)); l++)
    {
      gboolean moved = FALSE;
      int edge = BS_NO_CELL;

      for (int i = 0; i < n_line_cells; i++)
        {
          int c = columns ? bs_board_cell_at (rs->board, l, i) : bs_board_cell_at (rs->board, i, l);

          moved |= placed->cells[c] != after->cells[c];
        }
      if (!moved)
        continue;
      /* The name of the line: a column's letters or a row's number. */
      {
        const char *label = bs_board_cell_label (rs->board, columns ? bs_board_cell_at (rs->board, l, 0)
                                                                    : bs_board_cell_at (rs->board, 0, l));
        g_autofree char *name = columns ? g_strndup (label, strcspn (label, "0123456789"))
                                        : g_strdup (label + strcspn (label, "0123456789"));

        g_string_append_printf (lines, "%s%s", n_lines++ ? ", " : "", name);
      }
      switch (push)
        {
        case 0: edge = bs_board_cell_at (rs->board, l, n_line_cells - 1); break;
        case 1: edge = bs_board_cell_at (rs->board, n_line_cells - 1, l); break;
        case 2: edge = bs_board_cell_at (rs->board, l, 0); break;
        default: edge = bs_board_cell_at (rs->board, 0, l); break;
        }
      if (placed->cells[edge] != BS_CELL_EMPTY)
        {
          guint8 v = placed->cells[edge];

          if (before->cells[edge] != BS_CELL_EMPTY)
            out->removed[edge] = 1;
          /* TRANSLATORS: "Teal's circle on d8 falls off the board." */
          g_string_append_printf (fallen, BS_CELL_KIND (v) == KIND_CIRCLE
                                          ? _("%s’s circle on %s falls off the board.")
                                          : _("%s’s triangle on %s falls off the board."),
                                  bs_variant_display_player (rs->variant, BS_CELL_OWNER (v)),
                                  bs_board_cell_label (rs->board, edge));
          g_string_append_c (fallen, '\n');
          n_fallen++;
        }
    }

  /* TRANSLATORS: "Gold places a triangle pointing east on d4 and pushes north" */
  g_string_append_printf (out->summary, _("%s places %s on %s and pushes %s"), who, piece,
                          bs_board_cell_label (rs->board, cell), _(dir_words[push]));
  g_string_append (out->summary, ": ");
  if (n_lines == 0)
    g_string_append (out->summary, columns ? _("no column moves.") : _("no row moves."));
  else if (columns)
    /* TRANSLATORS: "columns d, f move" */
    g_string_append_printf (out->summary, g_dngettext (GETTEXT_PACKAGE, "column %s moves",
                                                       "columns %s move", (gulong) n_lines),
                            lines->str);
  else
    g_string_append_printf (out->summary, g_dngettext (GETTEXT_PACKAGE, "row %s moves",
                                                       "rows %s move", (gulong) n_lines),
                            lines->str);
  if (n_lines > 0)
    {
      if (n_fallen > 0)
        g_string_append_printf (out->summary, g_dngettext (GETTEXT_PACKAGE,
                                                           ", %d piece falls off.",
                                                           ", %d pieces fall off.",
                                                           (gulong) n_fallen),
                                n_fallen);
      else
        g_string_append_c (out->summary, '.');
    }
  if (n_lines == 0)
    g_string_append_printf (out->details,
                            columns ? _("%s scores more than the opponent in no column.")
                                    : _("%s scores more than the opponent in no row."),
                            who);
  g_string_append (out->details, fallen->str);
}

static void
astoria_describe_rules (const BsRuleset *rs,
                        GString         *rules,
                        GString         *goal)
{
  int weight = rs->options[OPT_TRIANGLE_WEIGHT];

  g_string_append (rules, _("In turn, each player places a circle or a triangle from their "
                            "supply on an empty cell — a triangle pointing north, east, south "
                            "or west — and then pushes north, east, south or west."));
  g_string_append_c (rules, ' ');
  g_string_append (rules, rs->options[OPT_PUSH_MODE] == PUSH_MODE_GAPS
                   ? _("In every column (for a push north or south) or row (east or west) "
                       "where the pusher scores more than the opponent, each piece with an "
                       "empty cell ahead of it moves one cell that way, and the piece on the "
                       "edge falls off the board.")
                   : _("In every column (for a push north or south) or row (east or west) "
                       "where the pusher scores more than the opponent, the whole line moves "
                       "one cell that way, and the piece on the edge falls off the board."));
  g_string_append_c (rules, ' ');
  g_string_append_printf (rules, _("A circle scores 1, a triangle pointing the way of the push "
                                   "%d, other triangles nothing."),
                          weight);
  g_string_append_c (rules, ' ');
  g_string_append (rules, _("A player whose supply is empty passes."));

  g_string_append (goal, _("The game ends when both players have placed all their pieces, or "
                           "when no cell is empty. The player with more pieces on the board "
                           "wins; equal numbers are a draw."));
}

static const BsMeasureSpec astoria_measures[] = {
  { "pieces", N_("Pieces") },
};

static void
astoria_measure (const BsRuleset  *rs,
                 const BsPosition *pos,
                 int               values[][2])
{
  astoria_scores (rs, pos, values[0]);
}

/* check_end's conditions: both supplies placed, or no empty cell. */
static BsEnding
astoria_ending (const BsRuleset  *rs,
                const BsPosition *pos)
{
  if (supply_total (pos, 1) == 0 && supply_total (pos, 2) == 0)
    return BS_ENDING_ALL_PLACED;
  return BS_ENDING_BOARD_FULL;
}

static void
astoria_describe_ending (const BsRuleset  *rs,
                         const BsPosition *pos,
                         BsEnding          ending,
                         GString          *out)
{
  int n[2] = { bs_position_pieces (pos, 1), bs_position_pieces (pos, 2) };

  if (ending == BS_ENDING_ALL_PLACED)
    g_string_append (out, _("Every piece has been placed."));
  else
    g_string_append (out, _("No cell is empty any more."));
  g_string_append_c (out, ' ');
  if (n[0] == n[1])
    {
      g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE,
                                                "Both players have %d piece on the board: a draw.",
                                                "Both players have %d pieces on the board: a draw.",
                                                (gulong) n[0]),
                              n[0]);
      return;
    }
  g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, "%s has %d piece on the board",
                                            "%s has %d pieces on the board", (gulong) n[0]),
                          bs_variant_display_player (rs->variant, 1), n[0]);
  g_string_append (out, ", ");
  g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, "%s has %d piece", "%s has %d pieces",
                                            (gulong) n[1]),
                          bs_variant_display_player (rs->variant, 2), n[1]);
  /* TRANSLATORS: ends "Light has 20 pieces on the board, Dark has 18 pieces" */
  g_string_append (out, _(": more pieces win."));
}

const BsModule bs_module_astoria = {
  .id = "astoria",
  .name = N_("Astoria"),
  .description = N_("Place circles and triangles, then push rows or columns you lead"),
  .flags = 0,

  .options = astoria_options,
  .n_options = N_OPTIONS,
  .kinds = astoria_kinds,
  .n_kinds = N_KINDS,
  .unlimited_supply = FALSE,
  .specials = NULL,
  .n_specials = 0,

  .shapes = 1 << BS_SHAPE_SQUARE,
  .square_adjacency = 4,
  .min_side = 2,
  .max_side = MAX_SIDE,
  .min_size = 0,
  .max_size = 0,

  .default_board = { BS_SHAPE_SQUARE, 8, 8, 0, 4 },
  /* As in the built-in rules/astoria.xml. */
  .default_player_names = { N_("Gold"), N_("Teal") },
  .default_player_colors = { "#d9a23b", "#1f6f73" },

  .prepare = astoria_prepare,
  .free_data = astoria_free_data,
  .setup = astoria_setup,
  .generate = astoria_generate,
  .random_move = astoria_random_move,
  .apply = astoria_apply,
  .scores = astoria_scores,
  .measures = astoria_measures,
  .n_measures = G_N_ELEMENTS (astoria_measures),
  .measure = astoria_measure,
  .features = astoria_features,
  .n_features = N_FEATURES,
  .feature_values = astoria_feature_values,
  /* Up to 1,280 moves a turn: in full, alpha-beta reaches two plies at
   * 0.1 s; with reductions, three (docs/SEARCH.md, "Astoria's Hard"). */
  .late_moves = 8,
  /* Even so, Monte Carlo beat alpha-beta at Hard's 3 s (6-1-1), though
   * not at 0.1 s: Hard and Strongest search by Monte Carlo. */
  .strongest = BS_STRONGEST_MONTE_CARLO,
  /* Measured with balanced openings: cut=8 against the plain search
   * 54-2-4 at 0.1 CPU s, 11-4-5 at Hard's 3 s (docs/SEARCH.md,
   * "Astoria's playouts cut"). */
  .playout_cut = 8,
  .ending = astoria_ending,
  .describe_ending = astoria_describe_ending,
  .play = &astoria_play,
  .decode_move = astoria_decode_move,
  .encode_move = astoria_encode_move,
  .explain_turn = astoria_explain_turn,
  .describe_rules = astoria_describe_rules,
  .format_move = astoria_format_move,
  .parse_move = astoria_parse_move,
  .explain = astoria_explain,
  .board_supply = astoria_board_supply,
};
