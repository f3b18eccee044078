/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Image export: files read back with the libraries that read them in the
 * wild — cairo for PNG, libxml2 for SVG, poppler's pdfinfo for PDF, giflib
 * for GIF — on made-up boards and on every seed game's start and a
 * mid-game position. */

#include "config.h"

#include <math.h>
#include <string.h>
#include <gif_lib.h>
#include <glib/gstdio.h>
#include <libxml/parser.h>
#include <libxml/tree.h>

#include "bs-rng.h"
#include "render-test-util.h"

/* ---- readers -------------------------------------------------------- */

static cairo_surface_t *
read_png (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = NULL;
  char *data;
  gsize length;

  g_file_get_contents (path, &data, &length, &error);
  g_assert_no_error (error);
  bytes = g_bytes_new_take (data, length);
  return png_from_bytes (bytes);
}

/* Parses "R%,G%,B%)" after "fill:rgb(". */
static gboolean
style_fill (const char *style,
            double      rgb[3],
            double     *opacity)
{
  const char *p = strstr (style, "fill:rgb(");
  const char *o;

  if (p == NULL)
    return FALSE;
  p += strlen ("fill:rgb(");
  for (int i = 0; i < 3; i++)
    {
      char *end;

      rgb[i] = g_ascii_strtod (p, &end) / 100.0;
      if (end == p || *end != '%')
        return FALSE;
      p = end + 2;   /* "%," or "%)" */
    }
  o = strstr (style, "fill-opacity:");
  *opacity = o != NULL ? g_ascii_strtod (o + strlen ("fill-opacity:"), NULL) : 1.0;
  return TRUE;
}

static void
count_fills (xmlNode     *node,
             double       players[2][3],
             int          counts[2])
{
  for (; node != NULL; node = node->next)
    {
      if (node->type == XML_ELEMENT_NODE && xmlStrcmp (node->name, BAD_CAST "path") == 0)
        {
          g_autofree char *style = (char *) xmlGetProp (node, BAD_CAST "style");
          double rgb[3], opacity;

          /* A piece is one path filled in its owner's colour and outlined
           * (the background and the cells have no stroke). */
          if (style != NULL && style_fill (style, rgb, &opacity) && opacity == 1.0 &&
              strstr (style, "stroke:rgb(") != NULL)
            for (int p = 0; p < 2; p++)
              if (fabs (rgb[0] - players[p][0]) < 0.005 && fabs (rgb[1] - players[p][1]) < 0.005 &&
                  fabs (rgb[2] - players[p][2]) < 0.005)
                counts[p]++;
        }
      count_fills (node->children, players, counts);
    }
}

/* Parses an SVG (no network, no entities) and counts the shapes filled
 * with each player's colour. */
static void
svg_piece_counts (const char      *path,
                  const BsRuleset *rs,
                  BsTheme          theme,
                  int              counts[2])
{
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  gsize length;
  xmlDoc *doc;
  xmlNode *root;
  double players[2][3];

  g_file_get_contents (path, &data, &length, &error);
  g_assert_no_error (error);
  doc = xmlReadMemory (data, (int) length, path, NULL, XML_PARSE_NONET | XML_PARSE_NOERROR);
  g_assert_nonnull (doc);
  root = xmlDocGetRootElement (doc);
  g_assert_cmpstr ((const char *) root->name, ==, "svg");
  for (int p = 0; p < 2; p++)
    bs_render_player_color (rs, theme, p + 1, players[p]);
  counts[0] = counts[1] = 0;
  count_fills (root, players, counts);
  xmlFreeDoc (doc);
}

/* The page count pdfinfo (poppler) reads, or -1 if it cannot open it. */
static int
pdf_pages (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  const char *argv[] = { "pdfinfo", path, NULL };
  int status = 0;
  const char *line;

  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL,
                &out, &err, &status, &error);
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, NULL))
    return -1;
  line = strstr (out, "Pages:");
  g_assert_nonnull (line);
  return atoi (line + strlen ("Pages:"));
}

static gboolean
have_pdfinfo (void)
{
  g_autofree char *path = g_find_program_in_path ("pdfinfo");

  return path != NULL;
}

/* A GIF read back and composited frame by frame as a viewer does: each
 * frame's picture as 0xAARRGGBB (alpha 0 or 255). */
typedef struct {
  int      width, height, n_frames;
  guint32 *frames;   /* n_frames × width × height */
  int      delays[256];
} GifMovie;

