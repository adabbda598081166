#!/usr/bin/python3
"""`gst-call serve` against careless and hostile clients:

- only POST /call creates a call: GET gets 405 with `Allow: POST` and a
  text body, and no call;
- a client holds at most its share of the calls (half of --max-calls by
  default): beyond, 429 with a text body;
- a call that was handed out but nobody joined is given up after
  --join-timeout seconds and its slot is free again;
- the WHIP endpoint refuses an offer that is no SDP with 400 and one whose
  only codec is unknown with 406, each with a text body;
- every refused request is logged with the client's address and the reason;
- 64 idle TCP connections, 64 half-sent HTTP requests and 64 WebSockets
  that never join a room do not keep a real client from getting a call and
  connecting (`gst-call dial` in the room POST /call handed out), and the
  server closes them all after its idle timeout (10 s by default).

usage: test-serve-hostile.py GST_CALL
"""

import base64
import json
import os
import socket
import sys
import time
import urllib.error
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from interop_utils import SCALE, Child, gst_call_env, log, start_server  # noqa: E402

IDLE_CLIENTS = 64
DEFAULT_IDLE_TIMEOUT = 10
# libsoup waits this long for a WebSocket peer to answer a close frame.
WEBSOCKET_CLOSE_WAIT = 5
MIN_FRAMES = 10
OFFER_UNKNOWN_CODEC = (
    "v=0\r\no=- 1 0 IN IP4 0.0.0.0\r\ns=-\r\nt=0 0\r\na=group:BUNDLE 0\r\n"
    "m=video 9 UDP/TLS/RTP/SAVPF 96\r\nc=IN IP4 0.0.0.0\r\na=mid:0\r\n"
    "a=ice-ufrag:abcd\r\na=ice-pwd:0123456789abcdef012345\r\n"
    "a=fingerprint:sha-256 00:11:22:33:44:55:66:77:88:99:AA:BB:CC:DD:EE:FF:"
    "00:11:22:33:44:55:66:77:88:99:AA:BB:CC:DD:EE:FF\r\n"
    "a=setup:actpass\r\na=sendonly\r\na=rtcp-mux\r\na=rtpmap:96 XYZ/90000\r\n")


def http(url, method="GET", body=None, content_type=None):
    """(status, headers, body) of a request to the serve process."""
    request = urllib.request.Request(url, method=method, data=body)
    if content_type:
        request.add_header("Content-Type", content_type)
    try:
        with urllib.request.urlopen(request, timeout=20 * SCALE) as response:
            return response.status, response.headers, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read().decode()


def check(condition, what):
    if not condition:
        raise AssertionError(what)
    log(f"ok: {what}")


def check_text(headers, body, what):
    check(headers.get_content_type() == "text/plain" and body.strip(),
          f"{what}, with a text body ({body.strip()!r})")


def check_logged(serve, pattern, what):
    serve.wait_line(pattern, 10)
    log(f"ok: serve logs {what}")


def check_post_only(serve, base):
    status, headers, body = http(base + "call?offer=app")
    check(status == 405 and headers.get("Allow") == "POST",
          f"GET /call is refused with 405 and Allow: POST ({status}, {headers.get('Allow')})")
    check_text(headers, body, "the 405 says why")
    status, headers, body = http(base + "call?offer=app", "PUT")
    check(status == 405 and headers.get("Allow") == "POST", f"PUT /call too ({status})")
    check_logged(serve, r"127\.0\.0\.1: GET /call refused: 405", "the refused GET")
    check(not any("asked for a call" in line for line in serve.lines),
          "and no call was created")


def check_slots(serve, base):
    """--max-calls 4: two calls per client; --join-timeout 2."""
    calls = []
    for _ in range(2):
        status, _, body = http(base + "call?offer=app", "POST")
        check(status == 200, f"POST /call gets a call ({status} {body.strip()})")
        calls.append(body)
    status, headers, body = http(base + "call?offer=app", "POST")
    check(status == 429, f"a third call from the same address is refused with 429 ({status})")
    check_text(headers, body, "the 429 says why")
    check_logged(serve, r"127\.0\.0\.1: POST /call refused: 429 .*at most 2",
                 "the 429 with the client's address and the reason")
    for _ in calls:
        serve.wait_line(r"call \d+: nobody joined room \S+ and started the call within 2 s", 10)
    log("ok: both calls nobody joined are given up after --join-timeout")
    status, _, _ = http(base + "call?offer=app", "POST")
    check(status == 200, f"their slots are free again: POST /call gets a call ({status})")


