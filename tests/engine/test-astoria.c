/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-astoria.c: Astoria, from positions worked out by hand from RULES.md.
 *
 * Square board, a1 south-west: N is up a file (column), E along a rank
 * (row). Positions are written "cell=PIECE OWNER": C a circle, TN/TE/TS/TW
 * a triangle pointing N/E/S/W, listed in cell order (row by row from a1).
 * Default options: push-mode whole-line, triangle-weight 3. */

#include "config.h"

#include <math.h>
#include <string.h>

#include "bs-error.h"
#include "bs-ruleset.h"
#include "bs-variant.h"

#define KIND_CIRCLE   0
#define KIND_TRIANGLE 1

static const char dir_letters[] = "NESW";

static BsRuleset *
try_ruleset (const char * const *sets,
             const char * const *holes,
             GError            **error)
{
  g_autoptr(BsVariant) variant = bs_variant_new_for_module ("astoria", error);

  g_assert_nonnull (variant);
  for (guint i = 0; sets != NULL && sets[i] != NULL; i++)
    {
      g_auto(GStrv) kv = g_strsplit (sets[i], "=", 2);

      if (!bs_variant_set (variant, kv[0], kv[1], error))
        return NULL;
    }
  for (guint i = 0; holes != NULL && holes[i] != NULL; i++)
    {
      BsVariantHole hole = { g_strdup (holes[i]), 0 };

      g_array_append_val (variant->holes, hole);
    }
  return bs_ruleset_new (variant, error);
}

static BsRuleset *
make_ruleset (const char * const *sets)
{
  g_autoptr(GError) error = NULL;
  BsRuleset *rs = try_ruleset (sets, NULL, &error);

  g_assert_no_error (error);
  return rs;
}

static int
cell_of (const BsRuleset *rs,
         const char      *label)
{
  int cell = bs_board_find_cell (rs->board, label, NULL);

  g_assert_cmpint (cell, >=, 0);
  return cell;
}

/* "d4=C1 e5=TN2" */
static void
put (const BsRuleset *rs,
     BsPosition      *pos,
     const char      *pieces)
{
  g_auto(GStrv) items = g_strsplit (pieces, " ", -1);

  for (guint i = 0; items[i] != NULL; i++)
    {
      const char *eq = strchr (items[i], '=');
      g_autofree char *label = NULL;
      guint8 value;

      g_assert_nonnull (eq);
      label = g_strndup (items[i], (gsize) (eq - items[i]));
      if (eq[1] == 'C')
        value = BS_CELL_MAKE (eq[2] - '0', KIND_CIRCLE, 0);
      else
        {
          const char *d = strchr (dir_letters, eq[2]);

          g_assert_true (eq[1] == 'T' && d != NULL);
          value = BS_CELL_MAKE (eq[3] - '0', KIND_TRIANGLE, (int) (d - dir_letters));
        }
      bs_position_set_cell (rs->zobrist, pos, cell_of (rs, label), value, NULL);
    }
}

static char *
describe (const BsRuleset  *rs,
          const BsPosition *pos)
{
  GString *out = g_string_new (NULL);

  for (int c = 0; c < rs->n_cells; c++)
    {
      guint8 v = pos->cells[c];

      if (v == BS_CELL_EMPTY)
        continue;
      if (out->len > 0)
        g_string_append_c (out, ' ');
      g_string_append_printf (out, "%s=", bs_board_cell_label (rs->board, c));
      if (BS_CELL_KIND (v) == KIND_CIRCLE)
        g_string_append_c (out, 'C');
      else
        g_string_append_printf (out, "T%c", dir_letters[BS_CELL_DIR (v)]);
      g_string_append_printf (out, "%d", BS_CELL_OWNER (v));
    }
  return g_string_free (out, FALSE);
}

static void
assert_position (const BsRuleset  *rs,
                 const BsPosition *pos,
                 const char       *expected)
{
  g_autofree char *actual = describe (rs, pos);

  g_assert_cmpstr (actual, ==, expected);
  g_assert_cmpuint (pos->hash, ==, bs_position_compute_cells_hash (rs, pos));
}

static BsMove
parse (const BsRuleset  *rs,
       const BsPosition *pos,
       const char       *text)
{
  g_autoptr(GError) error = NULL;
  BsMove move = 0;

  g_assert_true (rs->module->parse_move (rs, pos, text, &move, &error));
  g_assert_no_error (error);
  return move;
}

