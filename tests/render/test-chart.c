/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The balance lab's charts drawn from data with known values, read back
 * by their pixels: every kind (score bars with error bars, the length
 * histogram, a sweep's curve with its band, the branching curve, the
 * openings on the board) in the light and the dark theme at 600 px. The
 * theme's background; a bar's top, a curve and a band's edges where the
 * axes put their values (bs_chart_plot_map); the error bars spanning the
 * Wilson interval; ink where the labels go; nothing drawn outside the
 * chart's own rectangle; and studies with no games, one value or a 100%
 * score drawn without NaN. */

#include "config.h"

#include <math.h>
#include <string.h>

#include "bs-chart.h"
#include "bs-study.h"
#include "bs-study-stats.h"

#include "bs-variant-xml.h"
#include "render-test-util.h"

#define WIDTH  600
#define HEIGHT 375   /* the charts' own 5/8 */
/* Transparent all around the chart: whatever is drawn there is out of
 * bounds. */
#define MARGIN 24

/* The themes' colours (bs-chart.c's palettes). */
typedef struct {
  double background[3];
  double text[3];
  double first[3];
  double second[3];
  double accent[3];
} Colours;

static const Colours light = {
  { 1, 1, 1 }, { 0.13, 0.13, 0.13 }, { 0.11, 0.44, 0.85 }, { 0.90, 0.38, 0.0 },
  { 0.11, 0.44, 0.85 },
};
static const Colours dark = {
  { 0.12, 0.12, 0.12 }, { 0.93, 0.93, 0.93 }, { 0.38, 0.63, 0.92 }, { 1.0, 0.64, 0.28 },
  { 0.38, 0.63, 0.92 },
};

typedef struct {
  cairo_surface_t *surface;
  BsChartPlot      plot;
  const Colours   *colours;
} Drawn;

/* A colour drawn with alpha over the background. */
static void
blend (const Colours *colours,
       const double   rgb[3],
       double         alpha,
       double         out[3])
{
  for (int i = 0; i < 3; i++)
    out[i] = colours->background[i] * (1 - alpha) + rgb[i] * alpha;
}

static guint32
pixel (const Drawn *d,
       double       x,
       double       y)
{
  return surface_pixel (d->surface, MARGIN + (int) floor (x), MARGIN + (int) floor (y));
}

static gboolean
pixel_near (const Drawn  *d,
            double        x,
            double        y,
            const double  rgb[3],
            int           tolerance)
{
  return pixel_is (pixel (d, x, y), rgb, tolerance);
}

/* Anything of the colour within a pixel of (x, y) (lines are antialiased). */
static gboolean
colour_around (const Drawn  *d,
               double        x,
               double        y,
               const double  rgb[3],
               int           tolerance)
{
  for (int dy = -1; dy <= 1; dy++)
    for (int dx = -1; dx <= 1; dx++)
      if (pixel_near (d, x + dx, y + dy, rgb, tolerance))
        return TRUE;
  return FALSE;
}

/* Ink: pixels far from the background somewhere in the box. */
static guint
ink_in (const Drawn *d,
        double       x0,
        double       y0,
        double       x1,
        double       y1)
{
  guint n = 0;

  for (double y = MAX (0, y0); y < MIN (HEIGHT, y1); y++)
    for (double x = MAX (0, x0); x < MIN (WIDTH, x1); x++)
      if (!pixel_near (d, x, y, d->colours->background, 60))
        n++;
  return n;
}

static void
drawn_clear (Drawn *d)
{
  g_clear_pointer (&d->surface, cairo_surface_destroy);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Drawn, drawn_clear)

