/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The Balance page's logic through the window's and the page's actions:
 * a study set up and run to the end in the background, its file saved
 * and listed in Recent, reopened from the file and extended by "Run 1,000
 * More"; a sweep whose fairest setting is applied in the editor; pause,
 * resume and cancel keeping the finished games. (What a person does with
 * the mouse is shown by tests/e2e.) `BS_BALANCE_PNG=DIR` saves PNGs of
 * the page. */

#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <glib/gstdio.h>
#include <adwaita.h>

#include "bs-application.h"
#include "bs-balance-verdict.h"
#include "bs-balance-view.h"
#include "bs-balance-view-private.h"
#include "bs-chart.h"
#include "bs-editor-view.h"
#include "bs-percent.h"
#include "bs-screenshot.h"
#include "bs-skill-trace.h"
#include "bs-skill-trace-file.h"
#include "bs-study-runner.h"
#include "bs-trace-dialog.h"
#include "bs-variant-xml.h"
#include "bs-window.h"

#include "ui-test-util.h"

static BsApplication *app;

typedef struct {
  BsWindow      *window;
  BsBalanceView *view;
} Fixture;

static void
pump_once (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* Runs the main loop until cond holds, or fails after a generous limit
 * (the machine may be loaded: conditions, never fixed waits). */
static void
wait_for (gboolean (*cond) (Fixture *), Fixture *fixture, const char *what)
{
  gint64 end = ui_test_deadline (300);

  while (!cond (fixture))
    {
      if (g_get_monotonic_time () > end)
        g_error ("timed out waiting for %s", what);
      ui_test_iterate ();
    }
  pump_once ();
}

static BsStudyRunner *
open_runner (Fixture *fixture)
{
  const char *path = bs_balance_view_get_path (fixture->view);
  g_autoptr(GError) error = NULL;
  BsStudyRunner *runner;

  g_assert_nonnull (path);
  runner = bs_study_runner_open (path, NULL, &error);
  g_assert_no_error (error);
  return runner;
}

static gboolean
is_complete (Fixture *fixture)
{
  return gtk_widget_get_visible (GTK_WIDGET (
    gtk_widget_get_template_child (GTK_WIDGET (fixture->view), BS_TYPE_BALANCE_VIEW,
                                   "more_button")));
}

static gboolean
is_opened (Fixture *fixture)
{
  return !bs_window_get_opening (fixture->window) && !bs_balance_view_get_loading (fixture->view);
}

static GtkWidget *
child (Fixture *fixture, const char *name)
{
  return GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (fixture->view),
                                                    BS_TYPE_BALANCE_VIEW, name));
}

static void
save_png (Fixture *fixture, const char *name)
{
  const char *dir = g_getenv ("BS_BALANCE_PNG");
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;

  if (dir == NULL)
    return;
  path = g_build_filename (dir, name, NULL);
  g_assert_true (bs_screenshot_save_png (GTK_WIDGET (fixture->window), path, &error));
  g_assert_no_error (error);
}

static void
fixture_setup (Fixture *fixture, gconstpointer data)
{
  fixture->window = bs_window_new (ADW_APPLICATION (app));
  gtk_window_set_default_size (GTK_WINDOW (fixture->window), 1000, 1100);
  gtk_window_present (GTK_WINDOW (fixture->window));
  fixture->view = bs_window_get_balance_view (fixture->window);
  pump_once ();
}

static void
fixture_teardown (Fixture *fixture, gconstpointer data)
{
  bs_balance_view_pause (fixture->view);
  bs_editor_view_set_document (bs_window_get_editor_view (fixture->window), NULL);
  gtk_window_destroy (GTK_WINDOW (fixture->window));
  pump_once ();
}

static gboolean
in_recent (const char *path)
{
  g_autofree char *uri = g_filename_to_uri (path, NULL, NULL);

  return gtk_recent_manager_has_item (gtk_recent_manager_get_default (), uri);
}

static void
append_label_texts (GtkWidget *widget,
                    GString   *texts)
{
  if (!gtk_widget_get_visible (widget))
    return;
  if (GTK_IS_LABEL (widget))
    g_string_append_printf (texts, "%s\n", gtk_label_get_text (GTK_LABEL (widget)));
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    append_label_texts (c, texts);
}

/* Every percentage the page shows is written one way, bs_percent_format's
 * (not "75.0 %" beside "92.5%"); returns how many it saw. */
static guint
assert_one_percent_format (Fixture *fixture)
{
  g_autoptr(GString) texts = g_string_new (NULL);
  g_autoptr(GRegex) regex = g_regex_new ("([0-9]+)(?:[.,]([0-9]+))?\\s*%", 0, 0, NULL);
  g_autoptr(GMatchInfo) match = NULL;
  guint seen = 0;

  append_label_texts (GTK_WIDGET (fixture->view), texts);
  g_regex_match (regex, texts->str, 0, &match);
  for (; g_match_info_matches (match); g_match_info_next (match, NULL), seen++)
    {
      g_autofree char *whole = g_match_info_fetch (match, 0);
      g_autofree char *integer = g_match_info_fetch (match, 1);
      g_autofree char *decimals = g_match_info_fetch (match, 2);
      g_autofree char *number = g_strdup_printf ("%s.%s", integer, decimals);
      g_autofree char *expected = bs_percent_format (g_ascii_strtod (number, NULL) / 100,
                                                     (int) strlen (decimals));

      g_assert_cmpstr (whole, ==, expected);
    }
  return seen;
}

/* The button of an action under root (Start Study: "balance.start"). */
static GtkWidget *
action_button (GtkWidget *root, const char *action)
{
  if (GTK_IS_ACTIONABLE (root) &&
      g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (root)), action) == 0)
    return root;
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = action_button (c, action);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static const char *
combo_item (Fixture *fixture, const char *name)
{
  AdwComboRow *row = ADW_COMBO_ROW (child (fixture, name));
  GtkStringObject *item = adw_combo_row_get_selected_item (row);

  return item != NULL ? gtk_string_object_get_string (item) : NULL;
}

/* The players: any level or budget, a refused custom text disables Start; a study's
 * players come back on the rows (docs/BALANCE.md, In the app: Players). */
