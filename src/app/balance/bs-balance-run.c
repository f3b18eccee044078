/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-app"

#include "config.h"

#include "bs-balance-run.h"

#include "bs-worker.h"

/* How often the page may hear of progress while games are played: at
 * most every UPDATE_INTERVAL_MS, and only when the games moved on, by at
 * least a hundredth of the study or after UPDATE_SLOW_MS. Each update
 * redraws the page (its chart, every figure): tied to the clock alone, the
 * redraws of a study slowed down by a busy machine took the workers' time
 * (they run at a lower priority than the window), so the study went slower
 * still and was redrawn more: test-balance ran past 600 s under load.
 * Tied to the games, a study is redrawn about a hundred times, and once
 * every UPDATE_SLOW_MS at most otherwise, whatever the machine. */
#define UPDATE_INTERVAL_MS 250
#define UPDATE_SLOW_MS     2000

struct _BsBalanceRun {
  GObject        parent_instance;

  BsStudyRunner *runner;
  GCancellable  *cancellable;    /* while running */
  gboolean       stopping;
  guint          timeout_id;
  gint64         started_us;
  guint          done_at_start;
  guint          done_at_update;     /* games done at the last update */
  gint64         update_us;          /* when that was */
};

G_DEFINE_FINAL_TYPE (BsBalanceRun, bs_balance_run, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_RUNNING,
  PROP_COMPLETE,
  N_PROPS
};

enum {
  UPDATED,
  FAILED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void
bs_balance_run_dispose (GObject *object)
{
  BsBalanceRun *self = BS_BALANCE_RUN (object);

  g_clear_handle_id (&self->timeout_id, g_source_remove);
  G_OBJECT_CLASS (bs_balance_run_parent_class)->dispose (object);
}

static void
bs_balance_run_finalize (GObject *object)
{
  BsBalanceRun *self = BS_BALANCE_RUN (object);

  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->runner, bs_study_runner_free);
  G_OBJECT_CLASS (bs_balance_run_parent_class)->finalize (object);
}

