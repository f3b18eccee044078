/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-bitboard.h: bit operations for the hot paths of rule modules (random
 * playouts), private to the engine.
 *
 * Hardware bit counting. Distributions and Flatpak build for the x86-64
 * baseline, which has no POPCNT instruction; without it every count is a
 * call into libgcc. So a module compiles each hot hook several times from
 * one body (BS_BITOPS_KERNELS): for the baseline and with POPCNT, and
 * its prepare() points the ruleset's hooks (rs->random_move, ...) at the
 * copies for its board (BS_BITOPS_PICK), with POPCNT when
 * `bs_bitops_hardware` says so (set when the first ruleset is built: the
 * CPU has POPCNT, unless BOARDSMITH_BITOPS=portable, which CI uses to run
 * the engine tests on the baseline code too). All copies compute the same
 * thing; only the instructions differ. BMI2's PDEP is not used: it is
 * microcoded and slow on AMD processors before Zen 3.
 *
 * Grids. Hex and square boards as bits of a padded grid: bit
 * row * stride + col, with guard columns after each row that are never
 * cells, so that every direction is one constant shift and a shift never
 * wraps from one row's edge into the next row. Sets are arrays of
 * grid->n_words words; cells map to bits and back through two tables, and
 * bit order is cell order (both go row by row from the bottom, left to
 * right), so the r-th member of a set is the r-th cell in label order. */

#pragma once

#include <string.h>

#include <glib.h>

#include "bs-board.h"
#include "bs-types.h"

G_BEGIN_DECLS

/* Set once (bs_bitops_init, called by bs_ruleset_new): use the hardware
 * copies of the hot hooks. */
extern gboolean bs_bitops_hardware;
void bs_bitops_init (void);

#if defined(__x86_64__) || defined(__i386__)
#define BS_BITOPS_HW_TARGET __attribute__ ((target ("popcnt")))
#else
#define BS_BITOPS_HW_TARGET
#endif

/* Kernels: a module writes a hot hook once, as an always-inline
 * `name##_body (..., n_words)`, and this declares its copies — with POPCNT
 * for grids of one word, of two words and of any size (n_words 0: the
 * body reads its grid's size), and the portable one. Constant sizes let
 * the compiler unroll the word loops of the common boards. */
#define BS_BITOPS_KERNELS(type, name, params, ...)                                          \
  static BS_BITOPS_HW_TARGET type name##_hw1 params { return name##_body (__VA_ARGS__, 1); } \
  static BS_BITOPS_HW_TARGET type name##_hw2 params { return name##_body (__VA_ARGS__, 2); } \
  static BS_BITOPS_HW_TARGET type name##_hwn params { return name##_body (__VA_ARGS__, 0); } \
  static type name##_portable params { return name##_body (__VA_ARGS__, 0); }

#define BS_BITOPS_KERNELS_VOID(name, params, ...)                                      \
  static BS_BITOPS_HW_TARGET void name##_hw1 params { name##_body (__VA_ARGS__, 1); } \
  static BS_BITOPS_HW_TARGET void name##_hw2 params { name##_body (__VA_ARGS__, 2); } \
  static BS_BITOPS_HW_TARGET void name##_hwn params { name##_body (__VA_ARGS__, 0); } \
  static void name##_portable params { name##_body (__VA_ARGS__, 0); }

/* The copy of kernel `name` for a grid of n_words words (a module picks
 * its kernels once, when its ruleset is prepared). */
