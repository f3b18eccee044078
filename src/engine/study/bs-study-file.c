/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-study-file.c: the study file — written by hand in one canonical form
 * (so the same games give the same bytes however they were played), read
 * as a stream (bs_xml_stream) one game at a time. docs/BALANCE.md
 * describes the format. */
#define G_LOG_DOMAIN "boardsmith-study"
/* O_CLOEXEC, fsync, ftruncate under -std=c17. */
#define _POSIX_C_SOURCE 200809L

#include "config.h"

#include "bs-study.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <libxml/tree.h>

#include "bs-error.h"
#include "bs-file.h"
#include "bs-ruleset.h"
#include "bs-study-private.h"
#include "bs-variant-xml-private.h"
#include "bs-xml.h"

/* A journal larger than this is refused (a running study folds its
 * journal into the file long before). */
#define READ_CHUNK       (64 * 1024)

static const char * const result_names[] = { "ongoing", "win-1", "win-2", "draw", NULL };
static const char * const kind_names[] = { "single", "sweep", "compare", "players", NULL };

/* Writing. */

static void
append_escaped (GString    *out,
                const char *text)
{
  g_autofree char *escaped = g_markup_escape_text (text, -1);
  g_string_append (out, escaped);
}

/* A tab, newline or return in an attribute is written as a character
 * reference: the reader would read it as a space. */
static void
append_attr (GString    *out,
             const char *name,
             const char *value)
{
  g_autofree char *escaped = g_markup_escape_text (value, -1);

  g_string_append_printf (out, " %s=\"", name);
  for (const char *c = escaped; *c != '\0'; c++)
    if (*c == '\t' || *c == '\n' || *c == '\r')
      g_string_append_printf (out, "&#%d;", *c);
    else
      g_string_append_c (out, *c);
  g_string_append_c (out, '"');
}

/* Six digits when they read back as the same number, else all of them. */
static char *
format_margin (double margin)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  g_ascii_formatd (buffer, sizeof buffer, "%.6g", margin);
  if (g_ascii_strtod (buffer, NULL) != margin)
    g_ascii_formatd (buffer, sizeof buffer, "%.17g", margin);
  return g_strdup (buffer);
}

/* Everything before the first game. */
static GString *
header_xml (const BsStudy *study)
{
  GString *out = g_string_new ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
  xmlDoc *doc = xmlNewDoc (BAD_CAST "1.0");

  g_string_append_printf (out, "<study format=\"%d\" kind=\"%s\" seed=\"%" G_GUINT64_FORMAT "\"",
                          BS_STUDY_FORMAT_VERSION, kind_names[study->kind], study->seed);
  /* Only the evaluator that came after the first is named: a file of the first (or of a
   * study that evaluates nothing) keeps the bytes it always had. */
  if (study->evaluator == BS_STUDY_EVALUATOR_CUT_PLAYOUTS)
    append_attr (out, "evaluator", bs_study_evaluator_to_string (study->evaluator));
  g_string_append (out, ">\n");
  g_string_append (out, "  <players>\n");
  for (int i = 0; i < 2; i++)
    {
      g_string_append_printf (out, "    <player id=\"%c\"", 'A' + i);
      append_attr (out, "level", study->players[i].level);
      g_string_append (out, "/>\n");
    }
  g_string_append (out, "  </players>\n");
  if (study->margin > 0)
    {
      g_autofree char *margin = format_margin (study->margin);
      g_string_append_printf (out, "  <stop margin=\"%s\" games=\"%u\"/>\n", margin, study->games);
    }
  else
    g_string_append_printf (out, "  <stop games=\"%u\"/>\n", study->games);
  if (study->sweep_key != NULL)
    {
      g_string_append (out, "  <sweep");
      append_attr (out, "key", study->sweep_key);
      if (study->default_arm >= 0)
        g_string_append_printf (out, " default-arm=\"%d\"", study->default_arm);
      g_string_append (out, "/>\n");
    }
  for (guint i = 0; i < study->arms->len; i++)
    {
      const BsStudyArm *arm = study->arms->pdata[i];
      xmlBuffer *buffer = xmlBufferCreate ();
      xmlNode *node = bs_variant_to_node (arm->variant, doc);

      g_string_append (out, "  <arm");
      if (arm->value != NULL)
        append_attr (out, "value", arm->value);
      g_string_append (out, ">\n    ");
      xmlNodeDump (buffer, doc, node, 2, 1);
      g_string_append_len (out, (const char *) xmlBufferContent (buffer),
                           xmlBufferLength (buffer));
      g_string_append (out, "\n  </arm>\n");
      xmlBufferFree (buffer);
      xmlFreeNode (node);
    }
  if (study->shard_count > 1)
    g_string_append_printf (out, "  <shard index=\"%u\" count=\"%u\"/>\n",
                            study->shard_index, study->shard_count);
  if (study->replicate_seeds != NULL)
    {
      g_string_append (out, "  <replicates>\n");
      for (guint r = 0; r < study->replicate_seeds->len; r++)
        g_string_append_printf (out, "    <replicate seed=\"%" G_GUINT64_FORMAT "\"/>\n",
                                g_array_index (study->replicate_seeds, guint64, r));
      g_string_append (out, "  </replicates>\n");
    }
  g_string_append (out, "  <games>\n");
  xmlFreeDoc (doc);
  return out;
}

static const char footer[] = "  </games>\n</study>\n";

char *
bs_study_game_to_xml (const BsStudy     *study,
                      const BsStudyGame *game)
{
  GString *out = g_string_sized_new (256 + game->plies * 16);
  guint step = 0;

  g_string_append_printf (out, "    <game arm=\"%u\"", game->arm);
  /* Only in a study of pooled replicates (docs/BALANCE.md, Replicates). */
  if (study->replicate_seeds != NULL)
    g_string_append_printf (out, " replicate=\"%u\"", game->replicate);
  g_string_append_printf (out, " number=\"%u\" seats=\"%s\" result=\"%s\"",
                          game->number, game->swapped ? "BA" : "AB", result_names[game->result]);
  append_attr (out, "reason", game->reason != NULL ? game->reason : "rules");
  g_string_append_printf (out, " plies=\"%u\" score-1=\"%d\" score-2=\"%d\" pieces-1=\"%d\" "
                          "pieces-2=\"%d\"", game->plies, game->scores[0], game->scores[1],
                          game->pieces[0], game->pieces[1]);
  /* Optional (older files lack them): docs/BALANCE.md, The study file. */
  if (game->cells > 0)
    g_string_append_printf (out, " cells=\"%u\" covered=\"%u\"", game->cells, game->covered);
  if (game->repeats >= 0)
    g_string_append_printf (out, " repeats=\"%d\"", game->repeats);
  if (game->score_difference >= 0)
    g_string_append_printf (out, " score-difference=\"%" G_GINT64_FORMAT "\"",
                            game->score_difference);
  g_string_append (out, ">\n");

  g_string_append (out, "      <moves>");
  for (guint i = 0; i < game->moves->len; i++)
    {
      if (i > 0)
        g_string_append_c (out, ' ');
      append_escaped (out, game->moves->pdata[i]);
    }
  g_string_append (out, "</moves>\n      <legal>");
  for (guint i = 0; i < game->step_counts->len; i++)
    {
      guint16 n = g_array_index (game->step_counts, guint16, i);

      if (i > 0)
        g_string_append_c (out, ' ');
      for (guint s = 0; s < n; s++, step++)
        g_string_append_printf (out, s > 0 ? "/%u" : "%u",
                                g_array_index (game->branching, guint16, step));
    }
  g_string_append (out, "</legal>\n");
  for (guint i = 0; i < game->evaluations->len; i++)
    if (g_array_index (game->evaluations, gint16, i) >= 0)
      {
        g_string_append (out, "      <evaluations>");
        for (guint j = 0; j < game->evaluations->len; j++)
          {
            gint16 e = g_array_index (game->evaluations, gint16, j);

            if (j > 0)
              g_string_append_c (out, ' ');
            if (e >= 0)
              g_string_append_printf (out, "%d", e);
            else
              g_string_append_c (out, '-');
          }
        g_string_append (out, "</evaluations>\n");
        break;
      }
  g_string_append (out, "    </game>\n");
  return g_string_free (out, FALSE);
}

struct _BsStudyWriter {
  BsFileWriter *file;
  GString      *buffer;
  gboolean      any;
  guint         last_arm;
  guint         last_replicate;
  guint         last_number;
  BsStudy      *study;
};

static gboolean
writer_flush (BsStudyWriter  *writer,
              GError        **error)
{
  if (!bs_file_writer_write (writer->file, writer->buffer->str, writer->buffer->len, error))
    return FALSE;
  g_string_truncate (writer->buffer, 0);
  return TRUE;
}

