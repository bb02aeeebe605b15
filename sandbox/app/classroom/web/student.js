// The student's page: the lesson's step, long-polled from /api/state (a server restarted or a
// dropped network is retried until it answers), the vote, and drags sent to /api/drag, one in
// flight at a time and the latest place only, so a slow phone never queues up stale moves.
"use strict";
const $ = (id) => document.getElementById(id);
const WIDTH = 800, HEIGHT = 450; // the picture's pixels: sandbox.app.classroom.figure.SIZE
let state = null, shown = "";

async function call(path, options) {
  const response = await fetch(path, Object.assign({ cache: "no-store", credentials: "same-origin" }, options));
  if (response.status >= 500) throw new Error(`server answered ${response.status}`);
  return response;
}

function status(text, offline) {
  $("status").textContent = text;
  $("status").classList.toggle("offline", !!offline);
}

async function figure() {
  const response = await call("/api/figure");
  if (response.ok) $("figure").innerHTML = await response.text();
}

function render(s) {
  const key = [s.step, s.round, s.revealed, s.unlocked].join(" ");
  document.title = `Step ${s.step} of ${s.steps}: ${s.title}`;
  $("title").textContent = s.title;
  $("where").textContent = `Step ${s.step} of ${s.steps}`;
  $("caption").textContent = s.caption;
  $("figure").classList.toggle("unlocked", s.unlocked);
  $("hint").hidden = !s.unlocked;
  $("question").hidden = !s.question;
  $("asked").textContent = s.question;
  const choices = $("choices");
  choices.replaceChildren(...s.choices.map((choice) => {
    const button = document.createElement("button");
    button.textContent = choice;
    button.setAttribute("aria-pressed", String(s.mine === choice));
    button.disabled = s.revealed;
    button.addEventListener("click", () => vote(choice));
    return button;
  }));
  $("typed").hidden = !s.question || s.choices.length > 0 || s.revealed;
  $("mine").textContent = s.mine === null ? (s.revealed ? "You did not vote this round." : "Vote: you may change it until the answer is shown.")
    : `Your vote: ${s.mine}` + (s.revealed ? "" : " (you may change it until the answer is shown)");
  $("answer-shown").hidden = !s.revealed;
  $("answer-shown").textContent = s.revealed ? `Answer: ${s.answer}. ${s.explain || ""}` : "";
  if (key !== shown) { shown = key; figure(); }
  state = s;
}

async function vote(choice) {
  const response = await call("/api/vote", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ choice, step: state.step, round: state.round }) });
  const answer = await response.json();
  if (response.ok && state) { state.mine = answer.choice; render(state); status("Vote counted."); }
  else status(answer.error || "The vote was not counted.", true);
}

async function poll() {
  let version = "";
  for (;;) {
    try {
      const response = await call("/api/state" + (version ? "?wait=" + encodeURIComponent(version) : ""));
      if (response.status === 429) { await sleep(1000); continue; }
      const s = await response.json();
      if (s.version !== version) { version = s.version; render(s); }
      status("Connected.");
    } catch (error) {
      status("Reconnecting…", true);
      await sleep(1000 + Math.random() * 1500);
    }
  }
}

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

// Drags: picture pixels, y down, as the server's figure takes them. The queue holds presses
// and releases in order, and only the latest move between them.
const queue = [];
let sending = false, down = false, backoff = 500;
function place(kind, event) {
  const box = $("figure").getBoundingClientRect();
  const x = Math.min(Math.max((event.clientX - box.left) * WIDTH / box.width, 0), WIDTH);
  const y = Math.min(Math.max((event.clientY - box.top) * HEIGHT / box.height, 0), HEIGHT);
  const last = queue[queue.length - 1];
  const item = { kind, x: Math.round(x * 10) / 10, y: Math.round(y * 10) / 10 };
  if (kind === "move" && last && last.kind === "move") queue[queue.length - 1] = item;
  else queue.push(item);
  send();
}
async function send() {
  if (sending || !queue.length) return;
  sending = true;
  const item = queue.shift();
  try {
    const response = await call("/api/drag", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(item) });
    if (response.status === 429) {
      // Busy: a press or a release is sent again; a move only if no later one replaced it.
      // The wait doubles while the server stays busy (up to 4 s), so a class does not flood it.
      if (item.kind !== "move" || !queue.length || queue[0].kind !== "move") queue.unshift(item);
      await sleep(backoff * (1 + Math.random()));
      backoff = Math.min(backoff * 2, 4000);
    } else {
      backoff = 500;
      if (response.status === 200) $("figure").innerHTML = await response.text();
    }
  } catch (error) {
    status("Reconnecting…", true);
  } finally {
    sending = false;
  }
  send();
}
$("figure").addEventListener("pointerdown", (event) => {
  if (!state || !state.unlocked) return;
  down = true;
  $("figure").setPointerCapture(event.pointerId);
  place("down", event);
});
$("figure").addEventListener("pointermove", (event) => { if (down) place("move", event); });
for (const end of ["pointerup", "pointercancel"]) {
  $("figure").addEventListener(end, (event) => { if (down) { down = false; place("up", event); } });
}
$("typed").addEventListener("submit", (event) => {
  event.preventDefault();
  if ($("answer").value.trim()) vote($("answer").value.trim());
});
poll();