static void
test_players (Fixture *fixture, gconstpointer data)
{
  GtkWidget *start = action_button (GTK_WIDGET (fixture->view), "balance.start");
  BsStudy *study;

  g_assert_nonnull (start);
  g_action_group_activate_action (G_ACTION_GROUP (fixture->window), "test-balance",
                                  g_variant_new_string ("breakthrough"));
  pump_once ();
  g_assert_true (bs_balance_view_set_setup (fixture->view, "ab:depth=2", "mcts:cpu=0.1", 10,
                                            NULL, 0, 0));
  g_assert_cmpstr (combo_item (fixture, "player_a_row"), ==, "Alpha-beta, depth 2");
  g_assert_cmpstr (combo_item (fixture, "player_b_row"), ==, "Custom…");
  g_assert_false (gtk_widget_get_visible (child (fixture, "player_a_entry")));
  g_assert_true (gtk_widget_get_visible (child (fixture, "player_b_entry")));
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (
                     child (fixture, "player_b_status"))), ==,
                   "100 ms a move: its moves depend on the machine’s speed");
  g_assert_true (gtk_widget_get_sensitive (start));
  /* No player at all: refused, nothing changed. */
  g_assert_false (bs_balance_view_set_setup (fixture->view, "ab:depth=zero", "random", 10,
                                             NULL, 0, 0));
  g_assert_cmpstr (combo_item (fixture, "player_a_row"), ==, "Alpha-beta, depth 2");

  /* A game of simultaneous rounds: no alpha-beta in the list; a typed one says why. */
  g_action_group_activate_action (G_ACTION_GROUP (fixture->window), "test-balance",
                                  g_variant_new_string ("tribes"));
  pump_once ();
  g_assert_cmpstr (combo_item (fixture, "player_a_row"), ==, "Custom…");
  g_assert_nonnull (strstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (
                              child (fixture, "player_a_status"))),
                            "searches turn-based games only"));
  g_assert_false (gtk_widget_get_sensitive (start));
  {
    GListModel *levels = adw_combo_row_get_model (ADW_COMBO_ROW (child (fixture,
                                                                        "player_a_row")));

    for (guint i = 0; i < g_list_model_get_n_items (levels); i++)
      g_assert_null (strstr (gtk_string_list_get_string (GTK_STRING_LIST (levels), i),
                             "Alpha-beta"));
  }
  g_assert_true (bs_balance_view_set_setup (fixture->view, "medium", "5", 10, NULL, 0, 0));
  g_assert_true (gtk_widget_get_sensitive (start));

  /* Back on a turn-based game: a study of alpha-beta and a node budget, and its players
   * back on the rows after New Study. */
  g_action_group_activate_action (G_ACTION_GROUP (fixture->window), "test-balance",
                                  g_variant_new_string ("breakthrough"));
  pump_once ();
  g_assert_true (bs_balance_view_set_setup (fixture->view, "ab:depth=1", "ab:nodes=50", 10,
                                            NULL, 0, 0));
  gtk_widget_activate_action (GTK_WIDGET (fixture->view), "balance.start", NULL);
  pump_once ();
  study = bs_study_runner_get_study (bs_balance_run_get_runner (
                                       bs_balance_view_get_run (fixture->view)));
  g_assert_cmpstr (study->players[0].level, ==, "ab:depth=1");
  g_assert_cmpstr (study->players[1].level, ==, "ab:nodes=50");
  wait_for (is_complete, fixture, "the study to finish");
  gtk_widget_activate_action (GTK_WIDGET (fixture->view), "balance.new", NULL);
  pump_once ();
  g_assert_cmpstr (combo_item (fixture, "player_a_row"), ==, "Alpha-beta, depth 1");
  g_assert_cmpstr (combo_item (fixture, "player_b_row"), ==, "Custom…");
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (
                     child (fixture, "player_b_status"))), ==,
                   "Alpha-beta (nodes=50): the same moves on any machine");
}

static void
test_run_reopen_more (Fixture *fixture, gconstpointer data)
{
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = NULL;

  g_action_group_activate_action (G_ACTION_GROUP (fixture->window), "test-balance",
                                  g_variant_new_string ("agoraphobia"));
  pump_once ();
  g_assert_cmpstr (bs_window_get_page (fixture->window), ==, "balance");
  g_assert_true (bs_balance_view_set_setup (fixture->view, "random", "random", 60, NULL, 0, 0));
  g_assert_false (bs_balance_view_set_setup (fixture->view, "genius", "random", 60, NULL, 0, 0));
  gtk_widget_activate_action (GTK_WIDGET (fixture->view), "balance.start", NULL);
  pump_once ();
  path = g_strdup (bs_balance_view_get_path (fixture->view));
  g_assert_nonnull (path);
  /* Built-in variants' studies go to the user's data directory. */
  g_assert_true (g_str_has_suffix (path, ".bsstudy"));
  g_assert_nonnull (strstr (path, "boardsmith/studies/agoraphobia-"));
  g_assert_false (gtk_widget_get_visible (child (fixture, "setup_box")));
  g_assert_true (gtk_widget_get_visible (child (fixture, "results_box")));
  wait_for (is_complete, fixture, "the study to finish");
  g_assert_true (in_recent (path));
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (child (fixture, "verdict_label"))),
                            "player 1 scores"));
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (child (fixture, "study_label"))),
                            "Random against Random · 60 games per variant"));
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (child (fixture, "progress_label"))), ==,
                   "Complete: 60 games");
  /* The score, its interval, the draws and each way games ended. */
  g_assert_cmpuint (assert_one_percent_format (fixture), >=, 4);
  save_png (fixture, "balance-single.png");
  {
    g_autoptr(BsStudyRunner) runner = open_runner (fixture);
    g_autoptr(BsStudyStats) stats = bs_study_runner_get_stats (runner, 0);

    g_assert_cmpuint (stats->games, ==, 60);
  }

  /* Reopened from its file (as Recent does), then 1,000 more games. */
  bs_window_show_start (fixture->window);
  file = g_file_new_for_path (path);
  g_assert_true (bs_window_open_file (fixture->window, file, &error));
  g_assert_no_error (error);
  /* Read in a thread: the page says so meanwhile. */
  g_assert_cmpstr (bs_window_get_page (fixture->window), ==, "balance");
  wait_for (is_opened, fixture, "the study to be read");
  g_assert_true (is_complete (fixture));
  gtk_widget_activate_action (GTK_WIDGET (fixture->view), "balance.more", NULL);
  pump_once ();
  wait_for (is_complete, fixture, "1,000 more games");
  {
    g_autoptr(BsStudyRunner) runner = open_runner (fixture);
    g_autoptr(BsStudyStats) stats = bs_study_runner_get_stats (runner, 0);

    g_assert_cmpuint (stats->games, ==, 1060);
    g_assert_true (bs_study_runner_is_complete (runner));
  }
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (child (fixture, "progress_label"))), ==,
                   "Complete: 1060 games");
}

static gboolean
chart_described (Fixture *fixture)
{
  return gtk_test_accessible_has_property (GTK_ACCESSIBLE (child (fixture, "chart_area")),
                                           GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
}

static void
test_sweep_apply (Fixture *fixture, gconstpointer data)
{
  BsVariantDocument *document;
  g_autoptr(BsStudyRunner) runner = NULL;
  const char *fairest_value;
  BsStudy *study;

  g_action_group_activate_action (G_ACTION_GROUP (fixture->window), "test-balance",
                                  g_variant_new_string ("agoraphobia"));
  pump_once ();
  g_assert_true (bs_balance_view_set_setup (fixture->view, "random", "random", 40,
                                            "supply.2.large", 3, 6));
  g_assert_true (gtk_widget_get_visible (child (fixture, "from_row")));
  g_assert_true (gtk_widget_get_visible (child (fixture, "to_row")));
  /* One of Vary and Compare With at a time. */
  g_assert_false (gtk_widget_get_sensitive (child (fixture, "compare_row")));
  gtk_widget_activate_action (GTK_WIDGET (fixture->view), "balance.start", NULL);
  wait_for (is_complete, fixture, "the sweep to finish");
  g_assert_true (gtk_widget_get_visible (child (fixture, "fairest_group")));
  /* Four values of 40 games each: the total said too. */
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (child (fixture, "study_label"))),
                            "Random against Random · 160 games in all, 40 per variant · "));
  save_png (fixture, "balance-sweep.png");

  runner = open_runner (fixture);
  study = bs_study_runner_get_study (runner);
  g_assert_cmpuint (bs_study_n_arms (study), ==, 4);
  /* The chart says in words what it marks: the fairest value(s) and the plausibly fair ones
   * (issue 26), as bs_chart_describe words them for these games. */
  {
    g_autoptr(BsChartData) chart = bs_chart_data_new (runner);
    BsChartOptions options;
    g_autofree char *expected = NULL;
    g_autofree char *mismatch = NULL;

    bs_chart_options_init (&options);
    options.kind = BS_CHART_SWEEP;
    expected = bs_chart_describe (chart, &options);
    g_assert_nonnull (expected);
    g_assert_true (strstr (expected, "Fairest: ") != NULL ||
                   strstr (expected, "Tied for fairest: ") != NULL);
    wait_for (chart_described, fixture, "the chart's description");
    mismatch = gtk_test_accessible_check_property (GTK_ACCESSIBLE (child (fixture, "chart_area")),
                                                   GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                                   expected);
    g_assert_null (mismatch);
  }
  {
    g_autoptr(GPtrArray) arms = g_ptr_array_new_with_free_func ((GDestroyNotify) bs_study_stats_free);
    int fairest;

    for (guint i = 0; i < 4; i++)
      g_ptr_array_add (arms, bs_study_runner_get_stats (runner, i));
    fairest = bs_study_stats_fairest_preferring ((BsStudyStats * const *) arms->pdata, 4,
                                                 study->default_arm);
    g_assert_cmpint (fairest, >=, 0);
    fairest_value = bs_study_get_arm (study, (guint) fairest)->value;
    if (fairest == study->default_arm)
      {
        /* Nothing to apply: the variant already has the fairest value. */
        gtk_widget_activate_action (GTK_WIDGET (fixture->view), "balance.apply", NULL);
        pump_once ();
        g_assert_cmpstr (bs_window_get_page (fixture->window), ==, "balance");
        return;
      }
  }
  gtk_widget_activate_action (GTK_WIDGET (fixture->view), "balance.apply", NULL);
  pump_once ();
  g_assert_cmpstr (bs_window_get_page (fixture->window), ==, "editor");
  document = bs_editor_view_get_document (bs_window_get_editor_view (fixture->window));
  g_assert_nonnull (document);
  g_assert_cmpint (bs_variant_get_supply (bs_variant_document_get_variant (document), 2, "large"),
                   ==, atoi (fairest_value));
}

