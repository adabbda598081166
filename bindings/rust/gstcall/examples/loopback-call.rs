// A complete call in a few lines: two gstcall::Call objects in this process,
// connected through the loopback signaller. Prints the states, connects,
// waits for the peer's video and audio (10 s at most) and hangs up.
// Copyright (C) 2026 The libgstcall authors
//
// SPDX-License-Identifier: LGPL-2.1-or-later
//
// Run it with `cargo run --example loopback-call`; tests/example.rs runs it
// in `cargo test`.

use gstcall::{glib, Call, LoopbackSignaller, StatsSummary};
use std::time::Duration;

/// Makes the call; returns the totals of the caller's statistics after the hang-up.
pub fn run() -> Result<StatsSummary, glib::Error> {
    gstcall::init();
    let context = glib::MainContext::default();
    context.block_on(async {
        let (ours, theirs) = LoopbackSignaller::new_pair(); // or a WebSocket signaller
        let (call, peer) = (Call::new(), Call::new());
        for c in [&call, &peer].iter() {
            c.set_ice_local_addresses(&["127.0.0.1"]); // both ends are on this machine
        }
        call.set_signaller(Some(&ours));
        peer.set_signaller(Some(&theirs));
        peer.connect_incoming_call(|peer| {
            peer.answer_async(None, |result| {
                if let Err(error) = result {
                    eprintln!("answer failed: {}", error);
                }
            })
        });
        call.connect_state_notify(|call| println!("call is {:?}", call.state()));

        call.dial_future(None).await?; // camera + microphone, or test sources
        let mut stats = call.stats_future().await?.summary(); // typed, as getStats()
        for _ in 0..100 {
            // until the peer's media is decoded, 10 s at most
            let received = |kind| stats.uint(kind).unwrap_or(0) > 0;
            if received("video-frames-received") && received("audio-frames-received") {
                break;
            }
            glib::timeout_future(Duration::from_millis(100)).await; // media flows meanwhile
            stats = call.stats_future().await?.summary();
        }
        call.hangup(); // the state is now CallState::Ended
        Ok(stats)
    })
}

#[allow(dead_code)] // tests/example.rs calls run()
fn main() {
    match run() {
        Ok(stats) => println!(
            "received {} video frames and {} audio frames",
            stats.uint("video-frames-received").unwrap_or(0),
            stats.uint("audio-frames-received").unwrap_or(0)
        ),
        Err(error) => {
            eprintln!("call failed: {}", error);
            std::process::exit(1);
        }
    }
}
