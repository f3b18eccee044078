/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A start position written down as fixed pieces (bs_ruleset_fix_position,
 * the editor's "Fix the Start Position"): every module must start exactly
 * the same from a variant whose <setup> holds the pieces its rules placed —
 * the same bytes, whatever the seed — or refuse it with a reason. Checked
 * on every shipped variant (rules/ and rules/examples/) and on Breakthrough
 * with other rows, boards, holes and one player's pieces already fixed. */

#include "config.h"

#include <string.h>

#include "bs-error.h"
#include "bs-ruleset.h"
#include "bs-variant-xml.h"

static const guint64 seeds[] = { 0, 1, 7, 2026 };

static int
count_pieces (const BsRuleset  *rs,
              const BsPosition *pos)
{
  int n = 0;

  for (int c = 0; c < rs->n_cells; c++)
    n += pos->cells[c] != BS_CELL_EMPTY;
  return n;
}

/* Fixes the start of `variant` (seed) and checks the rules start the same
 * from it. Returns the number of pieces of that start; *refused is set when
 * the module refuses the pieces as fixed ones (then its message is
 * returned in error). */
static int
check_fixed_start (const BsVariant  *variant,
                   guint64           seed,
                   GError          **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autoptr(BsRuleset) rs = bs_ruleset_new (variant, &local_error);
  g_autoptr(BsRuleset) fixed_rs = NULL;
  g_autoptr(BsVariant) fixed = NULL;
  g_autoptr(BsVariant) again = NULL;
  g_autofree BsPosition *start = NULL;
  int n;

  g_assert_no_error (local_error);
  start = bs_ruleset_new_position (rs, seed);
  n = count_pieces (rs, start);
  fixed = bs_ruleset_fix_position (rs, start);
  g_assert_cmpuint (fixed->setup->len, ==, (guint) n);
  /* Nothing but the setup changes. */
  {
    g_autoptr(BsVariant) a = bs_variant_copy (variant);
    g_autoptr(BsVariant) b = bs_variant_copy (fixed);

    g_array_set_size (a->setup, 0);
    g_array_set_size (b->setup, 0);
    g_assert_true (bs_variant_equal (a, b));
  }
  fixed_rs = bs_ruleset_new (fixed, error);
  if (fixed_rs == NULL)
    return n;

  g_assert_cmpuint (fixed_rs->position_size, ==, rs->position_size);
  for (guint s = 0; s < G_N_ELEMENTS (seeds); s++)
    {
      g_autofree BsPosition *from_fixed = bs_ruleset_new_position (fixed_rs, seeds[s]);

      /* The same bytes: cells, supplies, side to move, result, the
       * module's derived bytes, the hash. */
      g_assert_true (bs_position_equal (rs, start, from_fixed));
      g_assert_cmpuint (from_fixed->hash, ==, start->hash);
    }
  /* Fixing a fixed start changes nothing. */
  {
    g_autofree BsPosition *from_fixed = bs_ruleset_new_position (fixed_rs, seed);

    again = bs_ruleset_fix_position (fixed_rs, from_fixed);
    g_assert_true (bs_variant_equal (again, fixed));
  }
  /* And the game goes on the same: the same legal moves at the start. */
  if (!bs_position_is_over (start))
    {
      g_autofree BsMove *a = g_new (BsMove, rs->max_moves);
      g_autofree BsMove *b = g_new (BsMove, fixed_rs->max_moves);
      g_autofree BsPosition *from_fixed = bs_ruleset_new_position (fixed_rs, seed);
      guint na = bs_ruleset_generate (rs, start, a);
      guint nb = bs_ruleset_generate (fixed_rs, from_fixed, b);

      g_assert_cmpuint (na, ==, nb);
      g_assert_cmpmem (a, na * sizeof (BsMove), b, nb * sizeof (BsMove));
    }
  return n;
}

static void
check_file (const char *path,
            guint      *n_with_pieces)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariant) variant = bs_variant_load_file (path, &error);

  g_assert_no_error (error);
  if (bs_module_find (variant->module) == NULL)
    return;
  for (guint s = 0; s < G_N_ELEMENTS (seeds); s++)
    {
      g_autoptr(GError) refusal = NULL;
      int n = check_fixed_start (variant, seeds[s], &refusal);

      if (g_test_verbose ())
        g_test_message ("%s, seed %" G_GUINT64_FORMAT ": %d pieces%s%s", path, seeds[s], n,
                        refusal != NULL ? ", refused: " : "",
                        refusal != NULL ? refusal->message : "");
      if (n > 0 && s == 0)
        (*n_with_pieces)++;
      /* Only Ikabegamá refuses, and says why: its rules put the tokens on
       * the nests themselves. */
      if (g_str_equal (variant->module, "ikabegama"))
        {
          g_assert_error (refusal, BS_VARIANT_ERROR, BS_VARIANT_ERROR_INVALID);
          g_assert_nonnull (strstr (refusal->message, "the nests start with their own"));
        }
      else
        g_assert_no_error (refusal);
    }
}

