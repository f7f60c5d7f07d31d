//! The dancing-links oracle: Sudoku as an exact-cover problem, solved by Knuth's Algorithm X
//! with dancing links (DLX), for every shape from 4x4 to 25x25.
//!
//! It exists to check the other solvers with a method that has nothing in common with them: no
//! houses, no singles, no shared tables. It imports only [`Grid`], [`Shape`] and the
//! [`Solver`] trait. Where two disagree on a count or a solution, one of them is wrong.
//! [`SizedDlx`] solves any [`Shape`] from candidate masks; [`DlxSolver`] is the 9x9
//! [`Solver`], a thin wrapper over it.
//!
//! # The matrix
//!
//! A grid of size N (boxes of R rows by C columns, N = R * C) has M = N * N cells. Each of
//! its N * M candidate rows puts one digit `d` (1 to N) in one cell; row
//! `(row * N + col) * N + d - 1`. A row covers four of the 4 * M constraint columns, one in
//! each block of M, and a solution is a set of rows that covers every column exactly once:
//!
//! ```text
//!   column    0 .. M-1  | M .. 2M-1   | 2M .. 3M-1  | 3M .. 4M-1
//!   means     cell      | row-digit   | col-digit   | box-digit
//!   index     cell      | M + r*N     | 2M + c*N    | 3M + b*N
//!             = r*N+c   |   + d-1     |   + d-1     |   + d-1
//!
//!   row (r, c, d) -> [ r*N+c, M + r*N+d-1, 2M + c*N+d-1, 3M + b*N+d-1 ]
//!                     where b = r/R*R + c/C
//!
//!   9x9 (N = 9, R = C = 3):  729 rows,    324 columns in blocks of 81
//!   16x16 (R = C = 4):     4,096 rows,  1,024 columns
//!   25x25 (R = C = 5):    15,625 rows,  2,500 columns
//! ```
//!
//! The links live in one node array, built when a puzzle of a new shape arrives and kept for
//! the puzzles of that shape that follow:
//!
//! ```text
//!   node  0 .. 4M-1          column headers, one per constraint column
//!   node  4M                 the root: left/right links thread the live headers through it
//!   node  4M+1 + 4*row + k   the row's node in its k-th column (k = 0 cell, 1 row-digit,
//!                            2 col-digit, 3 box-digit); the four are linked in a ring
//! ```
//!
//! That is 4M + 1 + 4NM nodes: 3,241 for 9x9, 65,001 for 25x25. Indices are `u32`: the
//! largest index, 65,000, would still fit 16 bits, but with no room to spare.
//!
//! Each column's nodes hang from its header in a vertical ring, in row order. A puzzle comes
//! as candidate masks, one a cell, and starts from a copy of the untouched matrix. The rows
//! whose digit their cell may not hold are left out first (unlinked from their columns: a
//! pencilmark puzzle is a matrix with fewer rows). Then its givens, the cells with a single
//! candidate, are chosen (their columns covered) before the search, and a given whose column
//! is already covered conflicts with an earlier one. The search picks the live column with
//! the fewest rows (Knuth's S heuristic), covers it, and tries its rows in turn, undoing every
//! cover on the way back, so the matrix it leaves is the one it started from.

use std::fmt;

use super::{Outcome, Solver};
use crate::grid::{Grid, CELLS};
use crate::sized::{Shape, MAX_CELLS};

mod matrix;

use matrix::{build_matrix, root_of, row_columns, Node};

/// Dancing links for any shape; the matrix is rebuilt when the shape changes, kept otherwise.
///
/// Its `guesses` are the rows tried at choice points that had more than one row to try: a
/// column with a single row is a forced move and is not counted. Reuse one for many puzzles:
/// it allocates only when the shape changes.
#[derive(Clone, Default)]
pub struct SizedDlx {
    /// The shape the matrix is built for; `None` before the first puzzle.
    shape: Option<Shape>,
    /// Its size N.
    n: usize,
    /// The root's node index, 4 * M (see [`root_of`]).
    root: usize,
    /// The links as the search moves them.
    nodes: Vec<Node>,
    /// The links as built, copied into `nodes` at the start of each puzzle.
    pristine: Vec<Node>,
    /// Live rows in each column.
    size: Vec<u32>,
    /// The rows chosen so far, givens first, as row nodes: `chosen[..depth]`.
    chosen: Vec<u32>,
    /// The first solution found, a digit a cell.
    first: Vec<u8>,
    limit: u32,
    solutions: u32,
    guesses: u64,
}

