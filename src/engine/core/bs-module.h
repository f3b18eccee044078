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

/* The longest playout cut a module or a player may ask for (plies). */
#define BS_MODULE_MAX_PLAYOUT_CUT 1000

typedef struct _BsRuleset  BsRuleset;
typedef struct _BsPosition BsPosition;
typedef struct _BsUndo     BsUndo;
typedef struct _BsModule   BsModule;

typedef enum {
  BS_MODULE_SIMULTANEOUS = 1 << 0,
} BsModuleFlags;

/* Which search plays the app's Hard and Strongest levels and the hint (and
 * the CLI's `hard` and `strongest` players) in a turn-based game, as measured
 * for the game (docs/SEARCH.md, "Strongest: the search each game declares"):
 * alpha-beta with the game's features (the default, 0), or the Monte Carlo
 * tree search of the Hard level (with the game's playout cut) given the
 * level's budget. A simultaneous game is always searched by
 * the Monte Carlo search: alpha-beta cannot play it. */
typedef enum {
  BS_STRONGEST_ALPHA_BETA = 0,
  BS_STRONGEST_MONTE_CARLO,
} BsStrongestSearch;

/* How big a kind of piece is drawn, where a game has kinds of different
 * sizes (the renderer draws a large piece with an inner ring too). */
typedef enum {
  BS_KIND_SIZE_NORMAL = 0,
  BS_KIND_SIZE_SMALL,
  BS_KIND_SIZE_LARGE,
} BsKindSize;

