/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests of alpha-beta (bs-alphabeta) and the evaluation it stops at
 * (bs-evaluation): Breakthrough positions worked by hand — a win in one
 * taken, a loss in one parried, the features' values — and, over random
 * positions of every turn-based module, that the transposition table does
 * not change the value of a fixed-depth search and that the chosen move
 * is legal. No timing: every search here has a depth budget. */

#include "config.h"

#include <stdlib.h>

#include "bs-alphabeta.h"
#include "bs-evaluation.h"
#include "bs-ruleset.h"
#include "bs-variant.h"

/* Breakthrough on its default 8 × 8 board with only the fixed pieces
 * ("1:c7": player 1 on c7); player 1 (White) moves up, to row 8. */
static BsRuleset *
breakthrough_with (const char * const *pieces)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariant) variant = bs_variant_new_for_module ("breakthrough", &error);
  BsRuleset *rs;

  g_assert_no_error (error);
  for (guint i = 0; pieces[i] != NULL; i++)
    {
      BsVariantPiece piece = {
        .cell = g_strdup (pieces[i] + 2),
        .player = pieces[i][0] - '0',
        .kind = g_strdup ("piece"),
        .dir = -1,
        .line = 0,
      };
      g_array_append_val (variant->setup, piece);
    }
  rs = bs_ruleset_new (variant, &error);
  g_assert_no_error (error);
  return rs;
}

static int
cell (const BsRuleset *rs,
      const char      *label)
{
  int c = bs_board_find_cell (rs->board, label, NULL);

  g_assert_cmpint (c, !=, BS_NO_CELL);
  return c;
}

static void
search_depth (BsRuleset         *rs,
              const BsPosition  *pos,
              guint              depth,
              gboolean           no_tt,
              BsAlphaBetaResult *result)
{
  g_autoptr(GError) error = NULL;
  BsAlphaBetaParams params = { .max_depth = depth, .no_tt = no_tt, .tt_bits = 16 };

  g_assert_true (bs_alpha_beta_run (rs, pos, &params, NULL, result, &error));
  g_assert_no_error (error);
}

/* White on c7 can step to row 8 and win; Black's h2 would win on its next
 * move. Every depth takes the win, with a won value. */
static void
test_win_in_one (void)
{
  static const char * const pieces[] = { "1:c7", "1:a1", "2:h2", "2:g8", NULL };
  g_autoptr(BsRuleset) rs = breakthrough_with (pieces);
  g_autofree BsPosition *pos = bs_ruleset_new_position (rs, 1);

  for (guint depth = 1; depth <= 4; depth++)
    {
      g_autofree BsPosition *after = bs_position_dup (rs, pos);
      BsAlphaBetaResult result;

      search_depth (rs, pos, depth, FALSE, &result);
      bs_ruleset_apply (rs, after, result.move, NULL);
      g_assert_cmpint (after->result, ==, BS_RESULT_WIN_1);
      g_assert_cmpint (result.value, ==, BS_ALPHA_BETA_WIN - 1);
      g_assert_cmpuint (result.depth, ==, 1);   /* a won game needs no deeper look */
    }
}

/* Black's c2 reaches row 1 next move unless White takes it: d1xc2 is the
 * only move that does not lose at once (a5 is far from row 8). From depth
 * 2 the search sees it. */
static void
test_defend_loss_in_one (void)
{
  static const char * const pieces[] = { "1:d1", "1:a5", "2:c2", "2:h8", "2:g8", NULL };
  g_autoptr(BsRuleset) rs = breakthrough_with (pieces);
  g_autofree BsPosition *pos = bs_ruleset_new_position (rs, 1);

  g_assert_cmpint (pos->to_move, ==, 1);
  for (guint depth = 2; depth <= 5; depth++)
    {
      BsAlphaBetaResult result;
      BsMoveParts parts;

      search_depth (rs, pos, depth, FALSE, &result);
      bs_ruleset_decode_move (rs, pos, result.move, &parts);
      g_assert_cmpint (parts.from, ==, cell (rs, "d1"));
      g_assert_cmpint (parts.to, ==, cell (rs, "c2"));
      g_assert_cmpint (result.value, >, -BS_ALPHA_BETA_WIN / 2);
    }
}

