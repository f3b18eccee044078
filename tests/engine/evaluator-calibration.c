/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The two common evaluators of the balance lab against the games' actual results
 * (docs/BALANCE.md, Evaluations: "How much stronger"): every game of each study file is
 * replayed, every position after a ply judged by both evaluators (playouts and
 * cut-playouts) with the study's own seeds, and each judgement scored against player 1's
 * points in that game (1, ½, 0): Brier score, log loss, a calibration table, and the
 * measures read from the evaluations (lead changes, decisive at) with each evaluator, and
 * the CPU time each evaluator took.
 *
 *   _build/tests/evaluator-calibration [--try K:S,search:D:S,...] STUDY.xml...
 *
 * --try adds rows for cut-playouts with other cuts K and scales S (and each of them
 * averaged with playouts, "mix"), to
 * measure the choice of BS_STUDY_EVALUATION_CUT and BS_STUDY_EVALUATION_CUT_SCALE, and
 * for alpha-beta at depths D and D + 1 squashed with scale S (bs_study_evaluate_search).
 * "to-mover" is the share of lead changes that hand the lead to the player who has
 * just moved: a judge free of mover bias reads about 50% over many games.
 *
 * The stored evaluations must be the file's evaluator's (checked on every ply). */

#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "bs-ruleset.h"
#include "bs-study.h"
#include "bs-study-stats.h"

#define N_BUCKETS 10
#define MAX_TRIES 16
/* Log loss of a judgement of 0 or 1000 that turned out wrong would be infinite: the
 * predictions are kept within half a permille of 0 and 1. */
#define LOG_LOSS_FLOOR 0.0005

typedef struct {
  guint   positions;
  double  brier;
  double  log_loss;
  guint   bucket_n[N_BUCKETS];
  double  bucket_predicted[N_BUCKETS];
  double  bucket_observed[N_BUCKETS];
  guint   lead_changes;
  guint   lead_to_mover;
  guint   decided_games;
  double  decisive_fraction;
  double  cpu_seconds;
} Tally;

typedef struct {
  const BsStudy *study;
  Tally          tally[2 * (2 + MAX_TRIES)];  /* playouts, cut-playouts, the tries; then
                                              * each averaged with playouts */
  guint          games;
  guint          mismatches;
} Run;

static const BsStudyEvaluator evaluators[2] = {
  BS_STUDY_EVALUATOR_PLAYOUTS, BS_STUDY_EVALUATOR_CUT_PLAYOUTS
};
static guint n_tries;
static guint try_cut[MAX_TRIES];
static double try_scale[MAX_TRIES];
static gboolean try_search[MAX_TRIES];

static char *
row_name (guint k)
{
  if (k < 2)
    return g_strdup (bs_study_evaluator_to_string (evaluators[k]));
  if (try_search[k - 2])
    return g_strdup_printf ("ab=%u,S=%g", try_cut[k - 2], try_scale[k - 2]);
  return g_strdup_printf ("K=%u,S=%g", try_cut[k - 2], try_scale[k - 2]);
}

static double
cpu_now (void)
{
  return (double) clock () / CLOCKS_PER_SEC;
}

static void
tally_position (Tally  *t,
                gint16  e,
                double  outcome)
{
  double p = e / 1000.0, q = CLAMP (p, LOG_LOSS_FLOOR, 1 - LOG_LOSS_FLOOR);
  int b = MIN (N_BUCKETS - 1, (int) (p * N_BUCKETS));

  t->positions++;
  t->brier += (p - outcome) * (p - outcome);
  t->log_loss -= outcome * log (q) + (1 - outcome) * log (1 - q);
  t->bucket_n[b]++;
  t->bucket_predicted[b] += p;
  t->bucket_observed[b] += outcome;
}

