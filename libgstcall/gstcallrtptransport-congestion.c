/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "gstcallrtptransport-impl-private.h"
#include "gstcall-bitrate-allocation-private.h"
#include "gstcall-encoder-slot-private.h"
#include "gstcallrtptransport-private.h"

/* GstCallRtpTransport's congestion control: the controller of
 * gstcall-gcc.c (the one GstPeerConnection runs on transport-wide
 * feedback) fed by what plain RTP peers send, RTCP receiver reports and
 * REMB, and its target given to the encoders as on WebRTC.
 *
 * Where the figures come from, in rtpbin 1.22: each session's RTPSession
 * (rtpbin's "get-internal-session") emits "on-receiving-rtcp" with every
 * RTCP packet it receives, before handling it, and "on-sending-rtcp" with
 * every one it sends, complete. The receiver report blocks are read from
 * the packets received rather than from the RTPSource statistics
 * ("rb-fractionlost", "rb-round-trip" of the sender's source): a source
 * keeps only the last block of each packet, which may be about another
 * SSRC than the media's (the peer reports on our RTX SSRC too), and
 * "on-ssrc-active" also comes for packets without blocks, so the same
 * block would be read again. The round trip is ours to compute: an SR we
 * send is remembered with the time it left ("on-sending-rtcp"), and a
 * block naming it in its LSR gives the round trip as the time since, less
 * its DLSR (RFC 3550 section 6.4.1); no NTP clock is compared. REMB is
 * RTCP PSFB with FMT 15 ("AFB"), found in the same packets.
 *
 * A peer's fraction lost is over what it received in the interval, and a
 * GStreamer peer counts a retransmission (RTX) as a packet received: with
 * NACK and RTX, a report that follows one with losses may say nothing was
 * lost, and the loss-based bound sees about the losses retransmissions did
 * not repair. */

/* Main context: the controller's target moved enough to tell the
 * application (@data: the target, bit/s). */
static void
notify_target_bitrate (gpointer object,
                       gpointer data)
{
  GstCallRtpTransport *self = object;
  guint target = GPOINTER_TO_UINT (data);

  /* A report on its way when congestion control was turned off. */
  if (self->closed || self->congestion_control == GST_CALL_CONGESTION_CONTROL_NONE ||
      self->target_bitrate == target)
    return;
  self->target_bitrate = target;
  g_object_notify_by_pspec (G_OBJECT (self),
                            gst_call_rtp_transport_props[PROP_TARGET_BITRATE]);
}

/* The bounds the controller uses, bit/s: the maximum wins over the others. */
static void
effective_bounds (GstCallRtpCongestion *congestion,
                  guint                *min_bitrate,
                  guint                *start_bitrate,
                  guint                *max_bitrate)
{
  *max_bitrate = congestion->max_bitrate;
  *min_bitrate = MIN (congestion->min_bitrate, congestion->max_bitrate);
  *start_bitrate = CLAMP (congestion->start_bitrate, *min_bitrate, *max_bitrate);
}

/* Called with the lock: the controller, made at the start bitrate if there
 * is none yet. */
static GstCallGcc *
ensure_controller (GstCallRtpCongestion *congestion)
{
  guint min_bitrate, start_bitrate, max_bitrate;

  if (!congestion->controller) {
    effective_bounds (congestion, &min_bitrate, &start_bitrate, &max_bitrate);
    congestion->controller = gst_call_gcc_new (min_bitrate, start_bitrate, max_bitrate);
  }
  return congestion->controller;
}

/* Called with the lock: the target, the controller's bounded by the peer's
 * REMB. */
static guint
current_target (GstCallRtpCongestion *congestion)
{
  guint min_bitrate, start_bitrate, max_bitrate;
  guint64 target = gst_call_gcc_get_target_bitrate (congestion->controller);

  if (congestion->remb_bitrate > 0) {
    effective_bounds (congestion, &min_bitrate, &start_bitrate, &max_bitrate);
    target = MAX (MIN (target, congestion->remb_bitrate), min_bitrate);
  }
  return (guint) target;
}

