/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-cli"

#include "config.h"

#include "bs-cli-introspect.h"

#include <string.h>

#include <glib/gi18n.h>

#include "bs-module.h"
#include "bs-option.h"
#include "bs-rules-catalog.h"
#include "bs-variant-xml.h"

/* What a command says about itself when bs_cli_parse() runs in describe mode. */
typedef struct {
  gboolean  found;
  char     *parameters;
  char     *summary;
  GArray   *entries;   /* of GOptionEntry: the strings are the commands' static ones */
} Description;

static void
description_clear (Description *d)
{
  g_clear_pointer (&d->parameters, g_free);
  g_clear_pointer (&d->summary, g_free);
  g_clear_pointer (&d->entries, g_array_unref);
  d->found = FALSE;
}

static void
collect_description (const BsCliSpec    *spec,
                     const GOptionEntry *entries,
                     guint               n_entries,
                     gpointer            user_data)
{
  Description *d = user_data;

  d->found = TRUE;
  d->parameters = g_strdup (spec->parameters);
  d->summary = g_strdup (spec->summary);
  d->entries = g_array_new (FALSE, TRUE, sizeof (GOptionEntry));
  for (guint i = 0; i < n_entries; i++)
    if (entries[i].long_name != NULL && entries[i].long_name[0] != '\0'
        && !(entries[i].flags & G_OPTION_FLAG_HIDDEN))
      g_array_append_val (d->entries, entries[i]);
}

/* Runs the command in describe mode: it returns from bs_cli_parse() at once. */
static gboolean
describe_command (const BsCliCommand *command,
                  Description        *d)
{
  char *argv[] = { (char *) command->name, NULL };

  memset (d, 0, sizeof *d);
  bs_cli_set_describe_func (collect_description, d);
  command->run (1, argv);
  bs_cli_set_describe_func (NULL, NULL);
  return d->found;
}

static gboolean
entry_takes_argument (const GOptionEntry *entry)
{
  return entry->arg != G_OPTION_ARG_NONE && !(entry->flags & G_OPTION_FLAG_NO_ARG);
}

/* An argument that names a file: a FILENAME option, or one whose placeholder says so. */
static gboolean
entry_takes_file (const GOptionEntry *entry)
{
  return entry->arg == G_OPTION_ARG_FILENAME || entry->arg == G_OPTION_ARG_FILENAME_ARRAY
         || (entry_takes_argument (entry) && entry->arg_description != NULL
             && (strstr (entry->arg_description, "FILE") != NULL
                 || strstr (entry->arg_description, "RECORD") != NULL));
}

static gboolean
entry_repeatable (const GOptionEntry *entry)
{
  return entry->arg == G_OPTION_ARG_STRING_ARRAY || entry->arg == G_OPTION_ARG_FILENAME_ARRAY;
}

static const char *
translated (const char *text)
{
  return text != NULL && text[0] != '\0' ? g_dgettext (GETTEXT_PACKAGE, text) : text;
}

/* __describe */

static void
add_option_json (JsonBuilder        *b,
                 const GOptionEntry *entry)
{
  char short_name[2] = { entry->short_name, '\0' };

  json_builder_begin_object (b);
  bs_cli_json_string (b, "long", entry->long_name);
  bs_cli_json_string (b, "short", entry->short_name != '\0' ? short_name : NULL);
  bs_cli_json_string (b, "argument",
                      entry_takes_argument (entry)
                      ? (entry->arg_description != NULL ? translated (entry->arg_description)
                                                        : "VALUE")
                      : NULL);
  json_builder_set_member_name (b, "file");
  json_builder_add_boolean_value (b, entry_takes_file (entry));
  json_builder_set_member_name (b, "repeatable");
  json_builder_add_boolean_value (b, entry_repeatable (entry));
  bs_cli_json_string (b, "description", translated (entry->description));
  json_builder_end_object (b);
}

