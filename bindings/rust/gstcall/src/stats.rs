// Call statistics: an owned GstStructure.
// Copyright (C) 2026 The libgstcall authors
//
// SPDX-License-Identifier: LGPL-2.1-or-later

use glib::translate::*;
use gstreamer_sys as gst;
use std::ffi::CStr;
use std::fmt;

/// The statistics of a [`Call`](crate::Call), from
/// [`Call::stats`](crate::Call::stats): named fields such as
/// `video-frames-received` (uint), `bytes-sent` (uint64) or `video-encoder`
/// (string). See `gst_call_get_stats()` for the list.
pub struct Stats(std::ptr::NonNull<gst::GstStructure>);

impl Stats {
    /// Takes ownership of a `GstStructure`.
    ///
    /// # Safety
    /// `ptr` must be a valid, owned `GstStructure` not used elsewhere.
    pub(crate) unsafe fn from_glib_full(ptr: *mut gst::GstStructure) -> Self {
        Stats(std::ptr::NonNull::new(ptr).expect("no statistics"))
    }

    /// The value of a `uint` field.
    pub fn uint(&self, field: &str) -> Option<u32> {
        let mut value = 0;
        let found: bool = unsafe {
            from_glib(gst::gst_structure_get_uint(
                self.0.as_ptr(),
                field.to_glib_none().0,
                &mut value,
            ))
        };
        if found {
            Some(value)
        } else {
            None
        }
    }

    /// The value of a `uint64` field.
    pub fn uint64(&self, field: &str) -> Option<u64> {
        let mut value = 0;
        let found: bool = unsafe {
            from_glib(gst::gst_structure_get_uint64(
                self.0.as_ptr(),
                field.to_glib_none().0,
                &mut value,
            ))
        };
        if found {
            Some(value)
        } else {
            None
        }
    }

    /// The value of a string field.
    pub fn string(&self, field: &str) -> Option<String> {
        unsafe {
            let value = gst::gst_structure_get_string(self.0.as_ptr(), field.to_glib_none().0);
            if value.is_null() {
                None
            } else {
                Some(CStr::from_ptr(value).to_string_lossy().into_owned())
            }
        }
    }
}

impl fmt::Display for Stats {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let text: glib::GString =
            unsafe { from_glib_full(gst::gst_structure_to_string(self.0.as_ptr())) };
        f.write_str(&text)
    }
}

impl fmt::Debug for Stats {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "Stats({})", self)
    }
}

impl Drop for Stats {
    fn drop(&mut self) {
        unsafe { gst::gst_structure_free(self.0.as_ptr()) }
    }
}
