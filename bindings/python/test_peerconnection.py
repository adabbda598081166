# GstCall.PeerConnection from Python.
# Copyright (C) 2026 The libgstcall authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# The loopback test is tests/test-loopback.c written against the typelib: two
# peer connections in one process, wired through a GstCall.CallLoopbackSignaller
# pair. Async operations use the `_async`/`_finish` pairs with callbacks
# (PyGObject 3.42 has no awaitables for them).

import threading
import time

import gi
from gi.repository import Gio, GLib, Gst, GstCall

import pytest

from conftest import (
    MAIN_THREAD,
    assert_call_error,
    assert_finalized,
    drain_context,
    run_async,
    wait_until,
)

VIDEO_SOURCE = ("videotestsrc is-live=true pattern=ball ! "
                "capsfilter caps=video/x-raw,width=320,height=240,framerate=30/1")
AUDIO_SOURCE = ("audiotestsrc is-live=true ! "
                "capsfilter caps=audio/x-raw,rate=48000,channels=2")

# Test calls never leave this machine's loopback interface.
ICE_ADDRESS = "127.0.0.1"

MIN_VIDEO_FRAMES = 30
MIN_AUDIO_BUFFERS = 50

SDP_WITHOUT_MEDIA = ("v=0\r\n"
                     "o=- 4611731400430051336 2 IN IP4 127.0.0.1\r\n"
                     "s=-\r\n"
                     "t=0 0\r\n")


def new_loopback_peer_connection():
    """A peer connection gathering host candidates on ICE_ADDRESS only.

    Constructed as GObject + GInitable (there is no constructor taking
    ice-local-addresses): init() raises the construction error.
    """
    pc = GstCall.PeerConnection(ice_local_addresses=[ICE_ADDRESS])
    assert pc.init(None)
    return pc


@pytest.fixture
def pc():
    peer_connection = GstCall.PeerConnection.new()
    yield peer_connection
    peer_connection.close()


def make_offer():
    """Returns a valid offer from a throw-away peer connection."""
    offerer = GstCall.PeerConnection.new()
    try:
        offerer.add_transceiver(GstCall.CallMediaKind.VIDEO,
                                GstCall.CallDirection.RECVONLY)
        return run_async(offerer.create_offer_async, offerer.create_offer_finish)
    finally:
        offerer.close()


# --------------------------------------------------------------------------
# Construction and properties


def test_defaults(pc):
    assert pc.props.bundle_policy == GstCall.CallBundlePolicy.MAX_BUNDLE
    assert pc.get_bundle_policy() == GstCall.CallBundlePolicy.MAX_BUNDLE
    assert pc.props.ice_transport_policy == GstCall.CallIceTransportPolicy.ALL
    assert pc.get_ice_transport_policy() == GstCall.CallIceTransportPolicy.ALL
    # No third-party STUN server unless asked for, every local interface.
    assert not pc.props.ice_servers
    assert not pc.get_ice_servers()
    assert not pc.props.ice_local_addresses
    assert not pc.get_ice_local_addresses()

    assert pc.props.signaling_state == GstCall.CallSignalingState.STABLE
    assert pc.get_signaling_state() == GstCall.CallSignalingState.STABLE
    assert pc.props.ice_gathering_state == GstCall.CallIceGatheringState.NEW
    assert pc.props.ice_connection_state == GstCall.CallIceConnectionState.NEW
    assert pc.props.connection_state == GstCall.CallPeerConnectionState.NEW
    assert pc.get_connection_state() == GstCall.CallPeerConnectionState.NEW

    pipeline = pc.props.pipeline
    assert isinstance(pipeline, Gst.Pipeline)
    assert pc.get_pipeline() == pipeline
    webrtcbin = pc.get_webrtcbin()
    assert webrtcbin.get_factory().get_name() == "webrtcbin"
    assert webrtcbin.get_parent() == pipeline
    assert int(webrtcbin.props.bundle_policy) == 3  # GST_WEBRTC_BUNDLE_POLICY_MAX_BUNDLE

    assert pc.get_local_description() is None
    assert pc.get_remote_description() is None
    assert len(pc.get_tracks()) == 0


