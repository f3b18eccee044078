/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-explanations.c: what the modules say about how they are played and
 * what a turn did — the play declaration and decode_move (checked against
 * every legal move of random games), explain_turn from positions worked out
 * by hand (and, for Tribes, against the engine's own resolution of random
 * rounds), explain_piece and describe_rules with the options filled in. */

#include "config.h"

#include <string.h>

#include "audit-util.h"
#include "bs-error.h"
#include "bs-ruleset.h"
#include "bs-variant.h"

static BsExplanation *
explain (const BsRuleset  *rs,
         const BsPosition *pos,
         const char       *turn)
{
  g_autoptr(GError) error = NULL;
  BsExplanation *explanation = bs_ruleset_explain_notation (rs, pos, turn, &error);

  g_assert_no_error (error);
  g_assert_nonnull (explanation);
  return explanation;
}

static void
assert_explained (const BsRuleset  *rs,
                  const BsPosition *pos,
                  const char       *turn,
                  const char       *summary,
                  const char       *details)
{
  g_autoptr(BsExplanation) explanation = explain (rs, pos, turn);

  g_assert_cmpstr (explanation->summary, ==, summary);
  g_assert_cmpstr (explanation->details, ==, details);
}

/* Agoraphobia, 7×7: Light's large piece on d4 pushes c4 (west) two cells
 * to a4; e5 (north-east) has f6 behind it and stays; d3 is empty. */
static void
test_agoraphobia (void)
{
  g_autoptr(BsRuleset) rs = au_ruleset ("agoraphobia", NULL, NULL, NULL, NULL);
  g_autofree BsPosition *pos = au_position (rs, "c4=2S e5=2S f6=1S", 6, 1);
  g_autofree BsPosition *free_pos = bs_ruleset_new_position (rs, 0);

  assert_explained (rs, pos, "L@d4", "Light places a large piece on d4: it pushes 1 piece.",
                    "e5 stays: f6 behind it is taken.\n"
                    "c4 is pushed two cells, to a4.");
  /* A free opening placement pushes nothing. */
  assert_explained (rs, free_pos, "S@d4", "Light places a small piece on d4: it pushes nothing.",
                    "");
}

/* Abrobad on the limping board of size 2 (see test-endings.c): White a2
 * and d3, Black b1 b2 c1 c2 c4; every empty cell touches White, so White
 * moves: a2 east jumps b2 and c2 to d2. */
static void
test_abrobad (void)
{
  const char *settings[] = { "size=2", NULL };
  g_autoptr(BsRuleset) rs = au_ruleset ("abrobad", settings, NULL, NULL, NULL);
  g_autofree BsPosition *pos = au_position (rs, "a2=1 d3=1 b1=2 b2=2 c1=2 c2=2 c4=2", 8, 1);
  g_autofree char *why = NULL;

  assert_explained (rs, pos, "a2-d2", "White moves the stone on a2 to d2, jumping over 2 stones.",
                    "");
  assert_explained (rs, pos, "d3-c3", "White moves the stone on d3 to c3.", "");
  assert_explained (rs, pos, "end",
                    "White ends the game: 5 empty cells are filled with Black’s stones.", "");

  /* Black has no placement either: b2 may jump c2 to d2. */
  pos->to_move = 2;
  g_assert_null (bs_ruleset_explain_piece (rs, pos, au_cell (rs, "b2")));

  /* White a2 against Black b2: White can still place (b1 is the first
   * cell touching no white stone), so no stone may move. */
  g_free (pos);
  pos = au_position (rs, "a2=1 b2=2", 2, 1);
  why = bs_ruleset_explain_piece (rs, pos, au_cell (rs, "a2"));
  g_assert_cmpstr (why, ==, "a stone may move only when no placement is possible, and you can "
                            "place on b1");
}

/* Ikabegamá: Light grows on h9 next to Dark's nest token on i9. */
static void
test_ikabegama (void)
{
  g_autoptr(BsRuleset) rs = au_ruleset ("ikabegama", NULL, NULL, NULL, NULL);
  g_autofree BsPosition *pos = au_position (rs, "a1=1 h8=1 i9=2", 20, 1);
  g_autofree BsPosition *empty = au_position (rs, NULL, 20, 1);
  g_autofree char *stuck = NULL;

  assert_explained (rs, pos, "h9", "Light grows on h9: 1 token flips: i9.", "");
  assert_explained (rs, pos, "h8-g6", "Light jumps from h8 to g6: no token flips.", "");
  assert_explained (rs, empty, "pass", "Light cannot move and passes.", "");
  g_assert_null (bs_ruleset_explain_piece (rs, pos, au_cell (rs, "h8")));

  /* a1 in its corner with every cell two away taken. */
  g_free (pos);
  pos = au_position (rs, "a1=1 c1=2 c2=2 c3=2 b3=2 a3=2", 20, 1);
  stuck = bs_ruleset_explain_piece (rs, pos, au_cell (rs, "a1"));
  g_assert_cmpstr (stuck, ==, "no cell two cells away from it is empty, so it cannot jump");
}

