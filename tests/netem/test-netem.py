#!/usr/bin/python3
# Checks the link emulator (tools/netem-run, tools/netem/netem-link.c)
# against what it was told: rate, schedule, trace, delay, jitter, random and
# Gilbert-Elliott loss, measured by UDP packets sent through it from
# namespace A to B (or back), and its per-packet log against what arrived.
# Copyright (C) 2026 The libgstcall authors
# SPDX-License-Identifier: LGPL-2.1-or-later
"""TAP test. Needs root for the namespaces: skips without it, fails under
CI=true. `test-netem.py --probe SPEC OUT` is the part that runs inside
namespace A (a UDP sender and, through setns, a receiver in B)."""

import ctypes
import json
import os
import select
import signal
import socket
import statistics
import struct
import subprocess
import sys
import tempfile
import time

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
NETEM_RUN = os.path.join(TOP, "tools", "netem-run")
IP_UDP_HEADER = 28
CLONE_NEWNET = 0x40000000
SO_TIMESTAMPNS = 35


def socket_in_namespace(path, address, port):
    """A UDP socket bound in another network namespace: it stays there."""
    libc = ctypes.CDLL(None, use_errno=True)
    here = os.open("/proc/self/ns/net", os.O_RDONLY)
    there = os.open(path, os.O_RDONLY)
    try:
        if libc.setns(there, CLONE_NEWNET) != 0:
            raise OSError(ctypes.get_errno(), "setns " + path)
        sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4 << 20)
        sock.setsockopt(socket.SOL_SOCKET, SO_TIMESTAMPNS, 1)
        sock.bind((address, port))
        if libc.setns(here, CLONE_NEWNET) != 0:
            raise OSError(ctypes.get_errno(), "setns back")
    finally:
        os.close(here)
        os.close(there)
    return sock


def probe(spec, out_path):
    """Sends spec['count'] packets of spec['size'] bytes (IP) at
    spec['rate_bps'] from one side to the other; records per packet the send
    time and the kernel's receive time (CLOCK_REALTIME, in ns)."""
    up = spec.get("direction", "up") == "up"
    a, b = os.environ["NETEM_ADDRESS_A"], os.environ["NETEM_ADDRESS_B"]
    src_ns, dst_ns = (os.environ["NETEM_NS_A"], os.environ["NETEM_NS_B"])
    if not up:
        src_ns, dst_ns = dst_ns, src_ns
    src_addr, dst_addr = (a, b) if up else (b, a)
    receiver = socket_in_namespace(dst_ns, dst_addr, 5000)
    sender = socket_in_namespace(src_ns, src_addr, 0)
    receiver.setblocking(False)
    payload = spec["size"] - IP_UDP_HEADER
    interval = spec["size"] * 8 / spec["rate_bps"]
    sent, received = {}, {}

    def drain():
        while True:
            try:
                data, ancillary, _, _ = receiver.recvmsg(65536, 256)
            except BlockingIOError:
                return
            seq = struct.unpack_from("!I", data)[0]
            for level, kind, value in ancillary:
                if level == socket.SOL_SOCKET and kind == SO_TIMESTAMPNS:
                    seconds, nanoseconds = struct.unpack("qq", value[:16])
                    received[seq] = seconds * 10**9 + nanoseconds

    start = time.monotonic()
    restart_at = spec.get("restart_at")
    for seq in range(spec["count"]):
        due = start + seq * interval
        if restart_at is not None and due - start >= restart_at:
            # the link's schedule starts again from 0
            os.kill(int(os.environ["NETEM_LINK_PID"]), signal.SIGUSR1)
            restart_at = None
        while True:
            wait = due - time.monotonic()
            if wait <= 0:
                break
            select.select([receiver], [], [], wait)
            drain()
        sent[seq] = time.time_ns()
        sender.sendto(struct.pack("!I", seq) + bytes(payload - 4), (dst_addr, 5000))
        drain()
    end = time.monotonic() + spec.get("linger", 1.0)
    while time.monotonic() < end:
        select.select([receiver], [], [], 0.05)
        drain()
    with open(out_path, "w") as out:
        json.dump({"sent": sent, "received": received}, out)


