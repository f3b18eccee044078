/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-app"

#include "config.h"

#include "bs-tribes-round.h"

#include <string.h>
#include <glib/gi18n.h>

#include "bs-types.h"

void
bs_tribes_round_resolve (int           n_cells,
                         const guint8 *cells,
                         const gint16 *targets,
                         BsTribesFate *fates,
                         gint16       *attackers,
                         guint8       *after)
{
  g_autofree guint8 *arrivals = g_new0 (guint8, n_cells);

  g_return_if_fail (cells != NULL && targets != NULL && fates != NULL && attackers != NULL);
  g_return_if_fail (n_cells > 0 && n_cells <= BS_MAX_CELLS);

  /* Steps 1-2: a mover points at its target and attacks whatever stands
   * there (movers only reach adjacent cells). */
  for (int c = 0; c < n_cells; c++)
    attackers[c] = BS_NO_CELL;
  for (int c = 0; c < n_cells; c++)
    if (cells[c] != BS_CELL_EMPTY && targets[c] != c && targets[c] >= 0
        && targets[c] < n_cells)
      attackers[targets[c]] = (gint16) c;

  /* Steps 3-4. */
  for (int c = 0; c < n_cells; c++)
    {
      gboolean attacked = attackers[c] != BS_NO_CELL;
      int t = targets[c];

      if (cells[c] == BS_CELL_EMPTY)
        fates[c] = BS_TRIBES_FATE_NONE;
      else if (t == c)
        fates[c] = attacked ? BS_TRIBES_FATE_DEFENDED : BS_TRIBES_FATE_UNATTACKED;
      else if (attacked)
        fates[c] = BS_TRIBES_FATE_ATTACKED_MOVING;
      else if (cells[t] != BS_CELL_EMPTY && targets[t] == t)
        fates[c] = BS_TRIBES_FATE_INTO_DEFENDER;
      else
        fates[c] = BS_TRIBES_FATE_MOVED;
    }

  /* Step 5: dead pieces go, living movers arrive, crowded cells empty. */
  for (int c = 0; c < n_cells; c++)
    if (fates[c] == BS_TRIBES_FATE_DEFENDED)
      arrivals[c]++;
    else if (fates[c] == BS_TRIBES_FATE_MOVED)
      arrivals[targets[c]]++;
  for (int c = 0; c < n_cells; c++)
    {
      if (fates[c] == BS_TRIBES_FATE_DEFENDED && arrivals[c] > 1)
        fates[c] = BS_TRIBES_FATE_COLLIDED;
      else if (fates[c] == BS_TRIBES_FATE_MOVED && arrivals[targets[c]] > 1)
        fates[c] = BS_TRIBES_FATE_COLLIDED;
    }

  if (after != NULL)
    {
      memset (after, BS_CELL_EMPTY, (gsize) n_cells);
      for (int c = 0; c < n_cells; c++)
        if (fates[c] == BS_TRIBES_FATE_DEFENDED)
          after[c] = cells[c];
        else if (fates[c] == BS_TRIBES_FATE_MOVED)
          after[targets[c]] = cells[c];
    }
}

/* One line per way of dying, each player's pieces listed by cell, so that
 * a round in which half the board starves still reads at a glance:
 *   "Attacked while moving: Blue b1 (from a1)"
 *   "Defended, but nobody attacked: Red c1 d1 · Blue e1" */
char *
bs_tribes_round_describe (const BsBoard      *board,
                          const guint8       *cells,
                          const gint16       *targets,
                          const BsTribesFate *fates,
                          const gint16       *attackers,
                          const char * const  names[2])
{
  static const BsTribesFate order[] = {
    BS_TRIBES_FATE_ATTACKED_MOVING,
    BS_TRIBES_FATE_INTO_DEFENDER,
    BS_TRIBES_FATE_COLLIDED,
    BS_TRIBES_FATE_UNATTACKED,
  };
  g_autoptr(GString) out = g_string_new (NULL);
  int n_cells = bs_board_n_cells (board);

  for (guint i = 0; i < G_N_ELEMENTS (order); i++)
    {
      g_autoptr(GString) line = g_string_new (NULL);

      for (int player = 1; player <= 2; player++)
        {
          gboolean named = FALSE;

          for (int c = 0; c < n_cells; c++)
            {
              if (fates[c] != order[i] || BS_CELL_OWNER (cells[c]) != player)
                continue;
              if (!named)
                {
                  if (line->len > 0)
                    g_string_append (line, " · ");
                  g_string_append (line, names[player - 1]);
                  named = TRUE;
                }
              g_string_append_printf (line, " %s", bs_board_cell_label (board, c));
              if (order[i] == BS_TRIBES_FATE_ATTACKED_MOVING)
                /* Translators: where the attack came from, after a cell label. */
                g_string_append_printf (line, _(" (from %s)"),
                                        bs_board_cell_label (board, attackers[c]));
              else if (order[i] == BS_TRIBES_FATE_INTO_DEFENDER
                       || order[i] == BS_TRIBES_FATE_COLLIDED)
                /* Translators: the cell a piece died on, after a cell label. */
                g_string_append_printf (line, _(" (on %s)"),
                                        bs_board_cell_label (board, targets[c]));
            }
        }
      if (line->len == 0)
        continue;

      if (out->len > 0)
        g_string_append_c (out, '\n');
      switch (order[i])
        {
        case BS_TRIBES_FATE_ATTACKED_MOVING:
          g_string_append (out, _("Attacked while moving:"));
          break;
        case BS_TRIBES_FATE_INTO_DEFENDER:
          g_string_append (out, _("Ran into a defender:"));
          break;
        case BS_TRIBES_FATE_COLLIDED:
          g_string_append (out, _("Collided:"));
          break;
        case BS_TRIBES_FATE_UNATTACKED:
        default:
          /* Translators: Tribes, a defender dies when nobody attacks it. */
          g_string_append (out, _("Defended, but nobody attacked:"));
          break;
        }
      g_string_append_printf (out, " %s", line->str);
    }

  if (out->len == 0)
    g_string_append (out, _("No piece died this round"));

  return g_string_free (g_steal_pointer (&out), FALSE);
}
