/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-xml.h: safe XML parsing for variant files and game records, and small
 * helpers that read attributes with typed parsing and precise messages.
 *
 * Parsing never touches the network, never expands or even accepts
 * entities, never loads a DTD: a file with a DOCTYPE is refused outright,
 * which makes external entities (XXE) and entity bombs fail at once. Files
 * over a size limit are refused before parsing. libxml2's own messages are
 * collected per parse (nothing is printed) and returned as
 * "FILE:LINE: message" GErrors.
 *
 * Errors use the caller's domain (BS_VARIANT_ERROR or BS_RECORD_ERROR);
 * the codes PARSE, SCHEMA and VALUE have the same numbers in both. */

#pragma once

#include <glib.h>
#include <libxml/tree.h>

G_BEGIN_DECLS

/* What an error message names: the file and the domain of its GErrors. */
typedef struct {
  const char *filename;   /* as shown in messages; NULL: "(memory)" */
  GQuark      domain;     /* BS_VARIANT_ERROR or BS_RECORD_ERROR */
} BsXmlSource;

/* The codes shared by both domains. */
enum {
  BS_XML_ERROR_PARSE  = 0,
  BS_XML_ERROR_SCHEMA = 1,
  BS_XML_ERROR_VALUE  = 2,
};

/* Parses with BS_VARIANT_ERROR and the limit BS_VARIANT_MAX_FILE_SIZE. */
xmlDoc     *bs_xml_parse        (const char        *data,
                                 gsize              length,
                                 const char        *filename,
                                 GError           **error);
xmlDoc     *bs_xml_parse_full   (const char        *data,
                                 gsize              length,
                                 const BsXmlSource *source,
                                 gsize              max_size,
                                 GError           **error);
/* Reads a whole file, up to max_size bytes (one more is an error: the
 * file is too large, whatever it is). Opens without blocking: a FIFO is
 * read to its end (one nobody writes to is empty), a device or a socket is
 * refused. Errors name the path. */
GBytes     *bs_xml_read_file    (const char        *path,
                                 const BsXmlSource *source,
                                 gsize              max_size,
                                 GError           **error);
/* Reads a file (bs_xml_read_file) and parses it. */
xmlDoc     *bs_xml_parse_file   (const char        *path,
                                 const BsXmlSource *source,
                                 gsize              max_size,
                                 GError           **error);

/* Streaming: a document of any size parsed in bounded memory, with the
 * same safety as bs_xml_parse_full (no DTD, no entities, no network).
 * The tree is built as usual, but each time an element at depth 1 or 2
 * closes (a child or grandchild of the root), `func` sees it and may ask
 * for it to be dropped from the tree (return BS_XML_STREAM_DROP): a file
 * of many <game> elements then holds one at a time. func returns
 * BS_XML_STREAM_ERROR with error set to stop the parse. */
typedef enum {
  BS_XML_STREAM_KEEP,
  BS_XML_STREAM_DROP,
  BS_XML_STREAM_ERROR,
} BsXmlStreamAction;

typedef BsXmlStreamAction (*BsXmlStreamFunc) (xmlNode   *node,
                                              int        depth,
                                              gpointer   user_data,
                                              GError   **error);
typedef struct _BsXmlStream BsXmlStream;

BsXmlStream *bs_xml_stream_new    (const BsXmlSource *source,
                                   BsXmlStreamFunc    func,
                                   gpointer           user_data);
/* Feeds the next bytes; FALSE with error on malformed XML or when func
 * failed. last: no more data (the document must be complete). */
gboolean     bs_xml_stream_feed   (BsXmlStream       *stream,
                                   const char        *data,
                                   gsize              length,
                                   gboolean           last,
                                   GError           **error);
/* The document built so far (the root and what was kept). */
xmlDoc      *bs_xml_stream_get_doc (BsXmlStream      *stream);
void         bs_xml_stream_free   (BsXmlStream       *stream);

