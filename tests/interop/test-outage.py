#!/usr/bin/python3
"""A network outage in the middle of a call between two `gst-call dial`
processes, each in a network namespace of its own.

The namespaces (made by this test, removed at the end) are joined by two
veth pairs: the media link (10.79.0.1 - 10.79.0.2, the only address ICE may
use) and the signalling link (10.79.1.1 - 10.79.1.2), on which `gst-call
serve` runs in the first namespace. Once the call is up and frames flow,
iptables DROPs every packet of the media link, in both directions and in
both namespaces; signalling stays up.

  comes-back: the link is restored after 10 s: both sides must decode
              frames again within 3 s of the restore (GST_CALL_TEST_TIMEOUT_SCALE
              stretches it), without dialling again, their states going
              connecting, active, reconnecting, active. The recovery times
              are printed.
  gives-up:   the link never comes back: the second, with --reconnect-timeout
              3, fails with the connection-lost error after the peer timeout
              (8 s) and those 3 s, and says bye; the first (which would try
              for 30 s) hears it through the signalling and ends.

usage: test-outage.py GST_CALL comes-back|gives-up
"""

import os
import queue
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from interop_utils import SCALE, Child, gst_call_env, log, skip  # noqa: E402

CUT_SECONDS = 10
RECOVERY_BUDGET = 3.0
PEER_TIMEOUT = 8  # GstCall's default
STATS_RE = re.compile(r"^stats call=\d+ (.*)$")


def run(*argv):
    subprocess.run(argv, check=True, capture_output=True, text=True)


def check(condition, what):
    if not condition:
        raise AssertionError(what)
    log(f"ok: {what}")


class Namespaces:
    """Two network namespaces, a media and a signalling veth pair."""

    def __init__(self):
        tag = f"gstcall-outage-{os.getpid()}"
        self.names = [f"{tag}-a", f"{tag}-b"]
        self.made = []
        for name in self.names:
            run("ip", "netns", "add", name)
            self.made.append(name)
            run("ip", "-n", name, "link", "set", "lo", "up")
        a, b = self.names
        run("ip", "-n", a, "link", "add", "media0", "type", "veth", "peer", "name", "media1",
            "netns", b)
        run("ip", "-n", a, "link", "add", "signal0", "type", "veth", "peer", "name", "signal1",
            "netns", b)
        for name, index in ((a, 0), (b, 1)):
            run("ip", "-n", name, "addr", "add", f"10.79.0.{index + 1}/24", "dev", f"media{index}")
            run("ip", "-n", name, "addr", "add", f"10.79.1.{index + 1}/24", "dev", f"signal{index}")
            run("ip", "-n", name, "link", "set", f"media{index}", "up")
            run("ip", "-n", name, "link", "set", f"signal{index}", "up")

    def argv(self, index, argv):
        return ["ip", "netns", "exec", self.names[index], *argv]

    def cut(self):
        for index, name in enumerate(self.names):
            run("ip", "netns", "exec", name, "iptables", "-A", "INPUT", "-i", f"media{index}",
                "-j", "DROP")
            run("ip", "netns", "exec", name, "iptables", "-A", "OUTPUT", "-o", f"media{index}",
                "-j", "DROP")

    def restore(self):
        for name in self.names:
            run("ip", "netns", "exec", name, "iptables", "-F")

    def remove(self):
        for name in self.made:
            subprocess.run(["ip", "netns", "del", name], capture_output=True)


class Peer:
    """A `gst-call dial` whose lines are timestamped as they come."""

    def __init__(self, name, argv):
        self.child = Child(name, argv, env=gst_call_env())
        self.name = name
        self.timed = []  # (monotonic time, line)

    def pump(self, timeout=0.05):
        try:
            line = self.child.queue.get(timeout=timeout)
        except queue.Empty:
            return True
        if line is None:
            return False
        self.timed.append((time.monotonic(), line))
        return True

    def wait(self, predicate, timeout, what):
        """The first (time, line) from now on for which @predicate holds."""
        deadline = time.monotonic() + timeout * SCALE
        start = len(self.timed)
        while True:
            for entry in self.timed[start:]:
                if predicate(entry[1]):
                    return entry
            start = len(self.timed)
            if time.monotonic() > deadline:
                raise TimeoutError(f"{self.name}: {what} within {timeout * SCALE:.0f} s")
            if not self.pump() and start == len(self.timed):
                raise RuntimeError(f"{self.name} exited ({self.child.process.wait()}) "
                                   f"before {what}")

    def drain(self):
        while self.pump(0):
            if self.child.queue.empty():
                break

    def states(self):
        return [line.split(": ", 1)[1] for _, line in self.timed if line.startswith("call: ")]


def stats_of(line):
    match = STATS_RE.match(line)
    return dict(item.split("=", 1) for item in match.group(1).split()) if match else None


def flowing(line, video=1, audio=1):
    fields = stats_of(line)
    return fields is not None and fields["state"] == "active" and \
        int(fields["video-frames-received"]) >= video and \
        int(fields["audio-frames-received"]) >= audio


