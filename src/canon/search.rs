//! The general search for canonical forms, a branch and bound row by row of the output (see
//! "How the search goes" in the module above), and the [`Canonicalizer`] that holds its
//! scratch and sends solution grids and most puzzles to the faster `latin` and `pattern`.

use super::form::{Canonical, Form};
use super::transform::{Transform, FREE};
use super::{latin, pattern};
use crate::grid::{Grid, CELLS};

/// Patminlex: at most this many transformations with the smallest pattern are compared
/// one by one; more, and the values are searched depth first.
const FEW: usize = 512;

/// Minlex and the pattern search: past this many partial transformations in one level, the
/// rest of the search goes depth first from each (see [`Canonicalizer::breadth_first`]).
const WIDE: usize = 1024;

/// A partial transformation: the source rows of the output rows chosen so far, in one
/// orientation, and the column order as far as those rows decide it.
///
/// ```text
///   output stack slot:     0          1          2
///   stack[s]:          FREE       source 2   source 0      free stacks come first
///   nfree[s]:             3          1          0          free columns come first in a slot
///   cols[3s..3s+3]:    F  F  F    F  7  6    1  0  2      source column, or F (FREE)
/// ```
#[derive(Clone, Copy)]
struct Node {
    transpose: bool,
    rows: [u8; 9],
    cols: [u8; 9],
    stack: [u8; 3],
    nfree: [u8; 3],
    /// `map[d]`: digit `d`'s label, 0 while `d` has not appeared.
    map: [u8; 10],
    next: u8,
}

impl Node {
    fn root(transpose: bool) -> Node {
        Node {
            transpose,
            rows: [FREE; 9],
            cols: [FREE; 9],
            stack: [FREE; 3],
            nfree: [3; 3],
            map: [0; 10],
            next: 1,
        }
    }

    /// How many complete transformations this node stands for: its free stacks and free
    /// columns in every order.
    fn multiplicity(&self) -> u64 {
        const FACT: [u64; 4] = [1, 1, 2, 6];
        let free_stacks = self.stack.iter().filter(|&&s| s == FREE).count();
        let mut m = FACT[free_stacks] * 6u64.pow(free_stacks as u32);
        for s in 0..3 {
            if self.stack[s] != FREE {
                m *= FACT[self.nfree[s] as usize];
            }
        }
        m
    }

    /// One complete transformation it stands for: free stacks and columns in increasing
    /// order, unseen digits labelled after the seen ones in increasing order.
    fn transform(&self) -> Transform {
        let mut stack = self.stack;
        let taken = self.stack;
        let mut spare = (0..3u8).filter(|s| !taken.contains(s));
        for s in stack.iter_mut().filter(|s| **s == FREE) {
            *s = spare.next().expect("as many free slots as free stacks");
        }
        let mut cols = self.cols;
        for (slot, &src) in stack.iter().enumerate() {
            let part = &mut cols[slot * 3..slot * 3 + 3];
            let taken = [part[0], part[1], part[2]];
            let mut spare = (src * 3..src * 3 + 3).filter(|c| !taken.contains(c));
            for c in part.iter_mut().filter(|c| **c == FREE) {
                *c = spare.next().expect("as many free columns as free places");
            }
        }
        let mut digits = self.map;
        for (label, d) in (self.next..).zip(digits.iter_mut().skip(1).filter(|d| **d == 0)) {
            *d = label;
        }
        Transform { transpose: self.transpose, rows: self.rows, cols, digits }
    }
}

/// The state of one row being laid out: the child node, the row so far, and how it compares
/// with the bound.
#[derive(Clone, Copy)]
struct Lay {
    node: Node,
    row: [u8; 9],
    pos: usize,
    /// The row so far is already below the bound (no more pruning against it).
    below: bool,
}

/// Whether every row, column and box of `grid` holds the nine digits once: a solution grid.
/// (A latin square whose boxes repeat a digit goes to the general search: the classes of
/// `latin` assume no digit of a row is in the same box of the other rows of its band.)
fn is_solution_grid(grid: &Grid) -> bool {
    (0..9).all(|i| {
        let (mut row, mut col, mut box_) = (0u16, 0u16, 0u16);
        for j in 0..9 {
            row |= 1 << grid.0[i * 9 + j];
            col |= 1 << grid.0[j * 9 + i];
            box_ |= 1 << grid.0[(i / 3 * 3 + j / 3) * 9 + i % 3 * 3 + j % 3];
        }
        row == 0x3FE && col == 0x3FE && box_ == 0x3FE
    })
}

