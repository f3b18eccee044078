/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The renderer: pixel ↔ cell mapping on every shape, rotation and flip;
 * fitting; piece colours, sizes and directions read back from the pixels;
 * marks (legal targets, the computer's move and a hint each their own), nests
 * and orders; the pointer's hover; transparency; crisp square
 * grids; clicks just either side of the edge two cells share. */

#include "config.h"

#include <math.h>

#include "render-test-util.h"

typedef struct {
  BsShape     shape;
  int         a, b;          /* width × height, or size */
  const char *holes[3];
} ShapeCase;

static const ShapeCase shapes[] = {
  { BS_SHAPE_SQUARE, 8, 8, { NULL } },
  { BS_SHAPE_SQUARE, 5, 3, { "c2", NULL } },
  { BS_SHAPE_SQUARE, 1, 1, { NULL } },
  { BS_SHAPE_HEX_RHOMBUS, 7, 7, { "d4", NULL } },
  { BS_SHAPE_HEX_RHOMBUS, 5, 2, { NULL } },
  { BS_SHAPE_HEXAGON, 1, 0, { NULL } },
  { BS_SHAPE_HEXAGON, 5, 0, { "e5", "a1", NULL } },
  { BS_SHAPE_LIMPING, 2, 0, { NULL } },
  { BS_SHAPE_LIMPING, 5, 0, { "e5", NULL } },
};

static const double frames[][2] = { { 400, 400 }, { 333, 517 }, { 1024, 300 }, { 37, 41 } };

static void
test_theme_names (void)
{
  for (int t = BS_THEME_LIGHT; t <= BS_THEME_PRINT; t++)
    {
      BsTheme back = BS_THEME_LIGHT;

      g_assert_nonnull (bs_theme_to_string (t));
      g_assert_true (bs_theme_from_string (bs_theme_to_string (t), &back));
      g_assert_cmpint (back, ==, t);
    }
  g_assert_cmpstr (bs_theme_to_string (BS_THEME_HIGH_CONTRAST), ==, "high-contrast");
  g_assert_false (bs_theme_from_string ("sepia", NULL));
  g_assert_false (bs_theme_from_string (NULL, NULL));
}

/* The midpoint of the two row neighbours of a hole is the hole's centre
 * (both shapes put row neighbours one unit apart on a horizontal line). */
static gboolean
hole_centre (const BsRuleset       *rs,
             const BsRenderOptions *o,
             double                 w,
             double                 h,
             const char            *label,
             double                *x,
             double                *y)
{
  int col, row, left, right;
  double lx, ly, rx, ry;

  g_assert_true (bs_board_parse_label (label, &col, &row));
  left = bs_board_cell_at (rs->board, col - 1, row);
  right = bs_board_cell_at (rs->board, col + 1, row);
  if (left == BS_NO_CELL || right == BS_NO_CELL)
    return FALSE;
  bs_render_cell_centre (rs, o, w, h, left, &lx, &ly, NULL);
  bs_render_cell_centre (rs, o, w, h, right, &rx, &ry, NULL);
  *x = (lx + rx) / 2;
  *y = (ly + ry) / 2;
  return TRUE;
}

/* Every cell's centre maps back to that cell, and so do points well inside
 * it; neighbours are one cell diameter apart (the frame is rigid under
 * rotation and flip); holes and points off the board are no cell. */
static void
test_mapping_round_trip (void)
{
  guint checked = 0;

  for (guint s = 0; s < G_N_ELEMENTS (shapes); s++)
    {
      FakeGame game;
      const BsRuleset *rs;
      int steps;

      fake_game_init (&game, shapes[s].shape, shapes[s].a, shapes[s].b, shapes[s].holes);
      rs = &game.rs;
      steps = bs_board_is_hex (rs->board) ? 6 : 4;

      for (int rotation = -1; rotation <= steps; rotation++)
        for (int flags = 0; flags < 8; flags++)
          for (guint f = 0; f < G_N_ELEMENTS (frames); f++)
            {
              BsRenderOptions o;
              double w = frames[f][0], h = frames[f][1];
              double max_x = -G_MAXDOUBLE, max_y = 0, radius = 0, all_radius = 0;
              double all[2 * 128];
              int rightmost = BS_NO_CELL;

              bs_render_options_init (&o);
              o.rotation = rotation;
              o.flip = (flags & 1) != 0;
              o.coordinates = (flags & 2) != 0;
              o.caption = (flags & 4) != 0 ? "A caption" : NULL;
              g_assert_cmpint (rs->n_cells, <=, 128);
              bs_render_cell_centres (rs, &o, w, h, all, &all_radius);

              for (int cell = 0; cell < rs->n_cells; cell++)
                {
                  double x, y;

                  bs_render_cell_centre (rs, &o, w, h, cell, &x, &y, &radius);
                  g_assert_cmpfloat (radius, >, 0);
                  g_assert_cmpfloat (x, ==, all[2 * cell]);
                  g_assert_cmpfloat (y, ==, all[2 * cell + 1]);
                  g_assert_cmpfloat (radius, ==, all_radius);
                  g_assert_cmpint (bs_render_cell_at (rs, &o, w, h, x, y), ==, cell);
                  for (int k = 0; k < 8; k++)
                    {
                      double a = k * G_PI / 4 + 0.1;

                      g_assert_cmpint (bs_render_cell_at (rs, &o, w, h,
                                                          x + 0.8 * radius * cos (a),
                                                          y + 0.8 * radius * sin (a)), ==, cell);
                    }
                  g_assert_cmpfloat (x, >=, 0);
                  g_assert_cmpfloat (x, <=, w);
                  g_assert_cmpfloat (y, >=, 0);
                  g_assert_cmpfloat (y, <=, h);
                  if (x > max_x)
                    {
                      max_x = x;
                      max_y = y;
                      rightmost = cell;
                    }
                  for (int d = 0; d < rs->n_dirs; d++)
                    {
                      int n = bs_board_neighbour (bs_board_neighbours (rs->board), rs->n_dirs,
                                                  cell, d);
                      double nx, ny;

                      /* Square-4 boards: orthogonal neighbours only. */
                      if (n == BS_NO_CELL)
                        continue;
                      bs_render_cell_centre (rs, &o, w, h, n, &nx, &ny, NULL);
                      g_assert_cmpfloat_with_epsilon (hypot (nx - x, ny - y), 2 * radius, 1e-6);
                    }
                  checked++;
                }

              /* A cell diameter and a half right of the rightmost centre. */
              g_assert_cmpint (rightmost, !=, BS_NO_CELL);
              g_assert_cmpint (bs_render_cell_at (rs, &o, w, h, max_x + 2.5 * radius, max_y),
                               ==, BS_NO_CELL);
              g_assert_cmpint (bs_render_cell_at (rs, &o, w, h, 0.5, 0.5), ==, BS_NO_CELL);
              g_assert_cmpint (bs_render_cell_at (rs, &o, w, h, -100, h / 2), ==, BS_NO_CELL);
              for (int i = 0; shapes[s].holes[i] != NULL; i++)
                {
                  double x, y;

                  if (hole_centre (rs, &o, w, h, shapes[s].holes[i], &x, &y))
                    g_assert_cmpint (bs_render_cell_at (rs, &o, w, h, x, y), ==, BS_NO_CELL);
                }
            }
      fake_game_clear (&game);
    }
  g_assert_cmpuint (checked, >, 10000);
}

/* Rotation turns the picture: a quarter turn on a square board takes a1
 * (bottom left) to the top left, and a flip mirrors left and right. */
static void
test_rotation_and_flip (void)
{
  FakeGame game;
  BsRenderOptions o;
  int a1, h1;
  double ax, ay, hx, hy;

  fake_game_init (&game, BS_SHAPE_SQUARE, 8, 8, NULL);
  a1 = bs_board_find_cell (game.rs.board, "a1", NULL);
  h1 = bs_board_find_cell (game.rs.board, "h1", NULL);
  bs_render_options_init (&o);

  bs_render_cell_centre (&game.rs, &o, 800, 800, a1, &ax, &ay, NULL);
  bs_render_cell_centre (&game.rs, &o, 800, 800, h1, &hx, &hy, NULL);
  g_assert_cmpfloat (ax, <, 400);
  g_assert_cmpfloat (ay, >, 400);
  g_assert_cmpfloat (hx, >, 400);

  o.rotation = 1;
  bs_render_cell_centre (&game.rs, &o, 800, 800, a1, &ax, &ay, NULL);
  bs_render_cell_centre (&game.rs, &o, 800, 800, h1, &hx, &hy, NULL);
  g_assert_cmpfloat (ax, <, 400);
  g_assert_cmpfloat (ay, <, 400);
  g_assert_cmpfloat_with_epsilon (hx, ax, 1e-6);
  g_assert_cmpfloat (hy, >, 400);

  o.rotation = 0;
  o.flip = TRUE;
  bs_render_cell_centre (&game.rs, &o, 800, 800, a1, &ax, &ay, NULL);
  g_assert_cmpfloat (ax, >, 400);
  g_assert_cmpfloat (ay, >, 400);
  fake_game_clear (&game);
}

/* Without labels the board is centred in the frame and fills its smaller
 * side: 8 cells and the padding across 1024 units. */
static void
test_fit_and_centre (void)
{
  for (guint s = 0; s < G_N_ELEMENTS (shapes); s++)
    {
      FakeGame game;
      BsRenderOptions o;
      double min_x = G_MAXDOUBLE, max_x = -G_MAXDOUBLE, radius = 0;

      fake_game_init (&game, shapes[s].shape, shapes[s].a, shapes[s].b, NULL);
      bs_render_options_init (&o);
      for (int cell = 0; cell < game.rs.n_cells; cell++)
        {
          double x, y;

          bs_render_cell_centre (&game.rs, &o, 900, 700, cell, &x, &y, &radius);
          min_x = MIN (min_x, x);
          max_x = MAX (max_x, x);
        }
      /* Square boards snap to whole pixels: up to one pixel off centre. */
      g_assert_cmpfloat (fabs ((min_x + max_x) / 2 - 450), <=, 1.0);
      fake_game_clear (&game);
    }

  {
    FakeGame game;
    double radius;

    fake_game_init (&game, BS_SHAPE_SQUARE, 8, 8, NULL);
    bs_render_cell_centre (&game.rs, NULL, 1024, 1024, 0, NULL, NULL, &radius);
    g_assert_cmpfloat (2 * radius, >, 1024 / 9.0);
    g_assert_cmpfloat (2 * radius, <=, 1024 / 8.0);
    fake_game_clear (&game);
  }
}

static cairo_surface_t *
draw (const BsRuleset       *rs,
      const BsPosition      *pos,
      const BsRenderOptions *o,
      int                    w,
      int                    h)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
  cairo_t *cr = cairo_create (surface);

  bs_render_position (cr, rs, pos, o, w, h);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

static guint32
pixel_at (cairo_surface_t *surface,
          double           x,
          double           y)
{
  return surface_pixel (surface, (int) floor (x), (int) floor (y));
}

/* Each piece shows its owner's colour at its cell's centre; no empty cell
 * does. Player colours come from the variant, in every theme but print. */
static void
test_piece_colours (void)
{
  for (guint s = 0; s < G_N_ELEMENTS (shapes); s++)
    for (int theme = BS_THEME_LIGHT; theme <= BS_THEME_PRINT; theme++)
      {
        FakeGame game;
        BsRenderOptions o;
        cairo_surface_t *surface;
        double rgb[2][3];
        int w = 420, h = 380;

        fake_game_init (&game, shapes[s].shape, shapes[s].a, shapes[s].b, shapes[s].holes);
        fake_game_fill (&game, s * 10 + theme);
        bs_render_options_init (&o);
        o.theme = theme;
        o.coordinates = TRUE;
        o.rotation = (int) s;
        o.flip = (s & 1) != 0;
        for (int p = 0; p < 2; p++)
          bs_render_player_color (&game.rs, theme, p + 1, rgb[p]);
        if (theme == BS_THEME_PRINT)
          {
            /* #f2efe6 prints as paper, #c01c28 as ink. */
            g_assert_cmpfloat (rgb[0][0] + rgb[0][1] + rgb[0][2], ==, 3.0);
            g_assert_cmpfloat (rgb[1][0] + rgb[1][1] + rgb[1][2], ==, 0.0);
          }
        else
          {
            g_assert_cmpfloat_with_epsilon (rgb[1][0], 0xc0 / 255.0, 1e-9);
            g_assert_cmpfloat_with_epsilon (rgb[1][1], 0x1c / 255.0, 1e-9);
          }

        surface = draw (&game.rs, game.pos, &o, w, h);
        for (int cell = 0; cell < game.rs.n_cells; cell++)
          {
            guint8 v = game.pos->cells[cell];
            double x, y;
            guint32 px;

            bs_render_cell_centre (&game.rs, &o, w, h, cell, &x, &y, NULL);
            px = pixel_at (surface, x, y);
            if (v == BS_CELL_EMPTY)
              {
                if (theme != BS_THEME_PRINT)
                  {
                    g_assert_false (pixel_is (px, rgb[0], 3));
                    g_assert_false (pixel_is (px, rgb[1], 3));
                  }
              }
            else if (!pixel_is (px, rgb[BS_CELL_OWNER (v) - 1], 1))
              g_error ("shape %u theme %d cell %s: pixel %08x is not player %d's colour",
                       s, theme, bs_board_cell_label (game.rs.board, cell), px,
                       BS_CELL_OWNER (v));
          }
        cairo_surface_destroy (surface);
        fake_game_clear (&game);
      }
}

/* bs_render_natural_size gives the picture's proportions (Copy Image's
 * size): at that aspect ratio the board fills the target both ways, at the
 * scale asked for; a wider target only adds margins. */
static void
test_natural_size (void)
{
  g_autoptr(GPtrArray) names = seed_game_names ();

  if (names->len == 0)
    {
      g_test_skip ("no seed game module is registered in this build yet");
      return;
    }
  for (guint i = 0; i < names->len; i++)
    for (int coordinates = 0; coordinates <= 1; coordinates++)
      {
        g_autoptr(BsRuleset) rs = load_ruleset (names->pdata[i]);
        BsRenderOptions o;
        double units_width, units_height, x, y, r;
        /* Below 8 pixels per unit: square boards are not snapped. */
        double k = 7.5;

        bs_render_options_init (&o);
        o.coordinates = coordinates;
        bs_render_natural_size (rs, &o, &units_width, &units_height);
        g_assert_cmpfloat (units_width, >, 1);
        g_assert_cmpfloat (units_height, >, 1);
        /* A cell's radius is half the distance between centres. */
        bs_render_cell_centre (rs, &o, units_width * k, units_height * k, 0, &x, &y, &r);
        g_assert_cmpfloat_with_epsilon (2 * r, k, 1e-6);
        bs_render_cell_centre (rs, &o, units_width * k * 1.5, units_height * k, 0, &x, &y, &r);
        g_assert_cmpfloat_with_epsilon (2 * r, k, 1e-6);
        bs_render_cell_centre (rs, &o, units_width * k, units_height * k * 0.9, 0, &x, &y, &r);
        g_assert_cmpfloat (2 * r, <, k);
      }
}

/* Issue 29: in the dark style with high contrast the coordinates were
 * black on the dark window the transparent board shows. In every theme,
 * opaque or drawn over either of libadwaita's window backgrounds, the text
 * keeps WCAG's 4.5:1 from what it stands on. */
static void
test_text_contrast (void)
{
  static const BsTheme themes[] = {
    BS_THEME_LIGHT, BS_THEME_DARK, BS_THEME_HIGH_CONTRAST, BS_THEME_PRINT
  };
  const BsRgba *backdrops[] = {
    NULL,
    &bs_render_palette_get (BS_THEME_LIGHT)->background,
    &bs_render_palette_get (BS_THEME_DARK)->background,
  };

  for (guint t = 0; t < G_N_ELEMENTS (themes); t++)
    for (guint b = 0; b < G_N_ELEMENTS (backdrops); b++)
      {
        const BsRgba *under = backdrops[b] != NULL ? backdrops[b]
                                                   : &bs_render_palette_get (themes[t])->background;
        BsRenderOptions o;
        BsRgba text, seen;
        double ratio;

        bs_render_options_init (&o);
        o.theme = themes[t];
        o.transparent = backdrops[b] != NULL;
        o.backdrop = backdrops[b];
        text = bs_render_text_color (&o);
        seen = bs_rgba_over (&text, under);
        ratio = bs_rgba_contrast (&seen, under);
        g_test_message ("%s over #%02x%02x%02x: %.2f:1", bs_theme_to_string (themes[t]),
                        (int) round (under->r * 255), (int) round (under->g * 255),
                        (int) round (under->b * 255), ratio);
        g_assert_cmpfloat (ratio, >=, 4.5);
      }
}

/* Issue 13: black stones on the dark theme's cells showed only through a
 * thin grey ring. Every built-in variant's pieces, in every theme, have an
 * edge whose WCAG contrast ratio with both cell colours is at least 3:1
 * (the least for graphics that must be seen), and that edge is what is
 * drawn: a band of at least two pixels in its colour on the way out from
 * each piece's centre. */
static void
test_edge_contrast (void)
{
  static const BsTheme themes[] = {
    BS_THEME_LIGHT, BS_THEME_DARK, BS_THEME_HIGH_CONTRAST, BS_THEME_PRINT
  };
  g_autoptr(GPtrArray) names = seed_game_names ();

  if (names->len == 0)
    {
      g_test_skip ("no seed game module is registered in this build yet");
      return;
    }
  for (guint i = 0; i < names->len; i++)
    {
      const char *name = names->pdata[i];
      g_autoptr(BsRuleset) rs = load_ruleset (name);
      g_autoptr(BsExportGame) game = random_game (rs, 16, 3 + i);
      const BsPosition *pos = bs_export_game_position (game, bs_export_game_n_positions (game) - 1);

      for (guint t = 0; t < G_N_ELEMENTS (themes); t++)
        {
          double cell[3], cell_alt[3], edge[2][3];
          BsRenderOptions o;
          cairo_surface_t *surface;
          int w = 720, h = 720;

          bs_render_cell_colors (themes[t], cell, cell_alt);
          for (int p = 0; p < 2; p++)
            {
              double ratio;

              bs_render_player_edge_color (rs, themes[t], p + 1, edge[p]);
              ratio = MIN (bs_render_contrast_ratio (edge[p], cell),
                           bs_render_contrast_ratio (edge[p], cell_alt));
              g_test_message ("%s, %s, player %d: edge #%02x%02x%02x, %.2f:1 with the cells",
                              name, bs_theme_to_string (themes[t]), p + 1,
                              (int) round (edge[p][0] * 255), (int) round (edge[p][1] * 255),
                              (int) round (edge[p][2] * 255), ratio);
              if (ratio < 3.0)
                g_error ("%s, %s theme: player %d's edge has a contrast of %.2f:1 with the cells",
                         name, bs_theme_to_string (themes[t]), p + 1, ratio);
            }

          bs_render_options_init (&o);
          o.theme = themes[t];
          surface = draw (rs, pos, &o, w, h);
          for (int c = 0; c < rs->n_cells; c++)
            {
              int owner = BS_CELL_OWNER (pos->cells[c]);
              double x, y, r;
              int run = 0, best = 0;

              if (pos->cells[c] == BS_CELL_EMPTY || owner < 1 || owner > 2)
                continue;
              bs_render_cell_centre (rs, &o, w, h, c, &x, &y, &r);
              for (int dx = 0; dx < (int) r; dx++)
                {
                  if (pixel_is (pixel_at (surface, x + dx, y), edge[owner - 1], 2))
                    best = MAX (best, ++run);
                  else
                    run = 0;
                }
              if (best < 2)
                g_error ("%s, %s theme: the piece on %s shows no edge in #%02x%02x%02x", name,
                         bs_theme_to_string (themes[t]), bs_board_cell_label (rs->board, c),
                         (int) round (edge[owner - 1][0] * 255),
                         (int) round (edge[owner - 1][1] * 255),
                         (int) round (edge[owner - 1][2] * 255));
            }
          cairo_surface_destroy (surface);
        }
    }
}

/* How far the owner's colour reaches to the right of a cell's centre. */
static double
colour_reach (cairo_surface_t *surface,
              double           x,
              double           y,
              const double     rgb[3])
{
  int px = (int) floor (x), py = (int) floor (y), r = 0;

  while (px + r < cairo_image_surface_get_width (surface) &&
         pixel_is (surface_pixel (surface, px + r, py), rgb, 8))
    r++;
  return r;
}

/* Large pieces (as a module declares them: Agoraphobia's) are visibly
 * larger than small ones; the renderer reads the size, never the id. */
static void
test_large_is_larger (void)
{
  static const BsKindSpec agora_kinds[2] = {
    { "little", "Little", FALSE, 10, BS_KIND_SIZE_SMALL },
    { "big", "Big", FALSE, 5, BS_KIND_SIZE_LARGE },
  };
  FakeGame game;
  BsRenderOptions o;
  cairo_surface_t *surface;
  int small, large;
  double rgb[3], sx, sy, lx, ly, radius, rs_reach, rl_reach;

  fake_game_init (&game, BS_SHAPE_HEX_RHOMBUS, 7, 7, NULL);
  game.module.kinds = agora_kinds;
  small = bs_board_find_cell (game.rs.board, "b2", NULL);
  large = bs_board_find_cell (game.rs.board, "e5", NULL);
  game.pos->cells[small] = BS_CELL_MAKE (2, 0, 0);
  game.pos->cells[large] = BS_CELL_MAKE (2, 1, 0);
  bs_render_options_init (&o);
  bs_render_player_color (&game.rs, o.theme, 2, rgb);
  surface = draw (&game.rs, game.pos, &o, 700, 700);
  bs_render_cell_centre (&game.rs, &o, 700, 700, small, &sx, &sy, &radius);
  bs_render_cell_centre (&game.rs, &o, 700, 700, large, &lx, &ly, NULL);
  /* The large piece has an inner ring: measure along its radius below it. */
  rs_reach = colour_reach (surface, sx, sy, rgb);
  rl_reach = 0;
  for (int dx = 0; dx < radius; dx++)
    if (pixel_is (surface_pixel (surface, (int) lx + dx, (int) ly), rgb, 8))
      rl_reach = dx;
  g_assert_cmpfloat (rs_reach, >, 0.3 * radius);
  g_assert_cmpfloat (rl_reach, >, 1.4 * rs_reach);
  g_assert_cmpfloat (rl_reach, <, radius);
  cairo_surface_destroy (surface);
  fake_game_clear (&game);
}

/* A triangle is wide at its base and narrow at its tip: for N, the points
 * a quarter cell to each side are inside below the centre and outside
 * above it. The board's rotation turns the triangles with it. */
static void
test_triangle_directions (void)
{
  /* Screen directions (y down) of N, E, S, W on an unrotated board. */
  static const double screen[4][2] = { { 0, -1 }, { 1, 0 }, { 0, 1 }, { -1, 0 } };

  for (int rotation = 0; rotation < 4; rotation++)
    for (int dir = 0; dir < 4; dir++)
      {
        FakeGame game;
        BsRenderOptions o;
        cairo_surface_t *surface;
        int cell;
        double rgb[3], x, y, radius, ux, uy, vx, vy;
        int turned = (dir + rotation) & 3;

        fake_game_init (&game, BS_SHAPE_SQUARE, 3, 3, NULL);
        cell = bs_board_find_cell (game.rs.board, "b2", NULL);
        game.pos->cells[cell] = BS_CELL_MAKE (1, 1, dir);
        bs_render_options_init (&o);
        o.rotation = rotation;
        bs_render_player_color (&game.rs, o.theme, 1, rgb);
        surface = draw (&game.rs, game.pos, &o, 500, 500);
        bs_render_cell_centre (&game.rs, &o, 500, 500, cell, &x, &y, &radius);
        /* radius is half a cell: 0.2 cell = 0.4 radius. */
        ux = screen[turned][0] * 2 * radius;
        uy = screen[turned][1] * 2 * radius;
        vx = -uy;
        vy = ux;
        for (int side = -1; side <= 1; side += 2)
          {
            g_assert_true (pixel_is (pixel_at (surface, x - 0.2 * ux + side * 0.25 * vx,
                                               y - 0.2 * uy + side * 0.25 * vy), rgb, 2));
            g_assert_false (pixel_is (pixel_at (surface, x + 0.2 * ux + side * 0.25 * vx,
                                                y + 0.2 * uy + side * 0.25 * vy), rgb, 20));
          }
        g_assert_true (pixel_is (pixel_at (surface, x + 0.3 * ux, y + 0.3 * uy), rgb, 2));
        cairo_surface_destroy (surface);
        fake_game_clear (&game);
      }
}

/* Every cell byte, valid or not (a kind the module lacks, owner 3), draws
 * without a warning: the pieces the module knows, nothing for the rest. */
static void
test_any_cell_value (void)
{
  FakeGame game;
  cairo_surface_t *surface;
  double rgb[3];

  fake_game_init (&game, BS_SHAPE_SQUARE, 8, 8, NULL);
  for (int cell = 0; cell < game.rs.n_cells; cell++)
    game.pos->cells[cell] = (guint8) cell;   /* 0..63: every value */
  bs_render_player_color (&game.rs, BS_THEME_LIGHT, 1, rgb);
  for (int theme = BS_THEME_LIGHT; theme <= BS_THEME_PRINT; theme++)
    {
      BsRenderOptions o;

      bs_render_options_init (&o);
      o.theme = theme;
      o.coordinates = TRUE;
      surface = draw (&game.rs, game.pos, &o, 300, 300);
      if (theme == BS_THEME_LIGHT)
        {
          double x, y;

          /* Owner 1, kind 0 (a circle): value 1. Owner 3: value 3, nothing. */
          bs_render_cell_centre (&game.rs, &o, 300, 300, 1, &x, &y, NULL);
          g_assert_true (pixel_is (pixel_at (surface, x, y), rgb, 1));
          bs_render_cell_centre (&game.rs, &o, 300, 300, 3, &x, &y, NULL);
          g_assert_false (pixel_is (pixel_at (surface, x, y), rgb, 8));
        }
      cairo_surface_destroy (surface);
    }
  fake_game_clear (&game);
}

/* A single piece drawn for the app's palette: the same colours and shapes
 * as on the board, centred where asked; nothing for an empty value. */
static void
test_single_piece (void)
{
  FakeGame game;
  cairo_surface_t *surface;
  cairo_t *cr;
  double rgb[2][3];

  fake_game_init (&game, BS_SHAPE_SQUARE, 4, 4, NULL);
  for (int p = 0; p < 2; p++)
    bs_render_player_color (&game.rs, BS_THEME_DARK, p + 1, rgb[p]);
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 200, 100);
  cr = cairo_create (surface);
  bs_render_piece (cr, &game.rs, BS_THEME_DARK, BS_CELL_MAKE (1, 0, 0), 50, 50, 40);
  /* A triangle pointing N: wide below the centre, narrow above. */
  bs_render_piece (cr, &game.rs, BS_THEME_DARK, BS_CELL_MAKE (2, 1, 0), 150, 50, 40);
  bs_render_piece (cr, &game.rs, BS_THEME_DARK, BS_CELL_EMPTY, 100, 50, 40);
  cairo_destroy (cr);

  g_assert_true (pixel_is (surface_pixel (surface, 50, 50), rgb[0], 1));
  g_assert_true (pixel_is (surface_pixel (surface, 50 + 25, 50), rgb[0], 1));
  g_assert_false (pixel_is (surface_pixel (surface, 50 + 36, 50), rgb[0], 30));
  g_assert_true (pixel_is (surface_pixel (surface, 150 - 20, 50 + 16), rgb[1], 1));
  g_assert_false (pixel_is (surface_pixel (surface, 150 - 20, 50 - 16), rgb[1], 30));
  g_assert_cmphex (surface_pixel (surface, 100, 50), ==, 0);
  g_assert_cmphex (surface_pixel (surface, 0, 0), ==, 0);
  cairo_surface_destroy (surface);
  fake_game_clear (&game);
}

