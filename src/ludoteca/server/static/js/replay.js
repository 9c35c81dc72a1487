// The replay viewer: step through a finished game, seen by a spectator or by any seat (the game is
// over, so nothing is secret any more); the server replays the record up to the chosen step.
"use strict";

(() => {
  const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
  const byId = (id) => document.getElementById(id);
  const table = new Ludo.Table(
    { board: byId("board"), hand: byId("hand"), players: byId("players"), log: byId("log"), status: byId("status") },
    { interactive: false },
  );
  let step = Number(new URLSearchParams(location.search).get("step") || 0);
  let steps = 0;
  let timer = null;
  let loading = null;

  function notice(text) {
    byId("notice").replaceChildren(...(text ? [Ludo.html("div", { class: "notice error", text })] : []));
  }

  async function load(target) {
    step = Math.max(0, Math.min(target, steps || target));
    const eyes = byId("eyes").value;
    const query = `step=${step}${eyes === "" ? "" : `&seat=${eyes}`}`;
    const wanted = query;
    loading = wanted;
    try {
      const payload = await Ludo.api("GET", `/api/games/${gameId}/replay?${query}`);
      if (loading !== wanted) return;
      steps = payload.steps;
      if (!table.renderer) {
        table.renderer = await Ludo.loadRenderer(payload.renderer);
        table.staticData = payload.static || {};
        byId("title").textContent = `${payload.title} — replay`;
        const eyesSelect = byId("eyes");
        for (let seat = 0; seat < payload.players; seat += 1) eyesSelect.appendChild(Ludo.html("option", { value: String(seat), text: Ludo.seatName(payload, seat) }));
      }
      table.show(payload);
      const slider = byId("slider");
      slider.max = String(steps);
      slider.value = String(step);
      byId("where").textContent = `action ${step} of ${steps}`;
      document.body.dataset.step = String(step);
      document.body.dataset.eyes = eyes; // whose view is drawn ("" for a spectator's), with the step
      const action = step > 0 ? payload.actions[step - 1] : null;
      byId("action").textContent = action ? `${Ludo.seatName(payload, action[0])}: ${action[1]}` : "start of the game";
      notice("");
    } catch (error) {
      if (table.renderer) notice(error.message); // a step failed: the viewer stays usable
      else Ludo.unavailable(error, gameId, "replay"); // nothing to show: say why, and where to go
    }
  }

  function play() {
    if (timer) { clearInterval(timer); timer = null; byId("play").textContent = "Play"; return; }
    byId("play").textContent = "Pause";
    timer = setInterval(() => { if (step >= steps) play(); else load(step + 1); }, 700);
  }

  byId("first").addEventListener("click", () => load(0));
  byId("prev").addEventListener("click", () => load(step - 1));
  byId("next").addEventListener("click", () => load(step + 1));
  byId("last").addEventListener("click", () => load(steps));
  byId("play").addEventListener("click", play);
  byId("slider").addEventListener("input", (e) => load(Number(e.target.value)));
  byId("eyes").addEventListener("change", () => load(step));
  document.addEventListener("keydown", (e) => {
    if (e.key === "ArrowRight") load(step + 1);
    else if (e.key === "ArrowLeft") load(step - 1);
    else if (e.key === "Home") load(0);
    else if (e.key === "End") load(steps);
  });
  load(step);
})();
