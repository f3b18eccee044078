/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-app"

#include "config.h"

#include "bs-window-private.h"

#include <glib/gi18n.h>

#include "bs-compat.h"
#include "bs-folders.h"
#include "bs-game-record.h"
#include "bs-skill-trace-file.h"
#include "bs-trace-dialog.h"

/* Saving. */

void
_bs_window_add_recent (GFile *file)
{
  g_autofree char *uri = g_file_get_uri (file);

  gtk_recent_manager_add_item (gtk_recent_manager_get_default (), uri);
}

gboolean
bs_window_save_record (BsWindow  *self,
                       GFile     *file,
                       GError   **error)
{
  g_return_val_if_fail (BS_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  if (self->game == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("There is no game to save"));
      return FALSE;
    }
  if (!bs_game_save_record (self->game, file, error))
    return FALSE;
  bs_game_set_modified (self->game, FALSE);
  _bs_window_add_recent (file);
  return TRUE;
}

static void
save_to (BsWindow  *self,
         GFile     *file,
         BsPending *pending)
{
  g_autoptr(GError) error = NULL;

  if (!bs_window_save_record (self, file, &error))
    {
      _bs_window_show_error (self, _("Could Not Save the Game"), error->message);
      if (pending != NULL)
        bs_pending_free (pending);
      return;
    }
  if (pending != NULL)
    bs_pending_finish (pending, TRUE);
}

typedef struct {
  BsWindow  *self;
  BsPending *pending;
} SaveAs;

static void
on_save_chosen (GFile    *file,
                gpointer  user_data)
{
  SaveAs *save = user_data;

  if (file != NULL)
    {
      bs_folders_remember (BS_FOLDER_RECORDS, file);
      save_to (save->self, file, save->pending);
    }
  else if (save->pending != NULL)
    bs_pending_free (save->pending);
  g_object_unref (save->self);
  g_free (save);
}

static char *
suggested_record_name (BsWindow *self)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *date = g_date_time_format (now, "%Y-%m-%d");
  const BsVariant *variant = bs_game_get_variant (self->game);

  return g_strdup_printf ("%s %s.boardsmith", bs_variant_display_name (variant), date);
}

static void
on_changed_on_disk_response (AdwMessageDialog *dialog,
                             const char       *response,
                             SaveAs           *save)
{
  BsWindow *self = save->self;
  BsPending *pending = g_steal_pointer (&save->pending);

  g_signal_handlers_disconnect_by_data (dialog, save);
  g_object_unref (save->self);
  g_free (save);
  if (self->game != NULL && g_str_equal (response, "save"))
    save_to (self, bs_game_get_file (self->game), pending);
  else if (self->game != NULL && g_str_equal (response, "save-as"))
    _bs_window_save_then (self, TRUE, pending);
  else if (pending != NULL)
    bs_pending_free (pending);
}

/* Another window or program wrote the game's file since it was opened or
 * saved here: asked, as GNOME Text Editor does, before anything is lost.
 * A game has no "Reload" (the turns played here would go): Save As keeps
 * both. */
static void
ask_changed_on_disk (BsWindow  *self,
                     BsPending *pending)
{
  g_autofree char *base = g_file_get_basename (bs_game_get_file (self->game));
  g_autofree char *body = NULL;
  SaveAs *save = g_new0 (SaveAs, 1);
  GtkWidget *dialog;

  body = g_strdup_printf (_("“%s” was changed by another window or program after this game was "
                            "opened or saved. Save Anyway replaces those changes with this game; "
                            "Save As keeps both."), base);
  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("File Has Changed on Disk"), body);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "save-as", C_("game record", "Save _As…"),
                                    "save", _("_Save Anyway"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "save",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  save->self = g_object_ref (self);
  save->pending = pending;
  g_signal_connect (dialog, "response", G_CALLBACK (on_changed_on_disk_response), save);
  gtk_window_present (GTK_WINDOW (dialog));
}

