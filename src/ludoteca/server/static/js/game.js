// The game page: fetch the seat's state once, then follow the WebSocket; send clicked actions.
"use strict";

(() => {
  const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
  // The seat's token lives in the URL's fragment (#token=...), which the browser never sends to a server,
  // so it stays out of access logs and Referer headers; an old ?token= link still works.
  const token = new URLSearchParams(location.hash.slice(1)).get("token") || new URLSearchParams(location.search).get("token");
  const byId = (id) => document.getElementById(id);
  let current = null;
  let busy = false;
  let wasMine = null; // whether the last position drawn was this seat's turn (null: nothing drawn yet)
  let note = null; // the "your turn" notification shown, closed once the page is looked at again
  let worker = null; // the service worker's registration (a promise), through which a phone shows notifications
  let workerNote = false; // whether a notification shown through the worker may still be up

  const table = new Ludo.Table(
    { board: byId("board"), hand: byId("hand"), actions: byId("actions"), players: byId("players"), log: byId("log"), status: byId("status") },
    { interactive: !!token, onAction: send, resultShownAbove: true },
  );

  function notice(text, kind) {
    const el = byId("notice");
    el.replaceChildren(...(text ? [Ludo.html("div", { class: `notice ${kind || "error"}`, text })] : []));
  }

  let refreshing = null; // the request for the whole state, while one is under way
  let drawing = null; // the payload the next frame draws: pushes that come faster than frames are drawn once

  /**
   * A payload whose log is a delta (log_base set: the entries from index log_from on, extending the log as it
   * stood at version log_base) made whole with the log this page holds; the payload itself when its log is
   * whole; null when the page cannot complete it (it holds an older version than log_base, or fewer entries),
   * and must ask for the whole state.
   */
  function completed(payload) {
    if (payload.log_base === null || payload.log_base === undefined) return payload;
    if (!current || current.version < payload.log_base || (current.log || []).length < payload.log_from) return null;
    return { ...payload, log: current.log.slice(0, payload.log_from).concat(payload.log), log_from: 0, log_base: null };
  }

  function show(payload) {
    if (current && payload.version < current.version) return; // an older push arriving late
    const whole = completed(payload);
    if (!whole) { // a version was missed: ask for the whole state (once, however many deltas come meanwhile)
      if (!refreshing) refreshing = refresh().catch((error) => notice(error.message)).finally(() => { refreshing = null; });
      return;
    }
    payload = whole;
    if (current && payload.version === current.version && payload.seat === current.seat && payload.over === current.over
        && payload.can_undo === current.can_undo && payload.bot_error === current.bot_error
        && JSON.stringify(payload.seats) === JSON.stringify(current.seats)) {
      return; // the same position again (the answer to an action, after the socket's push of it)
    }
    current = payload;
    if (!drawing) requestAnimationFrame(() => { const latest = drawing; drawing = null; draw(latest); });
    drawing = payload;
  }

  function isMine(payload) {
    return payload.seat !== null && !payload.over && (payload.to_act || []).includes(payload.seat);
  }

  /** The tab's title says when it is this seat's turn; a notification too when it becomes so while the player
   *  looks elsewhere (another tab or window), if they allowed it (asked only when they click the bell). */
  function tellTurn(payload) {
    const mine = isMine(payload);
    document.title = `${mine ? "● Your turn — " : ""}Ludoteca — ${payload.title}`;
    document.body.dataset.myTurn = mine ? "yes" : "no";
    const became = mine && wasMine === false;
    wasMine = mine;
    if (!mine) closeNote();
    if (!became || !("Notification" in window) || Notification.permission !== "granted") return;
    if (document.visibilityState === "visible" && document.hasFocus()) return;
    const title = `Your turn — ${payload.title}`;
    const options = {
      body: `You are ${Ludo.seatName(payload, payload.seat).replace(" (you)", "")}. ${lastLine(payload)}`.trim(),
      tag: `ludoteca-${gameId}`, // one notification per game: a newer one replaces it
    };
    try {
      note = new Notification(title, options);
      note.onclick = () => { window.focus(); if (note) note.close(); };
    } catch (error) {
      // Chrome on Android: "only from a service worker". The worker shows it; a click on it comes back to this page.
      if (!worker) { console.warn("no notification:", error.message); return; }
      workerNote = true;
      worker.then((registration) => registration.showNotification(title, { ...options, data: { url: location.href } }))
        .catch((failure) => console.warn("no notification:", failure.message));
    }
  }

  /** The "your turn" notification goes once it is no longer the seat's turn or the page is looked at. */
  function closeNote() {
    if (note) { note.close(); note = null; }
    if (worker && workerNote) {
      workerNote = false;
      worker.then((registration) => registration.getNotifications({ tag: `ludoteca-${gameId}` }))
        .then((shown) => shown.forEach((n) => n.close()))
        .catch(() => { /* nothing shown through the worker */ });
    }
  }

  /**
   * The service worker (/sw.js) a phone needs for notifications, registered once notifications are allowed (not
   * before: a page that will never notify needs no worker). `worker` resolves to its registration once it is
   * active, the only state in which it can show one.
   */
  function registerWorker() {
    if (worker || !("serviceWorker" in navigator) || !("Notification" in window) || Notification.permission !== "granted") return;
    worker = navigator.serviceWorker.register("/sw.js")
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => { document.body.dataset.serviceWorker = "yes"; return registration; });
    worker.catch((error) => {
      document.body.dataset.serviceWorker = "no";
      console.warn("no service worker, so no notification on a phone:", error.message);
    });
  }

  function lastLine(payload) {
    const events = (payload.log || []).filter((e) => e.text);
    return events.length ? events[events.length - 1].text : "";
  }

  function offerNotifications() {
    const button = byId("notify");
    const seated = token && current && current.seat !== null && !current.over;
    button.hidden = !seated || !("Notification" in window) || Notification.permission !== "default";
  }

  async function askForNotifications() {
    try {
      await Notification.requestPermission();
    } catch (_) { /* an old browser's callback form: the permission is read below either way */ }
    offerNotifications();
    const granted = "Notification" in window && Notification.permission === "granted";
    if (granted) registerWorker();
    notice(granted ? "You will get a notification when it becomes your turn while you are on another tab." : "Notifications are blocked for this site: the tab's title still says when it is your turn.", "info");
  }

  function draw(payload) {
    document.body.dataset.version = String(payload.version);
    byId("title").textContent = payload.title;
    tellTurn(payload);
    byId("who").textContent = payload.seat === null ? "Spectator" : `You are ${Ludo.seatName(payload, payload.seat).replace(" (you)", "")}`;
    byId("undo").hidden = !payload.can_undo;
    // Resign while seated in a game still going; abandon only when no other person plays (docs/server.md).
    const seated = payload.seat !== null && !payload.over;
    const alone = (payload.seats || []).every((s) => s.seat === payload.seat || s.player !== "human");
    byId("resign").hidden = !seated || alone;
    byId("abandon").hidden = !seated || !alone;
    table.show(payload);
    offerNotifications();
    if (payload.over) {
      notice("", "info");
      byId("notice").appendChild(Ludo.html("div", { class: "notice info" }, `${Ludo.resultText(payload)} `, Ludo.html("a", { href: `/replay/${gameId}`, text: "Watch the replay" })));
    } else if (payload.bot_error) {
      notice(`A bot stopped: ${payload.bot_error}`);
    } else if (token && payload.seat === null) {
      // The page's seat was given up (a resignation among three or more): the server sends what a spectator sees.
      notice("You resigned: a bot plays your seat now, and you are watching the game.", "info");
    }
  }

  /** Send one action; resolves to the position the server answered with, or undefined when the action
   *  was not sent (another on its way, or a warned action the person did not confirm) or was refused. A renderer
   *  that follows one decision with the next (the count after a destination) reads the answer, not the page,
   *  whose drawing waits for the next frame. */
  async function send(text) {
    if (busy || !current) return undefined;
    // An action whose consequence a person may not foresee (the server's `warnings`): ask before sending it.
    const warning = (current.warnings || {})[text];
    if (warning && !window.confirm(`${warning}\n\nGo ahead: ${text}?`)) return undefined;
    busy = true;
    try {
      notice("");
      // `log`: the entries this page holds, so the answer carries only the new ones.
      const move = { version: current.version, action: text, log: (current.log || []).length };
      const payload = await Ludo.api("POST", `/api/games/${gameId}/actions`, move, token);
      show(payload);
      return payload; // its view and legal actions are whole (only the log may be a delta)
    } catch (error) {
      notice(error.message);
      if (error.status === 409) await refresh();
    } finally {
      busy = false;
    }
  }

  async function undo() {
    if (!current) return;
    try {
      notice("");
      show(await Ludo.api("POST", `/api/games/${gameId}/undo`, { version: current.version }, token));
    } catch (error) {
      notice(error.message);
      if (error.status === 409) await refresh();
    }
  }

  /** Resign or abandon, after the player confirms: neither can be taken back. */
  async function end(route, question) {
    if (!current || !window.confirm(question)) return;
    try {
      notice("");
      show(await Ludo.api("POST", `/api/games/${gameId}/${route}`, { version: current.version }, token));
    } catch (error) {
      notice(error.message);
      if (error.status === 409) await refresh();
    }
  }

  async function refresh() {
    const payload = await Ludo.api("GET", `/api/games/${gameId}`, undefined, token);
    current = null;
    show(payload);
  }

  function listen() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}/ws/games/${gameId}?log=delta`);
    socket.onmessage = (event) => {
      const payload = JSON.parse(event.data);
      if (token && payload.seat === null) return; // the socket's spectator greeting, before our token opens the seat
      show(payload);
    };
    socket.onopen = () => {
      if (token) socket.send(JSON.stringify({ token })); // the first message opens the seat
      document.body.dataset.live = "yes";
    };
    socket.onclose = (event) => {
      document.body.dataset.live = "no";
      // 4403/4404: the token opens no seat or the game is gone; asking again would only be refused again.
      if (event.code === 4403 || event.code === 4404) Ludo.unavailable({ status: event.code - 4000, message: event.reason }, gameId, "game");
      else setTimeout(listen, 1500);
    };
  }

  async function start() {
    byId("undo").addEventListener("click", undo);
    byId("notify").addEventListener("click", askForNotifications);
    const looked = () => { if (document.visibilityState === "visible") closeNote(); };
    document.addEventListener("visibilitychange", looked);
    window.addEventListener("focus", looked);
    byId("resign").addEventListener("click", () => end("resign", current && current.players > 2
      ? "Resign? A bot plays your seat to the end, and this page will no longer open it."
      : "Resign? The game ends and the other player wins."));
    byId("abandon").addEventListener("click", () => end("abandon", "Abandon this game? It ends with no winner."));
    try {
      if (token) registerWorker(); // a seat that allowed notifications before (a spectator is never told)
      const payload = await Ludo.api("GET", `/api/games/${gameId}`, undefined, token);
      const renderer = await Ludo.loadRenderer(payload.renderer);
      table.staticData = payload.static || {};
      table.renderer = renderer;
      show(payload);
      listen();
    } catch (error) {
      if (current) notice(error.message); // the board is drawn: a passing fault
      else Ludo.unavailable(error, gameId, "game"); // no game to show: say why, and where to go
    }
  }
  start();
})();
