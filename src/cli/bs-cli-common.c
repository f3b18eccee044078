/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-cli"

#include "config.h"

#include "bs-cli-common.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <glib/gi18n.h>
#include <glib-unix.h>

#include "bs-error.h"
#include "bs-json.h"
#include "bs-match-file.h"
#include "bs-record.h"
#include "bs-ruleset.h"
#include "bs-search.h"
#include "bs-study.h"
#include "bs-variant-xml.h"

void
bs_cli_message (const char *format,
                ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_printerr ("boardsmith-cli: %s\n", message);
}

void
bs_cli_warning (const char *format,
                ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  /* TRANSLATORS: the prefix of a warning that does not stop the command */
  g_printerr ("boardsmith-cli: %s %s\n", _("warning:"), message);
}

/* The first error writing stdout (0: none yet). */
static int output_errno;

static void
print_to_stdout (const char *text)
{
  /* Flushed at once, as GLib's own g_print does: output and messages stay
   * in order, and the error is seen with its errno. */
  if ((fputs (text, stdout) == EOF || fflush (stdout) != 0) && output_errno == 0)
    output_errno = errno != 0 ? errno : EIO;
}

static void
check_output (void)
{
  int saved = output_errno;
  gboolean failed = ferror (stdout) != 0;

  if (fflush (stdout) != 0 && saved == 0)
    saved = errno;
  /* A stdout closed before anything was written is no error. */
  if (fclose (stdout) != 0 && saved == 0 && (errno != EBADF || failed))
    saved = errno;
  if (failed && saved == 0)
    saved = EIO;
  if (saved != 0)
    {
      bs_cli_message (_("cannot write the output: %s"), g_strerror (saved));
      _exit (BS_CLI_EXIT_BAD_INPUT);
    }
}

void
bs_cli_watch_output (void)
{
  g_set_print_handler (print_to_stdout);
  atexit (check_output);
}

static BsCliDescribeFunc describe_func;
static gpointer describe_data;

void
bs_cli_set_describe_func (BsCliDescribeFunc func,
                          gpointer          user_data)
{
  describe_func = func;
  describe_data = user_data;
}

/* The common options' texts, read by bs_cli_parse() (one command a process). */
static char *seed_text, *playouts_text;

