/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Export, Print and Copy Image in the app under Xvfb: the Export dialog's
 * widgets map to the renderer's options and to GSettings; exporting from
 * the dialog's own code path (what the file chooser's answer runs) writes
 * every format, read back as the render tests do (PNG and GIF sizes and
 * frames, SVG and PDF sizes, sheet pages); the clipboard gets a texture of
 * the chosen size; a print operation exported to PDF has the right number
 * of pages; and the dialog draws itself into a PNG that is not blank. */

#include "config.h"

#include <math.h>
#include <string.h>
#include <cairo.h>
#include <gif_lib.h>
#include <glib/gstdio.h>
#include <libxml/parser.h>
#include <adwaita.h>
#include <gtk/gtkunixprint.h>

#include "bs-application.h"
#include "bs-module.h"
#include "bs-export-actions.h"
#include "bs-export-dialog.h"
#include "bs-locale.h"
#include "bs-print.h"
#include "bs-screenshot.h"
#include "bs-window.h"

#include "ui-test-util.h"

/* Turns played before each test: 8 positions in all (Tribes: one round). */
#define N_TURNS 7

static BsApplication *app;

typedef struct {
  BsWindow  *window;
  GSettings *settings;
  char      *tmpdir;
  /* The last ::finished. */
  gboolean   finished;
  GError    *error;
} Fixture;

/* Plays the middle legal step until the game has n_turns turns, as clicks would. */
static void
play_turns (BsWindow *window,
            guint     n_turns)
{
  BsGame *game = bs_window_get_game (window);
  const BsRuleset *rs = bs_game_get_ruleset (game);
  g_autofree BsMove *moves = g_new0 (BsMove, rs->max_moves);
  g_autoptr(GError) error = NULL;

  while (bs_game_get_n_turns (game) < n_turns)
    {
      guint n = bs_ruleset_generate (rs, bs_game_get_position (game), moves);

      g_assert_cmpuint (n, >, 0);
      g_assert_true (bs_game_play_turn (game, &moves[n / 2], 1, &error));
      g_assert_no_error (error);
    }
  g_assert_cmpuint (bs_game_get_n_turns (game), ==, n_turns);
}

static void
fixture_setup (Fixture       *fixture,
               gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  const char *variant = data != NULL ? data : "agoraphobia";
  gboolean tribes = g_str_equal (variant, "tribes");

  fixture->settings = g_settings_new (APP_ID);
  /* Every test starts from the schema's defaults. */
  {
    g_autoptr(GSettingsSchema) schema = NULL;
    g_auto(GStrv) keys = NULL;

    g_object_get (fixture->settings, "settings-schema", &schema, NULL);
    keys = g_settings_schema_list_keys (schema);
    for (guint i = 0; keys[i] != NULL; i++)
      g_settings_reset (fixture->settings, keys[i]);
  }
  fixture->window = bs_window_new (ADW_APPLICATION (app));
  gtk_window_set_default_size (GTK_WINDOW (fixture->window), 1000, 700);
  gtk_window_present (GTK_WINDOW (fixture->window));
  fixture->tmpdir = g_dir_make_tmp ("boardsmith-export-XXXXXX", NULL);
  g_assert_nonnull (fixture->tmpdir);
  g_assert_nonnull (bs_module_find (variant));
  g_assert_true (bs_window_open_variant_seeded (fixture->window, variant, 1, &error));
  g_assert_no_error (error);
  if (tribes)
    {
      /* One simultaneous round, as test-app plays it (seed 1). */
      g_assert_true (bs_window_play_moves (fixture->window,
        "b1-c1,d1-e1,a2-a3,b2-b3,c2-d2,a4-b4,c4-c5,d4-d5,e4-e3,a5-a5,b5-b5,e5-e5;"
        "a1-a1,c1-c1,e1-e1,d2-c2,e2-e2,a3-a3,b3-c3,d3-d3,e3-e3,b4-a4,c5-c5,d5-d5", &error));
      g_assert_no_error (error);
    }
  else
    play_turns (fixture->window, N_TURNS);
  ui_test_wait_frame (GTK_WIDGET (fixture->window));
}

static void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autoptr(GDir) dir = g_dir_open (fixture->tmpdir, 0, NULL);
  const char *name;
  GList *toplevels;

  bs_game_set_modified (bs_window_get_game (fixture->window), FALSE);
  toplevels = gtk_window_list_toplevels ();
  for (GList *l = toplevels; l != NULL; l = l->next)
    if (l->data != fixture->window)
      gtk_window_destroy (l->data);
  g_list_free (toplevels);
  gtk_window_destroy (GTK_WINDOW (fixture->window));
  ui_test_pump_pending ();
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (fixture->tmpdir, name, NULL);

      g_unlink (path);
    }
  g_rmdir (fixture->tmpdir);
  g_free (fixture->tmpdir);
  g_clear_error (&fixture->error);
  g_clear_object (&fixture->settings);
}

static BsExportDialog *
open_dialog (Fixture *fixture)
{
  BsExportDialog *dialog;

  dialog = bs_export_actions_show_dialog (BS_EXPORT_HOST (fixture->window));
  g_assert_nonnull (dialog);
  ui_test_wait_frame (GTK_WIDGET (dialog));
  return dialog;
}

static void
on_finished (Fixture      *fixture,
             GFile        *file,
             const GError *error)
{
  g_assert_true (G_IS_FILE (file));
  fixture->finished = TRUE;
  g_clear_error (&fixture->error);
  if (error != NULL)
    fixture->error = g_error_copy (error);
}

/* Exports through the dialog's own path and waits for the thread. */
static gboolean
export_and_wait (Fixture               *fixture,
                 const BsExportRequest *request,
                 const char            *path)
{
  BsExportDialog *dialog = open_dialog (fixture);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  gint64 deadline = ui_test_deadline (60);

  bs_export_dialog_set_request (dialog, request);
  g_signal_connect_swapped (dialog, "finished", G_CALLBACK (on_finished), fixture);
  fixture->finished = FALSE;
  bs_export_dialog_export_to (dialog, file);
  g_assert_true (bs_export_dialog_get_busy (dialog));
  while (!fixture->finished && g_get_monotonic_time () < deadline)
    ui_test_iterate ();
  g_assert_true (fixture->finished);
  ui_test_pump_pending ();
  return fixture->error == NULL;
}

