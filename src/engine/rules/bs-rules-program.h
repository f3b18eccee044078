/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-rules-program.h: a rules document compiled for one ruleset (its
 * board and option values): a short array of coarse operations over bit
 * sets, and the BsModule hooks that run it (docs/RULES-LANGUAGE.md,
 * "Compilation").
 *
 * The program is the ruleset's module_data: bs_rules_program_prepare()
 * is the module's prepare(), and every other function here is the hook of
 * the same name. It keeps `owner` (what holds the document and the
 * module) alive until the ruleset is freed. */

#pragma once

#include <glib.h>

#include "bs-module.h"
#include "bs-rules-document.h"
#include "bs-rules-features.h"

G_BEGIN_DECLS

typedef struct _BsRulesProgram BsRulesProgram;

/* Compiles doc for rs; on success rs->module_data is the program, which
 * holds `owner` (released with owner_free when the ruleset goes). */
gboolean bs_rules_program_prepare     (BsRuleset              *rs,
                                       const BsRulesDocument  *doc,
                                       gpointer                owner,
                                       GDestroyNotify          owner_free,
                                       GError                **error);

/* Whether the program of rs has the move "swap" (<turn><swap/></turn>,
 * its if= holding): its play spec then lists the word "swap" last. */
gboolean bs_rules_program_swaps       (const BsRuleset        *rs);

/* The tables of the features rs's ends give the search. */
const BsRulesFeatures *bs_rules_program_features (const BsRuleset *rs);

/* A designer's text of the rules file, translated, with {mover}, {next},
 * {player1}, {player2}, {from}, {to} (when not NULL) and each number
 * option's {id} filled in, appended to out (nothing for a NULL text). */
void     bs_rules_program_fill_text   (const BsRuleset        *rs,
                                       const char             *text,
                                       int                     mover,
                                       const char             *from,
                                       const char             *to,
                                       GString                *out);

/* The describe_rules hook of every written program: doc's <help> texts
 * whose conditions hold for rs's options, filled in (as fill_text, player
 * 1 to move), the goal paragraphs to goal and the others to rules. */
void     bs_rules_program_describe_texts (const BsRuleset         *rs,
                                          const BsRulesDocument   *doc,
                                          GString                 *rules,
                                          GString                 *goal);

/* Fills the module's hooks (all but prepare, which the owner sets so as to
 * pass itself). */
void     bs_rules_program_fill_module (BsModule               *module);

G_END_DECLS
