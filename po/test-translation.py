#!/usr/bin/env python3
# Checks the German catalog built from po/de.po.
# Copyright (C) 2026 The libgstcall authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later
#
#   test-translation.py catalog LOCALEDIR
#       Reads LOCALEDIR/de/LC_MESSAGES/gstcall-1.0.mo (meson's i18n module
#       builds it in <build>/po) with Python's gettext module and checks
#       known messages are German.
#   test-translation.py library LOCALEDIR
#       The same through libgstcall itself (GstCall typelib): an error raised
#       by the library comes back in German with LANGUAGE=de. The library
#       binds its domain to the install prefix's locale directory, so the
#       domain is bound again to LOCALEDIR here, after the library did it.

import ctypes
import gettext
import locale
import os
import sys

DOMAIN = "gstcall-1.0"

# msgid -> the German the catalog must give, for messages that are stable
# parts of the API's error reporting.
EXPECTED = {
    "The peer connection is closed": "Die Peer-Verbindung ist geschlossen",
    "The session description is empty": "Die Sitzungsbeschreibung ist leer",
    "The ICE server “%s” is not a stun:, turn: or turns: URI":
        "Der ICE-Server „%s“ ist keine stun:-, turn:- oder turns:-URI",
    "The call has no signaller: set one (the signaller property)":
        "Der Anruf hat keinen Signalisierungskanal: Legen Sie einen fest (die "
        "Eigenschaft signaller)",
}


def check_catalog(localedir):
    mo_path = os.path.join(localedir, "de", "LC_MESSAGES", DOMAIN + ".mo")
    if not os.path.isfile(mo_path):
        print(f"{mo_path} was not built")
        return 1

    catalog = gettext.translation(DOMAIN, localedir=localedir, languages=["de"])
    failures = 0
    for msgid, german in EXPECTED.items():
        translated = catalog.gettext(msgid)
        print(f"{msgid!r} -> {translated!r}")
        if translated != german:
            print(f"  expected {german!r}")
            failures += 1

    info = catalog.info()
    if info.get("language") != "de":
        print(f"catalog header has Language: {info.get('language')!r}, not 'de'")
        failures += 1
    return 1 if failures else 0


def check_library(localedir):
    import gi

    gi.require_version("GLib", "2.0")
    gi.require_version("GstCall", "1.0")
    from gi.repository import GLib, GstCall

    # LANGUAGE selects German; the locale only has to be a non-"C" one
    # (C.UTF-8 is always there).
    os.environ["LANGUAGE"] = "de"
    locale.setlocale(locale.LC_ALL, "C.UTF-8")

    # Constructing a peer connection initializes the library, which calls
    # bindtextdomain() with its install-time locale directory...
    pc = GstCall.PeerConnection.new()
    pc.close()
    # ...so point the domain at the catalogs in the build tree now.
    libc = ctypes.CDLL(None)
    libc.bindtextdomain.restype = ctypes.c_char_p
    libc.bindtextdomain.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
    bound = libc.bindtextdomain(DOMAIN.encode(), localedir.encode())
    print(f"{DOMAIN} bound to {bound.decode()}")

    failures = 0
    try:
        pc.add_ice_candidate(0, "candidate:1 1 UDP 1 192.0.2.1 4000 typ host")
        print("add_ice_candidate() on a closed peer connection did not fail")
        failures += 1
    except GLib.Error as error:
        print(f"closed: {error.message!r}")
        if error.message != EXPECTED["The peer connection is closed"]:
            failures += 1

    try:
        GstCall.PeerConnection.new_full(["http://example.org"],
                                        GstCall.CallBundlePolicy.MAX_BUNDLE,
                                        GstCall.CallIceTransportPolicy.ALL)
        print("an http: ICE server was accepted")
        failures += 1
    except GLib.Error as error:
        print(f"bad ICE server: {error.message!r}")
        expected = EXPECTED["The ICE server “%s” is not a stun:, turn: or turns: URI"]
        if error.message != expected.replace("%s", "http://example.org"):
            failures += 1
    return 1 if failures else 0


def main(argv):
    if len(argv) != 2 or argv[0] not in ("catalog", "library"):
        print("usage: test-translation.py catalog|library LOCALEDIR", file=sys.stderr)
        return 2
    mode, localedir = argv
    if mode == "catalog":
        return check_catalog(localedir)
    return check_library(localedir)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
