/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-search"

#include "config.h"

#include "bs-weights.h"

#include <math.h>
#include <glib/gi18n-lib.h>

BsWeights *
bs_weights_new (void)
{
  BsWeights *w = g_new0 (BsWeights, 1);

  w->settings = g_new0 (char *, 1);
  return w;
}

void
bs_weights_free (BsWeights *w)
{
  if (w == NULL)
    return;
  g_free (w->path);
  g_free (w->game);
  g_free (w->variant);
  g_strfreev (w->settings);
  for (guint i = 0; i < w->n_features; i++)
    g_free (w->features[i]);
  g_free (w->players);
  g_free (w);
}

/* The line (from 1) where key is set in the group of the file's text, or
 * 0 when it is not written there. */
static int
key_line (const char *text,
          const char *key)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  gsize len = strlen (key);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *s = lines[i];

      while (*s == ' ' || *s == '\t')
        s++;
      if (strncmp (s, key, len) == 0)
        {
          s += len;
          while (*s == ' ' || *s == '\t')
            s++;
          if (*s == '=')
            return (int) i + 1;
        }
    }
  return 0;
}

/* "FILE:LINE" for key, or "FILE" when the key is not in the text. */
static char *
where (const char *path,
       const char *text,
       const char *key)
{
  int line = text != NULL ? key_line (text, key) : 0;

  return line > 0 ? g_strdup_printf ("%s:%d", path, line) : g_strdup (path);
}

static gboolean
read_real (GKeyFile    *kf,
           const char  *path,
           const char  *text,
           const char  *key,
           double      *value,
           GError     **error)
{
  g_autofree char *raw = g_key_file_get_value (kf, BS_WEIGHTS_GROUP, key, NULL);
  char *end = NULL;

  if (raw == NULL)
    return TRUE;  /* optional */
  g_strstrip (raw);
  *value = g_ascii_strtod (raw, &end);
  if (end == raw || *end != '\0' || !isfinite (*value))
    {
      g_autofree char *at = where (path, text, key);

      g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_INVALID_VALUE,
                   _("%s: %s is “%s”, not a finite number"), at, key, raw);
      return FALSE;
    }
  return TRUE;
}

static gboolean
read_count (GKeyFile    *kf,
            const char  *path,
            const char  *text,
            const char  *key,
            guint64      max,
            guint64     *value,
            GError     **error)
{
  g_autofree char *raw = g_key_file_get_value (kf, BS_WEIGHTS_GROUP, key, NULL);
  char *end = NULL;

  if (raw == NULL)
    return TRUE;
  g_strstrip (raw);
  *value = g_ascii_strtoull (raw, &end, 10);
  if (!g_ascii_isdigit (raw[0]) || *end != '\0' || *value > max)
    {
      g_autofree char *at = where (path, text, key);

      g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_INVALID_VALUE,
                   _("%s: %s is “%s”, not a whole number from 0 to %llu"),
                   at, key, raw, (unsigned long long) max);
      return FALSE;
    }
  return TRUE;
}

/* A list of reals of n entries ("1;0.5;…"). */
static gboolean
read_reals (GKeyFile    *kf,
            const char  *path,
            const char  *text,
            const char  *key,
            gboolean     required,
            guint        n,
            double      *values,
            GError     **error)
{
  g_autofree char *raw = g_key_file_get_value (kf, BS_WEIGHTS_GROUP, key, NULL);
  g_autofree char *at = where (path, text, key);
  g_auto(GStrv) parts = NULL;
  guint count = 0;

  if (raw == NULL)
    {
      if (required)
        g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_KEY_NOT_FOUND,
                     _("%s: no “%s” key in the group [%s]"), path, key, BS_WEIGHTS_GROUP);
      return !required;
    }
  parts = g_strsplit (raw, ";", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      char *end = NULL;
      double v;

      g_strstrip (parts[i]);
      if (parts[i][0] == '\0' && parts[i + 1] == NULL)
        break;  /* a trailing ';' */
      v = g_ascii_strtod (parts[i], &end);
      if (end == parts[i] || *end != '\0' || !isfinite (v))
        {
          g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_INVALID_VALUE,
                       _("%s: %s: “%s” is not a finite number"), at, key, parts[i]);
          return FALSE;
        }
      if (count < n)
        values[count] = v;
      count++;
    }
  if (count != n)
    {
      g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_INVALID_VALUE,
                   _("%s: %s has %u values for %u features (“%s”)"), at, key, count, n, raw);
      return FALSE;
    }
  return TRUE;
}

