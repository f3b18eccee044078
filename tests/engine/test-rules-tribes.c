/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-rules-tribes.c: Tribes written in the rules language
 * (rules/games/tribes.xml, docs/RULES-LANGUAGE.md "The ninth slice")
 * against its C module, the oracle.
 *
 * The written game runs on a rounds program that packs its orders and lays
 * out its extra bytes (the orders given so far, then each player's pieces)
 * as the C module does, so everything is compared: every step's orders as
 * numbers and as notation, whole positions byte for byte, the full hash,
 * the result, the ending and its sentence's presence, a round's notation
 * both ways; random games and random whole rounds (random_turn) in
 * lock-step; every order of every piece for whole rounds on small boards
 * (perft); and rounds worked by hand from RULES.md, one per phase. With
 * -m slow, the long run: 162,000 games in lock-step. */

#include "config.h"

#include <string.h>

#include "bs-error.h"
#include "bs-position.h"
#include "bs-ruleset.h"
#include "bs-rules-game.h"
#include "bs-variant-xml.h"

#define GAME "tribes"

typedef struct {
  BsRuleset *c;
  BsRuleset *w;
} Pair;

static BsRulesGame *
load_game (void)
{
  g_autofree char *file = g_build_filename (g_getenv ("BOARDSMITH_RULES_DIR"), "games",
                                            GAME ".xml", NULL);
  g_autoptr(GError) error = NULL;
  BsRulesGame *game = bs_rules_game_load_file (file, &error);

  g_assert_no_error (error);
  return game;
}

static Pair
pair_for_variant (BsVariant *variant)
{
  g_autoptr(BsRulesGame) game = load_game ();
  g_autoptr(GError) error = NULL;
  Pair pair;

  pair.c = bs_ruleset_new (variant, &error);
  g_assert_no_error (error);
  pair.w = bs_rules_game_new_ruleset (game, variant, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (pair.c->n_cells, ==, pair.w->n_cells);
  g_assert_cmpuint (pair.c->position_size, ==, pair.w->position_size);
  g_assert_true (pair.w->module->flags & BS_MODULE_SIMULTANEOUS);
  return pair;
}

static Pair
pair_from_file_with (const char *relative,
                     const char *setting)
{
  g_autofree char *path = g_strdup_printf ("%s/%s.xml", g_getenv ("BOARDSMITH_RULES_DIR"),
                                           relative);
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariant) variant = bs_variant_load_file (path, &error);

  g_assert_no_error (error);
  if (setting != NULL)
    {
      const char * const settings[] = { setting, NULL };

      bs_variant_apply_settings (variant, settings, &error);
      g_assert_no_error (error);
    }
  return pair_for_variant (variant);
}

static Pair
pair_from_file (const char *relative)
{
  return pair_from_file_with (relative, NULL);
}

/* A square board of side n with these supplies. */
static Pair
pair_for_board (int n, int supply1, int supply2)
{
  g_autofree char *xml = g_strdup_printf (
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<variant format=\"1\" id=\"t\" module=\"" GAME "\">\n"
    "  <name>Test</name>\n"
    "  <board shape=\"square\" width=\"%d\" height=\"%d\" adjacency=\"8\"/>\n"
    "  <players><player number=\"1\" name=\"Red\" color=\"#ff0000\">"
    "<supply kind=\"piece\" count=\"%d\"/></player>"
    "<player number=\"2\" name=\"Blue\" color=\"#0000ff\">"
    "<supply kind=\"piece\" count=\"%d\"/></player></players>\n"
    "  <options><option id=\"max-plies\" value=\"0\"/></options>\n"
    "</variant>\n", n, n, supply1, supply2);
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariant) variant = bs_variant_load_data (xml, strlen (xml), "test.xml", &error);

  g_assert_no_error (error);
  return pair_for_variant (variant);
}

static void
pair_clear (Pair *pair)
{
  bs_ruleset_unref (pair->c);
  bs_ruleset_unref (pair->w);
}

/* The same bytes (header, cells, orders, derived sets), hashes, result,
 * ending and measures. */
