/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-rules"

#include "config.h"

#include "bs-rules-game.h"

#include <glib/gi18n-lib.h>

#include "bs-error.h"
#include "bs-rules-document.h"
#include "bs-rules-features.h"
#include "bs-rules-program.h"
#include "bs-rules-lines.h"
#include "bs-rules-push.h"
#include "bs-rules-rounds.h"
#include "bs-xml.h"

struct _BsRulesGame {
  BsModule          module;      /* first: a ruleset's module is the game */
  gatomicrefcount   ref_count;
  BsRulesDocument  *doc;
  BsMeasureSpec     measures[BS_MAX_MEASURES];
  BsPlaySpec        play;
  BsWordSpec        words[BS_RULES_MAX_BLOCKS];
  BsPlaySpec        play_swap;   /* a ruleset with the swap rule: the words and "swap" */
  BsWordSpec        words_swap[BS_RULES_MAX_BLOCKS + 2];
  BsSpecialSpec     specials[BS_RULES_MAX_SPECIALS];
  BsChoiceSpec      follow_ups[BS_RULES_MAX_DIRS];   /* a <follow-up>'s choices, labels owned */
  BsFeatureSpec     features[BS_MAX_FEATURES];       /* what the ends tell the search */
  double            generic_weights[BS_N_GENERIC_FEATURES]; /* <computer><weight> */
};

/* <turn pass="when-no-move">: the move "pass", the only one then (the
 * label is the C modules' "_Pass", so it is translated as theirs is). */
static const BsWordSpec pass_word = {
  "pass", N_("_Pass"), N_("Pass: you have no move."), FALSE,
};

/* <turn><swap/></turn>: the move "swap", after the game's other words. */
static const BsWordSpec swap_word = {
  "swap", N_("_Swap"),
  N_("Swap: instead of a first move, take the other player's opening as your own; "
     "then the other player moves."), FALSE,
};

/* A game of simultaneous orders runs a rounds program (bs-rules-rounds). */
static gboolean
game_prepare_rounds (BsRuleset  *rs,
                     GError    **error)
{
  BsRulesGame *game = (BsRulesGame *) rs->module;

  return bs_rules_rounds_prepare (rs, game->doc, bs_rules_game_ref (game),
                                  (GDestroyNotify) bs_rules_game_unref, error);
}

/* The module's prepare(): the program for this ruleset, holding the game. */
static gboolean
game_prepare (BsRuleset  *rs,
              GError    **error)
{
  BsRulesGame *game = (BsRulesGame *) rs->module;

  if (!bs_rules_program_prepare (rs, game->doc, bs_rules_game_ref (game),
                                 (GDestroyNotify) bs_rules_game_unref, error))
    return FALSE;
  if (bs_rules_program_swaps (rs))
    rs->play = &game->play_swap;
  return TRUE;
}

/* A game of pushes runs a push program (bs-rules-push). */
static gboolean
game_prepare_push (BsRuleset  *rs,
                   GError    **error)
{
  BsRulesGame *game = (BsRulesGame *) rs->module;

  return bs_rules_push_prepare (rs, game->doc, bs_rules_game_ref (game),
                                (GDestroyNotify) bs_rules_game_unref, error);
}

/* A game of line pushes runs a line program (bs-rules-lines). */
static gboolean
game_prepare_lines (BsRuleset  *rs,
                    GError    **error)
{
  BsRulesGame *game = (BsRulesGame *) rs->module;

  return bs_rules_lines_prepare (rs, game->doc, bs_rules_game_ref (game),
                                 (GDestroyNotify) bs_rules_game_unref, error);
}

/* A <follow-up>'s choices: "LABEL North" …, with the square board's
 * direction for arrows (0 N … 3 W) where it is one. */
