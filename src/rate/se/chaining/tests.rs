//! SE's own answers (SE 1.2.1's `Chaining.getHints`, first hint of each configuration) on
//! positions of its top1465 traces, dumped by a Java harness outside the repository.

use super::super::{Chaining, Ctx, Grid};

/// A position: values (81 digits, 0 for empty) and each cell's candidate mask.
type Position = (&'static str, [u16; 81]);

/// SE's first hint: name, difficulty, placement, removals as (cell, digit).
type Expected = Option<(&'static str, f64, Option<(usize, u8)>, &'static [(usize, u8)])>;

const CASES: &[(Position, [Expected; 4])] = &[
    (
        (
            "400030000000600800000000001000050090080000600070200000000192700513000942927040100",
            [
                0, 608, 326, 928, 0, 930, 36, 228, 736, 142, 552, 6, 0, 134, 690, 0, 172, 696, 460,
                616, 324, 944, 388, 944, 60, 236, 0, 78, 88, 86, 392, 0, 458, 12, 0, 392, 14, 0,
                544, 664, 130, 666, 0, 174, 184, 74, 0, 544, 0, 322, 858, 56, 298, 312, 320, 80,
                336, 0, 0, 0, 0, 40, 40, 0, 0, 0, 384, 448, 448, 0, 0, 0, 0, 0, 0, 40, 0, 40, 0,
                320, 320,
            ],
        ),
        [
            Some(("Turbot Fish", 6.6, None, &[(44, 4)])),
            Some(("Nishio Forcing Chains", 7.6, None, &[(44, 4)])),
            Some(("Region Forcing Chains", 8.0, None, &[(50, 4)])),
            Some(("Dynamic Region Forcing Chains", 8.5, None, &[(50, 4)])),
        ],
    ),
    (
        (
            "400030000000600800000000001000050090080000600070200000000192700513000942927040100",
            [
                0, 608, 326, 928, 0, 930, 36, 228, 736, 142, 552, 6, 0, 134, 690, 0, 172, 696, 460,
                616, 324, 944, 388, 944, 60, 236, 0, 78, 88, 86, 392, 0, 458, 12, 0, 392, 14, 0,
                544, 664, 130, 666, 0, 174, 168, 74, 0, 544, 0, 322, 842, 56, 298, 312, 320, 80,
                336, 0, 0, 0, 0, 40, 40, 0, 0, 0, 384, 448, 448, 0, 0, 0, 0, 0, 0, 40, 0, 40, 0,
                320, 320,
            ],
        ),
        [
            None,
            None,
            Some(("Region Forcing Chains", 8.3, None, &[(5, 9)])),
            Some(("Dynamic Region Forcing Chains", 8.8, None, &[(39, 3)])),
        ],
    ),
    (
        (
            "400030000000600800000000001000050090080000600070200000000192700513000942927040100",
            [
                0, 608, 326, 928, 0, 418, 36, 228, 736, 142, 552, 6, 0, 134, 690, 0, 172, 696, 460,
                616, 324, 944, 388, 944, 60, 236, 0, 78, 88, 86, 392, 0, 458, 12, 0, 392, 14, 0,
                544, 656, 130, 666, 0, 174, 168, 74, 0, 544, 0, 322, 842, 56, 298, 312, 320, 80,
                336, 0, 0, 0, 0, 40, 40, 0, 0, 0, 384, 448, 448, 0, 0, 0, 0, 0, 0, 40, 0, 40, 0,
                320, 320,
            ],
        ),
        [
            Some(("Forcing Chain", 7.2, None, &[(5, 5)])),
            None,
            Some(("Region Forcing Chains", 8.2, None, &[(5, 5)])),
            Some(("Dynamic Cell Forcing Chains", 8.7, None, &[(5, 5)])),
        ],
    ),
    (
        (
            "400030000000600800000000001000050090080000600070200000000192700513000942927040100",
            [
                0, 608, 326, 928, 0, 386, 36, 228, 736, 142, 552, 6, 0, 134, 690, 0, 172, 696, 460,
                616, 324, 944, 388, 944, 56, 236, 0, 78, 88, 86, 392, 0, 458, 12, 0, 392, 14, 0,
                544, 528, 130, 666, 0, 174, 168, 74, 0, 544, 0, 322, 842, 56, 298, 312, 320, 80,
                336, 0, 0, 0, 0, 40, 40, 0, 0, 0, 384, 448, 448, 0, 0, 0, 0, 0, 0, 40, 0, 40, 0,
                320, 320,
            ],
        ),
        [None, None, None, Some(("Dynamic Contradiction Forcing Chains", 9.0, None, &[(17, 7)]))],
    ),
    (
        (
            "000723041070016000010500000207001080000300700409000010005600103803195000000030508",
            [
                608, 864, 320, 0, 0, 0, 576, 0, 0, 520, 0, 20, 784, 0, 0, 772, 44, 36, 584, 0, 20,
                0, 272, 784, 836, 204, 196, 0, 104, 0, 528, 96, 0, 88, 0, 624, 98, 352, 322, 0,
                368, 788, 0, 100, 628, 0, 360, 0, 260, 480, 388, 76, 0, 100, 640, 532, 0, 0, 400,
                404, 0, 516, 0, 0, 68, 0, 0, 0, 0, 84, 196, 212, 706, 596, 66, 20, 0, 148, 0, 580,
                0,
            ],
        ),
        [
            None,
            None,
            Some(("Cell Forcing Chains", 8.3, None, &[(41, 8)])),
            Some(("Dynamic Cell Forcing Chains", 8.7, None, &[(44, 2)])),
        ],
    ),
    (
        (
            "000723041070016000010509000207901080000300709409000010005600103803195000000030508",
            [
                544, 864, 320, 0, 0, 0, 576, 0, 0, 520, 0, 20, 272, 0, 0, 768, 44, 36, 72, 0, 20,
                0, 272, 0, 324, 200, 196, 0, 104, 0, 0, 96, 0, 88, 0, 112, 98, 320, 322, 0, 112,
                20, 0, 100, 0, 0, 104, 0, 260, 224, 388, 76, 0, 100, 640, 532, 0, 0, 400, 260, 0,
                516, 0, 0, 68, 0, 0, 0, 0, 84, 192, 212, 706, 84, 66, 20, 0, 144, 0, 576, 0,
            ],
        ),
        [
            Some(("Bidirectional Cycle", 7.2, None, &[(0, 9), (40, 4)])),
            None,
            Some(("Region Forcing Chains", 8.2, None, &[(55, 9)])),
            Some(("Dynamic Cell Forcing Chains", 8.7, None, &[(16, 2)])),
        ],
    ),
    (
        (
            "000000071020801000010503000709160000000200810102000000031002500600010040200000100",
            [
                824, 560, 312, 592, 532, 592, 540, 0, 0, 536, 0, 192, 0, 656, 0, 600, 616, 632,
                528, 0, 192, 0, 660, 0, 596, 836, 852, 0, 304, 0, 0, 0, 304, 28, 44, 60, 56, 112,
                56, 0, 560, 688, 0, 0, 752, 0, 368, 0, 536, 824, 944, 720, 608, 752, 784, 0, 0,
                720, 784, 0, 0, 832, 960, 0, 672, 288, 648, 0, 800, 652, 0, 908, 0, 688, 304, 728,
                824, 880, 0, 840, 968,
            ],
        ),
        [
            Some(("Forcing Chain", 7.1, None, &[(2, 3)])),
            None,
            Some(("Region Forcing Chains", 8.1, Some((38, 3)), &[(38, 4), (38, 5)])),
            Some(("Dynamic Cell Forcing Chains", 8.6, None, &[(38, 5)])),
        ],
    ),
    (
        (
            "000000071020801000010503000709160000003200810102000000031002500600010040200000100",
            [
                824, 560, 304, 592, 516, 592, 540, 0, 0, 536, 0, 192, 0, 656, 0, 600, 616, 632,
                528, 0, 192, 0, 660, 0, 596, 836, 852, 0, 304, 0, 0, 0, 304, 28, 44, 60, 48, 80, 0,
                0, 560, 640, 0, 0, 720, 0, 368, 0, 536, 296, 944, 720, 608, 752, 784, 0, 0, 720,
                784, 0, 0, 576, 704, 0, 672, 288, 648, 0, 800, 652, 0, 908, 0, 672, 304, 728, 296,
                624, 0, 840, 968,
            ],
        ),
        [
            None,
            None,
            None,
            Some(("Dynamic Contradiction Forcing Chains", 9.0, Some((4, 2)), &[(4, 9)])),
        ],
    ),
    (
        (
            "403590020000016000701000900006089502000300800200600000000400079090000600010900200",
            [
                0, 320, 0, 0, 0, 384, 130, 0, 450, 800, 292, 804, 388, 0, 0, 152, 312, 440, 0, 356,
                0, 260, 24, 24, 0, 352, 352, 10, 152, 0, 130, 0, 0, 0, 26, 0, 546, 176, 544, 0,
                180, 182, 0, 594, 210, 0, 440, 800, 0, 176, 178, 154, 538, 154, 360, 300, 292, 0,
                104, 298, 10, 0, 0, 296, 0, 144, 386, 172, 430, 0, 314, 314, 360, 0, 144, 0, 232,
                424, 0, 312, 312,
            ],
        ),
        [
            Some(("Forcing X-Chain", 6.8, None, &[(44, 1)])),
            Some(("Nishio Forcing Chains", 7.8, None, &[(44, 1)])),
            Some(("Region Forcing Chains", 8.1, None, &[(59, 8)])),
            Some(("Dynamic Cell Forcing Chains", 8.6, None, &[(59, 8)])),
        ],
    ),
    (
        (
            "403590020000016000701000900006089502000300800200600000000400079090000600010900200",
            [
                0, 320, 0, 0, 0, 384, 130, 0, 450, 800, 292, 804, 388, 0, 0, 152, 312, 440, 0, 356,
                0, 260, 24, 24, 0, 352, 352, 10, 152, 0, 130, 0, 0, 0, 26, 0, 546, 176, 544, 0,
                180, 182, 0, 594, 208, 0, 440, 800, 0, 176, 178, 154, 538, 154, 360, 300, 36, 0,
                104, 42, 10, 0, 0, 40, 0, 144, 386, 172, 430, 0, 314, 314, 104, 0, 144, 0, 232,
                424, 0, 312, 312,
            ],
        ),
        [
            Some(("Forcing Chain", 7.2, Some((30, 1)), &[(30, 7)])),
            None,
            Some(("Region Forcing Chains", 8.2, Some((30, 1)), &[(30, 7)])),
            Some(("Dynamic Region Forcing Chains", 8.7, Some((30, 1)), &[(30, 7)])),
        ],
    ),
    (
        (
            "000389071800401000100000000200500610031000040000010700500100800000020100310740009",
            [
                80, 116, 116, 0, 0, 0, 20, 0, 0, 0, 644, 652, 0, 224, 0, 556, 548, 68, 0, 656, 664,
                68, 224, 132, 568, 800, 352, 0, 912, 912, 0, 520, 152, 0, 0, 264, 704, 0, 0, 768,
                192, 388, 548, 0, 36, 592, 368, 368, 68, 0, 28, 0, 768, 268, 0, 660, 660, 0, 520,
                72, 0, 76, 144, 656, 464, 464, 768, 0, 40, 0, 40, 144, 0, 0, 260, 0, 0, 352, 36,
                100, 0,
            ],
        ),
        [
            Some(("Forcing Chain", 7.2, None, &[(13, 6)])),
            None,
            Some(("Region Forcing Chains", 8.2, Some((17, 6)), &[(17, 2)])),
            Some(("Dynamic Cell Forcing Chains", 8.7, Some((17, 6)), &[(17, 2)])),
        ],
    ),
    (
        (
            "000389071800451006100000000200500610031000040000010700500100800000020100310740009",
            [
                80, 116, 116, 0, 0, 0, 20, 0, 0, 0, 644, 648, 0, 0, 0, 524, 516, 0, 0, 528, 536,
                68, 192, 132, 536, 288, 288, 0, 912, 912, 0, 520, 152, 0, 0, 264, 192, 0, 0, 768,
                192, 260, 544, 0, 36, 592, 368, 368, 68, 0, 28, 0, 768, 268, 0, 660, 660, 0, 520,
                72, 0, 76, 144, 656, 464, 464, 768, 0, 40, 0, 40, 144, 0, 0, 260, 0, 0, 352, 36,
                96, 0,
            ],
        ),
        [
            Some(("Bidirectional Y-Cycle", 6.8, None, &[(32, 3), (53, 8)])),
            None,
            Some(("Region Forcing Chains", 8.2, None, &[(45, 4)])),
            Some(("Dynamic Cell Forcing Chains", 8.7, None, &[(45, 6)])),
        ],
    ),
    (
        (
            "904005000250600109310900008070009004400260000001470000700000402000300876040700090",
            [
                0, 320, 0, 258, 270, 0, 204, 76, 136, 0, 0, 384, 0, 264, 152, 0, 24, 0, 0, 0, 192,
                0, 20, 148, 96, 116, 0, 320, 0, 260, 290, 298, 0, 76, 330, 0, 0, 520, 552, 0, 0,
                266, 640, 258, 162, 352, 588, 0, 0, 0, 264, 580, 324, 40, 0, 840, 520, 290, 546,
                66, 0, 34, 0, 34, 516, 544, 0, 560, 22, 0, 0, 0, 354, 0, 324, 0, 292, 326, 40, 0,
                10,
            ],
        ),
        [
            Some(("Forcing Chain", 7.3, None, &[(58, 5)])),
            None,
            Some(("Region Forcing Chains", 8.3, None, &[(30, 8)])),
            Some(("Dynamic Double Forcing Chains", 8.8, None, &[(30, 8)])),
        ],
    ),
    (
        (
            "120000080400000002709203500200978000074020050001534270002065007507002061008307025",
            [
                0, 0, 104, 208, 48, 576, 192, 0, 520, 0, 288, 104, 194, 290, 578, 194, 520, 0, 0,
                320, 0, 0, 258, 0, 0, 18, 80, 0, 40, 96, 0, 0, 0, 66, 18, 24, 776, 0, 0, 66, 0, 66,
                520, 0, 776, 832, 576, 0, 0, 0, 0, 0, 0, 832, 520, 18, 0, 274, 0, 0, 272, 520, 0,
                0, 536, 0, 272, 528, 0, 792, 0, 0, 576, 594, 0, 0, 530, 0, 528, 0, 0,
            ],
        ),
        [
            Some(("Turbot Fish", 6.6, Some((28, 3)), &[(28, 5)])),
            Some(("Nishio Forcing Chains", 7.6, Some((28, 3)), &[(28, 5)])),
            Some(("Region Forcing Chains", 8.0, None, &[(42, 3)])),
            Some(("Dynamic Region Forcing Chains", 8.5, None, &[(42, 3)])),
        ],
    ),
    (
        (
            "000000500040000000500037002080096420009002008260081790003600809007800000000100000",
            [
                968, 136, 326, 516, 66, 272, 0, 474, 210, 968, 0, 324, 548, 66, 288, 586, 458, 202,
                0, 514, 322, 528, 0, 0, 578, 338, 0, 138, 0, 34, 136, 0, 0, 0, 0, 42, 154, 136, 0,
                184, 48, 0, 74, 74, 0, 0, 0, 48, 24, 0, 0, 0, 0, 40, 18, 38, 0, 0, 180, 48, 0, 162,
                0, 576, 550, 0, 0, 52, 520, 78, 122, 90, 832, 548, 336, 0, 180, 520, 76, 248, 216,
            ],
        ),
        [
            Some(("Forcing X-Chain", 6.699999999999999, Some((5, 4)), &[(5, 8)])),
            Some(("Nishio Forcing Chains", 7.7, Some((5, 4)), &[(5, 8)])),
            Some(("Region Forcing Chains", 8.1, None, &[(0, 8)])),
            Some(("Dynamic Cell Forcing Chains", 8.6, None, &[(0, 8)])),
        ],
    ),
];

/// The four level-0 producers in SE's order: single chains, Nishio, multiple, dynamic.
const CONFIGS: [Chaining; 4] = [
    Chaining { multiple: false, dynamic: false, nishio: false, level: 0 },
    Chaining { multiple: false, dynamic: true, nishio: true, level: 0 },
    Chaining { multiple: true, dynamic: false, nishio: false, level: 0 },
    Chaining { multiple: true, dynamic: true, nishio: false, level: 0 },
];

#[test]
fn first_hints_match_se() {
    for ((values, cands), expected) in CASES {
        let mut grid = Grid { values: [0; 81], cands: *cands };
        for (i, b) in values.bytes().enumerate() {
            grid.values[i] = b - b'0';
        }
        for (config, want) in CONFIGS.iter().zip(expected.iter()) {
            let got = super::first(&grid, *config, &mut Ctx::new(u64::MAX));
            match (got, want) {
                (None, None) => {}
                (Some(h), Some((name, difficulty, placement, removals))) => {
                    assert_eq!(h.name, *name, "{config:?} on {values}");
                    assert_eq!(h.difficulty, *difficulty, "{config:?} on {values}");
                    assert_eq!(h.placement, *placement, "{config:?} on {values}");
                    assert_eq!(h.eliminations(), removals.to_vec(), "{config:?} on {values}");
                }
                (got, want) => panic!("{config:?} on {values}: {got:?} against SE's {want:?}"),
            }
        }
    }
}

#[test]
fn budget_stops_the_search() {
    let ((values, cands), _) = &CASES[0];
    let mut grid = Grid { values: [0; 81], cands: *cands };
    for (i, b) in values.bytes().enumerate() {
        grid.values[i] = b - b'0';
    }
    let mut ctx = Ctx::new(100);
    assert!(super::first(&grid, CONFIGS[3], &mut ctx).is_none());
    assert!(ctx.capped());
}

/// Level 1 (`Chaining(true, true, false, 1)`): SE's first hints where no other hint ties with
/// it (ties are ordered by SE's identity hashes, see `advanced`).
const CASES_LEVEL1: &[(Position, Expected)] = &[
    (
        (
            "904005000250600109310000008070009004400260000001470000700000002000300806040000090",
            [
                0, 320, 0, 258, 270, 0, 204, 76, 136, 0, 0, 384, 0, 280, 152, 0, 24, 0, 0, 0, 192,
                640, 532, 148, 116, 116, 0, 320, 0, 260, 290, 298, 0, 76, 330, 0, 0, 520, 552, 0,
                0, 266, 640, 386, 162, 352, 588, 0, 0, 0, 264, 580, 324, 40, 0, 840, 808, 802, 562,
                66, 56, 58, 0, 34, 516, 544, 0, 560, 150, 0, 178, 0, 354, 0, 364, 384, 292, 454,
                168, 0, 10,
            ],
        ),
        Some(("Dynamic Double Forcing Chains (+)", 9.2, None, &[(13, 4)])),
    ),
    (
        (
            "500700000000030070008005003600109400080020090009008001000400300060090040002006009",
            [
                0, 524, 88, 0, 322, 22, 838, 326, 340, 516, 518, 66, 772, 0, 22, 800, 0, 368, 148,
                146, 0, 516, 82, 0, 518, 70, 0, 0, 172, 168, 0, 160, 0, 0, 300, 420, 130, 0, 178,
                104, 0, 152, 96, 0, 224, 156, 172, 0, 96, 176, 0, 228, 44, 0, 896, 674, 162, 0,
                418, 134, 0, 358, 452, 394, 0, 170, 300, 0, 142, 294, 0, 420, 280, 56, 0, 296, 418,
                0, 130, 290, 0,
            ],
        ),
        Some(("Dynamic Region Forcing Chains (+)", 9.5, None, &[(10, 2)])),
    ),
    (
        (
            "300060109650290000000003008810070500004300900905002007000430090000007006400000800",
            [
                0, 404, 388, 416, 0, 304, 0, 36, 0, 0, 0, 258, 0, 0, 258, 152, 136, 24, 134, 660,
                646, 162, 50, 0, 68, 100, 0, 0, 0, 76, 576, 0, 592, 0, 92, 28, 132, 196, 0, 0, 290,
                354, 0, 326, 6, 0, 72, 0, 322, 274, 0, 88, 338, 0, 166, 452, 454, 0, 0, 352, 132,
                0, 38, 38, 780, 526, 802, 294, 0, 28, 30, 0, 0, 708, 206, 610, 38, 610, 0, 142, 46,
            ],
        ),
        Some(("Dynamic Cell Forcing Chains (+)", 9.7, None, &[(77, 5)])),
    ),
    (
        (
            "300060109650290000000003008810070500004300900905002007000430090000007006400000800",
            [
                0, 404, 388, 416, 0, 304, 0, 36, 0, 0, 0, 258, 0, 0, 258, 152, 136, 24, 134, 660,
                646, 162, 50, 0, 68, 100, 0, 0, 0, 76, 576, 0, 592, 0, 92, 28, 132, 196, 0, 0, 290,
                354, 0, 326, 6, 0, 72, 0, 322, 274, 0, 88, 338, 0, 166, 452, 454, 0, 0, 354, 132,
                0, 38, 38, 780, 526, 802, 294, 0, 28, 30, 0, 0, 708, 206, 610, 38, 610, 0, 142, 46,
            ],
        ),
        Some(("Dynamic Contradiction Forcing Chains (+)", 9.7, None, &[(59, 1)])),
    ),
];

#[test]
fn level1_first_hints_match_se() {
    let config = Chaining { multiple: true, dynamic: true, nishio: false, level: 1 };
    for ((values, cands), want) in CASES_LEVEL1 {
        let mut grid = Grid { values: [0; 81], cands: *cands };
        for (i, b) in values.bytes().enumerate() {
            grid.values[i] = b - b'0';
        }
        let got = super::first(&grid, config, &mut Ctx::new(u64::MAX)).expect("a hint");
        let (name, difficulty, placement, removals) = want.expect("SE found one");
        assert_eq!(got.name, name, "{values}");
        assert_eq!(got.difficulty, difficulty, "{values}");
        assert_eq!(got.placement, placement, "{values}");
        assert_eq!(got.eliminations(), removals.to_vec(), "{values}");
    }
}

/// Level 2 (`Chaining(true, true, false, 2)`, forcing chains nested in dynamic chains): SE's
/// first hints (each took SE minutes), where no other hint ties with it.
const CASES_LEVEL2: &[(Position, Expected)] = &[
    (
        (
            "904005000250600100310000008070009000400260000001470000700000002000300806040000090",
            [
                0, 320, 0, 258, 270, 0, 204, 76, 136, 0, 0, 384, 0, 792, 408, 0, 24, 536, 0, 0,
                192, 640, 532, 148, 628, 116, 0, 320, 0, 260, 290, 298, 0, 92, 350, 26, 0, 520,
                808, 0, 0, 266, 680, 426, 170, 352, 588, 0, 0, 0, 264, 620, 364, 552, 0, 840, 872,
                802, 818, 338, 56, 58, 0, 34, 516, 548, 0, 566, 150, 0, 178, 0, 354, 0, 364, 416,
                294, 454, 168, 0, 42,
            ],
        ),
        Some(("Dynamic Double Forcing Chains (+ Forcing Chains)", 10.0, None, &[(43, 3)])),
    ),
    (
        (
            "000020708401000000000000900302401050070000200000602000600500000080090000000000030",
            [
                544, 616, 616, 522, 0, 624, 0, 82, 0, 0, 620, 0, 904, 360, 1000, 104, 68, 108, 384,
                108, 384, 10, 122, 120, 0, 86, 126, 0, 576, 0, 0, 384, 0, 320, 0, 704, 290, 0, 368,
                776, 296, 808, 0, 274, 90, 802, 562, 816, 0, 424, 0, 282, 786, 650, 0, 26, 664, 0,
                26, 408, 274, 900, 534, 166, 0, 184, 142, 0, 216, 114, 210, 114, 678, 562, 688,
                390, 338, 464, 370, 0, 626,
            ],
        ),
        Some(("Dynamic Double Forcing Chains (+ Forcing Chains)", 9.7, None, &[(15, 6)])),
    ),
    (
        (
            "050307040100000300030000000508030612000800509060010400000040026000692700602000900",
            [
                772, 0, 576, 0, 324, 0, 262, 0, 258, 0, 404, 208, 560, 356, 880, 0, 576, 160, 404,
                0, 208, 566, 356, 882, 260, 576, 160, 0, 656, 0, 656, 0, 528, 0, 0, 0, 156, 150,
                154, 0, 196, 80, 0, 136, 0, 652, 0, 648, 676, 0, 544, 0, 392, 264, 904, 898, 682,
                34, 0, 298, 258, 0, 0, 280, 274, 58, 0, 0, 0, 0, 296, 282, 0, 274, 0, 162, 416,
                298, 0, 296, 282,
            ],
        ),
        Some(("Dynamic Region Forcing Chains (+ Forcing Chains)", 9.6, None, &[(23, 5)])),
    ),
    (
        (
            "000389071800451006100000000200500610031000040000010700500100800000020100310740009",
            [
                80, 116, 116, 0, 0, 0, 20, 0, 0, 0, 644, 648, 0, 0, 0, 524, 516, 0, 0, 528, 536,
                68, 192, 132, 536, 288, 288, 0, 912, 912, 0, 520, 144, 0, 0, 264, 192, 0, 0, 768,
                192, 260, 544, 0, 36, 592, 368, 368, 68, 0, 28, 0, 768, 12, 0, 660, 660, 0, 520,
                72, 0, 76, 144, 656, 464, 464, 768, 0, 40, 0, 40, 144, 0, 0, 260, 0, 0, 352, 36,
                96, 0,
            ],
        ),
        Some(("Dynamic Double Forcing Chains (+ Forcing Chains)", 9.7, None, &[(47, 8)])),
    ),
];

#[test]
#[cfg_attr(debug_assertions, ignore = "minutes in a debug build: run with --release")]
fn level2_first_hints_match_se() {
    let config = Chaining { multiple: true, dynamic: true, nishio: false, level: 2 };
    for ((values, cands), want) in CASES_LEVEL2 {
        let mut grid = Grid { values: [0; 81], cands: *cands };
        for (i, b) in values.bytes().enumerate() {
            grid.values[i] = b - b'0';
        }
        let got = super::first(&grid, config, &mut Ctx::new(u64::MAX)).expect("a hint");
        let (name, difficulty, placement, removals) = want.expect("SE found one");
        assert_eq!(got.name, name, "{values}");
        assert_eq!(got.difficulty, difficulty, "{values}");
        assert_eq!(got.placement, placement, "{values}");
        assert_eq!(got.eliminations(), removals.to_vec(), "{values}");
    }
}

/// Levels 3 and 4 (multiple forcing chains, dynamic forcing chains nested): SE's first hints
/// (each took SE about ten minutes; the first ties with the second, in different cells).
const CASES_DEEPER: &[(u8, Position, Expected)] = &[];

#[test]
#[cfg_attr(debug_assertions, ignore = "minutes in a debug build: run with --release")]
fn deeper_levels_match_se() {
    for (level, (values, cands), want) in CASES_DEEPER {
        let config = Chaining { multiple: true, dynamic: true, nishio: false, level: *level };
        let mut grid = Grid { values: [0; 81], cands: *cands };
        for (i, b) in values.bytes().enumerate() {
            grid.values[i] = b - b'0';
        }
        let got = super::first(&grid, config, &mut Ctx::new(u64::MAX)).expect("a hint");
        let (name, difficulty, placement, removals) = want.expect("SE found one");
        assert_eq!(got.name, name, "{values}");
        assert_eq!(got.difficulty, difficulty, "{values}");
        assert_eq!(got.placement, placement, "{values}");
        assert_eq!(got.eliminations(), removals.to_vec(), "{values}");
    }
}