impl fmt::Debug for SizedDlx {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SizedDlx")
            .field("shape", &self.shape)
            .field("limit", &self.limit)
            .field("solutions", &self.solutions)
            .field("guesses", &self.guesses)
            .finish_non_exhaustive()
    }
}

impl SizedDlx {
    /// A solver with no matrix yet: the first puzzle builds its shape's.
    pub fn new() -> SizedDlx {
        SizedDlx::default()
    }

    /// Counts the solutions of the puzzle whose cells may hold the digits in `candidates`
    /// (one mask per cell, bit d-1 for digit d; a given is a single bit; `candidates.len()`
    /// must be `shape.cells()`), up to `limit` (0 means 1). The first solution's digits
    /// (1..=N) go into `first` (len shape.cells()) when there is one; otherwise `first` is
    /// left as it was. A cell with no candidate, or givens that conflict, mean 0 solutions.
    /// Bits above N are ignored.
    ///
    /// # Panics
    ///
    /// If `candidates` or `first` is not `shape.cells()` long.
    pub fn count(
        &mut self,
        shape: Shape,
        candidates: &[u32],
        limit: u32,
        first: &mut [u8],
    ) -> Outcome {
        assert_eq!(candidates.len(), shape.cells(), "one candidate mask a cell");
        assert_eq!(first.len(), shape.cells(), "one digit a cell for the first solution");
        if let Some(givens) = self.start(shape, candidates, limit) {
            self.search(givens);
        }
        if self.solutions > 0 {
            first.copy_from_slice(&self.first);
        }
        Outcome { solutions: self.solutions, guesses: self.guesses }
    }

    /// Sets the matrix up for a puzzle: a fresh copy of `shape`'s, its rows left out and its
    /// givens chosen, the counts at 0. Returns how many givens were chosen, or `None` when the
    /// puzzle has no solution before any search (a cell with no candidate, clashing givens).
    fn start(&mut self, shape: Shape, candidates: &[u32], limit: u32) -> Option<usize> {
        self.prepare(shape);
        self.nodes.copy_from_slice(&self.pristine);
        self.size.fill(shape.size() as u32);
        self.limit = limit.max(1);
        self.solutions = 0;
        self.guesses = 0;
        let all = shape.all_digits();
        if candidates.iter().any(|&mask| mask & all == 0) {
            return None;
        }
        self.leave_out(shape, candidates);
        self.place_givens(shape, candidates)
    }

    /// Builds `shape`'s matrix unless it is the one already built.
    fn prepare(&mut self, shape: Shape) {
        if self.shape == Some(shape) {
            return;
        }
        self.shape = Some(shape);
        self.n = shape.size();
        self.root = root_of(shape);
        self.pristine = build_matrix(shape);
        self.nodes = self.pristine.clone();
        self.size = vec![shape.size() as u32; self.root];
        self.chosen = vec![0; shape.cells()];
        self.first = vec![0; shape.cells()];
    }

    /// The candidate row a row node belongs to.
    #[inline]
    fn node_row(&self, node: usize) -> usize {
        (node - self.root - 1) / 4
    }

    /// Unlinks column `c` from the header list and each of its rows from the other columns.
    #[inline]
    fn cover(&mut self, c: usize) {
        let n = &mut self.nodes;
        let (l, r) = (n[c].left as usize, n[c].right as usize);
        n[l].right = r as u32;
        n[r].left = l as u32;
        let mut i = n[c].down as usize;
        while i != c {
            let mut j = n[i].right as usize;
            while j != i {
                let (u, d) = (n[j].up as usize, n[j].down as usize);
                n[u].down = d as u32;
                n[d].up = u as u32;
                self.size[n[j].column as usize] -= 1;
                j = n[j].right as usize;
            }
            i = n[i].down as usize;
        }
    }

