/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Elo ratings from a round robin (bs-elo.h): the ratings and their intervals against
 * tests/engine/elo-check.py, which computes them another way (Hunter's MM iterations and
 * a finite-difference Hessian with the anchor held fixed); symmetry; a player who won
 * every game keeps a finite rating; players who never meet are refused. */

#include <math.h>

#include "bs-elo.h"

static void
add (BsEloTable *table,
     guint       i,
     guint       j,
     guint       wins,
     guint       draws,
     guint       losses)
{
  for (guint k = 0; k < wins; k++)
    bs_elo_table_add (table, i, j, 1);
  for (guint k = 0; k < draws; k++)
    bs_elo_table_add (table, i, j, 0.5);
  for (guint k = 0; k < losses; k++)
    bs_elo_table_add (table, i, j, 0);
}

static void
test_round_robin (void)
{
  /* python3 tests/engine/elo-check.py: rating, low, high. */
  static const double expected[4][3] = {
    { 0, 0, 0 },
    { 248.142387, 49.767595, 446.517179 },
    { 384.041307, 172.405194, 595.677420 },
    { 445.390990, 226.186076, 664.595904 },
  };
  BsEloTable table;
  BsEloRatings ratings;
  g_autoptr(GError) error = NULL;

  bs_elo_table_init (&table, 4);
  add (&table, 1, 0, 7, 2, 1);
  add (&table, 2, 0, 10, 0, 0);   /* every game won: still finite */
  add (&table, 3, 0, 9, 1, 0);
  add (&table, 2, 1, 6, 1, 3);
  add (&table, 3, 1, 8, 0, 2);
  add (&table, 3, 2, 5, 2, 3);
  g_assert_true (bs_elo_fit (&table, 0, &ratings, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < 4; i++)
    {
      g_assert_cmpfloat_with_epsilon (ratings.rating[i], expected[i][0], 1e-4);
      /* The check's Hessian is by finite differences: its intervals agree to 0.05 Elo. */
      g_assert_cmpfloat_with_epsilon (ratings.low[i], expected[i][1], 0.05);
      g_assert_cmpfloat_with_epsilon (ratings.high[i], expected[i][2], 0.05);
    }

  /* Anchored on player 2 instead: the same differences. */
  {
    BsEloRatings other;

    g_assert_true (bs_elo_fit (&table, 2, &other, NULL));
    for (guint i = 0; i < 4; i++)
      g_assert_cmpfloat_with_epsilon (other.rating[i],
                                      ratings.rating[i] - ratings.rating[2], 1e-6);
  }
}

static void
test_symmetry (void)
{
  BsEloTable table;
  BsEloRatings ratings;

  /* Two equal players: rating 0, an interval symmetric about it. */
  bs_elo_table_init (&table, 2);
  add (&table, 0, 1, 10, 5, 10);
  g_assert_true (bs_elo_fit (&table, 0, &ratings, NULL));
  g_assert_cmpfloat_with_epsilon (ratings.rating[1], 0, 1e-9);
  g_assert_cmpfloat_with_epsilon (ratings.low[1], -ratings.high[1], 1e-9);
  /* 75% with the prior's draw: 15.5 of 21 points, r = 400 log10 (15.5 / 5.5). */
  bs_elo_table_init (&table, 2);
  add (&table, 1, 0, 15, 0, 5);
  g_assert_true (bs_elo_fit (&table, 0, &ratings, NULL));
  g_assert_cmpfloat_with_epsilon (ratings.rating[1], 400 * log10 (15.5 / 5.5), 1e-6);
}

static void
test_disconnected (void)
{
  BsEloTable table;
  BsEloRatings ratings;
  g_autoptr(GError) error = NULL;

  bs_elo_table_init (&table, 4);
  add (&table, 0, 1, 3, 0, 2);
  add (&table, 2, 3, 3, 0, 2);
  g_assert_false (bs_elo_fit (&table, 0, &ratings, &error));
  g_assert_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/elo/round-robin", test_round_robin);
  g_test_add_func ("/elo/symmetry", test_symmetry);
  g_test_add_func ("/elo/disconnected", test_disconnected);
  return g_test_run ();
}
