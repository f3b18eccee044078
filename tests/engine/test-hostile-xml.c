/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Hostile XML in every reader: an element with tens of thousands of
 * attributes (libxml2 checks them for duplicates in quadratic time) is
 * refused by the pre-scan in study files, their journals and game records
 * as in variants, naming the file and the line, also when it hides behind
 * a declaration the parser refuses; the streaming scan counts a tag cut
 * between two pieces; entities (a "billion laughs", an external entity)
 * never get into a study file. */

#include "config.h"

#include <string.h>
#include <sys/stat.h>

#include <glib/gstdio.h>

#include "bs-error.h"
#include "bs-record.h"
#include "bs-study.h"
#include "bs-variant-xml.h"
#include "bs-xml.h"

static char *tmpdir;

/* A study file with no games, as the app writes it. */
static char *
empty_study_xml (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariant) variant = bs_variant_lookup ("agoraphobia", &error);
  g_autoptr(BsStudy) study = NULL;
  g_autofree char *path = g_build_filename (tmpdir, "empty.bsstudy", NULL);
  BsStudyWriter *writer;
  char *data = NULL;

  g_assert_no_error (error);
  study = bs_study_new (BS_STUDY_SINGLE, 7, "random", "easy", &error);
  g_assert_no_error (error);
  study->games = 10;
  bs_study_add_arm (study, variant, NULL);
  writer = bs_study_writer_new (study, path, &error);
  g_assert_no_error (error);
  g_assert_true (bs_study_writer_finish (writer, &error));
  g_assert_no_error (error);
  g_file_get_contents (path, &data, NULL, &error);
  g_assert_no_error (error);
  return data;
}

static int
count_lines (const char *text,
             const char *end)
{
  int line = 1;

  for (const char *p = text; p < end; p++)
    if (*p == '\n')
      line++;
  return line;
}

static char *
write_temp (const char *name,
            const char *data,
            gssize      length)
{
  g_autoptr(GError) error = NULL;
  char *path = g_build_filename (tmpdir, name, NULL);

  g_file_set_contents (path, data, length, &error);
  g_assert_no_error (error);
  return path;
}

static void
append_attributes (GString *out,
                   guint    n)
{
  for (guint i = 0; i < n; i++)
    g_string_append_printf (out, " a%u=''", i);
}

static BsXmlStreamAction
keep_all (xmlNode   *node,
          int        depth,
          gpointer   user_data,
          GError   **error)
{
  return BS_XML_STREAM_KEEP;
}

/* The scan keeps its state between pieces: however a document is cut,
 * 32 attributes pass and 33 are refused on the tag's own line, and what
 * comments, CDATA, processing instructions and quoted values hold is not
 * counted, whichever piece their end is in. */
static void
test_stream_split_anywhere (void)
{
  const BsXmlSource source = { "s.xml", BS_STUDY_ERROR };
  g_autoptr(GString) inert = g_string_new ("<r>\n<!-- <a");

  append_attributes (inert, 100);
  g_string_append (inert, " -->\n<![CDATA[<a");
  append_attributes (inert, 100);
  g_string_append (inert, "]]]>\n<?pi <a");
  append_attributes (inert, 100);
  g_string_append (inert, " ?\?>\n<e v='");
  for (guint i = 0; i < 100; i++)
    g_string_append (inert, "x=\"y\" ");
  g_string_append (inert, "' w=\"'='\"\n");
  append_attributes (inert, 30);
  g_string_append (inert, "/>\n</r>\n");

  for (guint extra = 0; extra < 2; extra++)
    {
      g_autoptr(GString) doc = g_string_new (inert->str);
      const char *end_of_e = strstr (doc->str, "/>\n</r>");
      int line = count_lines (doc->str, strstr (doc->str, "<e "));

      /* v, w and 30 more are 32; one more is too many. */
      if (extra > 0)
        g_string_insert (doc, end_of_e - doc->str, " one-more=''");

      for (gsize cut = 0; cut <= doc->len; cut++)
        {
          g_autoptr(BsXmlStream) stream = bs_xml_stream_new (&source, keep_all, NULL);
          g_autoptr(GError) error = NULL;
          gboolean ok;

          ok = bs_xml_stream_feed (stream, doc->str, cut, FALSE, &error) &&
               bs_xml_stream_feed (stream, doc->str + cut, doc->len - cut, TRUE, &error);
          if (extra == 0)
            {
              g_assert_no_error (error);
              g_assert_true (ok);
            }
          else
            {
              g_autofree char *expected = g_strdup_printf (
                "s.xml:%d: <e> has more than 32 attributes", line);

              g_assert_false (ok);
              g_assert_error (error, BS_STUDY_ERROR, BS_XML_ERROR_PARSE);
              g_assert_cmpstr (error->message, ==, expected);
            }
        }
    }
}

