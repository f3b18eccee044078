/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-editor"

#include "config.h"

#include "bs-editor-canvas.h"

#include <math.h>
#include <adwaita.h>
#include <glib/gi18n.h>

#include "bs-cell-widget.h"
#include "bs-render.h"
#include "bs-widgets.h"

struct _BsEditorCanvas {
  GtkWidget          parent_instance;

  BsVariantDocument *document;
  int                hover_col;
  int                hover_row;
  int                cursor_col;   /* keyboard cursor on the full shape */
  int                cursor_row;
  gboolean           cursor_shown;

  /* A stroke: the pointer held down and dragged paints every position it
   * crosses, each once. */
  gboolean           stroking;
  double             stroke_x;     /* where the pointer was last seen */
  double             stroke_y;
  char              *stroke_label; /* the position painted last */

  /* The accessible grid: a BsCellWidget per position of the full shape
   * (holes included), index = row × n_cols + col; readable and placed
   * over its position, the canvas keeps the focus and the clicks. */
  GPtrArray         *cells;
  int                cells_cols;
  int                cells_rows;
};

G_DEFINE_FINAL_TYPE (BsEditorCanvas, bs_editor_canvas, GTK_TYPE_WIDGET)

enum {
  CELL_ACTIVATED,
  STROKE_BEGIN,
  STROKE_END,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
fill_options (BsEditorCanvas  *self,
              BsRenderOptions *options)
{
  AdwStyleManager *style = adw_style_manager_get_default ();

  bs_render_options_init (options);
  options->theme = adw_style_manager_get_dark (style) ? BS_THEME_DARK : BS_THEME_LIGHT;
  options->coordinates = TRUE;
  options->transparent = TRUE;
  options->backdrop = bs_style_backdrop_for (adw_style_manager_get_dark (style));
}

static BsRuleset *
preview (BsEditorCanvas *self)
{
  return self->document != NULL ? bs_variant_document_get_preview (self->document) : NULL;
}

/* A cell's outline around (x, y): pointy-top hexagon or square. */
static void
outline (cairo_t  *cr,
         gboolean  hex,
         double    x,
         double    y,
         double    r)
{
  if (hex)
    {
      double R = r * 2 / sqrt (3.0);

      for (int i = 0; i < 6; i++)
        {
          double a = G_PI / 6 + i * G_PI / 3;

          if (i == 0)
            cairo_move_to (cr, x + R * cos (a), y + R * sin (a));
          else
            cairo_line_to (cr, x + R * cos (a), y + R * sin (a));
        }
      cairo_close_path (cr);
    }
  else
    cairo_rectangle (cr, x - r, y - r, 2 * r, 2 * r);
}

static void
bs_editor_canvas_snapshot (GtkWidget   *widget,
                           GtkSnapshot *snapshot)
{
  BsEditorCanvas *self = BS_EDITOR_CANVAS (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  BsRuleset *rs = preview (self);
  const BsVariant *variant;
  const BsPosition *pos;
  BsRenderOptions options;
  gboolean hex, dark;
  cairo_t *cr;

  if (rs == NULL || width <= 0 || height <= 0)
    return;
  pos = bs_variant_document_get_preview_position (self->document);
  variant = bs_variant_document_get_variant (self->document);
  hex = bs_board_is_hex (rs->board);
  dark = adw_style_manager_get_dark (adw_style_manager_get_default ());

  fill_options (self, &options);
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  bs_render_position (cr, rs, pos, &options, width, height);

  /* Holes: a dashed outline, so the designer sees where a cell can come
   * back; a special on a hole is crossed out in red. */
  for (guint i = 0; i < variant->holes->len; i++)
    {
      const char *label = g_array_index (variant->holes, BsVariantHole, i).label;
      int col, row;
      double x, y, r;
      static const double dash[] = { 4.0, 3.0 };

      if (!bs_board_parse_label (label, &col, &row) || !bs_board_in_shape (rs->board, col, row))
        continue;
      bs_render_grid_centre (rs, &options, width, height, col, row, &x, &y, &r);
      outline (cr, hex, x, y, r * 0.86);
      cairo_set_dash (cr, dash, G_N_ELEMENTS (dash), 0);
      cairo_set_line_width (cr, 1.5);
      if (dark)
        cairo_set_source_rgba (cr, 1, 1, 1, 0.45);
      else
        cairo_set_source_rgba (cr, 0, 0, 0, 0.4);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
      for (guint s = 0; s < variant->specials->len; s++)
        if (g_strcmp0 (g_array_index (variant->specials, BsVariantSpecial, s).cell, label) == 0)
          {
            double d = r * 0.45;

            cairo_move_to (cr, x - d, y - d);
            cairo_line_to (cr, x + d, y + d);
            cairo_move_to (cr, x + d, y - d);
            cairo_line_to (cr, x - d, y + d);
            cairo_set_line_width (cr, MAX (2.0, r * 0.15));
            cairo_set_source_rgb (cr, 0.88, 0.11, 0.14);
            cairo_stroke (cr);
          }
    }

  /* What the error is about, where it has a place: a red ring (the
   * libadwaita error colour) with a gap, so it reads as a mark and not as
   * a cell of another colour. */
  {
    const char * const *problems = bs_variant_document_get_problem_cells (self->document);

    for (guint i = 0; problems != NULL && problems[i] != NULL; i++)
      {
        int col, row;
        double x, y, r;

        if (!bs_board_parse_label (problems[i], &col, &row)
            || !bs_board_in_shape (rs->board, col, row))
          continue;
        bs_render_grid_centre (rs, &options, width, height, col, row, &x, &y, &r);
        outline (cr, hex, x, y, r * 1.0);
        cairo_set_line_width (cr, MAX (3.0, r * 0.16));
        if (dark)
          cairo_set_source_rgb (cr, 1.0, 0.48, 0.39);      /* #ff7b63 */
        else
          cairo_set_source_rgb (cr, 0.88, 0.11, 0.14);     /* #e01b24 */
        cairo_stroke (cr);
      }
  }

  /* The keyboard cursor, once the keyboard is in use. */
  if (self->cursor_shown && gtk_widget_has_focus (widget)
      && bs_board_in_shape (rs->board, self->cursor_col, self->cursor_row))
    {
      double x, y, r;
      static const double dash[] = { 6.0, 4.0 };

      bs_render_grid_centre (rs, &options, width, height, self->cursor_col, self->cursor_row,
                             &x, &y, &r);
      outline (cr, hex, x, y, r * 0.78);
      cairo_set_dash (cr, dash, G_N_ELEMENTS (dash), 0);
      cairo_set_line_width (cr, MAX (2.0, r * 0.08));
      cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, 1.0);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
    }

  /* The position under the pointer. */
  if (self->hover_col >= 0 && bs_board_in_shape (rs->board, self->hover_col, self->hover_row))
    {
      double x, y, r;

      bs_render_grid_centre (rs, &options, width, height, self->hover_col, self->hover_row,
                             &x, &y, &r);
      outline (cr, hex, x, y, r * 0.92);
      cairo_set_line_width (cr, MAX (2.0, r * 0.08));
      cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, 0.9);   /* GNOME blue 3 */
      cairo_stroke (cr);
    }
  cairo_destroy (cr);
}

