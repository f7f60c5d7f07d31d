//! The sized solver against the band solver on 9x9 puzzles, and against itself over every
//! shape (the dancing-links oracle's tests are in `solver::dlx`).

use super::*;
use crate::grid::Grid;
use crate::solver::{BandSolver, Solver};

/// Every shape the formats know, and the less usual ones.
pub(crate) const SHAPES: [(usize, usize); 9] =
    [(2, 2), (2, 3), (3, 2), (2, 4), (3, 3), (3, 4), (4, 3), (4, 4), (5, 5)];

fn shape(rows: usize, cols: usize) -> Shape {
    Shape::new(rows, cols).unwrap()
}

/// Whether every house holds each digit once: checked cell by cell from rows, columns and
/// boxes computed here, not from `Shape::house_cell`.
fn is_valid_solution(board: &Board) -> bool {
    let s = board.shape();
    let n = s.size();
    let at = |r: usize, c: usize| board.cells()[r * n + c];
    let full = |digits: Vec<u8>| {
        let mut seen = vec![false; n + 1];
        digits.iter().all(|&d| {
            d >= 1 && usize::from(d) <= n && !std::mem::replace(&mut seen[usize::from(d)], true)
        })
    };
    (0..n).all(|i| {
        let (br, bc) = (i / s.box_rows() * s.box_rows(), i % s.box_rows() * s.box_cols());
        full((0..n).map(|j| at(i, j)).collect())
            && full((0..n).map(|j| at(j, i)).collect())
            && full((0..n).map(|j| at(br + j / s.box_cols(), bc + j % s.box_cols())).collect())
    })
}

#[test]
fn sizes_have_their_usual_shapes_and_cell_counts() {
    let usual: Vec<_> = [4, 6, 8, 9, 12, 16, 25]
        .iter()
        .map(|&n| Shape::of_size(n).map(|s| (s.box_rows(), s.box_cols())))
        .collect();
    let expected = [(2, 2), (2, 3), (2, 4), (3, 3), (3, 4), (4, 4), (5, 5)].map(Some);
    assert_eq!(usual, expected);
    assert_eq!(Shape::of_size(7), None, "a prime has no boxes");
    assert_eq!(Shape::of_size(36), None, "too large");
    assert_eq!(Shape::of_cells(256), Shape::new(4, 4));
    assert_eq!(Shape::of_cells(729), None, "27x27 is beyond the largest");
    assert_eq!(Shape::of_cells(80), None);
    assert_eq!(shape(3, 2).to_string(), "6x6 (boxes 3x2)");
    assert_eq!(shape(2, 3).to_string(), "6x6");
}

#[test]
fn every_house_holds_every_cell_once_per_kind() {
    for (r, c) in SHAPES {
        let s = shape(r, c);
        let n = s.size();
        for kind in 0..3 {
            let mut seen = vec![0; s.cells()];
            for house in kind * n..(kind + 1) * n {
                for k in 0..n {
                    seen[s.house_cell(house, k)] += 1;
                }
            }
            assert!(seen.iter().all(|&x| x == 1), "{s}: kind {kind}");
        }
        for house in 2 * n..3 * n {
            assert!((0..n).all(|k| s.box_of(s.house_cell(house, k)) == house - 2 * n));
        }
    }
}

#[test]
fn the_sized_solver_agrees_with_the_band_solver_on_nine_by_nine() {
    let text = include_str!("../../datasets/sample_10k.txt");
    let (mut band, mut sized) = (BandSolver::new(), SizedSolver::new());
    let mut checked = 0;
    for line in text.lines().filter(|l| l.len() == 81).step_by(7).take(800) {
        let grid: Grid = line.parse().unwrap();
        // Blank a few givens too, so that some have several solutions.
        for puzzle in [line.to_string(), format!("{}{}", ".".repeat(12), &line[12..])] {
            let grid9: Grid = puzzle.parse().unwrap();
            let board = Board::parse_line(puzzle.as_bytes(), None).unwrap();
            let mut want = Grid::EMPTY;
            let expected = band.solve(&grid9, 3, &mut want);
            let mut got = board.clone();
            let outcome = sized.count(Shape::NINE, &board.candidates(), 3, got.cells_mut());
            assert_eq!(outcome.solutions, expected.solutions, "{puzzle}");
            if expected.solutions == 1 {
                assert_eq!(got.cells(), want.cells(), "{puzzle}");
            } else {
                assert!(is_valid_solution(&got) && got.changed_given(&board).is_none());
            }
            checked += 1;
        }
        assert!(grid.cells().iter().filter(|&&d| d != 0).count() >= 17);
    }
    assert_eq!(checked, 1600);
}

