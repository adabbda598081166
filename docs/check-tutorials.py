#!/usr/bin/env python3
# The code of each tutorial is the code of a tested example.
# Copyright (C) 2026 The libgstcall authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
#   check-tutorials.py SOURCE_ROOT TUTORIAL.md...           check
#   check-tutorials.py --update SOURCE_ROOT TUTORIAL.md...  rewrite the code blocks
#
# A tutorial shows an example with a marker line followed by a fenced code
# block:
#
#   <!-- example: demos/c/loopback-call.c -->
#   ```c
#   ...the whole file...
#   ```
#
# The check fails when a block differs from its file (the example, which a
# meson test runs, changed and the tutorial was not updated), when a marker
# has no code block or names a missing file, and when a tutorial has no
# example at all. --update copies each file into its block.
#
# A shorter view of an example (the README's) uses an excerpt marker,
#
#   <!-- excerpt: demos/python/loopback-call.py -->
#
# and its block's lines must be lines of the file, in the file's order
# (blank lines aside, a file line's trailing "# noqa" comment ignored).
# --update leaves excerpts alone.

import difflib
import os
import re
import sys

MARKER = re.compile(r"^<!-- (example|excerpt): (\S+) -->$")
NOQA = re.compile(r"\s+# noqa.*$")


def excerpt_problem(shown, code):
    """None if every non-blank line of @shown is a line of @code, in order;
    else the first line that is not."""
    lines = iter(NOQA.sub("", line) for line in code.splitlines())
    for line in shown.splitlines():
        if line.strip() and line not in lines:
            return line
    return None
FENCE = re.compile(r"^(```+)([a-z]*)$")


def process(root, tutorial, update):
    with open(tutorial, encoding="utf-8") as handle:
        lines = handle.read().split("\n")
    problems = []
    examples = 0
    output = []
    index = 0
    while index < len(lines):
        line = lines[index]
        output.append(line)
        index += 1
        match = MARKER.match(line)
        if not match:
            continue
        examples += 1
        excerpt = match.group(1) == "excerpt"
        relative = match.group(2)
        path = os.path.join(root, relative)
        fence = FENCE.match(lines[index]) if index < len(lines) else None
        if not fence:
            problems.append(f"{tutorial}: no ``` code block after the marker of {relative}")
            continue
        end = index + 1
        while end < len(lines) and lines[end] != fence.group(1):
            end += 1
        if end == len(lines):
            problems.append(f"{tutorial}: the code block of {relative} is not closed")
            continue
        shown = "\n".join(lines[index + 1:end]) + "\n"
        try:
            with open(path, encoding="utf-8") as handle:
                code = handle.read()
        except FileNotFoundError:
            problems.append(f"{tutorial}: {relative} does not exist")
            code = shown
        if excerpt:
            missing = excerpt_problem(shown, code)
            if missing is not None:
                problems.append(f"{tutorial}: the excerpt of {relative} has a line that is not "
                                f"in the file, or not in its order: {missing!r}")
            output.extend(lines[index:end + 1])
            index = end + 1
            continue
        if shown != code:
            if update:
                print(f"{tutorial}: code of {relative} updated")
            else:
                problems.append(f"{tutorial}: the code block differs from {relative}:\n" + "".join(
                    difflib.unified_diff(code.splitlines(True), shown.splitlines(True),
                                         relative, f"{tutorial} block", n=1)))
        output.append(lines[index])
        output.extend(code.rstrip("\n").split("\n"))
        output.append(lines[end])
        index = end + 1
    if examples == 0:
        problems.append(f"{tutorial}: shows no example (no '<!-- example: PATH -->' marker)")
    if update and not problems:
        with open(tutorial, "w", encoding="utf-8") as handle:
            handle.write("\n".join(output))
    else:
        print(f"{tutorial}: {examples} example(s)")
    return problems


def main(argv):
    update = False
    if argv and argv[0] == "--update":
        update = True
        argv = argv[1:]
    if len(argv) < 2:
        print("usage: check-tutorials.py [--update] SOURCE_ROOT TUTORIAL.md...", file=sys.stderr)
        return 2
    root, tutorials = argv[0], argv[1:]
    problems = []
    for tutorial in tutorials:
        problems += process(root, tutorial, update)
    for problem in problems:
        print(problem)
    if problems:
        print(f"{len(problems)} problem(s): run docs/check-tutorials.py --update "
              f"{root} {' '.join(tutorials)} after checking the examples")
        return 1
    print(f"{len(tutorials)} tutorial(s) show their examples as they are")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
