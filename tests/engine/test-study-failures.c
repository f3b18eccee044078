/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Study files under failure: a full disk (a small tmpfs, or a file size
 * limit where mounting is not allowed), a read-only folder, a target that
 * is a folder, a symlink, a file the user may not write. A study is
 * written by its own streaming writer and a journal, not by
 * bs_file_write_atomic: each case checks that the old file stays byte for
 * byte, that the error names the study file, and that once the cause is
 * gone the study resumes to the same bytes as a run that never failed. */

#define _GNU_SOURCE
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <sched.h>
#include <signal.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "bs-study-private.h"
#include "bs-study-runner.h"
#include "bs-variant-xml.h"

#define SEED        9
#define FIRST_GAMES 20
#define ALL_GAMES   60

static char *tmpdir;
/* A private mount namespace where tmpfs can be mounted (root). */
static gboolean can_mount;

static BsStudy *
make_study (guint games)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariant) variant = bs_variant_lookup ("agoraphobia", &error);
  BsStudy *study;

  g_assert_no_error (error);
  study = bs_study_new (BS_STUDY_SINGLE, SEED, "random", "random", &error);
  g_assert_no_error (error);
  study->games = games;
  bs_study_add_arm (study, variant, NULL);
  return study;
}

/* A complete study of `games` games at path. */
static void
write_study (const char *path,
             guint       games)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BsStudy) study = make_study (games);
  g_autoptr(BsStudyRunner) runner = bs_study_runner_new (study, path, &error);

  g_assert_no_error (error);
  bs_study_runner_set_jobs (runner, 2);
  g_assert_true (bs_study_runner_run (runner, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
}

static GBytes *
contents_of (const char *path)
{
  g_autoptr(GError) error = NULL;
  char *data = NULL;
  gsize length = 0;

  g_file_get_contents (path, &data, &length, &error);
  g_assert_no_error (error);
  return g_bytes_new_take (data, length);
}

static void
assert_same_bytes (const char *path,
                   GBytes     *expected)
{
  g_autoptr(GBytes) now = contents_of (path);

  g_assert_true (g_bytes_equal (now, expected));
}

/* The reference: the whole study played without trouble. */
static GBytes *
reference (void)
{
  static GBytes *bytes;

  if (bytes == NULL)
    {
      g_autofree char *path = g_build_filename (tmpdir, "reference.bsstudy", NULL);

      write_study (path, ALL_GAMES);
      bytes = contents_of (path);
    }
  return bytes;
}

/* Opens the study at path, raises it to ALL_GAMES and plays on. */
static gboolean
extend (const char  *path,
        GError     **error)
{
  g_autoptr(BsStudyRunner) runner = bs_study_runner_open (path, NULL, error);

  if (runner == NULL)
    return FALSE;
  bs_study_runner_set_games (runner, ALL_GAMES);
  bs_study_runner_set_jobs (runner, 2);
  return bs_study_runner_run (runner, NULL, NULL, NULL, error);
}

static guint
games_done (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BsStudyRunner) runner = bs_study_runner_open (path, NULL, &error);
  guint done = 0;

  g_assert_no_error (error);
  bs_study_runner_get_progress (runner, &done, NULL);
  return done;
}

static guint
n_entries (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  guint n = 0;

  while (d != NULL && g_dir_read_name (d) != NULL)
    n++;
  return n;
}

static void
assert_names (const GError *error,
              const char   *path)
{
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_true (error->domain == G_FILE_ERROR);
  g_assert_true (g_str_has_prefix (error->message, path));
}

/* A full disk. */

typedef struct {
  char    *dir;
  char    *filler;
  gboolean mounted;
  gboolean filled;
  gboolean limited;
  struct rlimit old_limit;
} SmallDisk;

/* A folder on a small filesystem of its own, or (where mounting is not
 * allowed) an ordinary folder and a limit on the size of any file. */
