// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
//! libbpf-cargo's skeleton of each object, as its build.rs would make it.
//! usage: cargo_table_skelgen LIST   each line "ID OBJ": writes ID.skel.rs
//! beside LIST, or ID.err with libbpf-cargo's error (a refusal is a row of
//! the table, not a failure of this program). Exit 0, 1 on bad usage.

use std::fs;
use std::path::Path;

// The message of a caught panic (libbpf-cargo panics on some inputs).
fn panic_text(p: &Box<dyn std::any::Any + Send>) -> String {
    if let Some(s) = p.downcast_ref::<&str>() {
        s.to_string()
    } else if let Some(s) = p.downcast_ref::<String>() {
        s.clone()
    } else {
        "(no message)".to_string()
    }
}

// libbpf-cargo's skeleton of obj at out, or its error or panic.
fn skeleton(obj: &str, out: &Path) -> Result<(), String> {
    let res = std::panic::catch_unwind(|| {
        // the object by include_bytes!() and no rustfmt (formatting only,
        // libbpf-cargo says): the same items, for a fraction of the time
        libbpf_cargo::SkeletonBuilder::new()
            .obj(obj)
            .reference_obj(true)
            .rustfmt("/nonexistent/rustfmt")
            .generate(out)
    });
    let err = match res {
        Ok(Ok(())) => return Ok(()),
        Ok(Err(e)) => format!("error: {e:#}"),
        Err(p) => format!("panic: {}", panic_text(&p)),
    };
    Err(err.replace('\n', " "))
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() != 2 {
        eprintln!("usage: cargo_table_skelgen LIST");
        std::process::exit(1);
    }
    let list = Path::new(&args[1]);
    let dir = list.parent().unwrap_or(Path::new("."));
    let text = fs::read_to_string(list).unwrap_or_else(|e| {
        eprintln!("cargo_table_skelgen: {}: {e}", list.display());
        std::process::exit(1);
    });
    // the panic's message goes to the .err file, not stderr
    std::panic::set_hook(Box::new(|_| {}));
    for line in text.lines() {
        let Some((id, obj)) = line.split_once(' ') else { continue };
        let out = dir.join(format!("{id}.skel.rs"));
        let err = match skeleton(obj, &out) {
            Ok(()) => continue,
            Err(e) => e,
        };
        // libbpf-cargo panics on a file name with "__" (an empty part of
        // its CamelCase name): made again from a copy named as a user
        // would rename it, the types can still be compared
        let name = Path::new(obj).file_name().unwrap().to_string_lossy().to_string();
        if name.contains("__") {
            let copy = dir.join(format!("{id}-renamed"));
            fs::create_dir_all(&copy).expect("mkdir");
            let mut renamed = name.clone();
            while renamed.contains("__") {
                renamed = renamed.replace("__", "_");
            }
            let copy = copy.join(renamed);
            fs::copy(obj, &copy).expect("copy the object");
            if skeleton(copy.to_str().unwrap(), &out).is_err() {
                let _ = fs::remove_file(&out);
            }
        }
        fs::write(dir.join(format!("{id}.err")), format!("{err}\n")).expect("write .err");
    }
}
