#!/usr/bin/python3
"""Headless Chromium in a call with `gst-call serve` survives a 10 s network
outage.

Runs in a network namespace of its own (tests/interop/netns-run: lo and an
address for Chromium's host candidate), where iptables drops every packet,
both ways, for 10 s, but TCP on the ports of `gst-call serve` (the page's
HTTP and WebSocket signalling) and of the browser's remote control: all of
the call's media and ICE, over UDP and TCP. Once the link is back, the app's new
offer reaches the page, which answers from a new RTCPeerConnection: the
browser and the app must both decode frames again within 3 s of the
restore (GST_CALL_TEST_TIMEOUT_SCALE stretches it), the app's call going
active, reconnecting, active, without a new call.

  app:     the app offered the call (the page's default)
  browser: the page offered it (?offer=browser); the app re-offers anyway

usage: test-browser-outage.py GST_CALL app|browser
"""

import os
import re
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from interop_utils import SCALE, log, skip, start_chromium, start_server  # noqa: E402

BROWSER_FLAGS = [
    "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream",
    "--window-size=1280,900",
]
SIZE = "320x240"
CUT_SECONDS = 10
RECOVERY_BUDGET = 3.0
PEER_TIMEOUT = 8


def iptables(*rule):
    subprocess.run(["iptables", *rule], check=True, capture_output=True, text=True)


def cut(kept_ports):
    """Drops every packet of the namespace, both ways, but TCP to and from
    @kept_ports (signalling, and the browser's remote control): UDP, and
    ICE over TCP, which Chromium and libnice both offer."""
    for chain in ("INPUT", "OUTPUT"):
        for port in kept_ports:
            iptables("-A", chain, "-p", "tcp", "--sport", str(port), "-j", "ACCEPT")
            iptables("-A", chain, "-p", "tcp", "--dport", str(port), "-j", "ACCEPT")
        iptables("-A", chain, "-j", "DROP")


def restore():
    iptables("-F")


def check(condition, what):
    if not condition:
        raise AssertionError(what)
    log(f"ok: {what}")


def page_status(driver):
    status = driver.execute_script("return window.gstCallStatus || null;")
    if status and status.get("error"):
        raise RuntimeError(f"the page reports an error: {status['error']}")
    return status


def page_now(driver):
    return driver.execute_script("return performance.now();")


def wait(predicate, timeout, what, interval=0.1):
    deadline = time.monotonic() + timeout * SCALE
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(interval)
    raise TimeoutError(f"{what}: not within {timeout * SCALE:.0f} s")


def app_lines(serve, call_id, start):
    """(index, line) of the app's lines about @call_id from @start on."""
    prefix = (f"call {call_id}: ", f"stats call={call_id} ")
    return [(i, line) for i, line in enumerate(serve.lines[start:], start)
            if line.startswith(prefix)]


def app_decodes(line):
    match = re.search(r"state=active video-frames-received=(\d+) audio-frames-received=(\d+)",
                      line)
    return match and int(match.group(1)) > 0 and int(match.group(2)) > 0


def main():
    if len(sys.argv) != 3 or sys.argv[2] not in ("app", "browser"):
        sys.exit(__doc__)
    gst_call, offer = sys.argv[1], sys.argv[2]
    if not os.environ.get("GST_CALL_TEST_NETNS_ADDRESS"):
        skip("run through tests/interop/netns-run: the test cuts the network of its namespace")
    if not shutil.which("iptables"):
        skip("iptables is missing (Debian package iptables, tools/install-deps)")
    serve = driver = profile = None
    try:
        serve, url = start_server(gst_call, "--video-size", SIZE, "--stats-interval", "200")
        driver, profile = start_chromium(BROWSER_FLAGS)
        driver.get(f"{url}?size={SIZE}&offer={offer}")
        status = wait(lambda: (s := page_status(driver)) and s["framesDecoded"] > 30 and s,
                      45, "frames decoded in the browser")
        call_id = status["callId"]
        serve.wait_stats(lambda f: int(f["video-frames-received"]) > 20, 30, call_id=call_id)
        log(f"offer={offer}: call {call_id} is up, frames flow both ways")

        debugger = driver.capabilities.get("goog:chromeOptions", {}).get("debuggerAddress", "")
        kept = [int(url.rsplit(":", 1)[1].strip("/")), driver.service.port]
        if debugger:
            kept.append(int(debugger.rsplit(":", 1)[1]))
        mark = len(serve.lines)
        cut(kept)
        cut_at = time.monotonic()
        log(f"network cut for {CUT_SECONDS} s, but TCP ports {kept}")
        wait(lambda: any(line == f"call {call_id}: reconnecting"
                         for _, line in app_lines(serve, call_id, mark)),
             PEER_TIMEOUT + 2, "the app reconnecting during the cut")
        log(f"the app is reconnecting {time.monotonic() - cut_at:.2f} s after the cut")
        time.sleep(max(0.0, cut_at + CUT_SECONDS - time.monotonic()))
        check(page_status(driver)["reconnectedFrameMs"] is None,
              "the browser decoded nothing new while cut")
        restore()
        restored_at = time.monotonic()
        restored_page_ms = page_now(driver)
        log("network restored")

        # The page: a new RTCPeerConnection that decodes.
        status = wait(lambda: (s := page_status(driver)) and s["reconnectedFrameMs"] and s,
                      RECOVERY_BUDGET + 7, "frames decoded in the browser after the restore")
        browser_recovery = (status["reconnectedFrameMs"] - restored_page_ms) / 1000
        # The app: active again and decoding.
        mark_restore = mark
        app_at = wait(lambda: next((time.monotonic() for i, line in
                                    app_lines(serve, call_id, mark_restore)
                                    if app_decodes(line) and any(
                                        l == f"call {call_id}: active" and j < i
                                        for j, l in app_lines(serve, call_id, mark))), None),
                      RECOVERY_BUDGET + 7, "frames decoded by the app after the restore",
                      interval=0.05)
        app_recovery = app_at - restored_at
        log(f"offer={offer}: recovery: browser {browser_recovery:.2f} s, app "
            f"{app_recovery:.2f} s (at most; the app's stats come every 200 ms); "
            f"the page made {status['reconnections']} new connection(s)")
        check(max(browser_recovery, app_recovery) <= RECOVERY_BUDGET * SCALE,
              f"both decode again within {RECOVERY_BUDGET * SCALE:.1f} s of the restore")

        states = [line.split(": ", 1)[1] for _, line in app_lines(serve, call_id, 0)
                  if line.startswith(f"call {call_id}: ")]
        states = [state for state in states if state in
                  ("connecting", "active", "reconnecting", "ended", "failed")]
        check(states[-3:] == ["active", "reconnecting", "active"],
              f"the app's call: active, reconnecting, active ({states})")
        check(page_status(driver)["callId"] == call_id and
              not any(re.match(r"call \d+: ", line) and not line.startswith(f"call {call_id}:")
                      for line in serve.lines), "no new call was made")
        before = page_status(driver)["framesDecoded"]
        wait(lambda: page_status(driver)["framesDecoded"] > before + 30, 10,
             "frames keep flowing in the browser")
        serve.check_criticals()
        return 0
    finally:
        if driver is not None:
            try:
                driver.quit()
            except Exception as error:  # noqa: BLE001 - cleaning up
                log(f"closing the browser: {error}")
        if serve is not None:
            serve.stop()
        if profile:
            shutil.rmtree(profile, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