static void
play (const BsRuleset *rs,
      BsPosition      *pos,
      const char      *line)
{
  g_autoptr(GError) error = NULL;

  bs_ruleset_play_line (rs, pos, line, &error);
  g_assert_no_error (error);
}

/* Plays one move from a copy of pos and returns the resulting diagram. */
static char *
after (const BsRuleset  *rs,
       const BsPosition *pos,
       const char       *move)
{
  g_autofree BsPosition *copy = bs_position_dup (rs, pos);

  play (rs, copy, move);
  g_assert_cmpuint (copy->hash, ==, bs_position_compute_cells_hash (rs, copy));
  return describe (rs, copy);
}

static BsPosition *
position (const BsRuleset *rs,
          int              to_move,
          const char      *pieces)
{
  BsPosition *pos = bs_ruleset_new_position (rs, 0);

  pos->to_move = (guint8) to_move;
  if (pieces != NULL)
    put (rs, pos, pieces);
  return pos;
}

/* North. Column d: Light circles d2 d3, Dark circle d8 on the north edge;
 * Light places a circle on d5 and pushes N: Light 3, Dark 1 in column d, so
 * it moves: d8 falls off, d5 → d6, d3 → d4, d2 → d3. Column f: Light f1
 * alone, 1 against 0: f1 → f2. Column b: Dark b4, Light 0: Light is not
 * highest, b4 stays. Other columns are empty. */
static void
test_push_north (void)
{
  g_autoptr(BsRuleset) rs = make_ruleset (NULL);
  g_autofree BsPosition *pos = position (rs, 1, "f1=C1 d2=C1 d3=C1 b4=C2 d8=C2");

  play (rs, pos, "C@d5/N");
  assert_position (rs, pos, "f2=C1 d3=C1 b4=C2 d4=C1 d6=C1");
  g_assert_cmpint (pos->on_board[1][KIND_CIRCLE], ==, 1);
  g_assert_cmpint (pos->supply[0][KIND_CIRCLE], ==, 15);
  g_assert_cmpint (pos->supply[0][KIND_TRIANGLE], ==, 16);
  g_assert_cmpint (pos->to_move, ==, 2);
}

/* South, by Dark. Column c: Light c1 on the south edge; Dark c5 (circle,
 * 1), c7 (triangle pointing S, 3) and the placed c4 (pointing S, 3): Dark 7
 * against 1: c1 falls off, c4 → c3, c5 → c4, c7 → c6. Column g: Dark's g5
 * points N and scores 0 for a push S; Light's g2 scores 1: nothing moves. */
static void
test_push_south (void)
{
  g_autoptr(BsRuleset) rs = make_ruleset (NULL);
  g_autofree BsPosition *pos = position (rs, 2, "c1=C1 g2=C1 g5=TN2 c5=C2 c7=TS2");

  play (rs, pos, "TS@c4/S");
  assert_position (rs, pos, "g2=C1 c3=TS2 c4=C2 g5=TN2 c6=TS2");
  g_assert_cmpint (pos->supply[1][KIND_TRIANGLE], ==, 15);
}

/* East. Row 4: Light a4 (1) and the placed e4 pointing E (3) = 4; Dark b4,
 * h4 = 2: the row moves, h4 falls off the east edge, a4 → b4, b4 → c4,
 * e4 → f4. Row 6: Light a6, Dark c6: 1 against 1, a tie: nothing moves. */
static void
test_push_east (void)
{
  g_autoptr(BsRuleset) rs = make_ruleset (NULL);
  g_autofree BsPosition *pos = position (rs, 1, "a4=C1 b4=C2 h4=C2 a6=C1 c6=C2");

  play (rs, pos, "TE@e4/E");
  assert_position (rs, pos, "b4=C1 c4=C2 f4=TE1 a6=C1 c6=C2");
}

/* West, by Dark. Row 2: Dark d2 pointing W (3) and the placed g2 (1) = 4;
 * Light a2 on the west edge = 1: a2 falls off, d2 → c2, g2 → f2. Row 7:
 * Dark's h7 points E and scores 0 for a push W, Light has nothing: 0
 * against 0, nothing moves. */
static void
test_push_west (void)
{
  g_autoptr(BsRuleset) rs = make_ruleset (NULL);
  g_autofree BsPosition *pos = position (rs, 2, "a2=C1 d2=TW2 h7=TE2");

  play (rs, pos, "C@g2/W");
  assert_position (rs, pos, "c2=TW2 f2=C2 h7=TE2");
  g_assert_cmpint (bs_position_pieces (pos, 1), ==, 0);
}

