/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Ikabegamá, checked against positions worked out by hand from RULES.md.
 *
 * Most positions are on the hexagon of side 3 (19 cells) with the Light
 * nest on a1 and the Dark nest on e5. Grid coordinates (col, row) from 0;
 * neighbours of (c, r): E (c+1, r), NE (c+1, r+1), NW (c, r+1), W (c-1, r),
 * SW (c-1, r-1), SE (c, r-1); the board is -2 <= c - r <= 2 inside
 * 0 <= c, r <= 4. The distance of (dc, dr) is max(|dc|, |dr|) when both have
 * the same sign, |dc| + |dr| otherwise.
 *
 *            c5  d5  e5            row 5: (2,4) (3,4) (4,4)
 *          b4  c4  d4  e4          row 4: (1,3) .. (4,3)
 *        a3  b3  c3  d3  e3        row 3: (0,2) .. (4,2)
 *          a2  b2  c2  d2          row 2: (0,1) .. (3,1)
 *            a1  b1  c1            row 1: (0,0) .. (2,0)
 *
 * Around the centre c3: b2 c2 b3 d3 c4 d4; at distance 2 from it: the
 * whole outer ring, a1 b1 c1 a2 d2 a3 e3 b4 e4 c5 d5 e5 (12 cells). */

#include "config.h"

#include "bs-error.h"
#include "bs-ruleset.h"
#include "hexgames-test-util.h"

static BsRuleset *
hexagon3 (const char *max_plies)
{
  const char *settings[] = { "shape=hexagon", "size=3", max_plies, NULL };

  return hx_ruleset ("ikabegama", settings, NULL, "a1", "e5");
}

static void
assert_moves (const BsRuleset *rs, const BsPosition *pos, const char *expected)
{
  g_autofree char *moves = hx_moves (rs, pos);

  g_assert_cmpstr (moves, ==, expected);
}

static void
assert_stones (const BsRuleset *rs, const BsPosition *pos, const char *expected)
{
  g_autofree char *stones = hx_stones (rs, pos);

  g_assert_cmpstr (stones, ==, expected);
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

/* The default variant: hexagon of side 5 (61 cells), Light's nest a1 and
 * Dark's i9, a token on each. Light's first moves: growths on a1's three
 * neighbours (b1 b2 a2) and jumps to the five cells at distance 2 that lie
 * on the board: c1 (2,0), c2 (2,1), c3 (2,2), b3 (1,2), a3 (0,2). */
static void
test_declaration (void)
{
  const BsModule *m = bs_module_find ("ikabegama");
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariant) variant = NULL;
  g_autoptr(BsRuleset) rs = NULL;
  g_autofree BsPosition *pos = NULL;
  int max_plies, nest;

  g_assert_nonnull (m);
  max_plies = bs_module_option_index (m, "max-plies");
  g_assert_cmpint (max_plies, >=, 0);
  g_assert_cmpint (m->options[max_plies].default_value, ==, 1830);
  g_assert_cmpint (m->options[max_plies].default_per_cell, ==, 30);
  g_assert_cmpint (bs_module_kind_index (m, "token"), ==, 0);
  nest = bs_module_special_index (m, "nest");
  g_assert_cmpint (nest, ==, 0);
  g_assert_true (m->specials[nest].per_player);
  g_assert_cmpstr (m->specials[nest].default_cells[1], ==, "a1");
  g_assert_cmpstr (m->specials[nest].default_cells[2], ==, "i9");
  g_assert_cmpstr (m->default_player_names[0], ==, "Light");
  g_assert_cmpstr (m->default_player_names[1], ==, "Dark");

  variant = bs_variant_new_for_module ("ikabegama", &error);
  g_assert_no_error (error);
  rs = bs_ruleset_new (variant, &error);
  g_assert_no_error (error);
  g_assert_cmpint (bs_board_get_spec (rs->board)->shape, ==, BS_SHAPE_HEXAGON);
  g_assert_cmpint (rs->n_cells, ==, 61);
  g_assert_cmpstr (bs_board_cell_label (rs->board, rs->specials[nest][1]), ==, "a1");
  g_assert_cmpstr (bs_board_cell_label (rs->board, rs->specials[nest][2]), ==, "i9");
  pos = bs_ruleset_new_position (rs, 0);
  assert_stones (rs, pos, "1: a1; 2: i9");
  assert_scores (rs, pos, 1, 1);
  assert_moves (rs, pos, "a1-a3 a1-b3 a1-c1 a1-c2 a1-c3 a2 b1 b2");
}