static gboolean
some_done (Fixture *fixture)
{
  const char *text = gtk_label_get_text (GTK_LABEL (child (fixture, "progress_label")));

  return text != NULL && !g_str_has_prefix (text, "0 of") && strstr (text, " of ") != NULL;
}

static gboolean
is_paused (Fixture *fixture)
{
  const char *text = gtk_label_get_text (GTK_LABEL (child (fixture, "progress_label")));

  return g_str_has_prefix (text, "Paused: ");
}

static gboolean
is_cancelled (Fixture *fixture)
{
  const char *text = gtk_label_get_text (GTK_LABEL (child (fixture, "progress_label")));

  return g_str_has_prefix (text, "Cancelled: ") && strstr (text, " of 4000 games") != NULL;
}

static gboolean
can_start_anew (Fixture *fixture)
{
  return gtk_widget_is_sensitive (child (fixture, "new_button"));
}

static void
test_pause_cancel (Fixture *fixture, gconstpointer data)
{
  g_autofree char *path = NULL;
  guint kept;

  g_action_group_activate_action (G_ACTION_GROUP (fixture->window), "test-balance",
                                  g_variant_new_string ("agoraphobia"));
  pump_once ();
  /* Searching players and many games, so that it is still running when
   * paused. */
  g_assert_true (bs_balance_view_set_setup (fixture->view, "easy", "random", 4000, NULL, 0, 0));
  gtk_widget_activate_action (GTK_WIDGET (fixture->view), "balance.start", NULL);
  path = g_strdup (bs_balance_view_get_path (fixture->view));
  wait_for (some_done, fixture, "the first games");
  save_png (fixture, "balance-running.png");
  gtk_widget_activate_action (GTK_WIDGET (fixture->view), "balance.pause", NULL);
  wait_for (is_paused, fixture, "the pause");
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (child (fixture, "pause_button"))), ==,
                   "_Resume");
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(BsStudyRunner) runner = bs_study_runner_open (path, NULL, &error);

    g_assert_no_error (error);
    bs_study_runner_get_progress (runner, &kept, NULL);
    g_assert_cmpuint (kept, >, 0);
    g_assert_false (bs_study_runner_is_complete (runner));
  }
  /* Resume, then cancel: back to the setup, the file keeps the games. */
  gtk_widget_activate_action (GTK_WIDGET (fixture->view), "balance.pause", NULL);
  pump_once ();
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (child (fixture, "pause_button"))), ==,
                   "_Pause");
  gtk_widget_activate_action (GTK_WIDGET (fixture->view), "balance.cancel", NULL);
  pump_once ();
  /* Cancelled: the results so far stay, marked so; New Study once the
   * workers have stopped. */
  wait_for (is_cancelled, fixture, "the cancel");
  g_assert_true (gtk_widget_get_visible (child (fixture, "results_box")));
  g_assert_false (gtk_widget_get_visible (child (fixture, "setup_box")));
  g_assert_false (gtk_widget_get_visible (child (fixture, "pause_button")));
  g_assert_false (gtk_widget_get_visible (child (fixture, "more_button")));
  g_assert_true (gtk_widget_get_visible (child (fixture, "new_button")));
  g_assert_cmpstr (bs_balance_view_get_path (fixture->view), ==, path);
  wait_for (can_start_anew, fixture, "New Study");
  gtk_widget_activate_action (GTK_WIDGET (fixture->view), "balance.new", NULL);
  pump_once ();
  {
    g_autofree char *journal = bs_study_journal_path (path);
    gint64 end = ui_test_deadline (300);

    /* The stopped run folds its journal into the file and removes it. */
    while (g_file_test (journal, G_FILE_TEST_EXISTS))
      {
        g_assert_cmpint (g_get_monotonic_time (), <, end);
        g_main_context_iteration (NULL, FALSE);
        g_usleep (10000);
      }
  }
  g_assert_true (gtk_widget_get_visible (child (fixture, "setup_box")));
  g_assert_null (bs_balance_view_get_path (fixture->view));
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(BsStudyRunner) runner = NULL;
    guint done;

    /* The cancelled run may still be folding its last games in: the
     * file is whole at any moment, and has at least what was paused. */
    runner = bs_study_runner_open (path, NULL, &error);
    g_assert_no_error (error);
    bs_study_runner_get_progress (runner, &done, NULL);
    g_assert_cmpuint (done, >=, kept);
  }
}

/* The threads the variant files for Compare With were read in. */
static GMutex read_mutex;
static GPtrArray *read_threads;
static GPtrArray *read_paths;

static void
record_read (const char *path, gpointer user_data)
{
  if (path == NULL)
    return;
  g_mutex_lock (&read_mutex);
  g_ptr_array_add (read_threads, g_thread_self ());
  g_ptr_array_add (read_paths, g_strdup (path));
  g_mutex_unlock (&read_mutex);
}

static gboolean
variants_read (Fixture *fixture)
{
  return !bs_balance_view_get_reading_variants (fixture->view);
}

/* A/B: the variant against one the Compare With row offers (an example
 * of the same game, read in a worker thread, never the main one), both
 * played with the same seeds; the difference with its interval. */
static void
count_update (BsBalanceRun *run,
              guint        *updates)
{
  (*updates)++;
}

/* While a study plays (searching players: slowly), the page hears of it
 * (and redraws its chart and figures) as the games move on, not four
 * times a second whatever they do: on a busy machine those redraws took
 * the workers' time (they run below the window's priority), the study went
 * slower still and was redrawn more, and test-balance went past 600 s. */
