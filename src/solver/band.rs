//! The band solver: every digit's possible places as three 27-bit bands, the layout that makes
//! JCZSolve (and the `sudoku` crate, its Rust port) and tdoku fast.
//!
//! [`BitmaskSolver`](super::BitmaskSolver) keeps one candidate mask a cell and must walk cells
//! to find where a digit can go. Here the board is stored the other way round: for each digit,
//! the set of cells that may still hold it, split into the three bands of rows, one `u32` each:
//!
//! ```text
//!   band b of digit d = f[3 * d + b]            cell = 27 * b + bit
//!
//!   bit:  26 25 24 | 23 22 21 | 20 19 18      row 3b + 2
//!         17 16 15 | 14 13 12 | 11 10  9      row 3b + 1
//!          8  7  6 |  5  4  3 |  2  1  0      row 3b
//!         col 8 7 6   5 4 3      2 1 0
//!         box 3b+2    box 3b+1   box 3b
//! ```
//!
//! With digits apart, the rules become word operations on one band of one digit:
//! - the digit sits once in each of the band's three rows and once in each of its three boxes,
//!   so the rows pick their boxes as a *permutation*. Each 9-bit row reduces to the 3-bit set
//!   of boxes it reaches ([`BOXES_OF_ROW`], three independent lookups in `work`; elsewhere
//!   `boxes_reached` gets all three at once from two carry-free multiplications, fewer
//!   instructions but a longer chain of dependent ones); they form a 3x3 matrix, and
//!   [`PERMUTED`] keeps only the row-box pieces that some permutation inside that matrix
//!   uses.
//!   That one lookup does pointing and claiming (locked candidates) inside the band, finds
//!   hidden singles in boxes (a box reached by one row forces that row), and sees a dead band
//!   (no permutation left) as a zero;
//! - a box whose digit is left in one column of the band takes that column from the digit's
//!   other two bands (pointing along columns): one lookup, [`LONE_COLUMNS`], on the band's
//!   three rows ORed together;
//! - a piece that every permutation uses (the high half of [`PERMUTED`]) in a box with one
//!   column left is a single cell, the digit's only place in its row: it is placed, and leaves
//!   the other eight digits (one AND each, done without a branch even for old placements).
//!   Its column already left the other bands by the rule above. A placed cell keeps its bit
//!   in its digit: that is how the solution is read back;
//! - naked singles need the digits together: per band, "seen once" and "seen twice" accumulate
//!   over the nine digits (`twice |= once & x; once |= x`), so an open cell in `once` but not
//!   `twice` has one digit left, and an open cell outside `once` has none.
//!
//! A band is reworked only when it changed since it was last worked (`prev`). The two
//! searches find the changed bands differently (`settle_by_mask`, `settle_by_scan`): the band
//! search asks all 27 at once, as a bit set the compiler builds with vector compares, and
//! works the bands in it; the cell search scans an unrolled pass, a compare a band, ordered
//! for short chains of dependent instructions. The lookups in `work` are likewise chosen
//! for short chains rather than for fewest instructions. A "dirty band" bit set kept up to
//! date by every write measured more instructions than the scan: its upkeep cost more than
//! the scan it saves.
//!
//! Claiming along columns (a digit whose column lies in one band must sit in that column's
//! box) is the one family of locked candidates the band rules miss. It costs a pass over the
//! nine digits, so it waits until the other rules are stuck.
//!
//! ## Two ways to search
//!
//! At its first branch point a puzzle picks how it will branch, by how many cells are open
//! (`BAND_SEARCH_FROM`):
//! - **by cells**, on a nearly-solved board: claiming along columns at the root only, then a
//!   two-candidate cell (a third "seen three times" accumulator finds them; the last one,
//!   bottom band first), else an open cell with the fewest candidates;
//! - **by bands and stacks**, on an open board, as tdoku does: at every stuck node, claiming
//!   along columns and the triads (`State::band_rules`: a minirow or minicolumn holds
//!   exactly three digits), then a branch on the band or stack with the fewest digits still
//!   undecided (`State::choose`), one child per permutation of its most open digit.
//!   Deciding a digit's whole band at once settles more than one cell does: on the hard lists
//!   this halves the guesses (hardest_1905, count to 2: 301 to 123 a puzzle; hardest_1106:
//!   574 to 220) and the table bench's ratio to the `sudoku` crate rose from 0.91-1.00x to
//!   1.13-1.55x there. The triads are not optional here: without them a choice that crowds
//!   four digits into one minirow goes unseen for many levels, and an empty grid never
//!   finished.
//!
//! The two are two instances of one generic search (`BANDS`). A band search's `work` also
//! keeps each band's shape (its [`SHAPES`] entry and column set), so that the band rules, 44%
//! of the instructions on hardest_1905, read them instead of deriving them from the bands
//! again; a cell search has no use for them and keeps its cheaper `work`.
//!
//! A branch copies the state: 27 bands, their last worked values and 3 open-cell
//! sets, 228 bytes, and in a band search the 162 bytes of shapes (a cell search zeroes them);
//! the last option tried reuses the node's own state. The search takes the
//! state by reference: taken by value, that last digit paid for a copy too (the move into the
//! call), and the change cut 2.5% of the instructions on the hard lists. The copy is built
//! as `f`, `f`, `open` (at a branch `prev` equals `f`): no more instructions than copying the
//! whole state, but no `memcpy` call either, and 1-3% faster in the table bench.
//!
//! Tried and measured (callgrind on fixed samples of the 17-clue, hardest_1905 and
//! hardest_1106 lists, then the table bench), and not kept:
//! - placing a permutation's forced cells only when new (`placed & open`, a branch): 4% fewer
//!   instructions but 5-10% slower in wall time (the branch mispredicts; see `work`);
//! - a first test whether any band changed (XOR-OR over all 27) before each pass, or comparing
//!   bands two at a time as 64-bit pairs: 10-30% more instructions (the loads are not merged);
//! - in the cell search (before band search existed), claiming along columns at every node (4%
//!   more instructions), or to a depth of 3, 6 or 10: 1-2.5% fewer on the hard lists but 1-2%
//!   more on 17-clue puzzles;
//! - band search for every puzzle: 25-30% slower on serg_benchmark, whose boards are nearly
//!   solved at the first branch point; band search without the stacks (bands only): 12% more
//!   guesses on hardest_1905;
//! - first-solution digit order on a two-candidate cell (fewer places first: in the cell's
//!   row, or the least or the sum over its row, column and box; also the reverse order): gains
//!   on one hardest sample were matched by losses on another, so noise;
//! - the state band-major (see `at`); SSE2 band rules, a digit's three bands as the lanes
//!   of a vector (no fewer instructions than the scalar pass with its table lookups: 3 of 4
//!   lanes used, and the permutations in the stacks want one lane only); visiting the bands
//!   a digit at a time (nine tests a pass instead of 27, for 16% fewer mispredicted branches
//!   but 42% more instructions);
//! - the band rules twice a node (6% more instructions, 3-5% fewer guesses); branching on the
//!   digit with the fewest permutations anywhere rather than in the tightest band or stack
//!   (19% more instructions on hardest_1905);
//! - in `work`, folding the band's columns before the [`PERMUTED`] lookup, and again only
//!   when that lookup took a piece (11-20% slower: that branch is common); naked singles
//!   after every pass of the bands rather than once they are idle (13-25% more instructions,
//!   10-15% slower); `BAND_SEARCH_FROM` 47 (top1465 2-4% faster, serg_benchmark 5% slower)
//!   or 54 (top1465 4% slower in wall time, though 3% fewer instructions);
//! - for the branch (`State::choose`; guesses a puzzle, count to 2, on a 12,000-puzzle
//!   slice of hardest_1905, on hardest_1106 and on top1465): tdoku's rule, the unit with the
//!   fewest permutations and its digit with the fewest, 128/227/18.7; that unit's digit with
//!   the most, 135/248/19.3; weighing permutations against undecided digits (a unit's
//!   permutations plus 1, 2, 3 or 5 a digit undecided), 124-123/221-214/18.6-18.9; the sum
//!   of the digits' log permutations, 127/228/18.6; fewest undecided then fewest
//!   permutations, 114/172/19.9; fewest undecided then the first such unit, 107/141/21.2
//!   (against the kept rule, in puzzles/s: hardest_1905 6% slower, hardest_1106 14% slower,
//!   top1465 4-6% faster, the 17-clue list 2% faster; the kept rule makes 98/118/22.8). Also
//!   the kept rule only where a unit has at most 3 to 6 digits undecided, else tdoku's; the
//!   kept rule from the root until some guesses are made, then tdoku's, or the other way
//!   round; and `BAND_SEARCH_FROM` 53 or 56 under the kept rule: each gave back on the hard
//!   lists at least what it won on top1465. Trying a branch's options in order of how many
//!   cells they keep (first solution): noise.
//!
//! [`Outcome::guesses`] counts options tried at branch points (digits of a cell, permutations
//! of a band or stack): a two-way branch that tries both counts 2. Every table is built by a
//! `const fn` and checked by a test.

