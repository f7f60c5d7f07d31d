//! The solver for every size: candidates as one bit set a cell, singles and locked candidates
//! propagated, fewest candidates branching.
//!
//! The band solver is built around the 9x9 grid's 81 cells and 27-bit bands; other sizes need
//! a solver that is not. This one keeps, for each cell, the digits it may still hold as a
//! `u32` (bit `d - 1` for digit `d`; N is at most 25). A cell down to one digit is placed: its
//! digit leaves its peers (naked singles). Each house is then tallied for a digit with one
//! place left (hidden singles), and for a digit with none (a dead end); when that finds
//! nothing, the segments where a row or column crosses a box are tallied for digits locked in
//! one of them (locked candidates). When none of these finds anything, it branches on the
//! open cell with the fewest candidates (of those, the one sharing candidates with the most
//! open peers) and tries each in turn, on a copy of the state one level down a stack that is
//! kept between puzzles.
//!
//! The tallies walk the grid row by row, with bit operations and no tables, once a round:
//! that is where the time goes, so they do no more than they must (see [`hidden_singles`]
//! and [`locked_candidates`]). The peers and houses of each cell come from [`Tables`], built
//! once for a shape and kept until the next puzzle of another shape. It takes candidate masks
//! rather than givens, so pencilmark puzzles (a set of allowed digits a cell) are solved the
//! same way.

use super::Shape;
use crate::solver::Outcome;

/// The cells a shape's houses and peers are made of, as indices into the cell array.
#[derive(Debug, Clone)]
struct Tables {
    shape: Shape,
    /// `peer_count` peers a cell: the other cells of its row, column and box, once each.
    peers: Vec<u16>,
    peer_count: usize,
    /// The cells of house `h` (rows, then columns, then boxes) at `h * N .. (h + 1) * N`.
    houses: Vec<u16>,
    /// The houses of each cell, as indices of house: its row, column and box.
    houses_of: Vec<[u8; 3]>,
}

impl Tables {
    fn new(shape: Shape) -> Tables {
        let (n, cells) = (shape.size(), shape.cells());
        let houses: Vec<u16> =
            (0..3 * n).flat_map(|h| (0..n).map(move |k| shape.house_cell(h, k) as u16)).collect();
        let mut peers = Vec::new();
        let mut peer_count = 0;
        for cell in 0..cells {
            let (row, col, bx) = (cell / n, cell % n, shape.box_of(cell));
            let first = peers.len();
            peers.extend(
                (0..cells)
                    .filter(|&p| {
                        p != cell && (p / n == row || p % n == col || shape.box_of(p) == bx)
                    })
                    .map(|p| p as u16),
            );
            peer_count = peers.len() - first; // the same for every cell
        }
        let houses_of = (0..cells)
            .map(|cell| [cell / n, n + cell % n, 2 * n + shape.box_of(cell)].map(|h| h as u8))
            .collect();
        Tables { shape, peers, peer_count, houses, houses_of }
    }

    /// The words of a level of the search: the cells' candidates, then each house's placed
    /// digits.
    #[inline]
    fn level(&self) -> usize {
        self.shape.cells() + 3 * self.shape.size()
    }

    #[inline]
    fn peers(&self, cell: usize) -> &[u16] {
        &self.peers[cell * self.peer_count..(cell + 1) * self.peer_count]
    }

    #[inline]
    fn house(&self, house: usize) -> &[u16] {
        let n = self.shape.size();
        &self.houses[house * n..(house + 1) * n]
    }
}

/// Solves grids of any [`Shape`], given as candidate masks. Keeps its tables and its stack
/// between puzzles: one a worker thread.
#[derive(Debug, Clone, Default)]
pub struct SizedSolver {
    tables: Option<Tables>,
    /// The state of each level of the search, [`Tables::level`] words a level: the candidates
    /// of every cell, then the digits placed in every house (whose cells' digits have left
    /// their peers), which the hidden singles need and would otherwise work out again.
    stack: Vec<u32>,
    /// Cells down to one candidate whose digit has not yet left their peers.
    queue: Vec<u16>,
    limit: u32,
    solutions: u32,
    guesses: u64,
    /// Guesses after which the search gives up ([`SizedSolver::count_within`]).
    budget: u64,
}

