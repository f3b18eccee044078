/* SPDX-License-Identifier: GPL-3.0-or-later */
/* boardsmith-cli render, run as a program (BOARDSMITH_CLI): every format
 * for every seed game, the options, and the errors with their exit
 * statuses (CLI.md: 1 a game error, 2 bad input). */

#include "config.h"

#include <string.h>
#include <gif_lib.h>
#include <json-glib/json-glib.h>

#include "bs-record.h"
#include "render-test-util.h"

typedef struct {
  int   status;
  char *out;
  char *err;
} Run;

static void
run_clear (Run *run)
{
  g_clear_pointer (&run->out, g_free);
  g_clear_pointer (&run->err, g_free);
}

/* Runs boardsmith-cli render with the NULL-terminated arguments. */
static void
run_render (Run *run,
            ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  const char *cli = g_getenv ("BOARDSMITH_CLI");
  int wait_status = 0;
  va_list args;

  g_assert_nonnull (cli);
  g_ptr_array_add (argv, (gpointer) cli);
  g_ptr_array_add (argv, (gpointer) "render");
  va_start (args, run);
  for (const char *a = va_arg (args, const char *); a != NULL; a = va_arg (args, const char *))
    g_ptr_array_add (argv, (gpointer) a);
  va_end (args);
  g_ptr_array_add (argv, NULL);

  memset (run, 0, sizeof *run);
  g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                &run->out, &run->err, &wait_status, &error);
  g_assert_no_error (error);
  /* The exit status (or a failure naming the signal that killed it). */
  if (!g_spawn_check_wait_status (wait_status, &error))
    {
      g_assert_true (g_error_matches (error, G_SPAWN_EXIT_ERROR, error->code));
      run->status = error->code;
    }
}

static void
assert_ok (Run *run)
{
  if (run->status != 0)
    g_error ("boardsmith-cli render exited %d: %s", run->status, run->err);
}

static void
png_size (const char *path,
          int        *width,
          int        *height)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = NULL;
  cairo_surface_t *surface;
  char *data;
  gsize length;

  g_file_get_contents (path, &data, &length, &error);
  g_assert_no_error (error);
  bytes = g_bytes_new_take (data, length);
  surface = png_from_bytes (bytes);
  *width = cairo_image_surface_get_width (surface);
  *height = cairo_image_surface_get_height (surface);
  cairo_surface_destroy (surface);
}

static int
gif_frames (const char *path)
{
  int error = 0, frames;
  GifFileType *gif = DGifOpenFileName (path, &error);

  g_assert_nonnull (gif);
  g_assert_cmpint (DGifSlurp (gif), ==, GIF_OK);
  frames = gif->ImageCount;
  DGifCloseFile (gif, &error);
  return frames;
}

static JsonObject *
parse_json (const char *text)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;

  json_parser_load_from_data (parser, text, -1, &error);
  g_assert_no_error (error);
  return json_object_ref (json_node_get_object (json_parser_get_root (parser)));
}

/* The turns of a random game as one --moves line. */
static char *
moves_line (BsExportGame *game)
{
  GString *line = g_string_new (NULL);

  for (guint i = 1; i < bs_export_game_n_positions (game); i++)
    g_string_append_printf (line, "%s%s", i > 1 ? " " : "", bs_export_game_move (game, i));
  return g_string_free (line, FALSE);
}

