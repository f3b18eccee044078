/* SPDX-License-Identifier: GPL-3.0-or-later */
/* boardsmith-cli selfplay and think, run as a program (BOARDSMITH_CLI). */

/* posix_openpt and its kin: a terminal for the progress line */
#define _XOPEN_SOURCE 700

#include "config.h"

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "bs-module.h"

typedef struct {
  int   status;
  char *out;
  char *err;
} Run;

static void
run_clear (Run *run)
{
  g_clear_pointer (&run->out, g_free);
  g_clear_pointer (&run->err, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Run, run_clear)

static void
run_argv (Run                *run,
          const char * const *args)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GError) error = NULL;

  g_ptr_array_add (argv, (gpointer) g_getenv ("BOARDSMITH_CLI"));
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);

  process = g_subprocess_newv ((const char * const *) argv->pdata,
                               G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE,
                               &error);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (process, NULL, NULL, &run->out, &run->err, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (process));
  run->status = g_subprocess_get_exit_status (process);
}

#define RUN(run, ...) run_argv (run, (const char * const[]) { __VA_ARGS__, NULL })

static JsonObject *
parse_object (const char *text)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;

  json_parser_load_from_data (parser, text, -1, &error);
  g_assert_no_error (error);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)));
  return json_object_ref (json_node_get_object (json_parser_get_root (parser)));
}

static gboolean
have_module (const char *id)
{
  if (bs_module_find (id) != NULL)
    return TRUE;
  g_test_skip_printf ("module %s is not built in yet", id);
  return FALSE;
}

/* Three games of a 100-playout search against random play: the counts add
 * up, the seats are reported as given, and the same seed replays the same
 * games (playout budgets are deterministic). */
static void
test_selfplay_json (void)
{
  g_auto(Run) a = { 0 };
  g_auto(Run) b = { 0 };
  g_autoptr(JsonObject) ja = NULL;
  g_autoptr(JsonObject) jb = NULL;
  JsonObject *wins;

  if (!have_module ("ikabegama"))
    return;
  RUN (&a, "selfplay", "ikabegama", "--games", "3", "--white", "100", "--black", "random",
       "--seed", "4", "--json");
  g_assert_cmpint (a.status, ==, 0);
  ja = parse_object (a.out);
  g_assert_cmpint (json_object_get_int_member (ja, "games"), ==, 3);
  wins = json_object_get_object_member (ja, "wins");
  g_assert_cmpint (json_object_get_int_member (wins, "white") +
                   json_object_get_int_member (wins, "black") +
                   json_object_get_int_member (ja, "draws"), ==, 3);
  g_assert_cmpfloat (json_object_get_double_member (ja, "mean_plies"), >, 0);
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (ja, "white"),
                                                  "level"), ==, "100");
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (ja, "black"),
                                                  "level"), ==, "random");
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (ja, "white"),
                                               "iterations"), >, 0);

  RUN (&b, "selfplay", "ikabegama", "--games", "3", "--white", "100", "--black", "random",
       "--seed", "4", "--json");
  g_assert_cmpint (b.status, ==, 0);
  jb = parse_object (b.out);
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (jb, "wins"), "white"),
                   ==, json_object_get_int_member (wins, "white"));
  g_assert_cmpfloat (json_object_get_double_member (jb, "mean_plies"), ==,
                     json_object_get_double_member (ja, "mean_plies"));
}

/* Text output, without the progress line when stdout is not a terminal;
 * a simultaneous game plays whole rounds. */
static void
test_selfplay_text (void)
{
  g_auto(Run) run = { 0 };

  if (!have_module ("tribes"))
    return;
  RUN (&run, "selfplay", "tribes", "--games", "2", "--white", "easy", "--black", "50");
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "white wins: "));
  g_assert_nonnull (strstr (run.out, "black wins: "));
  g_assert_nonnull (strstr (run.out, "draws: "));
  g_assert_nonnull (strstr (run.out, "mean length: "));
  g_assert_nonnull (strstr (run.out, "ms/move"));
  g_assert_null (strchr (run.out, '\r'));
}

/* With stderr on a terminal, the progress line goes there, one whole
 * sentence per game rewritten in place; stdout keeps only the result. */
