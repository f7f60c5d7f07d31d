//! The report's bar charts as SVG, drawn with plotters' SVG backend: one series of counts a
//! side over named categories (clue counts, guess buckets, ratings, techniques), grouped side
//! by side when there is a test side. plotters lays out the axes, ticks, axis titles and text;
//! the one thing added here is [`Axis`], a coordinate that is linear or logarithmic with the
//! ticks chosen for it, so every chart is one concrete type whatever its scale.
//!
//! Text is written as SVG `<text>` (no font is read: plotters estimates text widths), so a
//! chart is sharp at any size, searchable, and selectable.

use std::ops::Range;

use plotters::coord::ranged1d::{DefaultFormatting, KeyPointHint, Ranged};
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// The series' colours: the first side's (or the only one's), then the test side's.
const COLOURS: [RGBColor; 2] = [RGBColor(0x3b, 0x6e, 0xa5), RGBColor(0xe0, 0x8a, 0x2c)];

/// A chart's width in SVG units (the page scales it to its column).
const WIDTH: u32 = 640;

/// Counts this many times apart (largest over smallest non-zero) are drawn on a log scale.
const LOG_SPAN: u64 = 100;

/// A bar chart: counts over categories, one series a side.
#[derive(Debug, Clone)]
pub(crate) struct Chart<'a> {
    /// Its title, drawn above it.
    pub title: &'a str,
    /// What the categories are (the category axis's title).
    pub category_title: &'a str,
    /// What is counted (the count axis's title; ", log scale" is added when it is one).
    pub count_title: &'a str,
    /// The categories, in order.
    pub categories: Vec<String>,
    /// Each series' name and its count for each category.
    pub series: Vec<(String, Vec<u64>)>,
    /// Bars drawn left to right from the category axis (long category names read better so).
    pub horizontal: bool,
}

