/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-rules-ikabegama.c: Ikabegamá written in the rules language
 * (rules/games/ikabegama.xml, docs/RULES-LANGUAGE.md "The sixth slice")
 * against its C module, the oracle, as test-rules.c does Abrobad's.
 *
 * The written game runs on a jump program, whose moves and derived bytes
 * are packed its own way (a copy's bit reached and block, and sets without
 * guard columns), so moves are compared by their notation: every node's
 * moves in the same order, each move's notation the same text and read
 * back by both to the same move; positions by their header and cells byte
 * for byte (passes counter, piece counts, ply, result, ending), the cells'
 * Zobrist hash, the ending and the measures. The derived bytes after the
 * cells differ in layout, and so does the full hash that mixes them in:
 * neither is compared. */

#include "config.h"

#include <string.h>

#include "bs-error.h"
#include "bs-ruleset.h"
#include "bs-rules-game.h"
#include "bs-variant-xml.h"

#define GAME "ikabegama"

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

/* A variant file under rules/ (the shipped one, an example), with --set
 * settings. */
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

/* A variant written here: its board element (holes, nests) and options. */
static Pair
pair_from_board (const char *board,
                 const char *max_plies)
{
  g_autofree char *xml = g_strdup_printf (
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<variant format=\"1\" id=\"t\" module=\"" GAME "\">\n"
    "  <name>Test</name>\n  %s\n"
    "  <players><player number=\"1\" name=\"Light\" color=\"#ffffff\"/>"
    "<player number=\"2\" name=\"Dark\" color=\"#000000\"/></players>\n"
    "  <options><option id=\"max-plies\" value=\"%s\"/></options>\n"
    "</variant>\n", board, max_plies);
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

/* The header and the cells the same bytes, the same hashes, result,
 * ending and measures. */
static void
assert_same_position (const Pair       *pair,
                      const BsPosition *c,
                      const BsPosition *w)
{
  int vc[BS_MAX_MEASURES][2], vw[BS_MAX_MEASURES][2];
  guint nc, nw;

  /* The cells' Zobrist hash; the full hash (bs_position_hash) mixes in
   * the derived bytes, whose layouts differ: equal positions give equal
   * full hashes within each game, not across. */
  g_assert_cmpuint (c->hash, ==, w->hash);
  g_assert_true (memcmp (c, w, offsetof (BsPosition, cells) + (gsize) pair->c->n_cells) == 0);
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

/* The same moves in the same order: the same notation, read back by the
 * other to its own move; returns how many. */
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
      BsMove back;

      g_assert_cmpstr (tc, ==, tw);
      g_assert_true (bs_ruleset_parse_move (pair->w, w, tc, &back, NULL));
      g_assert_cmphex (back, ==, mw[i]);
      g_assert_true (bs_ruleset_parse_move (pair->c, c, tw, &back, NULL));
      g_assert_cmphex (back, ==, mc[i]);
    }
  return n;
}

