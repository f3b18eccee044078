/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-balance-view-files.c: study files: where a new one goes, whether a
 * file is one, opening one; and the chart or the data exported. */
#define G_LOG_DOMAIN "boardsmith-app"

#include "config.h"

#include "bs-balance-view.h"
#include "bs-balance-view-private.h"

#include <string.h>
#include <glib/gi18n.h>

#include "bs-compat.h"
#include "bs-folders.h"
#include "bs-study-report.h"

/* Enough of a file to see its root element past a long comment. */
#define SNIFF_SIZE 4096

char *
bs_balance_view_studies_dir (void)
{
  return g_build_filename (g_get_user_data_dir (), "boardsmith", "studies", NULL);
}

gboolean
bs_file_is_study (GFile *file)
{
  g_autofree char *name = g_file_get_basename (file);
  g_autofree char *lower = name != NULL ? g_ascii_strdown (name, -1) : NULL;
  g_autoptr(GFileInputStream) stream = NULL;
  char buffer[SNIFF_SIZE + 1];
  const char *study, *other;
  gssize n;

  if (lower == NULL)
    return FALSE;
  if (g_str_has_suffix (lower, ".bsstudy") || g_str_has_suffix (lower, ".bsstudy.xml"))
    return TRUE;
  /* Records and variants have names of their own; a study written by
   * the command line may be any .xml: its root element says. */
  if (g_str_has_suffix (lower, ".boardsmith") || g_str_has_suffix (lower, ".bsvariant"))
    return FALSE;
  stream = g_file_read (file, NULL, NULL);
  if (stream == NULL)
    return FALSE;
  n = g_input_stream_read (G_INPUT_STREAM (stream), buffer, SNIFF_SIZE, NULL, NULL);
  if (n <= 0)
    return FALSE;
  buffer[n] = '\0';
  study = strstr (buffer, "<study");
  other = strstr (buffer, "<variant");
  if (other == NULL || (strstr (buffer, "<record") != NULL && strstr (buffer, "<record") < other))
    other = strstr (buffer, "<record");
  return study != NULL && (other == NULL || study < other);
}

/* In the studies directory, whatever the variant (a user's variant's
 * studies were once saved beside it, among the variants: Recent and Open…
 * still read them there), named after the variant's file or its id; never
 * over an earlier study. */
char *
bs_balance_view_new_study_path (const BsVariant *variant,
                                const char      *source)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *stamp = g_date_time_format (now, "%Y-%m-%d-%H%M%S");
  g_autofree char *stem = bs_variant_file_stem (variant, source);
  g_autofree char *dir = bs_balance_view_studies_dir ();
  char *path;

  g_mkdir_with_parents (dir, 0755);
  path = g_strdup_printf ("%s/%s-%s.bsstudy", dir, stem, stamp);
  for (int i = 2; g_file_test (path, G_FILE_TEST_EXISTS); i++)
    {
      g_free (path);
      path = g_strdup_printf ("%s/%s-%s-%d.bsstudy", dir, stem, stamp, i);
    }
  return path;
}

/* Opening a study file. */

static void
on_study_read (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  BsBalanceView *self = g_task_get_source_object (task);
  g_autoptr(GError) error = NULL;
  g_autoptr(BsBalanceRun) run = bs_balance_run_open_finish (result, &error);

  /* Another file took over meanwhile: its own open says what to show. */
  if (GPOINTER_TO_UINT (g_task_get_task_data (task)) != self->load_serial)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, "replaced");
      return;
    }
  self->loading = FALSE;
  /* Left while it was read (the window cancelled it). */
  if (g_task_return_error_if_cancelled (task))
    {
      bs_balance_view_update (self);
      return;
    }
  if (run == NULL)
    {
      bs_balance_view_update (self);
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  {
    BsStudy *study = bs_study_runner_get_study (bs_balance_run_get_runner (run));

    g_clear_pointer (&self->variant, bs_variant_free);
    self->variant = bs_variant_copy (bs_study_get_arm (study, 0)->variant);
    g_clear_pointer (&self->source, g_free);
    bs_balance_view_set_run (self, run);
  }
  g_task_return_boolean (task, TRUE);
}

void
bs_balance_view_open_study_async (BsBalanceView       *self,
                                  const char          *path,
                                  GCancellable        *cancellable,
                                  GAsyncReadyCallback  callback,
                                  gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autofree char *base = NULL, *text = NULL;

  g_return_if_fail (BS_IS_BALANCE_VIEW (self));
  g_return_if_fail (path != NULL);

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, bs_balance_view_open_study_async);
  g_task_set_task_data (task, GUINT_TO_POINTER (++self->load_serial), NULL);
  bs_balance_view_pause (self);
  bs_balance_view_set_run (self, NULL);
  self->loading = TRUE;
  base = g_path_get_basename (path);
  /* Translators: while a study file is read: "Reading my-game-2026-11-23.bsstudy…". */
  text = g_strdup_printf (_("Reading %s…"), base);
  gtk_label_set_text (self->loading_label, text);
  bs_balance_view_update (self);
  bs_balance_run_open_async (path, cancellable, on_study_read, g_steal_pointer (&task));
}

