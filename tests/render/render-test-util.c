/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "bs-variant-xml.h"
#include "render-test-util.h"

#include <math.h>
#include <string.h>
#include <gio/gio.h>
#include <glib/gstdio.h>

const BsKindSpec fake_kinds[2] = {
  { "circle", "Circle", FALSE, 0 },
  { "triangle", "Triangle", TRUE, 0 },
};

static const BsSpecialSpec fake_specials[1] = {
  { "nest", "Nest", TRUE, FALSE, { NULL, NULL, NULL } },
};

void
fake_game_init (FakeGame           *game,
                BsShape             shape,
                int                 width_or_size,
                int                 height,
                const char * const *holes)
{
  BsBoardSpec spec = { 0 };
  g_autoptr(GError) error = NULL;

  memset (game, 0, sizeof *game);
  spec.shape = shape;
  if (shape == BS_SHAPE_SQUARE || shape == BS_SHAPE_HEX_RHOMBUS)
    {
      spec.width = width_or_size;
      spec.height = height;
      spec.adjacency = shape == BS_SHAPE_SQUARE ? 4 : 6;
    }
  else
    {
      spec.size = width_or_size;
      spec.adjacency = 6;
    }

  game->module.id = "fake";
  game->module.name = "Fake";
  game->module.kinds = fake_kinds;
  game->module.n_kinds = G_N_ELEMENTS (fake_kinds);
  game->module.specials = fake_specials;
  game->module.n_specials = G_N_ELEMENTS (fake_specials);
  game->module.default_player_colors[0] = "#ffffff";
  game->module.default_player_colors[1] = "#000000";

  game->variant.name = (char *) "Fake";
  game->variant.players[0].color = (char *) "#f2efe6";
  game->variant.players[1].color = (char *) "#c01c28";

  game->rs.module = &game->module;
  game->rs.variant = &game->variant;
  game->rs.board = bs_board_new (&spec, holes, &error);
  g_assert_no_error (error);
  game->rs.n_cells = bs_board_n_cells (game->rs.board);
  game->rs.n_dirs = bs_board_n_dirs (game->rs.board);
  for (int i = 0; i < 4; i++)
    for (int p = 0; p < 3; p++)
      game->rs.specials[i][p] = BS_NO_CELL;
  game->rs.position_size = BS_POSITION_HEADER_SIZE + (gsize) game->rs.n_cells;
  game->pos = g_malloc0 (game->rs.position_size);
  game->pos->to_move = 1;
}

void
fake_game_clear (FakeGame *game)
{
  g_clear_pointer (&game->rs.board, bs_board_unref);
  g_clear_pointer (&game->pos, g_free);
}

void
fake_game_fill (FakeGame *game,
                guint64   seed)
{
  BsRng rng;

  bs_rng_init (&rng, seed);
  for (int cell = 0; cell < game->rs.n_cells; cell++)
    {
      guint8 v = BS_CELL_EMPTY;

      if (bs_rng_below (&rng, 3) == 0)
        v = BS_CELL_MAKE (1 + bs_rng_below (&rng, 2), bs_rng_below (&rng, 2),
                          bs_rng_below (&rng, 4));
      game->pos->cells[cell] = v;
    }
}

GPtrArray *
seed_game_names (void)
{
  static const char * const names[] = {
    "agoraphobia", "tribes", "abrobad", "ikabegama", "astoria",
  };
  GPtrArray *list = g_ptr_array_new ();

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (bs_module_find (names[i]) != NULL)
      g_ptr_array_add (list, (gpointer) names[i]);
  return list;
}

BsRuleset *
load_ruleset (const char *name)
{
  g_autoptr(GError) error = NULL;
  /* The shipped variant file (BOARDSMITH_RULES_DIR). */
  g_autoptr(BsVariant) variant = bs_variant_lookup (name, &error);
  BsRuleset *rs;

  g_assert_no_error (error);
  rs = bs_ruleset_new (variant, &error);
  g_assert_no_error (error);
  g_assert_nonnull (rs);
  return rs;
}

