/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-app"

#include "config.h"

#include "bs-board-view.h"

#include "bs-announcer.h"
#include "bs-cell-widget.h"
#include "bs-widgets.h"

#include <math.h>
#include <adwaita.h>
#include <glib/gi18n.h>

struct _BsBoardView {
  GtkWidget     parent_instance;

  BsPlayScene  *scene;
  GSignalGroup *scene_signals;
  GSignalGroup *game_signals;
  gboolean      coordinates;
  gboolean      focus_visible;
  /* The cell under a mouse pointer (never a touch), or BS_NO_CELL. */
  int           hover;
  /* BsCellWidget per board cell: the accessible grid (bs-cell-widget.h). */
  GPtrArray    *cells;
  BsAnnouncer  *announcer;
};

G_DEFINE_FINAL_TYPE (BsBoardView, bs_board_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_SCENE,
  PROP_COORDINATES,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The focus is on the board or on one of its cells. */
static gboolean
bs_board_view_has_focus (BsBoardView *self)
{
  return (gtk_widget_get_state_flags (GTK_WIDGET (self)) & GTK_STATE_FLAG_FOCUS_WITHIN) != 0;
}

static void
bs_board_view_fill_options (BsBoardView     *self,
                            BsRenderOptions *options)
{
  bs_render_options_init (options);
  options->theme = bs_style_get_theme ();
  options->coordinates = self->coordinates;
  /* The window's own background shows through: the board sits in the app. */
  options->transparent = TRUE;
  options->backdrop = bs_style_get_backdrop ();
  if (self->scene != NULL)
    bs_play_scene_fill_render_options (self->scene, options);
  /* The cursor shows once the keyboard is in use, like a focus ring. */
  if (!bs_board_view_has_focus (self) || !self->focus_visible)
    options->cursor = BS_NO_CELL;
  /* The pointer marks only a cell a click would act on. */
  if (self->scene != NULL && bs_play_scene_can_act_on (self->scene, self->hover))
    options->hover = self->hover;
}

/* A simultaneous round's reveal: a cross over each piece the round removes,
 * drawn over the renderer's picture (export has no use for it). */
static void
paint_doomed (BsBoardView           *self,
              cairo_t               *cr,
              const BsRenderOptions *options,
              int                    width,
              int                    height)
{
  const guint8 *doomed = bs_play_scene_get_doomed (self->scene);
  const BsRuleset *rs = bs_game_get_ruleset (bs_play_scene_get_game (self->scene));

  if (doomed == NULL)
    return;
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  for (int c = 0; c < rs->n_cells; c++)
    {
      double x, y, r, d;

      if (!doomed[c])
        continue;
      bs_render_cell_centre (rs, options, width, height, c, &x, &y, &r);
      d = r * 0.42;
      cairo_move_to (cr, x - d, y - d);
      cairo_line_to (cr, x + d, y + d);
      cairo_move_to (cr, x + d, y - d);
      cairo_line_to (cr, x - d, y + d);
      cairo_set_line_width (cr, MAX (3.0, r * 0.26));
      cairo_set_source_rgba (cr, 1, 1, 1, 0.9);
      cairo_stroke_preserve (cr);
      cairo_set_line_width (cr, MAX (2.0, r * 0.14));
      cairo_set_source_rgb (cr, 0.88, 0.11, 0.14);
      cairo_stroke (cr);
    }
}

/* The piece a placement waiting for its push will put down, on its cell
 * and a little faded: it is not on the board yet. */
static void
paint_pending (BsBoardView           *self,
               cairo_t               *cr,
               const BsRenderOptions *options,
               int                    width,
               int                    height)
{
  const BsRuleset *rs = bs_game_get_ruleset (bs_play_scene_get_game (self->scene));
  double x, y, r;
  guint8 value;
  int cell;

  if (!bs_play_scene_get_pending_piece (self->scene, &cell, &value))
    return;
  bs_render_cell_centre (rs, options, width, height, cell, &x, &y, &r);
  cairo_push_group (cr);
  bs_render_piece (cr, rs, options->theme, value, x, y, r);
  cairo_pop_group_to_source (cr);
  cairo_paint_with_alpha (cr, 0.8);
}

static void
bs_board_view_snapshot (GtkWidget   *widget,
                        GtkSnapshot *snapshot)
{
  BsBoardView *self = BS_BOARD_VIEW (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  const BsPosition *pos;
  BsRenderOptions options;
  cairo_t *cr;

  if (self->scene == NULL || width <= 0 || height <= 0)
    return;
  pos = bs_play_scene_get_display_position (self->scene);
  if (pos == NULL)
    return;

  bs_board_view_fill_options (self, &options);
  /* The cairo node is rendered at the surface's scale: crisp on HiDPI. */
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  bs_render_position (cr, bs_game_get_ruleset (bs_play_scene_get_game (self->scene)), pos,
                      &options, width, height);
  paint_pending (self, cr, &options, width, height);
  paint_doomed (self, cr, &options, width, height);
  cairo_destroy (cr);
}

int
bs_board_view_cell_at (BsBoardView *self,
                       double       x,
                       double       y)
{
  BsRenderOptions options;

  g_return_val_if_fail (BS_IS_BOARD_VIEW (self), BS_NO_CELL);

  if (self->scene == NULL)
    return BS_NO_CELL;
  bs_board_view_fill_options (self, &options);
  return bs_render_cell_at (bs_game_get_ruleset (bs_play_scene_get_game (self->scene)), &options,
                            gtk_widget_get_width (GTK_WIDGET (self)),
                            gtk_widget_get_height (GTK_WIDGET (self)), x, y);
}

gboolean
bs_board_view_get_cell_rect (BsBoardView  *self,
                             int           cell,
                             GdkRectangle *rect)
{
  BsRenderOptions options;
  double x, y, r;

  g_return_val_if_fail (BS_IS_BOARD_VIEW (self), FALSE);
  g_return_val_if_fail (rect != NULL, FALSE);

  if (self->scene == NULL || cell < 0)
    return FALSE;
  bs_board_view_fill_options (self, &options);
  bs_render_cell_centre (bs_game_get_ruleset (bs_play_scene_get_game (self->scene)), &options,
                         gtk_widget_get_width (GTK_WIDGET (self)),
                         gtk_widget_get_height (GTK_WIDGET (self)), cell, &x, &y, &r);
  rect->x = (int) floor (x - r);
  rect->y = (int) floor (y - r);
  rect->width = rect->height = MAX (1, (int) ceil (2 * r));
  return TRUE;
}

int
bs_board_view_step_cursor (BsBoardView *self,
                           int          cell,
                           int          dx,
                           int          dy)
{
  const BsRuleset *rs;
  BsRenderOptions options;
  int width, height, best = cell;
  double x0, y0, r, best_score = G_MAXDOUBLE;
  double norm = sqrt ((double) (dx * dx + dy * dy));

  g_return_val_if_fail (BS_IS_BOARD_VIEW (self), cell);

  if (self->scene == NULL || norm == 0)
    return cell;
  rs = bs_game_get_ruleset (bs_play_scene_get_game (self->scene));
  if (cell < 0 || cell >= rs->n_cells)
    return rs->n_cells / 2;

  width = gtk_widget_get_width (GTK_WIDGET (self));
  height = gtk_widget_get_height (GTK_WIDGET (self));
  if (width <= 0 || height <= 0)
    width = height = 1000;
  bs_board_view_fill_options (self, &options);
  bs_render_cell_centre (rs, &options, width, height, cell, &x0, &y0, &r);

  /* The nearest cell within 60° of the arrow's direction, preferring the
   * ones straight ahead, so arrows follow the board as it is drawn. */
  for (int c = 0; c < rs->n_cells; c++)
    {
      double x, y, cr, vx, vy, len, cosine, score;

      if (c == cell)
        continue;
      bs_render_cell_centre (rs, &options, width, height, c, &x, &y, &cr);
      vx = x - x0;
      vy = y - y0;
      len = sqrt (vx * vx + vy * vy);
      if (len < 1e-6)
        continue;
      cosine = (vx * dx + vy * dy) / (len * norm);
      if (cosine < 0.49)
        continue;
      score = len * (1.0 + 2.0 * (1.0 - cosine));
      if (score < best_score)
        {
          best_score = score;
          best = c;
        }
    }
  return best;
}

/* The accessible grid: one BsCellWidget per cell, labelled from the
 * engine's data (labels, player names, kinds, special cells) and the
 * scene's marks, never from knowledge of a particular game. */

char *
bs_board_view_describe_cell (BsBoardView *self,
                             int          cell)
{
  BsGame *game;
  const BsRuleset *rs;
  const BsPosition *pos;
  BsRenderOptions options;
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);
  const guint8 *doomed, *hint;
  guint8 value;

  g_return_val_if_fail (BS_IS_BOARD_VIEW (self), NULL);

  if (self->scene == NULL)
    return NULL;
  game = bs_play_scene_get_game (self->scene);
  rs = bs_game_get_ruleset (game);
  g_return_val_if_fail (cell >= 0 && cell < rs->n_cells, NULL);
  pos = bs_play_scene_get_display_position (self->scene);
  if (pos == NULL)
    return NULL;
  bs_board_view_fill_options (self, &options);

  g_ptr_array_add (parts, g_strdup (bs_board_cell_label (rs->board, cell)));
  bs_cell_widget_describe_contents (rs, bs_game_get_variant (game), pos, cell, parts);
  value = pos->cells[cell];

  if (options.selected == cell)
    g_ptr_array_add (parts, g_strdup (_("selected")));
  if (options.orders != NULL && options.orders[cell] != BS_NO_CELL)
    {
      const char *stay = bs_play_scene_get_play_spec (self->scene)->stay_label;

      if (options.orders[cell] == cell)
        /* A piece ordered to stay: what it does then, in the game's word. */
        g_ptr_array_add (parts, g_strdup (stay != NULL ? _(stay) : _("stays")));
      else
        /* Translators: a piece's order in a simultaneous round, e.g. "moves to c3". */
        g_ptr_array_add (parts, g_strdup_printf (_("moves to %s"),
                                                 bs_board_cell_label (rs->board,
                                                                      options.orders[cell])));
    }
  doomed = bs_play_scene_get_doomed (self->scene);
  if (doomed != NULL && doomed[cell])
    g_ptr_array_add (parts, g_strdup (_("dies this round")));
  /* Three marks, three words, as the board draws three looks. */
  if (options.highlights != NULL && options.highlights[cell])
    {
      if (value == BS_CELL_EMPTY && options.selected == BS_NO_CELL)
        g_ptr_array_add (parts, g_strdup (_("legal placement")));
      else
        g_ptr_array_add (parts, g_strdup (_("legal move")));
    }
  if (options.computer_player != 0
      && (options.computer_from == cell || options.computer_to == cell))
    g_ptr_array_add (parts, g_strdup (_("computer’s move")));
  hint = bs_play_scene_get_hint_cells (self->scene);
  if (hint != NULL && hint[cell])
    g_ptr_array_add (parts, g_strdup (_("hint")));
  if (options.last_move_to == cell || options.last_move_from == cell)
    g_ptr_array_add (parts, g_strdup (_("last move")));

  return bs_cell_widget_join_parts (parts);
}

static BsCellWidget *
cell_widget (BsBoardView *self,
             int          cell)
{
  if (self->cells == NULL || cell < 0 || cell >= (int) self->cells->len)
    return NULL;
  return g_ptr_array_index (self->cells, cell);
}

/* The focus follows the cursor while it is on the board. */
static void
focus_cursor_cell (BsBoardView *self)
{
  BsCellWidget *cell;

  if (self->scene == NULL)
    return;
  cell = cell_widget (self, bs_play_scene_get_cursor (self->scene));
  if (cell != NULL && gtk_widget_get_visible (GTK_WIDGET (cell))
      && !gtk_widget_has_focus (GTK_WIDGET (cell)))
    gtk_widget_grab_focus (GTK_WIDGET (cell));
}

static void
sync_cells (BsBoardView *self)
{
  BsRenderOptions options;
  gboolean shown;

  if (self->scene == NULL || self->cells == NULL)
    return;
  shown = bs_play_scene_get_display_position (self->scene) != NULL;
  bs_board_view_fill_options (self, &options);
  for (guint c = 0; c < self->cells->len; c++)
    {
      BsCellWidget *cell = g_ptr_array_index (self->cells, c);

      /* Hidden for a hand-over: nothing to read (the orders just given
       * stay secret from the next player), nothing to focus. */
      gtk_widget_set_visible (GTK_WIDGET (cell), shown);
      if (shown)
        {
          g_autofree char *label = bs_board_view_describe_cell (self, (int) c);

          bs_cell_widget_set_label (cell, label);
          bs_cell_widget_set_selected (cell, options.selected == (int) c);
        }
      else
        {
          bs_cell_widget_set_label (cell, NULL);
          bs_cell_widget_set_selected (cell, FALSE);
        }
    }
  if (bs_board_view_has_focus (self))
    focus_cursor_cell (self);
}

static void
on_scene_changed (BsBoardView *self)
{
  sync_cells (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* A turn was played: "Light S@d4. Dark to move" for screen readers
 * (bs-announcer.h). A round of a simultaneous game is announced when it is
 * revealed. */
static void
on_move_played (BsBoardView *self,
                guint        turn)
{
  BsGame *game;
  g_autofree char *status = NULL;
  g_autofree char *text = NULL;
  const BsPosition *before;

  if (self->scene == NULL || self->announcer == NULL
      || bs_play_scene_gives_orders (self->scene))
    return;
  game = bs_play_scene_get_game (self->scene);
  before = bs_game_get_position_at (game, turn);
  status = bs_play_scene_describe_turn (self->scene);
  /* Translators: a move announced to screen readers: who, the move in the
   * game's notation, then the status line ("Light S@d4. Dark to move"). */
  text = g_strdup_printf (_("%s %s. %s"), bs_game_get_player_name (game, before->to_move),
                          bs_game_get_notation (game, turn), status != NULL ? status : "");
  bs_announcer_announce (self->announcer, text);
}

static void
on_phase_changed (BsBoardView *self)
{
  on_scene_changed (self);
  if (self->scene != NULL && self->announcer != NULL
      && bs_play_scene_get_phase (self->scene) == BS_ROUND_PHASE_REVEAL)
    bs_announcer_announce (self->announcer, bs_play_scene_get_reveal_text (self->scene));
}

/* The end, as the game-over dialog's heading and first line say it
 * ("Light wins. Dark cannot move."). */
static void
on_game_finished (BsBoardView *self)
{
  BsGame *game;
  g_autofree char *result = NULL;
  g_autofree char *ending = NULL;
  g_autofree char *text = NULL;

  if (self->scene == NULL || self->announcer == NULL)
    return;
  game = bs_play_scene_get_game (self->scene);
  result = bs_game_describe_result (game);
  ending = bs_game_describe_ending (game);
  if (result == NULL)
    return;
  /* Translators: the end of a game announced to screen readers: the
   * result, then why ("Light wins. Dark cannot move."). */
  text = ending != NULL ? g_strdup_printf (_("%s. %s"), result, ending) : g_strdup (result);
  bs_announcer_announce (self->announcer, text);
}

static void
rebuild_cells (BsBoardView *self)
{
  const BsRuleset *rs;

  if (self->cells != NULL)
    {
      for (guint c = 0; c < self->cells->len; c++)
        gtk_widget_unparent (g_ptr_array_index (self->cells, c));
      g_clear_pointer (&self->cells, g_ptr_array_unref);
    }
  if (self->scene == NULL)
    return;
  rs = bs_game_get_ruleset (bs_play_scene_get_game (self->scene));
  self->cells = g_ptr_array_sized_new ((guint) rs->n_cells);
  for (int c = 0; c < rs->n_cells; c++)
    {
      GtkWidget *cell = bs_cell_widget_new (c);

      gtk_widget_set_parent (cell, GTK_WIDGET (self));
      g_ptr_array_add (self->cells, cell);
    }
  sync_cells (self);
  gtk_widget_queue_allocate (GTK_WIDGET (self));
}

/* Tab into the board focuses the cursor's cell, Tab on a cell leaves it. */
static gboolean
bs_board_view_focus (GtkWidget        *widget,
                     GtkDirectionType  direction)
{
  BsBoardView *self = BS_BOARD_VIEW (widget);

  if (bs_board_view_has_focus (self))
    return FALSE;
  focus_cursor_cell (self);
  return bs_board_view_has_focus (self);
}

static gboolean
bs_board_view_grab_focus (GtkWidget *widget)
{
  BsBoardView *self = BS_BOARD_VIEW (widget);

  focus_cursor_cell (self);
  return bs_board_view_has_focus (self);
}

static void
set_hover (BsBoardView *self,
           int          cell)
{
  if (cell == self->hover)
    return;
  self->hover = cell;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* A touch has no hover: only a mouse (or pen) pointer marks a cell, so
 * nothing a finger does depends on it. */
static gboolean
is_touch (GtkEventController *controller)
{
  GdkDevice *device = gtk_event_controller_get_current_event_device (controller);

  return device != NULL && gdk_device_get_source (device) == GDK_SOURCE_TOUCHSCREEN;
}

static void
on_pressed (GtkGestureClick *gesture,
            int              n_press,
            double           x,
            double           y,
            BsBoardView     *self)
{
  guint button = gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (gesture));
  int cell;

  if (self->scene == NULL)
    return;
  self->focus_visible = FALSE;
  if (is_touch (GTK_EVENT_CONTROLLER (gesture)))
    set_hover (self, BS_NO_CELL);
  if (button == GDK_BUTTON_SECONDARY)
    {
      gtk_widget_grab_focus (GTK_WIDGET (self));
      bs_play_scene_cancel (self->scene);
      return;
    }
  cell = bs_board_view_cell_at (self, x, y);
  /* The clicked cell becomes the cursor's: the focus goes there. */
  if (cell != BS_NO_CELL)
    bs_play_scene_set_cursor (self->scene, cell);
  gtk_widget_grab_focus (GTK_WIDGET (self));
  bs_play_scene_activate_cell (self->scene, cell);
}

/* Dragging a piece to a cell is the same as clicking one then the other:
 * the press already selected the piece. */
static void
on_drag_end (GtkGestureDrag *gesture,
             double          offset_x,
             double          offset_y,
             BsBoardView    *self)
{
  double x, y;
  int from, to;

  if (self->scene == NULL || !gtk_gesture_drag_get_start_point (gesture, &x, &y))
    return;
  from = bs_board_view_cell_at (self, x, y);
  to = bs_board_view_cell_at (self, x + offset_x, y + offset_y);
  if (from == BS_NO_CELL || to == BS_NO_CELL || from == to
      || bs_play_scene_get_selected (self->scene) != from)
    return;
  bs_play_scene_activate_cell (self->scene, to);
}

static gboolean
on_key_pressed (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                BsBoardView           *self)
{
  int cursor, dx = 0, dy = 0;

  if (self->scene == NULL || (state & (GDK_CONTROL_MASK | GDK_ALT_MASK)) != 0)
    return GDK_EVENT_PROPAGATE;

  cursor = bs_play_scene_get_cursor (self->scene);
  switch (keyval)
    {
    case GDK_KEY_Left:
    case GDK_KEY_KP_Left:
      dx = -1;
      break;
    case GDK_KEY_Right:
    case GDK_KEY_KP_Right:
      dx = 1;
      break;
    case GDK_KEY_Up:
    case GDK_KEY_KP_Up:
      dy = -1;
      break;
    case GDK_KEY_Down:
    case GDK_KEY_KP_Down:
      dy = 1;
      break;
    case GDK_KEY_Return:
    case GDK_KEY_KP_Enter:
    case GDK_KEY_space:
      self->focus_visible = TRUE;
      bs_play_scene_activate_cell (self->scene, cursor);
      return GDK_EVENT_STOP;
    case GDK_KEY_Escape:
      bs_play_scene_cancel (self->scene);
      return GDK_EVENT_STOP;
    case GDK_KEY_1:
    case GDK_KEY_2:
    case GDK_KEY_3:
    case GDK_KEY_4:
      {
        /* The piece kinds in the chooser's order. */
        int kinds[BS_MAX_KINDS];
        guint n = bs_play_scene_get_kind_choices (self->scene, kinds);
        guint i = keyval - GDK_KEY_1;

        if (n < 2)
          return GDK_EVENT_PROPAGATE;
        if (i < n)
          bs_play_scene_set_kind (self->scene, kinds[i]);
        return GDK_EVENT_STOP;
      }
    case GDK_KEY_r:
    case GDK_KEY_R:
      /* Turns the piece to place, when it points somewhere. */
      if (!bs_play_scene_has_direction_choice (self->scene))
        return GDK_EVENT_PROPAGATE;
      bs_play_scene_set_direction (self->scene, bs_play_scene_get_direction (self->scene)
                                                + (keyval == GDK_KEY_r ? 1 : 3));
      return GDK_EVENT_STOP;
    default:
      return GDK_EVENT_PROPAGATE;
    }

  self->focus_visible = TRUE;
  bs_play_scene_set_cursor (self->scene, bs_board_view_step_cursor (self, cursor, dx, dy));
  focus_cursor_cell (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return GDK_EVENT_STOP;
}

static void
on_motion (GtkEventControllerMotion *motion,
           double                    x,
           double                    y,
           BsBoardView              *self)
{
  if (self->scene == NULL || is_touch (GTK_EVENT_CONTROLLER (motion)))
    {
      set_hover (self, BS_NO_CELL);
      return;
    }
  set_hover (self, bs_board_view_cell_at (self, x, y));
}

static void
on_leave (BsBoardView *self)
{
  set_hover (self, BS_NO_CELL);
}

int
bs_board_view_get_hover (BsBoardView *self)
{
  BsRenderOptions options;

  g_return_val_if_fail (BS_IS_BOARD_VIEW (self), BS_NO_CELL);

  bs_board_view_fill_options (self, &options);
  return options.hover;
}

static void
on_focus_changed (BsBoardView *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Our children: popovers pointing at cells (the follow-up chooser) and the
 * accessible cells, each over the square around its cell. */
static void
bs_board_view_size_allocate (GtkWidget *widget,
                             int        width,
                             int        height,
                             int        baseline)
{
  BsBoardView *self = BS_BOARD_VIEW (widget);

  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_POPOVER (child))
      gtk_popover_present (GTK_POPOVER (child));

  if (self->cells == NULL || self->scene == NULL)
    return;
  for (guint c = 0; c < self->cells->len; c++)
    {
      GtkWidget *cell = g_ptr_array_index (self->cells, c);
      GdkRectangle rect;

      /* A widget must be measured before it is allocated. */
      gtk_widget_measure (cell, GTK_ORIENTATION_HORIZONTAL, -1, NULL, NULL, NULL, NULL);
      if (bs_board_view_get_cell_rect (self, (int) c, &rect))
        gtk_widget_size_allocate (cell, &rect, -1);
    }
}

static void
bs_board_view_dispose (GObject *object)
{
  BsBoardView *self = (BsBoardView *) object;
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_pointer (&self->cells, g_ptr_array_unref);

  g_signal_handlers_disconnect_by_data (adw_style_manager_get_default (), self);
  if (self->scene_signals != NULL)
    g_signal_group_set_target (self->scene_signals, NULL);
  if (self->game_signals != NULL)
    g_signal_group_set_target (self->game_signals, NULL);
  g_clear_object (&self->scene_signals);
  g_clear_object (&self->game_signals);
  g_clear_object (&self->scene);
  g_clear_object (&self->announcer);

  G_OBJECT_CLASS (bs_board_view_parent_class)->dispose (object);
}

static void
bs_board_view_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  BsBoardView *self = BS_BOARD_VIEW (object);

  switch (prop_id)
    {
    case PROP_SCENE:
      g_value_set_object (value, self->scene);
      break;
    case PROP_COORDINATES:
      g_value_set_boolean (value, self->coordinates);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bs_board_view_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  BsBoardView *self = BS_BOARD_VIEW (object);

  switch (prop_id)
    {
    case PROP_SCENE:
      bs_board_view_set_scene (self, g_value_get_object (value));
      break;
    case PROP_COORDINATES:
      bs_board_view_set_coordinates (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bs_board_view_class_init (BsBoardViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = bs_board_view_dispose;
  object_class->get_property = bs_board_view_get_property;
  object_class->set_property = bs_board_view_set_property;
  widget_class->snapshot = bs_board_view_snapshot;
  widget_class->size_allocate = bs_board_view_size_allocate;
  widget_class->focus = bs_board_view_focus;
  widget_class->grab_focus = bs_board_view_grab_focus;

  properties[PROP_SCENE] =
    g_param_spec_object ("scene", NULL, NULL, BS_TYPE_PLAY_SCENE,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_COORDINATES] =
    g_param_spec_boolean ("coordinates", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "boardview");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GRID);
}

static void
bs_board_view_init (BsBoardView *self)
{
  GtkGesture *click, *drag;
  GtkEventController *keys, *focus, *motion;
  AdwStyleManager *style = adw_style_manager_get_default ();

  self->coordinates = TRUE;
  self->hover = BS_NO_CELL;
  /* The focus goes to the cursor's cell (bs_board_view_focus). */
  gtk_widget_set_focusable (GTK_WIDGET (self), FALSE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Game board"),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  _("Arrow keys move the cursor, Enter plays on its cell"),
                                  -1);
  gtk_widget_set_size_request (GTK_WIDGET (self), 240, 240);
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);

  click = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), 0);
  g_signal_connect (click, "pressed", G_CALLBACK (on_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));

  drag = gtk_gesture_drag_new ();
  g_signal_connect (drag, "drag-end", G_CALLBACK (on_drag_end), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));

  keys = gtk_event_controller_key_new ();
  g_signal_connect (keys, "key-pressed", G_CALLBACK (on_key_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);

  motion = gtk_event_controller_motion_new ();
  g_signal_connect (motion, "enter", G_CALLBACK (on_motion), self);
  g_signal_connect (motion, "motion", G_CALLBACK (on_motion), self);
  g_signal_connect_swapped (motion, "leave", G_CALLBACK (on_leave), self);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);

  focus = gtk_event_controller_focus_new ();
  g_signal_connect_swapped (focus, "enter", G_CALLBACK (on_focus_changed), self);
  g_signal_connect_swapped (focus, "leave", G_CALLBACK (on_focus_changed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), focus);

  /* Redraw from the model and the scene only (and when the style flips). */
  self->scene_signals = g_signal_group_new (BS_TYPE_PLAY_SCENE);
  g_signal_group_connect_object (self->scene_signals, "changed",
                                 G_CALLBACK (on_scene_changed), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->scene_signals, "notify::phase",
                                 G_CALLBACK (on_phase_changed), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->scene_signals, "game-finished",
                                 G_CALLBACK (on_game_finished), self, G_CONNECT_SWAPPED);
  self->game_signals = g_signal_group_new (BS_TYPE_GAME);
  g_signal_group_connect_object (self->game_signals, "position-changed",
                                 G_CALLBACK (on_scene_changed), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->game_signals, "move-played",
                                 G_CALLBACK (on_move_played), self, G_CONNECT_SWAPPED);

  g_signal_connect_swapped (style, "notify::dark", G_CALLBACK (gtk_widget_queue_draw), self);
  g_signal_connect_swapped (style, "notify::high-contrast",
                            G_CALLBACK (gtk_widget_queue_draw), self);
}

GtkWidget *
bs_board_view_new (void)
{
  return g_object_new (BS_TYPE_BOARD_VIEW, NULL);
}

BsPlayScene *
bs_board_view_get_scene (BsBoardView *self)
{
  g_return_val_if_fail (BS_IS_BOARD_VIEW (self), NULL);
  return self->scene;
}

void
bs_board_view_set_scene (BsBoardView *self,
                         BsPlayScene *scene)
{
  g_return_if_fail (BS_IS_BOARD_VIEW (self));
  g_return_if_fail (scene == NULL || BS_IS_PLAY_SCENE (scene));

  if (!g_set_object (&self->scene, scene))
    return;
  self->hover = BS_NO_CELL;
  g_signal_group_set_target (self->scene_signals, scene);
  g_signal_group_set_target (self->game_signals,
                             scene != NULL ? bs_play_scene_get_game (scene) : NULL);
  rebuild_cells (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SCENE]);
}

void
bs_board_view_set_announcer (BsBoardView *self,
                             BsAnnouncer *announcer)
{
  g_return_if_fail (BS_IS_BOARD_VIEW (self));
  g_return_if_fail (announcer == NULL || BS_IS_ANNOUNCER (announcer));

  g_set_object (&self->announcer, announcer);
}

gboolean
bs_board_view_get_coordinates (BsBoardView *self)
{
  g_return_val_if_fail (BS_IS_BOARD_VIEW (self), FALSE);
  return self->coordinates;
}

void
bs_board_view_set_coordinates (BsBoardView *self,
                               gboolean     coordinates)
{
  g_return_if_fail (BS_IS_BOARD_VIEW (self));

  coordinates = !!coordinates;
  if (self->coordinates == coordinates)
    return;
  self->coordinates = coordinates;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COORDINATES]);
}
