/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-chart.c: the balance lab's charts. Every size (fonts, lines, margins)
 * follows the chart's width, so a chart reads the same at 600 px as on a
 * printed page. */
#define G_LOG_DOMAIN "boardsmith-render"

#include "config.h"

#include "bs-chart.h"

#include <math.h>
#include <string.h>

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <glib/gi18n.h>
#include <pango/pangocairo.h>

#include "bs-export.h"
#include "bs-file.h"
#include "bs-percent.h"
#include "bs-png-writer.h"
#include "bs-render.h"

typedef struct {
  double background[3];
  double text[3];
  double muted[3];
  double grid[3];
  double axis[3];
  double first[3];     /* player 1 */
  double draw[3];
  double second[3];    /* player 2 */
  double accent[3];    /* curves */
} Palette;

static const Palette light_palette = {
  { 1, 1, 1 }, { 0.13, 0.13, 0.13 }, { 0.40, 0.40, 0.40 }, { 0.90, 0.90, 0.90 },
  { 0.27, 0.27, 0.27 }, { 0.11, 0.44, 0.85 }, { 0.60, 0.60, 0.59 }, { 0.90, 0.38, 0.0 },
  { 0.11, 0.44, 0.85 },
};

static const Palette dark_palette = {
  { 0.12, 0.12, 0.12 }, { 0.93, 0.93, 0.93 }, { 0.70, 0.70, 0.70 }, { 0.25, 0.25, 0.25 },
  { 0.75, 0.75, 0.75 }, { 0.38, 0.63, 0.92 }, { 0.60, 0.60, 0.59 }, { 1.0, 0.64, 0.28 },
  { 0.38, 0.63, 0.92 },
};

typedef struct {
  cairo_t       *cr;
  const Palette *palette;
  double         width;
  double         height;
  double         font;    /* base font size, user units */
  /* The plot area and its data ranges. */
  double         left, top, right, bottom;
  double         x_min, x_max, y_min, y_max;
  /* Where a legend goes: beside the title (its top) or, when the chart
   * is too narrow for both, on a line of its own under the subtitle. */
  double         legend_y;
  gboolean       legend_under;
  gboolean       plotted;   /* the data was drawn (not a "no data" message) */
} Canvas;

void
bs_chart_options_init (BsChartOptions *options)
{
  memset (options, 0, sizeof *options);
  options->kind = BS_CHART_SCORE;
  options->width = 800;
}

static const char * const kind_names[] = { "score", "length", "sweep", "branching", "openings",
                                           NULL };

const char *
bs_chart_kind_to_string (BsChartKind kind)
{
  return kind_names[kind];
}

gboolean
bs_chart_kind_from_string (const char     *text,
                           const BsStudy  *study,
                           BsChartKind    *kind,
                           GError        **error)
{
  if (text == NULL)
    {
      *kind = study != NULL && study->kind == BS_STUDY_SWEEP ? BS_CHART_SWEEP : BS_CHART_SCORE;
      return TRUE;
    }
  for (int i = 0; kind_names[i] != NULL; i++)
    if (g_str_equal (text, kind_names[i]))
      {
        if (i == BS_CHART_SWEEP && (study == NULL || study->kind != BS_STUDY_SWEEP))
          {
            g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                         _("--kind sweep: the study is not a sweep"));
            return FALSE;
          }
        *kind = (BsChartKind) i;
        return TRUE;
      }
  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
               _("--kind: \"%s\" is not one of score, length, sweep, branching, openings"), text);
  return FALSE;
}

gboolean
bs_chart_theme_from_string (const char *text,
                            gboolean   *dark)
{
  if (g_str_equal (text, "light") || g_str_equal (text, "dark"))
    {
      *dark = g_str_equal (text, "dark");
      return TRUE;
    }
  return FALSE;
}

BsChartData *
bs_chart_data_new (BsStudyRunner *runner)
{
  BsChartData *data = g_new0 (BsChartData, 1);

  data->study = bs_study_ref (bs_study_runner_get_study (runner));
  data->n_arms = bs_study_n_arms (data->study);
  data->arms = g_new0 (BsStudyStats *, data->n_arms);
  for (guint i = 0; i < data->n_arms; i++)
    data->arms[i] = bs_study_runner_get_stats (runner, i);
  return data;
}

void
bs_chart_data_free (BsChartData *data)
{
  if (data == NULL)
    return;
  for (guint i = 0; i < data->n_arms; i++)
    bs_study_stats_free (data->arms[i]);
  g_free (data->arms);
  bs_study_unref (data->study);
  g_free (data);
}

/* Drawing helpers. */

static void
set_color (cairo_t      *cr,
           const double  rgb[3],
           double        alpha)
{
  cairo_set_source_rgba (cr, rgb[0], rgb[1], rgb[2], alpha);
}

/* A layout of text in the chart's font at size (user units). */
static PangoLayout *
make_layout (Canvas     *c,
             const char *text,
             double      size,
             gboolean    bold)
{
  PangoLayout *layout = pango_cairo_create_layout (c->cr);
  PangoFontDescription *font = pango_font_description_from_string ("Sans");

  pango_font_description_set_absolute_size (font, size * PANGO_SCALE);
  if (bold)
    pango_font_description_set_weight (font, PANGO_WEIGHT_BOLD);
  pango_layout_set_font_description (layout, font);
  pango_layout_set_text (layout, text, -1);
  pango_font_description_free (font);
  return layout;
}

/* Text anchored at (x, y): ax, ay in 0..1 (0 left/top, 1 right/bottom). */
static void
draw_text (Canvas       *c,
           const char   *text,
           double        x,
           double        y,
           double        size,
           gboolean      bold,
           const double  rgb[3],
           double        ax,
           double        ay,
           double        angle)
{
  PangoLayout *layout = make_layout (c, text, size, bold);
  int w, h;

  pango_layout_get_pixel_size (layout, &w, &h);
  cairo_save (c->cr);
  cairo_translate (c->cr, x, y);
  cairo_rotate (c->cr, angle);
  cairo_move_to (c->cr, -ax * w, -ay * h);
  set_color (c->cr, rgb, 1);
  pango_cairo_show_layout (c->cr, layout);
  cairo_restore (c->cr);
  g_object_unref (layout);
}

static double
text_width (Canvas     *c,
            const char *text,
            double      size)
{
  PangoLayout *layout = make_layout (c, text, size, FALSE);
  int w, h;

  pango_layout_get_pixel_size (layout, &w, &h);
  g_object_unref (layout);
  return w;
}

/* Text wrapped to max_width, its top-left corner at (x, y); returns its
 * height. Titles and notes wrap on a narrow chart instead of running off
 * its edge. */
static double
draw_text_wrapped (Canvas       *c,
                   const char   *text,
                   double        x,
                   double        y,
                   double        max_width,
                   double        size,
                   gboolean      bold,
                   const double  rgb[3],
                   gboolean      draw)
{
  PangoLayout *layout = make_layout (c, text, size, bold);
  int w, h;

  pango_layout_set_width (layout, (int) (MAX (max_width, size * 4) * PANGO_SCALE));
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  pango_layout_get_pixel_size (layout, &w, &h);
  if (draw)
    {
      cairo_save (c->cr);
      cairo_move_to (c->cr, x, y);
      set_color (c->cr, rgb, 1);
      pango_cairo_show_layout (c->cr, layout);
      cairo_restore (c->cr);
    }
  g_object_unref (layout);
  return h;
}

/* A "nice" step (1, 2, 5 × 10^k) giving about `target` ticks. */
static double
nice_step (double range,
           int    target)
{
  double raw = range / MAX (target, 1), magnitude, normalized;

  if (raw <= 0)
    return 1;
  magnitude = pow (10, floor (log10 (raw)));
  normalized = raw / magnitude;
  if (normalized <= 1)
    return magnitude;
  if (normalized <= 2)
    return 2 * magnitude;
  if (normalized <= 5)
    return 5 * magnitude;
  return 10 * magnitude;
}

static double
map_x (const Canvas *c,
       double        x)
{
  return c->left + (x - c->x_min) / (c->x_max - c->x_min) * (c->right - c->left);
}

static double
map_y (const Canvas *c,
       double        y)
{
  return c->bottom - (y - c->y_min) / (c->y_max - c->y_min) * (c->bottom - c->top);
}

static void
format_tick (char   *buffer,
             gsize   size,
             double  value,
             double  step,
             gboolean percent)
{
  int decimals = step >= 1 ? 0 : (int) ceil (-log10 (step) - 1e-9);

  if (fabs (value) < step * 1e-6)
    value = 0;   /* never "-0" */

  if (percent)
    {
      g_autofree char *text = bs_percent_format (value, decimals - 2);

      g_strlcpy (buffer, text, size);
    }
  else
    g_snprintf (buffer, size, "%.*f", decimals, value);
}

/* Title, subtitle and the plot area inside the margins; legend_width is
 * the width of the legend the chart will draw (0: none). On a narrow chart
 * the texts wrap and the legend moves under them. */
