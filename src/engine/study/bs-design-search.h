/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-design-search.h: searching the design space (docs/BALANCE.md, Searching the design
 * space) — a race between candidate settings of a variant, each the variant with one value
 * of every varied setting (the cartesian product), for the goals the designer gives: player
 * 1's score fair within a margin, draws below a share, a mean length within a band.
 *
 * Successive elimination: round r plays more games of every candidate still in the running
 * (games_per_round each, or with the doubling schedule games_per_round in round 1 and then
 * as many as the candidate has played, so its games double each round), as one study (bs-study.h) whose arms are those candidates and whose
 * seed is the search's seed mixed with r, so a round shards, merges and resumes as any
 * study does. After each round, every candidate still in the running is checked against
 * every goal with an interval over all its games so far; the intervals are Bonferroni
 * corrected over candidates × goals × the most rounds, so that with probability 95% every
 * interval the race ever reads holds its true value at once: a candidate is eliminated when
 * an interval lies wholly outside a goal, kept when every goal's interval lies wholly
 * inside it, and plays on otherwise, until the rounds run out. */

#pragma once

#include <gio/gio.h>

#include "bs-study.h"
#include "bs-study-runner.h"
#include "bs-variant.h"

G_BEGIN_DECLS

#define BS_DESIGN_MAX_GOALS       4   /* one of each kind */
#define BS_DESIGN_MAX_VARIED      4
#define BS_DESIGN_MAX_CANDIDATES  BS_STUDY_MAX_ARMS
#define BS_DESIGN_MAX_ROUNDS      1000
/* The race's error rate: every interval it reads holds at once with probability 95%. */
#define BS_DESIGN_ALPHA           0.05

/* How many games a round adds. CONSTANT: games_per_round every round (the schedule of a
 * search.ini without a "schedule" key). DOUBLING: games_per_round in round 1, then
 * games_per_round · 2^(r − 2) in round r, so that after round r a candidate has played
 * games_per_round · 2^(r − 1): the exponential schedule of successive elimination, which
 * drops a candidate far from a goal after a few games and reaches a given precision in
 * fewer looks (a smaller Bonferroni z). */
typedef enum {
  BS_DESIGN_SCHEDULE_CONSTANT,
  BS_DESIGN_SCHEDULE_DOUBLING,
} BsDesignSchedule;

/* "constant", "doubling"; parse: the error names the text. */
const char *bs_design_schedule_id    (BsDesignSchedule     schedule);
gboolean    bs_design_schedule_parse (const char          *text,
                                      BsDesignSchedule    *schedule,
                                      GError             **error);
/* The games a candidate has played after round `round` (from 1) of the schedule, saturated
 * at G_MAXUINT64. */
guint64     bs_design_schedule_games_after (BsDesignSchedule schedule,
                                            guint            games_per_round,
                                            guint            round);

typedef enum {
  BS_DESIGN_GOAL_FAIR,         /* player 1's score within ½ ± low */
  BS_DESIGN_GOAL_DRAWS_BELOW,  /* the share of draws below low */
  BS_DESIGN_GOAL_LENGTH,       /* the mean length in plies within [low, high] */
  BS_DESIGN_GOAL_LEAD_CHANGES, /* the mean lead changes a game at least low */
} BsDesignGoalKind;

typedef struct {
  BsDesignGoalKind kind;
  double           low;
  double           high;
} BsDesignGoal;

/* "fair" (± 3 points), "fair:M" (M points), "draws<X%" (or "draws<X"), "length=A..B"
 * (plies), "lead-changes>=X" (a game's lead changes by the common evaluator,
 * bs_study_evaluate_position, on average). The error names the text. */
gboolean    bs_design_goal_parse     (const char          *text,
                                      BsDesignGoal        *goal,
                                      GError             **error);
/* The canonical text of a goal ("fair:3", "draws<10%", "length=20..60",
 * "lead-changes>=2"). */
char       *bs_design_goal_to_string (const BsDesignGoal  *goal);
/* The goal's JSON word: "fair", "draws", "length", "lead-changes". */
const char *bs_design_goal_id        (const BsDesignGoal  *goal);

