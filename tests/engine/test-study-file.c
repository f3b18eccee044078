/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The study file's structure: every file reads the same with or without
 * the whitespace between its elements (an element's last child followed
 * directly by its parent's end tag once made the reader start over, for
 * ever), and an element the format allows once is refused the second time,
 * with the file and the line. Each read runs in a child process with a
 * time limit, so that a reader that loops fails the test instead of
 * hanging it. */

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <sys/resource.h>
#include <unistd.h>

#include <glib/gstdio.h>
#include <libxml/parser.h>
#include <libxml/tree.h>

#include "bs-error.h"
#include "bs-record.h"
#include "bs-ruleset.h"
#include "bs-study-runner.h"
#include "bs-variant-xml.h"
#include "bs-xml.h"
#include "bs-study-stats.h"

static char *tmpdir;

/* The time a read in a child process may take: a minute (it takes
 * milliseconds), scaled by the tests' factor for a busy or sanitised
 * machine. */
static guint64
read_limit_us (void)
{
  const char *factor = g_getenv ("BOARDSMITH_TEST_TIMEOUT_MULTIPLIER");
  double f = factor != NULL ? g_ascii_strtod (factor, NULL) : 1.0;

  return (guint64) (60.0 * MAX (f, 1.0) * G_USEC_PER_SEC);
}

static char *
write_temp (const char *name,
            const char *text)
{
  g_autoptr(GError) error = NULL;
  char *path = g_build_filename (tmpdir, name, NULL);

  g_file_set_contents (path, text, -1, &error);
  g_assert_no_error (error);
  return path;
}

/* Plays the whole study into path, on one worker. */
static void
play_to_file (BsStudy    *study,
              const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BsStudyRunner) runner = NULL;

  g_assert_true (bs_study_prepare (study, &error));
  runner = bs_study_runner_new (study, path, &error);
  g_assert_no_error (error);
  bs_study_runner_set_jobs (runner, 1);
  g_assert_true (bs_study_runner_run (runner, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
}

/* A small finished sweep (two arms, evaluations recorded) in path. */
static char *
make_sweep_file (const char *name)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariant) variant = bs_variant_lookup ("breakthrough", &error);
  g_autoptr(BsStudy) study = NULL;
  char *path = g_build_filename (tmpdir, name, NULL);

  g_assert_no_error (error);
  study = bs_study_new (BS_STUDY_SWEEP, 11, "random", "20", &error);
  g_assert_no_error (error);
  study->games = 4;
  study->sweep_key = g_strdup ("width");
  for (int width = 5; width <= 6; width++)
    {
      g_autoptr(BsVariant) arm = bs_variant_copy (variant);
      g_autofree char *value = g_strdup_printf ("%d", width);
      g_autofree char *set_width = g_strdup_printf ("width=%d", width);
      g_autofree char *set_height = g_strdup_printf ("height=%d", width);
      const char * const settings[] = { set_width, set_height, NULL };

      g_assert_true (bs_variant_apply_settings (arm, settings, &error));
      g_assert_no_error (error);
      bs_study_add_arm (study, arm, value);
    }
  play_to_file (study, path);
  return path;
}

/* Drops every blank text node and every comment. */
static void
strip_blanks (xmlNode *node)
{
  xmlNode *child = node->children;

  while (child != NULL)
    {
      xmlNode *next = child->next;

      if ((child->type == XML_TEXT_NODE && xmlIsBlankNode (child)) ||
          child->type == XML_COMMENT_NODE)
        {
          xmlUnlinkNode (child);
          xmlFreeNode (child);
        }
      else if (child->type == XML_ELEMENT_NODE)
        strip_blanks (child);
      child = next;
    }
}

/* The same document without whitespace between elements: "…</legal></game>". */
static char *
compact_copy (const char *path)
{
  g_autofree char *contents = NULL;
  g_autofree char *name = NULL;
  g_autofree char *base = g_path_get_basename (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(xmlDoc) doc = NULL;
  g_autofree char *copy_path = NULL;
  xmlChar *text = NULL;
  int length = 0;

  g_assert_true (g_file_get_contents (path, &contents, NULL, &error));
  doc = xmlReadMemory (contents, (int) strlen (contents), path, NULL, XML_PARSE_NONET);
  g_assert_nonnull (doc);
  strip_blanks (xmlDocGetRootElement (doc));
  xmlDocDumpMemoryEnc (doc, &text, &length, "UTF-8");
  g_assert_nonnull (strstr ((const char *) text, "></"));
  name = g_strdup_printf ("compact-%s", base);
  copy_path = write_temp (name, (const char *) text);
  xmlFree (text);
  return g_steal_pointer (&copy_path);
}

typedef struct {
  GString *text;
} Collected;

static gboolean
collect_game (const BsStudy  *study,
              BsStudyGame   **game,
              gpointer        user_data,
              GError        **error)
{
  Collected *collected = user_data;
  g_autofree char *xml = bs_study_game_to_xml (study, *game);

  g_string_append (collected->text, xml);
  return TRUE;
}

/* Every game of a study file, as the writer would write it. */
static char *
study_games (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BsStudy) study = NULL;
  Collected collected = { g_string_new (NULL) };

  study = bs_study_load_file (path, collect_game, &collected, &error);
  g_assert_no_error (error);
  g_assert_nonnull (study);
  g_string_append_printf (collected.text, "games=%u arms=%u", study->games,
                          bs_study_n_arms (study));
  return g_string_free (collected.text, FALSE);
}

/* In a child process: the file and its compact copy hold the same games. */
static void
check_study_compact (const char *path)
{
  g_autofree char *compact = compact_copy (path);
  g_autofree char *expected = study_games (path);
  g_autofree char *got = study_games (compact);

  g_assert_cmpstr (got, ==, expected);
}

