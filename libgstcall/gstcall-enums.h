/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#if !defined(_GST_CALL_INSIDE) && !defined(GST_CALL_COMPILATION)
#error "Only <gstcall/gstcall.h> can be included directly."
#endif

#include <glib.h>

G_BEGIN_DECLS

/**
 * GstCallMediaKind:
 * @GST_CALL_MEDIA_KIND_AUDIO: an audio track
 * @GST_CALL_MEDIA_KIND_VIDEO: a video track
 *
 * The kind of media a track or transceiver carries.
 *
 * Since: 0.1
 */
typedef enum {
  GST_CALL_MEDIA_KIND_AUDIO,
  GST_CALL_MEDIA_KIND_VIDEO,
} GstCallMediaKind;

/**
 * GstCallSdpType:
 * @GST_CALL_SDP_TYPE_OFFER: an offer
 * @GST_CALL_SDP_TYPE_PRANSWER: a provisional answer
 * @GST_CALL_SDP_TYPE_ANSWER: a final answer
 * @GST_CALL_SDP_TYPE_ROLLBACK: a rollback of the pending offer
 *
 * The type of a session description, as the W3C `RTCSdpType`. The values
 * are those of `GstWebRTCSDPType`, so either can be given where the other is
 * expected (a `GstWebRTC.WebRTCSDPType` from Python or JavaScript).
 *
 * Since: 0.1
 */
typedef enum {
  GST_CALL_SDP_TYPE_OFFER = 1,
  GST_CALL_SDP_TYPE_PRANSWER = 2,
  GST_CALL_SDP_TYPE_ANSWER = 3,
  GST_CALL_SDP_TYPE_ROLLBACK = 4,
} GstCallSdpType;

/**
 * GstCallDirection:
 * @GST_CALL_DIRECTION_SENDRECV: media is sent and received
 * @GST_CALL_DIRECTION_SENDONLY: media is only sent
 * @GST_CALL_DIRECTION_RECVONLY: media is only received
 * @GST_CALL_DIRECTION_INACTIVE: no media flows
 *
 * The direction of a transceiver, as the W3C `RTCRtpTransceiverDirection`.
 *
 * Since: 0.1
 */
typedef enum {
  GST_CALL_DIRECTION_SENDRECV,
  GST_CALL_DIRECTION_SENDONLY,
  GST_CALL_DIRECTION_RECVONLY,
  GST_CALL_DIRECTION_INACTIVE,
} GstCallDirection;

/**
 * GstCallBundlePolicy:
 * @GST_CALL_BUNDLE_POLICY_BALANCED: one transport per media kind
 * @GST_CALL_BUNDLE_POLICY_MAX_COMPAT: one transport per media section
 * @GST_CALL_BUNDLE_POLICY_MAX_BUNDLE: one transport for all media; what browsers,
 *   Janus and other servers expect (the default)
 *
 * How media sections share transports, as the W3C `RTCBundlePolicy`.
 *
 * Since: 0.1
 */
typedef enum {
  GST_CALL_BUNDLE_POLICY_BALANCED,
  GST_CALL_BUNDLE_POLICY_MAX_COMPAT,
  GST_CALL_BUNDLE_POLICY_MAX_BUNDLE,
} GstCallBundlePolicy;

/**
 * GstCallIceTransportPolicy:
 * @GST_CALL_ICE_TRANSPORT_POLICY_ALL: any candidate may be used
 * @GST_CALL_ICE_TRANSPORT_POLICY_RELAY: only TURN relay candidates are used
 *
 * Which ICE candidates may be used, as the W3C `RTCIceTransportPolicy`.
 *
 * Since: 0.1
 */
typedef enum {
  GST_CALL_ICE_TRANSPORT_POLICY_ALL,
  GST_CALL_ICE_TRANSPORT_POLICY_RELAY,
} GstCallIceTransportPolicy;

/**
 * GstCallSignalingState:
 * @GST_CALL_SIGNALING_STATE_STABLE: no offer/answer exchange is in progress
 * @GST_CALL_SIGNALING_STATE_HAVE_LOCAL_OFFER: a local offer was applied
 * @GST_CALL_SIGNALING_STATE_HAVE_REMOTE_OFFER: a remote offer was applied
 * @GST_CALL_SIGNALING_STATE_HAVE_LOCAL_PRANSWER: a local provisional answer was applied
 * @GST_CALL_SIGNALING_STATE_HAVE_REMOTE_PRANSWER: a remote provisional answer was applied
 * @GST_CALL_SIGNALING_STATE_CLOSED: the peer connection is closed
 *
 * The offer/answer state, as the W3C `RTCSignalingState`.
 *
 * Since: 0.1
 */
