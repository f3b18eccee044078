/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-window-rules.c: the designer's loop. A rules file opened in the
 * window is watched (BsRulesFile) while its game is on show: each save
 * that loads replays the game on the new rules, as far as its moves are
 * still legal; a save that does not load is said under the header bar,
 * file and line, until a save loads again, and the game goes on with the
 * rules last loaded. */
#define G_LOG_DOMAIN "boardsmith-app"

#include "config.h"

#include "bs-window-private.h"

#include <glib/gi18n.h>

#include "bs-rules-catalog.h"
#include "bs-text.h"

typedef enum {
  BANNER_ERROR,
  BANNER_WARNING,
  BANNER_INFO,
} BannerKind;

static void
show_banner (BsWindow   *self,
             BannerKind  kind,
             const char *text)
{
  GtkWidget *box = gtk_revealer_get_child (self->rules_banner);

  gtk_label_set_text (self->rules_banner_label, text);
  if (kind == BANNER_ERROR)
    {
      gtk_widget_add_css_class (box, "error");
      gtk_image_set_from_icon_name (GTK_IMAGE (self->rules_banner_icon), "dialog-error-symbolic");
    }
  else
    {
      gtk_widget_remove_css_class (box, "error");
      gtk_image_set_from_icon_name (GTK_IMAGE (self->rules_banner_icon),
                                    kind == BANNER_WARNING ? "dialog-warning-symbolic"
                                                           : "document-edit-symbolic");
    }
  if (kind == BANNER_INFO)
    gtk_widget_add_css_class (box, "info");
  else
    gtk_widget_remove_css_class (box, "info");
  /* An error stays until a save loads; the rest may be put away. */
  gtk_widget_set_visible (self->rules_banner_close, kind != BANNER_ERROR);
  gtk_revealer_set_reveal_child (self->rules_banner, TRUE);
  bs_announcer_announce (self->announcer, text);
}

static void
hide_banner (BsWindow *self)
{
  gtk_revealer_set_reveal_child (self->rules_banner, FALSE);
  gtk_label_set_text (self->rules_banner_label, "");
}

static void
on_rules_banner_close (BsWindow *self)
{
  /* An error is not put away: it goes when the file loads. */
  if (self->rules_file == NULL || bs_rules_file_get_error (self->rules_file) == NULL)
    hide_banner (self);
}

/* The rules' reason as a sentence of its own, full stop included. */
static char *
reason_sentence (const char *why)
{
  g_autofree char *sentence = bs_text_sentence (why != NULL ? why : "");

  if (*sentence == '\0' || g_str_has_suffix (sentence, ".") || g_str_has_suffix (sentence, "!")
      || g_str_has_suffix (sentence, "?"))
    return g_steal_pointer (&sentence);
  return g_strconcat (sentence, ".", NULL);
}

static char *
file_name (BsWindow *self)
{
  return g_file_get_basename (bs_rules_file_get_file (self->rules_file));
}

static void
show_load_error (BsWindow   *self,
                 const char *message)
{
  g_autofree char *name = file_name (self);
  g_autofree char *sentence = bs_text_sentence (message);
  g_autofree char *text = NULL;

  /* Translators: %s is a file name; the next line is the error, which
   * starts with the file's path and line. */
  text = g_strdup_printf (_("“%s” does not load: the game goes on with the rules last loaded.\n"
                            "%s"), name, sentence);
  show_banner (self, BANNER_ERROR, text);
}

static void
on_rules_error (BsWindow    *self,
                GParamSpec  *pspec,
                BsRulesFile *rules_file)
{
  const char *error = bs_rules_file_get_error (rules_file);

  if (error != NULL)
    show_load_error (self, error);
  /* Loading again hides it through "reloaded". */
}

