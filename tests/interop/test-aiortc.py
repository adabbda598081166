#!/usr/bin/python3
"""aiortc, an independent WebRTC implementation, calls libgstcall through
the WebSocket signaling of `gst-call serve`, both ways (aiortc offers,
libgstcall offers), in VP8 and in H.264 constrained baseline (42e01f,
packetization mode 1), with Opus. Both sides must decode video and audio:
aiortc counts the frames its decoders return, `gst-call dial` prints the
frames it decoded.

usage: test-aiortc.py GST_CALL
"""

import asyncio
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from interop_utils import SCALE, Child, gst_call_env, log, skip, start_server  # noqa: E402

MIN_FRAMES = 30      # video frames each side decodes
MIN_AUDIO_FRAMES = 25

try:
    import aioice.ice
    from aiortc_room import RoomPeer
    from aiortc.mediastreams import AudioStreamTrack, VideoStreamTrack
    from aiortc.rtcrtpsender import RTCRtpSender
except ImportError as error:
    skip(f"{error.name or error} is missing: install python3-aiortc and python3-websockets "
         "(tools/install-deps does)")

# Loopback only: aiortc gathers candidates on 127.0.0.1 and nowhere else.
aioice.ice.get_host_addresses = lambda use_ipv4, use_ipv6: ["127.0.0.1"]


def video_codecs(codec):
    """aiortc's codec preferences: @codec ("vp8", "h264") and RTX."""
    wanted = []
    for capability in RTCRtpSender.getCapabilities("video").codecs:
        if codec == "vp8" and capability.mimeType == "video/VP8":
            wanted.append(capability)
        elif (codec == "h264" and capability.mimeType == "video/H264"
              and capability.parameters.get("profile-level-id") == "42e01f"
              and capability.parameters.get("packetization-mode") == "1"):
            wanted.append(capability)
    wanted += [c for c in RTCRtpSender.getCapabilities("video").codecs
               if c.mimeType == "video/rtx"]
    return wanted


class AiortcPeer(RoomPeer):
    def __init__(self, uri, codec, offers):
        super().__init__(uri, offers)
        self.codec = codec
        self.frames = {"video": 0, "audio": 0}
        self.codec_seen = None
        self.receivers = []

        @self.pc.on("track")
        def on_track(track):
            self.receivers.append(asyncio.ensure_future(self.count(track)))

    async def count(self, track):
        while True:
            try:
                await track.recv()
            except Exception:  # noqa: BLE001 - the track ended
                return
            self.frames[track.kind] += 1

    def add_to_offer(self):
        self.pc.addTrack(AudioStreamTrack())
        video = self.pc.addTransceiver(VideoStreamTrack(), direction="sendrecv")
        video.setCodecPreferences(video_codecs(self.codec))

    def take_offer(self):
        # The offered sections take our tracks; video in the one codec.
        for transceiver in self.pc.getTransceivers():
            if transceiver.kind == "audio":
                self.pc.addTrack(AudioStreamTrack())
            else:
                self.pc.addTrack(VideoStreamTrack())
                transceiver.setCodecPreferences(video_codecs(self.codec))

    def negotiated_codec(self):
        """The video codec of aiortc's offer or answer, with its H.264
        profile, as both sides use it."""
        if not self.pc.localDescription or not self.pc.remoteDescription:
            return None
        local = self.pc.localDescription.sdp
        for line in local.splitlines():
            if line.startswith("a=rtpmap:") and ("VP8" in line or "H264" in line):
                payload_type, codec = line[len("a=rtpmap:"):].split(" ", 1)
                if "H264" in codec:
                    fmtp = [f for f in local.splitlines()
                            if f.startswith(f"a=fmtp:{payload_type} ")]
                    # Both descriptions must name the same profile.
                    if not fmtp or "profile-level-id=42e01f" not in fmtp[0] or \
                            "profile-level-id=42e01f" not in self.pc.remoteDescription.sdp:
                        return f"{codec} (not 42e01f: {fmtp})"
                    codec += " profile-level-id=42e01f packetization-mode=1"
                return codec
        return None

    def negotiated_audio_codec(self):
        """The audio codec of the first audio format in aiortc's offer or
        answer, if the other side's description lists it too."""
        if not self.pc.localDescription or not self.pc.remoteDescription:
            return None
        local = self.pc.localDescription.sdp.splitlines()
        remote = self.pc.remoteDescription.sdp
        for index, line in enumerate(local):
            if line.startswith("m=audio "):
                payload_type = line.split()[3]
                for attribute in local[index:]:
                    if attribute.startswith(f"a=rtpmap:{payload_type} "):
                        codec = attribute.split(" ", 1)[1]
                        return codec if codec.lower() in remote.lower() else None
        return None

    async def close(self):
        for receiver in self.receivers:
            receiver.cancel()
        await self.pc.close()


