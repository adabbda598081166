// Tests of the safe Rust API: objects, errors, signals and futures, and a
// peer-connection call between two objects of this process over loopback.
// Copyright (C) 2026 The libgstcall authors
//
// SPDX-License-Identifier: LGPL-2.1-or-later

use gstcall::{gio, glib};
use gstcall::prelude::*;
use gstcall::{
    Call, CallError, CallState, Codec, DataChannelState, IceTransportPolicy, LoopbackSignaller,
    MediaKind, PeerConnection, PeerConnectionState, SdpType, SignalingState, TransportKind,
};
use std::cell::{Cell, RefCell};
use std::future::Future;
use std::panic::AssertUnwindSafe;
use std::pin::Pin;
use std::rc::Rc;
use std::task::{Context, Poll};
use std::time::Duration;

const TIMEOUT: Duration = Duration::from_secs(20);

/// Runs `test` on a main context of its own, the thread default while it
/// runs, so the tests of this file can run in parallel threads. A failed
/// assertion in `test` fails the test (a panic must not unwind through the
/// C main loop that polls the future).
fn run_on_own_context<F: Future<Output = ()>>(test: F) {
    gstcall::init();
    let context = glib::MainContext::new();
    let outcome = context.with_thread_default(|| {
        context.block_on(CatchUnwind(Box::pin(test)))
    });
    if let Err(panic) = outcome {
        std::panic::resume_unwind(panic);
    }
}

struct CatchUnwind<F>(Pin<Box<F>>);

impl<F: Future<Output = ()>> Future for CatchUnwind<F> {
    type Output = std::thread::Result<()>;

    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let future = self.0.as_mut();
        match std::panic::catch_unwind(AssertUnwindSafe(|| future.poll(cx))) {
            Ok(Poll::Pending) => Poll::Pending,
            Ok(Poll::Ready(())) => Poll::Ready(Ok(())),
            Err(panic) => Poll::Ready(Err(panic)),
        }
    }
}

/// Iterates the thread-default context until `condition` holds.
async fn wait_until(what: &str, condition: impl Fn() -> bool) {
    let start = std::time::Instant::now();
    while !condition() {
        assert!(start.elapsed() < TIMEOUT, "timed out waiting for {}", what);
        glib::timeout_future(Duration::from_millis(20)).await;
    }
}

#[test]
fn version_matches_the_library() {
    assert_eq!(gstcall::version(), "0.1.0");
}

#[test]
fn error_domain_and_codes() {
    run_on_own_context(async {
        let pc = PeerConnection::with_local_addresses(&["127.0.0.1"]).unwrap();
        let error = pc.add_ice_candidate(0, "candidate:garbage").unwrap_err();
        assert!(error.is::<CallError>(), "{:?}", error);
        assert_eq!(error.kind::<CallError>(), Some(CallError::InvalidArgument));
        assert!(!error.to_string().is_empty());
        pc.close();
    });
}

#[test]
fn bad_local_address_is_an_error() {
    run_on_own_context(async {
        let error = PeerConnection::with_local_addresses(&["not an address"]).unwrap_err();
        assert_eq!(error.kind::<CallError>(), Some(CallError::InvalidArgument), "{}", error);
    });
}

#[test]
fn new_call_is_idle() {
    run_on_own_context(async {
        let call = Call::new();
        assert_eq!(call.state(), CallState::Idle);
        assert!(call.error().is_none());
        assert!(call.peer_connection().is_none());
        assert!(call.signaller().is_none());
        let (ours, theirs) = LoopbackSignaller::new_pair();
        call.set_signaller(Some(&ours));
        assert_eq!(call.signaller().unwrap(), ours.clone().upcast::<gstcall::Signaller>());
        assert_eq!(ours.peer().unwrap(), theirs);
        // The property system sees the same object.
        let video_codec = call.property("video-codec").unwrap();
        assert!(video_codec.type_().is_a(glib::Type::ENUM));
    });
}

