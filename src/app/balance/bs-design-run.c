/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-app"

#include "config.h"

#include "bs-design-run.h"

#include <errno.h>
#include <string.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "bs-error.h"
#include "bs-file.h"
#include "bs-study-runner.h"
#include "bs-worker.h"

/* How often the dialog hears of the games of a round. */
#define PROGRESS_INTERVAL_MS 250

struct _BsDesignRun {
  GObject         parent_instance;

  BsDesignSearch *search;
  char           *dir;
  char           *settings;
  GCancellable   *cancellable;    /* while a round is played */
  guint           timeout_id;
  guint           round;          /* the round being played */
  guint64         earlier;        /* games of the rounds counted before it */
  GMutex          lock;           /* guards runner */
  BsStudyRunner  *runner;         /* the round's, while the thread plays it */
  guint           done;           /* the round's progress, last read */
  guint           total;
};

G_DEFINE_FINAL_TYPE (BsDesignRun, bs_design_run, G_TYPE_OBJECT)

enum {
  PROGRESS,
  ROUND_DONE,
  STOPPED,
  FAILED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
bs_design_run_dispose (GObject *object)
{
  BsDesignRun *self = BS_DESIGN_RUN (object);

  g_clear_handle_id (&self->timeout_id, g_source_remove);
  G_OBJECT_CLASS (bs_design_run_parent_class)->dispose (object);
}

static void
bs_design_run_finalize (GObject *object)
{
  BsDesignRun *self = BS_DESIGN_RUN (object);

  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->search, bs_design_search_free);
  g_free (self->dir);
  g_free (self->settings);
  g_mutex_clear (&self->lock);
  G_OBJECT_CLASS (bs_design_run_parent_class)->finalize (object);
}

