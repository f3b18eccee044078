/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-audit-astoria.c: an independent audit of Astoria against the seed
 * text (004), RULES.md and docs/rules-decisions.md: pushes worked out by
 * hand, and a naive reimplementation of line scores and both push modes
 * compared with the module over thousands of random positions.
 *
 * Square board, a1 south-west, cells numbered row by row from a1: the
 * pieces below are listed a1 … h1, a2 … h8. "d4=1TN" is a triangle of
 * player 1 pointing north, "d4=2C" a circle of player 2. */

#include "config.h"

#include <string.h>

#include "audit-util.h"
#include "bs-rng.h"

#define CIRCLE 0
#define TRIANGLE 1

static BsRuleset *
astoria (const char * const *settings)
{
  return au_ruleset ("astoria", settings, NULL, NULL, NULL);
}

static BsPosition *
after_move (const BsRuleset *rs,
            const char      *pieces,
            int              to_move,
            const char      *move)
{
  BsPosition *pos = au_position (rs, pieces, 10, to_move);

  au_play (rs, pos, move);
  return pos;
}

/* Column d for a north push: player 1 has d2 and the placed d4 (circles:
 * 2); player 2 has d8 (circle: 1) and d5, a triangle pointing east (0 for
 * a north push). Player 1 is strictly highest: the column moves north one
 * cell, d8 falls off. If d5 points north instead it is worth 3: player 2
 * has 4, and nothing moves. */
static void
test_triangle_direction (void)
{
  g_autoptr(BsRuleset) rs = astoria (NULL);
  g_autofree BsPosition *east = after_move (rs, "d2=1C d5=2TE d8=2C", 1, "C@d4/N");
  g_autofree BsPosition *north = after_move (rs, "d2=1C d5=2TN d8=2C", 1, "C@d4/N");

  au_assert_pieces (rs, east, "d3=1C d5=1C d6=2TE");
  au_assert_pieces (rs, north, "d2=1C d4=1C d5=2TN d8=2C");
}

/* Strict majority and the weight: column a, player 2 circles a2 a3 a4 (3);
 * player 1 places a triangle pointing north on a8 and pushes north (3): a
 * tie, nothing moves. With triangle-weight 4 player 1 leads, the column
 * moves and player 1's own new triangle falls off the top. */
static void
test_tie_and_weight (void)
{
  const char *heavy[] = { "triangle-weight=4", NULL };
  g_autoptr(BsRuleset) rs3 = astoria (NULL);
  g_autoptr(BsRuleset) rs4 = astoria (heavy);
  g_autofree BsPosition *tie = after_move (rs3, "a2=2C a3=2C a4=2C", 1, "TN@a8/N");
  g_autofree BsPosition *lead = after_move (rs4, "a2=2C a3=2C a4=2C", 1, "TN@a8/N");

  au_assert_pieces (rs3, tie, "a2=2C a3=2C a4=2C a8=1TN");
  au_assert_pieces (rs4, lead, "a3=2C a4=2C a5=2C");
  g_assert_cmpint (lead->on_board[0][TRIANGLE], ==, 0);
  g_assert_cmpint (lead->supply[0][TRIANGLE], ==, 15);
}

/* An east push of row 1 in both modes. Before: a1 1C, b1 2C, c1 1C, e1
 * (placed) 1TE, g1 2C, h1 2C. East scores: player 1 1 + 1 + 3 = 5, player
 * 2 3: player 1 pushes.
 * whole-line: every piece one cell east, h1 off: b1 1C, c1 2C, d1 1C,
 *   f1 1TE, h1 2C (from g1).
 * gaps: judged before the push: h1 (edge) falls off; g1 has h1 ahead:
 *   stays; e1 → f1; c1 → d1; b1 and a1 have a piece ahead: stay. */
static void
test_row_modes (void)
{
  const char *gaps_mode[] = { "push-mode=gaps", NULL };
  g_autoptr(BsRuleset) whole = astoria (NULL);
  g_autoptr(BsRuleset) gaps = astoria (gaps_mode);
  const char *row = "a1=1C b1=2C c1=1C g1=2C h1=2C";
  g_autofree BsPosition *w = after_move (whole, row, 1, "TE@e1/E");
  g_autofree BsPosition *g = after_move (gaps, row, 1, "TE@e1/E");

  au_assert_pieces (whole, w, "b1=1C c1=2C d1=1C f1=1TE h1=2C");
  au_assert_pieces (gaps, g, "a1=1C b1=2C d1=1C f1=1TE g1=2C");
}

/* A south push drops row 1: column b, player 2 b1, player 1 b2 and the
 * placed b5: 2 against 1. b1 falls off, b2 → b1, b5 → b4. */
