/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-engine"

#include "config.h"

#include "bs-record.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include <glib/gi18n-lib.h>
#include <libxml/tree.h>

#include "bs-error.h"
#include "bs-file.h"
#include "bs-ruleset.h"
#include "bs-variant-xml-private.h"
#include "bs-xml.h"

static const char * const result_names[] = {
  [BS_RESULT_ONGOING] = "ongoing",
  [BS_RESULT_WIN_1] = "win-1",
  [BS_RESULT_WIN_2] = "win-2",
  [BS_RESULT_DRAW] = "draw",
};

const char *
bs_record_result_to_string (BsResult result)
{
  g_return_val_if_fail ((guint) result < G_N_ELEMENTS (result_names), NULL);
  return result_names[result];
}

gboolean
bs_record_result_from_string (const char *text,
                              BsResult   *result)
{
  for (guint i = 0; i < G_N_ELEMENTS (result_names); i++)
    if (g_strcmp0 (text, result_names[i]) == 0)
      {
        *result = (BsResult) i;
        return TRUE;
      }
  return FALSE;
}

static void
record_move_clear (gpointer data)
{
  BsRecordMove *move = data;

  g_free (move->text);
}

static BsRecord *
record_alloc (void)
{
  BsRecord *record = g_new0 (BsRecord, 1);

  record->moves = g_array_new (FALSE, TRUE, sizeof (BsRecordMove));
  g_array_set_clear_func (record->moves, record_move_clear);
  return record;
}

BsRecord *
bs_record_new (const BsVariant *variant,
               guint64          seed)
{
  BsRecord *record;

  g_return_val_if_fail (variant != NULL, NULL);

  record = record_alloc ();
  record->variant = bs_variant_copy (variant);
  record->seed = seed;
  return record;
}

void
bs_record_free (BsRecord *record)
{
  if (record == NULL)
    return;
  g_free (record->filename);
  g_clear_pointer (&record->variant, bs_variant_free);
  g_free (record->players[0]);
  g_free (record->players[1]);
  g_free (record->date);
  g_array_unref (record->moves);
  g_free (record);
}

void
bs_record_add_move (BsRecord   *record,
                    const char *text)
{
  BsRecordMove move = { g_strdup (text), 0 };

  g_return_if_fail (record != NULL && text != NULL);
  g_array_append_val (record->moves, move);
}

const char *
bs_record_get_player (const BsRecord *record,
                      int             player)
{
  g_return_val_if_fail (record != NULL && (player == 1 || player == 2), NULL);

  if (record->players[player - 1] != NULL)
    return record->players[player - 1];
  return record->variant->players[player - 1].name;
}

void
bs_record_set_player (BsRecord   *record,
                      int         player,
                      const char *name)
{
  g_return_if_fail (record != NULL && (player == 1 || player == 2));

  g_free (record->players[player - 1]);
  record->players[player - 1] = g_strdup (name);
}

void
bs_record_set_date_now (BsRecord *record)
{
  g_autoptr (GDateTime) now = g_date_time_new_now_utc ();

  g_return_if_fail (record != NULL);
  g_free (record->date);
  record->date = g_date_time_format (now, "%Y-%m-%dT%H:%M:%SZ");
}

void
bs_record_set_result (BsRecord *record,
                      BsResult  result)
{
  g_return_if_fail (record != NULL);
  record->has_result = TRUE;
  record->result = result;
}

void
bs_record_set_ending (BsRecord *record,
                      BsEnding  ending)
{
  g_return_if_fail (record != NULL);
  g_return_if_fail ((guint) ending < BS_N_ENDINGS);
  record->ending = ending;
}

G_GNUC_PRINTF (5, 6)
static void
record_error (GError    **error,
              int         code,
              const char *filename,
              xmlNode    *node,
              const char *format,
              ...)
{
  BsXmlSource source = { filename, BS_RECORD_ERROR };
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  bs_xml_set_error (error, &source, code, node != NULL ? bs_xml_line (node) : 0, "%s", message);
}

static gboolean
is_element (xmlNode    *node,
            const char *name)
{
  return node->type == XML_ELEMENT_NODE && xmlStrcmp (node->name, BAD_CAST name) == 0;
}

