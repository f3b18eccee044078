/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The computer opponent in a real window under Xvfb: two computers play
 * each seed game to its end through the main loop; undo, the move list
 * and a new game cancel a running search and nothing is played after it;
 * the window's main loop keeps turning while the computer thinks; a hint
 * on a hand-made position names the winning move and is never played; a
 * Tribes round against the computer skips the hand-overs; the Players
 * popover's buttons choose the seats; and a computer game in progress is
 * drawn to a PNG. */

#include "config.h"

#include <string.h>
#include <glib/gstdio.h>
#include <adwaita.h>

#include "bs-application.h"
#include "bs-board-view.h"
#include "bs-play-view.h"
#include "bs-computer-controls.h"
#include "bs-computer-player.h"
#include "bs-screenshot.h"
#include "bs-window.h"

#include "ui-test-util.h"

static BsApplication *app;

typedef struct {
  BsWindow  *window;
  GPtrArray *messages;
  char      *tmpdir;
} Fixture;

static BsComputerPlayer *
computer (Fixture *fixture)
{
  return bs_window_get_computer_player (fixture->window);
}

static BsGame *
game (Fixture *fixture)
{
  return bs_window_get_game (fixture->window);
}

static gboolean
is_thinking (gpointer fixture)
{
  return bs_computer_player_get_thinking (computer (fixture));
}

static gboolean
is_idle (gpointer fixture)
{
  return !bs_computer_player_get_thinking (computer (fixture));
}

static gboolean
is_over (gpointer fixture)
{
  return bs_position_is_over (bs_game_get_position (game (fixture)));
}

static gboolean
computer_played_once (gpointer fixture)
{
  return bs_computer_player_get_n_played (computer (fixture)) >= 1;
}

static gboolean
computer_played_twice (gpointer fixture)
{
  return bs_computer_player_get_n_played (computer (fixture)) >= 2;
}

static guint target_turn;

static gboolean
reached_target_turn (gpointer fixture)
{
  return bs_game_get_current (game (fixture)) >= target_turn || is_over (fixture);
}

static void
on_message (Fixture    *fixture,
            const char *message)
{
  g_ptr_array_add (fixture->messages, g_strdup (message));
}

static void
fixture_setup (Fixture       *fixture,
               gconstpointer  data)
{
  fixture->window = bs_window_new (ADW_APPLICATION (app));
  gtk_window_set_default_size (GTK_WINDOW (fixture->window), 1000, 700);
  gtk_window_present (GTK_WINDOW (fixture->window));
  fixture->messages = g_ptr_array_new_with_free_func (g_free);
  g_signal_connect_swapped (computer (fixture), "message", G_CALLBACK (on_message), fixture);
  fixture->tmpdir = g_dir_make_tmp ("boardsmith-computer-XXXXXX", NULL);
  g_assert_nonnull (fixture->tmpdir);
  /* Tests choose the seats; they start as two humans, with no seats
   * remembered from an earlier test. */
  {
    g_autoptr(GSettings) settings = g_settings_new (APP_ID);

    g_settings_reset (settings, "computer-seats");
  }
  bs_computer_player_set_seat (computer (fixture), 1, BS_SEAT_HUMAN, BS_COMPUTER_LEVEL_MEDIUM);
  bs_computer_player_set_seat (computer (fixture), 2, BS_SEAT_HUMAN, BS_COMPUTER_LEVEL_MEDIUM);
  ui_test_wait_frame (GTK_WIDGET (fixture->window));
}

static gboolean
is_null (gpointer data)
{
  return *(gpointer *) data == NULL;
}

static void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autoptr(GDir) dir = g_dir_open (fixture->tmpdir, 0, NULL);
  BsComputerPlayer *player = computer (fixture);
  const char *name;
  GList *toplevels;

  if (game (fixture) != NULL)
    bs_game_set_modified (game (fixture), FALSE);
  toplevels = gtk_window_list_toplevels ();
  for (GList *l = toplevels; l != NULL; l = l->next)
    if (l->data != fixture->window)
      gtk_window_destroy (l->data);
  g_list_free (toplevels);
  /* Closing the window cancels a search still running; its thread ends
   * within a few hundred iterations, and the player (its task's source)
   * goes with it. */
  g_object_add_weak_pointer (G_OBJECT (player), (gpointer *) &player);
  gtk_window_destroy (GTK_WINDOW (fixture->window));
  ui_test_wait_until (is_null, &player, "the computer player finalized");

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (fixture->tmpdir, name, NULL);
      g_unlink (path);
    }
  g_rmdir (fixture->tmpdir);
  g_free (fixture->tmpdir);
  g_ptr_array_unref (fixture->messages);
}

static gboolean
have_module (const char *id)
{
  if (bs_module_find (id) != NULL)
    return TRUE;
  g_test_skip ("the rule module is not built in this tree");
  return FALSE;
}

/* Replays the game's notations on a fresh model of the same variant and
 * seed: the positions must agree turn by turn. */
static void
assert_history_consistent (BsGame *played)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BsGame) replay = bs_game_new (bs_game_get_variant (played),
                                          bs_game_get_seed (played), &error);
  const BsRuleset *rs = bs_game_get_ruleset (played);

  g_assert_no_error (error);
  for (guint t = 0; t < bs_game_get_current (played); t++)
    {
      const BsPosition *a, *b;

      g_assert_true (bs_game_play_notation (replay, bs_game_get_notation (played, t), &error));
      g_assert_no_error (error);
      a = bs_game_get_position_at (played, t + 1);
      b = bs_game_get_position (replay);
      g_assert_cmpmem (a->cells, rs->n_cells, b->cells, rs->n_cells);
      g_assert_cmpint (a->to_move, ==, b->to_move);
      g_assert_cmpint (a->result, ==, b->result);
    }
}

static gboolean
revealed (gpointer data)
{
  Fixture *fixture = data;

  return bs_play_scene_get_phase (bs_window_get_scene (fixture->window)) == BS_ROUND_PHASE_REVEAL;
}

static gboolean
over_and_shown (gpointer data)
{
  Fixture *fixture = data;

  return is_over (fixture)
         && (!bs_play_scene_gives_orders (bs_window_get_scene (fixture->window))
             || revealed (fixture));
}

/* Computer against computer with a small playout budget: the game runs to
 * its end through the main loop, every turn played by the computer through
 * the model, and the record replays to the same positions. */
