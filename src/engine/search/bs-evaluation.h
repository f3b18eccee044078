/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-evaluation.h: how good a position looks without playing it out —
 * the judgement alpha-beta (bs-alphabeta.h) stops at.
 *
 * A module that declares features (bs-module.h: `features`,
 * `feature_values`) is judged by them and its weights; any other
 * turn-based module, a written game included, by the generic fallback
 * (bs-module.h, bs_generic_features): material (the pieces on the board
 * and in hand, player 1's minus player 2's) and mobility (the moves of the
 * player to move minus the opponent's), with the module's generic_weights
 * when it declares them (a rules file's <computer><weight>). */

#pragma once

#include "bs-ruleset.h"

G_BEGIN_DECLS

typedef enum {
  BS_EVALUATION_FEATURES,   /* the module's features, else the generic fallback */
  BS_EVALUATION_GENERIC,    /* material and mobility, whatever the module declares */
  BS_EVALUATION_MATERIAL,   /* material alone (a baseline to measure against) */
} BsEvaluationKind;

/* Centi-pieces: a piece more is worth this much. */
#define BS_EVALUATION_UNIT 100

/* The features a position of rs is judged by with `kind`: their ids and
 * weights (the module's, or the fallback's "material" and "mobility",
 * weighted as the module declares with BS_EVALUATION_FEATURES). */
guint    bs_evaluation_features (const BsRuleset   *rs,
                                 BsEvaluationKind   kind,
                                 BsFeatureSpec     *specs);
/* Their values on pos (not over, at the start of a turn), player 1's
 * figure minus player 2's; scratch holds rs->max_moves moves. Returns how
 * many. */
guint    bs_evaluation_values   (const BsRuleset   *rs,
                                 const BsPosition  *pos,
                                 BsEvaluationKind   kind,
                                 BsMove            *scratch,
                                 double            *values);
/* The weighted sum in BS_EVALUATION_UNITs, for the player to move. */
int      bs_evaluation_score    (const BsRuleset   *rs,
                                 const BsPosition  *pos,
                                 BsEvaluationKind   kind,
                                 BsMove            *scratch);
/* The same with other weights than the declared ones: weights[i] for the
 * i-th feature of bs_evaluation_features (learned ones, bs-weights.h), or
 * NULL for the declared ones. */
int      bs_evaluation_score_weighted (const BsRuleset   *rs,
                                       const BsPosition  *pos,
                                       BsEvaluationKind   kind,
                                       const double      *weights,
                                       BsMove            *scratch);

G_END_DECLS
