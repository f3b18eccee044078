/* SPDX-License-Identifier: GPL-3.0-or-later */
/* boardsmith-cli, run as a program (BOARDSMITH_CLI): output, JSON and exit
 * statuses (0 success, 1 game error, 2 bad input). The per-variant tests run
 * over every built-in variant whose rule module is built in. */

#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>

#include "bs-module.h"
#include "bs-rules-catalog.h"
#include "bs-rules-document.h"
#include "bs-variant-xml.h"
#include "bs-variant.h"

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

/* Runs the CLI, with $BOARDSMITH_RULES_DIR set to rules_dir when given. */
static void
run_in (Run                *run,
        const char         *rules_dir,
        const char * const *args)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GError) error = NULL;

  g_ptr_array_add (argv, (gpointer) g_getenv ("BOARDSMITH_CLI"));
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);

  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                                        G_SUBPROCESS_FLAGS_STDERR_PIPE);
  if (rules_dir != NULL)
    g_subprocess_launcher_setenv (launcher, "BOARDSMITH_RULES_DIR", rules_dir, TRUE);
  process = g_subprocess_launcher_spawnv (launcher, (const char * const *) argv->pdata, &error);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (process, NULL, NULL, &run->out, &run->err, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (process));
  run->status = g_subprocess_get_exit_status (process);
}

static void
run_argv (Run                *run,
          const char * const *args)
{
  run_in (run, NULL, args);
}

#define RUN(run, ...) run_argv (run, (const char * const[]) { __VA_ARGS__, NULL })
#define RUN_IN(run, dir, ...) run_in (run, dir, (const char * const[]) { __VA_ARGS__, NULL })

static char *
rules_file (const char *name)
{
  g_autofree char *file = g_strconcat (name, ".xml", NULL);
  return g_build_filename (g_getenv ("BOARDSMITH_RULES_DIR"), file, NULL);
}

static char *
bad_file (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", "bad-variants", name, NULL);
}

static char *
lint_file (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", "lint-rules", name, NULL);
}

static JsonNode *
parse_json (const char *text)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;

  json_parser_load_from_data (parser, text, -1, &error);
  g_assert_no_error (error);
  return json_node_copy (json_parser_get_root (parser));
}

static char **
lines_of (const char *text)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  guint n = g_strv_length (lines);

  /* Drop the empty string after the final newline. */
  if (n > 0 && lines[n - 1][0] == '\0')
    {
      g_free (lines[n - 1]);
      lines[n - 1] = NULL;
    }
  return g_steal_pointer (&lines);
}

/* The built-in variants whose module is built in. */
static GPtrArray *
playable_builtins (void)
{
  g_auto(GStrv) names = bs_variant_list_builtin ();
  GPtrArray *playable = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; names[i] != NULL; i++)
    if (bs_module_find (names[i]) != NULL)
      g_ptr_array_add (playable, g_strdup (names[i]));
  return playable;
}

static void
test_usage (void)
{
  g_auto(Run) run = { 0 };
  g_auto(Run) version = { 0 };
  g_auto(Run) none = { 0 };
  g_auto(Run) unknown = { 0 };
  g_auto(Run) help = { 0 };
  g_autofree char *expected_version = g_strdup_printf ("boardsmith-cli %s\n", PACKAGE_VERSION);
  static const char * const commands[] = {
    "validate", "info", "cells", "show", "moves", "perft", "bench", "new-rules", NULL
  };

  RUN (&run, "--help");
  g_assert_cmpint (run.status, ==, 0);
  for (guint i = 0; commands[i] != NULL; i++)
    {
      g_auto(Run) cmd = { 0 };
      g_autofree char *listed = g_strdup_printf ("\n  %-10s ", commands[i]);

      g_assert_nonnull (strstr (run.out, listed));
      RUN (&cmd, commands[i], "--help");
      g_assert_cmpint (cmd.status, ==, 0);
      g_assert_nonnull (strstr (cmd.out, "--json"));
    }

  RUN (&version, "--version");
  g_assert_cmpint (version.status, ==, 0);
  g_assert_cmpstr (version.out, ==, expected_version);

  RUN (&none, "info");
  g_assert_cmpint (none.status, ==, 2);
  g_assert_nonnull (strstr (none.err, "Usage: boardsmith-cli info VARIANT"));

  RUN (&unknown, "frobnicate");
  g_assert_cmpint (unknown.status, ==, 2);
  g_assert_cmpstr (unknown.err, ==,
                   "boardsmith-cli: unknown command “frobnicate”\n"
                   "Run “boardsmith-cli --help” for the list of commands.\n");

  RUN (&help, "info", "--no-such-option");
  g_assert_cmpint (help.status, ==, 2);
  g_assert_nonnull (strstr (help.err, "Unknown option --no-such-option"));
}

static void
test_validate_shipped (void)
{
  g_autoptr(GPtrArray) playable = playable_builtins ();
  g_autoptr(GPtrArray) args = g_ptr_array_new_with_free_func (g_free);
  g_auto(Run) run = { 0 };

  if (playable->len == 0)
    {
      g_test_skip ("no rule module is built in yet");
      return;
    }
  g_ptr_array_add (args, g_strdup ("validate"));
  for (guint i = 0; i < playable->len; i++)
    g_ptr_array_add (args, rules_file (g_ptr_array_index (playable, i)));
  g_ptr_array_add (args, NULL);

  run_argv (&run, (const char * const *) args->pdata);
  g_assert_cmpstr (run.err, ==, "");
  g_assert_cmpstr (run.out, ==, "");
  g_assert_cmpint (run.status, ==, 0);
}

