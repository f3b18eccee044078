/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the app writes and takes in, against what could lose or break it:
 * every text field has a limit (a pasted 20,000-character name is cut to
 * what a file may hold), a variant file written by someone else since it
 * was opened is not overwritten without asking, and every export reaches
 * the disk through the atomic writer with an fsync before its rename. */

/* readlink, syscall. */
#define _GNU_SOURCE

#include "config.h"

#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <glib/gstdio.h>
#include <adwaita.h>

#include "bs-application.h"
#include "bs-editor-view.h"
#include "bs-entry-limit.h"
#include "bs-export-request.h"
#include "bs-game.h"
#include "bs-module.h"
#include "bs-ruleset.h"
#include "bs-variant-document.h"
#include "bs-window.h"
#include "ui-test-util.h"

static BsApplication *app;

/* fsync, seen: this program's definition is the one the engine's writer
 * calls (the executable comes before libc). Each call records what the
 * descriptor names and whether the target existed yet, then syncs. */
static GPtrArray *synced;    /* of char *: the path, as /proc/self/fd says */

int fsync (int fd);

int
fsync (int fd)
{
  if (synced != NULL)
    {
      g_autofree char *link = g_strdup_printf ("/proc/self/fd/%d", fd);
      char target[4096];
      ssize_t n = readlink (link, target, sizeof target - 1);

      if (n > 0)
        {
          target[n] = '\0';
          g_ptr_array_add (synced, g_strdup (target));
        }
    }
  return (int) syscall (SYS_fsync, fd);
}

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

static void
fixture_setup (Fixture       *fixture,
               gconstpointer  data)
{
  fixture->window = bs_window_new (ADW_APPLICATION (app));
  gtk_window_set_default_size (GTK_WINDOW (fixture->window), 1000, 700);
  gtk_window_present (GTK_WINDOW (fixture->window));
  fixture->tmpdir = g_dir_make_tmp ("boardsmith-file-safety-XXXXXX", NULL);
  g_assert_nonnull (fixture->tmpdir);
  wait_for (drawn, fixture->window);
}

static void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{
  GList *toplevels;
  BsEditorView *editor = bs_window_get_editor_view (fixture->window);

  if (bs_window_get_game (fixture->window) != NULL)
    bs_game_set_modified (bs_window_get_game (fixture->window), FALSE);
  if (editor != NULL)
    bs_editor_view_set_document (editor, NULL);
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

static AdwMessageDialog *
find_dialog (void)
{
  GList *toplevels = gtk_window_list_toplevels ();
  AdwMessageDialog *dialog = NULL;

  for (GList *l = toplevels; l != NULL; l = l->next)
    if (ADW_IS_MESSAGE_DIALOG (l->data) && gtk_widget_get_visible (l->data))
      dialog = l->data;
  g_list_free (toplevels);
  return dialog;
}

static gboolean
dialog_shown (gpointer data)
{
  return find_dialog () != NULL;
}

static void
answer (const char *response)
{
  AdwMessageDialog *dialog;
  GtkWindow *parent;

  wait_for (dialog_shown, NULL);
  dialog = find_dialog ();
  parent = gtk_window_get_transient_for (GTK_WINDOW (dialog));
  ui_test_answer_dialog (dialog, response);
  ui_test_settle (GTK_WIDGET (parent));
}

/* The AdwEntryRow titled `title` under `root`, the n-th of that title. */
static void
collect_rows (GtkWidget  *widget,
              const char *title,
              GPtrArray  *out)
{
  if (ADW_IS_ENTRY_ROW (widget)
      && g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), title) == 0)
    g_ptr_array_add (out, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_rows (child, title, out);
}

static void
report_unlimited (GPtrArray  *unlimited,
                  const char *where)
{
  for (guint i = 0; i < unlimited->len; i++)
    {
      g_autoptr(GString) chain = g_string_new (NULL);

      for (GtkWidget *w = unlimited->pdata[i]; w != NULL; w = gtk_widget_get_parent (w))
        g_string_append_printf (chain, " < %s", G_OBJECT_TYPE_NAME (w));
      g_test_message ("%s: a text field without a limit:%s", where, chain->str);
    }
}

