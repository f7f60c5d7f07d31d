//! Chains of alternating inferences whose two ends cannot both be false, so that a candidate
//! seeing both ends goes:
//!
//! - X-chain, on one digit: a strong link (a house where the digit has exactly two places),
//!   then a weak link (two cells that see each other), and so on, starting and ending with a
//!   strong link. If the first cell is not the digit, the chain forces the last one to be it.
//! - XY-chain: bivalue cells, each seeing the next and sharing with it the digit it passes on.
//!   If the first cell is not z, the chain forces the last one to be z.
//!
//! Both are searched breadth-first from every start, so the shortest chain with removals is
//! found first (Sudoku Explainer rates a shorter chain lower); among chains of one length the
//! first in scan order wins (x-chains: digit 1..9, then start cell, increasing; xy-chains: start
//! cell increasing, then z increasing). Chains have at most [`MAX_CELLS`] cells, and at least
//! four (x-chains: three links, the skyscraper's and kite's shape) or three (xy-chains: the
//! xy-wing's); the ladder tries those named patterns first. The search marks each state (cell
//! and parity, or cell and forced digit) once, so a chain whose shortest route to its end
//! passes a cell twice is dropped rather than rerouted: a chain may be missed, never made up.
//!
//! Values, as Sudoku Explainer rates the same chains: an x-chain is a forcing X-chain, 6.6; an
//! xy-chain links cells and digits both, a forcing chain, 7.0; each plus [`length_bonus`].

use super::position::{bit, cells_of, Cells, Position, PEERS};
use super::step::Step;
use super::technique::Technique;
use crate::solver::tables::{CELL_HOUSES, HOUSE_CELLS};

/// The most cells a chain may have.
pub const MAX_CELLS: usize = 16;

/// The tenths Sudoku Explainer adds for a chain's length (`ChainingHint.getLengthDifficulty`):
/// its length is the chain's potentials other than the target's two, which for these chains is
/// `links + 1` (an x-chain of n cells has n - 1 links; an xy-chain of n cells has 2n - 1, one
/// strong link inside each cell and a weak one between cells). One tenth is added each time the
/// length passes a ceiling that starts at 4 and grows by 3/2 and 4/3 in turn: 4, 6, 8, 12, 16,
/// 24, 32, ...
pub fn length_bonus(links: usize) -> u8 {
    let length = links + 1;
    let (mut ceiling, mut odd, mut bonus) = (4, false, 0);
    while length > ceiling {
        bonus += 1;
        ceiling = if odd { ceiling * 4 / 3 } else { ceiling * 3 / 2 };
        odd = !odd;
    }
    bonus
}

/// The best chain found so far: its cells in order and the digit it removes.
struct Best {
    cells: [u8; MAX_CELLS],
    len: usize,
    digit: u8,
}

impl Best {
    /// No chain yet.
    fn new() -> Best {
        Best { cells: [0; MAX_CELLS], len: usize::MAX, digit: 0 }
    }

    /// Whether a chain of `len` cells would beat it.
    fn beaten_by(&self, len: usize) -> bool {
        len < self.len
    }
}

/// Breadth-first search state: each state's parent and its distance in links from the start
/// (both valid only for the states the current search has reached: it keeps those in a bit
/// set, so nothing is cleared between searches), and the queue.
struct Search<const N: usize> {
    parent: [u16; N],
    dist: [u8; N],
    queue: [u16; N],
}

impl<const N: usize> Search<N> {
    /// An empty search.
    fn new() -> Self {
        Search { parent: [0; N], dist: [0; N], queue: [0; N] }
    }

    /// Records `to` as reached from `from`, one link further, and queues it.
    fn reach(&mut self, from: usize, to: usize, tail: &mut usize) {
        self.dist[to] = self.dist[from] + 1;
        self.parent[to] = from as u16;
        self.queue[*tail] = to as u16;
        *tail += 1;
    }

    /// Writes the cells of the path ending at `state` into `out` (start first) if no cell
    /// repeats on it, and says whether it did; `cell_of` maps a state to its cell. A path that
    /// repeats a cell leaves `out` as it was.
    fn path(&self, state: usize, out: &mut Best, cell_of: impl Fn(usize) -> usize) -> bool {
        let len = usize::from(self.dist[state]) + 1;
        let mut cells = [0u8; MAX_CELLS];
        let mut seen: Cells = 0;
        let mut s = state;
        for k in (0..len).rev() {
            let cell = cell_of(s);
            if seen & 1 << cell != 0 {
                return false;
            }
            seen |= 1 << cell;
            cells[k] = cell as u8;
            s = usize::from(self.parent[s]);
        }
        out.cells = cells;
        out.len = len;
        true
    }
}

/// An X-chain: the shortest on any digit, the first in scan order among the shortest.
pub fn x_chain(position: &Position, step: &mut Step) -> bool {
    let mut best = Best::new();
    let mut search = Search::<162>::new();
    let mut strong = [0; 81];
    for digit in 1..=9u8 {
        let cells = position.digit_cells(digit);
        for cell in cells_of(cells) {
            strong[cell] = conjugates(position, digit, cell);
        }
        for start in cells_of(cells) {
            // A chain starts with a strong link.
            if strong[start] != 0 {
                x_search(cells, &strong, digit, start, &mut search, &mut best);
            }
        }
    }
    if best.len == usize::MAX {
        return false;
    }
    step.start(Technique::XChain);
    let chain = &best.cells[..best.len];
    finish(position, step, chain, best.digit, best.len - 1);
    true
}