/* One line per bad file, in order; a good file among them is silent. */
static void
test_validate_bad (void)
{
  g_autofree char *colour = bad_file ("bad-colour-name.xml");
  g_autofree char *xxe = bad_file ("xxe-external-entity.xml");
  g_autofree char *missing = bad_file ("no-such-file.xml");
  g_autofree char *expected = g_strdup_printf (
    "boardsmith-cli: %s:6: <player color>: \"red\" is not a colour of the form #rrggbb\n"
    "boardsmith-cli: %s:2: DOCTYPE declarations are not allowed (Boardsmith files use no DTD "
    "and no entities)\n"
    "boardsmith-cli: %s: cannot open: No such file or directory\n", colour, xxe, missing);
  g_auto(Run) run = { 0 };
  g_auto(Run) json = { 0 };
  g_autoptr(JsonNode) root = NULL;
  JsonArray *array;

  RUN (&run, "validate", colour, xxe, missing);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_cmpstr (run.out, ==, "");
  g_assert_cmpstr (run.err, ==, expected);

  RUN (&json, "validate", "--json", colour, missing);
  g_assert_cmpint (json.status, ==, 2);
  root = parse_json (json.out);
  array = json_node_get_array (root);
  g_assert_cmpuint (json_array_get_length (array), ==, 2);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (array, 0),
                                                  "file"), ==, colour);
  g_assert_false (json_object_get_boolean_member (json_array_get_object_element (array, 0),
                                                  "valid"));
}

/* Warnings on rules files that load (bs-rules-lint.c): an option no rule
 * reads and an <ends> with no end, each with its line; the status stays 0
 * and --json lists them. The written games that ship have none. */
static void
test_validate_warnings (void)
{
  g_autofree char *dir = g_dir_make_tmp ("boardsmith-lint-XXXXXX", NULL);
  g_autofree char *clobber = g_build_filename (g_getenv ("BOARDSMITH_RULES_DIR"), "games",
                                               "clobber.xml", NULL);
  g_autofree char *unused = g_build_filename (dir, "unused.xml", NULL);
  g_autofree char *endless = g_build_filename (dir, "endless.xml", NULL);
  g_autofree char *text = NULL;
  g_autofree char *expected = NULL;
  g_autoptr(GString) edited = NULL;
  g_autoptr(GDir) games = NULL;
  g_autofree char *games_dir = g_build_filename (g_getenv ("BOARDSMITH_RULES_DIR"), "games",
                                                 NULL);
  g_autoptr(JsonNode) root = NULL;
  g_auto(Run) run = { 0 };
  g_auto(Run) json = { 0 };
  const char *name, *start, *end;
  JsonArray *warnings;

  g_assert_true (g_file_get_contents (clobber, &text, NULL, NULL));
  edited = g_string_new (text);
  g_assert_cmpuint (g_string_replace (edited, "    <option id=\"max-plies\"",
                                      "    <option id=\"unused-thing\" type=\"int\" min=\"0\" "
                                      "max=\"9\" default=\"0\" label=\"Unused\"/>\n"
                                      "    <option id=\"max-plies\"", 1), ==, 1);
  g_assert_true (g_file_set_contents (unused, edited->str, -1, NULL));
  start = strstr (text, "<ends>");
  end = strstr (text, "</ends>");
  g_assert_nonnull (start);
  g_assert_nonnull (end);
  g_string_assign (edited, "");
  g_string_append_len (edited, text, start - text);
  g_string_append (edited, "<ends/>");
  g_string_append (edited, end + strlen ("</ends>"));
  g_assert_true (g_file_set_contents (endless, edited->str, -1, NULL));

  RUN (&run, "validate", unused, endless);
  expected = g_strdup_printf ("boardsmith-cli: warning: %s:16: the option “unused-thing” is "
                              "declared but no rule reads it\n"
                              "boardsmith-cli: warning: %s:27: <step> can leave a player with "
                              "no move, and neither <turn pass=\"when-no-move\"> nor a <no-move "
                              "who=\"next\"> end says what happens then\n"
                              "boardsmith-cli: warning: %s:29: <ends> holds no end: only the "
                              "move limit (max-plies) can end a game\n", unused, endless, endless);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_cmpstr (run.out, ==, "");
  g_assert_cmpstr (run.err, ==, expected);

  RUN (&json, "validate", "--json", unused);
  g_assert_cmpint (json.status, ==, 0);
  root = parse_json (json.out);
  warnings = json_object_get_array_member (
    json_array_get_object_element (json_node_get_array (root), 0), "warnings");
  g_assert_cmpuint (json_array_get_length (warnings), ==, 1);
  g_assert_nonnull (strstr (json_array_get_string_element (warnings, 0), "unused-thing"));

  /* A side left with no move: a step game ended only by taking every piece,
   * or only when both players are stuck; forced passes say what happens. */
  {
    g_autofree char *step = lint_file ("stall-step.xml");
    g_autofree char *both = lint_file ("stall-both.xml");
    g_autofree char *pass = lint_file ("stall-covered-pass.xml");
    g_autofree char *stalls = NULL;
    g_auto(Run) stall = { 0 };

    RUN (&stall, "validate", step, both, pass);
    stalls = g_strdup_printf ("boardsmith-cli: warning: %s:26: <step> can leave a player with "
                              "no move, and neither <turn pass=\"when-no-move\"> nor a <no-move "
                              "who=\"next\"> end says what happens then\n"
                              "boardsmith-cli: warning: %s:25: <step> can leave a player with "
                              "no move, and neither <turn pass=\"when-no-move\"> nor a <no-move "
                              "who=\"next\"> end says what happens then\n", step, both);
    g_assert_cmpint (stall.status, ==, 0);
    g_assert_cmpstr (stall.out, ==, "");
    g_assert_cmpstr (stall.err, ==, stalls);
  }

  /* The games that ship say nothing (rules/games and the examples). */
  for (int d = 0; d < 2; d++)
    {
      g_autofree char *dir_path = d == 0 ? g_strdup (games_dir)
                                  : g_build_filename (g_getenv ("BOARDSMITH_RULES_DIR"),
                                                      "examples", "games", NULL);

      g_clear_pointer (&games, g_dir_close);
      games = g_dir_open (dir_path, 0, NULL);
      g_assert_nonnull (games);
      while ((name = g_dir_read_name (games)) != NULL)
        {
          g_autofree char *path = g_build_filename (dir_path, name, NULL);
          g_auto(Run) quiet = { 0 };

          if (!g_str_has_suffix (name, ".xml"))
            continue;
          RUN (&quiet, "validate", path);
          g_assert_cmpint (quiet.status, ==, 0);
          g_assert_cmpstr (quiet.err, ==, "");
        }
    }
  g_unlink (unused);
  g_unlink (endless);
  g_rmdir (dir);
}

