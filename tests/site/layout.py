"""What a reader's screen shows of a page: horizontal overflow, measured in the browser.

A page overflows when the document scrolls sideways, or when an element reaches past the right edge
of the viewport. An element inside a container that scrolls or clips on purpose is not the page's
overflow; the only such containers allowed are code blocks (a YAML file or a report keeps its lines,
scrolling them rather than wrapping them, so that columns and carets line up). Every other scroll
container — above all the theme's wrapper around tables — must not need to scroll at all. The
theme's search panel is not measured while the search is closed: it is laid out off to the right,
transparent, until opened.
"""

from __future__ import annotations

from typing import Any

from selenium import webdriver

ALLOWED_SCROLLERS = ("pre",)
"""Tags of the containers allowed to scroll sideways (see the module's docstring)."""

_MEASURE = """
const allowed = arguments[0];
const width = window.innerWidth;
const name = (el) => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') +
  (typeof el.className === 'string' && el.className ? '.' + el.className.trim().split(/\\s+/).join('.') : '');
const clipper = (el) => {
  for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
    if (getComputedStyle(p).overflowX !== 'visible') return p;
  }
  return null;
};
// The theme keeps closed panels laid out but transparent: the search results while the search
// is closed (its toggle unchecked; measured on load, they may still be fading out).
const searchOpen = document.getElementById('__search')?.checked === true;
const transparent = (el) => {
  if (!searchOpen && el.closest('.md-search')) return true;
  for (let p = el; p; p = p.parentElement) if (getComputedStyle(p).opacity === '0') return true;
  return false;
};
const wide = [];
const scrolling = [];
for (const el of document.body.querySelectorAll('*')) {
  const style = getComputedStyle(el);
  if (style.display === 'none' || style.visibility === 'hidden' || transparent(el)) continue;
  const box = el.getBoundingClientRect();
  if (box.width === 0 || box.height === 0) continue;
  if (style.overflowX === 'auto' || style.overflowX === 'scroll') {
    if (el.scrollWidth > el.clientWidth + 1 && !allowed.includes(el.tagName.toLowerCase())
        && !el.closest(allowed.join(','))) {
      scrolling.push(name(el) + ' scrolls ' + el.scrollWidth + ' > ' + el.clientWidth);
    }
  }
  if (box.right <= width + 1) continue;
  const clip = clipper(el);
  if (clip !== null && clip.getBoundingClientRect().right <= width + 1) continue;
  wide.push(name(el) + ' right edge ' + Math.round(box.right));
}
return {
  scrollWidth: document.scrollingElement.scrollWidth,
  innerWidth: width,
  wide: wide.slice(0, 20),
  scrolling: scrolling.slice(0, 20),
};
"""


def overflow(browser: webdriver.Chrome) -> dict[str, Any]:
    """The document's width against the viewport's, the elements past its right edge, and the
    containers (other than code blocks) that scroll sideways."""
    found: dict[str, Any] = browser.execute_script(_MEASURE, list(ALLOWED_SCROLLERS))
    return found


def problems(found: dict[str, Any]) -> list[str]:
    """What a reader would have to scroll sideways for, as readable lines (empty: none)."""
    out = []
    if found["scrollWidth"] > found["innerWidth"]:
        out.append(f"the page is {found['scrollWidth']} px wide in a {found['innerWidth']} px window")
    out += [f"past the right edge: {item}" for item in found["wide"]]
    out += [f"scrolls sideways: {item}" for item in found["scrolling"]]
    return out


MAX_SCREENSHOT_HEIGHT = 6000
"""Pixels of a page kept in its screenshot (a long list page is cut there)."""


def full_page_png(browser: webdriver.Chrome) -> bytes:
    """A PNG of the whole page (up to :data:`MAX_SCREENSHOT_HEIGHT`), not only the window."""
    import base64

    width = int(browser.execute_script("return window.innerWidth"))
    height = int(browser.execute_script("return document.scrollingElement.scrollHeight"))
    clip = {"x": 0, "y": 0, "width": width, "height": min(height, MAX_SCREENSHOT_HEIGHT), "scale": 1}
    shot = browser.execute_cdp_cmd(
        "Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True, "clip": clip}
    )
    return base64.b64decode(shot["data"])


PHONE_WIDTH = 400
"""Below this a width is a phone's: emulated as a mobile screen (Chromium's windows are no
narrower than 500 px)."""


def set_viewport(browser: webdriver.Chrome, width: int, height: int = 900) -> None:
    """The page's viewport at ``width`` CSS pixels; a phone's width is emulated as a phone (touch
    screen, the page's ``viewport`` meta tag honoured)."""
    browser.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < PHONE_WIDTH},
    )
