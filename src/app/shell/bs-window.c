/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-app"

#include "config.h"

#include "bs-window.h"

#include <stdlib.h>
#include <string.h>
#include <glib/gi18n.h>

#include "bs-adaptive.h"
#include "bs-autosave.h"
#include "bs-compat.h"
#include "bs-computer-controls.h"
#include "bs-computer-player.h"
#include "bs-balance-view.h"
#include "bs-editor-view.h"
#include "bs-export-actions.h"
#include "bs-folders.h"
#include "bs-game-record.h"
#include "bs-pending.h"
#include "bs-start-view.h"
#include "bs-widgets.h"

struct _BsWindow {
  AdwApplicationWindow  parent_instance;

  GSettings            *settings;
  BsGame               *game;
  BsPlayScene          *scene;
  BsComputerPlayer     *computer;
  GSignalGroup         *game_signals;
  GSignalGroup         *scene_signals;
  AdwToast             *toast;
  char                 *last_message;
  /* The last widget of the window itself (not of a popover) that had the
   * keyboard focus, and the check that puts the focus back when it is
   * left on a widget that went away. */
  GtkWidget            *last_focus;
  guint                 focus_idle;
  /* A file being read in a thread (bs_window_open_file_async). */
  GCancellable         *opening;

  /* Template children. */
  AdwToastOverlay      *toast_overlay;
  AdwWindowTitle       *window_title;
  AdwHeaderBar         *header_bar;
  GtkWidget            *back_button;
  GtkWidget            *history_box;
  GtkWidget            *new_game_button;
  GtkStack             *stack;
  BsStartView          *start_view;
  BsPlayView           *play_view;
  BsEditorView         *editor_view;
  GtkWidget            *edit_button;
  BsBalanceView        *balance_view;
  GtkMenuButton        *menu_button;
  AdwSqueezer          *title_squeezer;
  AdwSqueezer          *play_squeezer;
  GMenuModel           *primary_menu;
  GMenuModel           *general_menu;
};

static void bs_window_export_host_init (BsExportHostInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (BsWindow, bs_window, ADW_TYPE_APPLICATION_WINDOW,
                               G_IMPLEMENT_INTERFACE (BS_TYPE_EXPORT_HOST,
                                                      bs_window_export_host_init))

static void bs_window_update_actions (BsWindow *self);

void
bs_window_show_message (BsWindow   *self,
                        const char *message)
{
  g_autofree char *escaped = NULL;

  g_return_if_fail (BS_IS_WINDOW (self));
  g_return_if_fail (message != NULL);

  g_free (self->last_message);
  self->last_message = g_strdup (message);

  /* A toast's title is markup: "<supply count>" or a path with "&" would
   * make it empty. */
  escaped = g_markup_escape_text (message, -1);
  /* One toast at a time: a new explanation replaces the old one's text
   * (dismissing and adding toasts in quick succession upsets libadwaita 1.2). */
  if (self->toast != NULL)
    {
      adw_toast_set_title (self->toast, escaped);
      return;
    }
  self->toast = adw_toast_new (escaped);
  adw_toast_set_timeout (self->toast, 4);
  g_object_add_weak_pointer (G_OBJECT (self->toast), (gpointer *) &self->toast);
  adw_toast_overlay_add_toast (self->toast_overlay, self->toast);
}

const char *
bs_window_get_last_message (BsWindow *self)
{
  g_return_val_if_fail (BS_IS_WINDOW (self), NULL);
  return self->last_message;
}

static void
show_error (BsWindow   *self,
            const char *heading,
            const char *body)
{
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), heading, body);

  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Unsaved games: ask before they are lost. */

static void save_then (BsWindow *self, gboolean ask, BsPending *pending);

static void
on_discard_response (AdwMessageDialog *dialog,
                     const char       *response,
                     gpointer          user_data)
{
  /* The dialog owns the pending action until the first response (libadwaita
   * 1.2 may report the close response after the chosen one; a dialog
   * destroyed unanswered frees it). */
  BsPending *pending = g_object_steal_data (G_OBJECT (dialog), "pending");
  BsWindow *self;

  if (pending == NULL)
    return;
  self = pending->owner;
  if (g_str_equal (response, "discard"))
    bs_pending_finish (pending, TRUE);
  else if (g_str_equal (response, "save"))
    save_then (self, bs_game_get_file (self->game) == NULL, pending);
  else
    bs_pending_free (pending);
}

static gboolean
game_needs_saving (BsWindow *self)
{
  return self->game != NULL && bs_game_get_modified (self->game)
         && bs_game_get_n_turns (self->game) > 0;
}

static gboolean
orders_would_be_lost (BsWindow *self)
{
  return self->scene != NULL && bs_play_scene_has_orders_given (self->scene);
}