static void
test_bad_input_status (void)
{
  g_autofree char *bomb = bad_file ("billion-laughs.xml");
  g_auto(Run) file = { 0 };
  g_auto(Run) name = { 0 };

  RUN (&file, "info", bomb);
  g_assert_cmpint (file.status, ==, 2);
  g_assert_true (g_str_has_prefix (file.err, "boardsmith-cli: "));
  g_assert_true (g_str_has_prefix (file.err + strlen ("boardsmith-cli: "), bomb));
  g_assert_cmpstr (file.out, ==, "");

  RUN (&name, "cells", "no-such-variant");
  g_assert_cmpint (name.status, ==, 2);
  g_assert_true (g_str_has_prefix (name.err, "boardsmith-cli: no-such-variant: no such file, "
                                             "and not a built-in variant ("));
}

/* CLI.md: 12 cells; a1 b1 c1 on the bottom row, c4 d4 on the top row;
 * centres one unit apart. */
static void
test_cells_abrobad_2 (void)
{
  g_auto(Run) run = { 0 };
  g_auto(GStrv) lines = NULL;
  double xs[12], ys[12];
  char labels[12][8];
  double bottom = G_MAXDOUBLE, top = -G_MAXDOUBLE;

  if (bs_module_find ("abrobad") == NULL)
    {
      g_test_skip ("abrobad is not built in yet");
      return;
    }

  RUN (&run, "cells", "abrobad", "--set", "size=2");
  g_assert_cmpstr (run.err, ==, "");
  g_assert_cmpint (run.status, ==, 0);
  lines = lines_of (run.out);
  g_assert_cmpuint (g_strv_length (lines), ==, 12);

  for (guint i = 0; i < 12; i++)
    {
      int index = -1;
      g_assert_cmpint (sscanf (lines[i], "%d %7s %lf %lf", &index, labels[i], &xs[i], &ys[i]),
                       ==, 4);
      g_assert_cmpint (index, ==, (int) i);
      bottom = MIN (bottom, ys[i]);
      top = MAX (top, ys[i]);
    }

  /* Rows by y: the bottom row is exactly a1 b1 c1, the top row c4 d4. */
  {
    g_autoptr(GString) bottom_row = g_string_new (NULL);
    g_autoptr(GString) top_row = g_string_new (NULL);
    for (guint i = 0; i < 12; i++)
      {
        if (fabs (ys[i] - bottom) < 1e-6)
          g_string_append_printf (bottom_row, "%s ", labels[i]);
        if (fabs (ys[i] - top) < 1e-6)
          g_string_append_printf (top_row, "%s ", labels[i]);
      }
    g_assert_cmpstr (bottom_row->str, ==, "a1 b1 c1 ");
    g_assert_cmpstr (top_row->str, ==, "c4 d4 ");
  }

  /* No two centres closer than one unit; every cell has a neighbour at
   * exactly one unit (to the printed precision); an inner limping n=2 cell
   * has six of them. */
  for (guint i = 0; i < 12; i++)
    {
      guint at_one = 0;
      for (guint j = 0; j < 12; j++)
        {
          double d = hypot (xs[i] - xs[j], ys[i] - ys[j]);
          if (i == j)
            continue;
          g_assert_cmpfloat (d, >, 1.0 - 1e-3);
          if (fabs (d - 1.0) < 1e-3)
            at_one++;
        }
      g_assert_cmpuint (at_one, >=, 2);
      g_assert_cmpuint (at_one, <=, 6);
    }
}

/* A limping board of side 2 after "a1 d4", worked out by hand from the
 * centres above: half a unit is two characters and the leftmost centre (a2,
 * x = -0.5) is at column 5, so a1 (x = 0) is at column 7 and c4 (x = 0.5) at
 * column 9; each row ends with the labels of its first and last cells. */
