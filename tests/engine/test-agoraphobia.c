/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-agoraphobia.c: Agoraphobia, from positions worked out by hand from
 * RULES.md.
 *
 * Hex geometry (bs-board.h, CLI.md): a cell is (column, row), columns run
 * up and to the left, so the six neighbours of (c, r) are
 *   E (c+1, r)   NE (c+1, r+1)   NW (c, r+1)
 *   W (c-1, r)   SW (c-1, r-1)   SE (c, r-1)
 * and on the 7×7 rhombus the rays from d4 = (3, 3) are
 *   E e4 f4 g4, NE e5 f6 g7, NW d5 d6 d7, W c4 b4 a4, SW c3 b2 a1, SE d3 d2 d1.
 * Positions are written "cell=KP": K the kind (S small, L large), P the
 * owner, listed in cell order (row by row from a1). */

#include "config.h"

#include <math.h>
#include <string.h>

#include "bs-error.h"
#include "bs-ruleset.h"
#include "bs-variant.h"

#define KIND_SMALL 0
#define KIND_LARGE 1

static BsRuleset *
make_ruleset_with_holes (const char * const *sets,
                         const char * const *holes)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariant) variant = bs_variant_new_for_module ("agoraphobia", &error);
  BsRuleset *rs;

  g_assert_no_error (error);
  for (guint i = 0; sets != NULL && sets[i] != NULL; i++)
    {
      g_auto(GStrv) kv = g_strsplit (sets[i], "=", 2);

      bs_variant_set (variant, kv[0], kv[1], &error);
      g_assert_no_error (error);
    }
  for (guint i = 0; holes != NULL && holes[i] != NULL; i++)
    {
      BsVariantHole hole = { g_strdup (holes[i]), 0 };

      g_array_append_val (variant->holes, hole);
    }
  rs = bs_ruleset_new (variant, &error);
  g_assert_no_error (error);
  return rs;
}

static BsRuleset *
make_ruleset (const char * const *sets)
{
  return make_ruleset_with_holes (sets, NULL);
}

static int
cell_of (const BsRuleset *rs,
         const char      *label)
{
  int cell = bs_board_find_cell (rs->board, label, NULL);

  g_assert_cmpint (cell, >=, 0);
  return cell;
}

/* Puts "S1@d4"-style pieces: a list "d4=S2 e4=L1". */
static void
put (const BsRuleset *rs,
     BsPosition      *pos,
     const char      *pieces)
{
  g_auto(GStrv) items = g_strsplit (pieces, " ", -1);

  for (guint i = 0; items[i] != NULL; i++)
    {
      const char *eq = strchr (items[i], '=');
      g_autofree char *label = NULL;
      int kind, owner;

      g_assert_nonnull (eq);
      label = g_strndup (items[i], (gsize) (eq - items[i]));
      kind = eq[1] == 'L' ? KIND_LARGE : KIND_SMALL;
      owner = eq[2] - '0';
      bs_position_set_cell (rs->zobrist, pos, cell_of (rs, label),
                            BS_CELL_MAKE (owner, kind, 0), NULL);
    }
}

static char *
describe (const BsRuleset  *rs,
          const BsPosition *pos)
{
  GString *out = g_string_new (NULL);

  for (int c = 0; c < rs->n_cells; c++)
    {
      guint8 v = pos->cells[c];

      if (v == BS_CELL_EMPTY)
        continue;
      if (out->len > 0)
        g_string_append_c (out, ' ');
      g_string_append_printf (out, "%s=%c%d", bs_board_cell_label (rs->board, c),
                              BS_CELL_KIND (v) == KIND_LARGE ? 'L' : 'S', BS_CELL_OWNER (v));
    }
  return g_string_free (out, FALSE);
}

static void
assert_position (const BsRuleset  *rs,
                 const BsPosition *pos,
                 const char       *expected)
{
  g_autofree char *actual = describe (rs, pos);

  g_assert_cmpstr (actual, ==, expected);
  g_assert_cmpuint (pos->hash, ==, bs_position_compute_cells_hash (rs, pos));
}

static BsMove
parse (const BsRuleset  *rs,
       const BsPosition *pos,
       const char       *text)
{
  g_autoptr(GError) error = NULL;
  BsMove move = 0;

  g_assert_true (rs->module->parse_move (rs, pos, text, &move, &error));
  g_assert_no_error (error);
  return move;
}

static gboolean
is_legal (const BsRuleset  *rs,
          const BsPosition *pos,
          const char       *text)
{
  g_autofree BsMove *moves = g_new (BsMove, rs->max_moves);
  BsMove move = parse (rs, pos, text);
  guint n = bs_ruleset_generate (rs, pos, moves);
  gboolean listed = FALSE;
  g_autofree char *why = bs_ruleset_explain (rs, pos, move);

  for (guint i = 0; i < n; i++)
    listed |= moves[i] == move;
  /* explain() and generate() must agree. */
  g_assert_true (listed == (why == NULL));
  return listed;
}

static void
assert_illegal (const BsRuleset  *rs,
                const BsPosition *pos,
                const char       *text,
                const char       *reason)
{
  g_autofree char *why = bs_ruleset_explain (rs, pos, parse (rs, pos, text));

  g_assert_false (is_legal (rs, pos, text));
  g_assert_cmpstr (why, ==, reason);
}