def test_new_full():
    pc = GstCall.PeerConnection.new_full(["stun:stun.example.org:3478"],
                                         GstCall.CallBundlePolicy.BALANCED,
                                         GstCall.CallIceTransportPolicy.RELAY)
    try:
        assert pc.props.ice_servers == ["stun:stun.example.org:3478"]
        assert pc.props.bundle_policy == GstCall.CallBundlePolicy.BALANCED
        assert pc.props.ice_transport_policy == GstCall.CallIceTransportPolicy.RELAY
        assert pc.get_webrtcbin().props.stun_server == "stun://stun.example.org:3478"
    finally:
        pc.close()


def test_ice_local_addresses():
    pc = new_loopback_peer_connection()
    try:
        assert pc.props.ice_local_addresses == [ICE_ADDRESS]
        assert pc.get_ice_local_addresses() == [ICE_ADDRESS]
    finally:
        pc.close()


def test_bad_ice_local_address():
    pc = GstCall.PeerConnection(ice_local_addresses=["not-an-address"])
    with pytest.raises(GLib.Error) as info:
        pc.init(None)
    assert_call_error(info.value, GstCall.CallError.INVALID_ARGUMENT)
    assert "not-an-address" in info.value.message


def test_uninitialized():
    # Constructed without GInitable.init(): unusable, and says so.
    pc = GstCall.PeerConnection()
    assert pc.props.pipeline is None
    with pytest.raises(GLib.Error) as info:
        pc.add_ice_candidate(0, "candidate:1 1 UDP 1 192.0.2.1 4000 typ host")
    assert_call_error(info.value, GstCall.CallError.INVALID_STATE)


def test_local_tracks(pc):
    video = pc.add_track_from_description(GstCall.CallMediaKind.VIDEO, VIDEO_SOURCE)
    audio = pc.add_track_from_description(GstCall.CallMediaKind.AUDIO, AUDIO_SOURCE)
    assert video.get_kind() == GstCall.CallMediaKind.VIDEO
    assert audio.get_kind() == GstCall.CallMediaKind.AUDIO
    assert not video.is_remote()
    assert not audio.is_remote()
    assert [t.get_kind() for t in pc.get_tracks()] == [GstCall.CallMediaKind.VIDEO,
                                                      GstCall.CallMediaKind.AUDIO]


# --------------------------------------------------------------------------
# Bad input raises GLib.Error with a GstCall.CallError code


@pytest.mark.parametrize("uri", [
    "http://stun.example.org",
    "stun:",
    "turn:turn.example.org:3478",  # no credentials
])
def test_bad_ice_server(uri):
    with pytest.raises(GLib.Error) as info:
        GstCall.PeerConnection.new_full([uri], GstCall.CallBundlePolicy.MAX_BUNDLE,
                                        GstCall.CallIceTransportPolicy.ALL)
    assert_call_error(info.value, GstCall.CallError.INVALID_ARGUMENT)
    assert uri in info.value.message


@pytest.mark.parametrize("candidate", [
    "garbage",
    "candidate:1 1 UDP 2122252543",
    "candidate:1 1 UDP 2122252543 192.0.2.1 40000 host",  # no "typ"
])
def test_bad_ice_candidate(pc, candidate):
    with pytest.raises(GLib.Error) as info:
        pc.add_ice_candidate(0, candidate)
    assert_call_error(info.value, GstCall.CallError.INVALID_ARGUMENT)


def test_end_of_candidates_is_accepted(pc):
    assert pc.add_ice_candidate(0, None)
    assert pc.add_ice_candidate(0, "")


def test_remote_description_garbage(pc):
    with pytest.raises(GLib.Error) as info:
        run_async(pc.set_remote_description_async,
                  pc.set_remote_description_finish,
                  GstCall.CallSdpType.OFFER, "this is not SDP")
    assert_call_error(info.value, GstCall.CallError.INVALID_ARGUMENT)
    assert "v=0" in info.value.message
    assert pc.props.signaling_state == GstCall.CallSignalingState.STABLE