BsStudyWriter *
bs_study_writer_new (const BsStudy  *study,
                     const char     *path,
                     GError        **error)
{
  BsStudyWriter *writer;
  BsFileWriter *file;

  g_return_val_if_fail (study != NULL && path != NULL, NULL);

  /* The project's safe save, piece by piece: links followed, the mode
   * kept, folders and files the user may not write refused, on disk
   * (fsync) before it replaces the old file. */
  file = bs_file_writer_new (path, BS_FILE_WRITE_SYNC, error);
  if (file == NULL)
    return NULL;
  writer = g_new0 (BsStudyWriter, 1);
  writer->file = file;
  writer->study = bs_study_ref ((BsStudy *) study);
  writer->buffer = header_xml (study);
  return writer;
}

/* Whether (arm, replicate, number) comes after the last one: games are sorted by them. */
static gboolean
comes_after (guint arm,
             guint replicate,
             guint number,
             guint last_arm,
             guint last_replicate,
             guint last_number)
{
  if (arm != last_arm)
    return arm > last_arm;
  if (replicate != last_replicate)
    return replicate > last_replicate;
  return number > last_number;
}

static gboolean
writer_add_keyed (BsStudyWriter  *writer,
                  guint           arm,
                  guint           replicate,
                  guint           number,
                  const char     *xml,
                  GError        **error)
{
  g_return_val_if_fail (writer != NULL && xml != NULL, FALSE);
  g_return_val_if_fail (!writer->any || comes_after (arm, replicate, number, writer->last_arm,
                                                     writer->last_replicate,
                                                     writer->last_number), FALSE);

  writer->any = TRUE;
  writer->last_arm = arm;
  writer->last_replicate = replicate;
  writer->last_number = number;
  g_string_append (writer->buffer, xml);
  if (writer->buffer->len >= READ_CHUNK)
    return writer_flush (writer, error);
  return TRUE;
}

gboolean
bs_study_writer_add_xml (BsStudyWriter  *writer,
                         guint           arm,
                         guint           number,
                         const char     *xml,
                         GError        **error)
{
  return writer_add_keyed (writer, arm, 0, number, xml, error);
}

gboolean
bs_study_writer_add (BsStudyWriter     *writer,
                     const BsStudyGame *game,
                     GError           **error)
{
  g_autofree char *xml = bs_study_game_to_xml (writer->study, game);

  return writer_add_keyed (writer, game->arm, game->replicate, game->number, xml, error);
}

static void
writer_free (BsStudyWriter *writer)
{
  g_string_free (writer->buffer, TRUE);
  bs_study_unref (writer->study);
  g_free (writer);
}

void
bs_study_writer_abort (BsStudyWriter *writer)
{
  if (writer == NULL)
    return;
  bs_file_writer_abort (writer->file);
  writer_free (writer);
}

gboolean
bs_study_writer_finish (BsStudyWriter  *writer,
                        GError        **error)
{
  gboolean ok;

  g_return_val_if_fail (writer != NULL, FALSE);

  g_string_append (writer->buffer, footer);
  if (!writer_flush (writer, error))
    {
      bs_study_writer_abort (writer);
      return FALSE;
    }
  ok = bs_file_writer_finish (g_steal_pointer (&writer->file), error);
  writer_free (writer);
  return ok;
}

/* Reading. */

typedef struct {
  BsXmlSource   source;
  char         *path;
  BsXmlStream  *stream;
  int           fd;
  gboolean      eof;
  BsStudy      *study;          /* once the header is read */
  GQueue        games;          /* parsed, not yet taken */
  gboolean      any;
  guint         last_arm;
  guint         last_replicate;
  guint         last_number;
  int           last_line;
  gboolean      games_closed;
  guint64       newlines;       /* in the bytes read so far */
  guint64       bytes;
  GCancellable *cancellable;    /* checked at every block read */
} StudyReader;

/* An element's name in a message: as a value, at most BS_EXCERPT_LENGTH
 * characters (libxml2 allows names of 50,000). The copy lives until the
 * next call: messages take one each. */
static const char *
excerpt_name (const xmlChar *name)
{
  static GPrivate last = G_PRIVATE_INIT (g_free);
  char *text = bs_excerpt ((const char *) name);

  g_private_replace (&last, text);
  return text;
}

static gboolean
get_uint (const xmlNode     *node,
          const char        *attr,
          gboolean           required,
          guint              max,
          guint             *value,
          const BsXmlSource *source,
          GError           **error)
{
  g_autofree char *text = NULL;
  guint64 v;

  if (!bs_xml_get_string (node, attr, required, &text, source, error))
    return FALSE;
  if (text == NULL)
    return TRUE;
  if (!g_ascii_string_to_unsigned (text, 10, 0, max, &v, NULL))
    {
      g_autofree char *quoted = bs_excerpt (text);

      bs_xml_set_error (error, source, BS_XML_ERROR_VALUE, bs_xml_line (node),
                        /* Translators: <element attribute>: "value" is not … */
                        _("<%s %s>: \"%s\" is not a whole number from 0 to %u"),
                        node->name, attr, quoted, max);
      return FALSE;
    }
  *value = (guint) v;
  return TRUE;
}

static gboolean
parse_header_child (BsStudy           *study,
                    xmlNode           *node,
                    const BsXmlSource *source,
                    GError           **error)
{
  if (bs_xml_is (node, "players"))
    {
      static const char * const allowed[] = { "player", NULL };
      static const char * const attrs[] = { "id", "level", NULL };
      xmlNode *child;
      gboolean seen[2] = { FALSE, FALSE };
      BsXmlChildren walk;

      bs_xml_children_init (&walk, node, allowed, NULL, source);
      while ((child = bs_xml_children_next (&walk, error)) != NULL)
        {
          g_autofree char *id = NULL, *level = NULL;
          g_autoptr(GError) local = NULL;
          int index;

          if (!bs_xml_check_attributes (child, attrs, source, error) ||
              !bs_xml_get_string (child, "id", TRUE, &id, source, error) ||
              !bs_xml_get_string (child, "level", TRUE, &level, source, error))
            return FALSE;
          index = g_str_equal (id, "A") ? 0 : g_str_equal (id, "B") ? 1 : -1;
          if (index < 0 || seen[index])
            {
              g_autofree char *quoted = bs_excerpt (id);

              bs_xml_set_error (error, source, BS_XML_ERROR_VALUE, bs_xml_line (child),
                                _("<player id>: \"%s\" is not A or B, or is given twice"), quoted);
              return FALSE;
            }
          seen[index] = TRUE;
          bs_study_player_clear (&study->players[index]);
          if (!bs_study_player_init (&study->players[index], level, &local))
            {
              bs_xml_set_error (error, source, BS_XML_ERROR_VALUE, bs_xml_line (child),
                                /* Translators: %s is why the level is not valid. */
                                _("<player level>: %s"), local->message);
              return FALSE;
            }
        }
      if (error != NULL && *error != NULL)
        return FALSE;
      if (!seen[0] || !seen[1])
        {
          bs_xml_set_error (error, source, BS_XML_ERROR_SCHEMA, bs_xml_line (node),
                            _("<players> needs players A and B"));
          return FALSE;
        }
      study->swap = study->kind != BS_STUDY_PLAYERS &&
                    !g_str_equal (study->players[0].level, study->players[1].level);
      return TRUE;
    }
  if (bs_xml_is (node, "stop"))
    {
      static const char * const attrs[] = { "games", "margin", NULL };
      g_autofree char *margin = NULL;

      if (!bs_xml_check_attributes (node, attrs, source, error) ||
          !get_uint (node, "games", TRUE, BS_STUDY_MAX_GAMES, &study->games, source, error) ||
          !bs_xml_get_string (node, "margin", FALSE, &margin, source, error))
        return FALSE;
      if (margin != NULL)
        {
          char *end = NULL;
          double value = g_ascii_strtod (margin, &end);

          if (end == margin || *end != '\0' || !(value > 0 && value < 0.5))
            {
              g_autofree char *quoted = bs_excerpt (margin);

              bs_xml_set_error (error, source, BS_XML_ERROR_VALUE, bs_xml_line (node),
                                _("<stop margin>: \"%s\" is not a number between 0 and 0.5"),
                                quoted);
              return FALSE;
            }
          study->margin = value;
        }
      return TRUE;
    }
  if (bs_xml_is (node, "sweep"))
    {
      static const char * const attrs[] = { "key", "default-arm", NULL };
      guint default_arm = G_MAXUINT;

      if (!bs_xml_check_attributes (node, attrs, source, error) ||
          !bs_xml_get_string (node, "key", TRUE, &study->sweep_key, source, error) ||
          !get_uint (node, "default-arm", FALSE, BS_STUDY_MAX_ARMS - 1, &default_arm, source,
                     error))
        return FALSE;
      study->default_arm = default_arm == G_MAXUINT ? -1 : (int) default_arm;
      return TRUE;
    }
  if (bs_xml_is (node, "arm"))
    {
      static const char * const attrs[] = { "value", NULL };
      g_autofree char *value = NULL;
      g_autoptr(BsVariant) variant = NULL;
      xmlNode *child;

      if (!bs_xml_check_attributes (node, attrs, source, error) ||
          !bs_xml_get_string (node, "value", FALSE, &value, source, error))
        return FALSE;
      if (study->arms->len >= BS_STUDY_MAX_ARMS)
        {
          bs_xml_set_error (error, source, BS_XML_ERROR_VALUE, bs_xml_line (node),
                            _("more than %d <arm> elements"), BS_STUDY_MAX_ARMS);
          return FALSE;
        }
      child = bs_xml_only_child (node, "variant", source, error);
      if (child == NULL)
        return FALSE;
      variant = bs_variant_from_node (child, source->filename, error);
      if (variant == NULL || !bs_variant_validate (variant, error))
        return FALSE;
      bs_study_add_arm (study, variant, value);
      return TRUE;
    }
  if (bs_xml_is (node, "replicates"))
    {
      static const char * const allowed[] = { "replicate", NULL };
      static const char * const attrs[] = { "seed", NULL };
      g_autoptr(GArray) seeds = g_array_new (FALSE, FALSE, sizeof (guint64));
      xmlNode *child;
      BsXmlChildren walk;

      bs_xml_children_init (&walk, node, allowed, NULL, source);
      while ((child = bs_xml_children_next (&walk, error)) != NULL)
        {
          g_autofree char *text = NULL;
          guint64 seed;

          if (!bs_xml_check_attributes (child, attrs, source, error) ||
              !bs_xml_get_string (child, "seed", TRUE, &text, source, error))
            return FALSE;
          if (!g_ascii_string_to_unsigned (text, 10, 0, G_MAXINT64, &seed, NULL) ||
              (seeds->len > 0 && seed <= g_array_index (seeds, guint64, seeds->len - 1)) ||
              seeds->len >= BS_STUDY_MAX_REPLICATES)
            {
              g_autofree char *quoted = bs_excerpt (text);

              bs_xml_set_error (error, source, BS_XML_ERROR_VALUE, bs_xml_line (child),
                                _("<replicate seed>: \"%s\" is not a seed above the one before "
                                "it (at most %d replicates)"), quoted, BS_STUDY_MAX_REPLICATES);
              return FALSE;
            }
          g_array_append_val (seeds, seed);
        }
      if (error != NULL && *error != NULL)
        return FALSE;
      if (seeds->len < 2 || g_array_index (seeds, guint64, 0) != study->seed)
        {
          bs_xml_set_error (error, source, BS_XML_ERROR_VALUE, bs_xml_line (node),
                            _("<replicates> needs two seeds or more, the first the study’s "
                            "seed"));
          return FALSE;
        }
      study->replicate_seeds = g_steal_pointer (&seeds);
      return TRUE;
    }
  if (bs_xml_is (node, "shard"))
    {
      static const char * const attrs[] = { "index", "count", NULL };

      if (!bs_xml_check_attributes (node, attrs, source, error) ||
          !get_uint (node, "count", TRUE, 100000, &study->shard_count, source, error) ||
          !get_uint (node, "index", TRUE, 100000, &study->shard_index, source, error))
        return FALSE;
      if (study->shard_count == 0 || study->shard_index >= study->shard_count)
        {
          bs_xml_set_error (error, source, BS_XML_ERROR_VALUE, bs_xml_line (node),
                            _("<shard>: index %u is not below count %u"), study->shard_index,
                            study->shard_count);
          return FALSE;
        }
      return TRUE;
    }
  bs_xml_set_error (error, source, BS_XML_ERROR_SCHEMA, bs_xml_line (node),
                    _("unknown element <%s> in <study>"), excerpt_name (node->name));
  return FALSE;
}

