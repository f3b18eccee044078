/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-skill-trace.h: a skill trace (docs/BALANCE.md, Skill trace) — player 1's score when
 * both players play at the same strength, at each of several strengths in increasing
 * order (random, Easy, Medium, …), and a test of whether it rises or falls with skill.
 *
 * The games are ordinary studies (one a level, bs-study-runner.h); this is what the CLI's
 * `skill-trace`, its JSON and its chart (bs_chart_draw_skill_trace) share: each level's
 * figures and the trend across them.
 *
 * The trend test is Cochran–Armitage's test for a trend in proportions, with draws
 * counted ½: with x_i = i the index of level i (0, 1, …), n_i its games, s_i player 1's
 * mean score there and s̄, x̄ the means over all N games,
 *   slope b = Σ n_i (x_i − x̄)(s_i − s̄) / S_xx,   S_xx = Σ n_i (x_i − x̄)²,
 * the least-squares slope of a game's score on its level's index; under no trend
 *   z = b √S_xx / σ,   σ² = Σ (y − s̄)² / N over the N games' scores y ∈ {0, ½, 1},
 * is standard normal (two-sided p-value). Without draws this is exactly the
 * Cochran–Armitage statistic (R's prop.trend.test: z² is its chi-squared); with draws it
 * is the same linear-by-linear test on the three-valued score (Agresti, Categorical Data
 * Analysis, § 3.4.6, with N in place of N − 1). */

#pragma once

#include <glib.h>

#include "bs-study-runner.h"
#include "bs-study-stats.h"
#include "bs-variant.h"

G_BEGIN_DECLS

typedef enum {
  BS_SKILL_TREND_UNKNOWN,   /* fewer than two levels with games, or every game alike */
  BS_SKILL_TREND_NONE,      /* p ≥ 0.05: no clear trend */
  BS_SKILL_TREND_RISES,     /* p < 0.05 and slope > 0: player 1's score rises with skill */
  BS_SKILL_TREND_FALLS,     /* p < 0.05 and slope < 0 */
} BsSkillTrendDirection;

typedef struct {
  guint                  levels;    /* levels with games */
  guint                  games;
  double                 slope;     /* score a level (0.05: 5 points from one level to the next) */
  double                 z;
  double                 p_value;   /* two-sided; 1 when unknown */
  BsSkillTrendDirection  direction;
} BsSkillTrend;

/* The test over n levels in order: player 1's half points (a win 2, a draw 1), the draws
 * and the games at each. A level without games is left out (the others keep their
 * indices). */
void        bs_skill_trend              (const guint   *half_points,
                                         const guint   *draws,
                                         const guint   *games,
                                         guint          n,
                                         BsSkillTrend  *out);
/* "rises", "falls", "none", "unknown": the JSON's words. */
const char *bs_skill_trend_direction_id (BsSkillTrendDirection direction);
/* The verdict in words, translated: "Player 1’s score rises with skill: +8.3 points a level
 * (p = 0.0021)." Free with g_free. */
char       *bs_skill_trend_describe     (const BsSkillTrend *trend);

typedef struct {
  char         *level;        /* as given: "random", "easy", "5000", "500ms" */
  char         *label;        /* in words, translated: "Random", "Easy", "5000 playouts a move" */
  guint         games;
  guint         wins[2];      /* by seat */
  guint         draws;
  double        mean_plies;
  BsStatsScore  score;        /* player 1's, with the draw-aware interval */
} BsSkillTraceLevel;

typedef struct {
  char         *variant;      /* the variant's name, as charts show it */
  guint64       seed;
  GPtrArray    *levels;       /* of BsSkillTraceLevel*, weakest first */
  BsSkillTrend  trend;        /* kept up to date by every add */
} BsSkillTrace;

BsSkillTrace *bs_skill_trace_new        (const char          *variant,
                                         guint64              seed);
void          bs_skill_trace_free       (BsSkillTrace        *trace);
/* A level from its counts (wins by seat; mean_plies 0 when unknown). */
void          bs_skill_trace_add_counts (BsSkillTrace        *trace,
                                         const char          *level,
                                         const char          *label,
                                         guint                wins_1,
                                         guint                wins_2,
                                         guint                draws,
                                         double               mean_plies);
/* A level from a study's statistics (its one arm). */
void          bs_skill_trace_add_stats  (BsSkillTrace        *trace,
                                         const char          *level,
                                         const char          *label,
                                         const BsStudyStats  *stats);
guint         bs_skill_trace_n_levels   (const BsSkillTrace  *trace);
const BsSkillTraceLevel *bs_skill_trace_get_level (const BsSkillTrace *trace,
                                                   guint               i);

/* Playing a trace: one study a level, the same for the CLI's `skill-trace` and the app's
 * Skill Trace… (so the same seed plays the same games in both).
 *
 * The study file of one level: FILE-LEVEL.EXT ("trace.xml", "easy": "trace-easy.xml"); a
 * FILE without an extension gets "-LEVEL" at its end. */
char          *bs_skill_trace_level_path  (const char          *output,
                                           const char          *level);
/* The runner of one level's study: both players at level (BS_STUDY_SINGLE, no seats
 * swapped: player A is player 1 in every game), the variant as its one arm, games and
 * seed. Kept in path's file (NULL: in memory): resumed when it holds this study, extended
 * when it holds fewer games; refused (G_FILE_ERROR_EXIST, naming the file) when it holds
 * another study or more games. label (may be NULL): the level in words, as the trace
 * names it ("Easy", "10000 playouts a move"). */
BsStudyRunner *bs_skill_trace_open_level  (const BsVariant     *variant,
                                           const char          *level,
                                           guint64              seed,
                                           guint                games,
                                           const char          *path,
                                           char               **label,
                                           GError             **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BsSkillTrace, bs_skill_trace_free)

G_END_DECLS
