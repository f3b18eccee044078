/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-rules-document.h: a rules file (docs/RULES-LANGUAGE.md) read into a
 * checked tree. Every name is resolved here (options, pieces, regions,
 * directions); what needs the board or the option values (the program) is
 * built by BsRulesGame when a ruleset is. Each node keeps its line, and
 * every error says "FILE:LINE: <element> attribute "x": …" with the
 * nearest valid name when a name is unknown. */

#pragma once

#include <glib.h>

#include "bs-module.h"

G_BEGIN_DECLS

#define BS_RULES_FORMAT_VERSION 1
#define BS_RULES_MAX_FILE_SIZE  (256 * 1024)
#define BS_RULES_MAX_BLOCKS     32      /* moves, ends, fills, measures each */
#define BS_RULES_MAX_DIRS       8
#define BS_RULES_MAX_SPECIALS   4       /* regions the variant chooses (BsRuleset.specials) */

/* A condition on the option values (if= / unless=): always true when
 * option is -1. For an enum option, true when it is `choice`. */
typedef struct {
  int      option;
  int      choice;      /* enum: the choice; bool: -1 */
  gboolean negate;      /* unless= */
} BsRulesCondition;

/* A number as written: a literal, or {option}. */
typedef struct {
  int value;
  int option;           /* -1: the literal */
} BsRulesNumber;

/* Ranks counted from a player's own edge (1: their home row); `far` is
 * the last row, however high the board. */
typedef struct {
  BsRulesNumber first;
  BsRulesNumber last;
  gboolean      first_far;
  gboolean      last_far;
} BsRulesRanks;

/* A region: the cells in all of its constraints (rows, cols, centre);
 * each player's, or one player's when `player` is set (an id may then be
 * declared once for each player). */
typedef struct {
  char         *id;
  BsRulesRanks  ranks;          /* rows=, from the player's own edge */
  BsRulesRanks  cols;           /* cols=, from the west edge */
  gboolean      has_rows;
  gboolean      has_cols;
  BsRulesNumber centre;         /* centre="N": the N × N cells in the middle */
  gboolean      has_centre;
  int           player;         /* 1 or 2; 0: each player's */
  /* special="true": a cell per player that the variant chooses (its
   * <special id=ID player=P cell=…/>, the editor's row `label`), on the
   * default board `defaults[1]` and `defaults[2]`; then `special_index`
   * is its index among the game's specials (BsModule.specials). */
  gboolean      special;
  char         *label;
  char         *defaults[3];
  int           special_index;
  int           line;
} BsRulesRegion;

typedef struct {
  BsRulesRanks     ranks;
  int              region;        /* region= instead of rows= (-1: rows) */
  int              piece;
  gboolean         unless_fixed;
  gboolean         checkerboard;  /* pattern="checkerboard": player a1_player on a1's colour */
  int              a1_player;     /* a1="1|2" */
  BsRulesCondition cond;
  int              line;
} BsRulesFill;

/* The cells a move may go to. */
typedef enum {
  BS_RULES_TO_EMPTY = 1 << 0,
  BS_RULES_TO_ENEMY = 1 << 1,
} BsRulesTarget;

/* A direction as written: a board direction ("n", "ne", … in lower case)
 * or one relative to the player (BS_RULES_DIR_RELATIVE | the player-1
 * direction it is, mirrored north-south for player 2). */
typedef struct {
  char     *name;       /* the board's name, lower case */
  gboolean  relative;
} BsRulesDir;

/* A move block: <step> (a piece moves one cell in each of `dirs`) or
 * <place> (a piece of `piece` from the supply onto a cell of `to`). */
