/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The skill trace (bs-skill-trace.h): the Cochran–Armitage trend test against worked
 * examples, each level's draw-aware score, and its chart drawn and read back by its pixels
 * (the points and interval bars where the axes put them, the 50% line) and by its
 * description (every level named, the verdict said). */

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gstdio.h>

#include "bs-chart.h"
#include "bs-skill-trace.h"
#include "bs-study-stats.h"
#include "bs-variant-xml.h"

#include "render-test-util.h"

#define WIDTH  640
#define HEIGHT 400

static void
trend_of (const guint   wins[][3],
          guint         n,
          BsSkillTrend *out)
{
  guint half_points[8], draws[8], games[8];

  g_assert_cmpuint (n, <=, 8);
  for (guint i = 0; i < n; i++)
    {
      half_points[i] = 2 * wins[i][0] + wins[i][1];
      draws[i] = wins[i][1];
      games[i] = wins[i][0] + wins[i][1] + wins[i][2];
    }
  bs_skill_trend (half_points, draws, games, n, out);
}

/* Without draws: player 1 wins 3, 5 and 8 of 10 games at three levels (x = 0, 1, 2).
 * By hand: p̄ = 16/30; T = Σ x_i (S_i − n_i p̄) = 0 + (5 − 5.333) + 2 (8 − 5.333) = 5;
 * S_xx = Σ n_i (x_i − x̄)² = 10 + 0 + 10 = 20; Var T = p̄ (1 − p̄) S_xx = (16/30)(14/30) 20
 * = 4.97778; z = 5 / √4.97778 = 2.24105 (z² = 5.02232, the Cochran–Armitage chi-squared);
 * p = 2 (1 − Φ(2.24105)) = 0.025023; slope T / S_xx = 0.25. The same figures came from an
 * independent Python script over the 30 games one by one: the least-squares slope of the
 * score on x, and z = √N r with r their Pearson correlation. */
static void
test_trend_no_draws (void)
{
  static const guint counts[][3] = { { 3, 0, 7 }, { 5, 0, 5 }, { 8, 0, 2 } };
  BsSkillTrend trend;

  trend_of (counts, 3, &trend);
  g_assert_cmpuint (trend.levels, ==, 3);
  g_assert_cmpuint (trend.games, ==, 30);
  g_assert_cmpfloat_with_epsilon (trend.slope, 0.25, 1e-12);
  g_assert_cmpfloat_with_epsilon (trend.z, 2.2410536425, 1e-8);
  g_assert_cmpfloat_with_epsilon (trend.z * trend.z, 5.0223214286, 1e-8);
  g_assert_cmpfloat_with_epsilon (trend.p_value, 0.0250226005, 1e-8);
  g_assert_cmpint (trend.direction, ==, BS_SKILL_TREND_RISES);
  g_assert_cmpstr (bs_skill_trend_direction_id (trend.direction), ==, "rises");
}

/* The example of R's prop.trend.test documentation (smokers among patients in four groups,
 * 83/86, 90/93, 129/136, 70/82): X-squared = 8.2249, p-value = 0.004132 there. */
static void
test_trend_published (void)
{
  static const guint counts[][3] = { { 83, 0, 3 }, { 90, 0, 3 }, { 129, 0, 7 }, { 70, 0, 12 } };
  BsSkillTrend trend;

  trend_of (counts, 4, &trend);
  g_assert_cmpfloat_with_epsilon (trend.z * trend.z, 8.2249, 5e-5);
  g_assert_cmpfloat_with_epsilon (trend.p_value, 0.004132, 5e-7);
  g_assert_cmpfloat (trend.slope, <, 0);
  g_assert_cmpint (trend.direction, ==, BS_SKILL_TREND_FALLS);
}

/* With draws, from the same script (a win 1, a draw ½, a loss 0, game by game):
 * (wins, draws, losses) (18, 4, 18), (22, 6, 12), (20, 2, 8): slope 0.1013157895,
 * z = 1.8258958449, p = 0.0678659522 — no clear trend at 5%;
 * (30, 0, 10), (25, 10, 15), (20, 0, 20), (10, 5, 35): slope −0.1621287129,
 * z = −5.0759986958, p = 3.8546594e-07 — it falls. */
