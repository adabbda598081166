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

gboolean gst_call_codec_tuning_set_encoder_bitrate (GstElement *encoder,
                                                    guint       kbit_per_second);
/* Gives @encoder its own default bitrate again (after
 * gst_call_codec_tuning_set_encoder_bitrate()), as its low-latency preset
 * leaves it. FALSE when it has no bitrate setting this knows. */
gboolean gst_call_codec_tuning_reset_encoder_bitrate (GstElement *encoder);

G_END_DECLS
