#!/usr/bin/env python3
# Runs `gst-call loopback` with the given options and checks what it says:
# the exit status, that both sides name their encoders and decoders, with
# the codecs asked for, that both decoded remote video, and that it printed
# no GLib critical or warning but the known ones of GStreamer 1.22
# (tests/child_output.py).
# Copyright (C) 2026 The libgstcall authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
#   check-gst-call-loopback.py GST_CALL VIDEO_CODEC AUDIO_CODEC [OPTION...]
#
# VIDEO_CODEC and AUDIO_CODEC are as printed (H264, OPUS, ...).

import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from child_output import child_env, unexpected_messages  # noqa: E402


def main():
    tool, video, audio, options = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
    run = subprocess.run([tool, "loopback", *options], capture_output=True, text=True,
                         timeout=120, env=child_env())
    sys.stdout.write(run.stdout)
    sys.stderr.write(run.stderr)
    problems = []
    if run.returncode != 0:
        problems.append(f"exit status {run.returncode}")
    for line in unexpected_messages(run.stderr.splitlines()):
        problems.append(f"it printed: {line}")
    for side in ("caller", "callee"):
        line = next((l for l in run.stdout.splitlines()
                     if re.search(rf"\] {side} +sends ", l)), None)
        if line is None:
            problems.append(f"the {side} never named its encoders and decoders")
            continue
        for kind, codec in (("video", video), ("audio", audio)):
            if not re.search(rf"sends.* {kind} {codec} with \S+", line):
                problems.append(f"the {side} does not send {kind} {codec} with an encoder: {line}")
            if not re.search(rf"receives.* {kind} {codec} decoded by \S+", line):
                problems.append(f"the {side} does not decode {kind} {codec}: {line}")
        if not re.search(rf"^{side}: connected after .* first remote video frame after [0-9.]+ ms",
                         run.stdout, re.M):
            problems.append(f"the {side} decoded no remote video")
    for problem in problems:
        print(f"check-gst-call-loopback: {problem}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
