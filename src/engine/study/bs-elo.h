/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-elo.h: Elo ratings from the games of a round robin (docs/SEARCH.md, Round robin).
 *
 * The model is Bradley–Terry on the Elo scale: player i scores against player j with
 * probability p_ij = 1 / (1 + 10^((r_j − r_i) / 400)), a draw counting half a win. The
 * ratings maximise the likelihood of the points scored, with a prior of one virtual draw
 * for every pair that played (as BayesElo's prior of virtual draws, Coulom 2005): a player
 * who won every game still has a finite rating, pulled a little towards the others. The
 * maximum is found by Newton's method on the natural scale θ = r · ln 10 / 400 with the
 * ratings' mean held at 0; its intervals come from the inverse of the observed information
 * (the negative Hessian, a Laplacian of rank n − 1, inverted on the mean-zero subspace as
 * (L + J/n)⁻¹ − J/n). Ratings are reported relative to an anchor player (0), each with the
 * 95% interval of its difference from the anchor. */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define BS_ELO_MAX_PLAYERS 16

typedef struct {
  guint  n;                                                /* players */
  /* games[i][j] = games[j][i]: games between i and j; points[i][j]: i's points against j
   * (a win 1, a draw ½), so points[i][j] + points[j][i] = games[i][j]. */
  double games[BS_ELO_MAX_PLAYERS][BS_ELO_MAX_PLAYERS];
  double points[BS_ELO_MAX_PLAYERS][BS_ELO_MAX_PLAYERS];
} BsEloTable;

typedef struct {
  double rating[BS_ELO_MAX_PLAYERS];   /* Elo, relative to the anchor */
  double low[BS_ELO_MAX_PLAYERS];      /* 95% interval of rating − the anchor's */
  double high[BS_ELO_MAX_PLAYERS];
  guint  iterations;
} BsEloRatings;

void     bs_elo_table_init (BsEloTable *table,
                            guint       n);
/* One game of i against j: points 1 (i won), 0.5 or 0. */
void     bs_elo_table_add  (BsEloTable *table,
                            guint       i,
                            guint       j,
                            double      points);
/* The ratings relative to player `anchor`. FALSE (G_OPTION_ERROR_BAD_VALUE) when the
 * players do not all meet, directly or through others (the ratings of two groups that
 * never met cannot be compared), or Newton's method does not converge. */
gboolean bs_elo_fit        (const BsEloTable *table,
                            guint             anchor,
                            BsEloRatings     *out,
                            GError          **error);

G_END_DECLS
