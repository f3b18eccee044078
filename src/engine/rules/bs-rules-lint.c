/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-engine"

#include "config.h"

#include "bs-rules-lint.h"

#include <string.h>
#include <glib/gi18n-lib.h>
#include <libxml/tree.h>

#include "bs-error.h"
#include "bs-rules-document.h"
#include "bs-xml.h"

/* Options the engine reads by their names, whatever the blocks say. */
static const char * const known_options[] = { "max-plies", NULL };

static gboolean
is_name_char (char c)
{
  return g_ascii_isalnum (c) || c == '-' || c == '_';
}

/* Whether `name` stands in `text` as a whole name: "{push-small}",
 * "movement=step", "rows" — not inside "push-smaller". */
static gboolean
names (const char *text,
       const char *name)
{
  gsize length = strlen (name);

  for (const char *at = strstr (text, name); at != NULL; at = strstr (at + 1, name))
    if ((at == text || !is_name_char (at[-1])) && !is_name_char (at[length]))
      return TRUE;
  return FALSE;
}

/* Every attribute value and text of the document but `skip`'s own, one
 * per line: what the rules can name an option in. */
static void
gather_words (const xmlNode *node,
              const xmlNode *skip,
              GString       *words)
{
  for (; node != NULL; node = node->next)
    {
      if (node == skip)
        continue;
      if (node->type == XML_TEXT_NODE && node->content != NULL)
        g_string_append_printf (words, "%s\n", (const char *) node->content);
      if (node->type != XML_ELEMENT_NODE)
        continue;
      for (const xmlAttr *attr = node->properties; attr != NULL; attr = attr->next)
        for (const xmlNode *value = attr->children; value != NULL; value = value->next)
          if (value->content != NULL)
            g_string_append_printf (words, "%s\n", (const char *) value->content);
      gather_words (node->children, skip, words);
    }
}

static const xmlNode *
child_named (const xmlNode *parent,
             const char    *name)
{
  for (const xmlNode *c = parent->children; c != NULL; c = c->next)
    if (bs_xml_is (c, name))
      return c;
  return NULL;
}

char **
bs_rules_lint_file (const char  *path,
                    GError     **error)
{
  BsXmlSource source = { path, BS_VARIANT_ERROR };
  g_autoptr(xmlDoc) doc = NULL;
  g_autoptr(GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  const xmlNode *root, *options, *ends;

  g_return_val_if_fail (path != NULL, NULL);

  doc = bs_xml_parse_file (path, &source, BS_RULES_MAX_FILE_SIZE, error);
  if (doc == NULL)
    return NULL;
  root = xmlDocGetRootElement (doc);
  options = root != NULL ? child_named (root, "options") : NULL;
  for (const xmlNode *option = options != NULL ? options->children : NULL; option != NULL;
       option = option->next)
    {
      g_autofree char *id = NULL;
      g_autoptr(GString) words = g_string_new (NULL);

      if (!bs_xml_is (option, "option"))
        continue;
      id = (char *) xmlGetProp (option, (const xmlChar *) "id");
      if (id == NULL || g_strv_contains (known_options, id))
        continue;
      gather_words (root->children, option, words);
      if (!names (words->str, id))
        g_ptr_array_add (warnings,
                         /* Translators: a warning of `validate` on a rules file:
                          * "my-game.xml:18: the option “handicap” is declared but
                          * no rule reads it". */
                         g_strdup_printf (_("%s:%d: the option “%s” is declared but no rule "
                                            "reads it"), path, bs_xml_line (option), id));
    }
  ends = root != NULL ? child_named (root, "ends") : NULL;
  if (ends != NULL)
    {
      gboolean any = FALSE;

      for (const xmlNode *c = ends->children; c != NULL; c = c->next)
        any = any || c->type == XML_ELEMENT_NODE;
      if (!any)
        g_ptr_array_add (warnings,
                         g_strdup_printf (_("%s:%d: <ends> holds no end: only the move limit "
                                            "(max-plies) can end a game"),
                                          path, bs_xml_line (ends)));
    }
  g_ptr_array_add (warnings, NULL);
  return (char **) g_ptr_array_steal (warnings, NULL);
}
