/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-breakthrough.c: Breakthrough, from positions worked out by hand from
 * RULES.md and docs/rules-decisions.md, and the module's own machinery
 * (random moves uniform over the legal ones, the playout loop's turn equal
 * to a random move and its apply, derived bytes rebuilt from the cells) on
 * boards of one, two and four words.
 *
 * Square board, a1 south-west. White (player 1) starts on the bottom rows
 * and moves up, Black (player 2) on the top rows and moves down. Positions
 * are written "cell=PLAYER" (audit-util.h), in cell order. */

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "audit-util.h"
#include "bs-error.h"
#include "hexgames-test-util.h"

static BsRuleset *
bt (const char * const *settings)
{
  return au_ruleset ("breakthrough", settings, NULL, NULL, NULL);
}

static BsRuleset *
bt_holes (const char * const *settings,
          const char * const *holes)
{
  return au_ruleset ("breakthrough", settings, holes, NULL, NULL);
}

/* A variant with fixed pieces ("c7=2 d7=2"), or the error building it. */
static BsRuleset *
bt_setup_try (const char * const *settings,
              const char         *pieces,
              GError            **error)
{
  g_autoptr(BsVariant) variant = bs_variant_new_for_module ("breakthrough", NULL);
  g_auto(GStrv) items = g_strsplit (pieces, " ", -1);

  for (guint i = 0; settings != NULL && settings[i] != NULL; i++)
    {
      g_auto(GStrv) kv = g_strsplit (settings[i], "=", 2);

      g_assert_true (bs_variant_set (variant, kv[0], kv[1], NULL));
    }
  for (guint i = 0; items[i] != NULL; i++)
    {
      g_auto(GStrv) kv = g_strsplit (items[i], "=", 2);
      BsVariantPiece piece = { g_strdup (kv[0]), atoi (kv[1]), g_strdup ("piece"), -1, 0 };

      g_array_append_val (variant->setup, piece);
    }
  return bs_ruleset_new (variant, error);
}

static void
assert_ending (const BsRuleset  *rs,
               const BsPosition *pos,
               BsResult          result,
               BsEnding          ending,
               const char       *sentence)
{
  g_autofree char *words = bs_ruleset_describe_ending (rs, pos);

  g_assert_cmpint (pos->result, ==, result);
  g_assert_cmpstr (bs_ending_to_string (bs_ruleset_ending (rs, pos)), ==,
                   bs_ending_to_string (ending));
  g_assert_cmpstr (words, ==, sentence);
}

static BsMove
parse_or_die (const BsRuleset  *rs,
              const BsPosition *pos,
              const char       *text)
{
  g_autoptr(GError) error = NULL;
  BsMove move = 0;

  if (!bs_ruleset_parse_move (rs, pos, text, &move, &error))
    g_error ("%s: %s", text, error->message);
  return move;
}

static char *
refusal (const BsRuleset  *rs,
         const BsPosition *pos,
         const char       *move)
{
  return hx_refusal (rs, pos, move);
}

/* ---- The start ---- */

/* 8 × 8, two rows each: White on a1–h2, Black on a7–h8; White moves. The
 * eight front pieces each go straight ahead, the six inner ones to both
 * diagonals and the two on the edge files to one: 8 + 14 = 22 moves. */
static void
test_start (void)
{
  g_autoptr(BsRuleset) rs = bt (NULL);
  g_autofree BsPosition *pos = bs_ruleset_new_position (rs, 0);
  g_autofree char *moves = au_moves (rs, pos);
  int values[BS_MAX_MEASURES][2];
  guint n_measures;
  const BsMeasureSpec *specs = bs_ruleset_measure_specs (rs, &n_measures);

  au_assert_pieces (rs, pos,
                    "a1=1 b1=1 c1=1 d1=1 e1=1 f1=1 g1=1 h1=1 a2=1 b2=1 c2=1 d2=1 e2=1 f2=1 "
                    "g2=1 h2=1 a7=2 b7=2 c7=2 d7=2 e7=2 f7=2 g7=2 h7=2 a8=2 b8=2 c8=2 d8=2 "
                    "e8=2 f8=2 g8=2 h8=2");
  g_assert_cmpint (pos->to_move, ==, 1);
  g_assert_cmpstr (moves, ==,
                   "a2-a3 a2-b3 b2-a3 b2-b3 b2-c3 c2-b3 c2-c3 c2-d3 d2-c3 d2-d3 d2-e3 e2-d3 "
                   "e2-e3 e2-f3 f2-e3 f2-f3 f2-g3 g2-f3 g2-g3 g2-h3 h2-g3 h2-h3");
  g_assert_cmpuint (n_measures, ==, 2);
  g_assert_cmpstr (specs[0].id, ==, "pieces");
  g_assert_cmpstr (specs[1].id, ==, "furthest-row");
  bs_ruleset_measures (rs, pos, values);
  g_assert_cmpint (values[0][0], ==, 16);
  g_assert_cmpint (values[0][1], ==, 16);
  g_assert_cmpint (values[1][0], ==, 2);
  g_assert_cmpint (values[1][1], ==, 2);
}