/* The trimmed text of an element, or NULL with an error if it holds
 * elements. */
static char *
element_text (xmlNode     *node,
              const char  *filename,
              GError     **error)
{
  xmlChar *content;
  char *text;

  for (xmlNode *child = node->children; child != NULL; child = child->next)
    if (child->type == XML_ELEMENT_NODE)
      {
        record_error (error, BS_RECORD_ERROR_SCHEMA, filename, child,
                      _("unexpected element <%s> in <%s>, which holds only text"),
                      (const char *) child->name, (const char *) node->name);
        return NULL;
      }
  content = xmlNodeGetContent (node);
  text = g_strdup (content != NULL ? (const char *) content : "");
  xmlFree (content);
  return g_strstrip (text);
}

static char *
get_attribute (xmlNode    *node,
               const char *name)
{
  xmlChar *value = xmlGetProp (node, BAD_CAST name);
  char *copy = g_strdup ((const char *) value);

  xmlFree (value);
  return copy;
}

/* Only the attributes listed may appear. */
static gboolean
check_attributes (xmlNode            *node,
                  const char * const *allowed,
                  const char         *filename,
                  GError            **error)
{
  for (xmlAttr *attr = node->properties; attr != NULL; attr = attr->next)
    if (!g_strv_contains (allowed, (const char *) attr->name))
      {
        g_autofree char *name = bs_excerpt ((const char *) attr->name);
        record_error (error, BS_RECORD_ERROR_SCHEMA, filename, node,
                      _("unknown attribute “%s” on <%s>"), name, (const char *) node->name);
        return FALSE;
      }
  return TRUE;
}

/* n digits at text, as a number (-1 if they are not all digits). */
static int
read_digits (const char *text,
             int         n)
{
  int value = 0;

  for (int i = 0; i < n; i++)
    {
      if (!g_ascii_isdigit (text[i]))
        return -1;
      value = value * 10 + (text[i] - '0');
    }
  return value;
}

/* A calendar date (YYYY-MM-DD), or a date and a time to the second with an
 * optional fraction and zone (YYYY-MM-DDThh:mm:ss[.f][Z|±hh:mm]; without a
 * zone it is UTC): what rules/boardsmith-record.rng accepts, no more. */
static gboolean
check_date (const char *text)
{
  const char *p = text;
  int y, m, d, hours, minutes, seconds;

  y = read_digits (p, 4);
  if (y < 1 || p[4] != '-' || (m = read_digits (p + 5, 2)) < 0 || p[7] != '-' ||
      (d = read_digits (p + 8, 2)) < 0 ||
      !g_date_valid_dmy ((GDateDay) d, (GDateMonth) m, (GDateYear) y))
    return FALSE;
  p += 10;
  if (*p == '\0')
    return TRUE;
  if (*p != 'T' || (hours = read_digits (p + 1, 2)) < 0 || p[3] != ':' ||
      (minutes = read_digits (p + 4, 2)) < 0 || p[6] != ':' ||
      (seconds = read_digits (p + 7, 2)) < 0 ||
      hours > 23 || minutes > 59 || seconds > 59)
    return FALSE;
  p += 9;
  if (*p == '.')
    {
      if (!g_ascii_isdigit (p[1]))
        return FALSE;
      for (p++; g_ascii_isdigit (*p); p++)
        ;
    }
  if (*p == '\0' || (p[0] == 'Z' && p[1] == '\0'))
    return TRUE;
  if ((*p != '+' && *p != '-') || (hours = read_digits (p + 1, 2)) < 0 || p[3] != ':' ||
      (minutes = read_digits (p + 4, 2)) < 0 || p[6] != '\0')
    return FALSE;
  return minutes <= 59 && (hours < 14 || (hours == 14 && minutes == 0));
}

