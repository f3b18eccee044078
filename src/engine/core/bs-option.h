/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-option.h: the declaration of a rule module's options. Each module
 * declares its options once, in a static array; variants only set values,
 * and the CLI (`info`, `--set`) and the variant editor read the declaration. */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum {
  BS_OPTION_BOOL,
  BS_OPTION_INT,
  BS_OPTION_ENUM,
} BsOptionType;

typedef struct {
  const char         *id;            /* "push-large": the XML and --set key */
  BsOptionType        type;
  int                 min;           /* INT: range; BOOL: 0..1; ENUM: 0..n-1 */
  int                 max;
  int                 default_value; /* ENUM: index into choices */
  const char * const *choices;       /* ENUM: NULL-terminated ids */
  const char         *label;         /* N_() marked: translate at use */
  const char         *description;   /* N_() marked, one line */
  /* INT: when not 0, the default follows the board: this many per cell of
   * its shape (bs_module_option_default; default_value is the figure on
   * the module's default board). */
  int                 default_per_cell;
  /* The option shapes only the start position the rules make (how many
   * rows of pieces): once the variant fixes the pieces it would place, it
   * changes nothing (bs_ruleset_option_matters). */
  gboolean            start_only;
} BsOptionSpec;

const char *bs_option_type_to_string (BsOptionType type);

/* Parses a value as written in a variant file or --set ("true"/"false",
 * an integer, or a choice id) and checks its range. The error says what is
 * wrong with the value, without file or line (callers add those). */
gboolean    bs_option_parse_value    (const BsOptionSpec *spec,
                                      const char         *text,
                                      int                *value,
                                      GError            **error);
/* The inverse of parse: "true", "7", "first-empty". Static or interned. */
const char *bs_option_value_to_string (const BsOptionSpec *spec,
                                       int                 value);
/* "1 to 9", "true or false", "first-empty, hop, step". Free with g_free. */
char       *bs_option_describe_range  (const BsOptionSpec *spec);

G_END_DECLS