static void
play (const BsRuleset *rs,
      BsPosition      *pos,
      const char      *line)
{
  g_autoptr(GError) error = NULL;

  bs_ruleset_play_line (rs, pos, line, &error);
  g_assert_no_error (error);
}

/* A position past the free opening: ply 2, player 1 to move. */
static BsPosition *
midgame (const BsRuleset *rs,
         const char      *pieces)
{
  BsPosition *pos = bs_ruleset_new_position (rs, 0);

  pos->ply = 2;
  if (pieces != NULL)
    put (rs, pos, pieces);
  return pos;
}

/* The basic push: Dark small on d4; Light places small on c4, whose east
 * neighbour is d4; d4 is pushed east, one cell, to e4. */
static void
test_small_push (void)
{
  g_autoptr(BsRuleset) rs = make_ruleset (NULL);
  g_autofree BsPosition *pos = midgame (rs, "d4=S2");

  g_assert_true (is_legal (rs, pos, "S@c4"));
  play (rs, pos, "S@c4");
  assert_position (rs, pos, "c4=S1 e4=S2");
  g_assert_cmpint (pos->supply[0][KIND_SMALL], ==, 9);
  g_assert_cmpint (pos->supply[0][KIND_LARGE], ==, 5);
  g_assert_cmpint (pos->to_move, ==, 2);
  g_assert_cmpint (pos->ply, ==, 3);
}

/* A large piece on d4 with every kind of neighbour at once:
 *   E  e4 (Dark S): f4, g4 empty           → two cells, to g4 (an edge cell)
 *   NE e5 (Dark S): f6 empty, g7 occupied  → one cell, stops before g7, on f6
 *   NW d5 (Light S): d6, d7 empty          → two cells, to d7
 *   W  c4 (Dark L): b4 occupied            → does not move
 *   SW c3 (Light S): b2, a1 empty          → two cells, to a1
 *   SE d3: empty                           → nothing
 * b4 and g7 are not adjacent to d4: nothing is pushed in a chain. The
 * placement is legal (e4, d5, c3 move the full two cells) although f6 moves
 * one and c4 none. */
static void
test_large_push_all_directions (void)
{
  g_autoptr(BsRuleset) rs = make_ruleset (NULL);
  g_autofree BsPosition *pos =
    midgame (rs, "c3=S1 b4=S2 c4=L2 e4=S2 d5=S1 e5=S2 g7=S1");

  g_assert_true (is_legal (rs, pos, "L@d4"));
  play (rs, pos, "L@d4");
  assert_position (rs, pos, "a1=S1 b4=S2 c4=L2 d4=L1 g4=S2 f6=S2 d7=S1 g7=S1");
  g_assert_cmpint (pos->supply[0][KIND_LARGE], ==, 4);
  g_assert_cmpint (pos->supply[0][KIND_SMALL], ==, 10);
}

/* Blocked by a piece: Dark d4 and e4. A piece on c4 would push d4 east, but
 * e4 is occupied, and e4 is not adjacent to c4 so it is not pushed (no
 * chains): nothing moves, S@c4 and L@c4 are illegal. From the other side,
 * f4 would push e4 west into d4: illegal too. g4 has no occupied
 * neighbour. e5 is NE of d4 and NW of e4: it pushes d4 SW to c3 and e4 SE
 * to e3. */
static void
test_blocked_by_piece (void)
{
  g_autoptr(BsRuleset) rs = make_ruleset (NULL);
  g_autofree BsPosition *pos = midgame (rs, "d4=S2 e4=S2");

  assert_illegal (rs, pos, "S@c4", "a small piece on c4 would push no piece one cell");
  assert_illegal (rs, pos, "S@f4", "a small piece on f4 would push no piece one cell");
  assert_illegal (rs, pos, "L@c4", "a large piece on c4 would push no piece two cells");
  assert_illegal (rs, pos, "S@g4", "a small piece on g4 would push no piece one cell");
  play (rs, pos, "S@e5");
  assert_position (rs, pos, "c3=S2 e3=S2 e5=S1");
}

/* Blocked by the edge: Dark g4 stands on the east edge. A piece on f4 pushes
 * it east, off the board: it cannot move, so S@f4 is illegal. A piece on g3
 * (SE of g4) pushes it NW to g5: legal. */
static void
test_blocked_by_edge (void)
{
  g_autoptr(BsRuleset) rs = make_ruleset (NULL);
  g_autofree BsPosition *pos = midgame (rs, "g4=S2");

  assert_illegal (rs, pos, "S@f4", "a small piece on f4 would push no piece one cell");
  g_assert_true (is_legal (rs, pos, "S@g3"));
  play (rs, pos, "S@g3");
  assert_position (rs, pos, "g3=S1 g5=S2");
}

/* A large piece whose only neighbour can move one cell: Dark f4, a large
 * piece on e4 pushes it east: g4, then the edge. It would move one cell, not
 * two, so L@e4 is illegal; S@e4 is legal and moves f4 to g4. */
static void
test_large_only_one_cell (void)
{
  g_autoptr(BsRuleset) rs = make_ruleset (NULL);
  g_autofree BsPosition *pos = midgame (rs, "f4=S2");

  assert_illegal (rs, pos, "L@e4", "a large piece on e4 would push no piece two cells");
  play (rs, pos, "S@e4");
  assert_position (rs, pos, "e4=S1 g4=S2");
}

