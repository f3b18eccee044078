/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-audit-agoraphobia.c: an independent audit of Agoraphobia against the
 * seed text (000) and RULES.md: positions worked out by hand, and a naive
 * reimplementation of legality, pushing and scoring compared with the
 * module over thousands of random positions.
 *
 * Hex geometry (CLI.md): cell (col, row), label letter = col, number =
 * row + 1; the neighbours of (c, r) are E (c+1, r), NE (c+1, r+1),
 * NW (c, r+1), W (c-1, r), SW (c-1, r-1), SE (c, r-1). So d4 = (3, 3) and
 * e3 = (4, 2) are NOT neighbours (they would be diagonal on a square
 * board), while d4 and e5 are. */

#include "config.h"

#include <string.h>

#include "audit-util.h"
#include "bs-rng.h"

#define SMALL 0
#define LARGE 1

static BsRuleset *
agora (const char * const *settings)
{
  return au_ruleset ("agoraphobia", settings, NULL, NULL, NULL);
}

static void
set_supply (BsPosition *pos, int player, int small, int large)
{
  pos->supply[player - 1][SMALL] = (guint16) small;
  pos->supply[player - 1][LARGE] = (guint16) large;
}

/* Only immediately adjacent pieces count. Dark small on f4 alone, Light to
 * move past the opening. f4's neighbours and the direction a piece placed
 * there pushes f4, with the free cells beyond:
 *   g4 → W: e4 d4 (2)     g5 → SW: e3 d2 (2)     f5 → SE: f3 f2 (2)
 *   e4 → E: g4, then off (1)   e3 → NE: g5, then off (1)
 *   f3 → NW: f5 f6 (2)
 * d4 is two cells from f4 and pushes nothing. */
static void
test_only_adjacent (void)
{
  g_autoptr(BsRuleset) rs = agora (NULL);
  g_autofree BsPosition *pos = au_position (rs, "f4=2S", 2, 1);
  g_autofree char *moves = au_moves (rs, pos);

  g_assert_cmpstr (moves, ==, "L@f3 L@f5 L@g4 L@g5 S@e3 S@e4 S@f3 S@f5 S@g4 S@g5");
  g_assert_false (au_is_legal (rs, pos, "S@d4"));
  g_assert_false (au_is_legal (rs, pos, "L@e4"));
}

/* No chain: L@c4 next to d4 (Dark) with e4 (Light) right behind it: d4
 * cannot move and e4 is not adjacent to c4, so neither moves. c5 (Dark) is
 * c4's NW neighbour with c6 and c7 free: it goes two cells to c7, which
 * makes the placement legal. Alone, the blocked d4 makes it illegal. */
static void
test_no_chain (void)
{
  g_autoptr(BsRuleset) rs = agora (NULL);
  g_autofree BsPosition *blocked = au_position (rs, "d4=2S e4=1S", 2, 1);
  g_autofree BsPosition *pos = au_position (rs, "d4=2S e4=1S c5=2S", 2, 1);

  g_assert_false (au_is_legal (rs, blocked, "L@c4"));
  g_assert_false (au_is_legal (rs, blocked, "S@c4"));
  au_play (rs, pos, "L@c4");
  au_assert_pieces (rs, pos, "c4=1L d4=2S e4=1S c7=2S");
  g_assert_cmpint (pos->supply[0][LARGE], ==, 4);
}

/* A large placement on d4 pushing three neighbours of both owners: e4 (E,
 * f4 g4 free) goes two cells to g4; d5 (NW, d6 free, d7 occupied) goes one
 * cell to d6; c3 (SW, b2 occupied) stays. Legal because e4 moved two. */
static void
test_large_three_ways (void)
{
  g_autoptr(BsRuleset) rs = agora (NULL);
  g_autofree BsPosition *pos = au_position (rs, "b2=1S c3=2S e4=1S d5=2L d7=1S", 2, 1);

  au_play (rs, pos, "L@d4");
  au_assert_pieces (rs, pos, "b2=1S c3=2S d4=1L g4=1S d6=2L d7=1S");
  g_assert_cmpint (pos->to_move, ==, 2);
}

