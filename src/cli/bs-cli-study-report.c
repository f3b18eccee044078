/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-cli"

#include "config.h"

#include "bs-cli-study-report.h"

#include <math.h>
#include <stdio.h>
#include <glib/gi18n.h>

#include "bs-cli-common.h"
#include "bs-study-report.h"

/* How many openings the text report lists. */
#define TEXT_OPENINGS 8

static char *
arm_name (const BsStudy *study,
          guint          arm)
{
  const BsStudyArm *a = bs_study_get_arm (study, arm);

  if (study->kind == BS_STUDY_SWEEP)
    {
      g_autofree char *setting = bs_study_describe_sweep (study);

      /* Translators: one value of a sweep: "Dark’s large pieces (player 2) = 4". */
      return g_strdup_printf (_("%s = %s"), setting, a->value);
    }
  if (study->kind == BS_STUDY_COMPARE)
    return g_strdup_printf ("%s (%s)", a->value, bs_variant_display_name (a->variant));
  if (study->kind == BS_STUDY_PLAYERS)
    {
      g_autofree char *level = bs_study_player_describe (&study->players[arm == 0 ? 0 : 1]);

      /* Translators: one arm of an A/B players study: "B (Hard against itself)". */
      return g_strdup_printf (_("%s (%s against itself)"), a->value, level);
    }
  return g_strdup (bs_variant_display_name (a->variant));
}

/* Text. */

static void
print_score_line (const char         *label,
                  const BsStatsScore *score)
{
  g_print ("%s: %.1f%% [%.1f, %.1f]\n", label, 100 * score->score, 100 * score->low,
           100 * score->high);
}

/* Whether the score is fair within the designer's margin (bs_stats_equivalence). */
static void
print_equivalence (const BsStatsScore *score,
                   double              margin)
{
  double points = 100 * margin;
  g_autofree char *text = NULL;

  switch (bs_stats_equivalence (score, margin))
    {
    case BS_STATS_FAIR:
      /* Translators: "fair within ±3 points: the whole interval lies inside [47, 53]". */
      text = g_strdup_printf (_("fair within ±%g points: the whole interval lies inside "
                                "[%g, %g]"), points, 50 - points, 50 + points);
      break;
    case BS_STATS_UNFAIR:
      /* xgettext:no-c-format */
      text = g_strdup (_("unfair: 50% is outside the interval"));
      break;
    case BS_STATS_UNDECIDED:
    default:
      /* Translators: "fair within ±3 points: not shown either way (the interval holds 50
       * and reaches past [47, 53]; more games would tell)". */
      text = g_strdup_printf (_("fair within ±%g points: not shown either way (the interval "
                                "holds 50 and reaches past [%g, %g]; more games would tell)"),
                              points, 50 - points, 50 + points);
      break;
    }
  g_print ("  %s\n", text);
}

/* A study with a margin: the anytime-valid confidence sequence that decides when the arm
 * stops (bs_study_stats_stopping; docs/BALANCE.md, Statistics: Stopping when settled). */
static void
print_stopping (const BsStudy      *study,
                const BsStudyStats *stats)
{
  BsStudyStopping stopping;
  g_autofree char *text = NULL;

  if (!bs_study_stats_stopping (stats, study, &stopping))
    return;
  text = g_strdup_printf (stopping.stopped
                          /* Translators: "stopped when settled at 720 games: the anytime-valid
                           * 95% interval (confidence sequence) is [45.1, 54.9], within ±5
                           * points". */
                          ? _("stopped when settled at %u games: the anytime-valid 95%% interval "
                              "(confidence sequence) is [%.1f, %.1f], within ±%g points")
                          /* Translators: "not settled at 380 games: the anytime-valid 95%
                           * interval (confidence sequence) is [40.1, 59.9], wider than ±5
                           * points". */
                          : _("not settled at %u games: the anytime-valid 95%% interval "
                              "(confidence sequence) is [%.1f, %.1f], wider than ±%g points"),
                          stopping.at, 100 * stopping.low, 100 * stopping.high,
                          100 * study->margin);
  g_print ("  %s\n", text);
}

static void
print_rate (const char *label,
            guint       count,
            guint       n)
{
  double low, high;

  bs_stats_wilson (count, n, BS_STATS_Z95, &low, &high);
  g_print ("  %-22s %6u  %5.1f%% [%.1f, %.1f]\n", label, count,
           n > 0 ? 100.0 * count / n : 0.0, 100 * low, 100 * high);
}

