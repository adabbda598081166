#!/usr/bin/env python3
# Runs gi-docgen on the GstCall GIR and fails on any warning.
# Copyright (C) 2026 The libgstcall authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
#   gi-docgen-check.py check GI_DOCGEN TOML GIR
#       `gi-docgen check`: every public symbol, parameter and return value
#       is documented.
#   gi-docgen-check.py links GI_DOCGEN TOML GIR CONTENT_DIR OUTPUT_DIR
#       `gi-docgen generate` into a scratch directory: every link such as
#       [method@PeerConnection.close] in the doc comments and in docs/*.md
#       resolves. (--fatal-warnings would stop at the first one; all of them
#       are listed here instead.)

import re
import shutil
import subprocess
import sys

ANSI_ESCAPE = re.compile(r"\x1b\[[0-9;]*m")
WARNING = re.compile(r"^WARNING: (.*)$")


def main(argv):
    if len(argv) < 4 or argv[0] not in ("check", "links"):
        print("usage: gi-docgen-check.py check|links GI_DOCGEN TOML GIR "
              "[CONTENT_DIR OUTPUT_DIR]", file=sys.stderr)
        return 2
    mode, gi_docgen, config, gir = argv[:4]

    if mode == "check":
        command = [gi_docgen, "check", "--config", config, gir]
    else:
        content_dir, output_dir = argv[4:6]
        shutil.rmtree(output_dir, ignore_errors=True)
        command = [gi_docgen, "generate", "--quiet", "--config", config,
                   "--content-dir", content_dir, "--output-dir", output_dir, gir]

    print("$", " ".join(command))
    process = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                             text=True, check=False)
    output = ANSI_ESCAPE.sub("", process.stdout)
    print(output)
    warnings = [match.group(1).strip() for match in map(WARNING.match, output.splitlines())
                if match]

    if warnings:
        print(f"{len(warnings)} gi-docgen {mode} warning(s): fix the doc comments")
        return 1
    # `gi-docgen check` exits 1 when it warned; anything else is a failure.
    if process.returncode != 0:
        print(f"gi-docgen failed with exit status {process.returncode}")
        return 1
    print(f"gi-docgen {mode}: no warnings")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
