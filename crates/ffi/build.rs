//! Gives the shared library a versioned soname on ELF systems, so programs record which ABI
//! they were linked against and several versions can be installed side by side. The ABI
//! version is the major version, or `0.MINOR` while the major version is 0 (where every minor
//! release may change the ABI): `liblightsout.so.0.3` for 0.3.x. `crates/ffi/install.sh`
//! installs the file under that name with the `liblightsout.so` link for the linker.

fn main() {
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    if matches!(os.as_str(), "linux" | "android" | "freebsd" | "netbsd" | "openbsd" | "dragonfly" | "illumos") {
        let major = std::env::var("CARGO_PKG_VERSION_MAJOR").unwrap_or_default();
        let minor = std::env::var("CARGO_PKG_VERSION_MINOR").unwrap_or_default();
        let abi = if major == "0" { format!("0.{minor}") } else { major };
        println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,liblightsout.so.{abi}");
    }
    println!("cargo:rerun-if-changed=build.rs");
}
