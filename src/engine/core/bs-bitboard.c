/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-engine"

#include "config.h"

#include <string.h>

#include "bs-bitboard.h"

gboolean bs_bitops_hardware = FALSE;

static gboolean
cpu_has_popcount (void)
{
#if defined(__x86_64__) || defined(__i386__)
  __builtin_cpu_init ();
  return __builtin_cpu_supports ("popcnt");
#else
  /* Other architectures count bits with their baseline instructions. */
  return TRUE;
#endif
}

void
bs_bitops_init (void)
{
  static gsize done = 0;

  if (g_once_init_enter (&done))
    {
      const char *choice = g_getenv ("BOARDSMITH_BITOPS");

      if (choice != NULL && g_str_equal (choice, "portable"))
        bs_bitops_hardware = FALSE;
      else
        bs_bitops_hardware = cpu_has_popcount ();
      g_debug ("bit operations: %s", bs_bitops_hardware ? "hardware" : "portable");
      g_once_init_leave (&done, 1);
    }
}

gboolean
bs_grid_init (BsGrid        *grid,
              const BsBoard *board,
              int            guards)
{
  int n_cells = bs_board_n_cells (board);
  int n_dirs = bs_board_n_dirs (board);
  int cols = bs_board_n_cols (board);
  int rows = bs_board_n_rows (board);
  int stride = cols + guards;
  int n_bits = rows * stride;
  const gint16 *neighbours = bs_board_neighbours (board);

  memset (grid, 0, sizeof *grid);
  if (n_bits > 64 * BS_GRID_MAX_WORDS || stride + 1 >= 64)
    return FALSE;

  grid->n_cells = n_cells;
  grid->n_words = (n_bits + 63) / 64;
  grid->stride = stride;
  grid->n_dirs = n_dirs;
  grid->bit_of_cell = g_new (gint16, n_cells);
  grid->cell_of_bit = g_new (gint16, grid->n_words * 64);
  for (int b = 0; b < grid->n_words * 64; b++)
    grid->cell_of_bit[b] = BS_NO_CELL;
  for (int c = 0; c < n_cells; c++)
    {
      int bit = bs_board_cell_row (board, c) * stride + bs_board_cell_col (board, c);

      grid->bit_of_cell[c] = (gint16) bit;
      grid->cell_of_bit[bit] = (gint16) c;
      bs_bits_add (grid->valid, bit);
    }

  /* The shifts of bs-board.h's directions; every cell must agree with the
   * neighbour table, both ways (a shift never reaches a cell that is not
   * the neighbour). */
  if (bs_board_is_hex (board) && n_dirs == 6)
    {
      const int hex[6] = { 1, stride + 1, stride, -1, -stride - 1, -stride };
      memcpy (grid->shift, hex, sizeof hex);
    }
  else if (!bs_board_is_hex (board) && n_dirs == 4)
    {
      const int square4[4] = { stride, 1, -stride, -1 };
      memcpy (grid->shift, square4, sizeof square4);
    }
  else if (!bs_board_is_hex (board) && n_dirs == 8)
    {
      const int square8[8] = { stride, stride + 1, 1, -stride + 1, -stride, -stride - 1, -1,
                               stride - 1 };
      memcpy (grid->shift, square8, sizeof square8);
    }
  else
    goto mismatch;
  for (int d = 0; d < n_dirs; d++)
    for (int c = 0; c < n_cells; c++)
      {
        int b = grid->bit_of_cell[c] + grid->shift[d];
        int expected = b >= 0 && b < grid->n_words * 64 ? grid->cell_of_bit[b] : BS_NO_CELL;

        if (neighbours[c * n_dirs + d] != expected)
          goto mismatch;
      }
  return TRUE;

mismatch:
  bs_grid_clear (grid);
  return FALSE;
}

void
bs_grid_clear (BsGrid *grid)
{
  g_clear_pointer (&grid->bit_of_cell, g_free);
  g_clear_pointer (&grid->cell_of_bit, g_free);
}