impl SizedSolver {
    /// A solver with no tables yet.
    pub fn new() -> SizedSolver {
        SizedSolver::default()
    }

    /// Counts the solutions of the puzzle whose cells may hold the digits in `candidates` (a
    /// mask a cell, bit `d - 1` for digit `d`; a given is one bit), up to `limit` (0 means 1).
    /// The first solution's digits (1 to N) go into `first`, which is left as it was when
    /// there is none. A cell with no candidate, or givens that clash, mean no solution.
    ///
    /// # Panics
    /// When `candidates` or `first` do not hold `shape.cells()` values.
    pub fn count(
        &mut self,
        shape: Shape,
        candidates: &[u32],
        limit: u32,
        first: &mut [u8],
    ) -> Outcome {
        self.count_within(shape, candidates, limit, first, u64::MAX).expect("no budget")
    }

    /// [`count`](Self::count), giving up (`None`) once the search has made `budget` guesses:
    /// for the generator, which must not spend minutes proving one cell's need on a grid near
    /// the hardest density (a 25x25 puzzle with half its cells given can take millions of
    /// guesses).
    pub fn count_within(
        &mut self,
        shape: Shape,
        candidates: &[u32],
        limit: u32,
        first: &mut [u8],
        budget: u64,
    ) -> Option<Outcome> {
        self.budget = budget;
        let cells = shape.cells();
        assert!(candidates.len() == cells && first.len() == cells, "one value a cell");
        if self.tables.as_ref().map(|t| t.shape) != Some(shape) {
            self.tables = Some(Tables::new(shape));
        }
        (self.limit, self.solutions, self.guesses) = (limit.max(1), 0, 0);
        let level = cells + 3 * shape.size();
        if self.stack.len() < level {
            self.stack.resize(level, 0);
        }
        self.stack[cells..level].fill(0);
        let all = shape.all_digits();
        self.queue.clear();
        for (cell, (slot, &mask)) in self.stack.iter_mut().zip(candidates).enumerate() {
            *slot = mask & all;
            if mask & all == 0 {
                return Some(Outcome::default());
            }
            if is_single(mask & all) {
                self.queue.push(cell as u16);
            }
        }
        let tables = self.tables.take().expect("just built");
        if propagate(&tables, &mut self.stack[..level], &mut self.queue) {
            self.search(&tables, 0, first);
        }
        self.tables = Some(tables);
        let outcome = Outcome { solutions: self.solutions, guesses: self.guesses };
        (self.guesses <= self.budget).then_some(outcome)
    }

    /// Searches from the (propagated) candidates at `level`; true once the limit is reached.
    fn search(&mut self, tables: &Tables, level: usize, first: &mut [u8]) -> bool {
        let (cells, words) = (tables.shape.cells(), tables.level());
        let here = level * words;
        let Some(branch) = Branch::fewest(tables, &self.stack[here..here + cells]) else {
            // Every cell placed, and every placement propagated: a solution.
            self.solutions += 1;
            if self.solutions == 1 {
                for (digit, &mask) in first.iter_mut().zip(&self.stack[here..here + cells]) {
                    *digit = mask.trailing_zeros() as u8 + 1;
                }
            }
            return self.solutions >= self.limit;
        };
        if self.stack.len() < here + 2 * words {
            self.stack.resize(here + 2 * words, 0);
        }
        for &(cell, digit) in &branch.options[..branch.count] {
            self.guesses += 1;
            if self.guesses > self.budget {
                return true; // given up
            }
            let (this, next) = self.stack[here..here + 2 * words].split_at_mut(words);
            next.copy_from_slice(this);
            next[usize::from(cell)] = digit;
            self.queue.clear();
            self.queue.push(cell);
            if propagate(tables, next, &mut self.queue) && self.search(tables, level + 1, first) {
                return true;
            }
        }
        false
    }
}

