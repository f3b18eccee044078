/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The designer's loop without the window (bs-rules-file.h): a rules file
 * opens as a game whose module is found by its id, each save is read
 * again (a copy renamed over it, as editors write), a game is replayed on
 * the new rules up to the first move they refuse, a save that does not
 * load is an error naming its file and line until a save loads.
 * tests/e2e/test_rules_reload.py does the same through the window. */

#include "config.h"

#include <string.h>
#include <glib/gstdio.h>
#include <adwaita.h>

#include "bs-game-record.h"
#include "bs-load-hook.h"
#include "bs-module.h"
#include "bs-rules-file.h"
#include "bs-window.h"

#include "ui-test-util.h"

static BsApplication *app;

typedef struct {
  char *tmpdir;
  char *path;
  char *original;
} Fixture;

static void
fixture_setup (Fixture       *fixture,
               gconstpointer  data)
{
  g_autofree char *source = g_build_filename (g_getenv ("BOARDSMITH_RULES_DIR"), "games",
                                              "clobber.xml", NULL);
  g_autoptr(GError) error = NULL;

  fixture->tmpdir = g_dir_make_tmp ("bs-rules-file-XXXXXX", &error);
  g_assert_no_error (error);
  fixture->path = g_build_filename (fixture->tmpdir, "clobber.xml", NULL);
  g_file_get_contents (source, &fixture->original, NULL, &error);
  g_assert_no_error (error);
  g_file_set_contents (fixture->path, fixture->original, -1, &error);
  g_assert_no_error (error);
}

static void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{
  g_unlink (fixture->path);
  g_rmdir (fixture->tmpdir);
  g_free (fixture->path);
  g_free (fixture->tmpdir);
  g_free (fixture->original);
}

/* As editors save: g_file_set_contents writes a copy and renames it. */
static void
save (Fixture    *fixture,
      const char *text)
{
  g_autoptr(GError) error = NULL;

  g_file_set_contents (fixture->path, text, -1, &error);
  g_assert_no_error (error);
}

static char *
replaced (const char *text,
          const char *old,
          const char *new)
{
  g_autoptr(GString) s = g_string_new (text);

  g_assert_nonnull (strstr (text, old));
  g_string_replace (s, old, new, 1);
  return g_string_free (g_steal_pointer (&s), FALSE);
}

typedef struct {
  BsRulesFile *file;
  guint        reloads;
} Watch;

static gboolean
reloaded (gpointer data)
{
  Watch *watch = data;

  return bs_rules_file_get_n_reloads (watch->file) >= watch->reloads;
}

static gboolean
has_error (gpointer data)
{
  return bs_rules_file_get_error (data) != NULL;
}

static gboolean
no_error (gpointer data)
{
  return bs_rules_file_get_error (data) == NULL;
}

#define wait_for(condition, data) ui_test_wait_until ((condition), (data), #condition)

static void
test_root_element (void)
{
  const char *rules = "<?xml version=\"1.0\"?>\n<!-- not a <variant> -->\n<rules format=\"1\">";

  g_assert_true (bs_rules_data_is_rules (rules, strlen (rules)));
  g_assert_true (bs_rules_data_is_rules ("<rules>", 7));
  g_assert_false (bs_rules_data_is_rules ("<rulesx>", 8));
  g_assert_false (bs_rules_data_is_rules ("<variant><rules>", 16));
  g_assert_false (bs_rules_data_is_rules ("<record>", 8));
  g_assert_false (bs_rules_data_is_rules ("", 0));
}

