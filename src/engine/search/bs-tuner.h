/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-tuner.h: learning an evaluation's weights from self-play.
 *
 * Games are played between two computer players (colours alternating,
 * the first plies and a share of the later moves uniformly random so that
 * the positions vary), a few positions are sampled from each game, and a
 * logistic regression of the game's result for player 1 (win 1, draw ½,
 * loss 0) on the positions' features is fitted by Newton's method with an
 * L2 penalty. The method is in docs/SEARCH.md ("Learned weights"). Every
 * budget but a CPU time replays exactly from the seed. */

#pragma once

#include "bs-alphabeta.h"
#include "bs-player-spec.h"
#include "bs-search.h"
#include "bs-weights.h"

G_BEGIN_DECLS

/* ---- The regression -------------------------------------------------------
 * Rows of n_cols values each (x[row * n_cols + col]); targets y in [0, 1].
 * Minimises the mean log-loss + ½ Σ l2[col] β[col]² (l2 may be NULL: no
 * penalty). A column of ones, when the caller adds one, is the intercept
 * (give it l2 0). Returns the Newton iterations, or 0 when it did not
 * converge in BS_LOGISTIC_MAX_ITERATIONS (beta holds the last step). */
#define BS_LOGISTIC_MAX_COLS       (BS_MAX_FEATURES + 3)
#define BS_LOGISTIC_MAX_ITERATIONS 100

guint    bs_logistic_fit      (const double *x,
                               const double *y,
                               gsize         n_rows,
                               guint         n_cols,
                               const double *l2,
                               double       *beta);
/* The mean log-loss (natural log) of beta on the rows. */
double   bs_logistic_log_loss (const double *x,
                               const double *y,
                               gsize         n_rows,
                               guint         n_cols,
                               const double *beta);

/* ---- Self-play and the fit ------------------------------------------------ */

#define BS_TUNER_DEFAULT_PLAYER         "ab:depth=2"
#define BS_TUNER_DEFAULT_GAMES          200
#define BS_TUNER_DEFAULT_NOISE          0.1
#define BS_TUNER_DEFAULT_RANDOM_PLIES   4
#define BS_TUNER_DEFAULT_PER_GAME       8
#define BS_TUNER_DEFAULT_HELD_OUT_EVERY 5
#define BS_TUNER_DEFAULT_L2             1e-3
/* A game longer than this is stopped and counted a draw. */
#define BS_TUNER_MAX_PLIES              2000

typedef struct {
  guint             games;
  guint64           seed;
  BsPlayerSpec     *players[2];     /* A (player 1 in games 1, 3, …) and B */
  double            noise;          /* share of uniformly random moves */
  guint             random_plies;   /* the first plies of each game are random */
  guint             per_game;       /* positions sampled from each game */
  guint             held_out_every; /* every k-th game is held out (k ≥ 2) */
  double            l2;             /* on the features, not the intercept */
  BsEvaluationKind  evaluation;     /* FEATURES or GENERIC */
} BsTunerParams;

void       bs_tuner_params_init (BsTunerParams      *params);

/* Called after each game (may be NULL). */
typedef void (*BsTunerProgressFunc) (guint    game,
                                     guint    games,
                                     gpointer user_data);

/* Plays, samples and fits: returns the weights (game, variant, features,
 * weights, logit-weights, scale, the log-losses on the held-out games'
 * positions); settings are left empty for the caller. NULL with an error
 * when a player fails or no position could be sampled. */
BsWeights *bs_tuner_run         (BsRuleset            *rs,
                                 const BsTunerParams  *params,
                                 BsTunerProgressFunc   progress,
                                 gpointer              user_data,
                                 GError              **error);

G_END_DECLS
