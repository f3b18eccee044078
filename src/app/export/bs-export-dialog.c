/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-app"

#include "config.h"

#include "bs-export-dialog.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "bs-compat.h"
#include "bs-entry-limit.h"
#include "bs-fold-box.h"
#include "bs-folders.h"
#include "bs-widgets.h"

/* The game sheet's page, A4 in points, as bs-export.c lays it out. */
#define A4_WIDTH  595.276
#define A4_HEIGHT 841.890

struct _BsExportDialog {
  AdwWindow          parent_instance;

  GSettings         *settings;
  BsExportSnapshot  *snapshot;
  GCancellable      *cancellable;
  GFile             *target;    /* the file being written */
  char              *summary;
  gboolean           busy;
  gboolean           loading;   /* widgets are being set: do not save */

  /* Template children. */
  GtkWidget         *export_button;
  GtkSpinner        *spinner;
  GtkDrawingArea    *preview;
  GtkLabel          *summary_label;
  AdwComboRow       *format_row;
  AdwActionRow      *width_row;
  AdwActionRow      *height_row;
  GtkSpinButton     *width_spin;
  GtkSpinButton     *height_spin;
  GtkWidget         *delay_row;
  GtkSpinButton     *delay_spin;
  GtkWidget         *per_page_row;
  GtkSpinButton     *per_page_spin;
  AdwComboRow       *theme_row;
  GtkSwitch         *coordinates_switch;
  GtkWidget         *transparent_row;
  GtkSwitch         *transparent_switch;
  GtkSwitch         *last_move_switch;
  AdwActionRow      *caption_row;
  GtkSwitch         *caption_switch;
  AdwComboRow       *rotation_row;
  GtkSwitch         *flip_switch;
};

G_DEFINE_FINAL_TYPE (BsExportDialog, bs_export_dialog, ADW_TYPE_WINDOW)

enum {
  FINISHED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* Options ↔ widgets. */

void
bs_export_dialog_get_request (BsExportDialog  *self,
                              BsExportRequest *request)
{
  int steps;

  g_return_if_fail (BS_IS_EXPORT_DIALOG (self));
  g_return_if_fail (request != NULL);

  steps = bs_export_rotation_steps (bs_export_snapshot_get_ruleset (self->snapshot));
  request->kind = MIN (adw_combo_row_get_selected (self->format_row), BS_EXPORT_N_KINDS - 1);
  request->width = gtk_spin_button_get_value_as_int (self->width_spin);
  request->height = gtk_spin_button_get_value_as_int (self->height_spin);
  request->theme = MIN (adw_combo_row_get_selected (self->theme_row), BS_THEME_PRINT);
  request->coordinates = gtk_switch_get_active (self->coordinates_switch);
  request->transparent = gtk_switch_get_active (self->transparent_switch);
  request->last_move = gtk_switch_get_active (self->last_move_switch);
  request->caption = gtk_switch_get_active (self->caption_switch);
  request->rotation = MIN ((int) adw_combo_row_get_selected (self->rotation_row), steps - 1);
  request->flip = gtk_switch_get_active (self->flip_switch);
  request->gif_delay_ms = gtk_spin_button_get_value_as_int (self->delay_spin);
  request->per_page = gtk_spin_button_get_value_as_int (self->per_page_spin);
}

static void
update_for_options (BsExportDialog *self)
{
  BsExportRequest request;
  const char *unit;
  guint n_positions;

  bs_export_dialog_get_request (self, &request);
  n_positions = bs_export_game_n_positions (self->snapshot->game);

  unit = request.kind == BS_EXPORT_KIND_PNG || request.kind == BS_EXPORT_KIND_GIF
         ? _("Pixels") : _("Points");
  adw_action_row_set_subtitle (self->width_row, unit);
  adw_action_row_set_subtitle (self->height_row, unit);
  gtk_widget_set_visible (GTK_WIDGET (self->width_row), request.kind != BS_EXPORT_KIND_SHEET);
  gtk_widget_set_visible (GTK_WIDGET (self->height_row), request.kind != BS_EXPORT_KIND_SHEET);
  gtk_widget_set_visible (self->delay_row, request.kind == BS_EXPORT_KIND_GIF);
  gtk_widget_set_visible (self->per_page_row, request.kind == BS_EXPORT_KIND_SHEET);
  gtk_widget_set_visible (self->transparent_row, request.kind != BS_EXPORT_KIND_SHEET);
  adw_action_row_set_subtitle (self->caption_row,
                               bs_export_kind_is_whole_game (request.kind)
                               ? _("Move numbers under each diagram")
                               : _("Game, ply and who is to move"));

  g_free (self->summary);
  switch (request.kind)
    {
    case BS_EXPORT_KIND_PNG:
      self->summary = g_strdup_printf (_("PNG image · %d × %d pixels"),
                                       request.width, request.height);
      break;
    case BS_EXPORT_KIND_SVG:
      self->summary = g_strdup_printf (_("SVG drawing · %d × %d points"),
                                       request.width, request.height);
      break;
    case BS_EXPORT_KIND_PDF:
      self->summary = g_strdup_printf (_("PDF document · %d × %d points"),
                                       request.width, request.height);
      break;
    case BS_EXPORT_KIND_GIF:
      self->summary = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                    "Animated GIF · %u frame · %d × %d pixels",
                                                    "Animated GIF · %u frames · %d × %d pixels",
                                                    n_positions),
                                       n_positions, request.width, request.height);
      break;
    case BS_EXPORT_KIND_SHEET:
    case BS_EXPORT_N_KINDS:
    default:
      {
        BsExportGameOptions game_options;
        guint pages;

        bs_export_game_options_init (&game_options);
        game_options.per_page = request.per_page;
        pages = bs_export_game_sheet_pages (self->snapshot->game, &game_options);
        self->summary = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                      "PDF game sheet · %u A4 page",
                                                      "PDF game sheet · %u A4 pages", pages),
                                         pages);
      }
      break;
    }
  gtk_label_set_text (self->summary_label, self->summary);
  gtk_widget_queue_draw (GTK_WIDGET (self->preview));

  if (!self->loading)
    bs_export_request_save (&request, self->settings);
}

