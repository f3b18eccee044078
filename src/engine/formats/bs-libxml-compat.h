/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-libxml-compat.h: libxml2 2.14's accessors for what older releases
 * offered only as fields of the parser context (Debian 12 has 2.9). The one
 * place in Boardsmith that reads a libxml2 structure, and only when built
 * against a libxml2 that lacks the function; newer ones never compile it. */

#pragma once

#include <libxml/parser.h>

#if LIBXML_VERSION < 21400
/* The document a push parser is building (2.14: xmlCtxtGetDocument). */
static inline xmlDoc *
xmlCtxtGetDocument (xmlParserCtxt *ctxt)
{
  return ctxt->myDoc;
}
#endif
