// GstCallDataChannel: messages between the peers of a call.
// Copyright (C) 2026 The libgstcall authors
//
// SPDX-License-Identifier: LGPL-2.1-or-later

use crate::{ffi, result_of, CallError, DataChannelState};
use glib::prelude::*;
use glib::signal::{connect_raw, SignalHandlerId};
use glib::translate::*;
use gstreamer_sys as gst;
use std::mem::transmute;

glib::wrapper! {
    /// A data channel, shaped like the W3C `RTCDataChannel`: text and byte
    /// messages between the peers, next to the media or on their own.
    ///
    /// Make one with [`Call::create_data_channel`](crate::Call::create_data_channel)
    /// or [`PeerConnection::create_data_channel`](crate::PeerConnection::create_data_channel);
    /// the peer's arrive on `connect_data_channel` of either. Send once
    /// [`connect_open`](DataChannel::connect_open) was called, until
    /// [`connect_close`](DataChannel::connect_close). Every signal comes on
    /// the main context of the call or peer connection.
    pub struct DataChannel(Object<ffi::GstCallDataChannel, ffi::GstCallDataChannelClass>);

    match fn {
        type_ => || ffi::gst_call_data_channel_get_type(),
    }
}

/// -1 (unset) as `None`.
fn optional(value: i32) -> Option<u32> {
    if value < 0 {
        None
    } else {
        Some(value as u32)
    }
}

/// Parses data channel options written as a `GstStructure`, for example
/// `"options, ordered=(boolean)false, max-retransmits=(int)0"`.
pub(crate) fn parse_options(
    options: Option<&str>,
) -> Result<Option<std::ptr::NonNull<gst::GstStructure>>, glib::Error> {
    let options = match options {
        None => return Ok(None),
        Some(options) => options,
    };
    let structure =
        unsafe { gst::gst_structure_from_string(options.to_glib_none().0, std::ptr::null_mut()) };
    match std::ptr::NonNull::new(structure) {
        Some(structure) => Ok(Some(structure)),
        None => Err(glib::Error::new(
            CallError::InvalidArgument,
            &format!("The data channel options are not a GstStructure: {}", options),
        )),
    }
}

/// Creates a data channel with `create`, a `*_create_data_channel()`
/// function given the parsed options (or NULL) and an error location; the
/// options are freed after it and its NULL result becomes its error.
pub(crate) fn create(
    options: Option<&str>,
    create: impl FnOnce(*const gst::GstStructure, *mut *mut glib::ffi::GError) -> *mut ffi::GstCallDataChannel,
) -> Result<DataChannel, glib::Error> {
    let structure = parse_options(options)?;
    let mut error = std::ptr::null_mut();
    let channel = create(structure.map_or(std::ptr::null(), |s| s.as_ptr() as *const _), &mut error);
    if let Some(structure) = structure {
        unsafe { gst::gst_structure_free(structure.as_ptr()) }
    }
    unsafe {
        if channel.is_null() {
            Err(from_glib_full(error))
        } else {
            Ok(from_glib_full(channel))
        }
    }
}

impl DataChannel {
    /// The name given when the channel was created.
    pub fn label(&self) -> glib::GString {
        unsafe { from_glib_none(ffi::gst_call_data_channel_get_label(self.to_glib_none().0)) }
    }

    /// Whether messages arrive in the order they were sent.
    pub fn is_ordered(&self) -> bool {
        unsafe { from_glib(ffi::gst_call_data_channel_get_ordered(self.to_glib_none().0)) }
    }

    /// Milliseconds a message is retransmitted for, if limited.
    pub fn max_packet_life_time(&self) -> Option<u32> {
        optional(unsafe {
            ffi::gst_call_data_channel_get_max_packet_life_time(self.to_glib_none().0)
        })
    }

    /// Times a message is retransmitted, if limited.
    pub fn max_retransmits(&self) -> Option<u32> {
        optional(unsafe { ffi::gst_call_data_channel_get_max_retransmits(self.to_glib_none().0) })
    }

    /// The subprotocol, empty when none was given.
    pub fn protocol(&self) -> glib::GString {
        unsafe { from_glib_none(ffi::gst_call_data_channel_get_protocol(self.to_glib_none().0)) }
    }

    /// Whether both applications made the channel with the same id.
    pub fn is_negotiated(&self) -> bool {
        unsafe { from_glib(ffi::gst_call_data_channel_get_negotiated(self.to_glib_none().0)) }
    }

    /// The SCTP stream id, once the descriptions were exchanged.
    pub fn id(&self) -> Option<u32> {
        optional(unsafe { ffi::gst_call_data_channel_get_id(self.to_glib_none().0) })
    }

    /// Connecting, open, closing or closed.
    pub fn ready_state(&self) -> DataChannelState {
        unsafe { from_glib(ffi::gst_call_data_channel_get_ready_state(self.to_glib_none().0)) }
    }

    /// Bytes sent and not yet handed to the SCTP stack.
    pub fn buffered_amount(&self) -> u64 {
        unsafe { ffi::gst_call_data_channel_get_buffered_amount(self.to_glib_none().0) }
    }

