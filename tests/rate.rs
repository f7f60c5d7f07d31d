//! `rate` and `explain` checked from the outside: every step `explain` writes (its JSON) is
//! replayed on candidates this file keeps itself, and each conclusion is checked against the
//! puzzle's solutions found by the dancing-links oracle: a placement is the digit every
//! solution has there, an elimination removes a digit no solution has there. `rate` must agree
//! with `explain` record by record.

use serde_json::Value;
use sudoku_bulk::solver::dlx::DlxSolver;
use sudoku_bulk::{Grid, Solver};

use crate::util::{datasets_dir, read_corpus, sudoku_bulk, TempDir};

/// A cell named as the steps name it, `r4c7`, as its index.
fn cell_index(name: &str) -> usize {
    let (r, c) = name[1..].split_once('c').expect("rNcM");
    (r.parse::<usize>().unwrap() - 1) * 9 + c.parse::<usize>().unwrap() - 1
}

fn peers(a: usize, b: usize) -> bool {
    a != b && (a / 9 == b / 9 || a % 9 == b % 9 || (a / 27, a % 9 / 3) == (b / 27, b % 9 / 3))
}

/// The candidates the givens leave, a mask a cell (0 for a given).
fn candidates(puzzle: &Grid) -> [u16; 81] {
    let mut cand = [0u16; 81];
    for (c, slot) in cand.iter_mut().enumerate() {
        if puzzle.cells()[c] == 0 {
            *slot = 0x1FF;
            for p in (0..81).filter(|&p| peers(c, p) && puzzle.cells()[p] != 0) {
                *slot &= !(1 << (puzzle.cells()[p] - 1));
            }
        }
    }
    cand
}

/// Whether some solution of `puzzle` has `digit` at `cell`: the oracle, asked directly.
fn possible(dlx: &mut DlxSolver, puzzle: &Grid, cell: usize, digit: u8) -> bool {
    let mut cells = *puzzle.cells();
    cells[cell] = digit;
    let with = Grid::from_cells(cells).unwrap();
    let mut scratch = Grid::EMPTY;
    with.conflict().is_none() && dlx.solve(&with, 1, &mut scratch).solutions > 0
}

