/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-variant-xml.h: variant files — loading them safely, saving them
 * losslessly, and the built-in variants shipped in rules/. The variant
 * itself is plain data (bs-variant.h); what its module knows is checked by
 * bs_variant_validate() (bs-ruleset.h), which the loaders call. */

#pragma once

#include <glib.h>

#include "bs-variant.h"

G_BEGIN_DECLS

/* Loading: safe parsing (no network, no entities, no DTD, size limit).
 * Errors are "FILE:LINE: message" with the offending value. */
BsVariant  *bs_variant_load_file      (const char       *path,
                                       GError          **error);
/* For the editor: the format's checks only, so a draft or a variant the
 * rule module refuses can still be opened and finished. */
BsVariant  *bs_variant_load_file_unchecked (const char  *path,
                                            GError     **error);
BsVariant  *bs_variant_load_data      (const char       *data,
                                       gsize             length,
                                       const char       *filename,
                                       GError          **error);
/* A built-in name ("agoraphobia"), or else a path. */
BsVariant  *bs_variant_lookup         (const char       *name_or_path,
                                       GError          **error);
/* The directories searched for built-in variants, most preferred first:
 * $BOARDSMITH_RULES_DIR, the installed rules, the source tree's rules. */
const char * const *bs_variant_builtin_dirs (void);
/* The built-in variant names, sorted. Free with g_strfreev. */
char      **bs_variant_list_builtin   (void);

/* Saving: lossless (load(save(v)) equals v), atomic on disk. */
char       *bs_variant_to_xml         (const BsVariant  *variant,
                                       gsize            *length);
gboolean    bs_variant_save_file      (const BsVariant  *variant,
                                       const char       *path,
                                       GError          **error);

G_END_DECLS
