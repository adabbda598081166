// Safe Rust API of libgstcall.
// Copyright (C) 2026 The libgstcall authors
//
// SPDX-License-Identifier: LGPL-2.1-or-later

//! Real-time calls with GStreamer in a few lines.
//!
//! [`Call`] is the one-object call: media, encoders, connection, signaling
//! and playback. Two calls connected through a [`LoopbackSignaller`] pair
//! talk to each other inside one process; a network signaller plugs in the
//! same way. [`PeerConnection`] is the lower level, shaped like the W3C
//! `RTCPeerConnection`.
//!
//! Every signal and async result reaches the application on the
//! [`glib::MainContext`] that was the thread default when the object was
//! created (or the async call made), never on a GStreamer streaming thread.
//! The `*_future` methods give [`std::future::Future`]s to await on that
//! context, for example with [`glib::MainContext::block_on`].

pub use gio;
pub use glib;
pub use gstcall_sys as ffi;

mod call;
mod data_channel;
mod enums;
mod peer_connection;
mod signaller;
mod stats;
mod track;

pub use call::Call;
pub use data_channel::DataChannel;
pub use enums::{
    CallError, CallState, Codec, DataChannelState, IceTransportPolicy, MediaKind,
    PeerConnectionState, SdpType, SignalingState, TransportKind,
};
pub use peer_connection::PeerConnection;
pub use signaller::{LoopbackSignaller, Signaller, SignallerExt};
pub use stats::{CandidatePairStats, InboundStreamStats, OutboundStreamStats, Stats, StatsSummary};
pub use track::Track;

/// Traits to `use gstcall::prelude::*`: glib's, gio's and [`SignallerExt`].
pub mod prelude {
    pub use crate::SignallerExt;
    pub use gio::prelude::*;
}


/// Initializes GStreamer (`gst_init`). Call it once before anything else.
pub fn init() {
    unsafe {
        gstreamer_sys::gst_init(std::ptr::null_mut(), std::ptr::null_mut());
    }
}

/// The version of the libgstcall the program runs with, such as `0.1.0`.
pub fn version() -> &'static str {
    std::str::from_utf8(&ffi::GST_CALL_VERSION_S[..ffi::GST_CALL_VERSION_S.len() - 1]).unwrap()
}

/// Checks that an async callback runs on the thread that started the
/// operation, as libgstcall promises (see `docs/threading.md`).
pub(crate) struct ThreadCheck(std::thread::ThreadId);

impl ThreadCheck {
    pub(crate) fn new() -> Self {
        ThreadCheck(std::thread::current().id())
    }

    pub(crate) fn check(&self) {
        assert_eq!(
            self.0,
            std::thread::current().id(),
            "libgstcall delivered a callback on another thread"
        );
    }
}

/// Reads the result of an async operation of libgstcall (its `_finish`).
pub(crate) type Finish<T> =
    unsafe fn(*mut glib::gobject_ffi::GObject, *mut gio::ffi::GAsyncResult) -> Result<T, glib::Error>;

struct AsyncData<T, F> {
    finish: Finish<T>,
    callback: F,
    thread: ThreadCheck,
}

unsafe extern "C" fn async_trampoline<T, F: FnOnce(Result<T, glib::Error>) + 'static>(
    source: *mut glib::gobject_ffi::GObject,
    result: *mut gio::ffi::GAsyncResult,
    user_data: glib::ffi::gpointer,
) {
    let data: Box<AsyncData<T, F>> = Box::from_raw(user_data as *mut AsyncData<T, F>);
    data.thread.check();
    let outcome = (data.finish)(source, result);
    (data.callback)(outcome);
}

/// The `GAsyncReadyCallback` and user data that hand the result of an async
/// operation, read with `finish`, to `callback`.
pub(crate) fn async_callback<T, F: FnOnce(Result<T, glib::Error>) + 'static>(
    finish: Finish<T>,
    callback: F,
) -> (gio::ffi::GAsyncReadyCallback, glib::ffi::gpointer) {
    let data = Box::new(AsyncData {
        finish,
        callback,
        thread: ThreadCheck::new(),
    });
    (
        Some(async_trampoline::<T, F>),
        Box::into_raw(data) as glib::ffi::gpointer,
    )
}

/// `Ok(value)` when `error` is unset, else the error.
pub(crate) unsafe fn result_of<T>(value: T, error: *mut glib::ffi::GError) -> Result<T, glib::Error> {
    use glib::translate::from_glib_full;
    if error.is_null() {
        Ok(value)
    } else {
        Err(from_glib_full(error))
    }
}

/// The strings of a `NULL`-terminated array owned by libgstcall (`NULL`: none).
pub(crate) unsafe fn strv_to_vec(strv: *const *const std::os::raw::c_char) -> Vec<String> {
    let mut strings = Vec::new();
    if strv.is_null() {
        return strings;
    }
    let mut i = 0;
    while !(*strv.add(i)).is_null() {
        strings.push(std::ffi::CStr::from_ptr(*strv.add(i)).to_string_lossy().into_owned());
        i += 1;
    }
    strings
}

/// Calls `f` with `strings` as a `NULL`-terminated C string array.
pub(crate) fn with_strv<R>(
    strings: &[&str],
    f: impl FnOnce(*const *const std::os::raw::c_char) -> R,
) -> R {
    let owned: Vec<std::ffi::CString> = strings
        .iter()
        .map(|s| std::ffi::CString::new(*s).expect("a string with a NUL byte"))
        .collect();
    let mut pointers: Vec<*const std::os::raw::c_char> =
        owned.iter().map(|s| s.as_ptr()).collect();
    pointers.push(std::ptr::null());
    f(pointers.as_ptr())
}

/// A boxed future of an async operation, to await on the main context.
pub type CallFuture<T> = std::pin::Pin<Box<dyn std::future::Future<Output = Result<T, glib::Error>> + 'static>>;