/// A chain as SE reports it, checked link by link in the step's position `cand`: the nodes are
/// candidates the position has, the parents lead back without a loop (but a cycle's closing
/// link) to an assumption, and each link holds:
///
/// - "is d" to "is not": the same cell and another digit, or the same digit in a cell that sees
///   it;
/// - "is not" (one or several) to "is d": the cell has no other candidate but those its parents
///   take away (a naked single), or some house it is in has no other place for d but those its
///   parents take away (a hidden single).
///
/// Chains of the nested levels ("(+" in the name) may also link by the simpler rules SE applies
/// inside them (pointing, pairs, fish); only their nodes and order are checked.
fn check_chain(step: &Value, cand: &[u16; 81], at: &str) {
    let technique = step["technique"].as_str().unwrap();
    let plain = !technique.contains("(+");
    let cycle = technique.contains("Cycle") || technique == "Generalized X-Wing";
    for chain in step["chains"].as_array().unwrap() {
        let nodes: Vec<(usize, u8, bool, Vec<usize>)> = chain
            .as_array()
            .unwrap()
            .iter()
            .map(|n| {
                let parents = n["parents"].as_array().unwrap();
                (
                    cell_index(n["cell"].as_str().unwrap()),
                    n["digit"].as_u64().unwrap() as u8,
                    n["on"].as_bool().unwrap(),
                    parents.iter().map(|p| p.as_u64().unwrap() as usize).collect(),
                )
            })
            .collect();
        assert!(!nodes.is_empty(), "{at}: an empty chain");
        // Following parents from any node ends at an assumption (a node without parents); a
        // cycle's closing link (its last node's parent 0) is the one loop allowed.
        let closing = |k: usize, p: usize| cycle && p == 0 && k + 1 == nodes.len();
        let mut state = vec![0u8; nodes.len()]; // 0 new, 1 on the path, 2 done
        fn acyclic(
            k: usize,
            nodes: &[(usize, u8, bool, Vec<usize>)],
            state: &mut [u8],
            closing: &dyn Fn(usize, usize) -> bool,
        ) -> bool {
            match state[k] {
                1 => return false,
                2 => return true,
                _ => {}
            }
            state[k] = 1;
            let ok = nodes[k]
                .3
                .iter()
                .all(|&p| p >= nodes.len() || closing(k, p) || acyclic(p, nodes, state, closing));
            state[k] = 2;
            ok
        }
        assert!(acyclic(0, &nodes, &mut state, &closing), "{at}: the parents loop");
        assert!(cycle || nodes.iter().any(|n| n.3.is_empty()), "{at}: no assumption");
        for (k, (cell, digit, on, parents)) in nodes.iter().enumerate() {
            let (cell, digit, on) = (*cell, *digit, *on);
            assert!(cand[cell] & (1 << (digit - 1)) != 0, "{at}: node {k} is not a candidate");
            for &p in parents {
                assert!(p < nodes.len() && p != k, "{at}: node {k}'s parent {p}");
            }
            if !plain || parents.is_empty() {
                continue;
            }
            let holds = if on {
                // Every parent says "is not"; what they take away leaves d one place.
                let gone = |c: usize, d: u8| {
                    parents.iter().any(|&p| !nodes[p].2 && nodes[p].0 == c && nodes[p].1 == d)
                };
                let naked = (1..=9u8)
                    .filter(|&d| d != digit && cand[cell] & (1 << (d - 1)) != 0)
                    .all(|d| gone(cell, d));
                let hidden = houses_of(cell).into_iter().any(|house| {
                    house
                        .into_iter()
                        .filter(|&c| c != cell)
                        .all(|c| cand[c] & (1 << (digit - 1)) == 0 || gone(c, digit))
                });
                parents.iter().all(|&p| !nodes[p].2) && (naked || hidden)
            } else {
                parents.iter().all(|&p| {
                    let (pc, pd, pon, _) = nodes[p];
                    pon && ((pc == cell && pd != digit) || (pd == digit && peers(pc, cell)))
                })
            };
            assert!(
                holds,
                "{at}: the link to node {k} ({}{}{digit}) does not hold",
                cell_name(cell),
                if on { "=" } else { "<>" }
            );
        }
    }
}

fn cell_name(cell: usize) -> String {
    format!("r{}c{}", cell / 9 + 1, cell % 9 + 1)
}

/// The cells of the row, the column and the box of `cell`.
fn houses_of(cell: usize) -> [[usize; 9]; 3] {
    let (r, c) = (cell / 9, cell % 9);
    let (br, bc) = (r / 3 * 3, c / 3 * 3);
    [
        std::array::from_fn(|i| r * 9 + i),
        std::array::from_fn(|i| i * 9 + c),
        std::array::from_fn(|i| (br + i / 3) * 9 + bc + i % 3),
    ]
}

