/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-render"

#include "config.h"

#include "bs-render.h"

#include <math.h>
#include <pango/pangocairo.h>

#include "bs-render-palette.h"

/* Geometry is worked out in board units (the distance between adjacent
 * centres is 1, y up, as bs-board.h gives it). Rotation and flip act on the
 * board units; the hexagons are pointy-top and the squares axis-aligned
 * in every allowed rotation, so a cell's outline is the same set of offsets
 * before and after the turn, and only the centres need transforming. */

#define SQRT3 1.7320508075688772
#define HEX_CIRCUMRADIUS (1.0 / SQRT3)   /* inradius 0.5: neighbours 1 apart */
#define PADDING 0.30                     /* around everything, board units */
#define LABEL_SIZE 0.30                  /* font size of coordinates */
#define LABEL_GAP 0.10                   /* between a cell's edge and its label */
#define CAPTION_BAND 0.62                /* height reserved for the caption */
#define CAPTION_SIZE 0.34
#define CAPTION_LINE 0.44                /* each further line of the caption */

typedef struct {
  const BsBoard *board;
  gboolean       hex;
  double         step_angle;   /* one rotation step, radians */
  double         rf_xx, rf_xy, rf_yx, rf_yy;   /* rotation ∘ flip, board → view */
  cairo_matrix_t to_user;      /* board units → user units of cr */
  cairo_matrix_t to_board;
  double         scale;        /* user units per board unit */
  double         units_width;  /* the whole picture, in board units */
  double         units_height;
  gboolean       snapped;      /* square board with cell edges on whole units */
  double         caption_x, caption_y, caption_w, caption_h;   /* user units */
} Layout;

/* The caption's band: one line, or more split at '\n' (a position and
 * what the turn before it did). */
static double
caption_band (const char *caption)
{
  double band = CAPTION_BAND;

  for (const char *c = strchr (caption, '\n'); c != NULL; c = strchr (c + 1, '\n'))
    band += CAPTION_LINE;
  return band;
}

static int
normalised_rotation (const BsBoard *board,
                     int            rotation)
{
  int steps = bs_board_is_hex (board) ? 6 : 4;

  return ((rotation % steps) + steps) % steps;
}

static void
view_point (const Layout *layout,
            double        bx,
            double        by,
            double       *vx,
            double       *vy)
{
  *vx = layout->rf_xx * bx + layout->rf_xy * by;
  *vy = layout->rf_yx * bx + layout->rf_yy * by;
}

/* Half extents of a cell's outline in view units (the same in every
 * allowed rotation). */
static void
cell_half_extents (gboolean  hex,
                   double   *hx,
                   double   *hy)
{
  *hx = 0.5;
  *hy = hex ? HEX_CIRCUMRADIUS : 0.5;
}

/* The half size of a label's box, in view units, without measuring text:
 * the layout must not depend on fonts, so the canvas and the tests agree. */
static void
label_half_extents (const char *text,
                    double     *hw,
                    double     *hh)
{
  *hw = 0.04 + 0.095 * (double) strlen (text);
  *hh = 0.17;
}

/* Directions away from the board for labels, in board units (y up). A
 * row's label sits left of its leftmost cell. A column's label sits below
 * its lowest cell, or on a hex board where a cell of the column to the left
 * lies below (a hexagon's lower right edge), further along the column's
 * line, down and to the right. */
static void
column_label_direction (const BsBoard *board,
                        int            col,
                        int            row,
                        double         dir[2])
{
  dir[0] = 0.0;
  dir[1] = -1.0;
  if (bs_board_is_hex (board) && bs_board_in_shape (board, col - 1, row - 1))
    {
      dir[0] = 0.5;
      dir[1] = -SQRT3 / 2;
    }
}

static const double row_label_direction[2] = { -1.0, 0.0 };

/* The lowest row of a column in the full shape, or -1. */
static int
column_bottom (const BsBoard *board,
               int            col)
{
  int n_rows = bs_board_n_rows (board);

  for (int row = 0; row < n_rows; row++)
    if (bs_board_in_shape (board, col, row))
      return row;
  return -1;
}

/* The leftmost column of a row in the full shape, or -1. */
static int
row_leftmost (const BsBoard *board,
              int            row)
{
  int n_cols = bs_board_n_cols (board);
  int best = -1;
  double best_x = G_MAXDOUBLE;

  for (int col = 0; col < n_cols; col++)
    if (bs_board_in_shape (board, col, row))
      {
        double x, y;

        bs_board_grid_centre (board, col, row, &x, &y);
        if (x < best_x)
          {
            best_x = x;
            best = col;
          }
      }
  return best;
}

/* The letters of a column and the number of a row, from the board's own
 * labels so that they always agree with the notation. */
static char *
column_name (const BsBoard *board,
             int            col,
             int            row)
{
  char *label = bs_board_label_for (board, col, row);
  char *p = label;

  while (*p != '\0' && !g_ascii_isdigit (*p))
    p++;
  *p = '\0';
  return label;
}

static char *
row_name (const BsBoard *board,
          int            col,
          int            row)
{
  g_autofree char *label = bs_board_label_for (board, col, row);
  const char *p = label;

  while (*p != '\0' && !g_ascii_isdigit (*p))
    p++;
  return g_strdup (p);
}

/* Where a label's centre goes, in view units: just off the cell's edge in
 * `dir` (a board-space unit vector), far enough that its box clears it. */
static void
label_anchor (const Layout *layout,
              int           col,
              int           row,
              const double  dir[2],
              const char   *text,
              double       *vx,
              double       *vy)
{
  double bx, by, cx, cy, dx, dy, hw, hh;

  bs_board_grid_centre (layout->board, col, row, &bx, &by);
  view_point (layout, bx, by, &cx, &cy);
  view_point (layout, dir[0], dir[1], &dx, &dy);
  label_half_extents (text, &hw, &hh);
  *vx = cx + dx * (0.5 + LABEL_GAP) + dx * hw;
  *vy = cy + dy * (0.5 + LABEL_GAP) + dy * hh;
}

static void
extend (double *box,
        double  x0,
        double  y0,
        double  x1,
        double  y1)
{
  box[0] = MIN (box[0], x0);
  box[1] = MIN (box[1], y0);
  box[2] = MAX (box[2], x1);
  box[3] = MAX (box[3], y1);
}