typedef struct {
  gboolean         place;
  BsRulesDir       dirs[BS_RULES_MAX_DIRS];
  int              n_dirs;
  guint            to;          /* BsRulesTarget */
  gboolean         capture;     /* capture="replace" */
  int              piece;       /* place */
  /* <bracket> inside a <place>: the lines of enemy pieces the placed
   * piece closes with one of its own, along `bracket_dirs` (none: every
   * direction), `bracket_length` pieces long, are flipped or captured;
   * `bracket_required`: a placement must close at least one. */
  gboolean         bracket;
  BsRulesDir       bracket_dirs[BS_RULES_MAX_DIRS];
  int              n_bracket_dirs;
  BsRulesRanks     bracket_length;
  gboolean         bracket_capture;
  gboolean         bracket_required;
  /* A placement's where="empty !adjacent(own)": not next to a piece of
   * the mover's own. compulsory="true": when the block has a move, the
   * blocks after it give none (a placement that must be made, a capture
   * that must be taken). */
  gboolean         apart;
  gboolean         compulsory;
  /* <hop> and <slide>: a piece walks a ray, in each direction of `dirs`
   * (all_dirs: every direction of the board). A hop passes over a run of
   * at most `over` occupied cells (-1: any) to the first empty cell; a
   * slide goes along empty cells, at most `distance` (-1: any), stopping
   * on any of them or only on the farthest. */
  gboolean         walk;
  gboolean         all_dirs;
  gboolean         slide;
  int              over;
  int              distance;
  gboolean         farthest;
  /* <word id label description>: a move of its own, written as its id;
   * fill_opponent: its <fill where="empty" owner="opponent"/> effect. */
  gboolean         word;
  char            *word_id;
  char            *word_label;
  char            *word_description;
  char            *word_explain;    /* explain="…": {mover} {next} */
  gboolean         fill_opponent;
  /* <jump distance leave>: a piece reaches an empty cell `distance` king
   * moves away (the ring of cells that far; square boards). leave_copy
   * (leave="copy"): a new piece goes there and the piece stays, one move
   * per cell reached, whichever piece makes it; else the piece leaves
   * its cell. convert: its <convert targets="adjacent"/> effect, the
   * other player's pieces next to the cell reached become the mover's. */
  gboolean         jump;
  int              jump_distance;
  gboolean         leave_copy;
  gboolean         convert;
  /* A placement of several kinds (piece="small large"): `pieces` in the
   * written order (pieces[0] is `piece`). <push> inside it: every
   * occupied neighbour of the placed cell is pushed straight away from
   * it, push_distance[i] cells for the kind pieces[i], stopping early
   * before an occupied cell, a hole or the edge (blocked="stop"
   * off="stop"); push_require_full (require="one-full"): a placement is
   * legal only where at least one neighbour moves its full distance. */
  int              pieces[BS_MAX_KINDS];
  int              n_pieces;
  gboolean         push;
  BsRulesNumber    push_distance[BS_MAX_KINDS];
  gboolean         push_require_full;
  /* <follow-up choose="direction" dirs label/> inside a <place>: a second
   * step of the turn, one of `follow_dirs` (board directions), chosen
   * after the cell and the kind (a directed kind's direction is chosen
   * with the kind, among the board's directions). <push-lines
   * along="follow-up" mode> after it: in every line along the direction
   * chosen where the mover's score is strictly higher than the
   * opponent's, the pieces move one cell that way and the piece on the
   * edge falls off; mode whole-line (the line moves, gaps too) or gaps
   * (judged before the push, only pieces with room ahead move), or an
   * enum option's choice (lines_mode_option). A line's score is the sum
   * over the player's pieces in it of their kind's <score points>, for
   * a directed kind with pointing="follow-up" only when it points the
   * push's way. */
  gboolean         follow_up;
  BsRulesDir       follow_dirs[BS_RULES_MAX_DIRS];
  int              n_follow_dirs;
  char            *follow_label;
  gboolean         push_lines;
  int              lines_mode;          /* 0 whole-line, 1 gaps */
  int              lines_mode_option;   /* an enum option whose choices are modes, or -1 */
  int              score_piece[BS_MAX_KINDS];
  gboolean         score_pointing[BS_MAX_KINDS];
  BsRulesNumber    score_points[BS_MAX_KINDS];
  int              n_scores;
  BsRulesCondition cond;
  int              line;
} BsRulesStep;

