//! PDF printing: a small page-layout engine over printpdf (text measured with the
//! embedded font's own glyph widths, tables that break across pages with their
//! header repeated, nothing drawn outside the margins), and the documents built on
//! it: standings, seating plans, score sheets (prefilled or as written), rulings.

use printpdf::{
    Color, FontId, Line, LinePoint, Mm, Op, PaintMode, ParsedFont, PdfDocument, PdfFontHandle, PdfPage, PdfSaveOptions, Point, Polygon, PolygonRing, Pt, Rgb,
    TextItem, WindingOrder,
};
use serde::Deserialize;
use serde_json::Value;
use std::collections::BTreeMap;

/// The embedded font (DejaVu Sans: its licence allows embedding and redistribution;
/// see templates/fonts/LICENSE-DejaVu.txt). It carries every European accented letter.
const REGULAR: &[u8] = include_bytes!("../../../templates/fonts/DejaVuSans.ttf");
const BOLD: &[u8] = include_bytes!("../../../templates/fonts/DejaVuSans-Bold.ttf");
/// The licence of the DejaVu fonts embedded in every PDF (shown in the About screen).
pub const FONT_LICENCE: &str = include_str!("../../../templates/fonts/LICENSE-DejaVu.txt");
/// The shipped print layout; a club's `print.json` overrides any of its keys.
pub const DEFAULT_PRINT: &str = include_str!("../../../templates/print.json");

#[derive(Debug, thiserror::Error)]
pub enum PdfError {
    #[error("print layout: {0}")]
    Layout(String),
    /// A club's `print.json` that does not read as the layout (a figure written as text).
    #[error("print layout: {0}")]
    Unread(serde_json::Error),
    /// A club's setting out of its bounds (`print.json`): which, and what it was.
    #[error("print layout: {key} is {}, not {value}", key.allowed())]
    Setting { key: Setting, value: String },
    #[error("font: {0}")]
    Font(String),
}

/// The print layout's settings a club may give out of bounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Setting {
    FontSize,
    Margins,
    Page,
}

impl Setting {
    /// What the setting may be, in English (the api says it in the user's language).
    pub fn allowed(self) -> &'static str {
        match self {
            Setting::FontSize => "between 4 and 30",
            Setting::Margins => "between 0 and 60 mm each",
            Setting::Page => "A4 or Letter",
        }
    }
}

impl std::fmt::Display for Setting {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Setting::FontSize => "font_size",
            Setting::Margins => "margins_mm",
            Setting::Page => "page",
        })
    }
}

#[derive(Clone, Debug, Deserialize)]
pub struct Margins {
    pub top: f32,
    pub bottom: f32,
    pub left: f32,
    pub right: f32,
}

/// The print layout (templates/print.json, merged with a club's own).
#[derive(Clone, Debug, Deserialize)]
pub struct PrintLayout {
    #[serde(default)]
    pub club: String,
    #[serde(default)]
    pub subtitle: String,
    pub page: String,
    pub margins_mm: Margins,
    pub font_size: f32,
    pub words: BTreeMap<String, BTreeMap<String, String>>,
    /// When the document is printed, in local time, said in every page's footer (two
    /// provisional rankings printed half an hour apart are told apart); none: not said.
    #[serde(skip)]
    pub printed: Option<String>,
    /// The day the tournament printed was held (`2026-04-18`), said beside its name in the
    /// headings; none: not said (a season, a tournament without a date).
    #[serde(skip)]
    pub held_on: Option<String>,
}

impl PrintLayout {
    /// A tournament's name as its prints head it: with the day it was held, as the print's
    /// language writes a date, when known («Spring Open 2026, 18/04/2026»).
    pub fn tournament(&self, name: &str, lang: &str) -> String {
        match self.held_on.as_deref().filter(|d| !d.is_empty()) {
            Some(day) => format!("{name}, {}", date_in(day, lang)),
            None => name.to_string(),
        }
    }

    /// The shipped layout, with a club's overrides (a JSON object, keys merged) when given.
    pub fn with_overrides(club: Option<&Value>) -> Result<PrintLayout, PdfError> {
        let mut base: Value = serde_json::from_str(DEFAULT_PRINT).map_err(|e| PdfError::Layout(e.to_string()))?;
        if let Some(over) = club {
            merge(&mut base, over);
        }
        let layout: PrintLayout = serde_json::from_value(base).map_err(PdfError::Unread)?;
        if !(4.0..=30.0).contains(&layout.font_size) {
            return Err(PdfError::Setting { key: Setting::FontSize, value: layout.font_size.to_string() });
        }
        let m = &layout.margins_mm;
        if [m.top, m.bottom, m.left, m.right].iter().any(|v| !(0.0..=60.0).contains(v)) {
            return Err(PdfError::Setting { key: Setting::Margins, value: format!("{} {} {} {}", m.top, m.right, m.bottom, m.left) });
        }
        // A size the printer would not get: said, not printed on A4 without a word («A5»).
        if !["a4", "letter"].contains(&layout.page.to_ascii_lowercase().as_str()) {
            return Err(PdfError::Setting { key: Setting::Page, value: layout.page.clone() });
        }
        Ok(layout)
    }

    /// A word in `lang`, with `{name}` filled from `params`.
    pub fn word(&self, key: &str, lang: &str, params: &[(&str, String)]) -> String {
        let w = self.words.get(key).and_then(|m| m.get(lang).or_else(|| m.get("en"))).cloned().unwrap_or_else(|| key.to_string());
        params.iter().fold(w, |w, (k, v)| w.replace(&format!("{{{k}}}"), v))
    }

    fn size_mm(&self) -> (f32, f32) {
        if self.page.eq_ignore_ascii_case("letter") {
            (215.9, 279.4)
        } else {
            (210.0, 297.0)
        }
    }
}

fn merge(target: &mut Value, over: &Value) {
    match (target.as_object_mut(), over.as_object()) {
        (Some(t), Some(o)) => {
            for (k, v) in o {
                merge(t.entry(k.clone()).or_insert(Value::Null), v);
            }
        }
        _ => *target = over.clone(),
    }
}

/// A face: its PDF id and its glyph widths.
struct Face {
    id: FontId,
    font: ParsedFont,
    /// The widths of the first 256 characters, looked up once (a ranking measures every cell).
    latin: Vec<u16>,
}

impl Face {
    fn new(id: FontId, font: ParsedFont) -> Face {
        let mut face = Face { id, font, latin: vec![] };
        face.latin = (0u32..256).map(|c| face.glyph_width(c)).collect();
        face
    }

    fn glyph_width(&self, c: u32) -> u16 {
        let gid = self.font.codepoint_to_glyph.get(&c).copied().unwrap_or(0);
        self.font.glyph_widths.get(&gid).copied().unwrap_or(600)
    }

    /// Width of `text` at `size` points.
    fn width(&self, text: &str, size: f32) -> f32 {
        let units = f32::from(self.font.units_per_em.max(1));
        let w: u32 = text.chars().map(|c| u32::from(self.latin.get(c as usize).copied().unwrap_or_else(|| self.glyph_width(c as u32)))).sum();
        w as f32 / units * size
    }

    /// `text` cut to fit `max` points, with an ellipsis when cut.
    fn fit(&self, text: &str, size: f32, max: f32) -> String {
        if self.width(text, size) <= max {
            return text.to_string();
        }
        let mut out = String::new();
        for c in text.chars() {
            let trial = format!("{out}{c}…");
            if self.width(&trial, size) > max {
                break;
            }
            out.push(c);
        }
        format!("{out}…")
    }

    /// [`Face::fit`], cut between words where a word ends before the room does (a footer cut
    /// a long title mid-word: «Championnat de print…»).
    fn fit_words(&self, text: &str, size: f32, max: f32) -> String {
        if self.width(text, size) <= max {
            return text.to_string();
        }
        let fitted = self.fit(text, size, max);
        let Some(kept) = fitted.strip_suffix('…') else { return fitted };
        if text[kept.len()..].starts_with(' ') {
            return fitted;
        }
        match kept.rfind(' ') {
            Some(at) if !kept[..at].trim().is_empty() => format!("{}…", kept[..at].trim_end_matches([' ', ',', '—', '-', ':', ';'])),
            _ => fitted,
        }
    }

    /// `text` broken into lines of at most `max` points, between words (a word longer than
    /// a line stands alone, cut when drawn).
    fn wrap(&self, text: &str, size: f32, max: f32) -> Vec<String> {
        self.wrap_words(glued(text), size, max)
    }

    /// [`Face::wrap`] for a heading: a number stays with the word before it, «Ronde 3» never
    /// broken before the figure (a heading read «…, Ronde» and «3» on the next line), and a
    /// short word (an article, a preposition: «la», «na») with the word after it (a heading
    /// ended on «après la», «manche 3» on the next line). Not in a table's cells, where a
    /// bye's «exempt» and its «10» break as they must.
    fn wrap_heading(&self, text: &str, size: f32, max: f32) -> Vec<String> {
        self.wrap_words(heading_words(text), size, max)
    }

    /// Words laid into lines of at most `max` points, a word longer than a line on its own.
    /// A word joined by a hyphen (Vanderstraeten-Deschênes) may break after the hyphen, where
    /// it would not fit whole.
    fn wrap_words(&self, words: Vec<String>, size: f32, max: f32) -> Vec<String> {
        let mut lines: Vec<String> = vec![];
        let mut line = String::new();
        for word in &words {
            for (i, piece) in hyphen_pieces(word).into_iter().enumerate() {
                let trial = match (line.is_empty(), i) {
                    (true, _) => piece.to_string(),
                    (false, 0) => format!("{line} {piece}"),
                    (false, _) => format!("{line}{piece}"),
                };
                if self.width(&trial, size) <= max || line.is_empty() {
                    line = trial;
                } else {
                    lines.push(std::mem::replace(&mut line, piece.to_string()));
                }
            }
        }
        lines.push(line);
        lines
    }
}

/// A word's parts as a line may break it: after a hyphen between two letters (a compound
/// name, «Lambert-Vandenbroucke»), never in a figure («-10») nor after a lone dash.
fn hyphen_pieces(word: &str) -> Vec<&str> {
    let chars: Vec<(usize, char)> = word.char_indices().collect();
    let mut pieces = vec![];
    let mut from = 0;
    for k in 1..chars.len().saturating_sub(1) {
        let (at, c) = chars[k];
        if c == '-' && chars[k - 1].1.is_alphabetic() && chars[k + 1].1.is_alphabetic() {
            pieces.push(&word[from..at + 1]);
            from = at + 1;
        }
    }
    pieces.push(&word[from..]);
    pieces
}

