// Advanced Civilization: the map from its drawing positions (areas, land borders), each nation's
// tokens, cities and ships, and every player's A.S.T. position, treasury, stock and cards. Actions that
// name an area are clicks on that area.
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

  Ludo.register("advanced-civilization", {
    board(ctx) {
      const s = Ludo.svg;
      const view = ctx.view;
      const areas = ctx.static.areas || {};
      const names = Object.keys(areas).sort((a, b) => b.length - a.length);
      const { at, width, height } = layout(areas);
      const root = s("svg", { viewBox: `0 0 ${width} ${height}`, width, height, class: "civilization-board" });
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
      for (const [name, area] of Object.entries(areas)) {
        const [x, y] = at[name];
        const g = s("g", { "data-area": name }, root);
        const land = area.kind === "land";
        s("circle", { cx: x, cy: y, r: land ? 15 : 22, fill: area.flood_plain ? "#d6e6a8" : FILL[area.kind] || "#eee", stroke: area.volcano ? "#bf360c" : "#8d7b56", "stroke-width": area.volcano ? 2.5 : 1 }, g);
        if (land) s("text", { x, y: y + 4, "text-anchor": "middle", "font-size": 11, fill: "#6d5c3b" }, g, String(area.limit));
        if (area.city_site !== "none") s("rect", { x: x + 9, y: y - 17, width: 8, height: 8, fill: area.city_site === "black" ? "#222" : "#fff", stroke: "#222" }, g);
        s("text", { x, y: y + (land ? 27 : 34), "text-anchor": "middle", "font-size": 10, fill: land ? "#4e432b" : "#1f4e6e" }, g, name);
        const city = view.cities[name];
        if (city) s("rect", { x: x - 13, y: y - 13, width: 26, height: 26, rx: 3, fill: Ludo.seatColour(city.owner), stroke: "#fff", "stroke-width": 2, "data-city": String(city.owner) }, g);
        let slot = 0;
        const stacks = [[view.tokens[name], "token"], [view.ships[name], "ship"]];
        for (const [counts, kind] of stacks) {
          (counts || []).forEach((count, seat) => {
            if (!count) return;
            const px = x - 14 + slot * 15;
            const py = y - 22;
            if (kind === "ship") s("path", { d: `M${px - 7} ${py - 3} h14 l-3 6 h-8 z`, fill: Ludo.seatColour(seat), stroke: "#fff" }, g);
            else s("circle", { cx: px, cy: py, r: 7, fill: Ludo.seatColour(seat), stroke: "#fff", "stroke-width": 1.5, "data-tokens": `${seat}:${count}` }, g);
            s("text", { x: px, y: py + 3.5, "text-anchor": "middle", "font-size": 9.5, "font-weight": 700, fill: "#fff" }, g, String(count));
            slot += 1;
          });
        }
        if (byArea[name]) ctx.target(g, byArea[name]);
      }
      return root;
    },

    hand(ctx) {
      if (ctx.seat === null) return null;
      const me = ctx.view.players[ctx.seat];
      const cards = Array.isArray(me.hand) ? me.hand : [];
      return Ludo.html("div", { "data-own-hand": "yes" },
        Ludo.html("p", { text: cards.length ? `Trade cards: ${cards.join(", ")}` : "No trade cards." }),
        Ludo.html("p", { class: "muted", text: `Treasury ${me.treasury} · stock ${me.stock} tokens · advances: ${(me.advances || []).join(", ") || "none"}` }));
    },

    players(ctx) {
      const view = ctx.view;
      return view.players.map((p, seat) => {
        const cards = Array.isArray(p.hand) ? p.hand.length : p.hand;
        return `${view.nations[seat] || ""} · A.S.T. ${p.ast} · census ${view.census[seat] ?? "?"} · cities ${p.cities} · ships ${p.ships} · ${cards} cards · ${(p.advances || []).length} advances`;
      });
    },

    status(ctx) {
      const d = ctx.view.decision;
      return `Turn ${ctx.view.turn}${d ? ` · ${d.step.replace(/_/g, " ")}` : ""}`;
    },
  });
})();
