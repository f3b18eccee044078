/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-rules-games.c: games written only in the rules language
 * (docs/RULES-LANGUAGE.md), with no C module to be compared with: each is
 * checked against counts and judgements this file works out another way,
 * over a plain array of the board (its own move generator, its own line
 * finder), and against positions worked by hand.
 *
 * The games come as arguments, so that no C file names them (game
 * knowledge lives in the rules files): first the capture game of a
 * checkerboard start (a piece steps orthogonally onto an adjacent enemy
 * piece; a player who cannot move loses), then the line game (stones
 * placed on empty cells; five in a row win, "exactly-five" makes an
 * overline no win; a full board draws). tests/meson.build passes them. */

#include "config.h"

#include <string.h>

#include "bs-board.h"
#include "bs-error.h"
#include "bs-ruleset.h"
#include "bs-rules-game.h"

static const char *capture_game_path;
static const char *line_game_path;

/* The written game at path on its default variant changed by settings
 * ("width=7", "exactly-five=true"; NULL-terminated, or NULL). */
static BsRuleset *
make_ruleset (const char         *path,
              const char * const *settings)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BsRulesGame) game = bs_rules_game_load_file (path, &error);
  g_autoptr(BsVariant) variant = NULL;
  BsRuleset *rs;

  g_assert_no_error (error);
  variant = bs_rules_game_new_variant (game, settings, &error);
  g_assert_no_error (error);
  rs = bs_rules_game_new_ruleset (game, variant, &error);
  g_assert_no_error (error);
  return rs;
}

/* ---- The board as a plain array: grid[row * w + col], 0 empty, else
 * the owner ---- */

typedef struct {
  int    w, h;
  guint8 cell[19 * 19];
} Grid;

static void
grid_from_position (const BsRuleset  *rs,
                    const BsPosition *pos,
                    Grid             *g)
{
  g->w = 0;
  g->h = 0;
  for (int c = 0; c < rs->n_cells; c++)
    {
      g->w = MAX (g->w, bs_board_cell_col (rs->board, c) + 1);
      g->h = MAX (g->h, bs_board_cell_row (rs->board, c) + 1);
    }
  memset (g->cell, 0, sizeof g->cell);
  for (int c = 0; c < rs->n_cells; c++)
    g->cell[bs_board_cell_row (rs->board, c) * g->w + bs_board_cell_col (rs->board, c)] =
      (guint8) BS_CELL_OWNER (pos->cells[c]);
}

static int
grid_index (const BsRuleset *rs,
            const Grid      *g,
            int              cell)
{
  return bs_board_cell_row (rs->board, cell) * g->w + bs_board_cell_col (rs->board, cell);
}

/* The capture game's moves for p, written from its rules: a piece of p
 * next (north, east, south or west) to a piece of the other player moves
 * onto it. moves[i] = from * 1000 + to. */
static int
grid_capture_moves (const Grid *g,
                    int         p,
                    int        *moves)
{
  static const int steps[4][2] = { { 0, 1 }, { 1, 0 }, { 0, -1 }, { -1, 0 } };
  int n = 0;

  for (int row = 0; row < g->h; row++)
    for (int col = 0; col < g->w; col++)
      {
        if (g->cell[row * g->w + col] != p)
          continue;
        for (int k = 0; k < 4; k++)
          {
            int c2 = col + steps[k][0], r2 = row + steps[k][1];

            if (c2 >= 0 && c2 < g->w && r2 >= 0 && r2 < g->h && g->cell[r2 * g->w + c2] == 3 - p)
              moves[n++] = (row * g->w + col) * 1000 + r2 * g->w + c2;
          }
      }
  return n;
}

/* Perft of the capture game on the array alone. */
static guint64
grid_capture_perft (Grid *g,
                    int   p,
                    int   depth)
{
  int moves[4 * 19 * 19];
  int n;
  guint64 leaves = 0;

  if (depth == 0)
    return 1;
  n = grid_capture_moves (g, p, moves);
  if (n == 0)
    return 1;     /* p cannot move: the game is over */
  for (int i = 0; i < n; i++)
    {
      int from = moves[i] / 1000, to = moves[i] % 1000;

      g->cell[from] = 0;
      g->cell[to] = (guint8) p;
      leaves += grid_capture_perft (g, 3 - p, depth - 1);
      g->cell[to] = (guint8) (3 - p);
      g->cell[from] = (guint8) p;
    }
  return leaves;
}

