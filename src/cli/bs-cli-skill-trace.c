/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-cli"

#include "config.h"

#include <stdio.h>
#include <glib/gi18n.h>

#include "bs-chart.h"
#include "bs-cli-common.h"
#include "bs-skill-trace.h"
#include "bs-study-runner.h"

/* skill-trace VARIANT [--levels L1,L2,…] [--games N] [--seed S] [--jobs N]
 *             [--chart FILE [--theme T] [--size N]] [-o FILE] [--set K=V] [--json]
 * Player 1's score when both players play at the same level, for each level in
 * order (weakest first), and the Cochran–Armitage test of a trend across them
 * (docs/BALANCE.md, Skill trace). Each level is an ordinary study of one variant
 * with both players at that level (so no seats are swapped and player 1 is always
 * the variant's first player), played by the study runner: seeded, reproducible
 * for playout budgets, and with -o FILE kept in one study file a level,
 * FILE-LEVEL.EXT, which `report` reads and a second run resumes or extends. */

#define TRACE_DEFAULT_LEVELS "random,easy,medium"
#define TRACE_DEFAULT_GAMES  100
#define TRACE_MAX_LEVELS     16

typedef struct {
  BsCliProgress  base;
  guint          level;
  guint          n_levels;
  const char    *label;
} ProgressLine;

static void
print_progress (BsCliProgress *progress,
                gint64         now,
                guint          done,
                guint          total)
{
  ProgressLine *line = (ProgressLine *) progress;

  /* Translators: the progress line of skill-trace on a terminal: "Level 2 of 3 (Easy):
   * game 40 of 100". */
  g_printerr (_("Level %u of %u (%s): game %u of %u"), line->level, line->n_levels,
              line->label, done, total);
}

static void
add_level_json (JsonBuilder             *b,
                const BsSkillTraceLevel *l,
                const char              *file)
{
  json_builder_begin_object (b);
  bs_cli_json_string (b, "level", l->level);
  bs_cli_json_string (b, "label", l->label);
  json_builder_set_member_name (b, "games");
  json_builder_add_int_value (b, l->games);
  json_builder_set_member_name (b, "player1_wins");
  json_builder_add_int_value (b, l->wins[0]);
  json_builder_set_member_name (b, "player2_wins");
  json_builder_add_int_value (b, l->wins[1]);
  json_builder_set_member_name (b, "draws");
  json_builder_add_int_value (b, l->draws);
  json_builder_set_member_name (b, "player1_score");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "score");
  json_builder_add_double_value (b, l->score.score);
  json_builder_set_member_name (b, "low");
  json_builder_add_double_value (b, l->score.low);
  json_builder_set_member_name (b, "high");
  json_builder_add_double_value (b, l->score.high);
  json_builder_set_member_name (b, "p_value");
  json_builder_add_double_value (b, l->score.p_value);
  json_builder_set_member_name (b, "effective_games");
  json_builder_add_double_value (b, l->score.n_effective);
  json_builder_end_object (b);
  json_builder_set_member_name (b, "mean_plies");
  json_builder_add_double_value (b, l->mean_plies);
  bs_cli_json_string (b, "file", file);
  json_builder_end_object (b);
}

static void
print_json (const BsSkillTrace *trace,
            const char         *variant_id,
            guint               games,
            GPtrArray          *files)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autofree char *verdict = bs_skill_trend_describe (&trace->trend);

  json_builder_begin_object (b);
  bs_cli_json_string (b, "variant", variant_id);
  bs_cli_json_string (b, "name", trace->variant);
  json_builder_set_member_name (b, "seed");
  json_builder_add_int_value (b, (gint64) trace->seed);
  json_builder_set_member_name (b, "games");
  json_builder_add_int_value (b, games);
  json_builder_set_member_name (b, "levels");
  json_builder_begin_array (b);
  for (guint i = 0; i < bs_skill_trace_n_levels (trace); i++)
    add_level_json (b, bs_skill_trace_get_level (trace, i), g_ptr_array_index (files, i));
  json_builder_end_array (b);
  json_builder_set_member_name (b, "trend");
  json_builder_begin_object (b);
  bs_cli_json_string (b, "test", "cochran-armitage");
  json_builder_set_member_name (b, "slope");
  json_builder_add_double_value (b, trace->trend.slope);
  json_builder_set_member_name (b, "z");
  json_builder_add_double_value (b, trace->trend.z);
  json_builder_set_member_name (b, "p_value");
  json_builder_add_double_value (b, trace->trend.p_value);
  bs_cli_json_string (b, "direction", bs_skill_trend_direction_id (trace->trend.direction));
  json_builder_set_member_name (b, "levels");
  json_builder_add_int_value (b, trace->trend.levels);
  json_builder_set_member_name (b, "games");
  json_builder_add_int_value (b, trace->trend.games);
  bs_cli_json_string (b, "verdict", verdict);
  json_builder_end_object (b);
  json_builder_end_object (b);
  bs_cli_print_builder (b);
}