static void
begin_full (Canvas     *c,
            const char *title,
            const char *subtitle,
            const char *note,
            double      extra_left,
            double      legend_width)
{
  double f = c->font, x = f * 1.2, full = c->width - f * 2.7, y = f * 0.8;
  double title_width = full;

  /* Its own width × height only, not all the target holds. */
  set_color (c->cr, c->palette->background, 1);
  cairo_rectangle (c->cr, 0, 0, c->width, c->height);
  cairo_fill (c->cr);
  c->legend_y = f * 1.0;
  c->legend_under = FALSE;
  if (legend_width > 0)
    {
      double natural = text_width (c, title, f * 1.25) * 1.1;

      if (natural + legend_width + f * 2 <= full)
        title_width = full - legend_width - f * 2;
      else
        c->legend_under = TRUE;
    }
  y += draw_text_wrapped (c, title, x, y, title_width, f * 1.25, TRUE, c->palette->text, TRUE);
  if (subtitle != NULL)
    y += f * 0.35 + draw_text_wrapped (c, subtitle, x, y + f * 0.35, full, f * 0.9, FALSE,
                                       c->palette->muted, TRUE);
  if (note != NULL)
    y += f * 0.45 + draw_text_wrapped (c, note, x, y + f * 0.45, full, f * 0.9, TRUE,
                                       c->palette->text, TRUE);
  if (c->legend_under)
    {
      c->legend_y = y + f * 0.5;
      y += f * 1.5;
    }
  c->left = f * 2.4 + extra_left;
  c->top = y + f * 1.5;
  c->right = c->width - f * 1.5;
  c->bottom = c->height - f * 3.6;
}

static void
begin_with_note (Canvas     *c,
                 const char *title,
                 const char *subtitle,
                 const char *note,
                 double      extra_left)
{
  begin_full (c, title, subtitle, note, extra_left, 0);
}

static void
begin (Canvas     *c,
       const char *title,
       const char *subtitle,
       double      extra_left)
{
  begin_full (c, title, subtitle, NULL, extra_left, 0);
}

/* Horizontal grid and y labels; the y-axis title. */
static void
y_axis (Canvas     *c,
        const char *title,
        gboolean    percent,
        int         target)
{
  double step = nice_step (c->y_max - c->y_min, target);
  double f = c->font, widest = 0;

  /* The plot starts right of the widest label and the axis title. */
  for (double v = ceil (c->y_min / step - 1e-9) * step; v <= c->y_max + 1e-9; v += step)
    {
      char label[32];

      format_tick (label, sizeof label, v, step, percent);
      widest = MAX (widest, text_width (c, label, f * 0.85));
    }
  c->left = MAX (c->left, f * 2.4 + widest + f * 0.5);
  cairo_set_line_width (c->cr, MAX (1.0, f / 14));
  for (double v = ceil (c->y_min / step - 1e-9) * step; v <= c->y_max + 1e-9; v += step)
    {
      char label[32];
      double y = map_y (c, v);

      set_color (c->cr, c->palette->grid, 1);
      cairo_move_to (c->cr, c->left, round (y) + 0.5);
      cairo_line_to (c->cr, c->right, round (y) + 0.5);
      cairo_stroke (c->cr);
      format_tick (label, sizeof label, v, step, percent);
      draw_text (c, label, c->left - f * 0.5, y, f * 0.85, FALSE, c->palette->text, 1, 0.5, 0);
    }
  draw_text (c, title, f * 0.6, (c->top + c->bottom) / 2, f * 0.95, FALSE, c->palette->text,
             0.5, 0, -G_PI / 2);
}

/* The x axis's title, centred under the plot at the chart's foot. */
static void
x_title (Canvas     *c,
         const char *title)
{
  draw_text (c, title, (c->left + c->right) / 2, c->height - c->font * 0.6, c->font * 0.95,
             FALSE, c->palette->text, 0.5, 1, 0);
}

/* A numeric x axis: ticks, labels and title. */
static void
x_axis (Canvas     *c,
        const char *title,
        int         target,
        gboolean    integers)
{
  double step = nice_step (c->x_max - c->x_min, target);
  double f = c->font;

  if (integers)
    step = MAX (1, step);
  cairo_set_line_width (c->cr, MAX (1.0, f / 14));
  for (double v = ceil (c->x_min / step - 1e-9) * step; v <= c->x_max + 1e-9; v += step)
    {
      char label[32];
      double x = map_x (c, v);

      set_color (c->cr, c->palette->axis, 1);
      cairo_move_to (c->cr, round (x) + 0.5, c->bottom);
      cairo_line_to (c->cr, round (x) + 0.5, c->bottom + f * 0.35);
      cairo_stroke (c->cr);
      format_tick (label, sizeof label, v, step, FALSE);
      draw_text (c, label, x, c->bottom + f * 0.5, f * 0.85, FALSE, c->palette->text, 0.5, 0, 0);
    }
  x_title (c, title);
}

/* The x axis line, drawn last over the data: the chart is plotted. */
static void
baseline (Canvas *c)
{
  c->plotted = TRUE;
  cairo_set_line_width (c->cr, MAX (1.0, c->font / 10));
  set_color (c->cr, c->palette->axis, 1);
  cairo_move_to (c->cr, c->left, round (c->bottom) + 0.5);
  cairo_line_to (c->cr, c->right, round (c->bottom) + 0.5);
  cairo_stroke (c->cr);
}

static void
dashed_level (Canvas *c,
              double  y_value,
              const char *label)
{
  double y = map_y (c, y_value), f = c->font;
  double dashes[] = { f * 0.5, f * 0.35 };

  cairo_save (c->cr);
  cairo_set_dash (c->cr, dashes, 2, 0);
  cairo_set_line_width (c->cr, MAX (1.0, f / 10));
  set_color (c->cr, c->palette->muted, 1);
  cairo_move_to (c->cr, c->left, y);
  cairo_line_to (c->cr, c->right, y);
  cairo_stroke (c->cr);
  cairo_restore (c->cr);
  if (label != NULL)
    {
      double x = c->left + f * 0.3, w = text_width (c, label, f * 0.75);

      /* On the background's colour: bars drawn first (results by seat)
       * would otherwise hide the label where they cross the line. */
      set_color (c->cr, c->palette->background, 0.85);
      cairo_rectangle (c->cr, x - f * 0.2, y - f * 1.25, w + f * 0.4, f * 1.05);
      cairo_fill (c->cr);
      draw_text (c, label, x, y - f * 0.15, f * 0.75, FALSE, c->palette->muted, 0, 1, 0);
    }
}

static void
error_bar (Canvas *c,
           double  x,
           double  low,
           double  high,
           double  cap)
{
  double y0 = map_y (c, low), y1 = map_y (c, high);

  cairo_set_line_width (c->cr, MAX (1.2, c->font / 9));
  set_color (c->cr, c->palette->text, 1);
  cairo_move_to (c->cr, x, y0);
  cairo_line_to (c->cr, x, y1);
  cairo_move_to (c->cr, x - cap, y0);
  cairo_line_to (c->cr, x + cap, y0);
  cairo_move_to (c->cr, x - cap, y1);
  cairo_line_to (c->cr, x + cap, y1);
  cairo_stroke (c->cr);
}

/* The width a legend of these labels takes. */
static double
legend_width (Canvas             *c,
              const char * const *labels,
              int                 n)
{
  double w = 0;

  for (int i = 0; i < n; i++)
    w += text_width (c, labels[i], c->font * 0.85) + c->font * 1.2 + (i > 0 ? c->font * 1.2 : 0);
  return w;
}

static void
legend (Canvas            *c,
        const char * const *labels,
        const double      **colors,
        int                 n)
{
  double f = c->font, y = c->legend_y;
  /* Right-aligned beside the title, left-aligned on a line of its own. */
  double x = c->legend_under ? f * 1.2 + legend_width (c, labels, n) : c->width - f * 1.5;

  for (int i = n - 1; i >= 0; i--)
    {
      double w = text_width (c, labels[i], f * 0.85);

      x -= w;
      draw_text (c, labels[i], x, y + f * 0.5, f * 0.85, FALSE, c->palette->text, 0, 0.5, 0);
      x -= f * 1.2;
      set_color (c->cr, colors[i], 1);
      cairo_rectangle (c->cr, x, y + f * 0.1, f * 0.8, f * 0.8);
      cairo_fill (c->cr);
      x -= f * 1.2;
    }
}

static char *
arm_label (const BsStudy *study,
           guint          arm)
{
  const BsStudyArm *a = bs_study_get_arm (study, arm);

  /* The setting's name is the axis title: the value says which. */
  if (study->kind == BS_STUDY_SWEEP)
    return g_strdup (a->value);
  if (study->kind == BS_STUDY_COMPARE)
    return g_strdup_printf ("%s: %s", a->value, bs_variant_display_name (a->variant));
  if (study->kind == BS_STUDY_PLAYERS)
    {
      g_autofree char *level = bs_study_player_describe (&study->players[arm == 0 ? 0 : 1]);

      return g_strdup_printf ("%s: %s", a->value, level);
    }
  return g_strdup (bs_variant_display_name (a->variant));
}