#[test]
fn the_empty_four_by_four_has_288_completions() {
    let s = shape(2, 2);
    let mut first = vec![0; 16];
    let outcome = SizedSolver::new().count(s, &[s.all_digits(); 16], u32::MAX, &mut first);
    assert_eq!(outcome.solutions, 288);
    assert!(is_valid_solution(&Board::from_cells(s, &first).unwrap()));
}

#[test]
fn generated_puzzles_of_every_shape_are_unique_and_minimal() {
    let mut solver = SizedSolver::new();
    for (r, c) in SHAPES {
        let s = shape(r, c);
        let started = std::time::Instant::now();
        let count = if s.size() > 12 { 1 } else { 4 };
        let mut generator = SizedGenerator::new(s, 7);
        for index in 0..count {
            let solution = generator.solution(index);
            assert!(is_valid_solution(&solution), "{s}: {solution}");
            let puzzle = generator.puzzle(&solution, index);
            let mut got = puzzle.clone();
            let outcome = solver.count(s, &puzzle.candidates(), 2, got.cells_mut());
            assert_eq!((outcome.solutions, &got), (1, &solution), "{s}: {puzzle}");
            // Minimal: without any one of its givens, it has more than one solution (25x25
            // puzzles keep givens whose need took too long to prove).
            let givens = (0..s.cells()).filter(|&c| puzzle.cells()[c] != 0 && s.size() < 25);
            for cell in givens.step_by(3) {
                let mut less = puzzle.clone();
                less.cells_mut()[cell] = 0;
                let outcome = solver.count(s, &less.candidates(), 2, got.cells_mut());
                assert_eq!(outcome.solutions, 2, "{s}: {puzzle} without cell {cell}");
            }
        }
        eprintln!("{s}: {:?}", started.elapsed());
    }
}

#[test]
fn clashing_givens_and_empty_candidates_have_no_solution() {
    let mut solver = SizedSolver::new();
    for (r, c) in SHAPES {
        let s = shape(r, c);
        let mut board = Board::empty(s);
        board.cells_mut()[0] = 1;
        board.cells_mut()[s.size() - 1] = 1; // same row
        let mut out = vec![9; s.cells()];
        assert_eq!(solver.count(s, &board.candidates(), 2, &mut out).solutions, 0, "{s}");
        assert!(out.iter().all(|&d| d == 9), "left as it was");
        assert_eq!(board.conflict(), Some((1, crate::grid::House::Row(0))));
        let mut candidates = Board::empty(s).candidates();
        candidates[s.cells() - 1] = 0;
        assert_eq!(solver.count(s, &candidates, 2, &mut out).solutions, 0, "{s}");
    }
}