static void
present_question (BsWindow   *self,
                  GtkWidget  *dialog,
                  BsPending  *pending)
{
  g_object_set_data_full (G_OBJECT (dialog), "pending", pending, (GDestroyNotify) bs_pending_free);
  g_signal_connect (dialog, "response", G_CALLBACK (on_discard_response), NULL);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* Orders a human has given in the round would be lost: ask first. */
static GtkWidget *
new_orders_question (BsWindow *self)
{
  int entering = bs_play_scene_get_entering (self->scene);
  /* The first side's orders wait for the second's once they are given. */
  int player = entering == 2 && bs_play_scene_get_phase (self->scene) != BS_ROUND_PHASE_ORDERS
               ? 1 : entering;
  g_autofree char *body = NULL;
  GtkWidget *dialog;

  if (entering == 2 && bs_game_get_seat (self->game, 1) == BS_SEAT_HUMAN
      && bs_play_scene_count_orders (self->scene, NULL) > 0)
    body = g_strdup_printf (_("The orders %s and %s have given in round %u will be lost."),
                            bs_game_get_player_name (self->game, 1),
                            bs_game_get_player_name (self->game, 2),
                            bs_game_get_position (self->game)->ply + 1);
  else
    body = g_strdup_printf (_("The orders %s has given in round %u will be lost."),
                            bs_game_get_player_name (self->game, player),
                            bs_game_get_position (self->game)->ply + 1);
  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Abandon the Orders Given?"), body);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "discard", _("_Abandon Orders"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "discard",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  return dialog;
}

/* The unsaved game, by its name and what would be lost. */
static GtkWidget *
new_save_question (BsWindow *self)
{
  const BsVariant *variant = bs_game_get_variant (self->game);
  guint n_turns = bs_game_get_n_turns (self->game);
  g_autofree char *heading = NULL;
  g_autoptr(GString) body = g_string_new (NULL);
  GtkWidget *dialog;

  /* Translators: %s is the game's (variant's) name. */
  heading = g_strdup_printf (_("Save Your Game of %s?"), bs_variant_display_name (variant));
  /* A game left behind the variant editor is not on screen: say where. */
  if (g_strcmp0 (bs_window_get_page (self), "play") != 0)
    {
      g_string_append (body, _("You left this game for the variant editor."));
      g_string_append_c (body, ' ');
    }
  g_string_append_printf (body,
                          g_dngettext (GETTEXT_PACKAGE,
                                       "Its %u move will be lost if you do not save it.",
                                       "Its %u moves will be lost if you do not save them.",
                                       n_turns),
                          n_turns);
  if (orders_would_be_lost (self))
    {
      g_string_append_c (body, ' ');
      g_string_append (body, _("The orders given in the round under way are lost either way."));
    }
  dialog = adw_message_dialog_new (GTK_WINDOW (self), heading, body->str);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "discard", _("_Discard"),
                                    "save", _("_Save"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "discard",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "save",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "save");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  return dialog;
}

/* Runs `then` now if nothing would be lost (the game's unsaved moves, the
 * orders given in a round), else after the user saved or chose to discard. */
static void
confirm_discard (BsWindow       *self,
                 BsPendingFunc   then,
                 gpointer        data,
                 GDestroyNotify  destroy)
{
  BsPending *pending;

  if (!game_needs_saving (self) && !orders_would_be_lost (self))
    {
      bs_pending_run (self, then, data, destroy);
      return;
    }
  pending = bs_pending_new (self, then, data, destroy);
  present_question (self, game_needs_saving (self) ? new_save_question (self)
                                                   : new_orders_question (self), pending);
}

/* Runs `then` now unless it leaves a round whose orders would be lost
 * (undo, the move list…), else once the user chose to abandon them. */
static void
confirm_leave_round (BsWindow       *self,
                     BsPendingFunc   then,
                     gpointer        data,
                     GDestroyNotify  destroy)
{
  if (!orders_would_be_lost (self))
    {
      bs_pending_run (self, then, data, destroy);
      return;
    }
  present_question (self, new_orders_question (self),
                    bs_pending_new (self, then, data, destroy));
}

/* Saving. */

static void
add_recent (GFile *file)
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
  bs_game_set_file (self->game, file);
  bs_game_set_modified (self->game, FALSE);
  add_recent (file);
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
      show_error (self, _("Could Not Save the Game"), error->message);
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
save_then (BsWindow  *self,
           gboolean   ask,
           BsPending *pending)
{
  SaveAs *save;
  g_autofree char *name = NULL;
  g_autoptr(GFile) folder = NULL;
  GFile *file = bs_game_get_file (self->game);

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

/* Starting games. */

/* The scene's explanations are shown by the play view, in the status
 * line's place; kept here too for tests. */
static void
on_message (BsWindow    *self,
            const char  *message,
            BsPlayScene *scene)
{
  g_free (self->last_message);
  self->last_message = g_strdup (message);
}

/* What the computer says (a hint, why there is none) is about the game on
 * screen: shown like the scene's explanations. */
static void
on_computer_message (BsWindow         *self,
                     const char       *message,
                     BsComputerPlayer *computer)
{
  if (g_strcmp0 (bs_window_get_page (self), "play") != 0)
    {
      bs_window_show_message (self, message);
      return;
    }
  g_free (self->last_message);
  self->last_message = g_strdup (message);
  bs_play_view_explain (self->play_view, message, BS_EXPLANATION_INFO);
}

static void
on_game_over_response (AdwMessageDialog *dialog,
                       const char       *response,
                       BsWindow         *self)
{
  g_signal_handlers_disconnect_by_func (dialog, on_game_over_response, self);
  if (g_str_equal (response, "new"))
    gtk_widget_activate_action (GTK_WIDGET (self), "win.new-game", NULL);
}

static void
on_game_finished (BsWindow    *self,
                  BsPlayScene *scene)
{
  g_autofree char *heading = bs_game_describe_result (self->game);
  g_autofree char *why = bs_game_describe_ending (self->game);
  g_autofree char *length = NULL;
  g_autofree char *body = NULL;
  guint n_turns = bs_game_get_current (self->game);
  GtkWidget *dialog;

  if (heading == NULL)
    return;
  /* A simultaneous game's turn is a round. */
  if (bs_game_is_simultaneous (self->game))
    length = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "The game lasted %u round.",
                                           "The game lasted %u rounds.", n_turns),
                              n_turns);
  else
    length = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "The game lasted %u turn.",
                                           "The game lasted %u turns.", n_turns),
                              n_turns);
  body = g_strdup_printf ("%s\n\n%s", why, length);
  dialog = adw_message_dialog_new (GTK_WINDOW (self), heading, body);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "close", _("_Close"),
                                    "new", _("_New Game"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "new",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "new");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "close");
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_game_over_response), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
update_title (BsWindow *self)
{
  const BsVariant *variant;
  g_autofree char *subtitle = NULL;

  if (g_strcmp0 (bs_window_get_page (self), "editor") == 0)
    {
      BsVariantDocument *document = bs_editor_view_get_document (self->editor_view);

      variant = document != NULL ? bs_variant_document_get_variant (document) : NULL;
      adw_window_title_set_title (self->window_title, _("Variant Editor"));
      adw_window_title_set_subtitle (self->window_title,
                                     variant != NULL ? variant->name : NULL);
      return;
    }
  if (g_strcmp0 (bs_window_get_page (self), "balance") == 0)
    {
      g_autofree char *title = bs_balance_view_get_title (self->balance_view);

      adw_window_title_set_title (self->window_title, title);
      adw_window_title_set_subtitle (self->window_title, NULL);
      return;
    }
  if (self->game == NULL || g_strcmp0 (bs_window_get_page (self), "start") == 0)
    {
      adw_window_title_set_title (self->window_title, _("Boardsmith"));
      adw_window_title_set_subtitle (self->window_title, NULL);
      return;
    }
  variant = bs_game_get_variant (self->game);
  adw_window_title_set_title (self->window_title, bs_variant_display_name (variant));
  if (bs_game_get_file (self->game) != NULL)
    {
      g_autofree char *base = g_file_get_basename (bs_game_get_file (self->game));
      subtitle = g_strdup_printf ("%s%s", bs_game_get_modified (self->game) ? "• " : "", base);
    }
  adw_window_title_set_subtitle (self->window_title, subtitle);
}

/* Keyboard focus: it always lands on a widget that is there. A closed
 * menu (a submenu's item), a page switched away or a dialog gone must not
 * leave it on a widget that went away, where Tab and every shortcut stop
 * working until a click. */

/* The widget a page starts with: the board, the first game… */
static void
focus_page (BsWindow *self)
{
  const char *page = bs_window_get_page (self);
  GtkWidget *widget = NULL;

  if (g_strcmp0 (page, "play") == 0)
    widget = bs_play_view_get_default_focus (self->play_view);
  else if (g_strcmp0 (page, "start") == 0)
    widget = bs_start_view_get_default_focus (self->start_view);
  if (widget == NULL || !gtk_widget_grab_focus (widget))
    {
      GtkWidget *child = gtk_stack_get_visible_child (self->stack);

      if (child == NULL || !gtk_widget_child_focus (child, GTK_DIR_TAB_FORWARD))
        gtk_widget_grab_focus (GTK_WIDGET (self->menu_button));
    }
}

static gboolean
is_usable_focus (BsWindow  *self,
                 GtkWidget *widget)
{
  return widget != NULL && gtk_widget_get_mapped (widget) && gtk_widget_is_sensitive (widget)
         && gtk_widget_get_native (widget) == GTK_NATIVE (self);
}

static gboolean
restore_focus (gpointer data)
{
  BsWindow *self = data;
  GtkWidget *focus = gtk_window_get_focus (GTK_WINDOW (self));

  self->focus_idle = 0;
  /* In a popover that is open, or in the window: where it should be. */
  if (focus != NULL && gtk_widget_get_mapped (focus))
    return G_SOURCE_REMOVE;
  if (is_usable_focus (self, self->last_focus))
    gtk_widget_grab_focus (self->last_focus);
  else
    focus_page (self);
  return G_SOURCE_REMOVE;
}

static void
schedule_focus_check (BsWindow *self)
{
  /* After the popover has gone and the page has changed. */
  if (self->focus_idle == 0)
    self->focus_idle = g_idle_add_full (G_PRIORITY_LOW, restore_focus, self, NULL);
}

static void
on_focus_widget_changed (BsWindow   *self,
                         GParamSpec *pspec,
                         gpointer    data)
{
  GtkWidget *focus = gtk_window_get_focus (GTK_WINDOW (self));

  if (is_usable_focus (self, focus) && focus != self->last_focus)
    {
      if (self->last_focus != NULL)
        g_object_remove_weak_pointer (G_OBJECT (self->last_focus),
                                      (gpointer *) &self->last_focus);
      self->last_focus = focus;
      g_object_add_weak_pointer (G_OBJECT (focus), (gpointer *) &self->last_focus);
    }
  schedule_focus_check (self);
}

static void
show_balance_now (BsWindow *self)
{
  gtk_stack_set_visible_child_name (self->stack, "balance");
  bs_window_update_actions (self);
  update_title (self);
  focus_page (self);
}

