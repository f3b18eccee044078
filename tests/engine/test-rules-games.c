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
 * overline no win; a full board draws), then the bracketing game
 * (discs placed where they close lines of opposing discs, which flip; a
 * player with no such placement passes; more discs win), then the
 * connection game (stones placed on a rhombus of hexagons; player 1
 * joins the first and last rows, player 2 the first and last columns),
 * then the custodian game (the line game where a stone that brackets
 * exactly two of the other player's stones with one of its own takes
 * them off, and a player who has taken "captures-to-win" stones wins),
 * then the cloning game (a piece clones onto an empty neighbour or jumps
 * to an empty cell two king moves away, converting the opposing pieces
 * around the cell reached; a player with no move passes; more pieces
 * win). tests/meson.build passes them. */

#include "config.h"

#include <string.h>

#include "audit-util.h"
#include "bs-board.h"
#include "bs-error.h"
#include "bs-evaluation.h"
#include "bs-match.h"
#include "bs-match-file.h"
#include "bs-record.h"
#include "bs-ruleset.h"
#include "bs-rules-game.h"
#include "bs-rules-program.h"
#include "bs-search.h"

static const char *capture_game_path;
static const char *line_game_path;
static const char *bracket_game_path;
static const char *connect_game_path;
static const char *custodian_game_path;
static const char *jump_game_path;

/* ---- The board as a plain array: grid[row * w + col], 0 empty, else
 * the owner (3: a hole) ---- */

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
  /* A place of the grid that is no cell (a hole) is 3. */
  memset (g->cell, 3, sizeof g->cell);
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

/* The bracketing game's placements for p on the array, written from its
 * rules: an empty cell from which, in one of the eight directions, one
 * or more pieces of the other player run up to one of p's. Sets flips
 * (when not NULL) to the cells a placement on `at` would flip. Returns
 * how many cells are legal (counted in cell order into legal[]). */
static int
grid_bracket_flips (const Grid *g,
                    int         p,
                    int         at,
                    guint8     *flips)
{
  static const int dirs[8][2] = { { 0, 1 }, { 1, 1 }, { 1, 0 }, { 1, -1 },
                                  { 0, -1 }, { -1, -1 }, { -1, 0 }, { -1, 1 } };
  int col = at % g->w, row = at / g->w, n = 0;

  for (int k = 0; k < 8; k++)
    {
      int c = col + dirs[k][0], r = row + dirs[k][1], run = 0;

      while (c >= 0 && c < g->w && r >= 0 && r < g->h && g->cell[r * g->w + c] == 3 - p)
        {
          c += dirs[k][0];
          r += dirs[k][1];
          run++;
        }
      if (run == 0 || c < 0 || c >= g->w || r < 0 || r >= g->h || g->cell[r * g->w + c] != p)
        continue;
      n += run;
      for (int i = 1; flips != NULL && i <= run; i++)
        flips[(row + i * dirs[k][1]) * g->w + col + i * dirs[k][0]] = 1;
    }
  return n;
}

static int
grid_bracket_moves (const Grid *g,
                    int         p,
                    int        *legal)
{
  int n = 0;

  for (int i = 0; i < g->w * g->h; i++)
    if (g->cell[i] == 0 && grid_bracket_flips (g, p, i, NULL) > 0)
      legal[n++] = i;
  return n;
}

/* Whether p's stones join p's two sides on the rhombus (player 1 the
 * first and last rows, player 2 the first and last columns): a search
 * over the six hexagon neighbours from the first side. */