/* The header: the root's attributes and every child before <games>. */
static BsStudy *
parse_header (xmlNode           *root,
              const BsXmlSource *source,
              GError           **error)
{
  static const char * const attrs[] = { "format", "kind", "seed", "evaluator", NULL };
  static const char * const evaluator_names[] = { "playouts", "cut-playouts", NULL };
  static const char * const header_elements[] = {
    "players", "stop", "sweep", "arm", "shard", "replicates", "games", NULL
  };
  static const char * const header_once[] = {
    "players", "stop", "sweep", "shard", "replicates", "games", NULL
  };
  g_autoptr(BsStudy) study = NULL;
  BsXmlChildren walk;
  xmlNode *child;
  g_autofree char *seed_text = NULL;
  int format = 0, kind = 0, evaluator = 0;
  guint64 seed;

  if (!bs_xml_is (root, "study"))
    {
      bs_xml_set_error (error, source, BS_XML_ERROR_SCHEMA, bs_xml_line (root),
                        _("the root element is <%s>, not <study>: not a study file"),
                        excerpt_name (root->name));
      return NULL;
    }
  if (!bs_xml_check_attributes (root, attrs, source, error) ||
      !bs_xml_get_int (root, "format", TRUE, 1, 1000, &format, source, error))
    return NULL;
  if (format != BS_STUDY_FORMAT_VERSION)
    {
      bs_xml_set_error (error, source, BS_XML_ERROR_VALUE, bs_xml_line (root),
                        _("study format %d is not supported (this version reads format %d)"),
                        format, BS_STUDY_FORMAT_VERSION);
      return NULL;
    }
  if (!bs_xml_get_choice (root, "kind", TRUE, kind_names, &kind, source, error) ||
      !bs_xml_get_string (root, "seed", TRUE, &seed_text, source, error) ||
      !bs_xml_get_choice (root, "evaluator", FALSE, evaluator_names, &evaluator, source, error))
    return NULL;
  if (!g_ascii_string_to_unsigned (seed_text, 10, 0, G_MAXUINT64, &seed, NULL))
    {
      g_autofree char *quoted = bs_excerpt (seed_text);

      bs_xml_set_error (error, source, BS_XML_ERROR_VALUE, bs_xml_line (root),
                        _("<study seed>: \"%s\" is not a whole number"), quoted);
      return NULL;
    }

  study = bs_study_new ((BsStudyKind) kind, seed, "random", "random", NULL);
  /* Without the attribute: the first evaluator, which wrote no name. */
  study->evaluator = evaluator == 1 ? BS_STUDY_EVALUATOR_CUT_PLAYOUTS
                                    : BS_STUDY_EVALUATOR_PLAYOUTS;
  /* What comes before <games> (the reader sees the header when the first
   * game or <games> closes; anything after <games> is refused there). */
  bs_xml_children_init (&walk, root, header_elements, header_once, source);
  while ((child = bs_xml_children_next (&walk, error)) != NULL && !bs_xml_is (child, "games"))
    if (!parse_header_child (study, child, source, error))
      return NULL;
  if (error != NULL && *error != NULL)
    return NULL;
  if (study->arms->len == 0)
    {
      bs_xml_set_error (error, source, BS_XML_ERROR_SCHEMA, bs_xml_line (root),
                        _("the study has no <arm>"));
      return NULL;
    }
  if (study->kind == BS_STUDY_PLAYERS && study->arms->len != 2)
    {
      bs_xml_set_error (error, source, BS_XML_ERROR_VALUE, bs_xml_line (root),
                        _("a study of players has two <arm> elements, A and B, not %u"),
                        study->arms->len);
      return NULL;
    }
  if (study->replicate_seeds != NULL && (study->shard_count > 1 || study->margin > 0))
    {
      bs_xml_set_error (error, source, BS_XML_ERROR_VALUE, bs_xml_line (root),
                        _("<replicates>: a study of pooled replicates has no <shard> and no "
                        "<stop margin>"));
      return NULL;
    }
  if (study->default_arm >= (int) study->arms->len)
    {
      bs_xml_set_error (error, source, BS_XML_ERROR_VALUE, bs_xml_line (root),
                        _("<sweep default-arm>: %d is not one of the %u arms"),
                        study->default_arm, study->arms->len);
      return NULL;
    }
  if (!bs_study_prepare (study, error))
    return NULL;
  return g_steal_pointer (&study);
}

/* A list of space-separated tokens. */
static char **
split_tokens (const char *text)
{
  return g_strsplit_set (text, " \t\n\r", -1);
}

/* The optional score-difference (-1 when absent): at most 2 000 000 for each of the
 * game's positions. */
static gboolean
get_score_difference (const xmlNode     *node,
                      gint64            *value,
                      const BsXmlSource *source,
                      GError           **error)
{
  g_autofree char *text = NULL;
  guint64 v;

  if (!bs_xml_get_string (node, "score-difference", FALSE, &text, source, error))
    return FALSE;
  if (text == NULL)
    return TRUE;
  if (!g_ascii_string_to_unsigned (text, 10, 0, G_GINT64_CONSTANT (2000000) * 1000001, &v,
                                   NULL))
    {
      g_autofree char *quoted = bs_excerpt (text);

      bs_xml_set_error (error, source, BS_XML_ERROR_VALUE, bs_xml_line (node),
                        _("<game score-difference>: \"%s\" is not a whole number from 0"),
                        quoted);
      return FALSE;
    }
  *value = (gint64) v;
  return TRUE;
}

