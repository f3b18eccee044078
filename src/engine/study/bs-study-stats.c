/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-study-stats.c: the statistics of a study (docs/BALANCE.md). */
#define G_LOG_DOMAIN "boardsmith-study"

#include "config.h"

#include "bs-study-stats.h"

#include <math.h>
#include <string.h>

/* Probabilities within this relative distance of the observed one count
 * as "no likelier" in the exact tests (as R's binom.test and
 * fisher.test do), so rounding cannot drop a tied outcome. */
#define TIE_TOLERANCE (1.0 + 1e-7)

/* Wilson's interval for a proportion p estimated from n (possibly an effective, non-whole
 * number of) observations. */
static void
wilson_interval (double  p,
                 double  n,
                 double  z,
                 double *low,
                 double *high)
{
  double z2 = z * z;
  double denominator = 1 + z2 / n;
  double centre = (p + z2 / (2.0 * n)) / denominator;
  double half = z / denominator * sqrt (p * (1 - p) / n + z2 / (4.0 * n * n));

  *low = MAX (0.0, centre - half);
  *high = MIN (1.0, centre + half);
}

void
bs_stats_wilson (double  successes,
                 guint   n,
                 double  z,
                 double *low,
                 double *high)
{
  if (n == 0)
    {
      *low = 0;
      *high = 1;
      return;
    }
  wilson_interval (successes / n, n, z, low, high);
  /* Exact ends at 0 and 1 successes, whatever the rounding. */
  if (successes <= 0)
    *low = 0;
  if (successes >= n)
    *high = 1;
}

double
bs_stats_normal_sf (double z)
{
  return 0.5 * erfc (z / G_SQRT2);
}

static double
log_choose (guint n,
            guint k)
{
  return lgamma (n + 1.0) - lgamma (k + 1.0) - lgamma (n - k + 1.0);
}

double
bs_stats_binomial_test (guint k,
                        guint n)
{
  double observed, p = 0;

  if (n == 0)
    return 1;
  observed = log_choose (n, k) - n * G_LN2;
  for (guint i = 0; i <= n; i++)
    {
      double log_p = log_choose (n, i) - n * G_LN2;

      if (log_p <= observed + log (TIE_TOLERANCE))
        p += exp (log_p);
    }
  return MIN (1.0, p);
}

static double
log_hypergeometric (guint x,
                    guint row1,
                    guint row2,
                    guint col1)
{
  return log_choose (row1, x) + log_choose (row2, col1 - x) - log_choose (row1 + row2, col1);
}

double
bs_stats_fisher_exact (guint a,
                       guint b,
                       guint c,
                       guint d)
{
  guint row1 = a + b, row2 = c + d, col1 = a + c;
  guint lo = col1 > row2 ? col1 - row2 : 0, hi = MIN (row1, col1);
  double observed, p = 0;

  if (row1 == 0 || row2 == 0 || col1 == 0 || b + d == 0)
    return 1;
  observed = log_hypergeometric (a, row1, row2, col1);
  for (guint x = lo; x <= hi; x++)
    {
      double log_p = log_hypergeometric (x, row1, row2, col1);

      if (log_p <= observed + log (TIE_TOLERANCE))
        p += exp (log_p);
    }
  return MIN (1.0, p);
}

double
bs_stats_design_effect (guint half_points,
                        guint draws,
                        guint n)
{
  double wins, losses, total, mean, trinomial, binomial;

  g_return_val_if_fail (draws <= n && draws <= half_points &&
                        half_points - draws <= 2 * (n - draws), 1.0);
  /* Without draws the two variances are the same quantity: exactly 1, not 1 ± an ulp. */
  if (draws == 0)
    return 1.0;
  /* One pseudo-win and one pseudo-loss (a Laplace-style correction): a handful of games
   * all drawn must not claim a variance of zero. */
  wins = (half_points - draws) / 2.0 + 1;
  losses = n - draws - (half_points - draws) / 2.0 + 1;
  total = wins + draws + losses;
  mean = (wins + draws / 2.0) / total;
  trinomial = (wins + draws / 4.0) / total - mean * mean;
  binomial = mean * (1 - mean);
  return trinomial / binomial;
}

void
bs_stats_score_with_draws (guint         half_points,
                           guint         draws,
                           guint         n,
                           BsStatsScore *out)
{
  double z;

  memset (out, 0, sizeof *out);
  out->n = n;
  if (n == 0)
    {
      out->score = 0.5;
      out->low = 0;
      out->high = 1;
      out->p_value = 1;
      out->n_effective = 0;
      return;
    }
  out->score = half_points / (2.0 * n);
  /* Draws make the score vary less than a win-or-loss proportion with the same mean: the
   * Wilson interval and its score test on the effective number of games n / deff (Kish),
   * deff the trinomial variance over the binomial one. */
  out->n_effective = n / bs_stats_design_effect (half_points, draws, n);
  wilson_interval (out->score, out->n_effective, BS_STATS_Z95, &out->low, &out->high);
  if (half_points == 0)
    out->low = 0;
  if (half_points >= 2 * n)
    out->high = 1;
  /* The score test whose inversion is that interval: the variance ¼ / n_effective under
   * p = ½ (an exact binomial test would disagree with the interval near the edge: 40 of
   * 100 has p = 0.057 and an interval that leaves out ½). */
  z = (out->score - 0.5) / sqrt (0.25 / out->n_effective);
  out->p_value = MIN (1.0, 2 * bs_stats_normal_sf (fabs (z)));
  out->significant = out->p_value < 0.05;
}

void
bs_stats_score (guint         half_points,
                guint         n,
                BsStatsScore *out)
{
  bs_stats_score_with_draws (half_points, 0, n, out);
}