static void
test_trend_draws (void)
{
  static const guint none[][3] = { { 18, 4, 18 }, { 22, 6, 12 }, { 20, 2, 8 } };
  static const guint falls[][3] = { { 30, 0, 10 }, { 25, 10, 15 }, { 20, 0, 20 },
                                    { 10, 5, 35 } };
  BsSkillTrend trend;
  g_autofree char *text = NULL;

  trend_of (none, 3, &trend);
  g_assert_cmpfloat_with_epsilon (trend.slope, 0.1013157895, 1e-9);
  g_assert_cmpfloat_with_epsilon (trend.z, 1.8258958449, 1e-8);
  g_assert_cmpfloat_with_epsilon (trend.p_value, 0.0678659522, 1e-8);
  g_assert_cmpint (trend.direction, ==, BS_SKILL_TREND_NONE);
  text = bs_skill_trend_describe (&trend);
  g_assert_nonnull (strstr (text, "No clear trend"));
  g_assert_nonnull (strstr (text, "+10.1 points a level"));

  trend_of (falls, 4, &trend);
  g_assert_cmpuint (trend.games, ==, 180);
  g_assert_cmpfloat_with_epsilon (trend.slope, -0.1621287129, 1e-9);
  g_assert_cmpfloat_with_epsilon (trend.z, -5.0759986958, 1e-8);
  g_assert_cmpfloat_with_epsilon (trend.p_value, 3.8546594e-07, 1e-13);
  g_assert_cmpint (trend.direction, ==, BS_SKILL_TREND_FALLS);
  g_clear_pointer (&text, g_free);
  text = bs_skill_trend_describe (&trend);
  g_assert_nonnull (strstr (text, "falls with skill"));
}

/* A level without games is left out and the others keep their places: the same as the
 * levels 0 and 2 alone at x = 0, 2. One level, or every game alike: no trend, p = 1. */
static void
test_trend_degenerate (void)
{
  static const guint gap[][3] = { { 3, 0, 7 }, { 0, 0, 0 }, { 8, 0, 2 } };
  static const guint one[][3] = { { 3, 1, 7 } };
  static const guint alike[][3] = { { 10, 0, 0 }, { 12, 0, 0 } };
  BsSkillTrend trend;
  g_autofree char *text = NULL;

  /* p̄ = 11/20, T = 2 (8 − 5.5) = 5, S_xx = 10 + 10 = 20: z = 5 / √(0.2475 × 20). */
  trend_of (gap, 3, &trend);
  g_assert_cmpuint (trend.levels, ==, 2);
  g_assert_cmpfloat_with_epsilon (trend.slope, 0.25, 1e-12);
  g_assert_cmpfloat_with_epsilon (trend.z, 5 / sqrt (0.2475 * 20), 1e-12);

  trend_of (one, 1, &trend);
  g_assert_cmpint (trend.direction, ==, BS_SKILL_TREND_UNKNOWN);
  g_assert_cmpfloat (trend.p_value, ==, 1);
  text = bs_skill_trend_describe (&trend);
  g_assert_nonnull (strstr (text, "two levels"));

  trend_of (alike, 2, &trend);
  g_assert_cmpint (trend.direction, ==, BS_SKILL_TREND_UNKNOWN);
  g_assert_cmpfloat (trend.slope, ==, 0);
  g_assert_cmpfloat (trend.p_value, ==, 1);
  bs_skill_trend (NULL, NULL, NULL, 0, &trend);
  g_assert_cmpint (trend.direction, ==, BS_SKILL_TREND_UNKNOWN);
}

