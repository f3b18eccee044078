/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-editor"

#include "config.h"

#include "bs-editor-view-private.h"

#include <errno.h>
#include <glib/gi18n.h>

#include "bs-folders.h"

/* Saving. */

static gboolean
save_to (BsEditorView *self,
         const char   *path)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *message = NULL;

  if (g_mkdir_with_parents (dir, 0755) != 0
      || !bs_variant_document_save (self->document, path, &error))
    {
      message = g_strdup_printf (_("Could not save the variant: %s"),
                                 error != NULL ? error->message : g_strerror (errno));
      _bs_editor_view_emit_message (self, message);
      return FALSE;
    }
  _bs_editor_view_emit_saved (self, path);
  return TRUE;
}

static void
on_changed_on_disk_response (AdwMessageDialog *dialog,
                             const char       *response,
                             BsPending        *pending)
{
  BsEditorView *self = pending->owner;
  g_autoptr(GError) error = NULL;
  gboolean saved = FALSE;

  g_signal_handlers_disconnect_by_data (dialog, pending);
  if (self->document != NULL && g_str_equal (response, "save"))
    {
      g_autofree char *path = g_strdup (bs_variant_document_get_path (self->document));

      saved = bs_variant_document_save_anyway (self->document, &error);
      if (saved)
        _bs_editor_view_emit_saved (self, path);
    }
  else if (self->document != NULL && g_str_equal (response, "reload"))
    {
      /* The file as it is now; the edits made here stay in the undo
       * history, so Undo brings them back. */
      bs_variant_document_revert (self->document, &error);
    }
  if (error != NULL)
    {
      g_autofree char *message = g_strdup_printf (_("Could not save the variant: %s"),
                                                  error->message);

      _bs_editor_view_emit_message (self, message);
    }
  bs_pending_finish (pending, saved);
}

/* Another window or program wrote the file since it was opened or last
 * saved here: asked, as GNOME Text Editor does, before anything is lost. */
