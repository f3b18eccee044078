/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-rules-document.c: reads a rules file into a checked tree.
 *
 * The root's sections are read in the order names are declared in, not
 * the order they are written in: options, then pieces and regions, then
 * everything that refers to them. Unknown elements, attributes and names
 * are refused with the nearest valid one ("did you mean"). */
#define G_LOG_DOMAIN "boardsmith-rules"

#include "config.h"

#include "bs-rules-document.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "bs-board.h"
#include "bs-error.h"
#include "bs-xml.h"

typedef struct {
  BsXmlSource      source;
  BsRulesDocument *doc;
  GPtrArray       *by_names;    /* the measures named by ends' by=, until resolved */
  GArray          *by_lines;    /* of int: the line of each */
} Reader;

/* ---- Names and suggestions ---- */

static int
edit_distance (const char *a,
               const char *b)
{
  int la = (int) strlen (a), lb = (int) strlen (b);
  g_autofree int *row = g_new (int, lb + 1);

  for (int j = 0; j <= lb; j++)
    row[j] = j;
  for (int i = 1; i <= la; i++)
    {
      int diagonal = row[0];

      row[0] = i;
      for (int j = 1; j <= lb; j++)
        {
          int above = row[j];
          int cost = a[i - 1] == b[j - 1] ? 0 : 1;

          row[j] = MIN (MIN (row[j] + 1, row[j - 1] + 1), diagonal + cost);
          diagonal = above;
        }
    }
  return row[lb];
}

const char *
bs_rules_suggest (const char          *name,
                  const char * const  *candidates,
                  gssize               n)
{
  const char *best = NULL;
  int best_distance = G_MAXINT;
  /* A third of the name, at least 2: "foward" → "forward", not "n" → "s". */
  int limit = MAX (2, (int) strlen (name) / 3);

  for (gssize i = 0; n < 0 ? candidates[i] != NULL : i < n; i++)
    {
      int d = edit_distance (name, candidates[i]);

      /* "boolean" for "bool", "pos" for "position": one word cut short. */
      if (strlen (candidates[i]) >= 3 && strlen (name) >= 3 &&
          (g_str_has_prefix (name, candidates[i]) || g_str_has_prefix (candidates[i], name)))
        d = MIN (d, 1);

      if (d < best_distance)
        {
          best_distance = d;
          best = candidates[i];
        }
    }
  return best_distance <= limit && best_distance < (int) strlen (name) ? best : NULL;
}

/* " (did you mean "x"?)" or "" */
static char *
did_you_mean (const char          *name,
              const char * const  *candidates,
              gssize               n)
{
  const char *s = bs_rules_suggest (name, candidates, n);

  /* Translators: added at the end of a message about an unknown name; %s is the known
   * name closest to it. Keep the leading space. */
  return s != NULL ? g_strdup_printf (_(" (did you mean \"%s\"?)"), s) : g_strdup ("");
}

/* ---- Elements and attributes ---- */

static const char *
node_name (const xmlNode *node)
{
  return (const char *) node->name;
}

static gboolean
check_attributes (Reader              *r,
                  const xmlNode       *node,
                  const char * const  *allowed,
                  GError             **error)
{
  for (const xmlAttr *a = node->properties; a != NULL; a = a->next)
    {
      const char *name = (const char *) a->name;

      if (!g_strv_contains (allowed, name))
        {
          g_autofree char *hint = did_you_mean (name, allowed, -1);

          bs_xml_set_error (error, &r->source, BS_XML_ERROR_SCHEMA, bs_xml_line (node),
                            _("<%s>: unknown attribute \"%s\"%s"), node_name (node), name, hint);
          return FALSE;
        }
    }
  return TRUE;
}

/* The element children of node, each of a name in `allowed`; NULL and
 * error on anything else (text that is not blank, an unknown element). */
static GPtrArray *
children (Reader              *r,
          const xmlNode       *node,
          const char * const  *allowed,
          GError             **error)
{
  g_autoptr(GPtrArray) out = g_ptr_array_new ();

  for (xmlNode *c = node->children; c != NULL; c = c->next)
    {
      if (c->type == XML_COMMENT_NODE || c->type == XML_PI_NODE)
        continue;
      if (c->type == XML_TEXT_NODE)
        {
          const char *t = (const char *) c->content;

          while (*t == ' ' || *t == '\t' || *t == '\n' || *t == '\r')
            t++;
          if (*t != '\0')
            {
              /* libxml2 gives the line a text ends on: the line it starts on. */
              int line = bs_xml_line (c);

              for (const char *p = (const char *) c->content; *p != '\0'; p++)
                line -= *p == '\n';
              bs_xml_set_error (error, &r->source, BS_XML_ERROR_SCHEMA, line,
                                _("<%s>: text where only elements belong"), node_name (node));
              return NULL;
            }
          continue;
        }
      if (c->type != XML_ELEMENT_NODE || !g_strv_contains (allowed, node_name (c)))
        {
          g_autofree char *hint = NULL;

          if (c->type != XML_ELEMENT_NODE)
            {
              bs_xml_set_error (error, &r->source, BS_XML_ERROR_SCHEMA, bs_xml_line (c),
                                _("<%s>: unexpected content"), node_name (node));
              return NULL;
            }
          hint = did_you_mean (node_name (c), allowed, -1);
          if (*hint != '\0')
            {
              g_free (hint);
              /* Translators: added at the end of a message about an unknown element; %s
               * is the known element closest to it. Keep the leading space. */
              hint = g_strdup_printf (_(" (did you mean <%s>?)"),
                                      bs_rules_suggest (node_name (c), allowed, -1));
            }
          bs_xml_set_error (error, &r->source, BS_XML_ERROR_SCHEMA, bs_xml_line (c),
                            _("<%s>: unknown element <%s>%s"), node_name (node), node_name (c),
                            hint);
          return NULL;
        }
      g_ptr_array_add (out, c);
    }
  return g_steal_pointer (&out);
}

static char *
get_attr (const xmlNode *node,
          const char    *name)
{
  xmlChar *v = xmlGetProp (node, (const xmlChar *) name);
  char *copy = v != NULL ? g_strdup ((const char *) v) : NULL;

  xmlFree (v);
  return copy;
}

static gboolean
require_attr (Reader         *r,
              const xmlNode  *node,
              const char     *name,
              char          **value,
              GError        **error)
{
  *value = get_attr (node, name);
  if (*value == NULL)
    {
      bs_xml_set_error (error, &r->source, BS_XML_ERROR_SCHEMA, bs_xml_line (node),
                        _("<%s>: the attribute \"%s\" is required"), node_name (node), name);
      return FALSE;
    }
  return TRUE;
}

static gboolean
value_error (Reader         *r,
             const xmlNode  *node,
             const char     *attr,
             GError        **error,
             const char     *format,
             ...) G_GNUC_PRINTF (5, 6);

static gboolean
value_error (Reader         *r,
             const xmlNode  *node,
             const char     *attr,
             GError        **error,
             const char     *format,
             ...)
{
  g_autofree char *what = NULL;
  va_list args;

  va_start (args, format);
  what = g_strdup_vprintf (format, args);
  va_end (args);
  bs_xml_set_error (error, &r->source, BS_XML_ERROR_VALUE, bs_xml_line (node),
                    _("<%s> attribute \"%s\": %s"), node_name (node), attr, what);
  return FALSE;
}

/* A choice among `choices`; *value is its index. Missing: default kept. */
static gboolean
get_choice (Reader              *r,
            const xmlNode       *node,
            const char          *attr,
            const char * const  *choices,
            int                 *value,
            GError             **error)
{
  g_autofree char *text = get_attr (node, attr);
  g_autofree char *hint = NULL;

  if (text == NULL)
    return TRUE;
  for (int i = 0; choices[i] != NULL; i++)
    if (g_str_equal (choices[i], text))
      {
        *value = i;
        return TRUE;
      }
  hint = did_you_mean (text, choices, -1);
  {
    g_autofree char *list = g_strjoinv (", ", (char **) choices);

    /* Translators: "value" is none of CHOICE, CHOICE, …, then perhaps " (did you mean …?)". */
    return value_error (r, node, attr, error, _("\"%s\" is none of %s%s"), text, list, hint);
  }
}

static gboolean
get_bool (Reader         *r,
          const xmlNode  *node,
          const char     *attr,
          gboolean       *value,
          GError        **error)
{
  static const char * const choices[] = { "false", "true", NULL };
  int v = *value ? 1 : 0;

  if (!get_choice (r, node, attr, choices, &v, error))
    return FALSE;
  *value = v == 1;
  return TRUE;
}

static gboolean
parse_int (const char *text,
           int        *value)
{
  char *end = NULL;
  gint64 v;

  if (text == NULL || *text == '\0')
    return FALSE;
  v = g_ascii_strtoll (text, &end, 10);
  if (*end != '\0' || v < -1000000 || v > 1000000)
    return FALSE;
  *value = (int) v;
  return TRUE;
}

static gboolean
get_int (Reader         *r,
         const xmlNode  *node,
         const char     *attr,
         gboolean        required,
         int             min,
         int             max,
         int            *value,
         GError        **error)
{
  g_autofree char *text = NULL;

  if (required && !require_attr (r, node, attr, &text, error))
    return FALSE;
  if (text == NULL && (text = get_attr (node, attr)) == NULL)
    return TRUE;
  if (!parse_int (text, value) || *value < min || *value > max)
    return value_error (r, node, attr, error, _("\"%s\" is not a whole number from %d to %d"),
                        text, min, max);
  return TRUE;
}

/* ---- Names the document declares ---- */

static int
option_index (const BsRulesDocument *doc,
              const char            *id)
{
  for (guint i = 0; i < doc->options->len; i++)
    if (g_str_equal (g_array_index (doc->options, BsOptionSpec, i).id, id))
      return (int) i;
  return -1;
}

/* The ids of an array of structs whose first member is the id. */
static GPtrArray *
ids_of (GArray *array)
{
  GPtrArray *ids = g_ptr_array_new ();

  for (guint i = 0; i < array->len; i++)
    g_ptr_array_add (ids, *(char **) (gpointer) (array->data + i * g_array_get_element_size (array)));
  g_ptr_array_add (ids, NULL);
  return ids;
}

/* A name among the ids of `array` ("option", "piece", "region"). */
static gboolean
resolve_name (Reader         *r,
              const xmlNode  *node,
              const char     *attr,
              const char     *what,
              GArray         *array,
              const char     *name,
              int            *index,
              GError        **error)
{
  g_autoptr(GPtrArray) ids = ids_of (array);
  g_autofree char *hint = NULL;
  gboolean option = g_str_equal (what, "option"), piece = g_str_equal (what, "piece");

  for (guint i = 0; i + 1 < ids->len; i++)
    if (g_str_equal (ids->pdata[i], name))
      {
        *index = (int) i;
        return TRUE;
      }
  hint = did_you_mean (name, (const char * const *) ids->pdata, -1);
  /* Translators: <element> attribute "name": unknown option (piece, region) "value",
   * then perhaps " (did you mean …?)". */
  bs_xml_set_error (error, &r->source, BS_VARIANT_ERROR_UNKNOWN, bs_xml_line (node),
                    option ? _("<%s> attribute \"%s\": unknown option \"%s\"%s")
                    : piece ? _("<%s> attribute \"%s\": unknown piece \"%s\"%s")
                    : _("<%s> attribute \"%s\": unknown region \"%s\"%s"),
                    node_name (node), attr, name, hint);
  return FALSE;
}

/* A number: "7" or "{option}" (an int option). */
static gboolean
parse_number (Reader         *r,
              const xmlNode  *node,
              const char     *attr,
              const char     *text,
              BsRulesNumber  *number,
              GError        **error)
{
  gsize len = strlen (text);

  number->option = -1;
  if (len > 2 && text[0] == '{' && text[len - 1] == '}')
    {
      g_autofree char *id = g_strndup (text + 1, len - 2);

      if (!resolve_name (r, node, attr, "option", r->doc->options, id, &number->option, error))
        return FALSE;
      if (g_array_index (r->doc->options, BsOptionSpec, number->option).type != BS_OPTION_INT)
        return value_error (r, node, attr, error, _("the option \"%s\" is not a number"), id);
      return TRUE;
    }
  if (!parse_int (text, &number->value))
    return value_error (r, node, attr, error,
                        _("\"%s\" is neither a whole number nor {option}"), text);
  return TRUE;
}

/* if="OPTION" / unless="OPTION", OPTION a bool or OPTION=CHOICE. */
static gboolean
parse_condition (Reader            *r,
                 const xmlNode     *node,
                 BsRulesCondition  *cond,
                 GError           **error)
{
  g_autofree char *when = get_attr (node, "if");
  g_autofree char *unless = get_attr (node, "unless");
  const char *attr = when != NULL ? "if" : "unless";
  const char *text = when != NULL ? when : unless;
  g_auto (GStrv) parts = NULL;
  const BsOptionSpec *spec;

  cond->option = -1;
  cond->choice = -1;
  cond->negate = when == NULL;
  if (text == NULL)
    return TRUE;
  if (when != NULL && unless != NULL)
    return value_error (r, node, "unless", error, _("an element takes if or unless, not both"));
  parts = g_strsplit (text, "=", 2);
  if (!resolve_name (r, node, attr, "option", r->doc->options, parts[0], &cond->option, error))
    return FALSE;
  spec = &g_array_index (r->doc->options, BsOptionSpec, cond->option);
  if (spec->type == BS_OPTION_ENUM)
    {
      g_autofree char *hint = NULL;

      if (parts[1] == NULL)
        return value_error (r, node, attr, error,
                            _("the option \"%s\" is a choice: write %s=CHOICE"),
                            parts[0], parts[0]);
      for (int i = 0; spec->choices[i] != NULL; i++)
        if (g_str_equal (spec->choices[i], parts[1]))
          cond->choice = i;
      if (cond->choice >= 0)
        return TRUE;
      hint = did_you_mean (parts[1], spec->choices, -1);
      return value_error (r, node, attr, error, _("\"%s\" is no choice of \"%s\"%s"), parts[1],
                          parts[0], hint);
    }
  if (spec->type != BS_OPTION_BOOL || parts[1] != NULL)
    return value_error (r, node, attr, error,
                        _("the option \"%s\" is not true or false"), parts[0]);
  return TRUE;
}

gboolean
bs_rules_condition_holds (const BsRulesCondition *cond,
                          const int              *options)
{
  gboolean holds;

  if (cond->option < 0)
    return TRUE;
  holds = cond->choice >= 0 ? options[cond->option] == cond->choice : options[cond->option] != 0;
  return cond->negate ? !holds : holds;
}