gboolean
bs_cli_parse (const BsCliSpec *spec,
              int              argc,
              char           **argv,
              BsCliOptions    *options)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) entries = g_array_new (TRUE, TRUE, sizeof (GOptionEntry));
  g_auto(GStrv) args = NULL;
  const GOptionEntry json_entry =
    { "json", 0, 0, G_OPTION_ARG_NONE, &options->json, N_("Print JSON instead of text"), NULL };
  const GOptionEntry set_entry =
    { "set", 0, 0, G_OPTION_ARG_STRING_ARRAY, &options->sets,
      N_("Override a board parameter, supply or rule option (repeatable)"), N_("KEY=VALUE") };
  const GOptionEntry moves_entry =
    { "moves", 0, 0, G_OPTION_ARG_STRING, &options->moves,
      N_("Moves to play from the start, separated by spaces"), N_("\"M1 M2 …\"") };
  const GOptionEntry seed_entry =
    { "seed", 0, 0, G_OPTION_ARG_STRING, &seed_text,
      N_("Seed of the random setup and of random playouts"), N_("N") };
  const GOptionEntry playouts_entry =
    { "playouts", 0, 0, G_OPTION_ARG_STRING, &playouts_text,
      N_("Number of random playouts"), N_("N") };
  const GOptionEntry rest_entry =
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_STRING_ARRAY, &args, NULL, NULL };
  char **argv_copy;

  memset (options, 0, sizeof *options);
  g_clear_pointer (&seed_text, g_free);
  g_clear_pointer (&playouts_text, g_free);

  g_array_append_val (entries, json_entry);
  if (spec->flags & BS_CLI_OPT_SET)
    g_array_append_val (entries, set_entry);
  if (spec->flags & BS_CLI_OPT_MOVES)
    g_array_append_val (entries, moves_entry);
  if (spec->flags & BS_CLI_OPT_SEED)
    g_array_append_val (entries, seed_entry);
  if (spec->flags & BS_CLI_OPT_PLAYOUTS)
    g_array_append_val (entries, playouts_entry);
  for (guint i = 0; spec->extra != NULL && spec->extra[i].long_name != NULL; i++)
    g_array_append_val (entries, spec->extra[i]);

  /* Describing, not running (man pages, shell completion): hand over the options. */
  if (describe_func != NULL)
    {
      describe_func (spec, (const GOptionEntry *) entries->data, entries->len, describe_data);
      bs_cli_options_clear (options);
      return FALSE;
    }
  g_array_append_val (entries, rest_entry);

  context = g_option_context_new (spec->parameters);
  g_option_context_set_summary (context, _(spec->summary));
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, (const GOptionEntry *) entries->data,
                                     GETTEXT_PACKAGE);

  /* g_option_context_parse may rearrange argv: parse a shallow copy. */
  argv_copy = g_new0 (char *, argc + 1);
  memcpy (argv_copy, argv, sizeof (char *) * (gsize) argc);
  {
    int argc_copy = argc;
    char **argv_parsed = argv_copy;
    gboolean ok = g_option_context_parse (context, &argc_copy, &argv_parsed, &error);
    g_free (argv_copy);
    if (!ok)
      {
        bs_cli_message ("%s", error->message);
        g_printerr (_("Try “boardsmith-cli %s --help”.\n"), spec->name);
        bs_cli_options_clear (options);
        return FALSE;
      }
  }

  options->args = args != NULL ? g_steal_pointer (&args) : g_new0 (char *, 1);
  options->n_args = (int) g_strv_length (options->args);

  if (options->n_args < spec->min_args ||
      (spec->max_args >= 0 && options->n_args > spec->max_args))
    {
      g_autofree char *usage = g_strdup_printf (_("Usage: boardsmith-cli %s %s"), spec->name,
                                                _(spec->parameters));
      bs_cli_message ("%s", usage);
      g_printerr (_("Try “boardsmith-cli %s --help”.\n"), spec->name);
      bs_cli_options_clear (options);
      return FALSE;
    }
  options->seed_given = seed_text != NULL;
  options->seed = 1;
  if ((seed_text != NULL && !bs_cli_parse_seed ("--seed", seed_text, &options->seed, &error)) ||
      (playouts_text != NULL &&
       !bs_cli_parse_count ("--playouts", playouts_text, 1, BS_CLI_MAX_PLAYOUTS,
                            &options->playouts, &error)))
    {
      bs_cli_message ("%s", error->message);
      bs_cli_options_clear (options);
      return FALSE;
    }
  return TRUE;
}

void
bs_cli_options_clear (BsCliOptions *options)
{
  g_clear_pointer (&options->sets, g_strfreev);
  g_clear_pointer (&options->moves, g_free);
  g_clear_pointer (&options->args, g_strfreev);
  options->n_args = 0;
}

/* The values' messages are in English, as every option error of the CLI: scripts match them,
 * and CLI.md § Values quotes them. */
gboolean
bs_cli_parse_count (const char  *option,
                    const char  *text,
                    guint64      min,
                    guint64      max,
                    guint64     *value,
                    GError     **error)
{
  g_return_val_if_fail (option != NULL && text != NULL && value != NULL, FALSE);

  /* g_ascii_string_to_unsigned refuses signs, spaces and overflow. */
  if (!g_ascii_string_to_unsigned (text, 10, min, max, value, NULL))
    {
      g_autofree char *quoted = bs_excerpt (text);

      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("%s: “%s” is not a whole number from %llu to %llu"), option, quoted,
                   (unsigned long long) min, (unsigned long long) max);
      return FALSE;
    }
  return TRUE;
}