/* rows = 1 and 3: one or three full rows each; the front row gives the
 * same 22 first moves. */
static void
test_rows_option (void)
{
  const char *one[] = { "rows=1", NULL };
  const char *three[] = { "rows=3", NULL };
  g_autoptr(BsRuleset) rs1 = bt (one);
  g_autoptr(BsRuleset) rs3 = bt (three);
  g_autofree BsPosition *pos1 = bs_ruleset_new_position (rs1, 0);
  g_autofree BsPosition *pos3 = bs_ruleset_new_position (rs3, 0);
  g_autofree BsMove *moves = g_new (BsMove, rs3->max_moves);

  au_assert_pieces (rs1, pos1,
                    "a1=1 b1=1 c1=1 d1=1 e1=1 f1=1 g1=1 h1=1 "
                    "a8=2 b8=2 c8=2 d8=2 e8=2 f8=2 g8=2 h8=2");
  g_assert_cmpint (bs_position_pieces (pos3, 1), ==, 24);
  g_assert_cmpint (bs_position_pieces (pos3, 2), ==, 24);
  g_assert_cmpint (pos3->cells[au_cell (rs3, "h3")], ==, BS_CELL_MAKE (1, 0, 0));
  g_assert_cmpint (pos3->cells[au_cell (rs3, "a6")], ==, BS_CELL_MAKE (2, 0, 0));
  g_assert_cmpint (pos3->cells[au_cell (rs3, "a4")], ==, BS_CELL_EMPTY);
  g_assert_cmpuint (bs_ruleset_generate (rs1, pos1, moves), ==, 22);
  g_assert_cmpuint (bs_ruleset_generate (rs3, pos3, moves), ==, 22);
}

/* Two sides that would overlap are refused: 3 rows each need 6 rows; a
 * board 5 high takes 2; 3 rows on 6 high leave the two sides face to face
 * and play. */
static void
test_rows_overlap (void)
{
  const char *sets5[] = { "width=5", "height=5", "rows=3", NULL };
  const char *sets6[] = { "width=5", "height=6", "rows=3", NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(BsRuleset) refused = hx_ruleset_try ("breakthrough", sets5, NULL, NULL, NULL, &error);
  g_autoptr(BsRuleset) rs6 = bt (sets6);
  g_autofree BsPosition *pos6 = bs_ruleset_new_position (rs6, 0);
  g_autofree char *moves = au_moves (rs6, pos6);

  g_assert_null (refused);
  g_assert_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_INVALID);
  g_assert_cmpstr (error->message, ==,
                   "3 starting rows for each player do not fit a board 5 high: the two "
                   "sides would overlap");
  /* Face to face: nothing goes straight, every diagonal captures. */
  g_assert_cmpstr (moves, ==, "a3-b4 b3-a4 b3-c4 c3-b4 c3-d4 d3-c4 d3-e4 e3-d4");
}

/* Every size from 5 to 16, square or not: rows × width pieces each, and
 * 3 × width - 2 first moves. */
