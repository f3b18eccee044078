/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-engine"

#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "bs-board.h"
#include "bs-error.h"

#define BS_MAX_SIDE 64   /* width/height of square and rhombus boards */
#define BS_MAX_HEX_SIZE 32
#define SQRT3 1.7320508075688772935

struct _BsBoard {
  BsBoardSpec  spec;
  gboolean     hex;
  int          n_cells;
  int          n_dirs;
  int          n_cols;
  int          n_rows;
  int          n_holes;
  gint16      *grid;          /* [row * n_cols + col] → cell or BS_NO_CELL */
  guint8      *hole_mask;     /* [row * n_cols + col] → 1 for a hole */
  gint16      *cell_col;
  gint16      *cell_row;
  char       (*labels)[8];
  double      *cx;
  double      *cy;
  gint16      *neighbours;    /* [cell * n_dirs + dir] */
  guint32     *ray_start;     /* [cell * n_dirs + dir] → index into rays */
  guint8      *ray_length;
  gint16      *rays;
  guint32     *ring2_start;   /* [cell] → index into ring2, n_cells + 1 entries */
  gint16      *ring2;
};

typedef struct {
  int dc;
  int dr;
  const char *name;
} Direction;

static const Direction hex_dirs[6] = {
  { 1, 0, "E" }, { 1, 1, "NE" }, { 0, 1, "NW" },
  { -1, 0, "W" }, { -1, -1, "SW" }, { 0, -1, "SE" },
};

static const Direction square4_dirs[4] = {
  { 0, 1, "N" }, { 1, 0, "E" }, { 0, -1, "S" }, { -1, 0, "W" },
};

static const Direction square8_dirs[8] = {
  { 0, 1, "N" }, { 1, 1, "NE" }, { 1, 0, "E" }, { 1, -1, "SE" },
  { 0, -1, "S" }, { -1, -1, "SW" }, { -1, 0, "W" }, { -1, 1, "NW" },
};

static const char * const shape_names[BS_N_SHAPES] = {
  "square", "hex-rhombus", "hexagon", "limping",
};

const char *
bs_shape_to_string (BsShape shape)
{
  g_return_val_if_fail ((guint) shape < BS_N_SHAPES, NULL);
  return shape_names[shape];
}

gboolean
bs_shape_from_string (const char *text,
                      BsShape    *shape)
{
  for (guint i = 0; i < BS_N_SHAPES; i++)
    if (g_strcmp0 (text, shape_names[i]) == 0)
      {
        *shape = (BsShape) i;
        return TRUE;
      }
  return FALSE;
}

gboolean
bs_shape_is_hex (BsShape shape)
{
  return shape != BS_SHAPE_SQUARE;
}

static const Direction *
directions_for (const BsBoardSpec *spec,
                int               *n_dirs)
{
  if (bs_shape_is_hex (spec->shape))
    {
      *n_dirs = 6;
      return hex_dirs;
    }
  if (spec->adjacency == 8)
    {
      *n_dirs = 8;
      return square8_dirs;
    }
  *n_dirs = 4;
  return square4_dirs;
}

/* The full shape as a set of grid positions: rows and columns spanned and
 * the membership test. On hex boards the third axis is col - row. */
static void
shape_span (const BsBoardSpec *spec,
            int               *n_cols,
            int               *n_rows)
{
  switch (spec->shape)
    {
    case BS_SHAPE_SQUARE:
    case BS_SHAPE_HEX_RHOMBUS:
      *n_cols = spec->width;
      *n_rows = spec->height;
      break;
    case BS_SHAPE_HEXAGON:
      *n_cols = *n_rows = 2 * spec->size - 1;
      break;
    case BS_SHAPE_LIMPING:
    default:
      *n_cols = *n_rows = 2 * spec->size;
      break;
    }
}