static void
layout_init (Layout                *layout,
             const BsRuleset       *rs,
             const BsRenderOptions *options,
             double                 width,
             double                 height)
{
  const BsBoard *board = rs->board;
  int n_cols = bs_board_n_cols (board);
  int n_rows = bs_board_n_rows (board);
  double box[4] = { G_MAXDOUBLE, G_MAXDOUBLE, -G_MAXDOUBLE, -G_MAXDOUBLE };
  double hx, hy, angle, c, s, f, bw, bh, scale, cx, cy;

  memset (layout, 0, sizeof *layout);
  layout->board = board;
  layout->hex = bs_board_is_hex (board);
  layout->step_angle = layout->hex ? G_PI / 3 : G_PI / 2;

  /* Positive rotation turns the board clockwise on screen. */
  angle = -layout->step_angle * normalised_rotation (board, options->rotation);
  c = cos (angle);
  s = sin (angle);
  /* Snap to exact values so quarter turns stay axis-aligned. */
  if (fabs (c) < 1e-12)
    c = 0;
  if (fabs (s) < 1e-12)
    s = 0;
  f = options->flip ? -1.0 : 1.0;
  layout->rf_xx = c * f;
  layout->rf_xy = -s;
  layout->rf_yx = s * f;
  layout->rf_yy = c;

  cell_half_extents (layout->hex, &hx, &hy);

  for (int row = 0; row < n_rows; row++)
    for (int col = 0; col < n_cols; col++)
      if (bs_board_in_shape (board, col, row))
        {
          double bx, by, vx, vy;

          bs_board_grid_centre (board, col, row, &bx, &by);
          view_point (layout, bx, by, &vx, &vy);
          extend (box, vx - hx, vy - hy, vx + hx, vy + hy);
        }
  if (box[0] > box[2])
    {
      box[0] = box[1] = -0.5;
      box[2] = box[3] = 0.5;
    }

  if (options->coordinates)
    {
      for (int col = 0; col < n_cols; col++)
        {
          int row = column_bottom (board, col);
          g_autofree char *text = NULL;
          double vx, vy, hw, hh, dir[2];

          if (row < 0)
            continue;
          column_label_direction (board, col, row, dir);
          text = column_name (board, col, row);
          label_anchor (layout, col, row, dir, text, &vx, &vy);
          label_half_extents (text, &hw, &hh);
          extend (box, vx - hw, vy - hh, vx + hw, vy + hh);
        }
      for (int row = 0; row < n_rows; row++)
        {
          int col = row_leftmost (board, row);
          g_autofree char *text = NULL;
          double vx, vy, hw, hh;

          if (col < 0)
            continue;
          text = row_name (board, col, row);
          label_anchor (layout, col, row, row_label_direction, text, &vx, &vy);
          label_half_extents (text, &hw, &hh);
          extend (box, vx - hw, vy - hh, vx + hw, vy + hh);
        }
    }

  box[0] -= PADDING;
  box[1] -= PADDING;
  box[2] += PADDING;
  box[3] += PADDING;
  if (options->caption != NULL)
    box[1] -= caption_band (options->caption);

  bw = box[2] - box[0];
  bh = box[3] - box[1];
  layout->units_width = bw;
  layout->units_height = bh;
  scale = MIN (width / bw, height / bh);
  if (!(scale > 0))
    scale = 1e-6;

  /* Square boards: whole user units per cell and cell edges on whole units,
   * so hairlines stay crisp on pixel targets. */
  layout->snapped = !layout->hex && scale >= 8;
  if (layout->snapped)
    scale = floor (scale);

  cx = (box[0] + box[2]) / 2;
  cy = (box[1] + box[3]) / 2;
  layout->scale = scale;
  cairo_matrix_init (&layout->to_user,
                     scale, 0, 0, -scale,
                     width / 2 - scale * cx,
                     height / 2 + scale * cy);

  if (layout->snapped)
    {
      /* Shift so that one cell edge (hence all) lands on a whole unit. */
      int cell = bs_board_n_cells (board) > 0 ? 0 : BS_NO_CELL;
      double bx = 0, by = 0, vx, vy, ux, uy;

      if (cell != BS_NO_CELL)
        bs_board_cell_centre (board, cell, &bx, &by);
      view_point (layout, bx, by, &vx, &vy);
      ux = vx - 0.5;
      uy = vy + 0.5;
      cairo_matrix_transform_point (&layout->to_user, &ux, &uy);
      layout->to_user.x0 += round (ux) - ux;
      layout->to_user.y0 += round (uy) - uy;
    }

  /* Fold rotation and flip into the board → user matrix. */
  {
    cairo_matrix_t rf;

    cairo_matrix_init (&rf, layout->rf_xx, layout->rf_yx, layout->rf_xy, layout->rf_yy, 0, 0);
    cairo_matrix_multiply (&layout->to_user, &rf, &layout->to_user);
  }
  layout->to_board = layout->to_user;
  if (cairo_matrix_invert (&layout->to_board) != CAIRO_STATUS_SUCCESS)
    cairo_matrix_init_identity (&layout->to_board);

  if (options->caption != NULL)
    {
      layout->caption_x = width / 2 - scale * (bw / 2);
      layout->caption_w = scale * bw;
      layout->caption_h = scale * caption_band (options->caption);
      layout->caption_y = height / 2 + scale * (bh / 2) - layout->caption_h;
    }
}

static void
centre_user (const Layout *layout,
             int           cell,
             double       *x,
             double       *y)
{
  bs_board_cell_centre (layout->board, cell, x, y);
  cairo_matrix_transform_point (&layout->to_user, x, y);
}

/* The outline of a cell around a user-space centre, scaled by `grow`
 * board units (negative: inset). */
static void
cell_path (cairo_t      *cr,
           const Layout *layout,
           double        x,
           double        y,
           double        grow)
{
  double s = layout->scale;

  if (layout->hex)
    {
      double r = (HEX_CIRCUMRADIUS + grow * 2 / SQRT3) * s;

      for (int i = 0; i < 6; i++)
        {
          double a = G_PI / 2 + i * G_PI / 3;
          double px = x + r * cos (a), py = y - r * sin (a);

          if (i == 0)
            cairo_move_to (cr, px, py);
          else
            cairo_line_to (cr, px, py);
        }
      cairo_close_path (cr);
    }
  else
    {
      double h = (0.5 + grow) * s;

      cairo_rectangle (cr, x - h, y - h, 2 * h, 2 * h);
    }
}

static void
set_rgba (cairo_t      *cr,
          const BsRgba *c)
{
  if (c->a >= 1.0)
    cairo_set_source_rgb (cr, c->r, c->g, c->b);
  else
    cairo_set_source_rgba (cr, c->r, c->g, c->b, c->a);
}

static BsRgba
player_rgba (const BsRuleset *rs,
             BsTheme          theme,
             int              player)
{
  double rgb[3];
  BsRgba c;

  bs_render_player_color (rs, theme, player, rgb);
  c.r = rgb[0];
  c.g = rgb[1];
  c.b = rgb[2];
  c.a = 1.0;
  return c;
}

/* The contrast (WCAG ratio) a piece's edge keeps from both cell colours:
 * 3:1 is the least for graphics that must be seen, with some room. */
#define EDGE_CONTRAST 3.5

/* A soft outline that keeps a piece visible whatever board it stands on:
 * in its own hue when the piece contrasts with the cells (a shade darker),
 * else pushed away from the cells' brightness (dark pieces on the dark
 * theme's cells get a light rim); then moved on until it keeps
 * EDGE_CONTRAST from the cells. */
static BsRgba
outline_for (const BsRenderPalette *pal,
             const BsRgba          *fill)
{
  static const BsRgba black = { 0, 0, 0, 1 }, white = { 1, 1, 1, 1 };
  double lf = bs_rgba_luminance (fill), lc = bs_rgba_luminance (&pal->cell);
  BsRgba edge;
  const BsRgba *towards;

  if (pal->theme == BS_THEME_PRINT || pal->theme == BS_THEME_HIGH_CONTRAST)
    return black;
  if (fabs (lf - lc) > 0.4)
    {
      edge = bs_rgba_mix (fill, &black, 0.45);
      /* A light piece on dark cells: less of the dark shade. */
      towards = lf > lc ? fill : &black;
    }
  else if (lc > 0.5)
    {
      edge = bs_rgba_mix (fill, &black, 0.62);
      towards = &black;
    }
  else
    {
      /* Lighter still where the piece itself hardly stands out. */
      edge = bs_rgba_mix (fill, &white,
                          bs_render_palette_cell_contrast (pal, fill) < EDGE_CONTRAST ? 0.7 : 0.55);
      towards = &white;
    }
  for (int i = 0; i < 40 && bs_render_palette_cell_contrast (pal, &edge) < EDGE_CONTRAST; i++)
    edge = bs_rgba_mix (&edge, towards, 0.15);
  return edge;
}

typedef struct {
  cairo_t               *cr;
  const BsRuleset       *rs;
  const BsPosition      *pos;
  const BsRenderOptions *options;
  const BsRenderPalette *pal;
  Layout                 layout;
  double                 lw;        /* cell border width, user units */
  BsRgba                 players[2];
  BsRgba                 outlines[2];
  PangoLayout           *text;
} Painter;

