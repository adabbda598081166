#!/usr/bin/python3
# One measurement of data channel throughput between two aiortc peers.
# Copyright (C) 2026 The libgstcall authors
# SPDX-License-Identifier: LGPL-2.1-or-later
"""Two aiortc peers in this process, connected on 127.0.0.1 (no STUN
server), one reliable ordered data channel: the offerer sends --megabytes
MiB in binary messages of --message-size bytes, as fast as the channel takes
them (it keeps at most --high-water bytes buffered and waits for
`bufferedamountlow`, at a quarter of that, before sending more); the
answerer checks that every message arrives whole and in order (each carries
its sequence number). The same work as `bench-datachannel --mode=gstcall`
(bench/datachannel.c); bench/datachannel runs both, alternating.

Prints one line of key=value pairs:

    mode=aiortc bytes=N seconds=S mb_per_s=R cpu_s=C connected_ms=T

seconds: from the channel's open on the sender to the last byte received;
mb_per_s: MiB per second over that time; cpu_s: CPU seconds the process
(both peers) spent in it.
"""

import argparse
import asyncio
import resource
import struct
import sys
import time

import aioice.ice
from aiortc import RTCConfiguration, RTCPeerConnection

# Loopback only: aiortc gathers candidates on 127.0.0.1 and nowhere else.
aioice.ice.get_host_addresses = lambda use_ipv4, use_ipv6: ["127.0.0.1"]

MIB = 1024 * 1024


def cpu_seconds():
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def message(sequence, size):
    """@size bytes: the sequence number, then a pattern that depends on it."""
    head = struct.pack(">Q", sequence)
    fill = bytes([sequence & 0xff]) * (size - len(head))
    return head + fill


async def measure(args):
    total = int(args.megabytes * MIB)
    count = (total + args.message_size - 1) // args.message_size
    started = time.monotonic()
    sender = RTCPeerConnection(RTCConfiguration(iceServers=[]))
    receiver = RTCPeerConnection(RTCConfiguration(iceServers=[]))
    channel = sender.createDataChannel("bench", ordered=True)
    opened = asyncio.Event()
    done = asyncio.Event()
    low = asyncio.Event()
    state = {"received": 0, "bytes": 0, "error": None, "opened_at": None,
             "cpu_at_open": None, "finished_at": None, "cpu_at_end": None}

    @channel.on("open")
    def on_open():
        state["opened_at"] = time.monotonic()
        state["cpu_at_open"] = cpu_seconds()
        opened.set()

    @channel.on("bufferedamountlow")
    def on_low():
        low.set()

    @receiver.on("datachannel")
    def on_datachannel(remote):
        @remote.on("message")
        def on_message(data):
            if isinstance(data, str):
                state["error"] = "a text message arrived"
            elif len(data) < 8 or struct.unpack(">Q", data[:8])[0] != state["received"]:
                state["error"] = (f"message {state['received']} is out of order or "
                                  f"broken ({len(data)} bytes)")
            elif data != message(state["received"], len(data)):
                state["error"] = f"message {state['received']} has other content"
            state["received"] += 1
            state["bytes"] += len(data)
            if state["error"] or state["received"] == count:
                state["finished_at"] = time.monotonic()
                state["cpu_at_end"] = cpu_seconds()
                done.set()

    await sender.setLocalDescription(await sender.createOffer())
    await receiver.setRemoteDescription(sender.localDescription)
    await receiver.setLocalDescription(await receiver.createAnswer())
    await sender.setRemoteDescription(receiver.localDescription)

    await asyncio.wait_for(opened.wait(), args.timeout)
    connected_ms = (state["opened_at"] - started) * 1000
    channel.bufferedAmountLowThreshold = args.high_water // 4
    for sequence in range(count):
        size = min(args.message_size, total - sequence * args.message_size)
        while channel.bufferedAmount + size > args.high_water:
            low.clear()
            await asyncio.wait_for(low.wait(), args.timeout)
        channel.send(message(sequence, size))
    await asyncio.wait_for(done.wait(), args.timeout)
    await sender.close()
    await receiver.close()
    if state["error"]:
        raise RuntimeError(state["error"])

    seconds = state["finished_at"] - state["opened_at"]
    print(f"mode=aiortc bytes={state['bytes']} seconds={seconds:.3f} "
          f"mb_per_s={state['bytes'] / MIB / seconds:.2f} "
          f"cpu_s={state['cpu_at_end'] - state['cpu_at_open']:.2f} "
          f"connected_ms={connected_ms:.0f}", flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--megabytes", type=float, default=16,
                        help="MiB to send (default 16)")
    parser.add_argument("--message-size", type=int, default=16384,
                        help="bytes per message (default 16384)")
    parser.add_argument("--high-water", type=int, default=MIB,
                        help="most bytes buffered in the channel (default 1 MiB)")
    parser.add_argument("--timeout", type=float, default=120,
                        help="seconds to give up after (default 120)")
    args = parser.parse_args()
    if args.message_size < 8:
        sys.exit("--message-size must be at least 8")
    asyncio.run(measure(args))
    return 0


if __name__ == "__main__":
    sys.exit(main())
