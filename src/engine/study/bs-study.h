/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-study.h: a balance study — many games of one variant (or of several:
 * a sweep over one setting, or variant A against variant B) between two
 * computer players, kept game by game in a file.
 *
 * Game n of an arm is a pure function of (seed, the arm's variant, n): its
 * setup seed, every search's seed and every random move come from them, so
 * any subset of games can be played anywhere (threads, shards, machines)
 * and the merged file is the same byte for byte. When the two players
 * differ, odd games swap the seats, so the first player's advantage and
 * the players' strength can be told apart.
 *
 * The file (docs/BALANCE.md) embeds every arm's variant and lists the games
 * sorted by (arm, number); it is read as a stream, one game at a time, so
 * a study of any size is read in bounded memory. A running study appends
 * each finished game to a journal beside the file (FILE.journal) and folds
 * it into the file atomically from time to time: a crash loses no finished
 * game. */

#pragma once

#include <glib.h>

#include "bs-player-spec.h"
#include "bs-ruleset.h"
#include "bs-search.h"
#include "bs-variant.h"

G_BEGIN_DECLS

#define BS_STUDY_FORMAT_VERSION 1
/* The most games an arm may have. */
#define BS_STUDY_MAX_GAMES      10000000
#define BS_STUDY_MAX_ARMS       64
/* The most seeds a study of pooled replicates may have. */
#define BS_STUDY_MAX_REPLICATES 1000
/* A target precision is checked after every block of this many games
 * (an even number, so that seat swaps stay balanced). */
#define BS_STUDY_MARGIN_BLOCK   20

/* One of the two computer players. */
typedef struct {
  char          *level;   /* as the file says it: "random", "easy", "medium", "hard", "5000",
                           * "500ms", "mcts:cpu=0.5", "ab:depth=3" */
  BsPlayerSpec   spec;    /* random, MCTS (seeds are set per move) or alpha-beta */
} BsStudyPlayer;

/* "random", a level of bs_search_params_parse() ("easy", "5000", "500ms"), "mcts:LEVEL"
 * or "ab[:SETTINGS]" (bs_player_spec_parse with bare levels; docs/BALANCE.md, Players).
 * Alpha-beta's weights=FILE is refused: a study's file must hold all its games depend
 * on. The error (G_OPTION_ERROR_BAD_VALUE) names the text. */
gboolean    bs_study_player_init   (BsStudyPlayer  *player,
                                    const char     *level,
                                    GError        **error);
void        bs_study_player_clear  (BsStudyPlayer  *player);
/* The player in words, translated: "Easy", "Random", "5000 playouts a
 * move", "500 ms a move", "Alpha-beta, depth 3". Free with g_free. */
char       *bs_study_player_describe (const BsStudyPlayer *player);

typedef enum {
  BS_STUDY_SINGLE,      /* one variant */
  BS_STUDY_SWEEP,       /* one setting over a range of values */
  BS_STUDY_COMPARE,     /* variant A against variant B */
  /* One variant played by two strengths (docs/BALANCE.md, A/B players): arm A has player
   * A in both seats, arm B player B in both; no seats are swapped. */
  BS_STUDY_PLAYERS,
} BsStudyKind;

typedef struct {
  char       *value;      /* sweep: the value of the key; compare, players: "A"/"B"; single: NULL */
  BsVariant  *variant;    /* owned; the arm's full variant */
  BsRuleset  *ruleset;    /* built by bs_study_prepare() */
} BsStudyArm;

/* The default margin of fairness: 3 points either side of ½. */
#define BS_STUDY_FAIR_MARGIN 0.03

/* The common evaluator that judged a study's plies (docs/BALANCE.md, Evaluations); the
 * file's <study evaluator>. */
typedef enum {
  BS_STUDY_EVALUATOR_CHOOSE,        /* not chosen yet: bs_study_prepare chooses for the game */
  BS_STUDY_EVALUATOR_PLAYOUTS,      /* "playouts": whole uniformly random playouts (the first
                                     * one; a file without the attribute) */
  BS_STUDY_EVALUATOR_CUT_PLAYOUTS,  /* "cut-playouts": random playouts cut after a few steps,
                                     * scored by the game's evaluation through a logistic */
} BsStudyEvaluator;

/* What a study is: everything its file's header says. */
typedef struct {
  gatomicrefcount ref_count;
  BsStudyKind     kind;
  guint64         seed;
  BsStudyPlayer   players[2];   /* A: seat 1 in even games; B (players: arm A's, arm B's) */
  gboolean        swap;         /* players differ (and the kind is not players): odd games
                                 * swap seats */
  /* Games per arm; with a margin, the most an arm may need. */
  guint           games;
  /* Target precision: an arm stops at the first multiple of
   * BS_STUDY_MARGIN_BLOCK games where the anytime-valid 95% confidence
   * sequence of player 1's score (bs_stats_sequence_add) is at most
   * ± margin; 0: exactly `games`. */
  double          margin;
  /* What the reports call fair: player 1's score within ½ ± fair_margin (a proportion;
   * BS_STUDY_FAIR_MARGIN unless a report is asked another). Not in the file. */
  double          fair_margin;
  char           *sweep_key;    /* BS_STUDY_SWEEP: the --set key */
  int             default_arm;  /* sweep: the arm with the base variant's value, or -1 */
  GPtrArray      *arms;         /* of BsStudyArm* */
  /* This file holds the games n with n % shard_count == shard_index
   * (shard_count 0: all). Not part of what must match when merging. */
  guint           shard_index;
  guint           shard_count;
  /* Pooled replicates (docs/BALANCE.md, Replicates): the seeds of studies that were the
   * same but for their seed, merged with `merge --replicates`, sorted, at least two; seed
   * is the first. Each game says which replicate it belongs to (BsStudyGame.replicate) and
   * each replicate has `games` games per arm. NULL: a study of one seed. Such a study is
   * read and reported, never played on. */
  GArray         *replicate_seeds;  /* of guint64 */
  /* The common evaluator of the study's plies: CHOOSE in a new study, which
   * bs_study_prepare sets to CUT_PLAYOUTS where a search plays and every arm's game has
   * an evaluation (bs_study_evaluator_fits), else PLAYOUTS; a study read from a file (or
   * resumed) keeps the file's. */
  BsStudyEvaluator evaluator;
} BsStudy;

BsStudy    *bs_study_new           (BsStudyKind     kind,
                                    guint64         seed,
                                    const char     *level_a,
                                    const char     *level_b,
                                    GError        **error);
BsStudy    *bs_study_ref           (BsStudy        *study);
void        bs_study_unref         (BsStudy        *study);
/* Adds an arm (the variant is copied); value as for BsStudyArm. */
void        bs_study_add_arm       (BsStudy        *study,
                                    const BsVariant *variant,
                                    const char     *value);
/* A sweep: one arm per value of `key` (a bs_variant_set() key) applied to
 * base. `range` is "A..B" or "A..B:STEP" (integers) or a list "x,y,z".
 * Each arm's variant is validated; the error names the key and value. */
gboolean    bs_study_add_sweep     (BsStudy        *study,
                                    const BsVariant *base,
                                    const char     *key,
                                    const char     *range,
                                    GError        **error);
/* Builds every arm's ruleset (validating the variants). */
gboolean    bs_study_prepare       (BsStudy        *study,
                                    GError        **error);
BsStudyArm *bs_study_get_arm       (const BsStudy  *study,
                                    guint           arm);
guint       bs_study_n_arms        (const BsStudy  *study);
/* Whether this file's shard plays game n. */
gboolean    bs_study_in_shard      (const BsStudy  *study,
                                    guint           n);
/* Whether the two studies are the same study (kind, seed, players, stop
 * rule, sweep key, common evaluator (a study not prepared yet, CHOOSE, matches
 * either), arms' values and variants); shards are not compared.
 * The error says what differs. */
gboolean    bs_study_same          (const BsStudy  *a,
                                    const BsStudy  *b,
                                    GError        **error);
/* Whether the two studies are the same but perhaps for their seeds (and replicates): what
 * `merge --replicates` pools. The error says what differs. */
gboolean    bs_study_same_settings (const BsStudy  *a,
                                    const BsStudy  *b,
                                    GError        **error);
/* The replicates a study pools: 1 for a study of one seed. */
guint       bs_study_n_replicates  (const BsStudy  *study);
/* The seed of replicate r (the study's seed for r = 0 of a study of one seed). */
guint64     bs_study_replicate_seed (const BsStudy *study,
                                     guint          r);

/* Which player (0 = A, 1 = B) sits in seat `seat` (1 or 2) in game n (for a study of
 * players, the arm's player sits in both: bs_study_arm_seat_player). */
int         bs_study_seat_player   (const BsStudy  *study,
                                    guint           n,
                                    int             seat);
/* The player (0 = A, 1 = B) in seat `seat` of game n of arm: bs_study_seat_player, but
 * for a study of players the arm's own in both seats. */
int         bs_study_arm_seat_player (const BsStudy *study,
                                      guint          arm,
                                      guint          n,
                                      int            seat);
/* The seed of game n: its setup seed, from which every search seed and
 * random move of the game is derived. */
guint64     bs_study_game_seed     (const BsStudy  *study,
                                    guint           n);

/* One finished game. Per ply (a turn: a move, or a simultaneous round):
 * the notation, the number of legal moves at each step of it, and the
 * expected score of player 1 in permille after it by the common evaluator
 * (bs_study_evaluate_position; -1 in a study where no search plays). */
typedef struct {
  guint      arm;
  guint      number;
  gboolean   swapped;          /* player B sat in seat 1 */
  BsResult   result;           /* by seat */
  char      *reason;           /* result reason id ("rules", "move-limit"…) */
  guint      plies;
  int        scores[2];        /* the game's own measure at the end */
  int        pieces[2];        /* pieces on the board at the end */
  GPtrArray *moves;            /* of char*, one per ply */
  GArray    *branching;        /* of guint16: legal moves at each step */
  GArray    *step_counts;      /* of guint16: steps of each ply */
  GArray    *evaluations;      /* of gint16: per ply, permille or -1 */
  /* Measures of the whole game that the moves alone do not give (docs/BALANCE.md,
   * Statistics: Coverage, repetition, score difference), over its positions: the start
   * and the position after each ply (plies + 1 of them). Unknown in a game read from a
   * file written before they were kept: cells 0, repeats and score_difference -1. */
  guint      cells;            /* the board's cells */
  guint      covered;          /* cells that held a piece in some position or step */
  int        repeats;          /* positions whose full hash an earlier position had */
  gint64     score_difference; /* Σ |score of 1 − score of 2| over the positions */
  guint      replicate;        /* index into the study's replicate_seeds; 0 without */
} BsStudyGame;

/* The common evaluator (docs/BALANCE.md, Evaluations): player 1's expected score from pos
 * in permille — 1000, 500 or 0 when the game is over, else the mean over
 * BS_STUDY_EVALUATION_PLAYOUTS uniformly random playouts from pos, seeded by seed, of
 * player 1's points: PLAYOUTS plays each to the end (1, ½, 0; a martingale under random
 * play); CUT_PLAYOUTS cuts playout i after BS_STUDY_EVALUATION_CUT + (i & 1) whole
 * turns and scores one that did not end by the game's
 * evaluation through the logistic of the evaluation-cut playouts (bs_search_cut_reward, S
 * = BS_STUDY_EVALUATION_CUT_SCALE): half the cuts leave each player to move, so a tempo
 * bias of the evaluation cancels. The same for both players whoever moved last, so the
 * measures read from it (lead changes, decisive ply, drama) favour neither. A pure
 * function of (rs, evaluator, pos, seed). */
#define BS_STUDY_EVALUATION_PLAYOUTS 100
/* K and S of CUT_PLAYOUTS (S in BS_EVALUATION_UNITs), one pair for every game: the best
 * of those tried on four games' studies, checked on studies of other seeds
 * (docs/BALANCE.md, Evaluations). */
#define BS_STUDY_EVALUATION_CUT       16
#define BS_STUDY_EVALUATION_CUT_SCALE 200.0
gint16       bs_study_evaluate_position (const BsRuleset   *rs,
                                         BsStudyEvaluator   evaluator,
                                         const BsPosition  *pos,
                                         guint64            seed);
/* CUT_PLAYOUTS with another K (cut) and S (scale) than its own: to measure the choice
 * (tests/engine/evaluator-calibration). */
gint16       bs_study_evaluate_cut_scaled (const BsRuleset  *rs,
                                           const BsPosition *pos,
                                           guint64           seed,
                                           guint             cut,
                                           double            scale);
/* Player 1's expected score from pos in permille by alpha-beta on the game's evaluation
 * (no clock: depth `depth` and depth + 1, their values averaged, squashed by
 * bs_search_cut_reward with scale S; a proven win or loss 1000 or 0): a judge being
 * measured against the two above (tests/engine/evaluator-calibration). A turn-based
 * game whose evaluation fits (bs_study_evaluator_fits); -1 where it cannot search. */
gint16       bs_study_evaluate_search     (const BsRuleset  *rs,
                                           const BsPosition *pos,
                                           guint             depth,
                                           double            scale);
/* Whether CUT_PLAYOUTS can judge rs's game: turn-based, with an evaluation of its own
 * (the module's or the rules file's features) or a declared playout cut (a written game
 * whose generic weights were measured as a cut). Else the random playouts judge it. */
gboolean     bs_study_evaluator_fits    (const BsRuleset   *rs);
/* "playouts", "cut-playouts" (the file's names); NULL for CHOOSE. */
const char  *bs_study_evaluator_to_string (BsStudyEvaluator evaluator);
/* The seed of the evaluation of the position after ply `ply` (0-based) of a game. */
guint64      bs_study_evaluation_seed   (guint64           game_seed,
                                         guint             ply);

BsStudyGame *bs_study_game_new     (void);
void         bs_study_game_free    (BsStudyGame  *game);
/* Player 1's points (1, ½, 0) for result: 2, 1 or 0 half-points. */
int          bs_study_game_half_points (const BsStudyGame *game,
                                        int                seat);

/* How many of the n hashes repeat an earlier one: n − the distinct values (a game's
 * repeated positions, docs/BALANCE.md). */
guint        bs_study_count_repeats  (const guint64 *hashes,
                                      guint          n);

/* A sweep's setting in the designer's words ("Dark’s large pieces
 * (player 2)", bs_variant_describe_setting); NULL for another study. Free
 * with g_free. */
char        *bs_study_describe_sweep (const BsStudy *study);
/* The values of these arms (guint indices) as a list: "3, 5". */
char        *bs_study_join_values    (const BsStudy *study,
                                      const GArray  *arms);
/* Whether `arms` (guint indices) holds `arm`. */
gboolean     bs_study_arms_include   (const GArray  *arms,
                                      guint          arm);

/* A result reason id ("no-moves", "move-limit"…) in words, translated
 * ("No legal move"); an unknown id comes back as it is. */
const char  *bs_study_reason_label (const char *reason);

/* Scratch space of one worker, reused from game to game. */
typedef struct _BsStudyWorker BsStudyWorker;

BsStudyWorker *bs_study_worker_new  (void);
void           bs_study_worker_free (BsStudyWorker *worker);

/* Plays game n of arm (bs_study_prepare() must have succeeded). Returns
 * NULL when cancelled (G_IO_ERROR_CANCELLED) or when the module misbehaves
 * (BS_STUDY_ERROR_GAME). Thread-safe: each thread passes its own worker. */
BsStudyGame *bs_study_play_game    (const BsStudy  *study,
                                    guint           arm,
                                    guint           number,
                                    BsStudyWorker  *worker,
                                    GCancellable   *cancellable,
                                    GError        **error);

/* The file. */

/* Called for each game as it is read (sorted by arm and number); return
 * FALSE with error set to stop. The game is freed after the call unless
 * the callback stole it (set *game to NULL). */
typedef gboolean (*BsStudyGameFunc) (const BsStudy  *study,
                                     BsStudyGame   **game,
                                     gpointer        user_data,
                                     GError        **error);

/* Reads a study file as a stream: the header, then each game through
 * func (may be NULL). Errors are "FILE:LINE: message" in BS_STUDY_ERROR
 * (the embedded variants: BS_VARIANT_ERROR). */
BsStudy    *bs_study_load_file     (const char     *path,
                                    BsStudyGameFunc func,
                                    gpointer        user_data,
                                    GError        **error);

/* The same, stopping with G_IO_ERROR_CANCELLED soon after cancellable is
 * cancelled (checked at every 64 KiB read, whatever the file holds). */
BsStudy    *bs_study_load_file_full (const char     *path,
                                     GCancellable   *cancellable,
                                     BsStudyGameFunc func,
                                     gpointer        user_data,
                                     GError        **error);

/* Only the header of a study file (what it studies, not its games): for
 * a list of files. Reads a few kilobytes whatever the file's size. */
BsStudy    *bs_study_load_header   (const char     *path,
                                    GError        **error);

/* Reads the games of a journal (PATH.journal) written while the study
 * ran: whole <game> elements, one after the other; a last one cut short
 * by a crash is ignored. A missing journal has no games. The journal
 * starts with the games per arm the run played to
 * (bs_study_journal_extend_xml): a study extended before its file was
 * written again gets that count. */
gboolean    bs_study_read_journal  (BsStudy        *study,
                                    const char     *path,
                                    BsStudyGameFunc func,
                                    gpointer        user_data,
                                    GError        **error);

/* The first line of a run's journal: the games per arm it plays to. */
char       *bs_study_journal_extend_xml (const BsStudy *study);

/* The game as the file writes it (one <game> element, indented, with its
 * trailing newline): bs_study_game_parse_xml() reads it back. */
char       *bs_study_game_to_xml   (const BsStudy     *study,
                                    const BsStudyGame *game);

/* Writes a study file atomically (a temporary file renamed over path;
 * the old file is kept on any failure): the header, then every game of
 * each source in order of (arm, number) — each source yields its games
 * sorted; a game found in several sources is written once (the first). */
typedef struct _BsStudyWriter BsStudyWriter;

BsStudyWriter *bs_study_writer_new    (const BsStudy  *study,
                                       const char     *path,
                                       GError        **error);
/* Games must come in increasing (arm, number). */
gboolean       bs_study_writer_add    (BsStudyWriter     *writer,
                                       const BsStudyGame *game,
                                       GError           **error);
/* An already serialised game (bs_study_game_to_xml). */
gboolean       bs_study_writer_add_xml (BsStudyWriter  *writer,
                                        guint           arm,
                                        guint           number,
                                        const char     *xml,
                                        GError        **error);
gboolean       bs_study_writer_finish (BsStudyWriter  *writer,
                                       GError        **error);
/* Drops the temporary file; the target is left as it was. */
void           bs_study_writer_abort  (BsStudyWriter  *writer);

typedef enum {
  BS_STUDY_MERGE_NONE    = 0,
  BS_STUDY_MERGE_PARTIAL = 1 << 0,   /* write what there is, games or shards missing */
  /* Studies that differ only in their seed are pooled as replicates (docs/BALANCE.md). */
  BS_STUDY_MERGE_REPLICATES = 1 << 1,
} BsStudyMergeFlags;

/* Merges study files of the same study (shards, or pieces played
 * anywhere) into one at output: the header of the first without its shard,
 * every game once, sorted. Each input's journal (INPUT.journal: games a
 * run finished but had not yet folded into the file, as after kill -9) is
 * merged too. Refused, with output left as it was: output naming an input
 * or having a journal of its own; two inputs holding different games under
 * one number (BS_STUDY_ERROR_MISMATCH); a shard or games missing
 * (BS_STUDY_ERROR_INCOMPLETE, saying what), unless PARTIAL. With REPLICATES, inputs that
 * are the same study but for the seed are pooled: the output lists every seed once
 * (sorted) and each game under its seed's replicate; files of one seed are still shards
 * (or copies) of that seed's study, duplicates checked as above. Studies with a target
 * precision are not pooled. The output is the same bytes in any order of the inputs. */
gboolean    bs_study_merge_files   (const char * const *inputs,
                                    const char     *output,
                                    BsStudyMergeFlags flags,
                                    GError        **error);

/* The journal beside a study file: PATH.journal. */
char       *bs_study_journal_path  (const char     *path);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BsStudy, bs_study_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (BsStudyGame, bs_study_game_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (BsStudyWorker, bs_study_worker_free)

G_END_DECLS
