//! The ladder's techniques: their names, the order the ladder tries them in, and their values
//! on Sudoku Explainer's scale.

/// A technique of the ladder, in the order the ladder tries them: easiest first, by value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Technique {
    /// The last empty cell of a house takes the house's missing digit (1.0).
    FullHouse,
    /// A digit with one place left in a house (1.2 in a box, 1.5 in a row or column).
    HiddenSingle,
    /// Pointing that leaves a digit one place in a house, placed there at once (1.7).
    DirectPointing,
    /// Claiming that leaves a digit one place in a house, placed there at once (1.9).
    DirectClaiming,
    /// A hidden pair whose eliminations leave a digit one place in a house (2.0).
    DirectHiddenPair,
    /// A cell with one candidate left (2.3).
    NakedSingle,
    /// A hidden triple whose eliminations leave a digit one place in a house (2.5).
    DirectHiddenTriple,
    /// A digit of a box confined to one row or column: gone from the rest of that line (2.6).
    Pointing,
    /// A digit of a row or column confined to one box: gone from the rest of the box (2.8).
    Claiming,
    /// Two cells of a house with the same two candidates (3.0).
    NakedPair,
    /// A digit in two rows confined to two columns, or the other way round (3.2).
    XWing,
    /// Two digits of a house confined to the same two cells (3.4).
    HiddenPair,
    /// Three cells of a house with three candidates between them (3.6).
    NakedTriple,
    /// The three-line fish (3.8).
    Swordfish,
    /// Three digits of a house confined to three cells (4.0).
    HiddenTriple,
    /// A pivot xy and two pincers xz, yz that it sees: z is gone from cells that see both (4.2).
    XyWing,
    /// A pivot xyz and two pincers xz, yz that it sees: z is gone from cells that see all three
    /// (4.4).
    XyzWing,
    /// Four cells with the same two candidates at the corners of a rectangle over two boxes: a
    /// deadly pattern that a puzzle with one solution cannot have (4.5 and up).
    UniqueRectangle,
    /// Four cells of a house with four candidates between them (5.0).
    NakedQuad,
    /// The four-line fish (5.2).
    Jellyfish,
    /// Four digits of a house confined to four cells (5.4).
    HiddenQuad,
    /// All cells but one bivalue, every candidate twice in each house but one in the odd cell:
    /// that cell takes it (5.6).
    BugPlusOne,
    /// Two strong links on one digit whose ends are joined in a line (Turbot fish).
    Skyscraper,
    /// Two strong links on one digit, one in a row and one in a column, joined in a box.
    TwoStringKite,
    /// One digit's strong links coloured in two colours: a colour that sees itself is false, a
    /// cell that sees both colours loses the digit.
    SimpleColouring,
    /// An alternating chain of strong and weak links on one digit.
    XChain,
    /// A chain of bivalue cells.
    XyChain,
    /// Two bivalue cells xy, xy linked by a strong link on y: x is gone from cells that see both.
    WWing,
    /// Where the ladder stalls: a fixed, deterministic search finishes the puzzle.
    Search,
}

impl Technique {
    /// Every technique, in ladder order.
    pub const ALL: [Technique; 29] = [
        Technique::FullHouse,
        Technique::HiddenSingle,
        Technique::DirectPointing,
        Technique::DirectClaiming,
        Technique::DirectHiddenPair,
        Technique::NakedSingle,
        Technique::DirectHiddenTriple,
        Technique::Pointing,
        Technique::Claiming,
        Technique::NakedPair,
        Technique::XWing,
        Technique::HiddenPair,
        Technique::NakedTriple,
        Technique::Swordfish,
        Technique::HiddenTriple,
        Technique::XyWing,
        Technique::XyzWing,
        Technique::UniqueRectangle,
        Technique::NakedQuad,
        Technique::Jellyfish,
        Technique::HiddenQuad,
        Technique::BugPlusOne,
        Technique::Skyscraper,
        Technique::TwoStringKite,
        Technique::SimpleColouring,
        Technique::XChain,
        Technique::XyChain,
        Technique::WWing,
        Technique::Search,
    ];

    /// How many techniques there are.
    pub const COUNT: usize = Technique::ALL.len();