/* Called with the lock: the video encoders to get a new bitrate from
 * @target at @now (a new array, NULL when none), and that bitrate in
 * *@bitrate, bit/s. */
static GPtrArray *
decide_video_bitrate (GstCallRtpCongestion *congestion,
                      guint64               target,
                      gint64                now,
                      guint                *bitrate)
{
  guint64 video, applied = congestion->applied_video_bitrate;

  if (congestion->video_slots->len == 0)
    return NULL;
  video = gst_call_bitrate_video_share (congestion->audio_slots, congestion->video_slots->len,
                                        target);
  if (!gst_call_bitrate_video_due (applied, video, congestion->last_applied, now))
    return NULL;
  GST_DEBUG ("congestion control: target %" G_GUINT64_FORMAT " bit/s, video %" G_GUINT64_FORMAT
             " bit/s (was %" G_GUINT64_FORMAT ")", target, video, applied);
  congestion->applied_video_bitrate = (guint) MIN (video, G_MAXUINT);
  congestion->last_applied = now;
  *bitrate = congestion->applied_video_bitrate;
  return gst_call_bitrate_slots_append (NULL, congestion->video_slots);
}

/* Any thread: the controller's target (@now, monotonic microseconds) goes
 * to the encoders and, when it moved enough, to the main context. */
static void
follow_target (GstCallRtpTransport *self,
               gint64               now)
{
  GstCallRtpCongestion *congestion = &self->congestion;
  GPtrArray *video_slots, *opus_slots;
  guint video_bitrate = 0, opus_bitrate = 0;
  gboolean report;
  guint target;

  g_mutex_lock (&congestion->lock);
  if (congestion->mode == GST_CALL_CONGESTION_CONTROL_NONE || !congestion->controller) {
    g_mutex_unlock (&congestion->lock);
    return;
  }
  target = current_target (congestion);
  report = gst_call_bitrate_target_moved (&congestion->reported_target, target);
  opus_slots = gst_call_bitrate_decide_opus (congestion->audio_slots,
                                             &congestion->applied_audio_bitrate, target,
                                             &opus_bitrate);
  video_slots = decide_video_bitrate (congestion, target, now, &video_bitrate);
  g_mutex_unlock (&congestion->lock);

  /* The encoders first: the application hears of a target they follow. */
  gst_call_bitrate_give (opus_slots, opus_bitrate);
  gst_call_bitrate_give (video_slots, video_bitrate);
  if (report)
    gst_call_context_proxy_invoke (self->proxy, notify_target_bitrate,
                                   GUINT_TO_POINTER (target), NULL);
}

/* Streaming thread (the RTCP received): report blocks about the stream
 * that feeds the controller, and REMB. */
