/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-test"

#include "config.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <string.h>

/* Checks that the installed MIME definition makes GIO (and so Files and the desktop) see
 * Boardsmith's files as Boardsmith's: the own extensions by glob, files without a known
 * extension by their root element, while other XML stays application/xml. The package file is
 * compiled with update-mime-database into a private XDG data dir, set before GIO reads any
 * MIME data. */

#define VARIANT_TYPE "application/x-boardsmith-variant"
#define RECORD_TYPE "application/x-boardsmith-record"
#define STUDY_TYPE "application/x-boardsmith-study"
#define TRACE_TYPE "application/x-boardsmith-skill-trace"

static char *tmp_root;

static const char variant_xml[] =
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
  "<variant format=\"1\" id=\"agoraphobia\" module=\"agoraphobia\">\n"
  "  <name>Agoraphobia</name>\n"
  "  <board shape=\"hex-rhombus\" width=\"7\" height=\"7\"/>\n"
  "</variant>\n";

/* A record embeds the whole variant, so "<variant format=" is in its first 256 bytes too. */
static const char record_xml[] =
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
  "<record format=\"1\">\n"
  "  <variant format=\"1\" id=\"agoraphobia\" module=\"agoraphobia\">\n"
  "    <name>Agoraphobia</name>\n"
  "  </variant>\n"
  "  <seed>1</seed>\n"
  "</record>\n";

/* A balance study (as the app writes it) embeds its variant near the start too. */
static const char study_xml[] =
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
  "<study format=\"1\" kind=\"single\" seed=\"9\">\n"
  "  <players>\n"
  "    <player id=\"A\" level=\"easy\"/>\n"
  "    <player id=\"B\" level=\"easy\"/>\n"
  "  </players>\n"
  "  <stop games=\"200\"/>\n"
  "  <arm>\n"
  "    <variant format=\"1\" id=\"agoraphobia\" module=\"agoraphobia\">\n"
  "      <name>Agoraphobia</name>\n"
  "    </variant>\n"
  "  </arm>\n"
  "  <games>\n"
  "  </games>\n"
  "</study>\n";

/* A skill trace's own file (bs-skill-trace-file.h): text, known by its extension alone. */
static const char trace_text[] =
  "boardsmith-skill-trace 1\n"
  "variant=agoraphobia\n"
  "source=builtin\n"
  "games=20\n"
  "seed=5\n"
  "finished=true\n"
  "level=random agoraphobia-trace-0123456789ab-random.bsstudy\n"
  "level=easy agoraphobia-trace-0123456789ab-easy.bsstudy\n";

static const char other_xml[] =
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
  "<inventory><item>variant</item></inventory>\n";

static char *
content_type_of_file (const char *basename,
                      const char *contents)
{
  g_autofree char *path = g_build_filename (tmp_root, "files", basename, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFileInfo) info = NULL;
  g_autoptr(GError) error = NULL;

  g_file_set_contents (path, contents, -1, &error);
  g_assert_no_error (error);
  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_CONTENT_TYPE,
                            G_FILE_QUERY_INFO_NONE, NULL, &error);
  g_assert_no_error (error);
  return g_strdup (g_file_info_get_content_type (info));
}

static void
test_variant_by_extension (void)
{
  g_autofree char *type = content_type_of_file ("handicap.bsvariant", variant_xml);

  g_assert_cmpstr (type, ==, VARIANT_TYPE);
  g_assert_true (g_content_type_is_a (type, "application/xml"));
}

static void
test_variant_by_root_element (void)
{
  g_autofree char *type = content_type_of_file ("agoraphobia-download", variant_xml);
  g_autofree char *guessed = g_content_type_guess (NULL, (const guchar *) variant_xml,
                                                   sizeof variant_xml - 1, NULL);

  g_assert_cmpstr (type, ==, VARIANT_TYPE);
  g_assert_cmpstr (guessed, ==, VARIANT_TYPE);
}

static void
test_record_by_extension (void)
{
  g_autofree char *type = content_type_of_file ("game.boardsmith", record_xml);

  g_assert_cmpstr (type, ==, RECORD_TYPE);
  g_assert_true (g_content_type_is_a (type, "application/xml"));
}

static void
test_record_by_root_element (void)
{
  g_autofree char *type = content_type_of_file ("game-attachment", record_xml);
  g_autofree char *guessed = g_content_type_guess (NULL, (const guchar *) record_xml,
                                                   sizeof record_xml - 1, NULL);

  g_assert_cmpstr (type, ==, RECORD_TYPE);
  g_assert_cmpstr (guessed, ==, RECORD_TYPE);
}

static void
test_study_by_extension (void)
{
  g_autofree char *type = content_type_of_file ("Agoraphobia-2026-11-23-101500.bsstudy",
                                                study_xml);

  g_assert_cmpstr (type, ==, STUDY_TYPE);
  g_assert_true (g_content_type_is_a (type, "application/xml"));
}

