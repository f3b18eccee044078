/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The app against hostile or unlucky input, in a real window under Xvfb:
 * messages with markup characters, saving while stepped back in the
 * history, the longest names a file may hold, a record whose result
 * contradicts its moves, files opened without blocking the main loop:
 * the start page's lists, a variant for the editor, the command line's. */

/* mkfifo. */
#define _POSIX_C_SOURCE 200809L

#include "config.h"

#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <glib/gstdio.h>
#include <adwaita.h>

#include "bs-application.h"
#include "bs-autosave.h"
#include "bs-editor-view.h"
#include "bs-game-record.h"
#include "bs-load-hook.h"
#include "bs-record.h"
#include "bs-ruleset.h"
#include "bs-screenshot.h"
#include "bs-start-view.h"
#include "bs-variant-xml.h"
#include "bs-window.h"

#include "ui-test-util.h"

static BsApplication *app;

typedef struct {
  BsWindow *window;
  char     *tmpdir;
} Fixture;

/* Runs the main loop until condition (data) holds, failing after a
 * scaled deadline that names the condition. */
#define wait_for(condition, data) ui_test_wait_until ((condition), (data), #condition)

static gboolean
drawn (gpointer data)
{
  return gtk_widget_get_mapped (data) && gtk_widget_get_width (data) > 0;
}

/* The start page's own variants and recent files, read in threads, are shown. */
static gboolean
start_loaded (gpointer data)
{
  return !bs_start_view_get_loading (bs_window_get_start_view (data));
}

static void
fixture_setup (Fixture       *fixture,
               gconstpointer  data)
{
  fixture->window = bs_window_new (ADW_APPLICATION (app));
  gtk_window_set_default_size (GTK_WINDOW (fixture->window), 1000, 700);
  gtk_window_present (GTK_WINDOW (fixture->window));
  fixture->tmpdir = g_dir_make_tmp ("boardsmith-hardening-XXXXXX", NULL);
  g_assert_nonnull (fixture->tmpdir);
  wait_for (drawn, fixture->window);
}

static void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{
  GList *toplevels;

  if (bs_window_get_game (fixture->window) != NULL)
    bs_game_set_modified (bs_window_get_game (fixture->window), FALSE);
  toplevels = gtk_window_list_toplevels ();
  for (GList *l = toplevels; l != NULL; l = l->next)
    if (l->data != fixture->window)
      gtk_window_destroy (l->data);
  g_list_free (toplevels);
  gtk_window_destroy (GTK_WINDOW (fixture->window));
  ui_test_settle (NULL);
  ui_test_remove_tree (fixture->tmpdir);
  g_free (fixture->tmpdir);
}

/* The text of every label under widget, joined by newlines. */
static void
collect_labels (GtkWidget *widget,
                GString   *out)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_visible (widget))
    g_string_append_printf (out, "%s\n", gtk_label_get_text (GTK_LABEL (widget)));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_labels (child, out);
}

static gboolean
label_shown (gpointer data)
{
  gpointer *args = data;
  g_autoptr(GString) labels = g_string_new (NULL);

  collect_labels (args[0], labels);
  return strstr (labels->str, args[1]) != NULL;
}

/* Messages go into toasts as they are: "<…>" and "&" are text, not
 * markup (they made the toast empty). */
static void
test_toast_escaped (Fixture       *fixture,
                    gconstpointer  data)
{
  static const char * const messages[] = {
    "rules.xml:8: <supply count>: -1 is out of range (0 to 9999)",
    "/tmp/Ann & Bo/game.boardsmith: cannot open: No such file or directory",
    "<b>not bold</b> &amp; &lt;",
  };

  for (guint i = 0; i < G_N_ELEMENTS (messages); i++)
    {
      gpointer args[] = { fixture->window, (gpointer) messages[i] };

      bs_window_show_message (fixture->window, messages[i]);
      g_assert_cmpstr (bs_window_get_last_message (fixture->window), ==, messages[i]);
      wait_for (label_shown, args);
    }
}

/* The editor's "saved" toast (with its Show in Files button) is built
 * apart from bs_window_show_message: a variant named "Cats & Dogs" made
 * it empty, with a Gtk-WARNING (fatal here). So did a player named
 * "Ann & <Bo>" in the title of the editor's player group. */
static void
test_saved_variant_toast_escaped (Fixture       *fixture,
                                  gconstpointer  data)
{
  static const char *name = "Cats & Dogs <b>2</b>";
  g_autofree char *expected = g_strdup_printf ("“%s” saved", name);
  gpointer args[] = { fixture->window, expected };
  g_autofree char *png = NULL;
  BsVariantDocument *doc;

  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.edit-variant", "s",
                              "agoraphobia");
  ui_test_settle (GTK_WIDGET (fixture->window));
  g_assert_cmpstr (bs_window_get_page (fixture->window), ==, "editor");
  doc = bs_editor_view_get_document (bs_window_get_editor_view (fixture->window));
  g_assert_nonnull (doc);
  g_assert_true (bs_variant_document_set_name (doc, name));
  g_assert_true (bs_variant_document_set_player_name (doc, 1, "Ann & <Bo>"));
  ui_test_settle (GTK_WIDGET (fixture->window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.save", NULL));
  wait_for (label_shown, args);
  g_assert_cmpstr (bs_window_get_last_message (fixture->window), ==, expected);
  /* To look at: the toast reads the name as typed. */
  ui_test_settle (GTK_WIDGET (fixture->window));
  png = g_test_build_filename (G_TEST_BUILT, "ui-toast-saved-variant.png", NULL);
  g_assert_true (bs_screenshot_save_png (GTK_WIDGET (fixture->window), png, NULL));
  g_assert_nonnull (bs_variant_document_get_path (doc));
  g_unlink (bs_variant_document_get_path (doc));
}

/* Player names on a simultaneous game's hand-over screen are text: its
 * description is markup (a Gtk-WARNING, fatal here, and an empty line) and
 * its button has a mnemonic (an underscore in a name vanished). Found by
 * the soak. */
static void
test_handover_names_escaped (Fixture       *fixture,
                             gconstpointer  data)
{
  g_autofree char *rules = g_test_build_filename (G_TEST_DIST, "..", "rules", "tribes.xml", NULL);
  g_autofree char *path = g_build_filename (fixture->tmpdir, "names.xml", NULL);
  g_autofree char *xml = NULL;
  g_autofree char *renamed = NULL;
  g_autoptr(GError) error = NULL;
  gpointer text_args[] = { fixture->window, (gpointer) "Blue, please look away while "
                                                       "Ann_& <Bo> gives secret orders." };
  gpointer button_args[] = { fixture->window, (gpointer) "Start Ann_& <Bo>’s Orders" };

  g_assert_true (g_file_get_contents (rules, &xml, NULL, &error));
  g_assert_no_error (error);
  g_assert_nonnull (strstr (xml, "name=\"Red\""));
  {
    g_auto(GStrv) parts = g_strsplit (xml, "name=\"Red\"", 2);

    renamed = g_strjoinv ("name=\"Ann_&amp; &lt;Bo&gt;\"", parts);
  }
  g_assert_true (g_file_set_contents (path, renamed, -1, &error));
  g_assert_no_error (error);
  g_assert_true (bs_window_open_variant (fixture->window, path, &error));
  g_assert_no_error (error);
  ui_test_settle (GTK_WIDGET (fixture->window));
  wait_for (label_shown, text_args);
  wait_for (label_shown, button_args);
  bs_game_set_modified (bs_window_get_game (fixture->window), FALSE);
}

static BsGame *
start (Fixture    *fixture,
       const char *name)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (bs_window_open_variant (fixture->window, name, &error));
  g_assert_no_error (error);
  ui_test_settle (GTK_WIDGET (fixture->window));
  return bs_window_get_game (fixture->window);
}

