/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-app"

#include "config.h"

#include "bs-entry-limit.h"

#include "bs-variant.h"

/* A spin button's number: the longest range is seven digits, with room for
 * a sign, group separators and a decimal point in any locale. */
#define MAX_NUMBER_LENGTH 20
/* A search among a list's items: longer than any item's name. */
#define MAX_SEARCH_LENGTH 100

int
bs_entry_limit_for_kind (BsEntryKind kind)
{
  switch (kind)
    {
    case BS_ENTRY_VARIANT_NAME:
      return BS_VARIANT_MAX_NAME_LENGTH;
    case BS_ENTRY_AUTHOR:
      return BS_VARIANT_MAX_AUTHOR_LENGTH;
    case BS_ENTRY_DESCRIPTION:
      return BS_VARIANT_MAX_DESCRIPTION_LENGTH;
    case BS_ENTRY_PLAYER_NAME:
      return BS_VARIANT_MAX_PLAYER_NAME_LENGTH;
    case BS_ENTRY_NUMBER:
      return MAX_NUMBER_LENGTH;
    case BS_ENTRY_SEARCH:
      return MAX_SEARCH_LENGTH;
    default:
      g_return_val_if_reached (MAX_NUMBER_LENGTH);
    }
}

static GtkText *
text_of (GtkWidget *widget)
{
  GtkEditable *editable;

  if (GTK_IS_TEXT (widget))
    return GTK_TEXT (widget);
  if (!GTK_IS_EDITABLE (widget))
    return NULL;
  /* AdwEntryRow, GtkEntry and GtkSpinButton hand their text to a GtkText. */
  for (editable = GTK_EDITABLE (widget); editable != NULL;
       editable = gtk_editable_get_delegate (editable))
    if (GTK_IS_TEXT (editable))
      return GTK_TEXT (editable);
  return NULL;
}

void
bs_entry_limit (GtkWidget   *editable,
                BsEntryKind  kind)
{
  GtkText *text;
  int limit = bs_entry_limit_for_kind (kind);
  const char *current;

  g_return_if_fail (GTK_IS_WIDGET (editable));

  text = text_of (editable);
  g_return_if_fail (text != NULL);
  gtk_text_set_max_length (text, limit);
  /* GtkEntryBuffer keeps a longer text set before the limit: cut it. */
  current = gtk_editable_get_text (GTK_EDITABLE (text));
  if (current != NULL && g_utf8_strlen (current, -1) > limit)
    {
      g_autofree char *cut = g_utf8_substring (current, 0, limit);

      gtk_editable_set_text (GTK_EDITABLE (text), cut);
    }
}

static void
find_unlimited (GtkWidget *widget,
                GPtrArray *out)
{
  if (GTK_IS_TEXT (widget) && gtk_text_get_max_length (GTK_TEXT (widget)) <= 0)
    g_ptr_array_add (out, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    find_unlimited (child, out);
}

void
bs_entry_limit_tree (GtkWidget   *root,
                     BsEntryKind  kind)
{
  g_autoptr(GPtrArray) unlimited = NULL;

  g_return_if_fail (GTK_IS_WIDGET (root));

  unlimited = bs_entry_limit_find_unlimited (root);
  for (guint i = 0; i < unlimited->len; i++)
    bs_entry_limit (unlimited->pdata[i], kind);
}

GPtrArray *
bs_entry_limit_find_unlimited (GtkWidget *root)
{
  GPtrArray *out = g_ptr_array_new ();

  g_return_val_if_fail (GTK_IS_WIDGET (root), out);

  find_unlimited (root, out);
  return out;
}
