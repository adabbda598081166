/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gst/sdp/sdp.h>
#include <gst/webrtc/webrtc.h>
#include <nice/agent.h>

#include "gstpeerconnection-private.h"
#include "gstcall-dtls-private.h"
#include "gstcall-dtmf-private.h"
#include "gstcall-gcc-private.h"
#include "gstcall-private.h"
#include "gstcall-stats-collector-private.h"
#include "gstcalldatachannel-private.h"

G_BEGIN_DECLS

/* What the files of GstPeerConnection share:
 *   gstpeerconnection.c               the object, its properties, states and
 *                                     signals, webrtcbin's events
 *   gstpeerconnection-ice.c           construction, ICE agent, STUN/TURN
 *   gstpeerconnection-media.c         local and remote media branches
 *   gstpeerconnection-offer-answer.c  descriptions and candidates
 *   gstpeerconnection-data-channels.c data channels
 *   gstpeerconnection-stats.c         statistics */

/* Frames captured before the connection is up would wait in webrtcbin
 * and reach the peer at once when it is, late, as a burst that fills the
 * path's queue: until it is up, the encoders' frames are dropped. Each time
 * it opens, the video encoders are asked for a keyframe, and their frames
 * are dropped until it comes (for a second at most): the peer's decoder
 * never had what came before. */
typedef enum {
  GST_PEER_CONNECTION_MEDIA_GATE_NEW,         /* not connected yet: dropped */
  GST_PEER_CONNECTION_MEDIA_GATE_OPEN,        /* connected: sent */
  GST_PEER_CONNECTION_MEDIA_GATE_INTERRUPTED, /* connectivity lost for now: sent */
  GST_PEER_CONNECTION_MEDIA_GATE_CLOSED,      /* failed or closed: dropped */
} GstPeerConnectionMediaGate;

typedef struct {
  gint gate;      /* atomic, a GstPeerConnectionMediaGate */
  gint openings;  /* atomic: times the gate opened */
} GstPeerConnectionMediaGateState;

/* Parts shared with GStreamer threads. The peer connection holds one
 * reference, every webrtcbin/decodebin signal handler another, so a handler
 * running while the peer connection is disposed never touches freed memory. */
typedef struct {
  gatomicrefcount ref_count;
  GstCallContextProxy *proxy;
  GstElement *pipeline;
  GstElement *webrtcbin;

  GMutex lock;
  GHashTable *ssrc_kinds; /* remote SSRC -> GstCallMediaKind + 1 */
  GPtrArray *remote_sections; /* RemoteSection, of the last remote description */
  gboolean video_nack;
  gboolean adding_local;  /* a transceiver for local media is being made */
  gint negotiation_pending; /* atomic: an emission is on its way */
  GstCallDtlsGuard *dtls_guard; /* checks the peer's certificate */
  /* The local data channel create-data-channel is making, for the
   * prepare-data-channel handler. */
  GstCallDataChannel *binding_channel;
  /* Congestion control, fed with rtpbin's transport-wide feedback on a
   * streaming thread; NULL until the first report. Its target drives the
   * Opus encoders (a tenth of it) and, less the audio's share and the
   * packets' overhead, the video encoders. */
  GstCallGcc *congestion_controller;
  GPtrArray *video_slots;  /* GstCallEncoderSlot of the local video tracks */
  GPtrArray *audio_slots;  /* GstCallEncoderSlot of the local audio tracks */
  GPtrArray *broadcast_sources; /* the sources of the broadcasts sent, lock */
  /* Whether the local tracks' frames are sent, see
   * gst_peer_connection_gate_media(): an atomic reference-counted box,
   * also held by the probes on the encoders, which the pipeline owns. */
  GstPeerConnectionMediaGateState *media_gate;
  guint applied_video_bitrate; /* bit/s given to the video encoders, 0: none yet */
  guint applied_audio_bitrate; /* bit/s given to the Opus encoders, 0: none yet */
  gint64 last_applied;     /* when, system clock, microseconds */
  guint32 last_feedback_seqnum; /* the report's event, seen from every track */
  guint feedback_reports;
  /* The application's settings, copied from the peer connection's. */
  GstCallCongestionControl congestion_control;
  guint min_bitrate;       /* bit/s, as set: see gst_peer_connection_congestion_bounds() */
  guint start_bitrate;
  guint max_bitrate;
  guint reported_target;   /* the target last sent to the main context, bit/s */
  gboolean feedback_expected; /* the remote description asks for it on video */
} GstPeerConnectionShared;

