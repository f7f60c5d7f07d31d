//! One node of the band search, `State`: its bands, the rules that work them (`work`,
//! `propagate`, `band_rules`), the choice of what to branch on and how to branch; and the
//! constants that decide how a puzzle is searched (cells or bands, and which branch rule).

use super::pext;
use super::tables::{
    box_cells, boxes_reached, column, fold, stack_matrix, BAND, CLAIM_KEEP, FITTING, FORCE_KEEP,
    KEEP_IN_BAND, LONE_COLUMNS, LONE_COLUMN_BITS, MINIROW_CELLS, PERMUTATIONS, PERMUTATION_CELLS,
    PERMUTED, ROW, SHAPES, SPREAD, START_KEEP,
};
use super::words::{at, changed_bands, seen, value_planes};
use crate::grid::{Grid, CELLS};
use std::sync::atomic::{compiler_fence, Ordering};

/// A digit with `n` permutations left in a band or stack, as [`State::choose`] weighs it: an
/// undecided one (`n` of 2 to 6) counts 64 less `n`, so that a unit's sum orders units by
/// undecided digits first, then by permutations, most first.
pub(super) const OPEN_DIGIT: [u32; 8] = [0, 0, 62, 61, 60, 59, 58, 0];

/// The branch rules of a band search ([`State::choose`]; `BandSolver::search`'s `RULE`).
/// `KEPT`: of the bands and stacks, the one with the fewest undecided digits, and its digit
/// with the most permutations; the best on the hard lists, which guess the most.
pub(super) const KEPT: u8 = 0;
/// After a puzzle's first solution (counting to 2 or more): [`TDOKU`]'s where the unit with the
/// fewest undecided digits still has at least [`AFTER_FIRST_FROM`], else `KEPT`'s. The first
/// solution is the same at every limit, as the rule changes only once it is found.
pub(super) const AFTER_FIRST: u8 = 1;
/// tdoku's: the unit with the fewest permutations in all, and its digit with the fewest. For
/// puzzles with few givens ([`FEW_GIVENS_FROM`]), throughout.
pub(super) const TDOKU: u8 = 2;

/// See [`AFTER_FIRST`]. Proving that no other solution is left went faster so on the open
/// boards of the 17-clue list (before [`FEW_GIVENS_FROM`]; guesses a puzzle, count to 2, on its
/// band-searched puzzles: 42.8 to 33.7; from 6, 28.2 but hardest_1106 4% more), and no slower
/// on the hard lists. docs/solver-notes.md.
pub(super) const AFTER_FIRST_FROM: u32 = 7;

/// A puzzle with at least this many blanks (at most 19 givens) is band-searched by tdoku's rule
/// throughout: on the 17-clue list, 35% fewer guesses counting to 2 and 14% fewer instructions;
/// top1465's puzzles of 17 and 18 givens gain too. The hard lists (20 or more givens) do better
/// with `KEPT`. docs/solver-notes.md.
pub(super) const FEW_GIVENS_FROM: u32 = 62;

/// A puzzle whose first branch point leaves fewer open cells than this is searched by cells,
/// else by bands and stacks, whose choice costs more than it saves on nearly-solved boards
/// (serg_benchmark). The corpora's open cells there, and values tried: docs/solver-notes.md.
pub(super) const BAND_SEARCH_FROM: u32 = 50;

/// A puzzle with at least this many blanks has its givens propagated (up to the first branch
/// point) by `settle_by_mask`, else by `settle_by_scan`. From few givens many bands change in
/// every pass, so the scan's branch a band mispredicts; from many, few change, and the scan is
/// cheaper. (docs/solver-notes.md.)
pub(super) const WIDE_ROOT_FROM: u32 = 55;

