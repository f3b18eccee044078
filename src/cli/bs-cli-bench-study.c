/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-cli"

#include "config.h"

#include <math.h>
#include <sys/resource.h>
#include <glib/gi18n.h>

#include "bs-cli-common.h"
#include "bs-study-runner.h"
#include "bs-variant-xml.h"

/* bench --study [VARIANT…] [--levels random,easy] [--games N] [--runs R]
 *               [--workers 1,2,…] [--min-time S]: games per second of a
 * study held in memory (no file), for each variant (default: every
 * built-in one), each level played against itself, with 1 worker, 2, and
 * one per core. Each variant and level first finds its size, as Google
 * Benchmark does: from N games, runs with the most workers grow until one
 * lasts at least S seconds, so that what is timed is the steady rate, not
 * starting and stopping the workers; then, for each worker count, R runs
 * of that size, and their median. Every worker count plays the same games
 * (games differ in length, so runs of different sizes would compare
 * different work). The scaling is the median rate with 2 workers over the
 * median with 1. Reported, never
 * asserted: on a shared machine wall-clock scaling says as much about
 * the neighbours as about us (games per CPU second tell them apart). */

#define DEFAULT_RANDOM_GAMES 1000
#define DEFAULT_SEARCH_GAMES 16
#define DEFAULT_RUNS         3
#define DEFAULT_MIN_TIME     1.0
/* A sizing run that lasts less than this share of the minimum tells too
 * little (timer, start-up) to scale from: the size grows by at most this
 * factor at once. */
#define MAX_GROWTH           10.0

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

static double
median (GArray *values)
{
  g_array_sort (values, compare_doubles);
  if (values->len == 0)
    return 0;
  if (values->len % 2 == 1)
    return g_array_index (values, double, values->len / 2);
  return (g_array_index (values, double, values->len / 2 - 1) +
          g_array_index (values, double, values->len / 2)) / 2;
}

static double
cpu_seconds (void)
{
  struct rusage usage;

  getrusage (RUSAGE_SELF, &usage);
  return usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6 +
         usage.ru_stime.tv_sec + usage.ru_stime.tv_usec / 1e6;
}

/* One run of `games` games: its wall-clock and CPU seconds (of the whole
 * process: every worker and the thread that gathers their games). */
static gboolean
one_run (const BsVariant  *variant,
         const char       *level,
         guint             games,
         guint             workers,
         guint64           seed,
         double           *seconds,
         double           *cpu,
         GError          **error)
{
  g_autoptr(BsStudy) study = bs_study_new (BS_STUDY_SINGLE, seed, level, level, error);
  g_autoptr(BsStudyRunner) runner = NULL;
  double cpu_start;
  gint64 started;

  if (study == NULL)
    return FALSE;
  study->games = games;
  bs_study_add_arm (study, variant, NULL);
  runner = bs_study_runner_new (study, NULL, error);
  if (runner == NULL)
    return FALSE;
  bs_study_runner_set_jobs (runner, workers);
  cpu_start = cpu_seconds ();
  started = g_get_monotonic_time ();
  if (!bs_study_runner_run (runner, NULL, NULL, NULL, error))
    return FALSE;
  *seconds = MAX (1, g_get_monotonic_time () - started) / 1e6;
  *cpu = MAX (1e-6, cpu_seconds () - cpu_start);
  return TRUE;
}

/* The games per run of a measure: from `games`, grown until one run lasts
 * at least min_time seconds (or the study's most games), each step by
 * what the last run says is missing (with a margin of 1.4, as Google
 * Benchmark), at least doubling and at most MAX_GROWTH times. */
static gboolean
size_runs (const BsVariant  *variant,
           const char       *level,
           guint             games,
           guint             workers,
           guint64           seed,
           double            min_time,
           guint            *sized,
           GError          **error)
{
  for (;;)
    {
      double seconds, cpu, growth;

      if (!one_run (variant, level, games, workers, seed, &seconds, &cpu, error))
        return FALSE;
      if (seconds >= min_time || games >= BS_STUDY_MAX_GAMES)
        break;
      growth = CLAMP (1.4 * min_time / seconds, 2.0, MAX_GROWTH);
      games = (guint) MIN (ceil (games * growth), (double) BS_STUDY_MAX_GAMES);
    }
  *sized = games;
  return TRUE;
}

