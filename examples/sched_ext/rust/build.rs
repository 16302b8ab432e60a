// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
// The shadow module of sched_ext.bpf.o ($SCHED_EXT_BPF_OBJECT: the build's object).
fn main() {
    println!("cargo:rerun-if-env-changed=SCHED_EXT_BPF_OBJECT");
    let obj = std::env::var("SCHED_EXT_BPF_OBJECT").unwrap_or_else(|_| "sched_ext.bpf.o".into());
    if let Err(e) = stops_shadow_build::Shadow::new(obj).generate() {
        eprintln!("{e}");
        std::process::exit(1);
    }
    // A static loader (RUSTFLAGS=-Ctarget-feature=+crt-static: one binary
    // for any guest). libbpf-sys names libelf and zlib before libbpf, which
    // a static link cannot resolve, and libelf needs zstd: name them again
    // after everything, with the C library they need.
    let features = std::env::var("CARGO_CFG_TARGET_FEATURE").unwrap_or_default();
    if features.split(',').any(|f| f == "crt-static") {
        for arg in ["-Wl,-Bstatic", "-lbpf", "-lelf", "-lz", "-lzstd", "-lc"] {
            println!("cargo:rustc-link-arg-bins={arg}");
        }
    }
}