/* Astoria, 8×8: Gold's circle on d4 pushing north makes column d Gold 2
 * (d4, d7), Teal 1 (d8): column d moves and Teal's d8 falls off. Column b
 * (Teal b2 only) stays. */
static void
test_astoria (void)
{
  g_autoptr(BsRuleset) rs = au_ruleset ("astoria", NULL, NULL, NULL, NULL);
  g_autofree BsPosition *pos = au_position (rs, "d7=1C d8=2C b2=2C", 4, 1);
  g_autoptr(BsExplanation) explanation = NULL;

  assert_explained (rs, pos, "C@d4/N",
                    "Gold places a circle on d4 and pushes north: column d moves, 1 piece falls off.",
                    "Teal’s circle on d8 falls off the board.");
  /* Rows 1 (the triangle, 3) and 7 (Gold's d7) lead; nothing reaches h. */
  assert_explained (rs, pos, "TE@a1/E",
                    "Gold places a triangle pointing east on a1 and pushes east: rows 1, 7 move.",
                    "");
  /* A triangle pointing west scores nothing for a push south; column d is
   * a tie (d7 against d8). */
  assert_explained (rs, pos, "TW@a1/S",
                    "Gold places a triangle pointing west on a1 and pushes south: no column moves.",
                    "Gold scores more than the opponent in no column.");
  /* Row 8 is a tie (h8 against d8); row 7 moves west, a7 was empty. */
  explanation = explain (rs, pos, "C@h8/W");
  g_assert_cmpstr (explanation->summary, ==,
                   "Gold places a circle on h8 and pushes west: row 7 moves.");
  g_assert_cmpstr (explanation->details, ==, "");
  /* d8 held Teal's circle before the turn, and still does after it. */
  g_assert_cmpint (explanation->removed[au_cell (rs, "d8")], ==, 0);
}

/* Tribes, hand-made rounds on 5×5. */
static void
test_tribes (void)
{
  g_autoptr(BsRuleset) rs = au_ruleset ("tribes", NULL, NULL, NULL, NULL);
  g_autofree BsPosition *pos = au_position (rs, "a1=1 e5=2", 0, 1);
  g_autofree BsPosition *crowd = au_position (rs, "a1=1 c3=2 e5=2", 0, 1);
  g_autoptr(BsExplanation) explanation = NULL;

  assert_explained (rs, pos, "a1-a2;e5-e5", "Round 1: 1 piece dies.",
                    "Defended, but nobody attacked: Blue e5");
  assert_explained (rs, pos, "a1-a2;e5-e4", "Round 1: no piece dies.", "");
  /* Red a1 and Blue c3 both move to b2; Blue e5 moves onto d4. */
  explanation = explain (rs, crowd, "a1-b2;c3-b2,e5-d4");
  g_assert_cmpstr (explanation->summary, ==, "Round 1: 2 pieces die.");
  g_assert_cmpstr (explanation->details, ==, "Collided: Red a1 (on b2) · Blue c3 (on b2)");
  g_assert_cmpint (explanation->removed[au_cell (rs, "a1")], ==, 1);
  g_assert_cmpint (explanation->removed[au_cell (rs, "c3")], ==, 1);
  g_assert_cmpint (explanation->removed[au_cell (rs, "e5")], ==, 0);

  /* A defender attacked lives; the mover that ran into it dies. */
  g_clear_pointer (&explanation, bs_explanation_free);
  g_free (pos);
  pos = au_position (rs, "a1=1 b1=2 c1=2", 0, 1);
  explanation = explain (rs, pos, "a1-a1;b1-a1,c1-c2");
  g_assert_cmpstr (explanation->details, ==, "Ran into a defender: Blue b1 (on a1)");
  g_assert_cmpstr (explanation->summary, ==, "Round 1: 1 piece dies.");

  /* Red a1 moves onto b1, which was moving away: b1 is attacked and dies,
   * a1 arrives. */
  g_clear_pointer (&explanation, bs_explanation_free);
  g_free (pos);
  pos = au_position (rs, "a1=1 b1=2", 0, 1);
  explanation = explain (rs, pos, "a1-b1;b1-b2");
  g_assert_cmpstr (explanation->details, ==, "Attacked while moving: Blue b1 (from a1)");
  g_assert_cmpstr (explanation->summary, ==, "Round 1: 1 piece dies.");
}