BsStatsEquivalence
bs_stats_equivalence (const BsStatsScore *score,
                      double              margin)
{
  /* Rounding must not turn an interval touching the margin into one crossing it. */
  const double slack = 1e-12;

  if (score->n == 0)
    return BS_STATS_UNDECIDED;
  if (score->low >= 0.5 - margin - slack && score->high <= 0.5 + margin + slack)
    return BS_STATS_FAIR;
  if (score->significant)
    return BS_STATS_UNFAIR;
  return BS_STATS_UNDECIDED;
}

const char *
bs_stats_equivalence_id (BsStatsEquivalence equivalence)
{
  switch (equivalence)
    {
    case BS_STATS_FAIR:
      return "fair";
    case BS_STATS_UNFAIR:
      return "unfair";
    case BS_STATS_UNDECIDED:
    default:
      return "undecided";
    }
}

void
bs_stats_sequence_init (BsStatsSequence *sequence,
                        double           margin)
{
  *sequence = (BsStatsSequence) { .margin = margin, .low = 0, .high = 1 };
}

void
bs_stats_sequence_add (BsStatsSequence *sequence,
                       guint            half_points)
{
  double x = MIN (half_points, 2u) / 2.0;
  /* μ̂ and σ̂² of the games before this one (½ and ¼ before any): the bet is predictable. */
  double mean_before = (0.5 + sequence->half_points / 2.0) / (sequence->n + 1);
  double variance_before = (0.25 + sequence->sum_squares) / (sequence->n + 1);
  double bet = MIN (sequence->margin / variance_before, BS_STATS_SEQUENCE_BET_CAP);
  double v = 4 * (x - mean_before) * (x - mean_before);
  double mean, centre, half;

  sequence->sum_bets += bet;
  sequence->sum_bets_x += bet * x;
  sequence->sum_penalty += v * (-log1p (-bet) - bet) / 4;
  sequence->n++;
  sequence->half_points += MIN (half_points, 2u);
  mean = (0.5 + sequence->half_points / 2.0) / (sequence->n + 1);
  sequence->sum_squares += (x - mean) * (x - mean);
  centre = sequence->sum_bets_x / sequence->sum_bets;
  half = (log (2 / BS_STATS_SEQUENCE_ALPHA) + sequence->sum_penalty) / sequence->sum_bets;
  sequence->low = MAX (sequence->low, MAX (centre - half, 0.0));
  sequence->high = MIN (sequence->high, MIN (centre + half, 1.0));
  /* An empty intersection (possible only when the mean moved: a 5% event) is kept as the
   * point between. */
  if (sequence->low > sequence->high)
    sequence->low = sequence->high = (sequence->low + sequence->high) / 2;
}

double
bs_stats_sequence_half_width (const BsStatsSequence *sequence)
{
  return (sequence->high - sequence->low) / 2;
}

void
bs_stats_holm (const double *p_values,
               guint         n,
               double       *adjusted)
{
  g_autofree guint *order = g_new (guint, MAX (n, 1));
  double running = 0;

  /* The candidates by p-value, equal ones in their own order (an insertion sort: a sweep
   * has a few dozen values). */
  for (guint i = 0; i < n; i++)
    {
      guint j = i;

      for (; j > 0 && p_values[order[j - 1]] > p_values[i]; j--)
        order[j] = order[j - 1];
      order[j] = i;
    }
  /* The i-th smallest (from 0) is multiplied by n − i; the running maximum keeps the
   * adjusted values in the order of the raw ones. */
  for (guint i = 0; i < n; i++)
    {
      running = MAX (running, MIN (1.0, (n - i) * p_values[order[i]]));
      adjusted[order[i]] = running;
    }
}

/* The regularized lower incomplete gamma P(a, x) by its series (x < a + 1) and the upper
 * Q(a, x) by Lentz's continued fraction (otherwise): Numerical Recipes, 3rd ed., §6.2. */
double
bs_stats_chi_square_sf (double x,
                        guint  df)
{
  double a = df / 2.0, h = x / 2.0;
  double log_front;

  g_return_val_if_fail (df >= 1, 1.0);
  if (!(h > 0))
    return 1.0;
  log_front = a * log (h) - h - lgamma (a);
  if (h < a + 1)
    {
      double term = 1.0 / a, sum = term;

      for (int i = 1; i < 10000 && fabs (term) > fabs (sum) * 1e-17; i++)
        {
          term *= h / (a + i);
          sum += term;
        }
      return MAX (0.0, 1.0 - sum * exp (log_front));
    }
  else
    {
      const double tiny = 1e-300;
      double b = h + 1 - a, c = 1 / tiny, d = 1 / b, f = d;

      for (int i = 1; i < 10000; i++)
        {
          double an = -i * (i - a), delta;

          b += 2;
          d = an * d + b;
          if (fabs (d) < tiny)
            d = tiny;
          c = b + an / c;
          if (fabs (c) < tiny)
            c = tiny;
          d = 1 / d;
          delta = d * c;
          f *= delta;
          if (fabs (delta - 1) < 1e-16)
            break;
        }
      return exp (log_front) * f;
    }
}

