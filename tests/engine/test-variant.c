/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The in-memory variant: --set keys and their errors, and supplies that
 * follow a resized board while handicaps stay. */

#include "config.h"

#include "bs-error.h"
#include "bs-ruleset.h"

static BsVariant *
variant_for (const char *module)
{
  g_autoptr(GError) error = NULL;
  BsVariant *variant = bs_variant_new_for_module (module, &error);

  g_assert_no_error (error);
  return variant;
}

static void
set_ok (BsVariant *variant, const char *key, const char *value)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (bs_variant_set (variant, key, value, &error));
  g_assert_no_error (error);
}

/* Astoria on 2n×2n: (2n)²/2 pieces each, half of each kind — 16 + 16 on
 * 8×8, 9 + 9 on 6×6, 4 + 4 on 4×4. */
static void
test_astoria_supplies_follow_board (void)
{
  g_autoptr(BsVariant) v = variant_for ("astoria");

  g_assert_cmpint (bs_variant_get_supply (v, 1, "circle"), ==, 16);
  set_ok (v, "width", "6");
  set_ok (v, "height", "6");
  g_assert_cmpint (bs_variant_get_supply (v, 1, "circle"), ==, 9);
  g_assert_cmpint (bs_variant_get_supply (v, 2, "triangle"), ==, 9);
  set_ok (v, "width", "4");
  set_ok (v, "height", "4");
  g_assert_cmpint (bs_variant_get_supply (v, 2, "circle"), ==, 4);
}

/* A handicap — a figure that is not the board's — is kept. */
static void
test_handicap_kept (void)
{
  g_autoptr(BsVariant) v = variant_for ("astoria");

  set_ok (v, "supply.2.triangle", "14");
  set_ok (v, "width", "6");
  set_ok (v, "height", "6");
  g_assert_cmpint (bs_variant_get_supply (v, 1, "triangle"), ==, 9);
  g_assert_cmpint (bs_variant_get_supply (v, 2, "triangle"), ==, 14);
}

/* Tribes: 12 each on 5×5; 24 each on 7×7 fill the 48 cells around the
 * centre; 18 each on 6×6 cover the 35 cells needed. Each is playable. */
static void
test_tribes_supplies_follow_board (void)
{
  struct { const char *side; int pieces; } cases[] = { { "5", 12 }, { "7", 24 }, { "6", 18 }, { "4", 8 } };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(BsVariant) v = variant_for ("tribes");
      g_autoptr(GError) error = NULL;
      g_autoptr(BsRuleset) rs = NULL;

      set_ok (v, "width", cases[i].side);
      set_ok (v, "height", cases[i].side);
      g_assert_cmpint (bs_variant_get_supply (v, 1, "piece"), ==, cases[i].pieces);
      g_assert_cmpint (bs_variant_get_supply (v, 2, "piece"), ==, cases[i].pieces);
      rs = bs_ruleset_new (v, &error);
      g_assert_no_error (error);
    }
}

/* "size" on a square or rhombus board sets both sides (it used to be kept
 * and ignored, so a sweep of it played one board at every value). */
static void
test_size_of_square_board (void)
{
  g_autoptr(BsVariant) astoria = variant_for ("astoria");
  g_autoptr(BsVariant) breakthrough = variant_for ("breakthrough");
  g_autoptr(BsRuleset) rs = NULL;
  g_autoptr(GError) error = NULL;

  set_ok (astoria, "size", "6");
  g_assert_cmpint (astoria->board.width, ==, 6);
  g_assert_cmpint (astoria->board.height, ==, 6);
  rs = bs_ruleset_new (astoria, &error);
  g_assert_no_error (error);
  g_assert_cmpint (rs->n_cells, ==, 36);
  set_ok (breakthrough, "width", "6");
  set_ok (breakthrough, "size", "7");
  g_assert_cmpint (breakthrough->board.width, ==, 7);
  g_assert_cmpint (breakthrough->board.height, ==, 7);
}

/* Agoraphobia's supplies do not depend on the board. */
static void
test_fixed_supplies (void)
{
  g_autoptr(BsVariant) v = variant_for ("agoraphobia");

  set_ok (v, "shape", "hexagon");
  set_ok (v, "size", "5");
  g_assert_cmpint (bs_variant_get_supply (v, 1, "small"), ==, 10);
  g_assert_cmpint (bs_variant_get_supply (v, 2, "large"), ==, 5);
}

/* The move limit of Abrobad and Ikabegamá follows the board: 30 plies per
 * cell of its shape, in a new variant, after a resize (while it still is
 * the board's figure) and when a file does not set it; any other figure is
 * the designer's and stays. */
