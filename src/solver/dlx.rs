//! The dancing-links oracle: Sudoku as an exact-cover problem, solved by Knuth's Algorithm X
//! with dancing links (DLX).
//!
//! It exists to check the band solver with a method that has nothing in common with it: no
//! houses, no candidate masks, no singles, no shared tables. It imports only [`Grid`] and the
//! [`Solver`] trait. Where the two disagree on a count or a solution, one of them is wrong.
//!
//! # The matrix
//!
//! Each of the 729 candidate rows puts one digit `d` (1 to 9) in one cell; row
//! `(row * 9 + col) * 9 + d - 1`. A row covers four of the 324 constraint columns, one in each
//! block of 81, and a solution is a set of rows that covers every column exactly once:
//!
//! ```text
//!   column    0 .. 80 | 81 .. 161  | 162 .. 242 | 243 .. 323
//!   means     cell    | row-digit  | col-digit  | box-digit
//!   index     cell    | 81 + row*9 | 162 +      | 243 + box*9
//!             = r*9+c |   + d-1    | col*9+d-1  |   + d-1
//!
//!   row (r, c, d) -> [ r*9+c, 81 + r*9+d-1, 162 + c*9+d-1, 243 + b*9+d-1 ]
//!                     where b = r/3*3 + c/3
//! ```
//!
//! The links live in one node array, allocated once in [`DlxSolver::new`]:
//!
//! ```text
//!   node  0 .. 323     column headers, one per constraint column
//!   node  324          the root: left/right links thread the live headers through it
//!   node  325 + 4*row + k    the row's node in its k-th column (k = 0 cell, 1 row-digit,
//!                            2 col-digit, 3 box-digit); the four are linked in a ring
//! ```
//!
//! Each column's nodes hang from its header in a vertical ring, in row order. A puzzle starts
//! from a copy of the untouched matrix; its givens are chosen (their columns covered) before
//! the search, and a given whose column is already covered conflicts with an earlier one.
//! The search picks the live column with the fewest rows (Knuth's S heuristic), covers it, and
//! tries its rows in turn, undoing every cover on the way back, so the matrix it leaves is the
//! one it started from.

use std::fmt;

use super::{Outcome, Solver};
use crate::grid::{Grid, CELLS};

/// Constraint columns: 81 cells, then row-digit, column-digit and box-digit pairs.
const COLUMNS: usize = 4 * CELLS;
/// Candidate rows: a digit in a cell.
const ROWS: usize = 9 * CELLS;
/// The header of the list of live columns.
const ROOT: usize = COLUMNS;
/// The first row node; row `r`'s four nodes are `FIRST_ROW_NODE + 4 * r ..`.
const FIRST_ROW_NODE: usize = ROOT + 1;
/// Headers, root and row nodes.
const NODES: usize = FIRST_ROW_NODE + 4 * ROWS;

/// One node of the four-way linked matrix. Indices fit in 16 bits (3,241 nodes).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
struct Node {
    left: u16,
    right: u16,
    up: u16,
    down: u16,
    /// The column header this node hangs from (a header's is itself; the root's is unused).
    column: u16,
}

/// The four columns candidate row `row` covers, in block order.
const fn row_columns(row: usize) -> [usize; 4] {
    let (cell, digit) = (row / 9, row % 9);
    let (r, c) = (cell / 9, cell % 9);
    let b = r / 3 * 3 + c / 3;
    [cell, CELLS + r * 9 + digit, 2 * CELLS + c * 9 + digit, 3 * CELLS + b * 9 + digit]
}

/// The candidate row a row node belongs to.
#[inline]
fn node_row(node: usize) -> usize {
    (node - FIRST_ROW_NODE) / 4
}

/// The exact-cover oracle. Its `guesses` are the rows tried at choice points that had more
/// than one row to try: a column with a single row is a forced move and is not counted. Holds
/// the matrix, allocated once; reuse one for many puzzles.
#[derive(Clone)]
pub struct DlxSolver {
    /// The links as the search moves them.
    nodes: Box<[Node]>,
    /// The links as built, copied into `nodes` at the start of each puzzle.
    pristine: Box<[Node]>,
    /// Live rows in each column.
    size: [u16; COLUMNS],
    /// The rows chosen by the search so far, as row nodes, `chosen[..depth]`.
    chosen: [u16; CELLS],
    /// The first solution found.
    first: [u8; CELLS],
    /// Cell values the givens hold, so the first solution can be written from `chosen`.
    givens: [u8; CELLS],
    limit: u32,
    solutions: u32,
    guesses: u64,
}

impl fmt::Debug for DlxSolver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DlxSolver")
            .field("limit", &self.limit)
            .field("solutions", &self.solutions)
            .field("guesses", &self.guesses)
            .finish_non_exhaustive()
    }
}

impl DlxSolver {
    /// A solver with the full 729 x 324 matrix built, ready for its first puzzle.
    pub fn new() -> DlxSolver {
        let pristine = build_matrix();
        DlxSolver {
            nodes: pristine.clone(),
            pristine,
            size: [9; COLUMNS],
            chosen: [0; CELLS],
            first: [0; CELLS],
            givens: [0; CELLS],
            limit: 1,
            solutions: 0,
            guesses: 0,
        }
    }

