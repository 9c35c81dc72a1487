// Advanced Civilization: the map from its drawing positions (areas, land borders), each nation's
// tokens, cities and ships, barbarians and pirate cities; under it the A.S.T., one row per nation with its
// epochs and its marker; the seat's own trade cards, treasury and advances. Actions that name an area are
// clicks on that area. Above the map: the conflicts phase 6 would fight and the calamity being resolved, with
// their numbers (computed by the rules, sent in the view); the token count of a move. Below it: the legend and
// the rules help for every advance and calamity (hover, or tap on a phone).
"use strict";

(() => {
  const FILL = { land: "#efe3c2", sea: "#a9cfe6", "open-sea": "#86b6d8" };
  const GAP = 40;
  const SCALE = 0.6; // the source positions are far apart for pieces this size
  const UNDECLARED = /^add hand card (\d+), undeclared$/; // an offer's undeclared card, by its place (AC-R22)

  /** Screen positions: each board panel keeps its own coordinates, the Western map to the left of the main one. */
  function layout(areas) {
    const bounds = {};
    for (const area of Object.values(areas)) {
      const b = (bounds[area.board] = bounds[area.board] || { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity });
      b.minX = Math.min(b.minX, area.pos[0]); b.maxX = Math.max(b.maxX, area.pos[0]);
      b.minY = Math.min(b.minY, area.pos[1]); b.maxY = Math.max(b.maxY, area.pos[1]);
    }
    const order = Object.keys(bounds).sort((a, b) => (a === "main") - (b === "main"));
    const offset = {};
    let x = 40;
    let height = 0;
    for (const board of order) {
      const b = bounds[board];
      offset[board] = [x - b.minX, 50 - b.minY];
      x += b.maxX - b.minX + GAP;
      height = Math.max(height, b.maxY - b.minY);
    }
    const at = {};
    for (const [name, area] of Object.entries(areas)) {
      const o = offset[area.board];
      at[name] = [(area.pos[0] + o[0]) * SCALE + 30, (area.pos[1] + o[1]) * SCALE + 20];
    }
    return { at, width: (x - GAP) * SCALE + 80, height: height * SCALE + 90 };
  }

  /** The areas each action names (longest names first, so "Upper Egypt" wins over "Egypt"). */
  function areasOf(text, names, nations = []) {
    const found = [];
    // A nation named as a nation ("play Thrace", "propose a trade to Assyria (seat 2)") is no place: three nations
    // share their names with areas, and their choices became map highlights with no button (QA pass, session 26).
    if (text.startsWith("play ")) return found;
    let rest = text;
    for (const nation of nations) rest = rest.split(`${nation} (seat `).join("# (seat ");
    for (const name of names) {
      if (rest.includes(name)) { found.push(name); rest = rest.split(name).join("#"); }
    }
    return found;
  }


  // ------------------------------------------------------------------------------------------ area labels
  const LABEL_FONT = '"Segoe UI", "DejaVu Sans", Arial, sans-serif'; // style.css's `svg text`
  const LABEL_SIZES = [12.5, 11, 10, 9];
  let measurer = null;
  function textWidth(text, size) {
    if (!measurer) measurer = document.createElement("canvas").getContext("2d");
    measurer.font = `${size}px ${LABEL_FONT}`;
    return measurer.measureText(text).width;
  }
  const overlaps = (a, b) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
  const overlapArea = (a, b) => Math.max(0, Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0)) * Math.max(0, Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0));

  /**
   * Where each area's name goes: below its circle when there is room, else right, left, above or further off,
   * smaller if need be, so that no two names overlap (the Aegean is dense) and none covers another area's circle.
   * Boxes are measured with the page's font (a canvas), a little larger than the drawn text.
   */
  function placeLabels(areas, at) {
    const circles = Object.entries(areas).map(([name, area]) => {
      const [x, y] = at[name];
      const r = area.kind === "land" ? 15 : 22;
      return { name, x0: x - r, y0: y - r, x1: x + r, y1: y + r };
    });
    const placed = [];
    const result = {};
    // Crowded areas first: those with the most circles near them choose before their neighbours fill the room.
    const near = (name) => circles.filter((c) => Math.hypot(at[c.name][0] - at[name][0], at[c.name][1] - at[name][1]) < 70).length;
    const order = Object.keys(areas).sort((a, b) => near(b) - near(a) || a.localeCompare(b));
    for (const name of order) {
      const [x, y] = at[name];
      const r = areas[name].kind === "land" ? 15 : 22;
      let best = null;
      for (const size of LABEL_SIZES) {
        const w = textWidth(name, size) + 3;
        const h = size * 1.3;
        const spots = [
          [x - w / 2, y + r + 1], [x + r + 2, y - h / 2], [x - r - 2 - w, y - h / 2], [x - w / 2, y - r - 1 - h],
          [x + r - 4, y + r - 2], [x - r + 4 - w, y + r - 2], [x - w / 2, y + r + 1 + h * 0.8], [x + r - 4, y - r + 2 - h],
          [x - r + 4 - w, y - r + 2 - h], [x - w / 2, y - r - 1 - h * 1.8],
        ];
        for (const [x0, y0] of spots) {
          const box = { x0, y0, x1: x0 + w, y1: y0 + h, size };
          let cost = 0;
          for (const other of placed) cost += overlapArea(box, other) * 10;
          for (const c of circles) if (c.name !== name) cost += overlapArea(box, c);
          if (!best || cost < best.cost) best = { ...box, cost };
          if (cost === 0) break;
        }
        if (best.cost === 0) break;
      }
      placed.push(best);
      result[name] = best;
    }
    return result;
  }

  // ------------------------------------------------------------------------------------------ moving tokens
  // A move is three decisions of the rules (source, destination, count; AC-R10). On the page it is two clicks:
  // the source, then the destination with the count shown in the bar above the map (each destination has its
  // own sensible default; − and + change it). The destination's click sends the destination, then at once the
  // count (the rules' next decision, unless a lone token leaves nothing to choose), so the page never waits for a
  // third click.
  let pendingMove = null; // { text }: the count sent (or about to be) after the destination
  let countChoice = null; // { source, n }: a count the player set with − / + for this source
  let drawnVersion = -1; // the position last drawn

  /** Whether a position (the payload drawn, or the server's answer to a destination) asks this seat for `count`. */
  function countAsked(payload, count) {
    if (!payload || !payload.view) return false;
    const decision = payload.view.decision || {};
    return decision.step === "move_count" && (payload.legal_actions || []).includes(count);
  }

  function movable(view, seat, area) {
    const here = ((view.tokens || {})[area] || [])[seat] || 0;
    const moved = ((view.moved || {})[area] || [])[seat] || 0;
    return Math.max(0, here - moved);
  }

  /** Tokens a move to `target` sends by default: all of them to fight another nation or its city, else enough
   * to fill the destination to its population limit (§20, §26: more would be removed as surplus), at least one. */
  function defaultCount(ctx, source, target) {
    const view = ctx.view;
    const seat = ctx.seat;
    const most = movable(view, seat, source);
    const row = (view.tokens || {})[target] || [];
    const others = row.reduce((sum, n, s) => sum + (s === seat ? 0 : n), 0) + ((view.barbarians || {})[target] || 0);
    const city = (view.cities || {})[target];
    if (others > 0 || (city && city.owner !== seat) || (view.pirates || []).includes(target)) return most;
    const room = ((ctx.static.areas || {})[target] || {}).limit - (row[seat] || 0);
    return Math.max(1, Math.min(most, room > 0 ? room : most));
  }

  /** The destinations of the open "move to" decision: {source, byTarget: target -> action text}. */
  function destinations(ctx, names) {
    const found = { source: null, byTarget: {} };
    for (const text of ctx.actions) {
      const target = names.find((name) => text.endsWith(` to ${name}`));
      if (!target) continue;
      const source = text.slice(0, text.length - target.length - 4);
      if (!(source in (ctx.static.areas || {}))) continue;
      found.source = source;
      found.byTarget[target] = text;
    }
    return found;
  }

  // ------------------------------------------------------------------------------------------ panels
  function nation(ctx, seat) {
    if (seat === null || seat === undefined) return "nobody";
    return (ctx.view.nations || [])[seat] || ctx.seatName(seat);
  }

  function forces(ctx, row, city, barbarians, pirates) {
    const parts = [];
    (row || []).forEach((n, seat) => { if (n) parts.push(`${nation(ctx, seat)} ${n}`); });
    if (barbarians) parts.push(`barbarians ${barbarians}`);
    if (city !== null && city !== undefined) parts.push(`city of ${nation(ctx, city)}`);
    if (pirates) parts.push("pirate city");
    return parts.join(" · ") || "nobody";
  }

  /** Phase 6 as the rules would fight it if movement ended now (view.conflicts, computed by the rules). */
  function conflictPanel(ctx) {
    const list = ctx.view.conflicts || [];
    if (!list.length) return null;
    const panel = Ludo.html("div", { class: "ac-panel ac-conflicts", "data-conflicts": String(list.length) },
      Ludo.html("strong", { text: `Conflicts if movement ended now (phase 6, §24): ${list.length}` }));
    for (const c of list) {
      const before = forces(ctx, c.tokens, c.city, c.barbarians, c.pirates);
      const after = forces(ctx, c.after.tokens, c.after.city, c.after.barbarians, c.after.pirates);
      const line = Ludo.html("div", { class: "ac-conflict", "data-conflict": c.area },
        Ludo.html("b", { text: `${c.area}` }), ` (limit ${c.limit}): ${before} → ${after}`);
      if (c.events && c.events.length) line.appendChild(Ludo.html("div", { class: "muted", text: c.events.join(" ") }));
      panel.appendChild(line);
    }
    return panel;
  }

  /** Phase 11: the calamity being resolved, its victims' losses set by the rules, the advances that change it. */
  function calamityPanel(ctx) {
    const info = ctx.view.calamities;
    if (!info) return null;
    const help = (ctx.static.help || {}).calamities || {};
    const panel = Ludo.html("div", { class: "ac-panel ac-calamity", "data-calamity": info.current ? info.current.name : "" });
    if (info.current) {
      const c = info.current;
      const title = Ludo.html("strong", { text: `${c.name} strikes ${nation(ctx, c.victim)}${c.trader !== null && c.trader !== undefined ? ` (traded by ${nation(ctx, c.trader)})` : ""}` });
      panel.appendChild(title);
      const spec = help[c.name];
      if (spec) {
        panel.appendChild(Ludo.html("div", { class: "muted", text: `${spec.tradable ? "Tradable" : "Not tradable"}, stack ${spec.stack}. ${spec.text}` }));
      }
      for (const loss of info.losses || []) {
        let text;
        if (loss.kind === "lose") text = `${nation(ctx, loss.seat)} loses ${loss.points} unit points (a token 1, a city 5; §29.62), choosing which.`;
        else if (loss.kind === "direct") text = `${nation(ctx, loss.seat)} shares ${loss.points} points of loss among the others, at most ${loss.each} each (§29.64).`;
        else text = `${nation(ctx, loss.seat)} picks ${loss.cities} cit${loss.cities === 1 ? "y" : "ies"} to ${loss.effect} (of ${(loss.owners || []).map((s) => nation(ctx, s)).join(", ")}).`;
        panel.appendChild(Ludo.html("div", { class: "ac-loss", "data-loss-seat": String(loss.seat), text }));
      }
      const mods = (info.modifiers || []).map((m) => `${m.advance}${m.amount !== null && m.amount !== undefined ? ` ${m.amount > 0 ? "+" : ""}${m.amount}` : ""} (${m.figure}): ${m.holders.length ? m.holders.map((s) => nation(ctx, s)).join(", ") : "nobody holds it"}`);
      if (mods.length) panel.appendChild(Ludo.html("div", { class: "muted", text: `Advances that change it — ${mods.join("; ")}.` }));
      // Trade cards that change it: Grain shown against Famine under Pottery (view.locked, public once shown).
      const grain = (ctx.view.locked || []).map((n, seat) => (n ? `${nation(ctx, seat)} ${n}` : "")).filter(Boolean);
      if (grain.length) panel.appendChild(Ludo.html("div", { class: "muted", "data-grain": "yes", text: `Grain shown under Pottery (each one lessens the loss, §30): ${grain.join(", ")}.` }));
    }
    if ((info.due || []).length) {
      panel.appendChild(Ludo.html("div", { class: "muted", text: `Still to come (§29.6): ${info.due.map((d) => `${d.name} on ${nation(ctx, d.victim)}`).join(", ")}.` }));
    }
    return panel;
  }

  /** The count of the next move, with − and +: shown while the destination is chosen. */
  function moveBar(ctx, dest) {
    const source = dest.source;
    const most = movable(ctx.view, ctx.seat, source);
    const chosen = countChoice && countChoice.source === source ? countChoice.n : null;
    const set = (n) => { countChoice = { source, n: Math.max(1, Math.min(most, n)) }; ctx.redraw(); };
    const shown = chosen === null ? "auto" : String(chosen);
    return Ludo.html("div", { class: "ac-panel ac-move", "data-move-from": source },
      Ludo.html("span", { text: `Move from ${source} (${most} may move): tokens ` }),
      Ludo.html("button", { type: "button", class: "ac-step", "data-count": "minus", "aria-label": "one token fewer", text: "−", onclick: () => set((chosen ?? 1) - 1) }),
      Ludo.html("b", { "data-move-count": shown, text: ` ${shown} ` }),
      Ludo.html("button", { type: "button", class: "ac-step", "data-count": "plus", "aria-label": "one token more", text: "+", onclick: () => set((chosen ?? 0) + 1) }),
      Ludo.html("span", { class: "muted", text: chosen === null ? " — auto: all against another nation, else enough to fill the destination. Click a highlighted area." : " — click a highlighted area." }));
  }

  // ------------------------------------------------------------------------------------------ rules help
  function advanceHelp(ctx, name) {
    const a = (((ctx.static.help || {}).advances) || {})[name];
    if (!a) return null;
    const credits = [
      ...Object.entries(a.credit_groups || {}).map(([g, n]) => `${n} to each ${g} card`),
      ...Object.entries(a.credit_cards || {}).map(([c, n]) => `${n} to ${c}`),
    ];
    return [`${name} — cost ${a.cost}, ${a.groups.join(" + ")}`,
      `${a.text}${a.prerequisites.length ? `\nNeeds ${a.prerequisites.join(", ")}.` : ""}\nCredits: ${credits.length ? credits.join(", ") : "none"}.`];
  }

  function calamityHelp(ctx, name) {
    const c = (((ctx.static.help || {}).calamities) || {})[name];
    if (!c) return null;
    return [`${name} — calamity, stack ${c.stack}, ${c.tradable ? "tradable" : "not tradable"}`, c.text];
  }

  function withHelp(ctx, el, found) { if (ctx.help && found) ctx.help(el, found[0], found[1]); return el; }

  /** Under the map: the legend of its symbols, and every advance and calamity with its rules, folded. */
  function reference(ctx) {
    const help = ctx.static.help || {};
    const root = Ludo.html("div", { class: "ac-reference" });
    const legend = Ludo.html("div", { class: "ac-legend", "data-legend": "yes" });
    const swatch = { "Population limit": "ac-sym limit", "City site": "ac-sym site", "Flood plain": "ac-sym flood", Volcano: "ac-sym volcano", "Coast and sea": "ac-sym sea" };
    for (const [name, text] of Object.entries(help.legend || {})) {
      const item = Ludo.html("span", { class: "ac-legend-item", "data-symbol": name }, Ludo.html("span", { class: swatch[name] || "ac-sym", text: name === "Population limit" ? "3" : "" }), ` ${name}`);
      if (ctx.help) ctx.help(item, name, text);
      legend.appendChild(item);
    }
    root.appendChild(legend);
    const held = new Map();
    (ctx.view.players || []).forEach((p, seat) => (p.advances || []).forEach((a) => held.set(a, [...(held.get(a) || []), nation(ctx, seat)])));
    const advances = Ludo.html("details", { class: "ac-advances" }, Ludo.html("summary", { text: "Civilization advances: cost, groups, credits, effect" }));
    const list = Ludo.html("div", { class: "ac-cards" });
    for (const [name, a] of Object.entries(help.advances || {}).sort((x, y) => x[1].cost - y[1].cost || x[0].localeCompare(y[0]))) {
      const owners = held.get(name) || [];
      list.appendChild(withHelp(ctx, Ludo.html("span", { class: "ac-card advance", "data-advance-help": name },
        Ludo.html("b", { text: name }), Ludo.html("span", { class: "muted", text: ` ${a.cost}${owners.length ? ` · ${owners.join(", ")}` : ""}` })), advanceHelp(ctx, name)));
    }
    advances.appendChild(list);
    root.appendChild(advances);
    const calamities = Ludo.html("details", { class: "ac-calamities" }, Ludo.html("summary", { text: "Calamities: stack, tradable or not, effect" }));
    const clist = Ludo.html("div", { class: "ac-cards" });
    for (const [name, c] of Object.entries(help.calamities || {}).sort((x, y) => x[1].stack - y[1].stack || x[0].localeCompare(y[0]))) {
      clist.appendChild(withHelp(ctx, Ludo.html("span", { class: "ac-card calamity", "data-calamity-help": name },
        Ludo.html("b", { text: name }), Ludo.html("span", { class: "muted", text: ` ${c.stack}${c.tradable ? " · tradable" : ""}` })), calamityHelp(ctx, name)));
    }
    calamities.appendChild(clist);
    root.appendChild(calamities);
    return root;
  }

  const ORDINAL = ["1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th"];
  const EPOCH_TINT = ["#efe6d2", "#e3d2a8", "#d9bf86", "#c9d3dc", "#aebfcf"];
  const ROW = 30;

  const AST_WIDTH = 960; // the A.S.T. is drawn this wide, then scaled to the map's width

  function astUnits(ctx) { return ctx.static.nations ? 80 + ROW * (ctx.view.nations || []).length + 10 : 0; }
  function astHeight(ctx, width) { return astUnits(ctx) * (width / AST_WIDTH); }

  /** How this game ends (§34.1): after the turn a marker reaches its row's end, or at the agreed turn limit. */
  function gameEnd(ctx) {
    const limit = ctx.static.turn_limit;
    const atEnd = "after the turn a nation reaches its end";
    return limit ? `The game ends after turn ${limit}, or sooner ${atEnd}.` : `The game ends ${atEnd} (no turn limit).`;
  }

  /** The A.S.T.: one row per nation in the game, its epochs tinted, its marker on its space. */
  function astTrack(root, ctx, top, mapWidth) {
    const width = AST_WIDTH;
    const s = Ludo.svg;
    const nations = ctx.static.nations;
    if (!nations) return;
    const view = ctx.view;
    const epochs = ctx.static.epochs || [];
    const finish = Math.max(...(view.nations || []).map((n) => (nations[n] || {}).finish || 16), 16);
    const g = s("g", { class: "ast", transform: `translate(0 ${top}) scale(${mapWidth / AST_WIDTH})` }, root);
    s("rect", { x: 0, y: 6, width, height: astUnits(ctx) - 6, fill: "#fbf8f1", rx: 6, stroke: "#d8cfbb" }, g);
    const title = s("text", { x: 16, y: 28, "font-size": 14, "font-weight": 700, fill: "#3b3325", "data-ast-help": "yes" }, g, "A.S.T. — Archaeology Succession Table");
    const astHelp = ((ctx.static.help || {}).ast) || {};
    if (ctx.help) ctx.help(title, "Archaeology Succession Table", Object.values(astHelp).join("\n"));
    // How the game ends (§34.1), so the track's "end" column is not read as the game's length.
    s("text", { x: width - 16, y: 28, "text-anchor": "end", "font-size": 11.5, fill: "#4e432b", "data-game-end": "yes" }, g, gameEnd(ctx));
    const needs = Object.fromEntries((((ctx.static.help || {}).epochs) || []).map((e) => [e.name, e]));
    const left = 150;
    const cell = (width - left - 16) / (finish + 1);
    // the epochs' names and what entering them takes, as a key
    let kx = 16;
    epochs.forEach((epoch, k) => {
      const key = s("g", { "data-epoch": epoch.name }, g);
      s("rect", { x: kx, y: 38, width: 14, height: 14, rx: 2, fill: EPOCH_TINT[k % EPOCH_TINT.length], stroke: "#b9a77f" }, key);
      const label = `${epoch.name}${epoch.cities ? ` (${epoch.cities} cities)` : ""}`;
      s("text", { x: kx + 19, y: 49, "font-size": 11.5, fill: "#4e432b" }, key, label);
      const need = needs[epoch.name];
      if (ctx.help && need) {
        const parts = [need.cities ? `${need.cities} cities` : "nothing"];
        if (need.groups) parts.push(`advances of ${need.groups} groups`);
        if (need.cards) parts.push(`${need.cards} advances`);
        if (k === 4) parts.push("advances worth the value printed on each space");
        ctx.help(key, `${epoch.name}: to enter it`, `${parts.join(", ")} (§33.2). Too few cities freeze the marker.`);
      }
      kx += 30 + label.length * 6.1;
    });
    for (let space = 0; space <= finish; space += 1) {
      s("text", { x: left + space * cell + cell / 2, y: 72, "text-anchor": "middle", "font-size": 10.5, fill: "#7a6a4f" }, g, space === finish ? "end" : String(space));
    }
    (view.nations || []).forEach((chosen, seat) => {
      const nation = chosen || `Seat ${seat}`;
      const spec = nations[chosen];
      const y = 78 + seat * ROW;
      const player = (view.players || [])[seat] || {};
      const row = s("g", { "data-ast-row": nation }, g);
      s("rect", { x: 12, y: y + 3, width: 10, height: ROW - 6, rx: 3, fill: Ludo.seatColour(seat) }, row);
      s("text", { x: 28, y: y + ROW / 2 + 4, "font-size": 12, "font-weight": 600, fill: "#2b2418" }, row, `${nation}${seat === ctx.seat ? " (you)" : ""}`);
      for (let space = 0; space <= finish; space += 1) {
        let epoch = -1;
        if (spec) (spec.epochs || []).forEach((start, k) => { if (space >= start) epoch = k; });
        const x = left + space * cell;
        s("rect", { x: x + 1, y: y + 2, width: cell - 2, height: ROW - 4, rx: 3, fill: space === finish ? "#f2c94c" : epoch >= 0 ? EPOCH_TINT[epoch % EPOCH_TINT.length] : "#f4f1ea", stroke: "#cbbd9a", "stroke-width": 0.8 }, row);
        if (spec && spec.late_iron && epoch === 4) {
          const value = spec.late_iron[space - spec.epochs[4]];
          if (value) s("text", { x: x + cell / 2, y: y + ROW - 6, "text-anchor": "middle", "font-size": 8.5, fill: "#4e5d6c" }, row, String(value));
        }
      }
      const at = Math.max(0, Math.min(finish, Number(player.ast) || 0));
      const cx = left + at * cell + cell / 2;
      const marker = s("g", { "data-ast-marker": nation, "data-ast": String(player.ast) }, row);
      s("circle", { cx, cy: y + ROW / 2 - 1, r: 10, fill: Ludo.seatColour(seat), stroke: "#fff", "stroke-width": 2 }, marker);
      s("text", { x: cx, y: y + ROW / 2 + 3, "text-anchor": "middle", "font-size": 10.5, "font-weight": 700, fill: "#fff" }, marker, nation.slice(0, 2));
    });
  }

  /** A trade card's chip: commodities tinted by stack (their value), calamities in red. */
  function cardChip(name, count, info) {
    const calamity = info && info.kind === "calamity";
    const stack = info ? info.stack : null;
    const style = calamity ? "" : stack ? `background:hsl(${38 + stack * 19} 62% 89%)` : "";
    const note = calamity ? " calamity" : stack ? `${count > 1 ? ` ×${count}` : ""} = ${count * count * stack}` : count > 1 ? ` ×${count}` : "";
    return Ludo.html("span", { class: calamity ? "ac-card calamity" : "ac-card", style, "data-card": name, "data-count": String(count),
      title: calamity ? `calamity from stack ${stack}` : stack ? `stack ${stack}: a set of n cards is worth n × n × ${stack}` : name },
    Ludo.html("b", { text: name }), Ludo.html("span", { class: "muted", text: note }));
  }

  /** A trade on the table in a line when it has the usual shape, else listed as it comes. */
  /** An offer's undeclared cards, named. The action text gives only the card's place in the hand (AC-R22: the
   *  public record must not name it), so a button "add hand card 4, undeclared" told the player nothing; the
   *  seat's own hand (in the view's order) names the card here, on that seat's page only. */
  function undeclaredChoices(ctx, cards) {
    const texts = ctx.actions.filter((text) => UNDECLARED.test(text));
    if (!texts.length) return null;
    ctx.claim(texts);
    const buttons = texts.map((text) => {
      const place = Number(text.match(UNDECLARED)[1]);
      const name = cards[place - 1] ?? `hand card ${place}`;
      return Ludo.html("button", { type: "button", "data-action": text, "data-undeclared": name, title: text, text: name, onclick: () => ctx.act(text) });
    });
    return Ludo.html("div", { class: "ac-undeclared" },
      Ludo.html("p", { class: "muted", text: "Add a card to the offer, undeclared (the other side sees only how many):" }),
      Ludo.html("div", { class: "ac-cards" }, ...buttons));
  }

  function tradeLine(ctx, trade) {
    // A reply not yet begun is no reply: "who gives 0 cards" read as an answer before the other side had one.
    const answered = (cards) => Array.isArray(cards) ? cards.length > 0 : Boolean(cards && (typeof cards !== "object" || cards.count));
    const side = (cards) => Array.isArray(cards) ? cards.join(", ") || "nothing" : cards && typeof cards === "object" ? `${cards.count} cards${cards.named && cards.named.length ? ` (said to include ${cards.named.join(", ")})` : ""}` : String(cards);
    if (typeof trade.from === "number" && typeof trade.to === "number" && "offer" in trade) {
      return Ludo.html("p", { class: "ac-trade" }, Ludo.html("b", { text: "Trade on the table: " }),
        `${ctx.seatName(trade.from)} offers ${side(trade.offer)} to ${ctx.seatName(trade.to)}${answered(trade.reply) ? `, who gives ${side(trade.reply)}` : ""}.`);
    }
    return Ludo.html("div", { class: "ac-trade" }, Ludo.html("b", { text: "Trade on the table: " }), Ludo.describe(trade));
  }

  Ludo.register("advanced-civilization", {
    stylesheet: true,

    board(ctx) {
      const s = Ludo.svg;
      const view = ctx.view;
      const areas = ctx.static.areas || {};
      const names = Object.keys(areas).sort((a, b) => b.length - a.length);
      const { at, width, height } = layout(areas);
      const labels = placeLabels(areas, at);
      const total = height + astHeight(ctx, width);
      const decision = view.decision || {};
      const mine = ctx.actions.length > 0 && decision.seat === ctx.seat;
      const wrap = Ludo.html("div", { class: "ac-board" });
      const root = s("svg", { viewBox: `0 0 ${width} ${total}`, width, height: total, class: "civilization-board" });
      s("rect", { x: 0, y: 0, width, height, fill: "#dfeaf2", rx: 8 }, root);
      const links = s("g", { stroke: "#b9a77f", "stroke-width": 2, opacity: 0.7 }, root);
      for (const [a, b] of ctx.static.borders || []) {
        if (at[a] && at[b]) s("line", { x1: at[a][0], y1: at[a][1], x2: at[b][0], y2: at[b][1] }, links);
      }
      // What each area offers: by default an action goes to the last area it names (the destination of a move).
      const byArea = {};
      const dest = mine && decision.step === "move_to" ? destinations(ctx, names) : null;
      const claimed = [];
      if (dest && dest.source) {
        // Two clicks for a move: the destination's click is remembered with its count, answered on the next step.
        if (countChoice && countChoice.source !== dest.source) countChoice = null;
        for (const [target, text] of Object.entries(dest.byTarget)) byArea[target] = [text];
      }
      // The count on its way: nothing to click meanwhile (the counts are claimed, none is a target), and the
      // status line says so. Should no answer come, the count's menu is offered after a while.
      const version = ctx.payload.version;
      drawnVersion = version;
      let autoCount = null;
      if (mine && pendingMove && countAsked(ctx.payload, pendingMove.text)) {
        autoCount = pendingMove.text;
        claimed.push(...ctx.actions);
        queueMicrotask(() => {
          const status = document.querySelector("#status .turn.mine");
          if (status) { status.classList.remove("mine"); status.textContent = "Moving…"; }
        });
        setTimeout(() => { if (drawnVersion === version && pendingMove) { pendingMove = null; ctx.redraw(); } }, 4000);
      } else if (!(dest && dest.source)) {
        pendingMove = null;
      }
      if (!dest || !dest.source) {
        if (!autoCount) {
          for (const text of ctx.actions) {
            const named = areasOf(text, names, Object.keys(ctx.static.nations || {}));
            const last = named[named.length - 1];
            if (last) (byArea[last] = byArea[last] || []).push(text);
          }
        }
      }
      const conflictAreas = new Set((view.conflicts || []).map((c) => c.area));
      const top = s("g", { class: "units", "pointer-events": "none" }, null);
      for (const [name, area] of Object.entries(areas)) {
        const [x, y] = at[name];
        const g = s("g", { "data-area": name }, root);
        const land = area.kind === "land";
        const circle = s("circle", { class: "area", "data-place": name, cx: x, cy: y, r: land ? 15 : 22, fill: area.flood_plain ? "#d6e6a8" : FILL[area.kind] || "#eee", stroke: area.volcano ? "#bf360c" : "#8d7b56", "stroke-width": area.volcano ? 2.5 : 1 }, g);
        if (land) s("text", { x, y: y + 4.5, "text-anchor": "middle", "font-size": 13, fill: "#6d5c3b" }, g, String(area.limit));
        if (area.city_site !== "none") s("rect", { x: x + 9, y: y - 17, width: 8, height: 8, fill: area.city_site === "black" ? "#222" : "#fff", stroke: "#222" }, g);
        const box = labels[name];
        const size = box.size;
        s("text", { class: "area-label", "data-label": name, "data-board": area.board, x: (box.x0 + box.x1) / 2, y: box.y1 - size * 0.33, "text-anchor": "middle", "font-size": size, fill: land ? "#4e432b" : "#1f4e6e", "paint-order": "stroke", stroke: "rgba(223,234,242,.8)", "stroke-width": 3 }, g, name);
        const city = (view.cities || {})[name];
        if (city) s("rect", { x: x - 13, y: y - 13, width: 26, height: 26, rx: 3, fill: Ludo.seatColour(city.owner), stroke: "#fff", "stroke-width": 2, "data-city": String(city.owner) }, g);
        if ((view.pirates || []).includes(name)) s("rect", { x: x - 13, y: y - 13, width: 26, height: 26, rx: 3, fill: "#222", stroke: "#fff", "stroke-width": 2, "data-pirates": "yes" }, g);
        if (conflictAreas.has(name)) s("circle", { class: "ac-conflict-ring", "data-conflict-ring": name, cx: x, cy: y, r: land ? 19 : 26 }, g);
        // Units: a readable counter per nation, in a row above the area (drawn over every area)
        const units = [];
        for (const [counts, kind] of [[(view.tokens || {})[name], "token"], [(view.ships || {})[name], "ship"]]) {
          (counts || []).forEach((count, seat) => { if (count) units.push({ kind, seat, count }); });
        }
        const barbarians = (view.barbarians || {})[name];
        if (barbarians) units.push({ kind: "barbarian", seat: null, count: barbarians });
        const step = 29;
        units.forEach((unit, k) => {
          const px = x + (k - (units.length - 1) / 2) * step;
          const py = y - (land ? 29 : 35);
          const colour = unit.seat === null ? "#212121" : Ludo.seatColour(unit.seat);
          const attrs = unit.kind === "token" ? { "data-tokens": `${unit.seat}:${unit.count}` } : unit.kind === "ship" ? { "data-ships": `${unit.seat}:${unit.count}` } : { "data-barbarians": String(unit.count) };
          const u = s("g", { ...attrs, "data-area-units": name }, top);
          if (unit.kind === "ship") {
            s("path", { d: `M${px - 14} ${py - 4} h28 l-6 13 h-16 z`, fill: colour, stroke: "#fff", "stroke-width": 1.8 }, u);
            s("path", { d: `M${px} ${py - 5} v-10 l8 6 z`, fill: colour, stroke: "#fff", "stroke-width": 1.2 }, u);
            s("text", { x: px, y: py + 7, "text-anchor": "middle", "font-size": 13, "font-weight": 700, fill: "#fff" }, u, String(unit.count));
          } else {
            s("circle", { cx: px, cy: py, r: 13.5, fill: colour, stroke: "#fff", "stroke-width": 2.2 }, u);
            s("text", { x: px, y: py + 5.5, "text-anchor": "middle", "font-size": 16, "font-weight": 700, fill: "#fff" }, u, String(unit.count));
          }
        });
        if (ctx.help) {
          const marks = [land ? `population limit ${area.limit}` : area.kind === "open-sea" ? "open sea (Astronomy)" : "sea"];
          if (area.city_site !== "none") marks.push(`${area.city_site} city site`);
          if (area.flood_plain) marks.push("flood plain");
          if (area.volcano) marks.push("volcano");
          ctx.help(g, name, `${marks.join(", ")}${area.region ? ` · ${area.region}` : ""}`);
        }
        if (byArea[name]) {
          ctx.target(g, byArea[name]);
          if (dest && dest.source && dest.byTarget[name]) {
            g.addEventListener("click", (event) => {
              event.stopPropagation(); // the table's own handler would send the destination alone
              const chosen = countChoice && countChoice.source === dest.source ? countChoice.n : defaultCount(ctx, dest.source, name);
              const n = Math.min(chosen, movable(view, ctx.seat, dest.source));
              const count = `move ${n} from ${dest.source} to ${name}`;
              pendingMove = { text: count };
              g.setAttribute("data-count", String(n));
              // The count goes once the server has answered the destination, and only if the answer asks for it:
              // a lone token's count is the rules' own (a forced choice, AC-R10), and the answer is then already
              // the next source (sending it anyway was refused as illegal, and the player saw the error). An
              // action the page ignored (another on its way) has no answer, and no count follows it either.
              Promise.resolve(ctx.act(dest.byTarget[name])).then((answer) => {
                if (pendingMove && pendingMove.text === count && countAsked(answer, count)) ctx.act(count);
              });
            }, true);
            g.setAttribute("data-default-count", String(defaultCount(ctx, dest.source, name)));
          }
        }
      }
      root.appendChild(top);
      astTrack(root, ctx, height, width);
      if (claimed.length) ctx.claim(claimed);
      const panels = [conflictPanel(ctx), calamityPanel(ctx)].filter(Boolean);
      if (dest && dest.source) panels.unshift(moveBar(ctx, dest));
      if (autoCount) {
        panels.unshift(Ludo.html("div", { class: "ac-panel ac-move", "data-auto-count": autoCount, text: `${autoCount[0].toUpperCase()}${autoCount.slice(1)}…` }));
      }
      wrap.append(...panels, root, reference(ctx));
      return wrap;
    },

    /** The areas a log event names: where it happened, whence and whither (contract 2). */
    placesOf(event, ctx) {
      const areas = ctx.static.areas || {};
      const found = [event.area, ...(Array.isArray(event.areas) ? event.areas : []), event.source, event.target];
      return [...new Set(found.filter((name) => typeof name === "string" && name in areas))];
    },

    hand(ctx) {
      if (ctx.seat === null) return null;
      const me = (ctx.view.players || [])[ctx.seat];
      if (!me) return null;
      const info = ctx.static.cards || {};
      const cards = Array.isArray(me.hand) ? me.hand : [];
      const counts = new Map();
      for (const card of cards) counts.set(card, (counts.get(card) || 0) + 1);
      const order = [...counts.keys()].sort((a, b) => ((info[a] || {}).kind === "calamity") - ((info[b] || {}).kind === "calamity") || ((info[a] || {}).stack || 0) - ((info[b] || {}).stack || 0) || a.localeCompare(b));
      const root = Ludo.html("div", { "data-own-hand": "yes", class: "ac-hand" });
      root.appendChild(Ludo.html("p", { class: "muted", text: cards.length ? `Trade cards (${cards.length}):` : "No trade cards." }));
      const chip = (name) => {
        const el = cardChip(name, counts.get(name), info[name]);
        return (info[name] || {}).kind === "calamity" ? withHelp(ctx, el, calamityHelp(ctx, name)) : el;
      };
      if (cards.length) root.appendChild(Ludo.html("div", { class: "ac-cards" }, ...order.map(chip)));
      const undeclared = undeclaredChoices(ctx, cards);
      if (undeclared) root.appendChild(undeclared);
      root.appendChild(Ludo.html("p", {}, Ludo.html("b", { text: `Treasury ${me.treasury ?? 0}` }), ` · stock ${me.stock ?? "?"} tokens · A.S.T. space ${me.ast ?? "?"}`));
      const advances = me.advances || [];
      root.appendChild(Ludo.html("p", { class: "muted", text: advances.length ? "Advances:" : "No advances yet." }));
      if (advances.length) root.appendChild(Ludo.html("div", { class: "ac-cards" }, ...advances.map((a) => withHelp(ctx, Ludo.html("span", { class: "ac-card advance", "data-advance": a, text: a }), advanceHelp(ctx, a)))));
      const known = new Set(["hand", "treasury", "stock", "ast", "advances", "cities", "ships"]);
      const rest = Object.fromEntries(Object.entries(me).filter(([k]) => !known.has(k)));
      if (Object.keys(rest).length) root.appendChild(Ludo.describe(rest));
      if (ctx.view.trade) root.appendChild(tradeLine(ctx, ctx.view.trade));
      return root;
    },

    players(ctx) {
      const view = ctx.view;
      return view.players.map((p, seat) => {
        const cards = Array.isArray(p.hand) ? p.hand.length : p.hand;
        // The census (§21): the tokens this nation counted, and its place in the order of play that follows.
        const counted = (view.census_counts || [])[seat];
        const place = (view.census || []).indexOf(seat);
        const census = counted === undefined ? "no census yet" : `census ${counted}${place >= 0 ? ` (${ORDINAL[place] || `${place + 1}th`})` : ""}`;
        return [view.nations[seat], `A.S.T. ${p.ast}`, census, `cities ${p.cities}`, `ships ${p.ships}`, `${cards} cards`, `${(p.advances || []).length} advances`].filter(Boolean).join(" · ");
      });
    },

    status(ctx) {
      const d = ctx.view.decision;
      const limit = ctx.static.turn_limit;
      const when = ctx.view.turn ? `Turn ${ctx.view.turn}` : "Set-up before turn 1";
      return `${when}${limit ? ` of ${limit}` : ""}${d ? ` · ${d.prompt}` : ""}`;
    },
  });
})();