/* Each level's score is the study's draw-aware one (bs_stats_score_with_draws). */
static void
test_trace_levels (void)
{
  g_autoptr(BsSkillTrace) trace = bs_skill_trace_new ("Test board", 7);
  const BsSkillTraceLevel *l;
  BsStatsScore expected;

  bs_skill_trace_add_counts (trace, "random", "Random", 18, 18, 4, 31.5);
  g_assert_cmpint (trace->trend.direction, ==, BS_SKILL_TREND_UNKNOWN);
  bs_skill_trace_add_counts (trace, "easy", "Easy", 22, 12, 6, 40.25);
  bs_skill_trace_add_counts (trace, "medium", "Medium", 20, 8, 2, 44);
  g_assert_cmpuint (bs_skill_trace_n_levels (trace), ==, 3);
  l = bs_skill_trace_get_level (trace, 1);
  g_assert_cmpstr (l->level, ==, "easy");
  g_assert_cmpuint (l->games, ==, 40);
  g_assert_cmpfloat (l->mean_plies, ==, 40.25);
  bs_stats_score_with_draws (2 * 22 + 6, 6, 40, &expected);
  g_assert_cmpfloat (l->score.score, ==, 0.625);
  g_assert_cmpfloat (l->score.low, ==, expected.low);
  g_assert_cmpfloat (l->score.high, ==, expected.high);
  g_assert_cmpfloat (l->score.n_effective, >, 40);   /* draws narrow it */
  /* The trend over the three, as test_trend_draws. */
  g_assert_cmpfloat_with_epsilon (trace->trend.z, 1.8258958449, 1e-8);
}

/* Whether a pixel within radius of (x, y) has the colour. */
static gboolean
near_any (cairo_surface_t *surface,
          double           x,
          double           y,
          int              radius,
          const double     rgb[3],
          int              tolerance)
{
  for (int dy = -radius; dy <= radius; dy++)
    for (int dx = -radius; dx <= radius; dx++)
      if (rgb_is (surface_pixel (surface, (int) floor (x) + dx, (int) floor (y) + dy), rgb,
                tolerance))
        return TRUE;
  return FALSE;
}

/* The chart: each level's point (player 1's colour) where the axes put its score, its
 * interval bar (the text colour) reaching its interval's ends, ink for the labels under
 * the axis; the description names every level with its score and says the verdict. */
static void
test_chart (gconstpointer user_data)
{
  gboolean dark = GPOINTER_TO_INT (user_data);
  static const double first_light[3] = { 0.11, 0.44, 0.85 };
  static const double first_dark[3] = { 0.38, 0.63, 0.92 };
  static const double text_light[3] = { 0.13, 0.13, 0.13 };
  static const double text_dark[3] = { 0.93, 0.93, 0.93 };
  static const double background_light[3] = { 1, 1, 1 };
  static const double background_dark[3] = { 0.12, 0.12, 0.12 };
  const double *first = dark ? first_dark : first_light;
  const double *text = dark ? text_dark : text_light;
  const double *background = dark ? background_dark : background_light;
  g_autoptr(BsSkillTrace) trace = bs_skill_trace_new ("Test board 6×6", 1);
  g_autofree char *description = NULL;
  BsChartOptions options;
  BsChartPlot plot;
  cairo_surface_t *surface;
  cairo_t *cr;

  bs_skill_trace_add_counts (trace, "random", "Random", 50, 50, 0, 30);
  bs_skill_trace_add_counts (trace, "easy", "Easy", 70, 30, 0, 34);
  bs_skill_trace_add_counts (trace, "medium", "Medium", 85, 15, 0, 38);
  bs_chart_options_init (&options);
  options.dark = dark;
  options.width = WIDTH;
  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, WIDTH, HEIGHT);
  cr = cairo_create (surface);
  bs_chart_draw_skill_trace (cr, trace, &options, WIDTH, HEIGHT, &plot);
  cairo_destroy (cr);
  cairo_surface_flush (surface);

  g_assert_cmpfloat (plot.right, >, plot.left);
  g_assert_cmpfloat (plot.bottom, >, plot.top);
  g_assert_cmpfloat (plot.x_min, ==, -0.5);
  g_assert_cmpfloat (plot.x_max, ==, 2.5);
  g_assert_cmpfloat (plot.y_min, ==, 0);
  g_assert_cmpfloat (plot.y_max, ==, 1);
  g_assert_true (rgb_is (surface_pixel (surface, 2, 2), background, 2));
  for (guint i = 0; i < 3; i++)
    {
      const BsSkillTraceLevel *l = bs_skill_trace_get_level (trace, i);
      double x, y, y_low, y_high;
      gboolean ink = FALSE;

      bs_chart_plot_map (&plot, i, l->score.score, &x, &y);
      bs_chart_plot_map (&plot, i, l->score.low, NULL, &y_low);
      bs_chart_plot_map (&plot, i, l->score.high, NULL, &y_high);
      /* The point covers its centre; the bar runs beyond it to both ends. */
      g_assert_true (rgb_is (surface_pixel (surface, (int) x, (int) y), first, 8));
      g_assert_true (near_any (surface, x, y_high + 2, 1, text, 40));
      g_assert_true (near_any (surface, x, y_low - 2, 1, text, 40));
      /* Nothing of it above the interval's top. */
      g_assert_true (rgb_is (surface_pixel (surface, (int) x, (int) round (y_high) - 6),
                           background, 40));
      /* The level's name under the axis. */
      for (int dy = 4; dy < 30 && !ink; dy++)
        for (int dx = -20; dx <= 20 && !ink; dx++)
          ink = rgb_is (surface_pixel (surface, (int) x + dx, (int) plot.bottom + dy), text, 60);
      g_assert_true (ink);
    }
  cairo_surface_destroy (surface);

  description = bs_chart_describe_skill_trace (trace);
  g_assert_nonnull (strstr (description, "Test board 6×6"));
  g_assert_nonnull (strstr (description, "Random 50.0% [40.4, 59.6] in 100 games"));
  g_assert_nonnull (strstr (description, "Easy 70.0%"));
  g_assert_nonnull (strstr (description, "Medium 85.0%"));
  g_assert_nonnull (strstr (description, "rises with skill"));
}

