/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-study-stats.h: the statistics of a balance study, defined in
 * docs/BALANCE.md and checked against independently computed values in
 * tests/engine/test-study-stats.c.
 *
 * A BsStudyStats gathers the games of one arm as they come (in any order)
 * into counts and histograms: its size depends on the longest game and the
 * number of distinct openings, never on the number of games. A
 * simultaneous game keeps no openings: its first turn is a round of orders
 * for every piece, nearly every game has its own, so their number would grow
 * with the games (and a cap on it would depend on the order they came in). */

#pragma once

#include <glib.h>

#include "bs-study.h"

G_BEGIN_DECLS

#define BS_STATS_Z95 1.959963984540054

/* The Wilson score interval of a proportion successes / n (successes may
 * be a half-integer: a score with draws as ½). n = 0 gives [0, 1]. */
void     bs_stats_wilson          (double    successes,
                                   guint     n,
                                   double    z,
                                   double   *low,
                                   double   *high);
/* P(Z > z) for a standard normal Z. */
double   bs_stats_normal_sf       (double    z);
/* Two-sided exact binomial test of k successes in n against p = ½ (the
 * probabilities of outcomes no likelier than k, summed). */
double   bs_stats_binomial_test   (guint     k,
                                   guint     n);
/* Two-sided Fisher exact test of the 2×2 table [[a, b], [c, d]]. */
double   bs_stats_fisher_exact    (guint     a,
                                   guint     b,
                                   guint     c,
                                   guint     d);

/* Whether a score differs from ½ (docs/BALANCE.md § The verdict): the score s = x / n (x in
 * half points / 2, a draw counting ½), its Wilson score interval, and the two-sided p-value
 * of the score test, z = (s − ½) / √(¼ / n), both on n_effective games in place of n when
 * there are draws (bs_stats_score_with_draws). The Wilson interval is the set of proportions
 * the score test does not reject, so the two always agree: significant (p < 0.05) exactly
 * when the 95% interval leaves out ½. Every verdict (the CLI, the report's JSON, the app)
 * reads `significant`. */
typedef struct {
  guint    n;
  double   score;
  double   low;
  double   high;
  double   p_value;
  gboolean significant;   /* p_value < 0.05: the interval leaves out ½ */
  double   n_effective;   /* n / the design effect of the draws; n without draws */
} BsStatsScore;

/* The same for a score without draws. */
void     bs_stats_score           (guint          half_points,
                                   guint          n,
                                   BsStatsScore  *out);
/* A score with draws (docs/BALANCE.md, Statistics: Draws): a game scores 1, ½ or 0, whose variance
 * (the trinomial's) is smaller than a win-or-loss proportion's of the same mean by the
 * design effect deff; the interval and test are Wilson's and the score test's on
 * n_effective = n / deff games (Kish's effective sample size). Without draws, exactly
 * bs_stats_score. */
void     bs_stats_score_with_draws (guint         half_points,
                                    guint         draws,
                                    guint         n,
                                    BsStatsScore *out);
/* deff = the trinomial variance of the score over the binomial variance of its mean,
 * both with one pseudo-win and one pseudo-loss added (so that a few games all drawn do
 * not claim no variance): 1 without draws, below 1 with them. */
double   bs_stats_design_effect   (guint          half_points,
                                   guint          draws,
                                   guint          n);

/* Whether a score is fair within ± margin (a proportion: 0.03 is 3 points), by the two
 * one-sided tests read off the 95% interval (docs/BALANCE.md, Statistics: Fair within a margin):
 * FAIR when the whole interval lies inside [½ − margin, ½ + margin] (this wins over a
 * significant but smaller difference: the designer said it does not matter), UNFAIR
 * when it leaves out ½ (the score is significant), UNDECIDED otherwise — not shown
 * either way. */
typedef enum {
  BS_STATS_UNDECIDED,
  BS_STATS_FAIR,
  BS_STATS_UNFAIR,
} BsStatsEquivalence;

BsStatsEquivalence bs_stats_equivalence    (const BsStatsScore *score,
                                            double              margin);