static void
paint_background (Painter *p,
                  double   width,
                  double   height)
{
  if (p->options->transparent)
    return;
  set_rgba (p->cr, &p->pal->background);
  cairo_rectangle (p->cr, 0, 0, width, height);
  cairo_fill (p->cr);
}

/* Cells: a border in the line colour, then the cell inset by half of it,
 * so that neighbours share one border of width lw and holes leave a gap. */
static void
paint_cells (Painter *p)
{
  cairo_t *cr = p->cr;
  const Layout *layout = &p->layout;
  int n_cells = bs_board_n_cells (layout->board);
  double half_lw_units = p->lw / 2 / layout->scale;

  if (p->pal->hatch)
    {
      /* Print: outlines only, the paper is the cells' colour. */
      set_rgba (cr, &p->pal->line);
      cairo_set_line_width (cr, p->lw);
      cairo_set_line_join (cr, CAIRO_LINE_JOIN_MITER);
      for (int cell = 0; cell < n_cells; cell++)
        {
          double x, y;

          centre_user (layout, cell, &x, &y);
          cell_path (cr, layout, x, y, 0);
        }
      cairo_stroke (cr);
      return;
    }

  if (layout->snapped)
    {
      /* Whole units: the border occupies [edge - a, edge - a + lw). */
      double s = layout->scale;
      double lw = p->lw;
      double a = floor (lw / 2);

      set_rgba (cr, &p->pal->line);
      for (int cell = 0; cell < n_cells; cell++)
        {
          double x, y, l, t;

          centre_user (layout, cell, &x, &y);
          l = round (x - s / 2);
          t = round (y - s / 2);
          cairo_rectangle (cr, l - a, t - a, s + lw, s + lw);
        }
      cairo_fill (cr);

      for (int pass = 0; pass < 2; pass++)
        {
          set_rgba (cr, pass == 0 ? &p->pal->cell : &p->pal->cell_alt);
          for (int cell = 0; cell < n_cells; cell++)
            {
              int parity = (bs_board_cell_col (layout->board, cell) +
                            bs_board_cell_row (layout->board, cell)) & 1;
              double x, y, l, t;

              /* a1 is dark on a chessboard: the alternate tone. */
              if (parity != (pass == 0 ? 1 : 0))
                continue;
              centre_user (layout, cell, &x, &y);
              l = round (x - s / 2);
              t = round (y - s / 2);
              cairo_rectangle (cr, l - a + lw, t - a + lw, s - lw, s - lw);
            }
          cairo_fill (cr);
        }
      return;
    }

  set_rgba (cr, &p->pal->line);
  for (int cell = 0; cell < n_cells; cell++)
    {
      double x, y;

      centre_user (layout, cell, &x, &y);
      cell_path (cr, layout, x, y, half_lw_units);
    }
  cairo_fill (cr);

  for (int pass = 0; pass < 2; pass++)
    {
      set_rgba (cr, pass == 0 ? &p->pal->cell : &p->pal->cell_alt);
      for (int cell = 0; cell < n_cells; cell++)
        {
          int col = bs_board_cell_col (layout->board, cell);
          int row = bs_board_cell_row (layout->board, cell);
          gboolean alt = layout->hex ? FALSE : ((col + row) & 1) == 0;
          double x, y;

          if (alt != (pass == 1))
            continue;
          centre_user (layout, cell, &x, &y);
          cell_path (cr, layout, x, y, -half_lw_units);
        }
      cairo_fill (cr);
    }
}

/* Print: diagonal hatching clipped to a cell instead of a tint. */
static void
hatch_cell (Painter *p,
            int      cell,
            double   spacing_units)
{
  cairo_t *cr = p->cr;
  double s = p->layout.scale;
  double x, y, r = 0.6 * s, step = spacing_units * s;

  centre_user (&p->layout, cell, &x, &y);
  cairo_save (cr);
  cell_path (cr, &p->layout, x, y, -p->lw / 2 / s);
  cairo_clip (cr);
  cairo_set_source_rgb (cr, 0, 0, 0);
  cairo_set_line_width (cr, MAX (0.012 * s, 0.5));
  for (double d = -2 * r; d <= 2 * r; d += step)
    {
      cairo_move_to (cr, x + d - r, y + r);
      cairo_line_to (cr, x + d + r, y - r);
    }
  cairo_stroke (cr);
  cairo_restore (cr);
}

/* The colour a cell is filled with. */
static const BsRgba *
cell_colour (const Painter *p,
             int            cell)
{
  int col = bs_board_cell_col (p->layout.board, cell);
  int row = bs_board_cell_row (p->layout.board, cell);

  if (!p->layout.hex && ((col + row) & 1) == 0)
    return &p->pal->cell_alt;
  return &p->pal->cell;
}

static void
tint_cell (Painter      *p,
           int           cell,
           const BsRgba *colour)
{
  double x, y;

  centre_user (&p->layout, cell, &x, &y);
  cell_path (p->cr, &p->layout, x, y, -p->lw / 2 / p->layout.scale);
  set_rgba (p->cr, colour);
  cairo_fill (p->cr);
}

static gboolean
valid_cell (const Painter *p,
            int            cell)
{
  return cell >= 0 && cell < p->rs->n_cells;
}

static void
paint_cell_marks (Painter *p)
{
  const BsRenderOptions *o = p->options;

  if (p->pal->hatch)
    {
      if (valid_cell (p, o->last_move_from))
        hatch_cell (p, o->last_move_from, 0.24);
      if (valid_cell (p, o->last_move_to))
        hatch_cell (p, o->last_move_to, 0.12);
      if (valid_cell (p, o->selected))
        hatch_cell (p, o->selected, 0.08);
      return;
    }

  /* Mixed opaque with the cell's own colour, so the mark keeps its hue on
   * either tone of the checker and over a transparent background. */
  if (valid_cell (p, o->last_move_from))
    {
      BsRgba mark = p->pal->last_move;
      BsRgba faint = bs_rgba_mix (cell_colour (p, o->last_move_from), &mark, mark.a * 0.55);

      faint.a = 1.0;
      tint_cell (p, o->last_move_from, &faint);
    }
  if (valid_cell (p, o->last_move_to))
    {
      BsRgba mark = p->pal->last_move;
      BsRgba full = bs_rgba_mix (cell_colour (p, o->last_move_to), &mark, mark.a);

      full.a = 1.0;
      tint_cell (p, o->last_move_to, &full);
    }
  if (valid_cell (p, o->selected))
    tint_cell (p, o->selected, &p->pal->selection);
}

/* The cell under the pointer, where a click would act: a soft veil of the
 * accent over whatever the cell shows (the last move's tint stays seen)
 * and a thin ring inside its edge, lighter than the keyboard cursor's and
 * the selection's so the three stay apart. */
static void
paint_hover (Painter *p)
{
  cairo_t *cr = p->cr;
  double s = p->layout.scale;
  BsRgba veil = p->pal->accent, ring = p->pal->accent;
  double x, y;
  int cell = p->options->hover;

  if (!valid_cell (p, cell) || p->pal->hatch)
    return;
  veil.a = p->pal->theme == BS_THEME_DARK ? 0.22 : 0.16;
  tint_cell (p, cell, &veil);

  centre_user (&p->layout, cell, &x, &y);
  cell_path (cr, &p->layout, x, y, -0.05);
  cairo_set_line_width (cr, MAX (1.0, 0.035 * s));
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  ring.a = p->pal->theme == BS_THEME_HIGH_CONTRAST ? 1.0 : 0.7;
  set_rgba (cr, &ring);
  cairo_stroke (cr);
}

