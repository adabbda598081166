# GstCall.CallDataChannel from Python: two peer connections in one process
# open a channel and exchange text and bytes; every signal on the main thread.
# Copyright (C) 2026 The libgstcall authors
#
# SPDX-License-Identifier: LGPL-2.1-or-later

from gi.repository import GLib, Gst, GstCall

import pytest

from conftest import assert_call_error, assert_finalized, drain_context, wait_until
from test_peerconnection import Peer


class ChannelLog:
    """What a channel's signals reported, from guarded handlers."""

    def __init__(self, channel, errors):
        self.channel = channel
        self.opened = 0
        self.closed = 0
        self.failures = []
        self.messages = []
        guard = errors.guard
        self.handler_ids = [
            channel.connect("open", guard(self.on_open)),
            channel.connect("close", guard(self.on_close)),
            channel.connect("error", guard(self.on_error)),
            channel.connect("message", guard(self.on_message)),
        ]

    def on_open(self, channel):
        assert channel.get_ready_state() == GstCall.CallDataChannelState.OPEN
        self.opened += 1

    def on_close(self, channel):
        assert channel.props.ready_state == GstCall.CallDataChannelState.CLOSED
        self.closed += 1

    def on_error(self, channel, error):
        self.failures.append(error.message)

    def on_message(self, channel, data, is_text):
        self.messages.append((data.get_data(), is_text))

    def disconnect(self):
        for handler_id in self.handler_ids:
            self.channel.disconnect(handler_id)


def test_options_are_checked():
    pc = GstCall.PeerConnection.new()
    try:
        for options, field in [
            (Gst.Structure.new_from_string("options, color=(string)red"), "color"),
            (Gst.Structure.new_from_string("options, ordered=(string)yes"), "ordered"),
            (Gst.Structure.new_from_string("options, negotiated=(boolean)true"), "id"),
        ]:
            with pytest.raises(GLib.Error) as info:
                pc.create_data_channel("chat", options)
            assert_call_error(info.value, GstCall.CallError.INVALID_ARGUMENT)
            assert field in info.value.message
    finally:
        pc.close()


def test_data_channel(handler_errors):
    signaller_a, signaller_b = GstCall.CallLoopbackSignaller.new_pair()
    offerer = Peer("offerer", signaller_a, True, handler_errors)
    answerer = Peer("answerer", signaller_b, False, handler_errors)
    remote_logs = []

    def on_data_channel(pc, channel):
        remote_logs.append(ChannelLog(channel, handler_errors))

    data_channel_id = answerer.pc.connect("data-channel", handler_errors.guard(on_data_channel))

    options = Gst.Structure.new_from_string("options, protocol=(string)chat-v1")
    channel = offerer.pc.create_data_channel("chat", options)
    local = ChannelLog(channel, handler_errors)
    assert channel.get_label() == "chat"
    assert channel.props.protocol == "chat-v1"
    assert channel.get_ordered()
    assert not channel.get_negotiated()
    assert channel.get_max_retransmits() == -1
    assert channel.get_max_packet_life_time() == -1
    channel.set_buffered_amount_low_threshold(1024)
    assert channel.get_buffered_amount_low_threshold() == 1024
    with pytest.raises(GLib.Error) as info:
        channel.send_string("too early")
    assert_call_error(info.value, GstCall.CallError.INVALID_STATE)

    wait_until(lambda: local.opened and remote_logs and remote_logs[0].opened,
               "the channel open on both sides", errors=handler_errors)
    remote = remote_logs[0]
    assert remote.channel.get_label() == "chat"
    assert remote.channel.get_protocol() == "chat-v1"
    assert remote.channel.get_id() == channel.get_id() >= 0

    assert channel.send_string("hello")
    assert channel.send_bytes(GLib.Bytes.new(b"\x00\x01\x02"))
    assert remote.channel.send_string("hé back")
    wait_until(lambda: len(remote.messages) == 2 and len(local.messages) == 1,
               "the messages", errors=handler_errors)
    assert remote.messages == [(b"hello", True), (b"\x00\x01\x02", False)]
    assert local.messages == [("hé back".encode(), True)]
    assert channel.get_buffered_amount() >= 0

    # Closing one side closes both, once.
    channel.close()
    wait_until(lambda: local.closed and remote.closed, "the channel closed on both sides",
               errors=handler_errors)
    with pytest.raises(GLib.Error) as info:
        channel.send_string("too late")
    assert_call_error(info.value, GstCall.CallError.CLOSED)
    drain_context()
    assert (local.closed, remote.closed) == (1, 1)
    assert not local.failures and not remote.failures

    answerer.pc.disconnect(data_channel_id)
    for log in [local] + remote_logs:
        log.disconnect()
    del log
    objects = [channel] + [log.channel for log in remote_logs]
    local = remote = channel = None
    remote_logs.clear()
    for peer in (offerer, answerer):
        peer.disconnect()
        peer.pc.close()
        objects.append(peer.pc)
        peer.pc = None
    drain_context()
    assert_finalized(objects)


def test_call_data_channel():
    """A call takes channels before it starts; plain RTP has none."""
    call = GstCall.Call.new()
    channel = call.create_data_channel("chat", None)
    assert channel.get_ready_state() == GstCall.CallDataChannelState.CONNECTING
    assert channel.get_id() == -1
    closed = []
    channel.connect("close", lambda channel: closed.append(channel.props.ready_state))
    channel.close()
    wait_until(lambda: closed, "the channel closed")
    assert closed == [GstCall.CallDataChannelState.CLOSED]

    call.set_transport(GstCall.CallTransportKind.RTP)
    with pytest.raises(GLib.Error) as info:
        call.create_data_channel("chat", None)
    assert_call_error(info.value, GstCall.CallError.INVALID_STATE)
    objects = [call, channel]
    del call, channel
    assert_finalized(objects)
