/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-cli"

#include "config.h"

#include <errno.h>
#include <unistd.h>

#include <glib/gi18n.h>

#include "bs-cli-common.h"
#include "bs-elo.h"
#include "bs-error.h"
#include "bs-player-spec.h"
#include "bs-record.h"
#include "bs-rng.h"
#include "bs-search.h"
#include "bs-study-stats.h"

/* match VARIANT A B [--games N] [--seed S] [--records DIR] [--opening-turns K]:
 * player A against player B, colours alternating (A is player 1 in games 1,
 * 3, …), every move checked legal; with K > 0 both games of a pair begin
 * with the same K random turns (a balanced opening, so a game whose first
 * player wins from the start still measures the players: docs/SEARCH.md).
 * A player is `random`, `mcts:LEVEL` (a level of `think`, or
 * `cpu=SECONDS`: Hard's search with a budget of the thread's CPU time)
 * or `ab[:SETTINGS]` (alpha-beta: cpu=SECONDS, depth=N, nodes=N,
 * eval=features|generic|material, weights=FILE) or
 * `strongest[:cpu=SECONDS]` (the search the game declares for the app's
 * Strongest level, bs_ruleset_get_strongest_search). In a game of
 * simultaneous rounds each player chooses all their orders of a round from
 * its start, without seeing the other's, as selfplay's seats do;
 * alpha-beta searches turn-based games only. Prints A's wins, draws and
 * losses and A's score (a draw is ½) with its 95% Wilson interval,
 * draw-aware as the balance lab's is. */

#define MATCH_DEFAULT_GAMES 10
/* Random openings that end the game are drawn again, at most this often. */
#define MATCH_OPENING_ATTEMPTS 1000
#define MATCH_MAX_OPENING_TURNS 1000

typedef struct {
  const char   *spec;
  BsPlayerSpec  player;
  /* Totals over the run. */
  guint64       moves;
  gint64        cpu_us;
  guint64       depths;      /* alpha-beta: sum of the depths reached */
} Player;

static gboolean
player_init (Player      *player,
             const char  *spec,
             GError     **error)
{
  memset (player, 0, sizeof *player);
  player->spec = spec;
  return bs_player_spec_parse (&player->player, spec, BS_PLAYER_SPEC_FLAGS_NONE, error);
}

static guint64
mix_seed (guint64 seed,
          guint64 game,
          guint64 ply)
{
  guint64 state = seed ^ (game * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15)) ^ (ply << 20);

  return bs_splitmix64 (&state);
}

/* Applies one step of the player's, checked legal first, and keeps it in the turn. */
static gboolean
play_step (Player      *player,
           BsRuleset   *rs,
           BsPosition  *pos,
           BsMove       move,
           int          game,
           BsMove      *scratch,
           GArray      *turn,
           GError     **error)
{
  g_autofree char *text = bs_ruleset_format_move (rs, pos, move);

  if (!bs_ruleset_is_legal (rs, pos, move, scratch))
    {
      g_set_error (error, BS_RULES_ERROR, BS_RULES_ERROR_ILLEGAL,
                   _("%s chose an illegal move %s at ply %u of game %d"),
                   player->spec, text, pos->ply + 1, game + 1);
      return FALSE;
    }
  g_array_append_val (turn, move);
  bs_ruleset_apply (rs, pos, move, NULL);
  return TRUE;
}

/* The player's part of the turn on pos (not over): one step of a
 * turn-based game, or every order of theirs in a simultaneous round, chosen
 * from the round's start. */
