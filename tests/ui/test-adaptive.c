/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A window that fits a phone: every page of the window, and the Export
 * dialog, can be as narrow as 360 logical pixels — the minimum width that
 * GTK measures, header bar included, in each state a page can be in (each
 * seed game on the play page, with a computer thinking, a Tribes round; the
 * editor on each seed game; the Balance page set up and with results; the
 * dialog in each format), and so can the header bar's Players popover.
 * The e2e suite (tests/e2e/test_narrow.py) then uses the app at 360 × 640
 * by real clicks; this test names the widget that is too wide when one
 * is. */

#include "config.h"

#include <string.h>
#include <adwaita.h>

#include "bs-application.h"
#include "bs-balance-view.h"
#include "bs-computer-controls.h"
#include "bs-computer-player.h"
#include "bs-editor-view.h"
#include "bs-export-dialog.h"
#include "bs-window.h"

#include "ui-test-util.h"

#define PHONE_WIDTH 360

static BsApplication *app;

typedef struct {
  BsWindow *window;
} Fixture;

static void
fixture_setup (Fixture       *fixture,
               gconstpointer  data)
{
  fixture->window = bs_window_new (ADW_APPLICATION (app));
  gtk_window_set_default_size (GTK_WINDOW (fixture->window), PHONE_WIDTH, 640);
  gtk_window_present (GTK_WINDOW (fixture->window));
  ui_test_wait_frame (GTK_WIDGET (fixture->window));
}

static void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{
  GList *toplevels;

  if (bs_window_get_game (fixture->window) != NULL)
    bs_game_set_modified (bs_window_get_game (fixture->window), FALSE);
  bs_balance_view_pause (bs_window_get_balance_view (fixture->window));
  bs_editor_view_set_document (bs_window_get_editor_view (fixture->window), NULL);
  toplevels = gtk_window_list_toplevels ();
  for (GList *l = toplevels; l != NULL; l = l->next)
    if (l->data != fixture->window)
      gtk_window_destroy (l->data);
  g_list_free (toplevels);
  gtk_window_destroy (GTK_WINDOW (fixture->window));
  ui_test_pump_pending ();
}

static int
min_width (GtkWidget *widget)
{
  int min = 0;

  gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, &min, NULL, NULL, NULL);
  return min;
}

/* The widest descendants that are visible, for the message of a failure:
 * the deepest widgets whose minimum exceeds the limit. */
static void
describe_too_wide (GtkWidget *widget,
                   int        limit,
                   GString   *out)
{
  gboolean any_child = FALSE;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (gtk_widget_get_visible (child) && min_width (child) > limit)
      {
        any_child = TRUE;
        describe_too_wide (child, limit, out);
      }
  if (!any_child)
    g_string_append_printf (out, "\n  %s (%s) min %d", G_OBJECT_TYPE_NAME (widget),
                            gtk_widget_get_css_name (widget), min_width (widget));
}

static void
assert_fits (GtkWidget  *window,
             const char *what)
{
  int min;

  /* Measured once what was just shown has been laid out and drawn. */
  ui_test_wait_frame (window);
  min = min_width (window);
  if (BS_IS_WINDOW (window))
    {
      GtkWidget *header = GTK_WIDGET (
        gtk_widget_get_template_child (window, BS_TYPE_WINDOW, "header_bar"));
      GtkStack *stack = GTK_STACK (gtk_widget_get_template_child (window, BS_TYPE_WINDOW, "stack"));

      g_test_message ("%s: minimum width %d (header bar %d, page %d)", what, min,
                      min_width (header), min_width (gtk_stack_get_visible_child (stack)));
    }
  else
    g_test_message ("%s: minimum width %d", what, min);
  if (min > PHONE_WIDTH)
    {
      g_autoptr(GString) out = g_string_new (NULL);

      describe_too_wide (window, PHONE_WIDTH, out);
      g_test_message ("too wide:%s", out->str);
      g_test_fail_printf ("%s needs %d px, more than %d", what, min, PHONE_WIDTH);
    }
}

static void
test_start_page (Fixture       *fixture,
                 gconstpointer  data)
{
  g_assert_cmpstr (bs_window_get_page (fixture->window), ==, "start");
  assert_fits (GTK_WIDGET (fixture->window), "the start page");
}

static const char * const games[] = {
  "agoraphobia", "tribes", "abrobad", "ikabegama", "astoria", "breakthrough",
};

static void
test_play_pages (Fixture       *fixture,
                 gconstpointer  data)
{
  for (guint i = 0; i < G_N_ELEMENTS (games); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *what = g_strdup_printf ("the play page (%s)", games[i]);

      if (!bs_window_open_variant_seeded (fixture->window, games[i], 1, &error))
        {
          /* A module not built in this tree. */
          g_test_message ("%s: %s", games[i], error->message);
          continue;
        }
      g_assert_cmpstr (bs_window_get_page (fixture->window), ==, "play");
      assert_fits (GTK_WIDGET (fixture->window), what);
      bs_game_set_modified (bs_window_get_game (fixture->window), FALSE);
    }
}

/* Two computers playing: the spinner, the progress bar and Pause are in the
 * header bar too. */
static gboolean
computer_thinking (gpointer computer)
{
  return bs_computer_player_get_thinking (computer);
}

