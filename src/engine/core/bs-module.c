/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-engine"

#include "config.h"

#include "bs-module.h"

const BsFeatureSpec bs_generic_features[BS_N_GENERIC_FEATURES] = {
  [BS_GENERIC_MATERIAL] = { "material", 1.0 },
  [BS_GENERIC_MOBILITY] = { "mobility", 0.05 },
};

static gboolean
is_builtin_id (const char *id)
{
  for (guint i = 0; bs_builtin_modules[i] != NULL; i++)
    if (g_str_equal (bs_builtin_modules[i]->id, id))
      return TRUE;
  return FALSE;
}

static gpointer
build_registry (gpointer data)
{
  const BsModule * const *written = bs_written_modules ();
  GPtrArray *all = g_ptr_array_new ();

  for (guint i = 0; bs_builtin_modules[i] != NULL; i++)
    g_ptr_array_add (all, (gpointer) bs_builtin_modules[i]);
  for (guint i = 0; written[i] != NULL; i++)
    if (!is_builtin_id (written[i]->id))
      g_ptr_array_add (all, (gpointer) written[i]);
  g_ptr_array_add (all, NULL);
  return g_ptr_array_free (all, FALSE);
}

/* Built once and kept for the life of the process: modules are static. */
static const BsModule * const *
registry (void)
{
  static GOnce once = G_ONCE_INIT;

  return g_once (&once, build_registry, NULL);
}

const BsModule * const *
bs_module_list (guint *n_modules)
{
  const BsModule * const *all = registry ();

  if (n_modules != NULL)
    {
      *n_modules = 0;
      while (all[*n_modules] != NULL)
        (*n_modules)++;
    }
  return all;
}

/* Modules registered at run time (bs_module_register), newest last. */
static GMutex registered_lock;
static GPtrArray *registered;

void
bs_module_register (const BsModule *module)
{
  g_return_if_fail (module != NULL && module->id != NULL);

  g_mutex_lock (&registered_lock);
  if (registered == NULL)
    registered = g_ptr_array_new ();
  for (guint i = 0; i < registered->len; i++)
    if (g_str_equal (((const BsModule *) g_ptr_array_index (registered, i))->id, module->id))
      {
        g_ptr_array_remove_index (registered, i);
        break;
      }
  g_ptr_array_add (registered, (gpointer) module);
  g_mutex_unlock (&registered_lock);
}

static const BsModule *
find_registered (const char *id)
{
  const BsModule *found = NULL;

  g_mutex_lock (&registered_lock);
  for (guint i = 0; registered != NULL && i < registered->len && found == NULL; i++)
    if (g_str_equal (((const BsModule *) g_ptr_array_index (registered, i))->id, id))
      found = g_ptr_array_index (registered, i);
  g_mutex_unlock (&registered_lock);
  return found;
}

const BsModule *
bs_module_find (const char *id)
{
  const BsModule * const *all;
  const BsModule *found;

  g_return_val_if_fail (id != NULL, NULL);

  found = find_registered (id);
  if (found != NULL)
    return found;
  all = registry ();
  for (guint i = 0; all[i] != NULL; i++)
    if (g_str_equal (all[i]->id, id))
      return all[i];
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
