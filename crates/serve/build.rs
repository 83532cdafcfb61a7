//! The pages a device may load are the window's own `ui/` folder, embedded at build
//! time as a fixed table of names: a request names one of them or gets nothing, so no
//! path can leave the folder.
use std::fmt::Write;
use std::path::Path;

fn walk(dir: &Path, root: &Path, out: &mut Vec<String>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir).expect("ui/ is readable").flatten().map(|e| e.path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            walk(&path, root, out);
        } else if matches!(path.extension().and_then(|e| e.to_str()), Some("html" | "js" | "css" | "svg" | "png" | "woff2")) {
            out.push(path.strip_prefix(root).expect("inside ui/").to_string_lossy().replace('\\', "/"));
        }
    }
}

fn main() {
    let ui = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../ui").canonicalize().expect("ui/ exists");
    println!("cargo:rerun-if-changed={}", ui.display());
    let mut files = vec![];
    walk(&ui, &ui, &mut files);
    let mut code = String::from("/// The app's pages, by their path under `ui/`.\npub static PAGES: &[(&str, &[u8])] = &[\n");
    for f in &files {
        println!("cargo:rerun-if-changed={}", ui.join(f).display());
        writeln!(code, "    ({f:?}, include_bytes!({:?})),", ui.join(f).display().to_string()).unwrap();
    }
    code.push_str("];\n");
    std::fs::write(Path::new(&std::env::var("OUT_DIR").unwrap()).join("pages.rs"), code).unwrap();
}
