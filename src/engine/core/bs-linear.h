/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Solves a x = b for the n × n matrix a (row-major) by Gaussian elimination with partial
 * pivoting and back substitution. On success b holds x; a is destroyed either way.
 * FALSE, with b unspecified, when a pivot is zero, subnormal or not finite: a is singular
 * (to the precision of a double) or holds NaN or infinity. */
gboolean bs_linear_solve (double *a,
                          double *b,
                          guint   n);

G_END_DECLS