static void
draw_chart (Drawn             *d,
            const BsChartData *data,
            BsChartKind        kind,
            gboolean           dark_theme,
            guint              arm)
{
  BsChartOptions options;
  cairo_t *cr;
  double *fields = (double *) &d->plot;

  bs_chart_options_init (&options);
  options.kind = kind;
  options.dark = dark_theme;
  options.width = WIDTH;
  options.arm = arm;
  d->colours = dark_theme ? &dark : &light;
  d->surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, WIDTH + 2 * MARGIN,
                                           HEIGHT + 2 * MARGIN);
  cr = cairo_create (d->surface);
  cairo_translate (cr, MARGIN, MARGIN);
  bs_chart_draw_full (cr, data, &options, WIDTH, HEIGHT, &d->plot);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (d->surface);

  /* No NaN or infinity reached the plot. */
  for (guint i = 0; i < sizeof d->plot / sizeof (double); i++)
    g_assert_true (isfinite (fields[i]));
  /* Nothing outside the chart's rectangle. */
  for (int y = 0; y < HEIGHT + 2 * MARGIN; y++)
    for (int x = 0; x < WIDTH + 2 * MARGIN; x++)
      if (x < MARGIN || x >= MARGIN + WIDTH || y < MARGIN || y >= MARGIN + HEIGHT)
        {
          if ((surface_pixel (d->surface, x, y) >> 24) != 0)
            g_error ("a pixel drawn at (%d, %d), outside the %d × %d chart", x - MARGIN,
                     y - MARGIN, WIDTH, HEIGHT);
        }
  /* The theme's background in its corners. */
  g_assert_true (pixel_near (d, 1, 1, d->colours->background, 2));
  g_assert_true (pixel_near (d, WIDTH - 2, HEIGHT - 2, d->colours->background, 2));
  g_assert_true (pixel_near (d, WIDTH - 2, 1, d->colours->background, 2));
  /* The title's ink, top left. */
  g_assert_cmpuint (ink_in (d, 0, 0, WIDTH / 2.0, 30), >, 100);
}

/* Ink of the axes' labels: left of the plot and under it. */
static void
assert_axis_labels (const Drawn *d)
{
  g_assert_cmpuint (ink_in (d, 0, d->plot.top, d->plot.left - 3, d->plot.bottom), >, 100);
  g_assert_cmpuint (ink_in (d, d->plot.left, d->plot.bottom + 3, d->plot.right, HEIGHT), >, 100);
}

/* Studies and statistics with known values. */

static BsStudy *
make_study (const char *range)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariant) variant = bs_variant_lookup ("breakthrough", &error);
  BsStudy *study;

  g_assert_no_error (error);
  study = bs_study_new (range != NULL ? BS_STUDY_SWEEP : BS_STUDY_SINGLE, 1, "random", "random",
                        &error);
  g_assert_no_error (error);
  if (range != NULL)
    {
      bs_study_add_sweep (study, variant, "rows", range, &error);
      g_assert_no_error (error);
    }
  else
    bs_study_add_arm (study, variant, NULL);
  g_assert_true (bs_study_prepare (study, &error));
  g_assert_no_error (error);
  return study;
}

static BsChartData *
make_data (BsStudy *study)
{
  BsChartData *data = g_new0 (BsChartData, 1);

  data->study = study;
  data->n_arms = bs_study_n_arms (study);
  data->arms = g_new0 (BsStudyStats *, data->n_arms);
  for (guint i = 0; i < data->n_arms; i++)
    data->arms[i] = bs_study_stats_new (FALSE);
  return data;
}

/* n games of an arm: the result, their length, the legal moves at every
 * ply (alternating low and high from game to game when they differ) and
 * the opening move. */
static void
add_games (BsChartData *data,
           guint        arm,
           guint        n,
           BsResult     result,
           guint        plies,
           guint        moves_low,
           guint        moves_high,
           const char  *opening)
{
  for (guint g = 0; g < n; g++)
    {
      BsStudyGame *game = bs_study_game_new ();
      guint16 moves = g % 2 == 0 ? moves_low : moves_high;

      game->arm = arm;
      game->number = g;
      game->result = result;
      game->reason = g_strdup ("rules");
      game->plies = plies;
      for (guint i = 0; i < plies; i++)
        {
          guint16 one = 1;

          g_array_append_val (game->step_counts, one);
          g_array_append_val (game->branching, moves);
          g_ptr_array_add (game->moves, g_strdup (i == 0 ? opening : "a1-a2"));
        }
      bs_study_stats_add (data->arms[arm], data->study, game);
      bs_study_game_free (game);
    }
}

static const gboolean themes[] = { FALSE, TRUE };