    /// The buffered amount at or below which
    /// [`connect_buffered_amount_low`](DataChannel::connect_buffered_amount_low) is called.
    pub fn buffered_amount_low_threshold(&self) -> u64 {
        unsafe {
            ffi::gst_call_data_channel_get_buffered_amount_low_threshold(self.to_glib_none().0)
        }
    }

    /// Sets the threshold of `buffered-amount-low`, in bytes.
    pub fn set_buffered_amount_low_threshold(&self, threshold: u64) {
        unsafe {
            ffi::gst_call_data_channel_set_buffered_amount_low_threshold(
                self.to_glib_none().0,
                threshold,
            )
        }
    }

    /// Sends a text message (it must not contain a NUL character).
    pub fn send_string(&self, text: &str) -> Result<(), glib::Error> {
        let mut error = std::ptr::null_mut();
        unsafe {
            ffi::gst_call_data_channel_send_string(
                self.to_glib_none().0,
                text.to_glib_none().0,
                &mut error,
            );
            result_of((), error)
        }
    }

    /// Sends a binary message.
    pub fn send_bytes(&self, data: &[u8]) -> Result<(), glib::Error> {
        let bytes = glib::Bytes::from(data);
        let mut error = std::ptr::null_mut();
        unsafe {
            ffi::gst_call_data_channel_send_bytes(
                self.to_glib_none().0,
                bytes.to_glib_none().0,
                &mut error,
            );
            result_of((), error)
        }
    }

    /// Closes the channel on both sides, once what was queued was sent.
    pub fn close(&self) {
        unsafe { ffi::gst_call_data_channel_close(self.to_glib_none().0) }
    }

    fn connect_plain<F: Fn(&DataChannel) + 'static>(
        &self,
        signal: &'static [u8],
        f: F,
    ) -> SignalHandlerId {
        unsafe extern "C" fn trampoline<F: Fn(&DataChannel) + 'static>(
            this: *mut ffi::GstCallDataChannel,
            f: glib::ffi::gpointer,
        ) {
            let f: &F = &*(f as *const F);
            f(&from_glib_borrow(this))
        }
        unsafe {
            connect_raw(
                self.as_ptr() as *mut _,
                signal.as_ptr() as *const _,
                Some(transmute::<_, unsafe extern "C" fn()>(trampoline::<F> as *const ())),
                Box::into_raw(Box::new(f)),
            )
        }
    }

    /// Called once the channel can send and receive.
    pub fn connect_open<F: Fn(&DataChannel) + 'static>(&self, f: F) -> SignalHandlerId {
        self.connect_plain(b"open\0", f)
    }

    /// Called once, when the channel closed (either side, or the call ended).
    pub fn connect_close<F: Fn(&DataChannel) + 'static>(&self, f: F) -> SignalHandlerId {
        self.connect_plain(b"close\0", f)
    }

    /// Called when the buffered amount fell to the threshold or below.
    pub fn connect_buffered_amount_low<F: Fn(&DataChannel) + 'static>(
        &self,
        f: F,
    ) -> SignalHandlerId {
        self.connect_plain(b"buffered-amount-low\0", f)
    }

    /// Called with each message and whether it came as text (UTF-8).
    pub fn connect_message<F: Fn(&DataChannel, &[u8], bool) + 'static>(
        &self,
        f: F,
    ) -> SignalHandlerId {
        unsafe extern "C" fn trampoline<F: Fn(&DataChannel, &[u8], bool) + 'static>(
            this: *mut ffi::GstCallDataChannel,
            data: *mut glib::ffi::GBytes,
            is_text: glib::ffi::gboolean,
            f: glib::ffi::gpointer,
        ) {
            let f: &F = &*(f as *const F);
            let bytes: glib::Bytes = from_glib_none(data);
            f(&from_glib_borrow(this), &bytes, from_glib(is_text))
        }
        unsafe {
            connect_raw(
                self.as_ptr() as *mut _,
                b"message\0".as_ptr() as *const _,
                Some(transmute::<_, unsafe extern "C" fn()>(trampoline::<F> as *const ())),
                Box::into_raw(Box::new(f)),
            )
        }
    }

    /// Called when the channel failed; the close follows.
    pub fn connect_error<F: Fn(&DataChannel, &glib::Error) + 'static>(
        &self,
        f: F,
    ) -> SignalHandlerId {
        unsafe extern "C" fn trampoline<F: Fn(&DataChannel, &glib::Error) + 'static>(
            this: *mut ffi::GstCallDataChannel,
            error: *mut glib::ffi::GError,
            f: glib::ffi::gpointer,
        ) {
            let f: &F = &*(f as *const F);
            let error: glib::Error = from_glib_none(error);
            f(&from_glib_borrow(this), &error)
        }
        unsafe {
            connect_raw(
                self.as_ptr() as *mut _,
                b"error\0".as_ptr() as *const _,
                Some(transmute::<_, unsafe extern "C" fn()>(trampoline::<F> as *const ())),
                Box::into_raw(Box::new(f)),
            )
        }
    }
}
