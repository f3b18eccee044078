/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs_file_write_atomic and the savers built on it (variants, records):
 * symlinks followed, permissions kept, folders and devices refused, and
 * every error naming the file the user chose with the old file intact.
 * Failures that need a full disk, a read-only file system or another user
 * are in tests/failure/ (they need privileges or namespaces). */

/* symlink, mkfifo. */
#define _POSIX_C_SOURCE 200809L

#include "config.h"

#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "bs-file.h"
#include "bs-record.h"
#include "bs-variant-xml.h"
#include "bs-variant.h"

static char *
make_dir (void)
{
  char *dir = g_dir_make_tmp ("boardsmith-file-XXXXXX", NULL);

  g_assert_nonnull (dir);
  return dir;
}

static void
remove_tree (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
        remove_tree (child);
      else
        g_unlink (child);
    }
  g_rmdir (path);
}

static char *
contents_of (const char *path)
{
  char *contents = NULL;

  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  return contents;
}

static guint
n_entries (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  guint n = 0;

  while (dir != NULL && g_dir_read_name (dir) != NULL)
    n++;
  return n;
}

static mode_t
mode_of (const char *path)
{
  struct stat info;

  g_assert_cmpint (g_stat (path, &info), ==, 0);
  return info.st_mode & 07777;
}

/* A new file gets the usual permissions; an existing one keeps its own. */
static void
test_modes (void)
{
  g_autofree char *dir = make_dir ();
  g_autofree char *path = g_build_filename (dir, "a.xml", NULL);
  g_autofree char *contents = NULL;
  mode_t mask = umask (022);

  umask (mask);
  g_assert_true (bs_file_write_atomic (path, "one", 3, BS_FILE_WRITE_SYNC, NULL));
  g_assert_cmpint (mode_of (path), ==, 0666 & ~mask);

  g_assert_cmpint (g_chmod (path, 0600), ==, 0);
  g_assert_true (bs_file_write_atomic (path, "two", 3, BS_FILE_WRITE_NONE, NULL));
  g_assert_cmpint (mode_of (path), ==, 0600);
  contents = contents_of (path);
  g_assert_cmpstr (contents, ==, "two");

  g_assert_cmpint (g_chmod (path, 0640), ==, 0);
  g_assert_true (bs_file_write_atomic (path, "", 0, BS_FILE_WRITE_SYNC, NULL));
  g_assert_cmpint (mode_of (path), ==, 0640);
  g_assert_cmpuint (n_entries (dir), ==, 1);
  remove_tree (dir);
}

