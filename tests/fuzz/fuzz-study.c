/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The study file (docs/BALANCE.md): its reader, its writer, merge and the
 * journal reader.
 *
 * Input: the bytes of a study file (the reader works on paths: they are
 * written to a file in a folder of this process). Checks:
 * - refused with a short, readable message naming the file, or loaded;
 * - a loaded study, written back with its games (bs_study_writer_*), reads
 *   back as the same study (bs_study_same, shard, default arm) with the
 *   same games (the bytes of bs_study_game_to_xml), and writing that again
 *   gives the same bytes (one canonical form);
 * - merge (one call, fuzz_merge): the games split between two files in a
 *   way derived from the input (each game in the first, the second or
 *   both), the file with itself, a file with the rest of the games in its
 *   journal, the file with another study, and (refused input) the input
 *   with itself. A merge either writes a file that reads back as the study
 *   without its shard holding the union of the games, byte for byte what
 *   the writer gives for them, or refuses with a message — and then the
 *   output keeps its old bytes; no temporary file is left either way;
 * - the bytes as a journal (bs_study_read_journal) of a fixed two-arm
 *   study: refused with a message naming the journal, or read; the games
 *   it gives, written into a study file, read back the same.
 * Each input's files live in a folder of their own (in /dev/shm when
 * there is one: every write is fsynced), removed after the input; a
 * finding leaves it for a look. */

#include "config.h"

#include <unistd.h>

#include <glib/gstdio.h>

#include "fuzz-common.h"

#include "bs-study.h"
#include "bs-variant-xml.h"
#include "bs-variant.h"

/* Where each input's folder is made, the folder of this input, and a
 * fixed study for journals. */
static const char *tmp_base;
static char *work_dir;
static BsStudy *journal_study;

/* The one call of bs_study_merge_files. Partial: the inputs split a
 * study's games in any way, so that some may be missing; a refusal with a
 * message is accepted by every check below. */
static gboolean
fuzz_merge (const char * const *inputs,
            const char         *output,
            GError            **error)
{
  return bs_study_merge_files (inputs, output, BS_STUDY_MERGE_PARTIAL, error);
}

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  g_auto(GStrv) names = NULL;
  g_autoptr(GError) error = NULL;

  fuzz_init ();
  /* Every write is fsynced: tmpfs makes that free. */
  if (g_file_test ("/dev/shm", G_FILE_TEST_IS_DIR) && access ("/dev/shm", W_OK) == 0)
    tmp_base = "/dev/shm";
  else
    tmp_base = g_get_tmp_dir ();

  /* A comparison of two built-in variants, players that differ (so odd
   * games swap seats): games of arm 0 and 1 are valid in its journal. */
  names = bs_variant_list_builtin ();
  fuzz_check (names != NULL && names[0] != NULL && names[1] != NULL, "no built-in variants");
  journal_study = bs_study_new (BS_STUDY_COMPARE, 7, "random", "easy", &error);
  fuzz_check (journal_study != NULL, "the journal's study");
  for (int i = 0; i < 2; i++)
    {
      g_autoptr(BsVariant) variant = bs_variant_lookup (names[i], NULL);

      fuzz_check (variant != NULL, "a built-in variant does not load");
      bs_study_add_arm (journal_study, variant, i == 0 ? "A" : "B");
    }
  journal_study->games = 100;
  fuzz_check (bs_study_prepare (journal_study, &error), "the journal's study is not valid");
  return 0;
}

/* Files. */

static char *
work_path (const char *name)
{
  return g_build_filename (work_dir, name, NULL);
}

static void
write_bytes (const char *path,
             const char *data,
             gssize      size)
{
  g_autoptr(GError) error = NULL;

  if (!g_file_set_contents (path, data, size, &error))
    {
      g_printerr ("%s\n", error->message);
      fuzz_check (FALSE, "cannot write a file of the fuzzer");
    }
}