int
bs_cli_describe_main (const BsCliCommand *commands,
                      guint               n_commands,
                      int                 argc,
                      char              **argv)
{
  g_autoptr(JsonBuilder) b = json_builder_new ();
  g_auto(GStrv) variants = bs_variant_list_builtin ();
  static const GOptionEntry global[] = {
    { "help", 'h', 0, G_OPTION_ARG_NONE, NULL, N_("Show the commands and exit"), NULL },
    { "version", 0, 0, G_OPTION_ARG_NONE, NULL, N_("Print the version and exit"), NULL },
  };

  json_builder_begin_object (b);
  bs_cli_json_string (b, "program", "boardsmith-cli");
  bs_cli_json_string (b, "version", PACKAGE_VERSION);
  json_builder_set_member_name (b, "options");
  json_builder_begin_array (b);
  for (guint i = 0; i < G_N_ELEMENTS (global); i++)
    add_option_json (b, &global[i]);
  json_builder_end_array (b);

  json_builder_set_member_name (b, "commands");
  json_builder_begin_array (b);
  for (guint i = 0; i < n_commands; i++)
    {
      Description d;

      if (!describe_command (&commands[i], &d))
        {
          g_printerr ("boardsmith-cli: the command “%s” does not describe itself: it must parse "
                      "its arguments with bs_cli_parse() before doing anything else "
                      "(src/cli/bs-cli-common.h)\n", commands[i].name);
          return 1;
        }
      json_builder_begin_object (b);
      bs_cli_json_string (b, "name", commands[i].name);
      bs_cli_json_string (b, "summary", translated (commands[i].summary));
      bs_cli_json_string (b, "description", translated (d.summary));
      bs_cli_json_string (b, "parameters", d.parameters);
      json_builder_set_member_name (b, "options");
      json_builder_begin_array (b);
      for (guint j = 0; j < d.entries->len; j++)
        add_option_json (b, &g_array_index (d.entries, GOptionEntry, j));
      json_builder_end_array (b);
      json_builder_end_object (b);
      description_clear (&d);
    }
  json_builder_end_array (b);

  json_builder_set_member_name (b, "variants");
  json_builder_begin_array (b);
  for (guint i = 0; variants != NULL && variants[i] != NULL; i++)
    {
      g_autoptr(BsVariant) variant = bs_variant_lookup (variants[i], NULL);

      json_builder_begin_object (b);
      bs_cli_json_string (b, "id", variants[i]);
      bs_cli_json_string (b, "name", variant != NULL ? bs_variant_display_name (variant) : NULL);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);

  bs_cli_print_builder (b);
  return BS_CLI_EXIT_OK;
}

/* __complete WORD… CURRENT: one candidate a line, "WORD\tDESCRIPTION"; a line ":files" asks
 * the shell to offer file names too, ":nospace" not to add a space after the word. The shell
 * scripts in data/completions/ do nothing else than print these. */

typedef struct {
  GPtrArray *lines;
  gboolean   files;
  gboolean   nospace;
  const char *prefix;   /* what the current word starts with */
} Candidates;

static void
offer (Candidates *c,
       const char *word,
       const char *description)
{
  g_autofree char *flat = NULL;

  if (!g_str_has_prefix (word, c->prefix))
    return;
  flat = g_strdup (description != NULL ? description : "");
  g_strdelimit (flat, "\t\n\r", ' ');
  g_ptr_array_add (c->lines, g_strdup_printf ("%s\t%s", word, flat));
}

static void
offer_commands (Candidates         *c,
                const BsCliCommand *commands,
                guint               n_commands)
{
  for (guint i = 0; i < n_commands; i++)
    offer (c, commands[i].name, translated (commands[i].summary));
}

static void
offer_variants (Candidates *c)
{
  g_auto(GStrv) names = bs_variant_list_builtin ();

  for (guint i = 0; names != NULL && names[i] != NULL; i++)
    {
      g_autoptr(BsVariant) variant = NULL;

      if (!g_str_has_prefix (names[i], c->prefix))
        continue;
      variant = bs_variant_lookup (names[i], NULL);
      offer (c, names[i], variant != NULL ? bs_variant_display_name (variant) : NULL);
    }
  c->files = TRUE;
}

