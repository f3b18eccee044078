/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-trace-dialog.c: Skill Trace… (see bs-trace-dialog.h): the setup page, the worker
 * thread playing one study a level, and the trace page (progress, verdict, levels, chart,
 * Export Chart…). */
#define G_LOG_DOMAIN "boardsmith-app"

#include "config.h"

#include "bs-trace-dialog.h"

#include <errno.h>
#include <string.h>
#include <glib/gi18n.h>

#include "bs-chart.h"
#include "bs-compat.h"
#include "bs-error.h"
#include "bs-folders.h"
#include "bs-lab-dialog.h"
#include "bs-search.h"
#include "bs-skill-trace-file.h"
#include "bs-skill-trace.h"
#include "bs-study.h"
#include "bs-worker.h"

#define DEFAULT_GAMES     100
#define DEFAULT_PLAYOUTS  10000
#define DIALOG_WIDTH      560
#define DIALOG_HEIGHT     720

/* The levels offered, weakest first; the longer think is a number of playouts. */
enum {
  LEVEL_RANDOM,
  LEVEL_EASY,
  LEVEL_MEDIUM,
  LEVEL_HARD,
  LEVEL_LONGER,
  N_LEVELS
};

/* What the worker thread and the window share: the trace's settings (read only), and
 * its progress and result (under the lock). */
typedef struct {
  gatomicrefcount  ref;
  BsVariant       *variant;
  GStrv            levels;
  guint            n_levels;
  guint            games;
  guint64          seed;
  GStrv            paths;         /* each level's study file */
  char            *trace_path;    /* the trace's own file (bs-skill-trace-file.h) */
  gboolean         play;          /* FALSE: a trace reopened, its files only read */
  gboolean         finished;      /* reopened: its file says every level was finished */
  GCancellable    *cancellable;

  GMutex           lock;
  guint            level;         /* the level playing (index) */
  char            *label;         /* its name in words */
  guint            done;          /* its games done and needed */
  guint            total;
  BsSkillTrace    *trace;         /* the levels finished */
  GPtrArray       *files;         /* their study files */
} TraceJob;

struct _BsTraceDialog {
  AdwWindow            parent_instance;

  BsVariant           *variant;
  char                *source;
  char                *studies_dir;

  AdwToastOverlay     *toasts;
  GtkStack            *stack;
  GtkCheckButton      *level_checks[N_LEVELS];
  GtkSpinButton       *playouts_spin;
  GtkSpinButton       *games_spin;
  GtkSpinButton       *seed_spin;
  GtkLabel            *summary_label;
  GtkLabel            *error_label;
  GtkWidget           *trace_button;

  GtkLabel            *headline_label;
  GtkProgressBar      *progress_bar;
  GtkLabel            *progress_label;
  GtkWidget           *cancel_button;
  GtkWidget           *resume_button;
  GtkWidget           *levels_button;
  GtkWidget           *export_button;
  GtkLabel            *figures_label;
  AdwPreferencesGroup *levels_group;
  GPtrArray           *rows;
  GtkWidget           *chart_group;
  GtkDrawingArea      *chart_area;
  char                *chart_description;
  GtkLabel            *files_label;

  TraceJob            *job;          /* the trace playing, or last played */
  BsSkillTrace        *trace;        /* the finished trace shown */
  guint                poll_id;

  BsSkillTraceFile    *reopened;     /* the trace file this dialog showed or wrote last */
  char                *reopened_path;
};

G_DEFINE_FINAL_TYPE (BsTraceDialog, bs_trace_dialog, ADW_TYPE_WINDOW)

static TraceJob *
trace_job_ref (TraceJob *job)
{
  g_atomic_ref_count_inc (&job->ref);
  return job;
}

static void
trace_job_unref (TraceJob *job)
{
  if (job == NULL || !g_atomic_ref_count_dec (&job->ref))
    return;
  bs_variant_free (job->variant);
  g_strfreev (job->levels);
  g_strfreev (job->paths);
  g_free (job->trace_path);
  g_clear_object (&job->cancellable);
  g_mutex_clear (&job->lock);
  g_free (job->label);
  bs_skill_trace_free (job->trace);
  g_ptr_array_unref (job->files);
  g_free (job);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TraceJob, trace_job_unref)

/* The worker thread: one study a level, in order. */

static void
on_game (BsStudyRunner *runner,
         gpointer       user_data)
{
  TraceJob *job = user_data;
  guint done, total;

  bs_study_runner_get_progress (runner, &done, &total);
  g_mutex_lock (&job->lock);
  job->done = done;
  job->total = total;
  g_mutex_unlock (&job->lock);
}

static void
set_level (TraceJob   *job,
           guint       i,
           const char *label,
           guint       done,
           guint       total)
{
  g_mutex_lock (&job->lock);
  job->level = i;
  g_free (job->label);
  job->label = g_strdup (label);
  job->done = done;
  job->total = total;
  g_mutex_unlock (&job->lock);
}

/* Level i finished: its figures into the trace, its file into the list shown. */
static void
add_level (TraceJob      *job,
           guint          i,
           const char    *label,
           BsStudyRunner *runner)
{
  g_autoptr(BsStudyStats) stats = bs_study_runner_get_stats (runner, 0);

  g_mutex_lock (&job->lock);
  bs_skill_trace_add_stats (job->trace, job->levels[i], label, stats);
  g_ptr_array_add (job->files, g_strdup (job->paths[i]));
  g_mutex_unlock (&job->lock);
}

