#!/usr/bin/python3
"""Data channels between aiortc and libgstcall (`gst-call dial --chat`),
through the WebSocket signaling of `gst-call serve`, both ways:

- aiortc offers a call with only a data channel it opened ("aiortc");
  gst-call answers and opens its own ("chat") once connected;
- gst-call offers its call (media and its "chat" channel); aiortc answers,
  then opens "aiortc" in the running call.

On each of the two channels aiortc sends a text message (not ASCII only,
with control characters, which gst-call prints escaped),
a small and a 3000-byte binary message (more than one SCTP packet), which
gst-call must print in order, as text and as binary with the right sizes
and bytes; gst-call sends a text line and two binary ones (`/hex` lines on
its standard input) on every open channel, which aiortc must receive whole,
in order and with the right type (str or bytes).

usage: test-aiortc-datachannel.py GST_CALL
"""

import asyncio
import os
import re
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from interop_utils import SCALE, Child, gst_call_env, log, skip, start_server  # noqa: E402

try:
    import aioice.ice
    from aiortc_room import RoomPeer
except ImportError as error:
    skip(f"{error.name or error} is missing: install python3-aiortc and python3-websockets "
         "(tools/install-deps does)")

# Loopback only: aiortc gathers candidates on 127.0.0.1 and nowhere else.
aioice.ice.get_host_addresses = lambda use_ipv4, use_ipv6: ["127.0.0.1"]

AIORTC_LABEL = "aiortc"
APP_LABEL = "chat"  # what gst-call --chat opens


def pattern(length, seed):
    return bytes((i * 7 + seed) & 0xff for i in range(length))


def aiortc_messages(label):
    """What aiortc sends on the channel @label, in this order."""
    # Controls in text reach gst-call's terminal escaped.
    return [f"aiortc on {label}: grüße ✓\n\x1b[2J", bytes([0x00, 0xff, 0x10, 0x80, 0x7f]),
            pattern(3000, len(label))]


def app_messages(case):
    """What gst-call sends on every open channel, in this order."""
    return [f"libgstcall says hello ({case}) ✓", bytes([0xde, 0xad, 0xbe, 0xef]),
            pattern(3000, 99)]


def printed(message):
    """How gst-call prints @message (tests/interop knows the format of
    demos/gst-call-chat.c): text as text on one line, its controls escaped,
    binary as its size and first bytes."""
    if isinstance(message, str):
        escaped = "".join(
            {"\n": "\\n", "\t": "\\t", "\\": "\\\\"}.get(c) or
            (f"\\u{ord(c):04x}" if ord(c) < 0x20 or 0x7f <= ord(c) < 0xa0 else c)
            for c in message)
        return f"text: {escaped}"
    more = "…" if len(message) > 16 else ""
    return f"binary, {len(message)} bytes: {message[:16].hex()}{more}"


class AiortcPeer(RoomPeer):
    def __init__(self, uri, offers):
        super().__init__(uri, offers)
        self.channels = {}
        self.received = {}

        @self.pc.on("datachannel")
        def on_datachannel(channel):
            log(f"aiortc: libgstcall opened channel {channel.label!r}")
            self.watch(channel)
            if not self.offers and AIORTC_LABEL not in self.channels:
                # In the running call: over the association already there.
                self.watch(self.pc.createDataChannel(AIORTC_LABEL))

    def watch(self, channel):
        self.channels[channel.label] = channel
        self.received[channel.label] = []

        @channel.on("message")
        def on_message(message):
            self.received[channel.label].append(message)

    def open_labels(self):
        return sorted(label for label, channel in self.channels.items()
                      if channel.readyState == "open")

    def add_to_offer(self):
        # A call with a data channel and nothing else. Answering, it takes
        # the app's offer as it is: its media is received, nothing sent back.
        self.watch(self.pc.createDataChannel(AIORTC_LABEL))


async def wait_for(condition, timeout, what, task):
    deadline = time.monotonic() + timeout * SCALE
    while not condition():
        if task.done():
            if task.exception():
                raise task.exception()
            raise RuntimeError(f"{what}: aiortc's signaling ended first")
        if time.monotonic() > deadline:
            raise TimeoutError(f"{what}: not within {timeout * SCALE:.0f} s")
        await asyncio.sleep(0.1)


