/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Every module's move and turn notation, from positions reached by random
 * legal play: each legal move's text parses back to the same move; a
 * move applied and undone restores the position and its hash; a whole
 * turn's text parses back to the same steps; and the input's own text,
 * played as a turn, is either legal or changes nothing.
 *
 * Input: byte 0 picks the module, byte 1 a board (the default or a small
 * one), bytes 2–9 the seed of the setup and of the random play, byte 10
 * how many turns to play; the rest is a turn's text. */

#include "config.h"

#include "fuzz-common.h"

#include "bs-module.h"
#include "bs-ruleset.h"
#include "bs-rng.h"

#define HEADER_SIZE 11
/* Enough to reach the middle and the end of a game on small boards. */
#define MAX_CHECKED_MOVES 48

/* Rulesets are built once per module and board (building one costs more
 * than the checks of an input). */
#define MAX_MODULES 16
static BsRuleset *rulesets[MAX_MODULES][2];
static gboolean tried[MAX_MODULES][2];

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  fuzz_init ();
  return 0;
}

static BsRuleset *
get_ruleset (const BsModule *module,
             guint           index,
             gboolean        small)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariant) variant = NULL;

  if (tried[index][small])
    return rulesets[index][small];
  tried[index][small] = TRUE;
  variant = bs_variant_new_for_module (module->id, &error);
  fuzz_check (variant != NULL, "a module without a default variant");
  /* A small board too: games end within reach of random play. */
  if (small)
    {
      BsBoardSpec spec = variant->board;

      if (spec.shape == BS_SHAPE_SQUARE || spec.shape == BS_SHAPE_HEX_RHOMBUS)
        spec.width = spec.height = MAX (module->min_side, MIN (module->max_side, 4));
      else
        spec.size = MAX (module->min_size, MIN (module->max_size, 3));
      bs_variant_set_board (variant, &spec);
    }
  /* Not every module plays on every small board: then NULL. */
  rulesets[index][small] = bs_ruleset_new (variant, NULL);
  return rulesets[index][small];
}

static void
check_moves (const BsRuleset  *rs,
             const BsPosition *pos,
             BsMove           *moves,
             BsUndo           *undo)
{
  g_autofree BsPosition *work = bs_position_dup (rs, pos);
  g_autofree BsPosition *parsed_pos = bs_position_dup (rs, pos);
  guint n = bs_ruleset_generate (rs, pos, moves);

  for (guint i = 0; i < n && i < MAX_CHECKED_MOVES; i++)
    {
      g_autofree char *text = bs_ruleset_format_move (rs, pos, moves[i]);
      g_autoptr(GError) error = NULL;
      BsMove parsed = 0;

      fuzz_check (text != NULL && g_utf8_validate (text, -1, NULL), "a move without text");
      if (!bs_ruleset_parse_move (rs, pos, text, &parsed, &error))
        {
          g_printerr ("move \"%s\": %s\n", text, error->message);
          fuzz_check (FALSE, "a legal move's text does not parse");
        }
      /* The same move, or one with the same effect. */
      bs_position_copy (rs, work, pos);
      bs_ruleset_apply (rs, work, moves[i], undo);
      fuzz_check (work->hash == bs_position_compute_cells_hash (rs, work),
                  "the hash after a move is not the hash of its cells");
      bs_position_copy (rs, parsed_pos, pos);
      bs_ruleset_apply (rs, parsed_pos, parsed, NULL);
      if (parsed != moves[i] && !bs_position_equal (rs, work, parsed_pos))
        {
          g_printerr ("move \"%s\" parses to another move\n", text);
          fuzz_check (FALSE, "a move's text parses to another move");
        }
      bs_ruleset_undo (rs, work, undo);
      fuzz_check (memcmp (work, pos, rs->position_size) == 0,
                  "undo does not restore the position");
      fuzz_check (bs_position_hash (rs, work) == bs_position_hash (rs, pos),
                  "undo does not restore the hash");
    }
}