/// A text's words, as lines may break between them: French punctuation that a space sets
/// apart stays with the word before it (a line began with «: 3. Héloïse Deprez»), a «
/// with the word after it, and a seat's number («3.») with the name after it.
fn glued(text: &str) -> Vec<String> {
    let mut words: Vec<String> = vec![];
    let mut hold = false;
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        let after = word.chars().all(|c| matches!(c, ':' | ';' | '!' | '?' | '»'));
        match words.last_mut() {
            Some(last) if after || hold => {
                last.push(' ');
                last.push_str(word);
            }
            _ => words.push(word.to_string()),
        }
        let number = word.len() > 1 && word.ends_with('.') && word[..word.len() - 1].chars().all(|c| c.is_ascii_digit());
        hold = word == "«" || number;
    }
    words
}

/// A heading's words, as its lines may break between them ([`Face::wrap_heading`]).
fn heading_words(text: &str) -> Vec<String> {
    let mut words: Vec<String> = vec![];
    let mut hold = false;
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        let figure = word.starts_with(|c: char| c.is_ascii_digit()) && word.trim_end_matches([',', '.', ':', ';', ')']).chars().all(|c| c.is_ascii_digit());
        match words.last_mut() {
            Some(last) if figure || hold => {
                last.push(' ');
                last.push_str(word);
            }
            _ => words.push(word.to_string()),
        }
        hold = word.chars().count() <= 2 && word.chars().all(char::is_lowercase);
    }
    words
}

/// Room a table's cell keeps beside its text, in points (whatever the type's size).
const CELL_PAD: f32 = 6.0;

/// Room more after column `i` when it is set right and the next is set left: a figure
/// never touches the text after it ("Donneur Jeu"; a dealer 3 and a hand of 7 read as 37).
fn gap_after(cols: &[Col], i: usize) -> f32 {
    if cols[i].right && cols.get(i + 1).is_some_and(|n| !n.right) {
        4.0
    } else {
        0.0
    }
}

/// Where a table's column sits and how its text is aligned.
#[derive(Clone, Debug)]
pub struct Col {
    pub title: String,
    /// Relative width.
    pub width: f32,
    pub right: bool,
    /// Long text broken over several lines (the row grows) rather than cut.
    pub wrap: bool,
}

impl Col {
    pub fn new(title: impl Into<String>, width: f32) -> Col {
        Col { title: title.into(), width, right: false, wrap: false }
    }
    /// A text column whose long cells break over several lines (who played a line).
    pub fn wrapped(title: impl Into<String>, width: f32) -> Col {
        Col { title: title.into(), width, right: false, wrap: true }
    }
    pub fn num(title: impl Into<String>, width: f32) -> Col {
        Col { title: title.into(), width, right: true, wrap: false }
    }
    /// Figures set right that break between words when the column is narrow (a round's
    /// table points over its score), rather than be cut.
    pub fn num_wrapped(title: impl Into<String>, width: f32) -> Col {
        Col { title: title.into(), width, right: true, wrap: true }
    }
}

/// A document being laid out, page by page, top to bottom.
pub struct Canvas<'a> {
    layout: &'a PrintLayout,
    regular: Face,
    bold: Face,
    doc: PdfDocument,
    pages: Vec<Vec<Op>>,
    ops: Vec<Op>,
    /// The cursor, in points from the bottom of the page.
    y: f32,
    title: String,
    lang: String,
    w: f32,
    h: f32,
    /// Below 1 while a wide table is drawn in a smaller type.
    shrink: f32,
    /// What a table's rows belong to (a sheet's round and table, a seating plan's table):
    /// said again, continued, where they run onto a new page.
    carried: Option<String>,
    /// A tall row's height (rows to write in by hand), in type sizes: 2.4, or a little less
    /// where that keeps a score sheet on its page ([`Canvas::fit_tall`]).
    tall: f32,
}

/// A tall row's height in type sizes, and the least it is brought down to so that a sheet
/// stays on one page (still room to write a figure by hand).
const TALL: f32 = 2.4;
const TALL_LEAST: f32 = 1.9;

fn mm(v: f32) -> f32 {
    v * 72.0 / 25.4
}

