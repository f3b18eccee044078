/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-skill-trace-file.c: a skill trace's own file (see bs-skill-trace-file.h). */
#define G_LOG_DOMAIN "boardsmith-render"

#include "config.h"

#include "bs-skill-trace-file.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <glib/gi18n.h>

#include "bs-error.h"
#include "bs-file.h"

#define MAGIC      "boardsmith-skill-trace 1"
#define EXTENSION  ".bstrace"
/* A trace file is a few lines; anything larger is not one. */
#define MAX_SIZE   (256 * 1024)

BsSkillTraceFile *
bs_skill_trace_file_new (const char *variant,
                         const char *source,
                         guint       games,
                         guint64     seed)
{
  BsSkillTraceFile *file = g_new0 (BsSkillTraceFile, 1);

  file->variant = g_strdup (variant);
  file->source = g_strdup (source);
  file->games = games;
  file->seed = seed;
  file->levels = g_new0 (char *, 1);
  file->files = g_new0 (char *, 1);
  return file;
}

void
bs_skill_trace_file_free (BsSkillTraceFile *file)
{
  if (file == NULL)
    return;
  g_free (file->variant);
  g_free (file->source);
  g_strfreev (file->levels);
  g_strfreev (file->files);
  g_free (file);
}

guint
bs_skill_trace_file_n_levels (const BsSkillTraceFile *file)
{
  return g_strv_length (file->levels);
}

void
bs_skill_trace_file_add (BsSkillTraceFile *file,
                         const char       *level,
                         const char       *study)
{
  guint n = bs_skill_trace_file_n_levels (file);

  g_return_if_fail (level != NULL && study != NULL);

  file->levels = g_renew (char *, file->levels, n + 2);
  file->files = g_renew (char *, file->files, n + 2);
  file->levels[n] = g_strdup (level);
  file->files[n] = g_strdup (study);
  file->levels[n + 1] = NULL;
  file->files[n + 1] = NULL;
}

char *
bs_skill_trace_file_path (const char *output)
{
  g_autofree char *base = NULL;
  const char *dot;

  g_return_val_if_fail (output != NULL, NULL);

  base = g_path_get_basename (output);
  dot = strrchr (base, '.');
  if (dot == NULL || dot == base)
    return g_strconcat (output, EXTENSION, NULL);
  return g_strdup_printf ("%.*s%s", (int) (strlen (output) - strlen (dot)), output, EXTENSION);
}

gboolean
bs_skill_trace_file_is (const char *path)
{
  g_autofree char *lower = path != NULL ? g_ascii_strdown (path, -1) : NULL;

  return lower != NULL && g_str_has_suffix (lower, EXTENSION);
}

/* Writing. */

static void
append_line (GString    *out,
             const char *key,
             const char *value)
{
  g_autofree char *escaped = g_strescape (value, NULL);

  g_string_append_printf (out, "%s=%s\n", key, escaped);
}

gboolean
bs_skill_trace_file_save (const BsSkillTraceFile  *file,
                          const char              *path,
                          GError                 **error)
{
  g_autoptr(GString) out = g_string_new (MAGIC "\n");
  g_autofree char *folder = NULL;
  g_autofree char *games = NULL, *seed = NULL;

  g_return_val_if_fail (file != NULL && path != NULL, FALSE);

  folder = g_path_get_dirname (path);
  games = g_strdup_printf ("%u", file->games);
  seed = g_strdup_printf ("%" G_GUINT64_FORMAT, file->seed);
  append_line (out, "variant", file->variant != NULL ? file->variant : "");
  if (file->source != NULL)
    append_line (out, "source", file->source);
  append_line (out, "games", games);
  append_line (out, "seed", seed);
  append_line (out, "finished", file->finished ? "true" : "false");
  for (guint i = 0; file->levels[i] != NULL; i++)
    {
      g_autofree char *study_folder = g_path_get_dirname (file->files[i]);
      g_autofree char *base = g_path_get_basename (file->files[i]);
      /* Beside the trace: by its name, so the folder may move with its files. */
      const char *study = strcmp (study_folder, folder) == 0 ? base : file->files[i];
      g_autofree char *value = g_strdup_printf ("%s %s", file->levels[i], study);

      append_line (out, "level", value);
    }
  return bs_file_write_atomic (path, out->str, out->len, BS_FILE_WRITE_SYNC, error);
}

/* Reading. */

static gboolean
parse_number (const char  *path,
              guint        line,
              const char  *key,
              const char  *value,
              guint64      max,
              guint64     *out,
              GError     **error)
{
  char *end = NULL;
  guint64 number;

  errno = 0;
  number = g_ascii_strtoull (value, &end, 10);
  if (value[0] < '0' || value[0] > '9' || *end != '\0' || errno != 0 || number > max)
    {
      /* Translators: a bad line of a skill trace's file: "my.bstrace:4: games “x” is not a
       * number". */
      g_set_error (error, BS_STUDY_ERROR, BS_STUDY_ERROR_PARSE,
                   _("%s:%u: %s “%s” is not a number"), path, line, key, value);
      return FALSE;
    }
  *out = number;
  return TRUE;
}