static void
set_game (BsWindow *self,
          BsGame   *game)
{
  g_autoptr(BsPlayScene) scene = NULL;

  if (game != NULL)
    {
      scene = bs_play_scene_new (game);
      bs_play_scene_set_show_legal (scene,
                                    g_settings_get_boolean (self->settings, "show-legal-moves"));
    }
  g_set_object (&self->game, game);
  g_set_object (&self->scene, scene);
  /* Turns in no file are copied as they are played (bs-autosave.h). */
  bs_autosave_watch_game (bs_autosave_get_default (), self, game);
  g_signal_group_set_target (self->game_signals, game);
  g_signal_group_set_target (self->scene_signals, scene);
  bs_play_view_set_scene (self->play_view, scene);
  bs_computer_player_set_scene (self->computer, scene);

  if (game != NULL)
    gtk_stack_set_visible_child_name (self->stack, "play");
  bs_window_update_actions (self);
  update_title (self);
  if (game != NULL)
    focus_page (self);
}

void
bs_window_show_game (BsWindow *self,
                     BsGame   *game)
{
  g_return_if_fail (BS_IS_WINDOW (self));
  g_return_if_fail (BS_IS_GAME (game));
  set_game (self, game);
}

static guint64
new_seed (void)
{
  return ((guint64) g_random_int () << 32) | g_random_int ();
}

gboolean
bs_window_open_variant (BsWindow    *self,
                        const char  *name_or_path,
                        GError     **error)
{
  return bs_window_open_variant_seeded (self, name_or_path, new_seed (), error);
}

