/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-render"

#include "config.h"

#include "bs-study-report.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n.h>
#include <json-glib/json-glib.h>

#include "bs-export.h"
#include "bs-file.h"
#include "bs-json.h"

const char * const bs_study_report_tables[] = {
  "summary", "lengths", "branching", "openings", "reasons", "replicates", NULL
};

GPtrArray *
bs_study_report_all_stats (BsStudyRunner *runner)
{
  BsStudy *study = bs_study_runner_get_study (runner);
  GPtrArray *arms = g_ptr_array_new_with_free_func ((GDestroyNotify) bs_study_stats_free);

  for (guint i = 0; i < bs_study_n_arms (study); i++)
    g_ptr_array_add (arms, bs_study_runner_get_stats (runner, i));
  return arms;
}

static double
branch_sd (const BsStudyStats *stats,
           guint               ply)
{
  guint n = g_array_index (stats->branch_count, guint, ply);

  return n > 1 ? sqrt (g_array_index (stats->branch_m2, double, ply) / (n - 1)) : 0;
}

/* JSON. */

static void
add_string (JsonBuilder *b,
            const char  *name,
            const char  *value)
{
  json_builder_set_member_name (b, name);
  if (value != NULL)
    json_builder_add_string_value (b, value);
  else
    json_builder_add_null_value (b);
}

static void
add_double (JsonBuilder *b,
            const char  *name,
            double       value)
{
  json_builder_set_member_name (b, name);
  /* Rounded so that the output reads well and compares stably. */
  json_builder_add_double_value (b, round (value * 1e6) / 1e6);
}

/* A p-value keeps six significant digits, not six decimals: below 1e-6
 * (a clear result with many games) it would otherwise read 0. */
static void
add_p_value (JsonBuilder *b,
             const char  *name,
             double       value)
{
  char text[G_ASCII_DTOSTR_BUF_SIZE];

  json_builder_set_member_name (b, name);
  json_builder_add_double_value (b, g_ascii_strtod (g_ascii_formatd (text, sizeof text, "%.6g", value),
                                                    NULL));
}

static void
add_int (JsonBuilder *b,
         const char  *name,
         gint64       value)
{
  json_builder_set_member_name (b, name);
  json_builder_add_int_value (b, value);
}

static void
add_score (JsonBuilder        *b,
           const char         *name,
           const BsStatsScore *score,
           double              fair_margin)
{
  json_builder_set_member_name (b, name);
  json_builder_begin_object (b);
  add_int (b, "games", score->n);
  add_double (b, "score", score->score);
  add_double (b, "low", score->low);
  add_double (b, "high", score->high);
  add_p_value (b, "p_value", score->p_value);
  add_string (b, "test", "score-test");
  add_double (b, "effective_games", score->n_effective);
  add_string (b, "equivalence",
              bs_stats_equivalence_id (bs_stats_equivalence (score, fair_margin)));
  add_double (b, "fair_margin", fair_margin);
  json_builder_end_object (b);
}

/* A study of pooled replicates (docs/BALANCE.md, Replicates): each replicate's own score
 * and the test of whether they agree. */
