/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-cli"

#include "config.h"

#include <glib/gi18n.h>

#include "bs-alphabeta.h"
#include "bs-cli-common.h"
#include "bs-error.h"
#include "bs-player-spec.h"
#include "bs-search.h"

/* think VARIANT [--moves …] [--playouts N | --level LEVEL] [--seed S]:
 * searches the position and prints the chosen move with its statistics
 * and those of the best alternatives (visits, win rate for the player to
 * move). For a simultaneous game the position must be at the start of a
 * round; the output is the round's orders of the player to move (or
 * --player P), and the candidates are listed per piece.
 *
 * --algorithm alphabeta[:SETTINGS] searches with alpha-beta instead
 * (SETTINGS as in bs_alpha_beta_params_parse: cpu=SECONDS, depth=N,
 * weights=FILE, …)
 * and prints the move, its value, the depth reached and the nodes.
 *
 * --algorithm strongest[:cpu=SECONDS] searches as the app's Strongest
 * level does in this game (bs_ruleset_get_strongest_search): alpha-beta or
 * Hard's MCTS, with that budget of CPU time, and says which. */

#define THINK_DEFAULT_PLAYOUTS 10000
#define THINK_TOP              10

/* The position to think about, refused when the game is over there. */
static BsPosition *
think_position (const BsRuleset     *rs,
                const BsCliOptions  *options,
                GError             **error)
{
  g_autofree BsPosition *pos = bs_cli_start_position (rs, options, error);

  if (pos != NULL && bs_position_is_over (pos))
    {
      g_set_error (error, BS_RULES_ERROR, BS_RULES_ERROR_GAME_OVER,
                   /* Translators: %s is how the game ended ("player 1 wins", "draw"). */
                   _("the game is over (%s): there is no move to think about"),
                   bs_result_describe ((BsResult) pos->result));
      return NULL;
    }
  return g_steal_pointer (&pos);
}

/* Searches pos with alpha-beta and prints the move; search is the
 * JSON's "search" member and the text's "search:" line, or NULL for none
 * (only a strongest player says which search it became). */
static int
think_alpha_beta_run (const BsCliOptions      *options,
                      BsRuleset               *rs,
                      const BsPosition        *pos,
                      const BsAlphaBetaParams *params,
                      const char              *search)
{
  g_autofree char *move = NULL;
  GError *error = NULL;
  BsAlphaBetaResult result;

  if (!bs_alpha_beta_run (rs, pos, params, NULL, &result, &error))
    return bs_cli_fail (error);

  move = bs_ruleset_format_move (rs, pos, result.move);
  if (options->json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();

      json_builder_begin_object (b);
      bs_cli_json_string (b, "variant", rs->variant->id);
      if (search != NULL)
        bs_cli_json_string (b, "search", search);
      json_builder_set_member_name (b, "player");
      json_builder_add_int_value (b, pos->to_move);
      bs_cli_json_string (b, "move", move);
      json_builder_set_member_name (b, "value");
      json_builder_add_int_value (b, result.value);
      json_builder_set_member_name (b, "depth");
      json_builder_add_int_value (b, result.depth);
      json_builder_set_member_name (b, "nodes");
      json_builder_add_int_value (b, (gint64) result.nodes);
      json_builder_set_member_name (b, "cpu_seconds");
      json_builder_add_double_value (b, result.cpu_us / 1e6);
      json_builder_end_object (b);
      bs_cli_print_builder (b);
    }
  else
    {
      g_autofree char *who = bs_cli_player_name (rs, pos->to_move);

      if (search != NULL)
        g_print ("%s: %s\n", _("search"), search);
      g_print ("%s: %s\n%s: %s\n", _("player"), who, _("move"), move);
      g_print (_("value: %d (hundredths of a piece for the player to move)\n"), result.value);
      g_print (_("depth: %u plies, %llu nodes in %.3f CPU s\n"),
               result.depth, (unsigned long long) result.nodes, result.cpu_us / 1e6);
    }
  return BS_CLI_EXIT_OK;
}

/* think --algorithm alphabeta[:SETTINGS]; settings is what follows
 * "alphabeta". */