static void
on_receiving_rtcp (GObject   *rtp_session,
                   GstBuffer *buffer,
                   gpointer   user_data)
{
  GstCallRtpTransport *self = user_data;
  GstCallRtpCongestion *congestion = &self->congestion;
  GstCallRtcpFeedback feedback;
  gint64 now = g_get_monotonic_time ();
  gboolean fed = FALSE;
  guint32 ssrc;

  if (!gst_call_rtcp_feedback_parse (buffer, &feedback))
    return;

  g_mutex_lock (&congestion->lock);
  /* The video carries the bitrate: its blocks feed the controller, the
   * audio's only when no video is sent. */
  ssrc = congestion->video_ssrc ? congestion->video_ssrc : congestion->audio_ssrc;
  if (congestion->mode == GST_CALL_CONGESTION_CONTROL_NONE || ssrc == 0) {
    g_mutex_unlock (&congestion->lock);
    return;
  }
  if (feedback.have_remb) {
    GST_LOG ("REMB: %" G_GUINT64_FORMAT " bit/s", feedback.remb_bitrate);
    congestion->remb_bitrate = MAX (feedback.remb_bitrate, 1);
    congestion->remb_reports++;
    fed = TRUE;
  }
  for (guint i = 0; i < feedback.n_blocks; i++) {
    const GstCallRtcpReportBlock *block = &feedback.blocks[i];
    gint64 round_trip;

    if (block->ssrc != ssrc)
      continue;
    round_trip = gst_call_rtcp_sent_reports_round_trip (congestion->sent_reports,
                                                        block->last_sr,
                                                        block->delay_since_last_sr, now);
    if (round_trip >= 0)
      congestion->round_trip_time = round_trip;
    GST_LOG ("receiver report about SSRC %u: %.1f %% lost, round trip %" G_GINT64_FORMAT " us",
             ssrc, block->fraction_lost * 100, round_trip);
    gst_call_gcc_on_receiver_report (ensure_controller (congestion), block->fraction_lost,
                                     round_trip, now);
    congestion->receiver_reports++;
    fed = TRUE;
  }
  if (fed)
    ensure_controller (congestion);
  g_mutex_unlock (&congestion->lock);

  if (fed)
    follow_target (self, now);
}

/* RTCP thread: the SRs we send, for the round trip. */
static gboolean
on_sending_rtcp (GObject   *rtp_session,
                 GstBuffer *buffer,
                 gboolean   early,
                 gpointer   user_data)
{
  GstCallRtpTransport *self = user_data;
  gint64 now = g_get_monotonic_time ();

  g_mutex_lock (&self->congestion.lock);
  gst_call_rtcp_sent_reports_add_packet (self->congestion.sent_reports, buffer, now);
  g_mutex_unlock (&self->congestion.lock);
  /* Suppressing it is up to rtpbin. */
  return FALSE;
}

void
gst_call_rtp_transport_congestion_add_media (GstCallRtpTransport *self,
                                             LocalMedia          *media)
{
  GstCallRtpCongestion *congestion = &self->congestion;
  GstCallEncoderSlot *slot;
  Session *entry = &self->sessions[media->session];
  gboolean video = media->kind == GST_CALL_MEDIA_KIND_VIDEO;
  gboolean start;

  if (!entry->rtcp_watched) {
    g_autoptr (GObject) rtp_session = NULL;

    g_signal_emit_by_name (self->rtpbin, "get-internal-session", (guint) media->session,
                           &rtp_session);
    if (rtp_session) {
      entry->rtcp_watched = TRUE;
      g_signal_connect (rtp_session, "on-receiving-rtcp", G_CALLBACK (on_receiving_rtcp), self);
      g_signal_connect (rtp_session, "on-sending-rtcp", G_CALLBACK (on_sending_rtcp), self);
    }
  }
  if (!media->encoder_slot)
    return;
  slot = GST_CALL_ENCODER_SLOT (media->encoder_slot);

  g_mutex_lock (&congestion->lock);
  if (video && congestion->video_ssrc == 0)
    congestion->video_ssrc = media->ssrc;
  else if (!video && congestion->audio_ssrc == 0)
    congestion->audio_ssrc = media->ssrc;
  g_ptr_array_add (video ? congestion->video_slots : congestion->audio_slots,
                   gst_object_ref (slot));
  start = congestion->mode == GST_CALL_CONGESTION_CONTROL_GCC;
  if (start) {
    ensure_controller (congestion);
    /* A stream joining a running call starts where the others are. */
    if (video)
      congestion->applied_video_bitrate = 0;
    else
      congestion->applied_audio_bitrate = 0;
    congestion->last_applied = 0;
  }
  g_mutex_unlock (&congestion->lock);

  if (start)
    follow_target (self, g_get_monotonic_time ());
}