/* A triangle scores only for its own direction. Row 5: Dark a5, b5 (2).
 * - TE@e5/E: the triangle points E: 3 against 2, the row moves east (no
 *   piece on h5: nothing falls).
 * - TN@e5/E: it points N, scores 0 for an E push: 0 against 2, nothing.
 * - TE@e5/N: column e holds only the triangle, which points E: 0 for N,
 *   0 against 0: nothing. Column a: Dark a5 leads: nothing.
 * - With triangle-weight 1, TE@e5/E: 1 against 2: nothing. */
static void
test_triangle_direction (void)
{
  const char * const weight1[] = { "triangle-weight=1", NULL };
  g_autoptr(BsRuleset) rs = make_ruleset (NULL);
  g_autoptr(BsRuleset) rs1 = make_ruleset (weight1);
  g_autofree BsPosition *pos = position (rs, 1, "a5=C2 b5=C2");
  g_autofree BsPosition *pos1 = position (rs1, 1, "a5=C2 b5=C2");
  g_autofree char *east = after (rs, pos, "TE@e5/E");
  g_autofree char *north_pointing = after (rs, pos, "TN@e5/E");
  g_autofree char *push_north = after (rs, pos, "TE@e5/N");
  g_autofree char *light_weight = after (rs1, pos1, "TE@e5/E");

  g_assert_cmpstr (east, ==, "b5=C2 c5=C2 f5=TE1");
  g_assert_cmpstr (north_pointing, ==, "a5=C2 b5=C2 e5=TN1");
  g_assert_cmpstr (push_north, ==, "a5=C2 b5=C2 e5=TE1");
  g_assert_cmpstr (light_weight, ==, "a5=C2 b5=C2 e5=TE1");
}

/* Both push modes on one position. Row 1 before the push, after Light's
 * circle on e1: a1 L, c1 D, d1 L, e1 L, g1 D, h1 L: Light 4, Dark 2.
 * - whole-line: every piece moves one cell east, h1 falls off:
 *   b1 L, d1 D, e1 L, f1 L, h1 D.
 * - gaps (judged before the push): h1 falls off; g1 has h1 ahead: stays;
 *   e1 has f1 empty ahead: → f1; d1 has e1 ahead: stays; c1 has d1 ahead:
 *   stays; a1 has b1 empty ahead: → b1. Result b1 L, c1 D, d1 L, f1 L, g1 D. */
static void
test_push_modes (void)
{
  const char * const gaps[] = { "push-mode=gaps", NULL };
  const char *start = "a1=C1 c1=C2 d1=C1 g1=C2 h1=C1";
  g_autoptr(BsRuleset) rs_line = make_ruleset (NULL);
  g_autoptr(BsRuleset) rs_gaps = make_ruleset (gaps);
  g_autofree BsPosition *pos_line = position (rs_line, 1, start);
  g_autofree BsPosition *pos_gaps = position (rs_gaps, 1, start);
  g_autofree char *line = after (rs_line, pos_line, "C@e1/E");
  g_autofree char *gap = after (rs_gaps, pos_gaps, "C@e1/E");

  g_assert_cmpstr (line, ==, "b1=C1 d1=C2 e1=C1 f1=C1 h1=C2");
  g_assert_cmpstr (gap, ==, "b1=C1 c1=C2 d1=C1 f1=C1 g1=C2");
}

/* Gaps mode in a column, pushing S: column b, from the south edge b1 L,
 * b2 empty, b3 D, b4 L, b5 empty, b6 L (placed): Light 3, Dark 1. b1 falls
 * off; b3 has b2 empty ahead: → b2; b4 has b3 ahead: stays; b6 → b5. */
static void
test_push_gaps_column (void)
{
  const char * const gaps[] = { "push-mode=gaps", NULL };
  g_autoptr(BsRuleset) rs = make_ruleset (gaps);
  g_autofree BsPosition *pos = position (rs, 1, "b1=C1 b3=C2 b4=C1");

  play (rs, pos, "C@b6/S");
  assert_position (rs, pos, "b2=C2 b4=C1 b5=C1");
}

