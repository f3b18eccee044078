/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-study-runner.c: a study's games on a thread pool, with a journal so
 * that no finished game is lost. */
#define G_LOG_DOMAIN "boardsmith-study"
/* O_CLOEXEC, fsync, ftruncate under -std=c17; syscall (gettid) on Linux. */
#define _GNU_SOURCE

#include "config.h"

#include "bs-study-runner.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gstdio.h>
#ifdef __linux__
#include <sys/resource.h>
#include <sys/syscall.h>
#endif

#include <glib/gi18n-lib.h>

#include "bs-error.h"
#include "bs-file.h"
#include "bs-study-private.h"

/* The journal is folded into the file once it holds this much, or a
 * quarter of the file (so rewriting a large file stays a small share of
 * the work). */
#define FOLD_MIN_BYTES  ((gsize) 4 * 1024 * 1024)
/* Games handed out ahead of the workers, per worker. */
#define QUEUE_PER_JOB   3

typedef struct {
  GArray       *points;   /* of guint8 per game: 0 not done, else 1 + player 1's half points */
  guint         done;     /* games done in this file's shard */
  guint         prefix;   /* games 0..prefix-1 are all done and counted */
  guint         prefix_half_points;
  guint         stop;     /* target precision: the stopping point, 0 = not reached */
  BsStatsSequence sequence;  /* target precision: the confidence sequence of games 0..prefix-1 */
  GHashTable   *held;     /* target precision: number → game beyond the prefix */
  BsStudyStats *stats;
} ArmState;

struct _BsStudyRunner {
  BsStudy       *study;
  char          *path;
  char          *journal_path;
  int            journal_fd;
  int            lock_fd;        /* PATH.lock, held while this runner may write */
  gint64         opened_mtime;   /* the file as it was read (opened runners) */
  goffset        opened_size;
  gsize          journal_bytes;  /* its length: a failed append is cut back to it */
  guint          jobs;
  gboolean       background;
  GMutex         mutex;      /* guards the arms' statistics and counters */
  ArmState      *arms;
  GPtrArray     *pending;    /* of BsStudyPendingGame: in the journal, not in the file */
  gsize          pending_bytes;
  gsize          file_bytes;
  GCancellable  *cancellable;
  GAsyncQueue   *results;
};

/* Games handed to a worker at once: several when games are quick, so
 * that handing them out costs nothing next to playing them. */
#define MAX_BATCH       4096
/* A batch should take about this long: long enough that waking a thread
 * on a loaded machine (milliseconds) is rare, short enough for live
 * progress. */
#define BATCH_TARGET_US 20000
/* No batch holds more than this share of the games not yet handed out
 * (1 / (SHARE_PER_JOB × workers)): the last batches shrink, and every
 * worker finishes at about the same time even when a whole run is
 * shorter than one batch of BATCH_TARGET_US. */
#define SHARE_PER_JOB   2

/* A batch of games for one worker. Without a target precision the worker
 * reduces its games to statistics itself, and hands over only those and
 * each game's score: the thread that gathers them then does almost
 * nothing per game, and no game is freed by a thread other than the one
 * that made it. With a target precision the games are counted in order,
 * so they are handed over whole. */
typedef struct {
  guint          n_games;
  guint         *arms;
  guint         *numbers;
  gboolean       reduce;
  BsStudyGame  **games;       /* not reduced: NULL for games not played (cancelled, error) */
  guint8        *points;      /* reduced: 1 + player 1's half points, 0 if not played */
  BsStudyStats **stats;       /* reduced: per arm, NULL if none of its games was played */
  guint          n_arms;
  char         **xmls;        /* each game as the file writes it (a study with a file) */
  GError        *error;
  gint64         elapsed_us;
} Job;

static Job *
job_new (guint    size,
         guint    n_arms,
         gboolean reduce)
{
  Job *job = g_new0 (Job, 1);

  job->arms = g_new (guint, size);
  job->numbers = g_new (guint, size);
  job->reduce = reduce;
  job->n_arms = n_arms;
  if (reduce)
    {
      job->points = g_new0 (guint8, size);
      job->stats = g_new0 (BsStudyStats *, n_arms);
    }
  else
    job->games = g_new0 (BsStudyGame *, size);
  job->xmls = g_new0 (char *, size);
  return job;
}

static void
job_free (Job *job)
{
  for (guint i = 0; i < job->n_games; i++)
    {
      if (job->games != NULL)
        bs_study_game_free (job->games[i]);
      g_free (job->xmls[i]);
    }
  for (guint i = 0; job->stats != NULL && i < job->n_arms; i++)
    bs_study_stats_free (job->stats[i]);
  g_free (job->stats);
  g_free (job->points);
  g_free (job->xmls);
  g_free (job->arms);
  g_free (job->numbers);
  g_free (job->games);
  g_clear_error (&job->error);
  g_free (job);
}

static void
worker_free_notify (gpointer data)
{
  bs_study_worker_free (data);
}

/* Each pool thread's own scratch space, kept from game to game. */
static GPrivate worker_key = G_PRIVATE_INIT (worker_free_notify);

static void
arms_init (BsStudyRunner *runner)
{
  guint n = bs_study_n_arms (runner->study);

  runner->arms = g_new0 (ArmState, n);
  for (guint i = 0; i < n; i++)
    {
      const BsStudyArm *arm = bs_study_get_arm (runner->study, i);

      runner->arms[i].points = g_array_new (FALSE, TRUE, sizeof (guint8));
      runner->arms[i].held = g_hash_table_new_full (NULL, NULL, NULL,
                                                    (GDestroyNotify) bs_study_game_free);
      runner->arms[i].stats = bs_study_stats_new (bs_ruleset_is_simultaneous (arm->ruleset));
      bs_stats_sequence_init (&runner->arms[i].sequence, runner->study->margin);
    }
}

