/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gio/gio.h>

#include "gstcall.h"
#include "gstcall-sdp-private.h"

G_BEGIN_DECLS

/* What a call asks of the session that carries it, fixed when the session
 * starts. Arrays are by GstCallMediaKind. */
typedef struct {
  GstCallSignaller *signaller;         /* the session sends through it */
  gboolean send[2];                    /* a track of that kind is sent */
  GstElement *sources[2];              /* NULL: the default source */
  char *source_descriptions[2];        /* what sources[] were built from, or NULL */
  GstCallBroadcast *broadcasts[2];     /* sent instead of a source of their own */
  GstCallCodec codecs[2];
  guint bitrates[2];                   /* kbit/s, 0: the encoder's default */
  gboolean muted[2];
  guint video_width;
  guint video_height;
  guint video_framerate;
  guint latency;                       /* ms */
  GStrv ice_servers;
  GStrv ice_local_addresses;
  GstCallIceTransportPolicy ice_transport_policy;
  /* Congestion control: mode and bounds in bit/s. */
  GstCallCongestionControl congestion_control;
  guint min_bitrate;
  guint start_bitrate;
  guint max_bitrate;
} GstCallSessionConfig;

/* Copies @src into @dest (references and copies of its own); clear it with
 * gst_call_session_config_clear(). */
void gst_call_session_config_copy  (GstCallSessionConfig       *dest,
                                    const GstCallSessionConfig *src);
void gst_call_session_config_clear (GstCallSessionConfig       *config);

/* GstCallSession: what a GstCall needs from the transport that carries its
 * media (GstPeerConnection with its negotiator, or GstCallRtpTransport with
 * its own offer/answer exchange): start as the offerer or the answerer,
 * send the descriptions and candidates through the configuration's
 * signaller and take the peer's, local tracks, statistics, close.
 *
 * Signals, all on the main context the session was created in:
 *   "remote-track" (GstCallTrack *)  a decoded remote track, before any of
 *       its data flows; it is discarded if its pad is still unlinked when
 *       the handlers return
 *   "connected" (GstElement *)  media flows; the element is the one whose
 *       traffic shows the peer is still there (see GstCallLiveness)
 *   "failed" (GError *)  the session stopped; the call is over (the call
 *       tells the peer with a bye)
 *   "transport-created" ()  gst_call_session_get_transport() changed
 *   "candidate-rejected" (GError *)  a malformed ICE candidate from the peer
 *       was refused; the session goes on
 *   "connection-lost" (GError *)  the transport that was connected lost its
 *       path to the peer (ICE disconnected or failed); the error says how.
 *       The call either re-establishes it (gst_call_session_reconnect()) or
 *       ends with the error
 *   "dtmf" (gchararray tone, guint duration_ms)  the peer sent a DTMF
 *       event (RFC 4733), reported once when it ends
 *   "reconnecting" ()  the peer re-establishes the transport (its new offer
 *       has new ICE credentials or a new DTLS fingerprint): the session
 *       rebuilt its own and answers; "connected" follows once media flows
 *       again */
#define GST_TYPE_CALL_SESSION (gst_call_session_get_type ())
G_DECLARE_INTERFACE (GstCallSession, gst_call_session, GST, CALL_SESSION, GObject)

struct _GstCallSessionInterface {
  GTypeInterface parent_iface;

  /* Whether the session can reach a peer through @signaller. */
  gboolean      (*check_signaller)        (GstCallSession             *self,
                                           GstCallSignaller           *signaller,
                                           GError                    **error);
  gboolean      (*start)                  (GstCallSession             *self,
                                           const GstCallSessionConfig *config,
                                           gboolean                    offerer,
                                           GError                    **error);
  void          (*receive_description)    (GstCallSession             *self,
                                           GstCallSdpType              type,
                                           const char                 *sdp);
  void          (*receive_candidate)      (GstCallSession             *self,
                                           guint                       mline_index,
                                           const char                 *candidate);
  gboolean      (*has_remote_description) (GstCallSession             *self);
  GstCallTrack *(*add_track)              (GstCallSession             *self,
                                           GstCallMediaKind            kind,
                                           GstElement                 *source,
                                           GError                    **error);
  gboolean      (*remove_track)           (GstCallSession             *self,
                                           GstCallTrack               *track,
                                           GError                    **error);
  GPtrArray    *(*get_local_tracks)       (GstCallSession             *self);
  void          (*set_muted)              (GstCallSession             *self,
                                           GstCallMediaKind            kind,
                                           gboolean                    muted);
  void          (*set_bitrate)            (GstCallSession             *self,
                                           GstCallMediaKind            kind,
                                           guint                       kbit_per_second);
  /* Completes a GTask whose source object is the session, see
   * gst_call_session_return_stats(). */
  void          (*get_stats_async)        (GstCallSession             *self,
                                           GCancellable               *cancellable,
                                           GAsyncReadyCallback         callback,
                                           gpointer                    user_data);
  GObject      *(*get_transport)          (GstCallSession             *self);
  void          (*close)                  (GstCallSession             *self);
  /* Optional; see gst_call_session_reconnect(). */
  void          (*reconnect)              (GstCallSession             *self);
  gboolean      (*send_dtmf)              (GstCallSession             *self,
                                           const char                 *tones,
                                           guint                       duration_ms,
                                           GError                    **error);
};