/* A growth adds a token; a jump moves one (and may leave the own nest). */
static void
test_growth_and_jump (void)
{
  g_autoptr(BsRuleset) rs = hexagon3 ("max-plies=300");
  g_autofree BsPosition *grow = bs_ruleset_new_position (rs, 0);
  g_autofree BsPosition *jump = bs_ruleset_new_position (rs, 0);

  assert_moves (rs, grow, "a1-a3 a1-b3 a1-c1 a1-c2 a1-c3 a2 b1 b2");
  assert_refused (rs, grow, "a1-b2", "a jump goes exactly two cells away, and b2 is 1 from a1");
  assert_refused (rs, grow, "a1-d3", "d3 is 3 from a1");
  assert_refused (rs, grow, "c3", "c3 is not next to any of your tokens");
  assert_refused (rs, grow, "e5", "e5 is occupied");
  assert_refused (rs, grow, "e5-c3", "e5 holds no token of yours");
  assert_refused (rs, grow, "pass", "you can pass only when you have no move");

  hx_play (rs, grow, "b2");
  assert_stones (rs, grow, "1: a1 b2; 2: e5");
  assert_scores (rs, grow, 2, 1);
  g_assert_cmpint (grow->to_move, ==, 2);

  hx_play (rs, jump, "a1-c3");
  assert_stones (rs, jump, "1: c3; 2: e5");
  assert_scores (rs, jump, 1, 1);
  g_assert_cmpint (jump->result, ==, BS_RESULT_ONGOING);
}

/* Light alone on c3 (the nest tokens removed), Dark on d4. Growths: the
 * empty neighbours b2 c2 b3 d3 c4. Jumps: all 12 cells of the outer ring,
 * whatever lies between (d4 is Dark). */
static void
test_twelve_jumps (void)
{
  g_autoptr(BsRuleset) rs = hexagon3 ("max-plies=300");
  g_autofree BsPosition *pos = hx_position (rs, "0: a1 e5; 1: c3; 2: d4", 1);

  assert_moves (rs, pos,
                "b2 b3 c2 "
                "c3-a1 c3-a2 c3-a3 c3-b1 c3-b4 c3-c1 c3-c5 c3-d2 c3-d5 c3-e3 c3-e4 c3-e5 "
                "c4 d3");
}

/* The same with holes on b1 and e3 (at distance 2) and c2 (next to c3, and
 * between c3 and c1): b1 and e3 are no destinations and c2 no growth, but
 * the jump to c1 over the hole remains. */
static void
test_jumps_with_holes (void)
{
  const char *settings[] = { "shape=hexagon", "size=3", NULL };
  const char *holes[] = { "b1", "e3", "c2", NULL };
  g_autoptr(BsRuleset) rs = hx_ruleset ("ikabegama", settings, holes, "a1", "e5");
  g_autofree BsPosition *pos = hx_position (rs, "0: a1 e5; 1: c3; 2: d4", 1);
  g_autofree char *why = NULL;

  g_assert_cmpint (rs->n_cells, ==, 16);
  assert_moves (rs, pos,
                "b2 b3 "
                "c3-a1 c3-a2 c3-a3 c3-b4 c3-c1 c3-c5 c3-d2 c3-d5 c3-e4 c3-e5 "
                "c4 d3");
  why = hx_refusal (rs, pos, "c3-b1");
  g_assert_nonnull (strstr (why, "b1 is a hole"));
}

/* Light grows on d5 (next to its c4). Around d5: e5 (Dark, the Dark nest),
 * c5, c4, d4 (Dark); E, NE, NW are off the board. e5 and d4 turn Light, and
 * a Light token on the Dark nest wins, though it got there by flipping.
 * d3 is not next to d5 and stays Dark. */