/* One run writes a study file at a time: two runs into one file would
 * each replace the other's games. The lock is an flock on PATH.lock (the
 * study file itself is replaced on every fold), which says who holds it;
 * the kernel drops it when the process dies, kill -9 included. */
static char *
lock_path (const char *path)
{
  return g_strconcat (path, ".lock", NULL);
}

static gboolean
lock_study (BsStudyRunner  *runner,
            GError        **error)
{
  g_autofree char *lock = lock_path (runner->path);

  if (runner->lock_fd >= 0)
    return TRUE;
  /* Another run may remove the lock file between our open and flock:
   * the lock counts only on the file still at that name. */
  for (int attempt = 0; attempt < 100; attempt++)
    {
      struct stat held, named;
      int fd = g_open (lock, O_RDWR | O_CREAT | O_CLOEXEC, 0644);

      if (fd < 0)
        {
          int saved = errno;
          g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                       _("%s: cannot lock it for this run (%s): %s"), runner->path, lock,
                       g_strerror (saved));
          return FALSE;
        }
      if (flock (fd, LOCK_EX | LOCK_NB) != 0)
        {
          int saved = errno;
          char holder[256] = "";
          gssize n = pread (fd, holder, sizeof holder - 1, 0);

          close (fd);
          if (saved == EWOULDBLOCK)
            {
              holder[MAX (n, 0)] = '\0';
              g_strchomp (holder);
              g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_EXIST,
                           /* Translators: "x.bsstudy is being written by another run
                            * (process 4242 on ann-laptop): …" */
                           _("%s is being written by another run (%s): wait for it to end, "
                             "or stop it, then try again"),
                           runner->path, holder[0] != '\0' ? holder : lock);
            }
          else
            g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                         _("%s: cannot lock it for this run (%s): %s"), runner->path, lock,
                         g_strerror (saved));
          return FALSE;
        }
      if (fstat (fd, &held) == 0 && stat (lock, &named) == 0 &&
          held.st_dev == named.st_dev && held.st_ino == named.st_ino)
        {
          g_autofree char *who = g_strdup_printf (_("process %d on %s"), (int) getpid (),
                                                  g_get_host_name ());
          gsize length = strlen (who);

          if (ftruncate (fd, 0) != 0 || pwrite (fd, who, length, 0) != (gssize) length)
            g_debug ("%s: cannot say who holds it: %s", lock, g_strerror (errno));
          runner->lock_fd = fd;
          return TRUE;
        }
      close (fd);
    }
  g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_EXIST,
               _("%s is being written by another run: wait for it to end, then try again"),
               runner->path);
  return FALSE;
}

/* Removed while still held, so that no other run locks the old file. */
static void
unlock_study (BsStudyRunner *runner)
{
  g_autofree char *lock = NULL;

  if (runner->lock_fd < 0)
    return;
  lock = lock_path (runner->path);
  g_unlink (lock);
  close (runner->lock_fd);
  runner->lock_fd = -1;
}

static BsStudyRunner *
runner_alloc (BsStudy    *study,
              const char *path)
{
  BsStudyRunner *runner = g_new0 (BsStudyRunner, 1);

  runner->study = bs_study_ref (study);
  runner->path = g_strdup (path);
  runner->journal_path = path != NULL ? bs_study_journal_path (path) : NULL;
  runner->journal_fd = -1;
  runner->lock_fd = -1;
  runner->jobs = 0;
  g_mutex_init (&runner->mutex);
  runner->pending = g_ptr_array_new_with_free_func ((GDestroyNotify) bs_study_pending_game_free);
  arms_init (runner);
  return runner;
}

void
bs_study_runner_free (BsStudyRunner *runner)
{
  if (runner == NULL)
    return;
  for (guint i = 0; i < bs_study_n_arms (runner->study); i++)
    {
      g_array_unref (runner->arms[i].points);
      g_hash_table_unref (runner->arms[i].held);
      bs_study_stats_free (runner->arms[i].stats);
    }
  g_free (runner->arms);
  if (runner->journal_fd >= 0)
    close (runner->journal_fd);
  unlock_study (runner);
  g_ptr_array_unref (runner->pending);
  g_mutex_clear (&runner->mutex);
  bs_study_unref (runner->study);
  g_free (runner->journal_path);
  g_free (runner->path);
  g_free (runner);
}

BsStudy *
bs_study_runner_get_study (BsStudyRunner *runner)
{
  return runner->study;
}

const char *
bs_study_runner_get_path (BsStudyRunner *runner)
{
  return runner->path;
}

void
bs_study_runner_set_background (BsStudyRunner *runner,
                                gboolean       background)
{
  runner->background = background;
}

void
bs_study_runner_set_jobs (BsStudyRunner *runner,
                          guint          jobs)
{
  runner->jobs = jobs;
}

static guint
arm_limit (const BsStudyRunner *runner,
           guint                arm)
{
  const ArmState *state = &runner->arms[arm];

  return state->stop > 0 ? state->stop : runner->study->games;
}

static gboolean
keep_game (guint    arm,
           guint    number,
           gpointer user_data)
{
  BsStudyRunner *runner = user_data;

  return number < arm_limit (runner, arm);
}