int
bs_rules_number_value (const BsRulesNumber *number,
                       const int           *options)
{
  return number->option >= 0 ? options[number->option] : number->value;
}

/* rows="far" | "home" | "A..B" (A, B: numbers, {option} or far). */
static gboolean
parse_rank (Reader         *r,
            const xmlNode  *node,
            const char     *attr,
            const char     *text,
            BsRulesNumber  *number,
            gboolean       *far,
            GError        **error)
{
  static const char * const words[] = { "far", "home", NULL };
  g_autofree char *hint = NULL;

  *far = g_str_equal (text, "far");
  if (*far)
    return TRUE;
  if (g_str_equal (text, "home"))
    {
      number->value = 1;
      number->option = -1;
      return TRUE;
    }
  /* "farr": neither a number nor an option, but a rank misspelt. */
  hint = g_ascii_isalpha (*text) ? did_you_mean (text, words, -1) : g_strdup ("");
  if (*hint != '\0')
    {
      g_autofree char *what = g_strdup_printf (_("\"%s\" is neither a whole number nor {option}"),
                                               text);

      return value_error (r, node, attr, error, "%s%s", what, hint);
    }
  return parse_number (r, node, attr, text, number, error);
}

static gboolean
parse_ranks_attr (Reader         *r,
                  const xmlNode  *node,
                  const char     *attr,
                  BsRulesRanks   *ranks,
                  GError        **error)
{
  g_autofree char *text = NULL;
  g_auto (GStrv) parts = NULL;

  if (!require_attr (r, node, attr, &text, error))
    return FALSE;
  parts = g_strsplit (text, "..", 2);
  if (!parse_rank (r, node, attr, parts[0], &ranks->first, &ranks->first_far, error))
    return FALSE;
  return parse_rank (r, node, attr, parts[1] != NULL ? parts[1] : parts[0], &ranks->last,
                     &ranks->last_far, error);
}

static gboolean
parse_ranks (Reader         *r,
             const xmlNode  *node,
             BsRulesRanks   *ranks,
             GError        **error)
{
  return parse_ranks_attr (r, node, "rows", ranks, error);
}

/* ---- Sections ---- */

static const char * const option_types[] = { "bool", "int", "enum", NULL };

static gboolean
read_options (Reader         *r,
              const xmlNode  *section,
              GError        **error)
{
  static const char * const attrs[] = { "id", "type", "min", "max", "default", "per-cell",
                                        "label", "description", "start-only", NULL };
  static const char * const kids[] = { "option", NULL };
  static const char * const choice_kids[] = { "choice", NULL };
  static const char * const choice_attrs[] = { "id", NULL };
  g_autoptr(GPtrArray) list = children (r, section, kids, error);

  if (list == NULL || !check_attributes (r, section, (const char * const[]) { NULL }, error))
    return FALSE;
  for (guint i = 0; i < list->len; i++)
    {
      const xmlNode *node = list->pdata[i];
      BsOptionSpec spec = { 0 };
      g_autofree char *def = NULL;
      g_autoptr(GPtrArray) choice_nodes = NULL;
      GStrv choices = NULL;
      int type = BS_OPTION_INT;

      if (!check_attributes (r, node, attrs, error) ||
          !get_choice (r, node, "type", option_types, &type, error))
        return FALSE;
      spec.type = type;
      spec.id = get_attr (node, "id");
      spec.label = get_attr (node, "label");
      spec.description = get_attr (node, "description");
      g_array_append_val (r->doc->options, spec);
      g_ptr_array_add (r->doc->option_choices, NULL);
      if (spec.id == NULL || spec.label == NULL)
        return require_attr (r, node, spec.id == NULL ? "id" : "label", &def, error);
      if (option_index (r->doc, spec.id) != (int) i)
        return value_error (r, node, "id", error, _("a second option \"%s\""), spec.id);
      if (r->doc->options->len > BS_MAX_OPTIONS)
        return value_error (r, node, "id", error, _("more than %d options"), BS_MAX_OPTIONS);
      if (!get_bool (r, node, "start-only", &spec.start_only, error))
        return FALSE;
      choice_nodes = children (r, node, choice_kids, error);
      if (choice_nodes == NULL)
        return FALSE;
      if (spec.type == BS_OPTION_ENUM)
        {
          choices = g_new0 (char *, choice_nodes->len + 1);
          for (guint k = 0; k < choice_nodes->len; k++)
            {
              if (!check_attributes (r, choice_nodes->pdata[k], choice_attrs, error) ||
                  !require_attr (r, choice_nodes->pdata[k], "id", &choices[k], error))
                {
                  g_strfreev (choices);
                  return FALSE;
                }
            }
          r->doc->option_choices->pdata[i] = choices;
          spec.choices = (const char * const *) choices;
          spec.min = 0;
          spec.max = (int) choice_nodes->len - 1;
          if (choice_nodes->len == 0)
            return value_error (r, node, "type", error,
                                _("an enum option needs <choice> elements"));
        }
      else if (choice_nodes->len > 0)
        return value_error (r, node, "type", error, _("only an enum option has choices"));
      if (spec.type == BS_OPTION_BOOL)
        spec.max = 1;
      if (spec.type == BS_OPTION_INT &&
          (!get_int (r, node, "min", TRUE, -1000000, 1000000, &spec.min, error) ||
           !get_int (r, node, "max", TRUE, spec.min, 1000000, &spec.max, error) ||
           !get_int (r, node, "per-cell", FALSE, 0, 1000, &spec.default_per_cell, error)))
        return FALSE;
      if (!require_attr (r, node, "default", &def, error))
        return FALSE;
      {
        g_autoptr(GError) local = NULL;

        if (!bs_option_parse_value (&spec, def, &spec.default_value, &local))
          {
            g_autofree char *hint = spec.type == BS_OPTION_ENUM
                                    ? did_you_mean (def, spec.choices, -1) : g_strdup ("");

            return value_error (r, node, "default", error, "%s%s", local->message, hint);
          }
      }
      g_array_index (r->doc->options, BsOptionSpec, i) = spec;
    }
  return TRUE;
}

static gboolean
read_board (Reader         *r,
            const xmlNode  *node,
            GError        **error)
{
  static const char * const attrs[] = { "shapes", "adjacency", "min-side", "max-side",
                                        "min-size", "max-size", "width", "height", "size",
                                        NULL };
  static const char * const shapes[] = { "square", "hex-rhombus", "hexagon", "limping", NULL };
  BsRulesDocument *doc = r->doc;
  g_autofree char *text = NULL;
  g_auto (GStrv) names = NULL;

  if (!check_attributes (r, node, attrs, error) ||
      !require_attr (r, node, "shapes", &text, error))
    return FALSE;
  names = g_strsplit (text, " ", -1);
  for (guint i = 0; names[i] != NULL; i++)
    {
      BsShape shape;

      if (!bs_shape_from_string (names[i], &shape))
        {
          g_autofree char *hint = did_you_mean (names[i], shapes, -1);

          return value_error (r, node, "shapes", error,
                              _("unknown shape \"%s\"%s"), names[i], hint);
        }
      doc->shapes |= 1u << shape;
      if (i == 0)
        doc->default_board.shape = shape;
    }
  doc->default_board.adjacency = 6;
  if (doc->default_board.shape == BS_SHAPE_SQUARE)
    doc->default_board.adjacency = 4;
  if (!get_int (r, node, "adjacency", FALSE, 0, 8, &doc->square_adjacency, error) ||
      !get_int (r, node, "min-side", FALSE, 1, 64, &doc->min_side, error) ||
      !get_int (r, node, "max-side", FALSE, doc->min_side, 64, &doc->max_side, error) ||
      !get_int (r, node, "min-size", FALSE, 1, 32, &doc->min_size, error) ||
      !get_int (r, node, "max-size", FALSE, doc->min_size, 32, &doc->max_size, error) ||
      !get_int (r, node, "width", FALSE, 1, 64, &doc->default_board.width, error) ||
      !get_int (r, node, "height", FALSE, 1, 64, &doc->default_board.height, error) ||
      !get_int (r, node, "size", FALSE, 1, 32, &doc->default_board.size, error))
    return FALSE;
  if (doc->square_adjacency != 0 && doc->square_adjacency != 4 && doc->square_adjacency != 8)
    return value_error (r, node, "adjacency", error, _("a square board has 4 or 8 neighbours"));
  if (doc->square_adjacency != 0 && doc->default_board.shape == BS_SHAPE_SQUARE)
    doc->default_board.adjacency = doc->square_adjacency;
  if (!bs_board_spec_check (&doc->default_board, NULL))
    return value_error (r, node, "width", error, _("the default board is not a valid board"));
  return TRUE;
}