static void
assert_same_position (const Pair       *pair,
                      const BsPosition *c,
                      const BsPosition *w)
{
  int vc[BS_MAX_MEASURES][2], vw[BS_MAX_MEASURES][2];
  guint nc, nw;

  g_assert_cmpuint (c->hash, ==, w->hash);
  g_assert_cmpuint (bs_position_hash (pair->c, c), ==, bs_position_hash (pair->w, w));
  g_assert_true (memcmp (c, w, pair->c->position_size) == 0);
  g_assert_cmpint (c->result, ==, w->result);
  g_assert_cmpint (bs_ruleset_ending (pair->c, c), ==, bs_ruleset_ending (pair->w, w));
  if (bs_position_is_over (c))
    {
      g_autofree char *dc = bs_ruleset_describe_ending (pair->c, c);
      g_autofree char *dw = bs_ruleset_describe_ending (pair->w, w);

      g_assert_nonnull (dc);
      g_assert_nonnull (dw);
      g_assert_cmpstr (dw, !=, "");
    }
  nc = bs_ruleset_measures (pair->c, c, vc);
  nw = bs_ruleset_measures (pair->w, w, vw);
  g_assert_cmpuint (nc, ==, nw);
  for (guint i = 0; i < nc; i++)
    {
      g_assert_cmpint (vc[i][0], ==, vw[i][0]);
      g_assert_cmpint (vc[i][1], ==, vw[i][1]);
    }
}

/* The same orders in the same order: the same numbers, the same notation,
 * read back by the other. */
static guint
assert_same_moves (const Pair       *pair,
                   const BsPosition *c,
                   const BsPosition *w,
                   BsMove           *mc,
                   BsMove           *mw)
{
  guint n = bs_ruleset_generate (pair->c, c, mc);

  g_assert_cmpuint (bs_ruleset_generate (pair->w, w, mw), ==, n);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *tc = bs_ruleset_format_move (pair->c, c, mc[i]);
      g_autofree char *tw = bs_ruleset_format_move (pair->w, w, mw[i]);
      g_autofree char *why = bs_ruleset_explain (pair->w, w, mw[i]);
      BsMove back;

      g_assert_cmphex (mc[i], ==, mw[i]);
      g_assert_cmpstr (tc, ==, tw);
      g_assert_null (why);
      g_assert_true (bs_ruleset_parse_move (pair->w, w, tc, &back, NULL));
      g_assert_cmphex (back, ==, mw[i]);
    }
  return n;
}

/* Every order of every piece, `depth` steps deep (a round is one step per
 * piece): the leaves. */
static guint64
perft (const Pair *pair,
       BsPosition *c,
       BsPosition *w,
       int         depth)
{
  g_autofree BsMove *mc = g_new (BsMove, pair->c->max_moves);
  g_autofree BsMove *mw = g_new (BsMove, pair->w->max_moves);
  BsUndo *uc, *uw;
  guint64 leaves = 0;
  guint n;

  if (depth == 0 || bs_position_is_over (c))
    return 1;
  n = assert_same_moves (pair, c, w, mc, mw);
  uc = bs_undo_new (pair->c);
  uw = bs_undo_new (pair->w);
  for (guint i = 0; i < n; i++)
    {
      bs_ruleset_apply (pair->c, c, mc[i], uc);
      bs_ruleset_apply (pair->w, w, mw[i], uw);
      assert_same_position (pair, c, w);
      leaves += perft (pair, c, w, depth - 1);
      bs_ruleset_undo (pair->c, c, uc);
      bs_ruleset_undo (pair->w, w, uw);
      assert_same_position (pair, c, w);
    }
  bs_undo_free (uc);
  bs_undo_free (uw);
  return leaves;
}

/* Random games in lock-step, a round at a time: its orders drawn by the C
 * module's random move (the written game's from the same numbers is the
 * same order), the round's notation the same and read back by both, the
 * round played stepwise with undo journals; and the same round played as
 * one random_turn by both. Returns the rounds played. */
