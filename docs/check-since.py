#!/usr/bin/env python3
# Checks that the public API says since when it exists.
# Copyright (C) 2026 The libgstcall authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
#   check-since.py GIR LIBRARY HEADER...
#
# Fails when
# - a type, function, method, constructor, virtual method, property,
#   signal, constant or documented macro of the GIR has no version, that is
#   no `Since:` line in its doc comment;
# - a function the shared LIBRARY exports is not declared in one of the
#   public HEADERs right after a GST_CALL_AVAILABLE_IN_x_y or
#   GST_CALL_DEPRECATED_IN_x_y(_FOR) mark (for a `*_get_type` declared by
#   G_DECLARE_*, the mark stands before the G_DECLARE_* line).

import re
import subprocess
import sys
import xml.etree.ElementTree as ET

CORE = "{http://www.gtk.org/introspection/core/1.0}"
GLIB = "{http://www.gtk.org/introspection/glib/1.0}"

# GIR elements that gi-docgen documents with their own "Available since".
VERSIONED = {
    CORE + "class", CORE + "interface", CORE + "record", CORE + "union",
    CORE + "enumeration", CORE + "bitfield", CORE + "callback", CORE + "alias",
    CORE + "constant", CORE + "function", CORE + "function-macro",
    CORE + "method", CORE + "constructor", CORE + "virtual-method",
    CORE + "property", GLIB + "signal",
}

MARK = re.compile(r"^GST_CALL_(AVAILABLE_IN_\d+_\d+|DEPRECATED_IN_\d+_\d+(_FOR\s*\(.*\))?)\s*$")
COMMENT = re.compile(r"/\*.*?\*/", re.S)


def gir_without_version(gir):
    namespace = ET.parse(gir).getroot().find(CORE + "namespace")
    missing = []

    def walk(node, prefix):
        for child in node:
            if child.tag not in VERSIONED:
                continue
            name = prefix + child.get("name", "?")
            # The class structs (GstCallClass) carry no docs of their own.
            if child.get(GLIB + "is-gtype-struct-for") is None and child.get("version") is None:
                kind = child.tag.replace(CORE, "").replace(GLIB, "")
                missing.append(f"{kind} {name}")
            walk(child, name + ".")

    walk(namespace, "")
    return missing


def exported_functions(library):
    output = subprocess.run(["nm", "-D", "--defined-only", library], check=True,
                            stdout=subprocess.PIPE, text=True).stdout
    return sorted(fields[2] for fields in map(str.split, output.splitlines())
                  if len(fields) == 3 and fields[1] == "T")


def declarations(headers):
    """Maps each function name declared in HEADERS to the line before it."""
    found = {}
    for header in headers:
        with open(header, encoding="utf-8") as f:
            text = COMMENT.sub(lambda m: "\n" * m.group(0).count("\n"), f.read())
        lines = text.splitlines()
        for number, line in enumerate(lines):
            previous = next((l for l in reversed(lines[:number]) if l.strip()), "")
            declare = re.match(r"^G_DECLARE_\w+\s*\(\s*\w+\s*,\s*(\w+)\s*,", line)
            if declare:
                found[declare.group(1) + "_get_type"] = (header, previous)
                continue
            # A declaration starts at column 0: return type, then the name.
            if line[:1].isspace() or line.startswith("#"):
                continue
            for name in re.findall(r"\b(gst_\w+)\s*\(", line):
                found.setdefault(name, (header, previous))
                break
    return found


def main(argv):
    if len(argv) < 3:
        print("usage: check-since.py GIR LIBRARY HEADER...", file=sys.stderr)
        return 2
    gir, library, headers = argv[0], argv[1], argv[2:]
    problems = [f"no Since: in the doc comment of {what}" for what in gir_without_version(gir)]

    declared = declarations(headers)
    exported = exported_functions(library)
    for name in exported:
        if name not in declared:
            problems.append(f"{name} is exported but not declared in a public header")
            continue
        header, previous = declared[name]
        if not MARK.match(previous.strip()):
            problems.append(f"{name} in {header}: no GST_CALL_AVAILABLE_IN_x_y "
                            f"(or GST_CALL_DEPRECATED_IN_x_y) before it")

    for problem in problems:
        print(problem)
    if problems:
        print(f"{len(problems)} public symbol(s) without their version")
        return 1
    print(f"{len(exported)} exported functions marked, every GIR symbol has a Since:")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
