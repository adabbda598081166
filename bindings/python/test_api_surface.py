# The whole public API of GstCall-1.0 from Python, and a check that every
# function and method of the typelib is called by some Python test.
# Copyright (C) 2026 The libgstcall authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# test_peerconnection.py and test_call.py drive calls; the tests here reach
# the rest: the settings and tracks of GstCall.Call, codec selection, the
# signaller interface, the WebSocket signaling server and client (ws:// and
# wss://), and the functions outside any class.

import glob
import os
import re
import shutil
import subprocess

import gi

gi.require_version("GIRepository", "2.0")
gi.require_version("Soup", "3.0")
from gi.repository import Gio, GIRepository, GLib, GObject, Gst, GstCall, Soup  # noqa: E402

import pytest  # noqa: E402

from conftest import assert_call_error, run_async, wait_until  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
VIDEO_SOURCE = "videotestsrc is-live=true"
AUDIO_SOURCE = "audiotestsrc is-live=true"


def public_callables():
    """(type name, function name) of every function and method of the typelib."""
    repository = GIRepository.Repository.get_default()
    found = []
    for index in range(repository.get_n_infos("GstCall")):
        info = repository.get_info("GstCall", index)
        kind = info.get_type()
        if kind == GIRepository.InfoType.OBJECT:
            methods = [GIRepository.object_info_get_method(info, i)
                       for i in range(GIRepository.object_info_get_n_methods(info))]
        elif kind == GIRepository.InfoType.INTERFACE:
            methods = [GIRepository.interface_info_get_method(info, i)
                       for i in range(GIRepository.interface_info_get_n_methods(info))]
        elif kind in (GIRepository.InfoType.ENUM, GIRepository.InfoType.FLAGS):
            methods = [GIRepository.enum_info_get_method(info, i)
                       for i in range(GIRepository.enum_info_get_n_methods(info))]
        elif kind == GIRepository.InfoType.FUNCTION:
            found.append(("GstCall", info.get_name()))
            continue
        else:
            continue
        found += [(info.get_name(), method.get_name()) for method in methods]
    return found


def test_every_public_function_is_called_by_a_test():
    """Each function and method of GstCall-1.0 is used (`.name`) in a Python test."""
    sources = ""
    for path in sorted(glob.glob(os.path.join(HERE, "*.py"))):
        with open(path, encoding="utf-8") as handle:
            sources += handle.read()
    callables = public_callables()
    assert len(callables) > 100, callables
    untested = [f"{owner}.{name}" for owner, name in callables
                if not re.search(rf"\.{re.escape(name)}\b", sources)]
    print(f"{len(callables) - len(untested)} of {len(callables)} public functions "
          "are called by the Python tests")
    assert not untested, "not called by any Python test: " + ", ".join(untested)


def test_error_quark_and_version():
    assert GstCall.call_error_quark() == GstCall.CallError.quark()
    assert GLib.quark_to_string(GstCall.call_error_quark()) == "gst-call-error-quark"
    assert (GstCall.CALL_MAJOR_VERSION, GstCall.CALL_MINOR_VERSION,
            GstCall.CALL_MICRO_VERSION) == (0, 1, 0)
    assert GstCall.CALL_VERSION_S == "0.1.0"


# --- GstCall.Call settings and tracks ----------------------------------------

def test_call_settings():
    call = GstCall.Call.new()
    assert call.get_signaller() is None
    assert call.get_error() is None
    assert call.get_peer_connection() is None
    assert call.get_local_tracks() == []

    assert call.get_send_video() and call.get_send_audio()
    call.set_send_video(False)
    call.set_send_audio(False)
    assert not call.get_send_video() and not call.props.send_audio

    assert not call.get_video_muted() and not call.get_audio_muted()
    call.set_video_muted(True)
    call.set_audio_muted(True)
    assert call.props.video_muted and call.get_audio_muted()

    assert call.get_video_source() is None and call.get_audio_source() is None
    video = Gst.ElementFactory.make("videotestsrc")
    audio = Gst.ElementFactory.make("audiotestsrc")
    call.set_video_source(video)
    call.set_audio_source(audio)
    assert call.get_video_source() == video and call.props.audio_source == audio

    assert call.get_video_sink() is None and call.get_audio_sink() is None
    sink = Gst.ElementFactory.make("fakesink")
    call.set_video_sink(sink)
    assert call.get_video_sink() == sink

    ours, theirs = GstCall.CallLoopbackSignaller.new_pair()
    call.set_signaller(ours)
    assert call.get_signaller() == ours