impl<'a> Canvas<'a> {
    pub fn new(layout: &'a PrintLayout, title: &str, lang: &str) -> Result<Canvas<'a>, PdfError> {
        Canvas::oriented(layout, title, lang, false)
    }

    /// A document on pages turned sideways (`landscape`): for tables too wide to stand.
    pub fn oriented(layout: &'a PrintLayout, title: &str, lang: &str, landscape: bool) -> Result<Canvas<'a>, PdfError> {
        let mut doc = PdfDocument::new(title);
        // The document's own date (printpdf would write 1970).
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs() as i64).unwrap_or(0);
        if let Ok(date) = printpdf::OffsetDateTime::from_unix_timestamp(now) {
            doc.metadata.info.creation_date = date;
            doc.metadata.info.modification_date = date;
            doc.metadata.info.metadata_date = date;
        }
        doc.metadata.info.creator = "Atout".into();
        let mut face = |bytes: &[u8]| -> Result<Face, PdfError> {
            let mut warnings = vec![];
            let font = ParsedFont::from_bytes(bytes, 0, &mut warnings).ok_or_else(|| PdfError::Font("DejaVu Sans does not parse".into()))?;
            Ok(Face::new(doc.add_font(&font), font))
        };
        let (regular, bold) = (face(REGULAR)?, face(BOLD)?);
        let (w, h) = if landscape {
            let (w, h) = layout.size_mm();
            (h, w)
        } else {
            layout.size_mm()
        };
        let mut c = Canvas {
            layout,
            regular,
            bold,
            doc,
            pages: vec![],
            ops: vec![],
            y: 0.0,
            title: title.to_string(),
            lang: lang.to_string(),
            w: mm(w),
            h: mm(h),
            shrink: 1.0,
            carried: None,
            tall: TALL,
        };
        c.start_page();
        Ok(c)
    }

    fn left(&self) -> f32 {
        mm(self.layout.margins_mm.left)
    }
    fn right(&self) -> f32 {
        self.w - mm(self.layout.margins_mm.right)
    }
    fn bottom(&self) -> f32 {
        mm(self.layout.margins_mm.bottom) + self.size() * 1.6
    }
    fn size(&self) -> f32 {
        self.layout.font_size * self.shrink
    }
    /// The usable width, in points.
    pub fn width(&self) -> f32 {
        self.right() - self.left()
    }

    fn start_page(&mut self) {
        self.y = self.h - mm(self.layout.margins_mm.top);
        let size = self.size();
        // The club's name and the subtitle over every page, whole over as many lines as they
        // take (a long name was cut at the margin: «… Sint-Jans-Molen…»).
        // Two lines at most each: a name of thousands of characters left no room on the page
        // for anything else (the rest of a second line is cut, «…»).
        let two = |mut lines: Vec<String>| {
            if lines.len() > 2 {
                let rest = lines[1..].join(" ");
                lines.truncate(1);
                lines.push(rest);
            }
            lines
        };
        let club = if self.layout.club.is_empty() { vec![] } else { two(self.bold.wrap(&self.layout.club, size * 1.1, self.width())) };
        for line in club {
            self.text_at(self.left(), self.y - size, &line, size * 1.1, true, self.width());
            self.y -= size * 1.5;
        }
        let subtitle = if self.layout.subtitle.is_empty() { vec![] } else { two(self.regular.wrap(&self.layout.subtitle, size * 0.9, self.width())) };
        for line in subtitle {
            self.text_at(self.left(), self.y - size, &line, size * 0.9, false, self.width());
            self.y -= size * 1.3;
        }
    }

    fn end_page(&mut self) {
        let ops = std::mem::take(&mut self.ops);
        self.pages.push(ops);
    }

    /// Room for `height` points below the cursor, or a new page.
    pub fn need(&mut self, height: f32) -> bool {
        if self.y - height < self.bottom() {
            self.end_page();
            self.start_page();
            return true;
        }
        false
    }

    /// Text at a point (baseline), cut to `max` points wide; never outside the margins.
    fn text_at(&mut self, x: f32, y: f32, text: &str, size: f32, bold: bool, max: f32) {
        let max = max.min(self.right() - x).max(0.0);
        let face = if bold { &self.bold } else { &self.regular };
        let shown = face.fit(text, size, max);
        if shown == "…" && text.is_empty() {
            return;
        }
        let id = face.id.clone();
        self.ops.extend([
            Op::StartTextSection,
            Op::SetFont { font: PdfFontHandle::External(id), size: Pt(size) },
            Op::SetTextCursor { pos: Point { x: Pt(x), y: Pt(y) } },
            Op::ShowText { items: vec![TextItem::Text(shown)] },
            Op::EndTextSection,
        ]);
    }

    fn rule(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, thick: f32) {
        let (x1, x2) = (x1.clamp(self.left(), self.right()), x2.clamp(self.left(), self.right()));
        self.ops.extend([
            Op::SetOutlineColor { col: Color::Rgb(Rgb { r: 0.3, g: 0.3, b: 0.3, icc_profile: None }) },
            Op::SetOutlineThickness { pt: Pt(thick) },
            Op::DrawLine {
                line: Line {
                    points: vec![
                        LinePoint { p: Point { x: Pt(x1), y: Pt(y1) }, bezier: false },
                        LinePoint { p: Point { x: Pt(x2), y: Pt(y2) }, bezier: false },
                    ],
                    is_closed: false,
                },
            },
        ]);
    }

    /// A QR code `side` points wide at the left margin, with `lines` of text beside it.
    pub fn qr(&mut self, modules: &crate::qr::Modules, side: f32, lines: &[String]) {
        let size = self.size();
        self.need(side + size);
        let (x0, top) = (self.left(), self.y);
        let cell = side / modules.width as f32;
        let rings: Vec<PolygonRing> = modules
            .runs()
            .into_iter()
            .map(|(x, y, n)| {
                let (left, right) = (x0 + x as f32 * cell, x0 + (x + n) as f32 * cell);
                let (upper, lower) = (top - y as f32 * cell, top - (y + 1) as f32 * cell);
                let at = |x: f32, y: f32| LinePoint { p: Point { x: Pt(x), y: Pt(y) }, bezier: false };
                PolygonRing { points: vec![at(left, upper), at(right, upper), at(right, lower), at(left, lower)] }
            })
            .collect();
        self.ops.extend([
            Op::SetFillColor { col: Color::Rgb(Rgb { r: 0.0, g: 0.0, b: 0.0, icc_profile: None }) },
            Op::DrawPolygon { polygon: Polygon { rings, mode: PaintMode::Fill, winding_order: WindingOrder::NonZero } },
        ]);
        let x = x0 + side + size;
        for (i, line) in lines.iter().enumerate() {
            self.text_at(x, top - size * (1.2 + 1.5 * i as f32), line, size, i == 0, self.right() - x);
        }
        self.y = top - side - size * 0.6;
    }

    /// A heading, broken over as many lines as the width needs (never cut: a long
    /// tournament's name cut the round and the table off a sheet's heading).
    pub fn heading(&mut self, text: &str) {
        let size = self.size() * 1.5;
        let lines = self.bold.wrap_heading(text, size, self.width());
        self.need(self.heading_height(text));
        for (i, line) in lines.iter().enumerate() {
            self.text_at(self.left(), self.y - size, line, size, true, self.width());
            self.y -= size * if i + 1 == lines.len() { 1.6 } else { 1.2 };
        }
    }

    /// A heading that stands over a table: on a new page unless the table's header and its
    /// first `rows` rows stand under it here (the seating plan's «Players by name» was left
    /// alone at the foot of a page, its table on the next).
    pub fn heading_over_table(&mut self, text: &str, rows: usize) {
        let size = self.size();
        self.need(self.heading_height(text) + size * 1.7 + size * 1.55 * rows as f32 + size * 1.5);
        self.heading(text);
    }

    /// The room a heading takes, its lines as it breaks them.
    fn heading_height(&self, text: &str) -> f32 {
        let size = self.size() * 1.5;
        size * (0.4 + 1.2 * self.bold.wrap_heading(text, size, self.width()).len() as f32)
    }

    /// What the tables drawn next belong to, said again (continued) at the top of a page
    /// their rows run onto; `None` once they are drawn.
    pub fn carry(&mut self, label: Option<String>) {
        self.carried = label;
    }

    /// Plain text, broken over as many lines as the width needs (never cut). On a new page,
    /// what it belongs to is said first (continued), as over a table's rows.
    pub fn para(&mut self, text: &str, bold: bool) {
        let size = self.size();
        let face = if bold { &self.bold } else { &self.regular };
        for line in face.wrap(text, size, self.width()) {
            if self.need(size * 1.6) {
                self.continued();
            }
            self.text_at(self.left(), self.y - size, &line, size, bold, self.width());
            self.y -= size * 1.5;
        }
    }

    /// On a page just begun, what the text running onto it belongs to, if it is said.
    fn continued(&mut self) {
        if let Some(label) = self.carried.clone() {
            let said = self.layout.word("continued", &self.lang, &[("what", label)]);
            self.para(&said, true);
        }
    }

    /// Paragraphs (each `(text, bold)`) kept on one page: moved whole to the next when they do
    /// not fit here (an illegal card's verdict, the rule it broke and the cards allowed were
    /// split by a page break).
    pub fn paras_together(&mut self, paras: &[(String, bool)]) {
        let height: f32 = paras.iter().map(|(text, bold)| self.para_height(text, *bold)).sum::<f32>() + self.size() * 0.1;
        if self.need(height) {
            self.continued();
        }
        for (text, bold) in paras {
            self.para(text, *bold);
        }
    }

    /// Items side by side (three spaces apart), wrapped onto as many lines as they need.
    pub fn items(&mut self, items: &[String]) {
        self.items_apart(items, "   ");
    }

    /// Items side by side, `sep` between them, wrapped onto as many lines as they need.
    pub fn items_apart(&mut self, items: &[String], sep: &str) {
        let size = self.size();
        let mut line = String::new();
        for item in items {
            let trial = if line.is_empty() { item.clone() } else { format!("{line}{sep}{item}") };
            if !line.is_empty() && self.regular.width(&trial, size) > self.width() {
                let done = std::mem::replace(&mut line, item.clone());
                self.para(&done, false);
            } else {
                line = trial;
            }
        }
        if !line.is_empty() {
            self.para(&line, false);
        }
    }

    pub fn gap(&mut self, lines: f32) {
        self.y -= self.size() * lines;
    }

    /// A table: the header row (repeated after every page break), then the rows.
    /// `tall` rows leave room to write by hand.
    pub fn table(&mut self, cols: &[Col], rows: &[Vec<String>], tall: bool) {
        self.table_sized(cols, rows, tall, rows);
    }

    /// A table whose columns are sized by `sized_by` (all the rows of tables printed one
    /// under the other, so that their columns line up) rather than by its own rows alone.
    pub fn table_sized(&mut self, cols: &[Col], rows: &[Vec<String>], tall: bool, sized_by: &[Vec<String>]) {
        self.shrink_for(cols, sized_by);
        let size = self.size();
        let row_h = if tall { size * self.tall } else { size * 1.55 };
        let xs = self.columns(cols, sized_by);
        let header = |canvas: &mut Canvas, continued: bool| {
            // A table that starts on a new page belongs to what stands at the foot of the one
            // before: said again too (a deal's tricks came on the next page, nothing said whose).
            let moved = canvas.need(row_h * 2.0);
            if let Some(label) = canvas.carried.clone().filter(|_| continued || moved) {
                let said = canvas.layout.word("continued", &canvas.lang, &[("what", label)]);
                canvas.para(&said, true);
            }
            let top = canvas.y;
            for (i, c) in cols.iter().enumerate() {
                let wdt = xs[i + 1] - xs[i] - 4.0 - gap_after(cols, i);
                canvas.cell(xs[i], top, wdt, &c.title, c.right, true, row_h.min(size * 1.7));
            }
            canvas.y -= row_h.min(size * 1.7);
            let (l, r) = (canvas.left(), canvas.right());
            canvas.rule(l, canvas.y, r, canvas.y, 0.8);
        };
        header(self, false);
        let leading = size * 1.25;
        for row in rows {
            let wrapped = self.row_lines(cols, &xs, row);
            let extra = wrapped.iter().map(Vec::len).max().unwrap_or(1).saturating_sub(1) as f32 * leading;
            if self.need(row_h + extra) {
                header(self, true);
            }
            let top = self.y;
            for (i, c) in cols.iter().enumerate() {
                let wdt = xs[i + 1] - xs[i] - 4.0 - gap_after(cols, i);
                for (k, text) in wrapped[i].iter().enumerate() {
                    self.cell(xs[i], top - k as f32 * leading, wdt, text, c.right, false, row_h);
                }
            }
            self.y -= row_h + extra;
            let (l, r) = (self.left(), self.right());
            self.rule(l, self.y, r, self.y, 0.3);
            if tall {
                for x in &xs[1..xs.len() - 1] {
                    self.rule(*x, top, *x, self.y, 0.3);
                }
            }
        }
        self.shrink = 1.0;
        self.gap(0.8);
    }

    /// A table wider than the page is set in a smaller type (down to 70%): the type shrinks,
    /// each column's padding does not.
    fn shrink_for(&mut self, cols: &[Col], sized_by: &[Vec<String>]) {
        let needed = self.natural_width(cols, sized_by);
        if needed > self.width() {
            let pads = CELL_PAD * cols.len() as f32;
            self.shrink = ((self.width() - pads) / (needed - pads).max(1.0)).clamp(0.7, 1.0);
        }
    }

    /// A row's cells as drawn between the column edges `xs`: a wrapped column's lines, each
    /// cell's (the row grows to the longest).
    fn row_lines(&self, cols: &[Col], xs: &[f32], row: &[String]) -> Vec<Vec<String>> {
        let size = self.size();
        cols.iter()
            .enumerate()
            .map(|(i, c)| {
                let text = row.get(i).map(String::as_str).unwrap_or("");
                if c.wrap {
                    self.regular.wrap(text, size, xs[i + 1] - xs[i] - 4.0 - gap_after(cols, i))
                } else {
                    vec![text.to_string()]
                }
            })
            .collect()
    }

    /// Room for what stands above a table (`above`, in points: its label, a QR code) and the
    /// whole table below the cursor, or a new page — measured as the table will be drawn, its
    /// long names broken over lines (a table of four was split 2 + 2 across two pages when a
    /// name took two lines); a table taller than half a page starts where it is.
    pub fn keep_table(&mut self, cols: &[Col], rows: &[Vec<String>], sized_by: &[Vec<String>], above: f32) {
        let wrapped = self.wrapped_height(cols, rows, sized_by);
        let kept = self.shrink;
        self.shrink_for(cols, sized_by);
        let size = self.size();
        let row_h = size * 1.55;
        let height = above + row_h.min(size * 1.7) + row_h * rows.len() as f32 + wrapped + size * 0.8;
        self.shrink = kept;
        if height < self.y - self.bottom() || height > self.h * 0.5 {
            return;
        }
        self.need(height);
    }

    /// The height the rows of a table take beyond one line each, their cells broken over lines
    /// as [`Canvas::table_sized`] breaks them, its columns sized by `sized_by` (a sheet's
    /// details over two or three lines).
    pub fn wrapped_height(&mut self, cols: &[Col], rows: &[Vec<String>], sized_by: &[Vec<String>]) -> f32 {
        let kept = self.shrink;
        self.shrink_for(cols, sized_by);
        let xs = self.columns(cols, sized_by);
        let lines: usize = rows.iter().map(|r| self.row_lines(cols, &xs, r).iter().map(Vec::len).max().unwrap_or(1).saturating_sub(1)).sum();
        let height = lines as f32 * self.size() * 1.25;
        self.shrink = kept;
        height
    }

    /// The width a column asks for its widest cell: a wrapped one at most two fifths of the
    /// line (its text breaks over lines instead).
    fn asked(&self, c: &Col, widest: f32) -> f32 {
        if c.wrap {
            widest.min(self.width() * 0.4)
        } else {
            widest
        }
    }

    /// How many rows to add to a table of `rows` (`tall`: rows to write by hand in) for its
    /// last page to be full: the rows left on this one when it stands here, otherwise those
    /// left on the last page it runs onto, under its continued label and header (a blank
    /// log of forty turns ran onto a second page that had no row to spare), `below` points
    /// kept under it for what follows (a key to the sheet's notation went onto a page of its own).
    pub fn rows_to_fill(&self, rows: usize, tall: bool, below: f32) -> usize {
        // What follows the table counts as the rows it takes, on the last page only.
        let row_h = if tall { self.size() * self.tall } else { self.size() * 1.55 };
        let rows = rows + (below / row_h).ceil() as usize;
        let here = self.rows_below(self.y, tall);
        if rows <= here {
            return here - rows;
        }
        let top = self.h - mm(self.layout.margins_mm.top) - self.size() * 1.5;
        let per_page = self.rows_below(top, tall).max(1);
        (per_page - (rows - here) % per_page) % per_page
    }

    /// The room [`Canvas::para`] takes for `text`, its lines as it breaks them.
    pub fn para_height(&self, text: &str, bold: bool) -> f32 {
        let face = if bold { &self.bold } else { &self.regular };
        face.wrap(text, self.size(), self.width()).len() as f32 * self.size() * 1.5
    }

    /// How many rows of a table stand below its header from `y` down, a line kept for what
    /// follows.
    fn rows_below(&self, y: f32, tall: bool) -> usize {
        let size = self.size();
        let row_h = if tall { size * self.tall } else { size * 1.55 };
        let header = row_h.min(size * 1.7);
        ((y - self.bottom() - header - size * 1.5) / row_h).max(0.0) as usize
    }

    /// Tall rows as short as keeps `rows` of them, and `below` after, on the page from here,
    /// down to [`TALL_LEAST`]; at [`TALL`] when they fit or cannot be made to. Counted as
    /// [`Canvas::rows_to_fill`] counts them (`below` as whole rows), so that it finds them on
    /// the page. In a larger type a sheet's twenty deals ran onto a second page, holding only
    /// spare rows and the totals.
    pub fn fit_tall(&mut self, rows: usize, below: f32) {
        let size = self.size();
        let height = self.y - self.bottom() - size * 1.5;
        let fits = |tall: f32| {
            let row_h = size * tall;
            let room = ((height - row_h.min(size * 1.7)) / row_h).max(0.0) as usize;
            rows + (below / row_h).ceil() as usize <= room
        };
        self.tall = TALL;
        if rows == 0 || fits(TALL) {
            return;
        }
        // A twentieth of a type size at a time, the tallest that fits.
        let mut tall = TALL;
        while tall - 0.05 >= TALL_LEAST {
            tall -= 0.05;
            if fits(tall) {
                self.tall = tall;
                return;
            }
        }
    }

    /// Does a table of `rows` stand on the page in its natural type, nothing cut?
    pub fn fits(&self, cols: &[Col], rows: &[Vec<String>]) -> bool {
        self.natural_width(cols, rows) <= self.width()
    }

    /// Whether the table stands on the page with its wrapped columns broken as the layout
    /// breaks them when short of room: down to the width of all but their longest tenth, never
    /// under their longest word (one long club's name does not take a season's evenings' room).
    pub fn fits_broken(&self, cols: &[Col], rows: &[Vec<String>]) -> bool {
        let size = self.size();
        let width: f32 = cols
            .iter()
            .enumerate()
            .map(|(i, c)| {
                // A broken column at most a quarter of the page (a long club's name shared by
                // a tenth of the players was measured whole), never under its longest word.
                let text = if c.wrap {
                    let word = rows.iter().filter_map(|r| r.get(i)).flat_map(|t| t.split(' ')).map(|w| self.regular.width(w, size)).fold(0.0, f32::max);
                    self.most_cells(i, rows).min(self.width() * 0.25).max(word)
                } else {
                    self.widest_cell(i, rows)
                };
                self.bold.width(&c.title, size).max(text) + CELL_PAD + gap_after(cols, i)
            })
            .sum();
        width <= self.width()
    }

    fn natural_width(&self, cols: &[Col], rows: &[Vec<String>]) -> f32 {
        let size = self.size();
        cols.iter()
            .enumerate()
            .map(|(i, c)| self.bold.width(&c.title, size).max(self.asked(c, self.widest_cell(i, rows))) + CELL_PAD + gap_after(cols, i))
            .sum()
    }

    /// The width of a row's text in column `i`, on one line.
    fn cell_width(&self, row: &[String], i: usize) -> f32 {
        self.regular.width(row.get(i).map(String::as_str).unwrap_or(""), self.size())
    }

    /// The widest text of column `i`.
    fn widest_cell(&self, i: usize, rows: &[Vec<String>]) -> f32 {
        rows.iter().map(|r| self.cell_width(r, i)).fold(0.0, f32::max)
    }

    /// The width that holds column `i`'s text on one line in all its rows but the longest
    /// tenth (the widest but one from ten rows, the widest below).
    fn most_cells(&self, i: usize, rows: &[Vec<String>]) -> f32 {
        let mut cells: Vec<f32> = rows.iter().map(|r| self.cell_width(r, i)).collect();
        cells.sort_by(|a, b| b.total_cmp(a));
        cells.get(cells.len() / 10).copied().unwrap_or(0.0)
    }

    /// Column edges: each column as wide as its widest text (header included); room
    /// left over goes to the columns by their weight; when too wide, the text columns
    /// (names, clubs) give way first, and are cut with an ellipsis.
    fn columns(&self, cols: &[Col], rows: &[Vec<String>]) -> Vec<f32> {
        let size = self.size();
        let pad = CELL_PAD;
        let widest: Vec<f32> = (0..cols.len()).map(|i| self.widest_cell(i, rows)).collect();
        // Every cell on one line where the page allows.
        let natural: Vec<f32> = cols.iter().enumerate().map(|(i, c)| self.bold.width(&c.title, size).max(widest[i]) + pad + gap_after(cols, i)).collect();
        // A column gives way no further than its title (a header cut to «Sco…» said nothing),
        // a wrapped one no further than its longest word (its text breaks between words).
        let least: Vec<f32> = cols
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let word = if c.wrap {
                    rows.iter()
                        .filter_map(|r| r.get(i))
                        .flat_map(|t| t.split(' '))
                        .flat_map(hyphen_pieces)
                        .map(|w| self.regular.width(w, size))
                        .fold(0.0, f32::max)
                } else {
                    0.0
                };
                self.bold.width(&c.title, size).max(word) + pad + gap_after(cols, i)
            })
            .collect();
        let avail = self.width();
        let sum: f32 = natural.iter().sum();
        let widths: Vec<f32> = if sum <= avail {
            let weight: f32 = cols.iter().map(|c| c.width).sum::<f32>().max(1.0);
            natural.iter().zip(cols).map(|(n, c)| n + (avail - sum) * c.width / weight).collect()
        } else {
            // Too wide: the wrapped columns give way first, their text breaking over more
            // lines, in the order that breaks the fewer rows. Either the figures first (a
            // round's points over its score), then the reasons, the clubs, the names — after
            // the room only a few long names or clubs need (each text column down to the width
            // of all but its longest tenth) —; or the names and clubs first, then the figures
            // (one long name broke every row's round cells over two lines, beside a name column
            // mostly empty). Then the other text columns, the lightest first, each down to 40%
            // of its natural width (cut); then everything in proportion.
            let typical: Vec<f32> = cols
                .iter()
                .enumerate()
                .map(|(i, c)| (self.bold.width(&c.title, size).max(self.most_cells(i, rows)) + pad + gap_after(cols, i)).max(least[i]))
                .collect();
            // The stages: 0 the few longest texts, 1 the figures, 2 the texts, 3 the others, cut.
            let member = |k: usize, c: &Col| match k {
                0 | 2 => c.wrap && !c.right,
                1 => c.wrap && c.right,
                _ => !c.wrap && !c.right,
            };
            let floor = |k: usize, i: usize, now: f32| match k {
                0 => typical[i],
                _ if cols[i].wrap => least[i],
                _ => least[i].max(now * 0.4),
            };
            let give = |order: &[usize]| -> Vec<f32> {
                let mut w = natural.clone();
                let mut over = sum - avail;
                // Within a stage, each column gives in proportion to the room it can give (two
                // wrapped columns, names and clubs, break over as many lines as each other).
                for &k in order {
                    let at: Vec<usize> = (0..cols.len()).filter(|i| member(k, &cols[*i])).collect();
                    let room: Vec<f32> = at.iter().map(|i| (w[*i] - floor(k, *i, w[*i])).max(0.0)).collect();
                    let total: f32 = room.iter().sum();
                    if total <= 0.0 || over <= 0.0 {
                        continue;
                    }
                    let taken = over.min(total);
                    for (i, r) in at.iter().zip(&room) {
                        w[*i] -= taken * r / total;
                    }
                    over -= taken;
                }
                w
            };
            // The rows a set of widths breaks over more than one line.
            let broken = |w: &[f32]| {
                let over = |r: &Vec<String>, i: usize| self.cell_width(r, i) + pad + gap_after(cols, i) > w[i] + 0.01;
                rows.iter().filter(|r| (0..cols.len()).any(|i| cols[i].wrap && over(r, i))).count()
            };
            let (figures, names) = (give(&[0, 1, 2, 3]), give(&[2, 1, 3]));
            let w = if broken(&names) < broken(&figures) { names } else { figures };
            let total: f32 = w.iter().sum();
            w.iter().map(|x| x * avail / total.max(avail)).collect()
        };
        let mut xs = vec![self.left()];
        for w in widths {
            let last = *xs.last().unwrap_or(&0.0);
            xs.push(last + w);
        }
        xs
    }

    #[allow(clippy::too_many_arguments)]
    fn cell(&mut self, x: f32, top: f32, width: f32, text: &str, right: bool, bold: bool, height: f32) {
        let size = self.size();
        let face = if bold { &self.bold } else { &self.regular };
        let shown = face.fit(text, size, width.max(0.0));
        let tw = face.width(&shown, size);
        let tx = if right { x + 2.0 + (width - tw).max(0.0) } else { x + 2.0 };
        let baseline = top - (height + size * 0.7) / 2.0;
        if !text.is_empty() {
            self.text_at(tx, baseline, &shown, size, bold, width + 2.0);
        }
    }

    /// Finish: page numbers in the footer, and the PDF's bytes.
    pub fn finish(mut self) -> Vec<u8> {
        self.end_page();
        let n = self.pages.len();
        let size = self.size() * 0.8;
        let lang = self.lang.clone();
        let title = self.title.clone();
        let mut pages = vec![];
        for (i, mut ops) in std::mem::take(&mut self.pages).into_iter().enumerate() {
            let mut tail = format!(" — {}", self.layout.word("page", &lang, &[("n", (i + 1).to_string()), ("of", n.to_string())]));
            if let Some(at) = &self.layout.printed {
                // The date as the print's language writes it (27/11/2026, 27-11-2026), the time kept.
                tail.push_str(&format!(" — {}", self.layout.word("printed", &lang, &[("date", date_in(at, &lang))])));
            }
            // A long title gives way, never the page's number or the date it was printed.
            let room = self.width() - self.regular.width(&tail, size);
            let footer = format!("{}{tail}", self.regular.fit_words(&title, size, room));
            // The footer's baseline sits above the bottom margin, descenders included.
            let y = mm(self.layout.margins_mm.bottom) + size * 0.4;
            std::mem::swap(&mut self.ops, &mut ops);
            let width = self.width();
            self.text_at(self.left(), y, &footer, size, false, width);
            std::mem::swap(&mut self.ops, &mut ops);
            pages.push(PdfPage::new(Mm(self.w * 25.4 / 72.0), Mm(self.h * 25.4 / 72.0), ops));
        }
        let mut warnings = vec![];
        let options = PdfSaveOptions { optimize: false, ..PdfSaveOptions::default() };
        let mut doc = self.doc.with_pages(pages).to_lopdf_document(&options, &mut warnings);
        compress(&mut doc);
        let mut out = vec![];
        // Writing to memory cannot fail; an empty result would be refused by every reader.
        let _ = doc.save_to(&mut out);
        out
    }
}

