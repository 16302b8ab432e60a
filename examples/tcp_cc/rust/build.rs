// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
// The shadow module of tcp_cc.bpf.o ($TCP_CC_BPF_OBJECT: the build's object).
fn main() {
    println!("cargo:rerun-if-env-changed=TCP_CC_BPF_OBJECT");
    let obj = std::env::var("TCP_CC_BPF_OBJECT").unwrap_or_else(|_| "tcp_cc.bpf.o".into());
    if let Err(e) = stops_shadow_build::Shadow::new(obj).generate() {
        eprintln!("{e}");
        std::process::exit(1);
    }
}
