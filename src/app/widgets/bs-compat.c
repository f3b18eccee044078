/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-app"

#include "config.h"

#include "bs-compat.h"

#include <glib/gi18n.h>

typedef struct {
  BsFileChosenFunc callback;
  gpointer         user_data;
} ChooseData;

static GListStore *
record_filters (GtkFileFilter **default_filter)
{
  GListStore *filters = g_list_store_new (GTK_TYPE_FILE_FILTER);
  GtkFileFilter *records = gtk_file_filter_new ();
  GtkFileFilter *all = gtk_file_filter_new ();

  gtk_file_filter_set_name (records, _("Game records"));
  gtk_file_filter_add_mime_type (records, "application/x-boardsmith-record");
  gtk_file_filter_add_pattern (records, "*.boardsmith");
  gtk_file_filter_add_pattern (records, "*.xml");
  gtk_file_filter_set_name (all, _("All files"));
  gtk_file_filter_add_pattern (all, "*");
  g_list_store_append (filters, records);
  g_list_store_append (filters, all);
  *default_filter = records;
  g_object_unref (all);
  g_object_unref (records);
  return filters;
}

static GtkFileFilter *
typed_filter (const char *name,
              const char *mime_type,
              const char *pattern)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, name);
  gtk_file_filter_add_mime_type (filter, mime_type);
  gtk_file_filter_add_suffix (filter, pattern);
  return filter;
}

/* What Open offers: every Boardsmith file first (a game record, a
 * variant, a balance study, a skill trace), each kind alone, everything;
 * or variants only. */
GListStore *
bs_compat_open_filters (BsOpenKind      kind,
                        GtkFileFilter **default_filter)
{
  GListStore *filters = g_list_store_new (GTK_TYPE_FILE_FILTER);
  g_autoptr(GtkFileFilter) records = typed_filter (_("Game records"),
                                                   "application/x-boardsmith-record",
                                                   "boardsmith");
  g_autoptr(GtkFileFilter) variants = typed_filter (_("Game variants"),
                                                    "application/x-boardsmith-variant",
                                                    "bsvariant");
  g_autoptr(GtkFileFilter) studies = typed_filter (_("Balance studies"),
                                                   "application/x-boardsmith-study", "bsstudy");
  g_autoptr(GtkFileFilter) traces = typed_filter (_("Skill traces"),
                                                  "application/x-boardsmith-skill-trace",
                                                  "bstrace");
  g_autoptr(GtkFileFilter) all = gtk_file_filter_new ();

  gtk_file_filter_set_name (all, _("All files"));
  gtk_file_filter_add_pattern (all, "*");
  if (kind == BS_OPEN_VARIANT)
    {
      gtk_file_filter_add_suffix (variants, "xml");
      g_list_store_append (filters, variants);
      *default_filter = variants;
    }
  else
    {
      g_autoptr(GtkFileFilter) any = gtk_file_filter_new ();

      gtk_file_filter_set_name (any, _("Boardsmith files"));
      gtk_file_filter_add_mime_type (any, "application/x-boardsmith-record");
      gtk_file_filter_add_mime_type (any, "application/x-boardsmith-variant");
      gtk_file_filter_add_mime_type (any, "application/x-boardsmith-study");
      gtk_file_filter_add_mime_type (any, "application/x-boardsmith-skill-trace");
      gtk_file_filter_add_suffix (any, "boardsmith");
      gtk_file_filter_add_suffix (any, "bsvariant");
      gtk_file_filter_add_suffix (any, "bsstudy");
      gtk_file_filter_add_suffix (any, "bstrace");
      gtk_file_filter_add_suffix (any, "xml");
      g_list_store_append (filters, any);
      g_list_store_append (filters, records);
      g_list_store_append (filters, variants);
      g_list_store_append (filters, studies);
      g_list_store_append (filters, traces);
      *default_filter = any;
    }
  g_list_store_append (filters, all);
  return filters;
}