static gboolean
load_players (BsRecord  *record,
              xmlNode   *node,
              GError   **error)
{
  static const char * const player_attributes[] = { "number", "name", NULL };

  if (!check_attributes (node, (const char * const[]) { NULL }, record->filename, error))
    return FALSE;
  for (xmlNode *child = node->children; child != NULL; child = child->next)
    {
      g_autofree char *number = NULL;
      g_autofree char *name = NULL;
      int player;

      if (child->type != XML_ELEMENT_NODE)
        continue;
      if (!is_element (child, "player"))
        {
          record_error (error, BS_RECORD_ERROR_SCHEMA, record->filename, child,
                        _("unknown element <%s> in <players>"), (const char *) child->name);
          return FALSE;
        }
      if (!check_attributes (child, player_attributes, record->filename, error))
        return FALSE;
      number = get_attribute (child, "number");
      name = get_attribute (child, "name");
      if (number == NULL || name == NULL)
        {
          record_error (error, BS_RECORD_ERROR_SCHEMA, record->filename, child,
                        _("<player> needs the attributes “number” and “name”"));
          return FALSE;
        }
      if (g_str_equal (number, "1") || g_str_equal (number, "2"))
        player = number[0] - '0';
      else
        {
          g_autofree char *quoted = bs_excerpt (number);
          record_error (error, BS_RECORD_ERROR_VALUE, record->filename, child,
                        _("player number “%s” is not 1 or 2"), quoted);
          return FALSE;
        }
      if (g_utf8_strlen (name, -1) > BS_VARIANT_MAX_PLAYER_NAME_LENGTH)
        {
          record_error (error, BS_RECORD_ERROR_VALUE, record->filename, child,
                        _("<player name> is too long (%ld characters; at most %d)"),
                        g_utf8_strlen (name, -1), BS_VARIANT_MAX_PLAYER_NAME_LENGTH);
          return FALSE;
        }
      if (record->players[player - 1] != NULL)
        {
          record_error (error, BS_RECORD_ERROR_SCHEMA, record->filename, child,
                        _("player %d is named twice"), player);
          return FALSE;
        }
      record->players[player - 1] = g_steal_pointer (&name);
    }
  return TRUE;
}

static gboolean
load_moves (BsRecord  *record,
            xmlNode   *node,
            GError   **error)
{
  if (!check_attributes (node, (const char * const[]) { NULL }, record->filename, error))
    return FALSE;
  for (xmlNode *child = node->children; child != NULL; child = child->next)
    {
      BsRecordMove move;
      char *text;

      if (child->type != XML_ELEMENT_NODE)
        continue;
      if (!is_element (child, "move"))
        {
          record_error (error, BS_RECORD_ERROR_SCHEMA, record->filename, child,
                        _("unknown element <%s> in <moves>"), (const char *) child->name);
          return FALSE;
        }
      if (!check_attributes (child, (const char * const[]) { NULL }, record->filename, error)
          || (text = element_text (child, record->filename, error)) == NULL)
        return FALSE;
      if (*text == '\0')
        {
          g_free (text);
          record_error (error, BS_RECORD_ERROR_VALUE, record->filename, child,
                        _("empty <move> (move %u)"), record->moves->len + 1);
          return FALSE;
        }
      move.text = text;
      move.line = bs_xml_line (child);
      g_array_append_val (record->moves, move);
    }
  return TRUE;
}

/* The reason="…" of <result>: one of the stable ending ids. */
static gboolean
load_reason (BsRecord  *record,
             xmlNode   *node,
             GError   **error)
{
  g_autofree char *value = get_attribute (node, "reason");
  g_autofree char *reason = NULL;

  record->ending = BS_ENDING_NONE;
  if (value == NULL)
    return TRUE;
  reason = bs_excerpt (value);
  if (!bs_ending_from_string (value, &record->ending))
    {
      g_autoptr(GString) known = g_string_new (NULL);

      for (guint e = 0; e < BS_N_ENDINGS; e++)
        g_string_append_printf (known, "%s%s", e ? ", " : "", bs_ending_to_string ((BsEnding) e));
      record_error (error, BS_RECORD_ERROR_VALUE, record->filename, node,
                    _("result reason “%s” is not one of %s"), reason, known->str);
      return FALSE;
    }
  if ((record->ending == BS_ENDING_NONE) != (record->result == BS_RESULT_ONGOING))
    {
      record_error (error, BS_RECORD_ERROR_VALUE, record->filename, node,
                    record->ending == BS_ENDING_NONE
                    ? _("result reason “%s” for a game that is over")
                    : _("result reason “%s” for a game that goes on"),
                    reason);
      return FALSE;
    }
  return TRUE;
}

