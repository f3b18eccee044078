/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-hexgames: uniformly random playouts from the start, single thread,
 * as `boardsmith-cli bench` will measure them. Prints every run and the
 * median playouts per second, by the process's CPU time (what the code
 * costs, whatever else the machine runs) and by the wall clock.
 *
 *   bench-hexgames MODULE [KEY=VALUE...] [--playouts N] [--runs R] [--seed S] */

#include "config.h"

#include <stdlib.h>
#include <time.h>

#include "bs-ruleset.h"

static double
cpu_seconds (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

static int
compare_doubles (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

int
main (int argc, char *argv[])
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariant) variant = NULL;
  g_autoptr(BsRuleset) rs = NULL;
  g_autofree BsMove *scratch = NULL;
  g_autofree BsPosition *start = NULL;
  g_autofree BsPosition *pos = NULL;
  g_autofree double *rates = NULL;
  g_autofree double *wall_rates = NULL;
  guint playouts = 20000, runs = 5;
  guint64 seed = 1;
  guint64 total_plies = 0, results[4] = { 0 };
  BsRng rng;

  if (argc < 2)
    {
      g_printerr ("usage: %s MODULE [KEY=VALUE...] [--playouts N] [--runs R] [--seed S]\n",
                  argv[0]);
      return 2;
    }
  variant = bs_variant_new_for_module (argv[1], &error);
  for (int i = 2; variant != NULL && i < argc; i++)
    {
      if (g_str_equal (argv[i], "--playouts") && i + 1 < argc)
        playouts = (guint) atoi (argv[++i]);
      else if (g_str_equal (argv[i], "--runs") && i + 1 < argc)
        runs = (guint) atoi (argv[++i]);
      else if (g_str_equal (argv[i], "--seed") && i + 1 < argc)
        seed = g_ascii_strtoull (argv[++i], NULL, 10);
      else
        {
          g_auto(GStrv) kv = g_strsplit (argv[i], "=", 2);
          if (g_strv_length (kv) != 2)
            {
              g_printerr ("%s: expected KEY=VALUE\n", argv[i]);
              return 2;
            }
          if (!bs_variant_set (variant, kv[0], kv[1], &error))
            break;
        }
    }
  if (variant != NULL && error == NULL)
    rs = bs_ruleset_new (variant, &error);
  if (rs == NULL)
    {
      g_printerr ("%s\n", error->message);
      return 2;
    }
  if (playouts == 0 || runs == 0)
    return 2;

  scratch = g_new (BsMove, rs->max_moves);
  start = bs_ruleset_new_position (rs, seed);
  pos = bs_position_dup (rs, start);
  rates = g_new (double, runs);
  wall_rates = g_new (double, runs);
  bs_rng_init (&rng, seed);
  for (guint r = 0; r < runs; r++)
    {
      gint64 t0 = g_get_monotonic_time ();
      double c0 = cpu_seconds ();
      double seconds;
      for (guint g = 0; g < playouts; g++)
        {
          bs_position_copy (rs, pos, start);
          while (!bs_position_is_over (pos))
            bs_ruleset_apply (rs, pos, bs_ruleset_random_move (rs, pos, &rng, scratch), NULL);
          total_plies += pos->ply;
          results[pos->result]++;
        }
      seconds = (g_get_monotonic_time () - t0) / 1e6;
      wall_rates[r] = playouts / seconds;
      rates[r] = playouts / (cpu_seconds () - c0);
      g_print ("run %u: %.0f playouts/s (CPU time), %.0f (wall clock)\n", r + 1, rates[r],
               wall_rates[r]);
    }
  qsort (rates, runs, sizeof *rates, (int (*) (const void *, const void *)) compare_doubles);
  qsort (wall_rates, runs, sizeof *wall_rates,
         (int (*) (const void *, const void *)) compare_doubles);
  g_print ("%s, %d cells: median %.0f playouts/s by CPU time (%.0f by the wall clock) "
           "over %u runs of %u; mean %.2f plies; "
           "player 1 wins %.1f%%, player 2 %.1f%%, draws %.1f%%\n",
           argv[1], rs->n_cells, rates[runs / 2], wall_rates[runs / 2], runs, playouts,
           (double) total_plies / ((double) runs * playouts),
           100.0 * results[BS_RESULT_WIN_1] / ((double) runs * playouts),
           100.0 * results[BS_RESULT_WIN_2] / ((double) runs * playouts),
           100.0 * results[BS_RESULT_DRAW] / ((double) runs * playouts));
  return 0;
}