/* Plays n random legal turns (a turn-based game). */
static void
play_random (BsGame *game,
             guint   n,
             guint64 seed)
{
  BsRuleset *rs = bs_game_get_ruleset (game);
  g_autofree BsMove *scratch = g_new (BsMove, rs->max_moves);
  BsRng rng;

  bs_rng_init (&rng, seed);
  for (guint i = 0; i < n; i++)
    {
      BsMove move = bs_ruleset_random_move (rs, bs_game_get_position (game), &rng, scratch);
      g_autoptr(GError) error = NULL;

      g_assert_true (bs_game_play_turn (game, &move, 1, &error));
      g_assert_no_error (error);
    }
}

/* Saving while stepped back keeps the whole game: the record holds every
 * turn (and the result of the last position), and the window still shows
 * the position the user stepped back to. */
static void
test_save_stepped_back (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autofree char *path = g_build_filename (fixture->tmpdir, "stepped.boardsmith", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(BsRecord) record = NULL;
  char *notation[4] = { NULL };
  BsGame *game = start (fixture, "agoraphobia");

  play_random (game, 4, 7);
  for (guint i = 0; i < 4; i++)
    notation[i] = g_strdup (bs_game_get_notation (game, i));
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.history-back", NULL);
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.history-back", NULL);
  g_assert_cmpuint (bs_game_get_current (game), ==, 2);

  g_assert_true (bs_window_save_record (fixture->window, file, &error));
  g_assert_no_error (error);
  record = bs_record_load_file (path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (record->moves->len, ==, 4);
  for (guint i = 0; i < 4; i++)
    g_assert_cmpstr (g_array_index (record->moves, BsRecordMove, i).text, ==, notation[i]);
  g_assert_true (record->has_result);
  g_assert_cmpint (record->result, ==,
                   bs_game_get_position_at (game, 4)->result);
  g_assert_cmpuint (bs_game_get_current (game), ==, 2);
  g_assert_cmpuint (bs_game_get_n_turns (game), ==, 4);
  g_assert_false (bs_game_get_modified (game));
  for (guint i = 0; i < 4; i++)
    g_free (notation[i]);
}

static void
report_wide (GtkWidget *widget,
             int        depth)
{
  int minimum = 0, natural = 0;

  if (!gtk_widget_get_visible (widget))
    return;
  gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, NULL, NULL);
  if (minimum > 400)
    g_test_message ("%*s%s %s: minimum %d", depth, "", G_OBJECT_TYPE_NAME (widget),
                    GTK_IS_LABEL (widget) ? gtk_label_get_text (GTK_LABEL (widget)) : "",
                    minimum);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    report_wide (child, depth + 1);
}

static int
minimum_width (GtkWidget *widget)
{
  int minimum = 0, natural = 0;

  gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, NULL, NULL);
  return minimum;
}

/* A variant with the longest name and player names a file may hold, in
 * words too long to wrap: the window does not need to grow for them, on
 * the start page or while playing. */
static void
test_long_names (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariant) variant = bs_variant_new_for_module ("agoraphobia", &error);
  g_autofree char *dir = g_build_filename (g_get_user_data_dir (), "boardsmith", "variants",
                                           NULL);
  g_autofree char *path = g_build_filename (dir, "long-names.xml", NULL);
  int before;

  g_assert_no_error (error);
  before = minimum_width (GTK_WIDGET (fixture->window));

  g_free (variant->name);
  variant->name = g_strnfill (BS_VARIANT_MAX_NAME_LENGTH, 'W');
  g_free (variant->description);
  variant->description = g_strnfill (BS_VARIANT_MAX_DESCRIPTION_LENGTH, 'M');
  for (int p = 0; p < 2; p++)
    {
      g_free (variant->players[p].name);
      variant->players[p].name = g_strnfill (BS_VARIANT_MAX_PLAYER_NAME_LENGTH, 'M');
    }
  g_assert_true (bs_variant_validate (variant, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_assert_true (bs_variant_save_file (variant, path, &error));
  g_assert_no_error (error);

  bs_window_show_start (fixture->window);
  wait_for (start_loaded, fixture->window);
  ui_test_settle (GTK_WIDGET (fixture->window));
  g_test_message ("start page: minimum width %d (before: %d)",
                  minimum_width (GTK_WIDGET (fixture->window)), before);
  if (minimum_width (GTK_WIDGET (fixture->window)) > MAX (before, 360))
    report_wide (GTK_WIDGET (fixture->window), 0);
  g_assert_cmpint (minimum_width (GTK_WIDGET (fixture->window)), <=, MAX (before, 360));

  g_assert_true (bs_window_open_variant (fixture->window, path, &error));
  g_assert_no_error (error);
  ui_test_settle (GTK_WIDGET (fixture->window));
  g_test_message ("play page: minimum width %d", minimum_width (GTK_WIDGET (fixture->window)));
  if (minimum_width (GTK_WIDGET (fixture->window)) > MAX (before, 360))
    report_wide (GTK_WIDGET (fixture->window), 0);
  g_assert_cmpint (minimum_width (GTK_WIDGET (fixture->window)), <=, MAX (before, 360));
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (fixture->window)), <=, 1000);
  g_unlink (path);
}

static gboolean
message_contains (gpointer data)
{
  gpointer *args = data;
  const char *message = bs_window_get_last_message (args[0]);

  return message != NULL && strstr (message, args[1]) != NULL;
}

/* A record whose <result> contradicts its moves opens (the moves are the
 * game), with a warning that says so; the CLI replays it the same way. */
