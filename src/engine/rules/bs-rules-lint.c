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

static gboolean
prop_is (const xmlNode *node,
         const char    *name,
         const char    *value)
{
  g_autofree char *v = (char *) xmlGetProp (node, (const xmlChar *) name);

  return v != NULL && g_str_equal (v, value);
}

static gboolean
has_prop (const xmlNode *node,
          const char    *name)
{
  return xmlHasProp (node, (const xmlChar *) name) != NULL;
}

/* Whether the pieces a player places can run out: a kind of <pieces>
 * whose supply (its own or the section's) is not "unlimited". */
static gboolean
supply_limited (const xmlNode *root)
{
  const xmlNode *pieces = child_named (root, "pieces");
  g_autofree char *all = pieces != NULL ? (char *) xmlGetProp (pieces, (const xmlChar *) "supply")
                                        : NULL;

  for (const xmlNode *c = pieces != NULL ? pieces->children : NULL; c != NULL; c = c->next)
    {
      g_autofree char *own = NULL;

      if (!bs_xml_is (c, "piece"))
        continue;
      own = (char *) xmlGetProp (c, (const xmlChar *) "supply");
      if (own != NULL ? !g_str_equal (own, "unlimited")
                      : all != NULL && !g_str_equal (all, "unlimited"))
        return TRUE;
    }
  return FALSE;
}

/* The first block of <moves> that can leave the player to move with no
 * move while the game goes on: a block that moves pieces (they can all be
 * blocked or taken), or a placement that can fail with empty cells left
 * (away from the mover's own, a required bracket, a push that must move
 * a piece its full distance, a supply that runs out). A placement on any
 * empty cell from an unlimited supply fails only on a full board, which
 * is not warned about: a game such as a connection game cannot fill its
 * board without an end holding first, and telling that from the file's
 * words is not possible (docs/RULES-LANGUAGE.md, "Warnings"). NULL when
 * there is none, or when a word without a condition is always there to
 * be played. */
static const xmlNode *
block_that_can_stall (const xmlNode *root,
                      const xmlNode *moves)
{
  const xmlNode *found = NULL;
  gboolean limited = supply_limited (root);

  for (const xmlNode *c = moves->children; c != NULL; c = c->next)
    {
      if (c->type != XML_ELEMENT_NODE)
        continue;
      if (bs_xml_is (c, "word"))
        {
          if (!has_prop (c, "if") && !has_prop (c, "unless"))
            return NULL;
          continue;
        }
      if (found != NULL)
        continue;
      if (!bs_xml_is (c, "place"))
        {
          found = c;
          continue;
        }
      {
        g_autofree char *where = (char *) xmlGetProp (c, (const xmlChar *) "where");
        const xmlNode *bracket = child_named (c, "bracket");
        const xmlNode *push = child_named (c, "push");

        if (limited || (where != NULL && strstr (where, "!adjacent(own)") != NULL)
            || (bracket != NULL && prop_is (bracket, "required", "true"))
            || (push != NULL && prop_is (push, "require", "one-full")))
          found = c;
      }
    }
  return found;
}

char **
bs_rules_lint_file (const char  *path,
                    GError     **error)
{
  BsXmlSource source = { path, BS_VARIANT_ERROR };
  g_autoptr(xmlDoc) doc = NULL;
  g_autoptr(GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  const xmlNode *root, *options, *ends, *turn, *moves;

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
  turn = root != NULL ? child_named (root, "turn") : NULL;
  moves = root != NULL ? child_named (root, "moves") : NULL;
  if (turn != NULL && moves != NULL && prop_is (turn, "order", "alternate")
      && !prop_is (turn, "pass", "when-no-move"))
    {
      gboolean said = FALSE;
      gboolean any = FALSE;
      const xmlNode *stall;

      for (const xmlNode *c = ends != NULL ? ends->children : NULL; c != NULL; c = c->next)
        said = said || (bs_xml_is (c, "no-move") && prop_is (c, "who", "next"));
      for (const xmlNode *c = moves->children; c != NULL; c = c->next)
        any = any || c->type == XML_ELEMENT_NODE;
      if (!any)
        g_ptr_array_add (warnings,
                         g_strdup_printf (_("%s:%d: <moves> holds no block: a player never "
                                            "has a move"), path, bs_xml_line (moves)));
      else if (!said && (stall = block_that_can_stall (root, moves)) != NULL)
        g_ptr_array_add (warnings,
                         /* Translators: a warning of `validate` on a rules file:
                          * "my-game.xml:31: <step> can leave a player with no move, …";
                          * the words in <…> and "…" are the language's, untranslated. */
                         g_strdup_printf (_("%s:%d: <%s> can leave a player with no move, and "
                                            "neither <turn pass=\"when-no-move\"> nor a "
                                            "<no-move who=\"next\"> end says what happens "
                                            "then"),
                                          path, bs_xml_line (stall), (const char *) stall->name));
    }
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
