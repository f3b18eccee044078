/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-app"

#include "config.h"

#include "bs-computer-controls.h"

#include "bs-adaptive.h"
#include "bs-entry-limit.h"

#include <glib/gi18n.h>

#include "bs-widgets.h"

/* A seat's choices, in this order: Human, then the computer's levels. */
#define N_CHOICES 5

typedef struct {
  BsComputerPlayer *computer;
  GtkWidget        *players_button;
  GtkWidget        *names[2];
  GtkWidget        *choices[2][N_CHOICES];
  GtkWidget        *strongest_spin;
  gboolean          syncing;
} Controls;

static void
controls_free (Controls *controls)
{
  g_clear_object (&controls->computer);
  g_free (controls);
}

/* A seat's choice: 0 Human, 1 + level for a computer. */
static guint
seat_choice (BsComputerPlayer *computer,
             int               player)
{
  if (bs_computer_player_get_seat (computer, player) == BS_SEAT_HUMAN)
    return 0;
  return 1 + (guint) bs_computer_player_get_level (computer, player);
}

/* What a screen reader says for a choice: the player's name, then the
 * choice with "Computer" spelled out (the buttons show only the level). */
static char *
choice_accessible_label (const char *name,
                         guint       choice)
{
  switch (choice)
    {
    case 0:
      /* Translators: a seat's choice in the Players popover, read by a
       * screen reader; %s is the player's name (e.g. Light). */
      return g_strdup_printf (_("%s: Human"), name);
    case 1:
      /* Translators: as "%s: Human", for the computer at its easy level. */
      return g_strdup_printf (_("%s: Computer, Easy"), name);
    case 2:
      /* Translators: as "%s: Human", for the computer at its medium level. */
      return g_strdup_printf (_("%s: Computer, Medium"), name);
    case 3:
      /* Translators: as "%s: Human", for the computer at its hard level. */
      return g_strdup_printf (_("%s: Computer, Hard"), name);
    default:
      /* Translators: as "%s: Human", for the computer at its strongest
       * level (a time a move the user sets). */
      return g_strdup_printf (_("%s: Computer, Strongest"), name);
    }
}

static void
sync_popover (Controls *controls)
{
  BsPlayScene *scene = bs_computer_player_get_scene (controls->computer);

  controls->syncing = TRUE;
  for (int p = 1; p <= 2; p++)
    {
      g_autofree char *fallback = g_strdup_printf (_("Player %d"), p);
      const char *name = scene != NULL
                         ? bs_game_get_player_name (bs_play_scene_get_game (scene), p)
                         : fallback;
      guint chosen = seat_choice (controls->computer, p);

      gtk_label_set_text (GTK_LABEL (controls->names[p - 1]), name);
      for (guint i = 0; i < N_CHOICES; i++)
        {
          GtkWidget *button = controls->choices[p - 1][i];
          g_autofree char *label = choice_accessible_label (name, i);

          gtk_accessible_update_property (GTK_ACCESSIBLE (button),
                                          GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
          gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (button), i == chosen);
        }
    }
  controls->syncing = FALSE;
}

static void
on_choice_toggled (GtkToggleButton *button,
                   Controls        *controls)
{
  int player = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "player"));
  guint choice = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "choice"));

  /* The group toggles the button left too: only the one chosen acts. */
  if (controls->syncing || !gtk_toggle_button_get_active (button))
    return;
  if (choice == 0)
    bs_computer_player_set_seat (controls->computer, player, BS_SEAT_HUMAN,
                                 bs_computer_player_get_level (controls->computer, player));
  else
    bs_computer_player_set_seat (controls->computer, player, BS_SEAT_COMPUTER,
                                 (BsComputerLevel) (choice - 1));
}

static gboolean
pause_icon (GBinding     *binding,
            const GValue *from,
            GValue       *to,
            gpointer      data)
{
  g_value_set_string (to, g_value_get_boolean (from) ? "media-playback-start-symbolic"
                                                     : "media-playback-pause-symbolic");
  return TRUE;
}

/* An icon button is named by what its tooltip says (Pause, Resume). */
static void
name_by_tooltip (GtkWidget *button)
{
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  gtk_widget_get_tooltip_text (button), -1);
}

static gboolean
pause_tooltip (GBinding     *binding,
               const GValue *from,
               GValue       *to,
               gpointer      data)
{
  g_value_set_string (to, g_value_get_boolean (from) ? _("Resume the Computer")
                                                     : _("Pause the Computer"));
  return TRUE;
}

static const char *
strongest_tooltip (void)
{
  return _("Searches as long as set below, in CPU seconds a move: alpha-beta with the "
           "game’s evaluation; in a game of simultaneous rounds, the Monte Carlo "
           "search for simultaneous moves");
}

