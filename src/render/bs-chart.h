/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-chart.h: the balance lab's charts, drawn with cairo and pango into
 * any cairo_t so that the app and `boardsmith-cli report --chart` make the
 * same pictures: player 1's score with 95% intervals, the length
 * histogram, a sweep's curve with its band, the branching curve, and the
 * openings as a heat map on the board. */

#pragma once

#include <cairo.h>
#include <glib.h>

#include "bs-design-search.h"
#include "bs-skill-trace.h"
#include "bs-study-runner.h"
#include "bs-study-stats.h"

G_BEGIN_DECLS

typedef enum {
  BS_CHART_SCORE,       /* wins, draws and player 1's score per arm, with intervals */
  BS_CHART_LENGTH,      /* histogram of game lengths in plies */
  BS_CHART_SWEEP,       /* player 1's score against the swept value, with its band */
  BS_CHART_BRANCHING,   /* mean legal moves per ply, ± one standard deviation */
  BS_CHART_OPENINGS,    /* player 1's score after each opening move, on the board */
} BsChartKind;

typedef struct {
  BsChartKind kind;
  gboolean    dark;
  int         width;     /* pixels (PNG) or points (SVG, PDF) */
  int         height;    /* 0: 5/8 of the width */
  guint       arm;       /* length, branching, openings: which arm */
} BsChartOptions;

void        bs_chart_options_init      (BsChartOptions *options);
const char *bs_chart_kind_to_string    (BsChartKind     kind);
/* NULL: the study's natural chart (sweep for a sweep, else score). The
 * error names the text and the choices. */
gboolean    bs_chart_kind_from_string  (const char     *text,
                                        const BsStudy  *study,
                                        BsChartKind    *kind,
                                        GError        **error);
gboolean    bs_chart_theme_from_string (const char     *text,
                                        gboolean       *dark);

/* What a chart shows: the study and a snapshot of each arm's statistics. */
typedef struct {
  BsStudy       *study;
  BsStudyStats **arms;
  guint          n_arms;
} BsChartData;

BsChartData *bs_chart_data_new         (BsStudyRunner  *runner);
void         bs_chart_data_free        (BsChartData    *data);

/* Where a chart put its data, in the user units it was drawn in: the
 * plot area and the data ranges its axes map onto it (a value x lies at
 * left + (x - x_min) / (x_max - x_min) × (right - left), y upwards from
 * bottom likewise). The openings chart gives the box its board was drawn
 * into, with no ranges. Empty (all 0) when the chart says it has no data. */
typedef struct {
  double left, top, right, bottom;
  double x_min, x_max, y_min, y_max;
} BsChartPlot;

/* Draws the chart into width × height user units of cr. */
void        bs_chart_draw              (cairo_t              *cr,
                                        const BsChartData    *data,
                                        const BsChartOptions *options,
                                        double                width,
                                        double                height);
/* The same, saying where the data went (plot may be NULL). */
void        bs_chart_draw_full         (cairo_t              *cr,
                                        const BsChartData    *data,
                                        const BsChartOptions *options,
                                        double                width,
                                        double                height,
                                        BsChartPlot          *plot);
/* What the chart shows in words, for a screen reader: a sweep's chart names every value tied
 * for fairest and the plausibly fair ones (Holm); NULL for the other charts (their figures are
 * the page's rows). */
char       *bs_chart_describe          (const BsChartData    *data,
                                        const BsChartOptions *options);
/* The chart's subtitle as drawn under its title: what was played ("My Game · 400 games · Easy
 * against Random · 95% intervals"; an A/B of players "… · Easy compared with Hard, each playing
 * itself · …"), also what a screen reader is told of a chart that bs_chart_describe leaves out. */
char       *bs_chart_subtitle          (const BsChartData    *data,
                                        const BsChartOptions *options);
/* A data point's place in user units, by the plot's axes. */
void        bs_chart_plot_map          (const BsChartPlot    *plot,
                                        double                x,
                                        double                y,
                                        double               *px,
                                        double               *py);
/* Writes it as PNG, SVG or PDF (from the extension), atomically. */
gboolean    bs_chart_export            (const BsChartData    *data,
                                        const BsChartOptions *options,
                                        const char           *path,
                                        GError              **error);
gboolean    bs_chart_export_runner     (BsStudyRunner        *runner,
                                        const BsChartOptions *options,
                                        const char           *path,
                                        GError              **error);

/* A skill trace (bs-skill-trace.h): player 1's score at each level with its 95% interval
 * (the draw-aware one), the 50% line, the trend's least-squares line and its verdict. Not a
 * study's chart: options->kind and arm are not read. plot (may be NULL) says where the data
 * went: level i lies at x = i. */
void        bs_chart_draw_skill_trace     (cairo_t              *cr,
                                           const BsSkillTrace   *trace,
                                           const BsChartOptions *options,
                                           double                width,
                                           double                height,
                                           BsChartPlot          *plot);
/* What it shows in words, for a screen reader: each level with
 * player 1's score and interval, then the trend's verdict. */
char       *bs_chart_describe_skill_trace (const BsSkillTrace   *trace);
/* Writes it as PNG, SVG or PDF (from the extension), atomically. */
gboolean    bs_chart_export_skill_trace   (const BsSkillTrace   *trace,
                                           const BsChartOptions *options,
                                           const char           *path,
                                           GError              **error);

/* A design-space search's trade-offs between two goals (docs/BALANCE.md, Searching the
 * design space): each candidate at its figures on the two goals (x, y), the region that
 * meets both shaded and each goal's edges dashed, the best trade-offs (the Pareto front)
 * marked and named. An open end of a goal is ±INFINITY. */
typedef struct {
  const char          *variant;     /* the subtitle's */
  const char          *x_title;     /* "Mean length (plies)" */
  const char          *y_title;
  double               x_goal_low, x_goal_high;
  double               y_goal_low, y_goal_high;
  guint                n;
  const char * const  *labels;      /* "width=5 height=6" */
  const double        *x;
  const double        *y;
  const gboolean      *front;
} BsParetoChart;

void        bs_chart_draw_pareto          (cairo_t              *cr,
                                           const BsParetoChart  *chart,
                                           const BsChartOptions *options,
                                           double                width,
                                           double                height,
                                           BsChartPlot          *plot);
/* A search's trade-offs between its first two goals (it needs two): the axes' titles and
 * the goals' edges (scores and draws in percent), each candidate's figures and whether it
 * is on the front (bs_design_search_pareto). labels names the candidates in the search's
 * order (NULL: their own labels, "width=5 height=6"); they and variant must outlive the
 * chart. The arrays it makes are freed by bs_pareto_chart_clear(). */
void        bs_pareto_chart_init_from_search (BsParetoChart        *chart,
                                              const BsDesignSearch *search,
                                              const char           *variant,
                                              const char * const   *labels);
void        bs_pareto_chart_clear         (BsParetoChart        *chart);
/* What it shows in words, for a screen reader: the best trade-offs with their figures. */
char       *bs_chart_describe_pareto      (const BsParetoChart  *chart);
/* Writes it as PNG, SVG or PDF (from the extension), atomically. */
gboolean    bs_chart_export_pareto        (const BsParetoChart  *chart,
                                           const BsChartOptions *options,
                                           const char           *path,
                                           GError              **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BsChartData, bs_chart_data_free)

G_END_DECLS
