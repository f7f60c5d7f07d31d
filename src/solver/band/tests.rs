//! Tests of the band solver: the solver contract with and without `pext`, the start state, how
//! boards are searched, limits 1 and 2, and the word operations against their plain loops.

use super::state::{fewest_permutations, OPEN_DIGIT};
use super::tables::BAND;
use super::words::{at, changed_bands, seen, value_planes, value_planes_by_cell};
use super::*;
use crate::solver::contract::{HARD, TWO_SOLUTIONS};
use crate::solver::dlx::DlxSolver;

/// The first of serg_benchmark: 35 givens, two or more solutions, searched by cells.
const SERG: &str =
    "8.........95.......76.........426798...571243...893165......916....3.487....1.532";

#[test]
fn meets_the_solver_contract() {
    crate::solver::contract::check(|| Box::new(BandSolver::new()), true);
}

#[test]
fn meets_the_solver_contract_without_pext_too() {
    // `new` takes `pext` where the CPU has it fast; the lookups are the other CPUs' path.
    crate::solver::contract::check(
        || Box::new(BandSolver { pext: false, ..BandSolver::new() }),
        true,
    );
}

#[test]
fn the_start_state_refuses_equal_givens_in_one_house_only() {
    // Two 5s: (row, column) pairs, and whether they conflict.
    let cases = [
        ((0, 0), (0, 8), true),  // one row
        ((0, 4), (2, 4), true),  // one column, one band
        ((1, 4), (7, 4), true),  // one column, two bands
        ((3, 3), (5, 5), true),  // one box
        ((4, 6), (4, 7), true),  // one row and one box
        ((0, 0), (1, 3), false), // no house in common
        ((0, 0), (4, 1), false),
    ];
    for ((r1, c1), (r2, c2), conflict) in cases {
        let mut cells = [0u8; CELLS];
        cells[9 * r1 + c1] = 5;
        cells[9 * r2 + c2] = 5;
        cells[9 * 8 + 8] = 7;
        let state = State::new::<false>(&Grid(cells));
        assert_eq!(state.is_none(), conflict, "({r1}, {c1}) and ({r2}, {c2})");
        if let Some(state) = state {
            // The givens are placed: their cells are closed, hold 5 only, and their
            // houses have no other 5.
            for (r, c) in [(r1, c1), (r2, c2)] {
                let (b, bit) = ((9 * r + c) / 27, (9 * r + c) % 27);
                assert_eq!(state.open[b] >> bit & 1, 0);
                for d in 0..9 {
                    assert_eq!(state.places[at(d, b)] >> bit & 1 != 0, d == 4, "digit {d}");
                }
                let peers = (0..81).filter(|&x| {
                    let (rx, cx) = (x / 9, x % 9);
                    (rx, cx) != (r, c) && (rx == r || cx == c || (rx / 3, cx / 3) == (r / 3, c / 3))
                });
                for x in peers {
                    assert_eq!(state.places[at(4, x / 27)] >> (x % 27) & 1, 0, "peer {x}");
                }
            }
        }
    }
}

#[test]
fn open_boards_are_searched_by_bands_and_nearly_solved_ones_by_cells() {
    let mut solver = BandSolver::new();
    let (mut ours, mut oracle) = (Grid::EMPTY, Grid::EMPTY);
    for (puzzle, strategy) in [(HARD, Strategy::Bands), (SERG, Strategy::Cells)] {
        let puzzle: Grid = puzzle.parse().unwrap();
        let got = solver.solve(&puzzle, 2, &mut ours);
        assert_eq!(solver.strategy, strategy, "{puzzle}");
        assert!(got.guesses > 0, "{puzzle} branches");
        let want = DlxSolver::new().solve(&puzzle, 2, &mut oracle);
        assert_eq!(got.solutions, want.solutions, "{puzzle}");
        assert!(ours.is_solved() && ours.agrees_with(&puzzle));
    }
}

