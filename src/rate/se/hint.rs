//! A step as Sudoku Explainer takes it: one hint of one rule, its difficulty, what it places
//! or removes, and the pattern behind it (for `explain`).

use super::grid::{Cell, Grid};

/// One node of a forcing chain or cycle: "`cell` is `digit`" (`on`) or "is not" (`!on`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChainNode {
    /// The cell.
    pub cell: u8,
    /// The digit.
    pub digit: u8,
    /// Whether the node says the cell holds the digit (`true`) or does not (`false`).
    pub on: bool,
    /// The nodes this one follows from, as indices into the same chain (none for the
    /// assumption the chain starts from). A static chain has one parent a node; a dynamic one
    /// may have several.
    pub parents: Vec<u32>,
}

/// A chain as SE reports it: its nodes, the first the conclusion, then the nodes it follows
/// from, breadth first (so a node met twice is listed once, where first met); the assumption
/// is the node without parents. A cycle's last node has the first as its parent, closing it.
pub type Chain = Vec<ChainNode>;

/// A hint: SE's `Hint` reduced to what rating and explaining need.
#[derive(Debug, Clone, PartialEq)]
pub struct Hint {
    /// The rule's name as SE writes it (`Rule.getName()`: "Hidden Single", "X-Wing",
    /// "Forcing Chain", "Dynamic Forcing Chains (+)", ...).
    pub name: &'static str,
    /// The difficulty, computed as SE computes it (a `double`: sums such as `7.0 + 0.1 + 0.1`
    /// are kept unrounded, as SE keeps them, and compared as SE compares them).
    pub difficulty: f64,
    /// The digit placed, if the hint places one (SE's `getCell()` and `getValue()`): what
    /// makes a step count for EP.
    pub placement: Option<(Cell, u8)>,
    /// The candidates removed: a cell and a mask of digits (bit `d` for `d`).
    pub removals: Vec<(Cell, u16)>,
    /// The pattern's cells, in the order the rule reads them.
    pub cells: Vec<Cell>,
    /// The pattern's regions (0..9 blocks, 9..18 rows, 18..27 columns).
    pub regions: Vec<usize>,
    /// The pattern's digits (bit `d` for `d`).
    pub digits: u16,
    /// The chains behind a chaining hint (one for a cycle or a forcing chain, one a branch for
    /// a forcing chain of several branches).
    pub chains: Vec<Chain>,
}

impl Hint {
    /// A hint of rule `name` at `difficulty`, with nothing else yet.
    pub fn new(name: &'static str, difficulty: f64) -> Hint {
        Hint {
            name,
            difficulty,
            placement: None,
            removals: Vec::new(),
            cells: Vec::new(),
            regions: Vec::new(),
            digits: 0,
            chains: Vec::new(),
        }
    }

    /// Adds `mask` to the candidates removed from `cell`.
    pub fn remove(&mut self, cell: Cell, mask: u16) {
        if mask == 0 {
            return;
        }
        match self.removals.iter_mut().find(|(c, _)| *c == cell) {
            Some((_, m)) => *m |= mask,
            None => self.removals.push((cell, mask)),
        }
    }

    /// Whether the hint does anything (SE's `isWorth` for indirect hints).
    pub fn is_worth(&self) -> bool {
        self.placement.is_some() || self.removals.iter().any(|&(_, m)| m != 0)
    }

    /// Applies the hint to `grid` as SE does: the removals first, then the placement.
    pub fn apply(&self, grid: &mut Grid) {
        for &(cell, mask) in &self.removals {
            grid.cands[cell] &= !mask;
        }
        if let Some((cell, digit)) = self.placement {
            grid.place(cell, digit);
        }
    }

    /// The removals as (cell, digit) pairs, by cell then digit.
    pub fn eliminations(&self) -> Vec<(Cell, u8)> {
        let mut out: Vec<(Cell, u8)> = self
            .removals
            .iter()
            .flat_map(|&(c, m)| super::grid::digits(m).map(move |d| (c, d)))
            .collect();
        out.sort_unstable();
        out
    }
}