static void
print_summary (const char   *label,
               const GArray *histogram)
{
  BsStatsSummary s;

  bs_stats_histogram_summary (histogram, &s);
  g_print ("  %-22s %s %.1f, %s %.1f, %s %.1f, %s %u–%u\n", label, _("mean"), s.mean,
           _("median"), s.median, _("sd"), s.sd, _("range"), s.min, s.max);
}

/* One of Ludii's measures (docs/BALANCE.md): its mean over the games that have it, with
 * the 95% interval of the mean; a share in percent, a tree complexity as a power of ten. */
typedef enum {
  MEASURE_SHARE,
  MEASURE_NUMBER,
  MEASURE_POWER,
} MeasureStyle;

static void
print_measure (const char            *label,
               const BsStatsMeanSums *sums,
               MeasureStyle           style,
               guint                  games)
{
  BsStatsMean m;
  double scale = style == MEASURE_SHARE ? 100 : 1;

  bs_stats_mean_summary (sums, style == MEASURE_SHARE ? 0 : -INFINITY,
                         style == MEASURE_SHARE ? 1 : INFINITY, &m);
  if (m.n == 0)
    {
      /* Translators: a measure the study file does not hold (it was written before). */
      g_print ("  %-22s %s\n", label, _("unknown: the study file predates it"));
      return;
    }
  if (style == MEASURE_POWER)
    g_print ("  %-22s %s 10^%.1f [10^%.1f, 10^%.1f]", label, _("mean"), m.mean, m.low, m.high);
  else
    g_print (style == MEASURE_SHARE ? "  %-22s %s %.1f%% [%.1f, %.1f]"
                                    : "  %-22s %s %.2f [%.2f, %.2f]",
             label, _("mean"), scale * m.mean, scale * m.low, scale * m.high);
  if (m.n < games)
    /* Translators: the measure is known for only some of the games. */
    g_print (" (%s)", _("the games of an older file lack it"));
  g_print ("\n");
}

static void print_replicates (const BsStudy      *study,
                              const BsStudyStats *stats);