static gboolean
on_game (const BsStudy  *study,
         BsStudyGame   **game_ptr,
         gpointer        user_data,
         GError        **error)
{
  Run *run = user_data;
  BsStudyGame *game = *game_ptr;
  const BsRuleset *rs = bs_study_get_arm (study, game->arm)->ruleset;
  guint64 seed = bs_study_game_seed (study, game->number);
  g_autofree BsPosition *pos = bs_ruleset_new_position (rs, seed);
  g_autofree BsMove *steps = g_new (BsMove, bs_ruleset_max_turn_steps (rs) + 1);
  guint n_rows = 2 + n_tries;
  g_autofree gint16 *evals = g_new (gint16, (gsize) n_rows * (game->plies + 1));
  g_autofree guint8 *movers = g_new (guint8, game->plies + 1);
  double outcome = bs_study_game_half_points (game, 1) / 2.0;
  int winner = game->result == BS_RESULT_WIN_1 ? 1 : game->result == BS_RESULT_WIN_2 ? 2 : 0;

  if (!bs_study_evaluator_fits (rs))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                           "its game has no evaluation for cut-playouts");
      return FALSE;
    }
  run->study = study;
  run->games++;
  for (guint ply = 0; ply < game->plies; ply++)
    {
      guint n_steps = 0;

      movers[ply] = (guint8) pos->to_move;
      if (!bs_ruleset_parse_turn (rs, pos, game->moves->pdata[ply], steps, &n_steps, error))
        return FALSE;
      for (guint i = 0; i < n_steps; i++)
        bs_ruleset_apply (rs, pos, steps[i], NULL);
      for (guint k = 0; k < n_rows; k++)
        {
          guint64 eval_seed = bs_study_evaluation_seed (seed, ply);
          gint16 *e = &evals[k * (game->plies + 1) + ply];
          double start = cpu_now ();

          if (k < 2)
            *e = bs_study_evaluate_position (rs, evaluators[k], pos, eval_seed);
          else if (try_search[k - 2])
            *e = bs_study_evaluate_search (rs, pos, try_cut[k - 2], try_scale[k - 2]);
          else
            *e = bs_study_evaluate_cut_scaled (rs, pos, eval_seed,
                                               try_cut[k - 2], try_scale[k - 2]);
          run->tally[k].cpu_seconds += cpu_now () - start;
          tally_position (&run->tally[k], *e, outcome);
          if (k < 2 && evaluators[k] == study->evaluator && ply < game->evaluations->len &&
              g_array_index (game->evaluations, gint16, ply) != *e)
            run->mismatches++;
        }
    }
  for (guint k = 1; k < n_rows; k++)
    for (guint ply = 0; ply < game->plies; ply++)
      tally_position (&run->tally[n_rows + k],
                      (gint16) ((evals[ply] + evals[k * (game->plies + 1) + ply] + 1) / 2),
                      outcome);
  for (guint k = 0; k < n_rows; k++)
    {
      const gint16 *e = &evals[k * (game->plies + 1)];

      int leader = 0;

      run->tally[k].lead_changes += bs_stats_lead_changes (e, game->plies);
      /* The same lead as bs_stats_lead_changes reads, and who it passed to. */
      for (guint ply = 0; ply < game->plies; ply++)
        {
          int now = bs_stats_leader (bs_stats_paired_evaluation (e, ply));

          if (now == 0)
            continue;
          if (leader != 0 && now != leader && now == movers[ply])
            run->tally[k].lead_to_mover++;
          leader = now;
        }
      if (winner != 0 && game->plies > 0)
        {
          run->tally[k].decided_games++;
          run->tally[k].decisive_fraction +=
            (double) bs_stats_decisive_at (e, game->plies, winner) / game->plies;
        }
    }
  return TRUE;
}