static void
add_replicates (JsonBuilder        *b,
                const BsStudy      *study,
                const BsStudyStats *stats)
{
  const BsStudyReplicateCounts *counts = (const BsStudyReplicateCounts *) stats->replicates->data;
  BsStatsHeterogeneity h;

  json_builder_set_member_name (b, "replicates");
  json_builder_begin_array (b);
  for (guint r = 0; r < stats->replicates->len; r++)
    {
      BsStatsScore score;

      bs_stats_score_with_draws (2 * counts[r].wins[0] + counts[r].draws, counts[r].draws,
                                 counts[r].games, &score);
      json_builder_begin_object (b);
      add_int (b, "seed", (gint64) bs_study_replicate_seed (study, r));
      add_int (b, "games", counts[r].games);
      add_int (b, "player1_wins", counts[r].wins[0]);
      add_int (b, "player2_wins", counts[r].wins[1]);
      add_int (b, "draws", counts[r].draws);
      add_score (b, "player1_score", &score, study->fair_margin);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  bs_stats_heterogeneity (counts, stats->replicates->len, &h);
  json_builder_set_member_name (b, "heterogeneity");
  json_builder_begin_object (b);
  add_string (b, "method", "chi-square");
  add_int (b, "replicates", h.k);
  add_double (b, "statistic", h.statistic);
  add_int (b, "df", h.df);
  add_p_value (b, "p_value", h.p_value);
  json_builder_set_member_name (b, "significant");
  json_builder_add_boolean_value (b, h.p_value < 0.05);
  json_builder_end_object (b);
}

static void
add_rate (JsonBuilder *b,
          const char  *name,
          guint        count,
          guint        n)
{
  double low, high;

  bs_stats_wilson (count, n, BS_STATS_Z95, &low, &high);
  json_builder_set_member_name (b, name);
  json_builder_begin_object (b);
  add_int (b, "count", count);
  add_double (b, "rate", n > 0 ? (double) count / n : 0);
  add_double (b, "low", low);
  add_double (b, "high", high);
  json_builder_end_object (b);
}

static void
add_summary (JsonBuilder  *b,
             const char   *name,
             const GArray *histogram,
             gboolean      with_histogram)
{
  BsStatsSummary s;

  bs_stats_histogram_summary (histogram, &s);
  json_builder_set_member_name (b, name);
  json_builder_begin_object (b);
  add_int (b, "n", s.n);
  add_double (b, "mean", s.mean);
  add_double (b, "median", s.median);
  add_double (b, "sd", s.sd);
  add_int (b, "min", s.min);
  add_int (b, "max", s.max);
  if (with_histogram)
    {
      json_builder_set_member_name (b, "histogram");
      json_builder_begin_object (b);
      for (guint v = 0; v < histogram->len; v++)
        if (g_array_index (histogram, guint, v) > 0)
          {
            g_autofree char *key = g_strdup_printf ("%u", v);
            add_int (b, key, g_array_index (histogram, guint, v));
          }
      json_builder_end_object (b);
    }
  json_builder_end_object (b);
}

/* The values of the arms listed (guint indices), as an array of strings. */
static void
add_values (JsonBuilder   *b,
            const char    *name,
            const BsStudy *study,
            const GArray  *arms)
{
  json_builder_set_member_name (b, name);
  json_builder_begin_array (b);
  for (guint i = 0; i < arms->len; i++)
    json_builder_add_string_value (b,
                                   bs_study_get_arm (study, g_array_index (arms, guint, i))->value);
  json_builder_end_array (b);
}

/* A study with a margin: how the arm stopped (docs/BALANCE.md, Statistics: Stopping when
 * settled): "confidence-sequence" when its anytime-valid interval reached the margin, "games"
 * when it played the most games allowed first, "running" before either; and the confidence
 * sequence's interval where it stopped (or at the games so far). */
static void
add_stopping (JsonBuilder        *b,
              const BsStudy      *study,
              const BsStudyStats *stats)
{
  BsStudyStopping stopping;

  bs_study_stats_stopping (stats, study, &stopping);
  add_string (b, "stopping", stopping.stopped ? "confidence-sequence"
                             : stats->games >= study->games ? "games" : "running");
  if (!stopping.known)
    return;
  json_builder_set_member_name (b, "confidence_sequence");
  json_builder_begin_object (b);
  add_string (b, "method", "empirical-bernstein-betting");
  add_double (b, "alpha", BS_STATS_SEQUENCE_ALPHA);
  add_int (b, "games", stopping.at);
  add_double (b, "low", stopping.low);
  add_double (b, "high", stopping.high);
  add_double (b, "half_width", (stopping.high - stopping.low) / 2);
  json_builder_end_object (b);
}

/* A per-game measure (docs/BALANCE.md, Statistics: Ludii's measures): the games that
 * have it, the mean over them, its sd and the 95% interval of the mean; null figures
 * when no game has it (a file written before it was kept). */
static void
add_mean (JsonBuilder           *b,
          const char            *name,
          const BsStatsMeanSums *sums,
          gboolean               share)
{
  BsStatsMean m;

  bs_stats_mean_summary (sums, share ? 0.0 : -INFINITY, share ? 1.0 : INFINITY, &m);
  json_builder_set_member_name (b, name);
  json_builder_begin_object (b);
  add_int (b, "games", m.n);
  if (m.n > 0)
    {
      add_double (b, "mean", m.mean);
      add_double (b, "sd", m.sd);
      add_double (b, "low", m.low);
      add_double (b, "high", m.high);
    }
  else
    for (guint i = 0; i < 4; i++)
      add_string (b, (const char *[]) { "mean", "sd", "low", "high" }[i], NULL);
  json_builder_end_object (b);
}

/* holm_p_value: the arm's p-value adjusted over a sweep's values; negative: not a sweep. */
static void
add_arm_json (JsonBuilder        *b,
              const BsStudy      *study,
              guint               arm,
              const BsStudyStats *stats,
              double              holm_p_value)
{
  const BsStudyArm *a = bs_study_get_arm (study, arm);
  BsStatsScore first, player_a;
  g_autoptr(GPtrArray) reasons = bs_study_stats_reasons (stats);
  g_autoptr(GPtrArray) openings = bs_study_stats_openings (stats);

  json_builder_begin_object (b);
  add_string (b, "value", a->value);
  add_string (b, "variant", a->variant->id);
  add_int (b, "games", stats->games);
  bs_study_stats_first_player (stats, &first);
  add_score (b, "player1_score", &first, study->fair_margin);
  if (holm_p_value >= 0)
    add_p_value (b, "holm_p_value", holm_p_value);
  if (study->margin > 0)
    add_stopping (b, study, stats);
  add_double (b, "first_player_advantage", first.score - 0.5);
  json_builder_set_member_name (b, "first_player_advantage_significant");
  json_builder_add_boolean_value (b, first.significant);
  add_rate (b, "player1_wins", stats->wins[0], stats->games);
  add_rate (b, "player2_wins", stats->wins[1], stats->games);
  add_rate (b, "draws", stats->draws, stats->games);
  if (stats->replicates != NULL)
    add_replicates (b, study, stats);
  if (study->swap)
    {
      bs_study_stats_player_a (stats, &player_a);
      add_score (b, "player_a_score", &player_a, study->fair_margin);
    }
  add_summary (b, "plies", stats->plies, TRUE);
  add_summary (b, "turns", stats->turns, TRUE);

  json_builder_set_member_name (b, "endings");
  json_builder_begin_object (b);
  for (guint i = 0; i < reasons->len; i++)
    add_int (b, reasons->pdata[i],
             GPOINTER_TO_UINT (g_hash_table_lookup (stats->reasons, reasons->pdata[i])));
  json_builder_end_object (b);

  json_builder_set_member_name (b, "branching");
  json_builder_begin_object (b);
  add_double (b, "mean", stats->branch_plies > 0 ? stats->branch_total / stats->branch_plies : 0);
  json_builder_set_member_name (b, "per_ply");
  json_builder_begin_array (b);
  for (guint i = 0; i < stats->branch_count->len; i++)
    {
      json_builder_begin_object (b);
      add_int (b, "ply", i + 1);
      add_int (b, "games", g_array_index (stats->branch_count, guint, i));
      add_double (b, "mean", g_array_index (stats->branch_mean, double, i));
      add_double (b, "sd", branch_sd (stats, i));
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);

  add_summary (b, "score_margin", stats->score_margin, TRUE);
  add_summary (b, "piece_margin", stats->piece_margin, TRUE);

  {
    BsStatsMeanSums forced = bs_stats_mean_sums_complement (&stats->decisions);

    json_builder_set_member_name (b, "game_measures");
    json_builder_begin_object (b);
    add_mean (b, "board_coverage", &stats->coverage, TRUE);
    add_mean (b, "decision_moves", &stats->decisions, TRUE);
    add_mean (b, "forced_moves", &forced, TRUE);
    add_mean (b, "repetition", &stats->repetition, TRUE);
    add_mean (b, "score_difference", &stats->score_difference, FALSE);
    add_mean (b, "tree_complexity_log10", &stats->tree_complexity, FALSE);
    json_builder_end_object (b);
  }

  json_builder_set_member_name (b, "evaluations");
  json_builder_begin_object (b);
  add_int (b, "games", stats->evaluated);
  if (stats->evaluated > 0)
    {
      add_summary (b, "lead_changes", stats->lead_changes, TRUE);
      add_int (b, "decided_games", stats->decided);
      add_double (b, "decisive_at_fraction",
                  stats->decided > 0 ? stats->decisive_fraction_sum / stats->decided : 0);
      add_summary (b, "decisive_at", stats->decisive_at, FALSE);
      add_double (b, "drama", stats->decided > 0 ? stats->drama_sum / 1000.0 / stats->decided : 0);
      add_rate (b, "comebacks", stats->comebacks, stats->decided);
    }
  json_builder_end_object (b);

  json_builder_set_member_name (b, "openings");
  json_builder_begin_array (b);
  for (guint i = 0; i < openings->len; i++)
    {
      const BsStudyOpening *o = openings->pdata[i];
      double low, high;

      bs_stats_wilson (o->half_points / 2.0, o->games, BS_STATS_Z95, &low, &high);
      json_builder_begin_object (b);
      add_string (b, "move", o->move);
      add_string (b, "cell", o->cell >= 0 && a->ruleset != NULL
                             ? bs_board_cell_label (a->ruleset->board, o->cell) : NULL);
      add_int (b, "games", o->games);
      add_double (b, "player1_score", o->half_points / (2.0 * o->games));
      add_double (b, "low", low);
      add_double (b, "high", high);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
}

char *
bs_study_report_json (BsStudyRunner *runner)
{
  BsStudy *study;
  g_autoptr(GPtrArray) arms = NULL;
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *text = NULL;
  static const char * const kinds[] = { "single", "sweep", "compare", "players" };
  g_autoptr(GArray) plausibly_fair = NULL;
  g_autofree double *holm = NULL;
  guint done, total;

  g_return_val_if_fail (runner != NULL, NULL);

  study = bs_study_runner_get_study (runner);
  arms = bs_study_report_all_stats (runner);
  holm = g_new (double, MAX (arms->len, 1));
  bs_study_runner_get_progress (runner, &done, &total);
  json_builder_begin_object (b);
  add_string (b, "kind", kinds[study->kind]);
  add_string (b, "file", bs_study_runner_get_path (runner));
  add_int (b, "seed", (gint64) study->seed);
  /* The common evaluator that judged the plies ("evaluations" of each arm). */
  add_string (b, "evaluator", bs_study_evaluator_to_string (study->evaluator));
  if (study->replicate_seeds != NULL)
    {
      json_builder_set_member_name (b, "replicate_seeds");
      json_builder_begin_array (b);
      for (guint r = 0; r < study->replicate_seeds->len; r++)
        json_builder_add_int_value (b, (gint64) bs_study_replicate_seed (study, r));
      json_builder_end_array (b);
    }
  add_string (b, "player_a", study->players[0].level);
  add_string (b, "player_b", study->players[1].level);
  json_builder_set_member_name (b, "seats_swapped_in_odd_games");
  json_builder_add_boolean_value (b, study->swap);
  add_int (b, "games_per_arm", study->games);
  if (study->margin > 0)
    add_double (b, "margin", study->margin);
  json_builder_set_member_name (b, "complete");
  json_builder_add_boolean_value (b, bs_study_runner_is_complete (runner));
  add_int (b, "games_done", done);
  if (study->sweep_key != NULL)
    {
      g_autofree char *label = bs_study_describe_sweep (study);

      add_string (b, "sweep_key", study->sweep_key);
      add_string (b, "sweep_label", label);
    }
  if (study->kind == BS_STUDY_SWEEP)
    plausibly_fair = bs_study_stats_plausibly_fair ((BsStudyStats * const *) arms->pdata,
                                                    arms->len, holm);
  json_builder_set_member_name (b, "arms");
  json_builder_begin_array (b);
  for (guint i = 0; i < arms->len; i++)
    add_arm_json (b, study, i, arms->pdata[i], plausibly_fair != NULL ? holm[i] : -1);
  json_builder_end_array (b);

  if (study->kind == BS_STUDY_SWEEP)
    {
      int fairest = bs_study_stats_fairest_preferring ((BsStudyStats * const *) arms->pdata,
                                                       arms->len, study->default_arm);
      g_autoptr(GArray) ties = bs_study_stats_fairest_ties ((BsStudyStats * const *) arms->pdata,
                                                            arms->len, study->default_arm);

      json_builder_set_member_name (b, "fairest");
      if (fairest >= 0)
        {
          BsStatsScore score;

          bs_study_stats_first_player (arms->pdata[fairest], &score);
          json_builder_begin_object (b);
          add_int (b, "arm", fairest);
          add_string (b, "value", bs_study_get_arm (study, (guint) fairest)->value);
          add_double (b, "player1_score", score.score);
          add_double (b, "low", score.low);
          add_double (b, "high", score.high);
          json_builder_set_member_name (b, "fair_within_interval");
          json_builder_add_boolean_value (b, !score.significant);
          json_builder_end_object (b);
        }
      else
        json_builder_add_null_value (b);
      add_values (b, "fairest_tied", study, ties);
      json_builder_set_member_name (b, "plausibly_fair");
      json_builder_begin_object (b);
      add_string (b, "method", "holm");
      add_double (b, "alpha", 0.05);
      add_values (b, "values", study, plausibly_fair);
      json_builder_end_object (b);
      json_builder_set_member_name (b, "default_arm");
      if (study->default_arm >= 0)
        json_builder_add_int_value (b, study->default_arm);
      else
        json_builder_add_null_value (b);
    }
  if ((study->kind == BS_STUDY_COMPARE || study->kind == BS_STUDY_PLAYERS) && arms->len == 2)
    {
      const BsStudyStats *x = arms->pdata[0], *y = arms->pdata[1];
      BsStatsDifference d;

      bs_stats_difference (2 * x->wins[0] + x->draws, x->draws, x->games,
                           2 * y->wins[0] + y->draws, y->draws, y->games, &d);
      json_builder_set_member_name (b, "difference");
      json_builder_begin_object (b);
      add_double (b, "player1_score_b_minus_a", d.difference);
      add_double (b, "low", d.low);
      add_double (b, "high", d.high);
      add_p_value (b, "p_value", d.p_value);
      add_string (b, "test", "newcombe-inversion");
      json_builder_set_member_name (b, "significant");
      json_builder_add_boolean_value (b, d.significant);
      json_builder_end_object (b);
    }
  json_builder_end_object (b);

  root = json_builder_get_root (b);
  text = bs_json_to_text (root);
  return g_strconcat (text, "\n", NULL);
}

/* CSV. */

static void
csv_field (GString    *out,
           const char *text)
{
  if (text == NULL)
    return;
  if (strpbrk (text, ",\"\n\r") == NULL)
    {
      g_string_append (out, text);
      return;
    }
  g_string_append_c (out, '"');
  for (const char *c = text; *c != '\0'; c++)
    {
      if (*c == '"')
        g_string_append_c (out, '"');
      g_string_append_c (out, *c);
    }
  g_string_append_c (out, '"');
}

/* A comma, then a number in printf's format as the C locale writes it:
 * a decimal comma would split the field. */
static void
csv_number (GString    *out,
            const char *format,
            double      value)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  g_string_append_c (out, ',');
  g_string_append (out, g_ascii_formatd (buffer, sizeof buffer, format, value));
}

/* A comma, then a p-value as a person reads it: three significant digits,
 * and below 1e-16 "<1e-16" (the normal approximation says nothing finer;
 * 1.32448e-215 was as long as it was meaningless). docs/BALANCE.md says so. */
static void
csv_p_value (GString *out,
             double   value)
{
  if (value < 1e-16)
    {
      g_string_append (out, ",<1e-16");
      return;
    }
  csv_number (out, "%.3g", value);
}

static void
csv_summary (GString       *out,
             BsStudyRunner *runner,
             GPtrArray     *arms)
{
  BsStudy *study = bs_study_runner_get_study (runner);

  g_autofree double *holm = g_new (double, MAX (arms->len, 1));
  g_autoptr(GArray) plausibly_fair = NULL;

  /* Columns are only ever added at the end: older readers count them. */
  g_string_append (out, "arm,value,games,player1_wins,player2_wins,draws,player1_score,low,"
                        "high,p_value,mean_plies,median_plies,mean_legal_moves,"
                        "effective_games,equivalence,holm_p_value,board_coverage,"
                        "decision_moves,repetition,score_difference,tree_complexity_log10\n");
  if (study->kind == BS_STUDY_SWEEP)
    plausibly_fair = bs_study_stats_plausibly_fair ((BsStudyStats * const *) arms->pdata,
                                                    arms->len, holm);
  for (guint i = 0; i < arms->len; i++)
    {
      const BsStudyStats *s = arms->pdata[i];
      BsStatsScore score;
      BsStatsSummary plies;

      bs_study_stats_first_player (s, &score);
      bs_stats_histogram_summary (s->plies, &plies);
      g_string_append_printf (out, "%u,", i);
      csv_field (out, bs_study_get_arm (study, i)->value);
      g_string_append_printf (out, ",%u,%u,%u,%u", s->games, s->wins[0], s->wins[1], s->draws);
      csv_number (out, "%.6f", score.score);
      csv_number (out, "%.6f", score.low);
      csv_number (out, "%.6f", score.high);
      csv_p_value (out, score.p_value);
      csv_number (out, "%.3f", plies.mean);
      csv_number (out, "%.1f", plies.median);
      csv_number (out, "%.3f", s->branch_plies > 0 ? s->branch_total / s->branch_plies : 0.0);
      csv_number (out, "%.3f", score.n_effective);
      g_string_append_printf (out, ",%s", bs_stats_equivalence_id (bs_stats_equivalence (
                                            &score, study->fair_margin)));
      /* Empty when the study is no sweep: there is no family of values to adjust over. */
      if (plausibly_fair != NULL)
        csv_p_value (out, holm[i]);
      else
        g_string_append_c (out, ',');
      /* Ludii's measures: means, empty when no game has them (an older file). */
      {
        const BsStatsMeanSums *measures[] = { &s->coverage, &s->decisions, &s->repetition,
                                              &s->score_difference, &s->tree_complexity };

        for (guint m = 0; m < G_N_ELEMENTS (measures); m++)
          {
            BsStatsMean mean;

            bs_stats_mean_summary (measures[m], -INFINITY, INFINITY, &mean);
            if (mean.n > 0)
              csv_number (out, "%.6f", mean.mean);
            else
              g_string_append_c (out, ',');
          }
      }
      g_string_append_c (out, '\n');
    }
}

static void
csv_lengths (GString   *out,
             GPtrArray *arms)
{
  g_string_append (out, "arm,plies,games\n");
  for (guint i = 0; i < arms->len; i++)
    {
      const BsStudyStats *s = arms->pdata[i];

      for (guint v = 0; v < s->plies->len; v++)
        if (g_array_index (s->plies, guint, v) > 0)
          g_string_append_printf (out, "%u,%u,%u\n", i, v, g_array_index (s->plies, guint, v));
    }
}

static void
csv_branching (GString   *out,
               GPtrArray *arms)
{
  g_string_append (out, "arm,ply,games,mean_legal_moves,sd\n");
  for (guint i = 0; i < arms->len; i++)
    {
      const BsStudyStats *s = arms->pdata[i];

      for (guint p = 0; p < s->branch_count->len; p++)
        {
          g_string_append_printf (out, "%u,%u,%u", i, p + 1,
                                  g_array_index (s->branch_count, guint, p));
          csv_number (out, "%.3f", g_array_index (s->branch_mean, double, p));
          csv_number (out, "%.3f", branch_sd (s, p));
          g_string_append_c (out, '\n');
        }
    }
}

static void
csv_openings (GString       *out,
              BsStudyRunner *runner,
              GPtrArray     *arms)
{
  BsStudy *study = bs_study_runner_get_study (runner);

  g_string_append (out, "arm,move,cell,games,player1_score,low,high\n");
  for (guint i = 0; i < arms->len; i++)
    {
      const BsStudyArm *a = bs_study_get_arm (study, i);
      g_autoptr(GPtrArray) openings = bs_study_stats_openings (arms->pdata[i]);

      for (guint k = 0; k < openings->len; k++)
        {
          const BsStudyOpening *o = openings->pdata[k];
          double low, high;

          bs_stats_wilson (o->half_points / 2.0, o->games, BS_STATS_Z95, &low, &high);
          g_string_append_printf (out, "%u,", i);
          csv_field (out, o->move);
          g_string_append_printf (out, ",%s,%u",
                                  o->cell >= 0 && a->ruleset != NULL
                                  ? bs_board_cell_label (a->ruleset->board, o->cell) : "",
                                  o->games);
          csv_number (out, "%.6f", o->half_points / (2.0 * o->games));
          csv_number (out, "%.6f", low);
          csv_number (out, "%.6f", high);
          g_string_append_c (out, '\n');
        }
    }
}

static void
csv_reasons (GString   *out,
             GPtrArray *arms)
{
  g_string_append (out, "arm,reason,games\n");
  for (guint i = 0; i < arms->len; i++)
    {
      const BsStudyStats *s = arms->pdata[i];
      g_autoptr(GPtrArray) reasons = bs_study_stats_reasons (s);

      for (guint k = 0; k < reasons->len; k++)
        {
          g_string_append_printf (out, "%u,", i);
          csv_field (out, reasons->pdata[k]);
          g_string_append_printf (out, ",%u\n", GPOINTER_TO_UINT (
                                    g_hash_table_lookup (s->reasons, reasons->pdata[k])));
        }
    }
}

/* One row per arm and replicate (a study of one seed: one per arm); the heterogeneity
 * columns repeat on each row of an arm, empty without replicates. */
static void
csv_replicates (GString       *out,
                BsStudyRunner *runner,
                GPtrArray     *arms)
{
  BsStudy *study = bs_study_runner_get_study (runner);

  g_string_append (out, "arm,value,seed,games,player1_wins,player2_wins,draws,player1_score,"
                        "low,high,heterogeneity_chi2,heterogeneity_df,"
                        "heterogeneity_p_value\n");
  for (guint i = 0; i < arms->len; i++)
    {
      const BsStudyStats *s = arms->pdata[i];
      BsStudyReplicateCounts one = { s->games, { s->wins[0], s->wins[1] }, s->draws };
      const BsStudyReplicateCounts *counts = s->replicates != NULL
                                             ? (const BsStudyReplicateCounts *) s->replicates->data
                                             : &one;
      guint n = s->replicates != NULL ? s->replicates->len : 1;
      BsStatsHeterogeneity h;

      bs_stats_heterogeneity (counts, n, &h);
      for (guint r = 0; r < n; r++)
        {
          BsStatsScore score;

          bs_stats_score_with_draws (2 * counts[r].wins[0] + counts[r].draws, counts[r].draws,
                                     counts[r].games, &score);
          g_string_append_printf (out, "%u,", i);
          csv_field (out, bs_study_get_arm (study, i)->value);
          g_string_append_printf (out, ",%" G_GUINT64_FORMAT ",%u,%u,%u,%u",
                                  bs_study_replicate_seed (study, r), counts[r].games,
                                  counts[r].wins[0], counts[r].wins[1], counts[r].draws);
          csv_number (out, "%.6f", score.score);
          csv_number (out, "%.6f", score.low);
          csv_number (out, "%.6f", score.high);
          if (s->replicates != NULL)
            {
              csv_number (out, "%.6f", h.statistic);
              g_string_append_printf (out, ",%u", h.df);
              csv_p_value (out, h.p_value);
            }
          else
            g_string_append (out, ",,,");
          g_string_append_c (out, '\n');
        }
    }
}

char *
bs_study_report_csv (BsStudyRunner  *runner,
                     const char     *table,
                     GError        **error)
{
  g_autoptr(GPtrArray) arms = NULL;
  g_autoptr(GString) out = NULL;

  g_return_val_if_fail (runner != NULL, NULL);
  g_return_val_if_fail (table != NULL, NULL);

  if (!g_strv_contains (bs_study_report_tables, table))
    {
      g_autofree char *choices = g_strjoinv (", ", (char **) bs_study_report_tables);

      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("\"%s\" is not one of %s"), table, choices);
      return NULL;
    }
  arms = bs_study_report_all_stats (runner);
  out = g_string_new (NULL);
  if (g_str_equal (table, "summary"))
    csv_summary (out, runner, arms);
  else if (g_str_equal (table, "lengths"))
    csv_lengths (out, arms);
  else if (g_str_equal (table, "branching"))
    csv_branching (out, arms);
  else if (g_str_equal (table, "openings"))
    csv_openings (out, runner, arms);
  else if (g_str_equal (table, "replicates"))
    csv_replicates (out, runner, arms);
  else
    csv_reasons (out, arms);
  return g_string_free (g_steal_pointer (&out), FALSE);
}

gboolean
bs_study_report_export (BsStudyRunner  *runner,
                        const char     *path,
                        const char     *csv_table,
                        GError        **error)
{
  g_autofree char *base = NULL;
  g_autofree char *text = NULL;
  const char *dot;

  g_return_val_if_fail (runner != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  base = g_path_get_basename (path);
  dot = strrchr (base, '.');
  if (dot != NULL && g_ascii_strcasecmp (dot, ".json") == 0)
    text = bs_study_report_json (runner);
  else if (dot != NULL && g_ascii_strcasecmp (dot, ".csv") == 0)
    text = bs_study_report_csv (runner, csv_table != NULL ? csv_table : "summary", error);
  else
    {
      g_set_error (error, BS_EXPORT_ERROR, BS_EXPORT_ERROR_FORMAT,
                   _("%s: unknown data format “%s”: the file name must end in .csv or .json"),
                   path, dot != NULL ? dot : "");
      return FALSE;
    }
  return text != NULL && bs_file_write_atomic (path, text, strlen (text), BS_FILE_WRITE_SYNC,
                                               error);
}
