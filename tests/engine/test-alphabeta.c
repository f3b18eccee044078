/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests of alpha-beta (bs-alphabeta) and the evaluation it stops at
 * (bs-evaluation): Breakthrough positions worked by hand — a win in one
 * taken, a loss in one parried, the features' values — and, over random
 * positions of every turn-based module, that the transposition table does
 * not change the value of a fixed-depth search and that the chosen move
 * is legal; late-move reductions (their setting, their savings in Astoria,
 * a game that declares none searching as before). No timing: every search here has a depth budget. */

#include "config.h"

#include <stdlib.h>

#include "audit-util.h"
#include "bs-alphabeta.h"
#include "bs-evaluation.h"
#include "bs-rules-game.h"
#include "bs-ruleset.h"
#include "bs-variant.h"

/* Breakthrough on its default 8 × 8 board with only the fixed pieces
 * ("1:c7": player 1 on c7); player 1 (White) moves up, to row 8. */
static BsRuleset *
breakthrough_with (const char * const *pieces)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariant) variant = bs_variant_new_for_module ("breakthrough", &error);
  BsRuleset *rs;

  g_assert_no_error (error);
  for (guint i = 0; pieces[i] != NULL; i++)
    {
      BsVariantPiece piece = {
        .cell = g_strdup (pieces[i] + 2),
        .player = pieces[i][0] - '0',
        .kind = g_strdup ("piece"),
        .dir = -1,
        .line = 0,
      };
      g_array_append_val (variant->setup, piece);
    }
  rs = bs_ruleset_new (variant, &error);
  g_assert_no_error (error);
  return rs;
}

/* A module's default variant with the fixed pieces "P:KIND:CELL" (and
 * ":DIR", 0 N … 3 W, for a directed kind). */
static BsRuleset *
module_with (const char         *module,
             const char * const *pieces)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariant) variant = bs_variant_new_for_module (module, &error);
  BsRuleset *rs;

  g_assert_no_error (error);
  for (guint i = 0; pieces[i] != NULL; i++)
    {
      g_auto(GStrv) part = g_strsplit (pieces[i], ":", -1);
      BsVariantPiece piece = {
        .cell = g_strdup (part[2]),
        .player = atoi (part[0]),
        .kind = g_strdup (part[1]),
        .dir = part[3] != NULL ? atoi (part[3]) : -1,
        .line = 0,
      };

      g_array_append_val (variant->setup, piece);
    }
  rs = bs_ruleset_new (variant, &error);
  g_assert_no_error (error);
  return rs;
}

/* The pieces of `pieces` with the players swapped and, when `rotate`, the
 * cells turned half a turn on the full grid of cols × rows (a hexagon's
 * opposite corners change places). */
static char **
mirrored (const BsRuleset     *rs,
          const char * const  *pieces,
          gboolean             rotate)
{
  GPtrArray *out = g_ptr_array_new ();
  int cols = bs_board_n_cols (rs->board), rows = bs_board_n_rows (rs->board);

  for (guint i = 0; pieces[i] != NULL; i++)
    {
      g_auto(GStrv) part = g_strsplit (pieces[i], ":", -1);
      int c = bs_board_find_cell (rs->board, part[2], NULL);
      const char *label;

      g_assert_cmpint (c, !=, BS_NO_CELL);
      if (rotate)
        c = bs_board_cell_at (rs->board, cols - 1 - bs_board_cell_col (rs->board, c),
                              rows - 1 - bs_board_cell_row (rs->board, c));
      g_assert_cmpint (c, !=, BS_NO_CELL);
      label = bs_board_cell_label (rs->board, c);
      g_ptr_array_add (out, g_strdup_printf ("%d:%s:%s%s%s", 3 - atoi (part[0]), part[1],
                                             label, part[3] != NULL ? ":" : "",
                                             part[3] != NULL ? part[3] : ""));
    }
  g_ptr_array_add (out, NULL);
  return (char **) g_ptr_array_free (out, FALSE);
}

typedef struct {
  const char          *module;
  const char * const  *pieces;
  const char * const  *ids;        /* the features, in order */
  const double        *expected;   /* their values, worked by hand */
  int                  score;      /* 100 × Σ weight × value, player 1 to move */
  gboolean             rotate;     /* the mirror turns the board too */
} FeatureCase;

/* A module's features on a position worked by hand (the comments of the
 * cases below), and the colour mirror's, which must be the opposite. */
static void
check_features (const FeatureCase *fc)
{
  g_autoptr(BsRuleset) rs = module_with (fc->module, fc->pieces);
  g_autofree BsPosition *pos = bs_ruleset_new_position (rs, 1);
  g_autofree BsMove *scratch = g_new (BsMove, rs->max_moves);
  g_auto(GStrv) mirror_pieces = mirrored (rs, fc->pieces, fc->rotate);
  g_autoptr(BsRuleset) mirror_rs = module_with (fc->module, (const char * const *) mirror_pieces);
  g_autofree BsPosition *mirror = bs_ruleset_new_position (mirror_rs, 1);
  BsFeatureSpec specs[BS_MAX_FEATURES];
  double values[BS_MAX_FEATURES], mirror_values[BS_MAX_FEATURES];
  guint n;

  n = bs_evaluation_features (rs, BS_EVALUATION_FEATURES, specs);
  g_assert_cmpuint (bs_evaluation_values (rs, pos, BS_EVALUATION_FEATURES, scratch, values), ==, n);
  bs_evaluation_values (mirror_rs, mirror, BS_EVALUATION_FEATURES, scratch, mirror_values);
  for (guint i = 0; i < n; i++)
    {
      g_assert_nonnull (fc->ids[i]);
      g_assert_cmpstr (specs[i].id, ==, fc->ids[i]);
      g_assert_cmpfloat (values[i], ==, fc->expected[i]);
      g_assert_cmpfloat (mirror_values[i], ==, -fc->expected[i]);
    }
  g_assert_null (fc->ids[n]);
  g_assert_cmpint (pos->to_move, ==, 1);
  g_assert_cmpint (bs_evaluation_score (rs, pos, BS_EVALUATION_FEATURES, scratch), ==, fc->score);
  g_assert_cmpint (bs_evaluation_score (mirror_rs, mirror, BS_EVALUATION_FEATURES, scratch), ==,
                   -fc->score);
}