char *
bs_editor_canvas_label_at (BsEditorCanvas *self,
                           double          x,
                           double          y)
{
  BsRuleset *rs;
  BsRenderOptions options;
  int col, row;

  g_return_val_if_fail (BS_IS_EDITOR_CANVAS (self), NULL);

  rs = preview (self);
  if (rs == NULL)
    return NULL;
  fill_options (self, &options);
  if (!bs_render_grid_at (rs, &options, gtk_widget_get_width (GTK_WIDGET (self)),
                          gtk_widget_get_height (GTK_WIDGET (self)), x, y, &col, &row))
    return NULL;
  return bs_board_label_for (rs->board, col, row);
}

gboolean
bs_editor_canvas_label_centre (BsEditorCanvas *self,
                               const char     *label,
                               double         *x,
                               double         *y)
{
  BsRuleset *rs;
  BsRenderOptions options;
  int col, row;

  g_return_val_if_fail (BS_IS_EDITOR_CANVAS (self), FALSE);

  rs = preview (self);
  if (rs == NULL || !bs_board_parse_label (label, &col, &row)
      || !bs_board_in_shape (rs->board, col, row))
    return FALSE;
  fill_options (self, &options);
  bs_render_grid_centre (rs, &options, gtk_widget_get_width (GTK_WIDGET (self)),
                         gtk_widget_get_height (GTK_WIDGET (self)), col, row, x, y, NULL);
  return TRUE;
}

