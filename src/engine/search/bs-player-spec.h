/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-player-spec.h: a computer player as the command line and the balance
 * lab's files name it — "random", "mcts:LEVEL" (Monte Carlo tree search,
 * bs-search.h), "ab[:SETTINGS]" (alpha-beta, bs-alphabeta.h) or
 * "strongest[:cpu=SECONDS]" (the search the game declares for the Strongest
 * level) — parsed once for `match`, `tune` and the study (docs/SEARCH.md,
 * Players). */

#pragma once

#include <glib.h>

#include "bs-alphabeta.h"
#include "bs-ruleset.h"
#include "bs-search.h"

G_BEGIN_DECLS

typedef enum {
  BS_PLAYER_SPEC_RANDOM,       /* uniformly random legal moves */
  BS_PLAYER_SPEC_MCTS,
  BS_PLAYER_SPEC_ALPHA_BETA,
  /* "strongest": MCTS or alpha-beta, as the game declares
   * (bs_ruleset_get_strongest_search); bs_player_spec_check_ruleset turns it
   * into one of the two. */
  BS_PLAYER_SPEC_STRONGEST,
} BsPlayerSpecKind;

/* The app's Strongest level's default budget, CPU seconds a move, which a
 * "strongest" player without cpu= takes too. */
#define BS_PLAYER_SPEC_STRONGEST_DEFAULT_SECONDS 5

typedef enum {
  BS_PLAYER_SPEC_FLAGS_NONE = 0,
  /* A level without "mcts:" ("easy", "5000", "500ms") is an MCTS player, as the balance
   * lab's levels always were. */
  BS_PLAYER_SPEC_BARE_LEVELS = 1 << 0,
} BsPlayerSpecFlags;

typedef struct {
  char              *text;        /* as given: "ab:depth=2" */
  BsPlayerSpecKind   kind;
  BsSearchParams     mcts;        /* MCTS: the budget (seed and player are set per move) */
  BsAlphaBetaParams  alpha_beta;  /* alpha-beta: the settings (owns its weights) */
  /* Given as "strongest": mcts and alpha_beta both hold its budget until the
   * game chooses (kind then says which); FALSE otherwise. */
  gboolean           strongest;
  /* Given as "strongest" or as the bare level "hard" (the app's Hard): the game
   * chooses the search (bs_search_level_plays_alpha_beta) in
   * bs_player_spec_check_ruleset; until then kind is BS_PLAYER_SPEC_STRONGEST. */
  gboolean           game_chooses;
  /* Given as "mcts:…,cut=game": bs_player_spec_check_ruleset sets mcts.playout_cut to
   * the game's declared cut (bs_ruleset_get_playout_cut). */
  gboolean           cut_from_game;
} BsPlayerSpec;

/* "random"; "mcts:LEVEL", LEVEL a level of bs_search_params_parse ("easy", "5000",
 * "500ms"), "playouts=N" or "cpu=SECONDS" (Hard's search with that budget of the thread's
 * CPU time), each optionally followed by ",threads=N" (N trees grown at once, root parallelism:
 * bs-search.h), ",tree=shared" (the N threads grow one tree: BsSearchParams.shared_tree;
 * ",tree=root" is the default), ",cut=K" or ",cut=game" and ",cut-scale=S" (evaluation-cut playouts:
 * BsSearchParams.playout_cut, "game" the game's declared cut), each at most once; "ab" or "ab:SETTINGS" (bs_alpha_beta_params_parse: "ab" alone is 1 s of CPU
 * time); "strongest" or "strongest:cpu=SECONDS" (the game's declared search for the
 * Strongest level, Hard's MCTS or alpha-beta with their default settings, with that budget
 * of the thread's CPU time, BS_PLAYER_SPEC_STRONGEST_DEFAULT_SECONDS without it: kind
 * BS_PLAYER_SPEC_STRONGEST until bs_player_spec_check_ruleset). With
 * BS_PLAYER_SPEC_BARE_LEVELS a LEVEL alone is "mcts:LEVEL", but for "hard", which is the
 * app's Hard: the game's declared search with Hard's budget, as "strongest". The error
 * (G_OPTION_ERROR_BAD_VALUE, or a weights file's) names the text. spec is overwritten (not
 * freed first); clear it after a failure too. */
gboolean bs_player_spec_parse            (BsPlayerSpec       *spec,
                                          const char         *text,
                                          BsPlayerSpecFlags   flags,
                                          GError            **error);
void     bs_player_spec_clear            (BsPlayerSpec       *spec);

/* Whether the player chooses the same moves from the same seed on any machine: random, a
 * playout budget, alpha-beta with a depth or node budget alone. A CPU or wall time budget
 * (and "hard" and "strongest", which have one) depends on the machine's speed; threads
 * sharing one tree (",tree=shared") on how they interleave. */
gboolean bs_player_spec_is_reproducible  (const BsPlayerSpec *spec);

/* Whether the player can play rs: alpha-beta searches turn-based games only. The error
 * (G_OPTION_ERROR_BAD_VALUE) names the variant and the player. A "strongest" or bare
 * "hard" player becomes the search rs declares (kind BS_PLAYER_SPEC_MCTS or _ALPHA_BETA; its text
 * stays as given), which always can. */
gboolean bs_player_spec_check_ruleset    (BsPlayerSpec       *spec,
                                          const BsRuleset    *rs,
                                          GError            **error);

G_END_DECLS
