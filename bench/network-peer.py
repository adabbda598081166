#!/usr/bin/python3
# One end of a bench/network call, run inside its network namespace.
# Copyright (C) 2026 The libgstcall authors
# SPDX-License-Identifier: LGPL-2.1-or-later
"""One peer of a measured call: libgstcall (GstCall, through the Python
bindings) or headless Chromium (driven by Selenium, bench/network-page.html).

    network-peer.py --role receive --impl gstcall|chromium --address ADDRESS --port PORT ...
    network-peer.py --role send --impl gstcall|chromium --address SERVER_ADDRESS --port PORT ...

The receiver runs the signaling server (GstCallSignalingServer) on
ADDRESS:PORT and waits in room "bench"; the sender joins, offers, sends the
clip (bench/network_clip.py) for --duration seconds after the call is
connected and hangs up. Both write JSON to --out: the sender the capture
time of every frame (frame number, ns since the epoch), the receiver for
every frame it displayed the arrival time, the number read from the
barcode (-1: unreadable), the size and the PSNR against the clip. One clock
(CLOCK_REALTIME) serves both: they run on one machine.
"""

import argparse
import json
import os
import signal
import sys
import tempfile
import threading
import time

import numpy

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import network_clip  # noqa: E402

ROOM = "bench"
CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
PAGE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "network-page.html")


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--role", choices=("send", "receive"), required=True)
    parser.add_argument("--impl", choices=("gstcall", "chromium"), required=True)
    parser.add_argument("--address", required=True,
                        help="receiver: address to listen on; sender: the receiver's")
    parser.add_argument("--port", type=int, default=8443)
    parser.add_argument("--clip", required=True, help="the clip (network_clip.ensure)")
    parser.add_argument("--duration", type=float, default=30.0,
                        help="seconds of call after it is connected")
    parser.add_argument("--out", required=True)
    parser.add_argument("--latency", type=int,
                        help="libgstcall receiver: jitterbuffer latency in ms "
                        "(default: the library's)")
    return parser.parse_args()


def log(message):
    print(f"network-peer: {message}", file=sys.stderr, flush=True)


def restart_link():
    """The call is connected: the link's schedule or trace starts from 0
    (tools/netem-run), so that every call meets the same part of it."""
    if os.environ.get("NETEM_LINK_PID"):
        os.kill(int(os.environ["NETEM_LINK_PID"]), signal.SIGUSR1)


# --- libgstcall ------------------------------------------------------------

def gi_modules():
    import gi
    gi.require_version("Gst", "1.0")
    gi.require_version("GstVideo", "1.0")
    gi.require_version("GstCall", "1.0")
    from gi.repository import GLib, Gst, GstCall, GstVideo
    Gst.init(None)
    return GLib, Gst, GstCall, GstVideo


