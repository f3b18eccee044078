/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests of the computer opponent (bs-search): legality over many random
 * positions of every registered module, determinism, cancellation, and
 * tactics — wins in one and losses in one, both mined from random games
 * (checked by brute force against the rules) and hand-made per game. */

#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <gio/gio.h>

#include "bs-error.h"
#include "bs-evaluation.h"
#include "bs-ruleset.h"
#include "bs-search.h"
#include "bs-variant.h"

/* ---- Helpers --------------------------------------------------------- */

/* A variant of `module` with --set style settings ("size=2") and fixed
 * setup pieces ("PLAYER:KIND:CELL"). */
static BsRuleset *
ruleset_with (const char         *module,
              const char * const *settings,
              const char * const *pieces)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariant) variant = bs_variant_new_for_module (module, &error);
  BsRuleset *rs;

  g_assert_no_error (error);
  for (guint i = 0; settings != NULL && settings[i] != NULL; i++)
    {
      g_auto(GStrv) kv = g_strsplit (settings[i], "=", 2);
      bs_variant_set (variant, kv[0], kv[1], &error);
      g_assert_no_error (error);
    }
  for (guint i = 0; pieces != NULL && pieces[i] != NULL; i++)
    {
      g_auto(GStrv) f = g_strsplit (pieces[i], ":", 3);
      BsVariantPiece piece = {
        .cell = g_strdup (f[2]),
        .player = atoi (f[0]),
        .kind = g_strdup (f[1]),
        .dir = -1,
        .line = 0,
      };
      g_array_append_val (variant->setup, piece);
    }
  rs = bs_ruleset_new (variant, &error);
  g_assert_no_error (error);
  return rs;
}

static BsRuleset *
ruleset_for (const char         *module,
             const char * const *settings)
{
  return ruleset_with (module, settings, NULL);
}

/* The notation of the search's (first) step. */
static char *
chosen_text (BsRuleset            *rs,
             const BsPosition     *pos,
             const BsSearchResult *result)
{
  return bs_ruleset_format_move (rs, pos, result->steps[0]);
}

static BsPosition *
position_after (BsRuleset  *rs,
                guint64     seed,
                const char *line)
{
  g_autoptr(GError) error = NULL;
  BsPosition *pos = bs_ruleset_new_position (rs, seed);

  if (line != NULL && *line != '\0')
    {
      bs_ruleset_play_line (rs, pos, line, &error);
      g_assert_no_error (error);
    }
  return pos;
}

static gboolean
module_registered (const char *id)
{
  if (bs_module_find (id) != NULL)
    return TRUE;
  g_test_skip_printf ("module %s is not registered yet", id);
  return FALSE;
}

/* The registered modules, or NULL (and the test skipped) when there is
 * none yet. */
static const BsModule * const *
modules_or_skip (void)
{
  guint n = 0;
  const BsModule * const *modules = bs_module_list (&n);

  if (n > 0)
    return modules;
  g_test_skip ("no module is registered");
  return NULL;
}

