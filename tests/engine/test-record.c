/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Game records: random games of every registered module saved, loaded and
 * replayed to the same position; corrupt records refused with messages
 * that say where and what. */

#include "config.h"

#include <string.h>

#include <gio/gio.h>
#include <glib/gstdio.h>

#include "bs-error.h"
#include "bs-record.h"
#include "bs-ruleset.h"

#define MAX_TURNS 3000

/* Plays a random game (at most max_turns turns) and records it. */
static BsRecord *
random_record (const BsRuleset *rs,
               guint64          seed,
               guint            max_turns,
               BsPosition     **final)
{
  BsRecord *record = bs_record_new (rs->variant, seed);
  g_autofree BsMove *scratch = g_new (BsMove, rs->max_moves);
  g_autofree BsMove *steps = g_new (BsMove, bs_ruleset_max_turn_steps (rs));
  BsPosition *pos = bs_ruleset_new_position (rs, seed);
  g_autofree BsPosition *turn_start = bs_position_dup (rs, pos);
  BsRng rng;

  bs_rng_init (&rng, seed ^ 0x5eed);
  for (guint turn = 0; turn < max_turns && !bs_position_is_over (pos); turn++)
    {
      g_autofree char *text = NULL;
      guint n = 0;

      bs_position_copy (rs, turn_start, pos);
      do
        {
          g_assert_cmpuint (n, <, bs_ruleset_max_turn_steps (rs));
          steps[n] = bs_ruleset_random_move (rs, pos, &rng, scratch);
          bs_ruleset_apply (rs, pos, steps[n], NULL);
          n++;
        }
      while (pos->step != 0);
      text = bs_ruleset_format_turn (rs, turn_start, steps, n);
      bs_record_add_move (record, text);
    }
  bs_record_set_result (record, (BsResult) pos->result);
  *final = pos;
  return record;
}

static void
assert_records_equal (const BsRecord *a,
                      const BsRecord *b)
{
  g_assert_true (bs_variant_equal (a->variant, b->variant));
  g_assert_cmpuint (a->seed, ==, b->seed);
  g_assert_cmpstr (bs_record_get_player (a, 1), ==, bs_record_get_player (b, 1));
  g_assert_cmpstr (bs_record_get_player (a, 2), ==, bs_record_get_player (b, 2));
  g_assert_cmpstr (a->date, ==, b->date);
  g_assert_cmpint (a->has_result, ==, b->has_result);
  g_assert_cmpint (a->result, ==, b->result);
  g_assert_cmpuint (a->moves->len, ==, b->moves->len);
  for (guint i = 0; i < a->moves->len; i++)
    g_assert_cmpstr (g_array_index (a->moves, BsRecordMove, i).text, ==,
                     g_array_index (b->moves, BsRecordMove, i).text);
}

/* Every registered module: random games from several seeds go through
 * XML in memory and on disk unchanged, and replay to the very position
 * the game reached. */
