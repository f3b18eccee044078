/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs_json_to_text: numbers with the digits meant, everything else as
 * json-glib writes it (issue 28: `report --json` wrote 0.52000000000000002). */
#include "config.h"

#include <math.h>
#include <string.h>

#include "bs-json.h"
#include "bs-rng.h"

static char *
text_of_double (double value)
{
  g_autoptr(JsonNode) node = json_node_init_double (json_node_alloc (), value);

  return bs_json_to_text (node);
}

static void
test_json_shortest_digits (void)
{
  static const struct {
    double      value;
    const char *text;
  } cases[] = {
    { 0.52, "0.52" },                       /* json-glib: 0.52000000000000002 */
    { 0.258628, "0.258628" },               /* json-glib: 0.25862800000000002 */
    { 0.089686, "0.089686" },
    { -0.5, "-0.5" },
    { 1.0, "1.0" },                         /* stays a double for a reader */
    { 100.0, "100.0" },
    { 1e-7, "1e-07" },
    { 1.5e300, "1.5e+300" },
    { 0.1 + 0.2, "0.30000000000000004" },   /* needs all 17 digits */
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = text_of_double (cases[i].value);

      g_assert_cmpstr (text, ==, cases[i].text);
    }
}

/* Strings (a move's notation, a message quoting a number) and integers are
 * left as the generator wrote them. */
static void
test_json_strings_and_integers (void)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *text = NULL;

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "quoted");
  json_builder_add_string_value (b, "0.52000000000000002 \"1.10000000000000001\" \\ -3.5");
  json_builder_set_member_name (b, "games");
  json_builder_add_int_value (b, -12345678901);
  json_builder_set_member_name (b, "score");
  json_builder_add_double_value (b, 0.4);
  json_builder_end_object (b);
  root = json_builder_get_root (b);
  text = bs_json_to_text (root);
  g_assert_cmpstr (text, ==,
                   "{\n"
                   "  \"quoted\" : \"0.52000000000000002 \\\"1.10000000000000001\\\" \\\\ -3.5\",\n"
                   "  \"games\" : -12345678901,\n"
                   "  \"score\" : 0.4\n"
                   "}");
}

/* Whatever the double, the text reads back as exactly it. */
static void
test_json_round_trip (void)
{
  BsRng rng;

  bs_rng_init (&rng, 28);
  for (guint i = 0; i < 20000; i++)
    {
      guint64 bits = bs_rng_next (&rng);
      double value;
      g_autofree char *text = NULL;
      g_autoptr(JsonNode) back = NULL;

      memcpy (&value, &bits, sizeof value);
      if (!isfinite (value))
        continue;
      if (i % 2 == 0)
        value = round (ldexp ((double) (bits >> 11), -53) * 1e6) / 1e6;   /* as the report rounds */
      text = text_of_double (value);
      back = json_from_string (text, NULL);
      g_assert_nonnull (back);
      g_assert_true (json_node_get_double (back) == value);
      g_assert_cmpuint (strlen (text), <=, 24);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/json/shortest-digits", test_json_shortest_digits);
  g_test_add_func ("/json/strings-and-integers", test_json_strings_and_integers);
  g_test_add_func ("/json/round-trip", test_json_round_trip);
  return g_test_run ();
}
