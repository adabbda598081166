/* libgstcall: the peer's DTLS certificate must be the one it signalled
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "gstcall-dtls-private.h"
#include "gstcall-error.h"
#include "gstcall-private.h"

#define PEM_BEGIN "-----BEGIN CERTIFICATE-----"
#define PEM_END "-----END CERTIFICATE-----"
#define MAX_DIGEST_LENGTH 64

GStrv
gst_call_dtls_get_fingerprints (const GstSDPMessage *message)
{
  GStrvBuilder *builder = g_strv_builder_new ();
  GStrv fingerprints;

  for (guint i = 0; i < gst_sdp_message_attributes_len (message); i++) {
    const GstSDPAttribute *attribute = gst_sdp_message_get_attribute (message, i);

    if (g_strcmp0 (attribute->key, "fingerprint") == 0 && attribute->value)
      g_strv_builder_add (builder, attribute->value);
  }
  for (guint i = 0; i < gst_sdp_message_medias_len (message); i++) {
    const GstSDPMedia *media = gst_sdp_message_get_media (message, i);

    for (guint j = 0; j < gst_sdp_media_attributes_len (media); j++) {
      const GstSDPAttribute *attribute = gst_sdp_media_get_attribute (media, j);

      if (g_strcmp0 (attribute->key, "fingerprint") == 0 && attribute->value)
        g_strv_builder_add (builder, attribute->value);
    }
  }
  fingerprints = g_strv_builder_end (builder);
  g_strv_builder_unref (builder);
  return fingerprints;
}

/* The DER bytes of the first certificate of @pem. */
static GBytes *
pem_to_der (const char *pem)
{
  const char *begin = strstr (pem, PEM_BEGIN);
  const char *end;
  g_autofree char *base64 = NULL;
  guchar *der;
  gsize length = 0;

  if (!begin)
    return NULL;
  begin += strlen (PEM_BEGIN);
  end = strstr (begin, PEM_END);
  if (!end)
    return NULL;

  /* g_base64_decode() skips the line breaks. */
  base64 = g_strndup (begin, end - begin);
  der = g_base64_decode (base64, &length);
  if (length == 0) {
    g_free (der);
    return NULL;
  }
  return g_bytes_new_take (der, length);
}

static gboolean
hash_function (const char    *name,
               GChecksumType *type)
{
  static const struct {
    const char *name;
    GChecksumType type;
  } functions[] = {
    { "sha-1", G_CHECKSUM_SHA1 },
    { "sha-256", G_CHECKSUM_SHA256 },
    { "sha-384", G_CHECKSUM_SHA384 },
    { "sha-512", G_CHECKSUM_SHA512 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (functions); i++) {
    if (g_ascii_strcasecmp (name, functions[i].name) == 0) {
      *type = functions[i].type;
      return TRUE;
    }
  }
  return FALSE;
}

/* "AB:CD:..." -> bytes; FALSE unless it is exactly hex pairs and colons. */
static gboolean
parse_hex_pairs (const char *text,
                 guint8     *bytes,
                 gsize      *length)
{
  gsize n = 0;

  while (*text) {
    int high, low;

    if (n == MAX_DIGEST_LENGTH)
      return FALSE;
    high = g_ascii_xdigit_value (text[0]);
    low = high >= 0 ? g_ascii_xdigit_value (text[1]) : -1;
    if (low < 0)
      return FALSE;
    bytes[n++] = (guint8) (high << 4 | low);
    text += 2;
    if (*text == ':' && text[1])
      text++;
    else if (*text)
      return FALSE;
  }
  *length = n;
  return n > 0;
}

gboolean
gst_call_dtls_check_certificate (const char         *pem,
                                 const char * const *fingerprints,
                                 GError            **error)
{
  g_autoptr (GBytes) der = NULL;
  guint checked = 0;

  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  der = pem ? pem_to_der (pem) : NULL;
  if (!der) {
    g_set_error_literal (error, GST_CALL_ERROR, GST_CALL_ERROR_DTLS,
                         _("The peer presented no readable DTLS certificate"));
    return FALSE;
  }

  for (guint i = 0; fingerprints && fingerprints[i]; i++) {
    g_autofree char *fingerprint = g_strstrip (g_strdup (fingerprints[i]));
    g_auto (GStrv) parts = g_strsplit_set (fingerprint, " \t", 2);
    g_autoptr (GChecksum) checksum = NULL;
    guint8 expected[MAX_DIGEST_LENGTH], actual[MAX_DIGEST_LENGTH];
    gsize expected_length = 0, actual_length = sizeof (actual);
    GChecksumType type;

    if (!parts[0] || !parts[1] || !hash_function (parts[0], &type)) {
      GST_DEBUG ("fingerprint with an unknown hash function: skipped");
      continue;
    }
    if (!parse_hex_pairs (g_strstrip (parts[1]), expected, &expected_length)) {
      g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_DTLS,
                   _("The peer's description has a malformed %s fingerprint"), parts[0]);
      return FALSE;
    }

    checksum = g_checksum_new (type);
    g_checksum_update (checksum, g_bytes_get_data (der, NULL), g_bytes_get_size (der));
    g_checksum_get_digest (checksum, actual, &actual_length);
    if (expected_length != actual_length || memcmp (expected, actual, actual_length) != 0) {
      g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_DTLS,
                   _("The peer's DTLS certificate does not match the %s fingerprint "
                     "of its description: the call may be intercepted, no media "
                     "was exchanged"), parts[0]);
      return FALSE;
    }
    checked++;
  }

  if (checked == 0) {
    g_set_error_literal (error, GST_CALL_ERROR, GST_CALL_ERROR_DTLS,
                         _("The peer's description has no fingerprint (sha-1, sha-256, "
                           "sha-384 or sha-512) to check its DTLS certificate against"));
    return FALSE;
  }
  return TRUE;
}

