/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-cli-study-report.h: a study's statistics as text, JSON and CSV, for
 * `study` and `report` (docs/BALANCE.md defines every figure). JSON and
 * CSV are written by bs-study-report.c, which the app's Export Data… uses
 * too. */

#pragma once

#include <glib.h>

#include "bs-study-runner.h"

G_BEGIN_DECLS

/* The report on stdout: text for people, or JSON. */
void        bs_cli_study_report_print (BsStudyRunner  *runner,
                                       gboolean        json);
/* One table as CSV on stdout: "summary" (one row per arm), "lengths",
 * "branching", "openings", "reasons", "replicates". */
gboolean    bs_cli_study_report_csv   (BsStudyRunner  *runner,
                                       const char     *table,
                                       GError        **error);

G_END_DECLS