gboolean
bs_editor_canvas_activate_at (BsEditorCanvas *self,
                              double          x,
                              double          y)
{
  g_autofree char *label = NULL;

  g_return_val_if_fail (BS_IS_EDITOR_CANVAS (self), FALSE);

  label = bs_editor_canvas_label_at (self, x, y);
  if (label == NULL)
    return FALSE;
  g_signal_emit (self, signals[CELL_ACTIVATED], 0, label);
  return TRUE;
}

/* Painting along the pointer's path: the segment since the last point is
 * walked in steps of a fraction of a cell, so a quick drag misses none. */
static void
stroke_to (BsEditorCanvas *self,
           double          x,
           double          y)
{
  BsRuleset *rs = preview (self);
  BsRenderOptions options;
  int width = gtk_widget_get_width (GTK_WIDGET (self));
  int height = gtk_widget_get_height (GTK_WIDGET (self));
  double step = 4.0, length;
  int n;

  if (rs == NULL || width <= 0 || height <= 0)
    return;
  fill_options (self, &options);
  {
    int col, row;
    double cx, cy, r = 0;

    /* A third of a cell's inradius. */
    col = bs_board_n_cols (rs->board) / 2;
    row = bs_board_n_rows (rs->board) / 2;
    bs_render_grid_centre (rs, &options, width, height, col, row, &cx, &cy, &r);
    if (r > 3)
      step = r / 3;
  }
  length = hypot (x - self->stroke_x, y - self->stroke_y);
  n = MAX (1, (int) ceil (length / step));
  for (int i = 1; i <= n; i++)
    {
      double px = self->stroke_x + (x - self->stroke_x) * i / n;
      double py = self->stroke_y + (y - self->stroke_y) * i / n;
      g_autofree char *label = bs_editor_canvas_label_at (self, px, py);

      if (label == NULL || g_strcmp0 (label, self->stroke_label) == 0)
        continue;
      g_free (self->stroke_label);
      self->stroke_label = g_strdup (label);
      g_signal_emit (self, signals[CELL_ACTIVATED], 0, label);
      /* A paint may change the board (a resize never does, a hole keeps
       * the shape): the mapping stays the same. */
    }
  self->stroke_x = x;
  self->stroke_y = y;
}

static void
end_stroke (BsEditorCanvas *self)
{
  if (!self->stroking)
    return;
  self->stroking = FALSE;
  g_clear_pointer (&self->stroke_label, g_free);
  g_signal_emit (self, signals[STROKE_END], 0);
}

static void
on_drag_begin (GtkGestureDrag *gesture,
               double          x,
               double          y,
               BsEditorCanvas *self)
{
  g_autofree char *label = NULL;

  self->cursor_shown = FALSE;
  gtk_widget_grab_focus (GTK_WIDGET (self));
  end_stroke (self);
  self->stroking = TRUE;
  self->stroke_x = x;
  self->stroke_y = y;
  g_signal_emit (self, signals[STROKE_BEGIN], 0);
  label = bs_editor_canvas_label_at (self, x, y);
  if (label != NULL)
    {
      self->stroke_label = g_strdup (label);
      g_signal_emit (self, signals[CELL_ACTIVATED], 0, label);
    }
}

static void
on_drag_update (GtkGestureDrag *gesture,
                double          offset_x,
                double          offset_y,
                BsEditorCanvas *self)
{
  double x, y;

  if (!self->stroking || !gtk_gesture_drag_get_start_point (gesture, &x, &y))
    return;
  stroke_to (self, x + offset_x, y + offset_y);
}

static void
on_drag_end (GtkGestureDrag *gesture,
             double          offset_x,
             double          offset_y,
             BsEditorCanvas *self)
{
  double x, y;

  if (self->stroking && gtk_gesture_drag_get_start_point (gesture, &x, &y))
    stroke_to (self, x + offset_x, y + offset_y);
  end_stroke (self);
}

