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

G_END_DECLS