/* Strongest's budget: one for both seats, kept in the settings. */
static GtkWidget *
strongest_row_new (Controls *controls)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *label = gtk_label_new (_("Strongest’s time a move"));
  GtkWidget *unit = gtk_label_new (C_("seconds", "s"));
  GtkWidget *spin = gtk_spin_button_new_with_range (BS_COMPUTER_STRONGEST_MIN_SECONDS,
                                                    BS_COMPUTER_STRONGEST_MAX_SECONDS, 1);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), spin);
  gtk_widget_set_tooltip_text (spin, strongest_tooltip ());
  bs_entry_limit (spin, BS_ENTRY_NUMBER);
  gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (unit, "dim-label");
  g_object_bind_property (controls->computer, "strongest-seconds",
                          gtk_spin_button_get_adjustment (GTK_SPIN_BUTTON (spin)), "value",
                          G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
  gtk_box_append (GTK_BOX (row), label);
  gtk_box_append (GTK_BOX (row), spin);
  gtk_box_append (GTK_BOX (row), unit);
  controls->strongest_spin = spin;
  return row;
}

/* One seat, a group: its player's name with Human beside it and, under
 * the caption "Computer", the levels linked. The five are toggle buttons in
 * one group, flat in the popover: no drop-down, so no popover inside this
 * one (GTK 4.8 on X11 dropped the first click after such a nested popover
 * closed). */
static GtkWidget *
seat_new (Controls *controls,
          int       player)
{
  const char * const choices[N_CHOICES] = {
    /* Translators: a seat's choice in the Players popover. */
    _("Human"),
    C_("computer player", "Easy"),
    C_("computer player", "Medium"),
    C_("computer player", "Hard"),
    /* Translators: the computer's level that searches as long as the user
     * sets (a few seconds a move); keep it short, it sits beside Hard. */
    C_("computer player", "Strongest"),
  };
  GtkWidget *seat = g_object_new (GTK_TYPE_GRID,
                                  "accessible-role", GTK_ACCESSIBLE_ROLE_GROUP,
                                  "column-spacing", 6,
                                  "row-spacing", 3,
                                  NULL);
  GtkWidget *name = gtk_label_new (NULL);
  GtkWidget *computer = gtk_label_new (_("Computer"));
  GtkWidget *levels = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);

  controls->names[player - 1] = name;
  gtk_label_set_xalign (GTK_LABEL (name), 0);
  gtk_label_set_ellipsize (GTK_LABEL (name), PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (name, "heading");
  gtk_widget_set_valign (name, GTK_ALIGN_CENTER);
  gtk_widget_set_hexpand (name, TRUE);
  gtk_widget_add_css_class (computer, "caption");
  gtk_widget_add_css_class (computer, "dim-label");
  gtk_label_set_xalign (GTK_LABEL (computer), 0);
  gtk_widget_add_css_class (seat, "seat-choices");
  gtk_widget_add_css_class (levels, "linked");
  gtk_widget_set_hexpand (levels, TRUE);
  gtk_accessible_update_relation (GTK_ACCESSIBLE (seat),
                                  GTK_ACCESSIBLE_RELATION_LABELLED_BY, name, NULL, -1);
  /* Seen over the levels; a screen reader hears it in each one's label. */
  gtk_accessible_update_state (GTK_ACCESSIBLE (computer), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);

  for (guint i = 0; i < N_CHOICES; i++)
    {
      GtkWidget *button = gtk_toggle_button_new_with_label (choices[i]);

      controls->choices[player - 1][i] = button;
      g_object_set_data (G_OBJECT (button), "player", GINT_TO_POINTER (player));
      g_object_set_data (G_OBJECT (button), "choice", GUINT_TO_POINTER (i));
      if (i > 0)
        {
          gtk_toggle_button_set_group (GTK_TOGGLE_BUTTON (button),
                                       GTK_TOGGLE_BUTTON (controls->choices[player - 1][0]));
          gtk_widget_set_hexpand (button, TRUE);
          gtk_box_append (GTK_BOX (levels), button);
          if (i == N_CHOICES - 1)
            gtk_widget_set_tooltip_text (button, strongest_tooltip ());
        }
      g_signal_connect (button, "toggled", G_CALLBACK (on_choice_toggled), controls);
    }

  /* Human beside the name, the four levels under it: side by side with
   * Human they would not fit a phone's width. */
  gtk_widget_set_halign (controls->choices[player - 1][0], GTK_ALIGN_END);
  gtk_grid_attach (GTK_GRID (seat), name, 0, 0, 1, 1);
  gtk_grid_attach (GTK_GRID (seat), controls->choices[player - 1][0], 1, 0, 1, 1);
  gtk_grid_attach (GTK_GRID (seat), computer, 0, 1, 2, 1);
  gtk_grid_attach (GTK_GRID (seat), levels, 0, 2, 2, 1);
  return seat;
}