static gboolean
spec_in_shape (const BsBoardSpec *spec,
               int                col,
               int                row)
{
  int n_cols, n_rows;
  int n = spec->size;

  shape_span (spec, &n_cols, &n_rows);
  if (col < 0 || row < 0 || col >= n_cols || row >= n_rows)
    return FALSE;
  switch (spec->shape)
    {
    case BS_SHAPE_HEXAGON:
      return col - row >= -(n - 1) && col - row <= n - 1;
    case BS_SHAPE_LIMPING:
      /* Bottom side n+1 cells, then sides alternating n and n+1. */
      return col - row >= -(n - 1) && col - row <= n;
    case BS_SHAPE_SQUARE:
    case BS_SHAPE_HEX_RHOMBUS:
    default:
      return TRUE;
    }
}

static long
spec_cell_count (const BsBoardSpec *spec)
{
  long n = spec->size;

  switch (spec->shape)
    {
    case BS_SHAPE_SQUARE:
    case BS_SHAPE_HEX_RHOMBUS:
      return (long) spec->width * spec->height;
    case BS_SHAPE_HEXAGON:
      return 3 * n * (n - 1) + 1;
    case BS_SHAPE_LIMPING:
    default:
      return 3 * n * n;
    }
}

int
bs_board_spec_n_cells (const BsBoardSpec *spec)
{
  g_return_val_if_fail (bs_board_spec_check (spec, NULL), 0);
  return (int) spec_cell_count (spec);
}

gboolean
bs_board_spec_check (const BsBoardSpec *spec,
                     GError           **error)
{
  long n_cells;

  g_return_val_if_fail (spec != NULL, FALSE);

  if ((guint) spec->shape >= BS_N_SHAPES)
    {
      g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_VALUE,
                   _("unknown board shape %d"), (int) spec->shape);
      return FALSE;
    }
  if (spec->shape == BS_SHAPE_SQUARE || spec->shape == BS_SHAPE_HEX_RHOMBUS)
    {
      if (spec->width < 1 || spec->width > BS_MAX_SIDE)
        {
          g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_VALUE,
                       _("board width %d is out of range (1 to %d)"), spec->width, BS_MAX_SIDE);
          return FALSE;
        }
      if (spec->height < 1 || spec->height > BS_MAX_SIDE)
        {
          g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_VALUE,
                       _("board height %d is out of range (1 to %d)"), spec->height, BS_MAX_SIDE);
          return FALSE;
        }
    }
  else if (spec->size < 1 || spec->size > BS_MAX_HEX_SIZE)
    {
      g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_VALUE,
                   _("board size %d is out of range (1 to %d)"), spec->size, BS_MAX_HEX_SIZE);
      return FALSE;
    }
  if (spec->shape == BS_SHAPE_SQUARE && spec->adjacency != 4 && spec->adjacency != 8)
    {
      g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_VALUE,
                   _("square board adjacency %d must be 4 or 8"), spec->adjacency);
      return FALSE;
    }
  n_cells = spec_cell_count (spec);
  if (n_cells > BS_MAX_CELLS)
    {
      g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_VALUE,
                   /* Translators: %s is the board shape (square, hexagon…). */
                   _("a %s board of %ld cells is larger than the limit of %d cells"),
                   shape_names[spec->shape], n_cells, BS_MAX_CELLS);
      return FALSE;
    }
  return TRUE;
}

static void
format_label (int   col,
              int   row,
              char  buf[8])
{
  char letters[4];
  int n = 0;
  int c = col;

  /* a … z, then aa, ab … (bijective base 26). */
  do
    {
      letters[n++] = (char) ('a' + c % 26);
      c = c / 26 - 1;
    }
  while (c >= 0 && n < 3);
  for (int i = 0; i < n; i++)
    buf[i] = letters[n - 1 - i];
  g_snprintf (buf + n, 8 - n, "%d", row + 1);
}

gboolean
bs_board_parse_label (const char *label,
                      int        *col,
                      int        *row)
{
  const char *p = label;
  long c = 0;
  long r = 0;
  int n_letters = 0;
  int n_digits = 0;

  if (label == NULL)
    return FALSE;
  while (*p >= 'a' && *p <= 'z')
    {
      c = c * 26 + (*p - 'a' + 1);
      p++;
      if (++n_letters > 3)
        return FALSE;
    }
  while (*p >= '0' && *p <= '9')
    {
      r = r * 10 + (*p - '0');
      p++;
      if (++n_digits > 4)
        return FALSE;
    }
  if (*p != '\0' || n_letters == 0 || n_digits == 0 || r < 1 || (n_digits > 1 && label[n_letters] == '0'))
    return FALSE;
  *col = (int) c - 1;
  *row = (int) r - 1;
  return TRUE;
}

