//! A step of an explanation: a technique, what it looked at, and what it concluded.

use super::position::{cell_name, digits_of, house_name, Position};
use super::technique::{rating_text, Technique};

/// One step: a technique found in a position, with its value, the houses, cells and digits of
/// its pattern, and its conclusions (digits placed, candidates removed).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// The technique.
    pub technique: Technique,
    /// Its value in tenths on Sudoku Explainer's scale (0 for a search).
    pub rating: u8,
    /// The digits of the pattern, as a mask (bit `d - 1` for digit `d`).
    pub digits: u16,
    /// The houses of the pattern (0..9 rows, 9..18 columns, 18..27 boxes), in the order the
    /// technique reads them (a fish: its base lines, then its cover lines).
    pub houses: Vec<u8>,
    /// The cells of the pattern, in the order the technique reads them (a chain: along it).
    pub cells: Vec<u8>,
    /// Digits placed: (cell, digit).
    pub placements: Vec<(u8, u8)>,
    /// Candidates removed: (cell, digit).
    pub eliminations: Vec<(u8, u8)>,
    /// For a search: the guesses and backtracks it took.
    pub search: Option<(u64, u64)>,
}

impl Step {
    /// An empty step, to be filled by a finder.
    pub fn new() -> Step {
        Step {
            technique: Technique::Search,
            rating: 0,
            digits: 0,
            houses: Vec::new(),
            cells: Vec::new(),
            placements: Vec::new(),
            eliminations: Vec::new(),
            search: None,
        }
    }

    /// Starts a step of `technique` at its base value, forgetting what was there.
    pub fn start(&mut self, technique: Technique) {
        self.technique = technique;
        self.rating = technique.base_rating();
        self.digits = 0;
        self.houses.clear();
        self.cells.clear();
        self.placements.clear();
        self.eliminations.clear();
        self.search = None;
    }

    /// Adds the removal of `digit` from `cell` if it is a candidate there and not yet listed;
    /// returns whether it was added.
    pub fn eliminate(&mut self, position: &Position, cell: usize, digit: u8) -> bool {
        let e = (cell as u8, digit);
        if position.has(cell, digit) && !self.eliminations.contains(&e) {
            self.eliminations.push(e);
            true
        } else {
            false
        }
    }

    /// Adds the removal of every digit of `mask` from each cell of `cells` where it is a
    /// candidate; returns how many were added.
    pub fn eliminate_all(&mut self, position: &Position, cells: super::Cells, mask: u16) -> usize {
        let mut added = 0;
        for cell in super::position::cells_of(cells) {
            for d in digits_of(position.candidates(cell) & mask) {
                added += usize::from(self.eliminate(position, cell, d));
            }
        }
        added
    }

    /// Whether it concludes anything.
    pub fn makes_progress(&self) -> bool {
        !self.placements.is_empty() || !self.eliminations.is_empty()
    }

    /// Its readable line: `r4c7=5 hidden single in box 6`, or
    /// `x-wing on 3 in rows 2,7: r5c1<>3, r5c9<>3`.
    pub fn text(&self) -> String {
        let mut out = String::new();
        let single = self.eliminations.is_empty() && self.placements.len() == 1;
        if single {
            let (cell, digit) = self.placements[0];
            out.push_str(&format!("{}={digit} {}", cell_name(usize::from(cell)), self.technique));
            if !self.houses.is_empty() {
                out.push_str(" in ");
                out.push_str(&houses_text(&self.houses));
            }
        } else {
            out.push_str(self.technique.name());
            if let Some((guesses, backtracks)) = self.search {
                out.push_str(&format!(" ({guesses} guesses, {backtracks} backtracks)"));
            }
            if self.digits != 0 {
                let digits: Vec<String> = digits_of(self.digits).map(|d| d.to_string()).collect();
                out.push_str(&format!(" on {}", digits.join(",")));
            }
            if !self.houses.is_empty() {
                out.push_str(" in ");
                out.push_str(&houses_text(&self.houses));
            }
            if !self.cells.is_empty() && self.technique != Technique::Search {
                let cells: Vec<String> =
                    self.cells.iter().map(|&c| cell_name(usize::from(c))).collect();
                out.push_str(&format!(" at {}", cells.join(",")));
            }
            let mut conclusions: Vec<String> = self
                .eliminations
                .iter()
                .map(|&(c, d)| format!("{}<>{d}", cell_name(usize::from(c))))
                .collect();
            conclusions.extend(
                self.placements.iter().map(|&(c, d)| format!("{}={d}", cell_name(usize::from(c)))),
            );
            out.push_str(": ");
            out.push_str(&conclusions.join(", "));
        }
        out.push_str(&format!(" [{}]", rating_text(self.rating)));
        out
    }
}

impl Default for Step {
    fn default() -> Step {
        Step::new()
    }
}

/// Houses grouped by kind, in the order first met: `rows 2,7`, `box 1, row 3`.
pub fn houses_text(houses: &[u8]) -> String {
    let mut groups: Vec<(usize, Vec<String>)> = Vec::new();
    for &h in houses {
        let kind = usize::from(h) / 9;
        let number = (h % 9 + 1).to_string();
        match groups.iter_mut().find(|(k, _)| *k == kind) {
            Some((_, numbers)) => numbers.push(number),
            None => groups.push((kind, vec![number])),
        }
    }
    groups
        .into_iter()
        .map(|(kind, numbers)| {
            let word = house_name(kind * 9);
            let word = word.split(' ').next().expect("a word");
            let plural = if numbers.len() > 1 {
                match word {
                    "box" => "boxes",
                    "row" => "rows",
                    _ => "columns",
                }
            } else {
                word
            };
            format!("{plural} {}", numbers.join(","))
        })
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_text_form_reads_as_people_write_it() {
        let mut step = Step::new();
        step.start(Technique::HiddenSingle);
        step.houses.push(23);
        step.placements.push((33, 5));
        assert_eq!(step.text(), "r4c7=5 hidden single in box 6 [1.2]");
        step.start(Technique::XWing);
        step.digits = 1 << 2;
        step.houses.extend([1, 6, 9, 17]);
        step.eliminations.extend([(36, 3), (44, 3)]);
        assert_eq!(step.text(), "x-wing on 3 in rows 2,7, columns 1,9: r5c1<>3, r5c9<>3 [3.2]");
    }
}
