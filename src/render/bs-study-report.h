/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-study-report.h: a study's figures as data — JSON (every figure) and
 * CSV (one table) — written once here so that `boardsmith-cli report
 * --json / --csv TABLE` and the Balance page's Export Data… give the same
 * bytes for the same study file (docs/BALANCE.md defines every figure).
 * Numbers are written in the C locale whatever the user's. */

#pragma once

#include <glib.h>

#include "bs-study-runner.h"

G_BEGIN_DECLS

/* The tables `--csv` knows, in the order the help lists them. */
extern const char * const bs_study_report_tables[];

/* A snapshot of every arm's statistics, in the study's order (of
 * BsStudyStats*, owned). */
GPtrArray  *bs_study_report_all_stats (BsStudyRunner *runner);
/* The whole report as pretty-printed JSON, ending in a newline. */
char       *bs_study_report_json   (BsStudyRunner  *runner);
/* One table as CSV: "summary" (one row per arm), "lengths", "branching",
 * "openings", "reasons", "replicates"; NULL with an error naming the table otherwise. */
char       *bs_study_report_csv    (BsStudyRunner  *runner,
                                    const char     *table,
                                    GError        **error);
/* Writes the data atomically to path, the format from its extension:
 * .json the JSON, .csv the table `csv_table` (NULL: the summary). An
 * error names the path. */
gboolean    bs_study_report_export (BsStudyRunner  *runner,
                                    const char     *path,
                                    const char     *csv_table,
                                    GError        **error);

G_END_DECLS
