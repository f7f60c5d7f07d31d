//! Canonical forms against an exhaustive oracle (every one of the 3,359,232 geometric
//! transformations, digits relabelled in order of first appearance), and property tests over
//! random isomorphs.

use proptest::prelude::*;
use sudoku_bulk::canon::{self, Canonicalizer, Form, Transform, GEOMETRIC_TRANSFORMS};
use sudoku_bulk::Grid;

use crate::util::{datasets_dir, read_corpus, sudoku_bulk};

/// The 1,296 orders of nine lines that keep each band (stack) together.
fn line_orders() -> Vec<[u8; 9]> {
    const PERMS: [[u8; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
    let mut out = Vec::with_capacity(1296);
    for bands in PERMS {
        for a in PERMS {
            for b in PERMS {
                for c in PERMS {
                    let mut order = [0u8; 9];
                    for (slot, within) in [a, b, c].iter().enumerate() {
                        for i in 0..3 {
                            order[slot * 3 + i] = bands[slot] * 3 + within[i];
                        }
                    }
                    out.push(order);
                }
            }
        }
    }
    out
}

/// The oracle: the smallest string over every geometric transformation, relabelled in order
/// of first appearance (pattern first for patminlex), and how many transformations reach it.
/// Plain and slow: each transformation's string is built and compared as it is built.
fn oracle(grid: &Grid, form: Form) -> ([u8; 81], u64) {
    let orders = line_orders();
    let cells = grid.cells();
    let mut best = [u8::MAX; 81];
    let mut best_pattern = [u8::MAX; 81];
    let mut count = 0u64;
    let mut seen = 0u64;
    for transpose in [false, true] {
        let src: Vec<u8> = (0..81)
            .map(|i| if transpose { cells[(i % 9) * 9 + i / 9] } else { cells[i] })
            .collect();
        for rows in &orders {
            let mut permuted = [0u8; 81];
            for (r, &sr) in rows.iter().enumerate() {
                permuted[r * 9..r * 9 + 9]
                    .copy_from_slice(&src[sr as usize * 9..sr as usize * 9 + 9]);
            }
            for cols in &orders {
                seen += 1;
                let cell = |i: usize| permuted[i / 9 * 9 + cols[i % 9] as usize];
                if form == Form::Patminlex {
                    // The pattern decides first.
                    let mut order = std::cmp::Ordering::Equal;
                    for (i, &b) in best_pattern.iter().enumerate() {
                        let p = u8::from(cell(i) != 0);
                        order = p.cmp(&b);
                        if order.is_ne() {
                            break;
                        }
                    }
                    match order {
                        std::cmp::Ordering::Greater => continue,
                        std::cmp::Ordering::Less => {
                            best_pattern = std::array::from_fn(|i| u8::from(cell(i) != 0));
                            best = [u8::MAX; 81];
                            count = 0;
                        }
                        std::cmp::Ordering::Equal => {}
                    }
                }
                let mut map = [0u8; 10];
                let mut next = 1;
                let mut label = |v: u8| {
                    if v != 0 && map[v as usize] == 0 {
                        map[v as usize] = next;
                        next += 1;
                    }
                    map[v as usize]
                };
                let mut string = [0u8; 81];
                let mut order = std::cmp::Ordering::Equal;
                for (i, s) in string.iter_mut().enumerate() {
                    *s = label(cell(i));
                    if order.is_eq() {
                        order = (*s).cmp(&best[i]);
                        if order.is_gt() {
                            break;
                        }
                    }
                }
                match order {
                    std::cmp::Ordering::Less => {
                        best = string;
                        count = 1;
                    }
                    std::cmp::Ordering::Equal => count += 1,
                    std::cmp::Ordering::Greater => {}
                }
            }
        }
    }
    assert_eq!(seen, GEOMETRIC_TRANSFORMS);
    (best, count)
}

/// Puzzles of every kind written here: proper, many-solution, conflicting, nearly empty,
/// empty, full, and symmetric ones.
fn written_puzzles() -> Vec<(&'static str, String)> {
    let proper =
        ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.";
    let solution =
        "527389416819426735436751829375692184194538267268174593643217958951843672782965341";
    // The most symmetric solution grid: 648 automorphisms.
    let symmetric =
        "123456789456789123789123456231564897564897231897231564312645978645978312978312645";
    let one_given = format!("{}5{}", ".".repeat(40), ".".repeat(40));
    let two_givens = format!("1{}1", ".".repeat(79));
    // Row 1 has two 1s: no solution.
    let conflict = format!("11{}", ".".repeat(79));
    // Symmetric under transposition, and with many solutions.
    let mut diagonal = [b'.'; 81];
    for i in 0..9 {
        diagonal[i * 10] = b'1' + i as u8;
    }
    let mut many = [b'.'; 81];
    for (cell, digit) in [(0, b'1'), (10, b'2'), (20, b'3'), (80, b'4')] {
        many[cell] = digit;
    }
    let many = String::from_utf8(many.to_vec()).unwrap();
    vec![
        ("proper", proper.to_string()),
        ("solution grid", solution.to_string()),
        ("symmetric grid", symmetric.to_string()),
        ("empty", ".".repeat(81)),
        ("one given", one_given),
        ("two givens", two_givens),
        ("conflicting givens", conflict),
        ("diagonal", String::from_utf8(diagonal.to_vec()).unwrap()),
        ("many solutions", many),
        ("solution minus a band", format!("{}{}", &solution[..54], ".".repeat(27))),
        // Many alike rows and columns: every transformation, or half of them, gives the same
        // string, so the search goes depth first past its widest level.
        ("all ones", "1".repeat(81)),
        // Rows and columns each hold 1-9, boxes do not: not a solution grid.
        ("latin square", (0..81).map(|i| char::from(b'1' + ((i / 9 + i % 9) % 9) as u8)).collect()),
        ("one digit a row", (1..=9).map(|d| d.to_string().repeat(9)).collect()),
    ]
}

/// Checks both forms and the automorphism count against the oracle.
fn check(name: &str, grid: &Grid, canon: &mut Canonicalizer) {
    for form in [Form::Minlex, Form::Patminlex] {
        let (string, count) = oracle(grid, form);
        let found = canon.canonicalize(grid, form);
        assert_eq!(found.grid.cells(), &string, "{name}: {} of {grid}", form.name());
        assert_eq!(found.automorphisms, count, "{name}: automorphisms of {grid}");
        assert_eq!(found.transform.apply(grid), found.grid, "{name}: the transform reaches it");
    }
}

/// How many puzzles of each corpus to check exhaustively: the oracle costs about a second a
/// puzzle in a debug build, a few hundredths in release.
fn oracle_budget() -> usize {
    if cfg!(debug_assertions) {
        1
    } else {
        6
    }
}

#[test]
fn written_puzzles_agree_with_the_oracle() {
    let mut canon = Canonicalizer::new();
    let all = written_puzzles();
    // A debug build checks the cheap half exhaustively (full grids are the slow ones).
    for (name, puzzle) in &all {
        let grid: Grid = puzzle.parse().unwrap();
        check(name, &grid, &mut canon);
    }
    let symmetric: Grid = all[2].1.parse().unwrap();
    assert_eq!(canon::automorphisms(&symmetric), 648);
    assert_eq!(canon::automorphisms(&Grid::EMPTY), GEOMETRIC_TRANSFORMS);
    assert_eq!(canon::minlex(&Grid::EMPTY), Grid::EMPTY);
}

#[test]
fn corpus_puzzles_agree_with_the_oracle() {
    let Some(dir) = datasets_dir("corpus_puzzles_agree_with_the_oracle") else { return };
    let mut canon = Canonicalizer::new();
    for name in [
        "puzzles2_17_clue",
        "puzzles5_forum_hardest_1905_11+",
        "puzzles6_forum_hardest_1106",
        "puzzles7_serg_benchmark",
    ] {
        let puzzles = read_corpus(&dir, name);
        // Spread over the list, not only its head.
        let step = puzzles.len() / oracle_budget();
        for (i, grid) in puzzles.iter().step_by(step).take(oracle_budget()).enumerate() {
            check(&format!("{name} #{}", i * step + 1), grid, &mut canon);
        }
    }
}

#[test]
fn generated_puzzles_and_their_grids_agree_with_the_oracle() {
    let run = sudoku_bulk(&["generate", "-n", "2", "--seed", "17"], None);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let mut canon = Canonicalizer::new();
    let mut solver = sudoku_bulk::BandSolver::new();
    for line in run.stdout.lines().take(oracle_budget()) {
        let grid: Grid = line.parse().unwrap();
        check("generated", &grid, &mut canon);
        let mut solution = Grid::EMPTY;
        sudoku_bulk::Solver::solve(&mut solver, &grid, 1, &mut solution);
        check("generated's solution", &solution, &mut canon);
    }
}

/// Puzzles for the property tests: the written ones and, where present, some of each corpus.
fn sample_puzzles() -> Vec<Grid> {
    let mut out: Vec<Grid> = written_puzzles().iter().map(|(_, p)| p.parse().unwrap()).collect();
    if let Some(dir) = datasets_dir("sample_puzzles (property tests)") {
        for name in ["puzzles2_17_clue", "puzzles6_forum_hardest_1106", "puzzles7_serg_benchmark"] {
            out.extend(read_corpus(&dir, name).into_iter().step_by(97).take(40));
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(if cfg!(debug_assertions) { 64 } else { 512 }))]

    #[test]
    fn isomorphs_share_their_forms(seed in any::<u64>(), pick in any::<prop::sample::Index>()) {
        let puzzles = sample_puzzles();
        let p = puzzles[pick.index(puzzles.len())];
        let mut state = seed;
        let t = Transform::random(|| {
            // splitmix64
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        });
        let iso = t.apply(&p);
        let mut canon = Canonicalizer::new();
        for form in [Form::Minlex, Form::Patminlex] {
            let a = canon.canonicalize(&p, form);
            let b = canon.canonicalize(&iso, form);
            prop_assert_eq!(a.grid, b.grid, "{} of {} and its isomorph {}", form.name(), p, iso);
            prop_assert_eq!(a.automorphisms, b.automorphisms);
            // The form is equivalent to the puzzle: reached by a transformation, same givens,
            // and its own form.
            prop_assert_eq!(a.transform.apply(&p), a.grid);
            prop_assert_eq!(a.grid.givens(), p.givens());
            prop_assert_eq!(canon.canonicalize(&a.grid, form).grid, a.grid);
            prop_assert_eq!(a.transform.inverse().apply(&a.grid), p);
        }
        prop_assert!(canon::equivalent(&p, &iso));
    }

    #[test]
    fn transforms_compose_invert_and_round_trip_as_text(a in any::<u64>(), b in any::<u64>()) {
        let draw = |mut s: u64| {
            move || {
                s = s.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                s >> 11
            }
        };
        let t = Transform::random(draw(a));
        let u = Transform::random(draw(b));
        let g: Grid = written_puzzles()[0].1.parse().unwrap();
        prop_assert_eq!(t.then(&u).apply(&g), u.apply(&t.apply(&g)));
        prop_assert_eq!(t.inverse().apply(&t.apply(&g)), g);
        prop_assert_eq!(t.then(&t.inverse()), Transform::IDENTITY);
        prop_assert_eq!(t.to_string().parse::<Transform>().unwrap(), t);
    }
}

#[test]
fn transform_text_is_checked() {
    let id: Transform = "0:012345678:012345678:123456789".parse().unwrap();
    assert_eq!(id, Transform::IDENTITY);
    for (bad, why) in [
        ("0:012345678:012345678", "expected T:"),
        ("2:012345678:012345678:123456789", "expected T:"),
        ("0:0123456789:012345678:123456789", "expected T:"),
        ("0:013245678:012345678:123456789", "rows are not"),
        ("0:012345678:012345678:113456789", "digits are not"),
        ("0:012345678:312045678:123456789", "columns are not"),
    ] {
        let err = bad.parse::<Transform>().unwrap_err().to_string();
        assert!(err.contains(why), "{bad}: {err}");
    }
    // Within-band and band moves are fine; crossing a band is not.
    assert!("0:120345678:678345012:123456789".parse::<Transform>().is_ok());
    assert!("0:012345678:012345768:123456789".parse::<Transform>().is_ok());
}

/// The binary's `canon`: one output record per input record, in order, whatever the threads;
/// each the library's form; bad records named by line.
#[test]
fn canon_command_writes_each_records_form_in_order() {
    let sample = crate::util::read("sample_10k.txt");
    let puzzles: Vec<&str> = sample.lines().filter(|l| !l.starts_with('#')).take(3000).collect();
    let mut input = puzzles.join("\n");
    input.push_str("\nnot a puzzle\n");
    input.push_str(&".".repeat(81));
    input.push('\n');
    let one = sudoku_bulk(&["canon", "-q", "-j", "1", "--automorphisms"], Some(input.as_bytes()));
    let two = sudoku_bulk(
        &["canon", "-q", "-j", "2", "--chunk-size", "4096", "--automorphisms"],
        Some(input.as_bytes()),
    );
    assert_eq!(one.code, Some(1), "a malformed record fails the run: {}", one.stderr);
    assert_eq!(one.stdout, two.stdout);
    let lines: Vec<&str> = one.stdout.lines().collect();
    assert_eq!(lines.len(), puzzles.len() + 2);
    let mut canon = Canonicalizer::new();
    for (puzzle, line) in puzzles.iter().zip(&lines) {
        let grid: Grid = puzzle.parse().unwrap();
        let found = canon.canonicalize(&grid, Form::Minlex);
        let digits: String = found.grid.cells().iter().map(|v| char::from(b'0' + v)).collect();
        assert_eq!(*line, format!("{digits} {}", found.automorphisms));
    }
    assert_eq!(lines[puzzles.len()], "error: line 3001: malformed: 12 cells, expected 81");
    assert_eq!(lines[puzzles.len() + 1], format!("{} 3359232", "0".repeat(81)));
    assert!(one.stderr.is_empty() || one.stderr.contains("line 3001"), "{}", one.stderr);
}

#[test]
fn canon_command_csv_and_jsonl_carry_the_form() {
    let puzzle =
        ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.";
    let grid: Grid = puzzle.parse().unwrap();
    let pat =
        canon::patminlex(&grid).cells().iter().map(|v| char::from(b'0' + v)).collect::<String>();
    let csv = format!("id,quizzes\n7,{puzzle}\n");
    let run = sudoku_bulk(&["canon", "-q", "--form", "patminlex"], Some(csv.as_bytes()));
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(
        run.stdout,
        format!("id,quizzes,line,status,canonical,error\n7,{puzzle},2,canonical,{pat},\n")
    );
    let run = sudoku_bulk(
        &["canon", "-q", "--form", "patminlex", "--automorphisms", "--output-format", "jsonl"],
        Some(puzzle.as_bytes()),
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(
        run.stdout,
        format!(
            "{{\"line\":1,\"status\":\"canonical\",\"puzzle\":\"{puzzle}\",\"canonical\":\"{pat}\",\"automorphisms\":1}}\n"
        )
    );
    // A summary line that says what was done.
    let run = sudoku_bulk(&["canon"], Some(puzzle.as_bytes()));
    assert!(run.stderr.contains("1 record: 1 put in minlex form, 0 failed"), "{}", run.stderr);
    let run = sudoku_bulk(&["canon", "--form", "nonesuch"], Some(puzzle.as_bytes()));
    assert_eq!(run.code, Some(2));
}

#[test]
fn canon_command_puts_isomorphs_together() {
    // The same puzzle shuffled ten ways: ten equal lines.
    let puzzle: Grid =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
            .parse()
            .unwrap();
    let mut state = 7u64;
    let lines: Vec<String> = (0..10)
        .map(|_| {
            let t = Transform::random(|| {
                state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                state >> 11
            });
            t.apply(&puzzle).to_string()
        })
        .collect();
    let run = sudoku_bulk(&["canon", "-q"], Some(lines.join("\n").as_bytes()));
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let forms: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(forms.len(), 10);
    assert!(forms.iter().all(|f| *f == forms[0]), "{forms:?}");
}