static void
test_contradicting_result (Fixture       *fixture,
                           gconstpointer  data)
{
  g_autofree char *path = g_build_filename (fixture->tmpdir, "wrong.boardsmith", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariant) variant = bs_variant_new_for_module ("agoraphobia", &error);
  g_autoptr(BsRecord) record = bs_record_new (variant, 3);
  gpointer args[] = { fixture->window, (gpointer) "the record gives the result win-1, but its "
                                                  "moves end with ongoing" };

  bs_record_add_move (record, "S@d4");
  bs_record_set_result (record, BS_RESULT_WIN_1);
  g_assert_true (bs_record_save_file (record, path, &error));
  g_assert_no_error (error);

  g_assert_true (bs_window_open_file (fixture->window, file, &error));
  g_assert_no_error (error);
  g_assert_nonnull (bs_window_get_game (fixture->window));
  g_assert_cmpuint (bs_game_get_n_turns (bs_window_get_game (fixture->window)), ==, 1);
  wait_for (message_contains, args);
  g_assert_nonnull (strstr (bs_window_get_last_message (fixture->window), path));
}

typedef struct {
  int          fd;
  char        *contents;
  GAsyncQueue *main_loop_ran;
} Writer;

/* Holds the FIFO open for writing from the start (so a reader waits for
 * data rather than seeing an empty file), and writes the record only once
 * the main loop has run: had the app read the file on the main thread, it
 * would wait forever. Closes once the reader has taken everything. */
static gpointer
write_fifo (gpointer data)
{
  Writer *writer = data;
  gsize length = strlen (writer->contents);
  int pending = 0;

  g_async_queue_pop (writer->main_loop_ran);
  g_assert_cmpint (write (writer->fd, writer->contents, length), ==, (gssize) length);
  do
    {
      g_usleep (1000);
      g_assert_cmpint (ioctl (writer->fd, FIONREAD, &pending), ==, 0);
    }
  while (pending > 0);
  close (writer->fd);
  return NULL;
}

static gboolean
signal_main_loop_ran (gpointer data)
{
  g_async_queue_push (data, GINT_TO_POINTER (1));
  return G_SOURCE_REMOVE;
}

static gboolean
opened (gpointer data)
{
  return !bs_window_get_opening (data) && bs_window_get_game (data) != NULL;
}

/* A file the user opens is read (and its game replayed) in a thread: the
 * window goes on while it comes. */
static void
test_open_off_main_thread (Fixture       *fixture,
                           gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariant) variant = bs_variant_new_for_module ("agoraphobia", &error);
  g_autoptr(BsRecord) record = bs_record_new (variant, 3);
  g_autoptr(GFile) file = NULL;
  g_autofree char *fifo = NULL;
  Writer writer = { 0 };
  GThread *thread;

  fifo = g_build_filename (fixture->tmpdir, "slow.boardsmith", NULL);
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  /* Read and write: opening does not wait for the other end. */
  writer.fd = open (fifo, O_RDWR);
  g_assert_cmpint (writer.fd, >=, 0);
  bs_record_add_move (record, "S@d4");
  bs_record_add_move (record, "S@b2");
  writer.contents = bs_record_to_xml (record, NULL);
  writer.main_loop_ran = g_async_queue_new ();
  file = g_file_new_for_path (fifo);

  thread = g_thread_new ("fifo-writer", write_fifo, &writer);
  bs_window_open_file_async (fixture->window, file);
  g_assert_true (bs_window_get_opening (fixture->window));
  g_idle_add (signal_main_loop_ran, writer.main_loop_ran);
  wait_for (opened, fixture->window);
  g_thread_join (thread);

  g_assert_cmpuint (bs_game_get_n_turns (bs_window_get_game (fixture->window)), ==, 2);
  g_assert_cmpstr (bs_window_get_page (fixture->window), ==, "play");
  g_async_queue_unref (writer.main_loop_ran);
  g_free (writer.contents);
}

/* A gate for bs_load_hook: each worker about to parse a user's file waits
 * there until the test opens it, so that the test can look at the window
 * meanwhile. A parse on the main thread is counted, never held (the test
 * could not go on): the test then fails on the count. */
typedef struct {
  GMutex   lock;
  GCond    cond;
  GThread *main_thread;
  gboolean open;
  guint    entered;
  guint    on_main;
  char    *last_path;
} Gate;

static void
gate_hook (const char *path,
           gpointer    data)
{
  Gate *gate = data;

  g_mutex_lock (&gate->lock);
  gate->entered++;
  g_free (gate->last_path);
  gate->last_path = g_strdup (path);
  if (g_thread_self () == gate->main_thread)
    gate->on_main++;
  else
    while (!gate->open)
      g_cond_wait (&gate->cond, &gate->lock);
  g_mutex_unlock (&gate->lock);
}

static void
gate_close (Gate *gate)
{
  g_mutex_init (&gate->lock);
  g_cond_init (&gate->cond);
  gate->main_thread = g_thread_self ();
  bs_load_hook_set (gate_hook, gate);
}

static void
gate_open (Gate *gate)
{
  g_mutex_lock (&gate->lock);
  gate->open = TRUE;
  g_cond_broadcast (&gate->cond);
  g_mutex_unlock (&gate->lock);
}

/* Once every worker has gone past it. */
static void
gate_remove (Gate *gate)
{
  gate_open (gate);
  bs_load_hook_set (NULL, NULL);
  g_free (gate->last_path);
  g_cond_clear (&gate->cond);
  g_mutex_clear (&gate->lock);
}

static guint
gate_count (Gate  *gate,
            guint *on_main)
{
  guint entered;

  g_mutex_lock (&gate->lock);
  entered = gate->entered;
  if (on_main != NULL)
    *on_main = gate->on_main;
  g_mutex_unlock (&gate->lock);
  return entered;
}

static gboolean
gate_entered (gpointer data)
{
  return gate_count (data, NULL) > 0;
}

static gboolean
count_iteration (gpointer data)
{
  guint *count = data;

  (*count)++;
  return G_SOURCE_REMOVE;
}

static gboolean
counted (gpointer data)
{
  return *(guint *) data > 0;
}

/* While a worker is held at the gate: the main loop goes round and the
 * window shows a message. */
static void
check_window_answers (BsWindow   *window,
                      const char *message)
{
  guint iterations = 0;
  gpointer args[] = { window, (gpointer) message };

  g_idle_add (count_iteration, &iterations);
  wait_for (counted, &iterations);
  bs_window_show_message (window, message);
  wait_for (label_shown, args);
}

/* The rows titled `title` under widget. */
static guint
count_rows (GtkWidget  *widget,
            const char *title,
            GtkWidget **found)
{
  guint n = 0;

  if (ADW_IS_PREFERENCES_ROW (widget)
      && g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), title) == 0)
    {
      n++;
      if (found != NULL)
        *found = widget;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n += count_rows (child, title, found);
  return n;
}