/* Read-back helpers. */

static int
pdf_pages (const char *path,
           double     *width,
           double     *height)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *out = NULL;
  const char *argv[] = { "pdfinfo", path, NULL };
  int status = 0;
  const char *line;

  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL,
                               G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL,
                               &out, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  line = strstr (out, "Page size:");
  g_assert_nonnull (line);
  g_assert_cmpint (sscanf (line, "Page size: %lf x %lf", width, height), ==, 2);
  line = strstr (out, "Pages:");
  g_assert_nonnull (line);
  return atoi (line + strlen ("Pages:"));
}

static gboolean
have_pdfinfo (void)
{
  g_autofree char *path = g_find_program_in_path ("pdfinfo");

  if (path == NULL)
    g_test_message ("pdfinfo (poppler-utils) is missing: PDF page counts not checked");
  return path != NULL;
}

static void
default_request (BsExportRequest *request)
{
  *request = (BsExportRequest) {
    .kind = BS_EXPORT_KIND_PNG, .width = 320, .height = 240, .theme = BS_THEME_LIGHT,
    .coordinates = TRUE, .transparent = FALSE, .last_move = TRUE, .caption = TRUE,
    .rotation = 0, .flip = FALSE, .gif_delay_ms = 200, .per_page = 6,
  };
}

/* Tests. */

static void
test_options_map (Fixture       *fixture,
                  gconstpointer  data)
{
  BsExportDialog *dialog = open_dialog (fixture);
  BsGame *game = bs_window_get_game (fixture->window);
  g_autoptr(BsExportSnapshot) snapshot = bs_export_snapshot_new (game);
  BsExportRequest request, back;
  BsRenderOptions render;
  BsExportGameOptions game_options;
  g_autofree char *theme = NULL;
  int from, to;

  /* The dialog opens on the remembered options: the schema's defaults. */
  bs_export_dialog_get_request (dialog, &back);
  g_assert_cmpint (back.kind, ==, BS_EXPORT_KIND_PNG);
  g_assert_cmpint (back.width, ==, g_settings_get_int (fixture->settings, "export-width"));
  g_assert_cmpint (back.theme, ==, BS_THEME_LIGHT);
  g_assert_true (back.coordinates);

  /* Every widget reaches GSettings. */
  request = (BsExportRequest) {
    .kind = BS_EXPORT_KIND_SVG, .width = 640, .height = 480, .theme = BS_THEME_HIGH_CONTRAST,
    .coordinates = FALSE, .transparent = TRUE, .last_move = FALSE, .caption = TRUE,
    .rotation = 3, .flip = TRUE, .gif_delay_ms = 1250, .per_page = 12,
  };
  bs_export_dialog_set_request (dialog, &request);
  bs_export_dialog_get_request (dialog, &back);
  g_assert_cmpmem (&back, sizeof back, &request, sizeof request);
  theme = g_settings_get_string (fixture->settings, "export-theme");
  g_assert_cmpstr (theme, ==, "high-contrast");
  g_assert_cmpint (g_settings_get_enum (fixture->settings, "export-format"), ==,
                   BS_EXPORT_KIND_SVG);
  g_assert_cmpint (g_settings_get_int (fixture->settings, "export-width"), ==, 640);
  g_assert_cmpint (g_settings_get_int (fixture->settings, "export-height"), ==, 480);
  g_assert_false (g_settings_get_boolean (fixture->settings, "export-coordinates"));
  g_assert_true (g_settings_get_boolean (fixture->settings, "export-transparent"));
  g_assert_false (g_settings_get_boolean (fixture->settings, "export-last-move"));
  g_assert_true (g_settings_get_boolean (fixture->settings, "export-caption"));
  g_assert_cmpint (g_settings_get_int (fixture->settings, "export-rotation"), ==, 3);
  g_assert_true (g_settings_get_boolean (fixture->settings, "export-flip"));
  g_assert_cmpint (g_settings_get_int (fixture->settings, "export-gif-delay"), ==, 1250);
  g_assert_cmpint (g_settings_get_int (fixture->settings, "export-per-page"), ==, 12);
  g_assert_nonnull (strstr (bs_export_dialog_get_summary (dialog), "640 × 480"));

  /* A second dialog remembers them. */
  gtk_window_destroy (GTK_WINDOW (dialog));
  dialog = open_dialog (fixture);
  bs_export_dialog_get_request (dialog, &back);
  g_assert_cmpmem (&back, sizeof back, &request, sizeof request);

  /* The renderer's options follow: no last move asked, a caption asked. */
  bs_export_request_fill_options (&back, snapshot, &render, &game_options);
  g_assert_cmpint (render.theme, ==, BS_THEME_HIGH_CONTRAST);
  g_assert_false (render.coordinates);
  g_assert_true (render.transparent);
  g_assert_cmpint (render.rotation, ==, 3);
  g_assert_true (render.flip);
  g_assert_cmpint (render.last_move_from, ==, BS_NO_CELL);
  g_assert_cmpint (render.last_move_to, ==, BS_NO_CELL);
  g_assert_cmpstr (render.caption, ==, snapshot->caption);
  g_assert_nonnull (strstr (snapshot->caption, "ply 7"));
  g_assert_cmpuint (snapshot->shown, ==, N_TURNS);
  /* Under it, what the last turn did, as the engine words it (issue 18.2). */
  {
    const BsMove *steps;
    guint n_steps;
    g_autoptr(BsExplanation) explanation = NULL;
    g_autofree char *line = NULL;

    steps = bs_game_get_turn_steps (game, N_TURNS - 1, &n_steps);
    explanation = bs_ruleset_explain_turn (bs_game_get_ruleset (game),
                                           bs_game_get_position_at (game, N_TURNS - 1),
                                           steps, n_steps);
    line = g_strconcat ("\n", explanation->summary, NULL);
    g_test_message ("caption: %s", snapshot->caption);
    g_assert_true (g_str_has_suffix (snapshot->caption, line));
  }

  /* The last move marked: the cells its notation names ("L@d4": d4). */
  back.last_move = TRUE;
  back.caption = FALSE;
  bs_export_request_fill_options (&back, snapshot, &render, &game_options);
  bs_export_move_cells (bs_game_get_ruleset (game), bs_game_get_notation (game, N_TURNS - 1),
                        &from, &to);
  g_assert_cmpint (to, !=, BS_NO_CELL);
  g_assert_cmpint (render.last_move_to, ==, to);
  g_assert_cmpint (render.last_move_from, ==, from);
  g_assert_null (render.caption);

  /* Whole games: per-frame marks and captions, the GIF delay, the sheet's
   * page size and title; a sheet is never transparent. */
  back.kind = BS_EXPORT_KIND_SHEET;
  back.caption = TRUE;
  bs_export_request_fill_options (&back, snapshot, &render, &game_options);
  g_assert_false (render.transparent);
  g_assert_cmpint (render.last_move_to, ==, BS_NO_CELL);
  g_assert_null (render.caption);
  g_assert_true (game_options.mark_last_move);
  g_assert_true (game_options.captions);
  g_assert_cmpint (game_options.delay_ms, ==, 1250);
  g_assert_cmpint (game_options.per_page, ==, 12);
  g_assert_cmpstr (game_options.title, ==, "Agoraphobia");

  /* The hex-rhombus board turns in sixths: 3 is 180°, 5 stays 5; the
   * rotation list has six entries. */
  request.rotation = 5;
  bs_export_dialog_set_request (dialog, &request);
  bs_export_dialog_get_request (dialog, &back);
  g_assert_cmpint (back.rotation, ==, 5);
  g_assert_cmpint (bs_export_rotation_steps (bs_game_get_ruleset (game)), ==, 6);
}

