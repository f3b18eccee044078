/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Abrobad, checked against positions worked out by hand from RULES.md.
 *
 * Most positions are on the limping board of n = 2 (12 cells). Grid
 * coordinates (col, row) from 0, labels as in CLI.md; neighbours of
 * (c, r): E (c+1, r), NE (c+1, r+1), NW (c, r+1), W (c-1, r),
 * SW (c-1, r-1), SE (c, r-1). The board is -1 <= c - r <= 2 inside
 * 0 <= c, r <= 3:
 *
 *          c4  d4            row 4: (2,3) (3,3)
 *        b3  c3  d3          row 3: (1,2) (2,2) (3,2)
 *      a2  b2  c2  d2        row 2: (0,1) (1,1) (2,1) (3,1)
 *        a1  b1  c1          row 1: (0,0) (1,0) (2,0)
 *
 * Lines used below: row 2 a2-b2-c2-d2 (E); a1-b2-c3-d4 and b1-c2-d3 (NE);
 * column d d2-d3-d4 and column c c1-c2-c3-c4 (NW). */

#include "config.h"

#include <math.h>

#include "bs-error.h"
#include "bs-ruleset.h"
#include "hexgames-test-util.h"

static const char *movement_ids[] = { "first-empty", "hop", "step", "slide", "max-slide" };

static BsRuleset *
limping2 (const char *movement)
{
  g_autofree char *set_movement = g_strdup_printf ("movement=%s", movement);
  const char *settings[] = { "shape=limping", "size=2", set_movement, NULL };

  return hx_ruleset ("abrobad", settings, NULL, NULL, NULL);
}

static void
assert_moves (const BsRuleset *rs, const BsPosition *pos, const char *expected)
{
  g_autofree char *moves = hx_moves (rs, pos);

  g_assert_cmpstr (moves, ==, expected);
}

static void
assert_scores (const BsRuleset *rs, const BsPosition *pos, int s1, int s2)
{
  int scores[2];

  bs_ruleset_scores (rs, pos, scores);
  g_assert_cmpint (scores[0], ==, s1);
  g_assert_cmpint (scores[1], ==, s2);
}

static void
assert_refused (const BsRuleset *rs, const BsPosition *pos, const char *move,
                const char *reason)
{
  g_autofree char *why = hx_refusal (rs, pos, move);

  g_assert_nonnull (why);
  if (strstr (why, reason) == NULL)
    g_error ("%s refused with “%s”, expected it to say “%s”", move, why, reason);
}

static void
test_declaration (void)
{
  const BsModule *m = bs_module_find ("abrobad");
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariant) variant = NULL;
  g_autoptr(BsRuleset) rs = NULL;
  int movement, max_plies;

  g_assert_nonnull (m);
  movement = bs_module_option_index (m, "movement");
  max_plies = bs_module_option_index (m, "max-plies");
  g_assert_cmpint (movement, >=, 0);
  g_assert_cmpint (max_plies, >=, 0);
  g_assert_cmpint (m->options[movement].type, ==, BS_OPTION_ENUM);
  g_assert_cmpstr (m->options[movement].choices[m->options[movement].default_value], ==,
                   "first-empty");
  for (guint i = 0; i < G_N_ELEMENTS (movement_ids); i++)
    g_assert_cmpstr (m->options[movement].choices[i], ==, movement_ids[i]);
  g_assert_null (m->options[movement].choices[G_N_ELEMENTS (movement_ids)]);
  g_assert_cmpint (m->options[max_plies].default_value, ==, 2250);
  g_assert_cmpint (m->options[max_plies].default_per_cell, ==, 30);
  g_assert_cmpint (m->options[max_plies].min, ==, 0);
  g_assert_cmpint (m->options[max_plies].max, ==, 100000);
  g_assert_cmpint (bs_module_kind_index (m, "stone"), ==, 0);
  g_assert_true (m->unlimited_supply);

  /* The default board is the limping board of n = 5: 3n² = 75 cells. */
  variant = bs_variant_new_for_module ("abrobad", &error);
  g_assert_no_error (error);
  rs = bs_ruleset_new (variant, &error);
  g_assert_no_error (error);
  g_assert_cmpint (bs_board_get_spec (rs->board)->shape, ==, BS_SHAPE_LIMPING);
  g_assert_cmpint (rs->n_cells, ==, 75);
  g_assert_cmpint (rs->options[max_plies], ==, 2250);
}

