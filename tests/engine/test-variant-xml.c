/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Variant files: safe parsing (bs-xml), loading, saving, built-in lookup.
 * Save → load must give back an equal variant for every shipped file and
 * for variants built in code. */

#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "bs-error.h"
#include "bs-module.h"
#include "bs-ruleset.h"
#include "bs-variant-xml-private.h"
#include "bs-variant-xml.h"
#include "bs-variant.h"
#include "bs-xml.h"

/* The built-in variants: the six seed games and the games written in the
 * rules language (rules/games/), sorted. */
static const char * const builtin[] = {
  "abrobad", "agoraphobia", "astoria", "ataxx", "breakthrough", "clobber", "gomoku", "hex",
  "ikabegama", "reversi", "tribes", NULL
};

static char *
rules_path (const char *name)
{
  g_autofree char *file = g_strconcat (name, ".xml", NULL);
  return g_build_filename (g_getenv ("BOARDSMITH_RULES_DIR"), file, NULL);
}

/* Format-level load (no module needed): parse and read the element. */
static BsVariant *
read_format_only (const char  *data,
                  gsize        length,
                  const char  *filename,
                  GError     **error)
{
  g_autoptr(xmlDoc) doc = bs_xml_parse (data, length, filename, error);

  if (doc == NULL)
    return NULL;
  return bs_variant_from_node (xmlDocGetRootElement (doc), filename, error);
}

static void
assert_round_trip (const BsVariant *variant,
                   gboolean         validate)
{
  g_autofree char *xml = NULL;
  g_autofree char *xml2 = NULL;
  g_autoptr(BsVariant) again = NULL;
  g_autoptr(GError) error = NULL;
  gsize length, length2;

  xml = bs_variant_to_xml (variant, &length);
  g_assert_cmpuint (strlen (xml), ==, length);
  if (validate)
    again = bs_variant_load_data (xml, length, "saved.xml", &error);
  else
    again = read_format_only (xml, length, "saved.xml", &error);
  g_assert_no_error (error);
  g_assert_nonnull (again);
  if (!bs_variant_equal (variant, again))
    g_error ("round trip changed the variant; saved as:\n%s", xml);

  /* Saving the reloaded variant gives the same bytes. */
  xml2 = bs_variant_to_xml (again, &length2);
  g_assert_cmpstr (xml, ==, xml2);
}

static void
test_round_trip_shipped (void)
{
  for (guint i = 0; builtin[i] != NULL; i++)
    {
      g_autofree char *path = rules_path (builtin[i]);
      g_autofree char *contents = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(BsVariant) variant = NULL;
      gsize length;

      g_test_message ("%s", path);
      g_assert_true (g_file_get_contents (path, &contents, &length, &error));
      variant = read_format_only (contents, length, path, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (variant->id, ==, builtin[i]);
      g_assert_cmpstr (variant->module, ==, builtin[i]);
      g_assert_cmpstr (variant->filename, ==, path);
      assert_round_trip (variant, FALSE);

      /* With its module built in, the file loads with every check. */
      if (bs_module_find (builtin[i]) != NULL)
        {
          g_autoptr(BsVariant) full = bs_variant_load_file (path, &error);
          g_autoptr(BsVariant) looked_up = NULL;
          const BsModule *module = bs_module_find (builtin[i]);

          g_assert_no_error (error);
          g_assert_true (bs_variant_equal (full, variant));
          assert_round_trip (full, TRUE);
          looked_up = bs_variant_lookup (builtin[i], &error);
          g_assert_no_error (error);
          g_assert_true (bs_variant_equal (looked_up, variant));
          /* Every option is set explicitly, to its default (RULES.md). */
          g_assert_cmpuint (variant->options->len, ==, module->n_options);
          for (guint o = 0; o < module->n_options; o++)
            g_assert_cmpstr (bs_variant_get_option (variant, module->options[o].id), ==,
                             bs_option_value_to_string (&module->options[o],
                                                        module->options[o].default_value));
        }
    }
}

/* Every registered module's default variant, then edited. */
static void
test_round_trip_modules (void)
{
  guint n;
  const BsModule * const *modules = bs_module_list (&n);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(BsVariant) variant = bs_variant_new_for_module (modules[i]->id, &error);

      g_test_message ("module %s", modules[i]->id);
      g_assert_no_error (error);
      assert_round_trip (variant, TRUE);

      g_free (variant->author);
      variant->author = g_strdup ("Ada & \"Bob\" <bob@example.org>");
      g_free (variant->name);
      variant->name = g_strdup ("Ikabegamá — édition spéciale");
      g_free (variant->players[1].name);
      variant->players[1].name = g_strdup ("Ombre 'sombre'");
      assert_round_trip (variant, TRUE);
    }
  if (n == 0)
    g_test_skip ("no module is built in yet");
}