#[test]
fn call_settings_have_getters_and_setters() {
    run_on_own_context(async {
        let call = Call::new();
        let uint = |name: &str| call.property(name).unwrap().get::<u32>().unwrap();

        call.set_connect_timeout(7);
        assert_eq!((call.connect_timeout(), uint("connect-timeout")), (7, 7));
        call.set_peer_timeout(0);
        assert_eq!((call.peer_timeout(), uint("peer-timeout")), (0, 0));
        assert_eq!(call.reconnect_timeout(), 30);
        call.set_reconnect_timeout(5);
        assert_eq!((call.reconnect_timeout(), uint("reconnect-timeout")), (5, 5));
        call.set_latency(120);
        assert_eq!((call.latency(), uint("latency")), (120, 120));
        call.set_video_width(320);
        call.set_video_height(240);
        call.set_video_framerate(15);
        let size = (call.video_width(), call.video_height(), call.video_framerate());
        assert_eq!(size, (320, 240, 15));
        let size = (uint("video-width"), uint("video-height"), uint("video-framerate"));
        assert_eq!(size, (320, 240, 15));
        call.set_video_bitrate(300);
        call.set_audio_bitrate(24);
        assert_eq!((call.video_bitrate(), call.audio_bitrate()), (300, 24));
        assert_eq!((uint("video-bitrate"), uint("audio-bitrate")), (300, 24));

        assert_eq!((call.video_codec(), call.audio_codec()), (Codec::Vp8, Codec::Opus));
        call.set_video_codec(Codec::H264);
        call.set_audio_codec(Codec::Pcmu);
        assert_eq!((call.video_codec(), call.audio_codec()), (Codec::H264, Codec::Pcmu));
        assert_eq!(call.transport(), TransportKind::Webrtc);
        call.set_transport(TransportKind::Rtp);
        assert_eq!(call.transport(), TransportKind::Rtp);
        assert_eq!(call.ice_transport_policy(), IceTransportPolicy::All);
        call.set_ice_transport_policy(IceTransportPolicy::Relay);
        assert_eq!(call.ice_transport_policy(), IceTransportPolicy::Relay);

        assert!(call.send_video() && call.send_audio());
        call.set_send_video(false);
        assert!(!call.send_video() && call.send_audio());
        assert!(!call.video_muted() && !call.audio_muted());
        call.set_audio_muted(true);
        assert!(!call.video_muted() && call.audio_muted());

        assert!(call.ice_servers().is_empty());
        call.set_ice_servers(&["stun:127.0.0.1:3478", "turn://user:secret@127.0.0.1:3478"]);
        assert_eq!(
            call.ice_servers(),
            vec!["stun:127.0.0.1:3478", "turn://user:secret@127.0.0.1:3478"]
        );
        call.set_ice_servers(&[]);
        assert!(call.ice_servers().is_empty());
        call.set_ice_local_addresses(&["127.0.0.1"]);
        assert_eq!(call.ice_local_addresses(), vec!["127.0.0.1"]);
        let addresses = call.property("ice-local-addresses").unwrap();
        assert_eq!(addresses.get::<Vec<String>>().unwrap(), vec!["127.0.0.1"]);
    });
}

#[test]
fn tracks_of_an_idle_call_are_refused() {
    run_on_own_context(async {
        let call = Call::new();
        let error = call
            .add_track_from_description(MediaKind::Video, "videotestsrc is-live=true")
            .unwrap_err();
        assert_eq!(error.kind::<CallError>(), Some(CallError::InvalidState), "{}", error);
        let error = call
            .add_track_from_description(MediaKind::Video, "no-such-element")
            .unwrap_err();
        assert!(error.to_string().contains("no-such-element"), "{}", error);

        let pc = PeerConnection::with_local_addresses(&["127.0.0.1"]).unwrap();
        let foreign = pc
            .add_track_from_description(MediaKind::Audio, "audiotestsrc is-live=true")
            .unwrap();
        let error = call.remove_track(&foreign).unwrap_err();
        assert_eq!(error.kind::<CallError>(), Some(CallError::InvalidState), "{}", error);
        pc.close();
    });
}

#[test]
fn dial_without_signaller_fails() {
    run_on_own_context(async {
        let call = Call::new();
        let error = call.dial_future(None).await.unwrap_err();
        assert_eq!(error.kind::<CallError>(), Some(CallError::InvalidArgument), "{}", error);
        assert!(error.to_string().contains("signaller"), "{}", error);
    });
}

#[test]
fn signaller_carries_messages() {
    run_on_own_context(async {
        let (ours, theirs) = LoopbackSignaller::new_pair();
        let received = Rc::new(RefCell::new(Vec::new()));
        let r = received.clone();
        theirs.connect_description_received(move |_, type_, sdp| {
            r.borrow_mut().push(format!("{:?} {}", type_, sdp))
        });
        let r = received.clone();
        theirs.connect_candidate_received(move |_, index, candidate| {
            r.borrow_mut().push(format!("{} {}", index, candidate))
        });
        let r = received.clone();
        theirs.connect_bye_received(move |_| r.borrow_mut().push("bye".to_string()));
        ours.send_description(SdpType::Offer, "v=0");
        ours.send_candidate(1, "");
        ours.send_bye();
        wait_until("three messages", || received.borrow().len() == 3).await;
        assert_eq!(*received.borrow(), vec!["Offer v=0", "1 ", "bye"]);
        assert_eq!(ours.messages_sent(), 3);
    });
}