/* The first run of a colour along a row, from x0 to x1: its ends. */
static gboolean
find_run (const Drawn  *d,
          double        y,
          double        x0,
          double        x1,
          const double  rgb[3],
          double       *left,
          double       *right)
{
  double x = x0;

  while (x < x1 && !pixel_near (d, x, y, rgb, 6))
    x++;
  if (x >= x1)
    return FALSE;
  *left = x;
  /* A thin line of another colour (an error bar) may cross the run. */
  for (double gap = 0; x < x1 && gap < 4; x++)
    {
      if (pixel_near (d, x, y, rgb, 6))
        {
          *right = x;
          gap = 0;
        }
      else
        gap++;
    }
  return TRUE;
}

static void
test_score (void)
{
  for (guint t = 0; t < G_N_ELEMENTS (themes); t++)
    {
      g_autoptr(BsChartData) data = make_data (make_study (NULL));
      g_auto(Drawn) d = { 0 };
      double rates[3] = { 39 / 60.0, 6 / 60.0, 15 / 60.0 }, low, high;
      double left, right, centre, y_top, y_low, y_high, y_mid, x;

      add_games (data, 0, 39, BS_RESULT_WIN_1, 40, 20, 20, "b2-b3");
      add_games (data, 0, 6, BS_RESULT_DRAW, 60, 20, 20, "b2-b3");
      add_games (data, 0, 15, BS_RESULT_WIN_2, 50, 20, 20, "b2-b3");
      draw_chart (&d, data, BS_CHART_SCORE, themes[t], 0);
      assert_axis_labels (&d);
      g_assert_cmpfloat (d.plot.y_min, ==, 0);
      g_assert_cmpfloat (d.plot.y_max, ==, 1);

      /* Player 1's bar: its top at 65%. */
      bs_chart_plot_map (&d.plot, 0, rates[0] / 2, NULL, &y_mid);
      bs_chart_plot_map (&d.plot, 0, rates[0], NULL, &y_top);
      g_assert_true (find_run (&d, y_mid, d.plot.left, d.plot.right, d.colours->first, &left,
                               &right));
      g_assert_cmpfloat (right - left, >, 10);
      centre = (left + right) / 2;
      g_assert_true (pixel_near (&d, left + 2, y_top + 2, d.colours->first, 6));
      g_assert_false (pixel_near (&d, left + 2, y_top - 2, d.colours->first, 40));

      /* Its error bar spans the Wilson interval: the line above the bar up
       * to the high end, a cap there and at the low end, nothing beyond. */
      bs_stats_wilson (39, 60, BS_STATS_Z95, &low, &high);
      bs_chart_plot_map (&d.plot, 0, low, NULL, &y_low);
      bs_chart_plot_map (&d.plot, 0, high, NULL, &y_high);
      g_assert_cmpfloat (y_top - y_high, >, 10);
      for (double y = y_high + 2; y < y_top - 2; y += 2)
        g_assert_true (colour_around (&d, centre, y, d.colours->text, 50));
      g_assert_false (colour_around (&d, centre, y_high - 4, d.colours->text, 50));
      g_assert_true (colour_around (&d, centre + (right - left) * 0.15, y_high, d.colours->text,
                                    50));
      g_assert_true (colour_around (&d, centre + (right - left) * 0.15, y_low, d.colours->text,
                                    50));
      g_assert_true (pixel_near (&d, centre + (right - left) * 0.15, y_low + 4,
                                 d.colours->first, 6));

      /* Player 2's bar (the group's right one): its top at 25%. */
      bs_chart_plot_map (&d.plot, 0, rates[2] / 2, NULL, &y_mid);
      bs_chart_plot_map (&d.plot, 0, rates[2], NULL, &y_top);
      g_assert_true (find_run (&d, y_mid, right, d.plot.right, d.colours->second, &left, &x));
      g_assert_true (pixel_near (&d, left + 2, y_top + 2, d.colours->second, 6));
      g_assert_false (pixel_near (&d, left + 2, y_top - 2, d.colours->second, 40));
    }
}

