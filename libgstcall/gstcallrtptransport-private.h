/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "gstcallrtptransport.h"
#include "gstcalltrack.h"

G_BEGIN_DECLS

/* An element (netsim, say) every packet passes through before the socket;
 * set before the offer or answer. For tests of loss and delay. */
void gst_call_rtp_transport_set_send_filter (GstCallRtpTransport *self,
                                             GstElement          *filter);

/* Video that is already VP8 (a source paced in real time), payloaded as
 * is instead of the video source description's encoded media: what is sent
 * does not depend on how fast the machine encodes. Set before the offer or
 * answer; the description still makes the video media section. For tests. */
void gst_call_rtp_transport_set_encoded_video_source (GstCallRtpTransport *self,
                                                      GstElement          *source);

/* Called on the transport's main context with each decoded remote stream,
 * before any of its data flows: the pad is discarded if it is still
 * unlinked when this returns. */
typedef void (*GstCallRtpTransportTrackFunc) (GstCallRtpTransport *transport,
                                              GstCallTrack        *track,
                                              gpointer             user_data);

/* With a track function, remote streams become tracks instead of playing
 * into the transport's sinks. Set it before the media starts. */
void gst_call_rtp_transport_set_track_func (GstCallRtpTransport          *self,
                                            GstCallRtpTransportTrackFunc  func,
                                            gpointer                      user_data);

/* Called on the transport's main context with each DTMF event (RFC 4733)
 * the peer sent, once it ended. Set it before the media starts. */
typedef void (*GstCallRtpTransportDtmfFunc) (GstCallRtpTransport *transport,
                                             char                 tone,
                                             guint                duration_ms,
                                             gpointer             user_data);
void gst_call_rtp_transport_set_dtmf_func (GstCallRtpTransport         *self,
                                           GstCallRtpTransportDtmfFunc  func,
                                           gpointer                     user_data);

/* Queues @tones (checked with gst_call_dtmf_check_tones()) on the first
 * audio section sent, as telephone-events on the payload type the peer's
 * description gives at the audio's clock rate; FALSE with @error when
 * there is none, or no audio is sent. */
gboolean gst_call_rtp_transport_send_dtmf (GstCallRtpTransport  *self,
                                           const char           *tones,
                                           guint                 duration_ms,
                                           GError              **error);

/* Stops sending @kind (its source's output is dropped before the encoder)
 * or sends it again. */
void gst_call_rtp_transport_set_muted (GstCallRtpTransport *self,
                                       GstCallMediaKind     kind,
                                       gboolean             muted);

/* Mid-call, once media flows: sends @source (its floating reference is
 * taken) as a new media section of @kind in the transport's codec of that
 * kind. The section goes out in the next gst_call_rtp_transport_create_offer()
 * (a re-offer) and media flows once its answer is applied. */
GstCallTrack *gst_call_rtp_transport_add_track (GstCallRtpTransport  *self,
                                                GstCallMediaKind      kind,
                                                GstElement           *source,
                                                GError              **error);

/* Stops sending @track at once; the next offer makes its section
 * receive-only. */
gboolean      gst_call_rtp_transport_remove_track (GstCallRtpTransport  *self,
                                                   GstCallTrack         *track,
                                                   GError              **error);

/* The tracks sent, once media flows. (transfer container) */
GPtrArray    *gst_call_rtp_transport_get_local_tracks (GstCallRtpTransport *self);

/* What @kind is sent in (a codec gst_call_media_codec_can_send() takes);
 * the kind's default until set. Set before the offer or answer. */
void gst_call_rtp_transport_set_codec (GstCallRtpTransport *self,
                                       GstCallMediaKind     kind,
                                       GstCallCodec         codec);

/* The size and frame rate of the video sent: the H.264 level offered and
 * answered follows them (0 x 0: the codec table's level). Set before the
 * offer or answer. */
void gst_call_rtp_transport_set_video_format (GstCallRtpTransport *self,
                                              guint                width,
                                              guint                height,
                                              guint                framerate);

/* The target bitrate of the @kind encoder, in kbit/s (0: its default); at
 * any time, the encoder in use follows. */
void gst_call_rtp_transport_set_bitrate (GstCallRtpTransport *self,
                                         GstCallMediaKind     kind,
                                         guint                kbit_per_second);

/* What congestion control has made of the peer's RTCP so far: the report
 * blocks about the stream that feeds it, the REMBs, its target (bit/s,
 * REMB applied) and the last round trip measured (microseconds, -1: none).
 * FALSE while no controller runs. Any thread; for tests. */
gboolean gst_call_rtp_transport_get_congestion_estimate (GstCallRtpTransport *self,
                                                         guint               *receiver_reports,
                                                         guint               *remb_reports,
                                                         guint               *target_bitrate,
                                                         gint64              *round_trip_time);

G_END_DECLS
