#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Fails when a user-visible message in src/ is not marked for translation.

Scans the C files of the rooms in COVERED_ROOMS for calls that make a GError message
(g_set_error, g_set_error_literal, g_prefix_error, g_prefix_error_literal,
g_propagate_prefixed_error) whose message format is a bare string literal with words in it.
A format wrapped in _() / N_() / C_() / NC_() / g_dgettext & co. passes; so does a format of
placeholders and punctuation only ("%s:%d: %s" frames a translated reason and has nothing to
translate). EXCEPTIONS lists strings that are truly not for users, each with its reason.

Usage: check-unmarked-messages.py SOURCE_ROOT
       check-unmarked-messages.py --self-test   (proves the checker catches what it should)
"""
import os
import re
import sys
import tempfile

# Rooms whose messages are checked.
COVERED_ROOMS = (
    'src/cli',
    'src/engine/core',
    'src/engine/formats',
    'src/engine/modules',
    'src/engine/rules',
    'src/engine/search',
    'src/engine/study',
    'src/render',
)
# To be covered: being marked by other work under issue 28; add each to COVERED_ROOMS when its
# messages are marked.
NOT_YET_COVERED_ROOMS = (
    'src/app',
)

# Call name -> index of its message-format argument.
MESSAGE_CALLS = {
    'g_set_error': 3,
    'g_set_error_literal': 3,
    'g_prefix_error': 1,
    'g_prefix_error_literal': 1,
    'g_propagate_prefixed_error': 2,
    'bs_xml_set_error': 4,
    'bs_cli_message': 0,
    'bs_cli_warning': 0,
}
# What the command-line tool prints for people (its tables, summaries, progress) is checked
# too, in src/cli only: a format with words must be marked, or be an EXCEPTION (a file format,
# a machine-readable line).
CLI_ROOM = 'src/cli'
CLI_OUTPUT_CALLS = {
    'g_print': 0,
    'g_printerr': 0,
    'g_strdup_printf': 0,
    'g_string_append_printf': 1,
}
# A room's own message helpers (static, so named per file): file -> {call: argument index}.
FILE_MESSAGE_CALLS = {
    'src/cli/bs-cli-render.c': {'bad_input': 1},
    'src/engine/core/bs-ruleset.c': {'fail': 4},
    'src/engine/formats/bs-record.c': {'record_error': 4},
    'src/engine/formats/bs-xml.c': {'state_record': 2},
    'src/engine/rules/bs-rules-document.c': {'value_error': 4},
}

# (file relative to SOURCE_ROOT, exact literal text) -> why it is not for users.
EXCEPTIONS = {
    ('src/cli/bs-cli-common.c', r'boardsmith-cli: %s\n'):
        "the program's name before a translated message, as GNU tools print it",
    ('src/cli/bs-cli-common.c', r'boardsmith-cli: %s %s\n'):
        "the program's name before a translated prefix and message",
    ('src/cli/bs-cli.c', r'boardsmith-cli %s\n'):
        '--version: the name and the version, which scripts read',
    ('src/cli/bs-cli-introspect.c', r':files\n'):
        'a directive of the completion protocol the shell scripts read',
    ('src/cli/bs-cli-introspect.c', r':nospace\n'):
        'a directive of the completion protocol the shell scripts read',
    ('src/cli/bs-cli-introspect.c',
     'boardsmith-cli: the command “%s” does not describe itself: it must parse its arguments '
     r'with bs_cli_parse() before doing anything else (src/cli/bs-cli-common.h)\n'):
        "a programming error in a new command, for its developer, naming the project's files",
    ('src/cli/bs-cli.c', 'boardsmith-cli %s'):
        "the program's name for GLib (g_set_prgname): the name and a command",
    ('src/cli/bs-cli-match.c', 'game-%04d.xml'):
        'the name of a file match writes',
    ('src/cli/bs-cli-match.c', '%u-vs-%u'):
        "the name of the folder of a pair's records round-robin writes",
    ('src/cli/bs-cli-introspect.c', 'supply.%d.%s'):
        'a KEY of --set completed on the command line (supply.1.small)',
    ('src/cli/bs-cli-introspect.c', r'usage: boardsmith-cli __complete [--] [WORD…] CURRENT\n'):
        'the hidden command the completion scripts call, never typed by people',
}



def call_pattern(calls):
    names = '|'.join(sorted(calls, key=len, reverse=True))
    return re.compile(r'(?<![A-Za-z0-9_])(' + names + r')\s*\(')
MARKED = re.compile(r'(?<![A-Za-z0-9_])(?:_|N_|C_|NC_|g_dgettext|g_dpgettext2?|g_dngettext|g_dcgettext'
                    r'|ngettext|dgettext)\s*\(')
LITERAL = re.compile(r'"((?:[^"\\\n]|\\.)*)"')
PRINTF_SPEC = re.compile(r'%(?:\d+\$)?[-+ #0]*(?:\d+|\*)?(?:\.(?:\d+|\*))?'
                         r'(?:hh|h|ll|l|L|z|j|t)?[diouxXeEfgGcspn%]')
STRING_GROUP = re.compile(r'"(?:[^"\\\n]|\\.)*"(?:\s*"(?:[^"\\\n]|\\.)*")*')
C_COMMENT = re.compile(r'/\*.*?\*/|//[^\n]*', re.S)


def strip_c_comments(text):
    """Comments become blanks (newlines kept, so line numbers stay right)."""
    def blank(match):
        return re.sub(r'[^\n]', ' ', match.group(0))
    # Skip string literals while looking for comments, so "http://x" is not cut.
    out = []
    pos = 0
    pattern = re.compile(r'"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\'|/\*.*?\*/|//[^\n]*', re.S)
    for match in pattern.finditer(text):
        out.append(text[pos:match.start()])
        token = match.group(0)
        out.append(token if token[0] in '"\'' else blank(match))
        pos = match.end()
    out.append(text[pos:])
    return ''.join(out)


def split_arguments(text, start):
    """The top-level arguments of the call whose '(' is at text[start - 1], with offsets."""
    args = []
    depth = 0
    arg_start = start
    i = start
    while i < len(text):
        char = text[i]
        if char in '"\'':
            match = re.compile(r'%s(?:[^%s\\\n]|\\.)*%s' % (char, char, char)).match(text, i)
            i = match.end() if match else i + 1
            continue
        if char in '([{':
            depth += 1
        elif char in ')]}':
            if depth == 0:
                args.append((text[arg_start:i], arg_start))
                return args
            depth -= 1
        elif char == ',' and depth == 0:
            args.append((text[arg_start:i], arg_start))
            arg_start = i + 1
        i += 1
    return args


def unmarked_literals(arg):
    """The string literals of one argument outside _() & co. (a ternary may hold two)."""
    while True:
        match = MARKED.search(arg)
        if match is None:
            break
        inner = split_arguments(arg, match.end())
        end = inner[-1][1] + len(inner[-1][0]) + 1 if inner else match.end()
        arg = arg[:match.start()] + arg[end:]
    # Adjacent literals are one string ("a " "b"); literals apart are separate strings.
    return [''.join(LITERAL.findall(group)) for group in STRING_GROUP.findall(arg)]


ESCAPE = re.compile(r'\\(?:[0-7]{1,3}|x[0-9A-Fa-f]+|.)')


def has_words(literal, min_letters=1):
    """True when the literal says something a translator would translate: letters outside
    printf conversions and escapes (a run of min_letters of them, for printed output, where
    a lone "s" or "x" is a unit or a mark)."""
    bare = ESCAPE.sub(' ', PRINTF_SPEC.sub(' ', literal))
    return re.search(r'[A-Za-z]{%d}' % min_letters, bare) is not None


def scan_text(text, relpath):
    """Yields (line, literal) for each unmarked message format in one file's text."""
    text = strip_c_comments(text)
    calls = dict(MESSAGE_CALLS, **FILE_MESSAGE_CALLS.get(relpath, {}))
    if relpath.startswith(CLI_ROOM + '/'):
        calls.update(CLI_OUTPUT_CALLS)
    output_calls = set(CLI_OUTPUT_CALLS) if relpath.startswith(CLI_ROOM + '/') else set()
    for match in call_pattern(calls).finditer(text):
        index = calls[match.group(1)]
        args = split_arguments(text, match.end())
        if len(args) <= index:
            continue
        arg, offset = args[index]
        min_letters = 2 if match.group(1) in output_calls else 1
        for literal in unmarked_literals(arg):
            if has_words(literal, min_letters) and (relpath, literal) not in EXCEPTIONS:
                line = text.count('\n', 0, offset + len(arg) - len(arg.lstrip())) + 1
                yield line, literal