static void
not_the_level (const char  *path,
               const char  *level,
               const char  *why,
               GError     **error)
{
  /* Translators: a skill trace reopened names a study file that holds another study: the
   * file, the level ("easy"), then what differs ("not the same study: the seeds differ
   * (single study)"). */
  g_set_error (error, BS_STUDY_ERROR, BS_STUDY_ERROR_MISMATCH,
               _("%s is not the trace’s level %s: %s"), path, level, why);
}

/* A level of a trace reopened: its study file read, nothing played. FALSE with
 * G_IO_ERROR_CANCELLED at a level not finished (Resume plays it on from there). */
static gboolean
look_at_level (TraceJob  *job,
               guint      i,
               GError   **error)
{
  const char *path = job->paths[i], *level = job->levels[i];
  g_autoptr(BsStudy) expected = NULL;
  g_autoptr(BsStudyRunner) runner = NULL;
  g_autoptr(GError) mismatch = NULL;
  g_autofree char *label = NULL;
  BsStudy *study;
  guint done, total;

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    {
      g_autoptr(BsStudy) unplayed = NULL;

      if (job->finished)
        {
          /* Translators: a level's study file of a skill trace reopened is gone: the file,
           * then the level ("easy"). */
          g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT,
                       _("%s is missing: the trace’s level %s cannot be shown"), path, level);
          return FALSE;
        }
      /* Stopped before this level began: its file was never written. */
      unplayed = bs_study_new (BS_STUDY_SINGLE, job->seed, level, level, error);
      if (unplayed == NULL)
        return FALSE;
      label = bs_study_player_describe (&unplayed->players[0]);
      set_level (job, i, label, 0, job->games);
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CANCELLED, "unfinished");
      return FALSE;
    }
  /* The study the level's file must hold, as bs_skill_trace_open_level makes it; the file is
   * only read (bs_study_runner_open_expected would make a missing one). */
  expected = bs_study_new (BS_STUDY_SINGLE, job->seed, level, level, error);
  if (expected == NULL)
    return FALSE;
  expected->games = job->games;
  bs_study_add_arm (expected, job->variant, NULL);
  runner = bs_study_runner_open (path, job->cancellable, error);
  if (runner == NULL)
    return FALSE;
  study = bs_study_runner_get_study (runner);
  if (!bs_study_same (expected, study, &mismatch))
    {
      not_the_level (path, level, mismatch->message, error);
      return FALSE;
    }
  label = bs_study_player_describe (&study->players[0]);
  bs_study_runner_get_progress (runner, &done, &total);
  set_level (job, i, label, done, total);
  if (!bs_study_runner_is_complete (runner))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CANCELLED, "unfinished");
      return FALSE;
    }
  add_level (job, i, label, runner);
  return TRUE;
}

static void
trace_thread (GTask        *task,
              gpointer      source,
              gpointer      task_data,
              GCancellable *cancellable)
{
  TraceJob *job = task_data;
  GError *error = NULL;

  for (guint i = 0; i < job->n_levels; i++)
    {
      g_autoptr(BsStudyRunner) runner = NULL;
      g_autofree char *label = NULL;
      guint done, total;

      if (!job->play)
        {
          if (!look_at_level (job, i, &error))
            {
              g_task_return_error (task, error);
              return;
            }
          continue;
        }

      /* The level's study as `boardsmith-cli skill-trace -o` plays it. */
      runner = bs_skill_trace_open_level (job->variant, job->levels[i], job->seed, job->games,
                                          job->paths[i], &label, &error);
      if (runner == NULL)
        {
          g_task_return_error (task, error);
          return;
        }
      bs_study_runner_get_progress (runner, &done, &total);
      set_level (job, i, label, done, total);
      /* Below the window's priority, on every core. */
      bs_study_runner_set_background (runner, TRUE);
      if (!bs_study_runner_run (runner, cancellable, on_game, job, &error))
        {
          g_task_return_error (task, error);
          return;
        }
      add_level (job, i, label, runner);
    }
  g_task_return_boolean (task, TRUE);
}

/* The setup page. */

/* The ticked levels as the command line's --levels names them, weakest first. */
static GStrv
chosen_levels (BsTraceDialog *self)
{
  static const char *ids[] = { "random", "easy", "medium", "hard" };
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  for (guint i = 0; i < N_LEVELS; i++)
    {
      if (!gtk_check_button_get_active (self->level_checks[i]))
        continue;
      if (i == LEVEL_LONGER)
        {
          g_autofree char *playouts =
            g_strdup_printf ("%d", gtk_spin_button_get_value_as_int (self->playouts_spin));

          g_strv_builder_add (builder, playouts);
        }
      else
        g_strv_builder_add (builder, ids[i]);
    }
  return g_strv_builder_end (builder);
}