static int
compare_pending (gconstpointer a,
                 gconstpointer b)
{
  const BsStudyPendingGame *x = *(BsStudyPendingGame * const *) a;
  const BsStudyPendingGame *y = *(BsStudyPendingGame * const *) b;

  if (x->arm != y->arm)
    return x->arm < y->arm ? -1 : 1;
  return x->number < y->number ? -1 : x->number > y->number;
}

/* An error of the journal, naming the study file (what the designer
 * chose) and the journal. */
static gboolean
journal_error (BsStudyRunner  *runner,
               int             saved_errno,
               GError        **error)
{
  g_autofree char *journal = g_path_get_basename (runner->journal_path);

  /* Translators: "/home/ann/x.bsstudy: cannot save its journal x.bsstudy.journal:
   * No space left on device". The journal keeps each game as it finishes. */
  g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
               _("%s: cannot save its journal %s: %s"), runner->path, journal,
               g_strerror (saved_errno));
  return FALSE;
}

/* Folds the journal into the file. */
static gboolean
fold (BsStudyRunner  *runner,
      GError        **error)
{
  GStatBuf st;

  if (runner->path == NULL)
    {
      g_ptr_array_set_size (runner->pending, 0);
      runner->pending_bytes = 0;
      return TRUE;
    }
  g_ptr_array_sort (runner->pending, compare_pending);
  if (!bs_study_rewrite (runner->study, runner->path, runner->pending, keep_game, runner, error))
    return FALSE;
  /* The file now holds them: the journal starts again. A crash before
   * this leaves games in both, which loading counts once. */
  if (runner->journal_fd >= 0)
    {
      if (ftruncate (runner->journal_fd, 0) != 0)
        return journal_error (runner, errno, error);
      runner->journal_bytes = 0;
    }
  else
    g_unlink (runner->journal_path);
  g_ptr_array_set_size (runner->pending, 0);
  runner->pending_bytes = 0;
  runner->file_bytes = g_stat (runner->path, &st) == 0 ? (gsize) st.st_size : 0;
  return TRUE;
}

static void
count_game (BsStudyRunner *runner,
            BsStudyGame   *game)
{
  bs_study_stats_add (runner->arms[game->arm].stats, runner->study, game);
}

/* With a target precision, games are counted in order: the stopping point
 * must not depend on which games happened to finish first. */
static void
advance_prefix (BsStudyRunner *runner,
                guint          arm)
{
  ArmState *state = &runner->arms[arm];
  const BsStudy *study = runner->study;

  while (state->stop == 0 && state->prefix < state->points->len &&
         ((guint8 *) state->points->data)[state->prefix] != 0)
    {
      BsStudyGame *game = g_hash_table_lookup (state->held, GUINT_TO_POINTER (state->prefix));

      if (game != NULL)
        count_game (runner, game);
      g_hash_table_remove (state->held, GUINT_TO_POINTER (state->prefix));
      guint half_points = ((guint8 *) state->points->data)[state->prefix] - 1u;

      state->prefix_half_points += half_points;
      if (state->prefix == 0)
        bs_stats_sequence_init (&state->sequence, study->margin);
      bs_stats_sequence_add (&state->sequence, half_points);
      state->prefix++;
      /* Stopping when settled (docs/BALANCE.md): the anytime-valid confidence sequence,
       * checked every block, so that stopping early keeps the stated 5%. */
      if ((state->prefix % BS_STUDY_MARGIN_BLOCK == 0 &&
           bs_stats_sequence_half_width (&state->sequence) <= study->margin) ||
          state->prefix >= study->games)
        state->stop = state->prefix;
    }
  if (state->stop > 0)
    g_hash_table_remove_all (state->held);
}

/* A finished game, from a worker, the file or the journal. Takes it. */
static void
accept_game (BsStudyRunner *runner,
             BsStudyGame   *game,
             char          *xml,
             gboolean       from_file)
{
  ArmState *state = &runner->arms[game->arm];
  /* A study of pooled replicates (never played on, no margin) has `games` games of
   * each seed: game n of replicate r is at r × games + n. */
  guint slot = game->replicate * runner->study->games + game->number;

  if (game->number >= arm_limit (runner, game->arm) ||
      (slot < state->points->len && ((guint8 *) state->points->data)[slot] != 0))
    {
      bs_study_game_free (game);
      g_free (xml);
      return;
    }
  if (!from_file && runner->path != NULL)
    {
      BsStudyPendingGame *pending = g_new0 (BsStudyPendingGame, 1);

      pending->arm = game->arm;
      pending->number = game->number;
      pending->xml = xml != NULL ? xml : bs_study_game_to_xml (runner->study, game);
      runner->pending_bytes += strlen (pending->xml);
      g_ptr_array_add (runner->pending, pending);
    }

  g_mutex_lock (&runner->mutex);
  if (slot >= state->points->len)
    g_array_set_size (state->points, slot + 1);
  ((guint8 *) state->points->data)[slot] = (guint8) (1 + bs_study_game_half_points (game, 1));
  state->done++;
  if (runner->study->margin > 0)
    {
      g_hash_table_insert (state->held, GUINT_TO_POINTER (game->number), game);
      advance_prefix (runner, game->arm);
    }
  else
    {
      count_game (runner, game);
      bs_study_game_free (game);
    }
  g_mutex_unlock (&runner->mutex);
}

