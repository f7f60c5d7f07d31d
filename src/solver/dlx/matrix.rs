//! The exact-cover matrix of a shape, as the parent module's pictures lay it out: which
//! columns a candidate row covers, and the node array with every link in place.

use crate::sized::Shape;

/// One node of the four-way linked matrix.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(super) struct Node {
    pub(super) left: u32,
    pub(super) right: u32,
    pub(super) up: u32,
    pub(super) down: u32,
    /// The column header this node hangs from (a header's is itself; the root's is unused).
    pub(super) column: u32,
}

/// The four columns candidate row `row` of `shape` covers, in block order.
pub(super) fn row_columns(shape: Shape, row: usize) -> [usize; 4] {
    let (n, m) = (shape.size(), shape.cells());
    let (cell, digit) = (row / n, row % n);
    let (r, c, b) = (cell / n, cell % n, shape.box_of(cell));
    [cell, m + r * n + digit, 2 * m + c * n + digit, 3 * m + b * n + digit]
}

/// The header of the list of live columns, after the 4 * M column headers; row `r`'s four
/// nodes follow it, at `root + 1 + 4 * r ..`.
pub(super) fn root_of(shape: Shape) -> usize {
    4 * shape.cells()
}

/// The untouched matrix of `shape`: headers in a ring through the root, each row's four
/// nodes in a ring, each column's nodes in a vertical ring under its header in row order.
pub(super) fn build_matrix(shape: Shape) -> Vec<Node> {
    let root = root_of(shape);
    let rows = shape.size() * shape.cells();
    let mut n = vec![Node::default(); root + 1 + 4 * rows];
    // Headers and root: a ring 0, 1, .., 4M - 1, root.
    for (c, header) in n[..=root].iter_mut().enumerate() {
        *header = Node {
            left: if c == 0 { root } else { c - 1 } as u32,
            right: if c == root { 0 } else { c + 1 } as u32,
            up: c as u32,
            down: c as u32,
            column: c as u32,
        };
    }
    for row in 0..rows {
        let base = root + 1 + 4 * row;
        for (k, c) in row_columns(shape, row).into_iter().enumerate() {
            let node = base + k;
            // Append at the bottom of column c.
            let bottom = n[c].up as usize;
            n[node] = Node {
                left: (base + (k + 3) % 4) as u32,
                right: (base + (k + 1) % 4) as u32,
                up: bottom as u32,
                down: c as u32,
                column: c as u32,
            };
            n[bottom].down = node as u32;
            n[c].up = node as u32;
        }
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_row_covers_one_column_of_each_kind_and_every_column_has_n_rows() {
        for (rows, cols) in [(2, 2), (2, 3), (3, 3), (4, 3), (5, 5)] {
            let shape = Shape::new(rows, cols).unwrap();
            let (n, m) = (shape.size(), shape.cells());
            let mut rows_per_column = vec![0; 4 * m];
            for row in 0..n * m {
                for (k, c) in row_columns(shape, row).into_iter().enumerate() {
                    assert_eq!(c / m, k, "{shape}, row {row}: column {c} in the wrong block");
                    rows_per_column[c] += 1;
                }
            }
            assert!(rows_per_column.iter().all(|&count| count == n), "{shape}");
        }
        // r5c9 (row 4, col 8) digit 7: cell 44, row-digit 81+36+6, col-digit 162+72+6,
        // box 5: 243+45+6.
        assert_eq!(row_columns(Shape::NINE, 44 * 9 + 6), [44, 123, 240, 294]);
        // 6x6 in boxes of 2 rows by 3 columns: r3c4 (row 2, col 3) digit 5 is in box 3.
        let six = Shape::new(2, 3).unwrap();
        assert_eq!(row_columns(six, 15 * 6 + 4), [15, 36 + 16, 72 + 22, 108 + 22]);
    }

    #[test]
    fn the_matrix_is_linked_both_ways() {
        for shape in [Shape::NINE, Shape::new(3, 2).unwrap(), Shape::new(5, 5).unwrap()] {
            let n = build_matrix(shape);
            assert_eq!(n.len(), 4 * shape.cells() + 1 + 4 * shape.size() * shape.cells());
            for (i, node) in n.iter().enumerate() {
                assert_eq!(n[node.left as usize].right as usize, i);
                assert_eq!(n[node.right as usize].left as usize, i);
                assert_eq!(n[node.up as usize].down as usize, i);
                assert_eq!(n[node.down as usize].up as usize, i);
            }
            for c in 0..root_of(shape) {
                let mut count = 0;
                let mut i = n[c].down as usize;
                while i != c {
                    assert_eq!(n[i].column as usize, c);
                    count += 1;
                    i = n[i].down as usize;
                }
                assert_eq!(count, shape.size(), "{shape}, column {c}");
            }
        }
        assert_eq!(build_matrix(Shape::NINE).len(), 3241);
    }
}