/* Which variant a chart of one arm shows: its name, and the value of a
 * sweep's setting or A/B's letter. */
static char *
arm_name (const BsChartData *data,
          int                arm)
{
  const BsStudy *study = data->study;
  const BsStudyArm *a = bs_study_get_arm (study, arm >= 0 ? (guint) arm : 0);
  const char *name = bs_variant_display_name (a->variant);

  if (arm < 0 || study->kind == BS_STUDY_SINGLE)
    return g_strdup (name);
  if (study->kind == BS_STUDY_SWEEP)
    {
      g_autofree char *setting = bs_study_describe_sweep (study);

      /* Translators: a chart of one value of a sweep: "My Game, Dark’s large pieces
       * (player 2) = 4". */
      return g_strdup_printf (_("%s, %s = %s"), name, setting, a->value);
    }
  /* Translators: a chart of one variant of an A/B study: "B: My Game, hexagon 5". */
  return g_strdup_printf (_("%s: %s"), a->value, name);
}

/* The subtitle: what was played (arm: one arm's chart, or -1 for all). */
static char *
subtitle_for (const BsChartData *data,
              int                arm,
              guint              games,
              gboolean           intervals)
{
  const BsStudy *study = data->study;
  g_autofree char *a = bs_study_player_describe (&study->players[0]);
  g_autofree char *b = bs_study_player_describe (&study->players[1]);
  g_autofree char *name = arm_name (data, arm);

  /* An A/B of players: each played itself, so no "A against B"; one arm's chart names the
   * player of its arm. */
  if (study->kind == BS_STUDY_PLAYERS && arm >= 0)
    /* Translators: a chart of one arm of an A/B players study: "A: My Game · 200 games
     * · Easy against itself". */
    return g_strdup_printf (_("%s · %u games · %s against itself"), name, games,
                            arm == 0 ? a : b);
  if (study->kind == BS_STUDY_PLAYERS)
    /* Translators: a chart of an A/B players study: "My Game · 400 games · Easy compared
     * with Hard, each playing itself · 95% intervals". */
    return g_strdup_printf (intervals ? _("%s · %u games · %s compared with %s, each playing "
                                          "itself · 95%% intervals")
                                      : _("%s · %u games · %s compared with %s, each playing "
                                          "itself"), name, games, a, b);
  if (!intervals && study->swap)
    return g_strdup_printf (_("%s · %u games · %s against %s, seats swapped every other game"),
                            name, games, a, b);
  if (!intervals)
    return g_strdup_printf (_("%s · %u games · %s against %s"), name, games, a, b);
  if (study->swap)
    return g_strdup_printf (_("%s · %u games · %s against %s, seats swapped every other game · "
                              "95%% intervals"), name, games, a, b);
  return g_strdup_printf (_("%s · %u games · %s against %s · 95%% intervals"), name, games, a, b);
}

static guint
total_games (const BsChartData *data)
{
  guint n = 0;

  for (guint i = 0; i < data->n_arms; i++)
    n += data->arms[i]->games;
  return n;
}

char *
bs_chart_subtitle (const BsChartData    *data,
                   const BsChartOptions *options)
{
  guint arm;

  g_return_val_if_fail (data != NULL && options != NULL && data->n_arms > 0, NULL);

  /* The score and sweep charts show every arm with intervals; the others one arm's games. */
  if (options->kind == BS_CHART_SCORE || options->kind == BS_CHART_SWEEP)
    return subtitle_for (data, -1, total_games (data), TRUE);
  arm = MIN (options->arm, data->n_arms - 1);
  return subtitle_for (data, (int) arm, data->arms[arm]->games, FALSE);
}

static void
no_data (Canvas     *c,
         const char *message)
{
  draw_text (c, message, (c->left + c->right) / 2, (c->top + c->bottom) / 2, c->font,
             FALSE, c->palette->muted, 0.5, 0.5, 0);
}

/* The charts. */

static void
draw_score (Canvas            *c,
            const BsChartData *data)
{
  g_autofree char *subtitle = subtitle_for (data, -1, total_games (data), TRUE);
  const char *labels[] = { _("Player 1 wins"), _("Draws"), _("Player 2 wins") };
  const double *colors[] = { c->palette->first, c->palette->draw, c->palette->second };
  double f = c->font, group, bar;

  g_autofree char *axis = bs_study_describe_sweep (data->study);
  g_autofree char *fair = bs_percent_format (0.5, 0);

  begin_full (c, _("Results by seat"), subtitle, NULL, 0, legend_width (c, labels, 3));
  c->x_min = 0;
  c->x_max = data->n_arms;
  c->y_min = 0;
  c->y_max = 1;
  c->bottom -= f * 1.2;   /* room for the score under each group */
  if (axis != NULL)
    c->bottom -= f * 0.6;
  y_axis (c, _("Share of games"), TRUE, 5);
  legend (c, labels, colors, 3);
  if (axis != NULL)
    x_title (c, axis);
  group = (c->right - c->left) / data->n_arms;
  bar = MIN (group * 0.8 / 3, f * 4);
  for (guint i = 0; i < data->n_arms; i++)
    {
      const BsStudyStats *s = data->arms[i];
      guint counts[3] = { s->wins[0], s->draws, s->wins[1] };
      double centre = c->left + group * (i + 0.5);
      g_autofree char *name = arm_label (data->study, i);
      g_autofree char *percent = NULL;
      BsStatsScore score;
      char text[96];

      for (int k = 0; k < 3; k++)
        {
          double x = centre + (k - 1.5) * bar, low, high;
          double rate = s->games > 0 ? (double) counts[k] / s->games : 0;

          set_color (c->cr, colors[k], 1);
          cairo_rectangle (c->cr, x + bar * 0.06, map_y (c, rate), bar * 0.88,
                           c->bottom - map_y (c, rate));
          cairo_fill (c->cr);
          if (s->games > 0)
            {
              bs_stats_wilson (counts[k], s->games, BS_STATS_Z95, &low, &high);
              error_bar (c, x + bar / 2, low, high, bar * 0.18);
            }
        }
      bs_study_stats_first_player (s, &score);
      draw_text (c, data->n_arms > 1 ? name : _("all games"), centre, c->bottom + f * 0.45,
                 f * 0.85, FALSE, c->palette->text, 0.5, 0, 0);
      percent = bs_percent_format (score.score, 1);
      /* Translators: "player 1 scores 62.5% [55.6, 68.9]", the brackets its 95% interval. */
      g_snprintf (text, sizeof text, _("player 1 scores %s [%.1f, %.1f]"),
                  percent, 100 * score.low, 100 * score.high);
      /* Side by side groups on a narrow chart: the figures alone. */
      if (text_width (c, text, f * 0.8) > group * 0.95)
        g_snprintf (text, sizeof text, "%s [%.1f, %.1f]",
                    percent, 100 * score.low, 100 * score.high);
      draw_text (c, text, centre, c->bottom + f * 1.65, f * 0.8, FALSE, c->palette->muted,
                 0.5, 0, 0);
    }
  dashed_level (c, 0.5, fair);
  baseline (c);
}

static void
draw_length (Canvas               *c,
             const BsChartData    *data,
             const BsChartOptions *options)
{
  const BsStudyStats *s = data->arms[MIN (options->arm, data->n_arms - 1)];
  g_autofree char *subtitle = bs_chart_subtitle (data, options);
  BsStatsSummary summary;
  guint bin, max_count = 0, n_bins;
  g_autofree guint *bins = NULL;
  char text[128];
  double f = c->font;

  bs_stats_histogram_summary (s->plies, &summary);
  begin (c, _("Game length"), subtitle, f * 0.6);
  if (summary.n == 0)
    {
      no_data (c, _("No games yet"));
      return;
    }
  /* About 30 bins of a whole number of plies. */
  bin = (guint) MAX (1.0, ceil ((summary.max - summary.min + 1) / 30.0));
  n_bins = (summary.max - summary.min) / bin + 1;
  bins = g_new0 (guint, n_bins);
  for (guint v = summary.min; v <= summary.max; v++)
    bins[(v - summary.min) / bin] += g_array_index (s->plies, guint, v);
  for (guint i = 0; i < n_bins; i++)
    max_count = MAX (max_count, bins[i]);

  c->x_min = summary.min - 0.5 * bin;
  c->x_max = summary.min + (n_bins - 0.5) * bin;
  c->y_min = 0;
  c->y_max = max_count * 1.1;
  y_axis (c, _("Games"), FALSE, 5);
  for (guint i = 0; i < n_bins; i++)
    {
      double x0 = map_x (c, summary.min + i * bin - 0.5 * bin);
      double x1 = map_x (c, summary.min + (i + 1) * bin - 0.5 * bin);

      set_color (c->cr, c->palette->accent, 0.85);
      cairo_rectangle (c->cr, x0 + 0.5, map_y (c, bins[i]), MAX (1.0, x1 - x0 - 1),
                       c->bottom - map_y (c, bins[i]));
      cairo_fill (c->cr);
    }
  {
    g_autofree char *axis = bin > 1 ? g_strdup_printf (_("Moves (bins of %u)"), bin)
                                    : g_strdup (_("Moves"));
    x_axis (c, axis, 8, TRUE);
  }
  baseline (c);
  {
    double x = map_x (c, summary.median), dashes[] = { f * 0.4, f * 0.3 };

    cairo_save (c->cr);
    cairo_set_dash (c->cr, dashes, 2, 0);
    set_color (c->cr, c->palette->text, 1);
    cairo_set_line_width (c->cr, MAX (1.0, f / 9));
    cairo_move_to (c->cr, x, c->top);
    cairo_line_to (c->cr, x, c->bottom);
    cairo_stroke (c->cr);
    cairo_restore (c->cr);
  }
  g_snprintf (text, sizeof text, _("median %.1f · mean %.1f · sd %.1f · %u–%u moves"),
              summary.median, summary.mean, summary.sd, summary.min, summary.max);
  draw_text (c, text, c->right, c->top - f * 0.3, f * 0.85, FALSE, c->palette->text, 1, 1, 0);
}