/// Every stream not compressed yet, compressed at zlib's fastest level. printpdf asks lopdf for
/// the best level, which was most of a ranking's printing time: a 1,000-player ranking took
/// 221 ms (856 KB) at the best level, 159 ms (861 KB) at the default one and 86 ms (1,023 KB)
/// at the fastest (docs/performance.md). A few hundred kilobytes more are nothing to a printer.
fn compress(doc: &mut lopdf::Document) {
    use std::io::Write;
    for object in doc.objects.values_mut() {
        let lopdf::Object::Stream(stream) = object else { continue };
        if !stream.allows_compression || stream.dict.get(b"Filter").is_ok() {
            continue;
        }
        let mut encoder = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::fast());
        let Ok(packed) = encoder.write_all(&stream.content).and_then(|()| encoder.finish()) else { continue };
        if packed.len() < stream.content.len() {
            stream.dict.set("Filter", "FlateDecode");
            stream.set_content(packed);
        }
    }
}

/// Text of a JSON value for a cell.
pub fn cell(v: &Value) -> String {
    match v {
        Value::Null => String::new(),
        Value::String(s) => s.clone(),
        Value::Number(n) => match n.as_f64() {
            Some(f) if n.is_f64() && f.fract() != 0.0 => format!("{}", (f * 100.0).round() / 100.0),
            Some(f) if n.is_f64() => format!("{f:.0}"),
            _ => n.to_string(),
        },
        other => other.to_string(),
    }
}