typedef enum {
  BS_RULES_END_ELIMINATED,
  BS_RULES_END_REACH,
  BS_RULES_END_NO_MOVE,
  BS_RULES_END_LINE,
  BS_RULES_END_FULL,
  BS_RULES_END_CONNECT,
  BS_RULES_END_PLAYED,      /* <played word="…">: the word was played */
  BS_RULES_END_CAPTURED,    /* <captured count="…">: the player took that many pieces */
  BS_RULES_END_PASSES,      /* <passes count="…">: that many passes in a row */
  BS_RULES_END_NO_REMOVAL,  /* <no-removal>: a round of simultaneous orders removed no piece */
  BS_RULES_END_ALL_PLACED,  /* <all-placed>: both players' supplies are empty */
} BsRulesEndKind;

typedef enum {
  BS_RULES_WHO_MOVER,   /* the player who just moved */
  BS_RULES_WHO_NEXT,    /* the player to move now */
  BS_RULES_WHO_BOTH,    /* no-move, eliminated: neither player */
  BS_RULES_WHO_EACH,    /* eliminated, simultaneous turns: whichever player it is */
} BsRulesWho;

typedef enum {
  BS_RULES_RESULT_WIN,
  BS_RULES_RESULT_LOSS,
  BS_RULES_RESULT_DRAW,
  BS_RULES_RESULT_MOST_PIECES,    /* more pieces on the board wins, equal draws */
  BS_RULES_RESULT_FEWEST_PIECES,
  BS_RULES_RESULT_MOST_GROUPS,    /* more groups wins; a tie is `tie`'s */
  BS_RULES_RESULT_FEWEST_GROUPS,
  BS_RULES_RESULT_MEASURES,       /* by="m1:lower m2:higher": the first measure that differs */
} BsRulesResult;

#define BS_RULES_MAX_BY 4

#define BS_RULES_MAX_CONNECT 4

typedef struct {
  BsRulesEndKind   kind;
  BsRulesWho       who;
  BsRulesResult    result;
  int              region;      /* reach */
  gboolean         of_opponent; /* reach of="opponent": the other player's region */
  int              misere;      /* a bool option that swaps win and loss, or -1 */
  BsRulesNumber    length;      /* line: how many in a row */
  BsRulesNumber    count;       /* captured: the other player's pieces taken in the game;
                                 * passes: the passes in a row */
  gboolean         exactly;     /* line: no more than `length` … */
  int              exactly_option; /* … or when this bool option is on (-1: none) */
  BsRulesDir       dirs[BS_RULES_MAX_DIRS];  /* line: the axes (none: every one) */
  int              n_dirs;
  int              regions[BS_RULES_MAX_CONNECT];  /* connect: one group touches each */
  int              n_regions;
  int              word;        /* played: the block of the word */
  BsRulesWho       tie;         /* groups results: who wins a tie (BOTH: a draw) */
  int              by[BS_RULES_MAX_BY];      /* result="measures": the measures, in order */
  gboolean         by_lower[BS_RULES_MAX_BY];/* … the lower value wins */
  int              n_by;
  char            *sentence;    /* describe_ending: {mover}, {next} */
  char            *misere_sentence;
  BsRulesCondition cond;
  int              line;
} BsRulesEnd;

typedef enum {
  BS_RULES_MEASURE_PIECES,
  BS_RULES_MEASURE_FURTHEST_RANK,
  BS_RULES_MEASURE_GROUPS,        /* the player's groups of pieces (board neighbours) */
  BS_RULES_MEASURE_CAPTURED,      /* the other player's pieces the player has taken */
  BS_RULES_MEASURE_LARGEST_GROUP, /* the player's largest group, each piece its kind's weight */
} BsRulesMeasureKind;

typedef struct {
  char               *id;
  char               *label;
  BsRulesMeasureKind  kind;
} BsRulesMeasure;

/* A paragraph of the help (describe_rules): rules or goal. */
typedef struct {
  char             *text;
  gboolean          goal;
  BsRulesCondition  cond;
} BsRulesText;

/* A resolution's cell sets (<resolve>, RULES-LANGUAGE.md "The ninth
 * slice"): an atom, or a function of one simple atom. */