    /// Undoes [`cover`](Self::cover) of `c`, relinking in exactly the reverse order.
    #[inline]
    fn uncover(&mut self, c: usize) {
        let n = &mut self.nodes;
        let mut i = n[c].up as usize;
        while i != c {
            let mut j = n[i].left as usize;
            while j != i {
                let (u, d) = (n[j].up as usize, n[j].down as usize);
                self.size[n[j].column as usize] += 1;
                n[u].down = j as u32;
                n[d].up = j as u32;
                j = n[j].left as usize;
            }
            i = n[i].up as usize;
        }
        let (l, r) = (n[c].left as usize, n[c].right as usize);
        n[l].right = c as u32;
        n[r].left = c as u32;
    }

    /// Chooses the row at node `row_node`: covers every column of its ring but its own (which
    /// the caller covered).
    #[inline]
    fn choose(&mut self, row_node: usize) {
        let mut j = self.nodes[row_node].right as usize;
        while j != row_node {
            self.cover(self.nodes[j].column as usize);
            j = self.nodes[j].right as usize;
        }
    }

    /// Undoes [`choose`](Self::choose), right to left.
    #[inline]
    fn unchoose(&mut self, row_node: usize) {
        let mut j = self.nodes[row_node].left as usize;
        while j != row_node {
            self.uncover(self.nodes[j].column as usize);
            j = self.nodes[j].left as usize;
        }
    }

    /// Leaves out the rows whose digit their cell may not hold: unlinks each of their four
    /// nodes from its column, for good (the next puzzle starts from a fresh copy). A given's
    /// cell keeps its rows: choosing the given takes the others out.
    fn leave_out(&mut self, shape: Shape, candidates: &[u32]) {
        let (n, all) = (shape.size(), shape.all_digits());
        for (cell, &mask) in candidates.iter().enumerate() {
            let mask = mask & all;
            if mask.is_power_of_two() {
                continue;
            }
            let mut banned = all & !mask;
            while banned != 0 {
                let base = self.root + 1 + 4 * (cell * n + banned.trailing_zeros() as usize);
                banned &= banned - 1;
                for node in base..base + 4 {
                    let Node { up, down, column, .. } = self.nodes[node];
                    self.nodes[up as usize].down = down;
                    self.nodes[down as usize].up = up;
                    self.size[column as usize] -= 1;
                }
            }
        }
    }

    /// Puts the givens in: covers each given's four columns and records its row in `chosen`.
    /// Returns how many there were, or `None` if a given needs a column an earlier one already
    /// covered (two equal digits in a house, which the digit rows show as a shared row-,
    /// column- or box-digit column).
    fn place_givens(&mut self, shape: Shape, candidates: &[u32]) -> Option<usize> {
        // A column is covered exactly when it has left the header list.
        let mut covered = [false; 4 * MAX_CELLS];
        let (n, all) = (shape.size(), shape.all_digits());
        let mut givens = 0;
        for (cell, &mask) in candidates.iter().enumerate() {
            let mask = mask & all;
            if !mask.is_power_of_two() {
                continue;
            }
            let row = cell * n + mask.trailing_zeros() as usize;
            let columns = row_columns(shape, row);
            if columns.iter().any(|&c| covered[c]) {
                return None;
            }
            for c in columns {
                covered[c] = true;
                self.cover(c);
            }
            self.chosen[givens] = (self.root + 1 + 4 * row) as u32;
            givens += 1;
        }
        Some(givens)
    }

    /// Algorithm X from the current matrix, `depth` rows chosen so far.
    fn search(&mut self, depth: usize) {
        let root = self.root;
        let first_live = self.nodes[root].right as usize;
        if first_live == root {
            // Every column covered exactly once: a solution.
            if self.solutions == 0 {
                let n = self.n;
                for i in 0..depth {
                    let row = self.node_row(self.chosen[i] as usize);
                    self.first[row / n] = (row % n) as u8 + 1;
                }
            }
            self.solutions += 1;
            return;
        }

        // The S heuristic: the live column with the fewest rows; the first of equals.
        let (mut best, mut best_size) = (first_live, self.size[first_live]);
        let mut c = self.nodes[first_live].right as usize;
        while c != root && best_size > 1 {
            if self.size[c] < best_size {
                (best, best_size) = (c, self.size[c]);
            }
            c = self.nodes[c].right as usize;
        }
        if best_size == 0 {
            return; // a constraint no remaining row can meet
        }

        self.cover(best);
        let mut row_node = self.nodes[best].down as usize;
        while row_node != best {
            if best_size > 1 {
                self.guesses += 1;
            }
            self.chosen[depth] = row_node as u32;
            self.choose(row_node);
            self.search(depth + 1);
            self.unchoose(row_node);
            if self.solutions >= self.limit {
                break;
            }
            row_node = self.nodes[row_node].down as usize;
        }
        self.uncover(best);
    }
}

