/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-skill-trace.c: a skill trace's figures and its trend test (bs-skill-trace.h). */
#define G_LOG_DOMAIN "boardsmith-render"

#include "config.h"

#include "bs-skill-trace.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "bs-error.h"

void
bs_skill_trend (const guint  *half_points,
                const guint  *draws,
                const guint  *games,
                guint         n,
                BsSkillTrend *out)
{
  double total = 0, sum_x = 0, sum_y = 0, sum_y2 = 0;
  double mean_x, mean_y, sxx = 0, sxy = 0, variance;

  g_return_if_fail (out != NULL);
  g_return_if_fail (n == 0 || (half_points != NULL && draws != NULL && games != NULL));

  out->levels = 0;
  out->games = 0;
  out->slope = 0;
  out->z = 0;
  out->p_value = 1;
  out->direction = BS_SKILL_TREND_UNKNOWN;
  /* Per level: Σ y = half points / 2; Σ y² = wins + draws / 4, wins = (hp − draws) / 2. */
  for (guint i = 0; i < n; i++)
    {
      if (games[i] == 0)
        continue;
      out->levels++;
      out->games += games[i];
      total += games[i];
      sum_x += (double) games[i] * i;
      sum_y += half_points[i] / 2.0;
      sum_y2 += (half_points[i] - draws[i]) / 2.0 + draws[i] / 4.0;
    }
  if (out->levels < 2)
    return;
  mean_x = sum_x / total;
  mean_y = sum_y / total;
  for (guint i = 0; i < n; i++)
    {
      double dx = i - mean_x;

      if (games[i] == 0)
        continue;
      sxx += games[i] * dx * dx;
      sxy += dx * (half_points[i] / 2.0 - games[i] * mean_y);
    }
  variance = sum_y2 / total - mean_y * mean_y;
  out->slope = sxy / sxx;
  /* Every game alike (all won by player 1, all drawn…): no variance to test against. */
  if (variance <= 1e-12)
    return;
  out->z = sxy / sqrt (variance * sxx);
  out->p_value = MIN (1.0, 2 * bs_stats_normal_sf (fabs (out->z)));
  if (out->p_value >= 0.05)
    out->direction = BS_SKILL_TREND_NONE;
  else
    out->direction = out->slope > 0 ? BS_SKILL_TREND_RISES : BS_SKILL_TREND_FALLS;
}

const char *
bs_skill_trend_direction_id (BsSkillTrendDirection direction)
{
  switch (direction)
    {
    case BS_SKILL_TREND_NONE:
      return "none";
    case BS_SKILL_TREND_RISES:
      return "rises";
    case BS_SKILL_TREND_FALLS:
      return "falls";
    case BS_SKILL_TREND_UNKNOWN:
    default:
      return "unknown";
    }
}

char *
bs_skill_trend_describe (const BsSkillTrend *trend)
{
  g_return_val_if_fail (trend != NULL, NULL);

  switch (trend->direction)
    {
    case BS_SKILL_TREND_RISES:
      /* Translators: a skill trace's verdict: "Player 1’s score rises with skill: +8.3 points
       * a level (p = 0.0021)." The first player's advantage grows as both play better. */
      return g_strdup_printf (_("Player 1’s score rises with skill: %+.1f points a level "
                                "(p = %.2g)."), 100 * trend->slope, trend->p_value);
    case BS_SKILL_TREND_FALLS:
      /* Translators: as "rises with skill", the score going down as both play better. */
      return g_strdup_printf (_("Player 1’s score falls with skill: %+.1f points a level "
                                "(p = %.2g)."), 100 * trend->slope, trend->p_value);
    case BS_SKILL_TREND_NONE:
      /* Translators: a skill trace's verdict when the test finds nothing: "No clear trend
       * with skill: +1.2 points a level (p = 0.41)." */
      return g_strdup_printf (_("No clear trend with skill: %+.1f points a level "
                                "(p = %.2g)."), 100 * trend->slope, trend->p_value);
    case BS_SKILL_TREND_UNKNOWN:
    default:
      if (trend->levels < 2)
        return g_strdup (_("No trend: it needs games at two levels or more."));
      return g_strdup (_("No trend: every game had the same result."));
    }
}

static void
level_free (gpointer data)
{
  BsSkillTraceLevel *level = data;

  g_free (level->level);
  g_free (level->label);
  g_free (level);
}

BsSkillTrace *
bs_skill_trace_new (const char *variant,
                    guint64     seed)
{
  BsSkillTrace *trace = g_new0 (BsSkillTrace, 1);

  trace->variant = g_strdup (variant);
  trace->seed = seed;
  trace->levels = g_ptr_array_new_with_free_func (level_free);
  bs_skill_trend (NULL, NULL, NULL, 0, &trace->trend);
  return trace;
}

void
bs_skill_trace_free (BsSkillTrace *trace)
{
  if (trace == NULL)
    return;
  g_free (trace->variant);
  g_ptr_array_unref (trace->levels);
  g_free (trace);
}

