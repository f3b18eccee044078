/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The catalogue of broken variant files (tests/data/bad-variants/): each
 * must be refused with exactly the message and line below, never crash,
 * never print anything of libxml2's own. Files whose error is one only the
 * rule module can find are skipped while that module is not built in.
 * Those the RELAX NG schema can see must be rejected by xmllint too. */

#include "config.h"

#include <string.h>

#include <gio/gio.h>
#include <glib/gstdio.h>

#include "bs-error.h"
#include "bs-module.h"
#include "bs-ruleset.h"
#include "bs-variant-xml.h"
#include "bs-variant.h"

typedef struct {
  const char *file;
  const char *module;     /* the module that must exist to find the error, or NULL */
  int         code;       /* BsVariantError */
  int         line;       /* 0: the message has no line */
  const char *message;    /* {modules}: the registered modules; {options}: the module's options */
  gboolean    schema_rejects;   /* xmllint --relaxng must refuse it too */
} BadVariant;

#define PARSE     BS_VARIANT_ERROR_PARSE
#define SCHEMA    BS_VARIANT_ERROR_SCHEMA
#define VALUE     BS_VARIANT_ERROR_VALUE
#define UNKNOWN   BS_VARIANT_ERROR_UNKNOWN
#define DUPLICATE BS_VARIANT_ERROR_DUPLICATE
#define INVALID   BS_VARIANT_ERROR_INVALID