static void
test_updates_follow_games (Fixture *fixture, gconstpointer data)
{
  BsBalanceRun *run;
  guint updates = 0, done = 0, total = 0;
  gint64 started, elapsed;
  gulong handler;

  g_action_group_activate_action (G_ACTION_GROUP (fixture->window), "test-balance",
                                  g_variant_new_string ("agoraphobia"));
  pump_once ();
  g_assert_true (bs_balance_view_set_setup (fixture->view, "easy", "easy", 4000, NULL, 0, 0));
  gtk_widget_activate_action (GTK_WIDGET (fixture->view), "balance.start", NULL);
  run = bs_balance_view_get_run (fixture->view);
  g_assert_nonnull (run);
  g_assert_true (bs_balance_run_get_running (run));
  handler = g_signal_connect (run, "updated", G_CALLBACK (count_update), &updates);
  /* Six seconds of a study (measured, not awaited: the bound below grows
   * with them on a slower machine). */
  started = g_get_monotonic_time ();
  while (g_get_monotonic_time () - started < 6 * G_USEC_PER_SEC)
    ui_test_iterate ();
  elapsed = g_get_monotonic_time () - started;
  g_signal_handler_disconnect (run, handler);
  bs_balance_run_get_progress (run, &done, &total, NULL);
  g_test_message ("%u updates in %.1f s, %u of %u games", updates, elapsed / 1e6, done, total);
  /* One for each hundredth of the games and one every two seconds at most
   * (bs-balance-run.c), one spare; four a second before. */
  g_assert_cmpuint (updates, <=, 1 + done * 100 / MAX (total, 1)
                                  + (guint) (elapsed / (2 * G_USEC_PER_SEC)));
  bs_balance_view_pause (fixture->view);
  wait_for (is_paused, fixture, "the pause");
}

static void
test_compare (Fixture *fixture, gconstpointer data)
{
  g_autofree char *other = g_build_filename (g_getenv ("BOARDSMITH_RULES_DIR"), "examples",
                                             "agoraphobia-hexagon-handicap.xml", NULL);
  g_autoptr(BsStudyRunner) runner = NULL;
  const char *verdict;
  BsStudy *study;
  gboolean read_other = FALSE;

  read_threads = g_ptr_array_new ();
  read_paths = g_ptr_array_new_with_free_func (g_free);
  bs_balance_view_set_read_hook (record_read, NULL);
  g_action_group_activate_action (G_ACTION_GROUP (fixture->window), "test-balance",
                                  g_variant_new_string ("agoraphobia"));
  pump_once ();
  /* The built-in variants at once, the files once read. */
  g_assert_false (bs_balance_view_set_compare (fixture->view, "tribes"));
  wait_for (variants_read, fixture, "the variant files to be read");
  bs_balance_view_set_read_hook (NULL, NULL);
  g_mutex_lock (&read_mutex);
  g_assert_cmpuint (read_threads->len, >, 0);
  for (guint i = 0; i < read_threads->len; i++)
    {
      g_assert_true (read_threads->pdata[i] != (gpointer) g_thread_self ());
      read_other |= g_str_equal (read_paths->pdata[i], other);
    }
  g_mutex_unlock (&read_mutex);
  g_assert_true (read_other);
  g_clear_pointer (&read_threads, g_ptr_array_unref);
  g_clear_pointer (&read_paths, g_ptr_array_unref);

  g_assert_true (bs_balance_view_set_setup (fixture->view, "random", "random", 30, NULL, 0, 0));
  g_assert_true (bs_balance_view_set_compare (fixture->view, other));
  /* Not a variant of this game, and not the variant itself: not offered. */
  g_assert_false (bs_balance_view_set_compare (fixture->view, "tribes"));
  g_assert_false (bs_balance_view_set_compare (fixture->view, "agoraphobia"));
  g_assert_true (bs_balance_view_set_compare (fixture->view, other));
  g_assert_false (gtk_widget_get_sensitive (child (fixture, "vary_row")));
  gtk_widget_activate_action (GTK_WIDGET (fixture->view), "balance.start", NULL);
  wait_for (is_complete, fixture, "the comparison to finish");
  save_png (fixture, "balance-compare.png");

  runner = open_runner (fixture);
  study = bs_study_runner_get_study (runner);
  g_assert_cmpint (study->kind, ==, BS_STUDY_COMPARE);
  g_assert_cmpuint (bs_study_n_arms (study), ==, 2);
  g_assert_cmpstr (bs_study_get_arm (study, 1)->variant->id, ==, "agoraphobia-hexagon-handicap");
  g_assert_cmpuint (bs_study_runner_arm_games (runner, 0), ==, 30);
  g_assert_cmpuint (bs_study_runner_arm_games (runner, 1), ==, 30);
  verdict = gtk_label_get_text (GTK_LABEL (child (fixture, "verdict_label")));
  g_assert_true (g_str_has_prefix (verdict, "B changes") ||
                 g_str_has_prefix (verdict, "No clear difference"));
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (child (fixture, "study_label"))),
                            "compared with B: Agoraphobia, hexagon 5, handicap"));
}

/* Stop Early: the study ends once player 1's score is known within ± 5
 * points, long before the games allowed. */
static void
test_stop_early (Fixture *fixture, gconstpointer data)
{
  g_autoptr(BsStudyRunner) runner = NULL;
  BsStudy *study;
  guint games;

  g_action_group_activate_action (G_ACTION_GROUP (fixture->window), "test-balance",
                                  g_variant_new_string ("agoraphobia"));
  pump_once ();
  g_assert_true (bs_balance_view_set_setup (fixture->view, "random", "random", 5000, NULL, 0, 0));
  g_assert_false (bs_balance_view_set_stop_early (fixture->view, 0.04));
  g_assert_true (bs_balance_view_set_stop_early (fixture->view, 0.05));
  gtk_widget_activate_action (GTK_WIDGET (fixture->view), "balance.start", NULL);
  wait_for (is_complete, fixture, "the study to reach its precision");
  runner = open_runner (fixture);
  study = bs_study_runner_get_study (runner);
  g_assert_cmpfloat_with_epsilon (study->margin, 0.05, 1e-9);
  g_assert_cmpuint (study->games, ==, 5000);
  games = bs_study_runner_arm_games (runner, 0);
  /* ± 5 points needs about 720 games of win or loss by the anytime-valid confidence
   * sequence (docs/BALANCE.md, Statistics: Stopping when settled; the fixed-size Wilson
   * interval needed about 380), fewer with draws; where it stopped is where the sequence
   * first reached ± 5 points. */
  g_assert_cmpuint (games, >=, 300);
  g_assert_cmpuint (games, <=, 1200);
  g_assert_cmpuint (games % BS_STUDY_MARGIN_BLOCK, ==, 0);
  {
    BsStudyStats *stats = bs_study_runner_get_stats (runner, 0);
    BsStudyStopping stopping;

    g_assert_true (bs_study_stats_stopping (stats, study, &stopping));
    g_assert_true (stopping.stopped);
    g_assert_cmpuint (stopping.at, ==, games);
    g_assert_cmpfloat ((stopping.high - stopping.low) / 2, <=, 0.05);
    bs_study_stats_free (stats);
  }
  g_assert_true (bs_study_runner_is_complete (runner));
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (child (fixture, "study_label"))),
                            "until ± 5 points, at most 5000 games per variant"));
}

static void
assert_fits (GtkWidget  *widget,
             const char *what)
{
  int minimum = 0, natural = 0;

  gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, NULL, NULL);
  g_test_message ("%s: minimum width %d", what, minimum);
  g_assert_cmpint (minimum, <=, 360);
}

/* The page in a phone's 360 px: nothing asks for more width, the chart
 * draws in what there is. (The page alone in a window of that width: the
 * main window's own narrow layout is another matter.) */