static void
test_selfplay_progress_on_a_terminal (void)
{
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GByteArray) said = g_byte_array_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *out = NULL;
  int master, slave;
  guint8 buffer[4096];
  gssize n;

  if (!have_module ("abrobad"))
    return;
  master = posix_openpt (O_RDWR | O_NOCTTY);
  g_assert_cmpint (master, >=, 0);
  g_assert_cmpint (grantpt (master), ==, 0);
  g_assert_cmpint (unlockpt (master), ==, 0);
  slave = open (ptsname (master), O_RDWR | O_NOCTTY);
  g_assert_cmpint (slave, >=, 0);

  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE);
  g_subprocess_launcher_take_stderr_fd (launcher, slave);
  process = g_subprocess_launcher_spawn (launcher, &error, g_getenv ("BOARDSMITH_CLI"),
                                         "selfplay", "abrobad", "--games", "3", "--white",
                                         "random", "--black", "random", "--seed", "2", NULL);
  g_assert_no_error (error);
  /* The launcher holds the terminal's other end until it is freed: without
   * it, the read below ends when the program does. */
  g_clear_object (&launcher);
  g_subprocess_communicate_utf8 (process, NULL, NULL, &out, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_successful (process));
  g_assert_nonnull (strstr (out, "white wins: "));
  g_assert_null (strchr (out, '\r'));

  /* What the terminal was told (a few lines: they fit its buffer, so the
   * program never waited for this read). Linux answers EIO, not 0, once
   * the last of it is read. */
  while ((n = read (master, buffer, sizeof buffer)) > 0)
    g_byte_array_append (said, buffer, (guint) n);
  close (master);
  g_byte_array_append (said, (const guint8 *) "", 1);
  g_assert_nonnull (strstr ((const char *) said->data, "\033[KGame 1 of 3: White "));
  g_assert_nonnull (strstr ((const char *) said->data, "\033[KGame 3 of 3: White "));
  g_assert_nonnull (strstr ((const char *) said->data, ", draws "));
}

static void
test_selfplay_bad_input (void)
{
  g_auto(Run) level = { 0 };
  g_auto(Run) games = { 0 };
  g_auto(Run) variant = { 0 };

  RUN (&level, "selfplay", "abrobad", "--white", "bogus");
  g_assert_cmpint (level.status, ==, 2);
  g_assert_nonnull (strstr (level.err, "--white"));
  g_assert_nonnull (strstr (level.err, "bogus"));
  RUN (&games, "selfplay", "abrobad", "--games", "0");
  g_assert_cmpint (games.status, ==, 2);
  g_assert_nonnull (strstr (games.err, "--games"));
  RUN (&variant, "selfplay", "no-such-variant.xml");
  g_assert_cmpint (variant.status, ==, 2);
}

/* Abrobad on a hexagon of side 2 after "b2 a1": White's stone touches
 * every cell, so White cannot place; ending fills the five empty cells
 * with Black, one ring-shaped group against White's one: "end" wins at
 * once (see also tests/engine/test-search.c). */
static void
test_think_win_in_one (void)
{
  g_auto(Run) json = { 0 };
  g_auto(Run) text = { 0 };
  g_autoptr(JsonObject) o = NULL;
  JsonArray *cands;
  JsonObject *first;

  if (!have_module ("abrobad"))
    return;
  RUN (&json, "think", "abrobad", "--set", "shape=hexagon", "--set", "size=2",
       "--moves", "b2 a1", "--playouts", "300", "--json");
  g_assert_cmpint (json.status, ==, 0);
  o = parse_object (json.out);
  g_assert_cmpstr (json_object_get_string_member (o, "move"), ==, "end");
  g_assert_cmpint (json_object_get_int_member (o, "player"), ==, 1);
  cands = json_object_get_array_member (o, "candidates");
  g_assert_cmpuint (json_array_get_length (cands), ==, 6);   /* 5 movements + end */
  first = json_array_get_object_element (cands, 0);
  g_assert_cmpstr (json_object_get_string_member (first, "move"), ==, "end");
  g_assert_cmpstr (json_object_get_string_member (first, "proven"), ==, "win");

  RUN (&text, "think", "abrobad", "--set", "shape=hexagon", "--set", "size=2",
       "--moves", "b2 a1", "--playouts", "300");
  g_assert_cmpint (text.status, ==, 0);
  g_assert_nonnull (strstr (text.out, "move: end\n"));
  g_assert_nonnull (strstr (text.out, "(wins)"));
}

