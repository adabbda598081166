// GstCallSignaller and the in-process GstCallLoopbackSignaller.
// Copyright (C) 2026 The libgstcall authors
//
// SPDX-License-Identifier: LGPL-2.1-or-later

use crate::{ffi, SdpType};
use glib::signal::{connect_raw, SignalHandlerId};
use glib::prelude::*;
use glib::translate::*;
use std::ffi::CStr;
use std::mem::transmute;
use std::os::raw::{c_char, c_uint};

glib::wrapper! {
    /// Carries offers, answers and ICE candidates between two peers: the
    /// in-process [`LoopbackSignaller`], the WebSocket signaller, or your own.
    pub struct Signaller(Interface<ffi::GstCallSignaller, ffi::GstCallSignallerInterface>);

    match fn {
        type_ => || ffi::gst_call_signaller_get_type(),
    }
}

/// Methods and signals of every [`Signaller`].
pub trait SignallerExt: 'static {
    /// Sends an offer or an answer to the peer.
    fn send_description(&self, type_: SdpType, sdp: &str);
    /// Sends an ICE candidate (`candidate:...` or `""` for the end of them).
    fn send_candidate(&self, mline_index: u32, candidate: &str);
    /// Tells the peer the call is over.
    fn send_bye(&self);
    /// Called with each description the peer sent.
    fn connect_description_received<F: Fn(&Self, SdpType, &str) + 'static>(
        &self,
        f: F,
    ) -> SignalHandlerId;
    /// Called with each ICE candidate the peer sent.
    fn connect_candidate_received<F: Fn(&Self, u32, &str) + 'static>(
        &self,
        f: F,
    ) -> SignalHandlerId;
    /// Called when the peer hung up.
    fn connect_bye_received<F: Fn(&Self) + 'static>(&self, f: F) -> SignalHandlerId;
}

impl<O: IsA<Signaller>> SignallerExt for O {
    fn send_description(&self, type_: SdpType, sdp: &str) {
        unsafe {
            ffi::gst_call_signaller_send_description(
                self.as_ref().to_glib_none().0,
                type_.into_glib(),
                sdp.to_glib_none().0,
            )
        }
    }

    fn send_candidate(&self, mline_index: u32, candidate: &str) {
        unsafe {
            ffi::gst_call_signaller_send_candidate(
                self.as_ref().to_glib_none().0,
                mline_index,
                candidate.to_glib_none().0,
            )
        }
    }

    fn send_bye(&self) {
        unsafe { ffi::gst_call_signaller_send_bye(self.as_ref().to_glib_none().0) }
    }

    fn connect_description_received<F: Fn(&Self, SdpType, &str) + 'static>(
        &self,
        f: F,
    ) -> SignalHandlerId {
        unsafe extern "C" fn trampoline<P: IsA<Signaller>, F: Fn(&P, SdpType, &str) + 'static>(
            this: *mut ffi::GstCallSignaller,
            type_: ffi::GstCallSdpType,
            sdp: *const c_char,
            f: glib::ffi::gpointer,
        ) {
            let f: &F = &*(f as *const F);
            f(
                Signaller::from_glib_borrow(this).unsafe_cast_ref(),
                from_glib(type_),
                &CStr::from_ptr(sdp).to_string_lossy(),
            )
        }
        unsafe {
            connect_raw(
                self.as_ptr() as *mut _,
                b"description-received\0".as_ptr() as *const _,
                Some(transmute::<_, unsafe extern "C" fn()>(
                    trampoline::<Self, F> as *const (),
                )),
                Box::into_raw(Box::new(f)),
            )
        }
    }

    fn connect_candidate_received<F: Fn(&Self, u32, &str) + 'static>(
        &self,
        f: F,
    ) -> SignalHandlerId {
        unsafe extern "C" fn trampoline<P: IsA<Signaller>, F: Fn(&P, u32, &str) + 'static>(
            this: *mut ffi::GstCallSignaller,
            mline_index: c_uint,
            candidate: *const c_char,
            f: glib::ffi::gpointer,
        ) {
            let f: &F = &*(f as *const F);
            f(
                Signaller::from_glib_borrow(this).unsafe_cast_ref(),
                mline_index,
                &CStr::from_ptr(candidate).to_string_lossy(),
            )
        }
        unsafe {
            connect_raw(
                self.as_ptr() as *mut _,
                b"candidate-received\0".as_ptr() as *const _,
                Some(transmute::<_, unsafe extern "C" fn()>(
                    trampoline::<Self, F> as *const (),
                )),
                Box::into_raw(Box::new(f)),
            )
        }
    }

    fn connect_bye_received<F: Fn(&Self) + 'static>(&self, f: F) -> SignalHandlerId {
        unsafe extern "C" fn trampoline<P: IsA<Signaller>, F: Fn(&P) + 'static>(
            this: *mut ffi::GstCallSignaller,
            f: glib::ffi::gpointer,
        ) {
            let f: &F = &*(f as *const F);
            f(Signaller::from_glib_borrow(this).unsafe_cast_ref())
        }
        unsafe {
            connect_raw(
                self.as_ptr() as *mut _,
                b"bye-received\0".as_ptr() as *const _,
                Some(transmute::<_, unsafe extern "C" fn()>(
                    trampoline::<Self, F> as *const (),
                )),
                Box::into_raw(Box::new(f)),
            )
        }
    }
}

glib::wrapper! {
    /// Two signallers connected to each other in one process: what one
    /// sends, the other receives on its main context. For tests and demos.
    pub struct LoopbackSignaller(Object<ffi::GstCallLoopbackSignaller, ffi::GstCallLoopbackSignallerClass>)
        @implements Signaller;

    match fn {
        type_ => || ffi::gst_call_loopback_signaller_get_type(),
    }
}

impl LoopbackSignaller {
    /// Two signallers, each the peer of the other.
    pub fn new_pair() -> (LoopbackSignaller, LoopbackSignaller) {
        unsafe {
            let mut first = std::ptr::null_mut();
            let mut second = std::ptr::null_mut();
            ffi::gst_call_loopback_signaller_new_pair(&mut first, &mut second);
            (from_glib_full(first), from_glib_full(second))
        }
    }

    /// The other end, if it still exists.
    pub fn peer(&self) -> Option<LoopbackSignaller> {
        unsafe { from_glib_full(ffi::gst_call_loopback_signaller_get_peer(self.to_glib_none().0)) }
    }

    /// How many messages this end has sent.
    pub fn messages_sent(&self) -> u32 {
        unsafe { ffi::gst_call_loopback_signaller_get_messages_sent(self.to_glib_none().0) }
    }
}