static void
update_summary (BsTraceDialog *self)
{
  g_auto(GStrv) levels = chosen_levels (self);
  guint n = g_strv_length (levels);
  guint games = (guint) gtk_spin_button_get_value_as_int (self->games_spin);
  g_autofree char *text = NULL;

  gtk_widget_set_visible (GTK_WIDGET (self->error_label), FALSE);
  gtk_widget_set_sensitive (GTK_WIDGET (self->playouts_spin),
                            gtk_check_button_get_active (self->level_checks[LEVEL_LONGER]));
  if (n < 2)
    text = g_strdup (_("Tick two levels or more to trace"));
  else
    /* Translators: the games a skill trace plays: "3 levels, 300 games". */
    text = g_strdup_printf (_("%u levels, %u games"), n, n * games);
  gtk_label_set_text (self->summary_label, text);
  gtk_widget_set_sensitive (self->trace_button, n >= 2);
}

/* The trace page. */

static void
clear_rows (BsTraceDialog *self)
{
  for (guint i = 0; i < self->rows->len; i++)
    adw_preferences_group_remove (self->levels_group, self->rows->pdata[i]);
  g_ptr_array_set_size (self->rows, 0);
}

/* A level's figures in words, as a row's subtitle. */
static char *
level_words (const BsSkillTraceLevel *l)
{
  /* Translators: a skill trace's level: "Player 1 scores 54.0% (95% interval 44.2–63.5%):
   * 48 wins, 40 losses, 12 draws of 100 games; 35.2 plies on average". Wins and losses
   * are player 1's. */
  return g_strdup_printf (_("Player 1 scores %.1f%% (95%% interval %.1f–%.1f%%): %u wins, "
                            "%u losses, %u draws of %u games; %.1f plies on average"),
                          100 * l->score.score, 100 * l->score.low, 100 * l->score.high,
                          l->wins[0], l->wins[1], l->draws, l->games, l->mean_plies);
}

static void
show_trace (BsTraceDialog *self)
{
  g_autofree char *verdict = NULL;
  g_autoptr(GString) files = g_string_new (NULL);

  clear_rows (self);
  g_clear_pointer (&self->chart_description, g_free);
  gtk_widget_set_visible (GTK_WIDGET (self->levels_group), self->trace != NULL);
  gtk_widget_set_visible (self->chart_group, self->trace != NULL);
  gtk_widget_set_visible (self->export_button, self->trace != NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->figures_label), self->trace != NULL &&
                          self->trace->trend.direction != BS_SKILL_TREND_UNKNOWN);
  gtk_widget_set_visible (GTK_WIDGET (self->files_label), FALSE);
  if (self->trace == NULL)
    return;
  verdict = bs_skill_trend_describe (&self->trace->trend);
  gtk_label_set_text (self->headline_label, verdict);
  if (self->trace->trend.direction != BS_SKILL_TREND_UNKNOWN)
    {
      /* Translators: the trend test's figures under a skill trace's verdict. */
      g_autofree char *figures =
        g_strdup_printf (_("Cochran–Armitage trend test, draws counted ½: z = %.2f over %u "
                           "levels and %u games"), self->trace->trend.z,
                         self->trace->trend.levels, self->trace->trend.games);

      gtk_label_set_text (self->figures_label, figures);
    }
  for (guint i = 0; i < bs_skill_trace_n_levels (self->trace); i++)
    {
      const BsSkillTraceLevel *l = bs_skill_trace_get_level (self->trace, i);
      GtkWidget *row = adw_action_row_new ();
      g_autofree char *subtitle = level_words (l);

      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), l->label);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 0);
      adw_preferences_group_add (self->levels_group, row);
      g_ptr_array_add (self->rows, row);
    }
  for (guint i = 0; self->job != NULL && i < self->job->files->len; i++)
    {
      g_autofree char *base = g_path_get_basename (self->job->files->pdata[i]);

      g_string_append_printf (files, "%s%s", i > 0 ? ", " : "", base);
    }
  if (files->len > 0)
    {
      /* Translators: under a finished skill trace; %s lists the study files, one a level. */
      g_autofree char *text = g_strdup_printf (_("Each level is a study of its own, kept in "
                                                 "the studies folder: %s"), files->str);

      gtk_label_set_text (self->files_label, text);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->files_label), files->len > 0);
  gtk_widget_queue_draw (GTK_WIDGET (self->chart_area));
}

static void
set_running (BsTraceDialog *self,
             gboolean       running)
{
  gtk_widget_set_visible (self->cancel_button, running);
  gtk_widget_set_sensitive (self->cancel_button, TRUE);
  gtk_widget_set_visible (self->resume_button, FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->progress_bar), running);
  gtk_widget_set_visible (self->levels_button, !running);
}

static gboolean
poll_progress (gpointer user_data)
{
  BsTraceDialog *self = user_data;
  TraceJob *job = self->job;
  g_autofree char *text = NULL;
  double fraction;

  if (job == NULL)
    return G_SOURCE_CONTINUE;
  g_mutex_lock (&job->lock);
  if (job->label != NULL)
    /* Translators: a skill trace's progress: "Level 2 of 3 (Easy): game 40 of 100". */
    text = g_strdup_printf (_("Level %u of %u (%s): game %u of %u"), job->level + 1,
                            job->n_levels, job->label, job->done, job->total);
  fraction = (job->level + (job->total > 0 ? (double) job->done / job->total : 0))
             / job->n_levels;
  g_mutex_unlock (&job->lock);
  gtk_progress_bar_set_fraction (self->progress_bar, CLAMP (fraction, 0, 1));
  gtk_label_set_text (self->progress_label, text != NULL ? text : _("Starting…"));
  return G_SOURCE_CONTINUE;
}

