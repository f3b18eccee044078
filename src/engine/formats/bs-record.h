/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-record.h: a game record — a whole game in one file. It embeds the full
 * variant description, so a record still opens when the variant file it was
 * played from has changed or is gone, plus the seed of the random setup,
 * the player names, the date, the result and every turn in the game's
 * notation.
 *
 *   <record format="1">
 *     <variant format="1" …>…</variant>
 *     <seed>42</seed>
 *     <players><player number="1" name="Ann"/><player number="2" name="Bo"/></players>
 *     <date>2026-11-21T17:00:00Z</date>
 *     <result reason="no-moves">ongoing|win-1|win-2|draw</result>
 *     <moves><move>S@d4</move>…</moves>
 *   </record>
 *
 * <variant>, <seed> and <moves> are required; <players>, <date> and
 * <result> may be left out. Loading checks the format and the variant (that
 * the module accepts it); bs_record_replay() checks every move. */

#pragma once

#include <glib.h>

#include "bs-position.h"
#include "bs-ruleset.h"
#include "bs-types.h"
#include "bs-variant.h"

G_BEGIN_DECLS

#define BS_RECORD_FORMAT_VERSION 1
/* Files larger than this are refused before parsing. */
#define BS_RECORD_MAX_FILE_SIZE (8 * 1024 * 1024)

typedef struct {
  char *text;        /* one turn in the game's notation */
  int   line;        /* where it was read, or 0 */
} BsRecordMove;

typedef struct {
  char       *filename;      /* where it was loaded from, or NULL */
  BsVariant  *variant;       /* owned */
  guint64     seed;
  char       *players[2];    /* names; NULL: the variant's */
  char       *date;          /* ISO 8601 ("2026-11-21T17:00:00Z" or "2026-11-21"), or NULL */
  gboolean    has_result;
  BsResult    result;
  BsEnding    ending;        /* why it ended (reason="…"), BS_ENDING_NONE: not said */
  int         result_line;
  GArray     *moves;         /* of BsRecordMove */
} BsRecord;

BsRecord   *bs_record_new          (const BsVariant  *variant,
                                    guint64           seed);
void        bs_record_free         (BsRecord         *record);
void        bs_record_add_move     (BsRecord         *record,
                                    const char       *text);
/* The player's name as recorded, else the variant's. */
const char *bs_record_get_player   (const BsRecord   *record,
                                    int               player);
void        bs_record_set_player   (BsRecord         *record,
                                    int               player,
                                    const char       *name);
/* Sets the date to now, in UTC. */
void        bs_record_set_date_now (BsRecord         *record);
void        bs_record_set_result   (BsRecord         *record,
                                    BsResult          result);
/* Why the game ended (bs_ruleset_ending); written as <result reason="…">. */
void        bs_record_set_ending   (BsRecord         *record,
                                    BsEnding          ending);

/* "ongoing", "win-1", "win-2", "draw". */
const char *bs_record_result_to_string   (BsResult     result);
gboolean    bs_record_result_from_string (const char  *text,
                                          BsResult    *result);

/* Loading: safe parsing (no network, no entities, no DTD, size limit).
 * Errors are "FILE:LINE: message" with the offending value: the record
 * format in BS_RECORD_ERROR, the embedded variant in BS_VARIANT_ERROR. */
BsRecord   *bs_record_load_file    (const char       *path,
                                    GError          **error);
BsRecord   *bs_record_load_data    (const char       *data,
                                    gsize             length,
                                    const char       *filename,
                                    GError          **error);

/* Saving: lossless, atomic on disk. */
char       *bs_record_to_xml       (const BsRecord   *record,
                                    gsize            *length);
gboolean    bs_record_save_file    (const BsRecord   *record,
                                    const char       *path,
                                    GError          **error);

/* Plays the record from its seed, checking every move. On success the
 * final position; when a move is illegal, BS_RECORD_ERROR_MOVE naming the
 * move, its ply (1-based) and why, with *position (if asked for) the
 * position before that move and *n_played the turns that were played.
 * ruleset, position and n_played may be NULL. A recorded result (or
 * reason) that the moves do not give is not an error — the moves are the
 * game — but a warning to show: bs_record_check_result(). */
gboolean    bs_record_replay       (const BsRecord   *record,
                                    BsRuleset       **ruleset,
                                    BsPosition      **position,
                                    guint            *n_played,
                                    GError          **error);

/* NULL when the record gives no result, or the result (and reason) its
 * moves end with (final: the position after them, in ruleset); else a
 * warning, "FILE:LINE: the record gives the result win-1, but its moves
 * end with win-2". */
char       *bs_record_check_result (const BsRecord   *record,
                                    const BsRuleset  *ruleset,
                                    const BsPosition *final);

/* Plays the record's moves on position (normally the start of the
 * record's game, from its seed) with ruleset, up to the first illegal
 * move: then BS_RECORD_ERROR_MOVE as above, and position is the position
 * before it. n_played may be NULL. The result is not checked. */
gboolean    bs_record_play_moves   (const BsRecord   *record,
                                    const BsRuleset  *ruleset,
                                    BsPosition       *position,
                                    guint            *n_played,
                                    GError          **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BsRecord, bs_record_free)

G_END_DECLS