/* The games that have a rules file (new-rules GAME). */
static void
offer_games (Candidates *c)
{
  g_auto(GStrv) ids = bs_rules_catalog_list_ids ();

  for (guint i = 0; ids[i] != NULL; i++)
    if (g_str_has_prefix (ids[i], c->prefix))
      {
        const BsModule *module = bs_module_find (ids[i]);

        offer (c, ids[i], module != NULL ? translated (module->name) : NULL);
      }
}

/* The --set keys of a variant: the board's parameters for its shape, the supplies, the rule
 * module's options. With "KEY=" typed, the values of KEY where they are a short list. */
static void
offer_set (Candidates      *c,
           const BsVariant *variant,
           const char      *word_prefix)
{
  const BsModule *module = variant != NULL ? bs_module_find (variant->module) : NULL;
  const char *equals = strchr (c->prefix + strlen (word_prefix), '=');
  static const char * const shapes[] = { "square", "hex-rhombus", "hexagon", "limping", NULL };
  static const char * const booleans[] = { "true", "false", NULL };
  const char * const *values = NULL;
  g_autofree char *key = NULL;

  if (module == NULL)
    return;

  if (equals != NULL)
    {
      const char *key_start = c->prefix + strlen (word_prefix);
      g_autoptr(GPtrArray) range = g_ptr_array_new_with_free_func (g_free);

      key = g_strndup (key_start, (gsize) (equals - key_start));
      if (g_str_equal (key, "shape"))
        values = shapes;
      else if (g_str_equal (key, "adjacency"))
        {
          g_ptr_array_add (range, g_strdup ("4"));
          g_ptr_array_add (range, g_strdup ("8"));
        }
      for (guint i = 0; i < module->n_options && values == NULL; i++)
        {
          const BsOptionSpec *spec = &module->options[i];

          if (!g_str_equal (spec->id, key))
            continue;
          if (spec->type == BS_OPTION_BOOL)
            values = booleans;
          else if (spec->type == BS_OPTION_ENUM)
            values = spec->choices;
          else if (spec->max - spec->min <= 24)
            for (int v = spec->min; v <= spec->max; v++)
              g_ptr_array_add (range, g_strdup_printf ("%d", v));
        }
      for (guint i = 0; values != NULL && values[i] != NULL; i++)
        {
          g_autofree char *word = g_strdup_printf ("%s%s=%s", word_prefix, key, values[i]);
          offer (c, word, NULL);
        }
      for (guint i = 0; i < range->len; i++)
        {
          g_autofree char *word = g_strdup_printf ("%s%s=%s", word_prefix, key,
                                                   (char *) range->pdata[i]);
          offer (c, word, NULL);
        }
      return;
    }

  c->nospace = TRUE;
#define OFFER_KEY(name, description) \
  G_STMT_START { \
    g_autofree char *word_ = g_strdup_printf ("%s%s=", word_prefix, name); \
    offer (c, word_, description); \
  } G_STMT_END
  OFFER_KEY ("shape", _("Board shape: square, hex-rhombus, hexagon or limping"));
  switch (variant->board.shape)
    {
    case BS_SHAPE_SQUARE:
      OFFER_KEY ("width", _("Board width in cells"));
      OFFER_KEY ("height", _("Board height in cells"));
      OFFER_KEY ("size", _("Board width and height at once"));
      OFFER_KEY ("adjacency", _("Neighbours of a square cell: 4 or 8"));
      break;
    case BS_SHAPE_HEX_RHOMBUS:
      OFFER_KEY ("width", _("Board width in cells"));
      OFFER_KEY ("height", _("Board height in cells"));
      OFFER_KEY ("size", _("Board width and height at once"));
      break;
    case BS_SHAPE_HEXAGON:
    case BS_SHAPE_LIMPING:
    default:
      OFFER_KEY ("size", _("Board size: cells along an edge"));
      break;
    }
  for (int player = 1; player <= 2 && !module->unlimited_supply; player++)
    for (guint k = 0; k < module->n_kinds; k++)
      {
        g_autofree char *name = g_strdup_printf ("supply.%d.%s", player, module->kinds[k].id);
        g_autofree char *description =
          g_strdup_printf (_("Pieces of kind “%s” in player %d's supply"),
                           translated (module->kinds[k].label), player);
        OFFER_KEY (name, description);
      }
  for (guint i = 0; i < module->n_options; i++)
    OFFER_KEY (module->options[i].id, translated (module->options[i].label));
#undef OFFER_KEY
}