static void
test_show_abrobad_2 (void)
{
  g_auto(Run) run = { 0 };
  g_auto(Run) json = { 0 };
  g_autoptr(JsonNode) root = NULL;
  JsonObject *object;
  JsonArray *cells;

  if (bs_module_find ("abrobad") == NULL)
    {
      g_test_skip ("abrobad is not built in yet");
      return;
    }

  RUN (&run, "show", "abrobad", "--set", "size=2", "--moves", "a1 d4");
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (g_str_has_prefix (run.out,
                                   "  4      .   o    c4-d4\n"
                                   "  3    .   .   .    b3-d3\n"
                                   "  2  .   .   .   .    a2-d2\n"
                                   "  1    x   .   .    a1-c1\n"
                                   "\n"));
  g_assert_nonnull (strstr (run.out, "\nply 2: "));
  g_assert_nonnull (strstr (run.out, " (1) to move\n"));

  RUN (&json, "show", "abrobad", "--set", "size=2", "--moves", "a1 d4", "--json");
  g_assert_cmpint (json.status, ==, 0);
  root = parse_json (json.out);
  object = json_node_get_object (root);
  g_assert_cmpint (json_object_get_int_member (object, "ply"), ==, 2);
  g_assert_cmpint (json_object_get_int_member (object, "to_move"), ==, 1);
  cells = json_object_get_array_member (object, "cells");
  g_assert_cmpuint (json_array_get_length (cells), ==, 2);
  for (guint i = 0; i < 2; i++)
    {
      JsonObject *cell = json_array_get_object_element (cells, i);
      g_assert_cmpstr (json_object_get_string_member (cell, "label"), ==, i == 0 ? "a1" : "d4");
      g_assert_cmpint (json_object_get_int_member (cell, "owner"), ==, i + 1);
      g_assert_cmpstr (json_object_get_string_member (cell, "piece"), ==, "stone");
      g_assert_true (json_object_get_null_member (cell, "dir"));
    }
  /* Unlimited supplies are null. */
  g_assert_true (json_object_get_null_member (
    json_object_get_object_member (json_object_get_object_member (object, "supplies"), "1"),
    "stone"));
}

/* Why the game ended, in show's JSON and text: Agoraphobia on 2×2 after
 * two free placements (a2, then Dark's large piece on b1) cannot go on;
 * the larger group loses, and the tie-break measure is printed too. */
static void
test_show_ending (void)
{
  g_auto(Run) run = { 0 };
  g_auto(Run) json = { 0 };
  g_auto(Run) ongoing = { 0 };
  g_autoptr(JsonNode) root = NULL;
  g_autoptr(JsonNode) ongoing_root = NULL;
  JsonObject *status, *measures, *groups;

  RUN (&json, "show", "agoraphobia", "--set", "width=2", "--set", "height=2",
       "--moves", "S@a2 L@b1", "--json");
  g_assert_cmpint (json.status, ==, 0);
  root = parse_json (json.out);
  status = json_object_get_object_member (json_node_get_object (root), "status");
  g_assert_true (json_object_get_boolean_member (status, "over"));
  g_assert_cmpint (json_object_get_int_member (status, "winner"), ==, 1);
  g_assert_cmpstr (json_object_get_string_member (status, "ending"), ==, "no-moves");
  g_assert_cmpstr (json_object_get_string_member (status, "reason"), ==,
                   "Light has no placement that pushes a piece its full distance. "
                   "Light’s largest group is 1, Dark’s is 2: the larger group loses.");
  measures = json_object_get_object_member (status, "measures");
  g_assert_cmpint (json_object_get_int_member (
                     json_object_get_object_member (measures, "largest-group"), "2"), ==, 2);
  groups = json_object_get_object_member (measures, "groups");
  g_assert_cmpint (json_object_get_int_member (groups, "1"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (groups, "2"), ==, 1);

  RUN (&run, "show", "agoraphobia", "--set", "width=2", "--set", "height=2",
       "--moves", "S@a2 L@b1");
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "\ngroups: 1 1\n"));
  g_assert_nonnull (strstr (run.out, "\nreason: Light has no placement that pushes a piece its "
                                     "full distance. Light’s largest group is 1, Dark’s is 2: "
                                     "the larger group loses. (no-moves)\n"));

  /* While the game goes on: null. */
  RUN (&ongoing, "show", "agoraphobia", "--json");
  ongoing_root = parse_json (ongoing.out);
  status = json_object_get_object_member (json_node_get_object (ongoing_root), "status");
  g_assert_true (json_object_get_null_member (status, "ending"));
  g_assert_true (json_object_get_null_member (status, "reason"));
}

/* show --explain: each turn in the game's words, in text and JSON. */
static void
test_show_explain (void)
{
  g_auto(Run) run = { 0 };
  g_auto(Run) json = { 0 };
  g_auto(Run) bad = { 0 };
  g_autoptr(JsonNode) root = NULL;
  JsonArray *turns;
  JsonObject *third;

  /* Two free placements, then the large piece on e5 pushes d4 (south-west
   * of it) two cells on to b2. */
  RUN (&run, "show", "agoraphobia", "--moves", "S@d4 S@f4 L@e5", "--explain");
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "\n1. S@d4: Light places a small piece on d4: it pushes "
                                     "nothing.\n"));
  g_assert_nonnull (strstr (run.out, "\n3. L@e5: Light places a large piece on e5: it pushes "
                                     "1 piece.\n     d4 is pushed two cells, to b2.\n"));

  RUN (&json, "show", "agoraphobia", "--moves", "S@d4 S@f4 L@e5", "--explain", "--json");
  g_assert_cmpint (json.status, ==, 0);
  root = parse_json (json.out);
  turns = json_object_get_array_member (json_node_get_object (root), "turns");
  g_assert_cmpuint (json_array_get_length (turns), ==, 3);
  third = json_array_get_object_element (turns, 2);
  g_assert_cmpint (json_object_get_int_member (third, "ply"), ==, 3);
  g_assert_cmpstr (json_object_get_string_member (third, "move"), ==, "L@e5");
  g_assert_cmpstr (json_object_get_string_member (third, "details"), ==,
                   "d4 is pushed two cells, to b2.");
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (third, "removed")), ==, 0);

  /* An illegal turn is a game error, as without --explain. */
  RUN (&bad, "show", "agoraphobia", "--moves", "S@d4 S@d4", "--explain");
  g_assert_cmpint (bad.status, ==, 1);
}