/* Everything the format can hold, whatever module might accept it. */
static void
test_round_trip_everything (void)
{
  g_autoptr(BsVariant) variant = bs_variant_new ();
  BsVariantHole hole = { g_strdup ("d4"), 0 };
  BsVariantHole hole2 = { g_strdup ("aa12"), 0 };
  BsVariantSpecial nest = { g_strdup ("nest"), 1, g_strdup ("a1"), 0 };
  BsVariantSpecial shared = { g_strdup ("centre"), 0, g_strdup ("e5"), 0 };
  BsVariantPiece triangle = { g_strdup ("c3"), 2, g_strdup ("triangle"), 3, 0 };
  BsVariantPiece circle = { g_strdup ("c4"), 1, g_strdup ("circle"), -1, 0 };

  variant->id = g_strdup ("everything");
  variant->name = g_strdup ("Everything <at> once");
  variant->description = g_strdup ("Line one & line two");
  variant->module = g_strdup ("astoria");
  variant->board.shape = BS_SHAPE_SQUARE;
  variant->board.width = 30;
  variant->board.height = 12;
  variant->board.adjacency = 8;
  g_array_append_val (variant->holes, hole);
  g_array_append_val (variant->holes, hole2);
  g_array_append_val (variant->specials, nest);
  g_array_append_val (variant->specials, shared);
  g_array_append_val (variant->setup, triangle);
  g_array_append_val (variant->setup, circle);
  for (int p = 1; p <= 2; p++)
    {
      variant->players[p - 1].name = g_strdup (p == 1 ? "Gold" : "Teal");
      variant->players[p - 1].color = g_strdup (p == 1 ? "#D9A23B" : "#1f6f73");
      bs_variant_set_supply (variant, p, "circle", 0);
      bs_variant_set_supply (variant, p, "triangle", 9999);
    }
  bs_variant_set_option (variant, "push-mode", "gaps");
  bs_variant_set_option (variant, "max-plies", "77");

  assert_round_trip (variant, FALSE);

  /* Each shape keeps exactly its own parameters. */
  variant->board.shape = BS_SHAPE_HEX_RHOMBUS;
  assert_round_trip (variant, FALSE);
  variant->board.shape = BS_SHAPE_LIMPING;
  variant->board.size = 7;
  assert_round_trip (variant, FALSE);
  variant->board.shape = BS_SHAPE_HEXAGON;
  assert_round_trip (variant, FALSE);
}

/* Removes the whitespace between elements (and, when asked, comments), so
 * that every element is directly followed by the next one or by its
 * parent's closing tag. */
static void
strip_blanks (xmlNode  *node,
              gboolean  comments)
{
  xmlNode *child = node->children;

  while (child != NULL)
    {
      xmlNode *next = child->next;
      gboolean blank = child->type == XML_TEXT_NODE &&
                       strspn ((const char *) child->content, " \t\r\n") ==
                       strlen ((const char *) child->content);

      if (blank || (comments && child->type == XML_COMMENT_NODE))
        {
          xmlUnlinkNode (child);
          xmlFreeNode (child);
        }
      else if (child->type == XML_ELEMENT_NODE)
        strip_blanks (child, comments);
      child = next;
    }
}