static void
check_record_compact (const char *path)
{
  g_autofree char *compact = compact_copy (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(BsRecord) a = bs_record_load_file (path, &error);
  g_autoptr(BsRecord) b = NULL;
  g_autofree char *xa = NULL, *xb = NULL;

  g_assert_no_error (error);
  b = bs_record_load_file (compact, &error);
  g_assert_no_error (error);
  xa = bs_record_to_xml (a, NULL);
  xb = bs_record_to_xml (b, NULL);
  g_assert_cmpstr (xa, ==, xb);
}

static GPtrArray *
files_in (const char *dir_path,
          const char *suffix)
{
  GPtrArray *paths = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  const char *name;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (name, suffix))
      g_ptr_array_add (paths, g_build_filename (dir_path, name, NULL));
  g_ptr_array_sort (paths, (GCompareFunc) g_strcmp0);
  return paths;
}

/* Every study in docs/studies, a sweep with two arms and evaluations, and
 * every record in the fuzzing seeds. */
static void
test_compact_files (void)
{
  g_autofree char *studies_dir = g_test_build_filename (G_TEST_DIST, "..", "docs", "studies",
                                                        NULL);
  g_autofree char *records_dir = g_test_build_filename (G_TEST_DIST, "fuzz", "seeds", "record",
                                                        NULL);
  g_autoptr(GPtrArray) studies = files_in (studies_dir, ".bsstudy");
  g_autoptr(GPtrArray) records = files_in (records_dir, ".xml");
  g_autofree char *sweep = NULL;

  if (!g_test_subprocess ())
    {
      g_test_trap_subprocess (NULL, read_limit_us (), G_TEST_SUBPROCESS_INHERIT_STDERR);
      g_test_trap_assert_passed ();
      return;
    }
  sweep = make_sweep_file ("sweep.bsstudy");
  g_assert_cmpuint (studies->len, >=, 5);
  g_assert_cmpuint (records->len, >=, 10);
  g_ptr_array_add (studies, g_strdup (sweep));
  for (guint i = 0; i < studies->len; i++)
    {
      g_test_message ("study %s", (const char *) studies->pdata[i]);
      check_study_compact (studies->pdata[i]);
    }
  for (guint i = 0; i < records->len; i++)
    {
      g_test_message ("record %s", (const char *) records->pdata[i]);
      check_record_compact (records->pdata[i]);
    }
}

/* A copy of the sweep file with `needle`'s first occurrence replaced. */
static char *
edited_copy (const char *path,
             const char *name,
             const char *needle,
             const char *replacement)
{
  g_autofree char *contents = NULL;
  g_autoptr(GString) text = NULL;
  const char *at;

  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  at = strstr (contents, needle);
  g_assert_nonnull (at);
  text = g_string_new_len (contents, at - contents);
  g_string_append (text, replacement);
  g_string_append (text, at + strlen (needle));
  return write_temp (name, text->str);
}

/* The line of the first occurrence of needle in the file (1-based). */
static int
line_of (const char *path,
         const char *needle,
         guint       occurrence)
{
  g_autofree char *contents = NULL;
  const char *at;
  int line = 1;

  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  at = contents;
  for (guint i = 0; i <= occurrence; i++)
    {
      at = strstr (i == 0 ? at : at + 1, needle);
      g_assert_nonnull (at);
    }
  for (const char *c = contents; c < at; c++)
    line += *c == '\n';
  return line;
}

typedef struct {
  const char *name;
  const char *needle;
  const char *replacement;
  const char *line_of;     /* where the error must point: this text's … */
  guint       occurrence;  /* … occurrence in the edited file */
  const char *message;     /* what the message says */
} Duplicate;

static void
test_duplicates (void)
{
  static const Duplicate cases[] = {
    { "moves", "</moves>", "</moves>\n      <moves>x</moves>", "<moves>", 1,
      "<moves> is given twice in <game> (first at line" },
    { "legal", "</legal>", "</legal><legal>1</legal>", "<legal>", 0,
      "<legal> is given twice in <game>" },
    { "evaluations", "</evaluations>", "</evaluations><evaluations>-</evaluations>",
      "<evaluations>", 0, "<evaluations> is given twice in <game>" },
    { "players", "<stop ", "<players><player id=\"A\" level=\"random\"/>"
      "<player id=\"B\" level=\"random\"/></players>\n  <stop ", "<players>", 1,
      "<players> is given twice in <study>" },
    { "stop", "<sweep ", "<stop games=\"4\"/>\n  <sweep ", "<stop ", 1,
      "<stop> is given twice in <study>" },
    { "sweep", "<arm ", "<sweep key=\"width\"/>\n  <arm ", "<sweep ", 1,
      "<sweep> is given twice in <study>" },
    { "games", "</study>", "<games/></study>", "<games/>", 0,
      "<games> is given twice in <study>" },
    { "after-games", "</study>", "<stop games=\"4\"/></study>", "<stop games=\"4\"/></study>", 0,
      "<stop> after <games> in <study>" },
    { "two-variants", "</variant>", "</variant><variant/>", "<variant/>", 0,
      "<variant> is given twice in <arm>" },
  };
  g_autofree char *sweep = NULL;

  if (!g_test_subprocess ())
    {
      g_test_trap_subprocess (NULL, read_limit_us (), G_TEST_SUBPROCESS_INHERIT_STDERR);
      g_test_trap_assert_passed ();
      return;
    }
  sweep = make_sweep_file ("dup-source.bsstudy");
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *name = g_strdup_printf ("dup-%s.bsstudy", cases[i].name);
      g_autofree char *path = edited_copy (sweep, name, cases[i].needle, cases[i].replacement);
      g_autofree char *where = g_strdup_printf ("%s:%d: ", path,
                                                line_of (path, cases[i].line_of,
                                                         cases[i].occurrence));
      g_autoptr(GError) error = NULL;
      g_autoptr(BsStudy) study = NULL;

      g_test_message ("%s", cases[i].name);
      study = bs_study_load_file (path, NULL, NULL, &error);
      g_assert_null (study);
      g_assert_nonnull (error);
      g_test_message ("  %s", error->message);
      g_assert_true (g_str_has_prefix (error->message, where));
      g_assert_nonnull (strstr (error->message, cases[i].message));
    }
}