static void
test_square_rotation (Fixture       *fixture,
                      gconstpointer  data)
{
  BsExportDialog *dialog = open_dialog (fixture);
  BsGame *game = bs_window_get_game (fixture->window);
  BsExportRequest request, back;

  /* A square board turns in quarters: step 5 is one quarter turn. */
  g_assert_cmpint (bs_export_rotation_steps (bs_game_get_ruleset (game)), ==, 4);
  default_request (&request);
  request.rotation = 5;
  bs_export_dialog_set_request (dialog, &request);
  bs_export_dialog_get_request (dialog, &back);
  g_assert_cmpint (back.rotation, ==, 1);
}

static void
test_suggested_names (Fixture       *fixture,
                      gconstpointer  data)
{
  static const char *expected[BS_EXPORT_N_KINDS] = {
    "agoraphobia-ply-7.png", "agoraphobia-ply-7.svg", "agoraphobia-ply-7.pdf",
    "agoraphobia-game.gif", "agoraphobia-game-sheet.pdf",
  };
  BsExportDialog *dialog = open_dialog (fixture);
  BsExportRequest request;

  default_request (&request);
  for (int kind = 0; kind < BS_EXPORT_N_KINDS; kind++)
    {
      g_autofree char *name = NULL;

      request.kind = kind;
      bs_export_dialog_set_request (dialog, &request);
      name = bs_export_dialog_suggest_name (dialog);
      g_assert_cmpstr (name, ==, expected[kind]);
    }
}

static void
test_export_png (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autofree char *path = g_build_filename (fixture->tmpdir, "out.png", NULL);
  g_autofree char *folder = NULL;
  BsExportRequest request;
  cairo_surface_t *surface;
  guint8 *pixels;

  default_request (&request);
  request.transparent = TRUE;
  g_assert_true (export_and_wait (fixture, &request, path));
  surface = cairo_image_surface_create_from_png (path);
  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (surface), ==, 320);
  g_assert_cmpint (cairo_image_surface_get_height (surface), ==, 240);
  /* Transparent: the corner pixel has alpha 0. */
  g_assert_cmpint (cairo_image_surface_get_format (surface), ==, CAIRO_FORMAT_ARGB32);
  pixels = cairo_image_surface_get_data (surface);
  g_assert_cmpuint (((guint32 *) pixels)[0] >> 24, ==, 0);
  cairo_surface_destroy (surface);

  /* The window says so, the folder is remembered. */
  g_assert_cmpstr (bs_window_get_last_message (fixture->window), ==, "Exported “out.png”");
  folder = g_settings_get_string (fixture->settings, "export-folder");
  g_assert_cmpstr (folder, ==, fixture->tmpdir);
}

static void
test_export_svg (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autofree char *path = g_build_filename (fixture->tmpdir, "out.svg", NULL);
  BsExportRequest request;
  xmlDoc *doc;
  xmlNode *root;
  xmlChar *width;

  default_request (&request);
  request.kind = BS_EXPORT_KIND_SVG;
  g_assert_true (export_and_wait (fixture, &request, path));
  doc = xmlReadFile (path, NULL, XML_PARSE_NONET | XML_PARSE_NOERROR);
  g_assert_nonnull (doc);
  root = xmlDocGetRootElement (doc);
  g_assert_cmpstr ((const char *) root->name, ==, "svg");
  width = xmlGetProp (root, (const xmlChar *) "width");
  g_assert_nonnull (width);
  g_assert_cmpint (g_ascii_strtoll ((const char *) width, NULL, 10), ==, 320);
  xmlFree (width);
  xmlFreeDoc (doc);
}

static void
test_export_pdf (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autofree char *path = g_build_filename (fixture->tmpdir, "out.pdf", NULL);
  BsExportRequest request;
  double width, height;

  default_request (&request);
  request.kind = BS_EXPORT_KIND_PDF;
  g_assert_true (export_and_wait (fixture, &request, path));
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
  if (!have_pdfinfo ())
    return;
  g_assert_cmpint (pdf_pages (path, &width, &height), ==, 1);
  g_assert_cmpfloat_with_epsilon (width, 320, 0.5);
  g_assert_cmpfloat_with_epsilon (height, 240, 0.5);
}