static void
stop_polling (BsTraceDialog *self)
{
  if (self->poll_id != 0)
    g_source_remove (self->poll_id);
  self->poll_id = 0;
}

/* A trace played (finished, or stopped with games kept): its own file written beside its
 * levels' and added to Recent, one entry for the whole trace. */
static void
remember_trace (BsTraceDialog *self,
                TraceJob      *job,
                gboolean       finished)
{
  g_autoptr(BsSkillTraceFile) file = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *uri = NULL;

  file = bs_skill_trace_file_new (bs_variant_display_name (job->variant), self->source,
                                  job->games, job->seed);
  file->finished = finished;
  for (guint i = 0; i < job->n_levels; i++)
    bs_skill_trace_file_add (file, job->levels[i], job->paths[i]);
  if (!bs_skill_trace_file_save (file, job->trace_path, &error))
    {
      adw_toast_overlay_add_toast (self->toasts, adw_toast_new (error->message));
      return;
    }
  uri = g_filename_to_uri (job->trace_path, NULL, NULL);
  if (uri != NULL)
    gtk_recent_manager_add_item (gtk_recent_manager_get_default (), uri);
  g_clear_pointer (&self->reopened, bs_skill_trace_file_free);
  self->reopened = g_steal_pointer (&file);
  g_free (self->reopened_path);
  self->reopened_path = g_strdup (job->trace_path);
}

static void
on_trace_done (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(BsTraceDialog) self = user_data;
  TraceJob *job = g_task_get_task_data (G_TASK (result));
  g_autoptr(GError) error = NULL;

  g_task_propagate_boolean (G_TASK (result), &error);
  /* Closed, or another trace started meanwhile: nothing to show. */
  if (job != self->job || self->stack == NULL)
    return;
  stop_polling (self);
  set_running (self, FALSE);
  if (error == NULL)
    {
      g_mutex_lock (&job->lock);
      bs_skill_trace_free (self->trace);
      self->trace = job->trace;
      job->trace = bs_skill_trace_new (bs_variant_display_name (job->variant), job->seed);
      g_mutex_unlock (&job->lock);
      gtk_label_set_text (self->progress_label, "");
      gtk_widget_set_visible (GTK_WIDGET (self->progress_label), FALSE);
      if (job->play)
        remember_trace (self, job, TRUE);
      show_trace (self);
      gtk_widget_grab_focus (self->export_button);
      return;
    }
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_autofree char *text = NULL;

      gboolean kept;

      g_mutex_lock (&job->lock);
      kept = job->level > 0 || job->done > 0;
      g_mutex_unlock (&job->lock);
      if (job->play && kept)
        remember_trace (self, job, FALSE);
      /* A trace reopened was stopped before, not now. */
      gtk_label_set_text (self->headline_label,
                          job->play ? _("Trace cancelled") : _("Trace unfinished"));
      /* Translators: a skill trace cancelled: "Stopped at level Easy after 40 of 100 games;
       * the games played are kept, and tracing the same levels again goes on from them." */
      text = g_strdup_printf (_("Stopped at level %s after %u of %u games; the games played "
                                "are kept, and tracing the same levels again goes on from "
                                "them."), job->label != NULL ? job->label : "", job->done,
                              job->total);
      gtk_label_set_text (self->progress_label, text);
      /* The form still holds the same trace: Resume plays it on from its files. */
      gtk_widget_set_visible (self->resume_button, TRUE);
      gtk_widget_grab_focus (self->resume_button);
      return;
    }
  else
    {
      gtk_label_set_text (self->headline_label, _("The trace failed"));
      gtk_label_set_text (self->progress_label, error->message);
    }
  gtk_widget_grab_focus (self->levels_button);
}

char *
bs_trace_dialog_trace_path (const BsVariant *variant,
                            const char      *source,
                            const char      *studies_dir,
                            guint            games,
                            guint64          seed)
{
  g_autofree char *stem = bs_variant_file_stem (variant, source);
  g_autofree char *settings = g_strdup_printf ("skill-trace games=%u seed=%" G_GUINT64_FORMAT,
                                               games, seed);
  g_autofree char *hash = bs_lab_settings_hash (variant, settings);
  g_autofree char *name = g_strdup_printf ("%s-trace-%.8s.bsstudy", stem, hash);

  return g_build_filename (studies_dir, name, NULL);
}

/* The trace the form sets up: played (play), or only read from its files (a trace reopened:
 * the form then holds its levels, games and seed). */
