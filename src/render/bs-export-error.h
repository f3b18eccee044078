/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-export-error.h: the error domain of every export, whichever file
 * writes it (bs-export.c, the PNG and GIF encoders). */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define BS_EXPORT_ERROR (bs_export_error_quark ())

typedef enum {
  BS_EXPORT_ERROR_FORMAT,     /* unknown or unsuitable file extension */
  BS_EXPORT_ERROR_SIZE,       /* a size out of range */
  BS_EXPORT_ERROR_ENCODE,     /* cairo or giflib failed */
} BsExportError;

GQuark bs_export_error_quark (void);

G_END_DECLS
