#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Checks that the sources keep to their rooms (docs/ARCHITECTURE.md).

Reads every `#include "…"` of src/**/*.c and *.h. A file's room is its folder
under src/ (src/engine/core, src/app/play, src/cli…); a file, its header and
its private header are one unit (bs-game.c, bs-game.h, bs-game-private.h). It fails when

  - a room includes a file of a room it may not use (ROOMS below: each room
    names those it may use; a room may always use itself),
  - units include each other, directly or round a longer circle (in one room
    or across rooms), naming the circle, or
  - an include names no file of src/ and is no generated header (GENERATED).

Usage: check-includes.py SOURCE_ROOT
       check-includes.py --self-test   (proves each kind of mistake is caught)
"""
import os
import re
import shutil
import sys
import tempfile

ENGINE = ('engine/core', 'engine/modules', 'engine/formats', 'engine/rules', 'engine/search',
          'engine/study')

# Who may use whom. The engine's rooms and render use nothing of GTK; the
# app's rooms are in layers: widgets, documents, play, then the pages
# (editor, balance, export), then the shell that puts them in a window.
ROOMS = {
    'engine/core': (),
    'engine/modules': ('engine/core',),
    'engine/formats': ('engine/core',),
    'engine/rules': ('engine/core', 'engine/formats'),
    'engine/search': ('engine/core',),
    'engine/study': ('engine/core', 'engine/formats', 'engine/search'),
    'render': ENGINE,
    'cli': ENGINE + ('render',),
    'app/widgets': ENGINE + ('render',),
    'app/documents': ENGINE + ('render', 'app/widgets'),
    'app/play': ENGINE + ('render', 'app/widgets', 'app/documents'),
    'app/editor': ENGINE + ('render', 'app/widgets', 'app/documents', 'app/play'),
    'app/balance': ENGINE + ('render', 'app/widgets', 'app/documents'),
    'app/export': ENGINE + ('render', 'app/widgets', 'app/documents', 'app/play'),
    'app/shell': ENGINE + ('render', 'app/widgets', 'app/documents', 'app/play',
                           'app/editor', 'app/balance', 'app/export'),
    # main.c alone: it sets up the locale and starts the application.
    'app': ENGINE + ('render', 'app/widgets', 'app/documents', 'app/play', 'app/editor',
                     'app/balance', 'app/export', 'app/shell'),
}

# Headers meson writes into the build tree, and the room each belongs to.
GENERATED = {
    'config.h': None,                       # everyone's
    'bs-module-list.h': 'engine/modules',
    'bs-resources.h': 'app',
}

INCLUDE = re.compile(r'^[ \t]*#[ \t]*include\s+"([^"]+)"', re.M)


def unit_of(path):
    """app/play/bs-game.c → app/play/bs-game; a -private.h header, which the
    unit's own pieces share (bs-play-scene-private.h), is of its unit."""
    unit = os.path.splitext(path)[0]
    return unit[:-len('-private')] if unit.endswith('-private') else unit


def room_of(unit):
    return os.path.dirname(unit)


def scan(src):
    """{unit: {included unit: first line that includes it}}, problems."""
    files = {}
    for root, _, names in os.walk(src):
        for name in names:
            if name.endswith(('.c', '.h', '.h.in')):
                rel = os.path.relpath(os.path.join(root, name), src)
                files.setdefault(name.replace('.h.in', '.h'), []).append(rel)
    problems = []
    for name, paths in sorted(files.items()):
        if len(paths) > 1 and not name.endswith('.c'):
            problems.append('%s: a header of this name is in more than one room: %s'
                            % (name, ', '.join(sorted(paths))))
    edges = {}
    for name, paths in sorted(files.items()):
        for rel in paths:
            unit = unit_of(rel.replace('.h.in', '.h'))
            edges.setdefault(unit, {})
            with open(os.path.join(src, rel), encoding='utf-8') as f:
                text = f.read()
            for m in INCLUDE.finditer(text):
                line = text.count('\n', 0, m.start()) + 1
                header = os.path.basename(m.group(1))
                where = 'src/%s:%d' % (rel, line)
                if header in GENERATED:
                    room = GENERATED[header]
                    if room is not None and room != room_of(unit) and \
                            room not in ROOMS.get(room_of(unit), ()):
                        problems.append('%s: room %s may not include %s (of %s)'
                                        % (where, room_of(unit), header, room))
                    continue
                if header not in files:
                    problems.append('%s: "%s" is no file of src/' % (where, m.group(1)))
                    continue
                target = unit_of(files[header][0].replace('.h.in', '.h'))
                if target != unit:
                    edges[unit].setdefault(target, where)
    return edges, problems