static void
test_export_gif (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autofree char *path = g_build_filename (fixture->tmpdir, "game.gif", NULL);
  BsExportRequest request;
  GifFileType *gif;
  int error = 0;

  default_request (&request);
  request.kind = BS_EXPORT_KIND_GIF;
  request.width = 200;
  request.height = 160;
  g_assert_true (export_and_wait (fixture, &request, path));
  gif = DGifOpenFileName (path, &error);
  g_assert_nonnull (gif);
  g_assert_cmpint (DGifSlurp (gif), ==, GIF_OK);
  g_assert_cmpint (gif->SWidth, ==, 200);
  g_assert_cmpint (gif->SHeight, ==, 160);
  /* One frame for the start and one per turn. */
  g_assert_cmpint (gif->ImageCount, ==, N_TURNS + 1);
  DGifCloseFile (gif, &error);
}

static void
test_export_sheet (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autofree char *path = g_build_filename (fixture->tmpdir, "sheet.pdf", NULL);
  BsExportRequest request;
  double width, height;

  default_request (&request);
  request.kind = BS_EXPORT_KIND_SHEET;
  request.per_page = 3;
  g_assert_true (export_and_wait (fixture, &request, path));
  if (!have_pdfinfo ())
    return;
  /* 8 diagrams, 3 per page: 3 A4 pages. */
  g_assert_cmpint (pdf_pages (path, &width, &height), ==, 3);
  g_assert_cmpfloat_with_epsilon (width, 595.28, 1);
  g_assert_cmpfloat_with_epsilon (height, 841.89, 1);
}

/* A game sheet as the dialog first offers it (issue 29.12): every diagram
 * captioned, and a 24-turn game (25 diagrams) on 3 A4 pages, not 5. */
static void
test_sheet_defaults (Fixture       *fixture,
                     gconstpointer  data)
{
  g_autofree char *path = g_build_filename (fixture->tmpdir, "defaults.pdf", NULL);
  BsExportDialog *dialog;
  BsExportRequest request;
  double width, height;

  play_turns (fixture->window, 24);
  dialog = open_dialog (fixture);
  bs_export_dialog_get_request (dialog, &request);
  gtk_window_destroy (GTK_WINDOW (dialog));
  g_assert_true (request.caption);
  g_assert_cmpint (request.per_page, ==, 12);
  request.kind = BS_EXPORT_KIND_SHEET;
  g_assert_true (export_and_wait (fixture, &request, path));
  if (!have_pdfinfo ())
    return;
  g_assert_cmpint (pdf_pages (path, &width, &height), ==, 3);
  /* The captions are in the page's text: the start's and the last turn's. */
  {
    g_autofree char *out = NULL;
    const char *argv[] = { "pdftotext", path, "-", NULL };
    int status = 0;

    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL,
                                 G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL,
                                 &out, NULL, &status, NULL));
    g_assert_true (g_spawn_check_wait_status (status, NULL));
    g_assert_nonnull (strstr (out, "Start"));
    g_assert_nonnull (strstr (out, "24. "));
  }
}

/* Every format from the dialog's path, for each seed game. */
static void
test_all_formats (Fixture       *fixture,
                  gconstpointer  data)
{
  BsGame *game = bs_window_get_game (fixture->window);
  guint n_positions = bs_game_get_n_turns (game) + 1;

  for (int kind = 0; kind < BS_EXPORT_N_KINDS; kind++)
    {
      g_autofree char *name = g_strdup_printf ("%s-%d.%s", (const char *) data, kind,
                                               bs_export_kind_extension (kind));
      g_autofree char *path = g_build_filename (fixture->tmpdir, name, NULL);
      g_autofree char *contents = NULL;
      BsExportRequest request;
      gsize length;
      double width, height;

      default_request (&request);
      request.kind = kind;
      request.per_page = 4;
      request.theme = kind % 2 == 0 ? BS_THEME_DARK : BS_THEME_PRINT;
      request.rotation = 1;
      g_assert_true (export_and_wait (fixture, &request, path));
      g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
      switch ((BsExportKind) kind)
        {
        case BS_EXPORT_KIND_PNG:
          {
            cairo_surface_t *surface = cairo_image_surface_create_from_png (path);

            g_assert_cmpint (cairo_image_surface_get_width (surface), ==, 320);
            g_assert_cmpint (cairo_image_surface_get_height (surface), ==, 240);
            cairo_surface_destroy (surface);
          }
          break;
        case BS_EXPORT_KIND_SVG:
          g_assert_nonnull (g_strstr_len (contents, (gssize) length, "<svg"));
          break;
        case BS_EXPORT_KIND_PDF:
          if (have_pdfinfo ())
            g_assert_cmpint (pdf_pages (path, &width, &height), ==, 1);
          break;
        case BS_EXPORT_KIND_GIF:
          {
            int error = 0;
            GifFileType *gif = DGifOpenFileName (path, &error);

            g_assert_nonnull (gif);
            g_assert_cmpint (DGifSlurp (gif), ==, GIF_OK);
            g_assert_cmpint (gif->ImageCount, ==, (int) n_positions);
            DGifCloseFile (gif, &error);
          }
          break;
        case BS_EXPORT_KIND_SHEET:
          if (have_pdfinfo ())
            g_assert_cmpint (pdf_pages (path, &width, &height), ==, (int) (n_positions + 3) / 4);
          break;
        case BS_EXPORT_N_KINDS:
        default:
          g_assert_not_reached ();
        }
    }
}

static void
test_export_error (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autofree char *path = g_build_filename (fixture->tmpdir, "missing", "out.png", NULL);
  BsExportDialog *dialog;
  BsExportRequest request;
  GList *toplevels;
  gboolean explained = FALSE;

  default_request (&request);
  g_assert_false (export_and_wait (fixture, &request, path));
  g_assert_nonnull (fixture->error);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));

  /* The dialog stays for another try, with the reason on top of it. */
  toplevels = gtk_window_list_toplevels ();
  dialog = NULL;
  for (GList *l = toplevels; l != NULL; l = l->next)
    {
      if (BS_IS_EXPORT_DIALOG (l->data))
        dialog = l->data;
      if (ADW_IS_MESSAGE_DIALOG (l->data))
        {
          g_assert_cmpstr (adw_message_dialog_get_body (l->data), ==, fixture->error->message);
          explained = TRUE;
        }
    }
  g_list_free (toplevels);
  g_assert_nonnull (dialog);
  g_assert_true (explained);
  g_assert_false (bs_export_dialog_get_busy (dialog));
}