def scan(root, rooms):
    problems = []
    for room in rooms:
        folder = os.path.join(root, room)
        if not os.path.isdir(folder):
            problems.append('%s: room does not exist (update the list in %s)'
                            % (room, os.path.basename(__file__)))
            continue
        for dirpath, _dirs, files in os.walk(folder):
            for name in sorted(files):
                if not name.endswith('.c'):
                    continue
                path = os.path.join(dirpath, name)
                relpath = os.path.relpath(path, root)
                with open(path, encoding='utf-8') as handle:
                    text = handle.read()
                for line, literal in scan_text(text, relpath):
                    problems.append('%s:%d: message not marked for translation: "%s"'
                                    % (relpath, line, literal))
    return problems


def self_test():
    sample = r'''
static void f (GError **error, int n)
{
  g_set_error (error, D, 1, "bad %d", n);
  g_set_error (error, D, 1,
               _("fine %d"), n);
  g_set_error_literal (error, D, 1, "no way");
  g_set_error (error, D, 1, "%s:%d: %s", a, n, b);
  g_prefix_error (error, "ply %u: ", n);
  g_propagate_prefixed_error (error, e, "%s: ", b);
  /* g_set_error (error, D, 1, "in a comment"); */
  g_set_error (error, D, 1, f (a, b), "x");
  g_set_error (error, D, 1, C_("ctx", "marked"));
  g_prefix_error (error, "split "
                  "over lines %d", n);
  g_set_error (error, D, 1, p ? _("one %d") : "other %d", n);
}
'''
    found = list(scan_text(sample, 'sample.c'))
    expected = [(4, 'bad %d'), (7, 'no way'), (9, 'ply %u: '), (14, 'split over lines %d'), (16, 'other %d')]
    if found != expected:
        print('self-test: expected %r, found %r' % (expected, found))
        return 1
    cli_sample = r'''
  g_print ("%s: %.2f ms/move", name, t);
  g_print ("\n");
  g_print ("%s: %d %d\n", a, b, c);
  g_print (_("%u nodes\n"), n);
  g_printerr ("\r%s %u/%u   ", a, b, c);
  g_string_append_printf (line, "    %s-%s", a, b);
  text = g_strdup_printf ("%s, size %d", shape, n);
'''
    found = list(scan_text(cli_sample, 'src/cli/sample.c'))
    expected = [(2, '%s: %.2f ms/move'), (8, '%s, size %d')]
    if found != expected or list(scan_text(cli_sample, 'src/engine/core/sample.c')):
        print('self-test (printed output): expected %r, found %r' % (expected, found))
        return 1
    with tempfile.TemporaryDirectory() as root:
        os.makedirs(os.path.join(root, 'src', 'room'))
        with open(os.path.join(root, 'src', 'room', 'a.c'), 'w', encoding='utf-8') as handle:
            handle.write(sample)
        if len(scan(root, ('src/room',))) != 5 or len(scan(root, ('src/gone',))) != 1:
            print('self-test: scan() does not report what scan_text() finds')
            return 1
    print('self-test: ok')
    return 0


def main(argv):
    if argv[1:] == ['--self-test']:
        return self_test()
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    problems = scan(argv[1], COVERED_ROOMS)
    for problem in problems:
        print(problem)
    print('%d unmarked message(s) in %s; not covered yet: %s'
          % (len(problems), ', '.join(COVERED_ROOMS), ', '.join(NOT_YET_COVERED_ROOMS)))
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
