/* libgstcall: what the WHIP/WHEP client and server share
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>

#include "gstcall-error.h"
#include "gstcall-private.h"
#include "gstcall-whip-private.h"

GstCallWhipCandidate *
gst_call_whip_candidate_new (guint       mline_index,
                             const char *candidate)
{
  GstCallWhipCandidate *self = g_new0 (GstCallWhipCandidate, 1);

  self->mline_index = mline_index;
  self->candidate = g_strdup (candidate);
  return self;
}

void
gst_call_whip_candidate_free (gpointer candidate)
{
  GstCallWhipCandidate *self = candidate;

  if (!self)
    return;
  g_free (self->candidate);
  g_free (self);
}

/* SDP lines end in CRLF; be lenient and accept LF. */
static GStrv
split_lines (const char *text)
{
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);

  for (guint i = 0; lines[i]; i++)
    g_strchomp (lines[i]);
  return g_steal_pointer (&lines);
}

static const char *
without_attribute_prefix (const char *candidate)
{
  return g_str_has_prefix (candidate, "a=") ? candidate + 2 : candidate;
}

static void
append_section_candidates (GString   *out,
                           GPtrArray *candidates,
                           guint      mline_index,
                           gboolean   complete)
{
  for (guint i = 0; candidates && i < candidates->len; i++) {
    GstCallWhipCandidate *candidate = g_ptr_array_index (candidates, i);

    if (candidate->mline_index == mline_index && candidate->candidate &&
        *candidate->candidate)
      g_string_append_printf (out, "a=%s\r\n",
                              without_attribute_prefix (candidate->candidate));
  }
  if (complete)
    g_string_append (out, "a=end-of-candidates\r\n");
}

char *
gst_call_whip_sdp_add_candidates (const char *sdp,
                                  GPtrArray  *candidates,
                                  gboolean    complete)
{
  g_auto (GStrv) lines = split_lines (sdp);
  GString *out = g_string_new (NULL);
  int section = -1;

  for (guint i = 0; lines[i]; i++) {
    if (!*lines[i])
      continue;
    if (g_str_has_prefix (lines[i], "m=")) {
      if (section >= 0)
        append_section_candidates (out, candidates, section, complete);
      section++;
    }
    if (section >= 0 && complete && g_str_equal (lines[i], "a=end-of-candidates"))
      continue;
    g_string_append_printf (out, "%s\r\n", lines[i]);
  }
  if (section >= 0)
    append_section_candidates (out, candidates, section, complete);
  return g_string_free (out, FALSE);
}

typedef struct {
  char *ufrag;
  char *pwd;
  GPtrArray *mids; /* char *, per m-line, "" when none */
} SdpIce;

static void
sdp_ice_clear (SdpIce *ice)
{
  g_free (ice->ufrag);
  g_free (ice->pwd);
  g_clear_pointer (&ice->mids, g_ptr_array_unref);
}

/* The first ICE credentials of @sdp (session or media level: with bundle
 * every section has the same ones) and the mid of each media section. */
static void
sdp_ice_read (const char *sdp,
              SdpIce     *ice)
{
  g_auto (GStrv) lines = split_lines (sdp);

  memset (ice, 0, sizeof (*ice));
  ice->mids = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; lines[i]; i++) {
    const char *line = lines[i];

    if (g_str_has_prefix (line, "m="))
      g_ptr_array_add (ice->mids, g_strdup (""));
    else if (g_str_has_prefix (line, "a=mid:") && ice->mids->len) {
      g_free (ice->mids->pdata[ice->mids->len - 1]);
      ice->mids->pdata[ice->mids->len - 1] = g_strdup (line + 6);
    } else if (g_str_has_prefix (line, "a=ice-ufrag:") && !ice->ufrag)
      ice->ufrag = g_strdup (line + 12);
    else if (g_str_has_prefix (line, "a=ice-pwd:") && !ice->pwd)
      ice->pwd = g_strdup (line + 10);
  }
}

