/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tribes: rounds worked out by hand from the five steps of RULES.md (seed
 * 001), the end conditions, the bag draw, the notation, and random rounds
 * checked against a literal reading of the rules. */

#include "config.h"

#include <string.h>

#include "bs-error.h"
#include "bs-ruleset.h"
#include "bs-variant.h"

/* A Tribes ruleset with "key=value" settings (NULL-terminated). */
static BsRuleset *
tribes_ruleset (const char *first_setting, ...)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (BsVariant) variant = bs_variant_new_for_module ("tribes", &error);
  BsRuleset *rs;
  va_list args;

  g_assert_no_error (error);
  va_start (args, first_setting);
  for (const char *s = first_setting; s != NULL; s = va_arg (args, const char *))
    {
      g_auto (GStrv) kv = g_strsplit (s, "=", 2);
      bs_variant_set (variant, kv[0], kv[1], &error);
      g_assert_no_error (error);
    }
  va_end (args);
  rs = bs_ruleset_new (variant, &error);
  g_assert_no_error (error);
  return rs;
}

/* A position from a diagram: rows from the top rank down, '1' and '2' a
 * piece of that player, '.' empty. Player 1 to enter orders, step 0. */
static BsPosition *
position_from_rows (const BsRuleset    *rs,
                    const char * const *rows)
{
  BsPosition *pos = bs_ruleset_new_position (rs, 1);
  int height = bs_board_n_rows (rs->board);

  for (int c = 0; c < rs->n_cells; c++)
    bs_position_set_cell (rs->zobrist, pos, c, BS_CELL_EMPTY, NULL);
  for (int r = 0; r < height; r++)
    for (int col = 0; rows[r][col] != '\0'; col++)
      if (rows[r][col] != '.')
        {
          int cell = bs_board_cell_at (rs->board, col, height - 1 - r);
          int owner = rows[r][col] - '0';

          g_assert_cmpint (cell, !=, BS_NO_CELL);
          bs_position_set_cell (rs->zobrist, pos, cell, BS_CELL_MAKE (owner, 0, 0), NULL);
        }
  pos->result = BS_RESULT_ONGOING;
  return pos;
}

static void
assert_rows (const BsRuleset    *rs,
             const BsPosition   *pos,
             const char * const *rows)
{
  int height = bs_board_n_rows (rs->board);
  int width = bs_board_n_cols (rs->board);

  for (int r = 0; r < height; r++)
    {
      char line[64] = { 0 };

      for (int col = 0; col < width; col++)
        {
          guint8 v = pos->cells[bs_board_cell_at (rs->board, col, height - 1 - r)];
          line[col] = v == BS_CELL_EMPTY ? '.' : (char) ('0' + BS_CELL_OWNER (v));
        }
      g_assert_cmpstr (line, ==, rows[r]);
    }
  g_assert_cmpuint (pos->hash, ==, bs_position_compute_cells_hash (rs, pos));
}

/* Plays one round on the rows and checks the rows after it, the result
 * and that the round counts as one ply. */
static void
check_round (const char * const *before,
             const char         *round,
             const char * const *after,
             BsResult            result)
{
  g_autoptr (BsRuleset) rs = tribes_ruleset (NULL);
  g_autofree BsPosition *pos = position_from_rows (rs, before);
  g_autoptr (GError) error = NULL;

  bs_ruleset_play_turn (rs, pos, round, &error);
  g_assert_no_error (error);
  assert_rows (rs, pos, after);
  g_assert_cmpint (pos->result, ==, result);
  g_assert_cmpuint (pos->ply, ==, 1);
  g_assert_cmpuint (pos->step, ==, 0);
  g_assert_cmpint (pos->to_move, ==, 1);
}

/* b2 defends and c3 moves onto it. Step 2: b2 is attacked (c3 points at
 * it). Step 3: an attacked defender is LIVING. Step 4: c3 is not attacked
 * (nothing points at c3) but its target holds a defender: DEAD. a5-a4 and
 * e5-e4 move into empty cells, unattacked: LIVING. Step 5 removes c3. A
 * piece was removed and both players have pieces: the game goes on. */
static void
test_defender_attacked (void)
{
  const char *before[] = { "1...2", ".....", "..2..", ".1...", "....." };
  const char *after[] = { ".....", "1...2", ".....", ".1...", "....." };

  check_round (before, "a5-a4,b2-b2;c3-b2,e5-e4", after, BS_RESULT_ONGOING);
}

/* The same, with two attackers, one of them the defender's own colour
 * (owners do not matter): a1 and c3 both point at b2, b2 lives, both
 * attackers die on the defender. */
