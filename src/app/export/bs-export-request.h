/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-export-request.h: what the Export dialog, Print and Copy Image ask
 * the renderer for — the format and the options of issue 7 as plain
 * values, loaded from and saved to GSettings — and a snapshot of the game
 * taken on the main thread, which export threads may read while the
 * player goes on playing. */

#pragma once

#include <gtk/gtk.h>

#include "bs-export.h"
#include "bs-game.h"

G_BEGIN_DECLS

/* The formats offered, in the dialog's order; the GSettings nicks are
 * png svg pdf gif sheet. */
typedef enum {
  BS_EXPORT_KIND_PNG,
  BS_EXPORT_KIND_SVG,
  BS_EXPORT_KIND_PDF,
  BS_EXPORT_KIND_GIF,    /* the whole game, animated */
  BS_EXPORT_KIND_SHEET,  /* the whole game, A4 pages of diagrams */
  BS_EXPORT_N_KINDS
} BsExportKind;

typedef struct {
  BsExportKind kind;
  int          width;         /* pixels (PNG, GIF) or points (SVG, PDF) */
  int          height;
  BsTheme      theme;
  gboolean     coordinates;
  gboolean     transparent;
  gboolean     last_move;     /* mark the last move (each frame's, for games) */
  gboolean     caption;
  int          rotation;      /* steps: quarter turns (square), sixth turns (hex) */
  gboolean     flip;
  int          gif_delay_ms;
  int          per_page;
} BsExportRequest;

/* Ranges, the same as the GSettings schema's. */
#define BS_EXPORT_MIN_SIZE      16
#define BS_EXPORT_MIN_DELAY     50
#define BS_EXPORT_MAX_DELAY     10000
#define BS_EXPORT_MAX_PER_PAGE  24

void         bs_export_request_load          (BsExportRequest       *self,
                                              GSettings             *settings);
void         bs_export_request_save          (const BsExportRequest *self,
                                              GSettings             *settings);

/* Copy Image: the position as the board shows it, not the Export dialog's
 * remembered settings — the style's theme, the board's coordinates, the
 * last move marked, no caption, no rotation, on an opaque background — at
 * the board's own proportions and `pixels_per_unit` (its on-screen scale
 * in device pixels), but never less than BS_COPY_MIN_SIZE nor more than
 * BS_COPY_MAX_SIZE pixels on the longer side. */
#define BS_COPY_MIN_SIZE 800
#define BS_COPY_MAX_SIZE 4096
void         bs_export_request_init_for_screen (BsExportRequest    *self,
                                                const BsRuleset    *rs,
                                                BsTheme             theme,
                                                gboolean            coordinates,
                                                double              pixels_per_unit);

gboolean     bs_export_kind_is_whole_game    (BsExportKind           kind);
/* "png", "svg", "pdf", "gif"; the sheet is a "pdf". */
const char  *bs_export_kind_extension        (BsExportKind           kind);
/* "png" … "sheet", as GSettings stores it. */
const char  *bs_export_kind_to_nick          (BsExportKind           kind);
/* How many rotation steps the board has: 4 (square) or 6 (hex). */
int          bs_export_rotation_steps        (const BsRuleset       *rs);

/* The game as it stands: every turn played (the redo tail too), the
 * position on show, its caption and the variant's name. Immutable and
 * reference counted, so threads can share it. */
typedef struct {
  BsRuleset    *rs;
  BsExportGame *game;
  guint         shown;        /* index of the position on show */
  char         *caption;      /* "My Game · ply 12 · Dark to move", then on a
                               * second line what the turn before did */
  char         *title;        /* the variant's name */
} BsExportSnapshot;

BsExportSnapshot *bs_export_snapshot_new     (BsGame                *game);
BsExportSnapshot *bs_export_snapshot_ref     (BsExportSnapshot      *self);
void              bs_export_snapshot_unref   (BsExportSnapshot      *self);
const BsRuleset  *bs_export_snapshot_get_ruleset (BsExportSnapshot  *self);

/* The renderer's options for the shown position (kind PNG/SVG/PDF) or for
 * a whole game (GIF, sheet). The caption points into the snapshot. */
void         bs_export_request_fill_options  (const BsExportRequest *self,
                                              BsExportSnapshot      *snapshot,
                                              BsRenderOptions       *render,
                                              BsExportGameOptions   *game_options);

/* Writes the file (blocking); the path's extension does not matter, the
 * kind decides. */
gboolean     bs_export_request_write         (const BsExportRequest *self,
                                              BsExportSnapshot      *snapshot,
                                              const char            *path,
                                              GError               **error);
/* The same in a GTask thread. */
void         bs_export_request_write_async   (const BsExportRequest *self,
                                              BsExportSnapshot      *snapshot,
                                              GFile                 *file,
                                              GCancellable          *cancellable,
                                              GAsyncReadyCallback    callback,
                                              gpointer               user_data);
gboolean     bs_export_request_write_finish  (GAsyncResult          *result,
                                              GError               **error);

/* The shown position as a PNG-backed texture, width × height pixels, for
 * the clipboard. */
GdkTexture  *bs_export_request_texture       (const BsExportRequest *self,
                                              BsExportSnapshot      *snapshot,
                                              GError               **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BsExportSnapshot, bs_export_snapshot_unref)

G_END_DECLS