/// The choices at a branch point, one of which must hold: the digits of one cell, or the
/// places of one digit in one house, whichever are fewer (as dancing links picks the column
/// with the fewest rows). Large grids need the second: a 25x25 puzzle's open cells often have
/// three or more candidates where some digit has two places left in a house.
struct Branch {
    options: [(u16, u32); super::MAX_SIZE],
    count: usize,
}

impl Branch {
    /// The branch with the fewest options, or `None` when every cell is placed.
    fn fewest(tables: &Tables, cand: &[u32]) -> Option<Branch> {
        // Most searches have a cell with two candidates, found without counting bits (a
        // `count_ones` is a dozen instructions on a baseline x86-64).
        let fewest = if cand.iter().any(|&mask| is_pair(mask)) {
            2
        } else {
            cand.iter().map(|mask| mask.count_ones()).filter(|&count| count > 1).min()?
        };
        let mut branch = Branch { options: [(0, 0); super::MAX_SIZE], count: 0 };
        if fewest > 2 {
            // A digit with two places in a house, if there is one: counted in bit slices, a
            // digit's count of places being at least 1, 2 and 3 in `once`, `twice`, `thrice`.
            for house in 0..3 * tables.shape.size() {
                let (mut once, mut twice, mut thrice) = (0u32, 0u32, 0u32);
                for &cell in tables.house(house) {
                    let mask = cand[usize::from(cell)];
                    if !is_single(mask) {
                        thrice |= twice & mask;
                        twice |= once & mask;
                        once |= mask;
                    }
                }
                let two = twice & !thrice;
                if two != 0 {
                    let digit = two & two.wrapping_neg();
                    for &cell in tables.house(house) {
                        if cand[usize::from(cell)] & digit != 0 {
                            branch.options[branch.count] = (cell, digit);
                            branch.count += 1;
                        }
                    }
                    return Some(branch);
                }
            }
        }
        let best = Branch::most_linked(tables, cand, fewest);
        let mut options = cand[best];
        while options != 0 {
            let digit = options & options.wrapping_neg();
            options ^= digit;
            branch.options[branch.count] = (best as u16, digit);
            branch.count += 1;
        }
        Some(branch)
    }

    /// Of the cells with `fewest` candidates, the one most bound to its open peers: a peer
    /// that shares a candidate with it counts 1, and 8 more if it has two candidates (trying
    /// a digit here then places that peer, or leaves it one candidate: a chain of singles
    /// that fails or fills fast). Against the first such cell, this cuts the guesses on hard
    /// 16x16 puzzles about sixfold, and on hard 25x25 ones a hundredfold.
    fn most_linked(tables: &Tables, cand: &[u32], fewest: u32) -> usize {
        let (mut best, mut most) = (0, 0);
        for (cell, &mask) in cand.iter().enumerate() {
            let has_fewest = if fewest == 2 { is_pair(mask) } else { mask.count_ones() == fewest };
            if !has_fewest {
                continue;
            }
            let links: usize = tables
                .peers(cell)
                .iter()
                .map(|&peer| cand[usize::from(peer)])
                .filter(|&peer| peer & mask != 0 && !is_single(peer))
                .map(|peer| if is_pair(peer) { 9 } else { 1 })
                .sum::<usize>()
                + 1;
            if links > most {
                (best, most) = (cell, links);
            }
        }
        best
    }
}

/// Whether a mask holds exactly two digits.
#[inline]
fn is_pair(mask: u32) -> bool {
    !is_single(mask) && is_single(mask & (mask - 1))
}

/// Whether a mask holds exactly one digit (or none).
#[inline]
fn is_single(mask: u32) -> bool {
    mask & mask.wrapping_sub(1) == 0
}

