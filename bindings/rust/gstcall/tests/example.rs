// Runs examples/loopback-call.rs, the example of the Rust tutorial, as it is.
// Copyright (C) 2026 The libgstcall authors
//
// SPDX-License-Identifier: LGPL-2.1-or-later

#[path = "../examples/loopback-call.rs"]
mod example;

#[test]
fn example_makes_a_loopback_call() {
    let stats = example::run().expect("the example's call failed");
    println!("caller statistics: {}", stats);
    let video = stats.uint("video-frames-received").unwrap();
    let audio = stats.uint("audio-frames-received").unwrap();
    assert!(video > 0, "no video frame received: {}", stats);
    assert!(audio > 0, "no audio frame received: {}", stats);
}

// examples/data-channel.rs, the data channel example of the same tutorial.
#[path = "../examples/data-channel.rs"]
mod data_channel_example;

#[test]
fn data_channel_example_chats() {
    let reply = data_channel_example::run().expect("the example's chat failed");
    assert_eq!(reply, "you said: hello");
}