static void
test_narrow (Fixture *fixture, gconstpointer data)
{
  GtkWidget *window = gtk_window_new ();
  BsBalanceView *view = g_object_new (BS_TYPE_BALANCE_VIEW, NULL);
  BsBalanceView *main_view = fixture->view;
  g_autoptr(BsVariant) variant = bs_variant_lookup ("agoraphobia", NULL);
  const char *dir = g_getenv ("BS_BALANCE_PNG");

  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (view));
  gtk_window_set_default_size (GTK_WINDOW (window), 360, 1500);
  gtk_window_present (GTK_WINDOW (window));
  bs_balance_view_set_variant (view, variant, "agoraphobia");
  pump_once ();
  assert_fits (GTK_WIDGET (view), "setup");
  g_assert_true (bs_balance_view_set_setup (view, "random", "random", 40, "supply.2.large", 4, 6));
  g_assert_true (bs_balance_view_set_stop_early (view, 0.05));
  assert_fits (GTK_WIDGET (view), "setup of a sweep");
  if (dir != NULL)
    {
      g_autofree char *path = g_build_filename (dir, "balance-narrow-setup.png", NULL);

      pump_once ();
      g_assert_true (bs_screenshot_save_png (window, path, NULL));
    }
  gtk_widget_activate_action (GTK_WIDGET (view), "balance.start", NULL);
  fixture->view = view;
  wait_for (is_complete, fixture, "the sweep to finish");
  fixture->view = main_view;
  assert_fits (GTK_WIDGET (view), "results");
  g_assert_cmpint (gtk_widget_get_width (window), <=, 360);
  if (dir != NULL)
    {
      g_autofree char *path = g_build_filename (dir, "balance-narrow-results.png", NULL);

      g_assert_true (bs_screenshot_save_png (window, path, NULL));
    }
  gtk_window_destroy (GTK_WINDOW (window));
  pump_once ();
}

static void
on_message (BsBalanceView *view, const char *message, gpointer user_data)
{
  GPtrArray *messages = user_data;

  g_ptr_array_add (messages, g_strdup (message));
}

/* What `boardsmith-cli report PATH ARGS…` prints. */
static char *
cli_report (const char *path, const char *arg1, const char *arg2)
{
  const char *cli = g_getenv ("BOARDSMITH_CLI");
  const char *argv[] = { cli, "report", path, arg1, arg2, NULL };
  g_autoptr(GError) error = NULL;
  char *out = NULL;
  int status = 0;

  g_assert_nonnull (cli);
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL,
                               &out, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  return out;
}

static void
assert_same_bytes (const char *path, const char *expected)
{
  g_autofree char *contents = NULL;
  gsize length = 0;

  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  /* Both texts in the log when they differ: which line, which figure. */
  if (length != strlen (expected) || memcmp (contents, expected, length) != 0)
    g_printerr ("%s differs from the CLI's report.\n--- written:\n%s\n--- CLI:\n%s\n",
                path, contents, expected);
  g_assert_cmpuint (length, ==, strlen (expected));
  g_assert_cmpmem (contents, length, expected, strlen (expected));
}

static void
export_data (Fixture *fixture, const char *path)
{
  gtk_widget_activate_action (GTK_WIDGET (fixture->view), "balance.export-data", "s", path);
  pump_once ();
}

/* Export Data… writes what `report --csv TABLE` (the table behind the
 * chart shown) and `report --json` print for the study's file, byte for
 * byte; errors name the file. */
static void
test_export_data (Fixture *fixture, gconstpointer data)
{
  g_autoptr(GPtrArray) messages = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *dir = g_dir_make_tmp ("bs-balance-export-XXXXXX", NULL);
  g_autofree char *csv = g_build_filename (dir, "sweep.csv", NULL);
  g_autofree char *json = g_build_filename (dir, "sweep.JSON", NULL);
  g_autofree char *text = g_build_filename (dir, "sweep.txt", NULL);
  g_autofree char *missing = g_build_filename (dir, "no-such-folder", "sweep.csv", NULL);
  g_autofree char *early = g_build_filename (dir, "early.csv", NULL);
  g_autofree char *cli_csv = NULL, *cli_json = NULL;
  const char *path;

  g_signal_connect (fixture->view, "message", G_CALLBACK (on_message), messages);
  g_action_group_activate_action (G_ACTION_GROUP (fixture->window), "test-balance",
                                  g_variant_new_string ("agoraphobia"));
  pump_once ();
  /* No study, no data. */
  export_data (fixture, early);
  g_assert_false (g_file_test (early, G_FILE_TEST_EXISTS));
  g_assert_cmpuint (messages->len, ==, 0);

  g_assert_true (bs_balance_view_set_setup (fixture->view, "random", "random", 30,
                                            "supply.2.large", 4, 5));
  gtk_widget_activate_action (GTK_WIDGET (fixture->view), "balance.start", NULL);
  wait_for (is_complete, fixture, "the sweep to finish");
  path = bs_balance_view_get_path (fixture->view);
  g_assert_nonnull (path);

  export_data (fixture, csv);
  g_assert_cmpuint (messages->len, ==, 1);
  g_assert_cmpstr (messages->pdata[0], ==, "Data saved as sweep.csv");
  export_data (fixture, json);
  g_assert_cmpstr (messages->pdata[1], ==, "Data saved as sweep.JSON");
  cli_csv = cli_report (path, "--csv", "summary");
  cli_json = cli_report (path, "--json", NULL);
  g_assert_true (g_str_has_prefix (cli_csv, "arm,value,games,player1_wins,"));
  g_assert_nonnull (strstr (cli_json, "\"sweep_key\" : \"supply.2.large\""));
  assert_same_bytes (csv, cli_csv);
  assert_same_bytes (json, cli_json);

  /* CSV holds the table behind the chart shown: Game Length, then
   * Openings on the Board (a sweep's charts: Score by Setting, Results by
   * Seat, Game Length, Legal Moves per Turn, Openings on the Board). */
  {
    static const struct { guint chart; const char *table; } shown[] = {
      { 2, "lengths" }, { 3, "branching" }, { 4, "openings" }, { 1, "summary" },
    };
    GtkDropDown *charts = GTK_DROP_DOWN (child (fixture, "chart_dropdown"));

    for (guint i = 0; i < G_N_ELEMENTS (shown); i++)
      {
        g_autofree char *table_csv = g_build_filename (dir, "table.csv", NULL);
        g_autofree char *expected = cli_report (path, "--csv", shown[i].table);

        gtk_drop_down_set_selected (charts, shown[i].chart);
        pump_once ();
        export_data (fixture, table_csv);
        assert_same_bytes (table_csv, expected);
        g_unlink (table_csv);
      }
    gtk_drop_down_set_selected (charts, 0);
    g_ptr_array_set_size (messages, 2);
  }

  /* Neither .csv nor .json, or a folder that is not there: a message
   * naming the file, and nothing written. */
  export_data (fixture, text);
  g_assert_cmpuint (messages->len, ==, 3);
  g_assert_nonnull (strstr (messages->pdata[2], text));
  g_assert_nonnull (strstr (messages->pdata[2], ".csv or .json"));
  g_assert_false (g_file_test (text, G_FILE_TEST_EXISTS));
  export_data (fixture, missing);
  g_assert_cmpuint (messages->len, ==, 4);
  g_assert_true (g_str_has_prefix (messages->pdata[3], "Could not export the data: "));
  g_assert_nonnull (strstr (messages->pdata[3], missing));

  g_unlink (csv);
  g_unlink (json);
  g_rmdir (dir);
}

/* Leaving while the variant files are read: the worker is held at its
 * first file; the page goes at once (the reading keeps no reference),
 * which cancels the reading: no second file is read, and the end of the
 * reading touches nothing. */
static GMutex gate_mutex;
static GCond gate_cond;
static gboolean gate_open;
static guint gate_files;
static gboolean gate_ended;

static void
wait_at_gate (const char *path, gpointer user_data)
{
  if (path == NULL)
    {
      gate_ended = TRUE;
      return;
    }
  g_mutex_lock (&gate_mutex);
  gate_files++;
  while (!gate_open)
    g_cond_wait (&gate_cond, &gate_mutex);
  g_mutex_unlock (&gate_mutex);
}

