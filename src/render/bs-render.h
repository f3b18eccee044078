/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-render.h: draws a position into any cairo_t — the app's canvas, PNG,
 * SVG and PDF export, printing. GTK-free: depends on the engine and cairo
 * only. The mapping between pixels and cells is a pure function of the
 * board, the options and the target size, so the canvas and the tests use
 * the same code as the drawing. */

#pragma once

#include <cairo.h>
#include <glib.h>

#include "bs-render-palette.h"
#include "bs-ruleset.h"

G_BEGIN_DECLS

typedef struct {
  BsTheme  theme;
  gboolean coordinates;     /* labels on the edges */
  gboolean transparent;     /* no background fill */
  int      rotation;        /* clockwise quarter turns (square) or sixth turns (hex) */
  gboolean flip;            /* mirror left-right */
  int      last_move_from;  /* BS_NO_CELL or a cell to mark */
  int      last_move_to;
  const guint8 *highlights; /* NULL or n_cells flags: legal targets, small
                             * dots (a ring round a piece) in the accent */
  int      cursor;          /* keyboard cursor cell or BS_NO_CELL */
  int      selected;        /* selected piece's cell or BS_NO_CELL */
  /* A move suggested to the player (a hint): the cell a piece leaves and
   * the cell it goes to (either BS_NO_CELL), dashed rings in a colour of
   * their own, a dashed line between them and a "?" by the target. */
  int      hint_from;
  int      hint_to;
  /* The move the computer is about to play, shown for a moment before it
   * is: a ring round its target and an outlined arrow from the piece it
   * moves, in the colour of computer_player (1 or 2; 0: none). */
  int      computer_from;
  int      computer_to;
  int      computer_player;
  int      hover;           /* the cell under the pointer, or BS_NO_CELL:
                             * a soft tint and a thin ring (the app only) */
  const char *caption;      /* NULL or a line under the board; lines
                             * split at '\n' are drawn one under another */
  /* Simultaneous games: NULL, or n_cells order targets (BS_NO_CELL = none),
   * drawn as arrows (defend: a ring). */
  const gint16 *orders;
  /* NULL, or what a transparent picture is drawn over (the window's
   * background): the text keeps its contrast against that, not against the
   * theme's own background (high contrast in a dark window). */
  const BsRgba *backdrop;
} BsRenderOptions;

void     bs_render_options_init (BsRenderOptions *options);

/* The colour the picture's text (coordinates, caption) is drawn in: the
 * theme's label colour, or black or white where that would keep less than
 * 4.5:1 from what the text stands on. */
BsRgba   bs_render_text_color   (const BsRenderOptions *options);

/* Draws the whole picture (background, board, pieces, marks, coordinates,
 * caption) fitted and centred into width × height user units of cr. */
void     bs_render_position     (cairo_t               *cr,
                                 const BsRuleset       *rs,
                                 const BsPosition      *pos,
                                 const BsRenderOptions *options,
                                 double                 width,
                                 double                 height);

/* One piece (a cell value: owner, kind, direction) as the board draws it,
 * centred on (x, y), for a cell of that radius (half the distance between
 * adjacent centres): the app's supply palette, drag previews. Nothing for
 * an empty value. */
void     bs_render_piece        (cairo_t               *cr,
                                 const BsRuleset       *rs,
                                 BsTheme                theme,
                                 guint8                 value,
                                 double                 x,
                                 double                 y,
                                 double                 cell_radius);

/* The picture's own proportions: its width and height in board units (1 =
 * the distance between adjacent centres), coordinates, padding and
 * caption included. A target of that aspect ratio has no margins. */
void     bs_render_natural_size (const BsRuleset       *rs,
                                 const BsRenderOptions *options,
                                 double                *width,
                                 double                *height);

/* The cell under (x, y) in the same fitted frame, or BS_NO_CELL. */
int      bs_render_cell_at      (const BsRuleset       *rs,
                                 const BsRenderOptions *options,
                                 double                 width,
                                 double                 height,
                                 double                 x,
                                 double                 y);
/* The centre of a cell in that frame, and its radius: half the distance
 * between adjacent centres, in user units (pieces are drawn within it). */
void     bs_render_cell_centre  (const BsRuleset       *rs,
                                 const BsRenderOptions *options,
                                 double                 width,
                                 double                 height,
                                 int                    cell,
                                 double                *x,
                                 double                *y,
                                 double                *cell_radius);

/* Every cell's centre at once (xy holds 2 × n_cells: x, y of each cell),
 * for code that looks at all of them (keyboard navigation, animation):
 * the layout is worked out once instead of once per cell. */
void     bs_render_cell_centres (const BsRuleset       *rs,
                                 const BsRenderOptions *options,
                                 double                 width,
                                 double                 height,
                                 double                *xy,
                                 double                *cell_radius);

/* The grid position (column, row) of the full shape under (x, y) in the
 * same frame, holes included (the variant editor restores holes), or
 * FALSE when the point is off the shape. */
gboolean bs_render_grid_at      (const BsRuleset       *rs,
                                 const BsRenderOptions *options,
                                 double                 width,
                                 double                 height,
                                 double                 x,
                                 double                 y,
                                 int                   *col,
                                 int                   *row);
/* The centre of a grid position in that frame (holes included). */
void     bs_render_grid_centre  (const BsRuleset       *rs,
                                 const BsRenderOptions *options,
                                 double                 width,
                                 double                 height,
                                 int                    col,
                                 int                    row,
                                 double                *x,
                                 double                *y,
                                 double                *cell_radius);

/* Player colours of the variant (or the theme's defaults), as RGB 0..1. */
void     bs_render_player_color (const BsRuleset       *rs,
                                 BsTheme                theme,
                                 int                    player,
                                 double                 rgb[3]);

/* The edge drawn around a player's pieces in that theme (the outline
 * that tells them from the cells), as RGB 0..1: it keeps a contrast ratio
 * of at least 3:1 from both cell colours (the app's player swatches use it
 * too). */
void     bs_render_player_edge_color (const BsRuleset *rs,
                                      BsTheme          theme,
                                      int              player,
                                      double           rgb[3]);
/* A theme's two cell colours (the second: a square board's checker). */
void     bs_render_cell_colors  (BsTheme                theme,
                                 double                 cell[3],
                                 double                 cell_alt[3]);
/* The WCAG 2 contrast ratio of two colours (RGB 0..1), 1 to 21. */
double   bs_render_contrast_ratio (const double         a[3],
                                   const double         b[3]);

const char *bs_theme_to_string   (BsTheme     theme);
gboolean    bs_theme_from_string (const char *text,
                                  BsTheme    *theme);

G_END_DECLS