static void
gif_movie_read (GifMovie   *movie,
                const char *path)
{
  int error = 0;
  GifFileType *gif = DGifOpenFileName (path, &error);
  g_autofree guint32 *canvas = NULL;

  g_assert_nonnull (gif);
  g_assert_cmpint (DGifSlurp (gif), ==, GIF_OK);
  movie->width = gif->SWidth;
  movie->height = gif->SHeight;
  movie->n_frames = gif->ImageCount;
  movie->frames = g_new0 (guint32, (gsize) movie->n_frames * gif->SWidth * gif->SHeight);
  canvas = g_new0 (guint32, (gsize) gif->SWidth * gif->SHeight);

  for (int i = 0; i < gif->ImageCount; i++)
    {
      const SavedImage *image = &gif->SavedImages[i];
      const GifImageDesc *desc = &image->ImageDesc;
      const ColorMapObject *map = desc->ColorMap != NULL ? desc->ColorMap : gif->SColorMap;
      GraphicsControlBlock gcb = { 0 };

      g_assert_nonnull (map);
      gcb.TransparentColor = NO_TRANSPARENT_COLOR;
      DGifSavedExtensionToGCB (gif, i, &gcb);
      if (i < (int) G_N_ELEMENTS (movie->delays))
        movie->delays[i] = gcb.DelayTime;
      g_assert_cmpint (desc->Left + desc->Width, <=, gif->SWidth);
      g_assert_cmpint (desc->Top + desc->Height, <=, gif->SHeight);
      for (int y = 0; y < desc->Height; y++)
        for (int x = 0; x < desc->Width; x++)
          {
            int index = image->RasterBits[y * desc->Width + x];
            const GifColorType *c;

            if (index == gcb.TransparentColor)
              continue;
            g_assert_cmpint (index, <, map->ColorCount);
            c = &map->Colors[index];
            canvas[(desc->Top + y) * gif->SWidth + desc->Left + x] =
              0xff000000u | (guint32) c->Red << 16 | (guint32) c->Green << 8 | c->Blue;
          }
      memcpy (movie->frames + (gsize) i * gif->SWidth * gif->SHeight, canvas,
              sizeof (guint32) * gif->SWidth * gif->SHeight);
      if (gcb.DisposalMode == DISPOSE_BACKGROUND)
        for (int y = 0; y < desc->Height; y++)
          for (int x = 0; x < desc->Width; x++)
            canvas[(desc->Top + y) * gif->SWidth + desc->Left + x] = 0;
    }
  DGifCloseFile (gif, &error);
}

static guint32
gif_pixel (const GifMovie *movie,
           int             frame,
           double          x,
           double          y)
{
  return movie->frames[(gsize) frame * movie->width * movie->height +
                       (gsize) floor (y) * movie->width + (gsize) floor (x)];
}

/* ---- checks --------------------------------------------------------- */

static void
count_pieces (const BsRuleset  *rs,
              const BsPosition *pos,
              int               counts[2])
{
  counts[0] = counts[1] = 0;
  for (int cell = 0; cell < rs->n_cells; cell++)
    if (pos->cells[cell] != BS_CELL_EMPTY)
      counts[BS_CELL_OWNER (pos->cells[cell]) - 1]++;
}

/* Each piece's owner colour at its centre, no player colour on an empty
 * cell (tolerance: GIF palettes may be approximate). */
static void
check_piece_pixels (const BsRuleset       *rs,
                    const BsPosition      *pos,
                    const BsRenderOptions *o,
                    int                    w,
                    int                    h,
                    guint32              (*pixel) (gconstpointer, double, double),
                    gconstpointer          source,
                    int                    tolerance)
{
  double rgb[2][3];

  for (int p = 0; p < 2; p++)
    bs_render_player_color (rs, o->theme, p + 1, rgb[p]);
  for (int cell = 0; cell < rs->n_cells; cell++)
    {
      guint8 v = pos->cells[cell];
      double x, y;
      guint32 px;

      bs_render_cell_centre (rs, o, w, h, cell, &x, &y, NULL);
      px = pixel (source, x, y);
      if (v != BS_CELL_EMPTY)
        {
          if (!pixel_is (px, rgb[BS_CELL_OWNER (v) - 1], tolerance))
            g_error ("%s: piece on %s: pixel %08x, expected player %d's colour",
                     rs->variant->name, bs_board_cell_label (rs->board, cell), px,
                     BS_CELL_OWNER (v));
        }
      else if (o->theme != BS_THEME_PRINT && o->highlights == NULL &&
               (pixel_is (px, rgb[0], 2) || pixel_is (px, rgb[1], 2)))
        g_error ("%s: empty %s has a player's colour", rs->variant->name,
                 bs_board_cell_label (rs->board, cell));
    }
}

