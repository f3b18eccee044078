/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-entry-limit.h: how much text each field of the window takes.
 *
 * Every text field (entries, entry rows, spin buttons) is given its limit
 * here, when it is made, and nowhere else: a pasted text longer than the
 * limit is cut to it (GtkText's max-length, with the error bell), so a
 * name can never grow past what a file may hold (bs-variant.h) or past
 * what cairo and GSK can draw. A field without a limit is a bug: the UI
 * tests look for one on every page (bs_entry_limit_find_unlimited). */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

typedef enum {
  BS_ENTRY_VARIANT_NAME,      /* BS_VARIANT_MAX_NAME_LENGTH */
  BS_ENTRY_AUTHOR,            /* BS_VARIANT_MAX_AUTHOR_LENGTH */
  BS_ENTRY_DESCRIPTION,       /* BS_VARIANT_MAX_DESCRIPTION_LENGTH */
  BS_ENTRY_PLAYER_NAME,       /* BS_VARIANT_MAX_PLAYER_NAME_LENGTH */
  BS_ENTRY_NUMBER,            /* a spin button: digits, a sign, separators */
  BS_ENTRY_SEARCH,            /* a search in a list (a drop-down's own) */
} BsEntryKind;

/* The most characters a field of this kind takes. */
int        bs_entry_limit_for_kind       (BsEntryKind  kind);

/* Gives `editable` (a GtkEntry, AdwEntryRow, GtkSpinButton… anything whose
 * text is in a GtkText, found through its delegates) the limit of `kind`,
 * and cuts a longer text already in it. */
void       bs_entry_limit                (GtkWidget   *editable,
                                          BsEntryKind  kind);

/* Gives every text field under `root` that has no limit yet the limit of
 * `kind`: the fields a widget makes for itself (GtkDropDown's search). */
void       bs_entry_limit_tree           (GtkWidget   *root,
                                          BsEntryKind  kind);

/* The GtkText widgets under `root` (itself included) that have no limit;
 * an empty array when every field has one. */
GPtrArray *bs_entry_limit_find_unlimited (GtkWidget   *root);

G_END_DECLS