/// Replays one record's steps and checks each conclusion, and that the record's rating,
/// EP, ED and technique are its steps'. `unique`: the oracle's solution, when there is one only.
fn check_record(record: &Value, dlx: &mut DlxSolver) {
    let puzzle: Grid = record["puzzle"].as_str().unwrap().parse().unwrap();
    let mut solution = Grid::EMPTY;
    let unique = dlx.solve(&puzzle, 2, &mut solution).solutions == 1;
    assert_eq!(record["count"].as_u64(), Some(if unique { 1 } else { 2 }), "{puzzle}");
    let mut cand = candidates(&puzzle);
    let mut grid = *puzzle.cells();
    let steps = record["steps"].as_array().expect("steps");
    let mut hardest: Option<(f64, &str)> = None;
    let (mut ep, mut ed) = (None, None);
    for (i, step) in steps.iter().enumerate() {
        let technique = step["technique"].as_str().unwrap();
        let at = || format!("{puzzle}, step {}: {}", i + 1, step["text"]);
        let uniqueness = technique.starts_with("Unique ") || technique.starts_with("BUG ");
        assert!(unique || !uniqueness, "{}", at());
        let eliminations = step["eliminations"].as_array().unwrap();
        let placements = step["placements"].as_array().unwrap();
        assert!(!eliminations.is_empty() || !placements.is_empty(), "{}: no conclusion", at());
        check_chain(step, &cand, &at());
        for e in eliminations {
            let (cell, digit) =
                (cell_index(e["cell"].as_str().unwrap()), e["digit"].as_u64().unwrap() as u8);
            assert!(
                cand[cell] & (1 << (digit - 1)) != 0,
                "{}: r{}c{}<>{digit} is not a candidate",
                at(),
                cell / 9 + 1,
                cell % 9 + 1
            );
            let wrong = match unique {
                true => solution.cells()[cell] == digit,
                false => possible(dlx, &puzzle, cell, digit),
            };
            assert!(
                !wrong,
                "{}: removes {digit} from r{}c{}, which a solution has",
                at(),
                cell / 9 + 1,
                cell % 9 + 1
            );
            cand[cell] &= !(1 << (digit - 1));
        }
        for p in placements {
            let (cell, digit) =
                (cell_index(p["cell"].as_str().unwrap()), p["digit"].as_u64().unwrap() as u8);
            assert!(
                grid[cell] == 0 && cand[cell] & (1 << (digit - 1)) != 0,
                "{}: r{}c{}={digit} is not a candidate",
                at(),
                cell / 9 + 1,
                cell % 9 + 1
            );
            if unique {
                assert_eq!(solution.cells()[cell], digit, "{}", at());
            } else {
                // Forced: no other candidate of the cell is in any solution.
                for other in (1..=9u8).filter(|&o| o != digit && cand[cell] & (1 << (o - 1)) != 0) {
                    assert!(
                        !possible(dlx, &puzzle, cell, other),
                        "{}: r{}c{} could be {other}",
                        at(),
                        cell / 9 + 1,
                        cell % 9 + 1
                    );
                }
            }
            grid[cell] = digit;
            cand[cell] = 0;
            for q in (0..81).filter(|&q| peers(cell, q)) {
                cand[q] &= !(1 << (digit - 1));
            }
        }
        let value = step["rating"].as_f64().unwrap();
        if hardest.is_none_or(|(v, _)| value > v) {
            hardest = Some((value, technique));
        }
        let so_far = hardest.expect("a step").0;
        ed = ed.or(Some(so_far));
        if ep.is_none() && !placements.is_empty() {
            ep = Some(so_far);
        }
    }
    assert_eq!(record["ed"].as_f64(), ed, "{puzzle}");
    let solved = Grid::from_cells(grid).unwrap();
    let said = record["technique"].as_str().unwrap();
    if said == "stuck" || said.starts_with("capped") {
        // Stopped: no rating, and the least it can be is at least the hardest step's.
        assert!(record.get("rating").is_none(), "{puzzle}");
        assert!(!solved.is_solved(), "{puzzle}: stopped on a solved grid");
        let least = record.get("rating_at_least").and_then(Value::as_f64);
        assert!(least >= hardest.map(|h| h.0), "{puzzle}");
        assert!(said.starts_with("capped") || !unique, "{puzzle}: a proper puzzle is stuck");
        return;
    }
    assert!(
        solved.is_solved() && solved.agrees_with(&puzzle),
        "{puzzle}: the steps do not finish it"
    );
    if unique {
        assert_eq!(solved, solution, "{puzzle}");
    }
    let (value, technique) = hardest.expect("a step");
    assert_eq!(record["rating"].as_f64(), Some(value), "{puzzle}");
    assert_eq!(record["ep"].as_f64(), ep, "{puzzle}");
    assert_eq!(technique, said, "{puzzle}");
}

