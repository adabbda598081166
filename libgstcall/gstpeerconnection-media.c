/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>

#include <gst/sdp/sdp.h>
#include <gst/video/video.h>
#include <gst/webrtc/webrtc.h>
#include <nice/agent.h>

#include "gstpeerconnection-impl-private.h"
#include "gstcallbroadcast-private.h"
#include "gstcall-bitrate-allocation-private.h"
#include "gstcall-codec-table-private.h"
#include "gstcall-dtls-private.h"
#include "gstcall-encoder-slot-private.h"
#include "gstcall-enum-types.h"
#include "gstcall-error.h"
#include "gstcall-media-private.h"
#include "gstcall-plugins-private.h"
#include "gstcall-private.h"
#include "gstcall-receive-private.h"
#include "gstcall-sdp-private.h"
#include "gstcall-stats-collector-private.h"
#include "gstcalltrack-private.h"

/* How the target becomes the encoders' bitrates: see
 * gstcall-bitrate-allocation-private.h. */

/* GstPeerConnection's media: the branches sending local tracks and the
 * branches decoding remote ones. */

/* ------------------------------------------------------------------------ */
/* Remote tracks                                                             */

static void
announce_remote_track (gpointer object,
                       gpointer data)
{
  GstPeerConnection *self = object;
  GstCallRemotePad *remote = data;
  g_autoptr (GstCallTrack) track = NULL;

  if (self->closed)
    return;

  track = gst_call_track_new (remote->kind, TRUE, remote->mid,
                              GST_BIN (self->shared->pipeline), remote->pad);
  g_ptr_array_add (self->tracks, g_object_ref (track));

  g_signal_emit (self, gst_peer_connection_signals[SIGNAL_TRACK], 0, track);

  gst_call_remote_pad_release (remote, track);
}

typedef struct {
  GstPeerConnectionShared *shared;
  char *mid;
} RemoteBranch;

static void
remote_branch_free (gpointer data)
{
  RemoteBranch *branch = data;

  gst_peer_connection_shared_unref (branch->shared);
  g_free (branch->mid);
  g_free (branch);
}

/* Streaming thread: a decoder was found for the remote stream. */
static void
on_remote_decoded (GstElement       *track_bin,
                   GstCallMediaKind  kind,
                   GstElement       *convert,
                   GstPad           *decoded,
                   gpointer          user_data)
{
  RemoteBranch *branch = user_data;
  GstCallRemotePad *remote;

  remote = gst_call_remote_pad_new (kind, branch->mid, track_bin, convert, decoded);
  gst_call_context_proxy_invoke (branch->shared->proxy, announce_remote_track,
                                 remote, gst_call_remote_pad_free);
}

static void
on_remote_error (GError   *error,
                 gpointer  user_data)
{
  RemoteBranch *branch = user_data;

  gst_peer_connection_report_error (branch->shared, error);
}

static const GstCallReceiveCallbacks remote_callbacks = {
  on_remote_decoded,
  on_remote_error,
};

typedef struct {
  char tone;
  guint duration_ms;
} DtmfEvent;

static void
announce_dtmf (gpointer object,
               gpointer data)
{
  GstPeerConnection *self = object;
  DtmfEvent *event = data;

  if (!self->closed && self->dtmf_func)
    self->dtmf_func (self, event->tone, event->duration_ms, self->dtmf_func_data);
}

/* Streaming thread: the peer sent a DTMF event. */
static void
on_remote_dtmf (char     tone,
                guint    duration_ms,
                gpointer user_data)
{
  GstPeerConnectionShared *shared = user_data;
  DtmfEvent *event = g_new0 (DtmfEvent, 1);

  event->tone = tone;
  event->duration_ms = duration_ms;
  gst_call_context_proxy_invoke (shared->proxy, announce_dtmf, event, g_free);
}

void
gst_peer_connection_set_dtmf_func (GstPeerConnection         *self,
                                   GstPeerConnectionDtmfFunc  func,
                                   gpointer                   user_data)
{
  g_return_if_fail (GST_IS_PEER_CONNECTION (self));

  self->dtmf_func = func;
  self->dtmf_func_data = user_data;
}

/* Streaming thread: webrtcbin has a new stream of remote RTP. It must be
 * linked before this returns, so the branch is built here. */
void
gst_peer_connection_on_webrtc_pad_added (GstElement *webrtcbin,
                     GstPad     *pad,
                     GstPeerConnectionShared     *shared)
{
  g_autoptr (GstCaps) caps = NULL;
  GstCallMediaKind kind;
  RemoteBranch *branch;

  if (GST_PAD_DIRECTION (pad) != GST_PAD_SRC)
    return;

  caps = gst_pad_get_current_caps (pad);
  if (!caps)
    caps = gst_pad_query_caps (pad, NULL);
  kind = gst_call_receive_kind_from_caps (caps);

  /* RFC 4733 events never reach a decoder. */
  if (gst_call_dtmf_caps_are_events (caps)) {
    GST_DEBUG ("remote telephone-event stream on %s", GST_PAD_NAME (pad));
    gst_call_dtmf_receive_add_branch (GST_BIN (shared->pipeline), pad, on_remote_dtmf,
                                      gst_peer_connection_shared_ref (shared),
                                      gst_peer_connection_shared_unref);
    return;
  }

  branch = g_new0 (RemoteBranch, 1);
  branch->shared = gst_peer_connection_shared_ref (shared);
  if (caps && gst_caps_get_size (caps) > 0) {
    const GstStructure *structure = gst_caps_get_structure (caps, 0);
    int payload_type = -1;
    guint ssrc = 0;

    gst_structure_get_int (structure, "payload", &payload_type);
    gst_structure_get_uint (structure, "ssrc", &ssrc);
    branch->mid = gst_peer_connection_find_remote_mid (shared, kind, (guint) payload_type, ssrc);
  }

  GST_DEBUG ("remote %s stream on %s (mid %s) caps %" GST_PTR_FORMAT,
             gst_call_media_kind_to_string (kind), GST_PAD_NAME (pad), branch->mid, caps);

  gst_call_receive_add_branch (GST_BIN (shared->pipeline), pad, kind, &remote_callbacks,
                               branch, remote_branch_free);
}


/* ------------------------------------------------------------------------ */
/* Media                                                                     */

