/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-rules-astoria.c: Astoria written in the rules language
 * (rules/games/astoria.xml, docs/RULES-LANGUAGE.md "The eighth slice")
 * against its C module, the oracle, as test-rules-ikabegama.c does
 * Ikabegamá's.
 *
 * The written game runs on a line program whose moves are packed as the C
 * module packs its own (cell, piece and direction, push), so moves are
 * compared bit for bit, in the same order, and by their notation (the same
 * text, read back by both). Positions by their header up to the flags and
 * their cells byte for byte (supplies, piece counts, ply, result), the
 * cells' Zobrist hash, the ending and the measure. The C module keeps bit
 * sets after the cells on boards up to 8 × 8 (and the flag saying so); the
 * line program none: neither is compared. */

#include "config.h"

#include <string.h>

#include "bs-error.h"
#include "bs-ruleset.h"
#include "bs-rules-game.h"
#include "bs-variant-xml.h"

#define GAME "astoria"

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
  return pair;
}

/* A variant file under rules/, with settings. */
static Pair
pair_from_file (const char         *relative,
                const char * const *settings)
{
  g_autofree char *path = g_strdup_printf ("%s/%s.xml", g_getenv ("BOARDSMITH_RULES_DIR"),
                                           relative);
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariant) variant = bs_variant_load_file (path, &error);

  g_assert_no_error (error);
  if (settings != NULL && settings[0] != NULL)
    {
      bs_variant_apply_settings (variant, settings, &error);
      g_assert_no_error (error);
    }
  return pair_for_variant (variant);
}

/* A variant written here: a side × side board, supplies (Gold's circles
 * and triangles, Teal's), the options. */
