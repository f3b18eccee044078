/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The example variants in rules/examples/ (made by the variant editor, see
 * tests/ui/test-editor.c): each loads through the safe loader, says what
 * its name promises, and plays random games to their end. */

#include "config.h"

#include "bs-error.h"
#include "bs-rng.h"
#include "bs-ruleset.h"
#include "bs-variant-xml.h"
#include "bs-variant.h"

#define N_GAMES 20
/* Far beyond any of these games' length: a game still going here is a bug. */
#define MAX_STEPS 200000

static BsVariant *
load (const char *file)
{
  g_autofree char *path = g_build_filename (g_getenv ("BOARDSMITH_RULES_DIR"), "examples",
                                            file, NULL);
  g_autoptr(GError) error = NULL;
  BsVariant *variant = bs_variant_load_file (path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (variant);
  return variant;
}

/* Random games from different seeds, each to its result. */
static void
play_to_end (const BsVariant *variant)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BsRuleset) rs = bs_ruleset_new (variant, &error);
  g_autofree BsMove *scratch = NULL;
  guint results[4] = { 0 };

  g_assert_no_error (error);
  scratch = g_new (BsMove, rs->max_moves);
  for (guint game = 0; game < N_GAMES; game++)
    {
      g_autofree BsPosition *pos = bs_ruleset_new_position (rs, 1000 + game);
      BsRng rng;
      guint steps = 0;

      bs_rng_init (&rng, 77 + game);
      while (!bs_position_is_over (pos) && steps < MAX_STEPS)
        {
          BsMove move = bs_ruleset_random_move (rs, pos, &rng, scratch);

          bs_ruleset_apply (rs, pos, move, NULL);
          steps++;
        }
      g_assert_true (bs_position_is_over (pos));
      g_assert_cmpint (pos->result, >=, BS_RESULT_WIN_1);
      g_assert_cmpint (pos->result, <=, BS_RESULT_DRAW);
      results[pos->result]++;
    }
  g_test_message ("%s: %u wins for 1, %u for 2, %u draws", variant->id,
                  results[BS_RESULT_WIN_1], results[BS_RESULT_WIN_2], results[BS_RESULT_DRAW]);
}

static void
test_agoraphobia (void)
{
  g_autoptr(BsVariant) v = load ("agoraphobia-hexagon-handicap.xml");

  g_assert_cmpstr (v->module, ==, "agoraphobia");
  g_assert_cmpint (v->board.shape, ==, BS_SHAPE_HEXAGON);
  g_assert_cmpint (v->board.size, ==, 5);
  g_assert_cmpint (bs_variant_get_supply (v, 1, "small"), ==, 8);
  g_assert_cmpint (bs_variant_get_supply (v, 2, "small"), ==, 8);
  g_assert_cmpint (bs_variant_get_supply (v, 1, "large"), ==, 4);
  g_assert_cmpint (bs_variant_get_supply (v, 2, "large"), ==, 3);
  play_to_end (v);
}

static void
test_ikabegama (void)
{
  g_autoptr(BsVariant) v = load ("ikabegama-three-holes.xml");

  g_assert_cmpstr (v->module, ==, "ikabegama");
  g_assert_cmpuint (v->holes->len, ==, 3);
  g_assert_cmpuint (v->specials->len, ==, 2);
  for (guint i = 0; i < v->specials->len; i++)
    {
      const BsVariantSpecial *s = &g_array_index (v->specials, BsVariantSpecial, i);

      g_assert_cmpstr (s->cell, !=, s->player == 1 ? "a1" : "i9");
    }
  play_to_end (v);
}

static void
test_astoria (void)
{
  g_autoptr(BsVariant) v = load ("astoria-6x6-gaps.xml");

  g_assert_cmpstr (v->module, ==, "astoria");
  g_assert_cmpint (v->board.width, ==, 6);
  g_assert_cmpint (v->board.height, ==, 6);
  g_assert_cmpstr (bs_variant_get_option (v, "push-mode"), ==, "gaps");
  play_to_end (v);
}

static void
test_tribes (void)
{
  g_autoptr(BsVariant) v = load ("tribes-7x7-26-24.xml");

  g_assert_cmpstr (v->module, ==, "tribes");
  g_assert_cmpint (v->board.width, ==, 7);
  g_assert_cmpint (v->board.height, ==, 7);
  g_assert_cmpint (bs_variant_get_supply (v, 1, "piece"), ==, 26);
  g_assert_cmpint (bs_variant_get_supply (v, 2, "piece"), ==, 24);
  play_to_end (v);
}

static void
test_abrobad (void)
{
  g_autoptr(BsVariant) v = load ("abrobad-7-8-step.xml");

  g_assert_cmpstr (v->module, ==, "abrobad");
  g_assert_cmpint (v->board.shape, ==, BS_SHAPE_LIMPING);
  g_assert_cmpint (v->board.size, ==, 7);
  g_assert_cmpstr (bs_variant_get_option (v, "movement"), ==, "step");
  play_to_end (v);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_assert_nonnull (g_getenv ("BOARDSMITH_RULES_DIR"));

  g_test_add_func ("/examples/agoraphobia", test_agoraphobia);
  g_test_add_func ("/examples/ikabegama", test_ikabegama);
  g_test_add_func ("/examples/astoria", test_astoria);
  g_test_add_func ("/examples/tribes", test_tribes);
  g_test_add_func ("/examples/abrobad", test_abrobad);
  return g_test_run ();
}
