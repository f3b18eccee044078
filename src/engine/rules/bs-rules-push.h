/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-rules-push.h: a push program (docs/RULES-LANGUAGE.md, "The sixth
 * slice"): a game whose one block is a placement of one or more kinds
 * with a <push> effect, compiled for one ruleset and run behind the
 * BsModule hooks, beside the other programs of bs-rules-program. */

#pragma once

#include <glib.h>

#include "bs-module.h"
#include "bs-rules-document.h"

G_BEGIN_DECLS

/* Compiles doc (doc->pushing) for rs; on success rs->module_data is the
 * program, which holds `owner` (released with owner_free when the ruleset
 * goes, on failure too). */
gboolean bs_rules_push_prepare     (BsRuleset              *rs,
                                    const BsRulesDocument  *doc,
                                    gpointer                owner,
                                    GDestroyNotify          owner_free,
                                    GError                **error);

/* Fills the module's hooks (all but prepare). */
void     bs_rules_push_fill_module (BsModule               *module);

G_END_DECLS