/* Agoraphobia, 7 × 7 rhombus (hex neighbours of (col, row): ±1 col, ±1
 * row, (+1, +1) and (−1, −1)). Light: large d4, small e4 (its east
 * neighbour), small a1; Dark: small f7 and g7 (neighbours), small b6,
 * large c2, none of them next to another group.
 *   Light's groups {d4 L, e4} = 2 + 1 = 3 and {a1} = 1: largest 3, 2
 *   groups, 2 pieces touching one of their own; Dark's {f7, g7} = 2,
 *   {b6} = 1, {c2 L} = 2: largest 2, 3 groups, 2 touching.
 *   largest-group 3 − 2 = 1, groups 2 − 3 = −1, touching 0; standing
 *   −1 (Light's largest group is the larger: Dark would win now);
 *   100 × (−1 × 1 + 0.3 × −1 − 0.1 × 0 + 0.5 × −1) = −180. */
static void
test_features_agoraphobia (void)
{
  static const char * const pieces[] = { "1:large:d4", "1:small:e4", "1:small:a1",
                                         "2:small:f7", "2:small:g7", "2:small:b6",
                                         "2:large:c2", NULL };
  static const char * const ids[] = { "largest-group", "groups", "touching", "standing",
                                      NULL };
  static const double expected[] = { 1, -1, 0, -1 };
  FeatureCase fc = { "agoraphobia", pieces, ids, expected, -180, FALSE };

  check_features (&fc);
}

/* Abrobad, limping board of size 5 (75 cells; a1 is a corner whose only
 * neighbours are b1, b2 and a2). Dark: b1, b2, a2 — one group walling
 * a1 off; Light: three stones on inner cells far apart, e5, h8, h4.
 *   groups: Light 3, Dark 1. Light's stones and the empty cells: every
 *   cell but Dark's, a1 cut off from the rest: 2 groups; Dark's and the
 *   empty cells: every cell but Light's three: 1 group.
 *   end-margin (1 − 3) − (2 − 1) = −3; groups 3 − 1 = 2;
 *   placements: Light 75 − 3 × 7 (each stone and its six neighbours)
 *   − 3 (Dark's stones) = 51; Dark 75 − 9 (b1, b2, a2, a1, c1, c2, c3,
 *   b3, a3) − 3 (Light's) = 63: −12.
 *   100 × (0.5 × −3 − 0.5 × 2 + 0.1 × −12) = −370. */
static void
test_features_abrobad (void)
{
  static const char * const pieces[] = { "2:stone:b1", "2:stone:b2", "2:stone:a2",
                                         "1:stone:e5", "1:stone:h8", "1:stone:h4", NULL };
  static const char * const ids[] = { "end-margin", "groups", "placements", NULL };
  static const double expected[] = { -3, 2, -12 };
  FeatureCase fc = { "abrobad", pieces, ids, expected, -370, FALSE };

  check_features (&fc);
}

/* Ikabegamá, hexagon of side 5 (cells (col, row) of 0…8 with
 * |col − row| ≤ 4; distance max(|dc|, |dr|) when dc and dr have one sign,
 * else |dc| + |dr|), Light's nest a1 = (0, 0), Dark's i9 = (8, 8), each
 * with its token. Light also c3 (2, 2) and d2 (3, 1); Dark f6 (5, 5) and
 * g8 (6, 7).
 *   material 3 − 3 = 0.
 *   Light's nearest token to i9: c3 at 6 (d2 7, a1 8); Dark's to a1: f6
 *   at 5 (g8 7, i9 8): nest-distance 5 − 6 = −1.
 *   growths: Light a1 → b1 b2 a2; c3 → d3 d4 c4 b3 (b2) c2; d2 → e2 e3
 *   (d3 c2) c1 d1: 12. Dark i9 → h9 h8 i8; f6 → g6 g7 f7 e6 e5 f5;
 *   g8 → (h8 h9) g9 f8 (f7 g7): 11. 12 − 11 = 1.
 *   100 × (0.3 × 0 + 1 × −1 + 0.05 × 1) = −95.
 * The mirror turns the board half a turn (a1 ↔ i9) and swaps colours. */
static void
test_features_ikabegama (void)
{
  static const char * const pieces[] = { "1:token:c3", "1:token:d2", "2:token:f6",
                                         "2:token:g8", NULL };
  static const char * const ids[] = { "material", "nest-distance", "growths", NULL };
  static const double expected[] = { 0, -1, 1 };
  FeatureCase fc = { "ikabegama", pieces, ids, expected, -95, TRUE };

  check_features (&fc);
}

/* Astoria 8 × 8 (triangle weight 3). Player 1: a triangle pointing N on
 * d2, a circle on d4; player 2: circles on d6 and d8.
 *   Column d pushed N: player 1 3 (the triangle) + 1 = 4 against 2:
 *   player 1's line, its edge cell d8 holds player 2's circle: a gain of
 *   1. Pushed S: 1 against 2: player 2's line, edge d1 empty: 0.
 *   Rows (the N triangle scores 0 there): row 4 E and W player 1's, rows
 *   6 and 8 E and W player 2's, all edges empty.
 *   material 2 − 2 = 0; push-gain 1 − 0 = 1; lines 3 − 5 = −2;
 *   100 × (0 + 0.4 × 1 + 0.03 × −2) = 34. */
static void
test_features_astoria (void)
{
  static const char * const pieces[] = { "1:triangle:d2:0", "1:circle:d4", "2:circle:d6",
                                         "2:circle:d8", NULL };
  static const char * const ids[] = { "material", "push-gain", "lines", NULL };
  static const double expected[] = { 0, 1, -2 };
  FeatureCase fc = { "astoria", pieces, ids, expected, 34, FALSE };

  check_features (&fc);
}

static int
cell (const BsRuleset *rs,
      const char      *label)
{
  int c = bs_board_find_cell (rs->board, label, NULL);

  g_assert_cmpint (c, !=, BS_NO_CELL);
  return c;
}

static void
search_depth (BsRuleset         *rs,
              const BsPosition  *pos,
              guint              depth,
              gboolean           no_tt,
              BsAlphaBetaResult *result)
{
  g_autoptr(GError) error = NULL;
  /* Exact searches: no late-move reductions, whatever the game declares, and
   * the depth's own value (tt-cut=same). */
  BsAlphaBetaParams params = { .max_depth = depth, .no_tt = no_tt, .tt = !no_tt,
                               .tt_bits = 16, .tt_same_depth = TRUE, .no_reductions = TRUE };

  g_assert_true (bs_alpha_beta_run (rs, pos, &params, NULL, result, &error));
  g_assert_no_error (error);
}

/* Plays up to `plies` random moves from pos, fewer when the game ends first. */
static void
play_random_plies (BsRuleset  *rs,
                   BsPosition *pos,
                   guint       plies,
                   BsRng      *rng,
                   BsMove     *scratch)
{
  for (guint i = 0; i < plies && !bs_position_is_over (pos); i++)
    bs_ruleset_apply (rs, pos, bs_ruleset_random_move (rs, pos, rng, scratch), NULL);
}

/* Astoria's setup `trial` after 40 to 49 random plies (their number in *plies
 * unless NULL), a game not over: the middle game, where its turns have hundreds
 * of moves. */