/* Whether p has a line of `length` (exactly that many, when `exactly`)
 * in a row, across, up or diagonally. */
static gboolean
grid_has_line (const Grid *g,
               int         p,
               int         length,
               gboolean    exactly)
{
  static const int axes[4][2] = { { 1, 0 }, { 0, 1 }, { 1, 1 }, { 1, -1 } };

  for (int row = 0; row < g->h; row++)
    for (int col = 0; col < g->w; col++)
      for (int a = 0; a < 4; a++)
        {
          int dc = axes[a][0], dr = axes[a][1];
          int pc = col - dc, pr = row - dr, run = 0;

          /* Only from the first stone of a run. */
          if (g->cell[row * g->w + col] != p ||
              (pc >= 0 && pc < g->w && pr >= 0 && pr < g->h && g->cell[pr * g->w + pc] == p))
            continue;
          for (int c = col, r = row; c >= 0 && c < g->w && r >= 0 && r < g->h &&
               g->cell[r * g->w + c] == p; c += dc, r += dr)
            run++;
          if (exactly ? run == length : run >= length)
            return TRUE;
        }
  return FALSE;
}

/* ---- Checks on the written games ---- */

/* Applies move with an undo, checks that undoing restores the position
 * (bytes and hashes), and applies it again. */
static void
apply_checking_undo (const BsRuleset *rs,
                     BsPosition      *pos,
                     BsMove           move,
                     BsUndo          *undo)
{
  g_autofree BsPosition *before = bs_position_dup (rs, pos);
  guint64 hash = bs_position_hash (rs, pos);

  bs_ruleset_apply (rs, pos, move, undo);
  g_assert_cmpuint (pos->hash, ==, bs_position_compute_cells_hash (rs, pos));
  bs_ruleset_undo (rs, pos, undo);
  g_assert_true (memcmp (before, pos, rs->position_size) == 0);
  g_assert_cmpuint (bs_position_hash (rs, pos), ==, hash);
  bs_ruleset_apply (rs, pos, move, undo);
}

/* Perft of the written game; at every node the moves are checked against
 * the array's (when `capture`), and undo against the position before. */
static guint64
perft (const BsRuleset *rs,
       BsPosition      *pos,
       int              depth,
       gboolean         capture)
{
  g_autofree BsMove *moves = NULL;
  g_autofree BsPosition *before = NULL;
  BsUndo *undo;
  guint64 leaves = 0;
  guint n;

  if (depth == 0 || bs_position_is_over (pos))
    return 1;
  moves = g_new (BsMove, rs->max_moves);
  before = bs_position_dup (rs, pos);
  n = bs_ruleset_generate (rs, pos, moves);
  g_assert_cmpuint (n, >, 0);
  if (capture)
    {
      Grid g;
      int expected[4 * 19 * 19];
      int m;

      grid_from_position (rs, pos, &g);
      m = grid_capture_moves (&g, pos->to_move, expected);
      g_assert_cmpint ((int) n, ==, m);
      for (guint i = 0; i < n; i++)
        {
          BsMoveParts parts;
          int key;
          gboolean found = FALSE;

          bs_ruleset_decode_move (rs, pos, moves[i], &parts);
          key = grid_index (rs, &g, parts.from) * 1000 + grid_index (rs, &g, parts.to);
          for (int k = 0; k < m; k++)
            found |= expected[k] == key;
          g_assert_true (found);
        }
    }
  undo = bs_undo_new (rs);
  for (guint i = 0; i < n; i++)
    {
      bs_ruleset_apply (rs, pos, moves[i], undo);
      leaves += perft (rs, pos, depth - 1, capture);
      bs_ruleset_undo (rs, pos, undo);
      g_assert_true (memcmp (before, pos, rs->position_size) == 0);
    }
  bs_undo_free (undo);
  return leaves;
}

/* What the rules say after `mover` moved, judged on the array. */
typedef guint8 (*Referee) (const Grid *g, int mover, gconstpointer data);

