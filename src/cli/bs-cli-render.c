/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-cli"

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib/gi18n.h>

#include "bs-cli-common.h"
#include "bs-export.h"
#include "bs-match-file.h"

/* render VARIANT [--moves … | RECORD] -o FILE.{png,svg,pdf,gif}: the
 * position after the moves (or after --ply N of them) as an image through
 * the app's renderer; a GIF animates the whole game, one frame per turn;
 * --sheet writes a PDF game sheet of numbered diagrams. The moves come
 * from --moves (text or a record file) or a RECORD argument; a lone RECORD
 * renders that game on its own variant and seed. */

static char *opt_output;
static char *opt_size;
static char *opt_theme;
static gboolean opt_coords;
static gboolean opt_transparent;
static gboolean opt_caption;
static gboolean opt_no_last_move;
static gboolean opt_flip;
static gboolean opt_sheet;
static char *opt_rotate;
static char *opt_ply;
static char *opt_delay;
static char *opt_per_page;
static char *opt_bench;

static const GOptionEntry render_entries[] = {
  { "output", 'o', 0, G_OPTION_ARG_FILENAME, &opt_output,
    N_("The image to write: .png, .svg, .pdf or .gif"), N_("FILE") },
  { "size", 0, 0, G_OPTION_ARG_STRING, &opt_size,
    N_("Size in pixels (PNG, GIF) or points (SVG, PDF): N or WxH (default 640)"), N_("PX") },
  { "coords", 0, 0, G_OPTION_ARG_NONE, &opt_coords,
    N_("Draw the coordinates on the edges"), NULL },
  { "theme", 0, 0, G_OPTION_ARG_STRING, &opt_theme,
    N_("light, dark, high-contrast or print (default light; print for --sheet)"), N_("NAME") },
  { "transparent", 0, 0, G_OPTION_ARG_NONE, &opt_transparent,
    N_("Leave the background transparent"), NULL },
  { "ply", 0, 0, G_OPTION_ARG_STRING, &opt_ply,
    N_("Stop after N turns of the moves (default: all)"), N_("N") },
  { "caption", 0, 0, G_OPTION_ARG_NONE, &opt_caption,
    N_("Write the variant, the ply, the player to move and what the last turn did under the "
       "board"), NULL },
  { "no-last-move", 0, 0, G_OPTION_ARG_NONE, &opt_no_last_move,
    N_("Do not mark the last move"), NULL },
  { "rotate", 0, 0, G_OPTION_ARG_STRING, &opt_rotate,
    N_("Turn the board clockwise by N quarter turns (square) or sixth turns (hex)"), N_("N") },
  { "flip", 0, 0, G_OPTION_ARG_NONE, &opt_flip,
    N_("Mirror the board left to right"), NULL },
  { "sheet", 0, 0, G_OPTION_ARG_NONE, &opt_sheet,
    N_("Write a PDF game sheet: a diagram of every turn, numbered, on A4 pages"), NULL },
  { "per-page", 0, 0, G_OPTION_ARG_STRING, &opt_per_page,
    N_("Diagrams per page of the game sheet (default 6)"), N_("N") },
  { "delay", 0, 0, G_OPTION_ARG_STRING, &opt_delay,
    N_("Milliseconds between the frames of a GIF (default 800)"), N_("MS") },
  { "bench", 0, 0, G_OPTION_ARG_STRING, &opt_bench,
    N_("Export N times and print the median time, measured in the process"), N_("N") },
  { NULL },
};

static gboolean
bad_input (GError    **error,
           const char *format,
           ...) G_GNUC_PRINTF (2, 3);

static gboolean
bad_input (GError    **error,
           const char *format,
           ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, message);
  return FALSE;
}

static gboolean
parse_size (const char  *text,
            int         *width,
            int         *height,
            GError     **error)
{
  g_auto(GStrv) parts = NULL;
  guint64 w, h;

  if (text == NULL)
    {
      *width = *height = 640;
      return TRUE;
    }
  /* Each part as bs_cli_parse_count() reads a count: digits only. */
  parts = g_strsplit_set (text, "xX", 3);
  if (parts[0] == NULL ||
      !g_ascii_string_to_unsigned (parts[0], 10, 1, BS_EXPORT_MAX_SIZE, &w, NULL) ||
      (parts[1] != NULL &&
       (parts[2] != NULL ||
        !g_ascii_string_to_unsigned (parts[1], 10, 1, BS_EXPORT_MAX_SIZE, &h, NULL))))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("--size %s: expected N or WxH, each 1 to %d"), text, BS_EXPORT_MAX_SIZE);
      return FALSE;
    }
  if (parts[1] == NULL)
    h = w;
  *width = (int) w;
  *height = (int) h;
  return TRUE;
}