static void
grid_centre (gboolean  hex,
             int       col,
             int       row,
             double   *x,
             double   *y)
{
  if (hex)
    {
      *x = col - row * 0.5;
      *y = row * (SQRT3 / 2.0);
    }
  else
    {
      *x = col;
      *y = row;
    }
}

static int
grid_distance (gboolean hex,
               int      n_dirs,
               int      dc,
               int      dr)
{
  if (hex)
    {
      if ((dc >= 0) == (dr >= 0))
        return MAX (ABS (dc), ABS (dr));
      return ABS (dc) + ABS (dr);
    }
  if (n_dirs == 8)
    return MAX (ABS (dc), ABS (dr));
  return ABS (dc) + ABS (dr);
}

static void
bs_board_clear (BsBoard *board)
{
  g_free (board->grid);
  g_free (board->hole_mask);
  g_free (board->cell_col);
  g_free (board->cell_row);
  g_free (board->labels);
  g_free (board->cx);
  g_free (board->cy);
  g_free (board->neighbours);
  g_free (board->ray_start);
  g_free (board->ray_length);
  g_free (board->rays);
  g_free (board->ring2_start);
  g_free (board->ring2);
}

BsBoard *
bs_board_new (const BsBoardSpec  *spec,
              const char * const *holes,
              GError            **error)
{
  g_autoptr(BsBoard) board = NULL;
  const Direction *dirs;
  int n_grid;
  int cell;
  guint32 total;

  g_return_val_if_fail (spec != NULL, NULL);

  if (!bs_board_spec_check (spec, error))
    return NULL;

  board = g_atomic_rc_box_new0 (BsBoard);
  board->spec = *spec;
  board->hex = bs_shape_is_hex (spec->shape);
  if (board->hex)
    board->spec.adjacency = 6;
  dirs = directions_for (spec, &board->n_dirs);
  shape_span (spec, &board->n_cols, &board->n_rows);
  n_grid = board->n_cols * board->n_rows;
  board->grid = g_new (gint16, n_grid);
  board->hole_mask = g_new0 (guint8, n_grid);

  for (guint i = 0; holes != NULL && holes[i] != NULL; i++)
    {
      int col, row;

      if (!bs_board_parse_label (holes[i], &col, &row))
        {
          g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_VALUE,
                       _("hole \"%s\" is not a cell label"), holes[i]);
          return NULL;
        }
      if (!spec_in_shape (spec, col, row))
        {
          g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_UNKNOWN,
                       _("hole \"%s\" is not on the board"), holes[i]);
          return NULL;
        }
      if (board->hole_mask[row * board->n_cols + col])
        {
          g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_DUPLICATE,
                       _("hole \"%s\" is listed twice"), holes[i]);
          return NULL;
        }
      board->hole_mask[row * board->n_cols + col] = 1;
      board->n_holes++;
    }

  /* Number the cells in label order: rows from the bottom, left to right. */
  cell = 0;
  for (int row = 0; row < board->n_rows; row++)
    for (int col = 0; col < board->n_cols; col++)
      {
        int g = row * board->n_cols + col;
        board->grid[g] = (spec_in_shape (spec, col, row) && !board->hole_mask[g]) ? cell++ : BS_NO_CELL;
      }
  board->n_cells = cell;
  if (board->n_cells == 0)
    {
      g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_VALUE,
                   _("the board has no cells left once the holes are removed"));
      return NULL;
    }

  board->cell_col = g_new (gint16, board->n_cells);
  board->cell_row = g_new (gint16, board->n_cells);
  board->labels = g_malloc0_n (board->n_cells, sizeof *board->labels);
  board->cx = g_new (double, board->n_cells);
  board->cy = g_new (double, board->n_cells);
  for (int row = 0; row < board->n_rows; row++)
    for (int col = 0; col < board->n_cols; col++)
      {
        int c = board->grid[row * board->n_cols + col];
        if (c == BS_NO_CELL)
          continue;
        board->cell_col[c] = (gint16) col;
        board->cell_row[c] = (gint16) row;
        format_label (col, row, board->labels[c]);
        grid_centre (board->hex, col, row, &board->cx[c], &board->cy[c]);
      }

  board->neighbours = g_new (gint16, board->n_cells * board->n_dirs);
  for (int c = 0; c < board->n_cells; c++)
    for (int d = 0; d < board->n_dirs; d++)
      board->neighbours[c * board->n_dirs + d] =
        (gint16) bs_board_cell_at (board, board->cell_col[c] + dirs[d].dc,
                                   board->cell_row[c] + dirs[d].dr);

  /* Rays: walk the neighbour table once and store the runs flat. */
  board->ray_start = g_new (guint32, board->n_cells * board->n_dirs);
  board->ray_length = g_new (guint8, board->n_cells * board->n_dirs);
  total = 0;
  for (int c = 0; c < board->n_cells; c++)
    for (int d = 0; d < board->n_dirs; d++)
      {
        int len = 0;
        for (int n = board->neighbours[c * board->n_dirs + d]; n != BS_NO_CELL;
             n = board->neighbours[n * board->n_dirs + d])
          len++;
        board->ray_start[c * board->n_dirs + d] = total;
        board->ray_length[c * board->n_dirs + d] = (guint8) len;
        total += (guint32) len;
      }
  board->rays = g_new (gint16, MAX (total, 1));
  for (int c = 0; c < board->n_cells; c++)
    for (int d = 0; d < board->n_dirs; d++)
      {
        gint16 *out = board->rays + board->ray_start[c * board->n_dirs + d];
        for (int n = board->neighbours[c * board->n_dirs + d]; n != BS_NO_CELL;
             n = board->neighbours[n * board->n_dirs + d])
          *out++ = (gint16) n;
      }

  /* Distance-2 rings on the full grid. */
  board->ring2_start = g_new (guint32, board->n_cells + 1);
  board->ring2 = g_new (gint16, board->n_cells * BS_MAX_RING2);
  total = 0;
  for (int c = 0; c < board->n_cells; c++)
    {
      board->ring2_start[c] = total;
      for (int dr = -2; dr <= 2; dr++)
        for (int dc = -2; dc <= 2; dc++)
          {
            int t;
            if (grid_distance (board->hex, board->n_dirs, dc, dr) != 2)
              continue;
            t = bs_board_cell_at (board, board->cell_col[c] + dc, board->cell_row[c] + dr);
            if (t != BS_NO_CELL)
              board->ring2[total++] = (gint16) t;
          }
    }
  board->ring2_start[board->n_cells] = total;

  return g_steal_pointer (&board);
}