static BsPosition *
astoria_middle_game (BsRuleset *rs,
                     guint      trial,
                     BsRng     *rng,
                     BsMove    *scratch,
                     guint     *plies)
{
  BsPosition *pos = bs_ruleset_new_position (rs, trial);
  guint n = 40 + bs_rng_below (rng, 10);

  play_random_plies (rs, pos, n, rng, scratch);
  if (plies != NULL)
    *plies = n;
  g_assert_false (bs_position_is_over (pos));
  return pos;
}

/* White on c7 can step to row 8 and win; Black's h2 would win on its next
 * move. Every depth takes the win, with a won value. */
static void
test_win_in_one (void)
{
  static const char * const pieces[] = { "1:c7", "1:a1", "2:h2", "2:g8", NULL };
  g_autoptr(BsRuleset) rs = breakthrough_with (pieces);
  g_autofree BsPosition *pos = bs_ruleset_new_position (rs, 1);

  for (guint depth = 1; depth <= 4; depth++)
    {
      g_autofree BsPosition *after = bs_position_dup (rs, pos);
      BsAlphaBetaResult result;

      search_depth (rs, pos, depth, FALSE, &result);
      bs_ruleset_apply (rs, after, result.move, NULL);
      g_assert_cmpint (after->result, ==, BS_RESULT_WIN_1);
      g_assert_cmpint (result.value, ==, BS_ALPHA_BETA_WIN - 1);
      g_assert_cmpuint (result.depth, ==, 1);   /* a won game needs no deeper look */
    }
}

/* Black's c2 reaches row 1 next move unless White takes it: d1xc2 is the
 * only move that does not lose at once (a5 is far from row 8). From depth
 * 2 the search sees it. */
static void
test_defend_loss_in_one (void)
{
  static const char * const pieces[] = { "1:d1", "1:a5", "2:c2", "2:h8", "2:g8", NULL };
  g_autoptr(BsRuleset) rs = breakthrough_with (pieces);
  g_autofree BsPosition *pos = bs_ruleset_new_position (rs, 1);

  g_assert_cmpint (pos->to_move, ==, 1);
  for (guint depth = 2; depth <= 5; depth++)
    {
      BsAlphaBetaResult result;
      BsMoveParts parts;

      search_depth (rs, pos, depth, FALSE, &result);
      bs_ruleset_decode_move (rs, pos, result.move, &parts);
      g_assert_cmpint (parts.from, ==, cell (rs, "d1"));
      g_assert_cmpint (parts.to, ==, cell (rs, "c2"));
      g_assert_cmpint (result.value, >, -BS_ALPHA_BETA_WIN / 2);
    }
}

/* White a1 b2 e5 against Black h8 h7, White to move:
 *   material 3 − 2 = 1; furthest row 5 (e5) − 2 (h7) = 3;
 *   runner: Black's h7 has no White piece in its cone (e5 is 3 files off
 *   at 2 rows, b2 6 files at 5 rows, a1 7 at 6), White's pieces all see
 *   h8 in theirs: −1;
 *   mobility: a1 1 + b2 3 + e5 3 = 7 against h8 1 (g7) + h7 2 = 3: 4;
 *   home row: a1 against h8: 0.
 * The generic fallback counts the same material and mobility (the moves
 * of each side), and the weighted sum is
 *   100 × (1 + 0.1 × 3 − 5 + 0.03 × 4) = −358 for White to move. */
static void
test_features (void)
{
  static const char * const pieces[] = { "1:a1", "1:b2", "1:e5", "2:h8", "2:h7", NULL };
  static const char * const ids[] = { "material", "furthest-row", "runner", "mobility",
                                      "home-row" };
  static const double expected[] = { 1, 3, -1, 4, 0 };
  g_autoptr(BsRuleset) rs = breakthrough_with (pieces);
  g_autofree BsPosition *pos = bs_ruleset_new_position (rs, 1);
  g_autofree BsMove *scratch = g_new (BsMove, rs->max_moves);
  BsFeatureSpec specs[BS_MAX_FEATURES];
  double values[BS_MAX_FEATURES];
  guint n;

  n = bs_evaluation_features (rs, BS_EVALUATION_FEATURES, specs);
  g_assert_cmpuint (n, ==, G_N_ELEMENTS (ids));
  g_assert_cmpuint (bs_evaluation_values (rs, pos, BS_EVALUATION_FEATURES, scratch, values), ==, n);
  for (guint i = 0; i < n; i++)
    {
      g_assert_cmpstr (specs[i].id, ==, ids[i]);
      g_assert_cmpfloat (values[i], ==, expected[i]);
    }
  g_assert_cmpint (bs_evaluation_score (rs, pos, BS_EVALUATION_FEATURES, scratch), ==, -358);

  n = bs_evaluation_features (rs, BS_EVALUATION_GENERIC, specs);
  g_assert_cmpuint (n, ==, 2);
  bs_evaluation_values (rs, pos, BS_EVALUATION_GENERIC, scratch, values);
  g_assert_cmpstr (specs[0].id, ==, "material");
  g_assert_cmpfloat (values[0], ==, 1);
  g_assert_cmpstr (specs[1].id, ==, "mobility");
  g_assert_cmpfloat (values[1], ==, 4);
  g_assert_cmpuint (bs_evaluation_values (rs, pos, BS_EVALUATION_MATERIAL, scratch, values), ==, 1);
  g_assert_cmpfloat (values[0], ==, 1);
  g_assert_cmpint (bs_evaluation_score (rs, pos, BS_EVALUATION_MATERIAL, scratch), ==, 100);
}

/* The start is symmetric: every feature is 0. With Black to move after a
 * mirrored pair of moves too; and a feature's sign follows who leads. */
static void
test_features_symmetric (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariant) variant = bs_variant_new_for_module ("breakthrough", &error);
  g_autoptr(BsRuleset) rs = bs_ruleset_new (variant, &error);
  g_autofree BsPosition *pos = bs_ruleset_new_position (rs, 1);
  g_autofree BsMove *scratch = g_new (BsMove, rs->max_moves);
  double values[BS_MAX_FEATURES];
  guint n;

  g_assert_no_error (error);
  n = bs_evaluation_values (rs, pos, BS_EVALUATION_FEATURES, scratch, values);
  for (guint i = 0; i < n; i++)
    g_assert_cmpfloat (values[i], ==, 0);
  g_assert_true (bs_ruleset_play_line (rs, pos, "d2-d3 d7-d6", &error));
  g_assert_no_error (error);
  n = bs_evaluation_values (rs, pos, BS_EVALUATION_FEATURES, scratch, values);
  for (guint i = 0; i < n; i++)
    g_assert_cmpfloat (values[i], ==, 0);
  g_assert_cmpint (bs_evaluation_score (rs, pos, BS_EVALUATION_FEATURES, scratch), ==, 0);
}