static void
test_watch_game (Fixture       *fixture,
                 gconstpointer  data)
{
  const char *name = data;
  g_autoptr(GError) error = NULL;
  BsComputerPlayer *cp = computer (fixture);
  g_autofree char *result = NULL;
  BsPlayScene *scene;

  if (!have_module (name))
    return;
  bs_computer_player_set_playouts (cp, 60);
  bs_computer_player_set_move_delay (cp, 0);
  bs_computer_player_set_seat (cp, 1, BS_SEAT_COMPUTER, BS_COMPUTER_LEVEL_EASY);
  bs_computer_player_set_seat (cp, 2, BS_SEAT_COMPUTER, BS_COMPUTER_LEVEL_EASY);
  g_assert_true (bs_window_open_variant_seeded (fixture->window, name, 7, &error));
  g_assert_no_error (error);
  scene = bs_window_get_scene (fixture->window);
  g_assert_cmpint (bs_game_get_seat (game (fixture), 1), ==, BS_SEAT_COMPUTER);
  g_assert_cmpint (bs_game_get_seat (game (fixture), 2), ==, BS_SEAT_COMPUTER);

  ui_test_wait_until_within (240, is_over, fixture, "the game over");
  /* A Tribes game is over once its last round has been revealed. */
  ui_test_wait_until (over_and_shown, fixture, "the last round revealed");
  ui_test_pump_pending ();
  g_assert_false (is_thinking (fixture));
  g_assert_cmpuint (bs_game_get_n_turns (game (fixture)), >, 0);
  /* Simultaneous: each seat entered its orders of every round. */
  g_assert_cmpuint (bs_computer_player_get_n_played (cp), ==,
                    bs_game_get_n_turns (game (fixture))
                    * (bs_game_is_simultaneous (game (fixture)) ? 2 : 1));
  g_assert_cmpuint (bs_game_get_current (game (fixture)), ==, bs_game_get_n_turns (game (fixture)));
  result = bs_game_describe_result (game (fixture));
  g_assert_nonnull (result);
  if (bs_play_scene_gives_orders (scene))
    g_assert_cmpint (bs_play_scene_get_phase (scene), ==, BS_ROUND_PHASE_REVEAL);
  assert_history_consistent (game (fixture));

  /* Over: nothing to pause (the header's button goes) or to hint at. */
  {
    gboolean can_pause = TRUE;

    g_object_get (cp, "can-pause", &can_pause, NULL);
    g_assert_false (can_pause);
  }
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (fixture->window),
                                                     "pause-computer"));
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (fixture->window), "hint"));
  /* One move back it can be paused again. */
  bs_game_go_to (game (fixture), bs_game_get_n_turns (game (fixture)) - 1);
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (fixture->window),
                                                    "pause-computer"));

  /* Away from the game (the start page) neither acts. */
  bs_game_set_modified (game (fixture), FALSE);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.choose-game",
                                             NULL));
  ui_test_pump_pending ();
  g_assert_cmpstr (bs_window_get_page (fixture->window), ==, "start");
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (fixture->window),
                                                     "pause-computer"));
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (fixture->window), "hint"));
}

static guint ticks;

static gboolean
count_tick (gpointer data)
{
  ticks++;
  return G_SOURCE_CONTINUE;
}

/* The main loop turned ten times while the search reports progress. */
static gboolean
ticked_with_progress (gpointer cp)
{
  return ticks >= 10 && bs_computer_player_get_iterations (cp) > 0;
}

/* Light (human) plays, Dark (computer, a search of many millions of
 * playouts) thinks: the main loop keeps turning and the progress grows.
 * Undo cancels at once: the search stops, Light is to move at the start
 * again with the move to redo, and no move is played afterwards. The move
 * list and a new game cancel the same way. */
static void
test_cancel_while_thinking (Fixture       *fixture,
                            gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  BsComputerPlayer *cp = computer (fixture);
  BsGame *g;
  guint tick_id;
  double fraction;

  if (!have_module ("agoraphobia"))
    return;
  bs_computer_player_set_playouts (cp, 500000000);
  bs_computer_player_set_seat (cp, 2, BS_SEAT_COMPUTER, BS_COMPUTER_LEVEL_HARD);
  g_assert_true (bs_window_open_variant_seeded (fixture->window, "agoraphobia", 1, &error));
  g_assert_no_error (error);
  g = game (fixture);
  /* Nothing to wait for: the computer must not start (bounded, scaled). */
  ui_test_wait_quiet (50);
  g_assert_false (is_thinking (fixture));     /* Light, a human, is to move */

  g_assert_true (bs_window_play_moves (fixture->window, "L@d4", &error));
  g_assert_no_error (error);
  ui_test_wait_until (is_thinking, fixture, "the computer thinking");

  /* Responsive: a 10 ms timer fires while the search runs. */
  ticks = 0;
  tick_id = g_timeout_add (10, count_tick, NULL);
  ui_test_wait_until (ticked_with_progress, cp, "ten ticks and progress while thinking");
  g_source_remove (tick_id);
  g_assert_true (is_thinking (fixture));
  /* Blocked by the search, it would fire once at most; a loaded machine
   * may skip some. */
  g_assert_cmpuint (ticks, >=, 10);
  fraction = bs_computer_player_get_fraction (cp);
  g_assert_cmpfloat (fraction, >=, 0.0);
  g_assert_cmpfloat (fraction, <, 1.0);
  g_assert_cmpint (bs_computer_player_get_iterations (cp), >, 0);
  g_test_message ("while thinking: %u ticks of a 10 ms timer, %d iterations",
                  ticks, bs_computer_player_get_iterations (cp));
  /* The human cannot play for the computer meanwhile. */
  bs_play_scene_activate_cell (bs_window_get_scene (fixture->window), 0);
  g_assert_cmpuint (bs_game_get_n_turns (g), ==, 1);

  {
    gint64 start = g_get_monotonic_time ();

    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.undo",
                                               NULL));
    g_test_message ("undo while thinking took %.2f ms",
                    (g_get_monotonic_time () - start) / 1000.0);
  }
  g_assert_false (is_thinking (fixture));
  g_assert_cmpuint (bs_game_get_current (g), ==, 0);
  g_assert_cmpuint (bs_game_get_n_turns (g), ==, 1);
  g_assert_true (bs_game_get_can_redo (g));
  g_assert_cmpint (bs_game_get_to_move (g), ==, 1);
  /* No move comes afterwards: nothing to wait for, so a bounded wait
   * (scaled by the factor) long enough for the cancelled search to end. */
  ui_test_wait_quiet (1500);
  g_assert_false (is_thinking (fixture));
  g_assert_cmpuint (bs_computer_player_get_n_played (cp), ==, 0);
  g_assert_cmpuint (bs_game_get_current (g), ==, 0);
  g_assert_cmpuint (bs_game_get_n_turns (g), ==, 1);
  g_assert_true (bs_game_get_position (g) == bs_game_get_position_at (g, 0));

  /* Redo: the computer is to move at the end of the history again. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.redo", NULL));
  ui_test_wait_until (is_thinking, fixture, "the computer thinking");
  /* The move list: back to the start cancels. */
  bs_game_go_to (g, 0);
  g_assert_false (is_thinking (fixture));
  ui_test_wait_quiet (200);   /* it does not start again (bounded, scaled) */
  g_assert_false (is_thinking (fixture));
  g_assert_cmpuint (bs_game_get_n_turns (g), ==, 1);

  /* A new game cancels too (nothing to save: no question asked). */
  bs_game_go_to (g, 1);
  ui_test_wait_until (is_thinking, fixture, "the computer thinking");
  bs_game_set_modified (g, FALSE);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.new-game", NULL));
  g_assert_true (game (fixture) != g);
  g_assert_false (is_thinking (fixture));
  g_assert_cmpuint (bs_game_get_n_turns (game (fixture)), ==, 0);
  ui_test_wait_quiet (100);   /* it does not start again (bounded, scaled) */
  g_assert_false (is_thinking (fixture));
}

/* Against the computer, undo goes back to the human's last turn: Light
 * (human) and Dark (computer) have each played once; one undo leaves
 * Light to move at the start, and the computer waits. */
