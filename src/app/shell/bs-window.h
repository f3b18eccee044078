/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-window.h: the main window — a header bar with the primary menu and a
 * stack of pages (start, play; the variant editor slots in beside them). */

#pragma once

#include <adwaita.h>

#include "bs-computer-player.h"
#include "bs-game.h"
#include "bs-play-scene.h"
#include "bs-play-view.h"
#include "bs-variant-document.h"

G_BEGIN_DECLS

#define BS_TYPE_WINDOW (bs_window_get_type ())
G_DECLARE_FINAL_TYPE (BsWindow, bs_window, BS, WINDOW, AdwApplicationWindow)

BsWindow    *bs_window_new            (AdwApplication *application);

/* A built-in variant's name or a variant file's path. */
gboolean     bs_window_open_variant   (BsWindow       *self,
                                       const char     *name_or_path,
                                       GError        **error);
/* The same with a given seed for the random setup (a game that draws
 * its start). */
gboolean     bs_window_open_variant_seeded (BsWindow  *self,
                                            const char *name_or_path,
                                            guint64    seed,
                                            GError   **error);
/* A variant file or a game record, told apart by their root element.
 * Blocking: for the command line and tests; what a user opens goes through
 * bs_window_open_file_async(). */
gboolean     bs_window_open_file      (BsWindow       *self,
                                       GFile          *file,
                                       GError        **error);
/* The same, read and replayed in a thread: the window stays responsive
 * and the game appears when it is ready (an error in a dialog). A newer
 * open cancels an older one. */
void         bs_window_open_file_async (BsWindow      *self,
                                        GFile         *file);
/* The same for a caller that reports failure itself (the command line):
 * the game shows when ready; an error is no dialog but _finish's. */
void         bs_window_load_file_async  (BsWindow            *self,
                                         GFile               *file,
                                         GAsyncReadyCallback  callback,
                                         gpointer             user_data);
gboolean     bs_window_load_file_finish (BsWindow            *self,
                                         GAsyncResult        *result,
                                         GError             **error);
/* Whether an open is under way. */
gboolean     bs_window_get_opening    (BsWindow       *self);
/* Shows `game` on the play page (a game restored from an autosave). */
void         bs_window_show_game      (BsWindow       *self,
                                       BsGame         *game);
/* Plays "M1 M2 …" (turns in the game's notation) on the open game. */
gboolean     bs_window_play_moves     (BsWindow       *self,
                                       const char     *moves,
                                       GError        **error);
gboolean     bs_window_save_record    (BsWindow       *self,
                                       GFile          *file,
                                       GError        **error);
void         bs_window_show_start     (BsWindow       *self);

BsGame      *bs_window_get_game       (BsWindow       *self);
BsPlayScene *bs_window_get_scene      (BsWindow       *self);
BsPlayView  *bs_window_get_play_view  (BsWindow       *self);
/* The computer opponent: seats, hints, pause. */
BsComputerPlayer *bs_window_get_computer_player (BsWindow *self);
/* "start", "play" or "editor". */
const char  *bs_window_get_page       (BsWindow       *self);
/* Shows a message in a toast (tests read the last one). */
void         bs_window_show_message   (BsWindow       *self,
                                       const char     *message);
const char  *bs_window_get_last_message (BsWindow     *self);

/* The variant editor: shows `document` in the editor page (asking first
 * if other edits would be lost); play-testing starts a game on a variant
 * held in memory. */
typedef struct _BsEditorView BsEditorView;
/* The Balance page (bs-balance-view.h). */
typedef struct _BsBalanceView BsBalanceView;
BsBalanceView *bs_window_get_balance_view (BsWindow        *self);
void          bs_window_edit            (BsWindow          *self,
                                         BsVariantDocument *document);
BsEditorView *bs_window_get_editor_view (BsWindow          *self);
/* The start page (bs-start-view.h). */
typedef struct _BsStartView BsStartView;
BsStartView  *bs_window_get_start_view  (BsWindow          *self);
gboolean      bs_window_play_variant    (BsWindow          *self,
                                         const BsVariant   *variant,
                                         GError           **error);

G_END_DECLS