static GListStore *
export_filters (const char     *filter_name,
                const char     *mime_type,
                GtkFileFilter **default_filter)
{
  GListStore *filters = g_list_store_new (GTK_TYPE_FILE_FILTER);
  GtkFileFilter *typed = gtk_file_filter_new ();
  GtkFileFilter *all = gtk_file_filter_new ();

  gtk_file_filter_set_name (typed, filter_name);
  gtk_file_filter_add_mime_type (typed, mime_type);
  gtk_file_filter_set_name (all, _("All files"));
  gtk_file_filter_add_pattern (all, "*");
  g_list_store_append (filters, typed);
  g_list_store_append (filters, all);
  *default_filter = typed;
  g_object_unref (all);
  g_object_unref (typed);
  return filters;
}

#if GTK_CHECK_VERSION (4, 10, 0)

G_GNUC_BEGIN_IGNORE_DEPRECATIONS

static void
on_dialog_done (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  ChooseData *data = user_data;
  GtkFileDialog *dialog = GTK_FILE_DIALOG (source);
  g_autoptr(GFile) file = NULL;

  if (GPOINTER_TO_INT (g_object_get_data (source, "save")))
    file = gtk_file_dialog_save_finish (dialog, result, NULL);
  else
    file = gtk_file_dialog_open_finish (dialog, result, NULL);
  data->callback (file, data->user_data);
  g_free (data);
}

void
bs_compat_choose_record (GtkWindow        *parent,
                         gboolean          save,
                         GFile            *folder,
                         const char       *suggested_name,
                         BsFileChosenFunc  callback,
                         gpointer          user_data)
{
  g_autoptr(GtkFileDialog) dialog = gtk_file_dialog_new ();
  g_autoptr(GListStore) filters = NULL;
  GtkFileFilter *default_filter;
  ChooseData *data = g_new0 (ChooseData, 1);

  data->callback = callback;
  data->user_data = user_data;
  filters = record_filters (&default_filter);
  gtk_file_dialog_set_filters (dialog, G_LIST_MODEL (filters));
  gtk_file_dialog_set_default_filter (dialog, default_filter);
  gtk_file_dialog_set_modal (dialog, TRUE);
  g_object_set_data (G_OBJECT (dialog), "save", GINT_TO_POINTER (save));
  if (folder != NULL)
    gtk_file_dialog_set_initial_folder (dialog, folder);
  if (save)
    {
      gtk_file_dialog_set_title (dialog, _("Save Game Record"));
      if (suggested_name != NULL)
        gtk_file_dialog_set_initial_name (dialog, suggested_name);
      gtk_file_dialog_save (dialog, parent, NULL, on_dialog_done, data);
    }
  else
    {
      gtk_file_dialog_set_title (dialog, _("Open Game Record"));
      gtk_file_dialog_open (dialog, parent, NULL, on_dialog_done, data);
    }
}

void
bs_compat_choose_open (GtkWindow        *parent,
                       const char       *title,
                       BsOpenKind        kind,
                       GFile            *folder,
                       BsFileChosenFunc  callback,
                       gpointer          user_data)
{
  g_autoptr(GtkFileDialog) dialog = gtk_file_dialog_new ();
  g_autoptr(GListStore) filters = NULL;
  GtkFileFilter *default_filter;
  ChooseData *data = g_new0 (ChooseData, 1);

  data->callback = callback;
  data->user_data = user_data;
  filters = bs_compat_open_filters (kind, &default_filter);
  gtk_file_dialog_set_filters (dialog, G_LIST_MODEL (filters));
  gtk_file_dialog_set_default_filter (dialog, default_filter);
  gtk_file_dialog_set_modal (dialog, TRUE);
  gtk_file_dialog_set_title (dialog, title);
  if (folder != NULL)
    gtk_file_dialog_set_initial_folder (dialog, folder);
  gtk_file_dialog_open (dialog, parent, NULL, on_dialog_done, data);
}