/* A large piece that moves a neighbour only one cell, legal because another
 * neighbour moves two: Dark f4 and Light d4; L@e4 by Light pushes f4 east
 * one cell (g4, then the edge) and d4 west two cells (c4, b4). */
static void
test_large_mixed_distances (void)
{
  g_autoptr(BsRuleset) rs = make_ruleset (NULL);
  g_autofree BsPosition *pos = midgame (rs, "d4=S1 f4=S2");

  g_assert_true (is_legal (rs, pos, "L@e4"));
  play (rs, pos, "L@e4");
  assert_position (rs, pos, "b4=S1 e4=L1 g4=S2");
}

/* A large piece stopped after one cell by a piece two cells away: Dark d4,
 * Light b4. L@e4 pushes d4 west to c4 and stops before b4: one cell only,
 * illegal. S@e4 moves d4 to c4. */
static void
test_large_stopped_by_piece (void)
{
  g_autoptr(BsRuleset) rs = make_ruleset (NULL);
  g_autofree BsPosition *pos = midgame (rs, "b4=S1 d4=S2");

  assert_illegal (rs, pos, "L@e4", "a large piece on e4 would push no piece two cells");
  play (rs, pos, "S@e4");
  assert_position (rs, pos, "b4=S1 c4=S2 e4=S1");
}

/* Holes stop a pushed piece like the edge. With a hole on c4, Dark d4 cannot
 * be pushed west from e4. With a hole on b4 instead, L@e4 would push d4
 * only to c4 (illegal for a large piece), S@e4 moves it there. */
static void
test_blocked_by_hole (void)
{
  const char * const hole_c4[] = { "c4", NULL };
  const char * const hole_b4[] = { "b4", NULL };
  g_autoptr(BsRuleset) rs1 = make_ruleset_with_holes (NULL, hole_c4);
  g_autoptr(BsRuleset) rs2 = make_ruleset_with_holes (NULL, hole_b4);
  g_autofree BsPosition *pos1 = midgame (rs1, "d4=S2");
  g_autofree BsPosition *pos2 = midgame (rs2, "d4=S2");
  g_autoptr(GError) error = NULL;
  BsMove move;

  assert_illegal (rs1, pos1, "S@e4", "a small piece on e4 would push no piece one cell");
  /* Pushed from c3 (SW of d4), it goes NE to e5: the hole is not on that ray. */
  play (rs1, pos1, "S@c3");
  assert_position (rs1, pos1, "c3=S1 e5=S2");

  assert_illegal (rs2, pos2, "L@e4", "a large piece on e4 would push no piece two cells");
  play (rs2, pos2, "S@e4");
  assert_position (rs2, pos2, "c4=S2 e4=S1");

  g_assert_false (rs1->module->parse_move (rs1, pos1, "S@c4", &move, &error));
  g_assert_error (error, BS_RULES_ERROR, BS_RULES_ERROR_MALFORMED);
  g_assert_nonnull (strstr (error->message, "hole"));
}

/* The distances are options: push-small 2, push-large 3.
 * - Dark d4; S@c4 pushes it east two cells: e4, f4.
 * - Dark f4; from e4 it can go one cell east (g4, then the edge): not two
 *   (small) nor three (large): both illegal.
 * - Dark c4, Light g4; L@b4 pushes c4 east: d4, e4, f4, stopping before g4
 *   after exactly three cells: legal. */
static void
test_push_distance_options (void)
{
  const char * const sets[] = { "push-small=2", "push-large=3", NULL };
  g_autoptr(BsRuleset) rs = make_ruleset (sets);
  g_autofree BsPosition *pos1 = midgame (rs, "d4=S2");
  g_autofree BsPosition *pos2 = midgame (rs, "f4=S2");
  g_autofree BsPosition *pos3 = midgame (rs, "c4=S2 g4=S1");

  play (rs, pos1, "S@c4");
  assert_position (rs, pos1, "c4=S1 f4=S2");
  assert_illegal (rs, pos2, "S@e4", "a small piece on e4 would push no piece two cells");
  assert_illegal (rs, pos2, "L@e4", "a large piece on e4 would push no piece three cells");
  play (rs, pos3, "L@b4");
  assert_position (rs, pos3, "b4=L1 f4=S2 g4=S1");
}

/* The module's declaration: the agreed option ids, ranges and defaults,
 * kinds and default supplies, the default board. */
static void
test_declaration (void)
{
  const BsModule *m = bs_module_find ("agoraphobia");
  const struct { const char *id; int min, max, def; } options[] = {
    { "push-small", 1, 6, 1 },
    { "push-large", 1, 6, 2 },
    { "opening-free-placements", 0, 20, 2 },
    { "large-weight", 1, 10, 2 },
    { "max-plies", 0, 100000, 0 },
  };

  g_assert_nonnull (m);
  g_assert_cmpuint (m->n_options, ==, G_N_ELEMENTS (options));
  for (guint i = 0; i < G_N_ELEMENTS (options); i++)
    {
      int index = bs_module_option_index (m, options[i].id);

      g_assert_cmpint (index, >=, 0);
      g_assert_cmpint (m->options[index].type, ==, BS_OPTION_INT);
      g_assert_cmpint (m->options[index].min, ==, options[i].min);
      g_assert_cmpint (m->options[index].max, ==, options[i].max);
      g_assert_cmpint (m->options[index].default_value, ==, options[i].def);
    }
  g_assert_cmpuint (m->n_kinds, ==, 2);
  g_assert_cmpstr (m->kinds[KIND_SMALL].id, ==, "small");
  g_assert_cmpint (m->kinds[KIND_SMALL].default_supply, ==, 10);
  g_assert_cmpstr (m->kinds[KIND_LARGE].id, ==, "large");
  g_assert_cmpint (m->kinds[KIND_LARGE].default_supply, ==, 5);
  g_assert_cmpint (m->default_board.shape, ==, BS_SHAPE_HEX_RHOMBUS);
  g_assert_cmpint (m->default_board.width, ==, 7);
  g_assert_cmpint (m->default_board.height, ==, 7);
}

