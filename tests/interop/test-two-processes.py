#!/usr/bin/python3
"""Two `gst-call dial` processes call each other through the signaling of
a `gst-call serve` process: the first waits in the room, the second joins
and offers; both must decode the other's video and audio. Before that, bad
input to the serve process: its signaling answers malformed JSON, unknown
types, bad fields, an oversized message and a wrong token with an error
(closing the connection for the last two) while a bystander in the same room
keeps its connection; its HTTP endpoints refuse a wrong token, a bad
`offer`, bodies, unknown paths and methods; it listens on 127.0.0.1 only,
and with a TLS certificate serves HTTPS only. The server keeps serving
afterwards.

usage: test-two-processes.py GST_CALL
"""

import asyncio
import json
import os
import shutil
import ssl
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from interop_utils import Child, gst_call_env, log, skip, start_server  # noqa: E402

MIN_FRAMES = 60
MIN_AUDIO_FRAMES = 25
TOKEN = "s3cret"


def http(url, method="GET", data=None):
    """(status, body) of a request to the serve process."""
    request = urllib.request.Request(url, method=method, data=data)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()
    except (urllib.error.URLError, OSError) as error:
        return None, str(error)


def check(condition, what):
    if not condition:
        raise AssertionError(what)
    log(f"ok: {what}")


def check_http(base):
    status, body = http(base + "?token=" + TOKEN)
    check(status == 200 and "gst-call.js" in body, "the page is served")
    status, body = http(base + "gst-call.js")
    check(status == 200 and "RTCPeerConnection" in body, "its script is served")
    status, _ = http(base + "call?offer=app", "POST")
    check(status == 403, "a call without the token is refused (403)")
    status, _ = http(base + "call?offer=app&token=wrong", "POST")
    check(status == 403, "a call with a wrong token is refused (403)")
    status, _ = http(base + f"call?offer=nobody&token={TOKEN}", "POST")
    check(status == 400, "an unknown “offer” is refused (400)")
    status, _ = http(base + "../../etc/passwd")
    check(status in (400, 404), f"a path outside the page is not served ({status})")
    status, _ = http(base + "secret.txt")
    check(status == 404, "an unknown file is not found (404)")
    status, _ = http(base, "DELETE")
    check(status == 405, "an unknown method is refused (405)")
    status, _ = http(base + f"call?offer=app&token={TOKEN}", "POST", b"x" * (1 << 20))
    check(status == 413, "a request body is refused before it is read (413)")
    status, _ = http(base + "whip", "POST", b"v=0\r\n" + b"a=x\r\n" * 20000)
    check(status == 413, "an offer of more than 64 KiB is refused (413)")


def check_https(gst_call, directory):
    """gst-call serve with a TLS certificate serves its page over HTTPS."""
    openssl = shutil.which("openssl")
    if not openssl:
        skip("openssl is missing (Debian package openssl, tools/install-deps)")
    certificate = os.path.join(directory, "serve.pem")
    subprocess.run([openssl, "req", "-x509", "-newkey", "ec", "-pkeyopt",
                    "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1", "-subj",
                    "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
                    "-keyout", certificate, "-out", certificate],
                   check=True, capture_output=True)
    serve, url = start_server(gst_call, "--tls-certificate", certificate)
    try:
        check(url.startswith("https://"), f"with a certificate, the page is at {url}")
        context = ssl.create_default_context(cafile=certificate)
        with urllib.request.urlopen(url + "gst-call.js", timeout=10, context=context) as reply:
            check(reply.status == 200 and "wss" in reply.read().decode(),
                  "the page's script is served over HTTPS, and it speaks WSS there")
        status, _ = http(url.replace("https://", "http://"))
        check(status != 200, f"plain HTTP is not served on the HTTPS port ({status})")
        serve.check_criticals()
    finally:
        serve.stop()