fn num(v: &Value) -> String {
    cell(v)
}

/// A figure's cell as the print's language writes it: 20.83 in English, 20,83 in French
/// and Dutch (as the website and the spreadsheets do).
pub fn figure_in(v: &Value, lang: &str) -> String {
    if v.is_number() {
        with_comma(cell(v), lang)
    } else {
        cell(v)
    }
}

/// A figure's text (`60.5`, `(12.5)`) with the decimal sign the print's language writes.
pub(crate) fn with_comma(text: String, lang: &str) -> String {
    if lang == "en" {
        text
    } else {
        text.replace('.', ",")
    }
}

/// The ranking: rank (shared places `2=`), player, club, the method's columns,
/// the tie-breaks, every round (byes marked), late entries and withdrawals noted; while a
/// counted round is still being played (`crate::open_rounds`), "provisional" and which.
pub fn standings_pdf(standings: &Value, clubs: &BTreeMap<String, String>, layout: &PrintLayout, lang: &str) -> Result<Vec<u8>, PdfError> {
    let name = layout.tournament(standings["tournament"].as_str().unwrap_or(""), lang);
    let after = standings["after_round"].as_i64().unwrap_or(0);
    let title = format!("{} — {}", layout.word("standings", lang, &[]), name);
    // How places are decided (the tournament's ranking, then its tie-breaks), said under the
    // heading; the score and best-round columns follow that order.
    let mut criteria: Vec<&str> = vec![];
    fn criterion(v: &Value) -> Option<&str> {
        v.as_str().map(|c| if c == "total-score" { "score-sum" } else { c })
    }
    for c in std::iter::once(&standings["ranking"]).chain(standings["tie_breaks"].as_array().into_iter().flatten()).filter_map(criterion) {
        if !criteria.contains(&c) && ["table-points", "score-sum", "best-round"].contains(&c) {
            criteria.push(c);
        }
    }
    let ranked_by = (!criteria.is_empty()).then(|| {
        let then = format!(", {} ", layout.word("then", lang, &[]));
        let list: Vec<String> = criteria.iter().map(|c| layout.word(&format!("by_{}", c.replace('-', "_")), lang, &[])).collect();
        layout.word("ranked_by", lang, &[("list", list.join(&then))])
    });
    let mut tie_columns: Vec<&str> = criteria.iter().copied().filter(|c| *c != "table-points").collect();
    for c in ["score-sum", "best-round"] {
        if !tie_columns.contains(&c) {
            tie_columns.push(c);
        }
    }
    let rows = standings["rows"].as_array().cloned().unwrap_or_default();
    let points = rows.iter().any(|r| !r["table_points"].is_null());
    // Names and clubs are never cut: short of room they break over lines (two players'
    // names cut alike could not be told apart; the note explaining a withdrawn player's «—»
    // was cut with «…»).
    let mut cols = vec![
        Col::num(layout.word("rank", lang, &[]), 1.0),
        Col::wrapped(layout.word("name", lang, &[]), 5.0),
        Col::wrapped(layout.word("club", lang, &[]), 3.0),
    ];
    if points {
        cols.push(Col::num(layout.word("points", lang, &[]), 1.4));
    }
    for c in &tie_columns {
        cols.push(Col::num(layout.word(if *c == "score-sum" { "score" } else { "best" }, lang, &[]), 1.3));
    }
    let round = layout.word("round", lang, &[]);
    for r in 1..=after {
        cols.push(Col::num_wrapped(format!("{}{r}", round.chars().next().unwrap_or('R')), if points { 1.9 } else { 1.2 }));
    }
    let bye = layout.word("bye", lang, &[]);
    let lines: Vec<Vec<String>> = rows
        .iter()
        .map(|row| {
            let mut name = row["name"].as_str().unwrap_or("").to_string();
            // A late entry, a withdrawal: said as every ranking says them.
            for note in crate::entry_notes(row["joined_round"].as_i64(), row["withdrawn_from"].as_i64(), lang) {
                name.push_str(&format!(" ({note})"));
            }
            let rank = format!("{}{}", num(&row["rank"]), if row["shared"] == true { "=" } else { "" });
            let club = clubs.get(row["player"].as_str().unwrap_or("")).cloned().unwrap_or_default();
            let mut out = vec![rank, name, club];
            if points {
                out.push(figure_in(&row["table_points"], lang));
            }
            for c in &tie_columns {
                out.push(num(&row[if *c == "score-sum" { "score_sum" } else { "best_round" }]));
            }
            for r in 1..=after {
                let entry = row["rounds"].as_array().and_then(|rs| rs.iter().find(|x| x["round"] == r));
                out.push(match entry {
                    None => String::new(),
                    Some(e) if e["bye"] == true => format!("{bye}{}", if points { format!(" {}", figure_in(&e["table_points"], lang)) } else { String::new() }),
                    Some(e) if points => format!("{} ({})", figure_in(&e["table_points"], lang), num(&e["score"])),
                    Some(e) => num(&e["score"]),
                });
            }
            out
        })
        .collect();
    // Players withdrawn before they played a deal: below the ranking, with no place.
    let width = cols.len();
    let apart = standings["withdrawn"].as_array().into_iter().flatten().map(|w| {
        let n = num(&w["withdrawn_from"]);
        let name = format!(
            "{} ({}{}{})",
            w["name"].as_str().unwrap_or(""),
            layout.word("withdrawn", lang, &[("n", n)]),
            layout.word("semicolon", lang, &[]),
            layout.word("no_place", lang, &[])
        );
        let club = clubs.get(w["player"].as_str().unwrap_or("")).cloned().unwrap_or_default();
        let mut row = vec!["—".to_string(), name, club];
        row.resize(width, String::new());
        row
    });
    let lines: Vec<Vec<String>> = lines.into_iter().chain(apart).collect();
    // Many rounds, long names: the page turned sideways when the table does not stand on
    // it, every name on one line.
    let mut c = Canvas::new(layout, &title, lang)?;
    let unwrapped: Vec<Col> = cols.iter().map(|x| Col { wrap: false, ..x.clone() }).collect();
    if !c.fits(&unwrapped, &lines) {
        c = Canvas::oriented(layout, &title, lang, true)?;
    }
    c.heading(&format!("{title}, {}", crate::when_ranked(after, lang)));
    // Printed while tables still play: said under the heading, with the rounds concerned.
    let open = crate::open_rounds(standings);
    if !open.is_empty() {
        let key = if open.len() == 1 { "provisional_round" } else { "provisional_rounds" };
        let n = open.iter().map(i64::to_string).collect::<Vec<_>>().join(", ");
        c.para(&layout.word(key, lang, &[("n", n)]), true);
        c.gap(0.5);
    }
    if let Some(said) = ranked_by {
        c.para(&said, false);
        c.gap(0.3);
    }
    c.table(&cols, &lines, false);
    Ok(c.finish())
}