static gboolean
same_region (cairo_surface_t *a,
             cairo_surface_t *b,
             double           x,
             double           y,
             double           r)
{
  for (int dy = (int) -r; dy <= r; dy++)
    for (int dx = (int) -r; dx <= r; dx++)
      if (pixel_at (a, x + dx, y + dy) != pixel_at (b, x + dx, y + dy))
        return FALSE;
  return TRUE;
}

/* Every mark changes the picture at its cell and nowhere else far away. */
static void
test_marks (void)
{
  FakeGame game;
  BsRenderOptions plain, o;
  cairo_surface_t *base;
  guint8 highlights[64] = { 0 };
  gint16 orders[64];
  int c3, c4, d5, f6, g7;
  double x3, y3, x4, y4, x5, y5, x6, y6, x7, y7, radius;
  const int w = 640, h = 640;

  fake_game_init (&game, BS_SHAPE_SQUARE, 8, 8, NULL);
  c3 = bs_board_find_cell (game.rs.board, "c3", NULL);
  c4 = bs_board_find_cell (game.rs.board, "c4", NULL);
  d5 = bs_board_find_cell (game.rs.board, "d5", NULL);
  f6 = bs_board_find_cell (game.rs.board, "f6", NULL);
  g7 = bs_board_find_cell (game.rs.board, "g7", NULL);
  game.pos->cells[c3] = BS_CELL_MAKE (1, 0, 0);
  bs_render_options_init (&plain);
  base = draw (&game.rs, game.pos, &plain, w, h);
  bs_render_cell_centre (&game.rs, &plain, w, h, c3, &x3, &y3, &radius);
  bs_render_cell_centre (&game.rs, &plain, w, h, c4, &x4, &y4, NULL);
  bs_render_cell_centre (&game.rs, &plain, w, h, d5, &x5, &y5, NULL);
  bs_render_cell_centre (&game.rs, &plain, w, h, f6, &x6, &y6, NULL);
  bs_render_cell_centre (&game.rs, &plain, w, h, g7, &x7, &y7, NULL);

  for (int mark = 0; mark < 10; mark++)
    {
      cairo_surface_t *marked;
      double mx = x5, my = y5;

      o = plain;
      for (int i = 0; i < 64; i++)
        orders[i] = BS_NO_CELL;
      switch (mark)
        {
        case 0:
          o.last_move_to = d5;
          break;
        case 1:
          o.last_move_from = d5;
          break;
        case 2:
          highlights[d5] = 1;
          o.highlights = highlights;
          break;
        case 3:
          o.cursor = d5;
          break;
        case 4:
          o.selected = d5;
          break;
        case 5:
          /* An order from c3 to c4: the arrow crosses their shared edge. */
          orders[c3] = (gint16) c4;
          o.orders = orders;
          mx = (x3 + x4) / 2;
          my = (y3 + y4) / 2;
          break;
        case 6:
          o.hover = d5;
          break;
        case 7:
          o.hint_to = d5;
          break;
        case 8:
          o.computer_to = d5;
          o.computer_player = 2;
          break;
        case 9:
          /* The computer moves c3 to c4: its arrow crosses their edge. */
          o.computer_from = c3;
          o.computer_to = c4;
          o.computer_player = 1;
          mx = (x3 + x4) / 2;
          my = (y3 + y4) / 2;
          break;
        default:
          g_assert_not_reached ();
        }
      marked = draw (&game.rs, game.pos, &o, w, h);
      g_assert_false (same_region (base, marked, mx, my, 0.8 * radius));
      g_assert_true (same_region (base, marked, x6, y6, radius));
      g_assert_true (same_region (base, marked, x7, y7, radius));
      cairo_surface_destroy (marked);
      highlights[d5] = 0;
    }
  cairo_surface_destroy (base);
  fake_game_clear (&game);
}

