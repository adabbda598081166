/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "gstpeerconnection.h"
#include "gstcallbroadcast.h"

G_BEGIN_DECLS

/* Counts the local changes that need negotiation (tracks and transceivers
 * added). An offer or answer created at generation N covers every change up
 * to N. */
guint gst_peer_connection_get_local_generation (GstPeerConnection *self);

/* Sends the packets of @broadcast (its encoder is shared with other peer
 * connections) as a local track, as gst_peer_connection_add_track() does
 * with a source of its own. */
GstCallTrack *gst_peer_connection_add_broadcast_track (GstPeerConnection *self,
                                                       GstCallBroadcast  *broadcast,
                                                       GError           **error);

G_END_DECLS