/* Special cells (a player's nest, say): a ring of the cell's shape in the
 * owner's colour, edged so a light colour shows on a light board. */
static void
paint_specials (Painter *p)
{
  const BsModule *module = p->rs->module;
  cairo_t *cr = p->cr;
  double s = p->layout.scale;
  double ring = 0.085;

  if (module == NULL)
    return;
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  for (guint i = 0; i < module->n_specials && i < G_N_ELEMENTS (p->rs->specials); i++)
    for (int owner = 0; owner <= 2; owner++)
      {
        int cell = p->rs->specials[i][owner];
        BsRgba fill, edge;
        double x, y;

        if (!valid_cell (p, cell))
          continue;
        fill = owner == 0 ? p->pal->special : p->players[owner - 1];
        edge = owner == 0 ? p->pal->line : p->outlines[owner - 1];
        centre_user (&p->layout, cell, &x, &y);

        cell_path (cr, &p->layout, x, y, -0.08);
        cairo_set_line_width (cr, (ring + 2 * p->pal->piece_outline * 0.8) * s);
        set_rgba (cr, &edge);
        cairo_stroke_preserve (cr);
        cairo_set_line_width (cr, ring * s);
        set_rgba (cr, &fill);
        cairo_stroke (cr);
      }
}

typedef enum {
  SHAPE_DISC,
  SHAPE_TRIANGLE,
} PieceShape;

static double
piece_radius (BsKindSize size)
{
  switch (size)
    {
    case BS_KIND_SIZE_SMALL:
      return 0.26;
    case BS_KIND_SIZE_LARGE:
      return 0.41;
    case BS_KIND_SIZE_NORMAL:
    default:
      return 0.36;
    }
}

static void
piece_path (Painter    *p,
            PieceShape  shape,
            double      radius,
            int         dir,
            double      x,
            double      y,
            double      dx,
            double      dy)
{
  cairo_t *cr = p->cr;
  double s = p->layout.scale;

  if (shape == SHAPE_DISC)
    {
      cairo_new_sub_path (cr);
      cairo_arc (cr, x + dx, y + dy, radius * s, 0, 2 * G_PI);
      return;
    }

  /* A triangle pointing along the board direction dir (0 N, 1 E, 2 S,
   * 3 W), drawn in board units so it turns with the board. */
  {
    static const double dirs[4][2] = { { 0, 1 }, { 1, 0 }, { 0, -1 }, { -1, 0 } };
    const double *u = dirs[dir & 3];
    double v[2] = { -u[1], u[0] };   /* across */
    double pts[3][2] = {
      { 0.40 * u[0], 0.40 * u[1] },
      { -0.30 * u[0] + 0.36 * v[0], -0.30 * u[1] + 0.36 * v[1] },
      { -0.30 * u[0] - 0.36 * v[0], -0.30 * u[1] - 0.36 * v[1] },
    };

    for (int i = 0; i < 3; i++)
      {
        double px = pts[i][0], py = pts[i][1];

        cairo_matrix_transform_distance (&p->layout.to_user, &px, &py);
        if (i == 0)
          cairo_move_to (cr, x + dx + px, y + dy + py);
        else
          cairo_line_to (cr, x + dx + px, y + dy + py);
      }
    cairo_close_path (cr);
  }
}

static PieceShape
piece_shape (const BsRuleset *rs,
             int              kind)
{
  const BsModule *module = rs->module;

  if (module != NULL && kind >= 0 && kind < (int) module->n_kinds && module->kinds[kind].directed)
    return SHAPE_TRIANGLE;
  return SHAPE_DISC;
}

/* The size the module declares for the kind (normal for a kind it does
 * not have). */
static BsKindSize
kind_size_of (const BsRuleset *rs,
              int              kind)
{
  if (rs->module == NULL || kind < 0 || kind >= (int) rs->module->n_kinds)
    return BS_KIND_SIZE_NORMAL;
  return rs->module->kinds[kind].size;
}

static gboolean
drawable_piece (guint8 v)
{
  return v != BS_CELL_EMPTY && BS_CELL_OWNER (v) >= 1 && BS_CELL_OWNER (v) <= 2;
}

static void
piece_shadow_path (Painter *p,
                   guint8   v,
                   double   x,
                   double   y)
{
  int kind = BS_CELL_KIND (v);

  piece_path (p, piece_shape (p->rs, kind), piece_radius (kind_size_of (p->rs, kind)) + 0.015,
              BS_CELL_DIR (v), x, y, 0, 0.035 * p->layout.scale);
}

/* One piece: exactly one fill in its owner's colour (the SVG tests count
 * them) with its outline; a large piece also gets an inner ring so it reads
 * as large on its own. */
static void
paint_piece (Painter *p,
             guint8   v,
             double   x,
             double   y)
{
  cairo_t *cr = p->cr;
  int owner = BS_CELL_OWNER (v), kind = BS_CELL_KIND (v);
  BsKindSize size = kind_size_of (p->rs, kind);
  double s = p->layout.scale;

  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_width (cr, p->pal->piece_outline * s);
  piece_path (p, piece_shape (p->rs, kind), piece_radius (size), BS_CELL_DIR (v), x, y, 0, 0);
  set_rgba (cr, &p->players[owner - 1]);
  cairo_fill_preserve (cr);
  set_rgba (cr, &p->outlines[owner - 1]);
  cairo_stroke (cr);

  if (size == BS_KIND_SIZE_LARGE)
    {
      BsRgba ring = p->outlines[owner - 1];

      ring.a *= 0.55;
      cairo_new_sub_path (cr);
      cairo_arc (cr, x, y, 0.2 * s, 0, 2 * G_PI);
      set_rgba (cr, &ring);
      cairo_stroke (cr);
    }
}

static void
paint_pieces (Painter *p)
{
  const BsRuleset *rs = p->rs;

  /* Shadows first, all in one fill, so no shadow falls on a neighbour. */
  if (p->pal->shadow.a > 0)
    {
      for (int cell = 0; cell < rs->n_cells; cell++)
        {
          double x, y;

          if (!drawable_piece (p->pos->cells[cell]))
            continue;
          centre_user (&p->layout, cell, &x, &y);
          piece_shadow_path (p, p->pos->cells[cell], x, y);
        }
      set_rgba (p->cr, &p->pal->shadow);
      cairo_fill (p->cr);
    }

  for (int cell = 0; cell < rs->n_cells; cell++)
    {
      double x, y;

      if (!drawable_piece (p->pos->cells[cell]))
        continue;
      centre_user (&p->layout, cell, &x, &y);
      paint_piece (p, p->pos->cells[cell], x, y);
    }
}

/* Legal targets: a dot on an empty cell, a ring around a piece. */
static void
paint_highlights (Painter *p)
{
  cairo_t *cr = p->cr;
  double s = p->layout.scale;
  BsRgba dot = p->pal->accent;

  if (p->options->highlights == NULL)
    return;
  if (!p->pal->hatch && p->pal->theme != BS_THEME_HIGH_CONTRAST)
    dot.a = 0.75;

  for (int cell = 0; cell < p->rs->n_cells; cell++)
    {
      double x, y;

      if (!p->options->highlights[cell])
        continue;
      centre_user (&p->layout, cell, &x, &y);
      cairo_new_sub_path (cr);
      if (p->pos->cells[cell] == BS_CELL_EMPTY)
        {
          cairo_arc (cr, x, y, 0.13 * s, 0, 2 * G_PI);
          set_rgba (cr, &dot);
          cairo_fill (cr);
        }
      else
        {
          cairo_arc (cr, x, y, 0.46 * s, 0, 2 * G_PI);
          cairo_set_line_width (cr, 0.06 * s);
          set_rgba (cr, &dot);
          cairo_stroke (cr);
        }
    }
}

