// The page of one question: its form comes from /api/form, its answer from a job the
// server runs (/api/ask, then /api/jobs), polled for progress until it is done, failed or cancelled.
"use strict";
const [, kind, game] = location.pathname.split("/");
const RANKS = "AKQJT98765432";
const SUITS = [["S", "\u2660"], ["H", "\u2665"], ["D", "\u2666"], ["C", "\u2663"]];
const $ = (id) => document.getElementById(id);
let spec = null;
let job = null;
let timer = null;

function players() {
  const field = $("players");
  return field ? parseInt(field.value, 10) : 4;
}

function handCards() {
  return $("hand").value.toUpperCase().split(/[\s,]+/).filter((c) => c).map((c) => c.replace(/^10/, "T"));
}

function cardButton(card, text, red) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "card" + (red ? " red" : "");
  button.dataset.card = card;
  button.textContent = text;
  button.onclick = () => toggleCard(card);
  return button;
}

function drawCards() {
  const box = $("cards");
  box.innerHTML = "";
  for (const [suit, symbol] of SUITS) {
    for (const rank of RANKS) box.appendChild(cardButton(rank + suit, rank + symbol, suit === "H" || suit === "D"));
  }
  // The deck's cards beyond the pack (jokers), in a row of their own.
  for (const card of spec.extra_cards) box.appendChild(cardButton(card, card, false));
  showHand();
}

function toggleCard(card) {
  const cards = handCards();
  const at = cards.indexOf(card);
  if (at >= 0) cards.splice(at, 1); else cards.push(card);
  $("hand").value = cards.join(" ");
  showHand();
}

function showHand() {
  const cards = handCards();
  for (const button of document.querySelectorAll(".card")) {
    button.classList.toggle("chosen", cards.includes(button.dataset.card));
  }
  $("hand-count").textContent = `${cards.length} of ${spec.hand_size} cards`;
}

function drawTable() {
  const svg = $("table");
  const n = players();
  const seat = parseInt($("seat").value, 10);
  // Room above the top seat for its "dealer" label: the table's centre 124 px down.
  svg.innerHTML = '<ellipse cx="150" cy="124" rx="90" ry="55" fill="#2e7d32" stroke="#1b5e20"/>';
  for (let k = 1; k <= n; k++) {
    // Seat 1 (the dealer's left) at the bottom, then clockwise; the dealer is seat n.
    const angle = Math.PI / 2 + (2 * Math.PI * (k - 1)) / n;
    const x = 150 + 120 * Math.cos(angle);
    const y = 124 + 85 * Math.sin(angle);
    const g = document.createElementNS("http://www.w3.org/2000/svg", "g");
    g.setAttribute("class", "seat" + (k === seat ? " mine" : ""));
    g.dataset.seat = k;
    g.innerHTML = `<circle cx="${x}" cy="${y}" r="17"/><text x="${x}" y="${y + 5}" text-anchor="middle">${k}</text>` +
      (k === n ? `<text x="${x}" y="${y - 22}" text-anchor="middle" font-size="11">dealer</text>` : "");
    g.onclick = () => { $("seat").value = k; drawTable(); drawCalls(); };
    svg.appendChild(g);
  }
  if (seat > n) { $("seat").value = n; return drawTable(); }
  $("seat-text").textContent = `seat ${seat} of ${n}` + (seat === n ? " (the dealer)" : "") +
    (kind === "advice" ? `: ${seat - 1} call(s) heard before yours` : "");
}

function calls() {
  return $("calls").value.split(",").map((c) => c.trim()).filter((c) => c);
}

function drawCalls() {
  if (kind !== "advice") return;
  const box = $("call-buttons");
  box.innerHTML = "";
  const wanted = parseInt($("seat").value, 10) - 1;
  for (const name of spec.calls) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = name === "pass" ? "pass" : `bid ${name}`;
    button.dataset.call = name;
    button.disabled = calls().length >= wanted;
    button.onclick = () => { $("calls").value = [...calls(), name].join(","); drawCalls(); };
    box.appendChild(button);
  }
  const clear = document.createElement("button");
  clear.type = "button";
  clear.textContent = "clear";
  clear.onclick = () => { $("calls").value = ""; drawCalls(); };
  box.appendChild(clear);
  const hint = document.createElement("span");
  hint.className = "hint";
  hint.textContent = wanted ? `seats 1 to ${wanted} have spoken (${calls().length} given)` : "you speak first";
  box.appendChild(hint);
}