/* A finished game has nothing to think about: a game error (exit 1). */
static void
test_think_game_over (void)
{
  g_auto(Run) run = { 0 };

  if (!have_module ("abrobad"))
    return;
  RUN (&run, "think", "abrobad", "--set", "shape=hexagon", "--set", "size=2",
       "--moves", "b2 a1 end", "--playouts", "10");
  g_assert_cmpint (run.status, ==, 1);
  g_assert_nonnull (strstr (run.err, "over"));
}

/* Tribes: one order per piece of the player to move (12 on the default
 * board), and the whole round in the game's notation. */
static void
test_think_simultaneous (void)
{
  g_auto(Run) run = { 0 };
  g_autoptr(JsonObject) o = NULL;
  JsonArray *orders;
  const char *round;

  if (!have_module ("tribes"))
    return;
  RUN (&run, "think", "tribes", "--playouts", "500", "--json");
  g_assert_cmpint (run.status, ==, 0);
  o = parse_object (run.out);
  g_assert_cmpint (json_object_get_int_member (o, "player"), ==, 1);
  orders = json_object_get_array_member (o, "orders");
  g_assert_cmpuint (json_array_get_length (orders), ==, 12);
  round = json_object_get_string_member (o, "round");
  g_assert_nonnull (strchr (round, ';'));
  /* Player 1's part of the round is their orders, in the same order. */
  for (guint i = 0; i < json_array_get_length (orders); i++)
    {
      const char *order = json_array_get_string_element (orders, i);
      g_assert_nonnull (strstr (round, order));
      g_assert_true (strstr (round, order) < strchr (round, ';'));
    }
}

static void
test_think_bad_level (void)
{
  g_auto(Run) run = { 0 };

  RUN (&run, "think", "abrobad", "--level", "12x");
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, "12x"));
}

/* think --threads: the playouts are shared out (the total is as asked),
 * the statistics replay for a seed, the win in one is found; bad counts
 * and alpha-beta are refused. */
static void
test_think_threads (void)
{
  g_auto(Run) first = { 0 };
  g_auto(Run) again = { 0 };
  g_auto(Run) zero = { 0 };
  g_auto(Run) ab = { 0 };
  g_auto(Run) win = { 0 };
  g_autoptr(JsonObject) o = NULL;
  g_autoptr(JsonObject) o_again = NULL;
  JsonArray *cands, *cands_again;
  guint64 visits = 0;

  if (!have_module ("abrobad"))
    return;
  RUN (&first, "think", "abrobad", "--playouts", "3001", "--threads", "2", "--seed", "4",
       "--json");
  g_assert_cmpint (first.status, ==, 0);
  RUN (&again, "think", "abrobad", "--playouts", "3001", "--threads", "2", "--seed", "4",
       "--json");
  g_assert_cmpint (again.status, ==, 0);
  o = parse_object (first.out);
  o_again = parse_object (again.out);
  g_assert_cmpint (json_object_get_int_member (o, "iterations"), ==, 3001);
  cands = json_object_get_array_member (o, "candidates");
  cands_again = json_object_get_array_member (o_again, "candidates");
  g_assert_cmpuint (json_array_get_length (cands), ==, json_array_get_length (cands_again));
  for (guint i = 0; i < json_array_get_length (cands); i++)
    {
      JsonObject *c = json_array_get_object_element (cands, i);
      JsonObject *d = json_array_get_object_element (cands_again, i);

      g_assert_cmpstr (json_object_get_string_member (c, "move"), ==,
                       json_object_get_string_member (d, "move"));
      g_assert_cmpint (json_object_get_int_member (c, "visits"), ==,
                       json_object_get_int_member (d, "visits"));
      visits += json_object_get_int_member (c, "visits");
    }
  /* think lists the ten most visited moves: at most all of the playouts. */
  g_assert_cmpuint (visits, <=, 3001);
  g_assert_cmpuint (visits, >, 0);

  RUN (&win, "think", "abrobad", "--set", "shape=hexagon", "--set", "size=2",
       "--moves", "b2 a1", "--playouts", "300", "--threads", "3");
  g_assert_cmpint (win.status, ==, 0);
  g_assert_nonnull (strstr (win.out, "move: end\n"));

  RUN (&zero, "think", "abrobad", "--threads", "0");
  g_assert_cmpint (zero.status, ==, 2);
  g_assert_nonnull (strstr (zero.err, "--threads"));
  g_assert_nonnull (strstr (zero.err, "“0”"));
  RUN (&ab, "think", "abrobad", "--threads", "2", "--algorithm", "alphabeta:depth=1");
  g_assert_cmpint (ab.status, ==, 2);
  g_assert_nonnull (strstr (ab.err, "--threads"));
}