/* Whether a positional argument names a game record rather than a
 * variant: a file whose root element is <record>. This only chooses the
 * loader; the loader says what is wrong with the file. */
static gboolean
is_record_file (const char *path)
{
  g_autofree char *data = NULL;
  gsize length;
  const char *record, *variant;

  if (!g_file_test (path, G_FILE_TEST_IS_REGULAR) ||
      !g_file_get_contents (path, &data, &length, NULL))
    return FALSE;
  record = g_strstr_len (data, (gssize) MIN (length, 4096), "<record");
  variant = g_strstr_len (data, (gssize) MIN (length, 4096), "<variant");
  return record != NULL && (variant == NULL || record < variant);
}

/* --moves names a record as bs_cli_start_position() reads it: an existing
 * file or a name ending in .xml. */
static gboolean
moves_name_a_record (const char *moves)
{
  return moves != NULL &&
         (g_file_test (moves, G_FILE_TEST_IS_REGULAR) || g_str_has_suffix (moves, ".xml"));
}

/* The game the command renders: the start (from the seed) and each turn
 * of --moves or of a record (RECORD after VARIANT, --moves RECORD, or a
 * lone RECORD on its own variant and seed). */
static BsExportGame *
load_game (BsCliOptions  *options,
           BsRuleset    **rs_out,
           GError       **error)
{
  g_autoptr(BsRecord) record = NULL;
  g_autoptr(BsRuleset) rs = NULL;
  g_autoptr(BsMatch) match = NULL;
  g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
  BsExportGame *game;
  const char *record_path = NULL;
  guint64 seed = (guint64) options->seed;

  if (options->n_args == 2)
    {
      if (options->moves != NULL)
        {
          bad_input (error, _("give the moves once: --moves or a RECORD argument"));
          return NULL;
        }
      record_path = options->args[1];
    }
  else if (moves_name_a_record (options->moves))
    record_path = options->moves;

  if (options->n_args == 1 && options->moves == NULL && is_record_file (options->args[0]))
    {
      if (options->sets != NULL)
        {
          bad_input (error, _("--set cannot change the variant of a game record"));
          return NULL;
        }
      record = bs_record_load_file (options->args[0], error);
      if (record == NULL)
        return NULL;
      rs = bs_ruleset_new (record->variant, error);
    }
  else
    {
      if (record_path != NULL)
        {
          record = bs_record_load_file (record_path, error);
          if (record == NULL)
            return NULL;
        }
      rs = bs_cli_load_ruleset (options->args[0], options, error);
    }
  if (rs == NULL)
    return NULL;
  if (record != NULL && !options->seed_given)
    seed = record->seed;

  /* The turns replayed by the match (a record's errors name its file and
   * line); each frame is captioned with the turn as it was given. */
  match = bs_match_new (rs, seed);
  if (record != NULL)
    {
      if (!bs_match_play_record (match, record, error))
        return NULL;
      for (guint i = 0; i < record->moves->len; i++)
        g_ptr_array_add (texts, g_strdup (g_array_index (record->moves, BsRecordMove, i).text));
    }
  else if (options->moves != NULL)
    {
      g_auto(GStrv) tokens = g_strsplit_set (options->moves, " \t\r\n", -1);

      if (!bs_match_play_line (match, options->moves, error))
        {
          /* Translators: put before the reason the moves given with --moves cannot be played. */
          g_prefix_error (error, _("--moves: "));
          return NULL;
        }
      for (guint i = 0; tokens[i] != NULL; i++)
        if (*tokens[i] != '\0')
          g_ptr_array_add (texts, g_strdup (tokens[i]));
    }
  g_assert (texts->len == bs_match_get_n_turns (match));

  game = bs_export_game_new (rs, bs_match_get_position_at (match, 0));
  for (guint i = 0; i < texts->len; i++)
    bs_export_game_add (game, g_ptr_array_index (texts, i), bs_match_get_position_at (match, i + 1));
  *rs_out = g_steal_pointer (&rs);
  return game;
}

