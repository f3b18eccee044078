/* SPDX-License-Identifier: GPL-3.0-or-later */
/* boardsmith-cli's conventions, for every command: a message when the
 * output cannot be written (and a failing exit status), the
 * "boardsmith-cli:" prefix on every message, `help COMMAND`, -V; files
 * that are not regular files; warnings that do not stop a command. The
 * program is $BOARDSMITH_CLI. */

#include "config.h"

#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>

#include <gio/gio.h>
#include <glib/gstdio.h>

#include "bs-record.h"
#include "bs-ruleset.h"

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

/* Runs the CLI; stdout goes to stdout_path when given (the output is then
 * not captured). */
static void
run_to (Run                *run,
        const char         *stdout_path,
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

  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDERR_PIPE |
                                        (stdout_path == NULL ? G_SUBPROCESS_FLAGS_STDOUT_PIPE
                                                             : 0));
  if (stdout_path != NULL)
    g_subprocess_launcher_set_stdout_file_path (launcher, stdout_path);
  process = g_subprocess_launcher_spawnv (launcher, (const char * const *) argv->pdata, &error);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (process, NULL, NULL, &run->out, &run->err, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (process));
  run->status = g_subprocess_get_exit_status (process);
}

#define RUN(run, ...) run_to (run, NULL, (const char * const[]) { __VA_ARGS__, NULL })
#define RUN_TO(run, path, ...) run_to (run, path, (const char * const[]) { __VA_ARGS__, NULL })

static char *tmp_dir;

static char *
tmp_path (const char *name)
{
  if (tmp_dir == NULL)
    tmp_dir = g_dir_make_tmp ("boardsmith-cli-conventions-XXXXXX", NULL);
  return g_build_filename (tmp_dir, name, NULL);
}

/* A short agoraphobia record (two turns) saved at path. */
static void
write_record (const char *path,
              const char *result)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariant) variant = bs_variant_new_for_module ("agoraphobia", &error);
  g_autoptr(BsRecord) record = NULL;

  g_assert_no_error (error);
  record = bs_record_new (variant, 1);
  bs_record_add_move (record, "S@d4");
  bs_record_add_move (record, "S@b2");
  if (result != NULL)
    {
      BsResult value;
      g_assert_true (bs_record_result_from_string (result, &value));
      bs_record_set_result (record, value);
    }
  g_assert_true (bs_record_save_file (record, path, &error));
  g_assert_no_error (error);
}

/* Every command, and help and version, into a full device: exit 2 and one
 * message, however little or much they print. */
static void
test_write_errors (void)
{
  g_autofree char *record = tmp_path ("written.xml");
  g_autofree char *image = tmp_path ("written.png");
  g_autofree char *study = tmp_path ("written-study.xml");
  g_autofree char *rules = tmp_path ("written-rules.xml");
  g_auto(Run) made = { 0 };
  const char * const commands[][14] = {
    { "--help" },
    { "--version" },
    { "-V" },
    { "help" },
    { "help", "show" },
    { "info", "--help" },
    { "validate", "--json", "agoraphobia" },
    { "info", "agoraphobia" },
    { "info", "agoraphobia", "--json" },
    { "cells", "agoraphobia" },
    { "cells", "agoraphobia", "--json" },
    { "show", "agoraphobia" },
    { "show", "agoraphobia", "--json" },
    { "moves", "agoraphobia" },
    { "perft", "agoraphobia", "1" },
    { "replay", record },
    { "replay", record, "--json" },
    { "bench", "agoraphobia", "--playouts", "3" },
    { "selfplay", "agoraphobia", "--games", "1", "--white", "random", "--black", "random" },
    { "think", "agoraphobia", "--playouts", "20" },
    { "render", "agoraphobia", "-o", image, "--size", "64", "--json" },
    /* The study's reports are long (past stdio's buffer) and were written around g_print:
     * the reason was lost ("Input/output error"). */
    { "report", study },
    { "report", study, "--json" },
    { "report", study, "--csv", "summary" },
    { "study", "agoraphobia", "--white", "random", "--games", "2", "--json" },
    { "bench", "--study", "agoraphobia", "--levels", "random", "--games", "2", "--runs", "1",
      "--workers", "1", "--min-time", "0" },
    { "new-rules", "gomoku", rules, "--force", "--json" },
  };

  if (!g_file_test ("/dev/full", G_FILE_TEST_EXISTS))
    {
      g_test_skip ("no /dev/full");
      return;
    }
  write_record (record, NULL);
  RUN (&made, "study", "agoraphobia", "--white", "random", "--games", "4", "-o", study);
  g_assert_cmpint (made.status, ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      g_auto(Run) ok = { 0 };
      g_auto(Run) full = { 0 };

      g_test_message ("%s %s", commands[i][0], commands[i][1] ? commands[i][1] : "");
      run_to (&ok, NULL, commands[i]);
      g_assert_cmpstr (ok.err, ==, "");
      g_assert_cmpint (ok.status, ==, 0);
      g_assert_cmpstr (ok.out, !=, "");

      run_to (&full, "/dev/full", commands[i]);
      g_assert_cmpstr (full.err, ==,
                       "boardsmith-cli: cannot write the output: No space left on device\n");
      g_assert_cmpint (full.status, ==, 2);
    }
  g_remove (record);
  g_remove (image);
  g_remove (study);
  g_remove (rules);
}