/* think --threads N --shared-tree: one tree grown by the threads; the
 * playouts are shared out (the total is as asked), the win in one is
 * found; without --threads it is bad input. */
static void
test_think_shared_tree (void)
{
  g_auto(Run) run = { 0 };
  g_auto(Run) win = { 0 };
  g_auto(Run) alone = { 0 };
  g_autoptr(JsonObject) o = NULL;

  if (!have_module ("abrobad"))
    return;
  RUN (&run, "think", "abrobad", "--playouts", "3001", "--threads", "2", "--shared-tree",
       "--seed", "4", "--json");
  g_assert_cmpint (run.status, ==, 0);
  o = parse_object (run.out);
  g_assert_cmpint (json_object_get_int_member (o, "iterations"), ==, 3001);

  RUN (&win, "think", "abrobad", "--set", "shape=hexagon", "--set", "size=2",
       "--moves", "b2 a1", "--playouts", "300", "--threads", "3", "--shared-tree");
  g_assert_cmpint (win.status, ==, 0);
  g_assert_nonnull (strstr (win.out, "move: end\n"));

  RUN (&alone, "think", "abrobad", "--shared-tree");
  g_assert_cmpint (alone.status, ==, 2);
  g_assert_nonnull (strstr (alone.err, "--shared-tree"));
}

/* think --algorithm alphabeta: the same win in one, found by search to
 * the end (a won value, depth 1 suffices); an unknown algorithm or an
 * mcts budget given to it is bad input. */
static void
test_think_alpha_beta (void)
{
  g_auto(Run) json = { 0 };
  g_auto(Run) text = { 0 };
  g_auto(Run) bad = { 0 };
  g_auto(Run) mixed = { 0 };
  g_autoptr(JsonObject) o = NULL;

  if (!have_module ("abrobad"))
    return;
  RUN (&json, "think", "abrobad", "--set", "shape=hexagon", "--set", "size=2",
       "--moves", "b2 a1", "--algorithm", "alphabeta:depth=3", "--json");
  g_assert_cmpint (json.status, ==, 0);
  o = parse_object (json.out);
  g_assert_cmpstr (json_object_get_string_member (o, "move"), ==, "end");
  g_assert_cmpint (json_object_get_int_member (o, "player"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (o, "value"), >, 1000000);
  g_assert_cmpint (json_object_get_int_member (o, "depth"), >=, 1);

  RUN (&text, "think", "abrobad", "--set", "shape=hexagon", "--set", "size=2",
       "--moves", "b2 a1", "--algorithm", "alphabeta:depth=2");
  g_assert_cmpint (text.status, ==, 0);
  g_assert_nonnull (strstr (text.out, "move: end\n"));

  RUN (&bad, "think", "breakthrough", "--algorithm", "minimax");
  g_assert_cmpint (bad.status, ==, 2);
  g_assert_nonnull (strstr (bad.err, "minimax"));
  RUN (&mixed, "think", "breakthrough", "--algorithm", "alphabeta", "--playouts", "10");
  g_assert_cmpint (mixed.status, ==, 2);
}

/* match: four games of depth-1 alpha-beta against random play in
 * Breakthrough: the counts add up to the games, the score is A's, and
 * the interval holds it; the text names both players; a record per game
 * when asked; bad players and a simultaneous game are bad input. */
static void
test_match (void)
{
  g_auto(Run) json = { 0 };
  g_auto(Run) text = { 0 };
  g_auto(Run) bad = { 0 };
  g_auto(Run) bad_ab = { 0 };
  g_auto(Run) simultaneous = { 0 };
  g_autoptr(JsonObject) o = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("bs-match-XXXXXX", &error);
  g_autofree char *record = NULL;
  gint64 wins, draws, losses;
  double score;
  JsonArray *interval;

  g_assert_no_error (error);
  if (!have_module ("breakthrough"))
    return;
  RUN (&json, "match", "breakthrough", "ab:depth=1", "random", "--games", "4", "--seed", "3",
       "--json");
  g_assert_cmpint (json.status, ==, 0);
  o = parse_object (json.out);
  wins = json_object_get_int_member (o, "wins");
  draws = json_object_get_int_member (o, "draws");
  losses = json_object_get_int_member (o, "losses");
  g_assert_cmpint (wins + draws + losses, ==, 4);
  g_assert_cmpint (json_object_get_int_member (o, "games"), ==, 4);
  score = json_object_get_double_member (o, "score");
  g_assert_cmpfloat_with_epsilon (score, (wins + 0.5 * draws) / 4, 1e-9);
  interval = json_object_get_array_member (o, "interval");
  g_assert_cmpfloat (json_array_get_double_element (interval, 0), <=, score);
  g_assert_cmpfloat (json_array_get_double_element (interval, 1), >=, score);
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (o, "a"),
                                                  "player"), ==, "ab:depth=1");
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (o, "b"),
                                                  "player"), ==, "random");

  RUN (&text, "match", "breakthrough", "mcts:20", "random", "--games", "2",
       "--records", dir);
  g_assert_cmpint (text.status, ==, 0);
  g_assert_nonnull (strstr (text.out, "A: mcts:20"));
  g_assert_nonnull (strstr (text.out, "B: random"));
  g_assert_nonnull (strstr (text.out, "95% Wilson interval"));
  record = g_build_filename (dir, "game-0002.xml", NULL);
  g_assert_true (g_file_test (record, G_FILE_TEST_IS_REGULAR));
  g_clear_pointer (&record, g_free);
  for (int g = 1; g <= 2; g++)
    {
      g_autofree char *name = g_strdup_printf ("game-%04d.xml", g);

      record = g_build_filename (dir, name, NULL);
      g_assert_cmpint (g_remove (record), ==, 0);
      g_clear_pointer (&record, g_free);
    }
  g_assert_cmpint (g_rmdir (dir), ==, 0);

  RUN (&bad, "match", "breakthrough", "ab:depth=1", "minimax");
  g_assert_cmpint (bad.status, ==, 2);
  g_assert_nonnull (strstr (bad.err, "minimax"));
  RUN (&bad_ab, "match", "breakthrough", "ab:depth=x", "random");
  g_assert_cmpint (bad_ab.status, ==, 2);
  if (have_module ("tribes"))
    {
      RUN (&simultaneous, "match", "tribes", "ab:depth=1", "random");
      g_assert_cmpint (simultaneous.status, ==, 2);
      g_assert_nonnull (strstr (simultaneous.err, "ab:depth=1"));
    }
}

