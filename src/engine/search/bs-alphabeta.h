/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-alphabeta.h: the computer opponent as a minimax search — negamax
 * with alpha-beta pruning and iterative deepening, judging the positions
 * where it stops by an evaluation (bs-evaluation.h).
 *
 * A transposition table on the position's hash (fixed size, allocated once
 * per search), move ordering (the table's move, two killer moves per
 * ply, the history heuristic) and principal variation search (the moves after
 * the first tried with a null window) make it cut early; several threads may
 * share the table (params.threads, Lazy SMP). At the depth, where the
 * module marks moves as forcing (BsModule.is_forcing: captures), it goes
 * on over those alone, up to BS_ALPHA_BETA_QUIESCENCE_PLIES plies, the
 * player to move free to stand pat on the evaluation. Where the module
 * declares late-move reductions (BsModule.late_moves: very wide games), moves
 * the evaluation one ply on ranks late are searched a ply shallower first.
 * Budgets count the searching thread's CPU time, so a busy machine does not make it weaker;
 * the clock is read every few thousand nodes. A search with a depth or
 * node budget alone is deterministic. Turn-based games only: a
 * simultaneous game (Tribes) keeps its own search (bs-search.h). */

#pragma once

#include <gio/gio.h>

#include "bs-evaluation.h"
#include "bs-ruleset.h"
#include "bs-weights.h"

G_BEGIN_DECLS

#define BS_ALPHA_BETA_MAX_DEPTH       64
#define BS_ALPHA_BETA_DEFAULT_TT_BITS 20
/* Plies of forcing moves searched beyond the depth (quiescence). */
#define BS_ALPHA_BETA_QUIESCENCE_PLIES 8
/* A won position's value at the root; a win in n plies scores WIN - n. */
#define BS_ALPHA_BETA_WIN             10000000
/* Values beyond ± this are won or lost games the search has proved. */
#define BS_ALPHA_BETA_WIN_ZONE        (BS_ALPHA_BETA_WIN - 1000)

typedef struct {
  guint            max_depth;    /* plies; 0 = BS_ALPHA_BETA_MAX_DEPTH */
  guint            cpu_ms;       /* CPU time of the thread; 0 = none */
  guint64          max_nodes;    /* 0 = none */
  guint            tt_bits;      /* log2 of the table's entries; 0: sized from cpu_ms
                                  * (2^14 to 2^20), else BS_ALPHA_BETA_DEFAULT_TT_BITS */
  gboolean         no_tt;        /* search without the table ("tt=off") */
  gboolean         tt;           /* with it even where the game declares none
                                  * ("tt=on"); neither: as the game declares
                                  * (BsModule.no_table) */
  gboolean         tt_same_depth; /* the table cuts only a search of the same
                                   * depth ("tt-cut=same"), so that a fixed
                                   * depth's value is that depth's alone, with or
                                   * without the table, threads or PVS; by default
                                   * ("tt-cut=deeper") a deeper search's entry cuts
                                   * too, as in any engine */
  gboolean         no_quiescence; /* stop at the depth even where the module
                                   * marks forcing moves */
  gboolean         no_ordering;  /* no killers and no history: the module's order,
                                  * the root's last choice first ("plain" alpha-beta);
                                  * every move then searched with the full window */
  gboolean         no_pvs;       /* every move searched with the full window even
                                  * with ordering ("pvs=off"): principal variation
                                  * search is on with ordering unless this */
  /* Late-move reductions (docs/SEARCH.md, "Astoria's Hard"): at a node two
   * plies or more from the depth, the moves are ordered by the evaluation one ply
   * after each, and those after the first late_moves are searched one ply
   * shallower with a null window, again at full depth when they beat alpha.
   * 0: as the game declares (BsModule.late_moves); no_reductions: never. */
  guint            late_moves;
  gboolean         no_reductions;
  BsEvaluationKind evaluation;
  BsWeights       *weights;      /* owned: learned weights, or NULL for the declared ones */
  /* Not 0: the root's moves are shuffled by this seed before they are ordered, so that
   * among moves the search finds equally good the one chosen depends on the seed (the
   * balance lab seeds each decision: two alpha-beta players would otherwise play the same
   * game every time). Deterministic for a seed; 0 keeps the module's order. */
  guint64          seed;
  /* More than 1: as many threads search at once, sharing the table (Lazy SMP:
   * docs/SEARCH.md, "Alpha-beta in two threads"); the main one's move is
   * played, the others only fill the table. Each counts its own CPU time
   * against cpu_ms and its own nodes against max_nodes. Not deterministic.
   * 0 or 1: one thread. Without a table, one thread whatever this says. */
  guint            threads;
} BsAlphaBetaParams;

typedef struct {
  BsMove  move;        /* the chosen move */
  int     value;       /* for the player to move, in BS_EVALUATION_UNITs */
  guint   depth;       /* the deepest iteration completed */
  guint64 nodes;
  guint64 quiescence_nodes;  /* of them, beyond the depth */
  gint64  elapsed_us;
  gint64  cpu_us;
} BsAlphaBetaResult;

/* Depth and budgets of "depth=N", "cpu=0.2" (seconds), "nodes=N",
 * "eval=features|generic|material", "quiescence=on|off", "tt=on|off",
 * "ordering=on|off" (on by default, the table as the game declares; all off is a plain alpha-beta
 * with iterative deepening, the baseline of docs/SEARCH.md), "pvs=on|off" (principal
 * variation search, on with ordering), "threads=N" (1 to BS_SEARCH_MAX_THREADS), "tt-bits=N" (10
 * to 28: the table's size, log2 of its entries), "tt-cut=deeper|same" (whether an
 * entry of a deeper search cuts a shallower one: deeper, the default), "reductions=N|off|game" (late-move
 * reductions after the first N moves; "game", the default, as the game declares) and "weights=FILE" (learned weights, bs-weights.h: read here, checked
 * against the game by bs_alpha_beta_run), joined by commas
 * ("cpu=0.2,eval=material"); the empty text is a 1 s CPU budget. The error
 * (G_OPTION_ERROR_BAD_VALUE, or the weights file's) names the text. params
 * is overwritten (not freed first); bs_alpha_beta_params_clear() frees the
 * weights. */
gboolean bs_alpha_beta_params_parse (BsAlphaBetaParams  *params,
                                     const char         *text,
                                     GError            **error);
void     bs_alpha_beta_params_clear (BsAlphaBetaParams  *params);

/* Searches pos (not over; the game not simultaneous). Returns FALSE with
 * G_IO_ERROR_CANCELLED when cancelled, G_IO_ERROR_INVALID_ARGUMENT for a
 * position it cannot search, or the weights' error when they are not for
 * this game's features (bs_weights_resolve). At least depth 1 is always completed. */
gboolean bs_alpha_beta_run          (const BsRuleset          *rs,
                                     const BsPosition         *pos,
                                     const BsAlphaBetaParams  *params,
                                     GCancellable             *cancellable,
                                     BsAlphaBetaResult        *result,
                                     GError                  **error);

G_END_DECLS
