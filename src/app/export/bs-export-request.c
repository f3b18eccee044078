/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-app"

#include "config.h"

#include "bs-export-request.h"

#include "bs-file.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "bs-board.h"
#include "bs-worker.h"

static const char * const kind_nicks[BS_EXPORT_N_KINDS] = { "png", "svg", "pdf", "gif", "sheet" };

void
bs_export_request_init_for_screen (BsExportRequest *self,
                                   const BsRuleset *rs,
                                   BsTheme          theme,
                                   gboolean         coordinates,
                                   double           pixels_per_unit)
{
  BsRenderOptions render;
  double units_width, units_height, longer, scale;

  g_return_if_fail (self != NULL);
  g_return_if_fail (rs != NULL);

  memset (self, 0, sizeof *self);
  self->kind = BS_EXPORT_KIND_PNG;
  self->theme = theme;
  self->coordinates = coordinates;
  self->transparent = FALSE;
  self->last_move = TRUE;
  self->caption = FALSE;
  self->rotation = 0;
  self->flip = FALSE;
  self->gif_delay_ms = 800;
  self->per_page = 6;

  bs_render_options_init (&render);
  render.theme = theme;
  render.coordinates = coordinates;
  bs_render_natural_size (rs, &render, &units_width, &units_height);
  longer = MAX (units_width, units_height);
  scale = CLAMP (pixels_per_unit, BS_COPY_MIN_SIZE / longer, BS_COPY_MAX_SIZE / longer);
  self->width = MAX (BS_EXPORT_MIN_SIZE, (int) round (units_width * scale));
  self->height = MAX (BS_EXPORT_MIN_SIZE, (int) round (units_height * scale));
}

gboolean
bs_export_kind_is_whole_game (BsExportKind kind)
{
  return kind == BS_EXPORT_KIND_GIF || kind == BS_EXPORT_KIND_SHEET;
}

const char *
bs_export_kind_extension (BsExportKind kind)
{
  switch (kind)
    {
    case BS_EXPORT_KIND_PNG:
      return "png";
    case BS_EXPORT_KIND_SVG:
      return "svg";
    case BS_EXPORT_KIND_GIF:
      return "gif";
    case BS_EXPORT_KIND_PDF:
    case BS_EXPORT_KIND_SHEET:
    case BS_EXPORT_N_KINDS:
    default:
      return "pdf";
    }
}

const char *
bs_export_kind_to_nick (BsExportKind kind)
{
  g_return_val_if_fail (kind < BS_EXPORT_N_KINDS, "png");
  return kind_nicks[kind];
}

int
bs_export_rotation_steps (const BsRuleset *rs)
{
  g_return_val_if_fail (rs != NULL, 4);
  return bs_board_is_hex (rs->board) ? 6 : 4;
}

/* GSettings. */

void
bs_export_request_load (BsExportRequest *self,
                        GSettings       *settings)
{
  g_autofree char *theme = NULL;

  g_return_if_fail (self != NULL);
  g_return_if_fail (G_IS_SETTINGS (settings));

  self->kind = (BsExportKind) g_settings_get_enum (settings, "export-format");
  self->width = g_settings_get_int (settings, "export-width");
  self->height = g_settings_get_int (settings, "export-height");
  theme = g_settings_get_string (settings, "export-theme");
  if (!bs_theme_from_string (theme, &self->theme))
    self->theme = BS_THEME_LIGHT;
  self->coordinates = g_settings_get_boolean (settings, "export-coordinates");
  self->transparent = g_settings_get_boolean (settings, "export-transparent");
  self->last_move = g_settings_get_boolean (settings, "export-last-move");
  self->caption = g_settings_get_boolean (settings, "export-caption");
  self->rotation = g_settings_get_int (settings, "export-rotation");
  self->flip = g_settings_get_boolean (settings, "export-flip");
  self->gif_delay_ms = g_settings_get_int (settings, "export-gif-delay");
  self->per_page = g_settings_get_int (settings, "export-per-page");
}

void
bs_export_request_save (const BsExportRequest *self,
                        GSettings             *settings)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (G_IS_SETTINGS (settings));

  g_settings_set_enum (settings, "export-format", (int) self->kind);
  g_settings_set_int (settings, "export-width", self->width);
  g_settings_set_int (settings, "export-height", self->height);
  g_settings_set_string (settings, "export-theme", bs_theme_to_string (self->theme));
  g_settings_set_boolean (settings, "export-coordinates", self->coordinates);
  g_settings_set_boolean (settings, "export-transparent", self->transparent);
  g_settings_set_boolean (settings, "export-last-move", self->last_move);
  g_settings_set_boolean (settings, "export-caption", self->caption);
  g_settings_set_int (settings, "export-rotation", self->rotation);
  g_settings_set_boolean (settings, "export-flip", self->flip);
  g_settings_set_int (settings, "export-gif-delay", self->gif_delay_ms);
  g_settings_set_int (settings, "export-per-page", self->per_page);
}

