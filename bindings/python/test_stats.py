# Typed statistics from Python: GstCall.CallStats of a live call, read with
# get_stats_async and get_stats_finish, over WebRTC and over plain RTP.
# Copyright (C) 2026 The libgstcall authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later

import threading
import time

from gi.repository import Gio, GLib, Gst, GstCall

import pytest

from conftest import MAIN_THREAD, assert_finalized, drain_context, run_async, wait_until

VIDEO_SOURCE = ("videotestsrc is-live=true pattern=ball ! "
                "capsfilter caps=video/x-raw,width=320,height=240,framerate=30/1")
AUDIO_SOURCE = ("audiotestsrc is-live=true ! "
                "capsfilter caps=audio/x-raw,rate=48000,channels=2")
VIDEO, AUDIO = GstCall.CallMediaKind.VIDEO, GstCall.CallMediaKind.AUDIO


def new_call(signaller, transport):
    call = GstCall.Call.new()
    call.props.ice_local_addresses = ["127.0.0.1"]
    call.set_transport(transport)
    call.set_signaller(signaller)
    call.set_sources_from_description(VIDEO_SOURCE, AUDIO_SOURCE)
    call.set_video_sink(Gst.ElementFactory.make("fakesink"))
    call.set_audio_sink(Gst.ElementFactory.make("fakesink"))
    return call


def connect_pair(transport):
    signaller_a, signaller_b = GstCall.CallLoopbackSignaller.new_pair()
    caller, callee = new_call(signaller_a, transport), new_call(signaller_b, transport)
    incoming = []
    callee.connect("incoming-call", lambda c: incoming.append(c))
    results = {}

    def done(name, finish):
        def on_done(call, result, *user_data):
            results[name] = finish(result)
        return on_done

    caller.dial_async(None, None, done("caller", caller.dial_finish))
    wait_until(lambda: incoming, "the offer to reach the callee")
    callee.answer_async(None, done("callee", callee.answer_finish))
    wait_until(lambda: len(results) == 2, "both calls to connect")
    assert results == {"caller": True, "callee": True}
    return caller, callee


def get_stats(source):
    """source.get_stats_async(None, cb) then get_stats_finish, on the main thread."""
    outcome = {}

    def on_stats(source, result):
        outcome["thread"] = threading.get_ident()
        outcome["stats"] = source.get_stats_finish(result)

    source.get_stats_async(None, on_stats)
    wait_until(lambda: "stats" in outcome, "the statistics")
    assert outcome["thread"] == MAIN_THREAD
    stats = outcome["stats"]
    assert isinstance(stats, GstCall.CallStats)
    assert stats.get_timestamp() == stats.props.timestamp > 0
    return stats


def stream(streams, kind):
    found = [s for s in streams if s.get_kind() == kind]
    assert len(found) == 1, [(s.get_kind(), s.get_ssrc()) for s in streams]
    return found[0]


def check_streams(stats, video_encoder, video_decoder):
    """Frames decoded, codecs, encoders and decoders: every getter once."""
    video_out = stream(stats.get_outbound_streams(), VIDEO)
    audio_out = stream(stats.get_outbound_streams(), AUDIO)
    assert video_out.get_codec() == "VP8" and audio_out.get_codec() == "OPUS"
    assert video_out.get_encoder() == video_encoder
    assert audio_out.get_encoder() == "opusenc"
    assert video_out.get_ssrc() != audio_out.get_ssrc()
    assert video_out.get_ssrc() == video_out.props.ssrc
    assert 96 <= video_out.get_payload_type() <= 127
    assert video_out.get_bytes_sent() > 0 and video_out.get_packets_sent() > 0
    assert video_out.get_frames_sent() > 0
    assert video_out.get_target_bitrate() > 0  # the call's default video bitrate
    # Video is limited by the bandwidth only while congestion control holds
    # it below its bitrate; audio never is.
    assert video_out.get_quality_limitation_reason() in ("none", "bandwidth")
    assert audio_out.get_quality_limitation_reason() == "none" == \
        audio_out.props.quality_limitation_reason
    assert audio_out.get_bitrate() > 0
    # Retransmissions answer NACKs only (one NACK asks for up to 17 packets).
    assert video_out.get_retransmitted_packets_sent() <= 17 * video_out.get_nack_count()
    assert ((video_out.get_retransmitted_bytes_sent() > 0) ==
            (video_out.get_retransmitted_packets_sent() > 0))
    assert audio_out.get_pli_count() == audio_out.get_fir_count() == 0  # video's only

    video_in = stream(stats.get_inbound_streams(), VIDEO)
    audio_in = stream(stats.get_inbound_streams(), AUDIO)
    assert video_in.get_codec() == "VP8" and audio_in.get_codec() == "OPUS"
    assert video_in.get_decoder() == video_decoder
    assert audio_in.get_decoder() == "opusdec"
    assert video_in.get_ssrc() != audio_in.get_ssrc()
    assert video_in.get_payload_type() == video_in.props.payload_type
    assert video_in.get_bytes_received() > 0 and video_in.get_packets_received() > 0
    assert video_in.get_frames_received() > 0
    assert video_in.get_frames_decoded() > 0
    assert video_in.get_frames_dropped() <= video_in.get_frames_received()
    assert video_in.get_packets_lost() <= 0  # none lost; duplicates count negative
    assert 0 <= video_in.get_jitter() < 0.5
    assert video_in.get_jitter_buffer_delay() > 0
    assert video_in.get_freeze_count() <= video_in.get_frames_decoded()
    assert audio_in.get_freeze_count() == 0  # video only
    assert video_in.get_retransmitted_packets_received() <= 17 * video_in.get_nack_count()
    assert ((video_in.get_retransmitted_bytes_received() > 0) ==
            (video_in.get_retransmitted_packets_received() > 0))
    return video_out, video_in