impl Chart<'_> {
    /// Whether the counts span [`LOG_SPAN`] or more, and so are drawn on a log scale.
    pub fn log_scale(&self) -> bool {
        let counts = self.series.iter().flat_map(|(_, c)| c.iter().copied());
        let (low, high) = counts
            .filter(|&n| n > 0)
            .fold((u64::MAX, 0), |(low, high), n| (low.min(n), high.max(n)));
        high > 0 && high / low >= LOG_SPAN
    }

    /// The count axis's title as drawn.
    pub fn count_axis_title(&self) -> String {
        match self.log_scale() {
            true => format!("{} (log scale)", self.count_title),
            false => self.count_title.to_string(),
        }
    }

    /// The chart as an SVG document.
    pub fn svg(&self) -> String {
        let mut out = String::new();
        self.draw(&mut out).expect("drawing into a String does not fail");
        out
    }

    /// Draws the chart into `out`.
    fn draw(&self, out: &mut String) -> Result<(), Box<dyn std::error::Error + '_>> {
        let n = self.categories.len().max(1);
        let sides = self.series.len().max(1);
        let most = self.series.iter().flat_map(|(_, c)| c.iter().copied()).max().unwrap_or(0);
        // Every bar with a count has it written: beside a horizontal bar, above a vertical
        // one, turned upright where it is wider than its bar (then the count axis leaves room
        // for it above the tallest bar).
        let slot = (WIDTH as f64 - 90.0) / n as f64;
        let bar = 0.8 / sides as f64;
        let upright = !self.horizontal
            && self
                .series
                .iter()
                .flat_map(|(_, c)| c.iter())
                .any(|&v| text_width(&thousands(v), 12.0) > slot * bar + 2.0);
        let room = match upright {
            true => (text_width(&thousands(most), 12.0) + 10.0) / PLOT_HEIGHT,
            false => 0.0,
        };
        let counts = count_axis(most, self.log_scale(), room);
        let label_width = |text: &str| text_width(text, 13.0);
        let longest = self.categories.iter().map(|c| label_width(c)).fold(0.0, f64::max);
        let legend = if self.series.len() > 1 { 22 } else { 0 };
        // Category centres at 0, 1, ..., n - 1, the first at the top when bars are horizontal.
        let (height, category_range) = match self.horizontal {
            true => {
                let bars = 90 + legend + n as u32 * (sides as u32 * 16 + 10);
                (bars.max(220), n as f64 - 0.5..-0.5)
            }
            false => (340 + legend, -0.5..n as f64 - 0.5),
        };
        let root = SVGBackend::with_string(out, (WIDTH, height)).into_drawing_area();
        root.fill(&WHITE)?;
        let (top, root) = root.split_vertically(legend);
        self.legend(&top)?;
        // Vertical bars: label every k-th category so that the labels do not overlap.
        let stride = match self.horizontal {
            true => 1,
            false => ((longest + 6.0) / slot).ceil().max(1.0) as usize,
        };
        let categories = Axis {
            range: category_range,
            log: false,
            ticks: (0..n).step_by(stride).map(|k| k as f64).collect(),
        };
        let name = |v: &f64| {
            let k = v.round();
            match k >= 0.0 && (k - v).abs() < 0.01 {
                true => self.categories.get(k as usize).cloned().unwrap_or_default(),
                false => String::new(),
            }
        };
        let count = |v: &f64| tick_text(*v);
        let mut builder = ChartBuilder::on(&root);
        builder.caption(self.title, font(17.0)).margin(12).margin_right(24);
        let mut chart = match self.horizontal {
            true => builder
                .x_label_area_size(44)
                .y_label_area_size((longest + 40.0).min(260.0) as u32)
                .build_cartesian_2d(counts, categories)?,
            false => builder
                .x_label_area_size(54)
                .y_label_area_size(70)
                .build_cartesian_2d(categories, counts)?,
        };
        let mut mesh = chart.configure_mesh();
        mesh.axis_desc_style(font(14.0))
            .label_style(font(13.0))
            .bold_line_style(RGBColor(0xe4, 0xe4, 0xe4))
            .light_line_style(TRANSPARENT)
            .axis_style(RGBColor(0x44, 0x44, 0x44));
        let count_title = self.count_axis_title();
        match self.horizontal {
            true => mesh
                .disable_y_mesh()
                .x_desc(count_title)
                .y_desc(self.category_title)
                .x_label_formatter(&count)
                .y_label_formatter(&name)
                .draw()?,
            false => mesh
                .disable_x_mesh()
                .x_desc(self.category_title)
                .y_desc(count_title)
                .x_label_formatter(&name)
                .y_label_formatter(&count)
                .draw()?,
        }
        // Each category's slot holds its series' bars side by side, 80% of it in all.
        let floor = if self.horizontal { chart.x_range().start } else { chart.y_range().start };
        let at = |category: usize, side: usize, offset: f64| {
            category as f64 - 0.4 + bar * (side as f64 + offset)
        };
        let point = |c: f64, v: f64| if self.horizontal { (v, c) } else { (c, v) };
        for (side, (_, values)) in self.series.iter().enumerate() {
            let colour = COLOURS[side % COLOURS.len()];
            let bars = values.iter().enumerate().filter(|&(_, &v)| v > 0).map(|(k, &v)| {
                let corner = point(at(k, side, 0.04), floor);
                Rectangle::new([corner, point(at(k, side, 0.96), v as f64)], colour.filled())
            });
            chart.draw_series(bars)?;
            // Beside the bar's end, above it, or upright above it (turned a quarter left, it
            // starts at the bar's top and reads upwards).
            let (anchor, shift) = match (self.horizontal, upright) {
                (true, _) => (Pos::new(HPos::Left, VPos::Center), (4, 0)),
                (false, false) => (Pos::new(HPos::Center, VPos::Bottom), (0, -3)),
                (false, true) => (Pos::new(HPos::Left, VPos::Center), (0, -3)),
            };
            let mut style = TextStyle::from(font(12.0).into_font())
                .color(&RGBColor(0x22, 0x22, 0x22))
                .pos(anchor);
            if upright {
                style = style.transform(FontTransform::Rotate270);
            }
            let labels = values.iter().enumerate().filter(|&(_, &v)| v > 0).map(|(k, &v)| {
                let (x, y) = point(at(k, side, 0.5), v as f64);
                EmptyElement::at((x, y)) + Text::new(thousands(v), shift, style.clone())
            });
            chart.draw_series(labels)?;
        }
        root.present()?;
        Ok(())
    }

    /// The series' names and colours, in a row above the chart (two series or more).
    fn legend<DB: DrawingBackend>(
        &self,
        area: &DrawingArea<DB, plotters::coord::Shift>,
    ) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
        if self.series.len() < 2 {
            return Ok(());
        }
        let mut x = WIDTH as i32 - 20;
        let style = TextStyle::from(font(13.0).into_font())
            .color(&RGBColor(0x22, 0x22, 0x22))
            .pos(Pos::new(HPos::Left, VPos::Center));
        for (side, (name, _)) in self.series.iter().enumerate().rev() {
            x -= text_width(name, 13.0) as i32 + 24;
            let colour = COLOURS[side % COLOURS.len()];
            area.draw(&Rectangle::new([(x, 6), (x + 12, 18)], colour.filled()))?;
            area.draw(&Text::new(name.clone(), (x + 16, 12), style.clone()))?;
        }
        Ok(())
    }
}