void
gst_call_rtp_transport_congestion_remove_media (GstCallRtpTransport *self,
                                                LocalMedia          *media)
{
  GstCallRtpCongestion *congestion = &self->congestion;

  if (!media->encoder_slot)
    return;
  g_mutex_lock (&congestion->lock);
  g_ptr_array_remove (congestion->video_slots, media->encoder_slot);
  g_ptr_array_remove (congestion->audio_slots, media->encoder_slot);
  if (congestion->video_ssrc == media->ssrc)
    congestion->video_ssrc = 0;
  if (congestion->audio_ssrc == media->ssrc)
    congestion->audio_ssrc = 0;
  g_mutex_unlock (&congestion->lock);
}

void
gst_call_rtp_transport_apply_congestion_settings (GstCallRtpTransport *self)
{
  GstCallRtpCongestion *congestion = &self->congestion;
  GPtrArray *slots = NULL;
  gboolean resume = FALSE;

  g_mutex_lock (&congestion->lock);
  congestion->min_bitrate = self->min_bitrate;
  congestion->start_bitrate = self->start_bitrate;
  congestion->max_bitrate = self->max_bitrate;
  if (self->congestion_control == GST_CALL_CONGESTION_CONTROL_NONE && congestion->controller) {
    /* Off: the encoders go back to the bitrate they are configured with. */
    g_clear_pointer (&congestion->controller, gst_call_gcc_free);
    congestion->applied_video_bitrate = 0;
    congestion->applied_audio_bitrate = 0;
    congestion->last_applied = 0;
    congestion->reported_target = 0;
    slots = gst_call_bitrate_slots_append (NULL, congestion->video_slots);
    slots = gst_call_bitrate_slots_append (slots, congestion->audio_slots);
  } else if (congestion->controller) {
    guint min_bitrate, start_bitrate, max_bitrate;

    /* Running: the new bounds hold from now on (the start is past). */
    effective_bounds (congestion, &min_bitrate, &start_bitrate, &max_bitrate);
    gst_call_gcc_set_bounds (congestion->controller, min_bitrate, max_bitrate);
    resume = TRUE;
  } else if (self->congestion_control == GST_CALL_CONGESTION_CONTROL_GCC &&
             (congestion->video_slots->len > 0 || congestion->audio_slots->len > 0)) {
    /* On again during the call: from the start bitrate. */
    ensure_controller (congestion);
    resume = TRUE;
  }
  congestion->mode = self->congestion_control;
  g_mutex_unlock (&congestion->lock);

  gst_call_bitrate_give (slots, 0);
  if (resume)
    follow_target (self, g_get_monotonic_time ());
  if (self->congestion_control == GST_CALL_CONGESTION_CONTROL_NONE && self->target_bitrate != 0) {
    self->target_bitrate = 0;
    g_object_notify_by_pspec (G_OBJECT (self),
                              gst_call_rtp_transport_props[PROP_TARGET_BITRATE]);
  }
}

void
gst_call_rtp_transport_congestion_init (GstCallRtpTransport *self)
{
  GstCallRtpCongestion *congestion = &self->congestion;

  self->congestion_control = GST_CALL_CONGESTION_CONTROL_GCC;
  self->min_bitrate = GST_CALL_GCC_DEFAULT_MIN_BITRATE;
  self->start_bitrate = GST_CALL_GCC_DEFAULT_START_BITRATE;
  self->max_bitrate = GST_CALL_GCC_DEFAULT_MAX_BITRATE;
  g_mutex_init (&congestion->lock);
  congestion->mode = self->congestion_control;
  congestion->min_bitrate = self->min_bitrate;
  congestion->start_bitrate = self->start_bitrate;
  congestion->max_bitrate = self->max_bitrate;
  congestion->sent_reports = gst_call_rtcp_sent_reports_new ();
  congestion->video_slots = g_ptr_array_new_with_free_func (gst_object_unref);
  congestion->audio_slots = g_ptr_array_new_with_free_func (gst_object_unref);
  congestion->round_trip_time = -1;
}