static void
print_arm_text (const BsStudy      *study,
                guint               arm,
                const BsStudyStats *stats)
{
  const BsStudyArm *a = bs_study_get_arm (study, arm);
  g_autoptr(GPtrArray) reasons = bs_study_stats_reasons (stats);
  g_autoptr(GPtrArray) openings = bs_study_stats_openings (stats);
  g_autofree char *name = arm_name (study, arm);
  BsStatsScore first;

  g_print ("\n== %s: %u %s ==\n", name, stats->games, _("games"));
  if (stats->games == 0)
    return;
  bs_study_stats_first_player (stats, &first);
  print_score_line (_("Player 1’s score"), &first);
  g_print ("  %s %+.1f %s, %s (p = %.3g, %s)\n", _("first-player advantage"),
           100 * (first.score - 0.5), _("points"),
           first.significant ? _("significant at 5%") : _("not significant"),
           first.p_value, _("score test"));
  print_equivalence (&first, study->fair_margin);
  if (study->margin > 0)
    print_stopping (study, stats);
  if (stats->draws > 0)
    {
      /* Translators: how much draws narrow the interval: "draws: the interval is that of
       * 3112 games of win or loss (design effect 0.32)". */
      g_autofree char *text = g_strdup_printf (_("draws: the interval is that of %.0f games of "
                                                 "win or loss (design effect %.2f)"),
                                               first.n_effective, first.n / first.n_effective);

      g_print ("  %s\n", text);
    }
  print_rate (_("player 1 wins"), stats->wins[0], stats->games);
  print_rate (_("player 2 wins"), stats->wins[1], stats->games);
  print_rate (_("draws"), stats->draws, stats->games);
  if (stats->replicates != NULL)
    print_replicates (study, stats);
  if (study->swap)
    {
      BsStatsScore pa;
      g_autofree char *level = bs_study_player_describe (&study->players[0]);
      g_autofree char *label = g_strdup_printf (_("Player A’s score (%s, either seat)"), level);

      bs_study_stats_player_a (stats, &pa);
      print_score_line (label, &pa);
    }
  g_print ("%s:\n", _("Length"));
  print_summary (_("plies"), stats->plies);
  print_summary (_("turns"), stats->turns);
  g_print ("%s:", _("Endings"));
  for (guint i = 0; i < reasons->len; i++)
    {
      guint count = GPOINTER_TO_UINT (g_hash_table_lookup (stats->reasons, reasons->pdata[i]));
      g_print ("%s %s %.1f%%", i > 0 ? ";" : "", bs_study_reason_label (reasons->pdata[i]),
               100.0 * count / stats->games);
    }
  g_print ("\n%s: %s %.1f", _("Legal moves per ply"), _("mean"),
           stats->branch_plies > 0 ? stats->branch_total / stats->branch_plies : 0.0);
  if (stats->branch_count->len > 0)
    {
      guint marks[] = { 0, 4, 9, 19, 39, 79 };

      g_print (" (");
      for (guint i = 0; i < G_N_ELEMENTS (marks); i++)
        if (marks[i] < stats->branch_count->len &&
            g_array_index (stats->branch_count, guint, marks[i]) > 0)
          g_print ("%s%s %u: %.1f", i > 0 ? ", " : "", _("ply"), marks[i] + 1,
                   g_array_index (stats->branch_mean, double, marks[i]));
      g_print (")");
    }
  g_print ("\n%s:\n", _("End margins"));
  {
    guint n_measures = 0;
    const BsMeasureSpec *measures = a->ruleset != NULL
                                    ? bs_ruleset_measure_specs (a->ruleset, &n_measures) : NULL;
    /* Translators: the difference of the game's main measure ("Largest group difference"). */
    g_autofree char *label = g_strdup_printf (_("%s difference"),
                                              n_measures > 0 ? _(measures[0].label) : _("Score"));

    print_summary (label, stats->score_margin);
    /* A main measure of pieces is that same figure: said once. */
    if (n_measures == 0 || g_strcmp0 (measures[0].id, "pieces") != 0)
      print_summary (_("Piece difference"), stats->piece_margin);
  }
  /* xgettext:no-c-format */
  g_print ("%s:\n", _("Game measures (Ludii’s definitions; 95% interval of the mean)"));
  print_measure (_("board coverage"), &stats->coverage, MEASURE_SHARE, stats->games);
  print_measure (_("decision moves"), &stats->decisions, MEASURE_SHARE, stats->games);
  {
    BsStatsMeanSums forced = bs_stats_mean_sums_complement (&stats->decisions);

    print_measure (_("forced moves"), &forced, MEASURE_SHARE, stats->games);
  }
  print_measure (_("repetition"), &stats->repetition, MEASURE_SHARE, stats->games);
  print_measure (_("score difference"), &stats->score_difference, MEASURE_NUMBER, stats->games);
  print_measure (_("game-tree complexity"), &stats->tree_complexity, MEASURE_POWER,
                 stats->games);
  if (stats->evaluated > 0)
    {
      BsStatsSummary leads;

      bs_stats_histogram_summary (stats->lead_changes, &leads);
      /* Which judge read the plies: its judgements differ (docs/BALANCE.md, Evaluations). */
      if (study->evaluator == BS_STUDY_EVALUATOR_CUT_PLAYOUTS)
        /* TRANSLATORS: %u is the number of whole turns a playout plays before it is cut */
        g_print (_("By the common evaluator: random playouts cut after %u turns, then the "
                   "game’s evaluation"),
                 (guint) BS_STUDY_EVALUATION_CUT);
      else
        g_print ("%s", _("By the common evaluator: random playouts to the end"));
      g_print (" (%u %s):\n", stats->evaluated, _("games"));
      g_print ("  %-22s %s %.2f\n", _("lead changes"), _("mean"), leads.mean);
      if (stats->decided > 0)
        {
          g_print ("  %-22s %s %.0f%% %s\n", _("decisive at"), _("mean"),
                   100 * stats->decisive_fraction_sum / stats->decided, _("of the game"));
          g_print ("  %-22s %s %.1f %s; %s %.1f%%\n", _("drama"), _("mean"),
                   stats->drama_sum / 10.0 / stats->decided, _("points"), _("comebacks"),
                   100.0 * stats->comebacks / stats->decided);
        }
    }
  else
    g_print ("%s\n", _("No evaluations (no search played): lead changes, decisive ply and "
                       "drama need a search player."));
  if (stats->simultaneous)
    g_print ("%s\n", _("No openings table: simultaneous rounds have no single opening move."));
  else if (openings->len > 0)
    {
      g_print ("%s (%u %s):\n", _("Openings by player 1’s score"), openings->len,
               _("distinct"));
      for (guint i = 0; i < openings->len && i < TEXT_OPENINGS; i++)
        {
          const BsStudyOpening *o = openings->pdata[i];
          double low, high;

          bs_stats_wilson (o->half_points / 2.0, o->games, BS_STATS_Z95, &low, &high);
          g_print ("  %-14s %5u  %5.1f%% [%.1f, %.1f]\n", o->move, o->games,
                   100.0 * o->half_points / (2.0 * o->games), 100 * low, 100 * high);
        }
    }
}