static void
test_close_while_exporting (Fixture       *fixture,
                            gconstpointer  data)
{
  g_autofree char *path = g_build_filename (fixture->tmpdir, "closed.gif", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  BsExportDialog *dialog = open_dialog (fixture);
  BsExportRequest request;
  gint64 deadline = ui_test_deadline (60);

  default_request (&request);
  request.kind = BS_EXPORT_KIND_GIF;
  bs_export_dialog_set_request (dialog, &request);
  g_object_add_weak_pointer (G_OBJECT (dialog), (gpointer *) &dialog);
  bs_export_dialog_export_to (dialog, file);
  gtk_window_close (GTK_WINDOW (dialog));
  /* Hidden at once, finished and gone later, and the window is told. */
  g_assert_nonnull (dialog);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (dialog)));
  while (dialog != NULL && g_get_monotonic_time () < deadline)
    ui_test_iterate ();
  g_assert_null (dialog);
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
  g_assert_cmpstr (bs_window_get_last_message (fixture->window), ==, "Exported “closed.gif”");
}

/* The Export button's file chooser (GtkFileChooserNative falls back to a
 * GtkFileChooserDialog without a portal): a name typed without an
 * extension gets the format's, and the file is written there. */
static void
test_file_chooser (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autofree char *path = g_build_filename (fixture->tmpdir, "typed.svg", NULL);
  g_autoptr(GFile) folder = g_file_new_for_path (fixture->tmpdir);
  g_autoptr(GError) error = NULL;
  BsExportDialog *dialog = open_dialog (fixture);
  GtkWidget *button;
  GtkFileChooser *chooser = NULL;
  BsExportRequest request;
  GList *toplevels;
  gint64 deadline = ui_test_deadline (60);

#ifdef __SANITIZE_ADDRESS__
  /* A bare GtkFileChooserNative of GTK 4.8 (its GtkFileChooserDialog)
   * leaks under LeakSanitizer on its own; the export after it is the same
   * bs_export_dialog_export_to the other tests run. */
  g_test_skip ("GTK 4.8's file chooser dialog leaks by itself under LeakSanitizer");
  return;
#endif
  default_request (&request);
  request.kind = BS_EXPORT_KIND_SVG;
  bs_export_dialog_set_request (dialog, &request);
  g_signal_connect_swapped (dialog, "finished", G_CALLBACK (on_finished), fixture);
  button = gtk_window_get_default_widget (GTK_WINDOW (dialog));
  g_assert_true (GTK_IS_BUTTON (button));
  g_signal_emit_by_name (button, "clicked");
  /* Without a portal the fallback dialog is made in the click itself. */
  ui_test_pump_pending ();

  toplevels = gtk_window_list_toplevels ();
  for (GList *l = toplevels; l != NULL; l = l->next)
    if (GTK_IS_FILE_CHOOSER_DIALOG (l->data))
      chooser = l->data;
  g_list_free (toplevels);
  if (chooser == NULL)
    {
      g_test_skip ("the file chooser is a portal here");
      return;
    }
  /* It offers the format's name and the remembered (or Pictures) folder. */
  g_assert_cmpint (gtk_file_chooser_get_action (chooser), ==, GTK_FILE_CHOOSER_ACTION_SAVE);
  {
    g_autofree char *name = gtk_file_chooser_get_current_name (chooser);

    g_assert_cmpstr (name, ==, "agoraphobia-ply-7.svg");
  }
  g_assert_true (gtk_file_chooser_set_current_folder (chooser, folder, &error));
  g_assert_no_error (error);
  gtk_file_chooser_set_current_name (chooser, "typed");
  gtk_dialog_response (GTK_DIALOG (chooser), GTK_RESPONSE_ACCEPT);
  fixture->finished = FALSE;
  while (!fixture->finished && g_get_monotonic_time () < deadline)
    ui_test_iterate ();
  g_assert_true (fixture->finished);
  g_assert_no_error (fixture->error);
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
}

static void
test_actions (Fixture       *fixture,
              gconstpointer  data)
{
  static const struct { const char *action, *accel; } expected[] = {
    { "win.export", "<Control>e" },
    { "win.print", "<Control>p" },
    { "win.copy-image", "<Shift><Control>c" },
  };
  GList *toplevels;
  gboolean shown = FALSE;

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      g_auto(GStrv) accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app),
                                                                    expected[i].action);

      g_assert_nonnull (accels[0]);
      g_assert_cmpstr (accels[0], ==, expected[i].accel);
      g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (fixture->window),
                                                        expected[i].action + 4));
    }

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.export", NULL));
  ui_test_pump_pending ();
  toplevels = gtk_window_list_toplevels ();
  for (GList *l = toplevels; l != NULL; l = l->next)
    if (BS_IS_EXPORT_DIALOG (l->data))
      {
        shown = TRUE;
        g_assert_true (gtk_window_get_transient_for (l->data) == GTK_WINDOW (fixture->window));
        g_assert_true (gtk_window_get_modal (l->data));
      }
  g_list_free (toplevels);
  g_assert_true (shown);

  /* Back on the start page there is nothing to export. */
  bs_window_show_start (fixture->window);
  ui_test_pump_pending ();
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (fixture->window),
                                                       expected[i].action + 4));
}

/* The clipboard's texture after Copy Image (the window's action). */
static GdkTexture *
copy_image (Fixture *fixture)
{
  GdkClipboard *clipboard = gtk_widget_get_clipboard (GTK_WIDGET (fixture->window));
  GdkContentProvider *content;
  g_auto(GValue) value = G_VALUE_INIT;
  g_autoptr(GError) error = NULL;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.copy-image",
                                             NULL));
  ui_test_pump_pending ();
  g_assert_cmpstr (bs_window_get_last_message (fixture->window), ==,
                   "Position copied as an image");
  g_assert_true (gdk_clipboard_is_local (clipboard));
  content = gdk_clipboard_get_content (clipboard);
  g_assert_nonnull (content);
  g_value_init (&value, GDK_TYPE_TEXTURE);
  g_assert_true (gdk_content_provider_get_value (content, &value, &error));
  g_assert_no_error (error);
  return g_value_dup_object (&value);
}

