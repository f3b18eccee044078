/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The reveal screen's account of a Tribes round (bs-tribes-round.c), on
 * rounds worked out by hand from the rules in RULES.md:
 *   attacked = some piece points at the cell;
 *   defender: lives if attacked, dies if not;
 *   mover: dies if attacked, else dies if its target holds a defender,
 *   else lives; then living movers arrive and crowded cells empty. */

#include "config.h"

#include <string.h>

#include "bs-board.h"
#include "bs-tribes-round.h"

#define P1 BS_CELL_MAKE (1, 0, 0)
#define P2 BS_CELL_MAKE (2, 0, 0)

typedef struct {
  BsBoard *board;
  int      n_cells;
  guint8   cells[9];
  gint16   targets[9];
} Round;

static int
cell (Round      *round,
      const char *label)
{
  int c = bs_board_find_cell (round->board, label, NULL);

  g_assert_cmpint (c, !=, BS_NO_CELL);
  return c;
}

static void
round_init (Round *round)
{
  BsBoardSpec spec = { .shape = BS_SHAPE_SQUARE, .width = 3, .height = 3, .adjacency = 8 };
  g_autoptr(GError) error = NULL;

  round->board = bs_board_new (&spec, NULL, &error);
  g_assert_no_error (error);
  round->n_cells = bs_board_n_cells (round->board);
  g_assert_cmpint (round->n_cells, ==, 9);
  for (int c = 0; c < 9; c++)
    {
      round->cells[c] = BS_CELL_EMPTY;
      round->targets[c] = BS_NO_CELL;
    }
}

static void
order (Round      *round,
       guint8      piece,
       const char *from,
       const char *to)
{
  round->cells[cell (round, from)] = piece;
  round->targets[cell (round, from)] = (gint16) cell (round, to);
}

/* a1 → b1 while b1 → b2 (a chase), c1 and a3 defend unattacked, c3 → b3.
 * a1: nobody points at a1; its target b1 holds a mover, not a defender:
 *     lives and ends on b1.
 * b1: a1 points at it, and it moves: dies, attacked from a1.
 * c1, a3: defenders nobody attacks: die.
 * c3: not attacked, b3 empty: lives, ends on b3. */
static void
test_chase_and_starving_defenders (void)
{
  Round round;
  BsTribesFate fates[9];
  gint16 attackers[9];
  guint8 after[9];
  const char *names[2] = { "Red", "Blue" };
  g_autofree char *text = NULL;

  round_init (&round);
  order (&round, P1, "a1", "b1");
  order (&round, P2, "b1", "b2");
  order (&round, P1, "c1", "c1");
  order (&round, P2, "a3", "a3");
  order (&round, P1, "c3", "b3");

  bs_tribes_round_resolve (9, round.cells, round.targets, fates, attackers, after);
  g_assert_cmpint (fates[cell (&round, "a1")], ==, BS_TRIBES_FATE_MOVED);
  g_assert_cmpint (fates[cell (&round, "b1")], ==, BS_TRIBES_FATE_ATTACKED_MOVING);
  g_assert_cmpint (attackers[cell (&round, "b1")], ==, cell (&round, "a1"));
  g_assert_cmpint (fates[cell (&round, "c1")], ==, BS_TRIBES_FATE_UNATTACKED);
  g_assert_cmpint (fates[cell (&round, "a3")], ==, BS_TRIBES_FATE_UNATTACKED);
  g_assert_cmpint (fates[cell (&round, "c3")], ==, BS_TRIBES_FATE_MOVED);
  g_assert_cmpint (fates[cell (&round, "b2")], ==, BS_TRIBES_FATE_NONE);

  for (int c = 0; c < 9; c++)
    {
      const char *label = bs_board_cell_label (round.board, c);
      guint8 expected = BS_CELL_EMPTY;

      if (g_str_equal (label, "b1"))
        expected = P1;   /* a1's piece */
      else if (g_str_equal (label, "b3"))
        expected = P1;   /* c3's piece */
      g_assert_cmpuint (after[c], ==, expected);
    }

  text = bs_tribes_round_describe (round.board, round.cells, round.targets, fates, attackers,
                                   names);
  g_assert_cmpstr (text, ==,
                   "Attacked while moving: Blue b1 (from a1)\n"
                   "Defended, but nobody attacked: Red c1 · Blue a3");
  bs_board_unref (round.board);
}

/* a1 → b2 and c1 → b2 (both unattacked, b2 empty: both "live", arrive
 * together and are removed), a3 defends and b3 → a3 attacks it.
 * a3: attacked: lives. b3: not attacked, but its target holds a
 * defender: dies. Only a3 is left. */
