// GstPeerConnection: a W3C RTCPeerConnection over webrtcbin.
// Copyright (C) 2026 The libgstcall authors
//
// SPDX-License-Identifier: LGPL-2.1-or-later

use crate::{
    async_callback, ffi, result_of, CallFuture, DataChannel, MediaKind, PeerConnectionState,
    SdpType, SignalingState, Stats, Track,
};
use glib::signal::{connect_raw, SignalHandlerId};
use glib::prelude::*;
use glib::translate::*;
use std::ffi::CStr;
use std::mem::transmute;
use std::os::raw::{c_char, c_uint};

glib::wrapper! {
    /// The lower level of a call, shaped like the W3C `RTCPeerConnection`:
    /// tracks, offer/answer, trickle ICE and the connection states, over
    /// GStreamer's `webrtcbin`. Interoperable defaults: max-bundle,
    /// rtcp-mux, NACK and RTX on video, no third-party STUN server.
    pub struct PeerConnection(Object<ffi::GstPeerConnection, ffi::GstPeerConnectionClass>);

    match fn {
        type_ => || ffi::gst_peer_connection_get_type(),
    }
}

unsafe fn sdp_finish(
    finish: unsafe extern "C" fn(
        *mut ffi::GstPeerConnection,
        *mut gio::ffi::GAsyncResult,
        *mut *mut glib::ffi::GError,
    ) -> *mut c_char,
    source: *mut glib::gobject_ffi::GObject,
    result: *mut gio::ffi::GAsyncResult,
) -> Result<String, glib::Error> {
    let mut error = std::ptr::null_mut();
    let sdp: Option<glib::GString> =
        from_glib_full(finish(source as *mut ffi::GstPeerConnection, result, &mut error));
    result_of(sdp.map(String::from).unwrap_or_default(), error)
}

unsafe fn create_offer_finish(
    source: *mut glib::gobject_ffi::GObject,
    result: *mut gio::ffi::GAsyncResult,
) -> Result<String, glib::Error> {
    sdp_finish(ffi::gst_peer_connection_create_offer_finish, source, result)
}

unsafe fn create_answer_finish(
    source: *mut glib::gobject_ffi::GObject,
    result: *mut gio::ffi::GAsyncResult,
) -> Result<String, glib::Error> {
    sdp_finish(ffi::gst_peer_connection_create_answer_finish, source, result)
}

unsafe fn set_local_finish(
    source: *mut glib::gobject_ffi::GObject,
    result: *mut gio::ffi::GAsyncResult,
) -> Result<(), glib::Error> {
    let mut error = std::ptr::null_mut();
    ffi::gst_peer_connection_set_local_description_finish(source as *mut _, result, &mut error);
    result_of((), error)
}

unsafe fn set_remote_finish(
    source: *mut glib::gobject_ffi::GObject,
    result: *mut gio::ffi::GAsyncResult,
) -> Result<(), glib::Error> {
    let mut error = std::ptr::null_mut();
    ffi::gst_peer_connection_set_remote_description_finish(source as *mut _, result, &mut error);
    result_of((), error)
}

unsafe fn stats_finish(
    source: *mut glib::gobject_ffi::GObject,
    result: *mut gio::ffi::GAsyncResult,
) -> Result<Stats, glib::Error> {
    let mut error = std::ptr::null_mut();
    let stats = ffi::gst_peer_connection_get_stats_finish(source as *mut _, result, &mut error);
    result_of((), error).map(|()| from_glib_full(stats))
}

