/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gst/gst.h>

#include "gstcallcodecs.h"

G_BEGIN_DECLS

/* GstCallEncoderSlot: a bin holding the encoder chosen by GstCallCodecs,
 * with "sink" and "src" ghost pads.
 *
 * If the encoder fails while media flows (it posts an error), the error is
 * kept off the pipeline's bus, the encoder is marked failed in the probe
 * cache and, at the next buffer, replaced by the next working candidate:
 * the sink pad is blocked, the element swapped, the pad unblocked and a
 * keyframe requested. The call goes on; the bus gets a warning and an
 * element message "gst-call-encoder-fallback" (fields "failed-element",
 * "element", "reason") instead. Only when no candidate is left does the
 * error reach the bus.
 *
 * A video slot degrades the format the encoder gets when congestion
 * control's bitrate is too low for it: a videoscale ! videorate !
 * capsfilter ahead of the encoder lowers the resolution, then the frame
 * rate, and raises them again when the bitrate recovers
 * (gstcall-degradation.c has the rule). Without a congestion bitrate the
 * encoder gets the source's format. */
#define GST_TYPE_CALL_ENCODER_SLOT (gst_call_encoder_slot_get_type ())
G_DECLARE_FINAL_TYPE (GstCallEncoderSlot, gst_call_encoder_slot, GST, CALL_ENCODER_SLOT, GstBin)

GstElement *gst_call_encoder_slot_new (GstCallCodecs  *codecs,
                                       GstCallCodec    codec,
                                       guint           kbit_per_second,
                                       GError        **error);

/* Whether the peer asks for keyframes when it needs one (RTCP PLI or FIR,
 * as every WebRTC peer does): the encoders' own then come every
 * GST_CALL_KEYFRAME_INTERVAL_ON_REQUEST frames instead of every
 * GST_CALL_KEYFRAME_INTERVAL. Applies to the encoder in use and to the
 * ones that replace it. Any thread. */
void        gst_call_encoder_slot_set_peer_asks_for_keyframes (GstCallEncoderSlot *self,
                                                                gboolean            asks);
/* The codec it encodes. */
GstCallCodec gst_call_encoder_slot_get_codec (GstCallEncoderSlot *self);

/* The element in use. */
GstElement *gst_call_encoder_slot_get_encoder (GstCallEncoderSlot *self);

/* The bitrate asked for in kbit/s, 0 when the encoder runs at its default. */
guint       gst_call_encoder_slot_get_bitrate (GstCallEncoderSlot *self);
/* The bitrate the encoders are set to in kbit/s: the congestion bitrate
 * when there is one (at most the one set with
 * gst_call_encoder_slot_set_bitrate()), else the one asked for (at
 * creation or later); 0 for the encoder's default. */
guint       gst_call_encoder_slot_get_effective_bitrate (GstCallEncoderSlot *self);

/* Whether congestion control holds the encoders below the bitrate asked
 * for (the application's, or the one the slot was made with), or has them
 * encode a degraded format. */
gboolean    gst_call_encoder_slot_is_limited_by_congestion (GstCallEncoderSlot *self);

/* Whether encoding takes most of the time between two frames (see
 * gstcall-encode-usage-private.h): the machine limits the quality. */
gboolean    gst_call_encoder_slot_is_limited_by_cpu (GstCallEncoderSlot *self);

/* Whether the encoder gets a lower resolution or frame rate than the
 * source's for the congestion bitrate. Any thread. */
gboolean    gst_call_encoder_slot_is_degraded (GstCallEncoderSlot *self);

/* Frames (encoded buffers, headers aside) out of the slot so far. */
guint64     gst_call_encoder_slot_get_frames_encoded (GstCallEncoderSlot *self);

/* Sets the bitrate of the encoder in use and of any replacement; any
 * thread. It also caps the congestion bitrate (the one given at creation
 * does not). */
void        gst_call_encoder_slot_set_bitrate (GstCallEncoderSlot *self,
                                               guint               kbit_per_second);
/* Congestion control's bitrate, overriding the one asked for; 0 gives the
 * encoder the one asked for again. Any thread, no lock of the pipeline
 * held. */
void        gst_call_encoder_slot_set_congestion_bitrate (GstCallEncoderSlot *self,
                                                          guint               kbit_per_second);

/* The next frame into the slot is encoded as a keyframe. Any thread. */
void        gst_call_encoder_slot_request_keyframe (GstCallEncoderSlot *self);

G_END_DECLS