#[test]
fn pencilmarks_narrow_a_puzzle_to_their_solutions() {
    let puzzle =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    let board = Board::parse_line(puzzle.as_bytes(), None).unwrap();
    let mut solution = board.clone();
    let mut solver = SizedSolver::new();
    assert_eq!(
        solver.count(Shape::NINE, &board.candidates(), 2, solution.cells_mut()).solutions,
        1
    );
    // Blank every given, and allow each cell only its solution's digit and one other.
    let mut line = Vec::new();
    for &d in solution.cells() {
        let other = d % 9 + 1;
        line.extend((1..=9u8).map(|k| if k == d || k == other { b'0' + k } else { b'.' }));
    }
    let marks = Marks::parse_line(&line).unwrap();
    let mut again = Board::empty(Shape::NINE);
    let outcome = solver.count(Shape::NINE, marks.candidates(), 2, again.cells_mut());
    assert!(outcome.solutions >= 1);
    assert!(is_valid_solution(&again));
    let mut back = Vec::new();
    marks.write_line(&mut back);
    assert_eq!(back, line);
    // Givens only, as pencilmarks: the same one solution.
    let mut line = Vec::new();
    for &d in board.cells() {
        line.extend((1..=9u8).map(|k| if d == 0 || k == d { b'0' + k } else { b'.' }));
    }
    let marks = Marks::parse_line(&line).unwrap();
    let outcome = solver.count(Shape::NINE, marks.candidates(), 2, again.cells_mut());
    assert_eq!((outcome.solutions, &again), (1, &solution));
}

#[test]
fn lines_of_every_size_parse_and_say_what_is_wrong() {
    let sixteen = format!("G{}", ".".repeat(255));
    let board = Board::parse_line(sixteen.as_bytes(), None).unwrap();
    assert_eq!((board.shape(), board.cells()[0]), (shape(4, 4), 16));
    assert_eq!(board.to_string(), sixteen);
    let lower = Board::parse_line(format!("g{}", "0".repeat(255)).as_bytes(), None).unwrap();
    assert_eq!(lower, board);
    let errors = [
        (format!("7{}", ".".repeat(35)), "cell 1 (row 1, column 1): '7' is 7, above 6 in a 6x6 grid"),
        (format!("{}H{}", ".".repeat(17), ".".repeat(238)), "cell 18 (row 2, column 2): 'H' is 17, above 16 in a 16x16 grid"),
        (format!("{}#", ".".repeat(15)), "cell 16 (row 4, column 4): unexpected character '#'"),
        (".".repeat(100), "100 cells, expected a square grid's: 16, 36, 64, 81, 144, 256 or 625 (4x4 to 25x25), or 729 for a 9x9 pencilmark puzzle"),
    ];
    for (line, message) in errors {
        let error = Board::parse_line(line.as_bytes(), None).unwrap_err();
        assert_eq!(error.to_string(), message, "{line}");
    }
    let not_shape = Board::parse_line(b"................", Shape::new(2, 3)).unwrap_err();
    assert_eq!(not_shape.to_string(), "16 cells, expected 36 for 6x6");
    let mut marks = ".".repeat(729).into_bytes();
    marks[9 * 4 + 2] = b'4'; // the third mark of cell 5 must be 3 or `.`
    let error = Marks::parse_line(&marks).unwrap_err();
    assert_eq!(error.to_string(), "cell 5 (row 1, column 5): pencilmarks \"..4......\" are not digits 1-9 in place, `.` elsewhere");
}

#[test]
fn the_sized_solver_agrees_with_dancing_links_on_every_shape() {
    use crate::solver::dlx::SizedDlx;
    let (mut dlx, mut sized) = (SizedDlx::new(), SizedSolver::new());
    let mut compared = 0;
    for (r, c) in SHAPES {
        let s = shape(r, c);
        let mut generator = SizedGenerator::new(s, 11);
        let puzzles = if s.size() >= 16 { 1 } else { 3 };
        for index in 0..puzzles {
            let solution = generator.solution(index);
            // Minimal puzzles up to 12x12; larger ones half blank (dancing links takes
            // seconds to minutes on a minimal 16x16 or 25x25 puzzle).
            let puzzle = match s.size() {
                ..=12 => generator.puzzle(&solution, index),
                _ => {
                    let mut half = solution.clone();
                    half.cells_mut().iter_mut().step_by(2).for_each(|d| *d = 0);
                    half
                }
            };
            // The puzzle, and with its first few givens taken out (more solutions, up to the
            // limit of 6).
            let givens: Vec<usize> = (0..s.cells()).filter(|&c| puzzle.cells()[c] != 0).collect();
            for taken in [0, 1, 2, 4] {
                let mut board = puzzle.clone();
                for &cell in givens.iter().take(taken) {
                    board.cells_mut()[cell] = 0;
                }
                let candidates = board.candidates();
                let (mut a, mut b) = (board.clone(), board.clone());
                let theirs = dlx.count(s, &candidates, 6, a.cells_mut());
                let ours = sized.count(s, &candidates, 6, b.cells_mut());
                assert_eq!(ours.solutions, theirs.solutions, "{s}: {board}");
                assert!(is_valid_solution(&b) && b.changed_given(&board).is_none(), "{s}: {b}");
                if taken == 0 && s.size() <= 12 {
                    assert_eq!((&a, &b), (&solution, &solution), "{s}");
                }
                compared += 1;
            }
        }
    }
    assert_eq!(compared, 4 * (7 * 3 + 2));
}

