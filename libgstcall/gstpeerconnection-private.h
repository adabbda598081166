/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "gstpeerconnection.h"

G_BEGIN_DECLS

/* Counts the local changes that need negotiation (tracks and transceivers
 * added). An offer or answer created at generation N covers every change up
 * to N. */
guint gst_peer_connection_get_local_generation (GstPeerConnection *self);

G_END_DECLS
