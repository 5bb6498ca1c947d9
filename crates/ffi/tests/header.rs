//! `include/lightsout.h` is exactly what cbindgen generates from this crate with
//! `crates/ffi/cbindgen.toml`: the same generator as the command
//! `cbindgen --config crates/ffi/cbindgen.toml --crate lightsout-ffi --output include/lightsout.h crates/ffi`,
//! pinned to the same version, used as a library so the check needs no separate install.
//!
//! After changing the ABI, regenerate the header with that command, or with
//! `LIGHTSOUT_BLESS=1 cargo test -p lightsout-ffi --test header`.

use std::path::Path;

#[test]
fn the_checked_in_header_is_what_cbindgen_generates() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let config = cbindgen::Config::from_file(dir.join("cbindgen.toml")).expect("crates/ffi/cbindgen.toml parses");
    let bindings = cbindgen::Builder::new()
        .with_crate(dir)
        .with_config(config)
        .generate()
        .expect("cbindgen generates the header from crates/ffi");
    let mut generated = Vec::new();
    bindings.write(&mut generated);
    let generated = String::from_utf8(generated).expect("the header is UTF-8");
    let path = dir.join("../../include/lightsout.h");
    if std::env::var("LIGHTSOUT_BLESS").as_deref() == Ok("1") {
        std::fs::write(&path, &generated).expect("include/lightsout.h is writable");
        return;
    }
    let checked_in = std::fs::read_to_string(&path).expect("include/lightsout.h exists");
    if checked_in != generated {
        let line = checked_in.lines().zip(generated.lines()).position(|(a, b)| a != b);
        let line = line.unwrap_or_else(|| checked_in.lines().count().min(generated.lines().count()));
        panic!(
            "include/lightsout.h is stale (first difference at line {}: {:?} in the file, {:?} generated); \
             regenerate it with\n  cbindgen --config crates/ffi/cbindgen.toml --crate lightsout-ffi --output include/lightsout.h crates/ffi\n\
             or LIGHTSOUT_BLESS=1 cargo test -p lightsout-ffi --test header",
            line + 1,
            checked_in.lines().nth(line).unwrap_or(""),
            generated.lines().nth(line).unwrap_or("")
        );
    }
}

#[test]
fn the_header_version_is_the_crate_version() {
    let header = include_str!("../../../include/lightsout.h");
    let line = format!("#define LIGHTSOUT_VERSION \"{}\"", env!("CARGO_PKG_VERSION"));
    assert!(
        header.lines().any(|l| l == line),
        "include/lightsout.h must define LIGHTSOUT_VERSION as the workspace version ({line}): \
         raise it in crates/ffi/cbindgen.toml's after_includes and regenerate the header"
    );
}
