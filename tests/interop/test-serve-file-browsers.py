#!/usr/bin/python3
"""demos/python/serve-file.py streams a short clip to three headless
Chromium viewers at once: each opens the page of its GstCallServer and
each page's video must play (320x240, its clock advancing, frames
decoded by the browser) while the other two play too. The clip is
encoded once for the three (shared encoding).

usage: test-serve-file-browsers.py GST_CALL SERVE_FILE_PY
"""

import os
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from interop_utils import SCALE, Child, gst_call_env, log, start_chromium  # noqa: E402

VIEWERS = 3
MIN_FRAMES = 30

# What the page's video shows: size, clock, and frames decoded so far.
VIDEO_STATE = """
const v = document.getElementById('remote-video');
const quality = v.getVideoPlaybackQuality ? v.getVideoPlaybackQuality() : null;
return [v.videoWidth, v.videoHeight, v.currentTime,
        quality ? quality.totalVideoFrames : 0];
"""


def make_clip(path):
    """20 s of 320x240 VP8 and Opus in WebM."""
    subprocess.run([
        "gst-launch-1.0", "-q", "videotestsrc", "num-buffers=600", "pattern=ball", "!",
        "video/x-raw,width=320,height=240,framerate=30/1", "!", "vp8enc", "deadline=1", "!",
        "webmmux", "name=mux", "!", "filesink", f"location={path}",
        "audiotestsrc", "num-buffers=870", "!", "opusenc", "!", "mux."], check=True)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    serve_file = sys.argv[2]
    workdir = tempfile.mkdtemp(prefix="gst-call-serve-browsers-")
    server = None
    viewers = []
    try:
        clip = os.path.join(workdir, "clip.webm")
        make_clip(clip)
        server = Child("serve-file", [sys.executable, serve_file, clip, "0"], env=gst_call_env())
        page = server.wait_line(r"open (http://127\.0\.0\.1:\d+/) ", 20).group(1)

        # Three browsers open the page together.
        for _ in range(VIEWERS):
            viewers.append(start_chromium(["--autoplay-policy=no-user-gesture-required"]))
        for driver, _ in viewers:
            driver.get(page)
        for _ in range(VIEWERS):
            server.wait_line(r"a viewer came: browser", 20)
        log(f"{VIEWERS} browsers asked for a call")

        # Each one plays, at the same time as the others.
        started = time.monotonic()
        deadline = started + 30 * SCALE
        first = [None] * VIEWERS
        playing = [False] * VIEWERS
        states = [None] * VIEWERS
        while not all(playing) and time.monotonic() < deadline:
            for i, (driver, _) in enumerate(viewers):
                if playing[i]:
                    continue
                states[i] = driver.execute_script(VIDEO_STATE)
                width, height, clock, frames = states[i]
                if width != 320 or height != 240 or clock <= 0:
                    continue
                if first[i] is None:
                    first[i] = states[i]
                elif clock > first[i][2] + 1.0 and frames >= MIN_FRAMES:
                    playing[i] = True
                    log(f"ok: viewer {i + 1} plays the clip: {width}x{height}, its clock "
                        f"{first[i][2]:.1f} s -> {clock:.1f} s, {frames} frames decoded, "
                        f"{time.monotonic() - started:.1f} s after the pages opened")
            time.sleep(0.25)
        if not all(playing):
            raise TimeoutError(f"not every page played the clip: [width, height, time, "
                               f"frames] = {states}")

        for driver, profile in viewers:
            driver.quit()
            shutil.rmtree(profile, ignore_errors=True)
        viewers = []
        for _ in range(VIEWERS):
            server.wait_line(r"a viewer left", 20)
        log(f"ok: the server saw the {VIEWERS} viewers leave")
        server.check_criticals()
        log("PASS")
    finally:
        for driver, profile in viewers:
            driver.quit()
            shutil.rmtree(profile, ignore_errors=True)
        if server:
            server.stop()
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