/* Every seed game, start and mid-game, in every format. */
static void
test_seed_games (void)
{
  g_autoptr(GPtrArray) names = seed_game_names ();
  g_autofree char *dir = make_temp_dir ();

  if (names->len == 0)
    {
      g_test_skip ("no seed game module is registered in this build yet");
      return;
    }
  for (guint i = 0; i < names->len; i++)
    {
      const char *name = names->pdata[i];
      g_autoptr(BsRuleset) rs = load_ruleset (name);
      g_autoptr(BsExportGame) game = random_game (rs, 10, 40 + i);
      g_autofree char *moves = moves_line (game);
      g_autofree char *seed = g_strdup_printf ("%u", 40 + i);   /* Tribes' setup */
      guint turns = bs_export_game_n_positions (game) - 1;
      static const char * const formats[] = { "png", "svg", "pdf", "gif" };

      for (guint f = 0; f < G_N_ELEMENTS (formats); f++)
        for (int mid = 0; mid <= 1; mid++)
          {
            g_autofree char *path = g_strdup_printf ("%s/%s-%d.%s", dir, name, mid, formats[f]);
            g_autoptr(JsonObject) json = NULL;
            Run run;

            if (mid)
              run_render (&run, name, "--seed", seed, "--moves", moves, "-o", path,
                          "--size", "300x200", "--coords", "--caption", "--json", NULL);
            else
              run_render (&run, name, "-o", path, "--size", "300x200", "--theme", "dark",
                          "--json", NULL);
            assert_ok (&run);
            json = parse_json (run.out);
            g_assert_cmpstr (json_object_get_string_member (json, "format"), ==, formats[f]);
            g_assert_cmpint (json_object_get_int_member (json, "ply"), ==, mid ? turns : 0);
            g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
            if (f == 0)
              {
                int w, h;

                png_size (path, &w, &h);
                g_assert_cmpint (w, ==, 300);
                g_assert_cmpint (h, ==, 200);
              }
            else if (f == 3)
              g_assert_cmpint (gif_frames (path), ==, mid ? (int) turns + 1 : 1);
            run_clear (&run);
          }

      /* The game sheet, 4 diagrams a page: the start and every turn. */
      {
        g_autofree char *path = g_strdup_printf ("%s/%s-sheet.pdf", dir, name);
        g_autoptr(JsonObject) json = NULL;
        Run run;

        run_render (&run, name, "--seed", seed, "--moves", moves, "-o", path, "--sheet",
                    "--per-page", "4", "--json", NULL);
        assert_ok (&run);
        json = parse_json (run.out);
        g_assert_cmpint (json_object_get_int_member (json, "pages"), ==, (turns + 1 + 3) / 4);
        run_clear (&run);
      }

      /* --ply picks an earlier position; the GIF stops there too. */
      {
        g_autofree char *path = g_strdup_printf ("%s/%s-ply.gif", dir, name);
        Run run;

        run_render (&run, name, "--seed", seed, "--moves", moves, "--ply", "1", "-o", path,
                    "--delay", "200", NULL);
        assert_ok (&run);
        g_assert_cmpint (gif_frames (path), ==, 2);
        run_clear (&run);
      }
    }
  rm_tree (dir);
}

/* A game record: alone (its own variant and seed), after its variant, or
 * as --moves; an illegal move in it names its line (exit 1). */
static void
test_records (void)
{
  g_autoptr(GPtrArray) names = seed_game_names ();
  g_autofree char *dir = make_temp_dir ();

  if (names->len == 0)
    {
      g_test_skip ("no seed game module is registered in this build yet");
      return;
    }
  for (guint i = 0; i < names->len; i++)
    {
      const char *name = names->pdata[i];
      g_autoptr(BsRuleset) rs = load_ruleset (name);
      g_autoptr(BsExportGame) game = random_game (rs, 6, 70 + i);
      g_autoptr(BsRecord) record = bs_record_new (rs->variant, 70 + i);
      g_autoptr(GError) error = NULL;
      g_autofree char *path = g_strdup_printf ("%s/%s-game.xml", dir, name);
      g_autofree char *gif = g_strdup_printf ("%s/%s-record.gif", dir, name);
      g_autofree char *png = g_strdup_printf ("%s/%s-record.png", dir, name);
      guint turns = bs_export_game_n_positions (game) - 1;
      Run run;

      for (guint k = 1; k <= turns; k++)
        bs_record_add_move (record, bs_export_game_move (game, k));
      g_assert_true (bs_record_save_file (record, path, &error));
      g_assert_no_error (error);

      run_render (&run, path, "-o", gif, NULL);
      assert_ok (&run);
      g_assert_cmpint (gif_frames (gif), ==, (int) turns + 1);
      run_clear (&run);

      run_render (&run, name, path, "-o", png, "--json", NULL);
      assert_ok (&run);
      g_assert_nonnull (strstr (run.out, "\"ply\" : "));
      run_clear (&run);

      run_render (&run, name, "--moves", path, "-o", png, NULL);
      assert_ok (&run);
      run_clear (&run);

      run_render (&run, name, path, "--moves", "x", "-o", png, NULL);
      g_assert_cmpint (run.status, ==, 2);
      run_clear (&run);

      run_render (&run, path, "--set", "max-plies=5", "-o", png, NULL);
      g_assert_cmpint (run.status, ==, 2);
      g_assert_nonnull (strstr (run.err, "--set"));
      run_clear (&run);

      /* The same record with a move that is not in the notation. */
      bs_record_add_move (record, "zz99-zz98");
      g_assert_true (bs_record_save_file (record, path, &error));
      run_render (&run, path, "-o", png, NULL);
      g_assert_cmpint (run.status, ==, 1);
      g_assert_nonnull (strstr (run.err, path));
      run_clear (&run);
    }
  rm_tree (dir);
}

