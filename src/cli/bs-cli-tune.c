/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-cli"

#include "config.h"

#include <unistd.h>

#include <glib/gi18n.h>

#include "bs-cli-common.h"
#include "bs-tuner.h"

/* tune VARIANT [--set K=V …] [--games N] [--seed S] [-o FILE] [--player A]
 * [--opponent B] [--noise P] [--per-game K] [--l2 L] [--eval KIND]:
 * learns the weights of the variant's evaluation from self-play
 * (bs-tuner.h), writes them to FILE (a key file, bs-weights.h; by default
 * VARIANT.weights in the current directory) and prints what the fit gained
 * on the held-out games. alpha-beta reads the file with `ab:weights=FILE`. */

static void
on_progress (guint    game,
             guint    games,
             gpointer user_data)
{
  /* Translators: tune's progress line, rewritten in place: games played of games asked. */
  g_printerr ("\r\033[K%s", _("Self-play"));
  g_printerr (" %u/%u", game, games);
}

static void
add_reals (JsonBuilder  *b,
           const char   *name,
           const double *values,
           guint         n)
{
  json_builder_set_member_name (b, name);
  json_builder_begin_array (b);
  for (guint i = 0; i < n; i++)
    json_builder_add_double_value (b, values[i]);
  json_builder_end_array (b);
}

static void
add_real (JsonBuilder *b,
          const char  *name,
          double       value)
{
  json_builder_set_member_name (b, name);
  json_builder_add_double_value (b, value);
}

static void
print_json (const BsWeights *w,
            const char      *path,
            const double    *hand)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();

  json_builder_begin_object (b);
  bs_cli_json_string (b, "game", w->game);
  bs_cli_json_string (b, "variant", w->variant);
  bs_cli_json_string (b, "file", path);
  bs_cli_json_string (b, "players", w->players);
  json_builder_set_member_name (b, "seed");
  json_builder_add_int_value (b, (gint64) w->seed);
  json_builder_set_member_name (b, "games");
  json_builder_add_int_value (b, w->games);
  json_builder_set_member_name (b, "positions");
  json_builder_add_int_value (b, w->positions);
  json_builder_set_member_name (b, "held_out_positions");
  json_builder_add_int_value (b, w->held_out);
  json_builder_set_member_name (b, "features");
  json_builder_begin_array (b);
  for (guint i = 0; i < w->n_features; i++)
    json_builder_add_string_value (b, w->features[i]);
  json_builder_end_array (b);
  add_reals (b, "weights", w->weights, w->n_features);
  add_reals (b, "hand_weights", hand, w->n_features);
  add_reals (b, "logit_weights", w->logit, w->n_features);
  add_real (b, "scale", w->scale);
  add_real (b, "intercept", w->intercept);
  add_real (b, "side_to_move", w->side_to_move);
  add_real (b, "log_loss_zero", w->log_loss_zero);
  add_real (b, "log_loss_before", w->log_loss_before);
  add_real (b, "log_loss_after", w->log_loss_after);
  json_builder_end_object (b);
  bs_cli_print_builder (b);
}

static void
print_text (const BsWeights *w,
            const char      *path,
            const double    *hand)
{
  /* Translators: tune's summary, first line: the variant, then the players. */
  g_print (_("%s: %u games of %s (seed %llu)\n"), w->variant, w->games, w->players,
           (unsigned long long) w->seed);
  g_print (_("positions: %u fitted, %u held out (every game's positions on one side)\n"),
           w->positions, w->held_out);
  /* Translators: the header of tune's table of weights. */
  g_print ("%-16s %10s %10s %10s\n", _("feature"), _("by hand"), _("learned"), _("logit"));
  for (guint i = 0; i < w->n_features; i++)
    g_print ("%-16s %10.4f %10.4f %10.4f\n", w->features[i], hand[i], w->weights[i],
             w->logit[i]);
  g_print (_("scale: %.4f logit per piece; side to move %+.4f, intercept %+.4f\n"), w->scale,
           w->side_to_move, w->intercept);
  g_print (_("held-out log-loss: %.4f with no feature, %.4f with the hand weights, "
             "%.4f learned\n"), w->log_loss_zero, w->log_loss_before, w->log_loss_after);
  g_print (_("written to %s (use it as ab:weights=%s)\n"), path, path);
}

