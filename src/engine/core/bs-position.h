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
  guint8  flags;                              /* BsPositionFlags */
  guint8  reserved[2];                        /* zero */
  guint8  cells[];                            /* n_cells, then extra bytes */
};

typedef enum {
  /* Playout mode (bs_position_set_playout): the Zobrist hash is not kept,
   * because random playouts never read it. */
  BS_POSITION_PLAYOUT = 1 << 0,
  /* The module's extra bytes hold what it derives from the cells (bit
   * sets of pieces, counts) and they match the cells. The module sets it;
   * bs_position_set_cell(), the path of editors and tests, clears it, so
   * a module never trusts a cache its writes did not keep. */
  BS_POSITION_DERIVED = 1 << 1,
} BsPositionFlags;

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

/* The pieces of player on the board and in hand (an unlimited supply
 * counts nothing): the generic evaluation's material. */
static inline int
bs_position_material (const BsPosition *pos, int player)
{
  int n = bs_position_pieces (pos, player);
  for (int k = 0; k < BS_MAX_KINDS; k++)
    if (pos->supply[player - 1][k] != BS_SUPPLY_UNLIMITED)
      n += pos->supply[player - 1][k];
  return n;
}

/* The write path of modules' apply (zobrist: rs->zobrist; inline because
 * it is the hot path) when the module knows the cell holds `old`, which
 * differs from `value`: keeps the Zobrist hash (except in playout mode),
 * the piece counts and (when undo is not NULL) the undo journal. The
 * module keeps its derived bytes in step itself. */
static inline void
bs_position_replace_cell (const guint64 *zobrist,
                          BsPosition    *pos,
                          int            cell,
                          guint8         old,
                          guint8         value,
                          BsUndo        *undo)
{
  if (undo != NULL)
    {
      g_assert (undo->n_entries < undo->capacity);
      undo->entries[undo->n_entries].cell = (gint16) cell;
      undo->entries[undo->n_entries].old = old;
      undo->n_entries++;
    }
  if (!(pos->flags & BS_POSITION_PLAYOUT))
    pos->hash ^= zobrist[cell * BS_CELL_VALUES + old] ^ zobrist[cell * BS_CELL_VALUES + value];
  if (old != BS_CELL_EMPTY)
    pos->on_board[BS_CELL_OWNER (old) - 1][BS_CELL_KIND (old)]--;
  if (value != BS_CELL_EMPTY)
    pos->on_board[BS_CELL_OWNER (value) - 1][BS_CELL_KIND (value)]++;
  pos->cells[cell] = value;
}

/* The same for any write (nothing happens if the cell holds value). */
static inline void
bs_position_write_cell (const guint64 *zobrist,
                        BsPosition    *pos,
                        int            cell,
                        guint8         value,
                        BsUndo        *undo)
{
  guint8 old = pos->cells[cell];

  if (old != value)
    bs_position_replace_cell (zobrist, pos, cell, old, value, undo);
}

/* Changes a cell from outside the rules (setup pieces, editors, tests):
 * the same, and the module's derived bytes are no longer trusted (it
 * recomputes them from the cells when it next needs them). */
static inline void
bs_position_set_cell (const guint64 *zobrist,
                      BsPosition    *pos,
                      int            cell,
                      guint8         value,
                      BsUndo        *undo)
{
  bs_position_write_cell (zobrist, pos, cell, value, undo);
  pos->flags &= (guint8) ~BS_POSITION_DERIVED;
}

G_END_DECLS