static BsMove
find_move (BsRuleset        *rs,
           const BsPosition *pos,
           const char       *text)
{
  g_autoptr(GError) error = NULL;
  g_autofree BsMove *scratch = g_new (BsMove, rs->max_moves);
  BsMove move;

  g_assert_true (bs_ruleset_parse_move (rs, pos, text, &move, &error));
  g_assert_no_error (error);
  g_assert_true (bs_ruleset_is_legal (rs, pos, move, scratch));
  return move;
}

static void
search_material (BsRuleset         *rs,
                 const BsPosition  *pos,
                 guint              depth,
                 gboolean           quiescence,
                 BsAlphaBetaResult *result)
{
  g_autoptr(GError) error = NULL;
  BsAlphaBetaParams params = {
    .max_depth = depth,
    .tt_bits = 16,
    .no_quiescence = !quiescence,
    .evaluation = BS_EVALUATION_MATERIAL,
  };

  g_assert_true (bs_alpha_beta_run (rs, pos, &params, NULL, result, &error));
  g_assert_no_error (error);
}

/* Breakthrough, material alone (100 a piece). White d4 a1 against Black
 * e5 f6 h8, White to move: d4xe5 is the only capture, and f6xe5 takes
 * the piece back.
 *   Depth 1 without quiescence stops after d4xe5: 2 against 2, value 0,
 *   better than every quiet move (2 against 3, −100): it plays d4xe5
 *   and misjudges it by a piece.
 *   With quiescence Black's recapture is looked at (Black's stand-pat 0
 *   against f6xe5's +100 for Black): d4xe5 is worth −100, as much as a
 *   quiet move, the value a depth-2 search finds. */
static void
test_quiescence_exchange (void)
{
  static const char * const pieces[] = { "1:d4", "1:a1", "2:e5", "2:f6", "2:h8", NULL };
  g_autoptr(BsRuleset) rs = breakthrough_with (pieces);
  g_autofree BsPosition *pos = bs_ruleset_new_position (rs, 1);
  BsMove capture = find_move (rs, pos, "d4-e5");
  BsAlphaBetaResult flat, quiet, deeper;

  g_assert_cmpint (pos->to_move, ==, 1);
  search_material (rs, pos, 1, FALSE, &flat);
  g_assert_cmpint (flat.value, ==, 0);
  g_assert_cmpuint (flat.move, ==, capture);
  g_assert_cmpuint (flat.quiescence_nodes, ==, 0);

  search_material (rs, pos, 1, TRUE, &quiet);
  g_assert_cmpint (quiet.value, ==, -100);
  g_assert_cmpuint (quiet.quiescence_nodes, >, 0);
  search_material (rs, pos, 2, FALSE, &deeper);
  g_assert_cmpint (deeper.value, ==, -100);
}

/* The same with a second capture, d4xc5, that nothing can take back (no
 * Black piece on b6 or d6): without quiescence both captures are worth
 * −100 (2 against 3); with it d4xe5 falls to −200 (f6xe5) and d4xc5 is
 * the one best move, −100. */
static void
test_quiescence_choice (void)
{
  static const char * const pieces[] = { "1:d4", "1:a1", "2:c5", "2:e5", "2:f6", "2:h8", NULL };
  g_autoptr(BsRuleset) rs = breakthrough_with (pieces);
  g_autofree BsPosition *pos = bs_ruleset_new_position (rs, 1);
  BsMove safe = find_move (rs, pos, "d4-c5");
  BsAlphaBetaResult flat, quiet;
  g_autofree BsPosition *after = bs_position_dup (rs, pos);

  search_material (rs, pos, 1, FALSE, &flat);
  g_assert_cmpint (flat.value, ==, -100);
  search_material (rs, pos, 1, TRUE, &quiet);
  g_assert_cmpint (quiet.value, ==, -100);
  g_assert_cmpuint (quiet.move, ==, safe);

  /* After d4xe5 Black to move: the recapture is seen with quiescence at
   * depth 1 and by its first ply without it; both say +200 for Black. */
  bs_ruleset_apply (rs, after, find_move (rs, pos, "d4-e5"), NULL);
  search_material (rs, after, 1, TRUE, &quiet);
  g_assert_cmpint (quiet.value, ==, 200);
}

/* Quiescence stays bounded: from Breakthrough's start after a few
 * exchanges' worth of random plies, a depth-3 search with it visits at
 * most a few times the nodes of the one without it, and picks a legal
 * move; positions with no capture cost one generation more. */
static void
test_quiescence_bounded (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariant) variant = bs_variant_new_for_module ("breakthrough", &error);
  g_autoptr(BsRuleset) rs = bs_ruleset_new (variant, &error);
  g_autofree BsMove *scratch = g_new (BsMove, rs->max_moves);
  guint64 with_total = 0, without_total = 0;
  BsRng rng;

  g_assert_no_error (error);
  bs_rng_init (&rng, 2027);
  for (guint trial = 0; trial < 8; trial++)
    {
      g_autofree BsPosition *pos = bs_ruleset_new_position (rs, trial);
      BsAlphaBetaResult with, without;
      BsAlphaBetaParams params = { .max_depth = 3, .tt_bits = 16 };

      play_random_plies (rs, pos, 20, &rng, scratch);
      if (bs_position_is_over (pos))
        continue;
      g_assert_true (bs_alpha_beta_run (rs, pos, &params, NULL, &with, &error));
      params.no_quiescence = TRUE;
      g_assert_true (bs_alpha_beta_run (rs, pos, &params, NULL, &without, &error));
      g_assert_no_error (error);
      g_assert_true (bs_ruleset_is_legal (rs, pos, with.move, scratch));
      with_total += with.nodes;
      without_total += without.nodes;
    }
  g_test_message ("nodes at depth 3: %" G_GUINT64_FORMAT " with quiescence, %" G_GUINT64_FORMAT
                  " without", with_total, without_total);
  g_assert_cmpuint (without_total, >, 0);
  g_assert_cmpuint (with_total, <=, 20 * without_total);
}

/* Calls each_position on `trials` positions of every turn-based game (C module or
 * written), each up to 29 random plies from its default variant's start (the random
 * generator seeded with seed + the game's index; positions already over are left out),
 * then after_game, if any, with pos NULL. */
typedef void (*PositionFunc) (BsRuleset  *rs,
                              BsPosition *pos,
                              BsMove     *scratch,
                              gpointer    data);