class GstCallSender:
    """Pushes the clip into an appsrc at its frame rate, as a camera would,
    and logs when each frame is pushed (its capture time)."""

    def __init__(self, args):
        self.GLib, self.Gst, self.GstCall, _ = gi_modules()
        self.args = args
        self.clip = network_clip.Clip(args.clip)
        self.loop = self.GLib.MainLoop()
        self.frames = []
        self.stop = threading.Event()
        self.result = {"impl": "gstcall", "role": "send"}
        Gst = self.Gst
        self.source = Gst.ElementFactory.make("appsrc", "bench-clip")
        self.source.set_property("caps", Gst.Caps.from_string(
            f"video/x-raw,format=I420,width={network_clip.WIDTH},height={network_clip.HEIGHT},"
            f"framerate={network_clip.FPS}/1"))
        self.source.set_property("is-live", True)
        self.source.set_property("format", Gst.Format.TIME)
        self.source.set_property("do-timestamp", True)
        # as a camera: frames nobody takes in time are dropped, oldest first,
        # not queued (before the call runs, or behind a slow encoder)
        self.source.set_property("max-buffers", 2)
        self.source.set_property("leaky-type", "downstream")
        self.call = self.GstCall.Call.new()
        self.call.set_video_source(self.source)
        self.call.connect("ended", self.on_ended)
        self.attempts = 0

    def push_frames(self):
        Gst = self.Gst
        interval = 1.0 / network_clip.FPS
        start = time.monotonic()
        number = 0
        while not self.stop.is_set():
            due = start + number * interval
            wait = due - time.monotonic()
            if wait > 0:
                time.sleep(wait)
            buffer = Gst.Buffer.new_wrapped(self.clip.i420(number))
            self.frames.append((number % network_clip.FRAMES, time.time_ns()))
            if self.source.emit("push-buffer", buffer) != Gst.FlowReturn.OK:
                break
            number += 1

    def join(self):
        self.attempts += 1
        uri = f"ws://{self.args.address}:{self.args.port}/ws?room={ROOM}"
        self.signaller = self.GstCall.CallWebSocketSignaller.new(uri, None)
        self.signaller.connect_async(None, self.on_joined)
        return False

    def on_joined(self, signaller, result):
        try:
            ok, peers = signaller.connect_finish(result)
        except self.GLib.Error as error:
            ok, peers = False, 0
            if self.attempts % 10 == 0:
                log(f"signaling: {error.message}, trying again")
        if not ok or peers == 0:
            if ok:
                signaller.close()
            if self.attempts > 120:
                self.fail("the receiver never joined the room")
                return
            self.GLib.timeout_add(250, self.join)
            return
        self.call.set_signaller(signaller)
        self.result["dial_ns"] = time.time_ns()
        self.call.dial_async(None, None, self.on_connected)

    def on_connected(self, call, result):
        try:
            call.dial_finish(result)
        except self.GLib.Error as error:
            self.fail(f"the call failed: {error.message}")
            return
        self.result["connected_ns"] = time.time_ns()
        restart_link()
        log("connected")
        self.GLib.timeout_add(int(self.args.duration * 1000), self.on_duration_over)

    def on_duration_over(self):
        self.result["hangup_ns"] = time.time_ns()
        self.call.hangup()
        return False

    def on_ended(self, call, reason):
        if reason:
            self.result["error"] = reason.message
        self.loop.quit()

    def fail(self, message):
        self.result["error"] = message
        log(message)
        self.loop.quit()

    def run(self):
        pusher = threading.Thread(target=self.push_frames, daemon=True)
        pusher.start()
        self.join()
        self.GLib.timeout_add(int((self.args.duration + 90) * 1000), self.fail,
                              "timed out")
        self.loop.run()
        self.stop.set()
        pusher.join()
        self.result["frames"] = self.frames
        return self.result


class FrameRecorder:
    """What a receiver saw: one entry per displayed frame."""

    def __init__(self, clip_path):
        self.clip = network_clip.Clip(clip_path)
        self.frames = []

    def add(self, arrived_ns, luma):
        number = network_clip.read_number(luma)
        quality = network_clip.psnr(luma, self.clip.luma(number)) if number >= 0 else None
        self.frames.append((number, arrived_ns, luma.shape[1], luma.shape[0], quality))