/// The unit (bands 0-2, stacks 0-2) whose undecided digits have the fewest permutations in
/// all (the first on a tie), from their [`OPEN_DIGIT`] weights: a unit of `c` undecided digits
/// weighs `64 c` less their permutations, and `c` is its weight / 64 + 1.
#[inline(always)]
pub(super) fn fewest_permutations(undecided: &[u32; 6]) -> usize {
    let mut fewest = (u32::MAX, 6);
    for (j, &w) in undecided.iter().enumerate() {
        let perms = 64 * (w / 64 + 1) - w;
        if w > 0 && perms < fewest.0 {
            fewest = (perms, j);
        }
    }
    fewest.1
}

/// What the search branches on when no rule applies.
#[derive(Clone, Copy)]
pub(super) enum Choice {
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
pub(super) enum Strategy {
    /// Before the first branch point. `wide`: the givens left at least [`WIDE_ROOT_FROM`]
    /// cells open.
    Undecided { wide: bool },
    /// On two-candidate cells, with claiming along columns at the root only.
    Cells,
    /// On bands and stacks ([`State::choose`]), with claiming along columns at every node.
    Bands,
}

/// One node of the search; small and `Copy`, so a branch copies it.
#[derive(Clone, Copy)]
pub(super) struct State {
    /// Where each digit may still go (JCZSolve's `F[]`): band `b` of digit `d` (0-based) at
    /// [`at`]`(d, b)`. A placed cell keeps its bit in its digit.
    pub(super) places: [u32; 27],
    /// Each band as it was when last worked: a band equal to it has nothing new to give.
    pub(super) worked: [u32; 27],
    /// The cells not yet placed, per band.
    pub(super) open: [u32; 3],
    /// Per band, as last worked: its [`SHAPES`] entry, for [`State::band_rules`], which runs
    /// only when every band is as last worked. Kept by a band search only, as is `columns`.
    pub(super) shapes: [u32; 27],
    /// Per band, as last worked: its column set ([`fold`]).
    pub(super) columns: [u16; 27],
}

/// What propagation left.
pub(super) enum Propagated {
    Contradiction,
    Solved,
    /// No rule applies: branch.
    Stuck(Choice),
    /// The first branch point of a puzzle that will be searched by bands: search again with
    /// `BANDS`, after [`State::shape_bands`].
    ToBands,
}

impl State {
    /// The start state with the givens placed; `None` if two givens conflict.
    ///
    /// Built a digit and a band at a time, without a loop over the givens: a digit's givens in
    /// a band are read from the values' bit planes, and what they leave of the band is one
    /// lookup by their row-box matrix ([`START_KEEP`]), less their columns. A loop over the
    /// givens (four read-modify-writes of per-digit arrays each) made chains through memory
    /// when a digit repeated, and mispredicted its exit once a band. docs/solver-notes.md.
    #[inline(always)]
    pub(super) fn new<const PEXT: bool>(puzzle: &Grid) -> Option<State> {
        let mut state = State {
            places: [0; 27],
            worked: [0; 27],
            open: [0; 3],
            shapes: [0; 27],
            columns: [0; 27],
        };
        // Per band, in registers: the blank cells, and four bit planes of the values (plane k:
        // the cells whose value has bit k set), from which each digit's givens are read.
        let (open, planes) = value_planes(puzzle.cells());
        state.open = open;
        let mut clash = 0;
        for d in 0..9 {
            let value = d + 1;
            let own: [u32; 3] = std::array::from_fn(|b| {
                let plane = |k: usize| planes[b][k] ^ if value >> k & 1 == 1 { 0 } else { BAND };
                plane(0) & plane(1) & plane(2) & plane(3)
            });
            // Equal givens in one column (of two bands; in one band, they share a box).
            let [c0, c1, c2] = own.map(fold);
            clash |= c0 & c1 | c0 & c2 | c1 & c2;
            let columns = column(0) * (c0 | c1 | c2);
            for b in 0..3 {
                let x = own[b];
                // Two in one piece (three cells of a row in one box); in one row or box,
                // `START_KEEP`'s bit 31.
                clash |= x & (x >> 1) & 0o333_333_333 | x & (x >> 2) & 0o111_111_111;
                let keep = START_KEEP[pext::row_boxes::<PEXT>(x) as usize & ROW as usize];
                clash |= keep >> 31;
                state.places[at(d, b)] = keep & !columns & open[b] | x;
            }
        }
        if clash != 0 {
            return None;
        }
        Some(state)
    }

