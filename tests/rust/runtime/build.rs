// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
// The modules under test, from the objects in $RT_OBJDIR.
fn main() {
    println!("cargo:rerun-if-env-changed=RT_OBJDIR");
    let dir = std::path::PathBuf::from(std::env::var("RT_OBJDIR").expect("RT_OBJDIR"));
    for obj in ["reorder", "fit", "sched_ext"] {
        if let Err(e) = stops_shadow_build::Shadow::new(dir.join(format!("{obj}.bpf.o"))).generate() {
            panic!("{e}");
        }
    }
}
