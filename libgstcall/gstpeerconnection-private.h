/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "gstpeerconnection.h"
#include "gstcallbroadcast.h"
#include "gstcalldatachannel.h"

G_BEGIN_DECLS

/* Counts the local changes that need negotiation (tracks and transceivers
 * added). An offer or answer created at generation N covers every change up
 * to N. */
guint gst_peer_connection_get_local_generation (GstPeerConnection *self);

/* How far the connection is in coming up, monotonic µs (0: not yet):
 * when ICE last found a path (reached connected or completed from another
 * state), seen on the main context; when a DTLS handshake record of the
 * peer last came in. */
gint64 gst_peer_connection_get_ice_connected_time    (GstPeerConnection *self);
gint64 gst_peer_connection_get_last_handshake_record (GstPeerConnection *self);

/* TURN servers learned after gathering started (a WHIP answer's Link
 * headers): relay candidates are gathered and trickled; STUN is skipped. */
gboolean gst_peer_connection_add_late_ice_servers (GstPeerConnection   *self,
                                                   const char * const  *servers,
                                                   GError             **error);

/* As gst_peer_connection_add_track_with_codec(), answering an offer: the
 * track is sent with the offer's @offered_payload_type (-1: one of ours)
 * and, for H.264, its @profile_level_id (NULL: ours); audio answers
 * telephone-event on the offer's @dtmf_payload_type (-1: the offer has
 * none at the codec's clock rate; ignored when offering). With @twcc_id
 * (1 to 14; 0: none) its packets carry the transport-wide-cc header
 * extension with that extmap identifier and its media section asks for
 * transport-cc feedback, which feeds the congestion controller. */
GstCallTrack *gst_peer_connection_add_track_for_offer (GstPeerConnection *self,
                                                       GstCallCodec       codec,
                                                       GstElement        *source,
                                                       int                offered_payload_type,
                                                       int                dtmf_payload_type,
                                                       const char        *profile_level_id,
                                                       guint              twcc_id,
                                                       GError           **error);

/* What congestion control has made of the transport-wide feedback so far:
 * the reports seen, the target and the acknowledged (received) bitrate in
 * bits per second. FALSE before the first report. Any thread. */
gboolean      gst_peer_connection_get_congestion_estimate (GstPeerConnection *self,
                                                           guint             *reports,
                                                           guint             *target_bitrate,
                                                           guint             *acknowledged_bitrate);

/* The bounds congestion control uses, from the ones set (in any order):
 * the maximum wins over the minimum, the start is clamped between them. */
void          gst_peer_connection_congestion_bounds (guint  min_bitrate,
                                                     guint  start_bitrate,
                                                     guint  max_bitrate,
                                                     guint *effective_min,
                                                     guint *effective_start,
                                                     guint *effective_max);

/* Sends the packets of @broadcast (its encoder is shared with other peer
 * connections) as a local track, as gst_peer_connection_add_track() does
 * with a source of its own; @offered_payload_type as above. */
GstCallTrack *gst_peer_connection_add_broadcast_track (GstPeerConnection *self,
                                                       GstCallBroadcast  *broadcast,
                                                       int                offered_payload_type,
                                                       int                dtmf_payload_type,
                                                       GError           **error);

/* DTMF on the first local audio track: @tones (checked) as RFC 4733 events
 * on the telephone-event payload type the peer's description gives at the
 * track's clock rate; FALSE with @error when there is none. */
gboolean gst_peer_connection_send_dtmf (GstPeerConnection  *self,
                                        const char         *tones,
                                        guint               duration_ms,
                                        GError            **error);

/* Called on the main context for each DTMF event the peer sent. */
typedef void (*GstPeerConnectionDtmfFunc) (GstPeerConnection *self,
                                           char               tone,
                                           guint              duration_ms,
                                           gpointer           user_data);
void     gst_peer_connection_set_dtmf_func (GstPeerConnection         *self,
                                            GstPeerConnectionDtmfFunc  func,
                                            gpointer                   user_data);

/* Makes the webrtcbin data channel of @channel (a local one, made with
 * gst_call_data_channel_new_local()) and keeps it until it closes. */
gboolean gst_peer_connection_bind_data_channel (GstPeerConnection   *self,
                                                GstCallDataChannel  *channel,
                                                GError             **error);
/* A channel the peer opened is open: "data-channel". */
void     gst_peer_connection_announce_data_channel (GstPeerConnection  *self,
                                                    GstCallDataChannel *channel);
/* A channel closed: the peer connection lets go of it. */
void     gst_peer_connection_forget_data_channel   (GstPeerConnection  *self,
                                                    GstCallDataChannel *channel);

G_END_DECLS