static void
test_south_edge (void)
{
  g_autoptr(BsRuleset) rs = astoria (NULL);
  g_autofree BsPosition *pos = after_move (rs, "b1=2C b2=1C", 1, "C@b5/S");

  au_assert_pieces (rs, pos, "b1=1C b4=1C");
  g_assert_cmpint (bs_position_pieces (pos, 2), ==, 0);
}

/* Lines are judged one by one: a north push by player 1 after C@a3.
 * Column a: player 1 a1 a3 (2-0): moves, a1 → a2, a3 → a4. Column b:
 * player 2 b1 (0-1): stays. Column c: c1 player 1, c2 player 2 (1-1):
 * stays. */
static void
test_lines_independent (void)
{
  g_autoptr(BsRuleset) rs = astoria (NULL);
  g_autofree BsPosition *pos = after_move (rs, "a1=1C b1=2C c1=1C c2=2C", 1, "C@a3/N");

  au_assert_pieces (rs, pos, "b1=2C c1=1C a2=1C c2=2C a4=1C");
}

/* Player 2 pushes west along row 8: h8 (placed circle, 1) and d8 (triangle
 * pointing west, 3) against a8 (player 1, 1): 4-1. a8 falls off the west
 * edge, d8 → c8, h8 → g8. Player 1's triangle pointing east on f8 would
 * score 0 for the west push, but it moves with the line: e8. */
static void
test_player_two_west (void)
{
  g_autoptr(BsRuleset) rs = astoria (NULL);
  g_autofree BsPosition *pos = after_move (rs, "a8=1C d8=2TW f8=1TE", 2, "C@h8/W");

  au_assert_pieces (rs, pos, "c8=2TW e8=1TE g8=2C");
}

/* The end: player 2 places the last piece of both supplies. Player 1 has
 * two triangles a1 b1, player 2 the circle h8 and the new h7. Pushing
 * south moves column h (2-0) down one: h6 h7, two pieces each: a draw
 * (triangles and circles count the same). Pushing north drops h8 off the
 * top and h7 → h8: 2 against 1, player 1 wins. */
static void
test_end (void)
{
  g_autoptr(BsRuleset) rs = astoria (NULL);
  const char *pieces = "a1=1TN b1=1TN h8=2C";
  g_autofree BsPosition *south = au_position (rs, pieces, 30, 2);
  g_autofree BsPosition *north = au_position (rs, pieces, 30, 2);

  for (int p = 0; p < 2; p++)
    for (int k = 0; k < 2; k++)
      south->supply[p][k] = north->supply[p][k] = 0;
  south->supply[1][CIRCLE] = north->supply[1][CIRCLE] = 1;
  au_play (rs, south, "C@h7/S");
  au_play (rs, north, "C@h7/N");
  au_assert_pieces (rs, south, "a1=1TN b1=1TN h6=2C h7=2C");
  g_assert_cmpint (south->result, ==, BS_RESULT_DRAW);
  au_assert_pieces (rs, north, "a1=1TN b1=1TN h8=2C");
  g_assert_cmpint (north->result, ==, BS_RESULT_WIN_1);
}

/* An empty supply passes while the other player still has pieces: player
 * 1 has none, player 2 one circle: "pass" is player 1's only move and
 * changes nothing but the turn. */
static void
test_pass (void)
{
  g_autoptr(BsRuleset) rs = astoria (NULL);
  g_autofree BsPosition *pos = au_position (rs, "c3=1C", 30, 1);
  g_autofree char *moves = NULL;

  for (int p = 0; p < 2; p++)
    for (int k = 0; k < 2; k++)
      pos->supply[p][k] = 0;
  pos->supply[1][CIRCLE] = 1;
  moves = au_moves (rs, pos);
  g_assert_cmpstr (moves, ==, "pass");
  au_play (rs, pos, "pass");
  au_assert_pieces (rs, pos, "c3=1C");
  g_assert_cmpint (pos->to_move, ==, 2);
  g_assert_cmpint (pos->result, ==, BS_RESULT_ONGOING);
}

/* The smallest board, 2×2 (n = 1): one circle and one triangle each (the
 * seed's (2n)²/2 pieces, written out: a variant made from the default
 * lists 16 + 16, see docs/rules-decisions.md).
 * C@a1/N: column a is 1-0, a1 moves to a2. Then player 2 TS@b2/S: column
 * b, a triangle pointing south is 3-0: b2 → b1. Then player 1 TW@b2/W:
 * row 2 scores a2 (circle, 1) + b2 (pointing west, 3) = 4 to 0: a2 falls
 * off the west edge, b2 → a2. */
