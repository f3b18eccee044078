/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-engine"

#include "config.h"

#include "bs-xml.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <libxml/parser.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlsave.h>

#include "bs-error.h"
#include "bs-variant.h"

#if LIBXML_VERSION >= 21200
typedef const xmlError *BsXmlErrorArg;
#else
typedef xmlError *BsXmlErrorArg;
#endif

/* One parse: the first error (later ones are usually consequences) and the
 * tree Boardsmith builds from libxml2's SAX2 events. The parser context is
 * only ever handed to libxml2's public functions: none of its fields is
 * read or written. */
typedef struct {
  char          *message;
  int            line;
  const char    *data;     /* the raw bytes, to find where an encoding error is */
  gsize          length;
  char          *encoding; /* as the XML declaration names it; NULL for UTF-8 */
  xmlParserCtxt *ctxt;
  xmlDoc        *doc;      /* the tree being built: this parse's until handed over */
  xmlNode       *current;  /* the element open innermost; NULL outside the root */
  GString       *text;     /* characters not yet made a text node */
  int            text_line; /* the line of the first of them */
  BsXmlStream   *stream;   /* NULL for a whole document at once */
} ParseState;

/* The parse running on this thread. libxml2 hands its callbacks the parser
 * context, whose user fields only libxml2 2.14 has accessors for: the
 * callbacks find their parse here instead. Each entry into libxml2 sets it
 * and puts back what was there (a callback may parse another file). */
static _Thread_local ParseState *parsing;

static void parse_state_clear (ParseState *state);

static const char *
source_name (const BsXmlSource *source)
{
  return source->filename != NULL ? source->filename : "(memory)";
}

void
bs_xml_set_error (GError           **error,
                  const BsXmlSource *source,
                  int                code,
                  int                line,
                  const char        *format,
                  ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  if (line > 0)
    g_set_error (error, source->domain, code, "%s:%d: %s", source_name (source), line, message);
  else
    g_set_error (error, source->domain, code, "%s: %s", source_name (source), message);
}

/* libxml2 reports bytes that are not valid in the declared encoding
 * without a line ("input conversion failed due to input error, bytes 0x81
 * 0x20 0x3C 0x2F"): find the first place those bytes are and say it in
 * the user's terms. */
static char *
explain_conversion_error (ParseState *state,
                          const char *message,
                          int        *line)
{
  static const char prefix[] = "input conversion failed due to input error, bytes ";
  const char *encoding = NULL;
  const char *bytes_text;
  char bytes[4];
  gsize n_bytes = 0;

  if (!g_str_has_prefix (message, prefix))
    return NULL;
  bytes_text = message + strlen (prefix);
  while (n_bytes < G_N_ELEMENTS (bytes))
    {
      unsigned int byte;

      while (*bytes_text == ' ')
        bytes_text++;
      if (sscanf (bytes_text, "0x%2X", &byte) != 1)
        break;
      bytes[n_bytes++] = (char) byte;
      bytes_text += 4;
    }
  if (n_bytes > 0 && state->data != NULL)
    {
      const char *found = NULL;

      for (gsize i = 0; found == NULL && i + n_bytes <= state->length; i++)
        if (memcmp (state->data + i, bytes, n_bytes) == 0)
          found = state->data + i;

      if (found != NULL)
        {
          *line = 1;
          for (const char *p = state->data; p < found; p++)
            if (*p == '\n')
              (*line)++;
        }
    }
  encoding = state->encoding;
  if (encoding != NULL && g_utf8_validate (encoding, -1, NULL) && strlen (encoding) < 40)
    /* Translators: %s is an encoding name (ISO-8859-1), then hexadecimal bytes (0xC3 0x28). */
    return g_strdup_printf (_("the file is not valid %s (it says it is): bytes %s"),
                            encoding, message + strlen (prefix));
  /* Translators: %s is a list of hexadecimal bytes (0xC3 0x28). */
  return g_strdup_printf (_("the file is not valid in its encoding: bytes %s"),
                          message + strlen (prefix));
}

/* Whether err says that bytes are not valid in the file's encoding:
 * libxml2 2.9 says "Input is not proper UTF-8…" or "input conversion
 * failed…", 2.13 and later "Invalid bytes in character encoding". */
static gboolean
is_encoding_error (BsXmlErrorArg err)
{
  return err->code == XML_ERR_INVALID_ENCODING || err->code == XML_I18N_CONV_FAILED ||
         (err->code == XML_ERR_INVALID_CHAR && err->message != NULL &&
          g_str_has_prefix (err->message, "Input is not proper UTF-8"));
}

/* Where the file's bytes stop being valid in its encoding, in the user's
 * terms, with the first bytes there and their line: the same whatever
 * libxml2's release says. NULL without the bytes at hand (a stream), or
 * when they all convert. */
static char *
describe_encoding_error (const ParseState *state,
                         int              *line)
{
  const char *encoding = state->encoding != NULL ? state->encoding : "UTF-8";
  g_autoptr(GString) bytes = g_string_new (NULL);
  gsize offset;

  if (state->data == NULL)
    return NULL;
  if (g_ascii_strcasecmp (encoding, "UTF-8") == 0 || g_ascii_strcasecmp (encoding, "UTF8") == 0)
    {
      const char *end;

      if (g_utf8_validate_len (state->data, state->length, &end))
        return NULL;
      offset = (gsize) (end - state->data);
    }
  else
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *converted = g_convert (state->data, (gssize) state->length, "UTF-8",
                                              encoding, &offset, NULL, &error);

      if (converted != NULL ||
          !(g_error_matches (error, G_CONVERT_ERROR, G_CONVERT_ERROR_ILLEGAL_SEQUENCE) ||
            g_error_matches (error, G_CONVERT_ERROR, G_CONVERT_ERROR_PARTIAL_INPUT)))
        return NULL;
    }
  *line = 1;
  for (gsize i = 0; i < offset; i++)
    if (state->data[i] == '\n')
      (*line)++;
  for (gsize i = offset; i < state->length && i < offset + 4; i++)
    g_string_append_printf (bytes, "%s0x%02X", i > offset ? " " : "",
                            (guint) (guchar) state->data[i]);
  if (state->encoding == NULL)
    return g_strdup_printf (_("the file is not valid UTF-8: bytes %s"), bytes->str);
  return g_strdup_printf (_("the file is not valid %s (it says it is): bytes %s"),
                          encoding, bytes->str);
}

/* The parser's errors a person editing a file by hand meets most, in the
 * user's language: libxml2's own messages are English only. The fields
 * read are the same in libxml2 2.9 and 2.15 for these codes (str1, str2,
 * int1, as each raises them); any other error keeps libxml2's words. */