static void
on_rules_reloaded (BsWindow    *self,
                   BsRulesFile *rules_file)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BsGame) game = NULL;
  g_autofree char *why = NULL;
  g_autofree char *name = file_name (self);
  g_autofree char *refused = NULL;
  guint stopped = G_MAXUINT;

  if (self->game == NULL)
    return;
  game = bs_rules_file_replay (rules_file, self->game, &stopped, &why, &error);
  if (game == NULL)
    {
      show_load_error (self, error->message);
      return;
    }
  if (stopped != G_MAXUINT)
    refused = g_strdup (bs_game_get_notation (self->game, stopped));
  /* Keep the watch across the change of game: it plays the new rules. */
  _bs_window_set_game (self, game);
  if (stopped != G_MAXUINT)
    {
      g_autofree char *text = NULL;
      g_autofree char *reason = reason_sentence (why);

      if (stopped == 0)
        /* Translators: “%1$s” a file name, %2$u a move's number, “%3$s” the
         * move as written, %4$s why the rules refuse it (a sentence). */
        text = g_strdup_printf (_("“%1$s” reloaded: move %2$u “%3$s” is no longer legal. %4$s "
                                  "The game starts again."),
                                name, stopped + 1, refused, reason);
      else
        /* Translators: as above; %5$u is the number of the last move kept. */
        text = g_strdup_printf (_("“%1$s” reloaded: move %2$u “%3$s” is no longer legal. %4$s "
                                  "The game goes on after move %5$u."),
                                name, stopped + 1, refused, reason,
                                stopped);
      show_banner (self, BANNER_WARNING, text);
    }
  else
    {
      g_autofree char *text = g_strdup_printf (_("“%s” reloaded"), name);

      hide_banner (self);
      bs_window_show_message (self, text);
    }
}

/* New Rules from This Game: for a game with a rules file, the watched
 * one's or one that ships. */
static void
update_new_rules (BsWindow *self,
                  BsGame   *game)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), "new-rules");
  gboolean enabled = game != NULL
                     && (self->rules_file != NULL
                         || bs_rules_file_game_has_rules (bs_game_get_variant (game)->module));

  if (action != NULL)
    g_simple_action_set_enabled (G_SIMPLE_ACTION (action), enabled);
}

void
_bs_window_rules_game_changed (BsWindow *self,
                               BsGame   *game)
{
  if (self->rules_file != NULL
      && (game == NULL
          || bs_game_get_ruleset (game)->module != bs_rules_file_get_module (self->rules_file)))
    {
      g_signal_handlers_disconnect_by_data (self->rules_file, self);
      g_clear_object (&self->rules_file);
      if (self->rules_banner != NULL)
        hide_banner (self);
    }
  update_new_rules (self, game);
}

void
_bs_window_watch_rules (BsWindow    *self,
                        GFile       *file,
                        BsRulesGame *rules)
{
  if (self->rules_file != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->rules_file, self);
      g_clear_object (&self->rules_file);
    }
  hide_banner (self);
  self->rules_file = bs_rules_file_new (file, rules);
  g_signal_connect_swapped (self->rules_file, "notify::error", G_CALLBACK (on_rules_error), self);
  g_signal_connect_swapped (self->rules_file, "reloaded", G_CALLBACK (on_rules_reloaded), self);
  if (self->rules_copy != NULL && g_file_equal (self->rules_copy, file))
    {
      g_autofree char *where = g_file_get_parse_name (file);
      g_autofree char *text = NULL;

      /* Translators: %s is the path of the new rules file. */
      text = g_strdup_printf (_("New rules, a copy to change: %s\n"
                                "Edit it in a text editor: each save is played here."), where);
      show_banner (self, BANNER_INFO, text);
      g_clear_object (&self->rules_copy);
    }
}

/* A BsPendingFunc: the copy of the rules at `data` made and opened. */
static void
new_rules_now (gpointer owner,
               gpointer data)
{
  BsWindow *self = owner;
  g_autofree char *folder = bs_rules_file_user_folder ();
  g_autoptr(GFile) copy = NULL;
  g_autoptr(GError) error = NULL;

  copy = bs_rules_file_new_copy (data, folder, &error);
  if (copy == NULL)
    {
      _bs_window_show_error (self, _("Could Not Copy the Rules"), error->message);
      return;
    }
  /* Opened as any rules file; said once it plays. */
  g_set_object (&self->rules_copy, copy);
  bs_window_open_file_async (self, copy);
}

static void
new_rules_activated (GSimpleAction *action,
                     GVariant      *param,
                     gpointer       user_data)
{
  BsWindow *self = user_data;
  char *source = NULL;

  if (self->game == NULL)
    return;
  if (self->rules_file != NULL)
    source = g_file_get_path (bs_rules_file_get_file (self->rules_file));
  else
    source = bs_rules_catalog_find_file (bs_game_get_variant (self->game)->module);
  if (source == NULL)
    return;
  /* The game on show may have moves to save first. */
  _bs_window_confirm_discard (self, new_rules_now, source, g_free);
}

static const GActionEntry rules_entries[] = {
  { "new-rules", new_rules_activated },
};

void
_bs_window_rules_init (BsWindow *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self), rules_entries,
                                   G_N_ELEMENTS (rules_entries), self);
  update_new_rules (self, NULL);
}

void
_bs_window_rules_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_callback (widget_class, on_rules_banner_close);
}