static void
test_errors (void)
{
  g_autoptr(GPtrArray) names = seed_game_names ();
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *png = g_build_filename (dir, "out.png", NULL);
  g_autofree char *jpg = g_build_filename (dir, "out.jpg", NULL);
  const char *name;
  Run run;

  if (names->len == 0)
    {
      g_test_skip ("no seed game module is registered in this build yet");
      return;
    }
  name = names->pdata[0];

  run_render (&run, name, "-o", jpg, NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, ".jpg"));
  run_clear (&run);

  run_render (&run, name, NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, "-o FILE"));
  run_clear (&run);

  run_render (&run, name, "-o", png, "--theme", "sepia", NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, "sepia"));
  run_clear (&run);

  run_render (&run, name, "-o", png, "--size", "0", NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, "--size 0"));
  run_clear (&run);

  run_render (&run, name, "-o", png, "--ply", "3", NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, "--ply 3"));
  run_clear (&run);

  run_render (&run, name, "-o", png, "--sheet", NULL);
  g_assert_cmpint (run.status, ==, 2);
  g_assert_nonnull (strstr (run.err, "PDF"));
  run_clear (&run);

  /* A move that is not in the game's notation: a game error, with its ply. */
  run_render (&run, name, "-o", png, "--moves", "zz99-zz98", NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_nonnull (strstr (run.err, "ply 1"));
  run_clear (&run);

  run_render (&run, "no-such-variant", "-o", png, NULL);
  g_assert_cmpint (run.status, ==, 2);
  run_clear (&run);

  g_assert_false (g_file_test (png, G_FILE_TEST_EXISTS));
  rm_tree (dir);
}

/* Issue 18.2: --caption under a position reached by a turn says, on a
 * second line, what that turn did: the engine's summary of it (a push). */
static void
test_caption_explains (void)
{
  g_autoptr(BsRuleset) rs = NULL;
  g_autoptr(BsExplanation) explanation = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree BsPosition *pos = NULL;
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "push.pdf", NULL);
  g_autofree char *text = NULL;
  Run run;

  if (bs_module_find ("agoraphobia") == NULL)
    {
      g_test_skip ("no Agoraphobia in this build");
      return;
    }
  rs = load_ruleset ("agoraphobia");
  pos = bs_ruleset_new_position (rs, 0);
  g_assert_true (bs_ruleset_play_turn (rs, pos, "L@d4", &error));
  g_assert_no_error (error);
  explanation = bs_ruleset_explain_notation (rs, pos, "S@c4", &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (explanation->summary, "pushes 1 piece"));

  run_render (&run, "agoraphobia", "--moves", "L@d4 S@c4", "--caption", "-o", path, NULL);
  assert_ok (&run);
  run_clear (&run);
  text = pdf_text (path);
  if (text == NULL)
    g_test_skip ("no pdftotext to read the caption");
  else
    {
      g_test_message ("caption: %s", text);
      g_assert_nonnull (strstr (text, "ply 2"));
      g_assert_nonnull (strstr (text, explanation->summary));
    }
  rm_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/render-cli/seed-games", test_seed_games);
  g_test_add_func ("/render-cli/records", test_records);
  g_test_add_func ("/render-cli/errors", test_errors);
  g_test_add_func ("/render-cli/caption-explains", test_caption_explains);

  return g_test_run ();
}
