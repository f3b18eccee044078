/* SPDX-License-Identifier: GPL-3.0-or-later */
/* boardsmith-cli replay RECORD and --moves RECORD: exit statuses and
 * messages for a good record, an illegal move, a bad file; the final
 * position is the one the game reached. The program is $BOARDSMITH_CLI. */

#include "config.h"

#include <string.h>
#include <sys/wait.h>

#include <glib/gstdio.h>

#include "bs-record.h"
#include "bs-ruleset.h"
#include "bs-variant-xml.h"

typedef struct {
  int   status;
  char *out;
  char *err;
} Run;

static void
run_clear (Run *run)
{
  g_free (run->out);
  g_free (run->err);
}
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Run, run_clear)

static void
run_cli (Run *run,
         ...)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  const char *cli = g_getenv ("BOARDSMITH_CLI");
  va_list args;
  int wait_status = 0;

  g_assert_nonnull (cli);
  g_ptr_array_add (argv, (gpointer) cli);
  va_start (args, run);
  for (const char *a = va_arg (args, const char *); a != NULL; a = va_arg (args, const char *))
    g_ptr_array_add (argv, (gpointer) a);
  va_end (args);
  g_ptr_array_add (argv, NULL);

  g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                &run->out, &run->err, &wait_status, &error);
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (wait_status));
  run->status = WEXITSTATUS (wait_status);
}

/* A finished random Tribes game (seed 5) saved at path; returns its final
 * position. */
static BsPosition *
write_record (const char *path,
              guint       max_turns,
              const char *extra_move)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (BsVariant) variant = bs_variant_new_for_module ("tribes", &error);
  g_autoptr (BsRuleset) rs = bs_ruleset_new (variant, &error);
  g_autoptr (BsRecord) record = bs_record_new (variant, 5);
  g_autofree BsMove *scratch = g_new (BsMove, rs->max_moves);
  g_autofree BsMove *steps = g_new (BsMove, bs_ruleset_max_turn_steps (rs));
  BsPosition *pos = bs_ruleset_new_position (rs, 5);
  g_autofree BsPosition *start = bs_position_dup (rs, pos);
  BsRng rng;

  g_assert_no_error (error);
  bs_rng_init (&rng, 11);
  for (guint turn = 0; turn < max_turns && !bs_position_is_over (pos); turn++)
    {
      g_autofree char *text = NULL;
      guint n = 0;

      bs_position_copy (rs, start, pos);
      do
        {
          steps[n] = bs_ruleset_random_move (rs, pos, &rng, scratch);
          bs_ruleset_apply (rs, pos, steps[n++], NULL);
        }
      while (pos->step != 0);
      text = bs_ruleset_format_turn (rs, start, steps, n);
      bs_record_add_move (record, text);
    }
  if (extra_move != NULL)
    bs_record_add_move (record, extra_move);
  bs_record_set_player (record, 1, "Ann");
  bs_record_set_player (record, 2, "Bo");
  g_assert_true (bs_record_save_file (record, path, &error));
  g_assert_no_error (error);
  return pos;
}

static char *tmp_dir;
static GPtrArray *tmp_files;

/* A path in the test's own directory, removed at the end. */
static char *
tmp_path (const char *name)
{
  char *path;

  if (tmp_dir == NULL)
    {
      tmp_dir = g_dir_make_tmp ("boardsmith-cli-replay-XXXXXX", NULL);
      tmp_files = g_ptr_array_new_with_free_func (g_free);
    }
  path = g_build_filename (tmp_dir, name, NULL);
  g_ptr_array_add (tmp_files, g_strdup (path));
  return path;
}

/* A good record: exit 0, the header, then the final position as `show`
 * prints it; --json is exactly `show tribes --seed 5 --moves RECORD
 * --json`. */
static void
test_replay_good (void)
{
  g_autofree char *path = tmp_path ("good.xml");
  g_autofree BsPosition *final = write_record (path, 1000, NULL);
  g_auto (Run) replay = { 0 };
  g_auto (Run) replay_json = { 0 };
  g_auto (Run) show_json = { 0 };
  g_autofree char *header = g_strdup_printf ("%s: Tribes, %u turns from seed 5, Ann (1) against "
                                             "Bo (2)\n\n", path, final->ply);
  g_autofree char *over = g_strdup_printf ("ply %u: game over: ", final->ply);

  g_assert_cmpint (final->result, !=, BS_RESULT_ONGOING);
  run_cli (&replay, "replay", path, NULL);
  g_assert_cmpstr (replay.err, ==, "");
  g_assert_cmpint (replay.status, ==, 0);
  g_assert_true (g_str_has_prefix (replay.out, header));
  g_assert_nonnull (strstr (replay.out, over));

  run_cli (&replay_json, "replay", path, "--json", NULL);
  g_assert_cmpint (replay_json.status, ==, 0);
  run_cli (&show_json, "show", "tribes", "--moves", path, "--json", NULL);
  g_assert_cmpstr (show_json.err, ==, "");
  g_assert_cmpint (show_json.status, ==, 0);
  g_assert_cmpstr (replay_json.out, ==, show_json.out);
  g_assert_nonnull (strstr (show_json.out, "\"over\" : true"));
}