static void
small_disk_init (SmallDisk *disk)
{
  memset (disk, 0, sizeof *disk);
  disk->dir = g_build_filename (tmpdir, "disk", NULL);
  g_assert_cmpint (g_mkdir (disk->dir, 0700), ==, 0);
  disk->filler = g_build_filename (disk->dir, "filler", NULL);
  if (can_mount && mount ("tmpfs", disk->dir, "tmpfs", 0, "size=256k,mode=0700") == 0)
    disk->mounted = TRUE;
  else
    g_test_message ("no tmpfs: a file size limit stands for the full disk");
}

/* Leaves `free_bytes` free (rounded to pages on tmpfs); with a size limit,
 * no file may grow beyond it. */
static void
small_disk_fill (SmallDisk *disk,
                 gsize      free_bytes)
{
  if (disk->mounted)
    {
      static const char block[4096];
      struct statvfs info;
      int fd = g_open (disk->filler, O_WRONLY | O_CREAT | O_TRUNC, 0600);
      gsize written = 0;
      gsize page;

      g_assert_cmpint (fd, >=, 0);
      for (;;)
        {
          gssize n = write (fd, block, sizeof block);

          if (n <= 0)
            break;
          written += (gsize) n;
        }
      g_assert_cmpint (errno, ==, ENOSPC);
      g_assert_cmpint (statvfs (disk->dir, &info), ==, 0);
      page = info.f_frsize;
      free_bytes = (free_bytes + page - 1) / page * page;
      g_assert_cmpuint (written, >=, free_bytes);
      g_assert_cmpint (ftruncate (fd, (off_t) (written - free_bytes)), ==, 0);
      close (fd);
      disk->filled = TRUE;
      g_assert_cmpint (statvfs (disk->dir, &info), ==, 0);
      g_test_message ("%" G_GSIZE_FORMAT " bytes free", (gsize) (info.f_bavail * info.f_frsize));
    }
  else
    {
      struct rlimit limit;

      g_assert_cmpint (getrlimit (RLIMIT_FSIZE, &disk->old_limit), ==, 0);
      limit = disk->old_limit;
      limit.rlim_cur = free_bytes;
      g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &limit), ==, 0);
      disk->limited = TRUE;
    }
}

static void
small_disk_free (SmallDisk *disk)
{
  if (disk->filled)
    g_assert_cmpint (g_unlink (disk->filler), ==, 0);
  disk->filled = FALSE;
  if (disk->limited)
    g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &disk->old_limit), ==, 0);
  disk->limited = FALSE;
}

static void
small_disk_clear (SmallDisk *disk)
{
  small_disk_free (disk);
  if (disk->mounted)
    g_assert_cmpint (umount (disk->dir), ==, 0);
  g_rmdir (disk->dir);
  g_free (disk->dir);
  g_free (disk->filler);
}

/* No room even for the journal: the first finished game cannot be kept,
 * the run stops, the file is as it was and the journal holds no half
 * game; with room again the study resumes to the reference. */
static void
test_full_disk_journal (void)
{
  SmallDisk disk;
  g_autofree char *path = NULL, *journal = NULL;
  g_autoptr(GBytes) before = NULL;
  g_autoptr(GError) error = NULL;

  reference ();
  small_disk_init (&disk);
  path = g_build_filename (disk.dir, "full.bsstudy", NULL);
  journal = g_strconcat (path, ".journal", NULL);
  write_study (path, FIRST_GAMES);
  before = contents_of (path);

  small_disk_fill (&disk, disk.mounted ? 0 : 1);
  g_assert_false (extend (path, &error));
  assert_names (error, path);
  g_assert_nonnull (strstr (error->message, "journal"));
  g_assert_nonnull (strstr (error->message, disk.mounted ? g_strerror (ENOSPC)
                                                         : g_strerror (EFBIG)));
  assert_same_bytes (path, before);
  g_assert_cmpuint (games_done (path), ==, FIRST_GAMES);

  small_disk_free (&disk);
  g_clear_error (&error);
  g_assert_true (extend (path, &error));
  g_assert_no_error (error);
  assert_same_bytes (path, reference ());
  g_assert_false (g_file_test (journal, G_FILE_TEST_EXISTS));
  small_disk_clear (&disk);
}