static void
test_length (void)
{
  for (guint t = 0; t < G_N_ELEMENTS (themes); t++)
    {
      g_autoptr(BsChartData) data = make_data (make_study (NULL));
      g_auto(Drawn) d = { 0 };
      double bar[3], x, y;

      add_games (data, 0, 10, BS_RESULT_WIN_1, 20, 20, 20, "b2-b3");
      add_games (data, 0, 30, BS_RESULT_WIN_2, 30, 20, 20, "b2-b3");
      add_games (data, 0, 20, BS_RESULT_WIN_1, 40, 20, 20, "b2-b3");
      draw_chart (&d, data, BS_CHART_LENGTH, themes[t], 0);
      assert_axis_labels (&d);
      blend (d.colours, d.colours->accent, 0.85, bar);
      /* One ply a bin, 19.5 to 40.5. */
      g_assert_cmpfloat_with_epsilon (d.plot.x_min, 19.5, 1e-9);
      g_assert_cmpfloat_with_epsilon (d.plot.x_max, 40.5, 1e-9);
      /* 10 games of 20 plies and 20 of 40 (30 is under the median's line). */
      bs_chart_plot_map (&d.plot, 20.2, 10, &x, &y);
      g_assert_true (pixel_near (&d, x, y + 3, bar, 8));
      g_assert_false (pixel_near (&d, x, y - 3, bar, 30));
      bs_chart_plot_map (&d.plot, 39.8, 20, &x, &y);
      g_assert_true (pixel_near (&d, x, y + 3, bar, 8));
      g_assert_false (pixel_near (&d, x, y - 3, bar, 30));
      /* No game of 25 plies: no bar. */
      bs_chart_plot_map (&d.plot, 25, 0, &x, &y);
      g_assert_false (pixel_near (&d, x, y - 4, bar, 30));
    }
}

/* A band's edges and its curve between two x values: inside the band
 * below its top edge, none of it just above, the curve's colour on it. */
static void
assert_band (const Drawn *d,
             double       x_value,
             double       curve,
             double       band_low,
             double       band_high)
{
  double band[3], x, y_high, y_low, y_curve, y_in;

  blend (d->colours, d->colours->accent, 0.18, band);
  bs_chart_plot_map (&d->plot, x_value, band_high, &x, &y_high);
  bs_chart_plot_map (&d->plot, x_value, band_low, NULL, &y_low);
  bs_chart_plot_map (&d->plot, x_value, curve, NULL, &y_curve);
  bs_chart_plot_map (&d->plot, x_value, (curve + band_high) / 2, NULL, &y_in);
  g_assert_cmpfloat (y_curve - y_high, >, 12);
  g_assert_cmpfloat (y_low - y_curve, >, 12);
  /* Inside (a grid line may cross: one of three rows). */
  g_assert_true (pixel_near (d, x, y_in, band, 8) || pixel_near (d, x, y_in - 2, band, 8) ||
                 pixel_near (d, x, y_in + 2, band, 8));
  g_assert_true (pixel_near (d, x, y_high + 3, band, 8) || pixel_near (d, x, y_high + 5, band, 8));
  g_assert_true (pixel_near (d, x, y_low - 3, band, 8) || pixel_near (d, x, y_low - 5, band, 8));
  g_assert_false (pixel_near (d, x, y_high - 4, band, 4));
  g_assert_false (pixel_near (d, x, y_low + 4, band, 4));
  g_assert_true (colour_around (d, x, y_curve, d->colours->accent, 30));
}

static void
test_sweep (void)
{
  for (guint t = 0; t < G_N_ELEMENTS (themes); t++)
    {
      g_autoptr(BsChartData) data = make_data (make_study ("1..3"));
      g_auto(Drawn) d = { 0 };
      double low[3], high[3], score[3] = { 0.8, 0.7, 0.6 }, x, y_score, y_high, y;

      g_assert_cmpuint (data->n_arms, ==, 3);
      for (guint arm = 0; arm < 3; arm++)
        {
          guint wins = (guint) round (score[arm] * 40);

          add_games (data, arm, wins, BS_RESULT_WIN_1, 40, 20, 20, "b2-b3");
          add_games (data, arm, 40 - wins, BS_RESULT_WIN_2, 40, 20, 20, "b2-b3");
          bs_stats_wilson (wins, 40, BS_STATS_Z95, &low[arm], &high[arm]);
        }
      draw_chart (&d, data, BS_CHART_SWEEP, themes[t], 0);
      assert_axis_labels (&d);
      /* The values 1, 2, 3 with half a step either side. */
      g_assert_cmpfloat_with_epsilon (d.plot.x_min, 0.5, 1e-9);
      g_assert_cmpfloat_with_epsilon (d.plot.x_max, 3.5, 1e-9);
      g_assert_cmpfloat (d.plot.y_max, >=, high[0]);
      g_assert_cmpfloat (d.plot.y_min, <=, 0.5);

      /* Between the values the band joins the intervals' ends and the
       * curve the scores. */
      assert_band (&d, 1.5, (score[0] + score[1]) / 2, (low[0] + low[1]) / 2,
                   (high[0] + high[1]) / 2);
      assert_band (&d, 2.5, (score[1] + score[2]) / 2, (low[1] + low[2]) / 2,
                   (high[1] + high[2]) / 2);

      /* At value 1 the dot at 80% and its error bar up to the interval's
       * high end. */
      bs_chart_plot_map (&d.plot, 1, score[0], &x, &y_score);
      bs_chart_plot_map (&d.plot, 1, high[0], NULL, &y_high);
      g_assert_true (pixel_near (&d, x, y_score, d.colours->accent, 8));
      for (y = y_high + 2; y < y_score - 8; y += 2)
        g_assert_true (colour_around (&d, x, y, d.colours->text, 50));
      g_assert_false (colour_around (&d, x, y_high - 4, d.colours->text, 50));
    }
}

