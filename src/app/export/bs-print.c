/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-app"

#include "config.h"

#include "bs-print.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "bs-entry-limit.h"
#include "bs-export-request.h"

typedef struct {
  GSettings        *settings;
  BsExportSnapshot *snapshot;
  BsExportRequest   request;
  gboolean          whole_game;
  /* The Board tab, while the print dialog shows it. */
  GtkCheckButton   *whole_game_check;
  GtkDropDown      *theme_dropdown;
} PrintJob;

static void
print_job_free (PrintJob *job)
{
  if (job->whole_game_check != NULL)
    g_object_remove_weak_pointer (G_OBJECT (job->whole_game_check),
                                  (gpointer *) &job->whole_game_check);
  if (job->theme_dropdown != NULL)
    g_object_remove_weak_pointer (G_OBJECT (job->theme_dropdown),
                                  (gpointer *) &job->theme_dropdown);
  g_clear_object (&job->settings);
  g_clear_pointer (&job->snapshot, bs_export_snapshot_unref);
  g_free (job);
}

static void
load_choices (PrintJob *job)
{
  g_autofree char *theme = g_settings_get_string (job->settings, "print-theme");

  bs_export_request_load (&job->request, job->settings);
  if (!bs_theme_from_string (theme, &job->request.theme))
    job->request.theme = BS_THEME_PRINT;
  /* Paper has its own colour. */
  job->request.transparent = FALSE;
  job->whole_game = g_settings_get_boolean (job->settings, "print-whole-game");
  job->request.kind = job->whole_game ? BS_EXPORT_KIND_SHEET : BS_EXPORT_KIND_PDF;
}

static void
on_begin_print (GtkPrintOperation *operation,
                GtkPrintContext   *context,
                PrintJob          *job)
{
  BsRenderOptions render;
  BsExportGameOptions game_options;

  load_choices (job);
  bs_export_request_fill_options (&job->request, job->snapshot, &render, &game_options);
  gtk_print_operation_set_n_pages (operation,
                                   job->whole_game
                                   ? (int) bs_export_game_sheet_pages (job->snapshot->game,
                                                                       &game_options)
                                   : 1);
}

static void
on_draw_page (GtkPrintOperation *operation,
              GtkPrintContext   *context,
              int                page,
              PrintJob          *job)
{
  cairo_t *cr = gtk_print_context_get_cairo_context (context);
  double width = gtk_print_context_get_width (context);
  double height = gtk_print_context_get_height (context);
  BsRenderOptions render;
  BsExportGameOptions game_options;

  bs_export_request_fill_options (&job->request, job->snapshot, &render, &game_options);
  if (job->whole_game)
    {
      bs_export_draw_sheet_page (cr, job->snapshot->game, &render, &game_options, (guint) page,
                                 width, height);
      return;
    }
  bs_render_position (cr, bs_export_snapshot_get_ruleset (job->snapshot),
                      bs_export_game_position (job->snapshot->game, job->snapshot->shown),
                      &render, width, height);
}

/* The Board tab of the print dialog. */

static GObject *
on_create_custom_widget (GtkPrintOperation *operation,
                         PrintJob          *job)
{
  const char *themes[] = { _("Light"), _("Dark"), _("High Contrast"),
                           _("Print (Black and White)"), NULL };
  GtkWidget *grid = gtk_grid_new ();
  GtkWidget *position = gtk_check_button_new_with_mnemonic (_("The _position on show"));
  GtkWidget *whole = gtk_check_button_new_with_mnemonic (_("The _whole game as a game sheet"));
  GtkWidget *what = gtk_label_new (_("Print"));
  GtkWidget *theme_label = gtk_label_new_with_mnemonic (_("_Theme"));
  GtkWidget *theme = gtk_drop_down_new_from_strings (themes);

  load_choices (job);
  gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  gtk_widget_set_margin_top (grid, 12);
  gtk_widget_set_margin_bottom (grid, 12);
  gtk_widget_set_margin_start (grid, 12);
  gtk_widget_set_margin_end (grid, 12);
  gtk_widget_set_halign (what, GTK_ALIGN_END);
  gtk_widget_set_halign (theme_label, GTK_ALIGN_END);
  gtk_check_button_set_group (GTK_CHECK_BUTTON (whole), GTK_CHECK_BUTTON (position));
  gtk_check_button_set_active (GTK_CHECK_BUTTON (job->whole_game ? whole : position), TRUE);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (theme), (guint) job->request.theme);
  gtk_widget_set_halign (theme, GTK_ALIGN_START);
  gtk_label_set_mnemonic_widget (GTK_LABEL (theme_label), theme);
  gtk_grid_attach (GTK_GRID (grid), what, 0, 0, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), position, 1, 0, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), whole, 1, 1, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), theme_label, 0, 2, 1, 1);
  gtk_grid_attach (GTK_GRID (grid), theme, 1, 2, 1, 1);

  job->whole_game_check = GTK_CHECK_BUTTON (whole);
  job->theme_dropdown = GTK_DROP_DOWN (theme);
  bs_entry_limit_tree (theme, BS_ENTRY_SEARCH);
  g_object_add_weak_pointer (G_OBJECT (whole), (gpointer *) &job->whole_game_check);
  g_object_add_weak_pointer (G_OBJECT (theme), (gpointer *) &job->theme_dropdown);
  return G_OBJECT (grid);
}

