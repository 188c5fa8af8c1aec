"""The contact sheet's focus editor in a real browser (headless Chromium through Selenium).

Checks, against the artfit binary given:
- random runs (sources, targets, orientations, modes, gravities, crop-loss limits) and at
  least 500 random focus rectangles: every live result on the page equals `artfit fit --json`
  for the focus the page shows;
- the keyboard and a drag move the rectangle, the live results follow, and the manifest entry
  the page offers, and its download merged over the run's manifest, give `artfit check` the
  focus drawn;
- a paged sheet's pages have the editor; no page loads anything from the network or logs a
  console message; the page's script stays within 40 KB.

    python3 Tests/Browser/focus_editor.py ARTFIT [--cases N] [--seed S] [--screenshot PNG]
"""

import argparse
import json
import math
import os
import random
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import time
import zlib

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GRAVITIES = ["center", "top", "bottom", "left", "right", "top-left", "top-right", "bottom-left",
             "bottom-right", "focus"]
SCRIPT_LIMIT = 40 * 1024
# data-focus-visible as report.json's focus_visible.
VISIBLE = {"true": True, "false": False, "": None}


def fail(message):
    print("FAIL: " + message, file=sys.stderr)
    sys.exit(1)


def write_png(path, width, height, depth, rows):
    """A greyscale PNG of width x height at `depth` bits from its filtered rows."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    with open(path, "wb") as out:
        out.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, depth, 0, 0, 0, 0))
                  + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))


def png(path, width, height):
    """A valid 1-bit greyscale PNG of width x height (check reads only its header)."""
    write_png(path, width, height, 1, (b"\x00" + b"\x00" * ((width + 7) // 8)) * height)


def run(artfit, *args, ok=(0,), cwd=None):
    done = subprocess.run([artfit, *args], capture_output=True, text=True, cwd=cwd)
    if done.returncode not in ok:
        fail("artfit %s exited %d: %s" % (" ".join(args), done.returncode, done.stderr.strip()))
    return done.stdout


def browser():
    options = webdriver.ChromeOptions()
    for arg in ["--headless", "--no-sandbox", "--disable-gpu", "--window-size=1400,1800", "--hide-scrollbars"]:
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    return webdriver.Chrome(service=Service(driver), options=options)


def open_page(driver, path):
    driver.get("file://" + path)
    messages = driver.get_log("browser")
    if messages:
        fail("%s logged to the console: %s" % (path, messages))
    remote = driver.execute_script(
        "return performance.getEntriesByType('resource').map(e => e.name).filter(n => !n.startsWith('file:'))")
    if remote:
        fail("%s loaded from the network: %s" % (path, remote))
    text = open(path, encoding="utf-8").read()
    for scheme in ("http:", "https:", "ws:", "wss:"):
        if scheme + "//" in text:
            fail("%s names a network address (%s//)" % (path, scheme))
    scripts = driver.execute_script(
        "return Array.from(document.scripts).filter(s => !s.type).map(s => s.textContent.length)")
    if sum(scripts) > SCRIPT_LIMIT:
        fail("%s carries %d bytes of script (at most %d)" % (path, sum(scripts), SCRIPT_LIMIT))
    return sum(scripts)


def set_focus(driver, source, focus):
    """Sets an artwork's focus through the editor's own event, returns what the page shows."""
    return driver.execute_script("""
        const box = document.querySelector('[data-artwork="' + CSS.escape(arguments[0]) + '"] [data-focus-editor]');
        box.dispatchEvent(new CustomEvent('artfit-focus', {detail: arguments[1]}));
        return box.dataset.focus;""", source, focus)


def live(driver, source):
    return driver.execute_script("""
        const rows = document.querySelectorAll('[data-artwork="' + CSS.escape(arguments[0]) + '"] [data-live-result]');
        return Array.from(rows, r => ({slug: r.dataset.slug, orientation: r.dataset.orientation, mode: r.dataset.mode,
          requested: r.dataset.requestedMode || r.dataset.mode, crop: r.dataset.crop,
          visible: r.dataset.focusVisible, loss: r.dataset.focusLoss, divided: r.dataset.focusDivided}));""", source)


def half_away(value, places):
    """Rounds as report.json does (Swift's rounded(): halves away from zero)."""
    scaled = value * 10 ** places
    whole = math.floor(abs(scaled))
    if abs(scaled) - whole >= 0.5:
        whole += 1
    return math.copysign(whole, scaled) / 10 ** places


def target_name(slug):
    """A target as --target takes it: a canvas's slug (canvas-390x844-3x) back to 390x844@3."""
    canvas = re.fullmatch(r"canvas-(\d+)x(\d+)-([0-9.]+)x", slug)
    return "%sx%s@%s" % canvas.groups() if canvas else slug


class Reference:
    """`artfit fit --json` for a source, targets, mode, gravity and focus, cached."""

    def __init__(self, artfit, catalog=None):
        self.artfit = artfit
        self.catalog = catalog
        self.masked = {t["slug"] for t in json.loads(run(artfit, "devices", "--json"))["targets"] if t.get("mask")}
        self.calls = 0
        self.shaped = 0  # results on the foldable compared
        self.in_masks = 0  # results on an app icon slot with a mask compared

    def results(self, size, slugs, mode, gravity, focus, max_crop_loss):
        args = ["fit", "--source", "%dx%d" % size, "--target", ",".join(map(target_name, slugs)), "--mode", mode,
                "--gravity", gravity, "--focus", focus, "--json"] + (["--catalog", self.catalog] if self.catalog else [])
        if max_crop_loss is not None:
            args += ["--max-crop-loss", str(max_crop_loss)]
        self.calls += 1
        answer = json.loads(run(self.artfit, *args, ok=(0, 1)))
        return answer["results"] if "results" in answer else [answer]


def compare(driver, reference, art, focus, gravity, max_crop_loss):
    """Every live result of the artwork against artfit fit for the focus the page shows; the
    number of results compared."""
    rows = live(driver, art["source"])
    if not rows:
        fail("%s has no live results" % art["source"])
    slugs = sorted({row["slug"] for row in rows})
    expected = {}
    for mode in sorted({row["requested"] for row in rows}):
        for result in reference.results((art["w"], art["h"]), slugs, mode, gravity, focus, max_crop_loss):
            expected[(result["slug"], result["orientation"], result.get("requested_mode", result["mode"]))] = result
    for row in rows:
        key = (row["slug"], row["orientation"], row["requested"])
        if key not in expected:
            fail("artfit fit gives no result for %s on %s" % (art["source"], key))
        want = expected[key]
        where = "%s, focus %s, %s %s %s" % (art["source"], focus, *key)
        if row["mode"] != want["mode"]:
            fail("%s: the page applies %s, artfit %s" % (where, row["mode"], want["mode"]))
        crop = [float(v) for v in row["crop"].split(",")]
        for name, got in zip("xywh", crop):
            wanted = want["crop"][name]
            if abs(half_away(got, 1) - wanted) > 0.01 or abs(got - wanted) > 0.05 + 1e-9:
                fail("%s: crop %s is %r on the page, %r from artfit fit" % (where, name, got, wanted))
        visible = VISIBLE[row["visible"]]
        if visible != want["focus_visible"]:
            fail("%s: focus visible %r on the page, %r from artfit fit" % (where, visible, want["focus_visible"]))
        if want["focus_loss"] is not None and abs(half_away(float(row["loss"]), 4) - want["focus_loss"]) > 1e-9:
            fail("%s: focus loss %s on the page, %r from artfit fit" % (where, row["loss"], want["focus_loss"]))
        divided = VISIBLE[row["divided"] or ""]
        if row["slug"] == "test-foldable":
            reference.shaped += 1
        if row["slug"] in reference.masked:
            reference.in_masks += 1
        if divided != want.get("focus_divided"):
            fail("%s: focus divided %r on the page, %r from artfit fit" % (where, divided, want.get("focus_divided")))
    return len(rows)


def agrees_with_report(driver, source, results, who):
    """The artwork's live rows against a report's results for the same focus: crops as the
    report rounds them, focus visibility exactly."""
    rows = {(r["slug"], r["orientation"], r["mode"]): r for r in live(driver, source)}
    for result in results:
        row = rows[(result["slug"], result["orientation"], result["mode"])]
        got = [float(v) for v in row["crop"].split(",")]
        if not close([half_away(v, 1) for v in got], [result["crop"][k] for k in "xywh"], 0.01):
            fail("%s crops %s on %s, the page %s" % (who, result["crop"], result["slug"], got))
        if VISIBLE[row["visible"]] != result["focus_visible"]:
            fail("%s: focus visible %r on %s, the page %r" % (who, result["focus_visible"], result["slug"], row["visible"]))


def random_size(rng):
    if rng.random() < 0.25:  # a screen's own ratio, where fit and fill meet
        w, h = rng.choice([(9, 19.5), (16, 9), (4, 3), (3, 4), (1, 1), (2.39, 1), (2, 1)])
        k = rng.uniform(40, 1500) / min(w, h)
        return max(8, round(w * k)), max(8, round(h * k))
    return round(math.exp(rng.uniform(math.log(24), math.log(6000)))), round(
        math.exp(rng.uniform(math.log(24), math.log(6000))))


def random_focus(rng):
    w, h = rng.uniform(0.005, 1), rng.uniform(0.005, 1)
    if rng.random() < 0.15:  # on an edge or a corner
        return [rng.choice([0, 1 - w]), rng.choice([0, 1 - h]), w, h]
    return [rng.uniform(0, 1 - w), rng.uniform(0, 1 - h), w, h]


# A screen with a camera hole inside its safe area and a fold, so the page's occlusion and
# division geometry meets artfit fit's too (catalog version 2, as the README shows it).
FOLDABLE = {"targets": [{
    "name": "Test Foldable", "slug": "test-foldable", "family": "iphone", "points": {"w": 400, "h": 800}, "scale": 2,
    "corners": {"top_left": 8, "top_right": 50, "bottom_right": 50, "bottom_left": 8},
    "safe_area": {"portrait": {"top": 20, "left": 0, "bottom": 20, "right": 0},
                  "landscape": {"top": 0, "left": 20, "bottom": 0, "right": 20}},
    "regions": [{"kind": "occlusion", "shape": "hole", "x": 300, "y": 40, "w": 40, "h": 40},
                {"kind": "occlusion", "shape": "rect", "x": 120, "y": 300, "w": 60, "h": 30},
                {"kind": "division", "shape": "fold", "x": 0, "y": 400, "w": 400, "h": 0}]}]}


def random_cases(artfit, driver, work, rng, cases, catalog):
    foldable = os.path.join(work, "foldable.json")
    with open(foldable, "w") as f:
        json.dump(FOLDABLE, f)
    reference = Reference(artfit, foldable)
    done = compared = runs = 0
    per_artwork = 12
    while done < cases:
        runs += 1
        folder = os.path.join(work, "random-%d" % runs)
        os.makedirs(folder)
        sizes = [random_size(rng) for _ in range(3)]
        for index, size in enumerate(sizes):
            png(os.path.join(folder, "art-%d.png" % index), *size)
        targets = rng.sample(catalog, rng.randint(3, 9))
        if rng.random() < 0.5:
            targets.append("test-foldable")
        masked = [slug for slug in catalog if slug in reference.masked]
        if masked and runs % 2 == 1:  # every other run: an icon mask's figures are the page's to match too
            icon = rng.choice(masked)
            if icon not in targets:
                targets.append(icon)
        if rng.random() < 0.4:
            targets.append("%dx%d@%d" % (rng.randint(200, 2000), rng.randint(200, 2000), rng.randint(1, 3)))
        orientations = rng.choice(["portrait", "landscape", "portrait,landscape"])
        modes = ",".join(rng.sample(["fit", "fill", "auto"], rng.randint(1, 3)))
        gravity = rng.choice(GRAVITIES + [None, None])
        max_crop_loss = rng.choice([None, round(rng.uniform(0.05, 0.9), 2)])
        out = os.path.join(work, "random-%d-out" % runs)
        args = ["check", folder, "--out", out, "--quiet", "--targets", ",".join(targets), "--orientations",
                orientations, "--modes", modes, "--catalog", foldable, "--reports", "json,html"]
        if gravity:
            args += ["--gravity", gravity]
        if max_crop_loss is not None:
            args += ["--max-crop-loss", str(max_crop_loss)]
        run(artfit, *args, ok=(0, 1))
        open_page(driver, os.path.join(out, "index.html"))
        for index, size in enumerate(sizes):
            art = {"source": os.path.join(folder, "art-%d.png" % index), "w": size[0], "h": size[1]}
            for _ in range(per_artwork):
                shown = set_focus(driver, art["source"], random_focus(rng))
                compared += compare(driver, reference, art, shown, gravity or "focus", max_crop_loss)
                done += 1
        if driver.get_log("browser"):
            fail("the page logged to the console while editing")
    if not reference.shaped:
        fail("no result on the foldable (hole, fold) was compared")
    if reference.masked and not reference.in_masks:
        fail("no result on an app icon slot with a mask was compared")
    print("random: %d focus rectangles on %d artworks of %d runs, %d live results equal to artfit fit "
          "(%d fit calls; %d on a screen with a hole and a fold, %d on an icon mask)" % (
              done, runs * 3, runs, compared, reference.calls, reference.shaped, reference.in_masks))


def corner(driver, source, name):
    return driver.find_element(
        By.CSS_SELECTOR, '[data-artwork="%s"] [data-corner="%s"]' % (source, name))


def focus_of(driver, source):
    return [float(v) for v in editor(driver, source).get_attribute("data-focus").split(",")]


def editor(driver, source):
    return driver.find_element(By.CSS_SELECTOR, '[data-artwork="%s"] [data-focus-editor]' % source)


def close(a, b, tolerance):
    return all(abs(x - y) <= tolerance for x, y in zip(a, b))


def keyboard_drag_and_manifest(artfit, driver, work, screenshot):
    """A render of SampleArt's rasters with a manifest: keyboard and drag, live results, the entry and the download."""
    art = os.path.join(work, "art")
    shutil.copytree(os.path.join(ROOT, "SampleArt"), art, ignore=shutil.ignore_patterns("*.py", "*.md"))
    first, second = "altai-portrait.png", "evening-glow-landscape.jpg"
    with open(os.path.join(art, "artfit.json"), "w") as manifest:
        json.dump({"defaults": {"modes": ["fit", "fill"]},
                   "artworks": {second: {"focus": [0.6, 0.3, 0.2, 0.3]}, "kite-*.jpg": {"modes": ["fill"]}}}, manifest)
    out = os.path.join(work, "render-out")
    targets = 'iPhone 16 Pro,iPhone 8,iPad Pro 13" (M4, M5),tv,16:9'
    # Run from the work folder, so the page names the artworks as a user's would (art/...).
    run(artfit, "render", "art", "--out", "render-out", "--quiet", "--targets", targets, ok=(0, 1), cwd=work)
    open_page(driver, os.path.join(out, "index.html"))
    reference = Reference(artfit)
    source = "art/" + first
    start = focus_of(driver, source)
    if start != [0.25, 0.25, 0.5, 0.5]:
        fail("an artwork without a focus starts at %s, not the centred half" % start)
    if focus_of(driver, "art/" + second) != [0.6, 0.3, 0.2, 0.3]:
        fail("an artwork with a manifest focus does not start from it")

    box = editor(driver, source)
    box.send_keys(Keys.ARROW_RIGHT, Keys.ARROW_RIGHT, Keys.ARROW_RIGHT, Keys.SHIFT + Keys.ARROW_DOWN)
    moved = focus_of(driver, source)
    if not close(moved, [0.28, 0.35, 0.5, 0.5], 1e-9):
        fail("three arrows right and Shift+down gave %s, not 0.28,0.35,0.5,0.5" % moved)
    compare(driver, reference, {"source": source, "w": 1080, "h": 1920}, box.get_attribute("data-focus"), "focus", None)

    stage = driver.execute_script("return arguments[0].parentNode.getBoundingClientRect().toJSON()", box)
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", box)
    ActionChains(driver).click_and_hold(box).move_by_offset(30, -40).move_by_offset(10, 0).release().perform()
    dragged = focus_of(driver, source)
    want = [moved[0] + 40 / stage["width"], moved[1] - 40 / stage["height"], 0.5, 0.5]
    if not close(dragged, want, 2.5 / stage["width"]):
        fail("a drag by (40, -40) px gave %s, expected about %s" % (dragged, want))
    ActionChains(driver).click_and_hold(corner(driver, source, "se")).move_by_offset(-48, -48).release().perform()
    resized = focus_of(driver, source)
    want = [dragged[0], dragged[1], 0.5 - 48 / stage["width"], 0.5 - 48 / stage["height"]]
    if not close(resized, want, 2.5 / stage["width"]):
        fail("a drag of the bottom-right corner by (-48, -48) px gave %s, expected about %s" % (resized, want))
    shown = box.get_attribute("data-focus")
    compare(driver, reference, {"source": source, "w": 1080, "h": 1920}, shown, "focus", None)
    summary = driver.find_element(By.CSS_SELECTOR, '[data-artwork="%s"] .live-summary' % source).text
    if not summary.startswith("Focus safe on "):
        fail("the artwork's summary line reads %r" % summary)

    entry = json.loads(driver.find_element(By.CSS_SELECTOR, '[data-artwork="%s"] [data-manifest]' % source)
                       .get_attribute("value"))
    if entry != {"artworks": {first: {"focus": [float(v) for v in shown.split(",")]}}}:
        fail("the manifest entry reads %s for the focus %s" % (entry, shown))
    if screenshot:
        block = driver.find_element(By.CSS_SELECTOR, '[data-artwork="%s"] .focus-editor' % source)
        driver.execute_script("arguments[0].scrollIntoView()", block)
        block.screenshot(screenshot)

    # The entry alone, as a manifest beside the artwork: artfit check gives the focus drawn.
    lone = os.path.join(work, "lone")
    os.makedirs(lone)
    shutil.copy(os.path.join(art, first), lone)
    with open(os.path.join(lone, "artfit.json"), "w") as manifest:
        json.dump(entry, manifest)
    report = json.loads(run(artfit, "check", lone, "--targets", targets, "--json", ok=(0, 1)))
    checked = report["artworks"][0]
    if not close([checked["focus"][k] for k in "xywh"], [float(v) for v in shown.split(",")], 5e-5):
        fail("artfit check with the entry gives the focus %s, not %s" % (checked["focus"], shown))
    agrees_with_report(driver, source, checked["results"], "artfit check with the entry")

    # The download: both artworks edited, merged over the run's manifest.
    set_focus(driver, "art/" + second, [0.1, 0.2, 0.3, 0.4])
    downloads = os.path.join(work, "downloads")
    os.makedirs(downloads)
    driver.execute_cdp_cmd("Page.setDownloadBehavior", {"behavior": "allow", "downloadPath": downloads})
    button = driver.find_element(By.ID, "artfit-download")
    if button.text != "Download artfit.json (2 artworks edited)":
        fail("the download button reads %r" % button.text)
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    button.click()
    path = os.path.join(downloads, "artfit.json")
    for _ in range(100):
        if os.path.exists(path):
            break
        time.sleep(0.05)
    else:
        fail("the download did not arrive")
    merged = json.load(open(path))
    if merged["defaults"] != {"modes": ["fit", "fill"]} or merged["artworks"].get("kite-*.jpg") != {"modes": ["fill"]}:
        fail("the download lost the run's manifest: %s" % merged)
    if merged["artworks"][second] != {"focus": [0.1, 0.2, 0.3, 0.4]}:
        fail("the download's entry for %s is %s" % (second, merged["artworks"][second]))
    shutil.copy(path, os.path.join(art, "artfit.json"))
    report = json.loads(run(artfit, "check", art, "--targets", targets, "--json", ok=(0, 1)))
    focus = {os.path.basename(a["source"]): a["focus"] for a in report["artworks"]}
    for name, want in [(first, [float(v) for v in shown.split(",")]), (second, [0.1, 0.2, 0.3, 0.4])]:
        if not focus[name] or not close([focus[name][k] for k in "xywh"], want, 5e-5):
            fail("artfit check with the download gives %s the focus %s, not %s" % (name, focus[name], want))
    if driver.get_log("browser"):
        fail("the page logged to the console while editing")
    print("keyboard, drag and corner drag move the focus; the entry and the download give artfit check the "
          "focus drawn")


def grey_png(path, width, height, pixel):
    """An 8-bit greyscale PNG whose pixel (x, y) is pixel(x, y)."""
    write_png(path, width, height, 8,
              b"".join(b"\x00" + bytes(pixel(x, y) for x in range(width)) for y in range(height)))


def trimmed_bars(artfit, driver, work):
    """--trim-bars solves on the content inside baked-in bars: the page's live results equal
    the report of a run given the focus drawn."""
    folder = os.path.join(work, "bars")
    os.makedirs(folder)
    grey_png(os.path.join(folder, "letterboxed.png"), 640, 480,
             lambda x, y: 0 if y < 60 or y >= 420 else 40 + (x * 7 + y * 3) % 200)
    targets = "iPhone 16 Pro,iPad Pro 13\" (M4, M5),tv"
    out = os.path.join(work, "bars-out")
    run(artfit, "check", folder, "--trim-bars", "--out", out, "--quiet", "--targets", targets, "--reports", "json,html",
        ok=(0, 1))
    open_page(driver, os.path.join(out, "index.html"))
    source = os.path.join(folder, "letterboxed.png")
    shown = set_focus(driver, source, [0.55, 0.05, 0.3, 0.3])
    with open(os.path.join(folder, "artfit.json"), "w") as manifest:
        json.dump({"artworks": {"letterboxed.png": {"focus": [float(v) for v in shown.split(",")]}}}, manifest)
    report = json.loads(run(artfit, "check", folder, "--trim-bars", "--targets", targets, "--json", ok=(0, 1)))
    artwork = report["artworks"][0]
    if not artwork["embedded_bars"] or artwork["embedded_bars"]["top"] != 60:
        fail("the letterboxed artwork's bars were not found: %s" % artwork["embedded_bars"])
    agrees_with_report(driver, source, artwork["results"], "inside bars, the run")
    print("trimmed bars: %d live results inside baked-in bars equal the run's" % len(artwork["results"]))


def paged_sheet(artfit, driver, work):
    """A run of 130 artworks: its pages carry the editor; a 100-artwork page's update times."""
    folder = os.path.join(work, "many")
    os.makedirs(folder)
    rng = random.Random(7)
    for index in range(130):
        png(os.path.join(folder, "art-%03d.png" % index), rng.randint(300, 3000), rng.randint(300, 3000))
    out = os.path.join(work, "many-out")
    run(artfit, "check", folder, "--out", out, "--quiet", "--reports", "json,html", ok=(0, 1))
    reference = Reference(artfit)
    for page, count in [("0001.html", 100), ("0002.html", 30)]:
        size = open_page(driver, os.path.join(out, "pages", page))
        editors = driver.find_elements(By.CSS_SELECTOR, "[data-artwork] [data-focus-editor]")
        if len(editors) != count:
            fail("pages/%s has %d focus editors for %d artworks" % (page, len(editors), count))
    source = os.path.join(folder, "art-129.png")
    with open(source, "rb") as f:
        w, h = struct.unpack(">II", f.read(24)[16:24])
    shown = set_focus(driver, source, [0.1, 0.1, 0.2, 0.2])
    compare(driver, reference, {"source": source, "w": w, "h": h}, shown, "focus", None)
    open_page(driver, os.path.join(out, "pages", "0001.html"))
    times = driver.execute_script("""
        const box = document.querySelectorAll('[data-artwork] [data-focus-editor]')[50], times = [];
        box.scrollIntoView();
        box.getBoundingClientRect();
        for (let i = 0; i < 60; i++) {
          const t = performance.now();
          box.dispatchEvent(new CustomEvent('artfit-focus', {detail: [i / 100, 0.2, 0.3, 0.3]}));
          box.getBoundingClientRect();
          times.push(performance.now() - t);
        }
        return times.sort((a, b) => a - b);""")
    results = len(driver.find_elements(By.CSS_SELECTOR, "[data-artwork] [data-live-result]")) // 100
    print("paged: both pages of 130 artworks carry the editor; on a 100-artwork page (%d results each, %d bytes "
          "of script) an update takes %.2f ms median, %.2f ms at most (layout included)"
          % (results, size, times[len(times) // 2], times[-1]))

SAVE_STUB = """
window.showSaveFilePicker = function (options) {
  window.__picked = options.suggestedName;
  return Promise.resolve({ createWritable: function () {
    var parts = [];
    return Promise.resolve({ write: function (text) { parts.push(text); return Promise.resolve(); },
                             close: function () { window.__saved = parts.join(''); return Promise.resolve(); } });
  } });
};
"""


def edits_survive_and_save(artfit, driver, work):
    """Edits survive a reload and not a new run; leaving with unsaved edits asks; Save and the
    download are named and keyed for the manifest the run used, which sits above the art."""
    project = os.path.join(work, "kept")
    os.makedirs(os.path.join(project, "art"))
    for name in ("altai-portrait.png", "launch-square-2732.png"):
        shutil.copy(os.path.join(ROOT, "SampleArt", name), os.path.join(project, "art"))
    with open(os.path.join(project, "sets.json"), "w") as manifest:
        json.dump({"artworks": {"art/launch-square-2732.png": {"focus": [0.5, 0.5, 0.2, 0.2]}}}, manifest)
    args = ["render", "art", "--manifest", "sets.json", "--out", "out", "--quiet", "--targets", "iPhone 16 Pro"]
    run(artfit, *args, ok=(0, 1), cwd=project)
    page = os.path.join(project, "out", "index.html")
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": SAVE_STUB})
    open_page(driver, page)
    help_text = driver.find_element(By.ID, "artfit-focus-help").text
    if "sets.json" not in help_text or "relative to that file's folder" not in help_text:
        fail("the editor does not name the run's manifest: %r" % help_text)
    source = "art/altai-portrait.png"
    box = editor(driver, source)
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", box)
    box.send_keys(Keys.ARROW_RIGHT, Keys.ARROW_RIGHT)
    edited = focus_of(driver, source)
    button = driver.find_element(By.ID, "artfit-download")
    if button.text != "Download sets.json (1 artwork edited)":
        fail("the download button reads %r" % button.text)

    # Leaving with an unsaved edit asks first (the page's beforeunload).
    asks = driver.execute_script(
        "var e = new Event('beforeunload', {cancelable: true}); window.dispatchEvent(e); return e.defaultPrevented;")
    if not asks:
        fail("leaving the page with an unsaved edit does not ask first")

    driver.execute_script("window.onbeforeunload = null;")
    driver.get("about:blank")
    try:
        driver.switch_to.alert.accept()
    except Exception:
        pass
    open_page(driver, page)
    if not close(focus_of(driver, source), edited, 1e-9):
        fail("after a reload the focus is %s, not the edited %s" % (focus_of(driver, source), edited))
    if driver.find_element(By.ID, "artfit-download").text != "Download sets.json (1 artwork edited)":
        fail("after a reload the page forgot its edit")

    save = driver.find_element(By.ID, "artfit-save")
    if not save.is_displayed():
        fail("Save is hidden where the browser offers showSaveFilePicker")
    save.click()
    for _ in range(100):
        saved = driver.execute_script("return window.__saved")
        if saved:
            break
        time.sleep(0.05)
    else:
        fail("Save wrote nothing")
    if driver.execute_script("return window.__picked") != "sets.json":
        fail("Save offers %r, not the run's manifest's name" % driver.execute_script("return window.__picked"))
    if "saved" not in driver.find_element(By.ID, "artfit-edits-status").text:
        fail("after Save the page does not say so")
    if driver.execute_script(
            "var e = new Event('beforeunload', {cancelable: true}); window.dispatchEvent(e); return e.defaultPrevented;"):
        fail("leaving after Save still asks")
    with open(os.path.join(project, "sets.json"), "w") as manifest:
        manifest.write(saved)
    report = json.loads(run(artfit, "check", "art", "--manifest", "sets.json", "--targets", "iPhone 16 Pro", "--json",
                            ok=(0, 1), cwd=project))
    focus = {os.path.basename(a["source"]): a["focus"] for a in report["artworks"]}
    if not close([focus["altai-portrait.png"][k] for k in "xywh"], edited, 5e-5):
        fail("the saved manifest gives check the focus %s, not %s" % (focus["altai-portrait.png"], edited))
    if not close([focus["launch-square-2732.png"][k] for k in "xywh"], [0.5, 0.5, 0.2, 0.2], 5e-5):
        fail("the saved manifest lost the run's own entry")

    # A new run rewrites the page: it starts from the saved manifest, and nothing kept for the
    # old page is applied to it.
    run(artfit, *(args[:-1] + ["iPhone 16 Pro,iPad Pro 13\" (M4, M5)"]), ok=(0, 1), cwd=project)
    open_page(driver, page)
    if not close(focus_of(driver, source), edited, 5e-5):
        fail("after a new run with the saved manifest the editor starts from %s" % focus_of(driver, source))
    if driver.find_element(By.ID, "artfit-download").text != "Download sets.json (0 artworks edited)":
        fail("a new run's page kept the old page's edits: %r" % driver.find_element(By.ID, "artfit-download").text)
    print("edits survive a reload and not a new run; leaving unsaved asks; Save and the download are the run's "
          "manifest, keyed for it")


HOSTILE_NAMES = ["javascript:alert(7).png", "a#b.png", "q?x=1.png", "100%.png", "sp ace.png", "new\nline.png",
                 "\u202egnp.exe.png", "caf\u00e9 \u6f22\u5b57.png", "x'\"<b>.png"]


def hostile_links(artfit, driver, work):
    """Names holding what a file system allows: every link and picture of the sheet, followed
    in the browser, is a file:// URL to a file that exists; none runs script."""
    art = os.path.join(work, "hostile")
    os.makedirs(art)
    for name in HOSTILE_NAMES:
        shutil.copy(os.path.join(ROOT, "SampleArt", "altai-portrait.png"), os.path.join(art, name))
    out = os.path.join(work, "hostile-out")
    run(artfit, "render", art, "--out", out, "--quiet", "--targets", "iPhone 16 Pro,iPhone 8", "--modes", "fill,fit")
    open_page(driver, os.path.join(out, "index.html"))
    urls = driver.execute_script(
        "return Array.from(document.querySelectorAll('a[href]'), a => a.href)"
        ".concat(Array.from(document.querySelectorAll('img[src]'), i => i.src))")
    if len(urls) < len(HOSTILE_NAMES) * 4:
        fail("the hostile sheet has only %d links and pictures" % len(urls))
    from urllib.parse import unquote, urlparse
    for url in urls:
        parsed = urlparse(url)
        if parsed.scheme != "file" or parsed.query or parsed.fragment:
            fail("a link of the sheet resolves to %r" % url)
        if not os.path.exists(unquote(parsed.path)):
            fail("a link of the sheet names no file: %r" % url)
    broken = driver.execute_script(
        "return Array.from(document.images).filter(i => i.complete && i.naturalWidth === 0 && i.loading !== 'lazy')"
        ".map(i => i.src)")
    if broken:
        fail("pictures of the sheet do not load: %s" % broken)
    crop = driver.find_element(By.CSS_SELECTOR, 'figure.cropmap a[href*="javascript"]')
    driver.execute_script("window.__ran = false; window.alert = function () { window.__ran = true; };")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", crop)
    crop.click()
    time.sleep(0.3)
    if not driver.current_url.startswith("file://"):
        fail("following the javascript: artwork's link went to %r" % driver.current_url)
    print("hostile names: %d links and pictures, each a file that exists; none runs script" % len(urls))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("artfit")
    parser.add_argument("--cases", type=int, default=500)
    parser.add_argument("--seed", type=int, default=int(os.environ.get("ARTFIT_BROWSER_SEED", "2026")))
    parser.add_argument("--screenshot")
    args = parser.parse_args()
    artfit = os.path.abspath(args.artfit)
    catalog = [t["slug"] for t in json.loads(run(artfit, "devices", "--json"))["targets"]]
    work = tempfile.mkdtemp(prefix="artfit-browser-")
    driver = browser()
    try:
        print("seed %d" % args.seed)
        random_cases(artfit, driver, work, random.Random(args.seed), args.cases, catalog)
        keyboard_drag_and_manifest(artfit, driver, work, args.screenshot)
        trimmed_bars(artfit, driver, work)
        paged_sheet(artfit, driver, work)
        edits_survive_and_save(artfit, driver, work)
        hostile_links(artfit, driver, work)
    finally:
        driver.quit()
        shutil.rmtree(work, ignore_errors=True)
    print("focus editor: all checks passed")


if __name__ == "__main__":
    main()