static char *
describe_parser_error (BsXmlErrorArg err)
{
  const char *first = err->str1, *second = err->str2;

  if (err->domain != XML_FROM_PARSER)
    return NULL;
  switch (err->code)
    {
    case XML_ERR_TAG_NAME_MISMATCH:
      if (first == NULL || second == NULL)
        return NULL;
      /* Translators: "<players> (opened on line 5) is closed by </player>". */
      return g_strdup_printf (_("<%s> (opened on line %d) is closed by </%s>"),
                              first, err->int1, second);
    case XML_ERR_TAG_NOT_FINISHED:
      if (first == NULL)
        return NULL;
      /* Translators: "the file ends before <players> (opened on line 6) is closed". */
      return g_strdup_printf (_("the file ends before <%s> (opened on line %d) is closed"),
                              first, err->int1);
    case XML_ERR_DOCUMENT_EMPTY:
      return g_strdup (_("no element found: the file is empty or does not start with “<”"));
    case XML_ERR_DOCUMENT_END:
      return g_strdup (_("more follows the end of the root element"));
    case XML_ERR_ATTRIBUTE_REDEFINED:
      if (first == NULL)
        return NULL;
      if (second != NULL)
        /* Translators: an attribute with a prefix given twice in a tag: "xml:lang". */
        return g_strdup_printf (_("the attribute %s:%s is given twice"), first, second);
      /* Translators: "the attribute width is given twice". */
      return g_strdup_printf (_("the attribute %s is given twice"), first);
    case XML_ERR_ATTRIBUTE_WITHOUT_VALUE:
      if (first == NULL)
        return NULL;
      /* Translators: "the attribute width has no value (write width="…")". */
      return g_strdup_printf (_("the attribute %s has no value (write %s=\"…\")"), first, first);
    case XML_ERR_ATTRIBUTE_NOT_STARTED:
      return g_strdup (_("an attribute’s value must be in quotes"));
    case XML_ERR_LT_IN_ATTRIBUTE:
      if (first != NULL)
        return NULL;
      return g_strdup (_("“<” in an attribute’s value (write &lt;)"));
    case XML_ERR_UNDECLARED_ENTITY:
    case XML_WAR_UNDECLARED_ENTITY:
      if (first == NULL || err->message == NULL || strstr (err->message, "not defined") == NULL)
        return NULL;
      /* Translators: "unknown entity &jerry; (only &amp; &lt; &gt; &quot; &apos; are known)". */
      return g_strdup_printf (_("unknown entity &%s; (only &amp; &lt; &gt; &quot; &apos; "
                                "are known)"), first);
    case XML_ERR_ENTITYREF_SEMICOL_MISSING:
      return g_strdup (_("“&” starts an entity that does not end with “;” (write &amp; for “&”)"));
    case XML_ERR_COMMENT_NOT_FINISHED:
      if (err->message == NULL || strstr (err->message, "not terminated") == NULL)
        return NULL;
      return g_strdup (_("a comment is not closed by “-->”"));
    case XML_ERR_GT_REQUIRED:
      return g_strdup (_("a tag is not closed by “>”"));
    default:
      return NULL;
    }
}

static void
state_record (ParseState *state,
              int         line,
              const char *message)
{
  if (state->message != NULL)
    return;
  /* libxml2 quotes the input (cut at a byte count, maybe inside a UTF-8
   * sequence, or whole names of 50,000 characters): valid and short. */
  state->message = bs_shorten_words (message != NULL ? message : _("malformed XML"));
  g_strstrip (state->message);
  /* Some of libxml2's messages span lines ("...\nBytes: 0xFF"). */
  g_strdelimit (state->message, "\n", ' ');
  /* And one gives advice meant for programmers. */
  if (g_str_has_prefix (state->message, "Excessive depth in document"))
    {
      g_free (state->message);
      state->message = g_strdup (_("elements are nested too deeply (more than 256 levels)"));
    }
  else
    {
      char *explained = explain_conversion_error (state, state->message, &line);

      if (explained != NULL)
        {
          g_free (state->message);
          state->message = explained;
        }
    }
  /* Other errors raised outside the parser have no line either: the
   * parser's position is the best there is. */
  if (line <= 0 && state->ctxt != NULL)
    line = xmlSAX2GetLineNumber (state->ctxt);
  state->line = line;
}

/* Every error of a parse: from its context (libxml2 2.13 has a handler
 * for those), or, before 2.13, also those raised outside it (encoding
 * setup), which reach the thread's structured handler, set around each
 * entry into libxml2. */
static void
on_parse_error (void          *user_data,
                BsXmlErrorArg  err)
{
  ParseState *state = parsing;

  if (state == NULL || err->level == XML_ERR_WARNING)
    return;
  {
    int line = err->line;
    g_autofree char *described = is_encoding_error (err)
                                 ? describe_encoding_error (state, &line)
                                 : describe_parser_error (err);

    state_record (state, line, described != NULL ? described : err->message);
  }
  /* The first error is the one reported; and after one, libxml2 would go
   * on past what the pre-scan saw as a comment or a value (an invalid
   * byte in a comment ends it there), into tags it did not count. Not
   * from inside the input's own reading or conversion, which fails by
   * itself and would go on using what a stop frees. */
  if (state->ctxt != NULL && err->domain != XML_FROM_IO && err->domain != XML_FROM_I18N &&
      err->domain != XML_FROM_BUFFER)
    xmlStopParser (state->ctxt);
}

/* Any DOCTYPE stops the parse at once, before an internal subset (and so
 * any entity declaration) is even read. */
static void
refuse_doctype (void *user_data)
{
  ParseState *state = parsing;

  if (state == NULL)
    return;
  state_record (state, xmlSAX2GetLineNumber (state->ctxt),
                _("DOCTYPE declarations are not allowed (Boardsmith files use no DTD "
                  "and no entities)"));
  xmlStopParser (state->ctxt);
}

static void
on_internal_subset (void          *user_data,
                    const xmlChar *name,
                    const xmlChar *external_id,
                    const xmlChar *system_id)
{
  refuse_doctype (user_data);
}

static void
on_entity_decl (void          *user_data,
                const xmlChar *name,
                int            type,
                const xmlChar *public_id,
                const xmlChar *system_id,
                xmlChar       *content)
{
  refuse_doctype (user_data);
}

static xmlParserInputPtr
on_resolve_entity (void          *user_data,
                   const xmlChar *public_id,
                   const xmlChar *system_id)
{
  refuse_doctype (user_data);
  return NULL;
}

/* The tree: Boardsmith builds it from the SAX2 events with libxml2's tree
 * API (its own nodes, whose fields are public), the same for every libxml2
 * release, as libxml2's own builder would: elements with their namespaces
 * and attributes, adjacent characters (and CDATA sections) merged into one
 * text node, comments and processing instructions kept as nodes (readers
 * skip them), text outside the root dropped. */

/* node->line holds at most 65,535; a later line is kept whole in psvi (as
 * libxml2 does for text with XML_PARSE_BIG_LINES), for bs_xml_line. */
#define LINE_MAX_SHORT 65535

static void
set_line (xmlNode *node,
          int      line)
{
  if (line <= 0)
    return;
  if (line < LINE_MAX_SHORT)
    node->line = (unsigned short) line;
  else
    {
      node->line = LINE_MAX_SHORT;
      node->psvi = GINT_TO_POINTER (line);
    }
}

/* Adds node where the parse is: in the open element, or in the document. */
static void
tree_append (ParseState *state,
             xmlNode    *node)
{
  if (state->current != NULL)
    xmlAddChild (state->current, node);
  else
    xmlAddChild ((xmlNode *) state->doc, node);
}

/* The characters gathered so far become one text node. */
static void
tree_flush_text (ParseState *state)
{
  xmlNode *text;

  if (state->text == NULL || state->text->len == 0)
    return;
  text = xmlNewDocTextLen (state->doc, (const xmlChar *) state->text->str,
                           (int) state->text->len);
  g_string_truncate (state->text, 0);
  if (text == NULL || state->current == NULL)
    {
      xmlFreeNode (text);
      return;
    }
  set_line (text, state->text_line);
  /* Next to a text node left by a dropped element, it merges into that
   * one, as with libxml2's builder. */
  xmlAddChild (state->current, text);
}