/// Places every queued cell's digit (it leaves the cell's peers) and every hidden single,
/// until neither finds more; then tries locked candidates, and goes round again while they
/// remove anything. False at a dead end: a cell with no candidate left, or a digit with no
/// place left in a house, or two digits with one place, the same cell.
///
/// `state` is a level of the search ([`Tables::level`]).
fn propagate(tables: &Tables, state: &mut [u32], queue: &mut Vec<u16>) -> bool {
    let (cand, placed) = state.split_at_mut(tables.shape.cells());
    loop {
        while let Some(cell) = queue.pop() {
            let digit = cand[cell as usize];
            for house in tables.houses_of[usize::from(cell)] {
                placed[usize::from(house)] |= digit;
            }
            for &peer in tables.peers(cell as usize) {
                let mask = cand[peer as usize];
                if mask & digit != 0 {
                    let mask = mask & !digit;
                    cand[peer as usize] = mask;
                    if mask == 0 {
                        return false;
                    }
                    if is_single(mask) {
                        queue.push(peer);
                    }
                }
            }
        }
        if !hidden_singles(tables, cand, placed, queue) {
            return false;
        }
        if queue.is_empty() {
            match locked_candidates(tables.shape, cand, queue) {
                None => return false,
                Some(false) => return true,
                Some(true) => {} // more singles, perhaps
            }
        }
    }
}

/// Fixes each digit with one place left in a house to that place, and queues it. Every house
/// is tallied in one pass over the grid, row by row, with no table of house cells: the digits
/// in at least one cell (`once`) and in at least two (`twice`). A row segment (the cells a row
/// shares with a box) is tallied alone, then merged into its row and its box; the columns are
/// tallied side by side, which the compiler vectorises. A digit in one cell only is a hidden
/// single unless it is placed there already (`placed`, a house's placed digits). Only the
/// houses with a hidden single are walked again. False at a dead end.
///
/// Expects every cell with one candidate to have been placed (its digit gone from its peers
/// and noted in `placed`): none is queued.
fn hidden_singles(tables: &Tables, cand: &mut [u32], placed: &[u32], queue: &mut Vec<u16>) -> bool {
    let shape = tables.shape;
    let (n, rows, cols) = (shape.size(), shape.box_rows(), shape.box_cols());
    let all = shape.all_digits();
    // Houses in the order of `Tables::house`: rows, columns, boxes.
    let (mut once, mut twice) = ([0u32; 3 * super::MAX_SIZE], [0u32; 3 * super::MAX_SIZE]);
    for (row, line) in cand[..n * n].chunks_exact(n).enumerate() {
        let first_box = 2 * n + row / rows * rows;
        for (s, segment) in line.chunks_exact(cols).enumerate() {
            let (seg_once, seg_twice) = tally(segment.iter().copied());
            for house in [row, first_box + s] {
                twice[house] |= seg_twice | (once[house] & seg_once);
                once[house] |= seg_once;
            }
        }
        let columns = once[n..2 * n].iter_mut().zip(&mut twice[n..2 * n]);
        for ((once, twice), &mask) in columns.zip(line) {
            *twice |= *once & mask;
            *once |= mask;
        }
    }
    for house in 0..3 * n {
        if once[house] != all {
            return false; // a digit with nowhere to go
        }
        let hidden = !twice[house] & !placed[house];
        if hidden & all == 0 {
            continue;
        }
        for &cell in tables.house(house) {
            let mask = cand[cell as usize];
            let only_here = mask & hidden;
            if only_here != 0 && !is_single(mask) {
                if !is_single(only_here) {
                    return false; // two digits whose one place is this cell
                }
                cand[cell as usize] = only_here;
                queue.push(cell);
            }
        }
    }
    true
}