/// Explains `puzzles` (one a line) and rates them; checks every record of the explanation and
/// that `rate` says the same; returns the records by hardest technique.
fn explain_and_check(
    name: &str,
    puzzles: &[String],
    limits: &[&str],
) -> std::collections::BTreeMap<String, usize> {
    let dir = TempDir::new("rate");
    let input = dir.file("in.txt", (puzzles.join("\n") + "\n").as_bytes());
    let explained = dir.0.join("explained.jsonl");
    let rated = dir.0.join("rated.jsonl");
    for (command, out) in [("explain", &explained), ("rate", &rated)] {
        let mut args = vec![command, "-q", "-j", "2", "-o", out.to_str().unwrap(), &input];
        args.extend(limits);
        let run = sudoku_bulk(&args, None);
        assert_eq!(run.code, Some(0), "{name}: {command}: {}", run.stderr);
    }
    let explained = std::fs::read_to_string(explained).unwrap();
    let rated = std::fs::read_to_string(rated).unwrap();
    let (explained, rated): (Vec<&str>, Vec<&str>) =
        (explained.lines().collect(), rated.lines().collect());
    assert_eq!((explained.len(), rated.len()), (puzzles.len(), puzzles.len()), "{name}");
    let mut dlx = DlxSolver::new();
    let mut techniques = std::collections::BTreeMap::new();
    for (e, r) in explained.iter().zip(&rated) {
        let (e, r): (Value, Value) =
            (serde_json::from_str(e).unwrap(), serde_json::from_str(r).unwrap());
        check_record(&e, &mut dlx);
        for key in ["line", "puzzle", "rating", "ep", "ed", "rating_at_least", "technique", "count"]
        {
            assert_eq!(e.get(key), r.get(key), "{name}: {key} of {}", e["puzzle"]);
        }
        // rate's steps by technique are explain's steps, counted.
        let mut counts = serde_json::Map::new();
        for step in e["steps"].as_array().unwrap() {
            let t = step["technique"].as_str().unwrap().to_string();
            let n = counts.get(&t).and_then(Value::as_u64).unwrap_or(0);
            counts.insert(t, Value::from(n + 1));
        }
        let theirs: serde_json::Map<String, Value> = r["steps"].as_object().unwrap().clone();
        assert_eq!(
            counts.into_iter().collect::<std::collections::BTreeMap<_, _>>(),
            theirs.into_iter().collect(),
            "{name}: {}",
            e["puzzle"]
        );
        *techniques.entry(e["technique"].as_str().unwrap().to_string()).or_insert(0) += 1;
    }
    techniques
}

/// The first `n` puzzles of a shared corpus, or `None` (skipped, said on stderr) without it.
fn corpus(test: &str, name: &str, n: usize) -> Option<Vec<String>> {
    let dir = datasets_dir(test)?;
    Some(read_corpus(&dir, name).iter().take(n).map(|g| g.to_string()).collect())
}

#[test]
fn every_step_checks_on_the_shared_corpora() {
    let test = "every_step_checks_on_the_shared_corpora";
    // The hardest lists need SE's nested chains, seconds a puzzle: a budget keeps them short
    // (their capped records are compared between rate and explain, not replayed).
    let budget = ["--max-work", "2000000"];
    for (name, n, limits) in [
        ("puzzles2_17_clue", 3000, &[][..]),
        ("puzzles3_magictour_top1465", 1465, &budget[..]),
        ("puzzles6_forum_hardest_1106", 40, &budget[..]),
        ("puzzles5_forum_hardest_1905_11+", 40, &budget[..]),
        ("puzzles7_serg_benchmark", 60, &budget[..]),
    ] {
        let Some(puzzles) = corpus(test, name, n) else { return };
        let techniques = explain_and_check(name, &puzzles, limits);
        eprintln!("{name}: hardest techniques {techniques:?}");
    }
}

