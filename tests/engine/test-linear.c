/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The shared linear solver (bs-linear.h), used by the Elo fit and the tuner's logistic
 * regression: systems with known solutions, one that needs row exchanges, random
 * well-conditioned systems checked by their residual, a symmetric positive definite
 * system as the Newton steps give it, and singular or non-finite matrices refused. */

#include <math.h>
#include <string.h>

#include "bs-linear.h"

static void
test_known (void)
{
  /* 2x + y - z = 8, -3x - y + 2z = -11, -2x + y + 2z = -3: x = 2, y = 3, z = -1. */
  double a[9] = { 2, 1, -1, -3, -1, 2, -2, 1, 2 };
  double b[3] = { 8, -11, -3 };
  double one[1] = { 4 }, rhs[1] = { 10 };

  g_assert_true (bs_linear_solve (a, b, 3));
  g_assert_cmpfloat_with_epsilon (b[0], 2, 1e-12);
  g_assert_cmpfloat_with_epsilon (b[1], 3, 1e-12);
  g_assert_cmpfloat_with_epsilon (b[2], -1, 1e-12);

  g_assert_true (bs_linear_solve (one, rhs, 1));
  g_assert_cmpfloat (rhs[0], ==, 2.5);

  /* n = 0: nothing to solve. */
  g_assert_true (bs_linear_solve (NULL, NULL, 0));
}

static void
test_pivoting (void)
{
  /* A zero on the diagonal: without a row exchange the first step divides by 0. The
   * permutation matrix (0 1 0 / 0 0 1 / 1 0 0) with b = (1, 2, 3): x = (3, 1, 2). */
  double a[9] = { 0, 1, 0, 0, 0, 1, 1, 0, 0 };
  double b[3] = { 1, 2, 3 };
  /* A tiny pivot that elimination without exchange would amplify: [1e-20 1; 1 1] x = (1, 2)
   * has x ≈ (1, 1); no pivoting gives x₀ = 0. */
  double c[4] = { 1e-20, 1, 1, 1 };
  double d[2] = { 1, 2 };

  g_assert_true (bs_linear_solve (a, b, 3));
  g_assert_cmpfloat (b[0], ==, 3);
  g_assert_cmpfloat (b[1], ==, 1);
  g_assert_cmpfloat (b[2], ==, 2);

  g_assert_true (bs_linear_solve (c, d, 2));
  g_assert_cmpfloat_with_epsilon (d[0], 1, 1e-12);
  g_assert_cmpfloat_with_epsilon (d[1], 1, 1e-12);
}

/* Random systems with a dominant diagonal, n up to 24: ‖a x − b‖ against the originals. */
static void
test_random (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (27);

  for (guint trial = 0; trial < 200; trial++)
    {
      guint n = 1 + trial % 24;
      double a[24 * 24], copy[24 * 24], b[24], x[24];

      for (guint i = 0; i < n; i++)
        {
          for (guint j = 0; j < n; j++)
            a[i * n + j] = g_rand_double_range (rand, -1, 1) + (i == j ? n : 0);
          b[i] = g_rand_double_range (rand, -10, 10);
        }
      memcpy (copy, a, n * n * sizeof *a);
      memcpy (x, b, n * sizeof *b);
      g_assert_true (bs_linear_solve (copy, x, n));
      for (guint i = 0; i < n; i++)
        {
          double sum = 0;

          for (guint j = 0; j < n; j++)
            sum += a[i * n + j] * x[j];
          g_assert_cmpfloat_with_epsilon (sum, b[i], 1e-10);
        }
    }
}

/* A symmetric positive definite matrix (a Laplacian plus J/n, as the Elo fit builds it):
 * solving for each column of the identity gives the inverse, checked by a · a⁻¹ = I. */
static void
test_inverse (void)
{
  enum { N = 4 };
  static const double games[N][N] = {
    { 0, 10, 10, 10 }, { 10, 0, 10, 10 }, { 10, 10, 0, 10 }, { 10, 10, 10, 0 },
  };
  double l[N * N], inverse[N * N];

  for (guint i = 0; i < N; i++)
    for (guint j = 0; j < N; j++)
      {
        double w = 0.2 + 0.01 * (i + j);

        l[i * N + j] = i == j ? 0 : -w * games[i][j] / 10 + 1.0 / N;
      }
  for (guint i = 0; i < N; i++)
    {
      double sum = 0;

      for (guint j = 0; j < N; j++)
        if (j != i)
          sum += l[i * N + j] - 1.0 / N;
      l[i * N + i] = -sum + 1.0 / N;
    }
  for (guint c = 0; c < N; c++)
    {
      double copy[N * N], column[N];

      memcpy (copy, l, sizeof l);
      for (guint i = 0; i < N; i++)
        column[i] = i == c;
      g_assert_true (bs_linear_solve (copy, column, N));
      for (guint i = 0; i < N; i++)
        inverse[i * N + c] = column[i];
    }
  for (guint i = 0; i < N; i++)
    for (guint j = 0; j < N; j++)
      {
        double sum = 0;

        for (guint k = 0; k < N; k++)
          sum += l[i * N + k] * inverse[k * N + j];
        g_assert_cmpfloat_with_epsilon (sum, i == j, 1e-12);
      }
}

static void
test_refused (void)
{
  /* Rank 1: the second row twice the first. */
  double a[4] = { 1, 2, 2, 4 };
  double b[2] = { 1, 2 };
  /* A zero column. */
  double z[9] = { 1, 0, 2, 3, 0, 4, 5, 0, 6 };
  double zb[3] = { 1, 1, 1 };
  /* NaN and infinity. */
  double nan_a[4] = { NAN, 1, 1, 1 };
  double inf_a[4] = { 1, 1, 1, INFINITY };
  double r[2] = { 1, 1 };
  /* A pivot as small as a double can hold normally is still used (the tuner's ridge of
   * 1e-12 on a feature never seen). */
  double tiny[4] = { 1e-12, 0, 0, 1 };
  double t[2] = { 1e-12, 3 };

  g_assert_false (bs_linear_solve (a, b, 2));
  g_assert_false (bs_linear_solve (z, zb, 3));
  g_assert_false (bs_linear_solve (nan_a, r, 2));
  r[0] = r[1] = 1;
  g_assert_false (bs_linear_solve (inf_a, r, 2));
  g_assert_true (bs_linear_solve (tiny, t, 2));
  g_assert_cmpfloat_with_epsilon (t[0], 1, 1e-12);
  g_assert_cmpfloat_with_epsilon (t[1], 3, 1e-12);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/linear/known", test_known);
  g_test_add_func ("/linear/pivoting", test_pivoting);
  g_test_add_func ("/linear/random", test_random);
  g_test_add_func ("/linear/inverse", test_inverse);
  g_test_add_func ("/linear/refused", test_refused);
  return g_test_run ();
}