static gboolean
load_record (BsRecord  *record,
             xmlNode   *root,
             GError   **error)
{
  static const char * const root_attributes[] = { "format", NULL };
  static const char * const children[] = {
    "variant", "seed", "players", "date", "result", "moves", NULL
  };
  xmlNode *seen[G_N_ELEMENTS (children)] = { NULL };
  const char *filename = record->filename;
  g_autofree char *format = NULL;
  g_autofree char *text = NULL;
  guint64 format_version;

  if (!is_element (root, "record"))
    {
      record_error (error, BS_RECORD_ERROR_SCHEMA, filename, root,
                    _("the root element is <%s>, not <record>: this is not a game record"),
                    (const char *) root->name);
      return FALSE;
    }
  if (!check_attributes (root, root_attributes, filename, error))
    return FALSE;
  format = get_attribute (root, "format");
  if (format == NULL)
    {
      record_error (error, BS_RECORD_ERROR_SCHEMA, filename, root,
                    _("<record> has no “format” attribute"));
      return FALSE;
    }
  if (!g_ascii_string_to_unsigned (format, 10, 1, G_MAXINT, &format_version, NULL))
    {
      g_autofree char *quoted = bs_excerpt (format);
      record_error (error, BS_RECORD_ERROR_VALUE, filename, root,
                    _("record format “%s” is not a number"), quoted);
      return FALSE;
    }
  if (format_version != BS_RECORD_FORMAT_VERSION)
    {
      record_error (error, BS_RECORD_ERROR_VALUE, filename, root,
                    _("record format %s is not supported (this version reads format %d)"),
                    format, BS_RECORD_FORMAT_VERSION);
      return FALSE;
    }

  for (xmlNode *child = root->children; child != NULL; child = child->next)
    {
      guint i;

      if (child->type != XML_ELEMENT_NODE)
        continue;
      for (i = 0; children[i] != NULL; i++)
        if (is_element (child, children[i]))
          break;
      if (children[i] == NULL)
        {
          g_autofree char *name = bs_excerpt ((const char *) child->name);
          record_error (error, BS_RECORD_ERROR_SCHEMA, filename, child,
                        _("unknown element <%s> in <record>"), name);
          return FALSE;
        }
      if (seen[i] != NULL)
        {
          record_error (error, BS_RECORD_ERROR_SCHEMA, filename, child,
                        _("a second <%s> (the first is on line %d)"),
                        children[i], bs_xml_line (seen[i]));
          return FALSE;
        }
      seen[i] = child;
    }

  for (guint i = 0; i < G_N_ELEMENTS (children) - 1; i++)
    {
      xmlNode *node = seen[i];

      if (node == NULL)
        {
          if (g_str_equal (children[i], "variant") || g_str_equal (children[i], "seed")
              || g_str_equal (children[i], "moves"))
            {
              record_error (error, BS_RECORD_ERROR_SCHEMA, filename, root,
                            _("<record> has no <%s>"), children[i]);
              return FALSE;
            }
          continue;
        }

      if (g_str_equal (children[i], "variant"))
        {
          record->variant = bs_variant_from_node (node, filename, error);
          if (record->variant == NULL)
            return FALSE;
          continue;
        }
      if (g_str_equal (children[i], "players"))
        {
          if (!load_players (record, node, error))
            return FALSE;
          continue;
        }
      if (g_str_equal (children[i], "moves"))
        {
          if (!load_moves (record, node, error))
            return FALSE;
          continue;
        }

      if (!check_attributes (node, g_str_equal (children[i], "result")
                                   ? (const char * const[]) { "reason", NULL }
                                   : (const char * const[]) { NULL },
                             filename, error))
        return FALSE;
      g_clear_pointer (&text, g_free);
      if ((text = element_text (node, filename, error)) == NULL)
        return FALSE;
      if (g_str_equal (children[i], "seed"))
        {
          if (!g_ascii_string_to_unsigned (text, 10, 0, G_MAXUINT64, &record->seed, NULL))
            {
              g_autofree char *quoted = bs_excerpt (text);
              record_error (error, BS_RECORD_ERROR_VALUE, filename, node,
                            _("seed “%s” is not a whole number from 0 to %s"),
                            quoted, "18446744073709551615");
              return FALSE;
            }
        }
      else if (g_str_equal (children[i], "date"))
        {
          if (!check_date (text))
            {
              g_autofree char *quoted = bs_excerpt (text);
              record_error (error, BS_RECORD_ERROR_VALUE, filename, node,
                            _("date “%s” is not an ISO 8601 date (2026-11-21 or "
                              "2026-11-21T17:00:00Z)"),
                            quoted);
              return FALSE;
            }
          record->date = g_steal_pointer (&text);
        }
      else if (g_str_equal (children[i], "result"))
        {
          if (!bs_record_result_from_string (text, &record->result))
            {
              g_autofree char *quoted = bs_excerpt (text);
              record_error (error, BS_RECORD_ERROR_VALUE, filename, node,
                            _("result “%s” is not one of ongoing, win-1, win-2, draw"), quoted);
              return FALSE;
            }
          record->has_result = TRUE;
          record->result_line = bs_xml_line (node);
          if (!load_reason (record, node, error))
            return FALSE;
        }
    }
  return TRUE;
}