static void
for_random_positions (guint        seed,
                      guint        trials,
                      PositionFunc each_position,
                      PositionFunc after_game,
                      gpointer     data)
{
  guint n_modules;
  const BsModule * const *modules = bs_module_list (&n_modules);

  for (guint m = 0; m < n_modules; m++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(BsVariant) variant = bs_variant_new_for_module (modules[m]->id, &error);
      g_autoptr(BsRuleset) rs = NULL;
      g_autofree BsMove *scratch = NULL;
      BsRng rng;

      g_assert_no_error (error);
      rs = bs_ruleset_new (variant, &error);
      g_assert_no_error (error);
      if (bs_ruleset_is_simultaneous (rs))
        continue;
      scratch = g_new (BsMove, rs->max_moves);
      bs_rng_init (&rng, seed + m);
      for (guint trial = 0; trial < trials; trial++)
        {
          g_autofree BsPosition *pos = bs_ruleset_new_position (rs, trial);
          guint plies = bs_rng_below (&rng, 30);

          play_random_plies (rs, pos, plies, &rng, scratch);
          if (!bs_position_is_over (pos))
            each_position (rs, pos, scratch, data);
        }
      if (after_game != NULL)
        after_game (rs, NULL, scratch, data);
    }
}

/* `depth`, or two plies in games of many moves a turn (placements of kinds and
 * directions), to stay quick. */
static guint
depth_for (const BsRuleset  *rs,
           const BsPosition *pos,
           BsMove           *scratch,
           guint             depth)
{
  return bs_ruleset_generate (rs, pos, scratch) > 40 ? 2 : depth;
}

typedef struct {
  guint   checked;
  guint64 nodes_ordered, nodes_plain;
} TableCount;

static void
table_same_value_at (BsRuleset  *rs,
                     BsPosition *pos,
                     BsMove     *scratch,
                     gpointer    data)
{
  TableCount *count = data;
  BsAlphaBetaResult with, without, plain;
  BsAlphaBetaParams plain_params = { .no_tt = TRUE, .no_ordering = TRUE, .no_reductions = TRUE };
  g_autoptr(GError) plain_error = NULL;
  guint depth = depth_for (rs, pos, scratch, 3);

  search_depth (rs, pos, depth, FALSE, &with);
  search_depth (rs, pos, depth, TRUE, &without);
  g_assert_cmpint (with.value, ==, without.value);
  /* Plain alpha-beta (no table, no killers, no history) finds the
   * same value; only the work differs. */
  plain_params.max_depth = depth;
  g_assert_true (bs_alpha_beta_run (rs, pos, &plain_params, NULL, &plain, &plain_error));
  g_assert_no_error (plain_error);
  g_assert_cmpint (plain.value, ==, with.value);
  count->nodes_ordered += without.nodes;
  count->nodes_plain += plain.nodes;
  g_assert_true (bs_ruleset_is_legal (rs, pos, with.move, scratch));
  g_assert_true (bs_ruleset_is_legal (rs, pos, without.move, scratch));
  count->checked++;
}

/* Random positions of every turn-based game: the value of a depth-3 search (2 for
 * games of many moves) is the same with the table and without it, and the move is
 * legal. */
static void
test_table_same_value (void)
{
  TableCount count = { 0 };

  for_random_positions (27, 12, table_same_value_at, NULL, &count);
  g_assert_cmpuint (count.checked, >=, 20);
  /* Killers and history cut earlier: without them the same values cost more nodes. */
  g_assert_cmpuint (count.nodes_plain, >, count.nodes_ordered);
}

/* Settings as `match` and `think` give them. */
static void
test_params_parse (void)
{
  BsAlphaBetaParams params;
  g_autoptr(GError) error = NULL;

  g_assert_true (bs_alpha_beta_params_parse (&params, "", &error));
  g_assert_cmpuint (params.cpu_ms, ==, 1000);
  g_assert_true (bs_alpha_beta_params_parse (&params, "cpu=0.2,eval=material", &error));
  g_assert_cmpuint (params.cpu_ms, ==, 200);
  g_assert_cmpint (params.evaluation, ==, BS_EVALUATION_MATERIAL);
  g_assert_true (bs_alpha_beta_params_parse (&params, "cpu=0.05,quiescence=off", &error));
  g_assert_true (params.no_quiescence);
  g_assert_true (bs_alpha_beta_params_parse (&params, "quiescence=on", &error));
  g_assert_false (params.no_quiescence);
  g_assert_true (bs_alpha_beta_params_parse (&params, "eval=material,tt=off,ordering=off,quiescence=off",
                                             &error));
  g_assert_true (params.no_tt && params.no_ordering && params.no_quiescence);
  g_assert_true (bs_alpha_beta_params_parse (&params, "pvs=off", &error));
  g_assert_true (params.no_pvs && !params.no_ordering);
  g_assert_true (bs_alpha_beta_params_parse (&params, "threads=2", &error));
  g_assert_cmpuint (params.threads, ==, 2);
  g_assert_true (bs_alpha_beta_params_parse (&params, "tt=on,ordering=on", &error));
  g_assert_false (params.no_tt || params.no_ordering);
  g_assert_true (params.tt);
  /* Neither: the table as the game declares. */
  g_assert_true (bs_alpha_beta_params_parse (&params, "cpu=0.1", &error));
  g_assert_false (params.no_tt || params.tt);
  g_assert_true (bs_alpha_beta_params_parse (&params, "cpu=0.1,tt-bits=16", &error));
  g_assert_cmpuint (params.tt_bits, ==, 16);
  g_assert_false (params.tt_same_depth);
  g_assert_true (bs_alpha_beta_params_parse (&params, "tt-cut=same", &error));
  g_assert_true (params.tt_same_depth);
  g_assert_true (bs_alpha_beta_params_parse (&params, "tt-cut=same,tt-cut=deeper", &error));
  g_assert_false (params.tt_same_depth);
  g_assert_true (bs_alpha_beta_params_parse (&params, "depth=5", &error));
  g_assert_cmpuint (params.max_depth, ==, 5);
  g_assert_cmpuint (params.cpu_ms, ==, 0);
  g_assert_no_error (error);
  g_assert_false (bs_alpha_beta_params_parse (&params, "depth=0", &error));
  g_assert_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE);
  g_clear_error (&error);
  g_assert_false (bs_alpha_beta_params_parse (&params, "eval=magic", &error));
  g_assert_nonnull (strstr (error->message, "eval=magic"));
  g_clear_error (&error);
  g_assert_false (bs_alpha_beta_params_parse (&params, "ordering=no", &error));
  g_assert_nonnull (strstr (error->message, "ordering=no"));
  g_clear_error (&error);
  g_assert_false (bs_alpha_beta_params_parse (&params, "tt-bits=29", &error));
  g_assert_nonnull (strstr (error->message, "tt-bits=29"));
  g_clear_error (&error);
  g_assert_true (bs_alpha_beta_params_parse (&params, "cpu=0.1,reductions=8", &error));
  g_assert_cmpuint (params.late_moves, ==, 8);
  g_assert_false (params.no_reductions);
  g_assert_true (bs_alpha_beta_params_parse (&params, "reductions=off", &error));
  g_assert_cmpuint (params.late_moves, ==, 0);
  g_assert_true (params.no_reductions);
  g_assert_true (bs_alpha_beta_params_parse (&params, "reductions=off,reductions=game", &error));
  g_assert_cmpuint (params.late_moves, ==, 0);
  g_assert_false (params.no_reductions);
  g_assert_no_error (error);
  for (guint i = 0; i < 10; i++)
    {
      static const char * const bad[] = { "reductions=0", "reductions=1001", "reductions=-3",
                                          "reductions=some", "threads=0", "threads=65",
                                          "threads=two", "pvs=maybe", "tt-cut=shallower",
                                          "tt-cut=" };

      g_assert_false (bs_alpha_beta_params_parse (&params, bad[i], &error));
      g_assert_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE);
      g_assert_nonnull (strstr (error->message, bad[i]));
      g_clear_error (&error);
    }
}