static gboolean
grid_hex_connected (const Grid *g,
                    int         p)
{
  static const int dirs[6][2] = { { 1, 0 }, { 1, 1 }, { 0, 1 }, { -1, 0 }, { -1, -1 }, { 0, -1 } };
  guint8 seen[19 * 19] = { 0 };
  int stack[19 * 19], top = 0;

  for (int i = 0; i < (p == 1 ? g->w : g->h); i++)
    {
      int at = p == 1 ? i : i * g->w;

      if (g->cell[at] == p)
        {
          seen[at] = 1;
          stack[top++] = at;
        }
    }
  while (top > 0)
    {
      int at = stack[--top], col = at % g->w, row = at / g->w;

      if (p == 1 ? row == g->h - 1 : col == g->w - 1)
        return TRUE;
      for (int k = 0; k < 6; k++)
        {
          int c = col + dirs[k][0], r = row + dirs[k][1];

          if (c < 0 || c >= g->w || r < 0 || r >= g->h || seen[r * g->w + c] ||
              g->cell[r * g->w + c] != p)
            continue;
          seen[r * g->w + c] = 1;
          stack[top++] = r * g->w + c;
        }
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

/* How many moves the rules give p on the array (a pass counted as one). */
typedef int (*MoveCounter) (const Grid *g, int p);

static guint8
bracket_referee (const Grid    *g,
                 int            mover,
                 gconstpointer  data)
{
  int legal[19 * 19], count[3] = { 0, 0, 0 };

  for (int i = 0; i < g->w * g->h; i++)
    count[g->cell[i]]++;
  if (count[0] > 0 && (grid_bracket_moves (g, 3 - mover, legal) > 0 ||
                       grid_bracket_moves (g, mover, legal) > 0))
    return BS_RESULT_ONGOING;
  return count[1] > count[2] ? BS_RESULT_WIN_1 : count[2] > count[1] ? BS_RESULT_WIN_2
                                                                     : BS_RESULT_DRAW;
}

static int
bracket_move_count (const Grid *g,
                    int         p)
{
  int legal[19 * 19];

  return MAX (grid_bracket_moves (g, p, legal), 1);
}

static guint8
connect_referee (const Grid    *g,
                 int            mover,
                 gconstpointer  data)
{
  return grid_hex_connected (g, mover) ? (guint8) mover : BS_RESULT_ONGOING;
}

static int
empty_count (const Grid *g,
             int         p)
{
  int n = 0;

  for (int i = 0; i < g->w * g->h; i++)
    n += g->cell[i] == 0;
  return n;
}

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
random_games_counting (const BsRuleset *rs,
                       guint            games,
                       Referee          referee,
                       MoveCounter      counter,
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
          if (counter != NULL)
            {
              grid_from_position (rs, pos, &g);
              g_assert_cmpint ((int) n, ==, counter (&g, pos->to_move));
            }
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

static void
random_games (const BsRuleset *rs,
              guint            games,
              Referee          referee,
              gconstpointer    data)
{
  random_games_counting (rs, games, referee, NULL, data);
}

/* The playout loop's turn (rs->random_turn, a kernel of its own for some
 * programs) against the random move and its apply, in lock-step from the
 * same random numbers: the same positions byte for byte after every ply
 * (the hash kept: not in playout mode), the same random numbers used,
 * and the referee's result. */
static void
random_turns_match (const BsRuleset *rs,
                    guint            games,
                    Referee          referee,
                    gconstpointer    data)
{
  g_autofree BsMove *scratch = g_new (BsMove, rs->max_moves);
  guint64 plies = 0;

  g_assert_nonnull (rs->random_turn);
  for (guint game = 0; game < games; game++)
    {
      g_autofree BsPosition *turned = bs_ruleset_new_position (rs, game);
      g_autofree BsPosition *applied = bs_ruleset_new_position (rs, game);
      BsRng a, b;

      bs_rng_init (&a, 100 + game);
      bs_rng_init (&b, 100 + game);
      while (!bs_position_is_over (turned))
        {
          int mover = turned->to_move;
          Grid g;

          g_assert_cmpuint (rs->random_turn (rs, turned, &a), ==, 1);
          rs->apply (rs, applied, rs->random_move (rs, applied, &b, scratch), NULL);
          g_assert_true (memcmp (turned, applied, rs->position_size) == 0);
          g_assert_true (memcmp (&a, &b, sizeof a) == 0);
          grid_from_position (rs, turned, &g);
          g_assert_cmpint (turned->result, ==, referee (&g, mover, data));
          plies++;
        }
    }
  g_test_message ("%" G_GUINT64_FORMAT " plies by random_turn matched", plies);
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
  g_autoptr(BsRuleset) rs = au_written_ruleset (capture_game_path, NULL, settings, NULL);
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
  g_autoptr(BsRuleset) rs = au_written_ruleset (capture_game_path, NULL, NULL, NULL);
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
  g_autoptr(BsRuleset) shipped = au_written_ruleset (capture_game_path, NULL, NULL, NULL);
  g_autoptr(BsRuleset) larger = au_written_ruleset (capture_game_path, NULL, settings, NULL);

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
  g_autoptr(BsRuleset) rs = au_written_ruleset (line_game_path, NULL, settings, NULL);
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
  g_autoptr(BsRuleset) rs = au_written_ruleset (line_game_path, NULL, NULL, NULL);
  g_autoptr(BsRuleset) exact = au_written_ruleset (line_game_path, NULL, exactly, NULL);
  g_autoptr(BsRuleset) small = au_written_ruleset (line_game_path, NULL, nine, NULL);
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
  g_autoptr(BsRuleset) shipped = au_written_ruleset (line_game_path, NULL, NULL, NULL);
  g_autoptr(BsRuleset) exact_rs = au_written_ruleset (line_game_path, NULL, exactly, NULL);
  g_autoptr(BsRuleset) small = au_written_ruleset (line_game_path, NULL, nine, NULL);
  g_autoptr(BsRuleset) large = au_written_ruleset (line_game_path, NULL, nineteen, NULL);

  random_games (shipped, 100, line_referee, &at_least);
  random_games (exact_rs, 100, line_referee, &exact);
  random_games (small, 200, line_referee, &at_least);
  random_games (large, 50, line_referee, &at_least);
  random_turns_match (shipped, 100, line_referee, &at_least);
  random_turns_match (exact_rs, 100, line_referee, &exact);
  random_turns_match (small, 200, line_referee, &at_least);
  random_turns_match (large, 30, line_referee, &at_least);
}

/* ---- The bracketing game ---- */

/* The owner of the cell labelled `label`. */
static int
owner_at (const BsRuleset  *rs,
          const BsPosition *pos,
          const char       *label)
{
  int cell = bs_board_find_cell (rs->board, label, NULL);

  g_assert_cmpint (cell, !=, BS_NO_CELL);
  return BS_CELL_OWNER (pos->cells[cell]);
}

static void
test_bracket_perft (void)
{
  /* Othello's published counts from the start (passes are moves). */
  static const guint64 expected[] = { 1, 4, 12, 56, 244, 1396, 8200 };
  g_autoptr(BsRuleset) rs = au_written_ruleset (bracket_game_path, NULL, NULL, NULL);
  g_autofree BsPosition *pos = bs_ruleset_new_position (rs, 0);

  /* The start: d5 and e4 of player 1, d4 and e5 of player 2, 1 to move. */
  g_assert_cmpint (owner_at (rs, pos, "d5"), ==, 1);
  g_assert_cmpint (owner_at (rs, pos, "e4"), ==, 1);
  g_assert_cmpint (owner_at (rs, pos, "d4"), ==, 2);
  g_assert_cmpint (owner_at (rs, pos, "e5"), ==, 2);
  g_assert_cmpint (bs_position_pieces (pos, 1) + bs_position_pieces (pos, 2), ==, 4);
  g_assert_cmpint (pos->to_move, ==, 1);
  for (int d = 1; d < (int) G_N_ELEMENTS (expected); d++)
    g_assert_cmpuint (perft (rs, pos, d, FALSE), ==, expected[d]);
}

static void
test_bracket_hand (void)
{
  const char *four[] = { "width=4", "height=4", NULL };
  const char *ten[] = { "width=10", "height=10", NULL };
  g_autoptr(BsRuleset) rs = au_written_ruleset (bracket_game_path, NULL, NULL, NULL);
  g_autoptr(BsRuleset) small = au_written_ruleset (bracket_game_path, NULL, four, NULL);
  g_autoptr(BsRuleset) large = au_written_ruleset (bracket_game_path, NULL, ten, NULL);
  g_autofree BsMove *moves = g_new (BsMove, rs->max_moves);
  g_autoptr(GError) error = NULL;
  g_autofree BsPosition *pos = NULL;
  g_autofree char *sentence = NULL;
  g_autofree char *text = NULL;
  BsMove move;
  guint n;
  Grid g;
  int legal[19 * 19];

  /* The start of a 10 × 10 board is its centre: e6 f5 and e5 f6. */
  pos = bs_ruleset_new_position (large, 0);
  g_assert_cmpint (owner_at (large, pos, "e6"), ==, 1);
  g_assert_cmpint (owner_at (large, pos, "f5"), ==, 1);
  g_assert_cmpint (owner_at (large, pos, "e5"), ==, 2);
  g_assert_cmpint (owner_at (large, pos, "f6"), ==, 2);
  g_clear_pointer (&pos, g_free);

  /* Player 1 on c3 brackets three lines at once: d3 (east, closed by
   * e3), c4 c5 (north, by c6) and d4 (north-east, by e5). c2 (south,
   * open at c1) and d2 (south-east, open at e1) are no lines. */
  pos = hand_position (rs, "d3=2 e3=1 c4=2 c5=2 c6=1 d4=2 e5=1 c2=2 d2=2", 1);
  n = bs_ruleset_generate (rs, pos, moves);
  grid_from_position (rs, pos, &g);
  g_assert_cmpint ((int) n, ==, grid_bracket_moves (&g, 1, legal));
  /* A placement that brackets nothing is no move. */
  g_assert_false (bs_ruleset_parse_move (rs, pos, "a1", &move, &error));
  g_clear_error (&error);
  g_assert_false (bs_ruleset_parse_move (rs, pos, "b3", &move, &error));
  g_clear_error (&error);
  g_assert_cmpint (play (rs, pos, "c3"), ==, BS_RESULT_ONGOING);
  for (guint i = 0; i < 5; i++)
    g_assert_cmpint (owner_at (rs, pos, (const char *[]) { "c3", "d3", "c4", "c5", "d4" }[i]),
                     ==, 1);
  g_assert_cmpint (owner_at (rs, pos, "c2"), ==, 2);
  g_assert_cmpint (owner_at (rs, pos, "d2"), ==, 2);
  g_assert_cmpint (bs_position_pieces (pos, 1), ==, 8);
  g_assert_cmpint (bs_position_pieces (pos, 2), ==, 2);
  g_clear_pointer (&pos, g_free);

  /* The flips are explained. */
  pos = hand_position (rs, "d3=2 e3=1 c4=2 c5=2 c6=1", 1);
  {
    BsTurnExplanation ex = { g_string_new (NULL), g_string_new (NULL),
                             g_new0 (guint8, rs->n_cells) };

    g_assert_true (bs_ruleset_parse_move (rs, pos, "c3", &move, NULL));
    rs->module->explain_turn (rs, pos, &move, 1, &ex);
    g_assert_nonnull (strstr (ex.summary->str, "c3"));
    g_assert_nonnull (strstr (ex.details->str, "flips d3, c4, c5"));
    g_string_free (ex.summary, TRUE);
    g_string_free (ex.details, TRUE);
    g_free (ex.removed);
  }
  g_clear_pointer (&pos, g_free);

  /* A forced pass: player 2 (b1, h8) can bracket nothing, so its one
   * move is "pass"; player 1 then takes b1 with c1, and neither can
   * move: player 1 wins three discs to one. */
  pos = hand_position (rs, "a1=1 b1=2 h8=2", 2);
  g_assert_cmpuint (bs_ruleset_generate (rs, pos, moves), ==, 1);
  text = bs_ruleset_format_move (rs, pos, moves[0]);
  g_assert_cmpstr (text, ==, "pass");
  g_assert_cmpint (play (rs, pos, "pass"), ==, BS_RESULT_ONGOING);
  g_assert_cmpint (pos->to_move, ==, 1);
  g_assert_cmpuint (bs_ruleset_generate (rs, pos, moves), ==, 1);
  g_assert_false (bs_ruleset_parse_move (rs, pos, "pass", &move, &error));
  g_clear_error (&error);
  g_assert_cmpint (play (rs, pos, "c1"), ==, BS_RESULT_WIN_1);
  g_assert_cmpint (bs_ruleset_ending (rs, pos), ==, BS_ENDING_NO_MOVES);
  g_assert_cmpint (bs_position_pieces (pos, 1), ==, 3);
  g_assert_cmpint (bs_position_pieces (pos, 2), ==, 1);
  sentence = bs_ruleset_describe_ending (rs, pos);
  g_assert_nonnull (strstr (sentence, "Neither player can move"));
  g_clear_pointer (&sentence, g_free);
  g_clear_pointer (&pos, g_free);

  /* A full 4 × 4 board: player 1 fills d4, flipping c4 (west; d3 and c3
   * are its own), and has 7 discs to player 2's 9: player 2 wins. */
  pos = hand_position (small, "a4=2 b4=1 c4=2 a3=2 b3=2 c3=1 d3=1 a2=1 b2=2 c2=2 d2=2 "
                              "a1=2 b1=2 c1=1 d1=2", 1);
  g_assert_cmpint (play (small, pos, "d4"), ==, BS_RESULT_WIN_2);
  g_assert_cmpint (owner_at (small, pos, "c4"), ==, 1);
  g_assert_cmpint (bs_ruleset_ending (small, pos), ==, BS_ENDING_BOARD_FULL);
  g_assert_cmpint (bs_position_pieces (pos, 1), ==, 7);
  g_assert_cmpint (bs_position_pieces (pos, 2), ==, 9);
  g_clear_pointer (&pos, g_free);

  /* Neither can move with equal counts: a draw. Player 1 takes b1 with
   * c1; then three discs each, and no line between row 1 and row 8 holds
   * a disc to bracket. */
  pos = hand_position (rs, "a1=1 b1=2 f8=2 g8=2 h8=2", 1);
  g_assert_cmpint (play (rs, pos, "c1"), ==, BS_RESULT_DRAW);
  g_assert_cmpint (bs_ruleset_ending (rs, pos), ==, BS_ENDING_NO_MOVES);
}

static void
test_bracket_random (void)
{
  const char *four[] = { "width=4", "height=4", NULL };
  const char *six[] = { "width=6", "height=6", NULL };
  const char *sixteen[] = { "width=16", "height=16", NULL };
  g_autoptr(BsRuleset) shipped = au_written_ruleset (bracket_game_path, NULL, NULL, NULL);
  g_autoptr(BsRuleset) small = au_written_ruleset (bracket_game_path, NULL, four, NULL);
  g_autoptr(BsRuleset) six_rs = au_written_ruleset (bracket_game_path, NULL, six, NULL);
  g_autoptr(BsRuleset) large = au_written_ruleset (bracket_game_path, NULL, sixteen, NULL);

  random_games_counting (shipped, 200, bracket_referee, bracket_move_count, NULL);
  random_games_counting (small, 300, bracket_referee, bracket_move_count, NULL);
  random_games_counting (six_rs, 200, bracket_referee, bracket_move_count, NULL);
  random_games_counting (large, 20, bracket_referee, bracket_move_count, NULL);
  random_turns_match (shipped, 200, bracket_referee, NULL);
  random_turns_match (small, 300, bracket_referee, NULL);
  random_turns_match (six_rs, 200, bracket_referee, NULL);
  random_turns_match (large, 20, bracket_referee, NULL);
  {
    /* Rows of 8 bits on fewer rows: the constant rotations, other masks. */
    const char *low[] = { "width=8", "height=6", NULL };
    g_autoptr(BsRuleset) low_rs = au_written_ruleset (bracket_game_path, NULL, low, NULL);

    random_turns_match (low_rs, 200, bracket_referee, NULL);
  }
}

/* ---- The connection game ---- */

static void
test_connect_perft (void)
{
  const char *three[] = { "width=3", "height=3", NULL };
  const char *five[] = { "width=5", "height=5", NULL };
  g_autoptr(BsRuleset) shipped = au_written_ruleset (connect_game_path, NULL, NULL, NULL);
  g_autoptr(BsRuleset) small = au_written_ruleset (connect_game_path, NULL, three, NULL);
  g_autoptr(BsRuleset) five_rs = au_written_ruleset (connect_game_path, NULL, five, NULL);
  g_autofree BsPosition *pos = bs_ruleset_new_position (shipped, 0);
  g_autofree BsPosition *small_pos = bs_ruleset_new_position (small, 0);
  g_autofree BsPosition *five_pos = bs_ruleset_new_position (five_rs, 0);

  /* N (N - 1) … while no chain can form: a side of n needs n stones of
   * one player, 2n - 1 plies. */
  g_assert_cmpint (shipped->n_cells, ==, 121);
  g_assert_cmpuint (perft (shipped, pos, 2, FALSE), ==, 121 * 120);
  g_assert_cmpuint (perft (small, small_pos, 4, FALSE), ==, 9 * 8 * 7 * 6);
  g_assert_cmpuint (perft (five_rs, five_pos, 3, FALSE), ==, 25 * 24 * 23);
}

static void
test_connect_hand (void)
{
  const char *five[] = { "width=5", "height=5", NULL };
  g_autoptr(BsRuleset) rs = au_written_ruleset (connect_game_path, NULL, five, NULL);
  g_autofree BsPosition *pos = NULL;
  g_autofree char *sentence = NULL;

  /* The rhombus: player 1 joins rows 1 and 5 (a column a1 … a5 is a
   * chain, each cell north-west of the one before), player 2 columns a
   * and e (a row a1 … e1, each east of the one before). */
  pos = hand_position (rs, "a1=1 a2=1 a3=1 a4=1", 1);
  g_assert_cmpint (play (rs, pos, "a5"), ==, BS_RESULT_WIN_1);
  g_assert_cmpint (bs_ruleset_ending (rs, pos), ==, BS_ENDING_GOAL);
  sentence = bs_ruleset_describe_ending (rs, pos);
  g_assert_nonnull (strstr (sentence, "joined their two sides"));
  g_clear_pointer (&pos, g_free);
  pos = hand_position (rs, "a1=2 b1=2 c1=2 d1=2", 2);
  g_assert_cmpint (play (rs, pos, "e1"), ==, BS_RESULT_WIN_2);
  g_clear_pointer (&pos, g_free);

  /* A chain along one side is no win: player 1's row 1 touches only its
   * south side (west and east are player 2's), player 2's column a only
   * its west side. */
  pos = hand_position (rs, "a1=1 b1=1 c1=1 d1=1 a2=2 a3=2 a4=2", 1);
  g_assert_cmpint (play (rs, pos, "e1"), ==, BS_RESULT_ONGOING);
  g_assert_cmpint (play (rs, pos, "a5"), ==, BS_RESULT_ONGOING);
  g_clear_pointer (&pos, g_free);

  /* A bent chain: c1, c2 (north-west of c1), b2 (west), b3 (north-west),
   * c4 (north-east), d5 (north-east); b3 comes last and joins both
   * halves. */
  pos = hand_position (rs, "c1=1 c2=1 b2=1 c4=1 d5=1", 1);
  g_assert_cmpint (play (rs, pos, "e3"), ==, BS_RESULT_ONGOING);
  g_assert_cmpint (play (rs, pos, "a1"), ==, BS_RESULT_ONGOING);
  g_assert_cmpint (play (rs, pos, "b3"), ==, BS_RESULT_WIN_1);
  g_clear_pointer (&pos, g_free);

  /* c1 and b2 do not touch (b2 is north-west of b1, not of c1): no
   * chain until c2 joins them. */
  pos = hand_position (rs, "c1=1 b2=1 b3=1 b4=1", 1);
  g_assert_cmpint (play (rs, pos, "b5"), ==, BS_RESULT_ONGOING);
  g_assert_cmpint (play (rs, pos, "e5"), ==, BS_RESULT_ONGOING);
  g_assert_cmpint (play (rs, pos, "c2"), ==, BS_RESULT_WIN_1);
  g_clear_pointer (&pos, g_free);

  /* Player 2 bent: a3, b3 (east), c4 (north-east), d4, e4 (east). */
  pos = hand_position (rs, "a3=2 b3=2 c4=2 e4=2", 2);
  g_assert_cmpint (play (rs, pos, "d4"), ==, BS_RESULT_WIN_2);
}

static void
test_connect_random (void)
{
  const char *five[] = { "width=5", "height=5", NULL };
  const char *nineteen[] = { "width=19", "height=19", NULL };
  g_autoptr(BsRuleset) shipped = au_written_ruleset (connect_game_path, NULL, NULL, NULL);
  g_autoptr(BsRuleset) small = au_written_ruleset (connect_game_path, NULL, five, NULL);
  g_autoptr(BsRuleset) large = au_written_ruleset (connect_game_path, NULL, nineteen, NULL);

  /* Every game ends with a chain: no draw. */
  random_games_counting (shipped, 200, connect_referee, empty_count, NULL);
  random_games_counting (small, 300, connect_referee, empty_count, NULL);
  random_games_counting (large, 30, connect_referee, empty_count, NULL);
}

/* ---- The swap rule (<turn><swap/></turn>) ----
 *
 * The connection game with its option "swap" on (mirror="diagonal": a
 * stone in column c, row r goes to column r, row c and becomes the second
 * player's), and the capture game made to swap with mirror="rows" and
 * "none" (a copy of its file with <swap> put into its <turn>). */

/* The written game at path, with settings and holes (either NULL). */
static BsRuleset *
make_ruleset_full (const char         *path,
                   const char * const *settings,
                   const char * const *holes,
                   GError            **error)
{
  g_autoptr(BsRulesGame) game = bs_rules_game_load_file (path, error);
  g_autoptr(BsVariant) variant = NULL;

  g_assert_nonnull (game);
  variant = bs_rules_game_new_variant (game, settings, error);
  g_assert_nonnull (variant);
  for (guint i = 0; holes != NULL && holes[i] != NULL; i++)
    {
      BsVariantHole hole = { g_strdup (holes[i]), 0 };

      g_array_append_val (variant->holes, hole);
    }
  return bs_rules_game_new_ruleset (game, variant, error);
}

/* Whether the moves of pos include one written `text`. */
static gboolean
offers (const BsRuleset  *rs,
        const BsPosition *pos,
        const char       *text)
{
  g_autofree BsMove *moves = g_new (BsMove, rs->max_moves);
  guint n = bs_ruleset_generate (rs, pos, moves);
  gboolean found = FALSE;

  for (guint i = 0; i < n; i++)
    {
      g_autofree char *written = bs_ruleset_format_move (rs, pos, moves[i]);

      found |= g_str_equal (written, text);
    }
  return found;
}

/* The owner of the piece on a cell by label (0: empty). */
static int
owner_of (const BsRuleset  *rs,
          const BsPosition *pos,
          const char       *label)
{
  int cell = bs_board_find_cell (rs->board, label, NULL);

  g_assert_cmpint (cell, !=, BS_NO_CELL);
  return BS_CELL_OWNER (pos->cells[cell]);
}

static void
test_swap_perft (void)
{
  const char *on[] = { "swap=true", NULL };
  const char *five_on[] = { "width=5", "height=5", "swap=true", NULL };
  g_autoptr(BsRuleset) shipped = au_written_ruleset (connect_game_path, NULL, on, NULL);
  g_autoptr(BsRuleset) five = au_written_ruleset (connect_game_path, NULL, five_on, NULL);
  g_autofree BsPosition *pos = bs_ruleset_new_position (shipped, 0);
  g_autofree BsPosition *five_pos = bs_ruleset_new_position (five, 0);

  /* Ply 2 has the N - 1 empty cells and the swap; ply 3 the N - 2 empty
   * cells after a placement, N - 1 after the swap (one stone on the
   * board). Undo is checked byte for byte at every node. */
  g_assert_cmpuint (perft (shipped, pos, 1, FALSE), ==, 121);
  g_assert_cmpuint (perft (shipped, pos, 2, FALSE), ==, 121 * (120 + 1));
  g_assert_cmpuint (perft (five, five_pos, 3, FALSE), ==, 25 * (24 * 23 + 24));
  g_assert_cmpuint (perft (five, five_pos, 4, FALSE), ==, 25 * (24 * 23 * 22 + 24 * 23));
}

static void
test_swap_hand (void)
{
  const char *off[] = { "width=5", "height=5", NULL };
  const char *on[] = { "width=5", "height=5", "swap=true", NULL };
  const char *tall[] = { "width=5", "height=7", "swap=true", NULL };
  const char *hole[] = { "b3", NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(BsRuleset) plain = au_written_ruleset (connect_game_path, NULL, off, NULL);
  g_autoptr(BsRuleset) rs = au_written_ruleset (connect_game_path, NULL, on, NULL);
  g_autoptr(BsRuleset) holed = make_ruleset_full (connect_game_path, on, hole, &error);
  g_autoptr(BsRuleset) not_square = NULL;
  g_autofree BsPosition *pos = bs_ruleset_new_position (plain, 0);
  g_autofree BsPosition *start = NULL;
  g_autofree BsPosition *expected = NULL;
  g_autoptr(BsExplanation) explanation = NULL;
  g_autofree char *sentence = NULL;
  BsUndo *undo;
  BsMove swap;

  g_assert_no_error (error);
  /* Off (the default): never offered, and "swap" is no move. */
  g_assert_cmpint (play (plain, pos, "c2"), ==, BS_RESULT_ONGOING);
  g_assert_false (offers (plain, pos, "swap"));
  g_assert_false (bs_ruleset_parse_move (plain, pos, "swap", &swap, NULL));
  g_assert_cmpint (bs_ruleset_word_index (plain, "swap"), ==, -1);
  g_clear_pointer (&pos, g_free);

  /* On: only at ply 2 (the second player's first move). */
  pos = bs_ruleset_new_position (rs, 0);
  g_assert_false (offers (rs, pos, "swap"));
  g_assert_cmpint (bs_ruleset_word_index (rs, "swap"), ==, 0);
  g_assert_cmpint (play (rs, pos, "c2"), ==, BS_RESULT_ONGOING);
  g_assert_true (offers (rs, pos, "swap"));
  {
    g_autofree BsMove *moves = g_new (BsMove, rs->max_moves);

    g_assert_cmpuint (bs_ruleset_generate (rs, pos, moves), ==, 24 + 1);
  }
  g_assert_true (bs_ruleset_parse_move (rs, pos, "swap", &swap, &error));
  g_assert_no_error (error);
  {
    BsMoveParts parts;
    BsMove back;

    bs_ruleset_decode_move (rs, pos, swap, &parts);
    g_assert_cmpint (parts.word, ==, 0);
    g_assert_true (bs_ruleset_encode_move (rs, pos, &parts, &back));
    g_assert_cmphex (back, ==, swap);
  }

  /* The swap: Red's stone on c2 (column 3, row 2) becomes Blue's on b3
   * (column 2, row 3); Red moves next. Undo restores every byte and both
   * hashes (apply_checking_undo), and the cells' hash is that of the
   * position written by hand. */
  start = bs_position_dup (rs, pos);
  explanation = bs_ruleset_explain_turn (rs, pos, &swap, 1);
  g_assert_cmpstr (explanation->summary, ==,
                   "Blue swaps: Red’s stone on c2 becomes Blue’s, mirrored onto b3.");
  g_assert_cmpint (explanation->removed[bs_board_find_cell (rs->board, "c2", NULL)], ==, 1);
  undo = bs_undo_new (rs);
  apply_checking_undo (rs, pos, swap, undo);
  g_assert_cmpint (owner_of (rs, pos, "c2"), ==, 0);
  g_assert_cmpint (owner_of (rs, pos, "b3"), ==, 2);
  g_assert_cmpint (bs_position_pieces (pos, 1), ==, 0);
  g_assert_cmpint (bs_position_pieces (pos, 2), ==, 1);
  g_assert_cmpint (pos->to_move, ==, 1);
  g_assert_cmpint (pos->ply, ==, 2);
  g_assert_cmpint (pos->result, ==, BS_RESULT_ONGOING);
  expected = hand_position (rs, "b3=2", 1);
  g_assert_cmpuint (pos->hash, ==, bs_position_compute_cells_hash (rs, expected));
  bs_ruleset_undo (rs, pos, undo);
  g_assert_true (memcmp (start, pos, rs->position_size) == 0);
  bs_undo_free (undo);

  /* Then a game: Blue's swapped stone is part of the chain that wins.
   * Red b1, Blue swaps (a2), Red plays along its own far side; Blue
   * joins a2 … e2 and wins with e2. Neither the swap at ply 3 nor Red's
   * at ply 2 after it is offered. */
  g_clear_pointer (&pos, g_free);
  pos = bs_ruleset_new_position (rs, 0);
  g_assert_cmpint (play (rs, pos, "b1"), ==, BS_RESULT_ONGOING);
  g_assert_cmpint (play (rs, pos, "swap"), ==, BS_RESULT_ONGOING);
  g_assert_cmpint (owner_of (rs, pos, "a2"), ==, 2);
  g_assert_cmpint (owner_of (rs, pos, "b1"), ==, 0);
  g_assert_false (offers (rs, pos, "swap"));
  g_assert_cmpint (play (rs, pos, "e5"), ==, BS_RESULT_ONGOING);
  g_assert_false (offers (rs, pos, "swap"));
  g_assert_cmpint (play (rs, pos, "b2"), ==, BS_RESULT_ONGOING);
  g_assert_cmpint (play (rs, pos, "d5"), ==, BS_RESULT_ONGOING);
  g_assert_cmpint (play (rs, pos, "c2"), ==, BS_RESULT_ONGOING);
  g_assert_cmpint (play (rs, pos, "c5"), ==, BS_RESULT_ONGOING);
  g_assert_cmpint (play (rs, pos, "d2"), ==, BS_RESULT_ONGOING);
  g_assert_cmpint (play (rs, pos, "b4"), ==, BS_RESULT_ONGOING);
  g_assert_cmpint (play (rs, pos, "e2"), ==, BS_RESULT_WIN_2);
  g_assert_cmpint (bs_ruleset_ending (rs, pos), ==, BS_ENDING_GOAL);
  sentence = bs_ruleset_describe_ending (rs, pos);
  g_assert_cmpstr (sentence, ==, "Blue joined their two sides with a chain of stones and wins.");

  /* A stone on the diagonal stays where it is, and changes colour. */
  g_clear_pointer (&pos, g_free);
  pos = bs_ruleset_new_position (rs, 0);
  g_assert_cmpint (play (rs, pos, "c3"), ==, BS_RESULT_ONGOING);
  g_assert_cmpint (play (rs, pos, "swap"), ==, BS_RESULT_ONGOING);
  g_assert_cmpint (owner_of (rs, pos, "c3"), ==, 2);

  /* A hole on b3: c2 has no mirrored cell, so no swap after it; d4 has. */
  g_clear_pointer (&pos, g_free);
  pos = bs_ruleset_new_position (holed, 0);
  g_assert_cmpint (play (holed, pos, "c2"), ==, BS_RESULT_ONGOING);
  g_assert_false (offers (holed, pos, "swap"));
  g_clear_pointer (&pos, g_free);
  pos = bs_ruleset_new_position (holed, 0);
  g_assert_cmpint (play (holed, pos, "d4"), ==, BS_RESULT_ONGOING);
  g_assert_true (offers (holed, pos, "swap"));

  /* The diagonal needs a board as wide as high. */
  not_square = make_ruleset_full (connect_game_path, tall, NULL, &error);
  g_assert_null (not_square);
  g_assert_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "as wide as it is high (this one is 5 × 7)"));
}

/* A record with the swap replays: saved by a match, read back, played
 * again to the same position. */
static void
test_swap_record (void)
{
  const char *on[] = { "width=5", "height=5", "swap=true", NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(BsRuleset) rs = au_written_ruleset (connect_game_path, NULL, on, NULL);
  g_autoptr(BsMatch) match = bs_match_new (rs, 3);
  g_autoptr(BsMatch) again = NULL;
  g_autoptr(BsRecord) record = NULL;
  g_autoptr(BsExplanation) explanation = NULL;
  g_autofree char *xml = NULL;
  gsize length;

  g_assert_true (bs_match_play_notation (match, "d2", &error));
  g_assert_true (bs_match_play_notation (match, "swap", &error));
  g_assert_true (bs_match_play_notation (match, "a1", &error));
  g_assert_no_error (error);
  g_assert_cmpstr (bs_match_get_notation (match, 1), ==, "swap");
  explanation = bs_match_explain_turn (match, 1);
  g_assert_cmpstr (explanation->summary, ==,
                   "Blue swaps: Red’s stone on d2 becomes Blue’s, mirrored onto b4.");
  xml = bs_match_to_xml (match, &length);
  g_assert_nonnull (strstr (xml, ">swap<"));
  record = bs_record_load_data (xml, length, "swap.bsgame", &error);
  g_assert_no_error (error);
  again = bs_match_new_from_record (record, &error);
  g_assert_no_error (error);
  g_assert_true (bs_match_play_record (again, record, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (bs_match_get_n_turns (again), ==, 3);
  g_assert_cmpstr (bs_match_get_notation (again, 1), ==, "swap");
  g_assert_cmpint (owner_of (bs_match_get_ruleset (again), bs_match_get_position (again), "b4"),
                   ==, 2);
  g_assert_cmpint (owner_of (bs_match_get_ruleset (again), bs_match_get_position (again), "d2"),
                   ==, 0);
  g_assert_cmpuint (bs_position_hash (bs_match_get_ruleset (again), bs_match_get_position (again)),
                    ==, bs_position_hash (rs, bs_match_get_position (match)));
}

/* The capture game with <swap mirror="…"/> in its turn, on width × height. */
static BsRuleset *
make_swapping_capture_game (const char *mirror,
                            const char *width,
                            const char *height)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  g_autofree char *turn = g_strdup_printf ("<turn order=\"alternate\"><swap mirror=\"%s\"/></turn>",
                                           mirror);
  g_autoptr(GString) text = NULL;
  g_autoptr(BsRulesGame) game = NULL;
  g_autoptr(BsVariant) variant = NULL;
  const char *settings[] = { width, height, NULL };
  gsize length;
  BsRuleset *rs;

  g_assert_true (g_file_get_contents (capture_game_path, &data, &length, &error));
  text = g_string_new (data);
  g_assert_cmpuint (g_string_replace (text, "<turn order=\"alternate\"/>", turn, 1), ==, 1);
  game = bs_rules_game_parse (text->str, text->len, "swapping.xml", &error);
  g_assert_no_error (error);
  variant = bs_rules_game_new_variant (game, settings, &error);
  g_assert_no_error (error);
  rs = bs_rules_game_new_ruleset (game, variant, &error);
  g_assert_no_error (error);
  return rs;
}

/* The capture game's perft with the swap at ply 2, on the array alone:
 * after each first move, player 2's moves and the swap (every piece to
 * its mirrored place, owners exchanged; then player 1 moves). */
static guint64
grid_swap_perft (Grid      *g,
                 gboolean   rows,
                 int        depth)
{
  int moves[4 * 19 * 19];
  int n = grid_capture_moves (g, 1, moves);
  guint64 leaves = 0;

  g_assert_cmpint (depth, >=, 2);
  for (int i = 0; i < n; i++)
    {
      int from = moves[i] / 1000, to = moves[i] % 1000;
      Grid swapped = *g;

      g->cell[from] = 0;
      g->cell[to] = 1;
      leaves += grid_capture_perft (g, 2, depth - 1);
      for (int row = 0; row < g->h; row++)
        for (int col = 0; col < g->w; col++)
          {
            guint8 v = g->cell[row * g->w + col];

            swapped.cell[(rows ? g->h - 1 - row : row) * g->w + col] =
              v == 0 ? 0 : (guint8) (3 - v);
          }
      leaves += grid_capture_perft (&swapped, 1, depth - 2);
      g->cell[to] = 2;
      g->cell[from] = 1;
    }
  return leaves;
}

/* Any game may swap: the capture game with mirror="rows" and "none". */
static void
test_swap_mirrors (void)
{
  g_autoptr(BsRuleset) rows = make_swapping_capture_game ("rows", "width=5", "height=6");
  g_autoptr(BsRuleset) none = make_swapping_capture_game ("none", "width=4", "height=5");
  g_autofree BsPosition *pos = bs_ruleset_new_position (rows, 0);
  g_autofree BsPosition *start = bs_ruleset_new_position (none, 0);
  Grid g;

  grid_from_position (rows, pos, &g);
  g_assert_cmpuint (perft (rows, pos, 2, FALSE), ==, grid_swap_perft (&g, TRUE, 2));
  g_assert_cmpuint (perft (rows, pos, 3, FALSE), ==, grid_swap_perft (&g, TRUE, 3));
  g_assert_cmpuint (perft (rows, pos, 4, FALSE), ==, grid_swap_perft (&g, TRUE, 4));
  grid_from_position (none, start, &g);
  g_assert_cmpuint (perft (none, start, 3, FALSE), ==, grid_swap_perft (&g, FALSE, 3));

  /* By hand on 5 × 6 (player 1 on a1's colour): a1-b1 takes b1; the swap
   * turns the board upside down, owners exchanged: b1 (now player 1's
   * piece) becomes player 2's on b6, a1 (emptied) is a6, a6 (player 2's:
   * a6 is not a1's colour) becomes player 1's on a1. */
  g_assert_cmpint (owner_of (rows, pos, "a6"), ==, 2);
  g_assert_cmpint (play (rows, pos, "a1-b1"), ==, BS_RESULT_ONGOING);
  g_assert_cmpint (play (rows, pos, "swap"), ==, BS_RESULT_ONGOING);
  g_assert_cmpint (owner_of (rows, pos, "b6"), ==, 2);
  g_assert_cmpint (owner_of (rows, pos, "a6"), ==, 0);
  g_assert_cmpint (owner_of (rows, pos, "a1"), ==, 1);
  g_assert_cmpint (bs_position_pieces (pos, 1), ==, 14);
  g_assert_cmpint (bs_position_pieces (pos, 2), ==, 15);
  g_assert_cmpint (pos->to_move, ==, 1);
}

/* The moves of the connection game with the swap: the empty cells, and
 * the swap when one stone of player 1 stands and player 2 is to move. */
static int
swap_count (const Grid *g,
            int         p)
{
  int stones = 0;

  for (int i = 0; i < g->w * g->h; i++)
    stones += g->cell[i] == 1 || g->cell[i] == 2;
  return empty_count (g, p) + (stones == 1 && p == 2 ? 1 : 0);
}

static void
test_swap_random (void)
{
  const char *on[] = { "swap=true", NULL };
  const char *three_on[] = { "width=3", "height=3", "swap=true", NULL };
  g_autoptr(BsRuleset) shipped = au_written_ruleset (connect_game_path, NULL, on, NULL);
  g_autoptr(BsRuleset) small = au_written_ruleset (connect_game_path, NULL, three_on, NULL);
  BsRng rng;
  guint swaps = 0;

  random_games_counting (shipped, 100, connect_referee, swap_count, NULL);
  random_games_counting (small, 400, connect_referee, swap_count, NULL);
  /* The playout loop's turn (random_turn): games end with a chain, and
   * some swap (about one in nine on 3 × 3). */
  bs_rng_init (&rng, 5);
  for (guint game = 0; game < 400; game++)
    {
      g_autofree BsPosition *pos = bs_ruleset_new_position (small, game);
      Grid g;
      int stones = 0;

      small->random_turn (small, pos, &rng);
      small->random_turn (small, pos, &rng);
      grid_from_position (small, pos, &g);
      for (int i = 0; i < 9; i++)
        stones += g.cell[i] != 0;
      swaps += stones == 1;
      while (!bs_position_is_over (pos))
        small->random_turn (small, pos, &rng);
      grid_from_position (small, pos, &g);
      g_assert_cmpint (pos->result, ==, connect_referee (&g, 3 - pos->to_move, NULL));
    }
  g_test_message ("%u of 400 random games on 3 × 3 swapped", swaps);
  g_assert_cmpuint (swaps, >, 10);
  g_assert_cmpuint (swaps, <, 100);
}

/* ---- The custodian game ---- */

/* The custodian capture on the array, written from its rules: p's stone
 * on `at` takes every pair of the other player's stones that it closes
 * with one of p's, in each of the eight directions. Returns how many
 * stones it took. */
static int
grid_custodian_place (Grid *g,
                      int   p,
                      int   at)
{
  static const int dirs[8][2] = { { 0, 1 }, { 1, 1 }, { 1, 0 }, { 1, -1 },
                                  { 0, -1 }, { -1, -1 }, { -1, 0 }, { -1, 1 } };
  int col = at % g->w, row = at / g->w, taken = 0;

  g->cell[at] = (guint8) p;
  for (int k = 0; k < 8; k++)
    {
      int c3 = col + 3 * dirs[k][0], r3 = row + 3 * dirs[k][1];
      int a = (row + dirs[k][1]) * g->w + col + dirs[k][0];
      int b = (row + 2 * dirs[k][1]) * g->w + col + 2 * dirs[k][0];

      if (c3 < 0 || c3 >= g->w || r3 < 0 || r3 >= g->h || g->cell[r3 * g->w + c3] != p ||
          g->cell[a] != 3 - p || g->cell[b] != 3 - p)
        continue;
      g->cell[a] = g->cell[b] = 0;
      taken += 2;
    }
  return taken;
}

/* The value of the game's measure `id` for player p. */
static int
measure_of (const BsRuleset  *rs,
            const BsPosition *pos,
            const char       *id,
            int               p)
{
  int values[BS_MAX_MEASURES][2];
  guint n = bs_ruleset_measures (rs, pos, values), n_specs = 0;
  const BsMeasureSpec *specs = bs_ruleset_measure_specs (rs, &n_specs);

  g_assert_cmpuint (n, ==, n_specs);
  for (guint i = 0; i < n; i++)
    if (g_str_equal (specs[i].id, id))
      return values[i][p - 1];
  g_assert_not_reached ();
}

/* Random games of the custodian game beside the test's own array: at
 * every ply the moves are the empty cells, the random move's notation
 * reads back, undo restores the position (bytes, both hashes and the
 * captured counts), the cells are the array's, the captured counts the
 * array's and the result its referee's (a line of five, `to_win` stones
 * taken, a full board). */
static void
custodian_random_games (const BsRuleset *rs,
                        guint            games,
                        int              to_win)
{
  g_autofree BsMove *moves = g_new (BsMove, rs->max_moves);
  g_autofree BsMove *scratch = g_new (BsMove, rs->max_moves);
  BsUndo *undo = bs_undo_new (rs);
  BsRng rng;
  guint64 plies = 0, captures = 0;
  guint results[4] = { 0 }, by_captures = 0;

  bs_rng_init (&rng, 2424);
  for (guint game = 0; game < games; game++)
    {
      g_autofree BsPosition *pos = bs_ruleset_new_position (rs, game);
      Grid mine;
      int taken[3] = { 0, 0, 0 };

      grid_from_position (rs, pos, &mine);
      while (!bs_position_is_over (pos))
        {
          guint n = bs_ruleset_generate (rs, pos, moves);
          BsMove move = bs_ruleset_random_move (rs, pos, &rng, scratch);
          g_autofree char *text = bs_ruleset_format_move (rs, pos, move);
          int mover = pos->to_move, expected = BS_RESULT_ONGOING, empty = 0;
          BsMoveParts parts;
          BsMove back;
          Grid g;

          g_assert_cmpint ((int) n, ==, empty_count (&mine, mover));
          g_assert_true (bs_ruleset_parse_move (rs, pos, text, &back, NULL));
          g_assert_cmphex (back, ==, move);
          bs_ruleset_decode_move (rs, pos, move, &parts);
          g_assert_cmpint (mine.cell[grid_index (rs, &mine, parts.to)], ==, 0);
          taken[mover] += grid_custodian_place (&mine, mover, grid_index (rs, &mine, parts.to));
          apply_checking_undo (rs, pos, move, undo);
          grid_from_position (rs, pos, &g);
          g_assert_true (memcmp (g.cell, mine.cell, sizeof g.cell) == 0);
          for (int p = 1; p <= 2; p++)
            g_assert_cmpint (measure_of (rs, pos, "captured", p), ==, taken[p]);
          empty = empty_count (&mine, 1);
          if (grid_has_line (&mine, mover, 5, FALSE) || taken[mover] >= to_win)
            expected = mover;
          else if (empty == 0)
            expected = BS_RESULT_DRAW;
          g_assert_cmpint (pos->result, ==, expected);
          plies++;
        }
      results[pos->result]++;
      captures += (guint64) (taken[1] + taken[2]);
      by_captures += pos->result != BS_RESULT_DRAW && !grid_has_line (&mine, pos->result, 5, FALSE);
    }
  bs_undo_free (undo);
  g_test_message ("%u games, %" G_GUINT64_FORMAT " plies, %" G_GUINT64_FORMAT " stones captured: "
                  "%u won by player 1, %u by player 2 (%u of the wins by captures), %u drawn",
                  games, plies, captures, results[1], results[2], by_captures, results[3]);
}

static void
test_custodian_hand (void)
{
  const char *four[] = { "captures-to-win=4", NULL };
  g_autoptr(BsRuleset) rs = au_written_ruleset (custodian_game_path, NULL, NULL, NULL);
  g_autoptr(BsRuleset) quick = au_written_ruleset (custodian_game_path, NULL, four, NULL);
  g_autofree BsPosition *pos = NULL;
  g_autofree BsPosition *before = NULL;
  g_autofree char *sentence = NULL;
  BsUndo *undo = bs_undo_new (rs);
  guint64 hash;
  BsMove move;

  /* The shipped board is 19 × 19. */
  g_assert_cmpint (rs->n_cells, ==, 19 * 19);

  /* A pair taken in one direction: a1 closes b1 c1 with d1. Undo puts
   * the stones and the count back. */
  pos = hand_position (rs, "b1=2 c1=2 d1=1 k10=2", 1);
  before = bs_position_dup (rs, pos);
  hash = bs_position_hash (rs, pos);
  g_assert_true (bs_ruleset_parse_move (rs, pos, "a1", &move, NULL));
  bs_ruleset_apply (rs, pos, move, undo);
  g_assert_cmpint (pos->result, ==, BS_RESULT_ONGOING);
  g_assert_cmpint (owner_at (rs, pos, "b1"), ==, 0);
  g_assert_cmpint (owner_at (rs, pos, "c1"), ==, 0);
  g_assert_cmpint (owner_at (rs, pos, "a1"), ==, 1);
  g_assert_cmpint (owner_at (rs, pos, "d1"), ==, 1);
  g_assert_cmpint (bs_position_pieces (pos, 2), ==, 1);
  g_assert_cmpint (measure_of (rs, pos, "captured", 1), ==, 2);
  g_assert_cmpint (measure_of (rs, pos, "captured", 2), ==, 0);
  /* The same cells reached without a capture are another position: the
   * count is part of the full hash. */
  g_assert_cmpuint (pos->hash, ==, bs_position_compute_cells_hash (rs, pos));
  {
    g_autofree BsPosition *same = hand_position (rs, "d1=1 k10=2", 1);

    g_assert_cmpint (play (rs, same, "a1"), ==, BS_RESULT_ONGOING);
    g_assert_cmpuint (same->hash, ==, pos->hash);
    g_assert_cmpuint (bs_position_hash (rs, same), !=, bs_position_hash (rs, pos));
  }
  bs_ruleset_undo (rs, pos, undo);
  g_assert_cmpint (owner_at (rs, pos, "b1"), ==, 2);
  g_assert_cmpint (owner_at (rs, pos, "c1"), ==, 2);
  g_assert_cmpint (owner_at (rs, pos, "a1"), ==, 0);
  g_assert_cmpint (measure_of (rs, pos, "captured", 1), ==, 0);
  g_assert_true (memcmp (before, pos, rs->position_size) == 0);
  g_assert_cmpuint (bs_position_hash (rs, pos), ==, hash);
  /* The capture is explained, the taken stones marked. */
  {
    BsTurnExplanation ex = { g_string_new (NULL), g_string_new (NULL),
                             g_new0 (guint8, rs->n_cells) };

    rs->module->explain_turn (rs, pos, &move, 1, &ex);
    g_assert_nonnull (strstr (ex.summary->str, "a1"));
    g_assert_nonnull (strstr (ex.details->str, "takes b1, c1"));
    g_assert_true (ex.removed[bs_board_find_cell (rs->board, "b1", NULL)]);
    g_assert_false (ex.removed[bs_board_find_cell (rs->board, "d1", NULL)]);
    g_string_free (ex.summary, TRUE);
    g_string_free (ex.details, TRUE);
    g_free (ex.removed);
  }
  g_clear_pointer (&pos, g_free);

  /* Two directions at once: e5 closes f5 g5 with h5 (east) and e6 e7
   * with e8 (north); f6 g7 (north-east) are open at h8 and stay. */
  pos = hand_position (rs, "f5=2 g5=2 h5=1 e6=2 e7=2 e8=1 f6=2 g7=2", 1);
  g_assert_cmpint (play (rs, pos, "e5"), ==, BS_RESULT_ONGOING);
  for (guint i = 0; i < 4; i++)
    g_assert_cmpint (owner_at (rs, pos, (const char *[]) { "f5", "g5", "e6", "e7" }[i]), ==, 0);
  g_assert_cmpint (owner_at (rs, pos, "f6"), ==, 2);
  g_assert_cmpint (owner_at (rs, pos, "g7"), ==, 2);
  g_assert_cmpint (measure_of (rs, pos, "captured", 1), ==, 4);
  g_clear_pointer (&pos, g_free);

  /* A bracket of one or of three takes nothing, and a stone placed
   * between two of the other player's is not taken (c3 between b3 and
   * d3 of player 1, with a3 beyond). */
  pos = hand_position (rs, "b1=2 c1=1 b2=2 c2=2 d2=2 e2=1 a3=1 b3=2 d3=1", 1);
  g_assert_cmpint (play (rs, pos, "a1"), ==, BS_RESULT_ONGOING);
  g_assert_cmpint (owner_at (rs, pos, "b1"), ==, 2);
  g_assert_cmpint (play (rs, pos, "k10"), ==, BS_RESULT_ONGOING);
  g_assert_cmpint (play (rs, pos, "a2"), ==, BS_RESULT_ONGOING);
  for (guint i = 0; i < 3; i++)
    g_assert_cmpint (owner_at (rs, pos, (const char *[]) { "b2", "c2", "d2" }[i]), ==, 2);
  g_assert_cmpint (play (rs, pos, "c3"), ==, BS_RESULT_ONGOING);
  g_assert_cmpint (owner_at (rs, pos, "b3"), ==, 2);
  g_assert_cmpint (owner_at (rs, pos, "c3"), ==, 2);
  g_assert_cmpint (measure_of (rs, pos, "captured", 1), ==, 0);
  g_assert_cmpint (measure_of (rs, pos, "captured", 2), ==, 0);
  g_clear_pointer (&pos, g_free);

  /* The fifth pair wins: five pairs on rows 1, 3, 5, 7 and 9 taken by
   * player 1, player 2 playing apart in between. Under
   * captures-to-win=4 the second pair already wins. */
  {
    const char *pairs = "b1=2 c1=2 d1=1 b3=2 c3=2 d3=1 b5=2 c5=2 d5=1 b7=2 c7=2 d7=1 "
                        "b9=2 c9=2 d9=1";
    const char *takes[] = { "a1", "a3", "a5", "a7", "a9" };
    const char *apart[] = { "s19", "s17", "s15", "s13" };

    pos = hand_position (rs, pairs, 1);
    for (guint i = 0; i < 4; i++)
      {
        g_assert_cmpint (play (rs, pos, takes[i]), ==, BS_RESULT_ONGOING);
        g_assert_cmpint (measure_of (rs, pos, "captured", 1), ==, 2 * (int) (i + 1));
        g_assert_cmpint (play (rs, pos, apart[i]), ==, BS_RESULT_ONGOING);
      }
    g_assert_cmpint (play (rs, pos, "a9"), ==, BS_RESULT_WIN_1);
    g_assert_cmpint (measure_of (rs, pos, "captured", 1), ==, 10);
    g_assert_cmpint (bs_ruleset_ending (rs, pos), ==, BS_ENDING_GOAL);
    sentence = bs_ruleset_describe_ending (rs, pos);
    g_assert_nonnull (strstr (sentence, "captured enough pairs"));
    g_clear_pointer (&sentence, g_free);
    g_clear_pointer (&pos, g_free);

    pos = hand_position (quick, pairs, 1);
    g_assert_cmpint (play (quick, pos, "a1"), ==, BS_RESULT_ONGOING);
    g_assert_cmpint (play (quick, pos, "s19"), ==, BS_RESULT_ONGOING);
    g_assert_cmpint (play (quick, pos, "a3"), ==, BS_RESULT_WIN_1);
    g_clear_pointer (&pos, g_free);
  }

  /* The help gives the option's value. */
  {
    g_autoptr(GString) rules = g_string_new (NULL);
    g_autoptr(GString) goal = g_string_new (NULL);

    quick->module->describe_rules (quick, rules, goal);
    g_assert_nonnull (strstr (goal->str, "capture 4 stones"));
  }

  /* Five in a row wins, for player 2 as well. */
  pos = hand_position (rs, "a1=1 b1=1 c1=1 d1=1 a5=2", 1);
  g_assert_cmpint (play (rs, pos, "e1"), ==, BS_RESULT_WIN_1);
  g_assert_cmpint (bs_ruleset_ending (rs, pos), ==, BS_ENDING_GOAL);
  sentence = bs_ruleset_describe_ending (rs, pos);
  g_assert_nonnull (strstr (sentence, "line of five"));
  g_clear_pointer (&pos, g_free);
  pos = hand_position (rs, "k10=2 k11=2 k12=2 k14=2", 2);
  g_assert_cmpint (play (rs, pos, "k13"), ==, BS_RESULT_WIN_2);
  bs_undo_free (undo);
}

static void
test_custodian_random (void)
{
  const char *nine[] = { "width=9", "height=9", NULL };
  const char *four[] = { "width=9", "height=9", "captures-to-win=4", NULL };
  g_autoptr(BsRuleset) shipped = au_written_ruleset (custodian_game_path, NULL, NULL, NULL);
  g_autoptr(BsRuleset) small = au_written_ruleset (custodian_game_path, NULL, nine, NULL);
  g_autoptr(BsRuleset) quick = au_written_ruleset (custodian_game_path, NULL, four, NULL);

  custodian_random_games (shipped, 60, 10);
  custodian_random_games (small, 200, 10);
  custodian_random_games (quick, 200, 4);
}

/* ---- The cloning game ---- */

/* The king distance between two indices of the array. */
static int
grid_king_distance (const Grid *g,
                    int         a,
                    int         b)
{
  return MAX (ABS (a / g->w - b / g->w), ABS (a % g->w - b % g->w));
}

/* The cloning game's moves for p, from its rules: one clone per empty
 * cell next to (king distance 1) a piece of p, one jump per piece of p
 * and empty cell two king moves away; a pass when there is none but p
 * has pieces. Holes are cells the array marks 3. */
static int
grid_jump_move_count (const Grid *g,
                      int         p)
{
  int n = 0;

  for (int to = 0; to < g->w * g->h; to++)
    {
      gboolean clone = FALSE;

      if (g->cell[to] != 0)
        continue;
      for (int from = 0; from < g->w * g->h; from++)
        if (g->cell[from] == p)
          {
            int d = grid_king_distance (g, from, to);

            clone |= d == 1;
            n += d == 2;
          }
      n += clone;
    }
  return MAX (n, 1);
}

static gboolean
grid_jump_can_move (const Grid *g,
                    int         p)
{
  for (int to = 0; to < g->w * g->h; to++)
    for (int from = 0; g->cell[to] == 0 && from < g->w * g->h; from++)
      if (g->cell[from] == p && grid_king_distance (g, from, to) <= 2)
        return TRUE;
  return FALSE;
}

/* The result after `mover` moved: the other player without pieces
 * loses; a full board, or neither able to move, is won by more pieces. */
static guint8
jump_referee (const Grid    *g,
              int            mover,
              gconstpointer  data)
{
  int count[4] = { 0, 0, 0, 0 };

  for (int i = 0; i < g->w * g->h; i++)
    count[g->cell[i]]++;
  if (count[3 - mover] == 0)
    return (guint8) mover;
  if (count[0] > 0 && (grid_jump_can_move (g, 1) || grid_jump_can_move (g, 2)))
    return BS_RESULT_ONGOING;
  return count[1] > count[2] ? BS_RESULT_WIN_1 : count[2] > count[1] ? BS_RESULT_WIN_2
                                                                     : BS_RESULT_DRAW;
}

static void
test_jump_perft (void)
{
  /* Ataxx's published counts from the 7 × 7 start (passes are moves). */
  static const guint64 expected[] = { 1, 16, 256, 6460, 155888 };
  g_autoptr(BsRuleset) rs = au_written_ruleset (jump_game_path, NULL, NULL, NULL);
  g_autofree BsPosition *pos = bs_ruleset_new_position (rs, 0);

  /* The start: player 1 on a1 and g7, player 2 on a7 and g1, 1 to move. */
  g_assert_cmpint (owner_at (rs, pos, "a1"), ==, 1);
  g_assert_cmpint (owner_at (rs, pos, "g7"), ==, 1);
  g_assert_cmpint (owner_at (rs, pos, "a7"), ==, 2);
  g_assert_cmpint (owner_at (rs, pos, "g1"), ==, 2);
  g_assert_cmpint (bs_position_pieces (pos, 1) + bs_position_pieces (pos, 2), ==, 4);
  g_assert_cmpint (pos->to_move, ==, 1);
  for (int d = 1; d < (int) G_N_ELEMENTS (expected); d++)
    g_assert_cmpuint (perft (rs, pos, d, FALSE), ==, expected[d]);
}

static void
test_jump_hand (void)
{
  const char *five[] = { "width=5", "height=5", NULL };
  g_autoptr(BsRuleset) rs = au_written_ruleset (jump_game_path, NULL, NULL, NULL);
  g_autoptr(BsRuleset) small = au_written_ruleset (jump_game_path, NULL, five, NULL);
  g_autofree BsMove *moves = g_new (BsMove, rs->max_moves);
  g_autoptr(GError) error = NULL;
  g_autofree BsPosition *pos = NULL;
  g_autofree char *text = NULL;
  g_autofree char *sentence = NULL;
  BsMove move;
  Grid g;

  /* The corners of 5 × 5. */
  pos = bs_ruleset_new_position (small, 0);
  g_assert_cmpint (owner_at (small, pos, "a1"), ==, 1);
  g_assert_cmpint (owner_at (small, pos, "e5"), ==, 1);
  g_assert_cmpint (owner_at (small, pos, "a5"), ==, 2);
  g_assert_cmpint (owner_at (small, pos, "e1"), ==, 2);
  g_clear_pointer (&pos, g_free);

  /* A clone onto c3 from b2 (written as the cell alone) converts the
   * two enemies next to it, d4 and c4, and leaves e5 (two away) alone;
   * b2 stays. The same cell reached from b2 and d2 is one move. */
  pos = hand_position (rs, "b2=1 d2=1 d4=2 c4=2 e5=2", 1);
  grid_from_position (rs, pos, &g);
  g_assert_cmpuint (bs_ruleset_generate (rs, pos, moves), ==, grid_jump_move_count (&g, 1));
  g_assert_false (bs_ruleset_parse_move (rs, pos, "b2-c3", &move, &error));
  g_clear_error (&error);
  {
    BsTurnExplanation ex = { g_string_new (NULL), g_string_new (NULL),
                             g_new0 (guint8, rs->n_cells) };

    g_assert_true (bs_ruleset_parse_move (rs, pos, "c3", &move, NULL));
    rs->module->explain_turn (rs, pos, &move, 1, &ex);
    g_assert_nonnull (strstr (ex.summary->str, "c3"));
    g_assert_nonnull (strstr (ex.details->str, "converts c4, d4"));
    g_string_free (ex.summary, TRUE);
    g_string_free (ex.details, TRUE);
    g_free (ex.removed);
  }
  g_assert_cmpint (play (rs, pos, "c3"), ==, BS_RESULT_ONGOING);
  for (guint i = 0; i < 5; i++)
    g_assert_cmpint (owner_at (rs, pos, (const char *[]) { "b2", "d2", "c3", "c4", "d4" }[i]),
                     ==, 1);
  g_assert_cmpint (owner_at (rs, pos, "e5"), ==, 2);
  g_assert_cmpint (bs_position_pieces (pos, 1), ==, 5);
  g_assert_cmpint (bs_position_pieces (pos, 2), ==, 1);
  g_clear_pointer (&pos, g_free);

  /* A jump a1-c3 leaves a1 empty and converts b4; a jump of one cell or
   * three is no move. */
  pos = hand_position (rs, "a1=1 b4=2 g7=2", 1);
  g_assert_false (bs_ruleset_parse_move (rs, pos, "a1-b2", &move, &error));
  g_clear_error (&error);
  g_assert_false (bs_ruleset_parse_move (rs, pos, "a1-d4", &move, &error));
  g_clear_error (&error);
  g_assert_cmpint (play (rs, pos, "a1-c3"), ==, BS_RESULT_ONGOING);
  g_assert_cmpint (owner_at (rs, pos, "a1"), ==, 0);
  g_assert_cmpint (owner_at (rs, pos, "c3"), ==, 1);
  g_assert_cmpint (owner_at (rs, pos, "b4"), ==, 1);
  g_assert_cmpint (bs_position_pieces (pos, 1), ==, 2);
  g_assert_cmpint (bs_position_pieces (pos, 2), ==, 1);
  g_clear_pointer (&pos, g_free);

  /* A forced pass: player 2's a1 is walled in by player 1's pieces two
   * deep, so its one move is "pass"; player 1 moves on. */
  pos = hand_position (small, "a1=2 a2=1 b1=1 b2=1 a3=1 b3=1 c3=1 c2=1 c1=1", 2);
  g_assert_cmpuint (bs_ruleset_generate (small, pos, moves), ==, 1);
  text = bs_ruleset_format_move (small, pos, moves[0]);
  g_assert_cmpstr (text, ==, "pass");
  g_assert_cmpint (play (small, pos, "pass"), ==, BS_RESULT_ONGOING);
  g_assert_cmpint (pos->to_move, ==, 1);
  g_assert_false (bs_ruleset_parse_move (small, pos, "pass", &move, &error));
  g_clear_error (&error);
  g_clear_pointer (&pos, g_free);

  /* A player left with no piece loses: player 1 clones onto b2 and
   * converts player 2's last two pieces. */
  pos = hand_position (rs, "a1=1 c3=2 a3=2", 1);
  g_assert_cmpint (play (rs, pos, "b2"), ==, BS_RESULT_WIN_1);
  g_assert_cmpint (bs_ruleset_ending (rs, pos), ==, BS_ENDING_ELIMINATION);
  g_assert_cmpint (bs_position_pieces (pos, 2), ==, 0);
  sentence = bs_ruleset_describe_ending (rs, pos);
  g_assert_nonnull (strstr (sentence, "no piece left"));
  g_clear_pointer (&sentence, g_free);
  g_clear_pointer (&pos, g_free);

  /* A full 5 × 5 board: player 1 clones onto e5 from d4, converting d5
   * and e4; then 16 pieces to 9 and no empty cell: player 1 wins. */
  pos = hand_position (small, "a5=1 b5=2 c5=1 d5=2 "
                              "a4=2 b4=1 c4=2 d4=1 e4=2 "
                              "a3=1 b3=2 c3=1 d3=1 e3=1 "
                              "a2=2 b2=1 c2=2 d2=1 e2=2 "
                              "a1=1 b1=2 c1=1 d1=2 e1=1", 1);
  g_assert_cmpint (play (small, pos, "e5"), ==, BS_RESULT_WIN_1);
  g_assert_cmpint (bs_ruleset_ending (small, pos), ==, BS_ENDING_BOARD_FULL);
  g_assert_cmpint (bs_position_pieces (pos, 1), ==, 16);
  g_assert_cmpint (bs_position_pieces (pos, 2), ==, 9);
  g_clear_pointer (&pos, g_free);
}

static void
test_jump_random (void)
{
  const char *five[] = { "width=5", "height=5", NULL };
  const char *nine[] = { "width=9", "height=9", NULL };
  const char *holes[] = { "c3", "e3", "c5", "e5", "d4", NULL };
  g_autoptr(BsRuleset) shipped = au_written_ruleset (jump_game_path, NULL, NULL, NULL);
  g_autoptr(BsRuleset) small = au_written_ruleset (jump_game_path, NULL, five, NULL);
  g_autoptr(BsRuleset) large = au_written_ruleset (jump_game_path, NULL, nine, NULL);
  g_autoptr(BsRuleset) holed = au_written_ruleset (jump_game_path, NULL, NULL, holes);

  random_games_counting (shipped, 100, jump_referee, grid_jump_move_count, NULL);
  random_games_counting (small, 200, jump_referee, grid_jump_move_count, NULL);
  random_games_counting (large, 30, jump_referee, grid_jump_move_count, NULL);
  random_games_counting (holed, 100, jump_referee, grid_jump_move_count, NULL);
}


/* ---- What the ends tell the search (bs-rules-features.h) ---- */

/* The value of feature `id` on pos, player 1's figure minus player 2's. */
static double
feature_value (const BsRuleset  *rs,
               const BsPosition *pos,
               const char       *id)
{
  BsFeatureSpec specs[BS_MAX_FEATURES];
  double values[BS_MAX_FEATURES];
  g_autofree BsMove *scratch = g_new (BsMove, rs->max_moves);
  guint n = bs_evaluation_features (rs, BS_EVALUATION_FEATURES, specs);

  g_assert_cmpuint (bs_evaluation_values (rs, pos, BS_EVALUATION_FEATURES, scratch, values),
                    ==, n);
  for (guint i = 0; i < n; i++)
    if (g_str_equal (specs[i].id, id))
      return values[i];
  g_assert_not_reached ();
}

/* The evaluation for each player to move: the same figure, opposite signs. */
static void
assert_score_sides (const BsRuleset *rs,
                    BsPosition      *pos)
{
  g_autofree BsMove *scratch = g_new (BsMove, rs->max_moves);
  int first, second;

  pos->to_move = 1;
  first = bs_evaluation_score (rs, pos, BS_EVALUATION_FEATURES, scratch);
  pos->to_move = 2;
  second = bs_evaluation_score (rs, pos, BS_EVALUATION_FEATURES, scratch);
  g_assert_cmpint (first, ==, -second);
}

/* The two-distance of cell `name` (as "c3") from region r for p. */
static int
two_distance_at (const BsRuleset       *rs,
                 const BsRulesFeatures *f,
                 const BsPosition      *pos,
                 int                    p,
                 int                    r,
                 const char            *name)
{
  g_autofree int *dist = g_new (int, rs->n_cells);
  int cell = bs_board_find_cell (rs->board, name, NULL);

  g_assert_cmpint (cell, !=, BS_NO_CELL);
  g_assert_cmpint (bs_rules_features_two_distances (f, pos, p, r, dist), ==, rs->n_cells);
  return dist[cell];
}

static void
test_connect_features (void)
{
  const char *five[] = { "width=5", "height=5", NULL };
  g_autoptr(BsRuleset) rs = au_written_ruleset (connect_game_path, NULL, five, NULL);
  const BsRulesFeatures *f = bs_rules_program_features (rs);
  BsFeatureSpec specs[BS_MAX_FEATURES];
  g_autofree BsPosition *pos = NULL;

  /* The connect end gives "two-distance" beside material. */
  g_assert_cmpuint (bs_evaluation_features (rs, BS_EVALUATION_FEATURES, specs), ==, 2);
  g_assert_cmpstr (specs[0].id, ==, "material");
  g_assert_cmpstr (specs[1].id, ==, "two-distance");

  /* An empty 5 × 5 rhombus, player 1 from row 1: the row is at 1; b2 to e2
   * touch two cells of it (x2 touches x1 and the cell left of it): 2; a2
   * only a1, so its second best is b2: 3. c3 to e3 touch two cells at 2:
   * 3; b3 touches b2 (2), then a2 and c3 (3): 4; a3 a2 (3), then b3: 5. */
  pos = hand_position (rs, "", 1);
  g_assert_cmpint (two_distance_at (rs, f, pos, 1, 0, "a1"), ==, 1);
  g_assert_cmpint (two_distance_at (rs, f, pos, 1, 0, "b2"), ==, 2);
  g_assert_cmpint (two_distance_at (rs, f, pos, 1, 0, "a2"), ==, 3);
  g_assert_cmpint (two_distance_at (rs, f, pos, 1, 0, "c3"), ==, 3);
  g_assert_cmpint (two_distance_at (rs, f, pos, 1, 0, "b3"), ==, 4);
  g_assert_cmpint (two_distance_at (rs, f, pos, 1, 0, "a3"), ==, 5);
  /* From row 5 the same turned half a turn (e4 is a2's twin): c3 is at 3
   * from both, and no cell does better than 3 + 3; player 2 the same by
   * the mirror. */
  g_assert_cmpint (two_distance_at (rs, f, pos, 1, 1, "c3"), ==, 3);
  g_assert_cmpint (two_distance_at (rs, f, pos, 1, 1, "e4"), ==, 3);
  g_assert_cmpint (two_distance_at (rs, f, pos, 1, 1, "d4"), ==, 2);
  g_assert_cmpint (bs_rules_features_two_distance_potential (f, pos, 1), ==, 6);
  g_assert_cmpint (bs_rules_features_two_distance_potential (f, pos, 2), ==, 6);
  g_assert_cmpfloat (feature_value (rs, pos, "two-distance"), ==, 0);
  g_clear_pointer (&pos, g_free);

  /* c1 d3 e5: bridges (c1 and d3 share c2 and d2, d3 and e5 d4 and e4).
   * The plain path needs two cells. d2 touches c1, which is on row 1: 1;
   * through d3 it touches d4 and e4, each next to e5 on row 5: 1 and 1,
   * so d2 is at 2 from row 5, and 1 + 2 = 3. */
  pos = hand_position (rs, "c1=1 d3=1 e5=1", 2);
  g_assert_cmpint (two_distance_at (rs, f, pos, 1, 0, "d2"), ==, 1);
  g_assert_cmpint (two_distance_at (rs, f, pos, 1, 1, "d4"), ==, 1);
  g_assert_cmpint (two_distance_at (rs, f, pos, 1, 1, "d2"), ==, 2);
  g_assert_cmpint (bs_rules_features_two_distance_potential (f, pos, 1), ==, 3);
  g_clear_pointer (&pos, g_free);

  /* c1 c3 c5: also two cells on the plain path (c2, c4), but each gap is a
   * single cell player 2 can take. c2 is at 1 from row 1; from row 5 its
   * best neighbour is c4 (through c3; 1, next to c5), the next b3 and d4
   * (2: b3 touches b4 and c4, d4 c4 and d5, all at 1): 3. c4 is the same
   * upside down: the best is 1 + 3 = 4. The plain path calls both chains
   * level; the two-distance prefers the bridges. */
  pos = hand_position (rs, "c1=1 c3=1 c5=1", 2);
  g_assert_cmpint (two_distance_at (rs, f, pos, 1, 0, "c2"), ==, 1);
  g_assert_cmpint (two_distance_at (rs, f, pos, 1, 1, "c2"), ==, 3);
  g_assert_cmpint (two_distance_at (rs, f, pos, 1, 1, "b3"), ==, 2);
  g_assert_cmpint (two_distance_at (rs, f, pos, 1, 1, "d4"), ==, 2);
  g_assert_cmpint (two_distance_at (rs, f, pos, 1, 0, "c4"), ==, 3);
  g_assert_cmpint (bs_rules_features_two_distance_potential (f, pos, 1), ==, 4);
  /* Player 2 must cross column c at c2 or c4. c4: from column a, b4 and
   * b3 are at 2 (each touches two cells of column a), so 3; from column
   * e, d4 is at 2 (e4, e5) and d5 at 3 (e5, then d4), so 4: 7, and c2 is
   * the same turned: 4 + 3. The feature is player 2's 7 minus player 1's 4. */
  g_assert_cmpint (two_distance_at (rs, f, pos, 2, 0, "c4"), ==, 3);
  g_assert_cmpint (two_distance_at (rs, f, pos, 2, 1, "c4"), ==, 4);
  g_assert_cmpint (two_distance_at (rs, f, pos, 2, 1, "d5"), ==, 3);
  g_assert_cmpint (bs_rules_features_two_distance_potential (f, pos, 2), ==, 7);
  g_assert_cmpfloat (feature_value (rs, pos, "two-distance"), ==, 3);
  assert_score_sides (rs, pos);
  /* A cell taken by anyone has no two-distance. */
  g_assert_cmpint (two_distance_at (rs, f, pos, 1, 0, "c3"), ==, -1);
  g_assert_cmpint (two_distance_at (rs, f, pos, 2, 0, "c3"), ==, -1);
  g_clear_pointer (&pos, g_free);

  /* A row of player 2 cuts player 1 off (-1: counted as far as the board
   * is large, 25) and joins player 2's sides (0). */
  pos = hand_position (rs, "a3=2 b3=2 c3=2 d3=2 e3=2", 1);
  g_assert_cmpint (bs_rules_features_two_distance_potential (f, pos, 1), ==, -1);
  g_assert_cmpint (bs_rules_features_two_distance_potential (f, pos, 2), ==, 0);
  g_assert_cmpint (two_distance_at (rs, f, pos, 1, 0, "c4"), ==, -1);
  g_assert_cmpfloat (feature_value (rs, pos, "two-distance"), ==, -25);
  assert_score_sides (rs, pos);
}

/* A random position of size × size cells, each holding a piece with odds
 * 1 in `piece_odds`, and the same with every piece's owner swapped (mirrored
 * across the long diagonal too: cell col,row goes to row,col). */
static void
random_swapped_pair (const BsRuleset *rs,
                     BsRng           *rng,
                     int              size,
                     guint            piece_odds,
                     gboolean         mirrored,
                     BsPosition     **pos,
                     BsPosition     **swapped)
{
  g_autoptr(GString) cells = g_string_new (NULL), other = g_string_new (NULL);

  for (int col = 0; col < size; col++)
    for (int row = 0; row < size; row++)
      {
        int owner;

        if (bs_rng_below (rng, piece_odds) != 0)
          continue;
        owner = 1 + (int) bs_rng_below (rng, 2);
        g_string_append_printf (cells, "%s%c%d=%d", cells->len > 0 ? " " : "",
                                'a' + col, row + 1, owner);
        g_string_append_printf (other, "%s%c%d=%d", other->len > 0 ? " " : "",
                                'a' + (mirrored ? row : col), (mirrored ? col : row) + 1,
                                3 - owner);
      }
  *pos = hand_position (rs, cells->str, 1);
  *swapped = hand_position (rs, other->str, 1);
}

/* Swapping the players of a position mirrored across the long diagonal
 * (each keeps their sides) turns every feature's sign. */
static void
test_connect_features_symmetric (void)
{
  const char *seven[] = { "width=7", "height=7", NULL };
  g_autoptr(BsRuleset) rs = au_written_ruleset (connect_game_path, NULL, seven, NULL);
  BsRng rng;
  int uneven = 0;

  bs_rng_init (&rng, 27);
  for (int round = 0; round < 200; round++)
    {
      g_autofree BsPosition *pos = NULL, *mirror = NULL;

      random_swapped_pair (rs, &rng, 7, 2, TRUE, &pos, &mirror);
      g_assert_cmpfloat (feature_value (rs, pos, "two-distance"), ==,
                         -feature_value (rs, mirror, "two-distance"));
      uneven += feature_value (rs, pos, "two-distance") != 0;
      g_assert_cmpfloat (feature_value (rs, pos, "material"), ==,
                         -feature_value (rs, mirror, "material"));
    }
  /* The figures are not all level (a sign never tested). */
  g_assert_cmpint (uneven, >, 100);
}

static void
test_line_features (void)
{
  const char *nine[] = { "width=9", "height=9", NULL };
  g_autoptr(BsRuleset) rs = au_written_ruleset (line_game_path, NULL, nine, NULL);
  const BsRulesFeatures *f = bs_rules_program_features (rs);
  g_autofree BsPosition *pos = NULL;
  int counts[6];

  /* Three in a row, e5 f5 g5, and h5 of player 2 beside them. Player 1's
   * lines of five across row 5: c–g holds three (d–h and e–i hold h5),
   * b–f two, a–e one; each stone's column has five lines of one, and
   * the diagonals through e5, f5 and g5 five, four and three each way:
   * 1 + 15 + 12 + 12 lines of one. Player 2's h5: no line across (each
   * holds a stone of player 1), five up its column, two along each
   * diagonal. */
  pos = hand_position (rs, "e5=1 f5=1 g5=1 h5=2", 2);
  g_assert_cmpint (bs_rules_features_line_counts (f, pos, 1, counts), ==, 5);
  g_assert_cmpint (counts[1], ==, 40);
  g_assert_cmpint (counts[2], ==, 1);
  g_assert_cmpint (counts[3], ==, 1);
  g_assert_cmpint (counts[4], ==, 0);
  g_assert_cmpint (bs_rules_features_line_counts (f, pos, 2, counts), ==, 5);
  g_assert_cmpint (counts[1], ==, 9);
  g_assert_cmpint (counts[2] + counts[3] + counts[4], ==, 0);
  /* A line of four is worth 1, of three 1/4, of two 1/16, of one 1/64. */
  g_assert_cmpfloat_with_epsilon (feature_value (rs, pos, "lines"),
                                  (40 + 4 + 16 - 9) / 64.0, 1e-9);
  assert_score_sides (rs, pos);
  g_clear_pointer (&pos, g_free);

  /* With c5 too, across row 5: c–g holds four (c5 e5 f5 g5), b–f three
   * (c5 e5 f5), a–e two (c5 e5); no other line holds two stones. */
  pos = hand_position (rs, "c5=1 e5=1 f5=1 g5=1 h5=2", 2);
  bs_rules_features_line_counts (f, pos, 1, counts);
  g_assert_cmpint (counts[4], ==, 1);
  g_assert_cmpint (counts[3], ==, 1);
  g_assert_cmpint (counts[2], ==, 1);
}

/* Swapping every stone's owner turns the lines' sign. */
static void
test_line_features_symmetric (void)
{
  const char *nine[] = { "width=9", "height=9", NULL };
  g_autoptr(BsRuleset) rs = au_written_ruleset (line_game_path, NULL, nine, NULL);
  BsRng rng;
  int uneven = 0;

  bs_rng_init (&rng, 27);
  for (int round = 0; round < 200; round++)
    {
      g_autofree BsPosition *pos = NULL, *other = NULL;

      /* Sparse, as a game in progress: lines stay open. */
      random_swapped_pair (rs, &rng, 9, 4, FALSE, &pos, &other);
      g_assert_cmpfloat_with_epsilon (feature_value (rs, pos, "lines"),
                                      -feature_value (rs, other, "lines"), 1e-9);
      uneven += feature_value (rs, pos, "lines") != 0;
    }
  /* The figures are not all level (a sign never tested). */
  g_assert_cmpint (uneven, >, 100);
}

/* A game without connect or line ends keeps the generic evaluation. */
static void
test_generic_features (void)
{
  g_autoptr(BsRuleset) rs = au_written_ruleset (capture_game_path, NULL, NULL, NULL);
  BsFeatureSpec specs[BS_MAX_FEATURES];

  g_assert_cmpuint (rs->module->n_features, ==, 0);
  g_assert_cmpuint (bs_evaluation_features (rs, BS_EVALUATION_FEATURES, specs), ==, 2);
  g_assert_cmpstr (specs[1].id, ==, "mobility");
}

/* The rules file at path with its <computer> block, if any, replaced by
 * `computer` (empty: none), parsed as a game named "weighted.xml";
 * *line (if not NULL) is the line `computer` starts on. */
static BsRulesGame *
parse_with_computer (const char  *path,
                     const char  *computer,
                     int         *line,
                     GError     **error)
{
  g_autofree char *text = NULL;
  g_autofree char *bare = NULL;
  g_autofree char *with = NULL;
  char *end;
  g_autoptr(GRegex) block = g_regex_new ("[ ]*<computer\\b(?:[^>]*/>|.*?</computer>)\\s*",
                                         G_REGEX_DOTALL, 0, NULL);
  g_autoptr(GError) read_error = NULL;
  g_autofree char *tail = g_strconcat (computer, "</rules>", NULL);

  g_assert_true (g_file_get_contents (path, &text, NULL, &read_error));
  g_assert_no_error (read_error);
  bare = g_regex_replace_literal (block, text, -1, 0, "", 0, NULL);
  end = g_strrstr (bare, "</rules>");
  g_assert_nonnull (end);
  *end = '\0';
  with = g_strconcat (bare, tail, NULL);
  if (line != NULL)
    {
      *line = 1;
      for (const char *c = bare; *c != '\0'; c++)
        *line += *c == '\n';
    }
  return bs_rules_game_parse (with, strlen (with), "weighted.xml", error);
}

static BsRuleset *
ruleset_of (BsRulesGame *game)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariant) variant = bs_rules_game_new_variant (game, NULL, &error);
  BsRuleset *rs;

  g_assert_no_error (error);
  rs = bs_rules_game_new_ruleset (game, variant, &error);
  g_assert_no_error (error);
  return rs;
}

/* Declared weights judge a position worked by hand; without them the
 * generic hand-set ones (1 a piece, 0.05 a move) stay. */
static void
test_declared_weights (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BsRulesGame) plain = parse_with_computer (bracket_game_path, "", NULL, &error);
  g_autoptr(BsRulesGame) weighted = NULL;
  g_autoptr(BsRuleset) rs_plain = NULL;
  g_autoptr(BsRuleset) rs = NULL;
  g_autofree BsPosition *pos = NULL;
  g_autofree BsMove *scratch = NULL;
  BsFeatureSpec specs[BS_MAX_FEATURES];
  double values[BS_MAX_FEATURES];

  g_assert_no_error (error);
  weighted = parse_with_computer (bracket_game_path,
                                  "<computer strongest=\"monte-carlo\">\n"
                                  "  <weight feature=\"mobility\" value=\"2\"/>\n"
                                  "  <weight feature=\"material\" value=\"0.25\"/>\n"
                                  "</computer>\n", NULL, &error);
  g_assert_no_error (error);
  rs_plain = ruleset_of (plain);
  rs = ruleset_of (weighted);
  scratch = g_new (BsMove, rs->max_moves);

  g_assert_null (rs_plain->module->generic_weights);
  g_assert_cmpuint (bs_evaluation_features (rs_plain, BS_EVALUATION_FEATURES, specs), ==, 2);
  g_assert_cmpfloat (specs[0].weight, ==, 1.0);
  g_assert_cmpfloat (specs[1].weight, ==, 0.05);
  g_assert_cmpuint (bs_evaluation_features (rs, BS_EVALUATION_FEATURES, specs), ==, 2);
  g_assert_cmpstr (specs[0].id, ==, "material");
  g_assert_cmpfloat (specs[0].weight, ==, 0.25);
  g_assert_cmpstr (specs[1].id, ==, "mobility");
  g_assert_cmpfloat (specs[1].weight, ==, 2.0);
  /* The generic kind keeps the hand-set weights whatever the game says. */
  bs_evaluation_features (rs, BS_EVALUATION_GENERIC, specs);
  g_assert_cmpfloat (specs[1].weight, ==, 0.05);

  /* Player 1 on a1 and h7, player 2 on b1, b2 and h8. Player 1 brackets
   * b1 from c1 and b2 from c3; player 2 only h7, from h6 (a1 is in the
   * corner, h7 on the edge). Material 2 − 3 = −1, mobility 2 − 1 = 1. */
  pos = hand_position (rs, "a1=1 h7=1 b1=2 b2=2 h8=2", 1);
  g_assert_cmpuint (bs_evaluation_values (rs, pos, BS_EVALUATION_FEATURES, scratch, values),
                    ==, 2);
  g_assert_cmpfloat (values[0], ==, -1);
  g_assert_cmpfloat (values[1], ==, 1);
  /* 1 × −1 + 0.05 × 1 pieces, against 0.25 × −1 + 2 × 1. */
  g_assert_cmpint (bs_evaluation_score (rs_plain, pos, BS_EVALUATION_FEATURES, scratch), ==, -95);
  g_assert_cmpint (bs_evaluation_score (rs, pos, BS_EVALUATION_FEATURES, scratch), ==, 175);
  pos->to_move = 2;
  g_assert_cmpint (bs_evaluation_score (rs, pos, BS_EVALUATION_FEATURES, scratch), ==, -175);
  /* Learned weights (a weights file) still go over the declared ones. */
  g_assert_cmpint (bs_evaluation_score_weighted (rs, pos, BS_EVALUATION_FEATURES,
                                                 (const double[]) { 3, 0 }, scratch), ==, 300);
}

/* A game of simultaneous rounds may declare a cut and weights too: its
 * search cuts the playouts after the round searched (docs/SEARCH.md,
 * "Tribes: cut playouts in simultaneous rounds"). Tribes' written copy
 * declares neither. */
static void
test_declared_computer_simultaneous (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (g_getenv ("BOARDSMITH_RULES_DIR"), "games",
                                            "tribes.xml", NULL);
  g_autoptr(BsRulesGame) shipped = parse_with_computer (path, "", NULL, &error);
  g_autoptr(BsRulesGame) declared = NULL;
  g_autoptr(BsRuleset) rs_shipped = NULL;
  g_autoptr(BsRuleset) rs = NULL;
  BsFeatureSpec specs[BS_MAX_FEATURES];
  BsSearchParams params;

  g_assert_no_error (error);
  declared = parse_with_computer (path,
                                  "<computer playout-cut=\"2\">\n"
                                  "  <weight feature=\"material\" value=\"2\"/>\n"
                                  "</computer>\n", NULL, &error);
  g_assert_no_error (error);
  rs_shipped = ruleset_of (shipped);
  rs = ruleset_of (declared);
  g_assert_true (bs_ruleset_is_simultaneous (rs));
  g_assert_cmpuint (bs_ruleset_get_playout_cut (rs_shipped), ==, 0);
  g_assert_cmpuint (bs_ruleset_get_playout_cut (rs), ==, 2);
  bs_search_params_init_for_game (&params, BS_SEARCH_LEVEL_HARD, rs, 1);
  g_assert_cmpuint (params.playout_cut, ==, 2);
  g_assert_cmpuint (bs_evaluation_features (rs, BS_EVALUATION_FEATURES, specs), ==, 2);
  g_assert_cmpstr (specs[0].id, ==, "material");
  g_assert_cmpfloat (specs[0].weight, ==, 2.0);
}

/* The weights of a game judged by its ends' features go to those. */
static void
test_declared_weights_of_ends (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BsRulesGame) game = parse_with_computer (
    connect_game_path, "<computer><weight feature=\"two-distance\" value=\"-1.5\"/></computer>",
    NULL, &error);
  g_autoptr(BsRuleset) rs = NULL;
  BsFeatureSpec specs[BS_MAX_FEATURES];
  guint n;

  g_assert_no_error (error);
  rs = ruleset_of (game);
  n = bs_evaluation_features (rs, BS_EVALUATION_FEATURES, specs);
  g_assert_cmpuint (n, ==, 2);
  g_assert_cmpstr (specs[1].id, ==, "two-distance");
  g_assert_cmpfloat (specs[1].weight, ==, -1.5);
  /* Material keeps its hand-set weight. */
  g_assert_cmpstr (specs[0].id, ==, "material");
  g_assert_cmpfloat (specs[0].weight, ==, 1.0);
}