static void
test_board_sizes (void)
{
  const int sizes[][2] = {
    { 5, 5 }, { 6, 6 }, { 7, 7 }, { 9, 9 }, { 12, 12 }, { 16, 16 },
    { 5, 16 }, { 16, 5 }, { 7, 12 }, { 12, 7 }, { 11, 13 }, { 8, 5 }, { 6, 10 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autofree char *width = g_strdup_printf ("width=%d", sizes[i][0]);
      g_autofree char *height = g_strdup_printf ("height=%d", sizes[i][1]);
      const char *sets[] = { width, height, NULL };
      g_autoptr(BsRuleset) rs = bt (sets);
      g_autofree BsPosition *pos = bs_ruleset_new_position (rs, 0);
      g_autofree BsMove *moves = g_new (BsMove, rs->max_moves);
      g_autofree char *far = g_strdup_printf ("a%d", sizes[i][1]);
      int w = sizes[i][0];

      g_assert_cmpint (rs->n_cells, ==, sizes[i][0] * sizes[i][1]);
      g_assert_cmpint (bs_position_pieces (pos, 1), ==, 2 * w);
      g_assert_cmpint (bs_position_pieces (pos, 2), ==, 2 * w);
      g_assert_cmpint (pos->cells[au_cell (rs, "a1")], ==, BS_CELL_MAKE (1, 0, 0));
      g_assert_cmpint (pos->cells[au_cell (rs, far)], ==, BS_CELL_MAKE (2, 0, 0));
      g_assert_cmpuint (bs_ruleset_generate (rs, pos, moves), ==, (guint) (3 * w - 2));
    }
  /* Outside 5–16, and other shapes, are refused by the declaration. */
  {
    const char *small[] = { "width=4", NULL };
    const char *large[] = { "height=17", NULL };
    const char *hex[] = { "shape=hexagon", "size=5", NULL };
    g_autoptr(GError) e1 = NULL;
    g_autoptr(GError) e2 = NULL;
    g_autoptr(GError) e3 = NULL;
    g_autoptr(BsRuleset) r1 = hx_ruleset_try ("breakthrough", small, NULL, NULL, NULL, &e1);
    g_autoptr(BsRuleset) r2 = hx_ruleset_try ("breakthrough", large, NULL, NULL, NULL, &e2);
    g_autoptr(BsRuleset) r3 = hx_ruleset_try ("breakthrough", hex, NULL, NULL, NULL, &e3);

    g_assert_null (r1);
    g_assert_null (r2);
    g_assert_null (r3);
    g_assert_cmpstr (e1->message, ==, "board width 4 is out of range for breakthrough (5 to 16)");
    g_assert_cmpstr (e2->message, ==, "board height 17 is out of range for breakthrough (5 to 16)");
    g_assert_nonnull (strstr (e3->message, "breakthrough is not played on a hexagon board"));
  }
}

/* ---- Moves ---- */

/* One cell forward: straight or diagonally, onto an empty cell. White
 * d4 goes to c5, d5, e5; on the edge files a4 and h4 have two moves.
 * Black moves down: d5 goes to c4, d4, e4. Nothing goes back or aside. */
static void
test_forward_moves (void)
{
  g_autoptr(BsRuleset) rs = bt (NULL);
  g_autofree BsPosition *white = au_position (rs, "a4=1 d4=1 h4=1 a8=2", 10, 1);
  g_autofree BsPosition *black = au_position (rs, "a1=1 d5=2", 11, 2);
  g_autofree char *moves_white = au_moves (rs, white);
  g_autofree char *moves_black = au_moves (rs, black);
  g_autofree char *back = refusal (rs, white, "d4-d3");
  g_autofree char *aside = refusal (rs, white, "d4-e4");
  g_autofree char *two = refusal (rs, white, "d4-d6");
  g_autofree char *theirs = refusal (rs, white, "a8-a7");
  g_autofree char *none = refusal (rs, white, "c3-c4");

  g_assert_cmpstr (moves_white, ==, "a4-a5 a4-b5 d4-c5 d4-d5 d4-e5 h4-g5 h4-h5");
  g_assert_cmpstr (moves_black, ==, "d5-c4 d5-d4 d5-e4");
  g_assert_cmpstr (back, ==, "illegal move \"d4-d3\": a piece moves one cell forward, straight "
                             "or diagonally: the piece on d4 can go to c5, d5, e5");
  g_assert_cmpstr (aside, ==, "illegal move \"d4-e4\": a piece moves one cell forward, straight "
                              "or diagonally: the piece on d4 can go to c5, d5, e5");
  g_assert_cmpstr (two, ==, "illegal move \"d4-d6\": a piece moves one cell forward, straight "
                            "or diagonally: the piece on d4 can go to c5, d5, e5");
  g_assert_cmpstr (theirs, ==, "illegal move \"a8-a7\": the piece on a8 is Black’s");
  g_assert_cmpstr (none, ==, "illegal move \"c3-c4\": there is no piece on c3");

  au_play (rs, white, "d4-e5");
  au_assert_pieces (rs, white, "a4=1 h4=1 e5=1 a8=2");
  g_assert_cmpint (white->to_move, ==, 2);
  g_assert_cmpint (white->ply, ==, 11);
  g_assert_cmpint (white->result, ==, BS_RESULT_ONGOING);
}

/* Captures are diagonal: White d4 with Black c5, d5 and e5 ahead takes c5
 * or e5, and d5 blocks it. Own pieces block every way. */
static void
test_diagonal_capture (void)
{
  g_autoptr(BsRuleset) rs = bt (NULL);
  g_autofree BsPosition *pos = au_position (rs, "d4=1 c5=2 d5=2 e5=2 h8=2", 4, 1);
  g_autofree BsPosition *own = au_position (rs, "d4=1 c5=1 d5=1 e5=2 h8=2", 4, 1);
  g_autofree char *moves = au_moves (rs, pos);
  g_autofree char *straight = refusal (rs, pos, "d4-d5");
  g_autofree char *onto_own = refusal (rs, own, "d4-c5");
  g_autoptr(BsExplanation) taken = NULL;
  g_autofree BsPosition *after = bs_position_dup (rs, pos);

  g_assert_cmpstr (moves, ==, "d4-c5 d4-e5");
  g_assert_cmpstr (straight, ==, "illegal move \"d4-d5\": a piece captures only diagonally, and "
                                 "d5 is straight ahead of d4");
  g_assert_cmpstr (onto_own, ==, "illegal move \"d4-c5\": c5 holds your own piece");

  taken = bs_ruleset_explain_notation (rs, pos, "d4-e5", NULL);
  g_assert_cmpstr (taken->summary, ==, "White moves from d4 to e5 and captures Black’s piece "
                                       "there.");
  g_assert_cmpstr (taken->details, ==, "Black’s piece on e5 is removed: Black has 3 pieces left.");
  for (int c = 0; c < rs->n_cells; c++)
    g_assert_cmpint (taken->removed[c], ==, c == au_cell (rs, "e5"));

  au_apply_undoable (rs, pos, after, parse_or_die (rs, pos, "d4-e5"));
  au_assert_pieces (rs, after, "c5=2 d5=2 e5=1 h8=2");
  g_assert_cmpint (after->on_board[1][0], ==, 3);
  g_assert_cmpint (after->result, ==, BS_RESULT_ONGOING);
}

/* straight-capture: the piece straight ahead may be taken too; an own
 * piece still blocks. */
static void
test_straight_capture (void)
{
  const char *sets[] = { "straight-capture=true", NULL };
  g_autoptr(BsRuleset) rs = bt (sets);
  g_autofree BsPosition *pos = au_position (rs, "d4=1 e4=1 d5=2 e5=1 h8=2", 4, 1);
  g_autofree char *moves = au_moves (rs, pos);
  g_autofree char *rules = NULL;
  g_autofree char *goal = NULL;

  g_assert_cmpstr (moves, ==, "d4-c5 d4-d5 e4-d5 e4-f5 e5-d6 e5-e6 e5-f6");
  au_play (rs, pos, "d4-d5");
  au_assert_pieces (rs, pos, "e4=1 d5=1 e5=1 h8=2");
  bs_ruleset_describe_rules (rs, &rules, &goal);
  g_assert_nonnull (strstr (rules, "A piece may also capture the piece straight ahead of it."));
}

/* ---- How a game ends ---- */

/* A piece on the far row wins, whether it got there by a step or a
 * capture; Black's far row is row 1. */
static void
test_far_row (void)
{
  g_autoptr(BsRuleset) rs = bt (NULL);
  g_autofree BsPosition *step = au_position (rs, "a1=1 g7=1 a7=2 h8=2", 20, 1);
  g_autofree BsPosition *capture = au_position (rs, "a1=1 g7=1 a7=2 h8=2", 20, 1);
  g_autofree BsPosition *black = au_position (rs, "c3=1 h3=1 b2=2 a8=2", 21, 2);

  au_play (rs, step, "g7-g8");
  assert_ending (rs, step, BS_RESULT_WIN_1, BS_ENDING_GOAL,
                 "White brought a piece to the far row (row 8) and wins.");
  au_play (rs, capture, "g7-h8");
  assert_ending (rs, capture, BS_RESULT_WIN_1, BS_ENDING_GOAL,
                 "White brought a piece to the far row (row 8) and wins.");
  au_play (rs, black, "b2-a1");
  assert_ending (rs, black, BS_RESULT_WIN_2, BS_ENDING_GOAL,
                 "Black brought a piece to the far row (row 1) and wins.");
  /* Next to it is not on it. */
  {
    g_autofree BsPosition *near = au_position (rs, "f6=1 a7=2", 20, 1);

    au_play (rs, near, "f6-f7");
    g_assert_cmpint (near->result, ==, BS_RESULT_ONGOING);
  }
}

/* misère: reaching the far row loses; capturing every opposing piece
 * still wins, even when the capture lands on the far row. */
static void
test_misere (void)
{
  const char *sets[] = { "misere=true", NULL };
  g_autoptr(BsRuleset) rs = bt (sets);
  g_autofree BsPosition *pos = au_position (rs, "a1=1 g7=1 a7=2 h8=2", 20, 1);
  g_autofree BsPosition *last = au_position (rs, "a1=1 g7=1 h8=2", 20, 1);
  g_autofree char *rules = NULL;
  g_autofree char *goal = NULL;

  au_play (rs, pos, "g7-g8");
  assert_ending (rs, pos, BS_RESULT_WIN_2, BS_ENDING_GOAL,
                 "White brought a piece to the far row (row 8), which loses in misère: "
                 "Black wins.");
  au_play (rs, last, "g7-h8");
  assert_ending (rs, last, BS_RESULT_WIN_1, BS_ENDING_ELIMINATION,
                 "White captured Black’s last piece and wins.");
  bs_ruleset_describe_rules (rs, &rules, &goal);
  g_assert_cmpstr (goal, ==, "Misère: a player who brings a piece to the far row (White: row 8, "
                             "Black: row 1) loses. A player who captures every opposing piece "
                             "wins, and a player who cannot move loses. There are no draws.");
}

/* Capturing the last opposing piece wins at once. */
static void
test_elimination (void)
{
  g_autoptr(BsRuleset) rs = bt (NULL);
  g_autofree BsPosition *pos = au_position (rs, "a1=1 d4=1 e5=2", 20, 1);
  g_autofree BsPosition *black = au_position (rs, "d4=1 e5=2 h8=2", 21, 2);

  au_play (rs, pos, "d4-e5");
  assert_ending (rs, pos, BS_RESULT_WIN_1, BS_ENDING_ELIMINATION,
                 "White captured Black’s last piece and wins.");
  g_assert_cmpint (bs_position_pieces (pos, 2), ==, 0);
  au_play (rs, black, "e5-d4");
  assert_ending (rs, black, BS_RESULT_WIN_2, BS_ENDING_ELIMINATION,
                 "Black captured White’s last piece and wins.");
}

/* A player who cannot move loses. Without holes a player always has a
 * move (the piece nearest their far row has a diagonal that holds no
 * piece of theirs), so it takes one: Black's only piece a4 has White a3
 * straight ahead and the hole b3 on its diagonal. White plays elsewhere:
 * Black cannot move and White wins. */
static void
test_no_moves (void)
{
  const char *holes[] = { "b3", NULL };
  g_autoptr(BsRuleset) rs = bt_holes (NULL, holes);
  g_autofree BsPosition *pos = au_position (rs, "a3=1 h2=1 a4=2", 20, 1);
  g_autofree BsPosition *blocked = au_position (rs, "a3=1 h2=1 a4=2 h7=2", 21, 2);
  g_autofree char *why = NULL;
  g_autofree char *why_move = NULL;

  au_play (rs, pos, "h2-h3");
  assert_ending (rs, pos, BS_RESULT_WIN_1, BS_ENDING_NO_MOVES,
                 "Black cannot move any piece, and a player who cannot move loses: White wins.");
  g_assert_cmpuint (bs_ruleset_generate (rs, pos, NULL), ==, 0);

  why = bs_ruleset_explain_piece (rs, blocked, au_cell (rs, "a4"));
  g_assert_cmpstr (why, ==, "it is blocked: a3 straight ahead is taken, and a piece captures "
                            "only diagonally, b3 is a hole");
  g_assert_null (bs_ruleset_explain_piece (rs, blocked, au_cell (rs, "h7")));
  g_assert_null (bs_ruleset_explain_piece (rs, blocked, au_cell (rs, "a3")));
  why_move = refusal (rs, blocked, "a4-a2");
  g_assert_cmpstr (why_move, ==, "illegal move \"a4-a2\": the piece on a4 cannot move at all: it "
                                 "is blocked: a3 straight ahead is taken, and a piece captures "
                                 "only diagonally, b3 is a hole");
}

/* A start where White cannot move is over before the first move: one row
 * each on 5 × 5 with the whole second row removed. */
static void
test_start_without_moves (void)
{
  const char *sets[] = { "width=5", "height=5", "rows=1", NULL };
  const char *holes[] = { "a2", "b2", "c2", "d2", "e2", NULL };
  g_autoptr(BsRuleset) rs = bt_holes (sets, holes);
  g_autofree BsPosition *pos = bs_ruleset_new_position (rs, 0);

  g_assert_true (bs_position_is_over (pos));
  assert_ending (rs, pos, BS_RESULT_WIN_2, BS_ENDING_NO_MOVES,
                 "White cannot move any piece, and a player who cannot move loses: Black wins.");
}

/* Own pieces in front, then the far row: explain_piece says why. */
static void
test_explain_piece (void)
{
  g_autoptr(BsRuleset) rs = bt (NULL);
  g_autofree BsPosition *start = bs_ruleset_new_position (rs, 0);
  g_autofree BsPosition *edge = au_position (rs, "a4=1 a5=1 b5=1 h8=2", 8, 1);
  g_autofree char *back = bs_ruleset_explain_piece (rs, start, au_cell (rs, "d1"));
  g_autofree char *corner = bs_ruleset_explain_piece (rs, start, au_cell (rs, "a1"));
  g_autofree char *on_edge = bs_ruleset_explain_piece (rs, edge, au_cell (rs, "a4"));

  g_assert_cmpstr (back, ==, "it is blocked: c2 holds your own piece, d2 holds your own piece, "
                             "e2 holds your own piece");
  g_assert_cmpstr (corner, ==, "it is blocked: a2 holds your own piece, b2 holds your own piece");
  g_assert_null (bs_ruleset_explain_piece (rs, start, au_cell (rs, "d2")));
  g_assert_cmpstr (on_edge, ==, "it is blocked: a5 holds your own piece, b5 holds your own piece");
}

/* ---- Holes and fixed pieces: a designer's handicaps ---- */

/* A hole is no cell: the rows skip it and no piece moves onto it. */
static void
test_holes (void)
{
  const char *holes[] = { "d2", "e7", "e5", NULL };
  g_autoptr(BsRuleset) rs = bt_holes (NULL, holes);
  g_autofree BsPosition *pos = bs_ruleset_new_position (rs, 0);
  g_autofree char *onto = refusal (rs, pos, "c1-d2");
  g_autofree BsPosition *mid = au_position (rs, "e4=1 h8=2", 10, 1);
  g_autofree char *moves = au_moves (rs, mid);

  g_assert_cmpint (bs_position_pieces (pos, 1), ==, 15);
  g_assert_cmpint (bs_position_pieces (pos, 2), ==, 15);
  g_assert_cmpstr (onto, ==, "malformed move \"c1-d2\": d2 is a hole in this board");
  g_assert_cmpstr (moves, ==, "e4-d5 e4-f5");
}

/* A player the variant gives fixed pieces starts with exactly those (so
 * pieces are taken away by leaving them out); the other fills their rows
 * around them. */
static void
test_fixed_pieces (void)
{
  g_autoptr(GError) error = NULL;
  /* Black without d8: 15 pieces, and one White piece among Black's rows
   * is not possible for White (a fixed White piece on c6 makes White's
   * pieces the fixed ones): here only Black's are fixed. */
  g_autoptr(BsRuleset) rs = bt_setup_try (NULL,
                                          "a7=2 b7=2 c7=2 d7=2 e7=2 f7=2 g7=2 h7=2 "
                                          "a8=2 b8=2 c8=2 e8=2 f8=2 g8=2 h8=2", &error);
  g_autofree BsPosition *pos = NULL;
  g_autofree char *rules = NULL;
  g_autofree char *goal = NULL;

  g_assert_no_error (error);
  pos = bs_ruleset_new_position (rs, 0);
  g_assert_cmpint (bs_position_pieces (pos, 1), ==, 16);
  g_assert_cmpint (bs_position_pieces (pos, 2), ==, 15);
  g_assert_cmpint (pos->cells[au_cell (rs, "d8")], ==, BS_CELL_EMPTY);
  bs_ruleset_describe_rules (rs, &rules, &goal);
  g_assert_nonnull (strstr (rules, "At the start, White fills rows 1 to 2 and Black has the 15 "
                                   "pieces the variant places."));

  /* White's own pieces elsewhere: White has those; Black's rows are
   * filled around a White piece on c7. */
  {
    g_autoptr(BsRuleset) rs2 = bt_setup_try (NULL, "c7=1 d1=1 e1=1", &error);
    g_autofree BsPosition *pos2 = NULL;

    g_assert_no_error (error);
    pos2 = bs_ruleset_new_position (rs2, 0);
    g_assert_cmpint (bs_position_pieces (pos2, 1), ==, 3);
    g_assert_cmpint (bs_position_pieces (pos2, 2), ==, 15);
    g_assert_cmpint (pos2->cells[au_cell (rs2, "c7")], ==, BS_CELL_MAKE (1, 0, 0));
  }

  /* A piece on its own far row is refused. */
  {
    g_autoptr(BsRuleset) refused = bt_setup_try (NULL, "c8=1", &error);

    g_assert_null (refused);
    g_assert_cmpstr (error->message, ==, "a fixed piece of White on c8: White’s pieces head "
                                         "for row 8, so none may start there");
    g_clear_error (&error);
  }
  /* Rows filled only with holes leave a player without pieces: refused. */
  {
    const char *holes[] = { "a7", "b7", "c7", "d7", "e7", "f7", "g7", "h7",
                            "a8", "b8", "c8", "d8", "e8", "f8", "g8", "h8", NULL };
    g_autoptr(BsRuleset) refused = hx_ruleset_try ("breakthrough", NULL, holes, NULL, NULL,
                                                   &error);

    g_assert_null (refused);
    g_assert_cmpstr (error->message, ==, "Black would start without any piece: every place in "
                                         "rows 7 to 8, where the rules put their pieces, is a "
                                         "hole or holds a fixed piece of White");
    g_clear_error (&error);
  }
  /* One row: White's far row, so only holes can take it. */
  {
    const char *settings[] = { "rows=1", NULL };
    const char *holes[] = { "a8", "b8", "c8", "d8", "e8", "f8", "g8", "h8", NULL };
    g_autoptr(BsRuleset) refused = hx_ruleset_try ("breakthrough", settings, holes, NULL, NULL,
                                                   &error);

    g_assert_null (refused);
    g_assert_cmpstr (error->message, ==, "Black would start without any piece: every place in "
                                         "row 8, where the rules put their pieces, is a hole or "
                                         "holds a fixed piece of White");
  }
}

/* ---- Notation ---- */

static void
test_notation (void)
{
  g_autoptr(BsRuleset) rs = bt (NULL);
  g_autofree BsPosition *pos = bs_ruleset_new_position (rs, 0);
  const struct {
    const char *text;
    const char *message;
  } bad[] = {
    { "", "malformed move \"\": empty move (write a move as a2-b3: the piece’s cell, then the "
          "cell it goes to)" },
    { "a2", "malformed move \"a2\": a move is two cells joined by one “-”, as in a2-b3" },
    { "a2-a3-a4", "malformed move \"a2-a3-a4\": a move is two cells joined by one “-”, as in "
                  "a2-b3" },
    { "a2-", "malformed move \"a2-\": “” is not a cell label (write a move as a2-b3: the "
             "piece’s cell, then the cell it goes to)" },
    { "a2xb3", "malformed move \"a2xb3\": a move is two cells joined by one “-”, as in a2-b3" },
    { "a2-i3", "malformed move \"a2-i3\": i3 is not a cell of this board" },
    { "pass", "malformed move \"pass\": a move is two cells joined by one “-”, as in a2-b3" },
  };
  g_autofree char *text = NULL;
  BsMove move = parse_or_die (rs, pos, "b2-c3");

  text = bs_ruleset_format_move (rs, pos, move);
  g_assert_cmpstr (text, ==, "b2-c3");
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *why = refusal (rs, pos, bad[i].text);

      g_assert_cmpstr (why, ==, bad[i].message);
    }
  /* decode_move: a piece, then its target. */
  {
    BsMoveParts parts;

    bs_ruleset_decode_move (rs, pos, move, &parts);
    g_assert_cmpint (parts.from, ==, au_cell (rs, "b2"));
    g_assert_cmpint (parts.to, ==, au_cell (rs, "c3"));
    g_assert_cmpint (parts.kind, ==, -1);
    g_assert_cmpint (parts.word, ==, -1);
    g_assert_true (bs_ruleset_play_spec (rs)->flags == BS_PLAY_STEP);
  }
}