static void
check_compact (const char *path,
               gboolean    comments)
{
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariant) expected = NULL;
  g_autoptr(BsVariant) compact = NULL;
  g_autoptr(xmlDoc) doc = NULL;
  xmlChar *text = NULL;
  int length = 0;

  g_test_message ("%s%s", path, comments ? " (without comments)" : "");
  g_assert_true (g_file_get_contents (path, &contents, NULL, &error));
  expected = read_format_only (contents, strlen (contents), path, &error);
  g_assert_no_error (error);

  doc = bs_xml_parse (contents, strlen (contents), path, &error);
  g_assert_no_error (error);
  strip_blanks (xmlDocGetRootElement (doc), comments);
  xmlDocDumpMemoryEnc (doc, &text, &length, "UTF-8");
  g_assert_nonnull (strstr ((const char *) text, "/></"));

  compact = read_format_only ((const char *) text, (gsize) length, path, &error);
  if (error != NULL)
    g_error ("%s without whitespace: %s\n%s", path, error->message, text);
  xmlFree (text);
  /* Lines differ (everything is on one line now); the content does not. */
  g_assert_true (bs_variant_equal (expected, compact));
  if (bs_module_find (expected->module) != NULL)
    g_assert_true (bs_variant_validate (compact, NULL));
}

/* Every shipped file, re-serialised without the whitespace between its
 * elements, reads back as the same variant (an element directly followed
 * by its parent's closing tag was once read twice). */
