/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-cli-commands.h: the dispatch table of boardsmith-cli, one line per
 * command: its function's name, the command's name as typed (a dash where
 * the function has an underscore) and one-line summary. Each command is
 * implemented in bs-cli-NAME.c as `int bs_cli_NAME (int argc, char
 * **argv)` (argv[0] is the command's name) and returns the exit status. Adding a command is that
 * file, one line here and one in src/cli/meson.build. */

#pragma once

#include <glib/gi18n.h>

#define BS_CLI_COMMANDS(X) \
  X (validate, "validate", N_("Check variant files; print one line per error")) \
  X (info, "info", N_("Describe a variant: board, players, supplies, options")) \
  X (cells, "cells", N_("List the cells of a variant's board with their centres")) \
  X (show, "show", N_("Show a position as a diagram, with the player to move")) \
  X (moves, "moves", N_("List the legal moves of a position")) \
  X (perft, "perft", N_("Count the move sequences of each length up to a depth")) \
  X (replay, "replay", N_("Replay a game record, checking every move")) \
  X (bench, "bench", N_("Measure uniformly random playouts per second")) \
  X (selfplay, "selfplay", N_("Play games computer against computer and print the results")) \
  X (think, "think", N_("Search a position and print the chosen move and its statistics")) \
  X (match, "match", N_("Play two computer players against each other and print the score")) \
  X (round_robin, "round-robin", N_("Play every pair of players and print their Elo ratings")) \
  X (tune, "tune", N_("Learn the evaluation's weights from self-play and write them to a file")) \
  X (study, "study", N_("Play a balance study: player 1's score with intervals, sweeps, A/B")) \
  X (merge, "merge", N_("Merge the files of one study (shards) into one")) \
  X (search, "search", N_("Race a variant's settings for those that meet goals (fair, draws)")) \
  X (report, "report", N_("Report a study file's statistics as text, JSON, CSV or a chart")) \
  X (skill_trace, "skill-trace", N_("Player 1's score at rising levels, both players alike")) \
  X (render, "render", N_("Draw a position or a whole game as PNG, SVG, PDF or GIF")) \
  X (new_rules, "new-rules", N_("Copy a game's rules file with a new id and name"))

#define BS_CLI_DECLARE(function, name, summary) int bs_cli_##function (int argc, char **argv);
BS_CLI_COMMANDS (BS_CLI_DECLARE)
#undef BS_CLI_DECLARE
