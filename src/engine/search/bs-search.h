/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-search.h: the computer opponent — Monte Carlo tree search over the
 * rule-module interface, so it plays any module and any variant with no
 * game-specific knowledge.
 *
 * Turn-based games use UCT with uniformly random playouts, a node pool
 * (one allocation grown in chunks, capped) and a light solver that marks
 * moves that end the game at once, so wins in one are taken and losses in
 * one are avoided. Simultaneous games (BS_MODULE_SIMULTANEOUS, Tribes) are
 * not searched as if sequential: each player has a tree of their own
 * orders for the round (decoupled UCT), entered without knowing the other
 * player's orders of that round, followed by random playouts; the result
 * is the whole round's orders for one player.
 *
 * A search is deterministic for a given seed and playout budget; a time
 * budget is not. Nothing here touches GTK: the app runs
 * bs_search_run_async() in a GTask thread and polls a BsSearchProgress. */

#pragma once

#include <gio/gio.h>

#include "bs-ruleset.h"

G_BEGIN_DECLS

typedef enum {
  BS_SEARCH_LEVEL_EASY,
  BS_SEARCH_LEVEL_MEDIUM,
  BS_SEARCH_LEVEL_HARD,
  BS_SEARCH_LEVEL_CUSTOM,
} BsSearchLevel;

typedef struct {
  BsSearchLevel level;        /* informative: what bs_search_params_init was given */
  guint64       playouts;     /* iteration budget; 0 = none (then time_ms must be set) */
  guint         time_ms;      /* time budget in milliseconds; 0 = none */
  guint64       seed;
  guint         max_nodes;    /* node cap of the tree; 0 = BS_SEARCH_DEFAULT_MAX_NODES */
  double        exploration;  /* UCT constant; <= 0 = BS_SEARCH_DEFAULT_EXPLORATION */
  /* 0: play the most visited move. t > 0: pick among the root moves with
   * probability proportional to visits^(1/t) (Easy's "some randomness"). */
  double        temperature;
  /* Simultaneous games: whose orders to choose (1 or 2); 0 = pos->to_move. */
  int           player;
  /* time_ms counts the searching thread's CPU time, not the clock's (so
   * that strength does not fall when the machine is busy). */
  gboolean      cpu_time;
  /* Turn-based games: grow this many independent trees at once, one a
   * thread (root parallelism; 0 or 1: one tree in the calling thread).
   * Tree k is seeded with bs_search_thread_seed (seed, k); a playout
   * budget is shared out among the trees (the same total), a time budget
   * is each tree's own, so that the search does more in the same time.
   * The root statistics are summed at the end. Simultaneous games ignore
   * it. */
  guint         threads;
  /* With threads > 1: grow ONE tree in all the threads at once (tree
   * parallelism, docs/SEARCH.md "Parallel search: one shared tree") instead
   * of independent trees. Threads spread by virtual loss; a playout budget
   * is shared out (the same total), a time budget is each thread's own.
   * Not deterministic for a seed: the threads' interleaving decides. */
  gboolean      shared_tree;
  /* Turn-based games: evaluation-cut playouts (docs/SEARCH.md, "Evaluation-cut
   * playouts"). 0: playouts go on to the end of the game (as always). K > 0: a
   * playout stops after K random steps (then at the next turn's start); if the game
   * is not over, its reward for the player to move is the position's evaluation
   * (bs-evaluation.h, the module's features and declared weights) squashed by
   * bs_search_cut_reward with playout_cut_scale (<= 0:
   * BS_SEARCH_DEFAULT_CUT_SCALE). Simultaneous games ignore it. */
  guint         playout_cut;
  double        playout_cut_scale;
} BsSearchParams;

#define BS_SEARCH_MAX_PLAYOUT_CUT     BS_MODULE_MAX_PLAYOUT_CUT
/* S of the cut's logistic, in BS_EVALUATION_UNITs (docs/SEARCH.md). */
#define BS_SEARCH_DEFAULT_CUT_SCALE   400.0

#define BS_SEARCH_MAX_THREADS 64

#define BS_SEARCH_DEFAULT_MAX_NODES   (1u << 21)
#define BS_SEARCH_DEFAULT_EXPLORATION 0.7

/* Budgets of the levels (tuned by `boardsmith-cli selfplay`). */
#define BS_SEARCH_EASY_PLAYOUTS       200
#define BS_SEARCH_EASY_TEMPERATURE    1.0
#define BS_SEARCH_MEDIUM_PLAYOUTS     3000
#define BS_SEARCH_HARD_TIME_MS        3000      /* CPU time of the searching thread */
#define BS_SEARCH_HARD_PLAYOUTS       2000000   /* a ceiling for fast games */

/* Fills params for a level (CUSTOM: 1000 playouts) with the given seed. */
void        bs_search_params_init     (BsSearchParams   *params,
                                       BsSearchLevel     level,
                                       guint64           seed);
/* The level as it plays in rs's game: Hard cuts its playouts where the game declares a
 * cut (bs_ruleset_get_playout_cut; measured in docs/SEARCH.md), the other levels as
 * bs_search_params_init. The app's levels, `think --level` and the players "hard", where
 * the level plays Monte Carlo (bs_search_level_plays_alpha_beta). */
void        bs_search_params_init_for_game (BsSearchParams  *params,
                                            BsSearchLevel    level,
                                            const BsRuleset *rs,
                                            guint64          seed);
