//! The techniques Sudoku Explainer 1.2.1 rates by: every name its rules give a step, in the
//! order of its producers, with the least difficulty a step of each can have, and the ratings
//! a step of each can have (what `generate --rating --technique` checks a request against).
//!
//! A step's technique is its rule's name as SE writes it ("Hidden Single", "Forcing Chain",
//! "Dynamic Double Forcing Chains (+)"), with one exception: SE writes the length of a unique
//! loop of more than six cells into the name ("Unique Loop 8 type 2"); here that is the
//! technique "Unique Loop type 2", and the loop's cells are in the step.

/// A technique: SE's rule name (an index into its table of names).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Technique(u8);

/// Every technique's name and least difficulty in tenths, in SE's producer order (and within a
/// producer, easiest first). Generated from the names SE's hint classes build: the chaining
/// rules' names are a prefix ("Dynamic " past level 0), the kind, and the nesting level's
/// suffix; their base difficulty is the chaining level's (`Chaining.getDifficulty`).
const TABLE: [(&str, u8); 70] = [
    ("Hidden Single", 10),
    ("Direct Pointing", 17),
    ("Direct Claiming", 19),
    ("Direct Hidden Pair", 20),
    ("Naked Single", 23),
    ("Direct Hidden Triplet", 25),
    ("Pointing", 26),
    ("Claiming", 28),
    ("Naked Pair", 30),
    ("X-Wing", 32),
    ("Hidden Pair", 34),
    ("Naked Triplet", 36),
    ("Swordfish", 38),
    ("Hidden Triplet", 40),
    ("XY-Wing", 42),
    ("XYZ-Wing", 44),
    ("Unique Rectangle type 1", 45),
    ("Unique Rectangle type 2", 45),
    ("Unique Rectangle type 3", 45),
    ("Unique Rectangle type 4", 45),
    ("Unique Loop type 1", 45),
    ("Unique Loop type 2", 45),
    ("Unique Loop type 3", 45),
    ("Unique Loop type 4", 45),
    ("Naked Quad", 50),
    ("Jellyfish", 52),
    ("Hidden Quad", 54),
    ("BUG type 1", 56),
    ("BUG type 2", 57),
    ("BUG type 3", 57),
    ("BUG type 4", 57),
    ("Aligned Pair Exclusion", 62),
    ("Generalized X-Wing", 65),
    ("Bidirectional X-Cycle", 65),
    ("Bidirectional Y-Cycle", 65),
    ("Bidirectional Cycle", 70),
    ("Turbot Fish", 66),
    ("Forcing X-Chain", 66),
    ("Forcing Y-Chain", 70),
    ("Forcing Chain", 70),
    ("Aligned Triplet Exclusion", 75),
    ("Nishio Forcing Chains", 75),
    ("Cell Forcing Chains", 80),
    ("Region Forcing Chains", 80),
    ("Contradiction Forcing Chains", 80),
    ("Double Forcing Chains", 80),
    ("Dynamic Cell Forcing Chains", 85),
    ("Dynamic Region Forcing Chains", 85),
    ("Dynamic Contradiction Forcing Chains", 85),
    ("Dynamic Double Forcing Chains", 85),
    ("Dynamic Cell Forcing Chains (+)", 90),
    ("Dynamic Region Forcing Chains (+)", 90),
    ("Dynamic Contradiction Forcing Chains (+)", 90),
    ("Dynamic Double Forcing Chains (+)", 90),
    ("Dynamic Cell Forcing Chains (+ Forcing Chains)", 95),
    ("Dynamic Region Forcing Chains (+ Forcing Chains)", 95),
    ("Dynamic Contradiction Forcing Chains (+ Forcing Chains)", 95),
    ("Dynamic Double Forcing Chains (+ Forcing Chains)", 95),
    ("Dynamic Cell Forcing Chains (+ Multiple Forcing Chains)", 100),
    ("Dynamic Region Forcing Chains (+ Multiple Forcing Chains)", 100),
    ("Dynamic Contradiction Forcing Chains (+ Multiple Forcing Chains)", 100),
    ("Dynamic Double Forcing Chains (+ Multiple Forcing Chains)", 100),
    ("Dynamic Cell Forcing Chains (+ Dynamic Forcing Chains)", 105),
    ("Dynamic Region Forcing Chains (+ Dynamic Forcing Chains)", 105),
    ("Dynamic Contradiction Forcing Chains (+ Dynamic Forcing Chains)", 105),
    ("Dynamic Double Forcing Chains (+ Dynamic Forcing Chains)", 105),
    ("Dynamic Cell Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))", 110),
    ("Dynamic Region Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))", 110),
    ("Dynamic Contradiction Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))", 110),
    ("Dynamic Double Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))", 110),
];

impl Technique {
    /// How many techniques there are.
    pub const COUNT: usize = TABLE.len();

    /// SE's hidden single (full houses too, at 1.0).
    pub const HIDDEN_SINGLE: Technique = Technique(0);

    /// Every technique, in order.
    pub fn all() -> impl Iterator<Item = Technique> {
        (0..Technique::COUNT as u8).map(Technique)
    }

    /// The technique at `index` in [`Technique::all`].
    pub fn from_index(index: usize) -> Technique {
        assert!(index < Technique::COUNT, "technique {index} of {}", Technique::COUNT);
        Technique(index as u8)
    }