int
bs_cli_bench_study (int    argc,
                    char **argv)
{
  static char *levels_text, *workers_text, *games_text, *runs_text, *min_time_text;
  static gboolean study_flag;
  static const GOptionEntry extra[] = {
    { "study", 0, 0, G_OPTION_ARG_NONE, &study_flag,
      N_("Measure balance studies: games per second"), NULL },
    { "levels", 0, 0, G_OPTION_ARG_STRING, &levels_text,
      N_("Levels to measure, each against itself (default random,easy)"), N_("L1,L2") },
    { "games", 0, 0, G_OPTION_ARG_STRING, &games_text,
      N_("Games per run to start from (default 1000 for random, 16 for a search)"), N_("N") },
    { "min-time", 0, 0, G_OPTION_ARG_STRING, &min_time_text,
      N_("Grow each measure's runs until one lasts this long (default 1; 0: exactly N games)"),
      N_("SECONDS") },
    { "runs", 0, 0, G_OPTION_ARG_STRING, &runs_text,
      N_("Runs per measure; the median is printed (default 3)"), N_("R") },
    { "workers", 0, 0, G_OPTION_ARG_STRING, &workers_text,
      N_("Worker counts to measure (default 1, 2 and one per core)"), N_("1,2,…") },
    { NULL }
  };
  static const BsCliSpec spec = {
    "bench --study", N_("[VARIANT…]"),
    N_("Measure how many study games per second are played, with 1 worker, 2 and one per "
       "core, and the scaling from 1 to 2 workers; each measure's runs are made long enough "
       "(--min-time) to time the steady rate."),
    BS_CLI_OPT_SET | BS_CLI_OPT_SEED, 0, -1, extra,
  };
  g_autoptr(GPtrArray) variants = g_ptr_array_new_with_free_func ((GDestroyNotify) bs_variant_free);
  g_autoptr(GArray) workers = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_auto(GStrv) levels = NULL;
  g_auto(GStrv) names = NULL;
  GError *error = NULL;
  BsCliOptions options;
  guint cores = g_get_num_processors ();
  guint games = 0, runs = DEFAULT_RUNS;
  double min_time = DEFAULT_MIN_TIME;

  g_clear_pointer (&levels_text, g_free);
  g_clear_pointer (&workers_text, g_free);
  g_clear_pointer (&games_text, g_free);
  g_clear_pointer (&runs_text, g_free);
  g_clear_pointer (&min_time_text, g_free);
  if (!bs_cli_parse (&spec, argc, argv, &options))
    return BS_CLI_EXIT_BAD_INPUT;

  /* Every argument is checked before the table's first line. */
  levels = g_strsplit (levels_text != NULL ? levels_text : "random,easy", ",", -1);
  for (guint i = 0; levels[i] != NULL && error == NULL; i++)
    bs_cli_check_level ("--levels", levels[i], TRUE, &error);
  if (error == NULL && workers_text != NULL)
    {
      g_auto(GStrv) parts = g_strsplit (workers_text, ",", -1);

      for (guint i = 0; parts[i] != NULL && error == NULL; i++)
        {
          guint w;

          if (bs_cli_parse_uint ("--workers", parts[i], 1, 1024, &w, &error))
            g_array_append_val (workers, w);
        }
    }
  else if (error == NULL)
    {
      guint defaults[] = { 1, 2, cores };

      g_array_append_vals (workers, defaults, cores > 2 ? 3 : 2);
    }
  if (error == NULL && runs_text != NULL)
    bs_cli_parse_uint ("--runs", runs_text, 1, 1000, &runs, &error);
  if (error == NULL && games_text != NULL)
    bs_cli_parse_uint ("--games", games_text, 1, BS_CLI_MAX_GAMES, &games, &error);
  if (error == NULL && min_time_text != NULL)
    bs_cli_parse_real ("--min-time", min_time_text, 0, 3600, BS_CLI_RANGE_CLOSED, &min_time,
                       &error);
  names = options.n_args > 0 ? g_strdupv (options.args) : bs_variant_list_builtin ();
  for (guint i = 0; names[i] != NULL && error == NULL; i++)
    {
      BsVariant *variant = bs_cli_load_variant (names[i], (const char * const *) options.sets,
                                                &error);
      if (variant != NULL)
        g_ptr_array_add (variants, variant);
    }
  if (error != NULL)
    {
      bs_cli_options_clear (&options);
      return bs_cli_fail (error);
    }

  if (!options.json)
    g_print ("%-14s %-8s %8s %8s %8s %12s %6s %14s\n", _("variant"), _("level"), _("games"),
             _("workers"), _("s/run"), _("games/s"), _("×1"), _("games/CPU-s"));
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "cores");
  json_builder_add_int_value (b, cores);
  json_builder_set_member_name (b, "runs");
  json_builder_add_int_value (b, runs);
  json_builder_set_member_name (b, "min_time");
  json_builder_add_double_value (b, min_time);
  json_builder_set_member_name (b, "results");
  json_builder_begin_array (b);
  for (guint v = 0; v < variants->len; v++)
    for (guint l = 0; levels[l] != NULL; l++)
      {
        const BsVariant *variant = variants->pdata[v];
        gboolean random = g_ascii_strcasecmp (levels[l], "random") == 0;
        guint n = games > 0 ? games : random ? DEFAULT_RANDOM_GAMES : DEFAULT_SEARCH_GAMES;
        guint64 seed = options.seed;
        guint sized = n, most = 1;
        double base = 0;

        for (guint w = 0; w < workers->len; w++)
          most = MAX (most, g_array_index (workers, guint, w));
        if (min_time > 0 &&
            !size_runs (variant, levels[l], n, most, seed, min_time, &sized, &error))
          {
            bs_cli_options_clear (&options);
            return bs_cli_fail (error);
          }
        for (guint w = 0; w < workers->len; w++)
          {
            guint count = g_array_index (workers, guint, w);
            g_autoptr(GArray) rates = g_array_new (FALSE, FALSE, sizeof (double));
            g_autoptr(GArray) cpu_rates = g_array_new (FALSE, FALSE, sizeof (double));
            g_autoptr(GArray) lengths = g_array_new (FALSE, FALSE, sizeof (double));
            double rate, cpu_rate, length;

            for (guint r = 0; r < runs; r++)
              {
                double seconds, cpu, one, per_cpu;

                if (!one_run (variant, levels[l], sized, count, seed, &seconds, &cpu, &error))
                  {
                    bs_cli_options_clear (&options);
                    return bs_cli_fail (error);
                  }
                one = sized / seconds;
                per_cpu = sized / cpu;
                g_array_append_val (rates, one);
                g_array_append_val (cpu_rates, per_cpu);
                g_array_append_val (lengths, seconds);
              }
            rate = median (rates);
            cpu_rate = median (cpu_rates);
            length = median (lengths);
            if (count == 1)
              base = rate;
            if (options.json)
              {
                json_builder_begin_object (b);
                bs_cli_json_string (b, "variant", variant->id);
                bs_cli_json_string (b, "level", levels[l]);
                json_builder_set_member_name (b, "games");
                json_builder_add_int_value (b, sized);
                json_builder_set_member_name (b, "workers");
                json_builder_add_int_value (b, count);
                json_builder_set_member_name (b, "seconds");
                json_builder_add_double_value (b, length);
                json_builder_set_member_name (b, "games_per_second");
                json_builder_add_double_value (b, rate);
                json_builder_set_member_name (b, "games_per_cpu_second");
                json_builder_add_double_value (b, cpu_rate);
                json_builder_set_member_name (b, "scaling");
                json_builder_add_double_value (b, base > 0 ? rate / base : 0);
                json_builder_end_object (b);
              }
            else
              {
                g_print ("%-14s %-8s %8u %8u %8.2f %12.2f %6.2f %14.2f\n", variant->id,
                         levels[l], sized, count, length, rate, base > 0 ? rate / base : 0.0,
                         cpu_rate);
              }
          }
      }
  json_builder_end_array (b);
  json_builder_end_object (b);
  if (options.json)
    bs_cli_print_builder (b);
  bs_cli_options_clear (&options);
  return BS_CLI_EXIT_OK;
}