/**
 * gst_peer_connection_add_transceiver:
 * @self: a [class@PeerConnection]
 * @kind: audio or video
 * @direction: the direction, usually %GST_CALL_DIRECTION_RECVONLY to ask the
 *   peer for media without sending any
 * @error: return location for a #GError
 *
 * Adds a media section with no local source, as the W3C
 * `addTransceiver(kind, {direction})`. Video transceivers use NACK and RTX.
 *
 * Returns: %TRUE on success
 *
 * Since: 0.1
 */
gboolean
gst_peer_connection_add_transceiver (GstPeerConnection *self,
                                     GstCallMediaKind   kind,
                                     GstCallDirection   direction,
                                     GError           **error)
{
  g_return_val_if_fail (GST_IS_PEER_CONNECTION (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return gst_peer_connection_add_transceiver_with_codec (self,
                                                         gst_call_media_default_codec (kind),
                                                         direction, error);
}

/**
 * gst_peer_connection_add_transceiver_with_codec:
 * @self: a [class@PeerConnection]
 * @codec: the codec to offer (see [method@PeerConnection.add_track_with_codec])
 * @direction: the direction, usually %GST_CALL_DIRECTION_RECVONLY
 * @error: return location for a #GError
 *
 * Adds a media section of the codec's kind with no local source, offering
 * @codec, as [method@PeerConnection.add_transceiver] does with the default
 * codec.
 *
 * Returns: %TRUE on success
 *
 * Since: 0.1
 */
gboolean
gst_peer_connection_add_transceiver_with_codec (GstPeerConnection *self,
                                                GstCallCodec       codec,
                                                GstCallDirection   direction,
                                                GError           **error)
{
  GstCallMediaKind kind = gst_call_media_codec_kind (codec);
  int static_payload_type = gst_call_media_codec_static_payload_type (codec);
  g_autoptr (GstWebRTCRTPTransceiver) transceiver = NULL;
  g_autoptr (GstCaps) caps = NULL;
  guint payload_type;

  g_return_val_if_fail (GST_IS_PEER_CONNECTION (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!gst_peer_connection_check_usable (self, error))
    return FALSE;

  if (!gst_call_media_codec_can_send (codec)) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                 _("This codec cannot be negotiated yet: VP8, VP9, H.264, H.265, "
                   "Opus, G.711 A-law and µ-law can"));
    return FALSE;
  }
  if (static_payload_type >= 0)
    payload_type = static_payload_type;
  else
    payload_type = kind == GST_CALL_MEDIA_KIND_VIDEO ? self->next_video_payload
                                                     : self->next_audio_payload;
  caps = gst_call_media_make_rtp_caps (codec, payload_type);
  if (kind == GST_CALL_MEDIA_KIND_AUDIO) {
    guint clock_rate = gst_call_codec_table_lookup (codec)->clock_rate;

    gst_caps_append (caps, gst_call_dtmf_make_rtp_caps (
        gst_call_dtmf_offer_payload_type (clock_rate), clock_rate));
  }
  gst_peer_connection_set_adding_local (self->shared, TRUE);
  g_signal_emit_by_name (self->shared->webrtcbin, "add-transceiver",
                         gst_peer_connection_map_direction (direction), caps, &transceiver);
  gst_peer_connection_set_adding_local (self->shared, FALSE);
  if (!transceiver) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_FAILED,
                 _("webrtcbin refused to add a %s transceiver"),
                 gst_call_media_kind_to_string (kind));
    return FALSE;
  }
  if (kind == GST_CALL_MEDIA_KIND_VIDEO)
    g_object_set (transceiver, "do-nack", TRUE, NULL);

  self->local_generation++;
  gst_peer_connection_schedule_negotiation_needed (self->shared);
  return TRUE;
}

static GstPad *
find_source_pad (GstElement *source)
{
  GstPad *pad = gst_element_get_static_pad (source, "src");
  GstIterator *it;
  GValue item = G_VALUE_INIT;

  if (pad)
    return pad;

  it = gst_element_iterate_src_pads (source);
  if (gst_iterator_next (it, &item) == GST_ITERATOR_OK) {
    pad = g_value_dup_object (&item);
    g_value_unset (&item);
  }
  gst_iterator_free (it);
  return pad;
}

/**
 * gst_peer_connection_add_track:
 * @self: a [class@PeerConnection]
 * @kind: audio or video
 * @source: (transfer floating): an element or bin producing raw media of
 *   @kind on an always source pad, e.g. `videotestsrc is-live=true` or a
 *   camera source; it is added to the peer connection's pipeline
 * @error: return location for a #GError
 *
 * Sends media from @source to the peer: it is converted, encoded (VP8 for
 * video, Opus for audio), payloaded and given to `webrtcbin`. Video uses NACK
 * and RTX. Adding a track fires [signal@PeerConnection::negotiation-needed].
 *
 * Live sources (cameras, microphones, test sources with `is-live=true`) are
 * expected: a non-live source is encoded as fast as the CPU allows.
 *
 * Returns: (transfer none) (nullable): the local [class@CallTrack], owned by
 *   @self, or %NULL with @error set
 *
 * Since: 0.1
 */
