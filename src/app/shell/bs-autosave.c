/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-app"
/* struct flock and F_SETLK. */
#define _POSIX_C_SOURCE 200809L

#include "config.h"

#include "bs-autosave.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include <adwaita.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "bs-file.h"
#include "bs-game-record.h"
#include "bs-load-hook.h"
#include "bs-record.h"
#include "bs-rules-file.h"
#include "bs-worker.h"

/* A copy is written at most this long after the first change not yet in
 * it: soon enough to lose at most a second of play, seldom enough to
 * cost nothing. */
#define AUTOSAVE_DELAY_MS 1000

typedef struct {
  BsAutosave        *self;
  gpointer           owner;      /* weak */
  BsGame            *game;       /* one of game and document */
  BsVariantDocument *document;
  guint              number;     /* the N of ID-N */
  guint              timeout_id;
  gboolean           writing;    /* a thread writes the copy now */
  gboolean           dirty;      /* changed while it was written */
  gboolean           written;    /* the copy is on disk */
  gboolean           dead;       /* no longer watched: remove once written */
  gboolean           failing;    /* the last copy failed, and the user was told */
  gboolean           kept;       /* the process ends keeping it: leave it be */
} Item;

struct _BsAutosave {
  GObject    parent_instance;

  gboolean   enabled;
  char      *session;      /* this process's id, for its files */
  int        lock_fd;      /* held while the process lives; -1 until needed */
  guint      next_number;
  GPtrArray *items;        /* of Item, those watched */
  guint      n_writing;
  gboolean   offered;
};

G_DEFINE_FINAL_TYPE (BsAutosave, bs_autosave, G_TYPE_OBJECT)

enum {
  MESSAGE,
  RESTORE_GAME,
  RESTORE_VARIANT,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void item_changed (Item *item);

char *
bs_autosave_get_dir (void)
{
  return g_build_filename (g_get_user_data_dir (), "boardsmith", "autosave", NULL);
}

static char *
item_path (BsAutosave *self,
           Item       *item,
           const char *suffix)
{
  g_autofree char *dir = bs_autosave_get_dir ();
  g_autofree char *name = g_strdup_printf ("%s-%u%s", self->session, item->number, suffix);

  return g_build_filename (dir, name, NULL);
}

static const char *
data_suffix (Item *item)
{
  return item->game != NULL ? ".boardsmith" : ".xml";
}

/* Takes a write lock on `path` (created if needed); the fd, or -1 when
 * another process holds it. */
static int
lock_file (const char *path)
{
  struct flock lock = { 0 };
  int fd = g_open (path, O_RDWR | O_CREAT, 0600);

  if (fd < 0)
    return -1;
  lock.l_type = F_WRLCK;
  lock.l_whence = SEEK_SET;
  if (fcntl (fd, F_SETLK, &lock) != 0)
    {
      close (fd);
      return -1;
    }
  return fd;
}

/* The session's lock, taken before its first copy is written. */
static gboolean
ensure_session (BsAutosave  *self,
                GError     **error)
{
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autofree char *name = NULL;

  if (self->lock_fd >= 0)
    return TRUE;
  dir = bs_autosave_get_dir ();
  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved), "%s: %s", dir,
                   g_strerror (saved));
      return FALSE;
    }
  name = g_strconcat (self->session, ".lock", NULL);
  path = g_build_filename (dir, name, NULL);
  self->lock_fd = lock_file (path);
  if (self->lock_fd < 0)
    {
      int saved = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved), "%s: %s", path,
                   g_strerror (saved));
      return FALSE;
    }
  return TRUE;
}

/* A copy could not be written: the person is told once (not every
 * second), in the window that shows the work, and told again only after a
 * copy succeeded and a later one failed. */
