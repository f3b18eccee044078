/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-rng.h: a small, fast, seedable generator (xoshiro256**, seeded by
 * splitmix64) so that playouts and random setups replay exactly from a seed
 * on every platform. GRand is not used in hot loops: it is slower and its
 * sequence is not part of GLib's API contract. */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct {
  guint64 s[4];
} BsRng;

static inline guint64
bs_splitmix64 (guint64 *state)
{
  guint64 z = (*state += G_GUINT64_CONSTANT (0x9E3779B97F4A7C15));
  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xBF58476D1CE4E5B9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94D049BB133111EB);
  return z ^ (z >> 31);
}

static inline void
bs_rng_init (BsRng   *rng,
             guint64  seed)
{
  guint64 st = seed;
  for (int i = 0; i < 4; i++)
    rng->s[i] = bs_splitmix64 (&st);
}

static inline guint64
bs_rng_rotl (guint64 x, int k)
{
  return (x << k) | (x >> (64 - k));
}

static inline guint64
bs_rng_next (BsRng *rng)
{
  guint64 *s = rng->s;
  guint64 result = bs_rng_rotl (s[1] * 5, 7) * 9;
  guint64 t = s[1] << 17;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = bs_rng_rotl (s[3], 45);
  return result;
}

/* Uniform in [0, n), n > 0, without modulo bias (Lemire's method). */
static inline guint32
bs_rng_below (BsRng   *rng,
              guint32  n)
{
  guint64 m = (guint64) (guint32) (bs_rng_next (rng) >> 32) * n;
  guint32 l = (guint32) m;
  if (l < n)
    {
      guint32 t = (guint32) (-n) % n;
      while (l < t)
        {
          m = (guint64) (guint32) (bs_rng_next (rng) >> 32) * n;
          l = (guint32) m;
        }
    }
  return (guint32) (m >> 32);
}

/* Uniform double in [0, 1). */
static inline double
bs_rng_double (BsRng *rng)
{
  return (bs_rng_next (rng) >> 11) * (1.0 / 9007199254740992.0);
}

G_END_DECLS