use super::{Outcome, Solver};
use crate::grid::{Grid, CELLS};

/// All 27 cells of a band.
const BAND: u32 = (1 << 27) - 1;
/// The nine bits of one row.
const ROW: u32 = 0x1FF;

/// The boxes (bit `k` for the band's box `k`) that a 9-bit row reaches: read by `work`, and the
/// specification of `boxes_reached`, which a test checks against it.
pub const BOXES_OF_ROW: [u32; 512] = boxes_of_row();

/// For each 3x3 matrix `m` of row-box pieces (bit `3 * r + k`: row `r` still reaches box `k`),
/// the band's cells in the pieces that some permutation within `m` uses (low 32 bits; 0 when
/// none fits), and in the pieces that every one uses (high 32 bits: the forced pieces).
///
/// ```text
///   m bit:   8 7 6    row 2 reaches box 2, 1, 0
///            5 4 3    row 1
///            2 1 0    row 0
///   piece (r, k) -> band bits 9r + 3k .. 9r + 3k + 2
/// ```
pub const PERMUTED: [u64; 512] = permuted();

/// Per band bit: the band with the cell's row, box and column cleared, except the cell itself.
/// ANDed into the placed digit's own band.
pub const KEEP_IN_BAND: [u32; 27] = keep_in_band();

/// Per band bit: the band with the cell's column cleared; ANDed into the placed digit's
/// other two bands.
pub const KEEP_OTHER_BANDS: [u32; 27] = keep_other_bands();

/// The columns of a 9-bit column set (bit `c`: column `c` of the band) that are alone in their
/// box, as band cells (all three rows): a digit confined to such a column within its box of
/// the band leaves that column in the other two bands.
pub const LONE_COLUMNS: [u32; 512] = lone_columns();

const fn lone_columns() -> [u32; 512] {
    let mut table = [0; 512];
    let mut cols = 0;
    while cols < 512 {
        // The lone columns' bits, repeated in the band's three rows.
        table[cols] = column(0) * LONE_COLUMN_BITS[cols] as u32;
        cols += 1;
    }
    table
}

/// Per 9-bit set of columns that hold a digit in this band only: the band with the other two
/// columns of each such column's box cleared (the digit must sit in that column there).
pub const CLAIM_KEEP: [u32; 512] = claim_keep();

const fn claim_keep() -> [u32; 512] {
    let mut table = [BAND; 512];
    let mut cols = 0;
    while cols < 512 {
        let mut c = 0;
        while c < 9 {
            if cols >> c & 1 != 0 {
                let boxed = box_cells(c / 3);
                table[cols] &= !(boxed & !column(c));
            }
            c += 1;
        }
        cols += 1;
    }
    table
}

const fn boxes_of_row() -> [u32; 512] {
    let mut table = [0; 512];
    let mut row = 0;
    while row < 512 {
        let mut k = 0;
        while k < 3 {
            if row >> (3 * k) & 7 != 0 {
                table[row] |= 1 << k;
            }
            k += 1;
        }
        row += 1;
    }
    table
}

/// The six ways three rows can take three boxes: `PERMUTATIONS[p][r]` is row `r`'s box.
const PERMUTATIONS: [[usize; 3]; 6] =
    [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];

/// For each row-box matrix `m` (see [`PERMUTED`]): the permutations that fit in it, as bit
/// `p` for `PERMUTATIONS[p]` (low 6 bits), and how many they are (bits 8 and up). The search
/// branches on a band's fitting permutations; the same table, read with bands for rows and a
/// stack's columns for boxes, serves the digit's permutations in a stack.
pub const FITTING: [u16; 512] = fitting();

const fn fitting() -> [u16; 512] {
    let mut table = [0; 512];
    let mut m = 0;
    while m < 512 {
        let (mut set, mut count) = (0, 0);
        let mut p = 0;
        while p < 6 {
            let boxes = PERMUTATIONS[p];
            if m >> boxes[0] & 1 != 0
                && m >> (3 + boxes[1]) & 1 != 0
                && m >> (6 + boxes[2]) & 1 != 0
            {
                set |= 1 << p;
                count += 1;
            }
            p += 1;
        }
        table[m] = set | count << 8;
        m += 1;
    }
    table
}

/// The band cells of the three pieces of `PERMUTATIONS[p]`: row `r` in box `PERMUTATIONS[p][r]`.
pub const PERMUTATION_CELLS: [u32; 6] = permutation_cells();

const fn permutation_cells() -> [u32; 6] {
    let mut table = [0; 6];
    let mut p = 0;
    while p < 6 {
        let mut r = 0;
        while r < 3 {
            table[p] |= minirow(r, PERMUTATIONS[p][r]);
            r += 1;
        }
        p += 1;
    }
    table
}

/// For each row-box matrix `m` (see [`PERMUTED`]), the pieces every fitting permutation uses,
/// as a matrix of the same layout: the minirows the digit is forced into.
pub const FORCED_MINIROWS: [u16; 512] = forced_m();

const fn forced_m() -> [u16; 512] {
    let mut table = [0; 512];
    let mut m = 0;
    while m < 512 {
        // The forced cells are whole pieces, so the pieces they reach are those pieces.
        table[m] = boxes_reached((PERMUTED[m] >> 32) as u32) as u16;
        m += 1;
    }
    table
}

/// A digit with `n` permutations left in a band or stack, as [`State::choose`] weighs it: an
/// undecided digit (`n` of two or more) counts 64, less its permutations, so that a unit's sum
/// orders units by their undecided digits first (at most 6 permutations a digit), and then by
/// their permutations, most first.
const OPEN_DIGIT: [u32; 8] = [0, 0, 62, 61, 60, 59, 58, 0];

/// Per 9-bit column set of a band: the columns alone in their box (as [`LONE_COLUMNS`], as
/// column bits).
pub const LONE_COLUMN_BITS: [u16; 512] = lone_column_bits();

const fn lone_column_bits() -> [u16; 512] {
    let mut table = [0; 512];
    let mut x = 0;
    while x < 512 {
        let mut k = 0;
        while k < 3 {
            let g = (x >> (3 * k)) & 7;
            if g == 1 || g == 2 || g == 4 {
                table[x] |= (g << (3 * k)) as u16;
            }
            k += 1;
        }
        x += 1;
    }
    table
}

/// For each row-box matrix `m` (see [`PERMUTED`]), what a band search keeps of a band with that
/// matrix, for the band rules, in one word: bits 0-8, the pieces that some fitting permutation
/// uses (what is left of `m` once the band keeps only those); bits 9-17, the pieces every one
/// uses ([`FORCED_MINIROWS`]); bits 18 and up, how many fit.
pub const SHAPES: [u32; 512] = shapes();

const fn shapes() -> [u32; 512] {
    let mut table = [0; 512];
    let mut m = 0;
    while m < 512 {
        table[m] = boxes_reached(PERMUTED[m] as u32)
            | (FORCED_MINIROWS[m] as u32) << 9
            | ((FITTING[m] >> 8) as u32) << 18;
        m += 1;
    }
    table
}

/// Per minirow `3r + k`: its three cells in the band, row `r` of box `k`.
pub const MINIROW_CELLS: [u32; 9] = minirow_cells();

const fn minirow_cells() -> [u32; 9] {
    let mut table = [0; 9];
    let mut j = 0;
    while j < 9 {
        table[j] = minirow(j / 3, j % 3);
        j += 1;
    }
    table
}

/// Per minirow `3r + k`: the band with the other pieces of row `r` and of box `k` cleared (the
/// digit is in that minirow).
pub const FORCE_KEEP: [u32; 9] = force_keep();