GstCallTrack *
gst_peer_connection_add_track (GstPeerConnection *self,
                               GstCallMediaKind   kind,
                               GstElement        *source,
                               GError           **error)
{
  g_return_val_if_fail (GST_IS_PEER_CONNECTION (self), NULL);
  g_return_val_if_fail (GST_IS_ELEMENT (source), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return gst_peer_connection_add_track_with_codec (self,
                                                   gst_call_media_default_codec (kind),
                                                   source, error);
}

/**
 * gst_peer_connection_add_track_with_codec:
 * @self: a [class@PeerConnection]
 * @codec: the codec to send: VP8, VP9 or H.264 (constrained baseline,
 *   packetization mode 1, offered at level 3.1 and encoded at the level the
 *   video's size and frame rate need) for video, Opus or G.711 (A-law,
 *   µ-law) for audio
 * @source: (transfer floating): an element or bin producing raw media of
 *   the codec's kind on an always source pad
 * @error: return location for a #GError
 *
 * Sends media from @source encoded with @codec, as
 * [method@PeerConnection.add_track] does with the default codec (VP8 for
 * video, Opus for audio). The encoder is chosen by [class@CallCodecs],
 * hardware first.
 *
 * Returns: (transfer none) (nullable): the local [class@CallTrack], owned by
 *   @self, or %NULL with @error set (a codec that cannot be sent, no working
 *   encoder: the error names the package to install)
 *
 * Since: 0.1
 */
GstCallTrack *
gst_peer_connection_add_track_with_codec (GstPeerConnection *self,
                                          GstCallCodec       codec,
                                          GstElement        *source,
                                          GError           **error)
{
  g_return_val_if_fail (GST_IS_PEER_CONNECTION (self), NULL);
  g_return_val_if_fail (GST_IS_ELEMENT (source), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return gst_peer_connection_add_track_for_offer (self, codec, source, -1, -1, NULL, 0, error);
}

GstCallTrack *
gst_peer_connection_add_track_for_offer (GstPeerConnection *self,
                                         GstCallCodec       codec,
                                         GstElement        *source,
                                         int                offered_payload_type,
                                         int                dtmf_payload_type,
                                         const char        *profile_level_id,
                                         guint              twcc_id,
                                         GError           **error)
{
  g_return_val_if_fail (GST_IS_PEER_CONNECTION (self), NULL);
  g_return_val_if_fail (GST_IS_ELEMENT (source), NULL);
  g_return_val_if_fail (twcc_id <= 14, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return gst_peer_connection_add_track_internal (self, codec, source, NULL, offered_payload_type,
                                                 dtmf_payload_type, profile_level_id, twcc_id,
                                                 error);
}

GstCallTrack *
gst_peer_connection_add_broadcast_track (GstPeerConnection *self,
                                         GstCallBroadcast  *broadcast,
                                         int                offered_payload_type,
                                         int                dtmf_payload_type,
                                         GError           **error)
{
  g_return_val_if_fail (GST_IS_PEER_CONNECTION (self), NULL);
  g_return_val_if_fail (GST_IS_CALL_BROADCAST (broadcast), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return gst_peer_connection_add_track_internal (self, gst_call_broadcast_get_codec (broadcast), NULL,
                             broadcast, offered_payload_type, dtmf_payload_type, NULL,
                             0, error);
}

/* Called with shared->lock: what each video encoder gets of @target
 * (bit/s), the audio's share taken out. */
static guint64
video_share (GstPeerConnectionShared *shared,
             guint64                  target)
{
  return gst_call_bitrate_video_share (shared->audio_slots, shared->video_slots->len, target);
}

/* Called with shared->lock: whether the video encoders get a new bitrate
 * (@video_bitrate, bit/s) from the controller's target at @now. */
static gboolean
decide_video_bitrate (GstPeerConnectionShared *shared,
                      gint64                   now,
                      guint                   *video_bitrate)
{
  guint64 target = gst_call_gcc_get_target_bitrate (shared->congestion_controller);
  guint64 video;
  guint64 applied = shared->applied_video_bitrate;

  if (shared->video_slots->len == 0)
    return FALSE;
  video = video_share (shared, target);

  if (applied == 0) {
    /* The first report: the encoders run at their configured bitrate. */
    GstCallEncoderSlot *slot = g_ptr_array_index (shared->video_slots, 0);

    applied = (guint64) gst_call_encoder_slot_get_effective_bitrate (slot) * 1000;
  }
  if (!gst_call_bitrate_video_due (applied, video, shared->last_applied, now))
    return FALSE;

  GST_DEBUG ("congestion control: target %" G_GUINT64_FORMAT " bit/s, video %" G_GUINT64_FORMAT
             " bit/s (was %" G_GUINT64_FORMAT ")", target, video, applied);
  shared->applied_video_bitrate = (guint) MIN (video, G_MAXUINT);
  shared->last_applied = now;
  *video_bitrate = shared->applied_video_bitrate;
  return TRUE;
}

/* Called with shared->lock: the start bitrate, bit/s. */
static guint
start_target (GstPeerConnectionShared *shared)
{
  guint min_bitrate, start_bitrate, max_bitrate;

  gst_peer_connection_congestion_bounds (shared->min_bitrate, shared->start_bitrate,
                                         shared->max_bitrate, &min_bitrate, &start_bitrate,
                                         &max_bitrate);
  return start_bitrate;
}

/* Called with shared->lock: what each video encoder starts at before the
 * first feedback report, kbit/s; 0: its configured bitrate. */
static guint
start_video_bitrate (GstPeerConnectionShared *shared)
{
  if (!shared->feedback_expected || shared->congestion_controller ||
      shared->congestion_control == GST_CALL_CONGESTION_CONTROL_NONE)
    return 0;
  return (guint) MAX (video_share (shared, start_target (shared)) / 1000, 1);
}

void
gst_peer_connection_expect_congestion_feedback (GstPeerConnectionShared *shared,
                                                const GstSDPMessage     *remote)
{
  GPtrArray *slots = NULL;
  GPtrArray *opus_slots = NULL;
  guint start, opus_start = 0;

  if (gst_call_sdp_find_twcc_id (remote, GST_CALL_MEDIA_KIND_VIDEO) == 0)
    return;
  g_mutex_lock (&shared->lock);
  shared->feedback_expected = TRUE;
  start = start_video_bitrate (shared);
  if (start) {
    slots = gst_call_bitrate_slots_append (NULL, shared->video_slots);
    opus_slots = gst_call_bitrate_decide_opus (shared->audio_slots, &shared->applied_audio_bitrate,
                                               start_target (shared), &opus_start);
  }
  g_mutex_unlock (&shared->lock);
  gst_call_bitrate_give (slots, start * 1000);
  gst_call_bitrate_give (opus_slots, opus_start);
}

void
gst_peer_connection_congestion_bounds (guint  min_bitrate,
                                       guint  start_bitrate,
                                       guint  max_bitrate,
                                       guint *effective_min,
                                       guint *effective_start,
                                       guint *effective_max)
{
  *effective_max = max_bitrate;
  *effective_min = MIN (min_bitrate, max_bitrate);
  *effective_start = CLAMP (start_bitrate, *effective_min, *effective_max);
}

/* Main context: the controller's target moved enough to tell the
 * application (@data: the target, bit/s). */
static void
apply_target_bitrate (gpointer object,
                      gpointer data)
{
  GstPeerConnection *self = object;
  guint target = GPOINTER_TO_UINT (data);

  /* A report on its way when congestion control was turned off. */
  if (self->closed || self->congestion_control == GST_CALL_CONGESTION_CONTROL_NONE ||
      self->target_bitrate == target)
    return;
  self->target_bitrate = target;
  g_object_notify_by_pspec (G_OBJECT (self), gst_peer_connection_props[PROP_TARGET_BITRATE]);
}

void
gst_peer_connection_apply_congestion_settings (GstPeerConnection *self)
{
  GstPeerConnectionShared *shared = self->shared;
  GPtrArray *slots = NULL;
  guint min_bitrate, start_bitrate, max_bitrate;

  gst_peer_connection_congestion_bounds (self->min_bitrate, self->start_bitrate,
                                         self->max_bitrate, &min_bitrate, &start_bitrate,
                                         &max_bitrate);
  g_mutex_lock (&shared->lock);
  shared->min_bitrate = self->min_bitrate;
  shared->start_bitrate = self->start_bitrate;
  shared->max_bitrate = self->max_bitrate;
  shared->congestion_control = self->congestion_control;
  if (self->congestion_control == GST_CALL_CONGESTION_CONTROL_NONE &&
      shared->congestion_controller) {
    /* Off: the encoders go back to the bitrate they are configured with. */
    g_clear_pointer (&shared->congestion_controller, gst_call_gcc_free);
    shared->applied_video_bitrate = 0;
    shared->applied_audio_bitrate = 0;
    shared->last_applied = 0;
    shared->reported_target = 0;
    slots = gst_call_bitrate_slots_append (NULL, shared->video_slots);
    slots = gst_call_bitrate_slots_append (slots, shared->audio_slots);
  } else if (shared->congestion_controller) {
    /* Running: the new bounds hold from now on (the start is past). */
    gst_call_gcc_set_bounds (shared->congestion_controller, min_bitrate, max_bitrate);
  }
  g_mutex_unlock (&shared->lock);

  gst_call_bitrate_give (slots, 0);
  if (self->congestion_control == GST_CALL_CONGESTION_CONTROL_NONE && self->target_bitrate != 0) {
    self->target_bitrate = 0;
    g_object_notify_by_pspec (G_OBJECT (self), gst_peer_connection_props[PROP_TARGET_BITRATE]);
  }
}

/* How long a video track's frames wait for the keyframe asked for when
 * the gate opened, in microseconds: an encoder that ignored the request
 * must not keep the track off for long. */
#define KEYFRAME_WAIT_US (1 * G_USEC_PER_SEC)

typedef struct {
  GstPeerConnectionMediaGateState *state;
  gboolean video;
  gint openings;        /* of the gate, when last seen */
  gint64 keyframe_wait; /* monotonic µs the wait started, 0: none */
} SendGate;

static void
send_gate_free (gpointer data)
{
  SendGate *gate = data;

  g_atomic_rc_box_release (gate->state);
  g_free (gate);
}

/* Streaming thread of a local track: what its encoder makes is sent only
 * while the gate lets it, see GstPeerConnectionMediaGate. */
static GstPadProbeReturn
gate_encoded (GstPad          *pad,
              GstPadProbeInfo *info,
              gpointer         user_data)
{
  SendGate *gate = user_data;
  GstPeerConnectionMediaGate state = g_atomic_int_get (&gate->state->gate);
  gint openings = g_atomic_int_get (&gate->state->openings);
  GstBuffer *buffer;

  if (state == GST_PEER_CONNECTION_MEDIA_GATE_NEW ||
      state == GST_PEER_CONNECTION_MEDIA_GATE_CLOSED)
    return GST_PAD_PROBE_DROP;
  if (!gate->video)
    return GST_PAD_PROBE_OK;
  if (openings != gate->openings) {
    gate->openings = openings;
    gate->keyframe_wait = g_get_monotonic_time ();
  }
  if (!gate->keyframe_wait)
    return GST_PAD_PROBE_OK;
  /* A list holds the units of one frame. */
  buffer = (GST_PAD_PROBE_INFO_TYPE (info) & GST_PAD_PROBE_TYPE_BUFFER)
               ? GST_PAD_PROBE_INFO_BUFFER (info)
               : gst_buffer_list_get (GST_PAD_PROBE_INFO_BUFFER_LIST (info), 0);
  if (buffer && GST_BUFFER_FLAG_IS_SET (buffer, GST_BUFFER_FLAG_DELTA_UNIT) &&
      g_get_monotonic_time () - gate->keyframe_wait < KEYFRAME_WAIT_US)
    return GST_PAD_PROBE_DROP;
  gate->keyframe_wait = 0;
  return GST_PAD_PROBE_OK;
}

void
gst_peer_connection_gate_media (GstPeerConnectionShared   *shared,
                                GstPeerConnectionMediaGate gate)
{
  GstPeerConnectionMediaGate was;
  gboolean open = gate == GST_PEER_CONNECTION_MEDIA_GATE_OPEN;

  /* Connectivity lost only interrupts an open gate. */
  if (gate == GST_PEER_CONNECTION_MEDIA_GATE_INTERRUPTED) {
    g_atomic_int_compare_and_exchange (&shared->media_gate->gate,
                                       GST_PEER_CONNECTION_MEDIA_GATE_OPEN, gate);
    return;
  }
  was = g_atomic_int_exchange (&shared->media_gate->gate, gate);
  g_mutex_lock (&shared->lock);
  if (open && was != GST_PEER_CONNECTION_MEDIA_GATE_OPEN) {
    GST_DEBUG ("local media flows");
    g_atomic_int_inc (&shared->media_gate->openings);
    for (guint i = 0; i < shared->video_slots->len; i++)
      gst_call_encoder_slot_request_keyframe (g_ptr_array_index (shared->video_slots, i));
  }
  /* Every time, not only when the gate turns: a broadcast added later
   * flows once the renegotiation for it is done. */
  for (guint i = 0; i < shared->broadcast_sources->len; i++)
    gst_call_broadcast_viewer_set_flowing (g_ptr_array_index (shared->broadcast_sources, i),
                                           open);
  g_mutex_unlock (&shared->lock);
}

/* Streaming thread (rtpbin's RTCP): a transport-wide feedback report
 * (RTCP transport-cc), which rtpbin sends upstream to every local track as
 * a custom event. Each report feeds the congestion controller once. */
static GstPadProbeReturn
on_send_upstream_event (GstPad          *pad,
                        GstPadProbeInfo *info,
                        gpointer         user_data)
{
  GstPeerConnectionShared *shared = user_data;
  GstEvent *event = GST_PAD_PROBE_INFO_EVENT (info);
  const GstStructure *structure = gst_event_get_structure (event);
  const GValue *packets_value;
  g_autoptr (GArray) packets = NULL;
  GValueArray *list;
  GPtrArray *slots;
  GPtrArray *opus_slots = NULL;
  guint opus_bitrate = 0;
  guint video_bitrate = 0;
  guint target = 0;
  gboolean report_target = FALSE;

  if (GST_EVENT_TYPE (event) != GST_EVENT_CUSTOM_UPSTREAM || !structure ||
      !gst_structure_has_name (structure, "RTPTWCCPackets"))
    return GST_PAD_PROBE_OK;
  packets_value = gst_structure_get_value (structure, "packets");
  /* A GValueArray, a type GLib deprecates (hence by name). */
  if (!packets_value || !G_VALUE_HOLDS_BOXED (packets_value) ||
      g_strcmp0 (G_VALUE_TYPE_NAME (packets_value), "GValueArray") != 0)
    return GST_PAD_PROBE_OK;
  list = g_value_get_boxed (packets_value);
  if (!list)
    return GST_PAD_PROBE_OK;

  /* rtpbin's times are nanoseconds of the system clock (sending) and of
   * the peer's feedback clock (arrival). */
  packets = g_array_sized_new (FALSE, FALSE, sizeof (GstCallGccPacket), list->n_values);
  for (guint i = 0; i < list->n_values; i++) {
    const GValue *item = &list->values[i];
    const GstStructure *packet_structure;
    GstCallGccPacket packet = { 0 };
    guint64 local_ts = GST_CLOCK_TIME_NONE, remote_ts = GST_CLOCK_TIME_NONE;
    gboolean lost = FALSE;

    if (!GST_VALUE_HOLDS_STRUCTURE (item))
      continue;
    packet_structure = gst_value_get_structure (item);
    /* Packets this side did not send (or no longer remembers) have no
     * send time or size: nothing to learn from them. */
    if (!gst_structure_get_uint64 (packet_structure, "local-ts", &local_ts) ||
        !GST_CLOCK_TIME_IS_VALID (local_ts) ||
        !gst_structure_get_uint (packet_structure, "size", &packet.size))
      continue;
    gst_structure_get_boolean (packet_structure, "lost", &lost);
    gst_structure_get_uint64 (packet_structure, "remote-ts", &remote_ts);
    packet.lost = lost || !GST_CLOCK_TIME_IS_VALID (remote_ts);
    packet.send_time = (gint64) (local_ts / GST_USECOND);
    packet.arrival_time = packet.lost ? 0 : (gint64) (remote_ts / GST_USECOND);
    g_array_append_val (packets, packet);
  }

  g_mutex_lock (&shared->lock);
  slots = NULL;
  if (shared->feedback_reports == 0 || shared->last_feedback_seqnum != gst_event_get_seqnum (event)) {
    g_autoptr (GstClock) clock = gst_system_clock_obtain ();
    gint64 now = (gint64) (gst_clock_get_time (clock) / GST_USECOND);

    shared->last_feedback_seqnum = gst_event_get_seqnum (event);
    shared->feedback_reports++;
    /* With congestion control off the reports are counted, nothing more. */
    if (shared->congestion_control == GST_CALL_CONGESTION_CONTROL_NONE) {
      g_mutex_unlock (&shared->lock);
      return GST_PAD_PROBE_OK;
    }
    if (!shared->congestion_controller) {
      guint min_bitrate, start_bitrate, max_bitrate;

      gst_peer_connection_congestion_bounds (shared->min_bitrate, shared->start_bitrate,
                                             shared->max_bitrate, &min_bitrate, &start_bitrate,
                                             &max_bitrate);
      shared->congestion_controller = gst_call_gcc_new (min_bitrate, start_bitrate, max_bitrate);
    }
    gst_call_gcc_on_transport_feedback (shared->congestion_controller,
                                        (const GstCallGccPacket *) packets->data, packets->len,
                                        now);
    target = gst_call_gcc_get_target_bitrate (shared->congestion_controller);
    GST_LOG ("transport-wide feedback: %u packets, target %u bit/s, acknowledged %u bit/s",
             packets->len, target,
             gst_call_gcc_get_acknowledged_bitrate (shared->congestion_controller));
    report_target = gst_call_bitrate_target_moved (&shared->reported_target, target);
    opus_slots = gst_call_bitrate_decide_opus (shared->audio_slots, &shared->applied_audio_bitrate,
                                               target, &opus_bitrate);
    if (decide_video_bitrate (shared, now, &video_bitrate))
      slots = gst_call_bitrate_slots_append (NULL, shared->video_slots);
  }
  g_mutex_unlock (&shared->lock);

  if (report_target)
    gst_call_context_proxy_invoke (shared->proxy, apply_target_bitrate,
                                   GUINT_TO_POINTER (target), NULL);

  gst_call_bitrate_give (opus_slots, opus_bitrate);
  gst_call_bitrate_give (slots, video_bitrate);
  return GST_PAD_PROBE_OK;
}

gboolean
gst_peer_connection_get_congestion_estimate (GstPeerConnection *self,
                                             guint             *reports,
                                             guint             *target_bitrate,
                                             guint             *acknowledged_bitrate)
{
  GstPeerConnectionShared *shared;
  gboolean known;

  g_return_val_if_fail (GST_IS_PEER_CONNECTION (self), FALSE);

  shared = self->shared;
  g_mutex_lock (&shared->lock);
  known = shared->congestion_controller != NULL;
  if (reports)
    *reports = shared->feedback_reports;
  if (target_bitrate)
    *target_bitrate = known ? gst_call_gcc_get_target_bitrate (shared->congestion_controller) : 0;
  if (acknowledged_bitrate)
    *acknowledged_bitrate = known ? gst_call_gcc_get_acknowledged_bitrate (shared->congestion_controller) : 0;
  g_mutex_unlock (&shared->lock);
  return known;
}

/* Sends @source encoded with @codec, or, with @broadcast (and no source),
 * the broadcast's packets: its encoder is shared, the branch only carries
 * packets to webrtcbin. @offered_payload_type and @profile_level_id are
 * the offer's when answering (-1 and NULL otherwise). With @twcc_id (not
 * for a broadcast, whose payloader is shared), the packets carry the
 * transport-wide-cc header extension and its feedback is asked for. */
GstCallTrack *
gst_peer_connection_add_track_internal (GstPeerConnection *self,
                    GstCallCodec       codec,
                    GstElement        *source,
                    GstCallBroadcast  *broadcast,
                    int                offered_payload_type,
                    int                dtmf_payload_type,
                    const char        *profile_level_id,
                    guint              twcc_id,
                    GError           **error)
{
  GstCallMediaKind kind = gst_call_media_codec_kind (codec);
  int static_payload_type = gst_call_media_codec_static_payload_type (codec);
  GstPeerConnectionShared *shared;
  g_autoptr (GstElement) source_ref = NULL;
  g_autoptr (GstPad) source_pad = NULL;
  g_autoptr (GstPad) valve_sink = NULL;
  g_autoptr (GstPad) send_src = NULL;
  g_autoptr (GstPad) webrtc_sink = NULL;
  g_autoptr (GstWebRTCRTPTransceiver) transceiver = NULL;
  GstElement *send_bin;
  GstElement *valve;
  GstElement *branch_elements[3]; /* upstream first */
  GstCallTrack *track;
  guint payload_type;
  guint clock_rate = gst_call_codec_table_lookup (codec)->clock_rate;

  if (source)
    source_ref = gst_object_ref_sink (source);
  if (!gst_peer_connection_check_usable (self, error))
    return NULL;
  shared = self->shared;

  if (offered_payload_type >= 0)
    payload_type = offered_payload_type;
  else if (static_payload_type >= 0)
    payload_type = static_payload_type;
  else
    payload_type = kind == GST_CALL_MEDIA_KIND_VIDEO ? self->next_video_payload
                                                     : self->next_audio_payload;

  if (broadcast) {
    source = gst_call_broadcast_add_viewer (broadcast, payload_type, error);
    if (!source)
      return NULL;
    source_ref = source; /* a full reference already */
  }

  if (GST_OBJECT_PARENT (source)) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                 _("The source “%s” is already in a bin"), GST_OBJECT_NAME (source));
    return NULL;
  }
  source_pad = find_source_pad (source);
  if (!source_pad) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                 _("The %s source “%s” has no source pad"),
                 gst_call_media_kind_to_string (kind), GST_OBJECT_NAME (source));
    return NULL;
  }

  /* A broadcast's packets are ready to send: its source pushes them to
   * webrtcbin (on the broadcast's thread), through an element that lets
   * them pass (and keyframe requests back). */
  send_bin = broadcast ? gst_call_make_element ("capsfilter", NULL, error)
                       : gst_call_media_make_send_bin_full (codec, payload_type,
                                                            profile_level_id, error);
  if (!send_bin)
    return NULL;
  if (broadcast)
    twcc_id = 0;
  if (twcc_id && !gst_call_media_send_bin_add_twcc (send_bin, twcc_id, error)) {
    gst_object_unref (gst_object_ref_sink (send_bin));
    return NULL;
  }

  /* The valve turns the track off (GstCallTrack:enabled) before the
   * encoder: no frames are encoded and the peer's decoder keeps its
   * references, so media resumes at once when it opens again. */
  valve = gst_call_make_element ("valve", NULL, error);
  if (!valve) {
    gst_object_unref (gst_object_ref_sink (send_bin));
    return NULL;
  }
  branch_elements[0] = source;
  branch_elements[1] = valve;
  branch_elements[2] = send_bin;
  /* The pipeline plays: it sets its children's state again whenever a
   * state change of its own runs (an element lost its state, a sink was
   * added for a remote track), on a thread of its own. An unlinked branch
   * set playing by it would push into nothing (not-linked) and fail the
   * call, so the branch keeps its state until it is linked. */
  for (guint i = 0; i < G_N_ELEMENTS (branch_elements); i++)
    gst_element_set_locked_state (branch_elements[i], TRUE);
  gst_bin_add_many (GST_BIN (shared->pipeline), source, valve, send_bin, NULL);
  valve_sink = gst_element_get_static_pad (valve, "sink");
  send_src = gst_element_get_static_pad (send_bin, "src");
  if (gst_pad_link (source_pad, valve_sink) != GST_PAD_LINK_OK ||
      !gst_element_link (valve, send_bin)) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                 _("The source “%s” does not produce raw %s"),
                 GST_OBJECT_NAME (source), gst_call_media_kind_to_string (kind));
    gst_bin_remove_many (GST_BIN (shared->pipeline), source, valve, send_bin, NULL);
    return NULL;
  }

  gst_peer_connection_set_adding_local (shared, TRUE);
  webrtc_sink = gst_element_request_pad_simple (shared->webrtcbin, "sink_%u");
  gst_peer_connection_set_adding_local (shared, FALSE);
  if (!webrtc_sink || gst_pad_link (send_src, webrtc_sink) != GST_PAD_LINK_OK) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_FAILED,
                 _("webrtcbin refused a new %s stream"),
                 gst_call_media_kind_to_string (kind));
    if (webrtc_sink)
      gst_element_release_request_pad (shared->webrtcbin, webrtc_sink);
    gst_bin_remove_many (GST_BIN (shared->pipeline), source, valve, send_bin, NULL);
    return NULL;
  }

  if (twcc_id)
    gst_pad_add_probe (send_src, GST_PAD_PROBE_TYPE_EVENT_UPSTREAM, on_send_upstream_event,
                       gst_peer_connection_shared_ref (shared), gst_peer_connection_shared_unref);

  g_object_get (webrtc_sink, "transceiver", &transceiver, NULL);
  if (transceiver) {
    g_autoptr (GstCaps) caps = gst_call_media_make_rtp_caps_full (codec, payload_type,
                                                                   profile_level_id);

    /* DTMF (RFC 4733) at the audio's clock rate: offered, or answered when
     * the offer has it. */
    if (kind == GST_CALL_MEDIA_KIND_AUDIO && offered_payload_type < 0)
      dtmf_payload_type = (int) gst_call_dtmf_offer_payload_type (clock_rate);
    if (kind == GST_CALL_MEDIA_KIND_AUDIO && dtmf_payload_type >= 0)
      gst_caps_append (caps, gst_call_dtmf_make_rtp_caps ((guint) dtmf_payload_type,
                                                          clock_rate));

    if (twcc_id)
      gst_call_media_caps_add_twcc (caps, twcc_id);

    g_object_set (transceiver, "direction",
                  GST_WEBRTC_RTP_TRANSCEIVER_DIRECTION_SENDRECV,
                  "codec-preferences", caps, NULL);
    if (kind == GST_CALL_MEDIA_KIND_VIDEO) {
      g_object_set (transceiver, "do-nack", TRUE, NULL);
      g_mutex_lock (&shared->lock);
      shared->video_nack = TRUE;
      g_mutex_unlock (&shared->lock);
    }
  }

  if (offered_payload_type >= 0 || static_payload_type >= 0)
    ;
  else if (kind == GST_CALL_MEDIA_KIND_VIDEO)
    self->next_video_payload += 2;
  else
    self->next_audio_payload -= 1;

  /* Downstream first: each element is ready for what the one before it
   * pushes. */
  for (guint i = G_N_ELEMENTS (branch_elements); i > 0; i--) {
    gst_element_set_locked_state (branch_elements[i - 1], FALSE);
    gst_element_sync_state_with_parent (branch_elements[i - 1]);
  }

  /* webrtcbin 1.22 does not always ask for negotiation when a track lands
   * on an existing transceiver (one the peer offered): ask ourselves. */
  self->local_generation++;
  gst_peer_connection_schedule_negotiation_needed (shared);

  track = gst_call_track_new (kind, FALSE, NULL, GST_BIN (shared->pipeline),
                              source_pad);
  gst_call_track_set_valve (track, valve);
  if (!broadcast) {
    g_autoptr (GstElement) slot = gst_call_media_find_encoder_slot (send_bin);

    gst_call_track_set_encoder_slot (track, slot);
    /* Encoded but not sent before the connection is up: the payloader's
     * caps still reach webrtcbin, which names the stream's SSRC in the
     * offer from them. On the slot's inner side of its source pad, which
     * stays when an encoder is replaced: a frame dropped here does not
     * leave the slot, nor count as sent. */
    if (slot) {
      g_autoptr (GstPad) encoded = gst_element_get_static_pad (slot, "src");
      g_autoptr (GstPad) inner = GST_PAD (gst_proxy_pad_get_internal (GST_PROXY_PAD (encoded)));
      SendGate *gate = g_new0 (SendGate, 1);

      gate->state = g_atomic_rc_box_acquire (shared->media_gate);
      gate->video = kind == GST_CALL_MEDIA_KIND_VIDEO;
      gst_pad_add_probe (inner, GST_PAD_PROBE_TYPE_BUFFER | GST_PAD_PROBE_TYPE_BUFFER_LIST,
                         gate_encoded, gate, send_gate_free);
    }
    /* A WebRTC peer asks for the keyframes it needs (RFC 8834 has every
     * endpoint send PLI). */
    if (slot && kind == GST_CALL_MEDIA_KIND_VIDEO)
      gst_call_encoder_slot_set_peer_asks_for_keyframes (GST_CALL_ENCODER_SLOT (slot), TRUE);
    /* A broadcast's encoder is shared by its viewers: no one viewer's
     * congestion control drives it. */
    if (slot) {
      guint start;

      g_mutex_lock (&shared->lock);
      g_ptr_array_add (kind == GST_CALL_MEDIA_KIND_VIDEO ? shared->video_slots
                                                        : shared->audio_slots,
                       gst_object_ref (slot));
      if (kind == GST_CALL_MEDIA_KIND_VIDEO)
        start = start_video_bitrate (shared);
      else if (gst_call_encoder_slot_get_codec (GST_CALL_ENCODER_SLOT (slot)) == GST_CALL_CODEC_OPUS)
        start = shared->applied_audio_bitrate / 1000; /* 0 before congestion control */
      else
        start = 0;
      g_mutex_unlock (&shared->lock);
      if (start)
        gst_call_encoder_slot_set_congestion_bitrate (GST_CALL_ENCODER_SLOT (slot), start);
    }
  }
  g_ptr_array_add (self->tracks, track);

  {
    GstPeerConnectionLocalBranch *branch = g_new0 (GstPeerConnectionLocalBranch, 1);

    branch->source = gst_object_ref (source);
    branch->valve = gst_object_ref (valve);
    branch->send_bin = gst_object_ref (send_bin);
    branch->webrtc_sink = gst_object_ref (webrtc_sink);
    branch->transceiver = transceiver ? gst_object_ref (transceiver) : NULL;
    branch->clock_rate = clock_rate;
    if (kind == GST_CALL_MEDIA_KIND_AUDIO) {
      branch->dtmf = gst_call_dtmf_sender_new ();
      gst_call_dtmf_sender_attach (branch->dtmf, send_src);
    }
    g_hash_table_insert (self->local_branches, track, branch);
  }
  if (broadcast) {
    /* Its packets flow once the call is up: see gst_peer_connection_gate_media(). */
    g_mutex_lock (&shared->lock);
    g_ptr_array_add (shared->broadcast_sources, gst_object_ref (source));
    g_mutex_unlock (&shared->lock);
  }
  return track;
}