/* The moves of a game record, in order. */
static GStrv
record_moves (const char *path)
{
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GRegex) regex = g_regex_new ("<move>([^<]*)</move>", 0, 0, &error);
  g_autoptr(GMatchInfo) match = NULL;
  g_autoptr(GStrvBuilder) moves = g_strv_builder_new ();

  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_assert_no_error (error);
  for (g_regex_match (regex, text, 0, &match); g_match_info_matches (match);
       g_match_info_next (match, NULL))
    {
      g_autofree char *move = g_match_info_fetch (match, 1);

      g_strv_builder_add (moves, move);
    }
  return g_strv_builder_end (moves);
}

/* match --opening-turns K: both games of a pair begin with the same K random turns, which
 * the records hold (between random players nothing else would make them agree), and the
 * next pair begins otherwise; the JSON names K. A count of turns no game survives, or no
 * number, is bad input naming the option. */
static void
test_match_openings (void)
{
  g_auto(Run) json = { 0 };
  g_auto(Run) bad = { 0 };
  g_auto(Run) too_many = { 0 };
  g_autoptr(JsonObject) o = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("bs-match-XXXXXX", &error);
  char **games[4] = { NULL };

  g_assert_no_error (error);
  if (!have_module ("breakthrough"))
    return;
  RUN (&json, "match", "breakthrough", "random", "random", "--games", "4", "--seed", "7",
       "--opening-turns", "5", "--records", dir, "--json");
  g_assert_cmpint (json.status, ==, 0);
  o = parse_object (json.out);
  g_assert_cmpint (json_object_get_int_member (o, "opening_turns"), ==, 5);
  for (int g = 0; g < 4; g++)
    {
      g_autofree char *name = g_strdup_printf ("game-%04d.xml", g + 1);
      g_autofree char *record = g_build_filename (dir, name, NULL);

      games[g] = record_moves (record);
      g_assert_cmpuint (g_strv_length (games[g]), >, 5);
      g_assert_cmpint (g_remove (record), ==, 0);
    }
  g_assert_cmpint (g_rmdir (dir), ==, 0);
  for (int t = 0; t < 5; t++)
    {
      g_assert_cmpstr (games[0][t], ==, games[1][t]);
      g_assert_cmpstr (games[2][t], ==, games[3][t]);
    }
  /* Random players after the opening, and another opening for the second pair. */
  g_assert_false (g_strv_equal ((const char * const *) games[0],
                                (const char * const *) games[1]));
  g_assert_false (g_strv_equal ((const char * const *) games[0],
                                (const char * const *) games[2]));
  for (int g = 0; g < 4; g++)
    g_strfreev (games[g]);

  RUN (&bad, "match", "breakthrough", "random", "random", "--opening-turns", "x");
  g_assert_cmpint (bad.status, ==, 2);
  g_assert_nonnull (strstr (bad.err, "--opening-turns"));
  RUN (&too_many, "round-robin", "breakthrough", "random", "ab:depth=1", "--games", "2",
       "--opening-turns", "1000");
  g_assert_cmpint (too_many.status, ==, 2);
  g_assert_nonnull (strstr (too_many.err, "--opening-turns 1000"));
}