static int
minimum_width (GtkWidget *widget)
{
  int minimum = 0, natural = 0;

  gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, NULL, NULL);
  return minimum;
}

static void
report_wide (GtkWidget *widget,
             int        limit)
{
  if (!gtk_widget_get_visible (widget))
    return;
  if (GTK_IS_LABEL (widget) && minimum_width (widget) > limit)
    g_test_message ("a label %d pixels wide at least: %.60s", minimum_width (widget),
                    gtk_label_get_text (GTK_LABEL (widget)));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    report_wide (child, limit);
}

/* Every text field of the editor, for every game, has a limit; text
 * longer than it, inserted as a paste inserts it, is cut to it, and the
 * document gets the cut text (a valid variant, drawn), and the longest
 * names do not make the window any wider. */
static void
test_entries_limited (Fixture       *fixture,
                      gconstpointer  data)
{
  guint n_modules = 0;
  const BsModule * const *modules = bs_module_list (&n_modules);
  g_autofree char *pasted = g_strnfill (20000, 'W');
  static const char *titles[] = { "Name", "Author", "Description" };

  g_assert_cmpuint (n_modules, >, 0);
  for (guint m = 0; m < n_modules; m++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(BsVariantDocument) doc = bs_variant_document_new_for_module (modules[m]->id,
                                                                            &error);
      BsEditorView *editor;
      g_autoptr(GPtrArray) unlimited = NULL;
      g_autoptr(GPtrArray) names = g_ptr_array_new ();
      const BsVariant *variant;
      int before;

      g_assert_no_error (error);
      bs_window_edit (fixture->window, doc);
      ui_test_settle (GTK_WIDGET (fixture->window));
      editor = bs_window_get_editor_view (fixture->window);
      unlimited = bs_entry_limit_find_unlimited (GTK_WIDGET (fixture->window));
      report_unlimited (unlimited, modules[m]->id);
      g_assert_cmpuint (unlimited->len, ==, 0);

      before = minimum_width (GTK_WIDGET (fixture->window));
      /* Player 1's name, player 2's, then the variant's (last: "About"). */
      for (guint t = 0; t < G_N_ELEMENTS (titles); t++)
        collect_rows (GTK_WIDGET (editor), titles[t], names);
      g_assert_cmpuint (names->len, ==, 5);
      for (guint i = 0; i < names->len; i++)
        {
          GtkEditable *row = names->pdata[i];
          int position = 0;

          gtk_editable_delete_text (row, 0, -1);
          gtk_editable_insert_text (row, pasted, -1, &position);
          ui_test_settle (GTK_WIDGET (fixture->window));
        }
      variant = bs_variant_document_get_variant (doc);
      g_assert_cmpint (g_utf8_strlen (variant->players[0].name, -1), ==,
                       bs_entry_limit_for_kind (BS_ENTRY_PLAYER_NAME));
      g_assert_cmpint (g_utf8_strlen (variant->players[1].name, -1), ==,
                       bs_entry_limit_for_kind (BS_ENTRY_PLAYER_NAME));
      g_assert_cmpint (g_utf8_strlen (variant->name, -1), ==,
                       bs_entry_limit_for_kind (BS_ENTRY_VARIANT_NAME));
      g_assert_cmpint (g_utf8_strlen (variant->author, -1), ==,
                       bs_entry_limit_for_kind (BS_ENTRY_AUTHOR));
      g_assert_cmpint (g_utf8_strlen (variant->description, -1), ==,
                       bs_entry_limit_for_kind (BS_ENTRY_DESCRIPTION));
      /* The longest of each is a valid variant: the cut never makes one the
       * rules refuse for its length. */
      g_assert_true (bs_variant_validate (variant, &error));
      g_assert_no_error (error);
      g_test_message ("%s: minimum width %d, before the names %d", modules[m]->id,
                      minimum_width (GTK_WIDGET (fixture->window)), before);
      if (minimum_width (GTK_WIDGET (fixture->window)) > MAX (before, 360))
        report_wide (GTK_WIDGET (fixture->window), 300);
      g_assert_cmpint (minimum_width (GTK_WIDGET (fixture->window)), <=, MAX (before, 360));
      bs_editor_view_set_document (editor, NULL);
      ui_test_settle (GTK_WIDGET (fixture->window));
    }
}

