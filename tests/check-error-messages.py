#!/usr/bin/env python3
# Checks that no message the library or the gst-call tool shows to people
# names a C function: Python, JavaScript and Rust users call
# `call.set_signaller()` or set the `signaller` property, never
# `gst_call_set_signaller()`. Messages name the property or method without
# the C prefix instead.
# Copyright (C) 2026 The libgstcall authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
#   check-error-messages.py SOURCE_ROOT
#
# Reads every .c file under libgstcall/ and demos/, joins adjacent string
# literals as the compiler does, and fails when one of them contains a C
# symbol of the library (`gst_...`) or a call (`name()`). Literals given to
# debug logging (GST_DEBUG, GST_WARNING, ..., g_debug) are for developers
# and are not checked.

import os
import re
import sys

SCANNED_DIRS = ("libgstcall", "demos")

# Functions whose string arguments are debug logs, not messages for people.
DEBUG_LOG = re.compile(r"^(GST_[A-Z_]+|g_debug|g_info)$")

# What a language-neutral message must not contain.
C_NAMES = re.compile(r"\bgst_[a-z0-9_]+|\b[A-Za-z_][A-Za-z0-9_]*\(\)")

COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)
TOKEN = re.compile(r'"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'|[A-Za-z_][A-Za-z0-9_]*|[()]|\S',
                   re.S)


def blank(match):
    return re.sub(r"[^\n]", " ", match.group(0))


def literals(source):
    """(line, text, enclosing call) of each run of adjacent string literals."""
    source = COMMENT.sub(blank, source)
    calls = []  # the identifier before each open parenthesis
    previous = None
    run = None  # [line, text, call] of the literals being joined
    for token in TOKEN.finditer(source):
        text = token.group(0)
        if text.startswith('"'):
            if run is None:
                line = source.count("\n", 0, token.start()) + 1
                run = [line, "", calls[-1] if calls else None]
            run[1] += text[1:-1]
            previous = text
            continue
        if run is not None:
            yield tuple(run)
            run = None
        if text == "(":
            is_call = previous and re.match(r"[A-Za-z_]", previous)
            calls.append(previous if is_call else None)
        elif text == ")" and calls:
            calls.pop()
        previous = text
    if run is not None:
        yield tuple(run)


def main(argv):
    if len(argv) != 1:
        print("usage: check-error-messages.py SOURCE_ROOT", file=sys.stderr)
        return 2
    root = argv[0]
    checked = 0
    offending = []
    for directory in SCANNED_DIRS:
        for dirpath, _, filenames in os.walk(os.path.join(root, directory)):
            for filename in sorted(filenames):
                if not filename.endswith(".c"):
                    continue
                path = os.path.join(dirpath, filename)
                with open(path, encoding="utf-8") as handle:
                    source = handle.read()
                for line, text, call in literals(source):
                    if call and DEBUG_LOG.match(call):
                        continue
                    checked += 1
                    found = C_NAMES.search(text)
                    if found:
                        offending.append(f"{os.path.relpath(path, root)}:{line}: "
                                         f"“{found.group(0)}” in \"{text}\"")
    print(f"{checked} messages checked")
    for entry in offending:
        print(entry)
    if offending:
        print(f"{len(offending)} messages name C functions: name the property or "
              "method without the C prefix instead")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