static char *
read_bytes (const char *path,
            gsize      *length)
{
  g_autoptr(GError) error = NULL;
  char *data = NULL;

  if (!g_file_get_contents (path, &data, length, &error))
    {
      g_printerr ("%s\n", error->message);
      fuzz_check (FALSE, "cannot read a file the fuzzer wrote");
    }
  return data;
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

/* The folder holds exactly these files (NULL-terminated names): no
 * temporary file is left behind. */
static void
check_files (const char * const *expected)
{
  g_autoptr(GDir) dir = g_dir_open (work_dir, 0, NULL);
  g_autoptr(GPtrArray) found = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) wanted = g_ptr_array_new ();
  const char *name;

  fuzz_check (dir != NULL, "the fuzzer's folder is gone");
  while ((name = g_dir_read_name (dir)) != NULL)
    g_ptr_array_add (found, g_strdup (name));
  for (guint i = 0; expected[i] != NULL; i++)
    g_ptr_array_add (wanted, (gpointer) expected[i]);
  g_ptr_array_sort (found, compare_strings);
  g_ptr_array_sort (wanted, compare_strings);
  for (guint i = 0; i < MAX (found->len, wanted->len); i++)
    if (i >= found->len || i >= wanted->len ||
        strcmp (found->pdata[i], wanted->pdata[i]) != 0)
      {
        for (guint j = 0; j < found->len; j++)
          g_printerr ("in the folder: %s\n", (char *) found->pdata[j]);
        fuzz_check (FALSE, "a file left behind (or missing) after a write or a merge");
      }
}

static void
make_work_dir (void)
{
  work_dir = g_build_filename (tmp_base, "boardsmith-fuzz-study-XXXXXX", NULL);
  fuzz_check (g_mkdtemp (work_dir) != NULL, "no folder for the study files");
}

static void
empty_work_dir (void)
{
  g_autoptr(GDir) dir = g_dir_open (work_dir, 0, NULL);
  const char *name;

  fuzz_check (dir != NULL, "the fuzzer's folder is gone");
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = work_path (name);
      fuzz_check (g_unlink (path) == 0, "cannot remove a file of the fuzzer");
    }
}

static void
remove_work_dir (void)
{
  empty_work_dir ();
  fuzz_check (g_rmdir (work_dir) == 0, "cannot remove the fuzzer's folder");
  g_clear_pointer (&work_dir, g_free);
}

/* The message of a refused file names it. */
static void
check_refusal (const GError *error,
               const char   *path)
{
  fuzz_check_error (error);
  if (strstr (error->message, path) == NULL)
    {
      g_printerr ("%s\n(file %s)\n", error->message, path);
      fuzz_check (FALSE, "a refusal that does not name the file");
    }
}

/* Games. */

static gboolean
collect_game (const BsStudy  *study,
              BsStudyGame   **game,
              gpointer        user_data,
              GError        **error)
{
  g_ptr_array_add (user_data, g_steal_pointer (game));
  return TRUE;
}

static GPtrArray *
new_games (void)
{
  return g_ptr_array_new_with_free_func ((GDestroyNotify) bs_study_game_free);
}

static BsStudy *
load (const char  *path,
      GPtrArray   *games,
      GError     **error)
{
  return bs_study_load_file (path, collect_game, games, error);
}

/* The file read, or the fuzzer stops saying why. */
static BsStudy *
load_written (const char *path,
              GPtrArray  *games,
              const char *what)
{
  g_autoptr(GError) error = NULL;
  BsStudy *study = load (path, games, &error);

  if (study == NULL)
    {
      g_autofree char *text = NULL;
      gsize length = 0;

      text = read_bytes (path, &length);
      g_printerr ("%s\n%s\n", error->message, text);
      fuzz_check (FALSE, what);
    }
  return study;
}

static int
compare_games (gconstpointer a,
               gconstpointer b)
{
  const BsStudyGame *x = *(const BsStudyGame * const *) a;
  const BsStudyGame *y = *(const BsStudyGame * const *) b;

  if (x->arm != y->arm)
    return x->arm < y->arm ? -1 : 1;
  return x->number < y->number ? -1 : x->number > y->number;
}

/* Writes the study with these games (sorted, each once) at path. */
static void
write_study (const BsStudy *study,
             GPtrArray     *games,
             const char    *path)
{
  g_autoptr(GError) error = NULL;
  BsStudyWriter *writer = bs_study_writer_new (study, path, &error);

  if (writer == NULL)
    {
      g_printerr ("%s\n", error->message);
      fuzz_check (FALSE, "the writer does not start");
    }
  for (guint i = 0; i < games->len; i++)
    if (!bs_study_writer_add (writer, games->pdata[i], &error))
      {
        g_printerr ("%s\n", error->message);
        bs_study_writer_abort (writer);
        fuzz_check (FALSE, "the writer refuses a game");
      }
  if (!bs_study_writer_finish (writer, &error))
    {
      g_printerr ("%s\n", error->message);
      fuzz_check (FALSE, "the writer does not finish");
    }
}