BsWeights *
bs_weights_load (const char  *path,
                 GError     **error)
{
  g_autoptr(BsWeights) w = bs_weights_new ();
  g_autoptr(GKeyFile) kf = g_key_file_new ();
  g_autoptr(GError) local = NULL;
  g_autofree char *text = NULL;
  g_autofree char *at = NULL;
  g_auto(GStrv) features = NULL;
  gsize length = 0, n = 0;
  guint64 count = 0;

  if (!g_file_get_contents (path, &text, &length, &local))
    {
      g_set_error (error, G_FILE_ERROR, local->code, _("Cannot read weights file %s: %s"),
                   path, local->message);
      return NULL;
    }
  if (!g_utf8_validate (text, (gssize) length, NULL) ||
      !g_key_file_load_from_data (kf, text, length, G_KEY_FILE_NONE, &local))
    {
      g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_PARSE,
                   _("%s: not a weights file (a key file with a [%s] group): %s"), path,
                   BS_WEIGHTS_GROUP, local != NULL ? local->message : _("not UTF-8 text"));
      return NULL;
    }
  if (!g_key_file_has_group (kf, BS_WEIGHTS_GROUP))
    {
      g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_GROUP_NOT_FOUND,
                   _("%s: not a weights file: no [%s] group"), path, BS_WEIGHTS_GROUP);
      return NULL;
    }
  w->path = g_strdup (path);
  if (!read_count (kf, path, text, "format", G_MAXUINT, &count, error))
    return NULL;
  if (count > BS_WEIGHTS_FORMAT)
    {
      at = where (path, text, "format");
      g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_INVALID_VALUE,
                   _("%s: format %llu is newer than this version reads (%d)"),
                   at, (unsigned long long) count, BS_WEIGHTS_FORMAT);
      return NULL;
    }
  w->game = g_key_file_get_string (kf, BS_WEIGHTS_GROUP, "game", NULL);
  w->variant = g_key_file_get_string (kf, BS_WEIGHTS_GROUP, "variant", NULL);
  w->players = g_key_file_get_string (kf, BS_WEIGHTS_GROUP, "players", NULL);
  features = g_key_file_get_string_list (kf, BS_WEIGHTS_GROUP, "features", &n, NULL);
  if (g_key_file_has_key (kf, BS_WEIGHTS_GROUP, "settings", NULL))
    {
      g_strfreev (w->settings);
      w->settings = g_key_file_get_string_list (kf, BS_WEIGHTS_GROUP, "settings", NULL, NULL);
      if (w->settings == NULL)
        w->settings = g_new0 (char *, 1);
    }
  at = where (path, text, "features");
  w->features_line = key_line (text, "features");
  w->game_line = key_line (text, "game");
  if (features == NULL || n == 0)
    {
      g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_KEY_NOT_FOUND,
                   _("%s: no “features” list in the group [%s]"), at, BS_WEIGHTS_GROUP);
      return NULL;
    }
  if (n > BS_MAX_FEATURES)
    {
      g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_INVALID_VALUE,
                   _("%s: %u features, at most %d are read"), at, (guint) n, BS_MAX_FEATURES);
      return NULL;
    }
  for (gsize i = 0; i < n; i++)
    {
      g_strstrip (features[i]);
      if (features[i][0] == '\0' || g_strv_contains ((const char * const *) w->features,
                                                     features[i]))
        {
          g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_INVALID_VALUE,
                       _("%s: feature “%s” is empty or repeated"), at, features[i]);
          return NULL;
        }
      w->features[i] = g_strdup (features[i]);
      w->n_features = (guint) i + 1;
    }
  if (!read_reals (kf, path, text, "weights", TRUE, w->n_features, w->weights, error) ||
      !read_reals (kf, path, text, "logit-weights", FALSE, w->n_features, w->logit, error) ||
      !read_real (kf, path, text, "intercept", &w->intercept, error) ||
      !read_real (kf, path, text, "side-to-move", &w->side_to_move, error) ||
      !read_real (kf, path, text, "scale", &w->scale, error) ||
      !read_real (kf, path, text, "l2", &w->l2, error) ||
      !read_real (kf, path, text, "log-loss-zero", &w->log_loss_zero, error) ||
      !read_real (kf, path, text, "log-loss-before", &w->log_loss_before, error) ||
      !read_real (kf, path, text, "log-loss-after", &w->log_loss_after, error) ||
      !read_count (kf, path, text, "seed", G_MAXINT64, &w->seed, error))
    return NULL;
  count = 0;
  if (!read_count (kf, path, text, "games", G_MAXUINT, &count, error))
    return NULL;
  w->games = (guint) count;
  count = 0;
  if (!read_count (kf, path, text, "positions", G_MAXUINT, &count, error))
    return NULL;
  w->positions = (guint) count;
  count = 0;
  if (!read_count (kf, path, text, "held-out-positions", G_MAXUINT, &count, error))
    return NULL;
  w->held_out = (guint) count;
  return g_steal_pointer (&w);
}

static void
set_reals (GKeyFile     *kf,
           const char   *key,
           const double *values,
           guint         n)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    {
      char buf[G_ASCII_DTOSTR_BUF_SIZE];

      g_string_append_printf (s, "%s%s", i > 0 ? ";" : "",
                              g_ascii_formatd (buf, sizeof buf, "%.6g", values[i]));
    }
  g_key_file_set_value (kf, BS_WEIGHTS_GROUP, key, s->str);
  g_string_free (s, TRUE);
}