static gboolean
parse_line (BsSkillTraceFile  *file,
            const char        *path,
            const char        *folder,
            guint              line,
            const char        *text,
            gboolean          *seen_games,
            GError           **error)
{
  const char *equals = strchr (text, '=');
  g_autofree char *key = NULL;
  g_autofree char *value = NULL;
  guint64 number;

  if (equals == NULL)
    {
      /* Translators: a line of a skill trace's file that is not KEY=VALUE. */
      g_set_error (error, BS_STUDY_ERROR, BS_STUDY_ERROR_PARSE,
                   _("%s:%u: “%s” is not a setting (KEY=VALUE)"), path, line, text);
      return FALSE;
    }
  key = g_strndup (text, equals - text);
  value = g_strcompress (equals + 1);
  if (strcmp (key, "variant") == 0)
    {
      g_free (file->variant);
      file->variant = g_steal_pointer (&value);
    }
  else if (strcmp (key, "source") == 0)
    {
      g_free (file->source);
      file->source = g_steal_pointer (&value);
    }
  else if (strcmp (key, "games") == 0)
    {
      if (!parse_number (path, line, key, value, G_MAXUINT, &number, error))
        return FALSE;
      if (number == 0)
        {
          /* Translators: a skill trace's file with games=0. */
          g_set_error (error, BS_STUDY_ERROR, BS_STUDY_ERROR_PARSE,
                       _("%s:%u: games “%s” must be 1 or more"), path, line, value);
          return FALSE;
        }
      file->games = (guint) number;
      *seen_games = TRUE;
    }
  else if (strcmp (key, "seed") == 0)
    {
      if (!parse_number (path, line, key, value, G_MAXUINT64, &file->seed, error))
        return FALSE;
    }
  else if (strcmp (key, "finished") == 0)
    {
      if (strcmp (value, "true") != 0 && strcmp (value, "false") != 0)
        {
          /* Translators: a skill trace's file; "true" and "false" are the file's words. */
          g_set_error (error, BS_STUDY_ERROR, BS_STUDY_ERROR_PARSE,
                       _("%s:%u: finished “%s” is neither true nor false"), path, line, value);
          return FALSE;
        }
      file->finished = strcmp (value, "true") == 0;
    }
  else if (strcmp (key, "level") == 0)
    {
      const char *space = strchr (value, ' ');
      g_autofree char *level = NULL;

      if (space == NULL || space == value || space[1] == '\0')
        {
          /* Translators: a skill trace's file: a level line lacks its level or its file. */
          g_set_error (error, BS_STUDY_ERROR, BS_STUDY_ERROR_PARSE,
                       _("%s:%u: level “%s” is not a level and its study file"), path, line,
                       value);
          return FALSE;
        }
      level = g_strndup (value, space - value);
      if (g_path_is_absolute (space + 1))
        bs_skill_trace_file_add (file, level, space + 1);
      else
        {
          g_autofree char *study = g_build_filename (folder, space + 1, NULL);

          bs_skill_trace_file_add (file, level, study);
        }
    }
  else
    {
      /* Translators: a skill trace's file holds a setting it does not know. */
      g_set_error (error, BS_STUDY_ERROR, BS_STUDY_ERROR_PARSE,
                   _("%s:%u: unknown setting “%s”"), path, line, key);
      return FALSE;
    }
  return TRUE;
}

BsSkillTraceFile *
bs_skill_trace_file_load (const char  *path,
                          GError     **error)
{
  g_autoptr(BsSkillTraceFile) file = bs_skill_trace_file_new (NULL, NULL, 0, 0);
  g_autoptr(GError) local = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *folder = NULL;
  g_auto(GStrv) lines = NULL;
  gboolean seen_games = FALSE;
  gsize length;

  g_return_val_if_fail (path != NULL, NULL);

  if (!g_file_get_contents (path, &contents, &length, &local))
    {
      g_set_error (error, local->domain, local->code, "%s", local->message);
      return NULL;
    }
  if (length > MAX_SIZE || memchr (contents, '\0', length) != NULL
      || !g_utf8_validate (contents, length, NULL))
    {
      /* Translators: a file named as a skill trace's that is not text. */
      g_set_error (error, BS_STUDY_ERROR, BS_STUDY_ERROR_PARSE,
                   _("%s is not a skill trace’s file"), path);
      return NULL;
    }
  folder = g_path_get_dirname (path);
  lines = g_strsplit (contents, "\n", -1);
  if (lines[0] == NULL || strcmp (g_strchomp (lines[0]), MAGIC) != 0)
    {
      /* Translators: the first line of a skill trace's file is not the one expected: the
       * file, then the line it should be. */
      g_set_error (error, BS_STUDY_ERROR, BS_STUDY_ERROR_PARSE,
                   _("%s:1: not a skill trace’s file (its first line should be “%s”)"), path,
                   MAGIC);
      return NULL;
    }
  for (guint i = 1; lines[i] != NULL; i++)
    {
      char *text = g_strchomp (lines[i]);

      if (text[0] == '\0' || text[0] == '#')
        continue;
      if (!parse_line (file, path, folder, i + 1, text, &seen_games, error))
        return NULL;
    }
  if (!seen_games || file->variant == NULL || bs_skill_trace_file_n_levels (file) < 2)
    {
      /* Translators: a skill trace's file lacks its games, variant or two levels. */
      g_set_error (error, BS_STUDY_ERROR, BS_STUDY_ERROR_PARSE,
                   _("%s: a skill trace’s file needs its variant, its games and two levels "
                     "or more"), path);
      return NULL;
    }
  return g_steal_pointer (&file);
}
