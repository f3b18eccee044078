/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-json.h: JSON text as Boardsmith writes it (the CLI's --json, a study's
 * report): pretty-printed by json-glib, every number with the digits it
 * was meant to have — 0.52, not the 0.52000000000000002 json-glib's
 * "%.17g" prints for the nearest double. */

#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* The node as indented JSON (two spaces), without a final newline; each
 * fractional number in the shortest form that reads back as the same
 * double. Newly allocated. */
char *bs_json_to_text (JsonNode *root);

G_END_DECLS