void
bs_stats_heterogeneity (const BsStudyReplicateCounts *replicates,
                        guint                         k,
                        BsStatsHeterogeneity         *out)
{
  guint64 n = 0, half_points = 0, quarter_squares = 0;
  double mean, variance, statistic = 0;

  memset (out, 0, sizeof *out);
  out->p_value = 1;
  for (guint i = 0; i < k; i++)
    if (replicates[i].games > 0)
      {
        out->k++;
        n += replicates[i].games;
        half_points += 2 * (guint64) replicates[i].wins[0] + replicates[i].draws;
        /* Σ x² in quarters: a win 4, a draw 1. */
        quarter_squares += 4 * (guint64) replicates[i].wins[0] + replicates[i].draws;
      }
  if (out->k < 2)
    return;
  out->df = out->k - 1;
  mean = half_points / 2.0 / n;
  variance = quarter_squares / 4.0 / n - mean * mean;
  if (!(variance > 1e-15))
    return;
  for (guint i = 0; i < k; i++)
    if (replicates[i].games > 0)
      {
        double s = (replicates[i].wins[0] + replicates[i].draws / 2.0) / replicates[i].games;

        statistic += replicates[i].games * (s - mean) * (s - mean);
      }
  out->statistic = statistic / variance;
  out->p_value = bs_stats_chi_square_sf (out->statistic, out->df);
}

/* Player 1's score in one arm and its draw-aware Wilson interval at z, as
 * bs_stats_score_with_draws gives it at 95%. */
static void
arm_interval (guint   half_points,
              guint   draws,
              guint   n,
              double  z,
              double *score,
              double *low,
              double *high)
{
  *score = half_points / (2.0 * n);
  wilson_interval (*score, n / bs_stats_design_effect (half_points, draws, n), z, low, high);
  if (half_points == 0)
    *low = 0;
  if (half_points >= 2 * n)
    *high = 1;
}

/* Newcombe's hybrid score interval (his method 10) for B − A at z. */
static void
newcombe_interval (const guint  a[3],
                   const guint  b[3],
                   double       z,
                   double      *difference,
                   double      *low,
                   double      *high)
{
  double pa, la, ua, pb, lb, ub;

  arm_interval (a[0], a[1], a[2], z, &pa, &la, &ua);
  arm_interval (b[0], b[1], b[2], z, &pb, &lb, &ub);
  *difference = pb - pa;
  *low = *difference - sqrt ((pb - lb) * (pb - lb) + (ua - pa) * (ua - pa));
  *high = *difference + sqrt ((ub - pb) * (ub - pb) + (pa - la) * (pa - la));
}

void
bs_stats_difference (guint              half_points_a,
                     guint              draws_a,
                     guint              n_a,
                     guint              half_points_b,
                     guint              draws_b,
                     guint              n_b,
                     BsStatsDifference *out)
{
  const guint a[3] = { half_points_a, draws_a, n_a }, b[3] = { half_points_b, draws_b, n_b };
  double difference, low, high, z_in = 0, z_out = 50;

  memset (out, 0, sizeof *out);
  out->p_value = 1;
  if (n_a == 0 || n_b == 0)
    {
      out->low = -1;
      out->high = 1;
      return;
    }
  newcombe_interval (a, b, BS_STATS_Z95, &out->difference, &out->low, &out->high);
  out->significant = out->low > 0 || out->high < 0;
  if (out->difference == 0)
    return;
  /* The interval's own two-sided test: the level at which 0 sits on the interval's edge.
   * The interval widens as z grows, so bisect z; then p < 0.05 exactly when the 95%
   * interval leaves 0 out (two methods, say an exact test beside it, disagree at the
   * edge). */
  for (int i = 0; i < 100 && z_out - z_in > 1e-12; i++)
    {
      double z = (z_in + z_out) / 2;

      newcombe_interval (a, b, z, &difference, &low, &high);
      if (difference > 0 ? low > 0 : high < 0)
        z_in = z;
      else
        z_out = z;
    }
  out->p_value = MIN (1.0, 2 * bs_stats_normal_sf (z_in));
  /* The decision is the interval's; the bisection's last digits must not contradict it. */
  if (out->significant)
    out->p_value = MIN (out->p_value, nextafter (0.05, 0));
  else
    out->p_value = MAX (out->p_value, 0.05);
}

int
bs_stats_leader (int e)
{
  if (e < 0)
    return 0;
  return e > BS_STATS_LEAD_HIGH ? 1 : e < BS_STATS_LEAD_LOW ? 2 : 0;
}

int
bs_stats_paired_evaluation (const gint16 *evaluations,
                            guint         i)
{
  if (evaluations[i] < 0)
    return -1;
  if (i == 0 || evaluations[i - 1] < 0)
    return evaluations[i];
  return (evaluations[i] + evaluations[i - 1] + 1) / 2;
}

guint
bs_stats_lead_changes (const gint16 *evaluations,
                       guint         n)
{
  int leader = 0;
  guint changes = 0;

  for (guint i = 0; i < n; i++)
    {
      int now = bs_stats_leader (bs_stats_paired_evaluation (evaluations, i));

      if (now == 0)
        continue;
      if (leader != 0 && now != leader)
        changes++;
      leader = now;
    }
  return changes;
}

static int
winner_view (int e,
             int winner)
{
  return winner == 1 ? e : 1000 - e;
}

guint
bs_stats_decisive_at (const gint16 *evaluations,
                      guint         n,
                      int           winner)
{
  guint first = 0, last_below = 0;

  for (guint i = 0; i < n; i++)
    {
      int e = bs_stats_paired_evaluation (evaluations, i);

      if (e < 0)
        continue;
      if (first == 0)
        first = i + 1;
      if (winner_view (e, winner) < BS_STATS_DECISIVE)
        last_below = i + 1;
    }
  if (first == 0)
    return 0;
  return last_below > 0 ? MIN (last_below + 1, n) : first;
}

guint
bs_stats_drama (const gint16 *evaluations,
                guint         n,
                int           winner)
{
  int worst = 1000;

  for (guint i = 0; i < n; i++)
    {
      int e = bs_stats_paired_evaluation (evaluations, i);

      if (e >= 0)
        worst = MIN (worst, winner_view (e, winner));
    }
  return worst < 500 ? (guint) (500 - worst) : 0;
}

