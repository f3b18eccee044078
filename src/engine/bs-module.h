/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-module.h: the rule-module interface that every game implements.
 *
 * A module is a static, immutable table of hooks. It never allocates per
 * move: positions are flat byte blocks (bs-position.h) and moves are 32-bit
 * steps whose packing each module chooses.
 *
 * Simultaneous games (flag BS_MODULE_SIMULTANEOUS, Tribes) are carried by
 * the same hooks: a round is entered as one step per piece order, player 1's
 * pieces in cell order and then player 2's, with `to_move` telling whose
 * orders are being entered and `step` counting orders in the round; the
 * step that gives the last order resolves the round. Generic callers
 * (playouts, perft, undo, records) need no special case: a turn is the run
 * of steps that brings `step` back to 0. Only what must see the whole
 * round (the notation of a turn, a search that must not let player 2 see
 * player 1's orders, the app's hand-over screen) looks at the flag. */

#pragma once

#include <glib.h>

#include "bs-board.h"
#include "bs-option.h"
#include "bs-rng.h"
#include "bs-types.h"

G_BEGIN_DECLS

typedef struct _BsRuleset  BsRuleset;
typedef struct _BsPosition BsPosition;
typedef struct _BsUndo     BsUndo;
typedef struct _BsModule   BsModule;

typedef enum {
  BS_MODULE_SIMULTANEOUS = 1 << 0,
} BsModuleFlags;

/* A kind of piece ("small", "large", "circle", "triangle", ...). */
typedef struct {
  const char *id;          /* notation- and XML-level id */
  const char *label;       /* N_() */
  gboolean    directed;    /* carries a direction (Astoria triangles) */
  int         default_supply;
} BsKindSpec;

/* A special cell the module knows about (Ikabegamá nests). */
typedef struct {
  const char *id;          /* "nest" */
  const char *label;       /* N_() */
  gboolean    per_player;  /* one for each player (player="1"/"2") */
  gboolean    required;
  const char *default_cells[3];   /* [0] shared, or [1], [2] per player: labels
                                   * on the module's default board */
} BsSpecialSpec;

/* A figure the game measures for each player (the largest group, the
 * number of groups, the pieces on the board): the first one is the game's
 * main measure, the one scores() gives; the others break its ties. Shown
 * beside the board and printed by `show --json`. */
typedef struct {
  const char *id;          /* "largest-group": JSON- and test-level id */
  const char *label;       /* N_("Largest group") */
} BsMeasureSpec;

struct _BsModule {
  const char          *id;            /* "agoraphobia" */
  const char          *name;          /* N_("Agoraphobia") */
  const char          *description;   /* N_(), one line */
  guint                flags;

  const BsOptionSpec  *options;
  guint                n_options;
  const BsKindSpec    *kinds;
  guint                n_kinds;
  gboolean             unlimited_supply;
  const BsSpecialSpec *specials;
  guint                n_specials;

  /* Boards the module plays on: a mask of (1 << BsShape), the adjacency a
   * square board must have (0: either), and the size ranges. */
  guint                shapes;
  int                  square_adjacency;
  int                  min_side;      /* width/height of square and rhombus */
  int                  max_side;
  int                  min_size;      /* size of hexagon / limping */
  int                  max_size;

  /* What a new variant of this module starts from. */
  BsBoardSpec          default_board;
  const char          *default_player_names[2];   /* N_() */
  const char          *default_player_colors[2];  /* "#rrggbb" */

  /* Checks what only the module knows (enough pieces, an even board, nests
   * apart) once the board is built; may fill rs->module_data and must set
   * rs->max_moves, and rs->extra_size / rs->max_changes if it needs more
   * than the defaults. */
  gboolean (*prepare)      (BsRuleset        *rs,
                            GError          **error);
  void     (*free_data)    (gpointer          module_data);

  /* Called on a position that already holds the supplies, the variant's
   * fixed setup pieces and to_move = 1; adds the module's own start
   * (nest tokens, Tribes' bag draw) from the seed. */
  void     (*setup)        (const BsRuleset  *rs,
                            BsPosition       *pos,
                            guint64           seed);

  /* All legal steps of pos (which is not over), into moves[rs->max_moves];
   * returns how many. A forced pass is a move; a position that is not over
   * always has at least one. */
  guint    (*generate)     (const BsRuleset  *rs,
                            const BsPosition *pos,
                            BsMove           *moves);