gboolean
bs_cli_parse_uint (const char  *option,
                   const char  *text,
                   guint        min,
                   guint        max,
                   guint       *value,
                   GError     **error)
{
  guint64 v;

  g_return_val_if_fail (value != NULL, FALSE);

  if (!bs_cli_parse_count (option, text, min, max, &v, error))
    return FALSE;
  *value = (guint) v;
  return TRUE;
}

gboolean
bs_cli_parse_int (const char  *option,
                  const char  *text,
                  int          min,
                  int          max,
                  int         *value,
                  GError     **error)
{
  gint64 v;

  g_return_val_if_fail (option != NULL && text != NULL && value != NULL, FALSE);

  /* A '+' is no whole number's part either: one notation per value. */
  if (text[0] == '+' || !g_ascii_string_to_signed (text, 10, min, max, &v, NULL))
    {
      g_autofree char *quoted = bs_excerpt (text);

      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("%s: “%s” is not a whole number from %d to %d"), option, quoted, min, max);
      return FALSE;
    }
  *value = (int) v;
  return TRUE;
}

gboolean
bs_cli_parse_seed (const char  *option,
                   const char  *text,
                   guint64     *value,
                   GError     **error)
{
  g_return_val_if_fail (option != NULL && text != NULL && value != NULL, FALSE);

  if (!g_ascii_string_to_unsigned (text, 10, 0, BS_CLI_MAX_SEED, value, NULL))
    {
      g_autofree char *quoted = bs_excerpt (text);

      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("%s: “%s” is not a seed: a whole number from 0 to %llu"), option, quoted,
                   (unsigned long long) BS_CLI_MAX_SEED);
      return FALSE;
    }
  return TRUE;
}

gboolean
bs_cli_parse_real (const char  *option,
                   const char  *text,
                   double       min,
                   double       max,
                   BsCliRange   range,
                   double      *value,
                   GError     **error)
{
  char *end = NULL;
  double v;
  gboolean ok;

  g_return_val_if_fail (option != NULL && text != NULL && value != NULL, FALSE);

  errno = 0;
  v = g_ascii_strtod (text, &end);
  /* Digits, a point and an exponent only: no "nan", "inf", hexadecimal or spaces. */
  ok = end != text && *end == '\0' && errno == 0 && isfinite (v) &&
       strspn (text, "0123456789.eE+-") == strlen (text) &&
       ((range & BS_CLI_RANGE_ABOVE_MIN) ? v > min : v >= min) &&
       ((range & BS_CLI_RANGE_BELOW_MAX) ? v < max : v <= max);
  if (!ok)
    {
      char low[G_ASCII_DTOSTR_BUF_SIZE], high[G_ASCII_DTOSTR_BUF_SIZE];
      g_autofree char *quoted = bs_excerpt (text);

      g_ascii_formatd (low, sizeof low, "%g", min);
      g_ascii_formatd (high, sizeof high, "%g", max);
      switch (range)
        {
        case BS_CLI_RANGE_ABOVE_MIN:
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _("%s: “%s” is not a number above %s and at most %s"), option, quoted,
                       low, high);
          break;
        case BS_CLI_RANGE_BELOW_MAX:
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _("%s: “%s” is not a number from %s to below %s"), option, quoted,
                       low, high);
          break;
        case BS_CLI_RANGE_OPEN:
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _("%s: “%s” is not a number above %s and below %s"), option, quoted,
                       low, high);
          break;
        case BS_CLI_RANGE_CLOSED:
        default:
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _("%s: “%s” is not a number from %s to %s"), option, quoted, low, high);
          break;
        }
      return FALSE;
    }
  *value = v;
  return TRUE;
}

