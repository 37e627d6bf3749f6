/* worldstate graph layout: a force layout (Fruchterman-Reingold) of node boxes, its connected groups packed in rows, then label-collision
 * resolution over the node boxes (each holds its label) and the edge-label boxes, so no two labels overlap.
 * Plain JavaScript, no library; deterministic (no random numbers). Exposes window.worldstateLayout. */
(function () {
  "use strict";

  var PAD = 4;  // clear space kept between any two boxes (px at zoom 1)

  // nodes: [{w, h}], edges: [{source, target}] (indexes into nodes), labels: [{edge, w, h}] (edge index).
  // Sets x, y (box centres) on nodes and labels. options: ideal (edge length), iterations, aspect (width over
  // height of the space the groups are packed into).
  function layout(nodes, edges, labels, options) {
    options = options || {};
    var n = nodes.length;
    var ideal = options.ideal || 110;
    spiral(nodes, ideal);
    if (n > 1) forces(nodes, edges, ideal, options.iterations || 400);
    pack(nodes, components(n, edges), options.aspect || 1.4, ideal * 0.3);
    placeLabels(nodes, edges, labels);
    separate(nodes.concat(labels), labels.length ? nodes.length : 0);
  }

  // Start on a golden-angle spiral, first nodes (the most mentioned) in the middle.
  function spiral(nodes, ideal) {
    var golden = Math.PI * (3 - Math.sqrt(5));
    nodes.forEach(function (node, i) {
      var r = ideal * 0.6 * Math.sqrt(i);
      node.x = r * Math.cos(i * golden);
      node.y = r * Math.sin(i * golden);
    });
  }

  function forces(nodes, edges, ideal, iterations) {
    var n = nodes.length;
    var temperature = ideal * 2;
    var dx = new Float64Array(n), dy = new Float64Array(n);
    for (var it = 0; it < iterations; it++) {
      dx.fill(0); dy.fill(0);
      for (var i = 0; i < n; i++) {
        for (var j = i + 1; j < n; j++) {
          var ex = nodes[i].x - nodes[j].x, ey = nodes[i].y - nodes[j].y;
          var d2 = ex * ex + ey * ey;
          if (d2 < 0.01) { ex = 0.1 * (i - j); ey = 0.1; d2 = ex * ex + ey * ey; }
          var size = (nodes[i].w + nodes[j].w) / 2;  // wide labels push harder
          var f = ideal * Math.max(ideal, size) / d2;
          dx[i] += ex * f; dy[i] += ey * f; dx[j] -= ex * f; dy[j] -= ey * f;
        }
      }
      edges.forEach(function (e) {
        if (e.source === e.target) return;
        var a = nodes[e.source], b = nodes[e.target];
        var ex = a.x - b.x, ey = a.y - b.y;
        var d = Math.sqrt(ex * ex + ey * ey) || 0.01;
        var f = d / ideal;
        dx[e.source] -= ex * f; dy[e.source] -= ey * f; dx[e.target] += ex * f; dy[e.target] += ey * f;
      });
      for (var k = 0; k < n; k++) {
        dx[k] -= nodes[k].x * 0.02; dy[k] -= nodes[k].y * 0.02;  // gravity keeps lone nodes near
        var len = Math.sqrt(dx[k] * dx[k] + dy[k] * dy[k]) || 1;
        var step = Math.min(len, temperature);
        nodes[k].x += dx[k] / len * step;
        nodes[k].y += dy[k] / len * step;
      }
      temperature = Math.max(1, temperature * 0.985);
    }
  }

  // The connected groups of nodes (lists of node indexes), biggest first; a node without edges is a group.
  function components(n, edges) {
    var parent = [];
    for (var i = 0; i < n; i++) parent.push(i);
    function root(i) { while (parent[i] !== i) { parent[i] = parent[parent[i]]; i = parent[i]; } return i; }
    edges.forEach(function (e) { parent[root(e.source)] = root(e.target); });
    var byRoot = {}, groups = [];
    for (var k = 0; k < n; k++) {
      var r = root(k);
      if (!(r in byRoot)) { byRoot[r] = groups.length; groups.push([]); }
      groups[byRoot[r]].push(k);
    }
    return groups.sort(function (a, b) { return b.length - a.length || a[0] - b[0]; });
  }

  // Lay the groups side by side in rows about ``aspect`` times as wide as the whole is high (the forces
  // alone push lone nodes far out, so a view of everything would show mostly empty space).
  function pack(nodes, groups, aspect, gap) {
    if (groups.length < 2) return;
    var boxes = groups.map(function (g) {
      var b = { nodes: g, x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };
      g.forEach(function (i) {
        var nd = nodes[i];
        b.x0 = Math.min(b.x0, nd.x - nd.w / 2); b.x1 = Math.max(b.x1, nd.x + nd.w / 2);
        b.y0 = Math.min(b.y0, nd.y - nd.h / 2); b.y1 = Math.max(b.y1, nd.y + nd.h / 2);
      });
      b.w = b.x1 - b.x0 + gap; b.h = b.y1 - b.y0 + gap;
      return b;
    });
    var area = 0, widest = 0;
    boxes.forEach(function (b) { area += b.w * b.h; widest = Math.max(widest, b.w); });
    var rowWidth = Math.max(widest, Math.sqrt(area * aspect));
    var x = 0, y = 0, rowHeight = 0;
    boxes.forEach(function (b) {  // biggest group first, top left; the rest fill the rows
      if (x > 0 && x + b.w > rowWidth) { x = 0; y += rowHeight; rowHeight = 0; }
      var dx = x - b.x0, dy = y - b.y0;
      b.nodes.forEach(function (i) { nodes[i].x += dx; nodes[i].y += dy; });
      x += b.w; rowHeight = Math.max(rowHeight, b.h);
    });
  }

  // Each edge label starts half-way along its edge; the two directions of one pair start on either side.
  function placeLabels(nodes, edges, labels) {
    labels.forEach(function (lab) {
      var e = edges[lab.edge], a = nodes[e.source], b = nodes[e.target];
      var ex = b.x - a.x, ey = b.y - a.y, d = Math.sqrt(ex * ex + ey * ey) || 1;
      var side = e.source < e.target ? 1 : -1;
      lab.x = (a.x + b.x) / 2 - ey / d * 10 * side;
      lab.y = (a.y + b.y) / 2 + ex / d * 10 * side;
    });
  }

  function overlap(a, b) {
    var ox = (a.w + b.w) / 2 + PAD - Math.abs(a.x - b.x);
    var oy = (a.h + b.h) / 2 + PAD - Math.abs(a.y - b.y);
    return ox > 0.01 && oy > 0.01 ? [ox, oy] : null;
  }

  // Push overlapping boxes apart along the axis where they overlap least (labels, the items from
  // ``firstLabel`` on, move more than nodes); spread everything out a little when that does not settle.
  function separate(items, firstLabel) {
    for (var round = 0; round < 60; round++) {
      for (var pass = 0; pass < 40; pass++) {
        if (!sweep(items, firstLabel)) return;
      }
      var cx = 0, cy = 0;
      items.forEach(function (it) { cx += it.x; cy += it.y; });
      cx /= items.length; cy /= items.length;
      items.forEach(function (it) { it.x = cx + (it.x - cx) * 1.08; it.y = cy + (it.y - cy) * 1.08; });
    }
  }

  // One pass over the pairs (sorted by left edge, so only neighbours in x are compared); true when any moved.
  function sweep(items, firstLabel) {
    var order = items.map(function (_, i) { return i; });
    order.sort(function (p, q) { return (items[p].x - items[p].w / 2) - (items[q].x - items[q].w / 2); });
    var moved = false;
    for (var a = 0; a < order.length; a++) {
      var i = order[a], A = items[i];
      for (var b = a + 1; b < order.length; b++) {
        var j = order[b], B = items[j];
        if (B.x - B.w / 2 > A.x + A.w / 2 + PAD) break;
        var o = overlap(A, B);
        if (!o) continue;
        moved = true;
        var wa = firstLabel && i >= firstLabel ? 2 : 1, wb = firstLabel && j >= firstLabel ? 2 : 1;
        var sa = wa / (wa + wb), sb = wb / (wa + wb);
        if (o[0] < o[1]) {
          var sx = A.x < B.x || (A.x === B.x && i < j) ? -1 : 1;
          A.x += sx * o[0] * sa; B.x -= sx * o[0] * sb;
        } else {
          var sy = A.y < B.y || (A.y === B.y && i < j) ? -1 : 1;
          A.y += sy * o[1] * sa; B.y -= sy * o[1] * sb;
        }
      }
    }
    return moved;
  }

  function overlaps(items) {
    var found = 0;
    for (var i = 0; i < items.length; i++) {
      for (var j = i + 1; j < items.length; j++) if (overlap(items[i], items[j])) found++;
    }
    return found;
  }

  window.worldstateLayout = { layout: layout, overlaps: overlaps, PAD: PAD };
}());
