/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "hexgames-test-util.h"

#include <math.h>
#include <string.h>

#include "bs-error.h"

BsRuleset *
hx_ruleset_try (const char         *module,
                const char * const *settings,
                const char * const *holes,
                const char         *nest1,
                const char         *nest2,
                GError            **error)
{
  g_autoptr(BsVariant) variant = bs_variant_new_for_module (module, error);

  if (variant == NULL)
    return NULL;
  for (guint i = 0; settings != NULL && settings[i] != NULL; i++)
    {
      g_auto(GStrv) kv = g_strsplit (settings[i], "=", 2);
      g_assert_cmpuint (g_strv_length (kv), ==, 2);
      if (!bs_variant_set (variant, kv[0], kv[1], error))
        return NULL;
    }
  for (guint i = 0; holes != NULL && holes[i] != NULL; i++)
    {
      BsVariantHole hole = { g_strdup (holes[i]), 0 };
      g_array_append_val (variant->holes, hole);
    }
  for (guint i = 0; i < variant->specials->len; i++)
    {
      BsVariantSpecial *s = &g_array_index (variant->specials, BsVariantSpecial, i);
      const char *cell = s->player == 1 ? nest1 : nest2;
      if (cell != NULL && g_str_equal (s->id, "nest"))
        {
          g_free (s->cell);
          s->cell = g_strdup (cell);
        }
    }
  return bs_ruleset_new (variant, error);
}

BsRuleset *
hx_ruleset (const char         *module,
            const char * const *settings,
            const char * const *holes,
            const char         *nest1,
            const char         *nest2)
{
  g_autoptr(GError) error = NULL;
  BsRuleset *rs = hx_ruleset_try (module, settings, holes, nest1, nest2, &error);

  g_assert_no_error (error);
  g_assert_nonnull (rs);
  return rs;
}

BsPosition *
hx_position (const BsRuleset *rs,
             const char      *stones,
             int              to_move)
{
  BsPosition *pos = bs_ruleset_new_position (rs, 0);
  g_auto(GStrv) groups = g_strsplit (stones, ";", 0);

  for (guint i = 0; groups[i] != NULL; i++)
    {
      g_auto(GStrv) parts = g_strsplit (groups[i], ":", 2);
      g_auto(GStrv) labels = NULL;
      int owner;

      if (g_strstrip (parts[0])[0] == '\0')
        continue;
      g_assert_cmpuint (g_strv_length (parts), ==, 2);
      owner = atoi (parts[0]);
      g_assert_true (owner >= 0 && owner <= 2);
      labels = g_strsplit_set (g_strstrip (parts[1]), " ", 0);
      for (guint j = 0; labels[j] != NULL; j++)
        {
          int cell;
          if (labels[j][0] == '\0')
            continue;
          cell = bs_board_find_cell (rs->board, labels[j], NULL);
          if (cell == BS_NO_CELL)
            g_error ("no cell %s", labels[j]);
          bs_position_set_cell (rs->zobrist, pos, cell,
                                owner ? BS_CELL_MAKE (owner, 0, 0) : BS_CELL_EMPTY, NULL);
        }
    }
  pos->to_move = (guint8) to_move;
  return pos;
}

static int
compare_strings (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

char *
hx_moves (const BsRuleset  *rs,
          const BsPosition *pos)
{
  g_autofree BsMove *moves = g_new (BsMove, rs->max_moves);
  guint n = bs_ruleset_generate (rs, pos, moves);
  g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < n; i++)
    g_ptr_array_add (texts, bs_ruleset_format_move (rs, pos, moves[i]));
  g_ptr_array_sort (texts, compare_strings);
  g_ptr_array_add (texts, NULL);
  return g_strjoinv (" ", (char **) texts->pdata);
}

char *
hx_stones (const BsRuleset  *rs,
           const BsPosition *pos)
{
  GString *out = g_string_new (NULL);

  for (int p = 1; p <= 2; p++)
    {
      g_string_append_printf (out, "%s%d:", p == 1 ? "" : "; ", p);
      for (int c = 0; c < rs->n_cells; c++)
        if (pos->cells[c] != BS_CELL_EMPTY && BS_CELL_OWNER (pos->cells[c]) == p)
          g_string_append_printf (out, " %s", bs_board_cell_label (rs->board, c));
    }
  return g_string_free (out, FALSE);
}

void
hx_play (const BsRuleset *rs,
         BsPosition      *pos,
         const char      *move)
{
  g_autoptr(GError) error = NULL;

  if (!bs_ruleset_play_line (rs, pos, move, &error))
    g_error ("%s refused: %s", move, error->message);
}

char *
hx_refusal (const BsRuleset  *rs,
            const BsPosition *pos,
            const char       *move)
{
  g_autoptr(GError) error = NULL;
  BsMove parsed;

  if (bs_ruleset_parse_move (rs, pos, move, &parsed, &error))
    return NULL;
  return g_strdup (error->message);
}

/* Upper tail of the chi-square distribution, by the Wilson-Hilferty
 * normal approximation (good enough at the 1e-6 level for df >= 1). */