void
gst_call_rtp_transport_congestion_clear (GstCallRtpTransport *self)
{
  GstCallRtpCongestion *congestion = &self->congestion;

  g_clear_pointer (&congestion->controller, gst_call_gcc_free);
  g_clear_pointer (&congestion->sent_reports, gst_call_rtcp_sent_reports_free);
  g_clear_pointer (&congestion->video_slots, g_ptr_array_unref);
  g_clear_pointer (&congestion->audio_slots, g_ptr_array_unref);
  g_mutex_clear (&congestion->lock);
}

gboolean
gst_call_rtp_transport_get_congestion_estimate (GstCallRtpTransport *self,
                                                guint               *receiver_reports,
                                                guint               *remb_reports,
                                                guint               *target_bitrate,
                                                gint64              *round_trip_time)
{
  GstCallRtpCongestion *congestion;
  gboolean known;

  g_return_val_if_fail (GST_IS_CALL_RTP_TRANSPORT (self), FALSE);

  congestion = &self->congestion;
  g_mutex_lock (&congestion->lock);
  known = congestion->controller != NULL;
  if (receiver_reports)
    *receiver_reports = congestion->receiver_reports;
  if (remb_reports)
    *remb_reports = congestion->remb_reports;
  if (target_bitrate)
    *target_bitrate = known ? current_target (congestion) : 0;
  if (round_trip_time)
    *round_trip_time = congestion->round_trip_time;
  g_mutex_unlock (&congestion->lock);
  return known;
}

/* ------------------------------------------------------------------------ */
/* Settings                                                                  */

static void
set_bound (GstCallRtpTransport *self,
           guint               *field,
           guint                bitrate,
           guint                prop)
{
  if (*field == bitrate)
    return;
  *field = bitrate;
  gst_call_rtp_transport_apply_congestion_settings (self);
  g_object_notify_by_pspec (G_OBJECT (self), gst_call_rtp_transport_props[prop]);
}

/**
 * gst_call_rtp_transport_get_congestion_control:
 * @self: a [class@CallRtpTransport]
 *
 * Gets [property@CallRtpTransport:congestion-control].
 *
 * Returns: how the transport adapts what it sends to the network
 *
 * Since: 0.1
 */
GstCallCongestionControl
gst_call_rtp_transport_get_congestion_control (GstCallRtpTransport *self)
{
  g_return_val_if_fail (GST_IS_CALL_RTP_TRANSPORT (self), GST_CALL_CONGESTION_CONTROL_GCC);

  return self->congestion_control;
}

/**
 * gst_call_rtp_transport_set_congestion_control:
 * @self: a [class@CallRtpTransport]
 * @congestion_control: how to adapt to the network
 *
 * Sets [property@CallRtpTransport:congestion-control], at any time.
 *
 * Since: 0.1
 */
void
gst_call_rtp_transport_set_congestion_control (GstCallRtpTransport      *self,
                                               GstCallCongestionControl  congestion_control)
{
  g_return_if_fail (GST_IS_CALL_RTP_TRANSPORT (self));
  g_return_if_fail (congestion_control == GST_CALL_CONGESTION_CONTROL_NONE ||
                    congestion_control == GST_CALL_CONGESTION_CONTROL_GCC);

  if (self->congestion_control == congestion_control)
    return;
  self->congestion_control = congestion_control;
  gst_call_rtp_transport_apply_congestion_settings (self);
  g_object_notify_by_pspec (G_OBJECT (self),
                            gst_call_rtp_transport_props[PROP_CONGESTION_CONTROL]);
}

/**
 * gst_call_rtp_transport_get_min_bitrate:
 * @self: a [class@CallRtpTransport]
 *
 * Gets [property@CallRtpTransport:min-bitrate].
 *
 * Returns: the lowest target of congestion control, bit/s
 *
 * Since: 0.1
 */
guint
gst_call_rtp_transport_get_min_bitrate (GstCallRtpTransport *self)
{
  g_return_val_if_fail (GST_IS_CALL_RTP_TRANSPORT (self), GST_CALL_GCC_DEFAULT_MIN_BITRATE);

  return self->min_bitrate;
}