/* Handicap passes on a 4×4 board: Light 3 circles, Dark 1.
 *   1. C@a1/N   column a: Light 1 → a1 moves to a2
 *   2. C@d4/S   column d: Dark 1 → d4 moves to d3
 *   3. C@b1/E   row 1: Light 1 → b1 moves to c1; row 2: Light's a2, 1
 *               against 0 → moves to b2; row 3: Dark's d3 leads: stays
 *   4. Dark has nothing left while Light has a piece: pass (the only move)
 *   5. C@c4/E   row 1: c1 → d1; row 2: b2 → c2; row 3 stays; row 4: c4 → d4
 * Both supplies are then empty: the game ends, Light 3 pieces (d1 c2 d4)
 * against Dark's 1 (d3): Light wins. */
static void
test_handicap_passes (void)
{
  const char * const sets[] = {
    "width=4", "height=4",
    "supply.1.circle=3", "supply.1.triangle=0", "supply.2.circle=1", "supply.2.triangle=0",
    NULL
  };
  g_autoptr(BsRuleset) rs = make_ruleset (sets);
  g_autofree BsPosition *pos = bs_ruleset_new_position (rs, 0);
  g_autofree BsMove *moves = g_new (BsMove, rs->max_moves);
  g_autofree char *why_place = NULL;
  g_autofree char *why_pass = NULL;
  g_autofree char *why_triangle = NULL;
  int scores[2];

  why_triangle = bs_ruleset_explain (rs, pos, parse (rs, pos, "TN@a1/N"));
  g_assert_cmpstr (why_triangle, ==, "you have no triangles left");
  /* 16 empty cells × circles only × 4 pushes. */
  g_assert_cmpuint (bs_ruleset_generate (rs, pos, moves), ==, 64);

  play (rs, pos, "C@a1/N C@d4/S C@b1/E");
  assert_position (rs, pos, "c1=C1 b2=C1 d3=C2");
  g_assert_false (bs_position_is_over (pos));
  g_assert_cmpuint (bs_ruleset_generate (rs, pos, moves), ==, 1);
  g_assert_cmpuint (moves[0], ==, parse (rs, pos, "pass"));
  why_place = bs_ruleset_explain (rs, pos, parse (rs, pos, "C@b2/N"));
  g_assert_cmpstr (why_place, ==, "you have no pieces left, so you must pass");

  play (rs, pos, "pass");
  g_assert_cmpint (pos->ply, ==, 4);
  why_pass = bs_ruleset_explain (rs, pos, parse (rs, pos, "pass"));
  g_assert_cmpstr (why_pass, ==, "you still have pieces to place, so you cannot pass");

  play (rs, pos, "C@c4/E");
  assert_position (rs, pos, "d1=C1 c2=C1 d3=C2 d4=C1");
  g_assert_true (bs_position_is_over (pos));
  g_assert_cmpint (pos->result, ==, BS_RESULT_WIN_1);
  bs_ruleset_scores (rs, pos, scores);
  g_assert_cmpint (scores[0], ==, 3);
  g_assert_cmpint (scores[1], ==, 1);
}

/* The end when all pieces are placed, with a draw on count: 2×2 board, one
 * circle each. Light C@a1/E: row 1 → a1 moves to b1. Dark C@a2/S: column a:
 * Dark 1 → a2 moves to a1. One piece each: a draw. */
static void
test_end_all_placed (void)
{
  const char * const sets[] = {
    "width=2", "height=2",
    "supply.1.circle=1", "supply.1.triangle=0", "supply.2.circle=1", "supply.2.triangle=0",
    NULL
  };
  g_autoptr(BsRuleset) rs = make_ruleset (sets);
  g_autofree BsPosition *pos = bs_ruleset_new_position (rs, 0);

  play (rs, pos, "C@a1/E");
  g_assert_false (bs_position_is_over (pos));
  play (rs, pos, "C@a2/S");
  assert_position (rs, pos, "a1=C2 b1=C1");
  g_assert_true (bs_position_is_over (pos));
  g_assert_cmpint (pos->result, ==, BS_RESULT_DRAW);
}

/* The end on a full board while pieces remain: 2×2 board with a1 L, b1 D,
 * a2 D; Light places a triangle pointing S on b2 and pushes N. Column a:
 * 1 against 1; column b: Dark's b1 1 against Light's triangle, 0 for N:
 * nothing moves, no cell is empty, the game ends: 2 against 2, a draw.
 * With a circle on b2 pushed E: row 1 1:1, row 2 1:1: the same. */