    /// The start state of a puzzle given as each cell's candidates (`candidates[cell]`, bit
    /// `d` for digit `d + 1`: a pencilmark puzzle): every cell open, each digit where its
    /// cells allow it. The rules do the rest, as for any node of the search: a cell with one
    /// candidate is a naked single, one with none a contradiction, a digit with no place left
    /// in a band a dead band.
    pub(super) fn from_candidates(candidates: &[u32; CELLS]) -> State {
        let mut places = [0; 27];
        for (cell, &mask) in candidates.iter().enumerate() {
            let (b, bit) = (cell / 27, cell % 27);
            for d in 0..9 {
                places[at(d, b)] |= (mask >> d & 1) << bit;
            }
        }
        State { places, worked: [0; 27], open: [BAND; 3], shapes: [0; 27], columns: [0; 27] }
    }

    /// Places digit `d` at bit `bit` of band `b`, in that band only: its row and box there
    /// leave the digit. The band's next `work` finds the cell placed (its piece forced, its box
    /// with one column left) and does the rest, as for any cell it places: the cell leaves the
    /// other digits and `open`, its column leaves the digit's other bands. False if the digit
    /// could not go there.
    #[inline(always)]
    fn place(&mut self, d: usize, b: usize, bit: usize) -> bool {
        let own = at(d, b);
        if self.places[own] >> bit & 1 == 0 {
            return false;
        }
        self.places[own] &= KEEP_IN_BAND[bit];
        true
    }

    /// Works band `i` (digit `i / 3`, band `i % 3`): keeps the pieces of some box permutation,
    /// places the hidden singles of its rows. False if the band is dead.
    #[inline(always)]
    fn work<const BANDS: bool, const PEXT: bool>(&mut self, i: usize) -> bool {
        let mut a = self.places[i];
        let m = pext::row_boxes::<PEXT>(a);
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
            self.shapes[i] = SHAPES[(m & ROW) as usize];
            self.columns[i] = columns as u16;
        }
        // Not a table of the other bands (no faster) nor a clear of all three (slower).
        let (d, b) = (i / 3, i % 3);
        self.places[at(d, (b + 1) % 3)] &= !lone;
        // No instruction, but it keeps the compiler from merging the two updates into one
        // 64-bit access (whose load reads two separate stores: store forwarding fails) and
        // from carrying band values past a `work` (it spilled them at every idle band of the
        // scan): 12% fewer instructions on serg_benchmark.
        compiler_fence(Ordering::SeqCst);
        self.places[at(d, (b + 2) % 3)] &= !lone;
        // A forced piece in a box with one column left is a placed cell: it leaves the other
        // digits. Done for old placements too: an AND costs less than a branch.
        let placed = a & (pieces >> 32) as u32 & lone;
        self.open[b] &= !placed;
        for other in 0..9 {
            self.places[at(other, b)] &= !placed;
        }
        self.places[i] = a;
        self.worked[i] = a;
        true
    }

    /// Works every band that changed (in index order), until none has: the band search's way.
    /// False on a contradiction.
    ///
    /// Which bands changed is asked of all 27 at once, as a bit set built without a branch
    /// ([`changed_bands`]): more instructions than `settle_by_scan`'s branch a band, but half
    /// the mispredicted branches (which bands changed is seldom the same twice).
    #[inline(always)]
    fn settle_by_mask<const BANDS: bool, const PEXT: bool>(&mut self) -> bool {
        loop {
            let mut changed = changed_bands(&self.places, &self.worked);
            if changed == 0 {
                return true;
            }
            while changed != 0 {
                let i = changed.trailing_zeros() as usize;
                changed &= changed - 1;
                if !self.work::<BANDS, PEXT>(i) {
                    return false;
                }
            }
        }
    }