class GstCallReceiver:
    def __init__(self, args):
        self.GLib, self.Gst, self.GstCall, self.GstVideo = gi_modules()
        Gst = self.Gst
        self.args = args
        self.loop = self.GLib.MainLoop()
        self.recorder = FrameRecorder(args.clip)
        self.result = {"impl": "gstcall", "role": "receive"}
        self.server = self.GstCall.CallSignalingServer.new(None)
        self.server.listen(args.address, args.port)
        self.call = self.GstCall.Call.new()
        self.call.props.send_video = False
        self.call.props.send_audio = False
        if args.latency is not None:
            self.call.props.latency = args.latency
        sink = Gst.parse_bin_from_description(
            "videoconvert ! video/x-raw,format=I420 ! "
            "appsink name=bench-sink sync=true emit-signals=true max-buffers=4", True)
        sink.get_by_name("bench-sink").connect("new-sample", self.on_sample)
        self.call.set_video_sink(sink)
        self.call.set_audio_sink(Gst.ElementFactory.make("fakesink"))
        self.call.connect("incoming-call", self.on_incoming)
        self.call.connect("ended", self.on_ended)
        uri = f"ws://{args.address}:{args.port}/ws?room={ROOM}"
        self.signaller = self.GstCall.CallWebSocketSignaller.new(uri, None)
        self.call.set_signaller(self.signaller)

    def on_sample(self, sink):
        arrived = time.time_ns()
        sample = sink.emit("pull-sample")
        info = self.GstVideo.VideoInfo.new_from_caps(sample.get_caps())
        buffer = sample.get_buffer()
        ok, mapping = buffer.map(self.Gst.MapFlags.READ)
        if ok:
            try:
                stride = info.stride[0]
                plane = numpy.frombuffer(mapping.data, dtype=numpy.uint8,
                                         count=stride * info.height)
                luma = plane.reshape(info.height, stride)[:, :info.width]
                self.recorder.add(arrived, luma)
            finally:
                buffer.unmap(mapping)
        return self.Gst.FlowReturn.OK

    def on_incoming(self, call):
        call.answer_async(None, self.on_answered)

    def on_answered(self, call, result):
        try:
            call.answer_finish(result)
            self.result["connected_ns"] = time.time_ns()
            log("connected")
        except self.GLib.Error as error:
            self.result["error"] = f"the call failed: {error.message}"
            self.loop.quit()

    def on_ended(self, call, reason):
        if reason:
            self.result["error"] = reason.message
        self.loop.quit()

    def on_joined(self, signaller, result):
        try:
            signaller.connect_finish(result)
            log("waiting in the room")
        except self.GLib.Error as error:
            self.result["error"] = f"signaling: {error.message}"
            self.loop.quit()

    def run(self):
        self.signaller.connect_async(None, self.on_joined)
        self.GLib.timeout_add(int((self.args.duration + 120) * 1000), self.loop.quit)
        self.loop.run()
        self.result["frames"] = self.recorder.frames
        return self.result


# --- Chromium ----------------------------------------------------------------

def run_chromium(args):
    """Chromium with the page; a receiver also runs the signaling server."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    server_thread = None
    if args.role == "receive":
        GLib, _, GstCall, _ = gi_modules()
        server = GstCall.CallSignalingServer.new(None)
        server.listen(args.address, args.port)
        context_loop = GLib.MainLoop()
        server_thread = threading.Thread(target=context_loop.run, daemon=True)
        server_thread.start()
    profile = tempfile.mkdtemp(prefix="bench-network-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync",
                 "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream",
                 f"--use-file-for-fake-video-capture={args.clip}",
                 "--allow-file-access-from-files",
                 # host candidates with their addresses, not mDNS names: the
                 # peer is not on a multicast-capable network
                 "--disable-features=WebRtcHideLocalIpsWithMdns",
                 "--autoplay-policy=no-user-gesture-required",
                 f"--user-data-dir={profile}"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    try:
        query = (f"role={args.role}&ws=ws://{args.address}:{args.port}/ws&room={ROOM}"
                 f"&duration={args.duration}&luma=file://{args.clip}.luma"
                 f"&width={network_clip.WIDTH}&height={network_clip.HEIGHT}"
                 f"&fps={network_clip.FPS}&frames={network_clip.FRAMES}")
        driver.get(f"file://{PAGE}?{query}")
        deadline = time.monotonic() + args.duration + 120
        restarted = args.role != "send"
        while time.monotonic() < deadline:
            if driver.execute_script("return window.benchDone === true"):
                break
            if not restarted and driver.execute_script("return window.benchConnected === true"):
                restart_link()
                restarted = True
            time.sleep(0.05 if not restarted else 0.5)
        result = driver.execute_script("return window.benchResult")
        if not result:
            result = {"error": "the page did not finish: " +
                      str(driver.execute_script("return window.benchLog || ''"))}
        frames = result.get("frames", [])
        # the page's times are ms since the epoch, as floats
        if args.role == "send":
            result["frames"] = [(number, int(t * 1e6)) for number, t in frames]
        else:
            result["frames"] = [(number, int(t * 1e6), w, h, q) for number, t, w, h, q in frames]
        for key in ("connected", "hangup", "dial"):
            if key in result:
                result[key + "_ns"] = int(result.pop(key) * 1e6)
        result.update({"impl": "chromium", "role": args.role})
        return result
    finally:
        driver.quit()


def main():
    args = parse_args()
    if args.impl == "gstcall":
        peer = GstCallSender(args) if args.role == "send" else GstCallReceiver(args)
        result = peer.run()
    else:
        result = run_chromium(args)
    with open(args.out, "w") as out:
        json.dump(result, out)
    if result.get("error"):
        log(result["error"])
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