static void
add_recent (const char *path)
{
  g_autofree char *uri = g_filename_to_uri (path, NULL, NULL);
  const char *groups[] = { NULL };
  GtkRecentData recent = {
    .mime_type = (char *) "application/x-boardsmith-record",
    .app_name = (char *) g_get_application_name (),
    .app_exec = (char *) "boardsmith %u",
    .groups = (char **) groups,
  };

  g_assert_true (gtk_recent_manager_add_full (gtk_recent_manager_get_default (), uri, &recent));
}

static char *
save_record (const char *dir,
             const char *name,
             guint       n_moves)
{
  static const char *moves[] = { "S@d4", "S@b2" };
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariant) variant = bs_variant_new_for_module ("agoraphobia", &error);
  g_autoptr(BsRecord) record = bs_record_new (variant, 3);
  char *path = g_build_filename (dir, name, NULL);

  g_assert_no_error (error);
  for (guint i = 0; i < n_moves && i < G_N_ELEMENTS (moves); i++)
    bs_record_add_move (record, moves[i]);
  g_assert_true (bs_record_save_file (record, path, &error));
  g_assert_no_error (error);
  return path;
}

static char *
save_user_variant (const char *file_name,
                   const char *name)
{
  g_autofree char *dir = bs_start_view_user_variants_dir ();
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariant) variant = bs_variant_new_for_module ("agoraphobia", &error);
  char *path = g_build_filename (dir, file_name, NULL);

  g_assert_no_error (error);
  g_free (variant->name);
  variant->name = g_strdup (name);
  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_assert_true (bs_variant_save_file (variant, path, &error));
  g_assert_no_error (error);
  return path;
}

/* Whether a visible button under widget has this label. */
static gboolean
button_shown (GtkWidget  *widget,
              const char *label)
{
  if (GTK_IS_BUTTON (widget) && gtk_widget_get_visible (widget)
      && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0)
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (button_shown (child, label))
      return TRUE;
  return FALSE;
}

static gboolean
recent_row_shown (gpointer data)
{
  return count_rows (data, "gated.boardsmith", NULL) > 0;
}

static gboolean
recent_row_shown_kept (gpointer data)
{
  return start_loaded (data) && count_rows (data, "kept.boardsmith", NULL) > 0;
}

/* The start page reads the user's variants and the recent files in
 * threads, and the last variant played when it is a user's file: held
 * there, the window goes on; a refresh meanwhile replaces that load (no
 * row twice, none stale); then the rows come, as before. */
static void
test_start_page_off_main_thread (Fixture       *fixture,
                                 gconstpointer  data)
{
  BsStartView *view = bs_window_get_start_view (fixture->window);
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  g_autofree char *variant_path = save_user_variant ("gated.bsvariant", "Gated Variant");
  g_autofree char *record_path = save_record (fixture->tmpdir, "gated.boardsmith", 2);
  GtkWidget *row = NULL;
  Gate gate = { 0 };
  guint on_main = 0;

  gtk_recent_manager_purge_items (gtk_recent_manager_get_default (), NULL);
  add_recent (record_path);
  /* The recent manager's own refresh is done. */
  wait_for (recent_row_shown, fixture->window);

  gate_close (&gate);
  /* The last variant played, a user's file: "Play Gated Variant Again". */
  g_settings_set_string (settings, "last-variant", variant_path);
  bs_start_view_reload (view);
  wait_for (gate_entered, &gate);
  gate_count (&gate, &on_main);
  g_assert_cmpuint (on_main, ==, 0);
  g_assert_true (bs_start_view_get_loading (view));
  check_window_answers (fixture->window, "Answering while the start page loads");

  /* A refresh while the first load is held: the first is dropped. */
  bs_start_view_reload (view);
  check_window_answers (fixture->window, "Answering after a second refresh");
  gate_open (&gate);
  wait_for (start_loaded, fixture->window);
  ui_test_settle (GTK_WIDGET (fixture->window));
  gate_count (&gate, &on_main);
  g_assert_cmpuint (on_main, ==, 0);
  gate_remove (&gate);

  g_assert_cmpuint (count_rows (GTK_WIDGET (view), "Gated Variant", NULL), ==, 1);
  g_assert_cmpuint (count_rows (GTK_WIDGET (view), "gated.boardsmith", &row), ==, 1);
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), "2 moves"));
  g_assert_true (button_shown (GTK_WIDGET (view), "_Play Gated Variant Again"));
  g_settings_set_string (settings, "last-variant", "");
  g_unlink (variant_path);
  gtk_recent_manager_purge_items (gtk_recent_manager_get_default (), NULL);
}

static gboolean
pointer_is_null (gpointer data)
{
  return *(gpointer *) data == NULL;
}

/* A window closed while its start page is held in a load: the load ends
 * later and calls back into nothing that is gone (ASan would say). */
static void
test_start_page_dispose_while_loading (Fixture       *fixture,
                                       gconstpointer  data)
{
  g_autofree char *variant_path = save_user_variant ("gated.bsvariant", "Gated Variant");
  BsWindow *window = bs_window_new (ADW_APPLICATION (app));
  BsStartView *view = bs_window_get_start_view (window);
  Gate gate = { 0 };
  guint on_main = 0;

  gate_close (&gate);
  bs_start_view_reload (view);
  wait_for (gate_entered, &gate);
  /* Each load's GTask holds the view until its result has come back to the
   * main thread: the view is finalized only after the last one. */
  g_object_add_weak_pointer (G_OBJECT (view), (gpointer *) &view);
  gtk_window_destroy (GTK_WINDOW (window));
  ui_test_settle (NULL);
  gate_open (&gate);
  wait_for (pointer_is_null, &view);
  gate_count (&gate, &on_main);
  g_assert_cmpuint (on_main, ==, 0);
  gate_remove (&gate);
  g_unlink (variant_path);
}

/* Whether a label with this text is on screen under widget. */
static gboolean
mapped_under (GtkWidget  *widget,
              const char *text)
{
  if (gtk_widget_get_mapped (widget) && GTK_IS_LABEL (widget) &&
      strstr (gtk_label_get_text (GTK_LABEL (widget)), text) != NULL)
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (mapped_under (child, text))
      return TRUE;
  return FALSE;
}

/* A new window's recent list is empty until its files are read: it must
 * not say "Games you save or open appear here" meanwhile (it said so
 * while reading them). */