static void
test_undo_to_human_turn (Fixture       *fixture,
                         gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  BsComputerPlayer *cp = computer (fixture);

  if (!have_module ("astoria"))
    return;
  bs_computer_player_set_playouts (cp, 200);
  bs_computer_player_set_move_delay (cp, 0);
  bs_computer_player_set_seat (cp, 2, BS_SEAT_COMPUTER, BS_COMPUTER_LEVEL_EASY);
  g_assert_true (bs_window_open_variant_seeded (fixture->window, "astoria", 1, &error));
  g_assert_no_error (error);
  g_assert_true (bs_window_play_moves (fixture->window, "C@d4/N", &error));
  g_assert_no_error (error);
  ui_test_wait_until (computer_played_once, fixture, "the computer's first move");
  ui_test_pump_pending ();
  g_assert_cmpuint (bs_game_get_n_turns (game (fixture)), ==, 2);
  g_assert_cmpuint (bs_computer_player_get_n_played (cp), ==, 1);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.undo", NULL));
  g_assert_cmpuint (bs_game_get_current (game (fixture)), ==, 0);
  g_assert_cmpint (bs_game_get_to_move (game (fixture)), ==, 1);
  ui_test_wait_quiet (300);   /* the computer waits (bounded, scaled) */
  g_assert_false (is_thinking (fixture));
  g_assert_cmpuint (bs_game_get_n_turns (game (fixture)), ==, 2);
}

/* Ikabegamá with a Light token set up on g7 (as in the engine's test):
 * 1. b1 2. i9-g9 leaves the Dark nest i9 empty and no Light token next to
 * it; g7 → i9 is (+2, +2), a jump of distance 2, so the jump g7-i9 into
 * the nest wins at once and nothing else does. Ctrl+H names it, marks g7
 * and i9, and plays nothing. */
static gboolean
searching (gpointer cp)
{
  return bs_computer_player_get_thinking (cp) && bs_computer_player_get_iterations (cp) > 0;
}

static void
test_hint_wins (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *xml = NULL;
  g_autofree char *path = NULL;
  g_autofree char *source = NULL;
  BsComputerPlayer *cp = computer (fixture);
  BsPlayScene *scene;
  const BsRuleset *rs;
  const guint8 *marks;
  BsRenderOptions options;
  char *end;
  int g7, i9, n_marked = 0;

  if (!have_module ("ikabegama"))
    return;
  source = g_build_filename (g_getenv ("BOARDSMITH_RULES_DIR"), "ikabegama.xml", NULL);
  g_assert_true (g_file_get_contents (source, &xml, NULL, &error));
  g_assert_no_error (error);
  end = strstr (xml, "</variant>");
  g_assert_nonnull (end);
  *end = '\0';
  path = g_build_filename (fixture->tmpdir, "nest-jump.xml", NULL);
  {
    g_autofree char *text =
      g_strconcat (xml, "  <setup>\n    <piece cell=\"g7\" player=\"1\" kind=\"token\"/>\n"
                   "  </setup>\n</variant>\n", NULL);

    g_assert_true (g_file_set_contents (path, text, -1, &error));
    g_assert_no_error (error);
  }
  /* At the start of Astoria (no win at once, so the search runs its whole
   * budget) a second request while it runs cancels it. */
  g_assert_true (bs_window_open_variant_seeded (fixture->window, "astoria", 1, &error));
  g_assert_no_error (error);
  scene = bs_window_get_scene (fixture->window);
  bs_computer_player_set_playouts (cp, 200000000);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.hint", NULL));
  g_assert_true (is_thinking (fixture));
  ui_test_wait_until (searching, cp, "the hint's search under way");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.hint", NULL));
  g_assert_false (is_thinking (fixture));
  g_assert_cmpstr (g_ptr_array_index (fixture->messages, fixture->messages->len - 1), ==,
                   "Hint cancelled");
  ui_test_wait_quiet (100);   /* the cancelled hint never shows (bounded, scaled) */
  g_assert_false (bs_play_scene_get_hint_shown (scene));
  g_assert_cmpuint (bs_game_get_n_turns (game (fixture)), ==, 0);

  g_assert_true (bs_window_open_variant_seeded (fixture->window, path, 1, &error));
  g_assert_no_error (error);
  scene = bs_window_get_scene (fixture->window);
  rs = bs_game_get_ruleset (game (fixture));
  g7 = bs_board_find_cell (rs->board, "g7", NULL);
  i9 = bs_board_find_cell (rs->board, "i9", NULL);
  g_assert_true (bs_window_play_moves (fixture->window, "b1 i9-g9", &error));
  g_assert_no_error (error);
  bs_computer_player_set_playouts (cp, 2000);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.hint", NULL));
  ui_test_wait_until (is_idle, fixture, "the computer idle");
  /* In words, not notation. */
  g_assert_cmpstr (bs_computer_player_get_last_hint (cp), ==, "move the token on g7 to i9");
  g_assert_true (g_str_has_prefix (g_ptr_array_index (fixture->messages,
                                                      fixture->messages->len - 1),
                                   "Hint: move the token on g7 to i9 (wins "));
  g_assert_nonnull (strstr (bs_window_get_last_message (fixture->window), "g7 to i9"));
  g_assert_null (strstr (bs_window_get_last_message (fixture->window), "g7-i9"));
  /* Said in the status line's place while it holds. */
  g_assert_nonnull (strstr (bs_play_view_get_explanation (bs_window_get_play_view (fixture->window)),
                            "g7 to i9"));
  /* The hint's own mark, not the selection's nor a legal target's. */
  bs_play_scene_fill_render_options (scene, &options);
  g_assert_cmpint (options.hint_from, ==, g7);
  g_assert_cmpint (options.hint_to, ==, i9);
  g_assert_cmpint (options.selected, ==, BS_NO_CELL);
  g_assert_cmpint (options.computer_player, ==, 0);
  marks = bs_play_scene_get_hint_cells (scene);
  g_assert_nonnull (marks);
  for (int c = 0; c < rs->n_cells; c++)
    n_marked += marks[c] != 0;
  g_assert_cmpint (n_marked, ==, 2);
  g_assert_true (marks[g7] && marks[i9]);

  /* Only shown: nothing is played, even later (a bounded wait, scaled). */
  ui_test_wait_quiet (300);
  g_assert_cmpuint (bs_game_get_n_turns (game (fixture)), ==, 2);
  g_assert_cmpuint (bs_computer_player_get_n_played (cp), ==, 0);
  /* Playing a move clears the marks. */
  g_assert_true (bs_window_play_moves (fixture->window, "g7-i9", &error));
  g_assert_no_error (error);
  g_assert_false (bs_play_scene_get_hint_shown (scene));
  g_assert_null (bs_play_view_get_explanation (bs_window_get_play_view (fixture->window)));
  g_assert_cmpint (bs_game_get_result (game (fixture)), ==, BS_RESULT_WIN_1);
}

/* Where the game declares alpha-beta the stronger (Breakthrough), the hint is
 * alpha-beta's move, and it says what alpha-beta knows of it: a win against
 * any defence, a loss whatever is played (positions worked out with
 * `boardsmith-cli think --algorithm alphabeta`), or how far it looked. */
static gboolean
message_count_above (gpointer data)
{
  Fixture *fixture = data;

  return fixture->messages->len > GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (fixture->window),
                                                                        "messages-before"));
}

static const char *
hint_for (Fixture    *fixture,
          const char *variant,
          const char *moves)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (bs_window_open_variant_seeded (fixture->window, variant, 1, &error));
  g_assert_no_error (error);
  if (moves != NULL)
    {
      g_assert_true (bs_window_play_moves (fixture->window, moves, &error));
      g_assert_no_error (error);
    }
  g_object_set_data (G_OBJECT (fixture->window), "messages-before",
                     GUINT_TO_POINTER (fixture->messages->len));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.hint", NULL));
  g_assert_true (is_thinking (fixture));
  ui_test_wait_until (is_idle, fixture, "the hint's search to end");
  ui_test_wait_until (message_count_above, fixture, "the hint");
  /* Only shown, never played. */
  g_assert_cmpuint (bs_computer_player_get_n_played (computer (fixture)), ==, 0);
  return g_ptr_array_index (fixture->messages, fixture->messages->len - 1);
}

