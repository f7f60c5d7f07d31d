//! Random isomorphs of a grid of any shape, given as its cells' candidates: the bands (rows
//! of boxes) in another order, the rows of each band, the stacks and the columns of each
//! stack likewise, the digits relabelled, and, where the boxes are square, the grid perhaps
//! transposed. An isomorph has as many solutions as the grid, and the same difficulty for a
//! solver that does not depend on the layout; `bench --shuffle` times them so that a solver
//! is not judged by the order and orientation a corpus lists its puzzles in.

use super::Shape;

/// A random isomorph of the grid whose cells may hold `candidates` (bit `d - 1` for digit
/// `d`), each choice drawn from `draw`.
pub fn isomorph(shape: Shape, candidates: &[u32], mut draw: impl FnMut() -> u64) -> Vec<u32> {
    let n = shape.size();
    let (rows, cols) = (shape.box_rows(), shape.box_cols());
    let row_of = lines(n, rows, &mut draw);
    let col_of = lines(n, cols, &mut draw);
    let digit_of = permutation(n, &mut draw);
    let transpose = rows == cols && draw() & 1 == 1;
    (0..n * n)
        .map(|cell| {
            let (r, c) = (cell / n, cell % n);
            let (r, c) = if transpose { (c, r) } else { (r, c) };
            let mask = candidates[row_of[r] * n + col_of[c]];
            (0..n).filter(|&d| mask >> d & 1 == 1).fold(0, |m, d| m | 1 << digit_of[d])
        })
        .collect()
}

/// Where each of `n` lines comes from, lines going in groups of `group` (the rows of a band,
/// the columns of a stack): the groups shuffled, and the lines within each.
fn lines(n: usize, group: usize, draw: &mut impl FnMut() -> u64) -> Vec<usize> {
    let groups = permutation(n / group, draw);
    let mut from = Vec::with_capacity(n);
    for &g in &groups {
        from.extend(permutation(group, draw).into_iter().map(|k| g * group + k));
    }
    from
}

/// A random permutation of `0..n` (Fisher and Yates).
fn permutation(n: usize, draw: &mut impl FnMut() -> u64) -> Vec<usize> {
    let mut p: Vec<usize> = (0..n).collect();
    for i in (1..n).rev() {
        p.swap(i, (draw() % (i as u64 + 1)) as usize);
    }
    p
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sized::{SizedGenerator, SizedSolver};

    #[test]
    fn isomorphs_keep_the_solution_count_and_move_the_cells() {
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        let mut draw = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut solver = SizedSolver::new();
        for (rows, cols) in [(2, 2), (2, 3), (3, 2), (2, 4), (3, 3), (3, 4), (4, 4)] {
            let shape = Shape::new(rows, cols).unwrap();
            let mut generator = SizedGenerator::new(shape, 7);
            let solution = generator.solution(0);
            let puzzle = generator.puzzle(&solution, 0);
            let mut fewer = puzzle.candidates();
            fewer.iter_mut().step_by(3).for_each(|m| *m = shape.all_digits()); // many solutions
            for grid in [puzzle.candidates(), fewer, solution.candidates()] {
                let mut first = vec![0; shape.cells()];
                let count = solver.count(shape, &grid, 50, &mut first).solutions;
                let mut moved = 0;
                for _ in 0..4 {
                    let other = isomorph(shape, &grid, &mut draw);
                    let mut digits = other.iter().map(|m| m.count_ones()).collect::<Vec<_>>();
                    let mut before = grid.iter().map(|m| m.count_ones()).collect::<Vec<_>>();
                    digits.sort();
                    before.sort();
                    assert_eq!(digits, before, "{shape}: the cells are moved, not changed");
                    assert_eq!(solver.count(shape, &other, 50, &mut first).solutions, count);
                    moved += usize::from(other != grid);
                }
                assert!(moved >= 3, "{shape}: {moved} of 4 isomorphs moved the grid");
            }
        }
    }
}
