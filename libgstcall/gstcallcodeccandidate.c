/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "gstcallcodeccandidate-private.h"
#include "gstcall-codec-tuning-private.h"
#include "gstcall-error.h"
#include "gstcall-plugins-private.h"
#include "gstcall-private.h"

/**
 * GstCallCodecCandidate:
 *
 * One encoder or decoder element that [class@CallCodecs] considered for a
 * codec, with its place in the order and what is known about it.
 *
 * [method@CallCodecCandidate.get_reason] says why the element is at its
 * position (hardware family, `Hardware` klass, rank, an override);
 * [method@CallCodecCandidate.get_status] and
 * [method@CallCodecCandidate.get_status_message] say whether it was probed
 * and with which result. A candidate is a snapshot: it does not change when
 * the element is probed later.
 *
 * Since: 0.1
 */

struct _GstCallCodecCandidate {
  GObject parent_instance;

  char *element_name;
  GstCallCodec codec;
  GstCallCodecDirection direction;
  char *family;
  gboolean hardware;
  guint rank;
  char *reason;
  GstCallCodecStatus status;
  char *status_message;
};

G_DEFINE_FINAL_TYPE (GstCallCodecCandidate, gst_call_codec_candidate, G_TYPE_OBJECT)

static void
gst_call_codec_candidate_finalize (GObject *object)
{
  GstCallCodecCandidate *self = GST_CALL_CODEC_CANDIDATE (object);

  g_free (self->element_name);
  g_free (self->family);
  g_free (self->reason);
  g_free (self->status_message);

  G_OBJECT_CLASS (gst_call_codec_candidate_parent_class)->finalize (object);
}

static void
gst_call_codec_candidate_class_init (GstCallCodecCandidateClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = gst_call_codec_candidate_finalize;
}

static void
gst_call_codec_candidate_init (GstCallCodecCandidate *self)
{
}

GstCallCodecCandidate *
gst_call_codec_candidate_new (const char            *element_name,
                              GstCallCodec           codec,
                              GstCallCodecDirection  direction,
                              const char            *family,
                              gboolean               hardware,
                              guint                  rank,
                              const char            *reason)
{
  GstCallCodecCandidate *self = g_object_new (GST_TYPE_CALL_CODEC_CANDIDATE, NULL);

  self->element_name = g_strdup (element_name);
  self->codec = codec;
  self->direction = direction;
  self->family = g_strdup (family);
  self->hardware = hardware;
  self->rank = rank;
  self->reason = g_strdup (reason);
  self->status = GST_CALL_CODEC_STATUS_UNTESTED;
  return self;
}

void
gst_call_codec_candidate_set_status (GstCallCodecCandidate *self,
                                     GstCallCodecStatus     status,
                                     const char            *message)
{
  self->status = status;
  g_free (self->status_message);
  self->status_message = g_strdup (message);
}

/**
 * gst_call_codec_candidate_get_element_name:
 * @self: a [class@CallCodecCandidate]
 *
 * Gets the name of the element factory, e.g. `vp8enc`.
 *
 * Returns: the name of the element factory, e.g. `vah264enc` or `vp8enc`
 *
 * Since: 0.1
 */
const char *
gst_call_codec_candidate_get_element_name (GstCallCodecCandidate *self)
{
  g_return_val_if_fail (GST_IS_CALL_CODEC_CANDIDATE (self), NULL);

  return self->element_name;
}

/**
 * gst_call_codec_candidate_get_codec:
 * @self: a [class@CallCodecCandidate]
 *
 * Gets the codec the element encodes or decodes.
 *
 * Returns: the codec the element encodes or decodes
 *
 * Since: 0.1
 */
GstCallCodec
gst_call_codec_candidate_get_codec (GstCallCodecCandidate *self)
{
  g_return_val_if_fail (GST_IS_CALL_CODEC_CANDIDATE (self), GST_CALL_CODEC_VP8);

  return self->codec;
}

/**
 * gst_call_codec_candidate_get_direction:
 * @self: a [class@CallCodecCandidate]
 *
 * Gets whether the element is an encoder or a decoder.
 *
 * Returns: whether the element is an encoder or a decoder
 *
 * Since: 0.1
 */