/// Reusable scratch for canonicalising many puzzles (no allocation after warm-up). One per
/// thread.
pub struct Canonicalizer {
    cells: [u8; CELLS],
    /// The bound the row being laid out is pruned against.
    bound: [u8; 9],
    /// Patminlex: the pattern the row must have (1 for a given), when constrained.
    pattern: Option<[u8; 9]>,
    /// Breadth-first mode: keep only the smallest rows.
    level_min: bool,
    /// Children found for the current expansion.
    found: Vec<([u8; 9], Node)>,
    /// Nodes of the current level (breadth-first) and per-depth buffers (depth-first).
    level: Vec<Node>,
    stacks: Vec<Vec<([u8; 9], Node)>>,
    /// Depth-first: the best complete string, its node and how many transforms reach it.
    best: [u8; CELLS],
    best_node: Option<Node>,
    best_count: u64,
    cur: [u8; CELLS],
    /// The search for grids whose rows and columns are permutations of 1-9.
    latin: latin::Search,
    /// Patminlex by row masks, for the grids few transformations reach the pattern of.
    by_masks: pattern::Search,
}

impl Default for Canonicalizer {
    fn default() -> Self {
        Canonicalizer::new()
    }
}

impl Canonicalizer {
    /// Scratch space for [`Canonicalizer::canonicalize`].
    pub fn new() -> Canonicalizer {
        Canonicalizer {
            cells: [0; CELLS],
            bound: [u8::MAX; 9],
            pattern: None,
            level_min: true,
            found: Vec::new(),
            level: Vec::new(),
            stacks: Vec::new(),
            best: [u8::MAX; CELLS],
            best_node: None,
            best_count: 0,
            cur: [0; CELLS],
            latin: latin::Search::new(),
            by_masks: pattern::Search::new(),
        }
    }

    /// As [`canonicalize`](super::canonicalize), reusing this scratch space.
    ///
    /// Most grids keep a handful of partial transformations alive; grids with many equal
    /// rows and columns (all one digit, say) keep up to millions, for seconds and a few
    /// hundred megabytes. The scratch is given back after such a grid.
    pub fn canonicalize(&mut self, grid: &Grid, form: Form) -> Canonical {
        let found = self.search(grid, form);
        const KEEP: usize = 1 << 16;
        if self.found.capacity() > KEEP || self.level.capacity() > KEEP {
            self.found = Vec::new();
            self.level = Vec::new();
        }
        found
    }

    fn search(&mut self, grid: &Grid, form: Form) -> Canonical {
        match form {
            Form::Minlex if is_solution_grid(grid) => self.latin.minlex(grid),
            Form::Minlex => {
                self.cells = grid.0;
                let (string, node, count) = self.breadth_first();
                Canonical { grid: Grid(string), transform: node.transform(), automorphisms: count }
            }
            Form::Patminlex if grid.0.iter().all(|&v| v != 0) => {
                // Every transformation gives a full grid the same pattern: patminlex is
                // minlex, found level by level (each partial transformation completes).
                self.search(grid, Form::Minlex)
            }
            Form::Patminlex => {
                // Most puzzles: by row masks. Past its limits, the general search.
                match self.by_masks.patminlex(grid) {
                    Some(found) => found,
                    None => self.patminlex_general(grid),
                }
            }
        }
    }

    /// Patminlex by the general search, for any grid that is not full.
    fn patminlex_general(&mut self, grid: &Grid) -> Canonical {
        // The pattern first: the minlex form of the 0/1 grid.
        self.cells = grid.0.map(|v| u8::from(v != 0));
        let (pattern, _, _) = self.breadth_first();
        self.cells = grid.0;
        // The pattern search ends holding every transformation with the smallest pattern
        // (free columns aside, which are blank throughout and so change no string). When
        // they are few, the smallest string is found among them; otherwise a depth-first
        // search over the values finds it.
        if !self.level.is_empty() && self.level.len() <= FEW {
            return self.smallest_of_level();
        }
        let (string, node, count) = self.depth_first(&pattern);
        Canonical { grid: Grid(string), transform: node.transform(), automorphisms: count }
    }

