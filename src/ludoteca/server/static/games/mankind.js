// Mankind: each civilization's tableau — Victory, Resource and Influence Points, government, the ten
// trait levels, its builds by era and its conquests (identical ones once, with ×N) — drawn from
// view(seat). Actions that name a build of the deciding civilization (lose it, discard it) are clicks on that build.
"use strict";

(() => {
  const ERA_FILL = { tribal: "#d7ccc8", ancient: "#ffe0b2", medieval: "#c5e1a5", revolution: "#b3e5fc", modern: "#e1bee7" };
  const TRAITS = ["FL", "ML", "RL", "GL", "CL", "SL", "WL", "TL", "HL", "DF"];
  const CHIP_H = 22;
  // Two layouts of a tableau: wide (traits in one row, builds three abreast) and narrow (for phones and
  // narrow columns: traits in two rows, builds two abreast, the turn counts under the points).
  const WIDE = { w: 470, traitCols: 10, traitW: 40, chipCols: 3, chipW: 148, infoX: 250, infoY: [52, 67], traitsY: 78 };
  const NARROW = { w: 340, traitCols: 5, traitW: 58, chipCols: 2, chipW: 155, infoX: 12, infoY: [86], traitsY: 96 };
  const GAP = 12;

  function label(code) { return code.split("/").slice(1).join("/") || code; }
  function eraOf(code) { return code.split("/")[0]; }
  function clip(text, n) { return text.length > n ? `${text.slice(0, n - 1)}…` : text; }

  /** The build (by its label) an action names, for "lose X" and "discard X" (conquests: "X (era conquest)"). */
  function named(text) {
    const m = /^(lose|discard) (.+?)(?: \((\w+) conquest\))?$/.exec(text);
    return m ? { verb: m[1], name: m[2], conquest: !!m[3] } : null;
  }

  /** One chip per kind of build (or conquest), with ×N when the civilization has N identical ones. */
  function chip(s, parent, x, y, code, conquest, count, ctx, targets, L) {
    const CHIP_W = L.chipW;
    const name = label(code);
    const g = s("g", { "data-build": code, "data-count": String(count), "data-conquest": conquest ? "yes" : null }, parent);
    const fill = conquest ? "#fff3e0" : ERA_FILL[eraOf(code)] || "#eee";
    s("rect", { x, y, width: CHIP_W, height: CHIP_H, rx: 5, fill, stroke: conquest ? "#e65100" : "rgba(0,0,0,.2)", "stroke-dasharray": conquest ? "4 2" : null }, g);
    s("text", { x: x + 7, y: y + 15, "font-size": 11.5, fill: "#263238" }, g, clip(name, Math.floor((CHIP_W - 14) / 5.8) - (count > 1 ? 5 : 0)));
    if (count > 1) s("text", { x: x + CHIP_W - 6, y: y + 15, "font-size": 11.5, "font-weight": 700, fill: "#263238", "text-anchor": "end", class: "count" }, g, `×${count}`);
    s("title", {}, g, `${count > 1 ? `${count} × ` : ""}${name} (${eraOf(code)}${conquest ? " conquest" : ""})`);
    const texts = targets.filter((t) => named(t).name === name && named(t).conquest === conquest);
    if (texts.length) ctx.target(g, texts);
  }

  function panel(s, root, ctx, seat, x, y, L) {
    const PANEL_W = L.w;
    const view = ctx.view;
    const player = view.players[seat];
    const deciding = view.decision && view.decision.seat === seat;
    const targets = deciding ? ctx.actions.filter((t) => named(t)) : [];
    const items = [];
    const seen = new Map();
    for (const [code, conquest] of [...player.builds.map((b) => [b, false]), ...player.conquests.map((c) => [c, true])]) {
      const key = `${conquest ? "c" : "b"}:${code}`;
      if (seen.has(key)) seen.get(key)[2] += 1;
      else { const item = [code, conquest, 1]; seen.set(key, item); items.push(item); }
    }
    const rows = Math.max(1, Math.ceil(items.length / L.chipCols));
    const traitRows = Math.ceil(TRAITS.length / L.traitCols);
    const chipsY = L.traitsY + traitRows * 30 + 6;
    const height = chipsY + 14 + rows * (CHIP_H + 6);
    const g = s("g", { "data-seat": seat, class: "tableau" }, root);
    s("rect", { x, y, width: PANEL_W, height, rx: 10, fill: "#fff", stroke: deciding ? "#ffb300" : "#d6d0c4", "stroke-width": deciding ? 3 : 1.5 }, g);
    s("rect", { x, y, width: PANEL_W, height: 34, rx: 10, fill: Ludo.seatColour(seat) }, g);
    s("rect", { x, y: y + 24, width: PANEL_W, height: 10, fill: Ludo.seatColour(seat) }, g);
    const gone = view.gone && view.gone.includes(player.government);
    s("text", { x: x + 12, y: y + 23, "font-size": 16, "font-weight": 700, fill: "#fff" }, g, ctx.seatName(seat));
    const govern = player.government ? label(player.government) : "Anarchy";
    const government = `${govern}${gone ? " (gone)" : ""}`;
    s("text", { x: x + PANEL_W - 12, y: y + 23, "font-size": 13, fill: "#fff", "text-anchor": "end" }, g, L === WIDE ? `Government: ${government}` : clip(government, 24));
    const points = [["VP", player.vp, "#1b5e20"], ["RP", player.rp, "#0d47a1"], ["IP", player.ip, "#6a1b9a"]];
    let px = x + 12; // each number as wide as its digits, so that 4-digit points do not run into the next
    points.forEach(([name, value, colour]) => {
      s("text", { x: px, y: y + 64, "font-size": 24, "font-weight": 700, fill: colour, "data-points": name }, g, String(value));
      px += String(value).length * 14 + 4;
      s("text", { x: px, y: y + 64, "font-size": 12, fill: "#69707d" }, g, name);
      px += 30;
    });
    const facts = [`turns ${player.turns} · spread ${player.spread}`, `limits ${player.limit_count} · shields ${player.shields}`];
    const infoX = L === WIDE ? Math.max(x + L.infoX, px) : x + L.infoX;
    if (L.infoY.length === 2) facts.forEach((text, k) => s("text", { x: infoX, y: y + L.infoY[k], "font-size": 11.5, fill: "#69707d" }, g, text));
    else s("text", { x: infoX, y: y + L.infoY[0], "font-size": 11.5, fill: "#69707d" }, g, facts.join(" · "));
    const traitStep = (PANEL_W - 24 - L.traitW) / (L.traitCols - 1);
    TRAITS.forEach((trait, i) => {
      const tx = x + 12 + (i % L.traitCols) * traitStep;
      const ty = y + L.traitsY + Math.floor(i / L.traitCols) * 30;
      const level = player.levels[trait] || 0;
      s("rect", { x: tx, y: ty, width: L.traitW, height: 26, rx: 4, fill: level > 0 ? "#eceff1" : "#f7f7f7", stroke: "#cfd8dc" }, g);
      s("text", { x: tx + L.traitW / 2, y: ty + 11, "font-size": 9.5, fill: "#69707d", "text-anchor": "middle" }, g, trait);
      s("text", { x: tx + L.traitW / 2, y: ty + 23, "font-size": 12, "font-weight": 700, fill: "#263238", "text-anchor": "middle" }, g, String(level));
    });
    items.forEach(([code, conquest, count], i) => {
      chip(s, g, x + 12 + (i % L.chipCols) * (L.chipW + 3), y + chipsY + Math.floor(i / L.chipCols) * (CHIP_H + 6), code, conquest, count, ctx, targets, L);
    });
    if (!items.length) s("text", { x: x + 12, y: y + chipsY + 16, "font-size": 12, fill: "#69707d" }, g, "no builds");
    return height;
  }

  Ludo.register("mankind", {
    tool(text) { const n = named(text); return n ? n.verb : null; },

    board(ctx) {
      const s = Ludo.svg;
      const view = ctx.view;
      const count = view.players.length;
      // As many tableaux abreast as the board's box holds at 90% of their size or more (two, or three from five
      // players on), in the wide layout if that puts as many abreast as the narrow one.
      const wanted = Math.min(count, count <= 4 ? 2 : 3);
      const fit = (L) => Math.min(wanted, Math.floor(((ctx.width || 1000) / 0.9 + GAP) / (L.w + GAP)));
      const L = fit(WIDE) >= Math.max(1, fit(NARROW)) ? WIDE : NARROW;
      const columns = Math.max(1, fit(L));
      const W = 20 + columns * L.w + (columns - 1) * GAP;
      const root = s("svg", { class: "mankind-board", "data-layout": L === WIDE ? "wide" : "narrow", "data-columns": String(columns) });
      const prompt = view.decision ? `Seat ${view.decision.seat}: ${view.decision.prompt}` : view.over ? "The game is over." : "";
      const note = prompt + (view.era_ending ? " — the era ends after this turn" : "");
      s("text", { x: 14, y: 28, "font-size": 19, "font-weight": 700, fill: "#263238" }, root, `${Ludo.titleCase(view.era_name)} era · turn ${view.turn}`);
      const below = W < 700; // no room beside the era: the prompt goes under it
      s("text", { x: below ? 14 : 300, y: below ? 50 : 28, "font-size": 13.5, fill: "#455a64" }, root, clip(note, Math.floor((W - (below ? 28 : 314)) / 6.6)));
      const header = below ? 64 : 46;
      let y = header;
      let tallest = 0;
      for (let seat = 0; seat < count; seat += 1) {
        const col = seat % columns;
        if (col === 0 && seat > 0) { y += tallest + GAP; tallest = 0; }
        tallest = Math.max(tallest, panel(s, root, ctx, seat, 10 + col * (L.w + GAP), y, L));
      }
      const H = y + tallest + 10;
      root.setAttribute("viewBox", `0 0 ${W} ${H}`);
      root.setAttribute("width", W);
      root.setAttribute("height", H);
      root.insertBefore(s("rect", { x: 0, y: 0, width: W, height: H, fill: "#f4f1ea", rx: 8 }), root.firstChild);
      return root;
    },

    players(ctx) {
      return ctx.view.players.map((p) => `${p.vp} VP · ${p.rp} RP · ${p.ip} IP · ${p.builds.length} builds`);
    },

    status(ctx) {
      const d = ctx.view.decision;
      return d ? d.prompt : "";
    },
  });
})();
