/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-test"

#include "config.h"

#include <cairo.h>
#include <glib.h>
#include <stdlib.h>

/* png-check FILE MIN_WIDTH MIN_HEIGHT: exits 0 if FILE is a PNG at least that large that
 * shows something — many colours and no colour covering nearly all of it — so that a blank,
 * black or single-colour image from a failed screenshot is caught. */

#define MIN_COLOURS 16
#define MAX_DOMINANT_SHARE 0.97

int
main (int    argc,
      char **argv)
{
  g_autoptr(GHashTable) counts = NULL;
  cairo_surface_t *surface;
  const guint8 *data;
  int width, height, stride, min_width, min_height;
  guint dominant = 0;
  double share;
  gboolean ok;

  if (argc != 4)
    {
      g_printerr ("usage: png-check FILE MIN_WIDTH MIN_HEIGHT\n");
      return 2;
    }
  min_width = atoi (argv[2]);
  min_height = atoi (argv[3]);

  surface = cairo_image_surface_create_from_png (argv[1]);
  if (cairo_surface_status (surface) != CAIRO_STATUS_SUCCESS)
    {
      g_printerr ("%s: not a readable PNG: %s\n", argv[1],
                  cairo_status_to_string (cairo_surface_status (surface)));
      cairo_surface_destroy (surface);
      return 1;
    }
  cairo_surface_flush (surface);
  width = cairo_image_surface_get_width (surface);
  height = cairo_image_surface_get_height (surface);
  stride = cairo_image_surface_get_stride (surface);
  data = cairo_image_surface_get_data (surface);

  /* A PNG loads as ARGB32 or RGB24; both keep one pixel in 32 bits. */
  counts = g_hash_table_new (g_direct_hash, g_direct_equal);
  for (int y = 0; y < height; y++)
    {
      const guint32 *row = (const guint32 *) (gconstpointer) (data + (gsize) y * stride);

      for (int x = 0; x < width; x++)
        {
          gpointer key = GUINT_TO_POINTER (row[x]);
          guint n = GPOINTER_TO_UINT (g_hash_table_lookup (counts, key)) + 1;

          g_hash_table_insert (counts, key, GUINT_TO_POINTER (n));
          dominant = MAX (dominant, n);
        }
    }
  share = width > 0 && height > 0 ? (double) dominant / ((double) width * height) : 1.0;
  g_print ("%s: %d x %d, %u colours, the most common covers %.1f%%\n", argv[1], width,
           height, g_hash_table_size (counts), 100.0 * share);

  ok = width >= min_width && height >= min_height
       && g_hash_table_size (counts) >= MIN_COLOURS && share <= MAX_DOMINANT_SHARE;
  if (!ok)
    g_printerr ("%s: not a window: want at least %d x %d, %d colours and no colour over "
                "%.0f%%\n", argv[1], min_width, min_height, MIN_COLOURS,
                100.0 * MAX_DOMINANT_SHARE);
  cairo_surface_destroy (surface);
  return ok ? 0 : 1;
}
