/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-libxml-compat.h: the accessors libxml2 2.14 and 2.15 added for what
 * older releases offered only as fields of the parser context (Debian 12
 * has 2.9). The one place in Boardsmith that reads a libxml2 structure, and
 * only when built against a libxml2 that lacks the function; newer ones
 * never compile it. Each behaves as libxml2's own. */

#pragma once

#include <libxml/parser.h>

#if LIBXML_VERSION < 21400
/* Hands the parsed document over to the caller (the context lets it go). */
static inline xmlDoc *
xmlCtxtGetDocument (xmlParserCtxt *ctxt)
{
  xmlDoc *doc = ctxt->myDoc;

  ctxt->myDoc = NULL;
  return doc;
}
#endif

#if LIBXML_VERSION < 21500
/* The element being parsed (the document before the first). */
static inline xmlNode *
xmlCtxtGetNode (xmlParserCtxt *ctxt)
{
  return ctxt->node != NULL ? ctxt->node : (xmlNode *) ctxt->myDoc;
}
#endif
