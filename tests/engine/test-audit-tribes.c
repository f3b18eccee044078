/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-audit-tribes.c: an independent audit of Tribes against the seed
 * text (001) and RULES.md: rounds worked out by hand, the setup, and a
 * naive resolution of random rounds compared with the module.
 *
 * Square board, a1 south-west; cells are numbered row by row from a1, so
 * the pieces below are listed a1 b1 … e1, a2 … e5. A round is written
 * "player 1's orders;player 2's orders", c3-c3 defending. */

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "audit-util.h"
#include "bs-error.h"
#include "bs-rng.h"

static BsRuleset *
tribes (const char * const *settings)
{
  return au_ruleset ("tribes", settings, NULL, NULL, NULL);
}

/* Plays one round on a hand-built position (ply 0, step 0). */
static BsPosition *
round_from (const BsRuleset *rs,
            const char      *pieces,
            const char      *orders)
{
  BsPosition *pos = au_position (rs, pieces, 0, 1);
  g_autoptr(GError) error = NULL;

  bs_ruleset_play_turn (rs, pos, orders, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (pos->ply, ==, 1);
  return pos;
}

/* Pointing along a diagonal: a1 moves NE to b2 while b2 moves E to c2.
 * a1 points at b2, which is adjacent (diagonally): b2 is attacked and dies.
 * Nothing points at a1 and b2's piece is a mover, not a defender: a1 lives
 * and takes b2. Player 2 has no piece left: player 1 wins. */
static void
test_diagonal_attack (void)
{
  g_autoptr(BsRuleset) rs = tribes (NULL);
  g_autofree BsPosition *pos = round_from (rs, "a1=1 b2=2", "a1-b2;b2-c2");

  au_assert_pieces (rs, pos, "b2=1");
  g_assert_cmpint (pos->result, ==, BS_RESULT_WIN_1);
}

/* Crossing paths are not attacks: a1→b2 and b1→a2 cross but neither
 * points at the other's cell, and they end on different cells. Both live,
 * nothing is removed, so the game ends: one piece each, a draw. */
static void
test_crossing_paths (void)
{
  g_autoptr(BsRuleset) rs = tribes (NULL);
  g_autofree BsPosition *pos = round_from (rs, "a1=1 b1=2", "a1-b2;b1-a2");

  au_assert_pieces (rs, pos, "a2=2 b2=1");
  g_assert_cmpint (pos->result, ==, BS_RESULT_DRAW);
}

/* A follows B, which runs into a defender: a1 (1) → a2, a2 (2) → a3, a3
 * (1) defends, e5 (2) → e4. a2 is attacked by a1: dead. a1 is not attacked
 * and a2 holds a mover: a1 lives and takes a2. a3 is attacked (by the dead
 * a2, which still points): it lives. e4 is empty and nothing points at
 * e5: e5 moves. One piece removed: the game goes on. */
static void
test_follow_into_vacated_cell (void)
{
  g_autoptr(BsRuleset) rs = tribes (NULL);
  g_autofree BsPosition *pos = round_from (rs, "a1=1 a3=1 a2=2 e5=2",
                                           "a1-a2,a3-a3;a2-a3,e5-e4");

  au_assert_pieces (rs, pos, "a2=1 a3=1 e4=2");
  g_assert_cmpint (pos->result, ==, BS_RESULT_ONGOING);
}

/* Owners do not matter: b3 (1) attacks its own defender c3: c3 is attacked
 * and lives, b3 moves into a defender and dies. d1 (1) defends unattacked
 * and starves. e5 (2) moves to e4 and lives. */
static void
test_own_colour (void)
{
  g_autoptr(BsRuleset) rs = tribes (NULL);
  g_autofree BsPosition *pos = round_from (rs, "d1=1 b3=1 c3=1 e5=2",
                                           "b3-c3,c3-c3,d1-d1;e5-e4");

  au_assert_pieces (rs, pos, "c3=1 e4=2");
  g_assert_cmpint (pos->result, ==, BS_RESULT_ONGOING);
  g_assert_cmpint (bs_position_pieces (pos, 1), ==, 1);
}

/* Two living movers meet on a cell vacated by a dying piece: a1 (1) → b1,
 * b1 (2) → c1, c2 (2) → b1 (diagonal). b1 is attacked: dead. a1 and c2 are
 * not attacked and b1 holds a mover: both live and land on b1, where both
 * are removed. e5 (1) → e4 and a5 (2) → b5 live. */
static void
test_collision_on_vacated_cell (void)
{
  g_autoptr(BsRuleset) rs = tribes (NULL);
  g_autofree BsPosition *pos = round_from (rs, "a1=1 b1=2 c2=2 a5=2 e5=1",
                                           "a1-b1,e5-e4;b1-c1,c2-b1,a5-b5");

  au_assert_pieces (rs, pos, "e4=1 b5=2");
  g_assert_cmpint (pos->result, ==, BS_RESULT_ONGOING);
}

/* A diagonal swap kills both (each is attacked by the other), and d2 (2)
 * attacking the defender e1 (1) dies while e1 lives. Player 2 has nothing
 * left: player 1 wins with e1. */
static void
test_diagonal_swap (void)
{
  g_autoptr(BsRuleset) rs = tribes (NULL);
  g_autofree BsPosition *pos = round_from (rs, "e1=1 d2=2 c3=1 d4=2",
                                           "c3-d4,e1-e1;d4-c3,d2-e1");

  au_assert_pieces (rs, pos, "e1=1");
  g_assert_cmpint (pos->result, ==, BS_RESULT_WIN_1);
}

/* A round without removal ends the game: a1→a2, c1→c2 (1), e5→e4 (2):
 * nobody is attacked, no collision. Player 1 has more pieces: wins. And a
 * plain swap a1↔b1 of the last two pieces: both die, nobody has pieces:
 * both lose, a draw. */
static void
test_no_removal_and_both_lose (void)
{
  g_autoptr(BsRuleset) rs = tribes (NULL);
  g_autofree BsPosition *quiet = round_from (rs, "a1=1 c1=1 e5=2", "a1-a2,c1-c2;e5-e4");
  g_autofree BsPosition *swap = round_from (rs, "a1=1 b1=2", "a1-b1;b1-a1");

  au_assert_pieces (rs, quiet, "a2=1 c2=1 e4=2");
  g_assert_cmpint (quiet->result, ==, BS_RESULT_WIN_1);
  au_assert_pieces (rs, swap, "");
  g_assert_cmpint (swap->result, ==, BS_RESULT_DRAW);
}

/* With 4-adjacency a diagonal step is no order, and a diagonal neighbour
 * pointing elsewhere cannot matter: b2 (2) defends next to a1 (1) → a2;
 * nothing points at b2 orthogonally, so b2 starves; a1 lives. */
static void
test_adjacency_4 (void)
{
  const char *sets[] = { "adjacency=4", NULL };
  g_autoptr(BsRuleset) rs = tribes (sets);
  g_autofree BsPosition *start = au_position (rs, "a1=1 b2=2", 0, 1);
  g_autoptr(GError) error = NULL;
  g_autofree BsPosition *pos = NULL;

  g_assert_false (bs_ruleset_play_turn (rs, start, "a1-b2;b2-b2", &error));
  g_assert_error (error, BS_RULES_ERROR, BS_RULES_ERROR_ILLEGAL);
  pos = round_from (rs, "a1=1 b2=2", "a1-a2;b2-b2");
  au_assert_pieces (rs, pos, "a2=1");
  g_assert_cmpint (pos->result, ==, BS_RESULT_WIN_1);
}

/* The setup: every cell but the centre filled from the bag, the centre (file
 * ⌈W/2⌉, rank ⌈H/2⌉) empty, unused pieces dropped. */
static void
check_setup (const char * const *sets,
             const char         *centre,
             int                 expected_total,
             guint64             seed)
{
  g_autoptr(BsRuleset) rs = tribes (sets);
  g_autofree BsPosition *pos = bs_ruleset_new_position (rs, seed);
  int c = au_cell (rs, centre);

  g_assert_cmpint (pos->cells[c], ==, BS_CELL_EMPTY);
  for (int i = 0; i < rs->n_cells; i++)
    if (i != c)
      g_assert_cmpint (pos->cells[i], !=, BS_CELL_EMPTY);
  g_assert_cmpint (bs_position_pieces (pos, 1) + bs_position_pieces (pos, 2), ==,
                   expected_total);
  g_assert_cmpint (pos->supply[0][0] + pos->supply[1][0], ==, 0);
}

static void
test_setup (void)
{
  const char *more[] = { "supply.1.piece=13", "supply.2.piece=13", NULL };
  const char *six[] = { "width=6", "height=6", "supply.1.piece=18",
                        "supply.2.piece=17", NULL };
  const char *four[] = { "width=4", "height=4", "supply.1.piece=8",
                         "supply.2.piece=7", NULL };
  const char *one_sided[] = { "supply.1.piece=24", "supply.2.piece=0", NULL };
  g_autoptr(BsRuleset) rs = tribes (one_sided);
  g_autofree BsPosition *pos = bs_ruleset_new_position (rs, 3);

  for (guint64 seed = 0; seed < 20; seed++)
    {
      check_setup (NULL, "c3", 24, seed);
      check_setup (more, "c3", 24, seed);
      check_setup (six, "c3", 35, seed);
      check_setup (four, "b2", 15, seed);
    }
  /* Player 2 has no piece: player 1 has won before the first round. */
  g_assert_cmpint (bs_position_pieces (pos, 1), ==, 24);
  g_assert_cmpint (pos->result, ==, BS_RESULT_WIN_1);
}

/* ---- the naive resolution ---- */

typedef struct {
  int x, y;       /* the piece */
  int dx, dy;     /* its order; 0, 0 defends */
  int owner;
} Order;

static gboolean
naive_adjacent (int adjacency, int dx, int dy)
{
  if (dx == 0 && dy == 0)
    return FALSE;
  if (adjacency == 4)
    return abs (dx) + abs (dy) == 1;
  return abs (dx) <= 1 && abs (dy) <= 1;
}

/* The text's steps 1-5 and the end conditions, literally. */
static BsResult
naive_round (int w, int h, int adjacency, const Order *orders, int n, int *grid)
{
  gboolean living[BS_MAX_CELLS];
  int count[BS_MAX_CELLS], owner[BS_MAX_CELLS];
  int n1 = 0, n2 = 0;

  for (int i = 0; i < n; i++)
    {
      const Order *o = &orders[i];
      int tx = o->x + o->dx, ty = o->y + o->dy;
      gboolean attacked = FALSE, defender_there = FALSE;

      for (int j = 0; j < n; j++)
        {
          const Order *a = &orders[j];
          if (j != i && naive_adjacent (adjacency, o->x - a->x, o->y - a->y)
              && (a->dx != 0 || a->dy != 0)
              && a->x + a->dx == o->x && a->y + a->dy == o->y)
            attacked = TRUE;
          if (a->x == tx && a->y == ty && a->dx == 0 && a->dy == 0)
            defender_there = TRUE;
        }
      if (o->dx == 0 && o->dy == 0)
        living[i] = attacked;
      else
        living[i] = !attacked && !defender_there;
    }
  memset (count, 0, sizeof count);
  for (int i = 0; i < n; i++)
    if (living[i])
      {
        int t = (orders[i].y + orders[i].dy) * w + orders[i].x + orders[i].dx;
        count[t]++;
        owner[t] = orders[i].owner;
      }
  for (int c = 0; c < w * h; c++)
    {
      grid[c] = count[c] == 1 ? owner[c] : 0;
      n1 += grid[c] == 1;
      n2 += grid[c] == 2;
    }
  if (n1 == 0 && n2 == 0)
    return BS_RESULT_DRAW;
  if (n1 == 0)
    return BS_RESULT_WIN_2;
  if (n2 == 0)
    return BS_RESULT_WIN_1;
  if (n1 + n2 == n)
    return n1 > n2 ? BS_RESULT_WIN_1 : n2 > n1 ? BS_RESULT_WIN_2 : BS_RESULT_DRAW;
  return BS_RESULT_ONGOING;
}

/* Gives every piece of pos a random order (from rng), plays the round
 * through the module and checks it against naive_round. Returns whether
 * a piece was removed. */
static gboolean
check_round (const BsRuleset *rs,
             BsPosition      *pos,
             BsRng           *rng)
{
  const BsBoardSpec *spec = bs_board_get_spec (rs->board);
  int w = spec->width, h = spec->height, adjacency = spec->adjacency;
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  Order orders[BS_MAX_CELLS];
  int grid[BS_MAX_CELLS];
  int n = 0;
  BsResult expected;

  /* Orders, player 1's pieces then player 2's. */
  for (int p = 1; p <= 2; p++)
    {
      gboolean first = TRUE;

      if (p == 2)
        g_string_append_c (text, ';');
      for (int c = 0; c < w * h; c++)
        {
          Order *o;
          int tx, ty;

          if (pos->cells[c] == 0 || BS_CELL_OWNER (pos->cells[c]) != p)
            continue;
          o = &orders[n++];
          o->x = c % w;
          o->y = c / w;
          o->owner = p;
          do
            {
              o->dx = (int) bs_rng_below (rng, 3) - 1;
              o->dy = (int) bs_rng_below (rng, 3) - 1;
              if (bs_rng_below (rng, 4) == 0)
                o->dx = o->dy = 0;
              tx = o->x + o->dx;
              ty = o->y + o->dy;
            }
          while (tx < 0 || tx >= w || ty < 0 || ty >= h
                 || (adjacency == 4 && o->dx != 0 && o->dy != 0));
          g_string_append_printf (text, "%s%c%d-%c%d", first ? "" : ",",
                                  'a' + o->x, o->y + 1, 'a' + tx, ty + 1);
          first = FALSE;
        }
    }
  expected = naive_round (w, h, adjacency, orders, n, grid);
  bs_ruleset_play_turn (rs, pos, text->str, &error);
  g_assert_no_error (error);
  for (int c = 0; c < w * h; c++)
    g_assert_cmpint (BS_CELL_OWNER (pos->cells[c]), ==, grid[c]);
  g_assert_cmpint (pos->result, ==, expected);
  g_assert_cmpuint (pos->hash, ==, bs_position_compute_cells_hash (rs, pos));
  return bs_position_pieces (pos, 1) + bs_position_pieces (pos, 2) < n;
}

/* Random boards, one random round each. */
static void
cross_check (const char * const *sets,
             int                 n_rounds,
             guint64             seed)
{
  g_autoptr(BsRuleset) rs = tribes (sets);
  BsRng rng;
  guint removals = 0, ended = 0;

  bs_rng_init (&rng, seed);
  for (int r = 0; r < n_rounds; r++)
    {
      g_autofree BsPosition *pos = au_position (rs, NULL, 0, 1);
      int density = 3 + (int) bs_rng_below (&rng, 7);

      for (int c = 0; c < rs->n_cells; c++)
        if ((int) bs_rng_below (&rng, 10) < density)
          bs_position_set_cell (rs->zobrist, pos, c,
                                BS_CELL_MAKE (1 + bs_rng_below (&rng, 2), 0, 0), NULL);
      if (bs_position_pieces (pos, 1) == 0 || bs_position_pieces (pos, 2) == 0)
        continue;
      removals += check_round (rs, pos, &rng);
      ended += bs_position_is_over (pos);
    }
  g_test_message ("%u rounds with removals, %u ended the game", removals, ended);
  g_assert_cmpuint (removals, >, 0);
  g_assert_cmpuint (ended, >, 0);
}

/* Whole games from the bag draw of each seed, every round checked. */
static void
playouts (const char * const *sets,
          int                 n_games)
{
  g_autoptr(BsRuleset) rs = tribes (sets);
  BsRng rng;
  guint rounds = 0;

  bs_rng_init (&rng, 99);
  for (int game = 0; game < n_games; game++)
    {
      g_autofree BsPosition *pos = bs_ruleset_new_position (rs, (guint64) game);

      while (!bs_position_is_over (pos))
        {
          check_round (rs, pos, &rng);
          rounds++;
        }
    }
  g_test_message ("%d games, %u rounds", n_games, rounds);
}

static void
test_cross_check (void)
{
  const char *big[] = { "width=7", "height=6", "supply.1.piece=30", "supply.2.piece=30", NULL };
  const char *four[] = { "adjacency=4", NULL };
  const char *tiny[] = { "width=2", "height=2", NULL };

  cross_check (NULL, 4000, 21);
  cross_check (big, 2000, 22);
  cross_check (four, 2000, 23);
  cross_check (tiny, 2000, 24);
  playouts (NULL, 500);
  playouts (big, 200);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/audit/tribes/diagonal-attack", test_diagonal_attack);
  g_test_add_func ("/audit/tribes/crossing-paths", test_crossing_paths);
  g_test_add_func ("/audit/tribes/follow-into-vacated-cell", test_follow_into_vacated_cell);
  g_test_add_func ("/audit/tribes/own-colour", test_own_colour);
  g_test_add_func ("/audit/tribes/collision-on-vacated-cell", test_collision_on_vacated_cell);
  g_test_add_func ("/audit/tribes/diagonal-swap", test_diagonal_swap);
  g_test_add_func ("/audit/tribes/no-removal-and-both-lose", test_no_removal_and_both_lose);
  g_test_add_func ("/audit/tribes/adjacency-4", test_adjacency_4);
  g_test_add_func ("/audit/tribes/setup", test_setup);
  g_test_add_func ("/audit/tribes/cross-check", test_cross_check);

  return g_test_run ();
}