/* Exported as every chart: PNG, SVG and PDF from the extension, a GIF refused; a trace
 * with no games says so and draws nothing out of range. */
static void
test_export (void)
{
  g_autoptr(BsSkillTrace) trace = bs_skill_trace_new ("Test board", 1);
  g_autoptr(BsSkillTrace) empty = bs_skill_trace_new ("Test board", 1);
  g_autofree char *dir = g_dir_make_tmp ("skill-trace-XXXXXX", NULL);
  const char *names[] = { "trace.png", "trace.svg", "trace.pdf" };
  g_autoptr(GError) error = NULL;
  g_autofree char *gif = g_build_filename (dir, "trace.gif", NULL);
  g_autofree char *description = NULL;
  BsChartOptions options;

  bs_skill_trace_add_counts (trace, "random", "Random", 5, 5, 0, 30);
  bs_skill_trace_add_counts (trace, "easy", "Easy", 6, 3, 1, 34);
  bs_skill_trace_add_counts (empty, "random", "Random", 0, 0, 0, 0);
  bs_skill_trace_add_counts (empty, "easy", "Easy", 0, 0, 0, 0);
  bs_chart_options_init (&options);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = g_build_filename (dir, names[i], NULL);
      g_autofree char *bytes = NULL;
      gsize length;

      g_assert_true (bs_chart_export_skill_trace (i < 2 ? trace : empty, &options, path,
                                                  &error));
      g_assert_no_error (error);
      g_assert_true (g_file_get_contents (path, &bytes, &length, NULL));
      g_assert_cmpuint (length, >, 500);
      if (i == 0)
        g_assert_cmpmem (bytes, 4, "\x89PNG", 4);
      g_unlink (path);
    }
  g_assert_false (bs_chart_export_skill_trace (trace, &options, gif, &error));
  g_assert_nonnull (error);
  g_assert_false (g_file_test (gif, G_FILE_TEST_EXISTS));
  description = bs_chart_describe_skill_trace (empty);
  g_assert_nonnull (strstr (description, "Random: no games"));
  g_assert_nonnull (strstr (description, "Easy: no games"));
  g_rmdir (dir);
}

/* The level's study file beside the trace's, and its study played, resumed, extended and
 * refused as the CLI and the app both play it. */