typedef struct {
  BsStudyRunner *runner;
  GCancellable  *cancellable;
  guint          games;
} Opening;

static gboolean
accept_from_file (const BsStudy  *study,
                  BsStudyGame   **game,
                  gpointer        user_data,
                  GError        **error)
{
  Opening *opening = user_data;

  /* Checked now and then: a large study can be left while it is read. */
  if ((++opening->games & 255) == 0 &&
      g_cancellable_set_error_if_cancelled (opening->cancellable, error))
    return FALSE;
  if (opening->runner == NULL)
    opening->runner = runner_alloc ((BsStudy *) study, NULL);
  accept_game (opening->runner, g_steal_pointer (game), NULL, TRUE);
  return TRUE;
}

static gboolean
accept_from_journal (const BsStudy  *study,
                     BsStudyGame   **game,
                     gpointer        user_data,
                     GError        **error)
{
  Opening *opening = user_data;

  if ((++opening->games & 255) == 0 &&
      g_cancellable_set_error_if_cancelled (opening->cancellable, error))
    return FALSE;
  accept_game (opening->runner, g_steal_pointer (game), NULL, FALSE);
  return TRUE;
}

BsStudyRunner *
bs_study_runner_new (BsStudy     *study,
                     const char  *path,
                     GError     **error)
{
  g_autoptr(BsStudyRunner) runner = NULL;

  g_return_val_if_fail (study != NULL, NULL);

  if (!bs_study_prepare (study, error))
    return NULL;
  runner = runner_alloc (study, path);
  if (path != NULL)
    {
      /* A new file with no games, replacing (atomically) whatever was
       * there; a stale journal goes once the file is written. Not while
       * another run writes it. */
      BsStudyWriter *writer;

      if (!lock_study (runner, error))
        return NULL;
      writer = bs_study_writer_new (study, path, error);
      if (writer == NULL || !bs_study_writer_finish (writer, error))
        return NULL;
      g_unlink (runner->journal_path);
    }
  return g_steal_pointer (&runner);
}

static gint64
file_mtime_ns (const GStatBuf *st)
{
  return (gint64) st->st_mtim.tv_sec * G_GINT64_CONSTANT (1000000000) + st->st_mtim.tv_nsec;
}

/* Which file is at a path, to tell whether it was replaced. */
typedef struct {
  gboolean exists;
  dev_t    device;
  ino_t    inode;
  goffset  size;
  gint64   mtime;
} FileIdentity;

static void
file_identity (const char   *path,
               FileIdentity *out)
{
  GStatBuf st;

  memset (out, 0, sizeof *out);
  if (g_stat (path, &st) != 0)
    return;
  out->exists = TRUE;
  out->device = st.st_dev;
  out->inode = st.st_ino;
  out->size = st.st_size;
  out->mtime = file_mtime_ns (&st);
}

static gboolean
file_identity_equal (const FileIdentity *a,
                     const FileIdentity *b)
{
  return a->exists == b->exists && a->device == b->device && a->inode == b->inode &&
         a->size == b->size && a->mtime == b->mtime;
}

/* The file as this runner read or left it: its size for folding, and
 * what lock_opened_study compares with. */
static void
remember_identity (BsStudyRunner      *runner,
                   const FileIdentity *file)
{
  runner->file_bytes = file->exists ? (gsize) file->size : 0;
  runner->opened_size = file->exists ? file->size : -1;
  runner->opened_mtime = file->exists ? file->mtime : 0;
}

/* The file as this runner leaves it: one stat. */
static void
remember_file (BsStudyRunner *runner)
{
  FileIdentity file;

  file_identity (runner->path, &file);
  remember_identity (runner, &file);
}

/* An opened study goes on only if no other run changed it since it was
 * read (what this runner knows of it would be out of date). */
static gboolean
lock_opened_study (BsStudyRunner  *runner,
                   GError        **error)
{
  GStatBuf st;

  if (runner->lock_fd >= 0)
    return TRUE;
  if (!lock_study (runner, error))
    return FALSE;
  if (runner->opened_size >= 0 &&
      (g_stat (runner->path, &st) != 0 || (goffset) st.st_size != runner->opened_size ||
       file_mtime_ns (&st) != runner->opened_mtime))
    {
      unlock_study (runner);
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_EXIST,
                   _("%s was changed by another run after it was read: open it again"),
                   runner->path);
      return FALSE;
    }
  return TRUE;
}

void (*bs_study_open_between_hook) (const char *path);

/* The file, then its journal, as they were when read (*read). */
static BsStudyRunner *
open_once (const char    *path,
           GCancellable  *cancellable,
           FileIdentity  *read,
           GError       **error)
{
  g_autoptr(BsStudy) study = NULL;
  g_autoptr(BsStudyRunner) runner = NULL;
  Opening opening = { NULL, cancellable, 0 };

  file_identity (path, read);
  /* The runner is made from the header when the first game comes (or
   * after the last, for a file with none). */
  study = bs_study_load_file_full (path, cancellable, accept_from_file, &opening, error);
  runner = g_steal_pointer (&opening.runner);
  if (study == NULL)
    return NULL;
  if (runner == NULL)
    runner = runner_alloc (study, NULL);
  runner->path = g_strdup (path);
  runner->journal_path = bs_study_journal_path (path);
  opening.runner = runner;
  if (bs_study_open_between_hook != NULL)
    bs_study_open_between_hook (path);
  if (!bs_study_read_journal (runner->study, runner->journal_path, accept_from_journal, &opening,
                              error))
    return NULL;
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return NULL;
  return g_steal_pointer (&runner);
}

