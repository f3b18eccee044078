/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-ruleset.h: a variant compiled for play — the board, the module, the
 * resolved option values and special cells, the Zobrist keys and whatever
 * the module precomputes. Immutable once built and reference counted, so AI
 * threads may share one. Everything a caller does to a game goes through
 * the functions below; they dispatch to the module. */

#pragma once

#include <glib.h>

#include "bs-board.h"
#include "bs-module.h"
#include "bs-position.h"
#include "bs-variant.h"

G_BEGIN_DECLS

struct _BsRuleset {
  /*< private: fields are read directly by modules and hot code >*/
  gatomicrefcount  ref_count;
  const BsModule  *module;
  BsVariant       *variant;        /* owned copy */
  BsBoard         *board;
  int              n_cells;
  int              n_dirs;
  const gint16    *neighbours;     /* board's table: [cell * n_dirs + dir] */
  int              options[BS_MAX_OPTIONS];
  /* specials[i][p]: cell of the module's special i for player p (1, 2), or
   * [i][0] for a special that is not per player; BS_NO_CELL when unset. */
  int              specials[4][3];
  guint16          supply[2][BS_MAX_KINDS];   /* starting supplies */
  int              max_plies;      /* the `max-plies` option, 0 = none: the
                                    * ruleset ends the game as a draw when
                                    * a turn completes at that many plies */
  guint64         *zobrist;        /* [cell * BS_CELL_VALUES + value] */
  guint64          zobrist_side;
  gsize            position_size;  /* bytes of a BsPosition, 8-aligned */
  gsize            extra_size;     /* module bytes after the cells */
  guint            max_moves;      /* generate() never returns more */
  guint            max_changes;    /* cell writes one step may make */
  gsize            undo_size;
  gpointer         module_data;
  /* How this ruleset is played, when it differs from the module's play
   * spec (a written game's swap rule adds a word): prepare() may set it. */
  const BsPlaySpec *play;
  /* The hot hooks, called by everything below: the module's, or copies of
   * them its prepare() picked for this board (bs-bitboard.h);
   * random_move is never NULL (generate and pick without the hook). */
  guint          (*generate)    (const BsRuleset *rs, const BsPosition *pos, BsMove *moves);
  BsMove         (*random_move) (const BsRuleset *rs, const BsPosition *pos, BsRng *rng,
                                 BsMove *scratch);
  void           (*apply)       (const BsRuleset *rs, BsPosition *pos, BsMove move,
                                 BsUndo *undo);
  /* Optional (a module's prepare() may set it): plays a whole turn of
   * random steps from pos at step 0 — the steps random_move and apply
   * would play, from the same random numbers — without undo, and returns
   * how many. The playout loop uses it for simultaneous rounds. */
  guint          (*random_turn) (const BsRuleset *rs, BsPosition *pos, BsRng *rng);
};

/* Builds and validates: every error a variant can have that the module
 * knows of is found here, with the file and line when the variant came from
 * a file. */
BsRuleset  *bs_ruleset_new          (const BsVariant *variant,
                                     GError         **error);
/* The same with a module that is not built in (a game written in the
 * rules language, engine/rules): the variant's `module` id is not looked
 * up. The module must outlive the ruleset (its prepare() may take a
 * reference on what holds it). */
BsRuleset  *bs_ruleset_new_for_module (const BsModule  *module,
                                       const BsVariant *variant,
                                       GError         **error);
BsRuleset  *bs_ruleset_ref          (BsRuleset       *rs);
void        bs_ruleset_unref        (BsRuleset       *rs);

static inline int
bs_ruleset_option (const BsRuleset *rs, int index)
{
  return rs->options[index];
}

gboolean    bs_ruleset_is_simultaneous (const BsRuleset *rs);
/* The search the Strongest level uses in this game: the module's declared
 * `strongest`, and the Monte Carlo search in a game of simultaneous rounds
 * whatever it declares (alpha-beta plays turn-based games only). The one
 * place the app's computer player and the CLI's `strongest` ask. */
BsStrongestSearch bs_ruleset_get_strongest_search (const BsRuleset *rs);
/* The module's declared `playout_cut` (0: none); in a game of simultaneous
 * rounds the playouts after the round searched are cut. */
guint             bs_ruleset_get_playout_cut      (const BsRuleset *rs);

/* Positions. */
BsPosition *bs_ruleset_new_position (const BsRuleset  *rs,
                                     guint64           seed);
/* A copy of the ruleset's variant whose fixed pieces (<setup>) are
 * exactly the pieces on the board of pos (a start of rs): the start the
 * rules generate (Breakthrough's rows, a bag's draw) written down, for a
 * designer to remove or move pieces from. The variant's own fixed pieces
 * that pos still holds keep their place in the list, the others follow in
 * cell order. Whether the rules take it, and start the same from it, is
 * for bs_ruleset_new() and bs_ruleset_new_position() to say. */
BsVariant  *bs_ruleset_fix_position (const BsRuleset  *rs,
                                     const BsPosition *pos);
