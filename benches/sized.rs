//! Every size, single thread: the sized solver against dancing links (the oracle generalised
//! to every shape), and on 9x9 against the band solver and two solvers made for 9x9 alone (our
//! cell-mask `BitmaskSolver` and the `sudoku` crate, JCZSolve's Rust port), in one run,
//! interleaved, as medians and ratios.
//!
//! ```text
//! cargo bench --bench sized                  # the generated corpora and the 9x9 ones
//! SIZED_ROUNDS=9 cargo bench --bench sized   # timed rounds (default 5)
//! SIZED_ONLY=16x16 cargo bench --bench sized # only the corpora whose name holds this
//! SIZED_CORPUS=a.txt:b.txt cargo bench --bench sized   # more corpora, any size a line
//! SUDOKU_DATASETS=DIR                        # the 9x9 corpora (default ../shared/datasets)
//! TDOKU_LIB=FILE FASTDOKU_LIB=FILE           # on 9x9, these peers too (`common/peer.rs`)
//! ```
//!
//! The corpora:
//! - generated here, the same every run: minimal 6x6, 12x12 and 16x16 puzzles, and unique
//!   25x25 ones, from [`SizedGenerator`];
//! - 9x9: a sample of each shared corpus (or the repository's own sample), timed three ways:
//!   the band solver from the givens (`band`), the band solver from the cells' candidates as
//!   a pencilmark puzzle gives them (`band-pencilmark`), the sized solver (`sized`), and the
//!   two 9x9 solvers (`bitmask`, `sudoku-crate`): how far the generic path is from the band
//!   solver, and where it stands among solvers written for 9x9 (the crate reports no guesses:
//!   its column says `-`); and, where their libraries are given (built by the user from their
//!   own checkouts, as for `benches/table.rs`), tdoku and fastdoku, so that the generic path
//!   is also set against the fastest 9x9 solvers in the same rounds (tdoku writes no solution
//!   when counting to 2, so its answers are checked by their counts alone);
//! - `SIZED_CORPUS`: files of one puzzle a line (any size the line's length names; `#`
//!   comments), such as hard 16x16 sets.
//!
//! Each corpus is timed in file order and as random isomorphs (`isomorph`, from a fixed seed),
//! so that no solver is flattered by the order or orientation of a corpus. A round times every
//! solver once, in turn; the figure kept is each solver's median over the rounds, and the
//! ratio column divides it by the sized solver's median of the same rounds. Every answer is
//! checked in a warm-up pass first, itself timed: a solver whose warm-up took more than
//! `SIZED_SLOW` seconds (default 3; dancing links on 25x25 puzzles) is not run again, and its
//! row gives the warm-up's time, marked `(1 run)`.

#[allow(dead_code)]
mod common;
// Its symbol and guess notes are for the table's footnotes.
#[allow(dead_code)]
#[path = "common/peer.rs"]
mod peer;

use std::hint::black_box;
use std::time::Instant;

use peer::Peer;
use sudoku_bulk::sized::{isomorph, Board, Shape, SizedGenerator, SizedSolver};
use sudoku_bulk::solver::dlx::SizedDlx;
use sudoku_bulk::solver::Outcome;
use sudoku_bulk::{BandSolver, BitmaskSolver, Grid, Solver};

/// 9x9 puzzles taken from each shared corpus.
const NINE_SAMPLE: usize = 2_000;

/// A corpus of one shape, each puzzle as its cells' candidates.
struct Corpus {
    name: String,
    shape: Shape,
    puzzles: Vec<Vec<u32>>,
    /// For a 9x9 corpus, the same puzzles as grids of givens (the cells of one candidate), and
    /// as the `sudoku` crate's puzzles.
    grids: Vec<Grid>,
    theirs: Vec<sudoku::Sudoku>,
    /// And as the peers read them.
    texts: Vec<peer::Puzzle>,
}