static void
test_two_by_two (void)
{
  const char *sets[] = { "width=2", "height=2", "supply.1.circle=1", "supply.1.triangle=1",
                         "supply.2.circle=1", "supply.2.triangle=1", NULL };
  g_autoptr(BsRuleset) rs = astoria (sets);
  g_autofree BsPosition *pos = bs_ruleset_new_position (rs, 0);

  au_play (rs, pos, "C@a1/N");
  au_assert_pieces (rs, pos, "a2=1C");
  au_play (rs, pos, "TS@b2/S");
  au_assert_pieces (rs, pos, "b1=2TS a2=1C");
  au_play (rs, pos, "TW@b2/W");
  au_assert_pieces (rs, pos, "b1=2TS a2=1TW");
  g_assert_cmpint (pos->result, ==, BS_RESULT_ONGOING);
  /* Player 2's circle on b2, pushing east: row 2 is a2 (player 1's
   * triangle pointing west: 0) against b2 (1): b2 falls off the east edge,
   * a2 → b2. Every piece is placed: one each, a draw. */
  au_play (rs, pos, "C@b2/E");
  au_assert_pieces (rs, pos, "b1=2TS b2=1TW");
  g_assert_cmpint (pos->result, ==, BS_RESULT_DRAW);
}

/* ---- the naive reimplementation ---- */

static int
piece_points (guint8 v, int push, int weight)
{
  if (BS_CELL_KIND (v) == CIRCLE)
    return 1;
  return BS_CELL_DIR (v) == push ? weight : 0;
}

/* The placement and the push on a w × w grid, literally: for each line
 * through the board along the push, the scores, then the new line. */
static void
naive_apply (int w, guint8 *grid, int cell, guint8 value, int push, int player,
             int weight, gboolean gaps)
{
  guint8 before[BS_MAX_CELLS];

  grid[cell] = value;
  memcpy (before, grid, (gsize) (w * w));
  for (int line = 0; line < w; line++)
    {
      int score[3] = { 0, 0, 0 };
      int cells[64];

      /* The line's cells from the edge the push goes towards, backwards. */
      for (int i = 0; i < w; i++)
        {
          int x, y;
          if (push == 0)       { x = line; y = w - 1 - i; }
          else if (push == 2)  { x = line; y = i; }
          else if (push == 1)  { x = w - 1 - i; y = line; }
          else                 { x = i; y = line; }
          cells[i] = y * w + x;
          if (before[cells[i]] != 0)
            score[BS_CELL_OWNER (before[cells[i]])] +=
              piece_points (before[cells[i]], push, weight);
        }
      if (score[player] <= score[3 - player])
        continue;
      if (!gaps)
        {
          for (int i = 0; i < w - 1; i++)
            grid[cells[i]] = before[cells[i + 1]];
          grid[cells[w - 1]] = 0;
        }
      else
        {
          for (int i = 0; i < w; i++)
            grid[cells[i]] = before[cells[i]];
          for (int i = 0; i < w; i++)
            {
              if (before[cells[i]] == 0)
                continue;
              if (i == 0)
                grid[cells[0]] = 0;           /* off the board */
              else if (before[cells[i - 1]] == 0)
                {
                  grid[cells[i - 1]] = before[cells[i]];
                  grid[cells[i]] = 0;
                }
            }
        }
    }
}

