/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-engine"

#include "config.h"

#include "bs-variant-xml.h"
#include "bs-variant-xml-private.h"

#include <string.h>

#include <gio/gio.h>
#include <glib/gi18n-lib.h>

#include "bs-error.h"
#include "bs-file.h"
#include "bs-module.h"
#include "bs-ruleset.h"

/* Loading happens in two stages:
 *   1. bs_variant_from_node() checks everything the file format fixes:
 *      root, format version, elements and attributes known and present,
 *      integer syntax, colours, shape names, directions, label syntax,
 *      duplicates. Every error names file, line and value.
 *   2. bs_variant_validate() builds a ruleset, which checks everything the
 *      rule module knows (module, option ids and ranges, kinds, board sizes,
 *      cells on the board, nests on holes, enough pieces...). The ruleset
 *      reports the line each item was read from (bs_variant_where).
 * bs_variant_load_file/data run both, so a loaded variant is playable. */

static const char * const directions[] = { "N", "E", "S", "W", NULL };

#define ATTRS(...) ((const char * const[]) { __VA_ARGS__, NULL })
#define ELEMENTS(...) ((const char * const[]) { __VA_ARGS__, NULL })

/* Duplicate checks in linear time (a file may hold tens of thousands of
 * elements): key → the line it was first seen on. */
static GHashTable *
seen_new (void)
{
  return g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
}

/* The line where key was already seen, or 0 after recording it at line. */
static int
seen_before (GHashTable *seen,
             const char *key,
             int         line)
{
  gpointer previous = g_hash_table_lookup (seen, key);

  if (previous != NULL)
    return GPOINTER_TO_INT (previous);
  g_hash_table_insert (seen, g_strdup (key), GINT_TO_POINTER (MAX (line, 1)));
  return 0;
}

static gboolean
check_color (const xmlNode     *node,
             const char        *color,
             const BsXmlSource *source,
             GError           **error)
{
  gboolean ok = strlen (color) == 7 && color[0] == '#';

  for (int i = 1; ok && i < 7; i++)
    ok = g_ascii_isxdigit (color[i]);
  if (!ok)
    {
      g_autofree char *quoted = bs_excerpt (color);
      bs_xml_set_error (error, source, BS_XML_ERROR_VALUE, bs_xml_line (node),
                        _("<%s color>: \"%s\" is not a colour of the form #rrggbb"),
                        node->name, quoted);
    }
  return ok;
}

/* A text of at most max characters (element: "<name>"; attribute:
 * "<player name>"). */
static gboolean
check_length (const xmlNode     *node,
              const char        *what,
              const char        *text,
              int                max,
              const BsXmlSource *source,
              GError           **error)
{
  glong length = g_utf8_strlen (text, -1);

  if (length <= max)
    return TRUE;
  bs_xml_set_error (error, source, BS_XML_ERROR_VALUE, bs_xml_line (node),
                    _("%s is too long (%ld characters; at most %d)"), what, length, max);
  return FALSE;
}

/* An attribute holding an identifier, as the schema's "identifier". */
static gboolean
get_identifier (const xmlNode     *node,
                const char        *attr,
                gboolean           required,
                char             **value,
                const BsXmlSource *source,
                GError           **error)
{
  g_autofree char *what = g_strdup_printf ("<%s %s>", node->name, attr);

  if (xmlHasNsProp (node, (const xmlChar *) attr, NULL) == NULL && !required)
    return TRUE;
  if (!bs_xml_get_string (node, attr, required, value, source, error))
    return FALSE;
  if (!check_length (node, what, *value, BS_VARIANT_MAX_ID_LENGTH, source, error))
    return FALSE;
  if (!bs_variant_is_identifier (*value))
    {
      g_autofree char *quoted = bs_excerpt (*value);
      bs_xml_set_error (error, source, BS_XML_ERROR_VALUE, bs_xml_line (node),
                        _("%s: \"%s\" is not an identifier (a letter or digit, then letters, "
                          "digits, - and _)"), what, quoted);
      return FALSE;
    }
  return TRUE;
}

static gboolean
get_cell (const xmlNode     *node,
          const char        *attr,
          char             **cell,
          const BsXmlSource *source,
          GError           **error)
{
  int col, row;

  if (!bs_xml_get_string (node, attr, TRUE, cell, source, error))
    return FALSE;
  if (!bs_board_parse_label (*cell, &col, &row))
    {
      g_autofree char *quoted = bs_excerpt (*cell);
      bs_xml_set_error (error, source, BS_XML_ERROR_VALUE, bs_xml_line (node),
                        _("<%s %s>: \"%s\" is not a cell label (like a1 or d4)"),
                        node->name, attr, quoted);
      return FALSE;
    }
  return TRUE;
}