static guint32
surface_pixel_at (gconstpointer source,
                  double        x,
                  double        y)
{
  return surface_pixel ((cairo_surface_t *) source, (int) floor (x), (int) floor (y));
}

typedef struct {
  const GifMovie *movie;
  int             frame;
} GifFrame;

static guint32
gif_pixel_at (gconstpointer source,
              double        x,
              double        y)
{
  const GifFrame *f = source;

  return gif_pixel (f->movie, f->frame, x, y);
}

/* PNG at the requested size with the right colours; SVG well-formed with
 * one filled shape per piece; PDF of one page. */
static void
check_position_exports (const BsRuleset       *rs,
                        const BsPosition      *pos,
                        const BsRenderOptions *o,
                        const char            *dir,
                        const char            *stem)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *png = g_strdup_printf ("%s/%s.png", dir, stem);
  g_autofree char *svg = g_strdup_printf ("%s/%s.svg", dir, stem);
  g_autofree char *pdf = g_strdup_printf ("%s/%s.PDF", dir, stem);
  cairo_surface_t *surface;
  int expected[2], counts[2];
  const int w = 360, h = 300;

  g_assert_true (bs_export_position (rs, pos, o, w, h, png, &error));
  g_assert_no_error (error);
  surface = read_png (png);
  g_assert_cmpint (cairo_image_surface_get_width (surface), ==, w);
  g_assert_cmpint (cairo_image_surface_get_height (surface), ==, h);
  check_piece_pixels (rs, pos, o, w, h, surface_pixel_at, surface, 1);
  cairo_surface_destroy (surface);

  g_assert_true (bs_export_position (rs, pos, o, w, h, svg, &error));
  g_assert_no_error (error);
  count_pieces (rs, pos, expected);
  svg_piece_counts (svg, rs, o->theme, counts);
  g_assert_cmpint (counts[0], ==, expected[0]);
  g_assert_cmpint (counts[1], ==, expected[1]);

  g_assert_true (bs_export_position (rs, pos, o, w, h, pdf, &error));
  g_assert_no_error (error);
  if (have_pdfinfo ())
    g_assert_cmpint (pdf_pages (pdf), ==, 1);
  else
    {
      g_autofree char *data = NULL;

      g_assert_true (g_file_get_contents (pdf, &data, NULL, NULL));
      g_assert_true (g_str_has_prefix (data, "%PDF-"));
    }
}

/* ---- tests on made-up boards ---------------------------------------- */

static void
test_formats (void)
{
  g_autoptr(GError) error = NULL;
  BsExportFormat format;

  g_assert_true (bs_export_format_from_path ("a/b.c/out.PNG", &format, NULL));
  g_assert_cmpint (format, ==, BS_EXPORT_PNG);
  g_assert_true (bs_export_format_from_path ("x.svg", &format, NULL));
  g_assert_cmpint (format, ==, BS_EXPORT_SVG);
  g_assert_true (bs_export_format_from_path ("x.pdf", &format, NULL));
  g_assert_cmpint (format, ==, BS_EXPORT_PDF);
  g_assert_true (bs_export_format_from_path ("x.gif", &format, NULL));
  g_assert_cmpint (format, ==, BS_EXPORT_GIF);
  g_assert_false (bs_export_format_from_path ("x.jpeg", &format, &error));
  g_assert_error (error, BS_EXPORT_ERROR, BS_EXPORT_ERROR_FORMAT);
  g_assert_nonnull (strstr (error->message, ".jpeg"));
  g_clear_error (&error);
  g_assert_false (bs_export_format_from_path ("png", &format, &error));
  g_assert_error (error, BS_EXPORT_ERROR, BS_EXPORT_ERROR_FORMAT);
}

/* Every shape, every theme, in each format; bad sizes and paths fail with
 * a message and leave no file. */