static BsStudyGame *
parse_game (const BsStudy     *study,
            xmlNode           *node,
            const BsXmlSource *source,
            GError           **error)
{
  static const char * const attrs[] = { "arm", "replicate", "number", "seats", "result",
                                        "reason", "plies",
                                        "score-1", "score-2", "pieces-1", "pieces-2", "cells",
                                        "covered", "repeats", "score-difference", NULL };
  static const char * const children[] = { "moves", "legal", "evaluations", NULL };
  g_autoptr(BsStudyGame) game = bs_study_game_new ();
  g_autofree char *seats = NULL;
  int result = 0;
  int line = bs_xml_line (node);
  gboolean have_moves = FALSE, have_legal = FALSE;
  BsXmlChildren walk;
  xmlNode *child;

  if (!bs_xml_is (node, "game"))
    {
      bs_xml_set_error (error, source, BS_XML_ERROR_SCHEMA, line,
                        _("unknown element <%s> in <games>"), excerpt_name (node->name));
      return NULL;
    }
  if (!bs_xml_check_attributes (node, attrs, source, error) ||
      !get_uint (node, "arm", TRUE, study->arms->len - 1, &game->arm, source, error) ||
      !get_uint (node, "replicate", study->replicate_seeds != NULL,
                 bs_study_n_replicates (study) - 1, &game->replicate, source, error) ||
      !get_uint (node, "number", TRUE, BS_STUDY_MAX_GAMES - 1, &game->number, source, error) ||
      !bs_xml_get_string (node, "seats", TRUE, &seats, source, error) ||
      !bs_xml_get_choice (node, "result", TRUE, result_names, &result, source, error) ||
      !bs_xml_get_string (node, "reason", TRUE, &game->reason, source, error) ||
      !get_uint (node, "plies", TRUE, 1000000, &game->plies, source, error) ||
      !bs_xml_get_int (node, "score-1", TRUE, -1000000, 1000000, &game->scores[0], source, error) ||
      !bs_xml_get_int (node, "score-2", TRUE, -1000000, 1000000, &game->scores[1], source, error) ||
      !bs_xml_get_int (node, "pieces-1", TRUE, 0, BS_MAX_CELLS, &game->pieces[0], source, error) ||
      !bs_xml_get_int (node, "pieces-2", TRUE, 0, BS_MAX_CELLS, &game->pieces[1], source, error) ||
      !get_uint (node, "cells", FALSE, BS_MAX_CELLS, &game->cells, source, error) ||
      !get_uint (node, "covered", FALSE, BS_MAX_CELLS, &game->covered, source, error) ||
      !bs_xml_get_int (node, "repeats", FALSE, 0, 1000000, &game->repeats, source, error) ||
      !get_score_difference (node, &game->score_difference, source, error))
    return NULL;
  if (game->cells == 0 && game->covered > 0)
    {
      bs_xml_set_error (error, source, BS_XML_ERROR_VALUE, line,
                        _("<game covered> needs <game cells>"));
      return NULL;
    }
  if (game->covered > game->cells || (guint) MAX (game->repeats, 0) > game->plies)
    {
      bs_xml_set_error (error, source, BS_XML_ERROR_VALUE, line,
                        game->covered > game->cells
                        ? _("<game covered>: more cells than the board’s")
                        : _("<game repeats>: more repeated positions than the game’s plies"));
      return NULL;
    }
  game->result = (BsResult) result;
  game->swapped = g_str_equal (seats, "BA");
  if ((!g_str_equal (seats, "AB") && !game->swapped) ||
      game->swapped != (bs_study_seat_player (study, game->number, 1) == 1))
    {
      g_autofree char *quoted = bs_excerpt (seats);

      bs_xml_set_error (error, source, BS_XML_ERROR_VALUE, line,
                        /* Translators: the last %s is the right seating, AB or BA. */
                        _("<game seats>: \"%s\" is not the seating of game %u (%s)"), quoted,
                        game->number, bs_study_seat_player (study, game->number, 1) ? "BA" : "AB");
      return NULL;
    }
  if (game->result == BS_RESULT_ONGOING)
    {
      bs_xml_set_error (error, source, BS_XML_ERROR_VALUE, line,
                        _("<game result>: a study keeps finished games only"));
      return NULL;
    }
  for (const char *c = game->reason; *c != '\0'; c++)
    if (!g_ascii_islower (*c) && !g_ascii_isdigit (*c) && *c != '-')
      {
        g_autofree char *quoted = bs_excerpt (game->reason);

        bs_xml_set_error (error, source, BS_XML_ERROR_VALUE, line,
                          _("<game reason>: \"%s\" is not an id (a-z, 0-9, -)"), quoted);
        return NULL;
      }

  bs_xml_children_init (&walk, node, children, children, source);
  while ((child = bs_xml_children_next (&walk, error)) != NULL)
    {
      g_autofree char *text = bs_xml_get_text (child, source, error);
      g_auto(GStrv) tokens = NULL;
      guint n = 0;

      if (text == NULL)
        return NULL;
      tokens = split_tokens (g_strstrip (text));
      for (guint i = 0; tokens[i] != NULL; i++)
        if (tokens[i][0] != '\0')
          tokens[n++] = tokens[i];
        else
          g_free (tokens[i]);
      tokens[n] = NULL;
      if (n != game->plies)
        {
          bs_xml_set_error (error, source, BS_XML_ERROR_VALUE, bs_xml_line (child),
                            _("<%s> lists %u plies, the game has %u"), child->name, n, game->plies);
          return NULL;
        }
      if (bs_xml_is (child, "moves"))
        {
          have_moves = TRUE;
          for (guint i = 0; i < n; i++)
            g_ptr_array_add (game->moves, g_strdup (tokens[i]));
        }
      else if (bs_xml_is (child, "legal"))
        {
          have_legal = TRUE;
          for (guint i = 0; i < n; i++)
            {
              g_auto(GStrv) steps = g_strsplit (tokens[i], "/", -1);
              guint16 count = (guint16) g_strv_length (steps);

              for (guint s = 0; steps[s] != NULL; s++)
                {
                  guint64 v;
                  guint16 legal;

                  if (!g_ascii_string_to_unsigned (steps[s], 10, 1, G_MAXUINT16, &v, NULL))
                    {
                      g_autofree char *quoted = bs_excerpt (tokens[i]);

                      bs_xml_set_error (error, source, BS_XML_ERROR_VALUE, bs_xml_line (child),
                                        _("<legal>: \"%s\" at ply %u is not a number of moves"),
                                        quoted, i + 1);
                      return NULL;
                    }
                  legal = (guint16) v;
                  g_array_append_val (game->branching, legal);
                }
              g_array_append_val (game->step_counts, count);
            }
        }
      else
        {
          for (guint i = 0; i < n; i++)
            {
              gint64 v = -1;
              gint16 e;

              if (!g_str_equal (tokens[i], "-") &&
                  !g_ascii_string_to_signed (tokens[i], 10, 0, 1000, &v, NULL))
                {
                  g_autofree char *quoted = bs_excerpt (tokens[i]);

                  bs_xml_set_error (error, source, BS_XML_ERROR_VALUE, bs_xml_line (child),
                                    _("<evaluations>: \"%s\" at ply %u is not - or 0 to 1000"),
                                    quoted, i + 1);
                  return NULL;
                }
              e = (gint16) v;
              g_array_append_val (game->evaluations, e);
            }
        }
    }
  if (error != NULL && *error != NULL)
    return NULL;
  if (!have_moves || !have_legal)
    {
      bs_xml_set_error (error, source, BS_XML_ERROR_SCHEMA, line,
                        _("<game> needs <moves> and <legal>"));
      return NULL;
    }
  if (game->evaluations->len == 0)
    for (guint i = 0; i < game->plies; i++)
      {
        gint16 none = -1;
        g_array_append_val (game->evaluations, none);
      }
  return g_steal_pointer (&game);
}

/* Checks the order of games and queues the game. */
static gboolean
reader_take_game (StudyReader  *reader,
                  BsStudyGame  *game,
                  int           line,
                  GError      **error)
{
  if (reader->any && !comes_after (game->arm, game->replicate, game->number, reader->last_arm,
                                   reader->last_replicate, reader->last_number))
    {
      bs_xml_set_error (error, &reader->source, BS_XML_ERROR_VALUE, line,
                        _("game %u of arm %u comes after game %u of arm %u: games are sorted "
                        "and listed once"), game->number, game->arm, reader->last_number,
                        reader->last_arm);
      bs_study_game_free (game);
      return FALSE;
    }
  reader->any = TRUE;
  reader->last_arm = game->arm;
  reader->last_replicate = game->replicate;
  reader->last_number = game->number;
  g_queue_push_tail (&reader->games, game);
  return TRUE;
}