const fn force_keep() -> [u32; 9] {
    let mut table = [0; 9];
    let mut j = 0;
    while j < 9 {
        let (r, k) = (j / 3, j % 3);
        table[j] = (BAND & !((ROW << (9 * r)) | box_cells(k))) | minirow(r, k);
        j += 1;
    }
    table
}

const fn permuted() -> [u64; 512] {
    let mut table = [0; 512];
    let mut m = 0;
    while m < 512 {
        let (mut some, mut every) = (0u32, BAND);
        let mut p = 0;
        while p < 6 {
            let boxes = PERMUTATIONS[p];
            let mut fits = true;
            let mut cells = 0;
            let mut r = 0;
            while r < 3 {
                fits &= m >> (3 * r + boxes[r]) & 1 != 0;
                cells |= minirow(r, boxes[r]);
                r += 1;
            }
            if fits {
                some |= cells;
                every &= cells;
            }
            p += 1;
        }
        if some == 0 {
            every = 0;
        }
        table[m] = some as u64 | (every as u64) << 32;
        m += 1;
    }
    table
}

/// Where band `b` of digit `d` (both 0-based) sits in the state: digit-major. Band-major (the
/// nine digits of a band side by side) let the compiler clear a placed cell from all nine
/// with two 128-bit ANDs and a scalar one: 1% fewer instructions, but 5-11% slower on the
/// 17-clue, top1465 and hardest_1905 lists, as those wide loads read values just stored one
/// by one (store forwarding fails).
#[inline(always)]
const fn at(d: usize, b: usize) -> usize {
    3 * d + b
}

/// The band bits of column `col`, in all three rows.
const fn column(col: usize) -> u32 {
    (1 | 1 << 9 | 1 << 18) << col
}

/// The band bits of box `k` of the band (its columns `3k` to `3k + 2`).
const fn box_cells(k: usize) -> u32 {
    column(3 * k) * 7
}

/// The band bits of the minirow in row `r` and box `k`: the piece `(r, k)`.
const fn minirow(r: usize, k: usize) -> u32 {
    7 << (9 * r + 3 * k)
}

const fn keep_in_band() -> [u32; 27] {
    let mut table = [0; 27];
    let mut bit = 0;
    while bit < 27 {
        let (row, col) = (bit / 9, bit % 9);
        let boxed = box_cells(col / 3);
        let gone = ROW << (9 * row) | boxed | column(col);
        table[bit] = (BAND & !gone) | 1 << bit;
        bit += 1;
    }
    table
}

const fn keep_other_bands() -> [u32; 27] {
    let mut table = [0; 27];
    let mut bit = 0;
    while bit < 27 {
        table[bit] = BAND & !column(bit % 9);
        bit += 1;
    }
    table
}

/// The band's 3x3 matrix of row-box pieces (bit `3 * r + k`: row `r` reaches box `k`), the
/// index of [`PERMUTED`], by two carry-free multiplications instead of three lookups.
///
/// ```text
///   t = a | a >> 1 | a >> 2        bit 3j: piece j is not empty (j = 3r + k)
///   y = (t & 0o111111111) * 21     row r's bits 9r, 9r+3, 9r+6 -> 9r+4, 9r+5, 9r+6
///   z = y >> 4 & 0o007007007       three 3-bit fields, at bits 0, 9 and 18
///   m = (z * (1 << 12 | 1 << 6 | 1)) >> 12 & 0o777   fields -> bits 0..2, 3..5, 6..8
/// ```
/// The other partial products land apart from the kept bits and from each other (checked
/// against [`BOXES_OF_ROW`] by a test).
#[inline(always)]
const fn boxes_reached(a: u32) -> u32 {
    let t = a | a >> 1 | a >> 2;
    let y = (t & 0o111_111_111) * 21;
    let z = (y >> 4 & (7 | 7 << 9 | 7 << 18)) as u64;
    ((z * (1 << 12 | 1 << 6 | 1)) >> 12) as u32 & ROW
}

/// A digit's 3x3 matrix in stack `s` (bit `3 * b + j`: band `b` still reaches the stack's
/// column `j`), from its three bands' column sets `columns` (band `b`'s at bits `9b..9b+8`):
/// the three 3-bit fields of the stack, gathered by the multiplication of [`boxes_reached`].
#[inline(always)]
const fn stack_matrix(columns: u32, s: usize) -> usize {
    let z = (columns >> (3 * s) & (7 | 7 << 9 | 7 << 18)) as u64;
    ((z * (1 << 12 | 1 << 6 | 1)) >> 12) as usize & ROW as usize
}

/// The nine columns of a band that hold some cell of it.
#[inline(always)]
const fn fold(x: u32) -> u32 {
    (x | x >> 9 | x >> 18) & ROW
}

/// What the search branches on when no rule applies.
#[derive(Clone, Copy)]
enum Choice {
    /// Band `i` (digit `i / 3`, band `i % 3`; see [`at`]): which of its fitting permutations
    /// of rows and boxes holds.
    Band(usize),
    /// Digit `d` in stack `s`: which permutation of bands and the stack's columns holds.
    Stack(usize, usize),
    /// An open cell (band, band bit): which of its digits. Only when no band or stack has two
    /// permutations left, which the rules never leave (kept for safety).
    Cell(usize, usize),
}

/// What [`State::band_rules`] found.
enum Rules {
    /// A contradiction.
    Dead,
    /// Some candidates went: propagate again. Should the node be stuck again, it branches on
    /// this choice, made from the board before the change.
    Changed(Choice),
    /// Nothing to apply: branch on this.
    Stuck(Choice),
}

/// How a puzzle's search branches, decided at its first branch point.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Strategy {
    /// Before the first branch point.
    Undecided,
    /// On two-candidate cells, with claiming along columns at the root only.
    Cells,
    /// On bands and stacks ([`State::choose`]), with claiming along columns at every node.
    Bands,
}

/// One node of the search; small and `Copy`, so a branch copies it.
#[derive(Clone, Copy)]
struct State {
    /// Where each digit may still go: band `b` of digit `d` (0-based) at [`at`]`(d, b)`.
    f: [u32; 27],
    /// Each band as it was when last worked: a band equal to it has nothing new to give.
    prev: [u32; 27],
    /// The cells not yet placed, per band.
    open: [u32; 3],
    /// Per band, as last worked: its [`SHAPES`] entry (row-box matrix, forced pieces, how many
    /// permutations fit) and its column set. Kept by a band search only, and read by
    /// [`State::band_rules`], which runs only when every band is as last worked.
    pieces: [u32; 27],
    columns: [u16; 27],
}

/// What propagation left.
enum Propagated {
    Contradiction,
    Solved,
    /// No rule applies: branch.
    Stuck(Choice),
    /// The first branch point of a puzzle that will be searched by bands: search again with
    /// `BANDS`, after [`State::shape_bands`].
    ToBands,
}

impl State {
    /// The start state with the givens placed; `None` if two givens conflict. Built per digit
    /// rather than by placing one given at a time (`place`): 8% fewer instructions on
    /// serg_benchmark (35 givens a puzzle), 6% on 17-clue puzzles.
    #[inline(always)]
    fn new(puzzle: &Grid) -> Option<State> {
        let mut state =
            State { f: [0; 27], prev: [0; 27], open: [0; 3], pieces: [0; 27], columns: [0; 27] };
        // The blank cells of each band, in registers (a pass that sorted every cell by value
        // into memory was a chain of dependent read-modify-writes, most on the blanks' word).
        let cells = puzzle.cells();
        let mut open = [0u32; 3];
        for (b, band) in cells.chunks_exact(27).enumerate() {
            for (bit, &value) in band.iter().enumerate() {
                open[b] |= u32::from(value == 0) << bit;
            }
        }
        state.open = open;
        // Per digit and band: its givens, and what they leave of the digit's bands (their
        // rows, boxes and columns go).
        let (mut own, mut keep) = ([[0u32; 3]; 9], [[BAND; 3]; 9]);
        for b in 0..3 {
            let mut givens = BAND & !open[b];
            while givens != 0 {
                let bit = givens.trailing_zeros() as usize;
                givens &= givens - 1;
                // Masked, so that the index needs no check (a given is 1 to 9).
                let d = usize::from(cells[27 * b + bit].wrapping_sub(1)) % 9;
                own[d][b] |= 1 << bit;
                keep[d][b] &= KEEP_IN_BAND[bit];
                keep[d][(b + 1) % 3] &= KEEP_OTHER_BANDS[bit];
                keep[d][(b + 2) % 3] &= KEEP_OTHER_BANDS[bit];
            }
        }
        for d in 0..9 {
            for b in 0..3 {
                // A given that another took shares a house with an equal given.
                if own[d][b] & !keep[d][b] != 0 {
                    return None;
                }
                state.f[at(d, b)] = keep[d][b] & open[b] | own[d][b];
            }
        }
        Some(state)
    }

