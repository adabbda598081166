/* Fake hardware encoders for tests.
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gst/gst.h>

G_BEGIN_DECLS

/* Registers, once per process, a static plugin with three encoders of klass
 * "Codec/Encoder/Video/Hardware", rank NONE, named like VA elements so they
 * sort in the VA family:
 *  - vafakevp8enc: really encodes VP8 (a bin around vp8enc);
 *  - vabrokenvp8enc: fails to start (READY -> PAUSED fails with an error);
 *  - vaflakyvp8enc: encodes FAKE_FLAKY_FRAMES frames, then posts an error
 *    and refuses every further frame. */
void fake_hw_plugin_register (void);

#define FAKE_BROKEN_MESSAGE "no fake hardware device"
#define FAKE_FLAKY_MESSAGE "the fake hardware encoder lost its device"
#define FAKE_FLAKY_FRAMES 45

/* How many errors vaflakyvp8enc instances have posted, and when the last
 * one was posted (g_get_monotonic_time()). */
guint  fake_hw_flaky_error_count (void);
gint64 fake_hw_flaky_last_error_time (void);

G_END_DECLS
