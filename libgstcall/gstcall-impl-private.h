/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "gstcall.h"
#include "gstcall-liveness-private.h"
#include "gstcall-session-private.h"
#include "gstcall-private.h"

G_BEGIN_DECLS

/* GstCall's instance and what its files share: gstcall.c (the object, its
 * properties, the connection settings), gstcall-dial.c (dial, answer,
 * hang up, rooms, the signaller's messages, the session that carries the
 * media, statistics) and gstcall-local-media.c (sources, sinks, what is
 * sent and how). */
struct _GstCall {
  GObject parent_instance;

  /* configuration */
  GstCallSignaller *signaller;
  GstElement *video_source;
  GstCallBroadcast *broadcasts[2]; /* by GstCallMediaKind */
  GstElement *audio_source;
  GstElement *video_sink;
  GstElement *audio_sink;
  gboolean send_video;
  gboolean send_audio;
  gboolean video_muted;
  gboolean audio_muted;
  guint connect_timeout;
  guint latency;
  guint peer_timeout;
  guint reconnect_timeout;
  guint video_width;
  guint video_height;
  guint video_framerate;
  guint bitrates[2]; /* kbit/s by GstCallMediaKind, 0: the encoder's default */
  GstCallCodec codecs[2]; /* by GstCallMediaKind */
  GStrv ice_servers;
  GStrv ice_local_addresses;
  GstCallTransportKind transport;
  /* What gst_call_set_sources_from_description() was given, while the
   * sources are the elements it made: the RTP transport builds its own. */
  char *source_descriptions[2];        /* by GstCallMediaKind */
  GstElement *described_sources[2];    /* not owned, only compared */
  GstCallIceTransportPolicy ice_transport_policy;
  GstCallCongestionControl congestion_control;
  guint min_bitrate;   /* bit/s, congestion control's bounds */
  guint start_bitrate;
  guint max_bitrate;
  gboolean receive_only; /* dialled a WHEP endpoint */

  /* the call */
  GstCallState state;
  GError *error;
  GstCallEndReason end_reason;
  guint rejected_candidates; /* malformed ICE candidates from the peer */
  guint target_bitrate;      /* the peer connection's, bit/s */
  GstCallSession *session;   /* what carries the media, by the transport */
  gboolean session_started;  /* the peer's messages go to the session */
  GTask *setup_task;
  GSource *timeout_source;
  GstCallLiveness *liveness; /* while active or reconnecting */
  GstElement *watched;       /* what the liveness watches */
  GSource *reconnect_source; /* while reconnecting: media back? */
  gint64 reconnect_started;  /* monotonic µs */
  guint reconnections;       /* times the call came back */
  GPtrArray *pending_messages;
  gboolean incoming;
  gulong peer_joined_handler; /* dialling a room nobody is in yet */
  GPtrArray *data_channels;  /* created before the call had a peer connection */
};

enum {
  PROP_0,
  PROP_SIGNALLER,
  PROP_VIDEO_SOURCE,
  PROP_AUDIO_SOURCE,
  PROP_VIDEO_SINK,
  PROP_AUDIO_SINK,
  PROP_SEND_VIDEO,
  PROP_SEND_AUDIO,
  PROP_VIDEO_MUTED,
  PROP_AUDIO_MUTED,
  PROP_CONNECT_TIMEOUT,
  PROP_LATENCY,
  PROP_PEER_TIMEOUT,
  PROP_VIDEO_WIDTH,
  PROP_VIDEO_HEIGHT,
  PROP_VIDEO_FRAMERATE,
  PROP_VIDEO_BITRATE,
  PROP_AUDIO_BITRATE,
  PROP_VIDEO_CODEC,
  PROP_AUDIO_CODEC,
  PROP_ICE_SERVERS,
  PROP_ICE_LOCAL_ADDRESSES,
  PROP_VIDEO_BROADCAST,
  PROP_AUDIO_BROADCAST,
  PROP_ICE_TRANSPORT_POLICY,
  PROP_STATE,
  PROP_PEER_CONNECTION,
  PROP_TRANSPORT,
  PROP_RTP_TRANSPORT,
  PROP_END_REASON,
  PROP_REJECTED_CANDIDATES,
  PROP_RECONNECT_TIMEOUT,
  PROP_CONGESTION_CONTROL,
  PROP_MIN_BITRATE,
  PROP_START_BITRATE,
  PROP_MAX_BITRATE,
  PROP_TARGET_BITRATE,
  N_PROPS
};

enum {
  SIGNAL_INCOMING_CALL,
  SIGNAL_REMOTE_TRACK,
  SIGNAL_ENDED,
  SIGNAL_CANDIDATE_REJECTED,
  SIGNAL_DATA_CHANNEL,
  SIGNAL_DTMF,
  N_SIGNALS
};

extern GParamSpec *gst_call_props[N_PROPS];
extern guint gst_call_signals[N_SIGNALS];

/* gstcall.c */
/* TRUE while the call has not started; a critical naming @what otherwise. */
gboolean gst_call_check_configurable (GstCall    *self,
                                      const char *what);
/* The setter of the unsigned properties: @value replaces *@field while the
 * call is configurable. */
void     gst_call_set_uint_property  (GstCall    *self,
                                      guint      *field,
                                      guint       value,
                                      guint       prop_id,
                                      const char *what);

/* gstcall-dial.c */
/* The one place that knows the kinds of transport: a session of @kind
 * replaces the call's. */
void     gst_call_set_session        (GstCall              *self,
                                      GstCallTransportKind  kind);
void     gst_call_clear_timeout      (GstCall              *self);

/* gstcall-data-channels.c */
/* The session made its transport: the channels made so far go to it. */
void     gst_call_data_channels_transport_created (GstCall *self);
/* The transport kind changed: plain RTP fails the channels made so far. */
void     gst_call_data_channels_session_changed   (GstCall *self);
/* The seconds of silence after which the connected call fails: the
 * peer-timeout property, or SCTP's heartbeat interval and more when
 * nothing but data channels carries packets. */
guint    gst_call_data_channels_peer_timeout      (GstCall *self);
/* The call ended: the channels not on a peer connection close. */
void     gst_call_data_channels_shutdown          (GstCall *self);

G_END_DECLS