/* The rounds the app's reveal was tested on, worked out by hand from
 * RULES.md on 3×3 (attacked = some piece points at the cell; a defender
 * lives only if attacked; a mover dies if attacked, else if its target
 * holds a defender; living movers arrive, crowded cells empty), played
 * through the engine: the explanation and the position after agree. */
static void
assert_round (const BsRuleset *rs,
              const char      *pieces,
              const char      *round,
              const char      *summary,
              const char      *details,
              const char      *after)
{
  g_autofree BsPosition *pos = au_position (rs, pieces, 0, 1);

  assert_explained (rs, pos, round, summary, details);
  au_play (rs, pos, round);
  au_assert_pieces (rs, pos, after);
}

static void
test_tribes_3x3 (void)
{
  const char *settings[] = { "width=3", "height=3", NULL };
  g_autoptr(BsRuleset) rs = au_ruleset ("tribes", settings, NULL, NULL, NULL);

  /* A chase: a1 → b1 while b1 → b2; c1 and a3 defend unattacked; c3 → b3.
   * a1 lives (b1 held a mover, not a defender), b1 dies attacked from a1. */
  assert_round (rs, "a1=1 b1=2 c1=1 a3=2 c3=1", "a1-b1,c1-c1,c3-b3;b1-b2,a3-a3",
                "Round 1: 3 pieces die.",
                "Attacked while moving: Blue b1 (from a1)\n"
                "Defended, but nobody attacked: Red c1 · Blue a3",
                "b1=1 b3=1");
  /* a1 and c1 both reach b2 and collide; b3 runs into the defender a3,
   * which, attacked, lives. */
  assert_round (rs, "a1=1 c1=2 a3=1 b3=2", "a1-b2,a3-a3;c1-b2,b3-a3",
                "Round 1: 3 pieces die.",
                "Ran into a defender: Blue b3 (on a3)\n"
                "Collided: Red a1 (on b2) · Blue c1 (on b2)",
                "a3=1");
  /* A swap: a1 → a2 and a2 → a1 attack each other and both die; b1 runs
   * into the defender c1. */
  assert_round (rs, "a1=1 c1=1 a2=2 b1=2", "a1-a2,c1-c1;b1-c1,a2-a1",
                "Round 1: 3 pieces die.",
                "Attacked while moving: Red a1 (from a2) · Blue a2 (from a1)\n"
                "Ran into a defender: Blue b1 (on c1)",
                "c1=1");
  /* Nobody dies: both move into empty cells. */
  assert_round (rs, "b1=1 c3=2", "b1-b2;c3-c2", "Round 1: no piece dies.", "", "b2=1 c2=2");
}

/* The explanation of random Tribes rounds says exactly what the engine
 * does: the pieces it marks removed are gone, every other piece stands on
 * its target. */
static void
test_tribes_against_engine (void)
{
  g_autoptr(BsRuleset) rs = au_ruleset ("tribes", NULL, NULL, NULL, NULL);
  g_autofree BsMove *scratch = g_new (BsMove, rs->max_moves);
  g_autofree BsMove *steps = g_new (BsMove, bs_ruleset_max_turn_steps (rs));
  BsRng rng;
  guint rounds = 0;

  bs_rng_init (&rng, 7);
  for (int game = 0; game < 300; game++)
    {
      g_autofree BsPosition *pos = bs_ruleset_new_position (rs, (guint64) game);

      while (!bs_position_is_over (pos))
        {
          g_autofree BsPosition *before = bs_position_dup (rs, pos);
          g_autoptr(BsExplanation) explanation = NULL;
          guint8 predicted[BS_MAX_CELLS];
          guint n = 0;

          do
            {
              steps[n] = bs_ruleset_random_move (rs, pos, &rng, scratch);
              bs_ruleset_apply (rs, pos, steps[n++], NULL);
            }
          while (pos->step != 0 && !bs_position_is_over (pos));

          explanation = bs_ruleset_explain_turn (rs, before, steps, n);
          memset (predicted, 0, sizeof predicted);
          for (guint i = 0; i < n; i++)
            {
              BsMoveParts parts;

              bs_ruleset_decode_move (rs, before, steps[i], &parts);
              g_assert_cmpint (before->cells[parts.from], !=, BS_CELL_EMPTY);
              if (!explanation->removed[parts.from])
                predicted[parts.to] = before->cells[parts.from];
            }
          g_assert_cmpmem (predicted, rs->n_cells, pos->cells, rs->n_cells);
          rounds++;
        }
    }
  g_assert_cmpuint (rounds, >, 300);
}

