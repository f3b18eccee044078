/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* GTK before 4.14 draws with OpenGL even where OpenGL is Mesa's software
 * rasterizer (a virtual machine, a remote session, Xvfb); there a new
 * window stays blank for seconds while its shaders compile. Where the
 * OpenGL driver is software and nobody chose a renderer (GSK_RENDERER),
 * this picks cairo, which draws the same window at once. Call after GTK
 * is initialised, before the first window is realized. TRUE when it did. */
gboolean bs_prefer_cairo_on_software_gl (void);

/* Whether an OpenGL renderer string (GL_RENDERER) names Mesa's software
 * rasterizers: "llvmpipe (LLVM 15.0.6, 256 bits)". NULL: FALSE. */
gboolean bs_gl_renderer_is_software     (const char *renderer);

G_END_DECLS
