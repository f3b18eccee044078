/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-ruleset-sketch.h: a variant drawn as it was entered, even when the
 * rule module would refuse it. The variant editor previews a variant that
 * does not build (a 7×8 board where the rules want 2n×2n, two nests on one
 * cell) with this, so the designer sees what they typed rather than the
 * last variant that worked. */

#pragma once

#include "bs-ruleset.h"

G_BEGIN_DECLS

/* A ruleset for drawing only: the board as specified (holes on the shape
 * removed), the option values that parse, the supplies, and the specials
 * and fixed pieces that land on a cell of the board (two on one cell: the
 * later one). Only the format's checks apply: NULL with an error when the
 * module is unknown or the board cannot be built at all.
 *
 * The module is not prepared: pass the result to the renderer and the
 * board functions, never to play functions (generate, apply, new_position).
 * `start` receives the position to draw: the fixed pieces and the
 * supplies, player 1 to move. Free it with g_free. */
BsRuleset *bs_ruleset_new_sketch (const BsVariant  *variant,
                                  BsPosition      **start,
                                  GError          **error);

G_END_DECLS