static void
test_flip_wins_by_growth (void)
{
  g_autoptr(BsRuleset) rs = hexagon3 ("max-plies=300");
  g_autofree BsPosition *pos = hx_position (rs, "1: c4; 2: d4 d3", 1);

  hx_play (rs, pos, "d5");
  assert_stones (rs, pos, "1: a1 c4 d4 d5 e5; 2: d3");
  g_assert_cmpint (pos->result, ==, BS_RESULT_WIN_1);
  assert_scores (rs, pos, 5, 1);
}

/* Light jumps c3-e4 (distance 2). Around e4: e5 (the Dark nest), d4, d3, e3.
 * The Dark token on e5 turns Light: Light wins. */
static void
test_flip_wins_by_jump (void)
{
  g_autoptr(BsRuleset) rs = hexagon3 ("max-plies=300");
  g_autofree BsPosition *pos = hx_position (rs, "1: c3", 1);

  hx_play (rs, pos, "c3-e4");
  assert_stones (rs, pos, "1: a1 e4 e5; 2:");
  g_assert_cmpint (pos->result, ==, BS_RESULT_WIN_1);
}

/* Reaching the nest itself: Light grows on the empty Dark nest e5 next to
 * d4; Dark jumps c1-a1 onto the empty Light nest (distance 2 along row 1). */
static void
test_win_on_nest (void)
{
  g_autoptr(BsRuleset) rs = hexagon3 ("max-plies=300");
  g_autofree BsPosition *light = hx_position (rs, "0: e5; 1: d4; 2: c1", 1);
  g_autofree BsPosition *dark = hx_position (rs, "0: a1; 1: b3; 2: c1", 2);

  hx_play (rs, light, "e5");
  g_assert_cmpint (light->result, ==, BS_RESULT_WIN_1);
  hx_play (rs, dark, "c1-a1");
  assert_stones (rs, dark, "1: b3; 2: a1 e5");
  g_assert_cmpint (dark->result, ==, BS_RESULT_WIN_2);
}

/* Six flips at once: Light jumps a1-c3 into a ring of six Dark tokens; all
 * turn Light. Dark's nest e5 is not next to c3, so the game goes on. */
static void
test_six_flips (void)
{
  g_autoptr(BsRuleset) rs = hexagon3 ("max-plies=300");
  g_autofree BsPosition *pos = hx_position (rs, "2: b2 c2 b3 d3 c4 d4", 1);

  hx_play (rs, pos, "a1-c3");
  assert_stones (rs, pos, "1: b2 c2 b3 c3 d3 c4 d4; 2: e5");
  assert_scores (rs, pos, 7, 1);
  g_assert_cmpint (pos->result, ==, BS_RESULT_ONGOING);
  g_assert_cmpint (pos->to_move, ==, 2);
}

/* Dark's only token e5 (a corner) has Light on its neighbours d5 d4 e4 and
 * on every cell at distance 2 that exists: c5 c4 c3 d3 e3. Dark has no
 * growth and no jump: its only move is pass. After Light's b1 the
 * passes are not consecutive, and Dark's second pass does not end the game. */
static void
test_forced_pass (void)
{
  g_autoptr(BsRuleset) rs = hexagon3 ("max-plies=300");
  g_autofree BsPosition *pos = hx_position (rs, "1: d5 d4 e4 c5 c4 c3 d3 e3", 2);

  assert_moves (rs, pos, "pass");
  assert_refused (rs, pos, "e5-c4", "c4 is occupied");
  hx_play (rs, pos, "pass");
  g_assert_cmpint (pos->result, ==, BS_RESULT_ONGOING);
  g_assert_cmpint (pos->ply, ==, 1);
  g_assert_cmpint (pos->to_move, ==, 1);
  assert_refused (rs, pos, "pass", "you can pass only when you have no move");
  hx_play (rs, pos, "b1");
  assert_moves (rs, pos, "pass");
  hx_play (rs, pos, "pass");
  g_assert_cmpint (pos->result, ==, BS_RESULT_ONGOING);
  g_assert_cmpint (pos->ply, ==, 3);
}

/* The hexagon of side 2 (a1 b1; a2 b2 c2; b3 c3), nests a1 and c3, full:
 * Light passes, Dark passes, and the second pass ends the game in a draw. */