/* A run may fold its journal into the file while it is read here: it
 * renames the new file into place, then empties the journal. Read in
 * between (the old file, then the emptied journal) the games of the
 * journal would be missing, or the journal would shrink under the
 * reader; so a file replaced while it was read is read again, whether
 * the reading failed or not. Without a run it is read once. */
#define OPEN_ATTEMPTS 8

char *
bs_study_describe_shard (const BsStudy *study)
{
  g_return_val_if_fail (study != NULL, NULL);

  if (study->shard_count <= 1)
    return g_strdup (_("the whole study"));
  return g_strdup_printf (_("shard %u/%u"), study->shard_index, study->shard_count);
}

static gboolean
same_shard (const BsStudy *a,
            const BsStudy *b)
{
  if (a->shard_count <= 1 || b->shard_count <= 1)
    return a->shard_count <= 1 && b->shard_count <= 1;
  return a->shard_count == b->shard_count && a->shard_index == b->shard_index;
}

BsStudyRunner *
bs_study_runner_open_expected (BsStudy          *expected,
                               const char       *path,
                               BsStudyGamesRule  games,
                               guint            *held_games,
                               GCancellable     *cancellable,
                               GError          **error)
{
  g_autoptr(BsStudyRunner) runner = NULL;
  BsStudy *held;
  BsStudyEvaluator expected_evaluator;
  guint asked;
  gboolean same;

  g_return_val_if_fail (expected != NULL, NULL);

  if (held_games != NULL)
    *held_games = 0;
  if (path == NULL || !g_file_test (path, G_FILE_TEST_EXISTS))
    return bs_study_runner_new (expected, path, error);

  runner = bs_study_runner_open (path, cancellable, error);
  if (runner == NULL)
    return NULL;
  held = bs_study_runner_get_study (runner);
  if (!same_shard (expected, held))
    {
      g_autofree char *theirs = bs_study_describe_shard (held);
      g_autofree char *ours = bs_study_describe_shard (expected);

      /* Translators: "it" is the study file; each %s is "the whole study" or "shard 2/4". */
      g_set_error (error, BS_STUDY_ERROR, BS_STUDY_ERROR_MISMATCH, _("it holds %s, not %s"),
                   theirs, ours);
      return NULL;
    }
  /* The same study but for its number of games is told apart from another study; and a
   * study begun by another common evaluator goes on with it (the runner plays the held
   * study), so that all its games are judged alike. */
  asked = expected->games;
  expected_evaluator = expected->evaluator;
  expected->games = held->games;
  expected->evaluator = held->evaluator;
  same = bs_study_same (expected, held, error);
  expected->games = asked;
  expected->evaluator = expected_evaluator;
  if (!same)
    return NULL;
  if (held_games != NULL)
    *held_games = held->games;
  if (held->games > asked || (held->games < asked && games == BS_STUDY_GAMES_EXACT))
    {
      /* Translators: "it" is the study file: "it holds 24 games a variant, not 20". */
      g_set_error (error, BS_STUDY_ERROR, BS_STUDY_ERROR_MISMATCH,
                   _("it holds %u games a variant, not %u"), held->games, asked);
      return NULL;
    }
  if (held->games < asked)
    bs_study_runner_set_games (runner, asked);
  return g_steal_pointer (&runner);
}

BsStudyRunner *
bs_study_runner_open (const char    *path,
                      GCancellable  *cancellable,
                      GError       **error)
{
  g_return_val_if_fail (path != NULL, NULL);

  for (guint attempt = 1;; attempt++)
    {
      g_autoptr(BsStudyRunner) runner = NULL;
      FileIdentity read, now;

      g_autoptr(GError) local = NULL;

      runner = open_once (path, cancellable, &read, &local);
      file_identity (path, &now);
      if (runner == NULL)
        {
          /* Failed because the file was replaced (its journal emptied
           * under the reader, say): read the two again. */
          if (!file_identity_equal (&read, &now) && attempt < OPEN_ATTEMPTS &&
              !g_error_matches (local, G_IO_ERROR, G_IO_ERROR_CANCELLED))
            continue;
          g_propagate_error (error, g_steal_pointer (&local));
          return NULL;
        }
      if (file_identity_equal (&read, &now) || attempt == OPEN_ATTEMPTS)
        {
          remember_identity (runner, &read);
          return g_steal_pointer (&runner);
        }
    }
}

void
bs_study_runner_set_games (BsStudyRunner *runner,
                           guint          games)
{
  g_return_if_fail (runner != NULL);

  g_mutex_lock (&runner->mutex);
  runner->study->games = MIN (MAX (games, 1u), (guint) BS_STUDY_MAX_GAMES);
  for (guint i = 0; i < bs_study_n_arms (runner->study); i++)
    if (runner->study->margin > 0 && runner->arms[i].stop > 0 &&
        runner->arms[i].stop >= runner->study->games)
      runner->arms[i].stop = 0;
  g_mutex_unlock (&runner->mutex);
}

/* Games of the shard below n. */
static guint
shard_games (const BsStudy *study,
             guint          n)
{
  if (study->shard_count <= 1)
    return n;
  return n / study->shard_count + (n % study->shard_count > study->shard_index ? 1 : 0);
}

