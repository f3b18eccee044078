/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-cli"

#include "config.h"

#include <stdio.h>
#include <unistd.h>
#include <glib/gi18n.h>

#include "bs-cli-common.h"
#include "bs-error.h"
#include "bs-rng.h"
#include "bs-search.h"

/* selfplay VARIANT --games N --white LEVEL --black LEVEL [--seed S]:
 * computer against computer. White is always player 1. LEVEL is `random`
 * (uniformly random legal moves), `easy`, `medium`, `hard`, a playout
 * count or a time ("500ms"). Game g starts from the setup seed S + g; every
 * search gets its own seed derived from S, the game and the ply, so a run
 * with playout budgets replays exactly. Simultaneous rounds are searched
 * once per seat from the start of the round, neither seeing the other's
 * orders, then entered player 1's first. */

#define SELFPLAY_DEFAULT_GAMES 10

typedef struct {
  const char     *text;
  gboolean        random;
  BsSearchParams  params;
  /* Totals over the run. */
  guint64         decisions;
  guint64         iterations;
  gint64          think_us;
  gint64          cpu_us;
  gsize           max_bytes;
} Seat;

static gboolean
seat_init (Seat        *seat,
           const char  *option,
           const char  *text,
           GError     **error)
{
  memset (seat, 0, sizeof *seat);
  seat->text = text;
  if (g_ascii_strcasecmp (text, "random") == 0)
    {
      seat->random = TRUE;
      return TRUE;
    }
  if (!bs_cli_check_level (option, text, TRUE, error))
    return FALSE;
  return bs_search_params_parse (&seat->params, text, 0, error);
}

static guint64
mix_seed (guint64 seed,
          guint64 game,
          guint64 ply,
          guint64 seat)
{
  guint64 state = seed ^ (game * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15))
                  ^ (ply << 20) ^ (seat << 56);
  return bs_splitmix64 (&state);
}

/* Enters `player`'s part of the turn on pos: one step of a turn-based game,
 * or every order of theirs in a simultaneous round. */
static gboolean
seat_play (Seat        *seat,
           BsRuleset   *rs,
           BsPosition  *pos,
           const BsPosition *round_start,
           int          player,
           guint64      seed,
           BsRng       *rng,
           BsMove      *scratch,
           GError     **error)
{
  g_autoptr(BsSearchResult) result = NULL;
  BsSearchParams params;

  seat->decisions++;
  if (seat->random)
    {
      do
        bs_ruleset_apply (rs, pos, bs_ruleset_random_move (rs, pos, rng, scratch), NULL);
      while (pos->step != 0 && pos->to_move == player && !bs_position_is_over (pos));
      return TRUE;
    }

  params = seat->params;
  params.seed = seed;
  params.player = player;
  result = bs_search_run (rs, round_start, &params, NULL, NULL, error);
  if (result == NULL)
    return FALSE;
  seat->iterations += result->iterations;
  seat->think_us += result->elapsed_us;
  seat->cpu_us += result->cpu_us;
  seat->max_bytes = MAX (seat->max_bytes, result->bytes_used);
  for (guint i = 0; i < result->n_steps; i++)
    {
      if (pos->to_move != player || !bs_ruleset_is_legal (rs, pos, result->steps[i], scratch))
        {
          g_autofree char *text = bs_ruleset_format_move (rs, pos, result->steps[i]);
          g_set_error (error, BS_RULES_ERROR, BS_RULES_ERROR_ILLEGAL,
                       _("the search chose an illegal move %s at ply %u"), text, pos->ply + 1);
          return FALSE;
        }
      bs_ruleset_apply (rs, pos, result->steps[i], NULL);
    }
  return TRUE;
}

static void
add_seat_json (JsonBuilder *b,
               const char  *name,
               const Seat  *seat)
{
  json_builder_set_member_name (b, name);
  json_builder_begin_object (b);
  bs_cli_json_string (b, "level", seat->text);
  json_builder_set_member_name (b, "moves");
  json_builder_add_int_value (b, (gint64) seat->decisions);
  json_builder_set_member_name (b, "ms_per_move");
  json_builder_add_double_value (b, seat->decisions > 0 ? seat->think_us / 1000.0 / seat->decisions : 0);
  json_builder_set_member_name (b, "iterations");
  json_builder_add_int_value (b, (gint64) seat->iterations);
  json_builder_set_member_name (b, "iterations_per_second");
  json_builder_add_double_value (b, seat->think_us > 0 ? seat->iterations * 1e6 / seat->think_us : 0);
  json_builder_set_member_name (b, "iterations_per_cpu_second");
  json_builder_add_double_value (b, seat->cpu_us > 0 ? seat->iterations * 1e6 / seat->cpu_us : 0);
  json_builder_set_member_name (b, "max_bytes");
  json_builder_add_int_value (b, (gint64) seat->max_bytes);
  json_builder_end_object (b);
}