/* Corners and edges: a piece in the corner a1 or g1 can only be pushed off
 * the board (every neighbour lies on the inner side), so alone it gives no
 * legal placement. a4 on the west edge is pushed along the edge from a3
 * (NW: a5 a6) and from a5 (SE: a3 a2); from b4 (W) and b5 (SW) it would
 * leave the board. */
static void
test_corners_and_edges (void)
{
  g_autoptr(BsRuleset) rs = agora (NULL);
  g_autofree BsPosition *corner1 = au_position (rs, "a1=2S", 2, 1);
  g_autofree BsPosition *corner2 = au_position (rs, "g1=2L", 2, 1);
  g_autofree BsPosition *edge = au_position (rs, "a4=2S", 2, 1);
  g_autofree char *none1 = au_moves (rs, corner1);
  g_autofree char *none2 = au_moves (rs, corner2);
  g_autofree char *moves = au_moves (rs, edge);

  g_assert_cmpstr (none1, ==, "");
  g_assert_cmpstr (none2, ==, "");
  g_assert_cmpstr (moves, ==, "L@a3 L@a5 S@a3 S@a5");
}

/* Ends the game from a hand-built position: free placements (option 20)
 * so that Light's last small piece on the isolated g7 pushes nothing, and
 * Dark has nothing left, so Dark cannot place and the game ends. */
static BsResult
finish (const BsRuleset *rs,
        const char      *pieces,
        int              scores[2])
{
  g_autofree BsPosition *pos = au_position (rs, pieces, 4, 1);

  set_supply (pos, 1, 1, 0);
  set_supply (pos, 2, 0, 0);
  au_play (rs, pos, "S@g7");
  g_assert_true (bs_position_is_over (pos));
  bs_ruleset_scores (rs, pos, scores);
  return (BsResult) pos->result;
}

/* Light d4 e3 (not neighbours: two groups of 1) + g7; Dark a1 b2 (b2 is
 * a1's NE neighbour: one group of 2). Dark's largest group is larger:
 * Dark loses. */
static void
test_score_hex_adjacency (void)
{
  const char *sets[] = { "opening-free-placements=20", NULL };
  g_autoptr(BsRuleset) rs = agora (sets);
  int scores[2];

  g_assert_cmpint (finish (rs, "d4=1S e3=1S a1=2S b2=2S", scores), ==, BS_RESULT_WIN_1);
  g_assert_cmpint (scores[0], ==, 1);
  g_assert_cmpint (scores[1], ==, 2);
}

/* Equal largest groups: Light {d4 e5} (2) and g7: two groups; Dark a1
 * large (2), a7, g1: three groups. More groups wins: Dark. Without g1 both
 * have two groups: a draw. */
static void
test_score_tie_breaks (void)
{
  const char *sets[] = { "opening-free-placements=20", NULL };
  g_autoptr(BsRuleset) rs = agora (sets);
  int scores[2];

  g_assert_cmpint (finish (rs, "d4=1S e5=1S a1=2L a7=2S g1=2S", scores), ==, BS_RESULT_WIN_2);
  g_assert_cmpint (scores[0], ==, 2);
  g_assert_cmpint (scores[1], ==, 2);
  g_assert_cmpint (finish (rs, "d4=1S e5=1S a1=2L a7=2S", scores), ==, BS_RESULT_DRAW);
}

/* The weight of a large piece decides: Light b6 large + c6 small (E
 * neighbours) and g7; Dark e2 f2 g2 in a row (3). With weight 2 Light's
 * group is 3: equal, and Light has more groups (2 against 1): Light wins.
 * With weight 3 Light's group is 4 > 3: Light loses, whatever the groups. */
static void
test_score_large_weight (void)
{
  const char *w2[] = { "opening-free-placements=20", NULL };
  const char *w3[] = { "opening-free-placements=20", "large-weight=3", NULL };
  g_autoptr(BsRuleset) rs2 = agora (w2);
  g_autoptr(BsRuleset) rs3 = agora (w3);
  const char *pieces = "b6=1L c6=1S e2=2S f2=2S g2=2S";
  int scores[2];

  g_assert_cmpint (finish (rs2, pieces, scores), ==, BS_RESULT_WIN_1);
  g_assert_cmpint (scores[0], ==, 3);
  g_assert_cmpint (finish (rs3, pieces, scores), ==, BS_RESULT_WIN_2);
  g_assert_cmpint (scores[0], ==, 4);
  g_assert_cmpint (scores[1], ==, 3);
}