gboolean
bs_window_open_variant_seeded (BsWindow    *self,
                               const char  *name_or_path,
                               guint64      seed,
                               GError     **error)
{
  g_autoptr(BsVariant) variant = NULL;
  g_autoptr(BsGame) game = NULL;

  g_return_val_if_fail (BS_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (name_or_path != NULL, FALSE);

  variant = bs_variant_lookup (name_or_path, error);
  if (variant == NULL)
    return FALSE;
  game = bs_game_new (variant, seed, error);
  if (game == NULL)
    return FALSE;

  g_settings_set_string (self->settings, "last-variant", name_or_path);
  set_game (self, game);
  return TRUE;
}

/* A game opened from a file (bs_game_open_file) into the window. */
static void
show_opened (BsWindow   *self,
             GFile      *file,
             BsGame     *game,
             gboolean    is_record,
             const char *warning)
{
  if (is_record)
    {
      add_recent (file);
      set_game (self, game);
      /* A simultaneous game opens on the outcome of its last round. */
      bs_play_scene_reveal_last_round (self->scene);
    }
  else
    {
      g_autofree char *path = g_file_get_path (file);

      g_settings_set_string (self->settings, "last-variant", path);
      set_game (self, game);
      /* A variant opened from a file is a recent game too. */
      add_recent (file);
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
        add_recent (request->file);
      else
        {
          if (g_strcmp0 (bs_window_get_page (self), "balance") == 0)
            bs_window_show_start (self);
          show_open_error (self, request->file, error->message);
        }
      update_title (self);
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
  show_balance_now (self);
}

gboolean
bs_window_open_file (BsWindow  *self,
                     GFile     *file,
                     GError   **error)
{
  g_autoptr(BsGame) game = NULL;
  g_autofree char *warning = NULL;
  gboolean is_record = FALSE;

  g_return_val_if_fail (BS_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  /* Read in a thread even here: errors show in the window. */
  if (bs_file_is_study (file))
    {
      open_study (self, file);
      return TRUE;
    }
  game = bs_game_open_file (file, new_seed (), &is_record, &warning, error);
  if (game == NULL)
    return FALSE;
  show_opened (self, file, game, is_record, warning);
  return TRUE;
}

static void
show_open_error (BsWindow   *self,
                 GFile      *file,
                 const char *message)
{
  g_autofree char *name = g_file_get_parse_name (file);
  g_autofree char *body = g_strdup_printf ("%s\n\n%s", name, message);

  show_error (self, _("Could Not Open the File"), body);
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
  g_autofree char *warning = NULL;
  gboolean is_record = FALSE;

  game = bs_game_open_file_finish (result, &is_record, &warning, &error);
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
      if (game != NULL)
        show_opened (self, request->file, game, is_record, warning);
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
                     GTask    *task)
{
  OpenRequest *request;

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
  bs_game_open_file_async (file, new_seed (), self->opening, on_file_opened, request);
}

void
bs_window_open_file_async (BsWindow *self,
                           GFile    *file)
{
  g_return_if_fail (BS_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  open_file_in_thread (self, file, NULL);
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
  open_file_in_thread (self, file, task);
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

gboolean
bs_window_play_moves (BsWindow    *self,
                      const char  *moves,
                      GError     **error)
{
  g_auto(GStrv) turns = NULL;

  g_return_val_if_fail (BS_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (moves != NULL, FALSE);

  if (self->game == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("No game is open"));
      return FALSE;
    }
  turns = g_strsplit_set (moves, " \t\n", -1);
  for (guint i = 0; turns[i] != NULL; i++)
    {
      g_autoptr(GError) local_error = NULL;

      if (turns[i][0] == '\0')
        continue;
      if (!bs_game_play_notation (self->game, turns[i], &local_error))
        {
          g_set_error (error, local_error->domain, local_error->code, _("Move %u (%s): %s"),
                       bs_game_get_current (self->game) + 1, turns[i], local_error->message);
          return FALSE;
        }
    }
  bs_play_scene_reveal_last_round (self->scene);
  return TRUE;
}

void
bs_window_show_start (BsWindow *self)
{
  g_return_if_fail (BS_IS_WINDOW (self));

  /* The user may have saved variants or games since. */
  bs_start_view_reload (self->start_view);
  gtk_stack_set_visible_child_name (self->stack, "start");
  bs_window_update_actions (self);
  update_title (self);
  focus_page (self);
}

/* Actions. */

static void
set_action_enabled (BsWindow   *self,
                    const char *name,
                    gboolean    enabled)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), name);

  if (action != NULL)
    g_simple_action_set_enabled (G_SIMPLE_ACTION (action), enabled);
}

static void
bs_window_update_actions (BsWindow *self)
{
  gboolean playing = self->game != NULL
                     && g_strcmp0 (bs_window_get_page (self), "play") == 0;
  gboolean editing = g_strcmp0 (bs_window_get_page (self), "editor") == 0;

  set_action_enabled (self, "undo", editing || (playing && bs_game_get_can_undo (self->game)));
  set_action_enabled (self, "redo", editing || (playing && bs_game_get_can_redo (self->game)));
  set_action_enabled (self, "history-back", playing && bs_game_get_can_undo (self->game));
  set_action_enabled (self, "history-forward", playing && bs_game_get_can_redo (self->game));
  set_action_enabled (self, "history-start", playing && bs_game_get_can_undo (self->game));
  set_action_enabled (self, "history-end", playing && bs_game_get_can_redo (self->game));
  set_action_enabled (self, "history-go-to", playing);
  set_action_enabled (self, "save", playing || editing);
  set_action_enabled (self, "save-as", playing);
  set_action_enabled (self, "new-game", playing);
  set_action_enabled (self, "choose-game",
                      playing || g_strcmp0 (bs_window_get_page (self), "balance") == 0);
  set_action_enabled (self, "edit-this-variant", playing);
  set_action_enabled (self, "show-editor",
                      playing && bs_editor_view_get_document (self->editor_view) != NULL);
  bs_computer_player_set_active (self->computer, playing);
  gtk_menu_button_set_menu_model (self->menu_button,
                                  playing ? self->primary_menu : self->general_menu);
  bs_export_actions_set_enabled (BS_EXPORT_HOST (self), playing);
  gtk_widget_set_visible (self->back_button,
                          playing || g_strcmp0 (bs_window_get_page (self), "balance") == 0);
  gtk_widget_set_visible (self->history_box, playing);
  gtk_widget_set_visible (self->new_game_button, playing);
  gtk_widget_set_visible (self->edit_button,
                          playing && bs_editor_view_get_document (self->editor_view) != NULL);
}

static void
restart (gpointer owner,
         gpointer data)
{
  BsWindow *self = owner;
  g_autoptr(GError) error = NULL;
  g_autoptr(BsGame) game = NULL;

  game = bs_game_new (bs_game_get_variant (self->game), new_seed (), &error);
  if (game == NULL)
    {
      show_error (self, _("Could Not Start a Game"), error->message);
      return;
    }
  set_game (self, game);
}

static void
new_game_activated (GSimpleAction *action,
                    GVariant      *param,
                    gpointer       user_data)
{
  BsWindow *self = user_data;

  if (self->game == NULL)
    return;
  confirm_discard (self, restart, NULL, NULL);
}

static void
go_to_start (gpointer owner,
             gpointer data)
{
  BsWindow *self = owner;

  set_game (self, NULL);
  bs_window_show_start (self);
}

static void
choose_game_activated (GSimpleAction *action,
                       GVariant      *param,
                       gpointer       user_data)
{
  BsWindow *self = user_data;

  /* Leaving the Balance page pauses its study (its file keeps the games);
   * the game being played, if any, stays. */
  if (g_strcmp0 (bs_window_get_page (self), "balance") == 0)
    {
      /* A study still being read is not wanted any more. */
      if (self->opening != NULL)
        g_cancellable_cancel (self->opening);
      g_clear_object (&self->opening);
      bs_balance_view_pause (self->balance_view);
      bs_window_show_start (self);
      return;
    }
  confirm_discard (self, go_to_start, NULL, NULL);
}

static void
open_file_now (gpointer owner,
               gpointer data)
{
  BsWindow *self = owner;

  bs_window_open_file_async (self, data);
}

static void
on_open_chosen (GFile    *file,
                gpointer  user_data)
{
  BsWindow *self = user_data;

  if (file != NULL)
    {
      bs_folders_remember (BS_FOLDER_OPEN, file);
      confirm_discard (self, open_file_now, g_object_ref (file), g_object_unref);
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
    save_then (self, FALSE, NULL);
}

static void
save_as_activated (GSimpleAction *action,
                   GVariant      *param,
                   gpointer       user_data)
{
  BsWindow *self = user_data;

  if (self->game != NULL)
    save_then (self, TRUE, NULL);
}

static void
undo_now (gpointer owner,
          gpointer data)
{
  BsWindow *self = owner;

  if (self->game != NULL)
    bs_computer_player_undo (self->computer);
}

static void
undo_activated (GSimpleAction *action,
                GVariant      *param,
                gpointer       user_data)
{
  BsWindow *self = user_data;

  if (g_strcmp0 (bs_window_get_page (self), "editor") == 0)
    gtk_widget_activate_action (GTK_WIDGET (self->editor_view), "editor.undo", NULL);
  else if (self->game != NULL)
    confirm_leave_round (self, undo_now, NULL, NULL);
}

static void
redo_activated (GSimpleAction *action,
                GVariant      *param,
                gpointer       user_data)
{
  BsWindow *self = user_data;

  if (g_strcmp0 (bs_window_get_page (self), "editor") == 0)
    gtk_widget_activate_action (GTK_WIDGET (self->editor_view), "editor.redo", NULL);
  else if (self->game != NULL)
    bs_game_redo (self->game);
}

static void
go_to_now (gpointer owner,
           gpointer data)
{
  BsWindow *self = owner;
  guint target = GPOINTER_TO_UINT (data);

  if (self->game != NULL && target <= bs_game_get_n_turns (self->game))
    bs_game_go_to (self->game, target);
}

static void
history_activated (GSimpleAction *action,
                   GVariant      *param,
                   gpointer       user_data)
{
  BsWindow *self = user_data;
  const char *name = g_action_get_name (G_ACTION (action));
  guint current, target;

  if (self->game == NULL)
    return;
  current = bs_game_get_current (self->game);
  if (g_str_equal (name, "history-back") && current > 0)
    target = current - 1;
  else if (g_str_equal (name, "history-forward") && current < bs_game_get_n_turns (self->game))
    target = current + 1;
  else if (g_str_equal (name, "history-start"))
    target = 0;
  else if (g_str_equal (name, "history-end"))
    target = bs_game_get_n_turns (self->game);
  else if (g_str_equal (name, "history-go-to"))
    target = MIN (g_variant_get_uint32 (param), bs_game_get_n_turns (self->game));
  else
    return;
  if (target != current)
    confirm_leave_round (self, go_to_now, GUINT_TO_POINTER (target), NULL);
}

/* The help's controls paragraph, worded from the game's play declaration
 * (bs-module.h: what a move is made of) and nothing else. */
static char *
describe_controls (BsPlayScene *scene)
{
  const BsPlaySpec *play = bs_play_scene_get_play_spec (scene);
  const BsModule *module = bs_game_get_ruleset (bs_play_scene_get_game (scene))->module;
  g_autoptr(GString) out = g_string_new (NULL);
  int kinds[BS_MAX_KINDS];
  guint n_kinds = bs_play_scene_get_kind_choices (scene, kinds);

#define SENTENCE(...) G_STMT_START {                  \
    if (out->len > 0)                                   \
      g_string_append_c (out, ' ');                     \
    g_string_append_printf (out, __VA_ARGS__);          \
  } G_STMT_END

  if (bs_play_scene_gives_orders (scene))
    {
      SENTENCE ("%s", _("Both players give orders in secret. When it is your turn, click one "
                        "of your pieces, then a highlighted cell to move it there."));
      if (play->stay_label != NULL)
        /* Translators: %1$s (twice) is what a piece ordered to stay does, e.g. "defends". */
        SENTENCE (_("Click the piece itself and it %1$s; a piece without an order %1$s too."),
                  _(play->stay_label));
      SENTENCE ("%s", _("Press Done and hand over. When both have given orders, they are "
                        "revealed as arrows and the board shows what the round did."));
      return g_string_free (g_steal_pointer (&out), FALSE);
    }

  if (n_kinds > 1)
    {
      g_autoptr(GString) list = g_string_new (NULL);

      for (guint i = 0; i < n_kinds; i++)
        {
          if (i > 0)
            /* Translators: separates the kinds of piece in a list ("Small, Large"). */
            g_string_append (list, _(", "));
          g_string_append (list, _(module->kinds[kinds[i]].label));
        }
      if (n_kinds == 2)
        /* Translators: %s lists the two kinds of piece ("Small, Large"). */
        SENTENCE (_("Choose the kind of piece to place above the board (%s), or press 1 or 2."),
                  list->str);
      else
        /* Translators: %s lists the kinds of piece ("Small, Medium, Large"), %u is
         * how many number keys choose them. */
        SENTENCE (_("Choose the kind of piece to place above the board (%s), or press 1 to %u."),
                  list->str, MIN (n_kinds, 4));
    }
  if (bs_play_scene_has_direction_choice (scene))
    /* Translators: %s is the direction chooser's label, e.g. "Triangle points". */
    SENTENCE (_("Where a piece points (%s): the arrows above the board, or R to turn it "
                "(Shift+R back)."),
              play->direction_prompt != NULL ? _(play->direction_prompt) : _("Direction"));
  if (play->flags & BS_PLAY_PLACE)
    SENTENCE ("%s", _("To place a piece, click an empty cell."));
  if (play->flags & BS_PLAY_STEP)
    SENTENCE ("%s", _("To move one of your pieces, click it, then one of the highlighted "
                      "cells (or drag it there); click it again to let go of it."));
  if ((play->flags & BS_PLAY_FOLLOW_UP) && play->n_follow_ups > 0)
    {
      gboolean directions = TRUE;
      const char *prompt = play->follow_up_prompt != NULL ? _(play->follow_up_prompt) : "";

      for (guint f = 0; f < play->n_follow_ups; f++)
        directions &= play->follow_ups[f].direction >= 0;
      if (directions)
        /* Translators: %s is the follow-up's prompt, e.g. "Push". */
        SENTENCE (_("Then one more choice appears at the cell, %s: click one of its arrows "
                    "or press an arrow key."), prompt);
      else
        /* Translators: %s is the follow-up's prompt. */
        SENTENCE (_("Then one more choice appears at the cell, %s: click one of its "
                    "buttons."), prompt);
    }
  for (guint w = 0; w < play->n_words; w++)
    {
      g_autofree char *label = g_strdup (_(play->words[w].label));
      char *mnemonic = strchr (label, '_');

      if (mnemonic != NULL)
        memmove (mnemonic, mnemonic + 1, strlen (mnemonic));
      /* Translators: %s is the label of a button such as "Pass". */
      SENTENCE (_("The %s button above the board can be pressed when it is legal."), label);
      if (play->words[w].description != NULL)
        SENTENCE ("%s", _(play->words[w].description));
      if (play->words[w].ends_game)
        SENTENCE ("%s", _("Before it ends the game, it says who would win and asks you to "
                          "confirm."));
    }
  SENTENCE ("%s", _("Marked cells show where you may play. The arrow keys move the cursor "
                    "and Enter does what a click on its cell does."));
#undef SENTENCE
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* A heading and its paragraph in the help. */
static void
add_help_section (GtkWidget  *box,
                  const char *heading,
                  const char *text)
{
  GtkWidget *title = gtk_label_new (heading);
  GtkWidget *body = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_widget_add_css_class (title, "heading");
  if (gtk_widget_get_first_child (box) != NULL)
    gtk_widget_set_margin_top (title, 12);
  gtk_label_set_xalign (GTK_LABEL (body), 0);
  gtk_label_set_wrap (GTK_LABEL (body), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (body), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_max_width_chars (GTK_LABEL (body), 50);
  gtk_label_set_width_chars (GTK_LABEL (body), 20);
  gtk_box_append (GTK_BOX (box), title);
  gtk_box_append (GTK_BOX (box), body);
}

static void
help_activated (GSimpleAction *action,
                GVariant      *param,
                gpointer       user_data)
{
  BsWindow *self = user_data;
  const BsModule *module;
  GtkWidget *dialog;

  /* The editor explains itself. */
  if (g_strcmp0 (bs_window_get_page (self), "editor") == 0)
    {
      gtk_widget_activate_action (GTK_WIDGET (self->editor_view), "editor.help", NULL);
      return;
    }
  if (self->game == NULL)
    {
      dialog = adw_message_dialog_new (GTK_WINDOW (self), _("How to Play"),
                                       _("Choose a game from the list to start playing. "
                                         "Each game explains its moves with F1 once started."));
    }
  else
    {
      g_autofree char *rules = NULL;
      g_autofree char *goal = NULL;
      g_autofree char *controls = describe_controls (self->scene);
      GtkWidget *sections, *scroller;

      module = bs_game_get_ruleset (self->game)->module;
      bs_ruleset_describe_rules (bs_game_get_ruleset (self->game), &rules, &goal);
      /* The game in a line, then its rules as this variant sets them, how
       * to win and how to play it here, each under its heading, scrolled
       * when they are taller than the window (a phone). */
      dialog = adw_message_dialog_new (GTK_WINDOW (self), _(module->name),
                                       _(module->description));
      sections = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
      if (rules != NULL && *rules != '\0' && g_strcmp0 (rules, _(module->description)) != 0)
        add_help_section (sections, _("Rules"), rules);
      if (goal != NULL && *goal != '\0')
        add_help_section (sections, _("How to Win"), goal);
      add_help_section (sections, _("How to Play"), controls);
      scroller = gtk_scrolled_window_new ();
      gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER,
                                      GTK_POLICY_AUTOMATIC);
      gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scroller), TRUE);
      gtk_scrolled_window_set_max_content_height (
        GTK_SCROLLED_WINDOW (scroller), MAX (160, gtk_widget_get_height (GTK_WIDGET (self)) - 240));
      gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), sections);
      adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), scroller);
    }
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