static void
test_leave_while_reading (void)
{
  BsWindow *window = bs_window_new (ADW_APPLICATION (app));
  BsBalanceView *view = bs_window_get_balance_view (window);
  gint64 end = ui_test_deadline (300);

  gate_open = FALSE;
  gate_files = 0;
  gate_ended = FALSE;
  bs_balance_view_set_read_hook (wait_at_gate, NULL);
  gtk_window_present (GTK_WINDOW (window));
  g_action_group_activate_action (G_ACTION_GROUP (window), "test-balance",
                                  g_variant_new_string ("agoraphobia"));
  pump_once ();
  g_assert_true (bs_balance_view_get_reading_variants (view));
  g_object_add_weak_pointer (G_OBJECT (view), (gpointer *) &view);
  gtk_window_destroy (GTK_WINDOW (window));
  pump_once ();
  g_assert_null (view);
  g_mutex_lock (&gate_mutex);
  gate_open = TRUE;
  g_cond_broadcast (&gate_cond);
  g_mutex_unlock (&gate_mutex);
  while (!gate_ended)
    {
      g_assert_cmpint (g_get_monotonic_time (), <, end);
      ui_test_iterate ();
    }
  g_assert_cmpuint (gate_files, ==, 1);
  bs_balance_view_set_read_hook (NULL, NULL);
}

static char *
verdict_for (const char *const *sets,
             double              score,
             gboolean            significant)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariant) variant = bs_variant_lookup ("agoraphobia", &error);
  g_autoptr(BsRuleset) rs = NULL;
  BsStatsScore s = { .n = 200, .score = score, .significant = significant };

  g_assert_no_error (error);
  for (guint i = 0; sets != NULL && sets[i] != NULL; i += 2)
    {
      g_assert_true (bs_variant_set (variant, sets[i], sets[i + 1], &error));
      g_assert_no_error (error);
    }
  rs = bs_ruleset_new (variant, &error);
  g_assert_no_error (error);
  return bs_balance_verdict_single (rs, &s);
}

/* The headline blames the first move only when the sides start alike;
 * otherwise it says how player 1 starts (issue 29, item 8). */
/* Every new study goes to one folder, studies/, a user's variant's too
 * (not beside it among the variants), named after the variant's file. */
static void
test_study_folder (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariant) variant = bs_variant_lookup ("agoraphobia", &error);
  g_autofree char *studies = bs_balance_view_studies_dir ();
  g_autofree char *source = g_build_filename (g_get_user_data_dir (), "boardsmith", "variants",
                                              "my-game.bsvariant", NULL);
  g_autofree char *builtin = NULL, *user = NULL, *builtin_dir = NULL, *user_dir = NULL;

  g_assert_no_error (error);
  builtin = bs_balance_view_new_study_path (variant, NULL);
  user = bs_balance_view_new_study_path (variant, source);
  builtin_dir = g_path_get_dirname (builtin);
  user_dir = g_path_get_dirname (user);
  g_assert_cmpstr (builtin_dir, ==, studies);
  g_assert_cmpstr (user_dir, ==, studies);
  g_assert_true (g_str_has_prefix (strrchr (builtin, '/'), "/agoraphobia-"));
  g_assert_true (g_str_has_prefix (strrchr (user, '/'), "/my-game-"));
  g_assert_true (g_str_has_suffix (user, ".bsstudy"));
}

static void
test_verdict_words (void)
{
  static const char *const fewer[] = { "supply.2.large", "1", NULL };
  static const char *const other_mix[] = { "supply.1.small", "11", "supply.1.large", "4", NULL };
  struct {
    const char *const *sets;
    double score;
    gboolean significant;
    const char *verdict;
  } cases[] = {
    { NULL, 0.625, TRUE, "Moving first is an advantage: player 1 scores 62.5%" },
    { NULL, 0.335, TRUE, "Moving first is a disadvantage: player 1 scores 33.5%" },
    { NULL, 0.51, FALSE, "No clear first-move advantage: player 1 scores 51.0%" },
    { fewer, 0.925, TRUE,
      "Player 1 — Light, 15 pieces against 11 — scores 92.5%: a clear advantage" },
    { fewer, 0.3, TRUE,
      "Player 1 — Light, 15 pieces against 11 — scores 30.0%: a clear disadvantage" },
    { fewer, 0.52, FALSE,
      "Player 1 — Light, 15 pieces against 11 — scores 52.0%: no clear advantage" },
    { other_mix, 0.6, TRUE,
      "Player 1 — Light, set up unlike Dark — scores 60.0%: a clear advantage" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *verdict = verdict_for (cases[i].sets, cases[i].score,
                                              cases[i].significant);

      g_assert_cmpstr (verdict, ==, cases[i].verdict);
    }

  /* Chance in words; the figure for the tooltip. */
  g_assert_cmpstr (bs_balance_chance_words (1e-215), ==, "very unlikely to be chance");
  g_assert_cmpstr (bs_balance_chance_words (0.0009), ==, "very unlikely to be chance");
  g_assert_cmpstr (bs_balance_chance_words (0.001), ==, "unlikely to be chance");
  g_assert_cmpstr (bs_balance_chance_words (0.049), ==, "unlikely to be chance");
  g_assert_cmpstr (bs_balance_chance_words (0.05), ==, "could well be chance");
  g_assert_cmpstr (bs_balance_chance_words (1), ==, "could well be chance");
  {
    g_autofree char *tiny = bs_balance_p_value_text (1.32448e-215);
    g_autofree char *some = bs_balance_p_value_text (0.0213);

    g_assert_cmpstr (tiny, ==, "p < 0.001");
    g_assert_cmpstr (some, ==, "p = 0.021");
  }
}

/* Issue 26: fair within a margin, in words. 5000 of 10000 is [49.02, 50.98], inside 47–53
 * (by hand: 1.96 · ½ / 100); 100 of 200 is [43.1, 56.9], past it; 600 of 1000 is [56.9,
 * 63.0], leaving out 50. The headline says "fair" only in the first case. */
static void
test_verdict_fair (void)
{
  static const char *const fewer[] = { "supply.2.large", "1", NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariant) variant = bs_variant_lookup ("agoraphobia", &error);
  g_autoptr(BsVariant) handicap = NULL;
  g_autoptr(BsRuleset) alike = NULL;
  g_autoptr(BsRuleset) unlike = NULL;
  BsStatsScore inside, straddling, outside;

  g_assert_no_error (error);
  handicap = bs_variant_copy (variant);
  g_assert_true (bs_variant_set (handicap, fewer[0], fewer[1], &error));
  alike = bs_ruleset_new (variant, &error);
  g_assert_no_error (error);
  unlike = bs_ruleset_new (handicap, &error);
  g_assert_no_error (error);
  bs_stats_score (10000, 10000, &inside);
  bs_stats_score (200, 200, &straddling);
  bs_stats_score (1200, 1000, &outside);

  {
    g_autofree char *fair = bs_balance_verdict_single (alike, &inside);
    g_autofree char *fair_unlike = bs_balance_verdict_single (unlike, &inside);
    g_autofree char *not_shown = bs_balance_verdict_single (alike, &straddling);
    g_autofree char *words_fair = bs_balance_equivalence_words (&inside, 0.03);
    g_autofree char *words_not_shown = bs_balance_equivalence_words (&straddling, 0.03);
    g_autofree char *words_unfair = bs_balance_equivalence_words (&outside, 0.03);
    g_autofree char *words_wide = bs_balance_equivalence_words (&straddling, 0.07);

    g_assert_cmpstr (fair, ==, "Fair within ±3 points: player 1 scores 50.0%");
    g_assert_cmpstr (fair_unlike, ==,
                     "Player 1 — Light, 15 pieces against 11 — scores 50.0%: fair within ±3 "
                     "points");
    g_assert_cmpstr (not_shown, ==, "No clear first-move advantage: player 1 scores 50.0%");
    g_assert_cmpstr (words_fair, ==,
                     "Fair within ±3 points: the whole interval lies inside 47–53%");
    g_assert_cmpstr (words_not_shown, ==,
                     "Not shown fair within ±3 points, nor unfair: more games would tell");
    g_assert_cmpstr (words_unfair, ==, "Unfair: 50% is outside the interval");
    /* ±7 points holds [43.1, 56.9]. */
    g_assert_cmpstr (words_wide, ==,
                     "Fair within ±7 points: the whole interval lies inside 43–57%");
  }
}

/* An A/B players study's headline, from differences worked out by hand (B − A, its
 * interval and p-value as bs_stats_difference gives them). */
static void
test_verdict_players (void)
{
  const BsStatsDifference less = { -0.30, -0.534, -0.005, 0.0467, TRUE };
  const BsStatsDifference more = { 0.12, 0.03, 0.21, 0.009, TRUE };
  const BsStatsDifference unclear = { -0.03, -0.12, 0.06, 0.52, FALSE };
  const BsStatsDifference tiny = { 0.4, 0.3, 0.5, 1e-12, TRUE };
  g_autofree char *words_less = bs_balance_verdict_players ("Random", "30 playouts a move",
                                                            &less);
  g_autofree char *words_more = bs_balance_verdict_players ("Easy", "Hard", &more);
  g_autofree char *words_unclear = bs_balance_verdict_players ("Easy", "Hard", &unclear);
  g_autofree char *words_tiny = bs_balance_verdict_players ("Random", "Alpha-beta, depth 2",
                                                            &tiny);

  g_assert_cmpstr (words_less, ==, "Player 1 scores 30.0 points less with B (30 playouts a "
                   "move) than with A (Random): 95% interval -53.4 to -0.5, p = 0.047");
  g_assert_cmpstr (words_more, ==, "Player 1 scores 12.0 points more with B (Hard) than with "
                   "A (Easy): 95% interval +3.0 to +21.0, p = 0.009");
  g_assert_cmpstr (words_unclear, ==, "No clear difference in player 1’s score between A "
                   "(Easy) and B (Hard): -3.0 points, 95% interval -12.0 to +6.0, p = 0.52");
  g_assert_cmpstr (words_tiny, ==, "Player 1 scores 40.0 points more with B (Alpha-beta, "
                   "depth 2) than with A (Random): 95% interval +30.0 to +50.0, p < 0.001");
}

static gboolean
figure_titled (Fixture *fixture, const char *title)
{
  for (guint i = 0; i < fixture->view->figures->len; i++)
    if (g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (
                     g_array_index (fixture->view->figures, BsBalanceFigure, i).row)),
                   title) == 0)
      return TRUE;
  return FALSE;
}