static void
search_with (BsRuleset         *rs,
             const BsPosition  *pos,
             const char        *settings,
             BsAlphaBetaResult *result)
{
  g_autoptr(GError) error = NULL;
  BsAlphaBetaParams params;

  g_assert_true (bs_alpha_beta_params_parse (&params, settings, &error));
  g_assert_true (bs_alpha_beta_run (rs, pos, &params, NULL, result, &error));
  g_assert_no_error (error);
  bs_alpha_beta_params_clear (&params);
}

/* Nodes of two searches compared on the same positions (a: the one under test,
 * b: without it), per game and over all; `what` names them in the messages. */
typedef struct {
  const char *what[2];
  guint       checked, proofs;
  guint64     game[2], total[2];
} NodeTally;

/* One position's nodes: a's and b's. */
static void
node_tally_add (NodeTally *tally,
                guint64    a,
                guint64    b)
{
  tally->game[0] += a;
  tally->game[1] += b;
  tally->checked++;
}

static void
node_tally_game_done (BsRuleset  *rs,
                      BsPosition *pos,
                      BsMove     *scratch,
                      gpointer    data)
{
  NodeTally *tally = data;

  g_test_message ("%s: %" G_GUINT64_FORMAT " nodes %s, %" G_GUINT64_FORMAT " %s",
                  rs->module->id, tally->game[0], tally->what[0], tally->game[1],
                  tally->what[1]);
  for (guint k = 0; k < 2; k++)
    {
      tally->total[k] += tally->game[k];
      tally->game[k] = 0;
    }
}

static void
principal_variation_at (BsRuleset  *rs,
                        BsPosition *pos,
                        BsMove     *scratch,
                        gpointer    data)
{
  NodeTally *count = data;
  guint depth = depth_for (rs, pos, scratch, 4);
  g_autofree char *pvs_settings = g_strdup_printf ("depth=%u,tt-bits=16,tt-cut=same,reductions=off",
                                                   depth);
  g_autofree char *full_settings = g_strdup_printf ("%s,pvs=off", pvs_settings);
  BsAlphaBetaResult pvs, full;

  search_with (rs, pos, pvs_settings, &pvs);
  search_with (rs, pos, full_settings, &full);
  g_assert_cmpint (pvs.value, ==, full.value);
  g_assert_true (bs_ruleset_is_legal (rs, pos, pvs.move, scratch));
  node_tally_add (count, pvs.nodes, full.nodes);
}

/* Principal variation search (on with ordering, "pvs=off" takes it away) finds the
 * same value at a fixed depth on random positions of every turn-based game, and costs
 * fewer nodes over them all (not in every game two plies deep, where re-searches can
 * cost more than the null windows save); without ordering there is none. */
static void
test_principal_variation (void)
{
  NodeTally count = { { "with principal variation search", "without" } };

  for_random_positions (91, 8, principal_variation_at, node_tally_game_done, &count);
  g_assert_cmpuint (count.checked, >=, 40);
  g_assert_cmpuint (count.total[0], <, count.total[1]);

  /* Plain alpha-beta has no principal variation search to take away; Ataxx from the
   * start, five plies: fewer nodes for the same value. */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(BsVariant) variant = bs_variant_new_for_module ("ataxx", &error);
    g_autoptr(BsRuleset) rs = bs_ruleset_new (variant, &error);
    g_autofree BsPosition *pos = bs_ruleset_new_position (rs, 1);
    BsAlphaBetaResult plain, plain_full, pvs, full;

    g_assert_no_error (error);
    search_with (rs, pos, "depth=4,tt=off,ordering=off,quiescence=off", &plain);
    search_with (rs, pos, "depth=4,tt=off,ordering=off,quiescence=off,pvs=off", &plain_full);
    g_assert_cmpuint (plain.nodes, ==, plain_full.nodes);
    search_with (rs, pos, "depth=5,tt-cut=same", &pvs);
    search_with (rs, pos, "depth=5,tt-cut=same,pvs=off", &full);
    g_assert_cmpint (pvs.value, ==, full.value);
    g_assert_cmpuint (pvs.nodes, <, full.nodes);
    g_test_message ("Ataxx, depth 5: %" G_GUINT64_FORMAT " nodes with, %" G_GUINT64_FORMAT
                    " without", pvs.nodes, full.nodes);
  }
}

static void
threads_same_value_at (BsRuleset  *rs,
                       BsPosition *pos,
                       BsMove     *scratch,
                       gpointer    data)
{
  guint *checked = data;
  guint depth = depth_for (rs, pos, scratch, 4);
  g_autofree char *one = g_strdup_printf ("depth=%u,tt-bits=14,tt-cut=same,reductions=off", depth);
  BsAlphaBetaResult single;

  search_with (rs, pos, one, &single);
  for (guint threads = 2; threads <= 3; threads++)
    {
      g_autofree char *settings = g_strdup_printf ("%s,threads=%u", one, threads);
      BsAlphaBetaResult several;

      search_with (rs, pos, settings, &several);
      g_assert_cmpint (several.value, ==, single.value);
      if (ABS (single.value) <= BS_ALPHA_BETA_WIN_ZONE)
        g_assert_cmpuint (several.depth, ==, depth);
      g_assert_true (bs_ruleset_is_legal (rs, pos, several.move, scratch));
    }
  (*checked)++;
}

/* Alpha-beta in several threads sharing the table (Lazy SMP): on random positions of
 * every turn-based game, at a fixed depth without reductions, two and three threads
 * find the value one thread finds (with tt-cut=same the table cuts only searches of
 * the same depth, whichever thread wrote it, and a torn entry reads as a miss), complete the depth,
 * and choose a legal move; with a CPU budget they stop and count every thread's nodes. */