/// The seating plan: by table (seats in order, who deals first), then every player by
/// name with table and seat; byes listed.
pub fn seating_pdf(round: &Value, layout: &PrintLayout, lang: &str) -> Result<Vec<u8>, PdfError> {
    let w = |k: &str| layout.word(k, lang, &[]);
    let title = format!("{} — {}, {} {}", w("seating"), layout.tournament(round["tournament"].as_str().unwrap_or(""), lang), w("round"), num(&round["round"]));
    let mut c = Canvas::new(layout, &title, lang)?;
    c.heading(&title);
    let tables = round["tables"].as_array().cloned().unwrap_or_default();
    let mut by_name: Vec<(String, String, String, String)> = vec![];
    // Each table's rows first: the tables, one under the other, line up their columns.
    let mut per_table: Vec<Vec<Vec<String>>> = vec![];
    for t in &tables {
        let number = num(&t["number"]);
        let first = t["first_dealer"].as_i64().unwrap_or(0);
        // Kings Cribbage's serviteur: who keeps this table's score (named by the last round).
        let scorers: Vec<i64> = t["scorers"].as_array().into_iter().flatten().filter_map(Value::as_i64).collect();
        let rows: Vec<Vec<String>> = t["seats"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|s| {
                let seat = s["seat"].as_i64().unwrap_or(0);
                by_name.push((s["name"].as_str().unwrap_or("").to_string(), s["club"].as_str().unwrap_or("").to_string(), number.clone(), seat.to_string()));
                vec![
                    seat.to_string(),
                    s["name"].as_str().unwrap_or("").to_string(),
                    s["club"].as_str().unwrap_or("").to_string(),
                    [
                        (seat == first).then(|| round["first_said"].as_str().map_or_else(|| w("first_dealer"), str::to_string)),
                        scorers.contains(&seat).then(|| w("scorer")),
                    ]
                    .into_iter()
                    .flatten()
                    .collect::<Vec<_>>()
                    .join(", "),
                ]
            })
            .collect();
        per_table.push(rows);
    }
    // Who deals first is never cut: short of room, the names and the clubs break over lines.
    let cols = [Col::num(w("seat"), 1.0), Col::wrapped(w("name"), 5.0), Col::wrapped(w("club"), 3.5), Col::new("", 2.5)];
    let all = per_table.concat();
    for (t, rows) in tables.iter().zip(&per_table) {
        // A table of four or five is kept with its number (and its device's QR code) on one
        // page where it fits.
        let size = c.size();
        let qr = if t["device"]["url"].as_str().is_some() { mm(26.0) + size * 1.6 } else { 0.0 };
        c.keep_table(&cols, rows, &all, size * 1.6 + qr);
        let label = format!("{} {}", w("table"), num(&t["number"]));
        c.para(&label, true);
        c.carry(Some(label));
        // The table's device: its QR code and code, when the secretary printed them.
        if let Some(m) = t["device"]["url"].as_str().and_then(crate::qr::Modules::of) {
            let code = t["device"]["code"].as_str().unwrap_or("");
            let url = t["device"]["url"].as_str().unwrap_or("");
            c.qr(&m, mm(26.0), &[w("device_scan"), format!("{}{}{code}", w("device_code"), w("colon")), url.to_string()]);
        }
        c.table_sized(&cols, rows, false, &all);
        c.carry(None);
    }
    let byes: Vec<String> = round["byes"].as_array().into_iter().flatten().map(|b| b["name"].as_str().unwrap_or("").to_string()).collect();
    if !byes.is_empty() {
        c.para(&format!("{}{}{}", w(if byes.len() == 1 { "bye_one" } else { "byes" }), w("colon"), byes.join(", ")), false);
        for b in round["byes"].as_array().into_iter().flatten() {
            by_name.push((b["name"].as_str().unwrap_or("").to_string(), b["club"].as_str().unwrap_or("").to_string(), w("bye"), String::new()));
        }
    }
    // As people look a name up: "Émile" among the e's, not after "Zoé".
    by_name.sort_by_key(|a| (crate::folded(&a.0), a.0.clone()));
    c.gap(1.0);
    let rows: Vec<Vec<String>> = by_name.into_iter().map(|(n, club, t, s)| vec![n, club, t, s]).collect();
    c.heading_over_table(&w("by_name"), rows.len().min(3));
    c.table(&[Col::wrapped(w("name"), 5.0), Col::wrapped(w("club"), 3.5), Col::num(w("table"), 1.2), Col::num(w("seat"), 1.0)], &rows, false);
    Ok(c.finish())
}

/// Score sheets, one table per page: the tournament, round and table, the names in
/// seat order and the dealers in order, then the game's own grid. With lines (a
/// completed sheet), the lines as written, corrections marked, totals and table points.
/// Figures a sheet's row holds (seats × figures a seat) that a standing page prints without
/// cutting a word: a table of four at Double Lucky 7 (bid, tricks, points).
const SHEET_FIGURES_STANDING: usize = 12;

