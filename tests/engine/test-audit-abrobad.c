/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-audit-abrobad.c: an independent audit of Abrobad against the seed
 * text (002), RULES.md and docs/rules-decisions.md: positions worked out
 * by hand, and a naive reimplementation of the move rules and the end
 * compared with the module over thousands of random positions.
 *
 * Hex geometry (CLI.md): cell (col, row), label letter = col, number =
 * row + 1; neighbours of (c, r): E (c+1, r), NE (c+1, r+1), NW (c, r+1),
 * W (c-1, r), SW (c-1, r-1), SE (c, r-1).
 *
 * Most positions are on a 6×2 hex rhombus (rules-decisions.md allows it):
 *   row 2:  a2 b2 c2 d2 e2 f2        (col, 1)
 *   row 1: a1 b1 c1 d1 e1 f1         (col, 0)
 * where (c, 0) touches (c-1, 0), (c+1, 0), (c, 1) and (c+1, 1). */

#include "config.h"

#include <string.h>

#include "audit-util.h"
#include "bs-rng.h"

static BsRuleset *
abrobad (const char *shape_settings,
         const char *movement)
{
  g_auto(GStrv) sets = NULL;
  g_autofree char *joined = g_strdup_printf ("%s%smovement=%s",
                                             shape_settings ? shape_settings : "",
                                             shape_settings ? " " : "", movement);

  sets = g_strsplit (joined, " ", -1);
  return au_ruleset ("abrobad", (const char * const *) sets, NULL, NULL, NULL);
}

#define STRIP "shape=hex-rhombus width=6 height=2"

static void
assert_moves (const BsRuleset  *rs,
              const BsPosition *pos,
              const char       *expected)
{
  g_autofree char *moves = au_moves (rs, pos);

  g_assert_cmpstr (moves, ==, expected);
}

/* The default limping board of n = 2 (12 cells: a1 b1 c1 / a2 b2 c2 d2 /
 * b3 c3 d3 / c4 d4). On the empty board every cell is a placement. After
 * White b2 and Black c3, White may place only where no White stone is
 * next: b2's neighbours are c2 c3 b3 a2 a1 b1, which leaves c1 d2 d3 c4
 * d4. */
static void
test_limping_placements (void)
{
  g_autoptr(BsRuleset) rs = abrobad ("size=2", "first-empty");
  g_autofree BsPosition *pos = bs_ruleset_new_position (rs, 0);
  g_autofree BsMove *moves = g_new (BsMove, rs->max_moves);

  g_assert_cmpint (rs->n_cells, ==, 12);
  g_assert_cmpuint (bs_ruleset_generate (rs, pos, moves), ==, 12);
  au_play (rs, pos, "b2");
  g_assert_cmpuint (bs_ruleset_generate (rs, pos, moves), ==, 11);
  au_play (rs, pos, "c3");
  assert_moves (rs, pos, "c1 c4 d2 d3 d4");
}

/* The hexagon of side 2: b2 and its ring a1 b1 c2 c3 b3 a2. White b2,
 * Black a1: White touches every empty cell, so no placement: the moves
 * are the five steps from b2 to an empty neighbour (towards a1 the first
 * empty cell would lie beyond the edge) and `end`. Ending fills the ring
 * with Black: one group each, and the tie goes to the ender. */
static void
test_hexagon_end_tie (void)
{
  g_autoptr(BsRuleset) rs = abrobad ("shape=hexagon size=2", "first-empty");
  g_autofree BsPosition *pos = bs_ruleset_new_position (rs, 0);
  int scores[2];

  g_assert_cmpint (rs->n_cells, ==, 7);
  au_play (rs, pos, "b2 a1");
  assert_moves (rs, pos, "b2-a2 b2-b1 b2-b3 b2-c2 b2-c3 end");
  au_play (rs, pos, "end");
  au_assert_pieces (rs, pos, "a1=2 b1=2 a2=2 b2=1 c2=2 b3=2 c3=2");
  g_assert_cmpint (pos->result, ==, BS_RESULT_WIN_1);
  bs_ruleset_scores (rs, pos, scores);
  g_assert_cmpint (scores[0], ==, 1);
  g_assert_cmpint (scores[1], ==, 1);
}