static void
on_start_document (void *ctx)
{
  ParseState *state = parsing;

  if (state == NULL || state->doc != NULL)
    return;
  state->doc = xmlNewDoc ((const xmlChar *) "1.0");
  /* Element and attribute names are shared, as in libxml2's own trees. */
  if (state->doc != NULL)
    state->doc->dict = xmlDictCreate ();
}

static void
on_end_document (void *ctx)
{
  ParseState *state = parsing;

  if (state != NULL)
    tree_flush_text (state);
}

/* name, or prefix:name for a prefix that names no namespace (the parser
 * has reported that already). Free with xmlFree when not name. */
static xmlChar *
qualified_name (const xmlChar *name,
                const xmlChar *prefix,
                const xmlChar *uri)
{
  if (prefix == NULL || uri != NULL)
    return (xmlChar *) name;
  return xmlBuildQName (name, prefix, NULL, 0);
}

static void
on_start_element (void           *ctx,
                  const xmlChar  *localname,
                  const xmlChar  *prefix,
                  const xmlChar  *uri,
                  int             n_namespaces,
                  const xmlChar **namespaces,
                  int             n_attributes,
                  int             n_defaulted,
                  const xmlChar **attributes)
{
  ParseState *state = parsing;
  xmlChar *name;
  xmlNode *node;

  if (state == NULL || state->doc == NULL)
    return;
  tree_flush_text (state);
  name = qualified_name (localname, prefix, uri);
  node = xmlNewDocNode (state->doc, NULL, name != NULL ? name : localname, NULL);
  if (name != localname)
    xmlFree (name);
  if (node == NULL)
    {
      state_record (state, xmlSAX2GetLineNumber (ctx), _("out of memory"));
      xmlStopParser (ctx);
      return;
    }
  set_line (node, xmlSAX2GetLineNumber (ctx));
  tree_append (state, node);
  state->current = node;

  /* namespaces: n_namespaces pairs of prefix and URI */
  for (int i = 0; i < n_namespaces; i++)
    xmlNewNs (node, namespaces[2 * i + 1], namespaces[2 * i]);
  if (uri != NULL)
    {
      xmlNs *ns = xmlSearchNs (state->doc, node, prefix);

      if (ns == NULL)
        ns = xmlNewNs (node, uri, prefix);
      xmlSetNs (node, ns);
    }

  /* attributes: n_attributes quintuples of name, prefix, URI, and the
   * value's start and end (not NUL-terminated). A value with "&" is in the
   * form the tree API parses references in ("&#38;" for "&"): the parser
   * gives it so when it does not substitute entities, in 2.9 as in 2.15;
   * one without is taken as it is. */
  for (int i = 0; i < n_attributes; i++)
    {
      const xmlChar **attribute = attributes + 5 * i;
      const xmlChar *value = attribute[3];
      gsize length = attribute[4] > value ? (gsize) (attribute[4] - value) : 0;
      xmlChar *attr_name = qualified_name (attribute[0], attribute[1], attribute[2]);
      xmlAttr *attr;

      if (attribute[2] != NULL)
        attr = xmlNewNsProp (node, xmlSearchNs (state->doc, node, attribute[1]), attribute[0],
                             NULL);
      else
        attr = xmlNewProp (node, attr_name != NULL ? attr_name : attribute[0], NULL);
      if (attr_name != attribute[0])
        xmlFree (attr_name);
      if (attr != NULL && length > 0)
        {
          if (memchr (value, '&', length) != NULL)
            xmlNodeSetContentLen ((xmlNode *) attr, value, (int) length);
          else
            {
              xmlNode *text = xmlNewDocTextLen (state->doc, value, (int) length);

              if (text != NULL)
                xmlAddChild ((xmlNode *) attr, text);
            }
        }
    }
}

static void stream_element_closed (BsXmlStream *stream,
                                   xmlNode     *node);

static void
on_end_element (void          *ctx,
                const xmlChar *localname,
                const xmlChar *prefix,
                const xmlChar *uri)
{
  ParseState *state = parsing;
  xmlNode *node;

  if (state == NULL || state->current == NULL)
    return;
  tree_flush_text (state);
  node = state->current;
  state->current = node->parent != NULL && node->parent->type == XML_ELEMENT_NODE
                   ? node->parent : NULL;
  if (state->stream != NULL)
    stream_element_closed (state->stream, node);
}

static void
on_characters (void          *ctx,
               const xmlChar *text,
               int            length)
{
  ParseState *state = parsing;

  if (state == NULL || state->current == NULL || length <= 0)
    return;
  if (state->text == NULL)
    state->text = g_string_new (NULL);
  if (state->text->len == 0)
    state->text_line = xmlSAX2GetLineNumber (ctx);
  g_string_append_len (state->text, (const char *) text, length);
}

static void
on_comment (void          *ctx,
            const xmlChar *value)
{
  ParseState *state = parsing;
  xmlNode *node;

  if (state == NULL || state->doc == NULL)
    return;
  tree_flush_text (state);
  node = xmlNewDocComment (state->doc, value);
  if (node == NULL)
    return;
  set_line (node, xmlSAX2GetLineNumber (ctx));
  tree_append (state, node);
}

static void
on_processing_instruction (void          *ctx,
                           const xmlChar *target,
                           const xmlChar *data)
{
  ParseState *state = parsing;
  xmlNode *node;

  if (state == NULL || state->doc == NULL)
    return;
  tree_flush_text (state);
  node = xmlNewDocPI (state->doc, target, data);
  if (node == NULL)
    return;
  set_line (node, xmlSAX2GetLineNumber (ctx));
  tree_append (state, node);
}

/* The SAX2 handler every parse uses: Boardsmith's tree builder above, the
 * refusals and the error handler; nothing of libxml2's own builder, which
 * keeps its tree in the parser context. */
static void
sax_init (xmlSAXHandler *sax)
{
  memset (sax, 0, sizeof *sax);
  xmlSAXVersion (sax, 2);
  sax->internalSubset = on_internal_subset;
  sax->externalSubset = on_internal_subset;
  sax->entityDecl = on_entity_decl;
  sax->resolveEntity = on_resolve_entity;
  /* Only in a DTD, which is refused before any of these */
  sax->attributeDecl = NULL;
  sax->elementDecl = NULL;
  sax->notationDecl = NULL;
  sax->unparsedEntityDecl = NULL;
  /* Entities other than the predefined ones cannot be declared. */
  sax->reference = NULL;
  sax->startDocument = on_start_document;
  sax->endDocument = on_end_document;
  sax->startElementNs = on_start_element;
  sax->endElementNs = on_end_element;
  sax->startElement = NULL;
  sax->endElement = NULL;
  sax->characters = on_characters;
  sax->ignorableWhitespace = on_characters;
  sax->cdataBlock = on_characters;
  sax->comment = on_comment;
  sax->processingInstruction = on_processing_instruction;
  sax->error = NULL;
  sax->warning = NULL;
  sax->fatalError = NULL;
#if LIBXML_VERSION < 21300
  sax->serror = on_parse_error;
#endif
}

/* The options of every parse: no NOENT (entities are not substituted), no
 * DTDLOAD/DTDATTR/DTDVALID; NONET in case anything would still try to
 * fetch. No NOERROR either: from libxml2 2.13 it keeps reports from the
 * error handler, which is what collects them. */
#define PARSE_OPTIONS (XML_PARSE_NONET | XML_PARSE_NOCDATA | XML_PARSE_BIG_LINES)

static void
context_init (xmlParserCtxt *ctxt)
{
  xmlCtxtUseOptions (ctxt, PARSE_OPTIONS);
#if LIBXML_VERSION >= 21300
  xmlCtxtSetErrorHandler (ctxt, on_parse_error, NULL);
#endif
}