impl Corpus {
    fn new(name: String, shape: Shape, puzzles: Vec<Vec<u32>>) -> Corpus {
        let given = |m: u32| if m.count_ones() == 1 { m.trailing_zeros() as u8 + 1 } else { 0 };
        let grids = match shape == Shape::NINE {
            true => puzzles
                .iter()
                .map(|p| Grid::from_cells(std::array::from_fn(|c| given(p[c]))).expect("digits"))
                .collect(),
            false => Vec::new(),
        };
        let theirs = grids
            .iter()
            .map(|g: &Grid| sudoku::Sudoku::from_bytes(*g.cells()).expect("a 9x9 grid"))
            .collect();
        let texts = grids.iter().map(peer::puzzle).collect();
        Corpus { name, shape, puzzles, grids, theirs, texts }
    }
}

/// Draw `k` of the stream of `seed` (SplitMix64's output function over both).
fn draw(seed: u64, k: u64) -> u64 {
    let mut z = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(k);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The solvers a row can time.
#[derive(Clone, Copy, PartialEq)]
enum Which {
    Sized,
    Dlx,
    Band,
    BandPencilmark,
    Bitmask,
    SudokuCrate,
    /// The `n`th of [`Solvers::peers`].
    Peer(usize),
}

impl Which {
    fn name(self, peers: &[Peer]) -> &'static str {
        match self {
            Which::Peer(n) => peers[n].name,
            Which::Sized => "sized",
            Which::Dlx => "dlx",
            Which::Band => "band",
            Which::BandPencilmark => "band-pencilmark",
            Which::Bitmask => "bitmask",
            Which::SudokuCrate => "sudoku-crate",
        }
    }
}

/// The solvers, kept between passes as a worker thread keeps them.
struct Solvers {
    sized: SizedSolver,
    dlx: SizedDlx,
    band: BandSolver,
    bitmask: BitmaskSolver,
    peers: Vec<Peer>,
}

/// Solves every puzzle of `corpus` with `which`, counting up to 2; the solutions found and
/// the guesses. With `check`, every first solution is checked to fit its puzzle.
#[inline(never)]
fn pass(corpus: &Corpus, which: Which, solvers: &mut Solvers, check: bool) -> (u64, u64) {
    let shape = corpus.shape;
    let mut first = vec![0u8; shape.cells()];
    let (mut solutions, mut guesses) = (0, 0);
    for (i, puzzle) in corpus.puzzles.iter().enumerate() {
        let outcome = match which {
            Which::Sized => solvers.sized.count(shape, black_box(puzzle), 2, &mut first),
            Which::Dlx => solvers.dlx.count(shape, black_box(puzzle), 2, &mut first),
            Which::BandPencilmark => {
                let marks: &[u32; 81] = puzzle[..].try_into().expect("a 9x9 corpus");
                let mut solution = Grid::EMPTY;
                let outcome = solvers.band.solve_pencilmarks(black_box(marks), 2, &mut solution);
                first.copy_from_slice(solution.cells());
                outcome
            }
            Which::Band | Which::Bitmask => {
                let solver: &mut dyn Solver = match which {
                    Which::Band => &mut solvers.band,
                    _ => &mut solvers.bitmask,
                };
                let mut solution = Grid::EMPTY;
                let outcome = solver.solve(black_box(&corpus.grids[i]), 2, &mut solution);
                first.copy_from_slice(solution.cells());
                outcome
            }
            Which::SudokuCrate => {
                let mut solution = [[0u8; 81]];
                let found = black_box(corpus.theirs[i]).solutions_up_to_buffer(&mut solution, 2);
                if found > 0 {
                    first.copy_from_slice(&solution[0]);
                }
                Outcome { solutions: found as u32, guesses: 0 }
            }
            Which::Peer(n) => {
                let (found, guesses, solution) = solvers.peers[n].solve(&corpus.texts[i], 2);
                first.copy_from_slice(&solution);
                Outcome { solutions: found as u32, guesses }
            }
        };
        // At limit 2 tdoku writes no solution: its counts are checked against the others'.
        if check && outcome.solved() && !matches!(which, Which::Peer(_)) {
            let board = Board::from_cells(shape, &first).expect("digits of the shape");
            let fits = puzzle.iter().zip(&first).all(|(&m, &d)| m >> (d - 1) & 1 == 1);
            assert!(
                board.is_solved() && fits,
                "{}: {} gave a wrong answer",
                corpus.name,
                which.name(&solvers.peers)
            );
        }
        solutions += u64::from(outcome.solutions);
        guesses += outcome.guesses;
    }
    (solutions, guesses)
}