/* The variant editor (issue 6): a page beside start and play. */

gboolean
bs_window_play_variant (BsWindow         *self,
                        const BsVariant  *variant,
                        GError          **error)
{
  g_autoptr(BsGame) game = NULL;

  g_return_val_if_fail (BS_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (variant != NULL, FALSE);

  game = bs_game_new (variant, new_seed (), error);
  if (game == NULL)
    return FALSE;
  set_game (self, game);
  return TRUE;
}

static void
show_editor_now (gpointer data)
{
  BsWindow *self = data;

  gtk_stack_set_visible_child_name (self->stack, "editor");
  bs_window_update_actions (self);
  update_title (self);
  focus_page (self);
}

typedef struct {
  BsWindow          *self;
  BsVariantDocument *document;
} EditRequest;

static void
edit_now (gpointer editor,
          gpointer data)
{
  EditRequest *request = data;

  bs_editor_view_set_document (request->self->editor_view, request->document);
  show_editor_now (request->self);
  g_object_unref (request->document);
  g_object_unref (request->self);
  g_free (request);
}

void
bs_window_edit (BsWindow          *self,
                BsVariantDocument *document)
{
  EditRequest *request;

  g_return_if_fail (BS_IS_WINDOW (self));
  g_return_if_fail (BS_IS_VARIANT_DOCUMENT (document));

  request = g_new0 (EditRequest, 1);
  request->self = g_object_ref (self);
  request->document = g_object_ref (document);
  /* Edits of another variant are not thrown away silently. */
  if (bs_editor_view_get_document (self->editor_view) == document)
    edit_now (self->editor_view, request);
  else
    bs_editor_view_confirm_discard (self->editor_view, edit_now, request);
}

BsBalanceView *
bs_window_get_balance_view (BsWindow *self)
{
  g_return_val_if_fail (BS_IS_WINDOW (self), NULL);
  return self->balance_view;
}

BsStartView *
bs_window_get_start_view (BsWindow *self)
{
  g_return_val_if_fail (BS_IS_WINDOW (self), NULL);
  return self->start_view;
}

BsEditorView *
bs_window_get_editor_view (BsWindow *self)
{
  g_return_val_if_fail (BS_IS_WINDOW (self), NULL);
  return self->editor_view;
}

/* A change the Balance page found, made in the editor (on_balance_apply). */
static void
apply_setting (BsVariantDocument *document,
               const char        *key,
               const char        *value)
{
  int number = atoi (value);

  if (g_str_has_prefix (key, "supply.") && strlen (key) > 9)
    bs_variant_document_set_supply (document, key[7] - '0', key + 9, number);
  else if (g_str_equal (key, "width"))
    bs_variant_document_set_width (document, number);
  else if (g_str_equal (key, "height"))
    bs_variant_document_set_height (document, number);
  else if (g_str_equal (key, "size"))
    bs_variant_document_set_size (document, number);
  else
    bs_variant_document_set_option (document, key, value);
}

static void
edit_applied (BsWindow          *self,
              BsVariantDocument *document,
              const char        *key,
              const char        *value)
{
  g_autofree char *message = NULL;

  bs_window_edit (self, document);
  message = g_strdup_printf (_("%s set to %s: save the variant to keep it"), key, value);
  bs_window_show_message (self, message);
}

/* A user's variant file for the editor, read in a thread: it may be large. */
typedef struct {
  BsWindow *self;
  char     *key;     /* From the Balance page: a setting to change, else NULL. */
  char     *value;
} EditOpenRequest;

static void
edit_open_request_free (EditOpenRequest *request)
{
  g_object_unref (request->self);
  g_free (request->key);
  g_free (request->value);
  g_free (request);
}

static void
on_document_opened (GObject      *source,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  EditOpenRequest *request = user_data;
  BsWindow *self = request->self;
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariantDocument) document = bs_variant_document_open_finish (result, &error);

  /* A newer open, or the window closing, replaced this one. */
  if (!g_cancellable_is_cancelled (g_task_get_cancellable (G_TASK (result))))
    {
      g_clear_object (&self->opening);
      if (document == NULL)
        show_error (self, _("Could Not Edit the Variant"), error->message);
      else if (request->key != NULL)
        {
          apply_setting (document, request->key, request->value);
          edit_applied (self, document, request->key, request->value);
        }
      else
        bs_window_edit (self, document);
    }
  edit_open_request_free (request);
}