static void
test_square_refused (void)
{
  const char *settings[] = { "shape=square", "width=5", "height=5", NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(BsRuleset) rs = hx_ruleset_try ("abrobad", settings, NULL, NULL, NULL, &error);

  g_assert_null (rs);
  g_assert_nonnull (error);
}

/* On the empty board every cell is a placement. */
static void
test_empty_board (void)
{
  g_autoptr(BsRuleset) rs = limping2 ("first-empty");
  g_autofree BsPosition *pos = bs_ruleset_new_position (rs, 0);

  g_assert_cmpint (rs->n_cells, ==, 12);
  assert_moves (rs, pos, "a1 a2 b1 b2 b3 c1 c2 c3 c4 d2 d3 d4");
  assert_scores (rs, pos, 0, 0);
}

/* Light b2 d3, Dark c2, Light to move. The empty cells are a1 b1 c1 a2 d2
 * b3 c3 c4 d4. Around b2: c2 c3 b3 a2 a1 b1; around d3: d4 c3 c2 d2 (its E,
 * NE are off the board). What touches no Light stone: c1 (around it d2 c2
 * b1) and c4 (around it d4 b3 c3). Light must place on one of them: no
 * movement, no end. After c1, Dark (c2) may place on every empty cell not
 * around c2 (d2 d3 c3 b2 b1 c1): a1 a2 b3 c4 d4. */
static void
test_forced_placement (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (movement_ids); i++)
    {
      g_autoptr(BsRuleset) rs = limping2 (movement_ids[i]);
      g_autofree BsPosition *pos = hx_position (rs, "1: b2 d3; 2: c2", 1);

      assert_moves (rs, pos, "c1 c4");
      assert_refused (rs, pos, "a1", "a1 touches your own stone");
      assert_refused (rs, pos, "c2", "c2 is occupied");
      assert_refused (rs, pos, "end", "no placement is possible");
      assert_refused (rs, pos, "end", "c1");
      assert_refused (rs, pos, "b2-a2", "you must place");
      hx_play (rs, pos, "c1");
      assert_moves (rs, pos, "a1 a2 b3 c4 d4");
    }
}

/* The position of test_forced_placement, from the variant's fixed setup
 * (the module builds its cache in its setup hook): the same moves. After
 * Light's c4, Dark (c2) may place on the empty cells not around c2 (d2 c3
 * b1 c1 are): a1 a2 b3 d4. */
static void
test_fixed_setup (void)
{
  const char *cells[] = { "b2", "d3", "c2" };
  const int players[] = { 1, 1, 2 };
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariant) variant = bs_variant_new_for_module ("abrobad", &error);
  g_autoptr(BsRuleset) rs = NULL;
  g_autofree BsPosition *pos = NULL;

  g_assert_true (bs_variant_set (variant, "size", "2", &error));
  for (guint i = 0; i < G_N_ELEMENTS (cells); i++)
    {
      BsVariantPiece piece = { g_strdup (cells[i]), players[i], g_strdup ("stone"), -1, 0 };
      g_array_append_val (variant->setup, piece);
    }
  rs = bs_ruleset_new (variant, &error);
  g_assert_no_error (error);
  pos = bs_ruleset_new_position (rs, 0);
  assert_moves (rs, pos, "c1 c4");
  assert_scores (rs, pos, 2, 1);
  hx_play (rs, pos, "c4");
  assert_moves (rs, pos, "a1 a2 b3 d4");
}