/* The first turns + 1 positions of a game. */
static BsExportGame *
game_prefix (const BsExportGame *game,
             const BsRuleset    *rs,
             guint               turns)
{
  BsExportGame *prefix = bs_export_game_new (rs, bs_export_game_position (game, 0));

  for (guint i = 1; i <= turns; i++)
    bs_export_game_add (prefix, bs_export_game_move (game, i), bs_export_game_position (game, i));
  return prefix;
}

static int
compare_doubles (const void *a,
                 const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

typedef struct {
  const BsRuleset           *rs;
  const BsExportGame        *game;
  const BsRenderOptions     *render;
  const BsExportGameOptions *game_options;
  BsExportFormat             format;
  int                        width, height;
  const char                *path;
} Job;

static gboolean
run_job (const Job  *job,
         GError    **error)
{
  guint last = bs_export_game_n_positions (job->game) - 1;

  if (opt_sheet)
    return bs_export_game_sheet (job->game, job->render, job->game_options, job->path, error);
  if (job->format == BS_EXPORT_GIF)
    return bs_export_gif (job->game, job->render, job->game_options, job->width, job->height,
                          job->path, error);
  return bs_export_position (job->rs, bs_export_game_position (job->game, last), job->render,
                             job->width, job->height, job->path, error);
}

static gboolean
render_command (BsCliOptions  *options,
                GError       **error)
{
  g_autoptr(BsRuleset) rs = NULL;
  g_autoptr(BsExportGame) full = NULL;
  g_autoptr(BsExportGame) game = NULL;
  g_autofree char *caption = NULL;
  BsRenderOptions render;
  BsExportGameOptions game_options;
  BsExportFormat format;
  BsTheme theme = opt_sheet ? BS_THEME_PRINT : BS_THEME_LIGHT;
  const BsPosition *pos;
  guint turns, last;
  int width, height;
  guint delay = 800, per_page = 6, bench = 0, ply = 0;
  int rotate = 0;
  Job job;

  if (opt_output == NULL)
    return bad_input (error, _("missing -o FILE: the image to write (.png, .svg, .pdf or .gif)"));
  if (!bs_export_format_from_path (opt_output, &format, error))
    return FALSE;
  if (opt_sheet && format != BS_EXPORT_PDF)
    return bad_input (error, _("--sheet writes a PDF: %s does not end in .pdf"), opt_output);
  if (!parse_size (opt_size, &width, &height, error))
    return FALSE;
  if (opt_theme != NULL && !bs_theme_from_string (opt_theme, &theme))
    return bad_input (error, _("--theme %s: expected light, dark, high-contrast or print"),
                      opt_theme);
  if ((opt_delay != NULL &&
       !bs_cli_parse_uint ("--delay", opt_delay, 10, 600000, &delay, error)) ||
      (opt_per_page != NULL &&
       !bs_cli_parse_uint ("--per-page", opt_per_page, 1, 48, &per_page, error)) ||
      (opt_bench != NULL && !bs_cli_parse_uint ("--bench", opt_bench, 1, 10000, &bench, error)) ||
      (opt_rotate != NULL && !bs_cli_parse_int ("--rotate", opt_rotate, -12, 12, &rotate, error)) ||
      (opt_ply != NULL && !bs_cli_parse_uint ("--ply", opt_ply, 0, G_MAXINT, &ply, error)))
    return FALSE;

  full = load_game (options, &rs, error);
  if (full == NULL)
    return FALSE;
  turns = bs_export_game_n_positions (full) - 1;
  if (opt_ply != NULL && ply > turns)
    return bad_input (error, _("--ply %d: the game has %u turns (0 is the start)"), (int) ply,
                      turns);
  last = opt_ply != NULL ? ply : turns;
  game = game_prefix (full, rs, last);
  pos = bs_export_game_position (game, last);

  bs_render_options_init (&render);
  render.theme = theme;
  render.coordinates = opt_coords;
  render.transparent = opt_transparent;
  render.rotation = rotate;
  render.flip = opt_flip;
  if (!opt_no_last_move && last > 0)
    bs_export_move_cells (rs, bs_export_game_move (game, last),
                          &render.last_move_from, &render.last_move_to);
  if (opt_caption)
    {
      g_autofree char *status = bs_cli_describe_status (rs, pos);
      const char *name = rs->variant->name != NULL ? rs->variant->name : rs->module->name;

      /* A whole game puts the move number in each frame's caption. */
      if (format == BS_EXPORT_GIF || opt_sheet)
        caption = g_strdup (name);
      else
        {
          g_autofree char *summary = last > 0 ? bs_export_game_summary (game, last) : NULL;

          caption = g_strdup_printf (_("%s · ply %u · %s"), name, pos->ply, status);
          /* Under it, what the last turn did. */
          if (summary != NULL)
            {
              char *both = g_strconcat (caption, "\n", summary, NULL);

              g_free (caption);
              caption = both;
            }
        }
      render.caption = caption;
    }

  bs_export_game_options_init (&game_options);
  game_options.mark_last_move = !opt_no_last_move;
  game_options.captions = opt_sheet || opt_caption;
  game_options.delay_ms = delay;
  game_options.per_page = per_page;
  game_options.title = rs->variant->name;

  job.rs = rs;
  job.game = game;
  job.render = &render;
  job.game_options = &game_options;
  job.format = format;
  job.width = width;
  job.height = height;
  job.path = opt_output;

  if (bench > 0)
    {
      g_autofree double *times = g_new (double, bench);

      for (guint i = 0; i < bench; i++)
        {
          gint64 start = g_get_monotonic_time ();

          if (!run_job (&job, error))
            return FALSE;
          times[i] = (g_get_monotonic_time () - start) / 1000.0;
        }
      qsort (times, (gsize) bench, sizeof (double), compare_doubles);
      g_print (_("%s: median %.2f ms over %d runs (min %.2f, max %.2f)\n"), opt_output,
               times[bench / 2], (int) bench, times[0], times[bench - 1]);
    }
  else if (!run_job (&job, error))
    return FALSE;

  if (options->json)
    {
      g_autoptr(JsonBuilder) builder = json_builder_new ();

      json_builder_begin_object (builder);
      bs_cli_json_string (builder, "output", opt_output);
      bs_cli_json_string (builder, "format", opt_sheet ? "sheet"
                                                       : bs_export_format_to_string (format));
      json_builder_set_member_name (builder, "ply");
      json_builder_add_int_value (builder, last);
      if (opt_sheet)
        {
          json_builder_set_member_name (builder, "pages");
          json_builder_add_int_value (builder, bs_export_game_sheet_pages (game, &game_options));
        }
      else
        {
          json_builder_set_member_name (builder, "width");
          json_builder_add_int_value (builder, width);
          json_builder_set_member_name (builder, "height");
          json_builder_add_int_value (builder, height);
        }
      if (format == BS_EXPORT_GIF)
        {
          json_builder_set_member_name (builder, "frames");
          json_builder_add_int_value (builder, bs_export_game_n_positions (game));
        }
      json_builder_end_object (builder);
      bs_cli_print_builder (builder);
    }
  return TRUE;
}

int
bs_cli_render (int    argc,
               char **argv)
{
  static const BsCliSpec spec = {
    "render", N_("VARIANT [RECORD] -o FILE"),
    N_("Draw the position after --moves (or a game record) as PNG, SVG or PDF; a whole "
       "game as an animated GIF, or with --sheet as a PDF game sheet."),
    BS_CLI_OPT_SET | BS_CLI_OPT_MOVES | BS_CLI_OPT_SEED, 1, 2, render_entries,
  };
  GError *error = NULL;
  BsCliOptions options;
  gboolean ok;

  if (!bs_cli_parse (&spec, argc, argv, &options))
    return BS_CLI_EXIT_BAD_INPUT;
  ok = render_command (&options, &error);
  bs_cli_options_clear (&options);
  g_clear_pointer (&opt_output, g_free);
  g_clear_pointer (&opt_size, g_free);
  g_clear_pointer (&opt_theme, g_free);
  g_clear_pointer (&opt_rotate, g_free);
  g_clear_pointer (&opt_ply, g_free);
  g_clear_pointer (&opt_delay, g_free);
  g_clear_pointer (&opt_per_page, g_free);
  g_clear_pointer (&opt_bench, g_free);
  if (!ok)
    return bs_cli_fail (error);
  return BS_CLI_EXIT_OK;
}