static gboolean
arm_complete (const BsStudyRunner *runner,
              guint                arm)
{
  const ArmState *state = &runner->arms[arm];

  if (runner->study->margin > 0)
    return state->stop > 0;
  return state->done >= shard_games (runner->study, runner->study->games) *
                        bs_study_n_replicates (runner->study);
}

gboolean
bs_study_runner_is_complete (BsStudyRunner *runner)
{
  gboolean complete = TRUE;

  g_mutex_lock (&runner->mutex);
  for (guint i = 0; i < bs_study_n_arms (runner->study); i++)
    complete &= arm_complete (runner, i);
  g_mutex_unlock (&runner->mutex);
  return complete;
}

void
bs_study_runner_get_progress (BsStudyRunner *runner,
                              guint         *done,
                              guint         *total)
{
  const BsStudy *study = runner->study;
  guint d = 0, t = 0;

  g_mutex_lock (&runner->mutex);
  for (guint i = 0; i < bs_study_n_arms (study); i++)
    {
      const ArmState *state = &runner->arms[i];

      if (study->margin <= 0)
        {
          d += state->done;
          t += shard_games (study, study->games) * bs_study_n_replicates (study);
        }
      else if (state->stop > 0)
        {
          d += state->stop;
          t += state->stop;
        }
      else
        {
          /* The confidence sequence reaches ± margin near n ≈ 2 log (2 / α) σ̂² / margin²
           * (docs/BALANCE.md), from the variance of the games so far (¼ before any),
           * rounded up to whole blocks. */
          double variance = (0.25 + state->sequence.sum_squares) / (state->sequence.n + 1);
          double need = 2 * log (2 / BS_STATS_SEQUENCE_ALPHA) * MAX (variance, 0.01) /
                        (study->margin * study->margin);
          guint estimate = (guint) MIN (ceil (need / BS_STUDY_MARGIN_BLOCK) *
                                        BS_STUDY_MARGIN_BLOCK, (double) study->games);

          d += state->prefix;
          t += MAX (estimate, state->prefix + BS_STUDY_MARGIN_BLOCK);
        }
    }
  g_mutex_unlock (&runner->mutex);
  if (done != NULL)
    *done = d;
  if (total != NULL)
    *total = MAX (t, d);
}

BsStudyStats *
bs_study_runner_get_stats (BsStudyRunner *runner,
                           guint          arm)
{
  BsStudyStats *copy;

  g_return_val_if_fail (arm < bs_study_n_arms (runner->study), NULL);
  g_mutex_lock (&runner->mutex);
  copy = bs_study_stats_copy (runner->arms[arm].stats);
  g_mutex_unlock (&runner->mutex);
  return copy;
}

guint
bs_study_runner_arm_games (BsStudyRunner *runner,
                           guint          arm)
{
  guint games;

  g_return_val_if_fail (arm < bs_study_n_arms (runner->study), 0);
  g_mutex_lock (&runner->mutex);
  games = runner->arms[arm].stats->games;
  g_mutex_unlock (&runner->mutex);
  return games;
}

static void
worker_run (gpointer data,
            gpointer user_data)
{
  Job *job = data;
  BsStudyRunner *runner = user_data;
  BsStudyWorker *worker = g_private_get (&worker_key);

  if (worker == NULL)
    {
      worker = bs_study_worker_new ();
      g_private_set (&worker_key, worker);
#ifdef __linux__
      /* The pool's threads are the runner's own (exclusive) and end with
       * the run: lowering their priority touches nothing else. */
      if (runner->background)
        setpriority (PRIO_PROCESS, (id_t) syscall (SYS_gettid), 10);
#endif
    }
  job->elapsed_us = g_get_monotonic_time ();
  for (guint i = 0; i < job->n_games && job->error == NULL; i++)
    {
      g_autoptr(BsStudyGame) game = NULL;
      guint arm = job->arms[i];

      game = bs_study_play_game (runner->study, arm, job->numbers[i], worker,
                                 runner->cancellable, &job->error);
      if (game == NULL)
        continue;
      /* Written out here, not by the thread that gathers the games:
       * writing a random game costs about as much as playing it, and
       * one thread doing it for all would hold the others back. */
      if (runner->path != NULL)
        job->xmls[i] = bs_study_game_to_xml (runner->study, game);
      if (!job->reduce)
        {
          job->games[i] = g_steal_pointer (&game);
          continue;
        }
      if (job->stats[arm] == NULL)
        job->stats[arm] = bs_study_stats_new (runner->arms[arm].stats->simultaneous);
      bs_study_stats_add (job->stats[arm], runner->study, game);
      job->points[i] = (guint8) (1 + bs_study_game_half_points (game, 1));
    }
  job->elapsed_us = g_get_monotonic_time () - job->elapsed_us;
  g_async_queue_push (runner->results, job);
}

/* Games the study still lacks in this file's shard (with a target
 * precision, up to the most it may need). */
static guint
games_to_play (BsStudyRunner *runner)
{
  guint total = 0;

  g_mutex_lock (&runner->mutex);
  for (guint i = 0; i < bs_study_n_arms (runner->study); i++)
    {
      guint wanted = shard_games (runner->study, arm_limit (runner, i));

      total += wanted - MIN (wanted, runner->arms[i].done);
    }
  g_mutex_unlock (&runner->mutex);
  return total;
}