    /// Places digit `d` at bit `bit` of band `b`: the cell leaves the other digits, its row,
    /// box and column leave this digit. False if the digit could not go there.
    #[inline(always)]
    fn place(&mut self, d: usize, b: usize, bit: usize) -> bool {
        let cell = 1 << bit;
        let own = at(d, b);
        if self.f[own] & cell == 0 {
            return false;
        }
        for other in 0..9 {
            self.f[at(other, b)] &= !cell;
        }
        self.f[own] |= cell;
        self.f[own] &= KEEP_IN_BAND[bit];
        let keep = KEEP_OTHER_BANDS[bit];
        self.f[at(d, (b + 1) % 3)] &= keep;
        self.f[at(d, (b + 2) % 3)] &= keep;
        self.open[b] &= !cell;
        true
    }

    /// Works band `i` (digit `i / 3`, band `i % 3`): keeps the pieces of some box permutation,
    /// places the hidden singles of its rows. False if the band is dead.
    #[inline(always)]
    fn work<const BANDS: bool>(&mut self, i: usize) -> bool {
        let mut a = self.f[i];
        // Indices masked to 9 bits, so that the compiler sees they are in bounds.
        // Three lookups rather than `boxes_reached`: 2% more instructions, but independent
        // loads make a shorter chain from the band to its next use (1-4% faster on the hard
        // lists and serg_benchmark, interleaved runs).
        let m = BOXES_OF_ROW[(a & ROW) as usize]
            | BOXES_OF_ROW[(a >> 9 & ROW) as usize] << 3
            | BOXES_OF_ROW[(a >> 18 & ROW) as usize] << 6;
        let pieces = PERMUTED[(m & ROW) as usize];
        a &= pieces as u32;
        if a == 0 {
            return false;
        }
        // A box whose only column holds the digit takes it from that column in the other
        // bands (pointing along columns); placed cells are such boxes.
        let columns = fold(a);
        let lone = LONE_COLUMNS[columns as usize];
        if BANDS {
            self.pieces[i] = SHAPES[(m & ROW) as usize];
            self.columns[i] = columns as u16;
        }
        // Where `i` is not a constant (`settle_by_mask`), finding the other two bands through
        // a table cut 7% of the instructions for no change in speed, and clearing all three
        // (this one is rewritten below) cut 5% and was 11% slower.
        let (d, b) = (i / 3, i % 3);
        self.f[at(d, (b + 1) % 3)] &= !lone;
        self.f[at(d, (b + 2) % 3)] &= !lone;
        // A piece that every permutation uses, in a box with one column left, is one cell:
        // the only place of the digit in its row (and box). Placed, it leaves the other
        // digits. Done for old placements too: an AND costs less than a branch.
        let placed = a & (pieces >> 32) as u32 & lone;
        self.open[b] &= !placed;
        for other in 0..9 {
            self.f[at(other, b)] &= !placed;
        }
        self.f[i] = a;
        self.prev[i] = a;
        true
    }

    /// Works every band that changed (in index order), until none has: the band search's way.
    /// False on a contradiction.
    ///
    /// Which bands changed is asked of all 27 at once, as a bit set that the compiler builds
    /// with vector compares (SSE2, on any x86-64); the bands in it are worked in turn, and the
    /// set is asked again. Against the scan of `settle_by_scan`, a branch a band, this is 6%
    /// more instructions but half the mispredicted branches in valgrind's branch simulation
    /// (top1465: 1.81M to 0.90M), since which bands changed is seldom the same twice. In
    /// puzzles a second (interleaved, 7 rounds, medians), first solution / count to 2:
    /// top1465 +3.5% / +2.9%, hardest_1905 +4.4% / +3.3%, hardest_1106 and the 17-clue list
    /// within 1%. Worked in the scan's order (through a lookup a band) rather than index
    /// order: 1-9% slower.
    #[inline(always)]
    fn settle_by_mask(&mut self) -> bool {
        loop {
            let mut changed = 0;
            for i in 0..27 {
                changed |= u32::from(self.f[i] != self.prev[i]) << i;
            }
            if changed == 0 {
                return true;
            }
            while changed != 0 {
                let i = changed.trailing_zeros() as usize;
                changed &= changed - 1;
                if !self.work::<true>(i) {
                    return false;
                }
            }
        }
    }

    /// Works every band that changed, until a pass changes none: the cell search's way. False
    /// on a contradiction.
    ///
    /// The pass is unrolled, so each copy of `work` has constant indices, and an idle band
    /// costs a compare. The order steps to another digit and another band each time (digit
    /// `d`, band `(d + k) % 3`, for k = 0, 1, 2): `work` writes the other bands of its digit
    /// and the other digits of its band, so the next band tested is never one it has just
    /// written, and its test need not wait for `work` to finish. In index order it was: 4-7%
    /// slower on every list, for 2.5% fewer instructions. `settle_by_mask` here: 22% slower
    /// on serg_benchmark.
    #[inline(always)]
    fn settle_by_scan(&mut self) -> bool {
        loop {
            let mut changed = false;
            macro_rules! visit {
                ($($i:literal)*) => {$(
                    if self.f[$i] != self.prev[$i] {
                        changed = true;
                        if !self.work::<false>($i) {
                            return false;
                        }
                    }
                )*};
            }
            visit!(0 4 8 9 13 17 18 22 26 1 5 6 10 14 15 19 23 24 2 3 7 11 12 16 20 21 25);
            if !changed {
                return true;
            }
        }
    }

