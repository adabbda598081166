// GstCall: the one-object call.
// Copyright (C) 2026 The libgstcall authors
//
// SPDX-License-Identifier: LGPL-2.1-or-later

use crate::{
    async_callback, ffi, result_of, strv_to_vec, with_strv, CallFuture, CallState, Codec,
    DataChannel,
    IceTransportPolicy, MediaKind, PeerConnection, Signaller, Stats, Track, TransportKind,
};
use glib::object::IsA;
use glib::signal::{connect_raw, SignalHandlerId};
use glib::prelude::*;
use glib::translate::*;
use std::mem::transmute;

glib::wrapper! {
    /// A call: local media (camera and microphone, test sources, files or
    /// any GStreamer source), encoders chosen for you, the connection, the
    /// signaling and the playback of the peer's media.
    ///
    /// Give it a [`Signaller`], then [`dial_future`](Call::dial_future) (or
    /// answer on [`connect_incoming_call`](Call::connect_incoming_call)).
    /// Every setting has a getter and a setter:
    /// [`set_video_codec`](Call::set_video_codec),
    /// [`set_video_bitrate`](Call::set_video_bitrate),
    /// [`set_connect_timeout`](Call::set_connect_timeout), ...
    pub struct Call(Object<ffi::GstCall, ffi::GstCallClass>);

    match fn {
        type_ => || ffi::gst_call_get_type(),
    }
}

impl Default for Call {
    fn default() -> Self {
        Self::new()
    }
}

unsafe fn dial_finish(
    source: *mut glib::gobject_ffi::GObject,
    result: *mut gio::ffi::GAsyncResult,
) -> Result<(), glib::Error> {
    let mut error = std::ptr::null_mut();
    ffi::gst_call_dial_finish(source as *mut ffi::GstCall, result, &mut error);
    result_of((), error)
}

unsafe fn answer_finish(
    source: *mut glib::gobject_ffi::GObject,
    result: *mut gio::ffi::GAsyncResult,
) -> Result<(), glib::Error> {
    let mut error = std::ptr::null_mut();
    ffi::gst_call_answer_finish(source as *mut ffi::GstCall, result, &mut error);
    result_of((), error)
}

unsafe fn stats_finish(
    source: *mut glib::gobject_ffi::GObject,
    result: *mut gio::ffi::GAsyncResult,
) -> Result<Stats, glib::Error> {
    let mut error = std::ptr::null_mut();
    let stats = ffi::gst_call_get_stats_finish(source as *mut ffi::GstCall, result, &mut error);
    result_of((), error).map(|()| from_glib_full(stats))
}

impl Call {
    /// A new call, bound to the thread-default main context.
    pub fn new() -> Call {
        unsafe { from_glib_full(ffi::gst_call_new()) }
    }

    /// Sets the signaller that carries the offer, answer and candidates.
    pub fn set_signaller(&self, signaller: Option<&impl IsA<Signaller>>) {
        unsafe {
            ffi::gst_call_set_signaller(
                self.to_glib_none().0,
                signaller.map(|s| s.as_ref()).to_glib_none().0,
            )
        }
    }

    /// The signaller.
    pub fn signaller(&self) -> Option<Signaller> {
        unsafe { from_glib_none(ffi::gst_call_get_signaller(self.to_glib_none().0)) }
    }

    /// Restricts ICE to these local addresses (`127.0.0.1` keeps a call on
    /// this machine); empty for every interface.
    pub fn set_ice_local_addresses(&self, addresses: &[&str]) {
        with_strv(addresses, |strv| unsafe {
            ffi::gst_call_set_ice_local_addresses(self.to_glib_none().0, strv)
        })
    }

    /// Sends the sources described in gst-launch syntax (`None` for no such
    /// media), e.g. `videotestsrc is-live=true`.
    pub fn set_sources_from_description(
        &self,
        video: Option<&str>,
        audio: Option<&str>,
    ) -> Result<(), glib::Error> {
        unsafe {
            let mut error = std::ptr::null_mut();
            ffi::gst_call_set_sources_from_description(
                self.to_glib_none().0,
                video.to_glib_none().0,
                audio.to_glib_none().0,
                &mut error,
            );
            result_of((), error)
        }
    }