static void
test_position_files (void)
{
  g_autofree char *dir = make_temp_dir ();
  static const struct { BsShape shape; int a, b; } boards[] = {
    { BS_SHAPE_SQUARE, 8, 8 }, { BS_SHAPE_SQUARE, 5, 5 }, { BS_SHAPE_HEX_RHOMBUS, 7, 7 },
    { BS_SHAPE_HEXAGON, 5, 0 }, { BS_SHAPE_LIMPING, 5, 0 },
  };

  for (guint b = 0; b < G_N_ELEMENTS (boards); b++)
    for (int theme = BS_THEME_LIGHT; theme <= BS_THEME_PRINT; theme++)
      {
        FakeGame game;
        BsRenderOptions o;
        g_autofree char *stem = g_strdup_printf ("board%u-%s", b, bs_theme_to_string (theme));

        fake_game_init (&game, boards[b].shape, boards[b].a, boards[b].b, NULL);
        fake_game_fill (&game, b + 1);
        bs_render_options_init (&o);
        o.theme = theme;
        o.coordinates = (b & 1) == 0;
        o.caption = theme == BS_THEME_DARK ? "Fake · ply 7 · Light to move" : NULL;
        o.last_move_to = 0;
        check_position_exports (&game.rs, game.pos, &o, dir, stem);
        fake_game_clear (&game);
      }

  {
    FakeGame game;
    g_autoptr(GError) error = NULL;
    g_autofree char *png = g_build_filename (dir, "too-big.png", NULL);
    g_autofree char *missing = g_build_filename (dir, "no", "such", "dir.png", NULL);

    fake_game_init (&game, BS_SHAPE_SQUARE, 4, 4, NULL);
    fake_game_fill (&game, 9);
    /* Degenerate but valid sizes still give a picture of that size. */
    for (guint i = 0; i < 3; i++)
      {
        static const int tiny[3][2] = { { 1, 1 }, { 3, 500 }, { 500, 2 } };
        g_autoptr(GBytes) bytes = NULL;
        cairo_surface_t *surface;
        BsRenderOptions o;

        bs_render_options_init (&o);
        o.coordinates = TRUE;
        o.caption = "Tiny";
        bytes = bs_export_position_to_bytes (&game.rs, game.pos, &o, BS_EXPORT_PNG,
                                             tiny[i][0], tiny[i][1], &error);
        g_assert_no_error (error);
        surface = png_from_bytes (bytes);
        g_assert_cmpint (cairo_image_surface_get_width (surface), ==, tiny[i][0]);
        g_assert_cmpint (cairo_image_surface_get_height (surface), ==, tiny[i][1]);
        cairo_surface_destroy (surface);
        g_clear_pointer (&bytes, g_bytes_unref);
        bytes = bs_export_position_to_bytes (&game.rs, game.pos, &o, BS_EXPORT_SVG,
                                             tiny[i][0], tiny[i][1], &error);
        g_assert_no_error (error);
      }
    g_assert_false (bs_export_position (&game.rs, game.pos, NULL, 0, 100, png, &error));
    g_assert_error (error, BS_EXPORT_ERROR, BS_EXPORT_ERROR_SIZE);
    g_clear_error (&error);
    g_assert_false (bs_export_position (&game.rs, game.pos, NULL, 100, BS_EXPORT_MAX_SIZE + 1,
                                        png, &error));
    g_assert_error (error, BS_EXPORT_ERROR, BS_EXPORT_ERROR_SIZE);
    g_clear_error (&error);
    g_assert_false (g_file_test (png, G_FILE_TEST_EXISTS));
    g_assert_false (bs_export_position (&game.rs, game.pos, NULL, 100, 100, missing, &error));
    g_assert_nonnull (error);
    g_assert_nonnull (strstr (error->message, "dir.png"));
    fake_game_clear (&game);
  }

  /* Files are written through a temporary file and renamed: none is left. */
  {
    g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
    const char *name;
    guint n = 0;

    while ((name = g_dir_read_name (d)) != NULL)
      {
        g_assert_true (g_str_has_suffix (name, ".png") || g_str_has_suffix (name, ".svg") ||
                       g_str_has_suffix (name, ".PDF"));
        n++;
      }
    g_assert_cmpuint (n, ==, G_N_ELEMENTS (boards) * 4 * 3);   /* boards × themes × formats */
  }
  rm_tree (dir);
}