/* Issue 26: a sweep's chart marks every value tied for fairest (a wide ring each) and the
 * plausibly fair ones (a triangle on the bottom line), and says so in words. Rows 1, 2, 3
 * score 48, 70 and 52 of 100: 1 and 3 are as far from ½ with intervals as wide (tied); by
 * Holm over three values 1 and 3 are plausibly fair (p = 0.69 each), 2 is not (p = 6e-5). */
static void
test_sweep_ties (void)
{
  static const guint wins[] = { 48, 70, 52 };

  for (guint t = 0; t < G_N_ELEMENTS (themes); t++)
    {
      g_autoptr(BsChartData) data = make_data (make_study ("1..3"));
      g_auto(Drawn) d = { 0 };
      g_autofree char *description = NULL;
      BsChartOptions options;
      /* The chart's font at 600 px (MAX (11, width / 48)) and its wide ring's radius. */
      double font = 600 / 48.0, ring = 0.95 * font;

      for (guint arm = 0; arm < 3; arm++)
        {
          add_games (data, arm, wins[arm], BS_RESULT_WIN_1, 40, 20, 20, "b2-b3");
          add_games (data, arm, 100 - wins[arm], BS_RESULT_WIN_2, 40, 20, 20, "b2-b3");
        }
      draw_chart (&d, data, BS_CHART_SWEEP, themes[t], 0);
      for (guint arm = 0; arm < 3; arm++)
        {
          double x, y;
          guint ringed = 0;

          bs_chart_plot_map (&d.plot, arm + 1, wins[arm] / 100.0, &x, &y);
          /* The ring, on the diagonals (the error bar is vertical, the curve shallower). */
          for (int sx = -1; sx <= 1; sx += 2)
            for (int sy = -1; sy <= 1; sy += 2)
              ringed += colour_around (&d, x + sx * ring * G_SQRT2 / 2,
                                       y + sy * ring * G_SQRT2 / 2, d.colours->accent, 30);
          if (arm == 1)
            {
              /* Above the 70% dot (a peak: the curve goes down both ways) nothing accent. */
              g_assert_false (colour_around (&d, x - ring * G_SQRT2 / 2, y - ring * G_SQRT2 / 2,
                                             d.colours->accent, 30));
              g_assert_false (colour_around (&d, x + ring * G_SQRT2 / 2, y - ring * G_SQRT2 / 2,
                                             d.colours->accent, 30));
              g_assert_false (colour_around (&d, x, d.plot.bottom - 3, d.colours->accent, 30));
            }
          else
            {
              g_assert_cmpuint (ringed, ==, 4);
              /* The plausibly fair triangle under it, on the bottom line. */
              g_assert_true (colour_around (&d, x, d.plot.bottom - 3, d.colours->accent, 30));
            }
        }
      bs_chart_options_init (&options);
      options.kind = BS_CHART_SWEEP;
      description = bs_chart_describe (data, &options);
      g_assert_nonnull (description);
      g_assert_nonnull (strstr (description, "Tied for fairest: "));
      g_assert_nonnull (strstr (description, " = 1, 3"));
      g_assert_nonnull (strstr (description, "Plausibly fair (Holm): 1, 3"));
      options.kind = BS_CHART_SCORE;
      g_clear_pointer (&description, g_free);
      g_assert_null (bs_chart_describe (data, &options));
    }
}