/* The headline and rows of the A/B players study shown, against its file's games. */
static void
assert_players_results (Fixture *fixture)
{
  g_autoptr(BsStudyRunner) runner = open_runner (fixture);
  g_autoptr(BsStudyStats) a = bs_study_runner_get_stats (runner, 0);
  g_autoptr(BsStudyStats) b = bs_study_runner_get_stats (runner, 1);
  g_autofree char *expected = NULL, *difference = NULL;
  BsStatsDifference d;

  g_assert_cmpuint (a->games, ==, 10);
  g_assert_cmpuint (b->games, ==, 10);
  bs_stats_difference (2 * a->wins[0] + a->draws, a->draws, a->games,
                       2 * b->wins[0] + b->draws, b->draws, b->games, &d);
  expected = bs_balance_verdict_players ("Random", "Alpha-beta, depth 1", &d);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (child (fixture, "verdict_label"))), ==,
                   expected);
  g_assert_cmpuint (fixture->view->figures->len, ==, 3);
  g_assert_true (figure_titled (fixture, "A: Random against itself"));
  g_assert_true (figure_titled (fixture, "B: Alpha-beta, depth 1 against itself"));
  g_assert_true (figure_titled (fixture, "Difference, B − A"));
  difference = g_strdup_printf ("%+.1f points", 100 * d.difference);
  g_assert_cmpstr (gtk_label_get_text (g_array_index (fixture->view->figures, BsBalanceFigure,
                                                      2).value), ==, difference);
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (child (fixture, "study_label"))),
                            "A Random, B Alpha-beta, depth 1, each against itself · 20 games "
                            "in all, 10 per player"));
}

/* The line under the headline of an A/B players study stopping early counts games per player,
 * with the plural right (issue 26). */
static void
test_describe_players (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariant) variant = bs_variant_lookup ("breakthrough", &error);
  g_autoptr(BsStudy) study = bs_study_new (BS_STUDY_PLAYERS, 1, "random", "ab:depth=1", &error);
  g_autofree char *many = NULL, *one = NULL, *fixed = NULL;

  g_assert_no_error (error);
  bs_study_add_arm (study, variant, "A");
  bs_study_add_arm (study, variant, "B");
  study->margin = 0.03;
  study->games = 400;
  many = bs_balance_view_describe_study (study, "/tmp/x.bsstudy");
  study->games = 1;
  one = bs_balance_view_describe_study (study, NULL);
  study->margin = 0;
  fixed = bs_balance_view_describe_study (study, NULL);
  g_assert_cmpstr (many, ==, "A Random, B Alpha-beta, depth 1, each against itself · until ± 3 "
                   "points, at most 400 games per player, 800 in all · x.bsstudy");
  g_assert_cmpstr (one, ==, "A Random, B Alpha-beta, depth 1, each against itself · until ± 3 "
                   "points, at most 1 game per player, 2 in all");
  g_assert_cmpstr (fixed, ==, "A Random, B Alpha-beta, depth 1, each against itself · 2 games "
                   "in all, 1 per player");
}

/* Compare Players: one variant, each player against itself (as `study --compare-players`
 * makes it); excludes Vary and Compare With; reopened with its arms; New Study keeps it. */