static void
test_defender_attacked_twice (void)
{
  const char *before[] = { "1...2", ".....", "..2..", ".1...", "1...." };
  const char *after[] = { ".....", "1...2", ".....", ".1...", "....." };

  check_round (before, "a1-b2,b2-b2,a5-a4;c3-b2,e5-e4", after, BS_RESULT_ONGOING);
}

/* b2 defends and nothing points at it: step 3 marks it DEAD (it starves).
 * a5-a4 and e5-e4 live. A piece was removed: the game goes on. */
static void
test_defender_starves (void)
{
  const char *before[] = { "1...2", ".....", ".....", ".1...", "....." };
  const char *after[] = { ".....", "1...2", ".....", ".....", "....." };

  check_round (before, "b2-b2,a5-a4;e5-e4", after, BS_RESULT_ONGOING);
}

/* A mover into a defender of its own colour: c3 (player 1) moves onto b2
 * (player 1, defending). b2 attacked → LIVING; c3 unattacked but its
 * target holds a defender → DEAD. */
static void
test_mover_into_own_defender (void)
{
  const char *before[] = { "1...2", ".....", "..1..", ".1...", "....." };
  const char *after[] = { ".....", "1...2", ".....", ".1...", "....." };

  check_round (before, "b2-b2,c3-b2,a5-a4;e5-e4", after, BS_RESULT_ONGOING);
}

/* Two pieces swapping: b2 moves to c3 and c3 to b2. Each points at the
 * other's cell, so both are attacked (step 2) and both movers are DEAD
 * (step 4): nobody passes through. */
static void
test_swap (void)
{
  const char *before[] = { "1...2", ".....", "..2..", ".1...", "....." };
  const char *after[] = { ".....", "1...2", ".....", ".....", "....." };

  check_round (before, "b2-c3,a5-a4;c3-b2,e5-e4", after, BS_RESULT_ONGOING);
}

/* A piece attacking a piece that flees: b2 → c3 while c3 → d4. c3 is
 * attacked (b2 points at its cell) → DEAD although it moves away. b2 is
 * not attacked and c3 holds no defender → LIVING: it moves to c3. */
static void
test_attack_on_fleeing_piece (void)
{
  const char *before[] = { "1...2", ".....", "..2..", ".1...", "....." };
  const char *after[] = { ".....", "1...2", "..1..", ".....", "....." };

  check_round (before, "b2-c3,a5-a4;c3-d4,e5-e4", after, BS_RESULT_ONGOING);
}

/* A chain a1 → b2 → c3 → d4 (players 1, 2, 1). b2 and c3 are attacked
 * (a1 and b2 point at them): both DEAD, and b2 still counts as pointing at
 * c3 although it dies (step 1 comes before the marks). a1 is not attacked,
 * b2 holds a mover: a1 LIVING, it ends on b2. */
static void
test_chain (void)
{
  const char *before[] = { "1...2", ".....", "..1..", ".2...", "1...." };
  const char *after[] = { ".....", "1...2", ".....", ".1...", "....." };

  check_round (before, "a1-b2,c3-d4,a5-a4;b2-c3,e5-e4", after, BS_RESULT_ONGOING);
}

/* Three pieces meeting in one cell: b2, b4 (player 1) and d4 (player 2)
 * all move to the empty c3. Nothing points at their cells: all LIVING and
 * all move; step 5 then removes every piece on c3, which holds three. */
static void
test_three_meet (void)
{
  const char *before[] = { "1...2", ".1.2.", ".....", ".1...", "....." };
  const char *after[] = { ".....", "1...2", ".....", ".....", "....." };

  check_round (before, "b2-c3,b4-c3,a5-a4;d4-c3,e5-e4", after, BS_RESULT_ONGOING);
}

/* Two movers of the same player meeting after moving: a2 and c2 (player
 * 1) both move to the empty b1. Nothing points at a2 or c2: both LIVING,
 * both move, and both are removed on b1 (a collision needs no opponent). */
static void
test_two_meet_same_player (void)
{
  const char *before[] = { "1...2", ".....", ".....", "1.1..", "....." };
  const char *after[] = { ".....", "1...2", ".....", ".....", "....." };

  check_round (before, "a2-b1,c2-b1,a5-a4;e5-e4", after, BS_RESULT_ONGOING);
}

/* The both-lose end: the only pieces, b2 (1) and d4 (2), move to c3 and
 * collide. Neither player has pieces: both lose, a draw in the result. */
static void
test_both_lose (void)
{
  const char *before[] = { ".....", "...2.", ".....", ".1...", "....." };
  const char *after[] = { ".....", ".....", ".....", ".....", "....." };

  check_round (before, "b2-c3;d4-c3", after, BS_RESULT_DRAW);
}

/* One player without pieces: player 1's only piece, a1, defends
 * unattacked and starves; player 2's e5 moves to the empty e4 and lives.
 * Player 1 has no pieces left: player 2 wins. */