/* A study of Breakthrough 5×5, random against level_b, `games` games, judged by
 * `evaluator` (CHOOSE: as a new study chooses), played to path whole (shard_count 0) or
 * one shard of it. */
static char *
run_breakthrough (const char       *name,
                  guint64           seed,
                  const char       *level_b,
                  guint             games,
                  BsStudyEvaluator  evaluator,
                  guint             index,
                  guint             count)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariant) variant = bs_variant_lookup ("breakthrough", &error);
  const char * const settings[] = { "width=5", "height=5", NULL };
  g_autoptr(BsStudy) study = NULL;
  char *path = g_build_filename (tmpdir, name, NULL);

  g_assert_no_error (error);
  g_assert_true (bs_variant_apply_settings (variant, settings, &error));
  study = bs_study_new (BS_STUDY_SINGLE, seed, "random", level_b, &error);
  g_assert_no_error (error);
  study->games = games;
  study->shard_index = index;
  study->shard_count = count;
  study->evaluator = evaluator;
  bs_study_add_arm (study, variant, NULL);
  play_to_file (study, path);
  return path;
}

/* Between random players, 12 games. */
static char *
run_shard_seed (const char *name,
                guint64     seed,
                guint       index,
                guint       count)
{
  return run_breakthrough (name, seed, "random", 12, BS_STUDY_EVALUATOR_CHOOSE, index, count);
}

static char *
run_shard (const char *name,
           guint       index,
           guint       count)
{
  return run_shard_seed (name, 5, index, count);
}

static char *
contents_of (const char *path)
{
  char *data = NULL;

  g_assert_true (g_file_get_contents (path, &data, NULL, NULL));
  return data;
}

/* As a shard killed with kill -9 leaves it: the file holds its first
 * `in_file` games, the journal the others (the last one cut short). */
static void
move_games_to_journal (const char *path,
                       guint       in_file)
{
  g_autofree char *data = contents_of (path);
  g_autofree char *journal_path = bs_study_journal_path (path);
  g_autoptr(GString) file = g_string_new (NULL);
  g_autoptr(GString) journal = g_string_new ("<extend games=\"12\"/>\n");
  const char *at = strstr (data, "    <game ");
  guint n = 0;

  g_assert_nonnull (at);
  g_string_append_len (file, data, at - data);
  while (at != NULL && g_str_has_prefix (at, "    <game "))
    {
      const char *end = strstr (at, "</game>\n") + strlen ("</game>\n");

      g_string_append_len (n++ < in_file ? file : journal, at, end - at);
      at = end;
    }
  g_string_append (file, at);
  /* What a crash leaves: a game cut short after the whole ones. */
  g_string_append (journal, "    <game arm=\"0\" number=\"11\" seats=\"BA\" res");
  g_assert_true (g_file_set_contents (path, file->str, -1, NULL));
  g_assert_true (g_file_set_contents (journal_path, journal->str, -1, NULL));
}

/* Merge folds in each shard's journal: finished games are never lost. */
static void
test_merge_journal (void)
{
  g_autofree char *whole = run_shard ("mj-whole.bsstudy", 0, 0);
  g_autofree char *s0 = run_shard ("mj-s0.bsstudy", 0, 2);
  g_autofree char *s1 = run_shard ("mj-s1.bsstudy", 1, 2);
  g_autofree char *merged = g_build_filename (tmpdir, "mj-merged.bsstudy", NULL);
  g_autofree char *expected = contents_of (whole);
  g_autofree char *got = NULL;
  const char *inputs[] = { s0, s1, NULL };
  g_autoptr(GError) error = NULL;

  move_games_to_journal (s0, 2);
  move_games_to_journal (s1, 0);
  g_assert_true (bs_study_merge_files (inputs, merged, BS_STUDY_MERGE_NONE, &error));
  g_assert_no_error (error);
  got = contents_of (merged);
  g_assert_cmpstr (got, ==, expected);
}

/* Two inputs holding different games under one number are refused in
 * either order, naming both; the output is left as it was. */
static void
test_merge_conflict (void)
{
  g_autofree char *s0 = run_shard ("mc-s0.bsstudy", 0, 2);
  g_autofree char *s1 = run_shard ("mc-s1.bsstudy", 1, 2);
  g_autofree char *data = contents_of (s1);
  g_autofree char *rerun = NULL;
  g_autofree char *merged = write_temp ("mc-merged.bsstudy", "old contents");
  char *reason = strstr (data, "reason=\"");
  const char *orders[2][4] = { { s0, s1, NULL, NULL }, { s0, NULL, s1, NULL } };
  g_autofree char *needle = NULL;

  /* Game 1 (the first of shard 1) ended otherwise in the rerun. */
  g_assert_nonnull (reason);
  needle = g_strndup (reason, strchr (reason + 8, '"') + 1 - reason);
  rerun = edited_copy (s1, "mc-s1-rerun.bsstudy", needle, "reason=\"edited\"");
  orders[0][2] = rerun;
  orders[1][1] = rerun;
  for (guint i = 0; i < 2; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *after = NULL;

      g_assert_false (bs_study_merge_files (orders[i], merged, BS_STUDY_MERGE_PARTIAL, &error));
      g_assert_error (error, BS_STUDY_ERROR, BS_STUDY_ERROR_MISMATCH);
      g_test_message ("%s", error->message);
      g_assert_nonnull (strstr (error->message, s1));
      g_assert_nonnull (strstr (error->message, rerun));
      g_assert_nonnull (strstr (error->message, "game 1 of arm 0"));
      after = contents_of (merged);
      g_assert_cmpstr (after, ==, "old contents");
    }
}

typedef struct {
  guint64  seed;       /* the replicate whose games are kept; G_MAXUINT64: all */
  GString *games;      /* each game as a study of one seed writes it */
  BsStudyReplicateCounts counts;
} ReplicateGames;

