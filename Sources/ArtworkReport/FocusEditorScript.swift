/// The focus editor's script and style: a geometry written as `FitSolver` is, operation for
/// operation (a browser test holds it to `artfit fit` on random cases), and the page that
/// drives it. Plain script with no library, so the page works from `file://`, offline.
enum FocusEditorScript {
  static let css = """
    section.artwork,section.all{content-visibility:auto;contain-intrinsic-size:auto 1200px}
    .editor-help{background:#fffbe6;border:1px solid #f0dc8c;border-radius:8px;padding:4px 14px;margin:12px 0}
    .editor-help h2{margin:10px 0 4px}
    .focus-editor{display:flex;flex-wrap:wrap;gap:16px;align-items:flex-start;margin:8px 0}
    figure.editor{flex:0 0 auto;max-width:100%;box-sizing:border-box}
    .stage{position:relative;width:100%;background:#8e8e93;user-select:none;touch-action:none}
    .stage img{position:absolute;left:0;top:0;width:100%;height:100%;max-height:none;max-width:none}
    .stage svg{position:absolute;left:0;top:0;width:100%;height:100%;pointer-events:none;overflow:visible}
    .stage .crop{fill:none;stroke-width:2;vector-effect:non-scaling-stroke}
    .stage .safe-all{fill:rgba(255,255,255,.15);stroke:#fff;stroke-width:2;stroke-dasharray:6 4;vector-effect:non-scaling-stroke}
    [data-focus-editor]{position:absolute;box-sizing:border-box;border:2px solid #ffd60a;background:rgba(255,214,10,.2);box-shadow:0 0 0 1px #000;cursor:move;touch-action:none}
    [data-focus-editor]:focus-visible{outline:3px solid #0a84ff;outline-offset:2px}
    [data-corner]{position:absolute;width:12px;height:12px;box-sizing:border-box;background:#ffd60a;border:1px solid #000}
    [data-corner=nw]{left:-7px;top:-7px;cursor:nwse-resize}[data-corner=ne]{right:-7px;top:-7px;cursor:nesw-resize}
    [data-corner=sw]{left:-7px;bottom:-7px;cursor:nesw-resize}[data-corner=se]{right:-7px;bottom:-7px;cursor:nwse-resize}
    .live-panel{flex:1 1 420px;min-width:300px}.live-summary{font-weight:600;margin-top:0}
    .live-list{max-height:340px;overflow:auto;contain:content;border:1px solid #e5e5ea;border-radius:6px}
    .live-list .row{display:grid;grid-template-columns:27% 12% 12% 25% 11% 13%;height:20px;line-height:20px;font-size:12px;border-bottom:1px solid #e5e5ea;contain:strict;content-visibility:auto}
    .live-list .row span{padding:0 6px;overflow:hidden;white-space:nowrap;text-overflow:ellipsis}.live-list .head{font-weight:600;background:#f2f2f7;position:sticky;top:0}.live-list .lost{background:#fff1f0}
    textarea[data-manifest]{box-sizing:border-box;width:100%;font:12px ui-monospace,Menlo,monospace}
    """