gboolean      gst_call_session_check_signaller        (GstCallSession             *self,
                                                       GstCallSignaller           *signaller,
                                                       GError                    **error);
/* Starts media and, as the offerer, sends the offer. */
gboolean      gst_call_session_start                  (GstCallSession             *self,
                                                       const GstCallSessionConfig *config,
                                                       gboolean                    offerer,
                                                       GError                    **error);
/* What the peer sent through the signaller once the session started. */
void          gst_call_session_receive_description    (GstCallSession             *self,
                                                       GstCallSdpType              type,
                                                       const char                 *sdp);
void          gst_call_session_receive_candidate      (GstCallSession             *self,
                                                       guint                       mline_index,
                                                       const char                 *candidate);
/* Whether a description of the peer was applied. */
gboolean      gst_call_session_has_remote_description (GstCallSession             *self);
/* Mid-call: a track more (in the configured codec of @kind; its floating
 * reference is taken), or one less; renegotiated with the peer at once. */
GstCallTrack *gst_call_session_add_track              (GstCallSession             *self,
                                                       GstCallMediaKind            kind,
                                                       GstElement                 *source,
                                                       GError                    **error);
gboolean      gst_call_session_remove_track           (GstCallSession             *self,
                                                       GstCallTrack               *track,
                                                       GError                    **error);
/* (transfer container) */
GPtrArray    *gst_call_session_get_local_tracks       (GstCallSession             *self);
void          gst_call_session_set_muted              (GstCallSession             *self,
                                                       GstCallMediaKind            kind,
                                                       gboolean                    muted);
void          gst_call_session_set_bitrate            (GstCallSession             *self,
                                                       GstCallMediaKind            kind,
                                                       guint                       kbit_per_second);
void          gst_call_session_get_stats_async        (GstCallSession             *self,
                                                       GCancellable               *cancellable,
                                                       GAsyncReadyCallback         callback,
                                                       gpointer                    user_data);
GstCallStats *gst_call_session_get_stats_finish       (GstCallSession             *self,
                                                       GAsyncResult               *result,
                                                       GError                    **error);
/* The public object carrying the media (a GstPeerConnection or a
 * GstCallRtpTransport), or NULL before there is one. (transfer none) */
GObject      *gst_call_session_get_transport          (GstCallSession             *self);
/* The connection was lost: re-establish it with the same tracks, sinks and
 * signaller, and keep trying until "connected" is emitted again or the
 * session is closed. A transport whose path comes back by itself (plain
 * RTP) does nothing. */
void          gst_call_session_reconnect              (GstCallSession             *self);
/* Whether the session re-establishes a lost transport itself (through the
 * signaller), rather than waiting for its path to come back. */
gboolean      gst_call_session_rebuilds_transport     (GstCallSession             *self);
/* Queues @tones (checked with gst_call_dtmf_check_tones()) as RFC 4733
 * events on the audio; FALSE with @error when telephone-event was not
 * negotiated or no audio is sent. */
gboolean      gst_call_session_send_dtmf              (GstCallSession             *self,
                                                       const char                 *tones,
                                                       guint                       duration_ms,
                                                       GError                    **error);
/* Stops media and the exchange with the peer; no signal is emitted
 * afterwards. Safe to call more than once. */
void          gst_call_session_close                  (GstCallSession             *self);

/* For the implementations. */

/* A peer that takes none of the codecs we send (@sends, by
 * GstCallMediaKind) fails: FALSE with @error naming both sides' codecs.
 * Malformed SDP passes: it is the transport's to report. */
gboolean gst_call_session_check_remote_codecs (const GstCallSessionConfig *config,
                                               const gboolean             *sends,
                                               const char                 *sdp,
                                               GError                    **error);
/* Logs @error (transfer full) and emits "failed" with it. */
void     gst_call_session_fail                (GstCallSession             *self,
                                               GError                     *error);
/* Completes the GTask of get_stats_async() with @stats (transfer full) or
 * @error (transfer full), and drops it. */
void     gst_call_session_return_stats        (GTask                      *task,
                                               GstCallStats               *stats,
                                               GError                     *error);
void     gst_call_session_emit_failed         (GstCallSession             *self,
                                               const GError               *error);
void     gst_call_session_emit_connected      (GstCallSession             *self,
                                               GstElement                 *watched);
void     gst_call_session_emit_remote_track   (GstCallSession             *self,
                                               GstCallTrack               *track);
void     gst_call_session_emit_transport_created (GstCallSession          *self);
void     gst_call_session_emit_candidate_rejected (GstCallSession         *self,
                                                   const GError           *error);
void     gst_call_session_emit_connection_lost (GstCallSession            *self,
                                                const GError              *error);
void     gst_call_session_emit_reconnecting   (GstCallSession             *self);
void     gst_call_session_emit_dtmf           (GstCallSession             *self,
                                               char                        tone,
                                               guint                       duration_ms);

G_END_DECLS