/* An arrow's outline from the piece centred on (x0, y0) towards the cell
 * centred on (x1, y1), in user units: a shaft from the piece's edge and a
 * head that stops short of the target's centre. FALSE when they coincide. */
static gboolean
arrow_path (Painter *p,
            double   x0,
            double   y0,
            double   x1,
            double   y1)
{
  cairo_t *cr = p->cr;
  double s = p->layout.scale;
  double dx = x1 - x0, dy = y1 - y0;
  double len = hypot (dx, dy);
  double ux, uy, nx, ny, start, tip, head, half, shaft;

  if (len <= 0)
    return FALSE;
  ux = dx / len;
  uy = dy / len;
  nx = -uy;
  ny = ux;
  start = 0.22 * s;
  tip = len - 0.18 * s;
  head = 0.24 * s;
  half = 0.16 * s;
  shaft = 0.055 * s;
  {
    /* The outline as (along, across) pairs from the piece's centre. */
    const double outline[7][2] = {
      { start, shaft }, { tip - head, shaft }, { tip - head, half }, { tip, 0 },
      { tip - head, -half }, { tip - head, -shaft }, { start, -shaft },
    };

    for (int i = 0; i < 7; i++)
      {
        double px = x0 + ux * outline[i][0] + nx * outline[i][1];
        double py = y0 + uy * outline[i][0] + ny * outline[i][1];

        if (i == 0)
          cairo_move_to (cr, px, py);
        else
          cairo_line_to (cr, px, py);
      }
  }
  cairo_close_path (cr);
  return TRUE;
}

/* Simultaneous orders: an arrow from a piece towards its target, a ring for a
 * defender. Both in the owner's colour with the piece's outline. */
static void
paint_orders (Painter *p)
{
  cairo_t *cr = p->cr;
  double s = p->layout.scale;

  if (p->options->orders == NULL)
    return;
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  for (int cell = 0; cell < p->rs->n_cells; cell++)
    {
      int target = p->options->orders[cell];
      int owner = BS_CELL_OWNER (p->pos->cells[cell]);
      BsRgba fill, edge;
      double x0, y0, x1, y1;

      if (target == BS_NO_CELL || !valid_cell (p, target))
        continue;
      if (owner < 1 || owner > 2)
        owner = 1;
      fill = p->players[owner - 1];
      edge = p->outlines[owner - 1];
      centre_user (&p->layout, cell, &x0, &y0);

      if (target == cell)
        {
          cairo_new_sub_path (cr);
          cairo_arc (cr, x0, y0, 0.45 * s, 0, 2 * G_PI);
          cairo_set_line_width (cr, 0.10 * s);
          set_rgba (cr, &edge);
          cairo_stroke_preserve (cr);
          cairo_set_line_width (cr, 0.05 * s);
          set_rgba (cr, &fill);
          cairo_stroke (cr);
          continue;
        }

      centre_user (&p->layout, target, &x1, &y1);
      if (!arrow_path (p, x0, y0, x1, y1))
        continue;
      set_rgba (cr, &fill);
      cairo_fill_preserve (cr);
      cairo_set_line_width (cr, 0.03 * s);
      set_rgba (cr, &edge);
      cairo_stroke (cr);
    }
}

/* The move the computer is about to play, in its player's colour edged
 * with the piece outline (so a light colour shows on a light board): a
 * ring round the target, and for a piece that moves an outlined, hollow
 * arrow from it — a move on its way, not a legal target nor a hint. */
static void
paint_computer_move (Painter *p)
{
  const BsRenderOptions *o = p->options;
  cairo_t *cr = p->cr;
  double s = p->layout.scale;
  double hc = p->pal->theme == BS_THEME_HIGH_CONTRAST ? 1.3 : 1.0;
  BsRgba fill, edge;
  double x0, y0, x1, y1;

  if (o->computer_player < 1 || o->computer_player > 2 || !valid_cell (p, o->computer_to))
    return;
  fill = p->players[o->computer_player - 1];
  edge = p->outlines[o->computer_player - 1];
  centre_user (&p->layout, o->computer_to, &x1, &y1);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);

  cairo_new_sub_path (cr);
  cairo_arc (cr, x1, y1, 0.43 * s, 0, 2 * G_PI);
  cairo_set_line_width (cr, 0.16 * hc * s);
  set_rgba (cr, &edge);
  cairo_stroke_preserve (cr);
  cairo_set_line_width (cr, 0.08 * hc * s);
  set_rgba (cr, &fill);
  cairo_stroke (cr);

  if (!valid_cell (p, o->computer_from) || o->computer_from == o->computer_to)
    return;
  centre_user (&p->layout, o->computer_from, &x0, &y0);
  if (!arrow_path (p, x0, y0, x1, y1))
    return;
  cairo_set_line_width (cr, 0.10 * hc * s);
  set_rgba (cr, &edge);
  cairo_stroke_preserve (cr);
  cairo_set_line_width (cr, 0.05 * hc * s);
  set_rgba (cr, &fill);
  cairo_stroke (cr);
}

/* A hint's colours: GNOME's purple, far from the accent's blue (legal
 * targets, cursor, selection), the last move's yellow and the usual
 * player colours; the "?" on it in white or, on the dark theme's light
 * purple, in near black. */
static void
hint_colours (const Painter *p,
              BsRgba        *ring,
              BsRgba        *glyph)
{
  static const BsRgba white = { 1, 1, 1, 1 };

  *glyph = white;
  switch (p->pal->theme)
    {
    case BS_THEME_DARK:
      *ring = (BsRgba) { 0xdc / 255.0, 0x8a / 255.0, 0xdd / 255.0, 1 };
      *glyph = (BsRgba) { 0x24 / 255.0, 0x1f / 255.0, 0x31 / 255.0, 1 };
      break;
    case BS_THEME_HIGH_CONTRAST:
      *ring = (BsRgba) { 0x61 / 255.0, 0x35 / 255.0, 0x83 / 255.0, 1 };
      break;
    case BS_THEME_PRINT:
      *ring = (BsRgba) { 0, 0, 0, 1 };
      break;
    case BS_THEME_LIGHT:
    default:
      *ring = (BsRgba) { 0x91 / 255.0, 0x41 / 255.0, 0xac / 255.0, 1 };
      break;
    }
}

/* A hint: dashed rings round the cells it names, a dashed line from the
 * piece to its target, and a "?" badge by the target — what the player
 * might do, unlike the solid marks of what is legal or what the computer
 * does. */