static void
on_drag_cancel (GtkGesture       *gesture,
                GdkEventSequence *sequence,
                BsEditorCanvas   *self)
{
  end_stroke (self);
}

static void
set_hover (BsEditorCanvas *self,
           int             col,
           int             row)
{
  if (col == self->hover_col && row == self->hover_row)
    return;
  self->hover_col = col;
  self->hover_row = row;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_motion (GtkEventControllerMotion *motion,
           double                    x,
           double                    y,
           BsEditorCanvas           *self)
{
  BsRuleset *rs = preview (self);
  BsRenderOptions options;
  int col, row;

  fill_options (self, &options);
  if (rs != NULL && bs_render_grid_at (rs, &options, gtk_widget_get_width (GTK_WIDGET (self)),
                                       gtk_widget_get_height (GTK_WIDGET (self)), x, y,
                                       &col, &row))
    set_hover (self, col, row);
  else
    set_hover (self, -1, -1);
}

/* Arrow keys move the cursor over the full shape (holes included, so they
 * can be restored from the keyboard); Enter or Space paints there. */
static gboolean
on_key_pressed (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                BsEditorCanvas        *self)
{
  BsRuleset *rs = preview (self);
  int dcol = 0, drow = 0, col, row;

  if (rs == NULL || (state & (GDK_CONTROL_MASK | GDK_ALT_MASK)) != 0)
    return GDK_EVENT_PROPAGATE;
  if (!bs_board_in_shape (rs->board, self->cursor_col, self->cursor_row))
    {
      self->cursor_col = bs_board_n_cols (rs->board) / 2;
      self->cursor_row = bs_board_n_rows (rs->board) / 2;
    }
  switch (keyval)
    {
    case GDK_KEY_Left: case GDK_KEY_KP_Left: dcol = -1; break;
    case GDK_KEY_Right: case GDK_KEY_KP_Right: dcol = 1; break;
    case GDK_KEY_Up: case GDK_KEY_KP_Up: drow = 1; break;
    case GDK_KEY_Down: case GDK_KEY_KP_Down: drow = -1; break;
    case GDK_KEY_Return: case GDK_KEY_KP_Enter: case GDK_KEY_space:
      {
        g_autofree char *label = bs_board_label_for (rs->board, self->cursor_col,
                                                     self->cursor_row);

        self->cursor_shown = TRUE;
        g_signal_emit (self, signals[CELL_ACTIVATED], 0, label);
        return GDK_EVENT_STOP;
      }
    default:
      return GDK_EVENT_PROPAGATE;
    }
  /* Rows go up the screen; on hex boards up the row is up and to the
   * right, which the arrows follow as the grid does. */
  col = self->cursor_col + dcol;
  row = self->cursor_row + drow;
  if (bs_board_in_shape (rs->board, col, row))
    {
      self->cursor_col = col;
      self->cursor_row = row;
    }
  self->cursor_shown = TRUE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return GDK_EVENT_STOP;
}

static void
on_leave (BsEditorCanvas *self)
{
  set_hover (self, -1, -1);
}

static void
clear_cells (BsEditorCanvas *self)
{
  if (self->cells == NULL)
    return;
  for (guint i = 0; i < self->cells->len; i++)
    gtk_widget_unparent (g_ptr_array_index (self->cells, i));
  g_clear_pointer (&self->cells, g_ptr_array_unref);
}

/* Whether the variant fixes a piece on `label` (a piece the rules place
 * looks the same on the board, but only a fixed one can be taken away). */
static gboolean
is_fixed (const BsVariant *variant,
          const char      *label)
{
  for (guint i = 0; i < variant->setup->len; i++)
    if (g_strcmp0 (g_array_index (variant->setup, BsVariantPiece, i).cell, label) == 0)
      return TRUE;
  return FALSE;
}

/* A special cell the variant puts on a hole (drawn crossed out, an error):
 * said after "hole", as a special cell on the board is. parts[0] is the
 * position's coordinate. */
static void
add_specials_on_hole (BsRuleset       *rs,
                      const BsVariant *variant,
                      GPtrArray       *parts)
{
  const char *here = g_ptr_array_index (parts, 0);

  for (guint i = 0; i < variant->specials->len; i++)
    {
      const BsVariantSpecial *special = &g_array_index (variant->specials, BsVariantSpecial, i);
      int s = bs_module_special_index (rs->module, special->id);

      if (s < 0 || g_strcmp0 (special->cell, here) != 0)
        continue;
      if (special->player == 0)
        g_ptr_array_add (parts, g_strdup (_(rs->module->specials[s].label)));
      else
        /* Translators: a player's special cell, e.g. "Dark’s Nest". */
        g_ptr_array_add (parts, g_strdup_printf (_("%s’s %s"),
                                                 bs_variant_display_player (variant,
                                                                            special->player),
                                                 _(rs->module->specials[s].label)));
    }
}

/* Each position's label: its coordinate, then "hole" (and a special cell
 * left there) or what the start holds there (pieces, "fixed piece" for the variant's own, special
 * cells), from the engine's data, and "error here" where the error's red ring is. */
static void
sync_cells (BsEditorCanvas *self)
{
  BsRuleset *rs = preview (self);
  const BsPosition *pos;
  const BsVariant *variant;
  const char * const *problems;
  int cols, rows;

  if (rs == NULL)
    {
      clear_cells (self);
      return;
    }
  cols = bs_board_n_cols (rs->board);
  rows = bs_board_n_rows (rs->board);
  if (self->cells == NULL || cols != self->cells_cols || rows != self->cells_rows)
    {
      clear_cells (self);
      self->cells = g_ptr_array_new ();
      self->cells_cols = cols;
      self->cells_rows = rows;
      for (int row = 0; row < rows; row++)
        for (int col = 0; col < cols; col++)
          {
            GtkWidget *cell;

            if (!bs_board_in_shape (rs->board, col, row))
              continue;
            cell = bs_cell_widget_new (row * cols + col);
            gtk_widget_set_focusable (cell, FALSE);
            gtk_widget_set_parent (cell, GTK_WIDGET (self));
            g_ptr_array_add (self->cells, cell);
          }
      gtk_widget_queue_allocate (GTK_WIDGET (self));
    }

  pos = bs_variant_document_get_preview_position (self->document);
  variant = bs_variant_document_get_variant (self->document);
  problems = bs_variant_document_get_problem_cells (self->document);
  for (guint i = 0; i < self->cells->len; i++)
    {
      BsCellWidget *widget = g_ptr_array_index (self->cells, i);
      int index = bs_cell_widget_get_index (widget);
      int col = index % cols, row = index / cols;
      int cell = bs_board_cell_at (rs->board, col, row);
      g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);
      g_autofree char *label = NULL;

      g_ptr_array_add (parts, bs_board_label_for (rs->board, col, row));
      if (cell < 0)
        {
          g_ptr_array_add (parts, g_strdup (_("hole")));
          add_specials_on_hole (rs, variant, parts);
        }
      else if (pos != NULL)
        {
          bs_cell_widget_describe_contents (rs, variant, pos, cell, parts);
          if (pos->cells[cell] != BS_CELL_EMPTY && is_fixed (variant, g_ptr_array_index (parts, 0)))
            g_ptr_array_insert (parts, 2, g_strdup (_("fixed piece")));
        }
      /* The red ring, in words. */
      if (problems != NULL && g_strv_contains (problems, g_ptr_array_index (parts, 0)))
        /* Translators: said of a cell the editor's error is about ("i9, hole, error here"). */
        g_ptr_array_add (parts, g_strdup (_("error here")));
      label = bs_cell_widget_join_parts (parts);
      bs_cell_widget_set_label (widget, label);
    }
}