/* White a1 b2 e5 against Black h8 h7, White to move:
 *   material 3 − 2 = 1; furthest row 5 (e5) − 2 (h7) = 3;
 *   runner: Black's h7 has no White piece in its cone (e5 is 3 files off
 *   at 2 rows, b2 6 files at 5 rows, a1 7 at 6), White's pieces all see
 *   h8 in theirs: −1;
 *   mobility: a1 1 + b2 3 + e5 3 = 7 against h8 1 (g7) + h7 2 = 3: 4;
 *   home row: a1 against h8: 0.
 * The generic fallback counts the same material and mobility (the moves
 * of each side), and the weighted sum is
 *   100 × (1 + 0.1 × 3 − 5 + 0.03 × 4) = −358 for White to move. */
static void
test_features (void)
{
  static const char * const pieces[] = { "1:a1", "1:b2", "1:e5", "2:h8", "2:h7", NULL };
  static const char * const ids[] = { "material", "furthest-row", "runner", "mobility",
                                      "home-row" };
  static const double expected[] = { 1, 3, -1, 4, 0 };
  g_autoptr(BsRuleset) rs = breakthrough_with (pieces);
  g_autofree BsPosition *pos = bs_ruleset_new_position (rs, 1);
  g_autofree BsMove *scratch = g_new (BsMove, rs->max_moves);
  BsFeatureSpec specs[BS_MAX_FEATURES];
  double values[BS_MAX_FEATURES];
  guint n;

  n = bs_evaluation_features (rs, BS_EVALUATION_FEATURES, specs);
  g_assert_cmpuint (n, ==, G_N_ELEMENTS (ids));
  g_assert_cmpuint (bs_evaluation_values (rs, pos, BS_EVALUATION_FEATURES, scratch, values), ==, n);
  for (guint i = 0; i < n; i++)
    {
      g_assert_cmpstr (specs[i].id, ==, ids[i]);
      g_assert_cmpfloat (values[i], ==, expected[i]);
    }
  g_assert_cmpint (bs_evaluation_score (rs, pos, BS_EVALUATION_FEATURES, scratch), ==, -358);

  n = bs_evaluation_features (rs, BS_EVALUATION_GENERIC, specs);
  g_assert_cmpuint (n, ==, 2);
  bs_evaluation_values (rs, pos, BS_EVALUATION_GENERIC, scratch, values);
  g_assert_cmpstr (specs[0].id, ==, "material");
  g_assert_cmpfloat (values[0], ==, 1);
  g_assert_cmpstr (specs[1].id, ==, "mobility");
  g_assert_cmpfloat (values[1], ==, 4);
  g_assert_cmpuint (bs_evaluation_values (rs, pos, BS_EVALUATION_MATERIAL, scratch, values), ==, 1);
  g_assert_cmpfloat (values[0], ==, 1);
  g_assert_cmpint (bs_evaluation_score (rs, pos, BS_EVALUATION_MATERIAL, scratch), ==, 100);
}

/* The start is symmetric: every feature is 0. With Black to move after a
 * mirrored pair of moves too; and a feature's sign follows who leads. */
static void
test_features_symmetric (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariant) variant = bs_variant_new_for_module ("breakthrough", &error);
  g_autoptr(BsRuleset) rs = bs_ruleset_new (variant, &error);
  g_autofree BsPosition *pos = bs_ruleset_new_position (rs, 1);
  g_autofree BsMove *scratch = g_new (BsMove, rs->max_moves);
  double values[BS_MAX_FEATURES];
  guint n;

  g_assert_no_error (error);
  n = bs_evaluation_values (rs, pos, BS_EVALUATION_FEATURES, scratch, values);
  for (guint i = 0; i < n; i++)
    g_assert_cmpfloat (values[i], ==, 0);
  g_assert_true (bs_ruleset_play_line (rs, pos, "d2-d3 d7-d6", &error));
  g_assert_no_error (error);
  n = bs_evaluation_values (rs, pos, BS_EVALUATION_FEATURES, scratch, values);
  for (guint i = 0; i < n; i++)
    g_assert_cmpfloat (values[i], ==, 0);
  g_assert_cmpint (bs_evaluation_score (rs, pos, BS_EVALUATION_FEATURES, scratch), ==, 0);
}

/* Random positions of every turn-based module (a few random plies from
 * the default variant's start): the value of a depth-3 search (2 for
 * games of many moves) is the same
 * with the table and without it, and the move is legal. */
