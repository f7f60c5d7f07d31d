//! Solvers: the band solver the pipeline uses by default, the bitmask search it grew
//! from (kept as the reference solver), and independent oracles that tests compare them with.
//!
//! Every solver answers the same question through [`Solver::solve`]: how many solutions does
//! this puzzle have, counting no further than a limit, and what is the first one? The answer is
//! an [`Outcome`]; the first solution is written into a grid the caller owns. Solvers do no I/O
//! and do not allocate while solving, so one value a worker thread serves every puzzle.

mod band;
mod bitmask;
#[cfg(test)]
mod contract;
pub mod dlx;
#[cfg(test)]
mod dlx_tests;
pub mod naive;
pub(crate) mod tables;

pub use band::BandSolver;
pub use bitmask::BitmaskSolver;

// What a search found is told beside the grid, below the solvers, as the solver of every
// other size (`sized`, which the solvers here use) answers with it too.
pub use crate::grid::Outcome;

use crate::grid::Grid;
use crate::sized::Shape;

/// A Sudoku solver that counts solutions up to a limit.
pub trait Solver {
    /// Searches `puzzle` until `limit` solutions are found or the search space is exhausted.
    /// When it finds any, the first is written to `solution`; otherwise `solution` is left as
    /// it was. A `limit` of 0 is treated as 1. A puzzle whose givens conflict has no solution.
    fn solve(&mut self, puzzle: &Grid, limit: u32, solution: &mut Grid) -> Outcome;

    /// Which of the [`SolverKind`]s it is.
    fn kind(&self) -> SolverKind;

    /// Counts, as [`solve`](Solver::solve) does, the solutions of a puzzle of any shape given
    /// as each cell's candidates (`shape.cells()` masks, bit `d - 1` for digit `d`; a given is
    /// one bit: other sizes than 9x9, and pencilmark puzzles), writing the first solution's
    /// digits into `first`. `None` from a solver that takes 9x9 givens only.
    fn solve_candidates(
        &mut self,
        shape: Shape,
        candidates: &[u32],
        limit: u32,
        first: &mut [u8],
    ) -> Option<Outcome> {
        let _ = (shape, candidates, limit, first);
        None
    }
}

/// Solves a 9x9 board of characters in place, the classic way: digits `'1'..='9'`, `'.'` for a
/// blank. Returns whether it was solved; the board is left unchanged when it was not (not
/// 9x9, a character that is neither a digit nor `'.'`, conflicting givens, no solution). Takes
/// `[[char; 9]; 9]` and `Vec<Vec<char>>` alike.
///
/// ```
/// let mut board: Vec<Vec<char>> = [
///     "53..7....", "6..195...", ".98....6.", "8...6...3", "4..8.3..1",
///     "7...2...6", ".6....28.", "...419..5", "....8..79",
/// ].iter().map(|row| row.chars().collect()).collect();
/// assert!(sudoku_bulk::solver::solve_board(&mut board));
/// assert_eq!(board[0].iter().collect::<String>(), "534678912");
/// ```
pub fn solve_board<R: AsMut<[char]>>(board: &mut [R]) -> bool {
    if board.len() != 9 || board.iter_mut().any(|row| row.as_mut().len() != 9) {
        return false;
    }
    let mut cells = [0u8; crate::grid::CELLS];
    for (r, row) in board.iter_mut().enumerate() {
        for (c, &ch) in row.as_mut().iter().enumerate() {
            cells[r * 9 + c] = match ch {
                '.' => 0,
                '1'..='9' => ch as u8 - b'0',
                _ => return false,
            };
        }
    }
    let mut solution = Grid::EMPTY;
    let puzzle = Grid(cells);
    if !BandSolver::new().solve(&puzzle, 1, &mut solution).solved() {
        return false;
    }
    for (r, row) in board.iter_mut().enumerate() {
        for (c, ch) in row.as_mut().iter_mut().enumerate() {
            *ch = char::from(b'0' + solution.cells()[r * 9 + c]);
        }
    }
    true
}

/// The solvers, by name: what `--solver` and the Python `solver=` argument select.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum SolverKind {
    /// [`BandSolver`]: per-digit band bitboards, the fastest (the default; `fast` is accepted
    /// as another name for it); other sizes than 9x9 by the sized solver.
    #[default]
    #[value(alias = "fast")]
    Band,
    /// [`BitmaskSolver`]: candidates as masks per row, column and box; the reference solver
    /// (9x9 only).
    Bitmask,
    /// [`dlx::DlxSolver`]: Knuth's Algorithm X with dancing links (an oracle; every size).
    Dlx,
    /// [`naive::NaiveSolver`]: plain backtracking in cell order (an oracle; slow on hard
    /// puzzles; 9x9 only).
    Naive,
}

impl SolverKind {
    /// Every solver, the default first.
    pub const ALL: [SolverKind; 4] =
        [SolverKind::Band, SolverKind::Bitmask, SolverKind::Dlx, SolverKind::Naive];

    /// Its name: `band`, `bitmask`, `dlx` or `naive`.
    pub fn name(self) -> &'static str {
        match self {
            SolverKind::Band => "band",
            SolverKind::Bitmask => "bitmask",
            SolverKind::Dlx => "dlx",
            SolverKind::Naive => "naive",
        }
    }

    /// How messages name it: "the band solver".
    pub fn title(self) -> &'static str {
        match self {
            SolverKind::Band => "the band solver",
            SolverKind::Bitmask => "the bitmask solver",
            SolverKind::Dlx => "the dlx solver",
            SolverKind::Naive => "the naive solver",
        }
    }

    /// A fresh solver of this kind.
    pub fn build(self) -> Box<dyn Solver + Send> {
        match self {
            SolverKind::Band => Box::new(BandSolver::new()),
            SolverKind::Bitmask => Box::new(BitmaskSolver::new()),
            SolverKind::Dlx => Box::new(dlx::DlxSolver::new()),
            SolverKind::Naive => Box::new(naive::NaiveSolver::new()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_are_solved_in_place_or_left_alone() {
        let rows = [
            ".2738..1.",
            ".1...6735",
            ".......29",
            "3.5692.8.",
            ".........",
            ".6.1745.3",
            "64.......",
            "9518...7.",
            ".8..6534.",
        ];
        let mut board = [['.'; 9]; 9];
        for (r, row) in rows.iter().enumerate() {
            for (c, ch) in row.chars().enumerate() {
                board[r][c] = ch;
            }
        }
        assert!(solve_board(&mut board));
        let text: String = board.iter().flatten().collect();
        assert_eq!(
            text,
            "527389416819426735436751829375692184194538267268174593643217958951843672782965341"
        );

        let mut conflict = [['.'; 9]; 9];
        conflict[0][0] = '5';
        conflict[0][8] = '5';
        let before = conflict;
        assert!(!solve_board(&mut conflict));
        assert_eq!(conflict, before, "unchanged");
        let mut bad_char = [['.'; 9]; 9];
        bad_char[4][4] = '0';
        assert!(!solve_board(&mut bad_char));
        let mut short: Vec<Vec<char>> = vec![vec!['.'; 9]; 8];
        assert!(!solve_board(&mut short));
        let mut empty: Vec<Vec<char>> = vec![vec!['.'; 9]; 9];
        assert!(solve_board(&mut empty));
        assert!(Grid::parse_line(
            empty.concat().iter().map(|&c| c as u8).collect::<Vec<_>>().as_slice()
        )
        .unwrap()
        .is_solved());
    }
}