static void
test_start_page_recent_while_loading (Fixture       *fixture,
                                      gconstpointer  data)
{
  g_autofree char *record_path = save_record (fixture->tmpdir, "gated.boardsmith", 2);
  BsWindow *window;
  BsStartView *view;
  Gate gate = { 0 };

  gtk_recent_manager_purge_items (gtk_recent_manager_get_default (), NULL);
  add_recent (record_path);
  wait_for (recent_row_shown, fixture->window);

  gate_close (&gate);
  window = bs_window_new (ADW_APPLICATION (app));
  view = bs_window_get_start_view (window);
  gtk_window_present (GTK_WINDOW (window));
  wait_for (gate_entered, &gate);
  wait_for (drawn, window);
  ui_test_settle (GTK_WIDGET (window));
  g_assert_false (mapped_under (GTK_WIDGET (view), "appear here"));

  gate_open (&gate);
  wait_for (start_loaded, window);
  ui_test_settle (GTK_WIDGET (window));
  gate_remove (&gate);
  g_assert_cmpuint (count_rows (GTK_WIDGET (view), "gated.boardsmith", NULL), ==, 1);
  g_assert_false (mapped_under (GTK_WIDGET (view), "appear here"));

  /* Read and truly empty: now it says so. */
  gtk_recent_manager_purge_items (gtk_recent_manager_get_default (), NULL);
  bs_start_view_reload (view);
  wait_for (start_loaded, window);
  ui_test_settle (GTK_WIDGET (window));
  g_assert_true (mapped_under (GTK_WIDGET (view), "appear here"));
  gtk_window_destroy (GTK_WINDOW (window));
  ui_test_settle (NULL);
}

/* A reload that finds what is shown (the recent manager's "changed" for
 * a file saved again, a return to the page) keeps the rows: a row
 * replaced by its twin under the pointer took the click that was on its
 * way. A variant changed on disk is shown anew. */
static void
test_start_page_rows_kept (Fixture       *fixture,
                           gconstpointer  data)
{
  g_autofree char *record_path = save_record (fixture->tmpdir, "kept.boardsmith", 2);
  g_autofree char *variant_path = save_user_variant ("kept.bsvariant", "Kept Variant");
  BsStartView *view = bs_window_get_start_view (fixture->window);
  GtkWidget *recent_row = NULL, *user_row = NULL, *again = NULL;

  gtk_recent_manager_purge_items (gtk_recent_manager_get_default (), NULL);
  add_recent (record_path);
  bs_window_show_start (fixture->window);
  wait_for (recent_row_shown_kept, fixture->window);
  bs_start_view_reload (view);
  wait_for (start_loaded, fixture->window);
  g_assert_cmpuint (count_rows (GTK_WIDGET (view), "kept.boardsmith", &recent_row), ==, 1);
  g_assert_cmpuint (count_rows (GTK_WIDGET (view), "Kept Variant", &user_row), ==, 1);
  g_object_add_weak_pointer (G_OBJECT (recent_row), (gpointer *) &recent_row);
  g_object_add_weak_pointer (G_OBJECT (user_row), (gpointer *) &user_row);

  bs_start_view_reload (view);
  wait_for (start_loaded, fixture->window);
  ui_test_pump_pending ();
  g_assert_nonnull (recent_row);
  g_assert_nonnull (user_row);
  g_assert_cmpuint (count_rows (GTK_WIDGET (view), "kept.boardsmith", &again), ==, 1);
  g_assert_true (again == recent_row);
  g_assert_cmpuint (count_rows (GTK_WIDGET (view), "Kept Variant", &again), ==, 1);
  g_assert_true (again == user_row);

  /* Renamed on disk: the new name, in a new row. */
  g_object_remove_weak_pointer (G_OBJECT (recent_row), (gpointer *) &recent_row);
  g_unlink (variant_path);
  g_free (save_user_variant ("kept.bsvariant", "Renamed Variant"));
  bs_start_view_reload (view);
  wait_for (start_loaded, fixture->window);
  ui_test_pump_pending ();
  g_assert_cmpuint (count_rows (GTK_WIDGET (view), "Kept Variant", NULL), ==, 0);
  g_assert_cmpuint (count_rows (GTK_WIDGET (view), "Renamed Variant", NULL), ==, 1);
  g_assert_null (user_row);
  g_unlink (variant_path);
}

static gboolean
editor_shown (gpointer data)
{
  return g_strcmp0 (bs_window_get_page (data), "editor") == 0;
}

/* Editing a user's variant reads it in a thread; the editor shows it
 * when it is read. */
static void
test_editor_open_off_main_thread (Fixture       *fixture,
                                  gconstpointer  data)
{
  g_autofree char *path = save_user_variant ("gated-edit.bsvariant", "Gated Editing");
  BsVariantDocument *document;
  Gate gate = { 0 };
  guint on_main = 0;

  bs_window_show_start (fixture->window);
  wait_for (start_loaded, fixture->window);
  gate_close (&gate);
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.edit-variant", "s", path);
  wait_for (gate_entered, &gate);
  gate_count (&gate, &on_main);
  g_assert_cmpuint (on_main, ==, 0);
  g_assert_cmpstr (bs_window_get_page (fixture->window), !=, "editor");
  check_window_answers (fixture->window, "Answering while the variant is read");
  gate_open (&gate);
  wait_for (editor_shown, fixture->window);
  gate_remove (&gate);

  document = bs_editor_view_get_document (bs_window_get_editor_view (fixture->window));
  g_assert_nonnull (document);
  g_assert_cmpstr (bs_variant_document_get_variant (document)->name, ==, "Gated Editing");
  g_assert_cmpstr (bs_variant_document_get_path (document), ==, path);
  g_unlink (path);
}

static gboolean
error_dialog_shown (gpointer data)
{
  GList *toplevels = gtk_window_list_toplevels ();
  gboolean shown = FALSE;

  for (GList *l = toplevels; l != NULL; l = l->next)
    if (ADW_IS_MESSAGE_DIALOG (l->data) && gtk_widget_get_visible (l->data)
        && g_strcmp0 (adw_message_dialog_get_heading (l->data), data) == 0)
      shown = TRUE;
  g_list_free (toplevels);
  return shown;
}

static const char *
error_dialog_body (const char *heading)
{
  GList *toplevels = gtk_window_list_toplevels ();
  const char *body = NULL;

  for (GList *l = toplevels; l != NULL; l = l->next)
    if (ADW_IS_MESSAGE_DIALOG (l->data)
        && g_strcmp0 (adw_message_dialog_get_heading (l->data), heading) == 0)
      body = adw_message_dialog_get_body (l->data);
  g_list_free (toplevels);
  return body;
}

/* A broken variant read in a thread says as much as before: the file, the
 * line, the value. */