/* Snapshots. */

static char *
describe_position (BsGame           *game,
                   const BsPosition *pos)
{
  const BsVariant *variant = bs_game_get_variant (game);
  const BsRuleset *rs = bs_game_get_ruleset (game);
  const char *name = variant->name != NULL ? variant->name : _(rs->module->name);

  switch ((BsResult) pos->result)
    {
    case BS_RESULT_WIN_1:
    case BS_RESULT_WIN_2:
      /* TRANSLATORS: a caption under an exported board: variant, ply, result */
      return g_strdup_printf (_("%s · ply %u · %s wins"), name, pos->ply,
                              bs_game_get_player_name (game, pos->result));
    case BS_RESULT_DRAW:
      return g_strdup_printf (_("%s · ply %u · draw"), name, pos->ply);
    case BS_RESULT_ONGOING:
    default:
      /* TRANSLATORS: a caption under an exported board: variant, ply, player */
      return g_strdup_printf (_("%s · ply %u · %s to move"), name, pos->ply,
                              bs_game_get_player_name (game, pos->to_move));
    }
}

static void
snapshot_clear (gpointer data)
{
  BsExportSnapshot *self = data;

  g_clear_pointer (&self->game, bs_export_game_free);
  g_clear_pointer (&self->rs, bs_ruleset_unref);
  g_clear_pointer (&self->caption, g_free);
  g_clear_pointer (&self->title, g_free);
}

BsExportSnapshot *
bs_export_snapshot_new (BsGame *game)
{
  BsExportSnapshot *self;
  const BsVariant *variant;
  const BsRuleset *rs;
  guint n_turns;

  g_return_val_if_fail (BS_IS_GAME (game), NULL);

  rs = bs_game_get_ruleset (game);
  variant = bs_game_get_variant (game);
  n_turns = bs_game_get_n_turns (game);
  self = g_atomic_rc_box_new0 (BsExportSnapshot);
  self->rs = bs_ruleset_ref ((BsRuleset *) rs);
  self->game = bs_export_game_new (rs, bs_game_get_position_at (game, 0));
  for (guint turn = 1; turn <= n_turns; turn++)
    bs_export_game_add (self->game, bs_game_get_notation (game, turn - 1),
                        bs_game_get_position_at (game, turn));
  self->shown = bs_game_get_current (game);
  self->caption = describe_position (game, bs_game_get_position (game));
  if (self->shown > 0)
    {
      /* Under it, what the turn that led there did, in the engine's words. */
      g_autoptr(BsExplanation) explanation = bs_game_explain_turn (game, self->shown - 1);
      char *both = g_strconcat (self->caption, "\n", explanation->summary, NULL);

      g_free (self->caption);
      self->caption = both;
    }
  self->title = g_strdup (variant->name != NULL ? variant->name : _(rs->module->name));
  return self;
}

BsExportSnapshot *
bs_export_snapshot_ref (BsExportSnapshot *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return g_atomic_rc_box_acquire (self);
}

void
bs_export_snapshot_unref (BsExportSnapshot *self)
{
  g_return_if_fail (self != NULL);
  g_atomic_rc_box_release_full (self, snapshot_clear);
}

const BsRuleset *
bs_export_snapshot_get_ruleset (BsExportSnapshot *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->rs;
}

/* Options and writing. */

void
bs_export_request_fill_options (const BsExportRequest *self,
                                BsExportSnapshot      *snapshot,
                                BsRenderOptions       *render,
                                BsExportGameOptions   *game_options)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (snapshot != NULL);
  g_return_if_fail (render != NULL);
  g_return_if_fail (game_options != NULL);

  bs_render_options_init (render);
  render->theme = self->theme;
  render->coordinates = self->coordinates;
  /* A printed sheet has a white page under it. */
  render->transparent = self->transparent && self->kind != BS_EXPORT_KIND_SHEET;
  render->rotation = self->rotation;
  render->flip = self->flip;

  bs_export_game_options_init (game_options);
  game_options->mark_last_move = self->last_move;
  game_options->captions = self->caption;
  game_options->delay_ms = self->gif_delay_ms;
  game_options->per_page = self->per_page;
  game_options->title = snapshot->title;

  if (bs_export_kind_is_whole_game (self->kind))
    {
      /* Each frame or diagram carries its own move number and mark. */
      return;
    }
  if (self->last_move && snapshot->shown > 0)
    bs_export_move_cells (bs_export_snapshot_get_ruleset (snapshot),
                          bs_export_game_move (snapshot->game, snapshot->shown),
                          &render->last_move_from, &render->last_move_to);
  if (self->caption)
    render->caption = snapshot->caption;
}