BsBoard *
bs_board_ref (BsBoard *board)
{
  g_return_val_if_fail (board != NULL, NULL);
  return g_atomic_rc_box_acquire (board);
}

void
bs_board_unref (BsBoard *board)
{
  g_return_if_fail (board != NULL);
  g_atomic_rc_box_release_full (board, (GDestroyNotify) bs_board_clear);
}

const BsBoardSpec *
bs_board_get_spec (const BsBoard *board)
{
  return &board->spec;
}

gboolean
bs_board_is_hex (const BsBoard *board)
{
  return board->hex;
}

int
bs_board_n_cells (const BsBoard *board)
{
  return board->n_cells;
}

int
bs_board_n_dirs (const BsBoard *board)
{
  return board->n_dirs;
}

int
bs_board_n_cols (const BsBoard *board)
{
  return board->n_cols;
}

int
bs_board_n_rows (const BsBoard *board)
{
  return board->n_rows;
}

int
bs_board_n_holes (const BsBoard *board)
{
  return board->n_holes;
}

const char *
bs_board_dir_name (const BsBoard *board,
                   int            dir)
{
  int n_dirs;
  const Direction *dirs = directions_for (&board->spec, &n_dirs);

  g_return_val_if_fail (dir >= 0 && dir < n_dirs, NULL);
  return dirs[dir].name;
}

int
bs_board_opposite (const BsBoard *board,
                   int            dir)
{
  return (dir + board->n_dirs / 2) % board->n_dirs;
}

