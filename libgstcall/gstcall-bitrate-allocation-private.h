/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <glib.h>

#include "gstcall-encoder-slot-private.h"

G_BEGIN_DECLS

/* How congestion control's target becomes the encoders' bitrates, the same
 * on every transport. Opus gets a tenth of the target, between 16 kbit/s
 * (wideband speech stays clear) and opusenc's default 64 kbit/s, as
 * libwebrtc lowers Opus on a short link; a bitrate the application asks
 * for is its ceiling, and other audio codecs keep theirs (G.711:
 * 64 kbit/s). The audio's packets' headers (IP, UDP, SRTP, RTP and
 * extensions: about 60 bytes, 50 packets a second) come on top; the video
 * gets 90% of the rest, the other 10% for its own headers (about 5% at
 * 1200-byte payloads) and retransmissions. Opus is reconfigured when its
 * share moves by GST_CALL_BITRATE_AUDIO_STEP or more. */
#define GST_CALL_BITRATE_AUDIO_DEFAULT 64000
#define GST_CALL_BITRATE_AUDIO_MIN 16000
#define GST_CALL_BITRATE_AUDIO_SHARE_DIVISOR 10
#define GST_CALL_BITRATE_AUDIO_STEP 4000
#define GST_CALL_BITRATE_AUDIO_OVERHEAD 24000
#define GST_CALL_BITRATE_VIDEO_SHARE_PERCENT 90
#define GST_CALL_BITRATE_VIDEO_MIN 30000
/* An encoder is not reconfigured for every report: a rise waits for
 * GST_CALL_BITRATE_UPDATE_INTERVAL and must be more than
 * GST_CALL_BITRATE_RISE_PERCENT; a fall of more than
 * GST_CALL_BITRATE_FALL_PERCENT applies at once (the queue is growing), a
 * smaller one after the interval. */
#define GST_CALL_BITRATE_UPDATE_INTERVAL (250 * G_TIME_SPAN_MILLISECOND)
#define GST_CALL_BITRATE_RISE_PERCENT 8
#define GST_CALL_BITRATE_FALL_PERCENT 15
/* The application hears of a new target when it moved by more than this. */
#define GST_CALL_BITRATE_TARGET_NOTIFY_PERCENT 5

/* What congestion control gives an Opus encoder of @target, bit/s. */
guint64  gst_call_bitrate_opus_share   (guint64             target);
/* What the audio encoder of @slot sends at @target, bit/s. */
guint64  gst_call_bitrate_audio        (GstCallEncoderSlot *slot,
                                        guint64             target);
/* What each of @n_video video encoders gets of @target (bit/s), the share
 * of @audio_slots (GstCallEncoderSlot) taken out. */
guint64  gst_call_bitrate_video_share  (GPtrArray          *audio_slots,
                                        guint               n_video,
                                        guint64             target);
/* Whether video encoders running at @applied (bit/s; 0: not known) are
 * given @video at @now (microseconds), the last change having been at
 * @last_applied (0: never). */
gboolean gst_call_bitrate_video_due    (guint64             applied,
                                        guint64             video,
                                        gint64              last_applied,
                                        gint64              now);

/* Called with the owner's lock: whether @target is to be told the
 * application (the first, or one that moved by more than
 * GST_CALL_BITRATE_TARGET_NOTIFY_PERCENT from *@reported, which it then
 * becomes). */
gboolean   gst_call_bitrate_target_moved (guint     *reported,
                                          guint      target);
/* Called with the owner's lock: @slots (a new array when NULL) with a
 * reference to each slot of @from added, to be given a bitrate once the
 * lock is released. */
GPtrArray *gst_call_bitrate_slots_append (GPtrArray *slots,
                                          GPtrArray *from);
/* Called with the owner's lock: the Opus encoders of @audio_slots whose
 * bitrate is to follow @target (a new array, NULL when none moves, by
 * less than GST_CALL_BITRATE_AUDIO_STEP from *@applied), and that bitrate
 * in *@bitrate and *@applied, bit/s. */
GPtrArray *gst_call_bitrate_decide_opus  (GPtrArray *audio_slots,
                                          guint     *applied,
                                          guint64    target,
                                          guint     *bitrate);
/* Gives each of @slots (may be NULL; freed) @bitrate (bit/s; 0: the
 * encoder's own again). Outside the owner's lock: an encoder may take its
 * own while it encodes. */
void       gst_call_bitrate_give         (GPtrArray *slots,
                                          guint      bitrate);

G_END_DECLS
