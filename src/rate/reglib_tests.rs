//! The finders against HoDoKu's regression library: one line a case, a position (givens,
//! placed digits and removed candidates) and what one technique must conclude in it.
//!
//! The library is HoDoKu's (open source, GPL), so it is not copied here: point
//! `HODOKU_REGLIB` at a copy of `reglib-1.4.txt` to run this test; without it, the test says it
//! skipped. Its line format, from the file's head:
//!
//! ```text
//! :<technique>:<candidates>:<givens>:<deleted candidates>:<eliminations>:<placements>:<extra>
//! ```
//!
//! `<givens>` is 81 cells with `+` before a placed digit; the three lists are `<digit><row><col>`
//! separated by blanks. A technique code ending in `-x` is a case where nothing may be found.
//!
//! A case passes when our finder, taking its steps one after another in the position (each
//! step's eliminations applied before looking again, at most 30 steps), takes one whose
//! eliminations are exactly the case's still standing, or whose placement is the case's: the
//! library promises no other instance with different conclusions for the digits of the case,
//! but another digit's instance may come first in our scan order.

use std::collections::BTreeSet;

use super::position::{Single, SingleKind};
use super::tests::rc;
use super::*;

/// The library's technique codes we implement, with our finder and how a case is checked.
const CODES: &[(&str, Technique, Check)] = &[
    ("0000", Technique::FullHouse, Check::Single(SingleKind::FullHouse)),
    ("0002", Technique::HiddenSingle, Check::Single(SingleKind::HiddenInLine)),
    ("0003", Technique::NakedSingle, Check::Single(SingleKind::Naked)),
    ("0100", Technique::Pointing, Check::Finder(locked::pointing)),
    ("0101", Technique::Claiming, Check::Finder(locked::claiming)),
    ("0200", Technique::NakedPair, Check::Finder(subsets::naked_pair)),
    ("0201", Technique::NakedTriple, Check::Finder(subsets::naked_triple)),
    ("0202", Technique::NakedQuad, Check::Finder(subsets::naked_quad)),
    ("0210", Technique::HiddenPair, Check::Finder(subsets::hidden_pair)),
    ("0211", Technique::HiddenTriple, Check::Finder(subsets::hidden_triple)),
    ("0212", Technique::HiddenQuad, Check::Finder(subsets::hidden_quad)),
    ("0300", Technique::XWing, Check::Finder(fish::x_wing)),
    ("0301", Technique::Swordfish, Check::Finder(fish::swordfish)),
    ("0302", Technique::Jellyfish, Check::Finder(fish::jellyfish)),
    ("0400", Technique::Skyscraper, Check::Finder(single_digit::skyscraper)),
    ("0401", Technique::TwoStringKite, Check::Finder(single_digit::two_string_kite)),
    ("0500", Technique::SimpleColouring, Check::Finder(colouring::simple_colouring)),
    ("0501", Technique::SimpleColouring, Check::Finder(colouring::simple_colouring)),
    ("0600", Technique::UniqueRectangle, Check::Finder(unique::unique_rectangle)),
    ("0601", Technique::UniqueRectangle, Check::Finder(unique::unique_rectangle)),
    ("0603", Technique::UniqueRectangle, Check::Finder(unique::unique_rectangle)),
    ("0610", Technique::BugPlusOne, Check::Finder(unique::bug_plus_one)),
    ("0701", Technique::XChain, Check::Finder(chains::x_chain)),
    ("0702", Technique::XyChain, Check::Finder(chains::xy_chain)),
    ("0800", Technique::XyWing, Check::Finder(wings::xy_wing)),
    ("0801", Technique::XyzWing, Check::Finder(wings::xyz_wing)),
    ("0803", Technique::WWing, Check::Finder(wings::w_wing)),
];

/// Variants of the library we do not implement: unique rectangles "with missing candidates"
/// (a corner where one of the two digits is already gone), which Sudoku Explainer does not
/// rate either. Counted, not run.
const NOT_IMPLEMENTED: &[(&str, &str)] = &[("0600", "2"), ("0601", "2"), ("0603", "2")];

#[derive(Clone, Copy)]
enum Check {
    /// The case's placement is a single of this kind (or an easier one) the position queues.
    Single(SingleKind),
    /// The finder concludes what the case does.
    Finder(Finder),
}

/// What became of a case.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Outcome {
    Passed,
    /// The finder took instances on other digits (or, for chains, other chains) and then found
    /// no more: the library's promise is about the case's digits, and the steps taken first
    /// can leave its instance incomplete.
    OtherInstance,
    /// The finder took an instance on the case's digits with other conclusions.
    Differs,
    /// The finder found nothing (where the case expects something).
    NotFound,
    /// A `-x` case where the finder found something.
    FoundInFailCase,
}

/// A case's cells, candidates and expected conclusions, read from its line.
struct Case {
    code: String,
    variant: String,
    /// The case's digits, as a mask (the digits of the pattern, or of the removals for chains).
    digits: u16,
    position: Position,
    eliminations: BTreeSet<(u8, u8)>,
    placements: BTreeSet<(u8, u8)>,
}

/// `<digit><row><col>` items separated by blanks, as (cell, digit).
fn candidates(field: &str) -> BTreeSet<(u8, u8)> {
    field
        .split_whitespace()
        .map(|item| {
            let b = item.as_bytes();
            assert_eq!(b.len(), 3, "a candidate is <digit><row><col>: {item}");
            let [d, r, c] = [b[0], b[1], b[2]].map(|x| x - b'0');
            (rc(usize::from(r), usize::from(c)), d)
        })
        .collect()
}