#[test]
fn every_step_checks_on_generated_puzzles() {
    let dir = TempDir::new("rate-generated");
    let out = dir.0.join("generated.txt");
    let run = sudoku_bulk(
        &["generate", "-q", "-n", "1500", "--seed", "30", "-o", out.to_str().unwrap()],
        None,
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let puzzles: Vec<String> =
        std::fs::read_to_string(out).unwrap().lines().map(String::from).collect();
    assert_eq!(puzzles.len(), 1500);
    let techniques = explain_and_check("generated", &puzzles, &[]);
    // Random minimal puzzles reach past the singles: many rules are exercised, chains too.
    assert!(techniques.len() >= 10, "{techniques:?}");
    assert!(techniques.keys().any(|t| t.contains("Forcing")), "{techniques:?}");
}

#[test]
fn failures_are_said_and_the_line_forms_read() {
    let dir = TempDir::new("rate-failures");
    let input = dir.file(
        "in.txt",
        format!(
            "{}\n{}\n{}\nxx\n{HARD}\n",
            EASY,
            "11".to_string() + &".".repeat(79),
            ".".repeat(81)
        )
        .as_bytes(),
    );
    // The empty grid has many solutions and no step any sound rule could take: stuck at once.
    // HARD needs a forcing chain (SE: 7.1/1.2/1.2), which --max-level basic does not allow.
    let run = sudoku_bulk(&["rate", "--max-level", "basic", &input], None);
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines[0], "1.2/1.2/1.2 Hidden Single");
    assert!(lines[1].starts_with("error: line 2: conflicting givens"), "{}", lines[1]);
    assert_eq!(lines[2], "-/-/- stuck");
    assert!(lines[3].starts_with("error: line 4: malformed"), "{}", lines[3]);
    assert_eq!(lines[4], "-/1.2/1.2 capped: chains");
    assert!(run.stderr.contains("5 puzzles: 3 rated, 2 failed"), "{}", run.stderr);
    let run =
        sudoku_bulk(&["rate", "--max-level", "basic", "--output-format", "jsonl", &input], None);
    let hard: Value = serde_json::from_str(run.stdout.lines().nth(4).unwrap()).unwrap();
    assert_eq!((hard.get("rating"), hard["rating_at_least"].as_f64()), (None, Some(6.5)));
    assert_eq!(hard["technique"], "capped: chains");
    let run = sudoku_bulk(&["rate", "-q", &input], None);
    assert_eq!(run.stdout.lines().nth(4), Some("7.1/1.2/1.2 Forcing Chain"));
    let run = sudoku_bulk(&["explain", "--max-level", "basic", &input], None);
    let blocks: Vec<&str> = run.stdout.split("\n\n").filter(|b| !b.is_empty()).collect();
    assert_eq!(blocks.len(), 5, "{}", run.stdout);
    assert!(blocks[0].starts_with(&format!("{EASY} 1.2/1.2/1.2 Hidden Single\n")), "{}", blocks[0]);
    assert_eq!(blocks[0].lines().count(), 1 + EASY.matches('.').count());
    assert!(
        blocks[0].lines().nth(1).unwrap().ends_with("[1.2]")
            || blocks[0].lines().nth(1).unwrap().ends_with("[1.0]")
    );
}

#[test]
fn explain_text_gives_each_step_the_rating_its_json_gives() {
    // Issue 52's `[0.0]` after a search step: SE's engine takes no search step, so every step
    // has a rating; the text and the JSON must say the same, capped or stuck runs included.
    let dir = TempDir::new("explain-text");
    let sample = crate::util::read("sample_10k.txt");
    let mut puzzles: Vec<String> =
        sample.lines().filter(|l| !l.starts_with('#')).take(30).map(String::from).collect();
    puzzles.extend([HARD.to_string(), ".".repeat(81), format!("........{}", &EASY[8..])]);
    let input = dir.file("in.txt", (puzzles.join("\n") + "\n").as_bytes());
    for limits in [&[][..], &["--max-level", "basic"][..]] {
        let mut args = vec!["explain", "-q", &input];
        args.extend(limits);
        let text = sudoku_bulk(&args, None);
        args.extend(["--output-format", "jsonl"]);
        let json = sudoku_bulk(&args, None);
        assert_eq!(text.code, json.code, "{}", text.stderr);
        let blocks: Vec<&str> = text.stdout.split("\n\n").filter(|b| !b.is_empty()).collect();
        let records: Vec<Value> =
            json.stdout.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
        assert_eq!(blocks.len(), puzzles.len(), "{limits:?}");
        let mut steps_seen = 0;
        for (block, record) in blocks.iter().zip(&records) {
            let steps = record["steps"].as_array().unwrap();
            let lines: Vec<&str> = block.lines().skip(1).collect();
            assert_eq!(lines.len(), steps.len(), "{block}");
            for (line, step) in lines.iter().zip(steps) {
                let rating = step["rating"].as_f64().expect("every step has a rating");
                assert!(rating >= 1.0, "{line}");
                assert_eq!(*line, step["text"].as_str().unwrap());
                assert!(line.ends_with(&format!("[{rating:.1}]")), "{line}: {rating}");
                steps_seen += 1;
            }
        }
        assert!(steps_seen > 100, "{limits:?}: {steps_seen} steps");
        assert!(!text.stdout.contains("[0.0]"), "{}", text.stdout);
    }
}

const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

