/* gst-call encoders: what encoder selection would pick, and why
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* gst-call encoders [--decoders|--all] [--probe-all] [CODEC]: what encoder
 * (or decoder) selection picks per codec, and why. Returns the exit status:
 * 1 if CODEC was given and no element works for it, 2 on bad arguments. */
int gst_call_tool_encoders (int argc, char **argv);

G_END_DECLS
