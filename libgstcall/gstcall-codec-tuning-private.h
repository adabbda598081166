/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gst/gst.h>

G_BEGIN_DECLS

/* What gst_call_codecs_apply_low_latency_preset() and
 * gst_call_codecs_set_encoder_bitrate() do, for the library's own use
 * (GstCallCodecCandidate, the encoder slot) without going through
 * GstCallCodecs. */
void     gst_call_codec_tuning_apply_low_latency_preset (GstElement *element);

/* Keyframes come when a receiver asks for one (PLI, FIR). The encoders'
 * own come every GST_CALL_KEYFRAME_INTERVAL frames (10 s at 30 fps, the
 * low-latency preset's) for a peer that may not ask, and every
 * GST_CALL_KEYFRAME_INTERVAL_ON_REQUEST frames (libwebrtc's VP8 default)
 * for one that asks: a WebRTC peer. A keyframe is several times a frame's
 * size and, on a slow link, holds the frames behind it in the
 * bottleneck's queue: each one showed as a delay peak of 100-160 ms at
 * 500 kbit/s (one every 2-4 s with the encoders' own defaults). */
#define GST_CALL_KEYFRAME_INTERVAL 300
#define GST_CALL_KEYFRAME_INTERVAL_ON_REQUEST 3000

/* Sets the most frames between @encoder's own keyframes. FALSE when it
 * has no such setting this knows. */
gboolean gst_call_codec_tuning_set_keyframe_interval (GstElement *encoder,
                                                      guint       frames);

gboolean gst_call_codec_tuning_set_encoder_bitrate (GstElement *encoder,
                                                    guint       kbit_per_second);
/* Gives @encoder its own default bitrate again (after
 * gst_call_codec_tuning_set_encoder_bitrate()), as its low-latency preset
 * leaves it. FALSE when it has no bitrate setting this knows. */
gboolean gst_call_codec_tuning_reset_encoder_bitrate (GstElement *encoder);

G_END_DECLS