/* A search with params that must succeed. */
static BsSearchResult *
search_params (BsRuleset            *rs,
               const BsPosition     *pos,
               const BsSearchParams *params)
{
  g_autoptr(GError) error = NULL;
  BsSearchResult *result = bs_search_run (rs, pos, params, NULL, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (result);
  /* The result says how its playouts were judged (the hint words it so),
   * whichever tree or trees searched. */
  g_assert_cmpuint (result->playout_cut, ==, params->playout_cut);
  return result;
}

/* A search of that many playouts from seed, in threads trees, its playouts
 * cut after cut plies (0: to the end) and scored at scale (0: the default). */
static BsSearchResult *
search_with (BsRuleset        *rs,
             const BsPosition *pos,
             guint64           playouts,
             guint64           seed,
             guint             threads,
             guint             cut,
             double            scale)
{
  BsSearchParams params;

  bs_search_params_init (&params, BS_SEARCH_LEVEL_CUSTOM, seed);
  params.playouts = playouts;
  params.threads = threads;
  params.playout_cut = cut;
  params.playout_cut_scale = scale;
  return search_params (rs, pos, &params);
}

static BsSearchResult *
search_threads (BsRuleset        *rs,
                const BsPosition *pos,
                guint64           playouts,
                guint64           seed,
                guint             threads)
{
  return search_with (rs, pos, playouts, seed, threads, 0, 0);
}

static BsSearchResult *
search (BsRuleset        *rs,
        const BsPosition *pos,
        guint64           playouts,
        guint64           seed)
{
  return search_threads (rs, pos, playouts, seed, 1);
}

/* Checks the result's steps are legal, played in entering order from pos
 * (a round of a simultaneous game is entered whole: round_steps). */
static void
assert_result_legal (BsRuleset            *rs,
                     const BsPosition     *pos,
                     const BsSearchResult *result)
{
  g_autofree BsPosition *scratch = bs_position_dup (rs, pos);
  g_autofree BsMove *moves = g_new (BsMove, rs->max_moves);

  g_assert_cmpuint (result->n_steps, >=, 1);
  g_assert_cmpuint (result->player_first_step + result->n_steps, <=, result->n_round_steps);
  for (guint i = 0; i < result->n_steps; i++)
    g_assert_cmpuint (result->steps[i], ==, result->round_steps[result->player_first_step + i]);
  for (guint i = 0; i < result->n_round_steps; i++)
    {
      if (!bs_ruleset_is_legal (rs, scratch, result->round_steps[i], moves))
        {
          g_autofree char *text = bs_ruleset_format_move (rs, scratch, result->round_steps[i]);
          g_error ("%s: step %u of the search's turn (%s, 0x%x) is illegal at ply %u",
                   rs->module->id, i, text, result->round_steps[i], pos->ply);
        }
      if (i >= result->player_first_step && i < result->player_first_step + result->n_steps)
        g_assert_cmpint (scratch->to_move, ==, result->player);
      bs_ruleset_apply (rs, scratch, result->round_steps[i], NULL);
    }
  /* A turn is complete: a simultaneous round resolves, a step ends the turn. */
  g_assert_true (scratch->step == 0 || bs_position_is_over (scratch));
}

/* Plays a random step, or a whole random round for simultaneous games. */
static void
play_random_turn (BsRuleset  *rs,
                  BsPosition *pos,
                  BsRng      *rng,
                  BsMove     *scratch)
{
  do
    bs_ruleset_apply (rs, pos, bs_ruleset_random_move (rs, pos, rng, scratch), NULL);
  while (pos->step != 0 && !bs_position_is_over (pos));
}

/* Does the player to move have a step that wins at once? (Turn-based.) */
static gboolean
has_win_in_one (BsRuleset        *rs,
                const BsPosition *pos,
                BsMove           *winning)
{
  g_autofree BsMove *moves = g_new (BsMove, rs->max_moves);
  g_autofree BsPosition *next = bs_position_dup (rs, pos);
  guint n = bs_ruleset_generate (rs, pos, moves);

  for (guint i = 0; i < n; i++)
    {
      bs_position_copy (rs, next, pos);
      bs_ruleset_apply (rs, next, moves[i], NULL);
      if ((int) next->result == pos->to_move)
        {
          if (winning != NULL)
            *winning = moves[i];
          return TRUE;
        }
    }
  return FALSE;
}

static gboolean
move_wins_at_once (BsRuleset        *rs,
                   const BsPosition *pos,
                   BsMove            move)
{
  g_autofree BsPosition *next = bs_position_dup (rs, pos);

  bs_ruleset_apply (rs, next, move, NULL);
  return (int) next->result == pos->to_move;
}

/* Does `move` lose: at once (Abrobad's end move can), or by letting the
 * opponent win at once? */
static gboolean
move_allows_win_in_one (BsRuleset        *rs,
                        const BsPosition *pos,
                        BsMove            move)
{
  g_autofree BsPosition *next = bs_position_dup (rs, pos);

  bs_ruleset_apply (rs, next, move, NULL);
  if (bs_position_is_over (next))
    return (int) next->result == bs_opponent (pos->to_move);
  if (next->to_move == pos->to_move)
    return FALSE;
  return has_win_in_one (rs, next, NULL);
}

/* ---- Every registered module ---------------------------------------- */

/* Thousands of positions from random games: the search never returns an
 * illegal step and always returns a whole turn. */
static void
test_search_legal_everywhere (void)
{
  const BsModule * const *modules = bs_module_list (NULL);
  guint n_modules = 0;

  for (guint m = 0; modules[m] != NULL; m++, n_modules++)
    {
      g_autoptr(BsRuleset) rs = ruleset_for (modules[m]->id, NULL);
      g_autofree BsMove *scratch = g_new (BsMove, rs->max_moves);
      guint positions = 0;
      BsRng rng;

      bs_rng_init (&rng, 1234 + m);
      for (guint game = 0; positions < 1000; game++)
        {
          g_autofree BsPosition *pos = bs_ruleset_new_position (rs, game);

          while (!bs_position_is_over (pos))
            {
              g_autoptr(BsSearchResult) result = NULL;
              BsSearchParams params;

              bs_search_params_init (&params, BS_SEARCH_LEVEL_CUSTOM, game * 7919 + positions);
              params.playouts = 1 + bs_rng_below (&rng, 24);
              /* Easy's randomness too, and both seats of a round. */
              params.temperature = positions % 3 == 0 ? 1.0 : 0.0;
              params.player = 1 + positions % 2;
              result = bs_search_run (rs, pos, &params, NULL, NULL, NULL);
              g_assert_nonnull (result);
              assert_result_legal (rs, pos, result);
              g_assert_cmpuint (result->iterations, <=, params.playouts);
              g_assert_cmpuint (result->candidates->len, >=, 1);
              g_assert_cmpuint (result->bytes_used, >, 0);
              positions++;
              play_random_turn (rs, pos, &rng, scratch);
            }
        }
      g_test_message ("%s: %u positions", modules[m]->id, positions);
    }
  if (n_modules == 0)
    g_test_skip ("no module is registered");
}

/* Same seed and playout budget: the same move and the same statistics. */
static void
test_search_deterministic (void)
{
  const BsModule * const *modules = modules_or_skip ();

  for (guint m = 0; modules != NULL && modules[m] != NULL; m++)
    {
      g_autoptr(BsRuleset) rs = ruleset_for (modules[m]->id, NULL);
      g_autofree BsMove *scratch = g_new (BsMove, rs->max_moves);
      g_autofree BsPosition *pos = bs_ruleset_new_position (rs, 5);
      g_autoptr(BsSearchResult) a = NULL;
      g_autoptr(BsSearchResult) b = NULL;
      g_autoptr(BsSearchResult) c = NULL;
      gboolean differs = FALSE;
      BsRng rng;

      bs_rng_init (&rng, 99);
      for (int i = 0; i < 4 && !bs_position_is_over (pos); i++)
        play_random_turn (rs, pos, &rng, scratch);
      if (bs_position_is_over (pos))
        continue;
      a = search (rs, pos, 500, 42);
      b = search (rs, pos, 500, 42);
      g_assert_cmpuint (a->n_round_steps, ==, b->n_round_steps);
      g_assert_cmpmem (a->round_steps, a->n_round_steps * sizeof (BsMove),
                       b->round_steps, b->n_round_steps * sizeof (BsMove));
      g_assert_cmpuint (a->candidates->len, ==, b->candidates->len);
      for (guint i = 0; i < a->candidates->len; i++)
        {
          BsSearchCandidate *ca = &g_array_index (a->candidates, BsSearchCandidate, i);
          BsSearchCandidate *cb = &g_array_index (b->candidates, BsSearchCandidate, i);
          g_assert_cmpuint (ca->move, ==, cb->move);
          g_assert_cmpuint (ca->visits, ==, cb->visits);
          g_assert_cmpfloat (ca->win_rate, ==, cb->win_rate);
        }
      /* Another seed explores differently (the ranking or the visit
       * counts differ somewhere), so the seed is really used. */
      c = search (rs, pos, 500, 43);
      for (guint i = 0; i < MIN (a->candidates->len, c->candidates->len); i++)
        {
          BsSearchCandidate *ca = &g_array_index (a->candidates, BsSearchCandidate, i);
          BsSearchCandidate *cc = &g_array_index (c->candidates, BsSearchCandidate, i);
          if (ca->visits != cc->visits || ca->move != cc->move)
            differs = TRUE;
        }
      /* (A position with few moves may be searched out either way.) */
      if (a->candidates->len >= 10)
        g_assert_true (differs || a->candidates->len != c->candidates->len);
    }
}

/* The visits of the candidates add up to the iterations (turn-based; in a
 * simultaneous round, to the iterations in which the side used its tree). */
static void
test_search_statistics (void)
{
  const BsModule * const *modules = modules_or_skip ();

  for (guint m = 0; modules != NULL && modules[m] != NULL; m++)
    {
      g_autoptr(BsRuleset) rs = ruleset_for (modules[m]->id, NULL);
      g_autofree BsPosition *pos = bs_ruleset_new_position (rs, 3);
      g_autoptr(BsSearchResult) r = search (rs, pos, 2000, 1);
      guint64 sum = 0;
      guint last_step = 0;

      for (guint i = 0; i < r->candidates->len; i++)
        {
          BsSearchCandidate *c = &g_array_index (r->candidates, BsSearchCandidate, i);
          g_assert_cmpfloat (c->win_rate, >=, 0.0);
          g_assert_cmpfloat (c->win_rate, <=, 1.0);
          g_assert_cmpuint (c->step, >=, last_step);
          last_step = c->step;
          if (c->step == 0)
            sum += c->visits;
        }
      g_assert_cmpint (r->cpu_us, >=, 0);
      g_assert_cmpint (r->elapsed_us, >=, 0);
      if (!bs_ruleset_is_simultaneous (rs))
        {
          g_assert_cmpuint (sum, ==, r->iterations);
          g_assert_cmpuint (r->n_nodes, >, r->candidates->len);
          /* Without randomness the chosen move is the most visited. */
          g_assert_cmpuint (r->steps[0], ==,
                            g_array_index (r->candidates, BsSearchCandidate, 0).move);
        }
      else
        {
          /* The first step's side gives random orders, without statistics,
           * in a quarter of the iterations: about 1,500 of 2,000 visits
           * (standard deviation about 20) are counted. */
          g_assert_cmpuint (sum, <=, r->iterations);
          g_assert_cmpuint (sum, >=, r->iterations / 2);
        }
    }
}

/* A node cap is respected and the memory reported follows it. */
static void
test_search_node_cap (void)
{
  const BsModule * const *modules = modules_or_skip ();

  for (guint m = 0; modules != NULL && modules[m] != NULL; m++)
    {
      g_autoptr(BsRuleset) rs = ruleset_for (modules[m]->id, NULL);
      g_autofree BsPosition *pos = bs_ruleset_new_position (rs, 3);
      g_autoptr(BsSearchResult) small = NULL;
      g_autoptr(BsSearchResult) big = NULL;
      BsSearchParams params;

      if (bs_ruleset_is_simultaneous (rs))
        continue;
      bs_search_params_init (&params, BS_SEARCH_LEVEL_CUSTOM, 8);
      /* Enough for wide games, whose leaves wait longer to expand. */
      params.playouts = 3000 + 20 * rs->max_moves;
      params.max_nodes = rs->max_moves + 1;   /* room for the root's children only */
      small = bs_search_run (rs, pos, &params, NULL, NULL, NULL);
      params.max_nodes = 0;
      big = bs_search_run (rs, pos, &params, NULL, NULL, NULL);
      g_assert_nonnull (small);
      g_assert_nonnull (big);
      g_assert_cmpuint (small->n_nodes, <=, rs->max_moves + 1);
      g_assert_cmpuint (small->iterations, ==, params.playouts);
      g_assert_cmpuint (big->n_nodes, >, small->n_nodes);
      g_assert_cmpuint (big->bytes_used, >=, small->bytes_used);
      assert_result_legal (rs, pos, small);
    }
}

/* Wins in one and losses in one found in random games of every
 * turn-based module: the positions are mined by brute force over the
 * rules, so nothing about the answer is assumed here. */
static void
test_search_mined_tactics (void)
{
  const BsModule * const *modules = modules_or_skip ();

  for (guint m = 0; modules != NULL && modules[m] != NULL; m++)
    {
      g_autoptr(BsRuleset) rs = ruleset_for (modules[m]->id, NULL);
      g_autofree BsMove *scratch = g_new (BsMove, rs->max_moves);
      g_autofree BsMove *moves = g_new (BsMove, rs->max_moves);
      guint wins = 0, blocks = 0;
      BsRng rng;

      if (bs_ruleset_is_simultaneous (rs))
        continue;
      bs_rng_init (&rng, 77);
      for (guint game = 0; game < 300 && (wins < 10 || blocks < 10); game++)
        {
          g_autofree BsPosition *pos = bs_ruleset_new_position (rs, game);

          while (!bs_position_is_over (pos))
            {
              guint n = bs_ruleset_generate (rs, pos, moves);
              guint n_safe = 0;
              gboolean threatened;

              if (wins < 10 && has_win_in_one (rs, pos, NULL))
                {
                  g_autoptr(BsSearchResult) r = search (rs, pos, 3000, game);
                  g_assert_true (move_wins_at_once (rs, pos, r->steps[0]));
                  g_assert_cmpint (g_array_index (r->candidates, BsSearchCandidate, 0).proven, ==, 1);
                  wins++;
                }
              else if (blocks < 10 && n <= 40)
                {
                  /* A loss in one threatens when some move allows it, and
                   * it can be blocked when some move does not. */
                  threatened = FALSE;
                  for (guint i = 0; i < n; i++)
                    {
                      if (move_allows_win_in_one (rs, pos, moves[i]))
                        threatened = TRUE;
                      else
                        n_safe++;
                    }
                  if (threatened && n_safe > 0 && n_safe * 2 <= n && !has_win_in_one (rs, pos, NULL))
                    {
                      g_autoptr(BsSearchResult) r = search (rs, pos, 20000, game);
                      g_assert_false (move_allows_win_in_one (rs, pos, r->steps[0]));
                      blocks++;
                    }
                }
              bs_ruleset_apply (rs, pos, bs_ruleset_random_move (rs, pos, &rng, scratch), NULL);
            }
        }
      g_test_message ("%s: %u wins in one, %u losses in one blocked", modules[m]->id, wins, blocks);
      g_assert_cmpuint (wins + blocks, >, 0);
    }
}


/* ---- Hand-made positions, one game at a time ----------------------------- */

/* Ikabegamá, default hexagon of side 5 (Light nest a1, Dark nest i9), with
 * a Light token set up on g7. Neighbours of (file, rank) on this board are
 * (±1, 0), (0, ±1), (+1, +1), (−1, −1); g7 → i9 is (+2, +2): distance 2.
 * 1. b1 (Light grows next to its nest) 2. i9-g9 (Dark jumps its nest token
 * away: g9 is (−2, 0) from i9, and flips nothing, g7 not being next to g9).
 * Now the Dark nest i9 is empty and no Light token is next to it, so the
 * only winning move is the jump g7-i9 into the nest. */
static void
test_search_ikabegama_jump_into_nest (void)
{
  static const char * const pieces[] = { "1:token:g7", NULL };
  g_autoptr(BsRuleset) rs = NULL;
  g_autofree BsPosition *pos = NULL;
  g_autoptr(BsSearchResult) r = NULL;
  g_autofree char *text = NULL;

  if (!module_registered ("ikabegama"))
    return;
  rs = ruleset_with ("ikabegama", NULL, pieces);
  pos = position_after (rs, 1, "b1 i9-g9");
  g_assert_cmpint (pos->to_move, ==, 1);
  r = search (rs, pos, 2000, 3);
  text = chosen_text (rs, pos, r);
  g_assert_cmpstr (text, ==, "g7-i9");
  g_assert_true (move_wins_at_once (rs, pos, r->steps[0]));
}

/* Ikabegamá, a Dark token set up on c3 next to b2, itself next to the
 * Light nest a1 (c3 → a1 is (−2, −2): distance 2). Light to move. Dark
 * threatens to flip the Light token on a1: by growing on b2 (next to c3),
 * or by jumping c3-b1 or c3-a2 (both at distance 2 from c3 and next to
 * a1). Light must turn c3 to its side: grow on b2 (next to a1 and to c3),
 * or jump a1-c2 or a1-b3 (distance 2 from a1, next to c3), leaving Dark
 * only its far nest token. A growth on b1 or a2 flips nothing and loses to
 * b2. */
static void
test_search_ikabegama_block (void)
{
  static const char * const pieces[] = { "2:token:c3", NULL };
  static const char * const blocks[] = { "b2", "a1-c2", "a1-b3", NULL };
  g_autoptr(BsRuleset) rs = NULL;
  g_autofree BsPosition *pos = NULL;
  g_autoptr(BsSearchResult) r = NULL;
  g_autofree char *text = NULL;
  BsMove grow_b1;

  if (!module_registered ("ikabegama"))
    return;
  rs = ruleset_with ("ikabegama", NULL, pieces);
  pos = position_after (rs, 1, NULL);
  g_assert_true (bs_ruleset_parse_move (rs, pos, "b1", &grow_b1, NULL));
  g_assert_true (move_allows_win_in_one (rs, pos, grow_b1));
  r = search (rs, pos, 5000, 4);
  text = chosen_text (rs, pos, r);
  g_assert_true (g_strv_contains (blocks, text));
  g_assert_false (move_allows_win_in_one (rs, pos, r->steps[0]));
}

/* Abrobad on an ordinary hexagon of side 2 (7 cells: b2 in the centre, a
 * ring of six around it). 1. b2 2. a1. White's only stone touches every
 * cell, so White has no placement: its moves are the centre stone's
 * movements and "end". Ending fills the five empty cells with Black, whose
 * stones then make the whole ring, one group; White has one group too, and
 * the player who ends wins with a group count less than or equal to the
 * opponent's: "end" wins at once, and a movement does not end the game. */
static void
test_search_abrobad_end_wins (void)
{
  static const char * const settings[] = { "shape=hexagon", "size=2", NULL };
  g_autoptr(BsRuleset) rs = NULL;
  g_autofree BsPosition *pos = NULL;
  g_autoptr(BsSearchResult) r = NULL;
  g_autofree char *text = NULL;

  if (!module_registered ("abrobad"))
    return;
  rs = ruleset_for ("abrobad", settings);
  pos = position_after (rs, 1, "b2 a1");
  r = search (rs, pos, 500, 5);
  text = chosen_text (rs, pos, r);
  g_assert_cmpstr (text, ==, "end");
  g_assert_cmpint (g_array_index (r->candidates, BsSearchCandidate, 0).proven, ==, 1);
}

/* Agoraphobia on a 4×4 rhombus, Light with 2 small pieces, Dark with 1
 * (the two opening placements are free). 1. S@a1 2. S@c2. Light places its
 * last piece, then Dark has none and the game ends. Neighbours of (file,
 * rank): (±1, 0), (0, ±1), (+1, +1), (−1, −1). Every legal placement pushes
 * c2 one cell; b1 and b2 also touch a1 (which cannot move: the edge), so
 * they leave Light one group of 2 against Dark's 1: the larger group
 * loses. c1, c3, d2 and d3 leave Light two single pieces: largest groups
 * equal (1), and Light has more groups: Light wins. */
static void
test_search_agoraphobia_win (void)
{
  static const char * const settings[] = {
    "width=4", "height=4", "supply.1.small=2", "supply.1.large=0",
    "supply.2.small=1", "supply.2.large=0", NULL
  };
  static const char * const wins[] = { "S@c1", "S@c3", "S@d2", "S@d3", NULL };
  g_autoptr(BsRuleset) rs = NULL;
  g_autofree BsPosition *pos = NULL;
  g_autoptr(BsSearchResult) r = NULL;
  g_autofree char *text = NULL;
  BsMove b1;

  if (!module_registered ("agoraphobia"))
    return;
  rs = ruleset_for ("agoraphobia", settings);
  pos = position_after (rs, 1, "S@a1 S@c2");
  g_assert_true (bs_ruleset_parse_move (rs, pos, "S@b1", &b1, NULL));
  g_assert_true (move_allows_win_in_one (rs, pos, b1));   /* it loses at once */
  r = search (rs, pos, 500, 6);
  text = chosen_text (rs, pos, r);
  g_assert_true (g_strv_contains (wins, text));
  g_assert_true (move_wins_at_once (rs, pos, r->steps[0]));
}

/* Astoria on 4×4, two circles each, no triangles. 1. C@a3/N (column a:
 * Gold 1 > 0, so a3 moves to a4) 2. C@b1/W (row 1: b1 moves to a1)
 * 3. C@d3/N (column d moves: d3 to d4; column a is 1 to 1, nothing moves).
 * Player 2 places the last piece. C@a2/N (or C@a3/N) makes column a 2 to
 * 1 for player 2: the column moves north and Gold's a4 falls off: 2 pieces
 * to 1, a win. Everything else leaves 2 to 2 (a draw) or pushes player 2's
 * own a1 off the south edge. */
static void
test_search_astoria_knock_off (void)
{
  static const char * const settings[] = {
    "width=4", "height=4", "supply.1.circle=2", "supply.1.triangle=0",
    "supply.2.circle=2", "supply.2.triangle=0", NULL
  };
  static const char * const wins[] = { "C@a2/N", "C@a3/N", NULL };
  g_autoptr(BsRuleset) rs = NULL;
  g_autofree BsPosition *pos = NULL;
  g_autoptr(BsSearchResult) r = NULL;
  g_autofree char *text = NULL;

  if (!module_registered ("astoria"))
    return;
  rs = ruleset_for ("astoria", settings);
  pos = position_after (rs, 1, "C@a3/N C@b1/W C@d3/N");
  g_assert_cmpint (pos->to_move, ==, 2);
  r = search (rs, pos, 2000, 7);
  text = chosen_text (rs, pos, r);
  g_assert_true (g_strv_contains (wins, text));
  g_assert_true (move_wins_at_once (rs, pos, r->steps[0]));
}

/* The same Astoria game one ply earlier: after 1. C@a3/N 2. C@b1/W Gold
 * (a4) has one circle left, player 2 (a1) one too. If Gold plays away
 * from column a (3. C@d3/N), 4. C@a2/N knocks a4 off and wins. Gold must
 * keep column a: e.g. C@a3/S makes it 2 to 1 for Gold and pushes a1 off
 * the south edge. */
static void
test_search_astoria_block (void)
{
  static const char * const settings[] = {
    "width=4", "height=4", "supply.1.circle=2", "supply.1.triangle=0",
    "supply.2.circle=2", "supply.2.triangle=0", NULL
  };
  g_autoptr(BsRuleset) rs = NULL;
  g_autofree BsPosition *pos = NULL;
  g_autoptr(BsSearchResult) r = NULL;
  BsMove away, keep;

  if (!module_registered ("astoria"))
    return;
  rs = ruleset_for ("astoria", settings);
  pos = position_after (rs, 1, "C@a3/N C@b1/W");
  g_assert_true (bs_ruleset_parse_move (rs, pos, "C@d3/N", &away, NULL));
  g_assert_true (bs_ruleset_parse_move (rs, pos, "C@a3/S", &keep, NULL));
  g_assert_true (move_allows_win_in_one (rs, pos, away));
  g_assert_false (move_allows_win_in_one (rs, pos, keep));
  r = search (rs, pos, 5000, 8);
  g_assert_false (move_allows_win_in_one (rs, pos, r->steps[0]));
}

/* Simultaneous games: does every reply of player 2 to player 1's orders
 * (pos is after player 1's last order) leave player 1 the winner? */
static gboolean
all_replies_lose (BsRuleset        *rs,
                  const BsPosition *pos)
{
  g_autofree BsMove *moves = g_new (BsMove, rs->max_moves);
  g_autofree BsPosition *next = bs_position_dup (rs, pos);
  guint n;

  if (bs_position_is_over (pos) || pos->step == 0)
    return pos->result == BS_RESULT_WIN_1;
  n = bs_ruleset_generate (rs, pos, moves);
  for (guint i = 0; i < n; i++)
    {
      bs_position_copy (rs, next, pos);
      bs_ruleset_apply (rs, next, moves[i], NULL);
      if (!all_replies_lose (rs, next))
        return FALSE;
    }
  return TRUE;
}

/* Has player 1 orders (from pos, during their part of the round) that
 * win the round against every reply? */
static gboolean
has_sure_win (BsRuleset        *rs,
              const BsPosition *pos)
{
  g_autofree BsMove *moves = g_new (BsMove, rs->max_moves);
  g_autofree BsPosition *next = bs_position_dup (rs, pos);
  guint n;

  if (bs_position_is_over (pos))
    return pos->result == BS_RESULT_WIN_1;
  if (pos->to_move != 1)
    return all_replies_lose (rs, pos);
  n = bs_ruleset_generate (rs, pos, moves);
  for (guint i = 0; i < n; i++)
    {
      bs_position_copy (rs, next, pos);
      bs_ruleset_apply (rs, next, moves[i], NULL);
      if (has_sure_win (rs, next))
        return TRUE;
    }
  return FALSE;
}

/* Tribes on 3×3 (8 pieces, centre b2 empty): positions of random games
 * with few pieces left where player 1 has orders that win the round
 * whatever player 2 orders (found by trying every pair of order sets).
 * The search, choosing player 1's orders without seeing player 2's, must
 * find such a set. */
static void
test_search_tribes_sure_win (void)
{
  static const char * const settings[] = {
    "width=3", "height=3", "supply.1.piece=4", "supply.2.piece=4", NULL
  };
  g_autoptr(BsRuleset) rs = NULL;
  g_autofree BsMove *scratch = NULL;
  guint found = 0;
  BsRng rng;

  if (!module_registered ("tribes"))
    return;
  rs = ruleset_for ("tribes", settings);
  scratch = g_new (BsMove, rs->max_moves);
  bs_rng_init (&rng, 2024);
  for (guint game = 0; game < 4000 && found < 20; game++)
    {
      g_autofree BsPosition *pos = bs_ruleset_new_position (rs, game);

      while (!bs_position_is_over (pos))
        {
          if (bs_position_pieces (pos, 1) <= 3 && bs_position_pieces (pos, 2) <= 3 &&
              bs_position_pieces (pos, 1) + bs_position_pieces (pos, 2) <= 5 &&
              has_sure_win (rs, pos))
            {
              g_autoptr(BsSearchResult) r = search (rs, pos, 20000, game);
              g_autofree BsPosition *after = bs_position_dup (rs, pos);

              g_assert_cmpint (r->player, ==, 1);
              for (guint i = 0; i < r->n_steps; i++)
                bs_ruleset_apply (rs, after, r->steps[i], NULL);
              if (!all_replies_lose (rs, after))
                {
                  g_autofree char *round = bs_ruleset_format_turn (rs, pos, r->round_steps,
                                                                   r->n_round_steps);
                  g_error ("game %u ply %u: %s does not win for sure", game, pos->ply, round);
                }
              found++;
            }
          play_random_turn (rs, pos, &rng, scratch);
        }
    }
  g_test_message ("tribes: %u sure wins found", found);
  g_assert_cmpuint (found, >, 0);
}

/* ---- Cancellation ------------------------------------------------------ */

typedef struct {
  GCancellable     *cancellable;
  BsSearchProgress *progress;
} CancelData;

static gpointer
cancel_when_started (gpointer data)
{
  CancelData *cd = data;

  /* Wait until the search has really started, then cancel it. */
  while (bs_search_progress_get_iterations (cd->progress) == 0)
    g_usleep (1000);
  g_cancellable_cancel (cd->cancellable);
  return NULL;
}

static void
on_search_done (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  GAsyncResult **out = user_data;

  *out = g_object_ref (result);
}

static BsRuleset *
first_ruleset (void)
{
  const BsModule * const *modules = bs_module_list (NULL);

  if (modules[0] == NULL)
    return NULL;
  return ruleset_for (modules[0]->id, NULL);
}

static void
test_search_cancel_async (void)
{
  g_autoptr(BsRuleset) rs = first_ruleset ();
  g_autofree BsPosition *pos = NULL;
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GAsyncResult) async_result = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(BsSearchResult) result = NULL;
  BsSearchProgress progress = { 0, 0 };
  BsSearchParams params;
  CancelData cd = { cancellable, &progress };
  GThread *canceller;

  if (rs == NULL)
    {
      g_test_skip ("no module is registered");
      return;
    }
  pos = bs_ruleset_new_position (rs, 1);
  /* A budget that would take hours: only cancellation can end it. */
  bs_search_params_init (&params, BS_SEARCH_LEVEL_CUSTOM, 1);
  params.playouts = 0;
  params.time_ms = 3600 * 1000;
  bs_search_run_async (rs, pos, &params, &progress, cancellable, on_search_done, &async_result);
  canceller = g_thread_new ("canceller", cancel_when_started, &cd);
  while (async_result == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_thread_join (canceller);
  result = bs_search_run_finish (async_result, &error);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_null (result);
  g_assert_cmpint (bs_search_progress_get_iterations (&progress), >, 0);
}

static void
test_search_async_result (void)
{
  g_autoptr(BsRuleset) rs = first_ruleset ();
  g_autofree BsPosition *pos = NULL;
  g_autoptr(GAsyncResult) async_result = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(BsSearchResult) result = NULL;
  g_autoptr(BsSearchResult) sync_result = NULL;
  BsSearchProgress progress = { 0, 0 };
  BsSearchParams params;

  if (rs == NULL)
    {
      g_test_skip ("no module is registered");
      return;
    }
  pos = bs_ruleset_new_position (rs, 1);
  bs_search_params_init (&params, BS_SEARCH_LEVEL_CUSTOM, 11);
  params.playouts = 300;
  bs_search_run_async (rs, pos, &params, &progress, NULL, on_search_done, &async_result);
  /* The search works on its own copy of the position. */
  memset (pos->cells, 0, rs->n_cells);
  g_free (pos);
  pos = bs_ruleset_new_position (rs, 1);
  while (async_result == NULL)
    g_main_context_iteration (NULL, TRUE);
  result = bs_search_run_finish (async_result, &error);
  g_assert_no_error (error);
  g_assert_nonnull (result);
  g_assert_cmpfloat (bs_search_progress_get_fraction (&progress), ==, 1.0);
  g_assert_cmpint (bs_search_progress_get_iterations (&progress), ==, 300);
  /* The same as the synchronous call. */
  sync_result = search (rs, pos, 300, 11);
  g_assert_cmpuint (result->steps[0], ==, sync_result->steps[0]);
  assert_result_legal (rs, pos, result);
}

static void
test_search_cancel_sync_before (void)
{
  g_autoptr(BsRuleset) rs = first_ruleset ();
  g_autofree BsPosition *pos = NULL;
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  BsSearchParams params;
  BsSearchResult *result;

  if (rs == NULL)
    {
      g_test_skip ("no module is registered");
      return;
    }
  pos = bs_ruleset_new_position (rs, 1);
  bs_search_params_init (&params, BS_SEARCH_LEVEL_HARD, 1);
  g_cancellable_cancel (cancellable);
  result = bs_search_run (rs, pos, &params, NULL, cancellable, &error);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_null (result);
}

/* ---- Levels ------------------------------------------------------------- */

static void
test_search_levels (void)
{
  g_autoptr(GError) error = NULL;
  BsSearchParams params;

  g_assert_true (bs_search_params_parse (&params, "easy", 3, &error));
  g_assert_cmpint (params.level, ==, BS_SEARCH_LEVEL_EASY);
  g_assert_cmpfloat (params.temperature, >, 0);
  g_assert_cmpuint (params.seed, ==, 3);
  g_assert_true (bs_search_params_parse (&params, "Medium", 3, &error));
  g_assert_cmpint (params.level, ==, BS_SEARCH_LEVEL_MEDIUM);
  g_assert_true (bs_search_params_parse (&params, "hard", 3, &error));
  g_assert_cmpint (params.level, ==, BS_SEARCH_LEVEL_HARD);
  g_assert_cmpuint (params.time_ms, >=, 1000);
  /* The levels' times are CPU time (issue 27): a busy machine does not
   * weaken them. Playout budgets have no time at all. */
  g_assert_true (params.cpu_time);
  g_assert_true (bs_search_params_parse (&params, "2500", 3, &error));
  g_assert_false (params.cpu_time);
  g_assert_cmpint (params.level, ==, BS_SEARCH_LEVEL_CUSTOM);
  g_assert_cmpuint (params.playouts, ==, 2500);
  g_assert_cmpuint (params.time_ms, ==, 0);
  g_assert_true (bs_search_params_parse (&params, "750ms", 3, &error));
  g_assert_cmpuint (params.playouts, ==, 0);
  g_assert_cmpuint (params.time_ms, ==, 750);
  g_assert_true (params.cpu_time);
  g_assert_true (bs_search_params_parse (&params, "easy", 3, &error));
  g_assert_false (params.cpu_time);
  g_assert_no_error (error);

  g_assert_false (bs_search_params_parse (&params, "expert", 3, &error));
  g_assert_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE);
  g_assert_nonnull (strstr (error->message, "expert"));
  g_clear_error (&error);
  g_assert_false (bs_search_params_parse (&params, "0", 3, &error));
  g_clear_error (&error);
  g_assert_false (bs_search_params_parse (&params, "12x", 3, &error));
  g_clear_error (&error);
  g_assert_false (bs_search_params_parse (&params, "-5", 3, &error));
  g_clear_error (&error);
}

