/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-editor-canvas.h: the variant editor's live board preview. It draws the
 * document's preview (the variant as entered, valid or not) through the
 * GTK-free renderer (the same code as the board view and image export),
 * outlines the holes so that they can be restored, rings the cells an
 * error is about, and maps the pointer to grid positions of the full shape
 * with bs_render_grid_at(). A press, drag and release is a stroke:
 * "stroke-begin", "cell-activated" with the label of each position it
 * crosses (once each), "stroke-end"; Enter emits "cell-activated" alone. */

#pragma once

#include <gtk/gtk.h>

#include "bs-variant-document.h"

G_BEGIN_DECLS

#define BS_TYPE_EDITOR_CANVAS (bs_editor_canvas_get_type ())
G_DECLARE_FINAL_TYPE (BsEditorCanvas, bs_editor_canvas, BS, EDITOR_CANVAS, GtkWidget)

GtkWidget *bs_editor_canvas_new          (void);
void       bs_editor_canvas_set_document (BsEditorCanvas    *self,
                                          BsVariantDocument *document);
/* The label of the board position under (x, y) in widget coordinates,
 * holes included, or NULL. Free with g_free. */
char      *bs_editor_canvas_label_at     (BsEditorCanvas    *self,
                                          double             x,
                                          double             y);
/* Where a label's position is drawn, in widget coordinates. */
gboolean   bs_editor_canvas_label_centre (BsEditorCanvas    *self,
                                          const char        *label,
                                          double            *x,
                                          double            *y);
/* What a click at (x, y) does: emits "cell-activated" when it hits the
 * board. Returns whether it did. */
gboolean   bs_editor_canvas_activate_at  (BsEditorCanvas    *self,
                                          double             x,
                                          double             y);

G_END_DECLS