class Tap:
    def __init__(self):
        self.count = 0
        self.failed = 0

    def check(self, ok, description, detail=""):
        self.count += 1
        if not ok:
            self.failed += 1
        print(f"{'ok' if ok else 'not ok'} {self.count} - {description}"
              + (f" # {detail}" if detail else ""), flush=True)


# The probe sends on time on a loaded machine only with a real-time
# priority (below the emulator's, tools/netem-run): without it, a rate test
# could measure the load of the machine instead of the link.
REALTIME = (["chrt", "-f", "5"]
            if subprocess.run(["chrt", "-f", "5", "true"], capture_output=True).returncode == 0
            else [])


def run(link_options, spec, workdir, name):
    out = os.path.join(workdir, name + ".json")
    log = os.path.join(workdir, name + ".log")
    command = [NETEM_RUN, *link_options, "--log", log, "--", *REALTIME,
               sys.executable, os.path.abspath(__file__), "--probe", json.dumps(spec), out]
    result = subprocess.run(command, capture_output=True, text=True, timeout=120)
    if result.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed ({result.returncode}):\n"
                           f"{result.stdout}{result.stderr}")
    with open(out) as file:
        data = json.load(file)
    sent = {int(k): v for k, v in data["sent"].items()}
    received = {int(k): v for k, v in data["received"].items()}
    events = []
    start_realtime_ns = None
    with open(log) as file:
        for line in file:
            if line.startswith("# start") or line.startswith("# restart"):
                # the last epoch: times after it count from it
                start_realtime_ns = int(line.split("realtime_us=")[1]) * 1000
            elif not line.startswith("#"):
                time_s, direction, event, size, sojourn = line.split()
                events.append((float(time_s), direction, event, int(size), float(sojourn)))
    return sent, received, events, start_realtime_ns


def rate_in_window(received, size, start_ns, begin_s, end_s):
    """bits/s received in [begin_s, end_s) after start_ns."""
    count = sum(1 for t in received.values() if begin_s <= (t - start_ns) / 1e9 < end_s)
    return count * size * 8 / (end_s - begin_s)


def within(value, target, fraction):
    return abs(value - target) <= abs(target) * fraction


def test_rate(tap, workdir):
    size = 1028
    sent, received, events, start = run(
        ["--up-rate", "2mbit", "--up-queue", "40pkts"],
        {"size": size, "count": 1500, "rate_bps": 3_000_000}, workdir, "rate")
    times = sorted(received.values())
    # the saturated part: from the first packet on, minus the first and last 0.5 s
    begin, end = (times[0] - start) / 1e9 + 0.5, (times[-1] - start) / 1e9 - 0.5
    rate = rate_in_window(received, size, start, begin, end)
    tap.check(within(rate, 2_000_000, 0.03), "fixed rate: 2 Mbit/s measured within 3%",
              f"{rate / 1e6:.3f} Mbit/s")
    drops = sum(1 for e in events if e[2] == "q")
    delivered = sum(1 for e in events if e[2] == "d")
    tap.check(drops == len(sent) - len(received) and delivered == len(received),
              "fixed rate: the log's queue drops and deliveries are what the receiver saw",
              f"log {drops} drops {delivered} delivered; sent {len(sent)} received {len(received)}")
    # a full 40-packet queue at 2 Mbit/s waits 40 * 1028 * 8 / 2e6 = 164 ms
    sojourns = [e[4] for e in events if e[2] == "d"]
    tap.check(150 <= max(sojourns) <= 175, "fixed rate: a 40-packet queue holds 164 ms at most",
              f"max sojourn {max(sojourns):.1f} ms")


def one_way_delays_ms(sent, received):
    return [(received[seq] - sent[seq]) / 1e6 for seq in received]


