//! Our solvers (the band solver, the default, and the reference bitmask solver) against the oracles on
//! arbitrary grids: the same count (up to 2) and, when unique, the same solution. The naive backtracker is the oracle where it is quick (many
//! givens); on sparse grids it can take exponential time, so dancing links stands in.

#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_bulk::solver::dlx::DlxSolver;
use sudoku_bulk::solver::naive::NaiveSolver;
use sudoku_bulk::{BandSolver, BitmaskSolver, Grid, Solver};

fuzz_target!(|data: &[u8]| {
    if data.len() < 81 {
        return;
    }
    // Most bytes leave their cell blank, so that grids are neither all clashes nor all blanks.
    let mut cells = [0u8; 81];
    for (cell, &byte) in cells.iter_mut().zip(data) {
        *cell = if byte < 160 { 0 } else { byte % 9 + 1 };
    }
    let puzzle = Grid::from_cells(cells).expect("values 0..=9");
    let mut oracle = Grid::EMPTY;
    let expected = if puzzle.givens() >= 30 {
        NaiveSolver::new().solve(&puzzle, 2, &mut oracle)
    } else {
        DlxSolver::new().solve(&puzzle, 2, &mut oracle)
    };
    let ours: [(&str, &mut dyn Solver); 2] =
        [("band", &mut BandSolver::new()), ("bitmask", &mut BitmaskSolver::new())];
    for (who, solver) in ours {
        let mut fast = Grid::EMPTY;
        let outcome = solver.solve(&puzzle, 2, &mut fast);
        assert_eq!(outcome.solutions, expected.solutions, "{who}: {puzzle}");
        if outcome.solutions >= 1 {
            assert!(fast.is_solved() && fast.agrees_with(&puzzle), "{who}: {puzzle} -> {fast}");
        }
        if outcome.solutions == 1 {
            assert_eq!(fast, oracle, "{who}: {puzzle}");
        }
    }
});