static Pair
pair_from_spec (int         side,
                const int   supply[4],
                const char *mode,
                int         weight,
                int         max_plies)
{
  g_autofree char *xml = g_strdup_printf (
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<variant format=\"1\" id=\"t\" module=\"" GAME "\">\n"
    "  <name>Test</name>\n"
    "  <board shape=\"square\" width=\"%d\" height=\"%d\" adjacency=\"4\"/>\n"
    "  <players><player number=\"1\" name=\"Gold\" color=\"#ffffff\">"
    "<supply kind=\"circle\" count=\"%d\"/><supply kind=\"triangle\" count=\"%d\"/></player>"
    "<player number=\"2\" name=\"Teal\" color=\"#000000\">"
    "<supply kind=\"circle\" count=\"%d\"/><supply kind=\"triangle\" count=\"%d\"/></player>"
    "</players>\n"
    "  <options><option id=\"push-mode\" value=\"%s\"/>"
    "<option id=\"triangle-weight\" value=\"%d\"/>"
    "<option id=\"max-plies\" value=\"%d\"/></options>\n"
    "</variant>\n", side, side, supply[0], supply[1], supply[2], supply[3], mode, weight,
    max_plies);
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

/* The header up to the flags and the cells the same bytes, the same
 * cells' hash, result, ending and measures. */
static void
assert_same_position (const Pair       *pair,
                      const BsPosition *c,
                      const BsPosition *w)
{
  int vc[BS_MAX_MEASURES][2], vw[BS_MAX_MEASURES][2];
  guint nc, nw;

  g_assert_cmpuint (c->hash, ==, w->hash);
  g_assert_true (memcmp (c, w, offsetof (BsPosition, flags)) == 0);
  g_assert_true (memcmp (c->cells, w->cells, (gsize) pair->c->n_cells) == 0);
  g_assert_cmpint (c->result, ==, w->result);
  g_assert_cmpint (bs_ruleset_ending (pair->c, c), ==, bs_ruleset_ending (pair->w, w));
  nc = bs_ruleset_measures (pair->c, c, vc);
  nw = bs_ruleset_measures (pair->w, w, vw);
  g_assert_cmpuint (nc, ==, nw);
  for (guint i = 0; i < nc; i++)
    {
      g_assert_cmpint (vc[i][0], ==, vw[i][0]);
      g_assert_cmpint (vc[i][1], ==, vw[i][1]);
    }
}

/* Move i's notation the same text in both, read back by each to its move. */
static void
assert_same_notation (const Pair       *pair,
                      const BsPosition *c,
                      const BsPosition *w,
                      BsMove            mc,
                      BsMove            mw)
{
  g_autofree char *tc = bs_ruleset_format_move (pair->c, c, mc);
  g_autofree char *tw = bs_ruleset_format_move (pair->w, w, mw);
  BsMove back;

  g_assert_cmpstr (tc, ==, tw);
  g_assert_true (bs_ruleset_parse_move (pair->w, w, tc, &back, NULL));
  g_assert_cmphex (back, ==, mw);
  g_assert_true (bs_ruleset_parse_move (pair->c, c, tw, &back, NULL));
  g_assert_cmphex (back, ==, mc);
}

/* The same moves in the same order, bit for bit; every `every`-th one
 * (1: all) also by its notation. Returns how many. */
static guint
assert_same_moves (const Pair       *pair,
                   const BsPosition *c,
                   const BsPosition *w,
                   BsMove           *mc,
                   BsMove           *mw,
                   guint             every)
{
  guint n = bs_ruleset_generate (pair->c, c, mc);

  g_assert_cmpuint (bs_ruleset_generate (pair->w, w, mw), ==, n);
  for (guint i = 0; i < n; i++)
    {
      g_assert_cmphex (mc[i], ==, mw[i]);
      if (i % every == 0)
        assert_same_notation (pair, c, w, mc[i], mw[i]);
    }
  return n;
}

typedef struct {
  guint64 leaves;
  guint64 passes;
  guint64 draws;
  guint64 wins;
  guint64 fallen;      /* games: plies where a piece fell off */
  gboolean bulk;       /* perft: the last ply's moves counted, not played (one ply
                        * deeper for the cost of the one above; the leaves only) */
} Counts;

static void
perft (const Pair *pair,
       BsPosition *c,
       BsPosition *w,
       int         depth,
       Counts     *counts)
{
  g_autofree BsMove *mc = g_new (BsMove, pair->c->max_moves);
  g_autofree BsMove *mw = g_new (BsMove, pair->w->max_moves);
  BsUndo *uc, *uw;
  guint n;

  if (depth == 0 || bs_position_is_over (c))
    {
      g_assert_cmpint (bs_position_is_over (c), ==, bs_position_is_over (w));
      counts->leaves++;
      counts->draws += c->result == BS_RESULT_DRAW;
      counts->wins += c->result == BS_RESULT_WIN_1 || c->result == BS_RESULT_WIN_2;
      return;
    }
  /* Notation at every node above the last two plies. */
  n = assert_same_moves (pair, c, w, mc, mw, depth >= 2 ? 1 : 97);
  if (depth == 1 && counts->bulk)
    {
      counts->leaves += n;
      return;
    }
  uc = bs_undo_new (pair->c);
  uw = bs_undo_new (pair->w);
  if (n == 1)
    {
      g_autofree char *text = bs_ruleset_format_move (pair->c, c, mc[0]);

      counts->passes += g_str_equal (text, "pass");
    }
  for (guint i = 0; i < n; i++)
    {
      bs_ruleset_apply (pair->c, c, mc[i], uc);
      bs_ruleset_apply (pair->w, w, mw[i], uw);
      assert_same_position (pair, c, w);
      perft (pair, c, w, depth - 1, counts);
      bs_ruleset_undo (pair->c, c, uc);
      bs_ruleset_undo (pair->w, w, uw);
      assert_same_position (pair, c, w);
    }
  bs_undo_free (uc);
  bs_undo_free (uw);
}

/* Random games in lock-step: the same random move from the same numbers,
 * played by both; positions compared at every ply. */
static Counts
lockstep_games (const Pair *pair,
                guint       games,
                guint64     seed)
{
  g_autofree BsMove *mc = g_new (BsMove, pair->c->max_moves);
  g_autofree BsMove *mw = g_new (BsMove, pair->w->max_moves);
  g_autofree BsMove *scratch = g_new (BsMove, MAX (pair->c->max_moves, pair->w->max_moves));
  Counts counts = { 0 };
  guint64 plies = 0, limits = 0, all_placed = 0;
  BsRng rng;

  bs_rng_init (&rng, seed);
  for (guint g = 0; g < games; g++)
    {
      g_autofree BsPosition *c = bs_ruleset_new_position (pair->c, g);
      g_autofree BsPosition *w = bs_ruleset_new_position (pair->w, g);

      assert_same_position (pair, c, w);
      while (!bs_position_is_over (c))
        {
          BsRng rw = rng;
          BsMove move, other;
          int before = bs_position_pieces (c, 1) + bs_position_pieces (c, 2);

          assert_same_moves (pair, c, w, mc, mw, 61);
          move = bs_ruleset_random_move (pair->c, c, &rng, scratch);
          other = bs_ruleset_random_move (pair->w, w, &rw, scratch);
          g_assert_cmphex (move, ==, other);
          assert_same_notation (pair, c, w, move, other);
          {
            g_autofree char *text = bs_ruleset_format_move (pair->c, c, move);

            counts.passes += g_str_equal (text, "pass");
          }
          bs_ruleset_apply (pair->c, c, move, NULL);
          bs_ruleset_apply (pair->w, w, other, NULL);
          assert_same_position (pair, c, w);
          counts.fallen += bs_position_pieces (c, 1) + bs_position_pieces (c, 2) <= before;
          plies++;
        }
      g_assert_true (bs_position_is_over (w));
      counts.draws += c->result == BS_RESULT_DRAW;
      counts.wins += c->result != BS_RESULT_DRAW;
      limits += bs_ruleset_ending (pair->c, c) == BS_ENDING_MOVE_LIMIT;
      all_placed += bs_ruleset_ending (pair->c, c) == BS_ENDING_ALL_PLACED;
      counts.leaves += bs_ruleset_ending (pair->c, c) == BS_ENDING_BOARD_FULL;
    }
  g_test_message ("%u games, %" G_GUINT64_FORMAT " plies in lock-step: %" G_GUINT64_FORMAT
                  " wins, %" G_GUINT64_FORMAT " draws (%" G_GUINT64_FORMAT " by the move "
                  "limit), %" G_GUINT64_FORMAT " ended all placed, %" G_GUINT64_FORMAT
                  " passes, %" G_GUINT64_FORMAT " plies with a piece off the board, %"
                  G_GUINT64_FORMAT " ended on a full board",
                  games, plies, counts.wins, counts.draws, limits, all_placed, counts.passes,
                  counts.fallen, counts.leaves);
  return counts;
}

typedef struct {
  const char *name;
  const char *file;            /* or NULL: the spec */
  int         side;
  int         supply[4];
  const char *mode;
  int         weight;
  int         depth;
  guint       games;
} Case;

static const Case cases[] = {
  { "shipped", GAME, 0, { 0 }, NULL, 0, 2, 300 },
  { "6x6-gaps", "examples/astoria-6x6-gaps", 0, { 0 }, NULL, 0, 2, 300 },
  { "4x4-whole-w1-handicap", NULL, 4, { 2, 0, 1, 1 }, "whole-line", 1, 3, 300 },
  { "4x4-gaps-w2-handicap", NULL, 4, { 0, 2, 1, 1 }, "gaps", 2, 3, 300 },
  { "2x2-whole-to-the-end", NULL, 2, { 1, 1, 1, 1 }, "whole-line", 3, 8, 200 },
  { "2x2-gaps-to-the-end", NULL, 2, { 1, 1, 2, 0 }, "gaps", 1, 8, 200 },
  /* Gold passes from ply 3 on; the board fills with pieces still in hand. */
  { "4x4-passes", NULL, 4, { 1, 0, 2, 0 }, "whole-line", 3, 4, 300 },
  { "2x2-full", NULL, 2, { 2, 1, 2, 1 }, "gaps", 2, 4, 300 },
  { "6x6-whole-w2-handicap", NULL, 6, { 9, 9, 5, 7 }, "whole-line", 2, 0, 200 },
  { "4x4-gaps-w3", NULL, 4, { 4, 4, 4, 4 }, "gaps", 3, 0, 300 },
  /* Beyond 8 × 8 the C module reads cells, not bit sets. */
  { "10x10-whole-w3", NULL, 10, { 25, 25, 25, 25 }, "whole-line", 3, 0, 40 },
  { "10x10-gaps-w1-handicap", NULL, 10, { 20, 30, 25, 22 }, "gaps", 1, 0, 40 },
};

static Pair
pair_for_case (const Case *tc,
               int         max_plies)
{
  if (tc->file != NULL)
    {
      g_autofree char *setting = g_strdup_printf ("max-plies=%d", max_plies);
      const char *settings[] = { setting, NULL };

      return pair_from_file (tc->file, settings);
    }
  return pair_from_spec (tc->side, tc->supply, tc->mode, tc->weight, max_plies);
}

static void
test_perft (gconstpointer data)
{
  const Case *tc = data;
  Pair pair = pair_for_case (tc, 0);
  g_autofree BsPosition *c = bs_ruleset_new_position (pair.c, 0);
  g_autofree BsPosition *w = bs_ruleset_new_position (pair.w, 0);
  Counts counts = { 0 };

  assert_same_position (&pair, c, w);
  perft (&pair, c, w, tc->depth, &counts);
  g_test_message ("%s: perft(%d) = %" G_GUINT64_FORMAT " (%" G_GUINT64_FORMAT " passes played, %"
                  G_GUINT64_FORMAT " wins, %" G_GUINT64_FORMAT " draws among the leaves)",
                  tc->name, tc->depth, counts.leaves, counts.passes, counts.wins, counts.draws);
  g_assert_cmpuint (counts.leaves, >, 1);
  if (g_str_equal (tc->name, "4x4-passes"))
    g_assert_cmpuint (counts.passes, >, 0);
  pair_clear (&pair);
}

/* Depth 3 on the boards whose first ply has over 100 moves (8 × 8: 1,280;
 * 6 × 6: 720), counted in bulk; the counter itself checked against the
 * played perft at depth 2 first. Minutes: only with -m slow. */
static void
test_perft_depth3 (gconstpointer data)
{
  const Case *tc = data;
  Pair pair = pair_for_case (tc, 0);
  g_autofree BsPosition *c = bs_ruleset_new_position (pair.c, 0);
  g_autofree BsPosition *w = bs_ruleset_new_position (pair.w, 0);
  Counts played = { 0 }, bulk2 = { .bulk = TRUE }, bulk3 = { .bulk = TRUE };

  if (!g_test_slow ())
    {
      g_test_skip ("about 2 billion leaves on 8 × 8: run with -m slow");
      pair_clear (&pair);
      return;
    }
  perft (&pair, c, w, 2, &played);
  perft (&pair, c, w, 2, &bulk2);
  g_assert_cmpuint (bulk2.leaves, ==, played.leaves);
  perft (&pair, c, w, 3, &bulk3);
  g_test_message ("%s: perft(3) = %" G_GUINT64_FORMAT " (perft(2) = %" G_GUINT64_FORMAT ")",
                  tc->name, bulk3.leaves, bulk2.leaves);
  g_assert_cmpuint (bulk3.leaves, >, bulk2.leaves);
  pair_clear (&pair);
}

static void
test_lockstep (gconstpointer data)
{
  const Case *tc = data;
  Pair pair = pair_for_case (tc, 0);
  Counts counts = lockstep_games (&pair, g_test_slow () ? 100 * tc->games : tc->games, 23);

  g_assert_cmpuint (counts.wins, >, 0);
  g_assert_cmpuint (counts.fallen, >, 0);
  if (g_str_equal (tc->name, "2x2-full"))
    g_assert_cmpuint (counts.leaves, >, 0);
  if (g_str_equal (tc->name, "4x4-passes"))
    g_assert_cmpuint (counts.passes, >, 0);
  pair_clear (&pair);
}

/* With a move limit of 6 plies every game is a draw at ply 6, in both. */
static void
test_move_limit (void)
{
  Pair pair = pair_for_case (&cases[0], 6);
  Counts counts = lockstep_games (&pair, 50, 5);

  g_assert_cmpuint (counts.draws, ==, 50);
  pair_clear (&pair);
}

/* ---- Positions worked out by hand from RULES.md ---- */

static int
cell (const BsRuleset *rs,
      const char      *label)
{
  int c = bs_board_find_cell (rs->board, label, NULL);

  g_assert_cmpint (c, !=, BS_NO_CELL);
  return c;
}

/* Puts "a1=C1 c3=TN2 …" (a circle of Gold's, a triangle of Teal's pointing
 * north) on both positions, then `to_move`. */
static void
put (const Pair *pair,
     BsPosition *c,
     BsPosition *w,
     const char *cells,
     int         to_move)
{
  static const char dirs[] = "NESW";
  g_auto (GStrv) items = g_strsplit (cells, " ", -1);

  for (guint i = 0; items[i] != NULL; i++)
    {
      g_auto (GStrv) kv = g_strsplit (items[i], "=", 2);
      const char *v = kv[1];
      guint8 value;

      if (v[0] == 'C')
        value = BS_CELL_MAKE (v[1] - '0', 0, 0);
      else
        value = BS_CELL_MAKE (v[2] - '0', 1, (int) (strchr (dirs, v[1]) - dirs));
      bs_position_set_cell (pair->c->zobrist, c, cell (pair->c, kv[0]), value, NULL);
      bs_position_set_cell (pair->w->zobrist, w, cell (pair->w, kv[0]), value, NULL);
    }
  c->to_move = w->to_move = (guint8) to_move;
}

/* Plays `text` in both (legal in both), checks they agree; returns the
 * written game's explanation (summary, then details). */
static char *
play (const Pair *pair,
      BsPosition *c,
      BsPosition *w,
      const char *text)
{
  g_autofree BsMove *mc = g_new (BsMove, pair->c->max_moves);
  g_autofree BsMove *mw = g_new (BsMove, pair->w->max_moves);
  g_autoptr(GError) error = NULL;
  BsMove a, b;
  g_autoptr(BsExplanation) ex = NULL;
  guint n, k = 0;

  n = assert_same_moves (pair, c, w, mc, mw, 1);
  g_assert_true (bs_ruleset_parse_move (pair->c, c, text, &a, &error));
  g_assert_no_error (error);
  g_assert_true (bs_ruleset_parse_move (pair->w, w, text, &b, &error));
  g_assert_no_error (error);
  g_assert_cmphex (a, ==, b);
  while (k < n && mw[k] != b)
    k++;
  g_assert_cmpuint (k, <, n);
  ex = bs_ruleset_explain_turn (pair->w, w, &b, 1);
  bs_ruleset_apply (pair->c, c, a, NULL);
  bs_ruleset_apply (pair->w, w, b, NULL);
  assert_same_position (pair, c, w);
  return g_strdup_printf ("%s\n%s", ex->summary, ex->details);
}

/* "C1", "TE2" or "." for the cell. */
static char *
at (const Pair *pair, const BsPosition *w, const char *label)
{
  guint8 v = w->cells[cell (pair->w, label)];

  if (v == BS_CELL_EMPTY)
    return g_strdup (".");
  if (BS_CELL_KIND (v) == 0)
    return g_strdup_printf ("C%d", BS_CELL_OWNER (v));
  return g_strdup_printf ("T%c%d", "NESW"[BS_CELL_DIR (v)], BS_CELL_OWNER (v));
}

static void
assert_at (const Pair *pair, const BsPosition *w, const char *label, const char *expected)
{
  g_autofree char *got = at (pair, w, label);

  g_assert_cmpstr (got, ==, expected);
}

/* A push north: Gold is strictly higher in column b (a circle and a
 * triangle pointing north, 1 + 3, against Teal's circle), equal in column
 * c (a circle each: nothing moves) and lower in column d; column b moves up
 * one cell and its top piece, Teal's on b4, falls off. */
static void
test_push_some_columns (void)
{
  static const int supply[4] = { 4, 4, 4, 4 };
  Pair pair = pair_from_spec (4, supply, "whole-line", 3, 0);
  g_autofree BsPosition *c = bs_ruleset_new_position (pair.c, 0);
  g_autofree BsPosition *w = bs_ruleset_new_position (pair.w, 0);
  g_autofree char *ex = NULL;

  put (&pair, c, w, "b4=C2 b2=TN1 c1=C1 c3=C2 d1=C1 d2=TN2", 1);
  ex = play (&pair, c, w, "C@b1/N");
  g_test_message ("%s", ex);
  /* Column b: b1 C1 → b2, b2 TN1 → b3, b3 (empty) → b4, b4 C2 off. */
  assert_at (&pair, w, "b1", ".");
  assert_at (&pair, w, "b2", "C1");
  assert_at (&pair, w, "b3", "TN1");
  assert_at (&pair, w, "b4", ".");
  /* Column c equal (1 against 1), column d lower (1 against 3): unmoved. */
  assert_at (&pair, w, "c1", "C1");
  assert_at (&pair, w, "c3", "C2");
  assert_at (&pair, w, "d1", "C1");
  assert_at (&pair, w, "d2", "TN2");
  g_assert_cmpint (bs_position_pieces (w, 2), ==, 2);
  g_assert_nonnull (strstr (ex, "The piece on b4 falls off the board."));
  g_assert_null (strstr (ex, "c4 falls"));
  pair_clear (&pair);
}

/* Triangles pointing elsewhere score nothing: Gold's triangle pointing
 * east does not make column a Gold's for a push north; a triangle pointing
 * the push's way counts its weight (2 here) against two circles: equal. */
static void
test_triangle_direction (void)
{
  static const int supply[4] = { 4, 4, 4, 4 };
  Pair pair = pair_from_spec (4, supply, "whole-line", 2, 0);
  g_autofree BsPosition *c = bs_ruleset_new_position (pair.c, 0);
  g_autofree BsPosition *w = bs_ruleset_new_position (pair.w, 0);
  g_autofree char *ex = NULL;

  put (&pair, c, w, "a2=C2 b2=C2 b3=C2", 1);
  /* Column a: Gold's TE scores 0 against Teal's 1; column b: Gold's TN (2)
   * against 2: nothing moves. */
  ex = play (&pair, c, w, "TE@a1/N");
  assert_at (&pair, w, "a1", "TE1");
  assert_at (&pair, w, "a2", "C2");
  g_clear_pointer (&ex, g_free);
  put (&pair, c, w, "", 1);                 /* Gold again */
  ex = play (&pair, c, w, "TN@b1/N");
  assert_at (&pair, w, "b1", "TN1");
  assert_at (&pair, w, "b2", "C2");
  assert_at (&pair, w, "b3", "C2");
  g_clear_pointer (&ex, g_free);
  /* Column a: TN on a3 (2) and TE on a1 (0) against a2's circle (1):
   * Gold's; the whole column moves north (a4 was empty). */
  put (&pair, c, w, "", 1);
  ex = play (&pair, c, w, "TN@a3/N");
  assert_at (&pair, w, "a1", ".");
  assert_at (&pair, w, "a2", "TE1");
  assert_at (&pair, w, "a3", "C2");
  assert_at (&pair, w, "a4", "TN1");
  g_assert_cmpint (bs_position_pieces (w, 2), ==, 3);
  pair_clear (&pair);
}

/* Gaps mode: in column a, judged before the push, a1 has a piece ahead
 * (a2) and stays, a2 has room (a3 empty) and moves, a4 on the edge falls
 * off. */
static void
test_gaps_blocked_stays (void)
{
  static const int supply[4] = { 4, 4, 4, 4 };
  Pair pair = pair_from_spec (4, supply, "gaps", 3, 0);
  g_autofree BsPosition *c = bs_ruleset_new_position (pair.c, 0);
  g_autofree BsPosition *w = bs_ruleset_new_position (pair.w, 0);
  g_autofree char *ex = NULL;

  put (&pair, c, w, "a2=C1 a4=C2", 1);
  ex = play (&pair, c, w, "C@a1/N");
  g_test_message ("%s", ex);
  assert_at (&pair, w, "a1", "C1");
  assert_at (&pair, w, "a2", ".");
  assert_at (&pair, w, "a3", "C1");
  assert_at (&pair, w, "a4", ".");
  g_assert_cmpint (bs_position_pieces (w, 2), ==, 0);
  g_assert_nonnull (strstr (ex, "The piece on a4 falls off the board."));
  pair_clear (&pair);
}

/* Handicaps: when every piece is placed the game ends, more pieces win,
 * equal counts draw; a player whose supply is empty passes (its only
 * move) while the other places. */
static void
test_pass_and_draw (void)
{
  static const int supply[4] = { 1, 0, 1, 0 };
  Pair pair = pair_from_spec (4, supply, "whole-line", 3, 0);
  g_autofree BsPosition *c = bs_ruleset_new_position (pair.c, 0);
  g_autofree BsPosition *w = bs_ruleset_new_position (pair.w, 0);
  g_autofree BsMove *mw = g_new (BsMove, pair.w->max_moves);
  g_autofree char *ex = NULL;
  g_autofree char *ending = NULL;
  BsMove pass;

  /* Gold pushes west in row 1 where only Gold is: a1 falls off. */
  ex = play (&pair, c, w, "C@a1/W");
  assert_at (&pair, w, "a1", ".");
  g_clear_pointer (&ex, g_free);
  /* Teal places on d4 pushing south: column d is Teal's, d4 → d3. */
  ex = play (&pair, c, w, "C@d4/S");
  assert_at (&pair, w, "d3", "C2");
  g_assert_cmpint (w->result, ==, BS_RESULT_WIN_2);
  g_assert_cmpint (bs_ruleset_ending (pair.w, w), ==, BS_ENDING_ALL_PLACED);
  pair_clear (&pair);

  /* Gold with two pieces, Teal one, whose piece falls off. */
  {
    static const int more[4] = { 2, 0, 1, 0 };
    Pair p2 = pair_from_spec (4, more, "whole-line", 3, 0);
    g_autofree BsPosition *c2 = bs_ruleset_new_position (p2.c, 0);
    g_autofree BsPosition *w2 = bs_ruleset_new_position (p2.w, 0);
    g_autofree char *s = NULL;

    s = play (&p2, c2, w2, "C@b2/E");         /* row 2 Gold's: b2 → c2 */
    g_clear_pointer (&s, g_free);
    s = play (&p2, c2, w2, "C@a4/N");         /* column a Teal's: a4 falls off */
    g_clear_pointer (&s, g_free);
    g_assert_cmpint (bs_position_pieces (w2, 2), ==, 0);
    s = play (&p2, c2, w2, "C@b3/N");         /* column b Gold's: b3 → b4 */
    g_clear_pointer (&s, g_free);
    g_assert_cmpint (w2->result, ==, BS_RESULT_WIN_1);
    pair_clear (&p2);
  }

  /* A draw on equal counts: one piece each, none falls. */
  {
    static const int one[4] = { 1, 0, 1, 1 };
    Pair p3 = pair_from_spec (4, one, "whole-line", 3, 0);
    g_autofree BsPosition *c3 = bs_ruleset_new_position (p3.c, 0);
    g_autofree BsPosition *w3 = bs_ruleset_new_position (p3.w, 0);
    g_autofree char *s = NULL;

    s = play (&p3, c3, w3, "C@b2/N");          /* b2 → b3 */
    g_clear_pointer (&s, g_free);
    s = play (&p3, c3, w3, "C@c2/S");          /* c2 → c1 */
    g_clear_pointer (&s, g_free);
    /* Gold's supply is empty: its only move is the pass. */
    g_assert_cmpuint (bs_ruleset_generate (p3.w, w3, mw), ==, 1);
    g_assert_true (bs_ruleset_parse_move (p3.w, w3, "pass", &pass, NULL));
    g_assert_cmphex (mw[0], ==, pass);
    s = play (&p3, c3, w3, "pass");
    g_assert_nonnull (strstr (s, "Gold has no piece left and passes."));
    g_clear_pointer (&s, g_free);
    g_assert_cmpint (w3->result, ==, BS_RESULT_ONGOING);
    s = play (&p3, c3, w3, "TE@a4/E");         /* row 4 Teal's (3 against 0): a4 → b4 */
    g_clear_pointer (&s, g_free);
    assert_at (&p3, w3, "b4", "TE2");
    g_assert_cmpint (w3->result, ==, BS_RESULT_WIN_2);
    pair_clear (&p3);
  }
  {
    static const int even[4] = { 1, 0, 1, 0 };
    Pair p4 = pair_from_spec (4, even, "whole-line", 3, 0);
    g_autofree BsPosition *c4 = bs_ruleset_new_position (p4.c, 0);
    g_autofree BsPosition *w4 = bs_ruleset_new_position (p4.w, 0);
    g_autofree char *s = NULL;

    s = play (&p4, c4, w4, "C@b2/N");
    g_clear_pointer (&s, g_free);
    s = play (&p4, c4, w4, "C@c2/N");
    g_assert_cmpint (w4->result, ==, BS_RESULT_DRAW);
    g_assert_cmpint (bs_ruleset_ending (p4.w, w4), ==, BS_ENDING_ALL_PLACED);
    ending = bs_ruleset_describe_ending (p4.w, w4);
    g_assert_nonnull (strstr (ending, "Gold has 1 pieces on the board, Teal 1"));
    pair_clear (&p4);
  }
}

/* A full board ends the game while pieces are still in hand. */
static void
test_board_full (void)
{
  static const int supply[4] = { 3, 3, 3, 3 };
  Pair pair = pair_from_spec (2, supply, "gaps", 3, 0);
  g_autofree BsPosition *c = bs_ruleset_new_position (pair.c, 0);
  g_autofree BsPosition *w = bs_ruleset_new_position (pair.w, 0);

  put (&pair, c, w, "a1=C1 b1=C2 a2=TS2", 1);
  g_free (play (&pair, c, w, "TS@b2/E"));
  /* Rows, east: 1 against 1 in row 1, 0 against 0 in row 2 (triangles
   * pointing south): nothing moves. */
  g_assert_cmpint (w->result, ==, BS_RESULT_DRAW);
  g_assert_cmpint (bs_ruleset_ending (pair.w, w), ==, BS_ENDING_BOARD_FULL);
  pair_clear (&pair);
}

/* What the written game declares matches the C module's. */
static void
test_declarations (void)
{
  g_autoptr(BsRulesGame) game = load_game ();
  const BsModule *w = bs_rules_game_get_module (game);
  const BsModule *c = bs_module_find (GAME);

  g_assert_cmpuint (w->n_options, ==, c->n_options);
  for (guint i = 0; i < c->n_options; i++)
    {
      g_assert_cmpstr (w->options[i].id, ==, c->options[i].id);
      g_assert_cmpint (w->options[i].type, ==, c->options[i].type);
      g_assert_cmpint (w->options[i].min, ==, c->options[i].min);
      g_assert_cmpint (w->options[i].max, ==, c->options[i].max);
      g_assert_cmpint (w->options[i].default_value, ==, c->options[i].default_value);
    }
  g_assert_cmpuint (w->n_kinds, ==, c->n_kinds);
  for (guint k = 0; k < c->n_kinds; k++)
    {
      g_assert_cmpstr (w->kinds[k].id, ==, c->kinds[k].id);
      g_assert_cmpint (w->kinds[k].directed, ==, c->kinds[k].directed);
      g_assert_cmpint (w->kinds[k].default_supply, ==, c->kinds[k].default_supply);
    }
  g_assert_cmpuint (w->shapes, ==, c->shapes);
  g_assert_cmpstr (w->measures[0].id, ==, c->measures[0].id);
  g_assert_cmpstr (w->play->words[0].id, ==, c->play->words[0].id);
  g_assert_cmpuint (w->play->n_follow_ups, ==, c->play->n_follow_ups);
  for (guint f = 0; f < c->play->n_follow_ups; f++)
    {
      g_assert_cmpstr (w->play->follow_ups[f].label, ==, c->play->follow_ups[f].label);
      g_assert_cmpint (w->play->follow_ups[f].direction, ==, c->play->follow_ups[f].direction);
    }
  g_assert_true ((w->play->flags & BS_PLAY_FOLLOW_UP) != 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/rules/astoria/declarations", test_declarations);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *perft_path = g_strdup_printf ("/rules/astoria/perft/%s", cases[i].name);
      g_autofree char *lock_path = g_strdup_printf ("/rules/astoria/lockstep/%s", cases[i].name);

      if (cases[i].depth > 0)
        g_test_add_data_func (perft_path, &cases[i], test_perft);
      g_test_add_data_func (lock_path, &cases[i], test_lockstep);
    }
  g_test_add_data_func ("/rules/astoria/perft-depth3/shipped", &cases[0], test_perft_depth3);
  g_test_add_data_func ("/rules/astoria/perft-depth3/6x6-gaps", &cases[1], test_perft_depth3);
  g_test_add_func ("/rules/astoria/move-limit", test_move_limit);
  g_test_add_func ("/rules/astoria/push-some-columns", test_push_some_columns);
  g_test_add_func ("/rules/astoria/triangle-direction", test_triangle_direction);
  g_test_add_func ("/rules/astoria/gaps-blocked-stays", test_gaps_blocked_stays);
  g_test_add_func ("/rules/astoria/pass-and-draw", test_pass_and_draw);
  g_test_add_func ("/rules/astoria/board-full", test_board_full);
  return g_test_run ();
}