/* Room for the journal but not for the new file: every game is kept in
 * the journal, the file is as it was; with room again nothing is played
 * twice and the file becomes the reference. */
static void
test_full_disk_fold (void)
{
  SmallDisk disk;
  g_autofree char *path = NULL, *journal = NULL;
  g_autoptr(GBytes) before = NULL;
  g_autoptr(GError) error = NULL;
  gsize journal_size, file_size = g_bytes_get_size (reference ());

  small_disk_init (&disk);
  path = g_build_filename (disk.dir, "fold.bsstudy", NULL);
  journal = g_strconcat (path, ".journal", NULL);
  write_study (path, FIRST_GAMES);
  before = contents_of (path);
  /* The journal of the other games is about the reference less this file. */
  journal_size = file_size - g_bytes_get_size (before);
  /* tmpfs: the journal's pages and two more, fewer than the new file
   * needs besides; a size limit: between the journal and the new file. */
  small_disk_fill (&disk, disk.mounted ? journal_size + 8192 : (journal_size + file_size) / 2);
  g_assert_false (extend (path, &error));
  assert_names (error, path);
  g_assert_null (strstr (error->message, "journal"));
  assert_same_bytes (path, before);
  g_assert_true (g_file_test (journal, G_FILE_TEST_EXISTS));
  /* Nothing is lost: the file and its journal hold every game. */
  g_assert_cmpuint (games_done (path), ==, ALL_GAMES);
  g_assert_cmpuint (n_entries (disk.dir), ==, disk.mounted ? 3 : 2);

  small_disk_free (&disk);
  g_clear_error (&error);
  g_assert_true (extend (path, &error));
  g_assert_no_error (error);
  assert_same_bytes (path, reference ());
  g_assert_false (g_file_test (journal, G_FILE_TEST_EXISTS));
  small_disk_clear (&disk);
}

/* A run folds its journal into the file while another reader opens it:
 * the new file renamed into place, then the journal emptied. Read in
 * between, the old file and the emptied journal would show fewer games
 * than either before or after; the reader sees the file replaced and
 * reads it again. */
static char *folded_source;

static void
fold_now (const char *path)
{
  g_autofree char *journal = g_strconcat (path, ".journal", NULL);

  if (folded_source == NULL)
    return;
  g_assert_cmpint (g_rename (folded_source, path), ==, 0);
  g_unlink (journal);
  g_clear_pointer (&folded_source, g_free);
}

static void
test_fold_while_opening (void)
{
  g_autofree char *path = g_build_filename (tmpdir, "read-while-folded.bsstudy", NULL);
  g_autofree char *folded = g_build_filename (tmpdir, "folded.bsstudy", NULL);

  write_study (path, FIRST_GAMES);
  write_study (folded, ALL_GAMES);
  folded_source = g_strdup (folded);
  bs_study_open_between_hook = fold_now;
  g_assert_cmpuint (games_done (path), ==, ALL_GAMES);
  bs_study_open_between_hook = NULL;
  g_assert_null (folded_source);
}

/* The same fold a moment later: the reader knows the journal's size
 * when the run renames the new file into place and empties the journal
 * (as a run does, keeping the journal file). The journal ends before the
 * reader has read it; that is no error of the study's, and the reader
 * reads the two again. */
static void
fold_emptying (const char *journal_path)
{
  g_autofree char *path = g_strndup (journal_path, strlen (journal_path) - strlen (".journal"));

  if (folded_source == NULL)
    return;
  g_assert_cmpint (g_rename (folded_source, path), ==, 0);
  g_assert_cmpint (truncate (journal_path, 0), ==, 0);
  g_clear_pointer (&folded_source, g_free);
}