/// The 9x9 exact-cover oracle: a [`SizedDlx`] with the 729 x 324 matrix built once, in
/// [`DlxSolver::new`]. Its `guesses` are [`SizedDlx`]'s. Reuse one for many puzzles.
#[derive(Debug, Clone)]
pub struct DlxSolver {
    dlx: SizedDlx,
}

impl DlxSolver {
    /// A solver with the full 729 x 324 matrix built, ready for its first puzzle.
    pub fn new() -> DlxSolver {
        let mut dlx = SizedDlx::new();
        dlx.prepare(Shape::NINE);
        DlxSolver { dlx }
    }
}

impl Default for DlxSolver {
    fn default() -> Self {
        Self::new()
    }
}

impl Solver for DlxSolver {
    fn solve(&mut self, puzzle: &Grid, limit: u32, solution: &mut Grid) -> Outcome {
        let all = Shape::NINE.all_digits();
        let candidates: [u32; CELLS] = std::array::from_fn(|cell| match puzzle.cells()[cell] {
            0 => all,
            digit => 1 << (digit - 1),
        });
        self.dlx.count(Shape::NINE, &candidates, limit, &mut solution.0)
    }

    fn kind(&self) -> super::SolverKind {
        super::SolverKind::Dlx
    }

    fn solve_candidates(
        &mut self,
        shape: Shape,
        candidates: &[u32],
        limit: u32,
        first: &mut [u8],
    ) -> Option<Outcome> {
        Some(self.dlx.count(shape, candidates, limit, first))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn meets_the_solver_contract() {
        crate::solver::contract::check(|| Box::new(DlxSolver::new()), true);
    }

    #[test]
    fn the_empty_grid_counts_to_the_limit_and_leaves_the_matrix_as_built() {
        let mut solver = DlxSolver::new();
        for limit in [0, 1, 2, 7] {
            let mut solution = Grid::EMPTY;
            let outcome = solver.solve(&Grid::EMPTY, limit, &mut solution);
            assert_eq!(outcome.solutions, limit.max(1));
            assert!(outcome.guesses > 0);
            assert!(solution.is_solved(), "{solution}");
            // With no givens, every cover was the search's own: all must have been undone.
            let dlx = &solver.dlx;
            assert!(dlx.nodes == dlx.pristine, "limit {limit}: links not restored");
            assert!(dlx.size.iter().all(|&size| size == 9));
        }
        // The same for other shapes, one solver changing shape between puzzles.
        let mut dlx = SizedDlx::new();
        for shape in [Shape::new(2, 2).unwrap(), Shape::new(2, 3).unwrap(), Shape::NINE] {
            let (full, mut first) =
                (vec![shape.all_digits(); shape.cells()], vec![0; shape.cells()]);
            assert_eq!(dlx.count(shape, &full, 3, &mut first).solutions, 3, "{shape}");
            assert!(dlx.nodes == dlx.pristine, "{shape}: links not restored");
            assert!(dlx.size.iter().all(|&size| size as usize == shape.size()));
        }
    }

    #[test]
    fn the_search_leaves_the_matrix_it_started_from_after_marks_and_givens() {
        let shape = Shape::new(2, 3).unwrap();
        let mut candidates = vec![shape.all_digits(); shape.cells()];
        candidates[0] = 0b1; // a given 1 in r1c1
        candidates[7] = 0b110; // r2c2: 2 or 3
        candidates[20] = 0b10_1010; // r4c3: 2, 4 or 6
        candidates[35] = 0b100; // a given 3 in r6c6
        let mut dlx = SizedDlx::new();
        let givens = dlx.start(shape, &candidates, 5).expect("no clash");
        assert_eq!(givens, 2);
        // The two given cells' columns are covered; r2c2 and r4c3 have lost rows.
        assert_eq!((dlx.size[7], dlx.size[20]), (2, 3));
        let (nodes, size) = (dlx.nodes.clone(), dlx.size.clone());
        dlx.search(givens);
        assert_eq!(dlx.solutions, 5);
        assert!(dlx.nodes == nodes && dlx.size == size, "links not restored");
    }
}