void
bs_export_dialog_set_request (BsExportDialog        *self,
                              const BsExportRequest *request)
{
  int steps;

  g_return_if_fail (BS_IS_EXPORT_DIALOG (self));
  g_return_if_fail (request != NULL);

  steps = bs_export_rotation_steps (bs_export_snapshot_get_ruleset (self->snapshot));
  self->loading = TRUE;
  adw_combo_row_set_selected (self->format_row, MIN (request->kind, BS_EXPORT_N_KINDS - 1));
  gtk_spin_button_set_value (self->width_spin, request->width);
  gtk_spin_button_set_value (self->height_spin, request->height);
  adw_combo_row_set_selected (self->theme_row, MIN (request->theme, BS_THEME_PRINT));
  gtk_switch_set_active (self->coordinates_switch, request->coordinates);
  gtk_switch_set_active (self->transparent_switch, request->transparent);
  gtk_switch_set_active (self->last_move_switch, request->last_move);
  gtk_switch_set_active (self->caption_switch, request->caption);
  adw_combo_row_set_selected (self->rotation_row,
                              (guint) (((request->rotation % steps) + steps) % steps));
  gtk_switch_set_active (self->flip_switch, request->flip);
  gtk_spin_button_set_value (self->delay_spin, request->gif_delay_ms);
  gtk_spin_button_set_value (self->per_page_spin, request->per_page);
  self->loading = FALSE;
  update_for_options (self);
}

/* The preview. */

static void
draw_checkerboard (cairo_t *cr,
                   double   width,
                   double   height)
{
  const double square = 8;

  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_clip (cr);
  cairo_set_source_rgb (cr, 0.80, 0.80, 0.80);
  cairo_paint (cr);
  cairo_set_source_rgb (cr, 0.62, 0.62, 0.62);
  for (int row = 0; row * square < height; row++)
    for (int col = row % 2; col * square < width; col += 2)
      cairo_rectangle (cr, col * square, row * square, square, square);
  cairo_fill (cr);
  cairo_restore (cr);
}