char *
gst_call_whip_sdpfrag_new (const char *sdp,
                           GPtrArray  *candidates,
                           gboolean    complete)
{
  GString *out = g_string_new (NULL);
  SdpIce ice;

  sdp_ice_read (sdp, &ice);
  if (ice.ufrag)
    g_string_append_printf (out, "a=ice-ufrag:%s\r\n", ice.ufrag);
  if (ice.pwd)
    g_string_append_printf (out, "a=ice-pwd:%s\r\n", ice.pwd);
  for (guint section = 0; section < ice.mids->len; section++) {
    gboolean any = complete;
    const char *mid = g_ptr_array_index (ice.mids, section);

    for (guint i = 0; !any && candidates && i < candidates->len; i++)
      any = ((GstCallWhipCandidate *) g_ptr_array_index (candidates, i))->mline_index == section;
    if (!any)
      continue;
    /* RFC 8840: a media line with port 9 and a placeholder format. */
    g_string_append (out, "m=audio 9 UDP/TLS/RTP/SAVPF 0\r\n");
    if (*mid)
      g_string_append_printf (out, "a=mid:%s\r\n", mid);
    append_section_candidates (out, candidates, section, complete);
  }
  sdp_ice_clear (&ice);
  return g_string_free (out, FALSE);
}

gboolean
gst_call_whip_sdpfrag_parse (const char  *fragment,
                             const char  *sdp,
                             GPtrArray  **candidates,
                             gboolean    *complete,
                             GError     **error)
{
  g_auto (GStrv) lines = split_lines (fragment);
  g_autoptr (GPtrArray) found =
      g_ptr_array_new_with_free_func (gst_call_whip_candidate_free);
  SdpIce ice;
  int section = -1;
  guint mline_index = 0;

  *complete = FALSE;
  sdp_ice_read (sdp, &ice);
  for (guint i = 0; lines[i]; i++) {
    const char *line = lines[i];

    if (g_str_has_prefix (line, "m=")) {
      section++;
      mline_index = section;
    } else if (g_str_has_prefix (line, "a=mid:")) {
      guint j;

      for (j = 0; j < ice.mids->len; j++)
        if (g_str_equal (g_ptr_array_index (ice.mids, j), line + 6))
          break;
      if (j == ice.mids->len) {
        g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                     _("The ICE fragment names the media section “%s”, which "
                       "the session does not have"), line + 6);
        sdp_ice_clear (&ice);
        return FALSE;
      }
      mline_index = j;
    } else if (g_str_has_prefix (line, "a=candidate:")) {
      if (section < 0 || mline_index >= ice.mids->len) {
        g_set_error_literal (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                             _("The ICE fragment has a candidate outside a media "
                               "section of the session"));
        sdp_ice_clear (&ice);
        return FALSE;
      }
      g_ptr_array_add (found, gst_call_whip_candidate_new (mline_index, line + 2));
    } else if (g_str_equal (line, "a=end-of-candidates")) {
      *complete = TRUE;
    }
  }
  sdp_ice_clear (&ice);
  *candidates = g_steal_pointer (&found);
  return TRUE;
}

/* Splits a header list at commas outside <...> and "...". */
static GPtrArray *
split_header_list (const char *list)
{
  GPtrArray *items = g_ptr_array_new_with_free_func (g_free);
  gboolean in_angle = FALSE, in_quote = FALSE;
  const char *start = list;

  for (const char *p = list;; p++) {
    if (*p == '\0' || (*p == ',' && !in_angle && !in_quote)) {
      g_autofree char *item = g_strstrip (g_strndup (start, p - start));

      if (*item)
        g_ptr_array_add (items, g_steal_pointer (&item));
      if (*p == '\0')
        break;
      start = p + 1;
    } else if (*p == '"' && !in_angle) {
      in_quote = !in_quote;
    } else if (*p == '<' && !in_quote) {
      in_angle = TRUE;
    } else if (*p == '>' && !in_quote) {
      in_angle = FALSE;
    }
  }
  return items;
}

/* A parameter of a Link value: name="value" or name=value; the
 * separating semicolons may not be inside quotes. */
static char *
link_parameter (const char *link,
                const char *name)
{
  gsize length = strlen (name);
  const char *p = strchr (link, '>');

  while (p && (p = strchr (p, ';'))) {
    const char *value;
    GString *out;

    p++;
    while (*p == ' ' || *p == '\t')
      p++;
    if (g_ascii_strncasecmp (p, name, length) != 0 || p[length] != '=') {
      /* Skip this parameter, quoted parts included. */
      gboolean quoted = FALSE;

      while (*p && (quoted || *p != ';')) {
        if (*p == '"')
          quoted = !quoted;
        else if (*p == '\\' && quoted && p[1])
          p++;
        p++;
      }
      continue;
    }
    value = p + length + 1;
    out = g_string_new (NULL);
    if (*value == '"') {
      for (value++; *value && *value != '"'; value++) {
        if (*value == '\\' && value[1])
          value++;
        g_string_append_c (out, *value);
      }
    } else {
      while (*value && *value != ';' && *value != ' ')
        g_string_append_c (out, *value++);
    }
    return g_string_free (out, FALSE);
  }
  return NULL;
}