static BsXmlStreamAction
reader_on_element (xmlNode   *node,
                   int        depth,
                   gpointer   user_data,
                   GError   **error)
{
  StudyReader *reader = user_data;
  gboolean in_games = depth == 2 && bs_xml_is (node->parent, "games");

  if ((in_games || (depth == 1 && bs_xml_is (node, "games"))) && reader->study == NULL)
    {
      reader->study = parse_header (node->doc->children != NULL ? xmlDocGetRootElement (node->doc)
                                                                : NULL,
                                    &reader->source, error);
      if (reader->study == NULL)
        return BS_XML_STREAM_ERROR;
    }
  /* After <games>, the document may only end. */
  if (depth == 1 && reader->study != NULL)
    {
      gboolean games = bs_xml_is (node, "games");

      if (games && !reader->games_closed)
        reader->games_closed = TRUE;
      else
        {
          bs_xml_set_error (error, &reader->source, BS_XML_ERROR_SCHEMA, bs_xml_line (node),
                            games
                            ? _("<%s> is given twice in <study>")
                            : _("<%s> after <games> in <study>: the games come last"),
                            node->name);
          return BS_XML_STREAM_ERROR;
        }
    }
  if (in_games)
    {
      BsStudyGame *game = parse_game (reader->study, node, &reader->source, error);

      if (game == NULL || !reader_take_game (reader, game, bs_xml_line (node), error))
        return BS_XML_STREAM_ERROR;
      return BS_XML_STREAM_DROP;
    }
  return BS_XML_STREAM_KEEP;
}

static void
reader_free (StudyReader *reader)
{
  if (reader == NULL)
    return;
  if (reader->fd >= 0)
    close (reader->fd);
  g_clear_pointer (&reader->stream, bs_xml_stream_free);
  g_queue_clear_full (&reader->games, (GDestroyNotify) bs_study_game_free);
  g_clear_pointer (&reader->study, bs_study_unref);
  g_clear_object (&reader->cancellable);
  g_free (reader->path);
  g_free (reader);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (StudyReader, reader_free)

/* A file that ends inside the study (copied or sent only in part: the
 * app and the CLI write whole files) fails at its end with whatever
 * libxml2 makes of the last bytes ("Extra content at the end of the
 * document"): say so in words. */
static void
say_if_cut_short (StudyReader *reader,
                  GError      *error)
{
  g_autofree char *prefix = g_strdup_printf ("%s:", reader->path);
  g_autofree char *detail = NULL;
  const char *rest;
  char *end = NULL;
  guint64 line;

  /* An empty file is empty, not cut short. */
  if (reader->bytes == 0 || error->domain != BS_STUDY_ERROR ||
      error->code != BS_STUDY_ERROR_PARSE || !g_str_has_prefix (error->message, prefix))
    return;
  rest = error->message + strlen (prefix);
  line = g_ascii_strtoull (rest, &end, 10);
  /* Only an error on the last line is the end's. */
  if (end == rest || line < MAX (reader->newlines, 1))
    return;
  detail = g_strdup (g_str_has_prefix (end, ": ") ? end + 2 : end);
  g_free (error->message);
  if (reader->any)
    /* Translators: "x.bsstudy:38: the file is cut short: … after game 17 of arm 0
     * (Extra content at the end of the document)"; the last part is libxml2's. */
    error->message = g_strdup_printf (_("%s:%u: the file is cut short: it ends before the study "
                                        "does, after game %u of arm %u (%s)"),
                                      reader->path, (guint) line, reader->last_number,
                                      reader->last_arm, detail);
  else
    error->message = g_strdup_printf (_("%s:%u: the file is cut short: it ends before the study "
                                        "does, before its first game (%s)"),
                                      reader->path, (guint) line, detail);
}

/* Feeds the parser until a game is queued or the file ends. */
static gboolean
reader_fill (StudyReader  *reader,
             GError      **error)
{
  char buffer[READ_CHUNK];
  g_autoptr(GError) local = NULL;

  while (g_queue_is_empty (&reader->games) && !reader->eof)
    {
      gssize n;

      /* A file may be left while it is read, however large its elements. */
      if (g_cancellable_set_error_if_cancelled (reader->cancellable, error))
        return FALSE;
      n = read (reader->fd, buffer, sizeof buffer);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          int saved = errno;
          g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                       _("%s: cannot read: %s"), reader->path, g_strerror (saved));
          return FALSE;
        }
      reader->eof = n == 0;
      for (gssize i = 0; i < n; i++)
        reader->newlines += buffer[i] == '\n';
      reader->bytes += (guint64) MAX (n, 0);
      if (!bs_xml_stream_feed (reader->stream, buffer, (gsize) n, reader->eof, &local))
        {
          if (reader->eof)
            say_if_cut_short (reader, local);
          g_propagate_error (error, g_steal_pointer (&local));
          return FALSE;
        }
    }
  return TRUE;
}

static StudyReader *
reader_open (const char    *path,
             GCancellable  *cancellable,
             GError       **error)
{
  g_autoptr(StudyReader) reader = g_new0 (StudyReader, 1);
  struct stat info;

  reader->path = g_strdup (path);
  reader->cancellable = cancellable != NULL ? g_object_ref (cancellable) : NULL;
  reader->source.filename = reader->path;
  reader->source.domain = BS_STUDY_ERROR;
  /* Without blocking, as bs_xml_read_file: opening a FIFO nobody writes
   * to would wait forever, in a thread nothing can cancel. */
  reader->fd = g_open (path, O_RDONLY | O_CLOEXEC | O_NONBLOCK, 0);
  if (reader->fd < 0)
    {
      int saved = errno;
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                   _("%s: cannot open: %s"), path, g_strerror (saved));
      return NULL;
    }
  if (fstat (reader->fd, &info) != 0 ||
      (!S_ISREG (info.st_mode) && !S_ISDIR (info.st_mode) && !S_ISFIFO (info.st_mode)))
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                   _("%s: not a regular file (a device, a socket or a folder)"), path);
      return NULL;
    }
  /* A pipe is read to its end (one without a writer is empty); a folder
   * fails on reading, with its own message. */
  if (S_ISFIFO (info.st_mode))
    fcntl (reader->fd, F_SETFL, fcntl (reader->fd, F_GETFL) & ~O_NONBLOCK);
  reader->stream = bs_xml_stream_new (&reader->source, reader_on_element, reader);
  if (!reader_fill (reader, error))
    return NULL;
  if (reader->study == NULL)
    {
      xmlDoc *doc = bs_xml_stream_get_doc (reader->stream);
      xmlNode *root = doc != NULL ? xmlDocGetRootElement (doc) : NULL;

      if (root != NULL && !bs_xml_is (root, "study"))
        bs_xml_set_error (error, &reader->source, BS_XML_ERROR_SCHEMA, bs_xml_line (root),
                          _("the root element is <%s>, not <study>: not a study file"),
                          excerpt_name (root->name));
      else
        bs_xml_set_error (error, &reader->source, BS_XML_ERROR_SCHEMA, 0,
                          _("the study has no <games> element"));
      return NULL;
    }
  return g_steal_pointer (&reader);
}

/* The next game (NULL at the end), or FALSE on error. */
static gboolean
reader_next (StudyReader   *reader,
             BsStudyGame  **game,
             GError       **error)
{
  if (!reader_fill (reader, error))
    return FALSE;
  *game = g_queue_pop_head (&reader->games);
  return TRUE;
}

BsStudy *
bs_study_load_file (const char      *path,
                    BsStudyGameFunc  func,
                    gpointer         user_data,
                    GError         **error)
{
  return bs_study_load_file_full (path, NULL, func, user_data, error);
}

BsStudy *
bs_study_load_file_full (const char      *path,
                         GCancellable    *cancellable,
                         BsStudyGameFunc  func,
                         gpointer         user_data,
                         GError         **error)
{
  g_autoptr(StudyReader) reader = NULL;

  g_return_val_if_fail (path != NULL, NULL);

  reader = reader_open (path, cancellable, error);
  if (reader == NULL)
    return NULL;
  for (;;)
    {
      g_autoptr(BsStudyGame) game = NULL;

      if (!reader_next (reader, &game, error))
        return NULL;
      if (game == NULL)
        break;
      if (func != NULL && !func (reader->study, &game, user_data, error))
        return NULL;
    }
  return bs_study_ref (reader->study);
}

BsStudy *
bs_study_load_header (const char  *path,
                      GError     **error)
{
  g_autoptr(StudyReader) reader = NULL;

  g_return_val_if_fail (path != NULL, NULL);

  /* Reading stops at the first game: the header is all there is before. */
  reader = reader_open (path, NULL, error);
  if (reader == NULL)
    return NULL;
  return bs_study_ref (reader->study);
}