/* ---- The rules in words ---- */

static void
test_describe_rules (void)
{
  const char *one[] = { "rows=1", "max-plies=80", NULL };
  g_autoptr(BsRuleset) rs = bt (NULL);
  g_autoptr(BsRuleset) rs1 = bt (one);
  g_autofree char *rules = NULL;
  g_autofree char *goal = NULL;
  g_autofree char *rules1 = NULL;
  g_autofree char *goal1 = NULL;

  bs_ruleset_describe_rules (rs, &rules, &goal);
  g_assert_cmpstr (rules, ==, "At the start, White fills rows 1 to 2 and Black fills rows 7 to 8. "
                              "White moves up the board and Black down. In turn, each player "
                              "moves one of their pieces one cell forward, straight or diagonally, "
                              "onto an empty cell, or diagonally forward onto an opposing piece, "
                              "which is captured. A piece never captures straight ahead.");
  g_assert_cmpstr (goal, ==, "The first player to bring a piece to the far row (White: row 8, "
                             "Black: row 1) wins, as does a player who captures every opposing "
                             "piece. A player who cannot move loses. There are no draws.");
  bs_ruleset_describe_rules (rs1, &rules1, &goal1);
  g_assert_nonnull (strstr (rules1, "At the start, White fills row 1 and Black fills row 8."));
  g_assert_nonnull (strstr (rules1, "After 80 plies the game ends in a draw."));
  g_assert_null (strstr (goal1, "no draws"));
}