static void
open_for_editing (BsWindow   *self,
                  const char *path,
                  const char *key,
                  const char *value)
{
  EditOpenRequest *request = g_new0 (EditOpenRequest, 1);

  if (self->opening != NULL)
    g_cancellable_cancel (self->opening);
  g_clear_object (&self->opening);
  self->opening = g_cancellable_new ();
  request->self = g_object_ref (self);
  request->key = g_strdup (key);
  request->value = g_strdup (value);
  bs_variant_document_open_async (path, self->opening, on_document_opened, request);
}

static void
edit_variant_activated (GSimpleAction *action,
                        GVariant      *param,
                        gpointer       user_data)
{
  BsWindow *self = user_data;
  const char *source = g_variant_get_string (param, NULL);
  g_autoptr(BsVariantDocument) document = NULL;
  g_autoptr(BsVariant) variant = NULL;
  g_autoptr(GError) error = NULL;

  /* "": the variant being played. A user's file is edited in place; a
   * built-in one is duplicated (it is saved among the user's variants). */
  if (source[0] == '\0' && self->game != NULL)
    document = bs_variant_document_new (bs_game_get_variant (self->game));
  else if (source[0] == '\0')
    return;
  else if (g_path_is_absolute (source) && g_file_test (source, G_FILE_TEST_IS_REGULAR))
    {
      open_for_editing (self, source, NULL, NULL);
      return;
    }
  else if ((variant = bs_variant_lookup (source, &error)) != NULL)
    {
      /* A copy gets a name of its own, so the list does not show two of
       * the same. */
      g_autofree char *name = g_strdup_printf (_("%s (copy)"),
                                               variant->name != NULL ? variant->name : source);

      g_free (variant->name);
      variant->name = g_steal_pointer (&name);
      document = bs_variant_document_new (variant);
    }
  if (document == NULL)
    {
      if (error != NULL)
        show_error (self, _("Could Not Edit the Variant"), error->message);
      return;
    }
  bs_window_edit (self, document);
}

static void
edit_this_variant_activated (GSimpleAction *action,
                             GVariant      *param,
                             gpointer       user_data)
{
  BsWindow *self = user_data;
  g_autoptr(BsVariantDocument) document = NULL;

  /* The variant being played: a user's file is edited in place, a built-in
   * one duplicated, like the start page's edit buttons. */
  if (self->game == NULL)
    return;
  document = bs_variant_document_new (bs_game_get_variant (self->game));
  bs_window_edit (self, document);
}

static void
new_variant_activated (GSimpleAction *action,
                       GVariant      *param,
                       gpointer       user_data)
{
  BsWindow *self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariant) variant = bs_variant_new_for_module (g_variant_get_string (param, NULL),
                                                            &error);
  g_autoptr(BsVariantDocument) document = NULL;

  if (variant != NULL)
    {
      g_autofree char *name = g_strdup_printf (_("New %s Variant"), variant->name);

      g_free (variant->name);
      variant->name = g_steal_pointer (&name);
      document = bs_variant_document_new (variant);
    }
  if (document == NULL)
    show_error (self, _("Could Not Create the Variant"), error->message);
  else
    bs_window_edit (self, document);
}

static void
show_editor_activated (GSimpleAction *action,
                       GVariant      *param,
                       gpointer       user_data)
{
  BsWindow *self = user_data;

  if (bs_editor_view_get_document (self->editor_view) != NULL)
    show_editor_now (self);
}

static void
on_editor_play (BsWindow     *self,
                BsEditorView *view)
{
  g_autoptr(GError) error = NULL;
  BsVariantDocument *document = bs_editor_view_get_document (view);

  if (document != NULL
      && !bs_window_play_variant (self, bs_variant_document_get_variant (document), &error))
    show_error (self, _("Could Not Start a Game"), error->message);
}

static void
on_editor_close (BsWindow     *self,
                 BsEditorView *view)
{
  /* Saved or discarded by now: the editor starts afresh next time. A game
   * play-tested from it is left too (asked about, by its name). */
  bs_editor_view_set_document (view, NULL);
  confirm_discard (self, go_to_start, NULL, NULL);
}

static void
on_editor_saved (BsWindow     *self,
                 const char   *path,
                 BsEditorView *view)
{
  BsVariantDocument *document = bs_editor_view_get_document (view);
  const BsVariant *variant = bs_variant_document_get_variant (document);
  g_autofree char *message = NULL;
  g_autofree char *escaped = NULL;
  AdwToast *toast;

  bs_start_view_reload (self->start_view);
  update_title (self);

  /* Where it went is one click away, rather than a path in the toast. */
  if (bs_variant_document_get_valid (document))
    message = g_strdup_printf (_("“%s” saved"), bs_variant_display_name (variant));
  else
    message = g_strdup_printf (_("“%s” saved as a draft, to finish later"),
                               bs_variant_display_name (variant));
  g_free (self->last_message);
  self->last_message = g_strdup (message);
  if (self->toast != NULL)
    adw_toast_dismiss (self->toast);
  /* The title is markup: a variant called "Cats & Dogs" is text. */
  escaped = g_markup_escape_text (message, -1);
  toast = adw_toast_new (escaped);
  adw_toast_set_timeout (toast, 5);
  adw_toast_set_button_label (toast, _("Show in Files"));
  adw_toast_set_action_name (toast, "win.show-in-files");
  adw_toast_set_action_target_value (toast, g_variant_new_string (path));
  self->toast = toast;
  g_object_add_weak_pointer (G_OBJECT (self->toast), (gpointer *) &self->toast);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

static void
show_in_files_activated (GSimpleAction *action,
                         GVariant      *param,
                         gpointer       user_data)
{
  BsWindow *self = user_data;
  g_autoptr(GFile) file = g_file_new_for_path (g_variant_get_string (param, NULL));

  bs_compat_show_in_files (GTK_WINDOW (self), file);
}

static void
on_editor_message (BsWindow     *self,
                   const char   *message,
                   BsEditorView *view)
{
  bs_window_show_message (self, message);
}


/* The Balance page. */

static void
test_balance_activated (GSimpleAction *action,
                        GVariant      *param,
                        gpointer       user_data)
{
  BsWindow *self = user_data;
  const char *source = g_variant_get_string (param, NULL);
  g_autoptr(BsVariant) variant = NULL;
  g_autoptr(GError) error = NULL;

  /* "": the variant in the editor (saved or not). */
  if (source[0] == '\0')
    {
      BsVariantDocument *document = bs_editor_view_get_document (self->editor_view);

      if (document == NULL || !bs_variant_document_get_valid (document))
        return;
      variant = bs_variant_copy (bs_variant_document_get_variant (document));
      source = bs_variant_document_get_path (document);
    }
  else
    variant = bs_variant_lookup (source, &error);
  if (variant == NULL)
    {
      show_error (self, _("Could Not Open the Variant"), error->message);
      return;
    }
  /* A study still being read gives way. */
  if (self->opening != NULL)
    g_cancellable_cancel (self->opening);
  g_clear_object (&self->opening);
  bs_balance_view_set_variant (self->balance_view, variant, source);
  show_balance_now (self);
}

static void
on_balance_apply (BsWindow      *self,
                  const char    *source,
                  gpointer       fairest_variant,
                  const char    *key,
                  const char    *value,
                  BsBalanceView *view)
{
  g_autoptr(BsVariantDocument) document = NULL;
  g_autoptr(BsVariant) copy = NULL;
  g_autofree char *name = NULL;

  /* A user's file gets the change in the editor, unsaved, so it can be
   * looked at (and undone) before saving; a built-in variant is copied. */
  if (source != NULL && g_path_is_absolute (source) && g_file_test (source, G_FILE_TEST_IS_REGULAR))
    {
      open_for_editing (self, source, key, value);
      return;
    }
  copy = bs_variant_copy (fairest_variant);
  name = g_strdup_printf (_("%s (%s = %s)"), bs_variant_display_name (copy), key, value);
  g_free (copy->name);
  copy->name = g_steal_pointer (&name);
  document = bs_variant_document_new (copy);
  edit_applied (self, document, key, value);
}

static void
on_balance_message (BsWindow      *self,
                    const char    *message,
                    BsBalanceView *view)
{
  bs_window_show_message (self, message);
}

static void
on_balance_study_opened (BsWindow      *self,
                         const char    *path,
                         BsBalanceView *view)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);

  add_recent (file);
}

