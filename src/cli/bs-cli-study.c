/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-cli"

#include "config.h"

#include <stdio.h>
#include <string.h>
#include <glib/gi18n.h>

#include "bs-cli-common.h"
#include "bs-cli-study-report.h"
#include "bs-error.h"
#include "bs-study-runner.h"

/* study VARIANT [--games N | --margin M] [--white L] [--black L]
 *       [--sweep KEY=A..B[:STEP] | --vs OTHER] [--jobs N] [--shard I/N]
 *       [--seed S] [--set K=V] [-o FILE]
 * study --resume FILE [--games N] [--jobs N]
 * Plays a balance study (docs/BALANCE.md) and prints its report. With -o
 * the games are kept in FILE (and its journal while running): Ctrl+C or a
 * crash loses no finished game, and the same command (or --resume FILE)
 * goes on where it stopped; --resume FILE --games N extends a study to N
 * games a variant. */

#define STUDY_DEFAULT_GAMES 200
#define STUDY_MARGIN_CAP    100000

typedef struct {
  BsCliProgress  base;
  gint64         started_us;
  guint          done_at_start;
} ProgressLine;

static void
print_progress (BsCliProgress *progress,
                gint64         now,
                guint          done,
                guint          total)
{
  ProgressLine *line = (ProgressLine *) progress;

  if (done > line->done_at_start && now > line->started_us)
    {
      double rate = (done - line->done_at_start) * 1e6 / (now - line->started_us);
      double eta = rate > 0 ? (total - done) / rate : 0;

      g_printerr ("%s %u/%u, %.1f %s, %s %.0f s", _("games"), done, total, rate, _("games/s"),
                  _("about"), eta);
    }
  else
    g_printerr ("%s %u/%u", _("games"), done, total);
}

/* LEVEL_A:LEVEL_B, split at the first colon that leaves two players (a player may hold a
 * colon: ab:depth=2). */
static gboolean
split_players (const char  *text,
               char       **a,
               char       **b,
               GError     **error)
{
  for (const char *colon = strchr (text, ':'); colon != NULL; colon = strchr (colon + 1, ':'))
    {
      g_autofree char *first = g_strndup (text, (gsize) (colon - text));

      if (bs_cli_check_study_player ("--compare-players", first, NULL) &&
          bs_cli_check_study_player ("--compare-players", colon + 1, NULL))
        {
          *a = g_steal_pointer (&first);
          *b = g_strdup (colon + 1);
          return TRUE;
        }
    }
  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
               _("--compare-players: \"%s\" is not LEVEL_A:LEVEL_B (medium:hard)"), text);
  return FALSE;
}