static void
ask_changed_on_disk (BsEditorView *self,
                     BsPending    *pending)
{
  GtkWidget *dialog;
  g_autofree char *base = g_path_get_basename (bs_variant_document_get_path (self->document));
  g_autofree char *body = NULL;

  body = g_strdup_printf (_("“%s” was changed by another window or program after you opened it. "
                            "Save Anyway replaces those changes with yours; Reload shows the "
                            "file as it is now, and Undo brings your edits back."), base);
  dialog = adw_message_dialog_new (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))),
                                   _("File Has Changed on Disk"), body);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "reload", _("_Reload"),
                                    "save", _("_Save Anyway"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "save",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect (dialog, "response", G_CALLBACK (on_changed_on_disk_response), pending);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Save: back to its file, or, for a new variant, into the user's variant
 * folder where the start view lists it. If the file changed on disk the
 * user is asked first and `pending` (the next step after "Save the
 * Variant?", none for a plain Save) goes on from the answer. */
static void
save (BsEditorView *self,
      BsPending    *pending)
{
  g_autofree char *path = NULL;

  if (self->document == NULL)
    {
      bs_pending_finish (pending, FALSE);
      return;
    }
  if (bs_variant_document_changed_on_disk (self->document))
    {
      ask_changed_on_disk (self, pending);
      return;
    }
  path = g_strdup (bs_variant_document_get_path (self->document));
  if (path == NULL)
    path = bs_variant_document_suggest_path (self->document);
  bs_pending_finish (pending, save_to (self, path));
}

static void
on_save_as_response (GtkNativeDialog *dialog,
                     int              response,
                     BsEditorView    *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = file != NULL ? g_file_get_path (file) : NULL;

      if (path != NULL)
        {
          bs_folders_remember (BS_FOLDER_VARIANTS, file);
          save_to (self, path);
        }
    }
  gtk_native_dialog_destroy (dialog);
  g_object_unref (dialog);
  g_object_unref (self);
}

static void
save_as (BsEditorView *self)
{
  GtkFileChooserNative *chooser;
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  g_autofree char *dir = bs_variant_document_user_dir ();
  const char *path;
  g_autoptr(GFile) folder = NULL;
  g_autofree char *base = NULL;

  if (self->document == NULL)
    return;
  chooser = gtk_file_chooser_native_new (_("Save Variant"),
                                         GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))),
                                         GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"), _("_Cancel"));
  gtk_file_filter_set_name (filter, _("Boardsmith variants"));
  gtk_file_filter_add_pattern (filter, "*.bsvariant");
  gtk_file_filter_add_pattern (filter, "*.xml");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  /* A saved variant starts at its own file; a new one where variants were
   * saved last, else in the user's variants folder, made if missing: Save
   * puts new variants there and the start page lists them. Never the
   * working directory. */
  path = bs_variant_document_get_path (self->document);
  if (path != NULL)
    {
      g_autofree char *parent = g_path_get_dirname (path);

      folder = g_file_new_for_path (parent);
      base = g_path_get_basename (path);
    }
  else
    {
      g_autofree char *suggested = bs_variant_document_suggest_path (self->document);

      g_mkdir_with_parents (dir, 0755);
      folder = bs_folders_get_initial (BS_FOLDER_VARIANTS);
      base = g_path_get_basename (suggested);
    }
  gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (chooser), folder, NULL);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), base);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect (chooser, "response", G_CALLBACK (on_save_as_response), g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

/* Opening another variant file for editing: read first, then asked
 * about the edits, so that edits made while it was read are asked about
 * too, and nothing is asked when the file cannot be opened. */

typedef struct {
  BsEditorView      *self;
  BsVariantDocument *document;
} Opened;

static void
opened_free (gpointer data)
{
  Opened *opened = data;

  g_object_unref (opened->self);
  g_object_unref (opened->document);
  g_free (opened);
}

static void
show_opened (gpointer owner,
             gpointer data)
{
  Opened *opened = data;

  bs_editor_view_set_document (opened->self, opened->document);
}

static void
on_document_opened (GObject      *source,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  g_autoptr(BsEditorView) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariantDocument) document = bs_variant_document_open_finish (result, &error);
  Opened *opened;

  /* A newer open, or the view going away, replaced this one. */
  if (g_cancellable_is_cancelled (g_task_get_cancellable (G_TASK (result))))
    return;
  g_clear_object (&self->opening);
  if (document == NULL)
    {
      g_autofree char *message = g_strdup_printf (_("Could not open the variant: %s"),
                                                  error->message);
      _bs_editor_view_emit_message (self, message);
      return;
    }
  opened = g_new0 (Opened, 1);
  opened->self = g_object_ref (self);
  opened->document = g_steal_pointer (&document);
  bs_editor_view_confirm_discard_full (self, show_opened, opened, opened_free);
}

void
bs_editor_view_open_file (BsEditorView *self,
                          GFile        *file)
{
  g_autofree char *path = NULL;

  g_return_if_fail (BS_IS_EDITOR_VIEW (self));
  g_return_if_fail (G_IS_FILE (file));

  path = g_file_get_path (file);
  if (path == NULL)
    {
      g_autofree char *message = g_strdup_printf (_("Could not open the variant: %s"),
                                                  _("not a local file"));
      _bs_editor_view_emit_message (self, message);
      return;
    }
  /* Read in a thread: a variant may be large, the window goes on. */
  if (self->opening != NULL)
    g_cancellable_cancel (self->opening);
  g_clear_object (&self->opening);
  self->opening = g_cancellable_new ();
  bs_variant_document_open_async (path, self->opening, on_document_opened, g_object_ref (self));
}