static const BadVariant catalogue[] = {
  /* Not XML, or XML we refuse to parse. */
  { "empty.xml", NULL, PARSE, 1, "the file is empty", TRUE },
  { "whitespace-only.xml", NULL, PARSE, 4,
    "no element found: the file is empty or does not start with “<”", TRUE },
  { "binary-garbage.bin", NULL, PARSE, 1,
    "no element found: the file is empty or does not start with “<”", TRUE },
  { "bad-utf8.xml", NULL, PARSE, 3,
    "the file is not valid UTF-8 (it says it is): bytes 0xFF 0x3C 0x2F 0x6E", TRUE },
  { "not-well-formed.xml", NULL, PARSE, 14,
    "<players> (opened on line 5) is closed by </player>", TRUE },
  { "bad-encoding.xml", NULL, PARSE, 4,
    "the file is not valid Shift_JIS (it says it is): bytes 0x81 0x20 0x3C 0x2F", TRUE },
  { "truncated.xml", NULL, PARSE, 7, "the file ends before <players> (opened on line 6) is closed", TRUE },
  { "deep-nesting.xml", NULL, PARSE, 3,
    "elements are nested too deeply (more than 256 levels)", TRUE },
  { "two-roots.xml", NULL, PARSE, 19, "more follows the end of the root element", TRUE },
  { "undefined-entity.xml", NULL, PARSE, 3, "unknown entity &jerry; (only &amp; &lt; &gt; &quot; &apos; are known)",
    TRUE },
  { "xxe-external-entity.xml", NULL, PARSE, 2,
    "DOCTYPE declarations are not allowed (Boardsmith files use no DTD and no entities)",
    FALSE },
  { "billion-laughs.xml", NULL, PARSE, 2,
    "DOCTYPE declarations are not allowed (Boardsmith files use no DTD and no entities)",
    TRUE },
  { "doctype-external-dtd.xml", NULL, PARSE, 2,
    "DOCTYPE declarations are not allowed (Boardsmith files use no DTD and no entities)",
    FALSE },

  /* The structure the format fixes. */
  { "wrong-root.xml", NULL, SCHEMA, 2, "expected a <variant> element, not <game>", TRUE },
  { "namespaced-root.xml", NULL, SCHEMA, 2,
    "<variant> must not be in a namespace (found \"http://example.org/variant\")", TRUE },
  { "xinclude.xml", NULL, SCHEMA, 4, "unknown element <xi:include> in <variant>", TRUE },
  { "missing-format.xml", NULL, SCHEMA, 2, "missing attribute \"format\" on <variant>", TRUE },
  { "format-2.xml", NULL, VALUE, 2,
    "<variant format>: unsupported format version 2 (this version of Boardsmith reads "
    "format 1)", TRUE },
  { "format-not-integer.xml", NULL, VALUE, 2, "<variant format>: \"one\" is not an integer",
    TRUE },
  { "missing-module.xml", NULL, SCHEMA, 2, "missing attribute \"module\" on <variant>", TRUE },
  { "draft-false.xml", NULL, VALUE, 2, "<variant draft>: \"false\" is not one of true", TRUE },
  { "unknown-root-attribute.xml", NULL, SCHEMA, 2,
    "unknown attribute \"version\" on <variant>", TRUE },
  { "unknown-element.xml", NULL, SCHEMA, 18, "unknown element <colour> in <variant>", TRUE },
  { "unknown-attribute.xml", NULL, SCHEMA, 4, "unknown attribute \"radius\" on <board>", TRUE },
  { "missing-name.xml", NULL, SCHEMA, 2, "<variant> lacks the element <name>", TRUE },
  { "empty-name.xml", NULL, VALUE, 3, "<name> is empty", TRUE },
  { "name-too-long.xml", NULL, VALUE, 3,
    "<name> is too long (101 characters; at most 100)", TRUE },
  { "author-too-long.xml", NULL, VALUE, 4,
    "<author> is too long (101 characters; at most 100)", TRUE },
  { "description-too-long.xml", NULL, VALUE, 4,
    "<description> is too long (5004 characters; at most 5000)", TRUE },
  { "player-name-too-long.xml", NULL, VALUE, 10,
    "<player name> is too long (51 characters; at most 50)", TRUE },
  { "id-path.xml", NULL, VALUE, 2,
    "<variant id>: \"../../etc/passwd\" is not an identifier (a letter or digit, then "
    "letters, digits, - and _)", TRUE },
  { "id-accent.xml", NULL, VALUE, 2,
    "<variant id>: \"agorá\" is not an identifier (a letter or digit, then letters, digits, "
    "- and _)", TRUE },
  { "id-too-long.xml", NULL, VALUE, 2,
    "<variant id> is too long (65 characters; at most 64)", TRUE },
  { "kind-not-identifier.xml", NULL, VALUE, 8,
    "<supply kind>: \"large piece\" is not an identifier (a letter or digit, then letters, "
    "digits, - and _)", TRUE },
  { "duplicate-board.xml", NULL, DUPLICATE, 18,
    "duplicate element <board> (already at line 4)", TRUE },
  { "missing-players.xml", NULL, SCHEMA, 2, "<variant> lacks the element <players>", TRUE },
  { "missing-shape.xml", NULL, SCHEMA, 4, "missing attribute \"shape\" on <board>", TRUE },
  { "unknown-shape.xml", NULL, VALUE, 4,
    "<board shape>: \"circle\" is not one of square, hex-rhombus, hexagon, limping", TRUE },
  { "size-zero.xml", NULL, VALUE, 4, "board size 0 is out of range (1 to 32)", TRUE },
  { "size-billion.xml", NULL, VALUE, 4, "board size 1000000000 is out of range (1 to 32)",
    FALSE },
  { "size-huge-number.xml", NULL, VALUE, 4,
    "<board size>: 99999999999999999999 is too large a number", FALSE },
  { "too-many-cells.xml", NULL, VALUE, 4,
    "a hex-rhombus board of 4096 cells is larger than the limit of 1024 cells", FALSE },
  { "width-not-integer.xml", NULL, VALUE, 4, "<board width>: \"7.5\" is not an integer", TRUE },
  { "width-with-spaces.xml", NULL, VALUE, 4, "<board width>: \" 7\" is not an integer",
    FALSE },
  { "size-on-rhombus.xml", NULL, SCHEMA, 4,
    "attribute \"size\" does not apply to a hex-rhombus board", TRUE },
  { "missing-width.xml", NULL, SCHEMA, 4, "missing attribute \"width\" on <board>", TRUE },
  { "adjacency-6.xml", NULL, VALUE, 4, "<board adjacency>: 6 is neither 4 nor 8", TRUE },
  { "bad-hole-label.xml", NULL, VALUE, 5,
    "<hole cell>: \"4d\" is not a cell label (like a1 or d4)", TRUE },
  { "duplicate-hole.xml", NULL, DUPLICATE, 7, "duplicate hole d4 (already at line 5)", FALSE },
  { "text-in-board.xml", NULL, SCHEMA, 6, "unexpected text \"hello\" in <board>", TRUE },
  { "duplicate-nest.xml", NULL, DUPLICATE, 7,
    "duplicate special \"nest\" for player 1 (already at line 5)", FALSE },
  { "duplicate-player.xml", NULL, DUPLICATE, 10, "duplicate player 1 (already at line 6)",
    TRUE },
  { "missing-player-2.xml", NULL, SCHEMA, 5, "<players> lacks <player number=\"2\">", TRUE },
  { "player-3.xml", NULL, VALUE, 10, "<player number>: 3 is out of range (1 to 2)", TRUE },
  { "bad-colour-name.xml", NULL, VALUE, 6,
    "<player color>: \"red\" is not a colour of the form #rrggbb", TRUE },
  { "bad-colour-short.xml", NULL, VALUE, 10,
    "<player color>: \"#2b2\" is not a colour of the form #rrggbb", TRUE },
  { "bad-colour-digits.xml", NULL, VALUE, 6,
    "<player color>: \"#f2efg6\" is not a colour of the form #rrggbb", TRUE },
  { "missing-colour.xml", NULL, SCHEMA, 6, "missing attribute \"color\" on <player>", TRUE },
  { "negative-supply.xml", NULL, VALUE, 8, "<supply count>: -1 is out of range (0 to 9999)",
    TRUE },
  { "supply-not-integer.xml", NULL, VALUE, 11, "<supply count>: \"ten\" is not an integer",
    TRUE },
  { "supply-too-large.xml", NULL, VALUE, 7,
    "<supply count>: 10000 is out of range (0 to 9999)", TRUE },
  { "duplicate-supply.xml", NULL, DUPLICATE, 9,
    "duplicate supply of \"small\" for player 1 (already at line 7)", FALSE },
  { "duplicate-option.xml", NULL, DUPLICATE, 18,
    "duplicate option \"push-large\" (already at line 16)", FALSE },
  { "missing-option-value.xml", NULL, SCHEMA, 16, "missing attribute \"value\" on <option>",
    TRUE },
  { "bad-direction.xml", NULL, VALUE, 10, "<piece dir>: \"NE\" is not one of N, E, S, W", TRUE },
  { "duplicate-setup-cell.xml", NULL, DUPLICATE, 12,
    "two setup pieces on d4 (the other at line 10)", FALSE },

  /* What only the rule module knows (bs_variant_validate). */
  { "unknown-module.xml", NULL, UNKNOWN, 2, "unknown rule module \"chess\" (known: {modules})",
    FALSE },
  { "unknown-option.xml", "agoraphobia", UNKNOWN, 17,
    "unknown option \"push-medium\" for agoraphobia (its options: {options})", FALSE },
  { "option-out-of-range.xml", "agoraphobia", VALUE, 17,
    "option push-large: 7 is out of range (1 to 6)", FALSE },
  { "option-wrong-type.xml", "agoraphobia", VALUE, 16,
    "option large-weight: \"heavy\" is not an integer", FALSE },
  { "max-plies-too-large.xml", "agoraphobia", VALUE, 16,
    "option max-plies: 100001 is out of range (0 to 100000)", FALSE },
  { "unknown-enum-choice.xml", "abrobad", VALUE, 10,
    "option movement: \"teleport\" is not one of first-empty, hop, step, slide, max-slide",
    FALSE },
  { "unknown-kind.xml", "agoraphobia", UNKNOWN, 12,
    "unknown piece kind \"medium\" for agoraphobia", FALSE },
  { "supply-for-unlimited.xml", "abrobad", INVALID, 8,
    "abrobad has unlimited supplies: a supply of \"stone\" cannot be set", FALSE },
  { "hole-off-board.xml", "agoraphobia", UNKNOWN, 5, "hole h2 is not on the board", FALSE },
  { "unknown-special.xml", "agoraphobia", UNKNOWN, 5,
    "unknown special cell \"nest\" for agoraphobia", FALSE },
  { "nest-on-hole.xml", "ikabegama", INVALID, 7, "nest a1 is on a hole", FALSE },
  /* A draft the editor saved unfinished is opened in the editor, never
   * played; the schema accepts it (its name may even be empty). */
  { "draft-unfinished.xml", "ikabegama", INVALID, 7,
    "nest a1 is on a hole (the file is an unfinished draft: finish it in the variant editor)",
    FALSE },
  { "missing-nest.xml", "ikabegama", INVALID, 4, "ikabegama needs a nest for player 2", FALSE },
  { "nest-off-board.xml", "ikabegama", UNKNOWN, 6, "nest a9 is not on the board", FALSE },
  { "wrong-shape-for-module.xml", "tribes", INVALID, 4,
    "tribes is not played on a hexagon board (it is played on: square)", FALSE },
  { "tribes-too-few-pieces.xml", "tribes", INVALID, 6,
    "Tribes needs at least 24 pieces in all, enough to fill every cell but the centre, but "
    "the players have 22", FALSE },
  { "setup-off-board.xml", "astoria", UNKNOWN, 11, "setup piece i4 is not on the board",
    FALSE },
  { "setup-unknown-kind.xml", "astoria", UNKNOWN, 10,
    "unknown piece kind \"square\" for astoria", FALSE },
  { "setup-triangle-without-dir.xml", "astoria", VALUE, 10,
    "a triangle needs a direction (N, E, S or W)", FALSE },
};

