/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-balance-verdict.h: the words of the Balance page's results: the
 * headline of a study of one variant (what the first move does only when
 * the sides are otherwise alike; who scores what when they are not), whether
 * the score is fair within a margin, and
 * how likely a difference is to be chance, in words for the page and as
 * the figure (for a tooltip). */

#pragma once

#include "bs-ruleset.h"
#include "bs-study-stats.h"

G_BEGIN_DECLS

/* How the two sides of rs start apart from who moves first, for a person
 * ("Light, 14 pieces against 10"), or NULL when they start alike. */
char *bs_balance_sides_difference (const BsRuleset    *rs);

/* The headline of a study of the variant of rs: "Moving first is an
 * advantage: player 1 scores 62.5%" when the sides are alike, else what
 * the study shows of the sides as they are. */
char *bs_balance_verdict_single   (const BsRuleset    *rs,
                                   const BsStatsScore *score);

/* Whether player 1's score is fair within ± margin (a proportion: 0.03 is 3 points;
 * bs_stats_equivalence), in words: "Fair within ±3 points: …", "Unfair: …" or "Not shown
 * fair within ±3 points, nor unfair: …". The headline says "fair" at BS_STUDY_FAIR_MARGIN. */
char *bs_balance_equivalence_words (const BsStatsScore *score,
                                    double              margin);

/* The headline of an A/B players study (one variant at two strengths): how player 1's score
 * moves from player A's arm to player B's, with the interval and p-value of the difference
 * (B − A) — "Player 1 scores 12.0 points more with B (Hard) than with A (Easy): 95% interval
 * +3.0 to +21.0, p = 0.009", or "No clear difference …" when the interval holds 0. player_a
 * and player_b as bs_study_player_describe() says them. */
char *bs_balance_verdict_players  (const char              *player_a,
                                   const char              *player_b,
                                   const BsStatsDifference *difference);

/* A p-value in words: "very unlikely to be chance". */
const char *bs_balance_chance_words  (double p_value);
/* The p-value as a figure: "p < 0.001", "p = 0.021". */
char       *bs_balance_p_value_text  (double p_value);

G_END_DECLS
