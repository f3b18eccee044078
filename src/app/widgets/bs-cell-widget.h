/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-cell-widget.h: one cell of the play board as an accessible child of
 * the board view. GTK 4.8 exposes only widgets through AT-SPI (accessible
 * objects that are not widgets came with GTK 4.10), so each cell is an
 * empty widget laid over the cell it stands for: a grid cell whose label
 * says its coordinate and contents, and which holds the keyboard focus
 * while the cursor is on it (so a screen reader follows the cursor).
 * Drawing and clicks stay with the board view: cells are not targets. */

#pragma once

#include <gtk/gtk.h>

#include "bs-ruleset.h"
#include "bs-variant.h"

G_BEGIN_DECLS

#define BS_TYPE_CELL_WIDGET (bs_cell_widget_get_type ())
G_DECLARE_FINAL_TYPE (BsCellWidget, bs_cell_widget, BS, CELL_WIDGET, GtkWidget)

GtkWidget  *bs_cell_widget_new          (int          index);
/* The board cell this widget stands for. */
int         bs_cell_widget_get_index    (BsCellWidget *self);
const char *bs_cell_widget_get_label    (BsCellWidget *self);
/* Sets the accessible label (only when it changed: each change is an
 * AT-SPI event, and a screen reader speaks it on the focused cell). */
void        bs_cell_widget_set_label    (BsCellWidget *self,
                                        const char  *label);
void        bs_cell_widget_set_selected (BsCellWidget *self,
                                        gboolean     selected);

/* Appends to `parts` (strings to g_free) what is on a cell, from the
 * engine's data only: "empty" or the piece ("Light Large", "Gold Triangle
 * pointing North"), then the special cells ("Dark’s Nest"). */
void        bs_cell_widget_describe_contents (const BsRuleset  *rs,
                                              const BsVariant  *variant,
                                              const BsPosition *pos,
                                              int               cell,
                                              GPtrArray        *parts);
/* The parts joined into one label ("c3, empty, legal placement"). */
char       *bs_cell_widget_join_parts        (GPtrArray        *parts);

/* "North", "East", "South", "West" for directions 0–3. */
const char *bs_direction_name          (int          direction);

G_END_DECLS
