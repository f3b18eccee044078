/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The study file's structure: every file reads the same with or without
 * the whitespace between its elements (an element's last child followed
 * directly by its parent's end tag once made the reader start over, for
 * ever), and an element the format allows once is refused the second time,
 * with the file and the line. Each read runs in a child process with a
 * time limit, so that a reader that loops fails the test instead of
 * hanging it. */

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <glib/gstdio.h>
#include <libxml/parser.h>
#include <libxml/tree.h>

#include "bs-error.h"
#include "bs-record.h"
#include "bs-study-runner.h"
#include "bs-xml.h"

static char *tmpdir;

/* The time a read in a child process may take: a minute (it takes
 * milliseconds), scaled by the tests' factor for a busy or sanitised
 * machine. */
static guint64
read_limit_us (void)
{
  const char *factor = g_getenv ("BOARDSMITH_E2E_TIMEOUT_MULTIPLIER");
  double f = factor != NULL ? g_ascii_strtod (factor, NULL) : 1.0;

  return (guint64) (60.0 * MAX (f, 1.0) * G_USEC_PER_SEC);
}

static char *
write_temp (const char *name,
            const char *text)
{
  g_autoptr(GError) error = NULL;
  char *path = g_build_filename (tmpdir, name, NULL);

  g_file_set_contents (path, text, -1, &error);
  g_assert_no_error (error);
  return path;
}

