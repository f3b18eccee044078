/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-app"

#include "config.h"

#include "bs-software-gl.h"

#include <string.h>
#include <epoxy/gl.h>
#include <gtk/gtk.h>

gboolean
bs_gl_renderer_is_software (const char *renderer)
{
  static const char * const names[] = { "llvmpipe", "softpipe", "swrast", "Software Rasterizer" };

  for (guint i = 0; renderer != NULL && i < G_N_ELEMENTS (names); i++)
    if (strstr (renderer, names[i]) != NULL)
      return TRUE;
  return FALSE;
}

gboolean
bs_prefer_cairo_on_software_gl (void)
{
#if GTK_CHECK_VERSION (4, 14, 0)
  /* Newer GTK chooses its renderer with the driver in mind. */
  return FALSE;
#else
  g_autoptr(GdkGLContext) context = NULL;
  gboolean software;

  if (g_getenv ("GSK_RENDERER") != NULL || gdk_display_get_default () == NULL)
    return FALSE;
  context = gdk_display_create_gl_context (gdk_display_get_default (), NULL);
  /* No OpenGL at all: GTK falls back to cairo by itself. */
  if (context == NULL || !gdk_gl_context_realize (context, NULL))
    return FALSE;
  gdk_gl_context_make_current (context);
  software = bs_gl_renderer_is_software ((const char *) glGetString (GL_RENDERER));
  gdk_gl_context_clear_current ();
  if (software)
    g_setenv ("GSK_RENDERER", "cairo", TRUE);
  return software;
#endif
}