static void
print_seat (const char *name,
            const Seat *seat)
{
  /* Translators: a player's line in selfplay's summary: "white (1): mcts:easy, 1.25 ms/move". */
  g_print (_("%s: %s, %.2f ms/move"), name, seat->text,
           seat->decisions > 0 ? seat->think_us / 1000.0 / seat->decisions : 0.0);
  if (!seat->random && seat->think_us > 0)
    /* Translators: follows the line above: ", 52000 iterations/s (26000 per CPU second),
     * tree up to 3.5 MiB". */
    g_print (_(", %.0f iterations/s (%.0f per CPU second), tree up to %.1f MiB"),
             seat->iterations * 1e6 / seat->think_us,
             seat->cpu_us > 0 ? seat->iterations * 1e6 / seat->cpu_us : 0.0,
             seat->max_bytes / 1048576.0);
  g_print ("\n");
}

int
bs_cli_selfplay (int    argc,
                 char **argv)
{
  static char *games_text = NULL;
  static char *white_text = NULL;
  static char *black_text = NULL;
  static const GOptionEntry extra[] = {
    { "games", 0, 0, G_OPTION_ARG_STRING, &games_text, N_("Number of games (default 10)"),
      N_("N") },
    { "white", 0, 0, G_OPTION_ARG_STRING, &white_text,
      N_("Player 1: random, easy, medium, hard, a playout count or a time (500ms)"), N_("LEVEL") },
    { "black", 0, 0, G_OPTION_ARG_STRING, &black_text,
      N_("Player 2: the same choices"), N_("LEVEL") },
    { NULL }
  };
  static const BsCliSpec spec = {
    "selfplay", N_("VARIANT"),
    N_("Play games computer against computer and print wins, draws, mean length "
       "and time per move."),
    BS_CLI_OPT_SET | BS_CLI_OPT_SEED, 1, 1, extra,
  };
  g_autoptr(BsRuleset) rs = NULL;
  g_autofree BsPosition *start = NULL;
  g_autofree BsPosition *pos = NULL;
  g_autofree BsPosition *round_start = NULL;
  g_autofree BsMove *scratch = NULL;
  GError *error = NULL;
  BsCliOptions options;
  Seat seats[2];
  guint64 wins[2] = { 0, 0 }, draws = 0, plies = 0;
  guint64 endings[BS_N_ENDINGS] = { 0 };
  gboolean progress;
  gint64 started;
  BsRng rng;
  int status = BS_CLI_EXIT_OK;
  int games = SELFPLAY_DEFAULT_GAMES;

  g_clear_pointer (&games_text, g_free);
  g_clear_pointer (&white_text, g_free);
  g_clear_pointer (&black_text, g_free);
  if (!bs_cli_parse (&spec, argc, argv, &options))
    return BS_CLI_EXIT_BAD_INPUT;

  if (games_text != NULL)
    bs_cli_parse_int ("--games", games_text, 1, BS_CLI_MAX_GAMES, &games, &error);
  if (error == NULL)
    seat_init (&seats[0], "--white", white_text != NULL ? white_text : "medium", &error);
  if (error == NULL)
    seat_init (&seats[1], "--black", black_text != NULL ? black_text : "medium", &error);
  if (error == NULL)
    rs = bs_cli_load_ruleset (options.args[0], &options, &error);
  if (error != NULL)
    {
      bs_cli_options_clear (&options);
      return bs_cli_fail (error);
    }

  scratch = g_new (BsMove, rs->max_moves);
  bs_rng_init (&rng, (guint64) options.seed);
  /* Progress goes to the terminal on stderr, as study's does: stdout stays the result. */
  progress = isatty (STDERR_FILENO);
  started = g_get_monotonic_time ();

  for (int g = 0; g < games && status == BS_CLI_EXIT_OK; g++)
    {
      g_clear_pointer (&start, g_free);
      start = bs_ruleset_new_position (rs, (guint64) options.seed + g);
      g_clear_pointer (&pos, g_free);
      pos = bs_position_dup (rs, start);
      g_clear_pointer (&round_start, g_free);
      round_start = bs_position_dup (rs, start);

      while (!bs_position_is_over (pos))
        {
          bs_position_copy (rs, round_start, pos);
          /* A simultaneous round: both seats think from the same start. */
          do
            {
              int player = pos->to_move;
              guint64 seed = mix_seed ((guint64) options.seed, g, pos->ply, player);

              if (!seat_play (&seats[player - 1], rs, pos, round_start, player, seed,
                              &rng, scratch, &error))
                {
                  status = bs_cli_fail (error);
                  break;
                }
            }
          while (pos->step != 0 && !bs_position_is_over (pos));
          if (status != BS_CLI_EXIT_OK)
            break;
        }
      if (status != BS_CLI_EXIT_OK)
        break;

      plies += pos->ply;
      endings[bs_ruleset_ending (rs, pos)]++;
      if (pos->result == BS_RESULT_WIN_1 || pos->result == BS_RESULT_WIN_2)
        wins[pos->result - 1]++;
      else
        draws++;
      if (progress)
        {
          /* Translators: selfplay's progress line, rewritten in place: the games
           * played, the games asked, then White's wins, Black's wins and the draws
           * so far. */
          g_autofree char *line = g_strdup_printf (_("Game %d of %d: White %u, Black %u, "
                                                     "draws %u"),
                                                   g + 1, games, (guint) wins[0],
                                                   (guint) wins[1], (guint) draws);

          g_printerr ("\r\033[K%s", line);
        }
    }
  if (progress)
    g_printerr ("\r\033[K");
  if (status != BS_CLI_EXIT_OK)
    {
      bs_cli_options_clear (&options);
      return status;
    }

  if (options.json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();

      json_builder_begin_object (b);
      bs_cli_json_string (b, "variant", rs->variant->id);
      json_builder_set_member_name (b, "games");
      json_builder_add_int_value (b, games);
      json_builder_set_member_name (b, "seed");
      json_builder_add_int_value (b, (gint64) options.seed);
      add_seat_json (b, "white", &seats[0]);
      add_seat_json (b, "black", &seats[1]);
      json_builder_set_member_name (b, "wins");
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "white");
      json_builder_add_int_value (b, (gint64) wins[0]);
      json_builder_set_member_name (b, "black");
      json_builder_add_int_value (b, (gint64) wins[1]);
      json_builder_end_object (b);
      json_builder_set_member_name (b, "draws");
      json_builder_add_int_value (b, (gint64) draws);
      /* How the games ended: {"no-moves": 7, "move-limit": 3} */
      json_builder_set_member_name (b, "endings");
      json_builder_begin_object (b);
      for (guint e = 0; e < BS_N_ENDINGS; e++)
        if (endings[e] > 0)
          {
            json_builder_set_member_name (b, bs_ending_to_string ((BsEnding) e));
            json_builder_add_int_value (b, (gint64) endings[e]);
          }
      json_builder_end_object (b);
      json_builder_set_member_name (b, "mean_plies");
      json_builder_add_double_value (b, (double) plies / games);
      json_builder_set_member_name (b, "seconds");
      json_builder_add_double_value (b, (g_get_monotonic_time () - started) / 1e6);
      json_builder_end_object (b);
      bs_cli_print_builder (b);
    }
  else
    {
      g_print ("%s: %s, %d %s, %d %s (%s %" G_GUINT64_FORMAT ")\n", _("variant"),
               rs->variant->id, rs->n_cells, _("cells"), games, _("games"), _("seed"),
               options.seed);
      print_seat (_("white (1)"), &seats[0]);
      print_seat (_("black (2)"), &seats[1]);
      g_print ("%s: %" G_GUINT64_FORMAT " (%.1f%%)\n", _("white wins"), wins[0],
               100.0 * wins[0] / games);
      g_print ("%s: %" G_GUINT64_FORMAT " (%.1f%%)\n", _("black wins"), wins[1],
               100.0 * wins[1] / games);
      g_print ("%s: %" G_GUINT64_FORMAT " (%.1f%%)\n", _("draws"), draws, 100.0 * draws / games);
      g_print ("%s:", _("endings"));
      for (guint e = 0, first = TRUE; e < BS_N_ENDINGS; e++)
        if (endings[e] > 0)
          {
            g_print ("%s %s %" G_GUINT64_FORMAT, first ? "" : ",",
                     bs_ending_to_string ((BsEnding) e), endings[e]);
            first = FALSE;
          }
      g_print ("\n");
      g_print ("%s: %.1f %s\n", _("mean length"), (double) plies / games, _("plies"));
      g_print ("%s: %.1f s\n", _("total time"), (g_get_monotonic_time () - started) / 1e6);
    }
  bs_cli_options_clear (&options);
  return BS_CLI_EXIT_OK;
}