/* The positional parameters of a spec ("VARIANT [RECORD] -o FILE"): what each one is. */
typedef enum { SLOT_OTHER, SLOT_VARIANT, SLOT_FILE, SLOT_GAME } Slot;

static GArray *
parameter_slots (const char *parameters,
                 gboolean   *last_repeats)
{
  g_auto(GStrv) tokens = g_strsplit (parameters != NULL ? parameters : "", " ", -1);
  GArray *slots = g_array_new (FALSE, FALSE, sizeof (Slot));

  *last_repeats = FALSE;
  for (guint i = 0; tokens[i] != NULL; i++)
    {
      const char *t = tokens[i];
      Slot slot = SLOT_OTHER;

      if (t[0] == '\0')
        continue;
      if (t[0] == '-' || (t[0] == '[' && t[1] == '-'))
        {
          if (strchr (t, '=') == NULL && tokens[i + 1] != NULL)
            i++;   /* "-o FILE": an option and its argument, not a positional */
          continue;
        }
      if (strstr (t, "VARIANT") != NULL)
        slot = SLOT_VARIANT;
      else if (g_str_equal (t, "GAME"))
        slot = SLOT_GAME;
      else if (strstr (t, "FILE") != NULL || strstr (t, "RECORD") != NULL)
        slot = SLOT_FILE;
      *last_repeats = strstr (t, "…") != NULL || strstr (t, "...") != NULL;
      g_array_append_val (slots, slot);
    }
  return slots;
}

static const GOptionEntry *
find_entry (const Description *d,
            const char        *word,
            gboolean          *inline_value)
{
  *inline_value = FALSE;
  if (g_str_has_prefix (word, "--"))
    {
      const char *name = word + 2;
      const char *equals = strchr (name, '=');
      gsize len = equals != NULL ? (gsize) (equals - name) : strlen (name);

      *inline_value = equals != NULL;
      for (guint i = 0; i < d->entries->len; i++)
        {
          const GOptionEntry *e = &g_array_index (d->entries, GOptionEntry, i);
          if (strlen (e->long_name) == len && strncmp (e->long_name, name, len) == 0)
            return e;
        }
      return NULL;
    }
  if (word[0] == '-' && word[1] != '\0')
    for (guint i = 0; i < d->entries->len; i++)
      {
        const GOptionEntry *e = &g_array_index (d->entries, GOptionEntry, i);
        if (e->short_name == word[1])
          {
            *inline_value = word[2] != '\0';
            return e;
          }
      }
  return NULL;
}

static void
offer_option_value (Candidates         *c,
                    const GOptionEntry *entry,
                    const BsVariant    *variant,
                    const char         *word_prefix)
{
  if (g_str_equal (entry->long_name, "set"))
    offer_set (c, variant, word_prefix);
  else if (entry_takes_file (entry))
    c->files = TRUE;
}

