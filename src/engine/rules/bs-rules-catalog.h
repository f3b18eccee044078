/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-rules-catalog.h: the written games that ship with Boardsmith.
 *
 * Every rules file in a `games/` folder of the built-in rules directories
 * (bs_variant_builtin_dirs(): $BOARDSMITH_RULES_DIR, the installed rules,
 * the source tree's) is loaded once, on first use of the module registry,
 * and its game joins the registry (bs_module_list, bs_module_find) beside
 * the C modules: core declares bs_written_modules(), this room defines it.
 * A folder earlier in that list wins for an id; a file that does not load
 * is left out with a warning naming file, line and value, never a crash. */

#pragma once

#include <glib.h>

#include "bs-module.h"

G_BEGIN_DECLS

/* bs_written_modules() is declared in bs-module.h. */

/* The rules file of the game `id` in those folders (the first folder
 * that has one wins, as for the registry; a file that does not load is
 * skipped), whether or not a C module plays the game, or NULL. */
char  *bs_rules_catalog_find_file (const char *id);
/* The ids of every game with a rules file there, sorted, each once. */
GStrv  bs_rules_catalog_list_ids  (void);

G_END_DECLS
