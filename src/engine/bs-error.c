/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-engine"

#include "config.h"

#include "bs-error.h"

G_DEFINE_QUARK (bs-variant-error-quark, bs_variant_error)
G_DEFINE_QUARK (bs-rules-error-quark, bs_rules_error)
G_DEFINE_QUARK (bs-record-error-quark, bs_record_error)
G_DEFINE_QUARK (bs-study-error-quark, bs_study_error)