static void
test_fold_while_reading_journal (void)
{
  g_autofree char *path = g_build_filename (tmpdir, "journal-emptied.bsstudy", NULL);
  g_autofree char *journal = g_strconcat (path, ".journal", NULL);
  g_autofree char *folded = g_build_filename (tmpdir, "folded-later.bsstudy", NULL);
  g_autoptr(GError) error = NULL;

  write_study (path, FIRST_GAMES);
  write_study (folded, ALL_GAMES);
  /* Only its size matters: it is emptied before a byte of it is read. */
  g_file_set_contents (journal, "<game arm=\"0\" number=\"99\">\n</game>\n", -1, &error);
  g_assert_no_error (error);
  folded_source = g_strdup (folded);
  bs_study_journal_sized_hook = fold_emptying;
  g_assert_cmpuint (games_done (path), ==, ALL_GAMES);
  bs_study_journal_sized_hook = NULL;
  g_assert_null (folded_source);
}

/* The target is a folder: refused before anything is written, for a new
 * study and for a merge; opening it says what it is. */
static void
test_target_is_folder (void)
{
  g_autofree char *dir = g_build_filename (tmpdir, "folder-case", NULL);
  g_autofree char *folder = g_build_filename (dir, "study.bsstudy", NULL);
  g_autofree char *source = g_build_filename (tmpdir, "source.bsstudy", NULL);
  const char *inputs[] = { source, NULL };
  g_autoptr(BsStudy) study = make_study (FIRST_GAMES);
  g_autoptr(BsStudyRunner) runner = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (g_mkdir (dir, 0700), ==, 0);
  g_assert_cmpint (g_mkdir (folder, 0700), ==, 0);
  write_study (source, FIRST_GAMES);

  runner = bs_study_runner_new (study, folder, &error);
  g_assert_null (runner);
  assert_names (error, folder);
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_ISDIR);
  g_clear_error (&error);

  g_assert_false (bs_study_merge_files (inputs, folder, BS_STUDY_MERGE_PARTIAL, &error));
  assert_names (error, folder);
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_ISDIR);
  g_clear_error (&error);

  runner = bs_study_runner_open (folder, NULL, &error);
  g_assert_null (runner);
  g_assert_nonnull (error);
  g_assert_true (g_str_has_prefix (error->message, folder));
  /* Nothing appeared beside it, nothing in it. */
  g_assert_cmpuint (n_entries (dir), ==, 1);
  g_assert_cmpuint (n_entries (folder), ==, 0);
}

/* A study file reached through symlinks: the file they name gets the
 * games, the links stay links, its mode stays. */
