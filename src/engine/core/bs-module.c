/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-engine"

#include "config.h"

#include "bs-module.h"

const BsModule * const *
bs_module_list (guint *n_modules)
{
  if (n_modules != NULL)
    {
      *n_modules = 0;
      while (bs_builtin_modules[*n_modules] != NULL)
        (*n_modules)++;
    }
  return bs_builtin_modules;
}

const BsModule *
bs_module_find (const char *id)
{
  g_return_val_if_fail (id != NULL, NULL);

  for (guint i = 0; bs_builtin_modules[i] != NULL; i++)
    if (g_str_equal (bs_builtin_modules[i]->id, id))
      return bs_builtin_modules[i];
  return NULL;
}

int
bs_module_option_index (const BsModule *module,
                        const char     *id)
{
  for (guint i = 0; i < module->n_options; i++)
    if (g_str_equal (module->options[i].id, id))
      return (int) i;
  return -1;
}

int
bs_module_kind_index (const BsModule *module,
                      const char     *id)
{
  for (guint i = 0; i < module->n_kinds; i++)
    if (g_str_equal (module->kinds[i].id, id))
      return (int) i;
  return -1;
}

int
bs_module_special_index (const BsModule *module,
                         const char     *id)
{
  for (guint i = 0; i < module->n_specials; i++)
    if (g_str_equal (module->specials[i].id, id))
      return (int) i;
  return -1;
}

int
bs_module_option_default (const BsModule    *module,
                          int                index,
                          const BsBoardSpec *board)
{
  const BsOptionSpec *spec;

  g_return_val_if_fail (module != NULL && index >= 0 && index < (int) module->n_options, 0);

  spec = &module->options[index];
  if (spec->default_per_cell == 0 || board == NULL || !bs_board_spec_check (board, NULL))
    return spec->default_value;
  return CLAMP (spec->default_per_cell * bs_board_spec_n_cells (board), spec->min, spec->max);
}