static void
test_end_full_board (void)
{
  const char * const sets[] = { "width=2", "height=2", NULL };
  g_autoptr(BsRuleset) rs = make_ruleset (sets);
  g_autofree BsPosition *pos = position (rs, 1, "a1=C1 b1=C2 a2=C2");
  g_autofree char *over = NULL;

  play (rs, pos, "TS@b2/N");
  assert_position (rs, pos, "a1=C1 b1=C2 a2=C2 b2=TS1");
  g_assert_true (bs_position_is_over (pos));
  g_assert_cmpint (pos->result, ==, BS_RESULT_DRAW);
  g_assert_cmpint (pos->supply[1][KIND_CIRCLE], >, 0);
  over = bs_ruleset_explain (rs, pos, parse (rs, pos, "C@a1/N"));
  g_assert_cmpstr (over, ==, "the game is over");
}

/* A game that ends by count, Dark ahead: 2×2, Light one triangle, Dark two
 * circles. Light TW@a1/E (the triangle points W: 0 for E, nothing moves);
 * Dark C@b1/N (column b: Dark 1 → b1 moves to b2); Light must pass; Dark
 * C@b1/W: row 1: Dark 1 against Light's a1, which points W: 3: Dark is not
 * highest, nothing moves; row 2: Dark's b2 alone leads, 1 against 0: it
 * moves W to a2. All placed: Dark 2, Light 1: Dark wins. */
static void
test_end_dark_wins (void)
{
  const char * const sets[] = {
    "width=2", "height=2",
    "supply.1.circle=0", "supply.1.triangle=1", "supply.2.circle=2", "supply.2.triangle=0",
    NULL
  };
  g_autoptr(BsRuleset) rs = make_ruleset (sets);
  g_autofree BsPosition *pos = bs_ruleset_new_position (rs, 0);

  play (rs, pos, "TW@a1/E C@b1/N pass C@b1/W");
  assert_position (rs, pos, "a1=TW1 b1=C2 a2=C2");
  g_assert_true (bs_position_is_over (pos));
  g_assert_cmpint (pos->result, ==, BS_RESULT_WIN_2);
}

static void
test_explain (void)
{
  g_autoptr(BsRuleset) rs = make_ruleset (NULL);
  g_autofree BsPosition *pos = position (rs, 1, "d4=C2");
  g_autofree char *occupied = bs_ruleset_explain (rs, pos, parse (rs, pos, "TE@d4/S"));
  g_autofree char *legal = bs_ruleset_explain (rs, pos, parse (rs, pos, "TE@d5/S"));
  g_autoptr(GError) error = NULL;
  BsMove move;

  g_assert_cmpstr (occupied, ==, "d4 is occupied");
  g_assert_null (legal);
  g_assert_false (bs_ruleset_parse_move (rs, pos, "C@d4/N", &move, &error));
  g_assert_error (error, BS_RULES_ERROR, BS_RULES_ERROR_ILLEGAL);
  g_assert_nonnull (strstr (error->message, "d4 is occupied"));
}

static void
test_notation (void)
{
  g_autoptr(BsRuleset) rs = make_ruleset (NULL);
  g_autofree BsPosition *pos = bs_ruleset_new_position (rs, 0);
  g_autofree BsMove *moves = g_new (BsMove, rs->max_moves);
  const char * const bad[] = {
    "", "d4", "C@d4", "C@d4/", "C@d4/X", "C@d4/NN", "Cd4/N", "T@d4/N", "TX@d4/N",
    "C@/N", "C@z9/N", "c@d4/N", "Pass", "X@d4/N",
  };
  guint n = bs_ruleset_generate (rs, pos, moves);
  g_autofree char *first = bs_ruleset_format_move (rs, pos, moves[0]);

  /* 64 empty cells × 5 pieces × 4 pushes. */
  g_assert_cmpuint (n, ==, 64 * 5 * 4);
  g_assert_cmpstr (first, ==, "C@a1/N");
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *text = bs_ruleset_format_move (rs, pos, moves[i]);

      g_assert_cmpuint (parse (rs, pos, text), ==, moves[i]);
    }
  g_assert_cmpuint (parse (rs, pos, "TE@d4/S"),
                    ==, parse (rs, pos, "TE@d4/S"));
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;
      BsMove move;

      g_assert_false (bs_ruleset_parse_move (rs, pos, bad[i], &move, &error));
      g_assert_error (error, BS_RULES_ERROR, BS_RULES_ERROR_MALFORMED);
      g_assert_nonnull (strstr (error->message, bad[i]));
    }
}

