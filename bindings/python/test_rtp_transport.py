# GstCall.CallRtpTransport from Python: plain RTP between two transports,
# the bundled-ssrc routing hook on the main thread.
# Copyright (C) 2026 The libgstcall authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later

import threading

from gi.repository import GLib, Gst, GstCall

import pytest

from conftest import MAIN_THREAD, assert_finalized, call_stats, drain_context, wait_until

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


def test_congestion_control_settings():
    """Congestion control: GCC between 30 kbit/s and 2.5 Mbit/s by default,
    no target before media is sent, settings changeable and notified."""
    transport = GstCall.CallRtpTransport.new()
    assert transport.get_congestion_control() == GstCall.CallCongestionControl.GCC
    assert (transport.get_min_bitrate(), transport.get_start_bitrate(),
            transport.get_max_bitrate()) == (30000, 300000, 2500000)
    assert transport.get_target_bitrate() == transport.props.target_bitrate == 0
    notified = []
    transport.connect("notify", lambda t, pspec: notified.append(pspec.name))
    transport.set_congestion_control(GstCall.CallCongestionControl.NONE)
    transport.set_min_bitrate(50000)
    transport.set_start_bitrate(200000)
    transport.set_max_bitrate(400000)
    transport.set_max_bitrate(400000)
    assert notified == ["congestion-control", "min-bitrate", "start-bitrate", "max-bitrate"]
    assert transport.props.congestion_control == GstCall.CallCongestionControl.NONE
    assert (transport.props.min_bitrate, transport.props.start_bitrate,
            transport.props.max_bitrate) == (50000, 200000, 400000)
    transport.props.congestion_control = GstCall.CallCongestionControl.GCC
    assert transport.get_target_bitrate() == 0
    transport.close()
    objects = [transport]
    del transport
    assert_finalized(objects)


def test_avpf_off():
    """RTP/AVP offers, as SIP endpoints take, with their feedback lines."""
    transport = GstCall.CallRtpTransport.new()
    assert transport.get_avpf() and transport.props.avpf
    transport.set_avpf(False)
    assert not transport.props.avpf
    transport.set_sources_from_description(VIDEO_SOURCE, None)
    offer = transport.create_offer()
    assert " RTP/AVP " in offer and "RTP/AVPF" not in offer
    assert " nack pli" in offer
    transport.close()
    objects = [transport]
    del transport
    assert_finalized(objects)


def test_srtp(handler_errors):
    """Plain RTP encrypted with SRTP, keyed by SDES."""
    sender = GstCall.CallRtpTransport.new()
    receiver = GstCall.CallRtpTransport.new()
    assert not sender.get_srtp()
    sender.set_srtp(True)
    assert sender.props.srtp
    assert not sender.get_secure()
    sender.set_sources_from_description(None, AUDIO_SOURCE)
    receiver.set_audio_sink(fakesink())

    offer = sender.create_offer()
    assert " RTP/SAVPF " in offer and "a=crypto:1 AES_CM_128_HMAC_SHA1_80 inline:" in offer
    answer = receiver.create_answer(offer)
    assert "a=crypto:1 AES_CM_128_HMAC_SHA1_80 inline:" in answer
    sender.set_remote_answer(answer)
    assert sender.get_secure() and receiver.props.secure

    def decoded():
        return receiver.get_stats().get_uint("audio-buffers-decoded")[1] >= 10

    wait_until(decoded, "SRTP audio decoded", errors=handler_errors)
    stats = receiver.get_stats()
    assert stats.get_boolean("srtp")[1]
    assert stats.get_uint("srtp-packets-dropped")[1] == 0

    sender.close()
    receiver.close()
    objects = [sender, receiver]
    del sender, receiver, decoded
    drain_context()
    assert_finalized(objects)

    # A transport that requires SRTP refuses a plain offer.
    strict = GstCall.CallRtpTransport.new()
    strict.props.srtp = True
    with pytest.raises(GLib.Error) as raised:
        strict.create_answer(offer.replace("RTP/SAVPF", "RTP/AVPF"))
    assert raised.value.matches(GstCall.CallError.quark(), GstCall.CallError.NEGOTIATION)
    del raised
    objects = [strict]
    del strict
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


def test_call_over_plain_rtp(handler_errors):
    """A GstCall.Call pair whose media goes over plain RTP."""
    signaller_a, signaller_b = GstCall.CallLoopbackSignaller.new_pair()
    calls = []
    for signaller in (signaller_a, signaller_b):
        call = GstCall.Call.new()
        assert call.get_transport() == GstCall.CallTransportKind.WEBRTC
        assert call.get_rtp_transport() is None
        call.set_transport(GstCall.CallTransportKind.RTP)
        assert call.props.transport == GstCall.CallTransportKind.RTP
        call.get_rtp_transport().set_local_address("127.0.0.1")
        call.set_signaller(signaller)
        call.set_sources_from_description(VIDEO_SOURCE, AUDIO_SOURCE)
        call.set_video_sink(fakesink())
        call.set_audio_sink(fakesink())
        call.ended_reasons = []
        call.connect("ended", handler_errors.guard(
            lambda c, reason: c.ended_reasons.append(reason)))
        calls.append(call)
    caller, callee = calls
    incoming = []
    callee.connect("incoming-call", handler_errors.guard(lambda c: incoming.append(c)))

    results = {}

    def done(name, finish):
        def on_done(call, result, *user_data):
            assert threading.get_ident() == MAIN_THREAD
            try:
                results[name] = finish(result)
            except GLib.Error as error:
                results[name] = error
        return on_done

    caller.dial_async(None, None, done("caller", caller.dial_finish))
    wait_until(lambda: incoming, "the offer to reach the callee", errors=handler_errors)
    callee.answer_async(None, done("callee", callee.answer_finish))
    wait_until(lambda: len(results) == 2, "both calls to connect", errors=handler_errors)
    assert results == {"caller": True, "callee": True}, results
    assert caller.get_peer_connection() is None

    def received(call, field, at_least):
        ok, value = call_stats(call).get_uint(field)
        return ok and value >= at_least

    for call in calls:
        wait_until(lambda: received(call, "video-frames-received", 20) and
                   received(call, "audio-frames-received", 30),
                   "audio and video decoded", errors=handler_errors)
        stats = call_stats(call)
        assert stats.get_value("bytes-received") > 0
        assert stats.get_value("bytes-sent") > 0

    caller.hangup()
    wait_until(lambda: callee.get_state() == GstCall.CallState.ENDED,
               "the callee to end", timeout=2)
    assert caller.get_state() == GstCall.CallState.ENDED
    assert caller.ended_reasons == [None]
    assert callee.ended_reasons == [None]

    objects = [caller, callee, signaller_a, signaller_b]
    del caller, callee, signaller_a, signaller_b, signaller, calls, call, incoming
    drain_context()
    assert_finalized(objects)