/* "fair", "unfair", "undecided": the JSON and CSV words. */
const char        *bs_stats_equivalence_id (BsStatsEquivalence  equivalence);

/* Holm's step-down adjustment of n p-values (Holm 1979), as R's p.adjust (p, "holm"):
 * the i-th smallest (from 0) times n − i, capped at 1, made non-decreasing. */
void     bs_stats_holm            (const double  *p_values,
                                   guint          n,
                                   double        *adjusted);

/* Stopping when settled (docs/BALANCE.md, Statistics: Stopping when settled): an
 * anytime-valid 95% confidence sequence for the mean score of games in [0, 1] (a win 1, a
 * draw ½, a loss 0), the predictable plug-in empirical-Bernstein sequence of Waudby-Smith &
 * Ramdas (JRSS-B 2024, Theorem 2) with bets tuned to the margin M the study stops at:
 *   λ_i = min (M / σ̂²_{i−1}, ½),  v_i = 4 (x_i − μ̂_{i−1})²,  ψ_E(λ) = (−log (1 − λ) − λ) / 4,
 *   C_t = Σ λ_i x_i / Σ λ_i ± (log (2 / 0.05) + Σ v_i ψ_E(λ_i)) / Σ λ_i,
 * μ̂_t = (½ + Σ x_i) / (t + 1), σ̂²_t = (¼ + Σ (x_i − μ̂_i)²) / (t + 1), cut to [0, 1] and
 * intersected with every earlier interval. The chance that the mean is ever outside it,
 * at any number of games, is at most 5%: a study may be watched, or stopped, whenever.
 * Games must be added in order; the result depends on nothing else. */
#define BS_STATS_SEQUENCE_ALPHA 0.05
#define BS_STATS_SEQUENCE_BET_CAP 0.5

typedef struct {
  double  margin;         /* the tuning: the half-width the bets aim at */
  guint   n;
  guint   half_points;    /* Σ 2 x_i */
  double  sum_squares;    /* Σ (x_i − μ̂_i)² */
  double  sum_bets;       /* Σ λ_i */
  double  sum_bets_x;     /* Σ λ_i x_i */
  double  sum_penalty;    /* Σ v_i ψ_E(λ_i) */
  double  low;            /* the running intersection */
  double  high;
} BsStatsSequence;

void     bs_stats_sequence_init   (BsStatsSequence *sequence,
                                   double           margin);
/* The next game: player 1's half points in it (0 a loss, 1 a draw, 2 a win). */
void     bs_stats_sequence_add    (BsStatsSequence *sequence,
                                   guint            half_points);
/* (high − low) / 2; ½ before any game. */
double   bs_stats_sequence_half_width (const BsStatsSequence *sequence);

/* One replicate's games of an arm. */
typedef struct {
  guint       games;
  guint       wins[2];          /* by seat */
  guint       draws;
} BsStudyReplicateCounts;

/* P(X > x) for X chi-square with df degrees of freedom (df ≥ 1): the regularized upper
 * incomplete gamma function Q(df / 2, x / 2). */
double   bs_stats_chi_square_sf   (double    x,
                                   guint     df);

/* Whether k replicates agree on player 1's score (docs/BALANCE.md, Replicates): a game
 * scores x = 1, ½ or 0; with s_i the score of replicate i over its n_i games, s̄ the pooled
 * score over all N games and σ̂² = Σ x² / N − s̄² the pooled variance of a game's score,
 *   χ² = Σ n_i (s_i − s̄)² / σ̂²,  df = k − 1,  p = P(χ²_df > χ²).
 * Without draws this is exactly Pearson's chi-square test of the k × 2 table (player 1
 * won, did not), without continuity correction. Replicates without games are left out;
 * fewer than two, or σ̂² = 0 (every game scored alike): χ² = 0, p = 1. */
typedef struct {
  guint    k;            /* replicates with games */
  guint    df;
  double   statistic;
  double   p_value;
} BsStatsHeterogeneity;