/* ---- The machinery ---- */

static BsRuleset *
bt_config (const char *description)
{
  g_auto(GStrv) parts = g_strsplit (description, "|", 2);
  g_auto(GStrv) sets = parts[0][0] ? g_strsplit (parts[0], " ", -1) : NULL;
  g_auto(GStrv) holes = parts[1] != NULL && parts[1][0] ? g_strsplit (parts[1], " ", -1) : NULL;

  return bt_holes ((const char * const *) sets, (const char * const *) holes);
}

/* Boards of one word (8 × 8: its own copy; smaller, with holes, or other
 * rules: the general one-word copy), two words and four. */
static const char * const configs[] = {
  "|",
  "straight-capture=true|",
  "misere=true|",
  "rows=1|",
  "rows=3|",
  "|c4 f5 a6",
  "width=5 height=5|",
  "width=7 height=9|",
  "width=5 height=12 rows=3|",
  "width=10 height=10|",
  "width=9 height=14 straight-capture=true|d5 e9",
  "width=16 height=16|",
  "width=16 height=5|",
};

/* random_move is uniform over generate (), at the start and along games. */
static void
test_uniform (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (configs); i++)
    {
      g_autoptr(BsRuleset) rs = bt_config (configs[i]);
      g_autofree BsPosition *pos = bs_ruleset_new_position (rs, 0);
      BsRng rng;

      bs_rng_init (&rng, 17 + i);
      hx_check_uniform (rs, pos, &rng, 200);
      hx_check_uniform_playouts (rs, 31 + i, rs->n_cells > 100 ? 3 : 10, 7);
    }
}

