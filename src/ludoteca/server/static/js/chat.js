// The table chat on the game page: the messages of the people at the table, read by everyone, written by the
// seats (the token in the URL's fragment). Its own socket (/ws/games/<id>/chat), so the game's pushes and its
// version never carry it. Every message is put in the page as text (textContent), never as HTML.
"use strict";

(() => {
  const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
  const token = new URLSearchParams(location.hash.slice(1)).get("token") || new URLSearchParams(location.search).get("token");
  const byId = (id) => document.getElementById(id);
  const html = Ludo.html;
  const LIMIT = 500;
  const shown = new Set(); // message ids on the page: a reconnection's greeting resends the last ones
  let mySeat = null; // learnt from the first message this page posts

  function near(box) { return box.scrollHeight - box.scrollTop - box.clientHeight < 40; }

  function line(message) {
    const who = message.name || `Seat ${message.seat}`;
    const when = new Date(message.time);
    const time = Number.isNaN(when.getTime()) ? "" : when.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
    return html("div", { class: `chat-line${message.seat === mySeat ? " mine" : ""}`, "data-chat-id": String(message.id) },
      html("span", { class: "chat-who", style: `color:${Ludo.seatColour(message.seat)}`, text: who }),
      html("span", { class: "chat-time muted", text: time }),
      html("div", { class: "chat-text", text: message.text }));
  }

  function add(messages, replace) {
    const box = byId("chat-log");
    const follow = replace || near(box);
    if (replace) { box.replaceChildren(); shown.clear(); }
    for (const message of messages) {
      if (shown.has(message.id)) continue;
      shown.add(message.id);
      box.appendChild(line(message));
    }
    const empty = !box.querySelector(".chat-line");
    byId("chat-empty").hidden = !empty;
    if (follow) box.scrollTop = box.scrollHeight;
  }

  function listen() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}/ws/games/${encodeURIComponent(gameId)}/chat`);
    socket.onmessage = (event) => {
      const data = JSON.parse(event.data);
      if (data.type !== "chat") return;
      if (data.messages) add(data.messages, true);
      if (data.message) add([data.message], false);
    };
    socket.onopen = () => { byId("chat").dataset.live = "yes"; };
    socket.onclose = (event) => {
      byId("chat").dataset.live = "no";
      if (event.code !== 4404) setTimeout(listen, 2000); // an unknown game: the game page says so
    };
  }

  function say(text) { byId("chat-error").textContent = text || ""; }

  async function send(event) {
    event.preventDefault();
    const input = byId("chat-text");
    const text = input.value.trim();
    if (!text) return;
    say("");
    const button = byId("chat-send");
    button.disabled = true;
    try {
      const posted = await Ludo.api("POST", `/api/games/${encodeURIComponent(gameId)}/chat`, { text }, token);
      mySeat = posted.seat;
      input.value = "";
      count();
      add([posted], false); // the socket brings it too; shown once
      byId("chat-log").scrollTop = byId("chat-log").scrollHeight;
    } catch (error) {
      say(error.message); // e.g. too many messages: the server's reason
    } finally {
      button.disabled = false;
      input.focus();
    }
  }

  function count() {
    const left = LIMIT - byId("chat-text").value.length;
    byId("chat-count").textContent = left < 100 ? `${left} left` : "";
  }

  function start() {
    const panel = byId("chat");
    if (!panel) return;
    const form = byId("chat-form");
    if (token) {
      form.addEventListener("submit", send);
      const input = byId("chat-text");
      input.maxLength = LIMIT;
      input.addEventListener("input", count);
      input.addEventListener("keydown", (event) => { // Enter sends; Shift+Enter starts a new line
        if (event.key === "Enter" && !event.shiftKey && !event.isComposing) { event.preventDefault(); form.requestSubmit(); }
      });
    } else {
      form.hidden = true;
      byId("chat-note").textContent = "Spectators read the chat; the players write in it.";
    }
    // Listen once the game page has drawn its game (body[data-version]): a page that shows "no such game" or
    // "this link opens no seat" instead opens no socket (a refused one would be an error in the console).
    if (document.body.dataset.version !== undefined) { listen(); return; }
    const drawn = new MutationObserver(() => {
      if (document.body.dataset.version === undefined) return;
      drawn.disconnect();
      listen();
    });
    drawn.observe(document.body, { attributes: true, attributeFilter: ["data-version"] });
  }
  start();
})();