/// Generated puzzles of `shape`: `count` of them, from a fixed seed.
fn generated(shape: Shape, count: u64) -> Corpus {
    let mut generator = SizedGenerator::new(shape, 2026);
    let puzzles = (0..count)
        .map(|i| {
            let solution = generator.solution(i);
            generator.puzzle(&solution, i).candidates()
        })
        .collect();
    Corpus::new(format!("generated {shape}"), shape, puzzles)
}

/// A file of one puzzle a line, of the size its length names (all lines of one size).
fn from_file(path: &std::path::Path) -> Result<Corpus, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut shape = None;
    let mut puzzles = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim_end();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = || format!("{}: line {}", path.display(), i + 1);
        let board =
            Board::parse_line(line.as_bytes(), shape).map_err(|e| format!("{}: {e}", at()))?;
        shape = Some(board.shape());
        puzzles.push(board.candidates());
    }
    let shape = shape.ok_or_else(|| format!("{}: no puzzles", path.display()))?;
    let name = path.file_name().unwrap_or(path.as_os_str()).to_string_lossy().into_owned();
    Ok(Corpus::new(name, shape, puzzles))
}

/// The same corpus as random isomorphs, puzzle `i` drawn from a fixed seed and `i`.
fn isomorphs(corpus: &Corpus) -> Corpus {
    let puzzles = corpus
        .puzzles
        .iter()
        .enumerate()
        .map(|(i, puzzle)| {
            let mut k = 0;
            isomorph(corpus.shape, puzzle, || {
                k += 1;
                draw(31 + i as u64, k)
            })
        })
        .collect();
    Corpus::new(format!("{} (isomorphs)", corpus.name), corpus.shape, puzzles)
}

fn env_number(name: &str, default: usize) -> usize {
    std::env::var(name)
        .map_or(default, |v| v.parse().unwrap_or_else(|_| panic!("{name}: a number")))
}

fn main() {
    let rounds = env_number("SIZED_ROUNDS", 5).max(1);
    let slow = env_number("SIZED_SLOW", 3) as f64;
    let only = std::env::var("SIZED_ONLY").ok();
    let shape = |rows, cols| Shape::new(rows, cols).expect("a shape");
    let mut corpora = Vec::new();
    for (s, count) in
        [(shape(2, 3), 1_000), (shape(3, 4), 200), (shape(4, 4), 40), (shape(5, 5), 4)]
    {
        if only.as_deref().is_none_or(|o| format!("generated {s}").contains(o)) {
            eprintln!("sized: generating {count} {s} puzzles");
            corpora.push(generated(s, count));
        }
    }
    for path in common::corpus_files("sized") {
        let corpus =
            common::load(&path, Some(NINE_SAMPLE)).unwrap_or_else(|e| panic!("sized: {e}"));
        let puzzles: Vec<Vec<u32>> = corpus
            .ours
            .iter()
            .map(|g| g.cells().iter().map(|&d| if d == 0 { 0x1ff } else { 1 << (d - 1) }).collect())
            .collect();
        corpora.push(Corpus::new(corpus.name, Shape::NINE, puzzles));
    }
    for path in std::env::var("SIZED_CORPUS")
        .iter()
        .flat_map(|v| std::env::split_paths(v).collect::<Vec<_>>())
    {
        corpora.push(from_file(&path).unwrap_or_else(|e| panic!("sized: {e}")));
    }
    if let Some(only) = &only {
        corpora.retain(|c| c.name.contains(only.as_str()));
    }
    let mut solvers = Solvers {
        sized: SizedSolver::new(),
        dlx: SizedDlx::new(),
        band: BandSolver::new(),
        bitmask: BitmaskSolver::new(),
        peers: peer::from_env()
            .unwrap_or_else(|e| panic!("sized: {e}"))
            .into_iter()
            .map(|(peer, _)| peer)
            .collect(),
    };
    println!("| corpus | puzzles | solver | median s | us/puzzle | guesses/puzzle | x sized |");
    println!("|---|---:|---|---:|---:|---:|---:|");
    for original in &corpora {
        // A solver too slow on the file's order is left out of its isomorphs.
        let mut too_slow = Vec::new();
        for corpus in [None, Some(isomorphs(original))] {
            let corpus = corpus.as_ref().unwrap_or(original);
            time_corpus(corpus, &mut solvers, rounds, slow, &mut too_slow);
        }
    }
}