def test_remote_description_empty(pc):
    with pytest.raises(GLib.Error) as info:
        run_async(pc.set_remote_description_async,
                  pc.set_remote_description_finish,
                  GstCall.CallSdpType.OFFER, "")
    assert_call_error(info.value, GstCall.CallError.INVALID_ARGUMENT)


def test_remote_description_without_media(pc):
    with pytest.raises(GLib.Error) as info:
        run_async(pc.set_remote_description_async,
                  pc.set_remote_description_finish,
                  GstCall.CallSdpType.OFFER, SDP_WITHOUT_MEDIA)
    assert_call_error(info.value, GstCall.CallError.INVALID_ARGUMENT)
    assert "m=" in info.value.message


def test_remote_description_without_ice_credentials(pc):
    sdp = "".join(line + "\r\n" for line in make_offer().splitlines()
                  if not line.startswith(("a=ice-ufrag", "a=ice-pwd")))
    with pytest.raises(GLib.Error) as info:
        run_async(pc.set_remote_description_async,
                  pc.set_remote_description_finish,
                  GstCall.CallSdpType.OFFER, sdp)
    assert_call_error(info.value, GstCall.CallError.INVALID_ARGUMENT)
    assert "ice-ufrag" in info.value.message


def test_cancelled(pc):
    pc.add_transceiver(GstCall.CallMediaKind.VIDEO, GstCall.CallDirection.RECVONLY)
    cancellable = Gio.Cancellable()
    cancellable.cancel()
    with pytest.raises(GLib.Error) as info:
        run_async(pc.create_offer_async, pc.create_offer_finish,
                  cancellable=cancellable)
    assert info.value.matches(Gio.io_error_quark(), Gio.IOErrorEnum.CANCELLED)


def test_sdp_type_is_webrtc_sdp_type(pc):
    """GstCall.CallSdpType has GstWebRTC.WebRTCSDPType's values, so either
    enum can be passed: a GstWebRTC offer is applied as an offer, not as a
    provisional answer."""
    gi.require_version("GstWebRTC", "1.0")
    from gi.repository import GstWebRTC

    for name in ("OFFER", "PRANSWER", "ANSWER", "ROLLBACK"):
        ours = getattr(GstCall.CallSdpType, name)
        theirs = getattr(GstWebRTC.WebRTCSDPType, name)
        assert int(ours) == int(theirs), f"{name}: {int(ours)} != {int(theirs)}"

    assert run_async(pc.set_remote_description_async,
                     pc.set_remote_description_finish,
                     int(GstWebRTC.WebRTCSDPType.OFFER), make_offer()) is True
    wait_until(lambda: pc.props.signaling_state
               == GstCall.CallSignalingState.HAVE_REMOTE_OFFER,
               "signaling-state have-remote-offer")


def test_answer_in_wrong_signaling_state(pc):
    # A well-formed description, but no local offer is pending.
    sdp = make_offer()
    with pytest.raises(GLib.Error) as info:
        run_async(pc.set_remote_description_async,
                  pc.set_remote_description_finish,
                  GstCall.CallSdpType.ANSWER, sdp)
    assert_call_error(info.value, GstCall.CallError.INVALID_STATE)
    assert pc.props.signaling_state == GstCall.CallSignalingState.STABLE

    # Nor can an answer be created without a remote offer.
    with pytest.raises(GLib.Error) as info:
        run_async(pc.create_answer_async, pc.create_answer_finish)
    assert_call_error(info.value, GstCall.CallError.INVALID_STATE)