static char *
module_ids (void)
{
  GString *s = g_string_new (NULL);
  guint n;
  const BsModule * const *list = bs_module_list (&n);

  for (guint i = 0; i < n; i++)
    g_string_append_printf (s, "%s%s", i ? ", " : "", list[i]->id);
  return g_string_free (s, FALSE);
}

static char *
option_ids (const char *module_id)
{
  const BsModule *module = bs_module_find (module_id);
  GString *s = g_string_new (NULL);

  for (guint i = 0; module != NULL && i < module->n_options; i++)
    g_string_append_printf (s, "%s%s", i ? ", " : "", module->options[i].id);
  return g_string_free (s, FALSE);
}

static char *
expected_message (const BadVariant *bad,
                  const char       *path)
{
  g_autofree char *modules = module_ids ();
  g_autofree char *options = option_ids (bad->module != NULL ? bad->module : "");
  g_autoptr(GString) message = g_string_new (bad->message);

  g_string_replace (message, "{modules}", modules, 0);
  g_string_replace (message, "{options}", options, 0);
  if (bad->line > 0)
    return g_strdup_printf ("%s:%d: %s", path, bad->line, message->str);
  return g_strdup_printf ("%s: %s", path, message->str);
}

static char *
bad_path (const char *file)
{
  return g_test_build_filename (G_TEST_DIST, "data", "bad-variants", file, NULL);
}