function drawRules() {
  const box = $("rules");
  box.innerHTML = "";
  for (const option of spec.options) {
    const label = document.createElement("label");
    label.title = option.help;
    if (option.name === "players") {
      const select = document.createElement("select");
      select.id = "players";
      for (const n of option.values) select.add(new Option(`${n} players`, n, false, n === option.default));
      select.onchange = () => { drawTable(); drawCalls(); followTable(); };
      label.append(select);
    } else if (option.switch) {
      const box2 = document.createElement("input");
      box2.type = "checkbox";
      box2.checked = option.default;
      box2.dataset.option = option.name;
      box2.dataset.default = option.default;
      label.append(box2, " " + option.name);
    } else if (option.values) {
      const select = document.createElement("select");
      for (const value of option.values) select.add(new Option(value, value, false, value === option.default));
      select.dataset.option = option.name;
      select.dataset.default = option.default;
      label.append(option.name + " ", select);
    } else {
      const input = document.createElement("input");
      input.size = 8;
      input.value = option.default;
      input.dataset.option = option.name;
      input.dataset.default = option.default;
      label.append(option.name + " ", input);
    }
    box.appendChild(label);
  }
  for (const field of box.querySelectorAll("[data-option]")) field.addEventListener("change", followTable);
}

// The players offered first depend on the table (a fitted bidder or a network plays only
// some): when the players or a rule change, ask the server again, replace each players
// field still holding the default it was given, and show at once a table the rules refuse
// (a partnership of 5) beside its field (only the latest answer counts).
let asked = 0;
async function followTable() {
  const query = new URLSearchParams(variants().map((v) => ["variant", v]));
  if (spec.players) query.set("players", String(players()));
  const mine = ++asked;
  const response = await fetch(`/api/form/${kind}/${game}?${query}`);
  if (!response.ok || mine !== asked) return;
  const fresh = await response.json();
  for (const key of ["strategy", "hand_strategy"]) {
    if ($(key).value === spec.defaults[key]) $(key).value = fresh.defaults[key];
    spec.defaults[key] = fresh.defaults[key];
  }
  for (const field of ["players", "variants"]) $(`error-${field}`).textContent = fresh.rules_errors[field] || "";
}

function variants() {
  const found = [];
  for (const field of document.querySelectorAll("[data-option]")) {
    if (field.type === "checkbox") {
      if (String(field.checked) !== field.dataset.default) found.push(`${field.dataset.option}=${field.checked}`);
    } else if (field.value.trim() !== String(field.dataset.default)) found.push(`${field.dataset.option}=${field.value.trim()}`);
  }
  return found;
}

function formData() {
  const data = {
    hand: $("hand").value, seat: $("seat").value, calls: $("calls").value,
    trump: $("trump").value, turned: $("turned").value, strategy: $("strategy").value,
    hand_strategy: $("hand_strategy").value, deals: $("deals").value, seed: $("seed").value,
    variants: variants(),
  };
  if (spec.players) data.players = String(players());
  if (!spec.seat) delete data.seat;
  return data;
}

function showErrors(errors) {
  for (const span of document.querySelectorAll(".error")) span.textContent = "";
  for (const [field, message] of Object.entries(errors || {})) {
    const span = $(`error-${field}`) || $("error-form");
    span.textContent = message;
  }
}

function busy(running) {
  $("go").disabled = running;
  $("cancel").disabled = !running;
}

async function answer() {
  showErrors({});
  $("answer-box").hidden = true;
  const response = await fetch(`/api/ask/${kind}/${game}`, {
    method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(formData()),
  });
  const body = await response.json();
  if (!response.ok) { showErrors(body.errors); return; }
  job = body.id;
  $("command").textContent = body.command;
  $("command-box").hidden = false;
  busy(true);
  $("progress-box").hidden = false;
  poll();
}

// A time in seconds as a person reads it: tenths of a second from one second up, else
// milliseconds (a small query of a fast game takes a few).
function duration(seconds) {
  return seconds >= 1 ? `${seconds.toFixed(1)} s` : `${Math.max(1, Math.round(1000 * seconds))} ms`;
}

async function poll() {
  if (!job) return;
  const response = await fetch(`/api/jobs/${job}`);
  const status = await response.json();
  const done = status.done.toLocaleString("en");
  const total = status.total.toLocaleString("en");
  $("progress-bar").value = status.total ? status.done / status.total : 0;
  if (status.state === "queued") {
    $("progress").textContent = `waiting: ${status.ahead} query(ies) ahead`;
  } else if (status.state === "running") {
    const left = status.left === null ? "" : `, about ${Math.ceil(status.left)} s left`;
    $("progress").textContent = `${done} of ${total} deals${left}`;
  }
  if (status.state === "queued" || status.state === "running") { timer = setTimeout(poll, 300); return; }
  busy(false);
  job = null;
  if (status.state === "done") {
    $("progress").textContent = `${total} deals in ${duration(status.elapsed)}`;
    show(status);
  } else if (status.state === "cancelled") {
    $("progress").textContent = `cancelled (${status.why}) after ${done} of ${total} deals`;
  } else {
    $("progress").textContent = "failed";
    showErrors({[status.field || "form"]: status.error});
  }
}

