/* SPDX-License-Identifier: GPL-3.0-or-later */
/* audit-util.h: small helpers shared by the independent rule audits
 * (tests/engine/test-audit-*.c). Positions are written as a list of
 * "cell=P[K[D]]" items: P the owner (1 or 2), K the first letter of the
 * kind id in capitals when the module has more than one kind (S/L, C/T),
 * D the direction of a directed piece (N, E, S, W). */
#pragma once

#include <glib.h>

#include "bs-ruleset.h"

G_BEGIN_DECLS

/* settings: NULL or "key=value" items; holes: NULL or labels; nests may be
 * NULL (the module's defaults). */
BsRuleset  *au_ruleset        (const char         *module,
                               const char * const *settings,
                               const char * const *holes,
                               const char         *nest1,
                               const char         *nest2);
/* The written game in path on its default variant, changed by settings
 * ("width=7") and with holes (labels) taken off, either NULL. text, when
 * not NULL, is read in place of the file's own (a copy changed by the
 * test); path then only names it in errors. Any error fails the test. */
BsRuleset  *au_written_ruleset (const char         *path,
                                const char         *text,
                                const char * const *settings,
                                const char * const *holes);
int         au_cell           (const BsRuleset    *rs,
                               const char         *label);
/* A position from the start (seed 0), with every cell emptied, then the
 * pieces put; ply and to_move as given; supplies untouched. */
BsPosition *au_position       (const BsRuleset    *rs,
                               const char         *pieces,
                               guint               ply,
                               int                 to_move);
void        au_put            (const BsRuleset    *rs,
                               BsPosition         *pos,
                               const char         *pieces);
/* The pieces on the board, in cell order, in the same notation. */
char       *au_describe       (const BsRuleset    *rs,
                               const BsPosition   *pos);
void        au_assert_pieces  (const BsRuleset    *rs,
                               const BsPosition   *pos,
                               const char         *expected);
/* The legal moves, formatted, sorted in byte order, joined by spaces. */
char       *au_moves          (const BsRuleset    *rs,
                               const BsPosition   *pos);
gboolean    au_is_legal       (const BsRuleset    *rs,
                               const BsPosition   *pos,
                               const char         *move);
/* Plays a line of moves (turns) that must all be legal. */
void        au_play           (const BsRuleset    *rs,
                               BsPosition         *pos,
                               const char         *line);
/* Applies move to after (a copy of before) with an undo journal; checks
 * the incremental hash, and that undoing gives back before exactly. */
void        au_apply_undoable (const BsRuleset    *rs,
                               const BsPosition   *before,
                               BsPosition         *after,
                               BsMove              move);
/* A label → cell lookup by grid coordinates, (BS_NO_CELL off the board). */
int         au_at             (const BsRuleset    *rs,
                               int                 col,
                               int                 row);

G_END_DECLS