/* Whether the games are the expected ones (the same bytes in the file),
 * in the same order; if not and `quiet` is FALSE, says how they differ. */
static gboolean
same_games (const BsStudy *study,
            GPtrArray     *expected,
            GPtrArray     *games,
            gboolean       quiet)
{
  if (expected->len != games->len)
    {
      if (!quiet)
        g_printerr ("%u games, %u expected\n", games->len, expected->len);
      return FALSE;
    }
  for (guint i = 0; i < games->len; i++)
    {
      g_autofree char *a = bs_study_game_to_xml (study, expected->pdata[i]);
      g_autofree char *b = bs_study_game_to_xml (study, games->pdata[i]);

      if (strcmp (a, b) != 0)
        {
          if (!quiet)
            g_printerr ("expected:\n%sfound:\n%s", a, b);
          return FALSE;
        }
    }
  return TRUE;
}

static void
check_same_games (const BsStudy *study,
                  GPtrArray     *expected,
                  GPtrArray     *games,
                  const char    *what)
{
  fuzz_check (same_games (study, expected, games, FALSE), what);
}

static void
check_same_study (const BsStudy *a,
                  const BsStudy *b,
                  gboolean       same_shard,
                  const char    *what)
{
  g_autoptr(GError) error = NULL;

  if (!bs_study_same (a, b, &error))
    {
      g_printerr ("%s\n", error->message);
      fuzz_check (FALSE, what);
    }
  fuzz_check (a->default_arm == b->default_arm, what);
  fuzz_check (!same_shard || (a->shard_index == b->shard_index &&
                              a->shard_count == b->shard_count), what);
}

/* A deterministic stream of bits from the input. */
static guint64
next_random (guint64 *state)
{
  guint64 z = (*state += G_GUINT64_CONSTANT (0x9E3779B97F4A7C15));

  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xBF58476D1CE4E5B9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94D049BB133111EB);
  return z ^ (z >> 31);
}

static guint64
hash_input (const uint8_t *data,
            size_t         size)
{
  guint64 h = G_GUINT64_CONSTANT (0xCBF29CE484222325);

  for (size_t i = 0; i < size; i++)
    h = (h ^ data[i]) * G_GUINT64_CONSTANT (0x100000001B3);
  return h;
}

/* The text with whitespace between tags dropped, outside the embedded
 * variants (where a text may be only blanks): every run if `all`, else
 * each run at random. The canonical form's other blanks between tags
 * carry nothing, so the file must read the same (issue 30: the reader
 * once started an element over when its last child met the end tag). */
static char *
squeeze_gaps (const char *text,
              gboolean    all,
              guint64    *random)
{
  GString *out = g_string_sized_new (strlen (text));
  int in_variant = 0;

  for (const char *c = text; *c != '\0'; c++)
    {
      if (g_str_has_prefix (c, "<variant") && (c[8] == ' ' || c[8] == '>'))
        in_variant++;
      else if (g_str_has_prefix (c, "</variant>"))
        in_variant--;
      g_string_append_c (out, *c);
      if (*c == '>' && in_variant == 0)
        {
          const char *end = c + 1;

          while (*end == ' ' || *end == '\n' || *end == '\t' || *end == '\r')
            end++;
          if (*end == '<' && end > c + 1 && (all || (next_random (random) & 1) != 0))
            c = end - 1;
        }
    }
  return g_string_free (out, FALSE);
}

/* Merging. */

static const char old_output[] = "the output before the merge\n";

/* Merges the inputs into "merged" (which holds old_output before) and
 * checks the outcome: refused with a message, the output unchanged and
 * nothing left behind; or a file that reads back as `study` without its
 * shard, holding exactly `expected` (sorted), and byte for byte what the
 * writer gives for them (or `alternative`, when not NULL: what a merge
 * that is allowed to drop some games keeps). `files` are the names in
 * the folder besides "merged". Returns whether it merged. */
