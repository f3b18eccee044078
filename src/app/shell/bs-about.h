/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-about.h: the About window (AdwAboutDialog where libadwaita has it, AdwAboutWindow
 * before 1.5), with the translators of the language in use (the catalog's
 * "translator-credits", as in every GNOME app). */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Presents the About window over parent; returns it (owned by GTK). */
GtkWidget  *bs_about_present             (GtkWindow  *parent);

G_END_DECLS