static BsExportFormat
position_format (BsExportKind kind)
{
  switch (kind)
    {
    case BS_EXPORT_KIND_SVG:
      return BS_EXPORT_SVG;
    case BS_EXPORT_KIND_PDF:
      return BS_EXPORT_PDF;
    case BS_EXPORT_KIND_PNG:
    case BS_EXPORT_KIND_GIF:
    case BS_EXPORT_KIND_SHEET:
    case BS_EXPORT_N_KINDS:
    default:
      return BS_EXPORT_PNG;
    }
}

gboolean
bs_export_request_write (const BsExportRequest *self,
                         BsExportSnapshot      *snapshot,
                         const char            *path,
                         GError               **error)
{
  const BsRuleset *rs;
  BsRenderOptions render;
  BsExportGameOptions game_options;
  g_autoptr(GBytes) bytes = NULL;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (snapshot != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  rs = bs_export_snapshot_get_ruleset (snapshot);
  bs_export_request_fill_options (self, snapshot, &render, &game_options);
  switch (self->kind)
    {
    case BS_EXPORT_KIND_GIF:
      return bs_export_gif (snapshot->game, &render, &game_options, self->width, self->height,
                            path, error);
    case BS_EXPORT_KIND_SHEET:
      return bs_export_game_sheet (snapshot->game, &render, &game_options, path, error);
    case BS_EXPORT_KIND_PNG:
    case BS_EXPORT_KIND_SVG:
    case BS_EXPORT_KIND_PDF:
      bytes = bs_export_position_to_bytes (rs,
                                           bs_export_game_position (snapshot->game,
                                                                    snapshot->shown),
                                           &render, position_format (self->kind),
                                           self->width, self->height, error);
      if (bytes == NULL)
        return FALSE;
      /* Atomically and synced: a failed export never leaves half a file
       * behind, and the message names the file (bs-export.h). */
      return bs_export_write_bytes (path, bytes, error);
    case BS_EXPORT_N_KINDS:
    default:
      g_assert_not_reached ();
    }
}

typedef struct {
  BsExportRequest   request;
  BsExportSnapshot *snapshot;
  char             *path;
} WriteData;

static void
write_data_free (WriteData *data)
{
  g_clear_pointer (&data->snapshot, bs_export_snapshot_unref);
  g_free (data->path);
  g_free (data);
}

static void
write_thread (GTask        *task,
              gpointer      source_object,
              gpointer      task_data,
              GCancellable *cancellable)
{
  WriteData *data = task_data;
  GError *error = NULL;

  if (g_task_return_error_if_cancelled (task))
    return;
  if (bs_export_request_write (&data->request, data->snapshot, data->path, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

void
bs_export_request_write_async (const BsExportRequest *self,
                               BsExportSnapshot      *snapshot,
                               GFile                 *file,
                               GCancellable          *cancellable,
                               GAsyncReadyCallback    callback,
                               gpointer               user_data)
{
  g_autoptr(GTask) task = NULL;
  WriteData *data;

  g_return_if_fail (self != NULL);
  g_return_if_fail (snapshot != NULL);
  g_return_if_fail (G_IS_FILE (file));

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, bs_export_request_write_async);
  data = g_new0 (WriteData, 1);
  data->request = *self;
  data->snapshot = bs_export_snapshot_ref (snapshot);
  data->path = g_file_get_path (file);
  g_task_set_task_data (task, data, (GDestroyNotify) write_data_free);
  if (data->path == NULL)
    {
      g_autofree char *uri = g_file_get_uri (file);

      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                               _("Cannot write to %s: only local files are supported"), uri);
      return;
    }
  bs_worker_run_in_thread (task, write_thread);
}

gboolean
bs_export_request_write_finish (GAsyncResult  *result,
                                GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

GdkTexture *
bs_export_request_texture (const BsExportRequest *self,
                           BsExportSnapshot      *snapshot,
                           GError               **error)
{
  BsExportRequest still;
  BsRenderOptions render;
  BsExportGameOptions game_options;
  g_autoptr(GBytes) png = NULL;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (snapshot != NULL, NULL);

  /* The clipboard holds the shown position whatever format is chosen. */
  still = *self;
  still.kind = BS_EXPORT_KIND_PNG;
  bs_export_request_fill_options (&still, snapshot, &render, &game_options);
  png = bs_export_position_to_bytes (bs_export_snapshot_get_ruleset (snapshot),
                                     bs_export_game_position (snapshot->game, snapshot->shown),
                                     &render, BS_EXPORT_PNG, still.width, still.height, error);
  if (png == NULL)
    return NULL;
  return gdk_texture_new_from_bytes (png, error);
}