const char *
bs_board_cell_label (const BsBoard *board,
                     int            cell)
{
  g_return_val_if_fail (cell >= 0 && cell < board->n_cells, NULL);
  return board->labels[cell];
}

int
bs_board_find_cell (const BsBoard *board,
                    const char    *label,
                    gboolean      *is_hole)
{
  int col, row;

  if (is_hole != NULL)
    *is_hole = FALSE;
  if (!bs_board_parse_label (label, &col, &row))
    return BS_NO_CELL;
  if (is_hole != NULL && bs_board_in_shape (board, col, row))
    *is_hole = board->hole_mask[row * board->n_cols + col] != 0;
  return bs_board_cell_at (board, col, row);
}

int
bs_board_cell_at (const BsBoard *board,
                  int            col,
                  int            row)
{
  if (col < 0 || row < 0 || col >= board->n_cols || row >= board->n_rows)
    return BS_NO_CELL;
  return board->grid[row * board->n_cols + col];
}

int
bs_board_cell_col (const BsBoard *board,
                   int            cell)
{
  return board->cell_col[cell];
}

int
bs_board_cell_row (const BsBoard *board,
                   int            cell)
{
  return board->cell_row[cell];
}

gboolean
bs_board_in_shape (const BsBoard *board,
                   int            col,
                   int            row)
{
  return spec_in_shape (&board->spec, col, row);
}

char *
bs_board_label_for (const BsBoard *board,
                    int            col,
                    int            row)
{
  char buf[8];

  if (col < 0 || row < 0)
    return NULL;
  format_label (col, row, buf);
  return g_strdup (buf);
}

void
bs_board_cell_centre (const BsBoard *board,
                      int            cell,
                      double        *x,
                      double        *y)
{
  g_return_if_fail (cell >= 0 && cell < board->n_cells);
  *x = board->cx[cell];
  *y = board->cy[cell];
}

void
bs_board_grid_centre (const BsBoard *board,
                      int            col,
                      int            row,
                      double        *x,
                      double        *y)
{
  grid_centre (board->hex, col, row, x, y);
}

void
bs_board_extents (const BsBoard *board,
                  double        *min_x,
                  double        *min_y,
                  double        *max_x,
                  double        *max_y)
{
  /* A pointy-top hex of inradius 1/2 reaches 1/√3 up and down; a square cell
   * reaches 1/2 every way. Holes belong to the shape's outline. */
  double rx = 0.5;
  double ry = board->hex ? 1.0 / SQRT3 : 0.5;
  double x0 = G_MAXDOUBLE, y0 = G_MAXDOUBLE, x1 = -G_MAXDOUBLE, y1 = -G_MAXDOUBLE;

  for (int row = 0; row < board->n_rows; row++)
    for (int col = 0; col < board->n_cols; col++)
      {
        double x, y;
        if (!spec_in_shape (&board->spec, col, row))
          continue;
        grid_centre (board->hex, col, row, &x, &y);
        x0 = MIN (x0, x - rx);
        x1 = MAX (x1, x + rx);
        y0 = MIN (y0, y - ry);
        y1 = MAX (y1, y + ry);
      }
  *min_x = x0;
  *min_y = y0;
  *max_x = x1;
  *max_y = y1;
}

const gint16 *
bs_board_neighbours (const BsBoard *board)
{
  return board->neighbours;
}

const gint16 *
bs_board_ray (const BsBoard *board,
              int            cell,
              int            dir,
              int           *length)
{
  int i = cell * board->n_dirs + dir;

  *length = board->ray_length[i];
  return board->rays + board->ray_start[i];
}

const gint16 *
bs_board_ring2 (const BsBoard *board,
                int            cell,
                int           *length)
{
  *length = (int) (board->ring2_start[cell + 1] - board->ring2_start[cell]);
  return board->ring2 + board->ring2_start[cell];
}

int
bs_board_distance (const BsBoard *board,
                   int            a,
                   int            b)
{
  return grid_distance (board->hex, board->n_dirs,
                        board->cell_col[b] - board->cell_col[a],
                        board->cell_row[b] - board->cell_row[a]);
}