static void
set_real (GKeyFile   *kf,
          const char *key,
          double      value)
{
  set_reals (kf, key, &value, 1);
}

gboolean
bs_weights_save (const BsWeights  *w,
                 const char       *path,
                 GError          **error)
{
  g_autoptr(GKeyFile) kf = g_key_file_new ();
  g_autofree char *data = NULL;
  gsize length = 0;

  g_key_file_set_comment (kf, NULL, NULL,
                          " Evaluation weights learned by self-play: boardsmith-cli tune\n"
                          " weights are in pieces' worth (logit-weights / scale);\n"
                          " log-loss-* are measured on the positions of held-out games",
                          NULL);
  g_key_file_set_integer (kf, BS_WEIGHTS_GROUP, "format", BS_WEIGHTS_FORMAT);
  g_key_file_set_string (kf, BS_WEIGHTS_GROUP, "game", w->game != NULL ? w->game : "");
  g_key_file_set_string (kf, BS_WEIGHTS_GROUP, "variant", w->variant != NULL ? w->variant : "");
  g_key_file_set_string_list (kf, BS_WEIGHTS_GROUP, "settings",
                              (const char * const *) w->settings,
                              w->settings != NULL ? g_strv_length (w->settings) : 0);
  g_key_file_set_string_list (kf, BS_WEIGHTS_GROUP, "features",
                              (const char * const *) w->features, w->n_features);
  set_reals (kf, "weights", w->weights, w->n_features);
  set_reals (kf, "logit-weights", w->logit, w->n_features);
  set_real (kf, "scale", w->scale);
  set_real (kf, "intercept", w->intercept);
  set_real (kf, "side-to-move", w->side_to_move);
  set_real (kf, "l2", w->l2);
  g_key_file_set_string (kf, BS_WEIGHTS_GROUP, "players", w->players != NULL ? w->players : "");
  g_key_file_set_uint64 (kf, BS_WEIGHTS_GROUP, "seed", w->seed);
  g_key_file_set_integer (kf, BS_WEIGHTS_GROUP, "games", (int) w->games);
  g_key_file_set_integer (kf, BS_WEIGHTS_GROUP, "positions", (int) w->positions);
  g_key_file_set_integer (kf, BS_WEIGHTS_GROUP, "held-out-positions", (int) w->held_out);
  set_real (kf, "log-loss-zero", w->log_loss_zero);
  set_real (kf, "log-loss-before", w->log_loss_before);
  set_real (kf, "log-loss-after", w->log_loss_after);
  data = g_key_file_to_data (kf, &length, NULL);
  return g_file_set_contents (path, data, (gssize) length, error);
}

static char *
join_ids (const char * const *ids,
          guint               n)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    g_string_append_printf (s, "%s%s", i > 0 ? ";" : "", ids[i]);
  return g_string_free (s, FALSE);
}

gboolean
bs_weights_resolve (const BsWeights  *w,
                    const BsRuleset  *rs,
                    BsEvaluationKind  kind,
                    double           *out,
                    GError          **error)
{
  BsFeatureSpec specs[BS_MAX_FEATURES];
  const char *ids[BS_MAX_FEATURES];
  guint n = bs_evaluation_features (rs, kind, specs);
  g_autofree char *path = w->features_line > 0
                           ? g_strdup_printf ("%s:%d", w->path, w->features_line)
                           : g_strdup (w->path != NULL ? w->path : _("(weights)"));
  gboolean same = n == w->n_features;

  if (w->game != NULL && *w->game != '\0' && g_strcmp0 (w->game, rs->variant->module) != 0)
    {
      g_autofree char *at = w->game_line > 0
                            ? g_strdup_printf ("%s:%d", w->path, w->game_line)
                            : g_strdup (w->path != NULL ? w->path : _("(weights)"));

      g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_INVALID_VALUE,
                   _("%s: game=%s: these weights are for another game than %s (%s)"),
                   at, w->game, rs->variant->id, rs->variant->module);
      return FALSE;
    }
  for (guint i = 0; i < n; i++)
    {
      guint j = 0;

      ids[i] = specs[i].id;
      while (j < w->n_features && g_strcmp0 (w->features[j], specs[i].id) != 0)
        j++;
      if (j == w->n_features)
        same = FALSE;
      else
        out[i] = w->weights[j];
    }
  if (!same)
    {
      g_autofree char *theirs = join_ids ((const char * const *) w->features, w->n_features);
      g_autofree char *ours = join_ids (ids, n);

      g_set_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_INVALID_VALUE,
                   _("%s: features=%s do not match the features of %s's evaluation (%s)"),
                   path, theirs, rs->variant->id, ours);
      return FALSE;
    }
  return TRUE;
}