/* The game ends when the player to move cannot place any remaining piece,
 * even with pieces left: with push-large = 6 on a 7-cell line a large
 * piece never has six free cells beyond its neighbour, so Dark, holding
 * only large pieces, cannot place after Light's S@c4 (which pushes d4 to
 * e4). Light {c4}; Dark {e4} {a7}: equal largest, Dark more groups. */
static void
test_end_with_pieces_left (void)
{
  const char *sets[] = { "push-large=6", NULL };
  g_autoptr(BsRuleset) rs = agora (sets);
  g_autofree BsPosition *pos = au_position (rs, "d4=2S a7=2S", 2, 1);

  set_supply (pos, 1, 1, 3);
  set_supply (pos, 2, 0, 5);
  g_assert_false (au_is_legal (rs, pos, "L@c4"));
  au_play (rs, pos, "S@c4");
  au_assert_pieces (rs, pos, "c4=1S e4=2S a7=2S");
  g_assert_true (bs_position_is_over (pos));
  g_assert_cmpint (pos->result, ==, BS_RESULT_WIN_2);
  g_assert_cmpint (pos->supply[1][LARGE], ==, 5);
}

/* Each kind has its own distance (rules-decisions.md), even reversed:
 * push-small = 2, push-large = 1. f4 alone: S@e4 would push f4 east to g4
 * and then off (one cell): illegal for a small piece, legal for a large. */
static void
test_reversed_distances (void)
{
  const char *sets[] = { "push-small=2", "push-large=1", NULL };
  g_autoptr(BsRuleset) rs = agora (sets);
  g_autofree BsPosition *pos = au_position (rs, "f4=2S", 2, 1);

  g_assert_false (au_is_legal (rs, pos, "S@e4"));
  g_assert_true (au_is_legal (rs, pos, "L@e4"));
  au_play (rs, pos, "L@e4");
  au_assert_pieces (rs, pos, "e4=1L g4=2S");
}

/* The free opening: ply 0 any of 49 cells × 2 kinds; Light S@d4; ply 1
 * Dark may place anywhere too and S@e4 (free) still pushes d4 west to c4;
 * ply 2 is not free: Light's placements must push c4 or e4. */
static void
test_opening (void)
{
  g_autoptr(BsRuleset) rs = agora (NULL);
  g_autofree BsPosition *pos = bs_ruleset_new_position (rs, 0);
  g_autofree BsMove *moves = g_new (BsMove, rs->max_moves);

  g_assert_cmpuint (bs_ruleset_generate (rs, pos, moves), ==, 98);
  au_play (rs, pos, "S@d4");
  g_assert_cmpuint (bs_ruleset_generate (rs, pos, moves), ==, 96);
  au_play (rs, pos, "S@e4");
  au_assert_pieces (rs, pos, "c4=1S e4=2S");
  g_assert_false (au_is_legal (rs, pos, "S@a7"));
  /* b4 is c4's W neighbour: it pushes c4 east to d4. */
  g_assert_true (au_is_legal (rs, pos, "S@b4"));
  /* d4 lies between them: c4 goes west to b4 and a4, e4 east to f4 g4. */
  au_play (rs, pos, "L@d4");
  au_assert_pieces (rs, pos, "a4=1S d4=1L g4=2S");
}

/* ---- the naive reimplementation ---- */

static const int hex_dc[6] = { 1, 1, 0, -1, -1, 0 };
static const int hex_dr[6] = { 0, 1, 1, 0, -1, -1 };

typedef struct {
  const BsRuleset *rs;
  int col[BS_MAX_CELLS], row[BS_MAX_CELLS];
} Geo;

static void
geo_init (Geo *g, const BsRuleset *rs)
{
  g->rs = rs;
  for (int c = 0; c < rs->n_cells; c++)
    {
      g->col[c] = bs_board_cell_col (rs->board, c);
      g->row[c] = bs_board_cell_row (rs->board, c);
    }
}

