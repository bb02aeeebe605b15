// The teacher's page: the token comes from the address's #fragment (never sent to the server
// as part of an address), every call carries it as Authorization: Bearer.
"use strict";
const $ = (id) => document.getElementById(id);
const token = new URLSearchParams(location.hash.slice(1)).get("token") || "";
const headers = { Authorization: `Bearer ${token}` };
let state = null, shown = "";

async function call(path, options) {
  const response = await fetch(path, Object.assign({ cache: "no-store", headers }, options));
  if (response.status === 401 || response.status === 403) {
    status("This page needs the teacher's address with its token (printed as teacher: …).", true);
    throw new Error("refused");
  }
  if (!response.ok) throw new Error(`server answered ${response.status}`);
  return response;
}
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
function status(text, offline) {
  $("status").textContent = text;
  $("status").classList.toggle("offline", !!offline);
}

function render(s) {
  state = s;
  $("title").textContent = s.title;
  document.title = `Teacher: step ${s.step} of ${s.steps}`;
  $("where").textContent = `Step ${s.step} of ${s.steps}` + (s.question ? `, round ${s.round}` + (s.revealed ? " (revealed)" : "") : "");
  $("caption").textContent = s.caption;
  $("question").textContent = s.question ? `Predict: ${s.question}` : "";
  $("answer").hidden = !s.revealed;
  $("answer").textContent = s.revealed ? `Answer: ${s.answer}. ${s.explain || ""}` : "";
  $("back").disabled = s.step <= 1;
  $("next").disabled = s.step >= s.steps;
  $("reveal").disabled = !s.question || s.revealed;
  $("again").disabled = !s.question;
  $("unlock").setAttribute("aria-pressed", String(s.unlocked));
  $("unlock").textContent = s.unlocked ? "Stop the drags" : "Let them drag";
  const key = [s.step, s.round, s.revealed].join(" ");
  if (key !== shown) {
    shown = key;
    call("/api/figure").then((r) => r.text()).then((svg) => { $("figure").innerHTML = svg; }).catch(() => {});
  }
}

function spread(v) {
  $("counts").textContent = `${v.joined} joined, ${v.present} here now` + (v.choices.length || state?.question ? `, ${v.voted} voted` : "");
  $("spread").replaceChildren(...v.rounds.map((round) => {
    const box = document.createElement("div");
    box.className = "round";
    const total = Object.values(round.counts).reduce((a, b) => a + b, 0);
    const head = document.createElement("h2");
    head.textContent = `Round ${round.round}: ${total} vote${total === 1 ? "" : "s"}`;
    box.append(head);
    const names = v.choices.length ? v.choices : Object.keys(round.counts).sort();
    for (const name of names) {
      const count = round.counts[name] || 0;
      const row = document.createElement("div");
      row.className = "bar" + (v.revealed && name === v.answer ? " right" : "");
      const label = document.createElement("span");
      label.className = "label";
      label.textContent = name;
      const track = document.createElement("span");
      const fill = document.createElement("span");
      fill.className = "fill";
      fill.style.display = "block";
      fill.style.width = `${total ? (100 * count) / total : 0}%`;
      track.append(fill);
      const number = document.createElement("span");
      number.textContent = String(count);
      row.append(label, track, number);
      box.append(row);
    }
    return box;
  }));
}

async function poll() {
  let version = "";
  for (;;) {
    try {
      const s = await (await call("/api/state" + (version ? "?wait=" + encodeURIComponent(version) : ""))).json();
      if (s.version !== version) { version = s.version; render(s); }
      status("Connected.");
    } catch (error) {
      if (error.message === "refused") return;
      status("Reconnecting…", true);
      await sleep(1500);
    }
  }
}

async function votes() {
  for (;;) {
    try { spread(await (await call("/api/teacher/votes")).json()); } catch (error) { if (error.message === "refused") return; }
    await sleep(1000);
  }
}

async function command(name, body) {
  try {
    const options = { method: "POST" };
    if (body) { options.body = JSON.stringify(body); options.headers = Object.assign({ "Content-Type": "application/json" }, headers); }
    render(await (await call(`/api/teacher/${name}`, options)).json());
    spread(await (await call("/api/teacher/votes")).json());
  } catch (error) { if (error.message !== "refused") status(`${name}: ${error.message}`, true); }
}
for (const name of ["back", "next", "reveal", "again"]) $(name).addEventListener("click", () => command(name));
$("unlock").addEventListener("click", () => command("unlock", { unlocked: !(state && state.unlocked) }));
fetch("/api/address").then((r) => r.json()).then((a) => { $("students").textContent = a.students; });
poll();
votes();