static void
start_trace (BsTraceDialog *self,
             gboolean       play)
{
  g_autoptr(GTask) task = NULL;
  g_auto(GStrv) levels = chosen_levels (self);
  TraceJob *job;
  guint games = (guint) gtk_spin_button_get_value_as_int (self->games_spin);
  guint64 seed = (guint64) gtk_spin_button_get_value_as_int (self->seed_spin);

  if (g_strv_length (levels) < 2)
    return;
  if (g_mkdir_with_parents (self->studies_dir, 0755) != 0)
    {
      int saved = errno;
      /* Translators: the studies folder cannot be made: its path, then why. */
      g_autofree char *text = g_strdup_printf (_("Cannot create %s: %s"), self->studies_dir,
                                               g_strerror (saved));

      gtk_label_set_text (self->error_label, text);
      gtk_widget_set_visible (GTK_WIDGET (self->error_label), TRUE);
      return;
    }
  job = g_new0 (TraceJob, 1);
  g_atomic_ref_count_init (&job->ref);
  g_mutex_init (&job->lock);
  job->variant = bs_variant_copy (self->variant);
  job->n_levels = g_strv_length (levels);
  job->games = games;
  job->seed = seed;
  job->play = play;
  /* The trace reopened or played last, the same again: its files, wherever they are. */
  if (self->reopened != NULL && self->reopened->games == games && self->reopened->seed == seed
      && g_strv_equal ((const char * const *) levels,
                       (const char * const *) self->reopened->levels))
    {
      job->paths = g_strdupv (self->reopened->files);
      job->trace_path = g_strdup (self->reopened_path);
      job->finished = self->reopened->finished;
    }
  else
    {
      g_autofree char *output = bs_trace_dialog_trace_path (self->variant, self->source,
                                                            self->studies_dir, games, seed);

      job->paths = g_new0 (char *, job->n_levels + 1);
      for (guint i = 0; i < job->n_levels; i++)
        job->paths[i] = bs_skill_trace_level_path (output, levels[i]);
      job->trace_path = bs_skill_trace_file_path (output);
    }
  job->levels = g_steal_pointer (&levels);
  job->cancellable = g_cancellable_new ();
  job->trace = bs_skill_trace_new (bs_variant_display_name (self->variant), job->seed);
  job->files = g_ptr_array_new_with_free_func (g_free);

  g_clear_pointer (&self->job, trace_job_unref);
  self->job = job;
  g_clear_pointer (&self->trace, bs_skill_trace_free);
  show_trace (self);
  gtk_label_set_text (self->headline_label, play ? _("Tracing…") : _("Reading the trace…"));
  gtk_widget_set_visible (GTK_WIDGET (self->progress_label), TRUE);
  set_running (self, TRUE);
  gtk_stack_set_visible_child_name (self->stack, "trace");
  poll_progress (self);
  stop_polling (self);
  self->poll_id = g_timeout_add (250, poll_progress, self);

  task = g_task_new (NULL, job->cancellable, on_trace_done, g_object_ref (self));
  g_task_set_task_data (task, trace_job_ref (job), (GDestroyNotify) trace_job_unref);
  bs_worker_run_in_thread (task, trace_thread);
  gtk_widget_grab_focus (self->cancel_button);
}

static void
trace_clicked (BsTraceDialog *self)
{
  start_trace (self, TRUE);
}

static void
cancel_clicked (BsTraceDialog *self)
{
  if (self->job == NULL || g_cancellable_is_cancelled (self->job->cancellable))
    return;
  g_cancellable_cancel (self->job->cancellable);
  /* The workers stop mid-game, and the level's file is written with every game finished:
   * that may take a moment. */
  gtk_label_set_text (self->headline_label, _("Stopping…"));
  gtk_widget_set_sensitive (self->cancel_button, FALSE);
}

static void
levels_clicked (BsTraceDialog *self)
{
  gtk_stack_set_visible_child_name (self->stack, "setup");
  gtk_widget_grab_focus (self->trace_button);
}

/* The chart, as the command line's --chart draws it. */
static void
draw_chart (GtkDrawingArea *area,
            cairo_t        *cr,
            int             width,
            int             height,
            gpointer        user_data)
{
  BsTraceDialog *self = user_data;
  BsChartOptions options;

  if (self->trace == NULL || width < 50 || height < 50)
    return;
  bs_chart_options_init (&options);
  options.dark = adw_style_manager_get_dark (adw_style_manager_get_default ());
  bs_chart_draw_skill_trace (cr, self->trace, &options, width, height, NULL);
  /* Told to a screen reader once a trace. */
  if (self->chart_description == NULL)
    {
      self->chart_description = bs_chart_describe_skill_trace (self->trace);
      gtk_accessible_update_property (GTK_ACCESSIBLE (area),
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                      self->chart_description, -1);
    }
}

static void
toast (BsTraceDialog *self,
       const char    *text)
{
  adw_toast_overlay_add_toast (self->toasts, adw_toast_new (text));
}

static void
on_chart_chosen (GFile    *file,
                 gpointer  user_data)
{
  g_autoptr(BsTraceDialog) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  BsChartOptions options;

  if (file == NULL || self->trace == NULL || self->stack == NULL)
    return;
  bs_folders_remember (BS_FOLDER_IMAGES, file);
  path = g_file_get_path (file);
  bs_chart_options_init (&options);
  options.width = 1200;
  if (path == NULL || !bs_chart_export_skill_trace (self->trace, &options, path, &error))
    toast (self, error != NULL ? error->message : _("Only local files can be written"));
  else
    {
      g_autofree char *base = g_path_get_basename (path);
      g_autofree char *message = g_strdup_printf (_("Chart saved as %s"), base);

      toast (self, message);
    }
}

static void
export_clicked (BsTraceDialog *self)
{
  g_autoptr(GFile) folder = NULL;

  if (self->trace == NULL)
    return;
  /* Where images were exported last, else Pictures. */
  folder = bs_folders_get_initial (BS_FOLDER_IMAGES);
  bs_compat_choose_export (GTK_WINDOW (self), _("Export Chart"), folder, "skill-trace.png",
                           _("Images (PNG, SVG, PDF)"), "image/png", on_chart_chosen,
                           g_object_ref (self));
}

