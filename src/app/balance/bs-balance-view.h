/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-balance-view.h: the Balance page — set up a study of a variant in a
 * few controls (players, games, a target precision, one setting to vary
 * or another variant to compare with), run it in the
 * background with progress, pause and cancel, watch the results and charts
 * fill in, extend it, and apply the fairest setting found; or Find a Fair
 * Setting… (bs-fair-dialog.h) for several settings and goals at once. The study is
 * kept in a file beside the variant (built-in variants: in the user's
 * data directory) and reopens from Recent. */

#pragma once

#include <adwaita.h>

#include "bs-balance-run.h"
#include "bs-variant.h"

G_BEGIN_DECLS

#define BS_TYPE_BALANCE_VIEW (bs_balance_view_get_type ())

G_DECLARE_FINAL_TYPE (BsBalanceView, bs_balance_view, BS, BALANCE_VIEW, AdwBin)

/* Sets up a new study of variant; source is where it came from (a
 * built-in name or a file path; NULL for unsaved edits). */
void        bs_balance_view_set_variant  (BsBalanceView    *self,
                                          const BsVariant  *variant,
                                          const char       *source);
/* Shows (and can resume) the study in a file. The file is read in a
 * thread; meanwhile the page says so and the window answers. Finishes
 * with G_IO_ERROR_CANCELLED when cancelled, or when another study or
 * variant replaced it first. */
void        bs_balance_view_open_study_async  (BsBalanceView       *self,
                                               const char          *path,
                                               GCancellable        *cancellable,
                                               GAsyncReadyCallback  callback,
                                               gpointer             user_data);
gboolean    bs_balance_view_open_study_finish (BsBalanceView       *self,
                                               GAsyncResult        *result,
                                               GError             **error);
/* Whether a study file is being read. */
gboolean    bs_balance_view_get_loading  (BsBalanceView    *self);
/* Sets the controls as a person would: the players as a study file names them ("random",
 * "easy", "ab:depth=2", "mcts:cpu=0.1": a level of the list, or Custom… with the text),
 * games per variant, and the setting to vary (NULL: none; a key the Vary row offers)
 * from..to. FALSE for a text that is no player, or an unknown key. */
gboolean    bs_balance_view_set_setup    (BsBalanceView    *self,
                                          const char       *level_a,
                                          const char       *level_b,
                                          guint             games,
                                          const char       *vary_key,
                                          int               from,
                                          int               to);
/* Stop Early at this precision (0: never; 0.05, 0.03, 0.02, 0.01, as
 * the row offers them); FALSE for another value. */
gboolean    bs_balance_view_set_stop_early (BsBalanceView  *self,
                                            double          margin);
/* Compare With the variant from source (a built-in name or a file the
 * row offers); FALSE when the row does not offer it. */
gboolean    bs_balance_view_set_compare  (BsBalanceView    *self,
                                          const char       *source);
/* Compare Players (A/B players): player A against itself and player B against itself on
 * this variant; on, it leaves Vary and Compare With at nothing. */
void        bs_balance_view_set_compare_players (BsBalanceView *self,
                                                 gboolean       compare);
/* The study shown, or NULL. */
const char *bs_balance_view_get_path     (BsBalanceView    *self);
/* Its run (playing it, or not), or NULL. */
BsBalanceRun *bs_balance_view_get_run    (BsBalanceView    *self);
/* Pauses a running study (the page is left). */
void        bs_balance_view_pause        (BsBalanceView    *self);
/* The title for the header bar. */
char       *bs_balance_view_get_title    (BsBalanceView    *self);

/* Whether the variant files Compare With offers (the examples, the
 * user's variants) are still being read, in a thread: until then the row
 * offers the built-in variants and Other File…. */
gboolean    bs_balance_view_get_reading_variants (BsBalanceView *self);
/* For tests: called in the thread that reads each of those files, and
 * with NULL in the main thread once the reading ended (read, cancelled). */
typedef void (*BsBalanceViewReadHook) (const char *path,
                                       gpointer    user_data);
void        bs_balance_view_set_read_hook (BsBalanceViewReadHook hook,
                                           gpointer              user_data);

/* Where the app keeps studies of built-in variants. */
char       *bs_balance_view_studies_dir  (void);
/* Whether a file is a study (by its name: .bsstudy). */
gboolean    bs_file_is_study             (GFile            *file);

G_END_DECLS