typedef enum {
  GST_CALL_SIGNALING_STATE_STABLE,
  GST_CALL_SIGNALING_STATE_HAVE_LOCAL_OFFER,
  GST_CALL_SIGNALING_STATE_HAVE_REMOTE_OFFER,
  GST_CALL_SIGNALING_STATE_HAVE_LOCAL_PRANSWER,
  GST_CALL_SIGNALING_STATE_HAVE_REMOTE_PRANSWER,
  GST_CALL_SIGNALING_STATE_CLOSED,
} GstCallSignalingState;

/**
 * GstCallIceGatheringState:
 * @GST_CALL_ICE_GATHERING_STATE_NEW: gathering has not started
 * @GST_CALL_ICE_GATHERING_STATE_GATHERING: candidates are being gathered
 * @GST_CALL_ICE_GATHERING_STATE_COMPLETE: all local candidates were gathered
 *
 * The ICE gathering state, as the W3C `RTCIceGatheringState`.
 *
 * Since: 0.1
 */
typedef enum {
  GST_CALL_ICE_GATHERING_STATE_NEW,
  GST_CALL_ICE_GATHERING_STATE_GATHERING,
  GST_CALL_ICE_GATHERING_STATE_COMPLETE,
} GstCallIceGatheringState;

/**
 * GstCallIceConnectionState:
 * @GST_CALL_ICE_CONNECTION_STATE_NEW: ICE has not started
 * @GST_CALL_ICE_CONNECTION_STATE_CHECKING: connectivity checks are running
 * @GST_CALL_ICE_CONNECTION_STATE_CONNECTED: a working candidate pair was found
 * @GST_CALL_ICE_CONNECTION_STATE_COMPLETED: ICE has finished checking
 * @GST_CALL_ICE_CONNECTION_STATE_FAILED: no candidate pair works
 * @GST_CALL_ICE_CONNECTION_STATE_DISCONNECTED: connectivity was lost
 * @GST_CALL_ICE_CONNECTION_STATE_CLOSED: ICE was shut down
 *
 * The ICE connection state, as the W3C `RTCIceConnectionState`.
 *
 * Since: 0.1
 */
typedef enum {
  GST_CALL_ICE_CONNECTION_STATE_NEW,
  GST_CALL_ICE_CONNECTION_STATE_CHECKING,
  GST_CALL_ICE_CONNECTION_STATE_CONNECTED,
  GST_CALL_ICE_CONNECTION_STATE_COMPLETED,
  GST_CALL_ICE_CONNECTION_STATE_FAILED,
  GST_CALL_ICE_CONNECTION_STATE_DISCONNECTED,
  GST_CALL_ICE_CONNECTION_STATE_CLOSED,
} GstCallIceConnectionState;

/**
 * GstCallPeerConnectionState:
 * @GST_CALL_PEER_CONNECTION_STATE_NEW: nothing has started yet
 * @GST_CALL_PEER_CONNECTION_STATE_CONNECTING: ICE or DTLS is connecting
 * @GST_CALL_PEER_CONNECTION_STATE_CONNECTED: ICE and DTLS are connected; media can flow
 * @GST_CALL_PEER_CONNECTION_STATE_DISCONNECTED: connectivity was lost
 * @GST_CALL_PEER_CONNECTION_STATE_FAILED: ICE or DTLS failed
 * @GST_CALL_PEER_CONNECTION_STATE_CLOSED: the peer connection is closed
 *
 * The aggregate connection state, as the W3C `RTCPeerConnectionState`.
 *
 * Since: 0.1
 */
typedef enum {
  GST_CALL_PEER_CONNECTION_STATE_NEW,
  GST_CALL_PEER_CONNECTION_STATE_CONNECTING,
  GST_CALL_PEER_CONNECTION_STATE_CONNECTED,
  GST_CALL_PEER_CONNECTION_STATE_DISCONNECTED,
  GST_CALL_PEER_CONNECTION_STATE_FAILED,
  GST_CALL_PEER_CONNECTION_STATE_CLOSED,
} GstCallPeerConnectionState;

