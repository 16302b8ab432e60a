// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
// libbpf-cargo's skeleton and our module of $SKEL_OBJ (tcp_cc.bpf.o).
fn main() {
    println!("cargo:rerun-if-env-changed=SKEL_OBJ");
    let obj = std::env::var("SKEL_OBJ").expect("SKEL_OBJ");
    let out = std::path::PathBuf::from(std::env::var_os("OUT_DIR").unwrap());
    libbpf_cargo::SkeletonBuilder::new()
        .obj(&obj)
        .generate(out.join("tcp_cc.skel.rs"))
        .expect("libbpf-cargo skeleton");
    stops_shadow_build::Shadow::new(&obj).generate().expect("stops-shadow module");
}