static void
test_compact_shipped (void)
{
  const char *rules_dir = g_getenv ("BOARDSMITH_RULES_DIR");
  const char * const subdirs[] = { "", "examples", NULL };
  guint n_files = 0;

  for (guint d = 0; subdirs[d] != NULL; d++)
    {
      g_autofree char *dir_path = g_build_filename (rules_dir, subdirs[d], NULL);
      g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
      const char *name;

      g_assert_nonnull (dir);
      while ((name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *path = g_build_filename (dir_path, name, NULL);

          if (!g_str_has_suffix (name, ".xml"))
            continue;
          check_compact (path, FALSE);
          check_compact (path, TRUE);
          n_files++;
        }
    }
  g_assert_cmpuint (n_files, >=, 10);
}

/* Texts too long for a file are refused in memory too (an editor or
 * --set could make them), and ids made from file names are identifiers. */
static void
test_texts_and_ids (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariant) variant = NULL;
  guint n;
  const BsModule * const *modules = bs_module_list (&n);
  static const struct { const char *path; const char *id; } ids[] = {
    { "/home/ann/My Tribes (2).xml", "My-Tribes-2" },
    { "agorá.xml", "agor" },
    { "../../etc/passwd", "passwd" },
    { "_x_.boardsmith", "x_" },
    { "Ωμέγα.xml", "variant" },
    { "a.b.c.xml", "a-b-c" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      g_autofree char *id = bs_variant_id_from_filename (ids[i].path);
      g_assert_cmpstr (id, ==, ids[i].id);
      g_assert_true (bs_variant_is_identifier (id));
    }
  g_assert_false (bs_variant_is_identifier ("-a"));
  g_assert_false (bs_variant_is_identifier (""));
  g_assert_false (bs_variant_is_identifier ("a b"));

  /* The stem of the app's files about a variant: its file's name, else its id. */
  {
    g_autoptr(BsVariant) bare = bs_variant_new ();
    g_autofree char *no_id = bs_variant_file_stem (bare, NULL);
    g_autofree char *from_file = NULL, *relative = NULL, *from_id = NULL;

    g_assert_cmpstr (no_id, ==, "variant");
    from_file = bs_variant_file_stem (bare, "/home/ann/My Tribes (2).boardsmith.xml");
    g_assert_cmpstr (from_file, ==, "My Tribes (2).boardsmith");
    bare->id = g_strdup ("tribes-small");
    relative = bs_variant_file_stem (bare, "tribes.xml");
    g_assert_cmpstr (relative, ==, "tribes-small");
    from_id = bs_variant_file_stem (bare, NULL);
    g_assert_cmpstr (from_id, ==, "tribes-small");
  }

  if (n == 0)
    {
      g_test_skip ("no module is built in yet");
      return;
    }
  variant = bs_variant_new_for_module (modules[0]->id, &error);
  g_assert_no_error (error);
  g_assert_true (bs_variant_validate (variant, NULL));
  g_free (variant->name);
  variant->name = g_strnfill (101, 'n');
  g_assert_false (bs_variant_validate (variant, &error));
  g_assert_cmpstr (error->message, ==, "the name is too long (101 characters; at most 100)");
  g_clear_error (&error);
  g_free (variant->name);
  variant->name = g_strnfill (100, 'n');
  g_free (variant->players[1].name);
  variant->players[1].name = g_strnfill (51, 'p');
  g_assert_false (bs_variant_validate (variant, &error));
  g_assert_cmpstr (error->message, ==,
                   "player 2's name is too long (51 characters; at most 50)");
}

static void
test_save_file (void)
{
  g_autofree char *dir = g_dir_make_tmp ("boardsmith-test-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "mine.xml", NULL);
  g_autofree char *nowhere = g_build_filename (dir, "missing", "mine.xml", NULL);
  g_autofree char *source = rules_path ("abrobad");
  g_autofree char *contents = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariant) variant = NULL;
  g_autoptr(BsVariant) loaded = NULL;
  gsize length;

  g_assert_true (g_file_get_contents (source, &contents, &length, NULL));
  variant = read_format_only (contents, length, source, &error);
  g_assert_no_error (error);

  g_assert_true (bs_variant_save_file (variant, path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &before, NULL, NULL));
  g_assert_true (g_str_has_prefix (before, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                                           "<variant format=\"1\" id=\"abrobad\""));
  g_clear_pointer (&contents, g_free);
  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  loaded = read_format_only (contents, length, path, &error);
  g_assert_no_error (error);
  g_assert_true (bs_variant_equal (variant, loaded));

  /* Overwriting replaces the whole file. */
  g_free (variant->name);
  variant->name = g_strdup ("Renamed");
  g_assert_true (bs_variant_save_file (variant, path, &error));
  g_assert_true (g_file_get_contents (path, &after, NULL, NULL));
  g_assert_nonnull (strstr (after, "<name>Renamed</name>"));
  g_assert_null (strstr (after, "<name>Abrobad</name>"));

  /* A failed save says where and leaves nothing behind. */
  g_assert_false (bs_variant_save_file (variant, nowhere, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
  g_assert_true (g_str_has_prefix (error->message, nowhere));
  g_clear_error (&error);

  /* Saving over a directory fails and leaves the directory as it was. */
  g_assert_false (bs_variant_save_file (variant, dir, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
  {
    g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
    const char *name;
    guint n = 0;
    while ((name = g_dir_read_name (d)) != NULL)
      {
        g_assert_cmpstr (name, ==, "mine.xml");
        n++;
      }
    g_assert_cmpuint (n, ==, 1);
  }

  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static void
test_builtin (void)
{
  const char * const *dirs = bs_variant_builtin_dirs ();
  g_auto(GStrv) names = bs_variant_list_builtin ();
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariant) variant = NULL;

  g_assert_cmpstr (dirs[0], ==, g_getenv ("BOARDSMITH_RULES_DIR"));
  g_assert_cmpstr (dirs[1], ==, BS_INSTALLED_RULES_DIR);
  g_assert_cmpstr (dirs[2], ==, BS_SOURCE_RULES_DIR);
  g_assert_null (dirs[3]);

  /* The shipped variants, sorted, each once. */
  g_assert_cmpuint (g_strv_length (names), ==, G_N_ELEMENTS (builtin) - 1);
  for (guint i = 0; builtin[i] != NULL; i++)
    g_assert_cmpstr (names[i], ==, builtin[i]);

  variant = bs_variant_lookup ("chess", &error);
  g_assert_null (variant);
  g_assert_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_UNKNOWN);
  g_assert_cmpstr (error->message, ==,
                   "chess: no such file, and not a built-in variant (abrobad, agoraphobia, "
                   "astoria, ataxx, breakthrough, clobber, gomoku, hex, ikabegama, reversi, tribes)");
  g_clear_error (&error);

  variant = bs_variant_lookup ("no/such/file.xml", &error);
  g_assert_null (variant);
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
}

/* bs-xml on its own. */

static void
test_xml_parse (void)
{
  static const char good[] =
    "<?xml version=\"1.0\"?>\n"
    "<!-- a comment -->\n"
    "<?some-pi data?>\n"
    "<root a=\"1\">\n"
    "  <!-- inside -->\n"
    "  <child n=\"-12\" t=\"x &amp; y\"><![CDATA[text <b>]]></child>\n"
    "</root>\n";
  BsXmlSource source = { "good.xml", BS_RECORD_ERROR };
  g_autoptr(GError) error = NULL;
  g_autoptr(xmlDoc) doc = bs_xml_parse_full (good, strlen (good), &source, 4096, &error);
  xmlNode *root, *child;
  g_autofree char *text = NULL;
  g_autofree char *value = NULL;
  BsXmlChildren walk;
  int n = 0;

  g_assert_no_error (error);
  root = xmlDocGetRootElement (doc);
  g_assert_true (bs_xml_is (root, "root"));
  g_assert_cmpint (bs_xml_line (root), ==, 4);

  bs_xml_children_init (&walk, root, (const char * const[]) { "child", NULL }, NULL, &source);
  child = bs_xml_children_next (&walk, &error);
  g_assert_no_error (error);
  g_assert_true (bs_xml_is (child, "child"));
  g_assert_cmpint (bs_xml_line (child), ==, 6);
  g_assert_null (bs_xml_children_next (&walk, &error));
  g_assert_no_error (error);
  /* The end stays the end. */
  g_assert_null (bs_xml_children_next (&walk, &error));
  g_assert_no_error (error);

  text = bs_xml_get_text (child, &source, &error);
  g_assert_cmpstr (text, ==, "text <b>");
  g_assert_true (bs_xml_get_int (child, "n", TRUE, -100, 100, &n, &source, &error));
  g_assert_cmpint (n, ==, -12);
  g_assert_true (bs_xml_get_string (child, "t", TRUE, &value, &source, &error));
  g_assert_cmpstr (value, ==, "x & y");

  /* Errors carry the caller's domain, file and line. */
  g_assert_false (bs_xml_get_int (child, "n", TRUE, 0, 100, &n, &source, &error));
  g_assert_error (error, BS_RECORD_ERROR, BS_RECORD_ERROR_VALUE);
  g_assert_cmpstr (error->message, ==, "good.xml:6: <child n>: -12 is out of range (0 to 100)");
  g_clear_error (&error);
  g_assert_false (bs_xml_get_int (child, "missing", TRUE, 0, 1, &n, &source, &error));
  g_assert_error (error, BS_RECORD_ERROR, BS_RECORD_ERROR_SCHEMA);
  g_assert_cmpstr (error->message, ==, "good.xml:6: missing attribute \"missing\" on <child>");
  g_clear_error (&error);
  g_assert_true (bs_xml_get_int (child, "missing", FALSE, 0, 1, &n, &source, &error));
  g_assert_cmpint (n, ==, -12);
  g_assert_false (bs_xml_check_attributes (child, (const char * const[]) { "n", NULL },
                                           &source, &error));
  g_assert_cmpstr (error->message, ==, "good.xml:6: unknown attribute \"t\" on <child>");
  g_clear_error (&error);
  bs_xml_children_init (&walk, root, (const char * const[]) { "other", NULL }, NULL, &source);
  g_assert_null (bs_xml_children_next (&walk, &error));
  g_assert_cmpstr (error->message, ==, "good.xml:6: unknown element <child> in <root>");
}

static void
test_xml_int_syntax (void)
{
  static const char * const bad[] = { "", " 1", "1 ", "+", "-", "1e3", "0x10", "١", "1.0", NULL };
  int value = 0;

  for (guint i = 0; bad[i] != NULL; i++)
    {
      g_autoptr(GError) error = NULL;
      g_assert_false (bs_parse_int (bad[i], -10, 10, &value, &error));
      g_assert_nonnull (error);
    }
  g_assert_true (bs_parse_int ("+7", 0, 10, &value, NULL));
  g_assert_cmpint (value, ==, 7);
  g_assert_true (bs_parse_int ("-0", 0, 10, &value, NULL));
  g_assert_cmpint (value, ==, 0);
  g_assert_true (bs_parse_int ("007", 0, 10, &value, NULL));
  g_assert_cmpint (value, ==, 7);
  g_assert_false (bs_parse_int ("2147483648", G_MININT, G_MAXINT, &value, NULL));
  g_assert_true (bs_parse_int ("-2147483648", G_MININT, G_MAXINT, &value, NULL));
  g_assert_cmpint (value, ==, G_MININT);
}

/* Entities, external or internal, never get in: the DOCTYPE is refused. */
static void
test_xml_refuses_entities (void)
{
  static const char * const docs[] = {
    "<!DOCTYPE r [<!ENTITY e SYSTEM \"file:///etc/passwd\">]><r>&e;</r>",
    "<!DOCTYPE r [<!ENTITY e \"internal\">]><r>&e;</r>",
    "<!DOCTYPE r SYSTEM \"http://127.0.0.1:9/r.dtd\"><r/>",
    "<!DOCTYPE r PUBLIC \"-//X//Y\" \"r.dtd\"><r/>",
    "<!DOCTYPE r><r/>",
    "<?xml version=\"1.0\"?>\n\n<!DOCTYPE r [\n<!ENTITY % p SYSTEM \"http://x/\">\n%p;\n]><r/>",
    NULL
  };

  for (guint i = 0; docs[i] != NULL; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(xmlDoc) doc = bs_xml_parse (docs[i], strlen (docs[i]), "e.xml", &error);
      int line = i == 5 ? 3 : 1;
      g_autofree char *expected = g_strdup_printf (
        "e.xml:%d: DOCTYPE declarations are not allowed (Boardsmith files use no DTD and no "
        "entities)", line);

      g_assert_null (doc);
      g_assert_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_PARSE);
      g_assert_cmpstr (error->message, ==, expected);
    }
}

static void
test_xml_memory_name (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(xmlDoc) doc = bs_xml_parse ("<a>", 3, NULL, &error);

  g_assert_null (doc);
  g_assert_cmpstr (error->message, ==, "(memory):1: the file ends before <a> (opened on line 1) is closed");
}

/* libxml2 quotes a bad namespace URI whole: many short words are cut as a
 * whole, however long the quote (fuzz-variant found a 2,000-byte message). */
static void
test_xml_long_quote_of_words (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) xml = g_string_new ("<variant xmlns=\"http://x/ns/");
  g_autoptr(xmlDoc) doc = NULL;

  for (int i = 0; i < 500; i++)
    g_string_append (xml, "word ");
  g_string_append (xml, "\"/>");
  doc = bs_xml_parse (xml->str, xml->len, "words.xml", &error);
  g_assert_null (doc);
  g_assert_true (g_str_has_prefix (error->message, "words.xml:1: "));
  g_assert_true (g_str_has_suffix (error->message, "…"));
  g_assert_cmpint (g_utf8_strlen (error->message, -1), <=,
                   (glong) strlen ("words.xml:1: ") + BS_MESSAGE_MAX_LENGTH + 1);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/xml/parse", test_xml_parse);
  g_test_add_func ("/xml/int-syntax", test_xml_int_syntax);
  g_test_add_func ("/xml/refuses-entities", test_xml_refuses_entities);
  g_test_add_func ("/xml/memory-name", test_xml_memory_name);
  g_test_add_func ("/xml/long-quote-of-words", test_xml_long_quote_of_words);
  g_test_add_func ("/variant-xml/round-trip/shipped", test_round_trip_shipped);
  g_test_add_func ("/variant-xml/round-trip/modules", test_round_trip_modules);
  g_test_add_func ("/variant-xml/round-trip/everything", test_round_trip_everything);
  g_test_add_func ("/variant-xml/compact-shipped", test_compact_shipped);
  g_test_add_func ("/variant-xml/texts-and-ids", test_texts_and_ids);
  g_test_add_func ("/variant-xml/save-file", test_save_file);
  g_test_add_func ("/variant-xml/builtin", test_builtin);
  return g_test_run ();
}