def check_whip_errors(serve, base):
    status, headers, body = http(base + "whip", "POST", b"hello", "application/sdp")
    check(status == 400 and "Invalid SDP offer" in body,
          f"garbage posted to /whip is refused with 400 ({status})")
    check_text(headers, body, "the 400 says what is wrong")
    check_logged(serve, r"127\.0\.0\.1: POST /whip refused: 400 .*Invalid SDP offer",
                 "the 400 with the client's address and the reason")
    start = time.monotonic()
    status, headers, body = http(base + "whip", "POST", OFFER_UNKNOWN_CODEC.encode(),
                                 "application/sdp")
    elapsed = time.monotonic() - start
    check(status == 406 and "XYZ/90000" in body,
          f"an offer whose only codec is unknown is refused with 406 in {elapsed:.1f} s "
          f"({status})")
    check(elapsed < 5 * SCALE, "at once")
    check_text(headers, body, "the 406 names the codecs")
    check_logged(serve, r"127\.0\.0\.1: POST /whip refused: 406 .*XYZ/90000",
                 "the 406 with the client's address and the reason")


def open_websocket(port):
    """A WebSocket on /ws that never joins a room."""
    connection = socket.create_connection(("127.0.0.1", port), timeout=10 * SCALE)
    key = base64.b64encode(os.urandom(16)).decode()
    connection.sendall((f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                        "Upgrade: websocket\r\nConnection: Upgrade\r\n"
                        f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
                        ).encode())
    response = b""
    while b"\r\n\r\n" not in response:
        chunk = connection.recv(4096)
        if not chunk:
            raise RuntimeError("the server closed a WebSocket before the handshake")
        response += chunk
    if not response.startswith(b"HTTP/1.1 101"):
        raise RuntimeError(f"no WebSocket: {response[:60]!r}")
    return connection


def is_closed_by(connection, deadline):
    """Whether the server closes @connection before @deadline (whatever it
    sends first is read and dropped)."""
    while True:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            return False
        connection.settimeout(remaining)
        try:
            if not connection.recv(4096):
                return True
        except socket.timeout:
            return False
        except (ConnectionResetError, BrokenPipeError):
            return True


def check_slow_loris(gst_call, serve, base, port):
    idle = [socket.create_connection(("127.0.0.1", port)) for _ in range(IDLE_CLIENTS)]
    half_sent = []
    for _ in range(IDLE_CLIENTS):
        connection = socket.create_connection(("127.0.0.1", port))
        connection.sendall(b"POST /call?offer=browser HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                           b"Content-Length: 0\r\n")
        half_sent.append(connection)
    websockets = [open_websocket(port) for _ in range(IDLE_CLIENTS)]
    opened = time.monotonic()
    log(f"holding {IDLE_CLIENTS} idle connections, {IDLE_CLIENTS} half-sent requests and "
        f"{IDLE_CLIENTS} WebSockets that do not join")
    dial = None
    try:
        # A real client gets a call and connects meanwhile.
        status, _, body = http(base + "call?offer=browser", "POST")
        check(status == 200, f"a real client still gets a call ({status} {body.strip()})")
        call = json.loads(body)
        room, call_id = call["room"], call["call"]
        dial = Child("dial", [gst_call, "dial", f"ws://127.0.0.1:{port}/ws?room={room}",
                              "--video-size", "320x240"], env=gst_call_env())
        fields = serve.wait_stats(lambda f: int(f["video-frames-received"]) > MIN_FRAMES, 30,
                                  call_id)
        check(True, f"and connects: serve decoded {fields['video-frames-received']} video "
                    f"frames of it")
        dial.stop()
        dial.check_criticals()
        dial = None

        deadline = opened + (DEFAULT_IDLE_TIMEOUT + WEBSOCKET_CLOSE_WAIT + 10) * SCALE
        for name, connections in (("idle connections", idle),
                                  ("half-sent requests", half_sent),
                                  ("WebSockets that never joined", websockets)):
            open_ones = sum(not is_closed_by(c, deadline) for c in connections)
            check(open_ones == 0, f"the server closed the {name} after its idle timeout "
                                  f"({open_ones} of {len(connections)} still open)")
        status, _, _ = http(base + "call?offer=app", "POST")
        check(status == 200, f"and still serves ({status})")
    finally:
        if dial:
            dial.stop()
        for connection in idle + half_sent + websockets:
            connection.close()


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    gst_call = sys.argv[1]
    serve = None
    try:
        # Default settings: POST only, and the idle connections.
        serve, url = start_server(gst_call, "--ice-address", "127.0.0.1",
                                  "--video-size", "320x240")
        base = url.split("?", 1)[0]
        port = int(base.rsplit(":", 1)[1].strip("/"))
        check_post_only(serve, base)
        check_slow_loris(gst_call, serve, base, port)
        check(serve.process.poll() is None, "serve still runs")
        serve.check_criticals()
        serve.stop()

        serve, url = start_server(gst_call, "--ice-address", "127.0.0.1", "--max-calls", "4",
                                  "--join-timeout", "2")
        base = url.split("?", 1)[0]
        check_slots(serve, base)
        check_whip_errors(serve, base)
        check(serve.process.poll() is None, "serve still runs")
        serve.check_criticals()
        return 0
    finally:
        if serve is not None:
            serve.stop()


if __name__ == "__main__":
    sys.exit(main())