/* Light a2 b2 b1 c1 c3 d4, Dark a1 c2 b3 d3 c4, d2 empty; Light to move.
 * d2 touches c1, so Light has no placement. Rays of Light's stones:
 *   a2: E over b2 (Light) and c2 (Dark), a mixed run, to d2; NE over b3,
 *       c4 off the board; SE over a1 off the board.
 *   b2: E over c2 to d2; NE over c3, d4 off; NW over b3 off; W over a2 off;
 *       SW over a1 off; SE over b1 off.
 *   b1: E over c1 off; NE over c2, d3 off; NW over b2, b3 off; W over a1 off.
 *   c1: NE d2 is adjacent and empty; NW over c2, c3, c4 off; W over b1, a1 off.
 *   c3: every ray runs over stones to the edge (E d3; NE d4; NW c4; W b3;
 *       SW b2 a1; SE c2 c1): blocked by the edge on all six.
 *   d4: SE over d3 to d2; W over c4 off; SW over c3, b2, a1 off.
 * first-empty: a2-d2 b2-d2 c1-d2 d4-d2. hop (over one stone at most): b2-d2
 * c1-d2 d4-d2. step, slide and max-slide (d2 is the only empty cell, and only
 * c1 touches it): c1-d2. Always the end move too. */
static void
test_movement_jumps (void)
{
  const char *expected[] = {
    "a2-d2 b2-d2 c1-d2 d4-d2 end",
    "b2-d2 c1-d2 d4-d2 end",
    "c1-d2 end",
    "c1-d2 end",
    "c1-d2 end",
  };

  for (guint i = 0; i < G_N_ELEMENTS (movement_ids); i++)
    {
      g_autoptr(BsRuleset) rs = limping2 (movement_ids[i]);
      g_autofree BsPosition *pos = hx_position (rs, "1: a2 b2 b1 c1 c3 d4; 2: a1 c2 b3 d3 c4", 1);

      assert_moves (rs, pos, expected[i]);
      assert_refused (rs, pos, "c3-d2", "c3 cannot reach d2");
      assert_refused (rs, pos, "c2-d2", "c2 holds no stone of yours");
      assert_refused (rs, pos, "c1-b2", "b2 is occupied");
      assert_refused (rs, pos, "d2", "d2 touches your own stone");
    }
}

/* Light b2 c1, Dark a1 b1 a2 b3 c3 d3 c4 d4, c2 and d2 empty; Light to
 * move. c2 touches b2 and c1, d2 touches c1: no placement. b2's E ray runs
 * c2, d2 (both empty) then the edge; its other rays meet Dark stones with
 * the edge or another stone behind (NE c3 d4; NW b3; W a2; SW a1; SE b1).
 * c1: NE d2 then the edge; NW c2 then c3 (Dark); W b1, a1 then the edge.
 *   first-empty, hop, step: b2-c2 c1-c2 c1-d2
 *   slide: also b2-d2
 *   max-slide: b2-d2 (not b2-c2) c1-c2 c1-d2 */
static void
test_movement_slides (void)
{
  const char *expected[] = {
    "b2-c2 c1-c2 c1-d2 end",
    "b2-c2 c1-c2 c1-d2 end",
    "b2-c2 c1-c2 c1-d2 end",
    "b2-c2 b2-d2 c1-c2 c1-d2 end",
    "b2-d2 c1-c2 c1-d2 end",
  };

  for (guint i = 0; i < G_N_ELEMENTS (movement_ids); i++)
    {
      g_autoptr(BsRuleset) rs = limping2 (movement_ids[i]);
      g_autofree BsPosition *pos = hx_position (rs, "1: b2 c1; 2: a1 b1 a2 b3 c3 d3 c4 d4", 1);

      assert_moves (rs, pos, expected[i]);
    }
}

/* From the slide position with first-empty: Light c1-d2 leaves c1 and c2
 * empty. Dark has no placement (c1 touches b1, c2 touches d3). Dark's
 * moves, by the cell they reach:
 *   c1: moving E from b1, and a1 over b1; from the NE the run behind is d2
 *       (Light); from the NW, c2 is empty, so nothing jumps to c1.
 *   c2: moving E, a2 over b2 (Light); NE from b1; SW from d3; SE from c3,
 *       and c4 over c3; from the E only Light d2.
 * Then Dark c4-c2 empties c4, whose neighbours d4 c3 b3 are all Dark: Light
 * must place there, its only move, although it could also move. A moved
 * stone may end next to its own stones (c2 next to b1, c3, d3). */