pub fn sheets_pdf(sheets: &[Value], layout: &PrintLayout, lang: &str) -> Result<Vec<u8>, PdfError> {
    let w = |k: &str| layout.word(k, lang, &[]);
    let title = sheets
        .first()
        .map(|s| format!("{} — {}, {} {}", w("sheet"), layout.tournament(s["tournament"].as_str().unwrap_or(""), lang), w("round"), num(&s["round"])))
        .unwrap_or_default();
    // A sheet of many seats, each with several figures (Double Lucky 7 at five to seven:
    // bid, tricks and points), does not stand on a page without cutting its words: every
    // sheet of the print is laid on its side then.
    let figures = |s: &Value| s["seats"].as_array().map_or(0, Vec::len) * s["form"]["per_seat"].as_array().map_or(1, Vec::len);
    let wide = sheets.iter().any(|s| figures(s) > SHEET_FIGURES_STANDING);
    let mut c = Canvas::oriented(layout, &title, lang, wide)?;
    for (k, s) in sheets.iter().enumerate() {
        if k > 0 {
            c.need(f32::MAX);
        }
        c.heading(&format!(
            "{} — {} {}, {} {}",
            layout.tournament(s["tournament"].as_str().unwrap_or(""), lang),
            w("round"),
            num(&s["round"]),
            w("table"),
            num(&s["table"])
        ));
        let seats = s["seats"].as_array().cloned().unwrap_or_default();
        let names: Vec<String> = seats.iter().map(|x| format!("{}. {}", num(&x["seat"]), x["name"].as_str().unwrap_or(""))).collect();
        // Kings Cribbage's serviteur: who keeps this sheet, said after the name.
        let scorers: Vec<i64> = s["scorers"].as_array().into_iter().flatten().filter_map(Value::as_i64).collect();
        let mut items: Vec<String> = seats
            .iter()
            .zip(&names)
            .map(|(x, n)| if x["seat"].as_i64().is_some_and(|seat| scorers.contains(&seat)) { format!("{n} ({})", w("scorer")) } else { n.clone() })
            .collect();
        items.push(format!("({})", s["game_name"].as_str().unwrap_or("")));
        c.items(&items);
        let first = s["first_dealer"].as_i64().unwrap_or(1).max(1) as usize;
        let order: Vec<String> = (0..seats.len()).map(|i| names[(first - 1 + i) % seats.len()].clone()).collect();
        // A game of turns names them its own way (Kings Cribbage: the players in turn).
        let order_title = s["form"]["order_title"].as_str().map_or_else(|| w("dealer_order"), str::to_string);
        let mut dealing = vec![format!("{order_title}{}", w("colon").trim_end())];
        dealing.extend(order.iter().enumerate().map(|(i, n)| if i + 1 < order.len() { format!("{n} →") } else { n.clone() }));
        c.items(&dealing);
        let lines = s["lines"].as_array().cloned().unwrap_or_default();
        // A completed sheet says who played each line: in the form's own column, or in one added.
        let mut form = s["form"].clone();
        // The rulings' and totals' words go in that column too, the sheet's widest text.
        let says_who = lines.iter().any(|l| l["who"].as_str().is_some_and(|x| !x.is_empty())) || s["rulings"].as_array().is_some_and(|r| !r.is_empty());
        let has_who = form["columns"].as_array().is_some_and(|cs| cs.iter().any(|c| c["from"] == "who"));
        if says_who && !has_who {
            if let Some(cs) = form["columns"].as_array_mut() {
                cs.push(serde_json::json!({"title": w("line_details"), "width": 3.2, "from": "who"}));
            }
        }
        let form = &form;
        let mut cols = vec![Col::num(w("line"), 0.7), Col::num(form["dealer_title"].as_str().map_or_else(|| w("dealer"), str::to_string), 0.9)];
        // The totals' words go in the column that says who played a line, else in the first
        // of the game's own (not in the line's number, which they widened to a quarter of
        // the page); that column breaks them over lines.
        let columns = form["columns"].as_array().cloned().unwrap_or_default();
        let label_at = columns.iter().position(|c| c["from"] == "who").or((!columns.is_empty()).then_some(0)).map_or(0, |i| i + 2);
        for (i, col) in columns.iter().enumerate() {
            let (title, width) = (col["title"].as_str().unwrap_or(""), col["width"].as_f64().unwrap_or(1.5) as f32);
            cols.push(if i + 2 == label_at { Col::wrapped(title, width) } else { Col::new(title, width) });
        }
        let per_seat = form["per_seat"].as_array().cloned().unwrap_or_default();
        for x in &seats {
            for (j, p) in per_seat.iter().enumerate() {
                let head =
                    if j == 0 { format!("{} {}", num(&x["seat"]), p["title"].as_str().unwrap_or("")) } else { p["title"].as_str().unwrap_or("").to_string() };
                cols.push(Col::num(head, if per_seat.len() > 1 { 0.9 } else { 1.6 }));
            }
        }
        let corrected: Vec<i64> = s["corrected"].as_array().into_iter().flatten().filter_map(Value::as_i64).collect();
        let mut rows: Vec<Vec<String>> = vec![];
        let blank_rows = form["rows"].as_array().cloned().unwrap_or_default();
        for l in &lines {
            let line = l["line"].as_i64().unwrap_or(0);
            let mark = if corrected.contains(&line) { " *" } else { "" };
            let mut row = vec![format!("{line}{mark}"), num(&l["dealer"])];
            for col in form["columns"].as_array().into_iter().flatten() {
                row.push(filled(l, col["from"].as_str().unwrap_or(""), None));
            }
            for i in 0..seats.len() {
                for p in &per_seat {
                    let out = l["sits_out"].as_u64() == Some(i as u64 + 1);
                    row.push(if out { "—".into() } else { filled(l, p["from"].as_str().unwrap_or(""), Some(i)) });
                }
            }
            rows.push(row);
        }
        // Blank rows for the deals still to play (the rules count them: voids and fines are no deal).
        let played = s["deals_played"].as_u64().unwrap_or(0) as usize;
        let still: Vec<&Value> = if lines.is_empty() { blank_rows.iter().collect() } else { blank_rows.iter().skip(played.min(blank_rows.len())).collect() };
        if lines.is_empty() || s["complete"] != true {
            // The rows still to fill go on numbering the lines (a deal voided and dealt again
            // took a line: the grid's deal number would repeat the last line's).
            let mut next = lines.iter().filter_map(|l| l["line"].as_i64()).max().unwrap_or(0);
            // Every row is a line to write, a game's deal or hand named in its own column
            // (King's contracts, Double Lucky 7's cards) numbered too.
            for r in still {
                next += 1;
                let mut row = vec![next.to_string(), num(&r["dealer"])];
                for (j, _) in form["columns"].as_array().into_iter().flatten().enumerate() {
                    row.push(if j == 0 && r["label"].as_str().is_some_and(|l| l.parse::<i64>().is_err()) {
                        r["label"].as_str().unwrap_or("").to_string()
                    } else {
                        String::new()
                    });
                }
                for i in 0..seats.len() {
                    for _ in &per_seat {
                        row.push(if r["out"].as_u64() == Some(i as u64 + 1) { "—".into() } else { String::new() });
                    }
                }
                rows.push(row);
            }
        }
        let lead = 2 + columns.len();
        let total_row = |label: String, values: &Value| -> Vec<String> {
            let mut row = vec![String::new(); lead];
            row[label_at] = label;
            for i in 0..seats.len() {
                for (j, _) in per_seat.iter().enumerate() {
                    // As the language writes a figure: a table of three shares 13,5 in French.
                    row.push(if j + 1 == per_seat.len() { figure_in(&values[i], lang) } else { String::new() });
                }
            }
            row
        };
        if !lines.is_empty() {
            // The lines' totals, each ruling on a row of its own, then the round's scores:
            // the paper adds up, and says who was ruled, why and by whom.
            let rulings = s["rulings"].as_array().cloned().unwrap_or_default();
            // A sheet still being played adds up what is written so far, not the game's totals.
            rows.push(total_row(w(if s["complete"] == true { "totals" } else { "totals_so_far" }), &s["totals"]));
            for (i, r) in rulings.iter().enumerate() {
                let kind = if r["sanction"] == true { w("sanction") } else { w("ruling") };
                let by = r["by"].as_str().filter(|b| !b.is_empty()).map(|b| format!(" ({b})")).unwrap_or_default();
                // Who was ruled, as the window and the CLI say it, then why and by whom.
                let whom = seats.iter().zip(&names).find(|(x, _)| x["seat"] == r["seat"]).map(|(_, n)| format!("{n} — ")).unwrap_or_default();
                // The reason in the game's words (a jury's call: its contract and outcome).
                let reason = s["ruling_texts"][i][lang].as_str().or(r["reason"].as_str()).unwrap_or("");
                let mut row = total_row(format!("{kind}{}{whom}{reason}{by}", w("colon")), &r["points"]);
                for cell in row.iter_mut().skip(lead) {
                    if cell.parse::<i64>().is_ok_and(|p| p > 0) {
                        *cell = format!("+{cell}");
                    }
                }
                rows.push(row);
            }
            if !rulings.is_empty() {
                rows.push(total_row(w("round_scores"), &s["scores"]));
            }
            if s["uses_table_points"] == true {
                let mark = if s["complete"] == true { String::new() } else { format!(" ({})", w("provisional")) };
                rows.push(total_row(format!("{}{mark}", w("table_points")), &s["table_points"]));
            }
        }
        // A sheet still to be written on: rows to spare below the game's own, as many as the
        // page holds (a deal voided and dealt again, a fine, a longer game of turns each take
        // a line the grid did not count), then the totals and the table points to fill in.
        let open = lines.is_empty() || s["complete"] != true;
        if open {
            let totals = 1 + usize::from(s["uses_table_points"] == true);
            let key = form["key"].as_str().map_or(0.0, |k| c.para_height(k, false) + c.size() * 0.8);
            // What the table's rows take beyond a line each, and the mark of corrected lines under
            // it (the totals ran onto a page of their own under the table's continued label).
            let note = if corrected.is_empty() { 0.0 } else { c.para_height(&format!("* {}", w("corrected")), false) };
            let below = key + note + c.wrapped_height(&cols, &rows, &rows);
            let own = rows.len() + if lines.is_empty() { totals } else { 0 };
            c.fit_tall(own, below);
            let spare = c.rows_to_fill(own, true, below);
            let mut next = rows.iter().filter_map(|r| r[0].trim_end_matches(" *").parse::<i64>().ok()).max().unwrap_or(0);
            let at = rows.iter().position(|r| r[0].is_empty()).unwrap_or(rows.len());
            let blank: Vec<Vec<String>> = (0..spare)
                .map(|_| {
                    next += 1;
                    let mut row = vec![next.to_string()];
                    row.resize(cols.len(), String::new());
                    row
                })
                .collect();
            rows.splice(at..at, blank);
            if lines.is_empty() {
                rows.push(total_row(w("totals"), &Value::Null));
                if s["uses_table_points"] == true {
                    rows.push(total_row(w("table_points"), &Value::Null));
                }
            }
        }
        c.carry(Some(format!("{} {}, {} {}", w("round"), num(&s["round"]), w("table"), num(&s["table"]))));
        c.table(&cols, &rows, open);
        c.carry(None);
        c.fit_tall(0, 0.0);
        if !corrected.is_empty() {
            c.para(&format!("* {}", w("corrected")), false);
        }
        // How the game writes what its sheet abbreviates (King's sales), as the game says it.
        if let Some(key) = form["key"].as_str().filter(|k| !k.is_empty()) {
            c.para(key, false);
        }
        board(&mut c, &s["board"], layout, lang);
    }
    Ok(c.finish())
}

/// A game played on a board (Kings Cribbage): each cell where it lies, as the game says it
/// reads on paper (`label`); nothing when the sheet has no board.
fn board(c: &mut Canvas<'_>, board: &Value, layout: &PrintLayout, lang: &str) {
    let cells: Vec<(i64, i64, String)> = board["cells"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|x| Some((x["at"][0].as_i64()?, x["at"][1].as_i64()?, x["label"].as_str()?.to_string())))
        .collect();
    let (Some(r0), Some(r1), Some(c0), Some(c1)) =
        (cells.iter().map(|x| x.0).min(), cells.iter().map(|x| x.0).max(), cells.iter().map(|x| x.1).min(), cells.iter().map(|x| x.1).max())
    else {
        return;
    };
    // A board wider than a page's table is printed as far as it fits (a game lays ~100 tiles).
    let (width, height) = ((c1 - c0 + 1).min(40), (r1 - r0 + 1).min(200));
    c.gap(0.5);
    c.para(&layout.word("board", lang, &[]), true);
    let cols: Vec<Col> = (0..width).map(|k| Col::new((c0 + k).to_string(), 1.0)).collect();
    let rows: Vec<Vec<String>> = (0..height)
        .map(|i| (0..width).map(|k| cells.iter().find(|x| x.0 == r0 + i && x.1 == c0 + k).map(|x| x.2.clone()).unwrap_or_default()).collect())
        .collect();
    c.table(&cols, &rows, false);
}

/// A completed cell: the line's label or points, or a field of its entry.
fn filled(line: &Value, from: &str, seat: Option<usize>) -> String {
    let v = match from {
        "label" => line["label"].clone(),
        "who" => line["who"].clone(),
        "points" => line["points"].clone(),
        key => line["entry"][key].clone(),
    };
    match (seat, &v) {
        (Some(i), Value::Array(a)) => a.get(i).map(num).unwrap_or_default(),
        (_, Value::Array(a)) => a.iter().map(num).collect::<Vec<_>>().join(" "),
        _ => num(&v),
    }
}

/// A stored local time (`2026-11-27 20:15:03`) as the print's language writes its date
/// (27/11/2026 20:15:03 in French, 27-11-2026 20:15:03 in Dutch), the time kept.
pub(crate) fn date_in(stored: &str, lang: &str) -> String {
    let i = match lang {
        "fr" => 1,
        "nl" => 2,
        _ => 0,
    };
    crate::site::date_in(stored, i)
}

/// The jury's rulings and fines: where, who, points, why (in the print's language, whole,
/// a sanction said so), which jury member and when (local time).
pub fn rulings_pdf(tournament: &str, rulings: &[Value], layout: &PrintLayout, lang: &str) -> Result<Vec<u8>, PdfError> {
    let w = |k: &str| layout.word(k, lang, &[]);
    let title = format!("{} — {}", w("rulings"), layout.tournament(tournament, lang));
    let mut c = Canvas::new(layout, &title, lang)?;
    c.heading(&title);
    if rulings.is_empty() {
        // Said, not left as a grid of headers alone (was the print cut short?).
        c.para(&w("no_rulings"), false);
        return Ok(c.finish());
    }
    let rows: Vec<Vec<String>> = rulings
        .iter()
        .map(|r| {
            vec![
                num(&r["round"]),
                num(&r["table"]),
                format!("{}. {}", num(&r["seat"]), r["name"].as_str().unwrap_or("")),
                filled(r, "points", None),
                {
                    // A fault on a line is said in the print's language ("faute dans la donne 6…").
                    let reason = r["reason_texts"][lang].as_str().or(r["reason"].as_str()).unwrap_or("");
                    let said = if r["sanction"] == true { format!("{}{}{reason}", w("sanction"), w("colon")) } else { reason.to_string() };
                    // A ruling withdrawn since stays listed, with its withdrawal.
                    match r.get("withdrawn").filter(|x| x.is_object()) {
                        Some(x) => {
                            let text = |k: &str| x[k].as_str().unwrap_or("").to_string();
                            let gone = layout.word(
                                "ruling_withdrawn",
                                lang,
                                &[("at", date_in(&text("at_local"), lang)), ("by", text("by")), ("reason", text("reason"))],
                            );
                            format!("{said} ({gone})")
                        }
                        None => said,
                    }
                },
                r["by"].as_str().unwrap_or("").to_string(),
                {
                    let at = date_in(r["at_local"].as_str().unwrap_or(""), lang);
                    // Read from a document that does not say when: the day it was imported, said so.
                    if r["imported"] == true {
                        layout.word("imported_on", lang, &[("date", at.split(' ').next().unwrap_or("").to_string())])
                    } else {
                        at
                    }
                },
            ]
        })
        .collect();
    c.table(
        &[
            // Who, why and which jury member break over lines, sharing the room, rather than be
            // cut (a long name took the reason's room and was cut, the jury member and the
            // time with it); the time and the points stand whole.
            Col::num(w("round"), 1.0),
            Col::num(w("table"), 1.0),
            Col::wrapped(w("name"), 3.5),
            Col::num(w("points"), 2.2),
            Col::wrapped(w("reason"), 5.0),
            Col::wrapped(w("by"), 2.0),
            Col::num(w("when"), 2.6),
        ],
        &rows,
        false,
    );
    Ok(c.finish())
}