/* A symlink is followed: the file it names changes, the link stays. */
static void
test_symlinks (void)
{
  g_autofree char *dir = make_dir ();
  g_autofree char *sub = g_build_filename (dir, "real", NULL);
  g_autofree char *target = g_build_filename (sub, "game.xml", NULL);
  g_autofree char *link = g_build_filename (dir, "link.xml", NULL);
  g_autofree char *link2 = g_build_filename (dir, "link2.xml", NULL);
  g_autofree char *dangling = g_build_filename (dir, "dangling.xml", NULL);
  g_autofree char *created = g_build_filename (sub, "new.xml", NULL);
  g_autofree char *loop = g_build_filename (dir, "loop.xml", NULL);
  g_autofree char *contents = NULL;
  g_autofree char *read_back = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (g_mkdir (sub, 0700), ==, 0);
  g_assert_true (g_file_set_contents (target, "old", -1, NULL));
  g_assert_cmpint (g_chmod (target, 0604), ==, 0);
  /* A relative link, and a link to that link. */
  g_assert_cmpint (symlink ("real/game.xml", link), ==, 0);
  g_assert_cmpint (symlink (link, link2), ==, 0);

  g_assert_true (bs_file_write_atomic (link2, "new", 3, BS_FILE_WRITE_SYNC, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (link, G_FILE_TEST_IS_SYMLINK));
  g_assert_true (g_file_test (link2, G_FILE_TEST_IS_SYMLINK));
  read_back = g_file_read_link (link, NULL);
  g_assert_cmpstr (read_back, ==, "real/game.xml");
  contents = contents_of (target);
  g_assert_cmpstr (contents, ==, "new");
  g_assert_cmpint (mode_of (target), ==, 0604);
  g_assert_cmpuint (n_entries (sub), ==, 1);

  /* A dangling link creates the file it names. */
  g_assert_cmpint (symlink ("real/new.xml", dangling), ==, 0);
  g_assert_true (bs_file_write_atomic (dangling, "made", 4, BS_FILE_WRITE_NONE, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (dangling, G_FILE_TEST_IS_SYMLINK));
  g_clear_pointer (&contents, g_free);
  contents = contents_of (created);
  g_assert_cmpstr (contents, ==, "made");

  /* A loop is an error naming the path. */
  g_assert_cmpint (symlink ("loop.xml", loop), ==, 0);
  g_assert_false (bs_file_write_atomic (loop, "x", 1, BS_FILE_WRITE_NONE, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_LOOP);
  g_assert_true (g_str_has_prefix (error->message, loop));
  remove_tree (dir);
}

/* Targets that are not files, and paths that cannot be: refused with the
 * user's path in the message, the old file (if any) intact, no temporary
 * file left. */
static void
test_refused (void)
{
  g_autofree char *dir = make_dir ();
  g_autofree char *folder = g_build_filename (dir, "folder.xml", NULL);
  g_autofree char *fifo = g_build_filename (dir, "fifo.xml", NULL);
  g_autofree char *missing = g_build_filename (dir, "no", "such", "dir.xml", NULL);
  g_autofree char *file = g_build_filename (dir, "file", NULL);
  g_autofree char *under_file = g_build_filename (file, "x.xml", NULL);
  g_autofree char *expected = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (g_mkdir (folder, 0700), ==, 0);
  g_assert_false (bs_file_write_atomic (folder, "x", 1, BS_FILE_WRITE_SYNC, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_ISDIR);
  expected = g_strdup_printf ("%s: cannot save: %s", folder, g_strerror (EISDIR));
  g_assert_cmpstr (error->message, ==, expected);
  g_clear_error (&error);
  g_clear_pointer (&expected, g_free);

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  g_assert_false (bs_file_write_atomic (fifo, "x", 1, BS_FILE_WRITE_SYNC, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL);
  expected = g_strdup_printf ("%s: cannot save: it is not a regular file", fifo);
  g_assert_cmpstr (error->message, ==, expected);
  g_clear_error (&error);
  g_clear_pointer (&expected, g_free);

  g_assert_false (bs_file_write_atomic ("/dev/null", "x", 1, BS_FILE_WRITE_SYNC, &error));
  g_assert_cmpstr (error->message, ==, "/dev/null: cannot save: it is not a regular file");
  g_clear_error (&error);

  g_assert_false (bs_file_write_atomic (missing, "x", 1, BS_FILE_WRITE_SYNC, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
  g_assert_true (g_str_has_prefix (error->message, missing));
  g_clear_error (&error);

  g_assert_true (g_file_set_contents (file, "keep", -1, NULL));
  g_assert_false (bs_file_write_atomic (under_file, "x", 1, BS_FILE_WRITE_SYNC, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOTDIR);
  g_assert_true (g_str_has_prefix (error->message, under_file));
  g_clear_error (&error);

  /* Nothing else appeared. */
  g_assert_cmpuint (n_entries (dir), ==, 3);
  remove_tree (dir);
}

/* Variants and records save through it: a symlink stays, the mode stays,
 * an error names the file the user chose (it once named the temporary
 * file). */
static void
test_savers (void)
{
  g_autofree char *dir = make_dir ();
  g_autofree char *real = g_build_filename (dir, "real.xml", NULL);
  g_autofree char *link = g_build_filename (dir, "link.xml", NULL);
  g_autofree char *folder = g_build_filename (dir, "folder.boardsmith", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariant) variant = bs_variant_new ();
  g_autoptr(BsRecord) record = NULL;
  g_autoptr(BsRecord) loaded = NULL;
  g_autofree char *expected = NULL;

  variant->name = g_strdup ("Saved");
  variant->module = g_strdup ("agoraphobia");
  variant->board.shape = BS_SHAPE_HEXAGON;
  variant->board.size = 4;
  variant->board.adjacency = 6;
  for (int p = 0; p < 2; p++)
    {
      variant->players[p].name = g_strdup (p == 0 ? "Light" : "Dark");
      variant->players[p].color = g_strdup (p == 0 ? "#ffffff" : "#000000");
    }

  g_assert_true (g_file_set_contents (real, "old", -1, NULL));
  g_assert_cmpint (g_chmod (real, 0600), ==, 0);
  g_assert_cmpint (symlink ("real.xml", link), ==, 0);
  g_assert_true (bs_variant_save_file (variant, link, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (link, G_FILE_TEST_IS_SYMLINK));
  g_assert_cmpint (mode_of (real), ==, 0600);

  record = bs_record_new (variant, 1);
  g_assert_true (bs_record_save_file (record, link, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (link, G_FILE_TEST_IS_SYMLINK));
  g_assert_cmpint (mode_of (real), ==, 0600);
  loaded = bs_record_load_file (real, &error);
  g_assert_no_error (error);

  g_assert_cmpint (g_mkdir (folder, 0700), ==, 0);
  g_assert_false (bs_record_save_file (record, folder, &error));
  expected = g_strdup_printf ("%s: cannot save: %s", folder, g_strerror (EISDIR));
  g_assert_cmpstr (error->message, ==, expected);
  g_clear_error (&error);
  g_assert_false (bs_variant_save_file (variant, folder, &error));
  g_assert_cmpstr (error->message, ==, expected);
  g_assert_cmpuint (n_entries (dir), ==, 3);
  remove_tree (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/file/modes", test_modes);
  g_test_add_func ("/file/symlinks", test_symlinks);
  g_test_add_func ("/file/refused", test_refused);
  g_test_add_func ("/file/savers", test_savers);
  return g_test_run ();
}