/* One parser per kind of value (bs-cli-common.h), for every command: a value one command
 * refuses no other takes, with the same words and limits; a refused value is said before
 * anything is printed on stdout, exit 2. */
static void
test_values (void)
{
  static const struct {
    const char *args[12];
    const char *message;
  } cases[] = {
    /* Counts. -1 was "not given" for --playouts, so it ran. */
    { { "think", "agoraphobia", "--playouts", "-1" },
      "--playouts: “-1” is not a whole number from 1 to 1000000000" },
    { { "think", "agoraphobia", "--playouts", "0" },
      "--playouts: “0” is not a whole number from 1 to 1000000000" },
    { { "bench", "agoraphobia", "--playouts", "-1" },
      "--playouts: “-1” is not a whole number from 1 to 1000000000" },
    { { "bench", "agoraphobia", "--playouts", "1e3" },
      "--playouts: “1e3” is not a whole number from 1 to 1000000000" },
    { { "think", "agoraphobia", "--playouts", "1000000001" },
      "--playouts: “1000000001” is not a whole number from 1 to 1000000000" },
    /* --games 0 played the default 200 games. */
    { { "study", "agoraphobia", "--games", "0" },
      "--games: “0” is not a whole number from 1 to 10000000" },
    { { "study", "agoraphobia", "--games", "-5" },
      "--games: “-5” is not a whole number from 1 to 10000000" },
    { { "selfplay", "agoraphobia", "--games", "0" },
      "--games: “0” is not a whole number from 1 to 10000000" },
    { { "selfplay", "agoraphobia", "--games", "10000001" },
      "--games: “10000001” is not a whole number from 1 to 10000000" },
    { { "bench", "--study", "agoraphobia", "--games", "0" },
      "--games: “0” is not a whole number from 1 to 10000000" },
    { { "bench", "--study", "agoraphobia", "--runs", "0" },
      "--runs: “0” is not a whole number from 1 to 1000" },
    { { "bench", "--study", "agoraphobia", "--workers", "1,0" },
      "--workers: “0” is not a whole number from 1 to 1024" },
    { { "study", "agoraphobia", "--jobs", "0" },
      "--jobs: “0” is not a whole number from 1 to 1024" },
    { { "study", "agoraphobia", "--jobs", " 2" },
      "--jobs: “ 2” is not a whole number from 1 to 1024" },
    { { "think", "agoraphobia", "--player", "3" },
      "--player: “3” is not a whole number from 1 to 2" },
    { { "report", "x.xml", "--size", "199" },
      "--size: “199” is not a whole number from 200 to 10000" },
    { { "render", "agoraphobia", "-o", "x.png", "--delay", "9" },
      "--delay: “9” is not a whole number from 10 to 600000" },
    { { "render", "agoraphobia", "-o", "x.png", "--per-page", "0" },
      "--per-page: “0” is not a whole number from 1 to 48" },
    { { "render", "agoraphobia", "-o", "x.png", "--bench", "-1" },
      "--bench: “-1” is not a whole number from 1 to 10000" },
    { { "render", "agoraphobia", "-o", "x.png", "--rotate", "13" },
      "--rotate: “13” is not a whole number from -12 to 12" },
    { { "render", "agoraphobia", "-o", "x.png", "--ply", "-1" },
      "--ply: “-1” is not a whole number from 0 to 2147483647" },
    { { "render", "agoraphobia", "-o", "x.png", "--size", "0x64" },
      "--size 0x64: expected N or WxH, each 1 to 8192" },
    { { "perft", "agoraphobia", "65" }, "DEPTH: “65” is not a whole number from 1 to 64" },
    /* A long value is quoted in part, not whole. */
    { { "study", "agoraphobia", "--games",
        "999999999999999999999999999999999999999999999999999999999999999999999999999999999" },
      "--games: “9999999999999999999999999999999999999999…” is not a whole number from 1 to "
      "10000000" },
    /* Seeds: -1 became 18446744073709551615, which was then refused. */
    { { "study", "agoraphobia", "--seed", "-1" },
      "--seed: “-1” is not a seed: a whole number from 0 to 9223372036854775807" },
    { { "study", "agoraphobia", "--seed", "18446744073709551615" },
      "--seed: “18446744073709551615” is not a seed: a whole number from 0 to "
      "9223372036854775807" },
    { { "think", "agoraphobia", "--seed", "-1" },
      "--seed: “-1” is not a seed: a whole number from 0 to 9223372036854775807" },
    { { "show", "agoraphobia", "--seed", "9223372036854775808" },
      "--seed: “9223372036854775808” is not a seed: a whole number from 0 to "
      "9223372036854775807" },
    { { "selfplay", "agoraphobia", "--seed", "+1" },
      "--seed: “+1” is not a seed: a whole number from 0 to 9223372036854775807" },
    /* Real numbers: nan ran as no margin at all. */
    { { "study", "agoraphobia", "--margin", "nan" },
      "--margin: “nan” is not a number above 0 and below 0.5" },
    { { "study", "agoraphobia", "--margin", "0" },
      "--margin: “0” is not a number above 0 and below 0.5" },
    { { "study", "agoraphobia", "--margin", "0.5" },
      "--margin: “0.5” is not a number above 0 and below 0.5" },
    { { "study", "agoraphobia", "--margin", "0x1p-5" },
      "--margin: “0x1p-5” is not a number above 0 and below 0.5" },
    { { "bench", "--study", "agoraphobia", "--min-time", "inf" },
      "--min-time: “inf” is not a number from 0 to 3600" },
    { { "bench", "--study", "agoraphobia", "--min-time", "-0.5" },
      "--min-time: “-0.5” is not a number from 0 to 3600" },
    /* Shards: the limit is said. */
    { { "study", "agoraphobia", "--shard", "1/99999999" },
      "--shard: “1/99999999” is not I/N with 0 ≤ I < N ≤ 100000" },
    { { "study", "agoraphobia", "--shard", "2/2" },
      "--shard: “2/2” is not I/N with 0 ≤ I < N ≤ 100000" },
    /* Levels: bench --study printed its table's header first. */
    { { "bench", "--study", "agoraphobia", "--levels", "bogus" },
      "--levels: “bogus” is not a level: random, easy, medium, hard, a number of playouts "
      "from 1 to 1000000000 or a time from 1ms to 3600000ms" },
    { { "bench", "--study", "agoraphobia", "--levels", "random,0" },
      "--levels: “0” is not a level: random, easy, medium, hard, a number of playouts "
      "from 1 to 1000000000 or a time from 1ms to 3600000ms" },
    { { "study", "agoraphobia", "--black", "5s" },
      "--black: “5s” is not a level: random, easy, medium, hard, a number of playouts "
      "from 1 to 1000000000 or a time from 1ms to 3600000ms" },
    { { "selfplay", "agoraphobia", "--white", "bogus" },
      "--white: “bogus” is not a level: random, easy, medium, hard, a number of playouts "
      "from 1 to 1000000000 or a time from 1ms to 3600000ms" },
    { { "think", "agoraphobia", "--level", "random" },
      "--level: “random” is not a level: easy, medium, hard, a number of playouts "
      "from 1 to 1000000000 or a time from 1ms to 3600000ms" },
    { { "think", "agoraphobia", "--level", "easy", "--playouts", "5" },
      "--level and --playouts: give one or the other" },
    /* Sweeps: a range was cut to 64 values while a list of 65 was refused. */
    { { "study", "agoraphobia", "--sweep", "supply.1.small=1..100001" },
      "--sweep supply.1.small=1..100001: a sweep needs 2 to 64 values, and the range gives "
      "100001" },
    { { "study", "agoraphobia", "--sweep", "supply.1.small=1..129:2" },
      "--sweep supply.1.small=1..129:2: a sweep needs 2 to 64 values, and the range gives 65" },
    { { "study", "agoraphobia", "--sweep",
        "supply.1.small=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,"
        "27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,"
        "55,56,57,58,59,60,61,62,63,64,65" },
      "--sweep supply.1.small=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,"
      "25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,"
      "53,54,55,56,57,58,59,60,61,62,63,64,65: a sweep needs 2 to 64 values, and the list "
      "gives 65" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto(Run) run = { 0 };
      g_autofree char *expected = g_strdup_printf ("boardsmith-cli: %s\n", cases[i].message);

      g_test_message ("%s %s %s", cases[i].args[0], cases[i].args[1], cases[i].args[2]);
      run_to (&run, NULL, cases[i].args);
      g_assert_cmpstr (run.err, ==, expected);
      g_assert_cmpstr (run.out, ==, "");
      g_assert_cmpint (run.status, ==, 2);
    }
}

/* The limits themselves are taken. */
static void
test_values_at_limits (void)
{
  const char * const commands[][10] = {
    { "show", "agoraphobia", "--seed", "9223372036854775807" },
    { "show", "agoraphobia", "--seed", "0" },
    { "think", "agoraphobia", "--playouts", "1", "--seed", "9223372036854775807" },
    { "think", "agoraphobia", "--level", "1ms" },
    { "bench", "agoraphobia", "--playouts", "1" },
    { "perft", "agoraphobia", "1", "--seed", "9223372036854775807" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      g_auto(Run) run = { 0 };

      g_test_message ("%s %s %s", commands[i][0], commands[i][1], commands[i][2]);
      run_to (&run, NULL, commands[i]);
      g_assert_cmpstr (run.err, ==, "");
      g_assert_cmpint (run.status, ==, 0);
    }
}

/* Every message starts with the program's name. */
static void
test_prefix (void)
{
  const char * const commands[][6] = {
    { "frobnicate" },
    { "info" },
    { "info", "--no-such-option" },
    { "info", "no-such-variant" },
    { "validate", "/no/such/file.xml" },
    { "perft", "agoraphobia", "zero" },
    { "show", "agoraphobia", "--moves", "Q@z9" },
    { "cells", "agoraphobia", "--set", "frobs=2" },
    { "bench", "agoraphobia", "--playouts", "0" },
    { "replay", "/no/such/record.xml" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      g_auto(Run) run = { 0 };

      run_to (&run, NULL, commands[i]);
      g_test_message ("%s: %s", commands[i][0], run.err);
      g_assert_cmpint (run.status, !=, 0);
      g_assert_cmpstr (run.out, ==, "");
      g_assert_true (g_str_has_prefix (run.err, "boardsmith-cli: "));
    }
}

/* help COMMAND is COMMAND --help; help alone the usage; an unknown name
 * an error. -V is --version. */
static void
test_help_and_version (void)
{
  g_auto(Run) help_show = { 0 };
  g_auto(Run) show_help = { 0 };
  g_auto(Run) help = { 0 };
  g_auto(Run) usage = { 0 };
  g_auto(Run) nosuch = { 0 };
  g_auto(Run) v = { 0 };
  g_auto(Run) version = { 0 };

  RUN (&help_show, "help", "show");
  RUN (&show_help, "show", "--help");
  g_assert_cmpint (help_show.status, ==, 0);
  g_assert_cmpstr (help_show.out, ==, show_help.out);
  g_assert_nonnull (strstr (help_show.out, "--moves"));

  RUN (&help, "help");
  RUN (&usage, "--help");
  g_assert_cmpint (help.status, ==, 0);
  g_assert_cmpstr (help.out, ==, usage.out);

  RUN (&nosuch, "help", "nosuch");
  g_assert_cmpint (nosuch.status, ==, 2);
  g_assert_cmpstr (nosuch.out, ==, "");
  g_assert_cmpstr (nosuch.err, ==,
                   "boardsmith-cli: unknown command “nosuch”\n"
                   "Run “boardsmith-cli --help” for the list of commands.\n");

  RUN (&v, "-V");
  RUN (&version, "--version");
  g_assert_cmpint (v.status, ==, 0);
  g_assert_cmpstr (v.out, ==, version.out);
  g_assert_true (g_str_has_prefix (v.out, "boardsmith-cli "));
}

/* A FIFO nobody writes to is read as empty at once, not waited on; a
 * device is refused. */
static void
test_not_regular (void)
{
  g_autofree char *fifo = tmp_path ("fifo.xml");
  g_auto(Run) run = { 0 };
  g_auto(Run) device = { 0 };
  g_autofree char *expected = NULL;

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  RUN (&run, "validate", fifo);
  g_assert_cmpint (run.status, ==, 2);
  expected = g_strdup_printf ("boardsmith-cli: %s:1: the file is empty\n", fifo);
  g_assert_cmpstr (run.err, ==, expected);
  g_remove (fifo);

  RUN (&device, "validate", "/dev/zero");
  g_assert_cmpint (device.status, ==, 2);
  g_assert_cmpstr (device.err, ==,
                   "boardsmith-cli: /dev/zero: not a regular file (a device, a socket or a "
                   "folder)\n");
}

/* A record whose <result> its moves do not give replays, with a warning
 * (the app opens it the same way). */
static void
test_contradicting_result (void)
{
  g_autofree char *path = tmp_path ("wrong-result.xml");
  g_auto(Run) run = { 0 };
  g_autofree char *contents = NULL;
  g_autofree char *expected = NULL;
  int line = 1;

  write_record (path, "win-2");
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  for (const char *p = contents; p < strstr (contents, "<result>"); p++)
    line += *p == '\n';
  RUN (&run, "replay", path);
  expected = g_strdup_printf ("boardsmith-cli: warning: %s:%d: the record gives the result "
                              "win-2, but its moves end with ongoing\n", path, line);
  g_assert_cmpstr (run.err, ==, expected);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "2 turns from seed 1"));
  g_remove (path);
}

/* --moves RECORD on another variant than the record's: a warning, then
 * the moves are played on the variant given. */
static void
test_moves_other_variant (void)
{
  g_autofree char *path = tmp_path ("other.xml");
  g_auto(Run) same = { 0 };
  g_auto(Run) other = { 0 };
  g_autofree char *expected = NULL;

  write_record (path, NULL);
  RUN (&same, "show", "agoraphobia", "--moves", path);
  g_assert_cmpstr (same.err, ==, "");
  g_assert_cmpint (same.status, ==, 0);

  RUN (&other, "show", "agoraphobia", "--set", "max-plies=50", "--moves", path);
  expected = g_strdup_printf ("boardsmith-cli: warning: %s was played on another variant "
                              "(its own rules, board or pieces): its moves are played on this "
                              "one\n", path);
  g_assert_cmpstr (other.err, ==, expected);
  g_assert_cmpint (other.status, ==, 0);
  g_assert_cmpstr (other.out, ==, same.out);
  g_remove (path);
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/conventions/write-errors", test_write_errors);
  g_test_add_func ("/cli/conventions/prefix", test_prefix);
  g_test_add_func ("/cli/conventions/values", test_values);
  g_test_add_func ("/cli/conventions/values-at-limits", test_values_at_limits);
  g_test_add_func ("/cli/conventions/help-and-version", test_help_and_version);
  g_test_add_func ("/cli/conventions/not-regular", test_not_regular);
  g_test_add_func ("/cli/conventions/contradicting-result", test_contradicting_result);
  g_test_add_func ("/cli/conventions/moves-other-variant", test_moves_other_variant);

  status = g_test_run ();
  if (tmp_dir != NULL)
    g_rmdir (tmp_dir);
  return status;
}