static void
update_trend (BsSkillTrace *trace)
{
  guint n = trace->levels->len;
  g_autofree guint *half_points = g_new (guint, n);
  g_autofree guint *draws = g_new (guint, n);
  g_autofree guint *games = g_new (guint, n);

  for (guint i = 0; i < n; i++)
    {
      const BsSkillTraceLevel *level = g_ptr_array_index (trace->levels, i);

      half_points[i] = 2 * level->wins[0] + level->draws;
      draws[i] = level->draws;
      games[i] = level->games;
    }
  bs_skill_trend (half_points, draws, games, n, &trace->trend);
}

void
bs_skill_trace_add_counts (BsSkillTrace *trace,
                           const char   *level,
                           const char   *label,
                           guint         wins_1,
                           guint         wins_2,
                           guint         draws,
                           double        mean_plies)
{
  BsSkillTraceLevel *l;

  g_return_if_fail (trace != NULL && level != NULL);

  l = g_new0 (BsSkillTraceLevel, 1);
  l->level = g_strdup (level);
  l->label = g_strdup (label != NULL ? label : level);
  l->wins[0] = wins_1;
  l->wins[1] = wins_2;
  l->draws = draws;
  l->games = wins_1 + wins_2 + draws;
  l->mean_plies = mean_plies;
  bs_stats_score_with_draws (2 * wins_1 + draws, draws, l->games, &l->score);
  g_ptr_array_add (trace->levels, l);
  update_trend (trace);
}

void
bs_skill_trace_add_stats (BsSkillTrace       *trace,
                          const char         *level,
                          const char         *label,
                          const BsStudyStats *stats)
{
  BsStatsSummary plies;

  g_return_if_fail (stats != NULL);

  bs_stats_histogram_summary (stats->plies, &plies);
  bs_skill_trace_add_counts (trace, level, label, stats->wins[0], stats->wins[1], stats->draws,
                             plies.n > 0 ? plies.mean : 0);
}

guint
bs_skill_trace_n_levels (const BsSkillTrace *trace)
{
  return trace->levels->len;
}

const BsSkillTraceLevel *
bs_skill_trace_get_level (const BsSkillTrace *trace,
                          guint               i)
{
  g_return_val_if_fail (i < trace->levels->len, NULL);
  return g_ptr_array_index (trace->levels, i);
}

char *
bs_skill_trace_level_path (const char *output,
                           const char *level)
{
  g_autofree char *base = NULL;
  const char *dot;
  gsize stem;

  g_return_val_if_fail (output != NULL && level != NULL, NULL);

  base = g_path_get_basename (output);
  dot = strrchr (base, '.');
  stem = dot != NULL && dot != base ? strlen (output) - strlen (dot) : strlen (output);
  return g_strdup_printf ("%.*s-%s%s", (int) stem, output, level, output + stem);
}

/* path's file when it holds this study (resumed, or extended to more games), a new one
 * there, or in memory when path is NULL. */
static BsStudyRunner *
open_runner (BsStudy     *study,
             const char  *path,
             GError     **error)
{
  g_autoptr(GError) local = NULL;
  BsStudyRunner *runner;
  guint held = 0;

  runner = bs_study_runner_open_expected (study, path, BS_STUDY_GAMES_MORE, &held, NULL,
                                          &local);
  if (runner != NULL)
    return runner;
  if (!g_error_matches (local, BS_STUDY_ERROR, BS_STUDY_ERROR_MISMATCH))
    g_propagate_error (error, g_steal_pointer (&local));
  else if (held > study->games)
    /* Translators: a skill trace's level file holds more games than asked: "trace-easy.xml
     * holds 24 games of this level: ask for 24 or more, or choose another name". */
    g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_EXIST,
                 _("%s holds %u games of this level: ask for %u or more, or choose another "
                   "name"), path, held, held);
  else
    /* Translators: the first %s is a file, the second why it is another study. */
    g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_EXIST,
                 _("%s exists and is not this level's study (%s): remove it or choose "
                   "another name"), path, local->message);
  return NULL;
}

BsStudyRunner *
bs_skill_trace_open_level (const BsVariant  *variant,
                           const char       *level,
                           guint64           seed,
                           guint             games,
                           const char       *path,
                           char            **label,
                           GError          **error)
{
  g_autoptr(BsStudy) study = NULL;
  BsStudyRunner *runner;

  g_return_val_if_fail (variant != NULL && level != NULL && games > 0, NULL);

  /* Both players the same: no seats swapped, player A is player 1 in every game. */
  study = bs_study_new (BS_STUDY_SINGLE, seed, level, level, error);
  if (study == NULL)
    return NULL;
  study->games = games;
  bs_study_add_arm (study, variant, NULL);
  runner = open_runner (study, path, error);
  if (runner != NULL && label != NULL)
    *label = bs_study_player_describe (&study->players[0]);
  return runner;
}
