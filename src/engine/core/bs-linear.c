/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-engine"

#include "config.h"

#include "bs-linear.h"

#include <float.h>
#include <math.h>

gboolean
bs_linear_solve (double *a,
                 double *b,
                 guint   n)
{
  g_return_val_if_fail (n == 0 || (a != NULL && b != NULL), FALSE);

  for (guint k = 0; k < n; k++)
    {
      guint p = k;

      for (guint i = k + 1; i < n; i++)
        if (fabs (a[i * n + k]) > fabs (a[p * n + k]))
          p = i;
      /* NaN compares false with everything: refused here, not carried into x. */
      if (!(fabs (a[p * n + k]) >= DBL_MIN) || !isfinite (a[p * n + k]))
        return FALSE;
      if (p != k)
        {
          double t;

          for (guint j = 0; j < n; j++)
            {
              t = a[k * n + j];
              a[k * n + j] = a[p * n + j];
              a[p * n + j] = t;
            }
          t = b[k];
          b[k] = b[p];
          b[p] = t;
        }
      for (guint i = k + 1; i < n; i++)
        {
          double f = a[i * n + k] / a[k * n + k];

          for (guint j = k; j < n; j++)
            a[i * n + j] -= f * a[k * n + j];
          b[i] -= f * b[k];
        }
    }
  for (guint k = n; k-- > 0;)
    {
      for (guint j = k + 1; j < n; j++)
        b[k] -= a[k * n + j] * b[j];
      b[k] /= a[k * n + k];
    }
  return TRUE;
}