static void
test_hint_alpha_beta (Fixture       *fixture,
                      gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *xml = NULL;
  g_autofree char *source = NULL;
  g_autofree char *small = NULL;
  g_autofree char *text = NULL;
  g_autofree char *expected = NULL;
  const char *said;
  unsigned depth = 0;

  if (!have_module ("breakthrough"))
    return;
  /* A 5×5 board with one row each. */
  source = g_build_filename (g_getenv ("BOARDSMITH_RULES_DIR"), "breakthrough.xml", NULL);
  g_assert_true (g_file_get_contents (source, &xml, NULL, &error));
  g_assert_no_error (error);
  g_assert_nonnull (strstr (xml, "width=\"8\" height=\"8\""));
  g_assert_nonnull (strstr (xml, "<option id=\"rows\" value=\"2\"/>"));
  {
    GString *edited = g_string_new (xml);

    g_string_replace (edited, "width=\"8\" height=\"8\"", "width=\"5\" height=\"5\"", 1);
    g_string_replace (edited, "<option id=\"rows\" value=\"2\"/>",
                      "<option id=\"rows\" value=\"1\"/>", 1);
    text = g_string_free (edited, FALSE);
  }
  small = g_build_filename (fixture->tmpdir, "small.xml", NULL);
  g_assert_true (g_file_set_contents (small, text, -1, &error));
  g_assert_no_error (error);

  /* White's piece on a4 takes b5 and reaches the far row. */
  said = hint_for (fixture, small, "a1-a2 e5-e4 a2-a3 e4-e3 a3-a4 e3-e2");
  expected = g_strdup_printf ("Hint: %s (it wins against any defence)",
                              bs_computer_player_get_last_hint (computer (fixture)));
  g_assert_cmpstr (said, ==, expected);
  g_assert_nonnull (strstr (said, "a4"));
  g_assert_nonnull (strstr (said, "b5"));
  g_assert_true (bs_play_scene_get_hint_shown (bs_window_get_scene (fixture->window)));

  /* Black to move loses whatever it plays (four plies deep). */
  said = hint_for (fixture, small, "b1-c2 b5-a4 c2-c3 d5-c4 e1-e2 c5-b4 e2-e3");
  g_assert_true (g_str_has_prefix (said, "Hint: "));
  g_assert_true (g_str_has_suffix (said, " (every move loses against the best replies)"));

  /* The start of the full game: no proof either way within 1.5 s. */
  said = hint_for (fixture, "breakthrough", NULL);
  g_assert_true (g_str_has_prefix (said, "Hint: move the piece on "));
  g_assert_nonnull (strstr (said, " (the best move found looking "));
  g_assert_true (g_str_has_suffix (said, " moves ahead)"));
  g_assert_cmpint (sscanf (strstr (said, "looking ") + strlen ("looking "), "%u", &depth), ==, 1);
  g_assert_cmpuint (depth, >=, 2);
  g_assert_cmpuint (bs_game_get_n_turns (game (fixture)), ==, 0);
}

/* Tribes, Red (human) against Blue (computer): no hand-over screen at all;
 * Red gives orders, Done, then the computer enters Blue's whole round
 * without a click and the round is revealed. */
static void
test_tribes_against_computer (Fixture       *fixture,
                              gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  BsComputerPlayer *cp = computer (fixture);
  BsPlayScene *scene;
  BsPlayView *view;

  if (!have_module ("tribes"))
    return;
  /* Enough playouts that Blue keeps pieces through the first round (at 300
   * it lost them all once the search mixed random orders in). */
  bs_computer_player_set_playouts (cp, 2000);
  bs_computer_player_set_move_delay (cp, 0);
  bs_computer_player_set_seat (cp, 2, BS_SEAT_COMPUTER, BS_COMPUTER_LEVEL_EASY);
  g_assert_true (bs_window_open_variant_seeded (fixture->window, "tribes", 3, &error));
  g_assert_no_error (error);
  scene = bs_window_get_scene (fixture->window);
  view = bs_window_get_play_view (fixture->window);
  ui_test_pump_pending ();
  /* Nobody to hide the board from: Red enters orders at once. */
  g_assert_cmpint (bs_play_scene_get_phase (scene), ==, BS_ROUND_PHASE_ORDERS);
  g_assert_cmpint (bs_play_scene_get_entering (scene), ==, 1);

  /* A hint for Red's orders, shown as arrows, not played. */
  bs_computer_player_hint (cp);
  ui_test_wait_until (is_idle, fixture, "the computer idle");
  g_assert_true (bs_play_scene_get_hint_shown (scene));
  g_assert_nonnull (bs_computer_player_get_last_hint (cp));
  g_assert_cmpuint (bs_game_get_n_turns (game (fixture)), ==, 0);

  bs_play_view_advance_round (view);          /* Red: Done (every piece defends) */
  g_assert_cmpint (bs_play_scene_get_entering (scene), ==, 2);
  g_assert_nonnull (bs_play_scene_get_display_position (scene));
  ui_test_wait_until (computer_played_once, fixture, "the computer's first move");
  ui_test_wait_until (revealed, fixture, "the round revealed");
  g_assert_cmpint (bs_play_scene_get_phase (scene), ==, BS_ROUND_PHASE_REVEAL);
  g_assert_cmpuint (bs_game_get_n_turns (game (fixture)), ==, 1);
  g_assert_cmpuint (bs_computer_player_get_n_played (cp), ==, 1);
  /* Red's pieces defended: every order of Red's in the turn is a defend. */
  {
    const BsRuleset *rs = bs_game_get_ruleset (game (fixture));
    const BsPosition *before = bs_game_get_position_at (game (fixture), 0);

    for (int c = 0; c < rs->n_cells; c++)
      if (before->cells[c] != BS_CELL_EMPTY && BS_CELL_OWNER (before->cells[c]) == 1)
        g_assert_cmpint (bs_play_scene_get_order (scene, c), ==, BS_NO_CELL);
  }
  assert_history_consistent (game (fixture));

  /* Continue: the next round starts with Red's orders again, no hand-over. */
  /* What follows needs a second round. */
  g_assert_cmpint (bs_game_get_result (game (fixture)), ==, BS_RESULT_ONGOING);
  bs_play_view_advance_round (view);
  ui_test_pump_pending ();
  g_assert_cmpint (bs_play_scene_get_phase (scene), ==, BS_ROUND_PHASE_ORDERS);
  g_assert_cmpint (bs_play_scene_get_entering (scene), ==, 1);

  /* Undo back to the start: Red gives orders again at once (no hand-over
   * against the computer); after Done the computer gives Blue's orders
   * again and the round is replayed over the redo tail. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.undo", NULL));
  ui_test_pump_pending ();
  g_assert_cmpuint (bs_game_get_current (game (fixture)), ==, 0);
  g_assert_cmpint (bs_play_scene_get_phase (scene), ==, BS_ROUND_PHASE_ORDERS);
  g_assert_cmpint (bs_play_scene_get_entering (scene), ==, 1);
  bs_play_view_advance_round (view);          /* Done */
  ui_test_wait_until (computer_played_twice, fixture, "the computer's second move");
  ui_test_wait_until (revealed, fixture, "the round revealed");
  g_assert_cmpint (bs_play_scene_get_phase (scene), ==, BS_ROUND_PHASE_REVEAL);
  g_assert_cmpuint (bs_game_get_current (game (fixture)), ==, 1);
  g_assert_cmpuint (bs_game_get_n_turns (game (fixture)), ==, 1);
  assert_history_consistent (game (fixture));
}

