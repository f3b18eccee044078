/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-fold-box.h: two panes side by side that fold into one column when
 * the width is short (a phone): the board and its settings in the variant
 * editor, the preview and the options of the Export dialog.
 *
 * Its children, in order: the start pane (the board, which takes the
 * width left), any separators, the end pane (the settings). Side by side,
 * the end pane is BsFoldBox:end-width wide (or its minimum, if wider) and
 * the separators are vertical lines; this is laid out as a horizontal
 * GtkBox would. When the start pane's minimum, the separators and the end
 * pane's width do not fit, the panes are stacked: the start pane on top,
 * at most BsFoldBox:start-fraction of the height (all of it only if it
 * expands vertically, else its natural height), the separators as
 * horizontal lines, the end pane below with the rest. */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define BS_TYPE_FOLD_BOX (bs_fold_box_get_type ())
G_DECLARE_FINAL_TYPE (BsFoldBox, bs_fold_box, BS, FOLD_BOX, GtkWidget)

GtkWidget *bs_fold_box_new                (void);
int        bs_fold_box_get_end_width      (BsFoldBox *self);
void       bs_fold_box_set_end_width      (BsFoldBox *self,
                                           int        end_width);
double     bs_fold_box_get_start_fraction (BsFoldBox *self);
void       bs_fold_box_set_start_fraction (BsFoldBox *self,
                                           double     fraction);
/* Whether the last allocation stacked the panes. */
gboolean   bs_fold_box_get_folded         (BsFoldBox *self);

G_END_DECLS