    /// Its place in [`Technique::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// Whether it holds only for a puzzle with one solution.
    pub fn needs_uniqueness(self) -> bool {
        matches!(self, Technique::UniqueRectangle | Technique::BugPlusOne)
    }

    /// Its name, as the outputs write it.
    pub fn name(self) -> &'static str {
        match self {
            Technique::FullHouse => "full house",
            Technique::HiddenSingle => "hidden single",
            Technique::DirectPointing => "direct pointing",
            Technique::DirectClaiming => "direct claiming",
            Technique::DirectHiddenPair => "direct hidden pair",
            Technique::NakedSingle => "naked single",
            Technique::DirectHiddenTriple => "direct hidden triple",
            Technique::Pointing => "pointing",
            Technique::Claiming => "claiming",
            Technique::NakedPair => "naked pair",
            Technique::XWing => "x-wing",
            Technique::HiddenPair => "hidden pair",
            Technique::NakedTriple => "naked triple",
            Technique::Swordfish => "swordfish",
            Technique::HiddenTriple => "hidden triple",
            Technique::XyWing => "xy-wing",
            Technique::XyzWing => "xyz-wing",
            Technique::UniqueRectangle => "unique rectangle",
            Technique::NakedQuad => "naked quad",
            Technique::Jellyfish => "jellyfish",
            Technique::HiddenQuad => "hidden quad",
            Technique::BugPlusOne => "bug+1",
            Technique::WWing => "w-wing",
            Technique::Skyscraper => "skyscraper",
            Technique::TwoStringKite => "2-string kite",
            Technique::SimpleColouring => "simple colouring",
            Technique::XChain => "x-chain",
            Technique::XyChain => "xy-chain",
            Technique::Search => "search",
        }
    }

    /// The technique of a name, as [`Technique::name`] writes it (any case).
    pub fn from_name(name: &str) -> Option<Technique> {
        let wanted = name.trim().to_ascii_lowercase().replace(['_', ' '], "-");
        Technique::ALL.into_iter().find(|t| t.name().replace(' ', "-") == wanted)
    }

    /// Its value in tenths on Sudoku Explainer's scale (23 is 2.3): the least a step of it
    /// rates. Where the value varies (a hidden single in a row, chains by length), the step
    /// says its own. `Search` has none.
    pub fn base_rating(self) -> u8 {
        match self {
            Technique::FullHouse => 10,
            Technique::HiddenSingle => 12,
            Technique::DirectPointing => 17,
            Technique::DirectClaiming => 19,
            Technique::DirectHiddenPair => 20,
            Technique::NakedSingle => 23,
            Technique::DirectHiddenTriple => 25,
            Technique::Pointing => 26,
            Technique::Claiming => 28,
            Technique::NakedPair => 30,
            Technique::XWing => 32,
            Technique::HiddenPair => 34,
            Technique::NakedTriple => 36,
            Technique::Swordfish => 38,
            Technique::HiddenTriple => 40,
            Technique::XyWing => 42,
            Technique::XyzWing => 44,
            Technique::UniqueRectangle => 45,
            Technique::NakedQuad => 50,
            Technique::Jellyfish => 52,
            Technique::HiddenQuad => 54,
            Technique::BugPlusOne => 56,
            Technique::WWing => 71,
            Technique::Skyscraper => 66,
            Technique::TwoStringKite => 66,
            Technique::SimpleColouring => 66,
            Technique::XChain => 66,
            Technique::XyChain => 70,
            Technique::Search => 0,
        }
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ladder_is_in_order_of_value_and_names_round_trip() {
        for (i, t) in Technique::ALL.into_iter().enumerate() {
            assert_eq!(t.index(), i);
            assert_eq!(Technique::from_name(t.name()), Some(t));
            assert_eq!(Technique::from_name(&t.name().to_uppercase().replace(' ', "_")), Some(t));
        }
        let values: Vec<u8> =
            Technique::ALL[..Technique::COUNT - 1].iter().map(|t| t.base_rating()).collect();
        assert!(values.windows(2).all(|w| w[0] <= w[1]), "{values:?}");
        assert_eq!(rating_text(23), "2.3");
        assert_eq!(rating_text(100), "10.0");
    }
}