    /// Applies the rules until none does. Inlined into the search when optimised (2% fewer
    /// instructions); not in an unoptimised build, where its 27 copies of the band rule made
    /// every recursive search frame large enough to overflow a test thread's stack.
    #[cfg_attr(debug_assertions, inline(never))]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn propagate<const BANDS: bool>(&mut self, strategy: &mut Strategy) -> Propagated {
        // The choice of the last run of the band rules, if they ran.
        let mut chosen = None;
        loop {
            // Work every band that changed, until none has.
            let alive = if BANDS { self.settle_by_mask() } else { self.settle_by_scan() };
            if !alive {
                return Propagated::Contradiction;
            }
            if self.open == [0; 3] {
                return Propagated::Solved;
            }
            // Naked singles: open cells seen in exactly one digit; none at all is dead.
            let mut found = false;
            let mut pair = (3, 0);
            for b in 0..3 {
                let (mut once, mut twice, mut thrice) = (0, 0, 0);
                for d in 0..9 {
                    let x = self.f[at(d, b)];
                    thrice |= twice & x;
                    twice |= once & x;
                    once |= x;
                }
                let two = self.open[b] & twice & !thrice;
                if two != 0 {
                    pair = (b, 31 - two.leading_zeros());
                }
                let open = self.open[b];
                if open & !once != 0 {
                    return Propagated::Contradiction;
                }
                let mut singles = open & !twice;
                found |= singles != 0;
                while singles != 0 {
                    let bit = singles.trailing_zeros() as usize;
                    singles &= singles - 1;
                    let cell = 1 << bit;
                    let mut d = 0;
                    while d < 9 && self.f[at(d, b)] & cell == 0 {
                        d += 1;
                    }
                    // An earlier single of this batch may have taken its last digit.
                    if d == 9 || !self.place(d, b, bit) {
                        return Propagated::Contradiction;
                    }
                }
            }
            if found {
                continue;
            }
            // Claiming along columns at the root (a band search does it in `band_rules`).
            if *strategy == Strategy::Undecided {
                match self.claim_columns() {
                    None => return Propagated::Contradiction,
                    Some(true) => continue,
                    Some(false) => {}
                }
            }
            if *strategy == Strategy::Undecided {
                let open: u32 = self.open.iter().map(|x| x.count_ones()).sum();
                if open >= BAND_SEARCH_FROM {
                    *strategy = Strategy::Bands;
                    return Propagated::ToBands;
                }
                *strategy = Strategy::Cells;
            }
            if BANDS {
                // Band search needs the triads: without them, choices that crowd four digits
                // into one minirow go unseen for many levels (an empty grid never finished).
                // Once a node: a second run found little (3% fewer guesses on the hard lists)
                // for its cost (8% more instructions), so a node stuck again branches on the
                // choice the first run made. `options` reads that choice's options afresh.
                if let Some(choice) = chosen {
                    return Propagated::Stuck(choice);
                }
                match self.band_rules() {
                    Rules::Dead => return Propagated::Contradiction,
                    Rules::Changed(choice) => {
                        chosen = Some(choice);
                        continue;
                    }
                    Rules::Stuck(choice) => return Propagated::Stuck(choice),
                }
            }
            if pair.0 < 3 {
                return Propagated::Stuck(Choice::Cell(pair.0, pair.1 as usize));
            }
            let (b, bit) = self.fewest();
            return Propagated::Stuck(Choice::Cell(b, bit as usize));
        }
    }

    /// The band or stack to branch on: of the three bands and three stacks, the one with the
    /// fewest digits still undecided there (two or more permutations left) and, of those, the
    /// one where they have the most permutations in all (the first on a tie); in it, the
    /// undecided digit with the *most* permutations (the first on a tie).
    ///
    /// tdoku branches on the unit with the fewest permutations in all, and in it on the digit
    /// with the fewest; so did this search until this rule measured fewer guesses on the hard
    /// lists. A likely reason, not measured: in a unit with few digits undecided, fixing the
    /// most open one leaves the triads little room for the others, so one branch decides
    /// most of the unit. Guesses a puzzle on the whole lists, first solution / count to 2,
    /// tdoku's rule and then this one:
    ///
    /// ```text
    ///   hardest_1905   68.12 / 128.85  ->  53.19 / 103.10
    ///   hardest_1106  102.69 / 234.56  ->  49.42 / 117.85
    ///   top1465        10.79 /  18.62  ->  12.75 /  22.89
    ///   17_clue         0.98 /   1.52  ->   1.44 /   2.43
    /// ```
    /// The easier lists lose some of what the hard ones gain; see the module notes for the
    /// variants tried between the two.
    ///
    /// `undecided`: per band 0-2 and stack 0-2, its undecided digits weighed by
    /// [`OPEN_DIGIT`], so that the least is the unit wanted; `cols`: each digit's column sets,
    /// three bands side by side (as in [`State::band_rules`]). A digit's permutations in a band
    /// are read from its kept shape.
    #[inline(always)]
    fn choose(&self, undecided: [u32; 6], cols: &[u32; 9]) -> Choice {
        let count = |m: usize| u32::from(FITTING[m] >> 8);
        // Zero: no digit undecided, nothing left to choose there.
        let mut best = (u32::MAX, 6);
        for (j, &n) in undecided.iter().enumerate() {
            if n > 0 && n < best.0 {
                best = (n, j);
            }
        }
        let j = best.1;
        if j == 6 {
            let (b, bit) = self.fewest();
            return Choice::Cell(b, bit as usize);
        }
        let mut most = (0, 0);
        for (d, &columns) in cols.iter().enumerate() {
            let n = if j < 3 {
                self.pieces[at(d, j)] >> 18
            } else {
                count(stack_matrix(columns, j - 3))
            };
            if n > most.0 {
                most = (n, d);
            }
        }
        let d = most.1;
        if j < 3 {
            Choice::Band(at(d, j))
        } else {
            Choice::Stack(d, j - 3)
        }
    }

    /// The permutations or digits `choice` can take (a bit set), and `apply` takes one.
    #[inline(always)]
    fn options(&self, choice: Choice) -> u32 {
        match choice {
            Choice::Band(i) => u32::from(FITTING[boxes_reached(self.f[i]) as usize] & 63),
            Choice::Stack(d, s) => {
                let x = [self.f[at(d, 0)], self.f[at(d, 1)], self.f[at(d, 2)]];
                let columns = fold(x[0]) | fold(x[1]) << 9 | fold(x[2]) << 18;
                u32::from(FITTING[stack_matrix(columns, s)] & 63)
            }
            Choice::Cell(b, bit) => {
                // Without a branch a digit (an iterator filter here cost 5% on serg_benchmark).
                let mut digits = 0;
                for d in 0..9 {
                    digits |= (self.f[at(d, b)] >> bit & 1) << d;
                }
                digits
            }
        }
    }

    /// Takes option `k` of `choice` (see [`State::options`]); false if that is already dead.
    #[inline(always)]
    fn apply(&mut self, choice: Choice, k: usize) -> bool {
        match choice {
            Choice::Band(i) => self.f[i] &= PERMUTATION_CELLS[k],
            Choice::Stack(d, s) => {
                let stack = box_cells(s);
                for (b, col) in PERMUTATIONS[k].into_iter().enumerate() {
                    self.f[at(d, b)] &= !stack | column(3 * s + col);
                }
            }
            Choice::Cell(b, bit) => return self.place(k, b, bit),
        }
        true
    }

    /// The rules of a band search, once the band rules and singles are stuck, in one pass over
    /// the digits: claiming along columns, and the triads. A minirow (three cells of a row in
    /// one box) and a minicolumn hold exactly three digits, so:
    /// - fewer than three digits able to go there, or more than three forced there: dead;
    /// - exactly three able to go there: each goes there;
    /// - three forced there: no other digit goes there.
    ///
    /// A digit is forced into a minirow when every permutation of its band uses that piece
    /// ([`FORCED_MINIROWS`]), into a minicolumn when its column lies in that band only or its
    /// box there keeps that column only. The same pass counts the undecided digits of every band
    /// and stack, and [`State::choose`] picks from them.
    #[inline(always)]
    fn band_rules(&mut self) -> Rules {
        // Per digit: the minirows it can reach and is forced into (bit 9b + 3r + k: band b,
        // row r, box k), the minicolumns likewise (bit 9b + c: band b, column c).
        let (mut rows, mut forced_rows) = ([0u32; 9], [0u32; 9]);
        let (mut cols, mut forced_cols) = ([0u32; 9], [0u32; 9]);
        // How many digits reach (`reach`) or are forced into (`held`) each minirow (low half)
        // and minicolumn (high half), bit-sliced: `reach[n]` holds the places reached at least
        // n + 1 times. Minirows and minicolumns share a 64-bit word, so one count does both.
        let (mut reach, mut held) = ([0u64; 4], [0u64; 4]);
        let count = |c: &mut [u64; 4], x: u64| {
            c[3] |= c[2] & x;
            c[2] |= c[1] & x;
            c[1] |= c[0] & x;
            c[0] |= x;
        };
        // Undecided digits (two or more permutations left): bands 0-2, then stacks 0-2.
        let mut undecided = [0u32; 6];
        let (mut claimed, mut somewhere) = (0, ROW);
        for d in 0..9 {
            let x = [self.f[at(d, 0)], self.f[at(d, 1)], self.f[at(d, 2)]];
            // Masked to 9 bits (they are), so that indexing the tables by them needs no check.
            let shape = |k: usize| {
                let i = at(d, k);
                (self.pieces[i], u32::from(self.columns[i]) & ROW)
            };
            let ((p0, c0), (p1, c1), (p2, c2)) = (shape(0), shape(1), shape(2));
            let (p, c) = ([p0, p1, p2], [c0, c1, c2]);
            // Every column must have a place for the digit (tested after the loop).
            somewhere &= c[0] | c[1] | c[2];
            let only = [c[0] & !(c[1] | c[2]), c[1] & !(c[0] | c[2]), c[2] & !(c[0] | c[1])];
            // Claiming along columns: a column in one band only keeps the digit's box there
            // to that column.
            for k in 0..3 {
                let y = x[k] & CLAIM_KEEP[only[k] as usize];
                claimed |= x[k] ^ y;
                self.f[at(d, k)] = y;
            }
            let forced = |k: usize| p[k] >> 9 & ROW;
            let lone = |k: usize| u32::from(LONE_COLUMN_BITS[c[k] as usize]);
            rows[d] = (p[0] & ROW) | (p[1] & ROW) << 9 | (p[2] & ROW) << 18;
            for k in 0..3 {
                undecided[k] += OPEN_DIGIT[(p[k] >> 18) as usize & 7];
            }
            forced_rows[d] = forced(0) | forced(1) << 9 | forced(2) << 18;
            cols[d] = c[0] | c[1] << 9 | c[2] << 18;
            forced_cols[d] =
                (only[0] | lone(0)) | (only[1] | lone(1)) << 9 | (only[2] | lone(2)) << 18;
        }
        if somewhere != ROW {
            return Rules::Dead;
        }
        // Counted in a loop of its own: in the loop above, the eight counters spilled.
        for d in 0..9 {
            count(&mut reach, u64::from(rows[d]) | u64::from(cols[d]) << 32);
            count(&mut held, u64::from(forced_rows[d]) | u64::from(forced_cols[d]) << 32);
        }
        let both = u64::from(BAND) | u64::from(BAND) << 32;
        if reach[2] != both || held[3] != 0 {
            return Rules::Dead;
        }
        // Exactly three digits reach these; three are forced into these.
        let three = !reach[3] & both;
        let (row_three, row_full) = (three as u32, held[2] as u32);
        let (col_three, col_full) = ((three >> 32) as u32, (held[2] >> 32) as u32);
        let mut changed = claimed;
        for d in 0..9 {
            let join = rows[d] & row_three & !forced_rows[d];
            let leave = rows[d] & row_full & !forced_rows[d];
            let join_cols = cols[d] & col_three & !forced_cols[d];
            let leave_cols = cols[d] & col_full & !forced_cols[d];
            if join | leave | join_cols | leave_cols == 0 {
                continue;
            }
            for b in 0..3 {
                let i = at(d, b);
                let old = self.f[i];
                let mut x = old & !(column(0) * (leave_cols >> (9 * b) & ROW));
                let mut leave = leave >> (9 * b) & ROW;
                while leave != 0 {
                    x &= !MINIROW_CELLS[leave.trailing_zeros() as usize];
                    leave &= leave - 1;
                }
                let mut join = join >> (9 * b) & ROW;
                while join != 0 {
                    x &= FORCE_KEEP[join.trailing_zeros() as usize];
                    join &= join - 1;
                }
                let mut join_cols = join_cols >> (9 * b) & ROW;
                while join_cols != 0 {
                    let col = join_cols.trailing_zeros() as usize;
                    join_cols &= join_cols - 1;
                    // The box keeps the digit in this column only; the other bands lose it.
                    x &= CLAIM_KEEP[1 << col];
                    for other in [at(d, (b + 1) % 3), at(d, (b + 2) % 3)] {
                        changed |= self.f[other] & column(col);
                        self.f[other] &= !column(col);
                    }
                }
                self.f[i] &= x;
                changed |= old ^ self.f[i];
            }
        }
        // Nothing changed, so the matrices above are the board's.
        for d in 0..9 {
            for k in 0..3 {
                undecided[3 + k] +=
                    OPEN_DIGIT[usize::from(FITTING[stack_matrix(cols[d], k)] >> 8) & 7];
            }
        }
        if changed != 0 {
            return Rules::Changed(self.choose(undecided, &cols));
        }
        Rules::Stuck(self.choose(undecided, &cols))
    }

    /// Claiming along columns, the one family of locked candidates that the band rules miss:
    /// a digit whose column lies in one band only must sit in that column's box there, so the
    /// box's other two columns lose it. Also finds a column with no place left (`None`).
    /// Returns whether anything changed. Run only when the cheaper rules are stuck.
    #[inline(always)]
    fn claim_columns(&mut self) -> Option<bool> {
        let mut changed = 0;
        for d in 0..9 {
            let [x0, x1, x2] = [self.f[at(d, 0)], self.f[at(d, 1)], self.f[at(d, 2)]];
            let (c0, c1, c2) = (fold(x0), fold(x1), fold(x2));
            if c0 | c1 | c2 != ROW {
                return None;
            }
            let y0 = x0 & CLAIM_KEEP[(c0 & !(c1 | c2)) as usize];
            let y1 = x1 & CLAIM_KEEP[(c1 & !(c0 | c2)) as usize];
            let y2 = x2 & CLAIM_KEEP[(c2 & !(c0 | c1)) as usize];
            changed |= (x0 ^ y0) | (x1 ^ y1) | (x2 ^ y2);
            self.f[at(d, 0)] = y0;
            self.f[at(d, 1)] = y1;
            self.f[at(d, 2)] = y2;
        }
        Some(changed != 0)
    }

    /// The first open cell with the fewest candidates (in a cell search, called only when no
    /// cell has two).
    #[cold]
    fn fewest(&self) -> (usize, u32) {
        let mut best = (0, 0, u32::MAX);
        for b in 0..3 {
            let mut open = self.open[b];
            while open != 0 {
                let bit = open.trailing_zeros();
                open &= open - 1;
                let n = (0..9).filter(|&d| self.f[at(d, b)] >> bit & 1 != 0).count() as u32;
                if n < best.2 {
                    best = (b, bit, n);
                }
            }
        }
        (best.0, best.1)
    }

    /// Records every band's shape, as `work::<true>` does, for a board where every band is
    /// as last worked: where a puzzle turns to the search by bands.
    fn shape_bands(&mut self) {
        for i in 0..27 {
            self.pieces[i] = SHAPES[boxes_reached(self.f[i]) as usize];
            self.columns[i] = fold(self.f[i]) as u16;
        }
    }

    /// The solved grid: each digit's bits are its cells.
    fn write(&self, out: &mut [u8; CELLS]) {
        for d in 0..9 {
            for b in 0..3 {
                let mut x = self.f[at(d, b)];
                while x != 0 {
                    out[27 * b + x.trailing_zeros() as usize] = d as u8 + 1;
                    x &= x - 1;
                }
            }
        }
    }
}

