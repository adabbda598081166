// A chat between two gstcall::Call objects in this process, without media:
// the caller opens a data channel, the peer answers every message it
// receives, and the caller hangs up once it heard back (10 s at most).
// Copyright (C) 2026 The libgstcall authors
//
// SPDX-License-Identifier: LGPL-2.1-or-later
//
// Run it with `cargo run --example data-channel`; tests/example.rs runs it
// in `cargo test`.

use gstcall::{glib, Call, LoopbackSignaller};
use std::cell::RefCell;
use std::rc::Rc;
use std::time::{Duration, Instant};

/// Chats; returns the peer's answer to "hello".
pub fn run() -> Result<String, glib::Error> {
    gstcall::init();
    let context = glib::MainContext::default();
    context.block_on(async {
        let (ours, theirs) = LoopbackSignaller::new_pair(); // or a WebSocket signaller
        let (call, peer) = (Call::new(), Call::new());
        for c in [&call, &peer].iter() {
            c.set_ice_local_addresses(&["127.0.0.1"]); // both ends are on this machine
            c.set_send_video(false); // no media: a chat
            c.set_send_audio(false);
        }
        call.set_signaller(Some(&ours));
        peer.set_signaller(Some(&theirs));
        peer.connect_incoming_call(|peer| peer.answer_async(None, |_| ()));
        peer.connect_data_channel(|_, channel| {
            println!("the peer opened {}", channel.label());
            channel.connect_message(|channel, data, is_text| {
                if is_text {
                    let reply = format!("you said: {}", String::from_utf8_lossy(data));
                    if let Err(error) = channel.send_string(&reply) {
                        eprintln!("reply failed: {}", error);
                    }
                }
            });
        });

        // Made before dialling: the offer carries it. Options as webrtcbin's,
        // e.g. Some("options, ordered=(boolean)false, max-retransmits=(int)0").
        let channel = call.create_data_channel("chat", None)?;
        let reply = Rc::new(RefCell::new(None));
        channel.connect_open(|channel| {
            if let Err(error) = channel.send_string("hello") {
                eprintln!("send failed: {}", error);
            }
        });
        let received = reply.clone();
        channel.connect_message(move |_, data, _| {
            *received.borrow_mut() = Some(String::from_utf8_lossy(data).into_owned());
        });

        call.dial_future(None).await?;
        let start = Instant::now();
        while reply.borrow().is_none() && start.elapsed() < Duration::from_secs(10) {
            glib::timeout_future(Duration::from_millis(20)).await; // messages flow meanwhile
        }
        call.hangup(); // closes the channel on both sides
        let answer = reply.borrow_mut().take();
        Ok(answer.unwrap_or_default())
    })
}

#[allow(dead_code)] // tests/example.rs calls run()
fn main() {
    match run() {
        Ok(reply) => println!("received: {}", reply),
        Err(error) => {
            eprintln!("chat failed: {}", error);
            std::process::exit(1);
        }
    }
}
