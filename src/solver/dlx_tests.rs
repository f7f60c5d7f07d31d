//! [`SizedDlx`] on every shape from 4x4 to 25x25, through its public API only: empty grids,
//! a solution with cells taken out, clashing givens, a cell without candidates, pencilmarks,
//! and the 288 4x4 grids. What is particular to the matrix is tested in `solver::dlx`.

use super::dlx::SizedDlx;
use super::Outcome;
use crate::sized::{Shape, SizedSolver};

/// The shapes tested: square boxes, and boxes wider than tall and the other way round.
const SHAPES: [(usize, usize); 8] =
    [(2, 2), (2, 3), (3, 2), (2, 4), (3, 3), (3, 4), (4, 4), (5, 5)];

fn shapes() -> impl Iterator<Item = Shape> {
    SHAPES.iter().map(|&(rows, cols)| Shape::new(rows, cols).unwrap())
}

/// Whether `digits` is a complete grid of `shape`: each of its 3N houses, as
/// [`Shape::house_cell`] lists them, holds every digit 1 to N (N digits in N cells: once each).
fn is_complete_grid(shape: Shape, digits: &[u8]) -> bool {
    let n = shape.size();
    digits.len() == shape.cells()
        && (0..3 * n).all(|house| {
            let mut seen = 0u32;
            for k in 0..n {
                let digit = usize::from(digits[shape.house_cell(house, k)]);
                if digit == 0 || digit > n {
                    return false;
                }
                seen |= 1 << (digit - 1);
            }
            seen == shape.all_digits()
        })
}

/// The candidate masks of a grid of digits: a given is its bit, a 0 every digit.
fn masks(shape: Shape, digits: &[u8]) -> Vec<u32> {
    digits.iter().map(|&d| if d == 0 { shape.all_digits() } else { 1 << (d - 1) }).collect()
}

/// Counts up to `limit`; the first solution comes back in a grid that starts all zeros.
fn count(dlx: &mut SizedDlx, shape: Shape, candidates: &[u32], limit: u32) -> (Outcome, Vec<u8>) {
    let mut first = vec![0; shape.cells()];
    let outcome = dlx.count(shape, candidates, limit, &mut first);
    (outcome, first)
}

/// The first solution of `shape`'s empty grid.
fn a_solution(dlx: &mut SizedDlx, shape: Shape) -> Vec<u8> {
    let (outcome, first) = count(dlx, shape, &vec![shape.all_digits(); shape.cells()], 1);
    assert_eq!(outcome.solutions, 1, "{shape}");
    first
}

/// The cells (i, i) of the diagonal for `i < upto`: each the only open one of its row once
/// taken out of a solution, so the rest of the grid fixes it.
fn diagonal(shape: Shape, upto: usize) -> impl Iterator<Item = usize> {
    (0..upto.min(shape.size())).map(move |i| i * shape.size() + i)
}

#[test]
fn the_validity_check_rejects_broken_grids() {
    let mut dlx = SizedDlx::new();
    for shape in shapes() {
        let n = shape.size();
        let grid = a_solution(&mut dlx, shape);
        assert!(is_complete_grid(shape, &grid), "{shape}");
        let mut swapped = grid.clone();
        swapped.swap(0, 1); // the first row still holds each digit, columns 1 and 2 do not
        assert!(!is_complete_grid(shape, &swapped), "{shape}: swapped");
        let mut blank = grid.clone();
        blank[n + 1] = 0;
        assert!(!is_complete_grid(shape, &blank), "{shape}: a blank");
        let mut big = grid.clone();
        big[0] = n as u8 + 1;
        assert!(!is_complete_grid(shape, &big), "{shape}: a digit above N");
    }
}

#[test]
fn the_empty_grid_of_every_shape_has_solutions_and_the_first_is_a_grid() {
    let mut dlx = SizedDlx::new();
    for shape in shapes() {
        let empty = vec![shape.all_digits(); shape.cells()];
        let (outcome, first) = count(&mut dlx, shape, &empty, 2);
        assert_eq!(outcome.solutions, 2, "{shape}: two or more");
        assert!(outcome.guesses > 0, "{shape}");
        assert!(is_complete_grid(shape, &first), "{shape}: {first:?}");
        // 0 means 1.
        assert_eq!(count(&mut dlx, shape, &empty, 0).0.solutions, 1, "{shape}");
    }
}

#[test]
fn the_empty_4x4_grid_has_288_solutions() {
    let shape = Shape::new(2, 2).unwrap();
    let (outcome, first) = count(&mut SizedDlx::new(), shape, &[shape.all_digits(); 16], u32::MAX);
    assert_eq!(outcome.solutions, 288);
    assert!(is_complete_grid(shape, &first));
}

#[test]
fn a_solution_with_cells_taken_out_counts_one_and_comes_back() {
    let mut dlx = SizedDlx::new();
    for shape in shapes() {
        let solution = a_solution(&mut dlx, shape);
        let mut puzzle = solution.clone();
        for cell in diagonal(shape, shape.size()) {
            puzzle[cell] = 0;
        }
        let (outcome, first) = count(&mut dlx, shape, &masks(shape, &puzzle), 2);
        assert_eq!(outcome.solutions, 1, "{shape}");
        assert_eq!(first, solution, "{shape}");
        // The solution itself, every cell a given: no search at all.
        let (outcome, first) = count(&mut dlx, shape, &masks(shape, &solution), 2);
        assert_eq!((outcome.solutions, outcome.guesses), (1, 0), "{shape}");
        assert_eq!(first, solution, "{shape}");
    }
}

