/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-app"

#include "config.h"

#include "bs-window.h"
#include "bs-window-private.h"

#include <glib/gi18n.h>

#include "bs-adaptive.h"
#include "bs-autosave.h"
#include "bs-computer-controls.h"
#include "bs-export-actions.h"
#include "bs-variant-xml.h"
#include "bs-widgets.h"

static void bs_window_export_host_init (BsExportHostInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (BsWindow, bs_window, ADW_TYPE_APPLICATION_WINDOW,
                               G_IMPLEMENT_INTERFACE (BS_TYPE_EXPORT_HOST,
                                                      bs_window_export_host_init))

void
bs_window_show_message (BsWindow   *self,
                        const char *message)
{
  g_autofree char *escaped = NULL;

  g_return_if_fail (BS_IS_WINDOW (self));
  g_return_if_fail (message != NULL);

  g_free (self->last_message);
  self->last_message = g_strdup (message);
  /* A toast is seen, not heard (GTK 4.8 tells a screen reader nothing of it). */
  bs_announcer_announce (self->announcer, message);

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

void
_bs_window_show_error (BsWindow   *self,
                       const char *heading,
                       const char *body)
{
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), heading, body);

  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
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

/* Closes every open menu button's popover under widget. Only shown ones:
 * popping down a popover never shown (no surface of its own) is what an
 * ASan run of test-computer once caught as a GTK critical,
 * gdk_surface_get_device_position on no surface; a hidden subtree has no
 * open popover. */
static void
popdown_menus (GtkWidget *widget)
{
  if (!gtk_widget_get_mapped (widget))
    return;
  if (GTK_IS_MENU_BUTTON (widget))
    {
      GtkPopover *popover = gtk_menu_button_get_popover (GTK_MENU_BUTTON (widget));

      if (popover != NULL && gtk_widget_get_mapped (GTK_WIDGET (popover)))
        gtk_menu_button_popdown (GTK_MENU_BUTTON (widget));
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    popdown_menus (child);
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
  /* A popover still open (Players, where two computers were just chosen)
   * is closed first, as its button would: left for the dialog to push
   * away, GTK 4.8 on X11 kept its pointer grab and took the next click,
   * on the dialog's Close or on Players after it (issue 29). */
  popdown_menus (GTK_WIDGET (self));
  gtk_window_present (GTK_WINDOW (dialog));
}

void
_bs_window_update_title (BsWindow *self)
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
void
_bs_window_focus_page (BsWindow *self)
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
    _bs_window_focus_page (self);
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

void
_bs_window_show_balance_now (BsWindow *self,
                             gboolean  from_editor)
{
  self->balance_from_editor = from_editor;
  gtk_stack_set_visible_child_name (self->stack, "balance");
  _bs_window_update_actions (self);
  _bs_window_update_title (self);
  _bs_window_focus_page (self);
}

void
_bs_window_set_game (BsWindow *self,
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
  _bs_window_rules_game_changed (self, game);
  /* Turns in no file are copied as they are played (bs-autosave.h). */
  bs_autosave_watch_game (bs_autosave_get_default (), self, game);
  g_signal_group_set_target (self->game_signals, game);
  g_signal_group_set_target (self->scene_signals, scene);
  bs_play_view_set_scene (self->play_view, scene);
  bs_computer_player_set_scene (self->computer, scene);

  if (game != NULL)
    gtk_stack_set_visible_child_name (self->stack, "play");
  _bs_window_update_actions (self);
  _bs_window_update_title (self);
  if (game != NULL)
    _bs_window_focus_page (self);
}

void
bs_window_show_game (BsWindow *self,
                     BsGame   *game)
{
  g_return_if_fail (BS_IS_WINDOW (self));
  g_return_if_fail (BS_IS_GAME (game));
  _bs_window_set_game (self, game);
}

guint64
_bs_window_new_seed (void)
{
  return ((guint64) g_random_int () << 32) | g_random_int ();
}

gboolean
bs_window_open_variant (BsWindow    *self,
                        const char  *name_or_path,
                        GError     **error)
{
  return bs_window_open_variant_seeded (self, name_or_path, _bs_window_new_seed (), error);
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
  _bs_window_set_game (self, game);
  return TRUE;
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
  _bs_window_update_actions (self);
  _bs_window_update_title (self);
  _bs_window_focus_page (self);
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

void
_bs_window_update_actions (BsWindow *self)
{
  gboolean playing = self->game != NULL
                     && g_strcmp0 (bs_window_get_page (self), "play") == 0;
  gboolean editing = g_strcmp0 (bs_window_get_page (self), "editor") == 0;
  gboolean balance = g_strcmp0 (bs_window_get_page (self), "balance") == 0;
  gboolean has_document = bs_editor_view_get_document (self->editor_view) != NULL;
  /* The Balance page opened from the editor goes back there. */
  gboolean back_to_editor = balance && self->balance_from_editor && has_document;
  const char *back = back_to_editor ? _("Back to the Variant Editor") : _("Choose Another Game");

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
  set_action_enabled (self, "choose-game", playing || balance);
  set_action_enabled (self, "edit-this-variant", playing);
  set_action_enabled (self, "show-editor", (playing || back_to_editor) && has_document);
  bs_computer_player_set_active (self->computer, playing);
  gtk_menu_button_set_menu_model (self->menu_button,
                                  playing ? self->primary_menu : self->general_menu);
  bs_export_actions_set_enabled (BS_EXPORT_HOST (self), playing);
  gtk_widget_set_visible (self->back_button, playing || balance);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (self->back_button),
                                  back_to_editor ? "win.show-editor" : "win.choose-game");
  gtk_button_set_icon_name (GTK_BUTTON (self->back_button),
                            back_to_editor ? "go-previous-symbolic" : "view-grid-symbolic");
  gtk_widget_set_tooltip_text (self->back_button, back);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->back_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, back, -1);
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

  game = bs_game_new (bs_game_get_variant (self->game), _bs_window_new_seed (), &error);
  if (game == NULL)
    {
      _bs_window_show_error (self, _("Could Not Start a Game"), error->message);
      return;
    }
  _bs_window_set_game (self, game);
}

static void
new_game_activated (GSimpleAction *action,
                    GVariant      *param,
                    gpointer       user_data)
{
  BsWindow *self = user_data;

  if (self->game == NULL)
    return;
  _bs_window_confirm_discard (self, restart, NULL, NULL);
}

void
_bs_window_go_to_start (gpointer owner,
                        gpointer data)
{
  BsWindow *self = owner;

  _bs_window_set_game (self, NULL);
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
  _bs_window_confirm_discard (self, _bs_window_go_to_start, NULL, NULL);
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
    _bs_window_confirm_leave_round (self, undo_now, NULL, NULL);
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
    _bs_window_confirm_leave_round (self, go_to_now, GUINT_TO_POINTER (target), NULL);
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

static const GActionEntry win_entries[] = {
  { "new-game", new_game_activated },
  { "choose-game", choose_game_activated },
  { "undo", undo_activated },
  { "redo", redo_activated },
  { "history-back", history_activated },
  { "history-forward", history_activated },
  { "history-start", history_activated },
  { "history-end", history_activated },
  { "history-go-to", history_activated, "u" },
};

/* The rest. */

static void
open_variant_now (gpointer owner,
                  gpointer data)
{
  BsWindow *self = owner;
  g_autoptr(GError) error = NULL;

  if (!bs_window_open_variant (self, data, &error))
    _bs_window_show_error (self, _("Could Not Start the Game"), error->message);
}

/* The start page's Play: two computers remembered for the game wait. */
static void
play_variant_now (gpointer owner,
                  gpointer data)
{
  BsWindow *self = owner;

  bs_computer_player_set_next_starts_paused (self->computer, TRUE);
  open_variant_now (owner, data);
  bs_computer_player_set_next_starts_paused (self->computer, FALSE);
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
      _bs_window_confirm_discard (self, _bs_window_play_file_now, g_steal_pointer (&file),
                                  g_object_unref);
      return;
    }
  _bs_window_confirm_discard (self, play_variant_now, g_strdup (name_or_path), g_free);
}

static void
on_record_activated (BsWindow    *self,
                     GFile       *file,
                     BsStartView *view)
{
  _bs_window_confirm_discard (self, _bs_window_open_file_now, g_object_ref (file),
                              g_object_unref);
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

  if (_bs_window_ask_before_closing (self))
    return TRUE;
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
  /* And stops watching a rules file. */
  _bs_window_rules_game_changed (self, NULL);
  g_clear_object (&self->rules_copy);
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

  g_type_ensure (BS_TYPE_ANNOUNCER);
  g_type_ensure (BS_TYPE_START_VIEW);
  g_type_ensure (BS_TYPE_PLAY_VIEW);
  g_type_ensure (BS_TYPE_EDITOR_VIEW);
  g_type_ensure (BS_TYPE_BALANCE_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/boardsmith/Boardsmith/bs-window.ui");
  gtk_widget_class_bind_template_child (widget_class, BsWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, BsWindow, announcer);
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
  gtk_widget_class_bind_template_child (widget_class, BsWindow, rules_banner);
  gtk_widget_class_bind_template_child (widget_class, BsWindow, rules_banner_label);
  gtk_widget_class_bind_template_child (widget_class, BsWindow, rules_banner_icon);
  gtk_widget_class_bind_template_child (widget_class, BsWindow, rules_banner_close);
  gtk_widget_class_bind_template_child (widget_class, BsWindow, balance_view);
  gtk_widget_class_bind_template_child (widget_class, BsWindow, menu_button);
  gtk_widget_class_bind_template_child (widget_class, BsWindow, title_squeezer);
  gtk_widget_class_bind_template_child (widget_class, BsWindow, play_squeezer);
  gtk_widget_class_bind_template_child (widget_class, BsWindow, primary_menu);
  gtk_widget_class_bind_template_child (widget_class, BsWindow, general_menu);
  gtk_widget_class_bind_template_callback (widget_class, on_variant_activated);
  gtk_widget_class_bind_template_callback (widget_class, on_record_activated);
  _bs_window_editing_class_init (widget_class);
  _bs_window_rules_class_init (widget_class);
}

/* Autosave (bs-autosave.h): the editor's unsaved edits are copied as
 * they are made, as the game's turns are (_bs_window_set_game()). */
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
  _bs_window_files_init (self);
  _bs_window_editing_init (self);
  _bs_window_help_init (self);
  _bs_window_rules_init (self);
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
                                 G_CALLBACK (_bs_window_update_actions), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->game_signals, "notify::can-redo",
                                 G_CALLBACK (_bs_window_update_actions), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->game_signals, "notify::modified",
                                 G_CALLBACK (_bs_window_update_title), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->game_signals, "notify::file",
                                 G_CALLBACK (_bs_window_update_title), self, G_CONNECT_SWAPPED);
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

  _bs_window_update_actions (self);
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
  BsWindow *window = g_object_new (BS_TYPE_WINDOW, "application", application, NULL);
  GtkShortcutsWindow *shortcuts =
    gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window));

  /* GtkApplication gave the window its shortcuts window as it joined. */
  if (shortcuts != NULL)
    {
      bs_shortcuts_window_name_buttons (shortcuts);
      bs_shortcuts_window_wrap_titles (shortcuts);
    }
  return window;
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