static void
test_forced_placement_after_move (void)
{
  g_autoptr(BsRuleset) rs = limping2 ("first-empty");
  g_autofree BsPosition *pos = hx_position (rs, "1: b2 c1; 2: a1 b1 a2 b3 c3 d3 c4 d4", 1);
  g_autofree char *stones = NULL;

  hx_play (rs, pos, "c1-d2");
  stones = hx_stones (rs, pos);
  g_assert_cmpstr (stones, ==, "1: b2 d2; 2: a1 b1 a2 b3 c3 d3 c4 d4");
  g_assert_cmpint (pos->to_move, ==, 2);
  assert_moves (rs, pos, "a1-c1 a2-c2 b1-c1 b1-c2 c3-c2 c4-c2 d3-c2 end");
  hx_play (rs, pos, "c4-c2");
  assert_moves (rs, pos, "c4");
  assert_refused (rs, pos, "d2-c1", "a placement is possible (for example on c4)");
  assert_refused (rs, pos, "end", "you can place on c4");
  hx_play (rs, pos, "c4");
  g_assert_cmpint (pos->ply, ==, 3);
  g_assert_cmpint (pos->result, ==, BS_RESULT_ONGOING);
}

/* Holes stop a ray like the edge. Light a2 c1 c3, Dark a1 b1 b2 b3 d3 c4 d4,
 * d2 empty (it touches c1: no placement). With c2 a Dark stone, a2 jumps E
 * over b2 and c2 to d2; with c2 a hole, a2's E ray ends at b2, and c3's SE
 * ray ends at once. c1 steps NE to d2 either way. */
static void
test_movement_holes (void)
{
  const char *settings[] = { "shape=limping", "size=2", NULL };
  const char *holes[] = { "c2", NULL };
  g_autoptr(BsRuleset) full = hx_ruleset ("abrobad", settings, NULL, NULL, NULL);
  g_autoptr(BsRuleset) holed = hx_ruleset ("abrobad", settings, holes, NULL, NULL);
  g_autofree BsPosition *pos_full =
    hx_position (full, "1: a2 c1 c3; 2: a1 b1 b2 b3 c2 d3 c4 d4", 1);
  g_autofree BsPosition *pos_holed = hx_position (holed, "1: a2 c1 c3; 2: a1 b1 b2 b3 d3 c4 d4", 1);
  g_autofree char *why = NULL;

  g_assert_cmpint (holed->n_cells, ==, 11);
  assert_moves (full, pos_full, "a2-d2 c1-d2 end");
  assert_moves (holed, pos_holed, "c1-d2 end");
  why = hx_refusal (holed, pos_holed, "c2");
  g_assert_nonnull (strstr (why, "c2 is a hole"));
}

/* The end move, Light ending in the position of test_movement_jumps: d2 is
 * filled with Dark. Light a2-b2-b1-c1 and b2-c3-d4 is one group. Dark: a1
 * alone (around it b1 b2 a2, all Light); c2 d2 d3; b3 c4: 3 groups. 1 <= 3,
 * the ender wins. Before the end, the scores are the current groups, here
 * the same: Light 1, Dark 3 (c2 and d3 touch already). */
static void
test_end_win (void)
{
  g_autoptr(BsRuleset) rs = limping2 ("first-empty");
  g_autofree BsPosition *pos = hx_position (rs, "1: a2 b2 b1 c1 c3 d4; 2: a1 c2 b3 d3 c4", 1);
  g_autofree char *stones = NULL;

  assert_scores (rs, pos, 1, 3);
  hx_play (rs, pos, "end");
  stones = hx_stones (rs, pos);
  g_assert_cmpstr (stones, ==, "1: b1 c1 a2 b2 c3 d4; 2: a1 c2 d2 b3 d3 c4");
  g_assert_cmpint (pos->result, ==, BS_RESULT_WIN_1);
  assert_scores (rs, pos, 1, 3);
}