/* Building the pages. */

static GtkLabel *
new_label (const char *css_class)
{
  GtkLabel *label = GTK_LABEL (gtk_label_new (NULL));

  gtk_label_set_wrap (label, TRUE);
  gtk_label_set_wrap_mode (label, PANGO_WRAP_WORD_CHAR);
  gtk_label_set_justify (label, GTK_JUSTIFY_CENTER);
  if (css_class != NULL)
    gtk_widget_add_css_class (GTK_WIDGET (label), css_class);
  return label;
}

static GtkWidget *
new_pill (const char *mnemonic,
          const char *tooltip,
          GCallback   callback,
          gpointer    user_data)
{
  GtkWidget *button = gtk_button_new_with_mnemonic (mnemonic);

  if (tooltip != NULL)
    gtk_widget_set_tooltip_text (button, tooltip);
  gtk_widget_add_css_class (button, "pill");
  g_signal_connect_swapped (button, "clicked", callback, user_data);
  return button;
}

static void
build_setup (BsTraceDialog *self)
{
  GtkWidget *page = bs_lab_page_new (), *box = bs_lab_page_box (page), *footer, *row;
  AdwPreferencesGroup *group;
  g_autofree char *longer = NULL;
  const struct {
    const char *title;
    const char *subtitle;
    gboolean    active;
  } levels[] = {
    { C_("computer player", "Random"), _("Plays any legal move"), TRUE },
    { C_("computer player", "Easy"), NULL, TRUE },
    { C_("computer player", "Medium"), NULL, TRUE },
    { C_("computer player", "Hard"),
      _("Thinks 3 s a move: slow, and its games depend on the machine"), FALSE },
    { _("Longer Think"), _("Playouts a move: stronger the more, and reproducible"), FALSE },
  };

  group = bs_lab_group_new (page, _("Levels"),
                     _("Both players play at each level ticked, weakest first; player 1 "
                       "moves first"));
  for (guint i = 0; i < N_LEVELS; i++)
    {
      GtkWidget *check = gtk_check_button_new ();

      row = adw_action_row_new ();
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), levels[i].title);
      if (levels[i].subtitle != NULL)
        adw_action_row_set_subtitle (ADW_ACTION_ROW (row), levels[i].subtitle);
      gtk_check_button_set_active (GTK_CHECK_BUTTON (check), levels[i].active);
      gtk_widget_set_valign (check, GTK_ALIGN_CENTER);
      /* Named by the row's title, as its activatable widget. */
      adw_action_row_add_prefix (ADW_ACTION_ROW (row), check);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), check);
      g_signal_connect_swapped (check, "toggled", G_CALLBACK (update_summary), self);
      self->level_checks[i] = GTK_CHECK_BUTTON (check);
      if (i == LEVEL_LONGER)
        {
          /* More than Medium's playouts: a longer think than Medium's. */
          self->playouts_spin = bs_lab_spin_new (BS_SEARCH_MEDIUM_PLAYOUTS + 1, 10000000,
                                                 DEFAULT_PLAYOUTS, 0, _("Playouts a move"));
          gtk_spin_button_set_increments (self->playouts_spin, 1000, 10000);
          adw_action_row_add_suffix (ADW_ACTION_ROW (row), GTK_WIDGET (self->playouts_spin));
          g_signal_connect_swapped (self->playouts_spin, "value-changed",
                                    G_CALLBACK (update_summary), self);
        }
      adw_preferences_group_add (group, row);
    }

  group = bs_lab_group_new (page, _("Games"), NULL);
  row = adw_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("Games per Level"));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row),
                               _("More games, narrower intervals: 400 give about ± 5 points"));
  self->games_spin = bs_lab_spin_new (2, 100000, DEFAULT_GAMES, 0, NULL);
  gtk_spin_button_set_increments (self->games_spin, 10, 100);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), GTK_WIDGET (self->games_spin));
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), GTK_WIDGET (self->games_spin));
  adw_preferences_group_add (group, row);
  g_signal_connect_swapped (self->games_spin, "value-changed", G_CALLBACK (update_summary),
                            self);
  row = adw_action_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("Seed"));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), _("The same seed plays the same games"));
  self->seed_spin = bs_lab_spin_new (0, G_MAXINT, 1, 0, NULL);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), GTK_WIDGET (self->seed_spin));
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), GTK_WIDGET (self->seed_spin));
  adw_preferences_group_add (group, row);

  footer = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  self->summary_label = new_label ("dim-label");
  self->error_label = new_label ("error");
  gtk_label_set_selectable (self->error_label, TRUE);
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), FALSE);
  self->trace_button = new_pill (_("_Trace"), _("Play the levels and draw the trace"),
                                 G_CALLBACK (trace_clicked), self);
  gtk_widget_set_halign (self->trace_button, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (self->trace_button, "suggested-action");
  gtk_window_set_default_widget (GTK_WINDOW (self), self->trace_button);
  gtk_box_append (GTK_BOX (footer), GTK_WIDGET (self->summary_label));
  gtk_box_append (GTK_BOX (footer), GTK_WIDGET (self->error_label));
  gtk_box_append (GTK_BOX (footer), self->trace_button);
  gtk_box_append (GTK_BOX (box), footer);
  gtk_stack_add_named (self->stack, page, "setup");
}

