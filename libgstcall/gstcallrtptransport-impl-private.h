/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gst/gst.h>
#include <gst/sdp/sdp.h>

#include "gstcallrtptransport.h"
#include "gstcallrtptransport-private.h"
#include "gstcall-dtmf-private.h"
#include "gstcall-gcc-private.h"
#include "gstcall-rtcp-feedback-private.h"
#include "gstcall-private.h"
#include "gstcall-srtp-private.h"
#include "gstcall-stats-collector-private.h"

G_BEGIN_DECLS

/* What the files of GstCallRtpTransport share:
 *   gstcallrtptransport.c               the object, its properties, signals
 *                                       and accessors, the local media
 *   gstcallrtptransport-offer-answer.c  SDP: offers, answers, renegotiation
 *   gstcallrtptransport-rtpbin.c        the pipeline: socket, rtpbin, SSRC
 *                                       routing, RTX and SRTP elements
 *   gstcallrtptransport-media.c         send branches and remote decoding
 *   gstcallrtptransport-congestion.c    congestion control: RTCP receiver
 *                                       reports and REMB to the encoders
 *   gstcallrtptransport-stats.c         statistics */

/* The lowest bound congestion control takes, bit/s. */
#define GST_CALL_RTP_TRANSPORT_LOWEST_BITRATE 1000

typedef struct {
  GstCallMediaKind kind;
  GstCallCodec codec;
  char *source_description;
  guint payload_type;
  guint rtx_payload_type;   /* 0: none */
  guint dtmf_payload_type;  /* telephone-event offered or answered, 0: none */
  guint dtmf_clock_rate;    /* its rate in the SDP (the audio's, or 8000) */
  guint dtmf_8000_payload_type; /* offered beside it for a codec not at 8000 Hz */
  GstCallDtmfSender *dtmf;  /* audio: plays DTMF on the packets sent */
  guint32 ssrc;
  guint32 rtx_ssrc;
  int session;              /* media section, -1: not in the call */
  gboolean send;
  char *mid;
  char *profile_level_id;   /* H.264: answered, or NULL: the codec table's */
  GstElement *encoder_slot; /* owned ref once sending, or NULL */
  GstElement *source;       /* owned: an element given mid-call, or NULL */
  GstElement *sending;      /* the source in the pipeline once sending, or NULL */
  GstCallTrack *track;      /* owned, once sending */
  gboolean removed;         /* the application stopped sending it */
} LocalMedia;

typedef struct {
  GstCallMediaKind kind;
  gboolean known;
  gboolean rtx;             /* NACK + RTX negotiated for what we receive */
  gboolean send_rtcp_linked;
  GstElement *rtx_receive;  /* owned ref, or NULL */
  GstElement *rtx_send;     /* owned ref, or NULL */
  gboolean secure;          /* SRTP: the keys below are set */
  GstCallSrtpCrypto local_crypto;
  GstCallSrtpCrypto remote_crypto;
  GstElement *srtp_encoder; /* owned ref, or NULL */
  /* Unbundled calls: the media section's own ports, set before media
   * flows and only read after. */
  GSocket *rtp_socket;      /* owned, or NULL */
  GSocket *rtcp_socket;     /* owned: RTCP's own port, NULL with rtcp-mux */
  char *remote_address;     /* where its RTP and RTCP go */
  guint remote_rtp_port;
  guint remote_rtcp_port;   /* the RTP port with rtcp-mux */
  GstElement *rtp_sink;     /* its udpsinks, the pipeline's */
  GstElement *rtcp_sink;
  GstElement *srtp_decoder; /* owned ref, or NULL */
  gboolean rtcp_watched;    /* congestion control reads its RTCP */
} Session;

/* What congestion control shares between the main context (settings,
 * media started and stopped) and the threads RTCP comes and goes in. */