static GVariant *
remembered_seats (GSettings  *settings,
                  const char *game_id)
{
  g_autoptr(GVariant) all = g_settings_get_value (settings, "computer-seats");

  return g_variant_lookup_value (all, game_id, G_VARIANT_TYPE ("(ss)"));
}

static gboolean
computer_move_shown (gpointer data)
{
  Fixture *fixture = data;

  return bs_play_scene_get_computer_move (bs_window_get_scene (fixture->window), NULL, NULL);
}

/* The move the computer is about to play has its own mark and words (not
 * a hint's, and the computer's legal moves are not shown as the player's);
 * while it is shown the choosers cannot be used; pausing then takes the
 * mark away and the status line says "Paused", and nothing is played until
 * Resume. */
static void
test_pause_clears_its_move (Fixture       *fixture,
                            gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  BsComputerPlayer *cp = computer (fixture);
  BsPlayScene *scene;
  BsBoardView *board;
  BsRenderOptions options;
  const BsRuleset *rs;
  g_autofree char *label = NULL;
  g_autofree char *status = NULL;
  int from, to;

  if (!have_module ("agoraphobia"))
    return;
  bs_computer_player_set_playouts (cp, 200);
  bs_computer_player_set_move_delay (cp, 60000);
  bs_computer_player_set_seat (cp, 2, BS_SEAT_COMPUTER, BS_COMPUTER_LEVEL_EASY);
  g_assert_true (bs_window_open_variant_seeded (fixture->window, "agoraphobia", 1, &error));
  g_assert_no_error (error);
  scene = bs_window_get_scene (fixture->window);
  board = bs_play_view_get_board_view (bs_window_get_play_view (fixture->window));
  rs = bs_game_get_ruleset (game (fixture));
  g_assert_true (bs_play_scene_is_human_turn (scene));
  g_assert_true (bs_window_play_moves (fixture->window, "S@d4", &error));
  g_assert_no_error (error);
  g_assert_false (bs_play_scene_is_human_turn (scene));

  ui_test_wait_until (computer_move_shown, fixture, "the computer's move shown");
  g_assert_true (bs_play_scene_get_computer_move (scene, &from, &to));
  g_assert_cmpint (to, >=, 0);
  bs_play_scene_fill_render_options (scene, &options);
  g_assert_cmpint (options.computer_to, ==, to);
  g_assert_cmpint (options.computer_player, ==, 2);
  g_assert_cmpint (options.hint_to, ==, BS_NO_CELL);
  g_assert_null (options.highlights);
  g_assert_false (bs_play_scene_get_hint_shown (scene));
  label = bs_board_view_describe_cell (board, to);
  g_test_message ("the computer's move: %s", label);
  g_assert_nonnull (strstr (label, "computer’s move"));
  g_assert_null (strstr (label, "hint"));
  g_assert_null (strstr (label, "legal"));
  g_assert_cmpuint (bs_game_get_n_turns (game (fixture)), ==, 1);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window),
                                             "win.pause-computer", NULL));
  g_assert_true (bs_computer_player_get_paused (cp));
  g_assert_false (bs_play_scene_get_computer_move (scene, NULL, NULL));
  bs_play_scene_fill_render_options (scene, &options);
  g_assert_cmpint (options.computer_player, ==, 0);
  for (int c = 0; c < rs->n_cells; c++)
    {
      g_autofree char *cell = bs_board_view_describe_cell (board, c);

      g_assert_null (strstr (cell, "computer’s move"));
    }
  status = bs_play_scene_describe_turn (scene);
  g_assert_cmpstr (status, ==, "Paused — Dark (computer) to move");
  g_assert_cmpstr (bs_play_view_get_status (bs_window_get_play_view (fixture->window)), ==,
                   status);
  ui_test_wait_quiet (300);   /* paused: nothing is played (bounded, scaled) */
  g_assert_cmpuint (bs_game_get_n_turns (game (fixture)), ==, 1);

  /* Resume: the computer chooses again and plays. */
  bs_computer_player_set_move_delay (cp, 0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window),
                                             "win.pause-computer", NULL));
  g_assert_false (bs_play_scene_get_computer_paused (scene));
  target_turn = 2;
  ui_test_wait_until (reached_target_turn, fixture, "the target turn");
  g_clear_pointer (&status, g_free);
  status = bs_play_scene_describe_turn (scene);
  g_assert_cmpstr (status, ==, "Light to move");
  g_assert_false (bs_play_scene_get_computer_move (scene, NULL, NULL));
}

/* Seats are remembered per game in GSettings: a computer seat chosen in
 * one game does not follow the user into another, and comes back with its
 * game. Pause stops two computers and Resume goes on; Pause acts only
 * where there is something to pause. */
static void
test_seats_and_pause (Fixture       *fixture,
                      gconstpointer  data)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  g_autoptr(GError) error = NULL;
  g_autoptr(BsComputerPlayer) fresh = NULL;
  GVariant *seats;
  const char *seat1, *seat2;
  BsComputerPlayer *cp = computer (fixture);
  GVariant *state;
  guint n;

  if (!have_module ("abrobad") || !have_module ("agoraphobia"))
    return;
  g_assert_true (bs_window_open_variant_seeded (fixture->window, "abrobad", 1, &error));
  g_assert_no_error (error);
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (fixture->window),
                                                     "pause-computer"));
  bs_computer_player_set_move_delay (cp, 100);
  bs_computer_player_set_seat (cp, 2, BS_SEAT_COMPUTER, BS_COMPUTER_LEVEL_HARD);
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (fixture->window),
                                                    "pause-computer"));
  seats = remembered_seats (settings, "abrobad");
  g_assert_nonnull (seats);
  g_variant_get (seats, "(&s&s)", &seat1, &seat2);
  g_assert_cmpstr (seat1, ==, "human");
  g_assert_cmpstr (seat2, ==, "hard");
  g_clear_pointer (&seats, g_variant_unref);

  /* Another game starts with its own seats: two humans, never chosen. */
  g_assert_true (bs_window_open_variant_seeded (fixture->window, "agoraphobia", 1, &error));
  g_assert_no_error (error);
  g_assert_cmpint (bs_computer_player_get_seat (cp, 2), ==, BS_SEAT_HUMAN);
  g_assert_cmpint (bs_game_get_seat (game (fixture), 2), ==, BS_SEAT_HUMAN);
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (fixture->window),
                                                     "pause-computer"));
  g_assert_null (remembered_seats (settings, "agoraphobia"));

  /* Back to the first game: its computer is back, also for a new player
   * object reading the settings (the next session). */
  g_assert_true (bs_window_open_variant_seeded (fixture->window, "abrobad", 1, &error));
  g_assert_no_error (error);
  g_assert_cmpint (bs_computer_player_get_seat (cp, 2), ==, BS_SEAT_COMPUTER);
  g_assert_cmpint (bs_computer_player_get_level (cp, 2), ==, BS_COMPUTER_LEVEL_HARD);
  fresh = bs_computer_player_new (settings);
  bs_computer_player_set_active (fresh, FALSE);
  bs_computer_player_set_scene (fresh, bs_window_get_scene (fixture->window));
  g_assert_cmpint (bs_computer_player_get_seat (fresh, 2), ==, BS_SEAT_COMPUTER);
  g_assert_cmpint (bs_computer_player_get_level (fresh, 2), ==, BS_COMPUTER_LEVEL_HARD);
  g_assert_cmpint (bs_computer_player_get_seat (fresh, 1), ==, BS_SEAT_HUMAN);
  bs_computer_player_set_scene (fresh, NULL);

  bs_computer_player_set_playouts (cp, 100);
  bs_computer_player_set_seat (cp, 1, BS_SEAT_COMPUTER, BS_COMPUTER_LEVEL_EASY);
  ui_test_wait_until (computer_played_twice, fixture, "the computer's second move");
  n = bs_game_get_n_turns (game (fixture));
  g_assert_cmpuint (n, >=, 2);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window),
                                             "win.pause-computer", NULL));
  g_assert_true (bs_computer_player_get_paused (cp));
  state = g_action_group_get_action_state (G_ACTION_GROUP (fixture->window), "pause-computer");
  g_assert_true (g_variant_get_boolean (state));
  g_variant_unref (state);
  g_assert_false (is_thinking (fixture));
  n = bs_game_get_n_turns (game (fixture));
  ui_test_wait_quiet (500);   /* paused: nothing is played (bounded, scaled) */
  g_assert_cmpuint (bs_game_get_n_turns (game (fixture)), ==, n);

  /* Resume from an earlier position plays on from there. */
  bs_game_go_to (game (fixture), n - 1);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window),
                                             "win.pause-computer", NULL));
  g_assert_false (bs_computer_player_get_paused (cp));
  target_turn = n;
  ui_test_wait_until (reached_target_turn, fixture, "the target turn");
  g_assert_cmpuint (bs_game_get_current (game (fixture)), >=, n);

  /* Stepping back in the history while watching pauses the computers. */
  if (!is_over (fixture))
    {
      bs_game_go_to (game (fixture), bs_game_get_current (game (fixture)) - 1);
      g_assert_true (bs_computer_player_get_paused (cp));
      g_assert_false (is_thinking (fixture));
    }
  assert_history_consistent (game (fixture));
}