static gboolean
collect_replicate (const BsStudy  *study,
                   BsStudyGame   **game,
                   gpointer        user_data,
                   GError        **error)
{
  ReplicateGames *kept = user_data;
  g_autoptr(BsStudy) plain = NULL;
  g_autofree char *xml = NULL;

  if (kept->seed != G_MAXUINT64 &&
      bs_study_replicate_seed (study, (*game)->replicate) != kept->seed)
    return TRUE;
  kept->counts.games++;
  if ((*game)->result == BS_RESULT_DRAW)
    kept->counts.draws++;
  else
    kept->counts.wins[(*game)->result - 1]++;
  /* As the study of that seed alone writes it: no replicate attribute. */
  plain = bs_study_new (BS_STUDY_SINGLE, 0, "random", "random", NULL);
  (*game)->replicate = 0;
  xml = bs_study_game_to_xml (plain, *game);
  g_string_append (kept->games, xml);
  return TRUE;
}

/* The games of one seed in a file (G_MAXUINT64: every game of a study of one seed). */
static char *
replicate_games (const char             *path,
                 guint64                 seed,
                 BsStudyReplicateCounts *counts)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BsStudy) study = NULL;
  ReplicateGames kept = { seed, g_string_new (NULL), { 0 } };

  study = bs_study_load_file (path, collect_replicate, &kept, &error);
  g_assert_no_error (error);
  *counts = kept.counts;
  return g_string_free (kept.games, FALSE);
}

/* Studies that differ only in their seed pool as replicates with --replicates (and only
 * then); the output is the same bytes in every order of the inputs (and with one seed
 * given as two shards); each replicate keeps exactly its own games; the pooled counts
 * are the sums of each study's own, counted here from each input file separately; the
 * same seed twice is the same games (kept once), and different games under one number of
 * one seed are refused in either order; a study of replicates is read, never played on. */