gboolean
bs_cli_parse_shard (const char  *option,
                    const char  *text,
                    guint       *index,
                    guint       *count,
                    GError     **error)
{
  g_autofree char *quoted = NULL;
  const char *slash;
  guint64 i, n;

  g_return_val_if_fail (option != NULL && text != NULL && index != NULL && count != NULL,
                        FALSE);

  slash = strchr (text, '/');
  if (slash != NULL)
    {
      g_autofree char *first = g_strndup (text, (gsize) (slash - text));

      if (g_ascii_string_to_unsigned (slash + 1, 10, 1, BS_CLI_MAX_SHARDS, &n, NULL) &&
          g_ascii_string_to_unsigned (first, 10, 0, n - 1, &i, NULL))
        {
          *index = (guint) i;
          *count = (guint) n;
          return TRUE;
        }
    }
  quoted = bs_excerpt (text);
  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
               _("%s: “%s” is not I/N with 0 ≤ I < N ≤ %d"), option, quoted,
               BS_CLI_MAX_SHARDS);
  return FALSE;
}

gboolean
bs_cli_check_level (const char  *option,
                    const char  *text,
                    gboolean     random,
                    GError     **error)
{
  BsSearchParams params;
  g_autofree char *quoted = NULL;

  g_return_val_if_fail (option != NULL && text != NULL, FALSE);

  if ((random && g_ascii_strcasecmp (text, "random") == 0) ||
      bs_search_params_parse (&params, text, 0, NULL))
    return TRUE;
  quoted = bs_excerpt (text);
  if (random)
    g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                 _("%s: “%s” is not a level: random, easy, medium, hard, a number of playouts "
                   "from 1 to %llu or a time from 1ms to 3600000ms"),
                 option, quoted, (unsigned long long) BS_CLI_MAX_PLAYOUTS);
  else
    g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                 _("%s: “%s” is not a level: easy, medium, hard, a number of playouts "
                   "from 1 to %llu or a time from 1ms to 3600000ms"),
                 option, quoted, (unsigned long long) BS_CLI_MAX_PLAYOUTS);
  return FALSE;
}

gboolean
bs_cli_check_study_player (const char  *option,
                           const char  *text,
                           GError     **error)
{
  BsStudyPlayer player;

  g_return_val_if_fail (option != NULL && text != NULL, FALSE);

  /* A level alone: the message every command gives. */
  if (!g_str_equal (text, "ab") && !g_str_has_prefix (text, "ab:") &&
      !g_str_has_prefix (text, "mcts:") &&
      g_ascii_strncasecmp (text, "strongest", strlen ("strongest")) != 0)
    return bs_cli_check_level (option, text, TRUE, error);
  if (!bs_study_player_init (&player, text, error))
    {
      g_prefix_error (error, "%s: ", option);
      return FALSE;
    }
  bs_study_player_clear (&player);
  return TRUE;
}

BsVariant *
bs_cli_load_variant (const char          *name_or_path,
                     const char * const  *sets,
                     GError             **error)
{
  g_autoptr(BsVariant) variant = NULL;

  variant = bs_variant_lookup (name_or_path, error);
  if (variant == NULL || !bs_variant_apply_settings (variant, sets, error))
    return NULL;
  return g_steal_pointer (&variant);
}

BsRuleset *
bs_cli_load_ruleset (const char          *name_or_path,
                     const BsCliOptions  *options,
                     GError             **error)
{
  g_autoptr(BsVariant) variant = NULL;

  variant = bs_cli_load_variant (name_or_path, (const char * const *) options->sets, error);
  if (variant == NULL)
    return NULL;
  return bs_ruleset_new (variant, error);
}

