/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-weights.h: an evaluation's weights learned by play (bs-tuner.h),
 * kept in a small key file that `boardsmith-cli tune` writes and
 * alpha-beta's `weights=FILE` reads.
 *
 *   [Weights]
 *   format=1
 *   game=breakthrough              (the rule module's id)
 *   variant=breakthrough           (the variant's id)
 *   settings=size=6;               (the --set list it was tuned with)
 *   features=material;runner;…     (the evaluation's feature ids)
 *   weights=1;2.41;…               (pieces' worth, as BsFeatureSpec.weight)
 *   …                              (how they were fitted: see bs_weights_save)
 *
 * A file is used only by a game whose evaluation has exactly these
 * features (in any order): anything else is refused with an error naming
 * the file, the line and the value. */

#pragma once

#include <glib.h>

#include "bs-evaluation.h"
#include "bs-ruleset.h"

G_BEGIN_DECLS

#define BS_WEIGHTS_GROUP  "Weights"
#define BS_WEIGHTS_FORMAT 1

typedef struct {
  char    *path;                             /* where it was loaded from, or NULL */
  int      features_line;                    /* the line of features= there, or 0 */
  int      game_line;                        /* of game=, alike */
  char    *game;                             /* the rule module's id */
  char    *variant;                          /* the variant's id */
  char   **settings;                         /* KEY=VALUE, NULL-terminated (may be empty) */
  guint    n_features;
  char    *features[BS_MAX_FEATURES];
  double   weights[BS_MAX_FEATURES];         /* pieces' worth */
  /* How they were fitted (0 when the file does not say). */
  double   logit[BS_MAX_FEATURES];           /* the regression's coefficients */
  double   intercept;                        /* logit of player 1 winning, all features 0 */
  double   side_to_move;                     /* logit for player 1 having the move */
  double   scale;                            /* logit per piece: weights = logit / scale */
  double   l2;                               /* the regularisation's λ */
  char    *players;                          /* who played the games */
  guint64  seed;
  guint    games;
  guint    positions;                        /* fitted on */
  guint    held_out;                         /* positions of the held-out games */
  double   log_loss_zero;                    /* held out: no feature (the base rate) */
  double   log_loss_before;                  /* held out: the hand weights, scale fitted */
  double   log_loss_after;                   /* held out: the learned weights */
} BsWeights;

BsWeights *bs_weights_new        (void);
void       bs_weights_free       (BsWeights        *weights);
/* Reads path; a missing file, a file that is not a key file, a missing
 * key, a weight that is not a finite number, a repeated or empty feature
 * or lists of different lengths are errors naming path, line and value
 * (G_FILE_ERROR, G_KEY_FILE_ERROR). */
BsWeights *bs_weights_load       (const char       *path,
                                  GError          **error);
/* Writes the key file atomically (g_file_set_contents). */
gboolean   bs_weights_save       (const BsWeights  *weights,
                                  const char       *path,
                                  GError          **error);
/* The weights in the order of rs's evaluation `kind` (bs_evaluation_features)
 * into out; FALSE (G_KEY_FILE_ERROR_INVALID_VALUE) naming the file, the
 * line and both lists when the features differ, or the game when the file
 * was fitted for another rule module. */
gboolean   bs_weights_resolve    (const BsWeights  *weights,
                                  const BsRuleset  *rs,
                                  BsEvaluationKind  kind,
                                  double           *out,
                                  GError          **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BsWeights, bs_weights_free)

G_END_DECLS
