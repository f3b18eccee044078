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

gboolean
bs_file_write_atomic (const char        *path,
                      const void        *data,
                      gsize              length,
                      BsFileWriteFlags   flags,
                      GError           **error)
{
  g_autofree char *target = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *base = NULL;
  g_autofree char *tmp = NULL;
  struct stat info;
  gboolean exists;
  mode_t mode;
  int fd, saved_errno = 0;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (data != NULL || length == 0, FALSE);

  target = bs_file_resolve_links (path, error);
  if (target == NULL)
    return FALSE;

  exists = g_stat (target, &info) == 0;
  if (!exists && errno != ENOENT)
    return fail (error, path, errno);
  if (exists && S_ISDIR (info.st_mode))
    return fail (error, path, EISDIR);
  if (exists && !S_ISREG (info.st_mode))
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                   _("%s: cannot save: it is not a regular file"), path);
      return FALSE;
    }
  /* A file the user may not write stays as it is, even though its folder
   * would let the rename replace it. */
  if (exists && g_access (target, W_OK) != 0)
    return fail (error, path, errno);
  mode = exists ? (info.st_mode & 07777) : (0666 & ~current_umask ());

  dir = g_path_get_dirname (target);
  base = g_path_get_basename (target);
  tmp = g_strdup_printf ("%s%c.%s.XXXXXX", dir, G_DIR_SEPARATOR, base);
  fd = g_mkstemp_full (tmp, O_WRONLY, 0600);
  if (fd < 0)
    return fail (error, path, errno);

  if (!write_all (fd, data, length, &saved_errno) ||
      ((flags & BS_FILE_WRITE_SYNC) && fsync (fd) != 0 && (saved_errno = errno)) ||
      (fchmod (fd, mode) != 0 && (saved_errno = errno)))
    {
      close (fd);
      g_unlink (tmp);
      return fail (error, path, saved_errno);
    }
  /* Keep the owner when root saves someone's file; nobody else can. */
  if (exists && (info.st_uid != geteuid () || info.st_gid != getegid ()))
    {
      if (fchown (fd, info.st_uid, info.st_gid) != 0)
        g_debug ("%s: keeping the owner: %s", path, g_strerror (errno));
    }
  if (close (fd) != 0)
    {
      saved_errno = errno;
      g_unlink (tmp);
      return fail (error, path, saved_errno);
    }
  if (g_rename (tmp, target) != 0)
    {
      saved_errno = errno;
      g_unlink (tmp);
      return fail (error, path, saved_errno);
    }
  if (flags & BS_FILE_WRITE_SYNC)
    {
      int dir_fd = g_open (dir, O_RDONLY, 0);

      if (dir_fd >= 0)
        {
          fsync (dir_fd);
          close (dir_fd);
        }
    }
  return TRUE;
}
