/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-editor-view.h: the variant editor page — a live board preview that is
 * painted on (holes, special cells, fixed pieces) beside preference groups
 * for the board, the pieces and handicaps, the rule options (generated
 * from the module's declaration) and the metadata. Every widget edits the
 * BsVariantDocument through its edit functions; validation errors show in
 * the group they belong to, with the engine's text. */

#pragma once

#include <adwaita.h>

#include "bs-pending.h"
#include "bs-variant-document.h"

G_BEGIN_DECLS

/* What a click on the board does. */
typedef enum {
  BS_PAINT_HOLES,          /* remove a cell, or restore a removed one */
  BS_PAINT_SPECIAL,        /* put the chosen special cell there */
  BS_PAINT_PIECE,          /* place a fixed piece (owner, kind, direction) */
  BS_PAINT_ERASE_PIECE,    /* take a fixed piece away */
} BsPaintMode;

#define BS_TYPE_EDITOR_VIEW (bs_editor_view_get_type ())
G_DECLARE_FINAL_TYPE (BsEditorView, bs_editor_view, BS, EDITOR_VIEW, AdwBin)

BsVariantDocument *bs_editor_view_get_document (BsEditorView      *self);
void               bs_editor_view_set_document (BsEditorView      *self,
                                                BsVariantDocument *document);
gboolean           bs_editor_view_get_modified (BsEditorView      *self);

/* Paint mode; `special` is an index into the module's specials and
 * `player` its owner (BS_PAINT_SPECIAL), or the owner of the pieces placed
 * with kind (an index into the module's kinds) and dir (BS_PAINT_PIECE). */
void               bs_editor_view_set_paint    (BsEditorView      *self,
                                                BsPaintMode        mode,
                                                int                special,
                                                int                player,
                                                int                kind,
                                                int                dir);
/* What a click on `label` does in the current paint mode. */
void               bs_editor_view_paint        (BsEditorView      *self,
                                                const char        *label);

/* For tests: the canvas, the row generated for an option (NULL if none)
 * and the error text shown in a section's group (NULL when none). */
GtkWidget         *bs_editor_view_get_canvas     (BsEditorView    *self);
GtkWidget         *bs_editor_view_get_option_row (BsEditorView    *self,
                                                  const char      *id);
const char        *bs_editor_view_get_shown_error (BsEditorView   *self,
                                                   BsEditSection   section);

/* Runs `then` (with the view as its owner) at once when nothing would be
 * lost, else after asking to save or discard the edits (AdwMessageDialog);
 * never if cancelled. */
void               bs_editor_view_confirm_discard (BsEditorView   *self,
                                                   BsPendingFunc   then,
                                                   gpointer        data);
/* The same; `destroy` frees `data` once answered either way. */
void               bs_editor_view_confirm_discard_full (BsEditorView   *self,
                                                        BsPendingFunc   then,
                                                        gpointer        data,
                                                        GDestroyNotify  destroy);

/* Open Variant… once a file is chosen: reads it in a thread; then, if it
 * was read, asks about unsaved edits (those made during the read too)
 * before showing it; if not, says why and changes nothing. */
void               bs_editor_view_open_file    (BsEditorView      *self,
                                                GFile             *file);

G_END_DECLS