def test_offer_then_remote_offer(pc):
    pc.add_transceiver(GstCall.CallMediaKind.AUDIO, GstCall.CallDirection.RECVONLY)
    offer = run_async(pc.create_offer_async, pc.create_offer_finish)
    assert offer.startswith("v=0")
    assert "m=audio" in offer
    assert run_async(pc.set_local_description_async,
                     pc.set_local_description_finish,
                     GstCall.CallSdpType.OFFER, None) is True
    wait_until(lambda: pc.props.signaling_state
               == GstCall.CallSignalingState.HAVE_LOCAL_OFFER,
               "signaling-state have-local-offer")

    # Glare: a remote offer while a local one is pending.
    with pytest.raises(GLib.Error) as info:
        run_async(pc.set_remote_description_async,
                  pc.set_remote_description_finish,
                  GstCall.CallSdpType.OFFER, make_offer())
    assert_call_error(info.value, GstCall.CallError.INVALID_STATE)


def test_closed(pc):
    pc.close()
    pc.close()  # idempotent
    assert pc.props.connection_state == GstCall.CallPeerConnectionState.CLOSED
    assert pc.props.signaling_state == GstCall.CallSignalingState.CLOSED
    with pytest.raises(GLib.Error) as info:
        pc.add_ice_candidate(0, "candidate:1 1 UDP 1 192.0.2.1 4000 typ host")
    assert_call_error(info.value, GstCall.CallError.CLOSED)
    with pytest.raises(GLib.Error) as info:
        run_async(pc.create_offer_async, pc.create_offer_finish)
    assert_call_error(info.value, GstCall.CallError.CLOSED)


# --------------------------------------------------------------------------
# Full loopback call