void     bs_stats_heterogeneity   (const BsStudyReplicateCounts *replicates,
                                   guint                         k,
                                   BsStatsHeterogeneity         *out);

/* B's score minus A's (score = half points / 2n), with Newcombe's hybrid score interval
 * (his method 10) built from each arm's draw-aware Wilson interval (as player 1's score
 * has), and the two-sided p-value of that interval's own test: the level at which 0 is on
 * the interval's edge. One method: p < 0.05 exactly when the interval leaves 0 out
 * (`significant`). */
typedef struct {
  double   difference;
  double   low;
  double   high;
  double   p_value;
  gboolean significant;
} BsStatsDifference;

void     bs_stats_difference      (guint               half_points_a,
                                   guint               draws_a,
                                   guint               n_a,
                                   guint               half_points_b,
                                   guint               draws_b,
                                   guint               n_b,
                                   BsStatsDifference  *out);

/* Per-game measures from the evaluations (permille of player 1's expected
 * score per ply, -1 where none), each read paired (bs_stats_paired_evaluation):
 * docs/BALANCE.md. */
#define BS_STATS_LEAD_HIGH      550    /* a player leads above 55% ... */
#define BS_STATS_LEAD_LOW       450    /* ... and trails below 45% */
#define BS_STATS_DECISIVE       900    /* decisive: the winner stays at or above 90% */
#define BS_STATS_COMEBACK       250    /* a comeback: the winner was at or below 25% */

/* Who leads by an evaluation e: 1 above BS_STATS_LEAD_HIGH, 2 below
 * BS_STATS_LEAD_LOW, 0 between them or where there is none (e < 0). */
int      bs_stats_leader          (int            e);
/* The judge's reading after ply i as the three measures below read it: e[i] averaged
 * with e[i - 1] where both exist (rounded half up), so that a tempo bias of the judge —
 * the two positions have opposite players to move — cancels; e[i] alone after a ply
 * without one; -1 where ply i has none. */
int      bs_stats_paired_evaluation (const gint16 *evaluations,
                                     guint         i);
/* How many times the lead passed from one player to the other. */
guint    bs_stats_lead_changes    (const gint16  *evaluations,
                                   guint          n);
/* The ply after which the winner (seat 1 or 2) never dropped below 90%:
 * 1 + the last ply where they were below it, or the first evaluated ply
 * when they never were; 0 when no ply was evaluated. */
guint    bs_stats_decisive_at     (const gint16  *evaluations,
                                   guint          n,
                                   int            winner);
/* How far below ½ the winner was at their worst, in permille (0..500). */
guint    bs_stats_drama           (const gint16  *evaluations,
                                   guint          n,
                                   int            winner);
/* The last cell label named in a move's notation (the cell the move is
 * about: where a piece lands), or -1. */
int      bs_stats_move_cell       (const BsBoard *board,
                                   const char    *notation);

/* Ludii's measures (docs/BALANCE.md, Statistics: Coverage, forced moves, repetition,
 * score difference, tree complexity), per game. */
/* The plies of the game where the mover had no choice: every step of the ply had
 * exactly one legal move (from the game's branching and step counts). */
guint    bs_stats_forced_plies    (const BsStudyGame *game);
/* log10 of the product of the legal moves at every step of the game: Allis's estimate
 * of the game tree's size along this game, b^d. */
double   bs_stats_tree_complexity (const BsStudyGame *game);

typedef struct {
  char   *move;         /* the opening turn's notation */
  int     cell;         /* bs_stats_move_cell, or -1 */
  guint   games;
  guint   half_points;  /* player 1's */
} BsStudyOpening;

/* Sums kept exactly, in whole units of a fixed fraction: integer sums do
 * not depend on the order of the terms, so games added one by one (a
 * report reading a file) and games gathered by workers and merged (the
 * run that wrote it) give the same figures to the last bit — a double's
 * running mean would differ in its last bits, and a figure exactly
 * halfway (20.8125 shown with 3 decimals) could then round either way. */