static gboolean
get_player (const xmlNode     *node,
            const char        *attr,
            gboolean           required,
            int               *player,
            const BsXmlSource *source,
            GError           **error)
{
  return bs_xml_get_int (node, attr, required, 1, BS_N_PLAYERS, player, source, error);
}

static char *
get_element_text (const xmlNode     *node,
                  const BsXmlSource *source,
                  GError           **error)
{
  char *text;

  if (!bs_xml_check_attributes (node, ATTRS (NULL), source, error))
    return NULL;
  text = bs_xml_get_text (node, source, error);
  return text != NULL ? g_strstrip (text) : NULL;
}

static gboolean
read_board (BsVariant         *variant,
            const xmlNode     *node,
            const BsXmlSource *source,
            GError           **error)
{
  static const char * const shapes[] = { "square", "hex-rhombus", "hexagon", "limping", NULL };
  BsBoardSpec *spec = &variant->board;
  g_autoptr(GError) local_error = NULL;
  BsXmlChildren walk;
  g_autoptr(GHashTable) holes = NULL;
  g_autoptr(GHashTable) specials = NULL;
  int shape = 0;
  int line = bs_xml_line (node);
  gboolean sided;

  G_STATIC_ASSERT (BS_SHAPE_SQUARE == 0 && BS_SHAPE_HEX_RHOMBUS == 1 &&
                   BS_SHAPE_HEXAGON == 2 && BS_SHAPE_LIMPING == 3);

  if (!bs_xml_check_attributes (node, ATTRS ("shape", "width", "height", "size", "adjacency"),
                                source, error) ||
      !bs_xml_get_choice (node, "shape", TRUE, shapes, &shape, source, error))
    return FALSE;

  memset (spec, 0, sizeof *spec);
  spec->shape = (BsShape) shape;
  sided = spec->shape == BS_SHAPE_SQUARE || spec->shape == BS_SHAPE_HEX_RHOMBUS;

  /* Only the parameters of this shape, so that a file says one thing. */
  for (guint i = 0; i < 4; i++)
    {
      static const char * const params[] = { "width", "height", "size", "adjacency" };
      gboolean used = i < 2 ? sided : i == 2 ? !sided : spec->shape == BS_SHAPE_SQUARE;

      if (!used && xmlHasNsProp (node, (const xmlChar *) params[i], NULL) != NULL)
        {
          bs_xml_set_error (error, source, BS_XML_ERROR_SCHEMA, line,
                            _("attribute \"%s\" does not apply to a %s board"),
                            params[i], shapes[shape]);
          return FALSE;
        }
    }

  if (sided)
    {
      if (!bs_xml_get_int (node, "width", TRUE, G_MININT, G_MAXINT, &spec->width,
                           source, error) ||
          !bs_xml_get_int (node, "height", TRUE, G_MININT, G_MAXINT, &spec->height,
                           source, error))
        return FALSE;
    }
  else if (!bs_xml_get_int (node, "size", TRUE, G_MININT, G_MAXINT, &spec->size,
                            source, error))
    return FALSE;

  if (spec->shape == BS_SHAPE_SQUARE)
    {
      spec->adjacency = 4;
      if (!bs_xml_get_int (node, "adjacency", FALSE, 4, 8, &spec->adjacency, source, error))
        return FALSE;
      if (spec->adjacency != 4 && spec->adjacency != 8)
        {
          bs_xml_set_error (error, source, BS_XML_ERROR_VALUE, line,
                            _("<board adjacency>: %d is neither 4 nor 8"), spec->adjacency);
          return FALSE;
        }
    }
  else
    spec->adjacency = 6;

  if (!bs_board_spec_check (spec, &local_error))
    {
      bs_xml_set_error (error, source, BS_XML_ERROR_VALUE, line, "%s", local_error->message);
      return FALSE;
    }
  variant->board_line = line;

  holes = seen_new ();
  specials = seen_new ();
  bs_xml_children_init (&walk, node, ELEMENTS ("hole", "special"), NULL, source);
  for (xmlNode *child = NULL;;)
    {
      child = bs_xml_children_next (&walk, &local_error);
      if (local_error != NULL)
        {
          g_propagate_error (error, g_steal_pointer (&local_error));
          return FALSE;
        }
      if (child == NULL)
        break;

      if (bs_xml_is (child, "hole"))
        {
          BsVariantHole hole = { NULL, bs_xml_line (child) };
          int other_line;

          if (!bs_xml_check_attributes (child, ATTRS ("cell"), source, error) ||
              !get_cell (child, "cell", &hole.label, source, error))
            {
              g_free (hole.label);
              return FALSE;
            }
          if ((other_line = seen_before (holes, hole.label, hole.line)) != 0)
            {
              g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_DUPLICATE,
                           /* Translators: FILE:LINE: as compilers write them. */
                           _("%s:%d: duplicate hole %s (already at line %d)"),
                           source->filename ? source->filename : "(memory)",
                           hole.line, hole.label, other_line);
              g_free (hole.label);
              return FALSE;
            }
          g_array_append_val (variant->holes, hole);
        }
      else
        {
          BsVariantSpecial special = { NULL, 0, NULL, bs_xml_line (child) };
          g_autofree char *key = NULL;
          int other_line;

          if (!bs_xml_check_attributes (child, ATTRS ("id", "player", "cell"), source, error) ||
              !get_identifier (child, "id", TRUE, &special.id, source, error) ||
              !get_player (child, "player", FALSE, &special.player, source, error) ||
              !get_cell (child, "cell", &special.cell, source, error))
            {
              g_free (special.id);
              g_free (special.cell);
              return FALSE;
            }
          key = g_strdup_printf ("%d %s", special.player, special.id);
          if ((other_line = seen_before (specials, key, special.line)) != 0)
            {
              g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_DUPLICATE,
                           /* Translators: FILE:LINE: as compilers write them. */
                           _("%s:%d: duplicate special \"%s\" for player %d "
                             "(already at line %d)"),
                           source->filename ? source->filename : "(memory)",
                           special.line, special.id, special.player, other_line);
              g_free (special.id);
              g_free (special.cell);
              return FALSE;
            }
          g_array_append_val (variant->specials, special);
        }
    }

  return TRUE;
}