class Peer:
    """One side of the call: the plain offer/answer dance with trickle ICE.

    Every handler is wrapped by `errors.guard`, which asserts it runs on the
    main thread and records any failure.
    """

    def __init__(self, name, signaller, offerer, errors):
        self.name = name
        self.signaller = signaller
        self.offerer = offerer
        self.errors = errors
        self.pc = new_loopback_peer_connection()

        self.offer = None
        self.answer = None
        self.connected = False
        self.negotiated = False
        self.candidates_sent = 0
        self.candidates_received = 0
        self.remote_tracks = []
        # Incremented by pad probes on streaming threads (under the GIL).
        self.buffers = {GstCall.CallMediaKind.VIDEO: 0, GstCall.CallMediaKind.AUDIO: 0}
        self.handler_ids = []

        guard = errors.guard
        for obj, signal, handler in [
            (self.pc, "ice-candidate", self.on_ice_candidate),
            (self.pc, "negotiation-needed", self.on_negotiation_needed),
            (self.pc, "track", self.on_track),
            (self.pc, "error", self.on_error),
            (self.pc, "notify::connection-state", self.on_connection_state),
            (self.pc, "notify::signaling-state", self.on_any_state),
            (self.pc, "notify::ice-gathering-state", self.on_any_state),
            (self.pc, "notify::ice-connection-state", self.on_any_state),
            (signaller, "description-received", self.on_description_received),
            (signaller, "candidate-received", self.on_candidate_received),
        ]:
            self.handler_ids.append((obj, obj.connect(signal, guard(handler))))

    def add_media(self):
        for kind, description in [(GstCall.CallMediaKind.VIDEO, VIDEO_SOURCE),
                                  (GstCall.CallMediaKind.AUDIO, AUDIO_SOURCE)]:
            track = self.pc.add_track_from_description(kind, description)
            assert track.get_kind() == kind
            assert not track.is_remote()

    def fail(self, step, error):
        self.errors.errors.append(f"{self.name}: {step} failed: {error.message}")

    # -- peer connection signals

    def on_negotiation_needed(self, pc):
        if self.offerer and self.offer is None:
            self.offer = ""  # one offer only
            pc.create_offer_async(None, self.errors.guard(self.on_offer_created))

    # A description goes to the peer only once it is applied locally, as in
    # the W3C API: an answer must not overtake the offer being applied.

    def on_offer_created(self, pc, result):
        try:
            sdp = pc.create_offer_finish(result)
        except GLib.Error as error:
            return self.fail("create-offer", error)
        self.offer = sdp
        pc.set_local_description_async(GstCall.CallSdpType.OFFER, sdp, None,
                                       self.errors.guard(self.on_local_offer_set))

    def on_local_offer_set(self, pc, result):
        try:
            assert pc.set_local_description_finish(result)
        except GLib.Error as error:
            return self.fail("set-local-description", error)
        self.signaller.send_description(GstCall.CallSdpType.OFFER, self.offer)

    def on_answer_created(self, pc, result):
        try:
            sdp = pc.create_answer_finish(result)
        except GLib.Error as error:
            return self.fail("create-answer", error)
        self.answer = sdp
        # None: apply the answer just created.
        pc.set_local_description_async(GstCall.CallSdpType.ANSWER, None, None,
                                       self.errors.guard(self.on_local_answer_set))

    def on_local_answer_set(self, pc, result):
        try:
            assert pc.set_local_description_finish(result)
        except GLib.Error as error:
            return self.fail("set-local-description", error)
        self.signaller.send_description(GstCall.CallSdpType.ANSWER, self.answer)
        self.negotiated = True

    def on_remote_description_set(self, pc, result):
        try:
            assert pc.set_remote_description_finish(result)
        except GLib.Error as error:
            return self.fail("set-remote-description", error)
        if self.offerer:
            self.negotiated = True
        else:
            pc.create_answer_async(None, self.errors.guard(self.on_answer_created))

    def on_ice_candidate(self, pc, mline_index, candidate):
        assert candidate.startswith("candidate:")
        assert f" {ICE_ADDRESS} " in candidate, candidate
        self.candidates_sent += 1
        self.signaller.send_candidate(mline_index, candidate)

    def on_connection_state(self, pc, pspec):
        if pc.props.connection_state == GstCall.CallPeerConnectionState.CONNECTED:
            self.connected = True

    def on_any_state(self, pc, pspec):
        pass

    def on_track(self, pc, track):
        assert track.is_remote()
        pad = track.get_pad()
        assert pad is not None
        kind = track.get_kind()
        self.remote_tracks.append(kind)

        def count_buffer(pad, info):
            self.buffers[kind] += 1
            return Gst.PadProbeReturn.OK

        pad.add_probe(Gst.PadProbeType.BUFFER, count_buffer)
        sink = Gst.ElementFactory.make("fakesink", None)
        sink.set_property("sync", False)
        sink.set_property("async", False)
        assert track.set_sink(sink)
        assert pad.is_linked()

    def on_error(self, pc, error):
        self.fail("media", error)

    # -- signaller signals

    def on_description_received(self, signaller, sdp_type, sdp):
        if sdp_type == GstCall.CallSdpType.OFFER:
            self.offer = sdp
        else:
            self.answer = sdp
        self.pc.set_remote_description_async(
            sdp_type, sdp, None, self.errors.guard(self.on_remote_description_set))

    def on_candidate_received(self, signaller, mline_index, candidate):
        self.candidates_received += 1
        try:
            self.pc.add_ice_candidate(mline_index, candidate)
        except GLib.Error as error:
            self.fail("add-ice-candidate", error)

    def disconnect(self):
        for obj, handler_id in self.handler_ids:
            obj.disconnect(handler_id)
        self.handler_ids.clear()