/* How many pixels within [r0, r1] of (x, y) are within `tolerance` of rgb. */
static int
count_colour (cairo_surface_t *surface,
              double           x,
              double           y,
              double           r0,
              double           r1,
              const double     rgb[3],
              int              tolerance)
{
  int n = 0;

  for (int dy = (int) -r1; dy <= r1; dy++)
    for (int dx = (int) -r1; dx <= r1; dx++)
      {
        double d = hypot (dx, dy);

        if (d >= r0 && d <= r1 && pixel_is (pixel_at (surface, x + dx, y + dy), rgb, tolerance))
          n++;
      }
  return n;
}

/* Legal targets, the computer's move about to be played and a hint are
 * three marks, not one: in light, dark and high contrast each changes the
 * cell, each differently. A legal target is a dot of the accent at the
 * centre; the computer's move a ring in its player's colour and nothing
 * at the centre; a hint a ring of its own colour (never the accent nor a
 * player's), with its "?" badge, and nothing at the centre either. On a
 * piece, the computer's and the hint's rings show round it. */
static void
test_three_marks (void)
{
  static const double hint_rgb[3][3] = {
    { 0x91 / 255.0, 0x41 / 255.0, 0xac / 255.0 },   /* light */
    { 0xdc / 255.0, 0x8a / 255.0, 0xdd / 255.0 },   /* dark */
    { 0x61 / 255.0, 0x35 / 255.0, 0x83 / 255.0 },   /* high contrast */
  };
  static const double accent_rgb[3][3] = {
    { 0x35 / 255.0, 0x84 / 255.0, 0xe4 / 255.0 },
    { 0x78 / 255.0, 0xae / 255.0, 0xed / 255.0 },
    { 0x1a / 255.0, 0x5f / 255.0, 0xb4 / 255.0 },
  };
  FakeGame game;
  const int w = 640, h = 640;
  guint8 highlights[128] = { 0 };
  int d5, e5;

  fake_game_init (&game, BS_SHAPE_HEXAGON, 5, 0, NULL);
  g_assert_cmpint (game.rs.n_cells, <=, (int) sizeof highlights);
  d5 = bs_board_find_cell (game.rs.board, "d5", NULL);
  e5 = bs_board_find_cell (game.rs.board, "e5", NULL);
  game.pos->cells[e5] = BS_CELL_MAKE (2, 0, 0);

  for (BsTheme theme = BS_THEME_LIGHT; theme <= BS_THEME_HIGH_CONTRAST; theme++)
    for (int on_piece = 0; on_piece < 2; on_piece++)
      {
        int cell = on_piece ? e5 : d5;
        BsRenderOptions plain, o;
        cairo_surface_t *base, *marks[3];
        double x, y, radius, player[2][3];

        bs_render_options_init (&plain);
        plain.theme = theme;
        base = draw (&game.rs, game.pos, &plain, w, h);
        bs_render_cell_centre (&game.rs, &plain, w, h, cell, &x, &y, &radius);
        for (int pl = 0; pl < 2; pl++)
          bs_render_player_color (&game.rs, theme, pl + 1, player[pl]);

        o = plain;
        highlights[cell] = 1;
        o.highlights = highlights;
        marks[0] = draw (&game.rs, game.pos, &o, w, h);
        highlights[cell] = 0;

        o = plain;
        o.computer_to = cell;
        o.computer_player = 1;
        marks[1] = draw (&game.rs, game.pos, &o, w, h);

        o = plain;
        o.hint_to = cell;
        marks[2] = draw (&game.rs, game.pos, &o, w, h);

        for (int m = 0; m < 3; m++)
          {
            g_assert_false (same_region (base, marks[m], x, y, 0.95 * radius));
            for (int n = m + 1; n < 3; n++)
              g_assert_false (same_region (marks[m], marks[n], x, y, 0.95 * radius));
          }

        if (!on_piece)
          {
            /* The dot of a legal target is at the centre; the others leave it. */
            g_assert_false (same_region (base, marks[0], x, y, 0.2 * radius));
            g_assert_true (same_region (base, marks[1], x, y, 0.3 * radius));
            g_assert_true (same_region (base, marks[2], x, y, 0.3 * radius));
          }
        /* The computer's ring in player 1's colour, the hint's in its own;
         * neither in the accent, and no other mark in the hint's colour. */
        g_assert_cmpint (count_colour (marks[1], x, y, 0.75 * radius, 0.95 * radius,
                                       player[0], 8), >, 20);
        g_assert_cmpint (count_colour (marks[2], x, y, 0.75 * radius, 0.95 * radius,
                                       hint_rgb[theme], 8), >, 20);
        for (int m = 0; m < 2; m++)
          g_assert_cmpint (count_colour (marks[m], x, y, 0, 1.2 * radius, hint_rgb[theme], 24),
                           ==, 0);
        g_assert_cmpint (count_colour (marks[1], x, y, 0, 0.95 * radius, accent_rgb[theme], 24),
                         ==, 0);
        g_assert_cmpint (count_colour (marks[2], x, y, 0, 0.95 * radius, accent_rgb[theme], 24),
                         ==, 0);
        /* The "?" badge, up and to the right of the ring. */
        g_assert_cmpint (count_colour (marks[2], x + 0.62 * radius, y - 0.62 * radius, 0,
                                       0.3 * radius, hint_rgb[theme], 8), >, 10);

        for (int m = 0; m < 3; m++)
          cairo_surface_destroy (marks[m]);
        cairo_surface_destroy (base);
      }
  fake_game_clear (&game);
}