static void
test_one_player_left (void)
{
  const char *before[] = { "....2", ".....", ".....", ".....", "1...." };
  const char *after[] = { ".....", "....2", ".....", ".....", "....." };

  check_round (before, "a1-a1;e5-e4", after, BS_RESULT_WIN_2);
}

/* The no-removal end: a1 → a2 and b1 → b2 (player 1), e5 → e4 (player 2),
 * all into empty cells, nothing attacked, nothing collides: no piece is
 * removed, so the game ends and player 1 (2 pieces against 1) wins. */
static void
test_no_removal_more_pieces (void)
{
  const char *before[] = { "....2", ".....", ".....", ".....", "11..." };
  const char *after[] = { ".....", "....2", ".....", "11...", "....." };

  check_round (before, "a1-a2,b1-b2;e5-e4", after, BS_RESULT_WIN_1);
}

/* The same with one piece each: no removal, equal counts → a draw, with
 * pieces still on the board (unlike the both-lose draw). */
static void
test_no_removal_equal (void)
{
  const char *before[] = { "....2", ".....", ".....", ".....", "1...." };
  const char *after[] = { ".....", "....2", ".....", "1....", "....." };

  check_round (before, "a1-a2;e5-e4", after, BS_RESULT_DRAW);
}

/* max-plies counts rounds: with a limit of 1, a round that removes a
 * piece but leaves both players with pieces ends the game as a draw;
 * with a limit of 2 it does not. */
static void
test_max_plies (void)
{
  const char *before[] = { "1...2", ".....", ".....", ".1...", "....." };
  const char *after[] = { ".....", "1...2", ".....", ".....", "....." };

  for (int limit = 1; limit <= 2; limit++)
    {
      g_autofree char *setting = g_strdup_printf ("max-plies=%d", limit);
      g_autoptr (BsRuleset) rs = tribes_ruleset (setting, NULL);
      g_autofree BsPosition *pos = position_from_rows (rs, before);
      g_autoptr (GError) error = NULL;

      bs_ruleset_play_turn (rs, pos, "b2-b2,a5-a4;e5-e4", &error);
      g_assert_no_error (error);
      assert_rows (rs, pos, after);
      g_assert_cmpint (pos->result, ==, limit == 1 ? BS_RESULT_DRAW : BS_RESULT_ONGOING);
    }
}

/* The orders are entered piece by piece: player 1's pieces in cell order
 * (b2 before a5), then player 2's; `to_move` and `step` follow; an order
 * out of turn is explained. */
static void
test_steps (void)
{
  const char *before[] = { "1...2", ".....", "..2..", ".1...", "....." };
  g_autoptr (BsRuleset) rs = tribes_ruleset (NULL);
  g_autofree BsPosition *pos = position_from_rows (rs, before);
  g_autofree BsMove *moves = g_new (BsMove, rs->max_moves);
  g_autoptr (GError) error = NULL;
  g_autofree char *why = NULL;
  g_autofree char *text = NULL;
  BsMove move;
  guint n;

  /* b2 (cell 6) comes first: defend and all 8 directions are on the board. */
  n = bs_ruleset_generate (rs, pos, moves);
  g_assert_cmpuint (n, ==, 9);
  text = bs_ruleset_format_move (rs, pos, moves[0]);
  g_assert_cmpstr (text, ==, "b2-b2");

  g_assert_true (rs->module->parse_move (rs, pos, "a5-a4", &move, &error));
  g_assert_no_error (error);
  why = bs_ruleset_explain (rs, pos, move);
  g_assert_cmpstr (why, ==, "the next order is for b2 (orders are entered in cell order)");
  g_clear_pointer (&why, g_free);

  g_assert_true (bs_ruleset_parse_move (rs, pos, "b2-b2", &move, &error));
  g_assert_no_error (error);
  bs_ruleset_apply (rs, pos, move, NULL);
  g_assert_cmpint (pos->to_move, ==, 1);
  g_assert_cmpuint (pos->step, ==, 1);

  /* a5 on the edge: defend, S, SE, E. */
  n = bs_ruleset_generate (rs, pos, moves);
  g_assert_cmpuint (n, ==, 4);
  g_assert_true (rs->module->parse_move (rs, pos, "c3-b2", &move, &error));
  why = bs_ruleset_explain (rs, pos, move);
  g_assert_cmpstr (why, ==, "c3 is a piece of player 2, and player 1's orders are being entered");
  g_clear_pointer (&why, g_free);

  g_assert_true (bs_ruleset_parse_move (rs, pos, "a5-a4", &move, &error));
  bs_ruleset_apply (rs, pos, move, NULL);
  g_assert_cmpint (pos->to_move, ==, 2);
  g_assert_cmpuint (pos->step, ==, 2);
  g_assert_cmpuint (pos->ply, ==, 0);

  g_assert_true (bs_ruleset_parse_move (rs, pos, "c3-b2", &move, &error));
  bs_ruleset_apply (rs, pos, move, NULL);
  g_assert_cmpint (pos->to_move, ==, 2);
  g_assert_cmpuint (pos->step, ==, 3);
  g_assert_true (bs_ruleset_parse_move (rs, pos, "e5-e4", &move, &error));
  g_assert_no_error (error);
  bs_ruleset_apply (rs, pos, move, NULL);
  g_assert_cmpuint (pos->step, ==, 0);
  g_assert_cmpuint (pos->ply, ==, 1);
  g_assert_cmpint (pos->to_move, ==, 1);
  g_assert_cmpint (pos->result, ==, BS_RESULT_ONGOING);
}