static gboolean
numeric_values (const BsStudy *study,
                double        *values)
{
  for (guint i = 0; i < bs_study_n_arms (study); i++)
    {
      const char *text = bs_study_get_arm (study, i)->value;
      char *end = NULL;

      values[i] = text != NULL ? g_ascii_strtod (text, &end) : 0;
      if (text == NULL || end == text || *end != '\0')
        return FALSE;
    }
  return TRUE;
}

static void
draw_sweep (Canvas            *c,
            const BsChartData *data)
{
  const BsStudy *study = data->study;
  g_autofree char *subtitle = subtitle_for (data, -1, total_games (data), TRUE);
  g_autofree char *setting = bs_study_describe_sweep (study);
  /* Translators: a sweep's chart: "Player 1’s score by Dark’s large pieces (player 2)". */
  g_autofree char *title = g_strdup_printf (_("Player 1’s score by %s"), setting);
  g_autofree double *xs = g_new0 (double, data->n_arms);
  g_autofree BsStatsScore *scores = g_new0 (BsStatsScore, data->n_arms);
  int fairest = bs_study_stats_fairest_preferring (data->arms, data->n_arms,
                                                   study->default_arm);
  g_autoptr(GArray) ties = bs_study_stats_fairest_ties (data->arms, data->n_arms,
                                                        study->default_arm);
  g_autoptr(GArray) plausibly_fair = bs_study_stats_plausibly_fair (data->arms, data->n_arms,
                                                                    NULL);
  gboolean numeric = numeric_values (study, xs);
  double f = c->font, lo = 1, hi = 0, step;

  g_autofree char *note = NULL;

  if (ties->len > 1)
    {
      g_autofree char *values = bs_study_join_values (study, ties);

      /* Translators: a sweep's chart, when values are equally close to fair:
       * "tied for fairest: Dark’s large pieces (player 2) = 3, 5 (wide rings)". */
      note = g_strdup_printf (_("tied for fairest: %s = %s (wide rings)%s"), setting, values,
                              study->default_arm >= 0 ? _(" · the variant’s own: black ring") : "");
    }
  else if (fairest >= 0)
    {
      BsStatsScore best;
      g_autofree char *percent = NULL;

      bs_study_stats_first_player (data->arms[fairest], &best);
      percent = bs_percent_format (best.score, 1);
      note = g_strdup_printf (_("fairest: %s = %s, %s [%.1f, %.1f]%s"),
                              setting, bs_study_get_arm (study, (guint) fairest)->value,
                              percent, 100 * best.low, 100 * best.high,
                              study->default_arm >= 0 ? _(" (wide ring) · the variant’s own: black ring") : "");
    }
  if (plausibly_fair->len > 0)
    {
      char *with_marks = g_strconcat (note != NULL ? note : "",
                                      note != NULL ? " · " : "",
                                      /* Translators: a sweep's chart: the triangles on its
                                       * bottom line mark the values plausibly fair (Holm). */
                                      _("▲ plausibly fair (Holm)"), NULL);

      g_free (note);
      note = with_marks;
    }
  begin_with_note (c, title, subtitle, note, 0);
  for (guint i = 0; i < data->n_arms; i++)
    {
      if (!numeric)
        xs[i] = i;
      bs_study_stats_first_player (data->arms[i], &scores[i]);
      if (data->arms[i]->games > 0)
        {
          lo = MIN (lo, scores[i].low);
          hi = MAX (hi, scores[i].high);
        }
    }
  c->x_min = xs[0] - 0.5 * (xs[data->n_arms - 1] - xs[0]) / MAX (1, data->n_arms - 1);
  c->x_max = xs[data->n_arms - 1] + 0.5 * (xs[data->n_arms - 1] - xs[0]) / MAX (1, data->n_arms - 1);
  if (c->x_max <= c->x_min)
    c->x_max = c->x_min + 1;
  /* Always show 50%, and some room around the data. */
  lo = MIN (lo, 0.5);
  hi = MAX (hi, 0.5);
  c->y_min = MAX (0.0, floor ((lo - 0.05) * 10) / 10);
  c->y_max = MIN (1.0, ceil ((hi + 0.05) * 10) / 10);
  /* Ends on ticks, so that the axis line has its label too. */
  step = nice_step (c->y_max - c->y_min, 6);
  c->y_min = MAX (0.0, floor (c->y_min / step + 1e-9) * step);
  c->y_max = MIN (1.0, ceil (c->y_max / step - 1e-9) * step);
  y_axis (c, _("Player 1’s score"), TRUE, 6);

  /* The band of the 95% intervals. */
  cairo_new_path (c->cr);
  set_color (c->cr, c->palette->accent, 0.18);
  for (guint i = 0; i < data->n_arms; i++)
    if (data->arms[i]->games > 0)
      cairo_line_to (c->cr, map_x (c, xs[i]), map_y (c, scores[i].high));
  for (guint i = data->n_arms; i-- > 0;)
    if (data->arms[i]->games > 0)
      cairo_line_to (c->cr, map_x (c, xs[i]), map_y (c, scores[i].low));
  cairo_close_path (c->cr);
  cairo_fill (c->cr);
  /* xgettext:no-c-format */
  dashed_level (c, 0.5, _("fair: 50%"));

  set_color (c->cr, c->palette->accent, 1);
  cairo_set_line_width (c->cr, MAX (1.5, f / 6));
  cairo_new_path (c->cr);
  for (guint i = 0; i < data->n_arms; i++)
    if (data->arms[i]->games > 0)
      cairo_line_to (c->cr, map_x (c, xs[i]), map_y (c, scores[i].score));
  cairo_stroke (c->cr);
  for (guint i = 0; i < data->n_arms; i++)
    {
      double x = map_x (c, xs[i]);

      if (data->arms[i]->games == 0)
        continue;
      error_bar (c, x, scores[i].low, scores[i].high, f * 0.3);
      set_color (c->cr, c->palette->accent, 1);
      cairo_arc (c->cr, x, map_y (c, scores[i].score), f * 0.32, 0, 2 * G_PI);
      cairo_fill (c->cr);
      if ((int) i == fairest || bs_study_arms_include (ties, i))
        {
          set_color (c->cr, c->palette->accent, 1);
          cairo_set_line_width (c->cr, MAX (1.5, f / 7));
          cairo_new_sub_path (c->cr);
          cairo_arc (c->cr, x, map_y (c, scores[i].score), f * 0.95, 0, 2 * G_PI);
          cairo_stroke (c->cr);
        }
      if ((int) i == study->default_arm)
        {
          set_color (c->cr, c->palette->text, 1);
          cairo_set_line_width (c->cr, MAX (1.0, f / 9));
          cairo_arc (c->cr, x, map_y (c, scores[i].score), f * 0.6, 0, 2 * G_PI);
          cairo_stroke (c->cr);
        }      /* A plausibly fair value (Holm): a triangle on the bottom line, under its value. */
      if (bs_study_arms_include (plausibly_fair, i))
        {
          set_color (c->cr, c->palette->accent, 1);
          cairo_move_to (c->cr, x - f * 0.45, c->bottom);
          cairo_line_to (c->cr, x + f * 0.45, c->bottom);
          cairo_line_to (c->cr, x, c->bottom - f * 0.75);
          cairo_close_path (c->cr);
          cairo_fill (c->cr);
        }
    }
  if (!numeric)
    {
      for (guint i = 0; i < data->n_arms; i++)
        draw_text (c, bs_study_get_arm (study, i)->value, map_x (c, xs[i]), c->bottom + f * 0.5,
                   f * 0.85, FALSE, c->palette->text, 0.5, 0, 0);
      x_title (c, setting);
    }
  else
    x_axis (c, setting, MIN (10, (int) data->n_arms), TRUE);
  baseline (c);
}