static gboolean
check_merge (const char * const *inputs,
             const char * const *files,
             BsStudy            *study,
             GPtrArray          *expected,
             GPtrArray          *alternative)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  g_autoptr(GPtrArray) games = new_games ();
  g_autoptr(BsStudy) merged = NULL;
  g_autofree char *output = work_path ("merged");
  g_autofree char *canonical_path = work_path ("canonical");
  g_autofree char *bytes = NULL;
  g_autofree char *canonical = NULL;
  gsize length = 0, canonical_length = 0;
  guint shard_index, shard_count;

  for (guint i = 0; files[i] != NULL; i++)
    g_ptr_array_add (names, (gpointer) files[i]);
  g_ptr_array_add (names, "merged");
  g_ptr_array_add (names, NULL);

  write_bytes (output, old_output, -1);
  if (!fuzz_merge (inputs, output, &error))
    {
      fuzz_check_error (error);
      bytes = read_bytes (output, &length);
      fuzz_check (length == strlen (old_output) && memcmp (bytes, old_output, length) == 0,
                  "a refused merge changed its output");
      check_files ((const char * const *) names->pdata);
      return FALSE;
    }
  check_files ((const char * const *) names->pdata);
  if (study == NULL)
    {
      bytes = read_bytes (output, &length);
      g_printerr ("%.*s\n", (int) MIN (length, 2000), bytes);
      fuzz_check (FALSE, "a merge of a file that does not load wrote a file");
    }
  merged = load_written (output, games, "a merged file does not load");
  check_same_study (study, merged, FALSE, "a merged file is another study");
  fuzz_check (merged->shard_count == 0, "a merged file keeps a shard");
  if (alternative == NULL || !same_games (study, alternative, games, TRUE))
    check_same_games (study, expected, games,
                      "a merged file does not hold the union of its inputs' games");

  /* The canonical file of the study without its shard, with these games. */
  shard_index = study->shard_index;
  shard_count = study->shard_count;
  study->shard_index = study->shard_count = 0;
  write_study (study, games, canonical_path);
  study->shard_index = shard_index;
  study->shard_count = shard_count;
  bytes = read_bytes (output, &length);
  canonical = read_bytes (canonical_path, &canonical_length);
  if (length != canonical_length || memcmp (bytes, canonical, length) != 0)
    {
      g_printerr ("merged:\n%s\nwritten:\n%s\n", bytes, canonical);
      fuzz_check (FALSE, "a merged file is not what the writer gives for its games");
    }
  g_unlink (canonical_path);
  return TRUE;
}

/* A list of games owned by another list (it does not free them). */
static GPtrArray *
games_view (void)
{
  return g_ptr_array_new ();
}

/* The raw bytes as a journal of journal_study: refused with a message
 * naming it, or read; its games, sorted and each once, written into a
 * study file read back the same. */
static void
check_journal (const char *data,
               size_t      size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) games = new_games ();
  g_autoptr(GPtrArray) unique = games_view ();
  g_autoptr(GPtrArray) again = new_games ();
  g_autoptr(BsStudy) study = NULL;
  g_autofree char *path = work_path ("journal.bsstudy");
  g_autofree char *journal = bs_study_journal_path (path);
  guint games_per_arm = journal_study->games;
  gboolean ok;

  write_bytes (journal, data, (gssize) size);
  ok = bs_study_read_journal (journal_study, journal, collect_game, games, &error);
  if (!ok)
    {
      check_refusal (error, journal);
      journal_study->games = games_per_arm;
      return;
    }
  g_ptr_array_sort (games, compare_games);
  for (guint i = 0; i < games->len; i++)
    if (i == 0 || compare_games (&games->pdata[i - 1], &games->pdata[i]) != 0)
      g_ptr_array_add (unique, games->pdata[i]);
  write_study (journal_study, unique, path);
  study = load_written (path, again, "games read from a journal do not load from a study file");
  check_same_study (journal_study, study, TRUE, "a journal's study reads back another study");
  check_same_games (study, unique, again, "games read from a journal read back different");
  journal_study->games = games_per_arm;
}

