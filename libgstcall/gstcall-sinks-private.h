/* libgstcall: the sinks a call plays remote media into by default
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gst/gst.h>

#include "gstcall-enums.h"

G_BEGIN_DECLS

/* The sink a remote track of @kind plays into when the application gave
 * none: autovideosink or autoaudiosink where there is a display or a sound
 * output, otherwise a synchronised fakesink (see gstcall-sinks.c). NULL
 * only when not even fakesink can be made. */
GstElement *gst_call_make_default_sink (GstCallMediaKind kind);

/* Whether sound can be played: a PulseAudio or PipeWire server in
 * @runtime_dir (the user's XDG runtime directory), PULSE_SERVER set, or an
 * ALSA playback device in @dev_snd_dir (/dev/snd). */
gboolean gst_call_sound_output_available_in (const char *runtime_dir,
                                             const char *dev_snd_dir);

G_END_DECLS
