"use strict";
// The phone's page: one seat's hand, all night. Everything shown comes from the game on the big computer,
// which sends this seat only what it may see (one "state" message at a time, the last one again on every
// reconnect); the page draws it and sends back the choice tapped — after a confirm, and only once.
//
// Phone -> game: {"t":"answer","d":<decision id>,"c":<choice i>} | {"t":"order","o":id,"v":value}
//                | {"t":"recap"} | {"t":"hello"} | {"t":"ping"}, each with "n", a number that only grows.
(function () {
  const secret = location.pathname.split("/").pop();
  const $ = (id) => document.getElementById(id);
  const root = document.documentElement;
  root.dataset.blocked = "0";  // what the page's strict policy refused (none, ever: nothing inline, nothing from away)
  document.addEventListener("securitypolicyviolation", () => { root.dataset.blocked = String(Number(root.dataset.blocked) + 1); });

  let ws = null;             // the socket (null between connections)
  let state = null;          // the last state the game sent
  let n = Date.now();        // the messages' number: grows across reloads too
  let attempt = 0;           // connections failed in a row (the backoff)
  let timer = null;          // the next reconnect
  let heard = 0;             // when the game last said anything (performance.now())
  let watchdog = null;       // a wake-up's "did the game answer?" check
  let gone = false;          // this link is no longer a seat: stop trying
  let toastTimer = null;

  const ui = {
    decision: null,          // the id of the decision the page shows
    chosen: null,            // the choice tapped (waiting for "Do it")
    spot: null,              // the board marker tapped (the list shows the choices there)
    sent: null,              // the decision id an answer was sent for (nothing more is sent for it)
    open: new Set(),         // groups opened in full
    recapDone: "",           // the recap dismissed (its lines, as text)
    orders: {},              // order id -> the value sent, until the game's state shows it
    sig: "",                 // the decision's words (a decision renumbered by a standing order is the same)
  };

  // ------------------------------------------------------------------------------------------ helpers
  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text != null) e.textContent = text;
    return e;
  }
  function button(cls, text) { const b = el("button", cls, text); b.type = "button"; return b; }
  function str(v) { return typeof v === "string" ? v : v == null ? "" : String(v); }
  function list(v) { return Array.isArray(v) ? v : []; }

  function send(msg) {
    if (!ws || ws.readyState !== 1) return false;
    n = Math.max(n + 1, Date.now());
    msg.n = n;
    try { ws.send(JSON.stringify(msg)); } catch (e) { return false; }
    return true;
  }

  function toast(text) {
    $("toast-text").textContent = text;
    root.style.setProperty("--toast-top", Math.max(8, $("top").getBoundingClientRect().bottom + 8) + "px");   // under the top bar
    $("toast").hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => { $("toast").hidden = true; }, 8000);
  }
  $("toast-x").addEventListener("click", () => { $("toast").hidden = true; });

  // The seat's colour, lightened until it reads on the dark page (contrast 4.5:1 or more).
  function readable(css) {
    const m = /^#([0-9a-f]{6})$/i.exec(str(css));
    if (!m) return "#e8c15a";
    let rgb = [0, 2, 4].map((i) => parseInt(m[1].slice(i, i + 2), 16));
    const lum = (c) => {
      const l = c.map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); });
      return 0.2126 * l[0] + 0.7152 * l[1] + 0.0722 * l[2];
    };
    const bg = lum([0x2a, 0x20, 0x26]);
    for (let k = 0; k < 10 && (lum(rgb) + 0.05) / (bg + 0.05) < 4.5; k++) rgb = rgb.map((v) => Math.round(v + (255 - v) * 0.2));
    return "#" + rgb.map((v) => v.toString(16).padStart(2, "0")).join("");
  }

  // ------------------------------------------------------------------------------------------ drawing
  function render() {
    const s = state;
    if (!s) return;
    const d = s.decision && Array.isArray(s.decision.choices) ? s.decision : null;
    const did = d ? d.id : null;
    const sig = d ? JSON.stringify([d.prompt, d.choices.map((c) => [c.label, c.group, c.at])]) : "";
    if (did !== ui.decision) {
      const before = ui.decision, answered = ui.sent != null;
      ui.decision = did; ui.sent = null;
      // The same question under a new number (a standing order set meanwhile is a step of the record):
      // what was tapped stays tapped, and nothing jumps or buzzes. Anything else is a fresh start.
      const same = d !== null && before !== null && !answered && sig === ui.sig;
      if (!same) {
        ui.chosen = null; ui.spot = null; ui.open = new Set();
        if (d !== null || before !== null) window.scrollTo(0, 0);   // (asked, or answered: whose turn, on top)
        if (d !== null && before === null) {                        // your turn begins: the phone says so
          try { if (navigator.vibrate) navigator.vibrate([120, 80, 120]); } catch (e) { /* not on this phone */ }
          $("status").classList.remove("fresh"); void $("status").offsetWidth; $("status").classList.add("fresh");
        }
      }
    }
    ui.sig = sig;
    const focus = document.activeElement;     // the list is drawn anew: the focus stays on its button
    const keep = focus && focus.dataset ? [focus.id, focus.dataset.i, focus.dataset.spot, focus.dataset.value] : null;
    drawTop(s, d);
    drawOver(s);
    drawRecap(s);
    drawBoard(s, d);
    drawDecision(d);
    drawHand(s);
    drawOrders(s);
    drawLog(s);
    drawBar(d);
    if (keep && !document.body.contains(focus)) {
      const [id, i, spot, value] = keep;
      const q = (sel, v) => document.querySelector(sel + '="' + (window.CSS && CSS.escape ? CSS.escape(v) : v) + '"]');
      const again = (i != null && q("#choices button[data-i", i))
        || (spot != null && q("#marks button[data-spot", spot))
        || (value != null && q(".seg button[data-value", value))
        || (id && $(id));
      if (again && !again.disabled && again.focus) again.focus({ preventScroll: true });
    }
    root.dataset.seq = str(s.seq);
    root.dataset.decision = d ? str(d.id) : "";
    root.dataset.sent = ui.sent == null ? "" : str(ui.sent);
  }

  function drawTop(s, d) {
    const seat = str(s.seat);
    root.style.setProperty("--seat", readable(s.colour));
    $("seat").textContent = seat;
    const where = $("where");                 // the game · where it is ("Round 3" kept on one line)
    where.replaceChildren(str(s.game));
    if (s.when) where.append(s.game ? " · " : "", el("span", "when", str(s.when)));
    const st = $("status");
    let head, sub, kind;
    if (s.over) { kind = "over"; head = str(s.status) || "The game is over"; sub = ""; }
    else if (d) { kind = "mine"; head = str(s.status) || "Your turn"; sub = str(d.prompt); }   // ("Call on the gods?")
    else {
      kind = "waiting";
      head = str(s.status) || (s.turn ? str(s.turn) + "'s turn" : "Waiting for the table");
      sub = str(s.sub) || "Watch the big screen — this phone buzzes when it is your turn.";
    }
    st.hidden = !!s.over;                     // the end has its own card, at the top
    st.classList.remove("mine", "waiting", "over");
    st.classList.add(kind);
    $("status-head").textContent = head;
    $("status-sub").textContent = sub;
    document.title = d ? "● " + head + " — " + seat : (seat ? seat + " — " : "") + (str(s.game) || "Deathmatch");
  }

  function drawOver(s) {
    const o = $("over");
    if (!s.over) { o.hidden = true; return; }
    o.replaceChildren(el("p", "head", str(s.over.head) || "The game is over"));
    const ul = el("ul");
    for (const l of list(s.over.lines)) ul.append(el("li", null, str(l)));
    o.append(ul, el("p", "sub", str(s.over.next) || "The big screen shows the results. Thanks for playing!"));
    o.hidden = false;
  }

  function drawRecap(s) {
    const r = s.recap;
    const lines = r ? list(r.lines).map(str) : [];
    const key = lines.join("\n");
    if (!lines.length || key === ui.recapDone) { $("recap").hidden = true; return; }
    $("recap-head").textContent = str(r.heading) || "Since your last turn";
    $("recap-lines").replaceChildren(...lines.map((l) => el("li", null, l)));
    $("recap").hidden = false;
  }
  $("recap-ok").addEventListener("click", () => {
    const r = state && state.recap;
    ui.recapDone = r ? list(r.lines).map(str).join("\n") : "";
    $("recap").hidden = true;
    send({ t: "recap" });
  });

  // The choices' places on the picture: spot key -> {x, y, choices}.
  function spots(d) {
    const out = new Map();
    if (!d) return out;
    for (const c of d.choices) {
      const at = c.at;
      if (!Array.isArray(at) || at.length !== 2 || !(at[0] >= 0 && at[0] <= 1 && at[1] >= 0 && at[1] <= 1)) continue;
      const key = Number(at[0]).toFixed(3) + "," + Number(at[1]).toFixed(3);
      if (!out.has(key)) out.set(key, { key: key, x: Number(at[0]), y: Number(at[1]), choices: [] });
      out.get(key).choices.push(c);
    }
    return out;
  }
  function spotOf(c) {
    const at = c.at;
    return Array.isArray(at) && at.length === 2 && at[0] >= 0 && at[0] <= 1 && at[1] >= 0 && at[1] <= 1
      ? Number(at[0]).toFixed(3) + "," + Number(at[1]).toFixed(3) : null;
  }

  let shownPicture = null;
  let crop = null;             // the part of the picture the board fills: [x0, y0, x1, y1], fractions (null: all)
  $("pic-img").addEventListener("load", () => {            // (the markers' size needs the picture's)
    crop = cropOf($("pic-img"));
    showCrop();
    render();
  });

  // The board's picture is the screen's board area: the board itself sits in it with empty margins, which a
  // phone can not spare. The page finds the board in the picture (what differs from the corner's colour)
  // and shows only that, as large as the phone's width allows.
  function cropOf(image) {
    try {
      const W = image.naturalWidth, H = image.naturalHeight;
      if (!W || !H) return null;
      const k = Math.min(1, 240 / W), w = Math.max(1, Math.round(W * k)), h = Math.max(1, Math.round(H * k));
      const cv = document.createElement("canvas");
      cv.width = w; cv.height = h;
      const g = cv.getContext("2d", { willReadFrequently: true });
      g.drawImage(image, 0, 0, w, h);
      const px = g.getImageData(0, 0, w, h).data;
      const r = px[0], gg = px[1], b = px[2];
      let x0 = w, y0 = h, x1 = -1, y1 = -1;
      for (let y = 0; y < h; y++) {
        for (let x = 0; x < w; x++) {
          const i = (y * w + x) * 4;
          if (Math.abs(px[i] - r) + Math.abs(px[i + 1] - gg) + Math.abs(px[i + 2] - b) > 48) {
            if (x < x0) x0 = x; if (x > x1) x1 = x; if (y < y0) y0 = y; if (y > y1) y1 = y;
          }
        }
      }
      if (x1 < 0) return null;
      const c = [Math.max(0, (x0 - 2) / w), Math.max(0, (y0 - 2) / h), Math.min(1, (x1 + 3) / w), Math.min(1, (y1 + 3) / h)];
      return (c[2] - c[0]) * (c[3] - c[1]) > 0.85 ? null : c;
    } catch (e) {
      return null;
    }
  }
  function showCrop() {
    const pic = $("pic"), img = $("pic-img");
    if (!crop || !img.naturalWidth) {
      pic.style.aspectRatio = ""; pic.style.maxWidth = "";
      img.classList.remove("cropped"); img.style.width = ""; img.style.left = ""; img.style.top = "";
      return;
    }
    const [x0, y0, x1, y1] = crop;
    const aspect = ((x1 - x0) * img.naturalWidth) / ((y1 - y0) * img.naturalHeight);
    pic.style.aspectRatio = String(aspect);
    pic.style.maxWidth = "calc(60vh * " + aspect.toFixed(4) + ")";     // a tall board: not taller than 60% of the screen
    img.classList.add("cropped");
    img.style.width = (100 / (x1 - x0)) + "%";
    img.style.left = (-100 * x0 / (x1 - x0)) + "%";
    img.style.top = (-100 * y0 / (y1 - y0)) + "%";
  }
  function onPic(x, y) {       // a point of the picture (fractions) as a point of the part shown (percent)
    if (!crop) return [x * 100, y * 100];
    return [100 * (x - crop[0]) / (crop[2] - crop[0]), 100 * (y - crop[1]) / (crop[3] - crop[1])];
  }
  window.addEventListener("resize", () => render());
  function drawBoard(s, d) {
    const b = $("board");
    const number = Number.isInteger(s.picture) ? s.picture : null;
    if (number === null) { b.hidden = true; $("marks").replaceChildren(); return; }
    const img = $("pic-img");
    if (number !== shownPicture) {       // the new picture swapped in once loaded: no blank flash
      const src = "/b/" + encodeURIComponent(secret) + "/" + number + ".png";
      const next = new Image();
      next.onload = () => { if (state && state.picture === number) { img.src = src; shownPicture = number; } };
      next.src = src;
      if (shownPicture === null) { img.src = src; shownPicture = number; }
    }
    const marks = $("marks");
    marks.replaceChildren();
    const all = spots(d);
    // Markers as big as the choices' spacing allows (close squares: small dots, far hexes: numbered discs).
    const w = img.clientWidth, h = img.naturalWidth ? w * img.naturalHeight / img.naturalWidth : 0;
    let gap = 60;
    const pts = [...all.values()];
    for (let a = 0; a < pts.length && h; a++) {
      for (let z = a + 1; z < pts.length; z++) gap = Math.min(gap, Math.hypot((pts[a].x - pts[z].x) * w, (pts[a].y - pts[z].y) * h));
    }
    const size = Math.max(14, Math.min(30, Math.round(gap * 0.85)));
    marks.style.setProperty("--mark", size + "px");
    marks.classList.toggle("small", size < 24);
    const chosenSpot = ui.chosen != null && d ? spotOf(d.choices.find((c) => c.i === ui.chosen) || {}) : null;
    for (const sp of all.values()) {
      const m = button("mark", sp.choices.length > 1 && size >= 24 ? String(sp.choices.length) : "");
      m.dataset.spot = sp.key;
      const [left, top] = onPic(sp.x, sp.y);
      m.style.left = left + "%";
      m.style.top = top + "%";
      m.setAttribute("aria-label", sp.choices.map((c) => str(c.label)).join("; "));
      if (sp.key === ui.spot) m.classList.add("on");
      if (sp.key === chosenSpot) m.classList.add("chosen");
      m.disabled = ui.sent != null;
      marks.append(m);
    }
    $("pic").classList.toggle("dim", ui.spot != null || chosenSpot != null);
    $("pic-note").hidden = !(d && all.size > 1 && ui.spot == null && ui.sent == null);
    b.hidden = false;
  }

  // A tap on the picture picks the nearest marker (markers sit close on a small screen).
  $("pic").addEventListener("click", (ev) => {
    const d = state && state.decision;
    if (!d || ui.sent != null) return;
    const all = spots(d);
    if (!all.size) return;
    let key = null;
    const target = ev.target.closest && ev.target.closest(".mark");
    if (target && ev.detail === 0) key = target.dataset.spot;          // a keyboard's "click"
    else {
      const r = $("pic-img").getBoundingClientRect();
      let best = Infinity;
      for (const sp of all.values()) {
        const dx = r.left + sp.x * r.width - ev.clientX, dy = r.top + sp.y * r.height - ev.clientY;
        const dist = Math.hypot(dx, dy);
        if (dist < best) { best = dist; key = sp.key; }
      }
      if (best > 44) key = null;                                       // far from every marker
    }
    pickSpot(key);
  });

  function pickSpot(key) {
    const d = state && state.decision;
    if (!d || ui.sent != null) return;
    if (key === null || key === ui.spot) { ui.spot = null; render(); return; }
    ui.spot = key;
    const here = spots(d).get(key);
    ui.chosen = here && here.choices.length === 1 ? here.choices[0].i : null;
    render();
    const first = document.querySelector("#choices button.choice");
    if (first && first.scrollIntoView) first.scrollIntoView({ block: "nearest", behavior: "smooth" });
  }
  $("filter-all").addEventListener("click", () => { ui.spot = null; render(); });

  const SHOWN = 6;   // a group longer than this shows its first few and "Show all"
  function drawDecision(d) {
    const box = $("decision");
    if (!d) { box.hidden = true; $("choices").replaceChildren(); return; }
    box.hidden = false;
    let choices = d.choices;
    const filtered = ui.spot != null;
    if (filtered) choices = choices.filter((c) => spotOf(c) === ui.spot);
    $("filter").hidden = !filtered;
    if (filtered) $("filter-text").textContent = choices.length === 1 ? "1 choice at this spot" : choices.length + " choices at this spot";
    const groups = new Map();
    for (const c of choices) {
      const g = str(c.group);
      if (!groups.has(g)) groups.set(g, []);
      groups.get(g).push(c);
    }
    const named = [...groups.keys()].some(Boolean);
    const out = [];
    for (const [g, cs] of groups) {
      const sec = el("div", "group");
      if (named) {
        const h = el("h3", null, g || "Other");
        if (cs.length > 1) h.append(el("span", "count", String(cs.length)));
        sec.append(h);
      }
      // one ability's rules text on each of its 30 ways to play it: said once, under the group's heading
      const same = cs.length > 1 && !!str(cs[0].hint) && cs.every((c) => str(c.hint) === str(cs[0].hint));
      if (same) sec.append(el("p", "ghint", str(cs[0].hint)));
      const full = filtered || ui.open.has(g) || cs.length <= SHOWN + 1 || cs.some((c) => c.i === ui.chosen);
      for (const c of full ? cs : cs.slice(0, SHOWN)) sec.append(choiceButton(c, !same));
      if (!full) {
        const more = button("more", "Show all " + cs.length + (g ? " — " + g : ""));
        more.addEventListener("click", () => { ui.open.add(g); render(); });
        sec.append(more);
      }
      out.push(sec);
    }
    if (!d.choices.length) out.push(el("p", "sub", "Nothing to choose: the table goes on by itself."));
    $("choices").replaceChildren(...out);
  }

  function choiceButton(c, withHint = true) {
    const b = button("choice");
    b.dataset.i = String(c.i);
    if (c.who) b.append(el("span", "who", str(c.who)));
    b.append(el("span", "label", str(c.label) || "Choice " + (c.i + 1)));
    if (c.hint && withHint) b.append(el("span", "hint", str(c.hint)));
    if (spotOf(c)) b.append(el("span", "pin"));
    const chosen = c.i === ui.chosen;
    b.classList.toggle("chosen", chosen);
    b.setAttribute("aria-pressed", chosen ? "true" : "false");
    b.disabled = ui.sent != null;
    b.addEventListener("click", () => {
      if (ui.sent != null || !state || !state.decision) return;
      ui.chosen = c.i;
      render();
    });
    return b;
  }

  function drawBar(d) {
    const bar = $("bar");
    const what = $("bar-what");
    if (!d || (ui.chosen == null && ui.sent == null)) {
      bar.hidden = true; $("main").classList.remove("with-bar"); root.classList.remove("with-bar"); return;
    }
    bar.hidden = false;
    $("main").classList.add("with-bar");
    root.classList.add("with-bar");
    if (ui.sent != null) {
      bar.classList.add("sent");
      what.replaceChildren(el("span", "spin"), el("span", null, "Sent — waiting for the table"));
      $("bar-buttons").hidden = true;
      $("doit").disabled = true; $("back").disabled = true;
      return;
    }
    bar.classList.remove("sent");
    const c = d.choices.find((x) => x.i === ui.chosen);
    if (!c) { ui.chosen = null; bar.hidden = true; $("main").classList.remove("with-bar"); root.classList.remove("with-bar"); return; }
    const b = el("b", null, str(c.label) || "Choice " + (c.i + 1));
    what.replaceChildren(c.who ? str(c.who) + ": " : "", b);
    if (c.hint) what.append(el("span", "hint", str(c.hint)));
    $("bar-buttons").hidden = false;
    $("doit").disabled = false; $("back").disabled = false;
    // a long answer's words make the bar taller: the list's end scrolls out from under it all the same
    root.style.setProperty("--bar", bar.offsetHeight + "px");
  }
  $("back").addEventListener("click", () => { if (ui.sent == null) { ui.chosen = null; render(); } });
  document.addEventListener("keydown", (e) => {     // (a phone with a keyboard: Escape is "Back")
    if (e.key === "Escape" && ui.sent == null && (ui.chosen != null || ui.spot != null)) { ui.chosen = null; ui.spot = null; render(); }
  });
  $("doit").addEventListener("click", () => {
    const d = state && state.decision;
    if (!d || ui.sent != null || ui.chosen == null) return;    // sent once: a second tap sends nothing
    if (!send({ t: "answer", d: d.id, c: ui.chosen })) {
      toast("Not connected just now — nothing was sent. Tap “Do it” again when it says Connected.");
      return;
    }
    ui.sent = d.id;
    render();
  });

  function drawHand(s) {
    const hand = list(s.hand);
    $("hand").hidden = !hand.length;
    $("cards").replaceChildren(...hand.map((c) => {
      const k = el("div", "cardx");
      const t = el("div", "title");
      t.append(el("span", null, str(c.title)));
      if (c.tag) t.append(el("span", "tag", str(c.tag)));
      k.append(t);
      for (const l of list(c.lines)) k.append(el("p", null, str(l)));
      return k;
    }));
  }

  function drawOrders(s) {
    const orders = list(s.orders);
    $("orders").hidden = !orders.length;
    const lock = orders.find((o) => o && o.locked);    // (one word for all: each row's controls are greyed)
    $("orders-sub").textContent = "What happens when you are not asked." + (lock ? " " + str(lock.locked) : "");
    $("orders-sub").classList.toggle("locked", !!lock);
    $("order-list").replaceChildren(...orders.map((o) => {
      const id = str(o.id);
      const values = list(o.values).filter((v) => Array.isArray(v) && v.length >= 2).map((v) => [str(v[0]), str(v[1])]);
      if (ui.orders[id] === str(o.value)) delete ui.orders[id];        // the game shows it: no longer pending
      const pending = Object.prototype.hasOwnProperty.call(ui.orders, id);
      const value = pending ? ui.orders[id] : str(o.value);
      const locked = o.locked ? str(o.locked) : "";      // (not now: the game takes it on your own turn)
      const box = el("div", "order");
      const label = el("div", "olabel", str(o.label) || id);
      label.id = "order-" + id;
      box.append(label);
      const short = values.length <= 3 && values.every((v) => v[1].length <= 16);
      if (short) {
        const seg = el("div", "seg");
        seg.setAttribute("role", "group");
        seg.setAttribute("aria-labelledby", label.id);
        for (const [v, words] of values) {
          const b = button(null, words);
          b.dataset.order = id; b.dataset.value = v;
          b.setAttribute("aria-pressed", v === value ? "true" : "false");
          if (pending && v === value) b.classList.add("pending");
          b.disabled = !!locked;
          b.addEventListener("click", () => setOrder(id, v));
          seg.append(b);
        }
        box.append(seg);
      } else {
        const sel = el("select");
        sel.dataset.order = id;
        sel.setAttribute("aria-labelledby", label.id);
        for (const [v, words] of values) {
          const opt = el("option", null, words);
          opt.value = v;
          if (v === value) opt.selected = true;
          sel.append(opt);
        }
        sel.disabled = !!locked;
        sel.addEventListener("change", () => setOrder(id, sel.value));
        box.append(sel);
      }
      if (pending) box.append(el("p", "saving", "Saving…"));
      else if (o.hint) box.append(el("p", "hint", str(o.hint)));
      return box;
    }));
  }
  function setOrder(id, value) {
    const o = state && list(state.orders).find((x) => str(x.id) === id);
    if (!o) return;
    const now = Object.prototype.hasOwnProperty.call(ui.orders, id) ? ui.orders[id] : str(o.value);
    if (now === value) return;
    if (!send({ t: "order", o: id, v: value })) { toast("Not connected just now — the order was not changed."); render(); return; }
    ui.orders[id] = value;
    render();
  }

  function drawLog(s) {
    const lines = list(s.log).map(str);
    $("log").hidden = !lines.length;
    $("log-head").textContent = "The game so far (" + lines.length + ")";
    $("log-lines").replaceChildren(...lines.slice().reverse().map((l) => el("li", null, l)));
  }

  // ------------------------------------------------------------------------------------------ the link
  function setLink(kind, words) {
    $("link").className = "link " + kind;
    $("link-text").textContent = words;
    root.dataset.link = kind;
  }

  function connect() {
    clearTimeout(timer); timer = null;
    if (gone) return;
    if (ws) { const old = ws; ws = null; old.onclose = null; try { old.close(); } catch (e) { /* closed */ } }
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    let sock;
    try { sock = new WebSocket(proto + "//" + location.host + "/ws/" + encodeURIComponent(secret)); }
    catch (e) { return later(); }
    ws = sock;
    let opened = false;
    sock.onopen = () => {
      opened = true; attempt = 0; heard = performance.now();
      root.dataset.opened = String(Number(root.dataset.opened || 0) + 1);
      setLink("connected", "Connected");   // (the game sends this seat's state at once)
      // An answer that left before the link broke may never have arrived: the state sent now says.
      ui.sent = null;
      render();
    };
    sock.onmessage = (ev) => {
      heard = performance.now();
      let m;
      try { m = JSON.parse(ev.data); } catch (e) { return; }
      if (!m || typeof m !== "object") return;
      if (m.t === "state") { state = m; render(); }
      else if (m.t === "error") {
        toast(str(m.text) || "The game refused that.");
        if (m.code === "bad_order" || m.code === "refused") ui.orders = {};
        else if (ui.sent != null) ui.sent = null;                 // the answer was refused: choose again
        render();
      }
    };
    sock.onclose = () => {
      if (ws !== sock) return;
      ws = null;
      if (opened) root.dataset.lost = String(Number(root.dataset.lost || 0) + 1);
      if (!opened) check();
      later();
    };
  }

  function later() {
    if (gone) return;
    attempt += 1;
    setLink("reconnecting", attempt > 6 ? "Can't reach the game — on the same Wi-Fi as the big screen?" : "Reconnecting…");
    const wait = Math.min(8000, 400 * Math.pow(2, attempt - 1)) * (0.8 + Math.random() * 0.4);
    clearTimeout(timer);
    timer = setTimeout(connect, wait);
  }

  // A socket that never opens: is the address still a seat? (The game says 404 to a retired link.)
  function check() {
    if (attempt < 1 || !window.fetch) return;
    fetch(location.pathname, { cache: "no-store", credentials: "omit" }).then((r) => {
      if (r.status === 404) {
        gone = true; clearTimeout(timer);
        setLink("gone", "Not a seat");
        $("gone").hidden = false;
        $("toast").hidden = true;   // (the card says it: "… your seat was given a new code"; the toast covered its heading)
        forget();
      }
    }).catch(() => { /* the computer is out of reach: keep trying */ });
  }
  $("gone-retry").addEventListener("click", () => { location.reload(); });

  // A retired link (the seat's code made anew: a lost or shared phone) shows the seat's hand no more: its
  // hidden cards, its question and its orders go from this page. A finished game's results stay (nothing in
  // them is secret any longer).
  function forget() {
    if (state && state.over) return;
    state = null; ui.chosen = null; ui.sent = null; ui.spot = null;
    for (const id of ["status", "recap", "board", "decision", "hand", "orders", "log", "bar"]) $(id).hidden = true;
    for (const id of ["recap-lines", "marks", "choices", "cards", "order-list", "log-lines", "bar-what"]) $(id).replaceChildren();
    $("pic-img").removeAttribute("src");
    $("main").classList.remove("with-bar"); root.classList.remove("with-bar");
    document.title = "Deathmatch — not a seat";
  }

  // A phone that slept, or came back on the network: reconnect at once, or make sure the link still works.
  function wake() {
    if (gone) return;
    if (!ws || ws.readyState > 1) { attempt = 0; connect(); return; }
    if (ws.readyState === 1) {
      const asked = performance.now();
      send({ t: "ping" });                 // the game answers "pong" at once
      clearTimeout(watchdog);
      watchdog = setTimeout(() => {
        if (heard < asked && ws && ws.readyState === 1) { attempt = 0; connect(); }   // a dead link: a new one
      }, 4000);
    }
  }
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") wake(); });
  window.addEventListener("pageshow", (e) => { if (e.persisted) wake(); });
  window.addEventListener("online", wake);
  setInterval(() => {
    if (document.visibilityState !== "visible" || !ws || ws.readyState !== 1) return;
    if (performance.now() - heard > 25000) wake();
  }, 10000);

  // For the tests (and a curious player's console): drop the link as a lost Wi-Fi would.
  window.deathmatchPhone = { drop: () => { if (ws) ws.close(); } };

  setLink("connecting", "Connecting…");
  connect();
})();
