/* worldstate viewer: renders the embedded world state. Story strings go through textContent and
 * createTextNode only (never innerHTML), so story text cannot inject markup. */
(function () {
  "use strict";

  var data = JSON.parse(document.getElementById("ws-data").textContent);
  var text = data.text;
  var TIMELINE_PAGE = 100;
  var state = { page: -1, character: null, finding: null, timelinePage: 0, cy: null, timeline: null };

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
    var pageMarks = marks.filter(function (m) { return m.end > lo && m.start < hi; });
    var frag = document.createDocumentFragment();
    for (var p = first; p <= last; p++) {
      var para = el("p");
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
    li.appendChild(el("span", "cat", f.category + (f.subtype ? " / " + f.subtype : "")));
    li.appendChild(document.createTextNode(" "));
    li.appendChild(el("span", "conf", "(" + Number(f.confidence).toFixed(2) + ")"));
    if (f.character) li.appendChild(el("span", "conf", " \u2014 " + f.character));
    li.appendChild(el("div", null, short(f.explanation, 240)));
    f.evidence.forEach(function (ev) {
      var q = el("span", "quote", "\u201c" + short(ev.text, 160) + "\u201d ");
      q.appendChild(el("span", "sn", "s" + (ev.sentence + 1) + (ev.role !== "error" ? " \u00b7 " + ev.role : "")));
      li.appendChild(q);
    });
    li.tabIndex = 0;
    li.addEventListener("click", function () { selectFinding(f.index); });
    li.addEventListener("keydown", function (e) { if (e.key === "Enter") selectFinding(f.index); });
    return li;
  }

  function renderFindings() {
    var list = $("findings");
    clear(list);
    $("finding-count").textContent = "(" + data.findings.length + ")";
    if (!data.findings.length) list.appendChild(el("li", "hint", "No findings."));
    data.findings.forEach(function (f) { list.appendChild(findingItem(f)); });
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
    if (state.cy) { state.cy.$(":selected").unselect(); state.cy.$id(id).select(); }
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

  // ---- entity graph (Cytoscape.js) --------------------------------------------------------------
  function renderGraph() {
    if (state.cy) { state.cy.resize(); return; }
    var g = data.graph;
    $("graph-info").textContent = g.nodes.length + " of " + g.total_nodes + " entities, " + g.edges.length + " of " +
      g.total_edges + " relations. Click a character to see what they know.";
    if (typeof cytoscape !== "function") { $("graph-info").textContent += " (graph library failed to load)"; return; }
    var elements = g.nodes.map(function (n) { return { data: { id: n.id, label: n.label, kind: n.kind, size: 18 + Math.min(30, n.mentions * 2) } }; })
      .concat(g.edges.map(function (e) { return { data: { id: e.id, source: e.source, target: e.target, label: e.label, sentence: e.sentence } }; }));
    state.cy = cytoscape({
      container: $("graph"),
      elements: elements,
      layout: { name: g.nodes.length > 1 ? "cose" : "grid", animate: false, randomize: false, nodeRepulsion: 8000 },
      style: [
        { selector: "node", style: { label: "data(label)", width: "data(size)", height: "data(size)", "font-size": 10,
          "background-color": "#8fa3b8", "text-valign": "bottom", "text-margin-y": 3 } },
        { selector: 'node[kind = "character"]', style: { "background-color": "#2f6fb3" } },
        { selector: 'node[kind = "place"]', style: { "background-color": "#3f9d5a", shape: "round-rectangle" } },
        { selector: 'node[kind = "object"]', style: { "background-color": "#c58b2c", shape: "diamond" } },
        { selector: "node:selected", style: { "border-width": 3, "border-color": "#c0392b" } },
        { selector: "edge", style: { label: "data(label)", "font-size": 8, width: 1.5, "curve-style": "bezier",
          "target-arrow-shape": "triangle", "line-color": "#b7c2cf", "target-arrow-color": "#b7c2cf", "text-rotation": "autorotate" } }
      ]
    });
    state.cy.on("tap", "node", function (evt) {
      var id = evt.target.id();
      if (characterById[id]) selectCharacter(id);
    });
    state.cy.on("tap", "edge", function (evt) {
      var s = data.sentences[evt.target.data("sentence")];
      if (s) jumpTo(s[0], s[1]);
    });
    if (state.character) state.cy.$id(state.character).select();
  }

  // ---- timeline --------------------------------------------------------------------------------
  function renderTimeline() {
    var body = document.querySelector("#timeline tbody");
    clear(body);
    var pages = Math.max(1, Math.ceil(data.events.length / TIMELINE_PAGE));
    var k = Math.min(state.timelinePage, pages - 1);
    data.events.slice(k * TIMELINE_PAGE, (k + 1) * TIMELINE_PAGE).forEach(function (ev) {
      var tr = el("tr", "jump");
      tr.appendChild(el("td", "sn", "s" + (ev.sentence + 1)));
      tr.appendChild(el("td", "sn", ev.scene));
      tr.appendChild(el("td", null, ev.label));
      tr.appendChild(el("td", null, short(ev.present.join(", "), 60)));
      tr.addEventListener("click", function () { jumpTo(ev.span[0], ev.span[1]); });
      body.appendChild(tr);
    });
    drawTimeline(data.events.slice(k * TIMELINE_PAGE, (k + 1) * TIMELINE_PAGE));
    $("timeline-info").textContent = data.event_count + " events in narrative order" +
      (data.events.length < data.event_count ? " (first " + data.events.length + " included)" : "") + ".";
    $("tl-label").textContent = "page " + (k + 1) + " of " + pages;
    $("tl-prev").disabled = k === 0;
    $("tl-next").disabled = k >= pages - 1;
  }

  // Events of the current timeline page on a strip: x = narrative order, one lane per agent.
  function drawTimeline(events) {
    if (typeof cytoscape !== "function") return;
    if (state.timeline) state.timeline.destroy();
    var lanes = {};
    var laneCount = 0;
    var flagged = {};
    data.findings.forEach(function (f) { f.evidence.forEach(function (ev) { flagged[ev.sentence] = true; }); });
    var elements = events.map(function (ev, i) {
      var agent = ev.agent || "\u2014";
      if (!(agent in lanes)) lanes[agent] = laneCount < 7 ? laneCount++ : 7;
      return { group: "nodes", data: { id: "t" + i, label: ev.label, flagged: flagged[ev.sentence] ? 1 : 0, ev: i },
        position: { x: i * 70, y: lanes[agent] * 28 } };
    });
    for (var i = 1; i < events.length; i++) elements.push({ group: "edges", data: { id: "n" + i, source: "t" + (i - 1), target: "t" + i } });
    state.timeline = cytoscape({
      container: $("timeline-graph"), elements: elements, layout: { name: "preset", fit: true, padding: 20 },
      style: [
        { selector: "node", style: { label: "data(label)", "font-size": 8, width: 10, height: 10, "background-color": "#2f6fb3", "text-valign": "top" } },
        { selector: "node[flagged = 1]", style: { "background-color": "#c0392b", width: 14, height: 14 } },
        { selector: "edge", style: { width: 1, "line-color": "#d5dbe2", "curve-style": "straight" } }
      ]
    });
    state.timeline.on("tap", "node", function (evt) {
      var ev = events[evt.target.data("ev")];
      jumpTo(ev.span[0], ev.span[1]);
    });
  }

  // ---- tabs and start-up -----------------------------------------------------------------------
  function showTab(name) {
    document.querySelectorAll("#tabs button").forEach(function (b) { b.classList.toggle("active", b.dataset.tab === name); });
    document.querySelectorAll(".tab").forEach(function (t) { t.hidden = t.id !== "tab-" + name; });
    if (name === "graph") renderGraph();
    if (name === "timeline") renderTimeline();
  }

  function init() {
    document.title = "worldstate \u2014 " + data.title;
    $("title").textContent = data.title;
    $("stats").textContent = data.words + " words \u00b7 " + data.sentences.length + " sentences \u00b7 " +
      data.characters.length + " characters \u00b7 " + data.event_count + " events \u00b7 " + data.findings.length + " findings";
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
    // A read-only handle for tests and for the browser console.
    window.worldstateViewer = {
      graphLabels: function () { return state.cy ? state.cy.nodes().map(function (n) { return n.data("label"); }) : []; },
      timelineLabels: function () { return state.timeline ? state.timeline.nodes().map(function (n) { return n.data("label"); }) : []; },
      page: function () { return state.page; }
    };
    document.body.dataset.ready = "1";
  }

  init();
}());