/* The next game to hand out, in order of number then arm. */
static gboolean
next_job (BsStudyRunner *runner,
          guint         *cursor_number,
          guint         *cursor_arm,
          guint         *arm,
          guint         *number)
{
  const BsStudy *study = runner->study;
  guint n_arms = bs_study_n_arms (study);

  for (;;)
    {
      gboolean any_open = FALSE;

      for (guint i = 0; i < n_arms; i++)
        any_open |= runner->arms[i].stop == 0;
      if (!any_open || *cursor_number >= study->games)
        return FALSE;
      for (; *cursor_arm < n_arms; (*cursor_arm)++)
        {
          const ArmState *state = &runner->arms[*cursor_arm];
          guint n = *cursor_number;

          if (state->stop > 0 || !bs_study_in_shard (study, n) ||
              (n < state->points->len && ((guint8 *) state->points->data)[n] != 0))
            continue;
          *arm = (*cursor_arm)++;
          *number = n;
          return TRUE;
        }
      *cursor_arm = 0;
      (*cursor_number)++;
    }
}

static gboolean
append_journal (BsStudyRunner  *runner,
                const char     *xml,
                GError        **error)
{
  gsize length = strlen (xml), done = 0;

  if (runner->journal_fd < 0)
    return TRUE;
  while (done < length)
    {
      gssize n = write (runner->journal_fd, xml + done, length - done);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          /* A write of nothing: the disk is full. */
          int saved = n < 0 ? errno : ENOSPC;

          /* No half game stays in the journal: games appended later
           * (after space is freed) must follow whole ones. */
          if (ftruncate (runner->journal_fd, (off_t) runner->journal_bytes) != 0)
            g_debug ("%s: cutting back: %s", runner->journal_path, g_strerror (errno));
          return journal_error (runner, saved, error);
        }
      done += (gsize) n;
    }
  runner->journal_bytes += length;
  return TRUE;
}

/* Closes the journal; it goes when every game in it is in the file. */
static void
close_journal (BsStudyRunner *runner)
{
  if (runner->journal_fd < 0)
    return;
  close (runner->journal_fd);
  runner->journal_fd = -1;
  if (runner->pending->len == 0)
    g_unlink (runner->journal_path);
}

/* A reduced job's games: all of them go into the journal in one write,
 * then all are counted, or (when the write fails) none. */
static void
accept_reduced_job (BsStudyRunner  *runner,
                    Job            *job,
                    GError        **error)
{
  if (runner->path != NULL)
    {
      g_autoptr(GString) xml = g_string_new (NULL);

      for (guint i = 0; i < job->n_games; i++)
        if (job->xmls[i] != NULL)
          g_string_append (xml, job->xmls[i]);
      if (!append_journal (runner, xml->str, error))
        return;
      for (guint i = 0; i < job->n_games; i++)
        {
          BsStudyPendingGame *pending;

          if (job->xmls[i] == NULL)
            continue;
          pending = g_new0 (BsStudyPendingGame, 1);
          pending->arm = job->arms[i];
          pending->number = job->numbers[i];
          pending->xml = g_steal_pointer (&job->xmls[i]);
          runner->pending_bytes += strlen (pending->xml);
          g_ptr_array_add (runner->pending, pending);
        }
    }

  g_mutex_lock (&runner->mutex);
  for (guint i = 0; i < job->n_games; i++)
    {
      ArmState *state = &runner->arms[job->arms[i]];

      if (job->points[i] == 0)
        continue;
      /* next_job() hands out only games not done, and without a target
       * precision the limit does not move during a run. */
      g_assert (job->numbers[i] >= state->points->len ||
                ((guint8 *) state->points->data)[job->numbers[i]] == 0);
      if (job->numbers[i] >= state->points->len)
        g_array_set_size (state->points, job->numbers[i] + 1);
      ((guint8 *) state->points->data)[job->numbers[i]] = job->points[i];
      state->done++;
    }
  for (guint a = 0; a < job->n_arms; a++)
    if (job->stats[a] != NULL)
      bs_study_stats_merge (runner->arms[a].stats, job->stats[a]);
  g_mutex_unlock (&runner->mutex);
}

/* After games were accepted: the journal folded into the file once it is
 * large; on a failure the run stops, else progress is reported. */
static void
settle_accepted (BsStudyRunner        *runner,
                 BsStudyProgressFunc   progress,
                 gpointer              user_data,
                 GError              **failure)
{
  if (*failure == NULL &&
      runner->pending_bytes >= MAX (FOLD_MIN_BYTES, runner->file_bytes / 4))
    fold (runner, failure);
  if (*failure != NULL)
    g_cancellable_cancel (runner->cancellable);
  else if (progress != NULL)
    progress (runner, user_data);
}

static void
cancel_internal (GCancellable *external,
                 gpointer      user_data)
{
  g_cancellable_cancel (user_data);
}