def wait_half_a_second_of_media():
    """Bitrates are measured between two readings of the statistics: half a
    second of media since the last one (the round trip time the tests wait
    for may come with the very first reading, a few milliseconds after the
    one before)."""
    media_until = time.monotonic() + 0.5
    wait_until(lambda: time.monotonic() >= media_until, "half a second of media")


def test_webrtc_call_stats():
    caller, callee = connect_pair(GstCall.CallTransportKind.WEBRTC)
    pc = caller.get_peer_connection()

    def pair_round_trip():
        pair = get_stats(pc).get_candidate_pair()
        return pair is not None and pair.get_round_trip_time() > 0

    # The selected pair's round trip comes with the first RTCP reports.
    wait_until(pair_round_trip, "a round trip time")
    wait_half_a_second_of_media()
    stats = get_stats(pc)
    video_out, video_in = check_streams(stats, "vp8enc", "vp8dec")
    pair = stats.get_candidate_pair()
    assert pair.get_round_trip_time() > 0
    assert pair.get_local_candidate_type() == "host"
    assert pair.get_remote_candidate_type() in ("host", "prflx")
    assert pair.get_local_address() == "127.0.0.1" and pair.get_local_port() > 0
    assert pair.get_remote_address() == "127.0.0.1" and pair.get_remote_port() > 0
    assert pair.get_local_port() != pair.get_remote_port()
    # Congestion control's estimate, from the transport-wide feedback.
    assert pair.get_available_outgoing_bitrate() >= 30000

    # Bytes and frames grow between two readings; the call's reading is the
    # same kind of object.
    later = run_async(caller.get_stats_async, caller.get_stats_finish)
    assert later.props.timestamp >= stats.props.timestamp
    wait_until(lambda: stream(get_stats(caller).get_inbound_streams(), VIDEO).get_frames_decoded()
               > video_in.get_frames_decoded() + 10, "more frames decoded")
    assert (stream(get_stats(caller).get_outbound_streams(), VIDEO).get_bytes_sent()
            > video_out.get_bytes_sent())

    caller.hangup()
    callee.hangup()
    objects = [caller, callee, pc, stats, later]
    del caller, callee, pc, stats, later, video_out, video_in, pair
    drain_context()
    assert_finalized(objects)


def test_plain_rtp_call_stats():
    caller, callee = connect_pair(GstCall.CallTransportKind.RTP)
    transport = caller.get_rtp_transport()

    # No ICE on plain RTP: the round trip comes from the RTCP reports, per
    # stream sent.
    def video_round_trip():
        sent = [s for s in get_stats(transport).get_outbound_streams() if s.get_kind() == VIDEO]
        return sent and sent[0].get_round_trip_time() > 0

    wait_until(video_round_trip, "a round trip time")
    wait_half_a_second_of_media()
    stats = get_stats(transport)
    assert stats.get_candidate_pair() is None
    video_out, video_in = check_streams(stats, "vp8enc", "vp8dec")
    assert video_out.get_round_trip_time() < 1

    wait_until(lambda: stream(get_stats(transport).get_inbound_streams(), VIDEO)
               .get_frames_decoded() > video_in.get_frames_decoded() + 10, "more frames decoded")
    assert (stream(get_stats(transport).get_outbound_streams(), VIDEO).get_bytes_sent()
            > video_out.get_bytes_sent())

    caller.hangup()
    callee.hangup()
    objects = [caller, callee, transport, stats]
    del caller, callee, transport, stats, video_out, video_in
    drain_context()
    assert_finalized(objects)


def test_stats_before_a_call_and_cancelled():
    call = GstCall.Call.new()
    stats = run_async(call.get_stats_async, call.get_stats_finish)
    assert stats.get_outbound_streams() == [] and stats.get_inbound_streams() == []
    assert stats.props.candidate_pair is None

    cancellable = Gio.Cancellable.new()
    cancellable.cancel()
    with pytest.raises(GLib.Error) as raised:
        run_async(call.get_stats_async, call.get_stats_finish, cancellable=cancellable)
    assert raised.value.matches(Gio.io_error_quark(), Gio.IOErrorEnum.CANCELLED)
