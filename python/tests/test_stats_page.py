"""The `stats` HTML report as a person sees it: rendered by a real headless Chromium.

The CLI writes a report of a training and a test side (with repeats across them, failing and
malformed records, one of them holding markup) as HTML and, from the same run, as JSON
(--summary-json). Chromium loads the page through the DevTools protocol (a websocket, the
`websocket-client` package): the page must load with no console error, no exception and no
request but its own file; every plot must be an SVG with its axes, its axis titles and tick
labels; every figure of the summary and overlap tables (their `data-scope`, `data-key` and
`data-value` attributes, see src/stats/html.rs) must equal the JSON's; and a full-page
screenshot is taken into the test's temporary folder.

Chromium is Debian's `chromium` package: scripts/python-tests.sh installs it when it runs as
root with apt-get. Elsewhere, without a `chromium` on PATH (or $CHROMIUM), the test skips and
says why.

Run on its own, this file screenshots a page: `python test_stats_page.py PAGE.html OUT.png
[WIDTH [HEIGHT]]` (docs/stats-report.png was made so).
"""

from __future__ import annotations

import base64
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from conftest import MIXED, ROOT

#: What the page is asked, in the page (the page itself runs no script): its plots, the
#: figures of its tables, and what it holds that could fetch something.
INSPECT = """(() => {
  const text = (el) => el.textContent.trim();
  const plots = [...document.querySelectorAll('figure.plot')].map((fig) => {
    const svg = fig.querySelector('svg');
    const box = svg ? svg.getBoundingClientRect() : {width: 0, height: 0};
    return {
      id: fig.id,
      categoryTitle: fig.dataset.categoryTitle,
      countTitle: fig.dataset.countTitle,
      svgs: fig.querySelectorAll('svg').length,
      width: box.width,
      height: box.height,
      texts: svg ? [...svg.querySelectorAll('text')].map(text) : [],
      lines: svg ? svg.querySelectorAll('line, polyline').length : 0,
      bars: svg ? svg.querySelectorAll('rect').length : 0,
    };
  });
  const cells = [...document.querySelectorAll('[data-scope][data-key]')].map((td) => ({
    scope: td.dataset.scope, key: td.dataset.key, value: td.dataset.value, text: text(td),
  }));
  return {
    title: document.title,
    scripts: document.scripts.length,
    external: document.querySelectorAll('link, img, iframe, object, embed, [src]').length,
    plots, cells,
    malformed: [...document.querySelectorAll('table.malformed td.puzzle')].map(text),
    width: document.documentElement.scrollWidth,
    height: document.documentElement.scrollHeight,
  };
})()"""


def chromium_path() -> str | None:
    """Chromium: $CHROMIUM, else `chromium` (Debian) or `chromium-browser` on PATH."""
    if os.environ.get("CHROMIUM"):
        return os.environ["CHROMIUM"]
    return shutil.which("chromium") or shutil.which("chromium-browser")


