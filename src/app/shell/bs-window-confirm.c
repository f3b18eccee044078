/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-app"

#include "config.h"

#include "bs-window-private.h"

#include <glib/gi18n.h>

/* Unsaved games: ask before they are lost. */

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
    _bs_window_save_then (self, bs_game_get_file (self->game) == NULL, pending);
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
void
_bs_window_confirm_discard (BsWindow       *self,
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
void
_bs_window_confirm_leave_round (BsWindow       *self,
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

/* The window closes after the answer that closes it (Discard, Save) has
 * been handled, not inside it: the question's dialog, closed already, is
 * still held by its response signal there. GTK 4.8 keeps a closed dialog's
 * pointer to its parent and disconnects from the parent when the dialog is
 * let go; a window freed first made that a use after free ("instance with
 * invalid (NULL) class pointer" at quit). The idle source holds the window. */
static gboolean
destroy_window (gpointer window)
{
  gtk_window_destroy (window);
  return G_SOURCE_REMOVE;
}

static gboolean
close_window (gpointer window)
{
  gtk_window_close (window);
  return G_SOURCE_REMOVE;
}

static void
destroy_after_editor (gpointer editor,
                      gpointer data)
{
  BsWindow *self = data;

  bs_editor_view_set_document (self->editor_view, NULL);
  g_idle_add_full (G_PRIORITY_DEFAULT, destroy_window, g_object_ref (self), g_object_unref);
}

/* The game is settled; the editor's edits are asked about next (a game
 * play-tested from an edited variant leaves both unsaved), once the
 * game's question is gone. */
static gboolean
ask_editor_then_destroy (gpointer window)
{
  BsWindow *self = window;

  bs_editor_view_confirm_discard (self->editor_view, destroy_after_editor, self);
  return G_SOURCE_REMOVE;
}

static void
close_now (gpointer owner,
           gpointer data)
{
  BsWindow *self = owner;

  if (self->game != NULL)
    bs_game_set_modified (self->game, FALSE);
  g_idle_add_full (G_PRIORITY_DEFAULT, ask_editor_then_destroy, g_object_ref (self),
                   g_object_unref);
}

static void
close_after_editor (gpointer editor,
                    gpointer data)
{
  BsWindow *self = data;

  bs_editor_view_set_document (self->editor_view, NULL);
  g_idle_add_full (G_PRIORITY_DEFAULT, close_window, g_object_ref (self), g_object_unref);
}

/* Closing waits for an answer when a game, its orders or the editor's
 * edits would be lost: TRUE when it was asked. */
gboolean
_bs_window_ask_before_closing (BsWindow *self)
{
  if (game_needs_saving (self) || orders_would_be_lost (self))
    {
      _bs_window_confirm_discard (self, close_now, NULL, NULL);
      return TRUE;
    }
  if (bs_editor_view_get_modified (self->editor_view))
    {
      bs_editor_view_confirm_discard (self->editor_view, close_after_editor, self);
      return TRUE;
    }
  return FALSE;
}
