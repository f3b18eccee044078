/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-match-file.h: a match (core/bs-match.h) to and from a game record
 * (bs-record.h). Loading replays every move through the match, so a match
 * from a file is the game as the rules give it; saving writes the whole
 * match, every kept turn, wherever its cursor stands. */

#pragma once

#include <glib.h>

#include "bs-match.h"
#include "bs-record.h"

G_BEGIN_DECLS

/* The start of the record's game, no turn played: its variant with the
 * recorded player names put in it (the names a game shows and keeps), its
 * seed and date. BS_VARIANT_ERROR when the module refuses the variant. */
BsMatch  *bs_match_new_from_record (const BsRecord  *record,
                                    GError         **error);
/* Plays the record's moves from the match's cursor, up to the first that
 * is not legal: then BS_RECORD_ERROR_MOVE, "FILE:LINE: ply N: why" (N:
 * 1-based, in the record), with the turns before it played. */
gboolean  bs_match_play_record     (BsMatch         *match,
                                    const BsRecord  *record,
                                    GError         **error);
/* Reads a record file and replays it (the two calls above). A <result>
 * that the moves do not give is no error: *warning (if asked for) says so
 * (bs_record_check_result), else it is NULL. */
BsMatch  *bs_match_load_file       (const char      *path,
                                    char           **warning,
                                    GError         **error);

/* The whole match as a record: every kept turn, the names in its seats
 * (in <players> and in the variant), its date, and the result and ending
 * of its last turn. */
BsRecord *bs_match_to_record       (const BsMatch   *match);
/* The same as a record file's bytes, dated now. */
char     *bs_match_to_xml          (const BsMatch   *match,
                                    gsize           *length);
/* Writes the record, dated now, to path atomically (bs_record_save_file). */
gboolean  bs_match_save_file       (const BsMatch   *match,
                                    const char      *path,
                                    GError         **error);

G_END_DECLS