/* Around each entry into libxml2: state becomes this thread's parse (and,
 * before libxml2 2.13, the thread's structured error handler reports to
 * it). Returns what parse_leave () puts back. */
static ParseState *
parse_enter (ParseState *state)
{
  ParseState *previous = parsing;

  parsing = state;
#if LIBXML_VERSION < 21300
  xmlSetStructuredErrorFunc (NULL, on_parse_error);
#endif
  return previous;
}

static void
parse_leave (ParseState *previous)
{
  parsing = previous;
#if LIBXML_VERSION < 21300
  /* libxml2 before 2.13 has no public way to read the handler before:
   * nothing else in Boardsmith sets one, so its default comes back. */
  if (previous == NULL)
    xmlSetStructuredErrorFunc (NULL, NULL);
#endif
}

/* The encodings a file may be in: those that keep ASCII's bytes for
 * ASCII's characters and use none of them inside another character, so
 * that the pre-scan (below), which reads bytes, sees every '<', '=', '>'
 * and quote libxml2 will see. UTF-16, UTF-32, UTF-7 ("+AD0-" is '='),
 * EBCDIC and ISO-2022 do not. */
static const char * const ascii_encodings[] = {
  "UTF-8", "UTF8", "US-ASCII", "ASCII", "ISO-8859-1", "ISO-8859-2", "ISO-8859-3",
  "ISO-8859-4", "ISO-8859-5", "ISO-8859-6", "ISO-8859-7", "ISO-8859-8", "ISO-8859-9",
  "ISO-8859-10", "ISO-8859-11", "ISO-8859-13", "ISO-8859-14", "ISO-8859-15", "ISO-8859-16",
  "ISO-LATIN-1", "LATIN1", "WINDOWS-1250", "WINDOWS-1251", "WINDOWS-1252", "WINDOWS-1253",
  "WINDOWS-1254", "WINDOWS-1255", "WINDOWS-1256", "WINDOWS-1257", "WINDOWS-1258",
  "CP1250", "CP1251", "CP1252", "CP1253", "CP1254", "CP1255", "CP1256", "CP1257", "CP1258",
  "SHIFT_JIS", "SHIFT-JIS", "SJIS", "EUC-JP", "EUC-KR", "EUC-CN", "GB2312", "GBK", "GB18030",
  "BIG5", "KOI8-R", "KOI8-U", NULL
};

/* The longest XML declaration looked at, in bytes. */
#define PROLOG_MAX 1024

typedef enum {
  SNIFF_MORE,       /* too few bytes yet to know */
  SNIFF_DONE,
} SniffResult;

/* The encoding the first bytes of a file are in, as XML's appendix F
 * finds it: from a byte order mark or the layout of "<?xml" in two- or
 * four-byte units, else from the XML declaration's encoding (NULL: UTF-8,
 * as without one). last: no more bytes will come. */
static SniffResult
sniff_encoding (const char  *data,
                gsize        length,
                gboolean     last,
                char       **encoding)
{
  static const struct {
    const char *bytes;
    gsize       n_bytes;
    const char *name;
  } patterns[] = {
    { "\x00\x00\xfe\xff", 4, "UTF-32BE" }, { "\xff\xfe\x00\x00", 4, "UTF-32LE" },
    { "\x00\x00\x00\x3c", 4, "UTF-32BE" }, { "\x3c\x00\x00\x00", 4, "UTF-32LE" },
    { "\xfe\xff", 2, "UTF-16BE" }, { "\xff\xfe", 2, "UTF-16LE" },
    { "\x00\x3c\x00\x3f", 4, "UTF-16BE" }, { "\x3c\x00\x3f\x00", 4, "UTF-16LE" },
    { "\x4c\x6f\xa7\x94", 4, "EBCDIC" },
  };
  const char *declaration;
  const char *end;
  const char *name;

  *encoding = NULL;
  if (length < 4 && !last)
    return SNIFF_MORE;
  for (guint i = 0; i < G_N_ELEMENTS (patterns); i++)
    if (length >= patterns[i].n_bytes && memcmp (data, patterns[i].bytes, patterns[i].n_bytes) == 0)
      {
        *encoding = g_strdup (patterns[i].name);
        return SNIFF_DONE;
      }
  declaration = data;
  if (length >= 3 && memcmp (data, "\xef\xbb\xbf", 3) == 0)
    declaration += 3;   /* UTF-8's byte order mark */
  length -= (gsize) (declaration - data);
  if (length < 6 && !last && memcmp (declaration, "<?xml ", length) == 0)
    return SNIFF_MORE;
  if (length < 6 || memcmp (declaration, "<?xml", 5) != 0 || !g_ascii_isspace (declaration[5]))
    return SNIFF_DONE;
  end = g_strstr_len (declaration, MIN (length, PROLOG_MAX), "?>");
  if (end == NULL)
    return !last && length < PROLOG_MAX ? SNIFF_MORE : SNIFF_DONE;
  /* encoding, then spaces, '=', spaces and a quoted name (XML's EncodingDecl) */
  name = g_strstr_len (declaration, end - declaration, "encoding");
  if (name == NULL)
    return SNIFF_DONE;
  name += strlen ("encoding");
  while (name < end && g_ascii_isspace (*name))
    name++;
  if (name >= end || *name++ != '=')
    return SNIFF_DONE;
  while (name < end && g_ascii_isspace (*name))
    name++;
  if (name < end && (*name == '"' || *name == '\''))
    {
      const char *close = memchr (name + 1, *name, (gsize) (end - name - 1));

      if (close != NULL && close > name + 1)
        *encoding = g_strndup (name + 1, (gsize) (close - name - 1));
    }
  return SNIFF_DONE;
}

/* Whether encoding (NULL: UTF-8) is one the pre-scan can read; if not,
 * records why in state. */
static gboolean
check_encoding (ParseState *state,
                const char *encoding)
{
  if (encoding == NULL)
    return TRUE;
  for (guint i = 0; ascii_encodings[i] != NULL; i++)
    if (g_ascii_strcasecmp (encoding, ascii_encodings[i]) == 0)
      return TRUE;
  {
    g_autofree char *name = bs_excerpt (encoding);
    /* Translators: %s is the encoding the file declares (UTF-16, EBCDIC…). */
    g_autofree char *message = g_strdup_printf (
      _("the file is in %s: Boardsmith reads UTF-8, and encodings that keep ASCII as it is "
        "(ISO-8859-1, Windows-1252, Shift_JIS…)"), name);

    state_record (state, 1, message);
  }
  return FALSE;
}

/* At most this many attributes on one element: Boardsmith's elements have
 * at most five, and libxml2 checks an element's attributes for duplicates
 * in quadratic time (80,000 attributes, under a megabyte, took 81 s). */
#define MAX_ATTRIBUTES 32

/* The longest element name quoted in the message, in bytes. */
#define SCAN_NAME_MAX 40

typedef enum {
  SCAN_TEXT,        /* character data, or between tags */
  SCAN_AFTER_LT,    /* just read '<': what follows decides */
  SCAN_BANG,        /* read "<!": a comment, CDATA or a declaration */
  SCAN_SKIP,        /* inside a comment, CDATA or PI, until `marker` */
  SCAN_NAME,        /* the name of a tag */
  SCAN_TAG,         /* the rest of a tag, up to its '>' */
} ScanMode;

