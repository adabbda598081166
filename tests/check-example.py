#!/usr/bin/env python3
# Runs one of the examples (C or Python) and checks its exit status and that it printed
# no GLib critical or warning but the known ones of GStreamer 1.22
# (tests/child_output.py).
# Copyright (C) 2026 The libgstcall authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
#   check-example.py [--timeout SECONDS] PROGRAM [ARGUMENT...]
#
# The Python binding's pytest suite runs through it too, with pytest's
# output capture off (-s) so that GLib's messages reach its stderr.

import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from child_output import child_env, unexpected_messages  # noqa: E402


def main():
    argv = sys.argv[1:]
    timeout = 120
    if len(argv) > 2 and argv[0] == "--timeout":
        timeout = float(argv[1])
        argv = argv[2:]
    run = subprocess.run(argv, capture_output=True, text=True, timeout=timeout,
                         env=child_env())
    sys.stdout.write(run.stdout)
    sys.stderr.write(run.stderr)
    problems = [f"it printed: {line}" for line in unexpected_messages(run.stderr.splitlines())]
    if run.returncode != 0:
        problems.insert(0, f"exit status {run.returncode}")
    for problem in problems:
        print(f"check-example: {problem}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