/* The record in doc (which it frees); the variant checked by its module. */
static BsRecord *
load_doc (xmlDoc      *doc,
          const char  *filename,
          GError     **error)
{
  g_autoptr (BsRecord) record = record_alloc ();
  gboolean ok;

  record->filename = g_strdup (filename);
  ok = load_record (record, xmlDocGetRootElement (doc), error);
  xmlFreeDoc (doc);
  if (!ok || !bs_variant_validate (record->variant, error))
    return NULL;
  return g_steal_pointer (&record);
}

BsRecord *
bs_record_load_data (const char  *data,
                     gsize        length,
                     const char  *filename,
                     GError     **error)
{
  BsXmlSource source = { filename, BS_RECORD_ERROR };
  xmlDoc *doc;

  g_return_val_if_fail (data != NULL || length == 0, NULL);

  doc = bs_xml_parse_full (data, length, &source, BS_RECORD_MAX_FILE_SIZE, error);
  if (doc == NULL)
    return NULL;
  return load_doc (doc, filename, error);
}

BsRecord *
bs_record_load_file (const char  *path,
                     GError     **error)
{
  BsXmlSource source = { path, BS_RECORD_ERROR };
  xmlDoc *doc;

  g_return_val_if_fail (path != NULL, NULL);

  doc = bs_xml_parse_file (path, &source, BS_RECORD_MAX_FILE_SIZE, error);
  if (doc == NULL)
    return NULL;
  return load_doc (doc, path, error);
}

static xmlNode *
add_text_child (xmlNode    *parent,
                const char *name,
                const char *text)
{
  return xmlNewTextChild (parent, NULL, BAD_CAST name, BAD_CAST text);
}

char *
bs_record_to_xml (const BsRecord *record,
                  gsize          *length)
{
  xmlDoc *doc;
  xmlNode *root, *players, *moves;
  char *result;
  g_autofree char *seed = NULL;

  g_return_val_if_fail (record != NULL, NULL);

  doc = xmlNewDoc (BAD_CAST "1.0");
  root = xmlNewDocNode (doc, NULL, BAD_CAST "record", NULL);
  xmlDocSetRootElement (doc, root);
  xmlSetProp (root, BAD_CAST "format", BAD_CAST G_STRINGIFY (BS_RECORD_FORMAT_VERSION));

  xmlAddChild (root, bs_variant_to_node (record->variant, doc));
  seed = g_strdup_printf ("%" G_GUINT64_FORMAT, record->seed);
  add_text_child (root, "seed", seed);

  players = xmlNewChild (root, NULL, BAD_CAST "players", NULL);
  for (int p = 1; p <= 2; p++)
    {
      xmlNode *player = xmlNewChild (players, NULL, BAD_CAST "player", NULL);
      char number[2] = { (char) ('0' + p), '\0' };
      const char *name = bs_record_get_player (record, p);

      xmlSetProp (player, BAD_CAST "number", BAD_CAST number);
      xmlSetProp (player, BAD_CAST "name", BAD_CAST (name != NULL ? name : ""));
    }
  if (record->date != NULL)
    add_text_child (root, "date", record->date);
  if (record->has_result)
    {
      xmlNode *result_node = add_text_child (root, "result",
                                             bs_record_result_to_string (record->result));

      if (record->ending != BS_ENDING_NONE && record->result != BS_RESULT_ONGOING)
        xmlSetProp (result_node, BAD_CAST "reason", BAD_CAST bs_ending_to_string (record->ending));
    }

  moves = xmlNewChild (root, NULL, BAD_CAST "moves", NULL);
  for (guint i = 0; i < record->moves->len; i++)
    add_text_child (moves, "move", g_array_index (record->moves, BsRecordMove, i).text);

  result = bs_xml_to_string (doc, length);
  xmlFreeDoc (doc);
  return result;
}