  static let script = #"""
    (function () {
      'use strict';
      var node = document.getElementById('artfit-focus-data');
      if (!node) return;
      var data = JSON.parse(node.textContent);
        // Result modes: [applied, requested].
      var MODES = [['fit', 'fit'], ['fill', 'fill'], ['fit', 'auto'], ['fill', 'auto']];
      var ALIGN = {
        center: [0.5, 0.5], focus: [0.5, 0.5], top: [0.5, 0], bottom: [0.5, 1], left: [0, 0.5], right: [1, 0.5],
        'top-left': [0, 0], 'top-right': [1, 0], 'bottom-left': [0, 1], 'bottom-right': [1, 1]
      };
      var colours = {};
      data.colours.forEach(function (pair) { colours[pair[0]] = pair[1]; });

      // The geometry, written as artfit's FitSolver is, operation for operation, so that the
      // page's doubles are the command line's.
      function rect(x, y, w, h) { return { x: x, y: y, w: w, h: h }; }
      function area(r) { return Math.max(0, r.w) * Math.max(0, r.h); }
      function meet(a, b) {
        var l = Math.max(a.x, b.x), t = Math.max(a.y, b.y);
        var r = Math.min(a.x + a.w, b.x + b.w), btm = Math.min(a.y + a.h, b.y + b.h);
        return rect(l, t, Math.max(0, r - l), Math.max(0, btm - t));
      }
      function holds(a, b, tol) {
        return b.x >= a.x - tol && b.y >= a.y - tol && b.x + b.w <= a.x + a.w + tol && b.y + b.h <= a.y + a.h + tol;
      }
      function unit(v) { var s = Math.abs(v) < 1e-12 ? 0 : v; return Math.min(1, Math.max(0, s)); }
      function clampInto(r, W, H) {
        return rect(Math.min(Math.max(r.x, 0), Math.max(0, W - r.w)), Math.min(Math.max(r.y, 0), Math.max(0, H - r.h)), r.w, r.h);
      }
      function inPixels(f, W, H) { return rect(f.x * W, f.y * H, f.w * W, f.h * H); }

      function fillCrop(vw, vh, W, H, gravity, focus, si, blocked) {
        if (gravity === 'focus' && focus) {
          var g = inPixels(focus, W, H);
          var mx = si[1] + (vw - si[1] - si[3]) / 2, my = si[0] + (vh - si[0] - si[2]) / 2;
          return clearOf(clampInto(rect(g.x + g.w / 2 - mx, g.y + g.h / 2 - my, vw, vh), W, H), W, H, g, si, blocked);
        }
        var a = ALIGN[gravity];
        return rect((W - vw) * a[0], (H - vh) * a[1], vw, vh);
      }

      // FocusClearance: the fill crop slid along its free axis to the origin nearest its own at
      // which the focus lies inside the safe part and no region meets it, when one does.
      function transposed(r) { return rect(r.y, r.x, r.h, r.w); }
      function slidAcross(c, slack, f, si, blocked) {
        var tol = 1e-9 * Math.max(1, c.w, c.h);
        if (!(f.y >= c.y + si[0] - tol && f.y + f.h <= c.y + c.h - si[2] + tol)) return c;
        var forbidden = blocked.filter(function (b) {
          return crosses(f, rect(b.x + ((f.x + f.w / 2) - (b.x + b.w / 2)), b.y + c.y, b.w, b.h));
        }).map(function (b) { return [f.x - (b.x + b.w), f.x + f.w - b.x]; });
        var first = Math.max(0, f.x + f.w - c.w + si[3]), last = Math.min(slack, f.x - si[1]);
        function keeps(o) {
          return o >= first - tol && o <= last + tol &&
            forbidden.every(function (p) { return !(o > p[0] + tol && o < p[1] - tol); });
        }
        if (keeps(c.x)) return c;
        var best = null;
        [first, last].concat([].concat.apply([], forbidden)).forEach(function (o) {
          if (keeps(o) && (best === null || Math.abs(o - c.x) < Math.abs(best - c.x))) best = o;
        });
        return best === null ? c : rect(best, c.y, c.w, c.h);
      }
      function clearOf(c, W, H, f, si, blocked) {
        if (!blocked.length) return c;
        if (W - c.w > 1e-9) return slidAcross(c, W - c.w, f, si, blocked);
        if (H - c.h > 1e-9) {
          return transposed(slidAcross(transposed(c), H - c.h, transposed(f), [si[1], si[0], si[3], si[2]], blocked.map(transposed)));
        }
        return c;
      }

      // RectSet's figures: the area a few rects cover, whether a line or rect crosses another,
      // and the largest rect of a region that meets no hole.
      function unionArea(rs) {
        var solid = rs.filter(function (r) { return r.w > 0 && r.h > 0; });
        if (solid.length <= 1) return solid.length ? area(solid[0]) : 0;
        var xs = sortedUnique([].concat.apply([], solid.map(function (r) { return [r.x, r.x + r.w]; })));
        var total = 0;
        for (var i = 0; i + 1 < xs.length; i++) {
          var l = xs[i], r = xs[i + 1];
          var spans = solid.filter(function (q) { return q.x < r && q.x + q.w > l; })
            .map(function (q) { return [q.y, q.y + q.h]; })
            .sort(function (a, b) { return a[0] - b[0] || a[1] - b[1]; });
          var length = 0, reach = -Infinity;
          spans.forEach(function (sp) { if (sp[1] > reach) { length += sp[1] - Math.max(sp[0], reach); reach = sp[1]; } });
          total += (r - l) * length;
        }
        return total;
      }
      function sortedUnique(values) {
        return values.sort(function (a, b) { return a - b; }).filter(function (v, i, all) { return i === 0 || v !== all[i - 1]; });
      }
      function spanMeets(lo, hi, olo, ohi) {
        if (lo < hi && olo < ohi) return ohi > lo && olo < hi;
        if (lo < hi) return olo > lo && olo < hi;
        if (olo < ohi) return lo > olo && lo < ohi;
        return false;
      }
      function crosses(a, b) { return spanMeets(a.x, a.x + a.w, b.x, b.x + b.w) && spanMeets(a.y, a.y + a.h, b.y, b.y + b.h); }
      function largestAvoiding(holes, bounds) {
        var inside = holes.map(function (h) { return meet(h, bounds); }).filter(function (h) { return h.w > 0 && h.h > 0; });
        if (!inside.length) return bounds;
        var xs = sortedUnique([bounds.x, bounds.x + bounds.w].concat([].concat.apply([], inside.map(function (h) { return [h.x, h.x + h.w]; }))));
        var best = rect(bounds.x, bounds.y, 0, 0);
        function consider(c) {
          if (!(c.w > 0 && c.h > 0)) return;
          var a = area(c), b = area(best);
          if (a > b || (a === b && (c.y < best.y || (c.y === best.y && c.x < best.x)))) best = c;
        }
        for (var i = 0; i < xs.length; i++) {
          for (var j = i + 1; j < xs.length; j++) {
            var l = xs[i], r = xs[j];
            var blocking = inside.filter(function (h) { return h.x < r && h.x + h.w > l; }).sort(function (a, b) { return a.y - b.y; });
            var top = bounds.y;
            blocking.forEach(function (h) { consider(rect(l, top, r - l, h.y - top)); top = Math.max(top, h.y + h.h); });
            consider(rect(l, top, r - l, bounds.y + bounds.h - top));
          }
        }
        return best;
      }

      // An app icon's mask |x/a|^n + |y/b|^n <= 1 inscribed in the canvas: artfit's IconMask,
      // step for step (the same quadrature, so the same focus loss).
      var GAUSS = [[-0.9602898564975362, 0.10122853629037706], [-0.7966664774136267, 0.22238103445337443],
        [-0.525532409916329, 0.3137066458778869], [-0.18343464249564978, 0.36268378337836166],
        [0.18343464249564978, 0.36268378337836166], [0.525532409916329, 0.3137066458778869],
        [0.7966664774136267, 0.22238103445337443], [0.9602898564975362, 0.10122853629037706]];
      function power(v, k) { var r = 1; for (var i = 0; i < k; i++) r *= v; return r; }
      function root(v, n) {
        if (!(v > 0)) return 0;
        if (n === 2) return Math.sqrt(v);
        var x = 1;
        for (var i = 0; i < 60; i++) {
          var next = ((n - 1) * x + v / power(x, n - 1)) / n;
          if (next >= x) break;
          x = next;
        }
        return x;
      }
      function inMask(n, cw, ch, x, y) {
        var a = cw / 2, b = ch / 2;
        return power(Math.abs(x - a) / a, n) + power(Math.abs(y - b) / b, n) <= 1 + 1e-12;
      }
      function rectInMask(n, cw, ch, r) {
        return inMask(n, cw, ch, r.x, r.y) && inMask(n, cw, ch, r.x + r.w, r.y) &&
          inMask(n, cw, ch, r.x, r.y + r.h) && inMask(n, cw, ch, r.x + r.w, r.y + r.h);
      }
      function maskHalf(n, x0, x1, a, b, top, bottom) {
        if (!(x1 > x0)) return 0;
        var cuts = [x0, x1];
        [Math.abs(top), Math.abs(bottom)].forEach(function (level) {
          if (!(level > 0 && level < b)) return;
          var x = a * root(1 - power(level / b, n), n);
          if (x > x0 && x < x1) cuts.push(x);
        });
        cuts.sort(function (p, q) { return p - q; });
        var total = 0;
        for (var i = 0; i < cuts.length - 1; i++) total += maskPiece(n, cuts[i], cuts[i + 1], a, b, top, bottom);
        return total;
      }
      function maskPiece(n, x0, x1, a, b, top, bottom) {
        var w0 = root(1 - x0 / a, n), w1 = root(Math.max(0, 1 - x1 / a), n), step = (w0 - w1) / 32, sum = 0;
        for (var panel = 0; panel < 32; panel++) {
          var middle = w1 + (panel + 0.5) * step;
          for (var g = 0; g < 8; g++) {
            var w = middle + GAUSS[g][0] * step / 2, t = 1 - power(w, n);
            var half = b * root(Math.max(0, 1 - power(t, n)), n);
            var inside = Math.max(0, Math.min(bottom, half) - Math.max(top, -half));
            sum += inside * a * n * power(w, n - 1) * GAUSS[g][1] * step / 2;
          }
        }
        return sum;
      }
      function maskArea(n, cw, ch, r) {
        var a = cw / 2, b = ch / 2;
        if (!(a > 0 && b > 0) || r.w <= 0 || r.h <= 0) return 0;
        var top = r.y - b, bottom = r.y + r.h - b, left = Math.max(-a, r.x - a), right = Math.min(a, r.x + r.w - a);
        if (!(right > left)) return 0;
        var total = 0;
        if (left < 0) total += maskHalf(n, Math.max(0, -right), -left, a, b, top, bottom);
        if (right > 0) total += maskHalf(n, Math.max(0, left), right, a, b, top, bottom);
        return total;
      }

      // One source of W×H on a canvas of cw×ch with safe insets [top, left, bottom, right],
      // reserved regions [kind ('o' occlusion, 'd' division), x, y, w, h] in canvas pixels, and
      // an icon mask's exponent (or none).
      function place(W, H, cw, ch, ins, mode, gravity, focus, regions, mask) {
        var sx = cw / W, sy = ch / H, same = W * ch === H * cw;
        var s = mode === 'fit' ? Math.min(sx, sy) : Math.max(sx, sy);
        var bounds = rect(0, 0, W, H), placed, crop;
        if (mode === 'fit' || same) {
          var pw = same ? cw : W * s, ph = same ? ch : H * s;
          placed = rect((cw - pw) / 2, (ch - ph) / 2, pw, ph);
          crop = bounds;
        } else {
          var inv = 1 / s;
          var blocked = regions.map(function (r) { return rect(r[1] * inv, r[2] * inv, r[3] * inv, r[4] * inv); });
          crop = fillCrop(cw * inv, ch * inv, W, H, gravity, focus, [ins[0] * inv, ins[1] * inv, ins[2] * inv, ins[3] * inv], blocked);
          placed = rect(-crop.x * s, -crop.y * s, W * s, H * s);
        }
        if (same) placed = rect(0, 0, cw, ch);
        var safe = rect(ins[1], ins[0], Math.max(0, cw - ins[1] - ins[3]), Math.max(0, ch - ins[0] - ins[2]));
        var on = meet(safe, placed);
        var seen = meet(rect((on.x - placed.x) / s, (on.y - placed.y) / s, on.w / s, on.h / s), bounds);
        function toSource(r) { return rect((r[1] - placed.x) / s, (r[2] - placed.y) / s, r[3] / s, r[4] / s); }
        var hidden = regions.filter(function (r) { return r[0] === 'o'; })
          .map(function (r) { return meet(toSource(r), seen); }).filter(function (h) { return h.w > 0 && h.h > 0; });
        var divisions = regions.filter(function (r) { return r[0] === 'd'; }).map(toSource);
        var f = focus ? inPixels(focus, W, H) : null, visible = null, loss = null, divided = null;
        if (f) {
          var shown = meet(f, seen);
          var occluded = unionArea(hidden.map(function (h) { return meet(h, shown); }));
          var onCanvas = rect(placed.x + shown.x * s, placed.y + shown.y * s, shown.w * s, shown.h * s);
          var insideMask = !mask || rectInMask(mask, cw, ch, onCanvas);
          var cut = insideMask ? 0 : Math.max(0, area(onCanvas) - maskArea(mask, cw, ch, onCanvas)) / (s * s);
          var hiddenOfFocus = occluded + cut;
          visible = holds(seen, f, 1e-6) && occluded <= 1e-9 * area(f) && insideMask;
          loss = visible ? 0 : unit(1 - (area(shown) - hiddenOfFocus) / area(f));
          if (divisions.length) {
            var across = meet(f, crop);
            divided = divisions.some(function (d) { return crosses(across, d); });
          }
        }
        if (mask) {  // safe whatever the mask: inside the largest rectangle it holds
          var share = root(0.5, mask), iw = cw * share, ih = ch * share;
          var inscribed = rect(cw / 2 - iw / 2, ch / 2 - ih / 2, iw, ih);
          var maskedSeen = meet(rect((inscribed.x - placed.x) / s, (inscribed.y - placed.y) / s, inscribed.w / s, inscribed.h / s), seen);
        }
        return {
          crop: crop, seen: mask ? maskedSeen : seen, hidden: hidden, cropLoss: same || mode === 'fit' ? 0 : unit(1 - area(crop) / (W * H)),
          visible: visible, loss: loss, divided: divided
        };
      }

      // The focus as fractions of the content inside baked-in bars, or null when none is left.
      function within(f, c, W, H) {
        var g = inPixels(f, W, H);
        var l = Math.max(g.x, c[0]), t = Math.max(g.y, c[1]);
        var r = Math.min(g.x + g.w, c[0] + c[2]), b = Math.min(g.y + g.h, c[1] + c[3]);
        if (!(r > l && b > t)) return null;
        var x = (l - c[0]) / c[2], y = (t - c[1]) / c[3], w = (r - l) / c[2], h = (b - t) / c[3];
        return x + w <= 1 + 1e-9 && y + h <= 1 + 1e-9 ? { x: x, y: y, w: w, h: h } : null;
      }

      function solve(art, screen, mode, focus) {
        var c = art.content, whole = c[0] === 0 && c[1] === 0 && c[2] === art.w && c[3] === art.h;
        var gravity = art.gravity || (focus ? 'focus' : 'center');
        var p = place(c[2], c[3], screen[4], screen[5], screen[6], mode, gravity, whole || !focus ? focus : within(focus, c, art.w, art.h), screen[7] || [], screen[8]);
        if (c[0] !== 0 || c[1] !== 0) {
          p.crop = rect(p.crop.x + c[0], p.crop.y + c[1], p.crop.w, p.crop.h);
          p.seen = rect(p.seen.x + c[0], p.seen.y + c[1], p.seen.w, p.seen.h);
          p.hidden = p.hidden.map(function (h) { return rect(h.x + c[0], h.y + c[1], h.w, h.h); });
        }
        return p;
      }

      // The page.
      function el(tag, attrs, text) {
        var e = document.createElement(tag);
        for (var k in attrs) e.setAttribute(k, attrs[k]);
        if (text !== undefined) e.textContent = text;
        return e;
      }
      function svgRect(parent, cls) {
        var r = document.createElementNS(parent.namespaceURI, 'rect');
        r.setAttribute('class', cls);
        parent.appendChild(r);
        return r;
      }
      function setRect(node, r) {
        node.setAttribute('x', r.x); node.setAttribute('y', r.y);
        node.setAttribute('width', r.w); node.setAttribute('height', r.h);
      }
      function six(v) { return parseFloat(v.toFixed(6)); }
      function num(v, places) { return String(parseFloat(v.toFixed(places))); }
      function pct(v) { return (Math.round(v * 1000) / 10) + ' %'; }
      function px(r) { return num(r.x, 1) + ', ' + num(r.y, 1) + ', ' + num(r.w, 1) + '×' + num(r.h, 1); }

      function Editor(block, art) {
        var self = this;
        this.art = art;
        this.block = block;
        this.box = block.querySelector('[data-focus-editor]');
        this.stage = block.querySelector('.stage');
        this.summary = block.querySelector('.live-summary');
        this.manifest = block.querySelector('[data-manifest]');
        var f = art.focus;
        this.start = f ? { x: f[0], y: f[1], w: f[2], h: f[3] } : { x: 0.25, y: 0.25, w: 0.5, h: 0.5 };
        this.focus = this.start;
        var svg = block.querySelector('svg.live');
        this.safeRect = svgRect(svg, 'safe-all');
        this.crops = [];
        var body = block.querySelector('.live-rows');
        this.rows = art.results.map(function (entry) {
          var screen = data.screens[entry[0]], modes = MODES[entry[1]];
          var row = el('div', {
            'data-live-result': '', class: 'row', 'data-slug': screen[0], 'data-orientation': screen[3], 'data-mode': modes[0]
          });
          if (modes[1] !== modes[0]) row.setAttribute('data-requested-mode', modes[1]);
          row.appendChild(el('span', {}, screen[1]));
          row.appendChild(el('span', {}, screen[3]));
          row.appendChild(el('span', {}, modes[1] === 'auto' ? modes[0] + ' (auto)' : modes[0]));
          row.appendChild(el('span', {}));
          row.appendChild(el('span', {}));
          row.appendChild(el('span', {}));
          body.appendChild(row);
          return { row: row, screen: screen, mode: modes[0] };
        });
        block.querySelector('.reset').addEventListener('click', function () { self.set(self.start, true); });
        block.querySelector('.copy').addEventListener('click', function () { copy(self.manifest); });
        this.list = block.querySelector('.live-list');
        this.list.addEventListener('scroll', function () { self.scrolled = true; self.paint(); }, { passive: true });
        this.box.addEventListener('keydown', function (event) { self.key(event); });
        this.box.addEventListener('pointerdown', function (event) { self.grab(event); });
        this.box.addEventListener('artfit-focus', function (event) { self.set(fromArray(event.detail), true); });
        this.set(this.start, false);
      }

      function fromArray(a) { return { x: a[0], y: a[1], w: a[2], h: a[3] }; }

      // Kept inside the artwork, at least 1 % a side, in the 6 decimals the page shows.
      function tidy(f) {
        var w = Math.min(1, Math.max(0.01, f.w)), h = Math.min(1, Math.max(0.01, f.h));
        var x = Math.min(Math.max(0, f.x), 1 - w), y = Math.min(Math.max(0, f.y), 1 - h);
        return { x: six(x), y: six(y), w: six(w), h: six(h) };
      }

      Editor.prototype.set = function (f, edited) {
        var art = this.art;
        f = tidy(f);
        this.focus = f;
        var text = [f.x, f.y, f.w, f.h].map(function (v) { return v.toFixed(6); }).join(',');
        this.box.setAttribute('data-focus', text);
        this.box.style.left = f.x * 100 + '%';
        this.box.style.top = f.y * 100 + '%';
        this.box.style.width = f.w * 100 + '%';
        this.box.style.height = f.h * 100 + '%';
        this.box.setAttribute('aria-valuetext', 'x ' + pct(f.x) + ', y ' + pct(f.y) + ', ' + pct(f.w) + ' by ' + pct(f.h));
        var safe = 0, region = null, hidden = [], shown = {}, crops = [];
        for (var i = 0; i < this.rows.length; i++) {
          var item = this.rows[i], p = solve(art, item.screen, item.mode, f), row = item.row;
          item.p = p;
          row.setAttribute('data-crop', [p.crop.x, p.crop.y, p.crop.w, p.crop.h].join(','));
          row.setAttribute('data-focus-visible', p.visible === null ? '' : String(p.visible));
          row.setAttribute('data-focus-loss', p.loss === null ? '' : String(p.loss));
          row.setAttribute('data-focus-divided', p.divided === null ? '' : String(p.divided));
          if (p.visible && !p.divided) safe++;
          region = region ? meet(region, p.seen) : p.seen;
          hidden = hidden.concat(p.hidden);
          var key = item.mode === 'fill' ? px(p.crop) + item.screen[2] : null;
          if (key && !shown[key]) { shown[key] = true; crops.push([p.crop, item.screen[2]]); }
        }
        this.drawCrops(crops);
        this.paint();
        if (region && region.w > 1e-9 && region.h > 1e-9) region = largestAvoiding(hidden, region);
        var everywhere = region && region.w > 1e-9 && region.h > 1e-9 ? region : null;
        if (everywhere) { setRect(this.safeRect, everywhere); this.safeRect.style.display = ''; }
        else this.safeRect.style.display = 'none';
        this.summary.textContent = 'Focus safe on ' + safe + ' of ' + this.rows.length + ' results. ' +
          (everywhere ? 'Safe on every screen (white): ' + px(everywhere) + ' px.' : 'No part of the artwork is safe on every screen.');
        var entry = {};
        entry[art.key] = { focus: [f.x, f.y, f.w, f.h] };
        this.manifest.value = JSON.stringify({ artworks: entry });
        if (edited) { changed[art.key] = [f.x, f.y, f.w, f.h]; noteEdits(true); }
      };

      // The words of the rows in view (text is what costs a browser's layout; the data
      // attributes above are current on every row).
      Editor.prototype.paint = function () {
        // Rows are 21 px (style below); a list never scrolled shows its first 17, and is not
        // asked, so that a page of editors lays out nothing as it opens.
        var top = this.scrolled ? this.list.scrollTop : 0, seen = this.scrolled ? this.list.clientHeight : 360;
        var first = Math.max(0, Math.floor(top / 21) - 2);
        var last = Math.min(this.rows.length, first + Math.ceil(seen / 21) + 4);
        for (var i = first; i < last; i++) {
          var item = this.rows[i], p = item.p;
          if (item.painted === p) continue;
          item.painted = p;
          var cells = item.row.children, lost = p.visible === false || p.divided === true;
          if (lost !== item.lost) { item.row.classList.toggle('lost', lost); item.lost = lost; }
          words(cells[3], px(p.crop));
          words(cells[4], item.mode !== 'fill' ? 'whole' : (p.cropLoss > 0 && p.cropLoss < 0.0005 ? '<0.1 %' : pct(p.cropLoss)) + ' cut');
          words(cells[5], p.visible === null ? '' : !p.visible ? pct(p.loss) + ' outside' : p.divided ? 'on a fold' : 'safe');
        }
      };

      function words(cell, text) { if (cell.textContent !== text) cell.textContent = text; }

      Editor.prototype.drawCrops = function (crops) {
        var svg = this.safeRect.parentNode;
        while (this.crops.length > crops.length) svg.removeChild(this.crops.pop());
        while (this.crops.length < crops.length) this.crops.push(svgRect(svg, 'crop'));
        for (var i = 0; i < crops.length; i++) {
          setRect(this.crops[i], crops[i][0]);
          this.crops[i].style.stroke = colours[crops[i][1]] || '#fff';
        }
      };

      Editor.prototype.key = function (event) {
        var step = event.shiftKey ? 0.1 : 0.01, f = this.focus, dx = 0, dy = 0;
        if (event.key === 'ArrowLeft') dx = -step;
        else if (event.key === 'ArrowRight') dx = step;
        else if (event.key === 'ArrowUp') dy = -step;
        else if (event.key === 'ArrowDown') dy = step;
        else return;
        event.preventDefault();
        if (event.altKey) this.set({ x: f.x, y: f.y, w: f.w + dx, h: f.h + dy }, true);
        else this.set({ x: f.x + dx, y: f.y + dy, w: f.w, h: f.h }, true);
      };

      // A drag of the rectangle moves it; a drag of a corner moves that corner.
      Editor.prototype.grab = function (event) {
        if (event.button !== 0) return;
        event.preventDefault();
        this.box.focus();
        var self = this, corner = event.target.getAttribute('data-corner') || '', start = this.focus;
        var bounds = this.stage.getBoundingClientRect(), x0 = event.clientX, y0 = event.clientY, frame = 0, last = null;
        this.box.setPointerCapture(event.pointerId);
        function move(e) {
          last = e;
          if (!frame) frame = requestAnimationFrame(apply);
        }
        function apply() {
          frame = 0;
          var dx = (last.clientX - x0) / bounds.width, dy = (last.clientY - y0) / bounds.height;
          var l = start.x, t = start.y, r = start.x + start.w, b = start.y + start.h;
          if (!corner) { self.set({ x: l + dx, y: t + dy, w: start.w, h: start.h }, true); return; }
          if (corner.indexOf('w') >= 0) l = Math.min(Math.max(0, l + dx), r - 0.01); else r = Math.max(Math.min(1, r + dx), l + 0.01);
          if (corner.indexOf('n') >= 0) t = Math.min(Math.max(0, t + dy), b - 0.01); else b = Math.max(Math.min(1, b + dy), t + 0.01);
          self.set({ x: l, y: t, w: r - l, h: b - t }, true);
        }
        function up() {
          if (frame) { cancelAnimationFrame(frame); apply(); }
          self.box.removeEventListener('pointermove', move);
          self.box.removeEventListener('pointerup', up);
          self.box.removeEventListener('pointercancel', up);
        }
        this.box.addEventListener('pointermove', move);
        this.box.addEventListener('pointerup', up);
        this.box.addEventListener('pointercancel', up);
      };

      function copy(area) {
        area.select();
        var done = function () { area.blur(); };
        if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(area.value).then(done, function () { document.execCommand('copy'); });
        else document.execCommand('copy');
      }

      // Every artwork edited on this page, over the run's manifest when it had one. Kept
      // in the browser's storage for this page, so a reload keeps them; a page rewritten by
      // another run (other data) starts afresh.
      var changed = {};
      var saved = true;
      var storeKey = 'artfit-focus-edits:' + location.pathname;
      var runId = textHash(document.getElementById('artfit-focus-data').textContent);
      var download = document.getElementById('artfit-download');
      var save = document.getElementById('artfit-save');
      var status = document.getElementById('artfit-edits-status');
      function textHash(text) {
        var h = 0x811c9dc5;
        for (var i = 0; i < text.length; i++) { h ^= text.charCodeAt(i); h = Math.imul(h, 0x01000193) >>> 0; }
        return h.toString(16) + ':' + text.length;
      }
      function store() {
        try { localStorage.setItem(storeKey, JSON.stringify({ run: runId, changed: changed, saved: saved })); } catch (e) {}
      }
      function stored() {
        try {
          var kept = JSON.parse(localStorage.getItem(storeKey));
          if (kept && kept.run === runId && kept.changed) return kept;
          localStorage.removeItem(storeKey);
        } catch (e) {}
        return null;
      }
      function noteEdits(edited) {
        if (edited) saved = false;
        store();
        var count = Object.keys(changed).length;
        var words = count + (count === 1 ? ' artwork' : ' artworks') + ' edited';
        if (download) {
          download.disabled = count === 0;
          download.textContent = 'Download ' + data.manifest_name + ' (' + words + ')';
        }
        if (save) save.disabled = count === 0;
        if (status) status.textContent = count === 0 ? '' : saved ? words + ', saved.' : words + ', not saved yet.';
      }
      function manifestText() {
        var base = data.manifest ? JSON.parse(data.manifest) : {};
        if (!base.artworks || typeof base.artworks !== 'object') base.artworks = {};
        Object.keys(changed).forEach(function (key) {
          var entry = base.artworks[key] || {};
          delete base.artworks[key];
          entry.focus = changed[key];
          base.artworks[key] = entry;  // last, so it wins over any pattern before it
        });
        return JSON.stringify(base, null, 2) + '\n';
      }
      if (download) {
        download.addEventListener('click', function () {
          var link = el('a', { download: data.manifest_name });
          link.href = URL.createObjectURL(new Blob([manifestText()], { type: 'application/json' }));
          document.body.appendChild(link);
          link.click();
          link.remove();
          setTimeout(function () { URL.revokeObjectURL(link.href); }, 0);
          saved = true;
          noteEdits(false);
        });
      }
      // Where the browser lets a page write a file the user picks (Chromium's File System
      // Access API, from file:// too), Save writes the manifest in place; the picker asks first.
      if (save && typeof window.showSaveFilePicker === 'function') {
        save.hidden = false;
        save.addEventListener('click', function () {
          window.showSaveFilePicker({
            suggestedName: data.manifest_name,
            types: [{ description: 'artfit manifest', accept: { 'application/json': ['.json'] } }]
          }).then(function (handle) {
            return handle.createWritable().then(function (file) {
              return file.write(manifestText()).then(function () { return file.close(); });
            }).then(function () { saved = true; noteEdits(false); });
          }).catch(function (error) {
            if (status && error && error.name !== 'AbortError') status.textContent = 'Not saved: ' + error.message;
          });
        });
      }
      window.addEventListener('beforeunload', function (event) {
        if (saved || Object.keys(changed).length === 0) return;
        // A browser asks only a page someone has used; one driven by script alone is let go.
        if (navigator.userActivation && !navigator.userActivation.hasBeenActive) return;
        event.preventDefault();
        event.returnValue = '';
      });
      window.artfitManifest = manifestText;

      var editors = [];
      document.querySelectorAll('.focus-editor[data-editor]').forEach(function (block) {
        editors.push(new Editor(block, data.artworks[Number(block.getAttribute('data-editor'))]));
      });
      var kept = stored();
      if (kept) {
        editors.forEach(function (editor) {
          var focus = kept.changed[editor.art.key];
          if (focus) editor.set(fromArray(focus), true);
        });
        saved = kept.saved !== false;
        noteEdits(false);
      }
    })();
    """#
}