/* A whole random turn from pos (at step 0): its text parses back to the
 * same steps, or to steps with the same effect. */
static void
check_turn (const BsRuleset  *rs,
            const BsPosition *pos,
            BsRng            *rng,
            BsMove           *scratch)
{
  guint max_steps = bs_ruleset_max_turn_steps (rs);
  g_autofree BsMove *steps = g_new (BsMove, max_steps);
  g_autofree BsMove *parsed = g_new (BsMove, max_steps);
  g_autofree BsPosition *after = bs_position_dup (rs, pos);
  g_autofree BsPosition *after_parsed = bs_position_dup (rs, pos);
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  guint n = 0, n_parsed = 0;

  do
    {
      steps[n] = bs_ruleset_random_move (rs, after, rng, scratch);
      bs_ruleset_apply (rs, after, steps[n], NULL);
      n++;
    }
  while (after->step != 0 && !bs_position_is_over (after) && n < max_steps);

  text = bs_ruleset_format_turn (rs, pos, steps, n);
  fuzz_check (text != NULL, "a turn without text");
  if (!bs_ruleset_parse_turn (rs, pos, text, parsed, &n_parsed, &error))
    {
      g_printerr ("turn \"%s\": %s\n", text, error->message);
      fuzz_check (FALSE, "a legal turn's text does not parse");
    }
  for (guint i = 0; i < n_parsed; i++)
    bs_ruleset_apply (rs, after_parsed, parsed[i], NULL);
  fuzz_check (bs_position_equal (rs, after, after_parsed), "a turn's text parses to another turn");
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  guint n_modules = 0;
  const BsModule * const *modules = bs_module_list (&n_modules);
  const BsModule *module;
  g_autoptr(GError) error = NULL;
  BsRuleset *rs;
  g_autofree BsPosition *pos = NULL;
  g_autofree BsPosition *before = NULL;
  g_autofree BsMove *scratch = NULL;
  g_autofree char *text = NULL;
  BsUndo *undo;
  guint64 seed = 0;
  BsRng rng;

  if (size < HEADER_SIZE || n_modules == 0)
    return 0;
  fuzz_check (n_modules <= MAX_MODULES, "more modules than MAX_MODULES");
  module = modules[data[0] % n_modules];
  rs = get_ruleset (module, data[0] % n_modules, data[1] & 1);
  if (rs == NULL)
    return 0;
  for (int i = 0; i < 8; i++)
    seed = seed << 8 | data[2 + i];
  pos = bs_ruleset_new_position (rs, seed);
  scratch = g_new (BsMove, rs->max_moves);
  undo = bs_undo_new (rs);
  bs_rng_init (&rng, seed);

  for (guint turn = 0; turn < data[10] && !bs_position_is_over (pos); turn++)
    {
      if (pos->step == 0 && (turn % 7) == 0)
        check_turn (rs, pos, &rng, scratch);
      bs_ruleset_apply (rs, pos, bs_ruleset_random_move (rs, pos, &rng, scratch), NULL);
    }
  if (!bs_position_is_over (pos))
    check_moves (rs, pos, scratch, undo);

  /* The input's text as a turn, from the start of a turn. */
  while (pos->step != 0 && !bs_position_is_over (pos))
    bs_ruleset_apply (rs, pos, bs_ruleset_random_move (rs, pos, &rng, scratch), NULL);
  before = bs_position_dup (rs, pos);
  text = fuzz_string (data + HEADER_SIZE, size - HEADER_SIZE);
  if (!bs_ruleset_play_turn (rs, pos, text, &error))
    {
      fuzz_check_error (error);
      fuzz_check (memcmp (pos, before, rs->position_size) == 0,
                  "a refused move changed the position");
    }
  else
    fuzz_check (pos->hash == bs_position_compute_cells_hash (rs, pos),
                "the hash after a parsed turn is not the hash of its cells");
  bs_undo_free (undo);
  return 0;
}
