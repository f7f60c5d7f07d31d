//! A deterministic puzzle generator: the project's own source of fresh puzzles.
//!
//! The sample corpus (`datasets/sample_10k.txt`, made by `sudoku-bulk generate`) and the tests
//! and benches that want puzzles nobody has seen before all come from here. The generator is
//! seeded and uses no outside randomness, so a seed names a corpus: the same seed gives the same
//! puzzles on every platform and every run, and a corpus can be regenerated and diffed instead
//! of trusted. (The sequence for a seed is pinned by a test; changing the algorithm changes it.)
//!
//! A puzzle is made in two steps:
//! 1. [`Generator::solution_grid`] fills an empty grid by randomized backtracking: the blank
//!    cell with the fewest candidates next, a random candidate first. Every valid grid can come
//!    out, though not all equally often.
//! 2. [`Generator::puzzle`] visits the cells of a solution grid in random order and blanks each
//!    one unless that makes the puzzle ambiguous. A given that had to stay when it was visited
//!    must stay at the end too (blanking other cells later only adds solutions), so the result
//!    is minimal as well as unique.
//!
//! Uniqueness is asked of [`BitmaskSolver`] with a limit of 2, except where a check on the one
//! blanked cell settles it (see `forced`): about half the cells visited. That saves only about
//! a tenth of the time, since the searches it skips are the cheap ones, but costs little.

use crate::grid::{Grid, CELLS};
use crate::random::SplitMix64;
use crate::solver::tables::{digit_bit, ALL_DIGITS, CELL_HOUSES, HOUSES, HOUSE_CELLS, POPCOUNT};
use crate::solver::{BitmaskSolver, Solver};

/// A grid with the digits each house already holds, so a cell's candidates are one OR away.
#[derive(Clone, Copy)]
struct Board {
    /// Digits placed in each house (see [`tables`](crate::solver::tables) for the numbering).
    used: [u16; HOUSES],
    cells: [u8; CELLS],
}

impl Board {
    const EMPTY: Board = Board { used: [0; HOUSES], cells: [0; CELLS] };

    /// The board of a grid whose digits do not conflict.
    fn from_grid(grid: &Grid) -> Board {
        let mut board = Board::EMPTY;
        for (cell, &digit) in grid.cells().iter().enumerate() {
            if digit != 0 {
                board.place(cell, digit);
            }
        }
        board
    }

    /// The digits `cell` could take given the others placed in its houses.
    #[inline(always)]
    fn candidates(&self, cell: usize) -> u16 {
        let [r, c, b] = CELL_HOUSES[cell];
        ALL_DIGITS & !(self.used[r as usize] | self.used[c as usize] | self.used[b as usize])
    }

    #[inline(always)]
    fn place(&mut self, cell: usize, digit: u8) {
        self.cells[cell] = digit;
        for h in CELL_HOUSES[cell] {
            self.used[h as usize] |= digit_bit(digit);
        }
    }

    #[inline(always)]
    fn clear(&mut self, cell: usize) {
        let bit = digit_bit(self.cells[cell]);
        self.cells[cell] = 0;
        for h in CELL_HOUSES[cell] {
            self.used[h as usize] &= !bit;
        }
    }
}

/// Makes random solution grids and minimal unique puzzles from a seed.
///
/// Holds the random stream and one [`BitmaskSolver`] reused for every uniqueness check. Two
/// generators built with the same seed produce the same sequence of grids. To make a corpus on
/// several threads, give each chunk (or each puzzle) its own generator, seeded by mixing the
/// corpus seed with the chunk number, and write the chunks in order: the output then does not
/// depend on the thread count.
#[derive(Debug, Clone)]
pub struct Generator {
    rng: SplitMix64,
    solver: BitmaskSolver,
}

impl Generator {
    /// A generator whose output is fixed by `seed`.
    pub fn new(seed: u64) -> Generator {
        Generator { rng: SplitMix64::new(seed), solver: BitmaskSolver::new() }
    }

    /// A random complete valid grid.
    pub fn solution_grid(&mut self) -> Grid {
        let mut board = Board::EMPTY;
        let filled = self.fill(&mut board);
        // An empty grid always completes; backtracking only ever undoes a dead end.
        assert!(filled, "an empty grid has solutions");
        Grid(board.cells)
    }

    /// A proper puzzle: exactly one solution, and minimal (removing any given makes it
    /// non-unique).
    #[cfg(test)] // the command takes the solution too (`puzzle_with_solution`)
    pub fn puzzle(&mut self) -> Grid {
        self.puzzle_with_solution().0
    }