static void
print_run (const char *path,
           const Run  *run)
{
  printf ("%s: %u games, %u positions, stored evaluator %s, %u stored values not replayed\n",
          path, run->games, run->tally[0].positions,
          bs_study_evaluator_to_string (run->study->evaluator), run->mismatches);
  printf ("  %-13s %8s %8s %13s %9s %12s %10s\n", "evaluator", "Brier", "log-loss",
          "lead-changes", "to-mover", "decisive-at", "CPU-s");
  for (guint k = 0; k < 2 + n_tries; k++)
    {
      const Tally *t = &run->tally[k];
      g_autofree char *name = row_name (k);

      printf ("  %-13s %8.4f %8.4f %13u %8.1f%% %11.1f%% %10.2f\n",
              name, t->brier / t->positions,
              t->log_loss / t->positions, t->lead_changes,
              t->lead_changes > 0 ? 100.0 * t->lead_to_mover / t->lead_changes : 0,
              t->decided_games > 0 ? 100 * t->decisive_fraction / t->decided_games : 0,
              t->cpu_seconds);
    }
  for (guint k = 1; k < 2 + n_tries; k++)
    {
      const Tally *t = &run->tally[2 + n_tries + k];
      g_autofree char *name = row_name (k);

      printf ("  mix %-13s %8.4f %8.4f\n", name, t->brier / t->positions,
              t->log_loss / t->positions);
    }
  printf ("  calibration (bucket: positions, mean predicted, observed score):\n");
  for (int b = 0; b < N_BUCKETS; b++)
    {
      printf ("    %3d-%3d%%", 10 * b, 10 * (b + 1));
      for (int k = 0; k < 2; k++)
        {
          const Tally *t = &run->tally[k];

          if (t->bucket_n[b] == 0)
            printf ("   | %-13s %5u", bs_study_evaluator_to_string (evaluators[k]), 0u);
          else
            printf ("   | %-13s %5u %5.1f%% %5.1f%%", bs_study_evaluator_to_string (evaluators[k]),
                    t->bucket_n[b], 100 * t->bucket_predicted[b] / t->bucket_n[b],
                    100 * t->bucket_observed[b] / t->bucket_n[b]);
        }
      printf ("\n");
    }
}

int
main (int    argc,
      char **argv)
{
  int first = 1;

  if (argc > 2 && g_str_equal (argv[1], "--try"))
    {
      g_auto(GStrv) items = g_strsplit (argv[2], ",", -1);

      for (guint i = 0; items[i] != NULL && n_tries < MAX_TRIES; i++)
        {
          try_search[n_tries] = g_str_has_prefix (items[i], "search:");
          if (sscanf (items[i] + (try_search[n_tries] ? strlen ("search:") : 0), "%u:%lf",
                      &try_cut[n_tries], &try_scale[n_tries]) == 2 &&
              try_scale[n_tries] > 0 && (!try_search[n_tries] || try_cut[n_tries] >= 1))
            n_tries++;
        }
      first = 3;
    }
  if (argc <= first)
    {
      fprintf (stderr, "usage: %s [--try K:S,search:D:S,...] STUDY.xml...\n", argv[0]);
      return 2;
    }
  Run all = { 0 };

  for (int i = first; i < argc; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(BsStudy) study = NULL;
      Run run = { 0 };

      study = bs_study_load_file (argv[i], on_game, &run, &error);
      if (study == NULL)
        {
          fprintf (stderr, "%s\n", error->message);
          return 1;
        }
      run.study = study;
      print_run (argv[i], &run);
      /* All the files pooled, position by position. */
      all.study = study;
      all.games += run.games;
      all.mismatches += run.mismatches;
      for (guint k = 0; k < G_N_ELEMENTS (run.tally); k++)
        {
          Tally *t = &all.tally[k];
          const Tally *r = &run.tally[k];

          t->positions += r->positions;
          t->brier += r->brier;
          t->log_loss += r->log_loss;
          for (int b = 0; b < N_BUCKETS; b++)
            {
              t->bucket_n[b] += r->bucket_n[b];
              t->bucket_predicted[b] += r->bucket_predicted[b];
              t->bucket_observed[b] += r->bucket_observed[b];
            }
          t->lead_changes += r->lead_changes;
          t->lead_to_mover += r->lead_to_mover;
          t->decided_games += r->decided_games;
          t->decisive_fraction += r->decisive_fraction;
          t->cpu_seconds += r->cpu_seconds;
        }
    }
  if (argc - first > 1)
    print_run ("all files pooled (stored evaluator: the last file's)", &all);
  return 0;
}