BsExportGame *
random_game (BsRuleset *rs,
             guint      turns,
             guint64    seed)
{
  g_autofree BsPosition *pos = bs_ruleset_new_position (rs, seed);
  g_autofree BsPosition *before = bs_position_dup (rs, pos);
  g_autofree BsMove *scratch = g_new (BsMove, rs->max_moves);
  g_autofree BsMove *steps = g_new (BsMove, bs_ruleset_max_turn_steps (rs));
  BsExportGame *game = bs_export_game_new (rs, pos);
  BsRng rng;

  bs_rng_init (&rng, seed);
  for (guint t = 0; t < turns && !bs_position_is_over (pos); t++)
    {
      g_autofree char *text = NULL;
      guint n = 0;

      bs_position_copy (rs, before, pos);
      do
        {
          BsMove move = bs_ruleset_random_move (rs, pos, &rng, scratch);

          g_assert_cmpuint (n, <, bs_ruleset_max_turn_steps (rs));
          steps[n++] = move;
          bs_ruleset_apply (rs, pos, move, NULL);
        }
      while (pos->step != 0 && !bs_position_is_over (pos));
      text = bs_ruleset_format_turn (rs, before, steps, n);
      bs_export_game_add (game, text, pos);
    }
  return game;
}

typedef struct {
  const guint8 *data;
  gsize         length;
  gsize         offset;
} Reader;

static cairo_status_t
read_bytes (void          *closure,
            unsigned char *out,
            unsigned int   length)
{
  Reader *reader = closure;

  if (reader->length - reader->offset < length)
    return CAIRO_STATUS_READ_ERROR;
  memcpy (out, reader->data + reader->offset, length);
  reader->offset += length;
  return CAIRO_STATUS_SUCCESS;
}

cairo_surface_t *
png_from_bytes (GBytes *bytes)
{
  Reader reader = { 0 };
  cairo_surface_t *surface;

  reader.data = g_bytes_get_data (bytes, &reader.length);
  surface = cairo_image_surface_create_from_png_stream (read_bytes, &reader);
  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpuint (reader.offset, ==, reader.length);
  if (cairo_image_surface_get_format (surface) != CAIRO_FORMAT_ARGB32)
    {
      /* An opaque PNG reads as RGB24: give it its (opaque) alpha. */
      cairo_surface_t *argb = cairo_image_surface_create (CAIRO_FORMAT_ARGB32,
                                                          cairo_image_surface_get_width (surface),
                                                          cairo_image_surface_get_height (surface));
      cairo_t *cr = cairo_create (argb);

      cairo_set_source_surface (cr, surface, 0, 0);
      cairo_set_operator (cr, CAIRO_OPERATOR_SOURCE);
      cairo_paint (cr);
      cairo_destroy (cr);
      cairo_surface_destroy (surface);
      surface = argb;
    }
  return surface;
}

guint32
surface_pixel (cairo_surface_t *surface,
               int              x,
               int              y)
{
  const guint8 *data;

  cairo_surface_flush (surface);
  data = cairo_image_surface_get_data (surface);
  g_assert_cmpint (x, >=, 0);
  g_assert_cmpint (y, >=, 0);
  g_assert_cmpint (x, <, cairo_image_surface_get_width (surface));
  g_assert_cmpint (y, <, cairo_image_surface_get_height (surface));
  return *(const guint32 *) (data + (gsize) y * cairo_image_surface_get_stride (surface) + 4 * x);
}

gboolean
rgb_is (guint32       pixel,
        const double  rgb[3],
        int           tolerance)
{
  int channels[3] = { (pixel >> 16) & 0xff, (pixel >> 8) & 0xff, pixel & 0xff };

  for (int i = 0; i < 3; i++)
    if (ABS (channels[i] - (int) round (rgb[i] * 255)) > tolerance)
      return FALSE;
  return TRUE;
}

gboolean
pixel_is (guint32       pixel,
          const double  rgb[3],
          int           tolerance)
{
  return (pixel >> 24) == 0xff && rgb_is (pixel, rgb, tolerance);
}

char *
make_temp_dir (void)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp ("boardsmith-render-XXXXXX", &error);

  g_assert_no_error (error);
  return dir;
}

void
rm_tree (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  if (d == NULL)
    return;
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      g_remove (path);
    }
  g_rmdir (dir);
}

/* The text poppler's pdftotext reads in a PDF, whitespace runs made one
 * space; NULL without pdftotext. */
char *
pdf_text (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GRegex) spaces = g_regex_new ("\\s+", 0, 0, NULL);
  g_autofree char *found = g_find_program_in_path ("pdftotext");
  g_autofree char *out = NULL;
  const char *argv[] = { "pdftotext", "-enc", "UTF-8", path, "-", NULL };
  int status = 0;

  if (found == NULL)
    return NULL;
  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL,
                NULL, NULL, &out, NULL, &status, &error);
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  return g_regex_replace_literal (spaces, out, -1, 0, " ", 0, NULL);
}
