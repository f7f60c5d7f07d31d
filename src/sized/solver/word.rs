//! The word that holds a band: `R` rows of `N` bits, in a `u32`, `u64` or `u128`, the smallest
//! that fits (27 bits for 9x9, 64 for 16x16, 125 for 25x25).

use std::fmt::Debug;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not, Shl, Shr};

/// An unsigned integer a band fits in: the operations the solver uses on one.
pub(super) trait Word:
    Copy
    + Eq
    + Debug
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + Not<Output = Self>
    + Shl<usize, Output = Self>
    + Shr<usize, Output = Self>
    + BitXor<Output = Self>
    + BitAndAssign
    + BitOrAssign
{
    const ZERO: Self;
    const ONE: Self;
    /// The word's width.
    const BITS: usize;

    /// The low bits of a table's value (tables are computed as `u128`, for every word).
    fn of(bits: u128) -> Self;

    /// The low 32 bits: a row's field, once shifted down.
    fn low(self) -> u32;

    /// A row's field, not yet shifted up.
    fn from_low(bits: u32) -> Self;

    fn trailing_zeros(self) -> usize;

    fn ones(self) -> u32;

    /// `self - 1`, wrapping (the lowest bit cleared by `x & x.less_one()`).
    fn less_one(self) -> Self;

    /// `self + other` and `self - other`, wrapping: a field's sum carries into its top bit
    /// (which may be the word's).
    fn plus(self, other: Self) -> Self;
    fn minus(self, other: Self) -> Self;

    #[inline(always)]
    fn is_zero(self) -> bool {
        self == Self::ZERO
    }

    /// Whether at most one bit is set.
    #[inline(always)]
    fn at_most_one(self) -> bool {
        (self & self.less_one()).is_zero()
    }
}

macro_rules! word {
    ($($t:ty),*) => {$(
        impl Word for $t {
            const ZERO: Self = 0;
            const ONE: Self = 1;
            const BITS: usize = <$t>::BITS as usize;

            #[inline(always)]
            fn of(bits: u128) -> Self {
                bits as $t
            }

            #[inline(always)]
            fn low(self) -> u32 {
                self as u32
            }

            #[inline(always)]
            fn from_low(bits: u32) -> Self {
                Self::from(bits)
            }

            #[inline(always)]
            fn trailing_zeros(self) -> usize {
                <$t>::trailing_zeros(self) as usize
            }

            #[inline(always)]
            fn ones(self) -> u32 {
                // `count_ones` is a dozen instructions a `u64` on a baseline x86-64, which has
                // no `popcnt`: 13-bit lookups are fewer for the small words.
                let mut rest = self;
                let mut ones = 0;
                while rest != 0 {
                    ones += u32::from(BITS[(rest & 0x1fff) as usize]);
                    rest >>= 13;
                }
                ones
            }

            #[inline(always)]
            fn less_one(self) -> Self {
                self.wrapping_sub(1)
            }

            #[inline(always)]
            fn plus(self, other: Self) -> Self {
                self.wrapping_add(other)
            }

            #[inline(always)]
            fn minus(self, other: Self) -> Self {
                self.wrapping_sub(other)
            }
        }
    )*};
}

word!(u32, u64, u128);

/// The bits set in each 13-bit number.
static BITS: [u8; 1 << 13] = {
    let mut bits = [0u8; 1 << 13];
    let mut i = 1;
    while i < bits.len() {
        bits[i] = bits[i >> 1] + (i & 1) as u8;
        i += 1;
    }
    bits
};