static void
test_branching (void)
{
  for (guint t = 0; t < G_N_ELEMENTS (themes); t++)
    {
      g_autoptr(BsChartData) data = make_data (make_study (NULL));
      g_auto(Drawn) d = { 0 };
      /* 10 and 20 legal moves, game after game: mean 15, sample sd. */
      double sd = 5 * sqrt (20.0 / 19.0);

      add_games (data, 0, 20, BS_RESULT_WIN_1, 30, 10, 20, "b2-b3");
      draw_chart (&d, data, BS_CHART_BRANCHING, themes[t], 0);
      assert_axis_labels (&d);
      g_assert_cmpfloat (d.plot.x_min, ==, 1);
      g_assert_cmpfloat (d.plot.x_max, ==, 30);
      g_assert_cmpfloat_with_epsilon (d.plot.y_max, (15 + sd) * 1.08, 1e-9);
      assert_band (&d, 10.5, 15, 15 - sd, 15 + sd);
      assert_band (&d, 25.5, 15, 15 - sd, 15 + sd);
    }
}

static void
test_openings (void)
{
  for (guint t = 0; t < G_N_ELEMENTS (themes); t++)
    {
      g_autoptr(BsChartData) data = make_data (make_study (NULL));
      g_auto(Drawn) d = { 0 };
      const BsRuleset *rs = bs_study_get_arm (data->study, 0)->ruleset;
      g_autofree double *xy = g_new (double, 2 * rs->n_cells);
      BsRenderOptions render;
      double radius;
      int b3 = bs_board_find_cell (rs->board, "b3", NULL);
      int g3 = bs_board_find_cell (rs->board, "g3", NULL);
      int d5 = bs_board_find_cell (rs->board, "d5", NULL);

      /* b2-b3 always won by player 1, g2-g3 always lost. */
      add_games (data, 0, 12, BS_RESULT_WIN_1, 30, 20, 20, "b2-b3");
      add_games (data, 0, 12, BS_RESULT_WIN_2, 30, 20, 20, "g2-g3");
      draw_chart (&d, data, BS_CHART_OPENINGS, themes[t], 0);
      g_assert_cmpfloat (d.plot.right - d.plot.left, >, 100);
      g_assert_cmpfloat (d.plot.bottom - d.plot.top, >, 100);

      /* The board as the chart drew it: its cells' centres. */
      bs_render_options_init (&render);
      render.theme = themes[t] ? BS_THEME_DARK : BS_THEME_LIGHT;
      render.coordinates = TRUE;
      render.transparent = TRUE;
      bs_render_cell_centres (rs, &render, d.plot.right - d.plot.left,
                              d.plot.bottom - d.plot.top, xy, &radius);
      g_assert_cmpfloat (radius, >, 5);
      /* Beside the count written on the disc: the score's colour. */
      g_assert_true (pixel_near (&d, d.plot.left + xy[2 * b3] + radius * 0.55,
                                 d.plot.top + xy[2 * b3 + 1], d.colours->first, 6));
      g_assert_true (pixel_near (&d, d.plot.left + xy[2 * g3] + radius * 0.55,
                                 d.plot.top + xy[2 * g3 + 1], d.colours->second, 6));
      g_assert_false (pixel_near (&d, d.plot.left + xy[2 * d5] + radius * 0.55,
                                  d.plot.top + xy[2 * d5 + 1], d.colours->first, 40));
      /* The count's ink at the disc's centre; the colour scale's labels
       * right of the board. */
      g_assert_cmpuint (ink_in (&d, d.plot.left + xy[2 * b3] - radius * 0.3,
                                d.plot.top + xy[2 * b3 + 1] - radius * 0.3,
                                d.plot.left + xy[2 * b3] + radius * 0.3,
                                d.plot.top + xy[2 * b3 + 1] + radius * 0.3), >, 3);
      g_assert_cmpuint (ink_in (&d, d.plot.right, d.plot.top, WIDTH, d.plot.bottom), >, 100);
    }
}

/* No games, a single value, a 100% score, one game of one ply: every
 * chart draws, in bounds, with finite axes. */
