"""What the tests that run a libgstcall program in a child process (gst-call,
the C examples) check in its output.

A GLib critical or warning there fails the test, but for the few GStreamer
1.22 raises itself in calls that go on unharmed: is_known_gstreamer_critical()
in tests/test-utils.c lets the same ones through in the C tests, and
docs/overview.md explains them. The child runs without fatal criticals (a
fatal one would stop it before the test could tell which it was) and the
test reads its output instead."""

import os
import re
import subprocess

# - srtpdec, given RTCP before any RTP (real peers may send RTCP first),
#   trips an assertion in gst_pad_create_stream_id_internal().
# - rtpsession's RTCP thread lets go of the session lock in the middle of
#   walking its table of sources; a packet from a new SSRC arriving right
#   then trips GLib's check that the table did not change (seen under
#   AddressSanitizer, where everything is slower). The walk only stops
#   early. The output does not name the thread, so the message alone is
#   matched, and only on GStreamer 1.22 (fixed upstream after it).
KNOWN_CRITICALS = [("gst_pad_create_stream_id_internal", "numsinkpads <= 1")]


def _gstreamer_is_1_22_or_older():
    try:
        version = subprocess.run(["gst-inspect-1.0", "--version"], capture_output=True,
                                 text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return False
    match = re.search(r"GStreamer (\d+)\.(\d+)\.", version)
    return bool(match) and (int(match.group(1)), int(match.group(2))) <= (1, 22)


if _gstreamer_is_1_22_or_older():
    KNOWN_CRITICALS.append(("GLib-CRITICAL", "g_hash_table_foreach",
                            "version == hash_table->version"))


def child_env():
    """The environment for the child: the test's, criticals not fatal."""
    env = dict(os.environ)
    flags = [f for f in env.get("G_DEBUG", "").split(",") if f and f != "fatal-criticals"]
    env["G_DEBUG"] = ",".join(flags)
    return env


def unexpected_messages(lines):
    """The GLib criticals and warnings among @lines, but the known ones."""
    return [line for line in lines
            if ("CRITICAL **" in line or "WARNING **" in line) and
            not any(all(part in line for part in known) for known in KNOWN_CRITICALS)]