/// The height of a vertical chart's plotting area, at the least, in SVG units.
const PLOT_HEIGHT: f64 = 220.0;

/// The count axis: from 0 (linear) or from 1/2 (log), past the most, with round ticks, and
/// `room` (a share of the axis) above the most at the least, for its count written upright.
fn count_axis(most: u64, log: bool, room: f64) -> Axis {
    let most = most.max(1) as f64;
    let room = room.clamp(0.0, 0.6);
    if log {
        // Powers of ten, the top one with room above the tallest bar for its count: from 1/2,
        // log(top / most) is at least `room` of log(top / 0.5).
        let needed = (most.log10() - room * 0.5f64.log10()) / (1.0 - room);
        let top = 10f64.powf((most * 3.0).log10().max(needed).ceil());
        let ticks = (0..).map(|e| 10f64.powi(e)).take_while(|&t| t <= top).collect();
        return Axis { range: 0.5..top, log: true, ticks };
    }
    // 1, 2 or 5 times a power of ten, about five steps to the most, and room for its count.
    let raw = most / 5.0;
    let magnitude = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0]
        .iter()
        .map(|m| m * magnitude)
        .find(|&s| s >= raw)
        .unwrap_or(10.0 * magnitude)
        .max(1.0);
    let top = ((most * 1.12).max(most / (1.0 - room)) / step).ceil() * step;
    let ticks = (0..).map(|k| k as f64 * step).take_while(|&t| t <= top + step / 2.0).collect();
    Axis { range: 0.0..top, log: false, ticks }
}

/// A coordinate along one axis, linear or logarithmic, with the ticks it was given.
#[derive(Debug, Clone)]
struct Axis {
    /// The values at the axis's two ends (the start may be the larger: a reversed axis).
    range: Range<f64>,
    /// Whether values are placed by their logarithm.
    log: bool,
    /// Where the ticks and their labels go.
    ticks: Vec<f64>,
}

impl Axis {
    /// `v` where it is placed along the axis: itself, or its logarithm.
    fn scaled(&self, v: f64) -> f64 {
        match self.log {
            true => v.max(f64::MIN_POSITIVE).ln(),
            false => v,
        }
    }
}

impl Ranged for Axis {
    type FormatOption = DefaultFormatting;
    type ValueType = f64;

    fn map(&self, value: &f64, limit: (i32, i32)) -> i32 {
        let (start, end) = (self.scaled(self.range.start), self.scaled(self.range.end));
        let at = (self.scaled(*value) - start) / (end - start);
        limit.0 + (at * f64::from(limit.1 - limit.0)).round() as i32
    }

    fn key_points<Hint: KeyPointHint>(&self, hint: Hint) -> Vec<f64> {
        // The given ticks are the bold points; there are no light ones.
        match hint.weight().allow_light_points() {
            true => Vec::new(),
            false => self.ticks.clone(),
        }
    }

    fn range(&self) -> Range<f64> {
        self.range.clone()
    }
}

/// A tick's label: the count with thousands separated (ticks below 1 are not counts).
fn tick_text(v: f64) -> String {
    match v {
        v if v >= 1.0 || v == 0.0 => thousands(v.round() as u64),
        v => format!("{v}"),
    }
}

