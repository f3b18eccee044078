/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-app"

#include "config.h"

#include "bs-fold-box.h"

struct _BsFoldBox {
  GtkWidget  parent_instance;

  int        end_width;
  double     start_fraction;
  gboolean   folded;
};

G_DEFINE_FINAL_TYPE (BsFoldBox, bs_fold_box, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_END_WIDTH,
  PROP_START_FRACTION,
  PROP_FOLDED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

#define MAX_CHILDREN 8

/* The children laid out, and each one's width side by side: its minimum
 * and natural (the end pane's at least end-width). Returns how many. */
static guint
row_sizes (BsFoldBox        *self,
           GtkRequestedSize *sizes)
{
  guint n = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self));
       child != NULL && n < MAX_CHILDREN; child = gtk_widget_get_next_sibling (child))
    {
      if (!gtk_widget_should_layout (child))
        continue;
      sizes[n].data = child;
      gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1,
                          &sizes[n].minimum_size, &sizes[n].natural_size, NULL, NULL);
      n++;
    }
  if (n > 1)
    {
      GtkRequestedSize *end = &sizes[n - 1];

      end->minimum_size = MAX (end->minimum_size, self->end_width);
      end->natural_size = MAX (end->natural_size, end->minimum_size);
    }
  return n;
}

static int
sum_minimum (const GtkRequestedSize *sizes,
             guint                   n)
{
  int total = 0;

  for (guint i = 0; i < n; i++)
    total += sizes[i].minimum_size;
  return total;
}

/* Side by side in `width`: as a horizontal GtkBox without spacing, each
 * child first brought to its natural width, what is left shared by those
 * that expand. The widths are left in sizes[].minimum_size. */
static void
distribute_row (GtkRequestedSize *sizes,
                guint             n,
                int               width)
{
  int extra = MAX (0, width - sum_minimum (sizes, n));
  guint n_expand = 0;

  extra = gtk_distribute_natural_allocation (extra, n, sizes);
  for (guint i = 0; i < n; i++)
    n_expand += gtk_widget_compute_expand (sizes[i].data, GTK_ORIENTATION_HORIZONTAL);
  for (guint i = 0; i < n && n_expand > 0; i++)
    if (gtk_widget_compute_expand (sizes[i].data, GTK_ORIENTATION_HORIZONTAL))
      {
        int share = extra / (int) n_expand;

        sizes[i].minimum_size += share;
        extra -= share;
        n_expand--;
      }
}

/* Stacked: a separator is a line as thick as it is wide side by side. */
static gboolean
is_line (GtkRequestedSize *sizes,
         guint             n,
         guint             i)
{
  return i > 0 && i + 1 < n;
}

static GtkSizeRequestMode
fold_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
fold_measure (GtkWidget      *widget,
              GtkOrientation  orientation,
              int             for_size,
              int            *minimum,
              int            *natural,
              int            *minimum_baseline,
              int            *natural_baseline)
{
  BsFoldBox *self = BS_FOLD_BOX (widget);
  GtkRequestedSize sizes[MAX_CHILDREN];
  guint n = row_sizes (self, sizes);

  *minimum = *natural = 0;
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      /* Stacked, as narrow as the widest pane; side by side, naturally. */
      for (guint i = 0; i < n; i++)
        {
          int min;

          gtk_widget_measure (sizes[i].data, orientation, -1, &min, NULL, NULL, NULL);
          *minimum = MAX (*minimum, min);
          *natural += sizes[i].natural_size;
        }
      return;
    }

  if (for_size < 0 || for_size >= sum_minimum (sizes, n))
    {
      if (for_size >= 0)
        distribute_row (sizes, n, for_size);
      for (guint i = 0; i < n; i++)
        {
          int min, nat;

          gtk_widget_measure (sizes[i].data, orientation,
                              for_size >= 0 ? sizes[i].minimum_size : -1, &min, &nat, NULL, NULL);
          *minimum = MAX (*minimum, min);
          *natural = MAX (*natural, nat);
        }
    }
  else
    for (guint i = 0; i < n; i++)
      {
        int min, nat;

        if (is_line (sizes, n, i))
          {
            gtk_widget_measure (sizes[i].data, GTK_ORIENTATION_HORIZONTAL, -1, &min, NULL,
                                NULL, NULL);
            nat = min;
          }
        else
          gtk_widget_measure (sizes[i].data, orientation, for_size, &min, &nat, NULL, NULL);
        *minimum += min;
        *natural += nat;
      }
}

static void
set_folded (BsFoldBox *self,
            gboolean   folded)
{
  if (self->folded == folded)
    return;
  self->folded = folded;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FOLDED]);
}