int
bs_stats_move_cell (const BsBoard *board,
                    const char    *notation)
{
  int cell = -1;
  const char *p = notation;

  while (*p != '\0')
    {
      const char *start = p;

      while (*p != '\0' && g_ascii_isalnum (*p))
        p++;
      if (p > start)
        {
          g_autofree char *token = g_strndup (start, (gsize) (p - start));
          int found = bs_board_find_cell (board, token, NULL);

          if (found >= 0)
            cell = found;
        }
      while (*p != '\0' && !g_ascii_isalnum (*p))
        p++;
    }
  return cell;
}

static void
opening_free (gpointer data)
{
  BsStudyOpening *opening = data;

  g_free (opening->move);
  g_free (opening);
}

BsStudyStats *
bs_study_stats_new (gboolean simultaneous)
{
  BsStudyStats *stats = g_new0 (BsStudyStats, 1);

  stats->simultaneous = simultaneous;
  stats->plies = g_array_new (FALSE, TRUE, sizeof (guint));
  stats->turns = g_array_new (FALSE, TRUE, sizeof (guint));
  stats->reasons = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  stats->branch_count = g_array_new (FALSE, TRUE, sizeof (guint));
  stats->branch_mean = g_array_new (FALSE, TRUE, sizeof (double));
  stats->branch_m2 = g_array_new (FALSE, TRUE, sizeof (double));
  stats->branch_sums = g_array_new (FALSE, TRUE, sizeof (BsStatsBranchSums));
  stats->score_margin = g_array_new (FALSE, TRUE, sizeof (guint));
  stats->piece_margin = g_array_new (FALSE, TRUE, sizeof (guint));
  stats->lead_changes = g_array_new (FALSE, TRUE, sizeof (guint));
  stats->decisive_at = g_array_new (FALSE, TRUE, sizeof (guint));
  /* A simultaneous game's first round orders every piece: nearly every
   * game has its own, so a table of them would grow with the games. */
  if (!simultaneous)
    stats->openings = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, opening_free);
  return stats;
}

void
bs_study_stats_free (BsStudyStats *stats)
{
  if (stats == NULL)
    return;
  g_array_unref (stats->plies);
  g_array_unref (stats->turns);
  g_hash_table_unref (stats->reasons);
  g_array_unref (stats->branch_count);
  g_array_unref (stats->branch_mean);
  g_array_unref (stats->branch_m2);
  g_array_unref (stats->branch_sums);
  g_array_unref (stats->score_margin);
  g_array_unref (stats->piece_margin);
  g_array_unref (stats->lead_changes);
  g_array_unref (stats->decisive_at);
  g_clear_pointer (&stats->openings, g_hash_table_unref);
  g_clear_pointer (&stats->sequence, g_array_unref);
  g_clear_pointer (&stats->replicates, g_array_unref);
  g_free (stats);
}

static GArray *
array_copy (const GArray *array)
{
  GArray *copy = g_array_sized_new (FALSE, TRUE, g_array_get_element_size ((GArray *) array),
                                    array->len);

  g_array_append_vals (copy, array->data, array->len);
  return copy;
}

BsStudyStats *
bs_study_stats_copy (const BsStudyStats *stats)
{
  BsStudyStats *copy = g_new (BsStudyStats, 1);
  GHashTableIter iter;
  gpointer key, value;

  *copy = *stats;
  copy->plies = array_copy (stats->plies);
  copy->turns = array_copy (stats->turns);
  copy->branch_count = array_copy (stats->branch_count);
  copy->branch_mean = array_copy (stats->branch_mean);
  copy->branch_m2 = array_copy (stats->branch_m2);
  copy->branch_sums = array_copy (stats->branch_sums);
  copy->score_margin = array_copy (stats->score_margin);
  copy->piece_margin = array_copy (stats->piece_margin);
  copy->lead_changes = array_copy (stats->lead_changes);
  copy->decisive_at = array_copy (stats->decisive_at);
  copy->sequence = stats->sequence != NULL ? array_copy (stats->sequence) : NULL;
  copy->replicates = stats->replicates != NULL ? array_copy (stats->replicates) : NULL;
  copy->reasons = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_hash_table_iter_init (&iter, stats->reasons);
  while (g_hash_table_iter_next (&iter, &key, &value))
    g_hash_table_insert (copy->reasons, g_strdup (key), value);
  if (stats->openings != NULL)
    {
      copy->openings = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, opening_free);
      g_hash_table_iter_init (&iter, stats->openings);
      while (g_hash_table_iter_next (&iter, &key, &value))
        {
          BsStudyOpening *opening = g_memdup2 (value, sizeof (BsStudyOpening));

          opening->move = g_strdup (opening->move);
          g_hash_table_insert (copy->openings, opening->move, opening);
        }
    }
  return copy;
}

static void
histogram_add (GArray *histogram,
               guint   value)
{
  if (value >= histogram->len)
    g_array_set_size (histogram, value + 1);
  g_array_index (histogram, guint, value)++;
}

/* The key is copied only the first time a reason is seen. */
static void
reason_add (GHashTable *reasons,
            const char *reason,
            guint       count)
{
  gpointer key, value;

  /* Stolen and put back: inserting the key it holds would free it. */
  if (g_hash_table_steal_extended (reasons, reason, &key, &value))
    g_hash_table_insert (reasons, key, GUINT_TO_POINTER (GPOINTER_TO_UINT (value) + count));
  else
    g_hash_table_insert (reasons, g_strdup (reason), GUINT_TO_POINTER (count));
}

