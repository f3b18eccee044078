/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-cli"

#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "bs-chart.h"
#include "bs-cli-common.h"
#include "bs-design-search.h"
#include "bs-error.h"
#include "bs-file.h"
#include "bs-study-runner.h"

/* search VARIANT --vary KEY=RANGE [--vary …] --goal GOAL [--goal …] [--white L] [--black L]
 *        [--games-per-round N] [--max-rounds R] [--schedule constant|doubling] [--seed S]
 *        [--set K=V] -o DIR
 *        [--shard I/N | --merge] [--jobs N]
 * search --resume -o DIR [--shard I/N | --merge] [--jobs N]
 * Races the candidate settings (docs/BALANCE.md, Searching the design space): each round is
 * a study in DIR (round-R.xml), the search's own settings are DIR/search.ini. The same
 * command, or --resume, goes on where a run stopped; --shard plays one shard of the
 * current round (round-R.shard-I-of-N.xml) and stops; --merge merges the current round's
 * shards, counts the round and stops. */

#define SEARCH_DEFAULT_GAMES  100
#define SEARCH_DEFAULT_ROUNDS 10
#define SEARCH_GROUP          BS_DESIGN_SEARCH_SETTINGS_GROUP

typedef struct {
  BsCliProgress  base;
  guint          round;
  guint          candidates;
} ProgressLine;

static void
print_progress (BsCliProgress *progress,
                gint64         now,
                guint          done,
                guint          total)
{
  ProgressLine *line = (ProgressLine *) progress;

  /* Translators: the progress line of a search: the round, games played of the round's, and
   * the candidates still in the running. */
  g_printerr (_("round %u: games %u/%u, %u candidates in the running"), line->round, done,
              total, line->candidates);
}

static void
print_evidence (const BsDesignGoal     *goal,
                const BsDesignEvidence *evidence)
{
  switch (goal->kind)
    {
    case BS_DESIGN_GOAL_FAIR:
      g_print (_("player 1 scores %.1f%% [%.1f, %.1f]"), 100 * evidence->value,
               100 * evidence->low, 100 * evidence->high);
      break;
    case BS_DESIGN_GOAL_DRAWS_BELOW:
      g_print (_("draws %.1f%% [%.1f, %.1f]"), 100 * evidence->value, 100 * evidence->low,
               100 * evidence->high);
      break;
    case BS_DESIGN_GOAL_LEAD_CHANGES:
      if (isfinite (evidence->high))
        g_print (_("%.2f lead changes a game [%.2f, %.2f]"), evidence->value, evidence->low,
                 evidence->high);
      else
        g_print (_("%.2f lead changes a game"), evidence->value);
      break;
    case BS_DESIGN_GOAL_LENGTH:
    default:
      if (isfinite (evidence->high))
        g_print (_("%.1f plies [%.1f, %.1f]"), evidence->value, evidence->low, evidence->high);
      else
        g_print (_("%.1f plies"), evidence->value);
      break;
    }
}

static void
print_candidates (const BsDesignSearch *search,
                  BsDesignVerdict       verdict,
                  const char           *title)
{
  guint count = 0;

  for (guint i = 0; i < search->candidates->len; i++)
    count += ((BsDesignCandidate *) g_ptr_array_index (search->candidates, i))->verdict
             == verdict;
  if (count == 0 && verdict != BS_DESIGN_MEETS)
    return;
  g_print ("\n%s (%u)\n", title, count);
  for (guint i = 0; i < search->candidates->len; i++)
    {
      const BsDesignCandidate *candidate = g_ptr_array_index (search->candidates, i);

      if (candidate->verdict != verdict)
        continue;
      g_print ("  %s: ", candidate->label);
      if (verdict == BS_DESIGN_FAILS)
        {
          g_autofree char *goal = bs_design_goal_to_string (&search->goals[candidate->failed_goal]);

          /* Translators: why a candidate was eliminated: the round, the goal it cannot meet
           * ("fair:3"), then its evidence. */
          g_print (_("round %u, out of reach of %s: "), candidate->round, goal);
          print_evidence (&search->goals[candidate->failed_goal],
                          &candidate->evidence[candidate->failed_goal]);
        }
      else
        for (guint g = 0; g < search->n_goals; g++)
          {
            if (g > 0)
              g_print ("; ");
            print_evidence (&search->goals[g], &candidate->evidence[g]);
          }
      g_print (_(", %u games"), candidate->tally.games);
      if (verdict == BS_DESIGN_MEETS)
        g_print (_(", decided in round %u"), candidate->round);
      g_print ("\n");
    }
}