/* selfplay counts the games by how they ended. */
static void
test_selfplay_endings (void)
{
  g_auto(Run) json = { 0 };
  g_autoptr(JsonNode) root = NULL;
  JsonObject *endings;

  RUN (&json, "selfplay", "ikabegama", "--set", "max-plies=6", "--white", "random",
       "--black", "random", "--games", "6", "--json");
  g_assert_cmpint (json.status, ==, 0);
  root = parse_json (json.out);
  endings = json_object_get_object_member (json_node_get_object (root), "endings");
  g_assert_nonnull (endings);
  /* In three moves a token gets at most six cells from its nest (a jump
   * is two), and flips one cell further: the other nest, eight away, is
   * out of reach, and nobody has to pass. Every game hits the limit. */
  g_assert_cmpint (json_object_get_int_member (endings, "move-limit"), ==, 6);
  g_assert_cmpuint (json_object_get_size (endings), ==, 1);
}

/* The shipped variants are RULES.md's defaults: board sizes and supplies. */
static void
test_info_defaults (void)
{
  static const struct {
    const char *name;
    const char *shape;
    int         cells;       /* 7×7; 5×5; 3·5²; 3·5·4+1; 8×8 */
    const char *kind;
    int         supply;      /* -1: unlimited */
    const char *option;
    const char *value;
  } defaults[] = {
    { "agoraphobia", "hex-rhombus", 49, "large", 5, "push-large", "2" },
    { "tribes", "square", 25, "piece", 12, "max-plies", "0" },
    { "abrobad", "limping", 75, "stone", -1, "movement", "first-empty" },
    /* The move limit follows the board: 30 plies per cell. */
    { "ikabegama", "hexagon", 61, "token", -1, "max-plies", "1830" },
    { "astoria", "square", 64, "triangle", 16, "triangle-weight", "3" },
  };
  guint tested = 0;

  for (guint i = 0; i < G_N_ELEMENTS (defaults); i++)
    {
      g_auto(Run) run = { 0 };
      g_autoptr(JsonNode) root = NULL;
      JsonObject *object, *board;
      JsonArray *players, *options;
      gboolean found = FALSE;

      if (bs_module_find (defaults[i].name) == NULL)
        continue;
      tested++;
      RUN (&run, "info", defaults[i].name, "--json");
      g_assert_cmpint (run.status, ==, 0);
      root = parse_json (run.out);
      object = json_node_get_object (root);
      board = json_object_get_object_member (object, "board");
      g_assert_cmpstr (json_object_get_string_member (board, "shape"), ==, defaults[i].shape);
      g_assert_cmpint (json_object_get_int_member (board, "cells"), ==, defaults[i].cells);
      players = json_object_get_array_member (object, "players");
      for (guint p = 0; p < 2; p++)
        {
          JsonObject *supply = json_object_get_object_member (
            json_array_get_object_element (players, p), "supply");
          if (defaults[i].supply < 0)
            g_assert_true (json_object_get_null_member (supply, defaults[i].kind));
          else
            g_assert_cmpint (json_object_get_int_member (supply, defaults[i].kind), ==,
                             defaults[i].supply);
        }
      options = json_object_get_array_member (object, "options");
      for (guint o = 0; o < json_array_get_length (options); o++)
        {
          JsonObject *option = json_array_get_object_element (options, o);
          g_autofree char *value = NULL;

          if (!g_str_equal (json_object_get_string_member (option, "id"), defaults[i].option))
            continue;
          found = TRUE;
          value = json_to_string (json_object_get_member (option, "value"), FALSE);
          if (g_str_has_prefix (value, "\""))
            {
              g_free (value);
              value = g_strdup (json_object_get_string_member (option, "value"));
            }
          g_assert_cmpstr (value, ==, defaults[i].value);
          if (json_object_has_member (option, "default_per_cell"))
            g_assert_cmpint (json_object_get_int_member (option, "default_per_cell")
                             * defaults[i].cells, ==,
                             json_object_get_int_member (option, "default"));
        }
      g_assert_true (found);
    }
  if (tested == 0)
    g_test_skip ("no rule module is built in yet");
}

static void
test_bad_set (void)
{
  g_autoptr(GPtrArray) playable = playable_builtins ();

  for (guint i = 0; i < playable->len; i++)
    {
      const char *name = g_ptr_array_index (playable, i);
      g_auto(Run) key = { 0 };
      g_auto(Run) value = { 0 };
      g_auto(Run) syntax = { 0 };
      g_auto(Run) option = { 0 };

      RUN (&key, "info", name, "--set", "colour=blue");
      g_assert_cmpint (key.status, ==, 2);
      g_assert_true (g_str_has_prefix (key.err, "boardsmith-cli: unknown key \"colour\""));

      RUN (&value, "info", name, "--set", "max-plies=-5");
      g_assert_cmpint (value.status, ==, 2);
      g_assert_cmpstr (value.err, ==, "boardsmith-cli: --set max-plies=-5: option max-plies: -5 "
                                      "is out of range (0 to 100000)\n");

      RUN (&syntax, "cells", name, "--set", "size");
      g_assert_cmpint (syntax.status, ==, 2);
      g_assert_cmpstr (syntax.err, ==, "boardsmith-cli: --set size: expected KEY=VALUE\n");

      RUN (&option, "cells", name, "--set", "width=1000000000", "--set", "size=1000000000");
      g_assert_cmpint (option.status, ==, 2);
      g_assert_nonnull (strstr (option.err, "1000000000 is out of range"));
    }
  if (playable->len == 0)
    g_test_skip ("no rule module is built in yet");
}