static void
test_transparent_png (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = NULL;
  FakeGame game;
  BsRenderOptions o;
  cairo_surface_t *surface;

  fake_game_init (&game, BS_SHAPE_HEX_RHOMBUS, 5, 5, NULL);
  fake_game_fill (&game, 3);
  bs_render_options_init (&o);
  o.transparent = TRUE;
  o.coordinates = TRUE;
  bytes = bs_export_position_to_bytes (&game.rs, game.pos, &o, BS_EXPORT_PNG, 256, 256, &error);
  g_assert_no_error (error);
  surface = png_from_bytes (bytes);
  g_assert_cmphex (surface_pixel (surface, 0, 0), ==, 0);
  g_assert_cmphex (surface_pixel (surface, 255, 0), ==, 0);
  g_assert_cmphex (surface_pixel (surface, 0, 255), ==, 0);
  check_piece_pixels (&game.rs, game.pos, &o, 256, 256, surface_pixel_at, surface, 1);
  cairo_surface_destroy (surface);
  g_clear_pointer (&bytes, g_bytes_unref);

  o.transparent = FALSE;
  bytes = bs_export_position_to_bytes (&game.rs, game.pos, &o, BS_EXPORT_PNG, 256, 256, &error);
  surface = png_from_bytes (bytes);
  g_assert_cmphex (surface_pixel (surface, 0, 0) >> 24, ==, 0xff);
  cairo_surface_destroy (surface);
  fake_game_clear (&game);
}

/* The cells a turn's notation names, in each game's notation (RULES.md). */
static void
test_move_cells (void)
{
  FakeGame game;
  int from, to, d4, f4, b2;

  fake_game_init (&game, BS_SHAPE_HEXAGON, 5, 0, NULL);
  d4 = bs_board_find_cell (game.rs.board, "d4", NULL);
  f4 = bs_board_find_cell (game.rs.board, "f4", NULL);
  b2 = bs_board_find_cell (game.rs.board, "b2", NULL);

  bs_export_move_cells (&game.rs, "L@d4", &from, &to);
  g_assert_cmpint (from, ==, BS_NO_CELL);
  g_assert_cmpint (to, ==, d4);
  bs_export_move_cells (&game.rs, "TE@d4/S", &from, &to);
  g_assert_cmpint (to, ==, d4);
  bs_export_move_cells (&game.rs, "d4-f4", &from, &to);
  g_assert_cmpint (from, ==, d4);
  g_assert_cmpint (to, ==, f4);
  bs_export_move_cells (&game.rs, "b2-d4", &from, &to);
  g_assert_cmpint (from, ==, b2);
  g_assert_cmpint (to, ==, d4);
  bs_export_move_cells (&game.rs, "d4", &from, &to);
  g_assert_cmpint (to, ==, d4);
  for (guint i = 0; i < 4; i++)
    {
      static const char * const none[] = { "pass", "end", "z99", "a1-a2,b1-b1;a5-a4,b2-b3" };

      bs_export_move_cells (&game.rs, none[i], &from, &to);
      g_assert_cmpint (from, ==, BS_NO_CELL);
      g_assert_cmpint (to, ==, BS_NO_CELL);
    }
  fake_game_clear (&game);
}

/* ---- seed games ----------------------------------------------------- */

static gboolean
skip_without_games (GPtrArray *names)
{
  if (names->len > 0)
    return FALSE;
  g_test_skip ("no seed game module is registered in this build yet");
  return TRUE;
}

/* Each seed game's start and a mid-game position, in PNG, SVG and PDF,
 * light with coordinates and print with a caption. */
static void
test_seed_positions (void)
{
  g_autoptr(GPtrArray) names = seed_game_names ();
  g_autofree char *dir = make_temp_dir ();

  if (skip_without_games (names))
    return;
  for (guint i = 0; i < names->len; i++)
    {
      const char *name = names->pdata[i];
      g_autoptr(BsRuleset) rs = load_ruleset (name);
      g_autoptr(BsExportGame) game = random_game (rs, 14, 7 + i);
      guint last = bs_export_game_n_positions (game) - 1;

      g_assert_cmpuint (last, >=, 1);
      for (int theme = BS_THEME_LIGHT; theme <= BS_THEME_PRINT; theme += BS_THEME_PRINT)
        {
          BsRenderOptions o;
          g_autofree char *start = g_strdup_printf ("%s-start-%d", name, theme);
          g_autofree char *mid = g_strdup_printf ("%s-mid-%d", name, theme);

          bs_render_options_init (&o);
          o.theme = theme;
          o.coordinates = theme == BS_THEME_LIGHT;
          o.caption = theme == BS_THEME_PRINT ? rs->variant->name : NULL;
          check_position_exports (rs, bs_export_game_position (game, 0), &o, dir, start);
          bs_export_move_cells (rs, bs_export_game_move (game, last),
                                &o.last_move_from, &o.last_move_to);
          check_position_exports (rs, bs_export_game_position (game, last), &o, dir, mid);
        }
    }
  rm_tree (dir);
}

