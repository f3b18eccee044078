/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-rules-lint.h: warnings on a rules file that loads (docs/RULES-LANGUAGE.md,
 * "Warnings"): what a designer most likely did not mean, though the game
 * plays. `boardsmith-cli validate` prints them; they never refuse a file. */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Reads the rules file at `path` (as the loader does: no entities, no
 * network, bounded) and returns its warnings, each "FILE:LINE: message",
 * in the order of the file (an empty array when there is none); NULL with
 * error when the file cannot be read or parsed. */
char **bs_rules_lint_file (const char  *path,
                           GError     **error);

G_END_DECLS