/* info, cells, show, moves, perft and bench on every playable variant. */
static void
test_each_variant (void)
{
  g_autoptr(GPtrArray) playable = playable_builtins ();

  for (guint i = 0; i < playable->len; i++)
    {
      const char *name = g_ptr_array_index (playable, i);
      const BsModule *module = bs_module_find (name);
      gboolean simultaneous = (module->flags & BS_MODULE_SIMULTANEOUS) != 0;
      g_auto(Run) info = { 0 };
      g_auto(Run) cells = { 0 };
      g_auto(Run) show = { 0 };
      g_auto(Run) show_text = { 0 };
      g_auto(Run) moves = { 0 };
      g_auto(Run) bench = { 0 };
      g_autoptr(JsonNode) info_json = NULL;
      g_autoptr(JsonNode) show_json = NULL;
      g_autoptr(JsonNode) bench_json = NULL;
      g_auto(GStrv) cell_lines = NULL;
      g_auto(GStrv) move_lines = NULL;
      JsonObject *object, *board, *status;
      JsonArray *options;

      g_test_message ("variant %s", name);

      RUN (&info, "info", name, "--json");
      g_assert_cmpint (info.status, ==, 0);
      info_json = parse_json (info.out);
      object = json_node_get_object (info_json);
      g_assert_cmpstr (json_object_get_string_member (object, "module"), ==, name);
      board = json_object_get_object_member (object, "board");
      options = json_object_get_array_member (object, "options");
      g_assert_cmpuint (json_array_get_length (options), ==, module->n_options);
      for (guint o = 0; o < module->n_options; o++)
        g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (options, o),
                                                        "id"), ==, module->options[o].id);

      RUN (&cells, "cells", name);
      g_assert_cmpint (cells.status, ==, 0);
      cell_lines = lines_of (cells.out);
      g_assert_cmpint (g_strv_length (cell_lines), ==,
                       json_object_get_int_member (board, "cells"));

      RUN (&show, "show", name, "--json");
      g_assert_cmpint (show.status, ==, 0);
      show_json = parse_json (show.out);
      object = json_node_get_object (show_json);
      g_assert_cmpint (json_object_get_int_member (object, "ply"), ==, 0);
      g_assert_cmpint (json_object_get_int_member (object, "to_move"), ==, 1);
      g_assert_true (json_object_has_member (object, "cells"));
      g_assert_true (json_object_has_member (object, "supplies"));
      status = json_object_get_object_member (object, "status");
      g_assert_false (json_object_get_boolean_member (status, "over"));
      g_assert_true (json_object_get_null_member (status, "winner"));
      g_assert_true (json_object_has_member (json_object_get_object_member (status, "scores"),
                                             "2"));

      RUN (&show_text, "show", name);
      g_assert_cmpint (show_text.status, ==, 0);
      g_assert_nonnull (strstr (show_text.out, "to move"));

      RUN (&moves, "moves", name);
      g_assert_cmpint (moves.status, ==, 0);
      move_lines = lines_of (moves.out);
      g_assert_cmpuint (g_strv_length (move_lines), >, 0);
      /* Byte order, no duplicates. */
      for (guint m = 1; move_lines[m] != NULL; m++)
        g_assert_cmpint (strcmp (move_lines[m - 1], move_lines[m]), <, 0);

      if (!simultaneous)
        {
          g_auto(Run) perft = { 0 };
          g_auto(Run) played = { 0 };
          g_auto(GStrv) counts = NULL;
          g_autofree char *first = g_strdup_printf ("1 %u", g_strv_length (move_lines));
          const char *last = move_lines[g_strv_length (move_lines) - 1];

          /* perft's first count is the number of legal moves. */
          RUN (&perft, "perft", name, "2");
          g_assert_cmpint (perft.status, ==, 0);
          counts = lines_of (perft.out);
          g_assert_cmpuint (g_strv_length (counts), ==, 2);
          g_assert_cmpstr (counts[0], ==, first);

          /* Each listed move plays; then it is player 2's turn. */
          RUN (&played, "show", name, "--json", "--moves", last);
          g_assert_cmpint (played.status, ==, 0);
          {
            g_autoptr(JsonNode) node = parse_json (played.out);
            g_assert_cmpint (json_object_get_int_member (json_node_get_object (node), "ply"),
                             ==, 1);
            g_assert_cmpint (json_object_get_int_member (json_node_get_object (node), "to_move"),
                             ==, 2);
          }

        }
      else
        {
          /* One line per piece on the board: "c3: c3-c3 c3-c4 …", each
           * order from that piece's cell, the defence (c3-c3) among them. */
          JsonArray *pieces = json_object_get_array_member (object, "cells");

          g_assert_cmpuint (g_strv_length (move_lines), ==, json_array_get_length (pieces));
          for (guint m = 0; move_lines[m] != NULL; m++)
            {
              g_auto(GStrv) parts = g_strsplit (move_lines[m], ": ", 2);
              g_auto(GStrv) orders = NULL;
              g_autofree char *from = NULL;
              g_autofree char *defend = NULL;
              gboolean defends = FALSE;

              g_assert_nonnull (parts[1]);
              from = g_strconcat (parts[0], "-", NULL);
              defend = g_strconcat (parts[0], "-", parts[0], NULL);
              orders = g_strsplit (parts[1], " ", -1);
              for (guint o = 0; orders[o] != NULL; o++)
                {
                  g_assert_true (g_str_has_prefix (orders[o], from));
                  defends |= g_str_equal (orders[o], defend);
                }
              g_assert_true (defends);
            }
        }

      /* A move that is no move, in any game: exit 1, the message names it
       * and its ply. */
      {
        g_auto(Run) illegal = { 0 };

        RUN (&illegal, "moves", name, "--moves", "zz99");
        g_assert_cmpint (illegal.status, ==, 1);
        g_assert_nonnull (strstr (illegal.err, "zz99"));
        g_assert_true (g_str_has_prefix (illegal.err, "boardsmith-cli: ply 1: "));
        g_assert_cmpstr (illegal.out, ==, "");
      }

      RUN (&bench, "bench", name, "--playouts", "20", "--seed", "7", "--json");
      g_assert_cmpint (bench.status, ==, 0);
      bench_json = parse_json (bench.out);
      object = json_node_get_object (bench_json);
      g_assert_cmpint (json_object_get_int_member (object, "playouts"), ==, 20);
      g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (object, "wins"),
                                                   "1") +
                       json_object_get_int_member (json_object_get_object_member (object, "wins"),
                                                   "2") +
                       json_object_get_int_member (object, "draws"), ==, 20);
      g_assert_cmpfloat (json_object_get_double_member (object, "mean_plies"), >, 0);
      g_assert_cmpfloat (json_object_get_int_member (object, "longest_plies"), >=,
                         json_object_get_double_member (object, "mean_plies"));
      g_assert_cmpfloat (json_object_get_double_member (object, "plies_sd"), >=, 0);
      /* Nanoseconds per ply agree with the time and the plies played. */
      g_assert_cmpfloat (json_object_get_double_member (object, "ns_per_ply"), >, 0);
      g_assert_cmpfloat_with_epsilon (json_object_get_double_member (object, "ns_per_ply") *
                                        json_object_get_double_member (object, "mean_plies") * 20,
                                      json_object_get_double_member (object, "seconds") * 1e9,
                                      json_object_get_double_member (object, "seconds") * 1e9 * 1e-6);
    }
  if (playable->len == 0)
    g_test_skip ("no rule module is built in yet");
}