static void
test_editor_open_error (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autofree char *path = g_build_filename (fixture->tmpdir, "broken.bsvariant", NULL);
  g_autoptr(GError) error = NULL;
  const char *body;

  g_assert_true (g_file_set_contents (path,
                                      "<?xml version=\"1.0\"?>\n"
                                      "<variant format=\"1\" module=\"agoraphobia\">\n"
                                      "  <name>Broken</name>\n"
                                      "  <board shape=\"hexagon\" size=\"many\"/>\n"
                                      "</variant>\n", -1, &error));
  g_assert_no_error (error);
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.edit-variant", "s", path);
  wait_for (error_dialog_shown, (gpointer) "Could Not Edit the Variant");
  body = error_dialog_body ("Could Not Edit the Variant");
  g_test_message ("%s", body);
  g_assert_nonnull (strstr (body, path));
  g_assert_nonnull (strstr (body, ":4"));
  g_assert_nonnull (strstr (body, "many"));
}

static void
answer_dialog (const char *heading,
               const char *response)
{
  GList *toplevels = gtk_window_list_toplevels ();
  AdwMessageDialog *dialog = NULL;
  GtkWindow *parent;

  for (GList *l = toplevels; l != NULL; l = l->next)
    if (ADW_IS_MESSAGE_DIALOG (l->data) && gtk_widget_get_visible (l->data)
        && g_strcmp0 (adw_message_dialog_get_heading (l->data), heading) == 0)
      dialog = l->data;
  g_list_free (toplevels);
  g_assert_nonnull (dialog);
  parent = gtk_window_get_transient_for (GTK_WINDOW (dialog));
  ui_test_answer_dialog (dialog, response);
  ui_test_settle (GTK_WIDGET (parent));
}

static gboolean
editor_shows_name (gpointer data)
{
  gpointer *args = data;
  BsVariantDocument *document = bs_editor_view_get_document (args[0]);

  return g_strcmp0 (bs_variant_document_get_variant (document)->name, args[1]) == 0;
}

/* Open Variant… reads the file first, and only then asks about unsaved
 * edits: edits made during the read are asked about too (they were
 * replaced without asking), and a file that cannot be opened asks
 * nothing and changes nothing. */
static void
test_editor_open_file_asks_after_read (Fixture       *fixture,
                                       gconstpointer  data)
{
  g_autofree char *path = save_user_variant ("asked.bsvariant", "Asked Variant");
  g_autofree char *missing = g_build_filename (fixture->tmpdir, "missing.bsvariant", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) missing_file = g_file_new_for_path (missing);
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariantDocument) document = bs_variant_document_new_for_module ("agoraphobia",
                                                                              &error);
  BsEditorView *editor = bs_window_get_editor_view (fixture->window);
  gpointer during[] = { editor, (gpointer) "Edited During the Read" };
  gpointer asked[] = { editor, (gpointer) "Asked Variant" };
  Gate gate = { 0 };

  g_assert_no_error (error);
  bs_window_edit (fixture->window, document);
  ui_test_settle (GTK_WIDGET (fixture->window));
  g_assert_true (bs_variant_document_set_name (document, "Edited Before"));

  gate_close (&gate);
  bs_editor_view_open_file (editor, file);
  wait_for (gate_entered, &gate);
  g_assert_false (error_dialog_shown ((gpointer) "Save the Variant?"));
  g_assert_true (bs_variant_document_set_name (document, "Edited During the Read"));
  gate_open (&gate);
  wait_for (error_dialog_shown, (gpointer) "Save the Variant?");
  gate_remove (&gate);
  answer_dialog ("Save the Variant?", "cancel");
  g_assert_true (editor_shows_name (during));
  g_assert_true (bs_editor_view_get_modified (editor));

  bs_editor_view_open_file (editor, file);
  wait_for (error_dialog_shown, (gpointer) "Save the Variant?");
  answer_dialog ("Save the Variant?", "discard");
  wait_for (editor_shows_name, asked);
  g_assert_false (bs_editor_view_get_modified (editor));

  /* Edited again, then a file that is not there: no question, a message
   * naming it, the edits kept. */
  g_assert_true (bs_variant_document_set_name (bs_editor_view_get_document (editor),
                                               "Edited During the Read"));
  bs_editor_view_open_file (editor, missing_file);
  {
    gpointer args[] = { fixture->window, (gpointer) "missing.bsvariant" };

    wait_for (message_contains, args);
  }
  g_assert_false (error_dialog_shown ((gpointer) "Save the Variant?"));
  g_assert_nonnull (strstr (bs_window_get_last_message (fixture->window),
                            "Could not open the variant"));
  g_assert_true (editor_shows_name (during));
  g_unlink (path);
}

/* `boardsmith FILE --moves …` as the command line gives it: the record
 * is read and replayed in a thread, then the moves are played; a file
 * that does not open sets the exit status 2 and says why. */
static int
run_command_line (const char *path,
                  const char *moves)
{
  const char *argv[] = { "boardsmith", path, NULL };
  const char *files[] = { path, NULL };
  g_autoptr(GVariantDict) options = g_variant_dict_new (NULL);
  g_autoptr(GApplicationCommandLine) command_line = NULL;
  int status = -1;

  g_variant_dict_insert_value (options, G_OPTION_REMAINING,
                               g_variant_new_bytestring_array (files, -1));
  if (moves != NULL)
    g_variant_dict_insert (options, "moves", "s", moves);
  command_line = g_object_new (G_TYPE_APPLICATION_COMMAND_LINE,
                               "arguments", g_variant_new_bytestring_array (argv, -1),
                               "options", g_variant_dict_end (options),
                               NULL);
  g_signal_emit_by_name (app, "command-line", command_line, &status);
  return status;
}

static gboolean
window_opened (gpointer data)
{
  return !bs_window_get_opening (data) && bs_window_get_game (data) != NULL;
}

static gboolean
window_settled (gpointer data)
{
  return !bs_window_get_opening (data);
}

static void
test_command_line_off_main_thread (Fixture       *fixture,
                                   gconstpointer  data)
{
  g_autofree char *path = save_record (fixture->tmpdir, "command line.boardsmith", 1);
  g_autofree char *broken = g_build_filename (fixture->tmpdir, "broken.boardsmith", NULL);
  g_autoptr(GError) error = NULL;
  BsWindow *window;
  Gate gate = { 0 };
  guint on_main = 0;

  gtk_window_present (GTK_WINDOW (fixture->window));
  gate_close (&gate);
  g_assert_cmpint (run_command_line (path, "S@b2"), ==, 0);
  window = BS_WINDOW (gtk_application_get_active_window (GTK_APPLICATION (app)));
  g_assert_true (bs_window_get_opening (window));
  wait_for (gate_entered, &gate);
  gate_count (&gate, &on_main);
  g_assert_cmpuint (on_main, ==, 0);
  check_window_answers (window, "Answering while the record is read");
  gate_open (&gate);
  wait_for (window_opened, window);
  gate_remove (&gate);
  /* The record's move, then the command line's. */
  g_assert_cmpuint (bs_game_get_n_turns (bs_window_get_game (window)), ==, 2);
  g_assert_cmpint (bs_application_get_status (app), ==, 0);

  g_assert_true (g_file_set_contents (broken, "<record format=\"1\">\n<moves>", -1, &error));
  g_assert_no_error (error);
  bs_game_set_modified (bs_window_get_game (window), FALSE);
  g_assert_cmpint (run_command_line (broken, NULL), ==, 0);
  wait_for (window_settled, window);
  ui_test_settle (GTK_WIDGET (window));
  g_assert_cmpint (bs_application_get_status (app), ==, 2);
  g_assert_nonnull (strstr (bs_window_get_last_message (window), "Could not open"));
  g_assert_nonnull (strstr (bs_window_get_last_message (window), "broken.boardsmith"));
}

