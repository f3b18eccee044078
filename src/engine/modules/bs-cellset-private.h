/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-cellset-private.h: sets of cells as arrays of 64-bit words, for the
 * hot paths of rule modules (random playouts). Counting and picking the
 * r-th member are branch-light and need no CPU extension. */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define BS_CELLSET_WORDS(n_cells) (((n_cells) + 63) / 64)

static inline void
bs_cellset_add (guint64 *set, int cell)
{
  set[cell >> 6] |= G_GUINT64_CONSTANT (1) << (cell & 63);
}

static inline void
bs_cellset_remove (guint64 *set, int cell)
{
  set[cell >> 6] &= ~(G_GUINT64_CONSTANT (1) << (cell & 63));
}

static inline gboolean
bs_cellset_has (const guint64 *set, int cell)
{
  return (set[cell >> 6] >> (cell & 63)) & 1;
}

/* Bits set in each byte of x, one count per byte. */
static inline guint64
bs_word_byte_counts (guint64 x)
{
  x = x - ((x >> 1) & G_GUINT64_CONSTANT (0x5555555555555555));
  x = (x & G_GUINT64_CONSTANT (0x3333333333333333))
      + ((x >> 2) & G_GUINT64_CONSTANT (0x3333333333333333));
  return (x + (x >> 4)) & G_GUINT64_CONSTANT (0x0F0F0F0F0F0F0F0F);
}

static inline int
bs_word_count (guint64 x)
{
  return (int) ((bs_word_byte_counts (x) * G_GUINT64_CONSTANT (0x0101010101010101)) >> 56);
}

/* Position of the set bit of rank r (0-based) in x; r < bs_word_count (x). */
static inline int
bs_word_select (guint64 x, int r)
{
  /* Byte i of cumulative: the bits set in bytes 0..i. */
  guint64 cumulative = bs_word_byte_counts (x) * G_GUINT64_CONSTANT (0x0101010101010101);
  int shift = 0;

  while ((int) ((cumulative >> shift) & 0xFF) <= r)
    shift += 8;
  if (shift > 0)
    r -= (int) ((cumulative >> (shift - 8)) & 0xFF);
  x >>= shift;
  while (r-- > 0)
    x &= x - 1;
  return shift + __builtin_ctzll (x);
}

static inline int
bs_cellset_count (const guint64 *set, int n_words)
{
  int n = 0;

  for (int w = 0; w < n_words; w++)
    n += bs_word_count (set[w]);
  return n;
}

/* The member of rank r (0-based, in cell order); r < bs_cellset_count (). */
static inline int
bs_cellset_select (const guint64 *set, int n_words, int r)
{
  for (int w = 0; w < n_words; w++)
    {
      int count = bs_word_count (set[w]);
      if (r < count)
        return w * 64 + bs_word_select (set[w], r);
      r -= count;
    }
  g_assert_not_reached ();
  return -1;
}

/* Callers iterate over the members with:
 *   for (int w = 0; w < n_words; w++)
 *     for (guint64 bits = set[w]; bits != 0; bits &= bits - 1)
 *       { int cell = w * 64 + __builtin_ctzll (bits); ... } */

G_END_DECLS