class Browser:
    """A headless Chromium with one page, driven over the DevTools protocol."""

    def __init__(self, binary: str, profile: Path) -> None:
        import websocket  # websocket-client

        self.process = subprocess.Popen(
            [
                binary,
                "--headless=new",
                "--no-sandbox",  # root in CI
                "--disable-gpu",
                "--no-first-run",
                "--no-default-browser-check",
                "--disable-extensions",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--hide-scrollbars",
                "--remote-debugging-port=0",
                f"--user-data-dir={profile}",
                "about:blank",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        # With port 0 Chromium picks one and writes it into the profile.
        port_file = profile / "DevToolsActivePort"
        deadline = time.monotonic() + 30
        while not (port_file.exists() and port_file.read_text().strip()):
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.close()
                raise RuntimeError(f"{binary} did not start its DevTools server")
            time.sleep(0.1)
        port = int(port_file.read_text().split()[0])
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=10) as r:
            targets = json.load(r)
        page = next(t for t in targets if t["type"] == "page")
        self.socket = websocket.create_connection(
            page["webSocketDebuggerUrl"], timeout=30, suppress_origin=True
        )
        self.next_id = 0
        self.events: list[dict[str, Any]] = []

    def call(self, method: str, **params: Any) -> dict[str, Any]:
        """Sends a command and returns its result, keeping the events that come before it."""
        self.next_id += 1
        self.socket.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.recv())
            if message.get("id") == self.next_id:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message["result"]
            if "method" in message:
                self.events.append(message)

    def wait_for(self, event: str, seconds: float = 30) -> None:
        """Reads events until `event` comes."""
        deadline = time.monotonic() + seconds
        while not any(e["method"] == event for e in self.events):
            if time.monotonic() > deadline:
                raise TimeoutError(event)
            message = json.loads(self.socket.recv())
            if "method" in message:
                self.events.append(message)

    def evaluate(self, expression: str) -> Any:
        """The value of a JavaScript expression in the page."""
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True)
        assert "exceptionDetails" not in result, result
        return result["result"]["value"]

    def open(self, page: Path, width: int = 1280) -> None:
        """Loads `page` (watching the console and the network from the start)."""
        for domain in ("Page", "Runtime", "Log", "Network"):
            self.call(f"{domain}.enable")
        self.call(
            "Emulation.setDeviceMetricsOverride",
            width=width,
            height=900,
            deviceScaleFactor=1,
            mobile=False,
        )
        self.events.clear()
        self.call("Page.navigate", url=page.resolve().as_uri())
        self.wait_for("Page.loadEventFired")

    def screenshot(self, path: Path, height: float | None = None) -> None:
        """The whole page (or its top `height` pixels), as PNG."""
        size = self.call("Page.getLayoutMetrics")["cssContentSize"]
        height = min(size["height"], height or size["height"])
        clip = {"x": 0, "y": 0, "width": size["width"], "height": height, "scale": 1}
        shot = self.call(
            "Page.captureScreenshot", format="png", clip=clip, captureBeyondViewport=True
        )
        path.write_bytes(base64.b64decode(shot["data"]))

    def close(self) -> None:
        """Ends the browser this object started."""
        if getattr(self, "socket", None) is not None:
            self.socket.close()
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


@pytest.fixture
def browser(tmp_path: Path):
    """A headless Chromium, or a skip saying why there is none."""
    binary = chromium_path()
    if binary is None:
        pytest.skip(
            "no chromium on PATH (Debian: apt-get install chromium; scripts/python-tests.sh "
            "installs it when it runs as root with apt-get)"
        )
    pytest.importorskip("websocket", reason="websocket-client is not installed")
    b = Browser(binary, tmp_path / "profile")
    try:
        yield b
    finally:
        b.close()


def corpus(tmp_path: Path) -> tuple[Path, Path]:
    """A training and a test file of real puzzles: repeats within and across them, failing
    records, and malformed ones (one holding markup, which the page must show as text)."""
    text = (ROOT / "datasets" / "sample_10k.txt").read_text()
    lines = [line for line in text.splitlines() if line and not line.startswith("#")]
    train = lines[:1500] + lines[:40] + MIXED + ["<script>alert(1)</script>" + "." * 50]
    test = lines[1400:1700] + MIXED[:3]
    (tmp_path / "train.txt").write_text("\n".join(train) + "\n")
    (tmp_path / "test.txt").write_text("\n".join(test) + "\n")
    return tmp_path / "train.txt", tmp_path / "test.txt"


def json_value(report: dict[str, Any], scope: str, key: str) -> Any:
    """The figure at `key` (JSON keys joined by `/`) of a side, an input or the overlap."""
    kind, _, name = scope.partition(":")
    node = {
        "side": lambda: next(s for s in report["sides"] if s["side"] == name),
        "input": lambda: report["inputs"][int(name)],
        "overlap": lambda: report["overlap"],
    }[kind]()
    for part in key.split("/"):
        node = node[part]
    return node


