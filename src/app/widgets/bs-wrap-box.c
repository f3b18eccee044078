/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-app"

#include "config.h"

#include "bs-wrap-box.h"

struct _BsWrapBox {
  GtkBox  parent_instance;

  int     spacing;
  int     line_spacing;
  guint   n_lines;
};

G_DEFINE_FINAL_TYPE (BsWrapBox, bs_wrap_box, GTK_TYPE_BOX)

enum {
  PROP_0,
  PROP_LINE_SPACING,
  N_PROPS,
  /* GtkBox's, overridden: GtkBox keeps its spacing in its own layout. */
  PROP_SPACING = N_PROPS,
};

static GParamSpec *properties[N_PROPS];

typedef struct {
  GtkWidget *widget;
  int        width;
  int        line;
} Item;

/* The visible children with the width each gets, broken into lines no
 * wider than `width` (-1: one line). Returns the number of lines. */
static guint
break_lines (BsWrapBox *self,
             int        width,
             GArray    *items)
{
  int line_width = 0;
  guint line = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      Item item = { child, 0, 0 };
      int min, nat;

      if (!gtk_widget_should_layout (child))
        continue;
      gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat, NULL, NULL);
      item.width = width >= 0 ? MAX (min, MIN (nat, width)) : nat;
      if (items->len > 0 && width >= 0 && line_width + self->spacing + item.width > width)
        {
          line++;
          line_width = 0;
        }
      line_width += (line_width > 0 ? self->spacing : 0) + item.width;
      item.line = (int) line;
      g_array_append_val (items, item);
    }
  return items->len > 0 ? line + 1 : 0;
}

/* The height of each line: the tallest of its children at their widths. */
static void
line_heights (GArray *items,
              guint   n_lines,
              int    *mins,
              int    *nats)
{
  for (guint l = 0; l < n_lines; l++)
    mins[l] = nats[l] = 0;
  for (guint i = 0; i < items->len; i++)
    {
      Item *item = &g_array_index (items, Item, i);
      int min, nat;

      gtk_widget_measure (item->widget, GTK_ORIENTATION_VERTICAL, item->width, &min, &nat,
                          NULL, NULL);
      mins[item->line] = MAX (mins[item->line], min);
      nats[item->line] = MAX (nats[item->line], nat);
    }
}

static GtkSizeRequestMode
wrap_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
wrap_measure (GtkWidget      *widget,
              GtkOrientation  orientation,
              int             for_size,
              int            *minimum,
              int            *natural,
              int            *minimum_baseline,
              int            *natural_baseline)
{
  BsWrapBox *self = BS_WRAP_BOX (widget);
  g_autoptr(GArray) items = g_array_new (FALSE, FALSE, sizeof (Item));

  *minimum = *natural = 0;
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      /* At least the widest child; naturally all of them on one line. */
      break_lines (self, -1, items);
      for (guint i = 0; i < items->len; i++)
        {
          Item *item = &g_array_index (items, Item, i);
          int min;

          gtk_widget_measure (item->widget, orientation, -1, &min, NULL, NULL, NULL);
          *minimum = MAX (*minimum, min);
          *natural += (i > 0 ? self->spacing : 0) + item->width;
        }
    }
  else
    {
      guint n_lines = break_lines (self, for_size, items);
      int *mins = g_newa (int, MAX (n_lines, 1));
      int *nats = g_newa (int, MAX (n_lines, 1));

      line_heights (items, n_lines, mins, nats);
      for (guint l = 0; l < n_lines; l++)
        {
          *minimum += (l > 0 ? self->line_spacing : 0) + mins[l];
          *natural += (l > 0 ? self->line_spacing : 0) + nats[l];
        }
    }
}