static void
cross_check (const char * const *sets,
             int                 n_positions,
             guint64             seed)
{
  g_autoptr(BsRuleset) rs = astoria (sets);
  const BsBoardSpec *spec = bs_board_get_spec (rs->board);
  int w = spec->width;
  int weight = rs->options[bs_module_option_index (rs->module, "triangle-weight")];
  gboolean gaps = rs->options[bs_module_option_index (rs->module, "push-mode")] == 1;
  g_autofree BsMove *moves = g_new (BsMove, rs->max_moves);
  BsRng rng;
  guint pushes = 0, ended = 0, fell = 0;

  bs_rng_init (&rng, seed);
  for (int i = 0; i < n_positions; i++)
    {
      int player = 1 + (int) bs_rng_below (&rng, 2);
      g_autofree BsPosition *pos = au_position (rs, NULL, 10, player);
      int density = (int) bs_rng_below (&rng, 10);
      int n_empty = 0, kinds = 0;
      guint n;

      for (int c = 0; c < w * w; c++)
        if ((int) bs_rng_below (&rng, 10) < density)
          {
            int kind = (int) bs_rng_below (&rng, 2);
            bs_position_set_cell (rs->zobrist, pos, c,
                                  BS_CELL_MAKE (1 + bs_rng_below (&rng, 2), kind,
                                                kind == TRIANGLE ? bs_rng_below (&rng, 4) : 0),
                                  NULL);
          }
        else
          n_empty++;
      if (n_empty == 0)
        continue;
      for (int p = 0; p < 2; p++)
        for (int k = 0; k < 2; k++)
          pos->supply[p][k] = (guint16) bs_rng_below (&rng, 3);
      if (pos->supply[0][0] + pos->supply[0][1] + pos->supply[1][0] + pos->supply[1][1] == 0)
        pos->supply[player - 1][CIRCLE] = 1;
      kinds = (pos->supply[player - 1][CIRCLE] > 0) + 4 * (pos->supply[player - 1][TRIANGLE] > 0);

      n = bs_ruleset_generate (rs, pos, moves);
      g_assert_cmpuint (n, ==, kinds == 0 ? 1u : (guint) (n_empty * kinds * 4));
      for (int t = 0; t < 6; t++)
        {
          BsMove move = moves[bs_rng_below (&rng, n)];
          g_autofree char *text = bs_ruleset_format_move (rs, pos, move);
          g_autofree BsPosition *after = bs_position_dup (rs, pos);
          guint8 grid[BS_MAX_CELLS];
          int counts[3] = { 0, 0, 0 }, supplies[3], empty = 0, placed = 0;
          BsResult expected = BS_RESULT_ONGOING;

          memcpy (grid, pos->cells, (gsize) (w * w));
          supplies[1] = pos->supply[0][0] + pos->supply[0][1];
          supplies[2] = pos->supply[1][0] + pos->supply[1][1];
          if (!g_str_equal (text, "pass"))
            {
              /* "C@d4/N" or "TE@d4/N". */
              const char *at = strchr (text, '@');
              const char *slash = strchr (text, '/');
              g_autofree char *label = g_strndup (at + 1, (gsize) (slash - at - 1));
              int push = (int) (strchr ("NESW", slash[1]) - "NESW");
              guint8 value = text[0] == 'C'
                ? BS_CELL_MAKE (player, CIRCLE, 0)
                : BS_CELL_MAKE (player, TRIANGLE, strchr ("NESW", text[1]) - "NESW");

              naive_apply (w, grid, au_cell (rs, label), value, push, player, weight, gaps);
              supplies[player]--;
              placed = 1;
              pushes++;
            }
          for (int c = 0; c < w * w; c++)
            {
              counts[BS_CELL_OWNER (grid[c])]++;
              empty += grid[c] == 0;
            }
          if ((supplies[1] == 0 && supplies[2] == 0) || empty == 0)
            expected = counts[1] > counts[2] ? BS_RESULT_WIN_1
                     : counts[2] > counts[1] ? BS_RESULT_WIN_2 : BS_RESULT_DRAW;
          au_apply_undoable (rs, pos, after, move);
          g_assert_cmpmem (after->cells, w * w, grid, w * w);
          g_assert_cmpint (after->result, ==, expected);
          ended += expected != BS_RESULT_ONGOING;
          fell += counts[1] + counts[2]
                  < bs_position_pieces (pos, 1) + bs_position_pieces (pos, 2) + placed;
        }
    }
  g_test_message ("%u pushes, %u pieces fell, %u ended", pushes, fell, ended);
  g_assert_cmpuint (fell, >, 0);
  g_assert_cmpuint (ended, >, 0);
}

static void
test_cross_check (void)
{
  const char *gaps[] = { "push-mode=gaps", NULL };
  const char *six[] = { "width=6", "height=6", "triangle-weight=2", NULL };
  const char *six_gaps[] = { "width=6", "height=6", "push-mode=gaps", "triangle-weight=1", NULL };
  const char *two[] = { "width=2", "height=2", NULL };

  cross_check (NULL, 3000, 81);
  cross_check (gaps, 3000, 82);
  cross_check (six, 2000, 83);
  cross_check (six_gaps, 2000, 84);
  cross_check (two, 2000, 85);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/audit/astoria/triangle-direction", test_triangle_direction);
  g_test_add_func ("/audit/astoria/tie-and-weight", test_tie_and_weight);
  g_test_add_func ("/audit/astoria/row-modes", test_row_modes);
  g_test_add_func ("/audit/astoria/south-edge", test_south_edge);
  g_test_add_func ("/audit/astoria/lines-independent", test_lines_independent);
  g_test_add_func ("/audit/astoria/player-two-west", test_player_two_west);
  g_test_add_func ("/audit/astoria/end", test_end);
  g_test_add_func ("/audit/astoria/pass", test_pass);
  g_test_add_func ("/audit/astoria/two-by-two", test_two_by_two);
  g_test_add_func ("/audit/astoria/cross-check", test_cross_check);

  return g_test_run ();
}
