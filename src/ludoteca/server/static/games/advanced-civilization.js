// Advanced Civilization: the map from its drawing positions (areas, land borders), each nation's
// tokens, cities and ships, barbarians and pirate cities; under it the A.S.T., one row per nation with its
// epochs and its marker; the seat's own trade cards, treasury and advances. Actions that name an area are
// clicks on that area.
"use strict";

(() => {
  const FILL = { land: "#efe3c2", sea: "#a9cfe6", "open-sea": "#86b6d8" };
  const GAP = 40;
  const SCALE = 0.6; // the source positions are far apart for pieces this size

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
  function areasOf(text, names) {
    const found = [];
    let rest = text;
    for (const name of names) {
      if (rest.includes(name)) { found.push(name); rest = rest.split(name).join("#"); }
    }
    return found;
  }

  const EPOCH_TINT = ["#efe6d2", "#e3d2a8", "#d9bf86", "#c9d3dc", "#aebfcf"];
  const ROW = 30;

  const AST_WIDTH = 960; // the A.S.T. is drawn this wide, then scaled to the map's width

  function astUnits(ctx) { return ctx.static.nations ? 80 + ROW * (ctx.view.nations || []).length + 10 : 0; }
  function astHeight(ctx, width) { return astUnits(ctx) * (width / AST_WIDTH); }

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
    s("text", { x: 16, y: 28, "font-size": 14, "font-weight": 700, fill: "#3b3325" }, g, "A.S.T. — Archaeology Succession Table");
    const left = 150;
    const cell = (width - left - 16) / (finish + 1);
    // the epochs' names and what entering them takes, as a key
    let kx = 16;
    epochs.forEach((epoch, k) => {
      s("rect", { x: kx, y: 38, width: 14, height: 14, rx: 2, fill: EPOCH_TINT[k % EPOCH_TINT.length], stroke: "#b9a77f" }, g);
      const label = `${epoch.name}${epoch.cities ? ` (${epoch.cities} cities)` : ""}`;
      s("text", { x: kx + 19, y: 49, "font-size": 11.5, fill: "#4e432b" }, g, label);
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
  function tradeLine(ctx, trade) {
    const side = (cards) => Array.isArray(cards) ? cards.join(", ") || "nothing" : cards && typeof cards === "object" ? `${cards.count} cards${cards.named && cards.named.length ? ` (said to include ${cards.named.join(", ")})` : ""}` : String(cards);
    if (typeof trade.from === "number" && typeof trade.to === "number" && "offer" in trade) {
      return Ludo.html("p", { class: "ac-trade" }, Ludo.html("b", { text: "Trade on the table: " }),
        `${ctx.seatName(trade.from)} offers ${side(trade.offer)} to ${ctx.seatName(trade.to)}${"reply" in trade ? `, who gives ${side(trade.reply)}` : ""}.`);
    }
    return Ludo.html("div", { class: "ac-trade" }, Ludo.html("b", { text: "Trade on the table: " }), Ludo.describe(trade));
  }

  Ludo.register("advanced-civilization", {
    board(ctx) {
      const s = Ludo.svg;
      const view = ctx.view;
      const areas = ctx.static.areas || {};
      const names = Object.keys(areas).sort((a, b) => b.length - a.length);
      const { at, width, height } = layout(areas);
      const total = height + astHeight(ctx, width);
      const root = s("svg", { viewBox: `0 0 ${width} ${total}`, width, height: total, class: "civilization-board" });
      s("rect", { x: 0, y: 0, width, height, fill: "#dfeaf2", rx: 8 }, root);
      const links = s("g", { stroke: "#b9a77f", "stroke-width": 2, opacity: 0.7 }, root);
      for (const [a, b] of ctx.static.borders || []) {
        if (at[a] && at[b]) s("line", { x1: at[a][0], y1: at[a][1], x2: at[b][0], y2: at[b][1] }, links);
      }
      const byArea = {};
      for (const text of ctx.actions) {
        const named = areasOf(text, names);
        const last = named[named.length - 1];
        if (last) (byArea[last] = byArea[last] || []).push(text);
      }
      const top = s("g", { class: "units", "pointer-events": "none" }, null);
      for (const [name, area] of Object.entries(areas)) {
        const [x, y] = at[name];
        const g = s("g", { "data-area": name }, root);
        const land = area.kind === "land";
        s("circle", { cx: x, cy: y, r: land ? 15 : 22, fill: area.flood_plain ? "#d6e6a8" : FILL[area.kind] || "#eee", stroke: area.volcano ? "#bf360c" : "#8d7b56", "stroke-width": area.volcano ? 2.5 : 1 }, g);
        if (land) s("text", { x, y: y + 4.5, "text-anchor": "middle", "font-size": 13, fill: "#6d5c3b" }, g, String(area.limit));
        if (area.city_site !== "none") s("rect", { x: x + 9, y: y - 17, width: 8, height: 8, fill: area.city_site === "black" ? "#222" : "#fff", stroke: "#222" }, g);
        s("text", { x, y: y + (land ? 29 : 36), "text-anchor": "middle", "font-size": 12.5, fill: land ? "#4e432b" : "#1f4e6e", "paint-order": "stroke", stroke: "rgba(223,234,242,.8)", "stroke-width": 3 }, g, name);
        const city = (view.cities || {})[name];
        if (city) s("rect", { x: x - 13, y: y - 13, width: 26, height: 26, rx: 3, fill: Ludo.seatColour(city.owner), stroke: "#fff", "stroke-width": 2, "data-city": String(city.owner) }, g);
        if ((view.pirates || []).includes(name)) s("rect", { x: x - 13, y: y - 13, width: 26, height: 26, rx: 3, fill: "#222", stroke: "#fff", "stroke-width": 2, "data-pirates": "yes" }, g);
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
        if (byArea[name]) ctx.target(g, byArea[name]);
      }
      root.appendChild(top);
      astTrack(root, ctx, height, width);
      return root;
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
      if (cards.length) root.appendChild(Ludo.html("div", { class: "ac-cards" }, ...order.map((name) => cardChip(name, counts.get(name), info[name]))));
      root.appendChild(Ludo.html("p", {}, Ludo.html("b", { text: `Treasury ${me.treasury ?? 0}` }), ` · stock ${me.stock ?? "?"} tokens · A.S.T. space ${me.ast ?? "?"}`));
      const advances = me.advances || [];
      root.appendChild(Ludo.html("p", { class: "muted", text: advances.length ? "Advances:" : "No advances yet." }));
      if (advances.length) root.appendChild(Ludo.html("div", { class: "ac-cards" }, ...advances.map((a) => Ludo.html("span", { class: "ac-card advance", "data-advance": a, text: a }))));
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
        return `${view.nations[seat] || ""} · A.S.T. ${p.ast} · census ${(view.census || [])[seat] ?? "?"} · cities ${p.cities} · ships ${p.ships} · ${cards} cards · ${(p.advances || []).length} advances`;
      });
    },

    status(ctx) {
      const d = ctx.view.decision;
      return `Turn ${ctx.view.turn}${d ? ` · ${d.step.replace(/_/g, " ")}` : ""}`;
    },
  });
})();
