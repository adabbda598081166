#!/usr/bin/python3
"""Headless Chromium calls `gst-call serve`, the page served by it.

Two browsers, two calls at the same time: in the first the app offers, in
the second the browser does. Each must decode more than 60 frames of the app's
video and receive its audio (getStats, read from the page), and the app must
decode the frames of Chromium's fake camera (its stats lines). A screenshot
of each page is saved in the build directory; the time from page load to
the first decoded frame is printed.

Each call also chats over two data channels, the page's ("page", opened
before its offer or answer) and the app's ("chat", opened by `gst-call serve`
before the call starts): on each, the page sends a text line typed in its
chat box, a `/hex` line and a 3000-byte binary message (more than one SCTP
packet), which the app must print in order with the right type, size and
bytes; the app sends a text line and two binary ones (`/hex` lines on the
standard input of `gst-call serve --chat`), which the page must receive on
both channels whole, in order and with the right type. Then the page's
"Open a channel" button opens a third channel in the running call, which
must carry a message to the app.

usage: test-browser.py GST_CALL ARTIFACT_DIR
"""

import os
import re
import shutil
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from interop_utils import SCALE, log, start_chromium, start_server  # noqa: E402

# A fake camera and microphone without a prompt (docs/browser-interop.md).
BROWSER_FLAGS = [
    "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream",
    "--window-size=1280,900",
]
TOKEN = "interop"
SIZE = "320x240"
MIN_BROWSER_FRAMES = 60
MIN_APP_FRAMES = 30
PAGE_LABEL = "page"  # the channel the page opens
APP_LABEL = "chat"   # the channel gst-call serve opens


def pattern(length, seed):
    return bytes((i * 7 + seed) & 0xff for i in range(length))


def printed(message):
    """How gst-call prints a message it received (demos/gst-call-chat.c)."""
    if isinstance(message, str):
        return f"text: {message}"
    more = "…" if len(message) > 16 else ""
    return f"binary, {len(message)} bytes: {message[:16].hex()}{more}"


def page_messages(call_id, label):
    """What the page sends on the channel @label, in this order."""
    return [f"page of call {call_id} on {label}: grüße ✓", bytes([0x00, 0xff, 0x10, 0x80]),
            pattern(3000, call_id)]


def app_messages(call_id):
    """What the app sends on every open channel of every call, in this order."""
    return [f"app to call {call_id}: hello ✓", bytes([0xde, 0xad, 0xbe, 0xef, call_id & 0xff]),
            pattern(3000, 100 + call_id)]


def as_page_record(message):
    """@message as window.gstCallStatus.channels[label].received holds it."""
    if isinstance(message, str):
        return {"text": message}
    return {"size": len(message), "hex": message.hex()}


def app_lines(serve, call_id, label):
    """What the app printed as received on the channel @label of a call."""
    prefix = re.compile(rf"^call {call_id}: channel “{re.escape(label)}”: ((text|binary).*)$")
    return [m.group(1) for m in (prefix.match(line) for line in list(serve.lines)) if m]