/* Whether setting the module's option `index` to another value would
 * change the game: always, unless the option is `start_only` and every
 * other value of its range the rules take gives the same start position
 * (the variant fixes all the pieces the option places). */
gboolean    bs_ruleset_option_matters (const BsRuleset *rs,
                                       int              index);
BsPosition *bs_position_dup         (const BsRuleset  *rs,
                                     const BsPosition *pos);
void        bs_position_copy        (const BsRuleset  *rs,
                                     BsPosition       *dest,
                                     const BsPosition *src);
gboolean    bs_position_equal       (const BsRuleset  *rs,
                                     const BsPosition *a,
                                     const BsPosition *b);
/* The full hash: cells (incremental Zobrist) mixed with side, step,
 * supplies, counters and the module's extra bytes. */
guint64     bs_position_hash        (const BsRuleset  *rs,
                                     const BsPosition *pos);
/* Playout mode: random playouts read no hash, so a position in playout
 * mode does not keep pos->hash (bs_position_hash still answers, from the
 * cells). Leaving the mode recomputes the hash. */
void        bs_position_set_playout (const BsRuleset  *rs,
                                     BsPosition       *pos,
                                     gboolean          playout);
/* Recomputes the Zobrist hash of the cells from scratch (tests compare). */
guint64     bs_position_compute_cells_hash (const BsRuleset  *rs,
                                            const BsPosition *pos);

BsUndo     *bs_undo_new             (const BsRuleset  *rs);
void        bs_undo_free            (BsUndo           *undo);

/* Moves. Buffers hold rs->max_moves moves. */
guint       bs_ruleset_generate     (const BsRuleset  *rs,
                                     const BsPosition *pos,
                                     BsMove           *moves);
gboolean    bs_ruleset_is_legal     (const BsRuleset  *rs,
                                     const BsPosition *pos,
                                     BsMove            move,
                                     BsMove           *scratch);
BsMove      bs_ruleset_random_move  (const BsRuleset  *rs,
                                     const BsPosition *pos,
                                     BsRng            *rng,
                                     BsMove           *scratch);
/* Plays uniformly random steps (bs_ruleset_random_move) from pos until the
 * game ends, with no undo and in playout mode (bs_position_set_playout):
 * the loop of every random playout. Returns the number of steps played;
 * after max_steps steps (or the turn that passes them) it stops, and pos
 * is then not over. */
guint64     bs_ruleset_playout      (const BsRuleset  *rs,
                                     BsPosition       *pos,
                                     BsRng            *rng,
                                     BsMove           *scratch,
                                     guint64           max_steps);
/* undo may be NULL when the step will not be taken back. */
void        bs_ruleset_apply        (const BsRuleset  *rs,
                                     BsPosition       *pos,
                                     BsMove            move,
                                     BsUndo           *undo);
void        bs_ruleset_undo         (const BsRuleset  *rs,
                                     BsPosition       *pos,
                                     const BsUndo     *undo);
void        bs_ruleset_scores       (const BsRuleset  *rs,
                                     const BsPosition *pos,
                                     int               scores[2]);

/* The game's measures (bs-module.h): their declaration, and their values
 * on pos (values[i][player - 1]); both give how many there are. */
const BsMeasureSpec *bs_ruleset_measure_specs (const BsRuleset  *rs,
                                               guint            *n_measures);
guint       bs_ruleset_measures     (const BsRuleset  *rs,
                                     const BsPosition *pos,
                                     int               values[BS_MAX_MEASURES][2]);

/* Why the game of pos ended: BS_ENDING_NONE while it goes on. */
BsEnding    bs_ruleset_ending       (const BsRuleset  *rs,
                                     const BsPosition *pos);
/* The same in words, in the game's own terms and translated ("Light's
 * largest group is 14, Dark's is 4: the larger group loses."; "The move
 * limit of 300 plies was reached: a draw."), or NULL while it goes on. */
char       *bs_ruleset_describe_ending (const BsRuleset  *rs,
                                        const BsPosition *pos);
/* The stable ids of docs/ARCHITECTURE.md ("no-moves", "move-limit", …;
 * "none" for BS_ENDING_NONE) and back. */
const char *bs_ending_to_string     (BsEnding          ending);
gboolean    bs_ending_from_string   (const char       *text,
                                     BsEnding         *ending);

/* How the game is played (bs-module.h): the declaration, and a step taken
 * apart (pos: the position before it). */
const BsPlaySpec *bs_ruleset_play_spec (const BsRuleset  *rs);
void        bs_ruleset_decode_move  (const BsRuleset  *rs,
                                     const BsPosition *pos,
                                     BsMove            move,
                                     BsMoveParts      *parts);
/* The step made of `parts` (the inverse of decode, legal or not: for
 * bs_ruleset_explain); FALSE when the module cannot make one of them. */
gboolean    bs_ruleset_encode_move  (const BsRuleset   *rs,
                                     const BsPosition  *pos,
                                     const BsMoveParts *parts,
                                     BsMove            *move);