/// One side of a peer-connection call: forwards candidates to the other.
fn peer(other_candidates: Rc<RefCell<Vec<(u32, String)>>>) -> PeerConnection {
    let pc = PeerConnection::with_local_addresses(&["127.0.0.1"]).unwrap();
    pc.connect_ice_candidate(move |_, index, candidate| {
        assert!(candidate.is_empty() || candidate.contains(" 127.0.0.1 "), "{}", candidate);
        other_candidates.borrow_mut().push((index, candidate.to_string()));
    });
    pc
}

#[test]
fn peer_connection_call_with_futures() {
    run_on_own_context(async {
        let to_answerer = Rc::new(RefCell::new(Vec::new()));
        let to_offerer = Rc::new(RefCell::new(Vec::new()));
        let offerer = peer(to_answerer.clone());
        let answerer = peer(to_offerer.clone());
        let remote_tracks = Rc::new(Cell::new(0));
        let r = remote_tracks.clone();
        answerer.connect_track(move |_, track| {
            assert!(track.is_remote());
            r.set(r.get() + 1);
        });
        let negotiation_needed = Rc::new(Cell::new(false));
        let n = negotiation_needed.clone();
        offerer.connect_negotiation_needed(move |_| n.set(true));

        let video = offerer
            .add_track_from_description(MediaKind::Video, "videotestsrc is-live=true")
            .unwrap();
        assert_eq!(video.kind(), MediaKind::Video);
        assert!(!video.is_remote());
        offerer
            .add_track_from_description(MediaKind::Audio, "audiotestsrc is-live=true")
            .unwrap();
        wait_until("negotiation-needed", || negotiation_needed.get()).await;

        let offer = offerer.create_offer_future().await.unwrap();
        assert!(offer.starts_with("v=0"), "{}", offer);
        offerer.set_local_description_future(SdpType::Offer, &offer).await.unwrap();
        assert_eq!(offerer.signaling_state(), SignalingState::HaveLocalOffer);
        answerer.set_remote_description_future(SdpType::Offer, &offer).await.unwrap();
        let answer = answerer.create_answer_future().await.unwrap();
        answerer.set_local_description_future(SdpType::Answer, &answer).await.unwrap();
        offerer.set_remote_description_future(SdpType::Answer, &answer).await.unwrap();
        assert_eq!(offerer.signaling_state(), SignalingState::Stable);
        assert!(answerer.remote_description().unwrap().contains("m=video"));

        let connected = || {
            for (pc, queue) in [(&offerer, &to_offerer), (&answerer, &to_answerer)].iter() {
                for (index, candidate) in queue.borrow_mut().drain(..) {
                    pc.add_ice_candidate(index, &candidate).unwrap();
                }
            }
            offerer.connection_state() == PeerConnectionState::Connected
                && answerer.connection_state() == PeerConnectionState::Connected
        };
        wait_until("both peers connected", connected).await;
        wait_until("two remote tracks", || remote_tracks.get() == 2).await;
        assert_eq!(answerer.tracks().iter().filter(|t| t.is_remote()).count(), 2);
        let remote_video = answerer
            .tracks()
            .into_iter()
            .find(|t| t.is_remote() && t.kind() == MediaKind::Video)
            .unwrap();
        wait_until("decoded remote frames", || remote_video.frames_decoded() > 0).await;
        assert_eq!(video.frames_decoded(), 0);
        video.set_bitrate(300);
        assert_eq!(video.bitrate(), 300);

        // Typed statistics of both sides.
        let sent = offerer.stats_future().await.unwrap();
        let outbound = sent
            .outbound_streams()
            .into_iter()
            .find(|s| s.kind() == MediaKind::Video)
            .expect("the video sent is in the offerer's statistics");
        assert!(outbound.packets_sent() > 0 && outbound.bytes_sent() > 0);
        assert_ne!(outbound.ssrc(), 0);
        assert!(outbound.payload_type() >= 96, "{}", outbound.payload_type());
        assert_eq!(outbound.target_bitrate(), 300_000);
        assert_eq!(outbound.encoder().as_deref(), Some("vp8enc"));
        let received = answerer.stats_future().await.unwrap();
        let inbound = received
            .inbound_streams()
            .into_iter()
            .find(|s| s.kind() == MediaKind::Video)
            .expect("the video received is in the answerer's statistics");
        assert!(inbound.packets_received() > 0 && inbound.frames_decoded() > 0);
        assert!(inbound.frames_received() >= inbound.frames_decoded());
        assert_eq!(inbound.ssrc(), outbound.ssrc());
        assert_eq!(inbound.payload_type(), outbound.payload_type());
        assert!(inbound.jitter() >= 0.0 && inbound.jitter_buffer_delay() >= 0.0);
        let pair = received.candidate_pair().expect("a selected candidate pair");
        assert_eq!(pair.local_address().as_deref(), Some("127.0.0.1"));
        assert_eq!(pair.remote_address().as_deref(), Some("127.0.0.1"));
        assert!(pair.local_port() > 0 && pair.remote_port() > 0);
        assert!(pair.remote_candidate_type().is_some());

        offerer.close();
        answerer.close();
        assert_eq!(offerer.connection_state(), PeerConnectionState::Closed);
    });
}