#[test]
fn equal_givens_in_a_house_count_zero_and_leave_first_alone() {
    let mut dlx = SizedDlx::new();
    for shape in shapes() {
        let n = shape.size();
        // Two 1s in the first row, in the first column, in the first box.
        for other in [n - 1, (n - 1) * n, n + 1] {
            let mut candidates = vec![shape.all_digits(); shape.cells()];
            candidates[0] = 1;
            candidates[other] = 1;
            let mut first = vec![7; shape.cells()];
            let outcome = dlx.count(shape, &candidates, 2, &mut first);
            assert_eq!(outcome, Outcome { solutions: 0, guesses: 0 }, "{shape}, cell {other}");
            assert!(first.iter().all(|&d| d == 7), "{shape}: first untouched");
        }
    }
}

#[test]
fn a_cell_without_candidates_counts_zero() {
    let mut dlx = SizedDlx::new();
    for shape in shapes() {
        let n = shape.size();
        let solution = a_solution(&mut dlx, shape);
        // No candidate, or only a digit above N (ignored), in an empty grid or in a solution.
        for mask in [0, 1 << n] {
            for grid in [vec![shape.all_digits(); shape.cells()], masks(shape, &solution)] {
                let mut candidates = grid;
                candidates[n + 2] = mask;
                let mut first = solution.iter().map(|&d| d % n as u8 + 1).collect::<Vec<_>>();
                let before = first.clone();
                let outcome = dlx.count(shape, &candidates, 2, &mut first);
                assert_eq!(outcome.solutions, 0, "{shape}, mask {mask:#x}");
                assert_eq!(first, before, "{shape}: first untouched");
            }
        }
    }
}

#[test]
fn pencilmarks_keep_the_solution_among_their_solutions() {
    let mut dlx = SizedDlx::new();
    for shape in shapes() {
        let n = shape.size() as u8;
        let solution = a_solution(&mut dlx, shape);
        let bit = |digit: u8| 1u32 << (digit - 1);
        let next = |digit: u8| digit % n + 1;
        // Four cells down to two digits, the solution's and the next one; the others open.
        let mut pencil = vec![shape.all_digits(); shape.cells()];
        for cell in diagonal(shape, 4) {
            pencil[cell] = bit(solution[cell]) | bit(next(solution[cell]));
        }
        let (outcome, first) = count(&mut dlx, shape, &pencil, 2);
        assert!(outcome.solutions >= 1, "{shape}");
        assert!(is_complete_grid(shape, &first), "{shape}: {first:?}");
        for (cell, &digit) in first.iter().enumerate() {
            assert_ne!(pencil[cell] & bit(digit), 0, "{shape}: cell {cell} holds {digit}");
        }

        // The same marks, the rest of the solution given: the solution is theirs, alone.
        let mut fixed = masks(shape, &solution);
        for cell in diagonal(shape, 4) {
            fixed[cell] = pencil[cell];
        }
        let (outcome, first) = count(&mut dlx, shape, &fixed, 2);
        assert_eq!(outcome.solutions, 1, "{shape}");
        assert_eq!(first, solution, "{shape}");
        // Without the solution's digit in one of those cells, nothing is left.
        let cell = n as usize + 1;
        fixed[cell] = bit(next(solution[cell])) | bit(next(next(solution[cell])));
        assert_eq!(count(&mut dlx, shape, &fixed, 2).0.solutions, 0, "{shape}");
    }
}

#[test]
fn counts_agree_with_the_sized_solver() {
    let (mut dlx, mut sized) = (SizedDlx::new(), SizedSolver::new());
    for shape in shapes() {
        let solution = a_solution(&mut dlx, shape);
        let n = shape.size();
        // Every third cell taken out, then every second; then every third but pencilmarked.
        for (step, keep_two) in [(3, false), (2, false), (3, true)] {
            let candidates: Vec<u32> = (0..shape.cells())
                .map(|cell| match (cell % step == 0, keep_two) {
                    (false, _) => 1 << (solution[cell] - 1),
                    (true, false) => shape.all_digits(),
                    (true, true) => 1 << (solution[cell] - 1) | 1 << (solution[cell] as usize % n),
                })
                .collect();
            let (ours, first) = count(&mut dlx, shape, &candidates, 3);
            let mut theirs_first = vec![0; shape.cells()];
            let theirs = sized.count(shape, &candidates, 3, &mut theirs_first);
            assert_eq!(ours.solutions, theirs.solutions, "{shape}, every {step}, {keep_two}");
            assert!(ours.solutions >= 1 && is_complete_grid(shape, &first), "{shape}");
            for (cell, &digit) in first.iter().enumerate() {
                assert_ne!(candidates[cell] & 1 << (digit - 1), 0, "{shape}: cell {cell}");
            }
        }
    }
}