/// Random pencilmarks reach what givens alone rarely do (locked candidates among many open
/// cells, hidden singles in cells with several candidates): each cell keeps its digit of a
/// generated solution and some random others, or is given, or now and then loses its digit,
/// so that some puzzles have one solution, some several and some none. (With a quarter of the
/// digits in 55% of the cells, no puzzle had several once the generator's grids came from
/// the band branch: those grids have few small unavoidable sets.)
#[test]
fn the_sized_solver_agrees_with_dancing_links_on_random_pencilmarks() {
    use crate::solver::dlx::SizedDlx;
    let (mut dlx, mut sized) = (SizedDlx::new(), SizedSolver::new());
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    let mut random = move || {
        // xorshift64: reproducible, and no dependency for it.
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut found = [0; 3]; // puzzles with no solution, one, several
    for (r, c) in SHAPES {
        let s = shape(r, c);
        let all = s.all_digits();
        let solution = SizedGenerator::new(s, 5).solution(0);
        let trials = if s.size() >= 16 { 3 } else { 40 };
        for _ in 0..trials {
            let candidates: Vec<u32> = solution
                .cells()
                .iter()
                .map(|&digit| {
                    let digit = 1 << (digit - 1);
                    let others = random() as u32 & all; // half the digits
                    match random() % 200 {
                        0 => others & !digit,
                        1..=79 => digit,
                        _ => others | digit,
                    }
                })
                .collect();
            let (mut a, mut b) = (solution.clone(), solution.clone());
            let theirs = dlx.count(s, &candidates, 4, a.cells_mut());
            let ours = sized.count(s, &candidates, 4, b.cells_mut());
            assert_eq!(ours.solutions, theirs.solutions, "{s}: {candidates:?}");
            if ours.solutions > 0 {
                let fits = b.cells().iter().zip(&candidates).all(|(&d, &m)| m & 1 << (d - 1) != 0);
                assert!(is_valid_solution(&b) && fits, "{s}: {b}");
            }
            found[ours.solutions.min(2) as usize] += 1;
        }
    }
    assert!(found.iter().all(|&count| count > 0), "{found:?}");
}

#[test]
fn puzzles_of_every_size_are_named_for_the_commands_that_take_nine_only() {
    use crate::verdict::RecordError;
    let said = |size| RecordError::NotNine { size, task: "canon" }.to_string();
    assert_eq!(said(14), "a 14x14 puzzle: canon takes 9x9 puzzles only");
    assert_eq!(said(8), "an 8x8 puzzle: canon takes 9x9 puzzles only");
    assert_eq!(said(18), "an 18x18 puzzle: canon takes 9x9 puzzles only");
    assert_eq!(said(0), "a pencilmark puzzle: canon takes 9x9 puzzles only");
    // A line read for such a command names its size the same way, or says what is wrong.
    let parsed = |len: usize| RecordError::parse_nine(&vec![b'.'; len], "canon");
    assert!(parsed(81).is_ok());
    assert_eq!(parsed(256).unwrap_err().to_string(), said(16));
    assert_eq!(parsed(729).unwrap_err().to_string(), said(0));
    assert_eq!(parsed(80).unwrap_err().to_string(), "80 cells, expected 81");
}
