/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-playouts.c: uniformly random playouts from the start of a module's
 * default variant, single thread, until the CLI's `bench` is available.
 *
 *   bench-playouts MODULE [PLAYOUTS] [SEED] [KEY=VALUE...]
 *
 * Prints playouts per second, the mean game length in plies and the
 * results. Registered with `meson test --benchmark`. */

#include "config.h"

#include <stdlib.h>
#include <time.h>

#include "bs-ruleset.h"
#include "bs-variant.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariant) variant = NULL;
  g_autoptr(BsRuleset) rs = NULL;
  g_autofree BsMove *scratch = NULL;
  g_autofree BsPosition *start = NULL;
  g_autofree BsPosition *pos = NULL;
  guint64 playouts = 10000, seed = 1, plies = 0, results[4] = { 0 };
  gint64 t0, t1;
  struct timespec c0, c1;
  double seconds, cpu_seconds;
  BsRng rng;

  if (argc < 2)
    {
      g_printerr ("usage: %s MODULE [PLAYOUTS] [SEED] [KEY=VALUE...]\n", argv[0]);
      return 2;
    }
  if (argc > 2)
    playouts = g_ascii_strtoull (argv[2], NULL, 10);
  if (argc > 3)
    seed = g_ascii_strtoull (argv[3], NULL, 10);

  variant = bs_variant_new_for_module (argv[1], &error);
  for (int i = 4; variant != NULL && i < argc; i++)
    {
      g_auto(GStrv) kv = g_strsplit (argv[i], "=", 2);

      if (kv[0] == NULL || kv[1] == NULL || !bs_variant_set (variant, kv[0], kv[1], &error))
        break;
    }
  if (error == NULL)
    rs = bs_ruleset_new (variant, &error);
  if (rs == NULL)
    {
      g_printerr ("%s\n", error != NULL ? error->message : "bad KEY=VALUE");
      return 2;
    }

  scratch = g_new (BsMove, rs->max_moves);
  start = bs_ruleset_new_position (rs, seed);
  pos = bs_position_dup (rs, start);
  bs_rng_init (&rng, seed);

  t0 = g_get_monotonic_time ();
  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &c0);
  for (guint64 g = 0; g < playouts; g++)
    {
      bs_position_copy (rs, pos, start);
      while (!bs_position_is_over (pos))
        {
          BsMove move = bs_ruleset_random_move (rs, pos, &rng, scratch);

          bs_ruleset_apply (rs, pos, move, NULL);
        }
      plies += pos->ply;
      results[pos->result & 3]++;
    }
  t1 = g_get_monotonic_time ();
  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &c1);
  seconds = (double) (t1 - t0) / G_USEC_PER_SEC;
  cpu_seconds = (double) (c1.tv_sec - c0.tv_sec) + (c1.tv_nsec - c0.tv_nsec) / 1e9;

  /* The CPU-time rate does not depend on what else the machine runs. */
  g_print ("%s: %" G_GUINT64_FORMAT " playouts in %.3f s: %.0f playouts/s (%.0f per CPU second), "
           "mean %.2f plies; player 1 %" G_GUINT64_FORMAT ", player 2 %" G_GUINT64_FORMAT
           ", draws %" G_GUINT64_FORMAT "\n",
           argv[1], playouts, seconds, playouts / seconds, playouts / cpu_seconds,
           (double) plies / playouts,
           results[BS_RESULT_WIN_1], results[BS_RESULT_WIN_2], results[BS_RESULT_DRAW]);
  return 0;
}
