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


def media_arrived(call, deadline):
    stats = call.get_stats()
    received = all(stats.get_uint(f"{kind}-frames-received")[1] > 0 for kind in ("video", "audio"))
    if received or time.monotonic() > deadline:
        loop.quit()
        return GLib.SOURCE_REMOVE
    return GLib.SOURCE_CONTINUE


def on_connected(call, result):
    try:
        call.dial_finish(result)
    except GLib.Error as error:
        print("call failed:", error.message, file=sys.stderr)
        loop.quit()
        return
    # Until the peer's media is decoded, 10 s at most.
    GLib.timeout_add(100, media_arrived, call, time.monotonic() + 10)


call.dial_async(None, None, on_connected)
loop.run()

stats = call.get_stats()
print("received", stats.get_uint("video-frames-received")[1], "video frames and",
      stats.get_uint("audio-frames-received")[1], "audio frames")
call.hangup()
sys.exit(0 if call.props.state == GstCall.CallState.ENDED
         and stats.get_uint("video-frames-received")[1] > 0 else 1)
