/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-app"

#include "config.h"

#include "bs-cell-widget.h"

#include <glib/gi18n.h>

struct _BsCellWidget {
  GtkWidget  parent_instance;

  int        index;
  char      *label;
  gboolean   selected;
};

G_DEFINE_FINAL_TYPE (BsCellWidget, bs_cell_widget, GTK_TYPE_WIDGET)

static void
bs_cell_widget_finalize (GObject *object)
{
  BsCellWidget *self = (BsCellWidget *) object;

  g_free (self->label);

  G_OBJECT_CLASS (bs_cell_widget_parent_class)->finalize (object);
}

static void
bs_cell_widget_class_init (BsCellWidgetClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = bs_cell_widget_finalize;
  gtk_widget_class_set_css_name (widget_class, "boardcell");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GRID_CELL);
}

static void
bs_cell_widget_init (BsCellWidget *self)
{
  /* The board view draws the cell and takes its clicks. */
  gtk_widget_set_can_target (GTK_WIDGET (self), FALSE);
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_accessible_update_state (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_STATE_SELECTED, FALSE, -1);
}

GtkWidget *
bs_cell_widget_new (int index)
{
  BsCellWidget *self = g_object_new (BS_TYPE_CELL_WIDGET, NULL);

  self->index = index;
  return GTK_WIDGET (self);
}

int
bs_cell_widget_get_index (BsCellWidget *self)
{
  g_return_val_if_fail (BS_IS_CELL_WIDGET (self), -1);
  return self->index;
}

const char *
bs_cell_widget_get_label (BsCellWidget *self)
{
  g_return_val_if_fail (BS_IS_CELL_WIDGET (self), NULL);
  return self->label;
}

void
bs_cell_widget_set_label (BsCellWidget *self,
                         const char  *label)
{
  g_return_if_fail (BS_IS_CELL_WIDGET (self));

  if (g_strcmp0 (self->label, label) == 0)
    return;
  g_free (self->label);
  self->label = g_strdup (label);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  label != NULL ? label : "", -1);
}

void
bs_cell_widget_set_selected (BsCellWidget *self,
                            gboolean     selected)
{
  g_return_if_fail (BS_IS_CELL_WIDGET (self));

  selected = !!selected;
  if (self->selected == selected)
    return;
  self->selected = selected;
  gtk_accessible_update_state (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_STATE_SELECTED, selected,
                               -1);
}

const char *
bs_direction_name (int direction)
{
  switch (direction)
    {
    case 0: return _("North");
    case 1: return _("East");
    case 2: return _("South");
    case 3: return _("West");
    default: return "";
    }
}