static void
test_round_trip_all_modules (void)
{
  guint n_modules = 0;
  const BsModule * const *modules = bs_module_list (&n_modules);
  g_autofree char *dir = g_dir_make_tmp ("boardsmith-record-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "game.bsrecord", NULL);

  g_assert_cmpuint (n_modules, >, 0);
  for (guint m = 0; m < n_modules; m++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (BsVariant) variant = bs_variant_new_for_module (modules[m]->id, &error);
      g_autoptr (BsRuleset) rs = NULL;
      guint total_turns = 0;

      g_assert_no_error (error);
      rs = bs_ruleset_new (variant, &error);
      g_assert_no_error (error);

      for (guint64 seed = 1; seed <= 12; seed++)
        {
          g_autofree BsPosition *final = NULL;
          g_autofree BsPosition *replayed = NULL;
          /* Every third game stops early: a record of a game in progress. */
          g_autoptr (BsRecord) record = random_record (rs, seed * 7919,
                                                       seed % 3 == 0 ? seed : MAX_TURNS, &final);
          g_autoptr (BsRecord) loaded = NULL;
          g_autoptr (BsRecord) from_disk = NULL;
          g_autoptr (BsRuleset) replay_rs = NULL;
          g_autofree char *xml = NULL;
          g_autofree char *xml_again = NULL;
          gsize length;
          guint n_played = 0;

          g_test_message ("%s seed %" G_GUINT64_FORMAT ": %u turns", modules[m]->id,
                          seed * 7919, record->moves->len);
          total_turns += record->moves->len;
          bs_record_set_player (record, 1, seed % 2 ? "Ann & <Bo>" : "Ünïcode “quoted”");
          bs_record_set_date_now (record);

          xml = bs_record_to_xml (record, &length);
          g_assert_cmpuint (strlen (xml), ==, length);
          loaded = bs_record_load_data (xml, length, "memory.bsrecord", &error);
          g_assert_no_error (error);
          assert_records_equal (record, loaded);
          xml_again = bs_record_to_xml (loaded, NULL);
          g_assert_cmpstr (xml, ==, xml_again);

          g_assert_true (bs_record_replay (loaded, &replay_rs, &replayed, &n_played, &error));
          g_assert_no_error (error);
          g_assert_cmpuint (n_played, ==, record->moves->len);
          g_assert_true (bs_position_equal (rs, replayed, final));
          g_assert_null (bs_record_check_result (loaded, replay_rs, replayed));

          g_assert_true (bs_record_save_file (record, path, &error));
          g_assert_no_error (error);
          from_disk = bs_record_load_file (path, &error);
          g_assert_no_error (error);
          assert_records_equal (record, from_disk);
          g_assert_cmpstr (from_disk->filename, ==, path);
        }
      g_assert_cmpuint (total_turns, >, 12);
    }
  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* The record holds the whole variant: it replays after the variant it was
 * played from has changed (here: a different supply that changes the
 * setup), since nothing outside the record is read. */
static void
test_self_contained (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (BsVariant) variant = bs_variant_new_for_module ("tribes", &error);
  g_autoptr (BsRuleset) rs = NULL;
  g_autoptr (BsRecord) record = NULL;
  g_autoptr (BsRecord) loaded = NULL;
  g_autofree BsPosition *final = NULL;
  g_autofree BsPosition *replayed = NULL;
  g_autofree char *xml = NULL;

  g_assert_no_error (error);
  bs_variant_set_supply (variant, 1, "piece", 20);
  bs_variant_set_supply (variant, 2, "piece", 9);
  rs = bs_ruleset_new (variant, &error);
  g_assert_no_error (error);
  record = random_record (rs, 99, MAX_TURNS, &final);
  xml = bs_record_to_xml (record, NULL);

  bs_variant_set_supply (variant, 1, "piece", 12);   /* the "file" changes */
  loaded = bs_record_load_data (xml, strlen (xml), NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (bs_variant_get_supply (loaded->variant, 1, "piece"), ==, 20);
  g_assert_true (bs_record_replay (loaded, NULL, &replayed, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (bs_position_equal (rs, replayed, final));
}

/* A Tribes record of a finished game, as XML, for the corruption tests. */
static char *
tribes_record_xml (BsPosition **final,
                   guint       *n_moves)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (BsVariant) variant = bs_variant_new_for_module ("tribes", &error);
  g_autoptr (BsRuleset) rs = bs_ruleset_new (variant, &error);
  g_autoptr (BsRecord) record = NULL;

  g_assert_no_error (error);
  /* Seed 3: a game of several rounds. */
  record = random_record (rs, 3, MAX_TURNS, final);
  g_assert_cmpuint (record->moves->len, >=, 2);
  bs_record_set_player (record, 1, "Ann");
  bs_record_set_player (record, 2, "Bo");
  record->date = g_strdup ("2026-11-21T17:00:00Z");
  *n_moves = record->moves->len;
  return bs_record_to_xml (record, NULL);
}

/* The 1-based line of the first occurrence of needle in text. */
static int
line_of (const char *text,
         const char *needle)
{
  const char *at = strstr (text, needle);
  int line = 1;

  g_assert_nonnull (at);
  for (const char *p = text; p < at; p++)
    line += *p == '\n';
  return line;
}

/* text with the first `old` replaced by `new`. */
static char *
replace_once (const char *text,
              const char *old,
              const char *new)
{
  const char *at = strstr (text, old);

  g_assert_nonnull (at);
  return g_strdup_printf ("%.*s%s%s", (int) (at - text), text, new, at + strlen (old));
}

/* The n-th <move>…</move> element (0-based) of a record's XML. */
static char *
nth_move_element (const char *xml,
                  guint       n)
{
  const char *at = xml;

  for (guint i = 0; i <= n; i++)
    {
      at = strstr (at + (i > 0), "<move>");
      g_assert_nonnull (at);
    }
  return g_strndup (at, strstr (at, "</move>") + strlen ("</move>") - at);
}

static void
expect_load_error (const char *xml,
                   GQuark      domain,
                   int         code,
                   const char *message)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (BsRecord) record = bs_record_load_data (xml, strlen (xml), "game.xml", &error);

  g_assert_null (record);
  g_assert_error (error, domain, code);
  if (message != NULL)
    g_assert_cmpstr (error->message, ==, message);
}

static void
test_corrupt_format (void)
{
  g_autofree BsPosition *final = NULL;
  guint n_moves = 0;
  g_autofree char *xml = tribes_record_xml (&final, &n_moves);
  int seed_line = line_of (xml, "<seed>");
  int root_line = line_of (xml, "<record");

  /* Not well-formed: cut in the middle. The parser's own message follows
   * the file name. */
  {
    g_autofree char *cut = g_strndup (xml, strlen (xml) / 2);
    g_autoptr (GError) error = NULL;
    g_autoptr (BsRecord) record = bs_record_load_data (cut, strlen (cut), "game.xml", &error);

    g_assert_null (record);
    g_assert_error (error, BS_RECORD_ERROR, BS_RECORD_ERROR_PARSE);
    g_assert_true (g_str_has_prefix (error->message, "game.xml:"));
  }
  /* Entities are not expanded. */
  {
    g_autofree char *evil = replace_once (
      xml, "<record", "<!DOCTYPE record [<!ENTITY x \"xxxxxxxx\">]>\n<record");
    g_autofree char *with_entity = replace_once (evil, "<name>", "<name>&x;");
    g_autoptr (GError) error = NULL;
    g_autoptr (BsRecord) record = bs_record_load_data (with_entity, strlen (with_entity),
                                                       "game.xml", &error);

    g_assert_null (record);
    g_assert_nonnull (error);
  }
  {
    g_autofree char *a = replace_once (xml, "<record format=\"1\">", "<game format=\"1\">");
    g_autofree char *bad = replace_once (a, "</record>", "</game>");
    g_autofree char *msg = g_strdup_printf (
      "game.xml:%d: the root element is <game>, not <record>: this is not a game record",
      root_line);
    expect_load_error (bad, BS_RECORD_ERROR, BS_RECORD_ERROR_SCHEMA, msg);
  }
  {
    g_autofree char *bad = replace_once (xml, "<record format=\"1\">", "<record format=\"2\">");
    g_autofree char *msg = g_strdup_printf (
      "game.xml:%d: record format 2 is not supported (this version reads format 1)",
      root_line);
    expect_load_error (bad, BS_RECORD_ERROR, BS_RECORD_ERROR_VALUE, msg);
  }
  {
    g_autofree char *bad = replace_once (xml, "<record format=\"1\">", "<record>");
    g_autofree char *msg = g_strdup_printf ("game.xml:%d: <record> has no “format” attribute",
                                            root_line);
    expect_load_error (bad, BS_RECORD_ERROR, BS_RECORD_ERROR_SCHEMA, msg);
  }
  {
    g_autofree char *seed = g_strndup (strstr (xml, "<seed>"),
                                       strstr (xml, "</seed>") + 7 - strstr (xml, "<seed>"));
    g_autofree char *bad = replace_once (xml, seed, "");
    g_autofree char *msg = g_strdup_printf ("game.xml:%d: <record> has no <seed>", root_line);
    expect_load_error (bad, BS_RECORD_ERROR, BS_RECORD_ERROR_SCHEMA, msg);
  }
  {
    g_autofree char *bad = replace_once (xml, "<seed>3</seed>", "<seed>-3</seed>");
    g_autofree char *msg = g_strdup_printf (
      "game.xml:%d: seed “-3” is not a whole number from 0 to 18446744073709551615", seed_line);
    expect_load_error (bad, BS_RECORD_ERROR, BS_RECORD_ERROR_VALUE, msg);
  }
  {
    g_autofree char *bad = replace_once (xml, "<seed>3</seed>",
                                         "<seed>3</seed><seed>4</seed>");
    g_autofree char *msg = g_strdup_printf (
      "game.xml:%d: a second <seed> (the first is on line %d)", seed_line, seed_line);
    expect_load_error (bad, BS_RECORD_ERROR, BS_RECORD_ERROR_SCHEMA, msg);
  }
  {
    g_autofree char *bad = replace_once (xml, "<seed>3</seed>", "<seed>3</seed><comment/>");
    g_autofree char *msg = g_strdup_printf ("game.xml:%d: unknown element <comment> in <record>",
                                            seed_line);
    expect_load_error (bad, BS_RECORD_ERROR, BS_RECORD_ERROR_SCHEMA, msg);
  }
  {
    g_autofree char *bad = replace_once (xml, "2026-11-21T17:00:00Z", "21/11/2026");
    g_autofree char *msg = g_strdup_printf (
      "game.xml:%d: date “21/11/2026” is not an ISO 8601 date (2026-11-21 or "
      "2026-11-21T17:00:00Z)", line_of (xml, "<date>"));
    expect_load_error (bad, BS_RECORD_ERROR, BS_RECORD_ERROR_VALUE, msg);
  }
  {
    g_autofree char *result = g_strndup (strstr (xml, "<result>"),
                                         strstr (xml, "</result>") + 9 - strstr (xml, "<result>"));
    g_autofree char *bad = replace_once (xml, result, "<result>won</result>");
    g_autofree char *msg = g_strdup_printf (
      "game.xml:%d: result “won” is not one of ongoing, win-1, win-2, draw",
      line_of (xml, "<result>"));
    expect_load_error (bad, BS_RECORD_ERROR, BS_RECORD_ERROR_VALUE, msg);
  }
  {
    g_autofree char *bad = replace_once (xml, "number=\"2\" name=\"Bo\"",
                                         "number=\"3\" name=\"Bo\"");
    g_autofree char *msg = g_strdup_printf ("game.xml:%d: player number “3” is not 1 or 2",
                                            line_of (xml, "name=\"Bo\""));
    expect_load_error (bad, BS_RECORD_ERROR, BS_RECORD_ERROR_VALUE, msg);
  }
  {
    g_autofree char *first = nth_move_element (xml, 0);
    g_autofree char *bad = replace_once (xml, first, "<move>  </move>");
    g_autofree char *msg = g_strdup_printf ("game.xml:%d: empty <move> (move 1)",
                                            line_of (xml, "<move>"));
    expect_load_error (bad, BS_RECORD_ERROR, BS_RECORD_ERROR_VALUE, msg);
  }
  {
    g_autofree char *first = nth_move_element (xml, 0);
    g_autofree char *with_b = g_strdup_printf ("<move><b>x</b></move>");
    g_autofree char *bad = replace_once (xml, first, with_b);
    g_autofree char *msg = g_strdup_printf (
      "game.xml:%d: unexpected element <b> in <move>, which holds only text",
      line_of (xml, "<move>"));
    expect_load_error (bad, BS_RECORD_ERROR, BS_RECORD_ERROR_SCHEMA, msg);
  }
  /* A variant the module refuses: 11 + 12 pieces cannot fill 5×5 but c3.
   * The error is the variant's own, with the record's file name. */
  {
    g_autofree char *bad = replace_once (xml, "count=\"12\"", "count=\"11\"");
    g_autoptr (GError) error = NULL;
    g_autoptr (BsRecord) record = bs_record_load_data (bad, strlen (bad), "game.xml", &error);

    g_assert_null (record);
    g_assert_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_INVALID);
    g_assert_true (g_str_has_prefix (error->message, "game.xml:"));
    g_assert_nonnull (strstr (error->message, "Tribes needs at least 24 pieces in all, enough "
                                              "to fill every cell but the centre, but the "
                                              "players have 23"));
  }
  /* A variant that is not even well-formed as a variant: an unknown module. */
  {
    g_autofree char *bad = replace_once (xml, "module=\"tribes\"", "module=\"chess\"");
    g_autoptr (GError) error = NULL;
    g_autoptr (BsRecord) record = bs_record_load_data (bad, strlen (bad), "game.xml", &error);

    g_assert_null (record);
    g_assert_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_UNKNOWN);
    g_assert_nonnull (strstr (error->message, "chess"));
  }
  /* A missing file. */
  {
    g_autoptr (GError) error = NULL;
    g_autoptr (BsRecord) record = bs_record_load_file ("/nonexistent/game.xml", &error);

    g_assert_null (record);
    g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
  }
}

static void
expect_replay_error (const char       *xml,
                     int               code,
                     const char       *message,
                     guint             expected_played,
                     const BsPosition *expected_position)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (BsRecord) record = bs_record_load_data (xml, strlen (xml), "game.xml", &error);
  g_autoptr (BsRuleset) rs = NULL;
  g_autofree BsPosition *pos = NULL;
  guint n_played = 0;

  g_assert_no_error (error);
  g_assert_false (bs_record_replay (record, &rs, &pos, &n_played, &error));
  g_assert_error (error, BS_RECORD_ERROR, code);
  g_assert_cmpstr (error->message, ==, message);
  g_assert_cmpuint (n_played, ==, expected_played);
  if (expected_position != NULL)
    g_assert_true (bs_position_equal (rs, pos, expected_position));
}