GPtrArray *
bs_cli_turn_list (const BsCliOptions  *options,
                  guint64             *seed,
                  GError             **error)
{
  GPtrArray *turns = g_ptr_array_new_with_free_func (g_free);

  *seed = (guint64) options->seed;
  if (options->moves != NULL
      && (g_file_test (options->moves, G_FILE_TEST_IS_REGULAR)
          || g_str_has_suffix (options->moves, ".xml")))
    {
      g_autoptr(BsRecord) record = bs_record_load_file (options->moves, error);

      if (record == NULL)
        {
          g_ptr_array_unref (turns);
          return NULL;
        }
      if (!options->seed_given)
        *seed = record->seed;
      for (guint i = 0; i < record->moves->len; i++)
        g_ptr_array_add (turns, g_strdup (g_array_index (record->moves, BsRecordMove, i).text));
    }
  else if (options->moves != NULL)
    {
      g_auto(GStrv) tokens = g_strsplit_set (options->moves, " \t\r\n", -1);

      for (guint i = 0; tokens[i] != NULL; i++)
        if (*tokens[i] != '\0')
          g_ptr_array_add (turns, g_strdup (tokens[i]));
    }
  return turns;
}

BsMatch *
bs_cli_start_match (BsRuleset           *rs,
                    const BsCliOptions  *options,
                    GError             **error)
{
  g_autoptr(BsRecord) record = NULL;
  g_autoptr(BsMatch) match = NULL;
  guint64 seed = (guint64) options->seed;

  if (options->moves != NULL
      && (g_file_test (options->moves, G_FILE_TEST_IS_REGULAR)
          || g_str_has_suffix (options->moves, ".xml")))
    {
      record = bs_record_load_file (options->moves, error);
      if (record == NULL)
        return NULL;
      if (!options->seed_given)
        seed = record->seed;
      /* Playing a record on another variant is allowed (comparing a game
       * under other rules) but rarely meant. */
      if (!bs_variant_same_game (record->variant, rs->variant))
        bs_cli_warning (_("%s was played on another variant (its own rules, board or pieces): "
                          "its moves are played on this one"), options->moves);
    }

  match = bs_match_new (rs, seed);
  if (record != NULL)
    {
      if (!bs_match_play_record (match, record, error))
        return NULL;
    }
  else if (!bs_match_play_line (match, options->moves, error))
    return NULL;
  return g_steal_pointer (&match);
}

BsPosition *
bs_cli_start_position (const BsRuleset     *rs,
                       const BsCliOptions  *options,
                       GError             **error)
{
  g_autoptr(BsMatch) match = bs_cli_start_match ((BsRuleset *) rs, options, error);

  if (match == NULL)
    return NULL;
  return bs_position_dup (rs, bs_match_get_position (match));
}

int
bs_cli_exit_status (const GError *error)
{
  if (error->domain == BS_RULES_ERROR ||
      (error->domain == BS_RECORD_ERROR && error->code == BS_RECORD_ERROR_MOVE))
    return BS_CLI_EXIT_GAME_ERROR;
  return BS_CLI_EXIT_BAD_INPUT;
}

int
bs_cli_fail (GError *error)
{
  int status = bs_cli_exit_status (error);

  bs_cli_message ("%s", error->message);
  g_error_free (error);
  return status;
}

void
bs_cli_print_json (JsonNode *root)
{
  g_autofree char *text = bs_json_to_text (root);

  g_print ("%s\n", text);
}

void
bs_cli_print_builder (JsonBuilder *builder)
{
  g_autoptr(JsonNode) root = json_builder_get_root (builder);

  bs_cli_print_json (root);
}

void
bs_cli_json_string (JsonBuilder *builder,
                    const char  *member,
                    const char  *value)
{
  json_builder_set_member_name (builder, member);
  if (value != NULL)
    json_builder_add_string_value (builder, value);
  else
    json_builder_add_null_value (builder);
}

const char *
bs_cli_dir_name (int dir)
{
  static const char * const names[] = { "N", "E", "S", "W" };

  return dir >= 0 && dir < 4 ? names[dir] : "?";
}

char *
bs_cli_player_name (const BsRuleset *rs,
                    int              player)
{
  const char *name = rs->variant->players[player - 1].name;

  if (name == NULL || name[0] == '\0')
    return g_strdup_printf (_("Player %d"), player);
  return g_strdup_printf ("%s (%d)", name, player);
}