static guint64
lockstep_games (const Pair *pair,
                guint       games,
                guint64     seed,
                guint      *endings)
{
  g_autofree BsMove *mc = g_new (BsMove, pair->c->max_moves);
  g_autofree BsMove *mw = g_new (BsMove, pair->w->max_moves);
  g_autofree BsMove *scratch = g_new (BsMove, MAX (pair->c->max_moves, pair->w->max_moves));
  g_autofree BsMove *steps = g_new (BsMove, pair->c->n_cells + 1);
  g_autofree BsMove *parsed = g_new (BsMove, pair->c->n_cells + 1);
  guint64 rounds = 0;
  BsRng rng;

  bs_rng_init (&rng, seed);
  for (guint g = 0; g < games; g++)
    {
      g_autofree BsPosition *c = bs_ruleset_new_position (pair->c, seed + g);
      g_autofree BsPosition *w = bs_ruleset_new_position (pair->w, seed + g);

      assert_same_position (pair, c, w);
      while (!bs_position_is_over (c))
        {
          g_autofree BsPosition *start_c = bs_position_dup (pair->c, c);
          g_autofree BsPosition *start_w = bs_position_dup (pair->w, w);
          g_autofree BsPosition *turn_c = bs_position_dup (pair->c, c);
          g_autofree BsPosition *turn_w = bs_position_dup (pair->w, w);
          BsUndo *uc = bs_undo_new (pair->c);
          BsUndo *uw = bs_undo_new (pair->w);
          BsRng rc = rng, rw = rng;
          g_autofree char *tc = NULL;
          g_autofree char *tw = NULL;
          guint n = 0, n_parsed = 0;

          do
            {
              BsRng r2 = rng;
              BsMove move, other;

              assert_same_moves (pair, c, w, mc, mw);
              move = bs_ruleset_random_move (pair->c, c, &rng, scratch);
              other = bs_ruleset_random_move (pair->w, w, &r2, scratch);
              g_assert_cmphex (move, ==, other);
              steps[n++] = move;
              if (g % 4 == 0)
                {
                  /* Undone, the step (the round's last one too) leaves both as they were. */
                  g_autofree BsPosition *was_c = bs_position_dup (pair->c, c);
                  g_autofree BsPosition *was_w = bs_position_dup (pair->w, w);

                  bs_ruleset_apply (pair->c, c, move, uc);
                  bs_ruleset_apply (pair->w, w, move, uw);
                  assert_same_position (pair, c, w);
                  bs_ruleset_undo (pair->c, c, uc);
                  bs_ruleset_undo (pair->w, w, uw);
                  g_assert_true (bs_position_equal (pair->c, c, was_c));
                  g_assert_true (bs_position_equal (pair->w, w, was_w));
                  assert_same_position (pair, c, w);
                }
              bs_ruleset_apply (pair->c, c, move, uc);
              bs_ruleset_apply (pair->w, w, move, uw);
              assert_same_position (pair, c, w);
            }
          while (c->step != 0 && !bs_position_is_over (c));
          tc = bs_ruleset_format_turn (pair->c, start_c, steps, n);
          tw = bs_ruleset_format_turn (pair->w, start_w, steps, n);
          g_assert_cmpstr (tc, ==, tw);
          g_assert_true (bs_ruleset_parse_turn (pair->w, start_w, tc, parsed, &n_parsed, NULL));
          g_assert_cmpuint (n_parsed, ==, n);
          /* Read back, the round is the same steps. */
          for (guint i = 0; i < n; i++)
            g_assert_cmphex (parsed[i], ==, steps[i]);
          /* The same round as one random turn, from the same numbers. */
          g_assert_cmpuint (pair->c->random_turn (pair->c, turn_c, &rc), ==, n);
          g_assert_cmpuint (pair->w->random_turn (pair->w, turn_w, &rw), ==, n);
          /* (The round limit is the ruleset's, applied around the hooks.) */
          if (bs_ruleset_ending (pair->w, w) != BS_ENDING_MOVE_LIMIT)
            g_assert_cmpint (turn_w->result, ==, w->result);
          g_assert_true (memcmp (turn_w->cells, w->cells, pair->w->n_cells) == 0);
          g_assert_true (memcmp (turn_c, turn_w, pair->c->position_size) == 0);
          bs_undo_free (uc);
          bs_undo_free (uw);
          rounds++;
        }
      g_assert_true (bs_position_is_over (w));
      endings[bs_ruleset_ending (pair->c, c)]++;
    }
  return rounds;
}