typedef enum {
  BS_RULES_ATOM_STAYING,        /* pieces ordered to stay */
  BS_RULES_ATOM_MOVING,         /* pieces ordered to move */
  BS_RULES_ATOM_OCCUPIED,       /* every piece */
  BS_RULES_ATOM_CROWDED,        /* cells that <move-orders/> gave two or more pieces */
  BS_RULES_ATOM_MARK,           /* a <mark>'s cells (arg: the mark) */
  BS_RULES_ATOM_TARGETS_OF,     /* the cells the moving pieces of `inner` point at */
  BS_RULES_ATOM_MOVING_ONTO,    /* the moving pieces whose target is in `inner` */
} BsRulesAtomKind;

#define BS_RULES_MAX_ATOMS  8
#define BS_RULES_MAX_MARKS  8
#define BS_RULES_MAX_PHASES 16

typedef struct {
  guint8 kind;          /* BsRulesAtomKind */
  guint8 arg;           /* MARK: the mark */
  guint8 inner;         /* TARGETS_OF, MOVING_ONTO: a simple atom's kind */
  guint8 inner_arg;
} BsRulesAtom;

/* A union of atoms (written separated by spaces). */
typedef struct {
  BsRulesAtom atoms[BS_RULES_MAX_ATOMS];
  int         n;
} BsRulesSet;

typedef enum {
  BS_RULES_PHASE_MARK,          /* <mark id set and not>: the mark gets these cells too */
  BS_RULES_PHASE_REMOVE,        /* <remove where and not>: the pieces there go */
  BS_RULES_PHASE_MOVE_ORDERS,   /* <move-orders/>: every piece ordered to move moves */
} BsRulesPhaseKind;

/* A phase: the cells of `set`, within `and` (when has_and), less `not`. */
typedef struct {
  BsRulesPhaseKind kind;
  int              mark;
  BsRulesSet       set;
  BsRulesSet       and_set;
  gboolean         has_and;
  BsRulesSet       not_set;
  BsRulesCondition cond;
  int              line;
} BsRulesPhase;

/* <swap mirror="…"/> in <turn>: the cell a piece goes to when the second
 * player swaps (the side that maps player 1's role onto player 2's). */
typedef enum {
  BS_RULES_MIRROR_NONE,         /* the same cell */
  BS_RULES_MIRROR_DIAGONAL,     /* across the diagonal from a1: column and row exchanged */
  BS_RULES_MIRROR_ROWS,         /* row r to row height + 1 - r, the same column */
} BsRulesMirror;

/* The weight of one feature of the evaluation (in pieces' worth, as
 * BsFeatureSpec.weight), as <computer><weight> declares it. */
typedef struct {
  char   *feature;
  double  value;
  int     line;
} BsRulesWeight;

#define BS_RULES_MAX_WEIGHT 100