/* When no setting meets every goal of two or more, the goals conflict: the designer
 * chooses among the best trade-offs. */
static void
print_pareto (const BsDesignSearch *search)
{
  g_autofree gboolean *front = g_new0 (gboolean, MAX (1, search->candidates->len));
  guint count;

  if (search->n_goals < 2)
    return;
  for (guint i = 0; i < search->candidates->len; i++)
    if (((BsDesignCandidate *) search->candidates->pdata[i])->verdict == BS_DESIGN_MEETS)
      return;
  count = bs_design_search_pareto (search, front);
  g_print ("\n%s (%u)\n", _("No setting meets every goal; the best trade-offs, by their "
                            "figures (no other setting is as near every goal and nearer one)"),
           count);
  for (guint i = 0; i < search->candidates->len; i++)
    {
      const BsDesignCandidate *candidate = search->candidates->pdata[i];

      if (!front[i])
        continue;
      g_print ("  %s: ", candidate->label);
      for (guint g = 0; g < search->n_goals; g++)
        {
          if (g > 0)
            g_print ("; ");
          print_evidence (&search->goals[g], &candidate->evidence[g]);
        }
      g_print ("\n");
    }
}

static void
print_text (const BsDesignSearch *search,
            const BsVariant      *base)
{
  g_autoptr(GString) goals = g_string_new (NULL);
  guint64 total = bs_design_search_total_games (search);
  guint64 grid = bs_design_search_grid_games (search);
  g_autofree char *played = NULL, *full = NULL;

  for (guint g = 0; g < search->n_goals; g++)
    {
      g_autofree char *goal = bs_design_goal_to_string (&search->goals[g]);
      g_string_append_printf (goals, "%s%s", g > 0 ? ", " : "", goal);
    }
  g_print (_("Search of %s: %u candidates, goals %s\n"), bs_variant_display_name (base),
           search->candidates->len, goals->str);
  if (search->schedule == BS_DESIGN_SCHEDULE_DOUBLING)
    {
      g_autofree char *most = g_strdup_printf ("%" G_GUINT64_FORMAT,
                                               bs_design_schedule_games_after (search->schedule,
                                                                               search->games_per_round,
                                                                               search->max_rounds));

      /* Translators: the doubling schedule: round 1's games, then a candidate's games
       * double each round, up to the most. */
      g_print (_("Rounds played: %u of at most %u, %u games a candidate in round 1, doubling "
                 "each round (at most %s); the intervals hold together at 95%% (Bonferroni "
                 "over candidates, goals and rounds: z = %.3f)\n"),
               search->rounds_done, search->max_rounds, search->games_per_round, most,
               search->z);
    }
  else
    g_print (_("Rounds played: %u of at most %u, %u games a candidate each; the intervals hold "
               "together at 95%% (Bonferroni over candidates, goals and rounds: z = %.3f)\n"),
             search->rounds_done, search->max_rounds, search->games_per_round, search->z);
  print_candidates (search, BS_DESIGN_MEETS, _("Meet the goals"));
  print_candidates (search, BS_DESIGN_FAILS, _("Eliminated"));
  print_candidates (search, BS_DESIGN_UNDECIDED, bs_design_search_finished (search)
                                                 ? _("Undecided when the rounds ran out")
                                                 : _("Still in the running"));
  print_pareto (search);
  g_print ("\n");
  played = g_strdup_printf ("%" G_GUINT64_FORMAT, total);
  full = g_strdup_printf ("%" G_GUINT64_FORMAT, grid);

  g_print (_("Games played: %s; a full grid of the same precision: %s (%.1f× as many)\n"),
           played, full, total > 0 ? (double) grid / total : 1.0);
}