typedef struct {
  GMutex lock;
  GstCallCongestionControl mode;
  guint min_bitrate;         /* bit/s, as set (in any order) */
  guint start_bitrate;
  guint max_bitrate;
  GstCallGcc *controller;    /* NULL while off, or before media is sent */
  GstCallRtcpSentReports *sent_reports;
  guint32 video_ssrc;        /* the first video and audio streams sent, 0: none */
  guint32 audio_ssrc;
  GPtrArray *video_slots;    /* GstCallEncoderSlot of the media sent */
  GPtrArray *audio_slots;
  guint64 remb_bitrate;      /* the peer's last REMB, bit/s; 0: none */
  guint applied_video_bitrate; /* bit/s given to the video encoders, 0: none yet */
  guint applied_audio_bitrate; /* bit/s given to the Opus encoders, 0: none yet */
  gint64 last_applied;       /* when, monotonic microseconds */
  guint reported_target;     /* the last target told the main context, bit/s */
  guint receiver_reports;    /* report blocks about the stream that feeds it */
  guint remb_reports;
  gint64 round_trip_time;    /* microseconds, -1: not known */
} GstCallRtpCongestion;

struct _GstCallRtpTransport {
  GObject parent;

  GstCallContextProxy *proxy;
  GstCallStatsHistory *stats_history; /* main context only */

  char *local_address;
  gboolean rtx;
  gboolean srtp;
  gboolean avpf;            /* offers say RTP/AVPF (RTP/SAVPF) */
  GstCallSrtpCrypto offer_crypto;  /* what an SRTP offer gives */
  guint latency;
  GstElement *video_sink;
  GstElement *audio_sink;
  GstElement *send_filter;
  GstElement *encoded_video_source;
  GstCallRtpTransportTrackFunc track_func;
  gpointer track_func_data;
  GstCallRtpTransportDtmfFunc dtmf_func;
  gpointer dtmf_func_data;
  GstCallCongestionControl congestion_control;
  guint min_bitrate;         /* bit/s, congestion control's bounds as set */
  guint start_bitrate;
  guint max_bitrate;
  guint target_bitrate;      /* the main context's copy of the controller's, bit/s */
  GstCallRtpCongestion congestion;
  gint muted[2];             /* atomic, by GstCallMediaKind */
  GstCallCodec codecs[2];    /* what is sent, by GstCallMediaKind */
  guint bitrates[2];         /* kbit/s by GstCallMediaKind, 0: the encoder's default */
  guint video_width;         /* 0: no video format given */
  guint video_height;
  guint video_framerate;
  GPtrArray *medias;         /* LocalMedia */
  char *cname;
  guint64 sdp_session_id;
  guint sdp_version;         /* of our descriptions: one more each renegotiation */
  guint offered_sections;    /* media sections of the offer awaiting its answer */
  gboolean unbundled;        /* each media section has its own ports (no BUNDLE) */

  GSocket *socket;
  GstElement *pipeline;
  GstElement *rtpbin;
  GstElement *demux;
  GstElement *funnel;
  gboolean started;
  gboolean closed;
  gboolean offered;          /* an offer was made and waits for its answer */
  gboolean secure;           /* SRTP was negotiated */
  GstElement *srtp_decoder;

  GMutex lock;               /* guards what follows: streaming threads read it */
  GstSDPMessage *remote;
  Session sessions[GST_CALL_RTP_TRANSPORT_MAX_SESSIONS];
  gboolean video_sink_used;
  gboolean audio_sink_used;

  gint video_frames_decoded; /* atomic */
  gint audio_buffers_decoded;
  gint video_frames_sent;
  gint audio_buffers_sent;
  guint bundled_ssrc_calls;
  guint warnings;
  gboolean session_limit_reported;
  guint srtp_unsignalled_ssrcs;
  guint srtp_ssrcs_refused;
};

enum {
  PROP_0,
  PROP_LOCAL_ADDRESS,
  PROP_LOCAL_PORT,
  PROP_RTX,
  PROP_VIDEO_SINK,
  PROP_AUDIO_SINK,
  PROP_LATENCY,
  PROP_SRTP,
  PROP_SECURE,
  PROP_AVPF,
  PROP_CONGESTION_CONTROL,
  PROP_MIN_BITRATE,
  PROP_START_BITRATE,
  PROP_MAX_BITRATE,
  PROP_TARGET_BITRATE,
  N_PROPS
};

enum {
  SIGNAL_BUNDLED_SSRC,
  SIGNAL_WARNING,
  SIGNAL_ERROR,
  N_SIGNALS
};

