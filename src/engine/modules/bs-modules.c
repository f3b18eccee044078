/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-engine"

#include "config.h"

#include "bs-modules.h"

/* The table core's registry reads (bs_module_list, bs_module_find). */
#define BS_MODULE(id) &bs_module_##id,
const BsModule * const bs_builtin_modules[] = {
  BS_MODULE_LIST
  NULL
};
#undef BS_MODULE