/**
 * GstCallDataChannelState:
 * @GST_CALL_DATA_CHANNEL_STATE_CONNECTING: the channel is being set up; nothing
 *   can be sent yet
 * @GST_CALL_DATA_CHANNEL_STATE_OPEN: messages can be sent and received
 * @GST_CALL_DATA_CHANNEL_STATE_CLOSING: the channel is shutting down
 * @GST_CALL_DATA_CHANNEL_STATE_CLOSED: the channel is closed for good
 *
 * The state of a [class@CallDataChannel], as the W3C `RTCDataChannelState`.
 *
 * Since: 0.1
 */
typedef enum {
  GST_CALL_DATA_CHANNEL_STATE_CONNECTING,
  GST_CALL_DATA_CHANNEL_STATE_OPEN,
  GST_CALL_DATA_CHANNEL_STATE_CLOSING,
  GST_CALL_DATA_CHANNEL_STATE_CLOSED,
} GstCallDataChannelState;

/**
 * GstCallState:
 * @GST_CALL_STATE_IDLE: nothing started yet
 * @GST_CALL_STATE_CONNECTING: dialling or answering: negotiating and connecting
 * @GST_CALL_STATE_ACTIVE: connected; media flows both ways
 * @GST_CALL_STATE_ENDED: one side hung up
 * @GST_CALL_STATE_FAILED: the call could not be set up or broke; the reason
 *   is on the [signal@Call::ended] signal and [method@Call.get_error]
 * @GST_CALL_STATE_RECONNECTING: the connection of an active call was lost
 *   (ICE disconnected or failed, or nothing came from the peer for
 *   [property@Call:peer-timeout] seconds) and the call re-establishes it
 *   with the same tracks, sinks and signaller; back to
 *   %GST_CALL_STATE_ACTIVE when media flows again, or
 *   %GST_CALL_STATE_FAILED (%GST_CALL_ERROR_CONNECTION_LOST) after
 *   [property@Call:reconnect-timeout] seconds. Its value follows FAILED so
 *   that the other values keep theirs. Since: 0.1
 *
 * The state of a [class@Call]: IDLE, CONNECTING, ACTIVE, and RECONNECTING
 * and back to ACTIVE as often as the connection is lost and comes back.
 * ENDED and FAILED are final.
 *
 * Since: 0.1
 */
typedef enum {
  GST_CALL_STATE_IDLE,
  GST_CALL_STATE_CONNECTING,
  GST_CALL_STATE_ACTIVE,
  GST_CALL_STATE_ENDED,
  GST_CALL_STATE_FAILED,
  GST_CALL_STATE_RECONNECTING,
} GstCallState;

/**
 * GstCallEndReason:
 * @GST_CALL_END_REASON_NONE: the call has not ended
 * @GST_CALL_END_REASON_HANGUP: this side hung up ([method@Call.hangup], or a
 *   cancelled dial or answer)
 * @GST_CALL_END_REASON_PEER_HANGUP: the peer hung up: its `bye` came through
 *   the signaller
 * @GST_CALL_END_REASON_PEER_LEFT: the peer left: the signaling server said
 *   it left the room or lost its connection (a closed browser tab), see
 *   [signal@CallWebSocketSignaller::peer-left]
 * @GST_CALL_END_REASON_FAILED: the call failed; [method@Call.get_error] says
 *   why
 *
 * Why a [class@Call] is over, see [property@Call:end-reason].
 *
 * Since: 0.1
 */
typedef enum {
  GST_CALL_END_REASON_NONE,
  GST_CALL_END_REASON_HANGUP,
  GST_CALL_END_REASON_PEER_HANGUP,
  GST_CALL_END_REASON_PEER_LEFT,
  GST_CALL_END_REASON_FAILED,
} GstCallEndReason;

/**
 * GstCallCodec:
 * @GST_CALL_CODEC_VP8: VP8 video
 * @GST_CALL_CODEC_VP9: VP9 video
 * @GST_CALL_CODEC_H264: H.264 (AVC) video
 * @GST_CALL_CODEC_H265: H.265 (HEVC) video
 * @GST_CALL_CODEC_AV1: AV1 video
 * @GST_CALL_CODEC_OPUS: Opus audio
 * @GST_CALL_CODEC_PCMA: G.711 A-law audio
 * @GST_CALL_CODEC_PCMU: G.711 µ-law audio
 *
 * A codec that [class@CallCodecs] finds encoders and decoders for.
 *
 * Since: 0.1
 */
