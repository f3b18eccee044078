/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-render-palette.h: the themes, which every caller of the renderer
 * names, and the colours and line weights of each, which only the renderer
 * reads. Colours are RGBA 0..1. */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* A picture's theme (bs-render.h takes it in every call). */
typedef enum {
  BS_THEME_LIGHT,
  BS_THEME_DARK,
  BS_THEME_HIGH_CONTRAST,
  BS_THEME_PRINT,          /* black and white, no ink-wasting fills */
} BsTheme;

typedef struct {
  double r, g, b, a;
} BsRgba;

typedef struct {
  BsTheme  theme;
  BsRgba   background;      /* the picture around the board */
  BsRgba   cell;            /* board cells */
  BsRgba   cell_alt;        /* the other colour of a square board's checker */
  BsRgba   line;            /* borders between cells */
  BsRgba   label;           /* coordinates and caption */
  BsRgba   accent;          /* cursor, legal targets */
  BsRgba   selection;       /* tint of the selected piece's cell */
  BsRgba   last_move;       /* tint of the last move's cells */
  BsRgba   shadow;          /* soft drop shadow under pieces */
  BsRgba   special;         /* specials that belong to no player */
  double   line_width;      /* in board units (1 = distance between centres) */
  double   piece_outline;   /* in board units */
  gboolean hatch;           /* print: hatch marks instead of tints */
} BsRenderPalette;

const BsRenderPalette *bs_render_palette_get (BsTheme theme);

/* Relative luminance 0..1 (sRGB weights, no gamma: only compared). */
double  bs_rgba_luminance (const BsRgba *c);
/* The WCAG 2 contrast ratio of two opaque colours, 1 to 21 (relative
 * luminance of linear sRGB): graphics that must be seen keep 3:1 from
 * what is around them. */
double  bs_rgba_contrast  (const BsRgba *a,
                           const BsRgba *b);
/* The smaller of c's contrast ratios with the palette's two cell colours. */
double  bs_render_palette_cell_contrast (const BsRenderPalette *palette,
                                         const BsRgba          *c);
/* c moved towards `to` by t (0..1). */
BsRgba  bs_rgba_mix       (const BsRgba *c,
                           const BsRgba *to,
                           double        t);
/* c (with its alpha) laid over the opaque colour under: what is seen. */
BsRgba  bs_rgba_over      (const BsRgba *c,
                           const BsRgba *under);
/* Parses "#rrggbb"; FALSE (and c unchanged) otherwise. */
gboolean bs_rgba_parse    (const char   *text,
                           BsRgba       *c);

G_END_DECLS
