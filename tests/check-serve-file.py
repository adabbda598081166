#!/usr/bin/python3
"""demos/python/serve-file.py, as a user runs it: serves a short clip, then
headless Chromium opens its page and must play the clip's video (320x240,
the clock of the <video> element moving), and `gst-call whep` must decode
its video and audio from the WHEP endpoint of the same server. The clip
plays once for all viewers (shared encoding) from the first one on: it
lasts long enough for both.

usage: check-serve-file.py GST_CALL SERVE_FILE_PY
"""

import os
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "interop"))
from interop_utils import SCALE, Child, gst_call_env, log, start_chromium  # noqa: E402


def make_clip(path):
    """30 s of 320x240 VP8 and Opus in WebM."""
    subprocess.run([
        "gst-launch-1.0", "-q", "videotestsrc", "num-buffers=900", "!",
        "video/x-raw,width=320,height=240,framerate=30/1", "!", "vp8enc", "deadline=1", "!",
        "webmmux", "name=mux", "!", "filesink", f"location={path}",
        "audiotestsrc", "num-buffers=1300", "!", "opusenc", "!", "mux."], check=True)


def check_browser(url):
    driver, profile = start_chromium(["--autoplay-policy=no-user-gesture-required"])
    try:
        driver.get(url)
        deadline = time.monotonic() + 30 * SCALE
        state = None
        while time.monotonic() < deadline:
            state = driver.execute_script(
                "const v = document.getElementById('remote-video');"
                "return [v.videoWidth, v.videoHeight, v.currentTime];")
            if state[0] == 320 and state[1] == 240 and state[2] > 1.0:
                log(f"the page plays the clip: {state[0]}x{state[1]}, at {state[2]:.1f} s")
                return
            time.sleep(0.25)
        raise TimeoutError(f"the page did not play the clip: [width, height, time] = {state}")
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    gst_call, serve_file = sys.argv[1], sys.argv[2]
    workdir = tempfile.mkdtemp(prefix="gst-call-serve-file-")
    server = None
    try:
        clip = os.path.join(workdir, "clip.webm")
        make_clip(clip)
        server = Child("serve-file", [sys.executable, serve_file, clip, "0"], env=gst_call_env())
        match = server.wait_line(r"open (http://127\.0\.0\.1:\d+/) \(WHEP: (\S+)\)", 20 * SCALE)
        page, whep = match.group(1), match.group(2)

        check_browser(page)

        player = subprocess.run(
            [gst_call, "whep", "--duration", "3", "--local-address", "127.0.0.1", whep],
            capture_output=True, text=True, timeout=60 * SCALE, env=gst_call_env())
        log(player.stdout + player.stderr)
        if player.returncode != 0:
            raise RuntimeError(f"gst-call whep exited with {player.returncode}")
        last = [line for line in player.stdout.splitlines() if "video frames" in line][-1]
        video = int(last.split("video frames sent 0 received ")[1].split(",")[0])
        audio = int(last.split("audio frames sent 0 received ")[1].split(",")[0])
        if video < 30 or audio < 30:
            raise RuntimeError(f"gst-call whep decoded too little: {last}")
        server.wait_line(r"a viewer left", 10 * SCALE)
        log("PASS")
    finally:
        if server:
            server.stop()
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