/* The pointer's hover shows in light and dark, on an empty cell and on a
 * piece's cell (around the piece), and goes with its option. */
static void
test_hover (void)
{
  FakeGame game;
  const int w = 640, h = 640;
  int d5, e5;
  double x5, y5, x, y, radius;

  fake_game_init (&game, BS_SHAPE_HEXAGON, 5, 0, NULL);
  d5 = bs_board_find_cell (game.rs.board, "d5", NULL);
  e5 = bs_board_find_cell (game.rs.board, "e5", NULL);
  game.pos->cells[e5] = BS_CELL_MAKE (2, 0, 0);
  for (BsTheme theme = BS_THEME_LIGHT; theme <= BS_THEME_HIGH_CONTRAST; theme++)
    {
      BsRenderOptions o;
      cairo_surface_t *plain, *hovered;

      bs_render_options_init (&o);
      o.theme = theme;
      plain = draw (&game.rs, game.pos, &o, w, h);
      bs_render_cell_centre (&game.rs, &o, w, h, d5, &x5, &y5, &radius);
      bs_render_cell_centre (&game.rs, &o, w, h, e5, &x, &y, NULL);

      o.hover = d5;
      hovered = draw (&game.rs, game.pos, &o, w, h);
      g_assert_false (same_region (plain, hovered, x5, y5, 0.8 * radius));
      g_assert_true (same_region (plain, hovered, x, y, 0.8 * radius));
      cairo_surface_destroy (hovered);

      /* On a piece: the ring round it shows, the piece is drawn over the veil. */
      o.hover = e5;
      hovered = draw (&game.rs, game.pos, &o, w, h);
      g_assert_false (same_region (plain, hovered, x, y, 0.95 * radius));
      g_assert_true (same_region (plain, hovered, x5, y5, 0.8 * radius));
      cairo_surface_destroy (hovered);
      cairo_surface_destroy (plain);
    }
  fake_game_clear (&game);
}

