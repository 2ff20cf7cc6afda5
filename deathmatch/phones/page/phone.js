"use strict";
// The phone's page: one seat's hand. Everything shown comes from the game on the big computer, which sends
// this seat only what it may see; the page draws it and sends back the choice tapped.
(function () {
  const secret = location.pathname.split("/").pop();
  let ws = null, state = null, n = 0, retry = 500;
  const $ = (id) => document.getElementById(id);
  function el(tag, cls, text) { const e = document.createElement(tag); if (cls) e.className = cls; if (text != null) e.textContent = text; return e; }
  function send(msg) { if (ws && ws.readyState === 1) { msg.n = ++n; ws.send(JSON.stringify(msg)); } }
  function render() {
    const s = state; if (!s) return;
    $("seat").textContent = s.seat; $("seat").style.color = s.colour || ""; $("when").textContent = s.when || "";
    $("status").textContent = s.status || "";
    const d = $("decision"); d.replaceChildren();
    if (s.decision) {
      d.append(el("h2", null, s.decision.prompt));
      for (const c of s.decision.choices) {
        const b = el("button", "choice", c.label);
        b.addEventListener("click", () => { send({ t: "answer", d: s.decision.id, c: c.i }); d.replaceChildren(el("p", null, "Sent…")); });
        d.append(b);
      }
    }
    const r = $("recap"); r.replaceChildren();
    if (s.recap && s.recap.lines.length) { r.append(el("h2", null, s.recap.heading)); for (const l of s.recap.lines) r.append(el("p", null, l)); }
    const h = $("hand"); h.replaceChildren();
    if (s.hand && s.hand.length) { h.append(el("h2", null, "Your hand")); for (const c of s.hand) { const k = el("div", "card"); k.append(el("b", null, c.title)); for (const l of c.lines) k.append(el("p", null, l)); h.append(k); } }
    const lg = $("log"); lg.replaceChildren();
    if (s.log && s.log.length) { lg.append(el("h2", null, "The game so far")); for (const l of s.log.slice().reverse()) lg.append(el("p", null, l)); }
  }
  function connect() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    ws = new WebSocket(proto + "//" + location.host + "/ws/" + secret);
    ws.onopen = () => { $("link").textContent = "Connected"; retry = 500; };
    ws.onmessage = (ev) => {
      const m = JSON.parse(ev.data);
      if (m.t === "state") { state = m; render(); }
      else if (m.t === "error") { $("link").textContent = m.text; $("link").className = "link error"; }
    };
    ws.onclose = () => { $("link").textContent = "Reconnecting…"; setTimeout(connect, retry); retry = Math.min(retry * 2, 5000); };
  }
  connect();
})();