static void
item_failed (Item         *item,
             const GError *error)
{
  g_autofree char *message = NULL;

  g_message ("autosave: %s", error->message);
  if (item->failing || item->dead)
    return;
  item->failing = TRUE;
  /* Translators: %s is the reason with the file, e.g. "/home/ann/.local/
   * share/boardsmith/autosave/x-1.info: No space left on device". */
  message = g_strdup_printf (_("Unsaved work is no longer kept for recovery (%s). Save it "
                               "to keep it."), error->message);
  g_signal_emit (item->self, signals[MESSAGE], 0, item->owner, message);
}

static void
remove_files (BsAutosave *self,
              Item       *item)
{
  g_autofree char *data = NULL;
  g_autofree char *info = NULL;

  if (!item->written)
    return;
  data = item_path (self, item, data_suffix (item));
  info = item_path (self, item, ".info");
  g_unlink (data);
  g_unlink (info);
  item->written = FALSE;
}

static void
item_free (Item *item)
{
  g_clear_handle_id (&item->timeout_id, g_source_remove);
  if (item->game != NULL)
    g_signal_handlers_disconnect_by_data (item->game, item);
  if (item->document != NULL)
    g_signal_handlers_disconnect_by_data (item->document, item);
  g_clear_object (&item->game);
  g_clear_object (&item->document);
  g_free (item);
}

/* The item is no longer watched: its copy goes, now or once written. */
static void
item_retire (Item *item)
{
  BsAutosave *self = item->self;

  g_ptr_array_remove_fast (self->items, item);
  g_clear_handle_id (&item->timeout_id, g_source_remove);
  if (item->writing)
    {
      item->dead = TRUE;
      return;
    }
  remove_files (self, item);
  item_free (item);
}

static gboolean
item_needs_copy (Item *item)
{
  if (!item->self->enabled)
    return FALSE;
  if (item->game != NULL)
    return bs_game_get_modified (item->game) && bs_game_get_n_turns (item->game) > 0;
  return bs_variant_document_get_modified (item->document);
}

typedef struct {
  char   *data_path;
  GBytes *data;
  char   *info_path;
  GBytes *info;
} WriteJob;

static void
write_job_free (WriteJob *job)
{
  g_free (job->data_path);
  g_free (job->info_path);
  g_bytes_unref (job->data);
  g_bytes_unref (job->info);
  g_free (job);
}

