/* worldstate viewer: renders the embedded world state. Story strings go through textContent and
 * createTextNode only (never innerHTML), so story text cannot inject markup. */
(function () {
  "use strict";

  var data = JSON.parse(document.getElementById("ws-data").textContent);
  var text = data.text;
  var TIMELINE_PAGE = 100;
  var state = { page: -1, character: null, finding: null, timelinePage: 0, graph: null, zoom: null,
    lanesAll: false, laneZoom: 1, timelineEvents: [] };

  // ---- small DOM helpers ---------------------------------------------------------------
  function el(tag, cls, content) {
    var node = document.createElement(tag);
    if (cls) node.className = cls;
    if (content !== undefined && content !== null) node.textContent = String(content);
    return node;
  }
  function $(id) { return document.getElementById(id); }
  function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); }
  function short(s, n) { s = String(s).replace(/\s+/g, " ").trim(); return s.length > n ? s.slice(0, n - 1) + "\u2026" : s; }
  function bisectRight(arr, x, key) {
    var lo = 0, hi = arr.length;
    while (lo < hi) { var mid = (lo + hi) >> 1; if (key(arr[mid]) <= x) lo = mid + 1; else hi = mid; }
    return lo;
  }

  // ---- indexes ---------------------------------------------------------------------------
  var paraOfSentence = [];  // sentence index -> paragraph index
  var sentencesOfPara = data.paragraphs.map(function () { return []; });
  data.sentences.forEach(function (s, i) {
    var p = Math.max(0, bisectRight(data.paragraphs, s[0], function (q) { return q[0]; }) - 1);
    paraOfSentence.push(p);
    if (sentencesOfPara[p]) sentencesOfPara[p].push(i);
  });
  var pageOfPara = new Array(data.paragraphs.length);
  data.pages.forEach(function (pg, k) { for (var i = pg[0]; i <= pg[1]; i++) pageOfPara[i] = k; });
  var marks = [];  // {start, end, finding, role}
  data.findings.forEach(function (f) {
    f.evidence.forEach(function (ev) { marks.push({ start: ev.span[0], end: ev.span[1], finding: f.index, role: ev.role }); });
  });
  marks.sort(function (a, b) { return a.start - b.start; });
  var characterById = {};
  data.characters.forEach(function (c) { characterById[c.id] = c; });
  var flaggedCharacters = {};
  data.findings.forEach(function (f) { if (f.character_id) flaggedCharacters[f.character_id] = true; });

  function sentenceAt(offset) {
    return Math.max(0, bisectRight(data.sentences, offset, function (s) { return s[0]; }) - 1);
  }
  function paragraphAt(offset) {
    return Math.max(0, bisectRight(data.paragraphs, offset, function (p) { return p[0]; }) - 1);
  }

  // ---- story text, one page at a time ----------------------------------------------------
  function appendRange(parent, a, b, pageMarks) {
    if (b <= a) return;
    var cuts = [a, b];
    pageMarks.forEach(function (m) {
      if (m.end > a && m.start < b) { cuts.push(Math.max(a, m.start)); cuts.push(Math.min(b, m.end)); }
    });
    cuts = cuts.filter(function (v, i, arr) { return arr.indexOf(v) === i; }).sort(function (x, y) { return x - y; });
    for (var i = 0; i + 1 < cuts.length; i++) {
      var x = cuts[i], y = cuts[i + 1];
      var covering = pageMarks.filter(function (m) { return m.start <= x && m.end >= y; });
      var piece = text.slice(x, y);
      if (!covering.length) { parent.appendChild(document.createTextNode(piece)); continue; }
      var mk = el("mark", "role-" + covering[0].role.replace(/[^a-z-]/gi, ""), piece);
      mk.dataset.f = covering.map(function (m) { return m.finding; }).join(" ");
      mk.title = covering.map(function (m) { return data.findings[m.finding].category + ": " + short(data.findings[m.finding].explanation, 120); }).join("\n");
      parent.appendChild(mk);
    }
  }

  function renderPage(k) {
    if (k === state.page || !data.pages.length) return;
    state.page = k;
    var story = $("story");
    clear(story);
    var first = data.pages[k][0], last = data.pages[k][1];
    var lo = data.paragraphs[first][0], hi = data.paragraphs[last][1];
    var pageMarks = marks.filter(function (m) { return m.end > lo && m.start < hi && !isDismissed(data.findings[m.finding]); });
    var frag = document.createDocumentFragment();
    for (var p = first; p <= last; p++) {
      var para = el("p", data.reflow && data.reflow[p] === false ? "lines" : "flow");
      para.dataset.p = p;
      var pos = data.paragraphs[p][0];
      sentencesOfPara[p].forEach(function (si) {
        var s = data.sentences[si];
        appendRange(para, pos, s[0], pageMarks);
        var span = el("span", "sent");
        span.dataset.s = si;
        span.title = "sentence " + (si + 1);
        appendRange(span, s[0], s[1], pageMarks);
        para.appendChild(span);
        pos = s[1];
      });
      appendRange(para, pos, data.paragraphs[p][1], pageMarks);
      frag.appendChild(para);
    }
    story.appendChild(frag);
    var pager = $("pager");
    pager.hidden = data.pages.length < 2;
    $("page-label").textContent = "page " + (k + 1) + " of " + data.pages.length;
    $("prev").disabled = k === 0;
    $("next").disabled = k === data.pages.length - 1;
    highlightFinding(state.finding, false);
  }

  function jumpTo(start, end, findingIndex) {
    var k = pageOfPara[paragraphAt(start)] || 0;
    renderPage(k);
    var target = null;
    if (findingIndex !== undefined && findingIndex !== null) target = highlightFinding(findingIndex, true);
    if (!target) {
      target = document.querySelector('.sent[data-s="' + sentenceAt(start) + '"]');
      if (target) {
        target.classList.add("flash");
        setTimeout(function () { target.classList.remove("flash"); }, 1500);
      }
    }
    if (target) target.scrollIntoView({ block: "center" });
  }

  function highlightFinding(index, wanted) {
    document.querySelectorAll("mark.active").forEach(function (m) { m.classList.remove("active"); });
    if (index === null || index === undefined) return null;
    var found = null;
    document.querySelectorAll("mark").forEach(function (m) {
      if (m.dataset.f.split(" ").indexOf(String(index)) >= 0) { m.classList.add("active"); if (!found) found = m; }
    });
    return wanted ? found : null;
  }

  // ---- findings ----------------------------------------------------------------------------
  function firstEvidence(f) {
    var errs = f.evidence.filter(function (e) { return e.role === "error"; });
    return errs[0] || f.evidence[0] || null;
  }

  function findingItem(f, tag) {
    var li = el(tag || "li");
    li.dataset.finding = f.index;
    li.dataset.id = f.id || "";
    li.appendChild(el("span", "cat", f.category + (f.subtype ? " / " + f.subtype : "")));
    li.appendChild(document.createTextNode(" "));
    var sure = f.probability === null || f.probability === undefined ? "not calibrated"
      : (f.shown_by_default === false ? "unsure, " : "") + "probability " + Number(f.probability).toFixed(2);
    li.appendChild(el("span", "conf", "(" + sure + ")"));
    if (f.character) li.appendChild(el("span", "conf", " \u2014 " + f.character));
    li.appendChild(el("div", null, short(f.explanation, 240)));
    f.evidence.forEach(function (ev) {
      var q = el("span", "quote", "\u201c" + short(ev.text, 160) + "\u201d ");
      q.appendChild(el("span", "sn", "s" + (ev.sentence + 1) + (ev.role !== "error" ? " \u00b7 " + ev.role : "")));
      li.appendChild(q);
      if (ev.why) li.appendChild(el("div", "why", "why the engine believes it: " + short(ev.why, 240)));
    });
    if (f.reviewed) li.appendChild(el("div", "why", "LLM review: " + f.reviewed + (f.review_reason ? ": " + short(f.review_reason, 200) : "")));
    if (f.id && !tag) li.appendChild(dismissButton(f));
    li.tabIndex = 0;
    li.addEventListener("click", function () { selectFinding(f.index); });
    li.addEventListener("keydown", function (e) { if (e.key === "Enter") selectFinding(f.index); });
    return li;
  }

  function renderFindings() {
    var list = $("findings");
    clear(list);
    $("finding-count").textContent = "(" + findingCount().short + ")";
    if (!data.findings.length) list.appendChild(el("li", "hint", "No findings."));
    var open = data.findings.filter(function (f) { return !isDismissed(f); });
    var shownFirst = open.filter(function (f) { return f.shown_by_default !== false; })
      .concat(open.filter(function (f) { return f.shown_by_default === false; }));
    shownFirst.forEach(function (f) { list.appendChild(findingItem(f)); });
    var gone = data.findings.filter(isDismissed);
    if (!gone.length) return;
    list.appendChild(el("li", "hint dismissed-head", "Dismissed (" + gone.length + "): add these lines to .worldstate-ignore " +
      "beside the story, or run worldstate dismiss, so that check leaves them out too"));
    gone.forEach(function (f) {
      var li = findingItem(f);
      li.classList.add("dismissed");
      li.appendChild(el("code", "ignore-line", f.id + "  " + dismissed[f.id].reason));
      list.appendChild(li);
    });
  }

  // ---- dismissed findings: kept in the browser by each finding's stable id, which survives edits elsewhere
  // in the story, so a finding dismissed here stays dismissed when `worldstate view` writes the page again ----
  var DISMISSED_KEY = "worldstate-dismissed";
  var dismissed = loadDismissed();
  function loadDismissed() {
    try { return JSON.parse(window.localStorage.getItem(DISMISSED_KEY) || "{}") || {}; } catch (e) { return {}; }
  }
  function saveDismissed() {
    try { window.localStorage.setItem(DISMISSED_KEY, JSON.stringify(dismissed)); } catch (e) { /* no storage: this visit only */ }
  }
  function isDismissed(f) { return !!f.id && Object.prototype.hasOwnProperty.call(dismissed, f.id); }
  function dismissButton(f) {
    var gone = isDismissed(f);
    var b = el("button", "dismiss", gone ? "undo dismiss" : "dismiss");
    b.type = "button";
    b.title = gone ? "show this finding again" : "dismiss as intentional (remembered by its id)";
    b.addEventListener("click", function (e) { e.stopPropagation(); setDismissed(f, !gone); });
    return b;
  }
  function setDismissed(f, yes) {
    if (yes) dismissed[f.id] = { reason: "dismissed in the viewer", date: new Date().toISOString().slice(0, 10) };
    else delete dismissed[f.id];
    saveDismissed();
    renderFindings();
    refreshStats();
    var k = state.page;
    state.page = -1;
    renderPage(k < 0 ? 0 : k);
  }

  // The one count of findings (payload.py counts them; a page from an older payload counts here alike), less
  // the ones dismissed in the viewer.
  function findingCount() {
    var gone = data.findings.filter(isDismissed);
    if (data.finding_count && !gone.length) return data.finding_count;
    var open = data.findings.filter(function (f) { return !isDismissed(f); });
    var shown = open.filter(function (f) { return f.shown_by_default !== false; }).length;
    var unsure = open.length - shown;
    var noun = shown === 1 && !unsure ? " finding" : " findings";
    var out = { shown: shown, unsure: unsure, short: unsure ? shown + " shown, " + unsure + " unsure" : String(shown),
      text: shown + noun + (unsure ? " shown, " + unsure + " unsure" : "") };
    if (gone.length) { out.short += ", " + gone.length + " dismissed"; out.text += ", " + gone.length + " dismissed"; }
    return out;
  }

  function selectFinding(index) {
    state.finding = index;
    document.querySelectorAll("#findings li").forEach(function (li) {
      li.classList.toggle("selected", li.dataset.finding === String(index));
    });
    var f = data.findings[index];
    if (f.character_id && f.character_id !== state.character) selectCharacter(f.character_id);
    var ev = firstEvidence(f);
    if (ev) jumpTo(ev.span[0], ev.span[1], index);
  }

  // ---- characters and knowledge ----------------------------------------------------------------
  function renderCharacters() {
    var box = $("characters");
    clear(box);
    if (!data.characters.length) box.appendChild(el("span", "hint", "No characters found."));
    data.characters.forEach(function (c) {
      var chip = el("button", "chip" + (flaggedCharacters[c.id] ? " flagged" : ""), c.name);
      chip.type = "button";
      chip.dataset.character = c.id;
      chip.title = c.mentions + " mentions, knows " + c.known + (c.aliases.length ? "; also " + c.aliases.join(", ") : "");
      chip.addEventListener("click", function () { selectCharacter(c.id); });
      box.appendChild(chip);
    });
  }

  function howLabel(k) { return k.channel + (k.told_by ? " by " + k.told_by : ""); }

  function selectCharacter(id) {
    state.character = id;
    document.querySelectorAll(".chip").forEach(function (c) { c.classList.toggle("selected", c.dataset.character === id); });
    showTab("knowledge");
    var c = characterById[id];
    var box = $("knowledge");
    clear(box);
    $("knowledge-hint").hidden = true;
    box.appendChild(el("h2", null, "What " + c.name + " knows (" + c.known + ")"));
    data.findings.filter(function (f) { return f.character_id === id; }).forEach(function (f) {
      var flag = findingItem(f, "div");
      flag.className = "flagged-box";
      flag.insertBefore(el("strong", null, "Flagged: "), flag.firstChild);
      box.appendChild(flag);
    });
    var known = data.knowledge[id] || [];
    if (!known.length) box.appendChild(el("p", "hint", "Nothing recorded."));
    else box.appendChild(knowledgeTable(known, true));
    if (known.length < c.known) box.appendChild(el("p", "hint", "\u2026 first " + known.length + " of " + c.known + " shown."));
    var unknown = data.unknown[id] || [];
    box.appendChild(el("h2", null, "What " + c.name + " does not know (" + unknown.length + ")"));
    if (!unknown.length) box.appendChild(el("p", "hint", "Nothing recorded."));
    else box.appendChild(knowledgeTable(unknown, false));
    markSelectedNode();
    document.querySelectorAll("#lanes .lane[data-character]").forEach(function (l) { l.classList.toggle("selected", l.dataset.character === id); });
  }

  function knowledgeTable(items, known) {
    var table = el("table");
    var head = el("tr");
    (known ? ["since", "how", "what"] : ["sent.", "what"]).forEach(function (h) { head.appendChild(el("th", null, h)); });
    table.appendChild(head);
    items.forEach(function (k) {
      var tr = el("tr", "jump");
      tr.appendChild(el("td", "sn", "s" + ((known ? k.since : k.sentence) + 1)));
      if (known) { var td = el("td"); td.appendChild(el("span", "ch ch-" + k.channel, howLabel(k))); tr.appendChild(td); }
      var what = el("td", null, k.label);
      what.appendChild(el("span", "quote", "\u201c" + short(k.quote, 140) + "\u201d"));
      tr.appendChild(what);
      tr.addEventListener("click", function () { jumpTo(k.span[0], k.span[1]); });
      table.appendChild(tr);
    });
    return table;
  }

  // ---- entity graph (SVG; layout.js places the boxes so no two labels overlap) ----------------------
  var SVGNS = "http://www.w3.org/2000/svg";
  var FONT = 'system-ui, -apple-system, "Segoe UI", sans-serif';
  var NODE_FONT = 12, EDGE_FONT = 10, RELATIONS_SHOWN = 3;
  var measurer = document.createElement("canvas").getContext("2d");

  function svgEl(tag, attrs, content) {
    var node = document.createElementNS(SVGNS, tag);
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    if (content !== undefined) node.textContent = String(content);
    return node;
  }
  function textWidth(s, px, weight) { measurer.font = (weight || "") + " " + px + "px " + FONT; return measurer.measureText(s).width; }

  var LINK_WORDS = /^(a|an|the|of|and|or|in|on|at|to|by|for|with|from|her|his|their|its)$/i;

  // The words of ``label`` that fit ``room`` px, cut only between words ("the golden\u2026"); "" when not even
  // the first word fits (the full label is then in the tooltip).
  function wholeWords(label, room, px, weight) {
    label = String(label).replace(/\s+/g, " ").trim();
    if (textWidth(label, px, weight) <= room) return label;
    var words = label.split(" "), fits = "";
    for (var i = 1; i < words.length; i++) {
      if (LINK_WORDS.test(words[i - 1])) continue;  // "the house of\u2026" says no more than "the house\u2026"
      var shown = words.slice(0, i).join(" ").replace(/[\s,;:.\-]+$/, "") + "\u2026";
      if (textWidth(shown, px, weight) > room) break;
      fits = shown;
    }
    return fits;
  }

  // One edge per ordered pair, its label the pair's relations (most frequent first) and how many more.
  function graphModel() {
    var g = data.graph;
    var index = {};
    var nodes = g.nodes.map(function (n, i) {
      index[n.id] = i;
      var r = 6 + Math.min(12, Math.sqrt(n.mentions) * 1.5);
      var label = short(n.label, 40);
      var w = Math.max(2 * r, textWidth(label, NODE_FONT) + 6);
      return { id: n.id, label: label, full: n.label, kind: n.kind, r: r, w: w, h: 2 * r + 3 + NODE_FONT + 4 };
    });
    var pairs = {}, edges = [];
    g.edges.forEach(function (e) {
      var key = e.source + "\u0000" + e.target;
      if (!(key in pairs)) {
        pairs[key] = edges.length;
        edges.push({ source: index[e.source], target: index[e.target], relations: [], weight: 0, sentence: e.sentence });
      }
      var edge = edges[pairs[key]];
      edge.relations.push(e.label.replace(/_/g, " "));
      edge.weight += e.weight;
      edge.sentence = Math.min(edge.sentence, e.sentence);
    });
    var labels = edges.map(function (e, i) {
      var shown = e.relations.slice(0, RELATIONS_SHOWN).join(", ");
      var more = e.relations.length - RELATIONS_SHOWN;
      var text = short(shown + (more > 0 ? " +" + more : ""), 48);
      return { edge: i, text: text, w: textWidth(text, EDGE_FONT) + 6, h: EDGE_FONT + 5 };
    });
    return { nodes: nodes, edges: edges, labels: labels };
  }

  // Box centre (x, y) of a node holds its circle on top and its label below.
  function circleY(n) { return n.y - n.h / 2 + n.r; }

  function edgePath(a, lab, b) {
    var ax = a.x, ay = circleY(a), bx = b.x, by = circleY(b);
    var cx = 2 * lab.x - (ax + bx) / 2, cy = 2 * lab.y - (ay + by) / 2;  // the curve passes through the label
    var dx = bx - cx, dy = by - cy, d = Math.sqrt(dx * dx + dy * dy) || 1;
    var ex = bx - dx / d * (b.r + 2), ey = by - dy / d * (b.r + 2);  // stop at the circle for the arrow
    return "M" + ax.toFixed(1) + "," + ay.toFixed(1) + " Q" + cx.toFixed(1) + "," + cy.toFixed(1) + " " +
      ex.toFixed(1) + "," + ey.toFixed(1);
  }

  function renderGraph() {
    if (state.graph) return;
    var g = data.graph;
    var model = graphModel();
    state.graph = model;
    $("graph-info").textContent = g.nodes.length + " of " + g.total_nodes + " entities, " + model.edges.length +
      " linked pairs (" + g.edges.length + " of " + g.total_edges + " relations). Wheel or buttons to zoom, drag to pan; " +
      "fit shows the whole graph; click a character to see what they know, a relation to read it.";
    var box = $("graph");
    window.worldstateLayout.layout(model.nodes, model.edges, model.labels,
      { aspect: box.clientWidth && box.clientHeight ? box.clientWidth / box.clientHeight : 1.4 });
    clear(box);
    var root = svgEl("svg", { width: "100%", height: "100%", role: "img", "aria-label": "entity graph" });
    var defs = svgEl("defs");
    var marker = svgEl("marker", { id: "arrow", viewBox: "0 0 10 10", refX: "9", refY: "5", markerWidth: "8",
      markerHeight: "8", markerUnits: "userSpaceOnUse", orient: "auto-start-reverse" });
    marker.appendChild(svgEl("path", { d: "M0,0 L10,5 L0,10 z", fill: "#8fa3b8" }));
    defs.appendChild(marker);
    root.appendChild(defs);
    var view = svgEl("g", { id: "graph-view" });
    root.appendChild(view);
    var edgeLayer = svgEl("g", { class: "edges" }), labelLayer = svgEl("g", { class: "edge-labels" });
    var nodeLayer = svgEl("g", { class: "nodes" });
    view.appendChild(edgeLayer); view.appendChild(nodeLayer); view.appendChild(labelLayer);
    model.edges.forEach(function (e, i) {
      var a = model.nodes[e.source], b = model.nodes[e.target], lab = model.labels[i];
      var path = svgEl("path", { d: edgePath(a, lab, b), class: "edge", "marker-end": "url(#arrow)",
        "stroke-width": Math.min(4, 1 + (e.weight - 1) * 0.5) });
      edgeLayer.appendChild(path);
      var group = svgEl("g", { class: "edge-label-box" });
      group.appendChild(svgEl("rect", { x: lab.x - lab.w / 2, y: lab.y - lab.h / 2, width: lab.w, height: lab.h, rx: 3 }));
      var text = svgEl("text", { x: lab.x, y: lab.y + EDGE_FONT * 0.35, class: "edge-label", "font-size": EDGE_FONT },
        lab.text);
      group.appendChild(text);
      group.appendChild(svgEl("title", {}, a.full + " \u2192 " + b.full + ": " + e.relations.join(", ") +
        " (first in s" + (e.sentence + 1) + ")"));
      group.addEventListener("click", function () {
        var s = data.sentences[e.sentence];
        if (s) jumpTo(s[0], s[1]);
      });
      labelLayer.appendChild(group);
    });
    model.nodes.forEach(function (n) {
      var group = svgEl("g", { class: "node kind-" + n.kind.replace(/[^a-z-]/gi, ""), "data-id": n.id });
      group.appendChild(svgEl("circle", { cx: n.x, cy: circleY(n), r: n.r }));
      group.appendChild(svgEl("text", { x: n.x, y: n.y + n.h / 2 - 4, class: "node-label", "font-size": NODE_FONT }, n.label));
      group.appendChild(svgEl("title", {}, n.full + " (" + n.kind + ")"));
      if (characterById[n.id]) group.addEventListener("click", function () { selectCharacter(n.id); });
      nodeLayer.appendChild(group);
      n.el = group;
    });
    box.appendChild(root);
    state.zoom = { k: 1, x: 0, y: 0, minK: 0.1, view: view, svg: root };
    panAndZoom(root);
    firstView();
    markSelectedNode();
  }

  function applyZoom() {
    var z = state.zoom;
    z.view.setAttribute("transform", "translate(" + z.x.toFixed(1) + "," + z.y.toFixed(1) + ") scale(" + z.k.toFixed(4) + ")");
  }

  function zoomAt(factor, px, py) {
    var z = state.zoom;
    var k = Math.max(z.minK || 0.1, Math.min(4, z.k * factor));
    z.x = px - (px - z.x) * k / z.k;
    z.y = py - (py - z.y) * k / z.k;
    z.k = k;
    applyZoom();
  }

  var FIT_MARGIN = 12;  // px kept clear around the graph when it is fitted to the pane
  var READABLE = 0.8;  // the first view's least zoom: node labels stay readable

  // The zoom and centre that show the whole drawing (nodes, labels and the curves of the edges) in the pane.
  function wholeView() {
    var z = state.zoom;
    var bb = z.view.getBBox();  // in the graph's own units, before the zoom's transform
    var width = z.svg.clientWidth || 400, height = z.svg.clientHeight || 400;
    var k = Math.min(1.5, (width - 2 * FIT_MARGIN) / (bb.width || 1), (height - 2 * FIT_MARGIN) / (bb.height || 1));
    return { k: Math.max(1e-3, k), cx: bb.x + bb.width / 2, cy: bb.y + bb.height / 2, width: width, height: height };
  }

  function setView(k, cx, cy, width, height) {
    var z = state.zoom;
    z.k = k; z.x = width / 2 - cx * k; z.y = height / 2 - cy * k;
    applyZoom();
  }

  // "fit": the whole graph, however small that makes it.
  function fitGraph() {
    if (!state.graph || !state.graph.nodes.length) return;
    var v = wholeView();
    state.zoom.minK = Math.min(0.1, v.k);  // zooming out may go as far as fit does
    setView(v.k, v.cx, v.cy, v.width, v.height);
  }

  // The first view: the whole graph when it fits at a readable size, else readable, centred on the most
  // mentioned node ("fit" shows the whole).
  function firstView() {
    var model = state.graph;
    if (!model || !model.nodes.length) return;
    var v = wholeView();
    state.zoom.minK = Math.min(0.1, v.k);
    if (v.k >= READABLE) setView(v.k, v.cx, v.cy, v.width, v.height);
    else setView(READABLE, model.nodes[0].x, model.nodes[0].y, v.width, v.height);
  }

  function panAndZoom(svgRoot) {
    svgRoot.addEventListener("wheel", function (e) {
      e.preventDefault();
      var rect = svgRoot.getBoundingClientRect();
      zoomAt(Math.exp(-e.deltaY * 0.0015), e.clientX - rect.left, e.clientY - rect.top);
    }, { passive: false });
    var drag = null;
    svgRoot.addEventListener("pointerdown", function (e) {
      if (e.target.closest && e.target.closest(".node, .edge-label-box")) return;
      drag = { x: e.clientX, y: e.clientY, zx: state.zoom.x, zy: state.zoom.y };
      svgRoot.setPointerCapture(e.pointerId);
      svgRoot.classList.add("panning");
    });
    svgRoot.addEventListener("pointermove", function (e) {
      if (!drag) return;
      state.zoom.x = drag.zx + e.clientX - drag.x;
      state.zoom.y = drag.zy + e.clientY - drag.y;
      applyZoom();
    });
    function stop() { drag = null; svgRoot.classList.remove("panning"); }
    svgRoot.addEventListener("pointerup", stop);
    svgRoot.addEventListener("pointercancel", stop);
  }

  function zoomButton(factor) {
    if (!state.zoom) return;
    zoomAt(factor, (state.zoom.svg.clientWidth || 400) / 2, (state.zoom.svg.clientHeight || 400) / 2);
  }

  function markSelectedNode() {
    if (!state.graph) return;
    state.graph.nodes.forEach(function (n) { n.el.classList.toggle("selected", n.id === state.character); });
  }

  // ---- per-character lanes: where each is, what each holds, what each knows ------------------------
  var LANES_SHOWN = 12;
  // Text room in a lane's name (150 px less padding and border, measured bold as the selected lane's is)
  // and in a bar (its padding and border, and a pixel to spare); the sizes viewer.css gives them.
  var LANE_NAME_FONT = 12, LANE_NAME_ROOM = 150 - 2 * 6 - 2, BAR_FONT = 10, BAR_INSET = 2 * 3 + 2 + 1;

  function renderLanes() {
    var box = $("lanes");
    clear(box);
    var lanes = data.lanes || [];
    var count = Math.max(1, data.sentences.length);
    var nameWidth = 150;
    var avail = Math.max(200, box.clientWidth - nameWidth - 12);
    var perSentence = Math.max(avail / count, 0) * state.laneZoom;
    var width = Math.max(avail, Math.ceil(count * perSentence));
    var x = function (k) { return k * width / count; };
    box.appendChild(laneAxis(count, width, x));
    var shown = state.lanesAll ? lanes : lanes.slice(0, LANES_SHOWN);
    shown.forEach(function (lane) { box.appendChild(laneRow(lane, width, x)); });
    var more = $("lanes-more");
    more.hidden = lanes.length <= LANES_SHOWN;
    more.textContent = state.lanesAll ? "show the first " + LANES_SHOWN + " only" :
      "show all " + lanes.length + " characters (" + (lanes.length - LANES_SHOWN) + " more)";
    if (!lanes.length) box.appendChild(el("p", "hint", "No characters found."));
  }

  function laneAxis(count, width, x) {
    var row = el("div", "lane lane-axis");
    row.appendChild(el("div", "lane-name", "sentence"));
    var track = el("div", "lane-track");
    track.style.width = width + "px";
    var step = Math.max(1, niceStep(count * 70 / width));
    for (var k = 0; k < count; k += step) {
      var tick = el("span", "axis-tick", "s" + (k + 1));
      tick.style.left = x(k) + "px";
      track.appendChild(tick);
    }
    row.appendChild(track);
    return row;
  }

  function niceStep(raw) {
    var p = Math.pow(10, Math.floor(Math.log10(Math.max(1, raw))));
    var m = raw / p;
    return (m <= 1 ? 1 : m <= 2 ? 2 : m <= 5 ? 5 : 10) * p;
  }

  function laneRow(lane, width, x) {
    var row = el("div", "lane" + (lane.id === state.character ? " selected" : ""));
    row.dataset.character = lane.id;
    var name = el("button", "lane-name", wholeWords(lane.name, LANE_NAME_ROOM, LANE_NAME_FONT, "600"));
    name.type = "button";
    var traits = lane.traits || [], relations = lane.relations || [];
    name.title = lane.name + ": " + lane.mentions + " mentions; " + lane.where.length + " places, " +
      lane.holds.length + " things held, " + traits.length + " traits, " + relations.length + " relations, knows " +
      lane.knows.length;
    name.addEventListener("click", function () { selectCharacter(lane.id); });
    row.appendChild(name);
    var track = el("div", "lane-track");
    track.style.width = width + "px";
    var where = el("div", "lane-row row-where"), holds = el("div", "lane-row row-holds"), knows = el("div", "lane-row row-knows");
    lane.where.forEach(function (b) { where.appendChild(laneBar(b, "where", "at " + b.label, x)); });
    lane.dead.forEach(function (b) { where.appendChild(laneBar(b, "dead", "dead", x)); });
    lane.holds.forEach(function (b) { holds.appendChild(laneBar(b, "holds", "holds " + b.label, x)); });
    lane.knows.forEach(function (k) {
      var tick = el("span", "lane-tick ch-" + k.channel);
      tick.style.left = x(k.sentence) + "px";
      tick.title = "s" + (k.sentence + 1) + ": knows " + k.label + " (" + howLabel(k) + ")\n\u201c" + short(k.quote, 160) + "\u201d";
      tick.addEventListener("click", function () { pickLaneItem(tick, k.span); });
      knows.appendChild(tick);
    });
    var rows = [where, holds];
    if (traits.length) {  // a row only where the story tells any: most characters have none
      var is = el("div", "lane-row row-traits");
      traits.forEach(function (b) { is.appendChild(laneBar(b, "trait", "is " + b.label, x)); });
      rows.push(is);
    }
    if (relations.length) {
      var rel = el("div", "lane-row row-relations");
      relations.forEach(function (b) { rel.appendChild(laneBar(b, "relation", b.label, x)); });
      rows.push(rel);
    }
    rows.push(knows);
    rows.forEach(function (r) { track.appendChild(r); });
    row.appendChild(track);
    return row;
  }

  function laneBar(b, kind, what, x) {
    var width = Math.max(4, x(b.to + 1) - x(b.from));
    var bar = el("span", "lane-bar bar-" + kind, wholeWords(b.label, width - BAR_INSET, BAR_FONT));
    bar.style.left = x(b.from) + "px";
    bar.style.width = width + "px";
    bar.title = what + ", s" + (b.from + 1) + "\u2013" + (b.open ? "end" : "s" + (b.to + 1)) + "\n\u201c" + short(b.quote, 160) + "\u201d";
    bar.addEventListener("click", function () { pickLaneItem(bar, b.span); });
    return bar;
  }

  function pickLaneItem(item, span) {
    document.querySelectorAll("#lanes .picked").forEach(function (p) { p.classList.remove("picked"); });
    item.classList.add("picked");
    jumpTo(span[0], span[1]);
  }

  // ---- event list ------------------------------------------------------------------------------
  function renderTimeline() {
    renderLanes();
    var body = document.querySelector("#timeline tbody");
    clear(body);
    var pages = Math.max(1, Math.ceil(data.events.length / TIMELINE_PAGE));
    var k = Math.min(state.timelinePage, pages - 1);
    state.timelineEvents = data.events.slice(k * TIMELINE_PAGE, (k + 1) * TIMELINE_PAGE);
    state.timelineEvents.forEach(function (ev) {
      var tr = el("tr", "jump");
      tr.appendChild(el("td", "sn", "s" + (ev.sentence + 1)));
      tr.appendChild(el("td", "sn", ev.scene));
      tr.appendChild(el("td", null, ev.label));
      tr.appendChild(el("td", null, short(ev.present.join(", "), 60)));
      tr.addEventListener("click", function () { jumpTo(ev.span[0], ev.span[1]); });
      body.appendChild(tr);
    });
    $("timeline-info").textContent = (data.lanes || []).length + " characters, one lane each over the story's " +
      data.sentences.length + " sentences: where they are (green), what they hold (amber), traits and titles (violet), relations " +
      "(blue), what they know (ticks, " +
      "coloured by how they learnt it). Hover for the evidence, click to read it. " + data.event_count + " events below" +
      (data.events.length < data.event_count ? " (first " + data.events.length + " included)" : "") + ".";
    $("tl-label").textContent = "page " + (k + 1) + " of " + pages;
    $("tl-prev").disabled = k === 0;
    $("tl-next").disabled = k >= pages - 1;
  }

  // ---- tabs and start-up -----------------------------------------------------------------------
  function showTab(name) {
    document.querySelector("main").classList.toggle("wide", name !== "knowledge");
    document.querySelectorAll("#tabs button").forEach(function (b) { b.classList.toggle("active", b.dataset.tab === name); });
    document.querySelectorAll(".tab").forEach(function (t) { t.hidden = t.id !== "tab-" + name; });
    if (name === "graph") renderGraph();
    if (name === "timeline") renderTimeline();
  }

  function refreshStats() {
    $("stats").textContent = data.words + " words \u00b7 " + data.sentences.length + " sentences \u00b7 " +
      data.characters.length + " characters \u00b7 " + data.event_count + " events \u00b7 " + findingCount().text;
  }

  function init() {
    document.title = "worldstate \u2014 " + data.title;
    $("title").textContent = data.title;
    refreshStats();
    if (data.notes.length) {
      var notes = $("notes");
      notes.hidden = false;
      data.notes.forEach(function (n) { notes.appendChild(el("div", null, n)); });
    }
    renderCharacters();
    renderFindings();
    renderPage(0);
    document.querySelectorAll("#tabs button").forEach(function (b) { b.addEventListener("click", function () { showTab(b.dataset.tab); }); });
    $("prev").addEventListener("click", function () { renderPage(state.page - 1); $("story-pane").scrollTop = 0; });
    $("next").addEventListener("click", function () { renderPage(state.page + 1); $("story-pane").scrollTop = 0; });
    $("story").addEventListener("click", function (e) {
      var m = e.target.closest ? e.target.closest("mark") : null;
      if (m) selectFinding(Number(m.dataset.f.split(" ")[0]));
    });
    $("tl-prev").addEventListener("click", function () { state.timelinePage--; renderTimeline(); });
    $("tl-next").addEventListener("click", function () { state.timelinePage++; renderTimeline(); });
    $("lanes-more").addEventListener("click", function () { state.lanesAll = !state.lanesAll; renderLanes(); });
    $("lanes-in").addEventListener("click", function () { state.laneZoom *= 2; renderLanes(); });
    $("lanes-out").addEventListener("click", function () { state.laneZoom = Math.max(1, state.laneZoom / 2); renderLanes(); });
    $("zoom-in").addEventListener("click", function () { zoomButton(1.25); });
    $("zoom-out").addEventListener("click", function () { zoomButton(0.8); });
    $("zoom-fit").addEventListener("click", fitGraph);
    window.addEventListener("resize", function () { if (!$("tab-timeline").hidden) renderLanes(); });
    // A read-only handle for tests and for the browser console.
    window.worldstateViewer = {
      graphLabels: function () { return state.graph ? state.graph.nodes.map(function (n) { return n.full; }) : []; },
      timelineLabels: function () { return state.timelineEvents.map(function (ev) { return ev.label; }); },
      laneNames: function () { return (data.lanes || []).map(function (l) { return l.name; }); },
      page: function () { return state.page; },
      dismissed: function () { return Object.keys(dismissed).sort(); }
    };
    document.body.dataset.ready = "1";
  }

  init();
}());