static void
build_trace (BsTraceDialog *self)
{
  GtkWidget *page = bs_lab_page_new (), *box = bs_lab_page_box (page);
  GtkWidget *top = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *frame;

  self->headline_label = new_label ("title-3");
  self->figures_label = new_label ("dim-label");
  self->progress_bar = GTK_PROGRESS_BAR (gtk_progress_bar_new ());
  bs_lab_set_name (GTK_WIDGET (self->progress_bar), _("Trace progress"));
  self->progress_label = new_label ("dim-label");
  self->cancel_button = new_pill (_("_Cancel"), _("Stop the trace; the games played are kept"),
                                  G_CALLBACK (cancel_clicked), self);
  self->resume_button = new_pill (_("_Resume"), _("Go on from the games played"),
                                  G_CALLBACK (trace_clicked), self);
  gtk_widget_add_css_class (self->resume_button, "suggested-action");
  self->levels_button = new_pill (_("_Change Levels"), _("Back to the trace’s levels"),
                                  G_CALLBACK (levels_clicked), self);
  self->export_button = new_pill (_("Export Chart…"),
                                  _("Save the chart as an image (PNG, SVG or PDF)"),
                                  G_CALLBACK (export_clicked), self);
  /* Three pills side by side would not fit a phone: they wrap. */
  gtk_orientable_set_orientation (GTK_ORIENTABLE (buttons), GTK_ORIENTATION_VERTICAL);
  gtk_widget_set_halign (buttons, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (buttons), self->cancel_button);
  gtk_box_append (GTK_BOX (buttons), self->resume_button);
  gtk_box_append (GTK_BOX (buttons), self->export_button);
  gtk_box_append (GTK_BOX (buttons), self->levels_button);
  gtk_box_append (GTK_BOX (top), GTK_WIDGET (self->headline_label));
  gtk_box_append (GTK_BOX (top), GTK_WIDGET (self->figures_label));
  gtk_box_append (GTK_BOX (top), GTK_WIDGET (self->progress_bar));
  gtk_box_append (GTK_BOX (top), GTK_WIDGET (self->progress_label));
  gtk_box_append (GTK_BOX (top), buttons);
  gtk_box_append (GTK_BOX (box), top);

  /* The chart has its own title. */
  self->chart_group = GTK_WIDGET (bs_lab_group_new (page, NULL, NULL));
  frame = gtk_frame_new (NULL);
  self->chart_area = GTK_DRAWING_AREA (gtk_drawing_area_new ());
  gtk_widget_set_size_request (GTK_WIDGET (self->chart_area), 240, 300);
  bs_lab_set_name (GTK_WIDGET (self->chart_area), _("Player 1’s score by level"));
  gtk_drawing_area_set_draw_func (self->chart_area, draw_chart, self, NULL);
  gtk_frame_set_child (GTK_FRAME (frame), GTK_WIDGET (self->chart_area));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (self->chart_group), frame);

  self->levels_group = bs_lab_group_new (page, _("Levels"), _("Both players at the level; player 1 "
                                                      "moves first"));
  self->rows = g_ptr_array_new ();
  self->files_label = new_label ("dim-label");
  gtk_label_set_selectable (self->files_label, TRUE);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->files_label));
  gtk_stack_add_named (self->stack, page, "trace");
  show_trace (self);
}

static void
bs_trace_dialog_dispose (GObject *object)
{
  BsTraceDialog *self = BS_TRACE_DIALOG (object);

  /* Closed while tracing: the level playing stops, its games stay in its file. */
  if (self->job != NULL)
    g_cancellable_cancel (self->job->cancellable);
  g_clear_pointer (&self->job, trace_job_unref);
  stop_polling (self);
  self->stack = NULL;
  G_OBJECT_CLASS (bs_trace_dialog_parent_class)->dispose (object);
}

static void
bs_trace_dialog_finalize (GObject *object)
{
  BsTraceDialog *self = BS_TRACE_DIALOG (object);

  g_clear_pointer (&self->variant, bs_variant_free);
  g_clear_pointer (&self->trace, bs_skill_trace_free);
  g_clear_pointer (&self->rows, g_ptr_array_unref);
  g_free (self->source);
  g_free (self->studies_dir);
  g_free (self->chart_description);
  g_clear_pointer (&self->reopened, bs_skill_trace_file_free);
  g_free (self->reopened_path);
  G_OBJECT_CLASS (bs_trace_dialog_parent_class)->finalize (object);
}