static void
collect_toggles (GtkWidget *widget,
                 GPtrArray *out)
{
  g_assert_false (GTK_IS_DROP_DOWN (widget));
  if (GTK_IS_TOGGLE_BUTTON (widget))
    g_ptr_array_add (out, widget);
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    collect_toggles (c, out);
}

/* The Players popover: five toggle buttons a seat (Human, Easy, Medium,
 * Hard, Strongest), flat, no drop-down (a popover in the popover); the one of each
 * seat's choice is down when it opens; a click chooses at once and the
 * popover stays open; Human keeps the level for later. */
static void
test_players_popover (Fixture       *fixture,
                      gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) toggles = g_ptr_array_new ();
  BsComputerPlayer *cp = computer (fixture);
  GtkWidget *button;
  GtkPopover *popover;

  if (!have_module ("agoraphobia"))
    return;
  g_assert_true (bs_window_open_variant_seeded (fixture->window, "agoraphobia", 1, &error));
  g_assert_no_error (error);
  bs_computer_player_set_seat (cp, 2, BS_SEAT_COMPUTER, BS_COMPUTER_LEVEL_EASY);
  button = bs_computer_controls_get_players_button (ui_test_find_controls (GTK_WIDGET (fixture->window)));
  popover = gtk_menu_button_get_popover (GTK_MENU_BUTTON (button));
  gtk_menu_button_popup (GTK_MENU_BUTTON (button));
  ui_test_wait_until (ui_test_is_mapped, popover, "the Players popover mapped");
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (popover)));
  collect_toggles (GTK_WIDGET (popover), toggles);
  g_assert_cmpuint (toggles->len, ==, 10);
  for (guint i = 0; i < 10; i++)
    g_assert_cmpint (gtk_toggle_button_get_active (toggles->pdata[i]), ==, i == 0 || i == 6);
  g_assert_cmpstr (gtk_button_get_label (toggles->pdata[0]), ==, "Human");
  g_assert_cmpstr (gtk_button_get_label (toggles->pdata[8]), ==, "Hard");
  g_assert_cmpstr (gtk_button_get_label (toggles->pdata[9]), ==, "Strongest");

  /* Seat 2 (Dark, who waits for Light's move): Hard, then Human. */
  g_signal_emit_by_name (toggles->pdata[9], "clicked");
  ui_test_pump_pending ();
  g_assert_cmpint (bs_computer_player_get_level (cp, 2), ==, BS_COMPUTER_LEVEL_STRONGEST);
  g_signal_emit_by_name (toggles->pdata[8], "clicked");
  ui_test_pump_pending ();
  g_assert_cmpint (bs_computer_player_get_seat (cp, 2), ==, BS_SEAT_COMPUTER);
  g_assert_cmpint (bs_computer_player_get_level (cp, 2), ==, BS_COMPUTER_LEVEL_HARD);
  g_assert_false (gtk_toggle_button_get_active (toggles->pdata[6]));
  g_assert_false (gtk_toggle_button_get_active (toggles->pdata[9]));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (popover)));
  g_signal_emit_by_name (toggles->pdata[5], "clicked");
  ui_test_pump_pending ();
  g_assert_cmpint (bs_computer_player_get_seat (cp, 2), ==, BS_SEAT_HUMAN);
  g_assert_cmpint (bs_computer_player_get_level (cp, 2), ==, BS_COMPUTER_LEVEL_HARD);
  /* A click on the choice already made leaves it chosen. */
  g_signal_emit_by_name (toggles->pdata[5], "clicked");
  ui_test_pump_pending ();
  g_assert_true (gtk_toggle_button_get_active (toggles->pdata[5]));
  g_assert_cmpint (bs_computer_player_get_seat (cp, 2), ==, BS_SEAT_HUMAN);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (popover)));
  gtk_popover_popdown (popover);
  ui_test_wait_until (ui_test_is_unmapped, popover, "the Players popover unmapped");

  /* Chosen elsewhere (remembered for another game): shown when it opens,
   * and showing it chooses nothing. */
  bs_computer_player_set_seat (cp, 2, BS_SEAT_COMPUTER, BS_COMPUTER_LEVEL_MEDIUM);
  gtk_menu_button_popup (GTK_MENU_BUTTON (button));
  ui_test_wait_until (ui_test_is_mapped, popover, "the Players popover mapped");
  for (guint i = 0; i < 10; i++)
    g_assert_cmpint (gtk_toggle_button_get_active (toggles->pdata[i]), ==, i == 0 || i == 7);
  g_assert_cmpint (bs_computer_player_get_seat (cp, 1), ==, BS_SEAT_HUMAN);
  g_assert_cmpint (bs_computer_player_get_level (cp, 2), ==, BS_COMPUTER_LEVEL_MEDIUM);
  gtk_popover_popdown (popover);
  bs_computer_player_set_seat (cp, 2, BS_SEAT_HUMAN, BS_COMPUTER_LEVEL_MEDIUM);
  bs_game_set_modified (game (fixture), FALSE);
}

/* Alpha-beta reports no iterations: its progress is the time spent. */
static gboolean
ticked_with_fraction (gpointer cp)
{
  return ticks >= 10 && bs_computer_player_get_fraction (cp) > 0.0;
}

static gboolean
has_progress (gpointer cp)
{
  return bs_computer_player_get_fraction (cp) > 0.0;
}

static gboolean
has_iterations (gpointer cp)
{
  return bs_computer_player_get_iterations (cp) > 0;
}

/* Strongest in a turn-based game: the search the game declares
 * (bs_ruleset_get_strongest_search) with the budget from the settings (1 s
 * of CPU time) — alpha-beta in Breakthrough, which reports no iterations,
 * Hard's Monte Carlo search in Agoraphobia, which does — off the main loop
 * (a 10 ms timer keeps ticking, the progress grows), played like the other
 * levels; the move takes at least the budget (the search's CPU time is at
 * most its wall time and an opening position does not end the search
 * early). Undo cancels it at once and nothing is played after. The seat is
 * remembered as "strongest". */