/* The free opening (default 2 plies). On the empty 7×7 board every cell
 * takes either kind: 98 moves, then 96. Light takes a1 and Dark g7: both
 * are corners with three neighbours, and every push of them points off the
 * board (a1 from b1 goes W, from b2 SW, from a2 SE; g7 from f7 goes E, from
 * f6 NE, from g6 NW). So at ply 2 Light has no legal placement and the game
 * ends: largest groups 1 and 1, one group each: a draw. */
static void
test_free_opening_and_end (void)
{
  g_autoptr(BsRuleset) rs = make_ruleset (NULL);
  g_autofree BsPosition *pos = bs_ruleset_new_position (rs, 0);
  g_autofree BsMove *moves = g_new (BsMove, rs->max_moves);
  int scores[2];

  g_assert_cmpuint (bs_ruleset_generate (rs, pos, moves), ==, 98);
  play (rs, pos, "S@a1");
  g_assert_false (bs_position_is_over (pos));
  g_assert_cmpuint (bs_ruleset_generate (rs, pos, moves), ==, 96);
  play (rs, pos, "S@g7");
  g_assert_true (bs_position_is_over (pos));
  g_assert_cmpint (pos->result, ==, BS_RESULT_DRAW);
  bs_ruleset_scores (rs, pos, scores);
  g_assert_cmpint (scores[0], ==, 1);
  g_assert_cmpint (scores[1], ==, 1);
}

/* The same with a large piece on a1: Light's largest group weighs 2, Dark's
 * 1: the larger largest group loses, Dark wins. */
static void
test_free_opening_large_loses (void)
{
  g_autoptr(BsRuleset) rs = make_ruleset (NULL);
  g_autofree BsPosition *pos = bs_ruleset_new_position (rs, 0);
  int scores[2];

  play (rs, pos, "L@a1 S@g7");
  g_assert_cmpint (pos->result, ==, BS_RESULT_WIN_2);
  bs_ruleset_scores (rs, pos, scores);
  g_assert_cmpint (scores[0], ==, 2);
  g_assert_cmpint (scores[1], ==, 1);
}

/* Three free plies: ply 2 is still free (47 empty cells × 2 kinds). */
static void
test_three_free_placements (void)
{
  const char * const sets[] = { "opening-free-placements=3", NULL };
  g_autoptr(BsRuleset) rs = make_ruleset (sets);
  g_autofree BsPosition *pos = bs_ruleset_new_position (rs, 0);
  g_autofree BsMove *moves = g_new (BsMove, rs->max_moves);

  play (rs, pos, "S@a1 S@g7");
  g_assert_false (bs_position_is_over (pos));
  g_assert_cmpuint (bs_ruleset_generate (rs, pos, moves), ==, 94);
  /* Light's free S@d4 at ply 2; ply 3 is not free, and Dark's S@c4 is
   * legal because it pushes d4 east to e4. */
  play (rs, pos, "S@d4");
  g_assert_true (is_legal (rs, pos, "S@c4"));
  g_assert_false (is_legal (rs, pos, "S@a2"));
  play (rs, pos, "S@c4");
  assert_position (rs, pos, "a1=S1 c4=S2 e4=S1 g7=S2");
}

/* A free placement still pushes its neighbours: Light d4, Dark c4 at ply 1
 * pushes d4 to e4. */
static void
test_free_placement_pushes (void)
{
  g_autoptr(BsRuleset) rs = make_ruleset (NULL);
  g_autofree BsPosition *pos = bs_ruleset_new_position (rs, 0);

  play (rs, pos, "S@d4 S@c4");
  assert_position (rs, pos, "c4=S2 e4=S1");
}

/* No free placement: on the empty board the first player cannot place, and
 * the game is over before it starts (0 against 0, no groups: a draw). */
static void
test_no_free_placement (void)
{
  const char * const sets[] = { "opening-free-placements=0", NULL };
  g_autoptr(BsRuleset) rs = make_ruleset (sets);
  g_autofree BsPosition *pos = bs_ruleset_new_position (rs, 0);

  g_assert_true (bs_position_is_over (pos));
  g_assert_cmpint (pos->result, ==, BS_RESULT_DRAW);
}

/* The end when the supply is empty: one small piece each. After S@d4 S@a1
 * Light has none left and the game ends: one group of 1 each, a draw. */
static void
test_end_when_supply_empty (void)
{
  const char * const sets[] = {
    "supply.1.small=1", "supply.1.large=0", "supply.2.small=1", "supply.2.large=0", NULL
  };
  g_autoptr(BsRuleset) rs = make_ruleset (sets);
  g_autofree BsPosition *pos = bs_ruleset_new_position (rs, 0);

  play (rs, pos, "S@d4");
  g_assert_false (bs_position_is_over (pos));
  play (rs, pos, "S@a1");
  g_assert_true (bs_position_is_over (pos));
  g_assert_cmpint (pos->result, ==, BS_RESULT_DRAW);
}

