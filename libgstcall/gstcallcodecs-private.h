/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "gstcallcodecs.h"
#include "gstcallcodeccandidate-private.h"

G_BEGIN_DECLS

/* How many probes ran in this process (each probe builds a pipeline). */
guint gst_call_codecs_get_probe_count (void);

/* Probes the hardware candidates of the default selection on a thread of
 * ours, for every codec, encoders and decoders, so that a call's first
 * selections find them probed or in flight (see gstcallcodecs.c). Every
 * call and peer connection holds it from its construction and releases it
 * when finalized; the last release stops the thread after the probe in
 * progress and joins it. Any thread. */
void  gst_call_codecs_hold_background_probes    (void);
void  gst_call_codecs_release_background_probes (void);

/* Records that @element_name failed during a call: later selections skip it
 * until the probe cache is cleared. */
void  gst_call_codecs_mark_failed (const char           *element_name,
                                   GstCallCodec          codec,
                                   GstCallCodecDirection direction,
                                   const char           *message);

/* The codec whose caps @caps are (video/x-vp8, audio/x-opus, ...); FALSE
 * if none. */
gboolean gst_call_codec_from_caps (const GstCaps *caps,
                                   GstCallCodec  *codec);

/* The media kind of @codec and its name for messages ("VP8", "Opus"). */
GstCallMediaKind gst_call_codec_get_media_kind (GstCallCodec codec);
const char      *gst_call_codec_get_display_name (GstCallCodec codec);

G_END_DECLS
