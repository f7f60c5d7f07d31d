//! How `rate`'s and `explain`'s conclusions are written: a rating as `2.3`, the steps by
//! technique as a JSON object, and an explanation as a JSON array of steps; and the Arrow types
//! that Parquet output and Python's tables give them (a map, a list of structs), decoded from
//! that same JSON.
//!
//! A step in JSON has SE's technique name, its rating (every step has one: SE's engine takes
//! no search step, so the text's `[3.2]` and the JSON's `rating` are the same number), the
//! digits, houses and cells it names, its placements and eliminations, its chains (nodes with
//! their parents) and its text, which `explain`'s line output writes:
//!
//! ```text
//! {"technique":"X-Wing","rating":3.2,"digits":[3],"houses":[...],"cells":[...],
//!  "placements":[],"eliminations":[{"cell":"r5c1","digit":3},...],"chains":[],
//!  "text":"... [3.2]"}
//! ```

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
    out.extend_from_slice(b"{\"technique\":");
    json_string(out, step.technique.name().as_bytes());
    out.extend_from_slice(b",\"rating\":");
    write_rating(out, step.rating);
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
    out.extend_from_slice(b",\"chains\":[");
    for (i, chain) in step.chains.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        write_chain(out, chain);
    }
    out.extend_from_slice(b"],\"text\":");
    json_string(out, step.text().as_bytes());
    out.push(b'}');
}

/// A chain as a JSON array of its nodes, the conclusion first: `{"cell":"r1c2","digit":5,
/// "on":true,"parents":[1]}`, a node's parents being indices of the nodes it follows from.
fn write_chain(out: &mut Vec<u8>, chain: &crate::rate::se::Chain) {
    out.push(b'[');
    for (i, node) in chain.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        let name = crate::rate::cell_name(usize::from(node.cell));
        write!(
            out,
            "{{\"cell\":\"{name}\",\"digit\":{},\"on\":{},\"parents\":[",
            node.digit, node.on
        )
        .expect("Vec");
        for (k, parent) in node.parents.iter().enumerate() {
            if k > 0 {
                out.push(b',');
            }
            write!(out, "{parent}").expect("Vec");
        }
        out.extend_from_slice(b"]}");
    }
    out.push(b']');
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
    let node = DataType::Struct(Fields::from(vec![
        Field::new("cell", DataType::Utf8, true),
        Field::new("digit", DataType::Int64, true),
        Field::new("on", DataType::Boolean, true),
        Field::new("parents", list(DataType::Int64), true),
    ]));
    let step = DataType::Struct(Fields::from(vec![
        Field::new("technique", DataType::Utf8, true),
        Field::new("rating", DataType::Float64, true),
        Field::new("digits", list(DataType::Int64), true),
        Field::new("houses", list(DataType::Utf8), true),
        Field::new("cells", list(DataType::Utf8), true),
        Field::new("placements", list(conclusion.clone()), true),
        Field::new("eliminations", list(conclusion), true),
        Field::new("chains", list(list(node)), true),
        Field::new("text", DataType::Utf8, true),
    ]));
    list(step)
}

/// `rate`'s line output for a record that passed: its ER, EP and ED as serate writes them,
/// and the hardest technique: `7.1/1.2/1.2 Forcing Chain`; where the rating stopped, `-` for
/// what is not known and where it stopped: `-/1.2/1.2 capped: dynamic+`.
pub fn rating_line(out: &mut Vec<u8>, verdict: &crate::verdict::Verdict) {
    let rating = verdict.rating.as_ref();
    let value = |out: &mut Vec<u8>, tenths: Option<u8>| match tenths {
        Some(tenths) => write_rating(out, tenths),
        None => out.push(b'-'),
    };
    value(out, rating.and_then(|r| r.rating));
    out.push(b'/');
    value(out, rating.and_then(|r| r.ep));
    out.push(b'/');
    value(out, rating.and_then(|r| r.ed));
    let technique = rating.and_then(|r| r.technique_text()).unwrap_or("none");
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
