// The lobby: start a game (your name, game, players, options, who sits where, seats open to anyone), share
// its links, take an open seat, and list the games on this server. Seat links of games started or joined here
// are remembered in this browser only. Names are public text: always put in the page with textContent.
"use strict";

(() => {
  const byId = (id) => document.getElementById(id);
  const html = Ludo.html;
  let catalog = { games: [], bots: [] };
  const mine = Ludo.mySeats;
  function remember(created, game) {
    const all = mine();
    all[created.id] = {
      game,
      seats: created.seats.filter((s) => s.token).map((s) => ({ seat: s.seat, url: s.url })),
      // kept so that going to one's seat loses no invitation: the lobby lists those nobody has used yet
      invites: created.seats.filter((s) => s.invite || s.open).map((s) => ({ seat: s.seat, url: s.url, open: !!s.open })),
    };
    Ludo.saveMySeats(all);
  }

  /** A seat taken from the "Open seats" list joins "Your seats", like one's own seat of a game started here. */
  function rememberTaken(game, taken) { Ludo.rememberSeat(game.id, game.title, taken.seat, taken.url); }

  const AUTO_GO_MS = 1000; // with nobody to invite, the moment the lobby shows where it is taking you
  let going = null; // the timer of that move

  /** A button that copies `url` (the clipboard where the browser allows it, else the text selected for Ctrl+C). */
  function copyButton(url, seat, after) {
    const button = html("button", { type: "button", "data-copy": String(seat), text: "Copy" });
    button.addEventListener("click", async () => {
      try {
        await navigator.clipboard.writeText(url);
        button.textContent = "Copied ✓";
      } catch (_) {
        const shown = button.parentElement.querySelector("[data-url]");
        shown.hidden = false;
        const range = document.createRange();
        range.selectNodeContents(shown);
        getSelection().removeAllRanges();
        getSelection().addRange(range);
        button.textContent = "Selected: press Ctrl+C";
      }
      button.dataset.copied = "yes";
      if (after) after();
    });
    return button;
  }

  /**
   * After "Start": the creator goes to its seat, as on any game site. When there are friends to invite, their
   * one-time links come first, each with a Copy button, and "Go to my seat" is focused (Enter goes; it takes the
   * focus back once every invitation is copied). With nobody to invite the page goes there by itself, after a
   * moment that shows where it is going (and lets one stay). A creator without a seat is taken to watch.
   */
  function showStarted(created) {
    const own = created.seats.find((s) => s.token);
    const invites = created.seats.filter((s) => s.invite || s.open);
    const target = own ? own.url : created.spectator_url;
    const go = html("a", {
      class: "button primary go", href: target, "data-go": "yes", "data-seat-link": own ? String(own.seat) : null,
      text: own ? `Go to my seat (seat ${own.seat}) →` : "Watch the game →",
    });
    const parts = [];
    if (invites.length) {
      const focusGo = () => { if (Array.from(list.querySelectorAll("[data-copy]")).every((b) => b.dataset.copied)) go.focus(); };
      const list = html("ul", { class: "links" });
      for (const seat of invites) {
        // Every other person's link is a one-time invitation, so only the friend who opens it can see that seat's hand;
        // a seat open to anyone is anyone's: its link (and the lobby's list) seats whoever comes first.
        list.appendChild(html("li", {},
          seat.open
            ? html("a", { href: seat.url, "data-seat-link": String(seat.seat), "data-open-seat": "yes", text: `Seat ${seat.seat}, open to anyone` })
            : html("a", { href: seat.url, "data-seat-link": String(seat.seat), "data-invite": "yes", text: `Invitation for seat ${seat.seat}` }),
          seat.open ? " — listed under “Open seats”; whoever takes it first plays it. " : " — send it to one person; it works once. ",
          copyButton(seat.url, seat.seat, focusGo),
          html("div", { class: "muted url", "data-url": "yes", text: seat.url })));
      }
      parts.push(html("h3", { text: invites.some((s) => s.invite) ? "Invite your friends" : "Your game waits for players" }), list, html("p", {}, go));
    } else {
      const stay = html("button", { type: "button", "data-stay": "yes", text: "Stay in the lobby" });
      const note = html("span", { class: "muted", text: own ? " Taking you to your seat… " : " Taking you to the game… " });
      stay.addEventListener("click", () => { clearTimeout(going); going = null; note.textContent = " "; stay.remove(); });
      parts.push(html("h3", { text: "Your game has started" }), html("p", {}, go, note, stay));
      going = setTimeout(() => { going = null; location.assign(target); }, AUTO_GO_MS);
    }
    parts.push(html("p", { class: "muted" }, "Spectators: ", html("a", { href: created.spectator_url, "data-spectators": "yes", text: created.spectator_url })));
    byId("links").replaceChildren(...parts);
    if (invites.length) go.focus();
  }

  function notice(text) {
    byId("notice").replaceChildren(...(text ? [html("div", { class: "notice error", text })] : []));
  }

  function selected() { return catalog.games.find((g) => g.id === byId("game").value); }

  function fillPlayers() {
    const game = selected();
    const select = byId("players");
    select.replaceChildren();
    for (let n = game.min_players; n <= game.max_players; n += 1) {
      select.appendChild(html("option", { value: String(n), text: String(n), selected: n === game.default_players ? "" : null }));
    }
    fillOptions();
    fillSeats();
  }

  function fillOptions() {
    const game = selected();
    const box = byId("options");
    box.replaceChildren();
    for (const option of game.options) {
      const id = `option-${option.name}`;
      let input;
      if (option.choices) {
        input = html("select", { id, "data-option": option.name });
        for (const choice of option.choices) input.appendChild(html("option", { value: JSON.stringify(choice), text: String(choice), selected: choice === option.default ? "" : null }));
      } else {
        const hint = option.kind === "int" ? `a whole number${option.allow_none ? ", or none" : ""}` : (option.allow_none ? "none" : "");
        input = html("input", { id, "data-option": option.name, "data-kind": option.kind, value: option.default === null ? "none" : String(option.default), placeholder: hint, "aria-describedby": `${id}-error` });
        input.addEventListener("input", () => showFieldError(option.name, checkOption(option, input.value).error));
      }
      box.appendChild(html("div", { class: "form-row" },
        html("label", { for: id, text: `${option.name}${option.help ? ` — ${option.help}` : ""}` }), input,
        html("div", { class: "field-error", id: `${id}-error`, "data-error-for": option.name, "aria-live": "polite" })));
    }
  }

  /**
   * An option's typed text as the value to send, or the reason it is not one (shown next to the field).
   * Nothing is guessed: "abc" is no number (Number() would make it NaN, which JSON sends as null: "no limit"),
   * an empty field is not "none" (the word "none" is), and 2.5 is not a whole number.
   */
  function checkOption(option, raw) {
    const text = String(raw).trim();
    const orNone = option.allow_none ? ', or "none"' : "";
    if (option.allow_none && text.toLowerCase() === "none") return { value: null };
    if (option.kind === "int") {
      const example = Number.isInteger(option.default) ? option.default : 10;
      if (text === "") return { error: `Type a whole number such as ${example}${orNone}.` };
      if (!/^[+-]?\d+$/.test(text)) return { error: `"${text}" is not a whole number: type one such as ${example}${orNone}.` };
      const value = Number(text);
      if (!Number.isSafeInteger(value)) return { error: `${text} is too large.` };
      return { value };
    }
    if (option.kind === "float") {
      const value = Number(text);
      if (text === "" || !Number.isFinite(value)) return { error: `Type a number such as 1.5${orNone}.` };
      return { value };
    }
    if (text === "" && !option.allow_none) return { error: "This option needs a value." };
    return { value: text === "" ? null : raw };
  }

  function showFieldError(name, text) {
    const box = byId("options").querySelector(`[data-error-for="${name}"]`);
    const input = byId(`option-${name}`);
    if (box) box.textContent = text || "";
    if (input) {
      input.classList.toggle("invalid", !!text);
      if (text) input.setAttribute("aria-invalid", "true"); else input.removeAttribute("aria-invalid");
    }
  }

  /** The server's reason for a refused option, put next to the option it names (it checks what the form cannot). */
  function fieldOfReason(reason) {
    const game = selected();
    for (const option of game.options) {
      if (new RegExp(`(^|[^\\w])'?${option.name}'?([^\\w]|$)`).test(reason)) return option.name;
    }
    return null;
  }

  function fillSeats() {
    const count = Number(byId("players").value);
    const box = byId("seats");
    box.replaceChildren();
    // What a bot is in the chosen game (a game may say its search is no stronger), else in general.
    const aboutOf = (choice) => (selected().bot_about || {})[choice] || (catalog.bot_about || {})[choice] || "";
    for (let seat = 0; seat < count; seat += 1) {
      const select = html("select", { "data-seat": String(seat), id: `seat-${seat}` });
      for (const choice of ["human", ...catalog.bots]) {
        const text = choice === "human" ? "person" : `bot: ${choice}`;
        select.appendChild(html("option", { value: choice, text, title: aboutOf(choice) || null, selected: (seat === 0 ? choice === "human" : choice === "heuristic") ? "" : null }));
      }
      // What the chosen bot is, on a line of its own under the menu: in the menu's entries it was cut to "…" on a
      // narrow screen, where the closed menu had room for a few words of it.
      const about = html("div", { class: "muted seat-about", "data-seat-about": String(seat), text: aboutOf(select.value) });
      select.addEventListener("change", () => { about.textContent = aboutOf(select.value); });
      box.appendChild(html("div", { class: "seat-row" }, html("span", { class: "swatch", style: `background:${Ludo.seatColour(seat)}` }), html("span", { text: `Seat ${seat}` }), select, about));
    }
  }

  /** The options to send, or null when one is not valid (each reason is then shown next to its field). */
  function readOptions() {
    const options = {};
    let valid = true;
    for (const input of byId("options").querySelectorAll("[data-option]")) {
      const name = input.getAttribute("data-option");
      if (input.tagName === "SELECT") { options[name] = JSON.parse(input.value); continue; }
      const option = selected().options.find((o) => o.name === name);
      const checked = checkOption(option, input.value);
      showFieldError(name, checked.error);
      if (checked.error) {
        if (valid) input.focus();
        valid = false;
      } else {
        options[name] = checked.value;
      }
    }
    return valid ? options : null;
  }

  /** The creator's name to send: none when the field is empty (the seat is then "Seat N"), else a valid one. */
  function readName() {
    const raw = byId("name").value;
    if (!raw.trim()) { showNameError(""); return { value: undefined }; }
    const checked = Ludo.checkName(raw);
    showNameError(checked.error);
    return checked;
  }

  function showNameError(text) {
    byId("name-error").textContent = text || "";
    byId("name").classList.toggle("invalid", !!text);
  }

  async function create(event) {
    event.preventDefault();
    notice("");
    const game = selected();
    const name = readName();
    if (name.error) {
      byId("name").focus();
      notice("Your name is not valid: see the reason next to it.");
      return;
    }
    const seats = Array.from(byId("seats").querySelectorAll("select")).map((s) => s.value);
    byId("links").replaceChildren(); // the links shown are those of the game this press starts, or none
    if (going) { clearTimeout(going); going = null; }
    const options = readOptions();
    if (options === null) {
      notice("An option is not valid: see the reason next to it.");
      return;
    }
    try {
      const body = { game: game.id, players: Number(byId("players").value), options, seats, open: byId("open").checked };
      if (name.value) body.name = name.value;
      const created = await Ludo.api("POST", "/api/games", body);
      Ludo.saveName(name.value);
      remember(created, game.title);
      showStarted(created);
      await refresh();
    } catch (error) {
      const field = error.status === 400 ? fieldOfReason(error.message) : null;
      if (field) showFieldError(field, error.message);
      if (error.status === 400 && /'name'/.test(error.message)) showNameError(error.message);
      notice(error.message);
    }
  }

  /** Who sits where, as text: each person's name, bots by name, seats open to anyone marked "open". */
  function seatsText(game) {
    const names = game.names || [];
    const free = new Set(game.free_seats || []);
    return game.seats.map((p, i) => {
      if (free.has(i)) return `${i}: open seat`;
      if (p !== "human") return `${i}: ${names[i] ? `${names[i]} (${p})` : p}`;
      return `${i}: ${names[i] || "person"}`;
    }).join(", ");
  }

  /** The actions played (a line kept before the server counted them shows its version: undos included). */
  function movesText(game) {
    const moves = typeof game.moves === "number" ? game.moves : game.version;
    return `${moves} move${moves === 1 ? "" : "s"}`;
  }

  function gameRow(game, finished) {
    const seats = seatsText(game);
    const winners = game.winners || [];
    const label = (s) => ((game.names || [])[s] ? `${game.names[s]} (seat ${s})` : `seat ${s}`);
    const won = winners.length ? `winner${winners.length === 1 ? "" : "s"}: ${winners.map(label).join(", ")}` : "no winner";
    const state = finished
      ? (game.ended ? `${game.ended}; ${won}` : won) // resigned, abandoned or expired: say so
      : `waiting for ${game.to_act.map(label).join(", ")}`;
    const link = finished ? html("a", { href: `/replay/${game.id}`, text: "replay" }) : html("a", { href: `/play/${game.id}`, text: "watch" });
    return html("tr", { "data-game": game.id }, html("td", { text: game.title }), html("td", { text: seats }), html("td", { text: movesText(game) }), html("td", { text: state }), html("td", {}, link));
  }

  function table(rows, empty) {
    if (!rows.length) return html("p", { class: "muted", text: empty });
    return html("table", { class: "list" }, html("tr", {}, ...["Game", "Seats", "", "State", ""].map((t) => html("th", { text: t }))), ...rows);
  }

  /** "Join seat N": a name field opens beside the button; the seat's token comes back once, and the page goes to it. */
  function joinForm(game, seat, cell) {
    const input = html("input", { "data-join-name": `${game.id}/${seat}`, maxlength: "24", autocomplete: "nickname", placeholder: "your name", value: Ludo.savedName(), "aria-label": `Your name for seat ${seat}` });
    const error = html("div", { class: "field-error", "aria-live": "polite" });
    const go = html("button", { type: "submit", class: "primary", "data-take": `${game.id}/${seat}`, text: `Take seat ${seat}` });
    const form = html("form", { class: "join-seat" }, input, " ", go, error);
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const checked = Ludo.checkName(input.value);
      error.textContent = checked.error || "";
      if (checked.error) { input.focus(); return; }
      go.disabled = true;
      try {
        const taken = await Ludo.api("POST", `/api/games/${encodeURIComponent(game.id)}/seats/${seat}/take`, { name: checked.value });
        Ludo.saveName(checked.value);
        rememberTaken(game, taken);
        location.assign(`/play/${encodeURIComponent(game.id)}#token=${encodeURIComponent(taken.token)}`);
      } catch (failure) {
        go.disabled = false;
        error.textContent = failure.message; // taken meanwhile (409), or the name refused (400)
        if (failure.status === 409) { // the list is drawn again without the seat, and the form with it: say it above
          notice(`Seat ${seat} of that game was taken meanwhile (${failure.message}). Pick another open seat.`);
          refresh().catch(() => {});
        }
      }
    });
    cell.replaceChildren(form);
    input.focus();
  }

  function openRow(game) {
    const cell = html("td", {});
    for (const seat of game.free_seats || []) {
      const button = html("button", { type: "button", "data-join": `${game.id}/${seat}`, text: `Join seat ${seat}` });
      button.addEventListener("click", () => joinForm(game, seat, cell));
      cell.append(button, " ");
    }
    return html("tr", { "data-open-game": game.id }, html("td", { text: game.title }), html("td", { text: seatsText(game) }), cell);
  }

  let openShown = ""; // the open games drawn: a refresh that finds the same ones leaves a name being typed alone

  async function refresh() {
    const joinable = await Ludo.api("GET", "/api/games?joinable=true");
    const key = JSON.stringify(joinable.games.map((g) => [g.id, g.free_seats, g.names]));
    if (key !== openShown) {
      openShown = key;
      byId("open-games").replaceChildren(joinable.games.length
        ? html("table", { class: "list" }, html("tr", {}, ...["Game", "Seats", ""].map((t) => html("th", { text: t }))), ...joinable.games.map(openRow))
        : html("p", { class: "muted", text: "No game has a seat open to anyone now." }));
    }
    const { games } = await Ludo.api("GET", "/api/games");
    byId("playing").replaceChildren(table(games.filter((g) => !g.over).map((g) => gameRow(g, false)), "No game in progress."));
    byId("finished").replaceChildren(table(games.filter((g) => g.over).map((g) => gameRow(g, true)), "No finished game yet."));
    const known = new Set(games.map((g) => g.id));
    const rows = [];
    for (const [id, entry] of Object.entries(mine())) {
      if (!known.has(id)) continue;
      const listed = games.find((g) => g.id === id);
      const over = listed.over;
      const open = over ? [] : (entry.invites || []).filter((s) => (listed.open_seats || []).includes(s.seat));
      rows.push(html("li", { "data-mine": id }, html("strong", { text: `${entry.game} ` }), ...entry.seats.map((s) => html("a", { class: "button", href: s.url, text: `play seat ${s.seat}` })), over ? html("a", { class: "button", href: `/replay/${id}`, text: "replay" }) : null,
        ...open.map((s) => html("div", { class: "invite-left" }, html("span", { class: "muted", text: `Seat ${s.seat} has not joined yet: ` }),
          html("a", { href: s.url, "data-invite-left": String(s.seat), text: s.open ? "open seat" : "invitation" }), " ", copyButton(s.url, s.seat), html("span", { class: "url", "data-url": "yes", hidden: "", text: s.url })))));
    }
    if (rows.length) byId("mine").replaceChildren(html("ul", { class: "links" }, ...rows));
  }

  async function start() {
    byId("name").value = Ludo.savedName();
    byId("name").addEventListener("input", () => { if (byId("name").value.trim()) readName(); else showNameError(""); });
    try {
      catalog = await Ludo.api("GET", "/api/catalog");
    } catch (error) {
      notice(error.message);
      return;
    }
    const select = byId("game");
    for (const game of catalog.games) {
      select.appendChild(html("option", { value: game.id, text: game.error ? `${game.id} (unavailable)` : game.title, disabled: game.error ? "" : null }));
    }
    catalog.games = catalog.games.filter((g) => !g.error);
    select.addEventListener("change", fillPlayers);
    byId("players").addEventListener("change", fillSeats);
    byId("create").addEventListener("submit", create);
    fillPlayers();
    await refresh();
    setInterval(() => refresh().catch(() => {}), 5000);
  }
  start();
})();