static const GActionEntry win_entries[] = {
  { "edit-variant", edit_variant_activated, "s" },
  { "edit-this-variant", edit_this_variant_activated },
  { "new-variant", new_variant_activated, "s" },
  { "show-editor", show_editor_activated },
  { "new-game", new_game_activated },
  { "choose-game", choose_game_activated },
  { "open", open_activated },
  { "save", save_activated },
  { "save-as", save_as_activated },
  { "undo", undo_activated },
  { "redo", redo_activated },
  { "history-back", history_activated },
  { "history-forward", history_activated },
  { "history-start", history_activated },
  { "history-end", history_activated },
  { "history-go-to", history_activated, "u" },
  { "help", help_activated },
  { "test-balance", test_balance_activated, "s" },
  { "show-in-files", show_in_files_activated, "s" },
};

/* The rest. */

static void
open_variant_now (gpointer owner,
                  gpointer data)
{
  BsWindow *self = owner;
  g_autoptr(GError) error = NULL;

  if (!bs_window_open_variant (self, data, &error))
    show_error (self, _("Could Not Start the Game"), error->message);
}

static void
on_variant_activated (BsWindow    *self,
                      const char  *name_or_path,
                      BsStartView *view)
{
  g_auto(GStrv) builtins = bs_variant_list_builtin ();

  /* The user's own variant files are read in a thread, as any file. */
  if (!g_strv_contains ((const char * const *) builtins, name_or_path))
    {
      g_autoptr(GFile) file = g_file_new_for_path (name_or_path);
      confirm_discard (self, open_file_now, g_steal_pointer (&file), g_object_unref);
      return;
    }
  confirm_discard (self, open_variant_now, g_strdup (name_or_path), g_free);
}

static void
on_record_activated (BsWindow    *self,
                     GFile       *file,
                     BsStartView *view)
{
  confirm_discard (self, open_file_now, g_object_ref (file), g_object_unref);
}

static void
close_now (gpointer owner,
           gpointer data)
{
  BsWindow *self = owner;

  if (self->game != NULL)
    bs_game_set_modified (self->game, FALSE);
  gtk_window_destroy (GTK_WINDOW (self));
}

static void
close_after_editor (gpointer editor,
                    gpointer data)
{
  BsWindow *self = data;

  bs_editor_view_set_document (self->editor_view, NULL);
  gtk_window_close (GTK_WINDOW (self));
}

static gboolean
bs_window_close_request (GtkWindow *window)
{
  BsWindow *self = BS_WINDOW (window);
  int width, height;

  gtk_window_get_default_size (window, &width, &height);
  g_settings_set_int (self->settings, "window-width", width);
  g_settings_set_int (self->settings, "window-height", height);
  g_settings_set_boolean (self->settings, "window-maximized", gtk_window_is_maximized (window));

  if (game_needs_saving (self) || orders_would_be_lost (self))
    {
      confirm_discard (self, close_now, NULL, NULL);
      return TRUE;
    }
  if (bs_editor_view_get_modified (self->editor_view))
    {
      bs_editor_view_confirm_discard (self->editor_view, close_after_editor, self);
      return TRUE;
    }
  return GTK_WINDOW_CLASS (bs_window_parent_class)->close_request (window);
}

static void
on_show_legal_changed (BsWindow *self)
{
  if (self->scene != NULL)
    bs_play_scene_set_show_legal (self->scene,
                                  g_settings_get_boolean (self->settings, "show-legal-moves"));
}

static void
bs_window_dispose (GObject *object)
{
  BsWindow *self = (BsWindow *) object;

  /* Closing the window drops a file being opened. */
  if (self->opening != NULL)
    g_cancellable_cancel (self->opening);
  g_clear_object (&self->opening);
  /* Closing the window stops the computer at once. */
  if (self->computer != NULL)
    bs_computer_player_set_scene (self->computer, NULL);
  g_clear_object (&self->computer);
  if (self->game_signals != NULL)
    g_signal_group_set_target (self->game_signals, NULL);
  if (self->scene_signals != NULL)
    g_signal_group_set_target (self->scene_signals, NULL);
  g_clear_object (&self->game_signals);
  g_clear_object (&self->scene_signals);
  g_clear_object (&self->scene);
  g_clear_object (&self->game);
  g_clear_object (&self->settings);
  g_clear_handle_id (&self->focus_idle, g_source_remove);
  if (self->last_focus != NULL)
    g_object_remove_weak_pointer (G_OBJECT (self->last_focus), (gpointer *) &self->last_focus);
  self->last_focus = NULL;
  gtk_widget_dispose_template (GTK_WIDGET (self), BS_TYPE_WINDOW);

  G_OBJECT_CLASS (bs_window_parent_class)->dispose (object);
}

static void
bs_window_finalize (GObject *object)
{
  BsWindow *self = (BsWindow *) object;

  g_free (self->last_message);

  G_OBJECT_CLASS (bs_window_parent_class)->finalize (object);
}

