/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-app"

#include "config.h"

#include "bs-export-actions.h"

#include <glib/gi18n.h>

#include "bs-board-view.h"
#include "bs-print.h"
#include "bs-widgets.h"

static void
on_export_finished (BsExportHost *host,
                    GFile        *file,
                    const GError *error)
{
  g_autofree char *name = NULL;
  g_autofree char *message = NULL;

  /* Failures are explained by the dialog itself. */
  if (error != NULL)
    return;
  name = g_file_get_basename (file);
  message = g_strdup_printf (_("Exported “%s”"), name);
  bs_export_host_show_message (host, message);
}

BsExportDialog *
bs_export_actions_show_dialog (BsExportHost *host)
{
  BsExportDialog *dialog;

  g_return_val_if_fail (BS_IS_EXPORT_HOST (host), NULL);

  if (bs_export_host_get_game (host) == NULL)
    return NULL;
  dialog = bs_export_dialog_new (GTK_WINDOW (host), bs_export_host_get_game (host));
  g_signal_connect_object (dialog, "finished", G_CALLBACK (on_export_finished), host,
                           G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
  return dialog;
}

gboolean
bs_export_actions_copy_image (BsExportHost  *host,
                              GError       **error)
{
  g_autoptr(BsExportSnapshot) snapshot = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  BsBoardView *board;
  BsExportRequest request;
  BsRenderOptions shown;
  BsTheme theme;
  double units_width, units_height, pixels_per_unit = 0;
  int width, height;

  g_return_val_if_fail (BS_IS_EXPORT_HOST (host), FALSE);

  if (bs_export_host_get_game (host) == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_INITIALIZED,
                           _("There is no game to copy"));
      return FALSE;
    }
  /* What the board shows, not what the Export dialog would write: its
   * style and coordinates, at its scale on screen (device pixels). */
  board = bs_export_host_get_board_view (host);
  theme = bs_style_get_theme ();
  bs_render_options_init (&shown);
  shown.theme = theme;
  shown.coordinates = bs_board_view_get_coordinates (board);
  width = gtk_widget_get_width (GTK_WIDGET (board));
  height = gtk_widget_get_height (GTK_WIDGET (board));
  snapshot = bs_export_snapshot_new (bs_export_host_get_game (host));
  bs_render_natural_size (bs_export_snapshot_get_ruleset (snapshot), &shown, &units_width,
                          &units_height);
  if (width > 0 && height > 0)
    pixels_per_unit = MIN (width / units_width, height / units_height)
                      * gtk_widget_get_scale_factor (GTK_WIDGET (board));
  bs_export_request_init_for_screen (&request, bs_export_snapshot_get_ruleset (snapshot), theme,
                                     shown.coordinates, pixels_per_unit);
  texture = bs_export_request_texture (&request, snapshot, error);
  if (texture == NULL)
    return FALSE;
  gdk_clipboard_set_texture (gtk_widget_get_clipboard (GTK_WIDGET (host)), texture);
  return TRUE;
}

static void
export_activated (GSimpleAction *action,
                  GVariant      *param,
                  gpointer       user_data)
{
  bs_export_actions_show_dialog (BS_EXPORT_HOST (user_data));
}

static void
print_activated (GSimpleAction *action,
                 GVariant      *param,
                 gpointer       user_data)
{
  BsExportHost *host = user_data;

  if (bs_export_host_get_game (host) != NULL)
    bs_print_run (GTK_WINDOW (host), bs_export_host_get_game (host));
}

static void
copy_image_activated (GSimpleAction *action,
                      GVariant      *param,
                      gpointer       user_data)
{
  BsExportHost *host = user_data;
  g_autoptr(GError) error = NULL;

  if (bs_export_actions_copy_image (host, &error))
    bs_export_host_show_message (host, _("Position copied as an image"));
  else
    bs_export_host_show_message (host, error->message);
}

static const GActionEntry export_entries[] = {
  { "export", export_activated },
  { "print", print_activated },
  { "copy-image", copy_image_activated },
};

void
bs_export_actions_install (BsExportHost *host)
{
  g_return_if_fail (BS_IS_EXPORT_HOST (host));

  g_action_map_add_action_entries (G_ACTION_MAP (host), export_entries,
                                   G_N_ELEMENTS (export_entries), host);
  bs_export_actions_set_enabled (host, FALSE);
}

void
bs_export_actions_set_enabled (BsExportHost *host,
                               gboolean      enabled)
{
  g_return_if_fail (BS_IS_EXPORT_HOST (host));

  for (guint i = 0; i < G_N_ELEMENTS (export_entries); i++)
    {
      GAction *action = g_action_map_lookup_action (G_ACTION_MAP (host),
                                                    export_entries[i].name);

      if (action != NULL)
        g_simple_action_set_enabled (G_SIMPLE_ACTION (action), enabled);
    }
}