    /// Whether the call sends video.
    pub fn set_send_video(&self, send: bool) {
        unsafe { ffi::gst_call_set_send_video(self.to_glib_none().0, send.into_glib()) }
    }

    /// Whether the call sends audio.
    pub fn set_send_audio(&self, send: bool) {
        unsafe { ffi::gst_call_set_send_audio(self.to_glib_none().0, send.into_glib()) }
    }

    /// Mutes (black frames) or unmutes the video.
    pub fn set_video_muted(&self, muted: bool) {
        unsafe { ffi::gst_call_set_video_muted(self.to_glib_none().0, muted.into_glib()) }
    }

    /// Mutes (silence) or unmutes the audio.
    pub fn set_audio_muted(&self, muted: bool) {
        unsafe { ffi::gst_call_set_audio_muted(self.to_glib_none().0, muted.into_glib()) }
    }

    /// Whether the call sends video.
    pub fn send_video(&self) -> bool {
        unsafe { from_glib(ffi::gst_call_get_send_video(self.to_glib_none().0)) }
    }

    /// Whether the call sends audio.
    pub fn send_audio(&self) -> bool {
        unsafe { from_glib(ffi::gst_call_get_send_audio(self.to_glib_none().0)) }
    }

    /// Whether the video is muted.
    pub fn video_muted(&self) -> bool {
        unsafe { from_glib(ffi::gst_call_get_video_muted(self.to_glib_none().0)) }
    }

    /// Whether the audio is muted.
    pub fn audio_muted(&self) -> bool {
        unsafe { from_glib(ffi::gst_call_get_audio_muted(self.to_glib_none().0)) }
    }

    /// How the call carries its media.
    pub fn transport(&self) -> TransportKind {
        unsafe { from_glib(ffi::gst_call_get_transport(self.to_glib_none().0)) }
    }

    /// Carries the media over WebRTC (the default) or plain RTP; before dialling or answering.
    pub fn set_transport(&self, value: TransportKind) {
        unsafe { ffi::gst_call_set_transport(self.to_glib_none().0, value.into_glib()) }
    }

    /// Seconds a dialled or answered call may take to connect before it fails.
    pub fn connect_timeout(&self) -> u32 {
        unsafe { ffi::gst_call_get_connect_timeout(self.to_glib_none().0) }
    }

    /// Sets the seconds a call may take to connect (1 to 3600).
    pub fn set_connect_timeout(&self, seconds: u32) {
        unsafe { ffi::gst_call_set_connect_timeout(self.to_glib_none().0, seconds) }
    }

    /// Seconds without a packet from the peer after which the connection
    /// of a connected call counts as lost; 0 never gives up.
    pub fn peer_timeout(&self) -> u32 {
        unsafe { ffi::gst_call_get_peer_timeout(self.to_glib_none().0) }
    }

    /// Sets the seconds without a packet from the peer after which the
    /// connection of a connected call counts as lost; 0 never gives up.
    pub fn set_peer_timeout(&self, seconds: u32) {
        unsafe { ffi::gst_call_set_peer_timeout(self.to_glib_none().0, seconds) }
    }

    /// Seconds a lost connection is given to come back
    /// ([`CallState::Reconnecting`](crate::CallState::Reconnecting)) before the call fails with
    /// [`CallError::ConnectionLost`](crate::CallError::ConnectionLost); 0 fails the call at once.
    pub fn reconnect_timeout(&self) -> u32 {
        unsafe { ffi::gst_call_get_reconnect_timeout(self.to_glib_none().0) }
    }

    /// Sets the seconds a lost connection is given to come back; 0 fails
    /// the call at once.
    pub fn set_reconnect_timeout(&self, seconds: u32) {
        unsafe { ffi::gst_call_set_reconnect_timeout(self.to_glib_none().0, seconds) }
    }

