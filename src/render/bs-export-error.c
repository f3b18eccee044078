/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-render"

#include "config.h"

#include "bs-export-error.h"

G_DEFINE_QUARK (bs-export-error-quark, bs_export_error)