static char *
read_text (const char *path)
{
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_assert_no_error (error);
  return g_steal_pointer (&text);
}

/* Two windows on one variant file: one renames a player and saves; the
 * other changes the width and saves. The second is asked ("File Has
 * Changed on Disk"): Cancel writes nothing; Reload shows the file as it
 * is, with the edits still in Undo; Save Anyway writes over it. A file
 * only touched, or saved with the same bytes, asks nothing. */
static void
test_changed_on_disk (Fixture       *fixture,
                      gconstpointer  data)
{
  g_autofree char *path = g_build_filename (fixture->tmpdir, "shared.bsvariant", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariantDocument) seed = bs_variant_document_new_for_module ("agoraphobia", &error);
  g_autoptr(BsVariantDocument) mine = NULL;
  g_autoptr(BsVariantDocument) other = NULL;
  BsEditorView *editor;
  g_autofree char *text = NULL;
  AdwMessageDialog *dialog;
  int width;

  g_assert_no_error (error);
  g_assert_true (bs_variant_document_save (seed, path, &error));
  g_assert_no_error (error);

  mine = bs_variant_document_open (path, &error);
  g_assert_no_error (error);
  other = bs_variant_document_open (path, &error);
  g_assert_no_error (error);
  bs_window_edit (fixture->window, mine);
  ui_test_settle (GTK_WIDGET (fixture->window));
  editor = bs_window_get_editor_view (fixture->window);
  width = bs_variant_document_get_variant (mine)->board.width;

  /* Nothing changed: Save asks nothing. */
  g_assert_false (bs_variant_document_changed_on_disk (mine));

  /* The other window renames a player and saves. */
  g_assert_true (bs_variant_document_set_player_name (other, 1, "Renamed"));
  g_assert_true (bs_variant_document_save (other, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (bs_variant_document_changed_on_disk (mine));

  /* This one changes the width and saves: asked; Cancel writes nothing. */
  g_assert_true (bs_variant_document_set_width (mine, width - 1));
  gtk_widget_activate_action (GTK_WIDGET (editor), "editor.save", NULL);
  wait_for (dialog_shown, NULL);
  dialog = find_dialog ();
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "File Has Changed on Disk");
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "shared.bsvariant"));
  g_assert_true (adw_message_dialog_has_response (dialog, "save"));
  g_assert_true (adw_message_dialog_has_response (dialog, "reload"));
  g_assert_cmpstr (adw_message_dialog_get_default_response (dialog), ==, "cancel");
  answer ("cancel");
  text = read_text (path);
  g_assert_nonnull (strstr (text, "Renamed"));
  g_assert_true (bs_variant_document_get_modified (mine));

  /* The document refuses to write over it on its own too. */
  g_assert_false (bs_variant_document_save (mine, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_WRONG_ETAG);
  g_assert_nonnull (strstr (error->message, path));
  g_clear_error (&error);

  /* Reload: the other window's rename is shown; Undo brings the width back. */
  gtk_widget_activate_action (GTK_WIDGET (editor), "editor.save", NULL);
  answer ("reload");
  g_assert_cmpstr (bs_variant_document_get_variant (mine)->players[0].name, ==, "Renamed");
  g_assert_cmpint (bs_variant_document_get_variant (mine)->board.width, ==, width);
  g_assert_false (bs_variant_document_changed_on_disk (mine));
  bs_variant_document_undo (mine);
  g_assert_cmpint (bs_variant_document_get_variant (mine)->board.width, ==, width - 1);

  /* Saved again elsewhere, then Save Anyway: this window's version wins. */
  g_assert_true (bs_variant_document_set_author (other, "Someone Else"));
  g_assert_true (bs_variant_document_save_anyway (other, &error));
  g_assert_no_error (error);
  gtk_widget_activate_action (GTK_WIDGET (editor), "editor.save", NULL);
  answer ("save");
  g_clear_pointer (&text, g_free);
  text = read_text (path);
  g_assert_null (strstr (text, "Someone Else"));
  g_assert_false (bs_variant_document_get_modified (mine));
  g_assert_false (bs_variant_document_changed_on_disk (mine));

  /* Touched, or rewritten with the same bytes: no question. */
  g_assert_true (g_file_set_contents (path, text, -1, &error));
  g_assert_no_error (error);
  g_assert_false (bs_variant_document_changed_on_disk (mine));
  g_assert_true (bs_variant_document_set_width (mine, width));
  gtk_widget_activate_action (GTK_WIDGET (editor), "editor.save", NULL);
  ui_test_settle (GTK_WIDGET (fixture->window));
  g_assert_null (find_dialog ());
  g_assert_false (bs_variant_document_get_modified (mine));
}