static void
paint_hint (Painter *p)
{
  const BsRenderOptions *o = p->options;
  cairo_t *cr = p->cr;
  double s = p->layout.scale;
  double hc = p->pal->theme == BS_THEME_HIGH_CONTRAST ? 1.3 : 1.0;
  double dash[] = { 0.11 * s, 0.07 * s };
  const int cells[2] = { o->hint_from, o->hint_to };
  BsRgba ring, glyph, halo;
  double x0 = 0, y0 = 0, x1, y1;

  if (!valid_cell (p, o->hint_to) && !valid_cell (p, o->hint_from))
    return;
  hint_colours (p, &ring, &glyph);
  /* A thin halo keeps the dashes apart from whatever they cross. */
  halo = p->pal->theme == BS_THEME_DARK ? (BsRgba) { 0, 0, 0, 0.55 }
                                        : (BsRgba) { 1, 1, 1, 0.75 };
  cairo_save (cr);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);

  if (valid_cell (p, o->hint_from) && valid_cell (p, o->hint_to)
      && o->hint_from != o->hint_to)
    {
      double dx, dy, len;

      centre_user (&p->layout, o->hint_from, &x0, &y0);
      centre_user (&p->layout, o->hint_to, &x1, &y1);
      dx = x1 - x0;
      dy = y1 - y0;
      len = hypot (dx, dy);
      if (len > 0.9 * s)
        {
          /* From ring to ring. */
          cairo_move_to (cr, x0 + dx / len * 0.5 * s, y0 + dy / len * 0.5 * s);
          cairo_line_to (cr, x1 - dx / len * 0.5 * s, y1 - dy / len * 0.5 * s);
          cairo_set_dash (cr, dash, 2, 0);
          cairo_set_line_width (cr, 0.06 * hc * s);
          set_rgba (cr, &ring);
          cairo_stroke (cr);
        }
    }

  for (int i = 0; i < 2; i++)
    {
      double x, y;

      if (!valid_cell (p, cells[i]) || (i == 0 && cells[0] == cells[1]))
        continue;
      centre_user (&p->layout, cells[i], &x, &y);
      cairo_new_sub_path (cr);
      cairo_arc (cr, x, y, 0.44 * s, 0, 2 * G_PI);
      cairo_set_dash (cr, NULL, 0, 0);
      cairo_set_line_width (cr, 0.11 * hc * s);
      set_rgba (cr, &halo);
      cairo_stroke_preserve (cr);
      cairo_set_dash (cr, dash, 2, 0);
      cairo_set_line_width (cr, 0.07 * hc * s);
      set_rgba (cr, &ring);
      cairo_stroke (cr);
    }
  cairo_set_dash (cr, NULL, 0, 0);

  /* The badge: a disc astride the target's ring, up and to the right as
   * the board is seen, with a "?" drawn as strokes (no font needed). */
  if (valid_cell (p, o->hint_to))
    {
      double bx, by, r = 0.17 * s, k = r / 0.17;

      centre_user (&p->layout, o->hint_to, &bx, &by);
      bx += 0.31 * s;
      by -= 0.31 * s;
      cairo_new_sub_path (cr);
      cairo_arc (cr, bx, by, r, 0, 2 * G_PI);
      set_rgba (cr, &ring);
      cairo_fill_preserve (cr);
      cairo_set_line_width (cr, 0.025 * s);
      set_rgba (cr, &halo);
      cairo_stroke (cr);

      cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
      cairo_set_line_width (cr, 0.038 * k);
      cairo_new_sub_path (cr);
      cairo_arc (cr, bx, by - 0.045 * k, 0.055 * k, G_PI * 1.05, G_PI * 2.45);
      cairo_line_to (cr, bx, by + 0.035 * k);
      set_rgba (cr, &glyph);
      cairo_stroke (cr);
      cairo_new_sub_path (cr);
      cairo_arc (cr, bx, by + 0.09 * k, 0.024 * k, 0, 2 * G_PI);
      cairo_fill (cr);
    }
  cairo_restore (cr);
}

static void
paint_cursor (Painter *p)
{
  cairo_t *cr = p->cr;
  double s = p->layout.scale;
  double x, y;

  if (!valid_cell (p, p->options->cursor))
    return;
  centre_user (&p->layout, p->options->cursor, &x, &y);
  cell_path (cr, &p->layout, x, y, -0.07);
  cairo_set_line_width (cr, 0.07 * s);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  set_rgba (cr, &p->pal->accent);
  if (p->pal->hatch)
    {
      double dash[] = { 0.12 * s, 0.08 * s };

      cairo_set_dash (cr, dash, 2, 0);
    }
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0);
}

/* How much wider than its room a text may be before it is cut. */
#define MAX_SHRINK 3.0

/* Draws text centred on (x, y) in user units, shrunk to max_width. */
static void
paint_text (Painter    *p,
            const char *text,
            double      size,
            gboolean    bold,
            double      x,
            double      y,
            double      max_width)
{
  g_autoptr(PangoFontDescription) font = pango_font_description_from_string ("Sans");
  PangoRectangle ink, logical;
  double w, h;

  pango_font_description_set_absolute_size (font, MAX (size, 0.5) * PANGO_SCALE);
  if (bold)
    pango_font_description_set_weight (font, PANGO_WEIGHT_BOLD);
  pango_layout_set_font_description (p->text, font);
  pango_layout_set_text (p->text, text, -1);
  pango_layout_set_width (p->text, -1);
  pango_layout_set_ellipsize (p->text, PANGO_ELLIPSIZE_NONE);
  pango_layout_get_extents (p->text, &ink, &logical);
  /* Shrunk to at most a third, then cut with an ellipsis: a caption of
   * any length stays readable and within cairo's coordinates. */
  if (max_width > 0 && logical.width > max_width * MAX_SHRINK * PANGO_SCALE)
    {
      pango_layout_set_width (p->text, (int) (max_width * MAX_SHRINK * PANGO_SCALE));
      pango_layout_set_ellipsize (p->text, PANGO_ELLIPSIZE_END);
      pango_layout_get_extents (p->text, &ink, &logical);
    }
  w = logical.width / (double) PANGO_SCALE;
  h = logical.height / (double) PANGO_SCALE;

  cairo_save (p->cr);
  cairo_translate (p->cr, x, y);
  if (max_width > 0 && w > max_width)
    {
      double k = max_width / w;

      cairo_scale (p->cr, k, k);
    }
  cairo_move_to (p->cr, -w / 2 - logical.x / (double) PANGO_SCALE, -h / 2);
  pango_cairo_show_layout (p->cr, p->text);
  cairo_restore (p->cr);
}

/* WCAG 2's minimum for text. */
#define TEXT_CONTRAST 4.5

BsRgba
bs_render_text_color (const BsRenderOptions *options)
{
  static const BsRgba black = { 0, 0, 0, 1 }, white = { 1, 1, 1, 1 };
  const BsRenderPalette *pal = bs_render_palette_get (options->theme);
  const BsRgba *under = options->transparent && options->backdrop != NULL
                        ? options->backdrop : &pal->background;
  BsRgba seen = bs_rgba_over (&pal->label, under);

  if (bs_rgba_contrast (&seen, under) >= TEXT_CONTRAST)
    return pal->label;
  return bs_rgba_contrast (&black, under) >= bs_rgba_contrast (&white, under) ? black : white;
}

static void
paint_coordinates (Painter *p)
{
  const Layout *layout = &p->layout;
  const BsBoard *board = layout->board;
  int n_cols = bs_board_n_cols (board), n_rows = bs_board_n_rows (board);
  double s = layout->scale;

  BsRgba text_color;

  if (!p->options->coordinates)
    return;
  text_color = bs_render_text_color (p->options);
  set_rgba (p->cr, &text_color);
  for (int col = 0; col < n_cols; col++)
    {
      int row = column_bottom (board, col);
      g_autofree char *text = NULL;
      double vx, vy, dir[2];

      if (row < 0)
        continue;
      column_label_direction (board, col, row, dir);
      text = column_name (board, col, row);
      label_anchor (layout, col, row, dir, text, &vx, &vy);
      /* view → user: only scale and translate remain to apply */
      paint_text (p, text, LABEL_SIZE * s, FALSE,
                  vx * s + (layout->to_user.x0), -vy * s + (layout->to_user.y0), 0);
    }
  for (int row = 0; row < n_rows; row++)
    {
      int col = row_leftmost (board, row);
      g_autofree char *text = NULL;
      double vx, vy;

      if (col < 0)
        continue;
      text = row_name (board, col, row);
      label_anchor (layout, col, row, row_label_direction, text, &vx, &vy);
      paint_text (p, text, LABEL_SIZE * s, FALSE,
                  vx * s + (layout->to_user.x0), -vy * s + (layout->to_user.y0), 0);
    }
}