static void
game_follow_ups (BsRulesGame *game, const BsRulesStep *place)
{
  static const char * const names[][3] = {
    { "n", "North", "0" }, { "e", "East", "1" }, { "s", "South", "2" }, { "w", "West", "3" },
    { "ne", "Northeast", "" }, { "se", "Southeast", "" }, { "sw", "Southwest", "" },
    { "nw", "Northwest", "" },
  };

  for (int i = 0; i < place->n_follow_dirs; i++)
    for (guint k = 0; k < G_N_ELEMENTS (names); k++)
      if (g_str_equal (place->follow_dirs[i].name, names[k][0]))
        game->follow_ups[i] = (BsChoiceSpec) {
          g_strdup_printf ("%s %s", place->follow_label, names[k][1]),
          names[k][2][0] != '\0' ? names[k][2][0] - '0' : -1,
        };
  game->play.flags |= BS_PLAY_FOLLOW_UP;
  game->play.follow_up_prompt = place->follow_label;
  game->play.follow_ups = game->follow_ups;
  game->play.n_follow_ups = (guint) place->n_follow_dirs;
}

static BsRulesGame *
game_new (BsRulesDocument *doc)
{
  BsRulesGame *game = g_new0 (BsRulesGame, 1);
  BsModule *m = &game->module;

  g_atomic_ref_count_init (&game->ref_count);
  game->doc = doc;
  m->id = doc->id;
  m->name = doc->name;
  m->description = doc->description;
  m->options = (const BsOptionSpec *) (gpointer) doc->options->data;
  m->n_options = doc->options->len;
  m->kinds = (const BsKindSpec *) (gpointer) doc->kinds->data;
  m->n_kinds = doc->kinds->len;
  m->unlimited_supply = !doc->limited_supply;
  m->shapes = doc->shapes;
  m->square_adjacency = doc->square_adjacency;
  m->min_side = doc->min_side;
  m->max_side = doc->max_side;
  m->min_size = doc->min_size;
  m->max_size = doc->max_size;
  m->default_board = doc->default_board;
  for (int p = 0; p < 2; p++)
    {
      m->default_player_names[p] = doc->player_names[p];
      m->default_player_colors[p] = doc->player_colors[p];
    }
  for (guint i = 0; i < doc->measures->len; i++)
    {
      game->measures[i].id = g_array_index (doc->measures, BsRulesMeasure, i).id;
      game->measures[i].label = g_array_index (doc->measures, BsRulesMeasure, i).label;
    }
  m->measures = game->measures;
  /* The regions the variant chooses: the module's special cells, one per
   * player, in declaration order (special_index). */
  for (guint i = 0; i < doc->regions->len; i++)
    {
      const BsRulesRegion *reg = &g_array_index (doc->regions, BsRulesRegion, i);

      if (!reg->special)
        continue;
      game->specials[reg->special_index] = (BsSpecialSpec) {
        reg->id, reg->label, TRUE, TRUE, { NULL, reg->defaults[1], reg->defaults[2] },
      };
      m->n_specials = (guint) reg->special_index + 1;
    }
  if (m->n_specials > 0)
    m->specials = game->specials;
  m->n_measures = doc->measures->len;
  /* A jump game places its copies (written as the cell reached). */
  game->play.flags = doc->mixed || doc->jumping ? BS_PLAY_PLACE | BS_PLAY_STEP
                     : doc->steps->len > 0 && g_array_index (doc->steps, BsRulesStep, 0).place
                     ? BS_PLAY_PLACE : BS_PLAY_STEP;
  game->play.piece_noun = doc->piece_noun;
  /* A game's words, in block order (a word's index is its rank here). */
  for (guint i = 0; i < doc->steps->len; i++)
    {
      const BsRulesStep *b = &g_array_index (doc->steps, BsRulesStep, i);

      gboolean ends = FALSE;

      if (!b->word)
        continue;
      for (guint k = 0; k < doc->ends->len; k++)
        ends |= g_array_index (doc->ends, BsRulesEnd, k).word == (int) i
                && g_array_index (doc->ends, BsRulesEnd, k).kind == BS_RULES_END_PLAYED;
      game->words[game->play.n_words++] = (BsWordSpec) {
        b->word_id, b->word_label, b->word_description, ends,
      };
    }
  if (game->play.n_words > 0)
    game->play.words = game->words;
  else if (doc->pass_when_no_move)
    {
      game->play.words = &pass_word;
      game->play.n_words = 1;
    }
  m->play = &game->play;
  game->play_swap = game->play;
  for (guint w = 0; w < game->play.n_words; w++)
    game->words_swap[w] = game->play.words[w];
  game->words_swap[game->play.n_words] = swap_word;
  game->play_swap.words = game->words_swap;
  game->play_swap.n_words = game->play.n_words + 1;
  m->prepare = game_prepare;
  m->strongest = doc->strongest;
  m->playout_cut = doc->playout_cut;
  m->no_table = doc->no_table;
  if (doc->simultaneous)
    {
      /* Every piece gets an order: a neighbouring cell, or its own to stay. */
      game->play.flags = BS_PLAY_ORDERS;
      game->play.stay_label = doc->stay_label != NULL ? doc->stay_label : doc->stay_id;
      game->play.stay_note = doc->stay_note;
      m->prepare = game_prepare_rounds;
      bs_rules_rounds_fill_module (m);
    }
  else if (doc->line_pushing)
    {
      game_follow_ups (game, &g_array_index (doc->steps, BsRulesStep, 0));
      /* The file's own prompt (its <piece direction-label>, translated as
       * every text of a rules file is), else the language's word. */
      game->play.direction_prompt = doc->direction_label != NULL ? doc->direction_label
                                                                 : N_("Points");
      game->play_swap = game->play;
      game->play_swap.words = game->words_swap;
      game->play_swap.n_words = game->play.n_words + 1;
      m->prepare = game_prepare_lines;
      bs_rules_lines_fill_module (m);
    }
  else if (doc->pushing)
    {
      m->prepare = game_prepare_push;
      bs_rules_push_fill_module (m);
    }
  else
    {
      bs_rules_program_fill_module (m);
      /* Its connect and line ends give features; without them the search
       * keeps the generic material and mobility (n_features 0). */
      m->n_features = bs_rules_features_declare (doc, game->features);
      m->features = game->features;
    }
  return game;
}

