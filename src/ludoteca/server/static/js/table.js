// The table: draws one payload (a seat's view, its legal actions, the log, the players) with the
// game's renderer, turning the actions the renderer ties to places on the board into clickable
// targets and every other action into a button. Used by the game page and the replay viewer.
"use strict";

Ludo.Table = class {
  /**
   * @param {object} parts  elements: board, hand, actions, players, log, status
   * @param {object} options  interactive (bool), onAction(text) for a chosen action
   */
  constructor(parts, options) {
    this.parts = parts;
    this.interactive = !!options.interactive;
    // The game page says the result in its banner, with the replay link: its status line then says only that
    // the game is over (it said the same sentence twice). The replay page has no banner and keeps it.
    this.resultShownAbove = !!options.resultShownAbove;
    this.onAction = options.onAction || (() => {});
    this.tool = null;
    this.filter = "";
    this.payload = null;
    this.staticData = {};
    this.renderer = null;
    this.ui = {}; // a renderer's own choices in progress (tiles marked for a swap...), forgotten when the position changes
    this.helpBox = null; // the rules-help box a tap opened (ctx.help), closed by a tap elsewhere or Escape
    document.addEventListener("click", (event) => {
      if (this.menu && !this.menu.contains(event.target)) this.closeMenu();
      if (this.helpBox && event !== this.helpEvent && !this.helpBox.contains(event.target)) this.closeHelp();
    });
    document.addEventListener("keydown", (event) => { if (event.key === "Escape") this.closeHelp(); });
    // A renderer may lay the board out for the width it has (ctx.width): draw again when the window's width
    // changes (a phone turned, a window resized), not when only its height does (a phone's address bar).
    let seenWidth = window.innerWidth;
    let timer = null;
    window.addEventListener("resize", () => {
      if (window.innerWidth === seenWidth) return;
      seenWidth = window.innerWidth;
      clearTimeout(timer);
      timer = setTimeout(() => { if (this.payload && this.renderer) this.render(); }, 150);
    });
  }

  show(payload, staticData, renderer) {
    if (!this.payload || this.payload.version !== payload.version || this.payload.seat !== payload.seat) this.ui = {};
    this.payload = payload;
    if (staticData) this.staticData = staticData;
    if (renderer) this.renderer = renderer;
    this.render();
  }

  context() {
    const payload = this.payload;
    const targets = [];
    const claims = [];
    const ctx = {
      payload,
      view: payload.view,
      seat: payload.seat,
      static: this.staticData,
      actions: this.interactive ? payload.legal_actions || [] : [],
      tool: this.tool,
      width: this.boardWidth(),
      svg: Ludo.svg,
      html: Ludo.html,
      colour: Ludo.seatColour,
      seatName: (seat) => Ludo.seatName(payload, seat),
      target: (el, texts) => { if (this.interactive && texts && texts.length) targets.push({ el, texts }); },
      // Actions the renderer offers with controls of its own (not tied to one place): no button for them.
      claim: (texts) => { if (this.interactive && texts) claims.push(...texts); },
      ui: this.ui,
      redraw: () => this.render(),
      // Picking a piece to play selects its tool; picking it again keeps it (a second tile of the same colour is
      // placed as the first was), and the tool bar's "all" clears it. A toggle here turned a player's second click
      // on the same tile into "no tool", where a square's only action could be one they never picked.
      selectTool: (tool) => { this.tool = tool; this.render(); },
      act: (text) => this.onAction(text),
      // Rules text for a place, card, trait...: a tooltip on hover, and a box on a tap where a tap chooses nothing.
      help: (el, title, text) => this.help(el, title, text),
    };
    return { ctx, targets, claims };
  }

  /** The width the board's box gives its drawing, in CSS pixels. */
  boardWidth() {
    const box = this.parts.board;
    const style = getComputedStyle(box);
    const inner = box.clientWidth - parseFloat(style.paddingLeft || 0) - parseFloat(style.paddingRight || 0);
    return inner > 0 ? inner : window.innerWidth;
  }

  toolOf(text) { return this.renderer.tool ? this.renderer.tool(text) : null; }

  /** A renderer's optional part, or `fallback` (and the error in the console) when it fails on this view. */
  safely(part, draw, fallback) {
    try {
      return draw();
    } catch (error) {
      console.error(`the ${part} could not be drawn:`, error);
      return fallback;
    }
  }

  render() {
    const { ctx, targets, claims } = this.context();
    const renderer = this.renderer;
    this.closeMenu();
    // Board. A renderer that fails on a view it did not foresee must not leave the page blank: the view is
    // listed instead (its actions all become buttons), and the error goes to the console for the tests.
    let boardEl;
    try {
      boardEl = renderer.board(ctx);
    } catch (error) {
      console.error("the board could not be drawn:", error);
      targets.length = 0;
      claims.length = 0;
      boardEl = Ludo.html("div", { class: "generic", "data-board-failed": "yes" },
        Ludo.html("p", { class: "notice error", text: `The board could not be drawn (${error.message}); here is what it holds, as a list.` }),
        Ludo.describe(ctx.view));
    }
    this.parts.board.replaceChildren(boardEl);
    const claimed = new Set();
    for (const target of targets) target.texts.forEach((t) => claimed.add(t));
    const tools = [];
    for (const text of ctx.actions) {
      if (!claimed.has(text)) continue;
      const tool = this.toolOf(text);
      if (tool && !tools.includes(tool)) tools.push(tool);
    }
    if (this.tool && !tools.includes(this.tool)) this.tool = null;
    for (const target of targets) {
      const texts = this.tool ? target.texts.filter((t) => this.toolOf(t) === this.tool) : target.texts;
      if (!texts.length) continue;
      this.activate(target.el, texts);
    }
    // Hand. What it claims stays a button when it could not be drawn.
    let inHand = false; // the hand drew some of the choices (Advanced Civilization's undeclared trade cards)
    if (this.parts.hand) {
      const before = claims.length;
      const hand = renderer.hand ? this.safely("hand", () => renderer.hand(ctx), null) : null;
      if (!hand) claims.length = before;
      inHand = claims.length > before;
      this.parts.hand.replaceChildren(...(hand ? [hand] : []));
      this.parts.hand.closest(".panel").hidden = !hand;
    }
    claims.forEach((t) => claimed.add(t));
    this.renderStatus(ctx);
    this.renderActions(ctx, claimed, tools, targets.length > 0, inHand);
    this.renderPlayers(ctx);
    this.renderBreakdown();
    const places = this.placesFinder(ctx);
    this.markLastMoves(places);
    this.renderLog(places, ctx);
  }

  /**
   * `event -> place keys` through the renderer's placesOf (contract 2), or null for a renderer without one. A
   * renderer that fails on an event marks nothing for it, and says so once per drawing in the console.
   */
  placesFinder(ctx) {
    const renderer = this.renderer;
    if (!renderer.placesOf) return null;
    const known = new Map();
    let failed = false;
    return (event) => {
      if (known.has(event)) return known.get(event);
      let places = [];
      try {
        const found = renderer.placesOf(event, ctx);
        if (Array.isArray(found)) places = found.filter((p) => p !== null && p !== undefined).map(String);
      } catch (error) {
        if (!failed) console.error("the places of a log line could not be found:", error);
        failed = true;
      }
      known.set(event, places);
      return places;
    };
  }

  /** The board's elements that stand for the place `key` (data-place, contract 2). */
  placeElements(key) {
    return Array.from(this.parts.board.querySelectorAll(`[data-place="${CSS.escape(key)}"]`));
  }

  /**
   * What just happened: for each other seat (every seat for a spectator), the places of its latest log event that
   * has places are marked on the board in its colour, so a player sees the opponents' last moves at a glance.
   */
  markLastMoves(placesOf) {
    if (!placesOf) return;
    const payload = this.payload;
    const events = payload.log || [];
    const outlines = new Map(); // element -> how many seats marked it already (each outline drawn a little inside)
    for (let seat = 0; seat < payload.players; seat += 1) {
      if (seat === payload.seat) continue;
      let places = [];
      for (let index = events.length - 1; index >= 0 && !places.length; index -= 1) {
        if (events[index].seat === seat) places = placesOf(events[index]);
      }
      for (const key of places) {
        for (const el of this.placeElements(key)) {
          const inset = outlines.get(el) || 0;
          outlines.set(el, inset + 1);
          this.outline(el, seat, inset);
        }
      }
    }
  }

  outline(el, seat, inset) {
    const colour = Ludo.seatColour(seat);
    el.classList.add("last-move");
    el.setAttribute("data-last-move", [el.getAttribute("data-last-move"), String(seat)].filter(Boolean).join(" "));
    if (!(el instanceof SVGGraphicsElement)) {
      if (!inset) {
        el.style.outline = `3px solid ${colour}`;
        el.style.outlineOffset = "1px";
      }
      return;
    }
    const mark = this.overlay(el, "last-move-mark", 2 + 3 * inset);
    if (mark) mark.setAttribute("stroke", colour);
  }

  /**
   * A rectangle around an SVG element's box, drawn over it and letting clicks through (pointer-events: none in the
   * stylesheet): inside a group, or beside a shape (which cannot hold one), in the same coordinates.
   */
  overlay(el, cls, inset) {
    let box = null;
    try { box = el.getBBox(); } catch (_) { box = null; }
    if (!box || !(box.width > 0)) return null;
    const rect = Ludo.svg("rect", { class: cls, x: box.x + inset, y: box.y + inset, width: Math.max(1, box.width - 2 * inset), height: Math.max(1, box.height - 2 * inset), rx: 4 });
    if (["g", "svg", "a"].includes(el.tagName)) el.appendChild(rect);
    else {
      if (el.getAttribute("transform")) rect.setAttribute("transform", el.getAttribute("transform"));
      el.after(rect);
    }
    return rect;
  }

  /** A log line's places, lit up for two seconds and scrolled into view (the first of them). */
  spotlight(places) {
    const found = places.flatMap((key) => this.placeElements(key));
    if (!found.length) return;
    clearTimeout(this.spotlightTimer);
    this.clearSpotlight();
    for (const el of found) {
      el.classList.add("spotlight");
      if (el instanceof SVGGraphicsElement) this.overlay(el, "spotlight-mark", 0);
    }
    found[0].scrollIntoView({ behavior: "smooth", block: "center", inline: "center" });
    this.spotlightTimer = setTimeout(() => this.clearSpotlight(), 2000);
  }

  clearSpotlight() {
    for (const el of this.parts.board.querySelectorAll(".spotlight")) el.classList.remove("spotlight");
    for (const el of this.parts.board.querySelectorAll(".spotlight-mark")) el.remove();
  }

  activate(el, texts) {
    el.classList.add("target");
    el.setAttribute("data-actions", texts.join("\n"));
    let box = null;
    try { box = el.getBBox(); } catch (_) { box = null; }
    if (box && box.width > 0) {
      Ludo.svg("rect", { class: this.tool ? "target-mark" : "target-mark subtle", x: box.x + 1.5, y: box.y + 1.5, width: box.width - 3, height: box.height - 3, rx: 4 }, el);
    }
    // One tooltip: a rules help (ctx.help) already there gains the actions after it; an action the page asks
    // about before sending (the server's warnings) is marked there and on the element.
    const warned = texts.filter((t) => this.warned(t).title);
    const lines = texts.map((t) => (warned.includes(t) ? `⚠ ${t}` : t)).join("\n");
    if (warned.length) el.setAttribute("data-warned", warned.join("\n")); // which of the place's actions
    const old = Array.from(el.children).find((c) => c.tagName === "title");
    if (old) old.textContent = `${old.textContent}\n\n${lines}`;
    else el.appendChild(Ludo.svg("title", {}, null, lines));
    el.addEventListener("click", (event) => {
      event.stopPropagation();
      if (texts.length === 1) this.onAction(texts[0]);
      else this.openMenu(texts, event.pageX, event.pageY);
    });
  }

  /**
   * Rules help on `el` (an SVG or HTML element): its title and text as the hover tooltip (what a mouse shows), and,
   * because a phone has no hover, a tap on it opens a small box with the same text, unless the tap is a move
   * (the element or an ancestor is a click target: the tap plays, the tooltip alone stays). Text only, never HTML.
   */
  help(el, title, text) {
    if (!el) return;
    const heading = String(title ?? "");
    const body = String(text ?? "");
    const tip = body ? `${heading}\n${body}` : heading;
    el.classList.add("has-help");
    el.setAttribute("data-help", heading);
    if (el instanceof SVGElement) {
      const old = Array.from(el.children).find((c) => c.tagName === "title");
      if (old) old.textContent = `${tip}\n\n${old.textContent}`;
      else el.insertBefore(Ludo.svg("title", {}, null, tip), el.firstChild);
    } else {
      el.title = el.title ? `${tip}\n\n${el.title}` : tip;
    }
    el.addEventListener("click", (event) => {
      if (event.target.closest && event.target.closest(".target, button, a, input, select, .clickable")) return;
      this.helpEvent = event; // the document's listener, which closes the box on a tap elsewhere, lets this one be
      this.openHelp(heading, body, event.clientX, event.clientY);
    });
  }

  openHelp(title, text, x, y) {
    this.closeHelp();
    const box = Ludo.html("div", { class: "help-box", role: "dialog", "aria-label": title },
      Ludo.html("button", { class: "close", type: "button", "aria-label": "Close", text: "×", onclick: (e) => { e.stopPropagation(); this.closeHelp(); } }),
      Ludo.html("strong", { class: "help-title", text: title }),
      ...text.split("\n").filter((line) => line.trim()).map((line) => Ludo.html("p", { text: line })));
    box.style.left = "0px";
    box.style.top = "0px";
    document.body.appendChild(box);
    // Below and right of the tap, moved back inside the window (fixed position: it follows the viewport).
    const width = document.documentElement.clientWidth;
    const height = window.innerHeight;
    const left = Math.max(4, Math.min(x + 8, width - box.offsetWidth - 4));
    const top = y + 8 + box.offsetHeight <= height - 4 ? y + 8 : Math.max(4, y - box.offsetHeight - 8);
    box.style.left = `${left}px`;
    box.style.top = `${top}px`;
    this.helpBox = box;
  }

  closeHelp() { if (this.helpBox) { this.helpBox.remove(); this.helpBox = null; } }

  /** Attributes that mark an action the server warns about (`warnings`: the page asks before sending it), so the
   *  player sees it before choosing: a class for the mark, the warning as the button's title. */
  warned(text) {
    const warning = ((this.payload || {}).warnings || {})[text];
    return warning ? { class: "warned", title: warning, "data-warned": "" } : {};
  }

  openMenu(texts, x, y) {
    this.closeMenu();
    const menu = Ludo.html("div", { class: "menu" });
    for (const text of texts) {
      menu.appendChild(Ludo.html("button", { "data-action": text, ...this.warned(text), text, onclick: (e) => { e.stopPropagation(); this.closeMenu(); this.onAction(text); } }));
    }
    menu.style.left = "0px";
    menu.style.top = "0px";
    document.body.appendChild(menu);
    // Beside the click, but never past the window's right edge (that would scroll a phone's page sideways).
    const room = window.scrollX + document.documentElement.clientWidth - menu.offsetWidth - 4;
    menu.style.left = `${Math.max(window.scrollX + 4, Math.min(x + 6, room))}px`;
    menu.style.top = `${y + 6}px`;
    this.menu = menu;
  }

  closeMenu() { if (this.menu) { this.menu.remove(); this.menu = null; } }

  renderStatus(ctx) {
    const payload = this.payload;
    const el = this.parts.status;
    if (!el) return;
    const parts = [];
    if (payload.over) {
      parts.push(Ludo.html("span", { class: "turn", text: this.resultShownAbove ? "Game over." : Ludo.resultText(payload) }));
    } else {
      const waiting = payload.to_act || [];
      const mine = payload.seat !== null && waiting.includes(payload.seat);
      const text = mine ? "Your turn." : `Waiting for ${waiting.map((s) => Ludo.seatName(payload, s)).join(", ")}.`;
      parts.push(Ludo.html("span", { class: mine ? "turn mine" : "turn", text }));
    }
    // A game ended early (a resignation, an abandon) still holds the decision it was waiting for: no prompt then.
    // A prompt is written to the seat that decides: another seat's page quotes it after whose it is (promptFor).
    const decision = ctx.view && ctx.view.decision;
    const asked = decision && decision.prompt ? { ...decision, prompt: Ludo.promptFor(payload, decision) } : decision;
    const shown = payload.over && decision ? { ...ctx, view: { ...ctx.view, decision: null } }
      : asked !== decision ? { ...ctx, view: { ...ctx.view, decision: asked } } : ctx;
    const extra = this.renderer.status ? this.safely("status", () => this.renderer.status(shown), "") : "";
    if (extra) parts.push(Ludo.html("span", { class: "muted", text: ` ${extra}` }));
    el.replaceChildren(...parts);
  }

  renderActions(ctx, claimed, tools, onBoard, inHand = false) {
    const el = this.parts.actions;
    if (!el) return;
    const panel = el.closest(".panel");
    const actions = ctx.actions;
    if (!this.interactive || !actions.length) {
      if (panel) panel.hidden = !this.interactive;
      el.replaceChildren(Ludo.html("p", { class: "muted", text: this.payload.seat === null ? "You are watching." : "Nothing to decide now." }));
      return;
    }
    if (panel) panel.hidden = false;
    const children = [];
    if (tools.length) {
      const bar = Ludo.html("div", { class: "toolbar" });
      bar.appendChild(Ludo.html("button", { class: this.tool === null ? "selected" : "", "data-tool": "", text: "all", onclick: () => { this.tool = null; this.render(); } }));
      for (const tool of tools) {
        bar.appendChild(Ludo.html("button", { class: this.tool === tool ? "selected" : "", "data-tool": tool, text: tool, onclick: () => { this.tool = tool; this.render(); } }));
      }
      bar.appendChild(Ludo.html("span", { class: "hint", text: "then click a highlighted place on the board" }));
      children.push(bar);
    }
    const rest = actions.filter((t) => !claimed.has(t));
    if ((onBoard || inHand) && !tools.length && !rest.length) { // everything to decide is elsewhere: say where
      const where = onBoard && inHand ? "Click a highlighted place on the board, or choose in your hand."
        : onBoard ? "Click a highlighted place on the board." : "Choose in your hand.";
      children.push(Ludo.html("p", { class: "hint", "data-hint": onBoard ? "board" : "hand", text: where }));
    } else if (inHand && !tools.length) {
      children.push(Ludo.html("p", { class: "hint", "data-hint": "hand", text: "More choices are in your hand." }));
    }
    if (rest.length > 16) {
      const input = Ludo.html("input", { class: "filter", type: "search", placeholder: `filter ${rest.length} actions`, value: this.filter });
      input.addEventListener("input", () => { this.filter = input.value; this.renderButtons(list, rest); });
      children.push(input);
    }
    const list = Ludo.html("div", { class: "buttons" });
    children.push(list);
    el.replaceChildren(...children);
    this.renderButtons(list, rest);
  }

  renderButtons(list, rest) {
    const wanted = this.filter.trim().toLowerCase();
    const shown = wanted ? rest.filter((t) => t.toLowerCase().includes(wanted)) : rest;
    const groups = new Map();
    for (const text of shown) {
      const key = text.split(" ")[0];
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push(text);
    }
    const children = [];
    // Shown with the names people gave ("yourself" for the page's own seat); sent as the game wrote it.
    const label = (text) => Ludo.withNames(this.payload, text, "yourself");
    const button = (text) => Ludo.html("button", { "data-action": text, ...this.warned(text), text: label(text), onclick: () => this.onAction(text) });
    if (groups.size <= 1 || shown.length <= 10) {
      shown.forEach((t) => children.push(button(t)));
    } else {
      for (const [key, texts] of groups) {
        const details = Ludo.html("details", { class: "group", open: texts.length <= 12 || wanted ? "" : null });
        details.appendChild(Ludo.html("summary", { text: `${key} (${texts.length})` }));
        texts.forEach((t) => details.appendChild(button(t)));
        children.push(details);
      }
    }
    list.replaceChildren(...children);
  }

  renderPlayers(ctx) {
    const el = this.parts.players;
    if (!el) return;
    const payload = this.payload;
    const lines = this.renderer.players ? this.safely("players", () => this.renderer.players(ctx), []) : [];
    const rows = [];
    for (let seat = 0; seat < payload.players; seat += 1) {
      const acting = (payload.to_act || []).includes(seat);
      const detail = [];
      if (lines[seat]) detail.push(lines[seat]);
      if (payload.result && payload.result.scores) detail.push(`final score ${JSON.stringify(payload.result.scores[seat] ?? payload.result.scores[String(seat)])}`);
      rows.push(Ludo.html("div", { class: acting ? "player acting" : "player", "data-seat": String(seat) },
        Ludo.html("span", { class: "swatch", style: `background:${Ludo.seatColour(seat)}` }),
        Ludo.html("div", {},
          Ludo.html("div", { class: "name", text: Ludo.seatName(payload, seat) + (acting ? " — to act" : "") }),
          ...detail.map((d) => Ludo.html("div", { class: "detail", text: d })))));
    }
    el.replaceChildren(...rows);
  }

  /**
   * A finished game's score breakdown (contract 1: result.breakdown, rows of one value per seat, the last row the one
   * that decides, then notes), as a table with a column per seat, above the board: the final position stays under
   * it, and the player reads why the game ended as it did before anything else. It scrolls inside its own box when
   * the seats do not fit (a phone).
   */
  renderBreakdown() {
    const payload = this.payload;
    const breakdown = payload.over && payload.result ? payload.result.breakdown : null;
    const rows = breakdown && Array.isArray(breakdown.rows) ? breakdown.rows.filter((r) => r && Array.isArray(r.values)) : [];
    if (!rows.length) {
      if (this.breakdownEl) { this.breakdownEl.remove(); this.breakdownEl = null; }
      return;
    }
    if (!this.breakdownEl) {
      this.breakdownEl = Ludo.html("div", { class: "panel breakdown", id: "breakdown" });
      this.parts.board.before(this.breakdownEl);
    }
    const winners = new Set(payload.result.winners || []);
    const cell = (value) => (value === null || value === undefined ? "—" : String(value));
    const head = Ludo.html("tr", {}, Ludo.html("th", { scope: "col", class: "label" }));
    for (let seat = 0; seat < payload.players; seat += 1) {
      head.appendChild(Ludo.html("th", { scope: "col", class: winners.has(seat) ? "seat winner" : "seat", "data-seat": String(seat), style: `border-top-color:${Ludo.seatColour(seat)}` },
        Ludo.html("span", { class: "swatch", style: `background:${Ludo.seatColour(seat)}` }),
        Ludo.html("span", { class: "name", text: Ludo.seatName(payload, seat) + (winners.has(seat) ? " ★" : "") })));
    }
    const body = Ludo.html("tbody");
    rows.forEach((row, index) => {
      const label = Ludo.html("th", { scope: "row", class: "label", text: cell(row.label) });
      if (row.note) label.appendChild(Ludo.html("div", { class: "note", text: String(row.note) }));
      const tr = Ludo.html("tr", { class: index === rows.length - 1 ? "decisive" : "" }, label);
      for (let seat = 0; seat < payload.players; seat += 1) {
        tr.appendChild(Ludo.html("td", { class: winners.has(seat) ? "winner" : "", "data-seat": String(seat), text: cell(row.values[seat]) }));
      }
      body.appendChild(tr);
    });
    const notes = Array.isArray(breakdown.notes) ? breakdown.notes.filter((n) => n !== null && n !== undefined && n !== "") : [];
    this.breakdownEl.replaceChildren(
      Ludo.html("h3", { text: "Score breakdown" }),
      Ludo.html("div", { class: "breakdown-scroll" }, Ludo.html("table", { class: "breakdown" }, Ludo.html("thead", {}, head), body)),
      ...(notes.length ? [Ludo.html("ul", { class: "notes" }, ...notes.map((n) => Ludo.html("li", { text: String(n) })))] : []));
  }

  /** The log, newest last. A line whose event happened somewhere shows where on a click (contract 2); a line
   *  the renderer can explain (`logHelp(event, ctx)` -> {title, text}, e.g. a card's face) carries that help. */
  renderLog(placesOf, ctx) {
    const explain = ctx && this.renderer.logHelp ? (event) => this.safely("log help", () => this.renderer.logHelp(event, ctx), null) : () => null;
    const el = this.parts.log;
    if (!el) return;
    const events = this.payload.log || [];
    const shown = events.slice(-200);
    const rows = shown.map((event) => {
      const text = event.text ? Ludo.withNames(this.payload, event.text) : JSON.stringify(event);
      const row = Ludo.html("div", { class: event.seats ? "private" : "", text });
      const seat = typeof event.seat === "number" ? event.seat : null;
      if (seat !== null) row.style.borderLeftColor = Ludo.seatColour(seat);
      const places = placesOf ? placesOf(event) : [];
      if (places.length) { // a line that happened somewhere: a click (or Enter) shows where
        row.classList.add("placed");
        row.setAttribute("tabindex", "0");
        row.setAttribute("title", "Show where on the board");
        row.addEventListener("click", () => this.spotlight(places));
        row.addEventListener("keydown", (e) => { if (e.key === "Enter") this.spotlight(places); });
      }
      const face = explain(event);
      if (face && face.title) this.help(row, face.title, face.text);
      return row;
    });
    if (events.length > shown.length) rows.unshift(Ludo.html("div", { class: "muted", text: `… ${events.length - shown.length} earlier lines` }));
    el.replaceChildren(...rows);
    el.scrollTop = el.scrollHeight;
  }
};