#define BS_BITOPS_PICK(name, n_words)                                   \
  (!bs_bitops_hardware ? name##_portable                                \
   : (n_words) == 1 ? name##_hw1 : (n_words) == 2 ? name##_hw2 : name##_hwn)

/* Words. Always inlined, so that each copy of a hook gets its own
 * instructions. */

#define BS_BIT(b) (G_GUINT64_CONSTANT (1) << (b))

BS_FORCE_INLINE static inline int
bs_popcount (guint64 x)
{
  return __builtin_popcountll (x);
}

BS_FORCE_INLINE static inline int
bs_ctz (guint64 x)
{
  return __builtin_ctzll (x);
}

/* Position of the set bit of rank r (from 0) in x; r < bs_popcount (x).
 * Halves by counting, then steps through the last byte. */
BS_FORCE_INLINE static inline int
bs_select64 (guint64 x, int r)
{
  int base = 0;

  for (int half = 32; half >= 8; half /= 2)
    {
      int n = bs_popcount (x & ((G_GUINT64_CONSTANT (1) << half) - 1));

      if (r >= n)
        {
          r -= n;
          x >>= half;
          base += half;
        }
    }
  while (r-- > 0)
    x &= x - 1;
  return base + bs_ctz (x);
}

/* Sets of n_words words. */

BS_FORCE_INLINE static inline void
bs_bits_add (guint64 *set, int bit)
{
  set[bit >> 6] |= BS_BIT (bit & 63);
}

BS_FORCE_INLINE static inline void
bs_bits_remove (guint64 *set, int bit)
{
  set[bit >> 6] &= ~BS_BIT (bit & 63);
}

BS_FORCE_INLINE static inline gboolean
bs_bits_has (const guint64 *set, int bit)
{
  return (set[bit >> 6] >> (bit & 63)) & 1;
}

BS_FORCE_INLINE static inline int
bs_bits_count (const guint64 *set, int n_words)
{
  int n = 0;

  for (int w = 0; w < n_words; w++)
    n += bs_popcount (set[w]);
  return n;
}

/* The member of rank r (from 0, in bit order); r < bs_bits_count (). */
BS_FORCE_INLINE static inline int
bs_bits_select (const guint64 *set, int n_words, int r)
{
  int w = 0;

  for (; w < n_words - 1; w++)
    {
      int n = bs_popcount (set[w]);
      if (r < n)
        break;
      r -= n;
    }
  return w * 64 + bs_select64 (set[w], r);
}

/* Word w of the set seen `s` bits away: bit b of the result is bit b + s
 * of the set (bits from outside the set are 0). |s| < 64. */
BS_FORCE_INLINE static inline guint64
bs_bits_toward (const guint64 *set, int n_words, int w, int s)
{
  if (s >= 0)
    {
      guint64 x = set[w] >> s;
      if (s > 0 && w + 1 < n_words)
        x |= set[w + 1] << (64 - s);
      return x;
    }
  else
    {
      guint64 x = set[w] << -s;
      if (w > 0)
        x |= set[w - 1] >> (64 + s);
      return x;
    }
}

/* Grids */

#define BS_GRID_MAX_WORDS 32     /* 2,048 bits: every board of at most BS_MAX_CELLS cells */

typedef struct {
  int      n_cells;
  int      n_words;                  /* of a set */
  int      stride;                   /* bits per row, guards included */
  int      n_dirs;
  int      shift[BS_MAX_DIRS];       /* bit offset of the neighbour per direction */
  guint64  valid[BS_GRID_MAX_WORDS]; /* the bits that are cells */
  gint16  *bit_of_cell;              /* [n_cells] */
  gint16  *cell_of_bit;              /* [n_words * 64]: a cell or BS_NO_CELL */
} BsGrid;

/* Lays the board out with `guards` guard columns (1 for neighbours, 2 for
 * cells at distance 2 along a line) and checks every direction's shift
 * against the board's neighbour table. FALSE (and nothing to clear) when
 * the board does not fit a grid of BS_GRID_MAX_WORDS words or its
 * neighbours are not constant shifts. */
gboolean bs_grid_init  (BsGrid        *grid,
                        const BsBoard *board,
                        int            guards);
void     bs_grid_clear (BsGrid        *grid);

/* The cells of `set` and every cell next to one (holes and guards never);
 * nw is grid->n_words (a constant in kernels). out is not set. */
BS_FORCE_INLINE static inline void
bs_grid_dilate (const BsGrid *grid, int nw, const guint64 *set, guint64 *out)
{
  for (int w = 0; w < nw; w++)
    {
      guint64 x = set[w];
      for (int d = 0; d < grid->n_dirs; d++)
        x |= bs_bits_toward (set, nw, w, grid->shift[d]);
      out[w] = x & grid->valid[w];
    }
}

/* The same on a hex grid (neighbours at ±1, ±stride, ±(stride + 1)),
 * from four shifts: the cells of x or next to one on their row, and those
 * rows seen one row up and down. out is not x. */
BS_FORCE_INLINE static inline void
bs_grid_dilate_hex (const BsGrid *grid, int nw, const guint64 *x, guint64 *out)
{
  int s = grid->stride;
  guint64 up[BS_GRID_MAX_WORDS], down[BS_GRID_MAX_WORDS];

  for (int w = 0; w < nw; w++)
    {
      guint64 from_left = x[w] << 1 | (w > 0 ? x[w - 1] >> 63 : 0);          /* bit b: b - 1 */
      guint64 from_right = x[w] >> 1 | (w + 1 < nw ? x[w + 1] << 63 : 0);    /* bit b: b + 1 */

      up[w] = x[w] | from_left;        /* b or b - 1: seen from row + 1, b - s or b - s - 1 */
      down[w] = x[w] | from_right;     /* b or b + 1: seen from row - 1, b + s or b + s + 1 */
      out[w] = up[w] | from_right;
    }
  for (int w = 0; w < nw; w++)
    {
      guint64 below = up[w] << s | (w > 0 ? up[w - 1] >> (64 - s) : 0);
      guint64 above = down[w] >> s | (w + 1 < nw ? down[w + 1] << (64 - s) : 0);

      out[w] = (out[w] | below | above) & grid->valid[w];
    }
}

/* The groups of a set (cells joined through the grid's neighbours): each
 * grows from its lowest cell, a whole frontier at a time; `hex` grows by
 * bs_grid_dilate_hex. nw is grid->n_words (a constant in kernels). */
BS_FORCE_INLINE static inline int
bs_grid_count_groups (const BsGrid *grid, int nw, const guint64 *set, gboolean hex)
{
  guint64 rest[BS_GRID_MAX_WORDS];
  guint64 frontier[BS_GRID_MAX_WORDS];
  guint64 grown[BS_GRID_MAX_WORDS];
  int groups = 0;

  memcpy (rest, set, 8 * (gsize) nw);
  for (int w = 0; w < nw; w++)
    while (rest[w] != 0)
      {
        guint64 any;

        groups++;
        memset (frontier, 0, 8 * (gsize) nw);
        frontier[w] = rest[w] & -rest[w];
        rest[w] &= ~frontier[w];
        do
          {
            if (hex)
              bs_grid_dilate_hex (grid, nw, frontier, grown);
            else
              bs_grid_dilate (grid, nw, frontier, grown);
            any = 0;
            for (int i = 0; i < nw; i++)
              {
                frontier[i] = grown[i] & rest[i];
                rest[i] &= ~frontier[i];
                any |= frontier[i];
              }
          }
        while (any != 0);
      }
  return groups;
}

G_END_DECLS