    /// Milliseconds received media waits in the jitter buffer before it is
    /// played.
    pub fn latency(&self) -> u32 {
        unsafe { ffi::gst_call_get_latency(self.to_glib_none().0) }
    }

    /// Sets the jitter buffer latency, in milliseconds, before the call
    /// (during it, on [`peer_connection`](Call::peer_connection)).
    pub fn set_latency(&self, milliseconds: u32) {
        unsafe { ffi::gst_call_set_latency(self.to_glib_none().0, milliseconds) }
    }

    /// The width of the video sent, in pixels.
    pub fn video_width(&self) -> u32 {
        unsafe { ffi::gst_call_get_video_width(self.to_glib_none().0) }
    }

    /// Sets the width of the video sent, in pixels.
    pub fn set_video_width(&self, width: u32) {
        unsafe { ffi::gst_call_set_video_width(self.to_glib_none().0, width) }
    }

    /// The height of the video sent, in pixels.
    pub fn video_height(&self) -> u32 {
        unsafe { ffi::gst_call_get_video_height(self.to_glib_none().0) }
    }

    /// Sets the height of the video sent, in pixels.
    pub fn set_video_height(&self, height: u32) {
        unsafe { ffi::gst_call_set_video_height(self.to_glib_none().0, height) }
    }

    /// The frame rate of the video sent, in frames per second.
    pub fn video_framerate(&self) -> u32 {
        unsafe { ffi::gst_call_get_video_framerate(self.to_glib_none().0) }
    }

    /// Sets the frame rate of the video sent, in frames per second.
    pub fn set_video_framerate(&self, framerate: u32) {
        unsafe { ffi::gst_call_set_video_framerate(self.to_glib_none().0, framerate) }
    }

    /// The video bitrate asked of the encoder, in kbit/s 
    /// (0: the encoder's default).
    pub fn video_bitrate(&self) -> u32 {
        unsafe { ffi::gst_call_get_video_bitrate(self.to_glib_none().0) }
    }

    /// Sets the video bitrate, in kbit/s; applies at once during a call.
    pub fn set_video_bitrate(&self, kbit_per_second: u32) {
        unsafe { ffi::gst_call_set_video_bitrate(self.to_glib_none().0, kbit_per_second) }
    }

    /// The audio bitrate asked of the encoder, in kbit/s 
    /// (0: the encoder's default).
    pub fn audio_bitrate(&self) -> u32 {
        unsafe { ffi::gst_call_get_audio_bitrate(self.to_glib_none().0) }
    }

    /// Sets the audio bitrate, in kbit/s; applies at once during a call.
    pub fn set_audio_bitrate(&self, kbit_per_second: u32) {
        unsafe { ffi::gst_call_set_audio_bitrate(self.to_glib_none().0, kbit_per_second) }
    }

    /// The codec the call offers for video.
    pub fn video_codec(&self) -> Codec {
        unsafe { from_glib(ffi::gst_call_get_video_codec(self.to_glib_none().0)) }
    }

    /// Sets the codec the call offers for video; before dialling or answering.
    pub fn set_video_codec(&self, value: Codec) {
        unsafe { ffi::gst_call_set_video_codec(self.to_glib_none().0, value.into_glib()) }
    }

    /// The codec the call offers for audio.
    pub fn audio_codec(&self) -> Codec {
        unsafe { from_glib(ffi::gst_call_get_audio_codec(self.to_glib_none().0)) }
    }

    /// Sets the codec the call offers for audio; before dialling or answering.
    pub fn set_audio_codec(&self, value: Codec) {
        unsafe { ffi::gst_call_set_audio_codec(self.to_glib_none().0, value.into_glib()) }
    }

    /// Which ICE candidates the call may use.
    pub fn ice_transport_policy(&self) -> IceTransportPolicy {
        unsafe { from_glib(ffi::gst_call_get_ice_transport_policy(self.to_glib_none().0)) }
    }

    /// Restricts the ICE candidates the call may use (relay: TURN only).
    pub fn set_ice_transport_policy(&self, value: IceTransportPolicy) {
        unsafe { ffi::gst_call_set_ice_transport_policy(self.to_glib_none().0, value.into_glib()) }
    }

