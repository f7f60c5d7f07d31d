//! A step of an explanation as the outputs write it: Sudoku Explainer's hint, with its
//! technique, value, pattern, conclusions and (for a chaining rule) its chains, and a line a
//! person or a program can read.

use super::se::{self, Chain, Hint};
use super::technique::{rating_text, Technique};

/// One step: a technique found in a position, with its value, the regions, cells and digits
/// of its pattern, its conclusions, and the chains behind it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// The technique.
    pub technique: Technique,
    /// The rule's name as Sudoku Explainer writes it (it differs from the technique's only for
    /// a unique loop of more than six cells, whose length SE writes in).
    pub name: &'static str,
    /// Its value in tenths on Sudoku Explainer's scale.
    pub rating: u8,
    /// The digits of the pattern, as a mask (bit `d` for digit `d`).
    pub digits: u16,
    /// The regions of the pattern (0..9 boxes, 9..18 rows, 18..27 columns), in the order the
    /// rule reads them.
    pub houses: Vec<u8>,
    /// The cells of the pattern, in the order the rule reads them.
    pub cells: Vec<u8>,
    /// Digits placed: (cell, digit).
    pub placements: Vec<(u8, u8)>,
    /// Candidates removed: (cell, digit), by cell then digit.
    pub eliminations: Vec<(u8, u8)>,
    /// The chains of a chaining rule: each from its conclusion (node 0) back to the
    /// assumption it starts from, a node's parents being the nodes it follows from.
    pub chains: Vec<Chain>,
}

impl Step {
    /// The step of a hint.
    pub fn of_hint(hint: &Hint) -> Step {
        Step {
            technique: Technique::of_step(hint.name).unwrap_or_else(|| {
                unreachable!("a rule named {:?}, which is not in the technique table", hint.name)
            }),
            name: hint.name,
            rating: se::tenths(hint.difficulty) as u8,
            digits: hint.digits,
            houses: hint.regions.iter().map(|&r| r as u8).collect(),
            cells: hint.cells.iter().map(|&c| c as u8).collect(),
            placements: hint.placement.iter().map(|&(c, d)| (c as u8, d)).collect(),
            eliminations: hint.eliminations().into_iter().map(|(c, d)| (c as u8, d)).collect(),
            chains: hint.chains.clone(),
        }
    }

    /// Its readable line: `r4c7=5 Hidden Single in box 6 [1.2]`, or
    /// `X-Wing on 3 in rows 2,7, columns 1,9: r5c1<>3, r5c9<>3 [3.2]`; a chain's nodes follow
    /// the conclusions, from the assumption on: `(r1c2=5 -> r1c7<>5 -> r3c7=5)`.
    pub fn text(&self) -> String {
        let mut out = String::new();
        if self.eliminations.is_empty() && self.placements.len() == 1 && self.chains.is_empty() {
            let (cell, digit) = self.placements[0];
            out.push_str(&format!("{}={digit} {}", cell_name(usize::from(cell)), self.name));
            if !self.houses.is_empty() {
                out.push_str(" in ");
                out.push_str(&houses_text(&self.houses));
            }
        } else {
            out.push_str(self.name);
            if self.digits != 0 {
                let digits: Vec<String> = digits_of(self.digits).map(|d| d.to_string()).collect();
                out.push_str(&format!(" on {}", digits.join(",")));
            }
            if !self.houses.is_empty() {
                out.push_str(" in ");
                out.push_str(&houses_text(&self.houses));
            }
            if !self.cells.is_empty() {
                let cells: Vec<String> =
                    self.cells.iter().map(|&c| cell_name(usize::from(c))).collect();
                out.push_str(&format!(" at {}", cells.join(",")));
            }
            let mut conclusions: Vec<String> = self
                .placements
                .iter()
                .map(|&(c, d)| format!("{}={d}", cell_name(usize::from(c))))
                .collect();
            conclusions.extend(
                self.eliminations
                    .iter()
                    .map(|&(c, d)| format!("{}<>{d}", cell_name(usize::from(c)))),
            );
            out.push_str(": ");
            out.push_str(&conclusions.join(", "));
            for chain in &self.chains {
                out.push_str(" (");
                out.push_str(&chain_text(chain));
                out.push(')');
            }
        }
        out.push_str(&format!(" [{}]", rating_text(self.rating)));
        out
    }
}