/**
 * gst_peer_connection_remove_track:
 * @self: a [class@PeerConnection]
 * @track: a local [class@CallTrack] of @self
 * @error: return location for a #GError
 *
 * Stops sending @track, as the W3C `removeTrack()`: its source and encoder
 * are stopped and removed, and its media section no longer sends (it still
 * receives what the peer sends). Fires
 * [signal@PeerConnection::negotiation-needed]. The track's media section
 * stays in the session: a track added later gets a new one. @self drops
 * its reference to @track.
 *
 * Returns: %TRUE on success
 *
 * Since: 0.1
 */
gboolean
gst_peer_connection_remove_track (GstPeerConnection  *self,
                                  GstCallTrack       *track,
                                  GError            **error)
{
  GstPeerConnectionLocalBranch *branch;
  GstElement *elements[3];
  gboolean webrtc_sink_active;

  g_return_val_if_fail (GST_IS_PEER_CONNECTION (self), FALSE);
  g_return_val_if_fail (GST_IS_CALL_TRACK (track), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!gst_peer_connection_check_usable (self, error))
    return FALSE;
  branch = g_hash_table_lookup (self->local_branches, track);
  if (!branch) {
    g_set_error_literal (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                         _("The track is not a local track of this peer connection"));
    return FALSE;
  }

  /* Until its transceiver is negotiated, webrtcbin holds buffers in a
   * blocking probe on the sink pad: the send branch's streaming thread
   * waits there, and stopping the branch would wait for that thread
   * forever. Deactivating the pad sets it flushing, which lets the thread
   * go; the pad is activated again once the branch is gone. */
  webrtc_sink_active = gst_pad_is_active (branch->webrtc_sink);
  if (webrtc_sink_active)
    gst_pad_set_active (branch->webrtc_sink, FALSE);

  g_mutex_lock (&self->shared->lock);
  g_ptr_array_remove (self->shared->broadcast_sources, branch->source);
  g_mutex_unlock (&self->shared->lock);

  /* Upstream first, so no buffer is pushed into an element going away. */
  elements[0] = branch->source;
  elements[1] = branch->valve;
  elements[2] = branch->send_bin;
  for (guint i = 0; i < G_N_ELEMENTS (elements); i++) {
    gst_element_set_locked_state (elements[i], TRUE);
    gst_element_set_state (elements[i], GST_STATE_NULL);
  }
  for (guint i = 0; i < G_N_ELEMENTS (elements); i++)
    gst_bin_remove (GST_BIN (self->shared->pipeline), elements[i]);
  if (webrtc_sink_active)
    gst_pad_set_active (branch->webrtc_sink, TRUE);

  if (branch->transceiver) {
    GstWebRTCRTPTransceiverDirection direction;

    g_object_get (branch->transceiver, "direction", &direction, NULL);
    g_object_set (branch->transceiver, "direction",
                  direction == GST_WEBRTC_RTP_TRANSCEIVER_DIRECTION_SENDRECV
                      ? GST_WEBRTC_RTP_TRANSCEIVER_DIRECTION_RECVONLY
                      : GST_WEBRTC_RTP_TRANSCEIVER_DIRECTION_INACTIVE, NULL);
  }

  {
    g_autoptr (GstElement) slot = gst_call_media_find_encoder_slot (branch->send_bin);

    if (slot) {
      g_mutex_lock (&self->shared->lock);
      g_ptr_array_remove (self->shared->video_slots, slot);
      g_ptr_array_remove (self->shared->audio_slots, slot);
      g_mutex_unlock (&self->shared->lock);
    }
  }
  g_hash_table_remove (self->local_branches, track);
  g_ptr_array_remove (self->tracks, track);

  self->local_generation++;
  gst_peer_connection_schedule_negotiation_needed (self->shared);
  return TRUE;
}

