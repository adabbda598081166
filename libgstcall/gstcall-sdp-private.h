/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gst/sdp/sdp.h>
#include <gst/webrtc/webrtc.h>

#include "gstcall-enums.h"

G_BEGIN_DECLS

/* Parses and checks SDP text for use by webrtcbin: a version line, media
 * sections with payload formats, ICE credentials and a DTLS fingerprint, and
 * a mid for every section of a BUNDLE group. The error names the first
 * problem found (GST_CALL_ERROR_INVALID_ARGUMENT). */
GstSDPMessage *gst_call_sdp_parse_webrtc (const char  *text,
                                          GError     **error);

/* The highest media section index an ICE candidate may name. */
#define GST_CALL_SDP_MAX_MLINE_INDEX 1024

/* Checks the syntax of one ICE candidate line (without "a="), as given to
 * gst_peer_connection_add_ice_candidate(): "candidate:FOUNDATION COMPONENT
 * TRANSPORT PRIORITY ADDRESS PORT typ TYPE ...", and its media section
 * index. The error (GST_CALL_ERROR_INVALID_ARGUMENT) says what is wrong. */
gboolean gst_call_sdp_check_candidate (const char  *candidate,
                                       guint        mline_index,
                                       GError     **error);

/* aiortc declares a BUNDLE group but gives each of its media sections its
 * own ICE credentials, which webrtcbin refuses: gives every section of the
 * group the credentials of the group's first section (the transport the
 * bundle uses) and drops the candidates of the others. Returns TRUE if
 * @message changed. */
gboolean gst_call_sdp_normalise_bundle_ice (GstSDPMessage *message);

/* Finds what to send in the first media section of @kind of an offer:
 * @preferred when offered, else the first codec offered that libgstcall can
 * send (H.264 only in packetization mode 1 and a baseline profile). Sets
 * @codec, its @payload_type and, for H.264, the offered @profile_level_id
 * (transfer full, nullable). Returns FALSE if the offer has no section of
 * @kind or none with a codec we send. */
gboolean gst_call_sdp_find_send_codec (const GstSDPMessage  *offer,
                                       GstCallMediaKind      kind,
                                       GstCallCodec          preferred,
                                       GstCallCodec         *codec,
                                       guint                *payload_type,
                                       char                **profile_level_id);

/* The extmap identifier (1 to 14) the first media section of @kind of
 * @offer gives the transport-wide-cc header extension, when that section
 * also asks for transport-cc feedback; 0 otherwise. */
guint    gst_call_sdp_find_twcc_id (const GstSDPMessage *offer,
                                    GstCallMediaKind     kind);

/* webrtcbin 1.22 answers a section it only receives with transport-cc
 * feedback but without the transport-wide-cc header extension, so its
 * rtpbin never returns the feedback and the sender's congestion control
 * has nothing to work on: each such section of @answer gets the extension
 * the same section of @offer has. Returns whether @answer changed. */
gboolean gst_call_sdp_complete_twcc_answer (GstSDPMessage       *answer,
                                            const GstSDPMessage *offer);

/* Checks that the peer, if it receives media of @kind ("audio", "video")
 * in @message, accepts @encoding_name ("VP8", "OPUS", ...), the codec we
 * send it. The error (GST_CALL_ERROR_NEGOTIATION) names our codec and the
 * peer's. */
gboolean gst_call_sdp_check_codec (const GstSDPMessage *message,
                                   const char          *kind,
                                   const char          *encoding_name,
                                   GError             **error);

/* Whether the answerer has something to do with @offer: a media section
 * in which the peer sends a codec libgstcall receives here (its
 * depayloader is installed), or the first section of a kind @sends says
 * we send (indexed by GstCallMediaKind) in which the peer receives a codec
 * we send. An offer with data channels (an application section), without
 * audio or video sections, or whose sections are all rejected or inactive,
 * passes. The error
 * (GST_CALL_ERROR_NEGOTIATION) names the codecs offered and those this side
 * receives and sends. */
gboolean gst_call_sdp_check_offer_usable (const GstSDPMessage *offer,
                                          const gboolean      *sends,
                                          GError             **error);

/* The longest a=mid value accepted: RFC 8843 makes a MID a short token
 * (an RTP header extension carries it in every packet). */
#define GST_CALL_SDP_MAX_MID_LEN 32

/* Checks media section @index of a plain RTP description (RTP/AVP and
 * kin): every format is an RTP payload type, a number from 0 to 127 (RFC
 * 3551; a non-numeric one is refused, not read as payload type 0), and its
 * a=mid, if any, a token (RFC 5888) of at most GST_CALL_SDP_MAX_MID_LEN
 * characters (a longer one is refused, not echoed back). The error
 * (GST_CALL_ERROR_INVALID_ARGUMENT) names the section and the bad value,
 * cut to a few characters. */
gboolean gst_call_sdp_check_rtp_media (const GstSDPMedia  *media,
                                       guint               index,
                                       GError            **error);

/* The port the RTCP of media section @index (at @address) goes to: its RTP
 * port with rtcp-mux (RFC 5761), else the port of its a=rtcp line (RFC
 * 3605), else the next one (RFC 3550). FALSE with @error
 * (GST_CALL_ERROR_INVALID_ARGUMENT) when a=rtcp is no port with an optional
 * address or there is no next port, (GST_CALL_ERROR_NEGOTIATION) when
 * a=rtcp names another address than @address. */
gboolean gst_call_sdp_media_rtcp_port (const GstSDPMedia  *media,
                                       guint               index,
                                       const char         *address,
                                       guint              *port,
                                       GError            **error);

/* The value of @name in the fmtp parameters of @payload_type in @media, or
 * NULL. */
char    *gst_call_sdp_fmtp_parameter (const GstSDPMedia *media,
                                      guint              payload_type,
                                      const char        *name);

/* What identifies the transport a description sets up: the ICE username
 * fragment and password and the DTLS fingerprint of its first media
 * section (or of the session), as one string to compare; NULL when @sdp
 * does not parse or names none. A peer that re-establishes its transport
 * sends a different one. */
char    *gst_call_sdp_get_transport_identity (const char *sdp);

GstWebRTCSDPType gst_call_sdp_type_to_webrtc (GstCallSdpType type);
const char      *gst_call_sdp_type_to_string (GstCallSdpType type);

G_END_DECLS