void
_bs_window_save_then (BsWindow  *self,
                      gboolean   ask,
                      BsPending *pending)
{
  SaveAs *save;
  g_autofree char *name = NULL;
  g_autoptr(GFile) folder = NULL;
  GFile *file = bs_game_get_file (self->game);

  if (!ask && file != NULL && bs_game_changed_on_disk (self->game))
    {
      ask_changed_on_disk (self, pending);
      return;
    }
  if (!ask && file != NULL)
    {
      save_to (self, file, pending);
      return;
    }
  save = g_new0 (SaveAs, 1);
  save->self = g_object_ref (self);
  save->pending = pending;
  /* Save As… on a saved game starts at its file; a new one where records
   * were saved last (bs-folders.h), never the working directory. */
  if (file != NULL && (folder = g_file_get_parent (file)) != NULL)
    name = g_file_get_basename (file);
  else
    {
      g_clear_object (&folder);
      folder = bs_folders_get_initial (BS_FOLDER_RECORDS);
      name = suggested_record_name (self);
    }
  bs_compat_choose_record (GTK_WINDOW (self), TRUE, folder, name, on_save_chosen, save);
}

/* A game opened from a file (bs_game_open_file) into the window. */
static void
show_opened (BsWindow    *self,
             GFile       *file,
             BsGame      *game,
             gboolean     is_record,
             BsRulesGame *rules,
             const char  *warning)
{
  if (rules != NULL)
    {
      /* A rules file: its game plays, and each save of it is played
       * again (bs-window-rules.c). Not the last variant: its game is
       * the file's. */
      _bs_window_watch_rules (self, file, rules);
      _bs_window_set_game (self, game);
      _bs_window_add_recent (file);
    }
  else if (is_record)
    {
      _bs_window_add_recent (file);
      _bs_window_set_game (self, game);
      /* A simultaneous game opens on the outcome of its last round. */
      bs_play_scene_reveal_last_round (self->scene);
    }
  else
    {
      g_autofree char *path = g_file_get_path (file);

      g_settings_set_string (self->settings, "last-variant", path);
      _bs_window_set_game (self, game);
      /* A variant opened from a file is a recent game too. */
      _bs_window_add_recent (file);
    }
  if (warning != NULL)
    bs_window_show_message (self, warning);
}

static void show_open_error (BsWindow   *self,
                             GFile      *file,
                             const char *message);

typedef struct {
  BsWindow *self;
  GFile    *file;
  GTask    *task;    /* bs_window_load_file_async: the caller hears how it went */
  gboolean  play;    /* the start page's Play: see _bs_window_play_file_now */
} OpenRequest;

static void
open_request_free (OpenRequest *request)
{
  g_object_unref (request->self);
  g_object_unref (request->file);
  g_clear_object (&request->task);
  g_free (request);
}

static void
on_study_opened (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  OpenRequest *request = user_data;
  BsWindow *self = request->self;
  g_autoptr(GError) error = NULL;
  gboolean opened = bs_balance_view_open_study_finish (BS_BALANCE_VIEW (source), result, &error);

  /* A newer open, leaving the page or closing the window replaced it. */
  if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_clear_object (&self->opening);
      if (opened)
        _bs_window_add_recent (request->file);
      else
        {
          if (g_strcmp0 (bs_window_get_page (self), "balance") == 0)
            bs_window_show_start (self);
          show_open_error (self, request->file, error->message);
        }
      _bs_window_update_title (self);
    }
  open_request_free (request);
}

/* A balance study opens on the Balance page, read in a thread (it may
 * hold any number of games): the page says it is reading, the window
 * answers meanwhile. */
static void
open_study (BsWindow *self,
            GFile    *file)
{
  g_autofree char *path = g_file_get_path (file);
  OpenRequest *request;

  if (path == NULL)
    {
      show_open_error (self, file, _("Only local files can be opened"));
      return;
    }
  if (self->opening != NULL)
    g_cancellable_cancel (self->opening);
  g_clear_object (&self->opening);
  self->opening = g_cancellable_new ();
  request = g_new0 (OpenRequest, 1);
  request->self = g_object_ref (self);
  request->file = g_object_ref (file);
  bs_balance_view_open_study_async (self->balance_view, path, self->opening, on_study_opened,
                                    request);
  _bs_window_show_balance_now (self, FALSE);
}

