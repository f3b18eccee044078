/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The design-space search's trade-offs chart (bs_chart_draw_pareto): the axes cover every
 * figure and the goals' edges; the best trade-offs are filled discs (the accent colour)
 * where the axes put their figures, the others grey rings; the
 * region that meets both goals is tinted; the description names the best trade-offs; and
 * the export writes a PNG. */

#include "config.h"

#include <math.h>

#include <glib/gstdio.h>

#include "bs-chart.h"

#include "render-test-util.h"

#define WIDTH  640
#define HEIGHT 400

static const char * const labels[] = { "a", "b", "c", "d", "e" };
static const double xs[] = { 38, 44, 45, 35, 12 };
static const double ys[] = { 3.6, 4.2, 3.0, 2.0, 1.0 };
static const gboolean front[] = { TRUE, TRUE, FALSE, FALSE, FALSE };

static void
fill_chart (BsParetoChart *chart)
{
  *chart = (BsParetoChart) {
    .variant = "Test board", .x_title = "Mean length (plies)",
    .y_title = "Lead changes a game", .x_goal_low = 30, .x_goal_high = 40,
    .y_goal_low = 4, .y_goal_high = INFINITY, .n = 5, .labels = labels, .x = xs, .y = ys,
    .front = front,
  };
}

static void
test_draw (void)
{
  static const double accent[3] = { 0.11, 0.44, 0.85 };
  static const double white[3] = { 1, 1, 1 };
  static const double grey[3] = { 0.40, 0.40, 0.40 };
  BsParetoChart chart;
  BsChartOptions options;
  BsChartPlot plot;
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, WIDTH, HEIGHT);
  cairo_t *cr = cairo_create (surface);
  g_autofree char *description = NULL;
  double px, py;
  guint32 tint;

  fill_chart (&chart);
  bs_chart_options_init (&options);
  options.width = WIDTH;
  bs_chart_draw_pareto (cr, &chart, &options, WIDTH, HEIGHT, &plot);
  cairo_surface_flush (surface);

  g_assert_cmpfloat (plot.right, >, plot.left);
  g_assert_cmpfloat (plot.x_min, <, 12);
  g_assert_cmpfloat (plot.x_max, >, 45);
  g_assert_cmpfloat (plot.y_min, <, 1);
  g_assert_cmpfloat (plot.y_max, >, 4.2);
  for (guint i = 0; i < G_N_ELEMENTS (xs); i++)
    {
      bs_chart_plot_map (&plot, xs[i], ys[i], &px, &py);
      if (front[i])
        g_assert_true (rgb_is (surface_pixel (surface, (int) px, (int) py), accent, 12));
      else
        {
          /* A small grey ring: no accent there, and grey ink within its radius. */
          gboolean ink = FALSE;

          g_assert_false (rgb_is (surface_pixel (surface, (int) px, (int) py), accent, 40));
          for (int dy = -4; dy <= 4; dy++)
            for (int dx = -4; dx <= 4; dx++)
              ink |= rgb_is (surface_pixel (surface, (int) px + dx, (int) py + dy), grey, 40);
          g_assert_true (ink);
        }
    }
  /* Inside the region of both goals (x 30..40, y above 4), away from any point: tinted,
   * neither white nor the accent. */
  bs_chart_plot_map (&plot, 32, plot.y_max - 0.1, &px, &py);
  tint = surface_pixel (surface, (int) px, (int) py);
  g_assert_false (rgb_is (tint, white, 2));
  g_assert_false (rgb_is (tint, accent, 12));
  g_assert_cmpuint (tint & 0xff, >, (tint >> 16) & 0xff);   /* bluish */
  /* Outside it: white. */
  bs_chart_plot_map (&plot, 20, 3.5, &px, &py);
  g_assert_true (rgb_is (surface_pixel (surface, (int) px, (int) py), white, 2));

  description = bs_chart_describe_pareto (&chart);
  g_assert_cmpstr (description, ==, "The best trade-offs between Mean length (plies) and Lead "
                                    "changes a game, Test board: a 38.0, 3.60; b 44.0, 4.20");
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

static void
test_export (void)
{
  BsParetoChart chart;
  BsChartOptions options;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("pareto-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "trade-offs.png", NULL);
  cairo_surface_t *png;

  fill_chart (&chart);
  bs_chart_options_init (&options);
  options.width = 420;
  g_assert_true (bs_chart_export_pareto (&chart, &options, path, &error));
  g_assert_no_error (error);
  png = cairo_image_surface_create_from_png (path);
  g_assert_cmpint (cairo_surface_status (png), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (png), ==, 420);
  cairo_surface_destroy (png);
  g_unlink (path);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/pareto-chart/draw", test_draw);
  g_test_add_func ("/pareto-chart/export", test_export);
  return g_test_run ();
}