static void
on_open_response (GtkNativeDialog *dialog,
                  int              response,
                  BsEditorView    *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));

      if (file != NULL)
        {
          bs_folders_remember (BS_FOLDER_VARIANTS, file);
          bs_editor_view_open_file (self, file);
        }
    }
  gtk_native_dialog_destroy (dialog);
  g_object_unref (dialog);
  g_object_unref (self);
}

void
_bs_editor_view_open_activated (GtkWidget  *widget,
                                const char *name,
                                GVariant   *param)
{
  BsEditorView *self = BS_EDITOR_VIEW (widget);
  GtkFileChooserNative *chooser;
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  g_autoptr(GFile) folder = bs_folders_get_initial (BS_FOLDER_VARIANTS);

  chooser = gtk_file_chooser_native_new (_("Open Variant"),
                                         GTK_WINDOW (gtk_widget_get_root (widget)),
                                         GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"), _("_Cancel"));
  gtk_file_filter_set_name (filter, _("Boardsmith variants"));
  gtk_file_filter_add_pattern (filter, "*.bsvariant");
  gtk_file_filter_add_pattern (filter, "*.xml");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (chooser), folder, NULL);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect (chooser, "response", G_CALLBACK (on_open_response), g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

/* Unsaved changes. */

static void
on_discard_response (AdwMessageDialog *dialog,
                     const char       *response,
                     BsPending        *pending)
{
  gboolean go_on;

  /* Once answered, the dialog is done with `pending`. */
  g_signal_handlers_disconnect_by_data (dialog, pending);
  if (g_str_equal (response, "save"))
    {
      save (pending->owner, pending);     /* goes on once saved */
      return;
    }
  go_on = g_str_equal (response, "discard");
  bs_pending_finish (pending, go_on);
}

void
bs_editor_view_confirm_discard (BsEditorView  *self,
                                BsPendingFunc  then,
                                gpointer       data)
{
  bs_editor_view_confirm_discard_full (self, then, data, NULL);
}

void
bs_editor_view_confirm_discard_full (BsEditorView   *self,
                                     BsPendingFunc   then,
                                     gpointer        data,
                                     GDestroyNotify  destroy)
{
  BsPending *pending;
  GtkWidget *dialog;
  gboolean valid;

  g_return_if_fail (BS_IS_EDITOR_VIEW (self));
  g_return_if_fail (then != NULL);

  if (!bs_editor_view_get_modified (self))
    {
      bs_pending_run (self, then, data, destroy);
      return;
    }
  valid = bs_variant_document_get_valid (self->document);
  pending = bs_pending_new (self, then, data, destroy);
  dialog = adw_message_dialog_new (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))),
                                   _("Save the Variant?"),
                                   valid ? _("Your edits will be lost if you do not save them.")
                                         : _("Your edits will be lost if you do not save them. "
                                             "The variant still has errors: it is saved as a "
                                             "draft, to finish later."));
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "discard", _("_Discard"),
                                    "save", valid ? _("_Save") : _("_Save Draft"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "discard",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "save",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "save");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect (dialog, "response", G_CALLBACK (on_discard_response), pending);
  gtk_window_present (GTK_WINDOW (dialog));
}

void
_bs_editor_view_save_activated (GtkWidget  *widget,
                                const char *name,
                                GVariant   *param)
{
  BsEditorView *self = BS_EDITOR_VIEW (widget);

  save (self, bs_pending_new (self, NULL, NULL, NULL));
}

void
_bs_editor_view_save_as_activated (GtkWidget  *widget,
                                   const char *name,
                                   GVariant   *param)
{
  save_as (BS_EDITOR_VIEW (widget));
}

void
_bs_editor_view_revert_activated (GtkWidget  *widget,
                                  const char *name,
                                  GVariant   *param)
{
  BsEditorView *self = BS_EDITOR_VIEW (widget);
  g_autoptr(GError) error = NULL;

  if (self->document != NULL && !bs_variant_document_revert (self->document, &error))
    _bs_editor_view_emit_message (self, error->message);
}
