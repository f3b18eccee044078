/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-audit-ikabegama.c: an independent audit of Ikabegamá against the
 * seed text (003), RULES.md and docs/rules-decisions.md: positions worked
 * out by hand, and a naive reimplementation (growths, jumps by the hex
 * distance formula, flips, nest wins, passes) compared with the module
 * over thousands of random positions.
 *
 * Hex geometry (CLI.md): cell (col, row), label letter = col, number =
 * row + 1; neighbours of (c, r): (c±1, r), (c, r±1), (c+1, r+1),
 * (c-1, r-1). The distance of (dc, dr) is max(|dc|, |dr|) when dc and dr
 * have the same sign, else |dc| + |dr|. The default hexagon of side 5
 * holds the cells with 0 <= c, r <= 8 and |c - r| <= 4; a1 = (0, 0) is
 * Light's nest, i9 = (8, 8) Dark's. */

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "audit-util.h"
#include "bs-rng.h"

#define PASSES(pos) ((pos)->counter[0])

static BsRuleset *
ika (const char * const *settings, const char * const *holes,
     const char *nest1, const char *nest2)
{
  return au_ruleset ("ikabegama", settings, holes, nest1, nest2);
}

/* Light c3 jumps two cells east to e3. e3's neighbours are f3 f4 e4 d3 d2
 * e2: Dark e4 and f4 turn Light. Dark b3 (next to the origin c3) and Dark
 * g4 (next to the flipped f4, not to e3) stay Dark: flips surround the
 * destination only, and do not spread. A growth on e3 is not legal: no
 * Light token is next to it. */
static void
test_flip_destination_only (void)
{
  g_autoptr(BsRuleset) rs = ika (NULL, NULL, NULL, NULL);
  g_autofree BsPosition *pos = au_position (rs, "c3=1 b3=2 e4=2 f4=2 g4=2", 4, 1);

  g_assert_false (au_is_legal (rs, pos, "e3"));
  au_play (rs, pos, "c3-e3");
  au_assert_pieces (rs, pos, "b3=2 e3=1 e4=1 f4=1 g4=2");
  g_assert_cmpint (pos->result, ==, BS_RESULT_ONGOING);
}

/* A jump may leave the own nest empty: Light a1-c1 (c1's neighbours b1 d1
 * c2 d2 hold no Dark token; Dark b2 is next to a1, not c1). Dark then
 * grows on a1 (next to its b2) and stands on Light's nest: Dark wins. */
static void
test_empty_nest_taken (void)
{
  g_autoptr(BsRuleset) rs = ika (NULL, NULL, NULL, NULL);
  g_autofree BsPosition *pos = au_position (rs, "a1=1 b2=2 i9=2", 4, 1);

  au_play (rs, pos, "a1-c1");
  au_assert_pieces (rs, pos, "c1=1 b2=2 i9=2");
  g_assert_cmpint (pos->result, ==, BS_RESULT_ONGOING);
  au_play (rs, pos, "a1");
  g_assert_cmpint (pos->result, ==, BS_RESULT_WIN_2);
}

/* Next to the nest is not in the nest: Light grows from g8 to h8, beside
 * the empty Dark nest i9: the game goes on. Dark grows e5 → f5 (no flip:
 * f5's neighbours g5 g6 f6 e5 e4 f4 hold no Light token). Light then
 * grows into i9: Light wins. */
static void
test_nest_entered_by_growth (void)
{
  g_autoptr(BsRuleset) rs = ika (NULL, NULL, NULL, NULL);
  g_autofree BsPosition *pos = au_position (rs, "e5=2 g8=1", 4, 1);

  au_play (rs, pos, "h8");
  g_assert_cmpint (pos->result, ==, BS_RESULT_ONGOING);
  au_play (rs, pos, "f5");
  au_assert_pieces (rs, pos, "e5=2 f5=2 g8=1 h8=1");
  au_play (rs, pos, "i9");
  g_assert_cmpint (pos->result, ==, BS_RESULT_WIN_1);
}