static void
test_shipped (void)
{
  const char *rules_dir = g_getenv ("BOARDSMITH_RULES_DIR");
  const char * const subdirs[] = { "", "examples", NULL };
  guint n_files = 0, n_with_pieces = 0;

  g_assert_nonnull (rules_dir);
  for (guint d = 0; subdirs[d] != NULL; d++)
    {
      g_autofree char *dir_path = g_build_filename (rules_dir, subdirs[d], NULL);
      g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
      const char *name;

      g_assert_nonnull (dir);
      while ((name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *path = g_build_filename (dir_path, name, NULL);

          if (!g_str_has_suffix (name, ".xml"))
            continue;
          check_file (path, &n_with_pieces);
          n_files++;
        }
    }
  g_assert_cmpuint (n_files, >=, 11);
  /* Breakthrough (rows), Tribes and its example (the bag), Ikabegamá and
   * its example (the tokens on the nests). */
  g_assert_cmpuint (n_with_pieces, >=, 5);
}

static BsVariant *
breakthrough (const char * const *settings)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariant) variant = bs_variant_lookup ("breakthrough", &error);

  g_assert_no_error (error);
  g_assert_true (bs_variant_apply_settings (variant, settings, &error));
  g_assert_no_error (error);
  return g_steal_pointer (&variant);
}

static void
add_piece (BsVariant  *variant,
           const char *cell,
           int         player)
{
  BsVariantPiece piece = { g_strdup (cell), player, g_strdup ("piece"), -1, 0 };

  g_array_append_val (variant->setup, piece);
}

static void
add_hole (BsVariant  *variant,
          const char *cell)
{
  BsVariantHole hole = { g_strdup (cell), 0 };

  g_array_append_val (variant->holes, hole);
}

/* Breakthrough fills each player's rows unless the variant fixes that
 * player's pieces: fixed, the rows give the same start, on any board. */
static void
test_breakthrough (void)
{
  static const char * const cases[][4] = {
    { NULL },
    { "rows=1", NULL },
    { "rows=3", NULL },
    { "width=5", "height=5", "rows=2", NULL },
    { "width=16", "height=16", "rows=3", NULL },
    { "width=6", "height=11", NULL },
    { "straight-capture=true", "misere=true", NULL },
  };
  int expected[] = { 32, 16, 48, 20, 96, 24, 32 };

  if (bs_module_find ("breakthrough") == NULL)
    {
      g_test_skip ("no Breakthrough module");
      return;
    }
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(BsVariant) variant = breakthrough (cases[i]);
      g_autoptr(GError) error = NULL;

      g_assert_cmpint (check_fixed_start (variant, 0, &error), ==, expected[i]);
      g_assert_no_error (error);
    }

  /* Holes in the rows stay empty. */
  {
    g_autoptr(BsVariant) variant = breakthrough ((const char * const[]) { NULL });
    g_autoptr(GError) error = NULL;

    add_hole (variant, "c2");
    add_hole (variant, "f7");
    add_hole (variant, "d4");
    g_assert_cmpint (check_fixed_start (variant, 0, &error), ==, 30);
    g_assert_no_error (error);
  }
  /* White's pieces fixed already (a handicap: 15 of them), Black's rows
   * generated: both written down, White's as they were. */
  {
    g_autoptr(BsVariant) variant = breakthrough ((const char * const[]) { NULL });
    g_autoptr(GError) error = NULL;
    g_autoptr(BsRuleset) rs = NULL;
    g_autofree BsPosition *start = NULL;
    g_autoptr(BsVariant) fixed = NULL;
    const char *files = "abcdefgh";

    for (int row = 1; row <= 2; row++)
      for (int col = 0; col < 8; col++)
        if (!(row == 1 && col == 3))
          {
            char label[3] = { files[col], (char) ('0' + row), '\0' };

            add_piece (variant, label, 1);
          }
    /* A White piece among Black's rows: Black fills around it. */
    add_piece (variant, "e7", 1);
    g_assert_cmpint (check_fixed_start (variant, 0, &error), ==, 16 + 15);
    g_assert_no_error (error);

    rs = bs_ruleset_new (variant, &error);
    g_assert_no_error (error);
    start = bs_ruleset_new_position (rs, 0);
    fixed = bs_ruleset_fix_position (rs, start);
    /* White's pieces first, in their order, then Black's in cell order. */
    for (guint i = 0; i < variant->setup->len; i++)
      {
        const BsVariantPiece *a = &g_array_index (variant->setup, BsVariantPiece, i);
        const BsVariantPiece *b = &g_array_index (fixed->setup, BsVariantPiece, i);

        g_assert_cmpstr (a->cell, ==, b->cell);
        g_assert_cmpint (b->player, ==, 1);
      }
    g_assert_cmpstr (g_array_index (fixed->setup, BsVariantPiece, 16).cell, ==, "a7");
    g_assert_cmpint (g_array_index (fixed->setup, BsVariantPiece, 16).player, ==, 2);
    g_assert_cmpstr (g_array_index (fixed->setup, BsVariantPiece, 30).cell, ==, "h8");
  }
}