int
bs_cli_study (int    argc,
              char **argv)
{
  static char *games_text, *margin_text, *fair_margin_text, *jobs_text;
  static char *white_text, *black_text, *sweep_text, *vs_text, *shard_text, *output, *resume;
  static char *players_text;
  static const GOptionEntry extra[] = {
    { "games", 0, 0, G_OPTION_ARG_STRING, &games_text,
      N_("Games per variant (default 200; with --margin, the most an arm may play)"), N_("N") },
    { "margin", 0, 0, G_OPTION_ARG_STRING, &margin_text,
      /* xgettext:no-c-format */
      N_("Play until the anytime-valid 95% interval (a confidence sequence) of player 1's score "
         "is within ± this (0.03 = 3 points), checked every 20 games"),
      N_("M") },
    { "fair-margin", 0, 0, G_OPTION_ARG_STRING, &fair_margin_text,
      /* xgettext:no-c-format */
      N_("Call player 1's score fair when its whole 95% interval lies within 50 ± this many "
         "points (default 3; not --margin, which says when to stop)"), N_("POINTS") },
    { "white", 0, 0, G_OPTION_ARG_STRING, &white_text,
      N_("Player A (seat 1 in even games): random, easy, medium, hard, a playout count, a "
         "time (500ms), mcts:LEVEL or alpha-beta (ab:depth=N); default easy"), N_("LEVEL") },
    { "black", 0, 0, G_OPTION_ARG_STRING, &black_text,
      N_("Player B (seat 2 in even games; seats swap in odd games when A and B differ); "
         "default: the same as A"), N_("LEVEL") },
    { "sweep", 0, 0, G_OPTION_ARG_STRING, &sweep_text,
      N_("Vary one setting (a --set key: supply.P.KIND, size, width, height, a rule option) "
         "over A..B, A..B:STEP or a list x,y,z"), N_("KEY=RANGE") },
    { "vs", 0, 0, G_OPTION_ARG_FILENAME, &vs_text,
      N_("Compare with another variant (A/B): the difference in player 1's score"),
      N_("OTHER") },
    { "compare-players", 0, 0, G_OPTION_ARG_STRING, &players_text,
      N_("Compare two strengths on the variant (A/B players): arm A is LEVEL_A against "
         "itself, arm B LEVEL_B against itself; the difference in player 1's score"),
      N_("LEVEL_A:LEVEL_B") },
    { "jobs", 'j', 0, G_OPTION_ARG_STRING, &jobs_text,
      N_("Worker threads (default: one per core)"), N_("N") },
    { "shard", 0, 0, G_OPTION_ARG_STRING, &shard_text,
      N_("Play only games n with n mod N = I (merge the shards with `merge`)"), N_("I/N") },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_("Keep the games in this study file (an existing one of the same study is resumed)"),
      N_("FILE") },
    { "resume", 0, 0, G_OPTION_ARG_FILENAME, &resume,
      N_("Go on with the study in FILE, as it was set up (after Ctrl+C or a crash); with "
         "--games N, extend it to N games a variant"), N_("FILE") },
    { NULL }
  };
  static const BsCliSpec spec = {
    "study", N_("[VARIANT]"),
    /* xgettext:no-c-format */
    N_("Play many games computer against computer and report balance: player 1's score "
       "with its 95% interval, lengths, endings, branching, evaluations and openings; "
       "sweep a setting to find the fairest value, or compare two variants."),
    BS_CLI_OPT_SET | BS_CLI_OPT_SEED, 0, 1, extra,
  };
  g_autoptr(BsStudyRunner) runner = NULL;
  GError *error = NULL;
  BsCliOptions options;
  ProgressLine line = { 0 };
  gboolean ok;
  g_autofree char *players_a = NULL, *players_b = NULL;
  guint games = 0, jobs = 0;
  double margin = 0, fair_points = 100 * BS_STUDY_FAIR_MARGIN;

  g_clear_pointer (&games_text, g_free);
  g_clear_pointer (&margin_text, g_free);
  g_clear_pointer (&fair_margin_text, g_free);
  g_clear_pointer (&jobs_text, g_free);
  g_clear_pointer (&white_text, g_free);
  g_clear_pointer (&black_text, g_free);
  g_clear_pointer (&sweep_text, g_free);
  g_clear_pointer (&vs_text, g_free);
  g_clear_pointer (&shard_text, g_free);
  g_clear_pointer (&output, g_free);
  g_clear_pointer (&resume, g_free);
  g_clear_pointer (&players_text, g_free);
  if (!bs_cli_parse (&spec, argc, argv, &options))
    return BS_CLI_EXIT_BAD_INPUT;

  /* Every value first, as every command reads it (bs-cli-common.h). */
  if (games_text != NULL)
    bs_cli_parse_uint ("--games", games_text, 1, BS_CLI_MAX_GAMES, &games, &error);
  if (error == NULL && margin_text != NULL)
    bs_cli_parse_real ("--margin", margin_text, 0, 0.5, BS_CLI_RANGE_OPEN, &margin, &error);
  if (error == NULL && fair_margin_text != NULL)
    bs_cli_parse_real ("--fair-margin", fair_margin_text, 0, 50, BS_CLI_RANGE_OPEN, &fair_points,
                       &error);
  if (error == NULL && jobs_text != NULL)
    bs_cli_parse_uint ("--jobs", jobs_text, 1, 1024, &jobs, &error);
  if (error == NULL && white_text != NULL)
    bs_cli_check_study_player ("--white", white_text, &error);
  if (error == NULL && black_text != NULL)
    bs_cli_check_study_player ("--black", black_text, &error);
  if (error == NULL && players_text != NULL)
    split_players (players_text, &players_a, &players_b, &error);

  if (error != NULL)
    ;
  else if (resume != NULL)
    {
      if (options.n_args > 0 || sweep_text != NULL || vs_text != NULL || white_text != NULL ||
          players_text != NULL ||
          black_text != NULL || margin_text != NULL || shard_text != NULL ||
          options.sets != NULL || options.seed_given || output != NULL)
        g_set_error (&error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                     _("--resume takes the study as it was set up: only --jobs, --games "
                     "(more games) and --fair-margin may be given with it"));
      else
        runner = bs_study_runner_open (resume, NULL, &error);
      if (runner != NULL && games > 0)
        bs_study_runner_set_games (runner, games);
    }
  else if (options.n_args < 1)
    g_set_error (&error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                 _("a VARIANT (or --resume FILE) is needed"));
  else if (margin > 0 && shard_text != NULL)
    g_set_error (&error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                 _("--margin decides when to stop from all the games so far, which shards "
                 "cannot see: give shards a number of --games"));
  else if (sweep_text != NULL && vs_text != NULL)
    g_set_error (&error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                 _("--sweep and --vs: one study does one or the other"));
  else if (players_text != NULL &&
           (sweep_text != NULL || vs_text != NULL || white_text != NULL || black_text != NULL))
    g_set_error (&error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                 _("--compare-players sets both arms' players: not with --sweep, --vs, --white "
                 "or --black"));
  else
    {
      g_autoptr(BsVariant) variant = bs_cli_load_variant (options.args[0],
                                                          (const char * const *) options.sets,
                                                          &error);
      g_autoptr(BsStudy) study = NULL;
      BsStudyKind kind = sweep_text != NULL ? BS_STUDY_SWEEP
                         : vs_text != NULL ? BS_STUDY_COMPARE
                         : players_text != NULL ? BS_STUDY_PLAYERS : BS_STUDY_SINGLE;
      const char *level_a = players_a != NULL ? players_a
                            : white_text != NULL ? white_text : "easy";
      const char *level_b = players_b != NULL ? players_b
                            : black_text != NULL ? black_text : level_a;

      if (variant != NULL)
        {
          study = bs_study_new (kind, options.seed, level_a, level_b, &error);
          if (study == NULL)
            g_prefix_error (&error, "%s: ", white_text != NULL && black_text != NULL
                                            ? "--white/--black" : "--white");
        }
      if (study != NULL)
        {
          char rounded[G_ASCII_DTOSTR_BUF_SIZE];

          /* As the file will say it, so that a resumed study matches. */
          study->margin = margin > 0
                          ? g_ascii_strtod (g_ascii_formatd (rounded, sizeof rounded, "%.6g",
                                                             margin), NULL)
                          : 0;
          study->games = games > 0 ? games
                         : margin > 0 ? STUDY_MARGIN_CAP : STUDY_DEFAULT_GAMES;
          if (shard_text != NULL &&
              !bs_cli_parse_shard ("--shard", shard_text, &study->shard_index,
                                   &study->shard_count, &error))
            g_clear_pointer (&study, bs_study_unref);
        }
      if (study != NULL && kind == BS_STUDY_SWEEP)
        {
          char *equals = strchr (sweep_text, '=');

          if (equals == NULL)
            g_set_error (&error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                         _("--sweep: \"%s\" is not KEY=RANGE"), sweep_text);
          else
            {
              g_autofree char *key = g_strndup (sweep_text, (gsize) (equals - sweep_text));
              bs_study_add_sweep (study, variant, key, equals + 1, &error);
            }
        }
      else if (study != NULL && kind == BS_STUDY_COMPARE)
        {
          g_autoptr(BsVariant) other = bs_cli_load_variant (vs_text,
                                                            (const char * const *) options.sets,
                                                            &error);
          if (other != NULL)
            {
              bs_study_add_arm (study, variant, "A");
              bs_study_add_arm (study, other, "B");
            }
        }
      else if (study != NULL && kind == BS_STUDY_PLAYERS)
        {
          bs_study_add_arm (study, variant, "A");
          bs_study_add_arm (study, variant, "B");
        }
      else if (study != NULL)
        bs_study_add_arm (study, variant, NULL);

      if (error == NULL && study != NULL)
        {
          /* An existing file of the same study is resumed. */
          g_autoptr(GError) local = NULL;
          guint held = 0;

          runner = bs_study_runner_open_expected (study, output, BS_STUDY_GAMES_EXACT, &held,
                                                  NULL, &local);
          /* More games of the same study: that is what --resume is for. */
          if (runner == NULL && held != 0 && study->games > held)
            g_set_error (&error, G_FILE_ERROR, G_FILE_ERROR_EXIST,
                         _("%s holds this study with %u games a variant; to play up to %u, go "
                           "on with it: boardsmith-cli study --resume %s --games %u"),
                         output, held, study->games, output, study->games);
          else if (runner == NULL && g_error_matches (local, BS_STUDY_ERROR,
                                                      BS_STUDY_ERROR_MISMATCH))
            /* Translators: the first %s is a file, the second why it is another study. */
            g_set_error (&error, G_FILE_ERROR, G_FILE_ERROR_EXIST,
                         _("%s exists and is not this study (%s): remove it or choose "
                           "another name"), output, local->message);
          else if (runner == NULL)
            g_propagate_error (&error, g_steal_pointer (&local));
        }
    }
  if (error != NULL)
    {
      bs_cli_options_clear (&options);
      return bs_cli_fail (error);
    }

  bs_cli_progress_init (&line.base, print_progress);
  line.started_us = g_get_monotonic_time ();
  bs_study_runner_get_progress (runner, &line.done_at_start, NULL);
  ok = bs_cli_run_study (runner, jobs, NULL, "study", &line.base, &error);

  if (!ok && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      guint done, total;

      bs_study_runner_get_progress (runner, &done, &total);
      g_clear_error (&error);
      if (bs_study_runner_get_path (runner) != NULL)
        g_printerr (_("Stopped after %u of %u games; %s keeps them: run the same command (or "
                      "--resume %s) to go on.\n"), done, total, bs_study_runner_get_path (runner),
                    bs_study_runner_get_path (runner));
      else
        g_printerr (_("Stopped after %u of %u games.\n"), done, total);
      bs_cli_options_clear (&options);
      return 130;
    }
  if (!ok)
    {
      bs_cli_options_clear (&options);
      return bs_cli_fail (error);
    }
  bs_study_runner_get_study (runner)->fair_margin = fair_points / 100;
  bs_cli_study_report_print (runner, options.json);
  bs_cli_options_clear (&options);
  return BS_CLI_EXIT_OK;
}