/* A jump straight into the nest: Light g7 is at distance 2 from i9 (dc 2,
 * dr 2). With a Dark token on i9 the jump is illegal (occupied), but a
 * growth next to it flips it. Here Light has only g7, so h8 (next to g7)
 * is a growth, and it flips i9 (h8's neighbour): Light wins by the flip. */
static void
test_nest_jump_and_flip (void)
{
  g_autoptr(BsRuleset) rs = ika (NULL, NULL, NULL, NULL);
  g_autofree BsPosition *empty_nest = au_position (rs, "g7=1 a2=2", 4, 1);
  g_autofree BsPosition *held_nest = au_position (rs, "g7=1 i9=2", 4, 1);

  au_play (rs, empty_nest, "g7-i9");
  g_assert_cmpint (empty_nest->result, ==, BS_RESULT_WIN_1);
  g_assert_false (au_is_legal (rs, held_nest, "g7-i9"));
  au_play (rs, held_nest, "h8");
  au_assert_pieces (rs, held_nest, "g7=1 h8=1 i9=1");
  g_assert_cmpint (held_nest->result, ==, BS_RESULT_WIN_1);
}

/* The hexagon of side 3 (cells with 0 <= c, r <= 4, |c - r| <= 2), nests
 * a1 and e5. Light's only token a1 is boxed in: every cell within two of
 * it (b1 a2 b2 c1 a3 c2 b3 c3) holds Dark, so Light must pass although
 * the board has empty cells. A pass is one ply and not the end; Dark grows
 * on d3 (next to c3; its neighbours e3 e4 d4 c3 c2 d2 hold no Light), and
 * the pass count starts again: Light passes once more without a draw. */
static void
test_boxed_in_passes (void)
{
  const char *sets[] = { "size=3", NULL };
  g_autoptr(BsRuleset) rs = ika (sets, NULL, "a1", "e5");
  g_autofree BsPosition *pos = au_position (rs, "a1=1 b1=2 c1=2 a2=2 b2=2 c2=2 a3=2 b3=2 c3=2",
                                            4, 1);
  g_autofree char *moves = au_moves (rs, pos);

  g_assert_cmpstr (moves, ==, "pass");
  au_play (rs, pos, "pass");
  g_assert_cmpint (pos->ply, ==, 5);
  g_assert_cmpint (PASSES (pos), ==, 1);
  g_assert_false (au_is_legal (rs, pos, "pass"));
  au_play (rs, pos, "d3");
  g_assert_cmpint (PASSES (pos), ==, 0);
  au_play (rs, pos, "pass");
  g_assert_cmpint (pos->result, ==, BS_RESULT_ONGOING);
}

/* Both boxed in: the hexagon of side 2 full (nests a1 and c3), Light a1 b1
 * a2, Dark b2 c2 b3 c3: no empty cell, Light passes, Dark passes: a draw
 * right after the second pass. */
static void
test_both_boxed_in (void)
{
  const char *sets[] = { "size=2", NULL };
  g_autoptr(BsRuleset) rs = ika (sets, NULL, "a1", "c3");
  g_autofree BsPosition *pos = au_position (rs, "a1=1 b1=1 a2=1 b2=2 c2=2 b3=2 c3=2", 4, 1);

  au_play (rs, pos, "pass");
  g_assert_cmpint (pos->result, ==, BS_RESULT_ONGOING);
  au_play (rs, pos, "pass");
  g_assert_cmpint (pos->result, ==, BS_RESULT_DRAW);
}

/* A player with no token at all passes (the seed: "they don't have any
 * token left on the board"). */
static void
test_no_tokens_pass (void)
{
  g_autoptr(BsRuleset) rs = ika (NULL, NULL, NULL, NULL);
  g_autofree BsPosition *pos = au_position (rs, "e5=2", 4, 1);
  g_autofree char *moves = au_moves (rs, pos);

  g_assert_cmpstr (moves, ==, "pass");
}