static void
check_input (const uint8_t *data,
             size_t         size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) games = new_games ();
  g_autoptr(GPtrArray) games_a = new_games ();
  g_autoptr(GPtrArray) first = games_view ();
  g_autoptr(GPtrArray) second = games_view ();
  g_autoptr(GPtrArray) none = games_view ();
  g_autoptr(BsStudy) study = NULL;
  g_autoptr(BsStudy) study_a = NULL;
  g_autofree char *input = work_path ("input.bsstudy");
  g_autofree char *path_a = work_path ("a.bsstudy");
  g_autofree char *path_b = work_path ("b.bsstudy");
  g_autofree char *path_other = work_path ("other.bsstudy");
  g_autofree char *journal = NULL;
  g_autofree char *bytes_a = NULL;
  g_autofree char *bytes_b = NULL;
  gsize length_a = 0, length_b = 0;
  guint64 random = hash_input (data, size);
  gboolean reverse;

  check_journal ((const char *) data, size);
  empty_work_dir ();

  write_bytes (input, (const char *) data, (gssize) size);
  study = load (input, games, &error);
  if (study == NULL)
    {
      const char *inputs[] = { input, input, NULL };
      const char *files[] = { "input.bsstudy", NULL };

      check_refusal (error, input);
      fuzz_check (check_merge (inputs, files, NULL, NULL, NULL) == FALSE,
                  "a file that does not load merges");
      return;
    }

  /* Written back and read again: the same study and games, then the same
   * bytes. */
  write_study (study, games, path_a);
  study_a = load_written (path_a, games_a, "a loaded study does not load back once written");
  check_same_study (study, study_a, TRUE, "a loaded study reads back as another study");
  check_same_games (study, games, games_a, "a loaded study reads back with other games");
  write_study (study_a, games_a, path_b);
  bytes_a = read_bytes (path_a, &length_a);
  bytes_b = read_bytes (path_b, &length_b);
  if (length_a != length_b || memcmp (bytes_a, bytes_b, length_a) != 0)
    {
      g_printerr ("first:\n%s\nsecond:\n%s\n", bytes_a, bytes_b);
      fuzz_check (FALSE, "writing a study read back gives other bytes");
    }

  /* Without (some) whitespace between tags: the same study and games. */
  {
    g_autoptr(GPtrArray) games_c = new_games ();
    g_autoptr(BsStudy) study_c = NULL;
    g_autofree char *path_c = work_path ("c.bsstudy");
    g_autofree char *squeezed = squeeze_gaps (bytes_a, (random & 1) != 0, &random);

    write_bytes (path_c, squeezed, -1);
    study_c = load_written (path_c, games_c, "a study without whitespace between tags does "
                            "not load");
    check_same_study (study, study_c, TRUE,
                      "a study without whitespace between tags reads as another study");
    check_same_games (study, games, games_c,
                      "a study without whitespace between tags reads with other games");
    g_unlink (path_c);
  }

  /* The file with itself. */
  {
    const char *inputs[] = { input, input, NULL };
    const char *files[] = { "input.bsstudy", "a.bsstudy", "b.bsstudy", NULL };

    check_merge (inputs, files, study, games, NULL);
  }

  /* The games split between two files: each in the first, the second or
   * both. */
  for (guint i = 0; i < games->len; i++)
    {
      guint where = next_random (&random) % 3;

      if (where != 1)
        g_ptr_array_add (first, games->pdata[i]);
      if (where != 0)
        g_ptr_array_add (second, games->pdata[i]);
    }
  write_study (study, first, path_a);
  write_study (study, second, path_b);
  {
    const char *inputs[] = { path_a, path_b, NULL };
    const char *files[] = { "input.bsstudy", "a.bsstudy", "b.bsstudy", NULL };

    check_merge (inputs, files, study, games, NULL);
  }

  /* Another study: merged only if it is the same one. */
  write_study (journal_study, none, path_other);
  if (!bs_study_same (study, journal_study, NULL))
    {
      const char *inputs[] = { input, path_other, NULL };
      const char *files[] = { "input.bsstudy", "a.bsstudy", "b.bsstudy", "other.bsstudy", NULL };

      fuzz_check (check_merge (inputs, files, NULL, NULL, NULL) == FALSE,
                  "two different studies merge");
    }
  g_unlink (path_other);
  g_unlink (path_b);

  /* A file with the rest of its games in its journal (finished in any
   * order; some are in both, as after a crash between writing the file
   * and emptying the journal). */
  reverse = next_random (&random) & 1;
  {
    g_autoptr(GString) text = NULL;
    g_autofree char *extend = bs_study_journal_extend_xml (study);
    const char *inputs[] = { path_a, NULL };
    const char *files[] = { "input.bsstudy", "a.bsstudy", "a.bsstudy.journal", NULL };

    text = g_string_new (extend);
    for (guint i = 0; i < second->len; i++)
      {
        g_autofree char *xml = bs_study_game_to_xml (study,
                                                     second->pdata[reverse ? second->len - 1 - i
                                                                           : i]);
        g_string_append (text, xml);
      }
    journal = bs_study_journal_path (path_a);
    write_bytes (journal, text->str, (gssize) text->len);
    check_merge (inputs, files, study, games, NULL);
  }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  make_work_dir ();
  check_input (data, size);
  remove_work_dir ();
  return 0;
}
