/* SPDX-License-Identifier: GPL-3.0-or-later */
/* render-test-util.h: boards, positions and games for the render suite. */

#pragma once

#include <cairo.h>
#include <glib.h>

#include "bs-export.h"
#include "bs-render.h"
#include "bs-ruleset.h"

G_BEGIN_DECLS

/* A ruleset that is only a board, for the renderer's pure geometry and
 * drawing (it reads the board, the kinds, the specials and the colours):
 * no rule module needed. Not reference counted: never pass it to code
 * that keeps it (BsExportGame). */
typedef struct {
  BsModule    module;
  BsVariant   variant;
  BsRuleset   rs;
  BsPosition *pos;
} FakeGame;

extern const BsKindSpec fake_kinds[2];   /* "circle", "triangle" (directed) */

void  fake_game_init  (FakeGame           *game,
                       BsShape             shape,
                       int                 width_or_size,
                       int                 height,
                       const char * const *holes);
void  fake_game_clear (FakeGame           *game);
/* Puts pieces on a pseudo-random third of the cells (both owners, every
 * kind and direction). */
void  fake_game_fill  (FakeGame           *game,
                       guint64             seed);

/* The seed games that are registered in this build (modules land one by
 * one): the names of the built-in variants whose module exists. */
GPtrArray *seed_game_names (void);

/* A built-in variant's ruleset, or fails the test. */
BsRuleset *load_ruleset    (const char *name);
/* The start and then `turns` random turns (seeded), with their notation;
 * stops early when the game ends. */
BsExportGame *random_game  (BsRuleset  *rs,
                            guint       turns,
                            guint64     seed);

/* The text poppler's pdftotext reads in a PDF, whitespace runs made one
 * space; NULL without pdftotext. */
char *pdf_text (const char *path);

/* Reads a PNG from memory. */
cairo_surface_t *png_from_bytes (GBytes *bytes);
/* The pixel at (x, y) as 0xAARRGGBB, premultiplied as cairo keeps it. */
guint32          surface_pixel  (cairo_surface_t *surface,
                                 int              x,
                                 int              y);
/* Is the pixel's colour within `tolerance` per channel of rgb (0..1), whatever its alpha
 * (an RGB24 surface leaves it undefined)? */
gboolean         rgb_is         (guint32          pixel,
                                 const double     rgb[3],
                                 int              tolerance);
/* Is an opaque pixel within `tolerance` per channel of rgb (0..1)? */
gboolean         pixel_is       (guint32          pixel,
                                 const double     rgb[3],
                                 int              tolerance);

/* A fresh temporary directory (removed with its files by rm_tree). */
char *make_temp_dir (void);
void  rm_tree       (const char *dir);

G_END_DECLS