static void
test_merge_replicates (void)
{
  g_autofree char *a = run_shard_seed ("mr-5.bsstudy", 5, 0, 0);
  g_autofree char *b = run_shard_seed ("mr-9.bsstudy", 9, 0, 0);
  g_autofree char *c = run_shard_seed ("mr-13.bsstudy", 13, 0, 0);
  g_autofree char *b0 = run_shard_seed ("mr-9-s0.bsstudy", 9, 0, 2);
  g_autofree char *b1 = run_shard_seed ("mr-9-s1.bsstudy", 9, 1, 2);
  g_autofree char *a_copy = NULL;
  g_autofree char *b_edited = NULL;
  g_autofree char *merged = g_build_filename (tmpdir, "mr-merged.bsstudy", NULL);
  g_autofree char *expected = NULL;
  const char *orders[][5] = {
    { a, b, c, NULL }, { a, c, b, NULL }, { b, a, c, NULL },
    { b, c, a, NULL }, { c, a, b, NULL }, { c, b, a, NULL },
    { b1, c, a, b0, NULL }, { c, b0, b1, a, NULL },
  };
  const char * const seeds_only[] = { a, b, NULL };
  guint64 seeds[] = { 5, 9, 13 };
  const char *paths[] = { a, b, c };
  BsStudyReplicateCounts pooled = { 0 };
  g_autoptr(GError) error = NULL;
  g_autoptr(BsStudyRunner) runner = NULL;
  g_autoptr(BsStudyStats) stats = NULL;
  g_autoptr(BsStudy) header = NULL;
  g_autofree char *data = NULL;
  char *reason;
  g_autofree char *needle = NULL;

  /* Without --replicates, another seed is another study, and the message says how to
   * pool them. */
  g_assert_false (bs_study_merge_files (seeds_only, merged, BS_STUDY_MERGE_NONE, &error));
  g_assert_error (error, BS_STUDY_ERROR, BS_STUDY_ERROR_MISMATCH);
  g_assert_nonnull (strstr (error->message, "the seeds differ"));
  g_assert_nonnull (strstr (error->message, "--replicates"));
  g_assert_false (g_file_test (merged, G_FILE_TEST_EXISTS));
  g_clear_error (&error);

  for (guint i = 0; i < G_N_ELEMENTS (orders); i++)
    {
      g_autofree char *got = NULL;

      g_unlink (merged);
      g_assert_true (bs_study_merge_files (orders[i], merged, BS_STUDY_MERGE_REPLICATES,
                                           &error));
      g_assert_no_error (error);
      got = contents_of (merged);
      if (expected == NULL)
        expected = g_strdup (got);
      g_assert_cmpstr (got, ==, expected);
    }
  g_assert_nonnull (strstr (expected, "<study format=\"1\" kind=\"single\" seed=\"5\">"));
  g_assert_nonnull (strstr (expected, "  <replicates>\n    <replicate seed=\"5\"/>\n"
                                      "    <replicate seed=\"9\"/>\n"
                                      "    <replicate seed=\"13\"/>\n  </replicates>\n"));
  g_assert_nonnull (strstr (expected, "<game arm=\"0\" replicate=\"2\" number=\"11\""));

  header = bs_study_load_header (merged, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (bs_study_n_replicates (header), ==, 3);
  for (guint r = 0; r < 3; r++)
    {
      BsStudyReplicateCounts own, in_merged;
      g_autofree char *alone = replicate_games (paths[r], G_MAXUINT64, &own);
      g_autofree char *kept = replicate_games (merged, seeds[r], &in_merged);

      g_assert_cmpuint (bs_study_replicate_seed (header, r), ==, seeds[r]);
      g_assert_cmpstr (kept, ==, alone);
      g_assert_cmpuint (own.games, ==, 12);
      pooled.games += own.games;
      pooled.wins[0] += own.wins[0];
      pooled.wins[1] += own.wins[1];
      pooled.draws += own.draws;
    }

  /* The report's figures: pooled over the three, and each replicate its own. */
  runner = bs_study_runner_open (merged, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (bs_study_runner_is_complete (runner));
  stats = bs_study_runner_get_stats (runner, 0);
  g_assert_cmpuint (stats->games, ==, 36);
  g_assert_cmpuint (stats->games, ==, pooled.games);
  g_assert_cmpuint (stats->wins[0], ==, pooled.wins[0]);
  g_assert_cmpuint (stats->wins[1], ==, pooled.wins[1]);
  g_assert_cmpuint (stats->draws, ==, pooled.draws);
  g_assert_nonnull (stats->replicates);
  g_assert_cmpuint (stats->replicates->len, ==, 3);
  for (guint r = 0; r < 3; r++)
    {
      BsStudyReplicateCounts own;
      g_autofree char *alone = replicate_games (paths[r], G_MAXUINT64, &own);
      const BsStudyReplicateCounts *got = &g_array_index (stats->replicates,
                                                          BsStudyReplicateCounts, r);

      g_assert_cmpuint (got->games, ==, own.games);
      g_assert_cmpuint (got->wins[0], ==, own.wins[0]);
      g_assert_cmpuint (got->wins[1], ==, own.wins[1]);
      g_assert_cmpuint (got->draws, ==, own.draws);
    }
  /* Read, not played on. */
  g_assert_false (bs_study_runner_run (runner, NULL, NULL, NULL, &error));
  g_assert_error (error, BS_STUDY_ERROR, BS_STUDY_ERROR_MISMATCH);
  g_assert_nonnull (strstr (error->message, "replicates"));
  g_clear_error (&error);

  /* A merged study of replicates pools again with a further seed: the same bytes as
   * pooling all three at once. */
  {
    g_autofree char *ab = g_build_filename (tmpdir, "mr-ab.bsstudy", NULL);
    g_autofree char *abc = g_build_filename (tmpdir, "mr-abc.bsstudy", NULL);
    g_autofree char *got = NULL;
    const char * const first[] = { a, b, NULL };
    const char * const again[] = { c, ab, NULL };

    g_assert_true (bs_study_merge_files (first, ab, BS_STUDY_MERGE_REPLICATES, &error));
    g_assert_no_error (error);
    g_assert_true (bs_study_merge_files (again, abc, BS_STUDY_MERGE_REPLICATES, &error));
    g_assert_no_error (error);
    got = contents_of (abc);
    g_assert_cmpstr (got, ==, expected);
  }

  /* The same seed twice is the same study: its games are kept once. */
  data = contents_of (a);
  a_copy = write_temp ("mr-5-copy.bsstudy", data);
  {
    const char * const twice[] = { a, a_copy, NULL };
    g_autofree char *got = NULL;

    g_unlink (merged);
    g_assert_true (bs_study_merge_files (twice, merged, BS_STUDY_MERGE_REPLICATES, &error));
    g_assert_no_error (error);
    got = contents_of (merged);
    g_assert_cmpstr (got, ==, data);
  }

  /* Different games under one number of one seed: refused in either order, naming both
   * files, the game and its seed; the output left as it was. */
  g_free (data);
  data = contents_of (b);
  reason = strstr (data, "reason=\"");
  g_assert_nonnull (reason);
  needle = g_strndup (reason, strchr (reason + 8, '"') + 1 - reason);
  b_edited = edited_copy (b, "mr-9-edited.bsstudy", needle, "reason=\"edited\"");
  {
    const char *conflicts[2][5] = { { a, b, c, b_edited, NULL }, { b_edited, c, a, b, NULL } };

    g_assert_true (g_file_set_contents (merged, "old contents", -1, NULL));
    for (guint i = 0; i < 2; i++)
      {
        g_autofree char *after = NULL;

        g_assert_false (bs_study_merge_files (conflicts[i], merged, BS_STUDY_MERGE_REPLICATES,
                                              &error));
        g_assert_error (error, BS_STUDY_ERROR, BS_STUDY_ERROR_MISMATCH);
        g_test_message ("%s", error->message);
        g_assert_nonnull (strstr (error->message, b));
        g_assert_nonnull (strstr (error->message, b_edited));
        g_assert_nonnull (strstr (error->message, "game 0 of arm 0 of seed 9"));
        g_clear_error (&error);
        after = contents_of (merged);
        g_assert_cmpstr (after, ==, "old contents");
      }
  }

  /* A file of replicates that is not well formed: seeds out of order, a game without
   * its replicate, one naming a replicate there is not. */
  {
    static const struct { const char *needle, *replacement, *message; } bad[] = {
      { "<replicate seed=\"9\"/>", "<replicate seed=\"3\"/>", "is not a seed above" },
      { "<game arm=\"0\" replicate=\"1\" number=\"0\"", "<game arm=\"0\" number=\"0\"",
        "replicate" },
      { "<game arm=\"0\" replicate=\"1\" number=\"0\"",
        "<game arm=\"0\" replicate=\"3\" number=\"0\"", "replicate" },
      { "  <replicates>\n", "  <shard index=\"0\" count=\"2\"/>\n  <replicates>\n",
        "no <shard>" },
    };
    g_autofree char *replicated = write_temp ("mr-replicated.bsstudy", expected);

    for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
      {
        g_autofree char *name = g_strdup_printf ("mr-bad-%u.bsstudy", i);
        g_autofree char *path = edited_copy (replicated, name, bad[i].needle,
                                             bad[i].replacement);
        g_autoptr(BsStudy) study = bs_study_load_file (path, NULL, NULL, &error);

        g_assert_null (study);
        g_assert_nonnull (error);
        g_test_message ("%s", error->message);
        g_assert_nonnull (strstr (error->message, bad[i].message));
        g_clear_error (&error);
      }
  }

  /* A missing shard of one seed is named with its seed. */
  {
    const char * const lacking[] = { a, b0, NULL };
    g_autofree char *out = g_build_filename (tmpdir, "mr-lacking.bsstudy", NULL);

    g_assert_false (bs_study_merge_files (lacking, out, BS_STUDY_MERGE_REPLICATES, &error));
    g_assert_error (error, BS_STUDY_ERROR, BS_STUDY_ERROR_INCOMPLETE);
    g_test_message ("%s", error->message);
    g_assert_nonnull (strstr (error->message, "shard 1/2 of seed 9 is not among the inputs"));
    g_assert_nonnull (strstr (error->message, "arm 0 of seed 9 lacks 6 of its 12 games"));
    g_clear_error (&error);
  }
}

/* A missing shard is named and nothing is written, unless partial; the
 * output may not be an input, however it is spelled. */
static void
test_merge_missing_and_output (void)
{
  g_autofree char *s0 = run_shard ("mm-s0.bsstudy", 0, 3);
  g_autofree char *s1 = run_shard ("mm-s1.bsstudy", 1, 3);
  g_autofree char *merged = g_build_filename (tmpdir, "mm-merged.bsstudy", NULL);
  g_autofree char *s1_before = contents_of (s1);
  g_autofree char *s1_after = NULL;
  g_autofree char *base = g_path_get_basename (s1);
  g_autofree char *s1_other = g_build_filename (tmpdir, ".", base, NULL);
  const char *inputs[] = { s0, s1, NULL };
  const char *inputs_other[] = { s0, s1_other, NULL };
  g_autoptr(GError) error = NULL;

  g_assert_false (bs_study_merge_files (inputs, merged, BS_STUDY_MERGE_NONE, &error));
  g_assert_error (error, BS_STUDY_ERROR, BS_STUDY_ERROR_INCOMPLETE);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "shard 2/3 is not among the inputs"));
  g_assert_nonnull (strstr (error->message, "arm 0 lacks 4 of its 12 games (numbers 2, 5, 8, 11)"));
  g_assert_false (g_file_test (merged, G_FILE_TEST_EXISTS));
  g_clear_error (&error);

  g_assert_true (bs_study_merge_files (inputs, merged, BS_STUDY_MERGE_PARTIAL, &error));
  g_assert_no_error (error);

  g_assert_false (bs_study_merge_files (inputs, s1, BS_STUDY_MERGE_PARTIAL, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_EXIST);
  g_clear_error (&error);
  g_assert_false (bs_study_merge_files (inputs_other, s1, BS_STUDY_MERGE_PARTIAL, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_EXIST);
  g_test_message ("%s", error->message);
  s1_after = contents_of (s1);
  g_assert_cmpstr (s1_after, ==, s1_before);
}

/* Which games a merge lacks, by number: runs of them as "12–19", and past
 * the first five runs "…" (a whole missing shard of a long study). */
static void
test_merge_names_missing_games (void)
{
  g_autofree char *s0 = run_shard ("mn-s0.bsstudy", 0, 2);
  g_autofree char *whole = run_shard ("mn-whole.bsstudy", 0, 0);
  /* The same 12 games in a study of 20: an extension cut short. */
  g_autofree char *short_of = edited_copy (whole, "mn-short.bsstudy", " games=\"12\"",
                                           " games=\"20\"");
  g_autofree char *merged = g_build_filename (tmpdir, "mn-merged.bsstudy", NULL);
  const char *shard_only[] = { s0, NULL };
  const char *cut_short[] = { short_of, NULL };
  g_autoptr(GError) error = NULL;

  g_assert_false (bs_study_merge_files (shard_only, merged, BS_STUDY_MERGE_NONE, &error));
  g_assert_error (error, BS_STUDY_ERROR, BS_STUDY_ERROR_INCOMPLETE);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "shard 1/2 is not among the inputs; "
                                            "arm 0 lacks 6 of its 12 games "
                                            "(numbers 1, 3, 5, 7, 9, …)"));
  g_clear_error (&error);

  g_assert_false (bs_study_merge_files (cut_short, merged, BS_STUDY_MERGE_NONE, &error));
  g_assert_error (error, BS_STUDY_ERROR, BS_STUDY_ERROR_INCOMPLETE);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "arm 0 lacks 8 of its 20 games (numbers 12–19)"));
  g_assert_false (g_file_test (merged, G_FILE_TEST_EXISTS));
}