/* Its root element decides, not the variant inside it. */
static void
test_study_by_root_element (void)
{
  g_autofree char *type = content_type_of_file ("study-attachment", study_xml);
  g_autofree char *guessed = g_content_type_guess (NULL, (const guchar *) study_xml,
                                                   sizeof study_xml - 1, NULL);

  g_assert_cmpstr (type, ==, STUDY_TYPE);
  g_assert_cmpstr (guessed, ==, STUDY_TYPE);
}

static void
test_other_xml_untouched (void)
{
  g_autofree char *type = content_type_of_file ("inventory.xml", other_xml);
  g_autofree char *unnamed = content_type_of_file ("inventory", other_xml);

  g_assert_cmpstr (type, ==, "application/xml");
  g_assert_false (g_content_type_is_a (unnamed, VARIANT_TYPE));
  g_assert_false (g_content_type_is_a (unnamed, RECORD_TYPE));
  g_assert_false (g_content_type_is_a (unnamed, STUDY_TYPE));
}

/* What Flatpak does to an exported MIME package (seen in flatpak 1.14's exports): it drops the
 * magic, keeps root-XML (which GIO does not read) and lowers every glob to weight 5, below
 * the system's *.xml (50). BOARDSMITH_MIME_FLATPAK=simulate makes the test do the same to the
 * package; =exported says the package is one a Flatpak installation exported. */
static gboolean
flatpak_export (void)
{
  const char *mode = g_getenv ("BOARDSMITH_MIME_FLATPAK");

  return mode != NULL && (g_str_equal (mode, "simulate") || g_str_equal (mode, "exported"));
}

/* By the name alone: the app's own names, in any case, and with .xml appended; other XML
 * stays XML. On a Flatpak install only the own extensions count (no magic; the .xml forms
 * lose to the system's *.xml by weight). */
static void
test_globs (void)
{
  static const struct {
    const char *name;
    const char *type;
    gboolean    in_flatpak;   /* also recognised from a Flatpak's exported package */
  } names[] = {
    { "Agoraphobia 2026-11-23.boardsmith", RECORD_TYPE, TRUE },
    { "GAME.BOARDSMITH", RECORD_TYPE, TRUE },
    { "game.boardsmith.xml", RECORD_TYPE, FALSE },
    { "handicap.bsvariant", VARIANT_TYPE, TRUE },
    { "Handicap.BsVariant", VARIANT_TYPE, TRUE },
    { "handicap.bsvariant.xml", VARIANT_TYPE, FALSE },
    { "agoraphobia-2026-11-23-101500.bsstudy", STUDY_TYPE, TRUE },
    { "Sweep.BSSTUDY", STUDY_TYPE, TRUE },
    { "sweep.bsstudy.xml", STUDY_TYPE, FALSE },
    { "agoraphobia-trace-0123456789ab.bstrace", TRACE_TYPE, TRUE },
    { "Trace.BSTRACE", TRACE_TYPE, TRUE },
    { "inventory.xml", "application/xml", TRUE },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (names); i++)
    {
      gboolean uncertain = TRUE;
      g_autofree char *guessed = g_content_type_guess (names[i].name, NULL, 0, &uncertain);
      const char *contents = g_str_equal (names[i].type, RECORD_TYPE) ? record_xml
                             : g_str_equal (names[i].type, VARIANT_TYPE) ? variant_xml
                             : g_str_equal (names[i].type, STUDY_TYPE) ? study_xml
                             : g_str_equal (names[i].type, TRACE_TYPE) ? trace_text
                             : other_xml;
      g_autofree char *of_file = content_type_of_file (names[i].name, contents);
      const char *want = names[i].in_flatpak || !flatpak_export () ? names[i].type
                                                                  : "application/xml";

      g_test_message ("%s: %s", names[i].name, guessed);
      g_assert_cmpstr (guessed, ==, want);
      /* *.xml matches too (less well): GIO calls the guess uncertain, and reads the file. */
      if (!g_str_has_suffix (names[i].name, ".xml"))
        g_assert_false (uncertain);
      g_assert_cmpstr (of_file, ==, want);
    }
}

static void
test_descriptions (void)
{
  g_autofree char *variant = g_content_type_get_description (VARIANT_TYPE);
  g_autofree char *record = g_content_type_get_description (RECORD_TYPE);
  g_autofree char *study = g_content_type_get_description (STUDY_TYPE);
  g_autofree char *trace = g_content_type_get_description (TRACE_TYPE);

  g_assert_cmpstr (variant, ==, "Boardsmith game variant");
  g_assert_cmpstr (record, ==, "Boardsmith game record");
  g_assert_cmpstr (study, ==, "Boardsmith balance study");
  g_assert_cmpstr (trace, ==, "Boardsmith skill trace");
}

/* Tools that load the icon from data without its name (appstream-compose in a Flatpak build)
 * recognise an SVG by "<svg" near the start: no long comment may come before it. */