/* A linear pass over the raw bytes before libxml2 sees them, fed piece by
 * piece in constant memory (a whole file at once, or a stream's chunks):
 * refuses an element with too many attributes, naming it and its line.
 * Comments, CDATA sections, processing instructions and quoted values are
 * skipped as XML skips them; declarations (<!DOCTYPE …, or any other
 * "<!") are scanned like tags, since the parser, which stops at its first
 * error, may not stop before the next tag. */
typedef struct {
  ScanMode    mode;
  int         line;
  int         tag_line;
  int         n_attributes;
  char        quote;
  const char *marker;          /* what ends SCAN_SKIP: "-->", "]]>" or "?>" */
  char        recent[3];       /* the last bytes seen in SCAN_SKIP */
  char        bang[9];         /* "!" and what follows, to tell "!--" and "![CDATA[" */
  gsize       bang_length;
  char        name[SCAN_NAME_MAX];
  gsize       name_length;     /* the whole name's; only SCAN_NAME_MAX bytes are kept */
} XmlScan;

static void
scan_init (XmlScan *scan)
{
  memset (scan, 0, sizeof *scan);
  scan->mode = SCAN_TEXT;
  scan->line = 1;
}

static void
scan_begin_skip (XmlScan    *scan,
                 const char *marker)
{
  scan->mode = SCAN_SKIP;
  scan->marker = marker;
  memset (scan->recent, 0, sizeof scan->recent);
}

static void
scan_begin_name (XmlScan *scan)
{
  scan->mode = SCAN_NAME;
  scan->n_attributes = 0;
  scan->quote = 0;
  scan->name_length = 0;
}

static gboolean
scan_too_many (const XmlScan     *scan,
               const BsXmlSource *source,
               GError           **error)
{
  g_autofree char *element = g_strndup (scan->name, MIN (scan->name_length, SCAN_NAME_MAX));

  if (!g_utf8_validate (element, -1, NULL))
    g_clear_pointer (&element, g_free);
  bs_xml_set_error (error, source, BS_XML_ERROR_PARSE, scan->tag_line,
                    _("<%s%s> has more than %d attributes"),
                    element != NULL ? element : "?",
                    element != NULL && scan->name_length > SCAN_NAME_MAX ? "…" : "",
                    MAX_ATTRIBUTES);
  return FALSE;
}

/* One byte of a tag after its name: quotes, attributes, the end. */
static gboolean
scan_tag_byte (XmlScan           *scan,
               char               c,
               const BsXmlSource *source,
               GError           **error)
{
  if (scan->quote != 0)
    {
      if (c == scan->quote)
        scan->quote = 0;
    }
  else if (c == '"' || c == '\'')
    scan->quote = c;
  else if (c == '>')
    scan->mode = SCAN_TEXT;
  else if (c == '=' && ++scan->n_attributes > MAX_ATTRIBUTES)
    return scan_too_many (scan, source, error);
  return TRUE;
}

/* One byte of a tag's name, or the first after it. */
static gboolean
scan_name_byte (XmlScan           *scan,
                char               c,
                const BsXmlSource *source,
                GError           **error)
{
  if (scan->mode == SCAN_NAME && !g_ascii_isspace (c) && c != '>' && c != '/')
    {
      if (scan->name_length < SCAN_NAME_MAX)
        scan->name[scan->name_length] = c;
      scan->name_length++;
      return TRUE;
    }
  scan->mode = SCAN_TAG;
  return scan_tag_byte (scan, c, source, error);
}

static gboolean
scan_feed (XmlScan           *scan,
           const char        *data,
           gsize              length,
           const BsXmlSource *source,
           GError           **error)
{
  static const char comment[] = "!--";
  static const char cdata[] = "![CDATA[";

  for (gsize i = 0; i < length; i++)
    {
      char c = data[i];

      if (c == '\n')
        scan->line++;
      switch (scan->mode)
        {
        case SCAN_TEXT:
          if (c == '<')
            {
              scan->mode = SCAN_AFTER_LT;
              scan->tag_line = scan->line;
            }
          break;

        case SCAN_AFTER_LT:
          if (c == '?')
            scan_begin_skip (scan, "?>");
          else if (c == '!')
            {
              scan->mode = SCAN_BANG;
              scan->bang[0] = c;
              scan->bang_length = 1;
            }
          else
            {
              scan_begin_name (scan);
              if (!scan_name_byte (scan, c, source, error))
                return FALSE;
            }
          break;

        case SCAN_BANG:
          scan->bang[scan->bang_length++] = c;
          if (scan->bang_length == strlen (comment) &&
              memcmp (scan->bang, comment, scan->bang_length) == 0)
            scan_begin_skip (scan, "-->");
          else if (scan->bang_length == strlen (cdata) &&
                   memcmp (scan->bang, cdata, scan->bang_length) == 0)
            scan_begin_skip (scan, "]]>");
          else if ((scan->bang_length > strlen (comment) ||
                    memcmp (scan->bang, comment, scan->bang_length) != 0) &&
                   memcmp (scan->bang, cdata, scan->bang_length) != 0)
            {
              /* A declaration: its bytes so far are its name's, then
               * on as a tag. */
              gsize n = scan->bang_length;
              char bytes[sizeof scan->bang];

              memcpy (bytes, scan->bang, n);
              scan_begin_name (scan);
              for (gsize k = 0; k < n; k++)
                if (!scan_name_byte (scan, bytes[k], source, error))
                  return FALSE;
            }
          break;

        case SCAN_SKIP:
          {
            gsize n = strlen (scan->marker);

            memmove (scan->recent, scan->recent + 1, sizeof scan->recent - 1);
            scan->recent[sizeof scan->recent - 1] = c;
            if (memcmp (scan->recent + sizeof scan->recent - n, scan->marker, n) == 0)
              scan->mode = SCAN_TEXT;
          }
          break;

        case SCAN_NAME:
          if (!scan_name_byte (scan, c, source, error))
            return FALSE;
          break;

        case SCAN_TAG:
          if (!scan_tag_byte (scan, c, source, error))
            return FALSE;
          break;

        default:
          g_assert_not_reached ();
        }
    }
  return TRUE;
}

GBytes *
bs_xml_read_file (const char        *path,
                  const BsXmlSource *source,
                  gsize              max_size,
                  GError           **error)
{
  g_autofree char *data = NULL;
  gsize length = 0;
  gsize capacity;
  struct stat info;
  int fd;

  g_return_val_if_fail (path != NULL, NULL);

  /* Without blocking: opening a FIFO nobody writes to would wait forever. */
  fd = g_open (path, O_RDONLY | O_NONBLOCK, 0);
  if (fd < 0)
    {
      int saved = errno;
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                   _("%s: cannot open: %s"), path, g_strerror (saved));
      return NULL;
    }
  if (fstat (fd, &info) != 0 ||
      (!S_ISREG (info.st_mode) && !S_ISDIR (info.st_mode) && !S_ISFIFO (info.st_mode)))
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                   _("%s: not a regular file (a device, a socket or a folder)"), path);
      close (fd);
      return NULL;
    }
  /* A pipe is read to its end (a FIFO without a writer reads as empty);
   * a folder fails on reading, with its own message. */
  if (S_ISFIFO (info.st_mode))
    fcntl (fd, F_SETFL, fcntl (fd, F_GETFL) & ~O_NONBLOCK);

  /* Read at most one byte more than the limit: enough to know it is too
   * large, whatever the file is (a pipe that never ends). */
  capacity = max_size + 1;
  data = g_malloc (capacity);
  while (length < capacity)
    {
      gssize n = read (fd, data + length, capacity - length);
      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          int saved = errno;
          g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                       _("%s: cannot read: %s"), path, g_strerror (saved));
          close (fd);
          return NULL;
        }
      if (n == 0)
        break;
      length += (gsize) n;
    }
  close (fd);

  if (length > max_size)
    {
      bs_xml_set_error (error, source, BS_XML_ERROR_PARSE, 0,
                        _("the file is too large (more than %zu bytes)"),
                        max_size);
      return NULL;
    }
  return g_bytes_new_take (g_realloc (g_steal_pointer (&data), MAX (length, 1)), length);
}

