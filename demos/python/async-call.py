#!/usr/bin/env python3
# The loopback call of loopback-call.py written as a coroutine: `await` each
# async step of libgstcall instead of chaining callbacks.
# Copyright (C) 2026 The libgstcall authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# PyGObject 3.42 (Debian 12) has no awaitable async methods (3.50 adds them,
# with gi.events for asyncio). The few lines of `GioStep` and `run` below
# drive an `async def` on the GLib main loop: each `await` starts an
# _async method and resumes the coroutine, on the main thread, when its
# callback brings the _finish result (or raises its GLib.Error).

import sys

import gi

gi.require_version("Gst", "1.0")
gi.require_version("GstCall", "1.0")
from gi.repository import GLib, Gst, GstCall  # noqa: E402


class GioStep:
    """An awaitable async call: `await GioStep(obj.dial_async, obj.dial_finish, uri)`.

    `start` is called with `args`, no GCancellable and a callback; the
    coroutine gets what `finish` returns, or the GLib.Error it raises.
    """

    def __init__(self, start, finish, *args):
        self.start, self.finish, self.args = start, finish, args

    def begin(self, resume):
        def on_done(source, result, *user_data):
            try:
                value = self.finish(result)
            except GLib.Error as error:
                resume(error=error)
            else:
                resume(value)

        self.start(*self.args, None, on_done)

    def __await__(self):
        return (yield self)


class Sleep(GioStep):
    """An awaitable pause of the coroutine: `await Sleep(0.5)`; the main loop runs on."""

    def __init__(self, seconds):
        self.seconds = seconds

    def begin(self, resume):
        GLib.timeout_add(int(self.seconds * 1000), lambda: resume() or GLib.SOURCE_REMOVE)


def spawn(coroutine, done=None):
    """Runs a coroutine on the thread-default main context; `done(value, error)` at its end."""

    def step(value=None, error=None):
        try:
            awaited = coroutine.throw(error) if error else coroutine.send(value)
        except StopIteration as stop:
            if done:
                done(stop.value, None)
        except Exception as failure:  # noqa: B902 - handed to done
            if done:
                done(None, failure)
            else:
                raise
        else:
            awaited.begin(step)

    GLib.idle_add(lambda: step() or GLib.SOURCE_REMOVE)


def run(coroutine):
    """Runs a main loop until the coroutine returns; returns its value or raises."""
    loop = GLib.MainLoop()
    outcome = {}

    def done(value, error):
        outcome.update(value=value, error=error)
        loop.quit()

    spawn(coroutine, done)
    loop.run()
    if outcome["error"] is not None:
        raise outcome["error"]
    return outcome["value"]


async def answer(peer):
    await GioStep(peer.answer_async, peer.answer_finish)
    print("answered")


async def loopback_call():
    ours, theirs = GstCall.CallLoopbackSignaller.new_pair()  # or a WebSocket signaller
    call, peer = GstCall.Call.new(), GstCall.Call.new()
    for c in (call, peer):
        c.props.ice_local_addresses = ["127.0.0.1"]  # both ends are on this machine
    call.set_signaller(ours)
    peer.set_signaller(theirs)
    peer.connect("incoming-call", lambda peer: spawn(answer(peer)))
    call.connect("notify::state", lambda call, _: print("call is", call.props.state.value_nick))

    await GioStep(call.dial_async, call.dial_finish, None)  # raises GLib.Error on failure
    for _ in range(100):  # until the peer's media is decoded, 10 s at most
        stats = await GioStep(call.get_stats_async, call.get_stats_finish)
        frames = {"video": 0, "audio": 0}
        for stream in stats.get_inbound_streams():  # typed, as a browser's getStats()
            frames[stream.props.kind.value_nick] += stream.props.frames_decoded
        if all(frames.values()):
            break
        await Sleep(0.1)  # the main loop runs on: media flows
    call.hangup()
    return frames


if __name__ == "__main__":
    Gst.init(None)
    try:
        frames = run(loopback_call())
    except GLib.Error as error:
        print("call failed:", error.message, file=sys.stderr)
        sys.exit(1)
    video, audio = frames["video"], frames["audio"]
    print("received", video, "video frames and", audio, "audio frames")
    sys.exit(0 if video > 0 and audio > 0 else 1)