static guint8
capture_referee (const Grid    *g,
                 int            mover,
                 gconstpointer  data)
{
  int moves[4 * 19 * 19];

  return grid_capture_moves (g, 3 - mover, moves) == 0 ? (guint8) mover : BS_RESULT_ONGOING;
}

static guint8
line_referee (const Grid    *g,
              int            mover,
              gconstpointer  data)
{
  const gboolean *exactly = data;

  if (grid_has_line (g, mover, 5, *exactly))
    return (guint8) mover;
  for (int i = 0; i < g->w * g->h; i++)
    if (g->cell[i] == 0)
      return BS_RESULT_ONGOING;
  return BS_RESULT_DRAW;
}

/* Random games: every move random_move gives is among the legal ones,
 * its notation reads back as itself, undo restores the position and its
 * hashes, and the result after each move is the referee's. */
static void
random_games (const BsRuleset *rs,
              guint            games,
              Referee          referee,
              gconstpointer    data)
{
  g_autofree BsMove *moves = g_new (BsMove, rs->max_moves);
  g_autofree BsMove *scratch = g_new (BsMove, rs->max_moves);
  BsUndo *undo = bs_undo_new (rs);
  BsRng rng;
  guint64 plies = 0;
  guint results[4] = { 0 };

  bs_rng_init (&rng, 24);
  for (guint game = 0; game < games; game++)
    {
      g_autofree BsPosition *pos = bs_ruleset_new_position (rs, game);

      while (!bs_position_is_over (pos))
        {
          guint n = bs_ruleset_generate (rs, pos, moves);
          BsMove move = bs_ruleset_random_move (rs, pos, &rng, scratch);
          g_autofree char *text = bs_ruleset_format_move (rs, pos, move);
          BsMove back;
          gboolean found = FALSE;
          int mover = pos->to_move;
          Grid g;

          for (guint i = 0; i < n; i++)
            found |= moves[i] == move;
          g_assert_true (found);
          g_assert_true (bs_ruleset_parse_move (rs, pos, text, &back, NULL));
          g_assert_cmphex (back, ==, move);
          apply_checking_undo (rs, pos, move, undo);
          grid_from_position (rs, pos, &g);
          g_assert_cmpint (pos->result, ==, referee (&g, mover, data));
          plies++;
        }
      results[pos->result]++;
    }
  bs_undo_free (undo);
  g_test_message ("%u games, %" G_GUINT64_FORMAT " plies: %u won by player 1, %u by player 2, "
                  "%u drawn", games, plies, results[1], results[2], results[3]);
}

/* A position of `to_move` with the pieces `cells` ("a1=1 b2=2") on an
 * empty board, as an editor writes it. */
static BsPosition *
hand_position (const BsRuleset *rs,
               const char      *cells,
               int              to_move)
{
  BsPosition *pos = bs_ruleset_new_position (rs, 0);
  g_auto (GStrv) items = g_strsplit (cells, " ", -1);

  for (int c = 0; c < rs->n_cells; c++)
    bs_position_set_cell (rs->zobrist, pos, c, BS_CELL_EMPTY, NULL);
  for (guint i = 0; items[i] != NULL; i++)
    {
      g_auto (GStrv) kv = g_strsplit (items[i], "=", 2);
      int cell = bs_board_find_cell (rs->board, kv[0], NULL);

      g_assert_cmpint (cell, !=, BS_NO_CELL);
      bs_position_set_cell (rs->zobrist, pos, cell,
                            BS_CELL_MAKE ((int) g_ascii_strtoll (kv[1], NULL, 10), 0, 0), NULL);
    }
  pos->to_move = (guint8) to_move;
  pos->result = BS_RESULT_ONGOING;
  return pos;
}

/* Plays `text` on pos (it must be legal) and returns the result. */
static int
play (const BsRuleset *rs,
      BsPosition      *pos,
      const char      *text)
{
  g_autoptr(GError) error = NULL;
  BsMove move;

  g_assert_true (bs_ruleset_parse_move (rs, pos, text, &move, &error));
  g_assert_no_error (error);
  bs_ruleset_apply (rs, pos, move, NULL);
  return pos->result;
}

