/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-app"

#include "config.h"

#include "bs-window-private.h"

#include <string.h>
#include <glib/gi18n.h>

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
      if (play->stay_note != NULL)
        SENTENCE ("%s", _(play->stay_note));
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

static const GActionEntry help_entries[] = {
  { "help", help_activated },
};

void
_bs_window_help_init (BsWindow *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self), help_entries,
                                   G_N_ELEMENTS (help_entries), self);
}
