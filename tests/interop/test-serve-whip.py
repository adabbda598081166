#!/usr/bin/python3
"""The WHIP and WHEP endpoint of `gst-call serve`, with gst-call's own WHIP
and WHEP clients as the peers: `gst-call whip` publishes to /whip until
serve's stats line shows the session's video decoded, stops on SIGINT and
serve reports the session DELETEd; `gst-call whep` plays from /whep until it
decodes video; a wrong bearer token gets HTTP 401; --max-calls counts the
sessions; only the endpoints and their sessions are served.

usage: test-serve-whip.py GST_CALL
"""

import os
import re
import signal
import sys
import urllib.error
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from interop_utils import Child, gst_call_env, log, start_server  # noqa: E402

MIN_FRAMES = 30
TOKEN = "s3cret"
ICE_ADDRESS = "127.0.0.1"
CLIENT_RE = re.compile(r"video frames sent (\d+) received (\d+)")
# Enough of an offer for the endpoint to take it to its checks.
OFFER = "v=0\r\no=- 1 1 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\nm=video 9 UDP/TLS/RTP/SAVPF 96\r\n"


def http(url, method="GET", token=None, body=None):
    """The status of a request to the serve process."""
    request = urllib.request.Request(url, method=method, data=body)
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    if body is not None:
        request.add_header("Content-Type", "application/sdp")
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def check(condition, what):
    if not condition:
        raise AssertionError(what)
    log(f"ok: {what}")


def client_video_received(child):
    """Video frames the client decoded, from its last stats line."""
    for line in reversed(child.lines):
        match = CLIENT_RE.search(line)
        if match:
            return int(match.group(2))
    return 0


def interrupt(child, timeout):
    """SIGINT, as Ctrl-C: the client DELETEs its session and exits."""
    os.kill(child.process.pid, signal.SIGINT)
    return child.wait_exit(timeout)


def check_paths(base):
    check(http(base + "whipx", "POST", TOKEN, OFFER.encode()) == 404,
          "a path that only starts like the endpoint is not found (404)")
    check(http(base + "whip/no-such-session", "DELETE", TOKEN) == 404,
          "an unknown session is not found (404)")
    check(http(base + "whip", "GET", TOKEN) == 405, "GET of the endpoint is refused (405)")
    check(http(base + "whep", "POST", None, OFFER.encode()) == 401,
          "a WHEP offer without the token is refused (401)")


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    gst_call = sys.argv[1]
    serve, url = start_server(gst_call, "--token", TOKEN, "--ice-address", ICE_ADDRESS,
                              "--max-calls", "1", "--video-size", "320x240")
    base = url.split("?", 1)[0]
    client = None
    try:
        whip_url = serve.wait_line(r"WHIP .*(http://\S+/whip)\b", 10).group(1)
        whep_url = serve.wait_line(r"WHEP .*(http://\S+/whep)\b", 10).group(1)
        check(whip_url == base + "whip" and whep_url == base + "whep",
              f"serve prints its WHIP and WHEP URLs ({whip_url}, {whep_url})")
        check_paths(base)
        client_args = ["--token", TOKEN, "--local-address", ICE_ADDRESS]

        # WHIP: serve decodes what the client publishes.
        client = Child("whip", [gst_call, "whip", *client_args, whip_url],
                       env=gst_call_env())
        call_id = int(serve.wait_line(r"call (\d+): a WHIP client publishes", 20).group(1))
        fields = serve.wait_stats(
            lambda f: int(f["video-frames-received"]) > MIN_FRAMES, 30, call_id)
        log(f"serve decoded {fields['video-frames-received']} video and "
            f"{fields['audio-frames-received']} audio frames of the WHIP client")
        check(http(whip_url, "POST", TOKEN, OFFER.encode()) == 503,
              "with --max-calls 1, a second session is refused (503)")
        check(http(whep_url + "//", "POST", TOKEN, OFFER.encode()) == 503,
              "also at the other endpoint, spelt with trailing slashes (503)")
        status = interrupt(client, 20)
        check(status == 0, f"the WHIP client stops on SIGINT and exits 0 ({status})")
        serve.wait_line(rf"call {call_id} ended: .*\(DELETE\)", 10)
        log(f"ok: serve reports session {call_id} DELETEd")
        client.check_criticals()

        # WHEP: the client decodes what serve sends (its slot is free again).
        client = Child("whep", [gst_call, "whep", *client_args, whep_url],
                       env=gst_call_env())
        call_id = int(serve.wait_line(r"call (\d+): a WHEP client plays", 20).group(1))
        client.wait_line(r"connected in", 20)
        received = 0
        while received <= MIN_FRAMES:
            client.wait_line(CLIENT_RE.pattern, 10)
            received = client_video_received(client)
        log(f"ok: the WHEP client decoded {received} video frames")
        fields = serve.wait_stats(lambda f: int(f["video-frames-sent"]) > 0, 10, call_id)
        check(int(fields["video-frames-received"]) == 0,
              f"serve sends the WHEP session video and receives none ({fields})")
        status = interrupt(client, 20)
        check(status == 0, f"the WHEP client stops on SIGINT and exits 0 ({status})")
        serve.wait_line(rf"call {call_id} ended: .*\(DELETE\)", 10)
        log(f"ok: serve reports session {call_id} DELETEd")
        client.check_criticals()

        # A wrong token: the client names the 401 and fails.
        client = Child("wrong-token", [gst_call, "whip", "--token", "wrong",
                                       "--local-address", ICE_ADDRESS, whip_url],
                       env=gst_call_env())
        status = client.wait_exit(20)
        check(status != 0 and any("HTTP 401" in line for line in client.lines),
              f"a wrong token fails with HTTP 401 (exit status {status})")

        check(serve.process.poll() is None, "serve still runs")
        serve.check_criticals()
        return 0
    finally:
        for child in (client, serve):
            if child is not None:
                child.stop()


if __name__ == "__main__":
    sys.exit(main())