static void
check_load (gconstpointer data)
{
  const BadVariant *bad = data;
  g_autofree char *path = bad_path (bad->file);
  g_autofree char *expected = expected_message (bad, path);
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariant) variant = NULL;
  gsize length;

  if (bad->module != NULL && bs_module_find (bad->module) == NULL)
    {
      g_autofree char *why = g_strdup_printf ("module %s is not built in", bad->module);
      g_test_skip (why);
      return;
    }

  variant = bs_variant_load_file (path, &error);
  g_assert_null (variant);
  g_assert_error (error, BS_VARIANT_ERROR, bad->code);
  g_assert_cmpstr (error->message, ==, expected);

  /* The same from memory, under the same name. */
  g_clear_error (&error);
  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  variant = bs_variant_load_data (contents, length, path, &error);
  g_assert_null (variant);
  g_assert_error (error, BS_VARIANT_ERROR, bad->code);
  g_assert_cmpstr (error->message, ==, expected);
}

/* libxml2 must print nothing of its own: the error is ours to report. */
static void
check_silent (gconstpointer data)
{
  const BadVariant *bad = data;

  if (g_test_subprocess ())
    {
      g_autofree char *path = bad_path (bad->file);
      g_autoptr(GError) error = NULL;
      g_autoptr(BsVariant) variant = bs_variant_load_file (path, &error);
      g_assert_null (variant);
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  g_test_trap_assert_stderr ("");
  g_test_trap_assert_stdout ("");
}

static void
check_schema_rejects (gconstpointer data)
{
  const BadVariant *bad = data;
  const char *xmllint = g_getenv ("XMLLINT");
  g_autofree char *path = bad_path (bad->file);
  g_autofree char *schema = g_test_build_filename (G_TEST_DIST, "..", "rules",
                                                   "boardsmith-variant.rng", NULL);
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GError) error = NULL;

  if (xmllint == NULL || xmllint[0] == '\0')
    {
      g_test_skip ("XMLLINT is not set");
      return;
    }
  process = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_SILENCE |
                              G_SUBPROCESS_FLAGS_STDERR_SILENCE, &error,
                              xmllint, "--noout", "--nonet", "--relaxng", schema, path, NULL);
  g_assert_no_error (error);
  g_subprocess_wait (process, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (process));
  g_assert_cmpint (g_subprocess_get_exit_status (process), !=, 0);
}