/* The derived bytes, wiped before every move, are rebuilt from the cells
 * to the same bytes. */
static void
test_derived_bytes (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (configs); i++)
    {
      g_autoptr(BsRuleset) rs = bt_config (configs[i]);

      hx_check_cache_playouts (rs, 101 + i, rs->n_cells > 100 ? 3 : 20);
    }
}

/* The playout loop (rs->random_turn) plays what random_move then apply
 * play, from the same random numbers; apply keeps the hash, the counts
 * and an undo that restores everything. */
static void
test_turns_and_undo (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (configs); i++)
    {
      g_autoptr(BsRuleset) rs = bt_config (configs[i]);
      g_autofree BsMove *scratch = g_new (BsMove, rs->max_moves);

      g_assert_nonnull (rs->random_turn);
      for (guint game = 0; game < 30; game++)
        {
          g_autofree BsPosition *normal = bs_ruleset_new_position (rs, game);
          g_autofree BsPosition *looped = bs_position_dup (rs, normal);
          g_autofree BsPosition *after = bs_ruleset_new_position (rs, game);
          BsRng rng, rng_loop;
          guint64 steps = 0;

          bs_rng_init (&rng, 1000 * i + game);
          rng_loop = rng;
          while (!bs_position_is_over (normal))
            {
              BsMove move = bs_ruleset_random_move (rs, normal, &rng, scratch);

              bs_position_copy (rs, after, normal);
              au_apply_undoable (rs, normal, after, move);
              bs_ruleset_apply (rs, normal, move, NULL);
              g_assert_true (bs_position_equal (rs, after, normal));
              steps++;
            }
          g_assert_cmpuint (bs_ruleset_playout (rs, looped, &rng_loop, scratch, G_MAXUINT64), ==,
                            steps);
          bs_position_set_playout (rs, looped, FALSE);
          g_assert_true (bs_position_equal (rs, looped, normal));
          g_assert_cmpint (looped->ending, ==, normal->ending);
          g_assert_cmpuint (rng.s[0], ==, rng_loop.s[0]);
        }
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/breakthrough/start", test_start);
  g_test_add_func ("/breakthrough/rows-option", test_rows_option);
  g_test_add_func ("/breakthrough/rows-overlap", test_rows_overlap);
  g_test_add_func ("/breakthrough/board-sizes", test_board_sizes);
  g_test_add_func ("/breakthrough/forward-moves", test_forward_moves);
  g_test_add_func ("/breakthrough/diagonal-capture", test_diagonal_capture);
  g_test_add_func ("/breakthrough/straight-capture", test_straight_capture);
  g_test_add_func ("/breakthrough/far-row", test_far_row);
  g_test_add_func ("/breakthrough/misere", test_misere);
  g_test_add_func ("/breakthrough/elimination", test_elimination);
  g_test_add_func ("/breakthrough/no-moves", test_no_moves);
  g_test_add_func ("/breakthrough/start-without-moves", test_start_without_moves);
  g_test_add_func ("/breakthrough/explain-piece", test_explain_piece);
  g_test_add_func ("/breakthrough/holes", test_holes);
  g_test_add_func ("/breakthrough/fixed-pieces", test_fixed_pieces);
  g_test_add_func ("/breakthrough/notation", test_notation);
  g_test_add_func ("/breakthrough/describe-rules", test_describe_rules);
  g_test_add_func ("/breakthrough/uniform", test_uniform);
  g_test_add_func ("/breakthrough/derived-bytes", test_derived_bytes);
  g_test_add_func ("/breakthrough/turns-and-undo", test_turns_and_undo);
  return g_test_run ();
}
