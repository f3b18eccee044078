/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-types.h: small types and limits shared by the whole engine. */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Hot helpers are forced inline in optimised builds. Unoptimised builds (-O0: the
 * sanitizer and fuzzing builds, meson's debug buildtype) leave inlining to the compiler:
 * forced there, it bought nothing and made the rules' kernels take four minutes and
 * gigabytes to compile (meson.build defines BS_NO_FORCED_INLINE). */
#ifdef BS_NO_FORCED_INLINE
#define BS_FORCE_INLINE
#else
#define BS_FORCE_INLINE G_ALWAYS_INLINE
#endif

/* Limits. A board never has more cells than this; sizes beyond it are refused
 * when a variant is validated, with the limit in the message. */
#define BS_MAX_CELLS      1024
#define BS_MAX_DIRS       8
#define BS_MAX_RING2      16   /* cells at distance exactly 2 (hex: 12, square-8: 16) */
#define BS_MAX_KINDS      4
#define BS_MAX_OPTIONS    16
#define BS_MAX_MEASURES   4
#define BS_MAX_FEATURES   8
#define BS_MAX_SUPPLY     9999
#define BS_N_PLAYERS      2
#define BS_NO_CELL        (-1)
#define BS_SUPPLY_UNLIMITED 0xFFFF

/* A move (a "step") is 32 bits; each module defines its own packing.
 * Turn-based games play one step per turn. A simultaneous game (Tribes)
 * is entered as one step per piece order, and the round resolves on the
 * last one: see bs-ruleset.h. */
typedef guint32 BsMove;

/* Cell contents: 0 is empty; otherwise owner in bits 0-1 (1 or 2), piece
 * kind (index into the module's kinds) in bits 2-3, direction in bits 4-5
 * (Astoria triangles: 0 N, 1 E, 2 S, 3 W). Six bits: values < 64. */
#define BS_CELL_EMPTY          0
#define BS_CELL_VALUES         64
#define BS_CELL_MAKE(owner, kind, dir) \
  ((guint8) ((owner) | ((kind) << 2) | ((dir) << 4)))
#define BS_CELL_OWNER(v)       ((v) & 3)
#define BS_CELL_KIND(v)        (((v) >> 2) & 3)
#define BS_CELL_DIR(v)         (((v) >> 4) & 3)

typedef enum {
  BS_RESULT_ONGOING = 0,
  BS_RESULT_WIN_1   = 1,
  BS_RESULT_WIN_2   = 2,
  BS_RESULT_DRAW    = 3,
} BsResult;

/* Why a game ended (docs/ARCHITECTURE.md lists the stable ids that
 * bs_ending_to_string() gives; records and the CLI's JSON use them). The
 * module says which of its own endings it was; the ruleset adds the move
 * limit. New values go at the end: the numbers are stored in positions. */
typedef enum {
  BS_ENDING_NONE = 0,        /* ongoing */
  BS_ENDING_NO_MOVES,        /* the player to move has no legal move */
  BS_ENDING_ALL_PLACED,      /* every piece of both supplies is on the board */
  BS_ENDING_BOARD_FULL,      /* the player to move has pieces but no empty cell */
  BS_ENDING_END_MOVE,        /* a player played the move that ends the game */
  BS_ENDING_GOAL,            /* a piece reached the cell or row it aims for */
  BS_ENDING_ELIMINATION,     /* a player has no piece left */
  BS_ENDING_NO_REMOVAL,      /* a round removed no piece */
  BS_ENDING_PASSES,          /* both players passed, one after the other */
  BS_ENDING_MOVE_LIMIT,      /* the variant's move limit (max-plies) */
  BS_N_ENDINGS
} BsEnding;

static inline int
bs_opponent (int player)
{
  return 3 - player;
}

G_END_DECLS