static void
bs_balance_run_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  BsBalanceRun *self = BS_BALANCE_RUN (object);

  switch (prop_id)
    {
    case PROP_RUNNING:
      g_value_set_boolean (value, bs_balance_run_get_running (self));
      break;
    case PROP_COMPLETE:
      g_value_set_boolean (value, bs_balance_run_get_complete (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bs_balance_run_class_init (BsBalanceRunClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = bs_balance_run_dispose;
  object_class->finalize = bs_balance_run_finalize;
  object_class->get_property = bs_balance_run_get_property;

  properties[PROP_RUNNING] =
    g_param_spec_boolean ("running", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_COMPLETE] =
    g_param_spec_boolean ("complete", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* Progress or results changed (while running: as the games move on,
   * at most four times a second). */
  signals[UPDATED] = g_signal_new ("updated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                   NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* The run stopped on an error (its message). */
  signals[FAILED] = g_signal_new ("failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
bs_balance_run_init (BsBalanceRun *self)
{
}

BsBalanceRun *
bs_balance_run_new (BsStudy     *study,
                    const char  *path,
                    GError     **error)
{
  BsStudyRunner *runner = bs_study_runner_new (study, path, error);
  BsBalanceRun *self;

  if (runner == NULL)
    return NULL;
  self = g_object_new (BS_TYPE_BALANCE_RUN, NULL);
  self->runner = runner;
  bs_study_runner_set_background (runner, TRUE);
  return self;
}

static void
open_in_thread (GTask        *task,
                gpointer      source,
                gpointer      task_data,
                GCancellable *cancellable)
{
  GError *error = NULL;
  BsStudyRunner *runner = bs_study_runner_open (task_data, cancellable, &error);

  if (runner == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, runner, (GDestroyNotify) bs_study_runner_free);
}

void
bs_balance_run_open_async (const char          *path,
                           GCancellable        *cancellable,
                           GAsyncReadyCallback  callback,
                           gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (path != NULL);

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, bs_balance_run_open_async);
  g_task_set_task_data (task, g_strdup (path), g_free);
  /* Reading never holds the main loop, however many games the file has. */
  bs_worker_run_in_thread (task, open_in_thread);
}

BsBalanceRun *
bs_balance_run_open_finish (GAsyncResult  *result,
                            GError       **error)
{
  BsStudyRunner *runner;
  BsBalanceRun *self;

  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);

  runner = g_task_propagate_pointer (G_TASK (result), error);
  if (runner == NULL)
    return NULL;
  self = g_object_new (BS_TYPE_BALANCE_RUN, NULL);
  self->runner = runner;
  bs_study_runner_set_background (runner, TRUE);
  return self;
}

BsStudyRunner *
bs_balance_run_get_runner (BsBalanceRun *self)
{
  g_return_val_if_fail (BS_IS_BALANCE_RUN (self), NULL);
  return self->runner;
}

const char *
bs_balance_run_get_path (BsBalanceRun *self)
{
  g_return_val_if_fail (BS_IS_BALANCE_RUN (self), NULL);
  return bs_study_runner_get_path (self->runner);
}

gboolean
bs_balance_run_get_running (BsBalanceRun *self)
{
  g_return_val_if_fail (BS_IS_BALANCE_RUN (self), FALSE);
  return self->cancellable != NULL;
}

gboolean
bs_balance_run_get_stopping (BsBalanceRun *self)
{
  g_return_val_if_fail (BS_IS_BALANCE_RUN (self), FALSE);
  return self->cancellable != NULL && self->stopping;
}

gboolean
bs_balance_run_get_complete (BsBalanceRun *self)
{
  g_return_val_if_fail (BS_IS_BALANCE_RUN (self), FALSE);
  return bs_study_runner_is_complete (self->runner);
}

void
bs_balance_run_get_progress (BsBalanceRun *self,
                             guint        *done,
                             guint        *total,
                             double       *seconds_left)
{
  guint d, t;

  g_return_if_fail (BS_IS_BALANCE_RUN (self));

  bs_study_runner_get_progress (self->runner, &d, &t);
  if (done != NULL)
    *done = d;
  if (total != NULL)
    *total = t;
  if (seconds_left != NULL)
    {
      double elapsed = (g_get_monotonic_time () - self->started_us) / 1e6;

      *seconds_left = -1;
      if (self->cancellable != NULL && d > self->done_at_start && elapsed > 0.5)
        *seconds_left = (t - d) * elapsed / (d - self->done_at_start);
    }
}

static void
emit_updated (BsBalanceRun *self)
{
  bs_study_runner_get_progress (self->runner, &self->done_at_update, NULL);
  self->update_us = g_get_monotonic_time ();
  g_signal_emit (self, signals[UPDATED], 0);
}

static gboolean
on_tick (gpointer data)
{
  BsBalanceRun *self = data;
  guint done, total;
  gint64 since;

  bs_study_runner_get_progress (self->runner, &done, &total);
  since = g_get_monotonic_time () - self->update_us;
  if (done > self->done_at_update &&
      ((guint64) (done - self->done_at_update) * 100 >= total ||
       since >= UPDATE_SLOW_MS * (gint64) 1000))
    emit_updated (self);
  return G_SOURCE_CONTINUE;
}

static void
run_in_thread (GTask        *task,
               gpointer      source,
               gpointer      task_data,
               GCancellable *cancellable)
{
  BsBalanceRun *self = source;
  GError *error = NULL;

  if (bs_study_runner_run (self->runner, cancellable, NULL, NULL, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

static void
on_run_done (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  BsBalanceRun *self = BS_BALANCE_RUN (source);
  g_autoptr(GError) error = NULL;

  g_task_propagate_boolean (G_TASK (result), &error);
  g_clear_object (&self->cancellable);
  self->stopping = FALSE;
  g_clear_handle_id (&self->timeout_id, g_source_remove);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMPLETE]);
  emit_updated (self);
  if (error != NULL && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    g_signal_emit (self, signals[FAILED], 0, error->message);
}

void
bs_balance_run_start (BsBalanceRun *self)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (BS_IS_BALANCE_RUN (self));

  if (self->cancellable != NULL || bs_study_runner_is_complete (self->runner))
    return;
  self->cancellable = g_cancellable_new ();
  self->started_us = g_get_monotonic_time ();
  bs_study_runner_get_progress (self->runner, &self->done_at_start, NULL);
  task = g_task_new (self, self->cancellable, on_run_done, NULL);
  g_task_set_source_tag (task, bs_balance_run_start);
  bs_worker_run_in_thread (task, run_in_thread);
  self->timeout_id = g_timeout_add (UPDATE_INTERVAL_MS, on_tick, self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
  emit_updated (self);
}

void
bs_balance_run_pause (BsBalanceRun *self)
{
  g_return_if_fail (BS_IS_BALANCE_RUN (self));

  if (self->cancellable != NULL)
    {
      self->stopping = TRUE;
      g_cancellable_cancel (self->cancellable);
      emit_updated (self);
    }
}

void
bs_balance_run_add_games (BsBalanceRun *self,
                          guint         games)
{
  BsStudy *study;

  g_return_if_fail (BS_IS_BALANCE_RUN (self));
  g_return_if_fail (self->cancellable == NULL);

  study = bs_study_runner_get_study (self->runner);
  bs_study_runner_set_games (self->runner, study->games + games);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COMPLETE]);
  bs_balance_run_start (self);
}