static void
draw_preview (GtkDrawingArea *area,
              cairo_t        *cr,
              int             area_width,
              int             area_height,
              gpointer        user_data)
{
  BsExportDialog *self = user_data;
  BsExportRequest request;
  BsRenderOptions render;
  BsExportGameOptions game_options;
  g_autofree char *frame_caption = NULL;
  double page_width, page_height, scale;

  if (self->snapshot == NULL || area_width <= 0 || area_height <= 0)
    return;

  bs_export_dialog_get_request (self, &request);
  bs_export_request_fill_options (&request, self->snapshot, &render, &game_options);
  if (request.kind == BS_EXPORT_KIND_SHEET)
    {
      page_width = A4_WIDTH;
      page_height = A4_HEIGHT;
    }
  else
    {
      page_width = request.width;
      page_height = request.height;
    }

  /* The picture at the export's proportions, as large as fits. */
  scale = MIN ((area_width - 2.0) / page_width, (area_height - 2.0) / page_height);
  cairo_translate (cr, round ((area_width - page_width * scale) / 2),
                   round ((area_height - page_height * scale) / 2));

  /* A hairline frame shows the image's edges on any background. */
  cairo_rectangle (cr, -0.5, -0.5, page_width * scale + 1, page_height * scale + 1);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.25);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);

  if (request.kind == BS_EXPORT_KIND_SHEET)
    {
      cairo_rectangle (cr, 0, 0, page_width * scale, page_height * scale);
      cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_fill (cr);
      cairo_scale (cr, scale, scale);
      bs_export_draw_sheet_page (cr, self->snapshot->game, &render, &game_options, 0,
                                 page_width, page_height);
      return;
    }

  if (render.transparent)
    draw_checkerboard (cr, page_width * scale, page_height * scale);
  cairo_scale (cr, scale, scale);
  if (request.kind == BS_EXPORT_KIND_GIF)
    {
      /* A still of the frame on show, marked and captioned as the GIF does. */
      guint shown = self->snapshot->shown;

      if (game_options.mark_last_move && shown > 0)
        bs_export_move_cells (bs_export_snapshot_get_ruleset (self->snapshot),
                              bs_export_game_move (self->snapshot->game, shown),
                              &render.last_move_from, &render.last_move_to);
      if (game_options.captions)
        frame_caption = bs_export_game_caption (self->snapshot->game, shown);
      render.caption = frame_caption;
    }
  bs_render_position (cr, bs_export_snapshot_get_ruleset (self->snapshot),
                      bs_export_game_position (self->snapshot->game, self->snapshot->shown),
                      &render, page_width, page_height);
}

/* Exporting. */

static void
set_busy (BsExportDialog *self,
          gboolean        busy)
{
  self->busy = busy;
  gtk_widget_set_sensitive (self->export_button, !busy);
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), busy);
  gtk_spinner_set_spinning (self->spinner, busy);
}

static void
show_export_error (BsExportDialog *self,
                   const GError   *error)
{
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Could Not Export"),
                                              error->message);

  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
on_written (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(BsExportDialog) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) target = g_steal_pointer (&self->target);
  gboolean written;

  written = bs_export_request_write_finish (result, &error);
  set_busy (self, FALSE);
  g_signal_emit (self, signals[FINISHED], 0, target, error);
  if (written || !gtk_widget_get_visible (GTK_WIDGET (self)))
    {
      /* Done, or closed while the file was being written. */
      if (!written)
        g_warning ("Export to %s failed: %s", g_file_peek_path (target), error->message);
      gtk_window_destroy (GTK_WINDOW (self));
      return;
    }
  if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    show_export_error (self, error);
}

/* Closing while a file is being written only hides the dialog: the
 * export finishes and the window still hears of it. */
static gboolean
bs_export_dialog_close_request (GtkWindow *window)
{
  BsExportDialog *self = BS_EXPORT_DIALOG (window);

  if (self->busy)
    {
      gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
      return TRUE;
    }
  return GTK_WINDOW_CLASS (bs_export_dialog_parent_class)->close_request (window);
}