GStrv
gst_call_whip_parse_ice_server_links (SoupMessageHeaders *headers)
{
  const char *list = soup_message_headers_get_list (headers, "Link");
  g_autoptr (GStrvBuilder) servers = g_strv_builder_new ();
  g_autoptr (GPtrArray) links = NULL;

  if (!list)
    return g_strv_builder_end (servers);

  links = split_header_list (list);
  for (guint i = 0; i < links->len; i++) {
    const char *link = g_ptr_array_index (links, i);
    const char *close = strchr (link, '>');
    g_autofree char *rel = link_parameter (link, "rel");
    g_autofree char *uri = NULL;
    g_autofree char *username = NULL;
    g_autofree char *credential = NULL;

    if (link[0] != '<' || !close || g_strcmp0 (rel, "ice-server") != 0)
      continue;
    uri = g_strndup (link + 1, close - link - 1);
    username = link_parameter (link, "username");
    credential = link_parameter (link, "credential");

    if (g_str_has_prefix (uri, "stun:") || g_str_has_prefix (uri, "stuns:")) {
      g_strv_builder_add (servers, uri);
    } else if ((g_str_has_prefix (uri, "turn:") || g_str_has_prefix (uri, "turns:")) &&
               username && credential) {
      const char *colon = strchr (uri, ':');
      g_autofree char *scheme = g_strndup (uri, colon - uri);
      g_autofree char *user = g_uri_escape_string (username, NULL, FALSE);
      g_autofree char *password = g_uri_escape_string (credential, NULL, FALSE);
      const char *rest = colon + 1;

      if (g_str_has_prefix (rest, "//"))
        rest += 2;
      g_autofree char *server = g_strdup_printf ("%s://%s:%s@%s", scheme, user,
                                                 password, rest);

      g_strv_builder_add (servers, server);
    } else {
      /* Not the link itself: it may carry a credential. */
      GST_WARNING ("ignoring an ICE server link that is neither STUN nor TURN "
                   "with username and credential");
    }
  }
  return g_strv_builder_end (servers);
}

char *
gst_call_whip_ice_server_link (const char *ice_server)
{
  g_autoptr (GUri) uri = NULL;
  const char *scheme_end = strchr (ice_server, ':');
  g_autofree char *scheme = scheme_end ? g_strndup (ice_server, scheme_end - ice_server) : NULL;
  g_autofree char *with_slashes = NULL;
  g_autofree char *username = NULL;
  g_autofree char *password = NULL;
  GString *link;

  if (!scheme)
    return NULL;
  if (g_str_equal (scheme, "stun") || g_str_equal (scheme, "stuns"))
    return g_strdup_printf ("<%s>; rel=\"ice-server\"", ice_server);

  /* turn://USER:PASSWORD@HOST:PORT?transport=... */
  with_slashes = g_str_has_prefix (scheme_end, "://")
      ? g_strdup (ice_server) : g_strdup_printf ("%s://%s", scheme, scheme_end + 1);
  uri = g_uri_parse (with_slashes, G_URI_FLAGS_HAS_PASSWORD, NULL);
  if (!uri || !g_uri_get_host (uri))
    return NULL;
  link = g_string_new (NULL);
  g_string_append_printf (link, "<%s:%s", scheme, g_uri_get_host (uri));
  if (g_uri_get_port (uri) > 0)
    g_string_append_printf (link, ":%d", g_uri_get_port (uri));
  if (g_uri_get_query (uri))
    g_string_append_printf (link, "?%s", g_uri_get_query (uri));
  g_string_append (link, ">; rel=\"ice-server\"");
  username = g_uri_get_user (uri) ? g_uri_unescape_string (g_uri_get_user (uri), NULL) : NULL;
  password = g_uri_get_password (uri) ? g_uri_unescape_string (g_uri_get_password (uri), NULL)
                                      : NULL;
  if (username && password)
    g_string_append_printf (link, "; username=\"%s\"; credential=\"%s\"; "
                            "credential-type=\"password\"", username, password);
  return g_string_free (link, FALSE);
}
