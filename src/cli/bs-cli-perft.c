/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-cli"

#include "config.h"

#include <glib/gi18n.h>

#include "bs-cli-common.h"
#include "bs-error.h"

/* perft VARIANT DEPTH [--moves …]: the number of move sequences of each
 * length 1..DEPTH from the position, by generate/apply/undo. A sequence
 * stops at a finished game. In a simultaneous game the unit is one step (one
 * piece's order), which is what the generic layer sees. */

#define PERFT_MAX_DEPTH 64

typedef struct {
  const BsRuleset *rs;
  int              depth;
  BsMove          *moves[PERFT_MAX_DEPTH];
  BsUndo          *undo[PERFT_MAX_DEPTH];
  guint64          counts[PERFT_MAX_DEPTH];
} Perft;

static void
perft (Perft      *p,
       BsPosition *pos,
       int         level)
{
  guint n_moves;

  if (bs_position_is_over (pos))
    return;
  n_moves = bs_ruleset_generate (p->rs, pos, p->moves[level]);
  p->counts[level] += n_moves;
  if (level + 1 >= p->depth)
    return;
  for (guint i = 0; i < n_moves; i++)
    {
      p->undo[level]->n_entries = 0;
      bs_ruleset_apply (p->rs, pos, p->moves[level][i], p->undo[level]);
      perft (p, pos, level + 1);
      bs_ruleset_undo (p->rs, pos, p->undo[level]);
    }
}

int
bs_cli_perft (int    argc,
              char **argv)
{
  static const BsCliSpec spec = {
    "perft", N_("VARIANT DEPTH"),
    N_("Count the move sequences of each length 1..DEPTH from the position after --moves."),
    BS_CLI_OPT_SET | BS_CLI_OPT_MOVES | BS_CLI_OPT_SEED, 2, 2, NULL,
  };
  g_autoptr(BsRuleset) rs = NULL;
  g_autofree BsPosition *pos = NULL;
  GError *error = NULL;
  BsCliOptions options;
  Perft p = { NULL, 0, { NULL }, { NULL }, { 0 } };
  guint depth = 0;

  if (!bs_cli_parse (&spec, argc, argv, &options))
    return BS_CLI_EXIT_BAD_INPUT;

  if (!bs_cli_parse_uint ("DEPTH", options.args[1], 1, PERFT_MAX_DEPTH, &depth, &error))
    {
      bs_cli_options_clear (&options);
      return bs_cli_fail (error);
    }

  rs = bs_cli_load_ruleset (options.args[0], &options, &error);
  if (rs != NULL)
    pos = bs_cli_start_position (rs, &options, &error);
  if (pos == NULL)
    {
      bs_cli_options_clear (&options);
      return bs_cli_fail (error);
    }

  p.rs = rs;
  p.depth = (int) depth;
  for (int d = 0; d < p.depth; d++)
    {
      p.moves[d] = g_new (BsMove, rs->max_moves);
      p.undo[d] = bs_undo_new (rs);
    }
  perft (&p, pos, 0);

  if (options.json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();

      json_builder_begin_array (b);
      for (int d = 0; d < p.depth; d++)
        json_builder_add_int_value (b, (gint64) p.counts[d]);
      json_builder_end_array (b);
      bs_cli_print_builder (b);
    }
  else
    for (int d = 0; d < p.depth; d++)
      g_print ("%d %" G_GUINT64_FORMAT "\n", d + 1, p.counts[d]);

  for (int d = 0; d < p.depth; d++)
    {
      g_free (p.moves[d]);
      bs_undo_free (p.undo[d]);
    }
  bs_cli_options_clear (&options);
  return BS_CLI_EXIT_OK;
}
