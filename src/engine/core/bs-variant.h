/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-variant.h: a variant description — what a variant file says, as plain
 * data. Loading checks the format (schema, types, ranges of what the format
 * itself fixes); bs_ruleset_new() checks what the module knows. Cells are
 * kept as labels so that editing the board size keeps them meaningful.
 *
 * Every item read from a file remembers its line so that later checks can
 * say where the problem is. */

#pragma once

#include <glib.h>

#include "bs-board.h"
#include "bs-types.h"

G_BEGIN_DECLS

#define BS_VARIANT_FORMAT_VERSION 1
/* Files larger than this are refused before parsing. */
#define BS_VARIANT_MAX_FILE_SIZE (1024 * 1024)
/* The longest texts a variant (or a record) may hold, in characters: a
 * name is shown in titles and lists, and no file should be able to make
 * the window huge or its layout slow. The RELAX NG schema says the same. */
#define BS_VARIANT_MAX_NAME_LENGTH         100
#define BS_VARIANT_MAX_AUTHOR_LENGTH       100
#define BS_VARIANT_MAX_DESCRIPTION_LENGTH  5000
#define BS_VARIANT_MAX_PLAYER_NAME_LENGTH  50
/* Identifiers (the variant's id, module, kinds, specials, options): a
 * letter or digit, then letters, digits, '-' and '_'. */
#define BS_VARIANT_MAX_ID_LENGTH           64

typedef struct {
  char *label;
  int   line;
} BsVariantHole;

typedef struct {
  char *id;          /* the module's special id ("nest") */
  int   player;      /* 1, 2, or 0 for a special that is not per player */
  char *cell;        /* label */
  int   line;
} BsVariantSpecial;

typedef struct {
  char *cell;        /* label */
  int   player;      /* 1 or 2 */
  char *kind;        /* the module's kind id */
  int   dir;         /* -1, or 0 N, 1 E, 2 S, 3 W for directed kinds */
  int   line;
} BsVariantPiece;

typedef struct {
  char *kind;
  int   count;
  int   line;
} BsVariantSupply;

typedef struct {
  char   *name;      /* "Light" */
  char   *color;     /* "#rrggbb" */
  GArray *supplies;  /* of BsVariantSupply */
  int     line;
} BsVariantPlayer;

typedef struct {
  char *id;
  char *value;       /* as written: checked against the module's declaration */
  int   line;
} BsVariantOption;

typedef struct {
  char            *filename;      /* where it was loaded from, or NULL */
  char            *id;            /* short id ("agoraphobia"); the file's basename by default */
  char            *name;
  char            *author;
  char            *description;
  char            *module;        /* rule module id */
  int              module_line;
  BsBoardSpec      board;
  int              board_line;
  GArray          *holes;         /* of BsVariantHole */
  GArray          *specials;      /* of BsVariantSpecial */
  BsVariantPlayer  players[2];
  GArray          *options;       /* of BsVariantOption: only those set */
  GArray          *setup;         /* of BsVariantPiece */
  /* Saved unfinished by the editor (draft="true" in the file): it may not
   * build, and is opened for editing, never for play. A mark of the file,
   * not of the rules: bs_variant_equal() ignores it. */
  gboolean         draft;
} BsVariant;

BsVariant  *bs_variant_new            (void);
/* A variant of `module` with the module's defaults (board, supplies). */
BsVariant  *bs_variant_new_for_module (const char       *module,
                                       GError          **error);
BsVariant  *bs_variant_copy           (const BsVariant  *variant);
void        bs_variant_free           (BsVariant        *variant);
gboolean    bs_variant_equal          (const BsVariant  *a,
                                       const BsVariant  *b);
/* Whether two variants play the same game: the same module, board, holes,
 * special cells, setup, supplies and option values (an option left out
 * counts as its default). Names, colours, ids and descriptions do not
 * count. */
gboolean    bs_variant_same_game      (const BsVariant  *a,
                                       const BsVariant  *b);

/* Whether text is an identifier (see BS_VARIANT_MAX_ID_LENGTH). */
gboolean    bs_variant_is_identifier  (const char       *text);
/* An identifier made from a file name: its base name without the
 * extension, with every run of other characters turned into one '-'
 * ("My Tribes (2).xml" → "My-Tribes-2"); "variant" if nothing is left. */
char       *bs_variant_id_from_filename (const char     *path);
/* The stem the app names its files about a variant by (studies, searches):
 * the base name of the file it was opened from (an absolute source) without
 * its extension, else its id, else "variant". */
char       *bs_variant_file_stem      (const BsVariant  *variant,
                                       const char       *source);
/* Checks the lengths of the variant's texts (name, author, description,
 * player names) against the limits above; the message names the text and
 * its length. bs_ruleset_new() checks them too. */
gboolean    bs_variant_check_texts    (const BsVariant  *variant,
                                       GError          **error);

/* --set KEY=VALUE: board parameters (shape, width, height, size,
 * adjacency), supplies (supply.P.KIND) and rule options. The key is checked
 * against the module; the value's range is checked by bs_ruleset_new(). */
gboolean    bs_variant_set            (BsVariant        *variant,
                                       const char       *key,
                                       const char       *value,
                                       GError          **error);
/* Changes the board's shape and sizes; supplies that follow the board in
 * the module's rules (BsModule.board_supply) and still hold the old board's
 * figure are set to the new board's. */
void        bs_variant_set_board      (BsVariant         *variant,
                                       const BsBoardSpec *spec);
/* Accessors used by the editor and the CLI. */
const char *bs_variant_get_option     (const BsVariant  *variant,
                                       const char       *id);
void        bs_variant_set_option     (BsVariant        *variant,
                                       const char       *id,
                                       const char       *value);
int         bs_variant_get_supply     (const BsVariant  *variant,
                                       int               player,
                                       const char       *kind);
void        bs_variant_set_supply     (BsVariant        *variant,
                                       int               player,
                                       const char       *kind,
                                       int               count);

/* For display: the name (or else the id), description and player names
 * through the message catalogue, so the built-in variants' texts show in
 * the user's language (po/its extracts them; player names with the context
 * "player"). A user's own text comes back unchanged. Never NULL but for a
 * missing description. */
const char *bs_variant_display_name        (const BsVariant *variant);
const char *bs_variant_display_description (const BsVariant *variant);
const char *bs_variant_display_player      (const BsVariant *variant,
                                            int              player);

/* A --set key (bs_variant_set) in the designer's words, from the module's
 * declarations, translated: "Dark's large pieces (player 2)" (or "Player
 * 2's large pieces" when the player has no name of their own), "Board
 * size", an option's label ("Move limit"). An unknown key comes back as it
 * is. Free with g_free. */
char       *bs_variant_describe_setting (const BsVariant *variant,
                                         const char      *key);
/* The same without the seat after a player's own name ("Dark's large
 * pieces"; "Player 2's large pieces" when both players have that name):
 * for a variant's name or a message about one variant. */
char       *bs_variant_describe_setting_briefly (const BsVariant *variant,
                                                 const char      *key);

/* "file:line: " or "" for an error prefix. Free with g_free. */
char       *bs_variant_where          (const BsVariant  *variant,
                                       int               line);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BsVariant, bs_variant_free)

G_END_DECLS