/* A growth keeps the origin, a jump empties it: Light d4 and f4, Dark
 * e5. The growth e4 (next to d4 and f4) flips e5 (e4's NW neighbour) and
 * d4 stays; the jump d4-f5 (dc 2, dr 1) lands next to e5 (f5's W), flips
 * it and leaves d4 empty. */
static void
test_growth_versus_jump (void)
{
  g_autoptr(BsRuleset) rs = ika (NULL, NULL, NULL, NULL);
  g_autofree BsPosition *grow = au_position (rs, "d4=1 f4=1 e5=2", 4, 1);
  g_autofree BsPosition *jump = au_position (rs, "d4=1 f4=1 e5=2", 4, 1);

  au_play (rs, grow, "e4");
  au_assert_pieces (rs, grow, "d4=1 e4=1 f4=1 e5=1");
  au_play (rs, jump, "d4-f5");
  au_assert_pieces (rs, jump, "f4=1 e5=1 f5=1");
}

/* A win on the last allowed ply is a win (rules-decisions.md): ply 9 of a
 * 10-ply limit, Light g7-i9 into the empty Dark nest. A quiet move at the
 * same ply is a draw. */
static void
test_win_on_last_ply (void)
{
  const char *sets[] = { "max-plies=10", NULL };
  g_autoptr(BsRuleset) rs = ika (sets, NULL, NULL, NULL);
  g_autofree BsPosition *win = au_position (rs, "g7=1 a2=2", 9, 1);
  g_autofree BsPosition *quiet = au_position (rs, "g7=1 a2=2", 9, 1);

  au_play (rs, win, "g7-i9");
  g_assert_cmpint (win->result, ==, BS_RESULT_WIN_1);
  au_play (rs, quiet, "g6");
  g_assert_cmpint (quiet->result, ==, BS_RESULT_DRAW);
}

/* ---- the naive reimplementation ---- */

static int
hex_distance (const BsRuleset *rs, int a, int b)
{
  int dc = bs_board_cell_col (rs->board, b) - bs_board_cell_col (rs->board, a);
  int dr = bs_board_cell_row (rs->board, b) - bs_board_cell_row (rs->board, a);

  if ((dc >= 0) == (dr >= 0))
    return MAX (abs (dc), abs (dr));
  return abs (dc) + abs (dr);
}

