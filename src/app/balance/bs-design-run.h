/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-design-run.h: a design-space search (bs-design-search.h) running in the background for
 * Find a Fair Setting. Each round is one GTask in a thread: it opens the round's study file
 * in the search's folder (or makes it), plays what it lacks on every core below the
 * window's priority, and counts it into the search; the main loop then says so with
 * ::round-done and starts the next round, so the search is only ever touched by one side at
 * a time. Meanwhile the main loop polls the games of the round a few times a second
 * (::progress).
 *
 * The folder holds what `boardsmith-cli search -o DIR` keeps: search.ini (the same keys)
 * and round-R.xml, each written atomically by the study runner. A search started again
 * with the same settings in the same folder counts the rounds already played and plays on
 * where it stopped, as the command line's does; `boardsmith-cli search --resume -o DIR`
 * goes on with it too when the variant is a built-in one or a file. */

#pragma once

#include <gio/gio.h>

#include "bs-design-search.h"

G_BEGIN_DECLS

#define BS_TYPE_DESIGN_RUN (bs_design_run_get_type ())

G_DECLARE_FINAL_TYPE (BsDesignRun, bs_design_run, BS, DESIGN_RUN, GObject)

/* Takes the search (not yet started: no round counted). dir: the folder of its files;
 * settings: the text of dir/search.ini. The folder is made and search.ini written (or found
 * the same) by bs_design_run_start; another search's folder is refused there. */
BsDesignRun          *bs_design_run_new           (BsDesignSearch  *search,
                                                   const char      *dir,
                                                   const char      *settings);
/* The search: read it on the main thread, and only while no round is being played
 * (between ::round-done and the next round, or when stopped). */
const BsDesignSearch *bs_design_run_get_search    (BsDesignRun     *self);
const char           *bs_design_run_get_dir       (BsDesignRun     *self);
/* Plays rounds until the search is finished, stopped, or fails (::failed). */
void                  bs_design_run_start         (BsDesignRun     *self);
/* Stops the round being played; its finished games stay in its file (start again to go
 * on). */
void                  bs_design_run_stop          (BsDesignRun     *self);
gboolean              bs_design_run_get_running   (BsDesignRun     *self);
gboolean              bs_design_run_get_finished  (BsDesignRun     *self);
/* The round being played (from 1; 0 before the first), its games done and needed, and the
 * games of the rounds counted before it. */
void                  bs_design_run_get_progress  (BsDesignRun     *self,
                                                   guint           *round,
                                                   guint           *done,
                                                   guint           *total,
                                                   guint64         *earlier);

G_END_DECLS