/* A kind of piece ("small", "large", "circle", "triangle", ...). */
typedef struct {
  const char *id;          /* notation- and XML-level id */
  const char *label;       /* N_() */
  gboolean    directed;    /* carries a direction (Astoria triangles) */
  int         default_supply;
  BsKindSize  size;        /* as drawn */
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

/* A figure the computer opponent judges a position by (material, the
 * most advanced piece, mobility), with its weight for the game: the
 * evaluation is the sum of weight × value, in pieces' worth (a weight of 1
 * for material: one piece more is worth 1). Declared by a module that
 * knows its game better than the generic fallback (bs-evaluation.h). */
typedef struct {
  const char *id;          /* "material": JSON- and test-level id */
  double      weight;
} BsFeatureSpec;

/* The generic features that judge a turn-based module declaring none of
 * its own (bs-evaluation.h), in this order, with their hand-set weights:
 * material (the pieces on the board and in hand) and mobility (the legal
 * moves of each player). */
enum {
  BS_GENERIC_MATERIAL,
  BS_GENERIC_MOBILITY,
  BS_N_GENERIC_FEATURES
};
extern const BsFeatureSpec bs_generic_features[BS_N_GENERIC_FEATURES];

/* ---- How the game is played: what a move is made of ----------------------
 *
 * The app builds its whole interaction from this declaration and from the
 * legal moves decoded by `decode_move`; the help's "controls" paragraph and
 * the accessible labels are worded from it too. Nothing outside the module
 * knows which game it is. */

typedef enum {
  /* A piece from the supply onto an empty cell. With more than one kind
   * the player chooses the kind; a `directed` kind also gets a direction
   * (0 N, 1 E, 2 S, 3 W). */
  BS_PLAY_PLACE     = 1 << 0,
  /* A piece on the board, then the cell it goes to. */
  BS_PLAY_STEP      = 1 << 1,
  /* After the cell, one more choice among `follow_ups` (a push, say). */
  BS_PLAY_FOLLOW_UP = 1 << 2,
  /* Simultaneous games: every piece of the player gets an order — a step
   * to a cell, or its own cell to stay (`stay_label` says what it does
   * then) — in secret; a piece given no order stays. */
  BS_PLAY_ORDERS    = 1 << 3,
} BsPlayFlags;

/* A move without a cell, such as "pass" or "end". */
typedef struct {
  const char *id;            /* the move's notation */
  const char *label;         /* N_("_End the Game"): a button, with a mnemonic */
  const char *description;   /* N_(), a sentence: what it does (tooltip, help) */
  gboolean    ends_game;     /* playing it ends the game: the app shows the
                              * result it would give before it is played */
} BsWordSpec;

/* One choice of the follow-up. */
typedef struct {
  const char *label;         /* N_("Push North"): a button's label or tooltip */
  int         direction;     /* a square-board direction (0 N … 3 W) when the
                              * choice is one, for arrows and arrow keys; -1 */
} BsChoiceSpec;

typedef struct {
  guint               flags;             /* BsPlayFlags */
  const char         *piece_noun;        /* N_("stone"): "the stone on d4" */
  const char         *direction_prompt;  /* N_("Triangle points"): the label of
                                          * the direction chooser of directed
                                          * kinds; its buttons read "PROMPT
                                          * North" */
  const char         *follow_up_prompt;  /* N_("Push"): the follow-up chooser */
  const BsChoiceSpec *follow_ups;
  guint               n_follow_ups;
  const char         *stay_label;        /* orders: what a piece ordered to
                                          * stay does, as in "a piece without
                                          * an order %s": N_("defends") */
  const char         *stay_note;         /* orders: NULL, or a sentence on
                                          * what then becomes of it, said
                                          * where orders are given */
  const BsWordSpec   *words;
  guint               n_words;
} BsPlaySpec;

/* One move taken apart: what the player chose. Unused parts are -1
 * (cells BS_NO_CELL). */
typedef struct {
  int from;        /* the cell a piece leaves (a step or an order) */
  int to;          /* the cell a piece is placed on or goes to (an order to
                    * stay: from itself) */
  int kind;        /* the kind placed */
  int direction;   /* the direction of a directed piece placed */
  int follow_up;   /* index into follow_ups */
  int word;        /* index into words */
} BsMoveParts;

/* What a resolved turn did, in words and marks, for the app's reveal, the
 * move list's tooltips, `show --explain` and the exports' captions. */
typedef struct {
  GString *summary;   /* one line ("Round 3: 2 pieces die") */
  GString *details;   /* one line per event (who was pushed, flipped, died
                       * and why); may be empty */
  guint8  *removed;   /* n_cells flags: a piece on this cell of the position
                       * before the turn was removed by it */
} BsTurnExplanation;

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

  /* Optional: the features of `features` (at most BS_MAX_FEATURES) on pos,
   * which is not over and is at the start of a turn: each one player 1's
   * figure minus player 2's, so that a position and its mirror have
   * opposite values. Without them the search judges a position by
   * material and mobility alone. */
  const BsFeatureSpec *features;
  guint                n_features;
  /* Optional, for a module without features of its own: the weights of
   * the generic features measured for the game, generic_weights[i] for
   * bs_generic_features[i]; NULL: their hand-set weights. */
  const double        *generic_weights;
  /* The search of the Strongest level (above); 0: alpha-beta. */
  BsStrongestSearch    strongest;
  /* Optional: the playout cut K (BsSearchParams.playout_cut) measured to make
   * the Monte Carlo search stronger in this game (docs/SEARCH.md,
   * "Evaluation-cut playouts"); 0: none. Only a player that asks for it
   * ("mcts:…,cut=game") uses it; no level does. At most
   * BS_MODULE_MAX_PLAYOUT_CUT. */
  guint                playout_cut;
  /* Optional: alpha-beta's late-move reductions (BsAlphaBetaParams.late_moves)
   * measured to make it stronger in this game, for games too wide to search
   * three plies in full (docs/SEARCH.md, "Astoria's Hard"); 0: none. */
  guint                late_moves;
  /* Optional: alpha-beta searches without its transposition table (the
   * hash each node computes for it costing more than the nodes it saves),
   * as measured for the game (docs/RULES-LANGUAGE.md, "The computer");
   * FALSE: with it. "ab:…,tt=on" keeps it all the same. */
  gboolean             no_table;
  void     (*feature_values) (const BsRuleset  *rs,
                              const BsPosition *pos,
                              double           *values);
  /* Optional: whether `move`, legal in pos, is forcing — a capture, say:
   * a move whose outcome a search must not judge before the reply. At its
   * horizon alpha-beta goes on over the forcing moves only (quiescence),
   * the player to move free to stand on the position's value instead.
   * Without it the search stops at its depth. */
  gboolean (*is_forcing)   (const BsRuleset  *rs,
                            const BsPosition *pos,
                            BsMove            move);

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

  /* ---- How it is played, how it is explained ---- */

  const BsPlaySpec *play;
  /* Takes a step apart (pos: the position before it). */
  void     (*decode_move)  (const BsRuleset  *rs,
                            const BsPosition *pos,
                            BsMove            move,
                            BsMoveParts      *parts);
  /* Optional: the inverse of decode_move — the step made of `parts`,
   * legal in pos or not, so that `explain` can say why a choice the app
   * offers is refused; FALSE when the parts make no step of this game.
   * Unused parts are -1 (cells BS_NO_CELL), as decode_move leaves them. */
  gboolean (*encode_move)  (const BsRuleset   *rs,
                            const BsPosition  *pos,
                            const BsMoveParts *parts,
                            BsMove            *move);
  /* What the turn steps[0..n_steps) played from `before` (at step 0) did. */
  void     (*explain_turn) (const BsRuleset   *rs,
                            const BsPosition  *before,
                            const BsMove      *steps,
                            guint              n_steps,
                            BsTurnExplanation *out);
  /* Optional: why the piece on `cell` of the player to move cannot move
   * now ("no empty cell ahead of it"), or NULL if it can. */
  char    *(*explain_piece) (const BsRuleset  *rs,
                             const BsPosition *pos,
                             int               cell);
  /* The rules as this variant sets them (options filled in: "a large piece
   * pushes 2 cells") and, separately, how to win: translated paragraphs
   * for the help. */
  void     (*describe_rules) (const BsRuleset *rs,
                              GString         *rules,
                              GString         *goal);

  /* Optional: the supply of `kind` the rules give each player on a board
   * (Astoria: (2n)^2 / 4 of each kind; Tribes: half the cells). When a
   * variant's board is resized (bs_variant_set_board), a supply that still
   * equals the old board's figure follows the new board; any other figure
   * is a handicap and is kept. */
  int      (*board_supply) (const BsBoardSpec *spec,
                            int                kind);
};