static int
think_alpha_beta (const BsCliOptions *options,
                  const char         *level_text,
                  const char         *settings)
{
  g_autoptr(BsRuleset) rs = NULL;
  g_autofree BsPosition *pos = NULL;
  GError *error = NULL;
  BsAlphaBetaParams params = { 0 };
  int status;

  if (level_text != NULL || options->playouts > 0)
    g_set_error (&error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                 _("--level and --playouts are budgets of mcts: give alpha-beta's as "
                   "alphabeta:cpu=SECONDS or alphabeta:depth=N"));
  else if (*settings != '\0' && *settings != ':')
    g_set_error (&error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                 _("--algorithm: expected mcts or alphabeta[:SETTINGS]"));
  else
    bs_alpha_beta_params_parse (&params, *settings == ':' ? settings + 1 : "", &error);
  if (error == NULL)
    rs = bs_cli_load_ruleset (options->args[0], options, &error);
  if (rs != NULL)
    pos = think_position (rs, options, &error);
  if (error != NULL)
    {
      bs_alpha_beta_params_clear (&params);
      return bs_cli_fail (error);
    }
  status = think_alpha_beta_run (options, rs, pos, &params, NULL);
  bs_alpha_beta_params_clear (&params);
  return status;
}

int
bs_cli_think (int    argc,
              char **argv)
{
  static char *level_text = NULL;
  static char *player_text = NULL;
  static char *threads_text = NULL;
  static char *cut_text = NULL;
  static char *algorithm_text = NULL;
  static gboolean shared_tree = FALSE;
  static const GOptionEntry extra[] = {
    { "algorithm", 0, 0, G_OPTION_ARG_STRING, &algorithm_text,
      N_("mcts (the default), alphabeta[:SETTINGS] (such as alphabeta:cpu=0.5) or "
         "strongest[:cpu=SECONDS] (the search the game declares for the Strongest level)"),
      N_("NAME") },
    { "level", 0, 0, G_OPTION_ARG_STRING, &level_text,
      N_("easy, medium, hard, a playout count or a time (500ms), instead of --playouts"),
      N_("LEVEL") },
    { "player", 0, 0, G_OPTION_ARG_STRING, &player_text,
      N_("Simultaneous games: whose orders to choose (1 or 2)"), N_("P") },
    { "threads", 0, 0, G_OPTION_ARG_STRING, &threads_text,
      N_("Grow N trees at once, one a thread, merged at the root (turn-based games; "
         "a time is each tree's, playouts are shared out)"), N_("N") },
    { "shared-tree", 0, 0, G_OPTION_ARG_NONE, &shared_tree,
      N_("With --threads: the threads grow one shared tree instead of a tree each"), NULL },
    { "cut", 0, 0, G_OPTION_ARG_STRING, &cut_text,
      N_("Evaluation-cut playouts: stop each playout after K random moves and score it "
         "by the evaluation (in simultaneous rounds, after the round searched; "
         "0 = play to the end)"), N_("K") },
    { NULL }
  };
  static const BsCliSpec spec = {
    "think", N_("VARIANT"),
    N_("Search a position and print the chosen move and its statistics."),
    BS_CLI_OPT_SET | BS_CLI_OPT_MOVES | BS_CLI_OPT_SEED | BS_CLI_OPT_PLAYOUTS, 1, 1, extra,
  };
  g_autoptr(BsRuleset) rs = NULL;
  g_autofree BsPosition *pos = NULL;
  g_autofree BsPosition *step_pos = NULL;
  g_autoptr(BsSearchResult) result = NULL;
  g_autofree char *turn = NULL;
  g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
  GError *error = NULL;
  BsCliOptions options;
  BsSearchParams params;
  BsPlayerSpec strongest_spec = { 0 };
  const char *search = NULL;   /* the search strongest or Hard became, else NULL */
  gboolean strongest;
  guint step = 0;
  int player = 0;

  g_clear_pointer (&level_text, g_free);
  g_clear_pointer (&player_text, g_free);
  g_clear_pointer (&threads_text, g_free);
  g_clear_pointer (&cut_text, g_free);
  g_clear_pointer (&algorithm_text, g_free);
  shared_tree = FALSE;
  if (!bs_cli_parse (&spec, argc, argv, &options))
    return BS_CLI_EXIT_BAD_INPUT;

  if (shared_tree && threads_text == NULL)
    {
      g_set_error_literal (&error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                           _("--shared-tree: give the threads that share it with --threads N"));
      bs_cli_options_clear (&options);
      return bs_cli_fail (error);
    }

  if (algorithm_text != NULL && g_str_has_prefix (algorithm_text, "alphabeta")
      && (threads_text != NULL || cut_text != NULL))
    {
      g_set_error (&error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   threads_text != NULL ? _("--threads: only mcts searches in several threads")
                                        : _("--cut: only mcts has playouts to cut"));
      bs_cli_options_clear (&options);
      return bs_cli_fail (error);
    }
  if (algorithm_text != NULL && g_str_has_prefix (algorithm_text, "alphabeta"))
    {
      int status = think_alpha_beta (&options, level_text, algorithm_text + strlen ("alphabeta"));

      bs_cli_options_clear (&options);
      return status;
    }
  strongest = algorithm_text != NULL && (g_str_equal (algorithm_text, "strongest")
                                         || g_str_has_prefix (algorithm_text, "strongest:"));
  if (algorithm_text != NULL && !strongest && !g_str_equal (algorithm_text, "mcts"))
    {
      g_set_error (&error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("--algorithm: “%s” is not an algorithm: mcts, alphabeta[:SETTINGS] or "
                     "strongest[:cpu=SECONDS]"),
                   algorithm_text);
      bs_cli_options_clear (&options);
      return bs_cli_fail (error);
    }

  if (strongest)
    {
      /* The search the game declares for the Strongest level, with its budget. */
      if (level_text != NULL || options.playouts > 0 || threads_text != NULL
          || cut_text != NULL)
        g_set_error (&error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                     _("--level, --playouts, --threads and --cut do not apply to strongest: "
                       "give its budget as strongest:cpu=SECONDS"));
      else if (bs_player_spec_parse (&strongest_spec, algorithm_text,
                                     BS_PLAYER_SPEC_FLAGS_NONE, &error)
               && (rs = bs_cli_load_ruleset (options.args[0], &options, &error)) != NULL
               && bs_player_spec_check_ruleset (&strongest_spec, rs, &error)
               && strongest_spec.kind == BS_PLAYER_SPEC_ALPHA_BETA)
        {
          int status;

          pos = think_position (rs, &options, &error);
          status = pos != NULL ? think_alpha_beta_run (&options, rs, pos,
                                                       &strongest_spec.alpha_beta, "ab")
                               : bs_cli_fail (error);
          bs_player_spec_clear (&strongest_spec);
          bs_cli_options_clear (&options);
          return status;
        }
      params = strongest_spec.mcts;
      params.seed = options.seed;
      search = "mcts";
    }
  else if (level_text != NULL && options.playouts > 0)
    g_set_error (&error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                 _("--level and --playouts: give one or the other"));
  else if (level_text != NULL)
    {
      if (bs_cli_check_level ("--level", level_text, FALSE, &error))
        bs_search_params_parse (&params, level_text, options.seed, &error);
    }
  else
    {
      bs_search_params_init (&params, BS_SEARCH_LEVEL_CUSTOM, options.seed);
      params.playouts = options.playouts > 0 ? options.playouts : THINK_DEFAULT_PLAYOUTS;
    }
  if (error == NULL && player_text != NULL)
    bs_cli_parse_int ("--player", player_text, 1, 2, &player, &error);
  params.player = player;
  if (error == NULL && threads_text != NULL)
    {
      int threads = 1;

      if (bs_cli_parse_int ("--threads", threads_text, 1, BS_SEARCH_MAX_THREADS, &threads,
                            &error))
        params.threads = (guint) threads;
      params.shared_tree = shared_tree;
    }
  if (error == NULL && cut_text != NULL)
    {
      int cut = 0;

      if (bs_cli_parse_int ("--cut", cut_text, 0, BS_SEARCH_MAX_PLAYOUT_CUT, &cut, &error))
        params.playout_cut = (guint) cut;
    }
  bs_player_spec_clear (&strongest_spec);
  if (error == NULL && rs == NULL)
    rs = bs_cli_load_ruleset (options.args[0], &options, &error);
  /* --level hard is the app's Hard: the search the game declares, Monte Carlo with the
   * game's cut unless --cut is given; --threads and --cut ask for Monte Carlo. */
  if (error == NULL && level_text != NULL && params.level == BS_SEARCH_LEVEL_HARD &&
      cut_text == NULL)
    {
      guint64 seed = params.seed;
      guint threads = params.threads;
      BsPlayerSpec hard = { 0 };

      /* The lab's bare "hard" is the app's Hard: one decision, in the player spec. */
      if (threads_text == NULL
          && bs_player_spec_parse (&hard, "hard", BS_PLAYER_SPEC_BARE_LEVELS, NULL)
          && bs_player_spec_check_ruleset (&hard, rs, NULL)
          && hard.kind == BS_PLAYER_SPEC_ALPHA_BETA)
        {
          int status;

          pos = think_position (rs, &options, &error);
          status = pos != NULL ? think_alpha_beta_run (&options, rs, pos, &hard.alpha_beta, "ab")
                               : bs_cli_fail (error);
          bs_player_spec_clear (&hard);
          bs_cli_options_clear (&options);
          return status;
        }
      bs_player_spec_clear (&hard);
      bs_search_params_init_for_game (&params, BS_SEARCH_LEVEL_HARD, rs, seed);
      params.player = player;
      params.threads = threads;
      search = "mcts";
    }
  if (error == NULL)
    pos = think_position (rs, &options, &error);
  if (error == NULL)
    result = bs_search_run (rs, pos, &params, NULL, NULL, &error);
  if (result == NULL)
    {
      bs_cli_options_clear (&options);
      return bs_cli_fail (error);
    }

  /* Each candidate's notation needs the position before its step: walk
   * the preferred round (one step for turn-based games). */
  step_pos = bs_position_dup (rs, pos);
  for (guint i = 0; i < result->candidates->len; i++)
    {
      const BsSearchCandidate *c = &g_array_index (result->candidates, BsSearchCandidate, i);

      while (step < c->step)
        bs_ruleset_apply (rs, step_pos, result->round_steps[step++], NULL);
      g_ptr_array_add (texts, bs_ruleset_format_move (rs, step_pos, c->move));
    }
  if (bs_ruleset_is_simultaneous (rs))
    turn = bs_ruleset_format_turn (rs, pos, result->round_steps, result->n_round_steps);
  else
    turn = bs_ruleset_format_move (rs, pos, result->steps[0]);

  if (options.json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();
      guint shown = 0, last_step = G_MAXUINT;

      json_builder_begin_object (b);
      bs_cli_json_string (b, "variant", rs->variant->id);
      if (search != NULL)
        bs_cli_json_string (b, "search", search);
      json_builder_set_member_name (b, "player");
      json_builder_add_int_value (b, result->player);
      if (bs_ruleset_is_simultaneous (rs))
        {
          g_autofree BsPosition *order_pos = bs_position_dup (rs, pos);

          bs_cli_json_string (b, "round", turn);
          /* The player's own orders, one per piece. */
          json_builder_set_member_name (b, "orders");
          json_builder_begin_array (b);
          for (guint i = 0; i < result->n_round_steps; i++)
            {
              if (i >= result->player_first_step &&
                  i < result->player_first_step + result->n_steps)
                {
                  g_autofree char *order = bs_ruleset_format_move (rs, order_pos,
                                                                   result->round_steps[i]);
                  json_builder_add_string_value (b, order);
                }
              bs_ruleset_apply (rs, order_pos, result->round_steps[i], NULL);
            }
          json_builder_end_array (b);
        }
      else
        bs_cli_json_string (b, "move", turn);
      json_builder_set_member_name (b, "win_rate");
      json_builder_add_double_value (b, result->win_rate);
      json_builder_set_member_name (b, "iterations");
      json_builder_add_int_value (b, (gint64) result->iterations);
      json_builder_set_member_name (b, "seconds");
      json_builder_add_double_value (b, result->elapsed_us / 1e6);
      json_builder_set_member_name (b, "iterations_per_second");
      json_builder_add_double_value (b, result->iterations * 1e6 / MAX (result->elapsed_us, 1));
      json_builder_set_member_name (b, "cpu_seconds");
      json_builder_add_double_value (b, result->cpu_us / 1e6);
      json_builder_set_member_name (b, "iterations_per_cpu_second");
      json_builder_add_double_value (b, result->iterations * 1e6 / MAX (result->cpu_us, 1));
      json_builder_set_member_name (b, "nodes");
      json_builder_add_int_value (b, result->n_nodes);
      json_builder_set_member_name (b, "bytes");
      json_builder_add_int_value (b, (gint64) result->bytes_used);
      json_builder_set_member_name (b, "candidates");
      json_builder_begin_array (b);
      for (guint i = 0; i < result->candidates->len; i++)
        {
          const BsSearchCandidate *c = &g_array_index (result->candidates, BsSearchCandidate, i);

          if (c->step != last_step)
            shown = 0;
          last_step = c->step;
          if (shown++ >= THINK_TOP)
            continue;
          json_builder_begin_object (b);
          bs_cli_json_string (b, "move", g_ptr_array_index (texts, i));
          json_builder_set_member_name (b, "step");
          json_builder_add_int_value (b, c->step);
          json_builder_set_member_name (b, "visits");
          json_builder_add_int_value (b, c->visits);
          json_builder_set_member_name (b, "win_rate");
          json_builder_add_double_value (b, c->win_rate);
          json_builder_set_member_name (b, "proven");
          if (c->proven > 0)
            json_builder_add_string_value (b, "win");
          else if (c->proven < 0)
            json_builder_add_string_value (b, "loss");
          else
            json_builder_add_null_value (b);
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
      json_builder_end_object (b);
      bs_cli_print_builder (b);
    }
  else
    {
      g_autofree char *who = bs_cli_player_name (rs, result->player);
      guint shown = 0, last_step = G_MAXUINT;

      if (search != NULL)
        g_print ("%s: %s\n", _("search"), search);
      if (bs_ruleset_is_simultaneous (rs))
        g_print ("%s: %s\n%s: %s\n", _("player"), who, _("round"), turn);
      else
        g_print ("%s: %s\n%s: %s\n", _("player"), who, _("move"), turn);
      g_print ("%s: %.1f%%\n", _("win rate"), 100.0 * result->win_rate);
      /* Translators: the search's figures: "iterations: 52000 in 1.000 s (52000/s; 26000
       * per CPU second), 41000 nodes, 3200.5 KiB". */
      g_print (_("iterations: %llu in %.3f s (%.0f/s; %.0f per CPU second), "
                 "%u nodes, %.1f KiB\n"),
               (unsigned long long) result->iterations, result->elapsed_us / 1e6,
               result->iterations * 1e6 / MAX (result->elapsed_us, 1),
               result->iterations * 1e6 / MAX (result->cpu_us, 1),
               result->n_nodes, result->bytes_used / 1024.0);
      for (guint i = 0; i < result->candidates->len; i++)
        {
          const BsSearchCandidate *c = &g_array_index (result->candidates, BsSearchCandidate, i);
          gboolean own = c->step >= result->player_first_step &&
                         c->step < result->player_first_step + result->n_steps;

          if (c->step != last_step)
            {
              shown = 0;
              if (bs_ruleset_is_simultaneous (rs) && own)
                g_print ("%s %u:\n", _("order"), c->step - result->player_first_step + 1);
            }
          last_step = c->step;
          if (!own || shown++ >= THINK_TOP)
            continue;
          g_print ("  %-12s %8u %s  %5.1f%%%s\n", (const char *) g_ptr_array_index (texts, i),
                   c->visits, _("visits"), 100.0 * c->win_rate,
                   c->proven > 0 ? _("  (wins)") : c->proven < 0 ? _("  (loses)") : "");
        }
    }
  bs_cli_options_clear (&options);
  return BS_CLI_EXIT_OK;
}
