/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-wrap-box.h: a row of controls that wraps onto more lines when the
 * width is short (a phone), each line centred. It is a GtkBox, so code
 * that fills a GtkBox (gtk_box_append, gtk_box_remove) fills it
 * unchanged; only its layout differs: on one line it is laid out as a
 * horizontal box whose children get their natural widths. Its
 * GtkBox:spacing is the space between children of a line; lines are
 * BsWrapBox:line-spacing apart. The other GtkBox settings (orientation,
 * homogeneous, baseline position) do not apply. */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define BS_TYPE_WRAP_BOX (bs_wrap_box_get_type ())
G_DECLARE_FINAL_TYPE (BsWrapBox, bs_wrap_box, BS, WRAP_BOX, GtkBox)

GtkWidget *bs_wrap_box_new (int spacing,
                            int line_spacing);
/* How many lines the last allocation made (1 when everything fits). */
guint      bs_wrap_box_get_n_lines (BsWrapBox *self);

G_END_DECLS