static void
test_collision_and_defender (void)
{
  Round round;
  BsTribesFate fates[9];
  gint16 attackers[9];
  guint8 after[9];
  const char *names[2] = { "Red", "Blue" };
  g_autofree char *text = NULL;

  round_init (&round);
  order (&round, P1, "a1", "b2");
  order (&round, P2, "c1", "b2");
  order (&round, P1, "a3", "a3");
  order (&round, P2, "b3", "a3");

  bs_tribes_round_resolve (9, round.cells, round.targets, fates, attackers, after);
  g_assert_cmpint (fates[cell (&round, "a1")], ==, BS_TRIBES_FATE_COLLIDED);
  g_assert_cmpint (fates[cell (&round, "c1")], ==, BS_TRIBES_FATE_COLLIDED);
  g_assert_cmpint (fates[cell (&round, "a3")], ==, BS_TRIBES_FATE_DEFENDED);
  g_assert_cmpint (fates[cell (&round, "b3")], ==, BS_TRIBES_FATE_INTO_DEFENDER);
  for (int c = 0; c < 9; c++)
    g_assert_cmpuint (after[c], ==, c == cell (&round, "a3") ? P1 : BS_CELL_EMPTY);

  text = bs_tribes_round_describe (round.board, round.cells, round.targets, fates, attackers,
                                   names);
  g_assert_cmpstr (text, ==,
                   "Ran into a defender: Blue b3 (on a3)\n"
                   "Collided: Red a1 (on b2) · Blue c1 (on b2)");
  bs_board_unref (round.board);
}

/* a1 → a2 and a2 → a1 try to swap: each points at the other, so each is
 * attacked while moving and both die. c1 defends and b1 → c1 attacks it:
 * the defender, attacked, lives; the mover (not attacked) dies because
 * its target holds a defender. */
static void
test_swap_dies (void)
{
  Round round;
  BsTribesFate fates[9];
  gint16 attackers[9];
  guint8 after[9];
  const char *names[2] = { "Red", "Blue" };
  g_autofree char *text = NULL;

  round_init (&round);
  order (&round, P1, "a1", "a2");
  order (&round, P2, "a2", "a1");
  order (&round, P1, "c1", "c1");
  order (&round, P2, "b1", "c1");

  bs_tribes_round_resolve (9, round.cells, round.targets, fates, attackers, after);
  g_assert_cmpint (fates[cell (&round, "a1")], ==, BS_TRIBES_FATE_ATTACKED_MOVING);
  g_assert_cmpint (fates[cell (&round, "a2")], ==, BS_TRIBES_FATE_ATTACKED_MOVING);
  g_assert_cmpint (fates[cell (&round, "c1")], ==, BS_TRIBES_FATE_DEFENDED);
  g_assert_cmpint (fates[cell (&round, "b1")], ==, BS_TRIBES_FATE_INTO_DEFENDER);
  for (int c = 0; c < 9; c++)
    g_assert_cmpuint (after[c], ==, c == cell (&round, "c1") ? P1 : BS_CELL_EMPTY);

  text = bs_tribes_round_describe (round.board, round.cells, round.targets, fates, attackers,
                                   names);
  g_assert_cmpstr (text, ==,
                   "Attacked while moving: Red a1 (from a2) · Blue a2 (from a1)\n"
                   "Ran into a defender: Blue b1 (on c1)");
  bs_board_unref (round.board);
}

static void
test_nobody_dies (void)
{
  Round round;
  BsTribesFate fates[9];
  gint16 attackers[9];
  const char *names[2] = { "Red", "Blue" };
  g_autofree char *text = NULL;

  /* b1 → b2 attacks nobody and is not attacked: lives; no defender. */
  round_init (&round);
  order (&round, P1, "b1", "b2");
  bs_tribes_round_resolve (9, round.cells, round.targets, fates, attackers, NULL);
  g_assert_cmpint (fates[cell (&round, "b1")], ==, BS_TRIBES_FATE_MOVED);
  text = bs_tribes_round_describe (round.board, round.cells, round.targets, fates, attackers,
                                   names);
  g_assert_cmpstr (text, ==, "No piece died this round");
  bs_board_unref (round.board);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/tribes-round/chase-and-starving-defenders", test_chase_and_starving_defenders);
  g_test_add_func ("/tribes-round/collision-and-defender", test_collision_and_defender);
  g_test_add_func ("/tribes-round/swap-dies", test_swap_dies);
  g_test_add_func ("/tribes-round/nobody-dies", test_nobody_dies);

  return g_test_run ();
}