/* Click precision on the densest seed board (Abrobad's limping hexagon):
 * a point just inside either side of the edge two neighbours share, at its
 * middle and towards both of its ends, is taken by the cell whose hexagon
 * holds it — never by the neighbour — in every frame, turned and flipped.
 * The board view maps its clicks with exactly this function. */
static void
test_shared_edges (void)
{
  g_autoptr(BsRuleset) rs = NULL;
  guint checked = 0;

  if (bs_module_find ("abrobad") == NULL)
    {
      g_test_skip ("no Abrobad module in this build");
      return;
    }
  rs = load_ruleset ("abrobad");
  g_assert_true (bs_board_is_hex (rs->board));

  for (int rotation = 0; rotation < 6; rotation += 5)
    for (int flip = 0; flip < 2; flip++)
      for (guint f = 0; f < G_N_ELEMENTS (frames); f++)
        {
          BsRenderOptions o;
          double w = frames[f][0], h = frames[f][1];

          bs_render_options_init (&o);
          o.rotation = rotation;
          o.flip = flip;
          o.coordinates = TRUE;
          for (int a = 0; a < rs->n_cells; a++)
            for (int d = 0; d < rs->n_dirs; d++)
              {
                int b = bs_board_neighbour (bs_board_neighbours (rs->board), rs->n_dirs, a, d);
                double ax, ay, bx, by, r, ux, uy, len, eps;

                if (b == BS_NO_CELL)
                  continue;
                bs_render_cell_centre (rs, &o, w, h, a, &ax, &ay, &r);
                bs_render_cell_centre (rs, &o, w, h, b, &bx, &by, NULL);
                len = hypot (bx - ax, by - ay);
                ux = (bx - ax) / len;
                uy = (by - ay) / len;
                /* A tenth of a pixel, or less on the smallest frames. */
                eps = MIN (0.1, r / 50);
                /* The shared edge: across the middle of the centres, half a
                 * hexagon side (r / √3) each way along it. */
                for (int k = -1; k <= 1; k++)
                  {
                    double t = 0.9 * k * r / sqrt (3.0);
                    double mx = (ax + bx) / 2 - uy * t, my = (ay + by) / 2 + ux * t;

                    g_assert_cmpint (bs_render_cell_at (rs, &o, w, h, mx - eps * ux, my - eps * uy),
                                     ==, a);
                    g_assert_cmpint (bs_render_cell_at (rs, &o, w, h, mx + eps * ux, my + eps * uy),
                                     ==, b);
                    checked++;
                  }
              }
        }
  g_assert_cmpuint (checked, >, 1000);
}

