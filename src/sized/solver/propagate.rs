//! The rules that place and clear without guessing: a placement, the givens all at once,
//! and naked singles, hidden singles and locked candidates until none is left.

use super::{triads, Geometry, Level, Word, M, MB};

/// Places digit `d` in row `r`, column `c`: it leaves its row, column and box, and the cell's
/// other digits leave the cell (unless the caller knows it has none: `alone`, a naked
/// single). False when the cell cannot hold it (it is placed, with another digit, or has lost
/// this one); placing it again is nothing.
#[inline(always)]
pub(super) fn place<const N: usize, const R: usize, W: Word>(
    level: &mut Level<W>,
    g: Geometry<N, R, W>,
    d: usize,
    r: usize,
    c: usize,
    alone: bool,
) -> bool {
    let (b, i) = (r / R, r % R);
    let bit = W::ONE << (i * N + c);
    if (level.board[d][b] & bit).is_zero() {
        return false;
    }
    if (level.open[b] & bit).is_zero() {
        return true; // placed already
    }
    let mut gone = 1 << d;
    if !alone {
        for (e, digit) in level.board[..N].iter_mut().enumerate() {
            gone |= u32::from(!(digit[b] & bit).is_zero()) << e;
            digit[b] &= !bit;
        }
    }
    level.fresh |= gone;
    level.unlocked |= gone;
    let board = &mut level.board[d];
    let column = g.column(c);
    let mut dirty = 1 << b;
    for (band, word) in board[..g.bands()].iter_mut().enumerate() {
        dirty |= u32::from(!(*word & column).is_zero()) << band;
        *word &= !column;
    }
    let stack = c / (N / R);
    board[b] = board[b] & !(g.row(i) | g.box_part(stack)) | bit;
    level.dirty |= dirty;
    level.open[b] &= !bit;
    level.rows_done[d] |= 1 << r;
    level.cols_done[d] |= 1 << c;
    level.boxes_done[d] |= 1 << (b * R + stack);
    true
}

/// Sets `level` from candidate masks (a mask a cell, row by row; bit `d` for digit `d + 1`), the
/// givens (cells of one candidate) placed all at once: a pass over the cells records each
/// given's row, column and box for its digit, and then each digit's band words keep, out of
/// the open cells, only those in none of them. False where a cell has no candidate or two
/// givens of a digit share a house.
pub(super) fn set_candidates<const N: usize, const R: usize, W: Word>(
    level: &mut Level<W>,
    g: Geometry<N, R, W>,
    candidates: &[u32],
) -> bool {
    let all = g.all();
    let bands = g.bands();
    // The cells that allow every digit, and those that are given (one candidate).
    let (mut blank, mut given) = ([W::ZERO; MB], [W::ZERO; MB]);
    for digit in &mut level.board[..N] {
        digit[..bands].fill(W::ZERO);
    }
    level.open[..bands].fill(W::ZERO);
    let (mut rows_done, mut cols_done, mut boxes_done) = ([0u32; M], [0u32; M], [0u32; M]);
    for (b, cells) in candidates.chunks_exact(R * N).enumerate() {
        // Cell `k` of the band is bit `k` of its words: row `k / N`, column `k % N`.
        let mut bit = W::ONE;
        for (k, &mask) in cells.iter().enumerate() {
            let mask = mask & all;
            if mask == all {
                blank[b] |= bit;
            } else if mask & mask.wrapping_sub(1) == 0 {
                if mask == 0 {
                    return false;
                }
                let d = mask.trailing_zeros() as usize;
                let (r, c) = (b * R + k / N, k % N);
                let (row, col, boxed) = (1 << r, 1 << c, 1 << g.box_of(r, c));
                if rows_done[d] & row | cols_done[d] & col | boxes_done[d] & boxed != 0 {
                    return false;
                }
                (rows_done[d], cols_done[d], boxes_done[d]) =
                    (rows_done[d] | row, cols_done[d] | col, boxes_done[d] | boxed);
                given[b] |= bit;
                level.board[d][b] |= bit;
            } else {
                // A pencilmark cell of several digits: open, in each of their words.
                level.open[b] |= bit;
                let mut digits = mask;
                while digits != 0 {
                    level.board[digits.trailing_zeros() as usize][b] |= bit;
                    digits &= digits - 1;
                }
            }
            bit = bit << 1;
        }
    }
    for d in 0..N {
        let board = &mut level.board[d];
        let cols = g.down(all & !cols_done[d]);
        for (b, word) in board[..bands].iter_mut().enumerate() {
            let rows =
                Geometry::<N, R, W>::ROWS_OF[(!rows_done[d] >> (b * R)) as usize & ((1 << R) - 1)];
            let boxes = Geometry::<N, R, W>::STACKS_OF_BAND
                [(boxes_done[d] >> (b * R)) as usize & ((1 << R) - 1)];
            let keep = W::of(rows & !boxes) & cols;
            *word = (*word | blank[b]) & keep | *word & given[b];
        }
        (level.rows_done[d], level.cols_done[d], level.boxes_done[d]) =
            (rows_done[d], cols_done[d], boxes_done[d]);
    }
    for (open, &blank) in level.open[..bands].iter_mut().zip(&blank) {
        *open |= blank;
    }
    true
}