/* A round is printed with each player's orders in cell label order and
 * read in any order. */
static void
test_notation (void)
{
  const char *before[] = { "1...2", ".....", "..2..", ".1...", "....." };
  g_autoptr (BsRuleset) rs = tribes_ruleset (NULL);
  g_autofree BsPosition *pos = position_from_rows (rs, before);
  g_autofree BsMove *steps = g_new (BsMove, bs_ruleset_max_turn_steps (rs));
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  guint n = 0;

  g_assert_true (bs_ruleset_parse_turn (rs, pos, " a5-a4 , b2-b2;e5-e4,c3-b2", steps, &n, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n, ==, 4);
  text = bs_ruleset_format_turn (rs, pos, steps, n);
  g_assert_cmpstr (text, ==, "b2-b2,a5-a4;c3-b2,e5-e4");
}

/* Every malformed or illegal round names the piece or cell. */
static void
test_notation_errors (void)
{
  const char *before[] = { "1...2", ".....", "..2..", ".1...", "....." };
  static const struct {
    const char *round;
    int         code;
    const char *message;
  } cases[] = {
    { "b2-b2,a5-a4", BS_RULES_ERROR_MALFORMED,
      "a round is player 1's orders, “;”, then player 2's orders, as a1-a2,b1-b1;a5-a4,e5-d4" },
    { "b2-b2,a5-a4;c3-b2;e5-e4", BS_RULES_ERROR_MALFORMED, NULL },
    { "b2b2,a5-a4;c3-b2,e5-e4", BS_RULES_ERROR_MALFORMED,
      "“b2b2” is not an order: an order is written FROM-TO, as c3-c4 (c3-c3 defends)" },
    { "b2-b2,a5-4;c3-b2,e5-e4", BS_RULES_ERROR_MALFORMED,
      "“a5-4” is not an order: “4” is not a cell label (an order is written FROM-TO, "
      "as c3-c4; c3-c3 defends)" },
    { "b2-b2,,a5-a4;c3-b2,e5-e4", BS_RULES_ERROR_MALFORMED,
      "an empty order in player 1's orders “b2-b2,,a5-a4”" },
    { "b2-b2,a5-a6;c3-b2,e5-e4", BS_RULES_ERROR_ILLEGAL, "a6 is not on the board" },
    { "b2-b2;c3-b2,e5-e4", BS_RULES_ERROR_ILLEGAL,
      "the piece on a5 has no order: every piece of player 1 must get one" },
    { "b2-b2,a5-a4;c3-b2", BS_RULES_ERROR_ILLEGAL,
      "the piece on e5 has no order: every piece of player 2 must get one" },
    { "b2-b2,b2-b3,a5-a4;c3-b2,e5-e4", BS_RULES_ERROR_ILLEGAL,
      "b2-b3: the piece on b2 is given two orders" },
    { "b2-b2,a5-a4,c3-c3;e5-e4", BS_RULES_ERROR_ILLEGAL,
      "c3-c3: the piece on c3 belongs to player 2, not to player 1" },
    { "b2-b2,a5-a4,a1-a2;c3-b2,e5-e4", BS_RULES_ERROR_ILLEGAL, "a1-a2: a1 holds no piece" },
    { "b2-d4,a5-a4;c3-b2,e5-e4", BS_RULES_ERROR_ILLEGAL,
      "b2-d4: d4 is not next to b2: a piece moves one cell, or defends with b2-b2" },
  };
  g_autoptr (BsRuleset) rs = tribes_ruleset (NULL);
  g_autofree BsPosition *pos = position_from_rows (rs, before);
  g_autofree BsMove *steps = g_new (BsMove, bs_ruleset_max_turn_steps (rs));

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GError) error = NULL;
      guint n = 0;

      g_test_message ("round %s", cases[i].round);
      g_assert_false (bs_ruleset_parse_turn (rs, pos, cases[i].round, steps, &n, &error));
      g_assert_error (error, BS_RULES_ERROR, cases[i].code);
      if (cases[i].message != NULL)
        {
          g_autofree char *expected = g_strdup_printf (
            "%s \"%s\": %s",
            cases[i].code == BS_RULES_ERROR_MALFORMED ? "malformed move" : "illegal move",
            cases[i].round, cases[i].message);
          g_assert_cmpstr (error->message, ==, expected);
        }
    }
}

