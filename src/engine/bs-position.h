/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-position.h: a position is one flat block of bytes — a fixed header,
 * one byte per cell, then the module's extra bytes — so copying is a memcpy
 * and nothing in it points anywhere. Its size comes from the ruleset
 * (rs->position_size). */

#pragma once

#include <string.h>
#include <glib.h>

#include "bs-types.h"

G_BEGIN_DECLS

typedef struct _BsRuleset  BsRuleset;
typedef struct _BsPosition BsPosition;
typedef struct _BsUndo     BsUndo;

struct _BsPosition {
  guint64 hash;                               /* Zobrist hash of the cells */
  guint32 ply;                                /* turns completed */
  guint8  to_move;                            /* 1 or 2 */
  guint8  result;                             /* BsResult */
  guint16 step;                               /* steps into the current turn */
  guint16 supply[2][BS_MAX_KINDS];            /* in hand; BS_SUPPLY_UNLIMITED */
  guint16 on_board[2][BS_MAX_KINDS];          /* kept by bs_position_set_cell */
  gint32  counter[3];                         /* module scalars (passes, ...) */
  guint8  ending;                             /* BsEnding, set with result by
                                               * bs_ruleset_apply */
  guint8  reserved[3];
  guint8  cells[];                            /* n_cells, then extra bytes */
};

typedef struct {
  gint16 cell;
  guint8 old;
  guint8 pad;
} BsUndoEntry;

struct _BsUndo {
  guint        n_entries;
  guint        capacity;
  BsPosition  *saved;     /* header (and the extra bytes) before the step */
  BsUndoEntry  entries[];
};

#define BS_POSITION_HEADER_SIZE (offsetof (BsPosition, cells))

static inline gboolean
bs_position_is_over (const BsPosition *pos)
{
  return pos->result != BS_RESULT_ONGOING;
}

static inline int
bs_position_pieces (const BsPosition *pos, int player)
{
  int n = 0;
  for (int k = 0; k < BS_MAX_KINDS; k++)
    n += pos->on_board[player - 1][k];
  return n;
}

/* The only way modules change a cell (zobrist: rs->zobrist; inline
 * because it is the hot write path): keeps the Zobrist hash, the piece
 * counts and (when undo is not NULL) the undo journal. */
static inline void
bs_position_set_cell (const guint64 *zobrist,
                      BsPosition    *pos,
                      int            cell,
                      guint8         value,
                      BsUndo        *undo)
{
  guint8 old = pos->cells[cell];

  if (old == value)
    return;
  if (undo != NULL)
    {
      g_assert (undo->n_entries < undo->capacity);
      undo->entries[undo->n_entries].cell = (gint16) cell;
      undo->entries[undo->n_entries].old = old;
      undo->n_entries++;
    }
  pos->hash ^= zobrist[cell * BS_CELL_VALUES + old] ^ zobrist[cell * BS_CELL_VALUES + value];
  if (old != BS_CELL_EMPTY)
    pos->on_board[BS_CELL_OWNER (old) - 1][BS_CELL_KIND (old)]--;
  if (value != BS_CELL_EMPTY)
    pos->on_board[BS_CELL_OWNER (value) - 1][BS_CELL_KIND (value)]++;
  pos->cells[cell] = value;
}

G_END_DECLS
