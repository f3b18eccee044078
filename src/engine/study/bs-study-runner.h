/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-study-runner.h: playing a study's games on every core.
 *
 * bs_study_runner_run() blocks its thread (the CLI's main thread, the
 * app's GTask thread): it hands games to a GThreadPool of `jobs` workers,
 * each with its own scratch space and searches (nothing is shared while a
 * game is played), and gathers what they finish. Each finished game is
 * appended to the journal beside the file at once, counted into the
 * statistics, and folded into the file (atomically) when the journal has
 * grown and at the end. Cancelling stops the workers mid-game (an
 * unfinished game is simply played again later: it is deterministic) and
 * leaves a complete file; running again resumes. Any thread may read the
 * progress and copy the statistics while it runs.
 *
 * Memory: a few bytes per game (which games are done and player 1's
 * points in each, for the target precision), the statistics (bounded by
 * the longest game), and the journal's games not yet in the file. */

#pragma once

#include <gio/gio.h>

#include "bs-study.h"
#include "bs-study-stats.h"

G_BEGIN_DECLS

typedef struct _BsStudyRunner BsStudyRunner;

/* A new study to be written at path (NULL: kept in memory only). The file
 * is created at once with no games, and a stale journal is removed. */
BsStudyRunner *bs_study_runner_new        (BsStudy        *study,
                                           const char     *path,
                                           GError        **error);
/* An existing study file and its journal, to look at or to resume; read
 * in bounded memory, stopping (G_IO_ERROR_CANCELLED) soon after
 * cancellable is cancelled. Any thread. */
BsStudyRunner *bs_study_runner_open       (const char     *path,
                                           GCancellable   *cancellable,
                                           GError        **error);
void           bs_study_runner_free       (BsStudyRunner  *runner);

/* How bs_study_runner_open_expected() takes a file holding the expected study with
 * another number of games a variant. */
typedef enum {
  BS_STUDY_GAMES_EXACT,   /* refused (a search's round: its games are fixed) */
  BS_STUDY_GAMES_MORE,    /* fewer are played up to the expected number; more refused */
} BsStudyGamesRule;

/* The runner of path's study when the file holds the expected one (its shard too), or a new
 * study written there when there is no file (kept in memory when path is NULL): what a
 * command or a dialog started again goes on with. Another study is refused with
 * BS_STUDY_ERROR_MISMATCH, whose message is only why ("not the same study: the seeds differ
 * …", "it holds shard 2/4, not the whole study", "it holds 24 games a variant, not 20"), for
 * the caller's sentence. *held_games (may be NULL) is the file's games a variant when it
 * holds this study, whatever its number of games (the caller may point to --resume), and 0
 * otherwise. A file that cannot be read gives its own error. */
BsStudyRunner *bs_study_runner_open_expected (BsStudy          *expected,
                                              const char       *path,
                                              BsStudyGamesRule  games,
                                              guint            *held_games,
                                              GCancellable     *cancellable,
                                              GError          **error);
/* "the whole study" or "shard 2/4": which part of a study a file holds. */
char          *bs_study_describe_shard       (const BsStudy    *study);

BsStudy       *bs_study_runner_get_study  (BsStudyRunner  *runner);
const char    *bs_study_runner_get_path   (BsStudyRunner  *runner);
/* Raises the number of games per arm (Run 1,000 more); saved with the
 * next write of the file. Not while running. */
void           bs_study_runner_set_games  (BsStudyRunner  *runner,
                                           guint           games);
/* Worker threads (0: one per core). */
void           bs_study_runner_set_jobs   (BsStudyRunner  *runner,
                                           guint           jobs);

/* Workers below the normal priority (the app: the window stays quick
 * while every core plays). Linux only; elsewhere nothing changes. */
void           bs_study_runner_set_background (BsStudyRunner *runner,
                                               gboolean       background);

typedef void (*BsStudyProgressFunc) (BsStudyRunner *runner,
                                     gpointer       user_data);

/* Plays every game the study still lacks (in this file's shard). Returns
 * TRUE when the study is complete; FALSE with G_IO_ERROR_CANCELLED when
 * cancelled (the file then holds every finished game), or another error
 * (BS_STUDY_ERROR_GAME, a write error). progress is called from this
 * thread after each finished game. */
gboolean       bs_study_runner_run        (BsStudyRunner       *runner,
                                           GCancellable        *cancellable,
                                           BsStudyProgressFunc  progress,
                                           gpointer             user_data,
                                           GError             **error);

/* Thread-safe. done: games counted; total: games the study needs (with a
 * target precision, the current estimate). */
void           bs_study_runner_get_progress (BsStudyRunner *runner,
                                             guint         *done,
                                             guint         *total);
/* Whether every arm has all its games (or reached its precision). */
gboolean       bs_study_runner_is_complete  (BsStudyRunner *runner);
/* A copy of an arm's statistics (thread-safe). */
BsStudyStats  *bs_study_runner_get_stats    (BsStudyRunner *runner,
                                             guint          arm);
/* Games an arm counts (with a target precision, the games up to its
 * stopping point). */
guint          bs_study_runner_arm_games    (BsStudyRunner *runner,
                                             guint          arm);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BsStudyRunner, bs_study_runner_free)

G_END_DECLS