/* A tie goes to the ender. Light b1 b2 b3 d3, Dark a1 c1 c2 c3 c4 d4, a2 and
 * d2 empty; Light to move, no placement (a2 touches b2, d2 touches d3).
 * Moves: b2 W to a2 and E over c2 to d2; b3 SW to a2; d3 SE to d2; the
 * other rays end at the edge over stones (b1 every way; b2 NE over c3 d4;
 * b3 E over c3 d3, NE over c4; d3 W over c3 b3, SW over c2 b1, NW over d4).
 * Current groups: Light b1-b2-b3 and d3 (2); Dark a1 and c1-c2-c3-c4-d4 (2).
 * Ending fills a2 and d2 with Dark: a1-a2 and c1-c2-c3-c4-d4-d2, still 2
 * against Light's 2: equal, so Light, who ended, wins. */
static void
test_end_tie_goes_to_ender (void)
{
  g_autoptr(BsRuleset) rs = limping2 ("first-empty");
  g_autofree BsPosition *pos = hx_position (rs, "1: b1 b2 b3 d3; 2: a1 c1 c2 c3 c4 d4", 1);

  assert_moves (rs, pos, "b2-a2 b2-d2 b3-a2 d3-d2 end");
  assert_scores (rs, pos, 2, 2);
  hx_play (rs, pos, "end");
  g_assert_cmpint (pos->result, ==, BS_RESULT_WIN_1);
  assert_scores (rs, pos, 2, 2);
  g_assert_cmpint (bs_position_pieces (pos, 2), ==, 8);
  g_assert_cmpint (pos->ply, ==, 1);
}

/* The same tie with the board full: no movement is possible, and the end
 * move is still there, alone. Filled by Dark it is the same tie; played by
 * Dark instead (same stones, Dark to move) it is the same count and Dark
 * wins as the ender. */
static void
test_end_full_board (void)
{
  g_autoptr(BsRuleset) rs = limping2 ("first-empty");
  g_autofree BsPosition *pos1 = hx_position (rs, "1: b1 b2 b3 d3; 2: a1 a2 c1 c2 c3 c4 d2 d4", 1);
  g_autofree BsPosition *pos2 = hx_position (rs, "1: b1 b2 b3 d3; 2: a1 a2 c1 c2 c3 c4 d2 d4", 2);

  assert_moves (rs, pos1, "end");
  hx_play (rs, pos1, "end");
  g_assert_cmpint (pos1->result, ==, BS_RESULT_WIN_1);
  assert_moves (rs, pos2, "end");
  hx_play (rs, pos2, "end");
  g_assert_cmpint (pos2->result, ==, BS_RESULT_WIN_2);
}

/* The ender loses. In the slide position Light (b2 and c1, not adjacent: 2
 * groups) ends: c2 d2 become Dark and Dark is one group (a1-b1-c2-d2-d3,
 * a1-a2-b3-c3-c4-d4...): 2 > 1, Dark wins. Scores: Light 2, Dark 1. */
static void
test_end_loss (void)
{
  g_autoptr(BsRuleset) rs = limping2 ("first-empty");
  g_autofree BsPosition *pos = hx_position (rs, "1: b2 c1; 2: a1 b1 a2 b3 c3 d3 c4 d4", 1);

  hx_play (rs, pos, "end");
  g_assert_cmpint (pos->result, ==, BS_RESULT_WIN_2);
  assert_scores (rs, pos, 2, 1);
}

/* Dark ends and loses: the position of test_end_win after Light c1-d2
 * (Light a2 b2 b1 d2 c3 d4; Dark a1 c2 b3 d3 c4; c1 empty, touching Dark
 * c2). Dark's moves all reach c1: a1 E over b1; c2 SE, and c4 SE over c3
 * and c2; from the NE only Light d2 lies behind c1. Dark ends: the fill
 * makes c1 Light, Light is one group (b1-c1-d2), Dark keeps a1, c2-d3 and
 * b3-c4: 3 > 1, Light wins. */