char *
bs_chart_describe (const BsChartData    *data,
                   const BsChartOptions *options)
{
  const BsStudy *study = data->study;
  g_autofree char *setting = NULL;
  g_autoptr(GArray) ties = NULL;
  g_autoptr(GArray) plausibly_fair = NULL;
  g_autoptr(GString) text = NULL;
  int fairest;

  if (options->kind != BS_CHART_SWEEP || study->kind != BS_STUDY_SWEEP)
    return NULL;
  setting = bs_study_describe_sweep (study);
  /* Translators: what a screen reader says of a sweep's chart: "Player 1’s score by
   * Board size". */
  text = g_string_new (NULL);
  g_string_printf (text, _("Player 1’s score by %s"), setting);
  fairest = bs_study_stats_fairest_preferring (data->arms, data->n_arms, study->default_arm);
  ties = bs_study_stats_fairest_ties (data->arms, data->n_arms, study->default_arm);
  plausibly_fair = bs_study_stats_plausibly_fair (data->arms, data->n_arms, NULL);
  if (ties->len > 1)
    {
      g_autofree char *values = bs_study_join_values (study, ties);

      g_string_append (text, ". ");
      /* Translators: "Tied for fairest: Board size = 3, 5". */
      g_string_append_printf (text, _("Tied for fairest: %s = %s"), setting, values);
    }
  else if (fairest >= 0)
    {
      g_string_append (text, ". ");
      /* Translators: the fairest value of a sweep: "Fairest: Board size = 4". */
      g_string_append_printf (text, _("Fairest: %s = %s"), setting,
                              bs_study_get_arm (study, (guint) fairest)->value);
    }
  if (plausibly_fair->len > 0)
    {
      g_autofree char *values = bs_study_join_values (study, plausibly_fair);

      g_string_append (text, ". ");
      /* Translators: a sweep's chart read aloud: "Plausibly fair (Holm): 3, 4, 5". */
      g_string_append_printf (text, _("Plausibly fair (Holm): %s"), values);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static void
draw_branching (Canvas               *c,
                const BsChartData    *data,
                const BsChartOptions *options)
{
  const BsStudyStats *s = data->arms[MIN (options->arm, data->n_arms - 1)];
  g_autofree char *subtitle = bs_chart_subtitle (data, options);
  guint threshold = MAX (5u, (s->games + 9) / 10), last = 0;
  double f = c->font, top = 1;
  char text[128];

  begin (c, _("Legal moves per turn"), subtitle, f * 0.6);
  for (guint i = 0; i < s->branch_count->len; i++)
    if (g_array_index (s->branch_count, guint, i) >= threshold)
      {
        double sd = g_array_index (s->branch_count, guint, i) > 1
                    ? sqrt (g_array_index (s->branch_m2, double, i) /
                            (g_array_index (s->branch_count, guint, i) - 1)) : 0;
        last = i + 1;
        top = MAX (top, g_array_index (s->branch_mean, double, i) + sd);
      }
  if (last < 2)
    {
      no_data (c, _("Not enough games yet"));
      return;
    }
  c->x_min = 1;
  c->x_max = last;
  c->y_min = 0;
  c->y_max = top * 1.08;
  y_axis (c, _("Legal moves (mean ± sd)"), FALSE, 5);
  cairo_new_path (c->cr);
  set_color (c->cr, c->palette->accent, 0.18);
  for (guint i = 0; i < last; i++)
    {
      guint n = g_array_index (s->branch_count, guint, i);
      double sd = n > 1 ? sqrt (g_array_index (s->branch_m2, double, i) / (n - 1)) : 0;
      cairo_line_to (c->cr, map_x (c, i + 1), map_y (c, g_array_index (s->branch_mean, double, i) + sd));
    }
  for (guint i = last; i-- > 0;)
    {
      guint n = g_array_index (s->branch_count, guint, i);
      double sd = n > 1 ? sqrt (g_array_index (s->branch_m2, double, i) / (n - 1)) : 0;
      cairo_line_to (c->cr, map_x (c, i + 1),
                     map_y (c, MAX (0.0, g_array_index (s->branch_mean, double, i) - sd)));
    }
  cairo_close_path (c->cr);
  cairo_fill (c->cr);
  set_color (c->cr, c->palette->accent, 1);
  cairo_set_line_width (c->cr, MAX (1.5, f / 6));
  cairo_new_path (c->cr);
  for (guint i = 0; i < last; i++)
    cairo_line_to (c->cr, map_x (c, i + 1), map_y (c, g_array_index (s->branch_mean, double, i)));
  cairo_stroke (c->cr);
  /* Translators: the axis of the legal moves chart: the nth move of a game. */
  x_axis (c, _("Move"), 8, TRUE);
  baseline (c);
  g_snprintf (text, sizeof text, _("mean %.1f over all moves · shown while ≥ %u games last"),
              s->branch_plies > 0 ? s->branch_total / s->branch_plies : 0.0, threshold);
  draw_text (c, text, c->right, c->top - f * 0.3, f * 0.85, FALSE, c->palette->text, 1, 1, 0);
}

/* Blue (player 1 wins) through the background to orange (player 2). */
static void
score_color (const Palette *palette,
             double         score,
             double         rgb[3])
{
  double t = CLAMP ((score - 0.5) * 2, -1, 1);
  const double *end = t >= 0 ? palette->first : palette->second;
  const double *mid = palette->background;

  t = fabs (t);
  for (int i = 0; i < 3; i++)
    rgb[i] = mid[i] + (end[i] - mid[i]) * (0.15 + 0.85 * t);
}

static void
draw_openings (Canvas               *c,
               const BsChartData    *data,
               const BsChartOptions *options)
{
  guint arm = MIN (options->arm, data->n_arms - 1);
  const BsStudyStats *s = data->arms[arm];
  const BsStudyArm *a = bs_study_get_arm (data->study, arm);
  const BsRuleset *rs = a->ruleset;
  g_autofree char *subtitle = bs_chart_subtitle (data, options);
  g_autofree double *xy = NULL;
  g_autofree guint *games = NULL, *points = NULL;
  g_autoptr(GPtrArray) openings = bs_study_stats_openings (s);
  g_autofree BsPosition *start = NULL;
  BsRenderOptions render;
  double f = c->font, radius, board_w, bar_x, bar_top, bar_h;
  guint mapped = 0;

  const char *caption = _("Player 1’s score after the opening (number: games; pale: fewer "
                           "than 10)");
  double caption_height;

  begin (c, _("Player 1’s score by opening move"), subtitle, 0);
  caption_height = draw_text_wrapped (c, caption, 0, 0, c->width - f * 2.4, f * 0.85, FALSE,
                                      c->palette->text, FALSE);
  c->bottom = c->height - caption_height - f * 1.2;
  if (rs == NULL || s->simultaneous)
    {
      no_data (c, _("Simultaneous rounds have no single opening move"));
      return;
    }
  games = g_new0 (guint, rs->n_cells);
  points = g_new0 (guint, rs->n_cells);
  for (guint i = 0; i < openings->len; i++)
    {
      const BsStudyOpening *o = openings->pdata[i];

      if (o->cell < 0 || o->cell >= rs->n_cells)
        continue;
      games[o->cell] += o->games;
      points[o->cell] += o->half_points;
      mapped += o->games;
    }
  if (mapped == 0)
    {
      no_data (c, _("No opening move names a cell"));
      return;
    }

  board_w = c->right - c->left - f * 7;
  c->plotted = TRUE;
  bs_render_options_init (&render);
  render.theme = options->dark ? BS_THEME_DARK : BS_THEME_LIGHT;
  render.coordinates = TRUE;
  render.transparent = TRUE;
  start = bs_ruleset_new_position (rs, bs_study_game_seed (data->study, 0));
  cairo_save (c->cr);
  cairo_translate (c->cr, c->left, c->top);
  bs_render_position (c->cr, rs, start, &render, board_w, c->bottom - c->top);
  xy = g_new (double, 2 * rs->n_cells);
  bs_render_cell_centres (rs, &render, board_w, c->bottom - c->top, xy, &radius);
  for (int cell = 0; cell < rs->n_cells; cell++)
    {
      double rgb[3];
      char label[16];

      if (games[cell] == 0)
        continue;
      score_color (c->palette, points[cell] / (2.0 * games[cell]), rgb);
      /* Few games: a paler disc, the count tells why. */
      set_color (c->cr, rgb, games[cell] >= 10 ? 1.0 : 0.55);
      cairo_arc (c->cr, xy[2 * cell], xy[2 * cell + 1], radius * 0.82, 0, 2 * G_PI);
      cairo_fill (c->cr);
      g_snprintf (label, sizeof label, "%u", games[cell]);
      draw_text (c, label, xy[2 * cell], xy[2 * cell + 1], MIN (f * 0.8, radius * 0.7), FALSE,
                 c->palette->text, 0.5, 0.5, 0);
    }
  cairo_restore (c->cr);

  /* The colour scale. */
  bar_x = c->right - f * 2.2;
  bar_top = c->top + f;
  bar_h = c->bottom - c->top - f * 2;
  for (int i = 0; i < 100; i++)
    {
      double rgb[3];

      score_color (c->palette, 1 - i / 99.0, rgb);
      set_color (c->cr, rgb, 1);
      cairo_rectangle (c->cr, bar_x, bar_top + bar_h * i / 100, f * 1.0, bar_h / 100 + 0.5);
      cairo_fill (c->cr);
    }
  for (int k = 0; k <= 4; k++)
    {
      g_autofree char *label = bs_percent_format (1 - 0.25 * k, 0);

      draw_text (c, label, bar_x - f * 0.3, bar_top + bar_h * k / 4, f * 0.8, FALSE,
                 c->palette->text, 1, 0.5, 0);
    }
  draw_text_wrapped (c, caption, f * 1.2, c->height - caption_height - f * 0.6,
                     c->width - f * 2.4, f * 0.85, FALSE, c->palette->text, TRUE);
}

/* A chart of width × height on cr in options' theme (every chart's canvas). */
static void
canvas_init (Canvas               *c,
             cairo_t              *cr,
             const BsChartOptions *options,
             double                width,
             double                height)
{
  c->cr = cr;
  c->palette = options->dark ? &dark_palette : &light_palette;
  c->width = width;
  c->height = height;
  c->font = MAX (11.0, width / 48);
}

/* Where the chart put its data (bs-chart.h): the plot area, its right edge at right, with
 * the axes' ranges when ranges is TRUE; all 0 when nothing was plotted. */
static void
canvas_get_plot (const Canvas *c,
                 double        right,
                 gboolean      ranges,
                 BsChartPlot  *plot)
{
  memset (plot, 0, sizeof *plot);
  if (!c->plotted)
    return;
  plot->left = c->left;
  plot->top = c->top;
  plot->right = right;
  plot->bottom = c->bottom;
  if (ranges)
    {
      plot->x_min = c->x_min;
      plot->x_max = c->x_max;
      plot->y_min = c->y_min;
      plot->y_max = c->y_max;
    }
}

void
bs_chart_draw (cairo_t              *cr,
               const BsChartData    *data,
               const BsChartOptions *options,
               double                width,
               double                height)
{
  bs_chart_draw_full (cr, data, options, width, height, NULL);
}

void
bs_chart_plot_map (const BsChartPlot *plot,
                   double             x,
                   double             y,
                   double            *px,
                   double            *py)
{
  g_return_if_fail (plot != NULL);

  if (px != NULL)
    *px = plot->x_max > plot->x_min
          ? plot->left + (x - plot->x_min) / (plot->x_max - plot->x_min) * (plot->right - plot->left)
          : plot->left;
  if (py != NULL)
    *py = plot->y_max > plot->y_min
          ? plot->bottom - (y - plot->y_min) / (plot->y_max - plot->y_min) * (plot->bottom - plot->top)
          : plot->bottom;
}

void
bs_chart_draw_full (cairo_t              *cr,
                    const BsChartData    *data,
                    const BsChartOptions *options,
                    double                width,
                    double                height,
                    BsChartPlot          *plot)
{
  Canvas c = { 0 };

  g_return_if_fail (cr != NULL && data != NULL && options != NULL);

  canvas_init (&c, cr, options, width, height);
  cairo_save (cr);
  switch (options->kind)
    {
    case BS_CHART_SCORE:
      draw_score (&c, data);
      break;
    case BS_CHART_LENGTH:
      draw_length (&c, data, options);
      break;
    case BS_CHART_SWEEP:
      if (data->study->kind == BS_STUDY_SWEEP)
        draw_sweep (&c, data);
      else
        draw_score (&c, data);
      break;
    case BS_CHART_BRANCHING:
      draw_branching (&c, data, options);
      break;
    case BS_CHART_OPENINGS:
      draw_openings (&c, data, options);
      break;
    default:
      break;
    }
  cairo_restore (cr);
  /* The openings' board has no ranges; the colour scale is not part of it. */
  if (plot != NULL && options->kind == BS_CHART_OPENINGS)
    canvas_get_plot (&c, c.right - c.font * 7, FALSE, plot);
  else if (plot != NULL)
    canvas_get_plot (&c, c.right, TRUE, plot);
}

static cairo_status_t
append_bytes (void                *closure,
              const unsigned char *data,
              unsigned int         length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

typedef void (*DrawFunc) (cairo_t *cr,
                          double   width,
                          double   height,
                          gpointer user_data);

/* A chart of options' size drawn by draw into a PNG, SVG or PDF (from the extension) and
 * written atomically. */
static gboolean
export_drawing (const BsChartOptions *options,
                const char           *path,
                DrawFunc              draw,
                gpointer              user_data,
                GError              **error)
{
  BsExportFormat format;
  int width = options->width, height = options->height > 0 ? options->height
                                                          : options->width * 5 / 8;
  g_autoptr(GByteArray) bytes = g_byte_array_new ();
  g_autoptr(GBytes) png = NULL;
  cairo_surface_t *surface;
  cairo_t *cr;

  if (!bs_export_format_from_path (path, &format, error))
    return FALSE;
  if (format == BS_EXPORT_GIF)
    {
      g_set_error (error, BS_EXPORT_ERROR, BS_EXPORT_ERROR_FORMAT,
                   _("%s: a chart is written as .png, .svg or .pdf"), path);
      return FALSE;
    }
  if (width < 200 || width > BS_EXPORT_MAX_SIZE || height < 100 || height > BS_EXPORT_MAX_SIZE)
    {
      g_set_error (error, BS_EXPORT_ERROR, BS_EXPORT_ERROR_SIZE,
                   _("a chart of %d × %d is out of range (200 to %d)"), width, height,
                   BS_EXPORT_MAX_SIZE);
      return FALSE;
    }
  if (format == BS_EXPORT_PNG)
    surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, width, height);
  else if (format == BS_EXPORT_SVG)
    surface = cairo_svg_surface_create_for_stream (append_bytes, bytes, width, height);
  else
    surface = cairo_pdf_surface_create_for_stream (append_bytes, bytes, width, height);
  cr = cairo_create (surface);
  draw (cr, width, height, user_data);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  if (format == BS_EXPORT_PNG)
    {
      png = bs_png_encode (surface, error);
      cairo_surface_destroy (surface);
      if (png == NULL)
        return FALSE;
    }
  else
    {
      cairo_surface_finish (surface);
      if (cairo_surface_status (surface) != CAIRO_STATUS_SUCCESS)
        {
          g_set_error (error, BS_EXPORT_ERROR, BS_EXPORT_ERROR_ENCODE, "%s: %s", path,
                       cairo_status_to_string (cairo_surface_status (surface)));
          cairo_surface_destroy (surface);
          return FALSE;
        }
      cairo_surface_destroy (surface);
      png = g_byte_array_free_to_bytes (g_steal_pointer (&bytes));
    }
  /* Atomic and synced, as every export (bs-export.h). */
  return bs_export_write_bytes (path, png, error);
}

typedef struct {
  const BsChartData    *data;
  const BsChartOptions *options;
} StudyDrawing;

static void
draw_study (cairo_t  *cr,
            double    width,
            double    height,
            gpointer  user_data)
{
  StudyDrawing *drawing = user_data;

  bs_chart_draw (cr, drawing->data, drawing->options, width, height);
}

gboolean
bs_chart_export (const BsChartData    *data,
                 const BsChartOptions *options,
                 const char           *path,
                 GError              **error)
{
  StudyDrawing drawing = { data, options };

  return export_drawing (options, path, draw_study, &drawing, error);
}

gboolean
bs_chart_export_runner (BsStudyRunner        *runner,
                        const BsChartOptions *options,
                        const char           *path,
                        GError              **error)
{
  g_autoptr(BsChartData) data = bs_chart_data_new (runner);

  return bs_chart_export (data, options, path, error);
}

/* A figure drawn on the chart's canvas: the skill trace, the trade-offs. */
typedef void (*FigureFunc) (Canvas        *c,
                            gconstpointer  figure);

static void
draw_figure (cairo_t              *cr,
             FigureFunc            draw,
             gconstpointer         figure,
             const BsChartOptions *options,
             double                width,
             double                height,
             BsChartPlot          *plot)
{
  Canvas c = { 0 };

  canvas_init (&c, cr, options, width, height);
  cairo_save (cr);
  draw (&c, figure);
  cairo_restore (cr);
  if (plot != NULL)
    canvas_get_plot (&c, c.right, TRUE, plot);
}

typedef struct {
  FigureFunc            draw;
  gconstpointer         figure;
  const BsChartOptions *options;
} FigureDrawing;

static void
draw_figure_export (cairo_t  *cr,
                    double    width,
                    double    height,
                    gpointer  user_data)
{
  FigureDrawing *drawing = user_data;

  draw_figure (cr, drawing->draw, drawing->figure, drawing->options, width, height, NULL);
}

static gboolean
export_figure (FigureFunc             draw,
               gconstpointer          figure,
               const BsChartOptions  *options,
               const char            *path,
               GError               **error)
{
  FigureDrawing drawing = { draw, figure, options };

  return export_drawing (options, path, draw_figure_export, &drawing, error);
}

/* The skill trace (bs-skill-trace.h). */

static void
draw_skill_trace (Canvas        *c,
                  gconstpointer  figure)
{
  const BsSkillTrace *trace = figure;
  guint n = bs_skill_trace_n_levels (trace), max_games = 0, min_games = G_MAXUINT;
  g_autofree char *fair = bs_percent_format (0.5, 0);
  g_autofree char *subtitle = NULL;
  g_autofree char *verdict = bs_skill_trend_describe (&trace->trend);
  double f = c->font, step, sum_x = 0, sum_y = 0, total = 0, first = -1, last = -1;
  gboolean started = FALSE;

  for (guint i = 0; i < n; i++)
    {
      const BsSkillTraceLevel *l = bs_skill_trace_get_level (trace, i);

      max_games = MAX (max_games, l->games);
      min_games = MIN (min_games, l->games);
    }
  if (n > 0 && min_games == max_games)
    /* Translators: a skill trace chart's subtitle: "My Game · 200 games a level,
     * both players at that level · 95% intervals". */
    subtitle = g_strdup_printf (_("%s · %u games a level, both players at that level · 95%% "
                                  "intervals"), trace->variant, max_games);
  else
    /* Translators: as above, when the levels have different numbers of games. */
    subtitle = g_strdup_printf (_("%s · %u to %u games a level, both players at that level · "
                                  "95%% intervals"), trace->variant, n > 0 ? min_games : 0,
                                max_games);
  begin_with_note (c, _("Player 1’s score by skill"), subtitle, verdict, 0);
  c->x_min = -0.5;
  c->x_max = MAX (n, 1) - 0.5;
  c->y_min = 0;
  c->y_max = 1;
  c->bottom -= f * 1.2;   /* room for the score under each level */
  y_axis (c, _("Player 1’s score"), TRUE, 5);
  x_title (c, _("Both players’ strength"));
  if (max_games == 0)
    {
      no_data (c, _("No games yet"));
      return;
    }
  dashed_level (c, 0.5, fair);

  /* The trend's least-squares line, s̄ + b (x − x̄), over the levels with games. */
  for (guint i = 0; i < n; i++)
    {
      const BsSkillTraceLevel *l = bs_skill_trace_get_level (trace, i);

      if (l->games == 0)
        continue;
      sum_x += (double) l->games * i;
      sum_y += l->score.score * l->games;
      total += l->games;
      if (first < 0)
        first = i;
      last = i;
    }
  if (trace->trend.levels >= 2)
    {
      double mean_x = sum_x / total, mean_y = sum_y / total;
      double dashes[] = { f * 0.25, f * 0.25 };

      cairo_save (c->cr);
      cairo_rectangle (c->cr, c->left, c->top, c->right - c->left, c->bottom - c->top);
      cairo_clip (c->cr);
      cairo_set_dash (c->cr, dashes, 2, 0);
      cairo_set_line_width (c->cr, MAX (1.0, f / 8));
      set_color (c->cr, c->palette->second, 0.9);
      cairo_move_to (c->cr, map_x (c, first),
                     map_y (c, mean_y + trace->trend.slope * (first - mean_x)));
      cairo_line_to (c->cr, map_x (c, last),
                     map_y (c, mean_y + trace->trend.slope * (last - mean_x)));
      cairo_stroke (c->cr);
      cairo_restore (c->cr);
    }

  /* The scores, joined level to level. */
  cairo_set_line_width (c->cr, MAX (1.5, f / 6));
  set_color (c->cr, c->palette->accent, 1);
  for (guint i = 0; i < n; i++)
    {
      const BsSkillTraceLevel *l = bs_skill_trace_get_level (trace, i);

      if (l->games == 0)
        continue;
      if (!started)
        cairo_move_to (c->cr, map_x (c, i), map_y (c, l->score.score));
      else
        cairo_line_to (c->cr, map_x (c, i), map_y (c, l->score.score));
      started = TRUE;
    }
  cairo_stroke (c->cr);

  step = (c->right - c->left) / n;
  for (guint i = 0; i < n; i++)
    {
      const BsSkillTraceLevel *l = bs_skill_trace_get_level (trace, i);
      double x = map_x (c, i);
      char text[96];

      draw_text (c, l->label, x, c->bottom + f * 0.45, f * 0.85, FALSE, c->palette->text,
                 0.5, 0, 0);
      if (l->games == 0)
        {
          draw_text (c, _("no games"), x, c->bottom + f * 1.65, f * 0.8, FALSE,
                     c->palette->muted, 0.5, 0, 0);
          continue;
        }
      error_bar (c, x, l->score.low, l->score.high, MIN (step * 0.08, f * 0.6));
      set_color (c->cr, c->palette->first, 1);
      cairo_arc (c->cr, x, map_y (c, l->score.score), MAX (3.0, f * 0.35), 0, 2 * G_PI);
      cairo_fill (c->cr);
      {
        g_autofree char *percent = bs_percent_format (l->score.score, 1);

        g_snprintf (text, sizeof text, "%s [%.1f, %.1f]", percent, 100 * l->score.low,
                    100 * l->score.high);
      }
      draw_text (c, text, x, c->bottom + f * 1.65, f * 0.8, FALSE, c->palette->muted,
                 0.5, 0, 0);
    }
  baseline (c);
}

void
bs_chart_draw_skill_trace (cairo_t              *cr,
                           const BsSkillTrace   *trace,
                           const BsChartOptions *options,
                           double                width,
                           double                height,
                           BsChartPlot          *plot)
{
  g_return_if_fail (cr != NULL && trace != NULL && options != NULL);

  draw_figure (cr, draw_skill_trace, trace, options, width, height, plot);
}

char *
bs_chart_describe_skill_trace (const BsSkillTrace *trace)
{
  g_autoptr(GString) text = g_string_new (NULL);
  g_autofree char *verdict = NULL;

  g_return_val_if_fail (trace != NULL, NULL);

  /* Translators: what a screen reader says of a skill trace's chart, then each level:
   * "Player 1’s score by skill, My Game: Random 52.0% [47.1, 56.9]; Easy 60.5% …". */
  g_string_printf (text, _("Player 1’s score by skill, %s:"), trace->variant);
  for (guint i = 0; i < bs_skill_trace_n_levels (trace); i++)
    {
      const BsSkillTraceLevel *l = bs_skill_trace_get_level (trace, i);

      g_string_append (text, i > 0 ? "; " : " ");
      if (l->games == 0)
        /* Translators: a level of a skill trace that has no games: "Hard: no games". */
        g_string_append_printf (text, _("%s: no games"), l->label);
      else
        {
          g_autofree char *percent = bs_percent_format (l->score.score, 1);

          /* Translators: a level of a skill trace read aloud: "Easy 60.5% [55.6, 65.2]
           * in 400 games", the brackets its 95% interval. */
          g_string_append_printf (text, _("%s %s [%.1f, %.1f] in %u games"), l->label,
                                  percent, 100 * l->score.low, 100 * l->score.high, l->games);
        }
    }
  verdict = bs_skill_trend_describe (&trace->trend);
  g_string_append_printf (text, ". %s", verdict);
  return g_string_free (g_steal_pointer (&text), FALSE);
}

gboolean
bs_chart_export_skill_trace (const BsSkillTrace   *trace,
                             const BsChartOptions *options,
                             const char           *path,
                             GError              **error)
{
  g_return_val_if_fail (trace != NULL && options != NULL && path != NULL, FALSE);

  return export_figure (draw_skill_trace, trace, options, path, error);
}

/* The range an axis shows: the figures and the goal's finite edges, with a margin. */
static void
pareto_range (const double *values,
              guint         n,
              double        goal_low,
              double        goal_high,
              double       *min,
              double       *max)
{
  double lo = INFINITY, hi = -INFINITY, pad;

  for (guint i = 0; i < n; i++)
    {
      lo = MIN (lo, values[i]);
      hi = MAX (hi, values[i]);
    }
  if (isfinite (goal_low))
    {
      lo = MIN (lo, goal_low);
      hi = MAX (hi, goal_low);
    }
  if (isfinite (goal_high))
    {
      lo = MIN (lo, goal_high);
      hi = MAX (hi, goal_high);
    }
  if (!isfinite (lo))
    lo = 0, hi = 1;
  pad = MAX ((hi - lo) * 0.08, 0.5);
  *min = lo - pad;
  *max = hi + pad;
}

static void
draw_pareto (Canvas        *c,
             gconstpointer  figure)
{
  const BsParetoChart *chart = figure;
  double f = c->font, dashes[] = { f * 0.4, f * 0.3 };
  double x0, x1, y0, y1;
  g_autofree char *subtitle = NULL;

  /* Translators: the trade-offs chart's subtitle: "My Game · 30 candidates, by their
   * figures". */
  subtitle = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s · %u candidate, by its figures",
                                           "%s · %u candidates, by their figures", chart->n),
                              chart->variant, chart->n);
  begin_with_note (c, _("Trade-offs between the goals"), subtitle,
                   /* Translators: the trade-offs chart's key. */
                   _("Filled and named: the best trade-offs, which no other setting beats on "
                     "both goals. Shaded: where both goals are met."), 0);
  if (chart->n == 0)
    {
      no_data (c, _("No candidates"));
      return;
    }
  pareto_range (chart->x, chart->n, chart->x_goal_low, chart->x_goal_high, &c->x_min,
                &c->x_max);
  pareto_range (chart->y, chart->n, chart->y_goal_low, chart->y_goal_high, &c->y_min,
                &c->y_max);
  y_axis (c, chart->y_title, FALSE, 5);
  x_axis (c, chart->x_title, 6, FALSE);

  /* Where both goals are met, then each goal's edges. */
  x0 = map_x (c, MAX (c->x_min, chart->x_goal_low));
  x1 = map_x (c, MIN (c->x_max, chart->x_goal_high));
  y0 = map_y (c, MAX (c->y_min, chart->y_goal_low));
  y1 = map_y (c, MIN (c->y_max, chart->y_goal_high));
  cairo_save (c->cr);
  cairo_rectangle (c->cr, c->left, c->top, c->right - c->left, c->bottom - c->top);
  cairo_clip (c->cr);
  if (x1 > x0 && y0 > y1)
    {
      set_color (c->cr, c->palette->accent, 0.12);
      cairo_rectangle (c->cr, x0, y1, x1 - x0, y0 - y1);
      cairo_fill (c->cr);
    }
  cairo_set_dash (c->cr, dashes, 2, 0);
  cairo_set_line_width (c->cr, MAX (1.0, f / 12));
  set_color (c->cr, c->palette->accent, 0.7);
  for (int k = 0; k < 2; k++)
    {
      double v = k == 0 ? chart->x_goal_low : chart->x_goal_high;

      if (isfinite (v) && v > c->x_min && v < c->x_max)
        {
          cairo_move_to (c->cr, round (map_x (c, v)) + 0.5, c->top);
          cairo_line_to (c->cr, round (map_x (c, v)) + 0.5, c->bottom);
        }
      v = k == 0 ? chart->y_goal_low : chart->y_goal_high;
      if (isfinite (v) && v > c->y_min && v < c->y_max)
        {
          cairo_move_to (c->cr, c->left, round (map_y (c, v)) + 0.5);
          cairo_line_to (c->cr, c->right, round (map_y (c, v)) + 0.5);
        }
    }
  cairo_stroke (c->cr);
  cairo_restore (c->cr);

  /* The candidates: the others as rings, the best trade-offs filled and named. */
  cairo_set_line_width (c->cr, MAX (1.0, f / 10));
  for (guint i = 0; i < chart->n; i++)
    {
      if (chart->front[i])
        continue;
      set_color (c->cr, c->palette->muted, 0.9);
      cairo_new_sub_path (c->cr);
      cairo_arc (c->cr, map_x (c, chart->x[i]), map_y (c, chart->y[i]), f * 0.22, 0, 2 * G_PI);
      cairo_stroke (c->cr);
    }
  for (guint i = 0; i < chart->n; i++)
    {
      double px = map_x (c, chart->x[i]), py = map_y (c, chart->y[i]);
      gboolean left_side = px > (c->left + c->right) / 2;

      if (!chart->front[i])
        continue;
      set_color (c->cr, c->palette->accent, 1);
      cairo_new_sub_path (c->cr);
      cairo_arc (c->cr, px, py, f * 0.32, 0, 2 * G_PI);
      cairo_fill (c->cr);
      draw_text (c, chart->labels[i], left_side ? px - f * 0.5 : px + f * 0.5, py, f * 0.8,
                 FALSE, c->palette->text, left_side ? 1 : 0, 0.5, 0);
    }
  baseline (c);
}