/// Places naked and hidden singles until none is left, then takes out locked candidates and,
/// with `triads` (a search by bands), applies the triads, and goes round again while they take
/// anything. False at a dead end: a cell with no digit, or a digit with no place in a house.
pub(super) fn propagate<const N: usize, const R: usize, W: Word>(
    level: &mut Level<W>,
    g: Geometry<N, R, W>,
    triads: bool,
) -> bool {
    loop {
        let mut placed = false;
        let mut dirty = std::mem::take(&mut level.dirty);
        while dirty != 0 {
            let b = dirty.trailing_zeros() as usize;
            dirty &= dirty - 1;
            let open = level.open[b];
            if open.is_zero() {
                continue;
            }
            let (mut once, mut twice) = (W::ZERO, W::ZERO);
            for digit in &level.board[..N] {
                twice |= once & digit[b];
                once |= digit[b];
            }
            if !(open & !once).is_zero() {
                return false;
            }
            // Each single's one digit: a digit at a time, its singles in the band.
            let mut singles = open & !twice;
            for d in 0..N {
                if singles.is_zero() {
                    break;
                }
                let mut here = level.board[d][b] & singles;
                singles &= !here;
                while !here.is_zero() {
                    let at = here.trailing_zeros();
                    here = here & here.less_one();
                    if !place(level, g, d, b * R + at / N, at % N, true) {
                        return false;
                    }
                    placed = true;
                }
            }
        }
        let mut fresh = std::mem::take(&mut level.fresh);
        while fresh != 0 {
            let d = fresh.trailing_zeros() as usize;
            fresh &= fresh - 1;
            if level.rows_done[d] != g.all() && !hidden_singles(level, g, d, &mut placed) {
                return false;
            }
        }
        if !placed {
            match locked_candidates(level, g) {
                None => return false,
                Some(true) => continue, // more singles, perhaps
                Some(false) => {}
            }
            if !triads {
                return true;
            }
            match triads::triads(level, g) {
                None => return false,
                Some(false) => return true,
                Some(true) => {}
            }
        }
    }
}