static void
print_text (const BsSkillTrace *trace,
            guint               games,
            GPtrArray          *files)
{
  g_autofree char *verdict = bs_skill_trend_describe (&trace->trend);
  guint width = 5;

  /* Translators: the first line of skill-trace: "Skill trace of My Game: 100 games
   * a level, seed 1, both players at each level (player 1 moves first)". */
  g_print (_("Skill trace of %s: %u games a level, seed %llu, both players at each level "
             "(player 1 moves first)\n"), trace->variant, games,
           (unsigned long long) trace->seed);
  for (guint i = 0; i < bs_skill_trace_n_levels (trace); i++)
    width = MAX (width, (guint) g_utf8_strlen (bs_skill_trace_get_level (trace, i)->label, -1));
  /* Translators: the columns of skill-trace's table; keep them short. */
  g_print ("\n%-*s  %6s  %7s  %7s  %6s  %8s  %-14s  %6s\n", (int) width, _("level"), _("games"),
           _("P1 wins"), _("P2 wins"), _("draws"), _("P1 score"),
           /* xgettext:no-c-format */
           _("95% interval"), _("plies"));
  for (guint i = 0; i < bs_skill_trace_n_levels (trace); i++)
    {
      const BsSkillTraceLevel *l = bs_skill_trace_get_level (trace, i);
      g_autofree char *interval = g_strdup_printf ("[%.1f, %.1f]", 100 * l->score.low,
                                                   100 * l->score.high);
      int pad = (int) width - (int) g_utf8_strlen (l->label, -1);

      g_print ("%s%*s  %6u  %7u  %7u  %6u  %7.1f%%  %-14s  %6.1f\n", l->label, pad, "",
               l->games, l->wins[0], l->wins[1], l->draws, 100 * l->score.score, interval,
               l->mean_plies);
    }
  g_print ("\n%s\n", verdict);
  if (trace->trend.direction != BS_SKILL_TREND_UNKNOWN)
    /* Translators: the trend test's figures under its verdict. */
    g_print (_("(Cochran–Armitage trend test, draws counted ½: z = %.2f over %u levels and %u "
               "games.)\n"), trace->trend.z, trace->trend.levels, trace->trend.games);
  for (guint i = 0; i < files->len; i++)
    if (g_ptr_array_index (files, i) != NULL)
      {
        if (i == 0)
          g_print ("\n");
        /* Translators: "Easy: study file trace-easy.xml" (boardsmith-cli report reads it). */
        g_print (_("%s: study file %s\n"), bs_skill_trace_get_level (trace, i)->label,
                 (const char *) g_ptr_array_index (files, i));
      }
}