typedef struct {
  const char *game;
  gboolean    alpha_beta;
} StrongestCase;

static const StrongestCase strongest_alpha_beta = { "breakthrough", TRUE };
static const StrongestCase strongest_monte_carlo = { "agoraphobia", FALSE };

/* Plays the first legal move of the player to move. */
static void
play_first_move (Fixture *fixture)
{
  g_autoptr(GError) error = NULL;
  BsRuleset *rs = bs_game_get_ruleset (game (fixture));
  g_autofree BsMove *moves = g_new (BsMove, rs->max_moves);

  g_assert_cmpuint (bs_ruleset_generate (rs, bs_game_get_position (game (fixture)), moves),
                    >, 0);
  g_assert_true (bs_game_play_turn (game (fixture), moves, 1, &error));
  g_assert_no_error (error);
}

/* Hard plays the search the game declares (bs_search_level_plays_alpha_beta)
 * with Hard's 3 s of CPU time: alpha-beta in Breakthrough, which reports no
 * iterations while it thinks, the Monte Carlo search in Agoraphobia, which
 * does; either way the move comes after at least the budget (an opening
 * position does not end the search early). */
static void
test_hard_declared_search (Fixture       *fixture,
                           gconstpointer  data)
{
  const StrongestCase *test = data;
  g_autoptr(GError) error = NULL;
  BsComputerPlayer *cp = computer (fixture);
  gint64 start, took;

  if (!have_module (test->game))
    return;
  bs_computer_player_set_move_delay (cp, 0);
  bs_computer_player_set_playouts (cp, 0);
  bs_computer_player_set_seat (cp, 2, BS_SEAT_COMPUTER, BS_COMPUTER_LEVEL_HARD);
  g_assert_true (bs_window_open_variant_seeded (fixture->window, test->game, 1, &error));
  g_assert_no_error (error);
  g_assert_cmpint (bs_search_level_plays_alpha_beta (BS_SEARCH_LEVEL_HARD,
                                                     bs_game_get_ruleset (game (fixture))),
                   ==, test->alpha_beta);

  play_first_move (fixture);
  start = g_get_monotonic_time ();
  ui_test_wait_until (is_thinking, fixture, "the computer thinking");
  ui_test_wait_until (has_progress, cp, "progress while thinking");
  if (test->alpha_beta)
    g_assert_cmpint (bs_computer_player_get_iterations (cp), ==, 0);
  else
    ui_test_wait_until (has_iterations, cp, "the Monte Carlo search's iterations");
  ui_test_wait_until (computer_played_once, fixture, "the computer's first move");
  took = g_get_monotonic_time () - start;
  g_test_message ("Hard: its move after %.2f s", took / 1e6);
  g_assert_cmpint (took, >=, BS_SEARCH_HARD_TIME_MS * 1000 - 50000);
  ui_test_pump_pending ();
  g_assert_cmpuint (bs_game_get_n_turns (game (fixture)), ==, 2);
  assert_history_consistent (game (fixture));
  bs_game_set_modified (game (fixture), FALSE);
}

static void
test_strongest (Fixture       *fixture,
                gconstpointer  data)
{
  const StrongestCase *test = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  g_autoptr(GVariant) seats = NULL;
  BsComputerPlayer *cp = computer (fixture);
  const char *seat1 = NULL, *seat2 = NULL;
  gint64 start, took;
  guint tick_id;

  if (!have_module (test->game))
    return;
  g_settings_set_uint (settings, "computer-strongest-seconds", 1);
  g_assert_cmpuint (bs_computer_player_get_strongest_seconds (cp), ==, 1);
  bs_computer_player_set_move_delay (cp, 0);
  bs_computer_player_set_playouts (cp, 0);
  bs_computer_player_set_seat (cp, 2, BS_SEAT_COMPUTER, BS_COMPUTER_LEVEL_STRONGEST);
  g_assert_true (bs_window_open_variant_seeded (fixture->window, test->game, 1, &error));
  g_assert_no_error (error);
  g_assert_cmpint (bs_ruleset_get_strongest_search (bs_game_get_ruleset (game (fixture))), ==,
                   test->alpha_beta ? BS_STRONGEST_ALPHA_BETA : BS_STRONGEST_MONTE_CARLO);
  seats = g_settings_get_value (settings, "computer-seats");
  g_assert_true (g_variant_lookup (seats, test->game, "(&s&s)", &seat1, &seat2));
  g_assert_cmpstr (seat1, ==, "human");
  g_assert_cmpstr (seat2, ==, "strongest");

  play_first_move (fixture);
  start = g_get_monotonic_time ();
  ui_test_wait_until (is_thinking, fixture, "the computer thinking");
  ticks = 0;
  tick_id = g_timeout_add (10, count_tick, NULL);
  ui_test_wait_until (ticked_with_fraction, cp, "ten ticks and progress while thinking");
  g_source_remove (tick_id);
  g_assert_cmpuint (ticks, >=, 10);
  g_assert_true (is_thinking (fixture));
  g_assert_cmpfloat (bs_computer_player_get_fraction (cp), >, 0.0);
  g_assert_cmpfloat (bs_computer_player_get_fraction (cp), <, 1.0);
  /* Which search runs: the Monte Carlo search counts its iterations as it
   * goes, alpha-beta reports none until it is done. */
  if (test->alpha_beta)
    g_assert_cmpint (bs_computer_player_get_iterations (cp), ==, 0);
  else
    ui_test_wait_until (has_iterations, cp, "the Monte Carlo search's iterations");
  ui_test_wait_until (computer_played_once, fixture, "the computer's first move");
  took = g_get_monotonic_time () - start;
  g_test_message ("Strongest at 1 s: its move after %.2f s", took / 1e6);
  g_assert_cmpint (took, >=, 950000);
  ui_test_pump_pending ();
  g_assert_cmpuint (bs_game_get_n_turns (game (fixture)), ==, 2);
  assert_history_consistent (game (fixture));

  /* Undo while it thinks: stopped at once, nothing played afterwards. */
  play_first_move (fixture);
  ui_test_wait_until (is_thinking, fixture, "the computer thinking again");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.undo", NULL));
  g_assert_false (is_thinking (fixture));
  g_assert_cmpuint (bs_game_get_current (game (fixture)), ==, 2);
  ui_test_wait_quiet (1500);
  g_assert_false (is_thinking (fixture));
  g_assert_cmpuint (bs_computer_player_get_n_played (cp), ==, 1);
  g_assert_cmpuint (bs_game_get_current (game (fixture)), ==, 2);

  g_settings_reset (settings, "computer-strongest-seconds");
  g_assert_cmpuint (bs_computer_player_get_strongest_seconds (cp), ==,
                    BS_COMPUTER_STRONGEST_DEFAULT_SECONDS);
  bs_game_set_modified (game (fixture), FALSE);
}

/* Strongest in a simultaneous game: the decoupled Monte Carlo search with
 * the budget (1 s of CPU time, no playout cap): Blue's orders come after
 * at least the budget, by the same path as the other levels'. */
