/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gst/webrtc/webrtc.h>

#include "gstcalldatachannel.h"

G_BEGIN_DECLS

/* A channel this side opens, not yet bound to a webrtcbin data channel:
 * @label and @options are checked (a GError names a bad field). It belongs
 * to the thread-default main context. */
GstCallDataChannel *gst_call_data_channel_new_local  (const char          *label,
                                                      const GstStructure  *options,
                                                      GError             **error);
/* A channel the peer opens, made on a GStreamer thread for @context. */
GstCallDataChannel *gst_call_data_channel_new_remote (GMainContext        *context);

/* The options webrtcbin's create-data-channel takes, as checked (local
 * channels only). */
const GstStructure *gst_call_data_channel_get_init  (GstCallDataChannel *self);

/* The GstPeerConnection the channel belongs to, held weakly: it announces
 * a remote channel when it opens, and forgets a closed one. */
void                gst_call_data_channel_set_owner (GstCallDataChannel *self,
                                                     GObject            *owner);

/* Binds the wrapper to @channel, as webrtcbin's prepare-data-channel gives
 * it (before any of its signals can fire). Any thread. */
void                gst_call_data_channel_bind      (GstCallDataChannel   *self,
                                                     GstWebRTCDataChannel *channel);

/* The channel could not be made: "error" with @error, then "close". */
void                gst_call_data_channel_fail      (GstCallDataChannel *self,
                                                     const GError       *error);

/* The peer connection closed (the call ended): the channel is closed at
 * once, without touching webrtcbin any more; "close" follows from the main
 * context, unless it was emitted already. */
void                gst_call_data_channel_shutdown  (GstCallDataChannel *self);

G_END_DECLS
