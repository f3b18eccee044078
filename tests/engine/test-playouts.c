/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Property tests over every registered rule module and several boards:
 * thousands of uniformly random playouts in which, at every step,
 *  - a position that is not over has legal moves, and the fast random move
 *    is one of them;
 *  - apply then undo restores the exact position and its hash;
 *  - the incremental Zobrist hash equals one computed from scratch;
 *  - the piece counts kept in the header equal the pieces on the cells, and
 *    supplies never grow;
 *  - each move's notation parses back to the same move;
 * and every game ends. */

#include "config.h"

#include "bs-error.h"
#include "bs-ruleset.h"

#define MAX_STEPS 200000

typedef struct {
  const BsModule *module;
  BsBoardSpec     spec;
  guint           n_playouts;
} Config;

static guint n_playouts = 250;

static void
check_counts (const BsRuleset *rs, const BsPosition *pos)
{
  int count[2][BS_MAX_KINDS] = { { 0 } };

  for (int c = 0; c < rs->n_cells; c++)
    {
      guint8 v = pos->cells[c];
      if (v == BS_CELL_EMPTY)
        continue;
      g_assert_cmpint (BS_CELL_OWNER (v), >=, 1);
      g_assert_cmpint (BS_CELL_OWNER (v), <=, 2);
      g_assert_cmpint (BS_CELL_KIND (v), <, (int) rs->module->n_kinds);
      count[BS_CELL_OWNER (v) - 1][BS_CELL_KIND (v)]++;
    }
  for (int p = 0; p < 2; p++)
    for (int k = 0; k < BS_MAX_KINDS; k++)
      g_assert_cmpint (pos->on_board[p][k], ==, count[p][k]);
}

static void
check_notation (const BsRuleset *rs, const BsPosition *pos, BsMove move)
{
  g_autofree char *text = bs_ruleset_format_move (rs, pos, move);
  g_autoptr(GError) error = NULL;
  BsMove parsed = 0;

  g_assert_nonnull (text);
  g_assert_cmpstr (text, !=, "");
  if (!bs_ruleset_parse_move (rs, pos, text, &parsed, &error))
    g_error ("%s: \"%s\" does not parse back: %s", rs->module->id, text, error->message);
  g_assert_cmpuint (parsed, ==, move);
}

static void
run_playouts (const BsRuleset *rs, guint64 seed, guint n)
{
  g_autofree BsMove *moves = g_new (BsMove, rs->max_moves);
  g_autofree BsMove *scratch = g_new (BsMove, rs->max_moves);
  g_autofree BsMove *turn = g_new (BsMove, bs_ruleset_max_turn_steps (rs));
  BsUndo *undo = bs_undo_new (rs);
  gboolean sim = bs_ruleset_is_simultaneous (rs);
  BsRng rng;
  double total_steps = 0;

  bs_rng_init (&rng, seed);
  for (guint game = 0; game < n; game++)
    {
      g_autofree BsPosition *pos = bs_ruleset_new_position (rs, seed + game);
      g_autofree BsPosition *before = g_malloc (rs->position_size);
      g_autofree BsPosition *turn_start = bs_position_dup (rs, pos);
      guint n_turn = 0;
      int steps = 0;

      check_counts (rs, pos);
      g_assert_cmpuint (pos->hash, ==, bs_position_compute_cells_hash (rs, pos));

      while (!bs_position_is_over (pos))
        {
          guint n_moves = bs_ruleset_generate (rs, pos, moves);
          BsMove move, fast;
          guint64 hash_before;
          gboolean found = FALSE;

          g_assert_cmpuint (n_moves, >, 0);
          g_assert_cmpuint (n_moves, <=, rs->max_moves);

          /* The module's random move (when it has one) must be legal. */
          fast = bs_ruleset_random_move (rs, pos, &rng, scratch);
          for (guint i = 0; i < n_moves && !found; i++)
            found = moves[i] == fast;
          g_assert_true (found);

          move = (game % 2 == 0) ? fast : moves[bs_rng_below (&rng, n_moves)];
          if (!sim || game % 16 == 0)
            check_notation (rs, pos, move);

          bs_position_copy (rs, before, pos);
          hash_before = bs_position_hash (rs, pos);
          bs_ruleset_apply (rs, pos, move, undo);
          g_assert_cmpuint (pos->hash, ==, bs_position_compute_cells_hash (rs, pos));
          check_counts (rs, pos);
          for (int p = 0; p < 2; p++)
            for (int k = 0; k < BS_MAX_KINDS; k++)
              g_assert_cmpuint (pos->supply[p][k], <=, before->supply[p][k]);

          bs_ruleset_undo (rs, pos, undo);
          g_assert_true (bs_position_equal (rs, pos, before));
          g_assert_cmpuint (bs_position_hash (rs, pos), ==, hash_before);
          bs_ruleset_apply (rs, pos, move, NULL);

          /* Turns: the notation of a whole turn replays to the same place. */
          turn[n_turn++] = move;
          if (pos->step == 0)
            {
              if (sim && game % 16 == 0)
                {
                  g_autofree char *text = bs_ruleset_format_turn (rs, turn_start, turn, n_turn);
                  g_autoptr(GError) error = NULL;
                  g_autofree BsPosition *replay = bs_position_dup (rs, turn_start);

                  if (!bs_ruleset_play_turn (rs, replay, text, &error))
                    g_error ("%s: turn \"%s\" does not replay: %s", rs->module->id, text, error->message);
                  g_assert_true (bs_position_equal (rs, replay, pos));
                }
              n_turn = 0;
              bs_position_copy (rs, turn_start, pos);
            }
          g_assert_cmpuint (n_turn, <, bs_ruleset_max_turn_steps (rs));

          if (++steps > MAX_STEPS)
            g_error ("%s: a game did not end in %d steps", rs->module->id, MAX_STEPS);
        }
      total_steps += steps;
      g_assert_cmpuint (bs_ruleset_generate (rs, pos, moves), ==, 0);
      {
        int scores[2];
        bs_ruleset_scores (rs, pos, scores);
      }
    }
  g_test_message ("%s: %u playouts, %.1f steps on average", rs->module->id, n, total_steps / n);
  bs_undo_free (undo);
}