/* ---- The capture game ---- */

typedef struct {
  const char *width, *height;
  int         depth;
} CaptureCase;

static const CaptureCase capture_cases[] = {
  { "width=5", "height=6", 4 },
  { "width=4", "height=4", 5 },
  { "width=3", "height=5", 7 },
  { "width=8", "height=8", 3 },
};

static void
test_capture_perft (gconstpointer data)
{
  const CaptureCase *tc = data;
  const char *settings[] = { tc->width, tc->height, NULL };
  g_autoptr(BsRuleset) rs = make_ruleset (capture_game_path, settings);
  g_autofree BsPosition *pos = bs_ruleset_new_position (rs, 0);
  Grid g = { 0 };
  guint64 written, counted;

  /* The start, from the rules: full, a checkerboard, player 1 on a1. */
  g.w = (int) g_ascii_strtoll (tc->width + 6, NULL, 10);
  g.h = (int) g_ascii_strtoll (tc->height + 7, NULL, 10);
  for (int row = 0; row < g.h; row++)
    for (int col = 0; col < g.w; col++)
      g.cell[row * g.w + col] = (col + row) % 2 == 0 ? 1 : 2;
  for (int c = 0; c < rs->n_cells; c++)
    g_assert_cmpint (BS_CELL_OWNER (pos->cells[c]), ==, g.cell[grid_index (rs, &g, c)]);
  g_assert_cmpint (pos->to_move, ==, 1);

  counted = grid_capture_perft (&g, 1, tc->depth);
  written = perft (rs, pos, tc->depth, TRUE);
  g_test_message ("%s %s: perft(%d) = %" G_GUINT64_FORMAT, tc->width, tc->height, tc->depth,
                  written);
  g_assert_cmpuint (written, ==, counted);
  /* Ply 1: one move per pair of orthogonal neighbours, all of them. */
  g_assert_cmpuint (perft (rs, pos, 1, FALSE), ==, (guint64) ((g.w - 1) * g.h + g.w * (g.h - 1)));
}

static void
test_capture_hand (void)
{
  g_autoptr(BsRuleset) rs = make_ruleset (capture_game_path, NULL);
  g_autofree BsPosition *pos = NULL;
  g_autofree BsMove *moves = g_new (BsMove, rs->max_moves);
  g_autoptr(GError) error = NULL;
  g_autofree char *sentence = NULL;
  BsMove move;

  /* White a1, c3; Black a2, e6. White takes a2: Black's e6 touches no
   * White piece, so Black cannot move and loses. */
  pos = hand_position (rs, "a1=1 c3=1 a2=2 e6=2", 1);
  g_assert_cmpuint (bs_ruleset_generate (rs, pos, moves), ==, 1);
  g_assert_cmpint (play (rs, pos, "a1-a2"), ==, BS_RESULT_WIN_1);
  g_assert_cmpint (bs_ruleset_ending (rs, pos), ==, BS_ENDING_NO_MOVES);
  sentence = bs_ruleset_describe_ending (rs, pos);
  g_assert_nonnull (strstr (sentence, "cannot move"));
  g_clear_pointer (&pos, g_free);

  /* The same, but Black keeps d3 next to c3: the game goes on, Black's
   * one move takes c3, and then White cannot move and loses. */
  pos = hand_position (rs, "a1=1 c3=1 a2=2 d3=2", 1);
  g_assert_cmpint (play (rs, pos, "a1-a2"), ==, BS_RESULT_ONGOING);
  g_assert_cmpuint (bs_ruleset_generate (rs, pos, moves), ==, 1);
  g_assert_cmpint (play (rs, pos, "d3-c3"), ==, BS_RESULT_WIN_2);
  g_clear_pointer (&pos, g_free);

  /* No step onto an empty cell, nor diagonally, nor onto one's own. */
  pos = hand_position (rs, "b2=1 c3=2 b3=1 a1=2", 1);
  g_assert_false (bs_ruleset_parse_move (rs, pos, "b2-c2", &move, &error));
  g_clear_error (&error);
  g_assert_false (bs_ruleset_parse_move (rs, pos, "b2-c3", &move, &error));
  g_clear_error (&error);
  g_assert_false (bs_ruleset_parse_move (rs, pos, "b2-b3", &move, &error));
  g_clear_error (&error);
  g_assert_true (bs_ruleset_parse_move (rs, pos, "b3-c3", &move, &error));
  g_assert_cmpuint (bs_ruleset_generate (rs, pos, moves), ==, 1);
}