/* decode_move takes every legal move of random games apart consistently
 * with the declaration and the notation, and no two moves alike;
 * encode_move puts each back together. */
static void
test_decode_all (void)
{
  guint n_modules;
  const BsModule * const *modules = bs_module_list (&n_modules);

  for (guint m = 0; m < n_modules; m++)
    {
      g_autoptr(BsVariant) variant = bs_variant_new_for_module (modules[m]->id, NULL);
      g_autoptr(BsRuleset) rs = bs_ruleset_new (variant, NULL);
      const BsPlaySpec *play = bs_ruleset_play_spec (rs);
      g_autofree BsMove *moves = g_new (BsMove, rs->max_moves);
      BsRng rng;

      g_assert_nonnull (modules[m]->play);
      g_assert_nonnull (modules[m]->decode_move);
      g_assert_nonnull (modules[m]->explain_turn);
      g_assert_nonnull (modules[m]->describe_rules);
      bs_rng_init (&rng, 11);
      for (int game = 0; game < 20; game++)
        {
          g_autofree BsPosition *pos = bs_ruleset_new_position (rs, (guint64) game);
          g_autofree BsPosition *turn_start = bs_position_dup (rs, pos);
          g_autofree BsMove *turn = g_new (BsMove, bs_ruleset_max_turn_steps (rs));
          guint n_turn = 0;

          while (!bs_position_is_over (pos))
            {
              guint n = bs_ruleset_generate (rs, pos, moves);
              g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal,
                                                                  g_free, NULL);

              for (guint i = 0; i < n; i++)
                {
                  BsMoveParts parts;
                  g_autofree char *text = bs_ruleset_format_move (rs, pos, moves[i]);
                  char *key;

                  bs_ruleset_decode_move (rs, pos, moves[i], &parts);
                  if (parts.word >= 0)
                    {
                      g_assert_cmpuint ((guint) parts.word, <, play->n_words);
                      g_assert_cmpstr (play->words[parts.word].id, ==, text);
                      g_assert_cmpint (parts.to, ==, BS_NO_CELL);
                    }
                  else
                    {
                      g_assert_cmpint (parts.to, >=, 0);
                      g_assert_nonnull (strstr (text, bs_board_cell_label (rs->board, parts.to)));
                    }
                  if (parts.from != BS_NO_CELL)
                    {
                      g_assert_true (play->flags & (BS_PLAY_STEP | BS_PLAY_ORDERS));
                      g_assert_cmpint (BS_CELL_OWNER (pos->cells[parts.from]), ==, pos->to_move);
                      g_assert_true (g_str_has_prefix (text,
                                                       bs_board_cell_label (rs->board, parts.from)));
                    }
                  else if (parts.to != BS_NO_CELL)
                    {
                      g_assert_true (play->flags & BS_PLAY_PLACE);
                      g_assert_cmpint (pos->cells[parts.to], ==, BS_CELL_EMPTY);
                      g_assert_cmpint (parts.kind, >=, 0);
                      g_assert_cmpuint ((guint) parts.kind, <, rs->module->n_kinds);
                      g_assert_cmpint (parts.direction >= 0, ==,
                                       rs->module->kinds[parts.kind].directed);
                    }
                  if (parts.follow_up >= 0)
                    {
                      g_assert_true (play->flags & BS_PLAY_FOLLOW_UP);
                      g_assert_cmpuint ((guint) parts.follow_up, <, play->n_follow_ups);
                    }
                  else
                    g_assert_true (parts.word >= 0 || !(play->flags & BS_PLAY_FOLLOW_UP));
                  /* encode_move takes the parts back to the very step. */
                  {
                    BsMove again = 0;

                    g_assert_nonnull (modules[m]->encode_move);
                    g_assert_true (bs_ruleset_encode_move (rs, pos, &parts, &again));
                    g_assert_cmpuint (again, ==, moves[i]);
                  }
                  key = g_strdup_printf ("%d %d %d %d %d %d", parts.from, parts.to, parts.kind,
                                         parts.direction, parts.follow_up, parts.word);
                  g_assert_false (g_hash_table_contains (seen, key));
                  g_hash_table_add (seen, key);
                }

              turn[n_turn++] = moves[bs_rng_below (&rng, n)];
              bs_ruleset_apply (rs, pos, turn[n_turn - 1], NULL);
              if (pos->step == 0)
                {
                  g_autoptr(BsExplanation) explanation =
                    bs_ruleset_explain_turn (rs, turn_start, turn, n_turn);

                  g_assert_cmpstr (explanation->summary, !=, "");
                  bs_position_copy (rs, turn_start, pos);
                  n_turn = 0;
                }
            }
        }
    }
}

