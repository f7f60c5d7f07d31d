//! A shape known at compile time, and the tables and bit moves its passes share.

use std::marker::PhantomData;

use super::{Word, M, MB};

/// A shape known at compile time: `N` rows, columns and digits, boxes of `R` rows by `N / R`
/// columns (`R` at most `N / R`), in words `W`; so `N / R` bands of `R` rows and `R` stacks of
/// `N / R` columns. Every pass takes one (a value of no size), so that its loops over a band's
/// rows or boxes have constant counts.
#[derive(Debug)]
pub(super) struct Geometry<const N: usize, const R: usize, W>(PhantomData<W>);

impl<const N: usize, const R: usize, W> Clone for Geometry<N, R, W> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<const N: usize, const R: usize, W> Copy for Geometry<N, R, W> {}

impl<const N: usize, const R: usize, W: Word> Geometry<N, R, W> {
    pub(super) const NEW: Self = Geometry(PhantomData);

    /// The shape's band fits its word, and its boxes are no taller than wide.
    pub(super) const FITS: () = assert!(R * N <= W::BITS && R * R <= N && N / R <= MB);

    /// The columns of each stack.
    pub(super) const STACK_COLS: [u32; M] = {
        let mut cols = [0; M];
        let mut c = 0;
        while c < N {
            cols[c / (N / R)] |= 1 << c;
            c += 1;
        }
        cols
    };

    /// Column `c` in every row of a band, and stack `s` (its box in the band).
    pub(super) const COLUMNS: [u128; M] = {
        let mut columns = [0; M];
        let mut c = 0;
        while c < N {
            let mut i = 0;
            while i < R {
                columns[c] |= 1 << (i * N + c);
                i += 1;
            }
            c += 1;
        }
        columns
    };

    pub(super) const BOXES: [u128; M] = {
        let mut boxes = [0; M];
        let mut c = 0;
        while c < N {
            boxes[c / (N / R)] |= Self::COLUMNS[c];
            c += 1;
        }
        boxes
    };

    /// For a set of a band's rows (bit `i` for its row `i`), their cells; for a set of a
    /// band's boxes (bit `s` for its box in stack `s`), their cells.
    pub(super) const ROWS_OF: [u128; 32] = unions::<R>(&{
        let mut rows = [0; M];
        let mut i = 0;
        while i < R {
            rows[i] = ((1 << N) - 1) << (i * N);
            i += 1;
        }
        rows
    });
    pub(super) const STACKS_OF_BAND: [u128; 32] = unions::<R>(&Self::BOXES);

    #[inline(always)]
    pub(super) fn bands(self) -> usize {
        N / R
    }

    #[inline(always)]
    pub(super) fn stacks(self) -> usize {
        R
    }

    /// Every column (every row, every box): the bits `0..N`.
    #[inline(always)]
    pub(super) fn all(self) -> u32 {
        (1 << N) - 1
    }

    /// Every cell of a band.
    #[inline(always)]
    pub(super) fn band_all(self) -> W {
        W::of((1 << (R * N)) - 1)
    }

    /// The rows of band `band`, as a range.
    #[inline(always)]
    pub(super) fn rows_of(self, band: usize) -> std::ops::Range<usize> {
        band * R..(band + 1) * R
    }

    /// The columns of stack `s`, and of the stack holding column `c`.
    #[inline(always)]
    pub(super) fn stack(self, s: usize) -> u32 {
        Self::STACK_COLS[s]
    }

    #[inline(always)]
    pub(super) fn stack_around(self, c: usize) -> u32 {
        Self::STACK_COLS[c / (N / R)]
    }

    /// The box holding row `r`, column `c`.
    #[inline(always)]
    pub(super) fn box_of(self, r: usize, c: usize) -> usize {
        r / R * R + c / (N / R)
    }

    /// Row `i` of a band, column `c` in each of its rows, and the band's part of stack `s`.
    #[inline(always)]
    pub(super) fn row(self, i: usize) -> W {
        W::of(((1u128 << N) - 1) << (i * N))
    }

    #[inline(always)]
    pub(super) fn column(self, c: usize) -> W {
        W::of(Self::COLUMNS[c])
    }

    #[inline(always)]
    pub(super) fn box_part(self, s: usize) -> W {
        W::of(Self::BOXES[s])
    }

    /// The last bit of each row of a band.
    #[inline(always)]
    pub(super) fn ends(self) -> W {
        W::of(Self::COLUMNS[N - 1])
    }

    /// The rows of a band word with a bit, each as its last bit: a row's other bits added to
    /// all ones carry into it when any is set.
    #[inline(always)]
    pub(super) fn row_ends(self, word: W) -> W {
        let low = self.band_all() & !self.ends();
        ((word & low).plus(low) | word) & self.ends()
    }

    /// The first and the last column of each stack.
    pub(super) const STACK_STARTS: u32 = {
        let mut starts = 0;
        let mut s = 0;
        while s < R {
            starts |= 1 << (s * (N / R));
            s += 1;
        }
        starts
    };

    pub(super) const ROW_TOPS: u32 = Self::STACK_STARTS << (N / R - 1);

    /// For a band's stacks (a bit each: its boxes), their last columns.
    pub(super) const STACKS_AS_TOPS: [u128; 32] = unions::<R>(&{
        let mut tops = [0; M];
        let mut s = 0;
        while s < R {
            tops[s] = 1 << (s * (N / R) + N / R - 1);
            s += 1;
        }
        tops
    });

    /// The stacks where a row's columns `cols` have a bit, each as its last column.
    #[inline(always)]
    pub(super) fn stack_tops(self, cols: u32) -> u32 {
        let low = self.all() & !Self::ROW_TOPS;
        (((cols & low) + low) | cols) & Self::ROW_TOPS
    }

    /// The columns of row `i` of a band word.
    #[inline(always)]
    pub(super) fn row_cols(self, word: W, i: usize) -> u32 {
        (word >> (i * N)).low() & self.all()
    }

    /// The columns of row `r` in a digit's board.
    #[inline(always)]
    pub(super) fn cols(self, board: &[W; MB], r: usize) -> u32 {
        self.row_cols(board[r / R], r % R)
    }

    /// The columns `cols` of row `r` as a band's bits.
    #[inline(always)]
    pub(super) fn in_row(self, r: usize, cols: u32) -> W {
        W::from_low(cols) << (r % R * N)
    }

    /// The columns `cols` in every row of a band.
    #[inline(always)]
    pub(super) fn down(self, cols: u32) -> W {
        (0..R).fold(W::ZERO, |acc, i| acc | W::from_low(cols) << (i * N))
    }

    /// The columns of a band word in any of its rows.
    #[inline(always)]
    pub(super) fn fold(self, word: W) -> u32 {
        (0..R).fold(0, |acc, i| acc | self.row_cols(word, i))
    }
}

/// For each set of the first `K` parts (bit `k` for part `k`), the union of its parts: the
/// tables that turn a set of a band's rows, boxes or stacks into bits.
const fn unions<const K: usize>(parts: &[u128; M]) -> [u128; 32] {
    let mut table = [0; 32];
    let mut set = 0;
    while set < 1 << K {
        let mut k = 0;
        while k < K {
            if set >> k & 1 != 0 {
                table[set] |= parts[k];
            }
            k += 1;
        }
        set += 1;
    }
    table
}