/* Moves two plies deep, counted by hand. On the empty board a move scores
 * for its own line only if it is a circle, or a triangle pointing the push's
 * way; then that line moves and a piece placed on the edge cell of the push
 * falls off: 8 edge cells × 4 pushes × 2 such pieces = 64 of the 1280 moves
 * leave the board empty (1280 replies), the other 1216 leave 63 empty cells
 * (63 × 5 × 4 = 1260 replies): 1216 × 1260 + 64 × 1280 = 1,614,080. On 4×4:
 * 320 moves, of which 4 × 4 × 2 = 32 fall off: 288 × 300 + 32 × 320 =
 * 96,640. */
static void
test_two_ply_counts (void)
{
  const char * const small[] = { "width=4", "height=4", NULL };
  g_autoptr(BsRuleset) rs = make_ruleset (NULL);
  g_autoptr(BsRuleset) rs4 = make_ruleset (small);
  const BsRuleset *rulesets[] = { rs, rs4 };
  const guint64 expected[][2] = { { 1280, 1614080 }, { 320, 96640 } };

  for (guint r = 0; r < G_N_ELEMENTS (rulesets); r++)
    {
      const BsRuleset *rsr = rulesets[r];
      g_autofree BsPosition *pos = bs_ruleset_new_position (rsr, 0);
      g_autofree BsPosition *next = bs_ruleset_new_position (rsr, 0);
      g_autofree BsMove *moves = g_new (BsMove, rsr->max_moves);
      g_autofree BsMove *replies = g_new (BsMove, rsr->max_moves);
      guint n = bs_ruleset_generate (rsr, pos, moves);
      guint64 total = 0;

      g_assert_cmpuint (n, ==, expected[r][0]);
      for (guint i = 0; i < n; i++)
        {
          bs_position_copy (rsr, next, pos);
          bs_ruleset_apply (rsr, next, moves[i], NULL);
          total += bs_ruleset_generate (rsr, next, replies);
        }
      g_assert_cmpuint (total, ==, expected[r][1]);
    }
}

/* The module refuses boards that are not 2n×2n squares without holes. */
static void
test_boards_refused (void)
{
  const char * const odd[] = { "width=7", "height=7", NULL };
  const char * const oblong[] = { "width=6", "height=8", NULL };
  const char * const diagonal[] = { "adjacency=8", NULL };
  const char * const hole[] = { "d4", NULL };
  const char * const * const cases[] = { odd, oblong, diagonal };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      BsRuleset *rs = try_ruleset (cases[i], NULL, &error);

      g_assert_null (rs);
      g_assert_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_INVALID);
    }
  {
    g_autoptr(GError) error = NULL;
    BsRuleset *rs = try_ruleset (NULL, hole, &error);

    g_assert_null (rs);
    g_assert_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_INVALID);
    g_assert_nonnull (strstr (error->message, "holes"));
  }
}

/* The module's declaration: the agreed option ids, kinds, default board. */
static void
test_declaration (void)
{
  const BsModule *m = bs_module_find ("astoria");
  int mode, weight, plies;

  g_assert_nonnull (m);
  mode = bs_module_option_index (m, "push-mode");
  weight = bs_module_option_index (m, "triangle-weight");
  plies = bs_module_option_index (m, "max-plies");
  g_assert_cmpint (mode, >=, 0);
  g_assert_cmpint (m->options[mode].type, ==, BS_OPTION_ENUM);
  g_assert_cmpstr (m->options[mode].choices[0], ==, "whole-line");
  g_assert_cmpstr (m->options[mode].choices[1], ==, "gaps");
  g_assert_null (m->options[mode].choices[2]);
  g_assert_cmpint (m->options[mode].default_value, ==, 0);
  g_assert_cmpint (weight, >=, 0);
  g_assert_cmpint (m->options[weight].min, ==, 1);
  g_assert_cmpint (m->options[weight].max, ==, 10);
  g_assert_cmpint (m->options[weight].default_value, ==, 3);
  g_assert_cmpint (plies, >=, 0);
  g_assert_cmpint (m->options[plies].default_value, ==, 0);
  g_assert_cmpuint (m->n_kinds, ==, 2);
  g_assert_cmpstr (m->kinds[KIND_CIRCLE].id, ==, "circle");
  g_assert_false (m->kinds[KIND_CIRCLE].directed);
  g_assert_cmpstr (m->kinds[KIND_TRIANGLE].id, ==, "triangle");
  g_assert_true (m->kinds[KIND_TRIANGLE].directed);
  g_assert_cmpint (m->default_board.shape, ==, BS_SHAPE_SQUARE);
  g_assert_cmpint (m->default_board.width, ==, 8);
  g_assert_cmpint (m->default_board.adjacency, ==, 4);
}