/* The rules as configured: options filled in. */
static void
test_describe_rules (void)
{
  const char *agora[] = { "push-large=3", "opening-free-placements=1", NULL };
  const char *abro[] = { "movement=step", "max-plies=50", NULL };
  const char *asto[] = { "push-mode=gaps", "triangle-weight=4", NULL };
  g_autoptr(BsRuleset) rs_agora = au_ruleset ("agoraphobia", agora, NULL, NULL, NULL);
  g_autoptr(BsRuleset) rs_abro = au_ruleset ("abrobad", abro, NULL, NULL, NULL);
  g_autoptr(BsRuleset) rs_asto = au_ruleset ("astoria", asto, NULL, NULL, NULL);
  g_autoptr(BsRuleset) rs_ika = au_ruleset ("ikabegama", NULL, NULL, "b2", "h8");
  g_autoptr(BsRuleset) rs_tribes = au_ruleset ("tribes", NULL, NULL, NULL, NULL);
  char *rules, *goal;

  bs_ruleset_describe_rules (rs_agora, &rules, &goal);
  g_assert_nonnull (strstr (rules, "A small piece pushes every neighbour 1 cell straight away "
                                   "from it, a large piece 3 cells."));
  g_assert_nonnull (strstr (rules, ", except the first placement of the game."));
  g_assert_nonnull (strstr (goal, "the player with the larger group loses"));
  g_free (rules);
  g_free (goal);

  bs_ruleset_describe_rules (rs_abro, &rules, &goal);
  g_assert_nonnull (strstr (rules, "Moving: a stone steps to a neighbouring empty cell."));
  g_assert_nonnull (strstr (rules, "After 50 plies the game ends in a draw."));
  g_assert_nonnull (strstr (goal, "the player who ended the game wins"));
  g_free (rules);
  g_free (goal);

  bs_ruleset_describe_rules (rs_asto, &rules, &goal);
  g_assert_nonnull (strstr (rules, "each piece with an empty cell ahead of it moves one cell"));
  g_assert_nonnull (strstr (rules, "a triangle pointing the way of the push 4"));
  g_free (rules);
  g_free (goal);

  bs_ruleset_describe_rules (rs_ika, &rules, &goal);
  g_assert_cmpstr (goal, ==, "The first player to have a token on the other player’s nest "
                             "wins: Light’s nest is b2, Dark’s is h8.");
  /* The move limit follows the board: 30 plies per cell of the 61. */
  g_assert_nonnull (strstr (rules, "After 1830 plies the game ends in a draw."));
  g_free (rules);
  g_free (goal);

  bs_ruleset_describe_rules (rs_tribes, &rules, &goal);
  g_assert_nonnull (strstr (rules, "move to one of the 8 neighbouring cells."));
  g_assert_nonnull (strstr (goal, "no piece was removed"));
  g_free (rules);
  g_free (goal);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/explanations/agoraphobia", test_agoraphobia);
  g_test_add_func ("/explanations/abrobad", test_abrobad);
  g_test_add_func ("/explanations/ikabegama", test_ikabegama);
  g_test_add_func ("/explanations/astoria", test_astoria);
  g_test_add_func ("/explanations/tribes", test_tribes);
  g_test_add_func ("/explanations/tribes-3x3", test_tribes_3x3);
  g_test_add_func ("/explanations/tribes-against-engine", test_tribes_against_engine);
  g_test_add_func ("/explanations/decode-all", test_decode_all);
  g_test_add_func ("/explanations/describe-rules", test_describe_rules);

  return g_test_run ();
}