static void
test_double_pass_draw (void)
{
  const char *settings[] = { "shape=hexagon", "size=2", NULL };
  g_autoptr(BsRuleset) rs = hx_ruleset ("ikabegama", settings, NULL, "a1", "c3");
  g_autofree BsPosition *pos = hx_position (rs, "1: b1 a2 b2; 2: c2 b3", 1);

  g_assert_cmpint (rs->n_cells, ==, 7);
  assert_stones (rs, pos, "1: a1 b1 a2 b2; 2: c2 b3 c3");
  assert_moves (rs, pos, "pass");
  hx_play (rs, pos, "pass");
  g_assert_cmpint (pos->result, ==, BS_RESULT_ONGOING);
  assert_moves (rs, pos, "pass");
  hx_play (rs, pos, "pass");
  g_assert_cmpint (pos->result, ==, BS_RESULT_DRAW);
  g_assert_cmpint (pos->ply, ==, 2);
}

/* max-plies = 4: b1 (next to a1), d5 (next to e5), b2, d4 flip nothing and
 * reach no nest; the fourth ply ends the game in a draw. A win on the last
 * allowed ply is a win: the flip of test_flip_wins_by_growth with
 * max-plies = 1. */
static void
test_max_plies (void)
{
  g_autoptr(BsRuleset) rs = hexagon3 ("max-plies=4");
  g_autoptr(BsRuleset) rs1 = hexagon3 ("max-plies=1");
  g_autofree BsPosition *pos = bs_ruleset_new_position (rs, 0);
  g_autofree BsPosition *win = hx_position (rs1, "1: c4; 2: d4 d3", 1);
  g_autoptr(GError) error = NULL;
  BsMove move;

  hx_play (rs, pos, "b1 d5 b2");
  g_assert_cmpint (pos->result, ==, BS_RESULT_ONGOING);
  hx_play (rs, pos, "d4");
  g_assert_cmpint (pos->result, ==, BS_RESULT_DRAW);
  g_assert_false (bs_ruleset_parse_move (rs, pos, "c1", &move, &error));
  g_assert_error (error, BS_RULES_ERROR, BS_RULES_ERROR_GAME_OVER);

  hx_play (rs1, win, "d5");
  g_assert_cmpint (win->result, ==, BS_RESULT_WIN_1);
}

static void
test_notation (void)
{
  g_autoptr(BsRuleset) rs = hexagon3 ("max-plies=300");
  g_autofree BsPosition *pos = bs_ruleset_new_position (rs, 0);
  const char *malformed[] = { "", "z9", "a5", "a1-", "a1-c1-c3", "A1", "end", "pass " };
  BsMove move;

  for (guint i = 0; i < G_N_ELEMENTS (malformed); i++)
    {
      g_autoptr(GError) error = NULL;
      if (bs_ruleset_parse_move (rs, pos, malformed[i], &move, &error))
        g_error ("“%s” was accepted", malformed[i]);
      g_assert_error (error, BS_RULES_ERROR, BS_RULES_ERROR_MALFORMED);
    }
}

/* Nests must be two different cells of the board; setup pieces may not
 * sit on them (the rules put each player's token there). */
static void
test_invalid_nests (void)
{
  const char *settings[] = { "shape=hexagon", "size=3", NULL };
  const char *holes[] = { "c3", NULL };
  struct { const char *nest1, *nest2; const char * const *holes; const char *says; } cases[] = {
    { "c3", "c3", NULL, "different" },
    { "a1", "z9", NULL, "z9" },
    { "c3", "e5", holes, "c3" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(BsRuleset) rs = hx_ruleset_try ("ikabegama", settings, cases[i].holes,
                                                cases[i].nest1, cases[i].nest2, &error);
      g_assert_null (rs);
      g_assert_nonnull (error);
      if (strstr (error->message, cases[i].says) == NULL)
        g_error ("case %u: “%s” does not mention %s", i, error->message, cases[i].says);
    }
  /* The default nest i9 is off a hexagon of side 3: an error, not a crash. */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(BsRuleset) rs = hx_ruleset_try ("ikabegama", settings, NULL, NULL, NULL, &error);
    g_assert_null (rs);
    g_assert_nonnull (error);
  }
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(BsVariant) variant = bs_variant_new_for_module ("ikabegama", &error);
    g_autoptr(BsRuleset) rs = NULL;
    BsVariantPiece piece = { g_strdup ("i9"), 1, g_strdup ("token"), -1, 0 };

    g_array_append_val (variant->setup, piece);
    rs = bs_ruleset_new (variant, &error);
    g_assert_null (rs);
    g_assert_nonnull (error);
    g_assert_nonnull (strstr (error->message, "i9"));
  }
  /* Fixed setup tokens elsewhere are fine and count. */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(BsVariant) variant = bs_variant_new_for_module ("ikabegama", &error);
    g_autoptr(BsRuleset) rs = NULL;
    g_autofree BsPosition *pos = NULL;
    BsVariantPiece piece = { g_strdup ("e5"), 2, g_strdup ("token"), -1, 0 };

    g_array_append_val (variant->setup, piece);
    rs = bs_ruleset_new (variant, &error);
    g_assert_no_error (error);
    pos = bs_ruleset_new_position (rs, 0);
    assert_stones (rs, pos, "1: a1; 2: e5 i9");
  }
}