static void
paint_caption (Painter *p)
{
  const Layout *layout = &p->layout;
  g_auto(GStrv) lines = NULL;
  double y;

  BsRgba text_color;

  if (p->options->caption == NULL)
    return;
  text_color = bs_render_text_color (p->options);
  set_rgba (p->cr, &text_color);
  /* Line by line, each fitted to the width on its own: a long second line
   * does not shrink the first. */
  lines = g_strsplit (p->options->caption, "\n", -1);
  y = layout->caption_y + CAPTION_BAND / 2 * layout->scale;
  for (guint i = 0; lines[i] != NULL; i++, y += CAPTION_LINE * layout->scale)
    paint_text (p, lines[i], CAPTION_SIZE * layout->scale, FALSE,
                layout->caption_x + layout->caption_w / 2, y,
                layout->caption_w - 2 * PADDING * layout->scale);
}

void
bs_render_options_init (BsRenderOptions *options)
{
  g_return_if_fail (options != NULL);

  memset (options, 0, sizeof *options);
  options->theme = BS_THEME_LIGHT;
  options->last_move_from = BS_NO_CELL;
  options->last_move_to = BS_NO_CELL;
  options->cursor = BS_NO_CELL;
  options->selected = BS_NO_CELL;
  options->hover = BS_NO_CELL;
  options->hint_from = BS_NO_CELL;
  options->hint_to = BS_NO_CELL;
  options->computer_from = BS_NO_CELL;
  options->computer_to = BS_NO_CELL;
}

static void
painter_init (Painter               *p,
              cairo_t               *cr,
              const BsRuleset       *rs,
              const BsPosition      *pos,
              const BsRenderOptions *options)
{
  memset (p, 0, sizeof *p);
  p->cr = cr;
  p->rs = rs;
  p->pos = pos;
  p->options = options;
  p->pal = bs_render_palette_get (options->theme);
  for (int i = 0; i < 2; i++)
    {
      p->players[i] = player_rgba (rs, options->theme, i + 1);
      p->outlines[i] = outline_for (p->pal, &p->players[i]);
    }
}

void
bs_render_position (cairo_t               *cr,
                    const BsRuleset       *rs,
                    const BsPosition      *pos,
                    const BsRenderOptions *options,
                    double                 width,
                    double                 height)
{
  BsRenderOptions defaults;
  Painter p;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (rs != NULL);
  g_return_if_fail (pos != NULL);

  if (options == NULL)
    {
      bs_render_options_init (&defaults);
      options = &defaults;
    }
  if (!(width > 0 && height > 0))
    return;

  painter_init (&p, cr, rs, pos, options);
  layout_init (&p.layout, rs, options, width, height);
  p.lw = p.pal->line_width * p.layout.scale;
  if (p.layout.snapped)
    p.lw = MAX (1.0, round (p.lw));

  cairo_save (cr);
  cairo_new_path (cr);
  cairo_set_dash (cr, NULL, 0, 0);
  cairo_set_operator (cr, CAIRO_OPERATOR_OVER);
  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_WINDING);

  paint_background (&p, width, height);
  paint_cells (&p);
  paint_cell_marks (&p);
  paint_hover (&p);
  paint_specials (&p);
  if (options->coordinates || options->caption != NULL)
    p.text = pango_cairo_create_layout (cr);
  paint_coordinates (&p);
  paint_highlights (&p);
  paint_pieces (&p);
  paint_orders (&p);
  paint_computer_move (&p);
  paint_hint (&p);
  paint_cursor (&p);
  paint_caption (&p);

  g_clear_object (&p.text);
  cairo_restore (cr);
}

void
bs_render_piece (cairo_t         *cr,
                 const BsRuleset *rs,
                 BsTheme          theme,
                 guint8           value,
                 double           x,
                 double           y,
                 double           cell_radius)
{
  BsRenderOptions options;
  Painter p;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (rs != NULL);

  if (!drawable_piece (value) || !(cell_radius > 0))
    return;
  bs_render_options_init (&options);
  options.theme = theme;
  painter_init (&p, cr, rs, NULL, &options);
  /* An unturned board at this scale: a triangle's N points up. */
  p.layout.board = rs->board;
  p.layout.hex = rs->board != NULL && bs_board_is_hex (rs->board);
  p.layout.scale = 2 * cell_radius;
  cairo_matrix_init (&p.layout.to_user, p.layout.scale, 0, 0, -p.layout.scale, 0, 0);

  cairo_save (cr);
  cairo_new_path (cr);
  if (p.pal->shadow.a > 0)
    {
      piece_shadow_path (&p, value, x, y);
      set_rgba (cr, &p.pal->shadow);
      cairo_fill (cr);
    }
  paint_piece (&p, value, x, y);
  cairo_restore (cr);
}

/* Is (bx, by), relative to a cell's centre in board units, inside it? */
static gboolean
inside_cell (gboolean hex,
             double   dx,
             double   dy)
{
  const double eps = 1e-9;

  dx = fabs (dx);
  dy = fabs (dy);
  if (!hex)
    return dx <= 0.5 + eps && dy <= 0.5 + eps;
  /* Pointy-top hexagon of inradius 0.5: vertical sides at |x| = 0.5 and
   * slanted sides with normals at ±60°. */
  return dx <= 0.5 + eps && 0.5 * dx + (SQRT3 / 2) * dy <= 0.5 + eps;
}

int
bs_render_cell_at (const BsRuleset       *rs,
                   const BsRenderOptions *options,
                   double                 width,
                   double                 height,
                   double                 x,
                   double                 y)
{
  BsRenderOptions defaults;
  Layout layout;
  double bx = x, by = y, best_d2 = G_MAXDOUBLE;
  int best = BS_NO_CELL;

  g_return_val_if_fail (rs != NULL, BS_NO_CELL);

  if (options == NULL)
    {
      bs_render_options_init (&defaults);
      options = &defaults;
    }
  if (!(width > 0 && height > 0))
    return BS_NO_CELL;
  layout_init (&layout, rs, options, width, height);
  cairo_matrix_transform_point (&layout.to_board, &bx, &by);

  /* The nearest centre, then whether the point lies in that cell's outline
   * (a point over a hole or off the board is in none). */
  for (int cell = 0; cell < rs->n_cells; cell++)
    {
      double cx, cy, d2;

      bs_board_cell_centre (rs->board, cell, &cx, &cy);
      d2 = (bx - cx) * (bx - cx) + (by - cy) * (by - cy);
      if (d2 < best_d2)
        {
          best_d2 = d2;
          best = cell;
        }
    }
  if (best != BS_NO_CELL)
    {
      double cx, cy;

      bs_board_cell_centre (rs->board, best, &cx, &cy);
      if (!inside_cell (layout.hex, bx - cx, by - cy))
        best = BS_NO_CELL;
    }
  return best;
}

void
bs_render_cell_centre (const BsRuleset       *rs,
                       const BsRenderOptions *options,
                       double                 width,
                       double                 height,
                       int                    cell,
                       double                *x,
                       double                *y,
                       double                *cell_radius)
{
  BsRenderOptions defaults;
  Layout layout;
  double cx = 0, cy = 0;

  g_return_if_fail (rs != NULL);
  g_return_if_fail (cell >= 0 && cell < rs->n_cells);

  if (options == NULL)
    {
      bs_render_options_init (&defaults);
      options = &defaults;
    }
  layout_init (&layout, rs, options, MAX (width, 1e-6), MAX (height, 1e-6));
  centre_user (&layout, cell, &cx, &cy);
  if (x != NULL)
    *x = cx;
  if (y != NULL)
    *y = cy;
  if (cell_radius != NULL)
    *cell_radius = 0.5 * layout.scale;
}

