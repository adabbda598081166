# libgstcall Python binding tests: shared fixtures and helpers.
# Copyright (C) 2026 The libgstcall authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Run by `meson test --suite bindings`, which points GI_TYPELIB_PATH and
# LD_LIBRARY_PATH at the build tree.

import threading
import time

import gi

gi.require_version("GLib", "2.0")
gi.require_version("Gst", "1.0")
gi.require_version("GstCall", "1.0")

from gi.repository import GLib, Gst, GstCall  # noqa: E402

import pytest  # noqa: E402

Gst.init(None)

# pytest imports this module on the thread that runs the tests: every
# signal, notify and async callback of libgstcall must arrive here.
MAIN_THREAD = threading.get_ident()

DEFAULT_TIMEOUT_S = 20.0


class HandlerErrors:
    """Collects failures raised inside signal handlers and callbacks.

    PyGObject prints an exception raised in a callback and carries on, so a
    failed assertion there would not fail the test. Handlers wrapped with
    `guard` record it here; `wait_until` and `check` turn it into a failure.
    """

    def __init__(self):
        self.errors = []
        self.calls = 0

    def guard(self, func):
        def wrapper(*args):
            try:
                assert threading.get_ident() == MAIN_THREAD, (
                    f"{func.__name__} ran on thread {threading.get_ident()}, "
                    f"not on the main thread {MAIN_THREAD}")
                self.calls += 1
                return func(*args)
            except BaseException as error:  # noqa: B902 - reported below
                self.errors.append(f"{func.__name__}: {error!r}")
                raise

        wrapper.__name__ = func.__name__
        return wrapper

    def check(self):
        if self.errors:
            pytest.fail("handler failed: " + "; ".join(self.errors))


@pytest.fixture
def handler_errors():
    errors = HandlerErrors()
    yield errors
    errors.check()


def wait_until(condition, what, timeout=DEFAULT_TIMEOUT_S, errors=None):
    """Iterates the thread-default main context until condition() is true.

    Fails the test after `timeout` seconds, or as soon as a guarded handler
    failed. A periodic wake-up lets conditions fed by streaming threads (pad
    probes) be seen without other main-context activity.
    """
    context = GLib.MainContext.ref_thread_default()
    deadline = time.monotonic() + timeout
    wake_id = GLib.timeout_add(50, lambda: GLib.SOURCE_CONTINUE)
    try:
        while not condition():
            if errors is not None:
                errors.check()
            if time.monotonic() > deadline:
                pytest.fail(f"timed out after {timeout:.0f} s waiting for {what}")
            context.iteration(True)
    finally:
        GLib.source_remove(wake_id)
    if errors is not None:
        errors.check()


def drain_context():
    """Runs the idle work already queued on the thread-default context."""
    context = GLib.MainContext.ref_thread_default()
    while context.iteration(False):
        pass


def run_async(start, finish, *args, cancellable=None, timeout=DEFAULT_TIMEOUT_S):
    """Calls start(*args, cancellable, callback) and waits for the callback.

    Returns finish(result) or raises what finish raised (a GLib.Error).
    """
    outcome = {}

    def on_done(source, result, *user_data):
        outcome["thread"] = threading.get_ident()
        try:
            outcome["value"] = finish(result)
        except GLib.Error as error:
            outcome["error"] = error

    start(*args, cancellable, on_done)
    wait_until(lambda: "thread" in outcome, f"{start.__name__} to finish", timeout)
    assert outcome["thread"] == MAIN_THREAD
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]


def call_stats(call):
    """The call's typed statistics (get_stats_async), summed up as a GstStructure."""
    return run_async(call.get_stats_async, call.get_stats_finish).to_structure()


def assert_call_error(error, code):
    """Asserts that error is a GLib.Error from GstCall.CallError with code."""
    assert isinstance(error, GLib.Error)
    assert error.domain == GLib.quark_to_string(GstCall.CallError.quark()), error
    assert error.code == int(code), (
        f"expected {code.value_nick}, got code {error.code}: {error.message}")
    assert error.matches(GstCall.CallError.quark(), code)
    assert error.message


def assert_finalized(objects):
    """Drops Python's references to objects and checks they were finalized.

    Uses GObject weak references (g_object_weak_ref), so this proves the C
    objects are gone, not only the Python wrappers. `objects` is a list the
    caller gives up: it is emptied here.
    """
    import gc

    finalized = []
    names = []
    for obj in objects:
        names.append(type(obj).__name__)
        obj.weak_ref(finalized.append, type(obj).__name__)
    objects.clear()
    obj = None
    gc.collect()
    drain_context()
    gc.collect()
    assert sorted(finalized) == sorted(names), (
        f"not finalized: {sorted(set(names) - set(finalized))}")