static void
on_document_changed (BsEditorCanvas *self)
{
  sync_cells (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
bs_editor_canvas_size_allocate (GtkWidget *widget,
                                int        width,
                                int        height,
                                int        baseline)
{
  BsEditorCanvas *self = BS_EDITOR_CANVAS (widget);
  BsRuleset *rs = preview (self);
  BsRenderOptions options;

  if (rs == NULL || self->cells == NULL || self->cells_cols != bs_board_n_cols (rs->board))
    return;
  fill_options (self, &options);
  for (guint i = 0; i < self->cells->len; i++)
    {
      GtkWidget *cell = g_ptr_array_index (self->cells, i);
      int index = bs_cell_widget_get_index (BS_CELL_WIDGET (cell));
      double x, y, r;

      bs_render_grid_centre (rs, &options, width, height, index % self->cells_cols,
                             index / self->cells_cols, &x, &y, &r);
      gtk_widget_measure (cell, GTK_ORIENTATION_HORIZONTAL, -1, NULL, NULL, NULL, NULL);
      gtk_widget_size_allocate (cell,
                                &(GtkAllocation) { (int) floor (x - r), (int) floor (y - r),
                                                   MAX (1, (int) ceil (2 * r)),
                                                   MAX (1, (int) ceil (2 * r)) }, -1);
    }
}

void
bs_editor_canvas_set_document (BsEditorCanvas    *self,
                               BsVariantDocument *document)
{
  g_return_if_fail (BS_IS_EDITOR_CANVAS (self));
  g_return_if_fail (document == NULL || BS_IS_VARIANT_DOCUMENT (document));

  if (self->document == document)
    return;
  end_stroke (self);
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_set_object (&self->document, document);
  if (document != NULL)
    g_signal_connect_swapped (document, "changed", G_CALLBACK (on_document_changed), self);
  sync_cells (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
bs_editor_canvas_dispose (GObject *object)
{
  BsEditorCanvas *self = (BsEditorCanvas *) object;

  bs_editor_canvas_set_document (self, NULL);
  g_signal_handlers_disconnect_by_data (adw_style_manager_get_default (), self);
  g_clear_pointer (&self->stroke_label, g_free);
  clear_cells (self);

  G_OBJECT_CLASS (bs_editor_canvas_parent_class)->dispose (object);
}

static void
bs_editor_canvas_class_init (BsEditorCanvasClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = bs_editor_canvas_dispose;
  widget_class->snapshot = bs_editor_canvas_snapshot;
  widget_class->size_allocate = bs_editor_canvas_size_allocate;

  signals[CELL_ACTIVATED] =
    g_signal_new ("cell-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  /* Around the cell-activated emissions of one press-drag-release. */
  signals[STROKE_BEGIN] =
    g_signal_new ("stroke-begin", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[STROKE_END] =
    g_signal_new ("stroke-end", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_css_name (widget_class, "editorcanvas");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GRID);
}

static void
bs_editor_canvas_init (BsEditorCanvas *self)
{
  GtkGesture *drag;
  GtkEventController *motion, *keys, *focus;

  self->hover_col = self->hover_row = -1;
  self->cursor_col = self->cursor_row = -1;
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Board preview"), -1);
  keys = gtk_event_controller_key_new ();
  g_signal_connect (keys, "key-pressed", G_CALLBACK (on_key_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
  focus = gtk_event_controller_focus_new ();
  g_signal_connect_swapped (focus, "enter", G_CALLBACK (gtk_widget_queue_draw), self);
  g_signal_connect_swapped (focus, "leave", G_CALLBACK (gtk_widget_queue_draw), self);
  gtk_widget_add_controller (GTK_WIDGET (self), focus);
  gtk_widget_set_size_request (GTK_WIDGET (self), 200, 200);
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "crosshair");

  /* Press, drag and release: mouse, pen and touch alike. */
  drag = gtk_gesture_drag_new ();
  g_signal_connect (drag, "drag-begin", G_CALLBACK (on_drag_begin), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (on_drag_update), self);
  g_signal_connect (drag, "drag-end", G_CALLBACK (on_drag_end), self);
  g_signal_connect (drag, "cancel", G_CALLBACK (on_drag_cancel), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));

  motion = gtk_event_controller_motion_new ();
  g_signal_connect (motion, "motion", G_CALLBACK (on_motion), self);
  g_signal_connect_swapped (motion, "leave", G_CALLBACK (on_leave), self);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);

  g_signal_connect_swapped (adw_style_manager_get_default (), "notify::dark",
                            G_CALLBACK (gtk_widget_queue_draw), self);
}

GtkWidget *
bs_editor_canvas_new (void)
{
  return g_object_new (BS_TYPE_EDITOR_CANVAS, NULL);
}
