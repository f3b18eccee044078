/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The variant loader: any bytes are refused with a short, readable message
 * or loaded; a loaded variant saves and loads back equal (and saves to the
 * same bytes again), and its game starts. */

#include "config.h"

#include "fuzz-common.h"

#include "bs-ruleset.h"
#include "bs-variant-xml.h"
#include "bs-variant.h"

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  fuzz_init ();
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariant) variant = NULL;
  g_autoptr(BsVariant) again = NULL;
  g_autoptr(BsRuleset) rs = NULL;
  g_autofree BsPosition *pos = NULL;
  g_autofree BsMove *moves = NULL;
  g_autofree char *xml = NULL;
  g_autofree char *xml_again = NULL;
  gsize length = 0;

  variant = bs_variant_load_data ((const char *) data, size, "fuzz.xml", &error);
  if (variant == NULL)
    {
      fuzz_check_error (error);
      return 0;
    }

  xml = bs_variant_to_xml (variant, &length);
  again = bs_variant_load_data (xml, length, "fuzz.xml", &error);
  if (again == NULL)
    {
      g_printerr ("%s\n%s\n", error->message, xml);
      fuzz_check (FALSE, "a loaded variant does not load back once saved");
    }
  fuzz_check (bs_variant_equal (variant, again), "a saved variant loads back different");
  xml_again = bs_variant_to_xml (again, NULL);
  fuzz_check (strcmp (xml, xml_again) == 0, "saving twice gives different bytes");

  rs = bs_ruleset_new (variant, &error);
  fuzz_check (rs != NULL, "a loaded variant has no ruleset");
  pos = bs_ruleset_new_position (rs, 1);
  moves = g_new (BsMove, rs->max_moves);
  fuzz_check (bs_position_is_over (pos) || bs_ruleset_generate (rs, pos, moves) > 0,
              "a game that goes on without a legal move");
  return 0;
}