__extension__ typedef unsigned __int128 BsStatsSum;
#define BS_STATS_BRANCH_UNIT ((double) (1 << 24))   /* 2^-24 legal moves */
#define BS_STATS_FRACTION_UNIT 4294967296.0         /* 2^-32 */

typedef struct {
  BsStatsSum  sum;
  BsStatsSum  sum_squares;
} BsStatsBranchSums;

/* A per-game figure over the games that have it, in exact sums of units of
 * BS_STATS_MEASURE_UNIT (each game's value rounded once). */
#define BS_STATS_MEASURE_UNIT ((double) (1 << 24))
typedef struct {
  guint       n;
  BsStatsSum  sum;
  BsStatsSum  sum_squares;
} BsStatsMeanSums;

/* Its mean, sample standard deviation and the normal 95% interval of the mean,
 * mean ± 1.96 sd / √n, cut to [lowest, highest] (0 and 1 for a share; use -INFINITY,
 * INFINITY for none). n = 0: unknown (all 0); n = 1: the interval is the mean. */
typedef struct {
  guint   n;
  double  mean;
  double  sd;
  double  low;
  double  high;
} BsStatsMean;

void     bs_stats_mean_sums_add   (BsStatsMeanSums       *sums,
                                   double                 value);
/* The sums of 1 − each game's value (a share's complement: forced plies from decisions). */
BsStatsMeanSums bs_stats_mean_sums_complement (const BsStatsMeanSums *sums);
void     bs_stats_mean_summary    (const BsStatsMeanSums *sums,
                                   double                 lowest,
                                   double                 highest,
                                   BsStatsMean           *out);

typedef struct {
  guint       games;
  guint       wins[2];          /* by seat */
  guint       draws;
  guint       half_points_a;    /* player A's, whatever their seat */
  guint       a_first_half_points;  /* seat 1's half points in games where A sat there */
  guint       a_first_games;
  gboolean    simultaneous;
  /* Lengths: histograms indexed by length. */
  GArray     *plies;            /* of guint */
  GArray     *turns;            /* of guint */
  GHashTable *reasons;          /* id → GUINT_TO_POINTER (count) */
  /* Legal moves per ply: per ply index, count, mean and M2 (the sum of
   * squared deviations), of the mean over the ply's steps; the mean and
   * M2 are worked out from the exact sums. */
  GArray     *branch_count;     /* of guint */
  GArray     *branch_mean;      /* of double */
  GArray     *branch_m2;        /* of double */
  GArray     *branch_sums;      /* of BsStatsBranchSums */
  double      branch_total;     /* all plies of all games */
  BsStatsSum  branch_total_sum;
  guint64     branch_plies;
  /* End margins, histograms indexed by the absolute difference. */
  GArray     *score_margin;     /* of guint */
  GArray     *piece_margin;     /* of guint */
  /* From evaluations. */
  guint       evaluated;        /* games with at least one evaluation */
  GArray     *lead_changes;     /* of guint, histogram */
  guint       decided;          /* evaluated games with a winner */
  double      decisive_fraction_sum;   /* decisive_at / plies */
  guint64     decisive_fraction_units; /* the same, exactly */
  GArray     *decisive_at;      /* of guint, histogram by ply */
  guint64     drama_sum;        /* permille */
  guint       comebacks;
  /* Ludii's measures, per game: the share of the board's cells that held a piece,
   * of the plies with a choice (more than one legal move), of the positions that
   * repeat an earlier one; the mean |score 1 − score 2| over the positions; log10 of
   * the product of the legal moves. Games of older files lack the first, third and
   * fourth: their n counts only the games that have them. */
  BsStatsMeanSums coverage;
  BsStatsMeanSums decisions;
  BsStatsMeanSums repetition;
  BsStatsMeanSums score_difference;
  BsStatsMeanSums tree_complexity;
  /* Openings: NULL for a simultaneous game. */
  GHashTable *openings;         /* move → BsStudyOpening* */
  /* A study with a margin (it stops when settled): per game number, 1 + player 1's half
   * points, 0 while the game is missing; NULL for a study without one. */
  GArray     *sequence;         /* of guint8 */
  /* A study of pooled replicates (docs/BALANCE.md, Replicates): each replicate's own
   * counts, by replicate index; NULL for a study of one seed. */
  GArray     *replicates;       /* of BsStudyReplicateCounts */
} BsStudyStats;