static gboolean
read_player (BsVariant         *variant,
             const xmlNode     *node,
             gboolean           seen[2],
             const BsXmlSource *source,
             GError           **error)
{
  g_autoptr(GError) local_error = NULL;
  BsXmlChildren walk;
  g_autofree char *name = NULL;
  g_autofree char *color = NULL;
  g_autoptr(GHashTable) kinds = NULL;
  BsVariantPlayer *player;
  int number = 0;

  if (!bs_xml_check_attributes (node, ATTRS ("number", "name", "color"), source, error) ||
      !get_player (node, "number", TRUE, &number, source, error) ||
      !bs_xml_get_string (node, "name", TRUE, &name, source, error) ||
      !check_length (node, "<player name>", name, BS_VARIANT_MAX_PLAYER_NAME_LENGTH, source,
                     error) ||
      !bs_xml_get_string (node, "color", TRUE, &color, source, error) ||
      !check_color (node, color, source, error))
    return FALSE;

  player = &variant->players[number - 1];
  if (seen[number - 1])
    {
      g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_DUPLICATE,
                   /* Translators: FILE:LINE: as compilers write them. */
                   _("%s:%d: duplicate player %d (already at line %d)"),
                   source->filename ? source->filename : "(memory)",
                   bs_xml_line (node), number, player->line);
      return FALSE;
    }
  seen[number - 1] = TRUE;

  g_free (player->name);
  player->name = g_steal_pointer (&name);
  g_free (player->color);
  player->color = g_steal_pointer (&color);
  player->line = bs_xml_line (node);
  g_array_set_size (player->supplies, 0);

  kinds = seen_new ();
  bs_xml_children_init (&walk, node, ELEMENTS ("supply"), NULL, source);
  for (xmlNode *child = NULL;;)
    {
      BsVariantSupply supply = { NULL, 0, 0 };
      int other_line;

      child = bs_xml_children_next (&walk, &local_error);
      if (local_error != NULL)
        {
          g_propagate_error (error, g_steal_pointer (&local_error));
          return FALSE;
        }
      if (child == NULL)
        break;

      supply.line = bs_xml_line (child);
      if (!bs_xml_check_attributes (child, ATTRS ("kind", "count"), source, error) ||
          !get_identifier (child, "kind", TRUE, &supply.kind, source, error) ||
          !bs_xml_get_int (child, "count", TRUE, 0, BS_MAX_SUPPLY, &supply.count,
                           source, error))
        {
          g_free (supply.kind);
          return FALSE;
        }
      if ((other_line = seen_before (kinds, supply.kind, supply.line)) != 0)
        {
          g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_DUPLICATE,
                       /* Translators: FILE:LINE: as compilers write them. */
                       _("%s:%d: duplicate supply of \"%s\" for player %d "
                         "(already at line %d)"),
                       source->filename ? source->filename : "(memory)",
                       supply.line, supply.kind, number, other_line);
          g_free (supply.kind);
          return FALSE;
        }
      g_array_append_val (player->supplies, supply);
    }

  return TRUE;
}