extern GParamSpec *gst_call_rtp_transport_props[N_PROPS];
extern guint gst_call_rtp_transport_signals[N_SIGNALS];

/* gstcallrtptransport.c */
/* Any thread: the warning or error signal, on the main context. They take
 * @warning and @error. */
void          gst_call_rtp_transport_report_warning (GstCallRtpTransport  *self,
                                                     GError               *warning);
void          gst_call_rtp_transport_report_error   (GstCallRtpTransport  *self,
                                                     GError               *error);
/* FALSE with @error set once the transport is closed. */
gboolean      gst_call_rtp_transport_check_open     (GstCallRtpTransport  *self,
                                                     GError              **error);

/* gstcallrtptransport-offer-answer.c */
/* rtprtxreceive's payload-type-map from the remote description; the lock
 * is held. */
GstStructure *gst_call_rtp_transport_remote_rtx_payload_type_map (GstCallRtpTransport *self);

/* gstcallrtptransport-rtpbin.c */
gboolean      gst_call_rtp_transport_ensure_pipeline (GstCallRtpTransport  *self,
                                                      GError              **error);
/* Both descriptions are known: media flows to @remote_address. */
gboolean      gst_call_rtp_transport_start (GstCallRtpTransport  *self,
                                            const char           *remote_address,
                                            guint                 remote_port,
                                            GError              **error);
/* Mid-call, once a renegotiation's answer is known. */
gboolean      gst_call_rtp_transport_apply_renegotiation (GstCallRtpTransport  *self,
                                                          GError              **error);
/* Unbundled calls: media section @session gets its own RTP port (section
 * 0 the transport's socket) and, unless @rtcp_mux, its own RTCP port (the
 * RTP port + 1 when free); with @rtcp_mux an RTCP port is closed. */
gboolean      gst_call_rtp_transport_prepare_session_ports (GstCallRtpTransport  *self,
                                                            guint                 session,
                                                            gboolean              rtcp_mux,
                                                            GError              **error);
/* Closes the own ports of @session (not the transport's socket). */
void          gst_call_rtp_transport_release_session_ports (GstCallRtpTransport *self,
                                                            guint                session);
/* The local port of @socket, 0 for NULL. */
guint         gst_call_rtp_transport_socket_port (GSocket *socket);
/* Any thread: where the RTP (or @rtcp the RTCP) of @session is sent:
 * a pad to link rtpbin's source pad to. (transfer full) */
GstPad       *gst_call_rtp_transport_get_send_pad (GstCallRtpTransport *self,
                                                   guint                session,
                                                   gboolean             rtcp);
gboolean      gst_call_rtp_transport_link_pads (GstPad  *src,
                                                GstPad  *sink,
                                                GError **error);
/* Any thread: the RTCP of @session goes out through the socket. */
void          gst_call_rtp_transport_ensure_send_rtcp (GstCallRtpTransport *self,
                                                       guint                session);

/* gstcallrtptransport-media.c */
/* @media starts sending in its media section. */
gboolean      gst_call_rtp_transport_add_send_branch (GstCallRtpTransport  *self,
                                                      LocalMedia           *media,
                                                      GError              **error);
/* Streaming thread: rtpbin has a new stream of remote RTP. */
void          gst_call_rtp_transport_on_rtpbin_pad_added (GstElement          *rtpbin,
                                                          GstPad              *pad,
                                                          GstCallRtpTransport *self);

/* gstcallrtptransport-congestion.c */
void          gst_call_rtp_transport_congestion_init  (GstCallRtpTransport *self);
void          gst_call_rtp_transport_congestion_clear (GstCallRtpTransport *self);
/* Main context: @media, whose send branch was just made, is sent: its
 * encoder follows congestion control (starting at the start bitrate) and
 * the RTCP of its session feeds it. */
void          gst_call_rtp_transport_congestion_add_media (GstCallRtpTransport *self,
                                                           LocalMedia          *media);
/* Main context: @media is no longer sent. */
void          gst_call_rtp_transport_congestion_remove_media (GstCallRtpTransport *self,
                                                              LocalMedia          *media);
/* Main context: the settings changed. */
void          gst_call_rtp_transport_apply_congestion_settings (GstCallRtpTransport *self);

G_END_DECLS
