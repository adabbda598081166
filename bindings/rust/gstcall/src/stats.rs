// Typed call statistics, as browsers' getStats(): GstCallStats and its
// streams.
// Copyright (C) 2026 The libgstcall authors
//
// SPDX-License-Identifier: LGPL-2.1-or-later

use crate::{ffi, MediaKind};
use glib::translate::*;
use gstreamer_sys as gst;
use std::ffi::CStr;
use std::fmt;

glib::wrapper! {
    /// A snapshot of a call's statistics, from
    /// [`Call::stats_future`](crate::Call::stats_future): the streams sent
    /// and received and, on WebRTC, the selected ICE candidate pair. Every
    /// figure is also a read-only property (`glib::ObjectExt::property`),
    /// documented with its W3C `getStats()` counterpart.
    pub struct Stats(Object<ffi::GstCallStats, ffi::GstCallStatsClass>);

    match fn {
        type_ => || ffi::gst_call_stats_get_type(),
    }
}

glib::wrapper! {
    /// One stream sent (W3C `RTCOutboundRtpStreamStats`).
    pub struct OutboundStreamStats(Object<ffi::GstCallOutboundStreamStats, ffi::GstCallOutboundStreamStatsClass>);

    match fn {
        type_ => || ffi::gst_call_outbound_stream_stats_get_type(),
    }
}

glib::wrapper! {
    /// One stream received (W3C `RTCInboundRtpStreamStats`).
    pub struct InboundStreamStats(Object<ffi::GstCallInboundStreamStats, ffi::GstCallInboundStreamStatsClass>);

    match fn {
        type_ => || ffi::gst_call_inbound_stream_stats_get_type(),
    }
}

glib::wrapper! {
    /// The selected ICE candidate pair (W3C `RTCIceCandidatePairStats`).
    pub struct CandidatePairStats(Object<ffi::GstCallCandidatePairStats, ffi::GstCallCandidatePairStatsClass>);

    match fn {
        type_ => || ffi::gst_call_candidate_pair_stats_get_type(),
    }
}

impl Stats {
    /// When the figures were read, in microseconds since the Unix epoch.
    pub fn timestamp(&self) -> i64 {
        unsafe { ffi::gst_call_stats_get_timestamp(self.to_glib_none().0) }
    }

    /// The streams sent.
    pub fn outbound_streams(&self) -> Vec<OutboundStreamStats> {
        unsafe {
            FromGlibPtrContainer::from_glib_none(ffi::gst_call_stats_get_outbound_streams(
                self.to_glib_none().0,
            ))
        }
    }

    /// The streams received.
    pub fn inbound_streams(&self) -> Vec<InboundStreamStats> {
        unsafe {
            FromGlibPtrContainer::from_glib_none(ffi::gst_call_stats_get_inbound_streams(
                self.to_glib_none().0,
            ))
        }
    }

    /// The selected ICE candidate pair; `None` on plain RTP.
    pub fn candidate_pair(&self) -> Option<CandidatePairStats> {
        unsafe { from_glib_none(ffi::gst_call_stats_get_candidate_pair(self.to_glib_none().0)) }
    }

    /// The totals of `gst_call_stats_to_structure()`: `video-frames-received`
    /// (uint), `bytes-sent` (uint64), `video-encoder` (string), ...
    pub fn summary(&self) -> StatsSummary {
        unsafe {
            StatsSummary(
                std::ptr::NonNull::new(ffi::gst_call_stats_to_structure(self.to_glib_none().0))
                    .expect("no statistics"),
            )
        }
    }
}

impl OutboundStreamStats {
    /// Audio or video.
    pub fn kind(&self) -> MediaKind {
        unsafe { from_glib(ffi::gst_call_outbound_stream_stats_get_kind(self.to_glib_none().0)) }
    }

    /// The RTP encoding name, such as `VP8` or `OPUS`.
    pub fn codec(&self) -> Option<glib::GString> {
        unsafe { from_glib_none(ffi::gst_call_outbound_stream_stats_get_codec(self.to_glib_none().0)) }
    }

    /// The encoder element's factory name, such as `vp8enc`.
    pub fn encoder(&self) -> Option<glib::GString> {
        unsafe { from_glib_none(ffi::gst_call_outbound_stream_stats_get_encoder(self.to_glib_none().0)) }
    }

    /// RTP payload bytes sent.
    pub fn bytes_sent(&self) -> u64 {
        unsafe { ffi::gst_call_outbound_stream_stats_get_bytes_sent(self.to_glib_none().0) }
    }

    /// Frames the encoder produced.
    pub fn frames_sent(&self) -> u64 {
        unsafe { ffi::gst_call_outbound_stream_stats_get_frames_sent(self.to_glib_none().0) }
    }
    /// RTP packets sent.
    pub fn packets_sent(&self) -> u64 {
        unsafe { ffi::gst_call_outbound_stream_stats_get_packets_sent(self.to_glib_none().0) }
    }