static gboolean
read_players (Reader         *r,
              const xmlNode  *section,
              GError        **error)
{
  static const char * const kids[] = { "player", NULL };
  static const char * const attrs[] = { "number", "name", "color", NULL };
  g_autoptr(GPtrArray) list = children (r, section, kids, error);

  if (list == NULL)
    return FALSE;
  for (guint i = 0; i < list->len; i++)
    {
      const xmlNode *node = list->pdata[i];
      int number = 0;

      if (!check_attributes (r, node, attrs, error) ||
          !get_int (r, node, "number", TRUE, 1, 2, &number, error))
        return FALSE;
      g_free (r->doc->player_names[number - 1]);
      g_free (r->doc->player_colors[number - 1]);
      if (!require_attr (r, node, "name", &r->doc->player_names[number - 1], error) ||
          !require_attr (r, node, "color", &r->doc->player_colors[number - 1], error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
read_pieces (Reader         *r,
             const xmlNode  *section,
             GError        **error)
{
  static const char * const kids[] = { "piece", NULL };
  static const char * const section_attrs[] = { "noun", "supply", NULL };
  static const char * const attrs[] = { "id", "label", "supply", "weight", "letter", "size",
                                        "directed", "direction-label", NULL };
  static const char * const supplies[] = { "unlimited", NULL };
  static const char * const sizes[] = { "normal", "small", "large", NULL };
  g_autoptr(GPtrArray) list = children (r, section, kids, error);
  int supply = 0;

  if (list == NULL || !check_attributes (r, section, section_attrs, error) ||
      !get_choice (r, section, "supply", supplies, &supply, error))
    return FALSE;
  r->doc->piece_noun = get_attr (section, "noun");
  for (guint i = 0; i < list->len; i++)
    {
      const xmlNode *node = list->pdata[i];
      BsKindSpec kind = { 0 };
      BsRulesNumber weight = { 1, -1 };
      g_autofree char *weight_text = NULL;
      char *letter;
      int size = 0, count = -1;

      if (!check_attributes (r, node, attrs, error) ||
          !get_bool (r, node, "directed", &kind.directed, error) ||
          !get_choice (r, node, "size", sizes, &size, error) ||
          !get_int (r, node, "supply", FALSE, 0, 1000, &count, error))
        return FALSE;
      weight_text = get_attr (node, "weight");
      if (weight_text != NULL && !parse_number (r, node, "weight", weight_text, &weight, error))
        return FALSE;
      letter = get_attr (node, "letter");
      g_ptr_array_add (r->doc->kind_letters, letter);
      if (letter != NULL && (strlen (letter) != 1 || !g_ascii_isupper (letter[0])))
        return value_error (r, node, "letter", error,
                            _("\"%s\" is not one capital letter"), letter);
      g_array_append_val (r->doc->kind_weights, weight);
      kind.size = (BsKindSize) MAX (size, 0);
      kind.default_supply = MAX (count, 0);
      r->doc->limited_supply |= count >= 0;
      kind.id = get_attr (node, "id");
      kind.label = get_attr (node, "label");
      g_array_append_val (r->doc->kinds, kind);
      if (xmlHasProp (node, (const xmlChar *) "direction-label") != NULL)
        {
          if (!kind.directed)
            return value_error (r, node, "direction-label", error,
                                _("only a directed kind (directed=\"true\") has a "
                                  "direction-label"));
          if (r->doc->direction_label == NULL)
            r->doc->direction_label = get_attr (node, "direction-label");
        }
      if (kind.id == NULL || kind.label == NULL)
        {
          g_autofree char *v = NULL;

          return require_attr (r, node, kind.id == NULL ? "id" : "label", &v, error);
        }
      if (r->doc->kinds->len > BS_MAX_KINDS)
        return value_error (r, node, "id", error, _("more than %d kinds of piece"), BS_MAX_KINDS);
    }
  if (r->doc->kinds->len == 0)
    {
      bs_xml_set_error (error, &r->source, BS_XML_ERROR_SCHEMA, bs_xml_line (section),
                        _("<pieces>: at least one <piece> is needed"));
      return FALSE;
    }
  return TRUE;
}

/* <region special="true" label="Nest" default="a1 i9"/>: one cell per
 * player, chosen by the variant; nothing else says its cells. */
static gboolean
read_special_region (Reader         *r,
                     const xmlNode  *node,
                     BsRulesRegion  *reg,
                     int             n_before,
                     GError        **error)
{
  g_autofree char *defaults = get_attr (node, "default");
  int col, row;

  if (reg->has_rows || reg->has_cols || reg->has_centre)
    return value_error (r, node, reg->has_rows ? "rows" : reg->has_cols ? "cols" : "centre",
                        error, _("the variant chooses the cells of a special region: it has "
                                 "no rows, cols or centre"));
  if (reg->player != 0)
    return value_error (r, node, "player", error,
                        _("a special region is each player's (one cell each)"));
  if (n_before == BS_RULES_MAX_SPECIALS)
    return value_error (r, node, "special", error, _("more than %d special regions"),
                        BS_RULES_MAX_SPECIALS);
  reg->label = get_attr (node, "label");
  if (reg->label == NULL)
    reg->label = g_strdup (reg->id);
  if (defaults != NULL)
    {
      g_auto (GStrv) cells = g_strsplit (g_strstrip (defaults), " ", -1);

      if (g_strv_length (cells) != 2 || !bs_board_parse_label (cells[0], &col, &row) ||
          !bs_board_parse_label (cells[1], &col, &row))
        return value_error (r, node, "default", error,
                            _("\"%s\" is not two cell labels (player 1's, then player 2's, "
                              "as \"a1 i9\")"), defaults);
      reg->defaults[1] = g_strdup (cells[0]);
      reg->defaults[2] = g_strdup (cells[1]);
    }
  for (guint k = 0; k < r->doc->regions->len; k++)
    {
      const BsRulesRegion *before = &g_array_index (r->doc->regions, BsRulesRegion, k);

      if (before != reg && g_str_equal (before->id, reg->id))
        return value_error (r, node, "id", error, _("region \"%s\" is declared twice"),
                            reg->id);
    }
  return TRUE;
}

static gboolean
read_regions (Reader         *r,
              const xmlNode  *section,
              GError        **error)
{
  static const char * const kids[] = { "region", NULL };
  static const char * const attrs[] = { "id", "rows", "cols", "centre", "player", "special",
                                        "label", "default", NULL };
  static const char * const players[] = { "each", "1", "2", NULL };
  g_autoptr(GPtrArray) list = children (r, section, kids, error);
  int n_specials = 0;

  if (list == NULL)
    return FALSE;
  for (guint i = 0; i < list->len; i++)
    {
      const xmlNode *node = list->pdata[i];
      BsRulesRegion region = { .line = bs_xml_line (node) };
      BsRulesRegion *reg;
      g_autofree char *centre = NULL;

      if (!check_attributes (r, node, attrs, error))
        return FALSE;
      region.id = get_attr (node, "id");
      g_array_append_val (r->doc->regions, region);
      reg = &g_array_index (r->doc->regions, BsRulesRegion, i);
      if (region.id == NULL)
        return require_attr (r, node, "id", &reg->id, error);
      reg->has_rows = xmlHasProp (node, (const xmlChar *) "rows") != NULL;
      reg->has_cols = xmlHasProp (node, (const xmlChar *) "cols") != NULL;
      centre = get_attr (node, "centre");
      reg->has_centre = centre != NULL;
      if ((reg->has_rows && !parse_ranks (r, node, &reg->ranks, error)) ||
          (reg->has_cols && !parse_ranks_attr (r, node, "cols", &reg->cols, error)) ||
          (centre != NULL && !parse_number (r, node, "centre", centre, &reg->centre, error)) ||
          !get_choice (r, node, "player", players, &reg->player, error) ||
          !get_bool (r, node, "special", &reg->special, error))
        return FALSE;
      reg->player = MAX (reg->player, 0);
      reg->special_index = -1;
      if (reg->special && !read_special_region (r, node, reg, n_specials, error))
        return FALSE;
      if (reg->special)
        reg->special_index = n_specials++;
      else if (xmlHasProp (node, (const xmlChar *) "label") != NULL ||
               xmlHasProp (node, (const xmlChar *) "default") != NULL)
        return value_error (r, node, xmlHasProp (node, (const xmlChar *) "label") != NULL
                                     ? "label" : "default", error,
                            _("only a region the variant chooses (special=\"true\") has a "
                              "label and default cells"));
      if (!reg->has_rows && !reg->has_cols && !reg->has_centre && !reg->special)
        return value_error (r, node, "rows", error,
                            _("a region needs rows, cols or centre to say its cells"));
      /* One id for both players: each declaration for one other player. */
      for (guint k = 0; k < i; k++)
        {
          const BsRulesRegion *before = &g_array_index (r->doc->regions, BsRulesRegion, k);

          if (g_str_equal (before->id, reg->id) &&
              (before->player == 0 || reg->player == 0 || before->player == reg->player))
            return value_error (r, node, "id", error,
                                _("region \"%s\" is declared twice (declare it once per player, "
                                "with player=\"1\" and player=\"2\")"), reg->id);
        }
    }
  return TRUE;
}

static gboolean
read_start (Reader         *r,
            const xmlNode  *section,
            GError        **error)
{
  static const char * const kids[] = { "fill", "bag", NULL };
  static const char * const attrs[] = { "rows", "region", "piece", "pattern", "a1",
                                        "unless-fixed", "if", "unless", NULL };
  static const char * const bag_attrs[] = { "skip", NULL };
  static const char * const a1_players[] = { "1", "2", NULL };
  static const char * const patterns[] = { "all", "checkerboard", NULL };
  g_autoptr(GPtrArray) list = children (r, section, kids, error);

  if (list == NULL)
    return FALSE;
  for (guint i = 0; i < list->len; i++)
    {
      const xmlNode *node = list->pdata[i];
      BsRulesFill fill = { .line = bs_xml_line (node), .region = -1 };
      g_autofree char *piece = NULL;
      g_autofree char *region = get_attr (node, "region");
      int pattern = 0;

      if (bs_xml_is (node, "bag"))
        {
          g_autofree char *skip = get_attr (node, "skip");

          if (r->doc->bag)
            {
              bs_xml_set_error (error, &r->source, BS_XML_ERROR_SCHEMA, fill.line,
                                _("<start>: a second <bag>"));
              return FALSE;
            }
          if (!check_attributes (r, node, bag_attrs, error) ||
              (skip != NULL && !resolve_name (r, node, "skip", "region", r->doc->regions, skip,
                                              &r->doc->bag_skip, error)))
            return FALSE;
          r->doc->bag = TRUE;
          r->doc->bag_line = fill.line;
          continue;
        }
      if (!check_attributes (r, node, attrs, error) ||
          !get_choice (r, node, "pattern", patterns, &pattern, error) ||
          !get_choice (r, node, "a1", a1_players, &fill.a1_player, error) ||
          (region == NULL ? !parse_ranks (r, node, &fill.ranks, error)
                          : !resolve_name (r, node, "region", "region", r->doc->regions, region,
                                           &fill.region, error)) ||
          !require_attr (r, node, "piece", &piece, error) ||
          !resolve_name (r, node, "piece", "piece", r->doc->kinds, piece, &fill.piece, error) ||
          !get_bool (r, node, "unless-fixed", &fill.unless_fixed, error) ||
          !parse_condition (r, node, &fill.cond, error))
        return FALSE;
      fill.checkerboard = pattern == 1;
      fill.a1_player++;     /* the index of "1" or "2" */
      g_array_append_val (r->doc->fills, fill);
    }
  return TRUE;
}

/* Board directions (lower case) and the player-relative ones, as player 1
 * sees them. */
static const char * const board_dirs[] = {
  "n", "ne", "e", "se", "s", "sw", "w", "nw", NULL,
};
static const char * const relative_dirs[][2] = {
  { "forward", "n" }, { "backward", "s" },
  { "forward-west", "nw" }, { "forward-east", "ne" },
  { "backward-west", "sw" }, { "backward-east", "se" },
};

/* dirs="…" into dirs[] (*n_dirs of them); required unless `optional`. */
static gboolean
parse_dirs (Reader         *r,
            const xmlNode  *node,
            gboolean        optional,
            BsRulesDir     *dirs,
            int            *n_dirs,
            GError        **error)
{
  g_autofree char *text = NULL;
  g_auto (GStrv) names = NULL;

  if (optional && (text = get_attr (node, "dirs")) == NULL)
    return TRUE;
  if (text == NULL && !require_attr (r, node, "dirs", &text, error))
    return FALSE;
  names = g_strsplit (text, " ", -1);
  for (guint i = 0; names[i] != NULL; i++)
    {
      BsRulesDir dir = { NULL, FALSE };

      if (*names[i] == '\0')
        continue;
      if (g_strv_contains (board_dirs, names[i]))
        dir.name = g_strdup (names[i]);
      for (guint k = 0; k < G_N_ELEMENTS (relative_dirs); k++)
        if (g_str_equal (relative_dirs[k][0], names[i]))
          {
            dir.name = g_strdup (relative_dirs[k][1]);
            dir.relative = TRUE;
          }
      if (dir.name == NULL)
        {
          g_autoptr(GPtrArray) all = g_ptr_array_new ();
          g_autofree char *hint = NULL;

          for (guint k = 0; board_dirs[k] != NULL; k++)
            g_ptr_array_add (all, (gpointer) board_dirs[k]);
          for (guint k = 0; k < G_N_ELEMENTS (relative_dirs); k++)
            g_ptr_array_add (all, (gpointer) relative_dirs[k][0]);
          hint = did_you_mean (names[i], (const char * const *) all->pdata, all->len);
          return value_error (r, node, "dirs", error,
                              _("unknown direction \"%s\"%s"), names[i], hint);
        }
      if (*n_dirs == BS_RULES_MAX_DIRS)
        {
          g_free (dir.name);
          return value_error (r, node, "dirs", error,
                              _("more than %d directions"), BS_RULES_MAX_DIRS);
        }
      dirs[(*n_dirs)++] = dir;
    }
  if (*n_dirs == 0)
    return value_error (r, node, "dirs", error, _("no direction"));
  return TRUE;
}

/* A cell set of move targets ("empty enemy"), among `allowed`. */
static gboolean
parse_targets (Reader              *r,
               const xmlNode       *node,
               const char          *attr,
               const char * const  *allowed,
               guint               *to,
               GError             **error)
{
  g_autofree char *text = NULL;
  g_auto (GStrv) names = NULL;

  if (!require_attr (r, node, attr, &text, error))
    return FALSE;
  names = g_strsplit (text, " ", -1);
  for (guint k = 0; names[k] != NULL; k++)
    {
      g_autofree char *hint = NULL;

      if (*names[k] == '\0')
        continue;
      if (!g_strv_contains (allowed, names[k]))
        {
          hint = did_you_mean (names[k], allowed, -1);
          return value_error (r, node, attr, error, _("unknown cell set \"%s\"%s"), names[k], hint);
        }
      *to |= g_str_equal (names[k], "empty") ? BS_RULES_TO_EMPTY : BS_RULES_TO_ENEMY;
    }
  if (*to == 0)
    return value_error (r, node, attr, error, _("no cell set"));
  return TRUE;
}

static gboolean
read_step (Reader         *r,
           const xmlNode  *node,
           BsRulesStep    *step,
           GError        **error)
{
  static const char * const attrs[] = { "dirs", "to", "capture", "if", "unless", NULL };
  static const char * const targets[] = { "empty", "enemy", NULL };
  static const char * const captures[] = { "none", "replace", NULL };
  int capture = 0;

  if (!check_attributes (r, node, attrs, error) ||
      !parse_dirs (r, node, FALSE, step->dirs, &step->n_dirs, error) ||
      !parse_targets (r, node, "to", targets, &step->to, error) ||
      !get_choice (r, node, "capture", captures, &capture, error) ||
      !parse_condition (r, node, &step->cond, error))
    return FALSE;
  if ((step->to & BS_RULES_TO_ENEMY) && capture == 0)
    return value_error (r, node, "to", error,
                        _("a step onto an enemy piece needs capture=\"replace\""));
  step->capture = capture == 1;
  return TRUE;
}

/* <bracket dirs length effect required>: the lines the placed piece
 * closes (see BsRulesStep). */
static gboolean
read_bracket (Reader         *r,
              const xmlNode  *node,
              BsRulesStep    *place,
              GError        **error)
{
  static const char * const attrs[] = { "dirs", "length", "effect", "required", NULL };
  static const char * const effects[] = { "flip", "capture", NULL };
  int effect = -1;

  place->bracket = TRUE;
  place->bracket_length.first.value = 1;
  place->bracket_length.first.option = -1;
  place->bracket_length.last_far = TRUE;
  if (!check_attributes (r, node, attrs, error) ||
      !parse_dirs (r, node, TRUE, place->bracket_dirs, &place->n_bracket_dirs, error) ||
      (xmlHasProp (node, (const xmlChar *) "length") != NULL &&
       !parse_ranks_attr (r, node, "length", &place->bracket_length, error)) ||
      !get_choice (r, node, "effect", effects, &effect, error) ||
      !get_bool (r, node, "required", &place->bracket_required, error))
    return FALSE;
  if (effect < 0)
    {
      g_autofree char *v = NULL;

      return require_attr (r, node, "effect", &v, error);
    }
  place->bracket_capture = effect == 1;
  return TRUE;
}

/* <push targets="adjacent" distance="D1 D2 …" blocked="stop" off="stop"
 * require="one-full|none"/>: a distance per kind placed, in the order of
 * the placement's piece=. */
static gboolean
read_push (Reader         *r,
           const xmlNode  *node,
           BsRulesStep    *place,
           GError        **error)
{
  static const char * const attrs[] = { "targets", "distance", "blocked", "off", "require",
                                        NULL };
  static const char * const targets[] = { "adjacent", NULL };
  static const char * const stops[] = { "stop", NULL };
  static const char * const requires[] = { "none", "one-full", NULL };
  g_autofree char *distance = NULL;
  g_auto (GStrv) parts = NULL;
  int target = 0, blocked = 0, off = 0, require = 0, n = 0;

  if (!check_attributes (r, node, attrs, error) ||
      !get_choice (r, node, "targets", targets, &target, error) ||
      !get_choice (r, node, "blocked", stops, &blocked, error) ||
      !get_choice (r, node, "off", stops, &off, error) ||
      !get_choice (r, node, "require", requires, &require, error) ||
      !require_attr (r, node, "distance", &distance, error))
    return FALSE;
  parts = g_strsplit_set (g_strstrip (distance), " ", -1);
  for (int i = 0; parts[i] != NULL; i++)
    {
      BsRulesNumber *d;

      if (parts[i][0] == '\0')
        continue;
      if (n == place->n_pieces)
        return value_error (r, node, "distance", error,
                            _("one distance per kind placed (%d), not more"), place->n_pieces);
      d = &place->push_distance[n++];
      if (!parse_number (r, node, "distance", parts[i], d, error))
        return FALSE;
      if (d->option < 0 && (d->value < 1 || d->value > 16))
        return value_error (r, node, "distance", error,
                            _("\"%s\" is not a whole number from %d to %d"), parts[i], 1, 16);
    }
  if (n != place->n_pieces)
    return value_error (r, node, "distance", error,
                        _("one distance per kind placed (%d), not %d"), place->n_pieces, n);
  place->push = TRUE;
  place->push_require_full = require == 1;
  return TRUE;
}

/* <push-lines along="follow-up" mode="whole-line|gaps|{option}"> with its
 * <score piece points pointing/> children. */
static gboolean
read_push_lines (Reader         *r,
                 const xmlNode  *node,
                 BsRulesStep    *place,
                 GError        **error)
{
  static const char * const attrs[] = { "along", "mode", "when", NULL };
  static const char * const alongs[] = { "follow-up", NULL };
  static const char * const whens[] = { "higher", NULL };
  static const char * const modes[] = { "whole-line", "gaps", NULL };
  static const char * const kids[] = { "score", NULL };
  static const char * const score_attrs[] = { "piece", "points", "pointing", NULL };
  static const char * const pointings[] = { "any", "follow-up", NULL };
  g_autofree char *mode = NULL;
  g_autoptr(GPtrArray) list = NULL;
  int along = -1, when = 0;

  if (!check_attributes (r, node, attrs, error) ||
      !get_choice (r, node, "along", alongs, &along, error) ||
      !get_choice (r, node, "when", whens, &when, error))
    return FALSE;
  if (along < 0)
    {
      g_autofree char *v = NULL;

      return require_attr (r, node, "along", &v, error);
    }
  place->push_lines = TRUE;
  place->lines_mode_option = -1;
  mode = get_attr (node, "mode");
  if (mode != NULL && mode[0] == '{')
    {
      gsize len = strlen (mode);
      g_autofree char *id = g_strndup (mode + 1, len - 1 - (mode[len - 1] == '}'));
      BsRulesNumber n;
      GStrv choices;

      if (!resolve_name (r, node, "mode", "option", r->doc->options, id, &n.option, error))
        return FALSE;
      choices = g_ptr_array_index (r->doc->option_choices, n.option);
      if (choices == NULL)
        return value_error (r, node, "mode", error,
                            _("the option of a mode is one of choices (type=\"enum\")"));
      for (int i = 0; choices[i] != NULL; i++)
        if (!g_strv_contains (modes, choices[i]))
          return value_error (r, node, "mode", error,
                              _("the option's choice \"%s\" is no mode (whole-line, gaps)"),
                              choices[i]);
      place->lines_mode_option = n.option;
    }
  else if (!get_choice (r, node, "mode", modes, &place->lines_mode, error))
    return FALSE;
  list = children (r, node, kids, error);
  if (list == NULL)
    return FALSE;
  if (list->len == 0)
    {
      bs_xml_set_error (error, &r->source, BS_XML_ERROR_SCHEMA, bs_xml_line (node),
                        _("<push-lines>: at least one <score> is needed"));
      return FALSE;
    }
  for (guint i = 0; i < list->len; i++)
    {
      const xmlNode *score = list->pdata[i];
      g_autofree char *piece = NULL;
      g_autofree char *points = NULL;
      int pointing = 0, n = place->n_scores, kind;

      if (n == BS_MAX_KINDS)
        return value_error (r, score, "piece", error, _("more than %d kinds of piece"),
                            BS_MAX_KINDS);
      if (!check_attributes (r, score, score_attrs, error) ||
          !require_attr (r, score, "piece", &piece, error) ||
          !resolve_name (r, score, "piece", "piece", r->doc->kinds, piece, &kind, error) ||
          !require_attr (r, score, "points", &points, error) ||
          !parse_number (r, score, "points", points, &place->score_points[n], error) ||
          !get_choice (r, score, "pointing", pointings, &pointing, error))
        return FALSE;
      if (place->score_points[n].option < 0
          && (place->score_points[n].value < 0 || place->score_points[n].value > 100))
        return value_error (r, score, "points", error,
                            _("\"%s\" is not a whole number from %d to %d"), points, 0, 100);
      if (pointing == 1 && !g_array_index (r->doc->kinds, BsKindSpec, kind).directed)
        return value_error (r, score, "pointing", error,
                            _("the kind \"%s\" has no direction (directed=\"true\")"), piece);
      for (int k = 0; k < n; k++)
        if (place->score_piece[k] == kind)
          return value_error (r, score, "piece", error, _("\"%s\" is named twice"), piece);
      place->score_piece[n] = kind;
      place->score_pointing[n] = pointing == 1;
      place->n_scores++;
    }
  return TRUE;
}

/* <follow-up choose="direction" dirs label/> then <push-lines>: a line push
 * in the direction chosen as the turn's second step. */
static gboolean
read_follow_up (Reader         *r,
                const xmlNode  *node,
                GPtrArray      *list,
                BsRulesStep    *place,
                GError        **error)
{
  static const char * const attrs[] = { "choose", "dirs", "label", NULL };
  static const char * const chooses[] = { "direction", NULL };
  const xmlNode *follow = list->pdata[0];
  int choose = -1;

  if (!bs_xml_is (follow, "follow-up") || list->len != 2
      || !bs_xml_is (list->pdata[1], "push-lines"))
    {
      bs_xml_set_error (error, &r->source, BS_XML_ERROR_SCHEMA, bs_xml_line (node),
                        _("<place>: a <follow-up> is followed by one <push-lines>, and a "
                          "<push-lines> follows a <follow-up>"));
      return FALSE;
    }
  if (!check_attributes (r, follow, attrs, error) ||
      !get_choice (r, follow, "choose", chooses, &choose, error) ||
      !parse_dirs (r, follow, FALSE, place->follow_dirs, &place->n_follow_dirs, error) ||
      !require_attr (r, follow, "label", &place->follow_label, error))
    return FALSE;
  if (choose < 0)
    {
      g_autofree char *v = NULL;

      return require_attr (r, follow, "choose", &v, error);
    }
  for (int d = 0; d < place->n_follow_dirs; d++)
    if (place->follow_dirs[d].relative)
      return value_error (r, follow, "dirs", error,
                          _("a follow-up's directions are the board's (n, e, s, w …)"));
  place->follow_up = TRUE;
  return read_push_lines (r, list->pdata[1], place, error);
}

static gboolean
read_place (Reader         *r,
            const xmlNode  *node,
            BsRulesStep    *place,
            GError        **error)
{
  static const char * const attrs[] = { "where", "piece", "compulsory", "if", "unless", NULL };
  static const char * const targets[] = { "empty", "!adjacent(own)", NULL };
  static const char * const kids[] = { "bracket", "push", "follow-up", "push-lines", NULL };
  g_autofree char *piece = NULL;
  g_autoptr(GPtrArray) list = NULL;
  g_auto (GStrv) names = NULL;

  place->place = TRUE;
  if (!check_attributes (r, node, attrs, error) ||
      !parse_targets (r, node, "where", targets, &place->to, error) ||
      !get_bool (r, node, "compulsory", &place->compulsory, error) ||
      !require_attr (r, node, "piece", &piece, error) ||
      !parse_condition (r, node, &place->cond, error))
    return FALSE;
  /* piece="small large": one move per cell and kind, in this order. */
  names = g_strsplit_set (g_strstrip (piece), " ", -1);
  for (int i = 0; names[i] != NULL; i++)
    {
      if (names[i][0] == '\0')
        continue;
      if (place->n_pieces == BS_MAX_KINDS)
        return value_error (r, node, "piece", error, _("more than %d kinds of piece"),
                            BS_MAX_KINDS);
      if (!resolve_name (r, node, "piece", "piece", r->doc->kinds, names[i],
                         &place->pieces[place->n_pieces], error))
        return FALSE;
      for (int k = 0; k < place->n_pieces; k++)
        if (place->pieces[k] == place->pieces[place->n_pieces])
          return value_error (r, node, "piece", error, _("\"%s\" is named twice"), names[i]);
      place->n_pieces++;
    }
  place->piece = place->pieces[0];
  /* parse_targets marks every set but empty as "enemy": here the only
   * other one is "!adjacent(own)", a filter on the empty cells. */
  place->apart = (place->to & BS_RULES_TO_ENEMY) != 0;
  if (place->apart && !(place->to & BS_RULES_TO_EMPTY))
    return value_error (r, node, "where", error,
                        _("\"!adjacent(own)\" keeps some of the cells of a set: write "
                          "\"empty !adjacent(own)\""));
  place->to = BS_RULES_TO_EMPTY;
  list = children (r, node, kids, error);
  if (list == NULL)
    return FALSE;
  if (list->len > 0 && (bs_xml_is (list->pdata[0], "follow-up")
                        || bs_xml_is (list->pdata[0], "push-lines")))
    return read_follow_up (r, node, list, place, error);
  for (int i = 0; i < place->n_pieces; i++)
    if (g_array_index (r->doc->kinds, BsKindSpec, place->pieces[i]).directed)
      return value_error (r, node, "piece", error,
                          _("a directed kind (\"%s\") is placed by a <place> with a "
                            "<follow-up> for now"),
                          g_array_index (r->doc->kinds, BsKindSpec, place->pieces[i]).id);
  if (list->len > 1)
    {
      bs_xml_set_error (error, &r->source, BS_XML_ERROR_SCHEMA, bs_xml_line (list->pdata[1]),
                        _("<place>: a placement has one effect (<bracket> or <push>)"));
      return FALSE;
    }
  if (list->len == 1 && bs_xml_is (list->pdata[0], "push"))
    return read_push (r, list->pdata[0], place, error);
  if (place->n_pieces > 1)
    return value_error (r, node, "piece", error,
                        _("a placement of several kinds needs a <push> for now"));
  return list->len == 0 || read_bracket (r, list->pdata[0], place, error);
}

/* dirs="all" (every direction of the board) or a list. */
static gboolean
parse_walk_dirs (Reader         *r,
                 const xmlNode  *node,
                 BsRulesStep    *walk,
                 GError        **error)
{
  g_autofree char *text = get_attr (node, "dirs");

  if (text != NULL && g_str_equal (text, "all"))
    {
      walk->all_dirs = TRUE;
      return TRUE;
    }
  return parse_dirs (r, node, FALSE, walk->dirs, &walk->n_dirs, error);
}

/* A count attribute: a number from 0, or "any" (-1). */
static gboolean
get_count (Reader         *r,
           const xmlNode  *node,
           const char     *attr,
           int            *value,
           GError        **error)
{
  g_autofree char *text = get_attr (node, attr);

  if (text == NULL || g_str_equal (text, "any"))
    {
      *value = -1;
      return TRUE;
    }
  return get_int (r, node, attr, TRUE, 0, 1000, value, error);
}

/* <hop dirs over> and <slide dirs distance stop>: see BsRulesStep. */
static gboolean
read_walk (Reader         *r,
           const xmlNode  *node,
           BsRulesStep    *walk,
           GError        **error)
{
  static const char * const hop_attrs[] = { "dirs", "over", "if", "unless", NULL };
  static const char * const slide_attrs[] = { "dirs", "distance", "stop", "if", "unless", NULL };
  static const char * const stops[] = { "any", "farthest", NULL };
  int stop = 0;

  walk->walk = TRUE;
  walk->slide = bs_xml_is (node, "slide");
  walk->over = 0;
  walk->distance = 1;
  if (!check_attributes (r, node, walk->slide ? slide_attrs : hop_attrs, error) ||
      !parse_walk_dirs (r, node, walk, error) ||
      !parse_condition (r, node, &walk->cond, error))
    return FALSE;
  if (!walk->slide)
    return get_count (r, node, "over", &walk->over, error);
  if (!get_count (r, node, "distance", &walk->distance, error) ||
      !get_choice (r, node, "stop", stops, &stop, error))
    return FALSE;
  if (walk->distance == 0)
    return value_error (r, node, "distance", error, _("a slide goes at least one cell"));
  walk->farthest = stop == 1;
  return TRUE;
}

/* <word id label description>, with at most one effect:
 * <fill where="empty" owner="opponent"/>. */
static gboolean
read_word (Reader         *r,
           const xmlNode  *node,
           BsRulesStep    *word,
           GError        **error)
{
  static const char * const attrs[] = { "id", "label", "description", "explain", "if",
                                        "unless", NULL };
  static const char * const kids[] = { "fill", NULL };
  static const char * const fill_attrs[] = { "where", "owner", NULL };
  static const char * const wheres[] = { "empty", NULL };
  static const char * const owners[] = { "opponent", NULL };
  g_autoptr(GPtrArray) list = NULL;

  word->word = TRUE;
  if (!check_attributes (r, node, attrs, error) ||
      !require_attr (r, node, "id", &word->word_id, error) ||
      !require_attr (r, node, "label", &word->word_label, error) ||
      !require_attr (r, node, "description", &word->word_description, error) ||
      !require_attr (r, node, "explain", &word->word_explain, error) ||
      !parse_condition (r, node, &word->cond, error))
    return FALSE;
  if (g_str_equal (word->word_id, "pass") || strchr (word->word_id, ' ') != NULL)
    return value_error (r, node, "id", error,
                        _("\"%s\" cannot name a word (pass is the forced pass's)"),
                        word->word_id);
  list = children (r, node, kids, error);
  if (list == NULL)
    return FALSE;
  for (guint i = 0; i < list->len; i++)
    {
      const xmlNode *fill = list->pdata[i];
      int where = -1, owner = -1;

      if (!check_attributes (r, fill, fill_attrs, error) ||
          !get_choice (r, fill, "where", wheres, &where, error) ||
          !get_choice (r, fill, "owner", owners, &owner, error))
        return FALSE;
      if (where < 0 || owner < 0)
        {
          g_autofree char *v = NULL;

          return require_attr (r, fill, where < 0 ? "where" : "owner", &v, error);
        }
      word->fill_opponent = TRUE;
    }
  return TRUE;
}

/* <jump distance leave> with at most one effect, <convert
 * targets="adjacent"/>: see BsRulesStep. */
static gboolean
read_jump (Reader         *r,
           const xmlNode  *node,
           BsRulesStep    *jump,
           GError        **error)
{
  static const char * const attrs[] = { "distance", "leave", "if", "unless", NULL };
  static const char * const leaves[] = { "empty", "copy", NULL };
  static const char * const kids[] = { "convert", NULL };
  static const char * const convert_attrs[] = { "targets", NULL };
  static const char * const convert_targets[] = { "adjacent", NULL };
  g_autoptr(GPtrArray) list = NULL;
  int leave = -1;

  jump->jump = TRUE;
  if (!check_attributes (r, node, attrs, error) ||
      !get_int (r, node, "distance", TRUE, 1, 8, &jump->jump_distance, error) ||
      !get_choice (r, node, "leave", leaves, &leave, error) ||
      !parse_condition (r, node, &jump->cond, error))
    return FALSE;
  if (leave < 0)
    {
      g_autofree char *v = NULL;

      return require_attr (r, node, "leave", &v, error);
    }
  jump->leave_copy = leave == 1;
  list = children (r, node, kids, error);
  if (list == NULL)
    return FALSE;
  if (list->len > 1)
    {
      bs_xml_set_error (error, &r->source, BS_XML_ERROR_SCHEMA, bs_xml_line (list->pdata[1]),
                        _("<jump>: a jump has one <convert>"));
      return FALSE;
    }
  if (list->len == 1)
    {
      const xmlNode *convert = list->pdata[0];
      int targets = -1;

      if (!check_attributes (r, convert, convert_attrs, error) ||
          !get_choice (r, convert, "targets", convert_targets, &targets, error))
        return FALSE;
      if (targets < 0)
        {
          g_autofree char *v = NULL;

          return require_attr (r, convert, "targets", &v, error);
        }
      jump->convert = TRUE;
    }
  return TRUE;
}

static gboolean
read_moves (Reader         *r,
            const xmlNode  *section,
            GError        **error)
{
  static const char * const kids[] = { "step", "place", "hop", "slide", "word", "jump", NULL };
  g_autoptr(GPtrArray) list = children (r, section, kids, error);
  gboolean steps = FALSE, places = FALSE, walks = FALSE, brackets = FALSE, jumps = FALSE;
  gboolean copies = FALSE;

  if (list == NULL)
    return FALSE;
  if (r->doc->simultaneous && list->len > 0)
    {
      bs_xml_set_error (error, &r->source, BS_XML_ERROR_SCHEMA, bs_xml_line (list->pdata[0]),
                        _("<moves>: a game of simultaneous orders has its moves in <turn><orders>; "
                          "<moves> stays empty"));
      return FALSE;
    }
  for (guint i = 0; i < list->len; i++)
    {
      const xmlNode *node = list->pdata[i];
      BsRulesStep block = { .line = bs_xml_line (node) };
      BsRulesStep *b;

      /* In the array first, so that its directions are freed on an error. */
      g_array_append_val (r->doc->steps, block);
      b = &g_array_index (r->doc->steps, BsRulesStep, i);
      if (!(bs_xml_is (node, "place") ? read_place (r, node, b, error)
            : bs_xml_is (node, "word") ? read_word (r, node, b, error)
            : bs_xml_is (node, "step") ? read_step (r, node, b, error)
            : bs_xml_is (node, "jump") ? read_jump (r, node, b, error)
                                       : read_walk (r, node, b, error)))
        return FALSE;
      if (b->jump)
        {
          /* Jumps run in their own kind of program; a copy is written as
           * the cell reached alone, so one block may copy. */
          if (copies && b->leave_copy)
            return value_error (r, node, "leave", error,
                                _("one <jump leave=\"copy\"> per game: its moves are "
                                  "written as the cell reached alone"));
          if (steps || places || walks)
            return value_error (r, node, "distance", error,
                                _("<jump> does not go with other blocks yet"));
          copies |= b->leave_copy;
          jumps = TRUE;
          continue;
        }
      if (jumps)
        return value_error (r, node, "if", error, _("<jump> does not go with other blocks yet"));
      steps |= !b->place && !b->walk && !b->word;
      places |= b->place;
      brackets |= b->bracket;
      walks |= b->walk || b->word;
      if (steps && places)
        return value_error (r, node, "piece", error,
                            _("a game that both places and steps pieces is for a later version "
                            "of the language"));
      /* Walks and words run in their own kind of program (placements
       * with a filter, walks along rays, words), without steps or
       * brackets for now. */
      if (walks && (steps || brackets))
        return value_error (r, node, "dirs", error,
                            _("<hop>, <slide> and <word> do not go with <step> or <bracket> "
                              "yet"));
      if (b->apart || b->compulsory)
        walks = walks || b->apart || b->compulsory;
    }
  for (guint i = 0; i < list->len; i++)
    if (g_array_index (r->doc->steps, BsRulesStep, i).push_lines)
      {
        /* A line program: one placement block with its follow-up and push. */
        if (list->len > 1 || walks)
          return value_error (r, list->pdata[i], "piece", error,
                              _("<push-lines> does not go with other blocks yet"));
        r->doc->line_pushing = TRUE;
      }
  for (guint i = 0; i < list->len; i++)
    if (g_array_index (r->doc->steps, BsRulesStep, i).push)
      {
        /* A push program: one placement block with its push. */
        if (list->len > 1 || walks)
          return value_error (r, list->pdata[i], "piece", error,
                              _("<push> does not go with other blocks yet"));
        r->doc->pushing = TRUE;
      }
  r->doc->mixed = walks;
  r->doc->jumping = jumps;
  if (r->doc->steps->len > BS_RULES_MAX_BLOCKS)
    return value_error (r, section, "step", error, _("more than %d blocks"), BS_RULES_MAX_BLOCKS);
  return TRUE;
}

/* exactly="true|false|OPTION" (a bool option). */
static gboolean
parse_exactly (Reader         *r,
               const xmlNode  *node,
               BsRulesEnd     *end,
               GError        **error)
{
  g_autofree char *text = get_attr (node, "exactly");

  end->exactly_option = -1;
  if (text == NULL || g_str_equal (text, "false"))
    return TRUE;
  if (g_str_equal (text, "true"))
    {
      end->exactly = TRUE;
      return TRUE;
    }
  if (!resolve_name (r, node, "exactly", "option", r->doc->options, text, &end->exactly_option,
                     error))
    return FALSE;
  if (g_array_index (r->doc->options, BsOptionSpec, end->exactly_option).type != BS_OPTION_BOOL)
    return value_error (r, node, "exactly", error,
                        _("the option \"%s\" is not true or false"), text);
  return TRUE;
}

/* The attributes only some ends take. */
static gboolean
check_end_attributes (Reader         *r,
                      const xmlNode  *node,
                      BsRulesEndKind  kind,
                      GError        **error)
{
  static const struct {
    const char     *attr;
    BsRulesEndKind  kind;
    const char     *element;
  } only[] = {
    { "region", BS_RULES_END_REACH, "reach" },
    { "regions", BS_RULES_END_CONNECT, "connect" },
    { "length", BS_RULES_END_LINE, "line" },
    { "exactly", BS_RULES_END_LINE, "line" },
    { "dirs", BS_RULES_END_LINE, "line" },
    { "word", BS_RULES_END_PLAYED, "played" },
    { "count", BS_RULES_END_CAPTURED, "captured" },
    { "of", BS_RULES_END_REACH, "reach" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (only); i++)
    {
      g_autofree char *v = NULL;
      gboolean vowel = g_str_equal (only[i].attr, "exactly");

      /* <passes count> as well as <captured count>. */
      if (kind == BS_RULES_END_PASSES && g_str_equal (only[i].attr, "count"))
        continue;
      if (kind != only[i].kind && (v = get_attr (node, only[i].attr)) != NULL)
        /* Translators: only <line> has a dirs: the first %s is an element, the second one
         * of its attributes. */
        return value_error (r, node, only[i].attr, error,
                            vowel ? _("only <%s> has an %s") : _("only <%s> has a %s"),
                            only[i].element, only[i].attr);
    }
  return TRUE;
}

/* <connect regions="a b …">: two to BS_RULES_MAX_CONNECT region names. */
static gboolean
read_connect_regions (Reader         *r,
                      const xmlNode  *node,
                      BsRulesEnd     *end,
                      GError        **error)
{
  g_autofree char *text = NULL;
  g_auto (GStrv) names = NULL;

  if (!require_attr (r, node, "regions", &text, error))
    return FALSE;
  names = g_strsplit (text, " ", -1);
  for (guint i = 0; names[i] != NULL; i++)
    {
      if (*names[i] == '\0')
        continue;
      if (end->n_regions == BS_RULES_MAX_CONNECT)
        return value_error (r, node, "regions", error, _("more than %d regions"),
                            BS_RULES_MAX_CONNECT);
      if (!resolve_name (r, node, "regions", "region", r->doc->regions, names[i],
                         &end->regions[end->n_regions++], error))
        return FALSE;
    }
  if (end->n_regions < 2)
    return value_error (r, node, "regions", error, _("a connection joins at least two regions"));
  return TRUE;
}

static gboolean
get_attr_present (const xmlNode *node,
                  const char    *attr)
{
  g_autofree char *v = get_attr (node, attr);

  return v != NULL;
}

/* by="MEASURE:lower MEASURE:higher …": the measures of <measures>
 * compared in order, the first that differs deciding (lower: the player
 * with the lower value wins); all equal is a draw. The measures are read
 * after the ends, so their names are resolved in read_measures. */
static gboolean
read_by (Reader         *r,
         const xmlNode  *node,
         BsRulesEnd     *e,
         GError        **error)
{
  g_autofree char *by = get_attr (node, "by");
  g_auto (GStrv) parts = g_strsplit_set (g_strstrip (by), " ", -1);

  e->n_by = 0;
  for (int i = 0; parts[i] != NULL; i++)
    {
      const char *colon = strchr (parts[i], ':');

      if (parts[i][0] == '\0')
        continue;
      if (colon == NULL
          || (!g_str_equal (colon + 1, "lower") && !g_str_equal (colon + 1, "higher")))
        return value_error (r, node, "by", error,
                            _("\"%s\": write a measure, a colon and lower or higher "
                              "(largest-group:lower)"), parts[i]);
      if (e->n_by == BS_RULES_MAX_BY)
        return value_error (r, node, "by", error, _("more than %d measures"), BS_RULES_MAX_BY);
      e->by_lower[e->n_by] = g_str_equal (colon + 1, "lower");
      /* The name for now; read_measures resolves it. */
      g_ptr_array_add (r->by_names, g_strndup (parts[i], (gsize) (colon - parts[i])));
      g_array_append_val (r->by_lines, e->line);
      e->by[e->n_by++] = -1 - (int) (r->by_names->len - 1);
    }
  if (e->n_by == 0)
    return value_error (r, node, "by", error, _("no measure to compare"));
  return TRUE;
}

static gboolean
read_ends (Reader         *r,
           const xmlNode  *section,
           GError        **error)
{
  static const char * const kids[] = { "eliminated", "reach", "no-move", "line", "full",
                                       "connect", "played", "captured", "passes", "no-removal",
                                       "all-placed",
                                       NULL };
  static const char * const attrs[] = { "who", "result", "region", "regions", "misere", "length",
                                        "exactly", "dirs", "word", "count", "tie", "by",
                                        "sentence", "misere-sentence", "of", "if", "unless",
                                        NULL };
  static const char * const owners[] = { "own", "opponent", NULL };
  static const char * const whos[] = { "mover", "next", "both", "each", NULL };
  static const char * const ties[] = { "mover", "next", "draw", NULL };
  static const char * const results[] = { "win", "loss", "draw", "most-pieces", "fewest-pieces",
                                          "most-groups", "fewest-groups", "measures",
                                          NULL };
  g_autoptr(GPtrArray) list = children (r, section, kids, error);

  if (list == NULL)
    return FALSE;
  for (guint i = 0; i < list->len; i++)
    {
      const xmlNode *node = list->pdata[i];
      BsRulesEnd end = { .line = bs_xml_line (node), .region = -1, .misere = -1,
                         .exactly_option = -1 };
      BsRulesEnd *e;
      int who = -1, result = -1, tie = 2, of = 0;
      g_autofree char *region = NULL;
      g_autofree char *word = NULL;
      g_autofree char *misere = NULL;
      g_autofree char *length = NULL;
      g_autofree char *count = NULL;

      end.kind = bs_xml_is (node, "eliminated") ? BS_RULES_END_ELIMINATED
                 : bs_xml_is (node, "reach") ? BS_RULES_END_REACH
                 : bs_xml_is (node, "line") ? BS_RULES_END_LINE
                 : bs_xml_is (node, "full") ? BS_RULES_END_FULL
                 : bs_xml_is (node, "connect") ? BS_RULES_END_CONNECT
                 : bs_xml_is (node, "played") ? BS_RULES_END_PLAYED
                 : bs_xml_is (node, "captured") ? BS_RULES_END_CAPTURED
                 : bs_xml_is (node, "passes") ? BS_RULES_END_PASSES
                 : bs_xml_is (node, "no-removal") ? BS_RULES_END_NO_REMOVAL
                 : bs_xml_is (node, "all-placed") ? BS_RULES_END_ALL_PLACED
                 : BS_RULES_END_NO_MOVE;
      end.sentence = get_attr (node, "sentence");
      end.misere_sentence = get_attr (node, "misere-sentence");
      g_array_append_val (r->doc->ends, end);
      e = &g_array_index (r->doc->ends, BsRulesEnd, i);
      if (!check_attributes (r, node, attrs, error) ||
          !check_end_attributes (r, node, end.kind, error) ||
          !get_choice (r, node, "who", whos, &who, error) ||
          !get_choice (r, node, "result", results, &result, error) ||
          !get_choice (r, node, "tie", ties, &tie, error) ||
          !get_choice (r, node, "of", owners, &of, error) ||
          !parse_condition (r, node, &e->cond, error))
        return FALSE;
      e->of_opponent = of == 1;
      /* Both supplies empty: in a line program for now. */
      if (end.kind == BS_RULES_END_ALL_PLACED
          && (!r->doc->line_pushing || !r->doc->limited_supply))
        return value_error (r, node, "result", error,
                            _("<all-placed> ends a game of supplies with <push-lines> for now"));
      e->tie = tie == 0 ? BS_RULES_WHO_MOVER : tie == 1 ? BS_RULES_WHO_NEXT : BS_RULES_WHO_BOTH;
      if (end.kind == BS_RULES_END_PLAYED)
        {
          e->word = -1;
          if (!require_attr (r, node, "word", &word, error))
            return FALSE;
          for (guint k = 0; k < r->doc->steps->len; k++)
            {
              const BsRulesStep *b = &g_array_index (r->doc->steps, BsRulesStep, k);

              if (b->word && g_str_equal (b->word_id, word))
                e->word = (int) k;
            }
          if (e->word < 0)
            {
              g_autoptr(GPtrArray) ids = g_ptr_array_new ();
              g_autofree char *missing = NULL;
              g_autofree char *hint = NULL;

              for (guint k = 0; k < r->doc->steps->len; k++)
                if (g_array_index (r->doc->steps, BsRulesStep, k).word)
                  g_ptr_array_add (ids, g_array_index (r->doc->steps, BsRulesStep, k).word_id);
              hint = did_you_mean (word, (const char * const *) ids->pdata, ids->len);
              missing = g_strdup_printf (_("no <word id=\"%s\"> among the moves"), word);
              return value_error (r, node, "word", error, "%s%s", missing, hint);
            }
        }
      /* A draw or a count is the same for both: who may go unsaid. */
      if (who < 0 && result >= BS_RULES_RESULT_DRAW)
        who = BS_RULES_WHO_MOVER;
      if (who == BS_RULES_WHO_BOTH && end.kind != BS_RULES_END_NO_MOVE
          && !(end.kind == BS_RULES_END_ELIMINATED && r->doc->simultaneous))
        return value_error (r, node, "who", error, _("only <no-move> has who=\"both\""));
      if (who == BS_RULES_WHO_EACH
          && !(end.kind == BS_RULES_END_ELIMINATED && r->doc->simultaneous))
        return value_error (r, node, "who", error,
                            _("only <eliminated> in a game of simultaneous orders has "
                              "who=\"each\""));
      if (r->doc->simultaneous && end.kind != BS_RULES_END_NO_REMOVAL
          && !(end.kind == BS_RULES_END_ELIMINATED
               && (who == BS_RULES_WHO_BOTH || who == BS_RULES_WHO_EACH)))
        return value_error (r, node, "who", error,
                            _("a game of simultaneous orders ends by <eliminated who=\"both\"> "
                              "or who=\"each\", and <no-removal>, for now"));
      if (end.kind == BS_RULES_END_NO_REMOVAL && !r->doc->simultaneous)
        return value_error (r, node, "result", error,
                            _("<no-removal> is for <turn order=\"simultaneous\">"));
      if (who == BS_RULES_WHO_BOTH && result >= 0 && result < BS_RULES_RESULT_DRAW)
        return value_error (r, node, "result", error,
                            _("with who=\"both\" the result is draw, most-pieces or "
                              "fewest-pieces"));
      if (who < 0 || result < 0)
        return require_attr (r, node, who < 0 ? "who" : "result", &region, error);
      e->who = who;
      e->result = result;
      if ((result == BS_RULES_RESULT_MEASURES) != (get_attr_present (node, "by")))
        return result == BS_RULES_RESULT_MEASURES
               ? require_attr (r, node, "by", &region, error)
               : value_error (r, node, "by", error, _("only result=\"measures\" has a by"));
      if (result == BS_RULES_RESULT_MEASURES && !read_by (r, node, e, error))
        return FALSE;
      if (end.kind == BS_RULES_END_REACH &&
          (!require_attr (r, node, "region", &region, error) ||
           !resolve_name (r, node, "region", "region", r->doc->regions, region, &e->region, error)))
        return FALSE;
      if (end.kind == BS_RULES_END_CONNECT && !read_connect_regions (r, node, e, error))
        return FALSE;
      if (end.kind == BS_RULES_END_LINE &&
          (!require_attr (r, node, "length", &length, error) ||
           !parse_number (r, node, "length", length, &e->length, error) ||
           !parse_exactly (r, node, e, error) ||
           !parse_dirs (r, node, TRUE, e->dirs, &e->n_dirs, error)))
        return FALSE;
      if ((end.kind == BS_RULES_END_CAPTURED || end.kind == BS_RULES_END_PASSES) &&
          (!require_attr (r, node, "count", &count, error) ||
           !parse_number (r, node, "count", count, &e->count, error)))
        return FALSE;
      if (end.kind == BS_RULES_END_CAPTURED && e->count.option < 0 && e->count.value < 1)
        return value_error (r, node, "count", error, _("a count of captured pieces is at least 1"));
      if (end.kind == BS_RULES_END_PASSES && e->count.option < 0 && e->count.value < 1)
        return value_error (r, node, "count", error, _("a count of passes in a row is at least 1"));
      if (end.kind == BS_RULES_END_PASSES && !r->doc->pass_when_no_move)
        return value_error (r, node, "count", error,
                            _("no player ever passes: <passes> needs <turn "
                              "pass=\"when-no-move\">"));
      misere = get_attr (node, "misere");
      if (misere != NULL)
        {
          if (!resolve_name (r, node, "misere", "option", r->doc->options, misere, &e->misere,
                             error))
            return FALSE;
          if (g_array_index (r->doc->options, BsOptionSpec, e->misere).type != BS_OPTION_BOOL)
            return value_error (r, node, "misere", error,
                                _("the option \"%s\" is not true or false"),
                                misere);
        }
    }
  return TRUE;
}

/* The names of the ends' by= (read_by), now that the measures are known. */
static gboolean
resolve_by (Reader         *r,
            const xmlNode  *section,
            GError        **error)
{
  for (guint i = 0; i < r->doc->ends->len; i++)
    {
      BsRulesEnd *e = &g_array_index (r->doc->ends, BsRulesEnd, i);

      for (int k = 0; k < e->n_by; k++)
        {
          guint name = (guint) (-1 - e->by[k]);
          const char *id = r->by_names->pdata[name];
          g_autoptr(GPtrArray) ids = g_ptr_array_new ();
          g_autofree char *hint = NULL;

          if (e->by[k] >= 0)
            continue;
          for (guint m = 0; m < r->doc->measures->len; m++)
            {
              g_ptr_array_add (ids, g_array_index (r->doc->measures, BsRulesMeasure, m).id);
              if (g_str_equal (ids->pdata[m], id))
                e->by[k] = (int) m;
            }
          if (e->by[k] >= 0)
            continue;
          hint = did_you_mean (id, (const char * const *) ids->pdata, ids->len);
          bs_xml_set_error (error, &r->source, BS_VARIANT_ERROR_UNKNOWN,
                            g_array_index (r->by_lines, int, name),
                            _("<%s> attribute \"%s\": unknown measure \"%s\"%s"),
                            "no-move", "by", id, hint);
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean
read_measures (Reader         *r,
               const xmlNode  *section,
               GError        **error)
{
  static const char * const kids[] = { "measure", NULL };
  static const char * const attrs[] = { "id", "label", "of", NULL };
  static const char * const kinds[] = { "pieces", "furthest-rank", "groups", "captured",
                                        "largest-group", NULL };
  g_autoptr(GPtrArray) list = children (r, section, kids, error);

  if (list == NULL)
    return FALSE;
  for (guint i = 0; i < list->len; i++)
    {
      const xmlNode *node = list->pdata[i];
      BsRulesMeasure m = { 0 };
      int kind = -1;

      if (!check_attributes (r, node, attrs, error) ||
          !get_choice (r, node, "of", kinds, &kind, error))
        return FALSE;
      m.id = get_attr (node, "id");
      m.label = get_attr (node, "label");
      m.kind = MAX (kind, 0);
      g_array_append_val (r->doc->measures, m);
      if (m.id == NULL || m.label == NULL || kind < 0)
        {
          g_autofree char *v = NULL;

          return require_attr (r, node, m.id == NULL ? "id" : m.label == NULL ? "label" : "of", &v,
                               error);
        }
      if (r->doc->measures->len > BS_MAX_MEASURES)
        return value_error (r, node, "id", error, _("more than %d measures"), BS_MAX_MEASURES);
    }
  return resolve_by (r, section, error);
}

static gboolean
read_notation (Reader         *r,
               const xmlNode  *node,
               GError        **error)
{
  static const char * const attrs[] = { "move", "how", NULL };
  g_autofree char *move = NULL;
  const char *from, *to;

  if (!check_attributes (r, node, attrs, error) ||
      !require_attr (r, node, "move", &move, error) ||
      !require_attr (r, node, "how", &r->doc->how_to_write, error))
    return FALSE;
  /* A placement is written as its cell; KIND@TO with the kind's letter. */
  if (g_str_equal (move, "TO"))
    return TRUE;
  if (g_str_equal (move, "KIND@TO/FOLLOW-UP"))
    {
      if (!r->doc->line_pushing)
        return value_error (r, node, "move", error,
                            _("KIND@TO/FOLLOW-UP writes a placement's <follow-up>: there is "
                              "none"));
      r->doc->follow_notation = TRUE;
    }
  if (g_str_equal (move, "KIND@TO") || r->doc->follow_notation)
    {
      for (guint k = 0; k < r->doc->kinds->len; k++)
        if (r->doc->kind_letters->pdata[k] == NULL)
          return value_error (r, node, "move", error,
                              _("KIND@TO writes each kind's letter: <piece id=\"%s\"> has no "
                                "letter"), g_array_index (r->doc->kinds, BsKindSpec, k).id);
      r->doc->kind_notation = TRUE;
      return TRUE;
    }
  from = strstr (move, "FROM");
  to = strstr (move, "TO");
  if (from != move || to == NULL || to < from + 4 || to[2] != '\0' || to == from + 4)
    return value_error (r, node, "move", error,
                        _("\"%s\": a step is written FROM, a separator, then TO (as FROM-TO), "
                        "a placement TO"), move);
  r->doc->move_separator = g_strndup (from + 4, (gsize) (to - from - 4));
  return TRUE;
}

static gboolean
read_explain (Reader         *r,
              const xmlNode  *node,
              GError        **error)
{
  static const char * const attrs[] = { "move", "capture", "pass", "place", "swap", NULL };

  r->doc->explain_capture = get_attr (node, "capture");
  r->doc->explain_swap = get_attr (node, "swap");
  r->doc->explain_place = get_attr (node, "place");
  r->doc->explain_pass = get_attr (node, "pass");
  return check_attributes (r, node, attrs, error) &&
         require_attr (r, node, "move", &r->doc->explain_move, error);
}

/* An element's text with each run of white space made one space and the ends
 * trimmed, as xgettext extracts it (po/its/boardsmith-rules.its): the text is
 * the key the engine looks its translation up by. */
static char *
read_text (Reader         *r,
           const xmlNode  *node,
           GError        **error)
{
  g_autofree char *text = bs_xml_get_text (node, &r->source, error);
  g_auto(GStrv) words = NULL;
  GString *out;

  if (text == NULL)
    return NULL;
  words = g_strsplit_set (text, " \t\n\r", -1);
  out = g_string_new (NULL);
  for (guint i = 0; words[i] != NULL; i++)
    if (words[i][0] != '\0')
      g_string_append_printf (out, "%s%s", out->len > 0 ? " " : "", words[i]);
  return g_string_free (out, FALSE);
}

static gboolean
read_help (Reader         *r,
           const xmlNode  *section,
           GError        **error)
{
  static const char * const kids[] = { "rules", "goal", NULL };
  static const char * const attrs[] = { "if", "unless", NULL };
  g_autoptr(GPtrArray) list = children (r, section, kids, error);

  if (list == NULL)
    return FALSE;
  for (guint i = 0; i < list->len; i++)
    {
      const xmlNode *node = list->pdata[i];
      BsRulesText text = { .goal = bs_xml_is (node, "goal") };

      if (!check_attributes (r, node, attrs, error) ||
          !parse_condition (r, node, &text.cond, error) ||
          (text.text = read_text (r, node, error)) == NULL)
        return FALSE;
      g_array_append_val (r->doc->texts, text);
    }
  return TRUE;
}

/* One name of a resolution's set: an atom, or targets-of(A) /
 * moving-onto(A) of a simple atom A. */
static gboolean
parse_atom (Reader         *r,
            const xmlNode  *node,
            const char     *attr,
            const char     *name,
            gboolean        inner,
            BsRulesAtom    *atom,
            GError        **error)
{
  static const char * const simple[] = { "staying", "moving", "occupied", "crowded", NULL };
  static const char * const functions[] = { "targets-of", "moving-onto", NULL };
  const char *open = strchr (name, '(');

  memset (atom, 0, sizeof *atom);
  if (open != NULL && !inner)
    {
      g_autofree char *fn = g_strndup (name, (gsize) (open - name));
      g_autofree char *arg = NULL;
      gsize len = strlen (open);
      BsRulesAtom in;
      int k = -1;

      for (int i = 0; functions[i] != NULL; i++)
        if (g_str_equal (functions[i], fn))
          k = i;
      if (k < 0 || len < 3 || open[len - 1] != ')')
        {
          g_autofree char *hint = did_you_mean (fn, functions, -1);

          return value_error (r, node, attr, error, _("unknown set \"%s\"%s"), name, hint);
        }
      arg = g_strndup (open + 1, len - 2);
      if (!parse_atom (r, node, attr, arg, TRUE, &in, error))
        return FALSE;
      atom->kind = k == 0 ? BS_RULES_ATOM_TARGETS_OF : BS_RULES_ATOM_MOVING_ONTO;
      atom->inner = in.kind;
      atom->inner_arg = in.arg;
      return TRUE;
    }
  for (int i = 0; simple[i] != NULL; i++)
    if (g_str_equal (simple[i], name))
      {
        atom->kind = (guint8) i;
        return TRUE;
      }
  for (guint i = 0; i < r->doc->marks->len; i++)
    if (g_str_equal (r->doc->marks->pdata[i], name))
      {
        atom->kind = BS_RULES_ATOM_MARK;
        atom->arg = (guint8) i;
        return TRUE;
      }
  {
    g_autoptr(GPtrArray) all = g_ptr_array_new ();
    g_autofree char *hint = NULL;

    for (int i = 0; simple[i] != NULL; i++)
      g_ptr_array_add (all, (gpointer) simple[i]);
    for (guint i = 0; i < r->doc->marks->len; i++)
      g_ptr_array_add (all, r->doc->marks->pdata[i]);
    hint = did_you_mean (name, (const char * const *) all->pdata, all->len);
    return value_error (r, node, attr, error, _("unknown set \"%s\"%s"), name, hint);
  }
}

static gboolean
parse_phase_set (Reader         *r,
                 const xmlNode  *node,
                 const char     *attr,
                 gboolean        required,
                 BsRulesSet     *set,
                 gboolean       *present,
                 GError        **error)
{
  g_autofree char *text = get_attr (node, attr);
  g_auto (GStrv) names = NULL;

  if (present != NULL)
    *present = text != NULL;
  if (text == NULL)
    return !required || require_attr (r, node, attr, &text, error);
  names = g_strsplit (text, " ", -1);
  for (guint i = 0; names[i] != NULL; i++)
    {
      if (*names[i] == '\0')
        continue;
      if (set->n == BS_RULES_MAX_ATOMS)
        return value_error (r, node, attr, error, _("more than %d sets"), BS_RULES_MAX_ATOMS);
      if (!parse_atom (r, node, attr, names[i], FALSE, &set->atoms[set->n++], error))
        return FALSE;
    }
  if (set->n == 0 && required)
    return value_error (r, node, attr, error, _("no set"));
  return TRUE;
}

/* <orders> and <resolve> of a simultaneous turn, taken out of `list`. */
static gboolean
read_rounds (Reader         *r,
             const xmlNode  *turn,
             GPtrArray      *list,
             GError        **error)
{
  static const char * const orders_attrs[] = { "per", "dirs", "stay", "stay-label", "stay-note",
                                               NULL };
  static const char * const pers[] = { "piece", NULL };
  static const char * const kids[] = { "mark", "remove", "move-orders", NULL };
  static const char * const mark_attrs[] = { "id", "set", "and", "not", "if", "unless", NULL };
  static const char * const remove_attrs[] = { "where", "and", "not", "if", "unless", NULL };
  static const char * const move_attrs[] = { "if", "unless", NULL };
  const xmlNode *orders = NULL, *resolve = NULL;
  g_autoptr(GPtrArray) phases = NULL;
  gboolean moved = FALSE, crowded_left = FALSE;

  for (guint i = 0; i < list->len;)
    {
      const xmlNode *c = list->pdata[i];

      if (bs_xml_is (c, "orders") || bs_xml_is (c, "resolve"))
        {
          const xmlNode **slot = bs_xml_is (c, "orders") ? &orders : &resolve;

          if (*slot != NULL)
            {
              bs_xml_set_error (error, &r->source, BS_XML_ERROR_SCHEMA, bs_xml_line (c),
                                _("<turn>: a second <%s>"), node_name (c));
              return FALSE;
            }
          *slot = c;
          g_ptr_array_remove_index (list, i);
          continue;
        }
      i++;
    }
  if (!r->doc->simultaneous)
    {
      if (orders == NULL && resolve == NULL)
        return TRUE;
      bs_xml_set_error (error, &r->source, BS_XML_ERROR_SCHEMA,
                        bs_xml_line (orders != NULL ? orders : resolve),
                        _("<turn>: <%s> is for order=\"simultaneous\""),
                        orders != NULL ? "orders" : "resolve");
      return FALSE;
    }
  if (orders == NULL || resolve == NULL)
    {
      bs_xml_set_error (error, &r->source, BS_XML_ERROR_SCHEMA, bs_xml_line (turn),
                        _("<turn>: order=\"simultaneous\" needs <orders> and <resolve>"));
      return FALSE;
    }
  if (list->len > 0)
    {
      bs_xml_set_error (error, &r->source, BS_XML_ERROR_SCHEMA, bs_xml_line (list->pdata[0]),
                        _("<turn>: <%s> is not for order=\"simultaneous\""),
                        node_name (list->pdata[0]));
      return FALSE;
    }
  {
    g_autofree char *dirs = NULL;
    int per = -1;

    if (!check_attributes (r, orders, orders_attrs, error) ||
        !get_choice (r, orders, "per", pers, &per, error) ||
        !require_attr (r, orders, "dirs", &dirs, error) ||
        !require_attr (r, orders, "stay", &r->doc->stay_id, error))
      return FALSE;
    if (per < 0)
      {
        g_autofree char *v = NULL;

        return require_attr (r, orders, "per", &v, error);
      }
    if (!g_str_equal (dirs, "all"))
      return value_error (r, orders, "dirs", error,
                          _("orders go in every direction of the board (dirs=\"all\") "
                            "for now"));
    r->doc->stay_label = get_attr (orders, "stay-label");
    r->doc->stay_note = get_attr (orders, "stay-note");
  }
  if (!check_attributes (r, resolve, (const char * const[]) { NULL }, error) ||
      (phases = children (r, resolve, kids, error)) == NULL)
    return FALSE;
  if (phases->len > BS_RULES_MAX_PHASES)
    {
      bs_xml_set_error (error, &r->source, BS_XML_ERROR_SCHEMA, bs_xml_line (resolve),
                        _("<resolve>: more than %d phases"), BS_RULES_MAX_PHASES);
      return FALSE;
    }
  for (guint i = 0; i < phases->len; i++)
    {
      const xmlNode *node = phases->pdata[i];
      BsRulesPhase phase = { .line = bs_xml_line (node), .mark = -1 };
      gboolean mark = bs_xml_is (node, "mark"), remove = bs_xml_is (node, "remove");

      phase.kind = mark ? BS_RULES_PHASE_MARK : remove ? BS_RULES_PHASE_REMOVE
                   : BS_RULES_PHASE_MOVE_ORDERS;
      if (!check_attributes (r, node, mark ? mark_attrs : remove ? remove_attrs : move_attrs,
                             error) ||
          !parse_condition (r, node, &phase.cond, error))
        return FALSE;
      if (mark)
        {
          g_autofree char *id = NULL;

          if (!require_attr (r, node, "id", &id, error))
            return FALSE;
          for (guint k = 0; k < r->doc->marks->len; k++)
            if (g_str_equal (r->doc->marks->pdata[k], id))
              phase.mark = (int) k;
          if (phase.mark < 0)
            {
              if (r->doc->marks->len == BS_RULES_MAX_MARKS)
                return value_error (r, node, "id", error, _("more than %d marks"),
                                    BS_RULES_MAX_MARKS);
              phase.mark = (int) r->doc->marks->len;
            }
        }
      if (phase.kind != BS_RULES_PHASE_MOVE_ORDERS &&
          (!parse_phase_set (r, node, mark ? "set" : "where", TRUE, &phase.set, NULL, error) ||
           !parse_phase_set (r, node, "and", FALSE, &phase.and_set, &phase.has_and, error) ||
           !parse_phase_set (r, node, "not", FALSE, &phase.not_set, NULL, error)))
        return FALSE;
      if (mark && phase.mark == (int) r->doc->marks->len)
        {
          g_autofree char *id = get_attr (node, "id");

          g_ptr_array_add (r->doc->marks, g_steal_pointer (&id));
        }
      if (phase.kind == BS_RULES_PHASE_MOVE_ORDERS)
        {
          if (moved)
            {
              bs_xml_set_error (error, &r->source, BS_XML_ERROR_SCHEMA, phase.line,
                                _("<resolve>: a second <move-orders>"));
              return FALSE;
            }
          moved = crowded_left = TRUE;
        }
      else if (!moved)
        for (int k = 0; k < phase.set.n + phase.and_set.n + phase.not_set.n; k++)
          {
            const BsRulesAtom *a = k < phase.set.n ? &phase.set.atoms[k]
                                   : k < phase.set.n + phase.and_set.n
                                   ? &phase.and_set.atoms[k - phase.set.n]
                                   : &phase.not_set.atoms[k - phase.set.n - phase.and_set.n];

            if (a->kind == BS_RULES_ATOM_CROWDED || a->inner == BS_RULES_ATOM_CROWDED)
              return value_error (r, node, mark ? "set" : "where", error,
                                  _("\"crowded\" is known only after <move-orders/>"));
          }
      else if (phase.kind == BS_RULES_PHASE_REMOVE && !phase.has_and && phase.not_set.n == 0)
        for (int k = 0; k < phase.set.n; k++)
          crowded_left &= phase.set.atoms[k].kind != BS_RULES_ATOM_CROWDED;
      if (phase.cond.option >= 0 && phase.kind != BS_RULES_PHASE_MARK)
        return value_error (r, node, phase.cond.negate ? "unless" : "if", error,
                            _("only a <mark> may depend on an option for now"));
      g_array_append_val (r->doc->phases, phase);
    }
  if (!moved || crowded_left)
    {
      bs_xml_set_error (error, &r->source, BS_XML_ERROR_SCHEMA, bs_xml_line (resolve),
                        moved ? _("<resolve>: a cell holds one piece: <move-orders/> must be "
                                  "followed by <remove where=\"crowded\"/>")
                        : _("<resolve>: no <move-orders/>"));
      return FALSE;
    }
  return TRUE;
}

static gboolean
read_turn (Reader         *r,
           const xmlNode  *node,
           GError        **error)
{
  static const char * const attrs[] = { "order", "pass", NULL };
  static const char * const orders[] = { "alternate", "simultaneous", NULL };
  static const char * const passes[] = { "never", "when-no-move", NULL };
  static const char * const kids[] = { "swap", "free-plies", "orders", "resolve", NULL };
  static const char * const swap_attrs[] = { "mirror", "if", "unless", NULL };
  static const char * const free_attrs[] = { "count", NULL };
  static const char * const mirrors[] = { "none", "diagonal", "rows", NULL };
  g_autoptr(GPtrArray) list = NULL;
  int order = -1, pass = 0;

  if (!check_attributes (r, node, attrs, error) ||
      !get_choice (r, node, "order", orders, &order, error) ||
      !get_choice (r, node, "pass", passes, &pass, error))
    return FALSE;
  r->doc->pass_when_no_move = pass == 1;
  if (order < 0)
    {
      g_autofree char *v = NULL;

      return require_attr (r, node, "order", &v, error);
    }
  list = children (r, node, kids, error);
  if (list == NULL)
    return FALSE;
  r->doc->simultaneous = order == 1;
  if (!read_rounds (r, node, list, error))
    return FALSE;
  /* <free-plies count="N"/>: the first N plies need not meet an effect's
   * requirement (a push's require="one-full"). */
  for (guint i = 0; i < list->len; i++)
    if (bs_xml_is (list->pdata[i], "free-plies"))
      {
        g_autofree char *count = NULL;
        const xmlNode *free_node = list->pdata[i];

        if (!check_attributes (r, free_node, free_attrs, error) ||
            !require_attr (r, free_node, "count", &count, error) ||
            !parse_number (r, free_node, "count", count, &r->doc->free_plies, error))
          return FALSE;
        g_ptr_array_remove_index (list, i);
        break;
      }
  if (list->len > 1)
    {
      gboolean second_swap = bs_xml_is (list->pdata[1], "swap");

      bs_xml_set_error (error, &r->source, BS_XML_ERROR_SCHEMA, bs_xml_line (list->pdata[1]),
                        second_swap ? _("<turn>: a second <swap>")
                        : _("<turn>: a second <free-plies>"));
      return FALSE;
    }
  if (list->len == 1 && bs_xml_is (list->pdata[0], "free-plies"))
    {
      bs_xml_set_error (error, &r->source, BS_XML_ERROR_SCHEMA, bs_xml_line (list->pdata[0]),
                        _("<turn>: a second <free-plies>"));
      return FALSE;
    }
  if (list->len == 1)
    {
      const xmlNode *swap = list->pdata[0];
      int mirror = BS_RULES_MIRROR_NONE;

      if (!check_attributes (r, swap, swap_attrs, error) ||
          !get_choice (r, swap, "mirror", mirrors, &mirror, error) ||
          !parse_condition (r, swap, &r->doc->swap_cond, error))
        return FALSE;
      r->doc->swap = TRUE;
      r->doc->swap_mirror = mirror < 0 ? BS_RULES_MIRROR_NONE : (BsRulesMirror) mirror;
      r->doc->swap_line = bs_xml_line (swap);
    }
  return TRUE;
}

/* "1", "-0.25", ".5": a decimal as the schema's xsd:decimal (no exponent,
 * no "inf" or "nan", nothing strtod would read besides). */
static gboolean
is_decimal (const char *text)
{
  gboolean digits = FALSE;

  if (*text == '+' || *text == '-')
    text++;
  for (; g_ascii_isdigit (*text); text++)
    digits = TRUE;
  if (*text == '.')
    text++;
  for (; g_ascii_isdigit (*text); text++)
    digits = TRUE;
  return digits && *text == '\0';
}

/* <weight feature="ID" value="W"/> of <computer>: W a finite number of
 * pieces' worth, at most BS_RULES_MAX_WEIGHT either way, each feature
 * once. Whether the evaluation has the feature is known to the game. */
static gboolean
read_weight (Reader         *r,
             const xmlNode  *node,
             GError        **error)
{
  static const char * const attrs[] = { "feature", "value", NULL };
  g_autofree char *feature = NULL;
  g_autofree char *text = NULL;
  BsRulesWeight weight = { NULL, 0, bs_xml_line (node) };
  char *end = NULL;

  if (!check_attributes (r, node, attrs, error) ||
      !require_attr (r, node, "feature", &feature, error) ||
      !require_attr (r, node, "value", &text, error))
    return FALSE;
  for (guint i = 0; i < r->doc->weights->len; i++)
    if (g_str_equal (g_array_index (r->doc->weights, BsRulesWeight, i).feature, feature))
      return value_error (r, node, "feature", error, _("a second weight for \"%s\""), feature);
  if (is_decimal (text))
    weight.value = g_ascii_strtod (text, &end);
  if (end == NULL || *end != '\0' || !isfinite (weight.value) ||
      fabs (weight.value) > BS_RULES_MAX_WEIGHT)
    return value_error (r, node, "value", error, _("\"%s\" is not a number from %d to %d"),
                        text, -BS_RULES_MAX_WEIGHT, BS_RULES_MAX_WEIGHT);
  weight.feature = g_steal_pointer (&feature);
  g_array_append_val (r->doc->weights, weight);
  return TRUE;
}

/* <computer strongest="alpha-beta|monte-carlo" playout-cut="K" table="on|off">,
 * holding <weight> elements or none: which search plays the Strongest level,
 * the playout cut that makes the Monte Carlo search stronger, whether
 * alpha-beta keeps its transposition table and the weights of the
 * evaluation's features, as measured for the game (docs/SEARCH.md); any may
 * be left out, not all. Alpha-beta plays turn-based games only, and a game
 * of simultaneous rounds has no playouts to cut and no evaluation to weigh:
 * such a game may ask for none. Read after <turn>. */
static gboolean
read_computer (Reader         *r,
               const xmlNode  *node,
               GError        **error)
{
  static const char * const attrs[] = { "strongest", "playout-cut", "table", NULL };
  static const char * const searches[] = { "alpha-beta", "monte-carlo", NULL };
  static const char * const tables[] = { "on", "off", NULL };
  static const char * const kids[] = { "weight", NULL };
  g_autofree char *cut_text = get_attr (node, "playout-cut");
  g_autoptr(GPtrArray) list = NULL;
  int search = -1;
  int cut = 0;
  int table = -1;

  if (!check_attributes (r, node, attrs, error) ||
      !get_choice (r, node, "strongest", searches, &search, error) ||
      !get_int (r, node, "playout-cut", FALSE, 0, BS_MODULE_MAX_PLAYOUT_CUT, &cut, error) ||
      !get_choice (r, node, "table", tables, &table, error))
    return FALSE;
  list = children (r, node, kids, error);
  if (list == NULL)
    return FALSE;
  if (search < 0 && cut_text == NULL && table < 0 && list->len == 0)
    {
      g_autofree char *v = NULL;

      return require_attr (r, node, "strongest", &v, error);
    }
  if (search == BS_STRONGEST_ALPHA_BETA && r->doc->simultaneous)
    return value_error (r, node, "strongest", error,
                        _("\"%s\": alpha-beta searches turn-based games only, and this game "
                          "is played in simultaneous rounds"), searches[search]);
  if (table >= 0 && r->doc->simultaneous)
    return value_error (r, node, "table", error,
                        _("\"%s\": alpha-beta searches turn-based games only, and this game "
                          "is played in simultaneous rounds"), tables[table]);
  for (guint i = 0; i < list->len; i++)
    if (!read_weight (r, list->pdata[i], error))
      return FALSE;
  if (search >= 0)
    r->doc->strongest = (BsStrongestSearch) search;
  r->doc->playout_cut = (guint) cut;
  r->doc->no_table = table == 1;
  return TRUE;
}

/* ---- The document ---- */

typedef gboolean (*SectionReader) (Reader *r, const xmlNode *node, GError **error);

/* The root's sections in the order they are read; `required` ones must
 * be there; `bare` ones take no attribute (the others check their own). */
static const struct {
  const char    *name;
  SectionReader  read;
  gboolean       required;
  gboolean       bare;
} sections[] = {
  { "options", read_options, TRUE, FALSE },
  { "board", read_board, TRUE, FALSE },
  { "players", read_players, TRUE, TRUE },
  { "pieces", read_pieces, TRUE, FALSE },
  { "regions", read_regions, FALSE, TRUE },
  { "start", read_start, FALSE, TRUE },
  { "turn", read_turn, TRUE, FALSE },
  { "moves", read_moves, TRUE, TRUE },
  { "ends", read_ends, TRUE, TRUE },
  { "measures", read_measures, TRUE, TRUE },
  { "notation", read_notation, TRUE, FALSE },
  { "explain", read_explain, TRUE, FALSE },
  { "help", read_help, TRUE, TRUE },
  { "computer", read_computer, FALSE, FALSE },
};

/* The elements that hold nothing: their readers look at attributes only,
 * so an element or text inside one is refused here, anywhere below node. */
static gboolean
check_empty_elements (Reader         *r,
                      const xmlNode  *node,
                      GError        **error)
{
  static const char * const empty[] = {
    "board", "player", "piece", "choice", "region", "fill", "swap", "free-plies", "push",
    "step", "bracket", "hop",
    "slide", "convert", "eliminated", "reach", "no-move", "line", "full", "connect", "played",
    "captured", "passes", "measure", "notation", "explain", "orders", "mark", "remove",
    "move-orders", "bag", "no-removal", "follow-up", "score", "all-placed", "weight", NULL,
  };

  for (const xmlNode *c = node->children; c != NULL; c = c->next)
    {
      g_autoptr(GPtrArray) inside = NULL;

      if (c->type != XML_ELEMENT_NODE)
        continue;
      if (!g_strv_contains (empty, node_name (c)))
        {
          if (!check_empty_elements (r, c, error))
            return FALSE;
          continue;
        }
      inside = children (r, c, (const char * const[]) { NULL }, error);
      if (inside == NULL)
        return FALSE;
    }
  return TRUE;
}

static void
document_init (BsRulesDocument *doc)
{
  doc->options = g_array_new (FALSE, TRUE, sizeof (BsOptionSpec));
  doc->option_choices = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  doc->kinds = g_array_new (FALSE, TRUE, sizeof (BsKindSpec));
  doc->kind_weights = g_array_new (FALSE, TRUE, sizeof (BsRulesNumber));
  doc->weights = g_array_new (FALSE, TRUE, sizeof (BsRulesWeight));
  doc->kind_letters = g_ptr_array_new_with_free_func (g_free);
  doc->free_plies.option = -1;
  doc->regions = g_array_new (FALSE, TRUE, sizeof (BsRulesRegion));
  doc->fills = g_array_new (FALSE, TRUE, sizeof (BsRulesFill));
  doc->steps = g_array_new (FALSE, TRUE, sizeof (BsRulesStep));
  doc->ends = g_array_new (FALSE, TRUE, sizeof (BsRulesEnd));
  doc->measures = g_array_new (FALSE, TRUE, sizeof (BsRulesMeasure));
  doc->texts = g_array_new (FALSE, TRUE, sizeof (BsRulesText));
  doc->phases = g_array_new (FALSE, TRUE, sizeof (BsRulesPhase));
  doc->marks = g_ptr_array_new_with_free_func (g_free);
  doc->bag_skip = -1;
}

static gboolean
read_root (Reader         *r,
           const xmlNode  *root,
           GError        **error)
{
  static const char * const attrs[] = { "format", "id", NULL };
  const char *kids[G_N_ELEMENTS (sections) + 3];
  const xmlNode *found[G_N_ELEMENTS (sections)] = { NULL };
  g_autoptr(GPtrArray) list = NULL;
  int format = 0;

  if (!bs_xml_is (root, "rules"))
    {
      bs_xml_set_error (error, &r->source, BS_XML_ERROR_SCHEMA, bs_xml_line (root),
                        _("the root element is <%s>, not <rules>"), node_name (root));
      return FALSE;
    }
  if (!check_attributes (r, root, attrs, error) ||
      !get_int (r, root, "format", TRUE, BS_RULES_FORMAT_VERSION, BS_RULES_FORMAT_VERSION,
                &format, error) ||
      !require_attr (r, root, "id", &r->doc->id, error))
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (sections); i++)
    kids[i] = sections[i].name;
  kids[G_N_ELEMENTS (sections)] = "name";
  kids[G_N_ELEMENTS (sections) + 1] = "description";
  kids[G_N_ELEMENTS (sections) + 2] = NULL;
  list = children (r, root, kids, error);
  if (list == NULL)
    return FALSE;
  for (guint i = 0; i < list->len; i++)
    {
      const xmlNode *node = list->pdata[i];
      char **text = bs_xml_is (node, "name") ? &r->doc->name
                    : bs_xml_is (node, "description") ? &r->doc->description : NULL;

      if (text != NULL)
        {
          if (*text != NULL)
            {
              bs_xml_set_error (error, &r->source, BS_XML_ERROR_SCHEMA, bs_xml_line (node),
                                _("<rules>: a second <%s>"), node_name (node));
              return FALSE;
            }
          if ((*text = read_text (r, node, error)) == NULL)
            return FALSE;
          continue;
        }
      for (guint k = 0; k < G_N_ELEMENTS (sections); k++)
        if (bs_xml_is (node, sections[k].name))
          {
            if (found[k] != NULL)
              {
                bs_xml_set_error (error, &r->source, BS_XML_ERROR_SCHEMA, bs_xml_line (node),
                                  _("<rules>: a second <%s>"), sections[k].name);
                return FALSE;
              }
            found[k] = node;
          }
    }
  if (r->doc->name == NULL)
    {
      bs_xml_set_error (error, &r->source, BS_XML_ERROR_SCHEMA, bs_xml_line (root),
                        _("<rules>: <name> is required"));
      return FALSE;
    }
  for (guint k = 0; k < G_N_ELEMENTS (sections); k++)
    {
      if (found[k] == NULL && sections[k].required)
        {
          bs_xml_set_error (error, &r->source, BS_XML_ERROR_SCHEMA, bs_xml_line (root),
                            _("<rules>: <%s> is required"), sections[k].name);
          return FALSE;
        }
      if (found[k] != NULL && sections[k].bare &&
          !check_attributes (r, found[k], (const char * const[]) { NULL }, error))
        return FALSE;
      if (found[k] != NULL && !sections[k].read (r, found[k], error))
        return FALSE;
    }
  if (!check_empty_elements (r, root, error))
    return FALSE;
  if (r->doc->measures->len == 0)
    {
      bs_xml_set_error (error, &r->source, BS_XML_ERROR_SCHEMA, bs_xml_line (found[9]),
                        _("<measures>: at least one <measure> is needed (the first is the score)"));
      return FALSE;
    }
  if (r->doc->player_names[0] == NULL || r->doc->player_names[1] == NULL)
    {
      bs_xml_set_error (error, &r->source, BS_XML_ERROR_SCHEMA, bs_xml_line (found[2]),
                        _("<players>: both players (number=\"1\" and \"2\") are needed"));
      return FALSE;
    }
  /* A game that places and walks writes its walks FROM-TO. */
  if (r->doc->steps->len > 0 &&
      (r->doc->mixed || r->doc->jumping ? r->doc->move_separator == NULL
                     : g_array_index (r->doc->steps, BsRulesStep, 0).place
                       != (r->doc->move_separator == NULL)))
    {
      bs_xml_set_error (error, &r->source, BS_XML_ERROR_SCHEMA, bs_xml_line (found[10]),
                        _("<notation> attribute \"move\": %s"),
                        r->doc->move_separator == NULL
                          ? _("a step is written FROM, a separator, then TO (as FROM-TO)")
                          : _("a placement is written TO (its cell)"));
      return FALSE;
    }
  if (option_index (r->doc, "max-plies") < 0)
    {
      bs_xml_set_error (error, &r->source, BS_XML_ERROR_SCHEMA, bs_xml_line (found[0]),
                        _("<options>: every game declares the move limit, an int option "
                        "\"max-plies\""));
      return FALSE;
    }
  return TRUE;
}

BsRulesDocument *
bs_rules_document_parse (const char  *data,
                         gsize        length,
                         const char  *filename,
                         GError     **error)
{
  g_autoptr(BsRulesDocument) doc = g_new0 (BsRulesDocument, 1);
  g_autoptr(GPtrArray) by_names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GArray) by_lines = g_array_new (FALSE, FALSE, sizeof (int));
  Reader r = { { filename, BS_VARIANT_ERROR }, doc, by_names, by_lines };
  g_autoptr(xmlDoc) xml = NULL;

  document_init (doc);
  doc->filename = g_strdup (filename);
  xml = bs_xml_parse_full (data, length, &r.source, BS_RULES_MAX_FILE_SIZE, error);
  if (xml == NULL || !read_root (&r, xmlDocGetRootElement (xml), error))
    return NULL;
  return g_steal_pointer (&doc);
}

BsRulesDocument *
bs_rules_document_load_file (const char  *path,
                             GError     **error)
{
  BsXmlSource source = { path, BS_VARIANT_ERROR };
  g_autoptr(GBytes) bytes = bs_xml_read_file (path, &source, BS_RULES_MAX_FILE_SIZE, error);
  gsize length;
  const char *data;

  if (bytes == NULL)
    return NULL;
  data = g_bytes_get_data (bytes, &length);
  return bs_rules_document_parse (data, length, path, error);
}

GBytes *
bs_rules_document_renamed_copy (const char  *source,
                                const char  *target,
                                const char  *id,
                                const char  *name,
                                GError     **error)
{
  const BsXmlSource xml_source = { source, BS_VARIANT_ERROR };
  g_autoptr(xmlDoc) doc = NULL;
  g_autoptr(BsRulesDocument) copy = NULL;
  g_autoptr(GBytes) bytes = NULL;
  xmlNode *root;
  xmlChar *text = NULL;
  int length = 0;

  g_return_val_if_fail (source != NULL && target != NULL && id != NULL && name != NULL, NULL);

  doc = bs_xml_parse_file (source, &xml_source, BS_RULES_MAX_FILE_SIZE, error);
  if (doc == NULL)
    return NULL;
  root = xmlDocGetRootElement (doc);
  xmlSetProp (root, (const xmlChar *) "id", (const xmlChar *) id);
  for (xmlNode *child = root->children; child != NULL; child = child->next)
    if (child->type == XML_ELEMENT_NODE && xmlStrEqual (child->name, (const xmlChar *) "name"))
      {
        /* Raw text: xmlNodeAddContent escapes it when the file is written. */
        xmlNodeSetContent (child, NULL);
        xmlNodeAddContent (child, (const xmlChar *) name);
        break;
      }
  xmlDocDumpMemoryEnc (doc, &text, &length, "UTF-8");
  bytes = g_bytes_new (text, (gsize) length);
  xmlFree (text);

  copy = bs_rules_document_parse (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes),
                                  target, error);
  if (copy == NULL)
    return NULL;
  g_assert (g_str_equal (copy->id, id) && g_str_equal (copy->name, name));
  return g_steal_pointer (&bytes);
}

void
bs_rules_document_free (BsRulesDocument *doc)
{
  if (doc == NULL)
    return;
  for (guint i = 0; i < doc->options->len; i++)
    {
      BsOptionSpec *o = &g_array_index (doc->options, BsOptionSpec, i);

      g_free ((char *) o->id);
      g_free ((char *) o->label);
      g_free ((char *) o->description);
    }
  for (guint i = 0; i < doc->kinds->len; i++)
    {
      g_free ((char *) g_array_index (doc->kinds, BsKindSpec, i).id);
      g_free ((char *) g_array_index (doc->kinds, BsKindSpec, i).label);
    }
  for (guint i = 0; i < doc->regions->len; i++)
    {
      BsRulesRegion *reg = &g_array_index (doc->regions, BsRulesRegion, i);

      g_free (reg->id);
      g_free (reg->label);
      g_free (reg->defaults[1]);
      g_free (reg->defaults[2]);
    }
  for (guint i = 0; i < doc->steps->len; i++)
    {
      BsRulesStep *step = &g_array_index (doc->steps, BsRulesStep, i);

      for (int d = 0; d < step->n_dirs; d++)
        g_free (step->dirs[d].name);
      for (int d = 0; d < step->n_bracket_dirs; d++)
        g_free (step->bracket_dirs[d].name);
      g_free (step->word_id);
      g_free (step->word_label);
      g_free (step->word_description);
      g_free (step->word_explain);
      for (int d = 0; d < step->n_follow_dirs; d++)
        g_free (step->follow_dirs[d].name);
      g_free (step->follow_label);
    }
  for (guint i = 0; i < doc->ends->len; i++)
    {
      BsRulesEnd *e = &g_array_index (doc->ends, BsRulesEnd, i);

      g_free (e->sentence);
      g_free (e->misere_sentence);
      for (int d = 0; d < e->n_dirs; d++)
        g_free (e->dirs[d].name);
    }
  for (guint i = 0; i < doc->measures->len; i++)
    {
      g_free (g_array_index (doc->measures, BsRulesMeasure, i).id);
      g_free (g_array_index (doc->measures, BsRulesMeasure, i).label);
    }
  for (guint i = 0; i < doc->texts->len; i++)
    g_free (g_array_index (doc->texts, BsRulesText, i).text);
  g_array_unref (doc->options);
  g_ptr_array_unref (doc->option_choices);
  g_array_unref (doc->kinds);
  g_array_unref (doc->kind_weights);
  for (guint i = 0; i < doc->weights->len; i++)
    g_free (g_array_index (doc->weights, BsRulesWeight, i).feature);
  g_array_unref (doc->weights);
  g_ptr_array_unref (doc->kind_letters);
  g_array_unref (doc->regions);
  g_array_unref (doc->fills);
  g_array_unref (doc->steps);
  g_array_unref (doc->ends);
  g_array_unref (doc->measures);
  g_array_unref (doc->texts);
  g_array_unref (doc->phases);
  g_ptr_array_unref (doc->marks);
  g_free (doc->stay_id);
  g_free (doc->stay_label);
  g_free (doc->stay_note);
  for (int p = 0; p < 2; p++)
    {
      g_free (doc->player_names[p]);
      g_free (doc->player_colors[p]);
    }
  g_free (doc->filename);
  g_free (doc->id);
  g_free (doc->name);
  g_free (doc->description);
  g_free (doc->piece_noun);
  g_free (doc->direction_label);
  g_free (doc->move_separator);
  g_free (doc->how_to_write);
  g_free (doc->explain_move);
  g_free (doc->explain_capture);
  g_free (doc->explain_pass);
  g_free (doc->explain_place);
  g_free (doc->explain_swap);
  g_free (doc);
}