static void
test_play_computer (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  BsComputerPlayer *computer = bs_window_get_computer_player (fixture->window);

  g_assert_true (bs_window_open_variant (fixture->window, "agoraphobia", &error));
  bs_computer_player_set_seat (computer, 1, BS_SEAT_COMPUTER, BS_COMPUTER_LEVEL_HARD);
  bs_computer_player_set_seat (computer, 2, BS_SEAT_COMPUTER, BS_COMPUTER_LEVEL_HARD);
  ui_test_wait_until (computer_thinking, computer, "the computer to think");
  g_assert_true (bs_computer_player_get_thinking (computer));
  assert_fits (GTK_WIDGET (fixture->window), "the play page, the computer thinking");
  bs_computer_player_set_seat (computer, 1, BS_SEAT_HUMAN, BS_COMPUTER_LEVEL_EASY);
  bs_computer_player_set_seat (computer, 2, BS_SEAT_HUMAN, BS_COMPUTER_LEVEL_EASY);
  bs_game_set_modified (bs_window_get_game (fixture->window), FALSE);
}

/* The header bar's Players popover: its seats' buttons side by side fit
 * the phone's width too (a popover is not narrower than its content). */
static void
test_players_popover (Fixture       *fixture,
                      gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  GtkWidget *controls;
  GtkWidget *button;
  GtkPopover *popover;

  g_assert_true (bs_window_open_variant (fixture->window, "agoraphobia", &error));
  controls = ui_test_find_controls (GTK_WIDGET (fixture->window));
  button = bs_computer_controls_get_players_button (controls);
  popover = gtk_menu_button_get_popover (GTK_MENU_BUTTON (button));
  gtk_menu_button_popup (GTK_MENU_BUTTON (button));
  ui_test_wait_until (ui_test_is_mapped, popover, "the popover mapped");
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (popover)));
  assert_fits (GTK_WIDGET (popover), "the Players popover");
  gtk_popover_popdown (popover);
  bs_game_set_modified (bs_window_get_game (fixture->window), FALSE);
}

static void
test_editor_pages (Fixture       *fixture,
                   gconstpointer  data)
{
  for (guint i = 0; i < G_N_ELEMENTS (games); i++)
    {
      g_autofree char *what = g_strdup_printf ("the editor (%s)", games[i]);

      gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.edit-variant", "s",
                                  games[i]);
      ui_test_pump_pending ();
      if (g_strcmp0 (bs_window_get_page (fixture->window), "editor") != 0)
        continue;
      assert_fits (GTK_WIDGET (fixture->window), what);
      bs_editor_view_set_document (bs_window_get_editor_view (fixture->window), NULL);
    }
}

static gboolean
study_complete (BsBalanceView *view)
{
  return gtk_widget_get_visible (GTK_WIDGET (
    gtk_widget_get_template_child (GTK_WIDGET (view), BS_TYPE_BALANCE_VIEW, "more_button")));
}

static void
test_balance_page (Fixture       *fixture,
                   gconstpointer  data)
{
  BsBalanceView *view = bs_window_get_balance_view (fixture->window);
  gint64 end;

  g_action_group_activate_action (G_ACTION_GROUP (fixture->window), "test-balance",
                                  g_variant_new_string ("agoraphobia"));
  ui_test_pump_pending ();
  g_assert_cmpstr (bs_window_get_page (fixture->window), ==, "balance");
  assert_fits (GTK_WIDGET (fixture->window), "the Balance page, set up");
  g_assert_true (bs_balance_view_set_setup (view, "random", "random", 20, NULL, 0, 0));
  gtk_widget_activate_action (GTK_WIDGET (view), "balance.start", NULL);
  end = ui_test_deadline (120);
  while (!study_complete (view) && g_get_monotonic_time () < end)
    ui_test_iterate ();
  g_assert_true (study_complete (view));
  assert_fits (GTK_WIDGET (fixture->window), "the Balance page with results");
}

static void
test_export_dialog (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  BsExportDialog *dialog;
  static const char * const formats[] = { "PNG", "SVG", "PDF", "GIF", "game sheet" };

  g_assert_true (bs_window_open_variant (fixture->window, "astoria", &error));
  dialog = bs_export_dialog_new (GTK_WINDOW (fixture->window),
                                 bs_window_get_game (fixture->window));
  gtk_window_present (GTK_WINDOW (dialog));
  for (guint f = 0; f < G_N_ELEMENTS (formats); f++)
    {
      BsExportRequest request;
      g_autofree char *what = g_strdup_printf ("the Export dialog (%s)", formats[f]);

      bs_export_dialog_get_request (dialog, &request);
      request.kind = (BsExportKind) f;
      bs_export_dialog_set_request (dialog, &request);
      assert_fits (GTK_WIDGET (dialog), what);
    }
  bs_game_set_modified (bs_window_get_game (fixture->window), FALSE);
}

int
main (int   argc,
      char *argv[])
{
  app = ui_test_init (&argc, &argv);

  g_test_add ("/adaptive/start-page", Fixture, NULL, fixture_setup, test_start_page,
              fixture_teardown);
  g_test_add ("/adaptive/play-pages", Fixture, NULL, fixture_setup, test_play_pages,
              fixture_teardown);
  g_test_add ("/adaptive/play-computer", Fixture, NULL, fixture_setup, test_play_computer,
              fixture_teardown);
  g_test_add ("/adaptive/players-popover", Fixture, NULL, fixture_setup, test_players_popover,
              fixture_teardown);
  g_test_add ("/adaptive/editor-pages", Fixture, NULL, fixture_setup, test_editor_pages,
              fixture_teardown);
  g_test_add ("/adaptive/balance-page", Fixture, NULL, fixture_setup, test_balance_page,
              fixture_teardown);
  g_test_add ("/adaptive/export-dialog", Fixture, NULL, fixture_setup, test_export_dialog,
              fixture_teardown);

  return ui_test_run (&app);
}