/// Places digit `d` where a row, column or box has one place left for it; false where one
/// has none. The columns and boxes are read from the rows folded band by band (`once`, in a
/// row of the band; `twice`, in two), taken before the band's placements: a place they show
/// may have gone since (so it is looked for again), never one they miss.
pub(super) fn hidden_singles<const N: usize, const R: usize, W: Word>(
    level: &mut Level<W>,
    g: Geometry<N, R, W>,
    d: usize,
    placed: &mut bool,
) -> bool {
    // The rows: band by band, those with one place (or none) found at once, by fields. The
    // digit's places in open cells are its places in the rows it is not placed in.
    for band in 0..g.bands() {
        if level.rows_done[d] >> (band * R) & ((1 << R) - 1) == (1 << R) - 1 {
            continue;
        }
        let word = level.board[d][band];
        if g.row_ends(word) != g.ends() {
            return false; // a row with no place for the digit
        }
        // Each open row's lowest place taken: the rows with one place left have none.
        let live = word & level.open[band];
        let open_rows = g.row_ends(live);
        let mut lone = open_rows & !g.row_ends(live & live.minus(open_rows >> (N - 1)));
        while !lone.is_zero() {
            let r = band * R + lone.trailing_zeros() / N;
            lone = lone & lone.less_one();
            // The board may have changed since: a placement before it in the band.
            let cols = g.cols(&level.board[d], r);
            if cols == 0 {
                return false;
            }
            if cols & (cols - 1) == 0 {
                if !place(level, g, d, r, cols.trailing_zeros() as usize, false) {
                    return false;
                }
                *placed = true;
            }
        }
    }
    let (mut col_once, mut col_twice) = (0, 0);
    for band in 0..g.bands() {
        let word = level.board[d][band];
        let (mut once, mut twice) = (0, 0);
        for i in 0..R {
            let cols = g.row_cols(word, i);
            twice |= once & cols;
            once |= cols;
        }
        // The boxes: each stack's field of the band's columns, with a place in it (a dead
        // end where one has none), and with one, in one row.
        let tops = Geometry::<N, R, W>::ROW_TOPS;
        if g.stack_tops(once) != tops {
            return false;
        }
        let starts = Geometry::<N, R, W>::STACK_STARTS;
        let done = Geometry::<N, R, W>::STACKS_AS_TOPS
            [(level.boxes_done[d] >> (band * R) & ((1 << R) - 1)) as usize]
            as u32;
        let single = g.stack_tops(once & once.wrapping_sub(starts)) | g.stack_tops(twice);
        let mut lone = tops & !single & !done;
        while lone != 0 {
            let stack = lone.trailing_zeros() as usize / (N / R);
            lone &= lone - 1;
            let c = (once & g.stack(stack)).trailing_zeros() as usize;
            let at = level.board[d][band] & g.column(c);
            if at.is_zero() {
                return false;
            }
            if !place(level, g, d, band * R + at.trailing_zeros() / N, c, false) {
                return false;
            }
            *placed = true;
        }
        col_twice |= twice | (col_once & once);
        col_once |= once;
    }
    if col_once != g.all() {
        return false;
    }
    let mut cols = col_once & !col_twice & !level.cols_done[d];
    while cols != 0 {
        let c = cols.trailing_zeros() as usize;
        cols &= cols - 1;
        if level.cols_done[d] & 1 << c != 0 {
            continue;
        }
        let column = g.column(c);
        let Some(band) = (0..g.bands()).find(|&b| !(level.board[d][b] & column).is_zero()) else {
            return false;
        };
        let r = band * R + (level.board[d][band] & column).trailing_zeros() / N;
        if !place(level, g, d, r, c, false) {
            return false;
        }
        *placed = true;
    }
    true
}