/* Supplies the variant does not list follow the board: (2n)²/4 of each
 * kind (the seed: half the board's cells per player, half triangles). A
 * listed supply is kept. */
static void
test_default_supplies (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariant) variant = bs_variant_new_for_module ("astoria", &error);
  g_autoptr(BsRuleset) rs = NULL;
  g_autoptr(BsRuleset) rs_default = make_ruleset (NULL);

  g_assert_no_error (error);
  g_assert_cmpint (rs_default->supply[0][KIND_CIRCLE], ==, 16);
  g_assert_cmpint (rs_default->supply[1][KIND_TRIANGLE], ==, 16);

  variant->board.width = variant->board.height = 6;
  g_array_set_size (variant->players[0].supplies, 0);
  g_array_set_size (variant->players[1].supplies, 0);
  bs_variant_set_supply (variant, 2, "circle", 5);
  rs = bs_ruleset_new (variant, &error);
  g_assert_no_error (error);
  g_assert_cmpint (rs->supply[0][KIND_CIRCLE], ==, 9);
  g_assert_cmpint (rs->supply[0][KIND_TRIANGLE], ==, 9);
  g_assert_cmpint (rs->supply[1][KIND_CIRCLE], ==, 5);
  g_assert_cmpint (rs->supply[1][KIND_TRIANGLE], ==, 9);
}

/* random_move is exactly uniform over generate's moves: a chi-square test
 * over many draws on positions with both kinds, triangles only and circles
 * only. With k moves and 200 draws expected per move, the statistic has
 * mean k - 1 and standard deviation sqrt(2(k - 1)); 6 deviations above the
 * mean fails (a fixed seed keeps the test reproducible). Every draw must be
 * one of the generated moves, and every move must be drawn. */
static void
check_uniform (const BsRuleset  *rs,
               const BsPosition *pos,
               guint64           seed)
{
  g_autofree BsMove *moves = g_new (BsMove, rs->max_moves);
  g_autofree BsMove *scratch = g_new (BsMove, rs->max_moves);
  g_autoptr(GHashTable) index = g_hash_table_new (NULL, NULL);
  g_autofree guint *counts = NULL;
  guint n = bs_ruleset_generate (rs, pos, moves);
  guint draws = 200 * n;
  double expected = 200.0, chi2 = 0.0, limit;
  BsRng rng;

  g_assert_nonnull (rs->module->random_move);
  counts = g_new0 (guint, n);
  for (guint i = 0; i < n; i++)
    g_hash_table_insert (index, GUINT_TO_POINTER (moves[i] + 1), GUINT_TO_POINTER (i + 1));
  g_assert_cmpuint (g_hash_table_size (index), ==, n);

  bs_rng_init (&rng, seed);
  for (guint d = 0; d < draws; d++)
    {
      BsMove move = bs_ruleset_random_move (rs, pos, &rng, scratch);
      guint i = GPOINTER_TO_UINT (g_hash_table_lookup (index, GUINT_TO_POINTER (move + 1)));

      g_assert_cmpuint (i, >, 0);
      counts[i - 1]++;
    }
  for (guint i = 0; i < n; i++)
    {
      g_assert_cmpuint (counts[i], >, 0);
      chi2 += (counts[i] - expected) * (counts[i] - expected) / expected;
    }
  limit = (n - 1) + 6.0 * sqrt (2.0 * (n - 1));
  g_test_message ("%u moves, chi-square %.1f (limit %.1f)", n, chi2, limit);
  g_assert_cmpfloat (chi2, <, limit);
}

static void
test_random_move_uniform (void)
{
  const char * const small[] = { "width=4", "height=4", NULL };
  const char * const triangles[] = { "width=4", "height=4", "supply.1.circle=0", NULL };
  const char * const circles[] = { "width=4", "height=4", "supply.2.triangle=0", NULL };
  g_autoptr(BsRuleset) rs = make_ruleset (small);
  g_autoptr(BsRuleset) rs_t = make_ruleset (triangles);
  g_autoptr(BsRuleset) rs_c = make_ruleset (circles);
  g_autofree BsPosition *pos = position (rs, 1, "a1=C1 b3=TN2 d4=C2 c2=TE1");
  g_autofree BsPosition *pos_t = position (rs_t, 1, "a1=C1 b3=TN2 d4=C2");
  g_autofree BsPosition *pos_c = position (rs_c, 2, "c3=C1 d1=TW2");

  check_uniform (rs, pos, 1);      /* 12 × 5 × 4 = 240 moves */
  check_uniform (rs_t, pos_t, 2);  /* 13 × 4 × 4 = 208 */
  check_uniform (rs_c, pos_c, 3);  /* 14 × 1 × 4 = 56 */
}