/* The line of a node (0 when unknown). */
int         bs_xml_line         (const xmlNode     *node);

/* Sets "FILE:LINE: message" (just "FILE: message" when line is 0). */
void        bs_xml_set_error    (GError           **error,
                                 const BsXmlSource *source,
                                 int                code,
                                 int                line,
                                 const char        *format,
                                 ...) G_GNUC_PRINTF (5, 6);

/* Element helpers. */
gboolean    bs_xml_is           (const xmlNode     *node,
                                 const char        *name);
/* Walks the element children of one element. There is no "previous"
 * node to pass back in, so a walk cannot restart from the first child by
 * mistake (a caller that passed `child->next` read an element's children
 * forever when the last one was followed directly by the end tag):
 *   BsXmlChildren children;
 *   bs_xml_children_init (&children, parent, allowed, once, source);
 *   while ((child = bs_xml_children_next (&children, error)) != NULL) …
 *   if (error set) fail;
 * Whitespace, comments and processing instructions are skipped; any other
 * text or node is an error, and so is an element whose name is not in
 * `allowed` (NULL-terminated; NULL allows any) or a second element named
 * in `once` (the elements the format allows at most once; NULL: none).
 * On error returns NULL and sets error; check *error to tell it from the
 * end. */
#define BS_XML_MAX_ONCE 16

typedef struct {
  const xmlNode      *parent;
  xmlNode            *next;
  const char * const *allowed;
  const char * const *once;
  const xmlNode      *seen[BS_XML_MAX_ONCE];
  const BsXmlSource  *source;
} BsXmlChildren;

void        bs_xml_children_init (BsXmlChildren      *children,
                                  const xmlNode      *parent,
                                  const char * const *allowed,
                                  const char * const *once,
                                  const BsXmlSource  *source);
xmlNode    *bs_xml_children_next (BsXmlChildren      *children,
                                  GError            **error);
/* The one element child of `parent` that the format requires (`name`),
 * refusing anything else beside it; NULL with error when it is missing or
 * not alone. */
xmlNode    *bs_xml_only_child   (const xmlNode      *parent,
                                 const char         *name,
                                 const BsXmlSource  *source,
                                 GError            **error);
/* Fails unless every attribute of node is in allowed (NULL-terminated). */
gboolean    bs_xml_check_attributes (const xmlNode      *node,
                                     const char * const *allowed,
                                     const BsXmlSource  *source,
                                     GError            **error);
/* The text content of an element that holds only text (no child
 * elements); newly allocated. */
char       *bs_xml_get_text     (const xmlNode     *node,
                                 const BsXmlSource *source,
                                 GError           **error);

/* Attribute helpers. A missing required attribute is an error naming the
 * element and the attribute; a missing optional one leaves *value as it
 * was and returns TRUE. */
gboolean    bs_xml_get_string   (const xmlNode     *node,
                                 const char        *attr,
                                 gboolean           required,
                                 char             **value,
                                 const BsXmlSource *source,
                                 GError           **error);
/* Decimal integer (optional sign, no spaces) in [min, max]. */
gboolean    bs_xml_get_int      (const xmlNode     *node,
                                 const char        *attr,
                                 gboolean           required,
                                 int                min,
                                 int                max,
                                 int               *value,
                                 const BsXmlSource *source,
                                 GError           **error);
/* One of the NULL-terminated choices; *value is its index. */
gboolean    bs_xml_get_choice   (const xmlNode      *node,
                                 const char         *attr,
                                 gboolean            required,
                                 const char * const *choices,
                                 int                *value,
                                 const BsXmlSource  *source,
                                 GError            **error);

/* Serialises a document, indented, UTF-8, with the XML declaration. */
char       *bs_xml_to_string    (xmlDoc            *doc,
                                 gsize             *length);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (xmlDoc, xmlFreeDoc)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (BsXmlStream, bs_xml_stream_free)

G_END_DECLS
