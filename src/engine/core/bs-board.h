/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-board.h: board shapes → cells, labels, centres, neighbours, rays and
 * distance-2 rings, computed once into flat arrays that hot code reads
 * without allocating.
 *
 * Cells are numbered in label order: row by row from the bottom (row 1),
 * each row from left to right. Labels belong to the full shape; holes are
 * removed after labelling, so a hole never renames another cell, and cell
 * indices skip holes.
 *
 * Grid coordinates: every cell has a column (0 = letter a) and a row
 * (0 = rank 1). On hex boards a column runs up and to the left (CLI.md), so
 * the centre of (col, row) is x = col - row / 2, y = row * sqrt(3) / 2:
 * adjacent centres are one unit apart on every shape.
 *
 * Directions:
 *   hex (6):      0 E, 1 NE, 2 NW, 3 W, 4 SW, 5 SE   (opposite = d + 3 mod 6)
 *   square-4 (4): 0 N, 1 E, 2 S, 3 W                 (opposite = d + 2 mod 4)
 *   square-8 (8): 0 N, 1 NE, 2 E, 3 SE, 4 S, 5 SW, 6 W, 7 NW (opposite = d + 4)
 */

#pragma once

#include <glib.h>

#include "bs-types.h"

G_BEGIN_DECLS

typedef enum {
  BS_SHAPE_SQUARE,        /* width × height, adjacency 4 or 8 */
  BS_SHAPE_HEX_RHOMBUS,   /* width × height parallelogram of hexes (a Hex board) */
  BS_SHAPE_HEXAGON,       /* regular hexagon of side `size`: 3n(n-1)+1 cells */
  BS_SHAPE_LIMPING,       /* sides alternating n and n+1 (`size` = n): 3n² cells */
} BsShape;

#define BS_N_SHAPES 4

typedef struct {
  BsShape shape;
  int     width;      /* square and rhombus */
  int     height;     /* square and rhombus */
  int     size;       /* hexagon and limping */
  int     adjacency;  /* square: 4 or 8; hex shapes: 6 (ignored on input) */
} BsBoardSpec;

typedef struct _BsBoard BsBoard;

const char *bs_shape_to_string   (BsShape      shape);
gboolean    bs_shape_from_string (const char  *text,
                                  BsShape     *shape);
gboolean    bs_shape_is_hex      (BsShape      shape);

/* Checks the spec's sizes (and that the board has at most BS_MAX_CELLS
 * cells); the message names the offending parameter and value. */
gboolean    bs_board_spec_check  (const BsBoardSpec *spec,
                                  GError           **error);
/* Cells of the spec's whole shape (holes not removed); the spec passes
 * bs_board_spec_check. */
int         bs_board_spec_n_cells (const BsBoardSpec *spec);

/* holes: NULL or a NULL-terminated array of cell labels to remove. */
BsBoard    *bs_board_new         (const BsBoardSpec  *spec,
                                  const char * const *holes,
                                  GError            **error);
BsBoard    *bs_board_ref         (BsBoard            *board);
void        bs_board_unref       (BsBoard            *board);

const BsBoardSpec *bs_board_get_spec (const BsBoard *board);
gboolean    bs_board_is_hex      (const BsBoard *board);
int         bs_board_n_cells     (const BsBoard *board);
int         bs_board_n_dirs      (const BsBoard *board);
int         bs_board_n_cols      (const BsBoard *board);   /* of the full shape */
int         bs_board_n_rows      (const BsBoard *board);
int         bs_board_n_holes     (const BsBoard *board);
const char *bs_board_dir_name    (const BsBoard *board,
                                  int            dir);
int         bs_board_opposite    (const BsBoard *board,
                                  int            dir);

/* Label of a cell ("a1", "aa12" past z). */
const char *bs_board_cell_label  (const BsBoard *board,
                                  int            cell);
/* Cell index of a label, or BS_NO_CELL. is_hole (may be NULL) tells a label
 * of the full shape that was removed from one that is off the board. */
int         bs_board_find_cell   (const BsBoard *board,
                                  const char    *label,
                                  gboolean      *is_hole);
/* Cell at grid coordinates, or BS_NO_CELL (off the shape or a hole). */
int         bs_board_cell_at     (const BsBoard *board,
                                  int            col,
                                  int            row);
int         bs_board_cell_col    (const BsBoard *board,
                                  int            cell);
int         bs_board_cell_row    (const BsBoard *board,
                                  int            cell);
/* Is (col, row) inside the full shape (holes included)? */
gboolean    bs_board_in_shape    (const BsBoard *board,
                                  int            col,
                                  int            row);
/* Label any grid position of the full shape would have (for holes). */
char       *bs_board_label_for   (const BsBoard *board,
                                  int            col,
                                  int            row);
/* Parses a label into grid coordinates without looking at the shape. */
gboolean    bs_board_parse_label (const char    *label,
                                  int           *col,
                                  int           *row);

/* Centre, in units of the distance between adjacent centres, y up. */
void        bs_board_cell_centre (const BsBoard *board,
                                  int            cell,
                                  double        *x,
                                  double        *y);
void        bs_board_grid_centre (const BsBoard *board,
                                  int            col,
                                  int            row,
                                  double        *x,
                                  double        *y);
/* Bounding box of all cell outlines (holes included), same units. */
void        bs_board_extents     (const BsBoard *board,
                                  double        *min_x,
                                  double        *min_y,
                                  double        *max_x,
                                  double        *max_y);

/* Flat tables: neighbours[cell * n_dirs + dir] is a cell or BS_NO_CELL
 * (edge or hole). */
const gint16 *bs_board_neighbours (const BsBoard *board);

static inline int
bs_board_neighbour (const gint16 *neighbours, int n_dirs, int cell, int dir)
{
  return neighbours[cell * n_dirs + dir];
}

/* The ray from a cell (excluded) in a direction, up to the edge or a hole:
 * returns its cells in order and sets *length. Points into the board. */
const gint16 *bs_board_ray        (const BsBoard *board,
                                   int            cell,
                                   int            dir,
                                   int           *length);
/* Cells at distance exactly 2 on the full grid (what lies between does not
 * matter; holes are never listed). */
const gint16 *bs_board_ring2      (const BsBoard *board,
                                   int            cell,
                                   int           *length);

/* Distance on the full grid, as the adjacency counts it. */
int         bs_board_distance    (const BsBoard *board,
                                  int            a,
                                  int            b);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BsBoard, bs_board_unref)

G_END_DECLS