/// The band solver: per-digit band bitsets, in-band box permutations, singles, and branching on
/// two-candidate cells (nearly-solved boards) or on bands and stacks, with triads (open
/// boards). Holds only its counters, the puzzle's search strategy and the first solution;
/// reuse one for many puzzles.
#[derive(Debug, Clone)]
pub struct BandSolver {
    strategy: Strategy,
    limit: u32,
    solutions: u32,
    guesses: u64,
    first: [u8; CELLS],
}

/// A puzzle whose first branch point leaves fewer open cells than this is searched by cells,
/// else by bands and stacks. Measured on the corpora (open cells at the first branch point,
/// 5th to 95th percentile): serg_benchmark 40-47, 17_clue 18-60 (median 34), top1465 48-61,
/// hardest_1905 55-59, hardest_1106 56-60. Band search halves the guesses on the hard lists,
/// but its choice costs more than it saves on nearly-solved boards: on serg_benchmark it was
/// 25-30% slower than cell search.
const BAND_SEARCH_FROM: u32 = 50;

impl BandSolver {
    /// A solver ready for its first puzzle.
    pub fn new() -> BandSolver {
        BandSolver {
            strategy: Strategy::Undecided,
            limit: 1,
            solutions: 0,
            guesses: 0,
            first: [0; CELLS],
        }
    }

    /// `BANDS`: the search by bands and stacks, whose `work` keeps the bands' shapes for the
    /// band rules (a cell search has no use for them: 2-4% more instructions there). One
    /// search of each kind, rather than a test at every band, to keep the idle visit of a band
    /// at a compare.
    fn search<const BANDS: bool>(&mut self, state: &mut State) {
        let choice = match state.propagate::<BANDS>(&mut self.strategy) {
            Propagated::Contradiction => return,
            Propagated::Solved => {
                if self.solutions == 0 {
                    state.write(&mut self.first);
                }
                self.solutions += 1;
                return;
            }
            Propagated::Stuck(choice) => choice,
            Propagated::ToBands => {
                state.shape_bands();
                return self.search::<true>(state);
            }
        };
        let mut options = state.options(choice);
        while options != 0 {
            let k = options.trailing_zeros() as usize;
            options &= options - 1;
            self.guesses += 1;
            if options == 0 {
                // The last option to try: this node is done with, so no copy.
                if state.apply(choice, k) {
                    self.search::<BANDS>(state);
                }
                return;
            }
            // At a branch every band is as last worked (`prev` equals `f`).
            let mut child = if BANDS {
                State { prev: state.f, ..*state }
            } else {
                // A cell search keeps no band shapes: zeroing them costs less than a copy.
                State {
                    f: state.f,
                    prev: state.f,
                    open: state.open,
                    pieces: [0; 27],
                    columns: [0; 27],
                }
            };
            if child.apply(choice, k) {
                self.search::<BANDS>(&mut child);
            }
            if self.solutions >= self.limit {
                return;
            }
        }
    }
}