/* Replay stops at the first illegal move, names its ply and line, and
 * leaves the position before it. */
static void
test_illegal_moves (void)
{
  g_autofree BsPosition *final = NULL;
  guint n_moves = 0;
  g_autofree char *xml = tribes_record_xml (&final, &n_moves);
  g_autofree char *first = nth_move_element (xml, 0);
  g_autofree char *second = nth_move_element (xml, 1);

  /* Ply 1: c3 is the empty centre at the start of every 5×5 game. */
  {
    g_autofree char *bad = replace_once (xml, first, "<move>c3-c3;a1-a1</move>");
    g_autofree char *msg = g_strdup_printf (
      "game.xml:%d: ply 1: illegal move \"c3-c3;a1-a1\": c3-c3: c3 holds no piece",
      line_of (xml, "<move>"));
    expect_replay_error (bad, BS_RECORD_ERROR_MOVE, msg, 0, NULL);
  }
  /* Ply 2, malformed: the position after ply 1 is kept. */
  {
    g_autoptr (GError) error = NULL;
    g_autoptr (BsVariant) variant = bs_variant_new_for_module ("tribes", &error);
    g_autoptr (BsRuleset) rs = bs_ruleset_new (variant, &error);
    g_autofree BsPosition *after_first = bs_ruleset_new_position (rs, 3);
    g_autofree char *first_text = g_strndup (first + 6, strlen (first) - 13);
    g_autofree char *bad = replace_once (xml, second, "<move>a1-a1</move>");
    g_autofree char *msg = g_strdup_printf (
      "game.xml:%d: ply 2: malformed move \"a1-a1\": a round is player 1's orders, “;”, "
      "then player 2's orders, as a1-a2,b1-b1;a5-a4,e5-d4",
      line_of (xml, second));

    g_assert_true (bs_ruleset_play_turn (rs, after_first, first_text, &error));
    g_assert_no_error (error);
    expect_replay_error (bad, BS_RECORD_ERROR_MOVE, msg, 1, after_first);
  }
  /* A move after the end. */
  {
    g_autofree char *bad = replace_once (xml, "</moves>", "<move>a1-a1;b1-b1</move></moves>");
    g_autofree char *msg = g_strdup_printf (
      "game.xml:%d: ply %u: move \"a1-a1;b1-b1\": the game is already over (%s)",
      line_of (bad, "<move>a1-a1;b1-b1"), n_moves + 1,
      bs_result_to_string ((BsResult) final->result));
    expect_replay_error (bad, BS_RECORD_ERROR_MOVE, msg, n_moves, final);
  }
  /* A result the moves do not give. */
  {
    const char *wrong = final->result == BS_RESULT_DRAW ? "win-1" : "draw";
    g_autofree char *result = g_strdup_printf ("<result>%s</result>",
                                               bs_record_result_to_string (final->result));
    g_autofree char *replacement = g_strdup_printf ("<result>%s</result>", wrong);
    g_autofree char *bad = replace_once (xml, result, replacement);
    g_autofree char *msg = g_strdup_printf (
      "game.xml:%d: the record gives the result %s, but its moves end with %s",
      line_of (xml, "<result>"), wrong, bs_record_result_to_string (final->result));
    g_autoptr (GError) error = NULL;
    g_autoptr (BsRecord) record = bs_record_load_data (bad, strlen (bad), "game.xml", &error);
    g_autoptr (BsRuleset) rs = NULL;
    g_autofree BsPosition *pos = NULL;
    g_autofree char *warning = NULL;
    guint n_played = 0;

    /* The moves are the game: it replays whole, with a warning to show
     * (the CLI and the app open it alike). */
    g_assert_no_error (error);
    g_assert_true (bs_record_replay (record, &rs, &pos, &n_played, &error));
    g_assert_no_error (error);
    g_assert_cmpuint (n_played, ==, n_moves);
    g_assert_cmpmem (pos, rs->position_size, final, rs->position_size);
    warning = bs_record_check_result (record, rs, pos);
    g_assert_cmpstr (warning, ==, msg);
  }
  /* Without <result>, <players> and <date> the record is fine. */
  {
    g_autofree char *result = g_strdup_printf ("<result>%s</result>",
                                               bs_record_result_to_string (final->result));
    g_autofree char *a = replace_once (xml, result, "");
    g_autofree char *b = replace_once (a, "<date>2026-11-21T17:00:00Z</date>", "");
    /* The record's <players>, after the variant's. */
    const char *start = g_strrstr (b, "<players>");
    g_autofree char *c = g_strdup_printf ("%.*s%s", (int) (start - b), b,
                                          strstr (start, "</players>") + 10);
    g_autoptr (GError) error = NULL;
    g_autoptr (BsRecord) record = bs_record_load_data (c, strlen (c), "game.xml", &error);
    g_autofree BsPosition *pos = NULL;
    g_autoptr (BsRuleset) rs = NULL;

    g_assert_no_error (error);
    g_assert_false (record->has_result);
    g_assert_null (record->date);
    g_assert_cmpstr (bs_record_get_player (record, 1), ==, record->variant->players[0].name);
    g_assert_true (bs_record_replay (record, &rs, &pos, NULL, &error));
    g_assert_no_error (error);
    g_assert_true (bs_position_equal (rs, pos, final));
  }
}