/* ------------------------------------------------------------------------ */
/* The guard                                                                 */

struct _GstCallDtlsGuard {
  gatomicrefcount ref_count;
  GWeakRef webrtcbin;
  GstCallDtlsRejectFunc reject;
  gpointer user_data;
  gulong element_added_handler;

  GMutex lock;
  GStrv fingerprints; /* of the remote description */
  gint64 last_handshake_record; /* monotonic µs, 0: none yet */
  gboolean rejected;
  gboolean stopped;
};

static GQuark guarded_quark;

static GstCallDtlsGuard *
guard_ref (GstCallDtlsGuard *guard)
{
  g_atomic_ref_count_inc (&guard->ref_count);
  return guard;
}

static void
guard_unref (GstCallDtlsGuard *guard)
{
  if (!g_atomic_ref_count_dec (&guard->ref_count))
    return;
  g_weak_ref_clear (&guard->webrtcbin);
  g_strfreev (guard->fingerprints);
  g_mutex_clear (&guard->lock);
  g_free (guard);
}

static void
guard_closure_notify (gpointer  data,
                      GClosure *closure)
{
  guard_unref (data);
}

static GstPadProbeReturn
drop_packet (GstPad          *pad,
             GstPadProbeInfo *info,
             gpointer         user_data)
{
  return GST_PAD_PROBE_DROP;
}

/* Nothing more in or out of any ICE transport of @webrtcbin. */
static void
stop_all_packets (GstElement *webrtcbin)
{
  GstIterator *it = gst_bin_iterate_recurse (GST_BIN (webrtcbin));
  GValue item = G_VALUE_INIT;

  while (gst_iterator_next (it, &item) == GST_ITERATOR_OK) {
    GstElement *element = g_value_get_object (&item);
    GstElementFactory *factory = gst_element_get_factory (element);
    const char *name = factory ? gst_plugin_feature_get_name (factory) : "";
    const char *pad_name = g_str_equal (name, "nicesrc") ? "src"
                         : g_str_equal (name, "nicesink") ? "sink" : NULL;
    g_autoptr (GstPad) pad = pad_name ? gst_element_get_static_pad (element, pad_name) : NULL;

    if (pad)
      gst_pad_add_probe (pad, GST_PAD_PROBE_TYPE_BUFFER | GST_PAD_PROBE_TYPE_BUFFER_LIST,
                         drop_packet, NULL, NULL);
    g_value_reset (&item);
  }
  g_value_unset (&item);
  gst_iterator_free (it);
}

/* In the DTLS handshake, from OpenSSL's verify callback. */
static void
on_peer_pem (GstElement       *dtlsdec,
             GParamSpec       *pspec,
             GstCallDtlsGuard *guard)
{
  g_autofree char *pem = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GstElement) webrtcbin = NULL;
  gboolean matches;

  g_object_get (dtlsdec, "peer-pem", &pem, NULL);
  if (!pem)
    return;

  g_mutex_lock (&guard->lock);
  matches = gst_call_dtls_check_certificate (pem, (const char * const *) guard->fingerprints,
                                             &error);
  if (matches || guard->rejected || guard->stopped) {
    g_mutex_unlock (&guard->lock);
    if (matches)
      GST_DEBUG ("the peer's DTLS certificate matches its description");
    return;
  }
  guard->rejected = TRUE;
  g_mutex_unlock (&guard->lock);

  GST_WARNING ("%s", error->message);
  webrtcbin = g_weak_ref_get (&guard->webrtcbin);
  if (webrtcbin)
    stop_all_packets (webrtcbin);
  guard->reject (g_steal_pointer (&error), guard->user_data);
}

/* A DTLS record coming in from the peer: a handshake one (change cipher
 * spec, 20, or handshake, 22, in its first byte, RFC 6347 section 4.1)
 * shows the handshake moving. Media and data after it pass unnoted. */