void
bs_compat_choose_export (GtkWindow        *parent,
                         const char       *title,
                         GFile            *folder,
                         const char       *suggested_name,
                         const char       *filter_name,
                         const char       *mime_type,
                         BsFileChosenFunc  callback,
                         gpointer          user_data)
{
  g_autoptr(GtkFileDialog) dialog = gtk_file_dialog_new ();
  g_autoptr(GListStore) filters = NULL;
  GtkFileFilter *default_filter;
  ChooseData *data = g_new0 (ChooseData, 1);

  data->callback = callback;
  data->user_data = user_data;
  filters = export_filters (filter_name, mime_type, &default_filter);
  gtk_file_dialog_set_filters (dialog, G_LIST_MODEL (filters));
  gtk_file_dialog_set_default_filter (dialog, default_filter);
  gtk_file_dialog_set_modal (dialog, TRUE);
  gtk_file_dialog_set_title (dialog, title);
  if (folder != NULL)
    gtk_file_dialog_set_initial_folder (dialog, folder);
  if (suggested_name != NULL)
    gtk_file_dialog_set_initial_name (dialog, suggested_name);
  g_object_set_data (G_OBJECT (dialog), "save", GINT_TO_POINTER (TRUE));
  gtk_file_dialog_save (dialog, parent, NULL, on_dialog_done, data);
}

G_GNUC_END_IGNORE_DEPRECATIONS

#else /* GTK 4.8 */

static void
add_filters (GtkFileChooserNative *native,
             GListStore           *filters,
             GtkFileFilter        *default_filter)
{
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (filters)); i++)
    {
      g_autoptr(GtkFileFilter) filter = g_list_model_get_item (G_LIST_MODEL (filters), i);

      gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), filter);
    }
  gtk_file_chooser_set_filter (GTK_FILE_CHOOSER (native), default_filter);
}

static void
on_native_response (GtkNativeDialog *native,
                    int              response,
                    gpointer         user_data)
{
  ChooseData *data = user_data;
  g_autoptr(GFile) file = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
  data->callback (file, data->user_data);
  g_free (data);
  gtk_native_dialog_destroy (native);
  g_object_unref (native);
}

void
bs_compat_choose_record (GtkWindow        *parent,
                         gboolean          save,
                         GFile            *folder,
                         const char       *suggested_name,
                         BsFileChosenFunc  callback,
                         gpointer          user_data)
{
  GtkFileChooserNative *native;
  g_autoptr(GListStore) filters = NULL;
  GtkFileFilter *default_filter;
  ChooseData *data = g_new0 (ChooseData, 1);

  data->callback = callback;
  data->user_data = user_data;
  native = gtk_file_chooser_native_new (save ? _("Save Game Record") : _("Open Game Record"),
                                        parent,
                                        save ? GTK_FILE_CHOOSER_ACTION_SAVE
                                             : GTK_FILE_CHOOSER_ACTION_OPEN,
                                        save ? _("_Save") : _("_Open"), _("_Cancel"));
  filters = record_filters (&default_filter);
  add_filters (native, filters, default_filter);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  if (folder != NULL)
    gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (native), folder, NULL);
  if (save && suggested_name != NULL)
    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), suggested_name);
  g_signal_connect (native, "response", G_CALLBACK (on_native_response), data);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

void
bs_compat_choose_open (GtkWindow        *parent,
                       const char       *title,
                       BsOpenKind        kind,
                       GFile            *folder,
                       BsFileChosenFunc  callback,
                       gpointer          user_data)
{
  GtkFileChooserNative *native;
  g_autoptr(GListStore) filters = NULL;
  GtkFileFilter *default_filter;
  ChooseData *data = g_new0 (ChooseData, 1);

  data->callback = callback;
  data->user_data = user_data;
  native = gtk_file_chooser_native_new (title, parent, GTK_FILE_CHOOSER_ACTION_OPEN,
                                        _("_Open"), _("_Cancel"));
  filters = bs_compat_open_filters (kind, &default_filter);
  add_filters (native, filters, default_filter);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  if (folder != NULL)
    gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (native), folder, NULL);
  g_signal_connect (native, "response", G_CALLBACK (on_native_response), data);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

