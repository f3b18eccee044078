/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-app"

#include "config.h"

#include "bs-worker.h"

static GMutex  lock;
static GCond   ended;
static guint   n_running;

typedef struct {
  GTaskThreadFunc func;
} Work;

static GQuark
work_quark (void)
{
  return g_quark_from_static_string ("bs-worker-work");
}

static void
run_counted (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  Work *work = g_object_get_qdata (G_OBJECT (task), work_quark ());

  work->func (task, source_object, task_data, cancellable);

  /* The task's result is returned by now: this thread is done with it. */
  g_mutex_lock (&lock);
  n_running--;
  g_cond_broadcast (&ended);
  g_mutex_unlock (&lock);
}

void
bs_worker_run_in_thread (GTask           *task,
                         GTaskThreadFunc  func)
{
  Work *work;

  g_return_if_fail (G_IS_TASK (task));
  g_return_if_fail (func != NULL);

  work = g_new0 (Work, 1);
  work->func = func;
  g_object_set_qdata_full (G_OBJECT (task), work_quark (), work, g_free);
  g_mutex_lock (&lock);
  n_running++;
  g_mutex_unlock (&lock);
  g_task_run_in_thread (task, run_counted);
}

guint
bs_worker_get_n_running (void)
{
  guint n;

  g_mutex_lock (&lock);
  n = n_running;
  g_mutex_unlock (&lock);
  return n;
}

gboolean
bs_worker_wait_all (gint64 timeout_us)
{
  gint64 deadline = g_get_monotonic_time () + MAX (timeout_us, 0);
  gboolean done;

  g_mutex_lock (&lock);
  while (n_running > 0)
    if (!g_cond_wait_until (&ended, &lock, deadline))
      break;
  done = n_running == 0;
  g_mutex_unlock (&lock);
  return done;
}