/* Whether the level plays alpha-beta in rs's game rather than params_init_for_game's
 * Monte Carlo search: Hard (and the app's Strongest and hint, which search as Hard does)
 * where the game declares alpha-beta the stronger (bs_ruleset_get_strongest_search;
 * measured in docs/SEARCH.md); Easy and Medium never. */
gboolean    bs_search_level_plays_alpha_beta (BsSearchLevel    level,
                                              const BsRuleset *rs);
/* "easy", "medium", "hard", a playout count ("5000") or a time ("1500ms").
 * Hard's time and a time level count the searching thread's CPU time
 * (cpu_time), so that a level's strength does not fall on a busy machine.
 * The error (G_OPTION_ERROR_BAD_VALUE) names the text. */
gboolean    bs_search_params_parse    (BsSearchParams   *params,
                                       const char       *text,
                                       guint64           seed,
                                       GError          **error);
const char *bs_search_level_to_string (BsSearchLevel     level);

/* The reward of an evaluation-cut playout: the win probability of the player
 * to move, 1 / (1 + exp (-score / scale)), score in BS_EVALUATION_UNITs. */
double      bs_search_cut_reward      (int               score,
                                       double            scale);

/* Polled progress: the search writes it with atomics, any thread may read
 * it while the search runs. Zero it (or bs_search_progress_reset) first. */
typedef struct {
  gint permille;      /* of the budget used, 0..1000 */
  gint iterations;    /* saturates at G_MAXINT */
} BsSearchProgress;

void        bs_search_progress_reset      (BsSearchProgress       *progress);
double      bs_search_progress_get_fraction (const BsSearchProgress *progress);
int         bs_search_progress_get_iterations (const BsSearchProgress *progress);

/* One root move with its statistics (a hint shows the first). */
typedef struct {
  BsMove  move;
  guint   step;       /* simultaneous: index in round_steps; else 0 */
  guint32 visits;
  double  win_rate;   /* mean reward for the player making the move, 0..1 */
  int     proven;     /* 1: wins at once or by force; -1: loses by force; 0 */
} BsSearchCandidate;

typedef struct {
  int       player;           /* who the move is for */
  /* The chosen turn: one step for a turn-based game, the player's orders
   * in entering order (cell order) for a simultaneous round. */
  BsMove   *steps;
  guint     n_steps;
  /* Simultaneous games: the preferred orders of both players for the
   * whole round, in entering order (player 1's, then player 2's), so that
   * it can be formatted with bs_ruleset_format_turn(); steps[] is the
   * slice starting at player_first_step. Turn-based: a copy of steps. */
  BsMove   *round_steps;
  guint     n_round_steps;
  guint     player_first_step;
  /* Root moves, most visited first. Simultaneous: every order of every
   * step of the round with its marginal statistics, grouped by step, each
   * group ranked by a lower confidence bound of the win rate. */
  GArray   *candidates;       /* of BsSearchCandidate */
  double    win_rate;         /* of the chosen move (simultaneous: mean over its orders) */
  guint64   iterations;
  gint64    elapsed_us;
  gint64    cpu_us;           /* CPU time of the searching threads, summed (elapsed_us
                               * where the platform cannot tell) */
  guint     n_nodes;
  gsize     bytes_used;       /* tree and scratch memory at the end */
  gboolean  randomized;       /* the temperature picked a move that was not the best */
  guint     playout_cut;      /* the playouts were cut after this many steps and judged by
                               * the evaluation (params.playout_cut); 0: whole playouts */
  /* A shared tree (params.shared_tree) checked after its threads are done:
   * the nodes whose visits are not their children's visits plus the
   * playouts that ended at them, or that still hold a virtual loss. 0 but
   * for a bug; the tests look at it. Always 0 for the other searches. */
  guint     n_unbalanced;
} BsSearchResult;

void        bs_search_result_free     (BsSearchResult   *result);

/* CPU time of the calling thread in µs, for budgets and speed figures that
 * do not depend on how busy the machine is; -1 when unknown. */
gint64      bs_search_thread_cpu_us   (void);
/* The seed of tree `thread` of a parallel search (tree 0: seed itself). */
guint64     bs_search_thread_seed     (guint64          seed,
                                       guint            thread);

/* Synchronous search from pos (not over). For a simultaneous game pos must
 * be at the start of a round (step 0). Returns NULL with G_IO_ERROR_CANCELLED
 * when cancelled, or G_IO_ERROR_INVALID_ARGUMENT for a position that has no
 * move to choose. progress may be NULL. */
BsSearchResult *bs_search_run         (BsRuleset              *rs,
                                       const BsPosition       *pos,
                                       const BsSearchParams   *params,
                                       BsSearchProgress       *progress,
                                       GCancellable           *cancellable,
                                       GError                **error);

/* The same in a GTask thread on a copy of pos (rs is referenced; params is
 * copied; progress, if not NULL, must stay alive until the callback). The
 * cancellable is checked every few hundred iterations. A hint is the same
 * call for the human's seat: the first candidate is the preferred move. */
void            bs_search_run_async   (BsRuleset              *rs,
                                       const BsPosition       *pos,
                                       const BsSearchParams   *params,
                                       BsSearchProgress       *progress,
                                       GCancellable           *cancellable,
                                       GAsyncReadyCallback     callback,
                                       gpointer                user_data);
BsSearchResult *bs_search_run_finish  (GAsyncResult           *result,
                                       GError                **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BsSearchResult, bs_search_result_free)

G_END_DECLS