/**
 * gst_peer_connection_add_track_from_description:
 * @self: a [class@PeerConnection]
 * @kind: audio or video
 * @description: a gst-launch style description of the source, for example
 *   `videotestsrc is-live=true pattern=ball ! video/x-raw,width=640,height=480`
 * @error: return location for a #GError
 *
 * Builds a source bin from @description and adds it as with
 * [method@PeerConnection.add_track].
 *
 * Returns: (transfer none) (nullable): the local [class@CallTrack], or %NULL
 *   with @error set (a missing element is reported with its package)
 *
 * Since: 0.1
 */
GstCallTrack *
gst_peer_connection_add_track_from_description (GstPeerConnection *self,
                                                GstCallMediaKind   kind,
                                                const char        *description,
                                                GError           **error)
{
  GstElement *source;

  g_return_val_if_fail (GST_IS_PEER_CONNECTION (self), NULL);
  g_return_val_if_fail (description != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!gst_peer_connection_check_usable (self, error))
    return NULL;

  source = gst_call_media_make_source_from_description (kind, description, error);
  if (!source)
    return NULL;

  return gst_peer_connection_add_track (self, kind, source, error);
}

/**
 * gst_peer_connection_get_tracks:
 * @self: a [class@PeerConnection]
 *
 * Gets the local tracks and the remote tracks announced so far.
 *
 * Returns: (transfer container) (element-type GstCallTrack): the tracks
 *
 * Since: 0.1
 */