typedef struct {
  char          *filename;
  char          *id;
  char          *name;
  char          *description;

  /* <board> */
  guint          shapes;            /* (1 << BsShape) */
  int            square_adjacency;
  int            min_side, max_side, min_size, max_size;
  BsBoardSpec    default_board;
  char          *player_names[2];
  char          *player_colors[2];

  GArray        *options;           /* of BsOptionSpec, strings owned */
  GPtrArray     *option_choices;    /* of GStrv, per option (NULL but enums) */
  GArray        *kinds;             /* of BsKindSpec, strings owned */
  char          *piece_noun;
  char          *direction_label;   /* <piece direction-label> of the first directed kind:
                                     * the prompt of its direction ("Triangle points") */
  GArray        *kind_weights;      /* of BsRulesNumber, per kind: <piece weight> (1) */
  GPtrArray     *kind_letters;      /* per kind: <piece letter> (NULL: none) */
  gboolean       limited_supply;    /* some <piece supply="N">: the players' supplies count */
  BsRulesNumber  free_plies;        /* <turn><free-plies count/>: the first plies need no
                                     * effect's requirement (0: none) */
  GArray        *regions;           /* of BsRulesRegion */
  GArray        *fills;             /* of BsRulesFill */
  GArray        *steps;             /* of BsRulesStep */
  GArray        *ends;              /* of BsRulesEnd */
  GArray        *measures;          /* of BsRulesMeasure */
  GArray        *texts;             /* of BsRulesText */
  gboolean       pass_when_no_move; /* <turn pass="when-no-move">: the move "pass" */
  /* <turn><swap mirror if/></turn>: the swap (pie) rule; see RULES-LANGUAGE.md. */
  gboolean       swap;
  BsRulesMirror  swap_mirror;
  BsRulesCondition swap_cond;
  int            swap_line;
  gboolean       mixed;             /* places, walks and words in one game */
  gboolean       jumping;           /* <jump> blocks only */
  gboolean       pushing;           /* one <place> with a <push>: a push program */
  /* <turn order="simultaneous">: each player gives every piece an order
   * in secret (<orders per="piece" dirs="all" stay="ID" stay-label
   * stay-note/>: stay, or move to a neighbour), then the phases of
   * <resolve> run in order (marks: their ids). */
  gboolean       simultaneous;
  /* <computer strongest="alpha-beta|monte-carlo"/>: the search of the
   * Strongest level (BsModule.strongest); alpha-beta when left out. */
  BsStrongestSearch strongest;
  /* <computer playout-cut="K"/>: the playout cut measured for the game
   * (BsModule.playout_cut); 0 when left out. */
  guint             playout_cut;
  /* <computer table="off"/>: alpha-beta searches the game without its
   * transposition table (BsModule.no_table); FALSE when left out or "on". */
  gboolean          no_table;
  /* <computer><weight feature="ID" value="W"/>…: the weights measured for
   * features of the game's evaluation (BsRulesWeight, in file order, each
   * feature once); the game checks the ids against its evaluation. */
  GArray           *weights;
  char          *stay_id;
  char          *stay_label;
  char          *stay_note;
  GArray        *phases;            /* of BsRulesPhase */
  GPtrArray     *marks;             /* of char *, the <mark> ids */
  /* <start><bag skip="REGION"/>: every empty cell not in the region, in
   * cell order, gets a piece drawn at random from both supplies (what is
   * left in the bag is not used); the supplies must fill those cells. */
  gboolean       bag;
  int            bag_skip;          /* region, or -1 */
  int            bag_line;
  gboolean       line_pushing;      /* one <place> with <follow-up> and <push-lines>:
                                     * a line program (bs-rules-lines) */
  gboolean       follow_notation;   /* <notation move="KIND@TO/FOLLOW-UP"> */
  gboolean       kind_notation;     /* <notation move="KIND@TO">: the kind's letter, @, the cell */

  /* <notation move="FROM-TO" how="…"/>: the text between the cells;
   * NULL for move="TO" (a placement is written as its cell). */
  char          *move_separator;
  char          *how_to_write;
  /* <explain move="…" capture="…"/>: {mover} {next} {from} {to} */
  char          *explain_move;
  char          *explain_capture;
  char          *explain_pass;      /* <explain pass="…"/>: {mover} */
  char          *explain_swap;      /* <explain swap="…"/>: {mover} {next} {from} {to} */
  char          *explain_place;     /* <explain place="…"/>: a placement of a mixed game */
} BsRulesDocument;

BsRulesDocument *bs_rules_document_parse     (const char       *data,
                                              gsize             length,
                                              const char       *filename,
                                              GError          **error);
BsRulesDocument *bs_rules_document_load_file (const char       *path,
                                              GError          **error);
void             bs_rules_document_free      (BsRulesDocument  *doc);
/* The bytes of the rules file at `source` with the root's id and the <name> changed, the rest
 * (comments, layout) as it was; checked to load (errors name `target`, where it will go) as a
 * document that has them. For `boardsmith-cli new-rules` and the app's New Rules. */
GBytes          *bs_rules_document_renamed_copy (const char  *source,
                                                 const char  *target,
                                                 const char  *id,
                                                 const char  *name,
                                                 GError     **error);

/* Whether a condition holds for the option values. */
gboolean         bs_rules_condition_holds    (const BsRulesCondition *cond,
                                              const int              *options);
int              bs_rules_number_value       (const BsRulesNumber    *number,
                                              const int              *options);

/* The name of `candidates` (NULL-terminated, or n of them) nearest to
 * `name` by edit distance, or NULL when none is near enough to be what
 * was meant. */
const char      *bs_rules_suggest            (const char          *name,
                                              const char * const  *candidates,
                                              gssize               n);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BsRulesDocument, bs_rules_document_free)

G_END_DECLS