/* The end when the remaining pieces cannot be placed although the board
 * has room, on a 3×2 rhombus (a1 b1 c1 / a2 b2 c2; b1's neighbours are a1
 * W, c1 E, b2 NW, c2 NE; a2 and b1 are not adjacent).
 * Light opens on c2, Dark on b1 (both free plies; b1 pushes c2 NE, off the
 * board: it stays). At ply 2 Light must push:
 *   c2 can be pushed from b2 (east, off), c1 (NW, off): never;
 *   b1 from a1 east to c1 (one cell, then the edge), from c1 west to a1 (one
 *   cell), from b2 (SE, off): at most one cell.
 * So a small piece can go on a1 or c1, a large piece nowhere.
 * - Light with only large pieces left cannot place: the game ends at ply 2.
 *   Light's large c2 weighs 2, Dark's b1 1: Light's group is larger, Dark
 *   wins.
 * - Light with a small piece has S@a1 and S@c1. After S@a1 (b1 → c1) Dark
 *   must place on b1 (its neighbours a1, c1, c2 would all go off the
 *   board), a2 (a1 would go SE, off) or b2 (c2 east, a1 SW: off): nothing
 *   is legal and the game ends on Dark's turn. Light a1 and c2 (not
 *   adjacent: two groups of 1), Dark c1 (one group of 1): equal largest
 *   groups, Light has more groups and wins. */
static void
test_end_cannot_place (void)
{
  const char * const sets_large[] = {
    "width=3", "height=2", "supply.1.small=0", "supply.1.large=3", NULL
  };
  const char * const sets_small[] = {
    "width=3", "height=2", "supply.1.small=2", "supply.1.large=3", NULL
  };
  g_autoptr(BsRuleset) rs = make_ruleset (sets_large);
  g_autoptr(BsRuleset) rs_small = make_ruleset (sets_small);
  g_autofree BsPosition *pos = bs_ruleset_new_position (rs, 0);
  g_autofree BsPosition *pos_small = bs_ruleset_new_position (rs_small, 0);
  g_autofree BsMove *moves = g_new (BsMove, rs_small->max_moves);
  g_autoptr(GString) text = g_string_new (NULL);
  guint n;

  assert_illegal (rs, pos, "S@a1", "you have no small pieces left");
  play (rs, pos, "L@c2");
  play (rs, pos, "S@b1");
  assert_position (rs, pos, "b1=S2 c2=L1");
  g_assert_true (bs_position_is_over (pos));
  g_assert_cmpint (pos->result, ==, BS_RESULT_WIN_2);

  play (rs_small, pos_small, "S@c2 S@b1");
  g_assert_false (bs_position_is_over (pos_small));
  n = bs_ruleset_generate (rs_small, pos_small, moves);
  for (guint i = 0; i < n; i++)
    {
      if (i > 0)
        g_string_append_c (text, ' ');
      rs_small->module->format_move (rs_small, pos_small, moves[i], text);
    }
  g_assert_cmpstr (text->str, ==, "S@a1 S@c1");
  assert_illegal (rs_small, pos_small, "L@a1", "a large piece on a1 would push no piece two cells");
  assert_illegal (rs_small, pos_small, "L@c1", "a large piece on c1 would push no piece two cells");

  play (rs_small, pos_small, "S@a1");
  assert_position (rs_small, pos_small, "a1=S1 c1=S2 c2=S1");
  g_assert_true (bs_position_is_over (pos_small));
  g_assert_cmpint (pos_small->result, ==, BS_RESULT_WIN_1);
}

/* Scoring at the end. Light has one small piece left and Dark none; Light
 * plays it on a4, pushing Dark's b4 east to c4 (a4's other neighbours a3,
 * a5, b5 are empty), and Dark, to move with nothing to place, ends the
 * game. Both new pieces stand alone: a4 is one more Light group of 1, c4
 * one more Dark group of 1. Light's pieces are in rows 1-2, Dark's in row
 * 7, so they never touch. */
static BsRuleset *
scoring_ruleset (int large_weight)
{
  g_autofree char *weight = g_strdup_printf ("large-weight=%d", large_weight);
  const char * const sets[] = {
    "supply.1.small=1", "supply.1.large=0", "supply.2.small=0", "supply.2.large=0",
    weight, NULL
  };

  return make_ruleset (sets);
}

static BsResult
finish (const BsRuleset *rs,
        BsPosition      *pos,
        int              scores[2])
{
  play (rs, pos, "S@a4");
  g_assert_true (bs_position_is_over (pos));
  bs_ruleset_scores (rs, pos, scores);
  return pos->result;
}

/* The seed text's example: two large and one small piece in a group weigh
 * 5. Light: a1 L, b1 L, c1 S in a row (E neighbours): 5. Dark: a7 b7 c7 d7
 * small: 4, plus b4 (pushed to c4 by the last move, alone: 1).
 * Light's last small piece lands on a4, alone: Light's groups 5 and 1.
 * Light's largest group is larger: Light loses. */
