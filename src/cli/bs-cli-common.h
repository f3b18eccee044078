/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-cli-common.h: what every boardsmith-cli command shares — option
 * parsing, loading a variant with --set, playing --moves, playing a study
 * with Ctrl+C and a progress line, JSON output, and turning errors into
 * messages and exit statuses (CLI.md).
 *
 * A command is one file, bs-cli-NAME.c, defining
 *   int bs_cli_NAME (int argc, char **argv);
 * listed once in BS_CLI_COMMANDS (bs-cli-commands.h) and in
 * src/cli/meson.build.
 * It describes its arguments in a BsCliSpec, calls bs_cli_parse(), and
 * returns an exit status (bs_cli_fail() for errors). */

#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

#include "bs-cli-commands.h"
#include "bs-match.h"
#include "bs-position.h"
#include "bs-ruleset.h"
#include "bs-study.h"
#include "bs-study-runner.h"
#include "bs-variant.h"

G_BEGIN_DECLS

typedef enum {
  BS_CLI_EXIT_OK         = 0,
  BS_CLI_EXIT_GAME_ERROR = 1,   /* an illegal or malformed move */
  BS_CLI_EXIT_BAD_INPUT  = 2,   /* a bad file, option or value */
} BsCliExit;

/* Which of the common options a command takes (--json always). */
typedef enum {
  BS_CLI_OPT_SET      = 1 << 0,   /* --set KEY=VALUE (repeatable) */
  BS_CLI_OPT_MOVES    = 1 << 1,   /* --moves "M1 M2 ..." */
  BS_CLI_OPT_SEED     = 1 << 2,   /* --seed N */
  BS_CLI_OPT_PLAYOUTS = 1 << 3,   /* --playouts N */
} BsCliFlags;

typedef struct {
  const char         *name;        /* "perft" */
  const char         *parameters;  /* "VARIANT DEPTH" */
  const char         *summary;     /* one line, N_() marked */
  BsCliFlags          flags;
  int                 min_args;    /* positional arguments */
  int                 max_args;    /* -1: any number */
  const GOptionEntry *extra;       /* the command's own options, or NULL */
} BsCliSpec;

typedef struct {
  gboolean  json;
  char    **sets;
  char     *moves;
  guint64   seed;         /* 1 unless given */
  gboolean  seed_given;
  guint64   playouts;     /* 0 unless given */
  char    **args;       /* positional arguments (NULL-terminated) */
  int       n_args;
} BsCliOptions;

/* `bench --study` (bs-cli-bench-study.c). */
int         bs_cli_bench_study    (int              argc,
                                   char           **argv);

/* The commands' entry points, from the table in bs-cli.c. */
typedef int (*BsCliRunFunc) (int argc, char **argv);

/* Parses argv (argv[0] is the command name); on error prints it with a
 * hint to --help and returns FALSE: the command returns
 * BS_CLI_EXIT_BAD_INPUT. --help prints and exits 0. */
gboolean    bs_cli_parse          (const BsCliSpec *spec,
                                   int              argc,
                                   char           **argv,
                                   BsCliOptions    *options);
void        bs_cli_options_clear  (BsCliOptions    *options);

/* While a describe function is set, bs_cli_parse() parses nothing: it passes the command's
 * spec and all its options (the common ones included) to the function and returns FALSE, so
 * the command returns at once. This is how boardsmith-cli describes itself for its man page
 * and the shell completions (bs-cli-introspect.c): a command must call bs_cli_parse() before
 * it does anything else. */
typedef void (*BsCliDescribeFunc) (const BsCliSpec    *spec,
                                   const GOptionEntry *entries,
                                   guint               n_entries,
                                   gpointer            user_data);
void        bs_cli_set_describe_func (BsCliDescribeFunc func,
                                      gpointer          user_data);

/* The values of options, one parser per kind, shared by every command so that a value
 * one command refuses no other takes, with the same limits and the same words (CLI.md
 * § Values). Each takes the option as the user wrote it ("--games") and its text; a bad
 * value sets a G_OPTION_ERROR_BAD_VALUE error naming the option, the text and the limits,
 * and returns FALSE. A text of NULL (the option not given) is left to the caller. */

