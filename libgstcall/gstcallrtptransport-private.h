/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "gstcallrtptransport.h"

G_BEGIN_DECLS

/* An element (netsim, say) every packet passes through before the socket;
 * set before the offer or answer. For tests of loss and delay. */
void gst_call_rtp_transport_set_send_filter (GstCallRtpTransport *self,
                                             GstElement          *filter);

/* Video that is already VP8 (a source paced in real time), payloaded as
 * is instead of the video source description's encoded media: what is sent
 * does not depend on how fast the machine encodes. Set before the offer or
 * answer; the description still makes the video media section. For tests. */
void gst_call_rtp_transport_set_encoded_video_source (GstCallRtpTransport *self,
                                                      GstElement          *source);

G_END_DECLS
