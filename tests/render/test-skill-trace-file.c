/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A skill trace's own file (bs-skill-trace-file.h): written and read back the same (names
 * with quotes and newlines, levels beside it and elsewhere), and bad files refused naming
 * the file, the line and the value. */

#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "bs-error.h"
#include "bs-skill-trace-file.h"

static char *
temp_folder (void)
{
  g_autoptr(GError) error = NULL;
  char *folder = g_dir_make_tmp ("bs-trace-file-XXXXXX", &error);

  g_assert_no_error (error);
  return folder;
}

static void
test_round_trip (void)
{
  g_autofree char *folder = temp_folder ();
  g_autofree char *path = g_build_filename (folder, "game-trace-1a2b.bstrace", NULL);
  g_autofree char *beside = g_build_filename (folder, "game-trace-1a2b-easy.bsstudy", NULL);
  g_autofree char *contents = NULL;
  g_autoptr(BsSkillTraceFile) file =
    bs_skill_trace_file_new ("My “Game”\nsecond line", "/games/my game.bsvariant", 20,
                             G_GUINT64_CONSTANT (18446744073709551615));
  g_autoptr(BsSkillTraceFile) back = NULL;
  g_autoptr(GError) error = NULL;

  file->finished = TRUE;
  bs_skill_trace_file_add (file, "random", "/elsewhere/game-random.bsstudy");
  bs_skill_trace_file_add (file, "easy", beside);
  bs_skill_trace_file_add (file, "10000", "/elsewhere/a b.bsstudy");
  g_assert_true (bs_skill_trace_file_save (file, path, &error));
  g_assert_no_error (error);
  /* The level beside it by its name only. */
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_nonnull (strstr (contents, "\nlevel=easy game-trace-1a2b-easy.bsstudy\n"));
  g_assert_true (g_str_has_prefix (contents, "boardsmith-skill-trace 1\n"));

  back = bs_skill_trace_file_load (path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (back);
  g_assert_cmpstr (back->variant, ==, file->variant);
  g_assert_cmpstr (back->source, ==, file->source);
  g_assert_cmpuint (back->games, ==, 20);
  g_assert_cmpuint (back->seed, ==, G_GUINT64_CONSTANT (18446744073709551615));
  g_assert_true (back->finished);
  g_assert_cmpuint (bs_skill_trace_file_n_levels (back), ==, 3);
  for (guint i = 0; i < 3; i++)
    {
      g_assert_cmpstr (back->levels[i], ==, file->levels[i]);
      g_assert_cmpstr (back->files[i], ==, file->files[i]);
    }

  /* Unfinished, no source. */
  bs_skill_trace_file_free (g_steal_pointer (&file));
  bs_skill_trace_file_free (g_steal_pointer (&back));
  file = bs_skill_trace_file_new ("Plain", NULL, 5, 0);
  bs_skill_trace_file_add (file, "random", beside);
  bs_skill_trace_file_add (file, "easy", beside);
  g_assert_true (bs_skill_trace_file_save (file, path, &error));
  back = bs_skill_trace_file_load (path, &error);
  g_assert_no_error (error);
  g_assert_null (back->source);
  g_assert_false (back->finished);
  g_assert_cmpuint (back->seed, ==, 0);

  g_unlink (path);
  g_rmdir (folder);
}

static void
test_names (void)
{
  g_autofree char *a = bs_skill_trace_file_path ("/s/game-trace-1a2b.bsstudy");
  g_autofree char *b = bs_skill_trace_file_path ("/s.d/trace");

  g_assert_cmpstr (a, ==, "/s/game-trace-1a2b.bstrace");
  g_assert_cmpstr (b, ==, "/s.d/trace.bstrace");
  g_assert_true (bs_skill_trace_file_is ("/s/x.bstrace"));
  g_assert_true (bs_skill_trace_file_is ("/s/X.BSTRACE"));
  g_assert_false (bs_skill_trace_file_is ("/s/x.bsstudy"));
}

/* contents written to a file and read: refused, the message holding each of words. */
static void
assert_refused (const char         *contents,
                const char * const *words)
{
  g_autofree char *folder = temp_folder ();
  g_autofree char *path = g_build_filename (folder, "bad.bstrace", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(BsSkillTraceFile) file = NULL;

  g_assert_true (g_file_set_contents (path, contents, -1, NULL));
  file = bs_skill_trace_file_load (path, &error);
  g_assert_null (file);
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_true (g_str_has_prefix (error->message, path));
  for (guint i = 0; words[i] != NULL; i++)
    if (strstr (error->message, words[i]) == NULL)
      g_error ("“%s” lacks “%s”", error->message, words[i]);
  g_unlink (path);
  g_rmdir (folder);
}

#define GOOD_HEAD "boardsmith-skill-trace 1\nvariant=G\n"
#define GOOD_LEVELS "level=random a.bsstudy\nlevel=easy b.bsstudy\n"

static void
test_bad_files (void)
{
  const struct {
    const char *contents;
    const char *words[4];   /* NULL-terminated */
  } cases[] = {
    { "<study/>\n", { ":1:", "boardsmith-skill-trace 1" } },
    { GOOD_HEAD "games=twenty\nseed=1\n" GOOD_LEVELS, { ":3:", "games", "“twenty”" } },
    { GOOD_HEAD "games=0\n" GOOD_LEVELS, { ":3:", "“0”" } },
    { GOOD_HEAD "games=20\nseed=-1\n" GOOD_LEVELS, { ":4:", "seed", "“-1”" } },
    { GOOD_HEAD "games=20\nseed=99999999999999999999\n" GOOD_LEVELS, { ":4:", "seed" } },
    { GOOD_HEAD "games=20\nfinished=yes\n" GOOD_LEVELS, { ":4:", "“yes”" } },
    { GOOD_HEAD "games=20\ncolour=red\n" GOOD_LEVELS, { ":4:", "“colour”" } },
    { GOOD_HEAD "games=20\njust words\n" GOOD_LEVELS, { ":4:", "“just words”" } },
    { GOOD_HEAD "games=20\nlevel=easy\n", { ":4:", "“easy”" } },
    { GOOD_HEAD "games=20\nlevel=random a.bsstudy\n", { "two levels" } },
    { "boardsmith-skill-trace 1\ngames=20\n" GOOD_LEVELS, { "variant" } },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    assert_refused (cases[i].contents, cases[i].words);
}

static void
test_missing_file (void)
{
  g_autoptr(GError) error = NULL;

  g_assert_null (bs_skill_trace_file_load ("/nonexistent/x.bstrace", &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
  g_assert_nonnull (strstr (error->message, "/nonexistent/x.bstrace"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/skill-trace-file/round-trip", test_round_trip);
  g_test_add_func ("/skill-trace-file/names", test_names);
  g_test_add_func ("/skill-trace-file/bad-files", test_bad_files);
  g_test_add_func ("/skill-trace-file/missing", test_missing_file);
  return g_test_run ();
}