/* Forced placement after a movement: from the position above White moves
 * b2-c3. Black's a1 touches b1 a2 b2; the empty cells b1 c2 b2 a2 b3 leave
 * c2 and b3 untouched: Black must place there, with no movement and no
 * end. */
static void
test_hexagon_forced_placement (void)
{
  g_autoptr(BsRuleset) rs = abrobad ("shape=hexagon size=2", "first-empty");
  g_autofree BsPosition *pos = bs_ruleset_new_position (rs, 0);

  au_play (rs, pos, "b2 a1 b2-c3");
  assert_moves (rs, pos, "b3 c2");
  g_assert_false (au_is_legal (rs, pos, "end"));
  g_assert_false (au_is_legal (rs, pos, "a1-b1"));
}

/* One empty cell, e1, touched by White's f1:
 *   row 2:  2 1 2 1 2 2
 *   row 1: 1 2 1 2 . 1
 * first-empty: a1 jumps b1 c1 d1 (both colours) to e1; c1 jumps d1 to e1;
 * f1 steps to e1; b2 and d2 meet only stones and the edge. hop: c1 hops
 * the single d1, a1 cannot (three stones). step, slide, max-slide: only
 * f1-e1. Every option also has `end`. */
static const char *strip_one_empty = "a1=1 b1=2 c1=1 d1=2 f1=1 a2=2 b2=1 c2=2 d2=1 e2=2 f2=2";