char *
bs_study_journal_extend_xml (const BsStudy *study)
{
  return g_strdup_printf ("<extend games=\"%u\"/>\n", study->games);
}

typedef struct {
  BsStudy         *study;
  BsXmlSource      source;
  BsStudyGameFunc  func;
  gpointer         user_data;
} JournalReader;

static BsXmlStreamAction
journal_on_element (xmlNode   *node,
                    int        depth,
                    gpointer   user_data,
                    GError   **error)
{
  JournalReader *journal = user_data;
  g_autoptr(BsStudyGame) game = NULL;

  /* A game's own elements wait for the game. */
  if (depth != 1)
    return BS_XML_STREAM_KEEP;
  /* The games per arm this run played to (Run 1,000 More before the file
   * was written again): games beyond the file's count are not extra. */
  if (bs_xml_is (node, "extend"))
    {
      static const char * const attrs[] = { "games", NULL };
      guint games = 0;

      if (!bs_xml_check_attributes (node, attrs, &journal->source, error) ||
          !get_uint (node, "games", TRUE, BS_STUDY_MAX_GAMES, &games, &journal->source, error))
        return BS_XML_STREAM_ERROR;
      journal->study->games = MAX (journal->study->games, games);
      return BS_XML_STREAM_DROP;
    }
  game = parse_game (journal->study, node, &journal->source, error);
  if (game == NULL)
    return BS_XML_STREAM_ERROR;
  if (journal->func != NULL &&
      !journal->func (journal->study, &game, journal->user_data, error))
    return BS_XML_STREAM_ERROR;
  return BS_XML_STREAM_DROP;
}

/* Exactly `length` bytes at `offset` (of a file at least that long when
 * it was opened: a short read means it shrank since). */
static gboolean
read_at (int          fd,
         const char  *path,
         char        *buffer,
         gsize        length,
         goffset      offset,
         GError     **error)
{
  gsize got = 0;

  while (got < length)
    {
      gssize n = pread (fd, buffer + got, length - got, offset + (goffset) got);

      if (n < 0 && errno == EINTR)
        continue;
      if (n == 0)
        {
          /* A run folded it into its study file meanwhile: the caller
           * may read the two again. */
          g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_AGAIN,
                       _("%s: the file was emptied while it was read"), path);
          return FALSE;
        }
      if (n < 0)
        {
          int saved = errno;
          g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                       _("%s: cannot read: %s"), path, g_strerror (saved));
          return FALSE;
        }
      got += (gsize) n;
    }
  return TRUE;
}

/* The length of the journal up to the end of its last whole game (0: no
 * whole game), read backwards from the end: a game cut short by a crash
 * is only ever the last. */
static gboolean
journal_whole_length (int          fd,
                      const char  *path,
                      goffset      size,
                      goffset     *length,
                      GError     **error)
{
  static const char end_tag[] = "</game>\n";
  const gsize tag = sizeof end_tag - 1;
  char buffer[READ_CHUNK + sizeof end_tag];
  goffset block_end = size;

  *length = 0;
  while (block_end > 0)
    {
      goffset start = MAX (block_end - READ_CHUNK, 0);
      /* The block, and the start of the next one: a tag may straddle them. */
      gsize want = (gsize) (MIN (block_end + (goffset) tag - 1, size) - start);
      if (!read_at (fd, path, buffer, want, start, error))
        return FALSE;
      for (gssize i = (gssize) want - (gssize) tag; i >= 0; i--)
        if (memcmp (buffer + i, end_tag, tag) == 0)
          {
            *length = start + i + (goffset) tag;
            return TRUE;
          }
      block_end = start;
    }
  return TRUE;
}

void (*bs_study_journal_sized_hook) (const char *journal_path);

gboolean
bs_study_read_journal (BsStudy         *study,
                       const char      *path,
                       BsStudyGameFunc  func,
                       gpointer         user_data,
                       GError         **error)
{
  JournalReader journal = { study, { path, BS_STUDY_ERROR }, func, user_data };
  g_autoptr(BsXmlStream) stream = NULL;
  char buffer[READ_CHUNK];
  struct stat info;
  goffset length, done = 0;
  int fd;
  gboolean ok = FALSE;

  /* Streamed, as the study file is: memory stays flat whatever the
   * journal's size (each game is dropped once it has been handed on). */
  fd = g_open (path, O_RDONLY | O_CLOEXEC | O_NONBLOCK, 0);
  if (fd < 0)
    {
      int saved = errno;

      if (saved == ENOENT)
        return TRUE;
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                   _("%s: cannot open: %s"), path, g_strerror (saved));
      return FALSE;
    }
  if (fstat (fd, &info) != 0 || !S_ISREG (info.st_mode))
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                   _("%s: not a regular file (a device, a socket, a pipe or a folder)"), path);
      goto out;
    }
  if (bs_study_journal_sized_hook != NULL)
    bs_study_journal_sized_hook (path);
  if (!journal_whole_length (fd, path, info.st_size, &length, error))
    goto out;
  if (length == 0)
    {
      ok = TRUE;
      goto out;
    }

  stream = bs_xml_stream_new (&journal.source, journal_on_element, &journal);
  /* No newline after the wrapper: the lines are the journal's own. */
  if (!bs_xml_stream_feed (stream, "<journal>", strlen ("<journal>"), FALSE, error))
    goto out;
  while (done < length)
    {
      gsize n = (gsize) MIN ((goffset) sizeof buffer, length - done);

      if (!read_at (fd, path, buffer, n, done, error) ||
          !bs_xml_stream_feed (stream, buffer, n, FALSE, error))
        goto out;
      done += (goffset) n;
    }
  ok = bs_xml_stream_feed (stream, "</journal>\n", strlen ("</journal>\n"), TRUE, error);

out:
  close (fd);
  return ok;
}

/* One input of a merge: a study file and the games of its journal (a
 * shard stopped by kill -9 keeps its latest games there), taken together
 * in order of (arm, number). */
typedef struct {
  const char  *path;
  StudyReader *reader;
  GPtrArray   *journal;       /* of BsStudyGame, sorted; the next is at journal_next */
  guint        journal_next;
  BsStudyGame *file_head;     /* the file's next game */
  BsStudyGame *head;          /* the input's next game, its replicate the merged one's */
  char        *head_xml;
  const BsStudy *merged;      /* the output's header, once known */
  guint       *replicates;    /* the input's replicate → the merged study's */
} MergeInput;

static void
merge_input_free (MergeInput *input)
{
  reader_free (input->reader);
  g_clear_pointer (&input->journal, g_ptr_array_unref);
  bs_study_game_free (input->file_head);
  bs_study_game_free (input->head);
  g_free (input->head_xml);
  g_free (input->replicates);
  g_free (input);
}

static int
compare_games (const BsStudyGame *a,
               const BsStudyGame *b)
{
  if (a->arm != b->arm)
    return a->arm < b->arm ? -1 : 1;
  if (a->replicate != b->replicate)
    return a->replicate < b->replicate ? -1 : 1;
  if (a->number != b->number)
    return a->number < b->number ? -1 : 1;
  return 0;
}

static int
compare_game_pointers (gconstpointer a,
                       gconstpointer b)
{
  return compare_games (*(BsStudyGame * const *) a, *(BsStudyGame * const *) b);
}

static gboolean
collect_journal_game (const BsStudy  *study,
                      BsStudyGame   **game,
                      gpointer        user_data,
                      GError        **error)
{
  g_ptr_array_add (user_data, g_steal_pointer (game));
  return TRUE;
}

static void
set_conflict (GError            **error,
              const char         *a,
              const char         *b,
              const BsStudy      *merged,
              const BsStudyGame  *game)
{
  if (merged != NULL && merged->replicate_seeds != NULL)
    {
      g_autofree char *seed = g_strdup_printf ("%" G_GUINT64_FORMAT,
                                               bs_study_replicate_seed (merged, game->replicate));

      /* Translators: the last %s is the seed of the replicate that holds the game. */
      g_set_error (error, BS_STUDY_ERROR, BS_STUDY_ERROR_MISMATCH,
                   _("%s and %s hold different games as game %u of arm %u of seed %s: a study "
                   "plays each game one way, so one of them was played otherwise or edited; "
                   "merge refuses to choose (remove the wrong one)"), a, b, game->number,
                   game->arm, seed);
      return;
    }
  g_set_error (error, BS_STUDY_ERROR, BS_STUDY_ERROR_MISMATCH,
               _("%s and %s hold different games as game %u of arm %u: a study plays each game "
               "one way, so one of them was played otherwise or edited; merge refuses to "
               "choose (remove the wrong one)"), a, b, game->number, game->arm);
}

/* Moves the input to its next game (head NULL at the end). A game in both
 * the file and its journal (a crash while folding) must be the same. */