def room_problems(edges):
    problems = []
    for unit, targets in sorted(edges.items()):
        room = room_of(unit)
        if room not in ROOMS:
            problems.append('src/%s: room %s is not in check-includes.py\'s ROOMS'
                            % (unit, room))
            continue
        for target, where in sorted(targets.items()):
            other = room_of(target)
            if other != room and other not in ROOMS[room]:
                problems.append('%s: room %s may not include %s.h (room %s)'
                                % (where, room, os.path.basename(target), other))
    return problems


def circles(edges):
    """Each set of units that reach one another (Tarjan), as a circle to
    show: a path through them back to where it began."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            members = set()
            while True:
                w = stack.pop()
                on_stack.discard(w)
                members.add(w)
                if w == v:
                    break
            if len(members) > 1:
                found.append(members)

    for v in sorted(edges):
        if v not in index:
            visit(v)
    result = []
    for members in found:
        start = min(members)
        path, seen = [start], {start}
        while True:
            nxt = sorted(w for w in edges.get(path[-1], ()) if w in members)
            back = start in nxt
            fresh = [w for w in nxt if w not in seen]
            if back and (len(path) > 1 or not fresh):
                break
            if not fresh:
                break
            path.append(fresh[0])
            seen.add(fresh[0])
        result.append(path + [start])
    return result


def check(root):
    src = os.path.join(root, 'src')
    edges, problems = scan(src)
    problems += room_problems(edges)
    for path in circles(edges):
        steps = ['%s (%s)' % (path[i], edges[path[i]][path[i + 1]])
                 for i in range(len(path) - 1)]
        problems.append('units include each other: %s → %s'
                        % (' → '.join(steps), path[-1]))
    return problems


def self_test():
    cases = {
        'clean': ({'engine/core/bs-a.h': '', 'engine/core/bs-a.c': '#include "bs-a.h"\n',
                   'engine/study/bs-b.c': '#include "config.h"\n#include "bs-a.h"\n'}, []),
        'upward include': ({'engine/core/bs-a.c': '\n#include "bs-b.h"\n',
                            'engine/study/bs-b.h': ''},
                           ['src/engine/core/bs-a.c:2: room engine/core may not include bs-b.h']),
        'two files include each other': (
            {'app/play/bs-a.c': '#include "bs-b.h"\n', 'app/play/bs-a.h': '',
             'app/play/bs-b.c': '#include "bs-a.h"\n', 'app/play/bs-b.h': ''},
            ['units include each other: app/play/bs-a (src/app/play/bs-a.c:1) → '
             'app/play/bs-b (src/app/play/bs-b.c:1) → app/play/bs-a']),
        'a longer circle': (
            {'app/shell/bs-a.h': '#include "bs-b.h"\n', 'app/shell/bs-b.h': '#include "bs-c.h"\n',
             'app/shell/bs-c.h': '', 'app/shell/bs-c.c': '#include "bs-a.h"\n'},
            ['units include each other: app/shell/bs-a']),
        'a private header is of its unit': (
            {'app/play/bs-a.h': '', 'app/play/bs-a-private.h': '#include "bs-a.h"\n',
             'app/play/bs-a.c': '#include "bs-a.h"\n#include "bs-a-private.h"\n',
             'app/play/bs-a-input.c': '#include "bs-a-private.h"\n'}, []),
        'unknown header': ({'cli/bs-a.c': '#include "bs-nowhere.h"\n'},
                           ['src/cli/bs-a.c:1: "bs-nowhere.h" is no file of src/']),
        'unknown room': ({'engine/misc/bs-a.c': '#include "config.h"\n'},
                         ['src/engine/misc/bs-a: room engine/misc is not in']),
        'one header in two rooms': ({'app/play/bs-a.h': '', 'app/editor/bs-a.h': ''},
                                    ['bs-a.h: a header of this name is in more than one room']),
        'generated header of another room': (
            {'engine/core/bs-a.c': '#include "bs-resources.h"\n'},
            ['src/engine/core/bs-a.c:1: room engine/core may not include bs-resources.h']),
    }
    failed = False
    for name, (tree, expected) in cases.items():
        root = tempfile.mkdtemp()
        try:
            for rel, text in tree.items():
                path = os.path.join(root, 'src', rel)
                os.makedirs(os.path.dirname(path), exist_ok=True)
                with open(path, 'w', encoding='utf-8') as f:
                    f.write(text)
            problems = check(root)
        finally:
            shutil.rmtree(root)
        ok = len(problems) == len(expected) and all(
            any(p.startswith(e) for p in problems) for e in expected)
        print('%s: %s' % ('ok' if ok else 'FAILED', name))
        if not ok:
            print('  expected %r\n  got      %r' % (expected, problems))
            failed = True
    return 1 if failed else 0


def main(argv):
    if argv[1:] == ['--self-test']:
        return self_test()
    if len(argv) != 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    problems = check(argv[1])
    for p in problems:
        print(p)
    print('%d problem(s)' % len(problems))
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
