#!/usr/bin/env python3
# Runs cargo on a copy of bindings/rust in the build tree.
# Copyright (C) 2026 The libgstcall authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
#   run-cargo.py SOURCE_DIR COPY_DIR CARGO [ARGS...]
#
# Cargo writes Cargo.lock next to the workspace's Cargo.toml, and a lock file
# written by one cargo (rustup's, say) may not be readable by another
# (Debian's): working on a copy keeps the source tree clean and each build
# tree's lock file its own. Files are copied only when they changed, with
# their times, so cargo rebuilds only what changed; files gone from the
# source are removed from the copy, .cargo/config.toml (crates.io replaced
# by Debian's crates) included. Cargo's home (CARGO_HOME) is
# COPY_DIR/cargo-home, its target directory COPY_DIR/target.

import filecmp
import os
import shutil
import sys

COPIED = ["Cargo.toml", ".cargo", "gstcall-sys", "gstcall"]
KEPT = {"Cargo.lock", "target", "cargo-home"}


def mirror(source, copy):
    os.makedirs(copy, exist_ok=True)
    wanted = set()
    for name in os.listdir(source):
        if name == "__pycache__":
            continue
        wanted.add(name)
        from_path = os.path.join(source, name)
        to_path = os.path.join(copy, name)
        if os.path.isdir(from_path):
            mirror(from_path, to_path)
        elif not os.path.isfile(to_path) or not filecmp.cmp(from_path, to_path, shallow=False):
            shutil.copy2(from_path, to_path)
    for name in os.listdir(copy):
        if name not in wanted:
            path = os.path.join(copy, name)
            if os.path.isdir(path):
                shutil.rmtree(path)
            else:
                os.remove(path)


def main(argv):
    if len(argv) < 3:
        print("usage: run-cargo.py SOURCE_DIR COPY_DIR CARGO [ARGS...]", file=sys.stderr)
        return 2
    source, copy, cargo = argv[0], argv[1], argv[2:]
    os.makedirs(copy, exist_ok=True)
    for name in COPIED:
        from_path = os.path.join(source, name)
        to_path = os.path.join(copy, name)
        if os.path.isdir(from_path):
            mirror(from_path, to_path)
        elif not os.path.isfile(to_path) or not filecmp.cmp(from_path, to_path, shallow=False):
            shutil.copy2(from_path, to_path)
    for name in os.listdir(copy):
        if name not in COPIED and name not in KEPT:
            print(f"run-cargo.py: unexpected {os.path.join(copy, name)}", file=sys.stderr)

    home = os.path.join(copy, "cargo-home")
    os.makedirs(home, exist_ok=True)
    os.environ["CARGO_HOME"] = home
    os.environ["CARGO_TARGET_DIR"] = os.path.join(copy, "target")
    os.environ.setdefault("CARGO_TERM_COLOR", "never")
    os.chdir(copy)
    print("$", " ".join(cargo), flush=True)
    os.execvp(cargo[0], cargo)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