/**
 * gst_call_rtp_transport_set_min_bitrate:
 * @self: a [class@CallRtpTransport]
 * @bitrate: bit/s, at least 1000
 *
 * Sets [property@CallRtpTransport:min-bitrate].
 *
 * Since: 0.1
 */
void
gst_call_rtp_transport_set_min_bitrate (GstCallRtpTransport *self,
                                        guint                bitrate)
{
  g_return_if_fail (GST_IS_CALL_RTP_TRANSPORT (self));
  g_return_if_fail (bitrate >= GST_CALL_RTP_TRANSPORT_LOWEST_BITRATE);

  set_bound (self, &self->min_bitrate, bitrate, PROP_MIN_BITRATE);
}

/**
 * gst_call_rtp_transport_get_start_bitrate:
 * @self: a [class@CallRtpTransport]
 *
 * Gets [property@CallRtpTransport:start-bitrate].
 *
 * Returns: the target congestion control starts from, bit/s
 *
 * Since: 0.1
 */
guint
gst_call_rtp_transport_get_start_bitrate (GstCallRtpTransport *self)
{
  g_return_val_if_fail (GST_IS_CALL_RTP_TRANSPORT (self), GST_CALL_GCC_DEFAULT_START_BITRATE);

  return self->start_bitrate;
}

/**
 * gst_call_rtp_transport_set_start_bitrate:
 * @self: a [class@CallRtpTransport]
 * @bitrate: bit/s, at least 1000
 *
 * Sets [property@CallRtpTransport:start-bitrate].
 *
 * Since: 0.1
 */
void
gst_call_rtp_transport_set_start_bitrate (GstCallRtpTransport *self,
                                          guint                bitrate)
{
  g_return_if_fail (GST_IS_CALL_RTP_TRANSPORT (self));
  g_return_if_fail (bitrate >= GST_CALL_RTP_TRANSPORT_LOWEST_BITRATE);

  set_bound (self, &self->start_bitrate, bitrate, PROP_START_BITRATE);
}

/**
 * gst_call_rtp_transport_get_max_bitrate:
 * @self: a [class@CallRtpTransport]
 *
 * Gets [property@CallRtpTransport:max-bitrate].
 *
 * Returns: the highest target of congestion control, bit/s
 *
 * Since: 0.1
 */
guint
gst_call_rtp_transport_get_max_bitrate (GstCallRtpTransport *self)
{
  g_return_val_if_fail (GST_IS_CALL_RTP_TRANSPORT (self), GST_CALL_GCC_DEFAULT_MAX_BITRATE);

  return self->max_bitrate;
}

/**
 * gst_call_rtp_transport_set_max_bitrate:
 * @self: a [class@CallRtpTransport]
 * @bitrate: bit/s, at least 1000
 *
 * Sets [property@CallRtpTransport:max-bitrate].
 *
 * Since: 0.1
 */
void
gst_call_rtp_transport_set_max_bitrate (GstCallRtpTransport *self,
                                        guint                bitrate)
{
  g_return_if_fail (GST_IS_CALL_RTP_TRANSPORT (self));
  g_return_if_fail (bitrate >= GST_CALL_RTP_TRANSPORT_LOWEST_BITRATE);

  set_bound (self, &self->max_bitrate, bitrate, PROP_MAX_BITRATE);
}

/**
 * gst_call_rtp_transport_get_target_bitrate:
 * @self: a [class@CallRtpTransport]
 *
 * Gets [property@CallRtpTransport:target-bitrate].
 *
 * Returns: what congestion control estimates the path can carry, bit/s;
 *   0 when it does not run
 *
 * Since: 0.1
 */
guint
gst_call_rtp_transport_get_target_bitrate (GstCallRtpTransport *self)
{
  g_return_val_if_fail (GST_IS_CALL_RTP_TRANSPORT (self), 0);

  return self->target_bitrate;
}