GPtrArray *
gst_peer_connection_get_tracks (GstPeerConnection *self)
{
  GPtrArray *tracks;

  g_return_val_if_fail (GST_IS_PEER_CONNECTION (self), NULL);

  tracks = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; self->tracks && i < self->tracks->len; i++)
    g_ptr_array_add (tracks, g_object_ref (g_ptr_array_index (self->tracks, i)));
  return tracks;
}

/* The telephone-event payload type at @clock_rate in the section of @mid
 * of the peer's current description, or -1. */
static int
remote_dtmf_payload_type (GstPeerConnection *self,
                          const char        *mid,
                          guint              clock_rate)
{
  g_autoptr (GstWebRTCSessionDescription) remote = NULL;

  g_object_get (self->shared->webrtcbin, "current-remote-description", &remote, NULL);
  if (!remote || !remote->sdp || !mid)
    return -1;
  for (guint i = 0; i < gst_sdp_message_medias_len (remote->sdp); i++) {
    const GstSDPMedia *media = gst_sdp_message_get_media (remote->sdp, i);

    if (gst_sdp_media_get_port (media) != 0 &&
        g_strcmp0 (gst_sdp_media_get_attribute_val (media, "mid"), mid) == 0)
      return gst_call_dtmf_find_payload_type (media, clock_rate);
  }
  return -1;
}