static void
bs_window_class_init (BsWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = bs_window_dispose;
  object_class->finalize = bs_window_finalize;
  window_class->close_request = bs_window_close_request;

  g_type_ensure (BS_TYPE_START_VIEW);
  g_type_ensure (BS_TYPE_PLAY_VIEW);
  g_type_ensure (BS_TYPE_EDITOR_VIEW);
  g_type_ensure (BS_TYPE_BALANCE_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/boardsmith/Boardsmith/bs-window.ui");
  gtk_widget_class_bind_template_child (widget_class, BsWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, BsWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, BsWindow, header_bar);
  gtk_widget_class_bind_template_child (widget_class, BsWindow, back_button);
  gtk_widget_class_bind_template_child (widget_class, BsWindow, history_box);
  gtk_widget_class_bind_template_child (widget_class, BsWindow, new_game_button);
  gtk_widget_class_bind_template_child (widget_class, BsWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, BsWindow, start_view);
  gtk_widget_class_bind_template_child (widget_class, BsWindow, play_view);
  gtk_widget_class_bind_template_child (widget_class, BsWindow, editor_view);
  gtk_widget_class_bind_template_child (widget_class, BsWindow, edit_button);
  gtk_widget_class_bind_template_child (widget_class, BsWindow, balance_view);
  gtk_widget_class_bind_template_child (widget_class, BsWindow, menu_button);
  gtk_widget_class_bind_template_child (widget_class, BsWindow, title_squeezer);
  gtk_widget_class_bind_template_child (widget_class, BsWindow, play_squeezer);
  gtk_widget_class_bind_template_child (widget_class, BsWindow, primary_menu);
  gtk_widget_class_bind_template_child (widget_class, BsWindow, general_menu);
  gtk_widget_class_bind_template_callback (widget_class, on_editor_play);
  gtk_widget_class_bind_template_callback (widget_class, on_editor_close);
  gtk_widget_class_bind_template_callback (widget_class, on_editor_saved);
  gtk_widget_class_bind_template_callback (widget_class, on_editor_message);
  gtk_widget_class_bind_template_callback (widget_class, on_variant_activated);
  gtk_widget_class_bind_template_callback (widget_class, on_record_activated);
  gtk_widget_class_bind_template_callback (widget_class, on_balance_apply);
  gtk_widget_class_bind_template_callback (widget_class, on_balance_message);
  gtk_widget_class_bind_template_callback (widget_class, on_balance_study_opened);
}

/* Autosave (bs-autosave.h): the editor's unsaved edits are copied as
 * they are made, as the game's turns are (set_game). */
static void
on_editor_document_changed (BsWindow     *self,
                            GParamSpec   *pspec,
                            BsEditorView *editor)
{
  bs_autosave_watch_document (bs_autosave_get_default (), editor,
                              bs_editor_view_get_document (editor));
}

/* A copy of what this window shows could not be written. */
static void
on_autosave_message (BsWindow   *self,
                     GObject    *owner,
                     const char *message)
{
  if (GTK_IS_WIDGET (owner) && gtk_widget_get_root (GTK_WIDGET (owner)) == GTK_ROOT (self))
    bs_window_show_message (self, message);
}

/* A window for one more restored item: the first into this window (the
 * one the recovery was offered in), if it has nothing to lose, then new
 * windows. */
static BsWindow *
window_for_restored (BsWindow *self,
                     gboolean  game)
{
  BsWindow *window;
  gboolean free_for_game = self->game == NULL || !bs_game_get_modified (self->game);
  gboolean free_for_variant = bs_editor_view_get_document (self->editor_view) == NULL;

  if (!g_object_get_data (G_OBJECT (self), "bs-recovery-used") &&
      (game ? free_for_game : free_for_variant))
    {
      g_object_set_data (G_OBJECT (self), "bs-recovery-used", GINT_TO_POINTER (1));
      return self;
    }
  window = bs_window_new (ADW_APPLICATION (gtk_window_get_application (GTK_WINDOW (self))));
  gtk_window_present (GTK_WINDOW (window));
  return window;
}

static void
on_restore_game (BsWindow  *self,
                 GtkWindow *window,
                 BsGame    *game)
{
  if (window == GTK_WINDOW (self))
    bs_window_show_game (window_for_restored (self, TRUE), game);
}

static void
on_restore_variant (BsWindow          *self,
                    GtkWindow         *window,
                    BsVariantDocument *document)
{
  if (window == GTK_WINDOW (self))
    bs_window_edit (window_for_restored (self, FALSE), document);
}

/* GTK 4.8 keeps a stack's hidden pages in the accessibility tree as visible
 * (only gtk_widget_hide() marks a widget hidden there): screen readers
 * would read the start page while the editor is shown. */
static void
sync_pages_hidden (BsWindow *self)
{
  GtkWidget *visible = gtk_stack_get_visible_child (self->stack);

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->stack));
       child != NULL; child = gtk_widget_get_next_sibling (child))
    gtk_accessible_update_state (GTK_ACCESSIBLE (child), GTK_ACCESSIBLE_STATE_HIDDEN,
                                 child != visible, -1);
}

static void
bs_window_init (BsWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  bs_adaptive_track_squeezer (self->title_squeezer);
  bs_adaptive_track_squeezer (self->play_squeezer);
  bs_menu_button_hide_tooltip_while_open (self->menu_button);
  g_signal_connect_object (self->stack, "notify::visible-child",
                           G_CALLBACK (sync_pages_hidden), self, G_CONNECT_SWAPPED);
  sync_pages_hidden (self);

  self->settings = g_settings_new (APP_ID);
  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));

  g_action_map_add_action_entries (G_ACTION_MAP (self), win_entries,
                                   G_N_ELEMENTS (win_entries), self);
  bs_export_actions_install (BS_EXPORT_HOST (self));

  self->computer = bs_computer_player_new (self->settings);
  bs_computer_player_add_actions (self->computer, G_ACTION_MAP (self));
  g_signal_connect_object (self->computer, "message",
                           G_CALLBACK (on_computer_message), self, G_CONNECT_SWAPPED);
  {
    GtkWidget *controls = bs_computer_controls_new (self->computer);

    adw_header_bar_pack_end (self->header_bar, controls);
    g_object_bind_property (self->new_game_button, "visible", controls, "visible",
                            G_BINDING_SYNC_CREATE);
  }

  g_settings_bind (self->settings, "show-coordinates",
                   bs_play_view_get_board_view (self->play_view), "coordinates",
                   G_SETTINGS_BIND_GET);
  g_signal_connect_object (self->settings, "changed::show-legal-moves",
                           G_CALLBACK (on_show_legal_changed), self, G_CONNECT_SWAPPED);

  self->game_signals = g_signal_group_new (BS_TYPE_GAME);
  g_signal_group_connect_object (self->game_signals, "notify::can-undo",
                                 G_CALLBACK (bs_window_update_actions), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->game_signals, "notify::can-redo",
                                 G_CALLBACK (bs_window_update_actions), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->game_signals, "notify::modified",
                                 G_CALLBACK (update_title), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->game_signals, "notify::file",
                                 G_CALLBACK (update_title), self, G_CONNECT_SWAPPED);
  self->scene_signals = g_signal_group_new (BS_TYPE_PLAY_SCENE);
  g_signal_group_connect_object (self->scene_signals, "message",
                                 G_CALLBACK (on_message), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->scene_signals, "game-finished",
                                 G_CALLBACK (on_game_finished), self, G_CONNECT_SWAPPED);

  g_signal_connect (self, "notify::focus-widget", G_CALLBACK (on_focus_widget_changed), NULL);

  g_signal_connect_object (self->editor_view, "notify::document",
                           G_CALLBACK (on_editor_document_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (bs_autosave_get_default (), "message",
                           G_CALLBACK (on_autosave_message), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (bs_autosave_get_default (), "restore-game",
                           G_CALLBACK (on_restore_game), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (bs_autosave_get_default (), "restore-variant",
                           G_CALLBACK (on_restore_variant), self, G_CONNECT_SWAPPED);

  bs_window_update_actions (self);
}

/* What the export actions need (bs-export-host.h). */
static BsGame *
export_host_get_game (BsExportHost *host)
{
  return BS_WINDOW (host)->game;
}

static BsBoardView *
export_host_get_board_view (BsExportHost *host)
{
  return bs_play_view_get_board_view (BS_WINDOW (host)->play_view);
}

static void
export_host_show_message (BsExportHost *host,
                          const char   *message)
{
  bs_window_show_message (BS_WINDOW (host), message);
}

static void
bs_window_export_host_init (BsExportHostInterface *iface)
{
  iface->get_game = export_host_get_game;
  iface->get_board_view = export_host_get_board_view;
  iface->show_message = export_host_show_message;
}

BsWindow *
bs_window_new (AdwApplication *application)
{
  return g_object_new (BS_TYPE_WINDOW, "application", application, NULL);
}

BsGame *
bs_window_get_game (BsWindow *self)
{
  g_return_val_if_fail (BS_IS_WINDOW (self), NULL);
  return self->game;
}

BsPlayScene *
bs_window_get_scene (BsWindow *self)
{
  g_return_val_if_fail (BS_IS_WINDOW (self), NULL);
  return self->scene;
}

BsComputerPlayer *
bs_window_get_computer_player (BsWindow *self)
{
  g_return_val_if_fail (BS_IS_WINDOW (self), NULL);
  return self->computer;
}

BsPlayView *
bs_window_get_play_view (BsWindow *self)
{
  g_return_val_if_fail (BS_IS_WINDOW (self), NULL);
  return self->play_view;
}

const char *
bs_window_get_page (BsWindow *self)
{
  g_return_val_if_fail (BS_IS_WINDOW (self), NULL);
  return gtk_stack_get_visible_child_name (self->stack);
}