void
bs_compat_choose_export (GtkWindow        *parent,
                         const char       *title,
                         GFile            *folder,
                         const char       *suggested_name,
                         const char       *filter_name,
                         const char       *mime_type,
                         BsFileChosenFunc  callback,
                         gpointer          user_data)
{
  GtkFileChooserNative *native;
  g_autoptr(GListStore) filters = NULL;
  GtkFileFilter *default_filter;
  ChooseData *data = g_new0 (ChooseData, 1);

  data->callback = callback;
  data->user_data = user_data;
  native = gtk_file_chooser_native_new (title, parent, GTK_FILE_CHOOSER_ACTION_SAVE,
                                        _("_Export"), _("_Cancel"));
  filters = export_filters (filter_name, mime_type, &default_filter);
  add_filters (native, filters, default_filter);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  if (folder != NULL)
    gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (native), folder, NULL);
  if (suggested_name != NULL)
    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), suggested_name);
  g_signal_connect (native, "response", G_CALLBACK (on_native_response), data);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

#endif

/* Show in Files. */

#if GTK_CHECK_VERSION (4, 10, 0)

/* Newer than the GDK_VERSION_MAX_ALLOWED of the rest of the app (4.8). */
G_GNUC_BEGIN_IGNORE_DEPRECATIONS

void
bs_compat_show_in_files (GtkWindow *parent,
                         GFile     *file)
{
  g_autoptr(GtkFileLauncher) launcher = NULL;

  g_return_if_fail (G_IS_FILE (file));

  launcher = gtk_file_launcher_new (file);
  gtk_file_launcher_open_containing_folder (launcher, parent, NULL, NULL, NULL);
}

G_GNUC_END_IGNORE_DEPRECATIONS

#else /* GTK 4.8 */

typedef struct {
  GtkWindow *parent;
  GFile     *file;
} ShowData;

static void
on_show_items (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  ShowData *data = user_data;
  g_autoptr(GVariant) reply = NULL;
  g_autoptr(GError) error = NULL;

  reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (source), result, &error);
  if (reply == NULL)
    {
      /* No file manager on the bus: the folder, in whatever opens it. */
      g_autoptr(GFile) folder = g_file_get_parent (data->file);
      g_autofree char *uri = folder != NULL ? g_file_get_uri (folder) : NULL;

      g_debug ("FileManager1.ShowItems: %s", error->message);
      if (uri != NULL)
        gtk_show_uri (data->parent, uri, GDK_CURRENT_TIME);
    }
  g_clear_object (&data->parent);
  g_object_unref (data->file);
  g_free (data);
}

void
bs_compat_show_in_files (GtkWindow *parent,
                         GFile     *file)
{
  g_autoptr(GDBusConnection) bus = NULL;
  g_autofree char *uri = NULL;
  const char *uris[2] = { NULL, NULL };
  ShowData *data;

  g_return_if_fail (G_IS_FILE (file));

  data = g_new0 (ShowData, 1);
  data->parent = parent != NULL ? g_object_ref (parent) : NULL;
  data->file = g_object_ref (file);
  bus = g_bus_get_sync (G_BUS_TYPE_SESSION, NULL, NULL);
  if (bus == NULL)
    {
      g_autoptr(GFile) folder = g_file_get_parent (file);
      g_autofree char *folder_uri = folder != NULL ? g_file_get_uri (folder) : NULL;

      if (folder_uri != NULL)
        gtk_show_uri (parent, folder_uri, GDK_CURRENT_TIME);
      g_clear_object (&data->parent);
      g_object_unref (data->file);
      g_free (data);
      return;
    }
  uri = g_file_get_uri (file);
  uris[0] = uri;
  g_dbus_connection_call (bus, "org.freedesktop.FileManager1", "/org/freedesktop/FileManager1",
                          "org.freedesktop.FileManager1", "ShowItems",
                          g_variant_new ("(^ass)", uris, ""), NULL,
                          G_DBUS_CALL_FLAGS_NONE, 5000, NULL, on_show_items, data);
}

#endif