/* The weights of <computer><weight> given to the features the game's
 * evaluation has: its ends' (m->features) or the generic ones. A feature
 * it does not have is an error naming the file, the line and the value. */
static gboolean
game_apply_weights (BsRulesGame  *game,
                    GError      **error)
{
  const BsRulesDocument *doc = game->doc;
  BsModule *m = &game->module;
  BsFeatureSpec *specs = m->n_features > 0 ? game->features : NULL;
  guint n = m->n_features > 0 ? m->n_features : BS_N_GENERIC_FEATURES;

  if (doc->weights->len == 0)
    return TRUE;
  if (specs == NULL)
    {
      for (guint i = 0; i < n; i++)
        game->generic_weights[i] = bs_generic_features[i].weight;
      m->generic_weights = game->generic_weights;
    }
  for (guint w = 0; w < doc->weights->len; w++)
    {
      const BsRulesWeight *weight = &g_array_index (doc->weights, BsRulesWeight, w);
      const char *ids[BS_MAX_FEATURES + 1] = { NULL };
      guint i;

      const char *feature = weight->feature;

      /* The <connect> end's feature was "connection" (a plain shortest path)
       * until the two-distance took its place, on the same scale: a file
       * written then keeps its weight. */
      if (g_str_equal (feature, "connection"))
        feature = "two-distance";
      for (i = 0; i < n; i++)
        ids[i] = specs != NULL ? specs[i].id : bs_generic_features[i].id;
      for (i = 0; i < n && !g_str_equal (ids[i], feature); i++)
        ;
      if (i == n)
        {
          BsXmlSource source = { doc->filename, BS_VARIANT_ERROR };
          g_autofree char *list = g_strjoinv (", ", (char **) ids);

          bs_xml_set_error (error, &source, BS_XML_ERROR_VALUE, weight->line,
                            _("<weight> attribute \"feature\": \"%s\" is none of the "
                              "features of this game's evaluation, %s"), weight->feature, list);
          return FALSE;
        }
      if (specs != NULL)
        specs[i].weight = weight->value;
      else
        game->generic_weights[i] = weight->value;
    }
  return TRUE;
}

