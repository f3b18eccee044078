/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-editor-view-private.h: what the pieces of the editor page share —
 * its instance and the steps each piece takes for the others. Only
 * bs-editor-view*.c include it:
 *   bs-editor-view.c        the document shown, its errors and summary
 *                           (document → widgets), actions, the object;
 *   bs-editor-view-rows.c   the rows built for a module and their edits
 *                           (widgets → document);
 *   bs-editor-view-paint.c  painting cells and pieces on the board;
 *   bs-editor-view-files.c  open, save, save as, revert, and asking
 *                           before edits are lost. */

#pragma once

#include <adwaita.h>

#include "bs-editor-canvas.h"
#include "bs-editor-view.h"
#include "bs-pending.h"

G_BEGIN_DECLS

#define N_SECTIONS (BS_EDIT_SECTION_METADATA + 1)
/* The board shapes a module may offer (shape_choices in
 * bs-editor-view-rows.c). */
#define N_SHAPE_CHOICES 5

/* One choice of the paint combo. */
typedef struct {
  BsPaintMode mode;
  int         special;
  int         player;
} PaintChoice;

struct _BsEditorView {
  AdwBin              parent_instance;

  BsVariantDocument  *document;
  GCancellable       *opening;      /* Open Variant… read in a thread */
  const BsModule     *module;       /* the rows below are built for it */
  gboolean            syncing;      /* document → widgets: no edits back */
  GtkWidget          *editing_spin; /* its value is going into the document */

  BsPaintMode         paint_mode;
  int                 paint_special;
  int                 paint_player;
  int                 paint_kind;
  int                 paint_dir;
  GArray             *paint_choices;   /* of PaintChoice, as in paint_row */
  BsVariantDocument  *stroke_document;  /* a stroke is being painted on it */
  int                 stroke_hole;      /* holes: what the stroke makes (-1: its first cell decides) */
  gboolean            stroke_told;      /* the stroke has shown its message */
  int                 shape_choice[N_SHAPE_CHOICES];   /* row → shape_choices */
  guint               n_shape_choices;

  /* Rows made for the module; removed when the module changes. */
  GPtrArray          *module_rows;      /* of { group, row } pairs, flattened */
  GHashTable         *option_rows;      /* option id → row */
  GHashTable         *edit_widgets;     /* edit key → spin/switch/combo/entry */
  GtkWidget          *error_rows[N_SECTIONS];
  GtkWidget          *width_row, *height_row, *size_row;
  GtkWidget          *owner_row, *kind_row, *dir_row;
  GtkWidget          *handicap_player_row, *handicap_kind_row;
  GtkSpinButton      *handicap_spin;
  GtkWidget          *start_row, *start_button;   /* Fix the Start Position */
  GtkWidget          *unlimited_rows[2];          /* a player's "Pieces" without supply */
  gboolean            pieces_allowed;             /* the module takes fixed pieces */

  /* Template children. */
  BsEditorCanvas     *canvas;
  GtkLabel           *hint_label;
  GtkLabel           *summary_label;
  GtkImage           *status_icon;
  GtkLabel           *status_label;
  GtkMenuButton      *more_button;
  AdwPreferencesPage *page;
  AdwPreferencesGroup *board_group;
  AdwPreferencesGroup *cells_group;
  AdwPreferencesGroup *pieces_group;
  AdwPreferencesGroup *player_groups[2];
  AdwPreferencesGroup *options_group;
  AdwPreferencesGroup *metadata_group;
  AdwComboRow        *shape_row;
  AdwComboRow        *paint_row;
  AdwEntryRow        *name_row;
  AdwEntryRow        *author_row;
  AdwEntryRow        *description_row;
};

/* bs-editor-view.c */
void        _bs_editor_view_emit_message           (BsEditorView      *self,
                                                    const char        *message);
void        _bs_editor_view_emit_saved             (BsEditorView      *self,
                                                    const char        *path);
int         _bs_editor_view_supply_of              (BsEditorView      *self,
                                                    int                player,
                                                    guint              kind);
int         _bs_editor_view_start_pieces           (BsEditorView      *self,
                                                    int                player,
                                                    int               *n_fixed);
void        _bs_editor_view_sync_start_rows        (BsEditorView      *self);

/* bs-editor-view-rows.c */
void        _bs_editor_view_build_rows             (BsEditorView      *self);
GtkWidget  *_bs_editor_view_error_row              (void);
void        _bs_editor_view_set_spin               (BsEditorView      *self,
                                                    const char        *key,
                                                    int                value);
void        _bs_editor_view_drop_stale_notes       (BsEditorView      *self);
void        _bs_editor_view_set_entry              (AdwEntryRow       *row,
                                                    const char        *text);
void        _bs_editor_view_sync_shape_row         (BsEditorView      *self,
                                                    const BsBoardSpec *board);
const char *_bs_editor_view_player_name            (BsEditorView      *self,
                                                    int                player);
void        _bs_editor_view_relabel_players        (BsEditorView      *self);
void        _bs_editor_view_on_shape_changed       (BsEditorView      *self);
void        _bs_editor_view_on_name_changed        (BsEditorView      *self);
void        _bs_editor_view_on_author_changed      (BsEditorView      *self);
void        _bs_editor_view_on_description_changed (BsEditorView      *self);

/* bs-editor-view-paint.c */
void        _bs_editor_view_update_hint            (BsEditorView      *self);
void        _bs_editor_view_update_paint_rows      (BsEditorView      *self);
void        _bs_editor_view_on_cell_activated      (BsEditorView      *self,
                                                    const char        *label);
void        _bs_editor_view_on_stroke_begin        (BsEditorView      *self);
void        _bs_editor_view_on_stroke_end          (BsEditorView      *self);
void        _bs_editor_view_on_paint_changed       (BsEditorView      *self);
void        _bs_editor_view_on_piece_choice_changed (BsEditorView     *self);

/* bs-editor-view-files.c: the editor.open, editor.save, editor.save-as
 * and editor.revert actions. */
void        _bs_editor_view_open_activated         (GtkWidget         *widget,
                                                    const char        *name,
                                                    GVariant          *param);
void        _bs_editor_view_save_activated         (GtkWidget         *widget,
                                                    const char        *name,
                                                    GVariant          *param);
void        _bs_editor_view_save_as_activated      (GtkWidget         *widget,
                                                    const char        *name,
                                                    GVariant          *param);
void        _bs_editor_view_revert_activated       (GtkWidget         *widget,
                                                    const char        *name,
                                                    GVariant          *param);
G_END_DECLS
