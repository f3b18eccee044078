/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-percent.h: a share written as a percentage the reader's way ("92.5%"
 * in English, "92,5 %" in French), the one format for every percentage the
 * balance page and its charts show. */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

char *bs_percent_format (double fraction,
                         int    decimals);

G_END_DECLS