typedef struct {
  guint64 leaves;
  guint64 passes;
  guint64 draws;
  guint64 wins;
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
  n = assert_same_moves (pair, c, w, mc, mw);
  uc = bs_undo_new (pair->c);
  uw = bs_undo_new (pair->w);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *text = bs_ruleset_format_move (pair->c, c, mc[i]);

      counts->passes += g_str_equal (text, "pass");
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

/* Random games in lock-step: the C module's random move is played by
 * both (read through its notation by the written game); the written
 * game's own random move from the same numbers is one of its moves. */
static Counts
lockstep_games (const Pair *pair,
                guint       games,
                guint64     seed)
{
  g_autofree BsMove *mc = g_new (BsMove, pair->c->max_moves);
  g_autofree BsMove *mw = g_new (BsMove, pair->w->max_moves);
  g_autofree BsMove *scratch = g_new (BsMove, MAX (pair->c->max_moves, pair->w->max_moves));
  Counts counts = { 0 };
  guint64 plies = 0, limits = 0;
  BsRng rng;

  bs_rng_init (&rng, seed);
  for (guint g = 0; g < games; g++)
    {
      g_autofree BsPosition *c = bs_ruleset_new_position (pair->c, g);
      g_autofree BsPosition *w = bs_ruleset_new_position (pair->w, g);

      assert_same_position (pair, c, w);
      while (!bs_position_is_over (c))
        {
          guint n = assert_same_moves (pair, c, w, mc, mw);
          BsRng rw = rng;
          BsMove move = bs_ruleset_random_move (pair->c, c, &rng, scratch);
          BsMove other = bs_ruleset_random_move (pair->w, w, &rw, scratch);
          g_autofree char *text = bs_ruleset_format_move (pair->c, c, move);
          BsMove wmove;
          guint k = 0;

          while (k < n && mw[k] != other)
            k++;
          g_assert_cmpuint (k, <, n);
          g_assert_true (bs_ruleset_parse_move (pair->w, w, text, &wmove, NULL));
          counts.passes += g_str_equal (text, "pass");
          bs_ruleset_apply (pair->c, c, move, NULL);
          bs_ruleset_apply (pair->w, w, wmove, NULL);
          assert_same_position (pair, c, w);
          plies++;
        }
      g_assert_true (bs_position_is_over (w));
      counts.draws += c->result == BS_RESULT_DRAW;
      counts.wins += c->result != BS_RESULT_DRAW;
      limits += bs_ruleset_ending (pair->c, c) == BS_ENDING_MOVE_LIMIT;
      counts.leaves += bs_ruleset_ending (pair->c, c) == BS_ENDING_PASSES;
    }
  g_test_message ("%u games, %" G_GUINT64_FORMAT " plies in lock-step: %" G_GUINT64_FORMAT
                  " wins, %" G_GUINT64_FORMAT " draws (%" G_GUINT64_FORMAT " by two passes, %"
                  G_GUINT64_FORMAT " by the move limit), %" G_GUINT64_FORMAT " passes",
                  games, plies, counts.wins, counts.draws, counts.leaves, limits, counts.passes);
  return counts;
}

/* The boards: a file under rules/ or a board element of our own. */
typedef struct {
  const char *name;
  const char *file;            /* or NULL: board */
  const char *board;
  const char *settings[3];
  int         depth;
  guint64     leaves;          /* perft(depth) as `boardsmith-cli perft` counts it, or 0 */
  guint       games;
  gboolean    passes;          /* the random games reach passes and two-pass draws */
} Case;

/* Two pockets walled apart by three columns of holes: Light's two cells
 * fill at once, Dark's four later; then both pass. */
#define WALLED "<board shape=\"hex-rhombus\" width=\"6\" height=\"2\">" \
  "<hole cell=\"b1\"/><hole cell=\"b2\"/><hole cell=\"c1\"/><hole cell=\"c2\"/>" \
  "<hole cell=\"d1\"/><hole cell=\"d2\"/>" \
  "<special id=\"nest\" player=\"1\" cell=\"a1\"/><special id=\"nest\" player=\"2\" cell=\"f2\"/>" \
  "</board>"

static const Case cases[] = {
  { "shipped", GAME, NULL, { NULL }, 5, 267877, 300, FALSE },
  { "three-holes", "examples/ikabegama-three-holes", NULL, { NULL }, 5, 408652, 300, FALSE },
  { "hexagon-3", NULL,
    "<board shape=\"hexagon\" size=\"3\"><special id=\"nest\" player=\"1\" cell=\"a1\"/>"
    "<special id=\"nest\" player=\"2\" cell=\"e5\"/></board>", { NULL }, 5, 0, 300, FALSE },
  { "rhombus-6", NULL,
    "<board shape=\"hex-rhombus\" width=\"6\" height=\"6\"><special id=\"nest\" player=\"1\" "
    "cell=\"b2\"/><special id=\"nest\" player=\"2\" cell=\"f5\"/></board>", { NULL }, 4, 0, 200,
    FALSE },
  { "limping-4", NULL,
    "<board shape=\"limping\" size=\"4\"><hole cell=\"d4\"/><special id=\"nest\" player=\"1\" "
    "cell=\"a1\"/><special id=\"nest\" player=\"2\" cell=\"g7\"/></board>", { NULL }, 4, 0, 200,
    FALSE },
  { "walled", NULL, WALLED, { NULL }, 12, 0, 100, TRUE },
};

static Pair
pair_for_case (const Case *tc,
               const char *max_plies)
{
  if (tc->file != NULL)
    {
      g_autofree char *setting = max_plies ? g_strdup_printf ("max-plies=%s", max_plies) : NULL;
      const char *settings[] = { setting, NULL };

      return pair_from_file (tc->file, settings);
    }
  return pair_from_board (tc->board, max_plies ? max_plies : "1000");
}

static void
test_perft (gconstpointer data)
{
  const Case *tc = data;
  Pair pair = pair_for_case (tc, NULL);
  g_autofree BsPosition *c = bs_ruleset_new_position (pair.c, 0);
  g_autofree BsPosition *w = bs_ruleset_new_position (pair.w, 0);
  Counts counts = { 0 };

  assert_same_position (&pair, c, w);
  perft (&pair, c, w, tc->depth, &counts);
  g_test_message ("%s: perft(%d) = %" G_GUINT64_FORMAT " (%" G_GUINT64_FORMAT " passes played, %"
                  G_GUINT64_FORMAT " wins, %" G_GUINT64_FORMAT " draws among the leaves)",
                  tc->name, tc->depth, counts.leaves, counts.passes, counts.wins, counts.draws);
  g_assert_cmpuint (counts.leaves, >, 1);
  if (tc->leaves != 0)
    g_assert_cmpuint (counts.leaves, ==, tc->leaves);
  if (tc->passes)
    {
      g_assert_cmpuint (counts.passes, >, 0);
      g_assert_cmpuint (counts.draws, >, 0);
    }
  pair_clear (&pair);
}

static void
test_lockstep (gconstpointer data)
{
  const Case *tc = data;
  Pair pair = pair_for_case (tc, NULL);
  Counts counts = lockstep_games (&pair, g_test_slow () ? 20000 : tc->games, 23);

  if (!tc->passes)
    g_assert_cmpuint (counts.wins, >, 0);
  else
    {
      g_assert_cmpuint (counts.passes, >, 0);
      g_assert_cmpuint (counts.leaves, >, 0);      /* two-pass draws */
    }
  pair_clear (&pair);
}

/* With a move limit of 6 plies every game that no nest ends is a draw by
 * the limit, in both. */
static void
test_move_limit (void)
{
  Pair pair = pair_for_case (&cases[0], "6");
  g_autofree BsMove *scratch = g_new (BsMove, pair.c->max_moves);
  Counts counts = lockstep_games (&pair, 100, 5);

  g_assert_cmpuint (counts.draws, ==, 100);
  pair_clear (&pair);
  /* And the playout loop (random_turn) of the written game stops there. */
  pair = pair_for_case (&cases[0], "6");
  for (guint64 seed = 1; seed <= 20; seed++)
    {
      g_autofree BsPosition *w = bs_ruleset_new_position (pair.w, 0);
      BsRng rng;

      bs_rng_init (&rng, seed);
      bs_ruleset_playout (pair.w, w, &rng, scratch, 100000);
      g_assert_cmpint (w->result, ==, BS_RESULT_DRAW);
      g_assert_cmpuint (w->ply, ==, 6);
    }
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

/* Puts "a1=1 c3=2 …" on both positions (0: empty), then `to_move`. */
static void
put (const Pair *pair,
     BsPosition *c,
     BsPosition *w,
     const char *cells,
     int         to_move)
{
  g_auto (GStrv) items = g_strsplit (cells, " ", -1);

  for (guint i = 0; items[i] != NULL; i++)
    {
      g_auto (GStrv) kv = g_strsplit (items[i], "=", 2);
      int p = (int) g_ascii_strtoll (kv[1], NULL, 10);
      guint8 v = p ? BS_CELL_MAKE (p, 0, 0) : BS_CELL_EMPTY;

      bs_position_set_cell (pair->c->zobrist, c, cell (pair->c, kv[0]), v, NULL);
      bs_position_set_cell (pair->w->zobrist, w, cell (pair->w, kv[0]), v, NULL);
    }
  c->to_move = w->to_move = (guint8) to_move;
}

/* Plays `text` in both (legal in both), checks they agree; returns the
 * written game's explanation's summary. */
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

  n = assert_same_moves (pair, c, w, mc, mw);
  g_assert_true (bs_ruleset_parse_move (pair->c, c, text, &a, &error));
  g_assert_no_error (error);
  g_assert_true (bs_ruleset_parse_move (pair->w, w, text, &b, &error));
  g_assert_no_error (error);
  while (k < n && mw[k] != b)
    k++;
  g_assert_cmpuint (k, <, n);
  ex = bs_ruleset_explain_turn (pair->w, w, &b, 1);
  bs_ruleset_apply (pair->c, c, a, NULL);
  bs_ruleset_apply (pair->w, w, b, NULL);
  assert_same_position (pair, c, w);
  return g_strdup (ex->summary);
}

static int
owner (const Pair *pair, const BsPosition *w, const char *label)
{
  return BS_CELL_OWNER (w->cells[cell (pair->w, label)]);
}

/* A growth onto c4 (next to Light's c3) turns Dark's d4 and d5: two flips. */
static void
test_growth_flips_two (void)
{
  Pair pair = pair_for_case (&cases[0], NULL);
  g_autofree BsPosition *c = bs_ruleset_new_position (pair.c, 0);
  g_autofree BsPosition *w = bs_ruleset_new_position (pair.w, 0);
  g_autofree char *summary = NULL;

  put (&pair, c, w, "c3=1 d4=2 d5=2 e6=2", 1);
  summary = play (&pair, c, w, "c4");
  g_assert_cmpint (owner (&pair, w, "c4"), ==, 1);
  g_assert_cmpint (owner (&pair, w, "d4"), ==, 1);
  g_assert_cmpint (owner (&pair, w, "d5"), ==, 1);
  g_assert_cmpint (owner (&pair, w, "e6"), ==, 2);     /* not next to c4 */
  g_assert_cmpint (bs_position_pieces (w, 1), ==, 5);  /* a1 c3 c4 d4 d5 */
  g_assert_cmpint (bs_position_pieces (w, 2), ==, 2);  /* i9 e6 */
  g_assert_cmpint (w->result, ==, BS_RESULT_ONGOING);
  g_test_message ("%s", summary);
  pair_clear (&pair);
}

/* Light jumps h6-h8 (two away, h7 between does not matter), beside Dark's
 * nest i9: the Dark token there turns Light's, and Light wins. */
static void
test_jump_wins_by_flip (void)
{
  Pair pair = pair_for_case (&cases[0], NULL);
  g_autofree BsPosition *c = bs_ruleset_new_position (pair.c, 0);
  g_autofree BsPosition *w = bs_ruleset_new_position (pair.w, 0);
  g_autofree char *summary = NULL;
  g_autofree char *ending = NULL;

  put (&pair, c, w, "h6=1 h7=2", 1);
  summary = play (&pair, c, w, "h6-h8");
  g_assert_cmpint (owner (&pair, w, "h6"), ==, 0);
  g_assert_cmpint (owner (&pair, w, "h8"), ==, 1);
  g_assert_cmpint (owner (&pair, w, "h7"), ==, 1);
  g_assert_cmpint (owner (&pair, w, "i9"), ==, 1);
  g_assert_cmpint (w->result, ==, BS_RESULT_WIN_1);
  g_assert_cmpint (bs_ruleset_ending (pair.w, w), ==, BS_ENDING_GOAL);
  ending = bs_ruleset_describe_ending (pair.w, w);
  g_assert_nonnull (strstr (ending, "Light token stands on Dark"));
  pair_clear (&pair);
}

/* In the walled board Light fills its two cells, then has only a pass; a
 * move of Dark's resets the count; two passes in a row draw. */
static void
test_forced_pass (void)
{
  Pair pair = pair_for_case (&cases[G_N_ELEMENTS (cases) - 1], NULL);
  g_autofree BsPosition *c = bs_ruleset_new_position (pair.c, 0);
  g_autofree BsPosition *w = bs_ruleset_new_position (pair.w, 0);
  g_autofree BsMove *mw = g_new (BsMove, pair.w->max_moves);
  g_autofree char *s1 = NULL, *s2 = NULL, *s3 = NULL, *s4 = NULL, *s5 = NULL;
  g_autofree char *ending = NULL;
  BsMove move;

  /* Light has a move (a2): no pass among its moves. */
  g_assert_cmpuint (bs_ruleset_generate (pair.w, w, mw), ==, 1);
  g_assert_true (bs_ruleset_parse_move (pair.w, w, "a2", &move, NULL));
  g_assert_cmphex (mw[0], ==, move);
  s1 = play (&pair, c, w, "a2");
  s2 = play (&pair, c, w, "e1");
  /* Now only the pass. */
  g_assert_cmpuint (bs_ruleset_generate (pair.w, w, mw), ==, 1);
  g_assert_true (bs_ruleset_parse_move (pair.w, w, "pass", &move, NULL));
  g_assert_cmphex (mw[0], ==, move);
  s3 = play (&pair, c, w, "pass");
  g_assert_cmpint (w->counter[0], ==, 1);
  s4 = play (&pair, c, w, "e2");
  g_assert_cmpint (w->counter[0], ==, 0);
  s5 = play (&pair, c, w, "pass");
  g_free (s5);
  s5 = play (&pair, c, w, "f1");
  g_free (s5);
  s5 = play (&pair, c, w, "pass");
  g_assert_cmpint (w->result, ==, BS_RESULT_ONGOING);
  g_free (s5);
  s5 = play (&pair, c, w, "pass");
  g_assert_cmpint (w->result, ==, BS_RESULT_DRAW);
  g_assert_cmpint (bs_ruleset_ending (pair.w, w), ==, BS_ENDING_PASSES);
  ending = bs_ruleset_describe_ending (pair.w, w);
  g_assert_nonnull (strstr (ending, "two passes in a row"));
  g_assert_cmpstr (s3, ==, "Light cannot move and passes.");
  pair_clear (&pair);
}

/* The written game's module: the nest is a special cell of the variant
 * (the editor's row), per player and required, with the C module's
 * defaults; the rest as the C module declares it. */
static void
test_declarations (void)
{
  g_autoptr(BsRulesGame) game = load_game ();
  const BsModule *w = bs_rules_game_get_module (game);
  const BsModule *c = bs_module_find (GAME);

  g_assert_cmpuint (w->n_specials, ==, c->n_specials);
  g_assert_cmpstr (w->specials[0].id, ==, c->specials[0].id);
  g_assert_cmpstr (w->specials[0].label, ==, c->specials[0].label);
  g_assert_cmpint (w->specials[0].per_player, ==, c->specials[0].per_player);
  g_assert_cmpint (w->specials[0].required, ==, c->specials[0].required);
  for (int p = 0; p < 3; p++)
    g_assert_cmpstr (w->specials[0].default_cells[p], ==, c->specials[0].default_cells[p]);
  g_assert_cmpuint (w->n_options, ==, c->n_options);
  g_assert_cmpstr (w->options[0].id, ==, c->options[0].id);
  g_assert_cmpint (w->options[0].default_value, ==, c->options[0].default_value);
  g_assert_cmpint (w->options[0].default_per_cell, ==, c->options[0].default_per_cell);
  g_assert_cmpuint (w->shapes, ==, c->shapes);
  g_assert_cmpint (w->min_size, ==, c->min_size);
  g_assert_cmpint (w->max_size, ==, c->max_size);
  g_assert_cmpstr (w->kinds[0].id, ==, c->kinds[0].id);
  g_assert_cmpstr (w->measures[0].id, ==, c->measures[0].id);
  g_assert_cmpstr (w->play->words[0].id, ==, c->play->words[0].id);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/rules/ikabegama/declarations", test_declarations);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *perft_path = g_strdup_printf ("/rules/ikabegama/perft/%s", cases[i].name);
      g_autofree char *lock_path = g_strdup_printf ("/rules/ikabegama/lockstep/%s",
                                                    cases[i].name);

      g_test_add_data_func (perft_path, &cases[i], test_perft);
      g_test_add_data_func (lock_path, &cases[i], test_lockstep);
    }
  g_test_add_func ("/rules/ikabegama/move-limit", test_move_limit);
  g_test_add_func ("/rules/ikabegama/growth-flips-two", test_growth_flips_two);
  g_test_add_func ("/rules/ikabegama/jump-wins-by-flip", test_jump_wins_by_flip);
  g_test_add_func ("/rules/ikabegama/forced-pass", test_forced_pass);
  return g_test_run ();
}