/* --moves RECORD on an unfinished game: `moves` lists the orders of the
 * position the record reaches. */
static void
test_moves_from_record (void)
{
  g_autofree char *path = tmp_path ("one-round.xml");
  g_autofree BsPosition *pos = write_record (path, 1, NULL);
  g_auto (Run) moves = { 0 };

  if (bs_position_is_over (pos))
    return;
  run_cli (&moves, "moves", "tribes", "--moves", path, NULL);
  g_assert_cmpstr (moves.err, ==, "");
  g_assert_cmpint (moves.status, ==, 0);
  g_assert_cmpstr (moves.out, !=, "");
}

/* A move after the end: exit 1, the message names file, line, ply. */
static void
test_replay_illegal (void)
{
  g_autofree char *path = tmp_path ("illegal.xml");
  g_autofree BsPosition *final = write_record (path, 1000, "a1-a1;e5-e5");
  g_autofree char *contents = NULL;
  g_autofree char *expected = NULL;
  g_auto (Run) replay = { 0 };
  g_auto (Run) show = { 0 };
  int line = 1;

  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  for (const char *p = contents; p < strstr (contents, "<move>a1-a1;e5-e5"); p++)
    line += *p == '\n';
  expected = g_strdup_printf ("boardsmith-cli: %s:%d: ply %u: move \"a1-a1;e5-e5\": the game "
                              "is already over (%s)\n", path, line, final->ply + 1,
                              bs_result_to_string ((BsResult) final->result));

  run_cli (&replay, "replay", path, NULL);
  g_assert_cmpint (replay.status, ==, 1);
  g_assert_cmpstr (replay.out, ==, "");
  g_assert_cmpstr (replay.err, ==, expected);

  run_cli (&show, "show", "tribes", "--moves", path, NULL);
  g_assert_cmpint (show.status, ==, 1);
  g_assert_cmpstr (show.err, ==, expected);
}

/* Bad files: exit 2 with the file named. */
static void
test_replay_bad_file (void)
{
  g_autofree char *path = tmp_path ("broken.xml");
  g_autofree char *missing = tmp_path ("missing.xml");
  g_autofree char *variant_path = tmp_path ("not-a-record.xml");
  g_autoptr (GError) error = NULL;
  g_autoptr (BsVariant) variant = bs_variant_new_for_module ("tribes", &error);
  g_autofree char *expected = NULL;
  g_auto (Run) broken = { 0 };
  g_auto (Run) absent = { 0 };
  g_auto (Run) wrong_root = { 0 };

  g_assert_true (g_file_set_contents (path, "<record format=\"1\"><seed>", -1, NULL));
  run_cli (&broken, "replay", path, NULL);
  g_assert_cmpint (broken.status, ==, 2);
  g_assert_true (g_str_has_prefix (broken.err, "boardsmith-cli: "));
  g_assert_true (g_str_has_prefix (broken.err + strlen ("boardsmith-cli: "), path));

  run_cli (&absent, "replay", missing, NULL);
  g_assert_cmpint (absent.status, ==, 2);
  g_assert_nonnull (strstr (absent.err, missing));

  g_assert_true (bs_variant_save_file (variant, variant_path, &error));
  g_assert_no_error (error);
  run_cli (&wrong_root, "replay", variant_path, NULL);
  g_assert_cmpint (wrong_root.status, ==, 2);
  expected = g_strdup_printf ("boardsmith-cli: %s:%d: the root element is <variant>, not "
                              "<record>: this is not a game record\n", variant_path, 2);
  g_assert_cmpstr (wrong_root.err, ==, expected);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/replay/good", test_replay_good);
  g_test_add_func ("/cli/replay/moves-from-record", test_moves_from_record);
  g_test_add_func ("/cli/replay/illegal", test_replay_illegal);
  g_test_add_func ("/cli/replay/bad-file", test_replay_bad_file);

  status = g_test_run ();
  for (guint i = 0; tmp_files != NULL && i < tmp_files->len; i++)
    g_remove (g_ptr_array_index (tmp_files, i));
  if (tmp_dir != NULL)
    g_rmdir (tmp_dir);
  return status;
}
