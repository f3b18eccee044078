/* SPDX-License-Identifier: GPL-3.0-or-later */
/* make-record-seeds DIR: writes game records into DIR for the record
 * fuzzer to start from — for every module, on its default board and on a
 * small one, a few turns in and played to the end by random moves, with
 * results, reasons, names and dates. Deterministic. */

#include "config.h"

#include <glib/gstdio.h>

#include "bs-module.h"
#include "bs-record.h"
#include "bs-rng.h"
#include "bs-ruleset.h"

static void
write_record (const char      *dir,
              const BsVariant *variant,
              guint64          seed,
              guint            max_turns)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BsRuleset) rs = bs_ruleset_new (variant, &error);
  g_autoptr(BsRecord) record = NULL;
  g_autofree BsPosition *pos = NULL;
  g_autofree BsMove *scratch = NULL;
  g_autofree BsMove *steps = NULL;
  g_autofree char *name = NULL;
  g_autofree char *path = NULL;
  BsRng rng;

  if (rs == NULL)
    return;
  record = bs_record_new (variant, seed);
  pos = bs_ruleset_new_position (rs, seed);
  scratch = g_new (BsMove, rs->max_moves);
  steps = g_new (BsMove, bs_ruleset_max_turn_steps (rs));
  bs_rng_init (&rng, seed);
  for (guint turn = 0; turn < max_turns && !bs_position_is_over (pos); turn++)
    {
      g_autofree BsPosition *start = bs_position_dup (rs, pos);
      g_autofree char *text = NULL;
      guint n = 0;

      do
        {
          steps[n] = bs_ruleset_random_move (rs, pos, &rng, scratch);
          bs_ruleset_apply (rs, pos, steps[n++], NULL);
        }
      while (pos->step != 0 && !bs_position_is_over (pos));
      text = bs_ruleset_format_turn (rs, start, steps, n);
      bs_record_add_move (record, text);
    }
  bs_record_set_player (record, 1, seed % 2 ? "Ann & <Bo>" : "Léa");
  if (seed % 3 != 0)
    {
      bs_record_set_result (record, (BsResult) pos->result);
      bs_record_set_ending (record, bs_ruleset_ending (rs, pos));
      bs_record_set_date_now (record);
    }
  name = g_strdup_printf ("%s-%" G_GUINT64_FORMAT "-%u.xml", variant->module, seed, max_turns);
  path = g_build_filename (dir, name, NULL);
  if (!bs_record_save_file (record, path, &error))
    g_error ("%s", error->message);
}

int
main (int    argc,
      char **argv)
{
  guint n = 0;
  const BsModule * const *modules = bs_module_list (&n);

  if (argc != 2)
    {
      g_printerr ("usage: make-record-seeds DIR\n");
      return 2;
    }
  g_mkdir_with_parents (argv[1], 0755);
  for (guint m = 0; m < n; m++)
    {
      g_autoptr(BsVariant) variant = bs_variant_new_for_module (modules[m]->id, NULL);
      g_autoptr(BsVariant) small = bs_variant_copy (variant);
      BsBoardSpec spec = small->board;

      if (spec.shape == BS_SHAPE_SQUARE || spec.shape == BS_SHAPE_HEX_RHOMBUS)
        spec.width = spec.height = MAX (modules[m]->min_side, MIN (modules[m]->max_side, 4));
      else
        spec.size = MAX (modules[m]->min_size, MIN (modules[m]->max_size, 3));
      bs_variant_set_board (small, &spec);
      for (guint64 seed = 1; seed <= 3; seed++)
        {
          write_record (argv[1], variant, seed, seed * 3);
          write_record (argv[1], small, seed + 10, 10000);
        }
    }
  return 0;
}