void
bs_chart_draw_pareto (cairo_t              *cr,
                      const BsParetoChart  *chart,
                      const BsChartOptions *options,
                      double                width,
                      double                height,
                      BsChartPlot          *plot)
{
  g_return_if_fail (cr != NULL && chart != NULL && options != NULL);

  draw_figure (cr, draw_pareto, chart, options, width, height, plot);
}

char *
bs_chart_describe_pareto (const BsParetoChart *chart)
{
  g_autoptr(GString) text = g_string_new (NULL);
  gboolean first = TRUE;

  g_return_val_if_fail (chart != NULL, NULL);

  /* Translators: what a screen reader says of the trade-offs chart, then each of the best
   * trade-offs: "The best trade-offs between Mean length (plies) and Lead changes a game,
   * My Game: width=6 height=8 38.8, 3.60; …". */
  g_string_printf (text, _("The best trade-offs between %s and %s, %s:"), chart->x_title,
                   chart->y_title, chart->variant);
  for (guint i = 0; i < chart->n; i++)
    {
      if (!chart->front[i])
        continue;
      g_string_append_printf (text, "%s%s %.1f, %.2f", first ? " " : "; ", chart->labels[i],
                              chart->x[i], chart->y[i]);
      first = FALSE;
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

gboolean
bs_chart_export_pareto (const BsParetoChart  *chart,
                        const BsChartOptions *options,
                        const char           *path,
                        GError              **error)
{
  g_return_val_if_fail (chart != NULL && options != NULL && path != NULL, FALSE);

  return export_figure (draw_pareto, chart, options, path, error);
}

/* A goal as an axis of the trade-offs chart: its title, the factor from the goal's figure
 * to the axis (scores and draws in percent) and its edges there. */
static const char *
goal_axis (const BsDesignGoal *goal,
           double             *scale,
           double             *low,
           double             *high)
{
  switch (goal->kind)
    {
    case BS_DESIGN_GOAL_FAIR:
      *scale = 100;
      *low = 100 * (0.5 - goal->low);
      *high = 100 * (0.5 + goal->low);
      return _("Player 1’s score (%)");
    case BS_DESIGN_GOAL_DRAWS_BELOW:
      *scale = 100;
      *low = -INFINITY;
      *high = 100 * goal->low;
      return _("Draws (%)");
    case BS_DESIGN_GOAL_LEAD_CHANGES:
      *scale = 1;
      *low = goal->low;
      *high = INFINITY;
      return _("Lead changes a game");
    case BS_DESIGN_GOAL_LENGTH:
    default:
      *scale = 1;
      *low = goal->low;
      *high = goal->high;
      return _("Mean length (plies)");
    }
}

void
bs_pareto_chart_init_from_search (BsParetoChart        *chart,
                                  const BsDesignSearch *search,
                                  const char           *variant,
                                  const char * const   *labels)
{
  guint n;
  const char **names;
  double *x, *y, x_scale, y_scale;
  gboolean *front;

  g_return_if_fail (chart != NULL && search != NULL && search->n_goals >= 2);

  n = search->candidates->len;
  names = g_new0 (const char *, MAX (1, n));
  x = g_new0 (double, MAX (1, n));
  y = g_new0 (double, MAX (1, n));
  front = g_new0 (gboolean, MAX (1, n));
  memset (chart, 0, sizeof *chart);
  chart->variant = variant;
  chart->x_title = goal_axis (&search->goals[0], &x_scale, &chart->x_goal_low,
                              &chart->x_goal_high);
  chart->y_title = goal_axis (&search->goals[1], &y_scale, &chart->y_goal_low,
                              &chart->y_goal_high);
  bs_design_search_pareto (search, front);
  for (guint i = 0; i < n; i++)
    {
      const BsDesignCandidate *candidate = search->candidates->pdata[i];

      names[i] = labels != NULL ? labels[i] : candidate->label;
      x[i] = x_scale * candidate->evidence[0].value;
      y[i] = y_scale * candidate->evidence[1].value;
    }
  chart->n = n;
  chart->labels = names;
  chart->x = x;
  chart->y = y;
  chart->front = front;
}

void
bs_pareto_chart_clear (BsParetoChart *chart)
{
  g_return_if_fail (chart != NULL);

  /* The arrays bs_pareto_chart_init_from_search made; the chart only reads them. */
  g_free ((gpointer) chart->labels);
  g_free ((gpointer) chart->x);
  g_free ((gpointer) chart->y);
  g_free ((gpointer) chart->front);
  memset (chart, 0, sizeof *chart);
}
