/* Time to select an encoder per codec, uncached and cached.
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The uncached selection (probing) is the baseline of the run; the cached
 * one, which every call after the first pays, must stay under 50 ms.
 */

#include <gstcall/gstcall.h>

#define CACHED_LIMIT_MS 50.0
#define CACHED_ROUNDS 20

static double
select_ms (GstCallCodecs *codecs,
           GstCallCodec   codec,
           char         **element_name)
{
  g_autoptr (GstCallCodecCandidate) candidate = NULL;
  gint64 start = g_get_monotonic_time ();

  candidate = gst_call_codecs_select (codecs, codec, GST_CALL_CODEC_DIRECTION_ENCODE, NULL);
  if (element_name)
    *element_name = g_strdup (candidate ? gst_call_codec_candidate_get_element_name (candidate)
                                        : "(none)");
  return (g_get_monotonic_time () - start) / 1000.0;
}

int
main (int argc, char **argv)
{
  g_autoptr (GstCallCodecs) codecs = NULL;
  g_autoptr (GEnumClass) codec_class = NULL;
  gboolean too_slow = FALSE;

  gst_init (&argc, &argv);
  codecs = gst_call_codecs_new ();
  codec_class = g_type_class_ref (GST_TYPE_CALL_CODEC);

  g_print ("%-6s %-14s %12s %12s %8s\n", "codec", "encoder", "uncached ms",
           "cached ms", "ratio");
  for (guint i = 0; i < codec_class->n_values; i++) {
    GstCallCodec codec = codec_class->values[i].value;
    g_autofree char *element_name = NULL;
    double uncached, cached = 0;

    gst_call_codecs_clear_probe_cache ();
    uncached = select_ms (codecs, codec, &element_name);
    for (guint round = 0; round < CACHED_ROUNDS; round++)
      cached = MAX (cached, select_ms (codecs, codec, NULL));

    g_print ("%-6s %-14s %12.2f %12.3f %7.0fx\n", codec_class->values[i].value_nick,
             element_name, uncached, cached, cached > 0 ? uncached / cached : 0);
    if (cached >= CACHED_LIMIT_MS) {
      g_printerr ("%s: cached selection took %.1f ms (limit %.0f ms)\n",
                  codec_class->values[i].value_nick, cached, CACHED_LIMIT_MS);
      too_slow = TRUE;
    }
  }
  g_print ("cached: slowest of %u selections per codec; limit %.0f ms\n",
           CACHED_ROUNDS, CACHED_LIMIT_MS);

  return too_slow ? 1 : 0;
}