def check_chat(driver, serve, offer, call_id):
    """Both channels carry text and binary both ways (see the top)."""
    labels = [PAGE_LABEL, APP_LABEL]
    status = wait_page(
        driver, lambda s: all(s["channels"].get(label, {}).get("state") == "open"
                              for label in labels),
        20, f"offer={offer}: both data channels open in the page")
    if status["channels"][APP_LABEL]["openedBy"] != "app" or \
            status["channels"][PAGE_LABEL]["openedBy"] != "page":
        raise AssertionError(f"offer={offer}: channels opened by the wrong side: "
                             f"{status['channels']}")
    deadline = time.monotonic() + 10 * SCALE
    while not all(serve.has_line(rf"^call {call_id}: channel “{label}”: open$")
                  for label in labels):
        if time.monotonic() > deadline:
            raise TimeoutError(f"offer={offer}: both data channels open in the app")
        time.sleep(0.2)

    # The page sends: text and /hex typed in its chat box, and a larger
    # binary message from the script.
    for label in labels:
        text, small, large = page_messages(call_id, label)
        for line in (text, f"/hex {small.hex()}"):
            driver.execute_script("""
              const [label, line] = arguments;
              document.getElementById('chat-channel').value = label;
              document.getElementById('chat-text').value = line;
              document.getElementById('chat-form').requestSubmit();
              if (document.getElementById('chat-text').value !== '') {
                throw new Error('the chat box did not send ' + line);
              }""", label, line)
        driver.execute_script("window.gstCallChat.send(arguments[0], "
                              "new Uint8Array(arguments[1]));", label, list(large))
    # The app sends on every open channel.
    for message in app_messages(call_id):
        serve.send_line(message if isinstance(message, str) else f"/hex {message.hex()}")

    deadline = time.monotonic() + 15 * SCALE
    while time.monotonic() < deadline and \
            not all(len(app_lines(serve, call_id, label)) >= 3 for label in labels):
        time.sleep(0.2)
    for label in labels:
        got = app_lines(serve, call_id, label)
        expected = [printed(m) for m in page_messages(call_id, label)]
        if got != expected:
            raise AssertionError(f"offer={offer}: the app printed on {label!r}: {got}, "
                                 f"expected {expected}")
    expected = [as_page_record(m) for m in app_messages(call_id)]
    status = wait_page(
        driver, lambda s: all(len(s["channels"][label]["received"]) >= 3 for label in labels),
        15, f"offer={offer}: the page received the app's messages")
    for label in labels:
        got = status["channels"][label]["received"]
        if got != expected:
            raise AssertionError(f"offer={offer}: the page received on {label!r}: "
                                 f"{str(got)[:300]}, expected {str(expected)[:300]}")
    log(f"offer={offer}: call {call_id}: data channels {labels}, opened by the page and by "
        f"the app, each carried text, 4 and 3000 bytes from the page and text, 5 and "
        f"3000 bytes from the app, whole and in order")

    # "Open a channel" in the running call: no new negotiation is needed.
    driver.execute_script("document.getElementById('chat-open').click();")
    wait_page(driver, lambda s: s["channels"].get("page-2", {}).get("state") == "open", 10,
              f"offer={offer}: a channel opened in the running call")
    serve.wait_line(rf"^call {call_id}: the peer opened channel “page-2”$", 10)
    driver.execute_script("window.gstCallChat.send('page-2', 'one more');")
    serve.wait_line(rf"^call {call_id}: channel “page-2”: text: one more$", 10)
    log(f"offer={offer}: call {call_id}: a third channel opened by the page mid-call carried "
        f"a message")


def page_status(driver):
    return driver.execute_script("return window.gstCallStatus || null;")


def wait_page(driver, predicate, timeout, what):
    deadline = time.monotonic() + timeout * SCALE
    status = None
    while time.monotonic() < deadline:
        status = page_status(driver)
        if status and status.get("error"):
            raise RuntimeError(f"the page reports an error: {status['error']}")
        if status and predicate(status):
            return status
        time.sleep(0.25)
    raise TimeoutError(f"{what}: not within {timeout * SCALE:.0f} s; page status: {status}")