/* The cell k steps from c along d, or -1 (off the board or a hole). */
static int
geo_step (const Geo *g, int c, int d, int k)
{
  return au_at (g->rs, g->col[c] + k * hex_dc[d], g->row[c] + k * hex_dr[d]);
}

static int
naive_distance (const BsRuleset *rs, int kind)
{
  int small = bs_module_option_index (rs->module, "push-small");
  int large = bs_module_option_index (rs->module, "push-large");

  return rs->options[kind == LARGE ? large : small];
}

static gboolean
naive_legal (const Geo *g, const BsPosition *pos, const guint8 *cells, int cell, int kind)
{
  const BsRuleset *rs = g->rs;
  int free_plies = rs->options[bs_module_option_index (rs->module, "opening-free-placements")];
  int dist = naive_distance (rs, kind);

  if (cells[cell] != 0 || pos->supply[pos->to_move - 1][kind] == 0)
    return FALSE;
  if ((int) pos->ply < free_plies)
    return TRUE;
  for (int d = 0; d < 6; d++)
    {
      int n = geo_step (g, cell, d, 1);
      gboolean all = n >= 0 && cells[n] != 0;

      for (int k = 2; all && k <= dist + 1; k++)
        {
          int m = geo_step (g, cell, d, k);
          all = m >= 0 && cells[m] == 0;
        }
      if (all)
        return TRUE;
    }
  return FALSE;
}

static void
naive_apply (const Geo *g, guint8 *cells, int cell, int kind, int player)
{
  int dist = naive_distance (g->rs, kind);

  cells[cell] = BS_CELL_MAKE (player, kind, 0);
  for (int d = 0; d < 6; d++)
    {
      int n = geo_step (g, cell, d, 1), k = 0;

      if (n < 0 || cells[n] == 0)
        continue;
      while (k < dist)
        {
          int m = geo_step (g, cell, d, k + 2);
          if (m < 0 || cells[m] != 0)
            break;
          k++;
        }
      if (k > 0)
        {
          cells[geo_step (g, cell, d, k + 1)] = cells[n];
          cells[n] = 0;
        }
    }
}

/* Largest weighted group and number of groups, by repeated relabelling:
 * every cell starts as its own label, neighbours of one owner take the
 * smaller label until nothing changes. */
static void
naive_groups (const Geo *g, const guint8 *cells, int largest[2], int groups[2])
{
  const BsRuleset *rs = g->rs;
  int weight = rs->options[bs_module_option_index (rs->module, "large-weight")];
  int label[BS_MAX_CELLS], size[BS_MAX_CELLS];
  gboolean changed = TRUE;

  for (int c = 0; c < rs->n_cells; c++)
    label[c] = c;
  while (changed)
    {
      changed = FALSE;
      for (int c = 0; c < rs->n_cells; c++)
        for (int d = 0; d < 6 && cells[c] != 0; d++)
          {
            int n = geo_step (g, c, d, 1);
            if (n >= 0 && cells[n] != 0
                && BS_CELL_OWNER (cells[n]) == BS_CELL_OWNER (cells[c]) && label[n] < label[c])
              {
                label[c] = label[n];
                changed = TRUE;
              }
          }
    }
  memset (size, 0, sizeof size);
  largest[0] = largest[1] = groups[0] = groups[1] = 0;
  for (int c = 0; c < rs->n_cells; c++)
    if (cells[c] != 0)
      {
        size[label[c]] += BS_CELL_KIND (cells[c]) == LARGE ? weight : 1;
        if (label[c] == c)
          groups[BS_CELL_OWNER (cells[c]) - 1]++;
      }
  for (int c = 0; c < rs->n_cells; c++)
    if (cells[c] != 0 && label[c] == c)
      {
        int p = BS_CELL_OWNER (cells[c]) - 1;
        largest[p] = MAX (largest[p], size[c]);
      }
}

static BsResult
naive_result (const Geo *g, const guint8 *cells)
{
  int largest[2], groups[2];

  naive_groups (g, cells, largest, groups);
  if (largest[0] != largest[1])
    return largest[0] < largest[1] ? BS_RESULT_WIN_1 : BS_RESULT_WIN_2;
  if (groups[0] != groups[1])
    return groups[0] > groups[1] ? BS_RESULT_WIN_1 : BS_RESULT_WIN_2;
  return BS_RESULT_DRAW;
}