#[test]
fn limit_one_stops_at_the_first_solution_that_limit_two_finds() {
    // tests/oracles.rs checks the corpora with limit 2; this is the limit-1 check of the
    // corpus test it replaced, on boards searched both ways, with one solution and many.
    let empty = ".".repeat(81);
    let mut solver = BandSolver::new();
    for puzzle in [HARD, SERG, TWO_SOLUTIONS, &empty] {
        let puzzle: Grid = puzzle.parse().unwrap();
        let (mut first, mut counted) = (Grid::EMPTY, Grid::EMPTY);
        assert_eq!(solver.solve(&puzzle, 1, &mut first).solutions, 1, "{puzzle}");
        assert!(first.is_solved() && first.agrees_with(&puzzle), "{puzzle} -> {first}");
        solver.solve(&puzzle, 2, &mut counted);
        assert_eq!(first, counted, "{puzzle}: limits 1 and 2 found different firsts");
    }
}

#[test]
fn the_pext_search_and_the_lookups_search_agree() {
    // The same search either way, so the same solutions and the same guesses, on the
    // shipped sample and the boards above (the empty one, a band search, included).
    if !pext::fast() {
        eprintln!("no fast pext on this CPU: only the lookups are searched");
        return;
    }
    let sample = include_str!("../../../datasets/sample_10k.txt");
    let puzzles = sample.lines().filter(|line| !line.starts_with('#')).take(2_000);
    let empty = ".".repeat(81);
    let boards = [HARD, SERG, TWO_SOLUTIONS, &empty];
    let mut with = BandSolver { pext: true, ..BandSolver::new() };
    let mut without = BandSolver { pext: false, ..BandSolver::new() };
    for puzzle in puzzles.chain(boards) {
        let puzzle: Grid = puzzle.parse().unwrap();
        for limit in [1, 2] {
            let (mut a, mut b) = (Grid::EMPTY, Grid::EMPTY);
            let (x, y) =
                (with.solve(&puzzle, limit, &mut a), without.solve(&puzzle, limit, &mut b));
            assert_eq!((x.solutions, x.guesses, a), (y.solutions, y.guesses, b), "{puzzle}");
        }
    }
}

#[test]
fn value_planes_are_the_cells_values_bit_by_bit() {
    let mut x = 0x2545_F491_4F6C_DD1Du64;
    for _ in 0..10_000 {
        let cells: [u8; CELLS] = std::array::from_fn(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x % 10) as u8
        });
        let (open, planes) = value_planes(&cells);
        assert_eq!((open, planes), value_planes_by_cell(&cells));
        for (cell, &value) in cells.iter().enumerate() {
            let (b, bit) = (cell / 27, cell % 27);
            assert_eq!(open[b] >> bit & 1 == 1, value == 0);
            let read = (0..4).map(|k| (planes[b][k] >> bit & 1) << k).sum::<u32>();
            assert_eq!(read, u32::from(value));
        }
    }
}

#[test]
fn changed_bands_are_the_bands_that_differ() {
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    for _ in 0..2000 {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let differ = seed as u32 & ((1 << 27) - 1);
        let places: [u32; 27] = std::array::from_fn(|i| (seed >> 32) as u32 ^ i as u32);
        let worked: [u32; 27] = std::array::from_fn(|i| places[i] ^ (differ >> i & 1) << (i % 27));
        assert_eq!(changed_bands(&places, &worked), differ, "{differ:027b}");
    }
}

#[test]
fn seen_counts_the_digits_that_can_take_each_cell() {
    let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
    for _ in 0..2000 {
        let places: [u32; 27] = std::array::from_fn(|_| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            // Sparse and dense bands both: an AND of one to three random words.
            let words = [seed as u32, (seed >> 32) as u32, (seed >> 16) as u32];
            words[..1 + (seed >> 60) as usize % 3].iter().fold(u32::MAX, |x, w| x & w) & BAND
        });
        let counts = seen(&places);
        for b in 0..3 {
            for bit in 0..27 {
                let n = (0..9).filter(|&d| places[at(d, b)] >> bit & 1 != 0).count();
                for (k, at_least) in counts.iter().enumerate() {
                    assert_eq!(at_least[b] >> bit & 1 != 0, n > k, "band {b} bit {bit}");
                }
            }
        }
    }
}

#[test]
fn fewest_permutations_reads_the_permutations_back_from_the_weights() {
    let weight = |perms: &[usize]| perms.iter().map(|&n| OPEN_DIGIT[n]).sum::<u32>();
    // The permutations of each unit's undecided digits; a decided unit weighs 0 and is
    // never chosen. Sums: 12, -, 9, 9, 18, 8: the last unit, though it has more undecided
    // digits than the fourth.
    let units: [&[usize]; 6] = [&[6, 6], &[], &[2, 2, 2, 3], &[5, 4], &[2; 9], &[3, 3, 2]];
    assert_eq!(fewest_permutations(&units.map(weight)), 5);
    // On a tie, the first.
    let units: [&[usize]; 6] = [&[6, 6], &[], &[2, 2, 2, 3], &[5, 4], &[2; 9], &[6, 6]];
    assert_eq!(fewest_permutations(&units.map(weight)), 2);
}

