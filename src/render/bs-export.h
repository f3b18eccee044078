/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-export.h: positions and whole games as image files, through the same
 * renderer the canvas uses: PNG (pixels), SVG and PDF (vector, sizes in
 * points), an animated GIF (one frame for the start and one per turn) and
 * a multi-page PDF game sheet (a grid of numbered diagrams per A4 page).
 * Files are written atomically: a failed export leaves no partial file. */

#pragma once

#include <glib.h>

#include "bs-export-error.h"
#include "bs-render.h"
#include "bs-ruleset.h"

G_BEGIN_DECLS

typedef enum {
  BS_EXPORT_PNG,
  BS_EXPORT_SVG,
  BS_EXPORT_PDF,
  BS_EXPORT_GIF,
} BsExportFormat;

/* Pixel (PNG, GIF) and point (SVG, PDF) sizes are limited to this. */
#define BS_EXPORT_MAX_SIZE 8192

/* The format from a file name's extension (case-insensitive). */
gboolean    bs_export_format_from_path  (const char      *path,
                                         BsExportFormat  *format,
                                         GError         **error);
const char *bs_export_format_to_string  (BsExportFormat   format);

/* One position, width × height pixels (PNG) or points (SVG, PDF); the
 * format comes from the path's extension (a GIF of one position is a
 * still image). */
/* Writes an exported file's bytes through bs_file_write_atomic with
 * BS_FILE_WRITE_SYNC, the one way every export reaches the disk. */
gboolean    bs_export_write_bytes       (const char            *path,
                                         GBytes                *bytes,
                                         GError               **error);
gboolean    bs_export_position          (const BsRuleset       *rs,
                                         const BsPosition      *pos,
                                         const BsRenderOptions *options,
                                         int                    width,
                                         int                    height,
                                         const char            *path,
                                         GError               **error);
/* The same into memory (clipboard, previews). PNG, SVG or PDF. */
GBytes     *bs_export_position_to_bytes (const BsRuleset       *rs,
                                         const BsPosition      *pos,
                                         const BsRenderOptions *options,
                                         BsExportFormat         format,
                                         int                    width,
                                         int                    height,
                                         GError               **error);

/* A game to export: the start position, then the position after each turn
 * with the turn's notation. */
typedef struct _BsExportGame BsExportGame;

BsExportGame     *bs_export_game_new        (const BsRuleset  *rs,
                                             const BsPosition *start);
void              bs_export_game_free       (BsExportGame     *game);
/* Appends a position reached by a turn written `move` (copied). */
void              bs_export_game_add        (BsExportGame     *game,
                                             const char       *move,
                                             const BsPosition *pos);
/* Plays turns from the last position ("M1 M2 ...", whitespace separated,
 * as --moves takes them); the error names the turn, its ply and why. */
gboolean          bs_export_game_play_line  (BsExportGame     *game,
                                             const char       *line,
                                             GError          **error);
guint             bs_export_game_n_positions (const BsExportGame *game);
const BsPosition *bs_export_game_position   (const BsExportGame *game,
                                             guint               index);
/* The turn that led to position index (≥ 1). */
const char       *bs_export_game_move       (const BsExportGame *game,
                                             guint               index);
/* What that turn did: the engine's one-line summary
 * (bs_ruleset_explain_notation), or NULL when its notation is no legal
 * turn there (a game built with moves it cannot read). */
char             *bs_export_game_summary    (const BsExportGame *game,
                                             guint               index);
/* The caption of position index as a frame or diagram: "Start", or the
 * turn's number and notation over its summary ("12. L@d4\nLight places…");
 * two lines for every position of a game with turns (the start's second
 * one empty), so that the board does not move from frame to frame. */
char             *bs_export_game_caption    (const BsExportGame *game,
                                             guint               index);

/* Options of the whole-game exports, on top of the render options (whose
 * last move and caption are set per frame). */
typedef struct {
  gboolean    mark_last_move;  /* mark the cells named by each turn */
  gboolean    captions;        /* bs_export_game_caption under each frame/diagram */
  int         delay_ms;        /* GIF: between frames (the last one holds 3×) */
  int         per_page;        /* sheet: diagrams per A4 page (6 or 12 …) */
  const char *title;           /* sheet: page heading (e.g. the variant name) */
} BsExportGameOptions;

void        bs_export_game_options_init (BsExportGameOptions *options);

/* An animated GIF, width × height pixels, looping. */
gboolean    bs_export_gif               (const BsExportGame         *game,
                                         const BsRenderOptions      *render,
                                         const BsExportGameOptions  *options,
                                         int                         width,
                                         int                         height,
                                         const char                 *path,
                                         GError                    **error);
/* A multi-page A4 PDF of numbered diagrams: the start, then every turn. */
gboolean    bs_export_game_sheet        (const BsExportGame         *game,
                                         const BsRenderOptions      *render,
                                         const BsExportGameOptions  *options,
                                         const char                 *path,
                                         GError                    **error);
/* One page (0-based) of that sheet into any cairo_t of width × height
 * points: printing through GtkPrintOperation, page by page. */
void        bs_export_draw_sheet_page   (cairo_t                    *cr,
                                         const BsExportGame         *game,
                                         const BsRenderOptions      *render,
                                         const BsExportGameOptions  *options,
                                         guint                       page,
                                         double                      width,
                                         double                      height);
/* How many pages a sheet of game has. */
guint       bs_export_game_sheet_pages  (const BsExportGame         *game,
                                         const BsExportGameOptions  *options);

/* The cells a turn's notation names, for marking it: the first and the
 * last label ("d4-f4": d4, f4; "L@d4": none, d4). A turn naming no cell or
 * more than two (a simultaneous round) marks nothing. */
void        bs_export_move_cells        (const BsRuleset            *rs,
                                         const char                 *move,
                                         int                        *from,
                                         int                        *to);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BsExportGame, bs_export_game_free)

G_END_DECLS