impl Default for BandSolver {
    fn default() -> Self {
        Self::new()
    }
}

impl Solver for BandSolver {
    fn solve(&mut self, puzzle: &Grid, limit: u32, solution: &mut Grid) -> Outcome {
        self.limit = limit.max(1);
        self.solutions = 0;
        self.guesses = 0;
        if let Some(mut state) = State::new(puzzle) {
            self.strategy = Strategy::Undecided;
            self.search::<false>(&mut state);
        }
        if self.solutions > 0 {
            solution.0 = self.first;
        }
        Outcome { solutions: self.solutions, guesses: self.guesses }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::dlx::DlxSolver;

    #[test]
    fn meets_the_solver_contract() {
        crate::solver::contract::check(|| Box::new(BandSolver::new()), true);
    }

    #[test]
    fn the_start_state_refuses_equal_givens_in_one_house_only() {
        // Two 5s: (row, column) pairs, and whether they conflict.
        let cases = [
            ((0, 0), (0, 8), true),  // one row
            ((0, 4), (2, 4), true),  // one column, one band
            ((1, 4), (7, 4), true),  // one column, two bands
            ((3, 3), (5, 5), true),  // one box
            ((0, 0), (1, 3), false), // no house in common
            ((0, 0), (4, 1), false),
        ];
        for ((r1, c1), (r2, c2), conflict) in cases {
            let mut cells = [0u8; CELLS];
            cells[9 * r1 + c1] = 5;
            cells[9 * r2 + c2] = 5;
            cells[9 * 8 + 8] = 7;
            let state = State::new(&Grid(cells));
            assert_eq!(state.is_none(), conflict, "({r1}, {c1}) and ({r2}, {c2})");
            if let Some(state) = state {
                // The givens are placed: their cells are closed, hold 5 only, and their
                // houses have no other 5.
                for (r, c) in [(r1, c1), (r2, c2)] {
                    let (b, bit) = ((9 * r + c) / 27, (9 * r + c) % 27);
                    assert_eq!(state.open[b] >> bit & 1, 0);
                    for d in 0..9 {
                        assert_eq!(state.f[at(d, b)] >> bit & 1 != 0, d == 4, "digit {d}");
                    }
                    let peers = (0..81).filter(|&x| {
                        let (rx, cx) = (x / 9, x % 9);
                        (rx, cx) != (r, c)
                            && (rx == r || cx == c || (rx / 3, cx / 3) == (r / 3, c / 3))
                    });
                    for x in peers {
                        assert_eq!(state.f[at(4, x / 27)] >> (x % 27) & 1, 0, "peer {x}");
                    }
                }
            }
        }
    }

    #[test]
    fn open_boards_are_searched_by_bands_and_nearly_solved_ones_by_cells() {
        use crate::solver::contract::HARD;
        // The first of serg_benchmark: 35 givens, two or more solutions.
        let serg =
            "8.........95.......76.........426798...571243...893165......916....3.487....1.532";
        let mut solver = BandSolver::new();
        let (mut ours, mut oracle) = (Grid::EMPTY, Grid::EMPTY);
        for (puzzle, strategy) in [(HARD, Strategy::Bands), (serg, Strategy::Cells)] {
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
    fn boxes_of_row_marks_the_reached_boxes() {
        for (row, &boxes) in BOXES_OF_ROW.iter().enumerate() {
            for k in 0..3 {
                assert_eq!(boxes >> k & 1 != 0, row >> (3 * k) & 7 != 0, "{row:#x}");
            }
            assert!(boxes < 8);
        }
    }

    #[test]
    fn boxes_reached_matches_the_row_lookups() {
        // Every band in an optimised build; a spread sample in a debug one.
        let step = if cfg!(debug_assertions) { 7919 } else { 1 };
        for a in (0..=BAND).step_by(step) {
            let want = BOXES_OF_ROW[(a & ROW) as usize]
                | BOXES_OF_ROW[(a >> 9 & ROW) as usize] << 3
                | BOXES_OF_ROW[(a >> 18 & ROW) as usize] << 6;
            assert_eq!(boxes_reached(a), want, "{a:#x}");
        }
    }

    #[test]
    fn lone_columns_are_the_only_column_of_their_box() {
        for cols in 0..512u32 {
            for c in 0..9 {
                let part = cols >> (c / 3 * 3) & 7;
                let lone = cols >> c & 1 != 0 && part.count_ones() == 1;
                assert_eq!(LONE_COLUMNS[cols as usize] & column(c) == column(c), lone, "{c}");
                assert_eq!(LONE_COLUMNS[cols as usize] & column(c) == 0, !lone, "{cols:#x} {c}");
            }
        }
    }

    #[test]
    fn claim_keep_clears_the_box_mates_of_claimed_columns() {
        for cols in 0..512u32 {
            for c in 0..9 {
                let mates = (0..9).filter(|&o| o != c && o / 3 == c / 3);
                let gone = mates.clone().any(|o| cols >> o & 1 != 0);
                let kept = CLAIM_KEEP[cols as usize] & column(c);
                assert_eq!(kept, if gone { 0 } else { column(c) }, "{cols:#x} {c}");
            }
        }
    }

    #[test]
    fn permuted_keeps_the_pieces_of_fitting_permutations() {
        let piece = |r: usize, k: usize| 7u32 << (9 * r + 3 * k);
        for (m, &entry) in PERMUTED.iter().enumerate() {
            let out = entry as u32;
            let forced = (entry >> 32) as u32;
            // Whole pieces only, and only pieces of the matrix.
            for r in 0..3 {
                for k in 0..3 {
                    let p = out & piece(r, k);
                    assert!(p == 0 || p == piece(r, k), "m {m:#x}");
                    assert!(p == 0 || m >> (3 * r + k) & 1 != 0, "m {m:#x}");
                }
            }
            // Every fitting permutation survives; a dead matrix gives 0.
            let mut any = false;
            let mut every = BAND;
            for perm in PERMUTATIONS {
                if (0..3).all(|r| m >> (3 * r + perm[r]) & 1 != 0) {
                    any = true;
                    assert!((0..3).all(|r| out & piece(r, perm[r]) != 0), "m {m:#x}");
                    every &= (0..3).map(|r| piece(r, perm[r])).sum::<u32>();
                }
            }
            assert_eq!(out == 0, !any, "m {m:#x}");
            assert_eq!(forced, if any { every } else { 0 }, "m {m:#x}");
            // Idempotent: what it keeps is its own fixed point.
            let again: u32 = (0..3)
                .flat_map(|r| (0..3).map(move |k| (r, k)))
                .filter(|&(r, k)| out & piece(r, k) != 0)
                .map(|(r, k)| 1 << (3 * r + k))
                .sum();
            assert_eq!(PERMUTED[again as usize], entry, "m {m:#x}");
        }
        // A row confined to one box forces the other rows out of it.
        assert_eq!(PERMUTED[0b111_111_001] as u32, piece(0, 0) | 0o770 << 9 | 0o770 << 18);
        assert_eq!(PERMUTED[0b111_111_001] >> 32, piece(0, 0).into());
    }

    /// The permutations (as `PERMUTATIONS` indices) whose pieces all lie in matrix `m`.
    fn fitting_permutations(m: usize) -> Vec<usize> {
        (0..6).filter(|&p| (0..3).all(|r| m >> (3 * r + PERMUTATIONS[p][r]) & 1 != 0)).collect()
    }

    #[test]
    fn fitting_lists_and_counts_the_permutations_in_a_matrix() {
        for (m, &entry) in FITTING.iter().enumerate() {
            let fits = fitting_permutations(m);
            let set: u16 = fits.iter().map(|&p| 1 << p).sum();
            assert_eq!(entry & 63, set, "m {m:#x}");
            assert_eq!(usize::from(entry >> 8), fits.len(), "m {m:#x}");
        }
        assert_eq!(FITTING[0o777] >> 8, 6);
        assert_eq!(FITTING[0o421] & 63, 1, "rows 0, 1, 2 in boxes 0, 1, 2: the identity");
    }

    #[test]
    fn permutation_cells_are_three_pieces_one_a_row_and_box() {
        for (p, &cells) in PERMUTATION_CELLS.iter().enumerate() {
            assert_eq!(cells.count_ones(), 9);
            for (r, k) in PERMUTATIONS[p].into_iter().enumerate() {
                assert_eq!(cells >> (9 * r) & ROW, 7 << (3 * k), "p {p} r {r}");
            }
            assert_eq!(fold(cells), ROW, "every column once");
        }
    }

    #[test]
    fn shapes_hold_the_used_and_forced_pieces_and_the_count() {
        for (m, &shape) in SHAPES.iter().enumerate() {
            let fits = fitting_permutations(m);
            let mut used = 0;
            for &p in &fits {
                for (r, k) in PERMUTATIONS[p].into_iter().enumerate() {
                    used |= 1 << (3 * r + k);
                }
            }
            assert_eq!(shape & ROW, used, "m {m:#x}");
            assert_eq!(shape >> 9 & ROW, u32::from(FORCED_MINIROWS[m]), "m {m:#x}");
            assert_eq!(shape >> 18, fits.len() as u32, "m {m:#x}");
        }
    }

    #[test]
    fn forced_minirows_are_the_pieces_of_every_fitting_permutation() {
        for (m, &forced) in FORCED_MINIROWS.iter().enumerate() {
            let fits = fitting_permutations(m);
            let mut want = 0;
            if !fits.is_empty() {
                for j in 0..9 {
                    if fits.iter().all(|&p| PERMUTATIONS[p][j / 3] == j % 3) {
                        want |= 1 << j;
                    }
                }
            }
            assert_eq!(forced, want, "m {m:#x}");
        }
    }

    #[test]
    fn minirow_tables_match_their_cells() {
        for j in 0..9 {
            let (r, k) = (j / 3, j % 3);
            assert_eq!(MINIROW_CELLS[j], 7 << (9 * r + 3 * k));
            for bit in 0..27 {
                let (row, col) = (bit / 9, bit % 9);
                let gone = (row == r) != (col / 3 == k);
                assert_eq!(FORCE_KEEP[j] >> bit & 1 == 0, gone, "minirow {j} bit {bit}");
            }
        }
        // LONE_COLUMNS is built from LONE_COLUMN_BITS: check the root against its definition.
        for cols in 0..512u32 {
            for c in 0..9 {
                let lone = cols >> c & 1 != 0 && (cols >> (c / 3 * 3) & 7).count_ones() == 1;
                assert_eq!(LONE_COLUMN_BITS[cols as usize] >> c & 1 != 0, lone, "{cols:#x} {c}");
            }
        }
    }

    #[test]
    fn stack_matrix_gathers_a_stacks_columns_by_band() {
        for s in 0..3 {
            for columns in (0..1u32 << 27).step_by(if cfg!(debug_assertions) { 9973 } else { 97 }) {
                let want: usize =
                    (0..3).map(|b| ((columns >> (9 * b + 3 * s) & 7) as usize) << (3 * b)).sum();
                assert_eq!(stack_matrix(columns, s), want, "{columns:#x} stack {s}");
            }
        }
    }

    #[test]
    fn keep_masks_clear_the_cells_peers() {
        for bit in 0..27 {
            let (row, col) = (bit / 9, bit % 9);
            for other in 0..27 {
                let (r, c) = (other / 9, other % 9);
                let peer = other != bit && (r == row || c == col || c / 3 == col / 3);
                assert_eq!(KEEP_IN_BAND[bit] >> other & 1 == 0, peer, "{bit} {other}");
                assert_eq!(KEEP_OTHER_BANDS[bit] >> other & 1 == 0, c == col, "{bit} {other}");
            }
            assert_eq!(KEEP_IN_BAND[bit].count_ones(), 27 - 14, "8 in the row, 6 more in the box");
        }
    }

    /// The shared corpora folder, if present.
    fn datasets() -> Option<std::path::PathBuf> {
        let dir = match std::env::var_os("SUDOKU_DATASETS") {
            Some(dir) => std::path::PathBuf::from(dir),
            None => std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/datasets"),
        };
        dir.is_dir().then_some(dir)
    }

    #[test]
    fn agrees_with_dlx_on_corpus_samples() {
        let Some(dir) = datasets() else {
            eprintln!("skipping: no corpus folder (set SUDOKU_DATASETS)");
            return;
        };
        // Fewer puzzles in a debug build, where DLX is slow.
        let per_corpus = if cfg!(debug_assertions) { 30 } else { 400 };
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.file_name().unwrap().to_string_lossy().starts_with("puzzles"))
            .collect();
        files.sort();
        assert!(!files.is_empty(), "no puzzles* corpus in {}", dir.display());
        let (mut ours, mut oracle) = (BandSolver::new(), DlxSolver::new());
        for path in files {
            let text = std::fs::read_to_string(&path).unwrap();
            let lines: Vec<&str> = text
                .lines()
                .map(str::trim_end)
                .filter(|l| l.len() >= 81 && !l.starts_with('#'))
                .collect();
            let step = (lines.len() / per_corpus).max(1);
            for line in lines.iter().step_by(step) {
                let puzzle = Grid::parse_line(&line.as_bytes()[..81]).unwrap();
                let (mut a, mut b) = (Grid::EMPTY, Grid::EMPTY);
                let got = ours.solve(&puzzle, 2, &mut a);
                let want = oracle.solve(&puzzle, 2, &mut b);
                assert_eq!(got.solutions, want.solutions, "{}: {puzzle}", path.display());
                assert!(a.is_solved() && a.agrees_with(&puzzle), "{puzzle} -> {a}");
                if want.solutions == 1 {
                    assert_eq!(a, b, "{puzzle}");
                }
                // Limit 1 stops at a valid solution too.
                let first = ours.solve(&puzzle, 1, &mut a);
                assert_eq!(first.solutions, 1);
                assert!(a.is_solved() && a.agrees_with(&puzzle));
            }
        }
    }

    /// Solves every puzzle with limits 1 and 2; kept apart so that callgrind can count just
    /// this (`--toggle-collect='*band_workload*'`).
    #[inline(never)]
    fn band_workload(puzzles: &[Grid]) -> (u64, u64) {
        let mut solver = BandSolver::new();
        let (mut found, mut guesses) = (0, 0);
        let mut solution = Grid::EMPTY;
        for limit in [1, 2] {
            for puzzle in puzzles {
                let outcome = solver.solve(std::hint::black_box(puzzle), limit, &mut solution);
                found += u64::from(outcome.solutions);
                guesses += outcome.guesses;
            }
        }
        (found, guesses)
    }

    /// A fixed sample for comparing versions by instruction counts under callgrind:
    /// `BAND_CORPUS=puzzles2 BAND_SAMPLE=300 valgrind --tool=callgrind
    /// --toggle-collect='*band_workload*' target/release/deps/sudoku_bulk-... --ignored
    /// workload`.
    #[test]
    #[ignore]
    fn workload() {
        let Some(dir) = datasets() else { return };
        let corpus = std::env::var("BAND_CORPUS").unwrap_or_else(|_| "puzzles".into());
        let n: usize = std::env::var("BAND_SAMPLE").map_or(300, |v| v.parse().unwrap());
        let mut names: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.file_name().unwrap().to_string_lossy().starts_with(&corpus))
            .collect();
        names.sort();
        for path in names {
            let text = std::fs::read_to_string(&path).unwrap();
            let lines: Vec<&str> =
                text.lines().filter(|l| l.len() >= 81 && !l.starts_with('#')).collect();
            let step = (lines.len() / n).max(1);
            let puzzles: Vec<Grid> = lines
                .iter()
                .step_by(step)
                .take(n)
                .map(|l| Grid::parse_line(&l.as_bytes()[..81]).unwrap())
                .collect();
            let (found, guesses) = band_workload(&puzzles);
            eprintln!(
                "{}: {} puzzles, {found} found, {guesses} guesses",
                path.display(),
                puzzles.len()
            );
        }
    }
}