/* Setup on 5×5 with 12 + 12: every cell but c3 filled in label order,
 * 12 pieces each, nothing left in hand; the same seed gives the same draw,
 * and some other seed gives another. */
static void
test_setup_default (void)
{
  g_autoptr (BsRuleset) rs = tribes_ruleset (NULL);
  g_autofree BsPosition *a = bs_ruleset_new_position (rs, 42);
  g_autofree BsPosition *b = bs_ruleset_new_position (rs, 42);
  gboolean differs = FALSE;
  int centre = bs_board_find_cell (rs->board, "c3", NULL);

  for (int c = 0; c < rs->n_cells; c++)
    g_assert_cmpint (a->cells[c] == BS_CELL_EMPTY, ==, c == centre);
  g_assert_cmpint (bs_position_pieces (a, 1), ==, 12);
  g_assert_cmpint (bs_position_pieces (a, 2), ==, 12);
  g_assert_cmpint (a->supply[0][0] + a->supply[1][0], ==, 0);
  g_assert_true (bs_position_equal (rs, a, b));

  for (guint64 seed = 43; seed < 53 && !differs; seed++)
    {
      g_autofree BsPosition *other = bs_ruleset_new_position (rs, seed);
      differs = memcmp (other->cells, a->cells, rs->n_cells) != 0;
    }
  g_assert_true (differs);
}

/* The draw as docs/rules-decisions.md states it, restated here: the bag
 * holds n1 pieces of player 1 and n2 of player 2; for each cell in label
 * order but the centre, r = bs_rng_below (rng, pieces left); r < left of
 * player 1 draws a player 1 piece. A bag larger than the board (20 + 20 on
 * 5×5) leaves pieces unused. */
static void
test_setup_draw_order (void)
{
  g_autoptr (BsRuleset) rs = tribes_ruleset ("supply.1.piece=20", "supply.2.piece=20", NULL);

  for (guint64 seed = 0; seed < 20; seed++)
    {
      g_autofree BsPosition *pos = bs_ruleset_new_position (rs, seed);
      guint32 left1 = 20, left2 = 20;
      BsRng rng;

      bs_rng_init (&rng, seed);
      for (int row = 0; row < 5; row++)
        for (int col = 0; col < 5; col++)
          {
            int cell = bs_board_cell_at (rs->board, col, row);
            int owner;

            if (col == 2 && row == 2)
              {
                g_assert_cmpint (pos->cells[cell], ==, BS_CELL_EMPTY);
                continue;
              }
            owner = bs_rng_below (&rng, left1 + left2) < left1 ? 1 : 2;
            if (owner == 1)
              left1--;
            else
              left2--;
            g_assert_cmpint (pos->cells[cell], ==, BS_CELL_MAKE (owner, 0, 0));
          }
    }
}

/* The centre is the cell on file ⌈W/2⌉ and rank ⌈H/2⌉: on 4×6 that is b3,
 * on 3×3 b2, on 6×5 c3. With exactly W×H−1 pieces of player 1 only, every
 * other cell is filled; player 2 has no piece, so the game is already won
 * by player 1 (a player with no pieces loses). */
static void
test_setup_centre (void)
{
  static const struct {
    int         width, height;
    const char *centre;
  } cases[] = {
    { 4, 6, "b3" }, { 3, 3, "b2" }, { 6, 5, "c3" }, { 2, 2, "a1" }, { 5, 5, "c3" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *w = g_strdup_printf ("width=%d", cases[i].width);
      g_autofree char *h = g_strdup_printf ("height=%d", cases[i].height);
      g_autofree char *s1 = g_strdup_printf ("supply.1.piece=%d",
                                             cases[i].width * cases[i].height - 1);
      g_autoptr (BsRuleset) rs = tribes_ruleset (w, h, s1, "supply.2.piece=0", NULL);
      g_autofree BsPosition *pos = bs_ruleset_new_position (rs, 7);
      int centre = bs_board_find_cell (rs->board, cases[i].centre, NULL);

      for (int c = 0; c < rs->n_cells; c++)
        g_assert_cmpint (pos->cells[c], ==, c == centre ? BS_CELL_EMPTY : BS_CELL_MAKE (1, 0, 0));
      g_assert_cmpint (pos->result, ==, BS_RESULT_WIN_1);
    }
}

/* Fewer than W×H−1 pieces in all is refused with that reason; exactly
 * W×H−1 with any split is fine. */
static void
test_too_few_pieces (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (BsVariant) variant = bs_variant_new_for_module ("tribes", &error);
  g_autoptr (BsRuleset) rs = NULL;

  g_assert_no_error (error);
  bs_variant_set_supply (variant, 1, "piece", 11);
  rs = bs_ruleset_new (variant, &error);
  g_assert_null (rs);
  g_assert_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message,
                            "Tribes needs at least 24 pieces in all, enough to fill every cell "
                            "but the centre, but the players have 23"));
  g_clear_error (&error);

  bs_variant_set_supply (variant, 1, "piece", 1);
  bs_variant_set_supply (variant, 2, "piece", 23);
  rs = bs_ruleset_new (variant, &error);
  g_assert_no_error (error);
  g_assert_nonnull (rs);
}