/* Playout mode changes what the position keeps, never the game: the same
 * moves give the same cells, counts and results as in normal mode, the hash
 * still answers, and leaving the mode restores the exact position. The
 * playout loop itself (bs_ruleset_playout) plays what random steps do. */
static void
run_playout_mode (const BsRuleset *rs, guint64 seed, guint n)
{
  g_autofree BsMove *scratch = g_new (BsMove, rs->max_moves);

  for (guint game = 0; game < n; game++)
    {
      g_autofree BsPosition *normal = bs_ruleset_new_position (rs, seed + game);
      g_autofree BsPosition *fast = bs_position_dup (rs, normal);
      g_autofree BsPosition *looped = bs_position_dup (rs, normal);
      BsRng rng, rng_loop;
      guint64 steps = 0;

      bs_rng_init (&rng, seed * 31 + game);
      rng_loop = rng;
      bs_position_set_playout (rs, fast, TRUE);
      while (!bs_position_is_over (normal))
        {
          BsMove move = bs_ruleset_random_move (rs, normal, &rng, scratch);

          bs_ruleset_apply (rs, normal, move, NULL);
          bs_ruleset_apply (rs, fast, move, NULL);
          steps++;
          g_assert_cmpmem (normal->cells, rs->n_cells, fast->cells, rs->n_cells);
          g_assert_cmpmem (normal->on_board, sizeof normal->on_board,
                           fast->on_board, sizeof fast->on_board);
          g_assert_cmpint (normal->result, ==, fast->result);
          g_assert_cmpuint (normal->ply, ==, fast->ply);
          g_assert_cmpuint (bs_position_hash (rs, fast), ==, bs_position_hash (rs, normal));
        }
      bs_position_set_playout (rs, fast, FALSE);
      g_assert_true (bs_position_equal (rs, fast, normal));

      g_assert_cmpuint (bs_ruleset_playout (rs, looped, &rng_loop, scratch, G_MAXUINT64), ==, steps);
      g_assert_true (looped->flags & BS_POSITION_PLAYOUT);
      bs_position_set_playout (rs, looped, FALSE);
      g_assert_true (bs_position_equal (rs, looped, normal));
    }
}