/* A <game> of 80,000 attributes, well past the first piece the reader
 * reads, after a long comment: refused, naming the file and its line. The
 * same on the root element, for the header alone. */
static void
test_study_many_attributes (void)
{
  g_autofree char *xml = empty_study_xml ();
  const char *games_end = strstr (xml, "  </games>");
  g_autoptr(GString) data = g_string_new_len (xml, games_end - xml);
  g_autofree char *path = NULL;
  g_autofree char *expected = NULL;
  g_autoptr(BsStudy) study = NULL;
  g_autoptr(GError) error = NULL;
  int line;

  /* The file as written loads. */
  path = write_temp ("good.bsstudy", xml, -1);
  study = bs_study_load_file (path, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (study);
  g_clear_pointer (&study, bs_study_unref);
  g_clear_pointer (&path, g_free);

  g_string_append (data, "    <!--");
  for (guint i = 0; i < 100000; i++)
    g_string_append_c (data, i % 80 == 0 ? '\n' : 'x');
  g_string_append (data, "-->\n    <game");
  line = count_lines (data->str, data->str + data->len);
  append_attributes (data, 80000);
  g_string_append (data, "/>\n");
  g_string_append (data, games_end);

  path = write_temp ("many.bsstudy", data->str, data->len);
  study = bs_study_load_file (path, NULL, NULL, &error);
  g_assert_null (study);
  g_assert_error (error, BS_STUDY_ERROR, BS_STUDY_ERROR_PARSE);
  expected = g_strdup_printf ("%s:%d: <game> has more than 32 attributes", path, line);
  g_assert_cmpstr (error->message, ==, expected);
  g_clear_error (&error);
  g_clear_pointer (&path, g_free);
  g_clear_pointer (&expected, g_free);

  /* On the root: bs_study_load_header reads no further than the header. */
  g_string_assign (data, xml);
  g_string_insert (data, strstr (xml, "<study ") - xml + strlen ("<study"), "\n");
  {
    g_autoptr(GString) attributes = g_string_new (NULL);

    append_attributes (attributes, 80000);
    g_string_insert (data, strstr (data->str, "<study\n") - data->str + strlen ("<study\n"),
                     attributes->str);
  }
  line = count_lines (data->str, strstr (data->str, "<study\n"));
  path = write_temp ("many-header.bsstudy", data->str, data->len);
  study = bs_study_load_header (path, &error);
  g_assert_null (study);
  g_assert_error (error, BS_STUDY_ERROR, BS_STUDY_ERROR_PARSE);
  expected = g_strdup_printf ("%s:%d: <study> has more than 32 attributes", path, line);
  g_assert_cmpstr (error->message, ==, expected);
}

/* The journal beside a running study is streamed: the same bound. */
static void
test_journal_many_attributes (void)
{
  g_autofree char *xml = empty_study_xml ();
  g_autofree char *study_path = write_temp ("journal.bsstudy", xml, -1);
  g_autofree char *journal_path = g_strconcat (study_path, ".journal", NULL);
  g_autoptr(GString) journal = g_string_new ("<extend games=\"10\"/>\n<game");
  g_autoptr(BsStudy) study = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *written = NULL;

  append_attributes (journal, 80000);
  g_string_append (journal, "></game>\n");
  written = write_temp ("journal.bsstudy.journal", journal->str, journal->len);
  g_assert_cmpstr (written, ==, journal_path);

  study = bs_study_load_file (study_path, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_false (bs_study_read_journal (study, journal_path, NULL, NULL, &error));
  g_assert_error (error, BS_STUDY_ERROR, BS_STUDY_ERROR_PARSE);
  /* The line is the journal's own (it was once counted from a wrapper's
   * line). */
  expected = g_strdup_printf ("%s:2: <game> has more than 32 attributes", journal_path);
  g_assert_cmpstr (error->message, ==, expected);
}

/* Records had no test of the bound: one element of 80,000 attributes,
 * from memory and from a file. */
static void
test_record_many_attributes (void)
{
  g_autoptr(GString) data = g_string_new ("<?xml version=\"1.0\"?>\n"
                                          "<record format=\"1\">\n  <moves>\n    <move");
  g_autoptr(BsRecord) record = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  g_autofree char *expected = NULL;

  append_attributes (data, 80000);
  g_string_append (data, ">a1</move>\n  </moves>\n</record>\n");
  g_assert_cmpuint (data->len, <, BS_RECORD_MAX_FILE_SIZE);

  record = bs_record_load_data (data->str, data->len, "many.boardsmith", &error);
  g_assert_null (record);
  g_assert_error (error, BS_RECORD_ERROR, BS_RECORD_ERROR_PARSE);
  g_assert_cmpstr (error->message, ==, "many.boardsmith:4: <move> has more than 32 attributes");
  g_clear_error (&error);

  path = write_temp ("many.boardsmith", data->str, data->len);
  record = bs_record_load_file (path, &error);
  g_assert_null (record);
  g_assert_error (error, BS_RECORD_ERROR, BS_RECORD_ERROR_PARSE);
  expected = g_strdup_printf ("%s:4: <move> has more than 32 attributes", path);
  g_assert_cmpstr (error->message, ==, expected);
}

/* A declaration the parser refuses ("<!x/>", a DOCTYPE without a name)
 * does not end the scan: libxml2 goes on after it, and used to check the
 * 100,000 attributes after it in quadratic time. */
static void
test_declaration_does_not_stop_scan (void)
{
  static const char * const openings[] = {
    "<record format=\"1\"><!x/>\n",
    "<!DOCTYPE>\n",
    "<!DOCTYPE record [ <!ENTITY e \">\"> ]>\n",
  };

  for (guint i = 0; i < G_N_ELEMENTS (openings); i++)
    {
      g_autoptr(GString) data = g_string_new (openings[i]);
      g_autoptr(BsRecord) record = NULL;
      g_autoptr(GError) error = NULL;

      g_string_append (data, "<p");
      append_attributes (data, 100000);
      g_string_append (data, "/>\n</record>\n");
      record = bs_record_load_data (data->str, data->len, "bang.boardsmith", &error);
      g_assert_null (record);
      g_assert_error (error, BS_RECORD_ERROR, BS_RECORD_ERROR_PARSE);
      g_assert_cmpstr (error->message, ==, "bang.boardsmith:2: <p> has more than 32 attributes");
    }
}

/* A study with a DOCTYPE is refused before any entity is declared, let
 * alone expanded: a billion laughs, an external entity (the message must
 * not quote what it points at), a parameter entity. */
static void
test_study_entities (void)
{
  g_autofree char *xml = empty_study_xml ();
  const char *study_start = strstr (xml, "<study ");
  static const char * const doctypes[] = {
    "<!DOCTYPE study [\n"
    " <!ENTITY l0 \"ha\">\n"
    " <!ENTITY l1 \"&l0;&l0;&l0;&l0;&l0;&l0;&l0;&l0;&l0;&l0;\">\n"
    " <!ENTITY l2 \"&l1;&l1;&l1;&l1;&l1;&l1;&l1;&l1;&l1;&l1;\">\n"
    " <!ENTITY l3 \"&l2;&l2;&l2;&l2;&l2;&l2;&l2;&l2;&l2;&l2;\">\n"
    " <!ENTITY l4 \"&l3;&l3;&l3;&l3;&l3;&l3;&l3;&l3;&l3;&l3;\">\n"
    " <!ENTITY l5 \"&l4;&l4;&l4;&l4;&l4;&l4;&l4;&l4;&l4;&l4;\">\n"
    " <!ENTITY l6 \"&l5;&l5;&l5;&l5;&l5;&l5;&l5;&l5;&l5;&l5;\">\n"
    " <!ENTITY l7 \"&l6;&l6;&l6;&l6;&l6;&l6;&l6;&l6;&l6;&l6;\">\n"
    " <!ENTITY l8 \"&l7;&l7;&l7;&l7;&l7;&l7;&l7;&l7;&l7;&l7;\">\n"
    " <!ENTITY l9 \"&l8;&l8;&l8;&l8;&l8;&l8;&l8;&l8;&l8;&l8;\">\n"
    "]>\n",
    "<!DOCTYPE study [\n <!ENTITY passwd SYSTEM \"file:///etc/passwd\">\n]>\n",
    "<!DOCTYPE study SYSTEM \"file:///etc/passwd\">\n",
    "<!DOCTYPE study [\n <!ENTITY % p SYSTEM \"file:///etc/passwd\">\n %p;\n]>\n",
  };
  static const char * const uses[] = { "&l9;", "&passwd;", "&passwd;", "x" };

  for (guint i = 0; i < G_N_ELEMENTS (doctypes); i++)
    {
      g_autoptr(GString) data = g_string_new_len (xml, study_start - xml);
      g_autofree char *name = g_strdup_printf ("entities-%u.bsstudy", i);
      g_autofree char *path = NULL;
      g_autofree char *expected = NULL;
      g_autoptr(BsStudy) study = NULL;
      g_autoptr(GError) error = NULL;
      char *games;

      g_string_append (data, doctypes[i]);
      g_string_append (data, study_start);
      /* The entity used where a name is shown: the variant's name. */
      games = strstr (data->str, "<name>");
      g_assert_nonnull (games);
      g_string_insert (data, games - data->str + strlen ("<name>"), uses[i]);

      path = write_temp (name, data->str, data->len);
      study = bs_study_load_file (path, NULL, NULL, &error);
      g_assert_null (study);
      g_assert_error (error, BS_STUDY_ERROR, BS_STUDY_ERROR_PARSE);
      expected = g_strdup_printf ("%s:%d: DOCTYPE declarations are not allowed (Boardsmith files "
                                  "use no DTD and no entities)", path,
                                  count_lines (data->str, strstr (data->str, "<!DOCTYPE")));
      g_assert_cmpstr (error->message, ==, expected);
      g_assert_null (strstr (error->message, "root:"));
      g_clear_error (&error);

      study = bs_study_load_header (path, &error);
      g_assert_null (study);
      g_assert_cmpstr (error->message, ==, expected);
    }
}

/* The pre-scan reads bytes: an encoding that hides '=' from it (UTF-7's
 * "+AD0-") or splits ASCII into two bytes (UTF-16) is refused before the
 * first element; one that keeps ASCII still loads. */
static void
test_encodings (void)
{
  g_autoptr(GString) utf7 = g_string_new ("<?xml version=\"1.0\" encoding=\"UTF-7\"?>\n"
                                          "<record format+AD0AIg-1+ACI-><p");
  static const char utf16[] = "\xff\xfe<\0r\0e\0c\0o\0r\0d\0/\0>\0";
  static const char latin1[] = "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n"
                               "<record format=\"1\" x=\"\xe9\"/>\n";
  g_autoptr(BsRecord) record = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *study_path = NULL;
  g_autofree char *expected = NULL;
  g_autoptr(BsStudy) study = NULL;

  for (guint i = 0; i < 20000; i++)
    g_string_append_printf (utf7, " a%u+AD0AIgAi-", i);
  g_string_append (utf7, "/></record>\n");
  record = bs_record_load_data (utf7->str, utf7->len, "utf7.boardsmith", &error);
  g_assert_null (record);
  g_assert_error (error, BS_RECORD_ERROR, BS_RECORD_ERROR_PARSE);
  g_assert_cmpstr (error->message, ==,
                   "utf7.boardsmith:1: the file is in UTF-7: Boardsmith reads UTF-8, and "
                   "encodings that keep ASCII as it is (ISO-8859-1, Windows-1252, Shift_JIS…)");
  g_clear_error (&error);

  study_path = write_temp ("utf16.bsstudy", utf16, sizeof utf16 - 1);
  study = bs_study_load_file (study_path, NULL, NULL, &error);
  g_assert_null (study);
  g_assert_error (error, BS_STUDY_ERROR, BS_STUDY_ERROR_PARSE);
  expected = g_strdup_printf ("%s:1: the file is in UTF-16LE: Boardsmith reads UTF-8, and "
                              "encodings that keep ASCII as it is (ISO-8859-1, Windows-1252, "
                              "Shift_JIS…)", study_path);
  g_assert_cmpstr (error->message, ==, expected);
  g_clear_error (&error);

  /* Undeclared, so UTF-8: the first invalid bytes and their line, in the
   * same words whatever libxml2's release says. */
  record = bs_record_load_data ("<record format=\"1\">\n<p x=\"\xff\"/>", 30, "utf8.boardsmith",
                                &error);
  g_assert_null (record);
  g_assert_error (error, BS_RECORD_ERROR, BS_RECORD_ERROR_PARSE);
  g_assert_cmpstr (error->message, ==,
                   "utf8.boardsmith:2: the file is not valid UTF-8: bytes 0xFF 0x22 0x2F 0x3E");
  g_clear_error (&error);

  /* Past the encoding: the record's own checks speak. */
  record = bs_record_load_data (latin1, strlen (latin1), "latin1.boardsmith", &error);
  g_assert_null (record);
  g_assert_nonnull (error);
  g_assert_null (strstr (error->message, "the file is in"));
}

/* The encoding is known before libxml2 sees a byte, however the file
 * comes in: fed one byte at a time, a declared UTF-7, a UTF-16 byte order
 * mark and "<?xml" in UTF-32 are refused as a whole file is; a declared
 * Latin-1 and UTF-8's byte order mark are read, and the value is decoded. */
static void
test_stream_encoding_bytewise (void)
{
  static const struct {
    const char *bytes;
    gsize       length;
    const char *refused_as;   /* NULL: read */
  } files[] = {
#define FILE_OF(text, refused) { text, sizeof text - 1, refused }
    FILE_OF ("<?xml version=\"1.0\" encoding=\"UTF-7\"?>\n<r/>\n", "UTF-7"),
    FILE_OF ("<?xml version='1.0' encoding = 'utf-7' ?><r/>", "utf-7"),
    FILE_OF ("\xff\xfe<\0r\0/\0>\0", "UTF-16LE"),
    FILE_OF ("\0\0\0<\0\0\0?\0\0\0x", "UTF-32BE"),
    FILE_OF ("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<r v=\"\xe9\"/>\n", NULL),
    FILE_OF ("\xef\xbb\xbf<?xml version=\"1.0\"?><r v=\"\xc3\xa9\"/>", NULL),
    FILE_OF ("<r v=\"\xc3\xa9\"/>", NULL),
#undef FILE_OF
  };
  const BsXmlSource source = { "bytewise.xml", BS_STUDY_ERROR };

  for (guint f = 0; f < G_N_ELEMENTS (files); f++)
    {
      g_autoptr(BsXmlStream) stream = bs_xml_stream_new (&source, keep_all, NULL);
      g_autoptr(GError) error = NULL;
      gboolean ok = TRUE;

      for (gsize i = 0; ok && i < files[f].length; i++)
        ok = bs_xml_stream_feed (stream, files[f].bytes + i, 1, i + 1 == files[f].length, &error);
      if (files[f].refused_as != NULL)
        {
          g_autofree char *expected = g_strdup_printf (
            "bytewise.xml:1: the file is in %s: Boardsmith reads UTF-8, and encodings that "
            "keep ASCII as it is (ISO-8859-1, Windows-1252, Shift_JIS…)", files[f].refused_as);

          g_assert_false (ok);
          g_assert_error (error, BS_STUDY_ERROR, BS_XML_ERROR_PARSE);
          g_assert_cmpstr (error->message, ==, expected);
        }
      else
        {
          xmlNode *root;
          g_autofree xmlChar *value = NULL;

          g_assert_no_error (error);
          g_assert_true (ok);
          root = xmlDocGetRootElement (bs_xml_stream_get_doc (stream));
          g_assert_nonnull (root);
          value = xmlGetProp (root, (const xmlChar *) "v");
          g_assert_cmpstr ((const char *) value, ==, "\xc3\xa9");
        }
    }
}

/* A study "file" that is a FIFO nobody writes to (empty, as
 * bs_xml_parse_file reads one), or a device: refused at once, never
 * waited on (the app reads studies in a thread nothing can
 * cancel while it is blocked in open). */
static void
test_study_not_a_file (void)
{
  g_autofree char *fifo = NULL;

  if (g_test_subprocess ())
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(BsStudy) study = NULL;
      g_autofree char *expected = NULL;

      /* The parent's FIFO (a subprocess has a folder of its own). */
      fifo = g_strdup (g_getenv ("BS_TEST_FIFO"));
      expected = g_strdup_printf ("%s:1: the file is empty", fifo);

      study = bs_study_load_header (fifo, &error);
      g_assert_null (study);
      g_assert_cmpstr (error->message, ==, expected);
      g_clear_error (&error);

      study = bs_study_load_file ("/dev/null", NULL, NULL, &error);
      g_assert_null (study);
      g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL);
      g_assert_cmpstr (error->message, ==,
                       "/dev/null: not a regular file (a device, a socket or a folder)");
      return;
    }
  fifo = g_build_filename (tmpdir, "fifo.bsstudy", NULL);
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  g_setenv ("BS_TEST_FIFO", fifo, TRUE);
  /* A hang is a failure, not a test that never ends. */
  g_test_trap_subprocess (NULL, 20 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
}

/* Boardsmith builds the tree itself from libxml2's SAX2 events: lines
 * past 65,535 (more than an xmlNode's line field holds) are reported
 * whole, for elements and text, whole-file and streamed, and for the
 * parser's own errors; attribute values have their references resolved
 * ("&amp;", "&#60;"); CDATA is text, merged with the text around it. */
static char *
big_document (int         blank_lines,
              const char *body)
{
  GString *xml = g_string_new ("<root>");

  for (int i = 0; i < blank_lines; i++)
    g_string_append_c (xml, '\n');
  g_string_append (xml, body);
  g_string_append (xml, "</root>\n");
  return g_string_free (xml, FALSE);
}

static BsXmlStreamAction
record_lines (xmlNode   *node,
              int        depth,
              gpointer   user_data,
              GError   **error)
{
  if (depth == 1)
    g_array_append_val ((GArray *) user_data, (int) { bs_xml_line (node) });
  return BS_XML_STREAM_DROP;
}

static void
test_lines_past_65535 (void)
{
  static const char body[] =
    "<a v='x &amp; y &#60; z &#x3E;'>t1<![CDATA[<c>]]>t2</a>\n"
    "<b n='many'/>\n\n"
    "<c>\n  text\n</c>";
  g_autofree char *xml = big_document (70000, body);
  g_autoptr(GError) error = NULL;
  BsXmlSource source = { "big.xml", BS_VARIANT_ERROR };
  xmlDoc *doc = bs_xml_parse_full (xml, strlen (xml), &source, G_MAXINT, &error);
  xmlNode *root, *a, *b, *c;
  g_autofree char *value = NULL;
  g_autofree char *text = NULL;
  int n = 0;

  g_assert_no_error (error);
  root = xmlDocGetRootElement (doc);
  g_assert_cmpint (bs_xml_line (root), ==, 1);
  for (a = root->children; a != NULL && a->type != XML_ELEMENT_NODE; a = a->next)
    ;
  g_assert_nonnull (a);
  g_assert_cmpint (bs_xml_line (a), ==, 70001);
  g_assert_true (bs_xml_get_string (a, "v", TRUE, &value, &source, &error));
  g_assert_cmpstr (value, ==, "x & y < z >");
  /* One text node, with the CDATA section's characters as they are */
  g_assert_nonnull (a->children);
  g_assert_null (a->children->next);
  text = bs_xml_get_text (a, &source, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (text, ==, "t1<c>t2");
  for (b = a->next; b != NULL && b->type != XML_ELEMENT_NODE; b = b->next)
    ;
  g_assert_cmpint (bs_xml_line (b), ==, 70002);
  g_assert_false (bs_xml_get_int (b, "n", TRUE, 0, 9, &n, &source, &error));
  g_assert_true (g_str_has_prefix (error->message, "big.xml:70002: <b n>: "));
  g_clear_error (&error);
  for (c = b->next; c != NULL && c->type != XML_ELEMENT_NODE; c = c->next)
    ;
  g_assert_cmpint (bs_xml_line (c), ==, 70004);
  /* A text node has the line the parser reached when it began: its end */
  g_assert_cmpint (bs_xml_line (c->children), ==, 70006);
  xmlFreeDoc (doc);

  /* The same lines when streamed, in pieces of any size */
  for (gsize piece = 1000; piece <= strlen (xml); piece *= 7)
    {
      g_autoptr(GArray) lines = g_array_new (FALSE, FALSE, sizeof (int));
      g_autoptr(BsXmlStream) stream = bs_xml_stream_new (&source, record_lines, lines);

      for (gsize i = 0; i < strlen (xml); i += piece)
        {
          gsize n_bytes = MIN (piece, strlen (xml) - i);

          g_assert_true (bs_xml_stream_feed (stream, xml + i, n_bytes,
                                             i + n_bytes == strlen (xml), &error));
          g_assert_no_error (error);
        }
      g_assert_cmpuint (lines->len, ==, 3);
      g_assert_cmpint (g_array_index (lines, int, 0), ==, 70001);
      g_assert_cmpint (g_array_index (lines, int, 1), ==, 70002);
      g_assert_cmpint (g_array_index (lines, int, 2), ==, 70004);
    }

  /* The parser's own errors past line 65,535 */
  {
    g_autofree char *bad = big_document (70000, "<a>\n</b>");

    g_assert_null (bs_xml_parse_full (bad, strlen (bad), &source, G_MAXINT, &error));
    g_assert_error (error, BS_VARIANT_ERROR, BS_XML_ERROR_PARSE);
    g_assert_true (g_str_has_prefix (error->message, "big.xml:70002: "));
    g_clear_error (&error);
  }
}

/* Namespaces are kept on elements and attributes, so that readers refuse
 * them as unknown; an undeclared prefix is the parser's error. */
static void
test_namespaces (void)
{
  static const char xml[] =
    "<root xmlns:xi='http://www.w3.org/2001/XInclude'>\n<xi:include a='1'/>\n"
    "<b xi:c='2' d='3'/></root>";
  static const char * const allowed[] = { "include", "b", NULL };
  static const char * const attributes[] = { "c", "d", NULL };
  BsXmlSource source = { "ns.xml", BS_VARIANT_ERROR };
  g_autoptr(GError) error = NULL;
  xmlDoc *doc = bs_xml_parse_full (xml, strlen (xml), &source, G_MAXINT, &error);
  BsXmlChildren children;
  xmlNode *b;

  g_assert_no_error (error);
  bs_xml_children_init (&children, xmlDocGetRootElement (doc), allowed, NULL, &source);
  g_assert_null (bs_xml_children_next (&children, &error));
  g_assert_cmpstr (error->message, ==, "ns.xml:2: unknown element <xi:include> in <root>");
  g_clear_error (&error);
  b = xmlDocGetRootElement (doc)->last;
  g_assert_true (bs_xml_is (b, "b"));
  g_assert_false (bs_xml_check_attributes (b, attributes, &source, &error));
  g_assert_cmpstr (error->message, ==, "ns.xml:3: unknown attribute \"c\" on <b>");
  g_clear_error (&error);
  xmlFreeDoc (doc);

  g_assert_null (bs_xml_parse_full ("<root>\n<p:a/></root>", 20, &source, G_MAXINT, &error));
  g_assert_error (error, BS_VARIANT_ERROR, BS_XML_ERROR_PARSE);
  g_assert_true (g_str_has_prefix (error->message, "ns.xml:2: "));
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GError) error = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  tmpdir = g_dir_make_tmp ("bs-hostile-xml-XXXXXX", &error);
  g_assert_no_error (error);
  g_test_add_func ("/hostile-xml/stream-split-anywhere", test_stream_split_anywhere);
  g_test_add_func ("/hostile-xml/study-many-attributes", test_study_many_attributes);
  g_test_add_func ("/hostile-xml/journal-many-attributes", test_journal_many_attributes);
  g_test_add_func ("/hostile-xml/record-many-attributes", test_record_many_attributes);
  g_test_add_func ("/hostile-xml/declaration-does-not-stop-scan",
                   test_declaration_does_not_stop_scan);
  g_test_add_func ("/hostile-xml/study-entities", test_study_entities);
  g_test_add_func ("/hostile-xml/encodings", test_encodings);
  g_test_add_func ("/hostile-xml/stream-encoding-bytewise", test_stream_encoding_bytewise);
  g_test_add_func ("/hostile-xml/study-not-a-file", test_study_not_a_file);
  g_test_add_func ("/hostile-xml/lines-past-65535", test_lines_past_65535);
  g_test_add_func ("/hostile-xml/namespaces", test_namespaces);
  status = g_test_run ();
  {
    g_autoptr(GDir) dir = g_dir_open (tmpdir, 0, NULL);
    const char *name;

    while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
      {
        g_autofree char *path = g_build_filename (tmpdir, name, NULL);
        g_unlink (path);
      }
    g_rmdir (tmpdir);
  }
  g_free (tmpdir);
  return status;
}
