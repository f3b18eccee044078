/* SPDX-License-Identifier: GPL-3.0-or-later */
/* rules-digest: a digest of random games of a written game, to show that
 * a change of the rules kernels plays the same games move for move:
 *   rules-digest RULES_FILE GAMES [KEY=VALUE...]
 * For GAMES games from seeds 1, 2, ... it folds, after every ply, the
 * random move, the number of moves generate () gives, the cells' hash
 * and the full hash, then the result; every ply is also applied with an
 * undo record and taken back (the position must come back byte for
 * byte). Then GAMES more through bs_ruleset_playout (the random turn):
 * their plies and final full hash. Prints one line: the digest and the
 * plies played. Run it on the old and the new build and compare. */

#include "config.h"

#include <stdlib.h>

#include "bs-ruleset.h"
#include "bs-rules-game.h"

static guint64
fold (guint64 h, guint64 v)
{
  h ^= v + G_GUINT64_CONSTANT (0x9e3779b97f4a7c15) + (h << 6) + (h >> 2);
  return h * G_GUINT64_CONSTANT (0xff51afd7ed558ccd);
}

int
main (int argc, char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariant) variant = NULL;
  g_autoptr(BsRuleset) rs = NULL;
  g_autoptr(BsRulesGame) game = NULL;
  g_autofree BsPosition *start = NULL;
  g_autofree BsPosition *pos = NULL;
  g_autofree BsPosition *copy = NULL;
  g_autofree BsMove *moves = NULL;
  BsUndo *undo;
  guint64 games, plies = 0, digest = 0;

  if (argc < 3)
    {
      g_printerr ("usage: rules-digest RULES_FILE GAMES [KEY=VALUE...]\n");
      return 2;
    }
  if ((game = bs_rules_game_load_file (argv[1], &error)) != NULL)
    variant = bs_rules_game_new_variant (game, (const char * const *) argv + 3, &error);
  if (variant != NULL)
    rs = bs_rules_game_new_ruleset (game, variant, &error);
  if (rs == NULL)
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }
  games = g_ascii_strtoull (argv[2], NULL, 10);
  start = bs_ruleset_new_position (rs, 1);
  pos = bs_position_dup (rs, start);
  copy = bs_position_dup (rs, start);
  moves = g_new (BsMove, rs->max_moves);
  undo = bs_undo_new (rs);
  for (guint64 g = 0; g < games; g++)
    {
      BsRng rng;

      bs_rng_init (&rng, g + 1);
      bs_position_copy (rs, pos, start);
      while (pos->result == BS_RESULT_ONGOING && plies < G_MAXUINT64)
        {
          guint n = bs_ruleset_generate (rs, pos, moves);
          BsMove move = bs_ruleset_random_move (rs, pos, &rng, moves);

          bs_position_copy (rs, copy, pos);
          bs_ruleset_apply (rs, copy, move, undo);
          bs_ruleset_undo (rs, copy, undo);
          if (!bs_position_equal (rs, copy, pos) || copy->hash != pos->hash)
            {
              g_printerr ("game %" G_GUINT64_FORMAT " ply %u: undo does not restore\n",
                          g + 1, (guint) pos->ply);
              return 1;
            }
          bs_ruleset_apply (rs, pos, move, NULL);
          if (pos->hash != bs_position_compute_cells_hash (rs, pos))
            {
              g_printerr ("game %" G_GUINT64_FORMAT " ply %u: cells' hash differs\n",
                          g + 1, (guint) pos->ply);
              return 1;
            }
          digest = fold (digest, move);
          digest = fold (digest, n);
          digest = fold (digest, pos->hash);
          digest = fold (digest, bs_position_hash (rs, pos));
          digest = fold (digest, pos->result);
          plies++;
        }
    }
  for (guint64 g = 0; g < games; g++)
    {
      BsRng rng;
      guint64 n;

      bs_rng_init (&rng, 1000000 + g);
      bs_position_copy (rs, pos, start);
      n = bs_ruleset_playout (rs, pos, &rng, moves, G_MAXUINT64);
      bs_position_set_playout (rs, pos, FALSE);
      digest = fold (digest, n);
      digest = fold (digest, bs_position_hash (rs, pos));
      digest = fold (digest, pos->result);
      plies += n;
    }
  bs_undo_free (undo);
  g_print ("%016" G_GINT64_MODIFIER "x %" G_GUINT64_FORMAT "\n", digest, plies);
  return 0;
}
