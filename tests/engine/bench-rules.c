/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bench-rules: random playouts of a variant played by its C module or by
 * a game written in the rules language, for instruction counts per ply
 * (run it under callgrind twice, with 1 and N playouts, as
 * callgrind-per-ply.py does with the CLI's bench):
 *   bench-rules VARIANT_FILE c|RULES_FILE PLAYOUTS [KEY=VALUE...]
 * VARIANT_FILE "-": the written game's own default variant (a game with
 * no C module has no variant file), then width=, height= and its options
 * from the KEY=VALUE settings. */

#include "config.h"

#include <stdlib.h>

#include "bs-ruleset.h"
#include "bs-rules-game.h"
#include "bs-variant-xml.h"

int
main (int argc, char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariant) variant = NULL;
  g_autoptr(BsRuleset) rs = NULL;
  g_autoptr(BsRulesGame) game = NULL;
  g_autofree BsPosition *start = NULL;
  g_autofree BsPosition *pos = NULL;
  g_autofree BsMove *scratch = NULL;
  guint64 playouts, plies = 0;
  BsRng rng;

  if (argc < 4)
    {
      g_printerr ("usage: bench-rules VARIANT_FILE|- c|RULES_FILE PLAYOUTS [KEY=VALUE...]\n");
      return 2;
    }
  if (g_str_equal (argv[1], "-"))
    {
      if ((game = bs_rules_game_load_file (argv[2], &error)) != NULL)
        variant = bs_rules_game_new_variant (game, (const char * const *) argv + 4, &error);
    }
  else
    variant = bs_variant_load_file (argv[1], &error);
  if (variant != NULL && argc > 4 && game == NULL)
    bs_variant_apply_settings (variant, (const char * const *) argv + 4, &error);
  if (game != NULL && variant != NULL && error == NULL)
    rs = bs_rules_game_new_ruleset (game, variant, &error);
  else if (variant != NULL && error == NULL)
    {
      if (g_str_equal (argv[2], "c"))
        rs = bs_ruleset_new (variant, &error);
      else if ((game = bs_rules_game_load_file (argv[2], &error)) != NULL)
        rs = bs_rules_game_new_ruleset (game, variant, &error);
    }
  if (rs == NULL)
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }
  playouts = g_ascii_strtoull (argv[3], NULL, 10);
  start = bs_ruleset_new_position (rs, 1);
  pos = bs_position_dup (rs, start);
  scratch = g_new (BsMove, rs->max_moves);
  bs_rng_init (&rng, 1);
  for (guint64 i = 0; i < playouts; i++)
    {
      bs_position_copy (rs, pos, start);
      plies += bs_ruleset_playout (rs, pos, &rng, scratch, G_MAXUINT64);
    }
  g_print ("%" G_GUINT64_FORMAT "\n", plies);
  return 0;
}