int
bs_cli_skill_trace (int    argc,
                    char **argv)
{
  static char *levels_text, *games_text, *jobs_text, *chart, *theme, *size_text, *output;
  static const GOptionEntry extra[] = {
    { "levels", 0, 0, G_OPTION_ARG_STRING, &levels_text,
      N_("The levels, weakest first, separated by commas: random, easy, medium, hard, a "
         "playout count or a time (2000ms); default random,easy,medium"), N_("L1,L2,…") },
    { "games", 0, 0, G_OPTION_ARG_STRING, &games_text,
      N_("Games at each level (default 100)"), N_("N") },
    { "jobs", 'j', 0, G_OPTION_ARG_STRING, &jobs_text,
      N_("Worker threads (default: one per core)"), N_("N") },
    { "chart", 0, 0, G_OPTION_ARG_FILENAME, &chart,
      N_("Draw player 1's score by level into FILE (.png, .svg or .pdf)"), N_("FILE") },
    { "theme", 0, 0, G_OPTION_ARG_STRING, &theme,
      N_("The chart's theme: light (default) or dark"), N_("THEME") },
    { "size", 0, 0, G_OPTION_ARG_STRING, &size_text,
      N_("The chart's width in pixels or points (default 800)"), N_("N") },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_("Keep each level's games in a study file FILE-LEVEL (trace.xml: trace-easy.xml, …); "
         "existing ones of the same study are resumed or extended"), N_("FILE") },
    { NULL }
  };
  static const BsCliSpec spec = {
    "skill-trace", N_("VARIANT"),
    N_("Player 1's score with both players at each of several levels, weakest first, and "
       "whether it rises or falls with skill (a Cochran–Armitage trend test)."),
    BS_CLI_OPT_SET | BS_CLI_OPT_SEED, 1, 1, extra,
  };
  g_autoptr(GCancellable) cancellable = NULL;
  g_autoptr(BsVariant) variant = NULL;
  g_autoptr(BsSkillTrace) trace = NULL;
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  g_auto(GStrv) levels = NULL;
  GError *error = NULL;
  BsCliOptions options;
  BsChartOptions chart_options;
  ProgressLine line = { 0 };
  guint games = TRACE_DEFAULT_GAMES, jobs = 0, size = 800, n_levels;
  int status = BS_CLI_EXIT_OK;

  g_clear_pointer (&levels_text, g_free);
  g_clear_pointer (&games_text, g_free);
  g_clear_pointer (&jobs_text, g_free);
  g_clear_pointer (&chart, g_free);
  g_clear_pointer (&theme, g_free);
  g_clear_pointer (&size_text, g_free);
  g_clear_pointer (&output, g_free);
  if (!bs_cli_parse (&spec, argc, argv, &options))
    return BS_CLI_EXIT_BAD_INPUT;

  bs_chart_options_init (&chart_options);
  /* Every value first, as every command reads it (bs-cli-common.h). */
  if (games_text != NULL)
    bs_cli_parse_uint ("--games", games_text, 1, BS_CLI_MAX_GAMES, &games, &error);
  if (error == NULL && jobs_text != NULL)
    bs_cli_parse_uint ("--jobs", jobs_text, 1, 1024, &jobs, &error);
  if (error == NULL && size_text != NULL)
    bs_cli_parse_uint ("--size", size_text, 200, 10000, &size, &error);
  if (error == NULL && theme != NULL && !bs_chart_theme_from_string (theme, &chart_options.dark))
    g_set_error (&error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                 _("--theme: \"%s\" is not light or dark"), theme);
  if (error == NULL)
    {
      levels = g_strsplit (levels_text != NULL ? levels_text : TRACE_DEFAULT_LEVELS, ",", -1);
      n_levels = g_strv_length (levels);
      for (guint i = 0; i < n_levels && error == NULL; i++)
        {
          if (bs_cli_check_level ("--levels", levels[i], TRUE, &error))
            for (guint j = 0; j < i && error == NULL; j++)
              if (g_ascii_strcasecmp (levels[i], levels[j]) == 0)
                g_set_error (&error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                             _("--levels: \"%s\" is given twice"), levels[i]);
        }
      if (error == NULL && (n_levels < 2 || n_levels > TRACE_MAX_LEVELS))
        g_set_error (&error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                     _("--levels: \"%s\" gives %u levels; a trace takes 2 to %u"),
                     levels_text, n_levels, TRACE_MAX_LEVELS);
    }
  if (error == NULL)
    variant = bs_cli_load_variant (options.args[0], (const char * const *) options.sets, &error);
  if (error != NULL)
    {
      bs_cli_options_clear (&options);
      return bs_cli_fail (error);
    }
  chart_options.width = (int) size;

  trace = bs_skill_trace_new (bs_variant_display_name (variant), options.seed);
  /* Ctrl+C stops the trace, between levels too. */
  cancellable = g_cancellable_new ();
  bs_cli_watch_interrupt (cancellable);
  bs_cli_progress_init (&line.base, print_progress);
  line.n_levels = n_levels;

  for (guint i = 0; i < n_levels && status == BS_CLI_EXIT_OK; i++)
    {
      g_autoptr(BsStudyRunner) runner = NULL;
      g_autoptr(BsStudyStats) stats = NULL;
      g_autofree char *label = NULL;
      g_autofree char *path = NULL;

      /* The level's study as the app's Skill Trace… plays it (bs-skill-trace.h). */
      path = output != NULL ? bs_skill_trace_level_path (output, levels[i]) : NULL;
      runner = bs_skill_trace_open_level (variant, levels[i], options.seed, games, path, &label,
                                          &error);
      if (runner != NULL)
        {
          line.level = i + 1;
          line.label = label;
          bs_cli_run_study (runner, jobs, cancellable, "skill-trace", &line.base, &error);
        }
      if (error != NULL && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          guint done, total;

          bs_study_runner_get_progress (runner, &done, &total);
          if (path != NULL)
            /* Translators: skill-trace stopped by Ctrl+C: "Stopped at level Easy after 40 of
             * 100 games; trace-easy.xml keeps them: run the same command to go on." */
            g_printerr (_("Stopped at level %s after %u of %u games; %s keeps them: run the "
                          "same command to go on.\n"), label, done, total, path);
          else
            g_printerr (_("Stopped at level %s after %u of %u games.\n"), label, done, total);
          g_clear_error (&error);
          status = 130;
        }
      else if (error != NULL)
        status = bs_cli_fail (g_steal_pointer (&error));
      else
        {
          stats = bs_study_runner_get_stats (runner, 0);
          bs_skill_trace_add_stats (trace, levels[i], label, stats);
          g_ptr_array_add (files, g_steal_pointer (&path));
        }
    }
  bs_cli_unwatch_interrupt ();

  if (status == BS_CLI_EXIT_OK && chart != NULL &&
      !bs_chart_export_skill_trace (trace, &chart_options, chart, &error))
    status = bs_cli_fail (error);
  if (status == BS_CLI_EXIT_OK && options.json)
    print_json (trace, variant->id, games, files);
  else if (status == BS_CLI_EXIT_OK)
    print_text (trace, games, files);
  bs_cli_options_clear (&options);
  return status;
}
