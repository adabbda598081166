/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#if !defined(_GST_CALL_INSIDE) && !defined(GST_CALL_COMPILATION)
#error "Only <gstcall/gstcall.h> can be included directly."
#endif

#include <glib-object.h>

#include "gstcall-version-macros.h"
#include "gstcall-enums.h"

G_BEGIN_DECLS

#define GST_TYPE_CALL_SIGNALLER (gst_call_signaller_get_type ())

GST_CALL_AVAILABLE_IN_0_1
G_DECLARE_INTERFACE (GstCallSignaller, gst_call_signaller, GST, CALL_SIGNALLER, GObject)

/**
 * GstCallSignallerInterface:
 * @send_description: sends an offer or answer to the peer
 * @send_candidate: sends a local ICE candidate to the peer (%NULL candidate:
 *   end of candidates)
 * @send_bye: tells the peer the call is over
 *
 * The virtual methods of [iface@CallSignaller]. Implementations deliver what
 * they receive with [method@CallSignaller.emit_description],
 * [method@CallSignaller.emit_candidate] and [method@CallSignaller.emit_bye],
 * and a lost channel with [method@CallSignaller.emit_closed], on the main
 * context the signaller belongs to.
 *
 * Since: 0.1
 */
struct _GstCallSignallerInterface {
  GTypeInterface parent_iface;

  void (* send_description) (GstCallSignaller *self,
                             GstCallSdpType    type,
                             const char       *sdp);
  void (* send_candidate)   (GstCallSignaller *self,
                             guint             mline_index,
                             const char       *candidate);
  void (* send_bye)         (GstCallSignaller *self);

  /*< private >*/
  gpointer padding[12];
};

GST_CALL_AVAILABLE_IN_0_1
void gst_call_signaller_send_description (GstCallSignaller *self,
                                          GstCallSdpType    type,
                                          const char       *sdp);
GST_CALL_AVAILABLE_IN_0_1
void gst_call_signaller_send_candidate   (GstCallSignaller *self,
                                          guint             mline_index,
                                          const char       *candidate);
GST_CALL_AVAILABLE_IN_0_1
void gst_call_signaller_send_bye         (GstCallSignaller *self);

GST_CALL_AVAILABLE_IN_0_1
void gst_call_signaller_emit_description (GstCallSignaller *self,
                                          GstCallSdpType    type,
                                          const char       *sdp);
GST_CALL_AVAILABLE_IN_0_1
void gst_call_signaller_emit_candidate   (GstCallSignaller *self,
                                          guint             mline_index,
                                          const char       *candidate);
GST_CALL_AVAILABLE_IN_0_1
void gst_call_signaller_emit_bye         (GstCallSignaller *self);
GST_CALL_AVAILABLE_IN_0_1
void gst_call_signaller_emit_closed      (GstCallSignaller *self,
                                          const GError     *reason);

G_END_DECLS