static void
test_degenerate (void)
{
  static const BsChartKind kinds[] = { BS_CHART_SCORE, BS_CHART_LENGTH, BS_CHART_SWEEP,
                                       BS_CHART_BRANCHING, BS_CHART_OPENINGS };

  for (guint t = 0; t < G_N_ELEMENTS (themes); t++)
    for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
      {
        g_autoptr(BsChartData) empty = make_data (make_study ("1..3"));
        g_autoptr(BsChartData) single = make_data (make_study ("2..3"));
        g_autoptr(BsChartData) one_game = make_data (make_study (NULL));
        g_auto(Drawn) a = { 0 };
        g_auto(Drawn) b = { 0 };
        g_auto(Drawn) c = { 0 };

        draw_chart (&a, empty, kinds[k], themes[t], 1);
        /* One value played of two, every game won by player 1 in as many
         * plies: an interval ending at 100%, a length of one bin. */
        add_games (single, 0, 25, BS_RESULT_WIN_1, 33, 7, 7, "c2-c3");
        draw_chart (&b, single, kinds[k], themes[t], 0);
        if (kinds[k] == BS_CHART_SWEEP || kinds[k] == BS_CHART_SCORE)
          {
            g_assert_cmpfloat (b.plot.y_max, ==, 1);
            g_assert_cmpfloat (b.plot.x_max, >, b.plot.x_min);
          }
        /* One game of one ply. */
        add_games (one_game, 0, 1, BS_RESULT_DRAW, 1, 1, 1, "d2-d3");
        draw_chart (&c, one_game, kinds[k], themes[t], 0);
      }
}

static void
assert_subtitle (const BsChartData *data,
                 BsChartKind        kind,
                 guint              arm,
                 const char        *expected)
{
  g_autofree char *subtitle = NULL;
  BsChartOptions options;

  bs_chart_options_init (&options);
  options.kind = kind;
  options.arm = arm;
  subtitle = bs_chart_subtitle (data, &options);
  g_assert_cmpstr (subtitle, ==, expected);
}

/* What the subtitle says was played (issue 26): an A/B of players is each player against
 * itself, not one against the other; the other studies one player against the other. */
static void
test_subtitles (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariant) variant = bs_variant_lookup ("breakthrough", &error);
  BsStudy *players = bs_study_new (BS_STUDY_PLAYERS, 1, "random", "easy", &error);
  g_autoptr(BsChartData) compared = NULL;
  g_autoptr(BsChartData) single = make_data (make_study (NULL));
  const char *name = bs_variant_display_name (variant);
  g_autofree char *score = g_strdup_printf ("%s · 8 games · Random compared with Easy, each "
                                            "playing itself · 95%% intervals", name);
  g_autofree char *length_b = g_strdup_printf ("B: %s · 5 games · Easy against itself", name);
  g_autofree char *single_score = g_strdup_printf ("%s · 4 games · Random against Random · "
                                                   "95%% intervals", name);

  g_assert_no_error (error);
  bs_study_add_arm (players, variant, "A");
  bs_study_add_arm (players, variant, "B");
  g_assert_true (bs_study_prepare (players, &error));
  compared = make_data (players);
  add_games (compared, 0, 3, BS_RESULT_WIN_1, 20, 5, 5, "d2-d3");
  add_games (compared, 1, 5, BS_RESULT_WIN_2, 30, 5, 5, "d2-d3");
  add_games (single, 0, 4, BS_RESULT_DRAW, 20, 5, 5, "d2-d3");
  assert_subtitle (compared, BS_CHART_SCORE, 0, score);
  assert_subtitle (compared, BS_CHART_LENGTH, 1, length_b);
  assert_subtitle (single, BS_CHART_SCORE, 0, single_score);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/chart/score", test_score);
  g_test_add_func ("/chart/length", test_length);
  g_test_add_func ("/chart/sweep", test_sweep);
  g_test_add_func ("/chart/sweep-ties", test_sweep_ties);
  g_test_add_func ("/chart/branching", test_branching);
  g_test_add_func ("/chart/openings", test_openings);
  g_test_add_func ("/chart/degenerate", test_degenerate);
  g_test_add_func ("/chart/subtitles", test_subtitles);
  return g_test_run ();
}