/* The most playouts a search may be given (as a LEVEL or --playouts). */
#define BS_CLI_MAX_PLAYOUTS   G_GUINT64_CONSTANT (1000000000)
/* The most games a command plays (per variant, for a study). */
#define BS_CLI_MAX_GAMES      BS_STUDY_MAX_GAMES
/* Seeds are whole numbers from 0 to this (JSON prints them exactly). */
#define BS_CLI_MAX_SEED       ((guint64) G_MAXINT64)
/* The most shards a study may be split into. */
#define BS_CLI_MAX_SHARDS     100000

/* A whole number from min to max: digits only, no sign, no spaces. */
gboolean    bs_cli_parse_count    (const char   *option,
                                   const char   *text,
                                   guint64       min,
                                   guint64       max,
                                   guint64      *value,
                                   GError      **error);
/* The same for a guint-sized count. */
gboolean    bs_cli_parse_uint     (const char   *option,
                                   const char   *text,
                                   guint         min,
                                   guint         max,
                                   guint        *value,
                                   GError      **error);
/* A whole number from -max to max (an optional '-'). */
gboolean    bs_cli_parse_int      (const char   *option,
                                   const char   *text,
                                   int           min,
                                   int           max,
                                   int          *value,
                                   GError      **error);
/* A seed: a whole number from 0 to BS_CLI_MAX_SEED. */
gboolean    bs_cli_parse_seed     (const char   *option,
                                   const char   *text,
                                   guint64      *value,
                                   GError      **error);
/* Which ends a real number's range includes. */
typedef enum {
  BS_CLI_RANGE_CLOSED     = 0,        /* min ≤ x ≤ max */
  BS_CLI_RANGE_ABOVE_MIN  = 1 << 0,   /* min < x */
  BS_CLI_RANGE_BELOW_MAX  = 1 << 1,   /* x < max */
  BS_CLI_RANGE_OPEN       = BS_CLI_RANGE_ABOVE_MIN | BS_CLI_RANGE_BELOW_MAX,
} BsCliRange;
/* A finite real number in the C locale's notation (0.03, 1e-2), within the range:
 * never nan or inf. */
gboolean    bs_cli_parse_real     (const char   *option,
                                   const char   *text,
                                   double        min,
                                   double        max,
                                   BsCliRange    range,
                                   double       *value,
                                   GError      **error);
/* A shard I/N: 0 ≤ I < N ≤ BS_CLI_MAX_SHARDS. */
gboolean    bs_cli_parse_shard    (const char   *option,
                                   const char   *text,
                                   guint        *index,
                                   guint        *count,
                                   GError      **error);
/* A computer player's level: easy, medium, hard, a number of playouts (1 to
 * BS_CLI_MAX_PLAYOUTS) or a time (500ms, at most an hour), and random when random is
 * TRUE. Only checks: bs_study_player_init() and bs_search_params_parse() read it. */
gboolean    bs_cli_check_level    (const char   *option,
                                   const char   *text,
                                   gboolean      random,
                                   GError      **error);
/* A player a study may name (--white, --black, --compare-players): a level as
 * bs_cli_check_level() with random, or "mcts:…", "ab" or "ab:…"
 * (bs_study_player_init). Only checks. */
gboolean    bs_cli_check_study_player (const char  *option,
                                       const char  *text,
                                       GError     **error);

/* A built-in name or a path, then every --set, then the module's checks. */
BsVariant  *bs_cli_load_variant   (const char          *name_or_path,
                                   const char * const  *sets,
                                   GError             **error);
/* The same and its ruleset. */
BsRuleset  *bs_cli_load_ruleset   (const char          *name_or_path,
                                   const BsCliOptions  *options,
                                   GError             **error);
/* The turns of --moves (its notation, or a record's moves) and the seed
 * of the start they are played from (a record's own unless --seed is
 * given). */
GPtrArray  *bs_cli_turn_list      (const BsCliOptions  *options,
                                   guint64             *seed,
                                   GError             **error);
