/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-variant-document.h: a variant being edited. Every edit is a command
 * through one code path (a snapshot for undo, the change, validation by
 * building a ruleset, then "changed"), so the editor's widgets, the tests
 * and the example generator all change a variant the same way. It knows
 * nothing of widgets. */

#pragma once

#include <gio/gio.h>

#include "bs-ruleset.h"
#include "bs-variant.h"

G_BEGIN_DECLS

/* Where a validation error belongs in the editor. */
typedef enum {
  BS_EDIT_SECTION_NONE,
  BS_EDIT_SECTION_BOARD,
  BS_EDIT_SECTION_CELLS,
  BS_EDIT_SECTION_PIECES,
  BS_EDIT_SECTION_OPTIONS,
  BS_EDIT_SECTION_METADATA,
} BsEditSection;

#define BS_TYPE_VARIANT_DOCUMENT (bs_variant_document_get_type ())
G_DECLARE_FINAL_TYPE (BsVariantDocument, bs_variant_document, BS, VARIANT_DOCUMENT, GObject)

/* A copy of `variant` to edit (a built-in one: "Duplicate and edit"). The
 * document has no file until it is saved. */
BsVariantDocument *bs_variant_document_new            (const BsVariant    *variant);
/* A new variant of a rule module, with the module's defaults. */
BsVariantDocument *bs_variant_document_new_for_module (const char         *module,
                                                       GError            **error);
/* A variant file, which later saves go back to. */
BsVariantDocument *bs_variant_document_open           (const char         *path,
                                                       GError            **error);
/* The same, read, parsed and validated in a GTask thread: a variant may be
 * large, the main loop goes on. The document is handed over whole. */
void               bs_variant_document_open_async     (const char         *path,
                                                       GCancellable       *cancellable,
                                                       GAsyncReadyCallback callback,
                                                       gpointer            user_data);
BsVariantDocument *bs_variant_document_open_finish    (GAsyncResult       *result,
                                                       GError            **error);

const BsVariant   *bs_variant_document_get_variant    (BsVariantDocument  *self);
const BsModule    *bs_variant_document_get_module     (BsVariantDocument  *self);
/* The file it was opened from or last saved to, or NULL. */
const char        *bs_variant_document_get_path       (BsVariantDocument  *self);

/* Validation, redone after every edit. */
gboolean           bs_variant_document_get_valid      (BsVariantDocument  *self);
/* The engine's error for an invalid variant (NULL when valid), the section
 * it belongs to and, for an option, its id. */
const GError      *bs_variant_document_get_error      (BsVariantDocument  *self);
BsEditSection      bs_variant_document_get_error_section (BsVariantDocument *self);
const char        *bs_variant_document_get_error_option  (BsVariantDocument *self);
/* The compiled variant when valid, else NULL. */
BsRuleset         *bs_variant_document_get_ruleset    (BsVariantDocument  *self);
/* What to draw, valid or not: the ruleset, or else a sketch of the variant
 * as entered (bs_ruleset_new_sketch(): the board, holes, specials and fixed
 * pieces as they stand, for drawing only). Only when the board itself
 * cannot be built, the closest variant that builds (options, supplies,
 * setup, specials or holes put back to the module's defaults). */
BsRuleset         *bs_variant_document_get_preview    (BsVariantDocument  *self);
/* The position to draw on it: the start of a game without its random part
 * (a simultaneous game's bag), or the sketch's fixed pieces. */
const BsPosition  *bs_variant_document_get_preview_position (BsVariantDocument *self);
gboolean           bs_variant_document_get_preview_is_sketch (BsVariantDocument *self);
/* Labels of the cells an invalid variant's error is about (a nest on
 * another nest, a hole where the rules allow none), NULL-terminated, empty
 * when the error has no place on the board. */
const char * const *bs_variant_document_get_problem_cells (BsVariantDocument *self);

/* Whether the pieces of the start position can become the variant's fixed
 * pieces (bs_variant_document_fix_start), or why not. */
typedef enum {
  BS_START_FIXABLE,   /* the rules place pieces the variant does not fix */
  BS_START_INVALID,   /* the variant has errors: there is no start */
  BS_START_EMPTY,     /* the game starts with no piece on the board */
  BS_START_FIXED,     /* every piece of the start is a fixed piece already */
  BS_START_RANDOM,    /* the rules draw the start at random for each game (a
                       * bag): one draw fixed would make every game start
                       * the same, so it is not offered */
  BS_START_REFUSED,   /* the rules refuse those pieces as fixed pieces, or
                       * would not start the same with them */
} BsStartFixing;

/* n_pieces: how many pieces of the start are not fixed pieces yet (the
 * ones the edit would add); refusal: for BS_START_REFUSED, the engine's
 * reason. Either may be NULL. */
BsStartFixing      bs_variant_document_get_start_fixing (BsVariantDocument  *self,
                                                         guint              *n_pieces,
                                                         const GError      **refusal);
/* The edit: the pieces of the start position the rules generate become
 * the variant's fixed pieces (bs_ruleset_fix_position), one step of undo;
 * the start is the same before and after. FALSE unless BS_START_FIXABLE. */
gboolean           bs_variant_document_fix_start      (BsVariantDocument  *self);

gboolean           bs_variant_document_get_modified   (BsVariantDocument  *self);
gboolean           bs_variant_document_get_can_undo   (BsVariantDocument  *self);
gboolean           bs_variant_document_get_can_redo   (BsVariantDocument  *self);
gboolean           bs_variant_document_undo           (BsVariantDocument  *self);
gboolean           bs_variant_document_redo           (BsVariantDocument  *self);

