//! Operations on the state's words all at once: where a digit's band sits (`at`), which bands
//! changed, how many digits can take each cell, and the givens' values as bit planes. SSE2
//! where x86-64 has it, with the plain loops for the other targets (and as tests' references).

use crate::grid::CELLS;

/// Where band `b` of digit `d` (both 0-based) sits in the state: digit-major. Band-major
/// saved instructions but was slower: its wide loads read values just stored one by one.
#[inline(always)]
pub(super) const fn at(d: usize, b: usize) -> usize {
    3 * d + b
}

/// The bands that differ between `places` and `worked`, as a bit set.
///
/// Each band is read on its own, as the 32-bit value that `work` stored. The bands were last
/// stored one at a time, a few instructions earlier; a wider load that spans several of them
/// cannot take its value from the pending stores and waits until they reach the cache
/// (store-to-load forwarding fails). Four bands a 128-bit compare took about a quarter of the
/// instructions and was 4-5% slower on the lists searched by bands. The reads are volatile so
/// that the compiler does not merge them into vector loads, as it did the plain loop.
/// docs/solver-notes.md.
#[inline(always)]
pub(super) fn changed_bands(places: &[u32; 27], worked: &[u32; 27]) -> u32 {
    let mut changed = 0;
    for i in 0..27 {
        // SAFETY: both are references to initialised `u32`s.
        let (now, then) =
            unsafe { (std::ptr::read_volatile(&places[i]), std::ptr::read_volatile(&worked[i])) };
        changed |= u32::from(now != then) << i;
    }
    changed
}

/// How many digits can still take each cell, for the naked singles: per band of rows `b`
/// (lane `b`; lane 3 is not a band), the cells one digit or more can take, two or more, three
/// or more. A digit's three bands sit side by side in the state, so one SSE2 load holds them
/// (the last digit's is loaded one band early and shifted): nine loads where the scalar loop
/// (the other targets' version) takes 27. docs/solver-notes.md.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(super) fn seen(places: &[u32; 27]) -> [[u32; 4]; 3] {
    use std::arch::x86_64::{
        __m128i, _mm_and_si128, _mm_loadu_si128, _mm_or_si128, _mm_setzero_si128, _mm_srli_si128,
    };
    // SAFETY: SSE2 is part of every x86-64 CPU; the loads read indices `3d` to `3d + 3` for
    // `d` below 8 (at most 24), and 23 to 26; any 128 bits are a valid `[u32; 4]`.
    unsafe {
        let (mut once, mut twice, mut thrice) =
            (_mm_setzero_si128(), _mm_setzero_si128(), _mm_setzero_si128());
        for d in 0..9 {
            let x = if d < 8 {
                _mm_loadu_si128(places.as_ptr().add(3 * d).cast())
            } else {
                _mm_srli_si128::<4>(_mm_loadu_si128(places.as_ptr().add(23).cast()))
            };
            thrice = _mm_or_si128(thrice, _mm_and_si128(twice, x));
            twice = _mm_or_si128(twice, _mm_and_si128(once, x));
            once = _mm_or_si128(once, x);
        }
        std::mem::transmute::<[__m128i; 3], [[u32; 4]; 3]>([once, twice, thrice])
    }
}

#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
pub(super) fn seen(places: &[u32; 27]) -> [[u32; 4]; 3] {
    let [mut once, mut twice, mut thrice] = [[0u32; 4]; 3];
    for b in 0..3 {
        for d in 0..9 {
            let x = places[at(d, b)];
            thrice[b] |= twice[b] & x;
            twice[b] |= once[b] & x;
            once[b] |= x;
        }
    }
    [once, twice, thrice]
}

/// Per band: its blank cells, and four bit planes of its values (plane `k`: the cells whose
/// value has bit `k` set). SSE2: a band's 27 bytes as two overlapping 16-byte loads (cells 0
/// to 15 and 11 to 26), each bit of the values shifted to the top of its byte and read by a
/// `movemask`.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(super) fn value_planes(cells: &[u8; CELLS]) -> ([u32; 3], [[u32; 4]; 3]) {
    use std::arch::x86_64::{
        __m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_setzero_si128,
        _mm_slli_epi16,
    };
    let (mut open, mut planes) = ([0u32; 3], [[0u32; 4]; 3]);
    // SAFETY: SSE2 is part of every x86-64 CPU; the loads read bytes `27b` to `27b + 26`, at
    // most 80.
    unsafe {
        let bits = |x: __m128i, y: __m128i| {
            _mm_movemask_epi8(x) as u32 | (_mm_movemask_epi8(y) as u32) << 11
        };
        for b in 0..3 {
            let low = _mm_loadu_si128(cells.as_ptr().add(27 * b).cast());
            let high = _mm_loadu_si128(cells.as_ptr().add(27 * b + 11).cast());
            let zero = _mm_setzero_si128();
            open[b] = bits(_mm_cmpeq_epi8(low, zero), _mm_cmpeq_epi8(high, zero));
            // A 16-bit shift: a byte's bits that cross into the next byte land below its top.
            planes[b] = [
                bits(_mm_slli_epi16::<7>(low), _mm_slli_epi16::<7>(high)),
                bits(_mm_slli_epi16::<6>(low), _mm_slli_epi16::<6>(high)),
                bits(_mm_slli_epi16::<5>(low), _mm_slli_epi16::<5>(high)),
                bits(_mm_slli_epi16::<4>(low), _mm_slli_epi16::<4>(high)),
            ];
        }
    }
    (open, planes)
}

/// `value_planes` cell by cell: the other targets' version, and the reference of a test.
#[cfg(any(not(target_arch = "x86_64"), test))]
#[inline(always)]
pub(super) fn value_planes_by_cell(cells: &[u8; CELLS]) -> ([u32; 3], [[u32; 4]; 3]) {
    let (mut open, mut planes) = ([0u32; 3], [[0u32; 4]; 3]);
    for (b, band) in cells.chunks_exact(27).enumerate() {
        for (bit, &value) in band.iter().enumerate() {
            open[b] |= u32::from(value == 0) << bit;
            for (k, plane) in planes[b].iter_mut().enumerate() {
                *plane |= u32::from(value >> k & 1) << bit;
            }
        }
    }
    (open, planes)
}

#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
pub(super) fn value_planes(cells: &[u8; CELLS]) -> ([u32; 3], [[u32; 4]; 3]) {
    value_planes_by_cell(cells)
}