static void
bs_trace_dialog_class_init (BsTraceDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = bs_trace_dialog_dispose;
  object_class->finalize = bs_trace_dialog_finalize;
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
bs_trace_dialog_init (BsTraceDialog *self)
{
  GtkWidget *view = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *header = adw_header_bar_new ();
  GtkWidget *title = adw_window_title_new (_("Skill Trace"), NULL);

  self->stack = GTK_STACK (gtk_stack_new ());
  self->toasts = ADW_TOAST_OVERLAY (adw_toast_overlay_new ());
  gtk_stack_set_transition_type (self->stack, GTK_STACK_TRANSITION_TYPE_CROSSFADE);
  adw_header_bar_set_title_widget (ADW_HEADER_BAR (header), title);
  g_object_set_data (G_OBJECT (self), "title", title);
  adw_toast_overlay_set_child (self->toasts, GTK_WIDGET (self->stack));
  gtk_box_append (GTK_BOX (view), header);
  gtk_box_append (GTK_BOX (view), GTK_WIDGET (self->toasts));
  adw_window_set_content (ADW_WINDOW (self), view);
  gtk_window_set_title (GTK_WINDOW (self), _("Skill Trace"));
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (gtk_widget_queue_draw), self, G_CONNECT_SWAPPED);
  build_setup (self);
  build_trace (self);
  gtk_stack_set_visible_child_name (self->stack, "setup");
}

BsTraceDialog *
bs_trace_dialog_new (GtkWindow       *parent,
                     const BsVariant *variant,
                     const char      *source,
                     const char      *studies_dir)
{
  BsTraceDialog *self;

  g_return_val_if_fail (variant != NULL && studies_dir != NULL, NULL);

  self = g_object_new (BS_TYPE_TRACE_DIALOG, "modal", TRUE, "transient-for", parent,
                       "destroy-with-parent", TRUE, NULL);
  bs_lab_dialog_fit (GTK_WINDOW (self), parent, DIALOG_WIDTH, DIALOG_HEIGHT);
  self->variant = bs_variant_copy (variant);
  self->source = g_strdup (source);
  self->studies_dir = g_strdup (studies_dir);
  adw_window_title_set_subtitle (g_object_get_data (G_OBJECT (self), "title"),
                                 bs_variant_display_name (variant));
  update_summary (self);
  return self;
}

/* Ticks the levels the form offers for levels and sets games and seed: FALSE when the form
 * cannot hold them (a level it does not offer, an order it does not play). */
static gboolean
set_form (BsTraceDialog     *self,
          const char * const *levels,
          guint              games,
          guint64            seed)
{
  static const char *ids[] = { "random", "easy", "medium", "hard" };
  g_auto(GStrv) chosen = NULL;

  for (guint i = 0; i < N_LEVELS; i++)
    gtk_check_button_set_active (self->level_checks[i], FALSE);
  for (guint i = 0; levels[i] != NULL; i++)
    {
      guint64 playouts;
      gboolean named = FALSE;

      for (guint k = 0; k < G_N_ELEMENTS (ids); k++)
        if (strcmp (ids[k], levels[i]) == 0)
          {
            gtk_check_button_set_active (self->level_checks[k], TRUE);
            named = TRUE;
          }
      if (named)
        continue;
      if (g_ascii_string_to_unsigned (levels[i], 10, 0, G_MAXINT, &playouts, NULL))
        {
          gtk_check_button_set_active (self->level_checks[LEVEL_LONGER], TRUE);
          gtk_spin_button_set_value (self->playouts_spin, (double) playouts);
        }
    }
  gtk_spin_button_set_value (self->games_spin, games);
  gtk_spin_button_set_value (self->seed_spin, (double) seed);
  chosen = chosen_levels (self);
  return g_strv_equal ((const char * const *) chosen, levels)
         && (guint) gtk_spin_button_get_value_as_int (self->games_spin) == games
         && (guint64) gtk_spin_button_get_value_as_int (self->seed_spin) == seed;
}

BsTraceDialog *
bs_trace_dialog_open_file (GtkWindow   *parent,
                           const char  *path,
                           GError     **error)
{
  g_autoptr(BsSkillTraceFile) file = NULL;
  g_autoptr(BsStudy) first = NULL;
  g_autofree char *folder = NULL;
  BsTraceDialog *self;

  g_return_val_if_fail (path != NULL, NULL);

  file = bs_skill_trace_file_load (path, error);
  if (file == NULL)
    return NULL;
  /* The variant is the one its first level played (Resume and Change Levels play it). */
  first = bs_study_load_header (file->files[0], error);
  if (first == NULL)
    return NULL;
  if (bs_study_n_arms (first) != 1)
    {
      /* Translators: why a skill trace's first level file is not a level: "it holds 3
       * variants" (a level's study holds one). */
      g_autofree char *why = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                           "it holds %u variant",
                                                           "it holds %u variants",
                                                           bs_study_n_arms (first)),
                                              bs_study_n_arms (first));

      not_the_level (file->files[0], file->levels[0], why, error);
      return NULL;
    }
  folder = g_path_get_dirname (path);
  self = bs_trace_dialog_new (parent, bs_study_get_arm (first, 0)->variant, file->source,
                              folder);
  if (!set_form (self, (const char * const *) file->levels, file->games, file->seed))
    {
      g_autofree char *levels = g_strjoinv (", ", file->levels);

      /* Translators: a skill trace's file whose levels, games or seed Skill Trace… cannot
       * set: the file, then its levels ("random, easy"). */
      g_set_error (error, BS_STUDY_ERROR, BS_STUDY_ERROR_VALUE,
                   _("%s: Skill Trace… cannot trace its levels (%s), games or seed"), path,
                   levels);
      gtk_window_destroy (GTK_WINDOW (self));
      return NULL;
    }
  self->reopened = g_steal_pointer (&file);
  self->reopened_path = g_strdup (path);
  start_trace (self, FALSE);
  return self;
}
