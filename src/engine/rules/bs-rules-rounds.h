/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-rules-rounds.h: a rounds program (docs/RULES-LANGUAGE.md, "The
 * ninth slice"): a game of simultaneous secret orders, one per piece,
 * resolved by the ordered phases of its <resolve>, compiled for one
 * ruleset and run behind the BsModule hooks beside the other programs. */

#pragma once

#include <glib.h>

#include "bs-module.h"
#include "bs-rules-document.h"

G_BEGIN_DECLS

/* Compiles doc (doc->simultaneous) for rs; on success rs->module_data is
 * the program, which holds `owner` (released with owner_free when the
 * ruleset goes, on failure too). */
gboolean bs_rules_rounds_prepare     (BsRuleset              *rs,
                                      const BsRulesDocument  *doc,
                                      gpointer                owner,
                                      GDestroyNotify          owner_free,
                                      GError                **error);

/* Fills the module's hooks (all but prepare). */
void     bs_rules_rounds_fill_module (BsModule               *module);

G_END_DECLS