    /// The smallest relabelled string among the transformations the nodes of `level`
    /// stand for (each node's free columns being blank throughout).
    fn smallest_of_level(&mut self) -> Canonical {
        let mut best: Option<Canonical> = None;
        for node in &self.level {
            let geometric = node.transform();
            let mut digits = [0u8; 10];
            let mut next = 1;
            let mut cells = [0u8; CELLS];
            for (r, &sr) in geometric.rows.iter().enumerate() {
                for (c, &sc) in geometric.cols.iter().enumerate() {
                    let v = self.cell(geometric.transpose, sr as usize, sc as usize);
                    if v != 0 && digits[v as usize] == 0 {
                        digits[v as usize] = next;
                        next += 1;
                    }
                    cells[r * 9 + c] = digits[v as usize];
                }
            }
            for (label, d) in (next..).zip(digits.iter_mut().skip(1).filter(|d| **d == 0)) {
                *d = label;
            }
            let found = Canonical {
                grid: Grid(cells),
                transform: Transform { digits, ..geometric },
                automorphisms: node.multiplicity(),
            };
            match &mut best {
                Some(b) if b.grid.0 == cells => b.automorphisms += found.automorphisms,
                Some(b) if b.grid.0 < cells => {}
                _ => best = Some(found),
            }
        }
        best.expect("the pattern search keeps at least one transformation")
    }

    /// The value of source cell (`row`, `col`) in orientation `transpose`.
    #[inline]
    fn cell(&self, transpose: bool, row: usize, col: usize) -> u8 {
        if transpose {
            self.cells[col * 9 + row]
        } else {
            self.cells[row * 9 + col]
        }
    }

    /// The source rows that may come next at output row `level` after `node`'s rows.
    fn allowed(node: &Node, level: usize) -> u16 {
        let used = node.rows[..level].iter().fold(0u16, |m, &r| m | 1 << r);
        if level % 3 == 0 {
            // A new band: any row of a band not used yet.
            let mut bands = 0u16;
            for b in 0..3 {
                if used & (0b111 << (b * 3)) == 0 {
                    bands |= 0b111 << (b * 3);
                }
            }
            bands
        } else {
            let band = node.rows[level / 3 * 3] / 3;
            (0b111 << (band * 3)) & !used
        }
    }

    /// Minlex by levels: every node kept has the smallest prefix, and any node completes.
    /// Returns the string, one node reaching it, and the number of transforms reaching it,
    /// and leaves every node reaching it in `level`; past [`WIDE`] nodes in a level it goes
    /// depth first instead and leaves `level` empty.
    fn breadth_first(&mut self) -> ([u8; CELLS], Node, u64) {
        let mut out = [0u8; CELLS];
        let mut level = std::mem::take(&mut self.level);
        level.clear();
        level.extend([Node::root(false), Node::root(true)]);
        self.level_min = true;
        self.pattern = None;
        for depth in 0..9 {
            self.bound = [u8::MAX; 9];
            self.found.clear();
            for node in &level {
                self.expand(node, depth);
            }
            level.clear();
            let bound = self.bound;
            level.extend(self.found.iter().filter(|(row, _)| *row == bound).map(|&(_, n)| n));
            out[depth * 9..depth * 9 + 9].copy_from_slice(&bound);
            if level.len() > WIDE && depth < 8 {
                // A grid with many alike rows and columns (all one digit, say) keeps up to
                // millions of partial transformations alive; the rest goes depth first, from
                // each in turn, in memory that does not grow with them.
                self.start_depth_first();
                self.cur[..(depth + 1) * 9].copy_from_slice(&out[..(depth + 1) * 9]);
                for node in &level {
                    self.descend(node, depth + 1, None);
                }
                level.clear(); // not the whole transformations: nothing for smallest_of_level
                self.level = level;
                self.level_min = true;
                let node = self.best_node.expect("every partial transformation completes");
                return (self.best, node, self.best_count);
            }
        }
        let count = level.iter().map(Node::multiplicity).sum();
        let node = level[0];
        self.level = level;
        (out, node, count)
    }