/* Each replicate's own score, and whether they agree (docs/BALANCE.md, Replicates). */
static void
print_replicates (const BsStudy      *study,
                  const BsStudyStats *stats)
{
  const BsStudyReplicateCounts *counts = (const BsStudyReplicateCounts *) stats->replicates->data;
  BsStatsHeterogeneity h;

  /* Translators: the heading of a pooled study's replicates, "Replicates (3 seeds, pooled
   * above):". */
  g_print ("  ");
  g_print (g_dngettext (GETTEXT_PACKAGE, "Replicates (%u seed, pooled above):",
                        "Replicates (%u seeds, pooled above):", stats->replicates->len),
           stats->replicates->len);
  g_print ("\n");
  for (guint r = 0; r < stats->replicates->len; r++)
    {
      BsStatsScore score;

      bs_stats_score_with_draws (2 * counts[r].wins[0] + counts[r].draws, counts[r].draws,
                                 counts[r].games, &score);
      g_print ("    %s %-8" G_GUINT64_FORMAT " %6u %s  %5.1f%% [%.1f, %.1f]\n", _("seed"),
               bs_study_replicate_seed (study, r), counts[r].games, _("games"),
               100 * score.score, 100 * score.low, 100 * score.high);
    }
  bs_stats_heterogeneity (counts, stats->replicates->len, &h);
  g_print ("    ");
  /* Translators: "replicates disagree: χ² = 9.33, df = 2, p = 0.0094 (chi-square test of
   * equal player 1 scores)": the verdict, the statistic, its degrees of freedom, the
   * p-value, the test's name. */
  g_print (_("%s: χ² = %.2f, df = %u, p = %.3g (%s)"),
           h.p_value < 0.05 ? _("replicates disagree")
                            : _("no evidence that the replicates disagree"),
           h.statistic, h.df, h.p_value, _("chi-square test of equal player 1 scores"));
  g_print ("\n");
}

