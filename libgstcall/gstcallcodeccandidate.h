/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#if !defined(_GST_CALL_INSIDE) && !defined(GST_CALL_COMPILATION)
#error "Only <gstcall/gstcall.h> can be included directly."
#endif

#include <gst/gst.h>

#include "gstcall-version-macros.h"
#include "gstcall-enums.h"

G_BEGIN_DECLS

#define GST_TYPE_CALL_CODEC_CANDIDATE (gst_call_codec_candidate_get_type ())

GST_CALL_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GstCallCodecCandidate, gst_call_codec_candidate,
                      GST, CALL_CODEC_CANDIDATE, GObject)

GST_CALL_AVAILABLE_IN_0_1
const char           *gst_call_codec_candidate_get_element_name   (GstCallCodecCandidate *self);
GST_CALL_AVAILABLE_IN_0_1
GstCallCodec          gst_call_codec_candidate_get_codec          (GstCallCodecCandidate *self);
GST_CALL_AVAILABLE_IN_0_1
GstCallCodecDirection gst_call_codec_candidate_get_direction      (GstCallCodecCandidate *self);
GST_CALL_AVAILABLE_IN_0_1
const char           *gst_call_codec_candidate_get_family         (GstCallCodecCandidate *self);
GST_CALL_AVAILABLE_IN_0_1
gboolean              gst_call_codec_candidate_is_hardware        (GstCallCodecCandidate *self);
GST_CALL_AVAILABLE_IN_0_1
guint                 gst_call_codec_candidate_get_rank           (GstCallCodecCandidate *self);
GST_CALL_AVAILABLE_IN_0_1
const char           *gst_call_codec_candidate_get_reason         (GstCallCodecCandidate *self);
GST_CALL_AVAILABLE_IN_0_1
GstCallCodecStatus    gst_call_codec_candidate_get_status         (GstCallCodecCandidate *self);
GST_CALL_AVAILABLE_IN_0_1
const char           *gst_call_codec_candidate_get_status_message (GstCallCodecCandidate *self);
GST_CALL_AVAILABLE_IN_0_1
GstElement           *gst_call_codec_candidate_create_element     (GstCallCodecCandidate  *self,
                                                                   GError                **error);

G_END_DECLS