xmlDoc *
bs_xml_parse_file (const char        *path,
                   const BsXmlSource *source,
                   gsize              max_size,
                   GError           **error)
{
  g_autoptr(GBytes) bytes = bs_xml_read_file (path, source, max_size, error);
  gsize length;
  const char *data;

  if (bytes == NULL)
    return NULL;
  data = g_bytes_get_data (bytes, &length);
  return bs_xml_parse_full (data != NULL ? data : "", length, source, max_size, error);
}

struct _BsXmlStream {
  BsXmlSource      source;
  char            *filename;
  xmlParserCtxt   *ctxt;
  ParseState       state;    /* its tree too: the root and what was kept */
  XmlScan          scan;
  GString         *prolog;   /* bytes held until their encoding is known */
  gsize            n_fed;
  int              status;   /* libxml2's last: not 0 once not well-formed */
  BsXmlStreamFunc  func;
  gpointer         user_data;
  GError          *func_error;
  gboolean         started;
  gboolean         finished;
};

/* An element of the stream's document has closed: at depth 1 or 2, the
 * caller's function sees it (and may drop it). */
static void
stream_element_closed (BsXmlStream *stream,
                       xmlNode     *node)
{
  int depth = 0;

  for (xmlNode *up = node->parent; up != NULL && up->type == XML_ELEMENT_NODE; up = up->parent)
    depth++;
  if (depth < 1 || depth > 2 || stream->func_error != NULL)
    return;
  switch (stream->func (node, depth, stream->user_data, &stream->func_error))
    {
    case BS_XML_STREAM_KEEP:
      break;
    case BS_XML_STREAM_DROP:
      /* The indentation before it goes too, or it would pile up. */
      if (node->prev != NULL && node->prev->type == XML_TEXT_NODE)
        {
          xmlNode *blank = node->prev;
          xmlUnlinkNode (blank);
          xmlFreeNode (blank);
        }
      xmlUnlinkNode (node);
      xmlFreeNode (node);
      break;
    case BS_XML_STREAM_ERROR:
    default:
      if (stream->func_error == NULL)
        g_set_error_literal (&stream->func_error, stream->source.domain, BS_XML_ERROR_PARSE,
                             _("stopped"));
      xmlStopParser (stream->ctxt);
      break;
    }
}

BsXmlStream *
bs_xml_stream_new (const BsXmlSource *source,
                   BsXmlStreamFunc    func,
                   gpointer           user_data)
{
  BsXmlStream *stream;

  g_return_val_if_fail (source != NULL && func != NULL, NULL);

  stream = g_new0 (BsXmlStream, 1);
  stream->filename = g_strdup (source->filename);
  stream->source.filename = stream->filename;
  stream->source.domain = source->domain;
  stream->func = func;
  stream->user_data = user_data;
  stream->state.stream = stream;
  scan_init (&stream->scan);
  return stream;
}

static gboolean
stream_start (BsXmlStream  *stream,
              GError      **error)
{
  xmlSAXHandler sax;

  /* The same options and refusals as bs_xml_parse_full. */
  sax_init (&sax);
  xmlInitParser ();
  stream->ctxt = xmlCreatePushParserCtxt (&sax, NULL, NULL, 0, stream->filename);
  if (stream->ctxt != NULL)
    context_init (stream->ctxt);
  if (stream->ctxt == NULL)
    {
      bs_xml_set_error (error, &stream->source, BS_XML_ERROR_PARSE, 0,
                        _("cannot create an XML parser"));
      return FALSE;
    }
  stream->state.ctxt = stream->ctxt;
  stream->prolog = g_string_new (NULL);
  stream->started = TRUE;
  return TRUE;
}

/* Hands data to libxml2 in pieces it takes (an int's worth at most), until
 * the end, an error or the caller's function stops it. */
static void
stream_parse (BsXmlStream *stream,
              const char  *data,
              gsize        length,
              gboolean     last)
{
  ParseState *previous = parse_enter (&stream->state);

  while (length > 0 || last)
    {
      int chunk = (int) MIN (length, (gsize) (1 << 20));

      stream->status = xmlParseChunk (stream->ctxt, data, chunk,
                                      last && (gsize) chunk == length);
      data += chunk;
      length -= (gsize) chunk;
      if (stream->func_error != NULL || stream->state.message != NULL ||
          (length == 0 && last) || stream->status != 0)
        break;
    }
  if (stream->state.message == NULL && stream->func_error == NULL && stream->status != 0)
    state_record (&stream->state, xmlSAX2GetLineNumber (stream->ctxt), _("malformed XML"));
  parse_leave (previous);
}

gboolean
bs_xml_stream_feed (BsXmlStream  *stream,
                    const char   *data,
                    gsize         length,
                    gboolean      last,
                    GError      **error)
{
  g_return_val_if_fail (stream != NULL, FALSE);
  g_return_val_if_fail (!stream->finished, FALSE);

  if (!stream->started && !stream_start (stream, error))
    return FALSE;
  /* As bs_xml_parse_full says it (libxml2's push parser would speak of
   * "extra content"). */
  stream->n_fed += length;
  if (last && stream->n_fed == 0)
    {
      bs_xml_set_error (error, &stream->source, BS_XML_ERROR_PARSE, 1, _("the file is empty"));
      stream->finished = TRUE;
      return FALSE;
    }
  /* Every byte is scanned before libxml2 sees it; a tag split between
   * two pieces is counted across them. */
  if (!scan_feed (&stream->scan, data, length, &stream->source, error))
    {
      stream->finished = TRUE;
      return FALSE;
    }

  /* libxml2 gets no byte before the encoding is known to be one the
   * pre-scan reads. */
  if (stream->prolog != NULL)
    {
      g_string_append_len (stream->prolog, data, (gssize) length);
      if (sniff_encoding (stream->prolog->str, stream->prolog->len, last,
                          &stream->state.encoding) == SNIFF_MORE)
        return TRUE;
      if (check_encoding (&stream->state, stream->state.encoding))
        stream_parse (stream, stream->prolog->str, stream->prolog->len, last);
      g_string_free (g_steal_pointer (&stream->prolog), TRUE);
    }
  else
    stream_parse (stream, data, length, last);
  if (last)
    stream->finished = TRUE;

  if (stream->func_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&stream->func_error));
      stream->finished = TRUE;
      return FALSE;
    }
  if (stream->state.message == NULL && last &&
      xmlDocGetRootElement (stream->state.doc) == NULL)
    state_record (&stream->state, 1, _("the file holds no XML element"));
  if (stream->state.message != NULL)
    {
      bs_xml_set_error (error, &stream->source, BS_XML_ERROR_PARSE, stream->state.line, "%s",
                        stream->state.message);
      stream->finished = TRUE;
      return FALSE;
    }
  return TRUE;
}

xmlDoc *
bs_xml_stream_get_doc (BsXmlStream *stream)
{
  g_return_val_if_fail (stream != NULL, NULL);
  return stream->state.doc;
}