/* What a candidate's games add up to. */
typedef struct {
  guint    games;
  guint    half_points;   /* player 1's: 2 a win, 1 a draw */
  guint    draws;
  guint64  plies;
  guint64  plies_squares;
  guint    evaluated;              /* games with evaluations (a search plays) */
  guint64  lead_changes;
  guint64  lead_changes_squares;
} BsDesignTally;

void        bs_design_tally_add      (BsDesignTally       *tally,
                                      guint                half_points,
                                      guint                plies);
/* An evaluated game's lead changes (bs_stats_lead_changes). */
void        bs_design_tally_add_lead_changes (BsDesignTally *tally,
                                              guint          changes);

typedef enum {
  BS_DESIGN_UNDECIDED,
  BS_DESIGN_MEETS,
  BS_DESIGN_FAILS,
} BsDesignVerdict;

/* "meets", "fails", "undecided". */
const char *bs_design_verdict_id     (BsDesignVerdict      verdict);

/* A goal's figure with its interval: player 1's score (Wilson's interval on the effective
 * number of games, draws counted as the lab does: bs_stats_score_with_draws), the share of
 * draws (Wilson), the mean plies (mean ± z sd / √n), and whether the interval lies inside
 * the goal (MEETS), outside it (FAILS) or across its edge. */
typedef struct {
  double          value;
  double          low;
  double          high;
  BsDesignVerdict verdict;
} BsDesignEvidence;

BsDesignVerdict bs_design_goal_check (const BsDesignGoal  *goal,
                                      const BsDesignTally *tally,
                                      double               z,
                                      BsDesignEvidence    *out);

/* The two-sided normal quantile of the corrected level: z with P(|Z| > z) = alpha /
 * (candidates × goals × rounds). */
double      bs_design_z              (double               alpha,
                                      guint                candidates,
                                      guint                goals,
                                      guint                rounds);

typedef struct {
  char            *label;        /* "width=5 height=6" */
  char           **values;       /* one per varied setting */
  BsVariant       *variant;
  BsDesignTally    tally;
  BsDesignVerdict  verdict;      /* MEETS: kept; FAILS: eliminated */
  guint            round;        /* the round (from 1) that decided it; 0: undecided */
  int              failed_goal;  /* FAILS: the first goal shown out of reach */
  BsDesignEvidence evidence[BS_DESIGN_MAX_GOALS];   /* at the last round it played */
} BsDesignCandidate;

/* The race's rule after round `round` (from 1): every undecided candidate of the array
 * (of BsDesignCandidate*) is checked against every goal at z; MEETS when all goals are
 * met, FAILS when one fails. */
void        bs_design_decide         (GPtrArray           *candidates,
                                      const BsDesignGoal  *goals,
                                      guint                n_goals,
                                      double               z,
                                      guint                round);

typedef struct {
  guint64       seed;
  char         *level_a;
  char         *level_b;
  guint         games_per_round;  /* round 1's; every round's with the constant schedule */
  guint         max_rounds;
  BsDesignSchedule schedule;
  BsDesignGoal  goals[BS_DESIGN_MAX_GOALS];
  guint         n_goals;
  char         *keys[BS_DESIGN_MAX_VARIED + 1];   /* NULL-terminated */
  guint         n_keys;
  GPtrArray    *candidates;      /* of BsDesignCandidate* */
  double        z;
  guint         rounds_done;     /* rounds counted */
} BsDesignSearch;

/* A search over the variant with every --vary KEY=RANGE (RANGE as a sweep's: A..B,
 * A..B:STEP, x,y,z). Each candidate is validated (its ruleset built); the error names the
 * setting and value. */
BsDesignSearch *bs_design_search_new (const BsVariant     *base,
                                      const char * const  *varies,
                                      const BsDesignGoal  *goals,
                                      guint                n_goals,
                                      const char          *level_a,
                                      const char          *level_b,
                                      guint                games_per_round,
                                      guint                max_rounds,
                                      guint64              seed,
                                      GError             **error);