static void
test_icons_sniff_as_svg (void)
{
  const char *icons[] = {
    "icons/hicolor/scalable/apps/" APP_ID ".svg",
    "icons/hicolor/symbolic/apps/" APP_ID "-symbolic.svg",
  };

  for (gsize i = 0; i < G_N_ELEMENTS (icons); i++)
    {
      g_autofree char *path = g_build_filename (g_getenv ("BOARDSMITH_DATA_SRCDIR"), icons[i],
                                                NULL);
      g_autofree char *contents = NULL;
      g_autofree char *type = NULL;
      g_autoptr(GError) error = NULL;
      gsize length;

      g_file_get_contents (path, &contents, &length, &error);
      g_assert_no_error (error);
      type = g_content_type_guess (NULL, (const guchar *) contents, length, NULL);
      g_assert_cmpstr (type, ==, "image/svg+xml");
    }
}

static char *
as_flatpak_exports (const char *contents)
{
  g_autoptr(GRegex) magic = g_regex_new ("\\s*<magic[^>]*>.*?</magic>", G_REGEX_DOTALL, 0, NULL);
  g_autoptr(GRegex) glob = g_regex_new ("<glob pattern=\"([^\"]*)\"[^>]*/>", 0, 0, NULL);
  g_autofree char *no_magic = g_regex_replace_literal (magic, contents, -1, 0, "", 0, NULL);

  return g_regex_replace (glob, no_magic, -1, 0, "<glob pattern=\"\\1\" weight=\"5\"/>", 0,
                          NULL);
}

static gboolean
compile_mime_database (const char *package_file)
{
  g_autofree char *packages = g_build_filename (tmp_root, "share", "mime", "packages", NULL);
  g_autofree char *mime_dir = g_build_filename (tmp_root, "share", "mime", NULL);
  g_autofree char *copy = g_build_filename (packages, APP_ID ".xml", NULL);
  g_autofree char *files = g_build_filename (tmp_root, "files", NULL);
  g_autofree char *contents = NULL;
  g_autofree char *tool = g_find_program_in_path ("update-mime-database");
  const char *argv[] = { tool, mime_dir, NULL };
  g_autoptr(GError) error = NULL;
  gsize length;
  int status = 0;

  if (tool == NULL)
    return FALSE;
  g_assert_cmpint (g_mkdir_with_parents (packages, 0700), ==, 0);
  g_assert_cmpint (g_mkdir_with_parents (files, 0700), ==, 0);
  g_file_get_contents (package_file, &contents, &length, &error);
  g_assert_no_error (error);
  if (g_strcmp0 (g_getenv ("BOARDSMITH_MIME_FLATPAK"), "simulate") == 0)
    {
      char *stripped = as_flatpak_exports (contents);

      g_assert_null (strstr (stripped, "<magic"));
      g_free (contents);
      contents = stripped;
      length = strlen (contents);
    }
  g_file_set_contents (copy, contents, length, &error);
  g_assert_no_error (error);
  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, NULL, NULL,
                &status, &error);
  g_assert_no_error (error);
  g_spawn_check_wait_status (status, &error);
  g_assert_no_error (error);
  return TRUE;
}

static void
remove_tree (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
        remove_tree (child);
      else
        g_remove (child);
    }
  g_rmdir (path);
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *data_dirs = NULL;
  g_autofree char *data_home = NULL;
  g_autoptr(GError) error = NULL;
  const char *package_file = g_getenv ("BOARDSMITH_MIME_PACKAGE");
  const char *system_dirs = g_getenv ("XDG_DATA_DIRS");
  int result;

  g_test_init (&argc, &argv, NULL);

  tmp_root = g_dir_make_tmp ("boardsmith-mime-XXXXXX", &error);
  g_assert_no_error (error);
  g_assert_nonnull (package_file);
  g_assert_nonnull (g_getenv ("BOARDSMITH_DATA_SRCDIR"));
  if (!compile_mime_database (package_file))
    {
      remove_tree (tmp_root);
      g_print ("1..0 # SKIP update-mime-database is not installed\n");
      return 0;
    }
  /* Ours first, then the system's for application/xml itself; no user overrides. */
  if (system_dirs == NULL || *system_dirs == '\0')
    system_dirs = "/usr/local/share:/usr/share";
  data_dirs = g_strdup_printf ("%s/share:%s", tmp_root, system_dirs);
  data_home = g_build_filename (tmp_root, "home", NULL);
  g_setenv ("XDG_DATA_DIRS", data_dirs, TRUE);
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);

  g_test_add_func ("/mime/variant/by-extension", test_variant_by_extension);
  g_test_add_func ("/mime/variant/by-root-element", test_variant_by_root_element);
  g_test_add_func ("/mime/record/by-extension", test_record_by_extension);
  g_test_add_func ("/mime/record/by-root-element", test_record_by_root_element);
  g_test_add_func ("/mime/study/by-extension", test_study_by_extension);
  g_test_add_func ("/mime/study/by-root-element", test_study_by_root_element);
  g_test_add_func ("/mime/other-xml-untouched", test_other_xml_untouched);
  g_test_add_func ("/mime/descriptions", test_descriptions);
  g_test_add_func ("/mime/globs", test_globs);
  g_test_add_func ("/mime/icons-sniff-as-svg", test_icons_sniff_as_svg);

  result = g_test_run ();
  remove_tree (tmp_root);
  g_free (tmp_root);
  return result;
}