static void
test_score_seed_example (void)
{
  g_autoptr(BsRuleset) rs = scoring_ruleset (2);
  g_autofree BsPosition *pos =
    midgame (rs, "a1=L1 b1=L1 c1=S1 b4=S2 a7=S2 b7=S2 c7=S2 d7=S2");
  int scores[2];

  g_assert_cmpint (finish (rs, pos, scores), ==, BS_RESULT_WIN_2);
  assert_position (rs, pos, "a1=L1 b1=L1 c1=S1 a4=S1 c4=S2 a7=S2 b7=S2 c7=S2 d7=S2");
  g_assert_cmpint (scores[0], ==, 5);
  g_assert_cmpint (scores[1], ==, 4);
}

/* The weight is an option: with large-weight 1 the same group weighs 3,
 * Dark's 4 is larger and Dark loses. */
static void
test_score_weight_option (void)
{
  g_autoptr(BsRuleset) rs = scoring_ruleset (1);
  g_autofree BsPosition *pos =
    midgame (rs, "a1=L1 b1=L1 c1=S1 b4=S2 a7=S2 b7=S2 c7=S2 d7=S2");
  int scores[2];

  g_assert_cmpint (finish (rs, pos, scores), ==, BS_RESULT_WIN_1);
  g_assert_cmpint (scores[0], ==, 3);
  g_assert_cmpint (scores[1], ==, 4);
}

/* First tie-break: equal largest groups, more groups wins. Light: a1 L +
 * b1 S (3) and, after the last move, a4 (1): two groups. Dark: a7 b7 c7
 * (3), g7 (1, its neighbours f7 f6 g6 are empty) and c4 (1): three groups.
 * Largest 3 = 3; Dark has more groups and wins. */
static void
test_score_tie_more_groups (void)
{
  g_autoptr(BsRuleset) rs = scoring_ruleset (2);
  g_autofree BsPosition *pos = midgame (rs, "a1=L1 b1=S1 b4=S2 a7=S2 b7=S2 c7=S2 g7=S2");
  int scores[2];

  g_assert_cmpint (finish (rs, pos, scores), ==, BS_RESULT_WIN_2);
  g_assert_cmpint (scores[0], ==, 3);
  g_assert_cmpint (scores[1], ==, 3);
}

/* Second tie-break: equal largest groups and equal numbers of groups is a
 * draw. Also checks that
 * cells touching only "diagonally" on the rhombus are not adjacent: Light's
 * f2 (5,1) and g1 (6,0) differ by (+1, -1), which is no hex direction, so
 * they are two groups, not one. */
static void
test_score_tie_draw (void)
{
  g_autoptr(BsRuleset) rs = scoring_ruleset (2);
  g_autofree BsPosition *pos =
    midgame (rs, "a1=L1 b1=S1 g1=S1 f2=S1 b4=S2 a7=S2 b7=S2 c7=S2 e7=S2 g7=S2");
  int scores[2];

  /* Light: {a1 b1} 3, {g1} 1, {f2} 1, {a4} 1 → 4 groups, largest 3.
   * Dark: {a7 b7 c7} 3, {e7} 1, {g7} 1, {c4} 1 → 4 groups, largest 3. */
  g_assert_cmpint (finish (rs, pos, scores), ==, BS_RESULT_DRAW);
  g_assert_cmpint (scores[0], ==, 3);
  g_assert_cmpint (scores[1], ==, 3);
}

/* max-plies ends the game as a draw although moves remain: S@d4, S@c4
 * (d4 → e4), S@f4 (e4 west → d4): three plies. */
static void
test_max_plies (void)
{
  const char * const sets[] = { "max-plies=3", NULL };
  g_autoptr(BsRuleset) rs = make_ruleset (sets);
  g_autofree BsPosition *pos = bs_ruleset_new_position (rs, 0);

  play (rs, pos, "S@d4 S@c4");
  g_assert_false (bs_position_is_over (pos));
  play (rs, pos, "S@f4");
  assert_position (rs, pos, "c4=S2 d4=S1 f4=S1");
  g_assert_true (bs_position_is_over (pos));
  g_assert_cmpint (pos->result, ==, BS_RESULT_DRAW);
}

static void
test_explain (void)
{
  const char * const sets[] = { "supply.1.large=0", NULL };
  g_autoptr(BsRuleset) rs = make_ruleset (sets);
  g_autofree BsPosition *pos = midgame (rs, "d4=S2");

  assert_illegal (rs, pos, "S@d4", "d4 is occupied");
  assert_illegal (rs, pos, "L@c4", "you have no large pieces left");
  assert_illegal (rs, pos, "S@a7", "a small piece on a7 would push no piece one cell");
  g_assert_null (bs_ruleset_explain (rs, pos, parse (rs, pos, "S@c4")));
}

static void
test_notation (void)
{
  g_autoptr(BsRuleset) rs = make_ruleset (NULL);
  g_autofree BsPosition *pos = bs_ruleset_new_position (rs, 0);
  g_autofree BsMove *moves = g_new (BsMove, rs->max_moves);
  const char * const bad[] = { "", "d4", "X@d4", "S d4", "S@", "S@z9", "S@d44", "s@d4", "S@@d4" };
  guint n;

  n = bs_ruleset_generate (rs, pos, moves);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GString) text = g_string_new (NULL);

      rs->module->format_move (rs, pos, moves[i], text);
      g_assert_cmpuint (parse (rs, pos, text->str), ==, moves[i]);
    }
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;
      BsMove move;

      g_assert_false (bs_ruleset_parse_move (rs, pos, bad[i], &move, &error));
      g_assert_error (error, BS_RULES_ERROR, BS_RULES_ERROR_MALFORMED);
      g_assert_nonnull (strstr (error->message, bad[i]));
    }
}

