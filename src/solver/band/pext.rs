//! A band's row-box matrix by one `pext` where the CPU does it fast, chosen at run time.
//!
//! `work` starts from the matrix of which rows of the band reach which boxes (bit `3r + k`:
//! row `r` reaches box `k`), the index of [`PERMUTED`](super::tables::PERMUTED). A piece (three
//! cells of a row in one box) is not empty when the OR of its three bits is set, and those
//! ORs, taken at every third bit, are the matrix in order: BMI2's `pext` gathers them in one
//! instruction, where the portable way is three table lookups (`BOXES_OF_ROW`). The lookup's
//! load is on the path from a band to everything `work` does with it; on this project's AMD
//! EPYC (Zen 5) `pext` made every list 3-7% faster, serg_benchmark 3.4-5.1% and top1465
//! 3.5-4.2% (docs/solver-notes.md). `State::new` reads its givens' matrices the same way.
//!
//! The search is compiled twice, with and without (`PEXT`), and [`fast`] picks one when the
//! solver is made. `pext` is used through `asm!` rather than the `_pext_u32` intrinsic, which
//! needs the BMI2 target feature on every function it is inlined into: the search is not one
//! function but a recursion of several.

use super::tables::{BOXES_OF_ROW, ROW};

/// The row-box matrix of band `a` (27 bits): by `pext` if `PEXT`, else by three lookups.
/// `PEXT` must only be set where [`fast`] said so.
#[inline(always)]
pub(super) fn row_boxes<const PEXT: bool>(a: u32) -> u32 {
    #[cfg(target_arch = "x86_64")]
    if PEXT {
        let pieces = a | a >> 1 | a >> 2;
        let matrix: u32;
        // SAFETY: `pext` only reads its two registers and writes the third; `PEXT` is set
        // only where `fast` found BMI2.
        unsafe {
            std::arch::asm!(
                "pext {matrix:e}, {pieces:e}, {every_third:e}",
                matrix = lateout(reg) matrix,
                pieces = in(reg) pieces,
                every_third = in(reg) 0o111_111_111u32,
                options(pure, nomem, nostack, preserves_flags),
            );
        }
        return matrix;
    }
    // Indices masked to 9 bits, so that the compiler sees they are in bounds. Three lookups
    // rather than `boxes_reached`'s multiplications: more instructions, but independent loads
    // make a shorter chain from the band to its next use, which measured faster.
    BOXES_OF_ROW[(a & ROW) as usize]
        | BOXES_OF_ROW[(a >> 9 & ROW) as usize] << 3
        | BOXES_OF_ROW[(a >> 18 & ROW) as usize] << 6
}

/// Whether this CPU has `pext` and runs it in a few cycles: BMI2, and not an AMD family 17h
/// (Zen 1 and 2) or Hygon 18h CPU, where `pext` is microcode taking tens of cycles or more.
/// Asked once a process.
pub(super) fn fast() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        static FAST: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
        *FAST.get_or_init(|| std::arch::is_x86_feature_detected!("bmi2") && !slow_microcode())
    }
    #[cfg(not(target_arch = "x86_64"))]
    false
}

/// An AMD or Hygon CPU of family 17h or 18h, whose `pext` is microcoded.
#[cfg(target_arch = "x86_64")]
fn slow_microcode() -> bool {
    use std::arch::x86_64::__cpuid;
    // SAFETY: `cpuid` is on every x86-64 CPU; leaves 0 and 1 always exist. (Safe to call
    // from Rust 1.87 on; `unsafe` for the older compilers this crate supports.)
    #[allow(unused_unsafe)]
    let (vendor, signature) = unsafe { (__cpuid(0), __cpuid(1).eax) };
    let name = [vendor.ebx, vendor.edx, vendor.ecx].map(u32::to_le_bytes).concat();
    let family = match signature >> 8 & 0xF {
        0xF => 0xF + (signature >> 20 & 0xFF),
        base => base,
    };
    matches!(&name[..], b"AuthenticAMD" | b"HygonGenuine") && family < 0x19
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::band::tables::boxes_reached;

    #[test]
    fn pext_and_the_lookups_agree() {
        if !fast() {
            eprintln!("pext_and_the_lookups_agree: no fast pext on this CPU, only the lookups");
        }
        // Every row pattern in each row, the other rows full, empty or mixed; then a walk over
        // other bands.
        let mut bands = Vec::new();
        for row in 0..512u32 {
            for other in [0, ROW, 0b101_010_011] {
                bands.push(row | other << 9 | other << 18);
                bands.push(other | row << 9 | other << 18);
                bands.push(other | other << 9 | row << 18);
            }
        }
        let mut x = 0x1234_5678u32;
        for _ in 0..100_000 {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            bands.push(x & 0o777_777_777);
        }
        for a in bands {
            let want = boxes_reached(a);
            assert_eq!(row_boxes::<false>(a), want, "{a:027b}");
            if fast() {
                assert_eq!(row_boxes::<true>(a), want, "{a:027b}");
            }
        }
    }
}