def test_the_report_renders_in_chromium_as_the_json_says(cli, browser, tmp_path):
    train, test = corpus(tmp_path)
    page, data = tmp_path / "report.html", tmp_path / "report.json"
    done = subprocess.run(
        [str(cli), "stats", train, "--test", test, "-o", page, "--summary-json", data, "-q"],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(data.read_text())
    browser.open(page)
    seen = browser.evaluate(INSPECT)

    # Loaded with no console error or exception, and nothing requested but the page.
    errors = [
        e["params"]
        for e in browser.events
        if e["method"] == "Runtime.exceptionThrown"
        or (e["method"] == "Runtime.consoleAPICalled" and e["params"]["type"] in ("error", "assert"))
        or (e["method"] == "Log.entryAdded" and e["params"]["entry"]["level"] == "error")
    ]
    assert errors == []
    requests = [e["params"]["request"]["url"] for e in browser.events if e["method"] == "Network.requestWillBeSent"]
    assert requests == [page.resolve().as_uri()]
    assert seen["scripts"] == 0 and seen["external"] == 0

    # Every plot: one SVG, drawn at a size, with axis lines, its axis titles and tick labels.
    ids = [p["id"] for p in seen["plots"]]
    assert ids == ["plot-clues", "plot-solutions", "plot-guesses", "plot-ratings", "plot-techniques"]
    for plot in seen["plots"]:
        assert plot["svgs"] == 1, plot["id"]
        assert plot["width"] > 300 and plot["height"] > 150, plot
        assert plot["lines"] >= 4, plot["id"]  # two axes and their ticks
        assert plot["bars"] >= 2, plot["id"]  # the background and a bar at least
        texts = plot["texts"]
        assert plot["categoryTitle"] in texts and plot["countTitle"] in texts, plot
        ticks = [t for t in texts if t.replace(",", "").isdigit()]
        assert len(ticks) >= 2, plot
        assert "train" in texts and "test" in texts, plot  # both sides, side by side
    solutions = next(p for p in seen["plots"] if p["id"] == "plot-solutions")
    assert {"0", "1", "2+"} <= set(solutions["texts"])

    # The tables' figures are the JSON's.
    cells = seen["cells"]
    found = {(c["scope"], c["key"]) for c in cells}
    for side in ("side:train", "side:test"):
        for key in ("records", "valid", "failed", "repeats/exact", "repeats/class", "solutions/2+", "guesses/most"):
            assert (side, key) in found, (side, key)
    for key in ("test_records", "exact/records", "exact/distinct", "class/records", "class/distinct"):
        assert ("overlap", key) in found, key
    for c in cells:
        expected = json_value(report, c["scope"], c["key"])
        if isinstance(expected, float):
            assert float(c["value"]) == pytest.approx(expected), c
            assert c["text"] == f"{expected:.2f}", c
        else:
            assert int(c["value"]) == expected, c
            assert int(c["text"].replace(",", "")) == expected, c
    train_side = next(s for s in report["sides"] if s["side"] == "train")
    assert train_side["repeats"]["exact"] >= 40 and report["overlap"]["exact"]["records"] >= 100

    # The record holding markup is shown as its text.
    assert any("<script>alert(1)</script>" in m for m in seen["malformed"]), seen["malformed"]

    shot = tmp_path / "report.png"
    browser.screenshot(shot)
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert shot.stat().st_size > 20_000


def main(argv: list[str]) -> int:
    """Screenshots the page argv[1] into argv[2], argv[3] CSS pixels wide (default 1100), its
    top argv[4] pixels (default: all of it)."""
    binary = chromium_path()
    if binary is None or len(argv) < 3:
        print("usage: test_stats_page.py PAGE.html OUT.png [WIDTH [HEIGHT]] (needs chromium)", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as profile:
        b = Browser(binary, Path(profile))
        try:
            b.open(Path(argv[1]), int(argv[3]) if len(argv) > 3 else 1100)
            b.screenshot(Path(argv[2]), float(argv[4]) if len(argv) > 4 else None)
        finally:
            b.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