def test_delay(tap, workdir):
    for direction, options, target in (
            ("up", ["--up-delay", "40ms", "--down-delay", "10ms"], 40.0),
            ("down", ["--up-delay", "40ms", "--down-delay", "10ms"], 10.0)):
        sent, received, _, _ = run(options, {"size": 200, "count": 200, "rate_bps": 80_000,
                                             "direction": direction}, workdir, "delay-" + direction)
        delays = one_way_delays_ms(sent, received)
        median = statistics.median(delays)
        # 1 ms for the user-space hops and the probe's own timing
        tap.check(len(received) == len(sent) and abs(median - target) <= max(0.02 * target, 1.0),
                  f"delay {direction}: {target:.0f} ms one way",
                  f"median {median:.2f} ms, min {min(delays):.2f}, max {max(delays):.2f}")
    sent, received, _, _ = run(["--up-delay", "50ms", "--up-jitter", "10ms"],
                               {"size": 200, "count": 300, "rate_bps": 64_000}, workdir, "jitter")
    delays = one_way_delays_ms(sent, received)
    order = [seq for seq, _ in sorted(received.items(), key=lambda item: item[1])]
    # a packet every 25 ms, more than the 20 ms the delay varies by: no
    # packet has to wait for the one before it, so the delay stays
    # uniform in 40..60 ms: mean 50, standard deviation 20 / sqrt(12) = 5.8 ms;
    # percentiles, not extremes, within 5% of the bounds: a loaded machine
    # may delay a wake-up by a millisecond or two
    centiles = statistics.quantiles(delays, n=100)
    tap.check(abs(statistics.median(delays) - 50) <= 1.5 and 38 <= centiles[0]
              and centiles[-1] <= 63 and 4.5 <= statistics.pstdev(delays) <= 7.0,
              "jitter: 50 +- 10 ms uniform", f"median {statistics.median(delays):.2f}, sd "
              f"{statistics.pstdev(delays):.2f}, p1 {centiles[0]:.1f}, p99 {centiles[-1]:.1f} ms")
    tap.check(order == sorted(order), "jitter: no packet reordered")
    sent, received, _, _ = run(["--up-rate", "1mbit", "--up-delay", "20ms"],
                               {"size": 1250, "count": 100, "rate_bps": 200_000}, workdir,
                               "delay-rate")
    median = statistics.median(one_way_delays_ms(sent, received))
    # 20 ms plus 10 ms to serialise 1250 bytes at 1 Mbit/s
    tap.check(abs(median - 30.0) <= 1.0, "delay at 1 Mbit/s: 20 ms + 10 ms serialisation",
              f"median {median:.2f} ms")


def test_loss(tap, workdir):
    sent, received, events, _ = run(["--up-loss", "5%", "--seed", "7"],
                                    {"size": 100, "count": 5000, "rate_bps": 800_000},
                                    workdir, "loss")
    loss = 1 - len(received) / len(sent)
    # binomial: 3 standard deviations of 5000 draws are 0.9 percentage points
    tap.check(abs(loss - 0.05) <= 0.009, "random loss: 5%", f"{loss * 100:.2f}%")
    lost_logged = sum(1 for e in events if e[2] == "l")
    tap.check(lost_logged == len(sent) - len(received), "random loss: the log counts each loss",
              f"log {lost_logged}, missing {len(sent) - len(received)}")
    again, received_again, _, _ = run(["--up-loss", "5%", "--seed", "7"],
                                      {"size": 100, "count": 5000, "rate_bps": 800_000},
                                      workdir, "loss-again")
    tap.check(set(received_again) == set(received), "random loss: the same seed loses the "
              "same packets")

    sent, received, _, _ = run(["--up-gilbert", "2%,25%", "--seed", "3"],
                               {"size": 100, "count": 8000, "rate_bps": 1_600_000},
                               workdir, "gilbert")
    lost = [seq not in received for seq in range(len(sent))]
    bursts, length = [], 0
    for is_lost in lost + [False]:
        if is_lost:
            length += 1
        elif length:
            bursts.append(length)
            length = 0
    loss = sum(lost) / len(lost)
    # stationary loss p / (p + r) = 7.4%, mean burst 1 / r = 4 packets
    tap.check(abs(loss - 0.074) <= 0.02 and abs(statistics.mean(bursts) - 4.0) <= 1.0,
              "Gilbert-Elliott loss: 7.4% in bursts of 4",
              f"{loss * 100:.2f}% in {len(bursts)} bursts of {statistics.mean(bursts):.2f}")