function cell(quantity, value) {
  if (!value || value.estimate === null) return "-";
  const f = quantity.startsWith("P(")
    ? (x) => `${(100 * x).toFixed(2)}%`
    : (x) => (x >= 0 ? "+" : "") + x.toFixed(3);
  const interval = value.low === null ? "" : ` [${f(value.low)}, ${f(value.high)}]`;
  return f(value.estimate) + interval;
}

// The answer's table: its field whose every entry (a trump, a contract, a choice) maps
// quantities to estimates.
function estimateBlocks(answer) {
  const isEstimate = (value) => value !== null && typeof value === "object" && "estimate" in value;
  return Object.values(answer).find((field) => {
    if (field === null || typeof field !== "object" || Array.isArray(field)) return false;
    const entries = Object.values(field);
    return entries.length > 0 && entries.every((entry) =>
      entry !== null && typeof entry === "object" && Object.values(entry).some(isEstimate));
  });
}

function show(status) {
  const table = $("answer");
  table.innerHTML = "";
  const answer = status.answer;
  if (kind === "advice") {
    const quantities = Object.keys(Object.values(answer.calls)[0]).filter((k) => k !== "trump" && k !== "deals");
    const head = table.insertRow();
    for (const name of ["call", "trump", ...quantities]) head.appendChild(Object.assign(document.createElement("th"), {textContent: name}));
    for (const [call, entry] of Object.entries(answer.calls)) {
      const row = table.insertRow();
      row.dataset.call = call;
      row.insertCell().textContent = call;
      row.insertCell().textContent = entry.trump;
      for (const q of quantities) row.insertCell().textContent = cell(q, entry[q]);
    }
  } else {
    const blocks = estimateBlocks(answer);
    const names = Object.keys(blocks);
    const head = table.insertRow();
    for (const name of ["quantity", ...names]) head.appendChild(Object.assign(document.createElement("th"), {textContent: name}));
    for (const q of Object.keys(blocks[names[0]])) {
      const row = table.insertRow();
      row.insertCell().textContent = q;
      for (const name of names) row.insertCell().textContent = cell(q, blocks[name][q]);
    }
  }
  $("recommendation").textContent = status.advice;
  $("csv").href = status.csv;
  $("chart").src = status.chart;
  $("command").textContent = status.command;
  $("answer-box").hidden = false;
}

async function cancel() {
  if (!job) return;
  await fetch(`/api/jobs/${job}/cancel`, {method: "POST"});
}

async function start() {
  const response = await fetch(`/api/form/${kind}/${game}`);
  spec = await response.json();
  document.title = spec.title;
  $("title").textContent = spec.title;
  $("notes").textContent = spec.notes;
  drawRules();
  $("seat-box").hidden = !spec.seat;
  $("calls-box").hidden = kind !== "advice";
  $("turned-box").hidden = !spec.turned;
  $("trump-box").hidden = !spec.trump;
  $("hand-strategy-label").hidden = kind !== "advice";
  const trump = $("trump");
  if (kind === "advice") trump.add(new Option("the hand's strategy chooses", ""));
  trump.add(new Option("best: try each suit held", "best"));
  for (const [suit, symbol] of SUITS) trump.add(new Option(`${symbol} ${suit}`, suit));
  for (const name of spec.strategies) $("strategy-names").appendChild(new Option(name));
  $("strategy").value = spec.defaults.strategy;
  $("hand_strategy").value = spec.defaults.hand_strategy;
  $("deals").value = spec.defaults.deals;
  $("seed").value = spec.defaults.seed;
  $("hand").oninput = showHand;
  $("calls").oninput = drawCalls;
  drawCards();
  drawTable();
  drawCalls();
  $("go").onclick = answer;
  $("cancel").onclick = cancel;
  $("go").disabled = false;  // only now: a click before the defaults and its handler were set was lost
  // A page closed or left stops its query on the server.
  addEventListener("pagehide", () => { if (job) navigator.sendBeacon(`/api/jobs/${job}/cancel`); });
}

start();