static gboolean
player_play (Player            *player,
             BsRuleset         *rs,
             BsPosition        *pos,
             const BsPosition  *round_start,
             int                game,
             guint64            seed,
             BsRng             *rng,
             BsMove            *scratch,
             GArray            *turn,
             GError           **error)
{
  int me = pos->to_move;

  player->moves++;
  if (player->player.kind == BS_PLAYER_SPEC_RANDOM)
    {
      do
        {
          if (!play_step (player, rs, pos, bs_ruleset_random_move (rs, pos, rng, scratch), game,
                          scratch, turn, error))
            return FALSE;
        }
      while (pos->step != 0 && pos->to_move == me && !bs_position_is_over (pos));
      return TRUE;
    }
  if (player->player.kind == BS_PLAYER_SPEC_MCTS)
    {
      g_autoptr(BsSearchResult) result = NULL;
      BsSearchParams params = player->player.mcts;

      params.seed = seed;
      params.player = me;
      /* A turn's later steps are searched from where they start; a round's orders from the
       * round's start, which is all a player sees of it. */
      result = bs_search_run (rs, bs_ruleset_is_simultaneous (rs) ? round_start : pos, &params,
                              NULL, NULL, error);
      if (result == NULL)
        return FALSE;
      player->cpu_us += result->cpu_us;
      for (guint i = 0; i < result->n_steps; i++)
        {
          if (pos->to_move != me)
            {
              g_autofree char *text = bs_ruleset_format_move (rs, pos, result->steps[i]);

              g_set_error (error, BS_RULES_ERROR, BS_RULES_ERROR_ILLEGAL,
                           _("%s chose an illegal move %s at ply %u of game %d"),
                           player->spec, text, pos->ply + 1, game + 1);
              return FALSE;
            }
          if (!play_step (player, rs, pos, result->steps[i], game, scratch, turn, error))
            return FALSE;
        }
      return TRUE;
    }
  else
    {
      BsAlphaBetaResult result;

      if (!bs_alpha_beta_run (rs, pos, &player->player.alpha_beta, NULL, &result, error))
        return FALSE;
      player->cpu_us += result.cpu_us;
      player->depths += result.depth;
      return play_step (player, rs, pos, result.move, game, scratch, turn, error);
    }
}

static gboolean
save_record (const char  *dir,
             int          game,
             BsRecord    *record,
             GError     **error)
{
  g_autofree char *name = g_strdup_printf ("game-%04d.xml", game + 1);
  g_autofree char *path = g_build_filename (dir, name, NULL);

  if (g_mkdir_with_parents (dir, 0755) != 0)
    {
      int saved = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                   _("Cannot create %s: %s"), dir, g_strerror (saved));
      return FALSE;
    }
  return bs_record_save_file (record, path, error);
}

/* The search a "strongest" player became in this game, in the players' own words. */
static const char *
strongest_search (const Player *player)
{
  return player->player.kind == BS_PLAYER_SPEC_ALPHA_BETA ? "ab" : "mcts";
}

static void
add_player_json (JsonBuilder  *b,
                 const char   *name,
                 const Player *player)
{
  json_builder_set_member_name (b, name);
  json_builder_begin_object (b);
  bs_cli_json_string (b, "player", player->spec);
  if (player->player.game_chooses)
    bs_cli_json_string (b, "search", strongest_search (player));
  json_builder_set_member_name (b, "moves");
  json_builder_add_int_value (b, (gint64) player->moves);
  json_builder_set_member_name (b, "cpu_seconds_per_move");
  json_builder_add_double_value (b, player->moves > 0 ? player->cpu_us / 1e6 / player->moves : 0);
  if (player->player.kind == BS_PLAYER_SPEC_ALPHA_BETA)
    {
      json_builder_set_member_name (b, "mean_depth");
      json_builder_add_double_value (b, player->moves > 0 ? (double) player->depths / player->moves : 0);
    }
  json_builder_end_object (b);
}

static void
print_player (const char   *name,
              const Player *player)
{
  g_print ("%s: %s", name, player->spec);
  if (player->player.game_chooses)
    g_print (" (%s)", strongest_search (player));
  g_print (", %" G_GUINT64_FORMAT " %s, %.3f %s", player->moves,
           _("moves"), player->moves > 0 ? player->cpu_us / 1e6 / player->moves : 0.0,
           _("CPU s a move"));
  if (player->player.kind == BS_PLAYER_SPEC_ALPHA_BETA && player->moves > 0)
    g_print (_(", mean depth %.1f"), (double) player->depths / player->moves);
  g_print ("\n");
}

/* The line that says the games of a pair share a random opening, when they do. */
static void
print_openings (int opening_turns)
{
  if (opening_turns > 0)
    g_print (g_dngettext (GETTEXT_PACKAGE,
                          "each pair of games begins with the same %d random turn\n",
                          "each pair of games begins with the same %d random turns\n",
                          (gulong) opening_turns), opening_turns);
}

