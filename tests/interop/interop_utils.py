"""Shared by the interop tests: child processes with bounded waits, and the
stats lines `gst-call serve` and `gst-call dial` print."""

import os
import queue
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time

SCALE = float(os.environ.get("GST_CALL_TEST_TIMEOUT_SCALE", "1"))
STATS_RE = re.compile(r"^(stats|final) call=(\d+) (.*)$")


# gst-call children run without fatal criticals; check_criticals() fails on
# any critical or warning in their output but the known ones of GStreamer
# 1.22 (tests/child_output.py).
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from child_output import child_env as gst_call_env, unexpected_messages  # noqa: E402


def log(message):
    print(message, flush=True)


def skip(reason):
    """Exit status 77: meson counts the test as skipped, with the reason;
    except in CI (CI=true), whose machine tools/install-deps prepared: there
    a test that cannot run fails."""
    if os.environ.get("CI") == "true":
        log(f"FAIL: cannot run in CI, where it must: {reason}")
        sys.exit(1)
    log(f"SKIP: {reason}")
    sys.exit(77)


class Child:
    """A child process whose stdout is read by a thread, line by line, and
    echoed to the test log with a prefix. With @stdin, the test writes its
    standard input (send_line)."""

    def __init__(self, name, argv, env=None, stdin=False):
        self.name = name
        self.lines = []
        self.queue = queue.Queue()
        log(f"[{name}] $ {' '.join(argv)}")
        self.process = subprocess.Popen(
            argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
            stdin=subprocess.PIPE if stdin else subprocess.DEVNULL,
            env=env, start_new_session=True)
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self):
        for line in self.process.stdout:
            line = line.rstrip("\n")
            self.lines.append(line)
            self.queue.put(line)
            print(f"[{self.name}] {line}", flush=True)
        self.queue.put(None)

    def send_line(self, line):
        """Writes @line and a newline to the child's standard input."""
        log(f"[{self.name}] < {line if len(line) <= 80 else line[:80] + '…'}")
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def has_line(self, pattern):
        """Whether a line printed so far matches @pattern."""
        regex = re.compile(pattern)
        return any(regex.search(line) for line in list(self.lines))

    def wait_line(self, pattern, timeout):
        """The first match of @pattern in a line printed from now on (or
        already printed when it is the first call)."""
        regex = re.compile(pattern)
        deadline = time.monotonic() + timeout * SCALE
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError(f"{self.name}: no line matching {pattern!r} "
                                   f"within {timeout * SCALE:.0f} s")
            try:
                line = self.queue.get(timeout=remaining)
            except queue.Empty:
                continue
            if line is None:
                raise RuntimeError(f"{self.name} exited ({self.process.wait()}) before "
                                   f"printing a line matching {pattern!r}")
            match = regex.search(line)
            if match:
                return match

    def stats(self, call_id=None):
        """The last stats line (of call @call_id) as a dict."""
        for line in reversed(self.lines):
            match = STATS_RE.match(line)
            if match and (call_id is None or int(match.group(2)) == call_id):
                fields = dict(item.split("=", 1) for item in match.group(3).split())
                fields["call"] = match.group(2)
                return fields
        return None

    def wait_stats(self, predicate, timeout, call_id=None):
        deadline = time.monotonic() + timeout * SCALE
        while time.monotonic() < deadline:
            fields = self.stats(call_id)
            if fields and predicate(fields):
                return fields
            if self.process.poll() is not None and not self.thread.is_alive():
                break
            time.sleep(0.2)
        raise TimeoutError(f"{self.name}: stats never satisfied the test; last: "
                           f"{self.stats(call_id)}")

    def wait_exit(self, timeout):
        try:
            return self.process.wait(timeout=timeout * SCALE)
        finally:
            self.thread.join(timeout=5)

    def check_criticals(self):
        """Fails on a GLib critical or warning in the output, but the known
        ones of GStreamer 1.22 (tests/child_output.py)."""
        for line in unexpected_messages(self.lines):
            raise AssertionError(f"{self.name} printed: {line}")

    def stop(self):
        """SIGTERM, then SIGKILL to the whole process group after 5 s."""
        if self.process.stdin:
            try:
                self.process.stdin.close()
            except OSError:
                pass
        if self.process.poll() is None:
            try:
                os.killpg(self.process.pid, signal.SIGTERM)
                self.process.wait(timeout=5)
            except (subprocess.TimeoutExpired, ProcessLookupError):
                try:
                    os.killpg(self.process.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                self.process.wait()
        self.thread.join(timeout=5)


def start_server(gst_call, *args, stdin=False):
    """`gst-call serve` on a free port; returns (child, page URL)."""
    child = Child("serve", [gst_call, "serve", "--port", "0", *args], env=gst_call_env(),
                  stdin=stdin)
    match = child.wait_line(r"(https?://127\.0\.0\.1:\d+/)", 20)
    return child, match.group(1)


CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
# The flags are explained in docs/browser-interop.md.
CHROMIUM_FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


def start_chromium(extra_flags):
    """Headless Chromium through chromium-driver, with a fresh profile and
    the flags above plus @extra_flags; skips (fails in CI) when Chromium,
    its driver or Selenium is missing. Returns (driver, profile directory):
    quit the one and remove the other when done."""
    for program in (CHROMIUM, CHROMEDRIVER):
        if not os.access(program, os.X_OK):
            skip(f"{program} is missing: install chromium and chromium-driver "
                 "(tools/install-deps does)")
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        skip("python3-selenium is missing (tools/install-deps installs it)")
    profile = tempfile.mkdtemp(prefix="gst-call-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in CHROMIUM_FLAGS + list(extra_flags) + [f"--user-data-dir={profile}"]:
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(30 * SCALE)
    return driver, profile