static gboolean
naive_any_legal (const Geo *g, const BsPosition *pos, const guint8 *cells)
{
  for (int c = 0; c < g->rs->n_cells; c++)
    for (int k = 0; k < 2; k++)
      if (naive_legal (g, pos, cells, c, k))
        return TRUE;
  return FALSE;
}

static void
cross_check (const char * const *settings,
             const char * const *holes,
             int                 n_positions,
             guint64             seed)
{
  g_autoptr(BsRuleset) rs = au_ruleset ("agoraphobia", settings, holes, NULL, NULL);
  g_autofree BsMove *moves = g_new (BsMove, rs->max_moves);
  g_autofree Geo *g = g_new0 (Geo, 1);
  BsRng rng;
  guint checked_moves = 0, ended = 0;

  geo_init (g, rs);
  bs_rng_init (&rng, seed);
  for (int i = 0; i < n_positions; i++)
    {
      g_autofree BsPosition *pos = au_position (rs, NULL, bs_rng_below (&rng, 5),
                                                1 + (int) bs_rng_below (&rng, 2));
      guint8 expected_legal[BS_MAX_CELLS][2];
      guint n, n_expected = 0;
      int density = 1 + (int) bs_rng_below (&rng, 8);

      for (int c = 0; c < rs->n_cells; c++)
        if ((int) bs_rng_below (&rng, 10) < density)
          bs_position_set_cell (rs->zobrist, pos, c,
                                BS_CELL_MAKE (1 + bs_rng_below (&rng, 2),
                                              bs_rng_below (&rng, 2), 0), NULL);
      for (int p = 1; p <= 2; p++)
        set_supply (pos, p, (int) bs_rng_below (&rng, 3), (int) bs_rng_below (&rng, 3));

      for (int c = 0; c < rs->n_cells; c++)
        for (int k = 0; k < 2; k++)
          {
            expected_legal[c][k] = (guint8) naive_legal (g, pos, pos->cells, c, k);
            n_expected += expected_legal[c][k];
          }
      n = bs_ruleset_generate (rs, pos, moves);
      g_assert_cmpuint (n, ==, n_expected);
      for (guint m = 0; m < n; m++)
        {
          g_autofree BsPosition *after = bs_position_dup (rs, pos);
          g_autofree char *text = bs_ruleset_format_move (rs, pos, moves[m]);
          int cell = au_cell (rs, text + 2);
          int kind = text[0] == 'L' ? LARGE : SMALL;
          guint8 cells[BS_MAX_CELLS];

          g_assert_true (expected_legal[cell][kind]);
          memcpy (cells, pos->cells, (gsize) rs->n_cells);
          naive_apply (g, cells, cell, kind, pos->to_move);
          au_apply_undoable (rs, pos, after, moves[m]);
          g_assert_cmpmem (after->cells, rs->n_cells, cells, rs->n_cells);
          g_assert_cmpint (after->supply[pos->to_move - 1][kind], ==,
                           pos->supply[pos->to_move - 1][kind] - 1);
          if (naive_any_legal (g, after, cells))
            g_assert_cmpint (after->result, ==, BS_RESULT_ONGOING);
          else
            {
              g_assert_cmpint (after->result, ==, naive_result (g, cells));
              ended++;
            }
          {
            int largest[2], groups[2], scores[2];
            naive_groups (g, cells, largest, groups);
            bs_ruleset_scores (rs, after, scores);
            g_assert_cmpint (scores[0], ==, largest[0]);
            g_assert_cmpint (scores[1], ==, largest[1]);
          }
          checked_moves++;
        }
    }
  g_test_message ("%u moves checked, %u ended the game", checked_moves, ended);
  g_assert_cmpuint (checked_moves, >, (guint) n_positions);
  g_assert_cmpuint (ended, >, 0);
}

/* Random games from the start, free opening included: at every ply the
 * module's placements are the naive ones, and a finished game has the
 * naive result. */
