/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-endings.c: why a game ended (BsEnding, bs_ruleset_describe_ending)
 * for every module, from final positions worked out by hand from RULES.md:
 * the last move is played on a position put together by hand, and the
 * result, the ending id and the sentence (in English, LC_ALL=C.UTF-8) are
 * what the rules say. Where a final position is only described (hand-built
 * and marked over), the module's hook is asked directly. */

#include "config.h"

#include <string.h>

#include "audit-util.h"
#include "bs-error.h"
#include "bs-record.h"
#include "bs-ruleset.h"
#include "bs-variant.h"

/* Plays `line` on pos, checks the result, the ending and its words. */
static void
assert_ending (const BsRuleset  *rs,
               BsPosition       *pos,
               BsResult          result,
               BsEnding          ending,
               const char       *sentence)
{
  g_autofree char *words = NULL;

  g_assert_cmpint (pos->result, ==, result);
  g_assert_cmpstr (bs_ending_to_string (bs_ruleset_ending (rs, pos)), ==,
                   bs_ending_to_string (ending));
  words = bs_ruleset_describe_ending (rs, pos);
  g_assert_cmpstr (words, ==, sentence);
}

static void
test_ongoing (void)
{
  g_autoptr(BsRuleset) rs = au_ruleset ("agoraphobia", NULL, NULL, NULL, NULL);
  g_autofree BsPosition *pos = bs_ruleset_new_position (rs, 0);

  g_assert_cmpint (bs_ruleset_ending (rs, pos), ==, BS_ENDING_NONE);
  g_assert_null (bs_ruleset_describe_ending (rs, pos));
}

static void
test_ids (void)
{
  /* The ids are an interface (records, JSON): they never change. */
  static const char * const ids[BS_N_ENDINGS] = {
    "none", "no-moves", "all-placed", "board-full", "end-move", "goal",
    "elimination", "no-removal", "passes", "move-limit",
  };

  for (guint e = 0; e < BS_N_ENDINGS; e++)
    {
      BsEnding back = BS_N_ENDINGS;

      g_assert_cmpstr (bs_ending_to_string ((BsEnding) e), ==, ids[e]);
      g_assert_true (bs_ending_from_string (ids[e], &back));
      g_assert_cmpint (back, ==, e);
    }
  {
    BsEnding back;
    g_assert_false (bs_ending_from_string ("resigned", &back));
  }

  /* Every module explains its own endings. */
  {
    guint n;
    const BsModule * const *modules = bs_module_list (&n);

    for (guint i = 0; i < n; i++)
      {
        g_assert_nonnull (modules[i]->ending);
        g_assert_nonnull (modules[i]->describe_ending);
      }
  }
}

/* Agoraphobia on a 2×2 rhombus: a1 touches b1, a2 and b2; a2 and b1 do
 * not touch. After the two free placements on a2 and b1 nothing can be
 * pushed (every push from a1 or b2 runs off the board), so Light, to move,
 * cannot place and the game ends. */
static void
test_agoraphobia_no_moves (void)
{
  const char *settings[] = { "width=2", "height=2", NULL };
  g_autoptr(BsRuleset) rs = au_ruleset ("agoraphobia", settings, NULL, NULL, NULL);
  g_autofree BsPosition *pos = bs_ruleset_new_position (rs, 0);

  /* Two small pieces: groups of 1 and 1, one group each: a draw. */
  au_play (rs, pos, "S@a2 S@b1");
  assert_ending (rs, pos, BS_RESULT_DRAW, BS_ENDING_NO_MOVES,
                 "Light has no placement that pushes a piece its full distance. "
                 "Both largest groups are 1. Both players have 1 group: a draw.");

  /* Dark's large piece weighs 2: the larger group loses. */
  g_free (pos);
  pos = bs_ruleset_new_position (rs, 0);
  au_play (rs, pos, "S@a2 L@b1");
  assert_ending (rs, pos, BS_RESULT_WIN_1, BS_ENDING_NO_MOVES,
                 "Light has no placement that pushes a piece its full distance. "
                 "Light’s largest group is 1, Dark’s is 2: the larger group loses.");
}