static void
test_capture_random (void)
{
  const char *settings[] = { "width=7", "height=7", NULL };
  g_autoptr(BsRuleset) shipped = make_ruleset (capture_game_path, NULL);
  g_autoptr(BsRuleset) larger = make_ruleset (capture_game_path, settings);

  random_games (shipped, 300, capture_referee, NULL);
  random_games (larger, 100, capture_referee, NULL);
}

/* ---- The line game ---- */

typedef struct {
  const char *side;
  int         cells;
  int         depth;
} LineCase;

static const LineCase line_cases[] = {
  { "9", 81, 3 },
  { "15", 225, 2 },
  { "16", 256, 2 },
  { "19", 361, 2 },
};

static void
test_line_perft (gconstpointer data)
{
  const LineCase *tc = data;
  g_autofree char *width = g_strconcat ("width=", tc->side, NULL);
  g_autofree char *height = g_strconcat ("height=", tc->side, NULL);
  const char *settings[] = { width, height, NULL };
  g_autoptr(BsRuleset) rs = make_ruleset (line_game_path, settings);
  g_autofree BsPosition *pos = bs_ruleset_new_position (rs, 0);
  guint64 expected = 1;

  g_assert_cmpint (rs->n_cells, ==, tc->cells);
  for (int d = 1; d <= tc->depth; d++)
    {
      /* N (N - 1) … (N - d + 1): no line can form in so few plies. */
      expected *= (guint64) (tc->cells - d + 1);
      g_assert_cmpuint (perft (rs, pos, d, FALSE), ==, expected);
    }
  g_test_message ("%s x %s: perft(%d) = %" G_GUINT64_FORMAT, tc->side, tc->side, tc->depth,
                  expected);
}