typedef enum {
  GST_CALL_CODEC_VP8,
  GST_CALL_CODEC_VP9,
  GST_CALL_CODEC_H264,
  GST_CALL_CODEC_H265,
  GST_CALL_CODEC_AV1,
  GST_CALL_CODEC_OPUS,
  GST_CALL_CODEC_PCMA,
  GST_CALL_CODEC_PCMU,
} GstCallCodec;

/**
 * GstCallCodecDirection:
 * @GST_CALL_CODEC_DIRECTION_ENCODE: encoders (raw media in, codec out)
 * @GST_CALL_CODEC_DIRECTION_DECODE: decoders (codec in, raw media out)
 *
 * Whether [class@CallCodecs] looks for encoders or decoders.
 *
 * Since: 0.1
 */
typedef enum {
  GST_CALL_CODEC_DIRECTION_ENCODE,
  GST_CALL_CODEC_DIRECTION_DECODE,
} GstCallCodecDirection;

/**
 * GstCallCodecStatus:
 * @GST_CALL_CODEC_STATUS_UNTESTED: the element was not probed yet
 * @GST_CALL_CODEC_STATUS_WORKS: the element was probed and works
 * @GST_CALL_CODEC_STATUS_FAILED: the element failed its probe, or failed
 *   during a call; it is not tried again until the probe cache is cleared
 * @GST_CALL_CODEC_STATUS_EXCLUDED: the element is known to be broken or
 *   unfit for real-time calls and is never used
 *
 * What is known about a [class@CallCodecCandidate].
 *
 * Since: 0.1
 */
typedef enum {
  GST_CALL_CODEC_STATUS_UNTESTED,
  GST_CALL_CODEC_STATUS_WORKS,
  GST_CALL_CODEC_STATUS_FAILED,
  GST_CALL_CODEC_STATUS_EXCLUDED,
} GstCallCodecStatus;

/**
 * GstCallTransportKind:
 * @GST_CALL_TRANSPORT_KIND_WEBRTC: WebRTC: ICE, DTLS-SRTP, a
 *   [class@PeerConnection]
 * @GST_CALL_TRANSPORT_KIND_RTP: plain RTP over UDP without ICE or DTLS, a
 *   [class@CallRtpTransport]
 *
 * What carries the media of a [class@Call].
 *
 * Since: 0.1
 */
typedef enum {
  GST_CALL_TRANSPORT_KIND_WEBRTC,
  GST_CALL_TRANSPORT_KIND_RTP,
} GstCallTransportKind;

/**
 * GstCallCongestionControl:
 * @GST_CALL_CONGESTION_CONTROL_NONE: no congestion control: the encoders
 *   keep the bitrate they are configured with, whatever the network does
 * @GST_CALL_CONGESTION_CONTROL_GCC: Google Congestion Control (delay- and
 *   loss-based, as in libwebrtc) from transport-wide feedback (RTCP
 *   transport-cc): the video encoder follows the bitrate it estimates the
 *   path can carry (the default)
 *
 * How a connection adapts what it sends to the network, see
 * [property@PeerConnection:congestion-control].
 *
 * Since: 0.1
 */
typedef enum {
  GST_CALL_CONGESTION_CONTROL_NONE,
  GST_CALL_CONGESTION_CONTROL_GCC,
} GstCallCongestionControl;

/**
 * GstCallServerCallKind:
 * @GST_CALL_SERVER_CALL_KIND_BROWSER: a browser opened the server's page and
 *   asked for a call (`POST /call`); it is signalled over the server's
 *   WebSocket rooms
 * @GST_CALL_SERVER_CALL_KIND_WHIP: a WHIP client publishes to `/whip`: the
 *   call only receives
 * @GST_CALL_SERVER_CALL_KIND_WHEP: a WHEP client plays from `/whep`: the
 *   call sends the server's source and receives nothing
 *
 * Who a call of a [class@CallServer] is with, see
 * [signal@CallServer::new-call].
 *
 * Since: 0.1
 */
typedef enum {
  GST_CALL_SERVER_CALL_KIND_BROWSER,
  GST_CALL_SERVER_CALL_KIND_WHIP,
  GST_CALL_SERVER_CALL_KIND_WHEP,
} GstCallServerCallKind;

G_END_DECLS
