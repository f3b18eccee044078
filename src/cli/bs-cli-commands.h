/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-cli-commands.h: the dispatch table of boardsmith-cli, one line per
 * command: name and one-line summary. Each command is implemented in
 * bs-cli-NAME.c as `int bs_cli_NAME (int argc, char **argv)` (argv[0] is
 * the command's name) and returns the exit status. Adding a command is that
 * file, one line here and one in src/cli/meson.build. */

#pragma once

#include <glib/gi18n.h>

#define BS_CLI_COMMANDS(X) \
  X (validate, N_("Check variant files; print one line per error")) \
  X (info,     N_("Describe a variant: board, players, supplies, options")) \
  X (cells,    N_("List the cells of a variant's board with their centres")) \
  X (show,     N_("Show a position as a diagram, with the player to move")) \
  X (moves,    N_("List the legal moves of a position")) \
  X (perft,    N_("Count the move sequences of each length up to a depth")) \
  X (replay,   N_("Replay a game record, checking every move")) \
  X (bench,    N_("Measure uniformly random playouts per second")) \
  X (selfplay, N_("Play games computer against computer and print the results")) \
  X (think,    N_("Search a position and print the chosen move and its statistics")) \
  X (study,    N_("Play a balance study: player 1's score with intervals, sweeps, A/B")) \
  X (merge,    N_("Merge the files of one study (shards) into one")) \
  X (report,   N_("Report a study file's statistics as text, JSON, CSV or a chart")) \
  X (render,   N_("Draw a position or a whole game as PNG, SVG, PDF or GIF"))

#define BS_CLI_DECLARE(name, summary) int bs_cli_##name (int argc, char **argv);
BS_CLI_COMMANDS (BS_CLI_DECLARE)
#undef BS_CLI_DECLARE
