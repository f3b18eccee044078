/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-tribes-round.h: why each piece of a Tribes round lived or died, for the
 * reveal screen. The engine resolves the round; this restates the rules of
 * RULES.md step by step so the app can say *why*, and the UI tests check
 * that both agree on the resulting position. Pure functions. */

#pragma once

#include <glib.h>

#include "bs-board.h"

G_BEGIN_DECLS

typedef enum {
  BS_TRIBES_FATE_NONE,               /* an empty cell */
  BS_TRIBES_FATE_DEFENDED,           /* defender, attacked: lives */
  BS_TRIBES_FATE_MOVED,              /* mover, not attacked, target free: lives */
  BS_TRIBES_FATE_UNATTACKED,         /* defender nobody attacked: dies */
  BS_TRIBES_FATE_ATTACKED_MOVING,    /* mover that was attacked: dies */
  BS_TRIBES_FATE_INTO_DEFENDER,      /* mover whose target held a defender: dies */
  BS_TRIBES_FATE_COLLIDED,           /* living mover sharing its target: dies */
} BsTribesFate;

static inline gboolean
bs_tribes_fate_is_death (BsTribesFate fate)
{
  return fate >= BS_TRIBES_FATE_UNATTACKED;
}

/* cells: the n_cells cell values before the round (0 = empty, else the
 * owner in the low bits); targets: for each occupied cell the cell its
 * piece moves to, or the cell itself to defend. Fills fates[n_cells],
 * attackers[n_cells] (one piece pointing at the cell, or BS_NO_CELL) and,
 * if not NULL, after[n_cells]: the cells once the round is resolved. */
void  bs_tribes_round_resolve  (int               n_cells,
                                const guint8     *cells,
                                const gint16     *targets,
                                BsTribesFate     *fates,
                                gint16           *attackers,
                                guint8           *after);

/* One line per way of dying, listing the pieces by player and cell
 * ("Attacked while moving: Light c3 (from d4)"), or a line saying nobody
 * died. Free with g_free. */
char *bs_tribes_round_describe (const BsBoard     *board,
                                const guint8      *cells,
                                const gint16      *targets,
                                const BsTribesFate *fates,
                                const gint16      *attackers,
                                const char * const names[2]);

G_END_DECLS
