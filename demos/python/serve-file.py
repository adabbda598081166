#!/usr/bin/env python3
# Serve a media file to web browsers from Python, without `gst-call serve`:
# a page and a WHEP endpoint on one libsoup server. Every browser that opens
# the page plays the file in its own call.
# Copyright (C) 2026 The libgstcall authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
#   serve-file.py FILE [PORT]     then open the URL it prints (default port 8080)
#
# The page is a few lines of JavaScript: a receive-only RTCPeerConnection
# whose offer it POSTs to /whep (WHEP, RFC 9725's playback sibling); the
# answer comes back in the response. Any WHEP player works too, for example
# `gst-call whep http://127.0.0.1:8080/whep`. For browsers on other
# machines, listen on all addresses and serve the page over HTTPS (browsers
# only run WebRTC on secure pages): see `gst-call serve --help`.

import sys

import gi

gi.require_version("Gst", "1.0")
gi.require_version("Soup", "3.0")
gi.require_version("GstCall", "1.0")
from gi.repository import GLib, Gst, GstCall, Soup  # noqa: E402

PAGE = b"""<!DOCTYPE html>
<meta charset="utf-8"><title>libgstcall</title>
<video id="video" autoplay playsinline muted controls style="width: 100%"></video>
<script>
const pc = new RTCPeerConnection();
pc.addTransceiver("video", {direction: "recvonly"});
pc.addTransceiver("audio", {direction: "recvonly"});
pc.ontrack = event => { document.getElementById("video").srcObject = event.streams[0]; };
(async () => {
  await pc.setLocalDescription(await pc.createOffer());
  // Wait for the candidates: WHEP sends them in the offer (or trickles them).
  await new Promise(done => {
    if (pc.iceGatheringState === "complete") done();
    pc.onicegatheringstatechange = () => pc.iceGatheringState === "complete" && done();
  });
  const response = await fetch("/whep", {method: "POST", body: pc.localDescription.sdp,
                                         headers: {"Content-Type": "application/sdp"}});
  await pc.setRemoteDescription({type: "answer", sdp: await response.text()});
})();
</script>
"""


def serve_page(server, message, path, query, user_data):
    if path != "/":
        message.set_status(404, None)
        return
    message.set_status(200, None)
    message.set_response("text/html; charset=utf-8", Soup.MemoryUse.COPY, PAGE)


def main():
    if len(sys.argv) not in (2, 3):
        print(f"usage: {sys.argv[0]} FILE [PORT]", file=sys.stderr)
        return 2
    path, port = sys.argv[1], int(sys.argv[2]) if len(sys.argv) == 3 else 8080
    Gst.init(None)

    server = Soup.Server()
    server.add_handler("/", serve_page, None)
    whep = GstCall.CallWhipServer.new()
    whep.attach(server, "/whep")

    def on_new_call(whep, call, endpoint):
        # Each viewer's call sends the file from its start; nothing is received.
        call.props.ice_local_addresses = ["127.0.0.1"]  # the browsers are on this machine
        call.set_sources_from_uri(path)  # raises GLib.Error for a file it can't play
        print("a viewer started playing", flush=True)

    whep.connect("new-call", on_new_call)
    whep.connect("session-ended", lambda whep, call: print("a viewer left", flush=True))

    server.listen_local(port, Soup.ServerListenOptions.IPV4_ONLY)  # port 0: any free one
    port = server.get_uris()[0].get_port()
    print(f"open http://127.0.0.1:{port}/ (WHEP: http://127.0.0.1:{port}/whep)", flush=True)
    GLib.MainLoop().run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