/* What a run of games between two players adds up to, from A's side. */
typedef struct {
  guint64 wins;
  guint64 draws;
  guint64 losses;
} Tally;

/* Plays `turns` uniformly random turns (or rounds) from the setup of setup_seed into
 * *opening, their text into texts; draws again, from the next random numbers, while the
 * game ends within them. */
static gboolean
play_opening (BsRuleset    *rs,
              guint64       setup_seed,
              guint         turns,
              BsRng        *rng,
              BsMove       *scratch,
              BsPosition  **opening,
              GPtrArray    *texts,
              GError      **error)
{
  g_autofree BsPosition *turn_start = g_malloc0 (rs->position_size);
  g_autoptr(GArray) turn = g_array_new (FALSE, FALSE, sizeof (BsMove));

  for (guint attempt = 0; attempt < MATCH_OPENING_ATTEMPTS; attempt++)
    {
      g_clear_pointer (opening, g_free);
      *opening = bs_ruleset_new_position (rs, setup_seed);
      g_ptr_array_set_size (texts, 0);
      for (guint t = 0; t < turns && !bs_position_is_over (*opening); t++)
        {
          bs_position_copy (rs, turn_start, *opening);
          g_array_set_size (turn, 0);
          do
            {
              BsMove move = bs_ruleset_random_move (rs, *opening, rng, scratch);

              g_array_append_val (turn, move);
              bs_ruleset_apply (rs, *opening, move, NULL);
            }
          while ((*opening)->step != 0 && !bs_position_is_over (*opening));
          g_ptr_array_add (texts, bs_ruleset_format_turn (rs, turn_start,
                                                          (const BsMove *) (gpointer) turn->data,
                                                          turn->len));
        }
      if (!bs_position_is_over (*opening))
        return TRUE;
    }
  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
               _("--opening-turns %u: the game ended within the random opening in each of %u "
                 "tries; give fewer turns"), turns, MATCH_OPENING_ATTEMPTS);
  return FALSE;
}

/* Plays `games` games of A (players[0]) against B, colours alternating (A is player 1 in
 * the first, third, …; both games of a pair start alike, after the same opening_turns
 * random turns), every move checked legal, into tally; each game's record into
 * records_dir when it is not NULL. */
static gboolean
play_games (BsRuleset   *rs,
            Player       players[2],
            int          games,
            guint64      seed,
            guint        opening_turns,
            const char  *records_dir,
            Tally       *tally,
            GError     **error)
{
  g_autofree BsPosition *pos = NULL;
  g_autofree BsPosition *round_start = NULL;
  g_autofree BsPosition *opening = NULL;
  g_autofree BsMove *scratch = g_new (BsMove, rs->max_moves);
  g_autoptr(GArray) turn = g_array_new (FALSE, FALSE, sizeof (BsMove));
  g_autoptr(GPtrArray) opening_texts = g_ptr_array_new_with_free_func (g_free);
  BsRng rng;
  BsRng opening_rng;

  bs_rng_init (&rng, seed);
  /* Its own stream, so the openings do not depend on the players' random moves. */
  bs_rng_init (&opening_rng, mix_seed (seed, G_MAXUINT32, 0));
  for (int g = 0; g < games; g++)
    {
      /* Player 1 of game g: A in even games (the first, third, …). */
      Player *seat[3] = { NULL, &players[g % 2], &players[1 - g % 2] };
      /* Both games of a pair start alike. */
      guint64 setup_seed = seed + (guint64) (g / 2);
      g_autoptr(BsRecord) record = NULL;

      g_clear_pointer (&pos, g_free);
      if (opening_turns == 0)
        pos = bs_ruleset_new_position (rs, setup_seed);
      else
        {
          if (g % 2 == 0 && !play_opening (rs, setup_seed, opening_turns, &opening_rng, scratch,
                                           &opening, opening_texts, error))
            return FALSE;
          pos = bs_position_dup (rs, opening);
        }
      if (records_dir != NULL)
        {
          record = bs_record_new (rs->variant, setup_seed);
          bs_record_set_player (record, 1, seat[1]->spec);
          bs_record_set_player (record, 2, seat[2]->spec);
          bs_record_set_date_now (record);
          /* Empty without an opening. */
          for (guint t = 0; t < opening_texts->len; t++)
            bs_record_add_move (record, g_ptr_array_index (opening_texts, t));
        }
      g_clear_pointer (&round_start, g_free);
      round_start = bs_position_dup (rs, pos);
      while (!bs_position_is_over (pos))
        {
          bs_position_copy (rs, round_start, pos);
          g_array_set_size (turn, 0);
          /* One turn, or one simultaneous round: each side chooses from its start. */
          do
            {
              Player *player = seat[pos->to_move];
              guint64 move_seed = mix_seed (seed, (guint64) g, pos->ply);

              if (!player_play (player, rs, pos, round_start, g, move_seed, &rng, scratch, turn,
                                error))
                return FALSE;
            }
          while (pos->step != 0 && !bs_position_is_over (pos));
          /* A record holds whole turns: a round is one move, both players' orders. */
          if (record != NULL)
            {
              const BsMove *steps = (const BsMove *) (gpointer) turn->data;
              g_autofree char *text = bs_ruleset_format_turn (rs, round_start, steps,
                                                              turn->len);

              bs_record_add_move (record, text);
            }
        }

      if (pos->result == BS_RESULT_DRAW)
        tally->draws++;
      else if (seat[pos->result] == &players[0])
        tally->wins++;
      else
        tally->losses++;
      if (record != NULL)
        {
          bs_record_set_result (record, (BsResult) pos->result);
          bs_record_set_ending (record, bs_ruleset_ending (rs, pos));
          if (!save_record (records_dir, g, record, error))
            return FALSE;
        }
    }
  return TRUE;
}