    /// The smallest string among transformations with the given pattern, depth first.
    fn depth_first(&mut self, pattern: &[u8; CELLS]) -> ([u8; CELLS], Node, u64) {
        self.start_depth_first();
        for transpose in [false, true] {
            self.descend(&Node::root(transpose), 0, Some(pattern));
        }
        let node = self.best_node.expect("some transformation has the smallest pattern");
        (self.best, node, self.best_count)
    }

    /// Readies the depth-first search: no best string yet.
    fn start_depth_first(&mut self) {
        self.level_min = false;
        self.best = [u8::MAX; CELLS];
        self.best_node = None;
        self.best_count = 0;
        if self.stacks.len() < 9 {
            self.stacks.resize_with(9, Vec::new);
        }
    }

    /// Extends `node` (output rows before `depth` laid out, their string in `cur`) depth
    /// first, to every completion no larger than the best found so far; with a pattern, each
    /// row must have the pattern's givens and blanks.
    fn descend(&mut self, node: &Node, depth: usize, pattern: Option<&[u8; CELLS]>) {
        if depth == 9 {
            match self.cur.cmp(&self.best) {
                std::cmp::Ordering::Less => {
                    self.best = self.cur;
                    self.best_node = Some(*node);
                    self.best_count = node.multiplicity();
                }
                std::cmp::Ordering::Equal => self.best_count += node.multiplicity(),
                std::cmp::Ordering::Greater => {}
            }
            return;
        }
        let span = depth * 9..depth * 9 + 9;
        self.pattern = pattern.map(|pattern| {
            let mut row_pattern = [0u8; 9];
            row_pattern.copy_from_slice(&pattern[span.clone()]);
            row_pattern
        });
        self.bound = self.row_bound(depth);
        self.found.clear();
        self.expand(node, depth);
        let mut children = std::mem::take(&mut self.stacks[depth]);
        children.clear();
        children.append(&mut self.found);
        children.sort_unstable_by_key(|c| c.0);
        for (row, child) in &children {
            if *row > self.row_bound(depth) {
                break; // sorted: the rest are larger still
            }
            self.cur[span.clone()].copy_from_slice(row);
            self.descend(child, depth + 1, pattern);
        }
        self.stacks[depth] = children;
    }

    /// The best complete string's row `depth` if the current prefix equals its prefix (no
    /// row above it can lead anywhere better), else no bound.
    fn row_bound(&self, depth: usize) -> [u8; 9] {
        let prefix = depth * 9;
        if self.cur[..prefix] == self.best[..prefix] {
            let mut b = [0u8; 9];
            b.copy_from_slice(&self.best[prefix..prefix + 9]);
            b
        } else {
            [u8::MAX; 9]
        }
    }

    /// Every way to extend `node` by one output row (`depth`), into `found`, pruned against
    /// `bound` (which breadth-first mode lowers as it finds smaller rows).
    fn expand(&mut self, node: &Node, depth: usize) {
        let mut rows = Self::allowed(node, depth);
        while rows != 0 {
            let r = rows.trailing_zeros() as usize;
            rows &= rows - 1;
            let mut values = [0u8; 9];
            for (c, v) in values.iter_mut().enumerate() {
                *v = self.cell(node.transpose, r, c);
            }
            let mut child = *node;
            child.rows[depth] = r as u8;
            // The free stacks (wholly blank so far): those blank in this row stay free, at the
            // front; those with a given are placed after them, in every order.
            let assigned = node.stack.iter().filter(|&&s| s != FREE).fold(0u8, |m, &s| m | 1 << s);
            let (mut blank, mut given) = (0u8, 0u8);
            for s in 0..3u8 {
                if assigned & (1 << s) == 0 {
                    match values[s as usize * 3..s as usize * 3 + 3].iter().all(|&v| v == 0) {
                        true => blank |= 1 << s,
                        false => given |= 1 << s,
                    }
                }
            }
            let lay = Lay { node: child, row: [0; 9], pos: 0, below: false };
            let mut lay = lay;
            let nblank = blank.count_ones() as usize;
            for slot in 0..nblank {
                lay.node.stack[slot] = FREE;
                for _ in 0..3 {
                    if !self.emit(&mut lay, 0) {
                        break;
                    }
                }
            }
            if lay.pos == nblank * 3 {
                self.place_stacks(lay, nblank, given, &values);
            }
        }
    }

