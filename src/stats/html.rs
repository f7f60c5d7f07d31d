//! The report as one self-contained HTML page: inline CSS, the plots as inline SVG (drawn
//! by `plot.rs`), no script, and nothing fetched from elsewhere (no font, image or
//! style sheet), so it opens offline, prints, and can be mailed as one file.
//!
//! Every figure in the summary and overlap tables carries its place in the JSON report:
//! `data-scope` (`side:NAME`, `input:INDEX` or `overlap`) and `data-key` (the JSON keys from
//! there, joined by `/`: `records`, `reasons/no solution`, `repeats/class`), with the exact
//! value in `data-value`, so a test (python/tests/test_stats_page.py) can read the page
//! against the JSON of the same run. Each plot is a `<figure class="plot">` with the titles of
//! its axes in `data-category-title` and `data-count-title`.

use std::fmt::Write as _;
use std::time::{SystemTime, UNIX_EPOCH};

use super::plot::{thousands, Chart};
use super::report::{Report, SideFigures};
use super::{Figures, Listed};
use crate::rate::{Capped, Technique};
use crate::text::Ordered;

/// The page's style: light, one column of text and two of plots on a wide screen, printable.
const STYLE: &str = "
:root { color-scheme: light; --ink: #1d2430; --muted: #5b6573; --rule: #d9dee5;
  --train: #3b6ea5; --test: #e08a2c; --band: #f4f6f9; }
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 1180px; padding: 1.5rem 2rem 3rem; color: var(--ink);
  background: #fff; font: 15px/1.45 system-ui, -apple-system, 'Segoe UI', Roboto,
  'Helvetica Neue', Arial, sans-serif; }
h1 { font-size: 1.7rem; margin: 0 0 .2rem; }
h2 { font-size: 1.25rem; margin: 2.2rem 0 .6rem; padding-bottom: .25rem;
  border-bottom: 2px solid var(--rule); }
h3 { font-size: 1.02rem; margin: 1.2rem 0 .4rem; }
p.lead { color: var(--muted); margin: 0 0 1rem; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1.2rem;
  margin: .8rem 0; }
dl.facts dt { color: var(--muted); }
dl.facts dd { margin: 0; overflow-wrap: anywhere; }
table { border-collapse: collapse; font-variant-numeric: tabular-nums; margin: .4rem 0 1rem; }
th, td { padding: .28rem .7rem; border-bottom: 1px solid var(--rule); text-align: left;
  vertical-align: top; overflow-wrap: anywhere; }
thead th { background: var(--band); font-weight: 600; border-bottom: 2px solid var(--rule); }
td.n, th.n { text-align: right; white-space: nowrap; }
tr.sub th { padding-left: 1.7rem; font-weight: normal; color: var(--muted); }
tbody th { font-weight: 600; }
.side-train { color: var(--train); }
.side-test { color: var(--test); }
.pct { color: var(--muted); font-size: .85em; margin-left: .3em; }
code, .puzzle { font: 12.5px/1.3 ui-monospace, 'SF Mono', Menlo, Consolas, 'DejaVu Sans Mono',
  monospace; }
td.puzzle { font-size: 11.5px; word-break: break-all; }
table.listed td, table.listed th { padding: .25rem .45rem; }
.wide { overflow-x: auto; }
.plots { display: grid; grid-template-columns: repeat(auto-fill, minmax(470px, 1fr));
  gap: 1.2rem 1.6rem; }
figure.plot { margin: 0; padding: .6rem; border: 1px solid var(--rule); border-radius: 6px;
  break-inside: avoid; }
figure.plot svg { display: block; width: 100%; height: auto; }
figcaption { color: var(--muted); font-size: .88rem; margin: .4rem .2rem 0; }
details { font-size: .85rem; margin: .3rem .2rem 0; }
details table { margin: .3rem 0; }
summary { cursor: pointer; color: var(--muted); }
footer { margin-top: 3rem; color: var(--muted); font-size: .85rem; }
@media print {
  body { max-width: none; padding: 0; font-size: 11pt; }
  .plots { grid-template-columns: 1fr 1fr; }
  h2 { break-after: avoid; }
  table, figure { break-inside: avoid; }
}
";

