#!/usr/bin/env python3
# A complete call in a few lines: two GstCall.Call objects in this process,
# connected through the loopback signaller. Prints the states, connects,
# waits for the peer's video and audio (10 s at most) and hangs up.
# Copyright (C) 2026 The libgstcall authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later

import sys
import time

import gi

gi.require_version("Gst", "1.0")
gi.require_version("GstCall", "1.0")
from gi.repository import GLib, Gst, GstCall  # noqa: E402

Gst.init(None)
loop = GLib.MainLoop()

ours, theirs = GstCall.CallLoopbackSignaller.new_pair()  # or a WebSocket signaller
call, peer = GstCall.Call.new(), GstCall.Call.new()
for c in (call, peer):
    c.props.ice_local_addresses = ["127.0.0.1"]  # both ends are on this machine
call.set_signaller(ours)
peer.set_signaller(theirs)
peer.connect("incoming-call", lambda peer: peer.answer_async(None, None))
call.connect("notify::state", lambda call, _: print("call is", call.props.state.value_nick))
frames = {"video": 0, "audio": 0}


def frames_received(stats):
    """Frames decoded from the peer's streams, by kind."""
    counts = {"video": 0, "audio": 0}
    for stream in stats.get_inbound_streams():
        counts[stream.props.kind.value_nick] += stream.props.frames_decoded
    return counts


def check_media(call, deadline):
    def on_stats(call, result):
        frames.update(frames_received(call.get_stats_finish(result)))
        if all(frames.values()) or time.monotonic() > deadline:
            loop.quit()
        else:
            GLib.timeout_add(100, check_media, call, deadline)

    call.get_stats_async(None, on_stats)  # typed statistics, as a browser's getStats()
    return GLib.SOURCE_REMOVE


def on_connected(call, result):
    try:
        call.dial_finish(result)
    except GLib.Error as error:
        print("call failed:", error.message, file=sys.stderr)
        loop.quit()
        return
    # Until the peer's media is decoded, 10 s at most.
    GLib.timeout_add(100, check_media, call, time.monotonic() + 10)


call.dial_async(None, None, on_connected)
loop.run()

print("received", frames["video"], "video frames and", frames["audio"], "audio frames")
call.hangup()
sys.exit(0 if call.props.state == GstCall.CallState.ENDED and frames["video"] > 0 else 1)