def test_sources_from_uri(tmp_path):
    call = GstCall.Call.new()
    with pytest.raises(GLib.Error) as raised:
        call.set_sources_from_uri(str(tmp_path / "missing.webm"))
    assert raised.value.message
    assert call.get_video_source() is None, "a failed call changed the sources"

    # A short file with audio only: video is not sent.
    path = tmp_path / "tone.ogg"
    pipeline = Gst.parse_launch(
        f"audiotestsrc num-buffers=20 ! audioconvert ! vorbisenc ! oggmux ! "
        f"filesink location={path}")
    pipeline.set_state(Gst.State.PLAYING)
    message = pipeline.get_bus().timed_pop_filtered(
        10 * Gst.SECOND, Gst.MessageType.EOS | Gst.MessageType.ERROR)
    pipeline.set_state(Gst.State.NULL)
    assert message and message.type == Gst.MessageType.EOS, message
    call.set_sources_from_uri(str(path))
    assert call.get_audio_source() is not None
    assert not call.get_send_video()


def new_test_call(signaller):
    call = GstCall.Call.new()
    call.props.ice_local_addresses = ["127.0.0.1"]
    call.set_signaller(signaller)
    call.set_sources_from_description(VIDEO_SOURCE, AUDIO_SOURCE)
    call.set_video_sink(Gst.ElementFactory.make("fakesink"))
    call.set_audio_sink(Gst.ElementFactory.make("fakesink"))
    return call


def test_call_tracks_during_a_call(handler_errors):
    ours, theirs = GstCall.CallLoopbackSignaller.new_pair()
    caller, callee = new_test_call(ours), new_test_call(theirs)
    remote = []
    callee.connect("remote-track", handler_errors.guard(lambda c, track: remote.append(track)))
    tones = []
    callee.connect("dtmf", handler_errors.guard(lambda c, tone, ms: tones.append((tone, ms))))
    with pytest.raises(GLib.Error) as raised:
        caller.send_dtmf("1", 0)
    assert_call_error(raised.value, GstCall.CallError.INVALID_STATE)
    results = []
    caller.dial_async(None, None, lambda c, r: results.append(c.dial_finish(r)))
    callee.answer_async(None, lambda c, r: results.append(c.answer_finish(r)))
    wait_until(lambda: len(results) == 2, "both sides to connect", errors=handler_errors)
    assert results == [True, True]
    assert isinstance(caller.get_peer_connection(), GstCall.PeerConnection)
    wait_until(lambda: len(remote) == 2, "the caller's two tracks", errors=handler_errors)

    tracks = caller.get_local_tracks()
    assert sorted(t.get_kind() for t in tracks) == [GstCall.CallMediaKind.AUDIO,
                                                     GstCall.CallMediaKind.VIDEO]
    extra = caller.add_track(GstCall.CallMediaKind.VIDEO,
                             Gst.ElementFactory.make("videotestsrc"))
    assert extra in caller.get_local_tracks()
    wait_until(lambda: len(remote) == 3, "the added track at the callee", errors=handler_errors)
    caller.remove_track(extra)
    assert extra not in caller.get_local_tracks()
    with pytest.raises(GLib.Error) as raised:
        caller.remove_track(extra)
    assert_call_error(raised.value, GstCall.CallError.INVALID_ARGUMENT)

    # DTMF: RFC 4733 events, one dtmf signal per tone at the other side.
    assert caller.send_dtmf("1#", 0)
    wait_until(lambda: len(tones) == 2, "the DTMF tones at the callee", errors=handler_errors)
    assert [tone for tone, ms in tones] == ["1", "#"]
    assert all(ms >= 100 for tone, ms in tones)
    with pytest.raises(GLib.Error) as raised:
        caller.send_dtmf("1e", 0)
    assert_call_error(raised.value, GstCall.CallError.INVALID_ARGUMENT)
    caller.hangup()
    wait_until(lambda: callee.props.state == GstCall.CallState.ENDED, "the callee to end")
    callee.hangup()


# --- tracks and peer connections -------------------------------------------