static gboolean
read_players (BsVariant         *variant,
              const xmlNode     *node,
              const BsXmlSource *source,
              GError           **error)
{
  g_autoptr(GError) local_error = NULL;
  BsXmlChildren walk;
  gboolean seen[2] = { FALSE, FALSE };

  if (!bs_xml_check_attributes (node, ATTRS (NULL), source, error))
    return FALSE;

  bs_xml_children_init (&walk, node, ELEMENTS ("player"), NULL, source);
  for (xmlNode *child = NULL;;)
    {
      child = bs_xml_children_next (&walk, &local_error);
      if (local_error != NULL)
        {
          g_propagate_error (error, g_steal_pointer (&local_error));
          return FALSE;
        }
      if (child == NULL)
        break;
      if (!read_player (variant, child, seen, source, error))
        return FALSE;
    }

  for (int p = 0; p < 2; p++)
    if (!seen[p])
      {
        bs_xml_set_error (error, source, BS_XML_ERROR_SCHEMA, bs_xml_line (node),
                          _("<players> lacks <player number=\"%d\">"), p + 1);
        return FALSE;
      }
  return TRUE;
}

static gboolean
read_options (BsVariant         *variant,
              const xmlNode     *node,
              const BsXmlSource *source,
              GError           **error)
{
  g_autoptr(GError) local_error = NULL;
  BsXmlChildren walk;
  g_autoptr(GHashTable) ids = NULL;

  if (!bs_xml_check_attributes (node, ATTRS (NULL), source, error))
    return FALSE;

  ids = seen_new ();
  bs_xml_children_init (&walk, node, ELEMENTS ("option"), NULL, source);
  for (xmlNode *child = NULL;;)
    {
      BsVariantOption option = { NULL, NULL, 0 };
      int other_line;

      child = bs_xml_children_next (&walk, &local_error);
      if (local_error != NULL)
        {
          g_propagate_error (error, g_steal_pointer (&local_error));
          return FALSE;
        }
      if (child == NULL)
        break;

      option.line = bs_xml_line (child);
      if (!bs_xml_check_attributes (child, ATTRS ("id", "value"), source, error) ||
          !get_identifier (child, "id", TRUE, &option.id, source, error) ||
          !bs_xml_get_string (child, "value", TRUE, &option.value, source, error))
        {
          g_free (option.id);
          g_free (option.value);
          return FALSE;
        }
      if ((other_line = seen_before (ids, option.id, option.line)) != 0)
        {
          g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_DUPLICATE,
                       /* Translators: FILE:LINE: as compilers write them. */
                       _("%s:%d: duplicate option \"%s\" (already at line %d)"),
                       source->filename ? source->filename : "(memory)",
                       option.line, option.id, other_line);
          g_free (option.id);
          g_free (option.value);
          return FALSE;
        }
      g_array_append_val (variant->options, option);
    }
  return TRUE;
}

static gboolean
read_setup (BsVariant         *variant,
            const xmlNode     *node,
            const BsXmlSource *source,
            GError           **error)
{
  g_autoptr(GError) local_error = NULL;
  BsXmlChildren walk;
  g_autoptr(GHashTable) cells = NULL;

  if (!bs_xml_check_attributes (node, ATTRS (NULL), source, error))
    return FALSE;

  cells = seen_new ();
  bs_xml_children_init (&walk, node, ELEMENTS ("piece"), NULL, source);
  for (xmlNode *child = NULL;;)
    {
      BsVariantPiece piece = { NULL, 0, NULL, -1, 0 };
      int other_line;

      child = bs_xml_children_next (&walk, &local_error);
      if (local_error != NULL)
        {
          g_propagate_error (error, g_steal_pointer (&local_error));
          return FALSE;
        }
      if (child == NULL)
        break;

      piece.line = bs_xml_line (child);
      if (!bs_xml_check_attributes (child, ATTRS ("cell", "player", "kind", "dir"),
                                    source, error) ||
          !get_cell (child, "cell", &piece.cell, source, error) ||
          !get_player (child, "player", TRUE, &piece.player, source, error) ||
          !get_identifier (child, "kind", TRUE, &piece.kind, source, error) ||
          !bs_xml_get_choice (child, "dir", FALSE, directions, &piece.dir, source, error))
        {
          g_free (piece.cell);
          g_free (piece.kind);
          return FALSE;
        }
      if ((other_line = seen_before (cells, piece.cell, piece.line)) != 0)
        {
          g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_DUPLICATE,
                       /* Translators: FILE:LINE: as compilers write them. */
                       _("%s:%d: two setup pieces on %s (the other at line %d)"),
                       source->filename ? source->filename : "(memory)",
                       piece.line, piece.cell, other_line);
          g_free (piece.cell);
          g_free (piece.kind);
          return FALSE;
        }
      g_array_append_val (variant->setup, piece);
    }
  return TRUE;
}

