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

typedef struct {
  char         *id;
  BsRulesRanks  ranks;
  int           line;
} BsRulesRegion;

typedef struct {
  BsRulesRanks     ranks;
  int              piece;
  gboolean         unless_fixed;
  gboolean         checkerboard;  /* pattern="checkerboard": player 1 on a1's colour */
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
  BsRulesCondition cond;
  int              line;
} BsRulesStep;

typedef enum {
  BS_RULES_END_ELIMINATED,
  BS_RULES_END_REACH,
  BS_RULES_END_NO_MOVE,
  BS_RULES_END_LINE,
  BS_RULES_END_FULL,
} BsRulesEndKind;

typedef enum {
  BS_RULES_WHO_MOVER,   /* the player who just moved */
  BS_RULES_WHO_NEXT,    /* the player to move now */
} BsRulesWho;

typedef enum {
  BS_RULES_RESULT_WIN,
  BS_RULES_RESULT_LOSS,
  BS_RULES_RESULT_DRAW,
} BsRulesResult;

typedef struct {
  BsRulesEndKind   kind;
  BsRulesWho       who;
  BsRulesResult    result;
  int              region;      /* reach */
  int              misere;      /* a bool option that swaps win and loss, or -1 */
  BsRulesNumber    length;      /* line: how many in a row */
  gboolean         exactly;     /* line: no more than `length` … */
  int              exactly_option; /* … or when this bool option is on (-1: none) */
  BsRulesDir       dirs[BS_RULES_MAX_DIRS];  /* line: the axes (none: every one) */
  int              n_dirs;
  char            *sentence;    /* describe_ending: {mover}, {next} */
  char            *misere_sentence;
  BsRulesCondition cond;
  int              line;
} BsRulesEnd;

typedef enum {
  BS_RULES_MEASURE_PIECES,
  BS_RULES_MEASURE_FURTHEST_RANK,
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
  GArray        *regions;           /* of BsRulesRegion */
  GArray        *fills;             /* of BsRulesFill */
  GArray        *steps;             /* of BsRulesStep */
  GArray        *ends;              /* of BsRulesEnd */
  GArray        *measures;          /* of BsRulesMeasure */
  GArray        *texts;             /* of BsRulesText */

  /* <notation move="FROM-TO" how="…"/>: the text between the cells;
   * NULL for move="TO" (a placement is written as its cell). */
  char          *move_separator;
  char          *how_to_write;
  /* <explain move="…" capture="…"/>: {mover} {next} {from} {to} */
  char          *explain_move;
  char          *explain_capture;
} BsRulesDocument;

BsRulesDocument *bs_rules_document_parse     (const char       *data,
                                              gsize             length,
                                              const char       *filename,
                                              GError          **error);
BsRulesDocument *bs_rules_document_load_file (const char       *path,
                                              GError          **error);
void             bs_rules_document_free      (BsRulesDocument  *doc);

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
