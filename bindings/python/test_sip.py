# GstCall.CallSipSignaller from Python: a call over SIP on 127.0.0.1, its
# settings, and its errors.
# Copyright (C) 2026 The libgstcall authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later

from gi.repository import GLib, GstCall

import pytest

from conftest import assert_call_error, call_stats, drain_context, run_async, wait_until

AUDIO_SOURCE = "audiotestsrc is-live=true"


def new_call():
    call = GstCall.Call.new()
    call.props.transport = GstCall.CallTransportKind.RTP
    call.props.send_video = False
    call.set_sources_from_description(None, AUDIO_SOURCE)
    return call


def test_settings_and_errors():
    signaller = GstCall.CallSipSignaller.new("127.0.0.1", 0)
    assert signaller.get_local_address() == "127.0.0.1"
    assert signaller.get_local_port() == 0
    assert signaller.dup_local_uri() is None
    assert signaller.get_user() == "gstcall"
    signaller.set_user("door")
    assert signaller.props.user == "door"
    with pytest.raises(GLib.Error) as info:
        signaller.set_remote_uri("https://example.com/")
    assert_call_error(info.value, GstCall.CallError.INVALID_ARGUMENT)
    assert signaller.get_remote_uri() is None
    signaller.set_remote_uri("sip:door@127.0.0.1:5060")
    assert signaller.props.remote_uri == "sip:door@127.0.0.1:5060"
    signaller.start()
    port = signaller.get_local_port()
    assert port > 0
    assert signaller.dup_local_uri() == f"sip:door@127.0.0.1:{port}"
    taken = GstCall.CallSipSignaller.new(None, port)
    with pytest.raises(GLib.Error) as info:
        taken.start()
    assert_call_error(info.value, GstCall.CallError.FAILED)


def test_call_over_sip():
    callee_signaller = GstCall.CallSipSignaller.new("127.0.0.1", 0)
    callee_signaller.start()
    callee = new_call()
    callee.props.signaller = callee_signaller
    caller = new_call()
    incoming = []
    callee.connect("incoming-call", lambda call: incoming.append(call))
    outcome = {}

    def dialled(call, result):
        try:
            outcome["dialled"] = call.dial_finish(result)
        except GLib.Error as error:
            outcome["error"] = error

    caller.dial_async(callee_signaller.dup_local_uri(), None, dialled)
    assert isinstance(caller.props.signaller, GstCall.CallSipSignaller)
    wait_until(lambda: incoming, "the INVITE")
    assert run_async(callee.answer_async, callee.answer_finish)
    wait_until(lambda: outcome, "the call to connect")
    assert outcome.get("dialled"), outcome
    wait_until(lambda: call_stats(caller).get_uint("audio-frames-received")[1] >= 20,
               "audio at the caller")
    wait_until(lambda: call_stats(callee).get_uint("audio-frames-received")[1] >= 20,
               "audio at the callee")
    callee.hangup()
    wait_until(lambda: caller.props.state == GstCall.CallState.ENDED, "the BYE")
    assert caller.props.end_reason == GstCall.CallEndReason.PEER_HANGUP
    drain_context()
