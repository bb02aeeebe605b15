// One step at a time, driven by the keys a presentation clicker sends (as the window's):
// Right, Space or Page Down forward, Left or Page Up back. A step that asks a question opens
// asking it; the next press reveals its figure, its answer and the Report, and back hides them.
(function () {
  "use strict";
  var steps = Array.prototype.slice.call(document.querySelectorAll("section.step"));
  var where = document.getElementById("where");
  var at = 0;
  var asking = false;
  if (!steps.length) return;
  document.body.classList.add("slides");

  function asks(index) { return steps[index].classList.contains("asks"); }

  function show(index, revealed) {
    at = Math.max(0, Math.min(index, steps.length - 1));
    asking = asks(at) && !revealed;
    steps.forEach(function (step, i) { step.classList.toggle("current", i === at); });
    steps[at].classList.toggle("asking", asking);
    where.textContent = "Step " + (at + 1) + " of " + steps.length + (asking ? ": predict, then Next" : "");
    document.getElementById("back").disabled = at === 0 && !(asks(0) && !asking);
    document.getElementById("next").disabled = at === steps.length - 1 && !asking;
    if (location.hash !== "#step-" + (at + 1)) history.replaceState(null, "", "#step-" + (at + 1));
    window.scrollTo(0, 0);
  }

  function next() {
    if (asking) show(at, true);
    else if (at + 1 < steps.length) show(at + 1, false);
  }

  function back() {
    if (asks(at) && !asking) show(at, false);
    else if (at > 0) show(at - 1, true);
  }

  var keys = { ArrowRight: next, " ": next, PageDown: next, ArrowLeft: back, PageUp: back };
  document.addEventListener("keydown", function (event) {
    var go = keys[event.key];
    if (!go || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    go();
  });
  // A clicked button or summary would take the next Space itself: give the keys back to the page.
  function press(id, go) {
    document.getElementById(id).addEventListener("click", function (event) { go(); event.currentTarget.blur(); });
  }
  press("next", next);
  press("back", back);
  press("print", function () { window.print(); });
  document.querySelectorAll("summary").forEach(function (summary) {
    summary.addEventListener("click", function () { setTimeout(function () { summary.blur(); }, 0); });
  });

  var first = /^#step-(\d+)$/.exec(location.hash);
  show(first ? parseInt(first[1], 10) - 1 : 0, false);
})();