/// The page of `report`, stamped with the time it is made.
pub fn page(report: &Report) -> String {
    page_at(report, SystemTime::now())
}

/// The page of `report`, stamped with `when`.
fn page_at(report: &Report, when: SystemTime) -> String {
    let mut out = String::with_capacity(64 * 1024);
    out.push_str("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
    out.push_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
    let names: Vec<&str> = report.inputs.iter().map(|i| i.input.as_str()).collect();
    let title = format!("sudoku-bulk stats: {}", names.join(", "));
    let _ = writeln!(out, "<title>{}</title>", escape(&title));
    let _ = writeln!(out, "<style>{STYLE}</style>\n</head>\n<body>");
    header(&mut out, report, when);
    summary(&mut out, report);
    overlap(&mut out, report);
    plots(&mut out, report);
    lists(&mut out, report);
    let _ = writeln!(
        out,
        "<footer>Made by <code>sudoku-bulk stats</code> {}. The same figures as JSON: \
         <code>-o report.json</code>; the keys are in docs/stats.md.</footer>",
        env!("CARGO_PKG_VERSION")
    );
    out.push_str("</body>\n</html>\n");
    out
}

/// What was read, how, and when.
fn header(out: &mut String, report: &Report, when: SystemTime) {
    let records: u64 = report.sides.iter().map(|s| s.figures.records).sum();
    let _ = writeln!(out, "<header>\n<h1>Corpus report</h1>");
    let _ = writeln!(
        out,
        "<p class=\"lead\">{} records in {} {}, read by <code>sudoku-bulk stats</code></p>",
        thousands(records),
        report.inputs.len(),
        if report.inputs.len() == 1 { "input" } else { "inputs" },
    );
    out.push_str("<dl class=\"facts\" id=\"facts\">\n");
    for side in &report.sides {
        let inputs: Vec<String> =
            side.inputs.iter().map(|i| format!("<code>{}</code>", escape(i))).collect();
        let _ = writeln!(
            out,
            "<dt>{}</dt><dd>{} ({} records)</dd>",
            side_label(side.side),
            inputs.join(", "),
            thousands(side.figures.records)
        );
    }
    let _ = writeln!(out, "<dt>Repeats</dt><dd>{}</dd>", report.repeats_text());
    let _ = writeln!(out, "<dt>Rated</dt><dd>{}</dd>", report.rated_text());
    let _ = writeln!(
        out,
        "<dt>Run</dt><dd>{}, {} worker {}, {:.2} s</dd>",
        utc(when),
        report.threads,
        if report.threads == 1 { "thread" } else { "threads" },
        report.seconds
    );
    out.push_str("</dl>\n</header>\n");
}

/// A side's name as the page shows it.
fn side_label(side: &str) -> String {
    let name = match side {
        "train" => "Training side",
        "test" => "Test side",
        _ => "Inputs",
    };
    format!("<span class=\"side-{side}\">{name}</span>")
}

/// A figure in a table: its text, and its exact value for `data-value`.
struct Cell {
    text: String,
    value: String,
}

impl Cell {
    fn count(n: u64) -> Cell {
        Cell { text: thousands(n), value: n.to_string() }
    }
}

/// Counts by name, as the figures give them.
type Named = Vec<(String, u64)>;

/// A row of the summary table: its label, its key in the JSON, whether it details the row
/// above, and its figure for each column.
type Row = (String, String, bool, Vec<Option<Cell>>);

/// The named count `name` of `counts`.
fn named(counts: &Ordered, name: &str) -> Option<u64> {
    counts.0.iter().find(|(n, _)| n == name).map(|&(_, n)| n)
}

/// Every name that occurs in the `pick`ed counts of `columns`, in first-seen order.
fn names_of(columns: &[(String, &Figures)], pick: fn(&Figures) -> &Ordered) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for (_, f) in columns {
        for (name, _) in &pick(f).0 {
            if !names.contains(name) {
                names.push(name.clone());
            }
        }
    }
    names
}