struct _GstPeerConnection {
  GObject parent_instance;

  GstPeerConnectionShared *shared;
  GSource *bus_source;
  GstCallStatsHistory *stats_history; /* main context only */

  GStrv ice_servers;
  GStrv ice_local_addresses;
  GstCallBundlePolicy bundle_policy;
  GstCallIceTransportPolicy ice_transport_policy;
  guint latency;
  GstCallCongestionControl congestion_control;
  guint min_bitrate;      /* bit/s */
  guint start_bitrate;
  guint max_bitrate;
  guint target_bitrate;   /* main context's copy of the controller's target */

  GstCallSignalingState signaling_state;
  GstCallIceGatheringState ice_gathering_state;
  GstCallIceConnectionState ice_connection_state;
  GstCallPeerConnectionState connection_state;
  gint64 ice_connected_at;  /* monotonic µs ICE last reached connected, 0: never */

  GPtrArray *tracks;
  GPtrArray *data_channels; /* GstCallDataChannel, until closed */
  GHashTable *local_branches; /* GstCallTrack -> GstPeerConnectionLocalBranch */
  guint local_generation;
  guint next_video_payload;
  guint next_audio_payload;
  char *last_offer;
  char *last_answer;
  guint relay_candidates; /* local candidates of type relay so far */

  GstPeerConnectionDtmfFunc dtmf_func;
  gpointer dtmf_func_data;

  gboolean initialized;
  gboolean holds_background_probes;
  gboolean closed;
};


/* The elements sending one local track. */
typedef struct {
  GstElement *source;
  GstElement *valve;
  GstElement *send_bin;
  GstPad *webrtc_sink;
  GstWebRTCRTPTransceiver *transceiver;
  GstCallDtmfSender *dtmf;  /* audio: plays DTMF on its packets */
  guint clock_rate;
} GstPeerConnectionLocalBranch;

/* Elements every peer connection needs, checked at construction. */
static const char * const transport_elements[] = {
  "webrtcbin", "nicesrc", "nicesink", "dtlssrtpenc", "dtlssrtpdec",
  "srtpenc", "srtpdec", "rtpbin", "rtprtxsend", "rtprtxreceive",
  "queue", "capsfilter", "fakesink",
  NULL
};

#define FIRST_VIDEO_PAYLOAD 96

/* Jitterbuffer latency: enough for a retransmission on a LAN (a NACK and
 * the repaired packet take a few ms there) and for the packets of a
 * keyframe to arrive; webrtcbin's own 200 ms is for the Internet.
 * bench/run measures what it costs. */
#define DEFAULT_LATENCY_MS 50

/* Ta, the interval between ICE connectivity checks (see configure_ice_agent
 * and pace_ice_checks), and libnice's own. */
#define ICE_CHECK_PACING_MS 5
#define LIBNICE_CHECK_PACING_MS 20
#define FIRST_AUDIO_PAYLOAD 111

/* Congestion control's bounds by default (see gstcall-gcc-private.h). */
#define DEFAULT_MIN_BITRATE GST_CALL_GCC_DEFAULT_MIN_BITRATE
#define DEFAULT_START_BITRATE GST_CALL_GCC_DEFAULT_START_BITRATE
#define DEFAULT_MAX_BITRATE GST_CALL_GCC_DEFAULT_MAX_BITRATE
/* The lowest bound that can be set, bit/s. */
#define LOWEST_BITRATE 1000

enum {
  PROP_0,
  PROP_ICE_SERVERS,
  PROP_ICE_LOCAL_ADDRESSES,
  PROP_BUNDLE_POLICY,
  PROP_ICE_TRANSPORT_POLICY,
  PROP_LATENCY,
  PROP_PIPELINE,
  PROP_SIGNALING_STATE,
  PROP_ICE_GATHERING_STATE,
  PROP_ICE_CONNECTION_STATE,
  PROP_CONNECTION_STATE,
  PROP_CONGESTION_CONTROL,
  PROP_MIN_BITRATE,
  PROP_START_BITRATE,
  PROP_MAX_BITRATE,
  PROP_TARGET_BITRATE,
  N_PROPS
};

enum {
  SIGNAL_ICE_CANDIDATE,
  SIGNAL_NEGOTIATION_NEEDED,
  SIGNAL_TRACK,
  SIGNAL_ERROR,
  SIGNAL_DATA_CHANNEL,
  N_SIGNALS
};