static gboolean
texture_pixel_is (GdkTexture *texture,
                  int         x,
                  int         y,
                  guint32     rgb)
{
  int width = gdk_texture_get_width (texture);
  g_autofree guint32 *pixels = g_new (guint32, (gsize) width * gdk_texture_get_height (texture));
  guint32 px;

  gdk_texture_download (texture, (guchar *) pixels, (gsize) width * 4);
  px = pixels[(gsize) y * width + x];
  if (px >> 24 != 0xff)
    return FALSE;
  for (int shift = 0; shift < 24; shift += 8)
    if (ABS ((int) ((px >> shift) & 0xff) - (int) ((rgb >> shift) & 0xff)) > 2)
      return FALSE;
  return TRUE;
}

/* Copy Image copies the board as it is on screen (issue 13), not what the
 * Export dialog remembers: the light or dark style's colours on an opaque
 * background, the board's coordinates, the board's own proportions at no
 * less than 800 pixels — whatever size, theme, transparency and format
 * the Export dialog was last set to. */
static void
test_clipboard (Fixture       *fixture,
                gconstpointer  data)
{
  static const struct {
    AdwColorScheme scheme;
    guint32        background, cell;
  } styles[] = {
    { ADW_COLOR_SCHEME_FORCE_LIGHT, 0xfafafa, 0xdfe2e7 },
    { ADW_COLOR_SCHEME_FORCE_DARK, 0x242424, 0x45474d },
  };
  AdwStyleManager *style = adw_style_manager_get_default ();
  const BsRuleset *rs = bs_game_get_ruleset (bs_window_get_game (fixture->window));
  const BsPosition *pos = bs_game_get_position (bs_window_get_game (fixture->window));

  g_settings_set_int (fixture->settings, "export-width", 300);
  g_settings_set_int (fixture->settings, "export-height", 200);
  g_settings_set_string (fixture->settings, "export-theme", "print");
  g_settings_set_boolean (fixture->settings, "export-transparent", TRUE);
  g_settings_set_boolean (fixture->settings, "export-coordinates", FALSE);
  g_settings_set_enum (fixture->settings, "export-format", BS_EXPORT_KIND_GIF);
  for (guint i = 0; i < G_N_ELEMENTS (styles); i++)
    for (int coordinates = 1; coordinates >= 0; coordinates--)
      {
        g_autoptr(GdkTexture) texture = NULL;
        BsRenderOptions o;
        double units_width, units_height;
        int width, height, empty = BS_NO_CELL;
        double x, y;

        adw_style_manager_set_color_scheme (style, styles[i].scheme);
        g_settings_set_boolean (fixture->settings, "show-coordinates", coordinates);
        ui_test_wait_frame (GTK_WIDGET (fixture->window));
        g_assert_true (adw_style_manager_get_dark (style) == (i == 1));
        texture = copy_image (fixture);
        width = gdk_texture_get_width (texture);
        height = gdk_texture_get_height (texture);
        g_test_message ("%s style, coordinates %s: %d × %d", i == 1 ? "dark" : "light",
                        coordinates ? "on" : "off", width, height);
        if (coordinates)
          {
            /* To look at. */
            g_autofree char *png = g_test_build_filename (G_TEST_BUILT, i == 1
                                                          ? "ui-copy-image-dark.png"
                                                          : "ui-copy-image-light.png", NULL);

            g_assert_true (gdk_texture_save_to_png (texture, png));
          }

        /* The board's proportions (with its coordinates or not), at least
         * 800 pixels on the longer side. */
        bs_render_options_init (&o);
        o.theme = i == 1 ? BS_THEME_DARK : BS_THEME_LIGHT;
        o.coordinates = coordinates;
        bs_render_natural_size (rs, &o, &units_width, &units_height);
        g_assert_cmpint (MAX (width, height), >=, 800);
        g_assert_cmpfloat (fabs ((double) width / height - units_width / units_height), <, 0.01);

        /* The style's background (opaque) and cell colours, not the print
         * theme's white nor a transparent corner. */
        g_assert_true (texture_pixel_is (texture, 1, 1, styles[i].background));
        for (int c = 0; c < rs->n_cells && empty == BS_NO_CELL; c++)
          if (pos->cells[c] == BS_CELL_EMPTY)
            empty = c;
        g_assert_cmpint (empty, !=, BS_NO_CELL);
        bs_render_cell_centre (rs, &o, width, height, empty, &x, &y, NULL);
        g_assert_true (texture_pixel_is (texture, (int) x, (int) y, styles[i].cell));
      }
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);
  g_settings_reset (fixture->settings, "show-coordinates");
}

static int
print_to_pdf (Fixture    *fixture,
              const char *name)
{
  g_autofree char *path = g_build_filename (fixture->tmpdir, name, NULL);
  g_autoptr(GtkPrintOperation) operation = NULL;
  g_autoptr(GError) error = NULL;
  GtkPrintOperationResult result;
  double width, height;

  operation = bs_print_operation_new (bs_window_get_game (fixture->window), fixture->settings);
  gtk_print_operation_set_export_filename (operation, path);
  result = gtk_print_operation_run (operation, GTK_PRINT_OPERATION_ACTION_EXPORT,
                                    GTK_WINDOW (fixture->window), &error);
  g_assert_no_error (error);
  g_assert_cmpint (result, ==, GTK_PRINT_OPERATION_RESULT_APPLY);
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
  if (!have_pdfinfo ())
    return -1;
  return pdf_pages (path, &width, &height);
}

static void
test_print (Fixture       *fixture,
            gconstpointer  data)
{
  g_autofree char *theme = g_settings_get_string (fixture->settings, "print-theme");
  int pages;

  /* Print theme by default; the position on one page. */
  g_assert_cmpstr (theme, ==, "print");
  pages = print_to_pdf (fixture, "position.pdf");
  if (pages >= 0)
    g_assert_cmpint (pages, ==, 1);

  /* The whole game, 4 diagrams a page: 8 positions → 2 pages; 1 a page → 8. */
  g_settings_set_boolean (fixture->settings, "print-whole-game", TRUE);
  g_settings_set_int (fixture->settings, "export-per-page", 4);
  pages = print_to_pdf (fixture, "sheet.pdf");
  if (pages >= 0)
    g_assert_cmpint (pages, ==, 2);
  g_settings_set_int (fixture->settings, "export-per-page", 1);
  pages = print_to_pdf (fixture, "sheet1.pdf");
  if (pages >= 0)
    g_assert_cmpint (pages, ==, N_TURNS + 1);
}