/// A sans-serif font of `px` CSS pixels (plotters writes a font's size divided by 1.24).
fn font(px: f64) -> (&'static str, f64) {
    ("sans-serif", px * 1.24)
}

/// `n` with a comma between thousands: `24,997`.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// About how wide `text` is at font size `size`, sans-serif (a little wider than most).
fn text_width(text: &str, size: f64) -> f64 {
    text.chars().count() as f64 * size * 0.58
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chart(series: Vec<(String, Vec<u64>)>, horizontal: bool) -> Chart<'static> {
        Chart {
            title: "Clue counts",
            category_title: "givens",
            count_title: "puzzles",
            categories: (17..=20).map(|k| k.to_string()).collect(),
            series,
            horizontal,
        }
    }

    #[test]
    fn thousands_are_separated() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(24_997), "24,997");
        assert_eq!(thousands(1_234_567), "1,234,567");
    }

    #[test]
    fn a_chart_has_its_titles_ticks_and_counts() {
        let svg = chart(vec![("all".into(), vec![3, 40, 0, 7])], false).svg();
        assert!(svg.starts_with("<svg"), "{svg}");
        for text in ["Clue counts", "givens", "puzzles", "\n17\n", "\n20\n", "\n40\n", "\n0\n"] {
            assert!(svg.contains(text), "{text} missing from {svg}");
        }
        // One bar a non-zero count, on a white background.
        assert_eq!(svg.matches("<rect").count(), 1 + 3, "{svg}");
    }

    #[test]
    fn counts_spanning_decades_are_on_a_log_scale() {
        let wide =
            chart(vec![("train".into(), vec![1, 2000, 5, 0]), ("test".into(), vec![1; 4])], true);
        assert!(wide.log_scale());
        assert_eq!(wide.count_axis_title(), "puzzles (log scale)");
        let svg = wide.svg();
        for text in ["\n1,000\n", "\n10,000\n", "\n2,000\n", "\ntrain\n", "\ntest\n", "(log scale)"]
        {
            assert!(svg.contains(text), "{text} missing from {svg}");
        }
        assert!(!chart(vec![("all".into(), vec![1, 99, 0, 3])], false).log_scale());
    }

    #[test]
    fn linear_axes_end_on_a_round_tick_past_the_most() {
        let axis = count_axis(11_282, false, 0.0);
        assert_eq!(axis.ticks.first(), Some(&0.0));
        assert!(axis.range.end >= 11_282.0);
        assert_eq!(axis.ticks.last(), Some(&axis.range.end));
        assert!(axis.ticks.len() <= 8, "{:?}", axis.ticks);
        let log = count_axis(24_997, true, 0.0);
        assert_eq!(log.ticks, [1.0, 10.0, 100.0, 1e3, 1e4, 1e5]);
        // Room for a count written upright above the tallest bar.
        let roomy = count_axis(11_282, false, 0.3);
        assert!(roomy.range.end * 0.7 >= 11_282.0, "{:?}", roomy.range);
        let roomy = count_axis(24_997, true, 0.3);
        let share = (roomy.range.end / 24_997.0).log10() / (roomy.range.end / 0.5).log10();
        assert!(share >= 0.3, "{:?}", roomy.range);
    }

    #[test]
    fn every_bar_with_a_count_has_it_written_upright_where_it_is_wider_than_the_bar() {
        // Forty categories with counts wider than their bars, one of them far the tallest.
        let mut counts: Vec<u64> = (0..40).map(|k| 1_000 + k * 37).collect();
        counts[7] = 24_997;
        let chart = Chart {
            categories: (0..40).map(|k| format!("{}.{}", k / 10 + 1, k % 10)).collect(),
            ..chart(vec![("all".into(), counts.clone())], false)
        };
        let svg = chart.svg();
        for v in &counts {
            assert!(svg.contains(&format!("\n{}\n", thousands(*v))), "{v} missing");
        }
        // Narrow counts on wide bars stay level: only the count axis's title is turned.
        let level = super::tests::chart(vec![("all".into(), vec![3, 40, 0, 7])], false).svg();
        let turned = |svg: &str| svg.matches("rotate(").count();
        assert!(turned(&level) <= 1, "{level}");
        assert_eq!(turned(&svg), turned(&level) + counts.len(), "written upright: {svg}");
    }
}