gboolean
bs_balance_view_open_study_finish (BsBalanceView  *self,
                                   GAsyncResult   *result,
                                   GError        **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

gboolean
bs_balance_view_get_loading (BsBalanceView *self)
{
  g_return_val_if_fail (BS_IS_BALANCE_VIEW (self), FALSE);
  return self->loading;
}

static void
on_chart_chosen (GFile    *file,
                 gpointer  user_data)
{
  g_autoptr(BsBalanceView) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  g_autoptr(BsChartData) data = NULL;
  BsChartOptions options;

  if (file == NULL || self->run == NULL || self->n_chart_kinds == 0)
    return;
  bs_folders_remember (BS_FOLDER_IMAGES, file);
  path = g_file_get_path (file);
  data = bs_chart_data_new (bs_balance_run_get_runner (self->run));
  bs_chart_options_init (&options);
  options.kind = self->chart_kinds[MIN (gtk_drop_down_get_selected (self->chart_dropdown),
                                        self->n_chart_kinds - 1)];
  if (data->study->default_arm >= 0)
    options.arm = (guint) data->study->default_arm;
  options.width = 1200;
  if (path == NULL || !bs_chart_export (data, &options, path, &error))
    bs_balance_view_message (self, error != NULL ? error->message
                                                 : _("Only local files can be written"));
  else
    {
      g_autofree char *base = g_path_get_basename (path);
      g_autofree char *message = g_strdup_printf (_("Chart saved as %s"), base);

      bs_balance_view_message (self, message);
    }
}

void
bs_balance_view_export_chart_activated (GtkWidget  *widget,
                                        const char *name,
                                        GVariant   *param)
{
  BsBalanceView *self = BS_BALANCE_VIEW (widget);
  GtkRoot *root = gtk_widget_get_root (widget);
  g_autoptr(GFile) folder = NULL;

  if (self->run == NULL)
    return;
  /* Where images were exported last (the Export dialog too), else Pictures. */
  folder = bs_folders_get_initial (BS_FOLDER_IMAGES);
  bs_compat_choose_export (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, _("Export Chart"),
                           folder, "chart.png", _("Images (PNG, SVG, PDF)"), "image/png",
                           on_chart_chosen, g_object_ref (self));
}

/* CSV holds one table: the one behind the chart shown (the summary for
 * the score charts). JSON holds everything whatever is shown. */
static const char *
csv_table_shown (BsBalanceView *self)
{
  guint selected = gtk_drop_down_get_selected (self->chart_dropdown);

  if (self->n_chart_kinds == 0)
    return "summary";
  switch (self->chart_kinds[MIN (selected, self->n_chart_kinds - 1)])
    {
    case BS_CHART_LENGTH:
      return "lengths";
    case BS_CHART_BRANCHING:
      return "branching";
    case BS_CHART_OPENINGS:
      return "openings";
    case BS_CHART_SCORE:
    case BS_CHART_SWEEP:
    default:
      return "summary";
    }
}

static void
export_data_to (BsBalanceView *self,
                const char    *path)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *base = g_path_get_basename (path);
  g_autofree char *message = NULL;

  if (!bs_study_report_export (bs_balance_run_get_runner (self->run), path,
                               csv_table_shown (self), &error))
    message = g_strdup_printf (_("Could not export the data: %s"), error->message);
  else
    message = g_strdup_printf (_("Data saved as %s"), base);
  bs_balance_view_message (self, message);
}

static void
on_data_chosen (GFile    *file,
                gpointer  user_data)
{
  g_autoptr(BsBalanceView) self = user_data;
  g_autofree char *path = NULL;

  if (file == NULL || self->run == NULL)
    return;
  bs_folders_remember (BS_FOLDER_IMAGES, file);
  path = g_file_get_path (file);
  if (path == NULL)
    {
      g_autofree char *uri = g_file_get_uri (file);
      g_autofree char *message = g_strdup_printf (_("Could not export the data: %s: only local "
                                                    "files can be written"), uri);

      bs_balance_view_message (self, message);
      return;
    }
  export_data_to (self, path);
}

/* The parameter is a path to write to, or "" to ask for one. */
void
bs_balance_view_export_data_activated (GtkWidget  *widget,
                                       const char *name,
                                       GVariant   *param)
{
  BsBalanceView *self = BS_BALANCE_VIEW (widget);
  GtkRoot *root = gtk_widget_get_root (widget);
  const char *path = g_variant_get_string (param, NULL);
  const char *study_path;
  const char *table;
  g_autoptr(GFile) folder = NULL;
  g_autofree char *stem = NULL;
  g_autofree char *suggested = NULL;
  char *dot;

  if (self->run == NULL)
    return;
  if (path[0] != '\0')
    {
      export_data_to (self, path);
      return;
    }
  /* Named after the study; the extension chooses CSV or JSON. */
  study_path = bs_balance_run_get_path (self->run);
  stem = g_path_get_basename (study_path != NULL ? study_path : "study");
  if ((dot = strrchr (stem, '.')) != NULL)
    *dot = '\0';
  /* Named after the table too, but for the summary (the usual one). */
  table = csv_table_shown (self);
  if (g_strcmp0 (table, "summary") == 0)
    suggested = g_strconcat (stem, ".csv", NULL);
  else
    suggested = g_strconcat (stem, "-", table, ".csv", NULL);
  /* Exports share one folder: the data lands beside the charts. */
  folder = bs_folders_get_initial (BS_FOLDER_IMAGES);
  bs_compat_choose_export (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, _("Export Data"),
                           folder, suggested, _("Data (CSV, JSON)"), "text/plain",
                           on_data_chosen, g_object_ref (self));
}