    /// The STUN and TURN servers, as URIs (`stun:host:port`,
    /// `turn://user:password@host:port`).
    pub fn ice_servers(&self) -> Vec<String> {
        unsafe { strv_to_vec(ffi::gst_call_get_ice_servers(self.to_glib_none().0)) }
    }

    /// Sets the STUN and TURN servers, as URIs; empty for none.
    pub fn set_ice_servers(&self, servers: &[&str]) {
        with_strv(servers, |strv| unsafe {
            ffi::gst_call_set_ice_servers(self.to_glib_none().0, strv)
        })
    }

    /// The local addresses ICE is restricted to; empty for every interface.
    pub fn ice_local_addresses(&self) -> Vec<String> {
        unsafe { strv_to_vec(ffi::gst_call_get_ice_local_addresses(self.to_glib_none().0)) }
    }

    /// Sends one more track during the call (a second camera, a screen),
    /// described in gst-launch syntax; negotiated with the peer at once.
    pub fn add_track_from_description(
        &self,
        kind: MediaKind,
        description: &str,
    ) -> Result<Track, glib::Error> {
        unsafe {
            let mut error = std::ptr::null_mut();
            let source = gstreamer_sys::gst_parse_bin_from_description(
                description.to_glib_none().0,
                true.into_glib(),
                &mut error,
            );
            if source.is_null() {
                return Err(from_glib_full(error));
            }
            let track = ffi::gst_call_add_track(
                self.to_glib_none().0,
                kind.into_glib(),
                source as *mut gstreamer_sys::GstElement,
                &mut error,
            );
            result_of((), error).map(|()| from_glib_none(track))
        }
    }

    /// Stops sending a local track during the call; renegotiated at once.
    pub fn remove_track(&self, track: &Track) -> Result<(), glib::Error> {
        unsafe {
            let mut error = std::ptr::null_mut();
            ffi::gst_call_remove_track(self.to_glib_none().0, track.to_glib_none().0, &mut error);
            result_of((), error)
        }
    }

    /// The state of the call.
    pub fn state(&self) -> CallState {
        unsafe { from_glib(ffi::gst_call_get_state(self.to_glib_none().0)) }
    }

    /// Why the call failed, once its state is [`CallState::Failed`].
    pub fn error(&self) -> Option<glib::Error> {
        unsafe {
            let error = ffi::gst_call_get_error(self.to_glib_none().0);
            from_glib_none(error as *mut glib::ffi::GError)
        }
    }

    /// The peer connection of the call, once it dialled or answered.
    pub fn peer_connection(&self) -> Option<PeerConnection> {
        unsafe { from_glib_none(ffi::gst_call_get_peer_connection(self.to_glib_none().0)) }
    }

    /// The local audio and video tracks.
    pub fn local_tracks(&self) -> Vec<Track> {
        unsafe {
            FromGlibPtrContainer::from_glib_container(ffi::gst_call_get_local_tracks(
                self.to_glib_none().0,
            ))
        }
    }

