// SPDX-License-Identifier: (LGPL-2.1 OR BSD-2-Clause)
//! For a crate's `build.rs`: the Rust shadow types of a BPF object,
//! written into `OUT_DIR` by `stops-shadow gen --lang rust`.
//!
//! ```no_run
//! // build.rs
//! fn main() {
//!     stops_shadow_build::Shadow::new("bpf/tcp_cc.bpf.o").generate().unwrap();
//! }
//! // main.rs:
//! // mod tcp_cc { include!(concat!(env!("OUT_DIR"), "/tcp_cc.shadow.rs")); }
//! ```
//!
//! The generator is `$STOPS_SHADOW`, else `stops-shadow` on `PATH`. Cargo
//! is told to run the script again when the object, the generator or
//! `$STOPS_SHADOW` changes (`cargo:rerun-if-changed`,
//! `cargo:rerun-if-env-changed`).

use std::env;
use std::ffi::OsString;
use std::fmt;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Why no module was written.
#[derive(Debug)]
pub enum Error {
    /// `OUT_DIR` is not set: not run by cargo.
    NoOutDir,
    /// The object's file name does not end in `.bpf.o` or `.o`, and no
    /// name was given.
    NoName(PathBuf),
    /// The generator could not be run.
    Spawn(OsString, std::io::Error),
    /// The generator failed; its message.
    Failed(String),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::NoOutDir => write!(f, "stops-shadow-build: OUT_DIR is not set (run from build.rs)"),
            Error::NoName(p) => write!(f, "stops-shadow-build: {}: cannot derive a module name", p.display()),
            Error::Spawn(exe, e) => write!(f, "stops-shadow-build: cannot run {}: {e}", exe.to_string_lossy()),
            Error::Failed(msg) => write!(f, "stops-shadow-build: {}", msg.trim_end()),
        }
    }
}

impl std::error::Error for Error {}

/// One object's shadow module.
#[derive(Clone, Debug)]
pub struct Shadow {
    object: PathBuf,
    name: Option<String>,
    out: Option<PathBuf>,
}

impl Shadow {
    /// The module of object `object` (`foo.bpf.o`: `OUT_DIR/foo.shadow.rs`).
    pub fn new(object: impl AsRef<Path>) -> Self {
        Shadow {
            object: object.as_ref().to_path_buf(),
            name: None,
            out: None,
        }
    }

    /// The object's name (`gen --name`), which also names the file.
    pub fn name(mut self, name: &str) -> Self {
        self.name = Some(name.into());
        self
    }

    /// Write here instead of `OUT_DIR/<name>.shadow.rs`.
    pub fn out(mut self, path: impl AsRef<Path>) -> Self {
        self.out = Some(path.as_ref().to_path_buf());
        self
    }

    fn stem(&self) -> Result<String, Error> {
        if let Some(n) = &self.name {
            return Ok(n.clone());
        }
        let file = self.object.file_name().map(|f| f.to_string_lossy().into_owned());
        let stem = file.as_deref().and_then(|f| f.strip_suffix(".bpf.o").or_else(|| f.strip_suffix(".o")));
        match stem {
            Some(s) if !s.is_empty() => Ok(s.into()),
            _ => Err(Error::NoName(self.object.clone())),
        }
    }

    /// Runs the generator; returns the module's path.
    pub fn generate(&self) -> Result<PathBuf, Error> {
        let stem = self.stem()?;
        let out = match &self.out {
            Some(p) => p.clone(),
            None => PathBuf::from(env::var_os("OUT_DIR").ok_or(Error::NoOutDir)?).join(format!("{stem}.shadow.rs")),
        };
        println!("cargo:rerun-if-env-changed=STOPS_SHADOW");
        println!("cargo:rerun-if-changed={}", self.object.display());
        let exe = env::var_os("STOPS_SHADOW").unwrap_or_else(|| "stops-shadow".into());
        if let Some(path) = find_exe(&exe) {
            println!("cargo:rerun-if-changed={}", path.display());
        }
        let mut cmd = Command::new(&exe);
        cmd.arg("gen").arg("--lang").arg("rust").arg(&self.object).arg("-o").arg(&out);
        if let Some(n) = &self.name {
            cmd.arg("--name").arg(n);
        }
        let res = cmd.output().map_err(|e| Error::Spawn(exe.clone(), e))?;
        if !res.status.success() {
            return Err(Error::Failed(String::from_utf8_lossy(&res.stderr).into_owned()));
        }
        Ok(out)
    }
}

/// The generator's file, for rerun-if-changed: a path as given, or the
/// first match on PATH.
fn find_exe(exe: &OsString) -> Option<PathBuf> {
    let p = Path::new(exe);
    if p.components().count() > 1 {
        return Some(p.to_path_buf());
    }
    env::split_paths(&env::var_os("PATH")?).map(|d| d.join(p)).find(|c| c.is_file())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        assert_eq!(Shadow::new("a/tcp_cc.bpf.o").stem().unwrap(), "tcp_cc");
        assert_eq!(Shadow::new("x.o").stem().unwrap(), "x");
        assert_eq!(Shadow::new("x.o").name("y").stem().unwrap(), "y");
        assert!(Shadow::new("x.bin").stem().is_err());
    }
}