/* Light has nothing left in hand; Dark's small piece on c4 pushes d4 one
 * cell east to e4. Light (a1) has one group of 1, Dark (c4, e4) two groups
 * of 1: equal largest groups, and more groups win. */
static void
test_agoraphobia_tie_break (void)
{
  g_autoptr(BsRuleset) rs = au_ruleset ("agoraphobia", NULL, NULL, NULL, NULL);
  g_autofree BsPosition *pos = au_position (rs, "a1=1S d4=2S", 10, 2);
  int values[BS_MAX_MEASURES][2];
  const BsMeasureSpec *specs;
  guint n;

  pos->supply[0][0] = pos->supply[0][1] = 0;
  pos->supply[1][0] = 1;
  pos->supply[1][1] = 0;
  au_play (rs, pos, "S@c4");
  au_assert_pieces (rs, pos, "a1=1S c4=2S e4=2S");
  assert_ending (rs, pos, BS_RESULT_WIN_2, BS_ENDING_NO_MOVES,
                 "Light has no pieces left to place. Both largest groups are 1. "
                 "Light has 1 group, Dark has 2 groups: more groups win.");

  specs = bs_ruleset_measure_specs (rs, &n);
  g_assert_cmpuint (n, ==, 2);
  g_assert_cmpstr (specs[0].id, ==, "largest-group");
  g_assert_cmpstr (specs[1].id, ==, "groups");
  g_assert_cmpuint (bs_ruleset_measures (rs, pos, values), ==, 2);
  g_assert_cmpint (values[0][0], ==, 1);
  g_assert_cmpint (values[0][1], ==, 1);
  g_assert_cmpint (values[1][0], ==, 1);
  g_assert_cmpint (values[1][1], ==, 2);
}

/* The move limit is the ruleset's, worded with the right plural. */
static void
test_move_limit (void)
{
  const char *one[] = { "max-plies=1", NULL };
  const char *three[] = { "max-plies=3", NULL };
  g_autoptr(BsRuleset) rs1 = au_ruleset ("agoraphobia", one, NULL, NULL, NULL);
  g_autoptr(BsRuleset) rs3 = au_ruleset ("agoraphobia", three, NULL, NULL, NULL);
  g_autofree BsPosition *pos1 = bs_ruleset_new_position (rs1, 0);
  g_autofree BsPosition *pos3 = bs_ruleset_new_position (rs3, 0);

  au_play (rs1, pos1, "S@d4");
  assert_ending (rs1, pos1, BS_RESULT_DRAW, BS_ENDING_MOVE_LIMIT,
                 "The move limit of 1 ply was reached: a draw.");
  /* Two free placements, then S@e5 pushes d4 (its south-west neighbour)
   * one cell on to c3. */
  au_play (rs3, pos3, "S@d4 S@f4 S@e5");
  assert_ending (rs3, pos3, BS_RESULT_DRAW, BS_ENDING_MOVE_LIMIT,
                 "The move limit of 3 plies was reached: a draw.");
}

/* Abrobad on the limping board of size 2:
 *       c4  d4
 *     b3  c3  d3
 *   a2  b2  c2  d2
 *     a1  b1  c1
 * White on b2 and d3 touches every empty cell (a1 a2 b1 b3 c2 c3 d2 d4),
 * Black holds c1 and c4: White cannot place and ends the game. The empty
 * cells become Black's: Black is one group of 10, White two groups (b2
 * and d3 do not touch): fewer groups win. */
static void
test_abrobad_end_move (void)
{
  const char *settings[] = { "size=2", NULL };
  g_autoptr(BsRuleset) rs = au_ruleset ("abrobad", settings, NULL, NULL, NULL);
  g_autofree BsPosition *pos = au_position (rs, "b2=1 d3=1 c1=2 c4=2", 6, 1);

  g_assert_true (au_is_legal (rs, pos, "end"));
  g_assert_false (au_is_legal (rs, pos, "a1"));
  au_play (rs, pos, "end");
  assert_ending (rs, pos, BS_RESULT_WIN_2, BS_ENDING_END_MOVE,
                 "White ended the game; the empty cells were filled with Black’s stones. "
                 "White has 2 groups, Black has 1 group: fewer groups win.");
}

