# GstCall.CallWhipSignaller and GstCall.CallWhipServer from Python: a call
# published over WHIP to an endpoint on a Soup.Server, media decoded by the
# endpoint, DELETE on hang-up; the Janus signaller's constructors.
# Copyright (C) 2026 The libgstcall authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later

import threading

import gi

gi.require_version("Soup", "3.0")
from gi.repository import GLib, Gst, GstCall, Soup  # noqa: E402

from conftest import (  # noqa: E402
    MAIN_THREAD,
    assert_call_error,
    assert_finalized,
    call_stats,
    drain_context,
    run_async,
    wait_until,
)

VIDEO_SOURCE = ("videotestsrc is-live=true pattern=ball ! "
                "capsfilter caps=video/x-raw,width=320,height=240,framerate=30/1")
AUDIO_SOURCE = ("audiotestsrc is-live=true ! "
                "capsfilter caps=audio/x-raw,rate=48000,channels=2")


def stat(call, field):
    ok, value = call_stats(call).get_uint(field)
    assert ok, field
    return value


def test_publish_to_endpoint(handler_errors):
    soup = Soup.Server()
    soup.listen_local(0, Soup.ServerListenOptions.IPV4_ONLY)
    port = soup.get_listeners()[0].get_local_address().get_port()

    endpoint = GstCall.CallWhipServer.new()
    endpoint.props.ice_local_addresses = ["127.0.0.1"]
    endpoint.attach(soup, "/whip")
    server_calls = []

    def on_new_call(server, call, path):
        assert path == "/whip"
        assert threading.get_ident() == MAIN_THREAD
        call.set_video_sink(Gst.ElementFactory.make("fakesink"))
        call.set_audio_sink(Gst.ElementFactory.make("fakesink"))
        server_calls.append(call)

    endpoint.connect("new-call", handler_errors.guard(on_new_call))
    assert endpoint.get_n_sessions() == 0

    url = f"http://127.0.0.1:{port}/whip"
    signaller = GstCall.CallWhipSignaller.new(url)
    assert signaller.get_url() == url
    assert signaller.get_resource_url() is None

    call = GstCall.Call.new()
    call.props.ice_local_addresses = ["127.0.0.1"]
    call.set_signaller(signaller)
    call.set_sources_from_description(VIDEO_SOURCE, AUDIO_SOURCE)
    assert run_async(call.dial_async, call.dial_finish, None) is True

    assert endpoint.get_n_sessions() == 1
    assert signaller.get_resource_url().startswith(f"http://127.0.0.1:{port}/whip")
    assert len(server_calls) == 1
    wait_until(lambda: stat(server_calls[0], "video-frames-received") >= 10,
               "the endpoint to decode video", errors=handler_errors)

    call.hangup()
    wait_until(lambda: endpoint.get_n_sessions() == 0,
               "the DELETE to end the session", errors=handler_errors)
    handler_errors.check()

    soup.disconnect()
    objects = [call, signaller]
    del call, signaller, server_calls
    drain_context()
    assert_finalized(objects)


def free_port():
    """A loopback TCP port nothing listens on."""
    listener = Soup.Server()
    listener.listen_local(0, Soup.ServerListenOptions.IPV4_ONLY)
    port = listener.get_listeners()[0].get_local_address().get_port()
    listener.disconnect()
    return port


def test_janus_unreachable(handler_errors):
    url = f"http://127.0.0.1:{free_port()}/janus"
    publisher = GstCall.CallJanusSignaller.new_publisher(url, 1234)
    subscriber = GstCall.CallJanusSignaller.new_subscriber(url, 1234, 42)
    closed = {}

    def on_closed(signaller, error):
        assert threading.get_ident() == MAIN_THREAD
        closed[signaller] = error

    for signaller in (publisher, subscriber):
        signaller.connect("closed", handler_errors.guard(on_closed))
    # Janus confirmed no join: no publisher id.
    assert publisher.get_publisher_id() == 0
    wait_until(lambda: len(closed) == 2, "both signallers to report the unreachable server",
               errors=handler_errors)
    for error in closed.values():
        assert_call_error(error, GstCall.CallError.SIGNALING)
    assert subscriber.get_publisher_id() == 0
    objects = [publisher, subscriber]
    del publisher, subscriber, signaller, closed
    drain_context()
    assert_finalized(objects)