/* The game --moves gives on rs: the start (from --seed) and every turn of
 * --moves played and checked. --moves may name a game record file (an
 * existing file, or a name ending in .xml): its moves are played, from the
 * record's seed unless --seed is given. */
BsMatch    *bs_cli_start_match    (BsRuleset           *rs,
                                   const BsCliOptions  *options,
                                   GError             **error);
/* The position bs_cli_start_match() ends at. */
BsPosition *bs_cli_start_position (const BsRuleset     *rs,
                                   const BsCliOptions  *options,
                                   GError             **error);

/* The position as `show` prints it (bs-cli-show.c). */
void        bs_cli_print_position (const BsRuleset  *rs,
                                   const BsPosition *pos,
                                   gboolean          json);

/* Messages on stderr, one line each, prefixed with "boardsmith-cli: "
 * (warnings with "boardsmith-cli: warning: "). */
void        bs_cli_message        (const char   *format,
                                   ...) G_GNUC_PRINTF (1, 2);
void        bs_cli_warning        (const char   *format,
                                   ...) G_GNUC_PRINTF (1, 2);

/* Called once by main(): everything printed on stdout goes through
 * g_print, and at exit (however the program exits, --help included) a
 * write error on stdout becomes a message and exit status 2. */
void        bs_cli_watch_output   (void);

/* Exit status for an error: BS_RULES_ERROR (and a record's illegal move)
 * is a game error, everything else bad input. */
int         bs_cli_exit_status    (const GError *error);
/* Prints the error's message on stderr (bs_cli_message) and returns its
 * exit status; frees the error. */
int         bs_cli_fail           (GError       *error);

/* JSON on stdout, indented, with a final newline. */
void        bs_cli_print_json     (JsonNode     *root);
void        bs_cli_print_builder  (JsonBuilder  *builder);
/* member: a string value, or null when value is NULL. */
void        bs_cli_json_string    (JsonBuilder  *builder,
                                   const char   *member,
                                   const char   *value);

/* Playing a study from the command line (study, search, skill-trace). */

/* The progress line on stderr while a study plays: only on a terminal, at most every
 * 0.2 s, "\r", then what print writes, then three spaces; wiped when the study stops. A
 * command's own line starts with this struct and holds what its print needs. */
typedef struct _BsCliProgress BsCliProgress;
typedef void (*BsCliProgressFunc) (BsCliProgress *progress,
                                   gint64         now_us,
                                   guint          done,
                                   guint          total);
struct _BsCliProgress {
  BsCliProgressFunc  print;
  gboolean           show;      /* stderr is a terminal */
  gint64             last_us;
};
void        bs_cli_progress_init  (BsCliProgress     *progress,
                                   BsCliProgressFunc  print);

/* Until bs_cli_unwatch_interrupt(), Ctrl+C and SIGTERM cancel cancellable: a study being
 * played stops cleanly, its file keeping every finished game. The signals are dispatched
 * by this thread's main context, which bs_cli_run_study() iterates. One watch at a time. */
void        bs_cli_watch_interrupt   (GCancellable *cancellable);
void        bs_cli_unwatch_interrupt (void);

/* Plays what runner's study lacks with jobs worker threads (0: one per core), in a thread
 * named name while this one watches the signals, then wipes the progress line. With
 * cancellable NULL, Ctrl+C and SIGTERM are watched for this run; else cancellable stops it
 * (a command that plays several studies watches the signals over all of them). FALSE with
 * G_IO_ERROR_CANCELLED when stopped, or the runner's error. */
gboolean    bs_cli_run_study      (BsStudyRunner  *runner,
                                   guint           jobs,
                                   GCancellable   *cancellable,
                                   const char     *name,
                                   BsCliProgress  *progress,
                                   GError        **error);

/* Names used by several commands. */
const char *bs_cli_dir_name       (int           dir);   /* "N", "E", "S", "W" */
/* "Light (1)". */
char       *bs_cli_player_name    (const BsRuleset *rs,
                                   int              player);
/* "Light wins", "draw", "Dark (2) to move". */
char       *bs_cli_describe_status (const BsRuleset  *rs,
                                    const BsPosition *pos);

G_END_DECLS