/* Random playouts: undo restores the bytes and the hash; the hash is the
 * recomputed one; pieces only leave the board by falling off, so on-board
 * + supply never grows and the supply shrinks by one per placement; every
 * random move is legal; every game ends within twice the pieces. */
static void
run_playouts (const char * const *sets,
              int                 games)
{
  g_autoptr(BsRuleset) rs = make_ruleset (sets);
  g_autofree BsMove *scratch = g_new (BsMove, rs->max_moves);
  g_autofree BsPosition *before = bs_ruleset_new_position (rs, 0);
  BsUndo *undo = bs_undo_new (rs);
  guint total = 0;
  BsRng rng;

  for (int p = 0; p < 2; p++)
    total += before->supply[p][0] + before->supply[p][1];
  bs_rng_init (&rng, 777);
  for (int g = 0; g < games; g++)
    {
      g_autofree BsPosition *pos = bs_ruleset_new_position (rs, (guint64) g);
      guint plies = 0;

      while (!bs_position_is_over (pos))
        {
          BsMove move = bs_ruleset_random_move (rs, pos, &rng, scratch);
          int held[2];

          g_assert_true (bs_ruleset_is_legal (rs, pos, move, scratch));
          bs_position_copy (rs, before, pos);
          for (int p = 0; p < 2; p++)
            held[p] = bs_position_pieces (pos, p + 1) + pos->supply[p][0] + pos->supply[p][1];
          bs_ruleset_apply (rs, pos, move, undo);
          g_assert_cmpuint (pos->hash, ==, bs_position_compute_cells_hash (rs, pos));
          for (int p = 0; p < 2; p++)
            g_assert_cmpint (bs_position_pieces (pos, p + 1)
                             + pos->supply[p][0] + pos->supply[p][1], <=, held[p]);
          bs_ruleset_undo (rs, pos, undo);
          g_assert_true (bs_position_equal (rs, pos, before));
          g_assert_cmpuint (bs_position_hash (rs, pos), ==, bs_position_hash (rs, before));
          bs_ruleset_apply (rs, pos, move, undo);
          plies++;
          g_assert_cmpuint (plies, <=, 2 * total);
        }
    }
  bs_undo_free (undo);
}

static void
test_playouts (void)
{
  const char * const standard[] = { NULL };
  const char * const gaps[] = { "push-mode=gaps", "triangle-weight=1", NULL };
  const char * const small[] = {
    "width=4", "height=4", "supply.1.circle=9", "supply.2.triangle=0", NULL
  };
  const char * const tiny[] = { "width=2", "height=2", "supply.2.circle=0", NULL };
  const char * const large[] = { "width=12", "height=12", NULL };

  run_playouts (standard, 200);
  run_playouts (gaps, 200);
  run_playouts (small, 300);
  run_playouts (tiny, 300);
  run_playouts (large, 30);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/astoria/push/north", test_push_north);
  g_test_add_func ("/astoria/push/south", test_push_south);
  g_test_add_func ("/astoria/push/east", test_push_east);
  g_test_add_func ("/astoria/push/west", test_push_west);
  g_test_add_func ("/astoria/push/triangle-direction", test_triangle_direction);
  g_test_add_func ("/astoria/push/modes", test_push_modes);
  g_test_add_func ("/astoria/push/gaps-column", test_push_gaps_column);
  g_test_add_func ("/astoria/end/handicap-passes", test_handicap_passes);
  g_test_add_func ("/astoria/end/all-placed", test_end_all_placed);
  g_test_add_func ("/astoria/end/full-board", test_end_full_board);
  g_test_add_func ("/astoria/end/dark-wins", test_end_dark_wins);
  g_test_add_func ("/astoria/explain", test_explain);
  g_test_add_func ("/astoria/notation", test_notation);
  g_test_add_func ("/astoria/two-ply-counts", test_two_ply_counts);
  g_test_add_func ("/astoria/boards-refused", test_boards_refused);
  g_test_add_func ("/astoria/default-supplies", test_default_supplies);
  g_test_add_func ("/astoria/declaration", test_declaration);
  g_test_add_func ("/astoria/random-move-uniform", test_random_move_uniform);
  g_test_add_func ("/astoria/playouts", test_playouts);

  return g_test_run ();
}