static void
test_end_loss_player2 (void)
{
  g_autoptr(BsRuleset) rs = limping2 ("first-empty");
  g_autofree BsPosition *pos = hx_position (rs, "1: a2 b2 b1 c1 c3 d4; 2: a1 c2 b3 d3 c4", 1);

  hx_play (rs, pos, "c1-d2");
  assert_moves (rs, pos, "a1-c1 c2-c1 c4-c1 end");
  hx_play (rs, pos, "end");
  g_assert_cmpint (pos->result, ==, BS_RESULT_WIN_1);
  assert_scores (rs, pos, 1, 3);
}

/* max-plies = 3: after a1, d4, c1 (none touches its player's own stones)
 * the game is a draw, and no move is accepted any more. */
static void
test_max_plies (void)
{
  const char *settings[] = { "shape=limping", "size=2", "max-plies=3", NULL };
  g_autoptr(BsRuleset) rs = hx_ruleset ("abrobad", settings, NULL, NULL, NULL);
  g_autofree BsPosition *pos = bs_ruleset_new_position (rs, 0);
  g_autoptr(GError) error = NULL;
  BsMove move;

  hx_play (rs, pos, "a1 d4");
  g_assert_cmpint (pos->result, ==, BS_RESULT_ONGOING);
  hx_play (rs, pos, "c1");
  g_assert_cmpint (pos->result, ==, BS_RESULT_DRAW);
  g_assert_false (bs_ruleset_parse_move (rs, pos, "b3", &move, &error));
  g_assert_error (error, BS_RULES_ERROR, BS_RULES_ERROR_GAME_OVER);
}

static void
test_notation (void)
{
  g_autoptr(BsRuleset) rs = limping2 ("first-empty");
  g_autofree BsPosition *pos = bs_ruleset_new_position (rs, 0);
  const char *malformed[] = {
    "", "z9", "a9", "a1-", "-a1", "a1-b2-c3", "A1", "pass", "end ", "1a"
  };
  BsMove move;

  for (guint i = 0; i < G_N_ELEMENTS (malformed); i++)
    {
      g_autoptr(GError) error = NULL;
      if (bs_ruleset_parse_move (rs, pos, malformed[i], &move, &error))
        g_error ("“%s” was accepted", malformed[i]);
      g_assert_error (error, BS_RULES_ERROR, BS_RULES_ERROR_MALFORMED);
      g_assert_nonnull (strstr (error->message, malformed[i]));
    }
  {
    g_autoptr(GError) error = NULL;
    g_assert_false (bs_ruleset_parse_move (rs, pos, "a1-b2", &move, &error));
    g_assert_error (error, BS_RULES_ERROR, BS_RULES_ERROR_ILLEGAL);
  }
  /* Every notation round-trips. */
  {
    g_autofree BsPosition *mid = hx_position (rs, "1: a2 b2 b1 c1 c3 d4; 2: a1 c2 b3 d3 c4", 1);
    g_autofree BsMove *moves = g_new (BsMove, rs->max_moves);
    guint n = bs_ruleset_generate (rs, mid, moves);
    for (guint i = 0; i < n; i++)
      {
        g_autoptr(GError) error = NULL;
        g_autofree char *text = bs_ruleset_format_move (rs, mid, moves[i]);
        g_assert_true (bs_ruleset_parse_move (rs, mid, text, &move, &error));
        g_assert_no_error (error);
        g_assert_cmpuint (move, ==, moves[i]);
      }
  }
}

/* Other shapes: the ordinary hexagon of side 2 (7 cells: a1 b1; a2 b2 c2;
 * b3 c3) and the rhombus. On the hexagon, a stone on the centre b2 touches
 * every other cell, so Light has no placement at all and must move: with
 * first-empty, b2 steps to any of its six neighbours. */