static GstPadProbeReturn
note_handshake_record (GstPad          *pad,
                       GstPadProbeInfo *info,
                       gpointer         user_data)
{
  GstCallDtlsGuard *guard = user_data;
  GstBuffer *buffer = NULL;
  guint8 content_type = 0;

  if (info->type & GST_PAD_PROBE_TYPE_BUFFER)
    buffer = GST_PAD_PROBE_INFO_BUFFER (info);
  else if (info->type & GST_PAD_PROBE_TYPE_BUFFER_LIST &&
           gst_buffer_list_length (GST_PAD_PROBE_INFO_BUFFER_LIST (info)) > 0)
    buffer = gst_buffer_list_get (GST_PAD_PROBE_INFO_BUFFER_LIST (info), 0);
  if (!buffer || gst_buffer_extract (buffer, 0, &content_type, 1) != 1 ||
      (content_type != 20 && content_type != 22))
    return GST_PAD_PROBE_OK;

  g_mutex_lock (&guard->lock);
  if (!guard->last_handshake_record)
    GST_DEBUG ("the peer's first DTLS handshake record came in");
  guard->last_handshake_record = g_get_monotonic_time ();
  g_mutex_unlock (&guard->lock);
  return GST_PAD_PROBE_OK;
}

static void
watch_element (GstCallDtlsGuard *guard,
               GstElement       *element)
{
  GstElementFactory *factory = gst_element_get_factory (element);
  g_autoptr (GstPad) sink = NULL;

  if (!factory || strcmp (gst_plugin_feature_get_name (factory), "dtlsdec") != 0)
    return;
  /* deep-element-added may announce an element twice (its own addition,
   * then its bin's). */
  if (g_object_get_qdata (G_OBJECT (element), guarded_quark))
    return;
  g_object_set_qdata (G_OBJECT (element), guarded_quark, GINT_TO_POINTER (TRUE));
  g_signal_connect_data (element, "notify::peer-pem", G_CALLBACK (on_peer_pem),
                         guard_ref (guard), guard_closure_notify, 0);
  sink = gst_element_get_static_pad (element, "sink");
  if (sink)
    gst_pad_add_probe (sink, GST_PAD_PROBE_TYPE_BUFFER | GST_PAD_PROBE_TYPE_BUFFER_LIST,
                       note_handshake_record, guard_ref (guard),
                       (GDestroyNotify) guard_unref);
}

static void
watch_bin (GstCallDtlsGuard *guard,
           GstBin           *bin)
{
  GstIterator *it = gst_bin_iterate_recurse (bin);
  GValue item = G_VALUE_INIT;

  while (gst_iterator_next (it, &item) == GST_ITERATOR_OK) {
    watch_element (guard, g_value_get_object (&item));
    g_value_reset (&item);
  }
  g_value_unset (&item);
  gst_iterator_free (it);
}

static void
on_deep_element_added (GstBin           *webrtcbin,
                       GstBin           *sub_bin,
                       GstElement       *element,
                       GstCallDtlsGuard *guard)
{
  watch_element (guard, element);
  if (GST_IS_BIN (element))
    watch_bin (guard, GST_BIN (element));
}

GstCallDtlsGuard *
gst_call_dtls_guard_new (GstElement            *webrtcbin,
                         GstCallDtlsRejectFunc  reject,
                         gpointer               user_data)
{
  GstCallDtlsGuard *guard;

  g_return_val_if_fail (GST_IS_BIN (webrtcbin), NULL);
  g_return_val_if_fail (reject != NULL, NULL);

  if (!guarded_quark)
    guarded_quark = g_quark_from_static_string ("gst-call-dtls-guarded");

  guard = g_new0 (GstCallDtlsGuard, 1);
  g_atomic_ref_count_init (&guard->ref_count);
  g_weak_ref_init (&guard->webrtcbin, webrtcbin);
  g_mutex_init (&guard->lock);
  guard->reject = reject;
  guard->user_data = user_data;

  guard->element_added_handler =
      g_signal_connect_data (webrtcbin, "deep-element-added",
                             G_CALLBACK (on_deep_element_added), guard_ref (guard),
                             guard_closure_notify, 0);
  watch_bin (guard, GST_BIN (webrtcbin));
  return guard;
}

void
gst_call_dtls_guard_set_remote_description (GstCallDtlsGuard    *guard,
                                            const GstSDPMessage *message)
{
  GStrv fingerprints;

  if (!guard)
    return;
  fingerprints = gst_call_dtls_get_fingerprints (message);
  g_mutex_lock (&guard->lock);
  g_strfreev (guard->fingerprints);
  guard->fingerprints = fingerprints;
  g_mutex_unlock (&guard->lock);
}

gint64
gst_call_dtls_guard_get_last_handshake_record (GstCallDtlsGuard *guard)
{
  gint64 last;

  if (!guard)
    return 0;
  g_mutex_lock (&guard->lock);
  last = guard->last_handshake_record;
  g_mutex_unlock (&guard->lock);
  return last;
}

void
gst_call_dtls_guard_free (GstCallDtlsGuard *guard)
{
  g_autoptr (GstElement) webrtcbin = NULL;

  if (!guard)
    return;

  g_mutex_lock (&guard->lock);
  guard->stopped = TRUE;
  g_mutex_unlock (&guard->lock);

  webrtcbin = g_weak_ref_get (&guard->webrtcbin);
  if (webrtcbin)
    g_signal_handler_disconnect (webrtcbin, guard->element_added_handler);
  guard_unref (guard);
}