void
bs_export_dialog_export_to (BsExportDialog *self,
                            GFile          *file)
{
  BsExportRequest request;

  g_return_if_fail (BS_IS_EXPORT_DIALOG (self));
  g_return_if_fail (G_IS_FILE (file));
  g_return_if_fail (!self->busy);

  bs_export_dialog_get_request (self, &request);
  bs_export_request_save (&request, self->settings);
  bs_folders_remember (BS_FOLDER_IMAGES, file);

  set_busy (self, TRUE);
  g_set_object (&self->target, file);
  bs_export_request_write_async (&request, self->snapshot, file, self->cancellable,
                                 on_written, g_object_ref (self));
}

/* The file chooser's answer. */
static void
on_file_chosen (GFile    *file,
                gpointer  user_data)
{
  g_autoptr(BsExportDialog) self = user_data;
  g_autoptr(GFile) target = NULL;
  BsExportRequest request;
  g_autofree char *basename = NULL;

  if (file == NULL || self->busy)
    return;

  /* A name typed without its extension gets the format's. */
  bs_export_dialog_get_request (self, &request);
  basename = g_file_get_basename (file);
  if (basename != NULL && strchr (basename, '.') == NULL)
    {
      g_autoptr(GFile) parent = g_file_get_parent (file);
      g_autofree char *named = g_strconcat (basename, ".",
                                            bs_export_kind_extension (request.kind), NULL);

      target = g_file_get_child (parent, named);
    }
  else
    target = g_object_ref (file);
  bs_export_dialog_export_to (self, target);
}

char *
bs_export_dialog_suggest_name (BsExportDialog *self)
{
  BsExportRequest request;
  g_autofree char *stem = NULL;
  GString *name;

  g_return_val_if_fail (BS_IS_EXPORT_DIALOG (self), NULL);

  bs_export_dialog_get_request (self, &request);
  stem = g_utf8_strdown (self->snapshot->title, -1);
  g_strdelimit (stem, " /\\:", '-');
  name = g_string_new (stem);
  switch (request.kind)
    {
    case BS_EXPORT_KIND_GIF:
      g_string_append (name, "-game");
      break;
    case BS_EXPORT_KIND_SHEET:
      g_string_append (name, "-game-sheet");
      break;
    case BS_EXPORT_KIND_PNG:
    case BS_EXPORT_KIND_SVG:
    case BS_EXPORT_KIND_PDF:
    case BS_EXPORT_N_KINDS:
    default:
      /* File names stay ASCII and untranslated, like the CLI's. */
      g_string_append_printf (name, "-ply-%u",
                              bs_export_game_position (self->snapshot->game,
                                                       self->snapshot->shown)->ply);
      break;
    }
  g_string_append_printf (name, ".%s", bs_export_kind_extension (request.kind));
  return g_string_free (name, FALSE);
}

static void
on_export_clicked (BsExportDialog *self)
{
  static const struct {
    const char *filter;
    const char *mime_type;
  } types[BS_EXPORT_N_KINDS] = {
    { N_("PNG images"), "image/png" },
    { N_("SVG drawings"), "image/svg+xml" },
    { N_("PDF documents"), "application/pdf" },
    { N_("GIF animations"), "image/gif" },
    { N_("PDF documents"), "application/pdf" },
  };
  BsExportRequest request;
  g_autofree char *name = NULL;
  g_autoptr(GFile) folder = NULL;

  if (self->busy)
    return;
  /* A size typed but not yet confirmed counts. */
  gtk_spin_button_update (self->width_spin);
  gtk_spin_button_update (self->height_spin);
  gtk_spin_button_update (self->delay_spin);
  gtk_spin_button_update (self->per_page_spin);
  bs_export_dialog_get_request (self, &request);
  folder = bs_folders_get_initial (BS_FOLDER_IMAGES);
  name = bs_export_dialog_suggest_name (self);
  bs_compat_choose_export (GTK_WINDOW (self),
                           bs_export_kind_is_whole_game (request.kind) ? _("Export Game")
                                                                       : _("Export Position"),
                           folder, name, _(types[request.kind].filter),
                           types[request.kind].mime_type, on_file_chosen, g_object_ref (self));
}