static void
test_threads (void)
{
  guint checked = 0;

  for_random_positions (53, 6, threads_same_value_at, NULL, &checked);
  g_assert_cmpuint (checked, >=, 30);

  /* A CPU budget in two threads: both stop, every node counted. */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(BsVariant) variant = bs_variant_new_for_module ("breakthrough", &error);
    g_autoptr(BsRuleset) rs = bs_ruleset_new (variant, &error);
    g_autofree BsPosition *pos = bs_ruleset_new_position (rs, 1);
    g_autofree BsMove *scratch = g_new (BsMove, rs->max_moves);
    BsAlphaBetaResult two;

    g_assert_no_error (error);
    search_with (rs, pos, "cpu=0.02,threads=2", &two);
    g_assert_true (bs_ruleset_is_legal (rs, pos, two.move, scratch));
    g_assert_cmpuint (two.depth, >=, 1);
    g_assert_cmpuint (two.nodes, >, 0);
  }
}

static void
deeper_cut_at (BsRuleset  *rs,
               BsPosition *pos,
               BsMove     *scratch,
               gpointer    data)
{
  NodeTally *count = data;
  guint depth = depth_for (rs, pos, scratch, 4);
  g_autofree char *same_settings = g_strdup_printf ("depth=%u,tt-bits=16,tt-cut=same,"
                                                    "reductions=off", depth);
  g_autofree char *deeper_settings = g_strdup_printf ("depth=%u,tt-bits=16,reductions=off",
                                                      depth);
  g_autofree char *two_settings = g_strdup_printf ("%s,threads=2", deeper_settings);
  BsAlphaBetaResult same, deeper, two;

  search_with (rs, pos, same_settings, &same);
  search_with (rs, pos, deeper_settings, &deeper);
  search_with (rs, pos, two_settings, &two);
  for (guint i = 0; i < 2; i++)
    {
      const BsAlphaBetaResult *r = i == 0 ? &deeper : &two;

      g_assert_true (bs_ruleset_is_legal (rs, pos, r->move, scratch));
      if (ABS (r->value) <= BS_ALPHA_BETA_WIN_ZONE)
        g_assert_cmpuint (r->depth, ==, depth);
      /* A win or loss the depth proves stays proved: a deeper search
       * sees it too. */
      if (ABS (same.value) > BS_ALPHA_BETA_WIN_ZONE)
        {
          g_assert_cmpint (ABS (r->value), >, BS_ALPHA_BETA_WIN_ZONE);
          g_assert_cmpint (r->value > 0, ==, same.value > 0);
        }
    }
  count->proofs += ABS (same.value) > BS_ALPHA_BETA_WIN_ZONE;
  node_tally_add (count, deeper.nodes, same.nodes);
}

/* The table's deeper entries cut shallower searches (the default; "tt-cut=same" keeps
 * each depth's own value). On random positions of every turn-based game, in one
 * thread and in two, the search still completes the depth and chooses a legal move,
 * and a win or loss the depth's own search proves, it proves too. In Astoria, whose
 * turns of several steps with late-move reductions reach one position at different
 * depths, four plies cost fewer nodes (a mutation keeping only same-depth cuts
 * fails); elsewhere a single thread at a fixed depth meets no deeper entry. */
static void
test_table_deeper_cut (void)
{
  NodeTally count = { { "when deeper entries cut", "when only the same depth's do" } };

  for_random_positions (71, 6, deeper_cut_at, node_tally_game_done, &count);
  g_assert_cmpuint (count.checked, >=, 30);
  g_test_message ("%u of %u positions proved won or lost", count.proofs, count.checked);

  /* Astoria, with the reductions it declares, from random positions of 40 to 49 plies. */
  {
    static const char * const no_pieces[] = { NULL };
    g_autoptr(BsRuleset) rs = module_with ("astoria", no_pieces);
    g_autofree BsMove *scratch = g_new (BsMove, rs->max_moves);
    guint64 deeper_total = 0, same_total = 0;
    BsRng rng;

    bs_rng_init (&rng, 27);
    for (guint trial = 0; trial < 3; trial++)
      {
        guint plies;
        g_autofree BsPosition *pos = astoria_middle_game (rs, trial, &rng, scratch, &plies);
        BsAlphaBetaResult same, deeper;

        search_with (rs, pos, "depth=4,tt-cut=same", &same);
        search_with (rs, pos, "depth=4", &deeper);
        g_test_message ("Astoria after %u plies, depth 4: %" G_GUINT64_FORMAT " nodes when deeper "
                        "entries cut, %" G_GUINT64_FORMAT " when only the same depth's do", plies,
                        deeper.nodes, same.nodes);
        deeper_total += deeper.nodes;
        same_total += same.nodes;
      }
    g_assert_cmpuint (deeper_total, <, same_total);
  }
}

/* Late-move reductions in Astoria (hundreds of moves a turn), from
 * random positions of 40 to 49 plies: three plies deep they cost a small
 * part of the nodes of the full search and still choose a legal move; one
 * ply deep nothing is reduced (the same value, move and nodes); and the
 * default settings follow the game's declaration (Astoria declares them,
 * Breakthrough does not). */
static void
test_reductions (void)
{
  static const char * const no_pieces[] = { NULL };
  g_autoptr(BsRuleset) rs = module_with ("astoria", no_pieces);
  g_autofree BsMove *scratch = NULL;
  g_autofree char *declared = NULL;
  guint64 reduced_total = 0, full_total = 0;
  BsRng rng;

  g_assert_cmpuint (rs->module->late_moves, >, 0);
  declared = g_strdup_printf ("depth=3,reductions=%u", rs->module->late_moves);
  scratch = g_new (BsMove, rs->max_moves);
  bs_rng_init (&rng, 27);
  for (guint trial = 0; trial < 3; trial++)
    {
      g_autofree BsPosition *pos = astoria_middle_game (rs, trial, &rng, scratch, NULL);
      BsAlphaBetaResult reduced, full, by_default, one_reduced, one_full;

      search_with (rs, pos, "depth=3,reductions=4", &reduced);
      search_with (rs, pos, "depth=3,reductions=off", &full);
      g_assert_cmpuint (reduced.depth, ==, 3);
      g_assert_true (bs_ruleset_is_legal (rs, pos, reduced.move, scratch));
      reduced_total += reduced.nodes;
      full_total += full.nodes;

      search_with (rs, pos, "depth=1,reductions=4", &one_reduced);
      search_with (rs, pos, "depth=1,reductions=off", &one_full);
      g_assert_cmpint (one_reduced.value, ==, one_full.value);
      g_assert_cmpuint (one_reduced.move, ==, one_full.move);
      g_assert_cmpuint (one_reduced.nodes, ==, one_full.nodes);

      search_with (rs, pos, "depth=3", &by_default);
      search_with (rs, pos, declared, &reduced);
      g_assert_cmpuint (by_default.nodes, ==, reduced.nodes);
      g_assert_cmpint (by_default.value, ==, reduced.value);
      g_assert_cmpuint (by_default.nodes, <, full.nodes);
    }
  g_test_message ("nodes at depth 3: %" G_GUINT64_FORMAT " reduced, %" G_GUINT64_FORMAT " full",
                  reduced_total, full_total);
  g_assert_cmpuint (reduced_total * 5, <, full_total);
}