    /// Unlinks column `c` from the header list and each of its rows from the other columns.
    #[inline]
    fn cover(&mut self, c: usize) {
        let n = &mut self.nodes;
        let (l, r) = (n[c].left as usize, n[c].right as usize);
        n[l].right = r as u16;
        n[r].left = l as u16;
        let mut i = n[c].down as usize;
        while i != c {
            let mut j = n[i].right as usize;
            while j != i {
                let (u, d) = (n[j].up as usize, n[j].down as usize);
                n[u].down = d as u16;
                n[d].up = u as u16;
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
                n[u].down = j as u16;
                n[d].up = j as u16;
                j = n[j].left as usize;
            }
            i = n[i].up as usize;
        }
        let (l, r) = (n[c].left as usize, n[c].right as usize);
        n[l].right = c as u16;
        n[r].left = c as u16;
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

    /// Puts the givens in: covers each given's four columns. `false` if a given needs a
    /// column an earlier one already covered (two equal digits in a house, which the digit
    /// rows show as a shared row-, column- or box-digit column).
    fn place_givens(&mut self, puzzle: &Grid) -> bool {
        // A column is covered exactly when it has left the header list.
        let mut covered = [false; COLUMNS];
        for (cell, &digit) in puzzle.cells().iter().enumerate() {
            if digit == 0 {
                continue;
            }
            let row = cell * 9 + digit as usize - 1;
            let columns = row_columns(row);
            if columns.iter().any(|&c| covered[c]) {
                return false;
            }
            for c in columns {
                covered[c] = true;
                self.cover(c);
            }
        }
        true
    }

    /// Algorithm X from the current matrix, `depth` rows chosen so far.
    fn search(&mut self, depth: usize) {
        let first_live = self.nodes[ROOT].right as usize;
        if first_live == ROOT {
            // Every column covered exactly once: a solution.
            if self.solutions == 0 {
                self.first = self.givens;
                for &node in &self.chosen[..depth] {
                    let row = node_row(node as usize);
                    self.first[row / 9] = (row % 9) as u8 + 1;
                }
            }
            self.solutions += 1;
            return;
        }

        // The S heuristic: the live column with the fewest rows; the first of equals.
        let (mut best, mut best_size) = (first_live, self.size[first_live]);
        let mut c = self.nodes[first_live].right as usize;
        while c != ROOT && best_size > 1 {
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
            self.chosen[depth] = row_node as u16;
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

/// The untouched matrix: headers in a ring through the root, each row's four nodes in a ring,
/// each column's nodes in a vertical ring under its header in row order.
fn build_matrix() -> Box<[Node]> {
    let mut n = vec![Node::default(); NODES].into_boxed_slice();
    // Headers and root: a ring 0, 1, .., 323, root.
    for c in 0..=ROOT {
        n[c] = Node {
            left: if c == 0 { ROOT } else { c - 1 } as u16,
            right: if c == ROOT { 0 } else { c + 1 } as u16,
            up: c as u16,
            down: c as u16,
            column: c as u16,
        };
    }
    for row in 0..ROWS {
        let base = FIRST_ROW_NODE + 4 * row;
        for (k, c) in row_columns(row).into_iter().enumerate() {
            let node = base + k;
            // Append at the bottom of column c.
            let bottom = n[c].up as usize;
            n[node] = Node {
                left: (base + (k + 3) % 4) as u16,
                right: (base + (k + 1) % 4) as u16,
                up: bottom as u16,
                down: c as u16,
                column: c as u16,
            };
            n[bottom].down = node as u16;
            n[c].up = node as u16;
        }
    }
    n
}

impl Default for DlxSolver {
    fn default() -> Self {
        Self::new()
    }
}

impl Solver for DlxSolver {
    fn solve(&mut self, puzzle: &Grid, limit: u32, solution: &mut Grid) -> Outcome {
        self.nodes.copy_from_slice(&self.pristine);
        self.size = [9; COLUMNS];
        self.limit = limit.max(1);
        self.solutions = 0;
        self.guesses = 0;
        self.givens = *puzzle.cells();
        if self.place_givens(puzzle) {
            self.search(0);
        }
        if self.solutions > 0 {
            *solution = Grid(self.first);
        }
        Outcome { solutions: self.solutions, guesses: self.guesses }
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
    fn every_row_covers_one_column_of_each_kind_and_every_column_has_nine_rows() {
        let mut rows_per_column = [0u8; COLUMNS];
        for row in 0..ROWS {
            let columns = row_columns(row);
            for (k, &c) in columns.iter().enumerate() {
                assert_eq!(c / CELLS, k, "row {row}: column {c} in the wrong block");
                rows_per_column[c] += 1;
            }
        }
        assert!(rows_per_column.iter().all(|&n| n == 9));
        // r5c9 (row 4, col 8) digit 7: cell 44, row-digit 81+36+6, col-digit 162+72+6,
        // box 5: 243+45+6.
        assert_eq!(row_columns(44 * 9 + 6), [44, 123, 240, 294]);
    }

    #[test]
    fn the_matrix_is_linked_both_ways() {
        let n = build_matrix();
        for (i, node) in n.iter().enumerate() {
            assert_eq!(n[node.left as usize].right as usize, i);
            assert_eq!(n[node.right as usize].left as usize, i);
            assert_eq!(n[node.up as usize].down as usize, i);
            assert_eq!(n[node.down as usize].up as usize, i);
        }
        for c in 0..COLUMNS {
            let mut count = 0;
            let mut i = n[c].down as usize;
            while i != c {
                assert_eq!(n[i].column as usize, c);
                count += 1;
                i = n[i].down as usize;
            }
            assert_eq!(count, 9, "column {c}");
        }
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
            assert!(solver.nodes == solver.pristine, "limit {limit}: links not restored");
            assert_eq!(solver.size, [9; COLUMNS]);
        }
    }
}