/* A draft opens for editing as it was saved: the format's checks only. */
static void
test_draft_opens_unchecked (void)
{
  g_autofree char *path = bad_path ("draft-unfinished.xml");
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariant) variant = bs_variant_load_file_unchecked (path, &error);

  g_assert_no_error (error);
  g_assert_true (variant->draft);
  g_assert_cmpstr (variant->name, ==, "");
  g_assert_cmpuint (variant->holes->len, ==, 2);
  g_assert_cmpuint (variant->specials->len, ==, 2);
  /* The format is still checked. */
  g_clear_pointer (&variant, bs_variant_free);
  g_free (path);
  path = bad_path ("draft-false.xml");
  variant = bs_variant_load_file_unchecked (path, &error);
  g_assert_null (variant);
  g_assert_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_VALUE);
}

/* Every file of the directory is in the table, and the table is big. */
static void
test_catalogue_complete (void)
{
  g_autofree char *dir_path = g_test_build_filename (G_TEST_DIST, "data", "bad-variants", NULL);
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  const char *name;
  guint n_files = 0;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      gboolean listed = FALSE;

      for (guint i = 0; i < G_N_ELEMENTS (catalogue) && !listed; i++)
        listed = g_str_equal (catalogue[i].file, name);
      if (!listed)
        g_error ("%s is in bad-variants/ but not in the catalogue's table", name);
      n_files++;
    }
  g_assert_cmpuint (n_files, ==, G_N_ELEMENTS (catalogue));
  g_assert_cmpuint (n_files, >=, 35);
}

/* Over the size limit: refused before parsing, from a file and from memory.
 * Generated here rather than committed. */
static void
test_oversize (void)
{
  g_autofree char *dir = g_dir_make_tmp ("boardsmith-test-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "oversize.xml", NULL);
  g_autoptr(GString) data = g_string_new ("<?xml version=\"1.0\"?>\n<variant format=\"1\" "
                                          "module=\"agoraphobia\">\n<!--");
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariant) variant = NULL;
  g_autofree char *expected = NULL;

  while (data->len <= BS_VARIANT_MAX_FILE_SIZE)
    g_string_append (data, "padding padding padding padding padding padding padding\n");
  g_string_append (data, "-->\n</variant>\n");
  g_assert_true (g_file_set_contents (path, data->str, (gssize) data->len, NULL));

  variant = bs_variant_load_file (path, &error);
  g_assert_null (variant);
  g_assert_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_PARSE);
  expected = g_strdup_printf ("%s: the file is too large (more than %d bytes)", path,
                              BS_VARIANT_MAX_FILE_SIZE);
  g_assert_cmpstr (error->message, ==, expected);

  g_clear_error (&error);
  g_clear_pointer (&expected, g_free);
  variant = bs_variant_load_data (data->str, data->len, path, &error);
  g_assert_null (variant);
  g_assert_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_PARSE);
  expected = g_strdup_printf ("%s: the file is too large (%" G_GSIZE_FORMAT " bytes; at most %d "
                              "are accepted)", path, data->len, BS_VARIANT_MAX_FILE_SIZE);
  g_assert_cmpstr (error->message, ==, expected);

  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* One element with 80,000 attributes (under the size limit) is refused at
 * once, naming the element and its line: libxml2 checks an element's
 * attributes for duplicates in quadratic time (81 s for this file). */
static void
test_many_attributes (void)
{
  g_autoptr(GString) data = g_string_new ("<?xml version=\"1.0\"?>\n"
                                          "<variant format=\"1\" module=\"agoraphobia\">\n"
                                          "  <name>Many</name>\n  <board shape=\"hexagon\"");
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariant) variant = NULL;

  for (guint i = 0; i < 80000; i++)
    g_string_append_printf (data, " a%u=''", i);
  g_string_append (data, "/>\n</variant>\n");
  g_assert_cmpuint (data->len, <, BS_VARIANT_MAX_FILE_SIZE);

  variant = bs_variant_load_data (data->str, data->len, "many.xml", &error);
  g_assert_null (variant);
  g_assert_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_PARSE);
  g_assert_cmpstr (error->message, ==,
                   "many.xml:4: <board> has more than 32 attributes");

  /* Attributes inside comments, CDATA and quoted values are not counted. */
  g_clear_error (&error);
  g_string_assign (data, "<?xml version=\"1.0\"?>\n<variant format=\"1\" module=\"agoraphobia\">"
                         "<!-- <a");
  for (guint i = 0; i < 100; i++)
    g_string_append_printf (data, " a%u=''", i);
  g_string_append (data, "> --><name a='");
  for (guint i = 0; i < 100; i++)
    g_string_append (data, " = ");
  g_string_append (data, "'>x</name></variant>");
  variant = bs_variant_load_data (data->str, data->len, "comment.xml", &error);
  g_assert_null (variant);
  g_assert_cmpstr (error->message, ==, "comment.xml:2: unknown attribute \"a\" on <name>");
}

