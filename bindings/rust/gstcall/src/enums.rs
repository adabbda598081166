// Enumerations of libgstcall as Rust enums.
// Copyright (C) 2026 The libgstcall authors
//
// SPDX-License-Identifier: LGPL-2.1-or-later

use crate::ffi;
use glib::translate::*;

macro_rules! call_enum {
    ($(#[$meta:meta])* $name:ident, $ffi:ty, $get_type:path, { $($(#[$vmeta:meta])* $variant:ident = $value:path,)* }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        #[non_exhaustive]
        pub enum $name {
            $($(#[$vmeta])* $variant,)*
            /// A value this version of the crate does not know.
            __Unknown(i32),
        }

        #[doc(hidden)]
        impl IntoGlib for $name {
            type GlibType = $ffi;

            fn into_glib(self) -> $ffi {
                match self {
                    $($name::$variant => $value,)*
                    $name::__Unknown(value) => value,
                }
            }
        }

        #[doc(hidden)]
        impl FromGlib<$ffi> for $name {
            unsafe fn from_glib(value: $ffi) -> Self {
                match value {
                    $($value => $name::$variant,)*
                    value => $name::__Unknown(value),
                }
            }
        }

        impl glib::StaticType for $name {
            fn static_type() -> glib::Type {
                unsafe { from_glib($get_type()) }
            }
        }
    };
}

call_enum!(
    /// The state of a [`Call`](crate::Call).
    CallState, ffi::GstCallState, ffi::gst_call_state_get_type, {
        /// Not dialled nor answered yet.
        Idle = ffi::GST_CALL_STATE_IDLE,
        /// Dialling or answering.
        Connecting = ffi::GST_CALL_STATE_CONNECTING,
        /// Connected: media flows.
        Active = ffi::GST_CALL_STATE_ACTIVE,
        /// Hung up, by either side.
        Ended = ffi::GST_CALL_STATE_ENDED,
        /// Ended on an error.
        Failed = ffi::GST_CALL_STATE_FAILED,
        /// The connection was lost; the call re-establishes it.
        Reconnecting = ffi::GST_CALL_STATE_RECONNECTING,
    }
);

call_enum!(
    /// The kind of media of a track.
    MediaKind, ffi::GstCallMediaKind, ffi::gst_call_media_kind_get_type, {
        /// Audio.
        Audio = ffi::GST_CALL_MEDIA_KIND_AUDIO,
        /// Video.
        Video = ffi::GST_CALL_MEDIA_KIND_VIDEO,
    }
);

call_enum!(
    /// The type of a session description.
    SdpType, ffi::GstCallSdpType, ffi::gst_call_sdp_type_get_type, {
        /// An offer.
        Offer = ffi::GST_CALL_SDP_TYPE_OFFER,
        /// A provisional answer.
        Pranswer = ffi::GST_CALL_SDP_TYPE_PRANSWER,
        /// An answer.
        Answer = ffi::GST_CALL_SDP_TYPE_ANSWER,
        /// Back to the last stable state.
        Rollback = ffi::GST_CALL_SDP_TYPE_ROLLBACK,
    }
);

call_enum!(
    /// The W3C `RTCPeerConnectionState` of a [`PeerConnection`](crate::PeerConnection).
    PeerConnectionState, ffi::GstCallPeerConnectionState,
    ffi::gst_call_peer_connection_state_get_type, {
        /// Nothing started.
        New = ffi::GST_CALL_PEER_CONNECTION_STATE_NEW,
        /// ICE and DTLS are connecting.
        Connecting = ffi::GST_CALL_PEER_CONNECTION_STATE_CONNECTING,
        /// ICE and DTLS are connected.
        Connected = ffi::GST_CALL_PEER_CONNECTION_STATE_CONNECTED,
        /// The connection was lost, maybe for a while.
        Disconnected = ffi::GST_CALL_PEER_CONNECTION_STATE_DISCONNECTED,
        /// ICE or DTLS failed.
        Failed = ffi::GST_CALL_PEER_CONNECTION_STATE_FAILED,
        /// Closed.
        Closed = ffi::GST_CALL_PEER_CONNECTION_STATE_CLOSED,
    }
);

call_enum!(
    /// The W3C `RTCSignalingState` of a [`PeerConnection`](crate::PeerConnection).
    SignalingState, ffi::GstCallSignalingState, ffi::gst_call_signaling_state_get_type, {
        /// No offer/answer exchange under way.
        Stable = ffi::GST_CALL_SIGNALING_STATE_STABLE,
        /// A local offer is set.
        HaveLocalOffer = ffi::GST_CALL_SIGNALING_STATE_HAVE_LOCAL_OFFER,
        /// A remote offer is set.
        HaveRemoteOffer = ffi::GST_CALL_SIGNALING_STATE_HAVE_REMOTE_OFFER,
        /// A local provisional answer is set.
        HaveLocalPranswer = ffi::GST_CALL_SIGNALING_STATE_HAVE_LOCAL_PRANSWER,
        /// A remote provisional answer is set.
        HaveRemotePranswer = ffi::GST_CALL_SIGNALING_STATE_HAVE_REMOTE_PRANSWER,
        /// Closed.
        Closed = ffi::GST_CALL_SIGNALING_STATE_CLOSED,
    }
);

call_enum!(
    /// A codec a call or a track sends.
    Codec, ffi::GstCallCodec, ffi::gst_call_codec_get_type, {
        /// VP8 (video, the default).
        Vp8 = ffi::GST_CALL_CODEC_VP8,
        /// VP9 (video).
        Vp9 = ffi::GST_CALL_CODEC_VP9,
        /// H.264 constrained baseline (video).
        H264 = ffi::GST_CALL_CODEC_H264,
        /// H.265 (video).
        H265 = ffi::GST_CALL_CODEC_H265,
        /// AV1 (video).
        Av1 = ffi::GST_CALL_CODEC_AV1,
        /// Opus (audio, the default).
        Opus = ffi::GST_CALL_CODEC_OPUS,
        /// G.711 A-law (audio).
        Pcma = ffi::GST_CALL_CODEC_PCMA,
        /// G.711 µ-law (audio).
        Pcmu = ffi::GST_CALL_CODEC_PCMU,
    }
);

call_enum!(
    /// Which ICE candidates a call may use.
    IceTransportPolicy, ffi::GstCallIceTransportPolicy,
    ffi::gst_call_ice_transport_policy_get_type, {
        /// Every candidate.
        All = ffi::GST_CALL_ICE_TRANSPORT_POLICY_ALL,
        /// Only relayed (TURN) candidates.
        Relay = ffi::GST_CALL_ICE_TRANSPORT_POLICY_RELAY,
    }
);

call_enum!(
    /// How a [`Call`](crate::Call) carries its media.
    TransportKind, ffi::GstCallTransportKind, ffi::gst_call_transport_kind_get_type, {
        /// WebRTC: ICE, DTLS-SRTP (the default).
        Webrtc = ffi::GST_CALL_TRANSPORT_KIND_WEBRTC,
        /// Plain RTP over UDP, without ICE or DTLS.
        Rtp = ffi::GST_CALL_TRANSPORT_KIND_RTP,
    }
);

call_enum!(
    /// The state of a [`DataChannel`](crate::DataChannel).
    DataChannelState, ffi::GstCallDataChannelState, ffi::gst_call_data_channel_state_get_type, {
        /// Being set up: nothing can be sent yet.
        Connecting = ffi::GST_CALL_DATA_CHANNEL_STATE_CONNECTING,
        /// Messages go both ways.
        Open = ffi::GST_CALL_DATA_CHANNEL_STATE_OPEN,
        /// Shutting down.
        Closing = ffi::GST_CALL_DATA_CHANNEL_STATE_CLOSING,
        /// Closed for good.
        Closed = ffi::GST_CALL_DATA_CHANNEL_STATE_CLOSED,
    }
);

call_enum!(
    /// The codes of the `gst-call-error-quark` error domain: match a
    /// [`glib::Error`] with `error.kind::<CallError>()`.
    CallError, ffi::GstCallError, ffi::gst_call_error_get_type, {
        /// Any other failure.
        Failed = ffi::GST_CALL_ERROR_FAILED,
        /// A GStreamer element is missing; the message names its Debian package.
        MissingPlugin = ffi::GST_CALL_ERROR_MISSING_PLUGIN,
        /// Offer/answer negotiation failed.
        Negotiation = ffi::GST_CALL_ERROR_NEGOTIATION,
        /// ICE failed.
        Ice = ffi::GST_CALL_ERROR_ICE,
        /// DTLS failed.
        Dtls = ffi::GST_CALL_ERROR_DTLS,
        /// The operation is not possible in the current state.
        InvalidState = ffi::GST_CALL_ERROR_INVALID_STATE,
        /// The signaling channel failed.
        Signaling = ffi::GST_CALL_ERROR_SIGNALING,
        /// An argument is malformed; the message names it.
        InvalidArgument = ffi::GST_CALL_ERROR_INVALID_ARGUMENT,
        /// The object was closed.
        Closed = ffi::GST_CALL_ERROR_CLOSED,
        /// The connection was lost and did not come back in time.
        ConnectionLost = ffi::GST_CALL_ERROR_CONNECTION_LOST,
    }
);

impl glib::error::ErrorDomain for CallError {
    fn domain() -> glib::Quark {
        unsafe { from_glib(ffi::gst_call_error_quark()) }
    }

    fn code(self) -> i32 {
        self.into_glib()
    }

    fn from(code: i32) -> Option<Self> {
        Some(unsafe { from_glib(code) })
    }
}