/* Ikabegamá's nests: a ring in the owner's colour, between the centre and
 * the edge of the cell, visible under a token too. */
static void
test_nests (void)
{
  FakeGame game;
  BsRenderOptions o;
  cairo_surface_t *surface;
  int a1, e5;
  double rgb[2][3], x, y, radius;
  const int w = 800, h = 800;

  fake_game_init (&game, BS_SHAPE_HEXAGON, 5, 0, NULL);
  a1 = bs_board_find_cell (game.rs.board, "a1", NULL);
  e5 = bs_board_find_cell (game.rs.board, "e5", NULL);
  game.rs.specials[0][1] = a1;
  game.rs.specials[0][2] = e5;
  game.pos->cells[e5] = BS_CELL_MAKE (1, 0, 0);
  bs_render_options_init (&o);
  for (int p = 0; p < 2; p++)
    bs_render_player_color (&game.rs, o.theme, p + 1, rgb[p]);
  surface = draw (&game.rs, game.pos, &o, w, h);

  /* Pointy-top hexes: the ring's middle is 0.5 - 0.08 cell from the centre
   * towards a vertical side; radius is half a cell. */
  bs_render_cell_centre (&game.rs, &o, w, h, a1, &x, &y, &radius);
  g_assert_true (pixel_is (pixel_at (surface, x + 0.84 * radius, y), rgb[0], 2));
  g_assert_true (pixel_is (pixel_at (surface, x - 0.84 * radius, y), rgb[0], 2));
  g_assert_false (pixel_is (pixel_at (surface, x, y), rgb[0], 8));
  bs_render_cell_centre (&game.rs, &o, w, h, e5, &x, &y, &radius);
  g_assert_true (pixel_is (pixel_at (surface, x + 0.84 * radius, y), rgb[1], 2));
  g_assert_true (pixel_is (pixel_at (surface, x, y), rgb[0], 1));
  cairo_surface_destroy (surface);
  fake_game_clear (&game);
}

