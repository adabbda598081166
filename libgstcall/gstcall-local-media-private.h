/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gst/gst.h>

#include "gstcall-enums.h"

G_BEGIN_DECLS

/* What brings raw video to @width x @height at @framerate: a launch
 * description. */
char       *gst_call_video_format_description (guint              width,
                                               guint              height,
                                               guint              framerate);

/* The default source of @kind: the first camera or microphone, or a test
 * source, video normalised to @width x @height at @framerate. (transfer
 * floating) */
GstElement *gst_call_make_default_source      (GstCallMediaKind   kind,
                                               guint              width,
                                               guint              height,
                                               guint              framerate,
                                               GError           **error);

G_END_DECLS