  /* Optional: a uniformly random legal step, faster than generate + pick;
   * scratch holds rs->max_moves moves. Tests check it against generate. */
  BsMove   (*random_move)  (const BsRuleset  *rs,
                            const BsPosition *pos,
                            BsRng            *rng,
                            BsMove           *scratch);

  /* Plays a legal step; cells change only through bs_position_set_cell()
   * (it keeps the hash, the counts and the undo journal). Sets pos->result
   * when the game ends, advances to_move, step and ply. The `max-plies`
   * draw is applied by the ruleset after apply, for every module. */
  void     (*apply)        (const BsRuleset  *rs,
                            BsPosition       *pos,
                            BsMove            move,
                            BsUndo           *undo);

  /* The game's main measure for each player (RULES.md). */
  void     (*scores)       (const BsRuleset  *rs,
                            const BsPosition *pos,
                            int               scores[2]);

  /* Optional: every measure of `measures` (at most BS_MAX_MEASURES), the
   * first equal to scores(). Without them the ruleset offers scores() as
   * one measure, "score". */
  const BsMeasureSpec *measures;
  guint                n_measures;
  void     (*measure)      (const BsRuleset  *rs,
                            const BsPosition *pos,
                            int               values[][2]);

  /* Why the game of pos ended by the module's own rules — pos is over and
   * it was not the ruleset's move limit: one of the BsEnding values the
   * module documents. Called once, by the step that ends the game. */
  BsEnding (*ending)       (const BsRuleset  *rs,
                            const BsPosition *pos);
  /* One or two sentences in the game's own terms (translated, with the
   * players' names and the figures that decided) saying why pos, which is
   * over, has its result. `ending` is never BS_ENDING_MOVE_LIMIT: the
   * ruleset words that one. */
  void     (*describe_ending) (const BsRuleset  *rs,
                               const BsPosition *pos,
                               BsEnding          ending,
                               GString          *out);

  /* Notation of one step, pos being the position before it. */
  void     (*format_move)  (const BsRuleset  *rs,
                            const BsPosition *pos,
                            BsMove            move,
                            GString          *out);
  /* Parses one step's notation; only the syntax and the cells: legality is
   * checked by the caller against generate(). */
  gboolean (*parse_move)   (const BsRuleset  *rs,
                            const BsPosition *pos,
                            const char       *text,
                            BsMove           *move,
                            GError          **error);
  /* Optional: why a well-formed step is illegal here ("d4 is occupied",
   * "pushes no piece two cells"), for the app and the CLI. */
  char    *(*explain)      (const BsRuleset  *rs,
                            const BsPosition *pos,
                            BsMove            move);

  /* Simultaneous games only. */
  /* The orders a piece on `cell` may be given (in any phase of the round). */
  guint    (*piece_orders) (const BsRuleset  *rs,
                            const BsPosition *pos,
                            int               cell,
                            BsMove           *moves);
  /* A whole round: text <-> the steps that enter it from pos (step 0). */
  gboolean (*parse_turn)   (const BsRuleset  *rs,
                            const BsPosition *pos,
                            const char       *text,
                            BsMove           *steps,
                            guint            *n_steps,
                            GError          **error);
  void     (*format_turn)  (const BsRuleset  *rs,
                            const BsPosition *pos,
                            const BsMove     *steps,
                            guint             n_steps,
                            GString          *out);

  /* Optional: the supply of `kind` the rules give each player on a board
   * (Astoria: (2n)^2 / 4 of each kind; Tribes: half the cells). When a
   * variant's board is resized (bs_variant_set_board), a supply that still
   * equals the old board's figure follows the new board; any other figure
   * is a handicap and is kept. */
  int      (*board_supply) (const BsBoardSpec *spec,
                            int                kind);
};

/* The registry of built-in modules. */
const BsModule * const *bs_module_list (guint *n_modules);
const BsModule         *bs_module_find (const char *id);
/* Index of an option or kind id in the module's declaration, or -1. */
int                     bs_module_option_index (const BsModule *module,
                                                const char     *id);
int                     bs_module_kind_index   (const BsModule *module,
                                                const char     *id);
int                     bs_module_special_index (const BsModule *module,
                                                 const char     *id);

G_END_DECLS