/* Boards for the property checks: the default, holes, other shapes, nests
 * anywhere (even side by side). */
typedef struct {
  const char *settings[3];
  const char *holes[4];
  const char *nest1, *nest2;
} Board;

static const Board boards[] = {
  { { "shape=hexagon", "size=3" }, { NULL }, "a1", "e5" },
  { { "shape=hexagon", "size=5" }, { "e5", "c3", "g7", NULL }, "a1", "i9" },
  { { "shape=limping", "size=3" }, { "c3", NULL }, "b2", "e5" },
  { { "shape=hex-rhombus", "width=5", "height=4" }, { NULL }, "a1", "e4" },
  { { "shape=hexagon", "size=4" }, { NULL }, "d4", "e4" },
};

static void
test_random_move_uniform (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (boards); i++)
    {
      g_autoptr(BsRuleset) rs = hx_ruleset ("ikabegama", boards[i].settings, boards[i].holes,
                                            boards[i].nest1, boards[i].nest2);
      hx_check_uniform_playouts (rs, 31 + i, 6, 7);
    }
  /* Many draws on small hand-made positions, to catch small biases. */
  {
    g_autoptr(BsRuleset) rs = hexagon3 ("max-plies=300");
    g_autofree BsPosition *start = bs_ruleset_new_position (rs, 0);
    g_autofree BsPosition *centre = hx_position (rs, "0: a1 e5; 1: c3; 2: d4", 1);
    g_autofree BsPosition *crowd = hx_position (rs, "1: b2 c2 b3 c3 d3 c4 d4; 2: d2 e3", 2);
    BsRng rng;

    bs_rng_init (&rng, 3);
    hx_check_uniform (rs, start, &rng, 4000);
    hx_check_uniform (rs, centre, &rng, 3000);
    hx_check_uniform (rs, crowd, &rng, 3000);
  }
}

static void
test_cache (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (boards); i++)
    {
      g_autoptr(BsRuleset) rs = hx_ruleset ("ikabegama", boards[i].settings, boards[i].holes,
                                            boards[i].nest1, boards[i].nest2);
      hx_check_cache_playouts (rs, 41 + i, 10);
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ikabegama/declaration", test_declaration);
  g_test_add_func ("/ikabegama/growth-and-jump", test_growth_and_jump);
  g_test_add_func ("/ikabegama/twelve-jumps", test_twelve_jumps);
  g_test_add_func ("/ikabegama/jumps-with-holes", test_jumps_with_holes);
  g_test_add_func ("/ikabegama/flip-wins-by-growth", test_flip_wins_by_growth);
  g_test_add_func ("/ikabegama/flip-wins-by-jump", test_flip_wins_by_jump);
  g_test_add_func ("/ikabegama/win-on-nest", test_win_on_nest);
  g_test_add_func ("/ikabegama/six-flips", test_six_flips);
  g_test_add_func ("/ikabegama/forced-pass", test_forced_pass);
  g_test_add_func ("/ikabegama/double-pass-draw", test_double_pass_draw);
  g_test_add_func ("/ikabegama/max-plies", test_max_plies);
  g_test_add_func ("/ikabegama/notation", test_notation);
  g_test_add_func ("/ikabegama/invalid-nests", test_invalid_nests);
  g_test_add_func ("/ikabegama/random-move-uniform", test_random_move_uniform);
  g_test_add_func ("/ikabegama/cache", test_cache);

  return g_test_run ();
}