/* A goal as an axis of the trade-offs chart: its figure's title, the factor from the
 * figure to the axis (proportions in percent) and the goal's edges on the axis. */
/* The trade-offs between the first two goals (bs_chart_draw_pareto). */
static gboolean
export_chart (const BsDesignSearch  *search,
              const BsVariant       *base,
              const BsChartOptions  *options,
              const char            *path,
              GError               **error)
{
  BsParetoChart data;
  gboolean done;

  bs_pareto_chart_init_from_search (&data, search, bs_variant_display_name (base), NULL);
  done = bs_chart_export_pareto (&data, options, path, error);
  bs_pareto_chart_clear (&data);
  return done;
}

static void
json_number (JsonBuilder *b,
             const char  *member,
             double       value)
{
  json_builder_set_member_name (b, member);
  if (isfinite (value))
    json_builder_add_double_value (b, value);
  else
    json_builder_add_null_value (b);
}

static void
print_json (const BsDesignSearch *search,
            const BsVariant      *base)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();

  json_builder_begin_object (b);
  bs_cli_json_string (b, "variant", bs_variant_display_name (base));
  json_builder_set_member_name (b, "method");
  json_builder_add_string_value (b, "successive-elimination");
  json_builder_set_member_name (b, "seed");
  json_builder_add_int_value (b, (gint64) search->seed);
  bs_cli_json_string (b, "white", search->level_a);
  bs_cli_json_string (b, "black", search->level_b);
  json_builder_set_member_name (b, "games_per_round");
  json_builder_add_int_value (b, search->games_per_round);
  json_builder_set_member_name (b, "max_rounds");
  json_builder_add_int_value (b, search->max_rounds);
  bs_cli_json_string (b, "schedule", bs_design_schedule_id (search->schedule));
  json_builder_set_member_name (b, "rounds_played");
  json_builder_add_int_value (b, search->rounds_done);
  json_builder_set_member_name (b, "finished");
  json_builder_add_boolean_value (b, bs_design_search_finished (search));
  json_builder_set_member_name (b, "interval");
  json_builder_begin_object (b);
  json_number (b, "confidence", 1 - BS_DESIGN_ALPHA);
  bs_cli_json_string (b, "correction", "bonferroni");
  json_number (b, "z", search->z);
  json_builder_end_object (b);
  json_builder_set_member_name (b, "varied");
  json_builder_begin_array (b);
  for (guint k = 0; k < search->n_keys; k++)
    json_builder_add_string_value (b, search->keys[k]);
  json_builder_end_array (b);
  json_builder_set_member_name (b, "goals");
  json_builder_begin_array (b);
  for (guint g = 0; g < search->n_goals; g++)
    {
      g_autofree char *goal = bs_design_goal_to_string (&search->goals[g]);
      json_builder_add_string_value (b, goal);
    }
  json_builder_end_array (b);
  json_builder_set_member_name (b, "candidates");
  json_builder_begin_array (b);
  for (guint i = 0; i < search->candidates->len; i++)
    {
      const BsDesignCandidate *candidate = g_ptr_array_index (search->candidates, i);

      json_builder_begin_object (b);
      bs_cli_json_string (b, "label", candidate->label);
      json_builder_set_member_name (b, "settings");
      json_builder_begin_object (b);
      for (guint k = 0; k < search->n_keys; k++)
        bs_cli_json_string (b, search->keys[k], candidate->values[k]);
      json_builder_end_object (b);
      bs_cli_json_string (b, "verdict", bs_design_verdict_id (candidate->verdict));
      json_builder_set_member_name (b, "round");
      if (candidate->round > 0)
        json_builder_add_int_value (b, candidate->round);
      else
        json_builder_add_null_value (b);
      json_builder_set_member_name (b, "failed_goal");
      if (candidate->failed_goal >= 0)
        {
          g_autofree char *goal =
            bs_design_goal_to_string (&search->goals[candidate->failed_goal]);
          json_builder_add_string_value (b, goal);
        }
      else
        json_builder_add_null_value (b);
      json_builder_set_member_name (b, "games");
      json_builder_add_int_value (b, candidate->tally.games);
      json_builder_set_member_name (b, "evidence");
      json_builder_begin_array (b);
      for (guint g = 0; g < search->n_goals; g++)
        {
          g_autofree char *goal = bs_design_goal_to_string (&search->goals[g]);
          const BsDesignEvidence *evidence = &candidate->evidence[g];

          json_builder_begin_object (b);
          bs_cli_json_string (b, "goal", goal);
          json_number (b, "value", evidence->value);
          json_number (b, "low", evidence->low);
          json_number (b, "high", evidence->high);
          bs_cli_json_string (b, "verdict", bs_design_verdict_id (evidence->verdict));
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_set_member_name (b, "meeting");
  json_builder_begin_array (b);
  for (guint i = 0; i < search->candidates->len; i++)
    {
      const BsDesignCandidate *candidate = g_ptr_array_index (search->candidates, i);
      if (candidate->verdict == BS_DESIGN_MEETS)
        json_builder_add_string_value (b, candidate->label);
    }
  json_builder_end_array (b);
  /* The best trade-offs by the figures, for when the goals conflict. */
  {
    g_autofree gboolean *front = g_new0 (gboolean, MAX (1, search->candidates->len));

    bs_design_search_pareto (search, front);
    json_builder_set_member_name (b, "pareto");
    json_builder_begin_array (b);
    for (guint i = 0; i < search->candidates->len; i++)
      if (front[i])
        json_builder_add_string_value (b,
                                       ((BsDesignCandidate *) search->candidates->pdata[i])->label);
    json_builder_end_array (b);
  }
  json_builder_set_member_name (b, "total_games");
  json_builder_add_int_value (b, (gint64) bs_design_search_total_games (search));
  json_builder_set_member_name (b, "grid_games");
  json_builder_add_int_value (b, (gint64) bs_design_search_grid_games (search));
  json_builder_end_object (b);
  bs_cli_print_builder (b);
}

static guint
count_undecided (const BsDesignSearch *search)
{
  guint n = 0;

  for (guint i = 0; i < search->candidates->len; i++)
    n += ((BsDesignCandidate *) g_ptr_array_index (search->candidates, i))->verdict
         == BS_DESIGN_UNDECIDED;
  return n;
}

int
bs_cli_search (int    argc,
               char **argv)
{
  static char **varies, **goal_texts;
  static char *games_text, *rounds_text, *jobs_text, *white_text, *black_text, *shard_text;
  static char *output, *chart, *theme, *size_text, *schedule_text;
  static gboolean resume, merge;
  static const GOptionEntry extra[] = {
    { "vary", 0, 0, G_OPTION_ARG_STRING_ARRAY, &varies,
      N_("A setting to vary (a --set key) over A..B, A..B:STEP or a list x,y,z; repeat it to "
         "vary several at once (every combination is a candidate)"), N_("KEY=RANGE") },
    { "goal", 0, 0, G_OPTION_ARG_STRING_ARRAY, &goal_texts,
      N_("What a setting must show: fair (within 3 points), fair:POINTS, draws<PERCENT%, "
         "length=A..B (mean plies) or lead-changes>=N (a game, on average); repeatable"),
      N_("GOAL") },
    { "white", 0, 0, G_OPTION_ARG_STRING, &white_text,
      N_("Player A (seat 1 in even games): random, easy, medium, hard, a playout count, a "
         "time (500ms), mcts:LEVEL or alpha-beta (ab:depth=N); default easy"), N_("LEVEL") },
    { "black", 0, 0, G_OPTION_ARG_STRING, &black_text,
      N_("Player B (seat 2 in even games; seats swap in odd games when A and B differ); "
         "default: the same as A"), N_("LEVEL") },
    { "games-per-round", 0, 0, G_OPTION_ARG_STRING, &games_text,
      N_("Games each candidate still in the running plays per round (default 100; round "
         "1's with --schedule doubling)"),
      N_("N") },
    { "max-rounds", 0, 0, G_OPTION_ARG_STRING, &rounds_text,
      N_("The most rounds (default 10)"), N_("R") },
    { "schedule", 0, 0, G_OPTION_ARG_STRING, &schedule_text,
      N_("constant: every round plays --games-per-round games (default); doubling: round 1 "
         "plays them, each later round as many as a candidate has played, so far-off "
         "candidates are out after a few games"), N_("SCHEDULE") },
    { "jobs", 'j', 0, G_OPTION_ARG_STRING, &jobs_text,
      N_("Worker threads (default: one per core)"), N_("N") },
    { "shard", 0, 0, G_OPTION_ARG_STRING, &shard_text,
      N_("Play only shard I/N of the current round's games, then stop (then --merge)"),
      N_("I/N") },
    { "merge", 0, 0, G_OPTION_ARG_NONE, &merge,
      N_("Merge the current round's shards, count the round, then stop"), NULL },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_("The folder that keeps the search: its settings and each round's study file"),
      N_("DIR") },
    { "resume", 0, 0, G_OPTION_ARG_NONE, &resume,
      N_("Go on with the search in the -o folder, as it was set up"), NULL },
    { "chart", 0, 0, G_OPTION_ARG_FILENAME, &chart,
      N_("Draw the trade-offs between the first two goals into FILE (.png, .svg or .pdf)"),
      N_("FILE") },
    { "theme", 0, 0, G_OPTION_ARG_STRING, &theme,
      N_("The chart's theme: light (default) or dark"), N_("THEME") },
    { "size", 0, 0, G_OPTION_ARG_STRING, &size_text,
      N_("The chart's width in pixels or points (default 800)"), N_("N") },
    { NULL }
  };
  static const BsCliSpec spec = {
    "search", N_("[VARIANT]"),
    N_("Search the settings of a variant for those that meet goals (fair, few draws, a "
       "length) by racing them: each round plays more games only for those still in the "
       "running"),
    BS_CLI_OPT_SET | BS_CLI_OPT_SEED, 0, 1, extra,
  };
  g_autoptr(BsDesignSearch) search = NULL;
  g_autoptr(BsVariant) base = NULL;
  g_autoptr(GKeyFile) keys = g_key_file_new ();
  g_autofree char *settings_path = NULL, *text = NULL, *variant_name = NULL;
  g_autofree char *white = NULL, *black = NULL;
  g_auto(GStrv) sets = NULL, vary_list = NULL, goal_list = NULL;
  GError *error = NULL;
  BsCliOptions options;
  ProgressLine line = { 0 };
  BsDesignGoal goals[BS_DESIGN_MAX_GOALS];
  guint n_goals = 0, games = SEARCH_DEFAULT_GAMES, rounds = SEARCH_DEFAULT_ROUNDS, jobs = 0;
  guint shard_index = 0, shard_count = 0;
  guint64 seed = 1;
  BsDesignSchedule schedule = BS_DESIGN_SCHEDULE_CONSTANT;
  int status = BS_CLI_EXIT_OK;
  BsChartOptions chart_options;
  guint size = 800;

  g_clear_pointer (&varies, g_strfreev);
  g_clear_pointer (&goal_texts, g_strfreev);
  g_clear_pointer (&games_text, g_free);
  g_clear_pointer (&rounds_text, g_free);
  g_clear_pointer (&jobs_text, g_free);
  g_clear_pointer (&white_text, g_free);
  g_clear_pointer (&black_text, g_free);
  g_clear_pointer (&shard_text, g_free);
  g_clear_pointer (&output, g_free);
  g_clear_pointer (&chart, g_free);
  g_clear_pointer (&theme, g_free);
  g_clear_pointer (&size_text, g_free);
  g_clear_pointer (&schedule_text, g_free);
  resume = merge = FALSE;
  if (!bs_cli_parse (&spec, argc, argv, &options))
    return BS_CLI_EXIT_BAD_INPUT;
  bs_chart_options_init (&chart_options);

  if (jobs_text != NULL)
    bs_cli_parse_uint ("--jobs", jobs_text, 1, 1024, &jobs, &error);
  if (error == NULL && shard_text != NULL)
    bs_cli_parse_shard ("--shard", shard_text, &shard_index, &shard_count, &error);
  if (error != NULL)
    ;
  else if (output == NULL)
    g_set_error (&error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                 _("-o DIR: the folder that keeps the search is needed"));
  else if (merge && shard_text != NULL)
    g_set_error (&error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                 _("--merge and --shard: a run plays a shard or merges them, not both"));
  else if (options.n_args == 0 && !resume)
    g_set_error (&error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                 _("a VARIANT (or --resume -o DIR) is needed"));
  if (error != NULL)
    {
      bs_cli_options_clear (&options);
      return bs_cli_fail (error);
    }

  settings_path = g_build_filename (output, "search.ini", NULL);
  if (options.n_args == 0)
    {
      /* --resume: everything from the folder. */
      if (varies != NULL || goal_texts != NULL || white_text != NULL || black_text != NULL ||
          games_text != NULL || rounds_text != NULL || schedule_text != NULL ||
          options.sets != NULL || options.seed_given)
        g_set_error (&error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                     _("--resume without a VARIANT takes the search as it was set up: only "
                       "--jobs, --shard, --merge and --json may be given with it"));
      else if (g_key_file_load_from_file (keys, settings_path, G_KEY_FILE_NONE, &error))
        {
          guint64 value;

          variant_name = g_key_file_get_string (keys, SEARCH_GROUP, "variant", &error);
          if (error == NULL)
            sets = g_key_file_get_string_list (keys, SEARCH_GROUP, "set", NULL, &error);
          if (error == NULL)
            vary_list = g_key_file_get_string_list (keys, SEARCH_GROUP, "vary", NULL, &error);
          if (error == NULL)
            goal_list = g_key_file_get_string_list (keys, SEARCH_GROUP, "goal", NULL, &error);
          if (error == NULL)
            white = g_key_file_get_string (keys, SEARCH_GROUP, "white", &error);
          if (error == NULL)
            black = g_key_file_get_string (keys, SEARCH_GROUP, "black", &error);
          if (error == NULL)
            {
              value = g_key_file_get_uint64 (keys, SEARCH_GROUP, "games-per-round", &error);
              games = (guint) MIN (value, G_MAXUINT);
            }
          if (error == NULL)
            {
              value = g_key_file_get_uint64 (keys, SEARCH_GROUP, "max-rounds", &error);
              rounds = (guint) MIN (value, G_MAXUINT);
            }
          /* A folder from before schedules has no key: the constant schedule, as it ran. */
          if (error == NULL && g_key_file_has_key (keys, SEARCH_GROUP, "schedule", NULL))
            {
              g_autofree char *held = g_key_file_get_string (keys, SEARCH_GROUP, "schedule",
                                                             &error);

              if (error == NULL)
                bs_design_schedule_parse (held, &schedule, &error);
            }
          if (error == NULL)
            seed = g_key_file_get_uint64 (keys, SEARCH_GROUP, "seed", &error);
          if (error != NULL)
            g_prefix_error (&error, "%s: ", settings_path);
        }
      else
        g_prefix_error (&error, "%s: ", settings_path);
    }
  else
    {
      variant_name = g_strdup (options.args[0]);
      sets = g_strdupv (options.sets);
      vary_list = g_strdupv (varies);
      goal_list = g_strdupv (goal_texts);
      white = g_strdup (white_text != NULL ? white_text : "easy");
      black = g_strdup (black_text != NULL ? black_text : white);
      seed = options.seed;
      if (games_text != NULL)
        bs_cli_parse_uint ("--games-per-round", games_text, 2, BS_CLI_MAX_GAMES, &games,
                           &error);
      if (error == NULL && rounds_text != NULL)
        bs_cli_parse_uint ("--max-rounds", rounds_text, 1, BS_DESIGN_MAX_ROUNDS, &rounds,
                           &error);
      if (error == NULL && schedule_text != NULL)
        bs_design_schedule_parse (schedule_text, &schedule, &error);
      if (error == NULL)
        bs_cli_check_study_player ("--white", white, &error);
      if (error == NULL)
        bs_cli_check_study_player ("--black", black, &error);
      if (error == NULL && vary_list == NULL)
        g_set_error (&error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                     _("--vary KEY=RANGE: at least one setting to vary is needed"));
      if (error == NULL && goal_list == NULL)
        g_set_error (&error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                     _("--goal: at least one goal is needed (fair, fair:POINTS, "
                       "draws<PERCENT%%, length=A..B, lead-changes>=N)"));
    }
  if (error == NULL && g_strv_length (goal_list) > BS_DESIGN_MAX_GOALS)
    g_set_error (&error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                 _("--goal: at most %d goals"), BS_DESIGN_MAX_GOALS);
  for (guint g = 0; error == NULL && goal_list[g] != NULL; g++)
    {
      if (bs_design_goal_parse (goal_list[g], &goals[n_goals], &error))
        n_goals++;
      for (guint h = 0; error == NULL && h + 1 < n_goals; h++)
        if (goals[h].kind == goals[n_goals - 1].kind)
          g_set_error (&error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _("--goal %s: a goal of this kind is given twice"), goal_list[g]);
    }
  if (error == NULL && chart != NULL && n_goals < 2)
    g_set_error (&error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                 _("--chart %s: the trade-offs chart needs two goals"), chart);
  if (error == NULL && size_text != NULL)
    bs_cli_parse_uint ("--size", size_text, 200, 10000, &size, &error);
  if (error == NULL && theme != NULL && !bs_chart_theme_from_string (theme, &chart_options.dark))
    g_set_error (&error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                 _("--theme: \"%s\" is not light or dark"), theme);
  chart_options.width = (int) size;
  if (error == NULL)
    base = bs_cli_load_variant (variant_name, (const char * const *) sets, &error);
  if (base != NULL)
    search = bs_design_search_new (base, (const char * const *) vary_list, goals, n_goals,
                                   white, black, games, rounds, seed, &error);
  if (search != NULL && !bs_design_search_set_schedule (search, schedule, &error))
    g_clear_pointer (&search, bs_design_search_free);

  /* The folder and its settings: the same search goes on, another is refused. */
  if (search != NULL)
    {
      g_autofree char *held = NULL;

      text = bs_design_search_settings_text (variant_name, (const char * const *) sets,
                                             (const char * const *) vary_list,
                                             (const char * const *) goal_list,
                                             white, black, games, rounds, schedule, seed);
      if (g_mkdir_with_parents (output, 0777) != 0)
        {
          int saved = errno;
          g_set_error (&error, G_FILE_ERROR, g_file_error_from_errno (saved),
                       _("%s: cannot make the folder: %s"), output, g_strerror (saved));
        }
      else if (g_file_get_contents (settings_path, &held, NULL, NULL))
        {
          if (strcmp (held, text) != 0)
            g_set_error (&error, G_FILE_ERROR, G_FILE_ERROR_EXIST,
                         _("%s holds another search (%s differs): remove it or choose another "
                           "folder"), output, settings_path);
        }
      else
        bs_file_write_atomic (settings_path, text, strlen (text), BS_FILE_WRITE_SYNC, &error);
    }

  bs_cli_progress_init (&line.base, print_progress);
  /* The rounds: each counted from its file, played first when it is missing or unfinished. */
  while (error == NULL && !bs_design_search_finished (search))
    {
      guint round = search->rounds_done + 1;
      g_autofree char *path = bs_design_search_round_path (output, round, 0, 0);
      g_autoptr(BsStudy) study = bs_design_search_round_study (search);
      g_autoptr(BsStudyRunner) runner = NULL;
      g_autoptr(GPtrArray) shards = NULL;
      gboolean merged = FALSE;

      line.round = round;
      line.candidates = count_undecided (search);
      if (!g_file_test (path, G_FILE_TEST_EXISTS) && shard_count <= 1)
        {
          shards = bs_design_search_find_shards (output, round);
          if (shards->len > 0)
            {
              g_ptr_array_add (shards, NULL);
              if (!bs_study_merge_files ((const char * const *) shards->pdata, path,
                                         BS_STUDY_MERGE_NONE, &error))
                break;
              merged = TRUE;
            }
          else if (merge)
            {
              g_set_error (&error, G_FILE_ERROR, G_FILE_ERROR_NOENT,
                           _("%s: round %u has no shard files to merge"), output, round);
              break;
            }
        }
      if (g_file_test (path, G_FILE_TEST_EXISTS))
        {
          runner = bs_design_search_open_round (study, path, NULL, &error);
          if (runner == NULL)
            break;
          if (!bs_study_runner_is_complete (runner) && (shard_count > 1 || merge))
            {
              g_set_error (&error, BS_STUDY_ERROR, BS_STUDY_ERROR_INCOMPLETE,
                           _("%s: round %u is not finished: run the search without "
                             "--shard or --merge to finish it"), path, round);
              break;
            }
          /* Plays what the round lacks; a round whose last games are still in its journal
           * (a run killed after its last game) has them folded into the file. Shards leave
           * the file to the run that holds it. */
          if (shard_count <= 1 &&
              !bs_cli_run_study (runner, jobs, NULL, "search", &line.base, &error))
            break;
          g_clear_pointer (&runner, bs_study_runner_free);
          if (!bs_design_search_count_round (search, path, &error))
            break;
          if (merge && merged)
            break;
          continue;
        }
      if (merge)
        break;
      if (shard_count > 1)
        {
          g_autofree char *shard_path = bs_design_search_round_path (output, round, shard_index,
                                                                     shard_count);
          guint done;

          study->shard_index = shard_index;
          study->shard_count = shard_count;
          runner = bs_design_search_open_round (study, shard_path, NULL, &error);
          if (runner == NULL ||
              !bs_cli_run_study (runner, jobs, NULL, "search", &line.base, &error))
            break;
          bs_study_runner_get_progress (runner, &done, NULL);
          if (options.json)
            {
              g_autoptr(JsonBuilder) b = json_builder_new ();

              json_builder_begin_object (b);
              json_builder_set_member_name (b, "round");
              json_builder_add_int_value (b, round);
              json_builder_set_member_name (b, "shard");
              json_builder_add_int_value (b, shard_index);
              json_builder_set_member_name (b, "shards");
              json_builder_add_int_value (b, shard_count);
              bs_cli_json_string (b, "file", shard_path);
              json_builder_set_member_name (b, "games");
              json_builder_add_int_value (b, done);
              json_builder_end_object (b);
              bs_cli_print_builder (b);
            }
          else
            g_print (_("Round %u, shard %u/%u: %u games in %s. When every shard is played: "
                       "boardsmith-cli search --resume -o %s --merge\n"), round, shard_index,
                     shard_count, done, shard_path, output);
          bs_cli_options_clear (&options);
          return BS_CLI_EXIT_OK;
        }
      runner = bs_design_search_open_round (study, path, NULL, &error);
      if (runner == NULL || !bs_cli_run_study (runner, jobs, NULL, "search", &line.base, &error))
        break;
      g_clear_pointer (&runner, bs_study_runner_free);
      if (!bs_design_search_count_round (search, path, &error))
        break;
    }

  if (error != NULL && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_clear_error (&error);
      g_printerr (_("Stopped; %s keeps every finished game: run the same command (or "
                    "--resume -o %s) to go on.\n"), output, output);
      bs_cli_options_clear (&options);
      return 130;
    }
  if (error != NULL)
    {
      bs_cli_options_clear (&options);
      return bs_cli_fail (error);
    }
  if (chart != NULL && !export_chart (search, base, &chart_options, chart, &error))
    {
      bs_cli_options_clear (&options);
      return bs_cli_fail (error);
    }
  if (options.json)
    print_json (search, base);
  else
    print_text (search, base);
  bs_cli_options_clear (&options);
  return status;
}