/// A chain's nodes from its assumption to its conclusion, each after the nodes it follows from
/// (a depth-first walk from the conclusion back along the parents), as `r1c2=5 -> r1c7<>5`.
pub fn chain_text(chain: &Chain) -> String {
    fn visit(chain: &Chain, k: usize, seen: &mut [bool], out: &mut Vec<String>) {
        if seen[k] {
            return;
        }
        seen[k] = true;
        for &p in &chain[k].parents {
            visit(chain, p as usize, seen, out);
        }
        let n = &chain[k];
        let sign = if n.on { "=" } else { "<>" };
        out.push(format!("{}{sign}{}", cell_name(usize::from(n.cell)), n.digit));
    }
    let (mut seen, mut out) = (vec![false; chain.len()], Vec::new());
    if !chain.is_empty() {
        visit(chain, 0, &mut seen, &mut out);
    }
    out.join(" -> ")
}

/// A cell as people write it: `r4c7`.
pub fn cell_name(cell: usize) -> String {
    format!("r{}c{}", cell / 9 + 1, cell % 9 + 1)
}

/// A region as people write it: `box 6`, `row 2`, `column 5` (0..9 boxes, 9..18 rows, 18..27
/// columns, Sudoku Explainer's order).
pub fn house_name(house: usize) -> String {
    let kind = ["box", "row", "column"][house / 9];
    format!("{kind} {}", house % 9 + 1)
}

/// The digits of a mask (bit `d` for digit `d`), smallest first.
pub fn digits_of(mask: u16) -> impl Iterator<Item = u8> {
    (1..=9u8).filter(move |d| mask & (1 << d) != 0)
}

/// Regions grouped by kind, in the order first met: `rows 2,7`, `box 1, row 3`.
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
            let word = ["box", "row", "column"][kind];
            let plural = match (numbers.len() > 1, word) {
                (false, _) => word,
                (true, "box") => "boxes",
                (true, "row") => "rows",
                (true, _) => "columns",
            };
            format!("{plural} {}", numbers.join(","))
        })
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rate::se::ChainNode;

    fn step(name: &'static str, rating: u8) -> Step {
        Step {
            technique: Technique::of_step(name).unwrap(),
            name,
            rating,
            digits: 0,
            houses: Vec::new(),
            cells: Vec::new(),
            placements: Vec::new(),
            eliminations: Vec::new(),
            chains: Vec::new(),
        }
    }

    #[test]
    fn the_text_form_reads_as_people_write_it() {
        let mut single = step("Hidden Single", 12);
        single.houses.push(5);
        single.placements.push((33, 5));
        assert_eq!(single.text(), "r4c7=5 Hidden Single in box 6 [1.2]");
        let mut wing = step("X-Wing", 32);
        wing.digits = 1 << 3;
        wing.houses.extend([10, 15, 18, 26]);
        wing.eliminations.extend([(36, 3), (44, 3)]);
        assert_eq!(wing.text(), "X-Wing on 3 in rows 2,7, columns 1,9: r5c1<>3, r5c9<>3 [3.2]");
        let mut chain = step("Forcing X-Chain", 66);
        chain.eliminations.push((0, 5));
        let node =
            |cell, on, parents: &[u32]| ChainNode { cell, digit: 5, on, parents: parents.to_vec() };
        chain.chains.push(vec![node(0, false, &[1]), node(4, true, &[2]), node(8, false, &[])]);
        assert_eq!(chain.text(), "Forcing X-Chain: r1c1<>5 (r1c9<>5 -> r1c5=5 -> r1c1<>5) [6.6]");
        // Breadth first from the conclusion: the assumption (node 1) is met before a node that
        // follows from it (node 2); the text still starts from the assumption.
        chain.chains[0] = vec![node(0, true, &[1, 2]), node(9, true, &[]), node(3, false, &[1])];
        assert!(chain.text().ends_with("(r2c1=5 -> r1c4<>5 -> r1c1=5) [6.6]"), "{}", chain.text());
    }
}