/* The same seed gives the same playouts. */
static void
test_bench_reproducible (void)
{
  g_autoptr(GPtrArray) playable = playable_builtins ();

  for (guint i = 0; i < playable->len; i++)
    {
      const char *name = g_ptr_array_index (playable, i);
      g_auto(Run) a = { 0 };
      g_auto(Run) b = { 0 };
      g_autoptr(JsonNode) ja = NULL;
      g_autoptr(JsonNode) jb = NULL;

      RUN (&a, "bench", name, "--playouts", "10", "--seed", "3", "--json");
      RUN (&b, "bench", name, "--playouts", "10", "--seed", "3", "--json");
      g_assert_cmpint (a.status, ==, 0);
      ja = parse_json (a.out);
      jb = parse_json (b.out);
      g_assert_cmpfloat (json_object_get_double_member (json_node_get_object (ja), "mean_plies"),
                         ==,
                         json_object_get_double_member (json_node_get_object (jb), "mean_plies"));
    }
  if (playable->len == 0)
    g_test_skip ("no rule module is built in yet");
}

/* Perft from each seed game's start, pinned so that a faster move generator
 * (issue 16) cannot change what is legal. Depths 1 and 2 by hand:
 * Agoraphobia 7×7: 49 cells × 2 kinds = 98, then 48 × 2 = 96 replies each
 * (nothing stops a placement yet): 9,408. Abrobad on the limping hexagon of
 * 5: 3 × 5² = 75 cells, then 74 for each: 5,550. Astoria 8×8: 1,280 and
 * 1,614,080 (worked out in test-astoria.c). Tribes counts one piece's order
 * a step (6 orders each). Depth 3 (and Ikabegamá's) are pinned as the
 * engine counts them after the speed work was merged. */