/// Where a digit's places in a box all lie in one row (or column), it leaves the rest of
/// that row (pointing); where its places in a row (or column) all lie in one box, it leaves
/// the rest of the box (claiming). Only the digits whose boards changed since it last looked
/// ([`Level::unlocked`]), and only their houses without the digit placed. Returns whether any
/// place went, `None` at a dead end.
pub(super) fn locked_candidates<const N: usize, const R: usize, W: Word>(
    level: &mut Level<W>,
    g: Geometry<N, R, W>,
) -> Option<bool> {
    // Along rows, boxes of up to 3x3 keep the pieces some permutation uses (a lookup a band);
    // larger ones claim and point by loops over rows and boxes.
    let by_permutations = Geometry::<N, R, W>::BRANCHES_BY_BANDS;
    let mut unlocked = std::mem::take(&mut level.unlocked);
    let (mut changed, mut dirty) = (0u32, 0u32);
    while unlocked != 0 {
        let d = unlocked.trailing_zeros() as usize;
        unlocked &= unlocked - 1;
        let (rows_done, cols_done, boxes_done) =
            (level.rows_done[d], level.cols_done[d], level.boxes_done[d]);
        if rows_done == g.all() {
            continue;
        }
        let board = &mut level.board[d];
        let mut bands_cleared = 0u32;
        let mut band_cols = [0u32; MB];
        for (band, band_once) in band_cols[..g.bands()].iter_mut().enumerate() {
            let before = board[band];
            let mut word = before;
            if by_permutations {
                // The rows take the band's boxes as a permutation: the pieces (a row's part
                // of a box) that no permutation fitting the places uses go. That is claiming
                // and pointing along the rows, and what they miss (two rows kept to two boxes
                // leave them to no third).
                let matrix = g.band_matrix(word);
                let used = usize::from(Geometry::<N, R, W>::PERMUTED[matrix]);
                if used == 0 {
                    return None;
                }
                let mut gone = matrix & !used;
                while gone != 0 {
                    let piece = gone.trailing_zeros() as usize;
                    gone &= gone - 1;
                    word &= !(g.row(piece / R) & g.box_part(piece % R));
                }
            } else {
                for r in g.rows_of(band).filter(|&r| rows_done & 1 << r == 0) {
                    // Claiming: the row's places in one box leave the box's other rows.
                    let cols = g.row_cols(word, r % R);
                    if cols == 0 {
                        return None;
                    }
                    let stack = cols.trailing_zeros() as usize / (N / R);
                    if cols & !g.stack(stack) == 0 {
                        word &= !(g.box_part(stack) & !g.row(r % R));
                    }
                }
            }
            let once = g.fold(word);
            *band_once = once;
            for (stack_at, stack) in (0..g.stacks()).map(|s| (s, g.stack(s))) {
                if boxes_done & 1 << (band * g.stacks() + stack_at) != 0 {
                    continue;
                }
                if !by_permutations {
                    // Pointing along a row: the box's places in one row leave the row's other
                    // boxes.
                    let in_box = word & g.box_part(stack_at);
                    let mut in_rows = (0..R).filter(|&i| !(in_box & g.row(i)).is_zero());
                    if let (Some(i), None) = (in_rows.next(), in_rows.next()) {
                        word &= !(g.row(i) & !g.box_part(stack_at));
                    }
                }
                // Pointing along a column: the box's places in one column leave the column's
                // other bands.
                let seg = once & stack;
                if seg != 0 && seg & (seg - 1) == 0 {
                    let column = g.column(seg.trailing_zeros() as usize);
                    for other in (0..g.bands()).filter(|&other| other != band) {
                        if !(board[other] & column).is_zero() {
                            board[other] &= !column;
                            bands_cleared |= 1 << other;
                        }
                    }
                }
            }
            if word != before {
                board[band] = word;
                bands_cleared |= 1 << band;
            }
        }
        // Claiming along columns: a column's places in one band leave the box's other columns.
        let mut seen_twice = 0;
        let mut seen = 0;
        for &cols in &band_cols[..g.bands()] {
            seen_twice |= seen & cols;
            seen |= cols;
        }
        for (band, &cols) in band_cols[..g.bands()].iter().enumerate() {
            let only_here = cols & !seen_twice & !cols_done;
            if only_here == 0 {
                continue;
            }
            for s in 0..g.stacks() {
                let cols = only_here & g.stack(s);
                if cols == 0 {
                    continue;
                }
                if cols & (cols - 1) != 0 {
                    return None; // two columns that need the digit in one box
                }
                let gone = g.box_part(s) & !g.column(cols.trailing_zeros() as usize);
                if !(board[band] & gone).is_zero() {
                    board[band] &= !gone;
                    bands_cleared |= 1 << band;
                }
            }
        }
        changed |= u32::from(bands_cleared != 0) << d;
        dirty |= bands_cleared;
    }
    level.fresh |= changed;
    level.unlocked |= changed;
    level.dirty |= dirty;
    Some(changed != 0)
}