char *
bs_cli_describe_status (const BsRuleset  *rs,
                        const BsPosition *pos)
{
  g_autofree char *name = NULL;

  switch ((BsResult) pos->result)
    {
    case BS_RESULT_WIN_1:
    case BS_RESULT_WIN_2:
      name = bs_cli_player_name (rs, pos->result);
      return g_strdup_printf (_("game over: %s wins"), name);
    case BS_RESULT_DRAW:
      return g_strdup (_("game over: draw"));
    case BS_RESULT_ONGOING:
    default:
      name = bs_cli_player_name (rs, pos->to_move);
      return g_strdup_printf (_("%s to move"), name);
    }
}

/* Playing a study (study, search, skill-trace). */

void
bs_cli_progress_init (BsCliProgress     *progress,
                      BsCliProgressFunc  print)
{
  progress->print = print;
  progress->show = isatty (STDERR_FILENO);
  progress->last_us = 0;
}

static void
on_study_progress (BsStudyRunner *runner,
                   gpointer       user_data)
{
  BsCliProgress *progress = user_data;
  gint64 now = g_get_monotonic_time ();
  guint done, total;

  if (!progress->show || now - progress->last_us < 200000)
    return;
  progress->last_us = now;
  bs_study_runner_get_progress (runner, &done, &total);
  g_printerr ("\r");
  progress->print (progress, now, done, total);
  g_printerr ("   ");
}

static GCancellable *interrupt_cancellable;
static guint interrupt_sigint, interrupt_sigterm;

static gboolean
on_interrupt (gpointer user_data)
{
  g_cancellable_cancel (interrupt_cancellable);
  return G_SOURCE_CONTINUE;
}

void
bs_cli_watch_interrupt (GCancellable *cancellable)
{
  g_return_if_fail (G_IS_CANCELLABLE (cancellable) && interrupt_cancellable == NULL);

  interrupt_cancellable = cancellable;
  interrupt_sigint = g_unix_signal_add (SIGINT, on_interrupt, NULL);
  interrupt_sigterm = g_unix_signal_add (SIGTERM, on_interrupt, NULL);
}

void
bs_cli_unwatch_interrupt (void)
{
  g_clear_handle_id (&interrupt_sigint, g_source_remove);
  g_clear_handle_id (&interrupt_sigterm, g_source_remove);
  interrupt_cancellable = NULL;
}

typedef struct {
  BsStudyRunner *runner;
  GCancellable  *cancellable;
  BsCliProgress *progress;
  GError        *error;
  gboolean       ok;
  gint           done;
} StudyRun;

static gpointer
study_thread (gpointer data)
{
  StudyRun *run = data;

  run->ok = bs_study_runner_run (run->runner, run->cancellable, on_study_progress,
                                 run->progress, &run->error);
  g_atomic_int_set (&run->done, 1);
  g_main_context_wakeup (NULL);
  return NULL;
}

gboolean
bs_cli_run_study (BsStudyRunner  *runner,
                  guint           jobs,
                  GCancellable   *cancellable,
                  const char     *name,
                  BsCliProgress  *progress,
                  GError        **error)
{
  g_autoptr(GCancellable) own = NULL;
  StudyRun run = { runner, cancellable, progress, NULL, FALSE, 0 };
  GThread *thread;

  g_return_val_if_fail (runner != NULL && progress != NULL && progress->print != NULL, FALSE);

  bs_study_runner_set_jobs (runner, jobs);
  if (cancellable == NULL)
    {
      own = g_cancellable_new ();
      run.cancellable = own;
      bs_cli_watch_interrupt (own);
    }
  thread = g_thread_new (name, study_thread, &run);
  while (!g_atomic_int_get (&run.done))
    g_main_context_iteration (NULL, TRUE);
  g_thread_join (thread);
  if (own != NULL)
    bs_cli_unwatch_interrupt ();
  if (progress->show)
    g_printerr ("\r\033[K");
  if (!run.ok)
    g_propagate_error (error, run.error);
  return run.ok;
}