gboolean
bs_record_save_file (const BsRecord  *record,
                     const char      *path,
                     GError         **error)
{
  g_autofree char *data = NULL;
  gsize length;

  g_return_val_if_fail (record != NULL && path != NULL, FALSE);

  data = bs_record_to_xml (record, &length);
  /* Written to a temporary file and renamed over the target: a crash never
   * leaves half a record; errors name path (bs-file.h). */
  return bs_file_write_atomic (path, data, length, BS_FILE_WRITE_SYNC, error);
}

gboolean
bs_record_play_moves (const BsRecord   *record,
                      const BsRuleset  *ruleset,
                      BsPosition       *position,
                      guint            *n_played,
                      GError          **error)
{
  BsXmlSource source = { NULL, BS_RECORD_ERROR };
  guint played = 0;
  gboolean ok = TRUE;

  g_return_val_if_fail (record != NULL && ruleset != NULL && position != NULL, FALSE);

  source.filename = record->filename;
  for (; played < record->moves->len; played++)
    {
      const BsRecordMove *move = &g_array_index (record->moves, BsRecordMove, played);
      g_autoptr (GError) local_error = NULL;

      if (!bs_ruleset_play_turn (ruleset, position, move->text, &local_error))
        {
          bs_xml_set_error (error, &source, BS_RECORD_ERROR_MOVE, move->line,
                            _("ply %u: %s"), played + 1, local_error->message);
          ok = FALSE;
          break;
        }
    }
  if (n_played != NULL)
    *n_played = played;
  return ok;
}

char *
bs_record_check_result (const BsRecord   *record,
                        const BsRuleset  *ruleset,
                        const BsPosition *final)
{
  BsXmlSource source = { NULL, BS_RECORD_ERROR };
  g_autoptr (GError) warning = NULL;

  g_return_val_if_fail (record != NULL && ruleset != NULL && final != NULL, NULL);

  if (!record->has_result)
    return NULL;
  source.filename = record->filename;
  if (record->result != (BsResult) final->result)
    bs_xml_set_error (&warning, &source, BS_RECORD_ERROR_VALUE, record->result_line,
                      _("the record gives the result %s, but its moves end with %s"),
                      bs_record_result_to_string (record->result),
                      bs_record_result_to_string ((BsResult) final->result));
  else if (record->ending != BS_ENDING_NONE && record->ending != bs_ruleset_ending (ruleset, final))
    bs_xml_set_error (&warning, &source, BS_RECORD_ERROR_VALUE, record->result_line,
                      _("the record says the game ended by %s, but its moves end it by %s"),
                      bs_ending_to_string (record->ending),
                      bs_ending_to_string (bs_ruleset_ending (ruleset, final)));
  return warning != NULL ? g_strdup (warning->message) : NULL;
}

gboolean
bs_record_replay (const BsRecord  *record,
                  BsRuleset      **ruleset,
                  BsPosition     **position,
                  guint           *n_played,
                  GError         **error)
{
  g_autoptr (BsRuleset) rs = NULL;
  g_autofree BsPosition *pos = NULL;
  gboolean ok;

  g_return_val_if_fail (record != NULL, FALSE);

  rs = bs_ruleset_new (record->variant, error);
  if (rs == NULL)
    return FALSE;
  pos = bs_ruleset_new_position (rs, record->seed);

  ok = bs_record_play_moves (record, rs, pos, n_played, error);

  if (position != NULL)
    *position = g_steal_pointer (&pos);
  if (ruleset != NULL)
    *ruleset = g_steal_pointer (&rs);
  return ok;
}
