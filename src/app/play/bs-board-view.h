/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-board-view.h: the board canvas. Draws through the GTK-free renderer
 * (the same code as image export), follows the light/dark style, maps
 * clicks to cells with bs_render_cell_at() and hands them to the scene.
 * It redraws only when the game or the scene says something changed. */

#pragma once

#include <gtk/gtk.h>

#include "bs-announcer.h"
#include "bs-play-scene.h"

G_BEGIN_DECLS

#define BS_TYPE_BOARD_VIEW (bs_board_view_get_type ())
G_DECLARE_FINAL_TYPE (BsBoardView, bs_board_view, BS, BOARD_VIEW, GtkWidget)

GtkWidget   *bs_board_view_new             (void);
BsPlayScene *bs_board_view_get_scene       (BsBoardView *self);
void         bs_board_view_set_scene       (BsBoardView *self,
                                            BsPlayScene *scene);
/* Where the results of moves are said to a screen reader (the page's
 * announcer: the board itself is a grid of cells). */
void         bs_board_view_set_announcer   (BsBoardView *self,
                                            BsAnnouncer *announcer);
gboolean     bs_board_view_get_coordinates (BsBoardView *self);
void         bs_board_view_set_coordinates (BsBoardView *self,
                                            gboolean     coordinates);
/* The cell under a point in widget coordinates, or BS_NO_CELL. */
int          bs_board_view_cell_at         (BsBoardView *self,
                                            double       x,
                                            double       y);
/* A cell's area in widget coordinates (to point a popover at it). */
gboolean     bs_board_view_get_cell_rect   (BsBoardView  *self,
                                            int           cell,
                                            GdkRectangle *rect);
/* The nearest cell from `cell` in a screen direction (dx, dy: -1, 0, 1,
 * y down) for the keyboard cursor, or `cell` itself at the edge. */
int          bs_board_view_step_cursor     (BsBoardView *self,
                                            int          cell,
                                            int          dx,
                                            int          dy);

/* The cell the pointer marks: under a mouse pointer and one a click would
 * act on (bs_play_scene_can_act_on), else BS_NO_CELL. Touch never marks. */
int          bs_board_view_get_hover       (BsBoardView *self);

/* What the cell's accessible label says: its coordinate, its contents and
 * the marks on it ("c3, empty, legal placement"); NULL while the board is
 * hidden. */
char        *bs_board_view_describe_cell   (BsBoardView *self,
                                            int          cell);

G_END_DECLS
