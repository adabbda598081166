#!/usr/bin/env python3
# Checks that po/POTFILES.in lists exactly the files that need translating.
# Copyright (C) 2026 The libgstcall authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
#   check-potfiles.py SOURCE_ROOT
#
# Fails when a file under libgstcall/ or demos/ marks strings for translation
# (_(), N_(), C_(), NC_(), Q_()) but is missing from po/POTFILES.in, or when
# POTFILES.in lists a file that does not exist. A file that must not be
# translated can be listed in po/POTFILES.skip.

import os
import re
import sys

SCANNED_DIRS = ("libgstcall", "demos")
SOURCE_SUFFIXES = (".c", ".h", ".py", ".js")

# A call of a gettext macro: not part of a longer identifier, so
# `__attribute__((...))` or `foo_(` do not count.
GETTEXT_CALL = re.compile(r"(?<![A-Za-z0-9_])(?:_|N_|C_|NC_|Q_)\s*\(")

# Comments and string literals, removed before searching: a comment that
# mentions _() does not make a file translatable.
C_NOISE = re.compile(
    r'//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'', re.S)
PY_NOISE = re.compile(
    r'#[^\n]*|"""(?:\\.|[^\\])*?"""|\'\'\'(?:\\.|[^\\])*?\'\'\'|'
    r'"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'', re.S)
JS_NOISE = re.compile(
    r'//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'|'
    r'`(?:\\.|[^`\\])*`', re.S)


def read_list(path):
    """Returns the file names in a POTFILES.in-style list."""
    if not os.path.exists(path):
        return []
    names = []
    with open(path, encoding="utf-8") as listing:
        for line in listing:
            line = line.strip()
            if line and not line.startswith("#"):
                names.append(line)
    return names


def uses_gettext(path):
    with open(path, encoding="utf-8", errors="replace") as source:
        text = source.read()
    if path.endswith(".py"):
        noise = PY_NOISE
    elif path.endswith(".js"):
        noise = JS_NOISE
    else:
        noise = C_NOISE
    # Keep the string delimiters' place: `_("x")` becomes `_( )`.
    code = noise.sub(lambda m: "" if m.group(0)[0] in "/#" else " ", text)
    return GETTEXT_CALL.search(code) is not None


def main(argv):
    if len(argv) != 1:
        print("usage: check-potfiles.py SOURCE_ROOT", file=sys.stderr)
        return 2
    root = argv[0]
    potfiles_path = os.path.join(root, "po", "POTFILES.in")
    listed = read_list(potfiles_path)
    skipped = set(read_list(os.path.join(root, "po", "POTFILES.skip")))

    translatable = []
    for directory in SCANNED_DIRS:
        for dirpath, dirnames, filenames in os.walk(os.path.join(root, directory)):
            dirnames.sort()
            for filename in sorted(filenames):
                if not filename.endswith(SOURCE_SUFFIXES):
                    continue
                path = os.path.join(dirpath, filename)
                if uses_gettext(path):
                    translatable.append(os.path.relpath(path, root))

    missing = [name for name in translatable
               if name not in listed and name not in skipped]
    nonexistent = [name for name in listed
                   if not os.path.isfile(os.path.join(root, name))]
    duplicated = sorted({name for name in listed if listed.count(name) > 1})

    print(f"{len(translatable)} files under {', '.join(SCANNED_DIRS)} mark strings "
          f"for translation; {potfiles_path} lists {len(listed)}")
    status = 0
    if missing:
        status = 1
        print("Missing from po/POTFILES.in (they use _() or N_()):")
        for name in missing:
            print(f"  {name}")
    if nonexistent:
        status = 1
        print("Listed in po/POTFILES.in but not found:")
        for name in nonexistent:
            print(f"  {name}")
    if duplicated:
        status = 1
        print("Listed more than once in po/POTFILES.in:")
        for name in duplicated:
            print(f"  {name}")
    for name in listed:
        if name not in translatable and name in nonexistent:
            continue
        if name not in translatable:
            print(f"note: {name} is listed but has no translatable string")
    if status == 0:
        print("po/POTFILES.in is complete")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
