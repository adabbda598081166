// Links libgstcall-1.0 as pkg-config finds it: the installed gstcall-1.0.pc,
// or the build tree's gstcall-1.0-uninstalled.pc when PKG_CONFIG_PATH points
// at BUILD/meson-uninstalled (as the meson test does).

fn main() {
    if let Err(error) = pkg_config::Config::new()
        .atleast_version("0.1")
        .probe("gstcall-1.0")
    {
        eprintln!("gstcall-sys: libgstcall (pkg-config gstcall-1.0) not found: {}", error);
        std::process::exit(1);
    }
}