    /// Its place in [`Technique::all`].
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// Its name, as SE writes it.
    pub fn name(self) -> &'static str {
        TABLE[self.index()].0
    }

    /// The least difficulty a step of it rates, in tenths (a chain adds to it by its length).
    pub fn base_rating(self) -> u8 {
        TABLE[self.index()].1
    }

    /// The technique of a step, from its rule's name as SE writes it; `None` for a name SE does
    /// not give.
    pub fn of_step(name: &str) -> Option<Technique> {
        let family;
        let name = match name.strip_prefix("Unique Loop ") {
            // "Unique Loop 8 type 2": the loop's length is the step's, not the technique's.
            Some(rest) if rest.as_bytes().first().is_some_and(u8::is_ascii_digit) => {
                family = format!("Unique Loop {}", rest.split_once(' ').map_or(rest, |(_, t)| t));
                family.as_str()
            }
            _ => name,
        };
        TABLE.iter().position(|&(n, _)| n == name).map(|i| Technique(i as u8))
    }

    /// The technique a user names: SE's name in any case, with `-`, `_` or spaces between the
    /// words ("x-wing", "naked_pair", "Forcing Chain").
    pub fn from_name(name: &str) -> Option<Technique> {
        let wanted = normalise(name);
        Technique::all().find(|t| normalise(t.name()) == wanted)
    }
}

fn normalise(name: &str) -> String {
    name.trim().to_ascii_lowercase().replace(['_', '-', ' '], "")
}

impl std::fmt::Display for Technique {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A rating in tenths, written as Sudoku Explainer writes it: `2.3`.
pub fn rating_text(tenths: u8) -> String {
    format!("{}.{}", tenths / 10, tenths % 10)
}

/// The ratings, in tenths, a step of `t` can have.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ratings {
    /// This one: SE rates most techniques at one value.
    One(u8),
    /// These: hidden singles at 1.0 (a full house), 1.2 (in a box) or 1.5 (in a row or
    /// column).
    Only(&'static [u8]),
    /// This or more: chains add to their base by their length, unique rectangles and loops,
    /// BUG and the others by what they hold.
    From(u8),
}

impl Ratings {
    /// Whether one of these is in `low..=high` (tenths).
    pub fn meet(self, low: u8, high: u8) -> bool {
        match self {
            Ratings::One(value) => (low..=high).contains(&value),
            Ratings::Only(values) => values.iter().any(|v| (low..=high).contains(v)),
            Ratings::From(from) => from <= high,
        }
    }
}

impl std::fmt::Display for Ratings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Ratings::One(value) => write!(f, "rates {}", rating_text(*value)),
            Ratings::Only(values) => {
                let values: Vec<String> = values.iter().map(|&v| rating_text(v)).collect();
                write!(f, "rates {}", values.join(", "))
            }
            Ratings::From(low) => write!(f, "rates {} or more", rating_text(*low)),
        }
    }
}

impl Technique {
    /// The ratings a step of this technique can have (the values are those of SE's rules, in
    /// `rate::se`).
    pub fn ratings(self) -> Ratings {
        /// The techniques SE rates at their base alone.
        const ONE_VALUE: [&str; 18] = [
            "Direct Pointing",
            "Direct Claiming",
            "Direct Hidden Pair",
            "Naked Single",
            "Direct Hidden Triplet",
            "Pointing",
            "Claiming",
            "Naked Pair",
            "X-Wing",
            "Hidden Pair",
            "Naked Triplet",
            "Swordfish",
            "Hidden Triplet",
            "XY-Wing",
            "XYZ-Wing",
            "Naked Quad",
            "Jellyfish",
            "Hidden Quad",
        ];
        const HIDDEN_SINGLE: [u8; 3] = [10, 12, 15];
        let base = self.base_rating();
        match self {
            Technique::HIDDEN_SINGLE => Ratings::Only(&HIDDEN_SINGLE),
            t if ONE_VALUE.contains(&t.name()) => Ratings::One(base),
            _ => Ratings::From(base),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_are_distinct() {
        for t in Technique::all() {
            assert_eq!(Technique::of_step(t.name()), Some(t));
            assert_eq!(Technique::from_name(t.name()), Some(t));
            assert_eq!(Technique::from_name(&t.name().to_uppercase().replace(' ', "_")), Some(t));
        }
        assert_eq!(Technique::HIDDEN_SINGLE.name(), "Hidden Single");
        let x_wing = Technique::from_name("x-wing").unwrap();
        assert_eq!((x_wing.name(), x_wing.base_rating()), ("X-Wing", 32));
        assert_eq!(
            Technique::of_step("Unique Loop 8 type 2"),
            Technique::of_step("Unique Loop type 2")
        );
        assert_eq!(Technique::of_step("Unique Loop 8"), None);
        assert_eq!(Technique::of_step("Skyscraper"), None);
        assert_eq!(rating_text(23), "2.3");
        assert_eq!(rating_text(110), "11.0");
    }

    #[test]
    fn base_ratings_rise_with_the_chaining_levels() {
        let dynamic = |suffix: &str| {
            Technique::of_step(&format!("Dynamic Cell Forcing Chains{suffix}"))
                .unwrap()
                .base_rating()
        };
        let levels = [
            dynamic(""),
            dynamic(" (+)"),
            dynamic(" (+ Forcing Chains)"),
            dynamic(" (+ Multiple Forcing Chains)"),
            dynamic(" (+ Dynamic Forcing Chains)"),
            dynamic(" (+ Dynamic Forcing Chains (+ Forcing Chains))"),
        ];
        assert_eq!(levels, [85, 90, 95, 100, 105, 110]);
    }
}
