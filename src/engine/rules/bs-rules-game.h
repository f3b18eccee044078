/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-rules-game.h: a game written in the rules language, as a rule
 * module: the document and the BsModule built from its declarations
 * (options, pieces, boards, measures, how it is played), whose hooks run
 * the program compiled for each ruleset (bs-rules-program.h).
 *
 * Reference counted and immutable once loaded; every ruleset built from
 * it holds a reference, so the module outlives them. */

#pragma once

#include <glib.h>

#include "bs-module.h"
#include "bs-ruleset.h"
#include "bs-variant.h"

G_BEGIN_DECLS

typedef struct _BsRulesGame BsRulesGame;

/* Reads and checks a rules file (errors: FILE:LINE: <element> attribute
 * "x": … (did you mean "y"?)). */
BsRulesGame    *bs_rules_game_load_file  (const char       *path,
                                          GError          **error);
BsRulesGame    *bs_rules_game_parse      (const char       *data,
                                          gsize             length,
                                          const char       *filename,
                                          GError          **error);
BsRulesGame    *bs_rules_game_ref        (BsRulesGame      *game);
void            bs_rules_game_unref      (BsRulesGame      *game);

const BsModule *bs_rules_game_get_module (BsRulesGame      *game);
/* The game as it is written: its default board and players, no fixed
 * piece, its module id the game's; then `settings` (KEY=VALUE,
 * NULL-terminated, or NULL): width, height and size set the board, any
 * other key an option, checked when a ruleset is built. For a caller
 * that has no variant file of the game. */
BsVariant      *bs_rules_game_new_variant (BsRulesGame        *game,
                                           const char * const *settings,
                                           GError            **error);
/* The variant's board, players, options and setup played by the written
 * rules (the variant's `module` id is not looked up). */
BsRuleset      *bs_rules_game_new_ruleset (BsRulesGame     *game,
                                           const BsVariant *variant,
                                           GError         **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BsRulesGame, bs_rules_game_unref)

G_END_DECLS
