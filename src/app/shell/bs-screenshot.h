/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-screenshot.h: draws a realized widget (a whole window) into a PNG with
 * its own renderer — no screenshot tool, works under Xvfb. */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

gboolean bs_screenshot_save_png (GtkWidget   *widget,
                                 const char  *path,
                                 GError     **error);
/* Renders the widget to a texture (for tests that look at the pixels). */
GdkTexture *bs_screenshot_render (GtkWidget   *widget,
                                  GError     **error);

G_END_DECLS
