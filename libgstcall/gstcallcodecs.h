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
#include "gstcallcodeccandidate.h"

G_BEGIN_DECLS

#define GST_TYPE_CALL_CODECS (gst_call_codecs_get_type ())

GST_CALL_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GstCallCodecs, gst_call_codecs, GST, CALL_CODECS, GObject)

GST_CALL_AVAILABLE_IN_0_1
GstCallCodecs         *gst_call_codecs_new                    (void);
GST_CALL_AVAILABLE_IN_0_1
GstCallCodecs         *gst_call_codecs_get_default            (void);

GST_CALL_AVAILABLE_IN_0_1
void                   gst_call_codecs_set_preferred_elements (GstCallCodecs        *self,
                                                               const char * const   *element_names);
GST_CALL_AVAILABLE_IN_0_1
char                 **gst_call_codecs_get_preferred_elements (GstCallCodecs        *self);
GST_CALL_AVAILABLE_IN_0_1
void                   gst_call_codecs_set_forced_element     (GstCallCodecs        *self,
                                                               GstCallCodec          codec,
                                                               GstCallCodecDirection direction,
                                                               const char           *element_name);
GST_CALL_AVAILABLE_IN_0_1
char                  *gst_call_codecs_get_forced_element     (GstCallCodecs        *self,
                                                               GstCallCodec          codec,
                                                               GstCallCodecDirection direction);

GST_CALL_AVAILABLE_IN_0_1
GPtrArray             *gst_call_codecs_list_candidates        (GstCallCodecs        *self,
                                                               GstCallCodec          codec,
                                                               GstCallCodecDirection direction);
GST_CALL_AVAILABLE_IN_0_1
GstCallCodecCandidate *gst_call_codecs_select                 (GstCallCodecs        *self,
                                                               GstCallCodec          codec,
                                                               GstCallCodecDirection direction,
                                                               GError              **error);
GST_CALL_AVAILABLE_IN_0_1
GstElement            *gst_call_codecs_create_element         (GstCallCodecs        *self,
                                                               GstCallCodec          codec,
                                                               GstCallCodecDirection direction,
                                                               GError              **error);

GST_CALL_AVAILABLE_IN_0_1
void                   gst_call_codecs_clear_probe_cache      (void);
GST_CALL_AVAILABLE_IN_0_1
void                   gst_call_codecs_apply_low_latency_preset (GstElement *element);
GST_CALL_AVAILABLE_IN_0_1
gboolean               gst_call_codecs_set_encoder_bitrate    (GstElement *encoder,
                                                               guint       kbit_per_second);

G_END_DECLS