/// Where a digit's places in a box all lie in one row (or column), it leaves the rest of that
/// row (pointing); where its places in a row all lie in one box, it leaves the rest of the box
/// (claiming); the same with columns. Worked out on segments, the cells a row (column) shares
/// with a box. Returns whether any candidate went, `None` at a dead end. Cells left with one
/// candidate are queued.
///
/// A digit confined to one segment of a line (or box) is only worth acting on when it is
/// also in another segment of the box (or line): that is where it goes from. Tallying each
/// line's and each box's segments (`once`, `twice`) says so with a few bit operations, so
/// cells are visited only when a candidate leaves them.
fn locked_candidates(shape: Shape, cand: &mut [u32], queue: &mut Vec<u16>) -> Option<bool> {
    let (n, rows, cols) = (shape.size(), shape.box_rows(), shape.box_cols());
    // The segments of line `line` at `s * n + line`: a row crosses `rows` boxes (N / cols),
    // in segments of `cols` cells; a column crosses `cols` boxes, in segments of `rows` cells.
    // At most 12 segments a line (boxes 2x12) of 25 lines.
    let mut row_seg = [0u32; super::MAX_SIZE * super::MAX_SIZE / 2];
    let mut col_seg = [0u32; super::MAX_SIZE * super::MAX_SIZE / 2];
    for (row, line) in cand[..n * n].chunks_exact(n).enumerate() {
        for (s, segment) in line.chunks_exact(cols).enumerate() {
            row_seg[s * n + row] = segment.iter().fold(0, |acc, &mask| acc | mask);
        }
        let band = row / rows;
        for (seg, &mask) in col_seg[band * n..(band + 1) * n].iter_mut().zip(line) {
            *seg |= mask;
        }
    }
    let mut changed = false;
    for along_rows in [true, false] {
        // Segments a line, which is also lines a box; cells a segment.
        let (across, depth, seg) =
            if along_rows { (rows, cols, &row_seg) } else { (cols, rows, &col_seg) };
        let cell = |line: usize, k: usize| if along_rows { line * n + k } else { k * n + line };
        let mut remove = |line: usize, k: usize, digits: u32| -> Option<()> {
            let c = cell(line, k);
            if cand[c] & digits != 0 {
                cand[c] &= !digits;
                changed = true;
                match cand[c] {
                    0 => return None,
                    m if is_single(m) => queue.push(c as u16),
                    _ => {}
                }
            }
            Some(())
        };
        // Digits in one segment of a line, and in two or more.
        let (mut line_confined, mut line_twice) = ([0u32; super::MAX_SIZE], [0u32; 25]);
        for line in 0..n {
            let (once, twice) = tally((0..across).map(|s| seg[s * n + line]));
            (line_confined[line], line_twice[line]) = (once & !twice, twice);
        }
        for first in (0..n).step_by(across) {
            for s in 0..across {
                // The box of lines `first..first + across` at segment `s`.
                let lines = first..first + across;
                let (once, box_twice) = tally(lines.clone().map(|line| seg[s * n + line]));
                let box_confined = once & !box_twice;
                for line in lines.clone() {
                    let segment = seg[s * n + line];
                    // Claiming: confined to this segment in the line, so out of the box's
                    // other lines.
                    let claimed = segment & line_confined[line] & box_twice;
                    if claimed != 0 {
                        for other in lines.clone().filter(|&other| other != line) {
                            for k in s * depth..(s + 1) * depth {
                                remove(other, k, claimed)?;
                            }
                        }
                    }
                    // Pointing: confined to this segment in the box, so out of the line's
                    // other boxes.
                    let pointed = segment & box_confined & line_twice[line];
                    if pointed != 0 {
                        for k in (0..n).filter(|k| k / depth != s) {
                            remove(line, k, pointed)?;
                        }
                    }
                }
            }
        }
    }
    Some(changed)
}

/// The digits found in at least one of `masks`, and in at least two.
#[inline]
fn tally(masks: impl Iterator<Item = u32>) -> (u32, u32) {
    masks.fold((0, 0), |(once, twice), mask| (once | mask, twice | (once & mask)))
}