static void
on_custom_widget_apply (GtkPrintOperation *operation,
                        GtkWidget         *widget,
                        PrintJob          *job)
{
  guint theme;

  if (job->whole_game_check == NULL || job->theme_dropdown == NULL)
    return;
  theme = MIN (gtk_drop_down_get_selected (job->theme_dropdown), BS_THEME_PRINT);
  g_settings_set_boolean (job->settings, "print-whole-game",
                          gtk_check_button_get_active (job->whole_game_check));
  g_settings_set_string (job->settings, "print-theme", bs_theme_to_string ((BsTheme) theme));
}

GtkPrintOperation *
bs_print_operation_new (BsGame    *game,
                        GSettings *settings)
{
  GtkPrintOperation *operation;
  PrintJob *job;

  g_return_val_if_fail (BS_IS_GAME (game), NULL);
  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  job = g_new0 (PrintJob, 1);
  job->settings = g_object_ref (settings);
  job->snapshot = bs_export_snapshot_new (game);
  load_choices (job);

  operation = gtk_print_operation_new ();
  g_object_set_data_full (G_OBJECT (operation), "bs-print-job", job,
                          (GDestroyNotify) print_job_free);
  gtk_print_operation_set_job_name (operation, job->snapshot->title);
  gtk_print_operation_set_unit (operation, GTK_UNIT_POINTS);
  gtk_print_operation_set_embed_page_setup (operation, TRUE);
  gtk_print_operation_set_custom_tab_label (operation, _("Board"));
  g_signal_connect (operation, "begin-print", G_CALLBACK (on_begin_print), job);
  g_signal_connect (operation, "draw-page", G_CALLBACK (on_draw_page), job);
  g_signal_connect (operation, "create-custom-widget", G_CALLBACK (on_create_custom_widget), job);
  g_signal_connect (operation, "custom-widget-apply", G_CALLBACK (on_custom_widget_apply), job);
  return operation;
}

static void
show_print_error (GtkPrintOperation *operation,
                  GtkWindow         *parent,
                  const GError      *error)
{
  GtkWidget *dialog;

  /* "done" and a failed run may both report the same failure. */
  if (g_object_get_data (G_OBJECT (operation), "bs-error-shown") != NULL)
    return;
  g_object_set_data (G_OBJECT (operation), "bs-error-shown", GINT_TO_POINTER (TRUE));
  dialog = adw_message_dialog_new (parent, _("Could Not Print"),
                                   error != NULL ? error->message : NULL);
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
on_print_done (GtkPrintOperation       *operation,
               GtkPrintOperationResult  result,
               GtkWindow               *parent)
{
  g_autoptr(GError) error = NULL;

  if (result != GTK_PRINT_OPERATION_RESULT_ERROR)
    return;
  gtk_print_operation_get_error (operation, &error);
  show_print_error (operation, parent, error);
}

void
bs_print_run (GtkWindow *parent,
              BsGame    *game)
{
  g_autoptr(GSettings) settings = NULL;
  g_autoptr(GtkPrintOperation) operation = NULL;
  g_autoptr(GError) error = NULL;

  g_return_if_fail (GTK_IS_WINDOW (parent));
  g_return_if_fail (BS_IS_GAME (game));

  settings = g_settings_new (APP_ID);
  operation = bs_print_operation_new (game, settings);
  gtk_print_operation_set_allow_async (operation, TRUE);
  g_signal_connect_object (operation, "done", G_CALLBACK (on_print_done), parent, 0);
  if (gtk_print_operation_run (operation, GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG, parent,
                               &error) == GTK_PRINT_OPERATION_RESULT_ERROR)
    show_print_error (operation, parent, error);
}
