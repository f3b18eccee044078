/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-autosave.h: nothing lost, ever.
 *
 * While a window's game has turns that are in no file, or its editor a
 * variant with unsaved edits, a copy of it is kept in
 * $XDG_DATA_HOME/boardsmith/autosave: written at most a second after a
 * change (debounced), in a thread, atomically (bs-file.h). The copy goes
 * when the work is saved, when the user chooses to close it without
 * saving, and when the app quits normally. A copy left by a process that
 * died — a crash, a kill -9, a power cut — or that was told to end with
 * nobody to ask (SIGTERM at logout: bs_autosave_end_session_keeping) is
 * offered back at the next start (bs_autosave_offer_recovery).
 *
 * Each process holds a lock on its own session file (autosave/ID.lock);
 * its copies are ID-N.boardsmith (a game record) or ID-N.xml (a variant,
 * a draft when invalid) with ID-N.info (what it is, the file it belongs
 * to). A session whose lock can be taken belongs to no running process.
 *
 * It knows no window: it tells by signals (the window connects to them)
 * of a copy it could not write (::message, with the owner whose work it
 * is) and of what the user chose to restore (::restore-game,
 * ::restore-variant, with the window the recovery was offered in). */

#pragma once

#include <gtk/gtk.h>

#include "bs-game.h"
#include "bs-variant-document.h"

G_BEGIN_DECLS

#define BS_TYPE_AUTOSAVE (bs_autosave_get_type ())
G_DECLARE_FINAL_TYPE (BsAutosave, bs_autosave, BS, AUTOSAVE, GObject)

/* The process's autosave (created at first use). */
BsAutosave *bs_autosave_get_default    (void);
/* Off: nothing is written or offered (screenshot runs). */
void        bs_autosave_set_enabled    (BsAutosave        *self,
                                        gboolean           enabled);

/* What `owner` (a window, an editor) shows now; NULL: nothing. The copy
 * of what it showed before goes (the user has saved it or chosen to drop
 * it). When owner is finalized, its copies go too. */
void        bs_autosave_watch_game     (BsAutosave        *self,
                                        gpointer           owner,
                                        BsGame            *game);
void        bs_autosave_watch_document (BsAutosave        *self,
                                        gpointer           owner,
                                        BsVariantDocument *document);

/* The process ends normally: every copy of this session goes (what was
 * open was saved or given up), once the copies being written are done. */
void        bs_autosave_end_session    (BsAutosave        *self);

/* The process is told to end and cannot ask the user (a signal): unsaved
 * work is written now and kept to be offered at the next start; copies of
 * saved work go. */
void        bs_autosave_end_session_keeping (BsAutosave *self);

/* Whether a copy is being written or waits to be (tests wait for this). */
gboolean    bs_autosave_get_busy       (BsAutosave        *self);
/* The folder of the copies. */
char       *bs_autosave_get_dir        (void);

/* Once per process, on the first window shown: if copies of a session
 * that ended without cleaning up are there, asks whether to restore them
 * — games into windows (the first into `window` if it holds nothing to
 * lose), variants into the editor — or to discard them. The folder and,
 * once restoring is chosen, the copies are read in threads. */
void        bs_autosave_offer_recovery (BsAutosave        *self,
                                        GtkWindow         *window);

G_END_DECLS