int
bs_cli_match (int    argc,
              char **argv)
{
  static char *games_text = NULL;
  static char *records_dir = NULL;
  static char *opening_text = NULL;
  static const GOptionEntry extra[] = {
    { "games", 0, 0, G_OPTION_ARG_STRING, &games_text, N_("Number of games (default 10)"),
      N_("N") },
    { "records", 0, 0, G_OPTION_ARG_FILENAME, &records_dir,
      N_("Write each game's record into this directory"), N_("DIR") },
    { "opening-turns", 0, 0, G_OPTION_ARG_STRING, &opening_text,
      N_("Begin both games of each pair with the same K random turns (default 0)"), N_("K") },
    { NULL }
  };
  static const BsCliSpec spec = {
    "match", N_("VARIANT A B"),
    N_("Play player A against player B, colours alternating, and print A's score with "
       "its confidence interval."),
    BS_CLI_OPT_SET | BS_CLI_OPT_SEED, 3, 3, extra,
  };
  g_autoptr(BsRuleset) rs = NULL;
  GError *error = NULL;
  BsCliOptions options;
  Player players[2] = { { 0 } };
  Tally tally = { 0 };
  BsStatsScore score;
  int games = MATCH_DEFAULT_GAMES;
  int opening_turns = 0;

  g_clear_pointer (&games_text, g_free);
  g_clear_pointer (&records_dir, g_free);
  g_clear_pointer (&opening_text, g_free);
  if (!bs_cli_parse (&spec, argc, argv, &options))
    return BS_CLI_EXIT_BAD_INPUT;

  if (games_text != NULL)
    bs_cli_parse_int ("--games", games_text, 1, BS_CLI_MAX_GAMES, &games, &error);
  if (error == NULL && opening_text != NULL)
    bs_cli_parse_int ("--opening-turns", opening_text, 0, MATCH_MAX_OPENING_TURNS,
                      &opening_turns, &error);
  if (error == NULL)
    player_init (&players[0], options.args[1], &error);
  if (error == NULL)
    player_init (&players[1], options.args[2], &error);
  if (error == NULL)
    rs = bs_cli_load_ruleset (options.args[0], &options, &error);
  for (int i = 0; i < 2 && rs != NULL && error == NULL; i++)
    bs_player_spec_check_ruleset (&players[i].player, rs, &error);
  if (error == NULL)
    play_games (rs, players, games, (guint64) options.seed, (guint) opening_turns, records_dir,
                &tally, &error);
  if (error != NULL)
    {
      bs_player_spec_clear (&players[0].player);
      bs_player_spec_clear (&players[1].player);
      bs_cli_options_clear (&options);
      return bs_cli_fail (error);
    }

  bs_stats_score_with_draws ((guint) (2 * tally.wins + tally.draws), (guint) tally.draws,
                             (guint) games, &score);
  if (options.json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();

      json_builder_begin_object (b);
      bs_cli_json_string (b, "variant", rs->variant->id);
      json_builder_set_member_name (b, "games");
      json_builder_add_int_value (b, games);
      json_builder_set_member_name (b, "seed");
      json_builder_add_int_value (b, (gint64) options.seed);
      json_builder_set_member_name (b, "opening_turns");
      json_builder_add_int_value (b, opening_turns);
      add_player_json (b, "a", &players[0]);
      add_player_json (b, "b", &players[1]);
      json_builder_set_member_name (b, "wins");
      json_builder_add_int_value (b, (gint64) tally.wins);
      json_builder_set_member_name (b, "draws");
      json_builder_add_int_value (b, (gint64) tally.draws);
      json_builder_set_member_name (b, "losses");
      json_builder_add_int_value (b, (gint64) tally.losses);
      json_builder_set_member_name (b, "score");
      json_builder_add_double_value (b, score.score);
      json_builder_set_member_name (b, "interval");
      json_builder_begin_array (b);
      json_builder_add_double_value (b, score.low);
      json_builder_add_double_value (b, score.high);
      json_builder_end_array (b);
      json_builder_end_object (b);
      bs_cli_print_builder (b);
    }
  else
    {
      print_player ("A", &players[0]);
      print_player ("B", &players[1]);
      g_print (_("games: %d, colours alternating (A is player 1 in games 1, 3, …)\n"), games);
      print_openings (opening_turns);
      g_print (_("A: %llu wins, %llu draws, %llu losses\n"), (unsigned long long) tally.wins,
               (unsigned long long) tally.draws, (unsigned long long) tally.losses);
      g_print (_("A's score: %.1f%% (95%% Wilson interval %.1f%%–%.1f%%)\n"),
               100 * score.score, 100 * score.low, 100 * score.high);
    }
  /* Cleared only now: the output reads what each player was (alpha-beta's depth, the
   * search a "strongest" player became). */
  bs_player_spec_clear (&players[0].player);
  bs_player_spec_clear (&players[1].player);
  bs_cli_options_clear (&options);
  return BS_CLI_EXIT_OK;
}