static void
run_lockstep (Pair *pair, const char *name, guint games)
{
  guint endings[BS_ENDING_MOVE_LIMIT + 1] = { 0 };
  guint64 rounds = lockstep_games (pair, games, 23, endings);

  g_test_message ("%s: %u games, %" G_GUINT64_FORMAT " rounds in lock-step; %u by elimination, "
                  "%u by a round without removal", name, games, rounds,
                  endings[BS_ENDING_ELIMINATION], endings[BS_ENDING_NO_REMOVAL]);
  if (endings[BS_ENDING_MOVE_LIMIT] > 0)
    g_test_message ("%s: %u by the round limit", name, endings[BS_ENDING_MOVE_LIMIT]);
  g_assert_cmpuint (endings[BS_ENDING_ELIMINATION] + endings[BS_ENDING_NO_REMOVAL]
                    + endings[BS_ENDING_MOVE_LIMIT], ==, games);
}

static void
test_shipped (void)
{
  Pair pair = pair_from_file (GAME);

  run_lockstep (&pair, "5×5", g_test_slow () ? 100000 : 300);
  pair_clear (&pair);
}

/* A round limit (the option max-plies, a ply being a round) of 2. */
static void
test_round_limit (void)
{
  Pair pair = pair_from_file_with (GAME, "max-plies=2");

  run_lockstep (&pair, "5×5, max-plies=2", g_test_slow () ? 20000 : 200);
  pair_clear (&pair);
}

static void
test_example (void)
{
  Pair pair = pair_from_file ("examples/tribes-7x7-26-24");

  run_lockstep (&pair, "7×7 26-24", g_test_slow () ? 20000 : 100);
  pair_clear (&pair);
}

static void
test_small (void)
{
  Pair pair = pair_for_board (3, 5, 3);
  Pair wide = pair_for_board (9, 40, 41);

  run_lockstep (&pair, "3×3 5-3", g_test_slow () ? 20000 : 300);
  run_lockstep (&wide, "9×9 (two words)", g_test_slow () ? 2000 : 30);
  pair_clear (&pair);
  pair_clear (&wide);
}

/* Every order pair of whole rounds: 2 × 2 (three pieces, one cell left
 * empty) three rounds deep, and 3 × 3 positions of random games once
 * they hold at most four pieces, one round. */
static void
test_exhaustive (void)
{
  Pair tiny = pair_for_board (2, 2, 1);
  Pair small = pair_for_board (3, 4, 4);
  guint64 total = 0;
  guint positions = 0;

  for (guint64 seed = 0; seed < 4; seed++)
    {
      g_autofree BsPosition *c = bs_ruleset_new_position (tiny.c, seed);
      g_autofree BsPosition *w = bs_ruleset_new_position (tiny.w, seed);

      assert_same_position (&tiny, c, w);
      total += perft (&tiny, c, w, 9);
    }
  for (guint64 seed = 0; seed < 200 && positions < 40; seed++)
    {
      g_autofree BsPosition *c = bs_ruleset_new_position (small.c, seed);
      g_autofree BsPosition *w = bs_ruleset_new_position (small.w, seed);
      BsRng rng;

      bs_rng_init (&rng, seed);
      while (!bs_position_is_over (c))
        {
          int pieces = bs_position_pieces (c, 1) + bs_position_pieces (c, 2);

          if (c->step == 0 && pieces <= 4)
            {
              total += perft (&small, c, w, pieces);
              positions++;
              break;
            }
          small.c->random_turn (small.c, c, &rng);
          bs_position_copy (small.w, w, c);
        }
    }
  g_test_message ("%" G_GUINT64_FORMAT " leaves of whole rounds compared, %u positions of "
                  "3×3", total, positions);
  g_assert_cmpuint (positions, >, 10);
  /* 5 × 5: positions of random games once they hold at most five pieces. */
  {
    Pair big = pair_from_file (GAME);
    guint found = 0;

    total = 0;
    for (guint64 seed = 0; seed < 400 && found < 8; seed++)
      {
        g_autofree BsPosition *c = bs_ruleset_new_position (big.c, seed);
        g_autofree BsPosition *w = bs_ruleset_new_position (big.w, seed);
        BsRng rng;

        bs_rng_init (&rng, seed);
        while (!bs_position_is_over (c))
          {
            int pieces = bs_position_pieces (c, 1) + bs_position_pieces (c, 2);

            if (pieces <= 5 && pieces >= 3)
              {
                total += perft (&big, c, w, pieces);
                found++;
                break;
              }
            big.c->random_turn (big.c, c, &rng);
            bs_position_copy (big.w, w, c);
          }
      }
    g_test_message ("%" G_GUINT64_FORMAT " leaves of whole rounds compared, %u positions of "
                    "5×5", total, found);
    g_assert_cmpuint (found, ==, 8);
    pair_clear (&big);
  }
  pair_clear (&tiny);
  pair_clear (&small);
}