/* A game of doc, or NULL and error when its weights do not fit it. */
static BsRulesGame *
game_new_checked (BsRulesDocument  *doc,
                  GError          **error)
{
  BsRulesGame *game = game_new (doc);

  if (!game_apply_weights (game, error))
    {
      bs_rules_game_unref (game);
      return NULL;
    }
  return game;
}

BsRulesGame *
bs_rules_game_parse (const char  *data,
                     gsize        length,
                     const char  *filename,
                     GError     **error)
{
  BsRulesDocument *doc = bs_rules_document_parse (data, length, filename, error);

  return doc != NULL ? game_new_checked (doc, error) : NULL;
}

BsRulesGame *
bs_rules_game_load_file (const char  *path,
                         GError     **error)
{
  BsRulesDocument *doc;

  g_return_val_if_fail (path != NULL, NULL);

  doc = bs_rules_document_load_file (path, error);
  return doc != NULL ? game_new_checked (doc, error) : NULL;
}

BsRulesGame *
bs_rules_game_ref (BsRulesGame *game)
{
  g_return_val_if_fail (game != NULL, NULL);

  g_atomic_ref_count_inc (&game->ref_count);
  return game;
}

void
bs_rules_game_unref (BsRulesGame *game)
{
  g_return_if_fail (game != NULL);

  if (!g_atomic_ref_count_dec (&game->ref_count))
    return;
  for (guint i = 0; i < G_N_ELEMENTS (game->follow_ups); i++)
    g_free ((char *) game->follow_ups[i].label);
  bs_rules_document_free (game->doc);
  g_free (game);
}

const BsModule *
bs_rules_game_get_module (BsRulesGame *game)
{
  g_return_val_if_fail (game != NULL, NULL);

  return &game->module;
}

BsVariant *
bs_rules_game_new_variant (BsRulesGame         *game,
                           const char * const  *settings,
                           GError             **error)
{
  g_autoptr(BsVariant) variant = NULL;

  g_return_val_if_fail (game != NULL, NULL);

  variant = bs_variant_new ();
  variant->id = g_strdup (game->doc->id);
  variant->name = g_strdup (game->doc->name);
  variant->module = g_strdup (game->doc->id);
  bs_variant_set_board (variant, &game->doc->default_board);
  for (int p = 0; p < 2; p++)
    {
      variant->players[p].name = g_strdup (game->doc->player_names[p]);
      variant->players[p].color = g_strdup (game->doc->player_colors[p]);
    }
  /* The special regions' cells on the default board. */
  for (guint i = 0; i < game->module.n_specials; i++)
    for (int p = 1; p <= 2; p++)
      {
        const BsSpecialSpec *spec = &game->module.specials[i];
        BsVariantSpecial special = { 0 };

        if (spec->default_cells[p] == NULL)
          continue;
        special.id = g_strdup (spec->id);
        special.player = p;
        special.cell = g_strdup (spec->default_cells[p]);
        g_array_append_val (variant->specials, special);
      }
  for (guint i = 0; settings != NULL && settings[i] != NULL; i++)
    {
      g_auto (GStrv) kv = g_strsplit (settings[i], "=", 2);

      if (kv[0][0] == '\0' || kv[1] == NULL)
        {
          g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_VALUE,
                       _("%s: expected KEY=VALUE"), settings[i]);
          return NULL;
        }
      if (g_str_equal (kv[0], "width") || g_str_equal (kv[0], "height") ||
          g_str_equal (kv[0], "size"))
        {
          if (!bs_variant_set (variant, kv[0], kv[1], error))
            return NULL;
        }
      else
        bs_variant_set_option (variant, kv[0], kv[1]);
    }
  return g_steal_pointer (&variant);
}

BsRuleset *
bs_rules_game_new_ruleset (BsRulesGame      *game,
                           const BsVariant  *variant,
                           GError          **error)
{
  g_return_val_if_fail (game != NULL && variant != NULL, NULL);

  return bs_ruleset_new_for_module (&game->module, variant, error);
}