/// Rows of named counts (`key/NAME`), leaving out the names that count nothing anywhere.
fn count_rows(
    rows: &mut Vec<Row>,
    columns: &[(String, &Figures)],
    key: &str,
    label: &str,
    pick: fn(&Figures) -> &Ordered,
    keep_zero: bool,
) {
    for name in names_of(columns, pick) {
        let cells: Vec<Option<Cell>> =
            columns.iter().map(|(_, f)| named(pick(f), &name).map(Cell::count)).collect();
        let any = cells.iter().flatten().any(|c| c.value != "0");
        if keep_zero || any {
            rows.push((format!("{label}{name}"), format!("{key}/{name}"), true, cells));
        }
    }
}

/// The summary table: a column a side, and one an input when a side has several.
fn summary(out: &mut String, report: &Report) {
    let mut columns: Vec<(String, &Figures)> =
        report.sides.iter().map(|s| (format!("side:{}", s.side), &s.figures)).collect();
    let mut heads: Vec<String> = report.sides.iter().map(|s| side_label(s.side)).collect();
    if report.inputs.len() > report.sides.len() {
        for (k, input) in report.inputs.iter().enumerate() {
            columns.push((format!("input:{k}"), &input.figures));
            heads.push(format!("<code>{}</code>", escape(short_name(&input.input))));
        }
    }
    let each = |get: &dyn Fn(&Figures) -> Option<Cell>| -> Vec<Option<Cell>> {
        columns.iter().map(|(_, f)| get(f)).collect()
    };
    let mut rows: Vec<Row> = Vec::new();
    let mut row = |label: &str, key: &str, sub: bool, cells: Vec<Option<Cell>>| {
        rows.push((label.to_string(), key.to_string(), sub, cells));
    };
    row("Records", "records", false, each(&|f| Some(Cell::count(f.records))));
    row("valid", "valid", true, each(&|f| Some(Cell::count(f.valid))));
    row("failed", "failed", true, each(&|f| Some(Cell::count(f.failed))));
    count_rows(&mut rows, &columns, "reasons", "failed: ", |f| &f.reasons, false);
    count_rows(&mut rows, &columns, "malformed", "malformed: ", |f| &f.malformed, false);
    if names_of(&columns, |f| &f.sizes).len() > 1 {
        count_rows(&mut rows, &columns, "sizes", "size ", |f| &f.sizes, false);
    }
    let mut row = |label: &str, key: &str, sub: bool, cells: Vec<Option<Cell>>| {
        rows.push((label.to_string(), key.to_string(), sub, cells));
    };
    row("Solutions", "", false, columns.iter().map(|_| None).collect());
    for k in ["0", "1", "2+"] {
        let cells = each(&|f| named(&f.solutions, k).map(Cell::count));
        let label = match k {
            "0" => "none (0)".to_string(),
            "1" => "one (1)".to_string(),
            _ => "several (2+)".to_string(),
        };
        row(&label, &format!("solutions/{k}"), true, cells);
    }
    row("Repeats", "", false, columns.iter().map(|_| None).collect());
    row("exact", "repeats/exact", true, each(&|f| Some(Cell::count(f.repeats.exact))));
    if report.by == "class" {
        row("by class", "repeats/class", true, each(&|f| f.repeats.class.map(Cell::count)));
    }
    row("Answers carried", "", false, columns.iter().map(|_| None).collect());
    count_rows(&mut rows, &columns, "answers", "", |f| &f.answers, false);
    let mut row = |label: &str, key: &str, sub: bool, cells: Vec<Option<Cell>>| {
        rows.push((label.to_string(), key.to_string(), sub, cells));
    };
    row("Guesses", "", false, columns.iter().map(|_| None).collect());
    row(
        "puzzles searched",
        "guesses/puzzles",
        true,
        each(&|f| Some(Cell::count(f.guesses.puzzles))),
    );
    let mean = |f: &Figures| {
        let m = f.guesses.mean;
        Some(Cell { text: format!("{m:.2}"), value: m.to_string() })
    };
    row("mean a puzzle", "guesses/mean", true, each(&mean));
    row("most for one", "guesses/most", true, each(&|f| Some(Cell::count(f.guesses.most))));
    if report.rated {
        let unrated = |f: &Figures| f.ratings.as_ref().map(|r| Cell::count(r.unrated));
        row("Not rated (stopped at a limit)", "ratings/unrated", false, each(&unrated));
    }

    out.push_str("<section id=\"summary\">\n<h2>Summary</h2>\n<div class=\"wide\">\n");
    out.push_str("<table class=\"summary\">\n<thead><tr><th></th>");
    for head in &heads {
        let _ = write!(out, "<th class=\"n\">{head}</th>");
    }
    out.push_str("</tr></thead>\n<tbody>\n");
    for (label, key, sub, cells) in &rows {
        let _ = write!(
            out,
            "<tr{}><th>{}</th>",
            if *sub { " class=\"sub\"" } else { "" },
            escape(label)
        );
        for ((scope, _), cell) in columns.iter().zip(cells) {
            match cell {
                Some(c) => {
                    let _ = write!(
                        out,
                        "<td class=\"n\" data-scope=\"{}\" data-key=\"{}\" data-value=\"{}\">{}</td>",
                        escape(scope),
                        escape(key),
                        c.value,
                        c.text
                    );
                }
                None => out.push_str("<td></td>"),
            }
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</tbody>\n</table>\n</div>\n");
    let valid_note = "A record is valid when it is a puzzle with one solution, and carries it if \
                      it carries an answer (as <code>validate</code> judges). Repeats count the \
                      records that repeat an earlier one of the same side or input. Guesses are \
                      the solver's: none means logic alone solved it.";
    let _ = writeln!(out, "<p class=\"lead\">{valid_note}</p>\n</section>");
}

/// The last part of a path, for a column head (the full names are in the header).
fn short_name(path: &str) -> &str {
    path.rsplit('/').next().unwrap_or(path)
}

/// How the test side repeats the training side.
fn overlap(out: &mut String, report: &Report) {
    let Some(o) = &report.overlap else { return };
    out.push_str("<section id=\"overlap\">\n<h2>Overlap: test against training</h2>\n");
    out.push_str("<table class=\"overlap\">\n<thead><tr><th></th><th class=\"n\">records</th>");
    out.push_str("<th class=\"n\">of the test side</th><th class=\"n\">distinct puzzles</th>");
    out.push_str("</tr></thead>\n<tbody>\n");
    let cell = |key: &str, n: u64| {
        format!(
            "<td class=\"n\" data-scope=\"overlap\" data-key=\"{key}\" data-value=\"{n}\">{}</td>",
            thousands(n)
        )
    };
    let total = o.test_records;
    let share = |n: u64| match total {
        0 => "<td></td>".to_string(),
        _ => format!("<td class=\"n pct\">{:.1}%</td>", 100.0 * n as f64 / total as f64),
    };
    let _ = writeln!(
        out,
        "<tr><th>Test records</th>{}<td></td><td></td></tr>",
        cell("test_records", total)
    );
    let _ = writeln!(
        out,
        "<tr><th>repeating a training record exactly</th>{}{}{}</tr>",
        cell("exact/records", o.exact.records),
        share(o.exact.records),
        cell("exact/distinct", o.exact.distinct)
    );
    if let Some(class) = &o.class {
        let _ = writeln!(
            out,
            "<tr><th>equivalent to a training record (by class)</th>{}{}{}</tr>",
            cell("class/records", class.records),
            share(class.records),
            cell("class/distinct", class.distinct)
        );
    }
    out.push_str(
        "</tbody>\n</table>\n<p class=\"lead\">A test record that repeats a training \
                  record (or, by class, is the same puzzle relabelled, rotated or reflected) is \
                  one a model may have seen; distinct counts the training puzzles (or classes) \
                  they fall in.</p>\n</section>\n",
    );
}

/// The plots: each side a series, side by side.
fn plots(out: &mut String, report: &Report) {
    out.push_str("<section id=\"plots\">\n<h2>Distributions</h2>\n<div class=\"plots\">\n");
    let sides = &report.sides;
    let series = |pick: &dyn Fn(&Figures) -> Named, categories: &[String]| {
        series_of(sides, pick, categories)
    };
    // Clue counts: every number from the fewest to the most, so the histogram has no gaps.
    let clues: Vec<u64> = sides
        .iter()
        .flat_map(|s| s.figures.clues.0.iter().filter_map(|(k, _)| k.parse().ok()))
        .collect();
    let clue_categories: Vec<String> = match (clues.iter().min(), clues.iter().max()) {
        (Some(&low), Some(&high)) => (low..=high).map(|k| k.to_string()).collect(),
        _ => Vec::new(),
    };
    let chart = Chart {
        title: "Clue counts",
        category_title: "givens",
        count_title: "puzzles",
        series: series(&|f| f.clues.0.clone(), &clue_categories),
        categories: clue_categories,
        horizontal: false,
    };
    figure(out, "clues", &chart, "How many givens the puzzles have (9x9 and other sizes alike; pencilmark puzzles have none).");
    let solution_categories: Vec<String> = ["0", "1", "2+"].map(String::from).to_vec();
    let chart = Chart {
        title: "Solutions",
        category_title: "solutions",
        count_title: "puzzles",
        series: series(&|f| f.solutions.0.clone(), &solution_categories),
        categories: solution_categories,
        horizontal: false,
    };
    figure(
        out,
        "solutions",
        &chart,
        "Puzzles by solution count: none, one (a proper puzzle), or several (counted to 2).",
    );
    // The buckets are the same on every side, each side's up to its last non-empty one.
    let buckets = sides
        .iter()
        .map(|s| &s.figures.guesses.by_bucket.0)
        .max_by_key(|b| b.len())
        .map(|b| b.iter().map(|(k, _)| k.clone()).collect::<Vec<_>>())
        .unwrap_or_default();
    let chart = Chart {
        title: "Guesses",
        category_title: "guesses (buckets of powers of two)",
        count_title: "puzzles",
        series: series(&|f| f.guesses.by_bucket.0.clone(), &buckets),
        categories: buckets,
        horizontal: false,
    };
    figure(out, "guesses", &chart, "How often the solver had to guess, in buckets that double: 0 (logic alone), 1, 2-3, 4-7, and so on. A measure of how hard a puzzle is for a machine.");
    if report.rated {
        rating_plots(out, sides);
    }
    out.push_str("</div>\n</section>\n");
}

/// A series a side: its name, and its `pick`ed count of each of `categories` (0 if absent).
fn series_of(
    sides: &[SideFigures],
    pick: &dyn Fn(&Figures) -> Named,
    categories: &[String],
) -> Vec<(String, Vec<u64>)> {
    sides
        .iter()
        .map(|s| {
            let counts = pick(&s.figures);
            let values = categories
                .iter()
                .map(|c| counts.iter().find(|(n, _)| n == c).map_or(0, |&(_, n)| n))
                .collect();
            (s.side.to_string(), values)
        })
        .collect()
}

/// The ratings and hardest techniques, in ladder order.
fn rating_plots(out: &mut String, sides: &[SideFigures]) {
    let series = |pick: &dyn Fn(&Figures) -> Named, categories: &[String]| {
        series_of(sides, pick, categories)
    };
    let mut ratings: Vec<String> = Vec::new();
    for s in sides {
        for (r, _) in s.figures.ratings.iter().flat_map(|r| &r.ratings.0) {
            if !ratings.contains(r) {
                ratings.push(r.clone());
            }
        }
    }
    ratings.sort_by(|a, b| {
        let value = |t: &str| t.parse::<f64>().unwrap_or(f64::MAX);
        value(a).total_cmp(&value(b))
    });
    let capped = sides.iter().any(|s| s.figures.ratings.as_ref().is_some_and(|r| r.unrated > 0));
    if capped {
        ratings.push("capped".to_string());
    }
    let with_search = |f: &Figures| {
        let mut counts = f.ratings.as_ref().map(|r| r.ratings.0.clone()).unwrap_or_default();
        counts.push(("capped".into(), f.ratings.as_ref().map_or(0, |r| r.unrated)));
        counts
    };
    let chart = Chart {
        title: "Ratings",
        category_title: "rating (Sudoku Explainer scale)",
        count_title: "puzzles",
        series: series(&with_search, &ratings),
        categories: ratings,
        horizontal: false,
    };
    figure(out, "ratings", &chart, "Sudoku Explainer's rating (ER) of the hardest step, as rate gives it; capped: the rating stopped at a limit.");
    let mut techniques: Vec<String> = Vec::new();
    let names = Technique::all().map(Technique::name);
    let capped = (0..Capped::COUNT).map(|i| Capped::from_index(i).text());
    for name in names.chain(capped) {
        let any = sides.iter().any(|s| {
            s.figures.ratings.as_ref().and_then(|r| named(&r.techniques, name)).unwrap_or(0) > 0
        });
        if any {
            techniques.push(name.to_string());
        }
    }
    let pick = |f: &Figures| f.ratings.as_ref().map(|r| r.techniques.0.clone()).unwrap_or_default();
    let chart = Chart {
        title: "Hardest technique",
        category_title: "technique",
        count_title: "puzzles",
        series: series(&pick, &techniques),
        categories: techniques,
        horizontal: true,
    };
    figure(out, "techniques", &chart, "The hardest technique each puzzle needs, easiest first.");
}

/// A plot in its figure, with a caption and its counts as a table.
fn figure(out: &mut String, id: &str, chart: &Chart<'_>, caption: &str) {
    let _ = writeln!(
        out,
        "<figure class=\"plot\" id=\"plot-{id}\" data-category-title=\"{}\" data-count-title=\"{}\">",
        escape(chart.category_title),
        escape(&chart.count_axis_title())
    );
    let svg = chart.svg();
    // The chart's title names the SVG for screen readers.
    let label = format!("<svg role=\"img\" aria-label=\"{}\" ", escape(chart.title));
    out.push_str(&svg.replacen("<svg ", &label, 1));
    let _ = writeln!(out, "<figcaption>{}</figcaption>", escape(caption));
    out.push_str("<details><summary>Counts</summary>\n<table><thead><tr><th></th>");
    for (side, _) in &chart.series {
        let _ = write!(out, "<th class=\"n\">{}</th>", escape(side));
    }
    out.push_str("</tr></thead><tbody>\n");
    for (k, category) in chart.categories.iter().enumerate() {
        let _ = write!(out, "<tr><th>{}</th>", escape(category));
        for (_, values) in &chart.series {
            let _ = write!(out, "<td class=\"n\">{}</td>", thousands(values[k]));
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</tbody></table></details>\n</figure>\n");
}

/// The slowest and hardest puzzles, and the malformed records, a table a side.
fn lists(out: &mut String, report: &Report) {
    let several = report.sides.len() > 1;
    let heading = |out: &mut String, side: &SideFigures| {
        if several {
            let _ = writeln!(out, "<h3>{}</h3>", side_label(side.side));
        }
    };
    out.push_str("<section id=\"slowest\">\n<h2>Slowest puzzles (most guesses)</h2>\n");
    for side in &report.sides {
        heading(out, side);
        listed(out, &side.figures.slowest, "No puzzle needed a guess.");
    }
    out.push_str("</section>\n");
    if report.rated {
        out.push_str("<section id=\"hardest\">\n<h2>Hardest puzzles (by rating)</h2>\n");
        for side in &report.sides {
            heading(out, side);
            listed(out, &side.figures.hardest, "No puzzle was rated.");
        }
        out.push_str("</section>\n");
    }
    out.push_str("<section id=\"malformed\">\n<h2>Malformed records</h2>\n");
    for side in &report.sides {
        heading(out, side);
        let list = &side.figures.malformed_records;
        if list.is_empty() {
            out.push_str("<p class=\"lead\">None.</p>\n");
            continue;
        }
        out.push_str("<div class=\"wide\"><table class=\"malformed\"><thead><tr><th>input</th>");
        out.push_str(
            "<th class=\"n\">line</th><th>what is wrong</th><th>text</th></tr></thead><tbody>\n",
        );
        for m in list {
            let _ = writeln!(
                out,
                "<tr><td><code>{}</code></td><td class=\"n\">{}</td><td>{}</td><td class=\"puzzle\">{}</td></tr>",
                escape(short_name(&m.input)),
                m.line,
                escape(&m.error),
                escape(&m.text)
            );
        }
        out.push_str("</tbody></table></div>\n");
        let shown = list.len() as u64;
        let all = named(&side.figures.reasons, "malformed").unwrap_or(0);
        if all > shown {
            let _ = writeln!(
                out,
                "<p class=\"lead\">The first {shown} of {} malformed records.</p>",
                thousands(all)
            );
        }
    }
    out.push_str("</section>\n");
}

/// A list of puzzles as a table.
fn listed(out: &mut String, list: &[Listed], empty: &str) {
    if list.is_empty() {
        let _ = writeln!(out, "<p class=\"lead\">{empty}</p>");
        return;
    }
    out.push_str("<div class=\"wide\"><table class=\"listed\"><thead><tr><th>input</th>");
    out.push_str("<th class=\"n\">line</th><th>puzzle</th><th class=\"n\">solutions</th>");
    out.push_str(
        "<th class=\"n\">guesses</th><th class=\"n\">rating</th><th>hardest technique</th>",
    );
    out.push_str("</tr></thead><tbody>\n");
    for l in list {
        let _ = writeln!(
            out,
            "<tr><td><code>{}</code></td><td class=\"n\">{}</td><td class=\"puzzle\">{}</td>\
             <td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td>{}</td></tr>",
            escape(short_name(&l.input)),
            l.line,
            escape(&l.puzzle),
            escape(&l.solutions),
            thousands(l.guesses),
            escape(l.rating.as_deref().unwrap_or("")),
            escape(l.technique.unwrap_or(""))
        );
    }
    out.push_str("</tbody></table></div>\n");
}

/// `when` as a UTC date and time: `2026-11-29 07:30 UTC`.
fn utc(when: SystemTime) -> String {
    let secs = when.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let (days, rest) = ((secs / 86_400) as i64, secs % 86_400);
    // Days since 1970-01-01 to a civil date (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02} {:02}:{:02} UTC", rest / 3600, rest % 3600 / 60)
}

/// `text` with HTML's special characters escaped.
pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::canon::Sameness;
    use crate::stats::report::{InputCensus, Overlap, Overlapping};
    use crate::stats::{Census, Malformed, RatingFigures, Repeats};

    /// Counts as `Ordered`.
    fn counts(pairs: &[(&str, u64)]) -> Ordered {
        Ordered(pairs.iter().map(|&(k, n)| (k.to_string(), n)).collect())
    }

    /// A report of two inputs, a side each, with figures in every part of the page and a
    /// hostile text wherever the page shows a record or a name.
    fn report() -> Report {
        let names = ["train<b>.txt", "test.txt"];
        let inputs: Vec<InputCensus> = names
            .iter()
            .enumerate()
            .map(|(side, name)| InputCensus {
                name: name.to_string(),
                side,
                census: Census::default(),
                columns: None,
            })
            .collect();
        let repeats = [
            Repeats { exact: 2, class: Some(5), class_by_givens: 0 },
            Repeats { exact: 0, class: Some(1), class_by_givens: 0 },
        ];
        let overlap = Overlap {
            test_records: 40,
            exact: Overlapping { records: 3, distinct: 2 },
            class: Some(Overlapping { records: 7, distinct: 6 }),
        };
        let mut report = Report::new(Sameness::Class, true, &inputs, &repeats, Some(overlap), 2);
        for (k, side) in report.sides.iter_mut().enumerate() {
            let f = &mut side.figures;
            f.records = 1000 + k as u64;
            f.valid = 990;
            f.failed = 10 + k as u64;
            f.clues = counts(&[("17", 3), ("22", 400), ("30", 597)]);
            f.solutions = counts(&[("0", 4), ("1", 990), ("2+", 5)]);
            f.guesses.by_bucket = counts(&[("0", 900), ("1", 60), ("2-3", 30), ("4-7", 9)]);
            f.ratings = Some(RatingFigures {
                ratings: counts(&[("1.2", 800), ("2.3", 150), ("7.1", 40)]),
                unrated: 9,
                techniques: counts(&[("hidden single", 800), ("naked pair", 190)]),
            });
            f.malformed_records.push(Malformed {
                file: k,
                input: names[k].to_string(),
                line: 7,
                error: "unexpected character '<' at cell 3".into(),
                text: "12<script>alert('x')</script>&".into(),
            });
        }
        report
    }

    #[test]
    fn record_text_and_names_are_escaped() {
        let page = page_at(&report(), UNIX_EPOCH);
        assert!(!page.contains("<script"), "a record's text reached the page as markup");
        assert!(!page.contains("<b>"), "an input's name reached the page as markup");
        assert!(page.contains("12&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;"));
        assert!(page.contains("train&lt;b&gt;.txt"));
        assert!(page.contains("1970-01-01 00:00 UTC"));
    }

    #[test]
    fn every_plot_is_an_svg_with_its_axis_titles() {
        let page = page_at(&report(), UNIX_EPOCH);
        let plots = ["clues", "solutions", "guesses", "ratings", "techniques"];
        assert_eq!(page.matches("<svg ").count(), plots.len());
        for id in plots {
            let start = page.find(&format!("id=\"plot-{id}\"")).expect(id);
            let figure = &page[start..start + page[start..].find("</figure>").unwrap()];
            assert_eq!(figure.matches("<svg ").count(), 1, "{id}");
            let attr = |name: &str| {
                let at = figure.find(&format!("{name}=\"")).unwrap() + name.len() + 2;
                figure[at..at + figure[at..].find('"').unwrap()].to_string()
            };
            // The axis titles, as the figure announces them, are drawn in its SVG.
            for title in [attr("data-category-title"), attr("data-count-title")] {
                assert!(figure.contains(&format!("\n{title}\n</text>")), "{id}: {title}");
            }
        }
        // Guesses span decades: a log scale; solutions are drawn train and test side by side.
        assert!(page.contains("data-count-title=\"puzzles (log scale)\""));
        assert!(page.contains("\ntrain\n</text>") && page.contains("\ntest\n</text>"));
    }

    #[test]
    fn without_ratings_there_are_three_plots() {
        let mut report = report();
        report.rated = false;
        let page = page_at(&report, UNIX_EPOCH);
        assert_eq!(page.matches("<svg ").count(), 3);
        assert!(!page.contains("id=\"hardest\""));
    }

    #[test]
    fn the_page_fetches_nothing() {
        let page = page_at(&report(), UNIX_EPOCH);
        // The one address is the SVG namespace, a name that is never requested.
        let namespace = "xmlns=\"http://www.w3.org/2000/svg\"";
        let rest = page.replace(namespace, "");
        for scheme in ["http://", "https://", "//", "url(", "@import", "src="] {
            assert!(!rest.contains(scheme), "{scheme} in the page");
        }
        assert!(!page.contains("<script") && !page.contains("<link") && !page.contains("<img"));
    }

    #[test]
    fn the_tables_carry_the_json_figures() {
        let page = page_at(&report(), UNIX_EPOCH);
        for cell in [
            "data-scope=\"side:train\" data-key=\"records\" data-value=\"1000\">1,000<",
            "data-scope=\"side:test\" data-key=\"records\" data-value=\"1001\">1,001<",
            "data-scope=\"side:train\" data-key=\"repeats/class\" data-value=\"5\"",
            "data-scope=\"side:test\" data-key=\"solutions/2+\" data-value=\"5\"",
            "data-scope=\"overlap\" data-key=\"class/distinct\" data-value=\"6\"",
            "data-scope=\"overlap\" data-key=\"exact/records\" data-value=\"3\">3</td><td class=\"n pct\">7.5%<",
        ] {
            assert!(page.contains(cell), "{cell}");
        }
    }

    #[test]
    fn dates_are_civil() {
        let at = |secs: u64| utc(UNIX_EPOCH + std::time::Duration::from_secs(secs));
        assert_eq!(at(0), "1970-01-01 00:00 UTC");
        assert_eq!(at(951_782_400), "2000-02-29 00:00 UTC");
        assert_eq!(at(1_795_937_400), "2026-11-29 07:30 UTC");
    }
}