GstCallCodecDirection
gst_call_codec_candidate_get_direction (GstCallCodecCandidate *self)
{
  g_return_val_if_fail (GST_IS_CALL_CODEC_CANDIDATE (self),
                        GST_CALL_CODEC_DIRECTION_ENCODE);

  return self->direction;
}

/**
 * gst_call_codec_candidate_get_family:
 * @self: a [class@CallCodecCandidate]
 *
 * Gets the element family, which decides the order: `va`, `vaapi`,
 * `nvcodec`, `qsv`, `msdk`, `v4l2`, `amf`, `hardware` (another element
 * whose klass says `Hardware`) or `software`.
 *
 * Returns: the family
 *
 * Since: 0.1
 */
const char *
gst_call_codec_candidate_get_family (GstCallCodecCandidate *self)
{
  g_return_val_if_fail (GST_IS_CALL_CODEC_CANDIDATE (self), NULL);

  return self->family;
}

/**
 * gst_call_codec_candidate_is_hardware:
 * @self: a [class@CallCodecCandidate]
 *
 * Tells whether the element uses a hardware codec.
 *
 * Returns: %TRUE if the element uses a hardware codec
 *
 * Since: 0.1
 */
gboolean
gst_call_codec_candidate_is_hardware (GstCallCodecCandidate *self)
{
  g_return_val_if_fail (GST_IS_CALL_CODEC_CANDIDATE (self), FALSE);

  return self->hardware;
}

/**
 * gst_call_codec_candidate_get_rank:
 * @self: a [class@CallCodecCandidate]
 *
 * Gets the element's GStreamer rank (which the selection does not follow for hardware).
 *
 * Returns: the GStreamer rank of the element (used only to order elements
 *   of the same family)
 *
 * Since: 0.1
 */
guint
gst_call_codec_candidate_get_rank (GstCallCodecCandidate *self)
{
  g_return_val_if_fail (GST_IS_CALL_CODEC_CANDIDATE (self), 0);

  return self->rank;
}

/**
 * gst_call_codec_candidate_get_reason:
 * @self: a [class@CallCodecCandidate]
 *
 * Gets why the element is at its position, e.g. “hardware, VA-API (va)
 * family” or “software, rank primary (256)”, or why it is excluded.
 *
 * Returns: a human-readable reason
 *
 * Since: 0.1
 */
const char *
gst_call_codec_candidate_get_reason (GstCallCodecCandidate *self)
{
  g_return_val_if_fail (GST_IS_CALL_CODEC_CANDIDATE (self), NULL);

  return self->reason;
}

/**
 * gst_call_codec_candidate_get_status:
 * @self: a [class@CallCodecCandidate]
 *
 * Gets what probing found out about the element.
 *
 * Returns: whether the element was probed, and whether it works
 *
 * Since: 0.1
 */
GstCallCodecStatus
gst_call_codec_candidate_get_status (GstCallCodecCandidate *self)
{
  g_return_val_if_fail (GST_IS_CALL_CODEC_CANDIDATE (self),
                        GST_CALL_CODEC_STATUS_UNTESTED);

  return self->status;
}

/**
 * gst_call_codec_candidate_get_status_message:
 * @self: a [class@CallCodecCandidate]
 *
 * Gets the result of the probe (“encoded 3 frames in 12 ms”), why it failed
 * (“could not start: no VA display”), or why the element is excluded.
 *
 * Returns: (nullable): the message, or %NULL while untested
 *
 * Since: 0.1
 */
const char *
gst_call_codec_candidate_get_status_message (GstCallCodecCandidate *self)
{
  g_return_val_if_fail (GST_IS_CALL_CODEC_CANDIDATE (self), NULL);

  return self->status_message;
}

/**
 * gst_call_codec_candidate_create_element:
 * @self: a [class@CallCodecCandidate]
 * @error: return location for a #GError
 *
 * Creates the element, with the low-latency preset of its family applied
 * (see [func@CallCodecs.apply_low_latency_preset]).
 *
 * Returns: (transfer floating): the new element, or %NULL with @error set
 *
 * Since: 0.1
 */
GstElement *
gst_call_codec_candidate_create_element (GstCallCodecCandidate  *self,
                                         GError                **error)
{
  GstElement *element;

  g_return_val_if_fail (GST_IS_CALL_CODEC_CANDIDATE (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  element = gst_call_make_element (self->element_name, NULL, error);
  if (element)
    gst_call_codec_tuning_apply_low_latency_preset (element);
  return element;
}
