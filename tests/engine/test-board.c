/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Board shapes: counts, labels, centres, neighbours, rays, rings. The
 * expected values are worked out by hand from CLI.md's labelling. */

#include "config.h"

#include <math.h>

#include "bs-board.h"
#include "bs-error.h"

static BsBoard *
make_board (BsShape shape, int w, int h, int size, int adjacency, const char * const *holes)
{
  BsBoardSpec spec = { .shape = shape, .width = w, .height = h, .size = size, .adjacency = adjacency };
  g_autoptr(GError) error = NULL;
  BsBoard *board = bs_board_new (&spec, holes, &error);

  g_assert_no_error (error);
  g_assert_nonnull (board);
  return board;
}

static int
cell (const BsBoard *board, const char *label)
{
  int c = bs_board_find_cell (board, label, NULL);
  g_assert_cmpint (c, !=, BS_NO_CELL);
  return c;
}

static void
test_counts (void)
{
  for (int n = 1; n <= 12; n++)
    {
      g_autoptr(BsBoard) limping = make_board (BS_SHAPE_LIMPING, 0, 0, n, 0, NULL);
      g_autoptr(BsBoard) hexagon = make_board (BS_SHAPE_HEXAGON, 0, 0, n, 0, NULL);

      g_assert_cmpint (bs_board_n_cells (limping), ==, 3 * n * n);
      g_assert_cmpint (bs_board_n_cells (hexagon), ==, 3 * n * (n - 1) + 1);
    }
  {
    g_autoptr(BsBoard) sq = make_board (BS_SHAPE_SQUARE, 5, 3, 0, 8, NULL);
    g_autoptr(BsBoard) rh = make_board (BS_SHAPE_HEX_RHOMBUS, 7, 7, 0, 0, NULL);
    g_assert_cmpint (bs_board_n_cells (sq), ==, 15);
    g_assert_cmpint (bs_board_n_cells (rh), ==, 49);
    g_assert_cmpint (bs_board_n_dirs (sq), ==, 8);
    g_assert_cmpint (bs_board_n_dirs (rh), ==, 6);
  }
}

/* Limping n = 2 (Abrobad 2-3): rows of 3, 4, 3, 2 cells. Row 1 is a1 b1 c1;
 * row 2 reaches half a cell further on each side: a2 … d2; the upper-left
 * side runs a2, b3, c4, so row 3 is b3 c3 d3 and row 4 c4 d4. */
static void
test_limping_labels (void)
{
  g_autoptr(BsBoard) b = make_board (BS_SHAPE_LIMPING, 0, 0, 2, 0, NULL);
  const char *expected[] = { "a1", "b1", "c1", "a2", "b2", "c2", "d2", "b3", "c3", "d3", "c4", "d4" };

  g_assert_cmpint (bs_board_n_cells (b), ==, 12);
  for (int i = 0; i < 12; i++)
    g_assert_cmpstr (bs_board_cell_label (b, i), ==, expected[i]);
  g_assert_cmpint (bs_board_find_cell (b, "a3", NULL), ==, BS_NO_CELL);
  g_assert_cmpint (bs_board_find_cell (b, "e2", NULL), ==, BS_NO_CELL);
}

/* Hexagon of side 5: corners a1, e1 (bottom row of 5), a5 (left corner, the
 * column a runs up-left from a1), i5 (right), e9 and i9 (top row e9..i9). */