/* ---- Rounds worked by hand (RULES.md's five steps) ---- */

typedef struct {
  const char *name;
  const char *pieces;     /* "a1:1 b2:2 …" */
  const char *round;
  const char *after;      /* the pieces after the round */
  BsResult    result;
  BsEnding    ending;
} HandCase;

static const HandCase hand_cases[] = {
  /* 3. an attacked defender lives, 4. a mover onto a defender dies, and
   * an unattacked defender starves: Blue has nothing left. */
  { "defenders", "a1:1 c1:1 b2:2", "a1-a1,c1-c1;b2-a1", "a1:1", BS_RESULT_WIN_1,
    BS_ENDING_ELIMINATION },
  /* 4. two movers attacking each other both die; the others move on. */
  { "attacked-movers", "a1:1 e5:1 b1:2 a5:2", "a1-b1,e5-e4;a5-a4,b1-a1", "a4:2 e4:1",
    BS_RESULT_ONGOING, BS_ENDING_NONE },
  /* 5. two living movers reach the same cell: both go. */
  { "collision", "a1:1 e1:1 c3:2 e5:2", "a1-b2,e1-e2;c3-b2,e5-e4", "e2:1 e4:2",
    BS_RESULT_ONGOING, BS_ENDING_NONE },
  /* A piece follows into the cell its neighbour left, and the neighbour,
   * attacked by it while moving, dies. */
  { "chain", "a1:1 b1:1 e5:2", "a1-b1,b1-c1;e5-e4", "b1:1 e4:2", BS_RESULT_ONGOING,
    BS_ENDING_NONE },
  /* No piece removed: the game ends, more pieces win. */
  { "no-removal", "a1:1 b1:1 e5:2", "a1-a2,b1-b2;e5-e4", "a2:1 b2:1 e4:2", BS_RESULT_WIN_1,
    BS_ENDING_NO_REMOVAL },
  /* No piece removed, equal numbers: a draw. */
  { "no-removal-draw", "a1:1 e5:2", "a1-a2;e5-e4", "a2:1 e4:2", BS_RESULT_DRAW,
    BS_ENDING_NO_REMOVAL },
  /* Both starve: a draw by elimination. */
  { "both-starve", "a1:1 e5:2", "a1-a1;e5-e5", "", BS_RESULT_DRAW, BS_ENDING_ELIMINATION },
};

static void
place_pieces (const BsRuleset *rs, BsPosition *pos, const char *pieces)
{
  g_auto (GStrv) items = g_strsplit (pieces, " ", -1);

  for (int c = 0; c < rs->n_cells; c++)
    bs_position_set_cell (rs->zobrist, pos, c, BS_CELL_EMPTY, NULL);
  for (guint i = 0; items[i] != NULL; i++)
    {
      g_auto (GStrv) kv = g_strsplit (items[i], ":", 2);
      gboolean hole = FALSE;
      int cell;

      if (*items[i] == '\0')
        continue;
      cell = bs_board_find_cell (rs->board, kv[0], &hole);
      g_assert_cmpint (cell, >=, 0);
      bs_position_set_cell (rs->zobrist, pos, cell,
                            BS_CELL_MAKE ((int) g_ascii_strtoll (kv[1], NULL, 10), 0, 0), NULL);
    }
  pos->result = BS_RESULT_ONGOING;
  pos->to_move = 1;
  pos->step = 0;
  pos->counter[0] = 0;
}

