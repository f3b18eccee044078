/* SPDX-License-Identifier: GPL-3.0-or-later */
/* write-probe KIND PATH: writes one file as Boardsmith does for KIND, for
 * the failure-injection matrix (run-matrix.py), which breaks the file
 * system under it. On failure prints the message the user would see and
 * exits 1.
 *   variant   a variant file (the editor's Save)
 *   record    a game record (the play page's Save)
 *   png, svg, pdf   an exported position (Export, boardsmith-cli render)
 *   gif, sheet      an exported game (animated GIF, PDF game sheet)
 *   file      bs_file_write_atomic itself (what autosaves use)
 *   stream    bs_file_writer_* (a file written in pieces)
 *   study     a balance study file (bs_study_writer_*) */

#include "config.h"

#include <stdio.h>
#include <string.h>

#include "bs-export.h"
#include "bs-file.h"
#include "bs-record.h"
#include "bs-study.h"
#include "bs-ruleset.h"
#include "bs-variant-xml.h"

static BsVariant *
test_variant (void)
{
  g_autoptr(GError) error = NULL;
  BsVariant *variant = bs_variant_new_for_module ("agoraphobia", &error);

  if (variant == NULL)
    g_error ("%s", error->message);
  g_free (variant->name);
  variant->name = g_strdup ("Written by the failure matrix");
  g_free (variant->description);
  /* Several pages: a full disk cannot take it. */
  variant->description = g_strnfill (4900, 'x');
  return variant;
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariant) variant = NULL;
  g_autoptr(BsRuleset) rs = NULL;
  g_autofree BsPosition *pos = NULL;
  const char *kind, *path;
  gboolean ok = FALSE;

  if (argc != 3)
    {
      g_printerr ("usage: write-probe KIND PATH\n");
      return 2;
    }
  kind = argv[1];
  path = argv[2];
  variant = test_variant ();
  rs = bs_ruleset_new (variant, &error);
  g_assert_no_error (error);
  pos = bs_ruleset_new_position (rs, 1);
  g_assert_true (bs_ruleset_play_line (rs, pos, "S@d4 S@d5 S@d2", NULL));

  if (g_str_equal (kind, "variant"))
    ok = bs_variant_save_file (variant, path, &error);
  else if (g_str_equal (kind, "record"))
    {
      g_autoptr(BsRecord) record = bs_record_new (variant, 1);

      bs_record_add_move (record, "S@d4");
      bs_record_add_move (record, "S@d5");
      bs_record_add_move (record, "S@d2");
      ok = bs_record_save_file (record, path, &error);
    }
  else if (g_str_equal (kind, "png") || g_str_equal (kind, "svg") || g_str_equal (kind, "pdf"))
    {
      BsRenderOptions options;

      bs_render_options_init (&options);
      ok = bs_export_position (rs, pos, &options, 400, 300, path, &error);
    }
  else if (g_str_equal (kind, "gif") || g_str_equal (kind, "sheet"))
    {
      g_autofree BsPosition *start = bs_ruleset_new_position (rs, 1);
      BsExportGame *game = bs_export_game_new (rs, start);
      BsExportGameOptions game_options;
      BsRenderOptions options;

      bs_render_options_init (&options);
      bs_export_game_options_init (&game_options);
      g_assert_true (bs_export_game_play_line (game, "S@d4 S@d5 S@d2", NULL));
      if (g_str_equal (kind, "gif"))
        ok = bs_export_gif (game, &options, &game_options, 200, 150, path, &error);
      else
        ok = bs_export_game_sheet (game, &options, &game_options, path, &error);
      bs_export_game_free (game);
    }
  else if (g_str_equal (kind, "file"))
    {
      g_autofree char *data = g_strnfill (20000, 'a');
      ok = bs_file_write_atomic (path, data, strlen (data), BS_FILE_WRITE_SYNC, &error);
    }
  else if (g_str_equal (kind, "stream"))
    {
      BsFileWriter *writer = bs_file_writer_new (path, BS_FILE_WRITE_SYNC, &error);

      ok = writer != NULL;
      for (int i = 0; ok && i < 100; i++)
        {
          g_autofree char *line = g_strdup_printf ("<game number=\"%d\">%0200d</game>\n", i, i);
          ok = bs_file_writer_write (writer, line, strlen (line), &error);
        }
      if (ok)
        ok = bs_file_writer_finish (writer, &error);
      else if (writer != NULL)
        bs_file_writer_abort (writer);
    }
  else if (g_str_equal (kind, "study"))
    {
      g_autoptr(BsStudy) study = bs_study_new (BS_STUDY_SINGLE, 1, "random", "random", &error);
      BsStudyWriter *writer = NULL;

      ok = study != NULL;
      if (ok)
        {
          bs_study_add_arm (study, variant, NULL);
          ok = bs_study_prepare (study, &error) &&
               (writer = bs_study_writer_new (study, path, &error)) != NULL;
        }
      /* The writer takes games as the file holds them. */
      for (guint i = 0; ok && i < 200; i++)
        {
          g_autofree char *xml = g_strdup_printf ("    <game number=\"%u\"><!-- %0300u --></game>\n",
                                                  i, i);
          ok = bs_study_writer_add_xml (writer, 0, i, xml, &error);
        }
      if (ok)
        ok = bs_study_writer_finish (writer, &error);
      else if (writer != NULL)
        bs_study_writer_abort (writer);
    }
  else
    {
      g_printerr ("write-probe: unknown kind %s\n", kind);
      return 2;
    }

  if (!ok)
    {
      g_printerr ("%s\n", error != NULL ? error->message : "(no message)");
      return 1;
    }
  return 0;
}
