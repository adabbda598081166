"""An aiortc peer in a `gst-call serve` room, speaking its WebSocket
signalling (join, offer, answer, candidate, bye; docs/browser-interop.md),
shared by the aiortc interop tests. Import it only where aiortc and
websockets are known to be installed."""

import asyncio
import json

import websockets
from aiortc import RTCConfiguration, RTCPeerConnection, RTCSessionDescription
from aiortc.sdp import candidate_from_sdp


class RoomPeer:
    """Joins the room of `uri`. With `offers` it makes the offer once the
    other peer is in the room, carrying what add_to_offer() adds; otherwise
    it answers the other peer's offer after take_offer() has seen it."""

    def __init__(self, uri, offers):
        self.uri = uri
        self.offers = offers
        # No STUN server (aiortc would use a public one by default).
        self.pc = RTCPeerConnection(RTCConfiguration(iceServers=[]))
        self.joined = asyncio.Event()
        self.ws = None
        self.offered = False

    def add_to_offer(self):
        """What this peer's offer carries: tracks, transceivers, channels."""
        raise NotImplementedError

    def take_offer(self):
        """Called with the peer's offer set, before the answer is made."""

    async def send(self, message):
        await self.ws.send(json.dumps(message))

    async def offer(self):
        if self.offered:
            return
        self.offered = True
        self.add_to_offer()
        await self.pc.setLocalDescription(await self.pc.createOffer())
        await self.send({"type": "offer", "sdp": self.pc.localDescription.sdp})

    async def handle(self, message):
        kind = message["type"]
        if kind == "joined":
            self.joined.set()
            if self.offers and message["peers"]:
                await self.offer()
        elif kind == "peer-joined" and self.offers:
            await self.offer()
        elif kind == "offer":
            await self.pc.setRemoteDescription(RTCSessionDescription(message["sdp"], "offer"))
            self.take_offer()
            await self.pc.setLocalDescription(await self.pc.createAnswer())
            await self.send({"type": "answer", "sdp": self.pc.localDescription.sdp})
        elif kind == "answer":
            await self.pc.setRemoteDescription(RTCSessionDescription(message["sdp"], "answer"))
        elif kind == "candidate" and message["candidate"]:
            candidate = candidate_from_sdp(message["candidate"].split(":", 1)[1])
            candidate.sdpMLineIndex = message["mline_index"]
            await self.pc.addIceCandidate(candidate)
        elif kind == "error":
            raise RuntimeError(f"signaling error: {message['message']}")

    async def run(self, stop):
        try:
            async with websockets.connect(self.uri) as ws:
                self.ws = ws
                room = self.uri.split("room=", 1)[1]
                await self.send({"type": "join", "room": room})
                while not stop.is_set():
                    try:
                        text = await asyncio.wait_for(ws.recv(), 0.5)
                    except asyncio.TimeoutError:
                        continue
                    message = json.loads(text)
                    if message["type"] == "bye":
                        return
                    await self.handle(message)
        except websockets.ConnectionClosed:
            return