guint
bs_stats_forced_plies (const BsStudyGame *game)
{
  guint forced = 0, step = 0;

  for (guint i = 0; i < game->step_counts->len; i++)
    {
      guint n_steps = g_array_index (game->step_counts, guint16, i);
      gboolean choice = FALSE;

      for (guint s = 0; s < n_steps && step < game->branching->len; s++, step++)
        choice |= g_array_index (game->branching, guint16, step) > 1;
      forced += !choice;
    }
  return forced;
}

double
bs_stats_tree_complexity (const BsStudyGame *game)
{
  double sum = 0;

  for (guint i = 0; i < game->branching->len; i++)
    {
      guint16 legal = g_array_index (game->branching, guint16, i);

      if (legal > 1)
        sum += log10 (legal);
    }
  return sum;
}

void
bs_stats_mean_sums_add (BsStatsMeanSums *sums,
                        double           value)
{
  guint64 units = (guint64) llround (MAX (value, 0.0) * BS_STATS_MEASURE_UNIT);

  sums->n++;
  sums->sum += units;
  sums->sum_squares += (BsStatsSum) units * units;
}

BsStatsMeanSums
bs_stats_mean_sums_complement (const BsStatsMeanSums *sums)
{
  BsStatsMeanSums out = *sums;
  BsStatsSum unit = (BsStatsSum) BS_STATS_MEASURE_UNIT;

  /* Σ (u − x) = n u − Σ x; Σ (u − x)² = n u² − 2 u Σ x + Σ x². */
  out.sum = sums->n * unit - sums->sum;
  out.sum_squares = sums->n * unit * unit - 2 * unit * sums->sum + sums->sum_squares;
  return out;
}

static void
mean_sums_merge (BsStatsMeanSums       *sums,
                 const BsStatsMeanSums *other)
{
  sums->n += other->n;
  sums->sum += other->sum;
  sums->sum_squares += other->sum_squares;
}

void
bs_stats_mean_summary (const BsStatsMeanSums *sums,
                       double                 lowest,
                       double                 highest,
                       BsStatsMean           *out)
{
  long double sum = (long double) sums->sum, m2;
  double half;

  memset (out, 0, sizeof *out);
  out->n = sums->n;
  if (sums->n == 0)
    return;
  out->mean = (double) (sum / sums->n / BS_STATS_MEASURE_UNIT);
  m2 = (long double) sums->sum_squares - sum * sum / sums->n;
  out->sd = sums->n > 1 && m2 > 0
            ? sqrt ((double) (m2 / (sums->n - 1)) ) / BS_STATS_MEASURE_UNIT : 0.0;
  half = BS_STATS_Z95 * out->sd / sqrt (sums->n);
  out->low = MAX (out->mean - half, lowest);
  out->high = MIN (out->mean + half, highest);
}

static void
branch_resize (BsStudyStats *stats,
               guint         plies)
{
  if (plies <= stats->branch_count->len)
    return;
  g_array_set_size (stats->branch_count, plies);
  g_array_set_size (stats->branch_mean, plies);
  g_array_set_size (stats->branch_m2, plies);
  g_array_set_size (stats->branch_sums, plies);
}

/* The mean and M2 of ply i from its exact sums: the same sums give the
 * same doubles, whatever order the games came in. */
static void
branch_update (BsStudyStats *stats,
               guint         i)
{
  const BsStatsBranchSums *sums = &g_array_index (stats->branch_sums, BsStatsBranchSums, i);
  guint n = g_array_index (stats->branch_count, guint, i);
  long double sum = (long double) sums->sum, m2;

  if (n == 0)
    return;
  /* In units squared: Σq² − (Σq)²/n, never below 0. */
  m2 = (long double) sums->sum_squares - sum * sum / n;
  g_array_index (stats->branch_mean, double, i) = (double) (sum / n / BS_STATS_BRANCH_UNIT);
  g_array_index (stats->branch_m2, double, i) =
    m2 > 0 ? (double) (m2 / BS_STATS_BRANCH_UNIT / BS_STATS_BRANCH_UNIT) : 0.0;
}

static void
totals_update (BsStudyStats *stats)
{
  stats->branch_total = (double) ((long double) stats->branch_total_sum / BS_STATS_BRANCH_UNIT);
  stats->decisive_fraction_sum = (double) stats->decisive_fraction_units / BS_STATS_FRACTION_UNIT;
}