/* Edits between begin and end are one step of undo (a stroke painted
 * across the board). Groups nest. */
void               bs_variant_document_begin_group    (BsVariantDocument  *self);
void               bs_variant_document_end_group      (BsVariantDocument  *self);

/* Edits. Each is one step of undo (consecutive changes of the same text
 * or number merge into one) and returns whether anything changed. */
gboolean bs_variant_document_set_board      (BsVariantDocument *self,
                                             const BsBoardSpec *spec);
gboolean bs_variant_document_set_shape      (BsVariantDocument *self,
                                             BsShape            shape,
                                             int                adjacency);
/* width/height for square and rhombus boards, size for the hexagons. */
gboolean bs_variant_document_set_width      (BsVariantDocument *self,
                                             int                width);
gboolean bs_variant_document_set_height     (BsVariantDocument *self,
                                             int                height);
gboolean bs_variant_document_set_size       (BsVariantDocument *self,
                                             int                size);
/* Removes the cell `label` from the board, or puts a removed cell back. A
 * fixed piece on a removed cell goes with it. */
gboolean bs_variant_document_toggle_hole    (BsVariantDocument *self,
                                             const char        *label);
gboolean bs_variant_document_set_hole       (BsVariantDocument *self,
                                             const char        *label,
                                             gboolean           hole);
gboolean bs_variant_document_is_hole        (BsVariantDocument *self,
                                             const char        *label);
/* Puts the module's special `id` (of `player`, 0 if not per player) on a
 * cell, moving it from where it was. */
gboolean bs_variant_document_set_special    (BsVariantDocument *self,
                                             const char        *id,
                                             int                player,
                                             const char        *label);
const char *bs_variant_document_get_special (BsVariantDocument *self,
                                             const char        *id,
                                             int                player);
/* A fixed setup piece (dir -1 for undirected kinds), replacing what was
 * on that cell; remove_piece takes it away. */
gboolean bs_variant_document_place_piece    (BsVariantDocument *self,
                                             const char        *label,
                                             int                player,
                                             const char        *kind,
                                             int                dir);
gboolean bs_variant_document_remove_piece   (BsVariantDocument *self,
                                             const char        *label);
gboolean bs_variant_document_set_supply     (BsVariantDocument *self,
                                             int                player,
                                             const char        *kind,
                                             int                count);
/* The handicap preset: `player` gets `fewer` pieces of `kind` fewer than
 * the other player, whose supply is kept — unless the rules then refuse a
 * variant they took before (too few pieces in all): both supplies are
 * raised by the least that makes it valid, the difference kept. */
gboolean bs_variant_document_set_handicap   (BsVariantDocument *self,
                                             int                player,
                                             const char        *kind,
                                             int                fewer);
/* value as written in a file ("true", "3", "gaps"). */
gboolean bs_variant_document_set_option     (BsVariantDocument *self,
                                             const char        *id,
                                             const char        *value);
/* The option's value: the variant's, else the module's default. */
const char *bs_variant_document_get_option  (BsVariantDocument *self,
                                             const char        *id);
gboolean bs_variant_document_set_player_name  (BsVariantDocument *self,
                                               int                player,
                                               const char        *name);
gboolean bs_variant_document_set_player_color (BsVariantDocument *self,
                                               int                player,
                                               const char        *color);
gboolean bs_variant_document_set_name        (BsVariantDocument *self,
                                              const char        *name);
gboolean bs_variant_document_set_author      (BsVariantDocument *self,
                                              const char        *author);
gboolean bs_variant_document_set_description (BsVariantDocument *self,
                                              const char        *description);

/* Files. Saving is atomic (the old file stays whole if writing fails) and
 * makes the document unmodified; revert reads the file again. An invalid
 * variant is saved too, marked as a draft (draft="true": opened in the
 * editor, refused for play), so unfinished work is never lost; opening
 * and revert take any file the format accepts, drafts included. */
gboolean bs_variant_document_save           (BsVariantDocument *self,
                                             const char        *path,
                                             GError           **error);
/* Saving to the document's own file (path NULL or its path) is refused
 * with G_IO_ERROR_WRONG_ETAG when someone else wrote the file since this
 * document read or last saved it (another window, another program:
 * bs-file-stamp.h); save_anyway then writes over it on purpose. */
gboolean bs_variant_document_save_anyway    (BsVariantDocument *self,
                                             GError           **error);
gboolean bs_variant_document_changed_on_disk (BsVariantDocument *self);
/* The same file as save would write, without making it the document's
 * file or changing `modified` (an autosave, a copy elsewhere). */
gboolean bs_variant_document_write_copy     (BsVariantDocument *self,
                                             const char        *path,
                                             GError           **error);
gboolean bs_variant_document_revert         (BsVariantDocument *self,
                                             GError           **error);
/* What save and write_copy would write at `path`, as XML (an autosave
 * writes it in a thread). */
char    *bs_variant_document_to_xml         (BsVariantDocument *self,
                                             const char        *path,
                                             gsize             *length);
/* A document brought back from an autosaved copy: the variant in
 * `copy` (a draft or not), belonging to the file `original` (NULL: never
 * saved), and modified — it is unsaved work. */
BsVariantDocument *bs_variant_document_recover (const char     *copy,
                                                const char     *original,
                                                GError        **error);

/* g_get_user_data_dir()/boardsmith/variants, where the start view lists
 * the user's variants; and a path there for a new variant named after it
 * that does not overwrite an existing file. Free with g_free. */
char    *bs_variant_document_user_dir        (void);
char    *bs_variant_document_suggest_path    (BsVariantDocument *self);

const char *bs_edit_section_to_string        (BsEditSection      section);

G_END_DECLS