static void
test_module (gconstpointer data)
{
  const Config *config = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariant) variant = bs_variant_new_for_module (config->module->id, &error);
  g_autoptr(BsRuleset) rs = NULL;

  g_assert_no_error (error);
  variant->board = config->spec;
  rs = bs_ruleset_new (variant, &error);
  g_assert_no_error (error);
  run_playouts (rs, 1000 + config->spec.size * 7 + config->spec.width,
                config->n_playouts ? config->n_playouts : n_playouts);
  run_playout_mode (rs, 77 + config->spec.size * 7 + config->spec.width,
                    config->n_playouts ? config->n_playouts : 20);
}

/* The module's default board and, within its declared ranges, the smallest
 * boards of each shape it plays on, one in between, and two large ones
 * (bit sets of many words; the largest board) with fewer playouts. */
static void
add_configs (const BsModule *module)
{
  for (guint shape = 0; shape < BS_N_SHAPES; shape++)
    {
      gboolean sides = shape == BS_SHAPE_SQUARE || shape == BS_SHAPE_HEX_RHOMBUS;
      int lo = sides ? module->min_side : module->min_size;
      int hi = sides ? module->max_side : module->max_size;
      int picks[5];
      const guint playouts[5] = { 0, 0, 0, 12, 2 };

      if (!(module->shapes & (1u << shape)))
        continue;
      picks[0] = lo;
      picks[1] = MIN (hi, lo + 2);
      picks[2] = -1;
      if (shape == module->default_board.shape)
        picks[2] = sides ? module->default_board.width : module->default_board.size;
      picks[3] = MIN (hi, 10);
      picks[4] = hi;
      for (int i = 0; i < 5; i++)
        {
          Config *config;
          g_autofree char *path = NULL;
          g_autoptr(BsVariant) variant = NULL;
          g_autoptr(BsRuleset) rs = NULL;
          gboolean seen = FALSE;

          for (int j = 0; j < i; j++)
            seen |= picks[j] == picks[i];
          if (picks[i] < 0 || seen)
            continue;
          config = g_new0 (Config, 1);
          config->module = module;
          config->n_playouts = playouts[i];
          config->spec = module->default_board;
          config->spec.shape = (BsShape) shape;
          if (sides)
            config->spec.width = config->spec.height = picks[i];
          else
            config->spec.size = picks[i];
          if (shape == BS_SHAPE_SQUARE && config->spec.adjacency != 8)
            config->spec.adjacency = module->square_adjacency ? module->square_adjacency : 4;

          /* Boards the module refuses with the default supplies (Tribes
           * needs enough pieces to fill the board) are not playable here. */
          variant = bs_variant_new_for_module (module->id, NULL);
          variant->board = config->spec;
          rs = bs_ruleset_new (variant, NULL);
          if (rs == NULL)
            {
              g_free (config);
              continue;
            }
          path = g_strdup_printf ("/playouts/%s/%s-%d", module->id,
                                  bs_shape_to_string ((BsShape) shape), picks[i]);
          g_test_add_data_func_full (path, config, test_module, g_free);
        }
    }
}

static void
test_registry (void)
{
  guint n;
  const BsModule * const *modules = bs_module_list (&n);

  /* Every module declares what the generic layers rely on. */
  for (guint i = 0; i < n; i++)
    {
      const BsModule *m = modules[i];
      g_autoptr(GError) error = NULL;
      g_autoptr(BsVariant) variant = bs_variant_new_for_module (m->id, &error);
      g_autoptr(BsRuleset) rs = NULL;

      g_assert_no_error (error);
      rs = bs_ruleset_new (variant, &error);
      g_assert_no_error (error);
      g_assert_nonnull (m->generate);
      g_assert_nonnull (m->apply);
      g_assert_nonnull (m->scores);
      g_assert_nonnull (m->format_move);
      g_assert_nonnull (m->parse_move);
      g_assert_cmpint (bs_module_option_index (m, "max-plies"), >=, 0);
      if (m->flags & BS_MODULE_SIMULTANEOUS)
        {
          g_assert_nonnull (m->piece_orders);
          g_assert_nonnull (m->parse_turn);
          g_assert_nonnull (m->format_turn);
        }
      g_assert_true (bs_module_find (m->id) == m);
    }
}

int
main (int argc, char *argv[])
{
  guint n;
  const BsModule * const *modules;

  g_test_init (&argc, &argv, NULL);
  if (g_test_thorough ())
    n_playouts = 2000;
  modules = bs_module_list (&n);
  g_test_add_func ("/playouts/registry", test_registry);
  for (guint i = 0; i < n; i++)
    add_configs (modules[i]);
  return g_test_run ();
}