static void
test_perft_pinned (void)
{
  static const struct {
    const char *variant;
    const char *depth;
    const char *counts;
  } pinned[] = {
    { "agoraphobia", "3", "1 98\n2 9408\n3 121964\n" },
    { "abrobad", "3", "1 75\n2 5550\n3 376680\n" },
    { "ikabegama", "3", "1 8\n2 64\n3 936\n" },
    { "astoria", "2", "1 1280\n2 1614080\n" },
    { "tribes", "3", "1 6\n2 36\n3 216\n" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (pinned); i++)
    {
      g_auto(Run) perft = { 0 };

      if (bs_module_find (pinned[i].variant) == NULL)
        continue;
      RUN (&perft, "perft", pinned[i].variant, pinned[i].depth);
      g_assert_cmpint (perft.status, ==, 0);
      g_assert_cmpstr (perft.out, ==, pinned[i].counts);
    }
}

/* new-rules: a written game's rules file copied under the id its new
 * name gives and "Copy of" its name (or --name), which then loads as a
 * rules document and, in a games/ folder of the rules directory, plays as
 * a game of its own; a C module's game, an unknown game and an existing
 * file are refused with exit 2 and the file left as it was. */
static void
test_new_rules (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("boardsmith-new-rules-XXXXXX", &error);
  g_autofree char *games = g_build_filename (dir, "games", NULL);
  g_autofree char *copy = g_build_filename (games, "My Five.xml", NULL);
  g_autofree char *variant_path = g_build_filename (dir, "my-five.xml", NULL);
  g_autofree char *gomoku_variant = rules_file ("gomoku");
  g_autofree char *variant_text = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *variant_after = NULL;
  const char *c_only = NULL;
  g_autoptr(JsonNode) json = NULL;
  g_auto(Run) made = { 0 };
  g_auto(Run) again = { 0 };
  g_auto(Run) forced = { 0 };
  g_auto(Run) c_game = { 0 };
  g_auto(Run) unknown = { 0 };
  g_auto(Run) perft = { 0 };
  g_auto(Run) info = { 0 };
  JsonObject *object;
  GString *variant;

  g_assert_no_error (error);
  g_assert_cmpint (g_mkdir (games, 0755), ==, 0);
  RUN (&made, "new-rules", "gomoku", copy, "--json");
  g_assert_cmpstr (made.err, ==, "");
  g_assert_cmpint (made.status, ==, 0);
  json = parse_json (made.out);
  object = json_node_get_object (json);
  g_assert_cmpstr (json_object_get_string_member (object, "id"), ==, "my-five");
  g_assert_cmpstr (json_object_get_string_member (object, "name"), ==, "Copy of Gomoku");
  g_assert_cmpstr (json_object_get_string_member (object, "file"), ==, copy);
  g_assert_true (g_str_has_suffix (json_object_get_string_member (object, "source"),
                                   "gomoku.xml"));

  /* The copy is a rules document of its own: id and name new, the rest
   * the game's. */
  {
    g_autoptr(BsRulesDocument) doc = bs_rules_document_load_file (copy, &error);

    g_assert_no_error (error);
    g_assert_cmpstr (doc->id, ==, "my-five");
    g_assert_cmpstr (doc->name, ==, "Copy of Gomoku");
    g_assert_cmpint (doc->default_board.width, ==, 15);
  }

  /* It plays: a variant of module="my-five" beside it, with the rules
   * directory pointed there, is perft's 225 × 224 … of an empty 15 × 15
   * board; the game is in `info`. */
  g_assert_true (g_file_get_contents (gomoku_variant, &variant_text, NULL, &error));
  g_assert_no_error (error);
  variant = g_string_new (variant_text);
  g_assert_cmpuint (g_string_replace (variant, "\"gomoku\"", "\"my-five\"", 0), ==, 2);
  g_assert_true (g_file_set_contents (variant_path, variant->str, -1, &error));
  g_assert_no_error (error);
  RUN_IN (&perft, dir, "perft", "my-five", "2");
  g_assert_cmpstr (perft.err, ==, "");
  g_assert_cmpint (perft.status, ==, 0);
  g_assert_cmpstr (perft.out, ==, "1 225\n2 50400\n");
  RUN_IN (&info, dir, "info", "my-five", "--json");
  g_assert_cmpint (info.status, ==, 0);
  g_assert_nonnull (strstr (info.out, "\"module\" : \"my-five\""));

  /* An existing file is kept, unless --force; --name names the game. */
  g_assert_true (g_file_get_contents (copy, &before, NULL, &error));
  RUN (&again, "new-rules", "reversi", copy);
  g_assert_cmpint (again.status, ==, 2);
  g_assert_cmpstr (again.out, ==, "");
  g_assert_nonnull (strstr (again.err, "the file exists (--force replaces it)"));
  g_assert_true (g_file_get_contents (copy, &after, NULL, &error));
  g_assert_cmpstr (after, ==, before);
  RUN (&forced, "new-rules", "reversi", copy, "--force", "--name", "Othello & Co");
  g_assert_cmpint (forced.status, ==, 0);
  g_assert_cmpstr (forced.out, ==, "");
  {
    g_autoptr(BsRulesDocument) doc = bs_rules_document_load_file (copy, &error);

    g_assert_no_error (error);
    g_assert_cmpstr (doc->id, ==, "my-five");
    g_assert_cmpstr (doc->name, ==, "Othello & Co");
    g_assert_cmpint (doc->default_board.width, ==, 8);
  }

  /* A game written only in C (one whose written proof has not come yet)
   * has no rules file; an unknown game is named with those that have one.
   * Nothing is written. */
  {
    guint n_modules = 0;
    const BsModule * const *modules = bs_module_list (&n_modules);

    for (guint i = 0; i < n_modules && c_only == NULL; i++)
      {
        g_autofree char *file = bs_rules_catalog_find_file (modules[i]->id);

        if (file == NULL)
          c_only = modules[i]->id;
      }
  }
  if (c_only != NULL)
    {
      g_autofree char *want = g_strdup_printf ("boardsmith-cli: GAME: the game “%s” is written "
                                               "in C and has no rules file yet\n", c_only);

      RUN (&c_game, "new-rules", c_only, variant_path, "--force");
      g_assert_cmpint (c_game.status, ==, 2);
      g_assert_cmpstr (c_game.err, ==, want);
    }
  else
    g_test_message ("every game has a rules file: no game written only in C to refuse");
  RUN (&unknown, "new-rules", "gomokuu", variant_path, "--force");
  g_assert_cmpint (unknown.status, ==, 2);
  g_assert_nonnull (strstr (unknown.err, "no game “gomokuu” has a rules file (these have one: "));
  g_assert_nonnull (strstr (unknown.err, "gomoku, "));
  g_assert_true (g_file_get_contents (variant_path, &variant_after, NULL, &error));
  g_assert_cmpstr (variant_after, ==, variant->str);
  g_string_free (variant, TRUE);

  g_remove (variant_path);
  g_remove (copy);
  g_rmdir (games);
  g_rmdir (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/usage", test_usage);
  g_test_add_func ("/cli/validate/shipped", test_validate_shipped);
  g_test_add_func ("/cli/validate/bad", test_validate_bad);
  g_test_add_func ("/cli/validate/warnings", test_validate_warnings);
  g_test_add_func ("/cli/bad-input-status", test_bad_input_status);
  g_test_add_func ("/cli/cells/abrobad-2", test_cells_abrobad_2);
  g_test_add_func ("/cli/show/abrobad-2", test_show_abrobad_2);
  g_test_add_func ("/cli/show/ending", test_show_ending);
  g_test_add_func ("/cli/selfplay/endings", test_selfplay_endings);
  g_test_add_func ("/cli/show/explain", test_show_explain);
  g_test_add_func ("/cli/info/defaults", test_info_defaults);
  g_test_add_func ("/cli/bad-set", test_bad_set);
  g_test_add_func ("/cli/each-variant", test_each_variant);
  g_test_add_func ("/cli/bench-reproducible", test_bench_reproducible);
  g_test_add_func ("/cli/perft-pinned", test_perft_pinned);
  g_test_add_func ("/cli/new-rules", test_new_rules);
  return g_test_run ();
}
