# GstCall.CallRtpTransport from Python: plain RTP between two transports,
# the bundled-ssrc routing hook on the main thread.
# Copyright (C) 2026 The libgstcall authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later

import threading

from gi.repository import GLib, Gst, GstCall

import pytest

from conftest import MAIN_THREAD, assert_finalized, drain_context, wait_until

VIDEO_SOURCE = ("videotestsrc is-live=true pattern=ball ! "
                "capsfilter caps=video/x-raw,width=320,height=240,framerate=30/1")
AUDIO_SOURCE = ("audiotestsrc is-live=true ! "
                "capsfilter caps=audio/x-raw,rate=48000,channels=2")


def fakesink():
    sink = Gst.ElementFactory.make("fakesink")
    sink.props.sync = False
    return sink


def test_bundle_with_routing_hook(handler_errors):
    sender = GstCall.CallRtpTransport.new()
    receiver = GstCall.CallRtpTransport.new()
    sender.set_sources_from_description(VIDEO_SOURCE, AUDIO_SOURCE)
    receiver.set_video_sink(fakesink())
    receiver.set_audio_sink(fakesink())
    calls = []

    def on_bundled_ssrc(transport, ssrc, payload_type, mid):
        assert threading.get_ident() == MAIN_THREAD
        calls.append(ssrc)
        return 0 if payload_type == 111 else 1

    receiver.connect("bundled-ssrc", handler_errors.guard(on_bundled_ssrc))

    offer = sender.create_offer()
    assert "a=group:BUNDLE 0 1" in offer
    answer = receiver.create_answer(offer)
    sender.set_remote_answer(answer)
    assert receiver.props.local_port > 0

    def decoded():
        stats = receiver.get_stats()
        return (stats.get_uint("video-frames-decoded")[1] >= 10 and
                stats.get_uint("audio-buffers-decoded")[1] >= 10)

    wait_until(decoded, "audio and video decoded", errors=handler_errors)
    assert len(calls) >= 2
    assert len(calls) == len(set(calls))
    assert receiver.get_stats().get_uint("sessions")[1] == 2

    sender.close()
    receiver.close()
    objects = [sender, receiver]
    del sender, receiver, decoded
    drain_context()
    assert_finalized(objects)


def test_properties():
    transport = GstCall.CallRtpTransport.new()
    assert transport.get_rtx()
    transport.set_rtx(False)
    assert not transport.get_rtx()
    assert not transport.props.rtx
    transport.set_local_address("127.0.0.1")
    assert transport.get_local_address() == "127.0.0.1"
    # No socket before an offer or answer is made.
    assert transport.get_local_port() == 0
    transport.set_sources_from_description(VIDEO_SOURCE, None)
    offer = transport.create_offer()
    assert "a=rtx" not in offer and "rtx/90000" not in offer
    assert transport.get_local_port() > 0
    assert "c=IN IP4 127.0.0.1" in offer
    transport.close()
    objects = [transport]
    del transport
    assert_finalized(objects)


def test_bad_offer():
    transport = GstCall.CallRtpTransport.new()
    with pytest.raises(GLib.Error) as raised:
        transport.create_answer("v=0\r\n")
    assert raised.value.matches(GstCall.CallError.quark(), GstCall.CallError.INVALID_ARGUMENT)
    del raised
    objects = [transport]
    del transport
    assert_finalized(objects)
