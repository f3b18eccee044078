/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-lab-dialog.h: what the balance lab's dialogs (Find a Fair Setting…, Skill Trace…)
 * build alike: a scrolled, clamped page of groups, a numeric spin button, an accessible
 * name, the dialog's size within its parent, and the key that names a study's files by the
 * variant and the settings (the same settings, the same files: started again, it goes
 * on). */

#pragma once

#include <adwaita.h>

#include "bs-variant.h"

G_BEGIN_DECLS

/* A page that scrolls vertically, its content clamped to 640 px; add to its box. */
GtkWidget           *bs_lab_page_new       (void);
GtkWidget           *bs_lab_page_box       (GtkWidget       *page);
/* A preferences group at the end of page's box (title and description may be NULL). */
AdwPreferencesGroup *bs_lab_group_new      (GtkWidget       *page,
                                            const char      *title,
                                            const char      *description);
/* A numeric spin button (step 1, or 0.5 with digits), typed into as a number; name: its
 * accessible name (NULL: a row's activatable widget is named by the row). */
GtkSpinButton       *bs_lab_spin_new       (double           lower,
                                            double           upper,
                                            double           value,
                                            guint            digits,
                                            const char      *name);
void                 bs_lab_set_name       (GtkWidget       *widget,
                                            const char      *name);
/* Never wider or taller than the window it comes from: a phone's is 360 px wide. */
void                 bs_lab_dialog_fit     (GtkWindow       *dialog,
                                            GtkWindow       *parent,
                                            int              width,
                                            int              height);
/* The SHA-256 of settings and the variant's XML, in hex: an unsaved edit, or a file
 * changed since, is another study. */
char                *bs_lab_settings_hash  (const BsVariant *variant,
                                            const char      *settings);

G_END_DECLS
