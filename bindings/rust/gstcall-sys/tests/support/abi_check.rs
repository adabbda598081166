// Compares the Rust view of gstcall-sys (tests/abi.rs, generated) with the C
// compiler's: runs the program built from tests/abi.c and checks that every
// type has the same size and alignment and every constant the same value.
//
// The program is the one meson built (path in GSTCALL_SYS_ABI_C); without
// that variable it is compiled here with `cc` and `pkg-config gstcall-1.0`.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::Command;

fn c_program() -> PathBuf {
    if let Some(path) = std::env::var_os("GSTCALL_SYS_ABI_C") {
        return PathBuf::from(path);
    }
    let flags = Command::new("pkg-config")
        .args(&["--cflags", "--libs", "gstcall-1.0"])
        .output()
        .expect("cannot run pkg-config");
    assert!(
        flags.status.success(),
        "pkg-config gstcall-1.0 failed: {}",
        String::from_utf8_lossy(&flags.stderr)
    );
    let flags = String::from_utf8(flags.stdout).unwrap();
    let output = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("gstcall-sys-abi");
    let status = Command::new("cc")
        .arg("-std=c11")
        .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/abi.c"))
        .arg("-o")
        .arg(&output)
        .args(flags.split_whitespace())
        .status()
        .expect("cannot run cc");
    assert!(status.success(), "compiling tests/abi.c failed");
    output
}

pub fn compare(layouts: &[(&str, usize, usize)], constants: &[(&str, i64)]) {
    let program = c_program();
    let output = Command::new(&program)
        .output()
        .unwrap_or_else(|error| panic!("cannot run {}: {}", program.display(), error));
    assert!(output.status.success(), "{} failed", program.display());
    let text = String::from_utf8(output.stdout).unwrap();

    let mut c_layouts = BTreeMap::new();
    let mut c_constants = BTreeMap::new();
    for line in text.lines() {
        let words: Vec<&str> = line.split(' ').collect();
        match words.as_slice() {
            ["layout", name, size, align] => {
                c_layouts.insert(name.to_string(), (size.parse().unwrap(), align.parse().unwrap()));
            }
            ["constant", name, value] => {
                c_constants.insert(name.to_string(), value.parse::<i64>().unwrap());
            }
            _ => panic!("unexpected line from {}: {:?}", program.display(), line),
        }
    }

    let mut failures = Vec::new();
    for (name, size, align) in layouts {
        match c_layouts.remove(*name) {
            Some((c_size, c_align)) if (c_size, c_align) == (*size, *align) => {}
            Some((c_size, c_align)) => failures.push(format!(
                "{}: Rust size {} alignment {}, C size {} alignment {}",
                name, size, align, c_size, c_align
            )),
            None => failures.push(format!("{}: not printed by the C program", name)),
        }
    }
    for (name, value) in constants {
        match c_constants.remove(*name) {
            Some(c_value) if c_value == *value => {}
            Some(c_value) => failures.push(format!("{}: Rust {}, C {}", name, value, c_value)),
            None => failures.push(format!("{}: not printed by the C program", name)),
        }
    }
    for name in c_layouts.keys().chain(c_constants.keys()) {
        failures.push(format!("{}: printed by the C program, unknown to Rust", name));
    }
    println!(
        "compared {} layouts and {} constants with C",
        layouts.len(),
        constants.len()
    );
    assert!(failures.is_empty(), "ABI mismatches:\n{}", failures.join("\n"));
}