/* The orders of a piece: defend first, then the directions that stay on
 * the board (a corner has 3, an edge 5, the middle 8; with 4-adjacency 2,
 * 3 and 4); an empty cell has none. */
static void
test_piece_orders (void)
{
  const char *rows[] = { "1...2", ".....", "..2..", ".1...", "1...." };
  static const struct {
    const char *adjacency;
    const char *cell;
    const char *orders;
  } cases[] = {
    { "adjacency=8", "a1", "a1-a1 a1-a2 a1-b2 a1-b1" },
    { "adjacency=8", "b2", "b2-b2 b2-b3 b2-c3 b2-c2 b2-c1 b2-b1 b2-a1 b2-a2 b2-a3" },
    { "adjacency=8", "e5", "e5-e5 e5-e4 e5-d4 e5-d5" },
    { "adjacency=8", "c2", "" },
    { "adjacency=4", "a1", "a1-a1 a1-a2 a1-b1" },
    { "adjacency=4", "c3", "c3-c3 c3-c4 c3-d3 c3-c2 c3-b3" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (BsRuleset) rs = tribes_ruleset (cases[i].adjacency, NULL);
      g_autofree BsPosition *pos = position_from_rows (rs, rows);
      g_autofree BsMove *moves = g_new (BsMove, rs->max_moves);
      g_autoptr (GString) text = g_string_new (NULL);
      int cell = bs_board_find_cell (rs->board, cases[i].cell, NULL);
      guint n = rs->module->piece_orders (rs, pos, cell, moves);

      for (guint k = 0; k < n; k++)
        {
          g_autofree char *order = bs_ruleset_format_move (rs, pos, moves[k]);
          g_string_append_printf (text, "%s%s", k > 0 ? " " : "", order);
        }
      g_assert_cmpstr (text->str, ==, cases[i].orders);
    }
}

/* With 4-adjacency a piece moves and attacks only orthogonally: b2-c3 is
 * refused, and a diagonal neighbour does not attack. a2 moves onto the
 * defender b2: b2 is attacked → LIVING, a2 dies on the defender. c3
 * defends and nothing orthogonal points at it (b2 is diagonal and defends
 * anyway): it starves. e5-e4 lives. */
static void
test_adjacency_4 (void)
{
  const char *before[] = { "....2", ".....", "..2..", "11...", "....." };
  const char *after[] = { ".....", "....2", ".....", ".1...", "....." };
  g_autoptr (BsRuleset) rs = tribes_ruleset ("adjacency=4", NULL);
  g_autofree BsPosition *pos = position_from_rows (rs, before);
  g_autofree BsMove *steps = g_new (BsMove, bs_ruleset_max_turn_steps (rs));
  g_autoptr (GError) error = NULL;
  guint n = 0;

  g_assert_false (bs_ruleset_parse_turn (rs, pos, "a2-b2,b2-c3;c3-c3,e5-e4", steps, &n,
                                         &error));
  g_assert_error (error, BS_RULES_ERROR, BS_RULES_ERROR_ILLEGAL);
  g_assert_cmpstr (error->message, ==,
                   "illegal move \"a2-b2,b2-c3;c3-c3,e5-e4\": b2-c3: c3 is not next to b2: "
                   "a piece moves one cell, or defends with b2-b2");
  g_clear_error (&error);

  bs_ruleset_play_turn (rs, pos, "a2-b2,b2-b2;c3-c3,e5-e4", &error);
  g_assert_no_error (error);
  assert_rows (rs, pos, after);
  g_assert_cmpint (pos->result, ==, BS_RESULT_ONGOING);
}

/* A hole is skipped by the draw like the centre, and lowers the number
 * of pieces needed: 5×5 with a1 removed needs 23; 12 + 12 leaves one
 * piece in the bag. */
static void
test_setup_hole (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (BsVariant) variant = bs_variant_new_for_module ("tribes", &error);
  g_autoptr (BsRuleset) rs = NULL;
  g_autofree BsPosition *pos = NULL;
  BsVariantHole hole = { g_strdup ("a1"), 0 };
  gboolean is_hole = FALSE;
  int centre;

  g_assert_no_error (error);
  g_array_append_val (variant->holes, hole);
  bs_variant_set_supply (variant, 1, "piece", 11);
  rs = bs_ruleset_new (variant, &error);
  g_assert_no_error (error);
  g_assert_cmpint (rs->n_cells, ==, 24);
  g_assert_cmpint (bs_board_find_cell (rs->board, "a1", &is_hole), ==, BS_NO_CELL);
  g_assert_true (is_hole);

  pos = bs_ruleset_new_position (rs, 3);
  centre = bs_board_find_cell (rs->board, "c3", NULL);
  for (int c = 0; c < rs->n_cells; c++)
    g_assert_cmpint (pos->cells[c] == BS_CELL_EMPTY, ==, c == centre);
  g_assert_cmpint (bs_position_pieces (pos, 1) + bs_position_pieces (pos, 2), ==, 23);
  g_clear_pointer (&rs, bs_ruleset_unref);

  bs_variant_set_supply (variant, 2, "piece", 11);
  rs = bs_ruleset_new (variant, &error);
  g_assert_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "at least 23 pieces in all"));
}