static GtkWidget *
find_check_button (GtkWidget  *widget,
                   const char *label)
{
  if (GTK_IS_CHECK_BUTTON (widget)
      && g_strcmp0 (gtk_check_button_get_label (GTK_CHECK_BUTTON (widget)), label) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_check_button (child, label);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Whether a print dialog is shown; if so, it goes to *data. */
static gboolean
find_print_dialog (gpointer data)
{
  GList *toplevels = gtk_window_list_toplevels ();

  for (GList *l = toplevels; l != NULL; l = l->next)
    if (GTK_IS_PRINT_UNIX_DIALOG (l->data) && gtk_widget_get_visible (l->data))
      *(GtkWidget **) data = l->data;
  g_list_free (toplevels);
  return *(GtkWidget **) data != NULL;
}

/* The print dialog has a Board tab whose choice follows the settings. */
static void
test_print_dialog (Fixture       *fixture,
                   gconstpointer  data)
{
  GtkWidget *print_dialog = NULL;
  GtkWidget *whole, *position;

  g_settings_set_boolean (fixture->settings, "print-whole-game", TRUE);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.print", NULL));
  ui_test_wait_until (find_print_dialog, &print_dialog, "the print dialog");
  g_assert_nonnull (print_dialog);
  whole = find_check_button (print_dialog, "The _whole game as a game sheet");
  position = find_check_button (print_dialog, "The _position on show");
  g_assert_nonnull (whole);
  g_assert_nonnull (position);
  g_assert_true (gtk_check_button_get_active (GTK_CHECK_BUTTON (whole)));
  g_assert_false (gtk_check_button_get_active (GTK_CHECK_BUTTON (position)));
  if (g_getenv ("BS_SCREENSHOT_DIR") != NULL)
    {
      g_autofree char *path = g_build_filename (g_getenv ("BS_SCREENSHOT_DIR"),
                                                "print-dialog.png", NULL);
      GtkWidget *notebook = gtk_widget_get_ancestor (whole, GTK_TYPE_NOTEBOOK);

      for (int i = 0; notebook != NULL && i < gtk_notebook_get_n_pages (GTK_NOTEBOOK (notebook));
           i++)
        if (gtk_widget_is_ancestor (whole, gtk_notebook_get_nth_page (GTK_NOTEBOOK (notebook), i)))
          gtk_notebook_set_current_page (GTK_NOTEBOOK (notebook), i);
      ui_test_wait_frame (print_dialog);
      g_assert_true (bs_screenshot_save_png (print_dialog, path, NULL));
    }
  gtk_dialog_response (GTK_DIALOG (print_dialog), GTK_RESPONSE_CANCEL);
  ui_test_pump_pending ();
}

/* Draws the dialog to a PNG (kept when BS_SCREENSHOT_DIR is set) and
 * checks that the preview and the options are there. */
static void
test_screenshot (Fixture       *fixture,
                 gconstpointer  data)
{
  static const BsExportKind kinds[] = { BS_EXPORT_KIND_PNG, BS_EXPORT_KIND_SHEET };
  BsExportDialog *dialog = open_dialog (fixture);
  BsExportRequest request;

  default_request (&request);
  request.width = 800;
  request.height = 600;
  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GdkTexture) texture = NULL;
      g_autofree guint32 *pixels = NULL;
      g_autofree char *name = g_strdup_printf ("export-dialog-%s.png",
                                               bs_export_kind_to_nick (kinds[i]));
      const char *dir = g_getenv ("BS_SCREENSHOT_DIR");
      g_autofree char *path = g_build_filename (dir != NULL ? dir : fixture->tmpdir, name, NULL);
      GHashTable *colours = g_hash_table_new (NULL, NULL);
      int width, height;

      request.kind = kinds[i];
      request.transparent = i == 0;
      bs_export_dialog_set_request (dialog, &request);
      ui_test_wait_frame (GTK_WIDGET (dialog));
      g_assert_true (bs_screenshot_save_png (GTK_WIDGET (dialog), path, &error));
      g_assert_no_error (error);
      texture = bs_screenshot_render (GTK_WIDGET (dialog), &error);
      g_assert_no_error (error);
      width = gdk_texture_get_width (texture);
      height = gdk_texture_get_height (texture);
      g_assert_cmpint (width, >=, 700);
      pixels = g_new (guint32, (gsize) width * height);
      gdk_texture_download (texture, (guchar *) pixels, (gsize) width * 4);
      /* The preview: the left half holds many colours (board, pieces, text). */
      for (int y = 0; y < height; y += 3)
        for (int x = 0; x < width / 2; x += 3)
          g_hash_table_add (colours, GUINT_TO_POINTER (pixels[(gsize) y * width + x]));
      g_assert_cmpuint (g_hash_table_size (colours), >, 20);
      g_hash_table_unref (colours);
    }
}

/* The mapped labels under widget that pango had to cut ("Animated GIF of
 * the G…"), quoted, into out. */
static void
collect_ellipsized (GtkWidget *widget,
                    GString   *out)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget)
      && pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (widget))))
    g_string_append_printf (out, " “%s”", gtk_label_get_text (GTK_LABEL (widget)));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_ellipsized (child, out);
}