static char *
default_id (const char *filename)
{
  return filename != NULL ? bs_variant_id_from_filename (filename) : NULL;
}

BsVariant *
bs_variant_from_node_full (xmlNode           *node,
                           const BsXmlSource *source,
                           GError           **error)
{
  static const char * const children[] = {
    "name", "author", "description", "board", "players", "options", "setup", NULL
  };
  g_autoptr(BsVariant) variant = NULL;
  g_autoptr(GError) local_error = NULL;
  BsXmlChildren walk;
  const xmlNode *seen[G_N_ELEMENTS (children)] = { NULL, };
  int format = 0;

  g_return_val_if_fail (node != NULL, NULL);
  g_return_val_if_fail (source != NULL, NULL);

  if (!bs_xml_is (node, "variant"))
    {
      bs_xml_set_error (error, source, BS_XML_ERROR_SCHEMA, bs_xml_line (node),
                        _("expected a <variant> element, not <%s>"), node->name);
      return NULL;
    }
  if (node->ns != NULL)
    {
      bs_xml_set_error (error, source, BS_XML_ERROR_SCHEMA, bs_xml_line (node),
                        _("<variant> must not be in a namespace (found \"%s\")"),
                        node->ns->href != NULL ? (const char *) node->ns->href : "");
      return NULL;
    }

  variant = bs_variant_new ();
  g_clear_pointer (&variant->filename, g_free);
  variant->filename = g_strdup (source->filename);

  if (!bs_xml_check_attributes (node, ATTRS ("format", "id", "module", "draft"), source, error) ||
      !bs_xml_get_int (node, "format", TRUE, G_MININT, G_MAXINT, &format, source, error))
    return NULL;
  if (format != BS_VARIANT_FORMAT_VERSION)
    {
      bs_xml_set_error (error, source, BS_XML_ERROR_VALUE, bs_xml_line (node),
                        _("<variant format>: unsupported format version %d (this version "
                          "of Boardsmith reads format %d)"), format, BS_VARIANT_FORMAT_VERSION);
      return NULL;
    }
  if (!get_identifier (node, "module", TRUE, &variant->module, source, error))
    return NULL;
  variant->module_line = bs_xml_line (node);

  g_clear_pointer (&variant->id, g_free);
  variant->id = default_id (source->filename);
  if (!get_identifier (node, "id", FALSE, &variant->id, source, error))
    return NULL;
  if (variant->id == NULL)
    variant->id = g_strdup (variant->module);
  {
    static const char * const drafts[] = { "true", NULL };
    int draft = -1;

    if (!bs_xml_get_choice (node, "draft", FALSE, drafts, &draft, source, error))
      return NULL;
    variant->draft = draft == 0;
  }

  bs_xml_children_init (&walk, node, children, NULL, source);
  for (xmlNode *child = NULL;;)
    {
      guint which = 0;

      child = bs_xml_children_next (&walk, &local_error);
      if (local_error != NULL)
        {
          g_propagate_error (error, g_steal_pointer (&local_error));
          return NULL;
        }
      if (child == NULL)
        break;

      while (!g_str_equal ((const char *) child->name, children[which]))
        which++;
      if (seen[which] != NULL)
        {
          g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_DUPLICATE,
                       /* Translators: FILE:LINE: as compilers write them. */
                       _("%s:%d: duplicate element <%s> (already at line %d)"),
                       source->filename ? source->filename : "(memory)",
                       bs_xml_line (child), child->name, bs_xml_line (seen[which]));
          return NULL;
        }
      seen[which] = child;

      switch (which)
        {
        case 0:
        case 1:
        case 2:
          {
            static const int limits[] = {
              BS_VARIANT_MAX_NAME_LENGTH, BS_VARIANT_MAX_AUTHOR_LENGTH,
              BS_VARIANT_MAX_DESCRIPTION_LENGTH
            };
            char **field = which == 0 ? &variant->name
                         : which == 1 ? &variant->author : &variant->description;
            g_autofree char *what = g_strdup_printf ("<%s>", children[which]);
            g_free (*field);
            *field = get_element_text (child, source, error);
            if (*field == NULL ||
                !check_length (child, what, *field, limits[which], source, error))
              return NULL;
          }
          break;
        case 3:
          if (!read_board (variant, child, source, error))
            return NULL;
          break;
        case 4:
          if (!read_players (variant, child, source, error))
            return NULL;
          break;
        case 5:
          if (!read_options (variant, child, source, error))
            return NULL;
          break;
        case 6:
          if (!read_setup (variant, child, source, error))
            return NULL;
          break;
        default:
          g_assert_not_reached ();
        }
    }

  for (guint i = 0; i < G_N_ELEMENTS (children) - 1; i++)
    {
      gboolean required = i == 0 || i == 3 || i == 4;

      if (required && seen[i] == NULL)
        {
          bs_xml_set_error (error, source, BS_XML_ERROR_SCHEMA, bs_xml_line (node),
                            _("<variant> lacks the element <%s>"), children[i]);
          return NULL;
        }
    }
  /* A draft may be saved before it has a name. */
  if (variant->name[0] == '\0' && !variant->draft)
    {
      bs_xml_set_error (error, source, BS_XML_ERROR_VALUE, bs_xml_line (seen[0]),
                        _("<name> is empty"));
      return NULL;
    }

  return g_steal_pointer (&variant);
}

