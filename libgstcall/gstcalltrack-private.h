/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "gstcalltrack.h"

G_BEGIN_DECLS

/* @pipeline: the bin the track's elements live in
 * @pad: for a local track the source's output, for a remote track the pad
 *   producing decoded media */
GstCallTrack *gst_call_track_new (GstCallMediaKind  kind,
                                  gboolean          remote,
                                  const char       *mid,
                                  GstBin           *pipeline,
                                  GstPad           *pad);

void          gst_call_track_set_mid (GstCallTrack *self,
                                      const char   *mid);

/* Local tracks: the valve GstCallTrack:enabled controls. */
void          gst_call_track_set_valve (GstCallTrack *self,
                                        GstElement   *valve);

/* Local tracks: the bin holding the encoder, for the bitrate. */
void          gst_call_track_set_encoder_slot (GstCallTrack *self,
                                               GstElement   *slot);

/* Local tracks: the pad after the valve, where only the media actually sent
 * (not muted) flows. */
GstPad       *gst_call_track_dup_sent_pad (GstCallTrack *self);

G_END_DECLS
