/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-app"

#include "config.h"

#include "bs-cell-widget.h"

#include <glib/gi18n.h>

#include "bs-position.h"

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

void
bs_cell_widget_describe_contents (const BsRuleset  *rs,
                                  const BsVariant  *variant,
                                  const BsPosition *pos,
                                  int               cell,
                                  GPtrArray        *parts)
{
  guint8 value;

  g_return_if_fail (rs != NULL && variant != NULL && pos != NULL && parts != NULL);
  g_return_if_fail (cell >= 0 && cell < rs->n_cells);

  value = pos->cells[cell];
  if (value == BS_CELL_EMPTY)
    g_ptr_array_add (parts, g_strdup (_("empty")));
  else
    {
      const BsKindSpec *kind = &rs->module->kinds[BS_CELL_KIND (value)];
      const char *owner = bs_variant_display_player (variant, BS_CELL_OWNER (value));

      if (kind->directed)
        /* Translators: a piece on a cell: its player, its kind and where it points,
         * e.g. "Gold Triangle pointing North". */
        g_ptr_array_add (parts, g_strdup_printf (_("%s %s pointing %s"), owner, _(kind->label),
                                                 bs_direction_name (BS_CELL_DIR (value))));
      else
        /* Translators: a piece on a cell: its player and its kind, e.g. "Light Large". */
        g_ptr_array_add (parts, g_strdup_printf (_("%s %s"), owner, _(kind->label)));
    }

  for (guint i = 0; i < rs->module->n_specials; i++)
    {
      const BsSpecialSpec *special = &rs->module->specials[i];

      if (!special->per_player)
        {
          if (rs->specials[i][0] == cell)
            g_ptr_array_add (parts, g_strdup (_(special->label)));
          continue;
        }
      for (int p = 1; p <= 2; p++)
        if (rs->specials[i][p] == cell)
          /* Translators: a player's special cell, e.g. "Dark’s Nest". */
          g_ptr_array_add (parts, g_strdup_printf (_("%s’s %s"),
                                                   bs_variant_display_player (variant, p),
                                                   _(special->label)));
    }
}

char *
bs_cell_widget_join_parts (GPtrArray *parts)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint i = 0; i < parts->len; i++)
    {
      if (i > 0)
        /* Translators: separates the parts of a cell's description ("c3, empty"). */
        g_string_append (text, _(", "));
      g_string_append (text, g_ptr_array_index (parts, i));
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
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