BsVariant *
bs_variant_from_node (xmlNode     *node,
                      const char  *filename,
                      GError     **error)
{
  BsXmlSource source = { filename, BS_VARIANT_ERROR };

  return bs_variant_from_node_full (node, &source, error);
}


static BsVariant *
load_doc (xmlDoc      *doc,
          const char  *filename,
          GError     **error)
{
  g_autoptr(BsVariant) variant = NULL;

  g_autoptr(GError) local_error = NULL;

  variant = bs_variant_from_node (xmlDocGetRootElement (doc), filename, error);
  if (variant == NULL)
    return NULL;
  if (!bs_variant_validate (variant, &local_error))
    {
      /* A draft is known to be unfinished: say where to finish it. */
      if (variant->draft)
        g_set_error (error, local_error->domain, local_error->code,
                     _("%s (the file is an unfinished draft: finish it in the variant editor)"),
                     local_error->message);
      else
        g_propagate_error (error, g_steal_pointer (&local_error));
      return NULL;
    }
  return g_steal_pointer (&variant);
}

BsVariant *
bs_variant_load_data (const char  *data,
                      gsize        length,
                      const char  *filename,
                      GError     **error)
{
  g_autoptr(xmlDoc) doc = NULL;

  g_return_val_if_fail (data != NULL || length == 0, NULL);

  doc = bs_xml_parse (data, length, filename, error);
  if (doc == NULL)
    return NULL;
  return load_doc (doc, filename, error);
}

BsVariant *
bs_variant_load_file (const char  *path,
                      GError     **error)
{
  BsXmlSource source = { path, BS_VARIANT_ERROR };
  g_autoptr(xmlDoc) doc = NULL;

  g_return_val_if_fail (path != NULL, NULL);

  doc = bs_xml_parse_file (path, &source, BS_VARIANT_MAX_FILE_SIZE, error);
  if (doc == NULL)
    return NULL;
  return load_doc (doc, path, error);
}

BsVariant *
bs_variant_load_file_unchecked (const char  *path,
                                GError     **error)
{
  BsXmlSource source = { path, BS_VARIANT_ERROR };
  g_autoptr(xmlDoc) doc = NULL;

  g_return_val_if_fail (path != NULL, NULL);

  doc = bs_xml_parse_file (path, &source, BS_VARIANT_MAX_FILE_SIZE, error);
  if (doc == NULL)
    return NULL;
  return bs_variant_from_node (xmlDocGetRootElement (doc), path, error);
}