static void
wrap_allocate (GtkWidget *widget,
               int        width,
               int        height,
               int        baseline)
{
  BsWrapBox *self = BS_WRAP_BOX (widget);
  g_autoptr(GArray) items = g_array_new (FALSE, FALSE, sizeof (Item));
  gboolean rtl = gtk_widget_get_direction (widget) == GTK_TEXT_DIR_RTL;
  guint n_lines = break_lines (self, width, items);
  int *mins = g_newa (int, MAX (n_lines, 1));
  int *nats = g_newa (int, MAX (n_lines, 1));
  int total = 0, y;
  guint first = 0;

  self->n_lines = n_lines;
  if (n_lines == 0)
    return;
  line_heights (items, n_lines, mins, nats);
  /* One line fills the height, as a horizontal box does; more lines are
   * centred in it. */
  if (n_lines == 1)
    nats[0] = MAX (height, mins[0]);
  for (guint l = 0; l < n_lines; l++)
    total += (l > 0 ? self->line_spacing : 0) + nats[l];
  y = MAX (0, (height - total) / 2);

  for (guint l = 0; l < n_lines; l++)
    {
      guint last = first;
      int line_width = 0, x;

      while (last < items->len && g_array_index (items, Item, last).line == (int) l)
        {
          line_width += (last > first ? self->spacing : 0)
                        + g_array_index (items, Item, last).width;
          last++;
        }
      x = MAX (0, (width - line_width) / 2);
      for (guint i = first; i < last; i++)
        {
          Item *item = &g_array_index (items, Item, i);
          GtkAllocation child = {
            rtl ? width - x - item->width : x, y, item->width, nats[l],
          };

          gtk_widget_size_allocate (item->widget, &child, -1);
          x += item->width + self->spacing;
        }
      y += nats[l] + self->line_spacing;
      first = last;
    }
}

static void
bs_wrap_box_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  BsWrapBox *self = BS_WRAP_BOX (object);

  switch (prop_id)
    {
    case PROP_SPACING:
      g_value_set_int (value, self->spacing);
      break;
    case PROP_LINE_SPACING:
      g_value_set_int (value, self->line_spacing);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bs_wrap_box_set_property (GObject      *object,
                          guint         prop_id,
                          const GValue *value,
                          GParamSpec   *pspec)
{
  BsWrapBox *self = BS_WRAP_BOX (object);

  switch (prop_id)
    {
    case PROP_SPACING:
      if (self->spacing != g_value_get_int (value))
        {
          self->spacing = g_value_get_int (value);
          gtk_widget_queue_resize (GTK_WIDGET (self));
          g_object_notify (object, "spacing");
        }
      break;
    case PROP_LINE_SPACING:
      if (self->line_spacing != g_value_get_int (value))
        {
          self->line_spacing = g_value_get_int (value);
          gtk_widget_queue_resize (GTK_WIDGET (self));
          g_object_notify_by_pspec (object, properties[PROP_LINE_SPACING]);
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bs_wrap_box_class_init (BsWrapBoxClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = bs_wrap_box_get_property;
  object_class->set_property = bs_wrap_box_set_property;

  properties[PROP_LINE_SPACING] =
    g_param_spec_int ("line-spacing", NULL, NULL, 0, G_MAXINT, 6,
                      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  g_object_class_override_property (object_class, PROP_SPACING, "spacing");
}

static void
bs_wrap_box_init (BsWrapBox *self)
{
  self->line_spacing = 6;
  gtk_widget_set_layout_manager (GTK_WIDGET (self),
                                 gtk_custom_layout_new (wrap_request_mode, wrap_measure,
                                                        wrap_allocate));
}

GtkWidget *
bs_wrap_box_new (int spacing,
                 int line_spacing)
{
  return g_object_new (BS_TYPE_WRAP_BOX, "spacing", spacing, "line-spacing", line_spacing,
                       NULL);
}

guint
bs_wrap_box_get_n_lines (BsWrapBox *self)
{
  g_return_val_if_fail (BS_IS_WRAP_BOX (self), 0);
  return self->n_lines;
}