/* A Tribes game worked out by hand on 3×3, from a fixed setup that fills
 * every cell but the centre b2 (so the bag, empty, draws nothing):
 *
 *   3  o o o        x player 1, o player 2
 *   2  x . o
 *   1  x x x
 *      a b c
 *
 * Round 1: a1 defends, b1→b2, c1 defends, a2→a3; c2→c1, a3, b3, c3 defend.
 * Movers point at b2 (empty), a3 and c1. a1, b3, c3 defend unattacked:
 * DEAD. c1 and a3 defend attacked: LIVING. a2 and c2 are not attacked but
 * move onto defenders: DEAD. b1 is not attacked and b2 is empty: LIVING,
 * it ends on b2. Left: b2, c1 (player 1), a3 (player 2); pieces were
 * removed, the game goes on.
 * Round 2: b2→a3, c1→c2; a3→a2. a3 is attacked (b2 points at it): DEAD
 * although it flees. b2 and c1 are not attacked; a3 holds no defender and
 * c2 is empty: both LIVING. Left: a3, c2 (player 1): player 2 has no
 * pieces, player 1 wins after 2 rounds. */
static void
test_hand_worked_tribes_game (void)
{
  static const struct { const char *cell; int player; } setup[] = {
    { "a1", 1 }, { "b1", 1 }, { "c1", 1 }, { "a2", 1 },
    { "c2", 2 }, { "a3", 2 }, { "b3", 2 }, { "c3", 2 },
  };
  g_autoptr (GError) error = NULL;
  g_autoptr (BsVariant) variant = bs_variant_new_for_module ("tribes", &error);
  g_autoptr (BsRecord) record = NULL;
  g_autoptr (BsRecord) loaded = NULL;
  g_autoptr (BsRuleset) rs = NULL;
  g_autofree BsPosition *pos = NULL;
  g_autofree char *xml = NULL;
  guint n_played = 0;

  g_assert_no_error (error);
  g_assert_true (bs_variant_set (variant, "width", "3", &error));
  g_assert_true (bs_variant_set (variant, "height", "3", &error));
  bs_variant_set_supply (variant, 1, "piece", 0);
  bs_variant_set_supply (variant, 2, "piece", 0);
  for (guint i = 0; i < G_N_ELEMENTS (setup); i++)
    {
      BsVariantPiece piece = { g_strdup (setup[i].cell), setup[i].player,
                               g_strdup ("piece"), -1, 0 };
      g_array_append_val (variant->setup, piece);
    }

  record = bs_record_new (variant, 12345);
  bs_record_add_move (record, "a1-a1,b1-b2,c1-c1,a2-a3;c2-c1,a3-a3,b3-b3,c3-c3");
  /* Read in any order. */
  bs_record_add_move (record, "b2-a3,c1-c2;a3-a2");
  bs_record_set_result (record, BS_RESULT_WIN_1);
  xml = bs_record_to_xml (record, NULL);
  loaded = bs_record_load_data (xml, strlen (xml), "hand.xml", &error);
  g_assert_no_error (error);

  g_assert_true (bs_record_replay (loaded, &rs, &pos, &n_played, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n_played, ==, 2);
  g_assert_cmpuint (pos->ply, ==, 2);
  g_assert_cmpint (pos->result, ==, BS_RESULT_WIN_1);
  for (int c = 0; c < rs->n_cells; c++)
    {
      const char *label = bs_board_cell_label (rs->board, c);
      guint8 expected = g_str_equal (label, "a3") || g_str_equal (label, "c2")
                        ? BS_CELL_MAKE (1, 0, 0) : BS_CELL_EMPTY;

      g_assert_cmpint (pos->cells[c], ==, expected);
    }

  /* After round 1 alone: b2 and c1 for player 1, a3 for player 2. */
  {
    g_autofree BsPosition *start = bs_ruleset_new_position (rs, 99);

    g_assert_true (bs_ruleset_play_turn (rs, start, g_array_index (loaded->moves, BsRecordMove,
                                                                   0).text, &error));
    g_assert_no_error (error);
    g_assert_cmpint (start->result, ==, BS_RESULT_ONGOING);
    g_assert_cmpint (start->cells[bs_board_find_cell (rs->board, "b2", NULL)], ==,
                     BS_CELL_MAKE (1, 0, 0));
    g_assert_cmpint (start->cells[bs_board_find_cell (rs->board, "c1", NULL)], ==,
                     BS_CELL_MAKE (1, 0, 0));
    g_assert_cmpint (start->cells[bs_board_find_cell (rs->board, "a3", NULL)], ==,
                     BS_CELL_MAKE (2, 0, 0));
    g_assert_cmpint (bs_position_pieces (start, 1) + bs_position_pieces (start, 2), ==, 3);
  }
}

/* Whether xmllint accepts the record with the RELAX NG schema. */
static gboolean
schema_accepts (const char *xml)
{
  g_autofree char *xmllint = g_find_program_in_path ("xmllint");
  g_autofree char *schema = g_build_filename (g_getenv ("BOARDSMITH_RULES_DIR"),
                                              "boardsmith-record.rng", NULL);
  g_autofree char *dir = g_dir_make_tmp ("boardsmith-test-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "record.xml", NULL);
  g_autoptr (GSubprocess) process = NULL;
  g_autoptr (GError) error = NULL;
  gboolean accepted;

  g_assert_nonnull (xmllint);
  g_assert_true (g_file_set_contents (path, xml, -1, NULL));
  process = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_SILENCE |
                              G_SUBPROCESS_FLAGS_STDERR_SILENCE, &error,
                              xmllint, "--noout", "--nonet", "--relaxng", schema, path, NULL);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_wait (process, NULL, &error));
  accepted = g_subprocess_get_if_exited (process) && g_subprocess_get_exit_status (process) == 0;
  g_remove (path);
  g_rmdir (dir);
  return accepted;
}