static void
test_line_hand (void)
{
  const char *exactly[] = { "exactly-five=true", NULL };
  const char *nine[] = { "width=9", "height=9", NULL };
  g_autoptr(BsRuleset) rs = make_ruleset (line_game_path, NULL);
  g_autoptr(BsRuleset) exact = make_ruleset (line_game_path, exactly);
  g_autoptr(BsRuleset) small = make_ruleset (line_game_path, nine);
  g_autofree BsPosition *pos = NULL;
  g_autofree char *sentence = NULL;
  Grid g;

  /* Four across is no win; the fifth in the gap wins, counted both ways. */
  pos = hand_position (rs, "a1=1 b1=1 d1=1 a2=2 b2=2 c2=2", 1);
  g_assert_cmpint (play (rs, pos, "h8"), ==, BS_RESULT_ONGOING);
  g_assert_cmpint (play (rs, pos, "d2"), ==, BS_RESULT_ONGOING);
  g_assert_cmpint (play (rs, pos, "e1"), ==, BS_RESULT_ONGOING);    /* a1 b1 _ d1 e1 */
  g_assert_cmpint (play (rs, pos, "o15"), ==, BS_RESULT_ONGOING);
  g_assert_cmpint (play (rs, pos, "c1"), ==, BS_RESULT_WIN_1);
  g_assert_cmpint (bs_ruleset_ending (rs, pos), ==, BS_ENDING_GOAL);
  sentence = bs_ruleset_describe_ending (rs, pos);
  g_assert_nonnull (strstr (sentence, "line of five"));
  g_clear_pointer (&pos, g_free);

  /* Up and both diagonals, for the second player too. */
  pos = hand_position (rs, "o11=2 o12=2 o13=2 o14=2", 2);
  g_assert_cmpint (play (rs, pos, "o15"), ==, BS_RESULT_WIN_2);
  g_clear_pointer (&pos, g_free);
  pos = hand_position (rs, "c3=1 d4=1 f6=1 g7=1", 1);
  g_assert_cmpint (play (rs, pos, "e5"), ==, BS_RESULT_WIN_1);
  g_clear_pointer (&pos, g_free);
  pos = hand_position (rs, "a15=2 b14=2 c13=2 d12=2", 2);
  g_assert_cmpint (play (rs, pos, "e11"), ==, BS_RESULT_WIN_2);
  g_clear_pointer (&pos, g_free);

  /* An overline of six: a win, but not under "exactly five", where a
   * later exact five still wins. */
  pos = hand_position (rs, "a1=1 b1=1 c1=1 e1=1 f1=1", 1);
  g_assert_cmpint (play (rs, pos, "d1"), ==, BS_RESULT_WIN_1);
  g_clear_pointer (&pos, g_free);
  pos = hand_position (exact, "a1=1 b1=1 c1=1 e1=1 f1=1 a3=1 b3=1 c3=1 d3=1", 1);
  g_assert_cmpint (play (exact, pos, "d1"), ==, BS_RESULT_ONGOING);
  g_assert_cmpint (play (exact, pos, "o15"), ==, BS_RESULT_ONGOING);
  g_assert_cmpint (play (exact, pos, "e3"), ==, BS_RESULT_WIN_1);
  g_clear_pointer (&pos, g_free);

  /* A full 9 × 9 board without a line of five draws: colour
   * (col / 2 + row) % 2 has runs of at most two on every axis; the last
   * empty cell, i9, is the mover's. */
  {
    GString *cells = g_string_new (NULL);
    int last = 0;

    for (int row = 0; row < 9; row++)
      for (int col = 0; col < 9; col++)
        {
          int owner = (col / 2 + row) % 2 + 1;

          if (row == 8 && col == 8)
            last = owner;
          else
            g_string_append_printf (cells, "%s%c%d=%d", cells->len > 0 ? " " : "", 'a' + col,
                                    row + 1, owner);
        }
    pos = hand_position (small, cells->str, last);
    g_string_free (cells, TRUE);
  }
  g_assert_cmpint (play (small, pos, "i9"), ==, BS_RESULT_DRAW);
  g_assert_cmpint (bs_ruleset_ending (small, pos), ==, BS_ENDING_BOARD_FULL);
  grid_from_position (small, pos, &g);
  g_assert_false (grid_has_line (&g, 1, 5, FALSE));
  g_assert_false (grid_has_line (&g, 2, 5, FALSE));
}

static void
test_line_random (void)
{
  const char *exactly[] = { "exactly-five=true", NULL };
  const char *nine[] = { "width=9", "height=9", NULL };
  const char *nineteen[] = { "width=19", "height=19", NULL };
  static const gboolean at_least = FALSE, exact = TRUE;
  g_autoptr(BsRuleset) shipped = make_ruleset (line_game_path, NULL);
  g_autoptr(BsRuleset) exact_rs = make_ruleset (line_game_path, exactly);
  g_autoptr(BsRuleset) small = make_ruleset (line_game_path, nine);
  g_autoptr(BsRuleset) large = make_ruleset (line_game_path, nineteen);

  random_games (shipped, 100, line_referee, &at_least);
  random_games (exact_rs, 100, line_referee, &exact);
  random_games (small, 200, line_referee, &at_least);
  random_games (large, 50, line_referee, &at_least);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  if (argc != 3)
    {
      g_printerr ("usage: test-rules-games CAPTURE_GAME.xml LINE_GAME.xml\n");
      return 2;
    }
  capture_game_path = argv[1];
  line_game_path = argv[2];
  for (guint i = 0; i < G_N_ELEMENTS (capture_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/rules-games/capture/perft/%s-%s",
                                               capture_cases[i].width, capture_cases[i].height);

      g_test_add_data_func (path, &capture_cases[i], test_capture_perft);
    }
  g_test_add_func ("/rules-games/capture/hand", test_capture_hand);
  g_test_add_func ("/rules-games/capture/random", test_capture_random);
  for (guint i = 0; i < G_N_ELEMENTS (line_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/rules-games/line/perft/%s", line_cases[i].side);

      g_test_add_data_func (path, &line_cases[i], test_line_perft);
    }
  g_test_add_func ("/rules-games/line/hand", test_line_hand);
  g_test_add_func ("/rules-games/line/random", test_line_random);
  return g_test_run ();
}