/* A whole game as a GIF: one frame for the start and one per turn, each
 * frame (composited as a viewer does) showing that position's pieces;
 * the last frame holds longer. */
static void
test_seed_gifs (void)
{
  g_autoptr(GPtrArray) names = seed_game_names ();
  g_autofree char *dir = make_temp_dir ();

  if (skip_without_games (names))
    return;
  for (guint i = 0; i < names->len; i++)
    for (int transparent = 0; transparent <= 1; transparent++)
      {
        const char *name = names->pdata[i];
        g_autoptr(BsRuleset) rs = load_ruleset (name);
        g_autoptr(BsExportGame) game = random_game (rs, 12, 100 + i);
        g_autoptr(GError) error = NULL;
        g_autofree char *path = g_strdup_printf ("%s/%s-%d.gif", dir, name, transparent);
        BsExportGameOptions options;
        BsRenderOptions o;
        GifMovie movie = { 0 };
        guint n = bs_export_game_n_positions (game);
        const int w = 240, h = 200;

        bs_render_options_init (&o);
        o.coordinates = TRUE;
        o.transparent = transparent;
        bs_export_game_options_init (&options);
        options.delay_ms = 500;
        g_assert_true (bs_export_gif (game, &o, &options, w, h, path, &error));
        g_assert_no_error (error);

        gif_movie_read (&movie, path);
        g_assert_cmpint (movie.width, ==, w);
        g_assert_cmpint (movie.height, ==, h);
        g_assert_cmpint (movie.n_frames, ==, (int) n);
        g_assert_cmpint (movie.delays[0], ==, 50);
        g_assert_cmpint (movie.delays[n - 1], ==, 150);
        for (guint f = 0; f < n; f++)
          {
            GifFrame frame = { &movie, (int) f };
            BsRenderOptions fo = o;

            /* Frames carry a caption (two lines after a turn); the
             * mapping must know it. */
            g_autofree char *caption = bs_export_game_caption (game, f);

            fo.caption = caption;
            check_piece_pixels (rs, bs_export_game_position (game, f), &fo, w, h,
                                gif_pixel_at, &frame, 6);
            if (transparent)
              g_assert_cmphex (gif_pixel (&movie, (int) f, 0, 0), ==, 0);
            else
              g_assert_cmphex (gif_pixel (&movie, (int) f, 0, 0) >> 24, ==, 0xff);
          }
        g_free (movie.frames);
      }
  rm_tree (dir);
}

/* In the print theme a picture holds only greys, so the GIF palette is
 * exact: every composited frame equals the renderer's own picture of that
 * position, pixel for pixel (captions and last-move marks included). */
static void
test_seed_gif_exact (void)
{
  g_autoptr(GPtrArray) names = seed_game_names ();
  g_autofree char *dir = make_temp_dir ();

  if (skip_without_games (names))
    return;
  for (guint i = 0; i < names->len; i++)
    {
      const char *name = names->pdata[i];
      g_autoptr(BsRuleset) rs = load_ruleset (name);
      g_autoptr(BsExportGame) game = random_game (rs, 8, 500 + i);
      g_autoptr(GError) error = NULL;
      g_autofree char *path = g_strdup_printf ("%s/%s-print.gif", dir, name);
      BsExportGameOptions options;
      BsRenderOptions o;
      GifMovie movie = { 0 };
      guint n = bs_export_game_n_positions (game);
      const int w = 180, h = 150;

      bs_render_options_init (&o);
      o.theme = BS_THEME_PRINT;
      o.coordinates = TRUE;
      bs_export_game_options_init (&options);
      g_assert_true (bs_export_gif (game, &o, &options, w, h, path, &error));
      g_assert_no_error (error);
      gif_movie_read (&movie, path);
      g_assert_cmpint (movie.n_frames, ==, (int) n);

      for (guint f = 0; f < n; f++)
        {
          BsRenderOptions fo = o;
          g_autofree char *caption = bs_export_game_caption (game, f);
          cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
          cairo_t *cr = cairo_create (surface);

          fo.caption = caption;
          if (f > 0)
            bs_export_move_cells (rs, bs_export_game_move (game, f),
                                  &fo.last_move_from, &fo.last_move_to);
          bs_render_position (cr, rs, bs_export_game_position (game, f), &fo, w, h);
          cairo_destroy (cr);
          for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++)
              {
                guint32 expected = surface_pixel (surface, x, y);
                guint32 got = gif_pixel (&movie, (int) f, x, y);

                if (expected != got)
                  g_error ("%s frame %u (%d, %d): GIF %08x, renderer %08x", name, f, x, y,
                           got, expected);
              }
          cairo_surface_destroy (surface);
        }
      g_free (movie.frames);
    }
  rm_tree (dir);
}