static void
playouts (const char * const *settings,
          int                 n_games,
          guint64             seed)
{
  g_autoptr(BsRuleset) rs = au_ruleset ("agoraphobia", settings, NULL, NULL, NULL);
  g_autofree BsMove *moves = g_new (BsMove, rs->max_moves);
  g_autofree BsMove *scratch = g_new (BsMove, rs->max_moves);
  g_autofree Geo *g = g_new0 (Geo, 1);
  BsRng rng;
  guint plies = 0;

  geo_init (g, rs);
  bs_rng_init (&rng, seed);
  for (int game = 0; game < n_games; game++)
    {
      g_autofree BsPosition *pos = bs_ruleset_new_position (rs, 0);

      while (!bs_position_is_over (pos))
        {
          guint n = bs_ruleset_generate (rs, pos, moves), expected = 0;

          for (int c = 0; c < rs->n_cells; c++)
            for (int k = 0; k < 2; k++)
              expected += naive_legal (g, pos, pos->cells, c, k);
          g_assert_cmpuint (n, ==, expected);
          for (guint m = 0; m < n; m++)
            {
              g_autofree char *text = bs_ruleset_format_move (rs, pos, moves[m]);
              g_assert_true (naive_legal (g, pos, pos->cells, au_cell (rs, text + 2),
                                          text[0] == 'L' ? LARGE : SMALL));
            }
          bs_ruleset_apply (rs, pos, bs_ruleset_random_move (rs, pos, &rng, scratch), NULL);
          plies++;
        }
      g_assert_false (naive_any_legal (g, pos, pos->cells));
      g_assert_cmpint (pos->result, ==, naive_result (g, pos->cells));
    }
  g_test_message ("%u plies", plies);
}

static void
test_cross_check_rhombus (void)
{
  cross_check (NULL, NULL, 3000, 11);
  playouts (NULL, 300, 16);
}

static void
test_cross_check_hexagon_bitboard (void)
{
  const char *sets[] = { "shape=hexagon", "size=4", "large-weight=3", NULL };
  const char *holes[] = { "d4", "b1", NULL };

  cross_check (sets, holes, 2000, 12);
}

static void
test_cross_check_large_boards (void)
{
  const char *hexagon[] = { "shape=hexagon", "size=5", NULL };
  const char *limping[] = { "shape=limping", "size=4", "push-small=2", "push-large=3", NULL };
  const char *rhombus[] = { "shape=hex-rhombus", "width=9", "height=5",
                            "push-small=3", "push-large=1", NULL };
  const char *holes[] = { "e5", "c3", NULL };

  cross_check (hexagon, holes, 1000, 13);
  cross_check (limping, NULL, 1000, 14);
  cross_check (rhombus, NULL, 1000, 15);
  playouts (hexagon, 100, 17);
  playouts (limping, 100, 18);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/audit/agoraphobia/only-adjacent", test_only_adjacent);
  g_test_add_func ("/audit/agoraphobia/no-chain", test_no_chain);
  g_test_add_func ("/audit/agoraphobia/large-three-ways", test_large_three_ways);
  g_test_add_func ("/audit/agoraphobia/corners-and-edges", test_corners_and_edges);
  g_test_add_func ("/audit/agoraphobia/score/hex-adjacency", test_score_hex_adjacency);
  g_test_add_func ("/audit/agoraphobia/score/tie-breaks", test_score_tie_breaks);
  g_test_add_func ("/audit/agoraphobia/score/large-weight", test_score_large_weight);
  g_test_add_func ("/audit/agoraphobia/end/pieces-left", test_end_with_pieces_left);
  g_test_add_func ("/audit/agoraphobia/reversed-distances", test_reversed_distances);
  g_test_add_func ("/audit/agoraphobia/opening", test_opening);
  g_test_add_func ("/audit/agoraphobia/cross-check/rhombus", test_cross_check_rhombus);
  g_test_add_func ("/audit/agoraphobia/cross-check/hexagon-bitboard",
                   test_cross_check_hexagon_bitboard);
  g_test_add_func ("/audit/agoraphobia/cross-check/large-boards", test_cross_check_large_boards);

  return g_test_run ();
}