/* round-robin VARIANT P1 P2 [P3 …] [--games N] [--seed S] [--records DIR]: every pair of
 * players plays N games as match plays them (pair k — in the order 1-2, 1-3, …, 2-3, … —
 * from the seed S + k · 1,000,003), then the players' Elo ratings relative to the first,
 * each with its 95% interval (bs-elo.h), strongest first (docs/SEARCH.md, Round robin). */
int
bs_cli_round_robin (int    argc,
                    char **argv)
{
  static char *games_text = NULL;
  static char *records_dir = NULL;
  static char *opening_text = NULL;
  static const GOptionEntry extra[] = {
    { "games", 0, 0, G_OPTION_ARG_STRING, &games_text,
      N_("Games each pair plays (default 10)"), N_("N") },
    { "records", 0, 0, G_OPTION_ARG_FILENAME, &records_dir,
      N_("Write each game's record into DIR/A-vs-B (players by number)"), N_("DIR") },
    { "opening-turns", 0, 0, G_OPTION_ARG_STRING, &opening_text,
      N_("Begin both games of each pair with the same K random turns (default 0)"), N_("K") },
    { NULL }
  };
  static const BsCliSpec spec = {
    "round-robin", N_("VARIANT P1 P2 [P3…]"),
    /* xgettext:no-c-format */
    N_("Play every pair of players against each other, colours alternating, and print their "
       "Elo ratings relative to the first, with 95% intervals."),
    BS_CLI_OPT_SET | BS_CLI_OPT_SEED, 3, 1 + BS_ELO_MAX_PLAYERS, extra,
  };
  g_autoptr(BsRuleset) rs = NULL;
  GError *error = NULL;
  BsCliOptions options;
  Player players[BS_ELO_MAX_PLAYERS];
  Tally pairs[BS_ELO_MAX_PLAYERS][BS_ELO_MAX_PLAYERS];
  guint order[BS_ELO_MAX_PLAYERS];
  BsEloTable table;
  BsEloRatings ratings;
  guint n, pair = 0;
  int games = MATCH_DEFAULT_GAMES;
  int opening_turns = 0;

  g_clear_pointer (&games_text, g_free);
  g_clear_pointer (&records_dir, g_free);
  g_clear_pointer (&opening_text, g_free);
  if (!bs_cli_parse (&spec, argc, argv, &options))
    return BS_CLI_EXIT_BAD_INPUT;

  n = g_strv_length (options.args) - 1;
  memset (players, 0, sizeof players);
  memset (pairs, 0, sizeof pairs);
  if (games_text != NULL)
    bs_cli_parse_int ("--games", games_text, 1, BS_CLI_MAX_GAMES, &games, &error);
  if (error == NULL && opening_text != NULL)
    bs_cli_parse_int ("--opening-turns", opening_text, 0, MATCH_MAX_OPENING_TURNS,
                      &opening_turns, &error);
  for (guint i = 0; i < n && error == NULL; i++)
    player_init (&players[i], options.args[1 + i], &error);
  for (guint i = 0; i < n && error == NULL; i++)
    for (guint j = 0; j < i && error == NULL; j++)
      if (g_str_equal (options.args[1 + i], options.args[1 + j]))
        g_set_error (&error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                     _("%s is given twice: each player plays the others once"),
                     options.args[1 + i]);
  if (error == NULL)
    rs = bs_cli_load_ruleset (options.args[0], &options, &error);
  for (guint i = 0; i < n && rs != NULL && error == NULL; i++)
    bs_player_spec_check_ruleset (&players[i].player, rs, &error);

  for (guint i = 0; i < n && error == NULL; i++)
    for (guint j = i + 1; j < n && error == NULL; j++, pair++)
      {
        Player two[2] = { players[i], players[j] };
        g_autofree char *name = g_strdup_printf ("%u-vs-%u", i + 1, j + 1);
        g_autofree char *dir = records_dir != NULL ? g_build_filename (records_dir, name, NULL)
                                                   : NULL;

        /* Totals go back to each player; the specs stay theirs. */
        two[0].moves = two[0].cpu_us = 0;
        two[1].moves = two[1].cpu_us = 0;
        if (play_games (rs, two, games, (guint64) options.seed + pair * 1000003u,
                        (guint) opening_turns, dir, &pairs[i][j], &error))
          {
            players[i].moves += two[0].moves;
            players[i].cpu_us += two[0].cpu_us;
            players[j].moves += two[1].moves;
            players[j].cpu_us += two[1].cpu_us;
            if (g_getenv ("BOARDSMITH_QUIET") == NULL && isatty (STDERR_FILENO))
              g_printerr ("\r%s %u/%u   ", _("pairs played:"), pair + 1, n * (n - 1) / 2);
          }
      }
  if (isatty (STDERR_FILENO) && g_getenv ("BOARDSMITH_QUIET") == NULL)
    g_printerr ("\r\033[K");
  if (error == NULL)
    {
      bs_elo_table_init (&table, n);
      for (guint i = 0; i < n; i++)
        for (guint j = i + 1; j < n; j++)
          {
            table.games[i][j] = table.games[j][i] =
              (double) (pairs[i][j].wins + pairs[i][j].draws + pairs[i][j].losses);
            table.points[i][j] = pairs[i][j].wins + pairs[i][j].draws / 2.0;
            table.points[j][i] = pairs[i][j].losses + pairs[i][j].draws / 2.0;
          }
      bs_elo_fit (&table, 0, &ratings, &error);
    }
  for (guint i = 0; i < n; i++)
    bs_player_spec_clear (&players[i].player);
  if (error != NULL)
    {
      bs_cli_options_clear (&options);
      return bs_cli_fail (error);
    }

  /* Strongest first; equal ratings in the order given. */
  for (guint i = 0; i < n; i++)
    order[i] = i;
  for (guint i = 1; i < n; i++)
    for (guint k = i; k > 0 && ratings.rating[order[k]] > ratings.rating[order[k - 1]]; k--)
      {
        guint t = order[k];
        order[k] = order[k - 1];
        order[k - 1] = t;
      }

  if (options.json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();

      json_builder_begin_object (b);
      bs_cli_json_string (b, "variant", rs->variant->id);
      json_builder_set_member_name (b, "games_per_pair");
      json_builder_add_int_value (b, games);
      json_builder_set_member_name (b, "seed");
      json_builder_add_int_value (b, (gint64) options.seed);
      json_builder_set_member_name (b, "opening_turns");
      json_builder_add_int_value (b, opening_turns);
      bs_cli_json_string (b, "anchor", players[0].spec);
      json_builder_set_member_name (b, "ratings");
      json_builder_begin_array (b);
      for (guint k = 0; k < n; k++)
        {
          guint i = order[k];

          json_builder_begin_object (b);
          bs_cli_json_string (b, "player", players[i].spec);
          json_builder_set_member_name (b, "elo");
          json_builder_add_double_value (b, ratings.rating[i]);
          json_builder_set_member_name (b, "interval");
          json_builder_begin_array (b);
          json_builder_add_double_value (b, ratings.low[i]);
          json_builder_add_double_value (b, ratings.high[i]);
          json_builder_end_array (b);
          json_builder_set_member_name (b, "cpu_seconds_per_move");
          json_builder_add_double_value (b, players[i].moves > 0
                                            ? players[i].cpu_us / 1e6 / players[i].moves : 0);
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
      json_builder_set_member_name (b, "pairs");
      json_builder_begin_array (b);
      for (guint i = 0; i < n; i++)
        for (guint j = i + 1; j < n; j++)
          {
            json_builder_begin_object (b);
            bs_cli_json_string (b, "a", players[i].spec);
            bs_cli_json_string (b, "b", players[j].spec);
            json_builder_set_member_name (b, "wins");
            json_builder_add_int_value (b, (gint64) pairs[i][j].wins);
            json_builder_set_member_name (b, "draws");
            json_builder_add_int_value (b, (gint64) pairs[i][j].draws);
            json_builder_set_member_name (b, "losses");
            json_builder_add_int_value (b, (gint64) pairs[i][j].losses);
            json_builder_end_object (b);
          }
      json_builder_end_array (b);
      json_builder_end_object (b);
      bs_cli_print_builder (b);
    }
  else
    {
      /* Translators: the round robin's heading: "Round robin of 4 players on My Game,
       * 20 games a pair, colours alternating". */
      g_print (_("Round robin of %u players on %s, %d games a pair, colours alternating\n"),
               n, bs_variant_display_name (rs->variant), games);
      print_openings (opening_turns);
      g_print (_("Elo relative to %s, 95%% intervals:\n"), players[0].spec);
      for (guint k = 0; k < n; k++)
        {
          guint i = order[k];

          if (i == 0)
            g_print ("  %-24s %+7.0f   %s, %.3f %s\n", players[i].spec, 0.0, _("anchor"),
                     players[i].moves > 0 ? players[i].cpu_us / 1e6 / players[i].moves : 0.0,
                     _("CPU s a move"));
          else
            g_print ("  %-24s %+7.0f   [%+.0f, %+.0f], %.3f %s\n", players[i].spec,
                     ratings.rating[i], ratings.low[i], ratings.high[i],
                     players[i].moves > 0 ? players[i].cpu_us / 1e6 / players[i].moves : 0.0,
                     _("CPU s a move"));
        }
      g_print ("%s\n", _("Pairs (first player's wins, draws, losses):"));
      for (guint i = 0; i < n; i++)
        for (guint j = i + 1; j < n; j++)
          g_print ("  %s – %s: %" G_GUINT64_FORMAT "–%" G_GUINT64_FORMAT "–%" G_GUINT64_FORMAT
                   "\n", players[i].spec, players[j].spec, pairs[i][j].wins, pairs[i][j].draws,
                   pairs[i][j].losses);
    }
  bs_cli_options_clear (&options);
  return BS_CLI_EXIT_OK;
}