static void
test_hexagon_corners (void)
{
  g_autoptr(BsBoard) b = make_board (BS_SHAPE_HEXAGON, 0, 0, 5, 0, NULL);
  const char *corners[] = { "a1", "e1", "a5", "i5", "e9", "i9" };
  double x, y, x0, y0;

  for (guint i = 0; i < G_N_ELEMENTS (corners); i++)
    {
      int c = cell (b, corners[i]);
      int n = 0;
      for (int d = 0; d < 6; d++)
        n += bs_board_neighbours (b)[c * 6 + d] != BS_NO_CELL;
      g_assert_cmpint (n, ==, 3);   /* a corner of a hexagon has 3 neighbours */
    }
  g_assert_cmpint (cell (b, "a1"), ==, 0);
  g_assert_cmpint (cell (b, "i9"), ==, 60);
  /* a5 is the leftmost cell: 2 units left of a1 and 4 rows up. */
  bs_board_cell_centre (b, cell (b, "a1"), &x0, &y0);
  bs_board_cell_centre (b, cell (b, "a5"), &x, &y);
  g_assert_cmpfloat_with_epsilon (x - x0, -2.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (y - y0, 4 * sqrt (3) / 2, 1e-9);
  g_assert_cmpint (bs_board_find_cell (b, "f1", NULL), ==, BS_NO_CELL);
  g_assert_cmpint (bs_board_find_cell (b, "a6", NULL), ==, BS_NO_CELL);
}

static void
test_square_labels (void)
{
  g_autoptr(BsBoard) b = make_board (BS_SHAPE_SQUARE, 8, 8, 0, 4, NULL);
  double x, y;

  g_assert_cmpstr (bs_board_cell_label (b, 0), ==, "a1");
  g_assert_cmpstr (bs_board_cell_label (b, 7), ==, "h1");
  g_assert_cmpstr (bs_board_cell_label (b, 8), ==, "a2");
  g_assert_cmpstr (bs_board_cell_label (b, 63), ==, "h8");
  bs_board_cell_centre (b, cell (b, "c5"), &x, &y);
  g_assert_cmpfloat (x, ==, 2);
  g_assert_cmpfloat (y, ==, 4);
  /* North of a1 is a2, east is b1. */
  g_assert_cmpint (bs_board_neighbours (b)[0 * 4 + 0], ==, cell (b, "a2"));
  g_assert_cmpint (bs_board_neighbours (b)[0 * 4 + 1], ==, cell (b, "b1"));
  g_assert_cmpint (bs_board_neighbours (b)[0 * 4 + 2], ==, BS_NO_CELL);
}

static void
test_wide_labels (void)
{
  g_autoptr(BsBoard) b = make_board (BS_SHAPE_SQUARE, 30, 2, 0, 4, NULL);
  int col, row;

  g_assert_cmpstr (bs_board_cell_label (b, 25), ==, "z1");
  g_assert_cmpstr (bs_board_cell_label (b, 26), ==, "aa1");
  g_assert_cmpstr (bs_board_cell_label (b, 29), ==, "ad1");
  g_assert_cmpint (cell (b, "ab2"), ==, 30 + 27);
  g_assert_true (bs_board_parse_label ("aa12", &col, &row));
  g_assert_cmpint (col, ==, 26);
  g_assert_cmpint (row, ==, 11);
  g_assert_false (bs_board_parse_label ("a0", &col, &row));
  g_assert_false (bs_board_parse_label ("a01", &col, &row));
  g_assert_false (bs_board_parse_label ("A1", &col, &row));
  g_assert_false (bs_board_parse_label ("1a", &col, &row));
  g_assert_false (bs_board_parse_label ("", &col, &row));
  g_assert_false (bs_board_parse_label ("a", &col, &row));
}

/* Every neighbour relation is symmetric through the opposite direction, and
 * neighbours' centres are exactly one unit apart (square diagonals √2). */
static void
check_neighbours (const BsBoard *b)
{
  int n_dirs = bs_board_n_dirs (b);
  const gint16 *nb = bs_board_neighbours (b);

  for (int c = 0; c < bs_board_n_cells (b); c++)
    for (int d = 0; d < n_dirs; d++)
      {
        int t = nb[c * n_dirs + d];
        double x0, y0, x1, y1, dist;

        if (t == BS_NO_CELL)
          continue;
        g_assert_cmpint (nb[t * n_dirs + bs_board_opposite (b, d)], ==, c);
        bs_board_cell_centre (b, c, &x0, &y0);
        bs_board_cell_centre (b, t, &x1, &y1);
        dist = hypot (x1 - x0, y1 - y0);
        if (n_dirs == 8 && d % 2 == 1)
          g_assert_cmpfloat_with_epsilon (dist, sqrt (2), 1e-9);
        else
          g_assert_cmpfloat_with_epsilon (dist, 1.0, 1e-9);
        g_assert_cmpint (bs_board_distance (b, c, t), ==, 1);
      }
}

static void
test_neighbour_symmetry (void)
{
  const char *holes[] = { "c3", "d4", NULL };
  BsBoard *boards[] = {
    make_board (BS_SHAPE_SQUARE, 5, 4, 0, 4, NULL),
    make_board (BS_SHAPE_SQUARE, 5, 5, 0, 8, holes),
    make_board (BS_SHAPE_HEX_RHOMBUS, 7, 5, 0, 0, holes),
    make_board (BS_SHAPE_HEXAGON, 0, 0, 5, 0, holes),
    make_board (BS_SHAPE_LIMPING, 0, 0, 5, 0, holes),
  };

  for (guint i = 0; i < G_N_ELEMENTS (boards); i++)
    {
      check_neighbours (boards[i]);
      bs_board_unref (boards[i]);
    }
}

/* Hex directions: E of d4 is e4, NE is e5, NW is d5, W c4, SW c3, SE d3. */
static void
test_hex_directions (void)
{
  g_autoptr(BsBoard) b = make_board (BS_SHAPE_HEX_RHOMBUS, 7, 7, 0, 0, NULL);
  const char *expected[] = { "e4", "e5", "d5", "c4", "c3", "d3" };
  int d4 = cell (b, "d4");

  for (int d = 0; d < 6; d++)
    g_assert_cmpstr (bs_board_cell_label (b, bs_board_neighbours (b)[d4 * 6 + d]), ==, expected[d]);
  g_assert_cmpstr (bs_board_dir_name (b, 1), ==, "NE");
}

/* Rays on the 7×7 rhombus from d4: three cells each way along a row or a
 * column; a1 reaches g7 along NE (six cells) and nothing W. A hole cuts a
 * ray. */
static void
test_rays (void)
{
  const char *holes[] = { "f4", NULL };
  g_autoptr(BsBoard) b = make_board (BS_SHAPE_HEX_RHOMBUS, 7, 7, 0, 0, NULL);
  g_autoptr(BsBoard) h = make_board (BS_SHAPE_HEX_RHOMBUS, 7, 7, 0, 0, holes);
  int len;
  const gint16 *ray;

  for (int d = 0; d < 6; d++)
    {
      bs_board_ray (b, cell (b, "d4"), d, &len);
      g_assert_cmpint (len, ==, 3);
    }
  ray = bs_board_ray (b, cell (b, "a1"), 1, &len);
  g_assert_cmpint (len, ==, 6);
  g_assert_cmpstr (bs_board_cell_label (b, ray[5]), ==, "g7");
  bs_board_ray (b, cell (b, "a1"), 3, &len);
  g_assert_cmpint (len, ==, 0);
  ray = bs_board_ray (h, cell (h, "d4"), 0, &len);
  g_assert_cmpint (len, ==, 1);
  g_assert_cmpstr (bs_board_cell_label (h, ray[0]), ==, "e4");
}

/* Distance 2: 12 cells around an inner hex cell; on the full grid, so a hole
 * in between does not matter, but a hole is never a destination. */
static void
test_ring2 (void)
{
  const char *holes[] = { "e5", "f5", NULL };
  g_autoptr(BsBoard) b = make_board (BS_SHAPE_HEXAGON, 0, 0, 5, 0, NULL);
  g_autoptr(BsBoard) h = make_board (BS_SHAPE_HEXAGON, 0, 0, 5, 0, holes);
  g_autoptr(BsBoard) sq8 = make_board (BS_SHAPE_SQUARE, 5, 5, 0, 8, NULL);
  g_autoptr(BsBoard) sq4 = make_board (BS_SHAPE_SQUARE, 5, 5, 0, 4, NULL);
  int len;
  const gint16 *ring = bs_board_ring2 (b, cell (b, "e5"), &len);

  g_assert_cmpint (len, ==, 12);
  for (int i = 0; i < len; i++)
    g_assert_cmpint (bs_board_distance (b, cell (b, "e5"), ring[i]), ==, 2);
  /* From d5 with e5 (between) and f5 (at distance 2) removed: 11 targets. */
  bs_board_ring2 (h, cell (h, "d5"), &len);
  g_assert_cmpint (len, ==, 11);
  /* The a1 corner: distance-2 cells a3 c1 c3 (col+2,row+2), b3 (c+1,r+2), c2 (c+2,r+1). */
  bs_board_ring2 (b, cell (b, "a1"), &len);
  g_assert_cmpint (len, ==, 5);
  bs_board_ring2 (sq8, cell (sq8, "c3"), &len);
  g_assert_cmpint (len, ==, 16);
  bs_board_ring2 (sq4, cell (sq4, "c3"), &len);
  g_assert_cmpint (len, ==, 8);
}

static void
test_holes (void)
{
  const char *holes[] = { "b1", NULL };
  g_autoptr(BsBoard) b = make_board (BS_SHAPE_LIMPING, 0, 0, 2, 0, holes);
  gboolean is_hole = FALSE;

  g_assert_cmpint (bs_board_n_cells (b), ==, 11);
  g_assert_cmpint (bs_board_n_holes (b), ==, 1);
  /* Labels stay those of the full shape. */
  g_assert_cmpstr (bs_board_cell_label (b, 1), ==, "c1");
  g_assert_cmpint (bs_board_find_cell (b, "b1", &is_hole), ==, BS_NO_CELL);
  g_assert_true (is_hole);
  g_assert_cmpint (bs_board_find_cell (b, "z9", &is_hole), ==, BS_NO_CELL);
  g_assert_false (is_hole);
  /* a1's E neighbour was b1: now the edge. */
  g_assert_cmpint (bs_board_neighbours (b)[cell (b, "a1") * 6 + 0], ==, BS_NO_CELL);
}

static void
test_bad_specs (void)
{
  struct { BsBoardSpec spec; const char *holes[3]; const char *message; } cases[] = {
    { { BS_SHAPE_SQUARE, 0, 5, 0, 4 }, { NULL }, "board width 0 is out of range (1 to 64)" },
    { { BS_SHAPE_SQUARE, 5, 1000000000, 0, 4 }, { NULL }, "board height 1000000000 is out of range (1 to 64)" },
    { { BS_SHAPE_SQUARE, 5, 5, 0, 6 }, { NULL }, "square board adjacency 6 must be 4 or 8" },
    { { BS_SHAPE_HEXAGON, 0, 0, 0, 0 }, { NULL }, "board size 0 is out of range (1 to 32)" },
    { { BS_SHAPE_LIMPING, 0, 0, 20, 0 }, { NULL }, "a limping board of 1200 cells is larger than the limit of 1024 cells" },
    { { BS_SHAPE_SQUARE, 3, 3, 0, 4 }, { "d1", NULL }, "hole \"d1\" is not on the board" },
    { { BS_SHAPE_SQUARE, 3, 3, 0, 4 }, { "b2", "b2", NULL }, "hole \"b2\" is listed twice" },
    { { BS_SHAPE_SQUARE, 3, 3, 0, 4 }, { "B2", NULL }, "hole \"B2\" is not a cell label" },
    { { BS_SHAPE_SQUARE, 1, 1, 0, 4 }, { "a1", NULL }, "the board has no cells left once the holes are removed" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      BsBoard *b = bs_board_new (&cases[i].spec, cases[i].holes, &error);

      g_assert_null (b);
      g_assert_error (error, BS_VARIANT_ERROR, error->code);
      g_assert_cmpstr (error->message, ==, cases[i].message);
    }
}

/* Distances agree with a breadth-first search over the neighbour table on a
 * board without holes. */
static void
test_distance_bfs (void)
{
  g_autoptr(BsBoard) b = make_board (BS_SHAPE_LIMPING, 0, 0, 4, 0, NULL);
  int n = bs_board_n_cells (b);
  g_autofree int *dist = g_new (int, n);
  g_autofree int *queue = g_new (int, n);

  for (int src = 0; src < n; src++)
    {
      int head = 0, tail = 0;
      for (int i = 0; i < n; i++)
        dist[i] = -1;
      dist[src] = 0;
      queue[tail++] = src;
      while (head < tail)
        {
          int c = queue[head++];
          for (int d = 0; d < 6; d++)
            {
              int t = bs_board_neighbours (b)[c * 6 + d];
              if (t != BS_NO_CELL && dist[t] < 0)
                {
                  dist[t] = dist[c] + 1;
                  queue[tail++] = t;
                }
            }
        }
      for (int t = 0; t < n; t++)
        g_assert_cmpint (bs_board_distance (b, src, t), ==, dist[t]);
    }
}

static void
test_extents (void)
{
  g_autoptr(BsBoard) b = make_board (BS_SHAPE_SQUARE, 8, 6, 0, 4, NULL);
  double x0, y0, x1, y1;

  bs_board_extents (b, &x0, &y0, &x1, &y1);
  g_assert_cmpfloat_with_epsilon (x0, -0.5, 1e-9);
  g_assert_cmpfloat_with_epsilon (x1, 7.5, 1e-9);
  g_assert_cmpfloat_with_epsilon (y0, -0.5, 1e-9);
  g_assert_cmpfloat_with_epsilon (y1, 5.5, 1e-9);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/board/counts", test_counts);
  g_test_add_func ("/board/limping-labels", test_limping_labels);
  g_test_add_func ("/board/hexagon-corners", test_hexagon_corners);
  g_test_add_func ("/board/square-labels", test_square_labels);
  g_test_add_func ("/board/wide-labels", test_wide_labels);
  g_test_add_func ("/board/neighbour-symmetry", test_neighbour_symmetry);
  g_test_add_func ("/board/hex-directions", test_hex_directions);
  g_test_add_func ("/board/rays", test_rays);
  g_test_add_func ("/board/ring2", test_ring2);
  g_test_add_func ("/board/holes", test_holes);
  g_test_add_func ("/board/bad-specs", test_bad_specs);
  g_test_add_func ("/board/distance-bfs", test_distance_bfs);
  g_test_add_func ("/board/extents", test_extents);
  return g_test_run ();
}