/* A skill trace's own file: its trace shown again in Skill Trace…, read from its levels'
 * study files (nothing played). */
static gboolean
open_trace (BsWindow  *self,
            GFile     *file,
            GError   **error)
{
  g_autofree char *path = g_file_get_path (file);
  BsTraceDialog *dialog;

  if (path == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                           _("Only local files can be opened"));
      return FALSE;
    }
  dialog = bs_trace_dialog_open_file (GTK_WINDOW (self), path, error);
  if (dialog == NULL)
    return FALSE;
  _bs_window_add_recent (file);
  gtk_window_present (GTK_WINDOW (dialog));
  return TRUE;
}

gboolean
bs_window_open_file (BsWindow  *self,
                     GFile     *file,
                     GError   **error)
{
  g_autoptr(BsGame) game = NULL;
  g_autoptr(BsRulesGame) rules = NULL;
  g_autofree char *warning = NULL;
  gboolean is_record = FALSE;

  g_return_val_if_fail (BS_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  if (bs_skill_trace_file_is (g_file_peek_path (file)))
    return open_trace (self, file, error);
  /* Read in a thread even here: errors show in the window. */
  if (bs_file_is_study (file))
    {
      open_study (self, file);
      return TRUE;
    }
  game = bs_game_open_file (file, _bs_window_new_seed (), &is_record, &rules, &warning, error);
  if (game == NULL)
    return FALSE;
  show_opened (self, file, game, is_record, rules, warning);
  return TRUE;
}

static void
show_open_error (BsWindow   *self,
                 GFile      *file,
                 const char *message)
{
  g_autofree char *name = g_file_get_parse_name (file);
  g_autofree char *body = g_strdup_printf ("%s\n\n%s", name, message);

  _bs_window_show_error (self, _("Could Not Open the File"), body);
}

static void
on_file_opened (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  OpenRequest *request = user_data;
  BsWindow *self = request->self;
  g_autoptr(GError) error = NULL;
  g_autoptr(BsGame) game = NULL;
  g_autoptr(BsRulesGame) rules = NULL;
  g_autofree char *warning = NULL;
  gboolean is_record = FALSE;

  game = bs_game_open_file_finish (result, &is_record, &rules, &warning, &error);
  /* A newer open, or the window closing, replaced this one. */
  if (g_cancellable_is_cancelled (g_task_get_cancellable (G_TASK (result))))
    {
      if (request->task != NULL)
        g_task_return_new_error (request->task, G_IO_ERROR, G_IO_ERROR_CANCELLED,
                                 _("Opening was cancelled"));
    }
  else
    {
      g_clear_object (&self->opening);
      /* A variant the user asked to play: two computers wait for Resume. */
      if (game != NULL && request->play && !is_record && rules == NULL)
        bs_computer_player_set_next_starts_paused (self->computer, TRUE);
      if (game != NULL)
        show_opened (self, request->file, game, is_record, rules, warning);
      bs_computer_player_set_next_starts_paused (self->computer, FALSE);
      /* The caller says what went wrong, its own way. */
      if (request->task != NULL && game == NULL)
        g_task_return_error (request->task, g_steal_pointer (&error));
      else if (request->task != NULL)
        g_task_return_boolean (request->task, TRUE);
      else if (game == NULL)
        show_open_error (self, request->file, error->message);
    }
  open_request_free (request);
}

static void
open_file_in_thread (BsWindow *self,
                     GFile    *file,
                     gboolean  play,
                     GTask    *task)
{
  OpenRequest *request;

  if (bs_skill_trace_file_is (g_file_peek_path (file)))
    {
      g_autoptr(GError) error = NULL;
      gboolean opened = open_trace (self, file, &error);

      if (task != NULL && !opened)
        g_task_return_error (task, g_steal_pointer (&error));
      else if (task != NULL)
        g_task_return_boolean (task, TRUE);
      else if (!opened)
        show_open_error (self, file, error->message);
      return;
    }
  if (bs_file_is_study (file))
    {
      /* The Balance page says itself how reading it goes. */
      open_study (self, file);
      if (task != NULL)
        g_task_return_boolean (task, TRUE);
      return;
    }
  if (self->opening != NULL)
    g_cancellable_cancel (self->opening);
  g_clear_object (&self->opening);
  self->opening = g_cancellable_new ();
  request = g_new0 (OpenRequest, 1);
  request->self = g_object_ref (self);
  request->file = g_object_ref (file);
  request->task = task != NULL ? g_object_ref (task) : NULL;
  request->play = play;
  bs_game_open_file_async (file, _bs_window_new_seed (), self->opening, on_file_opened, request);
}

void
bs_window_open_file_async (BsWindow *self,
                           GFile    *file)
{
  g_return_if_fail (BS_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  open_file_in_thread (self, file, FALSE, NULL);
}

void
bs_window_load_file_async (BsWindow            *self,
                           GFile               *file,
                           GAsyncReadyCallback  callback,
                           gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (BS_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  task = g_task_new (self, NULL, callback, user_data);
  g_task_set_source_tag (task, bs_window_load_file_async);
  open_file_in_thread (self, file, FALSE, task);
}

gboolean
bs_window_load_file_finish (BsWindow      *self,
                            GAsyncResult  *result,
                            GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == bs_window_load_file_async,
                        FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

gboolean
bs_window_get_opening (BsWindow *self)
{
  g_return_val_if_fail (BS_IS_WINDOW (self), FALSE);
  return self->opening != NULL;
}

void
_bs_window_open_file_now (gpointer owner,
                          gpointer data)
{
  BsWindow *self = owner;

  bs_window_open_file_async (self, data);
}

void
_bs_window_play_file_now (gpointer owner,
                          gpointer data)
{
  BsWindow *self = owner;

  open_file_in_thread (self, data, TRUE, NULL);
}

static void
on_open_chosen (GFile    *file,
                gpointer  user_data)
{
  BsWindow *self = user_data;

  if (file != NULL)
    {
      bs_folders_remember (BS_FOLDER_OPEN, file);
      _bs_window_confirm_discard (self, _bs_window_open_file_now, g_object_ref (file),
                                  g_object_unref);
    }
  g_object_unref (self);
}

static void
open_activated (GSimpleAction *action,
                GVariant      *param,
                gpointer       user_data)
{
  BsWindow *self = user_data;
  g_autoptr(GFile) folder = bs_folders_get_initial (BS_FOLDER_OPEN);

  bs_compat_choose_open (GTK_WINDOW (self), _("Open File"), BS_OPEN_ANY, folder, on_open_chosen,
                         g_object_ref (self));
}

static void
save_activated (GSimpleAction *action,
                GVariant      *param,
                gpointer       user_data)
{
  BsWindow *self = user_data;

  if (g_strcmp0 (bs_window_get_page (self), "editor") == 0)
    gtk_widget_activate_action (GTK_WIDGET (self->editor_view), "editor.save", NULL);
  else if (self->game != NULL)
    _bs_window_save_then (self, FALSE, NULL);
}

static void
save_as_activated (GSimpleAction *action,
                   GVariant      *param,
                   gpointer       user_data)
{
  BsWindow *self = user_data;

  if (self->game != NULL)
    _bs_window_save_then (self, TRUE, NULL);
}

static const GActionEntry file_entries[] = {
  { "open", open_activated },
  { "save", save_activated },
  { "save-as", save_as_activated },
};

void
_bs_window_files_init (BsWindow *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self), file_entries,
                                   G_N_ELEMENTS (file_entries), self);
}