static void
allocate_stacked (BsFoldBox        *self,
                  GtkRequestedSize *sizes,
                  guint             n,
                  int               width,
                  int               height)
{
  int heights[MAX_CHILDREN];
  int fixed = 0, y = 0;
  int start_min, start_nat, end_min = 0, start;

  for (guint i = 1; i + 1 < n; i++)
    {
      heights[i] = sizes[i].minimum_size;
      fixed += heights[i];
    }
  gtk_widget_measure (sizes[0].data, GTK_ORIENTATION_VERTICAL, width, &start_min, &start_nat,
                      NULL, NULL);
  if (n > 1)
    gtk_widget_measure (sizes[n - 1].data, GTK_ORIENTATION_VERTICAL, width, &end_min, NULL,
                        NULL, NULL);

  /* The start pane: its share of the height (or its natural height, if it
   * does not expand), then the end pane is given at least its minimum. */
  start = (int) (height * (n > 1 ? self->start_fraction : 1.0));
  if (!gtk_widget_compute_expand (sizes[0].data, GTK_ORIENTATION_VERTICAL))
    start = MIN (start, start_nat);
  if (n > 1)
    start = MIN (start, height - fixed - end_min);
  heights[0] = MAX (start, start_min);
  if (n > 1)
    heights[n - 1] = MAX (end_min, height - fixed - heights[0]);

  for (guint i = 0; i < n; i++)
    {
      GtkAllocation child = { 0, y, width, heights[i] };

      gtk_widget_size_allocate (sizes[i].data, &child, -1);
      y += heights[i];
    }
}

static void
fold_allocate (GtkWidget *widget,
               int        width,
               int        height,
               int        baseline)
{
  BsFoldBox *self = BS_FOLD_BOX (widget);
  GtkRequestedSize sizes[MAX_CHILDREN];
  guint n = row_sizes (self, sizes);
  gboolean rtl = gtk_widget_get_direction (widget) == GTK_TEXT_DIR_RTL;
  int x = 0;

  if (n == 0)
    return;
  if (n > 1 && width < sum_minimum (sizes, n))
    {
      set_folded (self, TRUE);
      allocate_stacked (self, sizes, n, width, height);
      return;
    }

  set_folded (self, FALSE);
  distribute_row (sizes, n, width);
  for (guint i = 0; i < n; i++)
    {
      int w = sizes[i].minimum_size;
      GtkAllocation child = { rtl ? width - x - w : x, 0, w, height };

      gtk_widget_size_allocate (sizes[i].data, &child, -1);
      x += w;
    }
}

static void
bs_fold_box_dispose (GObject *object)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (bs_fold_box_parent_class)->dispose (object);
}

static void
bs_fold_box_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  BsFoldBox *self = BS_FOLD_BOX (object);

  switch (prop_id)
    {
    case PROP_END_WIDTH:
      g_value_set_int (value, self->end_width);
      break;
    case PROP_START_FRACTION:
      g_value_set_double (value, self->start_fraction);
      break;
    case PROP_FOLDED:
      g_value_set_boolean (value, self->folded);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bs_fold_box_set_property (GObject      *object,
                          guint         prop_id,
                          const GValue *value,
                          GParamSpec   *pspec)
{
  BsFoldBox *self = BS_FOLD_BOX (object);

  switch (prop_id)
    {
    case PROP_END_WIDTH:
      bs_fold_box_set_end_width (self, g_value_get_int (value));
      break;
    case PROP_START_FRACTION:
      bs_fold_box_set_start_fraction (self, g_value_get_double (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bs_fold_box_class_init (BsFoldBoxClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = bs_fold_box_dispose;
  object_class->get_property = bs_fold_box_get_property;
  object_class->set_property = bs_fold_box_set_property;

  properties[PROP_END_WIDTH] =
    g_param_spec_int ("end-width", NULL, NULL, 0, G_MAXINT, 0,
                      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_START_FRACTION] =
    g_param_spec_double ("start-fraction", NULL, NULL, 0.0, 1.0, 0.5,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_FOLDED] =
    g_param_spec_boolean ("folded", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "foldbox");
}

static void
bs_fold_box_init (BsFoldBox *self)
{
  self->start_fraction = 0.5;
  gtk_widget_set_layout_manager (GTK_WIDGET (self),
                                 gtk_custom_layout_new (fold_request_mode, fold_measure,
                                                        fold_allocate));
}

GtkWidget *
bs_fold_box_new (void)
{
  return g_object_new (BS_TYPE_FOLD_BOX, NULL);
}

int
bs_fold_box_get_end_width (BsFoldBox *self)
{
  g_return_val_if_fail (BS_IS_FOLD_BOX (self), 0);
  return self->end_width;
}

void
bs_fold_box_set_end_width (BsFoldBox *self,
                           int        end_width)
{
  g_return_if_fail (BS_IS_FOLD_BOX (self));
  g_return_if_fail (end_width >= 0);

  if (self->end_width == end_width)
    return;
  self->end_width = end_width;
  gtk_widget_queue_resize (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_END_WIDTH]);
}

double
bs_fold_box_get_start_fraction (BsFoldBox *self)
{
  g_return_val_if_fail (BS_IS_FOLD_BOX (self), 0.5);
  return self->start_fraction;
}

void
bs_fold_box_set_start_fraction (BsFoldBox *self,
                                double     fraction)
{
  g_return_if_fail (BS_IS_FOLD_BOX (self));
  g_return_if_fail (fraction >= 0.0 && fraction <= 1.0);

  if (self->start_fraction == fraction)
    return;
  self->start_fraction = fraction;
  gtk_widget_queue_resize (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_START_FRACTION]);
}

gboolean
bs_fold_box_get_folded (BsFoldBox *self)
{
  g_return_val_if_fail (BS_IS_FOLD_BOX (self), FALSE);
  return self->folded;
}
