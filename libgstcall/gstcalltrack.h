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

#define GST_TYPE_CALL_TRACK (gst_call_track_get_type ())

GST_CALL_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GstCallTrack, gst_call_track, GST, CALL_TRACK, GObject)

GST_CALL_AVAILABLE_IN_0_1
GstCallMediaKind gst_call_track_get_kind   (GstCallTrack *self);
GST_CALL_AVAILABLE_IN_0_1
gboolean         gst_call_track_is_remote  (GstCallTrack *self);
GST_CALL_AVAILABLE_IN_0_1
const char      *gst_call_track_get_mid    (GstCallTrack *self);
GST_CALL_AVAILABLE_IN_0_1
GstPad          *gst_call_track_get_pad    (GstCallTrack *self);
GST_CALL_AVAILABLE_IN_0_1
gboolean         gst_call_track_get_enabled (GstCallTrack *self);
GST_CALL_AVAILABLE_IN_0_1
void             gst_call_track_set_enabled (GstCallTrack *self,
                                             gboolean      enabled);
GST_CALL_AVAILABLE_IN_0_1
guint            gst_call_track_get_bitrate (GstCallTrack *self);
GST_CALL_AVAILABLE_IN_0_1
void             gst_call_track_set_bitrate (GstCallTrack *self,
                                             guint         kbit_per_second);
GST_CALL_AVAILABLE_IN_0_1
guint64          gst_call_track_get_frames_decoded (GstCallTrack *self);
GST_CALL_AVAILABLE_IN_0_1
gboolean         gst_call_track_set_sink   (GstCallTrack *self,
                                            GstElement   *sink,
                                            GError      **error);

G_END_DECLS