/* generate() (grid bit sets) against the module's
 * explain() (which walks the neighbour table): a (cell, kind) is generated
 * exactly when explain finds nothing wrong with it. */
static void
assert_generate_matches_explain (const BsRuleset  *rs,
                                 const BsPosition *pos,
                                 const BsMove     *moves,
                                 guint             n)
{
  guint listed = 0;

  for (int c = 0; c < rs->n_cells; c++)
    for (int k = 0; k < 2; k++)
      {
        BsMove move = (BsMove) c | ((BsMove) k << 12);
        g_autofree char *why = rs->module->explain (rs, pos, move);
        gboolean in_list = FALSE;

        for (guint i = 0; i < n; i++)
          in_list |= moves[i] == move;
        if (in_list != (why == NULL))
          g_error ("%s: generated %d, explain says %s",
                   bs_ruleset_format_move (rs, pos, move), in_list, why ? why : "legal");
        listed += in_list;
      }
  g_assert_cmpuint (listed, ==, n);
}

/* Random playouts on several boards and options: undo restores the bytes
 * and the hash; pieces are never removed, so on-board + supply stays the
 * starting total; the hash is the recomputed one; the generated moves are
 * exactly those explain() accepts; every random move is one of them; every
 * game ends within the pieces available. */
static void
run_playouts (const char * const *sets,
              const char * const *holes,
              int                 games)
{
  g_autoptr(BsRuleset) rs = make_ruleset_with_holes (sets, holes);
  g_autofree BsMove *moves = g_new (BsMove, rs->max_moves);
  g_autofree BsMove *scratch = g_new (BsMove, rs->max_moves);
  g_autofree BsPosition *before = bs_ruleset_new_position (rs, 0);
  BsUndo *undo = bs_undo_new (rs);
  BsRng rng;
  int total[2];

  bs_rng_init (&rng, 12345);
  for (int p = 0; p < 2; p++)
    total[p] = before->supply[p][0] + before->supply[p][1]
               + before->on_board[p][0] + before->on_board[p][1];

  for (int g = 0; g < games; g++)
    {
      g_autofree BsPosition *pos = bs_ruleset_new_position (rs, (guint64) g);
      guint plies = 0;

      while (!bs_position_is_over (pos))
        {
          guint n = bs_ruleset_generate (rs, pos, moves);
          BsMove move;

          g_assert_cmpuint (n, >, 0);
          if (g % 4 == 0)
            assert_generate_matches_explain (rs, pos, moves, n);
          if (g % 2 == 0)
            move = moves[bs_rng_below (&rng, n)];
          else
            {
              move = bs_ruleset_random_move (rs, pos, &rng, scratch);
              g_assert_true (bs_ruleset_is_legal (rs, pos, move, scratch));
            }
          bs_position_copy (rs, before, pos);
          bs_ruleset_apply (rs, pos, move, undo);
          g_assert_cmpuint (pos->hash, ==, bs_position_compute_cells_hash (rs, pos));
          for (int p = 0; p < 2; p++)
            g_assert_cmpint (pos->supply[p][0] + pos->supply[p][1]
                             + pos->on_board[p][0] + pos->on_board[p][1], ==, total[p]);
          bs_ruleset_undo (rs, pos, undo);
          g_assert_true (bs_position_equal (rs, pos, before));
          g_assert_cmpuint (bs_position_hash (rs, pos), ==, bs_position_hash (rs, before));
          bs_ruleset_apply (rs, pos, move, undo);
          plies++;
          g_assert_cmpuint (plies, <=, (guint) (total[0] + total[1]));
        }
    }
  bs_undo_free (undo);
}

static void
test_playouts (void)
{
  const char * const rhombus[] = { NULL };
  const char * const hexagon[] = { "shape=hexagon", "size=4", "push-large=3", NULL };
  const char * const limping[] = {
    "shape=limping", "size=3", "supply.1.large=9", "supply.2.small=3", NULL
  };
  const char * const odd[] = {
    "width=9", "height=5", "push-small=2", "push-large=1", "large-weight=5",
    "opening-free-placements=5", NULL
  };
  /* Bit sets of more than one 64-bit word. */
  const char * const big_hexagon[] = { "shape=hexagon", "size=5", "push-large=4", NULL };
  const char * const big_rhombus[] = {
    "width=11", "height=9", "supply.1.small=20", "supply.2.large=12", NULL
  };
  const char * const holes[] = { "d4", "b6", NULL };
  const char * const big_holes[] = { "e5", "a1", "c7", NULL };

  run_playouts (rhombus, NULL, 300);
  run_playouts (rhombus, holes, 200);
  run_playouts (hexagon, NULL, 200);
  run_playouts (limping, NULL, 200);
  run_playouts (odd, NULL, 200);
  run_playouts (big_hexagon, NULL, 100);
  run_playouts (big_hexagon, big_holes, 100);
  run_playouts (big_rhombus, NULL, 100);
}

/* random_move is exactly uniform over generate's moves: a chi-square test
 * with 200 expected draws per move; with k moves the statistic has mean
 * k - 1 and standard deviation sqrt(2(k - 1)): 6 deviations above the mean
 * fails (fixed seeds keep it reproducible). Every draw must be a generated
 * move and every move must be drawn. */