/* Transparent: nothing is painted outside the board; solid: everything. */
static void
test_transparent (void)
{
  FakeGame game;
  BsRenderOptions o;
  cairo_surface_t *surface;
  double x, y, rgb[3];

  fake_game_init (&game, BS_SHAPE_HEXAGON, 4, 0, NULL);
  game.pos->cells[0] = BS_CELL_MAKE (2, 0, 0);
  bs_render_options_init (&o);
  o.coordinates = TRUE;
  o.transparent = TRUE;
  bs_render_player_color (&game.rs, o.theme, 2, rgb);
  surface = draw (&game.rs, game.pos, &o, 300, 200);
  g_assert_cmphex (surface_pixel (surface, 0, 0), ==, 0);
  g_assert_cmphex (surface_pixel (surface, 299, 199), ==, 0);
  g_assert_cmphex (surface_pixel (surface, 150, 0), ==, 0);
  bs_render_cell_centre (&game.rs, &o, 300, 200, 0, &x, &y, NULL);
  g_assert_true (pixel_is (pixel_at (surface, x, y), rgb, 1));
  cairo_surface_destroy (surface);

  o.transparent = FALSE;
  for (int theme = BS_THEME_LIGHT; theme <= BS_THEME_PRINT; theme++)
    {
      o.theme = theme;
      surface = draw (&game.rs, game.pos, &o, 300, 200);
      g_assert_cmphex (surface_pixel (surface, 0, 0) >> 24, ==, 0xff);
      g_assert_cmphex (surface_pixel (surface, 299, 199) >> 24, ==, 0xff);
      cairo_surface_destroy (surface);
    }
  fake_game_clear (&game);
}