static void
test_level_path (void)
{
  const char *cases[][3] = {
    { "trace.xml", "easy", "trace-easy.xml" },
    { "dir/t.bsstudy", "10000", "dir/t-10000.bsstudy" },
    { "dir.d/trace", "random", "dir.d/trace-random" },
    { ".trace", "hard", ".trace-hard" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = bs_skill_trace_level_path (cases[i][0], cases[i][1]);

      g_assert_cmpstr (path, ==, cases[i][2]);
    }
}

static BsStudyStats *
play (BsStudyRunner *runner)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (bs_study_runner_run (runner, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  return bs_study_runner_get_stats (runner, 0);
}

static void
test_open_level (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariant) variant = bs_variant_lookup ("breakthrough", &error);
  g_autofree char *dir = g_dir_make_tmp ("skill-trace-XXXXXX", NULL);
  g_autofree char *output = g_build_filename (dir, "trace.bsstudy", NULL);
  g_autofree char *path = bs_skill_trace_level_path (output, "random");
  g_autofree char *label = NULL;
  g_autoptr(BsStudyRunner) runner = NULL;
  g_autoptr(BsStudyRunner) memory = NULL;
  g_autoptr(BsStudyStats) first = NULL;
  g_autoptr(BsStudyStats) extended = NULL;
  g_autoptr(BsStudyStats) fresh = NULL;
  guint done, total;

  g_assert_no_error (error);
  runner = bs_skill_trace_open_level (variant, "random", 3, 6, path, &label, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (label, ==, "Random");
  /* Both players the level, one arm, no seats swapped. */
  g_assert_cmpstr (bs_study_runner_get_study (runner)->players[0].level, ==, "random");
  g_assert_cmpstr (bs_study_runner_get_study (runner)->players[1].level, ==, "random");
  first = play (runner);
  g_assert_cmpuint (first->games, ==, 6);
  g_clear_pointer (&runner, bs_study_runner_free);

  /* More games: the file's are kept and the rest played. */
  runner = bs_skill_trace_open_level (variant, "random", 3, 10, path, NULL, &error);
  g_assert_no_error (error);
  bs_study_runner_get_progress (runner, &done, &total);
  g_assert_cmpuint (done, ==, 6);
  g_assert_cmpuint (total, ==, 10);
  extended = play (runner);
  g_clear_pointer (&runner, bs_study_runner_free);
  /* The same games as ten played at once, in memory. */
  memory = bs_skill_trace_open_level (variant, "random", 3, 10, NULL, NULL, &error);
  g_assert_no_error (error);
  fresh = play (memory);
  g_assert_cmpuint (extended->games, ==, 10);
  g_assert_cmpuint (extended->wins[0], ==, fresh->wins[0]);
  g_assert_cmpuint (extended->wins[1], ==, fresh->wins[1]);
  g_assert_cmpuint (extended->draws, ==, fresh->draws);

  /* Fewer games than the file holds, or another seed: refused, naming the file. */
  runner = bs_skill_trace_open_level (variant, "random", 3, 4, path, NULL, &error);
  g_assert_null (runner);
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_EXIST);
  g_assert_nonnull (strstr (error->message, path));
  g_assert_nonnull (strstr (error->message, "holds 10 games"));
  g_clear_error (&error);
  runner = bs_skill_trace_open_level (variant, "random", 4, 10, path, NULL, &error);
  g_assert_null (runner);
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_EXIST);
  g_assert_nonnull (strstr (error->message, "not this level's study"));
  g_clear_error (&error);
  /* A level no player is. */
  runner = bs_skill_trace_open_level (variant, "clever", 3, 10, NULL, NULL, &error);
  g_assert_null (runner);
  g_assert_nonnull (error);
  g_clear_error (&error);

  g_unlink (path);
  g_rmdir (dir);
}

int
main (int    argc,
      char **argv)
{
  g_setenv ("LANGUAGE", "C", TRUE);
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/skill-trace/trend/no-draws", test_trend_no_draws);
  g_test_add_func ("/skill-trace/trend/published", test_trend_published);
  g_test_add_func ("/skill-trace/trend/draws", test_trend_draws);
  g_test_add_func ("/skill-trace/trend/degenerate", test_trend_degenerate);
  g_test_add_func ("/skill-trace/levels", test_trace_levels);
  g_test_add_data_func ("/skill-trace/chart/light", GINT_TO_POINTER (FALSE), test_chart);
  g_test_add_data_func ("/skill-trace/chart/dark", GINT_TO_POINTER (TRUE), test_chart);
  g_test_add_func ("/skill-trace/export", test_export);
  g_test_add_func ("/skill-trace/level-path", test_level_path);
  g_test_add_func ("/skill-trace/open-level", test_open_level);
  return g_test_run ();
}