def check_call(driver, serve, offer, artifact_dir, require_shown):
    status = wait_page(
        driver,
        lambda s: s["framesDecoded"] > MIN_BROWSER_FRAMES and s["audioPacketsReceived"] > 0
        and s["audioSamplesReceived"] > 0,
        45, f"offer={offer}: video and audio decoded in the browser")
    call_id = status["callId"]
    log(f"offer={offer}: call {call_id}: the browser decoded {status['framesDecoded']} "
        f"video frames and {status['audioSamplesReceived']} audio samples "
        f"({status['audioPacketsReceived']} packets); "
        f"{status['videoKbpsIn']} kbit/s video in, RTT {status['rttMs']} ms")
    log(f"offer={offer}: page load -> first decoded frame in the browser: "
        f"{status['firstFrameMs']} ms")
    if status["firstFrameMs"] is None:
        raise RuntimeError("the page measured no first frame time")
    if status["connectionState"] != "connected":
        raise RuntimeError(f"connection state {status['connectionState']}")
    if status["localMedia"] != "camera and microphone":
        raise RuntimeError(f"the fake camera was not used: {status['localMedia']}")

    fields = serve.wait_stats(
        lambda f: int(f["video-frames-received"]) > MIN_APP_FRAMES
        and int(f["audio-frames-received"]) > 0, 30, call_id=call_id)
    log(f"offer={offer}: call {call_id}: the app decoded {fields['video-frames-received']} "
        f"video frames and {fields['audio-frames-received']} audio buffers of the browser")

    check_chat(driver, serve, offer, call_id)

    # Let the page's once-a-second stats show numbers, then take its picture.
    wait_page(driver, lambda s: s["videoKbpsIn"] > 0, 10, "bitrate shown")
    status = page_status(driver)
    log(f"offer={offer}: the page shows {status['framesPresented']} of the "
        f"{status['framesDecoded']} decoded frames; visibility "
        f"{driver.execute_script('return document.visibilityState;')}")
    element = driver.execute_script("""const v = document.getElementById('remote-video');
      return {paused: v.paused, readyState: v.readyState, width: v.videoWidth};""")
    log(f"offer={offer}: remote video element: {element}")
    # The page shows the video, not only decodes it (autoplay alone left the
    # element unstarted at times: the page calls play()). Required of the
    # first call; the second, browser-offered call running next to it is
    # only reported: there Chromium at times decodes every frame but never
    # hands one to the element (readyState stays 0). Under investigation.
    if require_shown:
        status = wait_page(driver, lambda s: s["framesPresented"] > 0, 30,
                           f"offer={offer}: the page shows the video it decodes")
    elif not status["framesPresented"]:
        log(f"offer={offer}: KNOWN ISSUE: {status['framesDecoded']} frames decoded, "
            f"none shown by the video element")
    screenshot = os.path.join(artifact_dir, f"browser-call-offer-{offer}.png")
    driver.save_screenshot(screenshot)
    log(f"offer={offer}: screenshot: {screenshot}")
    return call_id


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    gst_call, artifact_dir = sys.argv[1], sys.argv[2]
    profiles = []
    drivers = []
    serve = None

    def start_browser():
        driver, profile = start_chromium(BROWSER_FLAGS)
        profiles.append(profile)
        drivers.append(driver)
        return driver

    try:
        # With a token: the page passes it on to /call and to the signaling.
        # 320x240 both ways: two calls at once, each encoding and decoding
        # on both sides, on two cores.
        # --chat: the test types the app's messages on its standard input.
        serve, url = start_server(gst_call, "--token", TOKEN, "--video-size", SIZE, "--chat",
                                  stdin=True)

        # Two browsers (separate Chromium processes: a page in the
        # background is not painted in headless mode). In the first the app
        # offers; in the second, while the first call goes on, the browser
        # offers. Each is its own call in the app.
        first_browser = start_browser()
        log(f"browser: {first_browser.capabilities.get('browserVersion')}")
        first_browser.get(f"{url}?token={TOKEN}&size={SIZE}&offer=app")
        first = check_call(first_browser, serve, "app", artifact_dir, True)
        second_browser = start_browser()
        second_browser.get(f"{url}?token={TOKEN}&size={SIZE}&offer=browser")
        second = check_call(second_browser, serve, "browser", artifact_dir, False)
        if first == second:
            raise RuntimeError("both browsers got the same call")

        # The first call is still running next to the second.
        before = page_status(first_browser)["framesDecoded"]
        wait_page(first_browser, lambda s: s["framesDecoded"] > before, 10,
                  "the first call still flows")
        log(f"two calls at once: calls {first} and {second} both decode")

        # A browser that goes away ends its own call only.
        drivers.remove(first_browser)
        first_browser.quit()
        serve.wait_line(rf"^call {first} ended", 30)
        before = page_status(second_browser)["framesDecoded"]
        wait_page(second_browser, lambda s: s["framesDecoded"] > before + 30, 20,
                  "the second call goes on after the first browser quit")
        serve.wait_stats(lambda f: f["state"] == "active", 10, call_id=second)
        log(f"the first browser quit: call {first} ended, call {second} goes on")
        serve.check_criticals()
        return 0
    finally:
        for driver in drivers:
            try:
                driver.quit()
            except Exception as error:  # noqa: BLE001 - cleaning up
                log(f"closing a browser: {error}")
        if serve is not None:
            serve.stop()
        for profile in profiles:
            shutil.rmtree(profile, ignore_errors=True)

if __name__ == "__main__":
    sys.exit(main())