static void
test_move_limit_follows_board (void)
{
  const BsModule *abrobad = bs_module_find ("abrobad");
  g_autoptr(BsVariant) v = variant_for ("abrobad");
  g_autoptr(BsVariant) ika = variant_for ("ikabegama");
  g_autoptr(GError) error = NULL;
  int index = bs_module_option_index (abrobad, "max-plies");
  BsBoardSpec spec = v->board;

  g_assert_cmpstr (bs_variant_get_option (v, "max-plies"), ==, "2250");     /* 3 × 5² = 75 cells */
  g_assert_cmpstr (bs_variant_get_option (ika, "max-plies"), ==, "1830");   /* 61 cells */
  set_ok (v, "size", "9");
  g_assert_cmpstr (bs_variant_get_option (v, "max-plies"), ==, "7290");     /* 243 cells */
  set_ok (v, "shape", "hex-rhombus");
  set_ok (v, "width", "4");
  set_ok (v, "height", "3");
  g_assert_cmpstr (bs_variant_get_option (v, "max-plies"), ==, "360");
  set_ok (v, "max-plies", "500");
  set_ok (v, "width", "6");
  g_assert_cmpstr (bs_variant_get_option (v, "max-plies"), ==, "500");
  set_ok (v, "max-plies", "0");
  set_ok (v, "height", "6");
  g_assert_cmpstr (bs_variant_get_option (v, "max-plies"), ==, "0");

  /* Without the option, the board's figure: limping 18 has 972 cells. */
  spec.size = 18;
  g_assert_cmpint (bs_module_option_default (abrobad, index, &spec), ==, 30 * 972);
  {
    g_autoptr(BsVariant) bare = variant_for ("abrobad");
    g_autoptr(BsRuleset) rs = NULL;

    g_array_set_size (bare->options, 0);
    set_ok (bare, "size", "7");
    rs = bs_ruleset_new (bare, &error);
    g_assert_no_error (error);
    g_assert_cmpint (rs->max_plies, ==, 30 * 147);
  }
  /* Other options keep their declared default whatever the board. */
  g_assert_cmpint (bs_module_option_default (abrobad, bs_module_option_index (abrobad, "movement"),
                                             &spec), ==, 0);
}

static void
test_set_errors (void)
{
  struct { const char *module, *key, *value, *message; } cases[] = {
    { "abrobad", "size", "x", "size: \"x\" is not an integer" },
    { "abrobad", "shape", "circle", "shape: \"circle\" is not one of square, hex-rhombus, hexagon, limping" },
    { "abrobad", "supply.1.stone", "3", "supply.1.stone: abrobad has unlimited supplies" },
    { "agoraphobia", "supply.3.small", "3", "supply.3.small: a supply key is supply.P.KIND with P 1 or 2" },
    { "agoraphobia", "supply.1.huge", "3", "supply.1.huge: unknown piece kind \"huge\" for agoraphobia" },
    { "agoraphobia", "supply.1.small", "-1", "supply.1.small: -1 is out of range (0 to 9999)" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(BsVariant) v = variant_for (cases[i].module);
      g_autoptr(GError) error = NULL;

      g_assert_false (bs_variant_set (v, cases[i].key, cases[i].value, &error));
      g_assert_error (error, BS_VARIANT_ERROR, error->code);
      g_assert_cmpstr (error->message, ==, cases[i].message);
    }
  {
    g_autoptr(BsVariant) v = variant_for ("ikabegama");
    g_autoptr(GError) error = NULL;

    g_assert_false (bs_variant_set (v, "speed", "3", &error));
    g_assert_true (g_str_has_prefix (error->message, "unknown key \"speed\" for ikabegama (known: "));
  }
}

/* --set shape carries the board's extent to the new shape's parameters. */
static void
test_shape_switch (void)
{
  g_autoptr(BsVariant) v = variant_for ("agoraphobia");
  g_autoptr(BsRuleset) rs = NULL;
  g_autoptr(GError) error = NULL;

  set_ok (v, "shape", "limping");
  g_assert_cmpint (v->board.size, ==, 4);
  rs = bs_ruleset_new (v, &error);
  g_assert_no_error (error);
  g_assert_cmpint (rs->n_cells, ==, 48);
}

/* Display texts: without a catalogue they are the variant's own, a missing
 * name falls back to the id, a missing player name to "Player N". */
static void
test_display_texts (void)
{
  g_autoptr(BsVariant) v = variant_for ("ikabegama");

  g_assert_cmpstr (bs_variant_display_name (v), ==, v->name);
  g_assert_cmpstr (bs_variant_display_player (v, 1), ==, "Light");
  g_clear_pointer (&v->name, g_free);
  g_clear_pointer (&v->players[1].name, g_free);
  g_clear_pointer (&v->description, g_free);
  g_assert_cmpstr (bs_variant_display_name (v), ==, "ikabegama");
  g_assert_cmpstr (bs_variant_display_player (v, 2), ==, "Player 2");
  g_assert_null (bs_variant_display_description (v));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/variant/astoria-supplies-follow-board", test_astoria_supplies_follow_board);
  g_test_add_func ("/variant/handicap-kept", test_handicap_kept);
  g_test_add_func ("/variant/tribes-supplies-follow-board", test_tribes_supplies_follow_board);
  g_test_add_func ("/variant/size-of-square-board", test_size_of_square_board);
  g_test_add_func ("/variant/fixed-supplies", test_fixed_supplies);
  g_test_add_func ("/variant/move-limit-follows-board", test_move_limit_follows_board);
  g_test_add_func ("/variant/set-errors", test_set_errors);
  g_test_add_func ("/variant/shape-switch", test_shape_switch);
  g_test_add_func ("/variant/display-texts", test_display_texts);
  return g_test_run ();
}
