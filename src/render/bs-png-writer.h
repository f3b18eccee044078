/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-png-writer.h: a fast PNG encoder for cairo image surfaces, private to
 * the renderer. cairo's own writer compresses hard and is several times
 * slower than drawing the board; board pictures are flat colours, which
 * deflate's fastest level packs quickly and well without a row filter. */

#pragma once

#include <cairo.h>
#include <glib.h>

G_BEGIN_DECLS

/* PNG bytes of an ARGB32 or RGB24 image surface: RGB when every pixel is
 * opaque, else RGBA (un-premultiplied). */
GBytes *bs_png_encode (cairo_surface_t  *surface,
                       GError          **error);

G_END_DECLS