    /// Lays out slot `slot` onwards: the stacks in `given` (free so far, with givens in this
    /// row) in every order, then the slots assigned before.
    fn place_stacks(&mut self, lay: Lay, slot: usize, given: u8, values: &[u8; 9]) {
        if given == 0 {
            self.place_assigned(lay, slot, values);
            return;
        }
        let mut rest = given;
        while rest != 0 {
            let s = rest.trailing_zeros() as u8;
            rest &= rest - 1;
            let mut next = lay;
            next.node.stack[slot] = s;
            next.node.nfree[slot] = 3;
            next.node.cols[slot * 3..slot * 3 + 3].fill(FREE);
            let cols = [s * 3, s * 3 + 1, s * 3 + 2];
            self.place_columns(next, slot, cols, 3, values, &mut |me, lay| {
                me.place_stacks(lay, slot + 1, given & !(1 << s), values)
            });
        }
    }

    /// Lays out the slots from `slot` on, each assigned to a source stack already.
    fn place_assigned(&mut self, lay: Lay, slot: usize, values: &[u8; 9]) {
        if slot == 3 {
            self.finish(lay);
            return;
        }
        let node = &lay.node;
        let nfree = node.nfree[slot] as usize;
        let src = node.stack[slot];
        let mut free = [0u8; 3];
        let mut n = 0;
        for c in src * 3..src * 3 + 3 {
            if !node.cols[slot * 3..slot * 3 + 3].contains(&c) {
                free[n] = c;
                n += 1;
            }
        }
        debug_assert_eq!(n, nfree);
        self.place_columns(lay, slot, free, nfree, values, &mut |me, lay| {
            me.place_assigned(lay, slot + 1, values)
        });
    }

    /// Lays out one slot: its `nfree` free source columns (`free[..nfree]`) with the blank ones
    /// first (staying free) and the others in every order, then its fixed columns; then calls
    /// `then` to go on.
    fn place_columns(
        &mut self,
        mut lay: Lay,
        slot: usize,
        free: [u8; 3],
        nfree: usize,
        values: &[u8; 9],
        then: &mut dyn FnMut(&mut Self, Lay),
    ) {
        let mut givens = [0u8; 3];
        let mut ng = 0;
        for &c in &free[..nfree] {
            if values[c as usize] != 0 {
                givens[ng] = c;
                ng += 1;
            }
        }
        let nb = nfree - ng;
        for _ in 0..nb {
            if !self.emit(&mut lay, 0) {
                return;
            }
        }
        lay.node.nfree[slot] = nb as u8;
        self.permute(lay, slot, nb, givens, ng, 0, values, then);
    }

    /// Places `givens[k..ng]` at positions `slot*3 + nb + k ..` in every order, then the
    /// slot's fixed columns.
    #[allow(clippy::too_many_arguments)]
    fn permute(
        &mut self,
        lay: Lay,
        slot: usize,
        nb: usize,
        mut givens: [u8; 3],
        ng: usize,
        k: usize,
        values: &[u8; 9],
        then: &mut dyn FnMut(&mut Self, Lay),
    ) {
        if k == ng {
            let mut lay = lay;
            for i in nb + ng..3 {
                let c = lay.node.cols[slot * 3 + i];
                if !self.emit(&mut lay, values[c as usize]) {
                    return;
                }
            }
            then(self, lay);
            return;
        }
        for i in k..ng {
            givens.swap(k, i);
            let mut next = lay;
            let c = givens[k];
            next.node.cols[slot * 3 + nb + k] = c;
            if self.emit(&mut next, values[c as usize]) {
                self.permute(next, slot, nb, givens, ng, k + 1, values, then);
            }
            givens.swap(k, i);
        }
    }