static void
test_compare_players (Fixture *fixture, gconstpointer data)
{
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = NULL;
  BsStudy *study;

  g_action_group_activate_action (G_ACTION_GROUP (fixture->window), "test-balance",
                                  g_variant_new_string ("breakthrough"));
  pump_once ();
  g_assert_true (bs_balance_view_set_setup (fixture->view, "random", "ab:depth=1", 10, NULL, 0,
                                            0));
  g_assert_true (gtk_widget_get_sensitive (child (fixture, "compare_players_row")));
  adw_combo_row_set_selected (ADW_COMBO_ROW (child (fixture, "vary_row")), 1);
  pump_once ();
  g_assert_false (gtk_widget_get_sensitive (child (fixture, "compare_players_row")));
  adw_combo_row_set_selected (ADW_COMBO_ROW (child (fixture, "vary_row")), 0);
  bs_balance_view_set_compare_players (fixture->view, TRUE);
  pump_once ();
  g_assert_false (gtk_widget_get_sensitive (child (fixture, "vary_row")));
  g_assert_false (gtk_widget_get_sensitive (child (fixture, "compare_row")));
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (child (fixture, "player_b_row"))),
                   ==, "Plays itself in arm B");
  /* The games are each player's, stopping early or not (issue 26). */
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (child (fixture,
                                                                              "games_row"))),
                   ==, "_Games per Player");
  adw_combo_row_set_selected (ADW_COMBO_ROW (child (fixture, "precision_row")), 1);
  pump_once ();
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (child (fixture, "games_row"))),
                   ==, "The most each player plays against itself when the precision takes "
                   "longer");
  adw_combo_row_set_selected (ADW_COMBO_ROW (child (fixture, "precision_row")), 0);
  /* A search plays A against B, so it waits until the switch is off, and says so. */
  g_assert_false (gtk_widget_get_sensitive (child (fixture, "find_fair_button")));
  g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (child (fixture, "find_fair_button")),
                            "turn Compare Players off"));
  gtk_widget_activate_action (GTK_WIDGET (fixture->view), "balance.start", NULL);
  pump_once ();
  path = g_strdup (bs_balance_view_get_path (fixture->view));
  study = bs_study_runner_get_study (bs_balance_run_get_runner (
                                       bs_balance_view_get_run (fixture->view)));
  g_assert_cmpint (study->kind, ==, BS_STUDY_PLAYERS);
  g_assert_false (study->swap);
  g_assert_cmpuint (bs_study_n_arms (study), ==, 2);
  g_assert_cmpstr (bs_study_get_arm (study, 0)->value, ==, "A");
  g_assert_cmpstr (bs_study_get_arm (study, 1)->value, ==, "B");
  g_assert_cmpstr (bs_study_get_arm (study, 1)->variant->id, ==, "breakthrough");
  wait_for (is_complete, fixture, "the study of two players to finish");
  assert_players_results (fixture);
  save_png (fixture, "balance-compare-players.png");

  /* Reopened from its file: its arms, and New Study compares the same players again. */
  bs_window_show_start (fixture->window);
  bs_balance_view_set_compare_players (fixture->view, FALSE);
  file = g_file_new_for_path (path);
  g_assert_true (bs_window_open_file (fixture->window, file, &error));
  g_assert_no_error (error);
  wait_for (is_opened, fixture, "the study to be read");
  assert_players_results (fixture);
  gtk_widget_activate_action (GTK_WIDGET (fixture->view), "balance.new", NULL);
  pump_once ();
  g_assert_true (gtk_switch_get_active (GTK_SWITCH (child (fixture, "compare_players_switch"))));
  g_assert_cmpstr (combo_item (fixture, "player_b_row"), ==, "Alpha-beta, depth 1");
  /* Vary turns it off. */
  g_assert_true (bs_balance_view_set_setup (fixture->view, "random", "random", 10,
                                            "width", 6, 7));
  g_assert_false (gtk_switch_get_active (GTK_SWITCH (child (fixture, "compare_players_switch"))));
  g_assert_true (gtk_widget_get_sensitive (child (fixture, "find_fair_button")));
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (child (fixture,
                                                                              "games_row"))),
                   ==, "_Games per Variant");
}

/* A label under widget whose text holds every one of the words, or NULL. */
static GtkLabel *
label_holding (GtkWidget          *widget,
               const char * const *words)
{
  if (GTK_IS_LABEL (widget))
    {
      const char *text = gtk_label_get_text (GTK_LABEL (widget));
      gboolean all = TRUE;

      for (guint i = 0; words[i] != NULL && all; i++)
        all = strstr (text, words[i]) != NULL;
      if (all)
        return GTK_LABEL (widget);
    }
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    {
      GtkLabel *found = label_holding (c, words);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* A skill trace reopened whose second level's file holds the same players, games and seed
 * but another variant is refused, naming the file (issue 26: the level's study is compared
 * whole, with bs_study_same, not field by field). */
static void
test_trace_level_mismatch (Fixture *fixture, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("boardsmith-trace-XXXXXX", &error);
  g_autofree char *random_path = g_build_filename (dir, "t-random.bsstudy", NULL);
  g_autofree char *easy_path = g_build_filename (dir, "t-easy.bsstudy", NULL);
  g_autofree char *trace_path = g_build_filename (dir, "t.bstrace", NULL);
  g_autoptr(BsVariant) variant = bs_variant_lookup ("breakthrough", &error);
  g_autoptr(BsVariant) other = bs_variant_copy (variant);
  g_autoptr(BsStudyRunner) played = NULL;
  g_autoptr(BsStudyRunner) elsewhere = NULL;
  g_autoptr(BsSkillTraceFile) trace = NULL;
  const char *failed[] = { "The trace failed", NULL };
  const char *named[] = { easy_path, "not the trace’s level easy", "the variants differ",
                          NULL };
  BsTraceDialog *dialog;
  gint64 end = ui_test_deadline (120);

  g_assert_no_error (error);
  g_assert_true (bs_variant_set (other, "width", "6", &error));
  g_assert_no_error (error);
  /* Level random played in full; level easy's file holds its study of the other variant. */
  played = bs_skill_trace_open_level (variant, "random", 5, 2, random_path, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (bs_study_runner_run (played, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  elsewhere = bs_skill_trace_open_level (other, "easy", 5, 2, easy_path, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_file_test (easy_path, G_FILE_TEST_EXISTS));
  trace = bs_skill_trace_file_new (bs_variant_display_name (variant), "breakthrough", 2, 5);
  bs_skill_trace_file_add (trace, "random", random_path);
  bs_skill_trace_file_add (trace, "easy", easy_path);
  trace->finished = TRUE;
  g_assert_true (bs_skill_trace_file_save (trace, trace_path, &error));
  g_assert_no_error (error);

  dialog = bs_trace_dialog_open_file (GTK_WINDOW (fixture->window), trace_path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (dialog);
  while (label_holding (GTK_WIDGET (dialog), failed) == NULL)
    {
      if (g_get_monotonic_time () > end)
        g_error ("the trace was not refused");
      ui_test_iterate ();
    }
  g_assert_nonnull (label_holding (GTK_WIDGET (dialog), named));
  gtk_window_destroy (GTK_WINDOW (dialog));
  pump_once ();
  g_remove (trace_path);
  g_remove (random_path);
  g_remove (easy_path);
  g_rmdir (dir);
}

int
main (int argc, char *argv[])
{
  app = ui_test_init (&argc, &argv);

  g_test_add ("/balance/players", Fixture, NULL, fixture_setup, test_players, fixture_teardown);
  g_test_add ("/balance/run-reopen-more", Fixture, NULL, fixture_setup, test_run_reopen_more,
              fixture_teardown);
  g_test_add ("/balance/sweep-apply", Fixture, NULL, fixture_setup, test_sweep_apply,
              fixture_teardown);
  g_test_add ("/balance/pause-cancel", Fixture, NULL, fixture_setup, test_pause_cancel,
              fixture_teardown);
  g_test_add ("/balance/updates-follow-games", Fixture, NULL, fixture_setup,
              test_updates_follow_games, fixture_teardown);
  g_test_add ("/balance/compare", Fixture, NULL, fixture_setup, test_compare, fixture_teardown);
  g_test_add ("/balance/stop-early", Fixture, NULL, fixture_setup, test_stop_early,
              fixture_teardown);
  g_test_add ("/balance/narrow", Fixture, NULL, fixture_setup, test_narrow, fixture_teardown);
  g_test_add_func ("/balance/leave-while-reading", test_leave_while_reading);
  g_test_add_func ("/balance/verdict-words", test_verdict_words);
  g_test_add_func ("/balance/verdict-fair", test_verdict_fair);
  g_test_add_func ("/balance/verdict-players", test_verdict_players);
  g_test_add_func ("/balance/describe-players", test_describe_players);
  g_test_add ("/balance/trace-level-mismatch", Fixture, NULL, fixture_setup,
              test_trace_level_mismatch, fixture_teardown);
  g_test_add ("/balance/compare-players", Fixture, NULL, fixture_setup, test_compare_players,
              fixture_teardown);
  g_test_add_func ("/balance/study-folder", test_study_folder);
  g_test_add ("/balance/export-data", Fixture, NULL, fixture_setup, test_export_data,
              fixture_teardown);
  return ui_test_run (&app);
}