    /// Reads the statistics of the call's streams, as a browser's
    /// `getStats()`. `callback` runs on this thread's main context.
    pub fn stats_async<F: FnOnce(Result<Stats, glib::Error>) + 'static>(
        &self,
        cancellable: Option<&gio::Cancellable>,
        callback: F,
    ) {
        let (trampoline, data) = async_callback(stats_finish, callback);
        unsafe {
            ffi::gst_call_get_stats_async(
                self.to_glib_none().0,
                cancellable.to_glib_none().0,
                trampoline,
                data,
            )
        }
    }

    /// [`stats_async`](Call::stats_async) as a future; dropping it cancels.
    pub fn stats_future(&self) -> CallFuture<Stats> {
        Box::pin(gio::GioFuture::new(self, move |call, cancellable, send| {
            call.stats_async(Some(cancellable), move |result| send.resolve(result));
        }))
    }

    /// Calls: through the signaller when `uri` is `None`, or a room of a
    /// signaling server (`ws://host:port/ws?room=R`). `callback` runs on
    /// this thread's main context once connected or failed.
    pub fn dial_async<F: FnOnce(Result<(), glib::Error>) + 'static>(
        &self,
        uri: Option<&str>,
        cancellable: Option<&gio::Cancellable>,
        callback: F,
    ) {
        let (trampoline, data) = async_callback(dial_finish, callback);
        unsafe {
            ffi::gst_call_dial_async(
                self.to_glib_none().0,
                uri.to_glib_none().0,
                cancellable.to_glib_none().0,
                trampoline,
                data,
            )
        }
    }

    /// [`dial_async`](Call::dial_async) as a future; dropping it cancels.
    pub fn dial_future(&self, uri: Option<&str>) -> CallFuture<()> {
        let uri = uri.map(String::from);
        Box::pin(gio::GioFuture::new(self, move |call, cancellable, send| {
            call.dial_async(uri.as_deref(), Some(cancellable), move |result| {
                send.resolve(result)
            });
        }))
    }

    /// Answers the incoming call. `callback` runs once connected or failed.
    pub fn answer_async<F: FnOnce(Result<(), glib::Error>) + 'static>(
        &self,
        cancellable: Option<&gio::Cancellable>,
        callback: F,
    ) {
        let (trampoline, data) = async_callback(answer_finish, callback);
        unsafe {
            ffi::gst_call_answer_async(
                self.to_glib_none().0,
                cancellable.to_glib_none().0,
                trampoline,
                data,
            )
        }
    }

    /// [`answer_async`](Call::answer_async) as a future; dropping it cancels.
    pub fn answer_future(&self) -> CallFuture<()> {
        Box::pin(gio::GioFuture::new(self, move |call, cancellable, send| {
            call.answer_async(Some(cancellable), move |result| send.resolve(result));
        }))
    }

    /// Ends the call and tells the peer.
    pub fn hangup(&self) {
        unsafe { ffi::gst_call_hangup(self.to_glib_none().0) }
    }

    /// Sends DTMF tones (`0`-`9`, `*`, `#`, `A`-`D`) as RFC 4733
    /// telephone-events on the call's audio, each lasting `duration_ms`
    /// (40 to 1000, or 0 for 100 ms), 70 ms apart. Returns at once: the
    /// tones are queued and play one after the other.
    pub fn send_dtmf(&self, tones: &str, duration_ms: u32) -> Result<(), glib::Error> {
        unsafe {
            let mut error = std::ptr::null_mut();
            ffi::gst_call_send_dtmf(
                self.to_glib_none().0,
                tones.to_glib_none().0,
                duration_ms,
                &mut error,
            );
            result_of((), error)
        }
    }

    /// Called with each DTMF tone the peer sent (one character), and how
    /// long it lasted in milliseconds, once it ended.
    pub fn connect_dtmf<F: Fn(&Call, &str, u32) + 'static>(&self, f: F) -> SignalHandlerId {
        unsafe extern "C" fn trampoline<F: Fn(&Call, &str, u32) + 'static>(
            this: *mut ffi::GstCall,
            tone: *const std::os::raw::c_char,
            duration_ms: u32,
            f: glib::ffi::gpointer,
        ) {
            let f: &F = &*(f as *const F);
            let tone: glib::GString = from_glib_none(tone);
            f(&from_glib_borrow(this), tone.as_str(), duration_ms)
        }
        unsafe {
            connect_raw(
                self.as_ptr() as *mut _,
                b"dtmf\0".as_ptr() as *const _,
                Some(transmute::<_, unsafe extern "C" fn()>(trampoline::<F> as *const ())),
                Box::into_raw(Box::new(f)),
            )
        }
    }

    /// Called when the peer calls: answer with
    /// [`answer_future`](Call::answer_future).
    pub fn connect_incoming_call<F: Fn(&Call) + 'static>(&self, f: F) -> SignalHandlerId {
        unsafe extern "C" fn trampoline<F: Fn(&Call) + 'static>(
            this: *mut ffi::GstCall,
            f: glib::ffi::gpointer,
        ) {
            let f: &F = &*(f as *const F);
            f(&from_glib_borrow(this))
        }
        unsafe {
            connect_raw(
                self.as_ptr() as *mut _,
                b"incoming-call\0".as_ptr() as *const _,
                Some(transmute::<_, unsafe extern "C" fn()>(trampoline::<F> as *const ())),
                Box::into_raw(Box::new(f)),
            )
        }
    }

    /// Called when the call is over, with the error when it failed.
    pub fn connect_ended<F: Fn(&Call, Option<&glib::Error>) + 'static>(
        &self,
        f: F,
    ) -> SignalHandlerId {
        unsafe extern "C" fn trampoline<F: Fn(&Call, Option<&glib::Error>) + 'static>(
            this: *mut ffi::GstCall,
            reason: *mut glib::ffi::GError,
            f: glib::ffi::gpointer,
        ) {
            let f: &F = &*(f as *const F);
            let reason: Option<glib::Error> = from_glib_none(reason);
            f(&from_glib_borrow(this), reason.as_ref())
        }
        unsafe {
            connect_raw(
                self.as_ptr() as *mut _,
                b"ended\0".as_ptr() as *const _,
                Some(transmute::<_, unsafe extern "C" fn()>(trampoline::<F> as *const ())),
                Box::into_raw(Box::new(f)),
            )
        }
    }

    /// Called with each track of the peer's media, decoded.
    pub fn connect_remote_track<F: Fn(&Call, &Track) + 'static>(&self, f: F) -> SignalHandlerId {
        unsafe extern "C" fn trampoline<F: Fn(&Call, &Track) + 'static>(
            this: *mut ffi::GstCall,
            track: *mut ffi::GstCallTrack,
            f: glib::ffi::gpointer,
        ) {
            let f: &F = &*(f as *const F);
            f(&from_glib_borrow(this), &from_glib_borrow(track))
        }
        unsafe {
            connect_raw(
                self.as_ptr() as *mut _,
                b"remote-track\0".as_ptr() as *const _,
                Some(transmute::<_, unsafe extern "C" fn()>(trampoline::<F> as *const ())),
                Box::into_raw(Box::new(f)),
            )
        }
    }

    /// Creates a data channel. `options` is a `GstStructure` in its text
    /// form with `webrtcbin`'s field names, for example
    /// `"options, ordered=(boolean)false, max-retransmits=(int)0"`; a wrong
    /// field gives an error naming it.
    pub fn create_data_channel(
        &self,
        label: &str,
        options: Option<&str>,
    ) -> Result<DataChannel, glib::Error> {
        crate::data_channel::create(options, |options, error| unsafe {
            ffi::gst_call_create_data_channel(self.to_glib_none().0, label.to_glib_none().0, options, error)
        })
    }

    /// Called with each data channel the peer opens, before it opens.
    pub fn connect_data_channel<F: Fn(&Call, &DataChannel) + 'static>(
        &self,
        f: F,
    ) -> SignalHandlerId {
        unsafe extern "C" fn trampoline<F: Fn(&Call, &DataChannel) + 'static>(
            this: *mut ffi::GstCall,
            channel: *mut ffi::GstCallDataChannel,
            f: glib::ffi::gpointer,
        ) {
            let f: &F = &*(f as *const F);
            f(&from_glib_borrow(this), &from_glib_borrow(channel))
        }
        unsafe {
            connect_raw(
                self.as_ptr() as *mut _,
                b"data-channel\0".as_ptr() as *const _,
                Some(transmute::<_, unsafe extern "C" fn()>(trampoline::<F> as *const ())),
                Box::into_raw(Box::new(f)),
            )
        }
    }

    /// Called when [`state`](Call::state) changed.
    pub fn connect_state_notify<F: Fn(&Call) + 'static>(&self, f: F) -> SignalHandlerId {
        self.connect_notify_local(Some("state"), move |call, _| f(call))
    }
}