void
bs_xml_stream_free (BsXmlStream *stream)
{
  if (stream == NULL)
    return;
  if (stream->ctxt != NULL)
    xmlFreeParserCtxt (stream->ctxt);
  if (stream->prolog != NULL)
    g_string_free (stream->prolog, TRUE);
  g_clear_error (&stream->func_error);
  parse_state_clear (&stream->state);
  g_free (stream->filename);
  g_free (stream);
}

/* The bytes of a file in memory, read by libxml2's pull parser. */
typedef struct {
  const char *data;
  gsize       length;
  gsize       offset;
} MemoryReader;

static int
read_memory (void *context,
             char *buffer,
             int   size)
{
  MemoryReader *reader = context;
  gsize n = MIN ((gsize) MAX (size, 0), reader->length - reader->offset);

  memcpy (buffer, reader->data + reader->offset, n);
  reader->offset += n;
  return (int) n;
}

static int
close_memory (void *context)
{
  return 0;
}

/* Frees what state holds (its tree too, unless handed over). */
static void
parse_state_clear (ParseState *state)
{
  g_clear_pointer (&state->message, g_free);
  g_clear_pointer (&state->encoding, g_free);
  g_clear_pointer (&state->doc, xmlFreeDoc);
  state->current = NULL;
  if (state->text != NULL)
    g_string_free (g_steal_pointer (&state->text), TRUE);
}

/* Reports state's error, frees what state holds: NULL. */
static xmlDoc *
parse_failed (ParseState        *state,
              const BsXmlSource *source,
              GError           **error)
{
  if (state->message != NULL)
    bs_xml_set_error (error, source, BS_XML_ERROR_PARSE, state->line, "%s", state->message);
  parse_state_clear (state);
  return NULL;
}

xmlDoc *
bs_xml_parse_full (const char        *data,
                   gsize              length,
                   const BsXmlSource *source,
                   gsize              max_size,
                   GError           **error)
{
  ParseState state = { .data = data, .length = length };
  MemoryReader reader = { data, length, 0 };
  ParseState *previous;
  xmlSAXHandler sax;
  XmlScan scan;
  xmlDoc *doc;

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (source != NULL, NULL);

  if (length > max_size)
    {
      bs_xml_set_error (error, source, BS_XML_ERROR_PARSE, 0,
                        _("the file is too large (%zu bytes; at most %zu are accepted)"),
                        length, max_size);
      return NULL;
    }
  if (length > G_MAXINT)
    {
      bs_xml_set_error (error, source, BS_XML_ERROR_PARSE, 0,
                        _("the file is too large (%zu bytes)"), length);
      return NULL;
    }
  if (length == 0)
    {
      bs_xml_set_error (error, source, BS_XML_ERROR_PARSE, 1, _("the file is empty"));
      return NULL;
    }

  if (sniff_encoding (data, length, TRUE, &state.encoding) == SNIFF_DONE &&
      !check_encoding (&state, state.encoding))
    return parse_failed (&state, source, error);
  scan_init (&scan);
  if (!scan_feed (&scan, data, length, source, error))
    return parse_failed (&state, source, error);

  sax_init (&sax);
  xmlInitParser ();
  state.ctxt = xmlCreateIOParserCtxt (&sax, NULL, read_memory, close_memory, &reader,
                                      XML_CHAR_ENCODING_NONE);
  if (state.ctxt == NULL)
    {
      state_record (&state, 0, _("cannot create an XML parser"));
      return parse_failed (&state, source, error);
    }
  context_init (state.ctxt);

  previous = parse_enter (&state);
  if (xmlParseDocument (state.ctxt) != 0 && state.message == NULL)
    state_record (&state, xmlSAX2GetLineNumber (state.ctxt), _("malformed XML"));
  parse_leave (previous);
  if (state.message == NULL && xmlDocGetRootElement (state.doc) == NULL)
    state_record (&state, 1, _("the file holds no XML element"));
  xmlFreeParserCtxt (g_steal_pointer (&state.ctxt));
  if (state.message != NULL)
    return parse_failed (&state, source, error);
  doc = g_steal_pointer (&state.doc);
  parse_state_clear (&state);
  return doc;
}

xmlDoc *
bs_xml_parse (const char  *data,
              gsize        length,
              const char  *filename,
              GError     **error)
{
  BsXmlSource source = { filename, BS_VARIANT_ERROR };

  return bs_xml_parse_full (data, length, &source, BS_VARIANT_MAX_FILE_SIZE, error);
}

int
bs_xml_line (const xmlNode *node)
{
  long line;

  if (node == NULL)
    return 0;
  /* A line past 65,535, as set_line () keeps it */
  if (node->line == LINE_MAX_SHORT && node->psvi != NULL &&
      (node->type == XML_ELEMENT_NODE || node->type == XML_TEXT_NODE ||
       node->type == XML_COMMENT_NODE || node->type == XML_PI_NODE))
    return GPOINTER_TO_INT (node->psvi);
  line = xmlGetLineNo (node);
  return line > 0 && line < G_MAXINT ? (int) line : 0;
}

gboolean
bs_xml_is (const xmlNode *node,
           const char    *name)
{
  return node != NULL && node->type == XML_ELEMENT_NODE &&
         g_strcmp0 ((const char *) node->name, name) == 0;
}

static gboolean
is_blank (const char *text)
{
  for (; text != NULL && *text != '\0'; text++)
    if (!g_ascii_isspace (*text))
      return FALSE;
  return TRUE;
}

static gboolean
in_list (const char         *name,
         const char * const *list)
{
  for (guint i = 0; list[i] != NULL; i++)
    if (g_str_equal (name, list[i]))
      return TRUE;
  return FALSE;
}

/* A short, one-line excerpt of text for messages. */
static char *
excerpt (const char *text)
{
  g_autofree char *copy = g_strstrip (g_strdup (text));
  char *newline = strchr (copy, '\n');

  if (newline != NULL)
    *newline = '\0';
  if (g_utf8_strlen (copy, -1) > 20)
    {
      g_autofree char *head = g_utf8_substring (copy, 0, 20);
      return g_strdup_printf ("%s…", head);
    }
  return g_steal_pointer (&copy);
}

void
bs_xml_children_init (BsXmlChildren      *children,
                      const xmlNode      *parent,
                      const char * const *allowed,
                      const char * const *once,
                      const BsXmlSource  *source)
{
  g_return_if_fail (children != NULL && parent != NULL);
  g_return_if_fail (once == NULL || g_strv_length ((char **) once) <= BS_XML_MAX_ONCE);

  memset (children, 0, sizeof *children);
  children->parent = parent;
  children->next = parent->children;
  children->allowed = allowed;
  children->once = once;
  children->source = source;
}

/* Refuses a second element that the format allows once. */
static gboolean
check_once (BsXmlChildren  *children,
            const xmlNode  *node,
            GError        **error)
{
  if (children->once == NULL)
    return TRUE;
  for (guint i = 0; children->once[i] != NULL; i++)
    {
      if (!g_str_equal ((const char *) node->name, children->once[i]))
        continue;
      if (children->seen[i] != NULL)
        {
          bs_xml_set_error (error, children->source, BS_XML_ERROR_SCHEMA, bs_xml_line (node),
                            _("<%s> is given twice in <%s> (first at line %d)"), node->name,
                            children->parent->name, bs_xml_line (children->seen[i]));
          return FALSE;
        }
      children->seen[i] = node;
      return TRUE;
    }
  return TRUE;
}

