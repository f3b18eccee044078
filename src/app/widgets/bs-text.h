/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-text.h: small helpers for text shown in the window. */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The engine's messages start in lower case, as command-line errors do
 * ("board width 7 is out of range…"); in the window every message is a
 * sentence. A copy with the first letter in title case. */
char *bs_text_sentence (const char *message);

G_END_DECLS
