/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-balance-view.h: the Balance page — set up a study of a variant in a
 * few controls (players, games, one setting to vary), run it in the
 * background with progress, pause and cancel, watch the results and charts
 * fill in, extend it, and apply the fairest setting found. The study is
 * kept in a file beside the variant (built-in variants: in the user's
 * data directory) and reopens from Recent. */

#pragma once

#include <adwaita.h>

#include "bs-variant.h"

G_BEGIN_DECLS

#define BS_TYPE_BALANCE_VIEW (bs_balance_view_get_type ())

G_DECLARE_FINAL_TYPE (BsBalanceView, bs_balance_view, BS, BALANCE_VIEW, AdwBin)

/* Sets up a new study of variant; source is where it came from (a
 * built-in name or a file path; NULL for unsaved edits). */
void        bs_balance_view_set_variant  (BsBalanceView    *self,
                                          const BsVariant  *variant,
                                          const char       *source);
/* Shows (and can resume) the study in a file. */
gboolean    bs_balance_view_open_study   (BsBalanceView    *self,
                                          const char       *path,
                                          GError          **error);
/* Sets the controls as a person would: levels ("random", "easy",
 * "medium", "hard"), games per variant, and the setting to vary (NULL:
 * none; a key the Vary row offers) from..to. FALSE for an unknown level or
 * key. */
gboolean    bs_balance_view_set_setup    (BsBalanceView    *self,
                                          const char       *level_a,
                                          const char       *level_b,
                                          guint             games,
                                          const char       *vary_key,
                                          int               from,
                                          int               to);
/* The study shown, or NULL. */
const char *bs_balance_view_get_path     (BsBalanceView    *self);
/* Pauses a running study (the page is left). */
void        bs_balance_view_pause        (BsBalanceView    *self);
/* The title for the header bar. */
char       *bs_balance_view_get_title    (BsBalanceView    *self);

/* Where the app keeps studies of built-in variants. */
char       *bs_balance_view_studies_dir  (void);
/* Whether a file is a study (by its name: .bsstudy). */
gboolean    bs_file_is_study             (GFile            *file);

G_END_DECLS