static void
collect_combo_rows (GtkWidget *widget,
                    GPtrArray *out)
{
  if (ADW_IS_COMBO_ROW (widget))
    g_ptr_array_add (out, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_combo_rows (child, out);
}

static GtkPopover *
find_popover (GtkWidget *widget)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkPopover *found = GTK_IS_POPOVER (child) ? GTK_POPOVER (child) : find_popover (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Every choice of the Export dialog's drop-downs (format, theme,
 * rotation) reads in full, in the row and in its open list: "Animated GIF
 * of the Game" was cut to "Animated GIF of the G…". Run in English, French
 * and German by /export/names-fit. */
static void
test_names_fit_subprocess (Fixture       *fixture,
                           gconstpointer  data)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  g_autoptr(GString) cut = g_string_new (NULL);
  BsExportDialog *dialog;

  if (!g_test_subprocess ())
    {
      g_test_skip ("run by /export/names-fit");
      return;
    }
  dialog = open_dialog (fixture);
  collect_combo_rows (GTK_WIDGET (dialog), rows);
  g_assert_cmpuint (rows->len, ==, 3);
  for (guint i = 0; i < rows->len; i++)
    {
      AdwComboRow *row = rows->pdata[i];
      GtkPopover *popover = find_popover (GTK_WIDGET (row));
      guint n = g_list_model_get_n_items (adw_combo_row_get_model (row));
      guint was = adw_combo_row_get_selected (row);

      g_assert_nonnull (popover);
      for (guint item = 0; item < n; item++)
        {
          adw_combo_row_set_selected (row, item);
          ui_test_wait_frame (GTK_WIDGET (row));
          collect_ellipsized (GTK_WIDGET (row), cut);
        }
      adw_combo_row_set_selected (row, was);
      g_test_message ("%s: %s", adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)),
                      gtk_string_object_get_string (adw_combo_row_get_selected_item (row)));
      gtk_popover_popup (popover);
      ui_test_wait_until (ui_test_is_mapped, popover, "the drop-down's list mapped");
      ui_test_wait_frame (GTK_WIDGET (popover));
      g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (popover)));
      collect_ellipsized (GTK_WIDGET (popover), cut);
      gtk_popover_popdown (popover);
      ui_test_wait_until (ui_test_is_unmapped, popover, "the drop-down's list unmapped");
    }
  if (cut->len > 0)
    g_error ("cut short (%s):%s", g_getenv ("LANGUAGE"), cut->str);
}

static void
test_names_fit (void)
{
  static const char * const languages[] = { "", "fr", "de" };

  for (guint i = 0; i < G_N_ELEMENTS (languages); i++)
    {
      g_test_message ("LANGUAGE=%s", languages[i]);
      g_setenv ("BS_TEST_LANGUAGE", languages[i], TRUE);
      g_test_trap_subprocess ("/export/names-fit/subprocess", 0,
                              G_TEST_SUBPROCESS_INHERIT_STDERR);
      g_test_trap_assert_passed ();
    }
  g_unsetenv ("BS_TEST_LANGUAGE");
}

int
main (int   argc,
      char *argv[])
{
  static const char *games[] = { "agoraphobia", "tribes", "abrobad", "ikabegama", "astoria" };
  g_autofree char *podir = NULL;
  const char *language;

  /* The catalogs built in the tree, in English unless /export/names-fit
   * asks its subprocess for another language (never the caller's own
   * LANGUAGE: the other tests read English). */
  language = g_getenv ("BS_TEST_LANGUAGE");
  if (language != NULL && language[0] != '\0')
    g_setenv ("LANGUAGE", language, TRUE);
  else
    g_unsetenv ("LANGUAGE");
  podir = g_build_filename (g_getenv ("G_TEST_BUILDDIR"), "..", "po", NULL);
  g_setenv ("BOARDSMITH_LOCALEDIR", podir, TRUE);
  /* As the app's main() does. */
  bs_locale_init ();
  gtk_disable_setlocale ();
  bs_locale_bind ();
  app = ui_test_init (&argc, &argv);

  g_test_add ("/export/options-map", Fixture, NULL, fixture_setup, test_options_map,
              fixture_teardown);
  g_test_add ("/export/square-rotation", Fixture, "astoria", fixture_setup,
              test_square_rotation, fixture_teardown);
  g_test_add ("/export/suggested-names", Fixture, NULL, fixture_setup, test_suggested_names,
              fixture_teardown);
  g_test_add ("/export/png", Fixture, NULL, fixture_setup, test_export_png, fixture_teardown);
  g_test_add ("/export/svg", Fixture, NULL, fixture_setup, test_export_svg, fixture_teardown);
  g_test_add ("/export/pdf", Fixture, NULL, fixture_setup, test_export_pdf, fixture_teardown);
  g_test_add ("/export/gif", Fixture, NULL, fixture_setup, test_export_gif, fixture_teardown);
  g_test_add ("/export/sheet-defaults", Fixture, NULL, fixture_setup, test_sheet_defaults,
              fixture_teardown);
  g_test_add ("/export/sheet", Fixture, NULL, fixture_setup, test_export_sheet,
              fixture_teardown);
  for (guint i = 0; i < G_N_ELEMENTS (games); i++)
    {
      g_autofree char *path = g_strdup_printf ("/export/all-formats/%s", games[i]);

      g_test_add (path, Fixture, games[i], fixture_setup, test_all_formats, fixture_teardown);
    }
  g_test_add ("/export/error", Fixture, NULL, fixture_setup, test_export_error,
              fixture_teardown);
  g_test_add ("/export/close-while-exporting", Fixture, NULL, fixture_setup,
              test_close_while_exporting, fixture_teardown);
  g_test_add ("/export/file-chooser", Fixture, NULL, fixture_setup, test_file_chooser,
              fixture_teardown);
  g_test_add ("/export/actions", Fixture, NULL, fixture_setup, test_actions,
              fixture_teardown);
  g_test_add ("/export/clipboard", Fixture, NULL, fixture_setup, test_clipboard,
              fixture_teardown);
  g_test_add ("/export/print", Fixture, NULL, fixture_setup, test_print, fixture_teardown);
  g_test_add ("/export/print-dialog", Fixture, NULL, fixture_setup, test_print_dialog,
              fixture_teardown);
  g_test_add ("/export/screenshot", Fixture, NULL, fixture_setup, test_screenshot,
              fixture_teardown);
  g_test_add_func ("/export/names-fit", test_names_fit);
  g_test_add ("/export/names-fit/subprocess", Fixture, NULL, fixture_setup,
              test_names_fit_subprocess, fixture_teardown);

  return ui_test_run (&app);
}