void
bs_study_stats_add (BsStudyStats      *stats,
                    const BsStudy     *study,
                    const BsStudyGame *game)
{
  const BsStudyArm *arm = bs_study_get_arm (study, game->arm);
  const gint16 *evaluations = (const gint16 *) game->evaluations->data;
  int a_seat = game->swapped ? 2 : 1;
  guint step = 0;
  gboolean evaluated = FALSE;

  stats->games++;
  if (study->margin > 0)
    {
      if (stats->sequence == NULL)
        stats->sequence = g_array_new (FALSE, TRUE, sizeof (guint8));
      if (game->number >= stats->sequence->len)
        g_array_set_size (stats->sequence, game->number + 1);
      g_array_index (stats->sequence, guint8, game->number) =
        (guint8) (1 + bs_study_game_half_points (game, 1));
    }
  if (game->result == BS_RESULT_WIN_1 || game->result == BS_RESULT_WIN_2)
    stats->wins[game->result - 1]++;
  else
    stats->draws++;
  if (study->replicate_seeds != NULL)
    {
      BsStudyReplicateCounts *counts;

      if (stats->replicates == NULL)
        stats->replicates = g_array_new (FALSE, TRUE, sizeof (BsStudyReplicateCounts));
      if (game->replicate >= stats->replicates->len)
        g_array_set_size (stats->replicates, study->replicate_seeds->len);
      counts = &g_array_index (stats->replicates, BsStudyReplicateCounts, game->replicate);
      counts->games++;
      if (game->result == BS_RESULT_WIN_1 || game->result == BS_RESULT_WIN_2)
        counts->wins[game->result - 1]++;
      else
        counts->draws++;
    }
  stats->half_points_a += (guint) bs_study_game_half_points (game, a_seat);
  if (a_seat == 1)
    {
      stats->a_first_games++;
      stats->a_first_half_points += (guint) bs_study_game_half_points (game, 1);
    }

  histogram_add (stats->plies, game->plies);
  histogram_add (stats->turns, stats->simultaneous ? game->plies : (game->plies + 1) / 2);
  reason_add (stats->reasons, game->reason, 1);

  branch_resize (stats, game->plies);
  for (guint i = 0; i < game->step_counts->len && i < game->plies; i++)
    {
      guint n_steps = g_array_index (game->step_counts, guint16, i);
      BsStatsBranchSums *sums;
      guint64 sum = 0, value;

      for (guint s = 0; s < n_steps && step < game->branching->len; s++, step++)
        sum += g_array_index (game->branching, guint16, step);
      if (n_steps == 0)
        continue;
      /* The mean over the steps in units, rounded once (< 2^40). */
      value = ((sum << 24) + n_steps / 2) / n_steps;
      sums = &g_array_index (stats->branch_sums, BsStatsBranchSums, i);
      sums->sum += value;
      sums->sum_squares += (BsStatsSum) value * value;
      g_array_index (stats->branch_count, guint, i)++;
      branch_update (stats, i);
      stats->branch_total_sum += value;
      stats->branch_plies++;
    }

  histogram_add (stats->score_margin, (guint) ABS (game->scores[0] - game->scores[1]));
  histogram_add (stats->piece_margin, (guint) ABS (game->pieces[0] - game->pieces[1]));

  if (game->cells > 0)
    bs_stats_mean_sums_add (&stats->coverage, (double) game->covered / game->cells);
  if (game->plies > 0 && game->step_counts->len == game->plies)
    {
      bs_stats_mean_sums_add (&stats->decisions,
                              (double) (game->plies - bs_stats_forced_plies (game)) /
                              game->plies);
      bs_stats_mean_sums_add (&stats->tree_complexity, bs_stats_tree_complexity (game));
    }
  if (game->repeats >= 0)
    bs_stats_mean_sums_add (&stats->repetition, (double) game->repeats / (game->plies + 1));
  if (game->score_difference >= 0)
    bs_stats_mean_sums_add (&stats->score_difference,
                            (double) game->score_difference / (game->plies + 1));

  for (guint i = 0; i < game->evaluations->len; i++)
    evaluated |= evaluations[i] >= 0;
  if (evaluated)
    {
      stats->evaluated++;
      histogram_add (stats->lead_changes,
                     bs_stats_lead_changes (evaluations, game->evaluations->len));
      if (game->result == BS_RESULT_WIN_1 || game->result == BS_RESULT_WIN_2)
        {
          int winner = game->result;
          guint at = bs_stats_decisive_at (evaluations, game->evaluations->len, winner);
          guint drama = bs_stats_drama (evaluations, game->evaluations->len, winner);

          stats->decided++;
          histogram_add (stats->decisive_at, at);
          if (game->plies > 0)
            stats->decisive_fraction_units +=
              (((guint64) at << 32) + game->plies / 2) / game->plies;
          stats->drama_sum += drama;
          if (500 - (int) drama <= BS_STATS_COMEBACK)
            stats->comebacks++;
        }
    }
  totals_update (stats);

  if (stats->openings != NULL && game->moves->len > 0)
    {
      const char *move = game->moves->pdata[0];
      BsStudyOpening *opening = g_hash_table_lookup (stats->openings, move);

      if (opening == NULL)
        {
          opening = g_new0 (BsStudyOpening, 1);
          opening->move = g_strdup (move);
          opening->cell = arm->ruleset == NULL ? -1 : bs_stats_move_cell (arm->ruleset->board,
                                                                          move);
          g_hash_table_insert (stats->openings, opening->move, opening);
        }
      opening->games++;
      opening->half_points += (guint) bs_study_game_half_points (game, 1);
    }
}

static void
histogram_merge (GArray       *histogram,
                 const GArray *other)
{
  if (other->len > histogram->len)
    g_array_set_size (histogram, other->len);
  for (guint i = 0; i < other->len; i++)
    g_array_index (histogram, guint, i) += g_array_index (other, guint, i);
}

