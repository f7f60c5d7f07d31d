//! The solver for every size: candidates as one bit set a cell, singles and locked candidates
//! propagated, fewest candidates branching.
//!
//! The band solver is built around the 9x9 grid's 81 cells and 27-bit bands; other sizes need
//! a solver that is not. This one keeps, for each cell, the digits it may still hold as a
//! `u32` (bit `d - 1` for digit `d`; N is at most 25), and for each digit in each house the
//! number of places it has left there. A cell down to one digit is placed: its digit leaves
//! its peers (naked singles). A digit whose tally falls to one has one place left in that
//! house (a hidden single), to none a dead end; both are found as the candidate leaves, with
//! no pass over the grid. When neither finds anything, the segments where a row or column
//! crosses a box are tallied for digits locked in one of them (locked candidates). When none
//! of these finds anything, it branches on the open cell with the fewest candidates (of those,
//! the one sharing candidates with the most open peers) and tries each in turn, on a copy of
//! the state one level down a stack that is kept between puzzles.
//!
//! The tallies cost three counts a candidate taken out, which an easy puzzle does not repay:
//! a puzzle's first singles are placed without them, and they are counted once those run out
//! ([`Work::tally_places`]). The peers and houses of each cell come from [`Tables`], built
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
    /// The houses of each cell (its row, column and box) as where their tallies of places
    /// start: `h * N` for house `h`.
    houses_of: Vec<[u16; 3]>,
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
            .map(|cell| {
                [cell / n, n + cell % n, 2 * n + shape.box_of(cell)].map(|h| (h * n) as u16)
            })
            .collect();
        Tables { shape, peers, peer_count, houses, houses_of }
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
    /// The candidates of every cell, a level of the search at a time.
    stack: Vec<u32>,
    /// The places left to each digit in each house, `3 * N * N` a level of the search: house
    /// `h`, digit `d` (from 0) at `h * N + d`. A placed digit keeps its one place.
    places: Vec<u8>,
    /// Cells down to one candidate whose digit has not yet left their peers.
    singles: Vec<u16>,
    /// Digits down to one place in a house (`h * N + d`), not yet placed there perhaps.
    hidden: Vec<u16>,
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
        let (n, cells) = (shape.size(), shape.cells());
        assert!(candidates.len() == cells && first.len() == cells, "one value a cell");
        if self.tables.as_ref().map(|t| t.shape) != Some(shape) {
            self.tables = Some(Tables::new(shape));
        }
        (self.limit, self.solutions, self.guesses) = (limit.max(1), 0, 0);
        if self.stack.len() < cells {
            self.stack.resize(cells, 0);
            self.places.resize(3 * n * n, 0);
        }
        let all = shape.all_digits();
        let tables = self.tables.take().expect("just built");
        let mut work = Work {
            tables: &tables,
            cand: &mut self.stack[..cells],
            places: &mut self.places[..3 * n * n],
            singles: &mut self.singles,
            hidden: &mut self.hidden,
        };
        work.singles.clear();
        work.hidden.clear();
        let mut live = true;
        for (cell, (slot, &mask)) in work.cand.iter_mut().zip(candidates).enumerate() {
            *slot = mask & all;
            live &= mask & all != 0;
            if is_single(mask & all) {
                work.singles.push(cell as u16);
            }
        }
        // Naked singles first, with no tallies to keep: most of an easy puzzle falls to them.
        let live = live && work.naked_singles() && work.tally_places();
        if live && work.propagate() {
            self.search(&tables, 0, first);
        }
        self.tables = Some(tables);
        let outcome = Outcome { solutions: self.solutions, guesses: self.guesses };
        (self.guesses <= self.budget).then_some(outcome)
    }

    /// Searches from the (propagated) candidates at `level`; true once the limit is reached.
    fn search(&mut self, tables: &Tables, level: usize, first: &mut [u8]) -> bool {
        let (cells, tallied) = (tables.shape.cells(), 3 * tables.shape.cells());
        let (here, here_places) = (level * cells, level * tallied);
        let Some(branch) = Branch::fewest(
            tables,
            &self.stack[here..here + cells],
            &self.places[here_places..here_places + tallied],
        ) else {
            // Every cell placed, and every placement propagated: a solution.
            self.solutions += 1;
            if self.solutions == 1 {
                for (digit, &mask) in first.iter_mut().zip(&self.stack[here..here + cells]) {
                    *digit = mask.trailing_zeros() as u8 + 1;
                }
            }
            return self.solutions >= self.limit;
        };
        if self.stack.len() < here + 2 * cells {
            self.stack.resize(here + 2 * cells, 0);
            self.places.resize(here_places + 2 * tallied, 0);
        }
        for &(cell, digit) in &branch.options[..branch.count] {
            self.guesses += 1;
            if self.guesses > self.budget {
                return true; // given up
            }
            let (this, next) = self.stack[here..here + 2 * cells].split_at_mut(cells);
            next.copy_from_slice(this);
            let (this_places, next_places) =
                self.places[here_places..here_places + 2 * tallied].split_at_mut(tallied);
            next_places.copy_from_slice(this_places);
            let cell = usize::from(cell);
            let mut work = Work {
                tables,
                cand: next,
                places: next_places,
                singles: &mut self.singles,
                hidden: &mut self.hidden,
            };
            work.singles.clear();
            work.hidden.clear();
            let others = work.cand[cell] & !digit;
            if work.remove(cell, others)
                && work.propagate()
                && self.search(tables, level + 1, first)
            {
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
    fn fewest(tables: &Tables, cand: &[u32], places: &[u8]) -> Option<Branch> {
        // Most searches have a cell with two candidates, found without counting bits (a
        // `count_ones` is a dozen instructions on a baseline x86-64).
        let fewest = if cand.iter().any(|&mask| is_pair(mask)) {
            2
        } else {
            cand.iter().map(|mask| mask.count_ones()).filter(|&count| count > 1).min()?
        };
        let mut branch = Branch { options: [(0, 0); super::MAX_SIZE], count: 0 };
        if fewest > 2 {
            // A digit with two places in a house, if there is one (a placed digit has one).
            if let Some(at) = places.iter().position(|&count| count == 2) {
                let n = tables.shape.size();
                let digit = 1 << (at % n);
                for &cell in tables.house(at / n) {
                    if cand[usize::from(cell)] & digit != 0 {
                        branch.options[branch.count] = (cell, digit);
                        branch.count += 1;
                    }
                }
                return Some(branch);
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

/// The tally of a digit placed in a house: far above any count of places, so that the
/// places its peers lose never bring it down to one or none.
const PLACED: u8 = 128;

/// A level of the search being propagated: its candidates and its tallies of places, and
/// what is left to do there.
struct Work<'a> {
    tables: &'a Tables,
    cand: &'a mut [u32],
    /// The places left to each digit in each house ([`SizedSolver::places`]).
    places: &'a mut [u8],
    singles: &'a mut Vec<u16>,
    hidden: &'a mut Vec<u16>,
}

impl Work<'_> {
    /// Takes `digits` out of `cell`'s candidates, and each out of the tallies of the cell's
    /// houses. A cell left with one candidate is queued to be placed; a digit left with one
    /// place in a house is queued as a hidden single. False at a dead end: a cell with no
    /// candidate left, or a digit with no place left in a house.
    #[inline(always)]
    fn remove(&mut self, cell: usize, digits: u32) -> bool {
        let mut gone = self.cand[cell] & digits;
        if gone == 0 {
            return true;
        }
        let mask = self.cand[cell] ^ gone;
        self.cand[cell] = mask;
        if mask == 0 {
            return false;
        }
        if is_single(mask) {
            self.singles.push(cell as u16);
        }
        let houses = self.tables.houses_of[cell];
        while gone != 0 {
            let digit = gone.trailing_zeros() as usize;
            gone &= gone - 1;
            for house in houses {
                let at = usize::from(house) + digit;
                self.places[at] -= 1;
                match self.places[at] {
                    0 => return false,
                    1 => self.hidden.push(at as u16),
                    _ => {}
                }
            }
        }
        true
    }

    /// Places every queued cell's digit (it leaves the cell's peers), and the cells that are
    /// left with one candidate, with no tallies of places kept: the start of a puzzle, until
    /// [`tally_places`](Self::tally_places). False at a dead end.
    fn naked_singles(&mut self) -> bool {
        while let Some(cell) = self.singles.pop() {
            let digit = self.cand[usize::from(cell)];
            for &peer in self.tables.peers(usize::from(cell)) {
                let mask = self.cand[usize::from(peer)];
                if mask & digit != 0 {
                    self.cand[usize::from(peer)] = mask ^ digit;
                    if mask == digit {
                        return false;
                    }
                    if is_single(mask ^ digit) {
                        self.singles.push(peer);
                    }
                }
            }
        }
        true
    }

    /// Tallies the places of each digit in each house from the cells' candidates, once every
    /// single is placed, and queues the digits left with one place. False when a digit has
    /// none.
    fn tally_places(&mut self) -> bool {
        self.places.fill(0);
        for (cell, &mask) in self.cand.iter().enumerate() {
            let houses = self.tables.houses_of[cell];
            if is_single(mask) {
                for house in houses {
                    self.places[usize::from(house) + mask.trailing_zeros() as usize] = PLACED;
                }
                continue;
            }
            let mut digits = mask;
            while digits != 0 {
                let digit = digits.trailing_zeros() as usize;
                digits &= digits - 1;
                for house in houses {
                    let at = usize::from(house) + digit;
                    self.places[at] = self.places[at].wrapping_add(1);
                }
            }
        }
        for (at, &count) in self.places.iter().enumerate() {
            match count {
                0 => return false,
                1 => self.hidden.push(at as u16),
                _ => {}
            }
        }
        true
    }

    /// Places every queued cell's digit (it leaves the cell's peers) and every hidden single,
    /// until neither finds more; then tries locked candidates, and goes round again while they
    /// remove anything. False at a dead end.
    fn propagate(&mut self) -> bool {
        let tables = self.tables;
        let n = tables.shape.size();
        loop {
            if let Some(cell) = self.singles.pop() {
                let digit = self.cand[usize::from(cell)];
                // Placed: its houses' tallies of the digit no longer count down to a hidden
                // single or a dead end (the cell's peers lose the digit next).
                for house in tables.houses_of[usize::from(cell)] {
                    self.places[usize::from(house) + digit.trailing_zeros() as usize] = PLACED;
                }
                for &peer in tables.peers(usize::from(cell)) {
                    let peer = usize::from(peer);
                    if self.cand[peer] & digit != 0 && !self.remove(peer, digit) {
                        return false;
                    }
                }
            } else if let Some(at) = self.hidden.pop() {
                // The digit's one place in the house: the digit's, unless placed already.
                let (house, digit) = (usize::from(at) / n, 1 << (usize::from(at) % n));
                let mut cells = tables.house(house).iter().map(|&cell| usize::from(cell));
                if let Some(cell) = cells.find(|&cell| self.cand[cell] & digit != 0) {
                    if !self.remove(cell, !digit) {
                        return false;
                    }
                }
            } else {
                match self.locked_candidates() {
                    None => return false,
                    Some(false) => return true,
                    Some(true) => {} // more singles, perhaps
                }
            }
        }
    }

    /// Where a digit's places in a box all lie in one row (or column), it leaves the rest of
    /// that row (pointing); where its places in a row all lie in one box, it leaves the rest
    /// of the box (claiming); the same with columns. Worked out on segments, the cells a row
    /// (column) shares with a box. Returns whether any candidate went, `None` at a dead end.
    ///
    /// A digit confined to one segment of a line (or box) is only worth acting on when it is
    /// also in another segment of the box (or line): that is where it goes from. Tallying
    /// each line's and each box's segments (`once`, `twice`) says so with a few bit
    /// operations, so cells are visited only when a candidate leaves them.
    fn locked_candidates(&mut self) -> Option<bool> {
        let shape = self.tables.shape;
        let (n, rows, cols) = (shape.size(), shape.box_rows(), shape.box_cols());
        // The segments of line `line` at `s * n + line`: a row crosses `rows` boxes (N /
        // cols), in segments of `cols` cells; a column crosses `cols` boxes, in segments of
        // `rows` cells. At most 12 segments a line (boxes 2x12) of 25 lines.
        let mut row_seg = [0u32; super::MAX_SIZE * super::MAX_SIZE / 2];
        let mut col_seg = [0u32; super::MAX_SIZE * super::MAX_SIZE / 2];
        for (row, line) in self.cand[..n * n].chunks_exact(n).enumerate() {
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
                if self.cand[c] & digits != 0 {
                    changed = true;
                    return self.remove(c, digits).then_some(());
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
}

/// The digits found in at least one of `masks`, and in at least two.
#[inline]
fn tally(masks: impl Iterator<Item = u32>) -> (u32, u32) {
    masks.fold((0, 0), |(once, twice), mask| (once | mask, twice | (once & mask)))
}