/* The loader and the RELAX NG schema (rules/boardsmith-record.rng) agree
 * on dates, player names and ids: each value is accepted by both or by
 * neither. */
static void
test_schema_agrees (void)
{
  static const struct {
    const char *date;
    gboolean    valid;
  } dates[] = {
    { "2026-11-21", TRUE },
    { "2026-11-21T17:00:00Z", TRUE },
    { "2026-11-21T17:00:00", TRUE },
    { "2026-11-21T17:00:00.250Z", TRUE },
    { "2026-11-21T17:00:00+01:00", TRUE },
    { "2026-11-21T17:00:00-09:30", TRUE },
    { "2024-02-29", TRUE },
    { "0001-01-01", TRUE },
    { "-001-01-01", FALSE },
    { "-0001-01-01", FALSE },
    { "0000-01-01", FALSE },
    { "2023-02-29", FALSE },
    { "2026-13-01", FALSE },
    { "2026-11-31", FALSE },
    { "2026-1-21", FALSE },
    { "20261121", FALSE },
    { "2026-W47-6", FALSE },
    { "2026-325", FALSE },
    { "2026-11-21T24:00:00Z", FALSE },
    { "2026-11-21T17:00Z", FALSE },
    { "2026-11-21T17:60:00Z", FALSE },
    { "2026-11-21T17:00:60Z", FALSE },
    { "2026-11-21T17:00:00+15:00", FALSE },
    { "2026-11-21 17:00:00", FALSE },
    { "12026-11-21", FALSE },
    { "yesterday", FALSE },
  };
  static const struct {
    const char *name;
    gboolean    valid;
  } names[] = {
    { "Ann", TRUE },
    { "", TRUE },
    { "Ünïcode “quoted” & <b>", TRUE },
    { "12345678901234567890123456789012345678901234567890", TRUE },
    { "123456789012345678901234567890123456789012345678901", FALSE },
  };
  g_autoptr (GError) error = NULL;
  g_autoptr (BsVariant) variant = bs_variant_new_for_module ("agoraphobia", &error);
  g_autoptr (BsRecord) record = NULL;
  g_autofree char *xml = NULL;

  g_assert_no_error (error);
  record = bs_record_new (variant, 5);
  bs_record_add_move (record, "S@d4");
  bs_record_set_date_now (record);
  bs_record_set_result (record, BS_RESULT_ONGOING);
  xml = bs_record_to_xml (record, NULL);
  g_assert_true (schema_accepts (xml));

  for (guint i = 0; i < G_N_ELEMENTS (dates); i++)
    {
      g_autofree char *element = g_strdup_printf ("<date>%s</date>", record->date);
      g_autofree char *replacement = g_strdup_printf ("<date>%s</date>", dates[i].date);
      g_autofree char *changed = replace_once (xml, element, replacement);
      g_autoptr (BsRecord) loaded = bs_record_load_data (changed, strlen (changed), "d.xml",
                                                         NULL);

      g_test_message ("date %s", dates[i].date);
      g_assert_cmpint (loaded != NULL, ==, dates[i].valid);
      g_assert_cmpint (schema_accepts (changed), ==, dates[i].valid);
    }

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autoptr (BsRecord) named = bs_record_new (variant, 5);
      g_autofree char *changed = NULL;
      g_autoptr (BsRecord) loaded = NULL;

      bs_record_set_player (named, 2, names[i].name);
      changed = bs_record_to_xml (named, NULL);
      loaded = bs_record_load_data (changed, strlen (changed), "n.xml", &error);
      g_test_message ("name %s", names[i].name);
      g_assert_cmpint (loaded != NULL, ==, names[i].valid);
      if (!names[i].valid)
        {
          g_autofree char *expected = g_strdup_printf (
            "n.xml:%d: <player name> is too long (51 characters; at most 50)",
            line_of (changed, names[i].name));
          g_assert_cmpstr (error->message, ==, expected);
          g_clear_error (&error);
        }
      g_assert_cmpint (schema_accepts (changed), ==, names[i].valid);
    }

  /* The result's reason. */
  {
    static const struct {
      const char *result;
      gboolean    valid;
    } results[] = {
      { "<result reason=\"none\">ongoing</result>", TRUE },
      { "<result reason=\"goal\">win-1</result>", TRUE },
      { "<result reason=\"move-limit\">draw</result>", TRUE },
      { "<result>win-2</result>", TRUE },
      { "<result reason=\"passes\">ongoing</result>", FALSE },
      { "<result reason=\"none\">draw</result>", FALSE },
      { "<result reason=\"resigned\">win-1</result>", FALSE },
    };

    for (guint i = 0; i < G_N_ELEMENTS (results); i++)
      {
        g_autofree char *changed = replace_once (xml, "<result>ongoing</result>",
                                                 results[i].result);
        g_autoptr (BsRecord) loaded = bs_record_load_data (changed, strlen (changed), "r.xml",
                                                           NULL);
        g_test_message ("%s", results[i].result);
        g_assert_cmpint (loaded != NULL, ==, results[i].valid);
        g_assert_cmpint (schema_accepts (changed), ==, results[i].valid);
      }
  }

  /* The variant's id, inside a record as in a variant file. */
  {
    g_autofree char *changed = replace_once (xml, "id=\"agoraphobia\"", "id=\"../../x\"");
    g_autoptr (BsRecord) loaded = bs_record_load_data (changed, strlen (changed), "i.xml",
                                                       NULL);
    g_assert_null (loaded);
    g_assert_false (schema_accepts (changed));
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/record/round-trip-all-modules", test_round_trip_all_modules);
  g_test_add_func ("/record/self-contained", test_self_contained);
  g_test_add_func ("/record/corrupt-format", test_corrupt_format);
  g_test_add_func ("/record/illegal-moves", test_illegal_moves);
  g_test_add_func ("/record/schema-agrees", test_schema_agrees);
  g_test_add_func ("/record/hand-worked-tribes-game", test_hand_worked_tribes_game);

  return g_test_run ();
}
