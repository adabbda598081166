# GstCall.Call from Python: the few-lines promise.
# Copyright (C) 2026 The libgstcall authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# Two calls in one process through a GstCall.CallLoopbackSignaller pair:
# audio and video both ways, mute and unmute, hang-up, and bad use.

import time

from gi.repository import Gio, GLib, Gst, GstCall

import pytest

from conftest import (
    assert_call_error,
    assert_finalized,
    call_stats,
    drain_context,
    run_async,
    wait_until,
)

VIDEO_SOURCE = ("videotestsrc is-live=true pattern=ball ! "
                "capsfilter caps=video/x-raw,width=320,height=240,framerate=30/1")
AUDIO_SOURCE = ("audiotestsrc is-live=true ! "
                "capsfilter caps=audio/x-raw,rate=48000,channels=2")


def new_call(signaller, handler_errors, video=True, audio=True):
    """A call sending test sources, playing into fakesinks, on 127.0.0.1."""
    call = GstCall.Call.new()
    call.props.ice_local_addresses = ["127.0.0.1"]
    call.props.send_video = video
    call.props.send_audio = audio
    call.set_signaller(signaller)
    call.set_sources_from_description(VIDEO_SOURCE, AUDIO_SOURCE)
    call.set_video_sink(Gst.ElementFactory.make("fakesink"))
    call.set_audio_sink(Gst.ElementFactory.make("fakesink"))
    call.ended_reasons = []
    call.connect("ended", handler_errors.guard(
        lambda c, reason: c.ended_reasons.append(reason)))
    return call


def stat(call, field):
    ok, value = call_stats(call).get_uint(field)
    assert ok, field
    return value


def wait_stat(call, field, at_least, errors):
    wait_until(lambda: stat(call, field) >= at_least, f"{field} >= {at_least}",
               errors=errors)


def pause(seconds):
    deadline = time.monotonic() + seconds
    wait_until(lambda: time.monotonic() >= deadline, "a pause", timeout=seconds + 5)


def start_both(caller, callee):
    """Dials and answers; returns once both are connected."""
    results = {}

    def done(name, finish):
        def on_done(call, result, *user_data):
            try:
                results[name] = finish(result)
            except GLib.Error as error:
                results[name] = error
        return on_done

    caller.dial_async(None, None, done("caller", caller.dial_finish))
    callee.answer_async(None, done("callee", callee.answer_finish))
    wait_until(lambda: len(results) == 2, "both calls to connect")
    assert results == {"caller": True, "callee": True}, results


def test_call_both_ways(handler_errors):
    signaller_a, signaller_b = GstCall.CallLoopbackSignaller.new_pair()
    caller = new_call(signaller_a, handler_errors)
    callee = new_call(signaller_b, handler_errors)
    remote_kinds = []
    callee.connect("remote-track", handler_errors.guard(
        lambda c, track: remote_kinds.append(track.get_kind())))

    start_both(caller, callee)
    assert caller.get_state() == GstCall.CallState.ACTIVE
    assert callee.props.state == GstCall.CallState.ACTIVE
    assert caller.get_end_reason() == GstCall.CallEndReason.NONE
    assert caller.get_rejected_candidates() == 0
    assert callee.props.rejected_candidates == 0

    for field, at_least in (("video-frames-received", 30), ("audio-frames-received", 50)):
        wait_stat(caller, field, at_least, handler_errors)
        wait_stat(callee, field, at_least, handler_errors)
    assert sorted(remote_kinds) == [GstCall.CallMediaKind.AUDIO,
                                    GstCall.CallMediaKind.VIDEO]

    stats = call_stats(caller)
    assert stats.get_string("video-encoder") == "vp8enc"
    assert stats.get_value("bytes-received") > 0

    # Mute stops the callee's video: once what was in flight drained, the
    # count does not move for a second. Unmute resumes it.
    caller.props.video_muted = True
    previous = -1
    for _ in range(12):
        current = stat(callee, "video-frames-received")
        if current == previous:
            break
        previous = current
        pause(0.4)
    frozen = stat(callee, "video-frames-received")
    pause(1.0)
    assert stat(callee, "video-frames-received") == frozen
    caller.set_video_muted(False)
    wait_stat(callee, "video-frames-received", frozen + 15, handler_errors)

    # Hanging up ends the other side within 2 s, with no error.
    hangup_at = time.monotonic()
    caller.hangup()
    assert caller.get_state() == GstCall.CallState.ENDED
    wait_until(lambda: callee.get_state() == GstCall.CallState.ENDED,
               "the callee to end", timeout=2)
    assert time.monotonic() - hangup_at < 2
    assert callee.ended_reasons == [None]
    assert caller.get_end_reason() == GstCall.CallEndReason.HANGUP
    assert callee.props.end_reason == GstCall.CallEndReason.PEER_HANGUP
    caller.hangup()  # twice: nothing happens
    assert caller.ended_reasons == [None]

    objects = [caller, callee, signaller_a, signaller_b]
    del caller, callee, signaller_a, signaller_b
    drain_context()
    assert_finalized(objects)