static void
check_uniform (const BsRuleset  *rs,
               const BsPosition *pos,
               guint64           seed)
{
  g_autofree BsMove *moves = g_new (BsMove, rs->max_moves);
  g_autofree BsMove *scratch = g_new (BsMove, rs->max_moves);
  g_autoptr(GHashTable) index = g_hash_table_new (NULL, NULL);
  g_autofree guint *counts = NULL;
  guint n = bs_ruleset_generate (rs, pos, moves);
  double chi2 = 0.0, limit;
  BsRng rng;

  g_assert_cmpuint (n, >, 1);
  counts = g_new0 (guint, n);
  for (guint i = 0; i < n; i++)
    g_hash_table_insert (index, GUINT_TO_POINTER (moves[i] + 1), GUINT_TO_POINTER (i + 1));
  bs_rng_init (&rng, seed);
  for (guint d = 0; d < 200 * n; d++)
    {
      BsMove move = bs_ruleset_random_move (rs, pos, &rng, scratch);
      guint i = GPOINTER_TO_UINT (g_hash_table_lookup (index, GUINT_TO_POINTER (move + 1)));

      g_assert_cmpuint (i, >, 0);
      counts[i - 1]++;
    }
  for (guint i = 0; i < n; i++)
    {
      g_assert_cmpuint (counts[i], >, 0);
      chi2 += (counts[i] - 200.0) * (counts[i] - 200.0) / 200.0;
    }
  limit = (n - 1) + 6.0 * sqrt (2.0 * (n - 1));
  g_test_message ("%u moves, chi-square %.1f (limit %.1f)", n, chi2, limit);
  g_assert_cmpfloat (chi2, <, limit);
}

static void
test_random_move_uniform (void)
{
  const char * const big[] = { "shape=hexagon", "size=5", NULL };
  const char * const no_small[] = { "supply.1.small=0", NULL };
  g_autoptr(BsRuleset) rs = make_ruleset (NULL);
  g_autoptr(BsRuleset) rs_big = make_ruleset (big);
  g_autoptr(BsRuleset) rs_large = make_ruleset (no_small);
  /* Small and large moves, several pieces (bitboard path). */
  g_autofree BsPosition *pos = midgame (rs, "c3=S1 b4=S2 c4=L2 e4=S2 d5=S1 e5=S2 g7=S1");
  /* Large pieces only. */
  g_autofree BsPosition *pos_large = midgame (rs_large, "c3=S1 e4=S2 d5=S1");
  /* The neighbour-table path on a hexagon of side 5. */
  g_autofree BsPosition *pos_big = midgame (rs_big, "e5=S1 d4=S2 f6=L2 a1=S1");
  /* The free opening: every empty cell, both kinds. */
  g_autofree BsPosition *pos_free = bs_ruleset_new_position (rs, 0);

  check_uniform (rs, pos, 1);
  check_uniform (rs_large, pos_large, 2);
  check_uniform (rs_big, pos_big, 3);
  check_uniform (rs, pos_free, 4);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/agoraphobia/push/small", test_small_push);
  g_test_add_func ("/agoraphobia/push/large-all-directions", test_large_push_all_directions);
  g_test_add_func ("/agoraphobia/push/blocked-by-piece", test_blocked_by_piece);
  g_test_add_func ("/agoraphobia/push/blocked-by-edge", test_blocked_by_edge);
  g_test_add_func ("/agoraphobia/push/blocked-by-hole", test_blocked_by_hole);
  g_test_add_func ("/agoraphobia/push/large-only-one-cell", test_large_only_one_cell);
  g_test_add_func ("/agoraphobia/push/large-mixed-distances", test_large_mixed_distances);
  g_test_add_func ("/agoraphobia/push/large-stopped-by-piece", test_large_stopped_by_piece);
  g_test_add_func ("/agoraphobia/opening/free-and-end", test_free_opening_and_end);
  g_test_add_func ("/agoraphobia/opening/large-loses", test_free_opening_large_loses);
  g_test_add_func ("/agoraphobia/opening/three-free", test_three_free_placements);
  g_test_add_func ("/agoraphobia/opening/free-pushes", test_free_placement_pushes);
  g_test_add_func ("/agoraphobia/opening/none", test_no_free_placement);
  g_test_add_func ("/agoraphobia/end/supply-empty", test_end_when_supply_empty);
  g_test_add_func ("/agoraphobia/end/cannot-place", test_end_cannot_place);
  g_test_add_func ("/agoraphobia/end/max-plies", test_max_plies);
  g_test_add_func ("/agoraphobia/score/seed-example", test_score_seed_example);
  g_test_add_func ("/agoraphobia/score/weight-option", test_score_weight_option);
  g_test_add_func ("/agoraphobia/score/tie-more-groups", test_score_tie_more_groups);
  g_test_add_func ("/agoraphobia/score/tie-draw", test_score_tie_draw);
  g_test_add_func ("/agoraphobia/push/distance-options", test_push_distance_options);
  g_test_add_func ("/agoraphobia/declaration", test_declaration);
  g_test_add_func ("/agoraphobia/explain", test_explain);
  g_test_add_func ("/agoraphobia/notation", test_notation);
  g_test_add_func ("/agoraphobia/playouts", test_playouts);
  g_test_add_func ("/agoraphobia/random-move-uniform", test_random_move_uniform);

  return g_test_run ();
}
