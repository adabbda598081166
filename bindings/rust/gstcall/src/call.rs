// GstCall: the one-object call.
// Copyright (C) 2026 The libgstcall authors
//
// SPDX-License-Identifier: LGPL-2.1-or-later

use crate::{async_callback, ffi, result_of, CallFuture, CallState, PeerConnection, Signaller, Stats, Track};
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
    /// Other settings are properties, set with
    /// [`glib::ObjectExt::set_property`]: `video-codec`, `video-bitrate`,
    /// `video-width`, `connect-timeout`, ...
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
    if error.is_null() {
        Ok(from_glib_full(stats))
    } else {
        Err(from_glib_full(error))
    }
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
        let addresses: Vec<String> = addresses.iter().map(|a| a.to_string()).collect();
        self.set_property("ice-local-addresses", addresses)
            .expect("GstCall:ice-local-addresses is a string array");
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

    /// Called when [`state`](Call::state) changed.
    pub fn connect_state_notify<F: Fn(&Call) + 'static>(&self, f: F) -> SignalHandlerId {
        self.connect_notify_local(Some("state"), move |call, _| f(call))
    }
}