/* Every export the app writes goes through the atomic writer and syncs:
 * an fsync on the temporary file beside the target (".NAME.XXXXXX"),
 * before the rename, and one on the folder after it. */
static void
test_exports_synced (Fixture       *fixture,
                     gconstpointer  data)
{
  static const char *names[BS_EXPORT_N_KINDS] = {
    "board.png", "board.svg", "board.pdf", "game.gif", "sheet.pdf",
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(BsExportSnapshot) snapshot = NULL;
  g_autofree char *folder = NULL;
  BsGame *game;

  g_assert_true (bs_window_open_variant (fixture->window, "agoraphobia", &error));
  g_assert_no_error (error);
  game = bs_window_get_game (fixture->window);
  {
    const BsRuleset *rs = bs_game_get_ruleset (game);
    g_autofree BsMove *moves = g_new0 (BsMove, rs->max_moves);
    guint n = bs_ruleset_generate (rs, bs_game_get_position (game), moves);

    g_assert_cmpuint (n, >, 0);
    g_assert_true (bs_game_play_turn (game, &moves[0], 1, &error));
    g_assert_no_error (error);
  }
  snapshot = bs_export_snapshot_new (game);
  folder = g_canonicalize_filename (fixture->tmpdir, NULL);

  for (int kind = 0; kind < BS_EXPORT_N_KINDS; kind++)
    {
      g_autofree char *path = g_build_filename (fixture->tmpdir, names[kind], NULL);
      g_autofree char *temporary = g_strdup_printf ("%s/.%s.", folder, names[kind]);
      BsExportRequest request = {
        .kind = kind, .width = 200, .height = 150, .theme = BS_THEME_LIGHT,
        .coordinates = TRUE, .last_move = TRUE, .caption = TRUE, .gif_delay_ms = 200,
        .per_page = 6,
      };
      gboolean file_synced = FALSE, folder_synced = FALSE;

      synced = g_ptr_array_new_with_free_func (g_free);
      g_assert_true (bs_export_request_write (&request, snapshot, path, &error));
      g_assert_no_error (error);
      for (guint i = 0; i < synced->len; i++)
        {
          const char *what = synced->pdata[i];

          g_test_message ("%s: fsync %s", names[kind], what);
          if (g_str_has_prefix (what, temporary) && !folder_synced)
            file_synced = TRUE;
          else if (g_str_equal (what, folder) && file_synced)
            folder_synced = TRUE;
        }
      g_clear_pointer (&synced, g_ptr_array_unref);
      g_assert_true (file_synced);
      g_assert_true (folder_synced);
      g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
    }
}

/* Two windows on one game record: the other plays on and saves over the
 * file; this one, saved in place, is asked ("File Has Changed on Disk"):
 * Cancel writes nothing; Save Anyway writes this game. A record opened
 * from a file and changed behind the app's back asks too; a file only
 * touched asks nothing. */
static void
test_record_changed_on_disk (Fixture       *fixture,
                             gconstpointer  data)
{
  g_autofree char *path = g_build_filename (fixture->tmpdir, "shared.boardsmith", NULL);
  g_autofree char *other_path = g_build_filename (fixture->tmpdir, "other.boardsmith", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) other_file = g_file_new_for_path (other_path);
  g_autoptr(GError) error = NULL;
  g_autofree char *other_text = NULL;
  g_autofree char *text = NULL;
  AdwMessageDialog *dialog;
  BsGame *game;

  g_assert_true (bs_window_open_variant (fixture->window, "agoraphobia", &error));
  g_assert_no_error (error);
  g_assert_true (bs_window_play_moves (fixture->window, "S@d4", &error));
  g_assert_no_error (error);
  g_assert_true (bs_window_save_record (fixture->window, file, &error));
  g_assert_no_error (error);
  game = bs_window_get_game (fixture->window);
  g_assert_false (bs_game_changed_on_disk (game));

  /* Another window's game (two turns) written over the file. */
  g_assert_true (bs_window_play_moves (fixture->window, "S@c4", &error));
  g_assert_no_error (error);
  g_assert_true (bs_window_save_record (fixture->window, other_file, &error));
  g_assert_no_error (error);
  other_text = read_text (other_path);
  g_assert_true (bs_window_open_file (fixture->window, file, &error));
  g_assert_no_error (error);
  game = bs_window_get_game (fixture->window);
  g_assert_cmpuint (bs_game_get_n_turns (game), ==, 1);
  g_assert_true (g_file_set_contents (path, other_text, -1, &error));
  g_assert_no_error (error);
  g_assert_true (bs_game_changed_on_disk (game));

  /* This one plays a different turn and saves: asked; Cancel writes nothing. */
  g_assert_true (bs_window_play_moves (fixture->window, "S@e4", &error));
  g_assert_no_error (error);
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.save", NULL);
  wait_for (dialog_shown, NULL);
  dialog = find_dialog ();
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "File Has Changed on Disk");
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "shared.boardsmith"));
  g_assert_true (adw_message_dialog_has_response (dialog, "save"));
  g_assert_true (adw_message_dialog_has_response (dialog, "save-as"));
  g_assert_cmpstr (adw_message_dialog_get_default_response (dialog), ==, "cancel");
  answer ("cancel");
  text = read_text (path);
  g_assert_cmpstr (text, ==, other_text);
  g_assert_true (bs_game_get_modified (game));

  /* Save Anyway: this window's game wins, and the next save asks nothing. */
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.save", NULL);
  answer ("save");
  g_clear_pointer (&text, g_free);
  text = read_text (path);
  g_assert_nonnull (strstr (text, "e4"));
  g_assert_null (strstr (text, "c4"));
  g_assert_false (bs_game_get_modified (game));
  g_assert_false (bs_game_changed_on_disk (game));

  /* Touched, or rewritten with the same bytes: no question. */
  g_assert_true (g_file_set_contents (path, text, -1, &error));
  g_assert_no_error (error);
  g_assert_false (bs_game_changed_on_disk (game));
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.undo", NULL);
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.save", NULL);
  ui_test_settle (GTK_WIDGET (fixture->window));
  g_assert_null (find_dialog ());
  g_assert_false (bs_game_get_modified (game));
}

int
main (int   argc,
      char *argv[])
{
  app = ui_test_init (&argc, &argv);

  g_test_add ("/file-safety/entries-limited", Fixture, NULL, fixture_setup,
              test_entries_limited, fixture_teardown);
  g_test_add ("/file-safety/changed-on-disk", Fixture, NULL, fixture_setup,
              test_changed_on_disk, fixture_teardown);
  g_test_add ("/file-safety/record-changed-on-disk", Fixture, NULL, fixture_setup,
              test_record_changed_on_disk, fixture_teardown);
  g_test_add ("/file-safety/exports-synced", Fixture, NULL, fixture_setup,
              test_exports_synced, fixture_teardown);
  return ui_test_run (&app);
}
