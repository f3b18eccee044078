/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-app"

#include "config.h"

#include "bs-screenshot.h"

#include <glib/gi18n.h>

GdkTexture *
bs_screenshot_render (GtkWidget  *widget,
                      GError    **error)
{
  g_autoptr(GdkPaintable) paintable = NULL;
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GskRenderer) fallback = NULL;
  GdkTexture *texture;
  graphene_rect_t viewport;
  GtkSnapshot *snapshot;
  GtkNative *native;
  GskRenderer *renderer;
  int width, height;

  g_return_val_if_fail (GTK_IS_WIDGET (widget), NULL);

  native = gtk_widget_get_native (widget);
  renderer = native != NULL ? gtk_native_get_renderer (native) : NULL;
  width = gtk_widget_get_width (widget);
  height = gtk_widget_get_height (widget);
  if (renderer == NULL || width <= 0 || height <= 0)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_INITIALIZED,
                           _("The window is not shown yet, so it cannot be drawn"));
      return NULL;
    }

  graphene_rect_init (&viewport, 0, 0, width, height);
  paintable = gtk_widget_paintable_new (widget);
  snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), width, height);
  node = gtk_snapshot_free_to_node (snapshot);
  if (node == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("The window drew nothing"));
      return NULL;
    }
  texture = gsk_renderer_render_texture (renderer, node, &viewport);
  if (texture != NULL)
    return texture;

  /* The GL renderer returns nothing when it cannot make an offscreen
   * framebuffer (the likely cause of a screenshot that failed once in CI,
   * on Mesa's software driver while the computer was thinking): draw the
   * same nodes with cairo instead. */
  fallback = gsk_cairo_renderer_new ();
  if (gsk_renderer_realize (fallback, NULL, NULL))
    {
      texture = gsk_renderer_render_texture (fallback, node, &viewport);
      gsk_renderer_unrealize (fallback);
    }
  if (texture == NULL)
    g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                         _("The window drew nothing"));
  return texture;
}

gboolean
bs_screenshot_save_png (GtkWidget   *widget,
                        const char  *path,
                        GError     **error)
{
  g_autoptr(GdkTexture) texture = NULL;

  g_return_val_if_fail (GTK_IS_WIDGET (widget), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  texture = bs_screenshot_render (widget, error);
  if (texture == NULL)
    return FALSE;
  if (!gdk_texture_save_to_png (texture, path))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("Could not write %s"), path);
      return FALSE;
    }
  return TRUE;
}
