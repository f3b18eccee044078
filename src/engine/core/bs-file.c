/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-engine"
/* fchown, mkfifo and friends. */
#define _POSIX_C_SOURCE 200809L

#include "config.h"

#include "bs-file.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

/* Linux follows at most 40 links in a path. */
#define MAX_LINKS 40

static gboolean
fail (GError     **error,
      const char  *path,
      int          saved_errno)
{
  g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
               _("%s: cannot save: %s"), path, g_strerror (saved_errno));
  return FALSE;
}

char *
bs_file_resolve_links (const char  *path,
                       GError     **error)
{
  g_autofree char *current = g_strdup (path);

  g_return_val_if_fail (path != NULL, NULL);

  for (int hops = 0; hops <= MAX_LINKS; hops++)
    {
      g_autofree char *target = g_file_read_link (current, NULL);
      g_autofree char *dir = NULL;

      if (target == NULL)
        return g_steal_pointer (&current);
      if (g_path_is_absolute (target))
        {
          g_free (current);
          current = g_steal_pointer (&target);
          continue;
        }
      dir = g_path_get_dirname (current);
      g_free (current);
      current = g_build_filename (dir, target, NULL);
    }
  fail (error, path, ELOOP);
  return NULL;
}

static gboolean
write_all (int          fd,
           const char  *data,
           gsize        length,
           int         *saved_errno)
{
  gsize done = 0;

  while (done < length)
    {
      gssize n = write (fd, data + done, MIN (length - done, (gsize) G_MAXSSIZE));

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          /* A write of 0 bytes to a regular file: the disk is full. */
          *saved_errno = n < 0 ? errno : ENOSPC;
          return FALSE;
        }
      done += (gsize) n;
    }
  return TRUE;
}

static mode_t
current_umask (void)
{
  /* umask can only be read by setting it: do it once, before threads
   * write files. */
  static gsize cached = 0;

  if (g_once_init_enter (&cached))
    {
      mode_t mask = umask (022);

      umask (mask);
      g_once_init_leave (&cached, (gsize) mask | 0x10000);
    }
  return (mode_t) (cached & 0777);
}

struct _BsFileWriter {
  char             *path;      /* as the caller gave it: for messages */
  char             *target;    /* its links followed */
  char             *dir;
  char             *tmp;
  int               fd;
  BsFileWriteFlags  flags;
  gboolean          exists;
  struct stat       info;      /* the target's, when it exists */
  mode_t            mode;
};

/* The checks before anything is written: what the path names once its
 * links are followed, and whether it may be replaced. */
static gboolean
check_target (const char   *path,
              char        **target_out,
              gboolean     *exists_out,
              struct stat  *info,
              GError      **error)
{
  g_autofree char *target = bs_file_resolve_links (path, error);
  gboolean exists;

  if (target == NULL)
    return FALSE;
  exists = g_stat (target, info) == 0;
  if (!exists && errno != ENOENT)
    return fail (error, path, errno);
  if (exists && S_ISDIR (info->st_mode))
    return fail (error, path, EISDIR);
  if (exists && !S_ISREG (info->st_mode))
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                   _("%s: cannot save: it is not a regular file"), path);
      return FALSE;
    }
  /* A file the user may not write stays as it is, even though its folder
   * would let the rename replace it. */
  if (exists && g_access (target, W_OK) != 0)
    return fail (error, path, errno);
  if (target_out != NULL)
    *target_out = g_steal_pointer (&target);
  *exists_out = exists;
  return TRUE;
}

gboolean
bs_file_check_writable (const char  *path,
                        GError     **error)
{
  g_autofree char *target = NULL;
  g_autofree char *dir = NULL;
  struct stat info;
  gboolean exists;

  g_return_val_if_fail (path != NULL, FALSE);

  if (!check_target (path, &target, &exists, &info, error))
    return FALSE;
  /* The temporary file goes into the target's folder. */
  dir = g_path_get_dirname (target);
  if (g_access (dir, W_OK | X_OK) != 0)
    return fail (error, path, errno);
  return TRUE;
}

static void
writer_free (BsFileWriter *writer)
{
  g_free (writer->path);
  g_free (writer->target);
  g_free (writer->dir);
  g_free (writer->tmp);
  g_free (writer);
}