void
bs_study_stats_merge (BsStudyStats       *stats,
                      const BsStudyStats *other)
{
  GHashTableIter iter;
  gpointer key, value;

  g_return_if_fail (stats->simultaneous == other->simultaneous);

  stats->games += other->games;
  if (other->sequence != NULL)
    {
      if (stats->sequence == NULL)
        stats->sequence = g_array_new (FALSE, TRUE, sizeof (guint8));
      if (other->sequence->len > stats->sequence->len)
        g_array_set_size (stats->sequence, other->sequence->len);
      for (guint i = 0; i < other->sequence->len; i++)
        if (g_array_index (other->sequence, guint8, i) != 0)
          g_array_index (stats->sequence, guint8, i) = g_array_index (other->sequence, guint8, i);
    }
  stats->wins[0] += other->wins[0];
  stats->wins[1] += other->wins[1];
  stats->draws += other->draws;
  if (other->replicates != NULL)
    {
      if (stats->replicates == NULL)
        stats->replicates = g_array_new (FALSE, TRUE, sizeof (BsStudyReplicateCounts));
      if (other->replicates->len > stats->replicates->len)
        g_array_set_size (stats->replicates, other->replicates->len);
      for (guint r = 0; r < other->replicates->len; r++)
        {
          BsStudyReplicateCounts *to = &g_array_index (stats->replicates,
                                                       BsStudyReplicateCounts, r);
          const BsStudyReplicateCounts *from = &g_array_index (other->replicates,
                                                               BsStudyReplicateCounts, r);

          to->games += from->games;
          to->wins[0] += from->wins[0];
          to->wins[1] += from->wins[1];
          to->draws += from->draws;
        }
    }
  stats->half_points_a += other->half_points_a;
  stats->a_first_half_points += other->a_first_half_points;
  stats->a_first_games += other->a_first_games;
  histogram_merge (stats->plies, other->plies);
  histogram_merge (stats->turns, other->turns);
  g_hash_table_iter_init (&iter, other->reasons);
  while (g_hash_table_iter_next (&iter, &key, &value))
    reason_add (stats->reasons, key, GPOINTER_TO_UINT (value));

  /* Per ply, the exact sums add up. */
  branch_resize (stats, other->branch_count->len);
  for (guint i = 0; i < other->branch_count->len; i++)
    {
      BsStatsBranchSums *sums = &g_array_index (stats->branch_sums, BsStatsBranchSums, i);
      const BsStatsBranchSums *theirs = &g_array_index (other->branch_sums, BsStatsBranchSums, i);
      guint n_b = g_array_index (other->branch_count, guint, i);

      if (n_b == 0)
        continue;
      sums->sum += theirs->sum;
      sums->sum_squares += theirs->sum_squares;
      g_array_index (stats->branch_count, guint, i) += n_b;
      branch_update (stats, i);
    }
  stats->branch_total_sum += other->branch_total_sum;
  stats->branch_plies += other->branch_plies;

  histogram_merge (stats->score_margin, other->score_margin);
  histogram_merge (stats->piece_margin, other->piece_margin);
  mean_sums_merge (&stats->coverage, &other->coverage);
  mean_sums_merge (&stats->decisions, &other->decisions);
  mean_sums_merge (&stats->repetition, &other->repetition);
  mean_sums_merge (&stats->score_difference, &other->score_difference);
  mean_sums_merge (&stats->tree_complexity, &other->tree_complexity);
  stats->evaluated += other->evaluated;
  histogram_merge (stats->lead_changes, other->lead_changes);
  stats->decided += other->decided;
  stats->decisive_fraction_units += other->decisive_fraction_units;
  histogram_merge (stats->decisive_at, other->decisive_at);
  stats->drama_sum += other->drama_sum;
  stats->comebacks += other->comebacks;
  totals_update (stats);

  if (other->openings == NULL)
    return;
  g_hash_table_iter_init (&iter, other->openings);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      const BsStudyOpening *theirs = value;
      BsStudyOpening *ours = g_hash_table_lookup (stats->openings, key);

      if (ours == NULL)
        {
          ours = g_memdup2 (theirs, sizeof (BsStudyOpening));
          ours->move = g_strdup (theirs->move);
          g_hash_table_insert (stats->openings, ours->move, ours);
          continue;
        }
      ours->games += theirs->games;
      ours->half_points += theirs->half_points;
    }
}

gboolean
bs_study_stats_stopping (const BsStudyStats *stats,
                         const BsStudy      *study,
                         BsStudyStopping    *out)
{
  BsStatsSequence sequence;

  *out = (BsStudyStopping) { .low = 0, .high = 1 };
  if (study->margin <= 0 || stats->sequence == NULL || stats->games == 0)
    return FALSE;
  /* Only a study whose games are all there from 0 can be followed in order. */
  if (stats->sequence->len < stats->games)
    return FALSE;
  bs_stats_sequence_init (&sequence, study->margin);
  for (guint i = 0; i < stats->games; i++)
    {
      guint8 points = g_array_index (stats->sequence, guint8, i);

      if (points == 0)
        return FALSE;
      bs_stats_sequence_add (&sequence, points - 1u);
      if ((i + 1) % BS_STUDY_MARGIN_BLOCK == 0 &&
          bs_stats_sequence_half_width (&sequence) <= study->margin)
        {
          out->stopped = TRUE;
          break;
        }
    }
  out->known = TRUE;
  out->at = sequence.n;
  out->low = sequence.low;
  out->high = sequence.high;
  return TRUE;
}

void
bs_study_stats_first_player (const BsStudyStats *stats,
                             BsStatsScore       *out)
{
  bs_stats_score_with_draws (2 * stats->wins[0] + stats->draws, stats->draws, stats->games,
                             out);
}

void
bs_study_stats_player_a (const BsStudyStats *stats,
                         BsStatsScore       *out)
{
  bs_stats_score_with_draws (stats->half_points_a, stats->draws, stats->games, out);
}

void
bs_stats_histogram_summary (const GArray   *histogram,
                            BsStatsSummary *out)
{
  guint64 n = 0;
  double sum = 0, sum_sq = 0, mean;
  guint64 seen = 0;
  gboolean have_low = FALSE;
  guint low = 0;

  memset (out, 0, sizeof *out);
  for (guint v = 0; v < histogram->len; v++)
    {
      guint c = g_array_index (histogram, guint, v);

      if (c == 0)
        continue;
      if (n == 0)
        out->min = v;
      out->max = v;
      n += c;
      sum += (double) c * v;
    }
  out->n = (guint) n;
  if (n == 0)
    return;
  mean = sum / n;
  out->mean = mean;
  for (guint v = 0; v < histogram->len; v++)
    {
      guint c = g_array_index (histogram, guint, v);
      sum_sq += c * (v - mean) * (v - mean);
    }
  out->sd = n > 1 ? sqrt (sum_sq / (n - 1)) : 0;

  /* The median: the middle value, or the mean of the two middle ones. */
  for (guint v = 0; v < histogram->len; v++)
    {
      guint c = g_array_index (histogram, guint, v);

      if (c == 0)
        continue;
      if (!have_low && seen + c >= (n + 1) / 2)
        {
          low = v;
          have_low = TRUE;
        }
      if (seen + c >= n / 2 + 1)
        {
          out->median = n % 2 == 1 ? low : (low + v) / 2.0;
          return;
        }
      seen += c;
    }
}