/* A filled board with one group each, as the end move leaves it, Black to
 * move: White ended the game, and a tie goes to White. */
static void
test_abrobad_tie (void)
{
  const char *settings[] = { "size=2", NULL };
  g_autoptr(BsRuleset) rs = au_ruleset ("abrobad", settings, NULL, NULL, NULL);
  g_autofree BsPosition *pos =
    au_position (rs, "a1=2 b1=2 c1=2 a2=2 b2=1 c2=2 d2=2 b3=2 c3=2 d3=2 c4=2 d4=2", 9, 2);

  pos->result = BS_RESULT_WIN_1;
  assert_ending (rs, pos, BS_RESULT_WIN_1, BS_ENDING_END_MOVE,
                 "White ended the game; the empty cells were filled with Black’s stones. "
                 "Both players have 1 group: a tie goes to White, who ended the game.");
}

/* Ikabegamá on the default hexagon (nests a1, i9). i9 = (8, 8) touches
 * h9, h8 and i8. Light grows from h8 onto h9, which flips Dark's token on
 * i9: a Light token stands on Dark's nest. */
static void
test_ikabegama_goal (void)
{
  g_autoptr(BsRuleset) rs = au_ruleset ("ikabegama", NULL, NULL, NULL, NULL);
  g_autofree BsPosition *pos = au_position (rs, "a1=1 h8=1 i9=2", 20, 1);

  au_play (rs, pos, "h9");
  au_assert_pieces (rs, pos, "a1=1 h8=1 h9=1 i9=1");
  assert_ending (rs, pos, BS_RESULT_WIN_1, BS_ENDING_GOAL,
                 "A Light token stands on Dark’s nest (i9).");
}

/* No token on the board: neither player can grow or jump, so both pass. */
static void
test_ikabegama_passes (void)
{
  g_autoptr(BsRuleset) rs = au_ruleset ("ikabegama", NULL, NULL, NULL, NULL);
  g_autofree BsPosition *pos = au_position (rs, NULL, 20, 1);

  au_play (rs, pos, "pass");
  g_assert_false (bs_position_is_over (pos));
  au_play (rs, pos, "pass");
  assert_ending (rs, pos, BS_RESULT_DRAW, BS_ENDING_PASSES,
                 "Neither player could move: two passes in a row end the game in a draw.");
}

/* Tribes on 5×5, a few pieces put by hand. A defender that nobody attacks
 * dies; a mover that nobody attacks, onto an empty cell, lives. */
static BsPosition *
tribes_position (const BsRuleset *rs,
                 const char      *pieces)
{
  BsPosition *pos = au_position (rs, pieces, 0, 1);

  pos->ending = BS_ENDING_NONE;
  pos->supply[0][0] = pos->supply[1][0] = 0;
  return pos;
}

static void
test_tribes (void)
{
  g_autoptr(BsRuleset) rs = au_ruleset ("tribes", NULL, NULL, NULL, NULL);
  const char *limit[] = { "max-plies=1", NULL };
  g_autoptr(BsRuleset) rs_limit = au_ruleset ("tribes", limit, NULL, NULL, NULL);
  g_autofree BsPosition *pos = NULL;

  /* Both defend, nobody attacks: both die. */
  pos = tribes_position (rs, "a1=1 e5=2");
  au_play (rs, pos, "a1-a1;e5-e5");
  assert_ending (rs, pos, BS_RESULT_DRAW, BS_ENDING_ELIMINATION,
                 "Neither player has a piece left: a draw.");

  /* Red's mover lives, Blue's defender dies. */
  g_free (pos);
  pos = tribes_position (rs, "a1=1 e5=2");
  au_play (rs, pos, "a1-a2;e5-e5");
  assert_ending (rs, pos, BS_RESULT_WIN_1, BS_ENDING_ELIMINATION, "Blue has no piece left.");

  /* Three movers live, nothing is removed: the game ends, more pieces win. */
  g_free (pos);
  pos = tribes_position (rs, "a1=1 c1=1 e5=2");
  au_play (rs, pos, "a1-a2,c1-c2;e5-e4");
  assert_ending (rs, pos, BS_RESULT_WIN_1, BS_ENDING_NO_REMOVAL,
                 "No piece was removed in round 1. Red has 2 pieces, Blue has 1 piece: "
                 "more pieces win.");

  g_free (pos);
  pos = tribes_position (rs, "a1=1 e5=2");
  au_play (rs, pos, "a1-a2;e5-e4");
  assert_ending (rs, pos, BS_RESULT_DRAW, BS_ENDING_NO_REMOVAL,
                 "No piece was removed in round 1. Both players have 1 piece: a draw.");

  /* With a limit of one round, a round that removed a piece (c1 defends
   * unattacked) and left both players pieces ends on the limit. */
  g_free (pos);
  pos = tribes_position (rs_limit, "a1=1 c1=1 e5=2");
  au_play (rs_limit, pos, "a1-a2,c1-c1;e5-e4");
  au_assert_pieces (rs_limit, pos, "a2=1 e4=2");
  assert_ending (rs_limit, pos, BS_RESULT_DRAW, BS_ENDING_MOVE_LIMIT,
                 "The round limit of 1 round was reached: a draw.");
}

