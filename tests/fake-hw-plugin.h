/* Fake hardware encoders and decoders for tests.
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

/* Registers, once per process, a static plugin with two decoders of klass
 * "Codec/Decoder/Video/Hardware", rank PRIMARY + 1 (above vp8dec and
 * vp9dec), named like NVIDIA elements so they sort in the nvcodec family.
 * FAKE_SLOW_VP8_DECODER and FAKE_SLOW_VP9_DECODER really decode (bins
 * around vp8dec and vp9dec), but the first start (READY -> PAUSED) of each
 * in the process sleeps for its "start-delay" property, in milliseconds,
 * as the first CUDA decoder of a process does; later starts take no time.
 * Decoders of those codecs created after this are these ones: register
 * them only in tests run last. */
void fake_hw_plugin_register_slow_decoders (void);

#define FAKE_SLOW_VP8_DECODER "nvslowvp8dec"
#define FAKE_SLOW_VP9_DECODER "nvslowvp9dec"
#define FAKE_SLOW_DECODER_DEFAULT_DELAY_MS 2000

/* The "start-delay" of the slow decoders created from now on. */
void  fake_hw_set_slow_decoder_delay (guint milliseconds);
/* As in a new process: the next start of each slow decoder is slow again. */
void  fake_hw_reset_slow_decoders (void);
/* While held, a slow first start goes on after its start-delay until it is
 * released (60 s at most). */
void  fake_hw_hold_slow_decoders (gboolean hold);
/* When the last slow first start of @factory_name ended (monotonic), 0 if
 * none did. */
gint64 fake_hw_slow_decoder_opened_at (const char *factory_name);
/* How many times decoders of @factory_name started. */
guint fake_hw_slow_decoder_starts (const char *factory_name);
/* The most slow first starts that were running at the same time since the
 * last call. */
guint fake_hw_slow_decoder_most_concurrent_starts (void);

G_END_DECLS