void
bs_render_cell_centres (const BsRuleset       *rs,
                        const BsRenderOptions *options,
                        double                 width,
                        double                 height,
                        double                *xy,
                        double                *cell_radius)
{
  BsRenderOptions defaults;
  Layout layout;

  g_return_if_fail (rs != NULL);
  g_return_if_fail (xy != NULL);

  if (options == NULL)
    {
      bs_render_options_init (&defaults);
      options = &defaults;
    }
  layout_init (&layout, rs, options, MAX (width, 1e-6), MAX (height, 1e-6));
  for (int cell = 0; cell < rs->n_cells; cell++)
    centre_user (&layout, cell, &xy[2 * cell], &xy[2 * cell + 1]);
  if (cell_radius != NULL)
    *cell_radius = 0.5 * layout.scale;
}

gboolean
bs_render_grid_at (const BsRuleset       *rs,
                   const BsRenderOptions *options,
                   double                 width,
                   double                 height,
                   double                 x,
                   double                 y,
                   int                   *col,
                   int                   *row)
{
  BsRenderOptions defaults;
  Layout layout;
  double bx = x, by = y, best_d2 = G_MAXDOUBLE, cx, cy;
  int n_cols, n_rows, best_col = -1, best_row = -1;

  g_return_val_if_fail (rs != NULL, FALSE);

  if (options == NULL)
    {
      bs_render_options_init (&defaults);
      options = &defaults;
    }
  if (!(width > 0 && height > 0))
    return FALSE;
  layout_init (&layout, rs, options, width, height);
  cairo_matrix_transform_point (&layout.to_board, &bx, &by);

  /* As bs_render_cell_at(), over every position of the full shape. */
  n_cols = bs_board_n_cols (rs->board);
  n_rows = bs_board_n_rows (rs->board);
  for (int r = 0; r < n_rows; r++)
    for (int c = 0; c < n_cols; c++)
      {
        double d2;

        if (!bs_board_in_shape (rs->board, c, r))
          continue;
        bs_board_grid_centre (rs->board, c, r, &cx, &cy);
        d2 = (bx - cx) * (bx - cx) + (by - cy) * (by - cy);
        if (d2 < best_d2)
          {
            best_d2 = d2;
            best_col = c;
            best_row = r;
          }
      }
  if (best_col < 0)
    return FALSE;
  bs_board_grid_centre (rs->board, best_col, best_row, &cx, &cy);
  if (!inside_cell (layout.hex, bx - cx, by - cy))
    return FALSE;
  if (col != NULL)
    *col = best_col;
  if (row != NULL)
    *row = best_row;
  return TRUE;
}

void
bs_render_grid_centre (const BsRuleset       *rs,
                       const BsRenderOptions *options,
                       double                 width,
                       double                 height,
                       int                    col,
                       int                    row,
                       double                *x,
                       double                *y,
                       double                *cell_radius)
{
  BsRenderOptions defaults;
  Layout layout;
  double cx, cy;

  g_return_if_fail (rs != NULL);

  if (options == NULL)
    {
      bs_render_options_init (&defaults);
      options = &defaults;
    }
  layout_init (&layout, rs, options, MAX (width, 1e-6), MAX (height, 1e-6));
  bs_board_grid_centre (rs->board, col, row, &cx, &cy);
  cairo_matrix_transform_point (&layout.to_user, &cx, &cy);
  if (x != NULL)
    *x = cx;
  if (y != NULL)
    *y = cy;
  if (cell_radius != NULL)
    *cell_radius = 0.5 * layout.scale;
}

/* The variant's colour of a player, else the module's, else GNOME's. */
static BsRgba
variant_colour (const BsRuleset *rs,
                int              player)
{
  /* GNOME palette "Light 1" and "Dark 4" when nothing else says. */
  static const BsRgba fallback[2] = { { 0.965, 0.961, 0.957, 1 }, { 0.239, 0.220, 0.275, 1 } };
  BsRgba c = fallback[player - 1];

  if (rs != NULL)
    {
      gboolean found = FALSE;

      if (rs->variant != NULL)
        found = bs_rgba_parse (rs->variant->players[player - 1].color, &c);
      if (!found && rs->module != NULL)
        bs_rgba_parse (rs->module->default_player_colors[player - 1], &c);
    }
  return c;
}

void
bs_render_player_color (const BsRuleset *rs,
                        BsTheme          theme,
                        int              player,
                        double           rgb[3])
{
  BsRgba c;

  g_return_if_fail (rgb != NULL);

  if (player < 1 || player > 2)
    player = 1;
  c = variant_colour (rs, player);
  if (theme == BS_THEME_PRINT)
    {
      /* Black and white: the lighter player prints as paper, the darker
       * as ink (player 1 is the lighter when both are alike). */
      BsRgba other = variant_colour (rs, 3 - player);
      double mine = bs_rgba_luminance (&c), theirs = bs_rgba_luminance (&other);
      gboolean light = player == 1 ? mine >= theirs : mine > theirs;

      c.r = c.g = c.b = light ? 1.0 : 0.0;
    }
  rgb[0] = c.r;
  rgb[1] = c.g;
  rgb[2] = c.b;
}

void
bs_render_natural_size (const BsRuleset       *rs,
                        const BsRenderOptions *options,
                        double                *width,
                        double                *height)
{
  BsRenderOptions defaults;
  Layout layout;

  g_return_if_fail (rs != NULL);
  g_return_if_fail (width != NULL && height != NULL);

  if (options == NULL)
    {
      bs_render_options_init (&defaults);
      options = &defaults;
    }
  layout_init (&layout, rs, options, 1, 1);
  *width = layout.units_width;
  *height = layout.units_height;
}

void
bs_render_player_edge_color (const BsRuleset *rs,
                             BsTheme          theme,
                             int              player,
                             double           rgb[3])
{
  BsRgba fill, edge;

  g_return_if_fail (rgb != NULL);

  if (player < 1 || player > 2)
    player = 1;
  fill = player_rgba (rs, theme, player);
  edge = outline_for (bs_render_palette_get (theme), &fill);
  rgb[0] = edge.r;
  rgb[1] = edge.g;
  rgb[2] = edge.b;
}

void
bs_render_cell_colors (BsTheme theme,
                       double  cell[3],
                       double  cell_alt[3])
{
  const BsRenderPalette *pal = bs_render_palette_get (theme);

  g_return_if_fail (cell != NULL && cell_alt != NULL);

  cell[0] = pal->cell.r;
  cell[1] = pal->cell.g;
  cell[2] = pal->cell.b;
  cell_alt[0] = pal->cell_alt.r;
  cell_alt[1] = pal->cell_alt.g;
  cell_alt[2] = pal->cell_alt.b;
}

double
bs_render_contrast_ratio (const double a[3],
                          const double b[3])
{
  BsRgba ca = { a[0], a[1], a[2], 1 }, cb = { b[0], b[1], b[2], 1 };

  g_return_val_if_fail (a != NULL && b != NULL, 1.0);

  return bs_rgba_contrast (&ca, &cb);
}

static const char * const theme_names[] = {
  [BS_THEME_LIGHT] = "light",
  [BS_THEME_DARK] = "dark",
  [BS_THEME_HIGH_CONTRAST] = "high-contrast",
  [BS_THEME_PRINT] = "print",
};

const char *
bs_theme_to_string (BsTheme theme)
{
  if ((guint) theme >= G_N_ELEMENTS (theme_names))
    return NULL;
  return theme_names[theme];
}

gboolean
bs_theme_from_string (const char *text,
                      BsTheme    *theme)
{
  if (text == NULL)
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (theme_names); i++)
    if (g_strcmp0 (text, theme_names[i]) == 0)
      {
        if (theme != NULL)
          *theme = (BsTheme) i;
        return TRUE;
      }
  return FALSE;
}