int
bs_cli_tune (int    argc,
             char **argv)
{
  static char *games_text = NULL;
  static char *output = NULL;
  static char *player_text = NULL;
  static char *opponent_text = NULL;
  static char *noise_text = NULL;
  static char *per_game_text = NULL;
  static char *l2_text = NULL;
  static char *eval_text = NULL;
  static const GOptionEntry extra[] = {
    { "games", 0, 0, G_OPTION_ARG_STRING, &games_text,
      N_("Number of self-play games (default 200)"), N_("N") },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_("Write the weights to FILE (default VARIANT.weights)"), N_("FILE") },
    { "player", 0, 0, G_OPTION_ARG_STRING, &player_text,
      N_("Player A: random, mcts:LEVEL or ab[:SETTINGS] (default ab:depth=2)"), N_("PLAYER") },
    { "opponent", 0, 0, G_OPTION_ARG_STRING, &opponent_text,
      N_("Player B (default the same as A); colours alternate"), N_("PLAYER") },
    { "noise", 0, 0, G_OPTION_ARG_STRING, &noise_text,
      N_("Share of random moves after the opening (default 0.1)"), N_("P") },
    { "per-game", 0, 0, G_OPTION_ARG_STRING, &per_game_text,
      N_("Positions sampled from each game (default 8)"), N_("K") },
    { "l2", 0, 0, G_OPTION_ARG_STRING, &l2_text,
      N_("L2 regularisation of the features' weights (default 0.001)"), N_("L") },
    { "eval", 0, 0, G_OPTION_ARG_STRING, &eval_text,
      N_("features (the module's, the default) or generic (material and mobility)"),
      N_("KIND") },
    { NULL }
  };
  static const BsCliSpec spec = {
    "tune", N_("VARIANT"),
    N_("Learn the evaluation's weights from self-play and write them to a file."),
    BS_CLI_OPT_SET | BS_CLI_OPT_SEED, 1, 1, extra,
  };
  g_autoptr(BsRuleset) rs = NULL;
  g_autoptr(BsWeights) weights = NULL;
  g_autofree char *path = NULL;
  GError *error = NULL;
  BsCliOptions options;
  BsPlayerSpec players[2] = { { 0 } };
  BsTunerParams params;
  BsFeatureSpec specs[BS_MAX_FEATURES];
  double hand[BS_MAX_FEATURES];
  guint n;

  g_clear_pointer (&games_text, g_free);
  g_clear_pointer (&output, g_free);
  g_clear_pointer (&player_text, g_free);
  g_clear_pointer (&opponent_text, g_free);
  g_clear_pointer (&noise_text, g_free);
  g_clear_pointer (&per_game_text, g_free);
  g_clear_pointer (&l2_text, g_free);
  g_clear_pointer (&eval_text, g_free);
  if (!bs_cli_parse (&spec, argc, argv, &options))
    return BS_CLI_EXIT_BAD_INPUT;

  bs_tuner_params_init (&params);
  params.seed = options.seed;
  if (games_text != NULL)
    bs_cli_parse_uint ("--games", games_text, BS_TUNER_DEFAULT_HELD_OUT_EVERY,
                       BS_CLI_MAX_GAMES, &params.games, &error);
  if (error == NULL && noise_text != NULL)
    bs_cli_parse_real ("--noise", noise_text, 0, 1, BS_CLI_RANGE_CLOSED, &params.noise, &error);
  if (error == NULL && per_game_text != NULL)
    bs_cli_parse_uint ("--per-game", per_game_text, 1, 1000, &params.per_game, &error);
  if (error == NULL && l2_text != NULL)
    bs_cli_parse_real ("--l2", l2_text, 0, 1000, BS_CLI_RANGE_CLOSED, &params.l2, &error);
  if (error == NULL && eval_text != NULL)
    {
      if (g_str_equal (eval_text, "generic"))
        params.evaluation = BS_EVALUATION_GENERIC;
      else if (!g_str_equal (eval_text, "features"))
        g_set_error (&error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                     _("--eval: “%s” is not features or generic"), eval_text);
    }
  if (error == NULL)
    bs_player_spec_parse (&players[0], player_text != NULL ? player_text
                                                           : BS_TUNER_DEFAULT_PLAYER,
                          BS_PLAYER_SPEC_FLAGS_NONE, &error);
  if (error == NULL)
    bs_player_spec_parse (&players[1], opponent_text != NULL ? opponent_text
                                                             : players[0].text,
                          BS_PLAYER_SPEC_FLAGS_NONE, &error);
  if (error == NULL)
    rs = bs_cli_load_ruleset (options.args[0], &options, &error);
  /* A "strongest" player becomes the search the game declares, ",cut=game" the
   * game's cut (the tuner says itself why a game of simultaneous rounds cannot
   * be tuned). */
  for (int i = 0; i < 2 && rs != NULL && error == NULL; i++)
    if (players[i].game_chooses || players[i].cut_from_game)
      bs_player_spec_check_ruleset (&players[i], rs, &error);
  if (rs != NULL && error == NULL)
    {
      params.players[0] = &players[0];
      params.players[1] = &players[1];
      weights = bs_tuner_run (rs, &params, isatty (STDERR_FILENO) ? on_progress : NULL, NULL,
                              &error);
      if (isatty (STDERR_FILENO))
        g_printerr ("\r\033[K");
    }
  if (weights != NULL)
    {
      g_strfreev (weights->settings);
      weights->settings = g_strdupv (options.sets != NULL ? options.sets : (char *[]) { NULL });
      path = output != NULL ? g_strdup (output) : g_strconcat (rs->variant->id, ".weights", NULL);
      bs_weights_save (weights, path, &error);
    }
  bs_player_spec_clear (&players[0]);
  bs_player_spec_clear (&players[1]);
  if (error != NULL)
    {
      bs_cli_options_clear (&options);
      return bs_cli_fail (error);
    }

  n = bs_evaluation_features (rs, params.evaluation, specs);
  for (guint i = 0; i < n; i++)
    hand[i] = specs[i].weight;
  if (options.json)
    print_json (weights, path, hand);
  else
    print_text (weights, path, hand);
  bs_cli_options_clear (&options);
  return BS_CLI_EXIT_OK;
}