/* The five steps read literally, independently of the module: for each
 * piece, look at its neighbours to see whether one points at it. */
static void
reference_round (const BsRuleset *rs,
                 const guint8    *cells,
                 const int       *target,
                 guint8          *out)
{
  int n = rs->n_cells;
  g_autofree gboolean *living = g_new0 (gboolean, n);
  g_autofree int *count = g_new0 (int, n);
  g_autofree guint8 *piece = g_new0 (guint8, n);

  for (int c = 0; c < n; c++)
    {
      gboolean attacked = FALSE;

      if (cells[c] == BS_CELL_EMPTY)
        continue;
      for (int d = 0; d < rs->n_dirs; d++)
        {
          int nb = rs->neighbours[c * rs->n_dirs + d];
          if (nb != BS_NO_CELL && cells[nb] != BS_CELL_EMPTY && target[nb] == c)
            attacked = TRUE;
        }
      if (target[c] == c)
        living[c] = attacked;
      else if (attacked)
        living[c] = FALSE;
      else
        living[c] = !(cells[target[c]] != BS_CELL_EMPTY && target[target[c]] == target[c]);
    }
  for (int c = 0; c < n; c++)
    if (cells[c] != BS_CELL_EMPTY && living[c])
      {
        count[target[c]]++;
        piece[target[c]] = cells[c];
      }
  for (int c = 0; c < n; c++)
    out[c] = count[c] == 1 ? piece[c] : BS_CELL_EMPTY;
}

/* Random rounds from random setups on a few boards: each resolution
 * matches the literal reading; every step undoes exactly; the Zobrist
 * hash stays right; the round's notation reads back to the same steps;
 * piece counts never grow; random_move only gives generated orders; every
 * game ends. */