def start_call(namespaces, gst_call, first_extra=(), second_extra=()):
    serve = Child("serve", namespaces.argv(0, [gst_call, "serve", "--port", "0",
                                               "--address", "10.79.1.1"]),
                  env=gst_call_env())
    port = serve.wait_line(r"https?://10\.79\.1\.1:(\d+)/", 20).group(1)
    room = f"ws://10.79.1.1:{port}/ws?room=outage"
    common = ["dial", room, "--video-size", "320x240", "--stats-interval", "200"]
    first = Peer("first", namespaces.argv(0, [gst_call, *common, "--ice-address", "10.79.0.1",
                                              *first_extra]))
    first.wait(lambda line: "waiting for a call" in line, 20, "joining the room")
    second = Peer("second", namespaces.argv(1, [gst_call, *common, "--ice-address", "10.79.0.2",
                                                *second_extra]))
    for peer in (first, second):
        peer.wait(lambda line: flowing(line, 30, 25), 30, "frames flowing")
    log("the call is up, frames flow both ways")
    return serve, first, second


def comes_back(namespaces, gst_call):
    serve, first, second = start_call(namespaces, gst_call)
    try:
        namespaces.cut()
        cut_at = time.monotonic()
        log(f"media link cut for {CUT_SECONDS} s")
        for peer in (first, second):
            at, _ = peer.wait(lambda line: line == "call: reconnecting", CUT_SECONDS,
                              "reconnecting during the cut")
            log(f"{peer.name}: reconnecting {at - cut_at:.2f} s after the cut")
        while time.monotonic() < cut_at + CUT_SECONDS:
            for peer in (first, second):
                peer.pump(0.02)
        check(all(peer.states()[-1] == "reconnecting" for peer in (first, second)),
              "no media came back while the link was cut")
        namespaces.restore()
        restored_at = time.monotonic()
        log("media link restored")

        recoveries = []
        for peer in (first, second):
            peer.wait(lambda line: line == "call: active", RECOVERY_BUDGET + 5,
                      "active again after the restore")
            at, line = peer.wait(lambda line: flowing(line), RECOVERY_BUDGET + 5,
                                 "frames decoded after the restore")
            recoveries.append(at - restored_at)
            log(f"{peer.name}: frames decoded again {at - restored_at:.2f} s after the "
                f"restore ({line})")
        log(f"recovery: {recoveries[0]:.2f} s (first), {recoveries[1]:.2f} s (second)")
        check(max(recoveries) <= RECOVERY_BUDGET * SCALE,
              f"both sides decode frames within {RECOVERY_BUDGET * SCALE:.1f} s of the restore")

        for peer in (first, second):
            peer.wait(lambda line: flowing(line, 30, 25), 10, "frames keep flowing")
            peer.drain()
            check(peer.states() == ["connecting", "active", "reconnecting", "active"],
                  f"{peer.name}: connecting, active, reconnecting, active ({peer.states()})")
        dialled = [line for line in first.child.lines + second.child.lines
                   if line.endswith(": calling")]
        check(len(dialled) == 1, f"nobody dialled again ({dialled})")

        second.child.stop()
        check(first.child.wait_exit(20) == 0, "the first sees the hang-up and exits 0")
        for child in (first.child, second.child, serve):
            child.check_criticals()
        return 0
    finally:
        for child in (first.child, second.child, serve):
            child.stop()


def gives_up(namespaces, gst_call):
    serve, first, second = start_call(namespaces, gst_call, second_extra=["--reconnect-timeout", "3"])
    try:
        namespaces.cut()
        cut_at = time.monotonic()
        log("media link cut for good")
        first.wait(lambda line: line == "call: reconnecting", PEER_TIMEOUT + 5,
                   "reconnecting during the cut")
        second.wait(lambda line: line == "call: failed", PEER_TIMEOUT + 3 + 10,
                    "failing after reconnect-timeout")
        status = second.child.wait_exit(10)
        failed_at = second.timed[-1][0]
        message = [line for line in second.child.lines if "reconnect-timeout" in line]
        log(f"second: failed {failed_at - cut_at:.2f} s after the cut, exit {status}: {message}")
        check(status == 1 and message, f"the second fails saying why: {message}")
        check(second.states()[-2:] == ["reconnecting", "failed"],
              f"second: reconnecting, then failed ({second.states()})")
        check(failed_at - cut_at >= PEER_TIMEOUT + 3 - 1, "the second tried for reconnect-timeout")

        first.wait(lambda line: line == "call: ended", 10, "hearing the bye")
        check(first.child.wait_exit(10) == 0, "the first hears the bye, ends and exits 0")
        check(first.states()[-2:] == ["reconnecting", "ended"],
              f"first: reconnecting, then ended ({first.states()})")
        for child in (first.child, second.child, serve):
            child.check_criticals()
        return 0
    finally:
        for child in (first.child, second.child, serve):
            child.stop()


def main():
    if len(sys.argv) != 3 or sys.argv[2] not in ("comes-back", "gives-up"):
        sys.exit(__doc__)
    gst_call, scenario = sys.argv[1], sys.argv[2]
    if os.geteuid() != 0 or subprocess.run(["ip", "netns", "list"],
                                           capture_output=True).returncode != 0:
        skip("network namespaces need root (ip netns add)")
    if subprocess.run(["which", "iptables"], capture_output=True).returncode != 0:
        skip("iptables is missing (Debian package iptables, tools/install-deps)")
    namespaces = Namespaces()
    try:
        return (comes_back if scenario == "comes-back" else gives_up)(namespaces, gst_call)
    finally:
        namespaces.remove()


if __name__ == "__main__":
    sys.exit(main())
