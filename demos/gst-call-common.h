/* gst-call: what the serve and dial commands share
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gstcall/gstcall.h>

G_BEGIN_DECLS

typedef struct {
  const char *source;      /* "test" (NULL), "camera", or a media file or URI */
  const char *video_codec; /* "vp8", "vp9", "h264", or NULL for the default */
  const char *ice_address; /* NULL: 127.0.0.1; "any": every interface */
  gboolean play;           /* play the peer's media; else count it only */
  const char *video_size;  /* "WIDTHxHEIGHT" of test and camera video, or NULL */
} GstCallToolOptions;

/* Sinks and ICE addresses of @call from the options: enough for a call
 * that only receives. */
void        gst_call_tool_configure_receiver (GstCall                  *call,
                                              const GstCallToolOptions *options);

/* "vp8", "vp9", "h264", ... as a codec. */
gboolean    gst_call_tool_parse_video_codec (const char    *name,
                                             GstCallCodec  *codec,
                                             GError       **error);

/* "WIDTHxHEIGHT" as numbers, 16 to 4096 each. */
gboolean    gst_call_tool_parse_video_size (const char  *size,
                                            guint       *width,
                                            guint       *height,
                                            GError     **error);

/* Sources, sinks, codec and ICE addresses of @call from the options. */
gboolean    gst_call_tool_configure_call (GstCall                  *call,
                                          const GstCallToolOptions *options,
                                          GError                  **error);

/* Reads the call's statistics and, once they come, prints
 * "LABEL call=ID state=... video-frames-received=N ..." on stdout. */
void        gst_call_tool_print_stats    (GstCall    *call,
                                          guint       id,
                                          const char *label);

/* Iterates the main context until every gst_call_tool_print_stats() so
 * far has printed its line. */
void        gst_call_tool_flush_stats    (void);

const char *gst_call_tool_state_name     (GstCallState state);

G_END_DECLS
