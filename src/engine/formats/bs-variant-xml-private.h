/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-variant-xml-private.h: a variant as an XML element, for the files that
 * embed one (game records). What the element's format fixes is checked
 * here; what the module knows is checked by bs_variant_validate(). */

#pragma once

#include <libxml/tree.h>

#include "bs-variant.h"
#include "bs-xml.h"

G_BEGIN_DECLS

/* Reads a <variant> element; errors are "FILE:LINE: message" in
 * BS_VARIANT_ERROR. The variant's filename is set to `filename` so that
 * later checks (bs_variant_validate) can name file and line too. */
BsVariant *bs_variant_from_node        (xmlNode           *node,
                                        const char        *filename,
                                        GError           **error);
/* The same, with errors in the source's domain (records). */
BsVariant *bs_variant_from_node_full   (xmlNode           *node,
                                        const BsXmlSource *source,
                                        GError           **error);
/* A new, unlinked <variant> element owned by doc. */
xmlNode   *bs_variant_to_node          (const BsVariant   *variant,
                                        xmlDoc            *doc);

G_END_DECLS