static void
cross_check (const char * const *sets,
             const char * const *holes,
             const char         *nest1,
             const char         *nest2,
             int                 n_positions,
             guint64             seed)
{
  g_autoptr(BsRuleset) rs = ika (sets, holes, nest1, nest2);
  g_autofree BsMove *moves = g_new (BsMove, rs->max_moves);
  int nest[3] = { -1, au_cell (rs, nest1), au_cell (rs, nest2) };
  int n = rs->n_cells;
  g_autofree guint8 *dist = g_new (guint8, (gsize) n * n);
  BsRng rng;
  guint wins = 0, passes = 0, draws = 0, jumps = 0;

  for (int a = 0; a < n; a++)
    for (int b = 0; b < n; b++)
      dist[a * n + b] = (guint8) MIN (hex_distance (rs, a, b), 255);
  bs_rng_init (&rng, seed);
  for (int i = 0; i < n_positions; i++)
    {
      int p = 1 + (int) bs_rng_below (&rng, 2), q = 3 - p;
      g_autofree BsPosition *pos = au_position (rs, NULL, 4, p);
      g_autoptr(GHashTable) expected = g_hash_table_new_full (g_str_hash, g_str_equal,
                                                              g_free, NULL);
      int density = (int) bs_rng_below (&rng, 11);
      guint n_moves;

      for (int c = 0; c < n; c++)
        if ((int) bs_rng_below (&rng, 10) < density)
          bs_position_set_cell (rs->zobrist, pos, c,
                                BS_CELL_MAKE (1 + bs_rng_below (&rng, 2), 0, 0), NULL);
      /* A position that is already won is not played on. */
      if (BS_CELL_OWNER (pos->cells[nest[1]]) == 2 || BS_CELL_OWNER (pos->cells[nest[2]]) == 1)
        continue;
      PASSES (pos) = (gint32) bs_rng_below (&rng, 2);

      for (int t = 0; t < n; t++)
        {
          if (pos->cells[t] != 0)
            continue;
          for (int s = 0; s < n; s++)
            if (BS_CELL_OWNER (pos->cells[s]) == p)
              {
                if (dist[s * n + t] == 1)
                  g_hash_table_add (expected,
                                    g_strdup (bs_board_cell_label (rs->board, t)));
                else if (dist[s * n + t] == 2)
                  g_hash_table_add (expected,
                                    g_strdup_printf ("%s-%s", bs_board_cell_label (rs->board, s),
                                                     bs_board_cell_label (rs->board, t)));
              }
        }
      if (g_hash_table_size (expected) == 0)
        g_hash_table_add (expected, g_strdup ("pass"));

      n_moves = bs_ruleset_generate (rs, pos, moves);
      g_assert_cmpuint (n_moves, ==, g_hash_table_size (expected));
      for (guint m = 0; m < n_moves; m++)
        {
          g_autofree char *text = bs_ruleset_format_move (rs, pos, moves[m]);
          g_autofree BsPosition *after = bs_position_dup (rs, pos);
          guint8 cells[BS_MAX_CELLS];
          int result = BS_RESULT_ONGOING;

          g_assert_true (g_hash_table_contains (expected, text));
          memcpy (cells, pos->cells, (gsize) n);
          if (g_str_equal (text, "pass"))
            {
              passes++;
              if (PASSES (pos) == 1)
                result = BS_RESULT_DRAW;
            }
          else
            {
              const char *dash = strchr (text, '-');
              int to = au_cell (rs, dash ? dash + 1 : text);

              if (dash != NULL)
                {
                  g_autofree char *from = g_strndup (text, (gsize) (dash - text));
                  cells[au_cell (rs, from)] = 0;
                  jumps++;
                }
              cells[to] = BS_CELL_MAKE (p, 0, 0);
              for (int c = 0; c < n; c++)
                if (dist[to * n + c] == 1 && BS_CELL_OWNER (cells[c]) == q)
                  cells[c] = BS_CELL_MAKE (p, 0, 0);
              if (BS_CELL_OWNER (cells[nest[q]]) == p)
                result = p;
            }
          au_apply_undoable (rs, pos, after, moves[m]);
          g_assert_cmpmem (after->cells, n, cells, n);
          g_assert_cmpint (after->result, ==, result);
          g_assert_cmpint (after->to_move, ==, q);
          wins += result == p;
          draws += result == BS_RESULT_DRAW;
        }
    }
  g_test_message ("%u wins, %u passes, %u draws, %u jumps", wins, passes, draws, jumps);
  g_assert_cmpuint (wins, >, 0);
  g_assert_cmpuint (passes, >, 0);
  g_assert_cmpuint (jumps, >, 0);
}

/* Along random games from the start (the module's cache kept
 * incrementally): at every ply the legal moves are the naive ones by the
 * distance formula, the random move is one of them, and a win is exactly
 * a token of the mover on the other nest. */
