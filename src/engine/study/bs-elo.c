/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-elo"

#include "config.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "bs-elo.h"
#include "bs-linear.h"

#define ELO_SCALE (400.0 / G_LN10)   /* Elo points per unit of θ */
#define PRIOR_DRAWS 1.0
#define MAX_ITERATIONS 100

void
bs_elo_table_init (BsEloTable *table,
                   guint       n)
{
  g_return_if_fail (n >= 2 && n <= BS_ELO_MAX_PLAYERS);
  memset (table, 0, sizeof *table);
  table->n = n;
}

void
bs_elo_table_add (BsEloTable *table,
                  guint       i,
                  guint       j,
                  double      points)
{
  g_return_if_fail (i < table->n && j < table->n && i != j);
  table->games[i][j] += 1;
  table->games[j][i] += 1;
  table->points[i][j] += points;
  table->points[j][i] += 1 - points;
}

/* Whether every player meets every other through the games played. */
static gboolean
connected (const BsEloTable *table)
{
  gboolean seen[BS_ELO_MAX_PLAYERS] = { TRUE };
  guint stack[BS_ELO_MAX_PLAYERS] = { 0 }, top = 1, count = 1;

  while (top > 0)
    {
      guint i = stack[--top];

      for (guint j = 0; j < table->n; j++)
        if (!seen[j] && table->games[i][j] > 0)
          {
            seen[j] = TRUE;
            stack[top++] = j;
            count++;
          }
    }
  return count == table->n;
}

/* L = −Hessian of the log-likelihood at θ (with the prior's games and points), plus
 * J/n: invertible, and its inverse minus J/n is the covariance on the mean-zero subspace. */
static void
information (const BsEloTable *table,
             const double     *theta,
             double           *l)
{
  guint n = table->n;

  for (guint i = 0; i < n * n; i++)
    l[i] = 1.0 / n;
  for (guint i = 0; i < n; i++)
    for (guint j = 0; j < n; j++)
      {
        double games = table->games[i][j], p, w;

        if (i == j || games == 0)
          continue;
        games += PRIOR_DRAWS;
        p = 1 / (1 + exp (theta[j] - theta[i]));
        w = games * p * (1 - p);
        l[i * n + i] += w;
        l[i * n + j] -= w;
      }
}

gboolean
bs_elo_fit (const BsEloTable *table,
            guint             anchor,
            BsEloRatings     *out,
            GError          **error)
{
  guint n = table->n;
  double theta[BS_ELO_MAX_PLAYERS] = { 0 };
  double l[BS_ELO_MAX_PLAYERS * BS_ELO_MAX_PLAYERS], step[BS_ELO_MAX_PLAYERS];
  double covariance[BS_ELO_MAX_PLAYERS * BS_ELO_MAX_PLAYERS];
  guint iteration;

  g_return_val_if_fail (anchor < n, FALSE);
  memset (out, 0, sizeof *out);
  if (!connected (table))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("the players do not all meet, directly or through others: their "
                     "ratings cannot be compared"));
      return FALSE;
    }

  for (iteration = 1; iteration <= MAX_ITERATIONS; iteration++)
    {
      double largest = 0, mean = 0;

      /* The gradient: each player's points (with the prior's half) minus those expected. */
      for (guint i = 0; i < n; i++)
        {
          step[i] = 0;
          for (guint j = 0; j < n; j++)
            if (j != i && table->games[i][j] > 0)
              step[i] += table->points[i][j] + PRIOR_DRAWS / 2 -
                         (table->games[i][j] + PRIOR_DRAWS) / (1 + exp (theta[j] - theta[i]));
        }
      information (table, theta, l);
      if (!bs_linear_solve (l, step, n))
        break;
      for (guint i = 0; i < n; i++)
        {
          theta[i] += step[i];
          largest = MAX (largest, fabs (step[i]));
          mean += theta[i] / n;
        }
      for (guint i = 0; i < n; i++)
        theta[i] -= mean;
      if (largest < 1e-10)
        break;
    }
  if (iteration > MAX_ITERATIONS)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("the ratings did not converge"));
      return FALSE;
    }

  /* The covariance: the inverse of the information on the mean-zero subspace, column by
   * column. */
  for (guint c = 0; c < n; c++)
    {
      double column[BS_ELO_MAX_PLAYERS];

      information (table, theta, l);
      for (guint i = 0; i < n; i++)
        column[i] = i == c;
      if (!bs_linear_solve (l, column, n))
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _("the ratings did not converge"));
          return FALSE;
        }
      for (guint i = 0; i < n; i++)
        covariance[i * n + c] = column[i] - 1.0 / n;
    }

  for (guint i = 0; i < n; i++)
    {
      double variance = covariance[i * n + i] + covariance[anchor * n + anchor] -
                        2 * covariance[i * n + anchor];
      double half = 1.959963984540054 * sqrt (MAX (0.0, variance));

      out->rating[i] = ELO_SCALE * (theta[i] - theta[anchor]);
      out->low[i] = out->rating[i] - ELO_SCALE * half;
      out->high[i] = out->rating[i] + ELO_SCALE * half;
    }
  out->iterations = iteration;
  return TRUE;
}