static void
bs_design_run_class_init (BsDesignRunClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = bs_design_run_dispose;
  object_class->finalize = bs_design_run_finalize;

  /* The games of the round moved on (at most four times a second). */
  signals[PROGRESS] = g_signal_new ("progress", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                    0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* A round was counted: the candidates' verdicts changed (the search may be finished). */
  signals[ROUND_DONE] = g_signal_new ("round-done", G_TYPE_FROM_CLASS (klass),
                                      G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* Stopped by bs_design_run_stop: nothing runs any more. */
  signals[STOPPED] = g_signal_new ("stopped", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* The search stopped on an error (its message). */
  signals[FAILED] = g_signal_new ("failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
bs_design_run_init (BsDesignRun *self)
{
  g_mutex_init (&self->lock);
}

BsDesignRun *
bs_design_run_new (BsDesignSearch *search,
                   const char     *dir,
                   const char     *settings)
{
  BsDesignRun *self;

  g_return_val_if_fail (search != NULL && dir != NULL && settings != NULL, NULL);

  self = g_object_new (BS_TYPE_DESIGN_RUN, NULL);
  self->search = search;
  self->dir = g_strdup (dir);
  self->settings = g_strdup (settings);
  return self;
}

const BsDesignSearch *
bs_design_run_get_search (BsDesignRun *self)
{
  g_return_val_if_fail (BS_IS_DESIGN_RUN (self), NULL);
  return self->search;
}

const char *
bs_design_run_get_dir (BsDesignRun *self)
{
  g_return_val_if_fail (BS_IS_DESIGN_RUN (self), NULL);
  return self->dir;
}

gboolean
bs_design_run_get_running (BsDesignRun *self)
{
  g_return_val_if_fail (BS_IS_DESIGN_RUN (self), FALSE);
  return self->cancellable != NULL;
}

gboolean
bs_design_run_get_finished (BsDesignRun *self)
{
  g_return_val_if_fail (BS_IS_DESIGN_RUN (self), FALSE);
  return self->cancellable == NULL && bs_design_search_finished (self->search);
}

void
bs_design_run_get_progress (BsDesignRun *self,
                            guint       *round,
                            guint       *done,
                            guint       *total,
                            guint64     *earlier)
{
  g_return_if_fail (BS_IS_DESIGN_RUN (self));

  if (round != NULL)
    *round = self->round;
  if (done != NULL)
    *done = self->done;
  if (total != NULL)
    *total = self->total;
  if (earlier != NULL)
    *earlier = self->earlier;
}

/* The folder and its settings: the same search goes on, another is refused. */
static gboolean
prepare_folder (BsDesignRun  *self,
                GError      **error)
{
  g_autofree char *path = g_build_filename (self->dir, "search.ini", NULL);
  g_autofree char *held = NULL;

  if (g_mkdir_with_parents (self->dir, 0777) != 0)
    {
      int saved = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                   _("%s: cannot make the folder: %s"), self->dir, g_strerror (saved));
      return FALSE;
    }
  if (g_file_get_contents (path, &held, NULL, NULL))
    {
      if (strcmp (held, self->settings) == 0)
        return TRUE;
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_EXIST,
                   _("%s holds another search (%s differs): remove it or choose another "
                     "folder"), self->dir, path);
      return FALSE;
    }
  return bs_file_write_atomic (path, self->settings, strlen (self->settings),
                               BS_FILE_WRITE_SYNC, error);
}

/* One round in the thread: opened or made, played, counted. */
static void
round_in_thread (GTask        *task,
                 gpointer      source,
                 gpointer      task_data,
                 GCancellable *cancellable)
{
  BsDesignRun *self = source;
  g_autofree char *path = bs_design_search_round_path (self->dir, self->round, 0, 0);
  g_autoptr(BsStudy) study = NULL;
  BsStudyRunner *runner = NULL;
  GError *error = NULL;
  gboolean ok;

  if (self->round == 1 && !prepare_folder (self, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  study = bs_design_search_round_study (self->search);
  runner = bs_design_search_open_round (study, path, cancellable, &error);
  if (runner == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  bs_study_runner_set_background (runner, TRUE);
  g_mutex_lock (&self->lock);
  self->runner = runner;
  g_mutex_unlock (&self->lock);
  /* A complete round returns at once (its journal's last games folded into the file). */
  ok = bs_study_runner_run (runner, cancellable, NULL, NULL, &error);
  g_mutex_lock (&self->lock);
  self->runner = NULL;
  g_mutex_unlock (&self->lock);
  bs_study_runner_free (runner);
  if (ok)
    ok = bs_design_search_count_round (self->search, path, &error);
  if (ok)
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

static gboolean
on_tick (gpointer data)
{
  BsDesignRun *self = data;
  guint done = self->done, total = self->total;

  g_mutex_lock (&self->lock);
  if (self->runner != NULL)
    bs_study_runner_get_progress (self->runner, &done, &total);
  g_mutex_unlock (&self->lock);
  if (done != self->done || total != self->total)
    {
      self->done = done;
      self->total = total;
      g_signal_emit (self, signals[PROGRESS], 0);
    }
  return G_SOURCE_CONTINUE;
}

static void start_round (BsDesignRun *self);

static void
on_round_done (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  BsDesignRun *self = BS_DESIGN_RUN (source);
  g_autoptr(GError) error = NULL;
  gboolean ok = g_task_propagate_boolean (G_TASK (result), &error);
  gboolean cancelled = g_cancellable_is_cancelled (self->cancellable);

  g_clear_object (&self->cancellable);
  g_clear_handle_id (&self->timeout_id, g_source_remove);
  if (ok)
    {
      self->done = self->total;
      g_signal_emit (self, signals[ROUND_DONE], 0);
      if (cancelled)
        g_signal_emit (self, signals[STOPPED], 0);
      else
        start_round (self);
    }
  else if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    g_signal_emit (self, signals[STOPPED], 0);
  else
    g_signal_emit (self, signals[FAILED], 0, error->message);
}

static void
start_round (BsDesignRun *self)
{
  g_autoptr(GTask) task = NULL;

  if (self->cancellable != NULL || bs_design_search_finished (self->search))
    return;
  self->round = self->search->rounds_done + 1;
  self->earlier = bs_design_search_total_games (self->search);
  self->done = 0;
  self->total = 0;
  self->cancellable = g_cancellable_new ();
  task = g_task_new (self, self->cancellable, on_round_done, NULL);
  g_task_set_source_tag (task, bs_design_run_start);
  bs_worker_run_in_thread (task, round_in_thread);
  self->timeout_id = g_timeout_add (PROGRESS_INTERVAL_MS, on_tick, self);
  g_signal_emit (self, signals[PROGRESS], 0);
}

void
bs_design_run_start (BsDesignRun *self)
{
  g_return_if_fail (BS_IS_DESIGN_RUN (self));
  start_round (self);
}

void
bs_design_run_stop (BsDesignRun *self)
{
  g_return_if_fail (BS_IS_DESIGN_RUN (self));

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
}