/// A generated puzzle of datasets/se/generated.txt that SE rates 7.1/1.2/1.2.
const HARD: &str =
    "..........7.6.8...92.4...6....9.17.6..5.2...3..3..7..2.8..56...45...............1";

#[test]
fn generate_keeps_the_puzzles_of_a_technique_or_a_rating() {
    for (filter, value, technique) in [
        ("--technique", "x-wing", Some("X-Wing")),
        ("--technique", "naked_pair", Some("Naked Pair")),
        ("--rating", "1.5..2.0", None),
    ] {
        let run = sudoku_bulk(&["generate", "-q", "-n", "12", "--seed", "5", filter, value], None);
        assert_eq!(run.code, Some(0), "{}", run.stderr);
        let dir = TempDir::new("rate-generate");
        let input = dir.file("in.txt", run.stdout.as_bytes());
        let rated = sudoku_bulk(&["rate", "-q", &input], None);
        let lines: Vec<&str> = rated.stdout.lines().collect();
        assert_eq!(lines.len(), 12, "{filter} {value}");
        for line in lines {
            let (ratings, hardest) = line.split_once(' ').unwrap();
            let er = ratings.split('/').next().unwrap();
            match technique {
                Some(technique) => assert_eq!(hardest, technique, "{line}"),
                None => {
                    let tenths = (er.parse::<f64>().unwrap() * 10.0).round() as u8;
                    assert!((15..=20).contains(&tenths), "{line}");
                }
            }
        }
    }
}

#[test]
fn generate_keeps_what_it_found_says_how_many_fell_short_and_refuses_the_impossible() {
    let dir = TempDir::new("generate-short");
    // A filter that 3 draws a puzzle meet for some puzzles and not for others (seed 1 makes
    // puzzles 1 to 7, then none of the eighth's 3 draws has 24 clues).
    let out = dir.0.join("p.txt");
    let args = ["generate", "-q", "--clues", "24", "--seed", "1"];
    let short: Vec<&str> = args.iter().copied().chain(["-n", "20", "--max-draws", "3"]).collect();
    let run = sudoku_bulk(&[&short[..], &["-o", out.to_str().unwrap()]].concat(), None);
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    let written = std::fs::read_to_string(&out).expect("the puzzles found are written");
    let made = written.lines().count();
    assert!((1..20).contains(&made), "{made}: {}", run.stderr);
    let said = format!(
        "{made} of 20 puzzles generated, {} short: puzzle {}: none of 3 drawn passed --clues 24..24",
        20 - made,
        made + 1
    );
    assert!(run.stderr.contains(&said), "{said} in {}", run.stderr);
    assert!(run.stderr.contains("raise --max-draws"), "{}", run.stderr);
    // They pass the filter, and are the puzzles a run with more draws makes first.
    assert!(written.lines().all(|p| p.bytes().filter(u8::is_ascii_digit).count() == 24));
    let more = sudoku_bulk(&[&args[..], &["-n", &made.to_string()]].concat(), None);
    assert_eq!(more.code, Some(0), "{}", more.stderr);
    assert_eq!(more.stdout, written);
    // To stdout alike, each line whole.
    let to_stdout = sudoku_bulk(&short, None);
    assert_eq!((to_stdout.code, to_stdout.stdout.as_str()), (Some(1), written.as_str()));

    // Filters no puzzle passes are refused before any draw, and nothing is written.
    let never = dir.0.join("never.txt");
    for (filters, why) in [
        (
            &["--rating", "3.2", "--technique", "pointing"][..],
            "a step of Pointing rates 2.6, outside the range",
        ),
        (&["--rating", "1.1"][..], "no technique's step rates in that range"),
        (&["--technique", "full house"][..], "a full house as a Hidden Single rated 1.0"),
    ] {
        let args = [&["generate", "-n", "3", "-o", never.to_str().unwrap()][..], filters].concat();
        let run = sudoku_bulk(&args, None);
        assert_eq!(run.code, Some(2), "{filters:?}: {}", run.stderr);
        assert!(run.stderr.contains(why), "{filters:?}: {}", run.stderr);
        assert!(!never.exists());
    }
    assert_eq!(sudoku_bulk(&["generate", "--max-draws", "0"], None).code, Some(2));
}