BsFileWriter *
bs_file_writer_new (const char        *path,
                    BsFileWriteFlags   flags,
                    GError           **error)
{
  BsFileWriter *writer;
  g_autofree char *base = NULL;

  g_return_val_if_fail (path != NULL, NULL);

  writer = g_new0 (BsFileWriter, 1);
  writer->path = g_strdup (path);
  writer->flags = flags;
  writer->fd = -1;
  if (!check_target (path, &writer->target, &writer->exists, &writer->info, error))
    {
      writer_free (writer);
      return NULL;
    }
  writer->mode = writer->exists ? (writer->info.st_mode & 07777)
                                : (0666 & ~current_umask ());
  writer->dir = g_path_get_dirname (writer->target);
  base = g_path_get_basename (writer->target);
  writer->tmp = g_strdup_printf ("%s%c.%s.XXXXXX", writer->dir, G_DIR_SEPARATOR, base);
  writer->fd = g_mkstemp_full (writer->tmp, O_WRONLY, 0600);
  if (writer->fd < 0)
    {
      fail (error, path, errno);
      writer_free (writer);
      return NULL;
    }
  return writer;
}

const char *
bs_file_writer_get_path (BsFileWriter *writer)
{
  g_return_val_if_fail (writer != NULL, NULL);
  return writer->path;
}

gboolean
bs_file_writer_write (BsFileWriter  *writer,
                      const void    *data,
                      gsize          length,
                      GError       **error)
{
  int saved_errno = 0;

  g_return_val_if_fail (writer != NULL && writer->fd >= 0, FALSE);
  g_return_val_if_fail (data != NULL || length == 0, FALSE);

  if (!write_all (writer->fd, data, length, &saved_errno))
    return fail (error, writer->path, saved_errno);
  return TRUE;
}

void
bs_file_writer_abort (BsFileWriter *writer)
{
  if (writer == NULL)
    return;
  if (writer->fd >= 0)
    close (writer->fd);
  g_unlink (writer->tmp);
  writer_free (writer);
}

gboolean
bs_file_writer_finish (BsFileWriter  *writer,
                       GError       **error)
{
  int saved_errno = 0;

  g_return_val_if_fail (writer != NULL && writer->fd >= 0, FALSE);

  if (((writer->flags & BS_FILE_WRITE_SYNC) && fsync (writer->fd) != 0 && (saved_errno = errno)) ||
      (fchmod (writer->fd, writer->mode) != 0 && (saved_errno = errno)))
    {
      fail (error, writer->path, saved_errno);
      bs_file_writer_abort (writer);
      return FALSE;
    }
  /* Keep the owner when root saves someone's file; nobody else can. */
  if (writer->exists &&
      (writer->info.st_uid != geteuid () || writer->info.st_gid != getegid ()))
    {
      if (fchown (writer->fd, writer->info.st_uid, writer->info.st_gid) != 0)
        g_debug ("%s: keeping the owner: %s", writer->path, g_strerror (errno));
    }
  if (close (writer->fd) != 0)
    {
      saved_errno = errno;
      writer->fd = -1;
      fail (error, writer->path, saved_errno);
      bs_file_writer_abort (writer);
      return FALSE;
    }
  writer->fd = -1;
  if (g_rename (writer->tmp, writer->target) != 0)
    {
      fail (error, writer->path, errno);
      bs_file_writer_abort (writer);
      return FALSE;
    }
  if (writer->flags & BS_FILE_WRITE_SYNC)
    {
      int dir_fd = g_open (writer->dir, O_RDONLY, 0);

      if (dir_fd >= 0)
        {
          fsync (dir_fd);
          close (dir_fd);
        }
    }
  writer_free (writer);
  return TRUE;
}

gboolean
bs_file_write_atomic (const char        *path,
                      const void        *data,
                      gsize              length,
                      BsFileWriteFlags   flags,
                      GError           **error)
{
  BsFileWriter *writer;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (data != NULL || length == 0, FALSE);

  writer = bs_file_writer_new (path, flags, error);
  if (writer == NULL)
    return FALSE;
  if (!bs_file_writer_write (writer, data, length, error))
    {
      bs_file_writer_abort (writer);
      return FALSE;
    }
  return bs_file_writer_finish (writer, error);
}
