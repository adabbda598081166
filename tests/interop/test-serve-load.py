#!/usr/bin/python3
"""`gst-call serve` stays responsive with many viewers: 20 browser-like WHEP
viewers (bench-fanout --mode=whep-viewers: raw receive-only webrtcbins that
POST their offer to /whep, depayload and count frames without decoding,
all offering at the same instant) play its test source; with them playing,
the page still loads and a new WHEP viewer gets video (its first keyframe)
within 2 s of the POST of its offer (twice; 6 s under AddressSanitizer),
then DELETEs its session; every one of the 20 keeps receiving frames.
bench/serve-load measures the same with 50 viewers.

usage: test-serve-load.py GST_CALL BENCH_FANOUT
"""

import os
import re
import sys
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from interop_utils import SCALE, Child, gst_call_env, log, start_server  # noqa: E402

VIEWERS = 20
NEW_VIEWERS = 2
# The promise: a new viewer gets video within 2 s. The normal build holds
# it with room to spare (0.3 s here); under AddressSanitizer, with 20
# viewers playing on two cores, a newcomer took 0.6-2.6 s on a loaded
# machine: there the bound is stretched, and every other check stays.
FIRST_FRAME_BOUND_MS = 2000 * SCALE * (3 if os.environ.get("ASAN_OPTIONS") else 1)
FIRST_FRAME_RE = (r"^first-frame viewer=\d+ answer_ms=([\d.]+) frame_ms=([\d.]+) "
                  r"keyframe_ms=([\d.]+)$")
WHEP_CALL_RE = re.compile(r"^call (\d+): a WHEP client plays")
RESULT_RE = r"^result .*seconds=([\d.]+) frames=([\d,]+)"


def check(condition, what):
    if not condition:
        raise AssertionError(what)
    log(f"ok: {what}")


def whep_viewers(fanout, whep_url, count, name):
    # All at once: calls set up together in serve once lost one of them.
    return Child(name, [fanout, "--mode=whep-viewers", f"--url={whep_url}",
                        f"--viewers={count}", "--dial-interval=0"], env=gst_call_env(),
                 stdin=True)


def get(url):
    with urllib.request.urlopen(url, timeout=10 * SCALE) as response:
        check(response.status == 200, f"GET {url}: HTTP 200")
        return response.read()


def whep_calls(serve):
    """The calls serve gave WHEP clients so far."""
    return [int(match.group(1)) for match in
            (WHEP_CALL_RE.search(line) for line in list(serve.lines)) if match]


def end_viewers(child):
    """Closing stdin ends the viewers: they DELETE their sessions, exit 0."""
    child.process.stdin.close()
    status = child.wait_exit(20)
    check(status == 0, f"{child.name} DELETEs its sessions and exits 0 ({status})")
    child.check_criticals()


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    gst_call, fanout = sys.argv[1], sys.argv[2]
    max_calls = str(VIEWERS + NEW_VIEWERS + 2)
    serve, page_url = start_server(gst_call, "--max-calls", max_calls,
                                   "--max-calls-per-client", max_calls)
    whep_url = page_url + "whep"
    viewers = newcomer = None
    try:
        viewers = whep_viewers(fanout, whep_url, VIEWERS, "viewers")
        viewers.wait_line(r"^flowing$", 60)
        log(f"ok: {VIEWERS} WHEP viewers receive frames")
        viewers.send_line("start")

        page = get(page_url).decode()
        names = re.findall(r'(?:src|href)="([\w.-]+\.(?:js|css))"', page)
        sizes = [len(get(page_url + name)) for name in names]
        check("<html" in page.lower() and len(names) == 2 and min(sizes) > 0,
              f"with {VIEWERS} viewers playing, the page loads, and its {names} "
              f"({len(page)}, {sizes} bytes)")

        for attempt in range(NEW_VIEWERS):
            known = set(whep_calls(serve))
            newcomer = whep_viewers(fanout, whep_url, 1, f"new-viewer-{attempt + 1}")
            match = newcomer.wait_line(FIRST_FRAME_RE, 30)
            answer_ms, frame_ms, keyframe_ms = (float(group) for group in match.groups())
            check(keyframe_ms <= FIRST_FRAME_BOUND_MS,
                  f"a new viewer's first keyframe {keyframe_ms:.0f} ms after its POST "
                  f"(answer after {answer_ms:.0f} ms, first frame after {frame_ms:.0f} ms), "
                  f"within {FIRST_FRAME_BOUND_MS:.0f} ms")
            new_calls = [call for call in whep_calls(serve) if call not in known]
            check(len(new_calls) == 1, f"serve gave the new viewer call {new_calls}")
            end_viewers(newcomer)
            newcomer = None
            serve.wait_line(rf"call {new_calls[0]} ended: .*\(DELETE\)", 10)
            log(f"ok: serve reports session {new_calls[0]} DELETEd")

        viewers.send_line("stop")
        result = viewers.wait_line(RESULT_RE, 20)
        frames = [int(count) for count in result.group(2).split(",")]
        check(len(frames) == VIEWERS and min(frames) > 0,
              f"all {VIEWERS} viewers kept receiving frames meanwhile "
              f"(fewest {min(frames)} in {float(result.group(1)):.1f} s)")
        end_viewers(viewers)
        viewers = None

        check(serve.process.poll() is None, "serve still runs")
        serve.check_criticals()
        return 0
    finally:
        for child in (newcomer, viewers, serve):
            if child is not None:
                child.stop()


if __name__ == "__main__":
    sys.exit(main())