/* The game sheet: ⌈positions / per page⌉ A4 pages. */
/* Issue 18.2: a caption after a turn says what the turn did, in the
 * engine's words: the turn's number and notation, then the summary
 * bs_ruleset_explain_turn gives for the steps played — on every seed game,
 * and in the text of an exported game sheet. */
static void
test_seed_captions (void)
{
  g_autoptr(GPtrArray) names = seed_game_names ();
  g_autofree char *dir = make_temp_dir ();

  if (skip_without_games (names))
    return;
  /* Breakthrough too, which the seed games' list predates. */
  if (bs_module_find ("breakthrough") != NULL)
    g_ptr_array_add (names, (gpointer) "breakthrough");
  for (guint i = 0; i < names->len; i++)
    {
      const char *name = names->pdata[i];
      g_autoptr(BsRuleset) rs = load_ruleset (name);
      g_autofree BsPosition *pos = bs_ruleset_new_position (rs, 900 + i);
      g_autofree BsPosition *before = bs_position_dup (rs, pos);
      g_autofree BsMove *steps = g_new (BsMove, bs_ruleset_max_turn_steps (rs));
      g_autoptr(BsExportGame) game = bs_export_game_new (rs, pos);
      g_autoptr(GPtrArray) summaries = g_ptr_array_new_with_free_func (g_free);
      g_autoptr(GError) error = NULL;
      g_autofree char *path = g_strdup_printf ("%s/%s-captions.pdf", dir, name);
      g_autofree char *start = NULL;
      g_autofree char *text = NULL;
      BsExportGameOptions options;
      BsRenderOptions o;
      BsRng rng;

      bs_rng_init (&rng, 900 + i);
      for (guint t = 0; t < 3 && !bs_position_is_over (pos); t++)
        {
          g_autofree BsMove *scratch = g_new (BsMove, rs->max_moves);
          g_autofree char *notation = NULL;
          g_autoptr(BsExplanation) explanation = NULL;
          g_autofree char *expected = NULL;
          g_autofree char *caption = NULL;
          guint n = 0;

          bs_position_copy (rs, before, pos);
          do
            {
              steps[n] = bs_ruleset_random_move (rs, pos, &rng, scratch);
              bs_ruleset_apply (rs, pos, steps[n++], NULL);
            }
          while (pos->step != 0 && !bs_position_is_over (pos));
          notation = bs_ruleset_format_turn (rs, before, steps, n);
          explanation = bs_ruleset_explain_turn (rs, before, steps, n);
          g_assert_cmpstr (explanation->summary, !=, "");
          bs_export_game_add (game, notation, pos);

          expected = g_strdup_printf ("%u. %s\n%s", t + 1, notation, explanation->summary);
          caption = bs_export_game_caption (game, t + 1);
          g_test_message ("%s: %s", name, caption);
          g_assert_cmpstr (caption, ==, expected);
          g_ptr_array_add (summaries, g_steal_pointer (&explanation->summary));
        }
      /* The start's caption has an empty second line: the board keeps its
       * place in every frame. */
      start = bs_export_game_caption (game, 0);
      g_assert_cmpstr (start, ==, "Start\n");

      /* A sheet of one diagram a page: its captions are text in the PDF. */
      bs_render_options_init (&o);
      o.theme = BS_THEME_PRINT;
      bs_export_game_options_init (&options);
      options.per_page = 1;
      g_assert_true (bs_export_game_sheet (game, &o, &options, path, &error));
      g_assert_no_error (error);
      text = pdf_text (path);
      if (text == NULL)
        {
          g_test_message ("no pdftotext: the sheet's text is not read");
          continue;
        }
      for (guint k = 0; k < summaries->len; k++)
        if (strstr (text, summaries->pdata[k]) == NULL)
          g_error ("%s: the sheet does not read “%s”: %s", name,
                   (const char *) summaries->pdata[k], text);
    }
  rm_tree (dir);
}