/// Times every solver that takes `corpus` but those `too_slow` for it, and prints its rows;
/// adds to `too_slow` those whose warm-up took over `slow` seconds.
fn time_corpus(
    corpus: &Corpus,
    solvers: &mut Solvers,
    rounds: usize,
    slow: f64,
    too_slow: &mut Vec<Which>,
) {
    let mut which = vec![Which::Sized];
    if corpus.shape == Shape::NINE {
        which.extend([Which::Band, Which::BandPencilmark, Which::Bitmask, Which::SudokuCrate]);
        which.extend((0..solvers.peers.len()).map(Which::Peer));
    }
    which.push(Which::Dlx);
    for w in which.iter().filter(|w| too_slow.contains(w)) {
        let name = w.name(&solvers.peers);
        eprintln!("sized: {}: {name} left out (over {slow} s in file order)", corpus.name);
    }
    which.retain(|w| !too_slow.contains(w));
    let mut warm_times = Vec::new();
    let warm: Vec<(u64, u64)> = which
        .iter()
        .map(|&w| {
            let started = Instant::now();
            let found = pass(corpus, w, solvers, true);
            warm_times.push(started.elapsed().as_secs_f64());
            if warm_times.last() > Some(&slow) {
                too_slow.push(w);
            }
            found
        })
        .collect();
    assert!(
        warm.iter().all(|w| w.0 == warm[0].0),
        "{}: the solvers disagree: {warm:?}",
        corpus.name
    );
    let mut times = vec![Vec::new(); which.len()];
    for _ in 0..rounds {
        for (k, &w) in which.iter().enumerate() {
            if warm_times[k] > slow {
                continue;
            }
            let started = Instant::now();
            black_box(pass(corpus, w, solvers, false));
            times[k].push(started.elapsed().as_secs_f64());
        }
    }
    let medians: Vec<f64> = times
        .iter_mut()
        .zip(&warm_times)
        .map(|(t, &warm)| {
            t.sort_by(f64::total_cmp);
            t.get(t.len() / 2).copied().unwrap_or(warm)
        })
        .collect();
    let n = corpus.puzzles.len() as f64;
    for (k, &w) in which.iter().enumerate() {
        println!(
            "| {} | {} | {} | {:.4}{} | {:.2} | {} | {:.2} |",
            corpus.name,
            corpus.puzzles.len(),
            w.name(&solvers.peers),
            medians[k],
            if warm_times[k] > slow { " (1 run)" } else { "" },
            medians[k] * 1e6 / n,
            match w {
                Which::SudokuCrate => "-".to_string(),
                Which::Peer(n) if !solvers.peers[n].counts_guesses => "-".to_string(),
                _ => format!("{:.1}", warm[k].1 as f64 / n),
            },
            medians[k] / medians[0],
        );
    }
}
