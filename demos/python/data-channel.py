#!/usr/bin/env python3
# A chat between two GstCall.Call objects in this process, without media:
# the caller opens a data channel, the peer answers every message it
# receives, and the caller hangs up once it heard back (10 s at most).
# Copyright (C) 2026 The libgstcall authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later

import sys

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
    c.props.send_video = c.props.send_audio = False  # no media: a chat
call.set_signaller(ours)
peer.set_signaller(theirs)
peer.connect("incoming-call", lambda peer: peer.answer_async(None, None))


def on_peer_message(channel, data, is_text):
    if is_text:  # data is a GLib.Bytes; text is UTF-8
        channel.send_string("you said: " + data.get_data().decode())


def on_data_channel(peer, channel):
    print("the peer opened", channel.props.label)
    channel.connect("message", on_peer_message)


peer.connect("data-channel", on_data_channel)

# Made before dialling: the offer carries it. Options as webrtcbin's, e.g.
# Gst.Structure.new_from_string("options, ordered=false, max-retransmits=0").
channel = call.create_data_channel("chat", None)
replies = []


def on_message(channel, data, is_text):
    replies.append(data.get_data().decode())
    print("received:", replies[-1])
    loop.quit()


channel.connect("open", lambda channel: channel.send_string("hello"))
channel.connect("message", on_message)
call.dial_async(None, None, None)
GLib.timeout_add_seconds(10, loop.quit)  # 10 s at most
loop.run()
call.hangup()  # closes the channel on both sides
sys.exit(0 if replies == ["you said: hello"] else 1)