/* A game that declares no reductions searches in full by default. Asked
 * for them after the first move, it still parries a loss in one (the
 * position of test_defend_loss_in_one) at every depth. */
static void
test_reductions_undeclared (void)
{
  static const char * const pieces[] = { "1:d1", "1:a5", "2:c2", "2:h8", "2:g8", NULL };
  g_autoptr(BsRuleset) rs = breakthrough_with (pieces);
  g_autofree BsPosition *pos = bs_ruleset_new_position (rs, 1);
  BsAlphaBetaResult by_default, full;

  g_assert_cmpuint (rs->module->late_moves, ==, 0);
  search_with (rs, pos, "depth=3", &by_default);
  search_with (rs, pos, "depth=3,reductions=off", &full);
  g_assert_cmpuint (by_default.nodes, ==, full.nodes);
  for (guint depth = 2; depth <= 5; depth++)
    {
      g_autofree char *settings = g_strdup_printf ("depth=%u,reductions=1", depth);
      BsAlphaBetaResult result;
      BsMoveParts parts;

      search_with (rs, pos, settings, &result);
      bs_ruleset_decode_move (rs, pos, result.move, &parts);
      g_assert_cmpint (parts.from, ==, cell (rs, "d1"));
      g_assert_cmpint (parts.to, ==, cell (rs, "c2"));
      g_assert_cmpint (result.value, >, -BS_ALPHA_BETA_WIN / 2);
    }
}

/* Ataxx's rules with <computer table="off"> added: no shipped game declares it now (Ataxx
 * did until balanced openings at 3 s showed no gain: docs/SEARCH.md). */
static BsRuleset *
ataxx_without_table (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (g_getenv ("BOARDSMITH_RULES_DIR"), "games",
                                            "ataxx.xml", NULL);
  g_autofree char *text = NULL;
  g_autoptr(GString) declared = NULL;

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  declared = g_string_new (text);
  g_assert_cmpuint (g_string_replace (declared, "<computer ", "<computer table=\"off\" ", 1),
                    ==, 1);
  return au_written_ruleset (path, declared->str, NULL, NULL);
}

/* A game that declares <computer table="off"> is searched without the table unless tt=on
 * asks for it; a game that declares nothing (Ataxx as shipped, Breakthrough) with it. The
 * searches are exact (a depth, no clock), so the same work means the same nodes. */
static void
test_table_declared (void)
{
  static const char * const games[] = { NULL, "ataxx", "breakthrough" };

  for (guint g = 0; g < G_N_ELEMENTS (games); g++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(BsRuleset) rs = NULL;
      g_autofree BsPosition *pos = NULL;
      BsAlphaBetaResult by_default, with, without;
      gboolean declared_off = games[g] == NULL;

      if (declared_off)
        rs = ataxx_without_table ();
      else
        {
          g_autoptr(BsVariant) variant = bs_variant_new_for_module (games[g], &error);

          g_assert_no_error (error);
          rs = bs_ruleset_new (variant, &error);
          g_assert_no_error (error);
        }
      g_assert_cmpint (rs->module->no_table, ==, declared_off);
      pos = bs_ruleset_new_position (rs, 1);
      search_with (rs, pos, "depth=4,tt-bits=16,tt-cut=same", &by_default);
      search_with (rs, pos, "depth=4,tt-bits=16,tt-cut=same,tt=on", &with);
      search_with (rs, pos, "depth=4,tt-bits=16,tt-cut=same,tt=off", &without);
      /* The table changes the work, never the value. */
      g_assert_cmpuint (with.nodes, !=, without.nodes);
      g_assert_cmpint (with.value, ==, without.value);
      g_assert_cmpuint (by_default.nodes, ==, declared_off ? without.nodes : with.nodes);
    }
}

/* A simultaneous game is refused, not searched as if sequential. */
static void
test_simultaneous_refused (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariant) variant = bs_variant_new_for_module ("tribes", &error);
  g_autoptr(BsRuleset) rs = NULL;
  g_autofree BsPosition *pos = NULL;
  BsAlphaBetaParams params = { .max_depth = 2 };
  BsAlphaBetaResult result;

  if (variant == NULL)
    {
      g_test_skip ("no tribes module");
      return;
    }
  rs = bs_ruleset_new (variant, &error);
  g_assert_no_error (error);
  pos = bs_ruleset_new_position (rs, 1);
  g_assert_false (bs_alpha_beta_run (rs, pos, &params, NULL, &result, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/alphabeta/win-in-one", test_win_in_one);
  g_test_add_func ("/alphabeta/defend-loss-in-one", test_defend_loss_in_one);
  g_test_add_func ("/alphabeta/table-same-value", test_table_same_value);
  g_test_add_func ("/alphabeta/params", test_params_parse);
  g_test_add_func ("/alphabeta/principal-variation", test_principal_variation);
  g_test_add_func ("/alphabeta/threads", test_threads);
  g_test_add_func ("/alphabeta/table-deeper-cut", test_table_deeper_cut);
  g_test_add_func ("/alphabeta/reductions", test_reductions);
  g_test_add_func ("/alphabeta/reductions-undeclared", test_reductions_undeclared);
  g_test_add_func ("/alphabeta/simultaneous-refused", test_simultaneous_refused);
  g_test_add_func ("/alphabeta/table-declared", test_table_declared);
  g_test_add_func ("/evaluation/breakthrough-features", test_features);
  g_test_add_func ("/evaluation/symmetric", test_features_symmetric);
  g_test_add_func ("/evaluation/agoraphobia-features", test_features_agoraphobia);
  g_test_add_func ("/evaluation/abrobad-features", test_features_abrobad);
  g_test_add_func ("/evaluation/ikabegama-features", test_features_ikabegama);
  g_test_add_func ("/evaluation/astoria-features", test_features_astoria);
  g_test_add_func ("/alphabeta/quiescence-exchange", test_quiescence_exchange);
  g_test_add_func ("/alphabeta/quiescence-choice", test_quiescence_choice);
  g_test_add_func ("/alphabeta/quiescence-bounded", test_quiescence_bounded);
  return g_test_run ();
}
