// GstCallTrack: one local or remote audio or video stream.
// Copyright (C) 2026 The libgstcall authors
//
// SPDX-License-Identifier: LGPL-2.1-or-later

use crate::{ffi, MediaKind};
use glib::translate::*;

glib::wrapper! {
    /// One local or remote audio or video stream of a call. Remote tracks
    /// come decoded.
    pub struct Track(Object<ffi::GstCallTrack, ffi::GstCallTrackClass>);

    match fn {
        type_ => || ffi::gst_call_track_get_type(),
    }
}

impl Track {
    /// Audio or video.
    pub fn kind(&self) -> MediaKind {
        unsafe { from_glib(ffi::gst_call_track_get_kind(self.to_glib_none().0)) }
    }

    /// Whether the track comes from the peer.
    pub fn is_remote(&self) -> bool {
        unsafe { from_glib(ffi::gst_call_track_is_remote(self.to_glib_none().0)) }
    }

    /// The media id (`a=mid`) once negotiated.
    pub fn mid(&self) -> Option<glib::GString> {
        unsafe { from_glib_none(ffi::gst_call_track_get_mid(self.to_glib_none().0)) }
    }

    /// Whether a local track sends media (a muted track sends black or silence).
    pub fn is_enabled(&self) -> bool {
        unsafe { from_glib(ffi::gst_call_track_get_enabled(self.to_glib_none().0)) }
    }

    /// Enables or mutes the track.
    pub fn set_enabled(&self, enabled: bool) {
        unsafe { ffi::gst_call_track_set_enabled(self.to_glib_none().0, enabled.into_glib()) }
    }

    /// For a remote track, the decoded frames that left it so far; 0 for a
    /// local track. `notify::frames-decoded` comes on the main context, at
    /// most ten times a second.
    pub fn frames_decoded(&self) -> u64 {
        unsafe { ffi::gst_call_track_get_frames_decoded(self.to_glib_none().0) }
    }

    /// For a local track, the bitrate asked of its encoder, in kbit/s (0:
    /// the encoder's default).
    pub fn bitrate(&self) -> u32 {
        unsafe { ffi::gst_call_track_get_bitrate(self.to_glib_none().0) }
    }

    /// Sets the bitrate of a local track's encoder, in kbit/s; applies at
    /// once.
    pub fn set_bitrate(&self, kbit_per_second: u32) {
        unsafe { ffi::gst_call_track_set_bitrate(self.to_glib_none().0, kbit_per_second) }
    }
}