def test_track_settings():
    pc = GstCall.PeerConnection.new()
    track = pc.add_track(GstCall.CallMediaKind.VIDEO, Gst.ElementFactory.make("videotestsrc"))
    assert track.get_kind() == GstCall.CallMediaKind.VIDEO
    assert track.get_enabled()
    track.set_enabled(False)
    assert not track.get_enabled() and not track.props.enabled
    track.set_enabled(True)
    default_bitrate = track.get_bitrate()
    track.set_bitrate(300)
    assert track.get_bitrate() == 300 != default_bitrate
    assert pc.get_ice_gathering_state() == GstCall.CallIceGatheringState.NEW
    assert pc.get_ice_connection_state() == GstCall.CallIceConnectionState.NEW
    pc.close()


def test_tracks_and_transceivers_with_codecs():
    pc = GstCall.PeerConnection.new()
    vp9 = pc.add_track_with_codec(GstCall.CallCodec.VP9, Gst.ElementFactory.make("videotestsrc"))
    opus = pc.add_track_with_codec(GstCall.CallCodec.OPUS,
                                   Gst.ElementFactory.make("audiotestsrc"))
    assert vp9.get_kind() == GstCall.CallMediaKind.VIDEO
    assert opus.get_kind() == GstCall.CallMediaKind.AUDIO
    assert vp9 in pc.get_tracks() and opus in pc.get_tracks()
    assert pc.add_transceiver_with_codec(GstCall.CallCodec.H264,
                                         GstCall.CallDirection.RECVONLY)
    offer = run_async(pc.create_offer_async, pc.create_offer_finish)
    for rtpmap in ("VP9/90000", "OPUS/48000", "H264/90000"):
        assert rtpmap in offer.upper(), offer
    pc.close()
    # Removing a track during a call: test_call_tracks_during_a_call, through
    # GstCall.Call.remove_track. Removing one before the connection while its
    # media already flows can block in gst_peer_connection_remove_track()
    # (its streaming thread waits in webrtcbin): not done here.
    with pytest.raises(GLib.Error) as raised:
        pc.remove_track(opus)
    assert_call_error(raised.value, GstCall.CallError.CLOSED)


# --- codecs ------------------------------------------------------------------

def test_codec_selection():
    codecs = GstCall.CallCodecs.get_default()
    assert codecs == GstCall.CallCodecs.get_default()
    own = GstCall.CallCodecs.new()
    GstCall.CallCodecs.clear_probe_cache()

    candidates = own.list_candidates(GstCall.CallCodec.VP8, GstCall.CallCodecDirection.ENCODE)
    names = [c.get_element_name() for c in candidates]
    assert "vp8enc" in names, names
    vp8enc = candidates[names.index("vp8enc")]
    assert vp8enc.get_codec() == GstCall.CallCodec.VP8
    assert vp8enc.get_direction() == GstCall.CallCodecDirection.ENCODE
    assert vp8enc.get_family() and vp8enc.get_reason()
    assert not vp8enc.is_hardware()
    assert vp8enc.get_rank() > 0
    assert vp8enc.get_status() in (GstCall.CallCodecStatus.UNTESTED,
                                   GstCall.CallCodecStatus.WORKS)
    vp8enc.get_status_message()  # None until probed
    element = vp8enc.create_element()
    assert element.get_factory().get_name() == "vp8enc"

    selected = own.select(GstCall.CallCodec.VP8, GstCall.CallCodecDirection.ENCODE)
    assert selected.get_status() == GstCall.CallCodecStatus.WORKS
    decoder = own.create_element(GstCall.CallCodec.VP8, GstCall.CallCodecDirection.DECODE)
    assert "Decoder" in decoder.get_factory().get_metadata("klass")

    own.set_preferred_elements(["vp8enc"])
    assert own.get_preferred_elements() == ["vp8enc"]
    own.set_forced_element(GstCall.CallCodec.VP8, GstCall.CallCodecDirection.ENCODE, "vp8enc")
    assert own.get_forced_element(GstCall.CallCodec.VP8,
                                  GstCall.CallCodecDirection.ENCODE) == "vp8enc"
    own.set_forced_element(GstCall.CallCodec.VP8, GstCall.CallCodecDirection.ENCODE,
                           "no-such-encoder")
    with pytest.raises(GLib.Error) as raised:
        own.select(GstCall.CallCodec.VP8, GstCall.CallCodecDirection.ENCODE)
    assert raised.value.matches(GstCall.CallError.quark(), raised.value.code)
    assert "no-such-encoder" in raised.value.message

    GstCall.CallCodecs.apply_low_latency_preset(element)
    assert element.get_property("deadline") == 1  # realtime
    assert GstCall.CallCodecs.set_encoder_bitrate(element, 500)
    assert element.get_property("target-bitrate") == 500000
    assert not GstCall.CallCodecs.set_encoder_bitrate(Gst.ElementFactory.make("identity"), 500)