static BsGame *
open_rules (Fixture      *fixture,
            BsRulesGame **rules)
{
  g_autoptr(GFile) file = g_file_new_for_path (fixture->path);
  g_autoptr(GError) error = NULL;
  gboolean is_record = TRUE;
  BsGame *game = bs_game_open_file (file, 7, &is_record, rules, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (game);
  g_assert_false (is_record);
  g_assert_nonnull (*rules);
  return game;
}

static void
test_open (Fixture       *fixture,
           gconstpointer  data)
{
  g_autoptr(BsRulesGame) rules = NULL;
  g_autoptr(BsGame) game = open_rules (fixture, &rules);
  const BsModule *module = bs_rules_game_get_module (rules);

  /* The file's game is the one found by its id, and the game plays it. */
  g_assert_true (bs_module_find ("clobber") == module);
  g_assert_true (bs_game_get_ruleset (game)->module == module);
  g_assert_cmpint (bs_game_get_variant (game)->board.width, ==, 5);
  g_assert_cmpint (bs_game_get_variant (game)->board.height, ==, 6);
  g_assert_true (bs_game_play_notation (game, "a1-a2", NULL));
}

static void
test_reload_and_replay (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autoptr(BsRulesGame) rules = NULL;
  g_autoptr(BsGame) game = open_rules (fixture, &rules);
  g_autoptr(GFile) file = g_file_new_for_path (fixture->path);
  g_autoptr(BsRulesFile) watched = bs_rules_file_new (file, rules);
  g_autoptr(BsGame) wider = NULL, sideways = NULL;
  g_autofree char *six = replaced (fixture->original, "width=\"5\"", "width=\"6\"");
  g_autofree char *east_west = replaced (six, "dirs=\"n e s w\"", "dirs=\"e w\"");
  g_autofree char *why = NULL;
  g_autoptr(GError) error = NULL;
  Watch watch = { watched, 1 };
  guint stopped = 0;

  g_assert_true (bs_game_play_notation (game, "a1-a2", NULL));
  g_assert_true (bs_game_play_notation (game, "b1-b2", NULL));
  bs_game_go_to (game, 1);

  /* Wider: both moves replayed, the cursor where it was. */
  save (fixture, six);
  wait_for (reloaded, &watch);
  g_assert_true (bs_rules_file_get_module (watched) != bs_rules_game_get_module (rules));
  g_assert_true (bs_module_find ("clobber") == bs_rules_file_get_module (watched));
  wider = bs_rules_file_replay (watched, game, &stopped, &why, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (stopped, ==, G_MAXUINT);
  g_assert_null (why);
  g_assert_cmpint (bs_game_get_variant (wider)->board.width, ==, 6);
  g_assert_cmpuint (bs_game_get_n_turns (wider), ==, 2);
  g_assert_cmpuint (bs_game_get_current (wider), ==, 1);

  /* East and west only: the first move (north) is refused, with why. */
  save (fixture, east_west);
  watch.reloads = 2;
  wait_for (reloaded, &watch);
  sideways = bs_rules_file_replay (watched, wider, &stopped, &why, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (stopped, ==, 0);
  g_assert_nonnull (why);
  g_assert_cmpuint (bs_game_get_n_turns (sideways), ==, 0);
  g_assert_true (bs_game_play_notation (sideways, "a1-b1", NULL));
  g_assert_false (bs_game_play_notation (sideways, "a2-a3", NULL));
}

/* A save that leaves the bytes as opened is no reload: the game is not
 * replayed for nothing (the first save used to reload always). */
static void
test_same_bytes_after_open (Fixture       *fixture,
                            gconstpointer  data)
{
  g_autoptr(BsRulesGame) rules = NULL;
  g_autoptr(BsGame) game = open_rules (fixture, &rules);
  g_autoptr(GFile) file = g_file_new_for_path (fixture->path);
  g_autoptr(BsRulesFile) watched = bs_rules_file_new (file, rules);
  g_autofree char *six = replaced (fixture->original, "width=\"5\"", "width=\"6\"");
  Watch watch = { watched, 1 };

  save (fixture, fixture->original);
  ui_test_wait_quiet (1500);   /* the save's events gathered and read (bounded, scaled) */
  g_assert_cmpuint (bs_rules_file_get_n_reloads (watched), ==, 0);
  g_assert_true (bs_rules_file_get_module (watched) == bs_rules_game_get_module (rules));

  /* Other bytes load; the same again after them do not. */
  save (fixture, six);
  wait_for (reloaded, &watch);
  save (fixture, six);
  ui_test_wait_quiet (1500);
  g_assert_cmpuint (bs_rules_file_get_n_reloads (watched), ==, 1);
}

static void
test_broken_then_fixed (Fixture       *fixture,
                        gconstpointer  data)
{
  g_autoptr(BsRulesGame) rules = NULL;
  g_autoptr(BsGame) game = open_rules (fixture, &rules);
  g_autoptr(GFile) file = g_file_new_for_path (fixture->path);
  g_autoptr(BsRulesFile) watched = bs_rules_file_new (file, rules);
  g_autofree char *broken = replaced (fixture->original, "<step ", "<stepp ");
  g_autofree char *expected = NULL;
  g_auto(GStrv) lines = g_strsplit (fixture->original, "\n", -1);
  guint line = 0;
  Watch watch = { watched, 1 };

  while (lines[line] != NULL && strstr (lines[line], "<step ") == NULL)
    line++;
  g_assert_nonnull (lines[line]);
  expected = g_strdup_printf ("%s:%u:", fixture->path, line + 1);

  save (fixture, broken);
  wait_for (has_error, watched);
  g_assert_true (g_str_has_prefix (bs_rules_file_get_error (watched), expected));
  g_assert_nonnull (strstr (bs_rules_file_get_error (watched), "stepp"));
  /* The rules last loaded go on. */
  g_assert_true (bs_rules_file_get_game (watched) == rules);
  g_assert_true (bs_module_find ("clobber") == bs_rules_game_get_module (rules));
  g_assert_cmpuint (bs_rules_file_get_n_reloads (watched), ==, 0);

  /* The same bytes as the rules last loaded: they load, the error goes. */
  save (fixture, fixture->original);
  wait_for (no_error, watched);
  wait_for (reloaded, &watch);
}

/* A game saved to a record and then replayed on a save of its rules keeps
 * the record's stamp: a save in place still sees that another program
 * wrote the record since (it asks "File Has Changed on Disk"). The replay
 * used to keep the file and lose its stamp, so that such a save wrote over
 * the other program's bytes unasked. */
static void
test_replay_keeps_record_stamp (Fixture       *fixture,
                                gconstpointer  data)
{
  g_autoptr(BsRulesGame) rules = NULL;
  g_autoptr(BsGame) game = open_rules (fixture, &rules);
  g_autoptr(GFile) file = g_file_new_for_path (fixture->path);
  g_autoptr(BsRulesFile) watched = bs_rules_file_new (file, rules);
  g_autofree char *record_path = g_build_filename (fixture->tmpdir, "game.boardsmith", NULL);
  g_autoptr(GFile) record = g_file_new_for_path (record_path);
  g_autofree char *six = replaced (fixture->original, "width=\"5\"", "width=\"6\"");
  g_autofree char *seven = replaced (fixture->original, "width=\"5\"", "width=\"7\"");
  g_autoptr(BsGame) replayed = NULL, again = NULL;
  g_autoptr(GError) error = NULL;
  Watch watch = { watched, 1 };
  guint stopped = 0;

  g_assert_true (bs_game_play_notation (game, "a1-a2", NULL));
  g_assert_true (bs_game_save_record (game, record, &error));
  g_assert_no_error (error);
  g_assert_false (bs_game_changed_on_disk (game));

  /* Replayed with nobody else writing the record: still no change. */
  save (fixture, six);
  wait_for (reloaded, &watch);
  replayed = bs_rules_file_replay (watched, game, &stopped, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (stopped, ==, G_MAXUINT);
  g_assert_true (g_file_equal (bs_game_get_file (replayed), record));
  g_assert_nonnull (bs_game_get_file_stamp (replayed));
  g_assert_false (bs_game_changed_on_disk (replayed));
  g_assert_true (bs_game_get_modified (replayed));

  /* Another program writes the record: the replayed game sees it, and so
   * does the game replayed from that one on the next save of the rules. */
  g_file_set_contents (record_path, "<!-- written by another program -->\n", -1, &error);
  g_assert_no_error (error);
  g_assert_true (bs_game_changed_on_disk (replayed));
  save (fixture, seven);
  watch.reloads = 2;
  wait_for (reloaded, &watch);
  again = bs_rules_file_replay (watched, replayed, &stopped, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (bs_game_get_variant (again)->board.width, ==, 7);
  g_assert_true (bs_game_changed_on_disk (again));

  g_unlink (record_path);
}

/* A gate for bs_load_hook that holds only the worker about to parse one
 * file, until the test opens it. */
typedef struct {
  GMutex  lock;
  GCond   cond;
  char   *hold;
  gboolean entered;
  gboolean open;
} Gate;

static void
gate_hook (const char *path,
           gpointer    data)
{
  Gate *gate = data;

  g_mutex_lock (&gate->lock);
  if (g_strcmp0 (path, gate->hold) == 0)
    {
      gate->entered = TRUE;
      while (!gate->open)
        g_cond_wait (&gate->cond, &gate->lock);
    }
  g_mutex_unlock (&gate->lock);
}

static gboolean
gate_entered (gpointer data)
{
  Gate *gate = data;
  gboolean entered;

  g_mutex_lock (&gate->lock);
  entered = gate->entered;
  g_mutex_unlock (&gate->lock);
  return entered;
}

static void
gate_open (Gate *gate)
{
  g_mutex_lock (&gate->lock);
  gate->open = TRUE;
  g_cond_broadcast (&gate->cond);
  g_mutex_unlock (&gate->lock);
}

typedef struct {
  gboolean  done;
  gboolean  loaded;
  GError   *error;
} Loaded;

static void
on_loaded (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  Loaded *loaded = user_data;

  loaded->loaded = bs_window_load_file_finish (BS_WINDOW (source), result, &loaded->error);
  loaded->done = TRUE;
}

static gboolean
load_done (gpointer data)
{
  return ((Loaded *) data)->done;
}

static gboolean
shows_variant_game (gpointer data)
{
  BsGame *game = bs_window_get_game (data);

  return game != NULL && !bs_window_get_opening (data)
         && g_str_equal (bs_game_get_variant (game)->module, "agoraphobia");
}

/* Opens `path` in `window`, the worker held at the gate until a newer open
 * (the variant `other`) has replaced it and shows; then lets it finish,
 * cancelled. */
static void
open_and_cancel (BsWindow   *window,
                 const char *path,
                 const char *other)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) newer = g_file_new_for_path (other);
  Gate gate = { .hold = (char *) path };
  Loaded loaded = { 0 };

  g_mutex_init (&gate.lock);
  g_cond_init (&gate.cond);
  bs_load_hook_set (gate_hook, &gate);
  bs_window_load_file_async (window, file, on_loaded, &loaded);
  wait_for (gate_entered, &gate);
  /* The newer open cancels the first one, which is still reading. */
  bs_window_open_file_async (window, newer);
  wait_for (shows_variant_game, window);
  gate_open (&gate);
  wait_for (load_done, &loaded);
  g_assert_error (loaded.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_false (loaded.loaded);
  g_clear_error (&loaded.error);
  bs_load_hook_set (NULL, NULL);
  g_cond_clear (&gate.cond);
  g_mutex_clear (&gate.lock);
}

static void
load_now (BsWindow   *window,
          const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  Loaded loaded = { 0 };

  bs_window_load_file_async (window, file, on_loaded, &loaded);
  wait_for (load_done, &loaded);
  g_assert_no_error (loaded.error);
  g_assert_true (loaded.loaded);
}

/* An open of a rules file cancelled by a newer open, while it was still
 * reading, registers nothing: a game of an id never opened stays unknown,
 * and an id opened before keeps the module and file it had (the cancelled
 * open's rules used to stay registered in their place). */
static void
test_cancelled_open_registers_nothing (Fixture       *fixture,
                                       gconstpointer  data)
{
  g_autofree char *own = replaced (fixture->original, "id=\"clobber\"", "id=\"cancelled-open\"");
  g_autofree char *wider = replaced (own, "width=\"5\"", "width=\"6\"");
  g_autofree char *first = g_build_filename (fixture->tmpdir, "cancelled-open.xml", NULL);
  g_autofree char *second = g_build_filename (fixture->tmpdir, "cancelled-open-2.xml", NULL);
  g_autofree char *variant = g_build_filename (g_getenv ("BOARDSMITH_RULES_DIR"),
                                               "agoraphobia.xml", NULL);
  g_autofree char *first_path = NULL;
  g_autofree char *kept_path = NULL;
  g_autoptr(GError) error = NULL;
  BsWindow *window = bs_window_new (ADW_APPLICATION (app));
  const BsModule *module;

  g_file_set_contents (first, own, -1, &error);
  g_assert_no_error (error);
  g_file_set_contents (second, wider, -1, &error);
  g_assert_no_error (error);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_null (bs_module_find ("cancelled-open"));

  /* An id nobody opened before: still unknown after the cancelled open. */
  open_and_cancel (window, first, variant);
  g_assert_null (bs_module_find ("cancelled-open"));
  g_assert_null (bs_rules_file_path_of ("cancelled-open"));

  /* Opened to the end: registered, and played. */
  load_now (window, first);
  module = bs_module_find ("cancelled-open");
  g_assert_nonnull (module);
  g_assert_true (bs_game_get_ruleset (bs_window_get_game (window))->module == module);
  first_path = g_canonicalize_filename (first, NULL);
  kept_path = bs_rules_file_path_of ("cancelled-open");
  g_assert_cmpstr (kept_path, ==, first_path);
  g_clear_pointer (&kept_path, g_free);

  /* A cancelled open of other rules with that id: the first ones stay. */
  open_and_cancel (window, second, variant);
  g_assert_true (bs_module_find ("cancelled-open") == module);
  kept_path = bs_rules_file_path_of ("cancelled-open");
  g_assert_cmpstr (kept_path, ==, first_path);

  gtk_window_destroy (GTK_WINDOW (window));
  ui_test_settle (NULL);
  g_unlink (first);
  g_unlink (second);
}

static void
test_new_copy (Fixture       *fixture,
               gconstpointer  data)
{
  g_autofree char *folder = g_build_filename (fixture->tmpdir, "my rules", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) first = bs_rules_file_new_copy (fixture->path, folder, &error);
  g_autoptr(GFile) second = NULL;
  g_autofree char *first_path = NULL, *second_path = NULL, *text = NULL;
  g_autoptr(BsRulesGame) game = NULL;

  g_assert_no_error (error);
  first_path = g_file_get_path (first);
  g_assert_true (g_str_has_suffix (first_path, "/my rules/copy-of-clobber.xml"));
  second = bs_rules_file_new_copy (fixture->path, folder, &error);
  g_assert_no_error (error);
  second_path = g_file_get_path (second);
  g_assert_true (g_str_has_suffix (second_path, "/my rules/copy-of-clobber-2.xml"));

  /* Its own id and name; the rest as it was (the comments too). */
  game = bs_rules_game_load_file (second_path, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (bs_rules_game_get_module (game)->id, ==, "copy-of-clobber-2");
  g_assert_cmpstr (bs_rules_game_get_module (game)->name, ==, "Copy of Clobber");
  g_file_get_contents (second_path, &text, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (text, "Michael H. Albert"));
  g_assert_nonnull (strstr (text, "dirs=\"n e s w\""));

  g_unlink (first_path);
  g_unlink (second_path);
  g_rmdir (folder);
}

int
main (int   argc,
      char *argv[])
{
  app = ui_test_init (&argc, &argv);

  g_test_add_func ("/rules-file/root-element", test_root_element);
  g_test_add ("/rules-file/open", Fixture, NULL, fixture_setup, test_open, fixture_teardown);
  g_test_add ("/rules-file/reload-and-replay", Fixture, NULL, fixture_setup,
              test_reload_and_replay, fixture_teardown);
  g_test_add ("/rules-file/same-bytes-after-open", Fixture, NULL, fixture_setup,
              test_same_bytes_after_open, fixture_teardown);
  g_test_add ("/rules-file/broken-then-fixed", Fixture, NULL, fixture_setup,
              test_broken_then_fixed, fixture_teardown);
  g_test_add ("/rules-file/new-copy", Fixture, NULL, fixture_setup, test_new_copy,
              fixture_teardown);
  g_test_add ("/rules-file/replay-keeps-record-stamp", Fixture, NULL, fixture_setup,
              test_replay_keeps_record_stamp, fixture_teardown);
  g_test_add ("/rules-file/cancelled-open-registers-nothing", Fixture, NULL, fixture_setup,
              test_cancelled_open_registers_nothing, fixture_teardown);
  return ui_test_run (&app);
}