gboolean
bs_export_dialog_get_busy (BsExportDialog *self)
{
  g_return_val_if_fail (BS_IS_EXPORT_DIALOG (self), FALSE);
  return self->busy;
}

const char *
bs_export_dialog_get_summary (BsExportDialog *self)
{
  g_return_val_if_fail (BS_IS_EXPORT_DIALOG (self), NULL);
  return self->summary;
}

/* Construction. */

static void
fill_rotations (BsExportDialog *self)
{
  int steps = bs_export_rotation_steps (bs_export_snapshot_get_ruleset (self->snapshot));
  g_autoptr(GtkStringList) rotations = gtk_string_list_new (NULL);

  gtk_string_list_append (rotations, C_("rotation", "None"));
  for (int step = 1; step < steps; step++)
    {
      /* TRANSLATORS: an angle of rotation, "90°" */
      g_autofree char *angle = g_strdup_printf (_("%d°"), step * 360 / steps);

      gtk_string_list_append (rotations, angle);
    }
  adw_combo_row_set_model (self->rotation_row, G_LIST_MODEL (rotations));
}

static void
bs_export_dialog_dispose (GObject *object)
{
  BsExportDialog *self = (BsExportDialog *) object;

  g_cancellable_cancel (self->cancellable);
  gtk_widget_dispose_template (GTK_WIDGET (self), BS_TYPE_EXPORT_DIALOG);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->target);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->snapshot, bs_export_snapshot_unref);

  G_OBJECT_CLASS (bs_export_dialog_parent_class)->dispose (object);
}

static void
bs_export_dialog_finalize (GObject *object)
{
  BsExportDialog *self = (BsExportDialog *) object;

  g_free (self->summary);

  G_OBJECT_CLASS (bs_export_dialog_parent_class)->finalize (object);
}