async def run_case(gst_call, port, codec, aiortc_offers):
    direction = "aiortc offers" if aiortc_offers else "libgstcall offers"
    room = f"aiortc-{codec}-{'a' if aiortc_offers else 'g'}-{int(time.time() * 1000)}"
    uri = f"ws://127.0.0.1:{port}/ws?room={room}"
    peer = AiortcPeer(uri, codec, aiortc_offers)
    stop = asyncio.Event()
    dial = None
    task = None
    started = time.monotonic()
    try:
        dial_argv = [gst_call, "dial", uri, "--video-codec", codec,
                     "--video-size", "320x240"]
        if aiortc_offers:
            # libgstcall waits in the room; aiortc joins second and offers.
            dial = Child(f"dial {codec}", dial_argv, env=gst_call_env())
            await asyncio.get_running_loop().run_in_executor(
                None, dial.wait_line, r"waiting for a call", 20)
            task = asyncio.ensure_future(peer.run(stop))
        else:
            # aiortc waits in the room; libgstcall joins second and offers.
            task = asyncio.ensure_future(peer.run(stop))
            await asyncio.wait_for(peer.joined.wait(), 20 * SCALE)
            dial = Child(f"dial {codec}", dial_argv, env=gst_call_env())

        deadline = time.monotonic() + 40 * SCALE
        while time.monotonic() < deadline and not task.done():
            app = dial.stats()
            if (peer.frames["video"] > MIN_FRAMES and peer.frames["audio"] > MIN_AUDIO_FRAMES
                    and app and int(app["video-frames-received"]) > MIN_FRAMES
                    and int(app["audio-frames-received"]) > MIN_AUDIO_FRAMES):
                break
            await asyncio.sleep(0.2)
        if task.done() and task.exception():
            raise task.exception()
        app = dial.stats() or {}
        result = (f"{codec} + opus, {direction}: aiortc decoded {peer.frames['video']} video "
                  f"and {peer.frames['audio']} audio frames, libgstcall decoded "
                  f"{app.get('video-frames-received', 0)} video and "
                  f"{app.get('audio-frames-received', 0)} audio frames; "
                  f"video codec in aiortc's SDP: {peer.negotiated_codec()}, "
                  f"audio: {peer.negotiated_audio_codec()}; "
                  f"{time.monotonic() - started:.1f} s")
        log(result)
        ok = (peer.frames["video"] > MIN_FRAMES and peer.frames["audio"] > MIN_AUDIO_FRAMES
              and int(app.get("video-frames-received", 0)) > MIN_FRAMES
              and int(app.get("audio-frames-received", 0)) > MIN_AUDIO_FRAMES
              and (peer.negotiated_codec() or "").upper().startswith(codec.upper())
              and "not 42e01f" not in (peer.negotiated_codec() or "")
              and (peer.negotiated_audio_codec() or "").lower().startswith("opus/48000"))
        dial.check_criticals()
        return ok, result
    finally:
        stop.set()
        if task is not None:
            await asyncio.wait([task], timeout=5)
        await peer.close()
        if dial is not None:
            dial.stop()


async def main_async(gst_call):
    serve, url = start_server(gst_call)
    port = int(url.rsplit(":", 1)[1].strip("/"))
    results = []
    try:
        for codec in ("vp8", "h264"):
            for aiortc_offers in (True, False):
                results.append(await run_case(gst_call, port, codec, aiortc_offers))
        serve.check_criticals()
    finally:
        serve.stop()
    log("\nsummary:")
    for ok, result in results:
        log(f"  {'ok  ' if ok else 'FAIL'} {result}")
    return 0 if all(ok for ok, _ in results) else 1


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    return asyncio.run(main_async(sys.argv[1]))


if __name__ == "__main__":
    sys.exit(main())