/* Breakthrough's rows only shape the start: once both players' pieces are
 * fixed the option changes nothing; with one player's fixed it still does
 * (the other's rows); an option of the rules always matters. */
static void
test_option_matters (void)
{
  g_autoptr(BsVariant) variant = NULL;
  g_autoptr(BsRuleset) rs = NULL;
  g_autoptr(BsRuleset) fixed_rs = NULL;
  g_autoptr(BsRuleset) half_rs = NULL;
  g_autoptr(BsVariant) fixed = NULL;
  g_autoptr(BsVariant) half = NULL;
  g_autofree BsPosition *start = NULL;
  g_autoptr(GError) error = NULL;
  const BsModule *module = bs_module_find ("breakthrough");
  int rows, straight;

  if (module == NULL)
    {
      g_test_skip ("no Breakthrough module");
      return;
    }
  rows = bs_module_option_index (module, "rows");
  straight = bs_module_option_index (module, "straight-capture");
  variant = breakthrough ((const char * const[]) { NULL });
  rs = bs_ruleset_new (variant, &error);
  g_assert_no_error (error);
  g_assert_true (bs_ruleset_option_matters (rs, rows));
  g_assert_true (bs_ruleset_option_matters (rs, straight));

  start = bs_ruleset_new_position (rs, 0);
  fixed = bs_ruleset_fix_position (rs, start);
  fixed_rs = bs_ruleset_new (fixed, &error);
  g_assert_no_error (error);
  g_assert_false (bs_ruleset_option_matters (fixed_rs, rows));
  g_assert_true (bs_ruleset_option_matters (fixed_rs, straight));

  /* Black's pieces only: White's rows still follow the option. */
  half = bs_variant_copy (fixed);
  for (guint i = 0; i < half->setup->len;)
    if (g_array_index (half->setup, BsVariantPiece, i).player == 1)
      g_array_remove_index (half->setup, i);
    else
      i++;
  half_rs = bs_ruleset_new (half, &error);
  g_assert_no_error (error);
  g_assert_true (bs_ruleset_option_matters (half_rs, rows));
}

/* Directed kinds keep their direction (Astoria's triangles), and a start
 * with nothing on the board gives an empty setup. */
static void
test_directed_and_empty (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariant) variant = NULL;

  if (bs_module_find ("astoria") == NULL)
    {
      g_test_skip ("no Astoria module");
      return;
    }
  variant = bs_variant_lookup ("astoria", &error);
  g_assert_no_error (error);
  g_assert_cmpint (check_fixed_start (variant, 0, &error), ==, 0);
  g_assert_no_error (error);
  {
    BsVariantPiece triangle = { g_strdup ("c3"), 2, g_strdup ("triangle"), 3, 0 };
    BsVariantPiece circle = { g_strdup ("f6"), 1, g_strdup ("circle"), -1, 0 };

    g_array_append_val (variant->setup, triangle);
    g_array_append_val (variant->setup, circle);
  }
  g_assert_cmpint (check_fixed_start (variant, 0, &error), ==, 2);
  g_assert_no_error (error);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/fixed-start/shipped", test_shipped);
  g_test_add_func ("/fixed-start/breakthrough", test_breakthrough);
  g_test_add_func ("/fixed-start/directed-and-empty", test_directed_and_empty);
  g_test_add_func ("/fixed-start/option-matters", test_option_matters);
  return g_test_run ();
}