    /// The stream's RTP SSRC.
    pub fn ssrc(&self) -> u32 {
        unsafe { ffi::gst_call_outbound_stream_stats_get_ssrc(self.to_glib_none().0) }
    }

    /// The RTP payload type.
    pub fn payload_type(&self) -> u32 {
        unsafe { ffi::gst_call_outbound_stream_stats_get_payload_type(self.to_glib_none().0) }
    }

    /// The bitrate sent over the last second or so, in bit/s.
    pub fn bitrate(&self) -> u64 {
        unsafe { ffi::gst_call_outbound_stream_stats_get_bitrate(self.to_glib_none().0) }
    }

    /// The bitrate the encoder is asked for, in bit/s; 0 when the encoder
    /// runs at its own default or has none (G.711).
    pub fn target_bitrate(&self) -> u64 {
        unsafe { ffi::gst_call_outbound_stream_stats_get_target_bitrate(self.to_glib_none().0) }
    }

    /// NACK (retransmission request) packets received from the peer.
    pub fn nack_count(&self) -> u32 {
        unsafe { ffi::gst_call_outbound_stream_stats_get_nack_count(self.to_glib_none().0) }
    }

    /// Picture loss indications the peer sent (video).
    pub fn pli_count(&self) -> u32 {
        unsafe { ffi::gst_call_outbound_stream_stats_get_pli_count(self.to_glib_none().0) }
    }

    /// Full intra requests the peer sent (video).
    pub fn fir_count(&self) -> u32 {
        unsafe { ffi::gst_call_outbound_stream_stats_get_fir_count(self.to_glib_none().0) }
    }

    /// Packets sent again (RTX) on the peer's NACKs.
    pub fn retransmitted_packets_sent(&self) -> u64 {
        unsafe {
            ffi::gst_call_outbound_stream_stats_get_retransmitted_packets_sent(
                self.to_glib_none().0,
            )
        }
    }

    /// Payload bytes sent again (RTX) on the peer's NACKs.
    pub fn retransmitted_bytes_sent(&self) -> u64 {
        unsafe {
            ffi::gst_call_outbound_stream_stats_get_retransmitted_bytes_sent(
                self.to_glib_none().0,
            )
        }
    }

    /// The round trip time the peer's reports give, in seconds (0 until known).
    pub fn round_trip_time(&self) -> f64 {
        unsafe { ffi::gst_call_outbound_stream_stats_get_round_trip_time(self.to_glib_none().0) }
    }
}

impl InboundStreamStats {
    /// Audio or video.
    pub fn kind(&self) -> MediaKind {
        unsafe { from_glib(ffi::gst_call_inbound_stream_stats_get_kind(self.to_glib_none().0)) }
    }

    /// The RTP encoding name, such as `VP8` or `OPUS`.
    pub fn codec(&self) -> Option<glib::GString> {
        unsafe { from_glib_none(ffi::gst_call_inbound_stream_stats_get_codec(self.to_glib_none().0)) }
    }

    /// The decoder element's factory name, such as `vp8dec`.
    pub fn decoder(&self) -> Option<glib::GString> {
        unsafe { from_glib_none(ffi::gst_call_inbound_stream_stats_get_decoder(self.to_glib_none().0)) }
    }

    /// RTP payload bytes received.
    pub fn bytes_received(&self) -> u64 {
        unsafe { ffi::gst_call_inbound_stream_stats_get_bytes_received(self.to_glib_none().0) }
    }

    /// Frames the decoder produced.
    pub fn frames_decoded(&self) -> u64 {
        unsafe { ffi::gst_call_inbound_stream_stats_get_frames_decoded(self.to_glib_none().0) }
    }
    /// RTP packets received.
    pub fn packets_received(&self) -> u64 {
        unsafe { ffi::gst_call_inbound_stream_stats_get_packets_received(self.to_glib_none().0) }
    }

    /// Packets lost on the way: expected minus received, negative when
    /// duplicates arrived.
    pub fn packets_lost(&self) -> i64 {
        unsafe { ffi::gst_call_inbound_stream_stats_get_packets_lost(self.to_glib_none().0) }
    }

    /// The stream's RTP SSRC.
    pub fn ssrc(&self) -> u32 {
        unsafe { ffi::gst_call_inbound_stream_stats_get_ssrc(self.to_glib_none().0) }
    }

    /// The RTP payload type.
    pub fn payload_type(&self) -> u32 {
        unsafe { ffi::gst_call_inbound_stream_stats_get_payload_type(self.to_glib_none().0) }
    }

    /// The bitrate received over the last second or so, in bit/s.
    pub fn bitrate(&self) -> u64 {
        unsafe { ffi::gst_call_inbound_stream_stats_get_bitrate(self.to_glib_none().0) }
    }