def app_lines(dial, label):
    """What gst-call printed as received on the channel @label, in order."""
    prefix = re.compile(rf"^call: channel “{re.escape(label)}”: ((text|binary).*)$")
    return [m.group(1) for m in (prefix.match(line) for line in list(dial.lines)) if m]


async def run_case(gst_call, port, aiortc_offers):
    case = "aiortc offers" if aiortc_offers else "libgstcall offers"
    room = f"aiortc-dc-{'a' if aiortc_offers else 'g'}-{int(time.time() * 1000)}"
    uri = f"ws://127.0.0.1:{port}/ws?room={room}"
    peer = AiortcPeer(uri, aiortc_offers)
    stop = asyncio.Event()
    dial = None
    task = None
    started = time.monotonic()
    labels = [AIORTC_LABEL, APP_LABEL]
    try:
        dial_argv = [gst_call, "dial", uri, "--chat", "--video-size", "160x120"]
        if aiortc_offers:
            # libgstcall waits in the room; aiortc joins second and offers.
            dial = Child("dial", dial_argv, env=gst_call_env(), stdin=True)
            await asyncio.get_running_loop().run_in_executor(
                None, dial.wait_line, r"waiting for a call", 20)
            task = asyncio.ensure_future(peer.run(stop))
        else:
            # aiortc waits in the room; libgstcall joins second and offers.
            task = asyncio.ensure_future(peer.run(stop))
            await asyncio.wait_for(peer.joined.wait(), 20 * SCALE)
            dial = Child("dial", dial_argv, env=gst_call_env(), stdin=True)

        # Both channels open at both ends.
        await wait_for(lambda: peer.open_labels() == sorted(labels), 30,
                       f"{case}: both channels open in aiortc", task)
        await wait_for(lambda: all(dial.has_line(rf"^call: channel “{label}”: open$")
                                   for label in labels), 15,
                       f"{case}: both channels open in libgstcall", task)
        opened = time.monotonic() - started

        # aiortc -> libgstcall, on each channel.
        for label in labels:
            for message in aiortc_messages(label):
                peer.channels[label].send(message)
        # libgstcall -> aiortc, on every open channel.
        for message in app_messages(case):
            dial.send_line(message if isinstance(message, str) else f"/hex {message.hex()}")

        expected_app = {label: [printed(m) for m in aiortc_messages(label)] for label in labels}
        await wait_for(lambda: all(len(app_lines(dial, label)) >= 3 for label in labels), 15,
                       f"{case}: libgstcall received aiortc's messages", task)
        await wait_for(lambda: all(len(peer.received[label]) >= 3 for label in labels), 15,
                       f"{case}: aiortc received libgstcall's messages", task)
        for label in labels:
            got = app_lines(dial, label)
            if got != expected_app[label]:
                raise AssertionError(f"{case}: libgstcall printed on {label!r}: {got}, "
                                     f"expected {expected_app[label]}")
            got = peer.received[label]
            expected = app_messages(case)
            if got != expected or [type(m) for m in got] != [type(m) for m in expected]:
                raise AssertionError(f"{case}: aiortc received on {label!r}: "
                                     f"{str([printed(m) for m in got])[:400]}, expected "
                                     f"{[printed(m) for m in expected]}")
        dial.check_criticals()
        log(f"{case}: channels {labels} open after {opened:.1f} s; 3 messages each way on "
            f"each (text, 5 and 3000 bytes / text, 4 and 3000 bytes) arrived whole and in "
            f"order; {time.monotonic() - started:.1f} s in all")
    finally:
        stop.set()
        if task is not None:
            await asyncio.wait([task], timeout=5)
        await peer.pc.close()
        if dial is not None:
            dial.stop()


async def main_async(gst_call):
    serve, url = start_server(gst_call)
    port = int(url.rsplit(":", 1)[1].strip("/"))
    try:
        for aiortc_offers in (True, False):
            await run_case(gst_call, port, aiortc_offers)
        serve.check_criticals()
    finally:
        serve.stop()
    return 0


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    return asyncio.run(main_async(sys.argv[1]))


if __name__ == "__main__":
    sys.exit(main())