    /// Appends one source value to the row, relabelled; `false` if the row can no longer be
    /// kept (above the bound, or against the required pattern).
    #[inline]
    fn emit(&self, lay: &mut Lay, value: u8) -> bool {
        let label = match value {
            0 => 0,
            v => {
                let m = &mut lay.node.map[v as usize];
                if *m == 0 {
                    *m = lay.node.next;
                    lay.node.next += 1;
                }
                *m
            }
        };
        let pos = lay.pos;
        if let Some(pattern) = &self.pattern {
            if u8::from(label != 0) != pattern[pos] {
                return false;
            }
        }
        if !lay.below {
            let bound = self.bound[pos];
            if label > bound {
                return false;
            }
            lay.below = label < bound;
        }
        lay.row[pos] = label;
        lay.pos += 1;
        true
    }

    /// A complete row: kept if it is no larger than the bound (breadth-first: the bound
    /// becomes it).
    fn finish(&mut self, lay: Lay) {
        if lay.row > self.bound {
            return;
        }
        if self.level_min && lay.row < self.bound {
            self.bound = lay.row;
            // Smaller than every row found so far: those are dropped lazily (filtered on
            // the bound at the end of the level), so keep only this and later ties.
            self.found.clear();
        }
        self.found.push((lay.row, lay.node));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::Generator;

    /// Patminlex by row masks against the general search, on puzzles of every density
    /// (sparse ones go past the masks' limits: both ways are then the general search).
    #[test]
    fn patminlex_by_masks_agrees_with_the_general_search() {
        let mut canon = Canonicalizer::new();
        let mut by_masks = 0;
        for seed in 0..60 {
            let (puzzle, solution) = Generator::new(seed).puzzle_with_solution();
            for keep in [3, 8, 17, 25, 40, 60, 80] {
                // The first `keep` cells of a seeded walk over the solution.
                let mut grid = Grid::EMPTY;
                let mut cell = seed as usize % 81;
                for _ in 0..keep {
                    while grid.0[cell] != 0 {
                        cell = (cell + 1) % 81;
                    }
                    grid.0[cell] = solution.0[cell];
                    cell = (cell * 7 + 13) % 81;
                }
                for grid in [grid, puzzle] {
                    let Some(fast) = canon.by_masks.patminlex(&grid) else { continue };
                    by_masks += 1;
                    let general = canon.patminlex_general(&grid);
                    assert_eq!(fast.grid, general.grid, "{grid}");
                    assert_eq!(fast.automorphisms, general.automorphisms, "{grid}");
                    assert_eq!(fast.transform.apply(&grid), fast.grid, "{grid}");
                }
            }
        }
        assert!(by_masks > 600, "only {by_masks} by row masks");
    }

    /// Patminlex's two ways to the values, compared: over the transformations the pattern
    /// search kept, and depth first (the way for grids that keep many). The first is checked
    /// against the exhaustive oracle in tests/canon.rs.
    #[test]
    fn patminlex_values_agree_both_ways() {
        let mut grids: Vec<Grid> = vec![Grid::EMPTY];
        for seed in 0..40 {
            let (puzzle, solution) = Generator::new(seed).puzzle_with_solution();
            grids.push(puzzle);
            let mut dense = puzzle;
            for (v, &s) in dense.0.iter_mut().zip(&solution.0).step_by(2) {
                *v = s;
            }
            grids.push(dense);
            // A sparser one: its first givens only, and a denser one: solution cells added.
            let mut sparse = puzzle;
            let mut kept = 0;
            for v in sparse.0.iter_mut() {
                kept += usize::from(*v != 0);
                if kept > 6 {
                    *v = 0;
                }
            }
            grids.push(sparse);
        }
        let mut canon = Canonicalizer::new();
        let mut skipped = 0;
        for grid in &grids {
            canon.cells = grid.0.map(|v| u8::from(v != 0));
            let (pattern, _, _) = canon.breadth_first();
            canon.cells = grid.0;
            if canon.level.is_empty() {
                skipped += 1; // the pattern search went depth first: it kept no level
                continue;
            }
            let kept = canon.smallest_of_level();
            let (string, node, count) = canon.depth_first(&pattern);
            assert_eq!(kept.grid.0, string, "{grid}");
            assert_eq!(kept.automorphisms, count, "{grid}");
            assert_eq!(node.transform().apply(grid).0.map(|v| u8::from(v != 0)), pattern);
            assert_eq!(kept.transform.apply(grid), kept.grid);
        }
        assert!(skipped < grids.len() / 4, "{skipped} of {} went depth first", grids.len());
    }
}
