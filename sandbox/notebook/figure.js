// The notebook figure's browser side: it shows the SVG the kernel draws and sends the pointer
// (in the picture's pixels, y down) and the keys R and T; the kernel moves, turns and draws again.

function render({ model, el }) {
  el.classList.add("sandbox-figure");
  const title = document.createElement("div");
  title.className = "sandbox-title";
  const picture = document.createElement("div");
  picture.className = "sandbox-picture";
  // Focusable, so R and T reach it; JupyterLab leaves a key pressed here to the figure.
  picture.tabIndex = 0;
  picture.setAttribute("data-lm-suppress-shortcuts", "true");
  picture.setAttribute("aria-label", "Drag a shape; R and T turn it");
  const status = document.createElement("div");
  status.className = "sandbox-status";
  const controls = document.createElement("div");
  controls.className = "sandbox-controls";
  const poses = document.createElement("table");
  poses.className = "sandbox-poses";
  const tables = document.createElement("div");
  tables.className = "sandbox-tables";
  el.append(title, picture, status, controls, poses, tables);

  let pointer = { x: 0, y: 0 };
  let dragging = false;
  let waiting = null;
  let last = 0;

  // The pointer in the SVG's own pixels, however large the page shows it.
  function at(event) {
    const svg = picture.querySelector("svg");
    const box = svg.getBoundingClientRect();
    const view = svg.viewBox.baseVal;
    const scale = Math.min(box.width / view.width, box.height / view.height);
    const left = box.left + (box.width - view.width * scale) / 2;
    const top = box.top + (box.height - view.height * scale) / 2;
    return { x: (event.clientX - left) / scale, y: (event.clientY - top) / scale };
  }

  // Moves go at most every 30 ms, the latest one last: the kernel draws each.
  function move() {
    waiting = null;
    last = performance.now();
    model.send({ kind: "move", x: pointer.x, y: pointer.y });
  }

  picture.addEventListener("pointerdown", (event) => {
    if (event.button !== 0) return;
    picture.focus();
    picture.setPointerCapture(event.pointerId);
    pointer = at(event);
    dragging = true;
    model.send({ kind: "down", x: pointer.x, y: pointer.y });
    event.preventDefault();
  });
  picture.addEventListener("pointermove", (event) => {
    pointer = at(event);
    if (waiting === null) waiting = setTimeout(move, Math.max(0, 30 - (performance.now() - last)));
  });
  picture.addEventListener("pointerup", (event) => {
    if (!dragging) return;
    pointer = at(event);
    dragging = false;
    if (waiting !== null) { clearTimeout(waiting); move(); }
    model.send({ kind: "up", x: pointer.x, y: pointer.y });
  });
  picture.addEventListener("keydown", (event) => {
    const name = event.key.toLowerCase();
    if ((name !== "r" && name !== "t") || event.ctrlKey || event.metaKey || event.altKey) return;
    event.preventDefault();
    event.stopPropagation();
    model.send({ kind: "key", key: name, x: pointer.x, y: pointer.y });
  });

  function control(setting) {
    const row = document.createElement("label");
    let input;
    if (setting.kind === "bool") {
      input = document.createElement("input");
      input.type = "checkbox";
      input.checked = setting.value;
      input.addEventListener("change", () => model.send({ kind: "set", name: setting.name, value: input.checked }));
      row.append(input, " " + setting.label);
    } else if (setting.kind === "str") {
      input = document.createElement("select");
      for (const choice of setting.choices) input.add(new Option(choice, choice, false, choice === setting.value));
      input.addEventListener("change", () => model.send({ kind: "set", name: setting.name, value: input.value }));
      row.append(setting.label + " ", input);
    } else {
      const whole = setting.kind === "int";
      input = document.createElement("input");
      input.type = "range";
      input.min = setting.low;
      input.max = setting.high;
      input.step = whole ? 1 : (setting.high - setting.low) / 200;
      input.value = setting.value;
      const shown = document.createElement("span");
      shown.textContent = " " + setting.value;
      input.addEventListener("change", () => {
        const value = whole ? parseInt(input.value, 10) : parseFloat(input.value);
        model.send({ kind: "set", name: setting.name, value: value });
      });
      row.append(setting.label + " ", input, shown);
    }
    input.dataset.setting = setting.name;
    return row;
  }

  function draw() {
    title.textContent = model.get("title");
    picture.innerHTML = model.get("svg");
    status.textContent = model.get("status");
    controls.replaceChildren(...model.get("settings").map(control), ...model.get("actions").map(([name, label]) => {
      const button = document.createElement("button");
      button.textContent = label;
      button.addEventListener("click", () => model.send({ kind: "act", name: name }));
      return button;
    }));
    poses.replaceChildren(...model.get("poses").map(([name, x, y, angle]) => {
      const row = document.createElement("tr");
      row.dataset.name = name;
      for (const text of [name, "x " + x, "y " + y, angle === null ? "" : angle + "°"]) {
        const cell = document.createElement("td");
        cell.textContent = text;
        row.append(cell);
      }
      return row;
    }));
    tables.innerHTML = model.get("tables");
  }

  model.on("change", draw);
  draw();
}

export default { render };