impl PeerConnection {
    /// Reads the statistics of the streams and of the selected ICE
    /// candidate pair, as a browser's `getStats()`. `callback` runs on this
    /// thread's main context.
    pub fn stats_async<F: FnOnce(Result<Stats, glib::Error>) + 'static>(
        &self,
        cancellable: Option<&gio::Cancellable>,
        callback: F,
    ) {
        let (trampoline, data) = async_callback(stats_finish, callback);
        unsafe {
            ffi::gst_peer_connection_get_stats_async(
                self.to_glib_none().0,
                cancellable.to_glib_none().0,
                trampoline,
                data,
            )
        }
    }

    /// [`stats_async`](PeerConnection::stats_async) as a future; dropping it
    /// cancels.
    pub fn stats_future(&self) -> CallFuture<Stats> {
        Box::pin(gio::GioFuture::new(self, move |pc, cancellable, send| {
            pc.stats_async(Some(cancellable), move |result| send.resolve(result));
        }))
    }

    /// A new peer connection with the default settings.
    pub fn new() -> Result<PeerConnection, glib::Error> {
        unsafe {
            let mut error = std::ptr::null_mut();
            let pc = ffi::gst_peer_connection_new(&mut error);
            result_of((), error).map(|()| from_glib_full(pc))
        }
    }

    /// A new peer connection whose ICE candidates use only these local
    /// addresses (`127.0.0.1` keeps it on this machine).
    pub fn with_local_addresses(addresses: &[&str]) -> Result<PeerConnection, glib::Error> {
        let addresses: Vec<String> = addresses.iter().map(|a| a.to_string()).collect();
        let pc: PeerConnection = glib::Object::new(&[("ice-local-addresses", &addresses)])
            .expect("GstPeerConnection:ice-local-addresses is a string array");
        unsafe {
            let mut error = std::ptr::null_mut();
            gio::ffi::g_initable_init(
                pc.as_ptr() as *mut gio::ffi::GInitable,
                std::ptr::null_mut(),
                &mut error,
            );
            result_of(pc, error)
        }
    }

    /// The W3C connection state.
    pub fn connection_state(&self) -> PeerConnectionState {
        unsafe {
            from_glib(ffi::gst_peer_connection_get_connection_state(
                self.to_glib_none().0,
            ))
        }
    }

    /// The W3C signaling state.
    pub fn signaling_state(&self) -> SignalingState {
        unsafe { from_glib(ffi::gst_peer_connection_get_signaling_state(self.to_glib_none().0)) }
    }

    /// Sends the media of a source described in gst-launch syntax, e.g.
    /// `videotestsrc is-live=true`, encoded with the default codec.
    pub fn add_track_from_description(
        &self,
        kind: MediaKind,
        description: &str,
    ) -> Result<Track, glib::Error> {
        unsafe {
            let mut error = std::ptr::null_mut();
            let track = ffi::gst_peer_connection_add_track_from_description(
                self.to_glib_none().0,
                kind.into_glib(),
                description.to_glib_none().0,
                &mut error,
            );
            result_of((), error).map(|()| from_glib_none(track))
        }
    }

    /// The local and remote tracks.
    pub fn tracks(&self) -> Vec<Track> {
        unsafe {
            FromGlibPtrContainer::from_glib_container(ffi::gst_peer_connection_get_tracks(
                self.to_glib_none().0,
            ))
        }
    }

    /// Creates an offer (SDP text).
    pub fn create_offer_async<F: FnOnce(Result<String, glib::Error>) + 'static>(
        &self,
        cancellable: Option<&gio::Cancellable>,
        callback: F,
    ) {
        let (trampoline, data) = async_callback(create_offer_finish, callback);
        unsafe {
            ffi::gst_peer_connection_create_offer_async(
                self.to_glib_none().0,
                cancellable.to_glib_none().0,
                trampoline,
                data,
            )
        }
    }

    /// [`create_offer_async`](PeerConnection::create_offer_async) as a future.
    pub fn create_offer_future(&self) -> CallFuture<String> {
        Box::pin(gio::GioFuture::new(self, move |pc, cancellable, send| {
            pc.create_offer_async(Some(cancellable), move |result| send.resolve(result));
        }))
    }

    /// Creates an answer to the remote offer (SDP text).
    pub fn create_answer_async<F: FnOnce(Result<String, glib::Error>) + 'static>(
        &self,
        cancellable: Option<&gio::Cancellable>,
        callback: F,
    ) {
        let (trampoline, data) = async_callback(create_answer_finish, callback);
        unsafe {
            ffi::gst_peer_connection_create_answer_async(
                self.to_glib_none().0,
                cancellable.to_glib_none().0,
                trampoline,
                data,
            )
        }
    }

    /// [`create_answer_async`](PeerConnection::create_answer_async) as a future.
    pub fn create_answer_future(&self) -> CallFuture<String> {
        Box::pin(gio::GioFuture::new(self, move |pc, cancellable, send| {
            pc.create_answer_async(Some(cancellable), move |result| send.resolve(result));
        }))
    }

    /// Applies a local offer or answer.
    pub fn set_local_description_async<F: FnOnce(Result<(), glib::Error>) + 'static>(
        &self,
        type_: SdpType,
        sdp: &str,
        cancellable: Option<&gio::Cancellable>,
        callback: F,
    ) {
        let (trampoline, data) = async_callback(set_local_finish, callback);
        unsafe {
            ffi::gst_peer_connection_set_local_description_async(
                self.to_glib_none().0,
                type_.into_glib(),
                sdp.to_glib_none().0,
                cancellable.to_glib_none().0,
                trampoline,
                data,
            )
        }
    }

    /// [`set_local_description_async`](PeerConnection::set_local_description_async)
    /// as a future.
    pub fn set_local_description_future(&self, type_: SdpType, sdp: &str) -> CallFuture<()> {
        let sdp = sdp.to_string();
        Box::pin(gio::GioFuture::new(self, move |pc, cancellable, send| {
            pc.set_local_description_async(type_, &sdp, Some(cancellable), move |result| {
                send.resolve(result)
            });
        }))
    }

    /// Applies the peer's offer or answer.
    pub fn set_remote_description_async<F: FnOnce(Result<(), glib::Error>) + 'static>(
        &self,
        type_: SdpType,
        sdp: &str,
        cancellable: Option<&gio::Cancellable>,
        callback: F,
    ) {
        let (trampoline, data) = async_callback(set_remote_finish, callback);
        unsafe {
            ffi::gst_peer_connection_set_remote_description_async(
                self.to_glib_none().0,
                type_.into_glib(),
                sdp.to_glib_none().0,
                cancellable.to_glib_none().0,
                trampoline,
                data,
            )
        }
    }

    /// [`set_remote_description_async`](PeerConnection::set_remote_description_async)
    /// as a future.
    pub fn set_remote_description_future(&self, type_: SdpType, sdp: &str) -> CallFuture<()> {
        let sdp = sdp.to_string();
        Box::pin(gio::GioFuture::new(self, move |pc, cancellable, send| {
            pc.set_remote_description_async(type_, &sdp, Some(cancellable), move |result| {
                send.resolve(result)
            });
        }))
    }

    /// The applied local description, with the candidates gathered so far.
    pub fn local_description(&self) -> Option<String> {
        unsafe {
            let sdp: Option<glib::GString> =
                from_glib_full(ffi::gst_peer_connection_get_local_description(self.to_glib_none().0));
            sdp.map(String::from)
        }
    }

    /// The applied remote description.
    pub fn remote_description(&self) -> Option<String> {
        unsafe {
            let sdp: Option<glib::GString> = from_glib_full(
                ffi::gst_peer_connection_get_remote_description(self.to_glib_none().0),
            );
            sdp.map(String::from)
        }
    }

    /// Adds a candidate the peer sent (`""` marks the end of them).
    pub fn add_ice_candidate(&self, mline_index: u32, candidate: &str) -> Result<(), glib::Error> {
        unsafe {
            let mut error = std::ptr::null_mut();
            ffi::gst_peer_connection_add_ice_candidate(
                self.to_glib_none().0,
                mline_index,
                candidate.to_glib_none().0,
                &mut error,
            );
            result_of((), error)
        }
    }

    /// Closes the connection and stops its media.
    pub fn close(&self) {
        unsafe { ffi::gst_peer_connection_close(self.to_glib_none().0) }
    }

    /// Called with each local ICE candidate to send to the peer.
    pub fn connect_ice_candidate<F: Fn(&PeerConnection, u32, &str) + 'static>(
        &self,
        f: F,
    ) -> SignalHandlerId {
        unsafe extern "C" fn trampoline<F: Fn(&PeerConnection, u32, &str) + 'static>(
            this: *mut ffi::GstPeerConnection,
            mline_index: c_uint,
            candidate: *const c_char,
            f: glib::ffi::gpointer,
        ) {
            let f: &F = &*(f as *const F);
            f(
                &from_glib_borrow(this),
                mline_index,
                &CStr::from_ptr(candidate).to_string_lossy(),
            )
        }
        unsafe {
            connect_raw(
                self.as_ptr() as *mut _,
                b"ice-candidate\0".as_ptr() as *const _,
                Some(transmute::<_, unsafe extern "C" fn()>(trampoline::<F> as *const ())),
                Box::into_raw(Box::new(f)),
            )
        }
    }

    /// Called when an offer should be made (tracks were added).
    pub fn connect_negotiation_needed<F: Fn(&PeerConnection) + 'static>(
        &self,
        f: F,
    ) -> SignalHandlerId {
        unsafe extern "C" fn trampoline<F: Fn(&PeerConnection) + 'static>(
            this: *mut ffi::GstPeerConnection,
            f: glib::ffi::gpointer,
        ) {
            let f: &F = &*(f as *const F);
            f(&from_glib_borrow(this))
        }
        unsafe {
            connect_raw(
                self.as_ptr() as *mut _,
                b"negotiation-needed\0".as_ptr() as *const _,
                Some(transmute::<_, unsafe extern "C" fn()>(trampoline::<F> as *const ())),
                Box::into_raw(Box::new(f)),
            )
        }
    }

    /// Called with each remote track, decoded.
    pub fn connect_track<F: Fn(&PeerConnection, &Track) + 'static>(
        &self,
        f: F,
    ) -> SignalHandlerId {
        unsafe extern "C" fn trampoline<F: Fn(&PeerConnection, &Track) + 'static>(
            this: *mut ffi::GstPeerConnection,
            track: *mut ffi::GstCallTrack,
            f: glib::ffi::gpointer,
        ) {
            let f: &F = &*(f as *const F);
            f(&from_glib_borrow(this), &from_glib_borrow(track))
        }
        unsafe {
            connect_raw(
                self.as_ptr() as *mut _,
                b"track\0".as_ptr() as *const _,
                Some(transmute::<_, unsafe extern "C" fn()>(trampoline::<F> as *const ())),
                Box::into_raw(Box::new(f)),
            )
        }
    }

    /// Called when [`connection_state`](PeerConnection::connection_state) changed.
    pub fn connect_connection_state_notify<F: Fn(&PeerConnection) + 'static>(
        &self,
        f: F,
    ) -> SignalHandlerId {
        self.connect_notify_local(Some("connection-state"), move |pc, _| f(pc))
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
            ffi::gst_peer_connection_create_data_channel(self.to_glib_none().0, label.to_glib_none().0, options, error)
        })
    }

    /// Called with each data channel the peer opens, before it opens.
    pub fn connect_data_channel<F: Fn(&PeerConnection, &DataChannel) + 'static>(
        &self,
        f: F,
    ) -> SignalHandlerId {
        unsafe extern "C" fn trampoline<F: Fn(&PeerConnection, &DataChannel) + 'static>(
            this: *mut ffi::GstPeerConnection,
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
}
