//! The integration tests: one test binary (as ripgrep does), one module per area.

mod util;

mod augment;
mod canon;
mod classes;
mod cli;
mod compression;
mod corpora;
mod dedup;
mod edges;
mod faults;
mod hostile;
pub mod inputs;
mod jsonl;
mod oracles;
mod outputs;
mod overlap;
mod pipeline;
mod rate;
mod rows;
mod se_rating;
mod several;
mod sizes;
mod stats;
pub mod tables;
mod tsv;
mod validate;