static gpointer
compute_builtin_dirs (gpointer data)
{
  GPtrArray *dirs = g_ptr_array_new ();
  const char *env = g_getenv ("BOARDSMITH_RULES_DIR");

  if (env != NULL && env[0] != '\0')
    g_ptr_array_add (dirs, g_strdup (env));
  g_ptr_array_add (dirs, g_strdup (BS_INSTALLED_RULES_DIR));
  g_ptr_array_add (dirs, g_strdup (BS_SOURCE_RULES_DIR));
  g_ptr_array_add (dirs, NULL);
  return g_ptr_array_free (dirs, FALSE);
}

const char * const *
bs_variant_builtin_dirs (void)
{
  static GOnce once = G_ONCE_INIT;

  return g_once (&once, compute_builtin_dirs, NULL);
}

static gboolean
is_builtin_name (const char *name)
{
  if (name[0] == '\0' || name[0] == '.')
    return FALSE;
  for (const char *p = name; *p != '\0'; p++)
    if (!g_ascii_isalnum (*p) && *p != '-' && *p != '_')
      return FALSE;
  return TRUE;
}

static char *
find_builtin (const char *name)
{
  const char * const *dirs = bs_variant_builtin_dirs ();
  g_autofree char *basename = g_strconcat (name, ".xml", NULL);

  for (guint i = 0; dirs[i] != NULL; i++)
    {
      g_autofree char *path = g_build_filename (dirs[i], basename, NULL);
      if (g_file_test (path, G_FILE_TEST_IS_REGULAR))
        return g_steal_pointer (&path);
    }
  return NULL;
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

char **
bs_variant_list_builtin (void)
{
  const char * const *dirs = bs_variant_builtin_dirs ();
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; dirs[i] != NULL; i++)
    {
      g_autoptr(GDir) dir = g_dir_open (dirs[i], 0, NULL);
      const char *entry;

      if (dir == NULL)
        continue;
      while ((entry = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *name = NULL;
          gboolean known = FALSE;

          if (!g_str_has_suffix (entry, ".xml"))
            continue;
          name = g_strndup (entry, strlen (entry) - 4);
          if (!is_builtin_name (name))
            continue;
          for (guint j = 0; j < names->len && !known; j++)
            known = g_str_equal (g_ptr_array_index (names, j), name);
          if (!known)
            g_ptr_array_add (names, g_steal_pointer (&name));
        }
    }

  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);
  return (char **) g_ptr_array_free (g_steal_pointer (&names), FALSE);
}

BsVariant *
bs_variant_lookup (const char  *name_or_path,
                   GError     **error)
{
  g_autofree char *path = NULL;

  g_return_val_if_fail (name_or_path != NULL, NULL);

  /* A bare name is a built-in first; anything with a slash or an .xml
   * suffix is a path. */
  if (is_builtin_name (name_or_path))
    path = find_builtin (name_or_path);
  if (path == NULL && is_builtin_name (name_or_path) &&
      !g_file_test (name_or_path, G_FILE_TEST_EXISTS))
    {
      g_auto(GStrv) builtins = bs_variant_list_builtin ();
      g_autofree char *list = g_strjoinv (", ", builtins);

      g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_UNKNOWN,
                   /* Translators: the name given, the built-in variants. */
                   _("%s: no such file, and not a built-in variant (%s)"),
                   name_or_path, list[0] != '\0' ? list : _("none installed"));
      return NULL;
    }

  return bs_variant_load_file (path != NULL ? path : name_or_path, error);
}

/* Saving. */

static void
set_int_prop (xmlNode    *node,
              const char *name,
              int         value)
{
  char text[16];

  g_snprintf (text, sizeof text, "%d", value);
  xmlNewProp (node, (const xmlChar *) name, (const xmlChar *) text);
}

static void
set_prop (xmlNode    *node,
          const char *name,
          const char *value)
{
  xmlNewProp (node, (const xmlChar *) name, (const xmlChar *) (value != NULL ? value : ""));
}