static void
playouts (const char * const *sets,
          const char         *nest1,
          const char         *nest2,
          int                 n_games,
          guint64             seed)
{
  g_autoptr(BsRuleset) rs = ika (sets, NULL, nest1, nest2);
  g_autofree BsMove *moves = g_new (BsMove, rs->max_moves);
  g_autofree BsMove *scratch = g_new (BsMove, rs->max_moves);
  int nest[3] = { -1, au_cell (rs, nest1), au_cell (rs, nest2) };
  int n = rs->n_cells;
  BsRng rng;
  guint plies = 0, wins = 0;

  bs_rng_init (&rng, seed);
  for (int game = 0; game < n_games; game++)
    {
      g_autofree BsPosition *pos = bs_ruleset_new_position (rs, 0);

      while (!bs_position_is_over (pos))
        {
          int p = pos->to_move;
          guint expected = 0, count;
          BsMove move;

          for (int t = 0; t < n; t++)
            if (pos->cells[t] == 0)
              {
                gboolean grows = FALSE;
                for (int s = 0; s < n; s++)
                  if (BS_CELL_OWNER (pos->cells[s]) == p)
                    {
                      int d = hex_distance (rs, s, t);
                      grows |= d == 1;
                      expected += d == 2;
                    }
                expected += grows;
              }
          count = bs_ruleset_generate (rs, pos, moves);
          g_assert_cmpuint (count, ==, MAX (expected, 1u));
          for (guint m = 0; m < count; m++)
            {
              g_autofree char *text = bs_ruleset_format_move (rs, pos, moves[m]);
              const char *dash = strchr (text, '-');

              if (g_str_equal (text, "pass"))
                g_assert_cmpuint (expected, ==, 0);
              else if (dash == NULL)
                g_assert_cmpint (pos->cells[au_cell (rs, text)], ==, 0);
              else
                {
                  g_autofree char *from = g_strndup (text, (gsize) (dash - text));
                  g_assert_cmpint (hex_distance (rs, au_cell (rs, from), au_cell (rs, dash + 1)),
                                   ==, 2);
                }
            }
          move = bs_ruleset_random_move (rs, pos, &rng, scratch);
          {
            gboolean found = FALSE;
            for (guint m = 0; m < count; m++)
              found |= moves[m] == move;
            g_assert_true (found);
          }
          bs_ruleset_apply (rs, pos, move, NULL);
          plies++;
          if (BS_CELL_OWNER (pos->cells[nest[3 - p]]) == p)
            {
              g_assert_cmpint (pos->result, ==, p);
              wins++;
            }
          else
            g_assert_cmpint (pos->result, !=, p);
        }
    }
  g_test_message ("%u plies, %u wins", plies, wins);
  g_assert_cmpuint (wins, >, 0);
}

static void
test_cross_check (void)
{
  const char *limping[] = { "shape=limping", "size=3", NULL };
  const char *rhombus[] = { "shape=hex-rhombus", "width=6", "height=4", NULL };
  const char *holes[] = { "e5", "d4", "f5", NULL };
  const char *small[] = { "size=2", NULL };

  cross_check (NULL, NULL, "a1", "i9", 800, 71);
  cross_check (NULL, holes, "b2", "h8", 800, 72);
  cross_check (limping, NULL, "a1", "d4", 1500, 73);
  cross_check (rhombus, NULL, "a1", "f4", 1500, 74);
  cross_check (small, NULL, "b2", "c3", 3000, 75);
  playouts (NULL, "a1", "i9", 100, 76);
  playouts (limping, "a1", "d4", 200, 77);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/audit/ikabegama/flip-destination-only", test_flip_destination_only);
  g_test_add_func ("/audit/ikabegama/empty-nest-taken", test_empty_nest_taken);
  g_test_add_func ("/audit/ikabegama/nest-entered-by-growth", test_nest_entered_by_growth);
  g_test_add_func ("/audit/ikabegama/nest-jump-and-flip", test_nest_jump_and_flip);
  g_test_add_func ("/audit/ikabegama/boxed-in-passes", test_boxed_in_passes);
  g_test_add_func ("/audit/ikabegama/both-boxed-in", test_both_boxed_in);
  g_test_add_func ("/audit/ikabegama/no-tokens-pass", test_no_tokens_pass);
  g_test_add_func ("/audit/ikabegama/growth-versus-jump", test_growth_versus_jump);
  g_test_add_func ("/audit/ikabegama/win-on-last-ply", test_win_on_last_ply);
  g_test_add_func ("/audit/ikabegama/cross-check", test_cross_check);

  return g_test_run ();
}
