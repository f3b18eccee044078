/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-render"

#include "config.h"

#include "bs-png-writer.h"

#include <png.h>
#include <setjmp.h>
#include <zlib.h>

#include <glib/gi18n.h>

#include "bs-export-error.h"

typedef struct {
  GByteArray *out;
  char        message[256];
} Writer;

static void
write_data (png_structp png,
            png_bytep   data,
            png_size_t  length)
{
  Writer *writer = png_get_io_ptr (png);

  g_byte_array_append (writer->out, data, (guint) length);
}

static void
flush_data (png_structp png)
{
}

static void
on_error (png_structp     png,
          png_const_charp message)
{
  Writer *writer = png_get_error_ptr (png);

  g_strlcpy (writer->message, message, sizeof writer->message);
  png_longjmp (png, 1);
}

static void
on_warning (png_structp     png,
            png_const_charp message)
{
}

static gboolean
is_opaque (const guint8 *data,
           int           width,
           int           height,
           int           stride)
{
  for (int y = 0; y < height; y++)
    {
      const guint32 *row = (const guint32 *) (data + (gsize) y * stride);

      for (int x = 0; x < width; x++)
        if ((row[x] >> 24) != 0xff)
          return FALSE;
    }
  return TRUE;
}

/* One row of cairo's native-endian premultiplied pixels as PNG bytes. */
static void
convert_row (const guint32 *in,
             guint8        *out,
             int            width,
             gboolean       alpha)
{
  for (int x = 0; x < width; x++)
    {
      guint32 px = in[x];
      guint a = px >> 24;
      guint r = (px >> 16) & 0xff, g = (px >> 8) & 0xff, b = px & 0xff;

      if (!alpha)
        {
          out[0] = (guint8) r;
          out[1] = (guint8) g;
          out[2] = (guint8) b;
          out += 3;
          continue;
        }
      if (a != 0 && a != 0xff)
        {
          r = (r * 255 + a / 2) / a;
          g = (g * 255 + a / 2) / a;
          b = (b * 255 + a / 2) / a;
        }
      out[0] = (guint8) r;
      out[1] = (guint8) g;
      out[2] = (guint8) b;
      out[3] = (guint8) a;
      out += 4;
    }
}

/* The libpng calls, under its error handler (no local is changed after
 * setjmp, so nothing is clobbered by the longjmp). */
static gboolean
encode (png_structp   png,
        png_infop     info,
        const guint8 *data,
        int           width,
        int           height,
        int           stride,
        gboolean      alpha,
        guint8       *row)
{
  if (setjmp (png_jmpbuf (png)))
    return FALSE;

  png_set_IHDR (png, info, (png_uint_32) width, (png_uint_32) height, 8,
                alpha ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB,
                PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  png_set_filter (png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
  png_set_compression_strategy (png, Z_DEFAULT_STRATEGY);
  png_set_compression_level (png, 1);
  png_write_info (png, info);
  for (int y = 0; y < height; y++)
    {
      convert_row ((const guint32 *) (data + (gsize) y * stride), row, width, alpha);
      png_write_row (png, row);
    }
  png_write_end (png, info);
  return TRUE;
}

GBytes *
bs_png_encode (cairo_surface_t  *surface,
               GError          **error)
{
  g_autoptr(GByteArray) out = g_byte_array_new ();
  g_autofree guint8 *row = NULL;
  Writer writer = { 0 };
  png_structp png;
  png_infop info;
  const guint8 *data;
  int width, height, stride;
  gboolean alpha, ok;

  g_return_val_if_fail (cairo_surface_get_type (surface) == CAIRO_SURFACE_TYPE_IMAGE, NULL);

  cairo_surface_flush (surface);
  data = cairo_image_surface_get_data (surface);
  width = cairo_image_surface_get_width (surface);
  height = cairo_image_surface_get_height (surface);
  stride = cairo_image_surface_get_stride (surface);
  alpha = cairo_image_surface_get_format (surface) == CAIRO_FORMAT_ARGB32 &&
          !is_opaque (data, width, height, stride);

  writer.out = out;
  png = png_create_write_struct (PNG_LIBPNG_VER_STRING, &writer, on_error, on_warning);
  info = png != NULL ? png_create_info_struct (png) : NULL;
  if (info == NULL)
    {
      png_destroy_write_struct (&png, NULL);
      g_set_error (error, BS_EXPORT_ERROR, BS_EXPORT_ERROR_ENCODE,
                   _("cannot encode the PNG: out of memory"));
      return NULL;
    }
  png_set_write_fn (png, &writer, write_data, flush_data);
  row = g_malloc ((gsize) MAX (width, 1) * 4);
  ok = encode (png, info, data, width, height, stride, alpha, row);
  png_destroy_write_struct (&png, &info);
  if (!ok)
    {
      g_set_error (error, BS_EXPORT_ERROR, BS_EXPORT_ERROR_ENCODE,
                   _("cannot encode the PNG: %s"), writer.message);
      return NULL;
    }
  return g_byte_array_free_to_bytes (g_steal_pointer (&out));
}
