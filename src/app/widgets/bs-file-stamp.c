/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-app"
/* struct stat's st_mtim. */
#define _POSIX_C_SOURCE 200809L

#include "config.h"

#include "bs-file-stamp.h"

#include <glib/gstdio.h>
#include <sys/stat.h>

struct _BsFileStamp {
  gboolean  exists;
  dev_t     dev;
  ino_t     ino;
  gint64    mtime_ns;
  goffset   size;
  char     *checksum;   /* SHA-256 of the bytes, NULL when there is no file */
};

static gboolean
stat_path (const char  *path,
           BsFileStamp *stamp)
{
  struct stat st;

  /* stat, not lstat: a symlink's target is what a save replaces. */
  if (g_stat (path, &st) != 0 || !S_ISREG (st.st_mode))
    return FALSE;
  stamp->dev = st.st_dev;
  stamp->ino = st.st_ino;
  stamp->mtime_ns = (gint64) st.st_mtim.tv_sec * G_GINT64_CONSTANT (1000000000)
                    + st.st_mtim.tv_nsec;
  stamp->size = st.st_size;
  return TRUE;
}

static char *
checksum_of_file (const char *path)
{
  g_autofree char *contents = NULL;
  gsize length = 0;

  if (!g_file_get_contents (path, &contents, &length, NULL))
    return NULL;
  return g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *) contents, length);
}

BsFileStamp *
bs_file_stamp_new_for_path (const char *path)
{
  BsFileStamp *stamp = g_new0 (BsFileStamp, 1);

  g_return_val_if_fail (path != NULL, stamp);

  if (stat_path (path, stamp))
    {
      stamp->checksum = checksum_of_file (path);
      stamp->exists = stamp->checksum != NULL;
    }
  return stamp;
}

BsFileStamp *
bs_file_stamp_new_for_contents (const char *path,
                                const void *data,
                                gsize       length)
{
  BsFileStamp *stamp = g_new0 (BsFileStamp, 1);

  g_return_val_if_fail (path != NULL, stamp);
  g_return_val_if_fail (data != NULL || length == 0, stamp);

  stamp->checksum = g_compute_checksum_for_data (G_CHECKSUM_SHA256,
                                                 data != NULL ? data : (const guchar *) "",
                                                 length);
  /* The file's identity only if it still holds these bytes: someone may
   * have replaced it between the rename and now (the folder's fsync takes
   * a while). Without it, the next check compares the bytes. */
  if (stat_path (path, stamp))
    {
      g_autofree char *now = checksum_of_file (path);

      stamp->exists = g_strcmp0 (now, stamp->checksum) == 0;
    }
  return stamp;
}

BsFileStamp *
bs_file_stamp_copy (const BsFileStamp *stamp)
{
  BsFileStamp *copy;

  g_return_val_if_fail (stamp != NULL, NULL);

  copy = g_memdup2 (stamp, sizeof *stamp);
  copy->checksum = g_strdup (stamp->checksum);
  return copy;
}

void
bs_file_stamp_free (BsFileStamp *stamp)
{
  if (stamp == NULL)
    return;
  g_free (stamp->checksum);
  g_free (stamp);
}

gboolean
bs_file_stamp_changed (const BsFileStamp *stamp,
                       const char        *path)
{
  BsFileStamp now = { 0 };
  g_autofree char *checksum = NULL;

  g_return_val_if_fail (stamp != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  if (!stat_path (path, &now))
    return FALSE;                     /* gone: nothing of anyone's to lose */
  if (stamp->exists && now.dev == stamp->dev && now.ino == stamp->ino
      && now.mtime_ns == stamp->mtime_ns && now.size == stamp->size)
    return FALSE;                     /* the very file, untouched */
  checksum = checksum_of_file (path);
  if (checksum == NULL)
    return FALSE;                     /* unreadable: the save will say why */
  return g_strcmp0 (checksum, stamp->checksum) != 0;
}