static void
complete_command (Candidates         *c,
                  const BsCliCommand *command,
                  char              **words,
                  int                 n_words)
{
  Description d;
  g_autoptr(GArray) slots = NULL;
  g_autoptr(GPtrArray) sets = g_ptr_array_new ();
  g_autoptr(BsVariant) variant = NULL;
  const char *variant_arg = NULL;
  const char *current = words[n_words - 1];
  const GOptionEntry *pending = NULL;
  gboolean last_repeats, only_positionals = FALSE, inline_value;
  guint n_positionals = 0;

  if (!describe_command (command, &d))
    return;
  slots = parameter_slots (d.parameters, &last_repeats);

  /* The words before the current one: which are options, which option waits for its value,
   * which positional comes next, and the variant with the --set values given so far. */
  for (int i = 1; i < n_words - 1; i++)
    {
      const char *w = words[i];
      const GOptionEntry *e;

      if (pending != NULL)
        {
          if (g_str_equal (pending->long_name, "set"))
            g_ptr_array_add (sets, (gpointer) w);
          pending = NULL;
          continue;
        }
      if (!only_positionals && g_str_equal (w, "--"))
        {
          only_positionals = TRUE;
          continue;
        }
      if (!only_positionals && w[0] == '-' && w[1] != '\0')
        {
          e = find_entry (&d, w, &inline_value);
          if (e != NULL && entry_takes_argument (e) && !inline_value)
            pending = e;
          else if (e != NULL && inline_value && g_str_equal (e->long_name, "set"))
            g_ptr_array_add (sets, (gpointer) (strchr (w, '=') + 1));
          continue;
        }
      if (n_positionals < slots->len || last_repeats)
        {
          guint s = MIN (n_positionals, slots->len - 1);
          if (slots->len > 0 && g_array_index (slots, Slot, s) == SLOT_VARIANT
              && variant_arg == NULL)
            variant_arg = w;
        }
      n_positionals++;
    }
  g_ptr_array_add (sets, NULL);
  if (variant_arg != NULL)
    {
      variant = bs_cli_load_variant (variant_arg, (const char * const *) sets->pdata, NULL);
      if (variant == NULL)
        variant = bs_variant_lookup (variant_arg, NULL);
    }

  if (pending != NULL)
    offer_option_value (c, pending, variant, "");
  else if (!only_positionals && g_str_has_prefix (current, "-"))
    {
      const GOptionEntry *e = find_entry (&d, current, &inline_value);

      if (e != NULL && inline_value && g_str_has_prefix (current, "--"))
        {
          g_autofree char *word_prefix = g_strdup_printf ("--%s=", e->long_name);
          offer_option_value (c, e, variant, word_prefix);
        }
      else
        {
          offer (c, "--help", _("Show the command's options"));
          for (guint i = 0; i < d.entries->len; i++)
            {
              const GOptionEntry *o = &g_array_index (d.entries, GOptionEntry, i);
              g_autofree char *word = g_strdup_printf ("--%s", o->long_name);
              offer (c, word, translated (o->description));
            }
        }
    }
  else if (slots->len > 0 && (n_positionals < slots->len || last_repeats))
    {
      Slot slot = g_array_index (slots, Slot, MIN (n_positionals, slots->len - 1));

      if (slot == SLOT_VARIANT)
        offer_variants (c);
      else if (slot == SLOT_GAME)
        offer_games (c);
      else if (slot == SLOT_FILE)
        c->files = TRUE;
    }
  description_clear (&d);
}

int
bs_cli_complete_main (const BsCliCommand *commands,
                      guint               n_commands,
                      int                 argc,
                      char              **argv)
{
  Candidates c = { g_ptr_array_new_with_free_func (g_free), FALSE, FALSE, "" };
  char **words = argv + 1;
  int n_words = argc - 1;

  /* argv[0] is "__complete"; an optional "--" separates it from the words. */
  if (n_words > 0 && g_str_equal (words[0], "--"))
    {
      words++;
      n_words--;
    }
  if (n_words < 1)
    {
      g_printerr ("usage: boardsmith-cli __complete [--] [WORD…] CURRENT\n");
      g_ptr_array_unref (c.lines);
      return BS_CLI_EXIT_BAD_INPUT;
    }
  c.prefix = words[n_words - 1];

  if (n_words == 1)
    {
      if (c.prefix[0] == '-')
        {
          offer (&c, "--help", _("Show the commands and exit"));
          offer (&c, "--version", _("Print the version and exit"));
        }
      else
        offer_commands (&c, commands, n_commands);
    }
  else if (g_str_equal (words[0], "help"))
    {
      if (n_words == 2)
        offer_commands (&c, commands, n_commands);
    }
  else
    for (guint i = 0; i < n_commands; i++)
      if (g_str_equal (words[0], commands[i].name))
        complete_command (&c, &commands[i], words, n_words);

  for (guint i = 0; i < c.lines->len; i++)
    g_print ("%s\n", (char *) c.lines->pdata[i]);
  if (c.files)
    g_print (":files\n");
  if (c.nospace)
    g_print (":nospace\n");
  g_ptr_array_unref (c.lines);
  return BS_CLI_EXIT_OK;
}