static void
test_seed_sheets (void)
{
  g_autoptr(GPtrArray) names = seed_game_names ();
  g_autofree char *dir = make_temp_dir ();

  if (skip_without_games (names))
    return;
  for (guint i = 0; i < names->len; i++)
    {
      const char *name = names->pdata[i];
      g_autoptr(BsRuleset) rs = load_ruleset (name);
      g_autoptr(BsExportGame) game = random_game (rs, 20, 200 + i);
      guint n = bs_export_game_n_positions (game);
      static const int per_page[] = { 6, 12, 1, 5 };

      for (guint k = 0; k < G_N_ELEMENTS (per_page); k++)
        {
          g_autoptr(GError) error = NULL;
          g_autofree char *path = g_strdup_printf ("%s/%s-%d.pdf", dir, name, per_page[k]);
          BsExportGameOptions options;
          BsRenderOptions o;
          guint pages = (n + (guint) per_page[k] - 1) / (guint) per_page[k];

          bs_render_options_init (&o);
          o.theme = BS_THEME_PRINT;
          o.coordinates = TRUE;
          bs_export_game_options_init (&options);
          options.per_page = per_page[k];
          g_assert_cmpuint (bs_export_game_sheet_pages (game, &options), ==, pages);
          g_assert_true (bs_export_game_sheet (game, &o, &options, path, &error));
          g_assert_no_error (error);
          if (have_pdfinfo ())
            g_assert_cmpint (pdf_pages (path), ==, (int) pages);

          /* Printing draws the pages one by one on any paper (US Letter
           * here): the last page has ink, the one after it none. */
          for (guint page = pages - 1; page <= pages; page++)
            {
              cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32,
                                                                     612, 792);
              cairo_t *cr = cairo_create (surface);
              guint inked = 0;

              bs_export_draw_sheet_page (cr, game, &o, &options, page, 612, 792);
              g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
              cairo_destroy (cr);
              for (int y = 0; y < 792; y += 2)
                for (int x = 0; x < 612; x += 2)
                  if ((surface_pixel (surface, x, y) >> 24) != 0)
                    inked++;
              if (page < pages)
                g_assert_cmpuint (inked, >, 500);
              else
                g_assert_cmpuint (inked, ==, 0);
              cairo_surface_destroy (surface);
            }
        }
    }
  rm_tree (dir);
}

/* Replaying the notation of a game rebuilds the same positions. */
static void
test_seed_replay (void)
{
  g_autoptr(GPtrArray) names = seed_game_names ();

  if (skip_without_games (names))
    return;
  for (guint i = 0; i < names->len; i++)
    {
      g_autoptr(BsRuleset) rs = load_ruleset (names->pdata[i]);
      g_autoptr(BsExportGame) game = random_game (rs, 10, 300 + i);
      g_autoptr(BsExportGame) replay = NULL;
      g_autoptr(GString) line = g_string_new (NULL);
      g_autoptr(GError) error = NULL;
      guint n = bs_export_game_n_positions (game);

      for (guint k = 1; k < n; k++)
        g_string_append_printf (line, "%s ", bs_export_game_move (game, k));
      replay = bs_export_game_new (rs, bs_export_game_position (game, 0));
      g_assert_true (bs_export_game_play_line (replay, line->str, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (bs_export_game_n_positions (replay), ==, n);
      for (guint k = 0; k < n; k++)
        g_assert_true (bs_position_equal (rs, bs_export_game_position (game, k),
                                          bs_export_game_position (replay, k)));

      g_assert_false (bs_export_game_play_line (replay, "zz99-zz98", &error));
      g_assert_nonnull (error);
      g_assert_true (g_str_has_prefix (error->message, "ply "));
      g_assert_cmpuint (bs_export_game_n_positions (replay), ==, n);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/export/formats", test_formats);
  g_test_add_func ("/export/position-files", test_position_files);
  g_test_add_func ("/export/transparent-png", test_transparent_png);
  g_test_add_func ("/export/move-cells", test_move_cells);
  g_test_add_func ("/export/seed/positions", test_seed_positions);
  g_test_add_func ("/export/seed/gif", test_seed_gifs);
  g_test_add_func ("/export/seed/gif-exact", test_seed_gif_exact);
  g_test_add_func ("/export/seed/sheet", test_seed_sheets);
  g_test_add_func ("/export/seed/captions", test_seed_captions);
  g_test_add_func ("/export/seed/replay", test_seed_replay);

  return g_test_run ();
}
