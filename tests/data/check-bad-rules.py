#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The catalogue of broken rules files (tests/data/bad-rules/), run through
`boardsmith-cli validate FILE`: each must be refused with exit 2, nothing on
stdout and exactly the one line below on stderr, `FILE:LINE: message`, the
message naming the element and attribute and, for a misspelt name, the
nearest valid one. The RELAX NG schema must refuse the files it can see
(structure, fixed values, ranges) and accept those only the loader can
refuse (names declared or not, their types, what goes together). The
shipped rules documents must validate, silently. And the schema names the
loader's vocabulary: the same element and attribute names as the tables of
src/engine/rules/bs-rules-document.c, and every fixed value of theirs.

Usage: check-bad-rules.py BOARDSMITH_CLI XMLLINT SOURCE_ROOT
"""
import json
import os
import re
import subprocess
import sys

SCHEMA = os.path.join('rules', 'boardsmith-rules.rng')
FOLDER = os.path.join('tests', 'data', 'bad-rules')
LOADER = os.path.join('src', 'engine', 'rules', 'bs-rules-document.c')

# (file without .xml, line, message, whether the schema refuses it too)
CATALOGUE = [
    # Not XML, or XML the loader refuses to parse: the line of the error.
    ('empty', 1, 'the file is empty', True),
    ('not-well-formed', 17, '<pieces> (opened on line 15) is closed by </piece>', True),
    ('truncated', 24, 'the file ends before <rules> (opened on line 2) is closed', True),
    ('entity-undefined', 3, 'unknown entity &test; (only &amp; &lt; &gt; &quot; &apos; are known)', True),
    # A DOCTYPE is refused before any entity is expanded; xmllint itself
    # reads DOCTYPEs, so the schema cannot refuse these.
    ('entity-internal', 2,
     'DOCTYPE declarations are not allowed (Boardsmith files use no DTD and no entities)', False),
    ('entity-external', 2,
     'DOCTYPE declarations are not allowed (Boardsmith files use no DTD and no entities)', False),
    ('element-in-text', 3, 'unexpected element <b> in <name>: it holds only text', True),

    # Unknown elements and attributes, with the nearest valid name.
    ('unknown-element', 26, '<moves>: unknown element <stpe> (did you mean <step>?)', True),
    ('unknown-section', 18, '<rules>: unknown element <regoins> (did you mean <regions>?)', True),
    ('unknown-end', 34, '<ends>: unknown element <reached> (did you mean <reach>?)', True),
    ('unknown-help-element', 45, '<help>: unknown element <goals> (did you mean <goal>?)', True),
    ('child-in-leaf', 25, '<turn>: unknown element <pass>', True),
    ('stray-text', 25, '<moves>: text where only elements belong', True),
    ('unknown-attribute', 29, '<step>: unknown attribute "dir" (did you mean "dirs"?)', True),
    ('unknown-root-attribute', 2,
     '<rules>: unknown attribute "fromat" (did you mean "format"?)', True),
    ('unknown-option-attribute', 10,
     '<option>: unknown attribute "start-onyl" (did you mean "start-only"?)', True),
    ('section-attribute', 25, '<moves>: unknown attribute "order"', True),

    # Misspelt values of a fixed set, and misspelt names of sets and directions.
    ('misspelt-who', 34, '<reach> attribute "who": "movers" is none of mover, next, both, each '
     '(did you mean "mover"?)', True),
    ('misspelt-result', 32, '<eliminated> attribute "result": "lose" is none of win, loss, draw, '
     'most-pieces, fewest-pieces, most-groups, fewest-groups, measures '
     '(did you mean "loss"?)', True),
    ('misspelt-option-type', 12, '<option> attribute "type": "boolean" is none of bool, int, '
     'enum (did you mean "bool"?)', True),
    ('misspelt-measure', 39, '<measure> attribute "of": "furthest-row" is none of pieces, '
     'furthest-rank, groups, captured, largest-group (did you mean "furthest-rank"?)', True),
    ('misspelt-turn-order', 24, '<turn> attribute "order": "alternating" is none of alternate, '
     'simultaneous (did you mean "alternate"?)', True),
    ('misspelt-bracket-effect', 26, '<bracket> attribute "effect": "flips" is none of flip, '
     'capture (did you mean "flip"?)', True),
    ('misspelt-convert-targets', 28, '<convert> attribute "targets": "adjacant" is none of '
     'adjacent (did you mean "adjacent"?)', True),
    ('misspelt-slide-stop', 34, '<slide> attribute "stop": "furthest" is none of any, farthest '
     '(did you mean "farthest"?)', True),
    ('misspelt-shape', 4, '<board> attribute "shapes": unknown shape "sqaure" '
     '(did you mean "square"?)', True),
    ('misspelt-direction', 29, '<step> attribute "dirs": unknown direction "foward-east" '
     '(did you mean "forward-east"?)', True),
    ('misspelt-cell-set', 27, '<step> attribute "to": unknown cell set "emty" '
     '(did you mean "empty"?)', True),
    ('misspelt-where', 29, '<place> attribute "where": unknown cell set "!adjacent(owm)" '
     '(did you mean "!adjacent(own)"?)', True),
    ('misspelt-rank', 19, '<region> attribute "rows": "farr" is neither a whole number nor '
     '{option} (did you mean "far"?)', True),
    ('misspelt-enum-default', 13, '<option> attribute "default": option speed: "slwo" is not '
     'one of slow, fast (did you mean "slow"?)', False),
    ('misspelt-swap-mirror', 25, '<swap> attribute "mirror": "diagonl" is none of none, '
     'diagonal, rows (did you mean "diagonal"?)', True),
    ('bool-value', 22, '<fill> attribute "unless-fixed": "yes" is none of false, true', True),
    ('direction-label-undirected', 26,
     '<piece> attribute "direction-label": only a directed kind (directed="true") has a '
     'direction-label', False),

    # Misspelt names the document declares: options, choices, pieces, regions, words.
    ('misspelt-option-in-number', 22, '<fill> attribute "rows": unknown option "row" '
     '(did you mean "rows"?)', False),
    ('misspelt-option-in-condition', 27, '<step> attribute "unless": unknown option '
     '"straight-captures" (did you mean "straight-capture"?)', False),
    ('misspelt-misere-option', 34, '<reach> attribute "misere": unknown option "misre" '
     '(did you mean "misere"?)', False),
    ('swap-unknown-option', 25, '<swap> attribute "if": unknown option "misre" '
     '(did you mean "misere"?)', False),
    ('misspelt-choice', 29, '<step> attribute "if": "fats" is no choice of "speed" '
     '(did you mean "fast"?)', False),
    ('misspelt-piece', 22, '<fill> attribute "piece": unknown piece "peice" '
     '(did you mean "piece"?)', False),
    ('region-unknown-option', 20, '<region> attribute "rows": unknown option "row" '
     '(did you mean "rows"?)', False),
    ('region-bool-option', 20, '<region> attribute "rows": the option "misere" is not a number',
     False),
    ('end-unknown-region', 34, '<reach> attribute "region": unknown region "far-rows" '
     '(did you mean "far-row"?)', False),
    ('connect-unknown-region', 35, '<connect> attribute "regions": unknown region "near-row" '
     '(did you mean "far-row"?)', False),
    ('connect-misspelt-region', 29, '<connect> attribute "regions": unknown region '
     '"second-sides" (did you mean "second-side"?)', False),
    ('played-misspelt-word', 43, '<played> attribute "word": no <word id="edn"> among the moves '
     '(did you mean "end"?)', False),
    ('played-unknown-word', 35,
     '<played> attribute "word": no <word id="resign"> among the moves', False),

    # Numbers out of range or not numbers.
    ('width-out-of-range', 4, '<board> attribute "width": "65" is not a whole number from 1 to 64',
     True),
    ('player-out-of-range', 7,
     '<player> attribute "number": "3" is not a whole number from 1 to 2', True),
    ('jump-distance-out-of-range', 26,
     '<jump> attribute "distance": "9" is not a whole number from 1 to 8', True),
    ('format-2', 2, '<rules> attribute "format": "2" is not a whole number from 1 to 1', True),
    ('not-a-number', 10,
     '<option> attribute "min": "one" is not a whole number from -1000000 to 1000000', True),
    ('default-out-of-range', 10,
     '<option> attribute "default": option rows: 7 is out of range (1 to 3)', False),

    # Missing and duplicate declarations.
    ('missing-name', 2, '<rules>: <name> is required', True),
    ('missing-section', 2, '<rules>: <ends> is required', True),
    ('missing-order', 24, '<turn>: the attribute "order" is required', True),
    ('missing-piece', 22, '<fill>: the attribute "piece" is required', True),
    ('missing-result', 35, '<no-move>: the attribute "result" is required', True),
    ('missing-max-plies', 9,
     '<options>: every game declares the move limit, an int option "max-plies"', True),
    ('enum-without-choices', 13,
     '<option> attribute "type": an enum option needs <choice> elements', True),
    ('duplicate-section', 25, '<rules>: a second <turn>', True),
    ('second-swap', 26, '<turn>: a second <swap>', True),
    ('misspelt-computer-strongest', 46, '<computer> attribute "strongest": "monte-carol" is none '
     'of alpha-beta, monte-carlo (did you mean "monte-carlo"?)', True),
    ('computer-alpha-beta-simultaneous', 58, '<computer> attribute "strongest": "alpha-beta": '
     'alpha-beta searches turn-based games only, and this game is played in simultaneous '
     'rounds', False),
    ('computer-table-simultaneous', 58, '<computer> attribute "table": "off": alpha-beta '
     'searches turn-based games only, and this game is played in simultaneous rounds', False),
    ('misspelt-computer-table', 46, '<computer> attribute "table": "Off" is none of on, off '
     '(did you mean "off"?)', True),
    ('bad-playout-cut', 46, '<computer> attribute "playout-cut": "four" is not a whole number '
     'from 0 to 1000', True),
    ('weight-unknown-feature', 48, '<weight> attribute "feature": "conection" is none of the '
     'features of this game\'s evaluation, material, two-distance', False),
    ('weight-repeated-feature', 48, '<weight> attribute "feature": a second weight for '
     '"two-distance"', False),
    ('weight-not-finite', 47, '<weight> attribute "value": "inf" is not a number from -100 to '
     '100', True),
    ('weight-out-of-range', 47, '<weight> attribute "value": "250" is not a number from -100 to '
     '100', True),
    ('weight-missing-value', 47, '<weight>: the attribute "value" is required', True),
    ('duplicate-option', 12, '<option> attribute "id": a second option "rows"', False),
    ('duplicate-region', 20, '<region> attribute "id": region "far-row" is declared twice '
     '(declare it once per player, with player="1" and player="2")', False),

    # Blocks that do not go together.
    ('capture-missing', 29,
     '<step> attribute "to": a step onto an enemy piece needs capture="replace"', False),
    ('both-on-reach', 34, '<reach> attribute "who": only <no-move> has who="both"', True),
    ('region-on-no-move', 35, '<no-move> attribute "region": only <reach> has a region', True),

    # Regions the variant chooses (special="true"), <reach of>, <passes>.
    ('special-region-rows', 20, '<region> attribute "rows": the variant chooses the cells of a '
     'special region: it has no rows, cols or centre', True),
    ('special-region-one-default', 20, '<region> attribute "default": "a1" is not two cell '
     'labels (player 1\'s, then player 2\'s, as "a1 i9")', True),
    ('label-on-plain-region', 20, '<region> attribute "label": only a region the variant chooses '
     '(special="true") has a label and default cells', True),
    ('misspelt-reach-of', 36, '<reach> attribute "of": "oponent" is none of own, opponent '
     '(did you mean "opponent"?)', True),
    ('passes-without-pass', 38, '<passes> attribute "count": no player ever passes: <passes> '
     'needs <turn pass="when-no-move">', False),

    # Simultaneous orders and their resolution (docs/RULES-LANGUAGE.md, "The ninth slice").
    ('resolve-misspelt-set', 36,
     '<mark> attribute "set": unknown set "movng" (did you mean "moving"?)', False),
    ('resolve-crowded-early', 44,
     '<remove> attribute "where": "crowded" is known only after <move-orders/>', False),
    ('resolve-crowded-left', 34, '<resolve>: a cell holds one piece: <move-orders/> must be '
     'followed by <remove where="crowded"/>', False),
    ('simultaneous-moves', 50, '<moves>: a game of simultaneous orders has its moves in '
     '<turn><orders>; <moves> stays empty', False),
    ('misspelt-who-each', 52, '<eliminated> attribute "who": "eech" is none of mover, next, '
     'both, each (did you mean "each"?)', True),
    ('orders-dirs', 33, '<orders> attribute "dirs": orders go in every direction of the board '
     '(dirs="all") for now', True),
    ('orders-not-simultaneous', 33, '<turn>: <orders> is for order="simultaneous"', False),
    ('push-lines-misspelt-mode', 37, '<push-lines> attribute "mode": "whole-lines" is none of '
     'whole-line, gaps (did you mean "whole-line"?)', True),
    ('score-pointing-undirected', 38, '<score> attribute "pointing": the kind "circle" has no '
     'direction (directed="true")', False),
    ('push-lines-without-follow-up', 35, '<place>: a <follow-up> is followed by one '
     '<push-lines>, and a <push-lines> follows a <follow-up>', True),
]


def check_vocabulary(srcdir):
    """The names the loader's tables hold against those of the schema."""
    with open(os.path.join(srcdir, LOADER)) as f:
        code = f.read()
    with open(os.path.join(srcdir, SCHEMA)) as f:
        schema = f.read()
    tables = {}
    for m in re.finditer(r'static const char \* const (\w+)\[\] = \{(.*?)\};', code, re.S):
        tables.setdefault(m.group(1), set()).update(re.findall(r'"([^"]*)"', m.group(2)))
    sections = set(re.findall(r'\{ "([a-z-]+)", read_\w+,', code))
    root_kids = set(re.findall(r'kids\[[^]]*\] = "([a-z-]+)"', code))
    elements = tables.pop('kids') | tables.pop('choice_kids') | sections | root_kids | {'rules'}
    attributes = set()
    for name in [n for n in tables if n == 'attrs' or n.endswith('_attrs')]:
        attributes |= tables.pop(name)
    tables.pop('empty')     # the elements that hold nothing: names already counted
    values = set().union(*tables.values())
    values |= set(re.findall(r'\{ "([a-z-]+)", "[a-z]+" \}', code))    # relative directions
    if not sections or not values:
        return ['the loader\'s tables were not found: does check-bad-rules.py still read them?']
    failures = []
    for what, loader, rng in (
            ('element', elements, set(re.findall(r'<element name="([^"]+)"', schema))),
            ('attribute', attributes, set(re.findall(r'<attribute name="([^"]+)"', schema)))):
        for name in sorted(loader - rng):
            failures.append(f'{SCHEMA}: the loader reads the {what} {name}, the schema lacks it')
        for name in sorted(rng - loader):
            failures.append(f'{SCHEMA}: the schema has the {what} {name}, the loader does not')
    # A value is in the schema as a <value> or as an alternative of a pattern (ranks' far).
    patterns = ' '.join(re.findall(r'<param name="pattern">([^<]+)</param>', schema))
    for value in sorted(values - set(re.findall(r'<value>([^<]+)</value>', schema))):
        if not re.search(r'[(|]' + re.escape(value) + r'[)|]', patterns):
            failures.append(f'{SCHEMA}: the loader accepts the value {value}, the schema does not')
    return failures