/* A CPU budget is spent in full however busy the machine. */
static void
test_search_cpu_budget (void)
{
  const BsModule * const *modules = modules_or_skip ();
  g_autoptr(GError) error = NULL;
  g_autoptr(BsRuleset) rs = NULL;
  g_autofree BsPosition *pos = NULL;
  g_autoptr(BsSearchResult) r = NULL;
  BsSearchParams params;

  if (modules == NULL)
    return;
  rs = ruleset_for (modules[0]->id, NULL);
  pos = bs_ruleset_new_position (rs, 3);
  g_assert_true (bs_search_params_parse (&params, "150ms", 3, &error));
  params.playouts = 0;
  r = bs_search_run (rs, pos, &params, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (r);
  if (bs_search_thread_cpu_us () < 0)
    {
      g_test_skip ("this platform cannot tell a thread's CPU time");
      return;
    }
  /* Either the budget was spent, or the root was proven early. */
  if (r->candidates->len > 0
      && g_array_index (r->candidates, BsSearchCandidate, 0).proven == 0)
    g_assert_cmpint (r->cpu_us, >=, 150000);
}

static guint32
visits_of (const BsSearchResult *r,
           BsMove                move)
{
  for (guint i = 0; i < r->candidates->len; i++)
    if (g_array_index (r->candidates, BsSearchCandidate, i).move == move)
      return g_array_index (r->candidates, BsSearchCandidate, i).visits;
  return 0;
}

/* Root parallelism: a search in three threads is exactly three searches of
 * a third of the playouts each, seeded as documented, summed at the root;
 * so it replays, and its move is legal, from positions along random games
 * of every turn-based module. */
static void
test_search_parallel (void)
{
  const BsModule * const *modules = modules_or_skip ();

  for (guint m = 0; modules != NULL && modules[m] != NULL; m++)
    {
      g_autoptr(BsRuleset) rs = ruleset_for (modules[m]->id, NULL);
      g_autofree BsMove *scratch = g_new (BsMove, rs->max_moves);
      g_autofree BsPosition *pos = bs_ruleset_new_position (rs, 5);
      BsRng rng;
      guint checked = 0;

      if (bs_ruleset_is_simultaneous (rs))
        continue;
      bs_rng_init (&rng, 5);
      while (!bs_position_is_over (pos) && checked < 4)
        {
          g_autoptr(BsSearchResult) parallel = search_threads (rs, pos, 900, 11, 3);
          g_autoptr(BsSearchResult) again = search_threads (rs, pos, 900, 11, 3);
          BsSearchResult *parts[3];
          guint64 iterations = 0;
          gboolean proven = FALSE;

          for (guint k = 0; k < 3; k++)
            {
              parts[k] = search_threads (rs, pos, 300, bs_search_thread_seed (11, k), 1);
              iterations += parts[k]->iterations;
              proven |= g_array_index (parts[k]->candidates, BsSearchCandidate, 0).proven != 0;
            }
          g_assert_cmpuint (bs_search_thread_seed (11, 0), ==, 11);
          assert_result_legal (rs, pos, parallel);
          g_assert_cmpuint (parallel->iterations, ==, iterations);
          g_assert_cmpuint (parallel->candidates->len, ==, parts[0]->candidates->len);
          g_assert_cmpuint (parallel->steps[0], ==, again->steps[0]);
          for (guint i = 0; i < parallel->candidates->len; i++)
            {
              const BsSearchCandidate *c =
                &g_array_index (parallel->candidates, BsSearchCandidate, i);

              g_assert_cmpuint (c->visits, ==, visits_of (again, c->move));
              g_assert_cmpuint (c->visits, ==, visits_of (parts[0], c->move)
                                + visits_of (parts[1], c->move)
                                + visits_of (parts[2], c->move));
            }
          /* Without proofs the most visited of the summed statistics is played. */
          if (!proven)
            checked++;
          for (guint k = 0; k < 3; k++)
            bs_search_result_free (parts[k]);
          for (guint i = 0; i < 7 && !bs_position_is_over (pos); i++)
            bs_ruleset_apply (rs, pos, bs_ruleset_random_move (rs, pos, &rng, scratch), NULL);
        }
      g_test_message ("%s: %u positions without proofs compared", modules[m]->id, checked);
    }
}

/* ---- Tree parallelism: one shared tree (params.shared_tree) ----------- */

static BsSearchResult *
search_shared (BsRuleset        *rs,
               const BsPosition *pos,
               guint64           playouts,
               guint64           seed,
               guint             threads,
               guint             cut,
               guint             max_nodes)
{
  BsSearchParams params;

  bs_search_params_init (&params, BS_SEARCH_LEVEL_CUSTOM, seed);
  params.playouts = playouts;
  params.threads = threads;
  params.shared_tree = TRUE;
  params.playout_cut = cut;
  params.max_nodes = max_nodes;
  return search_params (rs, pos, &params);
}

/* Along random games of every turn-based module, in two and three threads
 * (with whole and with evaluation-cut playouts, and with a pool that fills
 * up): a legal move, the root's
 * moves visited once per iteration, the budget spent exactly unless the
 * root was proven, and no virtual loss nor lost visit left in the tree. */
static void
test_search_shared_tree (void)
{
  const BsModule * const *modules = modules_or_skip ();

  for (guint m = 0; modules != NULL && modules[m] != NULL; m++)
    {
      g_autoptr(BsRuleset) rs = ruleset_for (modules[m]->id, NULL);
      g_autofree BsMove *scratch = g_new (BsMove, rs->max_moves);
      g_autofree BsPosition *pos = bs_ruleset_new_position (rs, 6);
      guint checked = 0;
      BsRng rng;

      if (bs_ruleset_is_simultaneous (rs))
        continue;
      bs_rng_init (&rng, 6);
      while (!bs_position_is_over (pos) && checked < 6)
        {
          guint threads = 2 + checked % 2;
          g_autoptr(BsSearchResult) r =
            search_shared (rs, pos, 1500, 21 + checked, threads, checked % 3 == 2 ? 6 : 0,
                           checked % 3 == 1 ? 300 : 0);
          guint64 root_visits = 0;
          gboolean proven = FALSE;

          assert_result_legal (rs, pos, r);
          for (guint i = 0; i < r->candidates->len; i++)
            {
              const BsSearchCandidate *c = &g_array_index (r->candidates, BsSearchCandidate, i);

              root_visits += c->visits;
              proven |= c->proven != 0;
            }
          g_assert_cmpuint (root_visits, ==, r->iterations);
          if (proven)
            g_assert_cmpuint (r->iterations, <=, 1500);
          else
            g_assert_cmpuint (r->iterations, ==, 1500);
          g_assert_cmpuint (r->n_unbalanced, ==, 0);
          g_assert_cmpuint (r->n_nodes, >, r->candidates->len);
          if (checked % 3 == 1)
            g_assert_cmpuint (r->n_nodes, <=, MAX (300, r->candidates->len + 1));
          checked++;
          for (guint i = 0; i < 5 && !bs_position_is_over (pos); i++)
            bs_ruleset_apply (rs, pos, bs_ruleset_random_move (rs, pos, &rng, scratch), NULL);
        }
      g_test_message ("%s: %u positions searched in a shared tree", modules[m]->id, checked);
    }
}

/* A shared tree takes a win in one in every turn-based module (positions
 * mined by brute force over the rules) and marks it proven. */
static void
test_search_shared_tree_wins (void)
{
  const BsModule * const *modules = modules_or_skip ();

  for (guint m = 0; modules != NULL && modules[m] != NULL; m++)
    {
      g_autoptr(BsRuleset) rs = ruleset_for (modules[m]->id, NULL);
      g_autofree BsMove *scratch = g_new (BsMove, rs->max_moves);
      guint wins = 0;
      BsRng rng;

      if (bs_ruleset_is_simultaneous (rs))
        continue;
      bs_rng_init (&rng, 78);
      for (guint game = 0; game < 100 && wins < 3; game++)
        {
          g_autofree BsPosition *pos = bs_ruleset_new_position (rs, game);

          while (!bs_position_is_over (pos) && wins < 3)
            {
              if (has_win_in_one (rs, pos, NULL))
                {
                  g_autoptr(BsSearchResult) r = search_shared (rs, pos, 3000, game, 2, 0, 0);

                  g_assert_true (move_wins_at_once (rs, pos, r->steps[0]));
                  g_assert_cmpint (g_array_index (r->candidates, BsSearchCandidate, 0).proven,
                                   ==, 1);
                  g_assert_cmpuint (r->n_unbalanced, ==, 0);
                  wins++;
                }
              bs_ruleset_apply (rs, pos, bs_ruleset_random_move (rs, pos, &rng, scratch), NULL);
            }
        }
      g_test_message ("%s: %u wins in one", modules[m]->id, wins);
      g_assert_cmpuint (wins, >, 0);
    }
}

/* The Ikabegamá position of /search/ikabegama/jump-into-nest, worked by
 * hand there: g7-i9 wins at once. A shared tree in three threads proves it
 * as the single-thread search does, and no move gets a proof that the
 * single-thread search contradicts. One thread with shared_tree is the
 * single-thread search itself. */
static void
test_search_shared_tree_proof (void)
{
  static const char * const pieces[] = { "1:token:g7", NULL };
  g_autoptr(BsRuleset) rs = NULL;
  g_autofree BsPosition *pos = NULL;
  g_autoptr(BsSearchResult) single = NULL;
  g_autoptr(BsSearchResult) shared = NULL;
  g_autoptr(BsSearchResult) one = NULL;
  const BsSearchCandidate *best;
  g_autofree char *text = NULL;

  if (!module_registered ("ikabegama"))
    return;
  rs = ruleset_with ("ikabegama", NULL, pieces);
  pos = position_after (rs, 1, "b1 i9-g9");
  single = search (rs, pos, 2000, 3);
  shared = search_shared (rs, pos, 2000, 3, 3, 0, 0);
  text = chosen_text (rs, pos, shared);
  g_assert_cmpstr (text, ==, "g7-i9");
  best = &g_array_index (shared->candidates, BsSearchCandidate, 0);
  g_assert_cmpint (best->proven, ==, 1);
  g_assert_cmpint (g_array_index (single->candidates, BsSearchCandidate, 0).proven, ==, 1);
  g_assert_cmpuint (g_array_index (single->candidates, BsSearchCandidate, 0).move, ==,
                    best->move);
  for (guint i = 0; i < shared->candidates->len; i++)
    for (guint j = 0; j < single->candidates->len; j++)
      {
        const BsSearchCandidate *a = &g_array_index (shared->candidates, BsSearchCandidate, i);
        const BsSearchCandidate *b = &g_array_index (single->candidates, BsSearchCandidate, j);

        if (a->move == b->move && a->proven != 0 && b->proven != 0)
          g_assert_cmpint (a->proven, ==, b->proven);
      }
  g_assert_cmpuint (shared->n_unbalanced, ==, 0);

  one = search_shared (rs, pos, 2000, 3, 1, 0, 0);
  g_assert_cmpuint (one->steps[0], ==, single->steps[0]);
  g_assert_cmpuint (one->iterations, ==, single->iterations);
  g_assert_cmpuint (one->n_nodes, ==, single->n_nodes);
}

/* ---- Evaluation-cut playouts (docs/SEARCH.md) ------------------------ */

static BsSearchResult *
search_cut (BsRuleset        *rs,
            const BsPosition *pos,
            guint64           playouts,
            guint64           seed,
            guint             cut,
            double            scale)
{
  return search_with (rs, pos, playouts, seed, 1, cut, scale);
}

/* The levels as they play in a game: Hard cuts where the game declares a cut (Abrobad and
 * Ikabegamá 4, Astoria 8), and nowhere else; Easy and Medium never. */
static void
test_search_params_for_game (void)
{
  static const struct {
    const char *module;
    guint       hard_cut;
  } games[] = {
    { "abrobad", 4 }, { "ikabegama", 4 }, { "breakthrough", 0 }, { "agoraphobia", 0 },
    { "astoria", 8 }, { "tribes", 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (games); i++)
    {
      g_autoptr(BsRuleset) rs = ruleset_for (games[i].module, NULL);

      for (BsSearchLevel level = BS_SEARCH_LEVEL_EASY; level <= BS_SEARCH_LEVEL_CUSTOM; level++)
        {
          BsSearchParams plain, params;

          bs_search_params_init (&plain, level, 17);
          bs_search_params_init_for_game (&params, level, rs, 17);
          g_assert_cmpuint (params.playout_cut, ==,
                            level == BS_SEARCH_LEVEL_HARD ? games[i].hard_cut : 0);
          /* Nothing else changes. */
          params.playout_cut = 0;
          g_assert_cmpmem (&params, sizeof params, &plain, sizeof plain);
        }
    }
}

/* The squashing of an evaluation into a win probability, 1 / (1 + e^(-x/S)),
 * at points worked out by hand: e^-1 = 0.36787944117, e^-0.25 = 0.77880078307. */
static void
test_search_cut_reward (void)
{
  g_assert_cmpfloat (bs_search_cut_reward (0, 400), ==, 0.5);
  g_assert_cmpfloat_with_epsilon (bs_search_cut_reward (400, 400),
                                  1 / 1.36787944117, 1e-10);     /* 0.7310585786 */
  g_assert_cmpfloat_with_epsilon (bs_search_cut_reward (-400, 400),
                                  1 - 1 / 1.36787944117, 1e-10); /* 0.2689414214 */
  g_assert_cmpfloat_with_epsilon (bs_search_cut_reward (100, 400),
                                  1 / 1.77880078307, 1e-10);     /* 0.5621765009 */
  g_assert_cmpfloat_with_epsilon (bs_search_cut_reward (100, 100),
                                  1 / 1.36787944117, 1e-10);
  /* Symmetric: the two players' rewards add up to 1. */
  g_assert_cmpfloat_with_epsilon (bs_search_cut_reward (137, 400)
                                  + bs_search_cut_reward (-137, 400), 1.0, 1e-12);
  /* Saturates without overflow far out. */
  g_assert_cmpfloat (bs_search_cut_reward (10000000, 400), ==, 1.0);
  g_assert_cmpfloat (bs_search_cut_reward (-10000000, 400), ==, 0.0);
}

/* A cut search replays from its seed, on positions of every turn-based
 * module, and it differs from the plain search (the evaluation changes the
 * statistics somewhere), and its moves are legal. */
static void
test_search_cut_deterministic (void)
{
  const BsModule * const *modules = modules_or_skip ();

  for (guint m = 0; modules != NULL && modules[m] != NULL; m++)
    {
      g_autoptr(BsRuleset) rs = ruleset_for (modules[m]->id, NULL);
      g_autofree BsMove *scratch = g_new (BsMove, rs->max_moves);
      g_autofree BsPosition *pos = bs_ruleset_new_position (rs, 5);
      g_autoptr(BsSearchResult) a = NULL;
      g_autoptr(BsSearchResult) b = NULL;
      g_autoptr(BsSearchResult) plain = NULL;
      gboolean differs = FALSE;
      BsRng rng;

      if (bs_ruleset_is_simultaneous (rs))
        continue;
      bs_rng_init (&rng, 99);
      for (int i = 0; i < 4 && !bs_position_is_over (pos); i++)
        play_random_turn (rs, pos, &rng, scratch);
      if (bs_position_is_over (pos))
        continue;
      a = search_cut (rs, pos, 600, 42, 4, 0);
      b = search_cut (rs, pos, 600, 42, 4, 0);
      plain = search (rs, pos, 600, 42);
      assert_result_legal (rs, pos, a);
      g_assert_cmpuint (a->steps[0], ==, b->steps[0]);
      g_assert_cmpuint (a->candidates->len, ==, b->candidates->len);
      g_assert_cmpuint (a->n_nodes, ==, b->n_nodes);
      for (guint i = 0; i < a->candidates->len; i++)
        {
          BsSearchCandidate *ca = &g_array_index (a->candidates, BsSearchCandidate, i);
          BsSearchCandidate *cb = &g_array_index (b->candidates, BsSearchCandidate, i);
          g_assert_cmpuint (ca->move, ==, cb->move);
          g_assert_cmpuint (ca->visits, ==, cb->visits);
          g_assert_cmpfloat (ca->win_rate, ==, cb->win_rate);
        }
      for (guint i = 0; i < MIN (a->candidates->len, plain->candidates->len); i++)
        {
          BsSearchCandidate *ca = &g_array_index (a->candidates, BsSearchCandidate, i);
          BsSearchCandidate *cp = &g_array_index (plain->candidates, BsSearchCandidate, i);
          if (ca->visits != cp->visits || ca->move != cp->move || ca->win_rate != cp->win_rate)
            differs = TRUE;
        }
      g_test_message ("%s: %u candidates, differs %d", modules[m]->id, a->candidates->len,
                      differs);
      /* (A position with few moves may be searched out, or played out within the
       * cut, either way.) */
      if (a->candidates->len >= 10)
        g_assert_true (differs);
    }
}

/* The reward of a cut playout is the evaluation, squashed. Breakthrough,
 * White a1 b1 c1 d2 against Black f7 g8 h8, White to move: nothing can be
 * taken or reach the last row within two plies. With as many playouts as
 * White has moves, each root move is visited once, by one playout from the
 * position after it: with cut=1, one random Black reply, then the
 * evaluation of the position (White to move) for White, the mover of the
 * root move. So each root move's win rate must be σ(score / S) of the
 * position after one of Black's replies — computed here for every reply —
 * and never a whole playout's 0, ½ or 1. Checked at two scales. */
static void
test_search_cut_uses_evaluation (void)
{
  static const char * const pieces[] = { "1:piece:a1", "1:piece:b1", "1:piece:c1",
                                         "1:piece:d2", "2:piece:f7", "2:piece:g8",
                                         "2:piece:h8", NULL };
  static const double scales[] = { 400, 60 };
  g_autoptr(BsRuleset) rs = NULL;
  g_autofree BsPosition *pos = NULL;
  g_autofree BsMove *moves = NULL;
  g_autofree BsMove *replies = NULL;
  g_autofree BsMove *scratch = NULL;
  g_autofree BsPosition *after = NULL;
  g_autofree BsPosition *reply = NULL;
  guint n;

  if (!module_registered ("breakthrough"))
    return;
  rs = ruleset_with ("breakthrough", NULL, pieces);
  pos = bs_ruleset_new_position (rs, 1);
  moves = g_new (BsMove, rs->max_moves);
  replies = g_new (BsMove, rs->max_moves);
  scratch = g_new (BsMove, rs->max_moves);
  after = g_malloc0 (rs->position_size);
  reply = g_malloc0 (rs->position_size);
  g_assert_cmpint (pos->to_move, ==, 1);
  n = bs_ruleset_generate (rs, pos, moves);
  g_assert_cmpuint (n, >, 3);

  for (guint k = 0; k < G_N_ELEMENTS (scales); k++)
    {
      g_autoptr(BsSearchResult) result = search_cut (rs, pos, n, 7, 1, scales[k]);
      guint fractional = 0;

      g_assert_cmpuint (result->candidates->len, ==, n);
      for (guint i = 0; i < n; i++)
        {
          const BsSearchCandidate *c = &g_array_index (result->candidates, BsSearchCandidate, i);
          gboolean found = FALSE;
          guint n_replies;

          g_assert_cmpuint (c->visits, ==, 1);
          bs_position_copy (rs, after, pos);
          bs_ruleset_apply (rs, after, c->move, NULL);
          g_assert_false (bs_position_is_over (after));
          n_replies = bs_ruleset_generate (rs, after, replies);
          for (guint r = 0; r < n_replies && !found; r++)
            {
              int score;

              bs_position_copy (rs, reply, after);
              bs_ruleset_apply (rs, reply, replies[r], NULL);
              g_assert_false (bs_position_is_over (reply));
              g_assert_cmpint (reply->to_move, ==, 1);
              score = bs_evaluation_score (rs, reply, BS_EVALUATION_FEATURES, scratch);
              /* Rewards are kept in 2^-17ths of a win. */
              found = fabs (c->win_rate - bs_search_cut_reward (score, scales[k])) < 1e-5;
            }
          g_assert_true (found);
          if (c->win_rate != 0 && c->win_rate != 0.5 && c->win_rate != 1)
            fractional++;
        }
      g_assert_cmpuint (fractional, ==, n);
    }
}

/* In a simultaneous round too a cut playout is judged by the evaluation.
 * A whole playout rewards 0, ½ or 1, so twice an order's summed reward
 * (win rate × 2 × visits) is a whole number; a cut one rewards σ(x / S),
 * which makes it fractional. (The round's search once scored every cut
 * playout as a draw, which kept it whole.) */
static void
test_search_cut_simultaneous (void)
{
  g_autoptr(BsRuleset) rs = NULL;

  if (!module_registered ("tribes"))
    return;
  rs = ruleset_for ("tribes", NULL);
  for (guint cut = 0; cut <= 2; cut++)
    {
      guint fractional = 0;

      for (guint64 seed = 1; seed <= 5; seed++)
        {
          g_autofree BsPosition *pos = bs_ruleset_new_position (rs, seed);
          g_autoptr(BsSearchResult) result = search_cut (rs, pos, 300, seed, cut, 0);

          g_assert_cmpuint (result->playout_cut, ==, cut);
          for (guint i = 0; i < result->candidates->len; i++)
            {
              const BsSearchCandidate *c = &g_array_index (result->candidates,
                                                           BsSearchCandidate, i);
              double twice = c->win_rate * 2.0 * c->visits;

              if (fabs (twice - round (twice)) > 1e-3)
                fractional++;
            }
        }
      if (cut == 0)
        g_assert_cmpuint (fractional, ==, 0);
      else
        g_assert_cmpuint (fractional, >, 0);
    }
}

/* A search of a finished game is refused with a clear error. */
static void
test_search_game_over (void)
{
  const BsModule * const *modules = modules_or_skip ();

  for (guint m = 0; modules != NULL && modules[m] != NULL; m++)
    {
      g_autoptr(BsRuleset) rs = ruleset_for (modules[m]->id, NULL);
      g_autofree BsMove *scratch = g_new (BsMove, rs->max_moves);
      g_autofree BsPosition *pos = bs_ruleset_new_position (rs, 1);
      g_autoptr(GError) error = NULL;
      BsSearchParams params;
      BsRng rng;

      bs_rng_init (&rng, 5);
      while (!bs_position_is_over (pos))
        play_random_turn (rs, pos, &rng, scratch);
      bs_search_params_init (&params, BS_SEARCH_LEVEL_EASY, 1);
      g_assert_null (bs_search_run (rs, pos, &params, NULL, NULL, &error));
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/search/levels", test_search_levels);
  g_test_add_func ("/search/cpu-budget", test_search_cpu_budget);
  g_test_add_func ("/search/parallel", test_search_parallel);
  g_test_add_func ("/search/shared-tree", test_search_shared_tree);
  g_test_add_func ("/search/shared-tree/wins", test_search_shared_tree_wins);
  g_test_add_func ("/search/shared-tree/proof", test_search_shared_tree_proof);
  g_test_add_func ("/search/legal-everywhere", test_search_legal_everywhere);
  g_test_add_func ("/search/deterministic", test_search_deterministic);
  g_test_add_func ("/search/statistics", test_search_statistics);
  g_test_add_func ("/search/node-cap", test_search_node_cap);
  g_test_add_func ("/search/game-over", test_search_game_over);
  g_test_add_func ("/search/cut/reward", test_search_cut_reward);
  g_test_add_func ("/search/params-for-game", test_search_params_for_game);
  g_test_add_func ("/search/cut/deterministic", test_search_cut_deterministic);
  g_test_add_func ("/search/cut/uses-evaluation", test_search_cut_uses_evaluation);
  g_test_add_func ("/search/cut/simultaneous", test_search_cut_simultaneous);
  g_test_add_func ("/search/mined-tactics", test_search_mined_tactics);
  g_test_add_func ("/search/ikabegama/jump-into-nest", test_search_ikabegama_jump_into_nest);
  g_test_add_func ("/search/ikabegama/block", test_search_ikabegama_block);
  g_test_add_func ("/search/abrobad/end-wins", test_search_abrobad_end_wins);
  g_test_add_func ("/search/agoraphobia/win", test_search_agoraphobia_win);
  g_test_add_func ("/search/astoria/knock-off", test_search_astoria_knock_off);
  g_test_add_func ("/search/astoria/block", test_search_astoria_block);
  g_test_add_func ("/search/tribes/sure-win", test_search_tribes_sure_win);
  g_test_add_func ("/search/cancel-async", test_search_cancel_async);
  g_test_add_func ("/search/cancel-sync-before", test_search_cancel_sync_before);
  g_test_add_func ("/search/async-result", test_search_async_result);

  return g_test_run ();
}