def test_loopback_call(handler_errors):
    signaller_a, signaller_b = GstCall.CallLoopbackSignaller.new_pair()
    assert signaller_a.get_peer() == signaller_b
    offerer = Peer("offerer", signaller_a, True, handler_errors)
    answerer = Peer("answerer", signaller_b, False, handler_errors)

    start = time.monotonic()
    answerer.add_media()
    offerer.add_media()

    wait_until(lambda: offerer.connected and answerer.connected,
               "connection-state connected on both peers", errors=handler_errors)
    connect_ms = (time.monotonic() - start) * 1000
    assert offerer.pc.props.connection_state == GstCall.CallPeerConnectionState.CONNECTED
    assert answerer.pc.props.connection_state == GstCall.CallPeerConnectionState.CONNECTED

    def media_flowing_both_ways():
        return all(peer.buffers[GstCall.CallMediaKind.VIDEO] >= MIN_VIDEO_FRAMES
                   and peer.buffers[GstCall.CallMediaKind.AUDIO] >= MIN_AUDIO_BUFFERS
                   for peer in (offerer, answerer))

    wait_until(media_flowing_both_ways, "decoded audio and video on both peers",
               errors=handler_errors)
    media_ms = (time.monotonic() - start) * 1000
    print(f"\nPython loopback: connected after {connect_ms:.0f} ms, "
          f"media both ways after {media_ms:.0f} ms; "
          f"offerer received {offerer.buffers[GstCall.CallMediaKind.VIDEO]} video "
          f"frames and {offerer.buffers[GstCall.CallMediaKind.AUDIO]} audio buffers, "
          f"answerer {answerer.buffers[GstCall.CallMediaKind.VIDEO]} and "
          f"{answerer.buffers[GstCall.CallMediaKind.AUDIO]}; "
          f"{handler_errors.calls} handler calls, all on the main thread")

    for peer in (offerer, answerer):
        assert peer.negotiated
        assert sorted(peer.remote_tracks) == [GstCall.CallMediaKind.AUDIO,
                                              GstCall.CallMediaKind.VIDEO]
        assert peer.pc.props.signaling_state == GstCall.CallSignalingState.STABLE
        remote = [t for t in peer.pc.get_tracks() if t.is_remote()]
        assert len(remote) == 2
        assert all(t.get_mid() for t in remote)
        assert peer.pc.get_local_description().startswith("v=0")
        assert peer.pc.get_remote_description().startswith("v=0")

    # Trickle ICE went through the signaller, both ways.
    assert offerer.candidates_sent > 0 and answerer.candidates_sent > 0
    assert answerer.candidates_received == offerer.candidates_sent
    assert offerer.candidates_received == answerer.candidates_sent
    assert signaller_a.get_messages_sent() == 1 + offerer.candidates_sent
    assert signaller_b.get_messages_sent() == 1 + answerer.candidates_sent

    # Max-bundle, rtcp-mux, NACK and RTX negotiated for video.
    for sdp in (offerer.offer, offerer.answer):
        assert "a=group:BUNDLE" in sdp
        assert "a=rtcp-mux" in sdp
        assert " nack" in sdp
        assert "apt=" in sdp
    assert offerer.offer == answerer.offer
    assert offerer.answer == answerer.answer

    # Close from the main thread while media flows; both must be finalized.
    assert threading.get_ident() == MAIN_THREAD
    objects = []
    for peer in (offerer, answerer):
        peer.disconnect()
        peer.pc.close()
        assert peer.pc.props.connection_state == GstCall.CallPeerConnectionState.CLOSED
        objects.append(peer.pc)
        peer.pc = None
    drain_context()
    objects += [signaller_a, signaller_b]
    del signaller_a, signaller_b
    offerer.signaller = answerer.signaller = None
    assert_finalized(objects)


def test_latency():
    """The jitterbuffer latency: 50 ms by default, changeable."""
    pc = GstCall.PeerConnection.new()
    assert pc.get_latency() == 50
    pc.set_latency(120)
    assert pc.get_latency() == 120
    assert pc.props.latency == 120
    assert pc.get_webrtcbin().props.latency == 120
    pc.close()


def test_congestion_control_settings():
    """Congestion control: GCC between 30 kbit/s and 2.5 Mbit/s by default,
    no target before feedback, settings changeable."""
    pc = GstCall.PeerConnection.new()
    assert pc.get_congestion_control() == GstCall.CallCongestionControl.GCC
    assert (pc.get_min_bitrate(), pc.get_start_bitrate(), pc.get_max_bitrate()) == \
        (30000, 300000, 2500000)
    assert pc.get_target_bitrate() == pc.props.target_bitrate == 0
    pc.set_congestion_control(GstCall.CallCongestionControl.NONE)
    pc.set_min_bitrate(50000)
    pc.set_start_bitrate(300000)
    pc.set_max_bitrate(400000)
    assert pc.props.congestion_control == GstCall.CallCongestionControl.NONE
    assert (pc.props.min_bitrate, pc.props.start_bitrate, pc.props.max_bitrate) == \
        (50000, 300000, 400000)
    pc.close()