/* A small finished sweep (two arms, evaluations recorded) in path. */
static char *
make_sweep_file (const char *name)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariant) variant = bs_variant_lookup ("breakthrough", &error);
  g_autoptr(BsStudy) study = NULL;
  g_autoptr(BsStudyRunner) runner = NULL;
  char *path = g_build_filename (tmpdir, name, NULL);

  g_assert_no_error (error);
  study = bs_study_new (BS_STUDY_SWEEP, 11, "random", "20", &error);
  g_assert_no_error (error);
  study->games = 4;
  study->sweep_key = g_strdup ("width");
  for (int width = 5; width <= 6; width++)
    {
      g_autoptr(BsVariant) arm = bs_variant_copy (variant);
      g_autofree char *value = g_strdup_printf ("%d", width);
      g_autofree char *set_width = g_strdup_printf ("width=%d", width);
      g_autofree char *set_height = g_strdup_printf ("height=%d", width);
      const char * const settings[] = { set_width, set_height, NULL };

      g_assert_true (bs_variant_apply_settings (arm, settings, &error));
      g_assert_no_error (error);
      bs_study_add_arm (study, arm, value);
    }
  g_assert_true (bs_study_prepare (study, &error));
  runner = bs_study_runner_new (study, path, &error);
  g_assert_no_error (error);
  bs_study_runner_set_jobs (runner, 1);
  g_assert_true (bs_study_runner_run (runner, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  return path;
}

/* Drops every blank text node and every comment. */
static void
strip_blanks (xmlNode *node)
{
  xmlNode *child = node->children;

  while (child != NULL)
    {
      xmlNode *next = child->next;

      if ((child->type == XML_TEXT_NODE && xmlIsBlankNode (child)) ||
          child->type == XML_COMMENT_NODE)
        {
          xmlUnlinkNode (child);
          xmlFreeNode (child);
        }
      else if (child->type == XML_ELEMENT_NODE)
        strip_blanks (child);
      child = next;
    }
}

/* The same document without whitespace between elements: "…</legal></game>". */
static char *
compact_copy (const char *path)
{
  g_autofree char *contents = NULL;
  g_autofree char *name = NULL;
  g_autofree char *base = g_path_get_basename (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(xmlDoc) doc = NULL;
  g_autofree char *copy_path = NULL;
  xmlChar *text = NULL;
  int length = 0;

  g_assert_true (g_file_get_contents (path, &contents, NULL, &error));
  doc = xmlReadMemory (contents, (int) strlen (contents), path, NULL, XML_PARSE_NONET);
  g_assert_nonnull (doc);
  strip_blanks (xmlDocGetRootElement (doc));
  xmlDocDumpMemoryEnc (doc, &text, &length, "UTF-8");
  g_assert_nonnull (strstr ((const char *) text, "></"));
  name = g_strdup_printf ("compact-%s", base);
  copy_path = write_temp (name, (const char *) text);
  xmlFree (text);
  return g_steal_pointer (&copy_path);
}

typedef struct {
  GString *text;
} Collected;

static gboolean
collect_game (const BsStudy  *study,
              BsStudyGame   **game,
              gpointer        user_data,
              GError        **error)
{
  Collected *collected = user_data;
  g_autofree char *xml = bs_study_game_to_xml (study, *game);

  g_string_append (collected->text, xml);
  return TRUE;
}

/* Every game of a study file, as the writer would write it. */
static char *
study_games (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BsStudy) study = NULL;
  Collected collected = { g_string_new (NULL) };

  study = bs_study_load_file (path, collect_game, &collected, &error);
  g_assert_no_error (error);
  g_assert_nonnull (study);
  g_string_append_printf (collected.text, "games=%u arms=%u", study->games,
                          bs_study_n_arms (study));
  return g_string_free (collected.text, FALSE);
}

/* In a child process: the file and its compact copy hold the same games. */
static void
check_study_compact (const char *path)
{
  g_autofree char *compact = compact_copy (path);
  g_autofree char *expected = study_games (path);
  g_autofree char *got = study_games (compact);

  g_assert_cmpstr (got, ==, expected);
}

static void
check_record_compact (const char *path)
{
  g_autofree char *compact = compact_copy (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(BsRecord) a = bs_record_load_file (path, &error);
  g_autoptr(BsRecord) b = NULL;
  g_autofree char *xa = NULL, *xb = NULL;

  g_assert_no_error (error);
  b = bs_record_load_file (compact, &error);
  g_assert_no_error (error);
  xa = bs_record_to_xml (a, NULL);
  xb = bs_record_to_xml (b, NULL);
  g_assert_cmpstr (xa, ==, xb);
}

static GPtrArray *
files_in (const char *dir_path,
          const char *suffix)
{
  GPtrArray *paths = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  const char *name;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (name, suffix))
      g_ptr_array_add (paths, g_build_filename (dir_path, name, NULL));
  g_ptr_array_sort (paths, (GCompareFunc) g_strcmp0);
  return paths;
}

/* Every study in docs/studies, a sweep with two arms and evaluations, and
 * every record in the fuzzing seeds. */
static void
test_compact_files (void)
{
  g_autofree char *studies_dir = g_test_build_filename (G_TEST_DIST, "..", "docs", "studies",
                                                        NULL);
  g_autofree char *records_dir = g_test_build_filename (G_TEST_DIST, "fuzz", "seeds", "record",
                                                        NULL);
  g_autoptr(GPtrArray) studies = files_in (studies_dir, ".bsstudy");
  g_autoptr(GPtrArray) records = files_in (records_dir, ".xml");
  g_autofree char *sweep = NULL;

  if (!g_test_subprocess ())
    {
      g_test_trap_subprocess (NULL, read_limit_us (), G_TEST_SUBPROCESS_INHERIT_STDERR);
      g_test_trap_assert_passed ();
      return;
    }
  sweep = make_sweep_file ("sweep.bsstudy");
  g_assert_cmpuint (studies->len, >=, 5);
  g_assert_cmpuint (records->len, >=, 10);
  g_ptr_array_add (studies, g_strdup (sweep));
  for (guint i = 0; i < studies->len; i++)
    {
      g_test_message ("study %s", (const char *) studies->pdata[i]);
      check_study_compact (studies->pdata[i]);
    }
  for (guint i = 0; i < records->len; i++)
    {
      g_test_message ("record %s", (const char *) records->pdata[i]);
      check_record_compact (records->pdata[i]);
    }
}

/* A copy of the sweep file with `needle`'s first occurrence replaced. */
static char *
edited_copy (const char *path,
             const char *name,
             const char *needle,
             const char *replacement)
{
  g_autofree char *contents = NULL;
  g_autoptr(GString) text = NULL;
  const char *at;

  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  at = strstr (contents, needle);
  g_assert_nonnull (at);
  text = g_string_new_len (contents, at - contents);
  g_string_append (text, replacement);
  g_string_append (text, at + strlen (needle));
  return write_temp (name, text->str);
}

/* The line of the first occurrence of needle in the file (1-based). */
static int
line_of (const char *path,
         const char *needle,
         guint       occurrence)
{
  g_autofree char *contents = NULL;
  const char *at;
  int line = 1;

  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  at = contents;
  for (guint i = 0; i <= occurrence; i++)
    {
      at = strstr (i == 0 ? at : at + 1, needle);
      g_assert_nonnull (at);
    }
  for (const char *c = contents; c < at; c++)
    line += *c == '\n';
  return line;
}

typedef struct {
  const char *name;
  const char *needle;
  const char *replacement;
  const char *line_of;     /* where the error must point: this text's … */
  guint       occurrence;  /* … occurrence in the edited file */
  const char *message;     /* what the message says */
} Duplicate;

static void
test_duplicates (void)
{
  static const Duplicate cases[] = {
    { "moves", "</moves>", "</moves>\n      <moves>x</moves>", "<moves>", 1,
      "<moves> is given twice in <game> (first at line" },
    { "legal", "</legal>", "</legal><legal>1</legal>", "<legal>", 0,
      "<legal> is given twice in <game>" },
    { "evaluations", "</evaluations>", "</evaluations><evaluations>-</evaluations>",
      "<evaluations>", 0, "<evaluations> is given twice in <game>" },
    { "players", "<stop ", "<players><player id=\"A\" level=\"random\"/>"
      "<player id=\"B\" level=\"random\"/></players>\n  <stop ", "<players>", 1,
      "<players> is given twice in <study>" },
    { "stop", "<sweep ", "<stop games=\"4\"/>\n  <sweep ", "<stop ", 1,
      "<stop> is given twice in <study>" },
    { "sweep", "<arm ", "<sweep key=\"width\"/>\n  <arm ", "<sweep ", 1,
      "<sweep> is given twice in <study>" },
    { "games", "</study>", "<games/></study>", "<games/>", 0,
      "<games> is given twice in <study>" },
    { "after-games", "</study>", "<stop games=\"4\"/></study>", "<stop games=\"4\"/></study>", 0,
      "<stop> after <games> in <study>" },
    { "two-variants", "</variant>", "</variant><variant/>", "<variant/>", 0,
      "<variant> is given twice in <arm>" },
  };
  g_autofree char *sweep = NULL;

  if (!g_test_subprocess ())
    {
      g_test_trap_subprocess (NULL, read_limit_us (), G_TEST_SUBPROCESS_INHERIT_STDERR);
      g_test_trap_assert_passed ();
      return;
    }
  sweep = make_sweep_file ("dup-source.bsstudy");
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *name = g_strdup_printf ("dup-%s.bsstudy", cases[i].name);
      g_autofree char *path = edited_copy (sweep, name, cases[i].needle, cases[i].replacement);
      g_autofree char *where = g_strdup_printf ("%s:%d: ", path,
                                                line_of (path, cases[i].line_of,
                                                         cases[i].occurrence));
      g_autoptr(GError) error = NULL;
      g_autoptr(BsStudy) study = NULL;

      g_test_message ("%s", cases[i].name);
      study = bs_study_load_file (path, NULL, NULL, &error);
      g_assert_null (study);
      g_assert_nonnull (error);
      g_test_message ("  %s", error->message);
      g_assert_true (g_str_has_prefix (error->message, where));
      g_assert_nonnull (strstr (error->message, cases[i].message));
    }
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  tmpdir = g_dir_make_tmp ("bs-study-file-XXXXXX", NULL);
  g_assert_nonnull (tmpdir);

  g_test_add_func ("/study-file/compact-files", test_compact_files);
  g_test_add_func ("/study-file/duplicates", test_duplicates);

  status = g_test_run ();
  {
    g_autofree char *command = g_strdup_printf ("rm -rf '%s'", tmpdir);
    g_assert_cmpint (system (command), ==, 0);
  }
  g_free (tmpdir);
  return status;
}
