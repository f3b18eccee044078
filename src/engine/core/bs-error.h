/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-error.h: the engine's error domains. */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Bad input: variant files, records, --set values. CLI exit status 2. */
#define BS_VARIANT_ERROR (bs_variant_error_quark ())
typedef enum {
  BS_VARIANT_ERROR_PARSE,        /* not well-formed XML, entities, too large */
  BS_VARIANT_ERROR_SCHEMA,       /* wrong root, missing or unknown element/attribute */
  BS_VARIANT_ERROR_VALUE,        /* a value of the wrong type or out of range */
  BS_VARIANT_ERROR_UNKNOWN,      /* unknown module, option, kind, cell, built-in */
  BS_VARIANT_ERROR_DUPLICATE,    /* the same id, cell or player twice */
  BS_VARIANT_ERROR_INVALID,      /* a combination the module refuses */
} BsVariantError;

/* Game errors: an illegal or malformed move. CLI exit status 1. */
#define BS_RULES_ERROR (bs_rules_error_quark ())
typedef enum {
  BS_RULES_ERROR_MALFORMED,      /* not in the game's notation */
  BS_RULES_ERROR_ILLEGAL,        /* well-formed but not legal here */
  BS_RULES_ERROR_GAME_OVER,      /* no move can be played: the game has ended */
} BsRulesError;

/* Game records. */
#define BS_RECORD_ERROR (bs_record_error_quark ())
typedef enum {
  BS_RECORD_ERROR_PARSE,
  BS_RECORD_ERROR_SCHEMA,
  BS_RECORD_ERROR_VALUE,
  BS_RECORD_ERROR_MOVE,          /* a recorded move that is not legal (ply in message) */
} BsRecordError;

/* Balance studies (bs-study.h). PARSE, SCHEMA and VALUE share bs-xml.h's
 * numbers. */
#define BS_STUDY_ERROR (bs_study_error_quark ())
typedef enum {
  BS_STUDY_ERROR_PARSE,
  BS_STUDY_ERROR_SCHEMA,
  BS_STUDY_ERROR_VALUE,
  BS_STUDY_ERROR_MISMATCH,       /* merging files of different studies */
  BS_STUDY_ERROR_GAME,           /* a game could not be played (a module fault) */
  BS_STUDY_ERROR_INCOMPLETE,     /* merging files that do not make the whole study */
} BsStudyError;
/* A value quoted in a message: at most BS_EXCERPT_LENGTH characters of
 * text, then "…" (a file can hold a 100 KB token; a message must stay
 * readable). Invalid UTF-8 is replaced. Newly allocated. */
#define BS_EXCERPT_LENGTH 40
char  *bs_excerpt              (const char *text);
/* Makes a message valid UTF-8 and cuts every word (run of non-blank
 * characters) longer than twice BS_EXCERPT_LENGTH as bs_excerpt does, and
 * the whole after BS_MESSAGE_MAX_LENGTH characters or BS_MESSAGE_MAX_BYTES
 * bytes, whichever comes first: for messages that quote a part of user
 * input without knowing its length (a quote of many short words is as long
 * as one of a long word; invalid bytes become U+FFFD, three bytes each). */
#define BS_MESSAGE_MAX_LENGTH 300
#define BS_MESSAGE_MAX_BYTES  600
void   bs_error_shorten_words  (GError     *error);
/* The same on a string; newly allocated. */
char  *bs_shorten_words        (const char *message);

/* Checks that text is a decimal integer in [min, max] (a sign allowed, no
 * spaces); the message quotes the value (BS_VARIANT_ERROR_VALUE): option
 * values, attributes, --set. */
gboolean bs_parse_int          (const char  *text,
                                int          min,
                                int          max,
                                int         *value,
                                GError     **error);

GQuark bs_variant_error_quark (void);
GQuark bs_rules_error_quark   (void);
GQuark bs_record_error_quark  (void);
GQuark bs_study_error_quark   (void);

G_END_DECLS