void        bs_design_search_free    (BsDesignSearch      *search);
/* A search is made with the constant schedule; this sets another before any round is
 * counted. The most games a candidate may play must stay within a study's
 * (BS_STUDY_MAX_GAMES): the error says so. */
gboolean    bs_design_search_set_schedule (BsDesignSearch   *search,
                                           BsDesignSchedule  schedule,
                                           GError          **error);
/* The games every candidate still in the running plays in round `round` (from 1). */
guint       bs_design_search_round_games  (const BsDesignSearch *search,
                                           guint                 round);

/* Whether every candidate is decided or the rounds ran out. */
gboolean    bs_design_search_finished (const BsDesignSearch *search);
/* The study of the next round (rounds_done + 1): the candidates still in the running as
 * its arms (each arm's value its label), the round's games (bs_design_search_round_games),
 * the round's seed. */
BsStudy    *bs_design_search_round_study (const BsDesignSearch *search);
/* The file of round `round` (from 1) in folder dir: round-R.xml, or a shard's
 * round-R.shard-I-of-N.xml (shard_count > 1). Free with g_free. */
char       *bs_design_search_round_path  (const char          *dir,
                                          guint                round,
                                          guint                shard_index,
                                          guint                shard_count);
/* The runner of a round's (or shard's) file at path when it holds the expected round of this
 * search (a search started again goes on with it), or a new file there; another study there
 * is refused (BS_STUDY_ERROR_MISMATCH, naming the file and why). */
BsStudyRunner *bs_design_search_open_round (BsStudy       *expected,
                                            const char    *path,
                                            GCancellable  *cancellable,
                                            GError       **error);
/* The shard files of round `round` in dir (round-R.shard-I-of-N.xml, whatever N), sorted by
 * name; for bs_study_merge_files(). */
GPtrArray  *bs_design_search_find_shards (const char          *dir,
                                          guint                round);
/* Counts the next round from its complete study file at path (merged, not a shard):
 * it must be that round's study (bs_design_search_round_study) with all its games. Then
 * decides (bs_design_decide) and moves to the next round. */
gboolean    bs_design_search_count_round (BsDesignSearch      *search,
                                          const char          *path,
                                          GError             **error);

/* Games played by all candidates; and what a grid of the same precision costs: every
 * candidate played as many games as the one that played most. */
guint64     bs_design_search_total_games (const BsDesignSearch *search);
guint64     bs_design_search_grid_games  (const BsDesignSearch *search);

/* The group of a search's settings file (DIR/search.ini), which `boardsmith-cli search`
 * and the app's Find a Fair Setting… write and read. */
#define BS_DESIGN_SEARCH_SETTINGS_GROUP "search"

/* The text of that file: the variant (a built-in name or a path), every --set, --vary and
 * --goal, the players, the games a round, the most rounds, the schedule and the seed.
 * "schedule" is written only when it is not the constant one, so the file of a constant
 * search is the same as before schedules existed (an old folder resumes and is recognised
 * as the same search). */
char       *bs_design_search_settings_text (const char         *variant,
                                            const char * const *sets,
                                            const char * const *varies,
                                            const char * const *goals,
                                            const char         *white,
                                            const char         *black,
                                            guint               games,
                                            guint               rounds,
                                            BsDesignSchedule    schedule,
                                            guint64             seed);

/* How far a candidate's figure (evidence->value, the point estimate) lies from a goal, in
 * the goal's own unit — points of score or of draws, plies, lead changes —; 0 inside it. */
double      bs_design_goal_distance      (const BsDesignGoal     *goal,
                                          const BsDesignEvidence *evidence);
/* When the goals conflict: the Pareto front of the candidates by their distances to the
 * goals (bs_design_goal_distance) — those that no other candidate is as near to on every
 * goal and nearer to on one. front[i] says whether candidate i is on it; returns how many
 * are. A candidate that meets every goal by its figures is at distance 0 on all and so is
 * on the front, alone with its equals. */
guint       bs_design_search_pareto      (const BsDesignSearch   *search,
                                          gboolean               *front);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BsDesignSearch, bs_design_search_free)

G_END_DECLS