static gboolean
merge_input_advance (MergeInput  *input,
                     GError     **error)
{
  BsStudyGame *from_journal;

  g_clear_pointer (&input->head, bs_study_game_free);
  g_clear_pointer (&input->head_xml, g_free);
  if (input->file_head == NULL && !reader_next (input->reader, &input->file_head, error))
    return FALSE;
  from_journal = input->journal_next < input->journal->len
                 ? input->journal->pdata[input->journal_next] : NULL;
  if (from_journal != NULL &&
      (input->file_head == NULL || compare_games (from_journal, input->file_head) <= 0))
    {
      input->journal->pdata[input->journal_next++] = NULL;
      if (input->file_head != NULL && compare_games (from_journal, input->file_head) == 0)
        {
          g_autofree char *a = bs_study_game_to_xml (input->reader->study, from_journal);
          g_autofree char *b = bs_study_game_to_xml (input->reader->study, input->file_head);
          g_autofree char *journal = bs_study_journal_path (input->path);

          if (!g_str_equal (a, b))
            {
              set_conflict (error, input->path, journal, input->reader->study, from_journal);
              bs_study_game_free (from_journal);
              return FALSE;
            }
          g_clear_pointer (&input->file_head, bs_study_game_free);
        }
      input->head = from_journal;
    }
  else
    input->head = g_steal_pointer (&input->file_head);
  if (input->head != NULL)
    {
      /* Written as the output writes it, under the output's replicate. */
      input->head->replicate = input->replicates[input->head->replicate];
      input->head_xml = bs_study_game_to_xml (input->merged, input->head);
    }
  return TRUE;
}

static MergeInput *
merge_input_open (const char  *path,
                  GError     **error)
{
  MergeInput *input = g_new0 (MergeInput, 1);
  g_autofree char *journal_path = bs_study_journal_path (path);

  input->path = path;
  input->journal = g_ptr_array_new_with_free_func ((GDestroyNotify) bs_study_game_free);
  input->reader = reader_open (path, NULL, error);
  if (input->reader == NULL ||
      !bs_study_read_journal (input->reader->study, journal_path, collect_journal_game,
                              input->journal, error))
    {
      merge_input_free (input);
      return NULL;
    }
  g_ptr_array_sort (input->journal, compare_game_pointers);
  return input;
}

static void
free_string (gpointer string)
{
  g_string_free (string, TRUE);
}

