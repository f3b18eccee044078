/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-about.h: the About window (AdwAboutDialog where libadwaita has it, AdwAboutWindow
 * before 1.5), with the translators of the language in use, read from the po headers at
 * build time (po/translator-credits.py). */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Presents the About window over parent; returns it (owned by GTK). */
GtkWidget  *bs_about_present             (GtkWindow  *parent);

/* The translators of the catalog a gettext header (msgid "") belongs to, one per line, or
 * NULL when the header names no language we have credits for (the untranslated C locale). */
const char *bs_about_translators_for     (const char *catalog_header);

G_END_DECLS
