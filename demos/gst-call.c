/* gst-call: the libgstcall command line tool
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <locale.h>
#include <stdio.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include <glib/gi18n.h>
#include <gst/gst.h>

#include "gst-call-tool.h"
#include "gst-call-encoders.h"

typedef struct {
  const char *name;
  const char *summary;
  int (*run) (int argc, char **argv);
} Subcommand;

static const Subcommand subcommands[] = {
  { "loopback", N_("Make a call between two peers in this process and report timings"),
    gst_call_tool_loopback },
  { "serve", N_("Serve a web page: every browser that opens it gets a call with this process"),
    gst_call_tool_serve },
  { "dial", N_("Join a room of a signaling server and call the peer there"),
    gst_call_tool_dial },
  { "encoders", N_("Show which encoders (or decoders) would be used, and why"),
    gst_call_tool_encoders },
  { "whip", N_("Publish to a WHIP endpoint"), gst_call_tool_whip },
  { "whep", N_("Play from a WHEP endpoint"), gst_call_tool_whep },
};

/* A call that reconnects builds a new pipeline: streaming threads come and
 * go, and glibc lets threads spread over up to 8 malloc heaps per core,
 * each keeping pages that a little live data pins among freed memory.
 * With two heaps the resident memory of a long-running gst-call stays
 * flat over reconnections (tools/soak-outage, DEVELOPERS.md), at no CPU
 * cost bench-loopback could measure. MALLOC_ARENA_MAX in the environment
 * still decides. */
static void
limit_malloc_heaps (void)
{
#ifdef __GLIBC__
  if (!g_getenv ("MALLOC_ARENA_MAX"))
    mallopt (M_ARENA_MAX, 2);
#endif
}

static void
print_usage (FILE *stream)
{
  fprintf (stream, "%s\n\n", _("Usage: gst-call COMMAND [OPTION…]"));
  fprintf (stream, "%s\n", _("Commands:"));
  for (gsize i = 0; i < G_N_ELEMENTS (subcommands); i++)
    fprintf (stream, "  %-10s %s\n", subcommands[i].name, _(subcommands[i].summary));
  fprintf (stream, "\n%s\n", _("Run “gst-call COMMAND --help” for the options of a command."));
}

int
main (int argc, char **argv)
{
  limit_malloc_heaps ();
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  if (argc < 2 || g_str_equal (argv[1], "--help") || g_str_equal (argv[1], "-h")) {
    print_usage (argc < 2 ? stderr : stdout);
    return argc < 2 ? 2 : 0;
  }
  if (g_str_equal (argv[1], "--version")) {
    printf ("gst-call %s\n", PACKAGE_VERSION);
    return 0;
  }

  for (gsize i = 0; i < G_N_ELEMENTS (subcommands); i++) {
    if (g_str_equal (argv[1], subcommands[i].name)) {
      g_autofree char *program = g_strdup_printf ("gst-call %s", subcommands[i].name);

      argv[1] = program;
      return subcommands[i].run (argc - 1, argv + 1);
    }
  }

  fprintf (stderr, _("gst-call: unknown command “%s”\n\n"), argv[1]);
  print_usage (stderr);
  return 2;
}
