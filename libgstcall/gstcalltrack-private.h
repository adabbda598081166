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

/* A remote stream's decoded output on its way to becoming a remote track:
 * built on the streaming thread, announced on the main context. */
typedef struct {
  GstCallMediaKind kind;
  char *mid;
  GstPad *pad;     /* decoded, converted output (ghost pad of the track bin) */
  gulong probe_id; /* holds data back until the app had its chance to link */
} GstCallRemotePad;

/* Streaming thread: adds @convert to @track_bin, links the decoder's
 * @decoded pad into it and exposes its output as the bin's "src" pad, held
 * back until gst_call_remote_pad_release(). */
GstCallRemotePad *gst_call_remote_pad_new (GstCallMediaKind  kind,
                                           const char       *mid,
                                           GstElement       *track_bin,
                                           GstElement       *convert,
                                           GstPad           *decoded);

/* Main context, once the track was announced: a pad nobody linked is
 * discarded into a fakesink, then data flows. */
void              gst_call_remote_pad_release (GstCallRemotePad *remote,
                                               GstCallTrack     *track);

/* Also releases the pad, so data flows into nothing if it was never
 * announced. */
void              gst_call_remote_pad_free (gpointer data);

G_END_DECLS