/* The built-in modules, NULL-terminated. Core only declares the table:
 * the modules room defines it (modules/bs-modules.c), so that core never
 * includes a game. */
extern const BsModule * const bs_builtin_modules[];
/* The games written in the rules language that ship with Boardsmith
 * (rules/games/), loaded once on first use; NULL-terminated. Declared
 * here and defined by the rules room (rules/bs-rules-catalog.c), for the
 * same reason as the table above. */
const BsModule * const *bs_written_modules (void);

/* The registry: the modules written in C, then the written games whose id
 * no C module has (a written copy of a C module is its proof, not a
 * second game). */
const BsModule * const *bs_module_list (guint *n_modules);
const BsModule         *bs_module_find (const char *id);
/* A module made at run time (a rules file a user opened in the app) joins
 * the registry for the rest of the process: bs_module_find (its id) finds
 * it first, replacing a built-in or written game of that id and any
 * module registered before with its id; bs_module_list does not list it.
 * The module must live as long as the process (the caller keeps it, as
 * the C modules are static). Thread-safe. */
void                    bs_module_register (const BsModule *module);
/* Index of an option or kind id in the module's declaration, or -1. */
int                     bs_module_option_index (const BsModule *module,
                                                const char     *id);
/* The default of option `index` on a board (a valid spec): its
 * default_per_cell times the cells of the board's shape, held to the
 * option's range, or its default_value. */
int                     bs_module_option_default (const BsModule    *module,
                                                  int                index,
                                                  const BsBoardSpec *board);
int                     bs_module_kind_index   (const BsModule *module,
                                                const char     *id);
int                     bs_module_special_index (const BsModule *module,
                                                 const char     *id);

G_END_DECLS
