/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-start-view.h: the start page — the built-in variants, the user's own
 * (the .bsvariant and .xml files in
 * g_get_user_data_dir()/boardsmith/variants) and recent games, each
 * with a short description. Activating one emits "variant-activated" with a
 * built-in name or a path, or "record-activated" with a file. */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define BS_TYPE_START_VIEW (bs_start_view_get_type ())
G_DECLARE_FINAL_TYPE (BsStartView, bs_start_view, BS, START_VIEW, AdwBin)

/* Reads the variant lists again (after the user saved a variant). */
void   bs_start_view_reload          (BsStartView *self);
/* Whether the user's variants, the recent files or the last variant
 * played (a user's file) are still being read (in threads: the rows and
 * "Play … Again" come when they are). */
gboolean bs_start_view_get_loading   (BsStartView *self);
/* Where the keyboard focus goes when the page is shown. */
GtkWidget *bs_start_view_get_default_focus (BsStartView *self);
/* Where the user's variants live. Free with g_free. */
char  *bs_start_view_user_variants_dir (void);

G_END_DECLS