def main():
    if len(sys.argv) != 4:
        print(__doc__, file=sys.stderr)
        return 2
    cli, xmllint, srcdir = (os.path.abspath(a) for a in sys.argv[1:])
    env = dict(os.environ, LC_ALL='C.UTF-8', BOARDSMITH_RULES_DIR=os.path.join(srcdir, 'rules'))
    env.pop('LANGUAGE', None)
    failures = check_vocabulary(srcdir)

    def run(args):
        return subprocess.run(args, cwd=srcdir, env=env, capture_output=True, text=True)

    listed = {name + '.xml' for name, _, _, _ in CATALOGUE}
    present = set(os.listdir(os.path.join(srcdir, FOLDER)))
    for name in sorted(present - listed):
        failures.append(f'{FOLDER}/{name}: not in the catalogue')
    for name in sorted(listed - present):
        failures.append(f'{FOLDER}/{name}: in the catalogue, but no such file')
    if len(listed) != len(CATALOGUE):
        failures.append('a file is in the catalogue twice')

    for name, line, message, schema_refuses in CATALOGUE:
        path = f'{FOLDER}/{name}.xml'
        if not os.path.exists(os.path.join(srcdir, path)):
            continue
        r = run([cli, 'validate', path])
        want = f'boardsmith-cli: {path}:{line}: {message}\n'
        if r.returncode != 2 or r.stdout != '' or r.stderr != want:
            failures.append(f'{path}: expected exit 2 and\n  {want!r}\ngot exit {r.returncode}, '
                            f'stdout {r.stdout!r}, stderr\n  {r.stderr!r}')
        s = run([xmllint, '--noout', '--nonet', '--relaxng', SCHEMA, path])
        if (s.returncode != 0) != schema_refuses:
            failures.append(f'{path}: the schema {"accepts" if s.returncode == 0 else "refuses"} '
                            f'it (expected the opposite):\n{s.stderr}')
        else:
            print(f'ok {path}')

    # The shipped rules documents are valid, to validate and to the schema.
    shipped = []
    for folder in (os.path.join('rules', 'games'), os.path.join('rules', 'examples', 'games')):
        shipped += sorted(os.path.join(folder, f) for f in os.listdir(os.path.join(srcdir, folder))
                          if f.endswith('.xml'))
    r = run([cli, 'validate'] + shipped)
    if r.returncode != 0 or r.stdout != '' or r.stderr != '':
        failures.append(f'validate on the shipped rules files: exit {r.returncode}, '
                        f'stdout {r.stdout!r}, stderr {r.stderr!r}')

    # --json: the same verdicts, the messages in "error", nothing on stderr.
    name, line, message, _ = CATALOGUE[0]
    path = f'{FOLDER}/{name}.xml'
    r = run([cli, 'validate', '--json', path, shipped[0]])
    want = [{'file': path, 'valid': False, 'error': f'{path}:{line}: {message}', 'warnings': []},
            {'file': shipped[0], 'valid': True, 'error': None, 'warnings': []}]
    try:
        got = json.loads(r.stdout)
    except ValueError:
        got = r.stdout
    if r.returncode != 2 or r.stderr != '' or got != want:
        failures.append(f'validate --json: expected exit 2 and {want}, got exit {r.returncode}, '
                        f'{got!r}, stderr {r.stderr!r}')

    for f in failures:
        print(f'FAIL {f}', file=sys.stderr)
    print(f'{len(CATALOGUE)} broken rules files, {len(shipped)} shipped ones; '
          f'{len(failures)} failures')
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
