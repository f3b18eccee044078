/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A benchmark, not a test: uniformly random playouts from the start of a
 * module's default variant, single thread, as `meson test --benchmark`
 * runs it. Each playout draws a new start from its own seed (Tribes'
 * bag draw is part of the playout) and plays random steps until the game
 * ends; for a simultaneous game that gives every piece a uniformly random
 * order each round.
 *
 *   bench-playouts [MODULE [PLAYOUTS [RUNS]]]    (default: tribes 200000 5)
 *
 * Prints playouts per second for each run and their median, and the mean
 * and median game length in turns (rounds for Tribes). */

#include "config.h"

#include <stdlib.h>

#include "bs-ruleset.h"

static int
compare_doubles (const void *a,
                 const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

static int
compare_uints (const void *a,
               const void *b)
{
  guint x = *(const guint *) a, y = *(const guint *) b;

  return x < y ? -1 : x > y;
}

int
main (int   argc,
      char *argv[])
{
  const char *module = argc > 1 ? argv[1] : "tribes";
  guint n_playouts = argc > 2 ? (guint) atoi (argv[2]) : 200000;
  guint n_runs = argc > 3 ? (guint) atoi (argv[3]) : 5;
  g_autoptr (GError) error = NULL;
  g_autoptr (BsVariant) variant = bs_variant_new_for_module (module, &error);
  g_autoptr (BsRuleset) rs = NULL;
  g_autofree BsMove *scratch = NULL;
  g_autofree BsPosition *pos = NULL;
  g_autofree double *rates = NULL;
  g_autofree guint *lengths = NULL;
  guint64 wins[4] = { 0 };
  double total_turns = 0;

  if (variant == NULL || (rs = bs_ruleset_new (variant, &error)) == NULL)
    {
      g_printerr ("%s\n", error->message);
      return 2;
    }
  if (n_playouts == 0 || n_runs == 0)
    return 2;
  scratch = g_new (BsMove, rs->max_moves);
  rates = g_new (double, n_runs);
  lengths = g_new (guint, n_playouts);
  pos = bs_ruleset_new_position (rs, 0);

  for (guint run = 0; run < n_runs; run++)
    {
      BsRng rng;
      gint64 start;

      bs_rng_init (&rng, run);
      start = g_get_monotonic_time ();
      for (guint i = 0; i < n_playouts; i++)
        {
          g_autofree BsPosition *fresh = bs_ruleset_new_position (rs, bs_rng_next (&rng));

          bs_position_copy (rs, pos, fresh);
          while (!bs_position_is_over (pos))
            bs_ruleset_apply (rs, pos, bs_ruleset_random_move (rs, pos, &rng, scratch), NULL);
          if (run == 0)
            {
              lengths[i] = pos->ply;
              total_turns += pos->ply;
              wins[pos->result]++;
            }
        }
      rates[run] = n_playouts / ((g_get_monotonic_time () - start) / 1e6);
      g_print ("run %u: %.0f playouts/s\n", run + 1, rates[run]);
    }

  qsort (rates, n_runs, sizeof (double), compare_doubles);
  qsort (lengths, n_playouts, sizeof (guint), compare_uints);
  g_print ("%s: median %.0f playouts/s over %u runs of %u playouts\n",
           module, rates[n_runs / 2], n_runs, n_playouts);
  g_print ("turns per game: mean %.3f, median %u; player 1 wins %.1f%%, "
           "player 2 wins %.1f%%, draws %.1f%%\n",
           total_turns / n_playouts, lengths[n_playouts / 2],
           100.0 * wins[BS_RESULT_WIN_1] / n_playouts,
           100.0 * wins[BS_RESULT_WIN_2] / n_playouts,
           100.0 * wins[BS_RESULT_DRAW] / n_playouts);
  return 0;
}