static void
test_random_rounds (void)
{
  static const char *boards[][4] = {
    { NULL },
    { "width=3", "height=4", "adjacency=8", NULL },
    { "width=6", "height=6", "adjacency=4", "supply.1.piece=23" },
    { "width=7", "height=5", "supply.1.piece=30", "supply.2.piece=5" },
  };
  guint64 games = 0, rounds = 0;

  for (guint b = 0; b < G_N_ELEMENTS (boards); b++)
    {
      g_autoptr (BsRuleset) rs = tribes_ruleset (boards[b][0], boards[b][1], boards[b][2],
                                                 boards[b][3], NULL);
      guint max_steps = bs_ruleset_max_turn_steps (rs);
      g_autofree BsMove *moves = g_new (BsMove, rs->max_moves);
      g_autofree BsMove *scratch = g_new (BsMove, rs->max_moves);
      g_autofree BsMove *steps = g_new (BsMove, max_steps);
      g_autofree BsMove *parsed = g_new (BsMove, max_steps);
      g_autofree int *target = g_new (int, rs->n_cells);
      g_autofree guint8 *expected = g_new (guint8, rs->n_cells);
      g_autoptr (GPtrArray) undos = g_ptr_array_new_with_free_func ((GDestroyNotify) bs_undo_free);
      BsRng rng;

      bs_rng_init (&rng, 1000 + b);
      for (guint i = 0; i < max_steps; i++)
        g_ptr_array_add (undos, bs_undo_new (rs));

      for (int game = 0; game < 150; game++, games++)
        {
          g_autofree BsPosition *pos = bs_ruleset_new_position (rs, bs_rng_next (&rng));
          g_autofree BsPosition *start = bs_position_dup (rs, pos);

          while (!bs_position_is_over (pos))
            {
              g_autofree char *text = NULL;
              g_autoptr (GError) error = NULL;
              int pieces = bs_position_pieces (pos, 1) + bs_position_pieces (pos, 2);
              guint n_steps = 0, n_parsed = 0;

              for (int c = 0; c < rs->n_cells; c++)
                target[c] = c;
              do
                {
                  BsMove move = bs_ruleset_random_move (rs, pos, &rng, scratch);
                  guint n = bs_ruleset_generate (rs, pos, moves);
                  gboolean found = FALSE;

                  for (guint i = 0; i < n; i++)
                    found |= moves[i] == move;
                  g_assert_true (found);
                  g_assert_null (bs_ruleset_explain (rs, pos, move));
                  g_assert_cmpuint (n_steps, <, max_steps);
                  target[move & 0x3FF] = (move >> 10) & 0x3FF;
                  steps[n_steps] = move;
                  bs_ruleset_apply (rs, pos, move, g_ptr_array_index (undos, n_steps));
                  n_steps++;
                }
              while (pos->step != 0);

              rounds++;
              g_assert_cmpuint (n_steps, ==, pieces);
              g_assert_cmpuint (pos->ply, ==, start->ply + 1);
              reference_round (rs, start->cells, target, expected);
              g_assert_cmpmem (pos->cells, rs->n_cells, expected, rs->n_cells);
              g_assert_cmpuint (pos->hash, ==, bs_position_compute_cells_hash (rs, pos));
              g_assert_cmpint (bs_position_pieces (pos, 1) + bs_position_pieces (pos, 2), <=,
                               pieces);

              text = bs_ruleset_format_turn (rs, start, steps, n_steps);
              g_assert_true (bs_ruleset_parse_turn (rs, start, text, parsed, &n_parsed, &error));
              g_assert_no_error (error);
              g_assert_cmpmem (parsed, n_parsed * sizeof (BsMove), steps,
                               n_steps * sizeof (BsMove));

              {
                g_autofree BsPosition *back = bs_position_dup (rs, pos);

                for (guint i = n_steps; i-- > 0;)
                  bs_ruleset_undo (rs, back, g_ptr_array_index (undos, i));
                g_assert_true (bs_position_equal (rs, back, start));
              }
              bs_position_copy (rs, start, pos);
              g_assert_cmpuint (pos->ply, <, 10000);
            }
        }
    }
  g_test_message ("%" G_GUINT64_FORMAT " games, %" G_GUINT64_FORMAT " rounds", games, rounds);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/tribes/round/defender-attacked", test_defender_attacked);
  g_test_add_func ("/tribes/round/defender-attacked-twice", test_defender_attacked_twice);
  g_test_add_func ("/tribes/round/defender-starves", test_defender_starves);
  g_test_add_func ("/tribes/round/mover-into-own-defender", test_mover_into_own_defender);
  g_test_add_func ("/tribes/round/swap", test_swap);
  g_test_add_func ("/tribes/round/attack-on-fleeing-piece", test_attack_on_fleeing_piece);
  g_test_add_func ("/tribes/round/chain", test_chain);
  g_test_add_func ("/tribes/round/three-meet", test_three_meet);
  g_test_add_func ("/tribes/round/two-meet-same-player", test_two_meet_same_player);
  g_test_add_func ("/tribes/end/both-lose", test_both_lose);
  g_test_add_func ("/tribes/end/one-player-left", test_one_player_left);
  g_test_add_func ("/tribes/end/no-removal-more-pieces", test_no_removal_more_pieces);
  g_test_add_func ("/tribes/end/no-removal-equal", test_no_removal_equal);
  g_test_add_func ("/tribes/end/max-plies", test_max_plies);
  g_test_add_func ("/tribes/steps", test_steps);
  g_test_add_func ("/tribes/notation", test_notation);
  g_test_add_func ("/tribes/notation-errors", test_notation_errors);
  g_test_add_func ("/tribes/setup/default", test_setup_default);
  g_test_add_func ("/tribes/setup/draw-order", test_setup_draw_order);
  g_test_add_func ("/tribes/setup/centre", test_setup_centre);
  g_test_add_func ("/tribes/setup/too-few-pieces", test_too_few_pieces);
  g_test_add_func ("/tribes/setup/hole", test_setup_hole);
  g_test_add_func ("/tribes/piece-orders", test_piece_orders);
  g_test_add_func ("/tribes/adjacency-4", test_adjacency_4);
  g_test_add_func ("/tribes/random-rounds", test_random_rounds);

  return g_test_run ();
}
