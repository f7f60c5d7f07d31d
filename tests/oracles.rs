//! Oracle comparisons (being written).