    /// Complete frames that reached the decoder (encoded audio frames for audio).
    pub fn frames_received(&self) -> u64 {
        unsafe { ffi::gst_call_inbound_stream_stats_get_frames_received(self.to_glib_none().0) }
    }

    /// Frames that reached the decoder and never came out of it (late or
    /// undecodable).
    pub fn frames_dropped(&self) -> u64 {
        unsafe { ffi::gst_call_inbound_stream_stats_get_frames_dropped(self.to_glib_none().0) }
    }

    /// Video freezes (gaps between decoded frames longer than three frame
    /// intervals and 150 ms); 0 for audio.
    pub fn freeze_count(&self) -> u32 {
        unsafe { ffi::gst_call_inbound_stream_stats_get_freeze_count(self.to_glib_none().0) }
    }

    /// The packet jitter, in seconds.
    pub fn jitter(&self) -> f64 {
        unsafe { ffi::gst_call_inbound_stream_stats_get_jitter(self.to_glib_none().0) }
    }

    /// How long the jitter buffer holds packets before they are decoded, in
    /// seconds.
    pub fn jitter_buffer_delay(&self) -> f64 {
        unsafe { ffi::gst_call_inbound_stream_stats_get_jitter_buffer_delay(self.to_glib_none().0) }
    }

    /// NACK (retransmission request) packets sent to the peer.
    pub fn nack_count(&self) -> u32 {
        unsafe { ffi::gst_call_inbound_stream_stats_get_nack_count(self.to_glib_none().0) }
    }

    /// Packets received again (RTX).
    pub fn retransmitted_packets_received(&self) -> u64 {
        unsafe {
            ffi::gst_call_inbound_stream_stats_get_retransmitted_packets_received(
                self.to_glib_none().0,
            )
        }
    }

    /// Payload bytes received again (RTX).
    pub fn retransmitted_bytes_received(&self) -> u64 {
        unsafe {
            ffi::gst_call_inbound_stream_stats_get_retransmitted_bytes_received(
                self.to_glib_none().0,
            )
        }
    }
}

impl CandidatePairStats {
    /// The round trip time, in seconds.
    pub fn round_trip_time(&self) -> f64 {
        unsafe { ffi::gst_call_candidate_pair_stats_get_round_trip_time(self.to_glib_none().0) }
    }

    /// `host`, `srflx`, `prflx` or `relay`.
    pub fn local_candidate_type(&self) -> Option<glib::GString> {
        unsafe {
            from_glib_none(ffi::gst_call_candidate_pair_stats_get_local_candidate_type(
                self.to_glib_none().0,
            ))
        }
    }
    /// The local candidate's port.
    pub fn local_port(&self) -> u32 {
        unsafe { ffi::gst_call_candidate_pair_stats_get_local_port(self.to_glib_none().0) }
    }

    /// The remote candidate's port.
    pub fn remote_port(&self) -> u32 {
        unsafe { ffi::gst_call_candidate_pair_stats_get_remote_port(self.to_glib_none().0) }
    }

    /// The outgoing bitrate the congestion control allows, in bits per second (0 when unknown).
    pub fn available_outgoing_bitrate(&self) -> u64 {
        unsafe {
            ffi::gst_call_candidate_pair_stats_get_available_outgoing_bitrate(
                self.to_glib_none().0,
            )
        }
    }

    /// The local candidate's address.
    pub fn local_address(&self) -> Option<glib::GString> {
        unsafe {
            from_glib_none(ffi::gst_call_candidate_pair_stats_get_local_address(
                self.to_glib_none().0,
            ))
        }
    }

    /// The remote candidate's address.
    pub fn remote_address(&self) -> Option<glib::GString> {
        unsafe {
            from_glib_none(ffi::gst_call_candidate_pair_stats_get_remote_address(
                self.to_glib_none().0,
            ))
        }
    }

    /// `host`, `srflx`, `prflx` or `relay`: the remote candidate's type.
    pub fn remote_candidate_type(&self) -> Option<glib::GString> {
        unsafe {
            from_glib_none(ffi::gst_call_candidate_pair_stats_get_remote_candidate_type(
                self.to_glib_none().0,
            ))
        }
    }
}

/// The totals of a [`Stats`], an owned `GstStructure`.
pub struct StatsSummary(std::ptr::NonNull<gst::GstStructure>);

impl StatsSummary {
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

impl fmt::Display for StatsSummary {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let text: glib::GString =
            unsafe { from_glib_full(gst::gst_structure_to_string(self.0.as_ptr())) };
        f.write_str(&text)
    }
}

impl fmt::Debug for StatsSummary {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "StatsSummary({})", self)
    }
}

impl Drop for StatsSummary {
    fn drop(&mut self) {
        unsafe { gst::gst_structure_free(self.0.as_ptr()) }
    }
}
