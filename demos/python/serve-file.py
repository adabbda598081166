#!/usr/bin/env python3
# Stream a media file to web browsers from Python: every browser that opens
# the page gets a call, all of them fed by one encoder; WHEP players too.
# Copyright (C) 2026 The libgstcall authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
#   serve-file.py FILE [PORT]     then open the URL it prints (default port 8080; 0: any)

import sys

import gi

gi.require_version("GstCall", "1.0")
from gi.repository import GLib, GstCall  # noqa: E402

server = GstCall.CallServer(port=int(sys.argv[2]) if len(sys.argv) > 2 else 8080)
server.props.ice_local_addresses = ["127.0.0.1"]  # the browsers are on this machine
server.set_sources_from_uri(sys.argv[1])  # raises GLib.Error for a file it can't play
server.connect("new-call", lambda server, call, kind: print("a viewer came:", kind.value_nick,
                                                            flush=True))
server.connect("call-ended", lambda server, call, reason: print("a viewer left", flush=True))
server.listen()
print(f"open {server.get_uri()} (WHEP: http://127.0.0.1:{server.props.port}/whep)", flush=True)
GLib.MainLoop().run()
