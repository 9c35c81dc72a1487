// Ludoteca web client, shared by every page: API calls, SVG helpers, seat colours, and the
// registry of per-game renderers (static/games/<game>.js), each drawing a board from view(seat) JSON.
"use strict";

const Ludo = (() => {
  // Seat 3 was a dark gold that read as seat 1's orange on a 4-player board (QA pass, session 26): the gold is 7th.
  const SEAT_COLOURS = ["#7b3fa0", "#d9731a", "#148a7a", "#455a64", "#c2185b", "#6d4c41", "#b8860b", "#7c8c1f"];
  const renderers = {};
  const SVG_NS = "http://www.w3.org/2000/svg";

  /** Call the JSON API (with the seat's token as a Bearer credential, never in the URL); a refusal becomes
   *  an Error whose message is the server's reason. */
  async function api(method, path, body, token) {
    const init = { method, headers: {} };
    if (token) init.headers.Authorization = `Bearer ${token}`;
    if (body !== undefined) {
      init.headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    const response = await fetch(path, init);
    let data = null;
    try { data = await response.json(); } catch (_) { data = null; }
    if (!response.ok) {
      const reason = data && data.detail ? (typeof data.detail === "string" ? data.detail : JSON.stringify(data.detail)) : response.statusText;
      const error = new Error(reason);
      error.status = response.status;
      throw error;
    }
    return data;
  }

  /** Create an SVG element with attributes (and optional text), appended to parent when given. */
  function svg(tag, attrs, parent, text) {
    const el = document.createElementNS(SVG_NS, tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value !== undefined && value !== null) el.setAttribute(key, value);
    }
    if (text !== undefined) el.textContent = text;
    if (parent) parent.appendChild(el);
    return el;
  }

  /** Create an HTML element with attributes, class, text and children. */
  function html(tag, attrs, ...children) {
    const el = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === undefined || value === null || value === false) continue;
      if (key === "class") el.className = value;
      else if (key === "text") el.textContent = value;
      else if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
      else el.setAttribute(key, value);
    }
    for (const child of children) {
      if (child === null || child === undefined) continue;
      el.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
    }
    return el;
  }

  function seatColour(seat) { return SEAT_COLOURS[seat % SEAT_COLOURS.length]; }

  /** A seat as people read it: its person's name (public; always put in the page as text), else "Seat N";
   *  "(you)" for the page's own seat; a bot's agent name (a resigned person's seat: their name and the bot). */
  function seatName(payload, seat) {
    const info = (payload.seats || [])[seat];
    const you = payload.seat === seat ? " (you)" : "";
    const who = info && info.player !== "human" ? ` · ${info.player}` : "";
    const name = info && typeof info.name === "string" && info.name ? info.name : `Seat ${seat}`;
    return `${name}${you}${who}`;
  }

  /** A line the game wrote (it knows seats, not people) with each "Seat N" or "seat N" whose person gave a name
   *  written as that name; a name two seats share keeps its seat ("Ann (seat 1)"), so a line never leaves a reader
   *  unsure whose move it was; a line that already names the person ("Ann (seat 1) took back a move", the
   *  server's own notes) is left as it is. With ``own`` (a button's "yourself"), the page's own seat is that word
   *  ("send the horde against yourself"; "(you)" within brackets). Always put in the page as text. */
  const SEAT_LABEL = /^seat\s*\d/i; // a name the server refuses (service.check_name), never written for a seat
  function withNames(payload, text, own = null) {
    const named = (info) => info && typeof info.name === "string" && info.name && !SEAT_LABEL.test(info.name);
    const names = (payload.seats || []).map((info) => (named(info) ? info.name : null));
    return text.replace(/\b[Ss]eat (\d+)\b/g, (whole, number, offset) => {
      const seat = Number(number);
      if (own !== null && seat === payload.seat) {
        const bracketed = text[offset - 1] === "(" && text[offset + whole.length] === ")";
        return bracketed ? "you" : own;
      }
      const name = names[seat];
      if (!name || text.slice(0, offset).endsWith(`${name} (`)) return whole;
      return names.filter((other) => other === name).length > 1 ? `${name} (seat ${number})` : name;
    });
  }

  /** The decision's prompt as the page's reader should take it. It is written to the seat that decides ("Seat 0
   *  raided you: raid back?"): on that seat's page as it is, on any other page quoted after whose it is. */
  function promptFor(payload, decision) {
    const prompt = withNames(payload, decision.prompt || "");
    const deciders = Array.isArray(decision.seats) ? decision.seats : [decision.seat];
    if (!prompt || deciders.includes(payload.seat) || typeof deciders[0] !== "number") return prompt;
    const who = deciders.map((seat) => seatName(payload, seat)).join(", ");
    return `${who} ${deciders.length > 1 ? "are" : "is"} asked: “${prompt}”`;
  }

  const NAME_KEY = "ludoteca.name";
  /** The name this browser last gave (a convenience for the next form; it is public anyway). */
  // The games this browser holds a seat in (started here, or a seat taken or an invitation claimed here):
  // the lobby's "Your seats". A seat's page link holds its token, and it is the only way back to the seat.
  const MINE_KEY = "ludoteca.mine";
  function mySeats() { try { return JSON.parse(localStorage.getItem(MINE_KEY) || "{}"); } catch (_) { return {}; } }
  function saveMySeats(all) { try { localStorage.setItem(MINE_KEY, JSON.stringify(all)); } catch (_) { /* private mode */ } }
  /** Remember a seat this browser now holds (the lobby lists it; a friend who closed the tab finds it there). */
  function rememberSeat(gameId, title, seat, url) {
    const all = mySeats();
    const entry = all[gameId] || { game: title, seats: [], invites: [] };
    entry.seats = entry.seats.filter((s) => s.seat !== seat).concat([{ seat, url }]);
    all[gameId] = entry;
    saveMySeats(all);
  }

  function savedName() { try { return localStorage.getItem(NAME_KEY) || ""; } catch (_) { return ""; } }
  function saveName(name) { try { if (name) localStorage.setItem(NAME_KEY, name); } catch (_) { /* private mode */ } }

  /** A typed name as the server will keep it (trimmed), or the reason it is not one (the server says the same). */
  function checkName(raw) {
    const name = String(raw || "").trim();
    if (!name) return { error: "Type your name (1-24 characters): the other players see it." };
    if (Array.from(name).length > 24) return { error: `Your name has ${Array.from(name).length} characters: at most 24.` };
    if (/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/.test(name)) return { error: "Your name may not contain control characters." };
    if (SEAT_LABEL.test(name)) return { error: "Your name may not start with 'Seat' and a number: the log names seats that way." };
    return { value: name };
  }

  function register(name, renderer) { renderers[name] = renderer; }

  /** Load static/games/<name>.js once; resolves to the renderer it registers. */
  function loadRenderer(name) {
    if (renderers[name]) return Promise.resolve(renderers[name]);
    return new Promise((resolve, reject) => {
      const script = document.createElement("script");
      script.src = `/static/games/${name}.js`;
      script.onload = () => {
        const renderer = renderers[name];
        if (!renderer) { reject(new Error(`${name}.js registered no renderer`)); return; }
        // A renderer with styles of its own says so (stylesheet: true): static/games/<name>.css joins the page.
        if (renderer.stylesheet) {
          document.head.appendChild(Object.assign(document.createElement("link"), { rel: "stylesheet", href: `/static/games/${name}.css` }));
        }
        resolve(renderer);
      };
      script.onerror = () => reject(new Error(`cannot load the ${name} renderer`));
      document.head.appendChild(script);
    });
  }

  function titleCase(text) { return String(text).replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase()); }

  /** Readable nested lists for any JSON value (the generic renderer and unknown view parts). */
  function describe(value) {
    if (value === null || value === undefined) return html("span", { class: "muted", text: "—" });
    if (Array.isArray(value)) {
      if (value.length === 0) return html("span", { class: "muted", text: "none" });
      if (value.every((v) => v === null || typeof v !== "object")) return html("span", { text: value.map((v) => v === null ? "—" : String(v)).join(", ") });
      const list = html("ul");
      value.forEach((item, index) => list.appendChild(html("li", {}, html("span", { class: "muted", text: `${index}: ` }), describe(item))));
      return list;
    }
    if (typeof value === "object") {
      const keys = Object.keys(value);
      if (keys.length === 0) return html("span", { class: "muted", text: "none" });
      const flat = keys.every((k) => value[k] === null || typeof value[k] !== "object");
      if (flat && keys.length <= 12) {
        return html("span", { text: keys.map((k) => `${k}: ${value[k] === null ? "—" : value[k]}`).join(" · ") });
      }
      const dl = html("dl");
      for (const key of keys) {
        dl.appendChild(html("dt", { text: titleCase(key) }));
        dl.appendChild(html("dd", {}, describe(value[key])));
      }
      return dl;
    }
    return html("span", { text: String(value) });
  }

  /** The winners line and each seat's score, from a result. */
  function resultText(payload) {
    const result = payload.result;
    if (!result) return "";
    const winners = (result.winners || []).map((s) => seatName(payload, s)).join(", ");
    const resigned = (result.resigned || []).map((s) => seatName(payload, s).replace(/ · .*$/, "").replace(" (you)", "")).join(", ");
    let why = result.ended ? `${titleCase(result.ended)}. ` : ""; // abandoned or expired
    if (resigned) why = result.ended ? `${resigned} resigned. ` : `${resigned} resigned (a bot played on). `;
    return `${why}Game over. Winner${(result.winners || []).length === 1 ? "" : "s"}: ${winners || "none"}.`;
  }

  /**
   * In place of a game page that cannot show its game (an unknown game, a link whose token opens no seat, a
   * replay of a game still being played): a sentence saying what happened and where to go, never an empty
   * board or a raw reason. `page` is "game" or "replay".
   */
  function unavailable(error, gameId, page) {
    const status = error && error.status;
    const game = `“${gameId}”`;
    const links = [];
    let title;
    let text;
    if (status === 404) {
      title = "There is no such game";
      text = `There is no game ${game} on this server. The link may be mistyped or cut short, or the game was started on another server.`;
    } else if (status === 403) {
      title = "This link opens no seat";
      text = `The secret in this link opens no seat of game ${game}: it may be mistyped or cut short, or belong to another game, or its seat was given up (a player who resigned hands the seat to a bot). Ask the person who invited you for your seat's link; meanwhile you can watch the game.`;
      links.push(html("a", { class: "button", href: `/play/${encodeURIComponent(gameId)}`, text: "Watch as a spectator" }));
    } else if (status === 409 && page === "replay") {
      title = "This game is not over yet";
      text = `Game ${game} is still being played: its replay opens once it is over. You can watch it now.`;
      links.push(html("a", { class: "button", href: `/play/${encodeURIComponent(gameId)}`, text: "Watch the game" }));
    } else {
      title = page === "replay" ? "This replay cannot be shown" : "This game cannot be shown";
      text = `The server answered: ${error && error.message ? error.message : "no answer"}. Try again in a moment.`;
    }
    links.push(html("a", { class: "button", href: "/", text: "Go to the lobby" }));
    document.title = `Ludoteca — ${title}`;
    const heading = document.getElementById("title");
    if (heading) heading.textContent = title;
    for (const part of document.querySelectorAll("main > :not(#notice)")) part.hidden = true;
    const notice = document.getElementById("notice");
    notice.replaceChildren(html("section", { class: "panel problem", "data-problem": String(status || "") },
      html("h2", { text: title }), html("p", { text }), html("p", { class: "links" }, ...links)));
  }

  return { api, svg, html, seatColour, seatName, withNames, promptFor, savedName, saveName, checkName, mySeats, saveMySeats, rememberSeat, register, loadRenderer, describe, titleCase, resultText, unavailable, renderers, SEAT_COLOURS };
})();
