/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-rules-features.h: what a written game's goal blocks tell the search
 * (docs/RULES-LANGUAGE.md, "What the computer reads from the ends").
 *
 * A turn-based written game with a <connect> or a <line> end is judged by
 * the features these ends give instead of the generic material and
 * mobility (bs-evaluation.h):
 *
 *   material    the pieces on the board and in hand, as the generic one;
 *   two-distance a <connect> end: each player's two-distance potential
 *               (van Rijswijck's Queenbee): the least sum over empty cells
 *               of their two-distances from the two regions, a cell's
 *               two-distance 1 + the second best of its neighbours' (the
 *               other player takes the best), own chains collapsed, the
 *               other player's pieces blocking; player 2's minus player
 *               1's, a player cut off as far as the board has cells;
 *   lines       a <line> end: every line of its length that holds pieces
 *               of one player only, worth 1 with one piece short of the
 *               length and a quarter of that for each piece fewer,
 *               player 1's sum minus player 2's.
 *
 * The first end of each kind whose condition holds gives the figure;
 * none: 0. */

#pragma once

#include <glib.h>

#include "bs-module.h"
#include "bs-rules-document.h"

G_BEGIN_DECLS

typedef struct _BsRulesFeatures BsRulesFeatures;

/* The features doc's ends give (none when it has neither a <connect> nor
 * a <line> end): ids and hand-set weights, at most BS_MAX_FEATURES. */
guint            bs_rules_features_declare    (const BsRulesDocument *doc,
                                               BsFeatureSpec         *specs);

/* The tables of rs's board for the ends of doc that rs compiled; filled by
 * the program through the two calls below. */
BsRulesFeatures *bs_rules_features_new        (const BsRuleset       *rs,
                                               const BsRulesDocument *doc);
void             bs_rules_features_free       (BsRulesFeatures       *features);
/* Whether the connect end's regions are already set (the first end gives them). */
gboolean         bs_rules_features_connects   (const BsRulesFeatures *features);
/* The connect end's regions: in_region[(r * 3 + p) * n_cells + c] is
 * whether cell c belongs to region r (of n_regions) for player p. */
void             bs_rules_features_set_connection (BsRulesFeatures *features,
                                                   int              n_regions,
                                                   const gboolean  *in_region);
/* The line end: how many in a row, along axes given as board directions
 * (one of each opposite pair). Later calls are ignored. */
void             bs_rules_features_set_line   (BsRulesFeatures       *features,
                                               int                    length,
                                               const int             *dirs,
                                               int                    n_dirs);

/* dist[c]: the two-distance of the empty cell c from region `region` of the
 * connect end for p (1 + the second smallest among its neighbours, p's
 * chains collapsed, the other player's pieces blocking; an empty cell of the
 * region or next to p's chain touching it: 1), -1 where there is none or c
 * is not empty. Returns n_cells. */
int              bs_rules_features_two_distances (const BsRulesFeatures *features,
                                                  const BsPosition      *pos,
                                                  int                    p,
                                                  int                    region,
                                                  int                   *dist);
/* p's two-distance potential: the least sum, over empty cells, of the
 * two-distances from the first region and another (the farthest other
 * region with more than two); 0 when a chain of p joins them, -1 when p
 * has none. */
int              bs_rules_features_two_distance_potential (const BsRulesFeatures *features,
                                                           const BsPosition      *pos,
                                                           int                    p);
/* counts[k] (0 ≤ k ≤ length): the lines of the length that hold k pieces
 * of p and none of the other player's. Returns the length (0: no line end). */
int              bs_rules_features_line_counts (const BsRulesFeatures *features,
                                                const BsPosition      *pos,
                                                int                    p,
                                                int                   *counts);

/* The values of the declared features on pos (BsModule.feature_values). */
void             bs_rules_features_values     (const BsRulesFeatures *features,
                                               const BsPosition      *pos,
                                               double                *values);

G_END_DECLS