    /// A puzzle as [`Generator::puzzle`] makes it, with its one solution: `(puzzle, solution)`.
    /// Draws the same random numbers as `puzzle`, so either call advances the sequence alike.
    pub fn puzzle_with_solution(&mut self) -> (Grid, Grid) {
        let solution = self.solution_grid();
        let mut order: [u8; CELLS] = std::array::from_fn(|i| i as u8);
        // Fisher-Yates, from the back.
        for i in (1..CELLS).rev() {
            let j = self.rng.below(i as u32 + 1) as usize;
            order.swap(i, j);
        }

        // Invariant: `board` holds a puzzle whose only solution is `solution`.
        let mut board = Board::from_grid(&solution);
        let mut scratch = Grid::EMPTY;
        for &cell in &order {
            let cell = cell as usize;
            let digit = board.cells[cell];
            board.clear(cell);
            if forced(&board, cell, digit) {
                continue;
            }
            let outcome = self.solver.solve(&Grid(board.cells), 2, &mut scratch);
            debug_assert!(outcome.solutions >= 1, "a blank is never a contradiction");
            if outcome.solutions != 1 {
                board.place(cell, digit);
            }
        }
        (Grid(board.cells), solution)
    }

    /// Completes `board` by backtracking, trying the candidates of the most constrained blank
    /// cell in random order. Returns whether it found a completion; on `false` the board is as
    /// it was.
    fn fill(&mut self, board: &mut Board) -> bool {
        // The blank cell with the fewest candidates; stop looking at 0 or 1, nothing beats them.
        let mut best: Option<(usize, u16)> = None;
        let mut best_count = u8::MAX;
        for cell in 0..CELLS {
            if board.cells[cell] != 0 {
                continue;
            }
            let mask = board.candidates(cell);
            let count = POPCOUNT[mask as usize];
            if count < best_count {
                best = Some((cell, mask));
                best_count = count;
                if count <= 1 {
                    break;
                }
            }
        }
        let Some((cell, mut mask)) = best else {
            return true; // no blank left
        };
        while mask != 0 {
            // The k-th candidate, k uniform over those left.
            let mut k = self.rng.below(POPCOUNT[mask as usize] as u32);
            let mut rest = mask;
            while k > 0 {
                rest &= rest - 1;
                k -= 1;
            }
            let bit = rest & rest.wrapping_neg();
            mask ^= bit;
            board.place(cell, bit.trailing_zeros() as u8 + 1);
            if self.fill(board) {
                return true;
            }
            board.clear(cell);
        }
        false
    }
}