async def bad_signaling(port):
    """What `gst-call serve`'s signaling says to a client that sends bad
    messages; one bystander in the same room must keep its connection."""
    import websockets

    base = f"ws://127.0.0.1:{port}/ws?room=bad-input"

    async def joined(socket, token=TOKEN):
        await socket.send(json.dumps({"type": "join", "room": "bad-input", "token": token}))
        return json.loads(await asyncio.wait_for(socket.recv(), 10))

    async def error_for(socket, message):
        await socket.send(message)
        reply = json.loads(await asyncio.wait_for(socket.recv(), 10))
        check(reply["type"] == "error" and reply["message"],
              f"{message[:40]!r} gets an error: {reply.get('message')}")

    async with websockets.connect(base, max_size=None) as bystander:
        check((await joined(bystander))["type"] == "joined", "a bystander joins the room")
        async with websockets.connect(base, max_size=None) as client:
            reply = await joined(client)
            check(reply["type"] == "joined", "the bad client joins too")
            await error_for(client, "{not json")
            await error_for(client, json.dumps({"type": "no-such-type"}))
            await error_for(client, json.dumps({"type": "candidate", "candidate": "x"}))
            await error_for(client, json.dumps(["an", "array"]))
            await client.send(json.dumps({"type": "offer", "sdp": "v=0\r\n" + "a" * 70000}))
            reply = json.loads(await asyncio.wait_for(client.recv(), 10))
            check(reply["type"] == "error", f"an oversized message gets an error: {reply}")
            try:
                await asyncio.wait_for(client.recv(), 10)
                closed = False
            except websockets.exceptions.ConnectionClosed as closing:
                closed = closing.code == 1009
            check(closed, "and the connection is closed with code 1009")
        async with websockets.connect(base, max_size=None) as stranger:
            reply = await joined(stranger, token="wrong")
            check(reply["type"] == "error", f"a wrong token is refused: {reply.get('message')}")
        # The bystander heard the bad client come and go, nothing else.
        seen = []
        while True:
            try:
                seen.append(json.loads(await asyncio.wait_for(bystander.recv(), 1))["type"])
            except asyncio.TimeoutError:
                break
        check(set(seen) <= {"peer-joined", "peer-left"},
              f"the bystander got no error and keeps its connection ({seen})")
        await bystander.send(json.dumps({"type": "bye"}))


def listening_addresses(port):
    """The local addresses of the TCP sockets listening on @port."""
    addresses = []
    for table, family in (("/proc/net/tcp", "4"), ("/proc/net/tcp6", "6")):
        try:
            with open(table) as lines:
                next(lines)
                for line in lines:
                    local, state = line.split()[1], line.split()[3]
                    address, port_hex = local.split(":")
                    if state == "0A" and int(port_hex, 16) == port:
                        addresses.append((family, address))
        except FileNotFoundError:
            pass
    return addresses


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    gst_call = sys.argv[1]
    with tempfile.TemporaryDirectory() as directory:
        check_https(gst_call, directory)
    serve, url = start_server(gst_call, "--token", TOKEN)
    base = url.split("?", 1)[0]
    port = int(base.rsplit(":", 1)[1].strip("/"))
    first = second = None
    try:
        check_http(base)
        asyncio.run(bad_signaling(port))
        # Without --address, the server is reachable from this machine only.
        addresses = listening_addresses(port)
        check(addresses == [("4", "0100007F")],
              f"gst-call serve listens on 127.0.0.1 only ({addresses})")

        room = f"ws://127.0.0.1:{port}/ws?room=two-processes-{int(time.time())}"
        argv = ["dial", room, "--token", TOKEN, "--video-size", "320x240"]
        first = Child("first", [gst_call, *argv], env=gst_call_env())
        first.wait_line(r"waiting for a call", 20)
        second = Child("second", [gst_call, *argv], env=gst_call_env())
        second.wait_line(r"calling", 20)

        # Both decode the other's media; then the second hangs up (SIGTERM),
        # which ends the call for the first, and both exit 0.
        for child in (first, second):
            fields = child.wait_stats(
                lambda f: int(f["video-frames-received"]) > MIN_FRAMES
                and int(f["audio-frames-received"]) > MIN_AUDIO_FRAMES, 60)
            log(f"{child.name}: decoded {fields['video-frames-received']} video and "
                f"{fields['audio-frames-received']} audio frames, sent "
                f"{fields['video-frames-sent']} video frames")
        second.stop()
        check(second.process.returncode == 0,
              f"the second gst-call hangs up and exits 0 ({second.process.returncode})")
        status = first.wait_exit(20)
        check(status == 0, f"the first gst-call sees the hang-up and exits 0 ({status})")
        check(any(line.startswith("call: ended") for line in first.lines),
              "the first call ended normally")

        # The server still serves after all of that.
        status, _ = http(base + "?token=" + TOKEN)
        check(status == 200 and serve.process.poll() is None, "the server still serves")
        for child in (first, second, serve):
            child.check_criticals()
        return 0
    finally:
        for child in (first, second, serve):
            if child is not None:
                child.stop()


if __name__ == "__main__":
    sys.exit(main())
