/* SPDX-License-Identifier: GPL-3.0-or-later */
/* boardsmith-cli selfplay and think, run as a program (BOARDSMITH_CLI). */

#include "config.h"

#include <string.h>

#include <gio/gio.h>
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
  const char *round;

  if (!have_module ("tribes"))
    return;
  RUN (&run, "think", "tribes", "--playouts", "500", "--json");
  g_assert_cmpint (run.status, ==, 0);
  o = parse_object (run.out);
  g_assert_cmpint (json_object_get_int_member (o, "player"), ==, 1);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (o, "orders")), ==, 12);
  round = json_object_get_string_member (o, "round");
  g_assert_nonnull (strchr (round, ';'));
}

static void
test_think_bad_level (void)
{
  g_auto(Run) run = { 0 };

  RUN (&run, "think", "abrobad", "--level", "12x");
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, "12x"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/selfplay/json", test_selfplay_json);
  g_test_add_func ("/cli/selfplay/text", test_selfplay_text);
  g_test_add_func ("/cli/selfplay/bad-input", test_selfplay_bad_input);
  g_test_add_func ("/cli/think/win-in-one", test_think_win_in_one);
  g_test_add_func ("/cli/think/game-over", test_think_game_over);
  g_test_add_func ("/cli/think/simultaneous", test_think_simultaneous);
  g_test_add_func ("/cli/think/bad-level", test_think_bad_level);

  return g_test_run ();
}
