/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "gstcall-bitrate-allocation-private.h"

guint64
gst_call_bitrate_opus_share (guint64 target)
{
  return CLAMP (target / GST_CALL_BITRATE_AUDIO_SHARE_DIVISOR, GST_CALL_BITRATE_AUDIO_MIN,
                GST_CALL_BITRATE_AUDIO_DEFAULT);
}

guint64
gst_call_bitrate_audio (GstCallEncoderSlot *slot,
                        guint64             target)
{
  guint asked = gst_call_encoder_slot_get_bitrate (slot);

  if (gst_call_encoder_slot_get_codec (slot) == GST_CALL_CODEC_OPUS) {
    guint64 share = gst_call_bitrate_opus_share (target);

    return asked ? MIN (share, (guint64) asked * 1000) : share;
  }
  return asked ? (guint64) asked * 1000 : GST_CALL_BITRATE_AUDIO_DEFAULT;
}

guint64
gst_call_bitrate_video_share (GPtrArray *audio_slots,
                              guint      n_video,
                              guint64    target)
{
  guint64 audio = 0;
  guint64 video;

  for (guint i = 0; i < audio_slots->len; i++)
    audio += gst_call_bitrate_audio (g_ptr_array_index (audio_slots, i), target) +
             GST_CALL_BITRATE_AUDIO_OVERHEAD;
  video = target > audio ? (target - audio) * GST_CALL_BITRATE_VIDEO_SHARE_PERCENT / 100 : 0;
  video = MAX (video, GST_CALL_BITRATE_VIDEO_MIN) / MAX (n_video, 1);
  return MAX (video, GST_CALL_BITRATE_VIDEO_MIN);
}

gboolean
gst_call_bitrate_video_due (guint64 applied,
                            guint64 video,
                            gint64  last_applied,
                            gint64  now)
{
  gboolean due = last_applied == 0 || now - last_applied >= GST_CALL_BITRATE_UPDATE_INTERVAL;

  if (applied > 0 && video * 100 < applied * (100 - GST_CALL_BITRATE_FALL_PERCENT))
    return TRUE; /* a fall: at once */
  if (!due || video == applied)
    return FALSE;
  if (video > applied && applied > 0 &&
      video * 100 <= applied * (100 + GST_CALL_BITRATE_RISE_PERCENT))
    return FALSE;
  return TRUE;
}

gboolean
gst_call_bitrate_target_moved (guint *reported,
                               guint  target)
{
  if (*reported != 0 &&
      (guint64) ABS ((gint64) target - (gint64) *reported) * 100 <=
          (guint64) *reported * GST_CALL_BITRATE_TARGET_NOTIFY_PERCENT)
    return FALSE;
  *reported = target;
  return TRUE;
}

GPtrArray *
gst_call_bitrate_slots_append (GPtrArray *slots,
                               GPtrArray *from)
{
  if (!slots)
    slots = g_ptr_array_new_with_free_func (gst_object_unref);
  for (guint i = 0; i < from->len; i++)
    g_ptr_array_add (slots, gst_object_ref (g_ptr_array_index (from, i)));
  return slots;
}

GPtrArray *
gst_call_bitrate_decide_opus (GPtrArray *audio_slots,
                              guint     *applied,
                              guint64    target,
                              guint     *bitrate)
{
  guint64 share = gst_call_bitrate_opus_share (target);
  GPtrArray *slots = NULL;

  if (*applied != 0 &&
      (guint64) ABS ((gint64) share - (gint64) *applied) < GST_CALL_BITRATE_AUDIO_STEP)
    return NULL;
  for (guint i = 0; i < audio_slots->len; i++) {
    GstCallEncoderSlot *slot = g_ptr_array_index (audio_slots, i);

    if (gst_call_encoder_slot_get_codec (slot) != GST_CALL_CODEC_OPUS)
      continue;
    if (!slots)
      slots = g_ptr_array_new_with_free_func (gst_object_unref);
    g_ptr_array_add (slots, gst_object_ref (slot));
  }
  *applied = (guint) share;
  *bitrate = (guint) share;
  return slots;
}

void
gst_call_bitrate_give (GPtrArray *slots,
                       guint      bitrate)
{
  for (guint i = 0; slots && i < slots->len; i++)
    gst_call_encoder_slot_set_congestion_bitrate (g_ptr_array_index (slots, i),
                                                  bitrate ? MAX (bitrate / 1000, 1) : 0);
  if (slots)
    g_ptr_array_unref (slots);
}