BsStudyStats *bs_study_stats_new    (gboolean            simultaneous);
void          bs_study_stats_free   (BsStudyStats       *stats);
BsStudyStats *bs_study_stats_copy   (const BsStudyStats *stats);
void          bs_study_stats_add    (BsStudyStats       *stats,
                                     const BsStudy      *study,
                                     const BsStudyGame  *game);
/* Adds other's games to stats, exactly as if each had been added: a
 * worker gathers its own games' statistics and hands over only those. */
void          bs_study_stats_merge  (BsStudyStats       *stats,
                                     const BsStudyStats *other);

/* Summaries. */
/* Player 1 (the seat that moves first). */
void          bs_study_stats_first_player (const BsStudyStats *stats,
                                           BsStatsScore       *out);
/* Player A (whatever the seat; only meaningful when the players differ). */
void          bs_study_stats_player_a     (const BsStudyStats *stats,
                                           BsStatsScore       *out);

typedef struct {
  guint   n;
  double  mean;
  double  median;
  double  sd;           /* sample standard deviation (n - 1) */
  guint   min;
  guint   max;
} BsStatsSummary;

/* Of a histogram (value → count). */
void          bs_stats_histogram_summary  (const GArray       *histogram,
                                           BsStatsSummary     *out);
/* Openings sorted by games (most first), then by move; empty for a
 * simultaneous game. */
GPtrArray    *bs_study_stats_openings     (const BsStudyStats *stats);
/* Reason ids sorted by count (most first), then by id. */
GPtrArray    *bs_study_stats_reasons      (const BsStudyStats *stats);

/* How a study with a margin stopped an arm (docs/BALANCE.md, Statistics: Stopping when
 * settled): the confidence sequence over its games in order, checked every
 * BS_STUDY_MARGIN_BLOCK games. */
typedef struct {
  gboolean known;       /* every game from 0 is there: the sequence could be followed */
  gboolean stopped;     /* its half-width reached the margin at `at` (the arm's games) */
  guint    at;          /* the stopping point, or the games followed */
  double   low;         /* the sequence's interval there */
  double   high;
} BsStudyStopping;

/* FALSE (and out->known FALSE) when the study has no margin or a game is missing. */
gboolean      bs_study_stats_stopping     (const BsStudyStats *stats,
                                           const BsStudy      *study,
                                           BsStudyStopping    *out);

/* A sweep's suggestion: the arm whose player-1 score is closest to ½
 * (ties: the narrower interval, then the first); -1 when no arm has
 * games. */
int           bs_study_stats_fairest      (BsStudyStats * const *arms,
                                           guint               n_arms);
/* The same, but `prefer` (a sweep's own value; -1 for none) is kept when
 * it is fair (½ inside its interval), and wins an exact tie: no change is
 * suggested for nothing, nor for a difference within the noise. */
int           bs_study_stats_fairest_preferring (BsStudyStats * const *arms,
                                                 guint               n_arms,
                                                 int                 prefer);

/* Every arm tied with the fairest one (the same distance from ½ and the same width):
 * a sweep names them all rather than the first (of guint arm indices). */
GArray       *bs_study_stats_fairest_ties (BsStudyStats * const *arms,
                                           guint               n_arms,
                                           int                 prefer);
/* The values of a sweep plausibly fair: those whose score test against ½ is not
 * rejected after Holm's adjustment over the values with games (of guint arm indices);
 * the whole set holds every truly fair value with 95% confidence. holm_p_values (n_arms,
 * or NULL) receives each arm's adjusted p-value (1 for an arm without games). */
GArray       *bs_study_stats_plausibly_fair (BsStudyStats * const *arms,
                                             guint               n_arms,
                                             double             *holm_p_values);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BsStudyStats, bs_study_stats_free)

G_END_DECLS