/// Breadth-first from `start` over states `2 * cell + parity` (parity 1: reached by a strong
/// link, so the cell is the digit if the start is not), on the digit's `cells` and their
/// `strong` links; records a shorter chain with removals in `best`.
fn x_search(
    cells: Cells,
    strong: &[Cells; 81],
    digit: u8,
    start: usize,
    search: &mut Search<162>,
    best: &mut Best,
) {
    // The cells reached at each parity.
    let mut seen: [Cells; 2] = [1 << start, 0];
    search.dist[2 * start] = 0;
    search.queue[0] = (2 * start) as u16;
    let (mut head, mut tail) = (0, 1);
    while head < tail {
        let state = usize::from(search.queue[head]);
        head += 1;
        let (cell, strong_in) = (state / 2, state % 2 == 1);
        let links = usize::from(search.dist[state]) + 1;
        if !best.beaten_by(links + 1) || links >= MAX_CELLS {
            return;
        }
        let parity = usize::from(!strong_in);
        let next = if strong_in { PEERS[cell] & cells } else { strong[cell] } & !seen[parity];
        seen[parity] |= next;
        for to in cells_of(next) {
            let to_state = 2 * to + parity;
            search.reach(state, to_state, &mut tail);
            if strong_in || links < 3 {
                continue;
            }
            let removed = cells & PEERS[start] & PEERS[to];
            if removed != 0 && search.path(to_state, best, |s| s / 2) {
                best.digit = digit;
                return;
            }
        }
    }
}

/// The cells linked to `cell` by a strong link on `digit`: its partner in each of its houses
/// where the digit has exactly two places.
fn conjugates(position: &Position, digit: u8, cell: usize) -> Cells {
    let mut out = 0;
    for &house in &CELL_HOUSES[cell] {
        let places = position.places(usize::from(house), digit);
        if places.count_ones() == 2 {
            for (i, &other) in HOUSE_CELLS[usize::from(house)].iter().enumerate() {
                if places & 1 << i != 0 {
                    out |= 1u128 << other;
                }
            }
        }
    }
    out & !(1 << cell)
}

/// An XY-chain: the shortest from any bivalue cell, the first in scan order among the shortest.
pub fn xy_chain(position: &Position, step: &mut Step) -> bool {
    let bivalue = cells_of(position.empty())
        .filter(|&c| position.candidates(c).count_ones() == 2)
        .fold(0u128, |s, c| s | 1 << c);
    let mut best = Best::new();
    let mut search = Search::<729>::new();
    for start in cells_of(bivalue) {
        let pair = position.candidates(start);
        for z in super::position::digits_of(pair) {
            // Nothing to remove unless some other cell with z sees the start.
            if position.digit_cells(z) & PEERS[start] == 0 {
                continue;
            }
            xy_search(position, bivalue, start, z, &mut search, &mut best);
        }
    }
    if best.len == usize::MAX {
        return false;
    }
    step.start(Technique::XyChain);
    let chain = &best.cells[..best.len];
    finish(position, step, chain, best.digit, 2 * best.len - 1);
    true
}

/// Breadth-first from `start` (assumed not `z`) over states `9 * cell + digit - 1`, the digit a
/// cell is forced to; records a shorter chain ending in a cell forced to `z` in `best`.
fn xy_search(
    position: &Position,
    bivalue: Cells,
    start: usize,
    z: u8,
    search: &mut Search<729>,
    best: &mut Best,
) {
    let other = |cell: usize, d: u8| (position.candidates(cell) & !bit(d)).trailing_zeros() as u8;
    // The cells reached forced to each digit.
    let mut seen: [Cells; 9] = [0; 9];
    let first = 9 * start + usize::from(other(start, z));
    seen[usize::from(other(start, z))] = 1 << start;
    search.dist[first] = 0;
    search.queue[0] = first as u16;
    let (mut head, mut tail) = (0, 1);
    while head < tail {
        let state = usize::from(search.queue[head]);
        head += 1;
        let (cell, forced) = (state / 9, (state % 9) as u8 + 1);
        let cells = usize::from(search.dist[state]) + 2;
        if !best.beaten_by(cells) || cells > MAX_CELLS {
            return;
        }
        for to in cells_of(PEERS[cell] & bivalue & position.digit_cells(forced)) {
            let to_digit = other(to, forced);
            if seen[usize::from(to_digit)] & 1 << to != 0 {
                continue;
            }
            seen[usize::from(to_digit)] |= 1 << to;
            let to_state = 9 * to + usize::from(to_digit);
            search.reach(state, to_state, &mut tail);
            if to_digit + 1 != z || cells < 3 {
                continue;
            }
            let removed = position.digit_cells(z) & PEERS[start] & PEERS[to];
            if removed != 0 && search.path(to_state, best, |s| s / 9) {
                best.digit = z;
                return;
            }
        }
    }
}

/// Fills a chain step: its digit, cells in order, the removals from cells that see both ends,
/// and its value from the link count.
fn finish(position: &Position, step: &mut Step, chain: &[u8], digit: u8, links: usize) {
    let (first, last) = (usize::from(chain[0]), usize::from(chain[chain.len() - 1]));
    step.digits = bit(digit);
    step.cells.extend_from_slice(chain);
    step.eliminate_all(position, PEERS[first] & PEERS[last], bit(digit));
    step.rating += length_bonus(links);
}

#[cfg(test)]
#[path = "chains_tests.rs"]
mod tests;