xmlNode *
bs_variant_to_node (const BsVariant *variant,
                    xmlDoc          *doc)
{
  xmlNode *root, *board, *players, *options;

  g_return_val_if_fail (variant != NULL, NULL);

  root = xmlNewDocNode (doc, NULL, (const xmlChar *) "variant", NULL);
  set_int_prop (root, "format", BS_VARIANT_FORMAT_VERSION);
  if (variant->id != NULL)
    set_prop (root, "id", variant->id);
  set_prop (root, "module", variant->module);
  if (variant->draft)
    set_prop (root, "draft", "true");

  xmlNewTextChild (root, NULL, (const xmlChar *) "name",
                   (const xmlChar *) (variant->name != NULL ? variant->name : ""));
  if (variant->author != NULL)
    xmlNewTextChild (root, NULL, (const xmlChar *) "author", (const xmlChar *) variant->author);
  if (variant->description != NULL)
    xmlNewTextChild (root, NULL, (const xmlChar *) "description",
                     (const xmlChar *) variant->description);

  board = xmlNewChild (root, NULL, (const xmlChar *) "board", NULL);
  set_prop (board, "shape", bs_shape_to_string (variant->board.shape));
  if (variant->board.shape == BS_SHAPE_SQUARE || variant->board.shape == BS_SHAPE_HEX_RHOMBUS)
    {
      set_int_prop (board, "width", variant->board.width);
      set_int_prop (board, "height", variant->board.height);
    }
  else
    set_int_prop (board, "size", variant->board.size);
  if (variant->board.shape == BS_SHAPE_SQUARE)
    set_int_prop (board, "adjacency", variant->board.adjacency);
  for (guint i = 0; i < variant->holes->len; i++)
    {
      const BsVariantHole *hole = &g_array_index (variant->holes, BsVariantHole, i);
      xmlNode *node = xmlNewChild (board, NULL, (const xmlChar *) "hole", NULL);
      set_prop (node, "cell", hole->label);
    }
  for (guint i = 0; i < variant->specials->len; i++)
    {
      const BsVariantSpecial *special = &g_array_index (variant->specials, BsVariantSpecial, i);
      xmlNode *node = xmlNewChild (board, NULL, (const xmlChar *) "special", NULL);
      set_prop (node, "id", special->id);
      if (special->player != 0)
        set_int_prop (node, "player", special->player);
      set_prop (node, "cell", special->cell);
    }

  players = xmlNewChild (root, NULL, (const xmlChar *) "players", NULL);
  for (int p = 0; p < 2; p++)
    {
      const BsVariantPlayer *player = &variant->players[p];
      xmlNode *node = xmlNewChild (players, NULL, (const xmlChar *) "player", NULL);

      set_int_prop (node, "number", p + 1);
      set_prop (node, "name", player->name);
      set_prop (node, "color", player->color);
      for (guint i = 0; player->supplies != NULL && i < player->supplies->len; i++)
        {
          const BsVariantSupply *supply = &g_array_index (player->supplies, BsVariantSupply, i);
          xmlNode *child = xmlNewChild (node, NULL, (const xmlChar *) "supply", NULL);
          set_prop (child, "kind", supply->kind);
          set_int_prop (child, "count", supply->count);
        }
    }

  options = xmlNewChild (root, NULL, (const xmlChar *) "options", NULL);
  for (guint i = 0; i < variant->options->len; i++)
    {
      const BsVariantOption *option = &g_array_index (variant->options, BsVariantOption, i);
      xmlNode *node = xmlNewChild (options, NULL, (const xmlChar *) "option", NULL);
      set_prop (node, "id", option->id);
      set_prop (node, "value", option->value);
    }

  if (variant->setup->len > 0)
    {
      xmlNode *setup = xmlNewChild (root, NULL, (const xmlChar *) "setup", NULL);
      for (guint i = 0; i < variant->setup->len; i++)
        {
          const BsVariantPiece *piece = &g_array_index (variant->setup, BsVariantPiece, i);
          xmlNode *node = xmlNewChild (setup, NULL, (const xmlChar *) "piece", NULL);
          set_prop (node, "cell", piece->cell);
          set_int_prop (node, "player", piece->player);
          set_prop (node, "kind", piece->kind);
          if (piece->dir >= 0 && piece->dir < 4)
            set_prop (node, "dir", directions[piece->dir]);
        }
    }

  return root;
}

char *
bs_variant_to_xml (const BsVariant *variant,
                   gsize           *length)
{
  g_autoptr(xmlDoc) doc = NULL;

  g_return_val_if_fail (variant != NULL, NULL);

  doc = xmlNewDoc ((const xmlChar *) "1.0");
  xmlDocSetRootElement (doc, bs_variant_to_node (variant, doc));
  return bs_xml_to_string (doc, length);
}

gboolean
bs_variant_save_file (const BsVariant  *variant,
                      const char       *path,
                      GError          **error)
{
  g_autofree char *xml = NULL;
  gsize length = 0;

  g_return_val_if_fail (variant != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  xml = bs_variant_to_xml (variant, &length);
  /* A failed write leaves the old file whole; a symlink and the file's
   * permissions are kept (bs-file.h). */
  return bs_file_write_atomic (path, xml, length, BS_FILE_WRITE_SYNC, error);
}
