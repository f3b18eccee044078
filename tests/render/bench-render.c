/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Render benchmarks (meson test --benchmark --suite render -v), measured
 * inside the process so start-up does not count:
 *   - an 8×8 position (Astoria mid-game when the module is built, else a
 *     made-up one) to a 1024-pixel PNG file; target: median under 20 ms;
 *   - a 60-move game to a 512-pixel animated GIF; target: under 2 s.
 * Prints the median, minimum and maximum of several runs, wall clock and
 * CPU time of the thread (the CPU time is what the code costs on a loaded
 * machine). --runs N changes the number of runs. */

#include "config.h"

#include <stdio.h>
#include <time.h>

#include "render-test-util.h"

typedef struct {
  double wall;
  double cpu;
} Sample;

static double
cpu_ms (void)
{
  struct timespec t;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static int
compare_doubles (const void *a,
                 const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static void
report (const char   *what,
        Sample       *samples,
        int           n,
        double        target_ms)
{
  g_autofree double *wall = g_new (double, n);
  g_autofree double *cpu = g_new (double, n);

  for (int i = 0; i < n; i++)
    {
      wall[i] = samples[i].wall;
      cpu[i] = samples[i].cpu;
    }
  qsort (wall, n, sizeof (double), compare_doubles);
  qsort (cpu, n, sizeof (double), compare_doubles);
  printf ("%s: median %.2f ms wall (min %.2f, max %.2f), %.2f ms CPU, %d runs; "
          "target %.0f ms: %s\n",
          what, wall[n / 2], wall[0], wall[n - 1], cpu[n / 2], n, target_ms,
          wall[n / 2] < target_ms ? "met" : "MISSED");
}

static BsRuleset *
astoria_or_null (void)
{
  if (bs_module_find ("astoria") == NULL)
    return NULL;
  return load_ruleset ("astoria");
}

static void
bench_png (const char *dir,
           int         runs)
{
  g_autoptr(BsRuleset) rs = astoria_or_null ();
  g_autoptr(BsExportGame) game = NULL;
  g_autofree char *path = g_build_filename (dir, "bench.png", NULL);
  g_autofree Sample *samples = g_new (Sample, runs);
  const BsRuleset *target;
  const BsPosition *pos;
  FakeGame fake = { 0 };
  BsRenderOptions o;

  bs_render_options_init (&o);
  o.coordinates = TRUE;
  if (rs != NULL)
    {
      game = random_game (rs, 30, 11);
      target = rs;
      pos = bs_export_game_position (game, bs_export_game_n_positions (game) - 1);
      bs_export_move_cells (rs, bs_export_game_move (game, bs_export_game_n_positions (game) - 1),
                            &o.last_move_from, &o.last_move_to);
    }
  else
    {
      fake_game_init (&fake, BS_SHAPE_SQUARE, 8, 8, NULL);
      fake_game_fill (&fake, 5);
      target = &fake.rs;
      pos = fake.pos;
      o.last_move_to = 27;
    }

  for (int i = 0; i < runs; i++)
    {
      g_autoptr(GError) error = NULL;
      gint64 wall = g_get_monotonic_time ();
      double cpu = cpu_ms ();

      if (!bs_export_position (target, pos, &o, 1024, 1024, path, &error))
        g_error ("%s", error->message);
      samples[i].wall = (g_get_monotonic_time () - wall) / 1000.0;
      samples[i].cpu = cpu_ms () - cpu;
    }
  report (rs != NULL ? "8x8 Astoria mid-game → 1024 px PNG file"
                     : "8x8 made-up position → 1024 px PNG file",
          samples, runs, 20);
  if (rs == NULL)
    fake_game_clear (&fake);
}

static void
bench_gif (const char *dir,
           int         runs)
{
  g_autoptr(BsRuleset) rs = astoria_or_null ();
  g_autoptr(BsExportGame) game = NULL;
  g_autofree char *path = g_build_filename (dir, "bench.gif", NULL);
  g_autofree Sample *samples = NULL;
  BsExportGameOptions options;
  BsRenderOptions o;
  guint moves;

  if (rs == NULL)
    {
      printf ("60-move GIF: skipped, the Astoria module is not built\n");
      return;
    }
  game = random_game (rs, 60, 12);
  moves = bs_export_game_n_positions (game) - 1;
  bs_render_options_init (&o);
  o.coordinates = TRUE;
  bs_export_game_options_init (&options);
  runs = MAX (3, runs / 5);
  samples = g_new (Sample, runs);
  for (int i = 0; i < runs; i++)
    {
      g_autoptr(GError) error = NULL;
      gint64 wall = g_get_monotonic_time ();
      double cpu = cpu_ms ();

      if (!bs_export_gif (game, &o, &options, 512, 512, path, &error))
        g_error ("%s", error->message);
      samples[i].wall = (g_get_monotonic_time () - wall) / 1000.0;
      samples[i].cpu = cpu_ms () - cpu;
    }
  {
    g_autofree char *what = g_strdup_printf ("%u-move Astoria game → 512 px GIF", moves);

    report (what, samples, runs, 2000);
  }
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *dir = make_temp_dir ();
  int runs = 21;

  for (int i = 1; i + 1 < argc; i++)
    if (g_str_equal (argv[i], "--runs"))
      runs = CLAMP (atoi (argv[i + 1]), 1, 1000);

  bench_png (dir, runs);
  bench_gif (dir, runs);
  rm_tree (dir);
  return 0;
}
