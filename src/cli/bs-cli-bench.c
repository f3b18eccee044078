/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-cli"

#include "config.h"

#include <math.h>

#include <glib/gi18n.h>

#include "bs-cli-common.h"
#include "bs-error.h"
#include "bs-rng.h"

/* bench VARIANT [--playouts N] [--seed N]: N uniformly random playouts from
 * the start (bs_ruleset_playout), single thread. Prints
 * playouts per second, nanoseconds per ply, the mean game length in plies
 * (turns) with its standard deviation, the longest game, the wins of each
 * player and the draws. */

#define BENCH_DEFAULT_PLAYOUTS 1000
/* A playout longer than this means a module that never ends its game. */
#define BENCH_MAX_STEPS 10000000

int
bs_cli_bench (int    argc,
              char **argv)
{
  static gboolean study_flag;
  static const GOptionEntry extra[] = {
    { "study", 0, 0, G_OPTION_ARG_NONE, &study_flag,
      N_("Measure balance studies (games per second) instead: see bench --study --help"),
      NULL },
    { NULL }
  };
  static const BsCliSpec spec = {
    "bench", N_("VARIANT"),
    N_("Run uniformly random playouts from the start and print playouts per second, "
       "mean plies, wins and draws."),
    BS_CLI_OPT_SET | BS_CLI_OPT_SEED | BS_CLI_OPT_PLAYOUTS | BS_CLI_OPT_MOVES, 1, 1, extra,
  };
  g_autoptr(BsRuleset) rs = NULL;
  g_autofree BsPosition *start = NULL;
  g_autofree BsPosition *pos = NULL;
  g_autofree BsMove *scratch = NULL;
  GError *error = NULL;
  BsCliOptions options;
  guint64 wins[2] = { 0, 0 };
  guint64 draws = 0;
  guint64 plies = 0;
  guint64 longest = 0;
  double plies_squares = 0;
  gint64 started, elapsed;
  double seconds, ns_per_ply, mean_plies, plies_sd;
  guint64 playouts;
  BsRng rng;

  for (int i = 1; i < argc; i++)
    if (g_str_equal (argv[i], "--study"))
      return bs_cli_bench_study (argc, argv);
  if (!bs_cli_parse (&spec, argc, argv, &options))
    return BS_CLI_EXIT_BAD_INPUT;

  rs = bs_cli_load_ruleset (options.args[0], &options, &error);
  if (rs != NULL)
    start = bs_cli_start_position (rs, &options, &error);
  if (start == NULL)
    {
      bs_cli_options_clear (&options);
      return bs_cli_fail (error);
    }

  playouts = options.playouts > 0 ? options.playouts : BENCH_DEFAULT_PLAYOUTS;
  pos = bs_position_dup (rs, start);
  scratch = g_new (BsMove, rs->max_moves);
  bs_rng_init (&rng, (guint64) options.seed);

  started = g_get_monotonic_time ();
  for (guint64 i = 0; i < playouts; i++)
    {
      bs_position_copy (rs, pos, start);
      bs_ruleset_playout (rs, pos, &rng, scratch, BENCH_MAX_STEPS);
      if (!bs_position_is_over (pos))
        {
          bs_cli_message (_("%s: a random playout did not end after %d steps"),
                          options.args[0], BENCH_MAX_STEPS);
          bs_cli_options_clear (&options);
          return BS_CLI_EXIT_GAME_ERROR;
        }
      plies += pos->ply - start->ply;
      plies_squares += (double) (pos->ply - start->ply) * (pos->ply - start->ply);
      longest = MAX (longest, pos->ply - start->ply);
      switch ((BsResult) pos->result)
        {
        case BS_RESULT_WIN_1:
          wins[0]++;
          break;
        case BS_RESULT_WIN_2:
          wins[1]++;
          break;
        case BS_RESULT_DRAW:
        case BS_RESULT_ONGOING:
        default:
          draws++;
          break;
        }
    }
  elapsed = g_get_monotonic_time () - started;
  seconds = MAX (elapsed, 1) / 1e6;
  ns_per_ply = seconds * 1e9 / (double) MAX (plies, 1);
  mean_plies = (double) plies / playouts;
  plies_sd = playouts > 1 ? sqrt (MAX (plies_squares - mean_plies * plies, 0) / (playouts - 1)) : 0;

  if (options.json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();

      json_builder_begin_object (b);
      bs_cli_json_string (b, "variant", rs->variant->id);
      json_builder_set_member_name (b, "cells");
      json_builder_add_int_value (b, rs->n_cells);
      json_builder_set_member_name (b, "playouts");
      json_builder_add_int_value (b, (gint64) playouts);
      json_builder_set_member_name (b, "seed");
      json_builder_add_int_value (b, (gint64) options.seed);
      json_builder_set_member_name (b, "seconds");
      json_builder_add_double_value (b, seconds);
      json_builder_set_member_name (b, "playouts_per_second");
      json_builder_add_double_value (b, playouts / seconds);
      json_builder_set_member_name (b, "ns_per_ply");
      json_builder_add_double_value (b, ns_per_ply);
      json_builder_set_member_name (b, "mean_plies");
      json_builder_add_double_value (b, mean_plies);
      json_builder_set_member_name (b, "plies_sd");
      json_builder_add_double_value (b, plies_sd);
      json_builder_set_member_name (b, "longest_plies");
      json_builder_add_int_value (b, (gint64) longest);
      json_builder_set_member_name (b, "wins");
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "1");
      json_builder_add_int_value (b, (gint64) wins[0]);
      json_builder_set_member_name (b, "2");
      json_builder_add_int_value (b, (gint64) wins[1]);
      json_builder_end_object (b);
      json_builder_set_member_name (b, "draws");
      json_builder_add_int_value (b, (gint64) draws);
      json_builder_end_object (b);
      bs_cli_print_builder (b);
    }
  else
    {
      g_print ("%s: %s, %d %s\n", _("variant"), rs->variant->id, rs->n_cells, _("cells"));
      g_print ("%s: %" G_GUINT64_FORMAT " (%s %" G_GUINT64_FORMAT ")\n", _("playouts"),
               playouts, _("seed"), options.seed);
      g_print ("%s: %.3f\n", _("seconds"), seconds);
      g_print ("%s: %.0f\n", _("playouts/s"), playouts / seconds);
      g_print ("%s: %.1f\n", _("ns/ply"), ns_per_ply);
      g_print ("%s: %.2f (%s %.2f)\n", _("mean plies"), mean_plies,
               _("standard deviation"), plies_sd);
      g_print ("%s: %" G_GUINT64_FORMAT "\n", _("longest game"), longest);
      g_print ("%s: %" G_GUINT64_FORMAT "\n", _("wins 1"), wins[0]);
      g_print ("%s: %" G_GUINT64_FORMAT "\n", _("wins 2"), wins[1]);
      g_print ("%s: %" G_GUINT64_FORMAT "\n", _("draws"), draws);
    }
  bs_cli_options_clear (&options);
  return BS_CLI_EXIT_OK;
}