void
bs_cli_study_report_print (BsStudyRunner *runner,
                           gboolean       json)
{
  BsStudy *study = bs_study_runner_get_study (runner);
  g_autoptr(GPtrArray) arms = bs_study_report_all_stats (runner);
  guint done, total;

  if (json)
    {
      g_autofree char *text = bs_study_report_json (runner);

      /* Through g_print, as all output: a write error is reported with its reason. */
      g_print ("%s", text);
      return;
    }

  bs_study_runner_get_progress (runner, &done, &total);
  {
    const char *name = bs_variant_display_name (bs_study_get_arm (study, 0)->variant);
    g_autofree char *setting = study->kind == BS_STUDY_SWEEP ? bs_study_describe_sweep (study) : NULL;
    g_autofree char *a = bs_study_player_describe (&study->players[0]);
    g_autofree char *b = bs_study_player_describe (&study->players[1]);

    if (study->kind == BS_STUDY_SWEEP)
      /* Translators: "Study: My Game, varying Dark’s large pieces (player 2)". */
      g_print (_("Study: %s, varying %s"), name, setting);
    else if (study->kind == BS_STUDY_COMPARE)
      /* Translators: an A/B study: "Study: My Game against My Game, 7-8 step". */
      g_print (_("Study: %s against %s"), name,
               bs_variant_display_name (bs_study_get_arm (study, 1)->variant));
    else if (study->kind == BS_STUDY_PLAYERS)
      /* Translators: an A/B players study: "Study: My Game, two strengths compared". */
      g_print (_("Study: %s, two strengths compared"), name);
    else
      g_print (_("Study: %s"), name);
    g_print ("\n");
    if (study->kind == BS_STUDY_PLAYERS)
      /* Translators: "Players: A Medium, B Hard, each against itself in both seats". */
      g_print (_("Players: A %s, B %s, each against itself in both seats"), a, b);
    else
      /* Translators: the two computer players of a study: "Players: Easy against Random". */
      g_print (_("Players: %s against %s"), a, b);
  }
  if (study->swap)
    g_print (" (%s)", _("seats swapped in odd games"));
  if (study->replicate_seeds != NULL)
    {
      g_print ("; %s", _("replicates of seeds"));
      for (guint r = 0; r < study->replicate_seeds->len; r++)
        g_print ("%s%" G_GUINT64_FORMAT, r > 0 ? ", " : " ", bs_study_replicate_seed (study, r));
    }
  else
    g_print ("; %s %" G_GUINT64_FORMAT, _("seed"), study->seed);
  g_print ("; %u/%u %s%s\n", done, total,
           _("games"), bs_study_runner_is_complete (runner) ? "" : _(" (incomplete)"));
  /* xgettext:no-c-format */
  g_print ("%s\n", _("Intervals are 95% Wilson score intervals; docs/BALANCE.md defines every "
                     "figure."));

  for (guint i = 0; i < arms->len; i++)
    print_arm_text (study, i, arms->pdata[i]);

  if (study->kind == BS_STUDY_SWEEP)
    {
      BsStudyStats * const *all = (BsStudyStats * const *) arms->pdata;
      int fairest = bs_study_stats_fairest_preferring (all, arms->len, study->default_arm);
      g_autoptr(GArray) ties = bs_study_stats_fairest_ties (all, arms->len, study->default_arm);
      g_autoptr(GArray) plausibly_fair = bs_study_stats_plausibly_fair (all, arms->len, NULL);
      g_autofree char *setting = bs_study_describe_sweep (study);
      guint candidates = 0;

      g_print ("\n");
      /* Translators: the heading of a sweep's table: "Player 1's score by Dark's large
       * pieces (player 2):". */
      g_print (_("Player 1’s score by %s:"), setting);
      g_print ("\n");
      for (guint i = 0; i < arms->len; i++)
        {
          const BsStudyStats *stats = arms->pdata[i];
          BsStatsScore score;

          bs_study_stats_first_player (stats, &score);
          candidates += stats->games > 0;
          g_print ("  %-10s %6u  %5.1f%% [%.1f, %.1f]%s%s\n",
                   bs_study_get_arm (study, i)->value, stats->games, 100 * score.score,
                   100 * score.low, 100 * score.high,
                   (int) i == study->default_arm ? _("  (the variant’s own)") : "",
                   bs_study_arms_include (ties, i) ? _("  ← fairest") : "");
        }
      if (candidates > 0)
        {
          g_autofree char *values = bs_study_join_values (study, plausibly_fair);

          /* Translators: "Plausibly fair (Holm's adjustment over 5 values, 5%): 3, 4". */
          g_print (g_dngettext (GETTEXT_PACKAGE,
                                "Plausibly fair (Holm’s adjustment over %u value, 5%%): %s",
                                "Plausibly fair (Holm’s adjustment over %u values, 5%%): %s",
                                candidates),
                   candidates, values[0] != '\0' ? values : _("none"));
          g_print ("\n");
        }
      if (ties->len > 1)
        {
          g_autofree char *values = bs_study_join_values (study, ties);

          /* Translators: "Tied for fairest: Dark’s large pieces (player 2) = 3, 5 — each as
           * near 50% with the same interval". */
          g_print (_("Tied for fairest: %s = %s — each as near 50%% with the same interval"),
                   setting, values);
          g_print ("\n");
        }
      else if (fairest >= 0)
        {
          BsStatsScore score;

          bs_study_stats_first_player (arms->pdata[fairest], &score);
          /* Translators: "Fairest: Dark’s large pieces (player 2) = 4, 54.5% [44.8, 63.9] — …". */
          g_print (_("Fairest: %s = %s, %.1f%% [%.1f, %.1f] — %s"), setting,
                   bs_study_get_arm (study, (guint) fairest)->value, 100 * score.score,
                   100 * score.low, 100 * score.high,
                   !score.significant
                   /* xgettext:no-c-format */
                   ? _("50% is inside its interval")
                   /* xgettext:no-c-format */
                   : _("still not fair: 50% is outside its interval"));
          g_print ("\n");
        }
    }
  if ((study->kind == BS_STUDY_COMPARE || study->kind == BS_STUDY_PLAYERS) && arms->len == 2)
    {
      const BsStudyStats *x = arms->pdata[0], *y = arms->pdata[1];
      BsStatsDifference d;

      bs_stats_difference (2 * x->wins[0] + x->draws, x->draws, x->games,
                           2 * y->wins[0] + y->draws, y->draws, y->games, &d);
      g_print ("\n%s: %+.1f %s [%+.1f, %+.1f], p = %.3g (%s)\n",
               study->kind == BS_STUDY_PLAYERS
               ? _("Player 1’s score, B’s strength minus A’s")
               : _("Player 1’s score, B minus A"), 100 * d.difference, _("points"),
               100 * d.low, 100 * d.high, d.p_value, _("the interval’s own test"));
    }
}

gboolean
bs_cli_study_report_csv (BsStudyRunner  *runner,
                         const char     *table,
                         GError        **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autofree char *text = bs_study_report_csv (runner, table, &local_error);

  if (text == NULL)
    {
      /* Translators: %s is why the table cannot be written as CSV. */
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, _("--csv: %s"),
                   local_error->message);
      return FALSE;
    }
  g_print ("%s", text);
  return TRUE;
}