# --- the signaller interface ------------------------------------------------

def test_signaller_emit_and_send(handler_errors):
    ours, theirs = GstCall.CallLoopbackSignaller.new_pair()
    events = []
    theirs.connect("description-received", handler_errors.guard(
        lambda s, kind, sdp: events.append(("description", kind, sdp))))
    theirs.connect("candidate-received", handler_errors.guard(
        lambda s, index, candidate: events.append(("candidate", index, candidate))))
    theirs.connect("bye-received", handler_errors.guard(lambda s: events.append(("bye",))))
    theirs.connect("closed", handler_errors.guard(
        lambda s, reason: events.append(("closed", reason.code if reason else None))))

    # What an implementation does on receiving: emit on its own object.
    theirs.emit_description(GstCall.CallSdpType.ANSWER, "v=0")
    theirs.emit_candidate(0, "")
    theirs.emit_bye()
    theirs.emit_closed(GLib.Error.new_literal(GstCall.CallError.quark(), "gone",
                                              GstCall.CallError.SIGNALING))
    ours.send_bye()
    wait_until(lambda: len(events) == 5, "five signaller events", errors=handler_errors)
    assert events[:4] == [("description", GstCall.CallSdpType.ANSWER, "v=0"),
                          ("candidate", 0, ""), ("bye",),
                          ("closed", int(GstCall.CallError.SIGNALING))]
    assert events[4] == ("bye",)

    ours.disconnect_peer()
    assert ours.get_peer() is None
    assert ours.get_messages_sent() == 1


# --- WebSocket signaling -----------------------------------------------------

def connect_signaller(uri, certificate=None):
    signaller = GstCall.CallWebSocketSignaller.new(uri, None)
    if certificate:
        signaller.set_trusted_certificate(certificate)
    signaller.joined = []
    signaller.connect("peer-joined", lambda s, peer_id: s.joined.append(peer_id))
    ok, n_peers = run_async(signaller.connect_async, signaller.connect_finish)
    assert ok
    return signaller, n_peers


def relay_through(server, scheme, certificate=None):
    uri = f"{scheme}://127.0.0.1:{server.get_port()}/ws?room=kitchen"
    a, before_a = connect_signaller(uri, certificate)
    b, before_b = connect_signaller(uri, certificate)
    assert (before_a, before_b) == (0, 1)
    assert a.get_uri() == uri and a.get_room() == "kitchen"
    assert a.get_peer_id() and a.get_peer_id() != b.get_peer_id()
    wait_until(lambda: a.joined == [b.get_peer_id()], "peer-joined at the first peer")
    wait_until(lambda: server.get_n_peers() == 2, "two peers on the server")

    received = []
    b.connect("description-received", lambda s, kind, sdp: received.append(sdp))
    a.set_remote_peer_id(b.get_peer_id())
    assert a.get_remote_peer_id() == b.get_peer_id()
    a.send_description(GstCall.CallSdpType.OFFER, "v=0\r\n")
    wait_until(lambda: received == ["v=0\r\n"], "the offer relayed")
    a.close()
    b.close()
    wait_until(lambda: server.get_n_peers() == 0, "the peers to leave")


def test_websocket_signaling():
    server = GstCall.CallSignalingServer.new(None)
    server.listen("127.0.0.1", 0)
    assert server.get_port() > 0
    assert isinstance(server.get_soup_server(), Soup.Server)
    relay_through(server, "ws")
    server.stop()


def test_websocket_signaling_over_tls(tmp_path):
    openssl = shutil.which("openssl")
    if not openssl:
        pytest.skip("openssl is not installed (tools/install-deps installs it)")
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run([openssl, "req", "-x509", "-newkey", "ec", "-pkeyopt",
                    "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1",
                    "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
                    "-keyout", str(key), "-out", str(cert)],
                   check=True, capture_output=True)
    certificate = Gio.TlsCertificate.new_from_files(str(cert), str(key))
    server = GstCall.CallSignalingServer.new(None)
    server.set_tls_certificate(certificate)
    server.listen("127.0.0.1", 0)

    untrusting = GstCall.CallWebSocketSignaller.new(
        f"wss://127.0.0.1:{server.get_port()}/ws?room=kitchen", None)
    with pytest.raises(GLib.Error) as raised:
        run_async(untrusting.connect_async, untrusting.connect_finish)
    assert raised.value.message
    relay_through(server, "wss", certificate)
    server.stop()