/* The copies in the autosave folder with this suffix. */
static GPtrArray *
autosave_copies (const char *suffix)
{
  g_autofree char *dir_path = bs_autosave_get_dir ();
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  GPtrArray *copies = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (name, suffix))
      g_ptr_array_add (copies, g_build_filename (dir_path, name, NULL));
  return copies;
}

static gboolean
autosave_settled (gpointer data)
{
  g_autoptr(GPtrArray) copies = autosave_copies (data);

  return !bs_autosave_get_busy (bs_autosave_get_default ()) && copies->len > 0;
}

static gboolean
autosave_gone (gpointer data)
{
  g_autoptr(GPtrArray) copies = autosave_copies (data);

  return !bs_autosave_get_busy (bs_autosave_get_default ()) && copies->len == 0;
}

/* Turns in no file are copied to the autosave folder a moment after they
 * are played, the copy follows the game, and goes once it is saved. */
static void
test_autosave_game (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autofree char *path = g_build_filename (fixture->tmpdir, "kept.boardsmith", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) copies = NULL;
  g_autoptr(BsRecord) copy = NULL;
  BsGame *game = start (fixture, "agoraphobia");

  play_random (game, 3, 11);
  wait_for (autosave_settled, (gpointer) ".boardsmith");
  copies = autosave_copies (".boardsmith");
  g_assert_cmpuint (copies->len, ==, 1);
  copy = bs_record_load_file (g_ptr_array_index (copies, 0), &error);
  g_assert_no_error (error);
  g_assert_cmpuint (copy->moves->len, ==, 3);

  /* Two more turns: the copy follows. */
  play_random (game, 2, 12);
  g_clear_pointer (&copy, bs_record_free);
  wait_for (autosave_settled, (gpointer) ".boardsmith");
  copy = bs_record_load_file (g_ptr_array_index (copies, 0), &error);
  g_assert_no_error (error);
  g_assert_cmpuint (copy->moves->len, ==, 5);

  g_assert_true (bs_window_save_record (fixture->window, file, &error));
  g_assert_no_error (error);
  wait_for (autosave_gone, (gpointer) ".boardsmith");
}

static gboolean
autosave_idle (gpointer data)
{
  return !bs_autosave_get_busy (bs_autosave_get_default ());
}

/* Puts a plain file where the autosave folder is (so that no copy can be
 * written there), or puts the folder back. */
static void
break_autosave_dir (gboolean broken)
{
  g_autofree char *dir = bs_autosave_get_dir ();
  g_autofree char *away = g_strconcat (dir, ".away", NULL);

  if (broken)
    {
      g_assert_cmpint (g_rename (dir, away), ==, 0);
      g_assert_true (g_file_set_contents (dir, "not a folder", -1, NULL));
    }
  else
    {
      g_assert_cmpint (g_unlink (dir), ==, 0);
      g_assert_cmpint (g_rename (away, dir), ==, 0);
    }
}

/* When a copy cannot be written the person is told, in the window, with
 * the file and the reason: once, not at every turn; and again if copies
 * work again and then fail again. */
static void
test_autosave_failure (Fixture       *fixture,
                       gconstpointer  data)
{
  g_autofree char *dir = bs_autosave_get_dir ();
  g_autoptr(GPtrArray) copies = NULL;
  g_autoptr(BsRecord) copy = NULL;
  g_autoptr(GError) error = NULL;
  BsGame *game = start (fixture, "agoraphobia");
  const char *message;

  play_random (game, 1, 21);
  wait_for (autosave_settled, (gpointer) ".boardsmith");

  break_autosave_dir (TRUE);
  bs_window_show_message (fixture->window, "before");
  play_random (game, 1, 22);
  wait_for (autosave_idle, NULL);
  message = bs_window_get_last_message (fixture->window);
  g_assert_nonnull (strstr (message, "no longer kept for recovery"));
  g_assert_nonnull (strstr (message, dir));
  g_assert_nonnull (strstr (message, "Not a directory"));

  /* Still failing: not said again at every turn. */
  bs_window_show_message (fixture->window, "quiet");
  play_random (game, 1, 23);
  wait_for (autosave_idle, NULL);
  g_assert_cmpstr (bs_window_get_last_message (fixture->window), ==, "quiet");

  /* The folder is back: the next turn's copy holds every turn. */
  break_autosave_dir (FALSE);
  play_random (game, 1, 24);
  wait_for (autosave_settled, (gpointer) ".boardsmith");
  copies = autosave_copies (".boardsmith");
  g_assert_cmpuint (copies->len, ==, 1);
  copy = bs_record_load_file (g_ptr_array_index (copies, 0), &error);
  g_assert_no_error (error);
  g_assert_cmpuint (copy->moves->len, ==, 4);
  g_assert_cmpstr (bs_window_get_last_message (fixture->window), ==, "quiet");

  /* Failing again after a success is said again. */
  break_autosave_dir (TRUE);
  play_random (game, 1, 25);
  wait_for (autosave_idle, NULL);
  g_assert_nonnull (strstr (bs_window_get_last_message (fixture->window),
                            "no longer kept for recovery"));
  break_autosave_dir (FALSE);
}

/* The editor's unsaved edits are copied (a draft when invalid) and go
 * once saved. */
static void
test_autosave_editor (Fixture       *fixture,
                      gconstpointer  data)
{
  g_autofree char *path = g_build_filename (fixture->tmpdir, "mine.xml", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariantDocument) document = bs_variant_document_new_for_module ("agoraphobia",
                                                                              &error);
  g_autoptr(GPtrArray) copies = NULL;
  g_autoptr(BsVariant) copy = NULL;

  g_assert_no_error (error);
  bs_window_edit (fixture->window, document);
  ui_test_settle (GTK_WIDGET (fixture->window));
  g_assert_true (bs_variant_document_set_name (document, "Autosaved Agoraphobia"));
  wait_for (autosave_settled, (gpointer) ".xml");
  copies = autosave_copies (".xml");
  g_assert_cmpuint (copies->len, ==, 1);
  copy = bs_variant_load_file_unchecked (g_ptr_array_index (copies, 0), &error);
  g_assert_no_error (error);
  g_assert_cmpstr (copy->name, ==, "Autosaved Agoraphobia");

  g_assert_true (bs_variant_document_save (document, path, &error));
  g_assert_no_error (error);
  wait_for (autosave_gone, (gpointer) ".xml");
}

