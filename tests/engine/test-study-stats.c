/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The balance lab's statistics against values computed independently:
 * published examples (Newcombe 1998, Fisher's tea tasting), hand
 * arithmetic, and a separate Python implementation from the formulas with
 * exact integer binomials (math.comb, math.erfc; written for this test,
 * sharing no code with bs-study-stats.c). Where each value comes from is
 * said beside it. */

#include "config.h"

#include <math.h>

#include "bs-study-stats.h"
#include "bs-variant.h"

#define EPS 5e-6

static void
check_wilson (double x, guint n, double low, double high)
{
  double l, h;

  bs_stats_wilson (x, n, BS_STATS_Z95, &l, &h);
  g_assert_cmpfloat_with_epsilon (l, low, EPS);
  g_assert_cmpfloat_with_epsilon (h, high, EPS);
}

static void
test_wilson (void)
{
  /* Newcombe (1998), "Two-sided confidence intervals for the single
   * proportion", Table I, method 3 (score, no continuity correction):
   * 81/263 → 0.2553–0.3662 and 15/148 → 0.0624–0.1605; 0/10 → 0–0.2775.
   * The other digits and 5/10, 10.5/20 (a score with a draw) from the
   * Python implementation. */
  check_wilson (81, 263, 0.255289, 0.366210);
  check_wilson (15, 148, 0.062386, 0.160487);
  check_wilson (0, 10, 0.0, 0.277533);
  check_wilson (5, 10, 0.236593, 0.763407);
  check_wilson (10.5, 20, 0.320480, 0.721463);
  /* Symmetry by hand: 10/10 is 0/10 mirrored. */
  check_wilson (10, 10, 1 - 0.277533, 1.0);
  /* No games: no information. */
  check_wilson (0, 0, 0.0, 1.0);
}

static void
test_normal (void)
{
  /* Tables: P(Z > 1.959964) = 0.025, P(Z > 0) = 0.5, P(Z > 1) = 0.158655. */
  g_assert_cmpfloat_with_epsilon (bs_stats_normal_sf (BS_STATS_Z95), 0.025, 1e-9);
  g_assert_cmpfloat_with_epsilon (bs_stats_normal_sf (0), 0.5, 1e-12);
  g_assert_cmpfloat_with_epsilon (bs_stats_normal_sf (1), 0.158655, 1e-6);
}

static void
test_binomial (void)
{
  /* By hand: 2 of 10, two-sided = 2 (1 + 10 + 45) / 1024 = 0.109375. */
  g_assert_cmpfloat_with_epsilon (bs_stats_binomial_test (2, 10), 0.109375, 1e-12);
  /* By hand: 5 of 10 is the likeliest outcome: p = 1. */
  g_assert_cmpfloat_with_epsilon (bs_stats_binomial_test (5, 10), 1.0, 1e-12);
  /* By hand: 0 of 5 = 2 / 32. */
  g_assert_cmpfloat_with_epsilon (bs_stats_binomial_test (0, 5), 0.0625, 1e-12);
  /* Python (exact sums of math.comb): 60 of 100. */
  g_assert_cmpfloat_with_epsilon (bs_stats_binomial_test (60, 100), 0.05688793, 1e-8);
}

static void
test_fisher (void)
{
  /* Fisher's lady tasting tea, [[3, 1], [1, 3]]: (1 + 16 + 16 + 1) / 70. */
  g_assert_cmpfloat_with_epsilon (bs_stats_fisher_exact (3, 1, 1, 3), 34.0 / 70, 1e-12);
  /* Python: [[1, 9], [6, 4]]. */
  g_assert_cmpfloat_with_epsilon (bs_stats_fisher_exact (1, 9, 6, 4), 0.057276, 1e-6);
  /* A table with an empty margin carries no evidence. */
  g_assert_cmpfloat_with_epsilon (bs_stats_fisher_exact (0, 0, 3, 4), 1.0, 1e-12);
}

static void
test_score (void)
{
  BsStatsScore s;

  /* 60 wins of 100, no draws: exact binomial as above. */
  bs_stats_score (120, 100, TRUE, &s);
  g_assert_cmpfloat_with_epsilon (s.score, 0.6, 1e-12);
  g_assert_true (s.exact);
  g_assert_cmpfloat_with_epsilon (s.p_value, 0.05688793, 1e-8);
  /* With draws: the score test, z = 0.1 / sqrt (0.25 / 100) = 2,
   * p = erfc (2 / sqrt 2) = 0.0455003 (Python). */
  bs_stats_score (120, 100, FALSE, &s);
  g_assert_false (s.exact);
  g_assert_cmpfloat_with_epsilon (s.p_value, 0.0455003, 1e-6);
  g_assert_cmpfloat_with_epsilon (s.low, 0.502002, 1e-5);   /* Wilson 60/100, Python */
}

static void
test_difference (void)
{
  BsStatsDifference d;

  /* Newcombe (1998), "Interval estimation for the difference between
   * independent proportions", example (a): 56/70 − 48/80 = 0.2000, method
   * 10 (hybrid score) 0.0524 to 0.3339. Here B − A with A = 48/80. The
   * pooled z-test p-value from the Python implementation. */
  bs_stats_difference (96, 80, TRUE, 112, 70, TRUE, &d);
  g_assert_cmpfloat_with_epsilon (d.difference, 0.2, 1e-12);
  g_assert_cmpfloat_with_epsilon (d.low, 0.052431, EPS);
  g_assert_cmpfloat_with_epsilon (d.high, 0.333873, EPS);
  g_assert_false (d.exact);
  g_assert_cmpfloat_with_epsilon (d.p_value, 0.00804508, 1e-7);

  /* Small counts, no draws: Fisher's exact test on [[1, 9], [6, 4]]. */
  bs_stats_difference (2, 10, TRUE, 12, 10, TRUE, &d);
  g_assert_true (d.exact);
  g_assert_cmpfloat_with_epsilon (d.p_value, 0.057276, 1e-6);
  g_assert_cmpfloat_with_epsilon (d.difference, 0.5, 1e-12);
}

static void
test_game_measures (void)
{
  /* Worked by hand with the definitions of docs/BALANCE.md. */
  static const gint16 swing[] = { 500, 600, 400, 520, 700, 300, -1, 950, 920 };
  static const gint16 steady[] = { 950, -1, 960, 990 };
  static const gint16 none[] = { -1, -1 };

  /* Leader after each evaluated ply: -, 1, 2, 2 (520 is inside the band),
   * 1, 2, (skip), 1, 1: changes 1→2, 2→1, 1→2, 2→1 = 4. */
  g_assert_cmpuint (bs_stats_lead_changes (swing, G_N_ELEMENTS (swing)), ==, 4);
  g_assert_cmpuint (bs_stats_lead_changes (steady, G_N_ELEMENTS (steady)), ==, 0);
  g_assert_cmpuint (bs_stats_lead_changes (none, G_N_ELEMENTS (none)), ==, 0);

  /* Player 1 wins the swing game: last ply below 90% is ply 6 (300), so
   * decisive at ply 7; player 2 wins it: plies 8 and 9 are below 90% for
   * them (50, 80): decisive at ply 9 (= the length). */
  g_assert_cmpuint (bs_stats_decisive_at (swing, G_N_ELEMENTS (swing), 1), ==, 7);
  g_assert_cmpuint (bs_stats_decisive_at (swing, G_N_ELEMENTS (swing), 2), ==, 9);
  /* Never below: the first evaluated ply. Nothing evaluated: 0. */
  g_assert_cmpuint (bs_stats_decisive_at (steady, G_N_ELEMENTS (steady), 1), ==, 1);
  g_assert_cmpuint (bs_stats_decisive_at (none, G_N_ELEMENTS (none), 1), ==, 0);

  /* Drama: player 1's worst was 300 → 500 - 300 = 200; player 2's worst
   * was 1000 - 950 = 50 → 450. Never below ½: 0. */
  g_assert_cmpuint (bs_stats_drama (swing, G_N_ELEMENTS (swing), 1), ==, 200);
  g_assert_cmpuint (bs_stats_drama (swing, G_N_ELEMENTS (swing), 2), ==, 450);
  g_assert_cmpuint (bs_stats_drama (steady, G_N_ELEMENTS (steady), 1), ==, 0);
}

static void
test_histogram (void)
{
  g_autoptr(GArray) h = g_array_new (FALSE, TRUE, sizeof (guint));
  BsStatsSummary s;

  /* Values 3, 5, 5, 9: mean 5.5, median 5, sd sqrt (19 / 3) (by hand). */
  g_array_set_size (h, 10);
  g_array_index (h, guint, 3) = 1;
  g_array_index (h, guint, 5) = 2;
  g_array_index (h, guint, 9) = 1;
  bs_stats_histogram_summary (h, &s);
  g_assert_cmpuint (s.n, ==, 4);
  g_assert_cmpfloat_with_epsilon (s.mean, 5.5, 1e-12);
  g_assert_cmpfloat_with_epsilon (s.median, 5.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (s.sd, sqrt (19.0 / 3), 1e-12);
  g_assert_cmpuint (s.min, ==, 3);
  g_assert_cmpuint (s.max, ==, 9);

  /* Values 3, 5, 9: median 5; 3, 9: median 6. */
  g_array_index (h, guint, 5) = 1;
  bs_stats_histogram_summary (h, &s);
  g_assert_cmpfloat_with_epsilon (s.median, 5.0, 1e-12);
  g_array_index (h, guint, 5) = 0;
  bs_stats_histogram_summary (h, &s);
  g_assert_cmpfloat_with_epsilon (s.median, 6.0, 1e-12);
}

static void
test_move_cell (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariant) variant = bs_variant_new_for_module ("astoria", &error);
  g_autoptr(BsRuleset) rs = NULL;

  g_assert_no_error (error);
  rs = bs_ruleset_new (variant, &error);
  g_assert_no_error (error);
  /* The last label named: the cell a piece lands on. */
  g_assert_cmpstr (bs_board_cell_label (rs->board, bs_stats_move_cell (rs->board, "TE@d4/S")),
                   ==, "d4");
  g_assert_cmpstr (bs_board_cell_label (rs->board, bs_stats_move_cell (rs->board, "b2-d4")),
                   ==, "d4");
  g_assert_cmpint (bs_stats_move_cell (rs->board, "pass"), ==, -1);
}

static void
test_fairest (void)
{
  BsStudyStats *arms[3];

  /* Player 1 scores 70%, 48%, 52% (by hand): 48% and 52% tie on distance;
   * the narrower interval (more games) wins. */
  for (int i = 0; i < 3; i++)
    arms[i] = bs_study_stats_new (FALSE);
  arms[0]->games = 100, arms[0]->wins[0] = 70, arms[0]->wins[1] = 30;
  arms[1]->games = 100, arms[1]->wins[0] = 48, arms[1]->wins[1] = 52;
  arms[2]->games = 200, arms[2]->wins[0] = 104, arms[2]->wins[1] = 96;
  g_assert_cmpint (bs_study_stats_fairest (arms, 3), ==, 2);
  g_assert_cmpint (bs_study_stats_fairest (arms, 2), ==, 1);
  for (int i = 0; i < 3; i++)
    bs_study_stats_free (arms[i]);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/study-stats/wilson", test_wilson);
  g_test_add_func ("/study-stats/normal", test_normal);
  g_test_add_func ("/study-stats/binomial", test_binomial);
  g_test_add_func ("/study-stats/fisher", test_fisher);
  g_test_add_func ("/study-stats/score", test_score);
  g_test_add_func ("/study-stats/difference", test_difference);
  g_test_add_func ("/study-stats/game-measures", test_game_measures);
  g_test_add_func ("/study-stats/histogram", test_histogram);
  g_test_add_func ("/study-stats/move-cell", test_move_cell);
  g_test_add_func ("/study-stats/fairest", test_fairest);
  return g_test_run ();
}