/* A 100 KB value is quoted cut short, wherever the error is found. */
static void
test_long_tokens (void)
{
  static const struct {
    const char *before;
    const char *after;
    const char *expected;
  } cases[] = {
    { "<board shape=\"hex-rhombus\" height=\"7\" width=\"", "\"/>",
      "long.xml:3: <board width>: 1111111111111111111111111111111111111111… is too large a "
      "number" },
    { "<board shape=\"hex-rhombus\" height=\"7\" width=\"7\"><hole cell=\"", "\"/></board>",
      "long.xml:3: <hole cell>: \"1111111111111111111111111111111111111111…\" is not a cell "
      "label (like a1 or d4)" },
    { "<board shape=\"hex-rhombus\" height=\"7\" width=\"7\"/><options><option id=\"push-large\" "
      "value=\"", "\"/></options>",
      "long.xml:3: option push-large: 1111111111111111111111111111111111111111… is too large a "
      "number" },
    { "<board shape=\"limping\" size=\"", "\"/>",
      "long.xml:3: <board size>: \"1111111111111111111111111111111111111111…\" is not an "
      "integer" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GString) data = g_string_new ("<?xml version=\"1.0\"?>\n"
                                              "<variant format=\"1\" module=\"agoraphobia\">\n"
                                              "<name>Long</name>");
      g_autoptr(GError) error = NULL;
      g_autoptr(BsVariant) variant = NULL;

      g_string_append (data, cases[i].before);
      for (guint j = 0; j < 100000; j++)
        g_string_append_c (data, '1');
      if (i == 3)
        g_string_append_c (data, 'x');
      g_string_append (data, cases[i].after);
      g_string_append (data, "<players><player number=\"1\" name=\"L\" color=\"#ffffff\"/>"
                             "<player number=\"2\" name=\"D\" color=\"#000000\"/></players>"
                             "</variant>\n");
      variant = bs_variant_load_data (data->str, data->len, "long.xml", &error);
      g_assert_null (variant);
      if (i == 2 && bs_module_find ("agoraphobia") == NULL)
        continue;
      g_assert_cmpstr (error->message, ==, cases[i].expected);
    }
}

/* A file that is not there, and a directory. */
static void
test_unreadable (void)
{
  g_autofree char *path = bad_path ("no-such-file.xml");
  g_autofree char *dir = g_test_build_filename (G_TEST_DIST, "data", "bad-variants", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariant) variant = NULL;
  g_autofree char *expected = g_strdup_printf ("%s: cannot open: No such file or directory",
                                               path);

  variant = bs_variant_load_file (path, &error);
  g_assert_null (variant);
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
  g_assert_cmpstr (error->message, ==, expected);

  g_clear_error (&error);
  variant = bs_variant_load_file (dir, &error);
  g_assert_null (variant);
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_ISDIR);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/bad-variants/complete", test_catalogue_complete);
  g_test_add_func ("/bad-variants/oversize", test_oversize);
  g_test_add_func ("/bad-variants/unreadable", test_unreadable);
  g_test_add_func ("/bad-variants/many-attributes", test_many_attributes);
  g_test_add_func ("/bad-variants/long-tokens", test_long_tokens);
  g_test_add_func ("/bad-variants/draft-opens-unchecked", test_draft_opens_unchecked);
  for (guint i = 0; i < G_N_ELEMENTS (catalogue); i++)
    {
      g_autofree char *load = g_strdup_printf ("/bad-variants/load/%s", catalogue[i].file);
      g_autofree char *silent = g_strdup_printf ("/bad-variants/silent/%s", catalogue[i].file);

      g_test_add_data_func (load, &catalogue[i], check_load);
      g_test_add_data_func (silent, &catalogue[i], check_silent);
      if (catalogue[i].schema_rejects)
        {
          g_autofree char *schema = g_strdup_printf ("/bad-variants/schema/%s",
                                                     catalogue[i].file);
          g_test_add_data_func (schema, &catalogue[i], check_schema_rejects);
        }
    }
  return g_test_run ();
}