def test_schedule(tap, workdir):
    size = 1028
    _, received, _, start = run(["--up-rate", "3mbit for 3s, 1mbit for 3s, 3mbit",
                                 "--up-queue", "30pkts"],
                                {"size": size, "count": 4400, "rate_bps": 4_000_000},
                                workdir, "schedule")
    for begin, end, target in ((1.0, 2.8, 3e6), (3.6, 5.8, 1e6), (6.6, 8.0, 3e6)):
        rate = rate_in_window(received, size, start, begin, end)
        tap.check(within(rate, target, 0.03),
                  f"schedule: {target / 1e6:.0f} Mbit/s from {begin} to {end} s",
                  f"{rate / 1e6:.3f} Mbit/s")


def test_restart(tap, workdir):
    size = 1028
    _, received, _, start = run(["--up-rate", "1mbit for 2s, 3mbit", "--up-queue", "20pkts"],
                                {"size": size, "count": 3700, "rate_bps": 4_000_000,
                                 "restart_at": 3.5}, workdir, "restart")
    # start is the restart: the schedule's 1 Mbit/s again, then 3 Mbit/s
    for begin, end, target in ((-1.2, -0.1, 3e6), (0.3, 1.8, 1e6), (2.4, 3.5, 3e6)):
        rate = rate_in_window(received, size, start, begin, end)
        tap.check(within(rate, target, 0.03),
                  f"restart (SIGUSR1): {target / 1e6:.0f} Mbit/s from {begin} to {end} s",
                  f"{rate / 1e6:.3f} Mbit/s")


def test_trace(tap, workdir):
    # 1 opportunity per ms for 1 s, then 1 per 3 ms for 1 s: 12 and 4 Mbit/s
    trace = os.path.join(workdir, "steps.trace")
    with open(trace, "w") as file:
        times = list(range(1, 1001)) + list(range(1003, 2001, 3))
        file.write("\n".join(str(t) for t in times) + "\n")
    size = 1428
    _, received, events, start = run(["--up-trace", trace, "--up-queue", "60pkts"],
                                     {"size": size, "count": 4200, "rate_bps": 16_000_000},
                                     workdir, "trace")
    opportunities = [t for period in range(10) for t in (p + 2000 * period for p in times)]
    first = (min(received.values()) - start) / 1e9 + 0.2
    for begin, end in ((first, first + 0.6), (first + 1.0, first + 1.6)):
        # the repeating trace's capacity in the window, bits
        capacity = sum(1 for t in opportunities if begin * 1000 <= t < end * 1000) * 1500 * 8
        # Opportunities are counted at the emulator; arrivals at the receiver
        # lag by the hop, a fraction of a ms.
        rate = rate_in_window(received, size, start, begin, end)
        tap.check(within(rate, capacity / (end - begin), 0.03),
                  f"trace: capacity from {begin:.1f} to {end:.1f} s",
                  f"{rate / 1e6:.3f} Mbit/s measured, {capacity / (end - begin) / 1e6:.3f} in the trace")
    tap.check(any(e[2] == "q" for e in events), "trace: the queue overflowed as it should")


def main():
    if len(sys.argv) == 4 and sys.argv[1] == "--probe":
        probe(json.loads(sys.argv[2]), sys.argv[3])
        return 0
    if os.geteuid() != 0 or subprocess.run(["unshare", "-n", "true"]).returncode != 0:
        if os.environ.get("CI") == "true":
            print("Bail out! the link emulator needs root for network namespaces, in CI too")
            return 1
        print("1..0 # SKIP the link emulator needs root (network namespaces, TUN devices)")
        return 0
    tap = Tap()
    with tempfile.TemporaryDirectory(prefix="test-netem-") as workdir:
        for test in (test_rate, test_delay, test_loss, test_schedule, test_restart,
                     test_trace):
            try:
                test(tap, workdir)
            except Exception as error:  # a failed run is a failed test, not a crash
                tap.check(False, test.__name__, str(error).replace("\n", " | ")[:2000])
    print(f"1..{tap.count}")
    return 1 if tap.failed else 0


if __name__ == "__main__":
    sys.exit(main())