static void
test_symlink (void)
{
  g_autofree char *dir = g_build_filename (tmpdir, "link-case", NULL);
  g_autofree char *sub = g_build_filename (dir, "real", NULL);
  g_autofree char *real = g_build_filename (sub, "study.bsstudy", NULL);
  g_autofree char *link = g_build_filename (dir, "link.bsstudy", NULL);
  g_autofree char *link2 = g_build_filename (dir, "link2.bsstudy", NULL);
  g_autofree char *merged = g_build_filename (dir, "merged-link.bsstudy", NULL);
  g_autofree char *merged_real = g_build_filename (sub, "merged.bsstudy", NULL);
  g_autofree char *target = NULL;
  const char *inputs[] = { real, NULL };
  g_autoptr(GError) error = NULL;
  GStatBuf st;

  g_assert_cmpint (g_mkdir (dir, 0700), ==, 0);
  g_assert_cmpint (g_mkdir (sub, 0700), ==, 0);
  g_assert_cmpint (symlink ("real/study.bsstudy", link), ==, 0);
  g_assert_cmpint (symlink (link, link2), ==, 0);

  /* A new study through a dangling link creates the file it names. */
  write_study (link2, FIRST_GAMES);
  g_assert_true (g_file_test (link, G_FILE_TEST_IS_SYMLINK));
  g_assert_true (g_file_test (link2, G_FILE_TEST_IS_SYMLINK));
  g_assert_true (g_file_test (real, G_FILE_TEST_IS_REGULAR));
  g_assert_cmpuint (games_done (real), ==, FIRST_GAMES);

  /* Extended through the link: the mode of the file stays. */
  g_assert_cmpint (g_chmod (real, 0640), ==, 0);
  g_assert_true (extend (link2, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (link2, G_FILE_TEST_IS_SYMLINK));
  target = g_file_read_link (link, NULL);
  g_assert_cmpstr (target, ==, "real/study.bsstudy");
  assert_same_bytes (real, reference ());
  g_assert_cmpint (g_stat (real, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0640);
  /* No temporary file or journal left anywhere. */
  g_assert_cmpuint (n_entries (sub), ==, 1);
  g_assert_cmpuint (n_entries (dir), ==, 3);

  /* A merge through a link. */
  g_assert_cmpint (symlink ("real/merged.bsstudy", merged), ==, 0);
  g_assert_true (bs_study_merge_files (inputs, merged, BS_STUDY_MERGE_PARTIAL, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (merged, G_FILE_TEST_IS_SYMLINK));
  assert_same_bytes (merged_real, reference ());
}

/* Permissions: as an ordinary user (a root test run drops to nobody in a
 * subprocess: root may write anything). */

static void
drop_privileges (void)
{
  if (geteuid () != 0)
    return;
  g_assert_cmpint (setgroups (0, NULL), ==, 0);
  g_assert_cmpint (setgid (65534), ==, 0);
  g_assert_cmpint (setuid (65534), ==, 0);
  g_assert_cmpint (geteuid (), ==, 65534);
}

/* A folder the user may read but not write. */
static void
read_only_folder_body (void)
{
  g_autofree char *dir = g_build_filename (tmpdir, "shared", "read-only", NULL);
  g_autofree char *path = g_build_filename (dir, "study.bsstudy", NULL);
  g_autofree char *other = g_build_filename (dir, "new.bsstudy", NULL);
  g_autofree char *merged = g_build_filename (dir, "merged.bsstudy", NULL);
  const char *inputs[] = { path, NULL };
  g_autoptr(GBytes) before = NULL;
  g_autoptr(BsStudy) study = make_study (FIRST_GAMES);
  g_autoptr(BsStudyRunner) runner = NULL;
  g_autoptr(GError) error = NULL;

  drop_privileges ();
  g_assert_cmpint (g_mkdir (dir, 0700), ==, 0);
  write_study (path, FIRST_GAMES);
  before = contents_of (path);
  g_assert_cmpint (g_chmod (dir, 0500), ==, 0);

  /* Refused before a game is played. */
  g_assert_false (extend (path, &error));
  assert_names (error, path);
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_ACCES);
  assert_same_bytes (path, before);
  g_assert_cmpuint (n_entries (dir), ==, 1);
  g_clear_error (&error);

  runner = bs_study_runner_new (study, other, &error);
  g_assert_null (runner);
  assert_names (error, other);
  g_clear_error (&error);

  g_assert_false (bs_study_merge_files (inputs, merged, BS_STUDY_MERGE_PARTIAL, &error));
  assert_names (error, merged);
  g_assert_cmpuint (n_entries (dir), ==, 1);
  g_assert_cmpint (g_chmod (dir, 0700), ==, 0);
}

/* A study file the user may not write, in a folder they may: the folder
 * would let a rename replace it, but it stays as it is. */
static void
unwritable_file_body (void)
{
  g_autofree char *dir = g_build_filename (tmpdir, "shared", "unwritable", NULL);
  g_autofree char *path = g_build_filename (dir, "study.bsstudy", NULL);
  g_autofree char *source = g_build_filename (dir, "source.bsstudy", NULL);
  const char *inputs[] = { source, NULL };
  g_autoptr(GBytes) before = NULL;
  g_autoptr(BsStudy) study = make_study (FIRST_GAMES);
  g_autoptr(BsStudyRunner) runner = NULL;
  g_autoptr(GError) error = NULL;

  drop_privileges ();
  g_assert_cmpint (g_mkdir (dir, 0700), ==, 0);
  write_study (path, FIRST_GAMES);
  write_study (source, FIRST_GAMES);
  before = contents_of (path);
  g_assert_cmpint (g_chmod (path, 0444), ==, 0);

  g_assert_false (extend (path, &error));
  assert_names (error, path);
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_ACCES);
  assert_same_bytes (path, before);
  g_clear_error (&error);

  runner = bs_study_runner_new (study, path, &error);
  g_assert_null (runner);
  assert_names (error, path);
  assert_same_bytes (path, before);
  g_clear_error (&error);

  g_assert_false (bs_study_merge_files (inputs, path, BS_STUDY_MERGE_PARTIAL, &error));
  assert_names (error, path);
  assert_same_bytes (path, before);
  /* No journal, no temporary file. */
  g_assert_cmpuint (n_entries (dir), ==, 2);
}

static void
test_read_only_folder (void)
{
  if (g_test_subprocess ())
    {
      read_only_folder_body ();
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDOUT |
                          G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
}

static void
test_unwritable_file (void)
{
  if (g_test_subprocess ())
    {
      unwritable_file_body ();
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDOUT |
                          G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
}

/* A tmpfs needs root and a mount namespace of the test's own, entered
 * before any thread starts. */
static gboolean
enter_mount_namespace (void)
{
  if (geteuid () != 0 || unshare (CLONE_NEWNS) != 0)
    return FALSE;
  /* Mounts made here stay here. */
  return mount (NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) == 0;
}

static void
remove_tree (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      g_chmod (child, 0700);
      if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
        remove_tree (child);
      else
        g_unlink (child);
    }
  g_rmdir (path);
}

int
main (int argc, char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *shared = NULL;
  const char *inherited;
  int status;

  can_mount = enter_mount_namespace ();
  /* A write beyond a size limit fails with EFBIG instead of killing us. */
  signal (SIGXFSZ, SIG_IGN);
  g_test_init (&argc, &argv, NULL);
  /* The subprocesses work in their parent's folder. */
  inherited = g_getenv ("BS_TEST_STUDY_FAILURES_DIR");
  if (g_test_subprocess () && inherited != NULL)
    tmpdir = g_strdup (inherited);
  else
    {
      tmpdir = g_dir_make_tmp ("test-study-failures-XXXXXX", &error);
      g_assert_no_error (error);
      /* Nobody (the permission cases run as nobody under root) may use it. */
      g_assert_cmpint (g_chmod (tmpdir, 0755), ==, 0);
      shared = g_build_filename (tmpdir, "shared", NULL);
      g_assert_cmpint (g_mkdir (shared, 01777), ==, 0);
      g_assert_cmpint (g_chmod (shared, 01777), ==, 0);
      g_setenv ("BS_TEST_STUDY_FAILURES_DIR", tmpdir, TRUE);
    }

  g_test_add_func ("/study-failures/full-disk-journal", test_full_disk_journal);
  g_test_add_func ("/study-failures/full-disk-fold", test_full_disk_fold);
  g_test_add_func ("/study-failures/fold-while-opening", test_fold_while_opening);
  g_test_add_func ("/study-failures/fold-while-reading-journal", test_fold_while_reading_journal);
  g_test_add_func ("/study-failures/target-is-folder", test_target_is_folder);
  g_test_add_func ("/study-failures/symlink", test_symlink);
  g_test_add_func ("/study-failures/read-only-folder", test_read_only_folder);
  g_test_add_func ("/study-failures/unwritable-file", test_unwritable_file);
  status = g_test_run ();
  if (!g_test_subprocess ())
    remove_tree (tmpdir);
  g_free (tmpdir);
  return status;
}
