//! QR codes for the table devices: the address a table's phone scans, as an SVG for
//! the window and as dark squares on the printed seating plan. The matrix comes from
//! the `qrcode` crate; the drawing is ours.

/// A QR code's modules, row by row (true: dark), without the quiet zone.
pub struct Modules {
    pub width: usize,
    pub dark: Vec<bool>,
}

impl Modules {
    /// The code for `text` (medium error correction), or none when it is too long to encode.
    pub fn of(text: &str) -> Option<Modules> {
        let code = qrcode::QrCode::with_error_correction_level(text.as_bytes(), qrcode::EcLevel::M).ok()?;
        let dark = code.to_colors().into_iter().map(|c| c == qrcode::Color::Dark).collect();
        Some(Modules { width: code.width(), dark })
    }

    pub fn is_dark(&self, x: usize, y: usize) -> bool {
        self.dark.get(y * self.width + x).copied().unwrap_or(false)
    }

    /// The dark runs of each row, as (x, y, length): one rectangle per run.
    pub fn runs(&self) -> Vec<(usize, usize, usize)> {
        let mut out = vec![];
        for y in 0..self.width {
            let mut x = 0;
            while x < self.width {
                if self.is_dark(x, y) {
                    let start = x;
                    while x < self.width && self.is_dark(x, y) {
                        x += 1;
                    }
                    out.push((start, y, x - start));
                } else {
                    x += 1;
                }
            }
        }
        out
    }
}

/// Modules of quiet zone around a code (the standard's four).
pub const QUIET: usize = 4;

/// The QR code of `text` as an SVG image, `size` pixels wide, with its quiet zone; empty
/// when the text cannot be encoded.
pub fn svg(text: &str, size: u32) -> String {
    let Some(m) = Modules::of(text) else { return String::new() };
    let full = m.width + 2 * QUIET;
    let path: String = m.runs().into_iter().map(|(x, y, n)| format!("M{} {}h{n}v1h-{n}z", x + QUIET, y + QUIET)).collect();
    format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" viewBox="0 0 {full} {full}" shape-rendering="crispEdges"><rect width="{full}" height="{full}" fill="#fff"/><path d="{path}" fill="#000"/></svg>"##
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_device_address_encodes_with_its_finder_patterns() {
        let m = Modules::of("http://192.168.1.20:8777/t/XY6P3VJK2F9PF53A").unwrap();
        // 43 bytes: over version 3's 42 at level M, so version 4, 17 + 4 × 4 = 33 modules a side.
        assert_eq!(m.width, 33);
        // The finder pattern's corner: a 7-module dark ring, light inside, a dark 3×3 core.
        for (x, y, dark) in [(0, 0, true), (6, 0, true), (0, 6, true), (6, 6, true), (1, 1, false), (5, 5, false), (2, 2, true), (4, 4, true), (7, 7, false)] {
            assert_eq!(m.is_dark(x, y), dark, "({x}, {y})");
        }
        // Every dark module is in exactly one run.
        let covered: usize = m.runs().iter().map(|r| r.2).sum();
        assert_eq!(covered, m.dark.iter().filter(|d| **d).count());
        let s = svg("http://192.168.1.20:8777/t/XY6P3VJK2F9PF53A", 160);
        assert!(s.starts_with("<svg") && s.contains(r#"viewBox="0 0 41 41""#), "{s:.120}");
    }

    #[test]
    fn a_text_too_long_for_any_code_gives_no_image() {
        assert!(svg(&"x".repeat(4000), 160).is_empty());
    }
}
