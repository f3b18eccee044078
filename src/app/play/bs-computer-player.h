/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-computer-player.h: the computer opponent of the window. It watches a
 * play scene; when a computer seat is to move it searches a copy of the
 * position in a GTask thread (bs_search_run_async; Strongest: the search
 * the game declares, bs_ruleset_get_strongest_search — alpha-beta,
 * bs-alphabeta.h, in a thread of its own task, or Hard's Monte Carlo
 * search with Strongest's budget) and, back in the main
 * loop, marks the chosen move for a moment and plays it through the game
 * model like a click would (a simultaneous game: the seat's whole round of
 * orders).
 * Any change of position (undo, redo, the move list, a new game) cancels
 * the search at once and drops its result. It also computes hints for a
 * human seat, which are only shown, never played: with the search the game
 * declares for Strongest (alpha-beta or Hard's MCTS), 1.5 s of CPU time. */

#pragma once

#include <gio/gio.h>

#include "bs-play-scene.h"
#include "bs-player-spec.h"
#include "bs-search.h"

G_BEGIN_DECLS

/* A computer seat's level: Easy, Medium and Hard are the Monte Carlo
 * search's levels (bs-search.h); Strongest is the search the game declares
 * the stronger (bs_ruleset_get_strongest_search: alpha-beta by default,
 * Hard's Monte Carlo search where measured stronger, and in simultaneous
 * games) with a CPU-time budget a move the user sets ("strongest-seconds"). */
typedef enum {
  BS_COMPUTER_LEVEL_EASY = BS_SEARCH_LEVEL_EASY,
  BS_COMPUTER_LEVEL_MEDIUM = BS_SEARCH_LEVEL_MEDIUM,
  BS_COMPUTER_LEVEL_HARD = BS_SEARCH_LEVEL_HARD,
  BS_COMPUTER_LEVEL_STRONGEST,
} BsComputerLevel;

/* The range and default of Strongest's budget, CPU seconds a move. */
#define BS_COMPUTER_STRONGEST_MIN_SECONDS     1
#define BS_COMPUTER_STRONGEST_MAX_SECONDS     60
#define BS_COMPUTER_STRONGEST_DEFAULT_SECONDS BS_PLAYER_SPEC_STRONGEST_DEFAULT_SECONDS

#define BS_TYPE_COMPUTER_PLAYER (bs_computer_player_get_type ())
G_DECLARE_FINAL_TYPE (BsComputerPlayer, bs_computer_player, BS, COMPUTER_PLAYER, GObject)

/* settings (may be NULL) holds the seats per game (rule module) in
 * "computer-seats": read when a game is set, written on change; and
 * Strongest's budget in "computer-strongest-seconds" (bound to the
 * "strongest-seconds" property). Seats set
 * while no game is set are given to the next game. */
BsComputerPlayer *bs_computer_player_new            (GSettings        *settings);

/* The scene to play in (NULL: none); cancels what was running. The seats
 * remembered for the scene's game are applied to it. */
void              bs_computer_player_set_scene      (BsComputerPlayer *self,
                                                     BsPlayScene      *scene);
BsPlayScene      *bs_computer_player_get_scene      (BsComputerPlayer *self);
/* Whether the scene is on screen (default TRUE): out of sight the computer
 * does nothing and its actions (hint, pause) are disabled. */
void              bs_computer_player_set_active     (BsComputerPlayer *self,
                                                     gboolean          active);
gboolean          bs_computer_player_get_active     (BsComputerPlayer *self);

void              bs_computer_player_set_seat       (BsComputerPlayer *self,
                                                     int               player,
                                                     BsSeat            seat,
                                                     BsComputerLevel   level);
/* Play tests from the variant editor (issue 29): a designer expects to
 * play, whatever seats were remembered for the game. The next scene set is
 * a play test: it takes the seats chosen during this editor session's play
 * tests, and a seat chosen during it is kept for them only. Reset when the
 * editor opens another variant: two humans. */
void              bs_computer_player_set_next_is_play_test (BsComputerPlayer *self,
                                                            gboolean          play_test);
void              bs_computer_player_reset_play_test_seats (BsComputerPlayer *self);
/* The next scene set is a game the user asked to play (Play … Again, a
 * game of the start page's list): if the seats remembered for it are two
 * computers, it starts paused, and Resume lets them play (issue 29). */
void              bs_computer_player_set_next_starts_paused (BsComputerPlayer *self,
                                                             gboolean          starts_paused);
BsSeat            bs_computer_player_get_seat       (BsComputerPlayer *self,
                                                     int               player);
BsComputerLevel   bs_computer_player_get_level      (BsComputerPlayer *self,
                                                     int               player);
/* Strongest's budget, CPU seconds a move (clamped to the range above); a
 * search running at Strongest keeps the budget it started with. */
guint             bs_computer_player_get_strongest_seconds (BsComputerPlayer *self);
void              bs_computer_player_set_strongest_seconds (BsComputerPlayer *self,
                                                            guint             seconds);

/* Watching two computers: paused, nothing is searched or played. */
gboolean          bs_computer_player_get_paused     (BsComputerPlayer *self);
void              bs_computer_player_set_paused     (BsComputerPlayer *self,
                                                     gboolean          paused);

/* A search (a move or a hint) is running. */
gboolean          bs_computer_player_get_thinking   (BsComputerPlayer *self);
/* Of the running search's budget, 0..1. */
double            bs_computer_player_get_fraction   (BsComputerPlayer *self);
/* Iterations of the running search so far. */
int               bs_computer_player_get_iterations (BsComputerPlayer *self);
/* Turns the computer has played since the scene was set (simultaneous:
 * the rounds of orders it entered, one per computer seat and round). */
guint             bs_computer_player_get_n_played   (BsComputerPlayer *self);

/* Searches the move the human to move should play, then marks it on the
 * board and says it in a "message"; a second call while it runs cancels
 * it. FALSE (with a message) when no human is to move. */
gboolean          bs_computer_player_hint           (BsComputerPlayer *self);
/* The last hint in words ("move the stone on h7 to g6"), or NULL. */
const char       *bs_computer_player_get_last_hint  (BsComputerPlayer *self);
/* Stops a running search and a move waiting to be played. */
void              bs_computer_player_cancel         (BsComputerPlayer *self);

/* Undo for a game against the computer: back to the last turn of a human
 * seat, so the computer does not answer again at once. */
gboolean          bs_computer_player_undo           (BsComputerPlayer *self);

/* For tests and the screenshot: a fixed playout budget instead of the
 * levels' (0: the levels), and how long a chosen move is shown before it
 * is played, in ms (default 500). */
void              bs_computer_player_set_playouts   (BsComputerPlayer *self,
                                                     guint64           playouts);
void              bs_computer_player_set_move_delay (BsComputerPlayer *self,
                                                     guint             delay_ms);

/* Adds the window actions "hint" and "pause-computer" (stateful) to map. */
void              bs_computer_player_add_actions    (BsComputerPlayer *self,
                                                     GActionMap       *map);

G_END_DECLS
