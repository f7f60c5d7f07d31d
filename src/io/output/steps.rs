//! How `rate`'s and `explain`'s conclusions are written: a rating as `2.3`, the steps by
//! technique as a JSON object, and an explanation as a JSON array of steps; and the Arrow types
//! that Parquet output and Python's tables give them (a map, a list of structs), decoded from
//! that same JSON.
//!
//! A step in JSON:
//!
//! ```text
//! {"technique":"x-wing","rating":3.2,"digits":[3],"houses":["row 2","row 7","column 1",
//!  "column 9"],"cells":["r2c1","r2c9","r7c1","r7c9"],"placements":[],
//!  "eliminations":[{"cell":"r5c1","digit":3},{"cell":"r5c9","digit":3}],
//!  "text":"x-wing on 3 in rows 2,7, columns 1,9: r5c1<>3, r5c9<>3 [3.2]"}
//! ```
//!
//! A search step has no rating (`null`) and has `guesses` and `backtracks`.

use std::io::Write as _;
use std::sync::Arc;

use arrow_schema::{DataType, Field, Fields};

use super::text::json_string;
use crate::rate::{Rating, Step};

/// Appends a rating in tenths as Sudoku Explainer writes it: `2.3`.
pub fn write_rating(out: &mut Vec<u8>, tenths: u8) {
    write!(out, "{}.{}", tenths / 10, tenths % 10).expect("Vec");
}

/// Appends the steps by technique, as a JSON object in ladder order:
/// `{"hidden single":40,"naked single":3}`.
pub fn write_counts(out: &mut Vec<u8>, rating: &Rating) {
    out.push(b'{');
    for (i, (technique, n)) in rating.steps().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        write!(out, "\"{technique}\":{n}").expect("Vec");
    }
    out.push(b'}');
}

/// Appends an explanation: a JSON array of its steps.
pub fn write_steps(out: &mut Vec<u8>, steps: &[Step]) {
    out.push(b'[');
    for (i, step) in steps.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        write_step(out, step);
    }
    out.push(b']');
}

fn write_step(out: &mut Vec<u8>, step: &Step) {
    write!(out, "{{\"technique\":\"{}\",\"rating\":", step.technique).expect("Vec");
    match step.search {
        Some(_) => out.extend_from_slice(b"null"),
        None => write_rating(out, step.rating),
    }
    out.extend_from_slice(b",\"digits\":[");
    let digits: Vec<String> = crate::rate::digits_of(step.digits).map(|d| d.to_string()).collect();
    out.extend_from_slice(digits.join(",").as_bytes());
    out.extend_from_slice(b"],\"houses\":");
    strings(out, step.houses.iter().map(|&h| crate::rate::house_name(usize::from(h))));
    out.extend_from_slice(b",\"cells\":");
    strings(out, step.cells.iter().map(|&c| crate::rate::cell_name(usize::from(c))));
    out.extend_from_slice(b",\"placements\":");
    conclusions(out, &step.placements);
    out.extend_from_slice(b",\"eliminations\":");
    conclusions(out, &step.eliminations);
    if let Some((guesses, backtracks)) = step.search {
        write!(out, ",\"guesses\":{guesses},\"backtracks\":{backtracks}").expect("Vec");
    }
    out.extend_from_slice(b",\"text\":");
    json_string(out, step.text().as_bytes());
    out.push(b'}');
}

fn strings(out: &mut Vec<u8>, items: impl Iterator<Item = String>) {
    out.push(b'[');
    for (i, item) in items.enumerate() {
        if i > 0 {
            out.push(b',');
        }
        json_string(out, item.as_bytes());
    }
    out.push(b']');
}

fn conclusions(out: &mut Vec<u8>, items: &[(u8, u8)]) {
    out.push(b'[');
    for (i, &(cell, digit)) in items.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        let name = crate::rate::cell_name(usize::from(cell));
        write!(out, "{{\"cell\":\"{name}\",\"digit\":{digit}}}").expect("Vec");
    }
    out.push(b']');
}

/// `rate`'s steps in Arrow: a map from technique to count.
pub fn counts_type() -> DataType {
    let entries = Fields::from(vec![
        Field::new("keys", DataType::Utf8, false),
        Field::new("values", DataType::Int64, true),
    ]);
    DataType::Map(Arc::new(Field::new("entries", DataType::Struct(entries), false)), false)
}

/// `explain`'s steps in Arrow: a list of structs, one a step, with the JSON form's members.
pub fn steps_type() -> DataType {
    let list = |item: DataType| DataType::List(Arc::new(Field::new("item", item, true)));
    let conclusion = DataType::Struct(Fields::from(vec![
        Field::new("cell", DataType::Utf8, true),
        Field::new("digit", DataType::Int64, true),
    ]));
    let step = DataType::Struct(Fields::from(vec![
        Field::new("technique", DataType::Utf8, true),
        Field::new("rating", DataType::Float64, true),
        Field::new("digits", list(DataType::Int64), true),
        Field::new("houses", list(DataType::Utf8), true),
        Field::new("cells", list(DataType::Utf8), true),
        Field::new("placements", list(conclusion.clone()), true),
        Field::new("eliminations", list(conclusion), true),
        Field::new("guesses", DataType::Int64, true),
        Field::new("backtracks", DataType::Int64, true),
        Field::new("text", DataType::Utf8, true),
    ]));
    list(step)
}

/// `rate`'s line output for a record that passed: its rating and hardest technique,
/// `3.2 x-wing` (`- search` where the ladder stalled).
pub fn rating_line(out: &mut Vec<u8>, verdict: &crate::verdict::Verdict) {
    let rating = verdict.rating.as_ref();
    match rating.and_then(|r| r.rating) {
        Some(tenths) => write_rating(out, tenths),
        None => out.push(b'-'),
    }
    let technique = rating.and_then(|r| r.hardest).map_or("none", |t| t.name());
    writeln!(out, " {technique}").expect("Vec");
}

/// `explain`'s line output for a record that passed: a block of its puzzle and rating, then a
/// step a line, then a blank line.
pub fn explanation_block(out: &mut Vec<u8>, verdict: &crate::verdict::Verdict) {
    if let Some(puzzle) = &verdict.puzzle {
        puzzle.write_line(out);
        out.push(b' ');
    }
    rating_line(out, verdict);
    for step in &verdict.steps {
        out.extend_from_slice(step.text().as_bytes());
        out.push(b'\n');
    }
    out.push(b'\n');
}