static double
chi_square_tail (double x, double df)
{
  double z = (pow (x / df, 1.0 / 3.0) - (1.0 - 2.0 / (9.0 * df))) / sqrt (2.0 / (9.0 * df));
  return 0.5 * erfc (z / sqrt (2.0));
}

/* Returns the chi-square statistic (and its degrees of freedom in *df). */
static double
check_uniform (const BsRuleset  *rs,
               const BsPosition *pos,
               BsRng            *rng,
               guint             draws_per_move,
               guint            *df)
{
  g_autofree BsMove *moves = g_new (BsMove, rs->max_moves);
  g_autofree BsMove *scratch = g_new (BsMove, rs->max_moves);
  g_autofree guint *counts = NULL;
  guint n = bs_ruleset_generate (rs, pos, moves);
  guint draws = draws_per_move * n;
  g_autoptr(GHashTable) index = g_hash_table_new (NULL, NULL);
  double chi2 = 0;
  double expected = draws_per_move;

  g_assert_cmpuint (n, >, 0);
  counts = g_new0 (guint, n);
  for (guint i = 0; i < n; i++)
    {
      g_assert_false (g_hash_table_contains (index, GUINT_TO_POINTER (moves[i] + 1)));
      g_hash_table_insert (index, GUINT_TO_POINTER (moves[i] + 1), GUINT_TO_POINTER (i));
    }
  for (guint d = 0; d < draws; d++)
    {
      BsMove m = bs_ruleset_random_move (rs, pos, rng, scratch);
      gpointer slot;
      if (!g_hash_table_lookup_extended (index, GUINT_TO_POINTER (m + 1), NULL, &slot))
        {
          g_autofree char *text = bs_ruleset_format_move (rs, pos, m);
          g_error ("random_move gave %s, which generate does not list", text);
        }
      counts[GPOINTER_TO_UINT (slot)]++;
    }
  *df = n - 1;
  if (n == 1)
    return 0;
  for (guint i = 0; i < n; i++)
    chi2 += (counts[i] - expected) * (counts[i] - expected) / expected;
  if (chi_square_tail (chi2, n - 1) < 1e-6)
    g_error ("random_move is not uniform over %u moves: chi-square %.1f", n, chi2);
  return chi2;
}

void
hx_check_uniform (const BsRuleset  *rs,
                  const BsPosition *pos,
                  BsRng            *rng,
                  guint             draws_per_move)
{
  guint df;

  check_uniform (rs, pos, rng, draws_per_move, &df);
}

void
hx_check_uniform_playouts (const BsRuleset *rs,
                           guint64          seed,
                           guint            n_playouts,
                           guint            every)
{
  g_autofree BsMove *scratch = g_new (BsMove, rs->max_moves);
  BsRng rng;
  guint step = 0;
  double chi2_total = 0;
  guint df_total = 0;

  bs_rng_init (&rng, seed);
  for (guint i = 0; i < n_playouts; i++)
    {
      g_autofree BsPosition *pos = bs_ruleset_new_position (rs, seed + i);
      while (!bs_position_is_over (pos))
        {
          if (step++ % every == 0)
            {
              guint df;
              chi2_total += check_uniform (rs, pos, &rng, 60, &df);
              df_total += df;
            }
          bs_ruleset_apply (rs, pos, bs_ruleset_random_move (rs, pos, &rng, scratch), NULL);
        }
    }
  /* The sum of independent chi-squares is a chi-square: a small bias that
   * no single position shows adds up here. */
  if (df_total > 0 && chi_square_tail (chi2_total, df_total) < 1e-6)
    g_error ("random_move is not uniform over the positions of the playouts: "
             "chi-square %.1f for %u degrees of freedom", chi2_total, df_total);
}

void
hx_check_cache_playouts (const BsRuleset *rs,
                         guint64          seed,
                         guint            n_playouts)
{
  g_autofree BsMove *scratch = g_new (BsMove, rs->max_moves);
  BsRng rng;

  bs_rng_init (&rng, seed);
  for (guint i = 0; i < n_playouts; i++)
    {
      g_autofree BsPosition *kept = bs_ruleset_new_position (rs, seed + i);
      g_autofree BsPosition *wiped = bs_position_dup (rs, kept);
      while (!bs_position_is_over (kept))
        {
          BsMove move;
          g_autofree char *moves_kept = NULL;
          g_autofree char *moves_wiped = NULL;

          /* Derived bytes that are not trusted any more: the module must
           * recompute them from the cells. */
          memset (wiped->cells + rs->n_cells, 0, rs->extra_size);
          wiped->flags &= (guint8) ~BS_POSITION_DERIVED;
          moves_kept = hx_moves (rs, kept);
          moves_wiped = hx_moves (rs, wiped);
          g_assert_cmpstr (moves_kept, ==, moves_wiped);
          move = bs_ruleset_random_move (rs, kept, &rng, scratch);
          bs_ruleset_apply (rs, kept, move, NULL);
          bs_ruleset_apply (rs, wiped, move, NULL);
          g_assert_true (bs_position_equal (rs, kept, wiped));
        }
    }
}