static void
test_strongest_simultaneous (Fixture       *fixture,
                             gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  BsComputerPlayer *cp = computer (fixture);
  gint64 start, took;

  if (!have_module ("tribes"))
    return;
  g_settings_set_uint (settings, "computer-strongest-seconds", 1);
  bs_computer_player_set_move_delay (cp, 0);
  bs_computer_player_set_playouts (cp, 0);
  bs_computer_player_set_seat (cp, 2, BS_SEAT_COMPUTER, BS_COMPUTER_LEVEL_STRONGEST);
  g_assert_true (bs_window_open_variant_seeded (fixture->window, "tribes", 3, &error));
  g_assert_no_error (error);
  ui_test_pump_pending ();
  bs_play_view_advance_round (bs_window_get_play_view (fixture->window));  /* Red: Done */
  start = g_get_monotonic_time ();
  ui_test_wait_until (is_thinking, fixture, "the computer thinking");
  ui_test_wait_until (computer_played_once, fixture, "the computer's orders");
  took = g_get_monotonic_time () - start;
  g_test_message ("Strongest at 1 s, simultaneous: its orders after %.2f s", took / 1e6);
  g_assert_cmpint (took, >=, 950000);
  ui_test_wait_until (revealed, fixture, "the round revealed");
  g_assert_cmpuint (bs_game_get_n_turns (game (fixture)), ==, 1);
  assert_history_consistent (game (fixture));
  g_settings_reset (settings, "computer-strongest-seconds");
  bs_game_set_modified (game (fixture), FALSE);
}

static gboolean
nine_turns_or_over (gpointer fixture)
{
  return bs_game_get_n_turns (game (fixture)) >= 9 || is_over (fixture);
}

/* A computer game in progress, thinking, drawn to a PNG (kept in the
 * build dir to look at): it must not be blank. */
static void
test_screenshot (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *png = g_build_filename (g_getenv ("G_TEST_BUILDDIR") != NULL
                                           ? g_getenv ("G_TEST_BUILDDIR") : fixture->tmpdir,
                                           "computer-game.png", NULL);
  BsComputerPlayer *cp = computer (fixture);
  g_autoptr(GdkTexture) texture = NULL;
  gboolean saved;

  if (!have_module ("astoria"))
    return;
  bs_computer_player_set_playouts (cp, 300);
  bs_computer_player_set_move_delay (cp, 0);
  bs_computer_player_set_seat (cp, 1, BS_SEAT_COMPUTER, BS_COMPUTER_LEVEL_MEDIUM);
  bs_computer_player_set_seat (cp, 2, BS_SEAT_COMPUTER, BS_COMPUTER_LEVEL_HARD);
  g_assert_true (bs_window_open_variant_seeded (fixture->window, "astoria", 5, &error));
  g_assert_no_error (error);
  ui_test_wait_until (nine_turns_or_over, fixture, "nine turns");
  /* A long search for the next move, to catch it thinking. */
  bs_computer_player_set_playouts (cp, 500000000);
  ui_test_wait_until (is_thinking, fixture, "the computer thinking");
  ui_test_wait_until (searching, cp, "the search's progress");
  ui_test_wait_frame (GTK_WIDGET (fixture->window));
  g_assert_true (is_thinking (fixture));
  /* The error first: it says why a screenshot could not be made. */
  saved = bs_screenshot_save_png (GTK_WIDGET (fixture->window), png, &error);
  g_assert_no_error (error);
  g_assert_true (saved);
  g_assert_true (g_file_test (png, G_FILE_TEST_IS_REGULAR));
  texture = bs_screenshot_render (GTK_WIDGET (fixture->window), &error);
  g_assert_no_error (error);
  g_assert_cmpint (gdk_texture_get_width (texture), >, 100);
  g_test_message ("screenshot: %s", png);

  /* The Players popover shows both seats as the computer plays them. */
  {
    GtkWidget *header_end;
    GtkWidget *button;
    GtkPopover *popover;
    g_autofree char *popover_png = g_build_filename (fixture->tmpdir, "players.png", NULL);

    header_end = ui_test_find_controls (GTK_WIDGET (fixture->window));
    button = bs_computer_controls_get_players_button (header_end);
    gtk_menu_button_popup (GTK_MENU_BUTTON (button));
    popover = gtk_menu_button_get_popover (GTK_MENU_BUTTON (button));
    ui_test_wait_until (ui_test_is_mapped, popover, "the Players popover mapped");
    ui_test_wait_frame (GTK_WIDGET (popover));
    g_assert_true (gtk_widget_get_visible (GTK_WIDGET (popover)));
    g_assert_true (bs_screenshot_save_png (GTK_WIDGET (popover), popover_png, &error));
    g_assert_no_error (error);
    if (g_getenv ("G_TEST_BUILDDIR") != NULL)
      {
        g_autofree char *kept = g_build_filename (g_getenv ("G_TEST_BUILDDIR"),
                                                  "computer-players.png", NULL);

        g_assert_true (bs_screenshot_save_png (GTK_WIDGET (popover), kept, &error));
        g_assert_no_error (error);
      }
    gtk_popover_popdown (popover);
  }
}

int
main (int   argc,
      char *argv[])
{
  static const char *games[] = { "agoraphobia", "tribes", "abrobad", "ikabegama", "astoria" };

  /* The search keeps a core busy: software GL would starve the frames of
   * the other (the machine running the tests may have two). */
  g_setenv ("GSK_RENDERER", "cairo", FALSE);
  app = ui_test_init (&argc, &argv);

  for (guint i = 0; i < G_N_ELEMENTS (games); i++)
    {
      g_autofree char *path = g_strdup_printf ("/computer/watch/%s", games[i]);
      g_test_add (path, Fixture, games[i], fixture_setup, test_watch_game, fixture_teardown);
    }
  g_test_add ("/computer/cancel-while-thinking", Fixture, NULL, fixture_setup,
              test_cancel_while_thinking, fixture_teardown);
  g_test_add ("/computer/undo-to-human-turn", Fixture, NULL, fixture_setup,
              test_undo_to_human_turn, fixture_teardown);
  g_test_add ("/computer/hint-wins", Fixture, NULL, fixture_setup, test_hint_wins,
              fixture_teardown);
  g_test_add ("/computer/hint-alpha-beta", Fixture, NULL, fixture_setup, test_hint_alpha_beta,
              fixture_teardown);
  g_test_add ("/computer/tribes-against-computer", Fixture, NULL, fixture_setup,
              test_tribes_against_computer, fixture_teardown);
  g_test_add ("/computer/seats-and-pause", Fixture, NULL, fixture_setup, test_seats_and_pause,
              fixture_teardown);
  g_test_add ("/computer/pause-clears-its-move", Fixture, NULL, fixture_setup,
              test_pause_clears_its_move, fixture_teardown);
  g_test_add ("/computer/players-popover", Fixture, NULL, fixture_setup, test_players_popover,
              fixture_teardown);
  g_test_add ("/computer/strongest", Fixture, &strongest_alpha_beta, fixture_setup,
              test_strongest, fixture_teardown);
  g_test_add ("/computer/strongest-monte-carlo", Fixture, &strongest_monte_carlo,
              fixture_setup, test_strongest, fixture_teardown);
  g_test_add ("/computer/hard-alpha-beta", Fixture, &strongest_alpha_beta, fixture_setup,
              test_hard_declared_search, fixture_teardown);
  g_test_add ("/computer/hard-monte-carlo", Fixture, &strongest_monte_carlo, fixture_setup,
              test_hard_declared_search, fixture_teardown);
  g_test_add ("/computer/strongest-simultaneous", Fixture, NULL, fixture_setup,
              test_strongest_simultaneous, fixture_teardown);
  g_test_add ("/computer/screenshot", Fixture, NULL, fixture_setup, test_screenshot,
              fixture_teardown);

  return ui_test_run (&app);
}