static void
test_movements_one_empty (void)
{
  const char *expected[][2] = {
    { "first-empty", "a1-e1 c1-e1 end f1-e1" },
    { "hop", "c1-e1 end f1-e1" },
    { "step", "end f1-e1" },
    { "slide", "end f1-e1" },
    { "max-slide", "end f1-e1" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      g_autoptr(BsRuleset) rs = abrobad (STRIP, expected[i][0]);
      g_autofree BsPosition *pos = au_position (rs, strip_one_empty, 10, 1);

      assert_moves (rs, pos, expected[i][1]);
    }
}

/* Ending there: e1 gets a Black stone. White {a1 b2} {c1 d2} {f1}: 3;
 * Black {b1 c2} {a2} {d1 e1 e2 f2}: 3. Equal: White, the ender, wins. */
static void
test_end_one_empty (void)
{
  g_autoptr(BsRuleset) rs = abrobad (STRIP, "first-empty");
  g_autofree BsPosition *pos = au_position (rs, strip_one_empty, 10, 1);
  int scores[2];

  au_play (rs, pos, "end");
  g_assert_cmpint (pos->cells[au_cell (rs, "e1")], ==, BS_CELL_MAKE (2, 0, 0));
  bs_ruleset_scores (rs, pos, scores);
  g_assert_cmpint (scores[0], ==, 3);
  g_assert_cmpint (scores[1], ==, 3);
  g_assert_cmpint (pos->result, ==, BS_RESULT_WIN_1);
}

/* Three empty cells in a row, each touched by White (b1 by a1, c1 and d1
 * by d2):
 *   row 2:  2 2 2 1 2 2
 *   row 1: 1 . . . 2 1
 * first-empty and hop: a1-b1, d2-c1 (SW), d2-d1 (SE), f1-d1 (over e1).
 * step: without f1-d1. slide: a1 to b1, c1 or d1. max-slide: a1 only to
 * d1. */
static const char *strip_three_empty = "a1=1 e1=2 f1=1 a2=2 b2=2 c2=2 d2=1 e2=2 f2=2";

static void
test_movements_three_empty (void)
{
  const char *expected[][2] = {
    { "first-empty", "a1-b1 d2-c1 d2-d1 end f1-d1" },
    { "hop", "a1-b1 d2-c1 d2-d1 end f1-d1" },
    { "step", "a1-b1 d2-c1 d2-d1 end" },
    { "slide", "a1-b1 a1-c1 a1-d1 d2-c1 d2-d1 end" },
    { "max-slide", "a1-d1 d2-c1 d2-d1 end" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      g_autoptr(BsRuleset) rs = abrobad (STRIP, expected[i][0]);
      g_autofree BsPosition *pos = au_position (rs, strip_three_empty, 10, 1);

      assert_moves (rs, pos, expected[i][1]);
    }
}

/* Black ends and wins the tie: White d2-c1 leaves b1 d1 d2 empty, each
 * touching a Black stone (b2, e1, c2), so Black cannot place. Black's
 * first-empty movements: a2 over b2 c2 to d2; b2 to b1 (SE) or over c2 to
 * d2; c2 to d2 or b1 (SW); e1 to d1; e2 to d2 or d1 (SW); f2 over e2 to
 * d2. Black ends.
 * The fill gives White b1 d1 d2: White {a1 b1 c1 d1 d2} {f1}: 2; Black
 * {a2 b2 c2} {e1 e2 f2}: 2. Equal: Black, the ender, wins. */
static void
test_black_ends_tie (void)
{
  g_autoptr(BsRuleset) rs = abrobad (STRIP, "first-empty");
  g_autofree BsPosition *pos = au_position (rs, strip_three_empty, 10, 1);

  au_play (rs, pos, "d2-c1");
  assert_moves (rs, pos, "a2-d2 b2-b1 b2-d2 c2-b1 c2-d2 e1-d1 e2-d1 e2-d2 end f2-d2");
  au_play (rs, pos, "end");
  au_assert_pieces (rs, pos, "a1=1 b1=1 c1=1 d1=1 e1=2 f1=1 a2=2 b2=2 c2=2 d2=1 e2=2 f2=2");
  g_assert_cmpint (pos->result, ==, BS_RESULT_WIN_2);
}

/* A full board leaves `end` as the only move, for either player. White
 * a1 b1 c1 d2 e2 f2 (c1-d2 touch): one group; Black d1 e1 f1 a2 b2 c2
 * (c2 and d1 do not touch): two. White wins whoever ends. */
static void
test_full_board (void)
{
  g_autoptr(BsRuleset) rs = abrobad (STRIP, "slide");
  const char *full = "a1=1 b1=1 c1=1 d1=2 e1=2 f1=2 a2=2 b2=2 c2=2 d2=1 e2=1 f2=1";
  g_autofree BsPosition *white = au_position (rs, full, 12, 1);
  g_autofree BsPosition *black = au_position (rs, full, 12, 2);

  assert_moves (rs, white, "end");
  assert_moves (rs, black, "end");
  au_play (rs, white, "end");
  au_play (rs, black, "end");
  g_assert_cmpint (white->result, ==, BS_RESULT_WIN_1);
  g_assert_cmpint (black->result, ==, BS_RESULT_WIN_1);
}

/* ---- the naive reimplementation ---- */

static const int hex_dc[6] = { 1, 1, 0, -1, -1, 0 };
static const int hex_dr[6] = { 0, 1, 1, 0, -1, -1 };

static int
step_from (const BsRuleset *rs, int cell, int d)
{
  return au_at (rs, bs_board_cell_col (rs->board, cell) + hex_dc[d],
                bs_board_cell_row (rs->board, cell) + hex_dr[d]);
}

static gboolean
touches (const BsRuleset *rs, const guint8 *cells, int cell, int player)
{
  for (int d = 0; d < 6; d++)
    {
      int n = step_from (rs, cell, d);
      if (n >= 0 && BS_CELL_OWNER (cells[n]) == player)
        return TRUE;
    }
  return FALSE;
}

static void
add_move (GPtrArray *out, const BsRuleset *rs, int from, int to)
{
  if (from < 0)
    g_ptr_array_add (out, g_strdup (bs_board_cell_label (rs->board, to)));
  else
    g_ptr_array_add (out, g_strdup_printf ("%s-%s", bs_board_cell_label (rs->board, from),
                                           bs_board_cell_label (rs->board, to)));
}

/* The legal moves as texts, by the rules text and the option table. */
static GPtrArray *
naive_moves (const BsRuleset *rs, const guint8 *cells, int player, const char *movement)
{
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);

  for (int c = 0; c < rs->n_cells; c++)
    if (cells[c] == 0 && !touches (rs, cells, c, player))
      add_move (out, rs, -1, c);
  if (out->len > 0)
    return out;

  for (int c = 0; c < rs->n_cells; c++)
    {
      if (BS_CELL_OWNER (cells[c]) != player)
        continue;
      for (int d = 0; d < 6; d++)
        {
          int ray[64], len = 0;

          for (int m = step_from (rs, c, d); m >= 0; m = step_from (rs, m, d))
            ray[len++] = m;
          if (g_str_equal (movement, "first-empty"))
            {
              for (int i = 0; i < len; i++)
                if (cells[ray[i]] == 0)
                  {
                    add_move (out, rs, c, ray[i]);
                    break;
                  }
            }
          else if (g_str_equal (movement, "hop"))
            {
              if (len >= 1 && cells[ray[0]] == 0)
                add_move (out, rs, c, ray[0]);
              else if (len >= 2 && cells[ray[1]] == 0)
                add_move (out, rs, c, ray[1]);
            }
          else if (g_str_equal (movement, "step"))
            {
              if (len >= 1 && cells[ray[0]] == 0)
                add_move (out, rs, c, ray[0]);
            }
          else
            {
              int run = 0;

              while (run < len && cells[ray[run]] == 0)
                run++;
              if (g_str_equal (movement, "slide"))
                for (int i = 0; i < run; i++)
                  add_move (out, rs, c, ray[i]);
              else if (run > 0)
                add_move (out, rs, c, ray[run - 1]);
            }
        }
    }
  g_ptr_array_add (out, g_strdup ("end"));
  return out;
}

/* Groups by flood fill from each unvisited stone, neighbours found by
 * coordinates. */
static int
naive_groups (const BsRuleset *rs, const guint8 *cells, int player)
{
  gboolean seen[BS_MAX_CELLS] = { FALSE };
  int stack[BS_MAX_CELLS];
  int groups = 0;

  for (int s = 0; s < rs->n_cells; s++)
    {
      int top = 0;

      if (BS_CELL_OWNER (cells[s]) != player || seen[s])
        continue;
      groups++;
      seen[s] = TRUE;
      stack[top++] = s;
      while (top > 0)
        {
          int c = stack[--top];
          for (int d = 0; d < 6; d++)
            {
              int n = step_from (rs, c, d);
              if (n >= 0 && !seen[n] && BS_CELL_OWNER (cells[n]) == player)
                {
                  seen[n] = TRUE;
                  stack[top++] = n;
                }
            }
        }
    }
  return groups;
}

static int
compare_strings (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

static void
cross_check (const char         *shape,
             const char * const *holes,
             const char         *movement,
             int                 n_positions,
             guint64             seed)
{
  g_autoptr(BsRuleset) rs = NULL;
  g_autofree BsMove *moves = NULL;
  g_auto(GStrv) sets = NULL;
  g_autofree char *joined = g_strdup_printf ("%s movement=%s", shape, movement);
  BsRng rng;
  guint ends = 0, movements = 0;

  sets = g_strsplit (joined, " ", -1);
  rs = au_ruleset ("abrobad", (const char * const *) sets, holes, NULL, NULL);
  moves = g_new (BsMove, rs->max_moves);
  bs_rng_init (&rng, seed);
  for (int i = 0; i < n_positions; i++)
    {
      int player = 1 + (int) bs_rng_below (&rng, 2);
      g_autofree BsPosition *pos = au_position (rs, NULL, 5, player);
      g_autoptr(GPtrArray) expected = NULL;
      g_autoptr(GPtrArray) actual = g_ptr_array_new_with_free_func (g_free);
      int density = 4 + (int) bs_rng_below (&rng, 7);
      guint n;

      for (int c = 0; c < rs->n_cells; c++)
        if ((int) bs_rng_below (&rng, 10) < density)
          bs_position_set_cell (rs->zobrist, pos, c,
                                BS_CELL_MAKE (1 + bs_rng_below (&rng, 2), 0, 0), NULL);
      expected = naive_moves (rs, pos->cells, player, movement);
      n = bs_ruleset_generate (rs, pos, moves);
      for (guint m = 0; m < n; m++)
        g_ptr_array_add (actual, bs_ruleset_format_move (rs, pos, moves[m]));
      g_ptr_array_sort (expected, compare_strings);
      g_ptr_array_sort (actual, compare_strings);
      g_assert_cmpuint (actual->len, ==, expected->len);
      for (guint m = 0; m < n; m++)
        g_assert_cmpstr (g_ptr_array_index (actual, m), ==, g_ptr_array_index (expected, m));

      for (guint m = 0; m < n; m++)
        {
          g_autofree BsPosition *after = bs_position_dup (rs, pos);
          g_autofree char *text = bs_ruleset_format_move (rs, pos, moves[m]);
          guint8 cells[BS_MAX_CELLS];
          const char *dash = strchr (text, '-');

          memcpy (cells, pos->cells, (gsize) rs->n_cells);
          if (g_str_equal (text, "end"))
            {
              int mine, theirs;

              for (int c = 0; c < rs->n_cells; c++)
                if (cells[c] == 0)
                  cells[c] = BS_CELL_MAKE (3 - player, 0, 0);
              mine = naive_groups (rs, cells, player);
              theirs = naive_groups (rs, cells, 3 - player);
              au_apply_undoable (rs, pos, after, moves[m]);
              g_assert_cmpint (after->result, ==, mine <= theirs ? player : 3 - player);
              ends++;
            }
          else
            {
              g_autofree char *from = dash ? g_strndup (text, (gsize) (dash - text)) : NULL;
              int to = au_cell (rs, dash ? dash + 1 : text);

              if (from != NULL)
                {
                  cells[au_cell (rs, from)] = 0;
                  movements++;
                }
              cells[to] = BS_CELL_MAKE (player, 0, 0);
              au_apply_undoable (rs, pos, after, moves[m]);
              g_assert_cmpint (after->result, ==, BS_RESULT_ONGOING);
              g_assert_cmpint (after->to_move, ==, 3 - player);
            }
          g_assert_cmpmem (after->cells, rs->n_cells, cells, rs->n_cells);
          {
            int scores[2];
            bs_ruleset_scores (rs, after, scores);
            g_assert_cmpint (scores[0], ==, naive_groups (rs, cells, 1));
            g_assert_cmpint (scores[1], ==, naive_groups (rs, cells, 2));
          }
        }
    }
  g_test_message ("%s %s: %u ends, %u movements checked", shape, movement, ends, movements);
  g_assert_cmpuint (ends, >, 0);
  g_assert_cmpuint (movements, >, 0);
}

/* The same naive rules along random games from the start, where the
 * module works from its incrementally kept cache rather than from a
 * recomputed one: at every ply the legal moves agree, the random move is
 * one of them, and the end's result follows the naive group counts. */
static void
playouts (const char *shape,
          const char *movement,
          int         n_games,
          guint64     seed)
{
  g_auto(GStrv) sets = NULL;
  g_autofree char *joined = g_strdup_printf ("%s movement=%s", shape, movement);
  g_autoptr(BsRuleset) rs = NULL;
  g_autofree BsMove *moves = NULL;
  g_autofree BsMove *scratch = NULL;
  BsRng rng;
  guint plies = 0, ends = 0;

  sets = g_strsplit (joined, " ", -1);
  rs = au_ruleset ("abrobad", (const char * const *) sets, NULL, NULL, NULL);
  moves = g_new (BsMove, rs->max_moves);
  scratch = g_new (BsMove, rs->max_moves);
  bs_rng_init (&rng, seed);
  for (int game = 0; game < n_games; game++)
    {
      g_autofree BsPosition *pos = bs_ruleset_new_position (rs, 0);

      while (!bs_position_is_over (pos))
        {
          int player = pos->to_move;
          g_autoptr(GPtrArray) expected = naive_moves (rs, pos->cells, player, movement);
          g_autoptr(GPtrArray) actual = g_ptr_array_new_with_free_func (g_free);
          guint n = bs_ruleset_generate (rs, pos, moves);
          BsMove move = bs_ruleset_random_move (rs, pos, &rng, scratch);
          g_autofree char *text = bs_ruleset_format_move (rs, pos, move);
          gboolean found = FALSE;

          for (guint m = 0; m < n; m++)
            g_ptr_array_add (actual, bs_ruleset_format_move (rs, pos, moves[m]));
          g_ptr_array_sort (expected, compare_strings);
          g_ptr_array_sort (actual, compare_strings);
          g_assert_cmpuint (actual->len, ==, expected->len);
          for (guint m = 0; m < n; m++)
            {
              g_assert_cmpstr (g_ptr_array_index (actual, m), ==,
                               g_ptr_array_index (expected, m));
              found |= g_str_equal (g_ptr_array_index (actual, m), text);
            }
          g_assert_true (found);
          bs_ruleset_apply (rs, pos, move, NULL);
          plies++;
          if (g_str_equal (text, "end"))
            {
              int mine = naive_groups (rs, pos->cells, player);
              int theirs = naive_groups (rs, pos->cells, 3 - player);

              for (int c = 0; c < rs->n_cells; c++)
                g_assert_cmpint (pos->cells[c], !=, BS_CELL_EMPTY);
              g_assert_cmpint (pos->result, ==, mine <= theirs ? player : 3 - player);
              ends++;
            }
        }
    }
  g_test_message ("%s %s: %u plies, %u games ended by `end`", shape, movement, plies, ends);
  g_assert_cmpuint (ends, >, 0);
}

static void
test_cross_check (void)
{
  const char *options[] = { "first-empty", "hop", "step", "slide", "max-slide" };
  const char *hexagon_holes[] = { "c3", "e4", NULL };
  const char *rhombus_holes[] = { "b2", NULL };

  for (guint i = 0; i < G_N_ELEMENTS (options); i++)
    {
      cross_check ("size=3", NULL, options[i], 600, 31 + i);
      cross_check ("size=5", NULL, options[i], 200, 41 + i);
      cross_check ("shape=hexagon size=3", hexagon_holes, options[i], 400, 51 + i);
      cross_check ("shape=hex-rhombus width=5 height=4", rhombus_holes, options[i], 400, 61 + i);
      playouts ("size=3", options[i], 60, 71 + i);
      playouts ("shape=hexagon size=4", options[i], 20, 81 + i);
    }
}

/* The largest hex rhombus the engine accepts, 32×32 = 1,024 cells: a whole
 * game of random moves, ended by `end` (rules-decisions.md lets Abrobad
 * play on any hex board up to the engine's limit). Found by this audit:
 * the group counter's sets were one word short for 1,024 cells. */
static void
test_largest_board (void)
{
  g_autoptr(BsRuleset) rs = abrobad ("shape=hex-rhombus width=32 height=32 max-plies=0",
                                     "first-empty");
  g_autofree BsPosition *pos = bs_ruleset_new_position (rs, 0);
  g_autofree BsMove *moves = g_new (BsMove, rs->max_moves);
  int scores[2];
  BsRng rng;

  g_assert_cmpint (rs->n_cells, ==, 1024);
  bs_rng_init (&rng, 7);
  /* Place until placements run out, then end at once. */
  while (!bs_position_is_over (pos))
    {
      guint n = bs_ruleset_generate (rs, pos, moves);
      BsMove last = moves[n - 1];
      g_autofree char *text = bs_ruleset_format_move (rs, pos, last);

      if (g_str_equal (text, "end"))
        bs_ruleset_apply (rs, pos, last, NULL);
      else
        bs_ruleset_apply (rs, pos, moves[bs_rng_below (&rng, n)], NULL);
    }
  bs_ruleset_scores (rs, pos, scores);
  g_assert_cmpint (bs_position_pieces (pos, 1) + bs_position_pieces (pos, 2), ==, 1024);
  g_assert_cmpint (scores[0], ==, naive_groups (rs, pos->cells, 1));
  g_assert_cmpint (scores[1], ==, naive_groups (rs, pos->cells, 2));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/audit/abrobad/limping-placements", test_limping_placements);
  g_test_add_func ("/audit/abrobad/hexagon-end-tie", test_hexagon_end_tie);
  g_test_add_func ("/audit/abrobad/hexagon-forced-placement", test_hexagon_forced_placement);
  g_test_add_func ("/audit/abrobad/movements-one-empty", test_movements_one_empty);
  g_test_add_func ("/audit/abrobad/end-one-empty", test_end_one_empty);
  g_test_add_func ("/audit/abrobad/movements-three-empty", test_movements_three_empty);
  g_test_add_func ("/audit/abrobad/black-ends-tie", test_black_ends_tie);
  g_test_add_func ("/audit/abrobad/full-board", test_full_board);
  g_test_add_func ("/audit/abrobad/cross-check", test_cross_check);
  g_test_add_func ("/audit/abrobad/largest-board", test_largest_board);

  return g_test_run ();
}