/* Square grids are pixel-aligned: across a row of empty cells the pixels
 * take exactly three values (two cell tones and the line), with no
 * blurred half-covered pixels, whatever the size. */
static void
test_crisp_grid (void)
{
  static const int sizes[] = { 1024, 1000, 777, 301 };

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    for (int theme = BS_THEME_LIGHT; theme <= BS_THEME_DARK; theme++)
      {
        FakeGame game;
        BsRenderOptions o;
        cairo_surface_t *surface;
        g_autoptr(GHashTable) seen = g_hash_table_new (NULL, NULL);
        double x0, y0, x1, y1, radius;
        int n = sizes[i];

        fake_game_init (&game, BS_SHAPE_SQUARE, 8, 8, NULL);
        bs_render_options_init (&o);
        o.theme = theme;
        surface = draw (&game.rs, game.pos, &o, n, n);
        bs_render_cell_centre (&game.rs, &o, n, n, 0, &x0, &y0, &radius);
        bs_render_cell_centre (&game.rs, &o, n, n, 7, &x1, &y1, NULL);
        for (int x = (int) (x0 - radius) + 1; x < (int) (x1 + radius) - 1; x++)
          g_hash_table_add (seen, GUINT_TO_POINTER (surface_pixel (surface, x, (int) y0)));
        for (int y = (int) (y0 - 2 * radius * 7 - radius) + 1; y < (int) (y0 + radius) - 1; y++)
          g_hash_table_add (seen, GUINT_TO_POINTER (surface_pixel (surface, (int) x0, y)));
        g_assert_cmpuint (g_hash_table_size (seen), ==, 3);
        cairo_surface_destroy (surface);
        fake_game_clear (&game);
      }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/render/theme-names", test_theme_names);
  g_test_add_func ("/render/mapping/round-trip", test_mapping_round_trip);
  g_test_add_func ("/render/mapping/rotation-flip", test_rotation_and_flip);
  g_test_add_func ("/render/mapping/fit-centre", test_fit_and_centre);
  g_test_add_func ("/render/mapping/natural-size", test_natural_size);
  g_test_add_func ("/render/pieces/colours", test_piece_colours);
  g_test_add_func ("/render/pieces/edge-contrast", test_edge_contrast);
  g_test_add_func ("/render/text-contrast", test_text_contrast);
  g_test_add_func ("/render/pieces/large-is-larger", test_large_is_larger);
  g_test_add_func ("/render/pieces/triangle-directions", test_triangle_directions);
  g_test_add_func ("/render/pieces/single", test_single_piece);
  g_test_add_func ("/render/pieces/any-value", test_any_cell_value);
  g_test_add_func ("/render/marks", test_marks);
  g_test_add_func ("/render/hover", test_hover);
  g_test_add_func ("/render/three-marks", test_three_marks);
  g_test_add_func ("/render/mapping/shared-edges", test_shared_edges);
  g_test_add_func ("/render/nests", test_nests);
  g_test_add_func ("/render/transparent", test_transparent);
  g_test_add_func ("/render/crisp-grid", test_crisp_grid);

  return g_test_run ();
}