/* The index of a word move ("pass", "end") in the declaration, or -1. */
int         bs_ruleset_word_index   (const BsRuleset  *rs,
                                     const char       *id);

/* What a turn did, in the game's own words. */
typedef struct {
  char   *summary;    /* one line */
  char   *details;    /* one line per event, or "" */
  guint8 *removed;    /* n_cells flags on the position before the turn */
} BsExplanation;

/* The turn steps[0..n_steps), legal from `before` (at step 0). */
BsExplanation *bs_ruleset_explain_turn (const BsRuleset  *rs,
                                        const BsPosition *before,
                                        const BsMove     *steps,
                                        guint             n_steps);
/* The same from the turn's notation; NULL and the parse error if it is
 * not a legal turn there. */
BsExplanation *bs_ruleset_explain_notation (const BsRuleset  *rs,
                                            const BsPosition *before,
                                            const char       *text,
                                            GError          **error);
void        bs_explanation_free     (BsExplanation    *explanation);

/* Why the piece on cell (the player to move's) cannot move now, in words,
 * or NULL when it can (or the module cannot say). */
char       *bs_ruleset_explain_piece (const BsRuleset  *rs,
                                      const BsPosition *pos,
                                      int               cell);
/* The rules as configured and how to win: translated paragraphs. */
void        bs_ruleset_describe_rules (const BsRuleset  *rs,
                                       char            **rules,
                                       char            **goal);

/* Notation of one step. parse checks legality too: a malformed text gives
 * BS_RULES_ERROR_MALFORMED, an illegal one BS_RULES_ERROR_ILLEGAL with the
 * reason; GAME_OVER when the game has ended. */
char       *bs_ruleset_format_move  (const BsRuleset  *rs,
                                     const BsPosition *pos,
                                     BsMove            move);
gboolean    bs_ruleset_parse_move   (const BsRuleset  *rs,
                                     const BsPosition *pos,
                                     const char       *text,
                                     BsMove           *move,
                                     GError          **error);
/* For a module's parse_move: the cell a label names. A text that is no
 * label is refused with how the game's moves are written (`how_to_write`,
 * translated: "write a move as a2-b3: …"); a hole or a label off the board
 * is refused as such. Errors are BS_RULES_ERROR_MALFORMED. */
gboolean    bs_ruleset_parse_cell   (const BsRuleset  *rs,
                                     const char       *label,
                                     const char       *how_to_write,
                                     int              *cell,
                                     GError          **error);
/* Why a step is illegal, or NULL if it is legal. */
char       *bs_ruleset_explain      (const BsRuleset  *rs,
                                     const BsPosition *pos,
                                     BsMove            move);

/* Notation of a whole turn (a round of a simultaneous game; one step
 * otherwise). pos must be at step 0. */
gboolean    bs_ruleset_parse_turn   (const BsRuleset  *rs,
                                     const BsPosition *pos,
                                     const char       *text,
                                     BsMove           *steps,
                                     guint            *n_steps,
                                     GError          **error);
char       *bs_ruleset_format_turn  (const BsRuleset  *rs,
                                     const BsPosition *pos,
                                     const BsMove     *steps,
                                     guint             n_steps);
/* The most steps one turn can have (1 for turn-based games). */
guint       bs_ruleset_max_turn_steps (const BsRuleset *rs);

/* Parses and plays a turn on pos; on error pos is unchanged. */
gboolean    bs_ruleset_play_turn    (const BsRuleset  *rs,
                                     BsPosition       *pos,
                                     const char       *text,
                                     GError          **error);
/* Plays "M1 M2 ..." from pos; the error names the move, its ply (1-based)
 * and why. */
gboolean    bs_ruleset_play_line    (const BsRuleset  *rs,
                                     BsPosition       *pos,
                                     const char       *line,
                                     GError          **error);

/* Names for the generic layers. */
const char *bs_ruleset_kind_id      (const BsRuleset  *rs,
                                     int               kind);
const char *bs_result_to_string     (BsResult          result);
/* The same in the user's language, for messages (bs_result_to_string's
 * English words stay for what programs read). */
const char *bs_result_describe      (BsResult          result);

/* Everything the rule module knows (module, option ids and values, kinds,
 * board sizes, cells, specials, setup): builds a ruleset and drops it. The
 * load functions call it after the format checks; call it after editing a
 * variant in memory. Errors name file and line when the variant came from
 * a file. */
gboolean    bs_variant_validate       (const BsVariant  *variant,
                                       GError          **error);
/* What `--set KEY=VALUE …` does: each setting (bs_variant_set), then the
 * module's checks (bs_variant_validate). An error names the setting(s):
 * "--set size: expected KEY=VALUE", "--set size=99: board size 99 is out
 * of range for abrobad (1 to 12)". On error the variant is unchanged. */
gboolean    bs_variant_apply_settings (BsVariant          *variant,
                                       const char * const *settings,
                                       GError            **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BsRuleset, bs_ruleset_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (BsExplanation, bs_explanation_free)

G_END_DECLS