/* Astoria on 8×8. Gold places the last piece of both supplies on an empty
 * board: a circle on a1 pushing north; column a (Gold 1, Teal 0) moves,
 * the circle goes to a2. */
static void
test_astoria_all_placed (void)
{
  g_autoptr(BsRuleset) rs = au_ruleset ("astoria", NULL, NULL, NULL, NULL);
  g_autofree BsPosition *pos = au_position (rs, NULL, 40, 1);

  memset (pos->supply, 0, sizeof pos->supply);
  pos->supply[0][0] = 1;
  au_play (rs, pos, "C@a1/N");
  au_assert_pieces (rs, pos, "a2=1C");
  assert_ending (rs, pos, BS_RESULT_WIN_1, BS_ENDING_ALL_PLACED,
                 "Every piece has been placed. Gold has 1 piece on the board, Teal has 0 pieces: "
                 "more pieces win.");
}

/* Every cell but h8 holds a Teal circle; Gold's circle on h8 pushing north
 * loses column h (1 against 7) and row 8 is not pushed: nothing moves, and
 * no cell is empty. */
static void
test_astoria_board_full (void)
{
  g_autoptr(BsRuleset) rs = au_ruleset ("astoria", NULL, NULL, NULL, NULL);
  g_autoptr(GString) pieces = g_string_new (NULL);
  g_autofree BsPosition *pos = NULL;

  for (int c = 0; c < rs->n_cells; c++)
    if (!g_str_equal (bs_board_cell_label (rs->board, c), "h8"))
      g_string_append_printf (pieces, "%s%s=2C", pieces->len ? " " : "",
                              bs_board_cell_label (rs->board, c));
  pos = au_position (rs, pieces->str, 40, 1);
  memset (pos->supply, 0, sizeof pos->supply);
  pos->supply[0][0] = 3;
  pos->supply[1][0] = 3;
  au_play (rs, pos, "C@h8/N");
  assert_ending (rs, pos, BS_RESULT_WIN_2, BS_ENDING_BOARD_FULL,
                 "No cell is empty any more. Gold has 1 piece on the board, Teal has 63 pieces: "
                 "more pieces win.");
}

/* Undo takes the ending back with the result. */
static void
test_undo (void)
{
  const char *settings[] = { "width=2", "height=2", NULL };
  g_autoptr(BsRuleset) rs = au_ruleset ("agoraphobia", settings, NULL, NULL, NULL);
  g_autofree BsPosition *pos = bs_ruleset_new_position (rs, 0);
  BsUndo *undo = bs_undo_new (rs);
  BsMove move;
  g_autoptr(GError) error = NULL;

  au_play (rs, pos, "S@a2");
  g_assert_true (bs_ruleset_parse_move (rs, pos, "S@b1", &move, &error));
  bs_ruleset_apply (rs, pos, move, undo);
  g_assert_cmpint (bs_ruleset_ending (rs, pos), ==, BS_ENDING_NO_MOVES);
  bs_ruleset_undo (rs, pos, undo);
  g_assert_false (bs_position_is_over (pos));
  g_assert_cmpint (pos->ending, ==, BS_ENDING_NONE);
  bs_undo_free (undo);
}