static int
compare_openings (gconstpointer a,
                  gconstpointer b)
{
  const BsStudyOpening *x = *(BsStudyOpening * const *) a;
  const BsStudyOpening *y = *(BsStudyOpening * const *) b;

  if (x->games != y->games)
    return x->games > y->games ? -1 : 1;
  return strcmp (x->move, y->move);
}

GPtrArray *
bs_study_stats_openings (const BsStudyStats *stats)
{
  GPtrArray *list = g_ptr_array_new ();
  GHashTableIter iter;
  gpointer value;

  if (stats->openings == NULL)
    return list;
  g_hash_table_iter_init (&iter, stats->openings);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    g_ptr_array_add (list, value);

  g_ptr_array_sort (list, compare_openings);
  return list;
}

static int
compare_reasons (gconstpointer a,
                 gconstpointer b,
                 gpointer      user_data)
{
  GHashTable *counts = user_data;
  const char *x = *(const char * const *) a, *y = *(const char * const *) b;
  guint cx = GPOINTER_TO_UINT (g_hash_table_lookup (counts, x));
  guint cy = GPOINTER_TO_UINT (g_hash_table_lookup (counts, y));

  if (cx != cy)
    return cx > cy ? -1 : 1;
  return strcmp (x, y);
}

GPtrArray *
bs_study_stats_reasons (const BsStudyStats *stats)
{
  GPtrArray *list = g_ptr_array_new ();
  GHashTableIter iter;
  gpointer key;

  g_hash_table_iter_init (&iter, stats->reasons);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    g_ptr_array_add (list, key);

  g_ptr_array_sort_with_data (list, compare_reasons, stats->reasons);
  return list;
}

int
bs_study_stats_fairest_preferring (BsStudyStats * const *arms,
                                   guint                 n_arms,
                                   int                   prefer)
{
  int best = -1;
  double best_distance = 0, best_width = 0;

  /* The variant's own value, when it is fair (½ inside its interval), is
   * kept: another value nearer ½ by less than the noise is no reason to
   * change the game. */
  if (prefer >= 0 && (guint) prefer < n_arms && arms[prefer]->games > 0)
    {
      BsStatsScore own;

      bs_study_stats_first_player (arms[prefer], &own);
      if (!own.significant)
        return prefer;
    }
  for (guint i = 0; i < n_arms; i++)
    {
      BsStatsScore score;
      double distance, width;
      gboolean tie;

      if (arms[i]->games == 0)
        continue;
      bs_study_stats_first_player (arms[i], &score);
      distance = fabs (score.score - 0.5);
      width = score.high - score.low;
      tie = best >= 0 && fabs (distance - best_distance) <= 1e-12 &&
            fabs (width - best_width) <= 1e-12;
      if (best < 0 || distance < best_distance - 1e-12 ||
          (fabs (distance - best_distance) <= 1e-12 && width < best_width - 1e-12) ||
          (tie && (int) i == prefer))
        {
          best = (int) i;
          best_distance = distance;
          best_width = width;
        }
    }
  return best;
}

int
bs_study_stats_fairest (BsStudyStats * const *arms,
                        guint                 n_arms)
{
  return bs_study_stats_fairest_preferring (arms, n_arms, -1);
}

GArray *
bs_study_stats_fairest_ties (BsStudyStats * const *arms,
                             guint                 n_arms,
                             int                   prefer)
{
  GArray *ties = g_array_new (FALSE, FALSE, sizeof (guint));
  int fairest = bs_study_stats_fairest_preferring (arms, n_arms, prefer);
  BsStatsScore best;

  if (fairest < 0)
    return ties;
  bs_study_stats_first_player (arms[fairest], &best);
  for (guint i = 0; i < n_arms; i++)
    {
      BsStatsScore score;

      if (arms[i]->games == 0)
        continue;
      bs_study_stats_first_player (arms[i], &score);
      if (fabs (fabs (score.score - 0.5) - fabs (best.score - 0.5)) <= 1e-12 &&
          fabs ((score.high - score.low) - (best.high - best.low)) <= 1e-12)
        g_array_append_val (ties, i);
    }
  return ties;
}

GArray *
bs_study_stats_plausibly_fair (BsStudyStats * const *arms,
                               guint                 n_arms,
                               double               *holm_p_values)
{
  GArray *fair = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autofree double *p = g_new (double, MAX (n_arms, 1));
  g_autofree double *adjusted = g_new (double, MAX (n_arms, 1));
  g_autofree guint *candidates = g_new (guint, MAX (n_arms, 1));
  guint n = 0;

  /* The family is the values that have games: one without any is no candidate. */
  for (guint i = 0; i < n_arms; i++)
    {
      BsStatsScore score;

      if (holm_p_values != NULL)
        holm_p_values[i] = 1;
      if (arms[i]->games == 0)
        continue;
      bs_study_stats_first_player (arms[i], &score);
      candidates[n] = i;
      p[n++] = score.p_value;
    }
  bs_stats_holm (p, n, adjusted);
  for (guint j = 0; j < n; j++)
    {
      if (holm_p_values != NULL)
        holm_p_values[candidates[j]] = adjusted[j];
      if (adjusted[j] >= 0.05)
        g_array_append_val (fair, candidates[j]);
    }
  return fair;
}
