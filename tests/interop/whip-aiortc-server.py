#!/usr/bin/python3
# A WHIP and WHEP endpoint whose WebRTC side is aiortc (Debian's
# python3-aiortc), not libgstcall: the HTTP part follows RFC 9725
# (POST -> 201 + Location + ETag, PATCH with trickle-ice-sdpfrag, DELETE).
# Listens on 127.0.0.1 only; ICE uses 127.0.0.1 only.
#
#   whip-aiortc-server.py            prints "listening on PORT", serves:
#   POST /whip  (ingest: counts decoded frames)   POST /whep (sends a test pattern)
#   GET /state  JSON: live sessions, decoded frames per session, the aiortc
#               connection state of every session, deleted ids
#
# SPDX-License-Identifier: LGPL-2.1-or-later

import asyncio
import fractions
import json
import sys
import uuid

import aioice.ice
from aiohttp import web

# ICE on loopback only: aioice gathers on every interface otherwise.
aioice.ice.get_host_addresses = lambda use_ipv4, use_ipv6: ["127.0.0.1"]

from aiortc import RTCPeerConnection, RTCSessionDescription  # noqa: E402
from aiortc.mediastreams import AudioStreamTrack, VideoStreamTrack  # noqa: E402
from aiortc.sdp import candidate_from_sdp  # noqa: E402

sessions = {}
frames = {}
states = {}  # kept after DELETE
deleted = []


async def count_frames(session_id, track):
    key = track.kind
    while True:
        try:
            await track.recv()
        except Exception:
            return
        frames[session_id][key] = frames[session_id].get(key, 0) + 1


async def post(request, play):
    if request.content_type != "application/sdp":
        return web.Response(status=415)
    offer = await request.text()
    session_id = uuid.uuid4().hex
    pc = RTCPeerConnection()
    frames[session_id] = {}
    sessions[session_id] = {"pc": pc, "etag": '"%s"' % uuid.uuid4().hex[:8]}
    states[session_id] = pc.connectionState

    @pc.on("connectionstatechange")
    def on_connection_state_change():
        states[session_id] = pc.connectionState

    @pc.on("track")
    def on_track(track):
        asyncio.ensure_future(count_frames(session_id, track))

    await pc.setRemoteDescription(RTCSessionDescription(sdp=offer, type="offer"))
    if play:
        for transceiver in pc.getTransceivers():
            track = VideoStreamTrack() if transceiver.kind == "video" else AudioStreamTrack()
            transceiver.sender.replaceTrack(track)
            transceiver.direction = "sendonly"
    await pc.setLocalDescription(await pc.createAnswer())
    location = "%s/%s" % (request.path, session_id)
    return web.Response(status=201, body=pc.localDescription.sdp,
                        content_type="application/sdp",
                        headers={"Location": location,
                                 "ETag": sessions[session_id]["etag"]})


async def patch(request):
    session = sessions.get(request.match_info["id"])
    if session is None:
        return web.Response(status=404)
    if request.headers.get("If-Match") not in (None, "*", session["etag"]):
        return web.Response(status=412)
    pc = session["pc"]
    mid = None
    for line in (await request.text()).splitlines():
        if line.startswith("a=mid:"):
            mid = line[6:]
        elif line.startswith("a=candidate:"):
            candidate = candidate_from_sdp(line[12:])
            candidate.sdpMid = mid
            candidate.sdpMLineIndex = 0 if mid is None else None
            try:
                await pc.addIceCandidate(candidate)
            except Exception as error:  # a candidate aioice cannot use
                print("candidate refused:", error, file=sys.stderr)
    return web.Response(status=204)


async def delete(request):
    session_id = request.match_info["id"]
    session = sessions.pop(session_id, None)
    if session is None:
        return web.Response(status=404)
    await session["pc"].close()
    states[session_id] = session["pc"].connectionState
    deleted.append(session_id)
    return web.Response(status=200)


async def state(request):
    return web.json_response({"sessions": list(sessions), "frames": frames,
                              "states": states, "deleted": deleted})


async def main():
    app = web.Application()
    app.router.add_post("/whip", lambda request: post(request, False))
    app.router.add_post("/whep", lambda request: post(request, True))
    app.router.add_patch("/whip/{id}", patch)
    app.router.add_patch("/whep/{id}", patch)
    app.router.add_delete("/whip/{id}", delete)
    app.router.add_delete("/whep/{id}", delete)
    app.router.add_get("/state", state)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]
    print("listening on %d" % port, flush=True)
    # Until the test closes our stdin.
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    await reader.read()
    for session in list(sessions.values()):
        await session["pc"].close()
    await runner.cleanup()


asyncio.run(main())
