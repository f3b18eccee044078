/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-rules-lines.h: a line program (docs/RULES-LANGUAGE.md, "The eighth
 * slice"): a game whose one block is a placement of one or more kinds
 * (directed kinds placed pointing a board direction), then a follow-up
 * choice of a direction, then a <push-lines> along it, compiled for one
 * ruleset and run behind the BsModule hooks. */

#pragma once

#include <glib.h>

#include "bs-module.h"
#include "bs-rules-document.h"

G_BEGIN_DECLS

/* Compiles doc (doc->line_pushing) for rs; on success rs->module_data is
 * the program, which holds `owner` (released with owner_free when the
 * ruleset goes, on failure too). */
gboolean bs_rules_lines_prepare     (BsRuleset              *rs,
                                     const BsRulesDocument  *doc,
                                     gpointer                owner,
                                     GDestroyNotify          owner_free,
                                     GError                **error);

/* Fills the module's hooks (all but prepare). */
void     bs_rules_lines_fill_module (BsModule               *module);

G_END_DECLS