static GtkWidget *
build_popover (Controls *controls)
{
  GtkWidget *popover = gtk_popover_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *title = gtk_label_new (_("Players"));
  GtkWidget *note = gtk_label_new (_("Two computers play a game to watch; "
                                     "pause it with the button beside."));

  gtk_widget_add_css_class (title, "heading");
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_label_set_xalign (GTK_LABEL (note), 0);
  gtk_label_set_wrap (GTK_LABEL (note), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (note), 30);
  gtk_widget_add_css_class (note, "dim-label");
  gtk_widget_add_css_class (note, "caption");
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  gtk_widget_set_margin_start (box, 6);
  gtk_widget_set_margin_end (box, 6);
  gtk_box_append (GTK_BOX (box), title);
  gtk_box_append (GTK_BOX (box), seat_new (controls, 1));
  gtk_box_append (GTK_BOX (box), seat_new (controls, 2));
  gtk_box_append (GTK_BOX (box), strongest_row_new (controls));
  gtk_box_append (GTK_BOX (box), note);
  gtk_popover_set_child (GTK_POPOVER (popover), box);
  g_signal_connect_swapped (popover, "show", G_CALLBACK (sync_popover), controls);
  return popover;
}

/* The box of the progress bar and Pause is shown while either is. */
static void
sync_extra_visible (GtkWidget  *child,
                    GParamSpec *pspec,
                    GtkWidget  *extra)
{
  gboolean any = FALSE;

  for (GtkWidget *c = gtk_widget_get_first_child (extra); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    any |= gtk_widget_get_visible (c);
  gtk_widget_set_visible (extra, any);
}

GtkWidget *
bs_computer_controls_new (BsComputerPlayer *computer)
{
  Controls *controls;
  GtkWidget *box, *spinner, *progress, *pause, *extra;

  g_return_val_if_fail (BS_IS_COMPUTER_PLAYER (computer), NULL);

  controls = g_new0 (Controls, 1);
  controls->computer = g_object_ref (computer);

  box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  g_object_set_data_full (G_OBJECT (box), "bs-controls", controls, (GDestroyNotify) controls_free);

  spinner = gtk_spinner_new ();
  gtk_widget_set_tooltip_text (spinner, _("The computer is thinking"));
  g_object_bind_property (computer, "thinking", spinner, "spinning", G_BINDING_SYNC_CREATE);
  g_object_bind_property (computer, "thinking", spinner, "visible", G_BINDING_SYNC_CREATE);

  progress = gtk_progress_bar_new ();
  gtk_widget_set_valign (progress, GTK_ALIGN_CENTER);
  gtk_widget_set_size_request (progress, 64, -1);
  gtk_widget_add_css_class (progress, "computer-progress");
  gtk_accessible_update_property (GTK_ACCESSIBLE (progress), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Computer thinking progress"), -1);
  g_object_bind_property (computer, "thinking", progress, "visible", G_BINDING_SYNC_CREATE);
  g_object_bind_property (computer, "fraction", progress, "fraction", G_BINDING_SYNC_CREATE);

  pause = gtk_button_new ();
  gtk_actionable_set_action_name (GTK_ACTIONABLE (pause), "win.pause-computer");
  g_object_bind_property_full (computer, "paused", pause, "icon-name", G_BINDING_SYNC_CREATE,
                               pause_icon, NULL, NULL, NULL);
  g_object_bind_property_full (computer, "paused", pause, "tooltip-text", G_BINDING_SYNC_CREATE,
                               pause_tooltip, NULL, NULL, NULL);
  g_object_bind_property (computer, "can-pause", pause, "visible", G_BINDING_SYNC_CREATE);
  g_signal_connect (pause, "notify::tooltip-text", G_CALLBACK (name_by_tooltip), NULL);
  name_by_tooltip (pause);

  controls->players_button = gtk_menu_button_new ();
  gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (controls->players_button),
                                 "system-users-symbolic");
  gtk_widget_set_tooltip_text (controls->players_button, _("Players"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (controls->players_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Players"), -1);
  gtk_menu_button_set_popover (GTK_MENU_BUTTON (controls->players_button),
                               build_popover (controls));
  bs_menu_button_hide_tooltip_while_open (GTK_MENU_BUTTON (controls->players_button));

  /* A narrow window keeps the spinner and the Players button; the
   * progress bar and Pause (also in the menu) give way together. The gaps
   * are margins inside what gives way, so nothing is left of it then. */
  gtk_widget_set_margin_end (spinner, 6);
  extra = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_set_margin_end (extra, 6);
  gtk_box_append (GTK_BOX (extra), progress);
  gtk_box_append (GTK_BOX (extra), pause);
  g_signal_connect_object (progress, "notify::visible", G_CALLBACK (sync_extra_visible), extra, 0);
  g_signal_connect_object (pause, "notify::visible", G_CALLBACK (sync_extra_visible), extra, 0);
  sync_extra_visible (pause, NULL, extra);
  gtk_box_append (GTK_BOX (box), spinner);
  gtk_box_append (GTK_BOX (box), bs_adaptive_collapsible (extra));
  gtk_box_append (GTK_BOX (box), controls->players_button);
  return box;
}

GtkWidget *
bs_computer_controls_get_players_button (GtkWidget *box)
{
  Controls *controls;

  g_return_val_if_fail (GTK_IS_WIDGET (box), NULL);
  controls = g_object_get_data (G_OBJECT (box), "bs-controls");
  g_return_val_if_fail (controls != NULL, NULL);
  return controls->players_button;
}
