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

#define GST_TYPE_CALL_BROADCAST (gst_call_broadcast_get_type ())

GST_CALL_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GstCallBroadcast, gst_call_broadcast, GST, CALL_BROADCAST, GObject)

GST_CALL_AVAILABLE_IN_0_1
GstCallBroadcast *gst_call_broadcast_new              (GstCallMediaKind   kind,
                                                       GstElement        *source,
                                                       GError           **error);
GST_CALL_AVAILABLE_IN_0_1
GstCallMediaKind  gst_call_broadcast_get_kind         (GstCallBroadcast  *self);
GST_CALL_AVAILABLE_IN_0_1
GstCallCodec      gst_call_broadcast_get_codec        (GstCallBroadcast  *self);
GST_CALL_AVAILABLE_IN_0_1
guint             gst_call_broadcast_get_viewer_count (GstCallBroadcast  *self);
GST_CALL_AVAILABLE_IN_0_1
guint             gst_call_broadcast_get_keyframe_requests (GstCallBroadcast *self);
GST_CALL_AVAILABLE_IN_0_1
GstElement       *gst_call_broadcast_get_pipeline     (GstCallBroadcast  *self);

G_END_DECLS