fn read_case(line: &str) -> Case {
    let fields: Vec<&str> = line.split(':').collect();
    assert!(fields.len() >= 7, "a case has seven fields: {line}");
    let (code, variant) = fields[1].split_once('-').unwrap_or((fields[1], ""));
    let mut cells = [0u8; 81];
    let mut at = 0;
    for ch in fields[3].chars().filter(|&ch| ch != '+') {
        cells[at] = ch.to_digit(10).unwrap_or(0) as u8;
        at += 1;
    }
    assert_eq!(at, 81, "81 cells: {line}");
    let mut position = Position::new(&Grid(cells));
    for (cell, digit) in candidates(fields[4]) {
        position.eliminate(usize::from(cell), digit);
    }
    position.requeue();
    assert!(!position.is_broken(), "the case's position is broken: {line}");
    Case {
        code: code.to_string(),
        variant: variant.to_string(),
        digits: fields[2].bytes().fold(0, |m, b| m | position::bit(b - b'0')),
        position,
        eliminations: candidates(fields[5]),
        placements: candidates(fields[6]),
    }
}

/// Every single the position queues of a kind no harder than `hardest`.
fn singles(mut position: Position, hardest: SingleKind) -> Vec<Single> {
    std::iter::from_fn(|| position.next_single(hardest)).collect()
}

/// What became of a case, and the steps the finder took on the way.
fn run_case(case: &Case, check: Check, tried: &mut Vec<String>) -> Outcome {
    let mut position = case.position;
    let mut step = Step::new();
    match check {
        Check::Single(kind) => {
            let placed = singles(position, kind)
                .iter()
                .any(|s| case.placements.contains(&(s.cell as u8, s.digit)));
            if placed {
                Outcome::Passed
            } else {
                Outcome::NotFound
            }
        }
        Check::Finder(find) => {
            if case.variant == "x" {
                return match find(&position, &mut step) {
                    true => Outcome::FoundInFailCase,
                    false => Outcome::Passed,
                };
            }
            let mut outcome = Outcome::OtherInstance;
            for _ in 0..30 {
                if !find(&position, &mut step) {
                    break;
                }
                super::tests::check_chain_shape(&position, &step);
                let chain = matches!(step.technique, Technique::XChain | Technique::XyChain);
                if step.digits != case.digits || chain {
                    outcome = outcome.max(Outcome::OtherInstance);
                } else {
                    outcome = Outcome::Differs;
                }
                let standing: BTreeSet<(u8, u8)> = case
                    .eliminations
                    .iter()
                    .copied()
                    .filter(|&(cell, digit)| position.has(usize::from(cell), digit))
                    .collect();
                // A placement removes the cell's other candidates: HoDoKu lists those instead
                // where its technique (BUG+1) concludes that way.
                let mut mine: BTreeSet<(u8, u8)> = step.eliminations.iter().copied().collect();
                for &(cell, digit) in &step.placements {
                    let others = position.candidates(usize::from(cell)) & !position::bit(digit);
                    mine.extend(digits_of(others).map(|d| (cell, d)));
                }
                let placed = step.placements.iter().any(|p| case.placements.contains(p));
                if (!standing.is_empty() && mine == standing) || placed {
                    return Outcome::Passed;
                }
                tried.push(step.text());
                for &(cell, digit) in &step.eliminations {
                    position.eliminate(usize::from(cell), digit);
                }
            }
            // Where the finder found nothing at all, a different step came first only if
            // one was taken.
            if tried.is_empty() {
                Outcome::NotFound
            } else {
                outcome
            }
        }
    }
}

#[test]
fn the_finders_conclude_what_hodokus_regression_library_says() {
    let Some(path) = std::env::var_os("HODOKU_REGLIB") else {
        use std::io::Write as _;
        let _ = writeln!(
            std::io::stderr(),
            "skipped: HoDoKu's regression library (set HODOKU_REGLIB=path/to/reglib-1.4.txt)"
        );
        return;
    };
    let text = std::fs::read_to_string(&path).expect("HODOKU_REGLIB names a readable file");
    // Per code: outcome counts, and the first line of each outcome other than a pass.
    let mut table: Vec<(&str, Technique, [usize; 5], Vec<String>)> =
        CODES.iter().map(|&(code, technique, _)| (code, technique, [0; 5], Vec::new())).collect();
    let mut not_implemented = 0;
    for line in text.lines().filter(|line| line.starts_with(':')) {
        let case = read_case(line);
        let Some(k) = CODES.iter().position(|&(code, ..)| code == case.code) else {
            continue;
        };
        if NOT_IMPLEMENTED.contains(&(case.code.as_str(), case.variant.as_str())) {
            not_implemented += 1;
            continue;
        }
        let mut tried = Vec::new();
        let outcome = run_case(&case, CODES[k].2, &mut tried);
        let row = &mut table[k];
        row.2[outcome as usize] += 1;
        if outcome != Outcome::Passed {
            row.3.push(format!("{outcome:?}: {line}\n  ours: {}", tried.join("\n  ours: ")));
        }
    }
    let mut report = String::from(
        "code technique [passed, other instance first, differs, not found, found in a fail case]\n",
    );
    for (code, technique, counts, _) in &table {
        report.push_str(&format!("{code} {technique} {counts:?}\n"));
    }
    let total = table.iter().fold([0; 5], |mut sum, row| {
        sum.iter_mut().zip(row.2).for_each(|(s, n)| *s += n);
        sum
    });
    report.push_str(&format!("all {total:?}; not implemented: {not_implemented} cases\n"));
    let failures: Vec<&String> = table
        .iter()
        .flat_map(|row| &row.3)
        .filter(|line| !line.starts_with("OtherInstance"))
        .collect();
    println!("{report}");
    assert!(
        failures.is_empty(),
        "{report}\n{}",
        failures.iter().map(|f| f.as_str()).collect::<Vec<_>>().join("\n")
    );
}
