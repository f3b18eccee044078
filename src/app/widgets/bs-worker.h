/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-worker.h: the app's threads (a file read, a study, an export) run
 * through here, so that the app does not end while one of them still
 * works: an export would be cut off mid-file, and at exit the libraries'
 * destructors tear down what a running thread may use (libxml2 2.9's
 * cleans its parser up then). */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* g_task_run_in_thread(), counted while `func` runs. Not for a task set to
 * return on cancel: GTask may then never run `func`, and the count would
 * not go down. */
void     bs_worker_run_in_thread (GTask           *task,
                                  GTaskThreadFunc  func);
/* How many such threads run now. */
guint    bs_worker_get_n_running (void);
/* Waits (on the calling thread, without the main loop: a thread ends
 * without it) until none runs, at most `timeout_us`; TRUE if none does.
 * Cancel what they work on first, so they end soon. */
gboolean bs_worker_wait_all      (gint64           timeout_us);

G_END_DECLS