/* Records keep the reason: written, read back, checked against the moves. */
static void
test_record (void)
{
  const char *settings[] = { "width=2", "height=2", NULL };
  g_autoptr(BsRuleset) rs = au_ruleset ("agoraphobia", settings, NULL, NULL, NULL);
  g_autoptr(BsRecord) record = bs_record_new (rs->variant, 0);
  g_autoptr(BsRecord) loaded = NULL;
  g_autoptr(BsRecord) wrong = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *xml = NULL;
  g_autofree char *bad = NULL;
  g_autofree BsPosition *pos = NULL;
  char *at;

  bs_record_add_move (record, "S@a2");
  bs_record_add_move (record, "S@b1");
  bs_record_set_result (record, BS_RESULT_DRAW);
  bs_record_set_ending (record, BS_ENDING_NO_MOVES);
  xml = bs_record_to_xml (record, NULL);
  g_assert_nonnull (strstr (xml, "<result reason=\"no-moves\">draw</result>"));

  loaded = bs_record_load_data (xml, strlen (xml), "game.xml", &error);
  g_assert_no_error (error);
  g_assert_cmpint (loaded->ending, ==, BS_ENDING_NO_MOVES);
  g_assert_true (bs_record_replay (loaded, NULL, &pos, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (pos->ending, ==, BS_ENDING_NO_MOVES);

  /* A reason the moves do not give. */
  bad = g_strdup (xml);
  at = strstr (bad, "no-moves");
  memcpy (at, "passes\">", 8);
  memmove (at + 8, at + 10, strlen (at + 10) + 1);
  wrong = bs_record_load_data (bad, strlen (bad), "game.xml", &error);
  g_assert_no_error (error);
  /* The moves are the game: it replays, with a warning to show. */
  {
    g_autoptr(BsRuleset) wrong_rs = NULL;
    g_autofree BsPosition *final = NULL;
    g_autofree char *warning = NULL;

    g_assert_true (bs_record_replay (wrong, &wrong_rs, &final, NULL, &error));
    g_assert_no_error (error);
    warning = bs_record_check_result (wrong, wrong_rs, final);
    g_assert_nonnull (warning);
    g_assert_nonnull (strstr (warning, "ended by passes, but its moves end it by no-moves"));
  }

  /* An unknown reason names the known ones. */
  g_clear_pointer (&bad, g_free);
  bad = g_strdup (xml);
  at = strstr (bad, "no-moves");
  memcpy (at, "resigned", 8);
  g_clear_pointer (&wrong, bs_record_free);
  wrong = bs_record_load_data (bad, strlen (bad), "game.xml", &error);
  g_assert_null (wrong);
  g_assert_error (error, BS_RECORD_ERROR, BS_RECORD_ERROR_VALUE);
  g_assert_nonnull (strstr (error->message, "result reason “resigned” is not one of none, no-moves"));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/endings/ongoing", test_ongoing);
  g_test_add_func ("/endings/ids", test_ids);
  g_test_add_func ("/endings/agoraphobia/no-moves", test_agoraphobia_no_moves);
  g_test_add_func ("/endings/agoraphobia/tie-break", test_agoraphobia_tie_break);
  g_test_add_func ("/endings/move-limit", test_move_limit);
  g_test_add_func ("/endings/abrobad/end-move", test_abrobad_end_move);
  g_test_add_func ("/endings/abrobad/tie", test_abrobad_tie);
  g_test_add_func ("/endings/ikabegama/goal", test_ikabegama_goal);
  g_test_add_func ("/endings/ikabegama/passes", test_ikabegama_passes);
  g_test_add_func ("/endings/tribes", test_tribes);
  g_test_add_func ("/endings/astoria/all-placed", test_astoria_all_placed);
  g_test_add_func ("/endings/astoria/board-full", test_astoria_board_full);
  g_test_add_func ("/endings/undo", test_undo);
  g_test_add_func ("/endings/record", test_record);

  return g_test_run ();
}