/* gstpeerconnection.c */
GstPeerConnectionShared *gst_peer_connection_shared_ref (GstPeerConnectionShared *shared);
void        gst_peer_connection_shared_unref (gpointer data);
const char *gst_peer_connection_signaling_state_name (GstWebRTCSignalingState state);
GstWebRTCRTPTransceiverDirection gst_peer_connection_map_direction (GstCallDirection direction);
/* One negotiation-needed emission for any number of reasons that come
 * together; errors go to the owner context too. */
void        gst_peer_connection_schedule_negotiation_needed (GstPeerConnectionShared *shared);
void        gst_peer_connection_report_error (GstPeerConnectionShared *shared,
                                              GError                  *error);
void        gst_peer_connection_enable_video_nack (GstPeerConnection *self);
void        gst_peer_connection_set_adding_local (GstPeerConnectionShared *shared,
                                                  gboolean                 adding);
void        gst_peer_connection_remember_remote_sections (GstPeerConnectionShared *shared,
                                                          const GstSDPMessage     *message);
char       *gst_peer_connection_find_remote_mid (GstPeerConnectionShared *shared,
                                                 GstCallMediaKind         kind,
                                                 guint                    payload_type,
                                                 guint                    ssrc);
void        gst_peer_connection_initable_iface_init (GInitableIface *iface);

/* gstpeerconnection-ice.c */
gboolean    gst_peer_connection_configure_ice_servers (GstPeerConnection  *self,
                                                       GError            **error);
gboolean    gst_peer_connection_configure_ice_agent   (GstPeerConnection  *self,
                                                       GError            **error);
NiceAgent  *gst_peer_connection_dup_nice_agent        (GstElement         *webrtcbin);
gboolean    gst_peer_connection_uses_turn             (GstPeerConnection  *self);
void        gst_peer_connection_release_turn_allocations (GstPeerConnection *self);
/* FALSE with @error set once the peer connection is closed or broken. */
gboolean    gst_peer_connection_check_usable          (GstPeerConnection  *self,
                                                       GError            **error);

/* gstpeerconnection-data-channels.c */
/* webrtcbin's thread, or the one creating a channel: a data channel is
 * being made. */
void        gst_peer_connection_on_webrtc_prepare_data_channel (GstElement              *webrtcbin,
                                                                GstWebRTCDataChannel    *channel,
                                                                gboolean                 is_local,
                                                                GstPeerConnectionShared *shared);
/* The peer connection closed: every channel closes. */
void        gst_peer_connection_shutdown_data_channels (GstPeerConnection *self);

/* gstpeerconnection-media.c */
GstCallTrack *gst_peer_connection_add_track_internal (GstPeerConnection  *self,
                                                      GstCallCodec        codec,
                                                      GstElement         *source,
                                                      GstCallBroadcast   *broadcast,
                                                      int                 offered_payload_type,
                                                      int                 dtmf_payload_type,
                                                      const char         *profile_level_id,
                                                      guint               twcc_id,
                                                      GError            **error);
/* webrtcbin's thread, on each state change: the connection is up with
 * its description applied (OPEN), lost connectivity (INTERRUPTED), failed
 * or closed (CLOSED). Local frames flow while it is open or interrupted,
 * broadcast packets while it is open. */
void        gst_peer_connection_gate_media (GstPeerConnectionShared   *shared,
                                            GstPeerConnectionMediaGate gate);
/* Main context: the settings changed; the running controller follows. */
void        gst_peer_connection_apply_congestion_settings (GstPeerConnection *self);
/* Main context: a remote description is applied. When its video asks for
 * transport-wide feedback, the video encoders (and those added later)
 * start at their share of the start bitrate rather than their configured
 * rate, before the first report comes. */
void        gst_peer_connection_expect_congestion_feedback (GstPeerConnectionShared *shared,
                                                            const GstSDPMessage     *remote);
/* Streaming thread: webrtcbin has a new stream of remote RTP. */
void        gst_peer_connection_on_webrtc_pad_added (GstElement              *webrtcbin,
                                                     GstPad                  *pad,
                                                     GstPeerConnectionShared *shared);

extern GParamSpec *gst_peer_connection_props[N_PROPS];
extern guint gst_peer_connection_signals[N_SIGNALS];

G_END_DECLS