gboolean
bs_study_runner_run (BsStudyRunner       *runner,
                     GCancellable        *cancellable,
                     BsStudyProgressFunc  progress,
                     gpointer             user_data,
                     GError             **error)
{
  g_autoptr(GError) failure = NULL;
  GThreadPool *pool;
  guint jobs, in_flight = 0, cursor_number = 0, cursor_arm = 0, batch = 1, unassigned;
  gulong handler = 0;
  gboolean exhausted = FALSE;

  g_return_val_if_fail (runner != NULL, FALSE);
  g_return_val_if_fail (runner->cancellable == NULL, FALSE);

  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;
  if (runner->study->replicate_seeds != NULL)
    {
      g_set_error (error, BS_STUDY_ERROR, BS_STUDY_ERROR_MISMATCH,
                   _("%s pools the replicates of several seeds: it is read, not played on "
                   "(run the study of one seed and merge it again with --replicates)"),
                   runner->path != NULL ? runner->path : "");
      return FALSE;
    }
  if (runner->path != NULL)
    {
      /* Refused before any game is played: a file the designer may not
       * write, a folder, a read-only folder. */
      if (!bs_file_check_writable (runner->path, error) || !lock_opened_study (runner, error))
        return FALSE;
      runner->journal_fd = g_open (runner->journal_path,
                                   O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
      if (runner->journal_fd < 0)
        return journal_error (runner, errno, error);
      /* Games read from an earlier run's journal go into the file now;
       * whatever else it held (a game cut short) goes. */
      if (runner->pending->len > 0 && !fold (runner, error))
        {
          close_journal (runner);
          return FALSE;
        }
      if (runner->pending->len == 0 && ftruncate (runner->journal_fd, 0) != 0)
        {
          journal_error (runner, errno, error);
          close_journal (runner);
          return FALSE;
        }
      runner->journal_bytes = 0;
      /* How far this run goes, in case the file is not written again. */
      {
        g_autofree char *extend = bs_study_journal_extend_xml (runner->study);

        if (!append_journal (runner, extend, error))
          {
            close_journal (runner);
            return FALSE;
          }
      }
    }

  jobs = runner->jobs > 0 ? runner->jobs : (guint) g_get_num_processors ();
  runner->cancellable = g_cancellable_new ();
  if (cancellable != NULL)
    handler = g_cancellable_connect (cancellable, G_CALLBACK (cancel_internal),
                                     g_object_ref (runner->cancellable), g_object_unref);
  runner->results = g_async_queue_new ();
  pool = g_thread_pool_new (worker_run, runner, (int) jobs, TRUE, NULL);
  unassigned = games_to_play (runner);

  for (;;)
    {
      Job *job;

      while (!exhausted && failure == NULL && in_flight < jobs * QUEUE_PER_JOB &&
             !g_cancellable_is_cancelled (runner->cancellable))
        {
          guint size = CLAMP (MIN (batch, unassigned / (SHARE_PER_JOB * jobs)), 1, MAX_BATCH);

          job = job_new (size, bs_study_n_arms (runner->study), runner->study->margin <= 0);
          g_mutex_lock (&runner->mutex);
          while (job->n_games < size &&
                 next_job (runner, &cursor_number, &cursor_arm, &job->arms[job->n_games],
                           &job->numbers[job->n_games]))
            job->n_games++;
          g_mutex_unlock (&runner->mutex);
          if (job->n_games == 0)
            {
              exhausted = TRUE;
              job_free (job);
              break;
            }
          unassigned -= MIN (unassigned, job->n_games);
          g_thread_pool_push (pool, job, NULL);
          in_flight++;
        }
      if (in_flight == 0)
        break;

      job = g_async_queue_pop (runner->results);
      in_flight--;
      if (job->reduce && failure == NULL)
        {
          accept_reduced_job (runner, job, &failure);
          settle_accepted (runner, progress, user_data, &failure);
        }
      for (guint i = 0; !job->reduce && i < job->n_games; i++)
        {
          g_autofree char *xml = g_steal_pointer (&job->xmls[i]);

          if (job->games[i] == NULL)
            continue;
          if (failure == NULL)
            {
              if (xml == NULL || append_journal (runner, xml, &failure))
                accept_game (runner, g_steal_pointer (&job->games[i]), g_steal_pointer (&xml),
                             FALSE);
            }
          g_clear_pointer (&job->games[i], bs_study_game_free);
          settle_accepted (runner, progress, user_data, &failure);
        }
      if (job->error != NULL)
        {
          if (!g_error_matches (job->error, G_IO_ERROR, G_IO_ERROR_CANCELLED) && failure == NULL)
            {
              failure = g_steal_pointer (&job->error);
              g_cancellable_cancel (runner->cancellable);
            }
          g_clear_error (&job->error);
        }
      else if (job->n_games > 0)
        {
          /* Size the next batches from how long these games took. */
          double per_game = (double) job->elapsed_us / job->n_games;

          batch = (guint) CLAMP (BATCH_TARGET_US / MAX (per_game, 1.0), 1, MAX_BATCH);
          /* A target precision stops an arm after any block of games:
           * one at a time, so that no worker plays far past it. */
          if (runner->study->margin > 0)
            batch = 1;
        }
      job_free (job);
    }

  g_thread_pool_free (pool, FALSE, TRUE);
  g_async_queue_unref (runner->results);
  runner->results = NULL;
  if (handler != 0)
    g_cancellable_disconnect (cancellable, handler);

  /* Whatever happened, the finished games go into the file (if that
   * fails too, they are still in the journal). */
  {
    g_autoptr(GError) fold_error = NULL;

    if (!fold (runner, &fold_error) && failure == NULL)
      failure = g_steal_pointer (&fold_error);
  }
  close_journal (runner);
  /* Another run may take the file now; this runner goes on later only if
   * the file is still as it left it. */
  if (runner->path != NULL)
    {
      remember_file (runner);
      unlock_study (runner);
    }

  if (failure == NULL && g_cancellable_is_cancelled (runner->cancellable) &&
      !bs_study_runner_is_complete (runner))
    g_set_error_literal (&failure, G_IO_ERROR, G_IO_ERROR_CANCELLED, _("cancelled"));
  g_clear_object (&runner->cancellable);
  if (failure != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&failure));
      return FALSE;
    }
  return TRUE;
}
