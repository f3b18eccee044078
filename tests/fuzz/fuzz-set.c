/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The CLI's --set parser (bs_variant_apply_settings, what `--set KEY=VALUE`
 * runs): any list of settings on any built-in variant is refused with a
 * short, readable message — the variant then unchanged — or gives a
 * playable variant that saves and loads back equal.
 *
 * Input: byte 0 picks the built-in variant; the rest is one setting per
 * line. */

#include "config.h"

#include "fuzz-common.h"

#include "bs-ruleset.h"
#include "bs-variant-xml.h"
#include "bs-variant.h"

/* The built-in variants, loaded once (each input works on a copy). */
static GPtrArray *builtins;

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  g_auto(GStrv) names = NULL;

  fuzz_init ();
  names = bs_variant_list_builtin ();
  builtins = g_ptr_array_new ();
  for (guint i = 0; names != NULL && names[i] != NULL; i++)
    {
      BsVariant *variant = bs_variant_lookup (names[i], NULL);
      fuzz_check (variant != NULL, "a built-in variant does not load");
      g_ptr_array_add (builtins, variant);
    }
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariant) variant = NULL;
  g_autoptr(BsVariant) original = NULL;
  g_autoptr(BsVariant) again = NULL;
  g_autoptr(BsRuleset) rs = NULL;
  g_autofree BsPosition *pos = NULL;
  g_autofree char *text = NULL;
  g_autofree char *xml = NULL;
  g_auto(GStrv) settings = NULL;
  guint n_builtins;
  gsize length;

  n_builtins = builtins->len;
  if (size < 1 || n_builtins == 0)
    return 0;
  variant = bs_variant_copy (g_ptr_array_index (builtins, data[0] % n_builtins));
  original = bs_variant_copy (variant);
  text = fuzz_string (data + 1, size - 1);
  settings = g_strsplit (text, "\n", 64);

  if (!bs_variant_apply_settings (variant, (const char * const *) settings, &error))
    {
      fuzz_check_error (error);
      fuzz_check (bs_variant_equal (variant, original), "refused settings changed the variant");
      return 0;
    }

  rs = bs_ruleset_new (variant, &error);
  fuzz_check (rs != NULL, "accepted settings give no ruleset");
  pos = bs_ruleset_new_position (rs, 1);
  xml = bs_variant_to_xml (variant, &length);
  again = bs_variant_load_data (xml, length, "set.xml", &error);
  if (again == NULL)
    {
      g_printerr ("%s\n%s\n", error->message, xml);
      fuzz_check (FALSE, "a variant made with --set does not load back once saved");
    }
  fuzz_check (bs_variant_equal (variant, again), "a variant made with --set loads back different");
  return 0;
}