static char *
pieces_of (const BsRuleset *rs, const BsPosition *pos)
{
  GString *out = g_string_new (NULL);

  for (int c = 0; c < rs->n_cells; c++)
    if (pos->cells[c] != BS_CELL_EMPTY)
      g_string_append_printf (out, "%s%s:%d", out->len ? " " : "",
                              bs_board_cell_label (rs->board, c), BS_CELL_OWNER (pos->cells[c]));
  return g_string_free (out, FALSE);
}

static void
test_hand (void)
{
  Pair pair = pair_from_file (GAME);

  for (guint i = 0; i < G_N_ELEMENTS (hand_cases); i++)
    {
      const HandCase *hc = &hand_cases[i];
      g_autofree BsPosition *c = bs_ruleset_new_position (pair.c, 1);
      g_autofree BsPosition *w = bs_ruleset_new_position (pair.w, 1);
      g_autofree BsMove *steps = g_new (BsMove, pair.c->n_cells + 1);
      g_autofree char *got = NULL;
      g_autoptr(GError) error = NULL;
      BsExplanation *ec, *ew;
      guint n = 0;

      g_test_message ("hand-worked round: %s", hc->name);
      place_pieces (pair.c, c, hc->pieces);
      place_pieces (pair.w, w, hc->pieces);
      g_assert_true (bs_ruleset_parse_turn (pair.w, w, hc->round, steps, &n, &error));
      g_assert_no_error (error);
      ec = bs_ruleset_explain_turn (pair.c, c, steps, n);
      ew = bs_ruleset_explain_turn (pair.w, w, steps, n);
      g_assert_true (memcmp (ec->removed, ew->removed, pair.c->n_cells) == 0);
      g_assert_cmpstr (ec->summary, ==, ew->summary);
      bs_explanation_free (ec);
      bs_explanation_free (ew);
      for (guint k = 0; k < n; k++)
        {
          bs_ruleset_apply (pair.c, c, steps[k], NULL);
          bs_ruleset_apply (pair.w, w, steps[k], NULL);
        }
      assert_same_position (&pair, c, w);
      got = pieces_of (pair.w, w);
      g_assert_cmpstr (got, ==, hc->after);
      g_assert_cmpint (w->result, ==, hc->result);
      g_assert_cmpint (bs_ruleset_ending (pair.w, w), ==, hc->ending);
    }
  pair_clear (&pair);
}

/* The notation of a round, and the refusals of a bad one, by both. */
static void
test_notation (void)
{
  Pair pair = pair_from_file (GAME);
  g_autofree BsPosition *w = bs_ruleset_new_position (pair.w, 5);
  g_autofree BsMove *steps = g_new (BsMove, pair.c->n_cells + 1);
  static const char * const bad[] = {
    "a1-a2", "a1-a2;", "x9-a1;", "a1-c3;e5-e5",
  };
  guint n;

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) ec = NULL;
      g_autoptr(GError) ew = NULL;

      g_assert_false (bs_ruleset_parse_turn (pair.c, w, bad[i], steps, &n, &ec));
      g_assert_false (bs_ruleset_parse_turn (pair.w, w, bad[i], steps, &n, &ew));
      g_assert_cmpint (ec->code, ==, ew->code);
    }
  g_assert_cmpint (bs_ruleset_play_spec (pair.w)->flags, ==, bs_ruleset_play_spec (pair.c)->flags);
  pair_clear (&pair);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/rules-tribes/hand", test_hand);
  g_test_add_func ("/rules-tribes/notation", test_notation);
  g_test_add_func ("/rules-tribes/exhaustive", test_exhaustive);
  g_test_add_func ("/rules-tribes/shipped", test_shipped);
  g_test_add_func ("/rules-tribes/example", test_example);
  g_test_add_func ("/rules-tribes/round-limit", test_round_limit);
  g_test_add_func ("/rules-tribes/small", test_small);
  return g_test_run ();
}