/* Two runs never write one study file at once: the second is refused,
 * naming the process that holds it; a study opened before another run
 * changed it does not go on from what it read. */
/* A study where a search plays (its plies are evaluated). */
static char *
run_evaluated (const char       *name,
               BsStudyEvaluator  evaluator,
               guint             games,
               guint             index,
               guint             count)
{
  return run_breakthrough (name, 3, "ab:depth=1", games, evaluator, index, count);
}

static void
assert_evaluated_by (const char       *path,
                     BsStudyEvaluator  evaluator)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BsStudy) study = bs_study_load_file (path, NULL, NULL, &error);

  g_assert_no_error (error);
  g_assert_cmpint (study->evaluator, ==, evaluator);
}

/* The file names its common evaluator: a new study where a search plays is judged by
 * cut-playouts and says so (/study/common-evaluation replays its judgements); a file
 * without the attribute (every file written before it) reads as the random playouts' and
 * reports; shards of one study merge byte for byte; a
 * merge refuses files of two evaluators, naming both; a resumed study keeps its own. */
static void
test_evaluator (void)
{
  g_autofree char *whole = run_evaluated ("ev-whole.bsstudy", BS_STUDY_EVALUATOR_CHOOSE, 8, 0, 0);
  g_autofree char *s0 = run_evaluated ("ev-s0.bsstudy", BS_STUDY_EVALUATOR_CHOOSE, 8, 0, 2);
  g_autofree char *s1 = run_evaluated ("ev-s1.bsstudy", BS_STUDY_EVALUATOR_CHOOSE, 8, 1, 2);
  g_autofree char *old_s1 = run_evaluated ("ev-old-s1.bsstudy", BS_STUDY_EVALUATOR_PLAYOUTS, 8,
                                           1, 2);
  g_autofree char *merged = g_build_filename (tmpdir, "ev-merged.bsstudy", NULL);
  g_autofree char *whole_text = contents_of (whole);
  g_autofree char *old_text = contents_of (old_s1);
  g_autofree char *merged_text = NULL;
  const char *shards[] = { s0, s1, NULL };
  const char *mixed[2][3] = { { s0, old_s1, NULL }, { old_s1, s0, NULL } };
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (strstr (whole_text, "<study format=\"1\" kind=\"single\" seed=\"3\" "
                                        "evaluator=\"cut-playouts\">"));
  g_assert_nonnull (strstr (old_text, "<study format=\"1\" kind=\"single\" seed=\"3\">"));
  g_assert_nonnull (strstr (old_text, "<evaluations>"));
  assert_evaluated_by (whole, BS_STUDY_EVALUATOR_CUT_PLAYOUTS);
  assert_evaluated_by (old_s1, BS_STUDY_EVALUATOR_PLAYOUTS);

  /* The old file reports: its evaluations count. */
  {
    g_autoptr(BsStudyRunner) runner = bs_study_runner_open (old_s1, NULL, &error);
    g_autoptr(BsStudyStats) stats = NULL;

    g_assert_no_error (error);
    stats = bs_study_runner_get_stats (runner, 0);
    g_assert_cmpuint (stats->evaluated, ==, 4);
  }

  g_assert_true (bs_study_merge_files (shards, merged, BS_STUDY_MERGE_NONE, &error));
  g_assert_no_error (error);
  merged_text = contents_of (merged);
  g_assert_cmpstr (merged_text, ==, whole_text);
  g_assert_true (g_unlink (merged) == 0);

  for (guint i = 0; i < 2; i++)
    {
      g_autofree char *expected = g_strdup_printf ("%s and %s: not the same study: the common "
                                                   "evaluators differ (%s, then %s)",
                                                   mixed[i][0], mixed[i][1],
                                                   i == 0 ? "cut-playouts" : "playouts",
                                                   i == 0 ? "playouts" : "cut-playouts");

      g_assert_false (bs_study_merge_files (mixed[i], merged, BS_STUDY_MERGE_PARTIAL, &error));
      g_assert_error (error, BS_STUDY_ERROR, BS_STUDY_ERROR_MISMATCH);
      g_test_message ("%s", error->message);
      g_assert_true (g_str_has_prefix (error->message, expected));
      g_assert_false (g_file_test (merged, G_FILE_TEST_EXISTS));
      g_clear_error (&error);
    }

  /* An old study of 4 games extended to 8 as a new study would be: still the playouts. */
  {
    g_autofree char *old = run_evaluated ("ev-old.bsstudy", BS_STUDY_EVALUATOR_PLAYOUTS, 4, 0, 0);
    g_autoptr(BsVariant) variant = bs_variant_lookup ("breakthrough", &error);
    const char * const settings[] = { "width=5", "height=5", NULL };
    g_autoptr(BsStudy) expected = bs_study_new (BS_STUDY_SINGLE, 3, "random", "ab:depth=1",
                                                &error);
    g_autoptr(BsStudyRunner) runner = NULL;
    g_autofree char *extended = NULL;
    g_autofree char *old_whole = run_evaluated ("ev-old-whole.bsstudy",
                                                BS_STUDY_EVALUATOR_PLAYOUTS, 8, 0, 0);
    g_autofree char *old_whole_text = contents_of (old_whole);
    guint held = 0;

    g_assert_no_error (error);
    g_assert_true (bs_variant_apply_settings (variant, settings, &error));
    expected->games = 8;
    bs_study_add_arm (expected, variant, NULL);
    g_assert_true (bs_study_prepare (expected, &error));
    g_assert_cmpint (expected->evaluator, ==, BS_STUDY_EVALUATOR_CUT_PLAYOUTS);
    runner = bs_study_runner_open_expected (expected, old, BS_STUDY_GAMES_MORE, &held, NULL,
                                            &error);
    g_assert_no_error (error);
    g_assert_cmpuint (held, ==, 4);
    bs_study_runner_set_jobs (runner, 1);
    g_assert_true (bs_study_runner_run (runner, NULL, NULL, NULL, &error));
    g_assert_no_error (error);
    g_clear_pointer (&runner, bs_study_runner_free);
    /* The same bytes as the old study of 8 games played at once. */
    extended = contents_of (old);
    g_assert_cmpstr (extended, ==, old_whole_text);
    assert_evaluated_by (old, BS_STUDY_EVALUATOR_PLAYOUTS);
  }
}