/// Whether `digit` is the only possible value of the just-blanked `cell` of `board`, judged from
/// the givens alone: either it is the cell's one candidate (naked single), or some house of the
/// cell has no other blank cell that could take it (hidden single; the house's givens all hold
/// other digits, since the board agrees with a solution that has `digit` at `cell`).
///
/// If so, every solution of the board has `digit` at `cell`, so it is a solution of the board
/// before the blank too, which had exactly one: the board is still unique and the solver need
/// not run. If not, nothing follows; the caller asks the solver.
fn forced(board: &Board, cell: usize, digit: u8) -> bool {
    let bit = digit_bit(digit);
    if board.candidates(cell) == bit {
        return true;
    }
    CELL_HOUSES[cell].iter().any(|&h| {
        HOUSE_CELLS[h as usize].iter().all(|&other| {
            let other = other as usize;
            other == cell || board.cells[other] != 0 || board.candidates(other) & bit == 0
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::naive::NaiveSolver;

    /// Counts the solutions of `puzzle` up to `limit` with the plain backtracker, which shares no
    /// code with the generator or the band solver.
    fn count(puzzle: &Grid, limit: u32) -> (u32, Grid) {
        let mut solution = Grid::EMPTY;
        let outcome = NaiveSolver::new().solve(puzzle, limit, &mut solution);
        (outcome.solutions, solution)
    }

    /// How many puzzles the oracle checks: the plain backtracker takes milliseconds on some
    /// generated puzzles, about twenty times longer in a debug build.
    const ORACLE_SAMPLE: usize = if cfg!(debug_assertions) { 20 } else { 100 };

    #[test]
    fn solution_grids_are_valid_and_varied() {
        let mut generator = Generator::new(1);
        let grids: Vec<Grid> = (0..200).map(|_| generator.solution_grid()).collect();
        for grid in &grids {
            assert!(grid.is_solved(), "{grid}");
        }
        let mut distinct = grids.clone();
        distinct.sort_by_key(|g| *g.cells());
        distinct.dedup();
        assert_eq!(distinct.len(), grids.len(), "repeated solution grid");
        // Every digit turns up in the top-left cell: the digit order really is random.
        let mut corner = [false; 10];
        for grid in &grids {
            corner[grid.get(0, 0) as usize] = true;
        }
        assert_eq!(corner[1..], [true; 9]);
    }

    #[test]
    fn same_seed_same_puzzles_different_seeds_differ() {
        let run = |seed| {
            let mut generator = Generator::new(seed);
            (0..20).map(|_| generator.puzzle()).collect::<Vec<_>>()
        };
        let a = run(42);
        assert_eq!(a, run(42));
        let b = run(43);
        assert!(a.iter().zip(&b).all(|(x, y)| x != y), "seeds 42 and 43 share a puzzle");
        let c = run(0);
        assert!(a.iter().zip(&c).all(|(x, y)| x != y), "seeds 42 and 0 share a puzzle");
        // Puzzles within one run differ too.
        let mut distinct = a.clone();
        distinct.sort_by_key(|g| *g.cells());
        distinct.dedup();
        assert_eq!(distinct.len(), a.len());
    }

    #[test]
    fn puzzle_and_puzzle_with_solution_advance_alike() {
        let mut a = Generator::new(9);
        let mut b = Generator::new(9);
        for _ in 0..5 {
            let (puzzle, solution) = b.puzzle_with_solution();
            assert_eq!(a.puzzle(), puzzle);
            assert!(solution.is_solved() && solution.agrees_with(&puzzle));
        }
    }

    #[test]
    fn the_sequence_for_a_seed_is_pinned() {
        // A corpus is named by its seed, so its puzzles must not drift between platforms or
        // versions unnoticed. The solver only answers "unique or not", so any correct solver
        // gives this sequence; if the generator's algorithm changes on purpose, regenerate the
        // sample corpus and update these lines together.
        let mut generator = Generator::new(0);
        let (puzzle, solution) = generator.puzzle_with_solution();
        assert_eq!(puzzle.to_string(), PINNED_PUZZLE);
        assert_eq!(solution.to_string(), PINNED_SOLUTION);
    }

    const PINNED_PUZZLE: &str =
        ".4..2..7.9.7......5..3...8.....936..61.5..43...51......2.81.5.........9.......2.8";
    const PINNED_SOLUTION: &str =
        "841925376937648152562371984284793615619582437375164829726819543458236791193457268";

    #[test]
    fn puzzles_have_exactly_one_solution_matching_the_givens() {
        let mut generator = Generator::new(2024);
        for _ in 0..ORACLE_SAMPLE {
            let (puzzle, solution) = generator.puzzle_with_solution();
            assert_eq!(puzzle.conflict(), None, "{puzzle}");
            let (solutions, found) = count(&puzzle, 2);
            assert_eq!(solutions, 1, "{puzzle}");
            assert!(found.is_solved(), "{found}");
            assert!(found.agrees_with(&puzzle), "{puzzle} -> {found}");
            assert_eq!(found, solution, "{puzzle}");
            assert!(puzzle.givens() >= 17, "{puzzle}: fewer givens than any proper puzzle");
        }
    }

    #[test]
    fn puzzles_are_minimal() {
        let mut generator = Generator::new(77);
        for _ in 0..8 {
            let puzzle = generator.puzzle();
            for cell in (0..CELLS).filter(|&c| puzzle.cells()[c] != 0) {
                let mut fewer = *puzzle.cells();
                fewer[cell] = 0;
                let fewer = Grid(fewer);
                assert_eq!(count(&fewer, 2).0, 2, "{puzzle}: given at {cell} is redundant");
            }
        }
    }

    #[test]
    fn forced_agrees_with_a_full_count() {
        // The shortcut may say "don't know"; whenever it says "still unique", the oracle must
        // agree. Walk a scattered removal order on random solutions and check every call. The
        // plain backtracker judges, so a fault in the band solver cannot hide one here.
        let mut generator = Generator::new(5);
        let mut forced_calls = 0;
        let grids = ORACLE_SAMPLE / 10;
        for _ in 0..grids {
            let solution = generator.solution_grid();
            let mut board = Board::from_grid(&solution);
            for cell in 0..CELLS {
                let cell = (cell * 37) % CELLS; // a fixed scattered order
                let digit = board.cells[cell];
                board.clear(cell);
                let unique = count(&Grid(board.cells), 2).0 == 1;
                if forced(&board, cell, digit) {
                    forced_calls += 1;
                    assert!(unique, "forced on an ambiguous board");
                }
                if !unique {
                    board.place(cell, digit);
                }
            }
        }
        assert!(
            forced_calls >= 10 * grids, // about 40 a grid in practice
            "the shortcut fired only {forced_calls} times"
        );
    }

    /// Not a check: prints the generation rate. `cargo test --release --lib generate::tests::rate
    /// -- --ignored --nocapture`.
    #[test]
    #[ignore]
    fn rate() {
        let n = 5000;
        let mut generator = Generator::new(1);
        let start = std::time::Instant::now();
        let givens: usize = (0..n).map(|_| generator.puzzle().givens()).sum();
        let secs = start.elapsed().as_secs_f64();
        let grids_start = std::time::Instant::now();
        for _ in 0..n {
            std::hint::black_box(generator.solution_grid());
        }
        let grid_secs = grids_start.elapsed().as_secs_f64();
        println!(
            "{n} puzzles in {secs:.3} s: {:.0} puzzles/s, {:.1} us/puzzle, {:.2} givens on \
             average; solution grids alone {:.0}/s",
            n as f64 / secs,
            secs * 1e6 / n as f64,
            givens as f64 / n as f64,
            n as f64 / grid_secs,
        );
    }
}
