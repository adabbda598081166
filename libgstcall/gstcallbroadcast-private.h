/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "gstcallbroadcast.h"

G_BEGIN_DECLS

/* A new source of the broadcast's RTP packets for one call's pipeline (a
 * live source element, full reference, not floating), with @payload_type
 * written in. The broadcast's streaming thread pushes the packets through
 * it while its pipeline plays (and flushes them until a bin took it: the
 * caller may add it to its pipeline at any time); keyframe requests
 * reaching it go to the shared encoder. The call is taken for gone once the
 * source left the bin it was in. */
GstElement *gst_call_broadcast_add_viewer (GstCallBroadcast *self,
                                           guint             payload_type,
                                           GError          **error);

/* TRUE if @element is a viewer's source made by
 * gst_call_broadcast_add_viewer(); then *@frames_sent (if not NULL) is how
 * many frames (video) or packets (audio) it was given. */
gboolean    gst_call_broadcast_read_viewer (GstElement *element,
                                            guint64    *frames_sent);

/* Whether the viewer's source @element (from
 * gst_call_broadcast_add_viewer()) passes packets on; it starts closed.
 * webrtcbin blocks the packets of a call until its transceiver is
 * negotiated and its DTLS handshake is done, and the broadcast's one
 * thread must never wait for one call: the call opens its source once its
 * connection is up, and closes it when the connection fails or closes.
 * Any thread. */
void        gst_call_broadcast_viewer_set_flowing (GstElement *element,
                                                   gboolean    flowing);

G_END_DECLS