/// The deals of a tournament replayed card by card, for its file (issue "The hand
/// checker"): per line that carries its cards, the cards each seat was dealt, the tricks
/// in order with who won them, the illegal card marked `!` with the rule it broke and the
/// cards that were allowed, or the figures the cards give. Each hand: `{round, table,
/// line, label, seats: [name], dealt: [[card]], trick_list: [{plays: [[seat, card]], winner}],
/// illegal: {trick, seat, card, rule, allowed, dealing} | null, complete, figures,
/// figures_said (the figures in words), claim:
/// [said] | null, solved: {head: [said], marked: [said]} | null}` (trick 0: the cards dealt do
/// not stand yet, `dealing` says why; `claim` the jury's claim judged where the play stops,
/// `solved` "could it have been made?" on a finished deal, both already in words).
pub fn hands_pdf(tournament: &str, hands: &[Value], layout: &PrintLayout, lang: &str) -> Result<Vec<u8>, PdfError> {
    let w = |k: &str, p: &[(&str, String)]| layout.word(k, lang, p);
    let title = format!("{} — {}", w("hands", &[]), layout.tournament(tournament, lang));
    let mut c = Canvas::new(layout, &title, lang)?;
    c.heading(&title);
    if hands.is_empty() {
        c.para(&w("hands_none", &[]), false);
    }
    for hand in hands {
        c.gap(0.6);
        let at = |k: &str| num(&hand[k]);
        c.para(
            &w(
                "hand_line",
                &[("round", at("round")), ("table", at("table")), ("line", at("line")), ("label", hand["label"].as_str().unwrap_or("").to_string())],
            ),
            true,
        );
        if let Some(setup) = hand["setup"].as_str().filter(|x| !x.is_empty()) {
            c.para(setup, false);
        }
        // The tricks run onto a new page under the line they belong to.
        c.carry(Some(w("hand_line_short", &[("round", at("round")), ("table", at("table")), ("line", at("line"))])));
        let seats = hand["seats"].as_array().cloned().unwrap_or_default();
        for (i, dealt) in hand["dealt"].as_array().into_iter().flatten().enumerate() {
            let cards: Vec<&str> = dealt.as_array().into_iter().flatten().filter_map(Value::as_str).collect();
            let name = seats.get(i).and_then(Value::as_str).unwrap_or("");
            // A table of five's dealer sits the deal out: said, not an empty hand.
            if cards.is_empty() {
                c.para(&format!("{}. {name} ({})", i + 1, w("hand_sits_out", &[])), false);
            } else {
                c.para(&format!("{}. {name} ({}){}{}", i + 1, w("hand_dealt", &[]), w("colon", &[]), cards.join(" ")), false);
            }
        }
        let illegal = &hand["illegal"];
        let mut rows: Vec<Vec<String>> = hand["trick_list"]
            .as_array()
            .into_iter()
            .flatten()
            .enumerate()
            .map(|(i, t)| {
                let cards: Vec<String> = t["plays"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .map(|sc| format!("{}{}{}", num(&sc[0]), w("colon", &[]), sc[1].as_str().unwrap_or("")))
                    .collect();
                let won = t["winner"].as_u64().filter(|w| *w > 0).map_or("…".to_string(), |w| w.to_string());
                vec![(i + 1).to_string(), cards.join("   "), won]
            })
            .collect();
        if let Some(trick) = illegal["trick"].as_u64().filter(|t| *t > 0) {
            let mark = format!("{}{}{} !", num(&illegal["seat"]), w("colon", &[]), illegal["card"].as_str().unwrap_or(""));
            match rows.get_mut(trick as usize - 1) {
                Some(row) => row[1] = format!("{}   {mark}", row[1]).trim_start().to_string(),
                None => rows.push(vec![trick.to_string(), mark, "…".to_string()]),
            }
        }
        if !rows.is_empty() {
            c.table(&[Col::num(w("trick", &[]), 1.0), Col::new(w("hand_cards", &[]), 9.0), Col::num(w("won_by", &[]), 1.6)], &rows, false);
        }
        // What the checker found, a claim, "could it have been made?": on a new page they
        // too say whose deal they are (a verdict stood alone at a page's top).
        if illegal["trick"] == 0 {
            // The cards dealt as known so far (a replay under way), and what they still lack.
            c.para(&w("hand_dealing", &[("detail", illegal["dealing"].as_str().unwrap_or("").to_string())]), true);
        } else if illegal.is_object() {
            let allowed: Vec<&str> = illegal["allowed"].as_array().into_iter().flatten().filter_map(Value::as_str).collect();
            let said = [("trick", num(&illegal["trick"])), ("seat", num(&illegal["seat"])), ("card", illegal["card"].as_str().unwrap_or("").to_string())];
            c.paras_together(&[
                (w("hand_illegal", &said), true),
                (illegal["rule"].as_str().unwrap_or("").to_string(), false),
                (w("hand_allowed", &[("allowed", if allowed.is_empty() { "—".to_string() } else { allowed.join(" ") })]), false),
            ]);
        } else if hand["complete"] == true {
            // The figures in words (the game's names of its fields); as data where none was given.
            let figures = hand["figures_said"].as_str().map_or_else(|| hand["figures"].to_string(), str::to_string);
            c.para(&w("hand_legal", &[("figures", figures)]), false);
        } else {
            c.para(&w("hand_open", &[]), false);
        }
        // The jury's claim where the play stops: the claim and its answer, then the line
        // of play that beats it, trick by trick.
        for (i, said) in hand["claim"].as_array().into_iter().flatten().filter_map(Value::as_str).enumerate() {
            c.para(said, i < 2);
        }
        // "Could it have been made?" on the finished deal: the side's tricks from the first
        // card and the verdict, then each card that cost a trick.
        let solved = &hand["solved"];
        for (key, bold) in [("head", true), ("marked", false)] {
            for said in solved[key].as_array().into_iter().flatten().filter_map(Value::as_str) {
                c.para(said, bold);
            }
        }
        c.carry(None);
    }
    Ok(c.finish())
}

#[cfg(test)]
mod tests {
    use super::{glued, heading_words, hyphen_pieces, Canvas, PrintLayout};

    /// Paragraphs kept together move whole to the next page, under what they continue: an
    /// illegal card's verdict ended one page, its rule and the cards allowed began the next.
    #[test]
    fn paragraphs_kept_together_move_whole_to_the_next_page() {
        let layout = PrintLayout::with_overrides(None).unwrap();
        let mut c = Canvas::new(&layout, "t", "en").unwrap();
        c.carried = Some("Round 1 · table 1 · line 2".into());
        // Room left for one line and a little more.
        c.y = c.bottom() + c.size() * 2.0;
        let paras = [
            ("Illegal: trick 6, seat 3 played 3♥, against the rule:".to_string(), true),
            ("follow suit".to_string(), false),
            ("Allowed: Q♥".to_string(), false),
        ];
        c.paras_together(&paras);
        assert_eq!(c.pages.len(), 1, "one page ended, the paragraphs on the next");
        let top = c.h - crate::pdf::mm(c.layout.margins_mm.top);
        let said = c.para_height("Round 1 · table 1 · line 2 (continued)", true) + paras.iter().map(|(t, b)| c.para_height(t, *b)).sum::<f32>();
        assert!(c.y < top - said + 1.0 && c.y > top - said - c.size() * 4.0, "the label, then the three under it: {} {}", c.y, top - said);
        // With room enough, they stay where they are.
        let (pages, y) = (c.pages.len(), c.y);
        c.paras_together(&paras);
        assert_eq!(c.pages.len(), pages);
        assert!(c.y < y);
    }

    /// French punctuation stays with the word before it, a seat's number with the name after
    /// it, «  with what it opens; a bye's «exempt» and its «10» may still break apart.
    #[test]
    fn lines_break_where_the_languages_allow() {
        assert_eq!(
            glued("déclarant : 2. Béatrice Vanneste · partenaire : 3. Héloïse"),
            ["déclarant :", "2. Béatrice", "Vanneste", "·", "partenaire :", "3. Héloïse"]
        );
        assert_eq!(glued("Qui ? « Anne » !"), ["Qui ?", "« Anne » !"]);
        assert_eq!(glued("exempt 10"), ["exempt", "10"]);
        assert_eq!(glued("pli 10. Anne"), ["pli", "10. Anne"]);
        // A compound name breaks after its hyphens; a negative figure and a lone dash never.
        assert_eq!(hyphen_pieces("Vanderstraeten-Deschênes-Vandewoestyne"), ["Vanderstraeten-", "Deschênes-", "Vandewoestyne"]);
        assert_eq!(hyphen_pieces("-10"), ["-10"]);
        assert_eq!(hyphen_pieces("—"), ["—"]);
        assert_eq!(hyphen_pieces("R2-3"), ["R2-3"]);
    }

    /// A heading breaks neither before a figure nor after a short word: «après la» ended a
    /// line, «manche 3» began the next.
    #[test]
    fn a_heading_keeps_a_short_word_with_the_next_and_a_figure_with_the_last() {
        assert_eq!(heading_words("Classement — Cup, après la manche 3"), ["Classement", "—", "Cup,", "après", "la manche 3"]);
        assert_eq!(heading_words("Stand — Cup, na ronde 12"), ["Stand", "—", "Cup,", "na ronde 12"]);
        assert_eq!(heading_words("Standings — Cup, after round 3"), ["Standings", "—", "Cup,", "after", "round 3"]);
        assert_eq!(heading_words("Manche 2, Table 10 — Jo Li"), ["Manche 2,", "Table 10", "—", "Jo", "Li"]);
    }
}