gboolean
gst_peer_connection_send_dtmf (GstPeerConnection  *self,
                               const char         *tones,
                               guint               duration_ms,
                               GError            **error)
{
  GstPeerConnectionLocalBranch *audio = NULL;
  g_autofree char *mid = NULL;
  int payload_type;

  g_return_val_if_fail (GST_IS_PEER_CONNECTION (self), FALSE);
  g_return_val_if_fail (tones != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!gst_peer_connection_check_usable (self, error))
    return FALSE;
  /* The first local audio track, in the order they were added. */
  for (guint i = 0; !audio && i < self->tracks->len; i++) {
    GstCallTrack *track = g_ptr_array_index (self->tracks, i);
    GstPeerConnectionLocalBranch *branch = g_hash_table_lookup (self->local_branches, track);

    if (branch && branch->dtmf)
      audio = branch;
  }
  if (!audio) {
    g_set_error_literal (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_STATE,
                         _("DTMF cannot be sent: the call sends no audio"));
    return FALSE;
  }
  if (audio->transceiver)
    g_object_get (audio->transceiver, "mid", &mid, NULL);
  payload_type = remote_dtmf_payload_type (self, mid, audio->clock_rate);
  if (payload_type < 0) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_NEGOTIATION,
                 _("DTMF cannot be sent: the peer did not negotiate telephone-event/%u "
                   "(RFC 4733) for the audio"), audio->clock_rate);
    return FALSE;
  }
  gst_call_dtmf_sender_queue (audio->dtmf, (guint) payload_type, tones, duration_ms);
  return TRUE;
}