def test_every_call_property_has_accessors():
    """No GstCall property is reachable only through get/set_property: each
    has a getter, each writable one a setter, and they read and write the
    property itself."""
    call = GstCall.Call.new()
    checked = 0
    for spec in GObject.list_properties(GstCall.Call):
        if spec.owner_type != GstCall.Call.__gtype__:
            continue
        name = spec.name.replace("-", "_")
        getter = getattr(call, "get_" + name, None)
        assert getter is not None, f"GstCall:{spec.name} has no gst_call_get_{name}"
        assert getter() == call.get_property(spec.name), spec.name
        if not spec.flags & GObject.ParamFlags.WRITABLE:
            continue
        setter = getattr(call, "set_" + name, None)
        assert setter is not None, f"GstCall:{spec.name} has no gst_call_set_{name}"
        if spec.value_type == GObject.TYPE_UINT:
            value = spec.default_value + 1 if spec.default_value < spec.maximum else spec.minimum
        elif spec.value_type == GObject.TYPE_BOOLEAN:
            value = not spec.default_value
        else:
            continue
        setter(value)
        assert call.get_property(spec.name) == value, spec.name
        assert getter() == value, spec.name
        checked += 1
    assert checked >= 10


def test_call_accessors_of_settings():
    call = GstCall.Call.new()
    call.set_connect_timeout(7)
    call.set_latency(120)
    call.set_peer_timeout(4)
    call.set_video_width(320)
    call.set_video_height(240)
    call.set_video_framerate(15)
    call.set_video_bitrate(800)
    call.set_audio_bitrate(32)
    call.set_video_codec(GstCall.CallCodec.H264)
    call.set_audio_codec(GstCall.CallCodec.PCMU)
    call.set_ice_servers(["stun:127.0.0.1:3478"])
    call.set_ice_local_addresses(["127.0.0.1"])
    call.set_ice_transport_policy(GstCall.CallIceTransportPolicy.RELAY)
    call.set_congestion_control(GstCall.CallCongestionControl.NONE)
    call.set_min_bitrate(100000)
    call.set_start_bitrate(200000)
    call.set_max_bitrate(400000)
    assert call.get_congestion_control() == call.props.congestion_control == \
        GstCall.CallCongestionControl.NONE
    assert (call.get_min_bitrate(), call.get_start_bitrate(), call.get_max_bitrate()) == \
        (100000, 200000, 400000)
    assert call.get_target_bitrate() == call.props.target_bitrate == 0
    assert (call.get_connect_timeout(), call.get_latency(), call.get_peer_timeout()) == (7, 120, 4)
    assert call.get_reconnect_timeout() == call.props.reconnect_timeout == 30
    call.set_reconnect_timeout(0)
    assert call.props.reconnect_timeout == 0
    assert GstCall.CallState.RECONNECTING not in (GstCall.CallState.ACTIVE,
                                                  GstCall.CallState.ENDED,
                                                  GstCall.CallState.FAILED)
    assert GstCall.CallError.CONNECTION_LOST != GstCall.CallError.ICE
    assert (call.get_video_width(), call.get_video_height(), call.get_video_framerate()) == \
        (320, 240, 15)
    assert (call.get_video_bitrate(), call.get_audio_bitrate()) == (800, 32)
    assert call.props.video_codec == call.get_video_codec() == GstCall.CallCodec.H264
    assert call.props.audio_codec == call.get_audio_codec() == GstCall.CallCodec.PCMU
    assert call.get_ice_servers() == call.props.ice_servers == ["stun:127.0.0.1:3478"]
    assert call.get_ice_local_addresses() == ["127.0.0.1"]
    assert call.get_ice_transport_policy() == GstCall.CallIceTransportPolicy.RELAY
    call.set_ice_servers(None)
    assert call.get_ice_servers() == call.props.ice_servers == []
    assert call.get_video_broadcast() is None and call.get_audio_broadcast() is None
    source = Gst.parse_bin_from_description(VIDEO_SOURCE, True)
    broadcast = GstCall.CallBroadcast.new(GstCall.CallMediaKind.VIDEO, source)
    call.set_broadcast(broadcast)
    assert call.get_video_broadcast() == broadcast == call.props.video_broadcast
    assert call.get_audio_broadcast() is None
