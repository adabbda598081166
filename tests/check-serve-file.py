#!/usr/bin/python3
"""demos/python/serve-file.py, as a user runs it: serves a short clip, then
headless Chromium opens its page and must play the clip's video (320x240,
the clock of the <video> element moving), and `gst-call whep` must decode
its video and audio from the same endpoint.

usage: check-serve-file.py GST_CALL SERVE_FILE_PY
"""

import os
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "interop"))
from interop_utils import SCALE, Child, gst_call_env, log, skip  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
CHROMIUM_FLAGS = [  # as in tests/interop/test-browser.py, no camera needed
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--autoplay-policy=no-user-gesture-required",
]


def make_clip(path):
    """10 s of 320x240 VP8 and Opus in WebM."""
    subprocess.run([
        "gst-launch-1.0", "-q", "videotestsrc", "num-buffers=300", "!",
        "video/x-raw,width=320,height=240,framerate=30/1", "!", "vp8enc", "deadline=1", "!",
        "webmmux", "name=mux", "!", "filesink", f"location={path}",
        "audiotestsrc", "num-buffers=500", "!", "opusenc", "!", "mux."], check=True)


def check_browser(url):
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        skip("python3-selenium is missing (tools/install-deps installs it)")
    profile = tempfile.mkdtemp(prefix="gst-call-chromium-")
    driver = None
    try:
        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        for flag in CHROMIUM_FLAGS + [f"--user-data-dir={profile}"]:
            options.add_argument(flag)
        driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
        driver.set_page_load_timeout(30 * SCALE)
        driver.get(url)
        deadline = time.monotonic() + 30 * SCALE
        state = None
        while time.monotonic() < deadline:
            state = driver.execute_script(
                "const v = document.getElementById('video');"
                "return [v.videoWidth, v.videoHeight, v.currentTime];")
            if state[0] == 320 and state[1] == 240 and state[2] > 1.0:
                log(f"the page plays the clip: {state[0]}x{state[1]}, at {state[2]:.1f} s")
                return
            time.sleep(0.25)
        raise TimeoutError(f"the page did not play the clip: [width, height, time] = {state}")
    finally:
        if driver:
            driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    gst_call, serve_file = sys.argv[1], sys.argv[2]
    for program in (CHROMIUM, CHROMEDRIVER):
        if not os.access(program, os.X_OK):
            skip(f"{program} is missing: install chromium and chromium-driver "
                 "(tools/install-deps does)")
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
