# GstCall.CallServer from Python: its settings, the page over HTTP, a WHEP
# player fed by the shared encoder, sources it refuses, the app's own
# source elements.
# Copyright (C) 2026 The libgstcall authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later

import gi

gi.require_version("Soup", "3.0")
from gi.repository import Gio, GLib, Gst, GstCall, Soup  # noqa: E402

from conftest import (  # noqa: E402
    assert_call_error,
    assert_finalized,
    call_stats,
    drain_context,
    run_async,
    wait_until,
)


def stat(call, field):
    ok, value = call_stats(call).get_uint(field)
    assert ok, field
    return value


def http(server, method, path):
    """(status, body) of a request to the server, which runs on this thread."""
    session = Soup.Session()
    message = Soup.Message.new(method, f"http://127.0.0.1:{server.get_port()}{path}")
    body = run_async(lambda cancellable, callback: session.send_and_read_async(
        message, GLib.PRIORITY_DEFAULT, cancellable, callback), session.send_and_read_finish)
    return message.get_status(), body.get_data()


def test_server_settings():
    server = GstCall.CallServer.new()
    assert server.get_address() == "127.0.0.1"
    server.set_address("0.0.0.0")
    assert server.props.address == "0.0.0.0"
    assert server.get_port() == 0
    server.set_port(8123)
    assert server.props.port == 8123
    assert server.get_token() is None
    server.set_token("s3cret")
    assert server.props.token == "s3cret"
    assert server.get_tls_certificate() is None
    server.set_tls_certificate(None)
    assert server.get_max_calls() == 16
    server.set_max_calls(4)
    assert server.get_max_calls_per_client() == 0
    server.set_max_calls_per_client(3)
    assert server.props.max_calls_per_client == 3
    assert server.get_join_timeout() == 30
    server.set_join_timeout(5)
    assert server.get_idle_timeout() == 10
    server.set_idle_timeout(2)
    assert not server.get_ice_local_addresses()
    server.set_ice_local_addresses(["127.0.0.1"])
    assert list(server.get_ice_local_addresses()) == ["127.0.0.1"]
    assert server.get_video_codec() == GstCall.CallCodec.VP8
    server.set_video_codec(GstCall.CallCodec.VP9)
    assert server.get_video_width() == 640 and server.get_video_height() == 480
    server.set_video_width(320)
    server.set_video_height(240)
    assert server.props.video_width == 320
    assert server.get_shared_encoding()
    server.set_shared_encoding(False)
    assert not server.props.shared_encoding
    assert server.get_uri() is None and server.get_soup_server() is None
    assert server.get_n_calls() == 0
    objects = [server]
    del server
    assert_finalized(objects)


def test_server_page_and_whep():
    server = GstCall.CallServer(ice_local_addresses=["127.0.0.1"], video_width=320,
                                video_height=240)
    calls, ended = [], []
    server.connect("new-call", lambda server, call, kind: calls.append((call, kind)))
    server.connect("call-ended", lambda server, call, reason: ended.append((call, reason)))
    server.listen()
    assert server.get_uri() == f"http://127.0.0.1:{server.get_port()}/"
    assert isinstance(server.get_soup_server(), Soup.Server)

    status, page = http(server, "GET", "/")
    assert status == 200 and page.startswith(b"<!DOCTYPE html>")
    status, _ = http(server, "POST", "/call")
    assert status == 200 and calls[-1][1] == GstCall.CallServerCallKind.BROWSER
    assert server.get_n_calls() == 1

    player = GstCall.Call(ice_local_addresses=["127.0.0.1"])
    player.set_video_sink(Gst.ElementFactory.make("fakesink"))
    player.set_audio_sink(Gst.ElementFactory.make("fakesink"))
    run_async(lambda cancellable, callback: player.dial_async(
        f"whep+http://127.0.0.1:{server.get_port()}/whep", cancellable, callback),
        player.dial_finish)
    assert calls[-1][1] == GstCall.CallServerCallKind.WHEP
    broadcast = calls[-1][0].get_video_broadcast()
    assert broadcast is not None and broadcast.get_viewer_count() == 1
    wait_until(lambda: stat(player, "video-frames-received") >= 20, "the player's video")

    player.hangup()
    wait_until(lambda: len(ended) == 1, "the WHEP session to end")
    assert ended[0][0] == calls[-1][0] and ended[0][1] is None
    server.close()
    assert server.get_n_calls() == 0 and server.get_uri() is None
    objects = [server, player]
    del server, player, calls[:], ended[:], broadcast
    drain_context()
    assert_finalized(objects)


def test_server_sources(tmp_path):
    server = GstCall.CallServer.new()
    try:
        server.set_sources_from_uri(str(tmp_path / "missing.webm"))
        raise AssertionError("a missing file was taken")
    except GLib.Error as error:
        assert_call_error(error, GstCall.CallError.INVALID_ARGUMENT)
        assert "missing.webm" in error.message
    try:
        server.set_sources_from_description(None, None)
        raise AssertionError("no description was taken")
    except GLib.Error as error:
        assert_call_error(error, GstCall.CallError.INVALID_ARGUMENT)
    assert server.set_sources_from_description("videotestsrc is-live=true", None)
    server.set_sources_from_devices()

    # The app's own elements, encoded once for all calls.
    source = Gst.ElementFactory.make("videotestsrc")
    source.props.is_live = True
    server.set_video_source(source)
    server.set_audio_source(None)
    server.set_port(0)
    server.listen()
    assert server.get_port() > 0
    server.close()
    server.set_shared_encoding(False)
    try:
        server.listen()
        raise AssertionError("one element for each call")
    except GLib.Error as error:
        assert_call_error(error, GstCall.CallError.INVALID_ARGUMENT)
    objects = [server]
    del server, source
    drain_context()
    assert_finalized(objects)
