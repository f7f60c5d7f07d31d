//! The project's one source of randomness: SplitMix64, seeded, the same stream on every
//! platform. `generate` (9x9 and every other size), `augment` and `bench --shuffle` draw from
//! it, each puzzle or record from a state of its own that the mixer makes from the run's seed
//! and where the puzzle stands ([`puzzle_seed`]), so that what a seed makes does not depend on
//! the threads; and [`fresh_seed`] for a run given none.

/// SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators", 2014;
/// Vigna's `splitmix64.c`): a 64-bit counter stepped by the golden-ratio constant, each value
/// passed through a bit mixer. It passes BigCrush, any seed (0 included) is fine, and it needs
/// only wrapping `u64` arithmetic, so it gives the same stream on every platform. Its period of
/// 2^64 is far beyond what a corpus draws.
#[derive(Debug, Clone)]
pub(crate) struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// 2^64 divided by the golden ratio, odd: the counter's step.
    pub(crate) const GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

    pub(crate) fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    pub(crate) fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(Self::GAMMA);
        Self::mix(self.state)
    }

    /// The bit mixer each counter value passes through.
    pub(crate) fn mix(mut z: u64) -> u64 {
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n` > 0), by Lemire's multiply-and-shift: the high word of a 64x64
    /// product. Without the rejection step it is biased by at most n / 2^64, which for `n` up
    /// to 81 no corpus can detect, and it costs exactly one draw, which keeps the stream simple.
    #[inline]
    pub(crate) fn below(&mut self, n: u32) -> u32 {
        debug_assert!(n > 0);
        ((self.next_u64() as u128 * n as u128) >> 64) as u32
    }
}

/// A seed for a run given none (the CLI's `generate` and `augment` without `--seed`, Python's
/// `generate` without `seed=`): the standard library's per-process random hash keys (drawn
/// from the operating system), mixed with the time.
pub fn fresh_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut hasher = std::hash::RandomState::new().build_hasher();
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
    hasher.write_u128(now.map_or(0, |d| d.as_nanos()));
    hasher.finish()
}

/// The seed of puzzle `index` of a run seeded with `seed`: the SplitMix64 mixer over both, so
/// that neighbouring indices get unrelated seeds and each puzzle can be made on its own.
pub(crate) fn puzzle_seed(seed: u64, index: u64) -> u64 {
    SplitMix64::mix(seed.wrapping_mul(SplitMix64::GAMMA).wrapping_add(index))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix64_matches_the_reference_stream() {
        // The first outputs of Vigna's splitmix64.c for seed 1234567 (also on Rosetta Code).
        let mut rng = SplitMix64::new(1234567);
        let expected = [
            6457827717110365317,
            3203168211198807973,
            9817491932198370423,
            4593380528125082431,
            16408922859458223821,
        ];
        for want in expected {
            assert_eq!(rng.next_u64(), want);
        }
    }

    #[test]
    fn below_stays_in_range_and_reaches_every_value() {
        let mut rng = SplitMix64::new(7);
        for n in [1u32, 2, 3, 9, 81] {
            let mut seen = vec![0u32; n as usize];
            for _ in 0..n * 200 {
                let v = rng.below(n);
                assert!(v < n, "{v} >= {n}");
                seen[v as usize] += 1;
            }
            // 200 expected per value; 100 is a > 7 sigma miss.
            assert!(seen.iter().all(|&s| s > 100), "n = {n}: {seen:?}");
        }
    }
}