/* A file written when the <connect> end's feature was "connection" keeps
 * its weight: the two-distance took that feature's place. */
static void
test_declared_weights_former_connection (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BsRulesGame) game = parse_with_computer (
    connect_game_path, "<computer><weight feature=\"connection\" value=\"2.5\"/></computer>",
    NULL, &error);
  g_autoptr(BsRuleset) rs = NULL;
  BsFeatureSpec specs[BS_MAX_FEATURES];

  g_assert_no_error (error);
  rs = ruleset_of (game);
  g_assert_cmpuint (bs_evaluation_features (rs, BS_EVALUATION_FEATURES, specs), ==, 2);
  g_assert_cmpstr (specs[1].id, ==, "two-distance");
  g_assert_cmpfloat (specs[1].weight, ==, 2.5);
}

/* A feature the evaluation does not have is refused with file, line and
 * value; so is a repeated one and a value out of range. */
static void
test_declared_weights_refused (void)
{
  static const struct {
    const char *path_name;
    const char *computer;
    const char *message;
  } cases[] = {
    { "connect", "<computer>\n<weight feature=\"mobility\" value=\"1\"/></computer>",
      "<weight> attribute \"feature\": \"mobility\" is none of the features of this "
      "game's evaluation, material, two-distance" },
    { "bracket", "<computer>\n<weight feature=\"lines\" value=\"1\"/></computer>",
      "<weight> attribute \"feature\": \"lines\" is none of the features of this "
      "game's evaluation, material, mobility" },
    { "bracket", "<computer>\n<weight feature=\"mobility\" value=\"1\"/>"
      "<weight feature=\"mobility\" value=\"2\"/></computer>",
      "<weight> attribute \"feature\": a second weight for \"mobility\"" },
    { "bracket", "<computer>\n<weight feature=\"mobility\" value=\"1e3\"/></computer>",
      "<weight> attribute \"value\": \"1e3\" is not a number from -100 to 100" },
    { "bracket", "<computer>\n<weight feature=\"mobility\" value=\"-100.5\"/></computer>",
      "<weight> attribute \"value\": \"-100.5\" is not a number from -100 to 100" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(BsRulesGame) game = NULL;
      g_autofree char *expected = NULL;
      const char *path = g_str_equal (cases[i].path_name, "connect") ? connect_game_path
                                                                      : bracket_game_path;
      int line = 0;

      game = parse_with_computer (path, cases[i].computer, &line, &error);
      g_assert_null (game);
      g_assert_nonnull (error);
      /* Each <weight> is on the line after <computer>'s. */
      expected = g_strdup_printf ("weighted.xml:%d: %s", line + 1, cases[i].message);
      g_assert_cmpstr (error->message, ==, expected);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  if (argc != 7)
    {
      g_printerr ("usage: test-rules-games CAPTURE_GAME.xml LINE_GAME.xml BRACKET_GAME.xml "
                  "CONNECT_GAME.xml CUSTODIAN_GAME.xml JUMP_GAME.xml\n");
      return 2;
    }
  capture_game_path = argv[1];
  line_game_path = argv[2];
  bracket_game_path = argv[3];
  connect_game_path = argv[4];
  custodian_game_path = argv[5];
  jump_game_path = argv[6];
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
  g_test_add_func ("/rules-games/bracket/perft", test_bracket_perft);
  g_test_add_func ("/rules-games/bracket/hand", test_bracket_hand);
  g_test_add_func ("/rules-games/bracket/random", test_bracket_random);
  g_test_add_func ("/rules-games/connect/perft", test_connect_perft);
  g_test_add_func ("/rules-games/connect/hand", test_connect_hand);
  g_test_add_func ("/rules-games/connect/random", test_connect_random);
  g_test_add_func ("/rules-games/connect/features", test_connect_features);
  g_test_add_func ("/rules-games/connect/features-symmetric", test_connect_features_symmetric);
  g_test_add_func ("/rules-games/line/features", test_line_features);
  g_test_add_func ("/rules-games/line/features-symmetric", test_line_features_symmetric);
  g_test_add_func ("/rules-games/capture/generic-features", test_generic_features);
  g_test_add_func ("/rules-games/bracket/declared-weights", test_declared_weights);
  g_test_add_func ("/rules-games/connect/declared-weights", test_declared_weights_of_ends);
  g_test_add_func ("/rules-games/connect/declared-weights-connection", test_declared_weights_former_connection);
  g_test_add_func ("/rules-games/declared-weights-refused", test_declared_weights_refused);
  g_test_add_func ("/rules-games/simultaneous/declared-computer", test_declared_computer_simultaneous);
  g_test_add_func ("/rules-games/swap/perft", test_swap_perft);
  g_test_add_func ("/rules-games/swap/hand", test_swap_hand);
  g_test_add_func ("/rules-games/swap/record", test_swap_record);
  g_test_add_func ("/rules-games/swap/random", test_swap_random);
  g_test_add_func ("/rules-games/swap/mirrors", test_swap_mirrors);
  g_test_add_func ("/rules-games/custodian/hand", test_custodian_hand);
  g_test_add_func ("/rules-games/custodian/random", test_custodian_random);
  g_test_add_func ("/rules-games/jump/perft", test_jump_perft);
  g_test_add_func ("/rules-games/jump/hand", test_jump_hand);
  g_test_add_func ("/rules-games/jump/random", test_jump_random);
  return g_test_run ();
}
