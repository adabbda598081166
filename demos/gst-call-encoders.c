/* gst-call encoders: what encoder selection would pick, and why
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include <gstcall/gstcall.h>

#include "gst-call-encoders.h"

static const char *
enum_nick (GType type,
           int   value)
{
  g_autoptr (GEnumClass) enum_class = g_type_class_ref (type);
  GEnumValue *enum_value = g_enum_get_value (enum_class, value);

  /* Enum classes of static types stay alive: the nick stays valid. */
  return enum_value ? enum_value->value_nick : "?";
}

static const char *
status_text (GstCallCodecStatus status)
{
  switch (status) {
    case GST_CALL_CODEC_STATUS_WORKS:
      return "works";
    case GST_CALL_CODEC_STATUS_FAILED:
      return "FAILED";
    case GST_CALL_CODEC_STATUS_EXCLUDED:
      return "excluded";
    case GST_CALL_CODEC_STATUS_UNTESTED:
    default:
      return "not probed";
  }
}

/* Probes every candidate: each is forced in turn in a private selection. */
static void
probe_every_candidate (GstCallCodec          codec,
                       GstCallCodecDirection direction,
                       GPtrArray            *candidates)
{
  g_autoptr (GstCallCodecs) single = gst_call_codecs_new ();

  for (guint i = 0; i < candidates->len; i++) {
    GstCallCodecCandidate *candidate = g_ptr_array_index (candidates, i);
    g_autoptr (GstCallCodecCandidate) probed = NULL;

    if (gst_call_codec_candidate_get_status (candidate) == GST_CALL_CODEC_STATUS_EXCLUDED)
      continue;
    gst_call_codecs_set_forced_element (single, codec, direction,
                                        gst_call_codec_candidate_get_element_name (candidate));
    probed = gst_call_codecs_select (single, codec, direction, NULL);
  }
}

/* Returns whether an element was picked. */
static gboolean
print_codec (GstCallCodecs        *codecs,
             GstCallCodec          codec,
             GstCallCodecDirection direction,
             gboolean              probe_all)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GstCallCodecCandidate) chosen = NULL;
  g_autoptr (GPtrArray) candidates = NULL;
  const char *what = direction == GST_CALL_CODEC_DIRECTION_ENCODE ? "encoders" : "decoders";
  gint64 start = g_get_monotonic_time ();
  double select_ms;

  chosen = gst_call_codecs_select (codecs, codec, direction, &error);
  select_ms = (g_get_monotonic_time () - start) / 1000.0;
  candidates = gst_call_codecs_list_candidates (codecs, codec, direction);
  if (probe_all) {
    probe_every_candidate (codec, direction, candidates);
    g_clear_pointer (&candidates, g_ptr_array_unref);
    candidates = gst_call_codecs_list_candidates (codecs, codec, direction);
  }

  g_print ("%s %s:\n", enum_nick (GST_TYPE_CALL_CODEC, codec), what);
  if (candidates->len == 0)
    g_print ("  (none installed)\n");
  for (guint i = 0; i < candidates->len; i++) {
    GstCallCodecCandidate *candidate = g_ptr_array_index (candidates, i);
    const char *name = gst_call_codec_candidate_get_element_name (candidate);
    const char *message = gst_call_codec_candidate_get_status_message (candidate);
    gboolean is_chosen = chosen &&
        g_str_equal (name, gst_call_codec_candidate_get_element_name (chosen));

    g_print ("  %s %2u. %-20s %s\n", is_chosen ? "->" : "  ", i + 1, name,
             gst_call_codec_candidate_get_reason (candidate));
    if (gst_call_codec_candidate_get_status (candidate) != GST_CALL_CODEC_STATUS_EXCLUDED)
      g_print ("           %-20s %s%s%s\n", "", status_text (gst_call_codec_candidate_get_status (candidate)),
               message ? ": " : "", message ? message : "");
  }
  if (chosen)
    g_print ("  picked: %s (%s), in %.1f ms\n\n",
             gst_call_codec_candidate_get_element_name (chosen),
             gst_call_codec_candidate_get_reason (chosen), select_ms);
  else
    g_print ("  picked: nothing: %s\n\n", error->message);
  return chosen != NULL;
}

int
gst_call_tool_encoders (int argc, char **argv)
{
  gboolean decoders = FALSE;
  gboolean both = FALSE;
  gboolean probe_all = FALSE;
  GOptionEntry entries[] = {
    { "decoders", 'd', 0, G_OPTION_ARG_NONE, &decoders,
      "Show decoders instead of encoders", NULL },
    { "all", 'a', 0, G_OPTION_ARG_NONE, &both, "Show encoders and decoders", NULL },
    { "probe-all", 'p', 0, G_OPTION_ARG_NONE, &probe_all,
      "Probe every candidate, not only until one works", NULL },
    { NULL }
  };
  g_autoptr (GOptionContext) context = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GEnumClass) codec_class = NULL;
  GstCallCodecs *codecs;
  int first_codec = 0, last_codec;
  gboolean all_picked = TRUE;

  context = g_option_context_new ("[CODEC] — show what encoder selection picks and why");
  g_option_context_set_summary (context,
      "Lists, per codec, the installed encoders (or decoders) in the order\n"
      "libgstcall tries them, with the reason for each position, probes them\n"
      "until one works and shows which one a call would use.\n\n"
      "CODEC is one of: vp8, vp9, h264, h265, av1, opus, pcma, pcmu.\n\n"
      "GST_CALL_ENCODERS=vah264enc,x264enc (comma-separated element names)\n"
      "makes those encoders be tried first; GST_CALL_DECODERS does the same\n"
      "for decoders.");
  g_option_context_add_main_entries (context, entries, NULL);
  g_option_context_add_group (context, gst_init_get_option_group ());
  if (!g_option_context_parse (context, &argc, &argv, &error)) {
    g_printerr ("%s\n", error->message);
    return 2;
  }

  codec_class = g_type_class_ref (GST_TYPE_CALL_CODEC);
  last_codec = (int) codec_class->n_values - 1;
  if (argc > 2) {
    g_printerr ("Give at most one codec\n");
    return 2;
  }
  if (argc == 2) {
    GEnumValue *value = g_enum_get_value_by_nick (codec_class, argv[1]);

    if (!value) {
      g_printerr ("Unknown codec “%s”: use vp8, vp9, h264, h265, av1, opus, pcma "
                  "or pcmu\n", argv[1]);
      return 2;
    }
    first_codec = last_codec = value->value;
  }

  codecs = gst_call_codecs_get_default ();
  for (int codec = first_codec; codec <= last_codec; codec++) {
    if (both || !decoders)
      all_picked &= print_codec (codecs, codec, GST_CALL_CODEC_DIRECTION_ENCODE, probe_all);
    if (both || decoders)
      all_picked &= print_codec (codecs, codec, GST_CALL_CODEC_DIRECTION_DECODE, probe_all);
  }
  /* Listing every codec is informative; asking for one that cannot be
   * handled is a failure. */
  return argc == 2 && !all_picked ? 1 : 0;
}