    /// Works every band that changed, until a pass changes none: the cell search's way. False
    /// on a contradiction.
    ///
    /// Unrolled, so each `work` has constant indices and an idle band costs a compare. Each
    /// step goes to another digit and another band, never one `work` has just written, so the
    /// test need not wait for it (index order was slower). An exact work list of changed
    /// bands, as fastdoku keeps, was slower in every variant tried: telling which digits a
    /// `work`'s sweep changed costs more than the scan. docs/solver-notes.md.
    #[inline(always)]
    fn settle_by_scan<const PEXT: bool>(&mut self) -> bool {
        loop {
            let mut changed = false;
            macro_rules! visit {
                ($($i:literal)*) => {$(
                    if self.places[$i] != self.worked[$i] {
                        changed = true;
                        if !self.work::<false, PEXT>($i) {
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
    pub(super) fn propagate<const BANDS: bool, const PEXT: bool>(
        &mut self,
        strategy: &mut Strategy,
        rule: u8,
    ) -> Propagated {
        // The choice of the last run of the band rules, if they ran.
        let mut chosen = None;
        loop {
            // Work every band that changed, until none has.
            let alive = match (BANDS, *strategy) {
                (true, _) => self.settle_by_mask::<true, PEXT>(),
                (false, Strategy::Undecided { wide: true }) => self.settle_by_mask::<false, PEXT>(),
                (false, _) => self.settle_by_scan::<PEXT>(),
            };
            if !alive {
                return Propagated::Contradiction;
            }
            if self.open == [0; 3] {
                return Propagated::Solved;
            }
            // Naked singles: open cells seen in exactly one digit; none at all is dead. Counted
            // for the three bands before any is placed: a cell that a single of an earlier band
            // has since emptied is found below (`place` finds its digit gone), one it has made
            // single next time.
            let mut found = false;
            let mut pair = (3, 0);
            let [once, twice, thrice] = seen(&self.places);
            for b in 0..3 {
                let (once, twice, thrice) = (once[b], twice[b], thrice[b]);
                let two = self.open[b] & twice & !thrice;
                if two != 0 {
                    pair = (b, 31 - two.leading_zeros());
                }
                let open = self.open[b];
                if open & !once != 0 {
                    return Propagated::Contradiction;
                }
                let mut singles = open & !twice;
                if singles == 0 {
                    continue;
                }
                found = true;
                // A single's digit, read from the bits of the digits' indices (fastdoku's
                // idea): `slices[k]` holds the cells where a digit with bit k of its index
                // can go, so at a cell with one digit they spell its index. A search digit by
                // digit took as many steps as the digit, and mispredicted its exit.
                let x = |d: usize| self.places[at(d, b)];
                let slices = [
                    x(1) | x(3) | x(5) | x(7),
                    x(2) | x(3) | x(6) | x(7),
                    x(4) | x(5) | x(6) | x(7),
                    x(8),
                ];
                while singles != 0 {
                    let bit = singles.trailing_zeros() as usize;
                    singles &= singles - 1;
                    let index = |k: usize| (slices[k] >> bit & 1) << k;
                    // At most 8, as one digit had the cell; clamped so that indexing needs
                    // no check.
                    let d = (index(0) | index(1) | index(2) | index(3)).min(8) as usize;
                    // An earlier single of this batch may have taken its last digit (`place`
                    // finds it gone). The band is worked at once: found by the next pass,
                    // its test mispredicts.
                    if !self.place(d, b, bit) || !self.work::<BANDS, PEXT>(at(d, b)) {
                        return Propagated::Contradiction;
                    }
                }
            }
            if found {
                continue;
            }
            // Claiming along columns at the root (a band search does it in `band_rules`).
            if matches!(strategy, Strategy::Undecided { .. }) {
                match self.claim_columns() {
                    None => return Propagated::Contradiction,
                    Some(true) => continue,
                    Some(false) => {}
                }
            }
            if matches!(strategy, Strategy::Undecided { .. }) {
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
                // Once a node (a second run found too little for its cost): stuck again, it
                // branches on the first run's choice, whose options `options` reads afresh.
                if let Some(choice) = chosen {
                    return Propagated::Stuck(choice);
                }
                match self.band_rules(rule) {
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
    /// Not tdoku's rule (fewest permutations, and the digit with the fewest): this one makes
    /// fewer guesses on the hard lists (docs/solver-notes.md), likely as fixing the most open
    /// digit leaves the triads little room for the others. `rule` ([`KEPT`], [`AFTER_FIRST`],
    /// [`TDOKU`]) says when tdoku's is taken instead.
    ///
    /// `undecided`: per band 0-2 and stack 0-2, its undecided digits weighed by
    /// [`OPEN_DIGIT`]; `cols`: each digit's column sets, three bands side by side.
    #[inline(always)]
    fn choose(&self, undecided: [u32; 6], cols: &[u32; 9], rule: u8) -> Choice {
        let count = |m: usize| u32::from(FITTING[m] >> 8);
        // Zero: no digit undecided, nothing left to choose there.
        let mut best = (u32::MAX, 6);
        for (j, &n) in undecided.iter().enumerate() {
            if n > 0 && n < best.0 {
                best = (n, j);
            }
        }
        let mut j = best.1;
        if j == 6 {
            let (b, bit) = self.fewest();
            return Choice::Cell(b, bit as usize);
        }
        // tdoku's rule (`flip` turns the digit with the most permutations into the fewest).
        let mut flip = 0;
        if rule == TDOKU || (rule == AFTER_FIRST && best.0 >= 64 * (AFTER_FIRST_FROM - 1)) {
            j = fewest_permutations(&undecided);
            flip = 7;
        }
        let mut most = (0, 0);
        for (d, &columns) in cols.iter().enumerate() {
            let n = if j < 3 {
                self.shapes[at(d, j)] >> 18
            } else {
                count(stack_matrix(columns, j - 3))
            };
            let n = if flip == 0 {
                n
            } else if n >= 2 {
                n ^ flip
            } else {
                0
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
    pub(super) fn options(&self, choice: Choice) -> u32 {
        match choice {
            Choice::Band(i) => u32::from(FITTING[boxes_reached(self.places[i]) as usize] & 63),
            Choice::Stack(d, s) => {
                let x = [self.places[at(d, 0)], self.places[at(d, 1)], self.places[at(d, 2)]];
                let columns = fold(x[0]) | fold(x[1]) << 9 | fold(x[2]) << 18;
                u32::from(FITTING[stack_matrix(columns, s)] & 63)
            }
            Choice::Cell(b, bit) => {
                // Without a branch a digit (an iterator filter here was slower).
                let mut digits = 0;
                for d in 0..9 {
                    digits |= (self.places[at(d, b)] >> bit & 1) << d;
                }
                digits
            }
        }
    }

    /// Takes option `k` of `choice` (see [`State::options`]); false if that is already dead.
    #[inline(always)]
    pub(super) fn apply(&mut self, choice: Choice, k: usize) -> bool {
        match choice {
            Choice::Band(i) => self.places[i] &= PERMUTATION_CELLS[k],
            Choice::Stack(d, s) => {
                let stack = box_cells(s);
                for (b, col) in PERMUTATIONS[k].into_iter().enumerate() {
                    self.places[at(d, b)] &= !stack | column(3 * s + col);
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
    /// ([`FORCED_MINIROWS`](tables::FORCED_MINIROWS)), into a minicolumn when its column lies
    /// in that band only or its box there keeps that column only. The same pass counts the
    /// undecided digits of every band and stack, for [`State::choose`].
    #[inline(always)]
    fn band_rules(&mut self, rule: u8) -> Rules {
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
            let x = [self.places[at(d, 0)], self.places[at(d, 1)], self.places[at(d, 2)]];
            // Masked to 9 bits (they are), so that indexing the tables by them needs no check.
            let shape = |k: usize| {
                let i = at(d, k);
                (self.shapes[i], u32::from(self.columns[i]) & ROW)
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
                self.places[at(d, k)] = y;
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
                let old = self.places[i];
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
                        changed |= self.places[other] & column(col);
                        self.places[other] &= !column(col);
                    }
                }
                self.places[i] &= x;
                changed |= old ^ self.places[i];
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
            return Rules::Changed(self.choose(undecided, &cols, rule));
        }
        Rules::Stuck(self.choose(undecided, &cols, rule))
    }

    /// Claiming along columns: a digit whose column lies in one band only must sit in that
    /// column's box there, so the box's other two columns lose it. Whether anything changed;
    /// `None` if a column has no place left.
    #[inline(always)]
    fn claim_columns(&mut self) -> Option<bool> {
        let mut changed = 0;
        for d in 0..9 {
            let [x0, x1, x2] =
                [self.places[at(d, 0)], self.places[at(d, 1)], self.places[at(d, 2)]];
            let (c0, c1, c2) = (fold(x0), fold(x1), fold(x2));
            if c0 | c1 | c2 != ROW {
                return None;
            }
            let y0 = x0 & CLAIM_KEEP[(c0 & !(c1 | c2)) as usize];
            let y1 = x1 & CLAIM_KEEP[(c1 & !(c0 | c2)) as usize];
            let y2 = x2 & CLAIM_KEEP[(c2 & !(c0 | c1)) as usize];
            changed |= (x0 ^ y0) | (x1 ^ y1) | (x2 ^ y2);
            self.places[at(d, 0)] = y0;
            self.places[at(d, 1)] = y1;
            self.places[at(d, 2)] = y2;
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
                let n = (0..9).filter(|&d| self.places[at(d, b)] >> bit & 1 != 0).count() as u32;
                if n < best.2 {
                    best = (b, bit, n);
                }
            }
        }
        (best.0, best.1)
    }

    /// Records every band's shape, as `work::<true>` does, for a board where every band is
    /// as last worked: where a puzzle turns to the search by bands.
    pub(super) fn shape_bands(&mut self) {
        for i in 0..27 {
            self.shapes[i] = SHAPES[boxes_reached(self.places[i]) as usize];
            self.columns[i] = fold(self.places[i]) as u16;
        }
    }

    /// The solved grid: each digit's bits are its cells. Per band, the cells' values as four
    /// bit planes (plane `k`: the cells whose value has bit `k`), spread to bytes eight cells
    /// at a time ([`SPREAD`]): a third of the instructions of writing cell by cell.
    pub(super) fn write(&self, out: &mut [u8; CELLS]) {
        // Eight bytes of room past the last band's last cell, for the last whole-word store.
        let mut bytes = [0u8; CELLS + 5];
        for b in 0..3 {
            let mut planes = [0u32; 4];
            for d in 0..9 {
                let x = self.places[at(d, b)];
                for (k, plane) in planes.iter_mut().enumerate() {
                    *plane |= x & 0u32.wrapping_sub((d as u32 + 1) >> k & 1);
                }
            }
            for chunk in 0..4 {
                let spread = |k: usize| SPREAD[(planes[k] >> (8 * chunk) & 0xFF) as usize] << k;
                let word = spread(0) | spread(1) | spread(2) | spread(3);
                let at = 27 * b + 8 * chunk;
                bytes[at..at + 8].copy_from_slice(&word.to_le_bytes());
            }
        }
        out.copy_from_slice(&bytes[..CELLS]);
    }
}
