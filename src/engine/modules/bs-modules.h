/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-modules.h: the built-in rule modules (listed in modules/meson.build). */

#pragma once

#include "bs-module.h"
#include "bs-module-list.h"

G_BEGIN_DECLS

#define BS_MODULE(id) extern const BsModule bs_module_##id;
BS_MODULE_LIST
#undef BS_MODULE

G_END_DECLS