/* Whether two paths name one file (the output must not be an input). */
static gboolean
same_file (const char *a,
           const char *b)
{
  GStatBuf sa, sb;

  if (g_stat (a, &sa) != 0 || g_stat (b, &sb) != 0)
    return FALSE;
  return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

/* How many runs of missing games a merge names per arm: enough to find a
 * lost piece, short enough to read when a whole shard is missing. */
#define MISSING_RUNS_NAMED 5

/* Adds the games first..end-1 (none when end <= first) to an arm's list of
 * missing games, as a number or a run "40–99", the runs past the first
 * MISSING_RUNS_NAMED as "…". */
static void
note_missing (GString *named,
              guint   *runs,
              guint    first,
              guint    end)
{
  if (first >= end)
    return;
  if (*runs < MISSING_RUNS_NAMED)
    {
      g_string_append (named, *runs > 0 ? ", " : "");
      if (end - first == 1)
        g_string_append_printf (named, "%u", first);
      else
        g_string_append_printf (named, "%u–%u", first, end - 1);
    }
  else if (*runs == MISSING_RUNS_NAMED)
    g_string_append (named, ", …");
  (*runs)++;
}

/* Whether the input holds games of this seed (a study of one seed, or of replicates). */
static gboolean
input_has_seed (const BsStudy *study,
                guint64        seed)
{
  for (guint k = 0; k < bs_study_n_replicates (study); k++)
    if (bs_study_replicate_seed (study, k) == seed)
      return TRUE;
  return FALSE;
}

/* What a merge lacks, in words: shards none of the inputs is, and per arm
 * (and replicate) the games missing, by number (NULL: nothing). Counts are
 * indexed by arm × replicates + replicate. */
static char *
describe_missing (const BsStudy     *merged,
                  const GPtrArray   *inputs,
                  const guint       *written,
                  const guint       *highest,
                  GString          **named,
                  guint             *runs)
{
  g_autoptr(GString) text = g_string_new (NULL);
  guint n_replicates = bs_study_n_replicates (merged);

  for (guint r = 0; r < n_replicates; r++)
    {
      guint64 seed = bs_study_replicate_seed (merged, r);
      guint count = 0;

      for (guint i = 0; i < inputs->len && count == 0; i++)
        {
          const BsStudy *study = ((MergeInput *) inputs->pdata[i])->reader->study;

          if (input_has_seed (study, seed))
            count = study->shard_count > 1 ? study->shard_count : 0;
        }
      for (guint shard = 0; shard < count; shard++)
        {
          gboolean found = FALSE;

          for (guint i = 0; i < inputs->len && !found; i++)
            {
              const BsStudy *study = ((MergeInput *) inputs->pdata[i])->reader->study;

              found = input_has_seed (study, seed) &&
                      (study->shard_count <= 1 ||
                       (study->shard_count == count && study->shard_index == shard));
            }
          if (found)
            continue;
          g_string_append_printf (text, "%sshard %u/%u", text->len > 0 ? "; " : "", shard, count);
          if (n_replicates > 1)
            g_string_append_printf (text, " of seed %" G_GUINT64_FORMAT, seed);
          g_string_append (text, " is not among the inputs");
        }
    }
  for (guint arm = 0; arm < bs_study_n_arms (merged); arm++)
    for (guint r = 0; r < n_replicates; r++)
      {
        guint slot = arm * n_replicates + r;
        /* A study with a target precision stops an arm early: only holes
         * before its last game count there. */
        guint expected = merged->margin > 0 ? highest[slot] : merged->games;

        note_missing (named[slot], &runs[slot], highest[slot], expected);
        if (written[slot] >= expected)
          continue;
        g_string_append_printf (text, "%sarm %u", text->len > 0 ? "; " : "", arm);
        if (n_replicates > 1)
          g_string_append_printf (text, " of seed %" G_GUINT64_FORMAT,
                                  bs_study_replicate_seed (merged, r));
        g_string_append_printf (text, " lacks %u of its %u games (numbers %s)",
                                expected - written[slot], expected, named[slot]->str);
      }
  return text->len > 0 ? g_string_free (g_steal_pointer (&text), FALSE) : NULL;
}

static int
compare_seeds (gconstpointer a,
               gconstpointer b)
{
  guint64 x = *(const guint64 *) a, y = *(const guint64 *) b;

  return x < y ? -1 : x > y;
}

/* The output's header: the inputs' (any of them: they agree but for the seed, and a
 * study extended by --resume may have more games), with no shard, and with every seed
 * of the inputs, sorted, when they are pooled as replicates. The same whatever the
 * order of the inputs. */
static BsStudy *
merged_header (GPtrArray  *opened,
               GError    **error)
{
  const BsStudy *first = ((MergeInput *) opened->pdata[0])->reader->study;
  g_autoptr(GArray) seeds = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_autoptr(BsStudy) merged = NULL;

  for (guint i = 0; i < opened->len; i++)
    {
      const BsStudy *study = ((MergeInput *) opened->pdata[i])->reader->study;

      for (guint k = 0; k < bs_study_n_replicates (study); k++)
        {
          guint64 seed = bs_study_replicate_seed (study, k);
          gboolean seen = FALSE;

          for (guint j = 0; j < seeds->len && !seen; j++)
            seen = g_array_index (seeds, guint64, j) == seed;
          if (!seen)
            g_array_append_val (seeds, seed);
        }
    }
  g_array_sort (seeds, compare_seeds);
  if (seeds->len > BS_STUDY_MAX_REPLICATES)
    {
      g_set_error (error, BS_STUDY_ERROR, BS_STUDY_ERROR_MISMATCH,
                   _("the inputs have %u seeds: at most %d replicates are pooled"), seeds->len,
                   BS_STUDY_MAX_REPLICATES);
      return NULL;
    }

  merged = bs_study_new (first->kind, g_array_index (seeds, guint64, 0),
                         first->players[0].level, first->players[1].level, error);
  if (merged == NULL)
    return NULL;
  merged->games = first->games;
  for (guint i = 1; i < opened->len; i++)
    merged->games = MAX (merged->games, ((MergeInput *) opened->pdata[i])->reader->study->games);
  merged->margin = first->margin;
  merged->sweep_key = g_strdup (first->sweep_key);
  merged->default_arm = first->default_arm;
  merged->evaluator = first->evaluator;
  for (guint i = 0; i < first->arms->len; i++)
    {
      const BsStudyArm *arm = first->arms->pdata[i];
      bs_study_add_arm (merged, arm->variant, arm->value);
    }
  if (seeds->len > 1)
    merged->replicate_seeds = g_steal_pointer (&seeds);

  for (guint i = 0; i < opened->len; i++)
    {
      MergeInput *input = opened->pdata[i];
      const BsStudy *study = input->reader->study;

      input->merged = merged;
      input->replicates = g_new0 (guint, bs_study_n_replicates (study));
      for (guint k = 0; k < bs_study_n_replicates (study); k++)
        for (guint r = 0; r < bs_study_n_replicates (merged); r++)
          if (bs_study_replicate_seed (merged, r) == bs_study_replicate_seed (study, k))
            input->replicates[k] = r;
    }
  return g_steal_pointer (&merged);
}

gboolean
bs_study_merge_files (const char * const *inputs,
                      const char         *output,
                      BsStudyMergeFlags   flags,
                      GError            **error)
{
  g_autoptr(GPtrArray) opened = g_ptr_array_new_with_free_func ((GDestroyNotify) merge_input_free);
  g_autoptr(BsStudy) merged = NULL;
  g_autofree guint *written = NULL;
  g_autofree guint *highest = NULL;
  g_autoptr(GPtrArray) named = NULL;   /* per slot, the missing games so far (note_missing) */
  g_autofree guint *runs = NULL;
  g_autofree char *missing = NULL;
  g_autofree char *output_journal = NULL;
  BsStudyWriter *writer;
  guint n_slots, n_replicates;

  g_return_val_if_fail (inputs != NULL && inputs[0] != NULL && output != NULL, FALSE);

  /* Merging into an input would replace it while it is read, and keep
   * nothing to go back to. */
  for (guint i = 0; inputs[i] != NULL; i++)
    if (g_strcmp0 (inputs[i], output) == 0 || same_file (inputs[i], output))
      {
        g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_EXIST,
                     _("%s: the merged file would replace one of the studies it is made from: "
                     "choose another name"), output);
        return FALSE;
      }
  /* Games not yet folded into the file at output would be lost with it. */
  output_journal = bs_study_journal_path (output);
  if (g_file_test (output_journal, G_FILE_TEST_EXISTS))
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_EXIST,
                   _("%s has a journal of games not yet in it (%s): run study --resume %s first, "
                   "or choose another name"), output, output_journal, output);
      return FALSE;
    }

  for (guint i = 0; inputs[i] != NULL; i++)
    {
      MergeInput *input = merge_input_open (inputs[i], error);
      const BsStudy *study;

      if (input == NULL)
        return FALSE;
      g_ptr_array_add (opened, input);
      study = input->reader->study;
      if (i > 0)
        {
          const BsStudy *zero = ((MergeInput *) opened->pdata[0])->reader->study;
          g_autoptr(GError) local = NULL;
          gboolean same = flags & BS_STUDY_MERGE_REPLICATES
                          ? bs_study_same_settings (zero, study, &local)
                          : bs_study_same (zero, study, &local);

          if (!same)
            {
              /* Translators: two study files, then why they cannot be merged. */
              g_set_error (error, BS_STUDY_ERROR, BS_STUDY_ERROR_MISMATCH, _("%s and %s: %s"),
                           inputs[0], inputs[i], local->message);
              if (!(flags & BS_STUDY_MERGE_REPLICATES) &&
                  bs_study_same_settings (zero, study, NULL))
                {
                  g_autofree char *message = g_strdup ((*error)->message);

                  g_clear_error (error);
                  /* Translators: %s is "A and B: not the same study: the seeds differ". */
                  g_set_error (error, BS_STUDY_ERROR, BS_STUDY_ERROR_MISMATCH,
                               _("%s (to pool studies that differ only in their seed as "
                               "replicates, merge with --replicates)"), message);
                }
              return FALSE;
            }
        }
      if ((flags & BS_STUDY_MERGE_REPLICATES) && study->margin > 0)
        {
          g_set_error (error, BS_STUDY_ERROR, BS_STUDY_ERROR_MISMATCH,
                       _("%s: a study that stops when settled (--margin) stops each seed at "
                       "its own point; only studies of a fixed number of games are pooled as "
                       "replicates"), inputs[i]);
          return FALSE;
        }
    }

  merged = merged_header (opened, error);
  if (merged == NULL)
    return FALSE;
  for (guint i = 0; i < opened->len; i++)
    if (!merge_input_advance (opened->pdata[i], error))
      return FALSE;
  n_replicates = bs_study_n_replicates (merged);
  n_slots = bs_study_n_arms (merged) * n_replicates;
  written = g_new0 (guint, n_slots);
  highest = g_new0 (guint, n_slots);
  runs = g_new0 (guint, n_slots);
  named = g_ptr_array_new_with_free_func (free_string);
  for (guint i = 0; i < n_slots; i++)
    g_ptr_array_add (named, g_string_new (NULL));

  writer = bs_study_writer_new (merged, output, error);
  if (writer == NULL)
    return FALSE;
  for (;;)
    {
      MergeInput *best = NULL;
      BsStudyGame *game;
      guint slot;

      for (guint i = 0; i < opened->len; i++)
        {
          MergeInput *input = opened->pdata[i];

          if (input->head != NULL && (best == NULL || compare_games (input->head, best->head) < 0))
            best = input;
        }
      if (best == NULL)
        break;
      game = best->head;
      /* The same game in two places is written once, and must be the
       * same game: which copy came first must not decide the study. */
      for (guint i = 0; i < opened->len; i++)
        {
          MergeInput *input = opened->pdata[i];

          if (input == best || input->head == NULL || compare_games (input->head, game) != 0)
            continue;
          if (!g_str_equal (input->head_xml, best->head_xml))
            {
              /* Named in the order of the inputs' paths, whatever the order given. */
              if (g_strcmp0 (best->path, input->path) < 0)
                set_conflict (error, best->path, input->path, merged, game);
              else
                set_conflict (error, input->path, best->path, merged, game);
              goto fail;
            }
          if (!merge_input_advance (input, error))
            goto fail;
        }
      if (!writer_add_keyed (writer, game->arm, game->replicate, game->number, best->head_xml,
                             error))
        goto fail;
      slot = game->arm * n_replicates + game->replicate;
      if (game->number < merged->games || merged->margin > 0)
        written[slot]++;
      /* Games come sorted: those between the last one and this one are missing. */
      note_missing (named->pdata[slot], &runs[slot], highest[slot],
                    merged->margin > 0 ? game->number : MIN (game->number, merged->games));
      highest[slot] = MAX (highest[slot], game->number + 1);
      if (!merge_input_advance (best, error))
        goto fail;
    }

  missing = describe_missing (merged, opened, written, highest, (GString **) named->pdata, runs);
  if (missing != NULL && !(flags & BS_STUDY_MERGE_PARTIAL))
    {
      g_set_error (error, BS_STUDY_ERROR, BS_STUDY_ERROR_INCOMPLETE,
                   _("%s: not written, the inputs do not make the whole study: %s (merge what "
                   "there is with --partial)"), output, missing);
      goto fail;
    }
  return bs_study_writer_finish (writer, error);

fail:
  bs_study_writer_abort (writer);
  return FALSE;
}

void
bs_study_pending_game_free (BsStudyPendingGame *pending)
{
  if (pending == NULL)
    return;
  g_free (pending->xml);
  g_free (pending);
}

gboolean
bs_study_rewrite (const BsStudy   *study,
                  const char      *path,
                  GPtrArray       *extra,
                  BsStudyKeepFunc  keep,
                  gpointer         user_data,
                  GError         **error)
{
  g_autoptr(StudyReader) reader = NULL;
  BsStudyGame *head = NULL;
  BsStudyWriter *writer;
  guint next = 0;

  if (g_file_test (path, G_FILE_TEST_EXISTS))
    {
      reader = reader_open (path, NULL, error);
      if (reader == NULL || !reader_next (reader, &head, error))
        return FALSE;
    }
  writer = bs_study_writer_new (study, path, error);
  if (writer == NULL)
    {
      bs_study_game_free (head);
      return FALSE;
    }
  while (head != NULL || (extra != NULL && next < extra->len))
    {
      const BsStudyPendingGame *pending = extra != NULL && next < extra->len
                                          ? extra->pdata[next] : NULL;
      gboolean ok = TRUE;

      if (head != NULL && (pending == NULL || head->arm < pending->arm ||
                           (head->arm == pending->arm && head->number <= pending->number)))
        {
          if (pending != NULL && head->arm == pending->arm && head->number == pending->number)
            next++;
          if (keep == NULL || keep (head->arm, head->number, user_data))
            ok = bs_study_writer_add (writer, head, error);
          bs_study_game_free (head);
          head = NULL;
          if (ok)
            ok = reader_next (reader, &head, error);
        }
      else
        {
          next++;
          if (keep == NULL || keep (pending->arm, pending->number, user_data))
            ok = bs_study_writer_add_xml (writer, pending->arm, pending->number, pending->xml,
                                          error);
        }
      if (!ok)
        {
          bs_study_game_free (head);
          bs_study_writer_abort (writer);
          return FALSE;
        }
    }
  return bs_study_writer_finish (writer, error);
}