static void
test_other_shapes (void)
{
  const char *hexagon[] = { "shape=hexagon", "size=2", NULL };
  const char *rhombus[] = { "shape=hex-rhombus", "width=3", "height=2", NULL };
  g_autoptr(BsRuleset) rs = hx_ruleset ("abrobad", hexagon, NULL, NULL, NULL);
  g_autoptr(BsRuleset) rh = hx_ruleset ("abrobad", rhombus, NULL, NULL, NULL);
  g_autofree BsPosition *pos = hx_position (rs, "1: b2", 1);
  g_autofree BsPosition *rpos = hx_position (rh, "1: b1", 1);

  g_assert_cmpint (rs->n_cells, ==, 7);
  assert_moves (rs, pos, "b2-a1 b2-a2 b2-b1 b2-b3 b2-c2 b2-c3 end");
  /* Rhombus 3 x 2: a1 b1 c1 / a2 b2 c2. Around b1: c1, c2 (NE), b2 (NW), a1:
   * a2 is Light's only placement. */
  assert_moves (rh, rpos, "a2");
}

/* random_move must be exactly uniform over generate's moves: checked with a
 * chi-square test at positions met in random playouts, for every movement
 * option, on the limping board (n = 3) and the hexagon (side 3). */
static void
test_random_move_uniform (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (movement_ids); i++)
    {
      g_autofree char *set_movement = g_strdup_printf ("movement=%s", movement_ids[i]);
      const char *limping[] = { "shape=limping", "size=3", set_movement, NULL };
      const char *hexagon[] = { "shape=hexagon", "size=3", set_movement, NULL };
      g_autoptr(BsRuleset) rs1 = hx_ruleset ("abrobad", limping, NULL, NULL, NULL);
      g_autoptr(BsRuleset) rs2 = hx_ruleset ("abrobad", hexagon, NULL, NULL, NULL);

      hx_check_uniform_playouts (rs1, 77 + i, 6, 5);
      hx_check_uniform_playouts (rs2, 99 + i, 6, 5);
    }
  /* And with many draws on small hand-made positions (whose cache the
   * module must recompute), in both phases, to catch small biases. */
  for (guint i = 0; i < G_N_ELEMENTS (movement_ids); i++)
    {
      g_autoptr(BsRuleset) rs = limping2 (movement_ids[i]);
      g_autofree BsPosition *empty = bs_ruleset_new_position (rs, 0);
      g_autofree BsPosition *two = hx_position (rs, "1: b2 d3; 2: c2", 1);
      g_autofree BsPosition *jumps = hx_position (rs, "1: a2 b2 b1 c1 c3 d4; 2: a1 c2 b3 d3 c4", 1);
      g_autofree BsPosition *slides = hx_position (rs, "1: b2 c1; 2: a1 b1 a2 b3 c3 d3 c4 d4", 1);
      BsRng rng;

      bs_rng_init (&rng, 5 + i);
      hx_check_uniform (rs, empty, &rng, 2000);
      hx_check_uniform (rs, two, &rng, 8000);
      hx_check_uniform (rs, jumps, &rng, 4000);
      hx_check_uniform (rs, slides, &rng, 4000);
    }
}

/* The cache kept in the position's extra bytes equals the one computed
 * from the cells, after every move of random games. */
static void
test_cache (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (movement_ids); i++)
    {
      g_autofree char *set_movement = g_strdup_printf ("movement=%s", movement_ids[i]);
      const char *limping[] = { "shape=limping", "size=3", set_movement, NULL };
      const char *holed[] = { "shape=hexagon", "size=4", set_movement, NULL };
      const char *holes[] = { "d4", "b2", "f5", NULL };
      g_autoptr(BsRuleset) rs1 = hx_ruleset ("abrobad", limping, NULL, NULL, NULL);
      g_autoptr(BsRuleset) rs2 = hx_ruleset ("abrobad", holed, holes, NULL, NULL);

      hx_check_cache_playouts (rs1, 11 + i, 10);
      hx_check_cache_playouts (rs2, 21 + i, 10);
    }
}

/* Ludii 1.3.12 (RULES.md): uniformly random playouts with the default
 * movement last 16.8 plies on n = 2, 41.6 on n = 3, 82.2 on n = 4 (over
 * 2,000 games each), and player 1 wins about half of them. Our mean over
 * 8,000 playouts must agree within 3.5 standard errors of the difference of
 * the two means (ours and Ludii's, each with our sample's spread): about
 * 4% here, while a different movement rule moves n = 4 by 10% or more. */