def test_bad_use(handler_errors):
    lonely = new_call(None, handler_errors, video=False)
    with pytest.raises(GLib.Error) as error:
        run_async(lonely.dial_async, lonely.dial_finish, None)
    assert_call_error(error.value, GstCall.CallError.INVALID_ARGUMENT)
    # Messages name properties and methods as every language does.
    assert "signaller property" in error.value.message
    assert "gst_" not in error.value.message and "()" not in error.value.message

    with pytest.raises(GLib.Error) as error:
        run_async(lonely.dial_async, lonely.dial_finish, "gopher://127.0.0.1/x")
    assert_call_error(error.value, GstCall.CallError.INVALID_ARGUMENT)
    assert "gopher" in error.value.message

    with pytest.raises(GLib.Error) as error:
        lonely.set_sources_from_description("nosuchcamerasrc", None)
    assert_call_error(error.value, GstCall.CallError.MISSING_PLUGIN)

    lonely.hangup()
    lonely.hangup()
    assert lonely.get_state() == GstCall.CallState.ENDED

    # AV1 can be set, but a call cannot send it (no payloader in GStreamer
    # 1.22): dialling fails with an error naming the codec and the missing
    # element, and no critical is printed.
    signaller_a, signaller_b = GstCall.CallLoopbackSignaller.new_pair()
    call = new_call(signaller_a, handler_errors)
    call.props.video_codec = GstCall.CallCodec.AV1
    assert call.get_video_codec() == GstCall.CallCodec.AV1
    with pytest.raises(GLib.Error) as error:
        run_async(call.dial_async, call.dial_finish, None)
    assert_call_error(error.value, GstCall.CallError.MISSING_PLUGIN)
    assert "AV1" in error.value.message and "rtpav1pay" in error.value.message
    assert "gst_" not in error.value.message
    assert call.get_state() == GstCall.CallState.IDLE


def test_no_answer_fails(handler_errors):
    signaller_a, signaller_b = GstCall.CallLoopbackSignaller.new_pair()
    caller = new_call(signaller_a, handler_errors, video=False)
    caller.props.connect_timeout = 2
    with pytest.raises(GLib.Error) as error:
        run_async(caller.dial_async, caller.dial_finish, None, timeout=10)
    assert_call_error(error.value, GstCall.CallError.SIGNALING)
    assert caller.get_state() == GstCall.CallState.FAILED
    assert caller.get_end_reason() == GstCall.CallEndReason.FAILED
    assert caller.ended_reasons[0].matches(GstCall.CallError.quark(),
                                           GstCall.CallError.SIGNALING)


def test_cancel_dial(handler_errors):
    signaller_a, signaller_b = GstCall.CallLoopbackSignaller.new_pair()
    caller = new_call(signaller_a, handler_errors, video=False)
    cancellable = Gio.Cancellable()
    GLib.timeout_add(100, lambda: cancellable.cancel() or GLib.SOURCE_REMOVE)
    with pytest.raises(GLib.Error) as error:
        run_async(caller.dial_async, caller.dial_finish, None, cancellable=cancellable)
    assert error.value.matches(Gio.io_error_quark(), Gio.IOErrorEnum.CANCELLED)
    assert caller.get_state() == GstCall.CallState.ENDED


def test_broadcast_configuration():
    """A broadcast given to a call replaces its own source of that kind."""
    source = Gst.parse_bin_from_description("videotestsrc is-live=true", True)
    broadcast = GstCall.CallBroadcast.new(GstCall.CallMediaKind.VIDEO, source)
    assert broadcast.get_kind() == GstCall.CallMediaKind.VIDEO
    assert broadcast.get_codec() == GstCall.CallCodec.VP8
    assert broadcast.get_viewer_count() == 0
    assert broadcast.get_keyframe_requests() == 0
    assert isinstance(broadcast.get_pipeline(), Gst.Pipeline)

    call = GstCall.Call.new()
    assert call.get_broadcast(GstCall.CallMediaKind.VIDEO) is None
    call.set_broadcast(broadcast)
    assert call.get_broadcast(GstCall.CallMediaKind.VIDEO) == broadcast
    assert call.props.video_broadcast == broadcast
    assert call.props.audio_broadcast is None
    assert call.props.latency == 50