static void
bs_export_dialog_class_init (BsExportDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = bs_export_dialog_dispose;
  window_class->close_request = bs_export_dialog_close_request;
  object_class->finalize = bs_export_dialog_finalize;

  /**
   * BsExportDialog::finished:
   * @file: where the export went
   * @error: (nullable): why it failed, or %NULL when it was written
   */
  signals[FINISHED] = g_signal_new ("finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                    0, NULL, NULL, NULL, G_TYPE_NONE, 2,
                                    G_TYPE_FILE, G_TYPE_ERROR);

  g_type_ensure (BS_TYPE_FOLD_BOX);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/boardsmith/Boardsmith/"
                                               "bs-export-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, BsExportDialog, export_button);
  gtk_widget_class_bind_template_child (widget_class, BsExportDialog, spinner);
  gtk_widget_class_bind_template_child (widget_class, BsExportDialog, preview);
  gtk_widget_class_bind_template_child (widget_class, BsExportDialog, summary_label);
  gtk_widget_class_bind_template_child (widget_class, BsExportDialog, format_row);
  gtk_widget_class_bind_template_child (widget_class, BsExportDialog, width_row);
  gtk_widget_class_bind_template_child (widget_class, BsExportDialog, height_row);
  gtk_widget_class_bind_template_child (widget_class, BsExportDialog, width_spin);
  gtk_widget_class_bind_template_child (widget_class, BsExportDialog, height_spin);
  gtk_widget_class_bind_template_child (widget_class, BsExportDialog, delay_row);
  gtk_widget_class_bind_template_child (widget_class, BsExportDialog, delay_spin);
  gtk_widget_class_bind_template_child (widget_class, BsExportDialog, per_page_row);
  gtk_widget_class_bind_template_child (widget_class, BsExportDialog, per_page_spin);
  gtk_widget_class_bind_template_child (widget_class, BsExportDialog, theme_row);
  gtk_widget_class_bind_template_child (widget_class, BsExportDialog, coordinates_switch);
  gtk_widget_class_bind_template_child (widget_class, BsExportDialog, transparent_row);
  gtk_widget_class_bind_template_child (widget_class, BsExportDialog, transparent_switch);
  gtk_widget_class_bind_template_child (widget_class, BsExportDialog, last_move_switch);
  gtk_widget_class_bind_template_child (widget_class, BsExportDialog, caption_row);
  gtk_widget_class_bind_template_child (widget_class, BsExportDialog, caption_switch);
  gtk_widget_class_bind_template_child (widget_class, BsExportDialog, rotation_row);
  gtk_widget_class_bind_template_child (widget_class, BsExportDialog, flip_switch);
  gtk_widget_class_bind_template_callback (widget_class, on_export_clicked);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
bs_export_dialog_init (BsExportDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  bs_entry_limit (GTK_WIDGET (self->width_spin), BS_ENTRY_NUMBER);
  bs_entry_limit (GTK_WIDGET (self->height_spin), BS_ENTRY_NUMBER);
  bs_entry_limit (GTK_WIDGET (self->delay_spin), BS_ENTRY_NUMBER);
  bs_entry_limit (GTK_WIDGET (self->per_page_spin), BS_ENTRY_NUMBER);
  /* The options sit at the dialog's right edge: their lists open inside it. */
  bs_combo_row_keep_popover_inside (self->format_row);
  bs_combo_row_keep_popover_inside (self->theme_row);
  bs_combo_row_keep_popover_inside (self->rotation_row);

  self->settings = g_settings_new (APP_ID);
  self->cancellable = g_cancellable_new ();
  gtk_drawing_area_set_draw_func (self->preview, draw_preview, self, NULL);
}

static void
connect_option_signals (BsExportDialog *self)
{
  GObject *notified[] = {
    G_OBJECT (self->format_row), G_OBJECT (self->theme_row), G_OBJECT (self->rotation_row),
  };
  GObject *switches[] = {
    G_OBJECT (self->coordinates_switch), G_OBJECT (self->transparent_switch),
    G_OBJECT (self->last_move_switch), G_OBJECT (self->caption_switch),
    G_OBJECT (self->flip_switch),
  };
  GObject *spins[] = {
    G_OBJECT (self->width_spin), G_OBJECT (self->height_spin),
    G_OBJECT (self->delay_spin), G_OBJECT (self->per_page_spin),
  };

  for (guint i = 0; i < G_N_ELEMENTS (notified); i++)
    g_signal_connect_object (notified[i], "notify::selected", G_CALLBACK (update_for_options),
                             self, G_CONNECT_SWAPPED);
  for (guint i = 0; i < G_N_ELEMENTS (switches); i++)
    g_signal_connect_object (switches[i], "notify::active", G_CALLBACK (update_for_options),
                             self, G_CONNECT_SWAPPED);
  for (guint i = 0; i < G_N_ELEMENTS (spins); i++)
    g_signal_connect_object (spins[i], "value-changed", G_CALLBACK (update_for_options),
                             self, G_CONNECT_SWAPPED);
}

BsExportDialog *
bs_export_dialog_new (GtkWindow *parent,
                      BsGame    *game)
{
  BsExportDialog *self;
  BsExportRequest request;

  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (BS_IS_GAME (game), NULL);

  self = g_object_new (BS_TYPE_EXPORT_DIALOG, "transient-for", parent, NULL);
  /* Never wider than a narrow window it belongs to (a phone's). */
  if (parent != NULL && gtk_widget_get_width (GTK_WIDGET (parent)) > 0)
    {
      int width, height;

      gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
      if (gtk_widget_get_width (GTK_WIDGET (parent)) < width)
        gtk_window_set_default_size (GTK_WINDOW (self), gtk_widget_get_width (GTK_WIDGET (parent)),
                                     MIN (height, gtk_widget_get_height (GTK_WIDGET (parent))));
    }
  self->snapshot = bs_export_snapshot_new (game);
  fill_rotations (self);
  bs_export_request_load (&request, self->settings);
  bs_export_dialog_set_request (self, &request);
  connect_option_signals (self);
  return self;
}