static gboolean
window_has_game (gpointer data)
{
  return bs_window_get_game (data) != NULL;
}

/* What a dead process left (a session whose lock nobody holds) is offered
 * back; restoring puts the game in the window, unsaved, and the copies
 * of the dead session go. */
static void
test_autosave_recovery (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autofree char *dir = bs_autosave_get_dir ();
  g_autofree char *lock = g_build_filename (dir, "dead-session.lock", NULL);
  g_autofree char *record_path = g_build_filename (dir, "dead-session-1.boardsmith", NULL);
  g_autofree char *info_path = g_build_filename (dir, "dead-session-1.info", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariant) variant = bs_variant_new_for_module ("agoraphobia", &error);
  g_autoptr(BsRecord) record = bs_record_new (variant, 9);
  gpointer args[] = { NULL, (gpointer) "A game of Agoraphobia, 2 moves" };
  GtkWidget *dialog = NULL;
  GList *toplevels;
  BsGame *game;
  Gate gate = { 0 };
  guint on_main = 0;

  g_assert_null (bs_window_get_game (fixture->window));
  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_assert_true (g_file_set_contents (lock, "", 0, NULL));
  bs_record_add_move (record, "S@d4");
  bs_record_add_move (record, "S@b2");
  g_assert_true (bs_record_save_file (record, record_path, &error));
  g_assert_true (g_file_set_contents (info_path,
                                      "[autosave]\nkind=game\nturns=2\ntitle=Agoraphobia\n"
                                      "saved=2026-11-23T10:00:00Z\n", -1, NULL));

  /* The folder is read, then the copies, in threads: held at the copy. */
  gate_close (&gate);
  bs_autosave_offer_recovery (bs_autosave_get_default (), GTK_WINDOW (fixture->window));
  wait_for (error_dialog_shown, (gpointer) "Restore Unsaved Work?");
  toplevels = gtk_window_list_toplevels ();
  for (GList *l = toplevels; l != NULL; l = l->next)
    if (ADW_IS_MESSAGE_DIALOG (l->data))
      dialog = l->data;
  g_list_free (toplevels);
  g_assert_nonnull (dialog);
  args[0] = dialog;
  wait_for (label_shown, args);
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "restore");
  wait_for (gate_entered, &gate);
  gate_count (&gate, &on_main);
  g_assert_cmpuint (on_main, ==, 0);
  check_window_answers (fixture->window, "Answering while the copy is read");
  gate_open (&gate);
  wait_for (window_has_game, fixture->window);
  gate_remove (&gate);
  ui_test_settle (GTK_WIDGET (fixture->window));

  game = bs_window_get_game (fixture->window);
  g_assert_nonnull (game);
  g_assert_cmpuint (bs_game_get_n_turns (game), ==, 2);
  g_assert_true (bs_game_get_modified (game));
  g_assert_null (bs_game_get_file (game));
  g_assert_false (g_file_test (record_path, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (lock, G_FILE_TEST_EXISTS));
  /* It is this session's unsaved work now. */
  wait_for (autosave_settled, (gpointer) ".boardsmith");
}

int
main (int   argc,
      char *argv[])
{
  app = ui_test_init (&argc, &argv);

  g_test_add ("/hardening/handover-names-escaped", Fixture, NULL, fixture_setup,
              test_handover_names_escaped, fixture_teardown);
  g_test_add ("/hardening/toast-escaped", Fixture, NULL, fixture_setup, test_toast_escaped,
              fixture_teardown);
  g_test_add ("/hardening/toast-escaped/saved-variant", Fixture, NULL, fixture_setup,
              test_saved_variant_toast_escaped, fixture_teardown);
  g_test_add ("/hardening/save-stepped-back", Fixture, NULL, fixture_setup,
              test_save_stepped_back, fixture_teardown);
  g_test_add ("/hardening/long-names", Fixture, NULL, fixture_setup, test_long_names,
              fixture_teardown);
  g_test_add ("/hardening/contradicting-result", Fixture, NULL, fixture_setup,
              test_contradicting_result, fixture_teardown);
  g_test_add ("/hardening/open-off-main-thread", Fixture, NULL, fixture_setup,
              test_open_off_main_thread, fixture_teardown);
  g_test_add ("/hardening/autosave/game", Fixture, NULL, fixture_setup, test_autosave_game,
              fixture_teardown);
  g_test_add ("/hardening/autosave/failure", Fixture, NULL, fixture_setup,
              test_autosave_failure, fixture_teardown);
  g_test_add ("/hardening/autosave/editor", Fixture, NULL, fixture_setup,
              test_autosave_editor, fixture_teardown);
  g_test_add ("/hardening/autosave/recovery", Fixture, NULL, fixture_setup,
              test_autosave_recovery, fixture_teardown);

  /* Last: the command line presents its window, and with it the offer of
   * recovery, once a process (/hardening/autosave/recovery). */
  g_test_add ("/hardening/load-off-main-thread/start-page", Fixture, NULL, fixture_setup,
              test_start_page_off_main_thread, fixture_teardown);
  g_test_add ("/hardening/load-off-main-thread/start-page-dispose", Fixture, NULL,
              fixture_setup, test_start_page_dispose_while_loading, fixture_teardown);
  g_test_add ("/hardening/load-off-main-thread/start-page-recent", Fixture, NULL,
              fixture_setup, test_start_page_recent_while_loading, fixture_teardown);
  g_test_add ("/hardening/start-page-rows-kept", Fixture, NULL,
              fixture_setup, test_start_page_rows_kept, fixture_teardown);
  g_test_add ("/hardening/load-off-main-thread/editor", Fixture, NULL, fixture_setup,
              test_editor_open_off_main_thread, fixture_teardown);
  g_test_add ("/hardening/load-off-main-thread/editor-error", Fixture, NULL, fixture_setup,
              test_editor_open_error, fixture_teardown);
  g_test_add ("/hardening/load-off-main-thread/editor-asks-after-read", Fixture, NULL,
              fixture_setup, test_editor_open_file_asks_after_read, fixture_teardown);
  g_test_add ("/hardening/load-off-main-thread/command-line", Fixture, NULL, fixture_setup,
              test_command_line_off_main_thread, fixture_teardown);

  return ui_test_run (&app);
}