#[test]
fn dial_can_be_cancelled() {
    run_on_own_context(async {
        let (ours, _theirs) = LoopbackSignaller::new_pair(); // nobody answers
        let call = Call::new();
        call.set_ice_local_addresses(&["127.0.0.1"]);
        call.set_signaller(Some(&ours));
        let cancellable = gio::Cancellable::new();
        let outcome = Rc::new(RefCell::new(None));
        let o = outcome.clone();
        call.dial_async(None, Some(&cancellable), move |result| *o.borrow_mut() = Some(result));
        glib::timeout_future(Duration::from_millis(300)).await;
        assert!(outcome.borrow().is_none(), "the dial finished before it was cancelled");
        cancellable.cancel();
        wait_until("the dial to finish", || outcome.borrow().is_some()).await;
        let error = outcome.borrow_mut().take().unwrap().unwrap_err();
        assert_eq!(error.kind::<gio::IOErrorEnum>(), Some(gio::IOErrorEnum::Cancelled), "{}", error);
        assert_ne!(call.state(), CallState::Active);
    });
}

#[test]
fn data_channel_options_and_states() {
    run_on_own_context(async {
        let pc = PeerConnection::new().expect("a peer connection");
        let error = pc
            .create_data_channel("chat", Some("options, colour=(string)red"))
            .unwrap_err();
        assert_eq!(error.kind::<CallError>(), Some(CallError::InvalidArgument));
        assert!(error.to_string().contains("colour"), "{}", error);
        let error = pc.create_data_channel("chat", Some("!")).unwrap_err();
        assert_eq!(error.kind::<CallError>(), Some(CallError::InvalidArgument));

        let channel = pc
            .create_data_channel(
                "chat",
                Some("options, ordered=(boolean)false, max-retransmits=(int)0, protocol=(string)p"),
            )
            .expect("a data channel");
        assert_eq!(channel.label(), "chat");
        assert!(!channel.is_ordered());
        assert_eq!(channel.max_retransmits(), Some(0));
        assert_eq!(channel.max_packet_life_time(), None);
        assert_eq!(channel.protocol(), "p");
        assert!(!channel.is_negotiated());
        assert_eq!(channel.id(), None);
        assert_eq!(channel.ready_state(), DataChannelState::Connecting);
        channel.set_buffered_amount_low_threshold(1024);
        assert_eq!(channel.buffered_amount_low_threshold(), 1024);
        assert_eq!(channel.buffered_amount(), 0);
        for error in [channel.send_string("early").unwrap_err(), channel.send_bytes(b"early").unwrap_err()]
            .iter()
        {
            assert_eq!(error.kind::<CallError>(), Some(CallError::InvalidState));
        }

        let closed = Rc::new(Cell::new(0));
        let counter = closed.clone();
        channel.connect_close(move |_| counter.set(counter.get() + 1));
        channel.connect_error(|_, error| panic!("unexpected error: {}", error));
        pc.close();
        wait_until("the channel closed", || closed.get() > 0).await;
        assert_eq!(channel.ready_state(), DataChannelState::Closed);
        channel.close();
        glib::timeout_future(Duration::from_millis(100)).await;
        assert_eq!(closed.get(), 1);
    });
}