/* match in a game of simultaneous rounds: each player gives all their
 * orders of a round from its start. Two games of MCTS against random play
 * in Tribes: the counts add up, and each game's record replays to the
 * result match counted, every order legal. */
static void
test_match_simultaneous (void)
{
  g_auto(Run) json = { 0 };
  g_autoptr(JsonObject) o = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("bs-match-XXXXXX", &error);
  gint64 wins, draws, losses, replayed[3] = { 0 };

  g_assert_no_error (error);
  if (!have_module ("tribes"))
    return;
  RUN (&json, "match", "tribes", "mcts:20", "random", "--games", "2", "--seed", "5",
       "--records", dir, "--json");
  g_assert_cmpint (json.status, ==, 0);
  o = parse_object (json.out);
  wins = json_object_get_int_member (o, "wins");
  draws = json_object_get_int_member (o, "draws");
  losses = json_object_get_int_member (o, "losses");
  g_assert_cmpint (wins + draws + losses, ==, 2);
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (o, "a"),
                                               "moves"), >, 0);
  for (int g = 1; g <= 2; g++)
    {
      g_auto(Run) replay = { 0 };
      g_autofree char *name = g_strdup_printf ("game-%04d.xml", g);
      g_autofree char *record = g_build_filename (dir, name, NULL);
      g_autoptr(JsonObject) r = NULL;
      JsonObject *status;
      gint64 winner;

      RUN (&replay, "replay", record, "--json");
      g_assert_cmpint (replay.status, ==, 0);
      r = parse_object (replay.out);
      status = json_object_get_object_member (r, "status");
      g_assert_true (json_object_get_boolean_member (status, "over"));
      winner = json_object_get_int_member_with_default (status, "winner", 0);
      /* A is player 1 in game 1 and player 2 in game 2. */
      if (winner == 0)
        replayed[1]++;
      else if (winner == (g == 1 ? 1 : 2))
        replayed[0]++;
      else
        replayed[2]++;
      g_assert_cmpint (g_remove (record), ==, 0);
    }
  g_assert_cmpint (replayed[0], ==, wins);
  g_assert_cmpint (replayed[1], ==, draws);
  g_assert_cmpint (replayed[2], ==, losses);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/selfplay/json", test_selfplay_json);
  g_test_add_func ("/cli/selfplay/text", test_selfplay_text);
  g_test_add_func ("/cli/selfplay/progress-on-a-terminal", test_selfplay_progress_on_a_terminal);
  g_test_add_func ("/cli/selfplay/bad-input", test_selfplay_bad_input);
  g_test_add_func ("/cli/think/win-in-one", test_think_win_in_one);
  g_test_add_func ("/cli/think/game-over", test_think_game_over);
  g_test_add_func ("/cli/think/simultaneous", test_think_simultaneous);
  g_test_add_func ("/cli/think/bad-level", test_think_bad_level);
  g_test_add_func ("/cli/think/alpha-beta", test_think_alpha_beta);
  g_test_add_func ("/cli/think/threads", test_think_threads);
  g_test_add_func ("/cli/think/shared-tree", test_think_shared_tree);
  g_test_add_func ("/cli/match", test_match);
  g_test_add_func ("/cli/match/simultaneous", test_match_simultaneous);
  g_test_add_func ("/cli/match/openings", test_match_openings);

  return g_test_run ();
}
