/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-app"

#include "config.h"

#include "bs-computer-controls.h"

#include "bs-adaptive.h"

#include <glib/gi18n.h>

#include "bs-widgets.h"

typedef struct {
  BsComputerPlayer *computer;
  GtkWidget        *players_button;
  GtkWidget        *names[2];
  GtkWidget        *choices[2];
  gboolean          syncing;
} Controls;

static void
controls_free (Controls *controls)
{
  g_clear_object (&controls->computer);
  g_free (controls);
}

/* Choice i of a seat's drop-down: 0 Human, 1 + level for a computer. */
static guint
seat_choice (BsComputerPlayer *computer,
             int               player)
{
  if (bs_computer_player_get_seat (computer, player) == BS_SEAT_HUMAN)
    return 0;
  return 1 + (guint) bs_computer_player_get_level (computer, player);
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

      gtk_label_set_text (GTK_LABEL (controls->names[p - 1]), name);
      gtk_drop_down_set_selected (GTK_DROP_DOWN (controls->choices[p - 1]),
                                  seat_choice (controls->computer, p));
    }
  controls->syncing = FALSE;
}

static void
on_choice_changed (GtkDropDown *drop_down,
                   GParamSpec  *pspec,
                   Controls    *controls)
{
  int player = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (drop_down), "player"));
  guint choice = gtk_drop_down_get_selected (drop_down);

  if (controls->syncing || choice == GTK_INVALID_LIST_POSITION)
    return;
  if (choice == 0)
    bs_computer_player_set_seat (controls->computer, player, BS_SEAT_HUMAN,
                                 bs_computer_player_get_level (controls->computer, player));
  else
    bs_computer_player_set_seat (controls->computer, player, BS_SEAT_COMPUTER,
                                 (BsSearchLevel) (choice - 1));
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

static GtkWidget *
build_popover (Controls *controls)
{
  const char * const choices[] = {
    N_("Human"),
    N_("Computer: Easy"),
    N_("Computer: Medium"),
    N_("Computer: Hard"),
    NULL
  };
  GtkWidget *popover = gtk_popover_new ();
  GtkWidget *grid = gtk_grid_new ();
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
  gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  gtk_widget_set_margin_top (grid, 6);
  gtk_widget_set_margin_bottom (grid, 6);
  gtk_widget_set_margin_start (grid, 6);
  gtk_widget_set_margin_end (grid, 6);
  gtk_grid_attach (GTK_GRID (grid), title, 0, 0, 2, 1);

  for (int p = 1; p <= 2; p++)
    {
      g_autoptr(GtkStringList) model = gtk_string_list_new (NULL);

      for (guint i = 0; choices[i] != NULL; i++)
        gtk_string_list_append (model, _(choices[i]));
      controls->names[p - 1] = gtk_label_new (NULL);
      gtk_label_set_xalign (GTK_LABEL (controls->names[p - 1]), 0);
      controls->choices[p - 1] = gtk_drop_down_new (G_LIST_MODEL (g_steal_pointer (&model)), NULL);
      g_object_set_data (G_OBJECT (controls->choices[p - 1]), "player", GINT_TO_POINTER (p));
      gtk_accessible_update_property (GTK_ACCESSIBLE (controls->choices[p - 1]),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      p == 1 ? _("Player 1") : _("Player 2"), -1);
      g_signal_connect (controls->choices[p - 1], "notify::selected",
                        G_CALLBACK (on_choice_changed), controls);
      gtk_grid_attach (GTK_GRID (grid), controls->names[p - 1], 0, p, 1, 1);
      gtk_grid_attach (GTK_GRID (grid), controls->choices[p - 1], 1, p, 1, 1);
    }
  gtk_grid_attach (GTK_GRID (grid), note, 0, 3, 2, 1);
  gtk_popover_set_child (GTK_POPOVER (popover), grid);
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

  controls->players_button = gtk_menu_button_new ();
  gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (controls->players_button),
                                 "system-users-symbolic");
  gtk_widget_set_tooltip_text (controls->players_button, _("Players"));
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
