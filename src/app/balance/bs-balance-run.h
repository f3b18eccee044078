/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-balance-run.h: a balance study running in the background for the
 * Balance page. The games are played by a BsStudyRunner in a GTask thread
 * (its workers on every core); the main loop polls its progress a few
 * times a second and says so with ::updated when the games moved on (by a
 * hundredth of the study, or at all in two seconds), so the window never
 * waits and is not redrawn more when a busy machine slows the games.
 * Pause stops the workers (finished games stay in the file) and Resume
 * plays on; nothing is lost either way. */

#pragma once

#include <gio/gio.h>

#include "bs-study-runner.h"

G_BEGIN_DECLS

#define BS_TYPE_BALANCE_RUN (bs_balance_run_get_type ())

G_DECLARE_FINAL_TYPE (BsBalanceRun, bs_balance_run, BS, BALANCE_RUN, GObject)

/* A new study written to path. */
BsBalanceRun  *bs_balance_run_new          (BsStudy       *study,
                                            const char    *path,
                                            GError       **error);
/* A study file (and its journal), read in a thread. */
void           bs_balance_run_open_async   (const char          *path,
                                            GCancellable        *cancellable,
                                            GAsyncReadyCallback  callback,
                                            gpointer             user_data);
BsBalanceRun  *bs_balance_run_open_finish  (GAsyncResult        *result,
                                            GError             **error);

BsStudyRunner *bs_balance_run_get_runner   (BsBalanceRun  *self);
const char    *bs_balance_run_get_path     (BsBalanceRun  *self);
/* Starts or resumes playing what the study lacks. */
void           bs_balance_run_start        (BsBalanceRun  *self);
/* Stops the workers; the finished games are kept (Resume with start). */
void           bs_balance_run_pause        (BsBalanceRun  *self);
/* Adds games to every variant of the study (Run 1,000 More) and starts. */
void           bs_balance_run_add_games    (BsBalanceRun  *self,
                                            guint          games);
gboolean       bs_balance_run_get_running  (BsBalanceRun  *self);
/* Paused, but the workers are still stopping (finishing a search step,
 * writing the file). */
gboolean       bs_balance_run_get_stopping (BsBalanceRun  *self);
gboolean       bs_balance_run_get_complete (BsBalanceRun  *self);
/* Games done and needed; the estimated seconds left (-1: unknown). */
void           bs_balance_run_get_progress (BsBalanceRun  *self,
                                            guint         *done,
                                            guint         *total,
                                            double        *seconds_left);

G_END_DECLS