static void
write_in_thread (GTask        *task,
                 gpointer      source_object,
                 gpointer      task_data,
                 GCancellable *cancellable)
{
  WriteJob *job = task_data;
  GError *error = NULL;
  gsize length;
  const char *data;

  /* What it is first: a copy is never without its description. */
  data = g_bytes_get_data (job->info, &length);
  if (!bs_file_write_atomic (job->info_path, data, length, BS_FILE_WRITE_SYNC, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  data = g_bytes_get_data (job->data, &length);
  if (!bs_file_write_atomic (job->data_path, data != NULL ? data : "", length,
                             BS_FILE_WRITE_SYNC, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  g_task_return_boolean (task, TRUE);
}

static void
on_written (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  Item *item = user_data;
  BsAutosave *self = item->self;
  g_autoptr(GError) error = NULL;

  item->writing = FALSE;
  self->n_writing--;
  /* Written, or partly: either way there may be files to remove. */
  item->written = TRUE;
  if (!g_task_propagate_boolean (G_TASK (result), &error))
    item_failed (item, error);
  else
    item->failing = FALSE;
  if (item->dead)
    {
      if (!item->kept)
        remove_files (self, item);
      item_free (item);
    }
  else if (item->dirty)
    {
      item->dirty = FALSE;
      item_changed (item);
    }
  g_object_unref (self);
}

static GBytes *
game_record_bytes (BsGame *game)
{
  gsize length = 0;
  char *xml = bs_match_to_xml (bs_game_get_match (game), &length);

  return g_bytes_new_take (xml, length);
}

static GBytes *
info_bytes (Item *item)
{
  g_autoptr(GKeyFile) info = g_key_file_new ();
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *when = g_date_time_format_iso8601 (now);
  g_autofree char *original = NULL;
  g_autofree char *rules = NULL;
  const BsVariant *variant;
  gsize length = 0;
  char *text;

  if (item->game != NULL)
    {
      GFile *file = bs_game_get_file (item->game);

      variant = bs_game_get_variant (item->game);
      g_key_file_set_string (info, "autosave", "kind", "game");
      g_key_file_set_integer (info, "autosave", "turns", (int) bs_game_get_n_turns (item->game));
      if (file != NULL)
        original = g_file_get_path (file);
      /* A game of the user's own rules file: the next session has to read
       * that file before the copy can be played again. */
      rules = bs_rules_file_path_of (variant->module);
      if (rules != NULL)
        g_key_file_set_string (info, "autosave", "rules", rules);
    }
  else
    {
      variant = bs_variant_document_get_variant (item->document);
      g_key_file_set_string (info, "autosave", "kind", "variant");
      original = g_strdup (bs_variant_document_get_path (item->document));
    }
  g_key_file_set_string (info, "autosave", "title", bs_variant_display_name (variant));
  g_key_file_set_string (info, "autosave", "saved", when);
  if (original != NULL)
    g_key_file_set_string (info, "autosave", "original", original);
  text = g_key_file_to_data (info, &length, NULL);
  return g_bytes_new_take (text, length);
}

static gboolean
write_now (gpointer data)
{
  Item *item = data;
  BsAutosave *self = item->self;
  g_autoptr(GTask) task = NULL;
  g_autoptr(GError) error = NULL;
  WriteJob *job;

  item->timeout_id = 0;
  if (!item_needs_copy (item))
    return G_SOURCE_REMOVE;
  if (!ensure_session (self, &error))
    {
      item_failed (item, error);
      return G_SOURCE_REMOVE;
    }

  /* What to write is taken here, on the main thread; the thread writes. */
  job = g_new0 (WriteJob, 1);
  job->data_path = item_path (self, item, data_suffix (item));
  job->info_path = item_path (self, item, ".info");
  job->info = info_bytes (item);
  if (item->game != NULL)
    job->data = game_record_bytes (item->game);
  else
    {
      gsize length = 0;
      char *xml = bs_variant_document_to_xml (item->document, job->data_path, &length);
      job->data = g_bytes_new_take (xml, length);
    }

  item->writing = TRUE;
  self->n_writing++;
  task = g_task_new (NULL, NULL, on_written, item);
  g_object_ref (self);
  g_task_set_task_data (task, job, (GDestroyNotify) write_job_free);
  bs_worker_run_in_thread (task, write_in_thread);
  return G_SOURCE_REMOVE;
}

static void
item_changed (Item *item)
{
  if (item->writing)
    {
      item->dirty = TRUE;
      return;
    }
  if (!item_needs_copy (item))
    {
      /* Saved, or nothing left to lose. */
      g_clear_handle_id (&item->timeout_id, g_source_remove);
      remove_files (item->self, item);
      return;
    }
  if (item->timeout_id == 0)
    item->timeout_id = g_timeout_add (AUTOSAVE_DELAY_MS, write_now, item);
}

static void
on_watched_changed (Item *item)
{
  item_changed (item);
}

static Item *
find_item (BsAutosave *self,
           gpointer    owner)
{
  for (guint i = 0; i < self->items->len; i++)
    {
      Item *item = g_ptr_array_index (self->items, i);
      if (item->owner == owner)
        return item;
    }
  return NULL;
}

static void
on_owner_finalized (gpointer  data,
                    GObject  *where_the_object_was)
{
  BsAutosave *self = data;
  Item *item = find_item (self, where_the_object_was);

  if (item != NULL)
    item_retire (item);
}

static Item *
replace_item (BsAutosave *self,
              gpointer    owner)
{
  Item *old = find_item (self, owner);
  Item *item;

  if (old != NULL)
    item_retire (old);
  else
    g_object_weak_ref (owner, on_owner_finalized, self);
  item = g_new0 (Item, 1);
  item->self = self;
  item->owner = owner;
  item->number = ++self->next_number;
  g_ptr_array_add (self->items, item);
  return item;
}

void
bs_autosave_watch_game (BsAutosave *self,
                        gpointer    owner,
                        BsGame     *game)
{
  Item *item;

  g_return_if_fail (BS_IS_AUTOSAVE (self));
  g_return_if_fail (G_IS_OBJECT (owner));
  g_return_if_fail (game == NULL || BS_IS_GAME (game));

  item = find_item (self, owner);
  if (item != NULL && item->game == game)
    return;
  if (game == NULL)
    {
      if (item != NULL)
        item_retire (item);
      return;
    }
  item = replace_item (self, owner);
  item->game = g_object_ref (game);
  g_signal_connect_swapped (game, "history-changed", G_CALLBACK (on_watched_changed), item);
  g_signal_connect_swapped (game, "move-played", G_CALLBACK (on_watched_changed), item);
  g_signal_connect_swapped (game, "notify::modified", G_CALLBACK (on_watched_changed), item);
  g_signal_connect_swapped (game, "notify::file", G_CALLBACK (on_watched_changed), item);
  item_changed (item);
}

void
bs_autosave_watch_document (BsAutosave        *self,
                            gpointer           owner,
                            BsVariantDocument *document)
{
  Item *item;

  g_return_if_fail (BS_IS_AUTOSAVE (self));
  g_return_if_fail (G_IS_OBJECT (owner));
  g_return_if_fail (document == NULL || BS_IS_VARIANT_DOCUMENT (document));

  item = find_item (self, owner);
  if (item != NULL && item->document == document)
    return;
  if (document == NULL)
    {
      if (item != NULL)
        item_retire (item);
      return;
    }
  item = replace_item (self, owner);
  item->document = g_object_ref (document);
  g_signal_connect_swapped (document, "changed", G_CALLBACK (on_watched_changed), item);
  g_signal_connect_swapped (document, "notify::modified", G_CALLBACK (on_watched_changed), item);
  g_signal_connect_swapped (document, "notify::path", G_CALLBACK (on_watched_changed), item);
  item_changed (item);
}

gboolean
bs_autosave_get_busy (BsAutosave *self)
{
  g_return_val_if_fail (BS_IS_AUTOSAVE (self), FALSE);

  if (self->n_writing > 0)
    return TRUE;
  for (guint i = 0; i < self->items->len; i++)
    if (((Item *) g_ptr_array_index (self->items, i))->timeout_id != 0)
      return TRUE;
  return FALSE;
}

void
bs_autosave_set_enabled (BsAutosave *self,
                         gboolean    enabled)
{
  g_return_if_fail (BS_IS_AUTOSAVE (self));
  self->enabled = enabled;
}

/* The session ends: its lock goes, and its file too unless copies stay
 * for the next start to find by it. Nothing is written after this. */
static void
release_session (BsAutosave *self,
                 gboolean    remove_lock_file)
{
  if (self->lock_fd >= 0)
    {
      if (remove_lock_file)
        {
          g_autofree char *dir = bs_autosave_get_dir ();
          g_autofree char *name = g_strconcat (self->session, ".lock", NULL);
          g_autofree char *path = g_build_filename (dir, name, NULL);

          g_unlink (path);
        }
      close (self->lock_fd);
      self->lock_fd = -1;
    }
  self->enabled = FALSE;
}

void
bs_autosave_end_session (BsAutosave *self)
{
  gint64 deadline = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;

  g_return_if_fail (BS_IS_AUTOSAVE (self));

  while (self->items->len > 0)
    {
      Item *item = g_ptr_array_index (self->items, 0);
      g_object_weak_unref (item->owner, on_owner_finalized, self);
      item_retire (item);
    }
  /* Copies being written are removed when their thread is done. */
  while (self->n_writing > 0 && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  release_session (self, TRUE);
}

/* Told to end without a word with the user (SIGTERM at logout or
 * shutdown, SIGINT, SIGHUP): unlike a normal end, nobody chose to drop
 * what is unsaved, so it is written now — not a second later — and kept
 * for the next start; only copies of saved work go. The lock is released
 * but its file stays: it is how the next start finds the session. */
void
bs_autosave_end_session_keeping (BsAutosave *self)
{
  gint64 deadline = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
  gboolean any_kept = FALSE;

  g_return_if_fail (BS_IS_AUTOSAVE (self));

  for (;;)
    {
      gboolean settled = self->n_writing == 0;

      for (guint i = 0; i < self->items->len; i++)
        {
          Item *item = g_ptr_array_index (self->items, i);

          if (item->timeout_id != 0)
            {
              g_source_remove (item->timeout_id);
              write_now (item);
            }
          if (item->writing)
            settled = FALSE;
        }
      if (settled || g_get_monotonic_time () >= deadline)
        break;
      g_main_context_iteration (NULL, TRUE);
    }

  while (self->items->len > 0)
    {
      Item *item = g_ptr_array_index (self->items, self->items->len - 1);

      g_object_weak_unref (item->owner, on_owner_finalized, self);
      g_ptr_array_remove_index_fast (self->items, self->items->len - 1);
      if (item->writing)
        {
          /* Past the deadline: the thread's copy is atomic, keep it. */
          item->dead = TRUE;
          item->kept = TRUE;
          any_kept = TRUE;
          continue;
        }
      if (item_needs_copy (item) && item->written)
        any_kept = TRUE;
      else
        remove_files (self, item);
      item_free (item);
    }
  release_session (self, !any_kept);
}

/* Recovery. */

typedef struct {
  char    *kind;       /* "game" or "variant" */
  char    *data;       /* the copy */
  char    *info;
  char    *original;   /* the file it belongs to, or NULL */
  char    *rules;      /* the user's rules file its game is of, or NULL */
  char    *title;
  int      turns;
  char    *saved;
  /* Read (in a thread) once the person chose to restore: one of them, or
   * neither when the copy did not load. */
  BsGame            *game;
  BsVariantDocument *document;
} Orphan;

static void
orphan_free (Orphan *orphan)
{
  g_free (orphan->kind);
  g_free (orphan->data);
  g_free (orphan->info);
  g_free (orphan->original);
  g_free (orphan->rules);
  g_free (orphan->title);
  g_free (orphan->saved);
  g_clear_object (&orphan->game);
  g_clear_object (&orphan->document);
  g_free (orphan);
}

typedef struct {
  BsAutosave *self;
  GtkWindow  *window;
  GPtrArray  *orphans;    /* of Orphan */
  GArray     *locks;      /* fds of the dead sessions' locks, held meanwhile */
  GPtrArray  *lock_paths;
} Recovery;

static void
recovery_free (Recovery *recovery)
{
  for (guint i = 0; i < recovery->locks->len; i++)
    close (g_array_index (recovery->locks, int, i));
  g_array_unref (recovery->locks);
  g_ptr_array_unref (recovery->lock_paths);
  g_ptr_array_unref (recovery->orphans);
  g_clear_object (&recovery->window);
  g_object_unref (recovery->self);
  g_free (recovery);
}

static int
compare_orphans (gconstpointer a,
                 gconstpointer b)
{
  const Orphan *x = *(const Orphan * const *) a;
  const Orphan *y = *(const Orphan * const *) b;

  return g_strcmp0 (x->saved, y->saved);
}

/* The copies of sessions no running process holds, their locks taken. */
static Recovery *
find_orphans (BsAutosave *self)
{
  g_autofree char *dir_path = bs_autosave_get_dir ();
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  Recovery *recovery = g_new0 (Recovery, 1);
  const char *name;

  recovery->self = g_object_ref (self);
  recovery->orphans = g_ptr_array_new_with_free_func ((GDestroyNotify) orphan_free);
  recovery->locks = g_array_new (FALSE, FALSE, sizeof (int));
  recovery->lock_paths = g_ptr_array_new_with_free_func (g_free);

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *session = NULL;
      g_autofree char *lock_path = NULL;
      g_autoptr(GDir) again = NULL;
      const char *item_name;
      int fd;

      if (!g_str_has_suffix (name, ".lock"))
        continue;
      session = g_strndup (name, strlen (name) - strlen (".lock"));
      if (g_strcmp0 (session, self->session) == 0)
        continue;
      lock_path = g_build_filename (dir_path, name, NULL);
      fd = lock_file (lock_path);
      if (fd < 0)
        continue;   /* a running Boardsmith's */
      g_array_append_val (recovery->locks, fd);
      g_ptr_array_add (recovery->lock_paths, g_steal_pointer (&lock_path));

      again = g_dir_open (dir_path, 0, NULL);
      while (again != NULL && (item_name = g_dir_read_name (again)) != NULL)
        {
          g_autoptr(GKeyFile) info = g_key_file_new ();
          g_autofree char *info_path = NULL;
          g_autofree char *stem = NULL;
          Orphan *orphan;

          if (!g_str_has_prefix (item_name, session) || item_name[strlen (session)] != '-' ||
              !g_str_has_suffix (item_name, ".info"))
            continue;
          info_path = g_build_filename (dir_path, item_name, NULL);
          stem = g_strndup (info_path, strlen (info_path) - strlen (".info"));
          if (!g_key_file_load_from_file (info, info_path, G_KEY_FILE_NONE, NULL))
            {
              g_unlink (info_path);
              continue;
            }
          orphan = g_new0 (Orphan, 1);
          orphan->kind = g_key_file_get_string (info, "autosave", "kind", NULL);
          orphan->title = g_key_file_get_string (info, "autosave", "title", NULL);
          orphan->original = g_key_file_get_string (info, "autosave", "original", NULL);
          orphan->rules = g_key_file_get_string (info, "autosave", "rules", NULL);
          orphan->saved = g_key_file_get_string (info, "autosave", "saved", NULL);
          orphan->turns = g_key_file_get_integer (info, "autosave", "turns", NULL);
          orphan->info = g_steal_pointer (&info_path);
          orphan->data = g_strconcat (stem, g_strcmp0 (orphan->kind, "game") == 0
                                            ? ".boardsmith" : ".xml", NULL);
          if (orphan->title == NULL || orphan->kind == NULL ||
              !g_file_test (orphan->data, G_FILE_TEST_IS_REGULAR))
            {
              g_unlink (orphan->info);
              orphan_free (orphan);
              continue;
            }
          g_ptr_array_add (recovery->orphans, orphan);
        }
    }
  g_ptr_array_sort (recovery->orphans, compare_orphans);
  return recovery;
}

/* Removes what was offered: the copies and their sessions' locks; with
 * keep_unread, a copy that was to be restored and did not load stays on
 * disk (its path in the log), never deleted unseen. */
static void
forget_orphans (Recovery *recovery,
                gboolean  keep_unread)
{
  for (guint i = 0; i < recovery->orphans->len; i++)
    {
      Orphan *orphan = g_ptr_array_index (recovery->orphans, i);

      if (keep_unread && orphan->game == NULL && orphan->document == NULL)
        {
          g_message ("autosave: %s was not restored and is kept", orphan->data);
          continue;
        }
      g_unlink (orphan->data);
      g_unlink (orphan->info);
    }
  for (guint i = 0; i < recovery->lock_paths->len; i++)
    g_unlink (g_ptr_array_index (recovery->lock_paths, i));
}

static char *
describe_orphan (const Orphan *orphan)
{
  g_autoptr(GDateTime) when = orphan->saved != NULL
                              ? g_date_time_new_from_iso8601 (orphan->saved, NULL) : NULL;
  g_autofree char *time = when != NULL ? g_date_time_format (when, "%x %R") : g_strdup ("");

  if (g_strcmp0 (orphan->kind, "game") == 0)
    /* Translators: an unsaved game offered back: "A game of My Game, 12 moves (03/05/26 14:02)". */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "A game of %s, %d move (%s)",
                                         "A game of %s, %d moves (%s)", orphan->turns),
                            orphan->title, orphan->turns, time);
  /* Translators: an unsaved variant offered back: "The variant “My Game” being edited (…)". */
  return g_strdup_printf (_("The variant “%s” being edited (%s)"), orphan->title, time);
}

/* In a thread: the copies are read (a record replayed) off the main
 * thread, as every file is. */
static void
read_orphans (GTask        *task,
              gpointer      source_object,
              gpointer      task_data,
              GCancellable *cancellable)
{
  Recovery *recovery = task_data;

  for (guint i = 0; i < recovery->orphans->len; i++)
    {
      Orphan *orphan = g_ptr_array_index (recovery->orphans, i);
      g_autoptr(GError) error = NULL;

      bs_load_hook_run (orphan->data);
      if (g_strcmp0 (orphan->kind, "game") == 0)
        {
          g_autoptr(GFile) copy = g_file_new_for_path (orphan->data);

          /* Its rules first (when that file is gone or broken, the copy
           * does not load, and says why below). */
          if (orphan->rules != NULL && !bs_rules_file_register_path (orphan->rules, &error))
            {
              g_message ("autosave: %s", error->message);
              g_clear_error (&error);
            }
          orphan->game = bs_game_load_record (copy, NULL, &error);
        }
      else
        orphan->document = bs_variant_document_recover (orphan->data, orphan->original, &error);
      if (error != NULL)
        g_message ("autosave: %s", error->message);
    }
  g_task_return_boolean (task, TRUE);
}

static void
on_orphans_read (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  Recovery *recovery = g_task_get_task_data (G_TASK (result));

  for (guint i = 0; i < recovery->orphans->len; i++)
    {
      Orphan *orphan = g_ptr_array_index (recovery->orphans, i);

      if (orphan->game != NULL)
        {
          g_autoptr(GFile) original = NULL;

          /* Back to the file it belongs to (or none), and unsaved. */
          if (orphan->original != NULL)
            original = g_file_new_for_path (orphan->original);
          bs_game_set_file (orphan->game, original);
          bs_game_set_modified (orphan->game, TRUE);
          g_signal_emit (recovery->self, signals[RESTORE_GAME], 0, recovery->window,
                         orphan->game);
        }
      else if (orphan->document != NULL)
        g_signal_emit (recovery->self, signals[RESTORE_VARIANT], 0, recovery->window,
                       orphan->document);
    }
  /* Restored: they are watched again as this session's. */
  forget_orphans (recovery, TRUE);
}

static void
on_recovery_response (AdwMessageDialog *dialog,
                      const char       *response,
                      gpointer          user_data)
{
  Recovery *recovery = g_object_steal_data (G_OBJECT (dialog), "recovery");

  if (recovery == NULL)
    return;
  if (g_str_equal (response, "restore"))
    {
      g_autoptr(GTask) task = g_task_new (NULL, NULL, on_orphans_read, NULL);

      g_task_set_source_tag (task, on_recovery_response);
      g_task_set_task_data (task, recovery, (GDestroyNotify) recovery_free);
      bs_worker_run_in_thread (task, read_orphans);
      return;
    }
  /* Discarded; "later" keeps them for the next start. */
  if (!g_str_equal (response, "later"))
    forget_orphans (recovery, FALSE);
  recovery_free (recovery);
}

static void
find_orphans_in_thread (GTask        *task,
                        gpointer      source_object,
                        gpointer      task_data,
                        GCancellable *cancellable)
{
  g_task_return_pointer (task, find_orphans (source_object), (GDestroyNotify) recovery_free);
}

static void
offer (BsAutosave *self,
       Recovery   *recovery,
       GtkWindow  *window)
{
  g_autoptr(GString) body = NULL;
  GtkWidget *dialog;

  recovery->window = g_object_ref (window);

  body = g_string_new (g_dngettext (GETTEXT_PACKAGE,
                                    "Boardsmith ended before this was saved:",
                                    "Boardsmith ended before these were saved:",
                                    recovery->orphans->len));
  for (guint i = 0; i < recovery->orphans->len; i++)
    {
      g_autofree char *line = describe_orphan (g_ptr_array_index (recovery->orphans, i));
      g_string_append_printf (body, "\n• %s", line);
    }
  dialog = adw_message_dialog_new (window, _("Restore Unsaved Work?"), body->str);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "discard", _("_Discard"),
                                    "restore", _("_Restore"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "discard",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "restore",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "restore");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "later");
  g_object_set_data_full (G_OBJECT (dialog), "recovery", recovery,
                          (GDestroyNotify) recovery_free);
  g_signal_connect (dialog, "response", G_CALLBACK (on_recovery_response), NULL);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
on_orphans_found (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  BsAutosave *self = BS_AUTOSAVE (source);
  g_autoptr(GtkWindow) window = user_data;
  Recovery *recovery = g_task_propagate_pointer (G_TASK (result), NULL);

  if (recovery == NULL)
    return;
  if (recovery->orphans->len == 0)
    {
      /* Sessions that ended with nothing to keep. */
      forget_orphans (recovery, FALSE);
      recovery_free (recovery);
      return;
    }
  /* The window went while the folder was read: offered at the next start. */
  if (!gtk_widget_get_visible (GTK_WIDGET (window)))
    {
      recovery_free (recovery);
      return;
    }
  offer (self, recovery, window);
}

void
bs_autosave_offer_recovery (BsAutosave *self,
                            GtkWindow  *window)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (BS_IS_AUTOSAVE (self));
  g_return_if_fail (GTK_IS_WINDOW (window));

  if (self->offered || !self->enabled)
    return;
  self->offered = TRUE;

  /* The folder and the copies' descriptions are read in a thread. */
  task = g_task_new (self, NULL, on_orphans_found, g_object_ref (window));
  g_task_set_source_tag (task, bs_autosave_offer_recovery);
  bs_worker_run_in_thread (task, find_orphans_in_thread);
}

/* The object. */

static void
bs_autosave_finalize (GObject *object)
{
  BsAutosave *self = (BsAutosave *) object;

  while (self->items->len > 0)
    {
      Item *item = g_ptr_array_index (self->items, 0);
      g_object_weak_unref (item->owner, on_owner_finalized, self);
      item_retire (item);
    }
  g_ptr_array_unref (self->items);
  if (self->lock_fd >= 0)
    {
      g_autofree char *dir = bs_autosave_get_dir ();
      g_autofree char *name = g_strconcat (self->session, ".lock", NULL);
      g_autofree char *path = g_build_filename (dir, name, NULL);

      g_unlink (path);
      close (self->lock_fd);
    }
  g_free (self->session);
  G_OBJECT_CLASS (bs_autosave_parent_class)->finalize (object);
}

static void
bs_autosave_class_init (BsAutosaveClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = bs_autosave_finalize;

  /* A copy of `owner`'s work could not be written: `message` says so (the
   * window that shows the work shows it). */
  signals[MESSAGE] =
    g_signal_new ("message", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_OBJECT, G_TYPE_STRING);
  /* A copy the user chose to restore, read back: a game, or a variant to
   * edit, offered in `window` (bs_autosave_offer_recovery), which puts it
   * in itself or in a new window. */
  signals[RESTORE_GAME] =
    g_signal_new ("restore-game", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 2, GTK_TYPE_WINDOW, BS_TYPE_GAME);
  signals[RESTORE_VARIANT] =
    g_signal_new ("restore-variant", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL,
                  NULL, NULL, G_TYPE_NONE, 2, GTK_TYPE_WINDOW, BS_TYPE_VARIANT_DOCUMENT);
}

static void
bs_autosave_init (BsAutosave *self)
{
  self->enabled = TRUE;
  self->lock_fd = -1;
  self->session = g_uuid_string_random ();
  self->items = g_ptr_array_new ();
}

BsAutosave *
bs_autosave_get_default (void)
{
  static BsAutosave *instance;

  if (instance == NULL)
    instance = g_object_new (BS_TYPE_AUTOSAVE, NULL);
  return instance;
}
