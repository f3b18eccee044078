/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-cli"

#include "config.h"

#include <glib/gi18n.h>

#include "bs-chart.h"
#include "bs-cli-common.h"
#include "bs-cli-study-report.h"
#include "bs-study-runner.h"

/* report STUDY [--json | --csv TABLE] [--chart FILE --kind KIND --value V]:
 * the statistics of a study file (with its journal, if a run was cut short). */

/* The arm whose games a one-variant chart (length, branching, openings)
 * draws: the one named by --value, else a sweep's own value, else the
 * first. */
static gboolean
chart_arm (const BsStudy  *study,
           const char     *value,
           guint          *arm,
           GError        **error)
{
  g_autoptr(GString) values = NULL;

  if (value == NULL)
    {
      *arm = study->kind == BS_STUDY_SWEEP && study->default_arm >= 0
             ? (guint) study->default_arm : 0;
      return TRUE;
    }
  values = g_string_new (NULL);
  for (guint i = 0; i < bs_study_n_arms (study); i++)
    {
      const char *name = bs_study_get_arm (study, i)->value;

      if (name != NULL && g_ascii_strcasecmp (name, value) == 0)
        {
          *arm = i;
          return TRUE;
        }
      if (name != NULL)
        g_string_append_printf (values, "%s%s", values->len > 0 ? ", " : "", name);
    }
  if (values->len == 0)
    g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                 _("--value: this study has one variant, no values to choose from"));
  else
    g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                 _("--value: \"%s\" is not one of this study's values (%s)"), value, values->str);
  return FALSE;
}
int
bs_cli_report (int    argc,
               char **argv)
{
  static char *csv, *chart, *kind, *theme, *value, *size_text, *fair_margin_text;
  static const GOptionEntry extra[] = {
    { "csv", 0, 0, G_OPTION_ARG_STRING, &csv,
      N_("Print one table as CSV: summary, lengths, branching, openings, reasons or replicates"),
      N_("TABLE") },
    { "chart", 0, 0, G_OPTION_ARG_FILENAME, &chart,
      N_("Draw a chart into FILE (.png, .svg or .pdf)"), N_("FILE") },
    { "kind", 0, 0, G_OPTION_ARG_STRING, &kind,
      N_("The chart: score, length, sweep, branching or openings (default: sweep for a "
         "sweep, else score)"), N_("KIND") },
    { "value", 0, 0, G_OPTION_ARG_STRING, &value,
      N_("For the length, branching and openings charts of a sweep or a comparison: the value "
         "(or A, B) whose games are drawn (default: the variant's own value, or the first)"),
      N_("V") },
    { "fair-margin", 0, 0, G_OPTION_ARG_STRING, &fair_margin_text,
      /* xgettext:no-c-format */
      N_("Call player 1's score fair when its whole 95% interval lies within 50 ± this many "
         "points (default 3)"), N_("POINTS") },
    { "theme", 0, 0, G_OPTION_ARG_STRING, &theme,
      N_("Chart colours: light (default) or dark"), N_("THEME") },
    { "size", 0, 0, G_OPTION_ARG_STRING, &size_text,
      N_("Chart width in pixels (PNG) or points (SVG, PDF); default 800"), N_("N") },
    { NULL }
  };
  static const BsCliSpec spec = {
    "report", N_("STUDY"),
    N_("Print the statistics of a study file, a table of them as CSV, or draw a chart"),
    0, 1, 1, extra,
  };
  g_autoptr(BsStudyRunner) runner = NULL;
  GError *error = NULL;
  BsCliOptions options;
  guint size = 800;
  double fair_points = 100 * BS_STUDY_FAIR_MARGIN;

  g_clear_pointer (&csv, g_free);
  g_clear_pointer (&chart, g_free);
  g_clear_pointer (&kind, g_free);
  g_clear_pointer (&theme, g_free);
  g_clear_pointer (&value, g_free);
  g_clear_pointer (&size_text, g_free);
  g_clear_pointer (&fair_margin_text, g_free);
  if (!bs_cli_parse (&spec, argc, argv, &options))
    return BS_CLI_EXIT_BAD_INPUT;

  if (size_text != NULL && !bs_cli_parse_uint ("--size", size_text, 200, 10000, &size, &error))
    ;
  else if (fair_margin_text != NULL &&
           !bs_cli_parse_real ("--fair-margin", fair_margin_text, 0, 50, BS_CLI_RANGE_OPEN,
                               &fair_points, &error))
    ;
  else
    runner = bs_study_runner_open (options.args[0], NULL, &error);
  if (runner != NULL)
    bs_study_runner_get_study (runner)->fair_margin = fair_points / 100;
  if (runner != NULL && chart != NULL)
    {
      BsChartOptions chart_options;

      bs_chart_options_init (&chart_options);
      chart_options.width = (int) size;
      if (theme != NULL && !bs_chart_theme_from_string (theme, &chart_options.dark))
        g_set_error (&error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                     _("--theme: \"%s\" is not light or dark"), theme);
      else if (!bs_chart_kind_from_string (kind, bs_study_runner_get_study (runner),
                                           &chart_options.kind, &error))
        ;
      else if (!chart_arm (bs_study_runner_get_study (runner), value, &chart_options.arm,
                           &error))
        ;
      else
        bs_chart_export_runner (runner, &chart_options, chart, &error);
    }
  if (runner != NULL && error == NULL)
    {
      if (csv != NULL)
        bs_cli_study_report_csv (runner, csv, &error);
      else if (chart == NULL || options.json)
        bs_cli_study_report_print (runner, options.json);
    }
  bs_cli_options_clear (&options);
  if (error != NULL)
    return bs_cli_fail (error);
  return BS_CLI_EXIT_OK;
}