static void
test_ludii_figures (void)
{
  const struct { int n; double plies; } ludii[] = { { 2, 16.8 }, { 3, 41.6 }, { 4, 82.2 } };
  const guint n_playouts = 8000;

  for (guint i = 0; i < G_N_ELEMENTS (ludii); i++)
    {
      g_autofree char *size = g_strdup_printf ("size=%d", ludii[i].n);
      const char *settings[] = { "shape=limping", size, NULL };
      g_autoptr(BsRuleset) rs = hx_ruleset ("abrobad", settings, NULL, NULL, NULL);
      g_autofree BsMove *scratch = g_new (BsMove, rs->max_moves);
      g_autofree BsPosition *start = bs_ruleset_new_position (rs, 0);
      g_autofree BsPosition *pos = bs_position_dup (rs, start);
      double sum = 0, sum2 = 0, mean, sd, tolerance;
      guint wins1 = 0;
      BsRng rng;

      bs_rng_init (&rng, 20191118 + ludii[i].n);
      for (guint g = 0; g < n_playouts; g++)
        {
          bs_position_copy (rs, pos, start);
          while (!bs_position_is_over (pos))
            bs_ruleset_apply (rs, pos, bs_ruleset_random_move (rs, pos, &rng, scratch), NULL);
          g_assert_cmpint (pos->result, !=, BS_RESULT_DRAW);
          sum += pos->ply;
          sum2 += (double) pos->ply * pos->ply;
          wins1 += pos->result == BS_RESULT_WIN_1;
        }
      mean = sum / n_playouts;
      sd = sqrt (sum2 / n_playouts - mean * mean);
      tolerance = 3.5 * sd * sqrt (1.0 / n_playouts + 1.0 / 2000);
      g_test_message ("n = %d: mean %.2f plies (Ludii %.1f, tolerance %.2f), sd %.1f, "
                      "player 1 wins %.1f%%", ludii[i].n, mean, ludii[i].plies, tolerance, sd,
                      100.0 * wins1 / n_playouts);
      g_assert_cmpfloat (fabs (mean - ludii[i].plies), <=, tolerance);
      g_assert_cmpfloat (fabs ((double) wins1 / n_playouts - 0.5), <=, 0.04);
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/abrobad/declaration", test_declaration);
  g_test_add_func ("/abrobad/square-refused", test_square_refused);
  g_test_add_func ("/abrobad/empty-board", test_empty_board);
  g_test_add_func ("/abrobad/forced-placement", test_forced_placement);
  g_test_add_func ("/abrobad/forced-placement-after-move", test_forced_placement_after_move);
  g_test_add_func ("/abrobad/fixed-setup", test_fixed_setup);
  g_test_add_func ("/abrobad/movement/jumps", test_movement_jumps);
  g_test_add_func ("/abrobad/movement/slides", test_movement_slides);
  g_test_add_func ("/abrobad/movement/holes", test_movement_holes);
  g_test_add_func ("/abrobad/end/win", test_end_win);
  g_test_add_func ("/abrobad/end/tie-goes-to-ender", test_end_tie_goes_to_ender);
  g_test_add_func ("/abrobad/end/full-board", test_end_full_board);
  g_test_add_func ("/abrobad/end/loss", test_end_loss);
  g_test_add_func ("/abrobad/end/loss-player-2", test_end_loss_player2);
  g_test_add_func ("/abrobad/max-plies", test_max_plies);
  g_test_add_func ("/abrobad/notation", test_notation);
  g_test_add_func ("/abrobad/other-shapes", test_other_shapes);
  g_test_add_func ("/abrobad/random-move-uniform", test_random_move_uniform);
  g_test_add_func ("/abrobad/cache", test_cache);
  g_test_add_func ("/abrobad/ludii-figures", test_ludii_figures);

  return g_test_run ();
}
