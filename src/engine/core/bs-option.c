/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-engine"

#include "config.h"

#include <errno.h>
#include <stdlib.h>

#include <glib/gi18n-lib.h>

#include "bs-error.h"
#include "bs-option.h"

const char *
bs_option_type_to_string (BsOptionType type)
{
  switch (type)
    {
    case BS_OPTION_BOOL:
      return "bool";
    case BS_OPTION_INT:
      return "int";
    case BS_OPTION_ENUM:
      return "enum";
    default:
      g_return_val_if_reached (NULL);
    }
}

gboolean
bs_option_parse_value (const BsOptionSpec *spec,
                       const char         *text,
                       int                *value,
                       GError            **error)
{
  g_return_val_if_fail (spec != NULL, FALSE);
  g_return_val_if_fail (value != NULL, FALSE);

  if (text == NULL)
    text = "";

  switch (spec->type)
    {
    case BS_OPTION_BOOL:
      if (g_str_equal (text, "true"))
        *value = 1;
      else if (g_str_equal (text, "false"))
        *value = 0;
      else
        {
          g_autofree char *quoted = bs_excerpt (text);
          g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_VALUE,
                       _("option %s: \"%s\" is not true or false"), spec->id, quoted);
          return FALSE;
        }
      return TRUE;

    case BS_OPTION_INT:
      /* The one strict syntax of integers (no blanks: "\v0" would be
       * read as 0 and written back as is, which XML cannot hold). */
      if (!bs_parse_int (text, spec->min, spec->max, value, error))
        {
          g_prefix_error (error, _("option %s: "), spec->id);
          return FALSE;
        }
      return TRUE;

    case BS_OPTION_ENUM:
      for (int i = 0; spec->choices[i] != NULL; i++)
        if (g_str_equal (spec->choices[i], text))
          {
            *value = i;
            return TRUE;
          }
      {
        g_autofree char *choices = g_strjoinv (", ", (char **) spec->choices);
        g_autofree char *quoted = bs_excerpt (text);
        g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_VALUE,
                     _("option %s: \"%s\" is not one of %s"), spec->id, quoted, choices);
      }
      return FALSE;

    default:
      g_return_val_if_reached (FALSE);
    }
}

const char *
bs_option_value_to_string (const BsOptionSpec *spec,
                           int                 value)
{
  switch (spec->type)
    {
    case BS_OPTION_BOOL:
      return value ? "true" : "false";
    case BS_OPTION_INT:
      {
        char buf[32];
        g_snprintf (buf, sizeof buf, "%d", value);
        return g_intern_string (buf);
      }
    case BS_OPTION_ENUM:
      if (value >= spec->min && value <= spec->max)
        return spec->choices[value];
      return NULL;
    default:
      g_return_val_if_reached (NULL);
    }
}

char *
bs_option_describe_range (const BsOptionSpec *spec)
{
  switch (spec->type)
    {
    case BS_OPTION_BOOL:
      return g_strdup ("true or false");
    case BS_OPTION_INT:
      return g_strdup_printf ("%d to %d", spec->min, spec->max);
    case BS_OPTION_ENUM:
      return g_strjoinv (", ", (char **) spec->choices);
    default:
      g_return_val_if_reached (NULL);
    }
}