static void
test_lock (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariant) variant = bs_variant_lookup ("breakthrough", &error);
  g_autoptr(BsStudy) a = bs_study_new (BS_STUDY_SINGLE, 1, "random", "random", NULL);
  g_autoptr(BsStudy) b = bs_study_new (BS_STUDY_SINGLE, 2, "random", "random", NULL);
  g_autofree char *path = g_build_filename (tmpdir, "lock.bsstudy", NULL);
  g_autofree char *lock = g_strconcat (path, ".lock", NULL);
  g_autofree char *holder = g_strdup_printf ("(process %d on ", (int) getpid ());
  BsStudyRunner *first, *second, *opened;

  a->games = b->games = 4;
  bs_study_add_arm (a, variant, NULL);
  bs_study_add_arm (b, variant, NULL);
  first = bs_study_runner_new (a, path, &error);
  g_assert_no_error (error);
  g_assert_true (g_file_test (lock, G_FILE_TEST_EXISTS));
  second = bs_study_runner_new (b, path, &error);
  g_assert_null (second);
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_EXIST);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, holder));
  g_clear_error (&error);

  /* Read while the first holds it (as report does): allowed; going on
   * with it is not. */
  opened = bs_study_runner_open (path, NULL, &error);
  g_assert_no_error (error);
  g_assert_false (bs_study_runner_run (opened, NULL, NULL, NULL, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_EXIST);
  g_clear_error (&error);

  /* The first plays its games and lets go. */
  bs_study_runner_set_jobs (first, 1);
  g_assert_true (bs_study_runner_run (first, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_false (g_file_test (lock, G_FILE_TEST_EXISTS));
  bs_study_runner_free (first);

  /* What the opened runner read is out of date now. */
  g_assert_false (bs_study_runner_run (opened, NULL, NULL, NULL, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_EXIST);
  g_assert_nonnull (strstr (error->message, "changed by another run"));
  g_clear_error (&error);
  bs_study_runner_free (opened);

  second = bs_study_runner_new (b, path, &error);
  g_assert_no_error (error);
  bs_study_runner_free (second);
  g_assert_false (g_file_test (lock, G_FILE_TEST_EXISTS));
}

/* A study file cut anywhere after its start says that it is cut short,
 * with the last line and the last whole game, not libxml2's words alone
 * ("Extra content at the end of the document" at a line in the middle). */
static void
test_cut_short (void)
{
  g_autofree char *sweep = make_sweep_file ("cut-source.bsstudy");
  g_autofree char *data = contents_of (sweep);
  g_autofree char *cut = g_build_filename (tmpdir, "cut.bsstudy", NULL);
  gsize length = strlen (data);
  guint tried = 0;

  /* Every byte would be 10,000 reads: a prime stride reaches every kind
   * of place (inside a tag, an attribute, a text, between elements). */
  for (gsize at = strstr (data, "<study") - data + 1; at < length - 1; at += 7)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(BsStudy) study = NULL;
      g_autofree char *where = NULL;

      g_assert_true (g_file_set_contents (cut, data, (gssize) at, NULL));
      study = bs_study_load_file (cut, NULL, NULL, &error);
      g_assert_null (study);
      if (strstr (error->message, "cut short") == NULL)
        g_error ("cut at byte %" G_GSIZE_FORMAT " of %" G_GSIZE_FORMAT ": %s", at, length,
                 error->message);
      where = g_strdup_printf ("%s:", cut);
      g_assert_true (g_str_has_prefix (error->message, where));
      tried++;
    }
  g_assert_cmpuint (tried, >, 100);
}

/* AddressSanitizer keeps freed memory in quarantine (its peak says
 * nothing of the reader's) and runs slower: there the journal is smaller
 * and only read through. */
#ifdef __SANITIZE_ADDRESS__
#define JOURNAL_TEST_SIZE (8 * 1024 * 1024)
#else
#define JOURNAL_TEST_SIZE (64 * 1024 * 1024)
#endif

static gboolean
count_journal_game (const BsStudy  *study,
                    BsStudyGame   **game,
                    gpointer        user_data,
                    GError        **error)
{
  (*(guint *) user_data)++;
  return TRUE;
}

/* The journal is streamed: reading 64 MiB of it (read whole, it took 14
 * times its size in memory, and past 512 MiB it was refused) raises the
 * peak memory by a few megabytes. Measured in a child process, whose peak
 * is its own. */
static void
test_journal_streamed (void)
{
  g_autofree char *path = NULL, *data = NULL, *journal_path = NULL;
  g_autoptr(BsStudy) study = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) games = NULL;
  struct rusage before, after;
  const char *first, *end;
  g_autofree char *game = NULL;
  FILE *out;
  guint n = 0, written = 0;

  if (!g_test_subprocess ())
    {
      g_test_trap_subprocess (NULL, read_limit_us (), G_TEST_SUBPROCESS_INHERIT_STDERR);
      g_test_trap_assert_passed ();
      return;
    }
  path = run_shard ("journal-big.bsstudy", 0, 0);
  data = contents_of (path);
  journal_path = bs_study_journal_path (path);
  /* Game 0 of the file, renumbered: the journal of a study of many games. */
  first = strstr (data, "    <game ");
  end = strstr (first, "</game>\n") + strlen ("</game>\n");
  game = g_strndup (first, end - first);
  study = bs_study_load_file (path, NULL, NULL, &error);
  g_assert_no_error (error);
  study->games = BS_STUDY_MAX_GAMES;
  out = fopen (journal_path, "w");
  g_assert_nonnull (out);
  fprintf (out, "<extend games=\"%u\"/>\n", (guint) BS_STUDY_MAX_GAMES);
  games = g_string_new (NULL);
  for (guint number = 0; ftell (out) < JOURNAL_TEST_SIZE; number += 2)
    {
      g_autofree char *numbered = g_strdup_printf ("number=\"%u\"", number);

      g_string_assign (games, game);
      g_string_replace (games, "number=\"0\"", numbered, 1);
      fputs (games->str, out);
      written++;
    }
  g_assert_cmpint (fclose (out), ==, 0);

  g_assert_cmpint (getrusage (RUSAGE_SELF, &before), ==, 0);
  g_assert_true (bs_study_read_journal (study, journal_path, count_journal_game, &n, &error));
  g_assert_no_error (error);
  g_assert_cmpint (getrusage (RUSAGE_SELF, &after), ==, 0);
  g_assert_cmpuint (n, ==, written);
  g_test_message ("%u games; peak memory %ld KiB before, %ld KiB after", n, before.ru_maxrss,
                  after.ru_maxrss);
#ifndef __SANITIZE_ADDRESS__
  g_assert_cmpint (after.ru_maxrss - before.ru_maxrss, <, 16 * 1024);
#endif
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  tmpdir = g_dir_make_tmp ("bs-study-file-XXXXXX", NULL);
  g_assert_nonnull (tmpdir);

  g_test_add_func ("/study-file/compact-files", test_compact_files);
  g_test_add_func ("/study-file/duplicates", test_duplicates);
  g_test_add_func ("/study-file/merge-journal", test_merge_journal);
  g_test_add_func ("/study-file/merge-conflict", test_merge_conflict);
  g_test_add_func ("/study-file/merge-replicates", test_merge_replicates);
  g_test_add_func ("/study-file/merge-missing-and-output", test_merge_missing_and_output);
  g_test_add_func ("/study-file/merge-names-missing-games", test_merge_names_missing_games);
  g_test_add_func ("/study-file/evaluator", test_evaluator);
  g_test_add_func ("/study-file/lock", test_lock);
  g_test_add_func ("/study-file/cut-short", test_cut_short);
  g_test_add_func ("/study-file/journal-streamed", test_journal_streamed);

  status = g_test_run ();
  {
    g_autofree char *command = g_strdup_printf ("rm -rf '%s'", tmpdir);
    g_assert_cmpint (system (command), ==, 0);
  }
  g_free (tmpdir);
  return status;
}
