/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hexgames-test-util.h: helpers shared by the Abrobad and Ikabegamá tests:
 * rulesets from "key=value" settings, positions from a list of stones,
 * sorted move lists, and the uniformity check of random_move. */

#pragma once

#include <glib.h>

#include "bs-ruleset.h"

G_BEGIN_DECLS

/* A ruleset of `module` with settings "key=value" as for --set (NULL
 * terminated), holes (labels) and, when nest1/nest2 are not NULL, the two
 * Ikabegamá nests. Fails the test on error. */
BsRuleset  *hx_ruleset          (const char         *module,
                                 const char * const *settings,
                                 const char * const *holes,
                                 const char         *nest1,
                                 const char         *nest2);

/* As above, but returns the error instead of failing. */
BsRuleset  *hx_ruleset_try      (const char         *module,
                                 const char * const *settings,
                                 const char * const *holes,
                                 const char         *nest1,
                                 const char         *nest2,
                                 GError            **error);

/* The start position, then every cell listed in `stones` set through
 * bs_position_set_cell() — "1: b1 b2; 2: a1 c1" gives player 1 stones on
 * b1, b2 and player 2 stones on a1, c1; "0: a1" empties a1 — and
 * to_move. */
BsPosition *hx_position         (const BsRuleset    *rs,
                                 const char         *stones,
                                 int                 to_move);

/* The legal moves, formatted, sorted in byte order, joined by spaces. */
char       *hx_moves            (const BsRuleset    *rs,
                                 const BsPosition   *pos);

/* The occupied cells as "1: a1 b2; 2: c3" in cell order. */
char       *hx_stones           (const BsRuleset    *rs,
                                 const BsPosition   *pos);

/* Plays one move given in notation; fails the test if it is refused. */
void        hx_play             (const BsRuleset    *rs,
                                 BsPosition         *pos,
                                 const char         *move);

/* The message of the error that parsing `move` gives, or NULL if legal. */
char       *hx_refusal          (const BsRuleset    *rs,
                                 const BsPosition   *pos,
                                 const char         *move);

/* Draws random_move draws_per_move * n times (n legal moves): every draw
 * must be a legal move, and a chi-square test against the uniform
 * distribution must not reject at the 1e-6 level. */
void        hx_check_uniform    (const BsRuleset    *rs,
                                 const BsPosition   *pos,
                                 BsRng              *rng,
                                 guint               draws_per_move);

/* Random playouts from the start; checks random_move's uniformity at a
 * sample of the positions met. */
void        hx_check_uniform_playouts (const BsRuleset *rs,
                                       guint64          seed,
                                       guint            n_playouts,
                                       guint            every);

/* Random playouts on two copies: one keeps the module's cache
 * incrementally, the other has its extra bytes wiped before every move so
 * the module must notice and recompute them. Both must list the same moves
 * and end up byte for byte equal after every move. */
void        hx_check_cache_playouts   (const BsRuleset *rs,
                                       guint64          seed,
                                       guint            n_playouts);

G_END_DECLS