static void
test_table_same_value (void)
{
  guint n_modules;
  const BsModule * const *modules = bs_module_list (&n_modules);
  guint checked = 0;

  for (guint m = 0; m < n_modules; m++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(BsVariant) variant = bs_variant_new_for_module (modules[m]->id, &error);
      g_autoptr(BsRuleset) rs = NULL;
      g_autofree BsMove *scratch = NULL;
      BsRng rng;

      g_assert_no_error (error);
      rs = bs_ruleset_new (variant, &error);
      g_assert_no_error (error);
      if (bs_ruleset_is_simultaneous (rs))
        continue;
      scratch = g_new (BsMove, rs->max_moves);
      bs_rng_init (&rng, 27 + m);
      for (guint trial = 0; trial < 12; trial++)
        {
          g_autofree BsPosition *pos = bs_ruleset_new_position (rs, trial);
          guint plies = bs_rng_below (&rng, 30);
          BsAlphaBetaResult with, without;
          guint depth;

          for (guint i = 0; i < plies && !bs_position_is_over (pos); i++)
            bs_ruleset_apply (rs, pos, bs_ruleset_random_move (rs, pos, &rng, scratch), NULL);
          if (bs_position_is_over (pos))
            continue;
          /* Games of many moves a turn (placements of kinds and
           * directions) are compared two plies deep, to stay quick. */
          depth = bs_ruleset_generate (rs, pos, scratch) > 40 ? 2 : 3;
          search_depth (rs, pos, depth, FALSE, &with);
          search_depth (rs, pos, depth, TRUE, &without);
          g_assert_cmpint (with.value, ==, without.value);
          g_assert_true (bs_ruleset_is_legal (rs, pos, with.move, scratch));
          g_assert_true (bs_ruleset_is_legal (rs, pos, without.move, scratch));
          checked++;
        }
    }
  g_assert_cmpuint (checked, >=, 20);
}

/* Settings as `match` and `think` give them. */
static void
test_params_parse (void)
{
  BsAlphaBetaParams params;
  g_autoptr(GError) error = NULL;

  g_assert_true (bs_alpha_beta_params_parse (&params, "", &error));
  g_assert_cmpuint (params.cpu_ms, ==, 1000);
  g_assert_true (bs_alpha_beta_params_parse (&params, "cpu=0.2,eval=material", &error));
  g_assert_cmpuint (params.cpu_ms, ==, 200);
  g_assert_cmpint (params.evaluation, ==, BS_EVALUATION_MATERIAL);
  g_assert_true (bs_alpha_beta_params_parse (&params, "depth=5", &error));
  g_assert_cmpuint (params.max_depth, ==, 5);
  g_assert_cmpuint (params.cpu_ms, ==, 0);
  g_assert_no_error (error);
  g_assert_false (bs_alpha_beta_params_parse (&params, "depth=0", &error));
  g_assert_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE);
  g_clear_error (&error);
  g_assert_false (bs_alpha_beta_params_parse (&params, "eval=magic", &error));
  g_assert_nonnull (strstr (error->message, "eval=magic"));
}

/* A simultaneous game is refused, not searched as if sequential. */
static void
test_simultaneous_refused (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariant) variant = bs_variant_new_for_module ("tribes", &error);
  g_autoptr(BsRuleset) rs = NULL;
  g_autofree BsPosition *pos = NULL;
  BsAlphaBetaParams params = { .max_depth = 2 };
  BsAlphaBetaResult result;

  if (variant == NULL)
    {
      g_test_skip ("no tribes module");
      return;
    }
  rs = bs_ruleset_new (variant, &error);
  g_assert_no_error (error);
  pos = bs_ruleset_new_position (rs, 1);
  g_assert_false (bs_alpha_beta_run (rs, pos, &params, NULL, &result, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/alphabeta/win-in-one", test_win_in_one);
  g_test_add_func ("/alphabeta/defend-loss-in-one", test_defend_loss_in_one);
  g_test_add_func ("/alphabeta/table-same-value", test_table_same_value);
  g_test_add_func ("/alphabeta/params", test_params_parse);
  g_test_add_func ("/alphabeta/simultaneous-refused", test_simultaneous_refused);
  g_test_add_func ("/evaluation/breakthrough-features", test_features);
  g_test_add_func ("/evaluation/symmetric", test_features_symmetric);
  return g_test_run ();
}