#[test]
fn open_digit_orders_units_by_undecided_digits_then_by_most_permutations() {
    // A unit's weight: the sum over its nine digits. Fewer undecided digits must weigh
    // less whatever their permutations, and with as many undecided, more permutations
    // must weigh less; a unit with every digit decided weighs 0.
    let weight = |perms: &[usize]| perms.iter().map(|&n| OPEN_DIGIT[n]).sum::<u32>();
    assert_eq!(weight(&[1; 9]), 0);
    for u in 1..9 {
        let (fewest, most) = ([2; 9], [6; 9]);
        let heaviest_u = weight(&fewest[..u]);
        let lightest_u_plus_1 = weight(&most[..u + 1]);
        assert!(heaviest_u < lightest_u_plus_1, "{u} undecided");
        assert!(weight(&most[..u]) < weight(&fewest[..u]), "{u} undecided");
        assert!(weight(&most[..u]) > 0, "{u} undecided counts as undecided");
    }
}

#[test]
fn pencilmark_puzzles_agree_with_dancing_links() {
    // Candidates made from the sample's puzzles: each blank keeps its solution's digit or not
    // (some puzzles lose every solution), and other digits at random, a few of them or most;
    // some givens become blanks. Counts to 3, guessed or not, must be dancing links' counts,
    // and a first solution must fit every cell's candidates.
    let sample = include_str!("../../../datasets/sample_10k.txt");
    let puzzles = sample.lines().filter(|line| !line.starts_with('#')).take(600);
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    let mut random = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let (mut band, mut dlx) = (BandSolver::new(), DlxSolver::new());
    let (mut with_solutions, mut without) = (0, 0);
    for (i, puzzle) in puzzles.chain([HARD, SERG, TWO_SOLUTIONS]).enumerate() {
        let puzzle: Grid = puzzle.parse().unwrap();
        let mut solved = Grid::EMPTY;
        band.solve(&puzzle, 1, &mut solved);
        let density = [2, 5, 8][i % 3]; // other digits allowed, in 9
        let candidates: [u32; CELLS] = std::array::from_fn(|cell| {
            let given = puzzle.cells()[cell];
            if given != 0 && random() % 8 != 0 {
                return 1 << (given - 1);
            }
            let others = (0..9).filter(|_| random() % 9 < density).fold(0, |m, d| m | 1 << d);
            let keep = u32::from(i % 7 != 0 || random() % 40 != 0);
            others | keep << (solved.cells()[cell] - 1)
        });
        for limit in [1, 3] {
            let (mut a, mut b) = ([0u8; CELLS], [0u8; CELLS]);
            let ours = band.solve_candidates(Shape::NINE, &candidates, limit, &mut a).unwrap();
            let theirs = dlx.solve_candidates(Shape::NINE, &candidates, limit, &mut b).unwrap();
            assert_eq!(ours.solutions, theirs.solutions, "puzzle {i}, limit {limit}");
            if ours.solved() {
                let grid = Grid(a);
                assert!(grid.is_solved(), "puzzle {i}: {grid}");
                assert!((0..CELLS).all(|c| candidates[c] >> (a[c] - 1) & 1 == 1), "puzzle {i}");
                with_solutions += 1;
            } else {
                without += 1;
            }
        }
    }
    // Both kinds were met, and the empty grid as all-candidates too.
    assert!(with_solutions > 100 && without > 20, "{with_solutions} {without}");
    let mut first = [0u8; CELLS];
    let all = band.solve_candidates(Shape::NINE, &[0x1ff; CELLS], 2, &mut first).unwrap();
    assert_eq!(all.solutions, 2);
    assert!(Grid(first).is_solved());
    // A cell with no candidate: no solution.
    let mut none = [0x1ff; CELLS];
    none[40] = 0;
    assert_eq!(band.solve_candidates(Shape::NINE, &none, 2, &mut first).unwrap().solutions, 0);
}