xmlNode *
bs_xml_children_next (BsXmlChildren  *children,
                      GError        **error)
{
  const xmlNode *parent = children->parent;
  const BsXmlSource *source = children->source;

  /* The walk only ever moves forward: `next` is never reset. */
  for (xmlNode *node = children->next; node != NULL; node = node->next)
    {
      switch (node->type)
        {
        case XML_ELEMENT_NODE:
          children->next = node->next;
          /* Boardsmith's formats use no namespaces: <xi:include> is just
           * an unknown element. */
          if (node->ns != NULL ||
              (children->allowed != NULL &&
               !in_list ((const char *) node->name, children->allowed)))
            {
              gboolean prefixed = node->ns != NULL && node->ns->prefix != NULL;
              g_autofree char *name = bs_excerpt ((const char *) node->name);
              bs_xml_set_error (error, source, BS_XML_ERROR_SCHEMA, bs_xml_line (node),
                                _("unknown element <%s%s%s> in <%s>"),
                                prefixed ? (const char *) node->ns->prefix : "",
                                prefixed ? ":" : "", name, parent->name);
              return NULL;
            }
          if (!check_once (children, node, error))
            return NULL;
          return node;

        case XML_TEXT_NODE:
        case XML_CDATA_SECTION_NODE:
          if (!is_blank ((const char *) node->content))
            {
              g_autofree char *text = excerpt ((const char *) node->content);
              children->next = NULL;
              bs_xml_set_error (error, source, BS_XML_ERROR_SCHEMA, bs_xml_line (node),
                                _("unexpected text \"%s\" in <%s>"), text, parent->name);
              return NULL;
            }
          break;

        case XML_COMMENT_NODE:
        case XML_PI_NODE:
          break;

        default:
          children->next = NULL;
          bs_xml_set_error (error, source, BS_XML_ERROR_SCHEMA, bs_xml_line (node),
                            _("unexpected content in <%s>"), parent->name);
          return NULL;
        }
    }

  children->next = NULL;
  return NULL;
}

xmlNode *
bs_xml_only_child (const xmlNode      *parent,
                   const char         *name,
                   const BsXmlSource  *source,
                   GError            **error)
{
  const char * const allowed[] = { name, NULL };
  g_autoptr(GError) local = NULL;
  BsXmlChildren children;
  xmlNode *child, *extra;

  bs_xml_children_init (&children, parent, allowed, allowed, source);
  child = bs_xml_children_next (&children, &local);
  if (child != NULL)
    extra = bs_xml_children_next (&children, &local);
  else
    extra = NULL;
  if (local != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local));
      return NULL;
    }
  if (child == NULL)
    {
      bs_xml_set_error (error, source, BS_XML_ERROR_SCHEMA, bs_xml_line (parent),
                        _("<%s> needs a <%s>"), parent->name, name);
      return NULL;
    }
  g_assert (extra == NULL);
  return child;
}

gboolean
bs_xml_check_attributes (const xmlNode      *node,
                         const char * const *allowed,
                         const BsXmlSource  *source,
                         GError            **error)
{
  for (const xmlAttr *attr = node->properties; attr != NULL; attr = attr->next)
    {
      if (attr->ns != NULL || !in_list ((const char *) attr->name, allowed))
        {
          g_autofree char *name = bs_excerpt ((const char *) attr->name);
          bs_xml_set_error (error, source, BS_XML_ERROR_SCHEMA, bs_xml_line (node),
                            _("unknown attribute \"%s\" on <%s>"), name, node->name);
          return FALSE;
        }
    }
  return TRUE;
}

char *
bs_xml_get_text (const xmlNode     *node,
                 const BsXmlSource *source,
                 GError           **error)
{
  GString *text = g_string_new (NULL);

  for (const xmlNode *child = node->children; child != NULL; child = child->next)
    {
      if (child->type == XML_TEXT_NODE || child->type == XML_CDATA_SECTION_NODE)
        g_string_append (text, (const char *) child->content);
      else if (child->type == XML_ELEMENT_NODE)
        {
          bs_xml_set_error (error, source, BS_XML_ERROR_SCHEMA, bs_xml_line (child),
                            _("unexpected element <%s> in <%s>: it holds only text"),
                            child->name, node->name);
          g_string_free (text, TRUE);
          return NULL;
        }
    }
  return g_string_free (text, FALSE);
}

/* The attribute's value (NULL when absent), borrowed from the tree: with
 * entities refused, a value is at most one text node. */
static const char *
attr_value (const xmlNode *node,
            const char    *attr)
{
  const xmlAttr *prop = xmlHasNsProp (node, (const xmlChar *) attr, NULL);

  if (prop == NULL)
    return NULL;
  if (prop->children == NULL || prop->children->content == NULL)
    return "";
  return (const char *) prop->children->content;
}

static const char *
get_attr (const xmlNode      *node,
          const char         *attr,
          gboolean            required,
          const BsXmlSource  *source,
          GError            **error)
{
  const char *value = attr_value (node, attr);

  if (value == NULL && required)
    bs_xml_set_error (error, source, BS_XML_ERROR_SCHEMA, bs_xml_line (node),
                      _("missing attribute \"%s\" on <%s>"), attr, node->name);
  return value;
}

gboolean
bs_xml_get_string (const xmlNode     *node,
                   const char        *attr,
                   gboolean           required,
                   char             **value,
                   const BsXmlSource *source,
                   GError           **error)
{
  const char *text = get_attr (node, attr, required, source, error);

  if (text == NULL)
    return !required;
  g_free (*value);
  *value = g_strdup (text);
  return TRUE;
}

gboolean
bs_xml_get_int (const xmlNode     *node,
                const char        *attr,
                gboolean           required,
                int                min,
                int                max,
                int               *value,
                const BsXmlSource *source,
                GError           **error)
{
  const char *text = get_attr (node, attr, required, source, error);
  g_autoptr(GError) local_error = NULL;

  if (text == NULL)
    return !required;
  if (!bs_parse_int (text, min, max, value, &local_error))
    {
      bs_xml_set_error (error, source, BS_XML_ERROR_VALUE, bs_xml_line (node),
                        "<%s %s>: %s", node->name, attr, local_error->message);
      return FALSE;
    }
  return TRUE;
}

gboolean
bs_xml_get_choice (const xmlNode      *node,
                   const char         *attr,
                   gboolean            required,
                   const char * const *choices,
                   int                *value,
                   const BsXmlSource  *source,
                   GError            **error)
{
  const char *text = get_attr (node, attr, required, source, error);
  g_autofree char *list = NULL;
  g_autofree char *quoted = NULL;

  if (text == NULL)
    return !required;
  for (int i = 0; choices[i] != NULL; i++)
    if (g_str_equal (text, choices[i]))
      {
        *value = i;
        return TRUE;
      }

  list = g_strjoinv (", ", (char **) choices);
  quoted = bs_excerpt (text);
  bs_xml_set_error (error, source, BS_XML_ERROR_VALUE, bs_xml_line (node),
                    _("<%s %s>: \"%s\" is not one of %s"), node->name, attr, quoted, list);
  return FALSE;
}

char *
bs_xml_to_string (xmlDoc *doc,
                  gsize  *length)
{
  xmlBuffer *buffer = xmlBufferCreate ();
  xmlSaveCtxt *save;
  char *result;

  save = xmlSaveToBuffer (buffer, "UTF-8", XML_SAVE_FORMAT);
  xmlSaveDoc (save, doc);
  xmlSaveClose (save);

  result = g_strndup ((const char *) xmlBufferContent (buffer), (gsize) xmlBufferLength (buffer));
  if (length != NULL)
    *length = (gsize) xmlBufferLength (buffer);
  xmlBufferFree (buffer);
  return result;
}
