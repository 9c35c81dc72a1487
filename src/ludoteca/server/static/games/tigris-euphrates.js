// Tigris & Euphrates: the 16 × 11 board (land, rivers, temples, treasures), tiles, leaders,
// monuments and catastrophes, drawn from view(seat) and the board's static data; every action
// naming a square is a clickable square.
"use strict";

(() => {
  const CELL = 46;
  const MARGIN = 26;
  const TILE = { r: "#c0392b", b: "#2471a3", k: "#2c2c2c", g: "#2e8b57" };
  const TILE_NAME = { r: "red", b: "blue", k: "black", g: "green" };
  const LEADER_OF = { r: "priest", b: "farmer", k: "king", g: "trader" };
  const LEADER_MARK = { r: "P", b: "F", k: "K", g: "T" };
  const SQUARE = /([A-P])(\d{1,2})$/;

  function squareName(index, width) {
    return `${String.fromCharCode(65 + (index % width))}${Math.floor(index / width) + 1}`;
  }
  function squareIndex(name, width) {
    const m = SQUARE.exec(name);
    return m ? (Number(m[2]) - 1) * width + (m[1].charCodeAt(0) - 65) : -1;
  }

  /** The square an action is played on, and the tool it belongs to (its text without squares). */
  function parse(text) {
    let m = /^move (\w+) from ([A-P]\d+) to ([A-P]\d+)$/.exec(text);
    if (m) return { square: m[3], tool: `move ${m[1]}` };
    m = /^withdraw (\w+) from ([A-P]\d+)$/.exec(text);
    if (m) return { square: m[2], tool: `withdraw ${m[1]}` };
    m = /^build the (.+) monument on ([A-P]\d+)$/.exec(text);
    if (m) return { square: m[2], tool: "build monument" };
    m = /^take the treasure on ([A-P]\d+)$/.exec(text);
    if (m) return { square: m[1], tool: "take treasure" };
    m = /^(.*) on ([A-P]\d+)$/.exec(text);
    if (m) return { square: m[2], tool: m[1] };
    return null;
  }

  function leaderSquares(view) {
    const placed = {};
    view.leaders.forEach((leaders, seat) => {
      for (const [colour, square] of Object.entries(leaders)) if (square >= 0) placed[square] = { seat, colour };
    });
    return placed;
  }

  function drawTile(g, x, y, code) {
    const s = Ludo.svg;
    if (code === "x") {
      s("rect", { x: x + 3, y: y + 3, width: CELL - 6, height: CELL - 6, rx: 4, fill: "#5d4037" }, g);
      s("path", { d: `M${x + 12} ${y + 12} L${x + CELL - 12} ${y + CELL - 12} M${x + CELL - 12} ${y + 12} L${x + 12} ${y + CELL - 12}`, stroke: "#ffcc80", "stroke-width": 4, "stroke-linecap": "round" }, g);
      return;
    }
    s("rect", { x: x + 3, y: y + 3, width: CELL - 6, height: CELL - 6, rx: 4, fill: TILE[code] || "#999", stroke: "rgba(0,0,0,.35)" }, g);
    if (code === "r") { // a temple: a stepped shape
      s("path", { d: `M${x + 14} ${y + 32} h18 v-5 h-3 v-5 h-3 v-5 h-6 v5 h-3 v5 h-3 z`, fill: "rgba(255,255,255,.55)" }, g);
    }
  }

  function drawLeader(g, x, y, seat, colour) {
    const s = Ludo.svg;
    const cx = x + CELL / 2;
    const cy = y + CELL / 2;
    s("circle", { cx, cy, r: 16, fill: "#fffdf5", stroke: Ludo.seatColour(seat), "stroke-width": 5 }, g);
    s("circle", { cx, cy, r: 9, fill: TILE[colour] }, g);
    s("text", { x: cx, y: cy + 4, "text-anchor": "middle", "font-size": 11, "font-weight": 700, fill: "#fff" }, g, LEADER_MARK[colour]);
  }

  function drawMonument(svgEl, view, id, square, width) {
    const s = Ludo.svg;
    const col = square % width;
    const row = Math.floor(square / width);
    const x = MARGIN + col * CELL;
    const y = MARGIN + row * CELL;
    const size = CELL * 2;
    const g = s("g", { "data-monument": id }, svgEl);
    s("rect", { x: x + 4, y: y + 4, width: size - 8, height: size - 8, rx: 6, fill: TILE[id[0]], opacity: 0.9 }, g);
    s("path", { d: `M${x + size / 2} ${y + 10} L${x + size - 12} ${y + size - 12} L${x + 12} ${y + size - 12} Z`, fill: TILE[id[1]], stroke: "#fff", "stroke-width": 2 }, g);
  }

  /** The swap as one chooses it at the table: mark tiles of the hand (each a button), then swap them (one action). */
  function swapPanel(ctx, hand, swaps, tiles) {
    const state = ctx.ui.swap;
    const marked = new Set(state.marked);
    const list = [];
    for (const code of ["r", "b", "k", "g"]) for (let k = 0; k < hand[code]; k += 1) list.push(code);
    list.forEach((code, index) => {
      const on = marked.has(index);
      tiles.appendChild(Ludo.html("button", {
        class: on ? "tile swap-tile marked" : "tile swap-tile", "data-swap-tile": String(index), "data-colour": TILE_NAME[code],
        "aria-pressed": on ? "true" : "false", title: on ? `${TILE_NAME[code]}: marked to swap (click to keep it)` : `${TILE_NAME[code]}: click to mark it for the swap`,
        onclick: () => { state.marked = on ? state.marked.filter((i) => i !== index) : [...state.marked, index]; ctx.redraw(); },
      }, Ludo.html("span", { class: "chip", style: `background:${TILE[code]}` }), TILE_NAME[code]));
    });
    const chosen = list.filter((_, index) => marked.has(index)); // in hand order: red, blue, black, green
    const text = chosen.length ? `swap ${chosen.map((c) => TILE_NAME[c]).join(", ")}` : "";
    const legal = swaps.includes(text);
    const count = chosen.length;
    return Ludo.html("div", { class: "swapping" },
      Ludo.html("p", { class: "muted", text: "Click the tiles to discard; you draw as many from the bag. This is one action." }),
      tiles,
      Ludo.html("p", { class: "swap-bar" },
        Ludo.html("button", {
          class: "primary", "data-swap": "yes", "data-action": legal ? text : null, disabled: legal ? null : "",
          text: count ? `swap ${count} tile${count === 1 ? "" : "s"}` : "swap: mark tiles first", title: legal ? text : "",
          onclick: () => { if (legal) ctx.act(text); },
        }),
        Ludo.html("button", { "data-swap-cancel": "yes", text: "cancel", onclick: () => { ctx.ui.swap = null; ctx.redraw(); } })));
  }

  Ludo.register("tigris-euphrates", {
    tool(text) { const p = parse(text); return p ? p.tool : null; },

    board(ctx) {
      const s = Ludo.svg;
      const view = ctx.view;
      const st = ctx.static;
      const width = st.width || 16;
      const height = st.height || 11;
      const river = new Set(st.river || []);
      const treasures = new Set(view.treasures);
      const placed = leaderSquares(view);
      const monumentSquares = new Set();
      for (const square of Object.values(view.monuments)) {
        if (square >= 0) [0, 1, width, width + 1].forEach((d) => monumentSquares.add(square + d));
      }
      const byTarget = {};
      for (const text of ctx.actions) {
        const p = parse(text);
        if (!p) continue;
        const index = squareIndex(p.square, width);
        (byTarget[index] = byTarget[index] || []).push(text);
      }
      const W = MARGIN * 2 + width * CELL;
      const H = MARGIN * 2 + height * CELL;
      const root = s("svg", { viewBox: `0 0 ${W} ${H}`, width: W, height: H, class: "tigris-board", "data-board": view.board });
      s("rect", { x: 0, y: 0, width: W, height: H, fill: "#e9dfc4", rx: 8 }, root);
      for (let c = 0; c < width; c += 1) {
        s("text", { x: MARGIN + c * CELL + CELL / 2, y: MARGIN - 8, "text-anchor": "middle", "font-size": 12, fill: "#7a6a4f" }, root, String.fromCharCode(65 + c));
      }
      for (let r = 0; r < height; r += 1) {
        s("text", { x: MARGIN - 7, y: MARGIN + r * CELL + CELL / 2 + 4, "text-anchor": "end", "font-size": 12, fill: "#7a6a4f" }, root, String(r + 1));
      }
      const cellsLayer = s("g", {}, root);
      for (let index = 0; index < width * height; index += 1) {
        const x = MARGIN + (index % width) * CELL;
        const y = MARGIN + Math.floor(index / width) * CELL;
        const name = squareName(index, width);
        const code = view.cells[index];
        const g = s("g", { "data-square": name, "data-code": code, class: "square" }, cellsLayer);
        s("rect", { x, y, width: CELL, height: CELL, fill: river.has(index) ? "#9ccbe6" : "#f3ebd3", stroke: "#cbbd9a", "stroke-width": 1 }, g);
        if (code && code !== "m" && !monumentSquares.has(index)) drawTile(g, x, y, code);
        if (treasures.has(index)) {
          s("path", { d: `M${x + CELL - 11} ${y + 4} l6 6 l-6 6 l-6 -6 z`, fill: "#f5c518", stroke: "#8d6e00", "stroke-width": 1 }, g);
        }
        if (index === view.unification) {
          s("rect", { x: x + 1, y: y + 1, width: CELL - 2, height: CELL - 2, fill: "none", stroke: "#fff", "stroke-width": 3, "stroke-dasharray": "4 3" }, g);
        }
        if (placed[index]) drawLeader(g, x, y, placed[index].seat, placed[index].colour);
        if (byTarget[index]) ctx.target(g, byTarget[index]);
      }
      for (const [id, square] of Object.entries(view.monuments)) if (square >= 0) drawMonument(root, view, id, square, width);
      // targets drawn above monuments stay clickable: move target groups last
      for (const g of Array.from(cellsLayer.children)) if (byTarget[squareIndex(g.getAttribute("data-square"), width)]) root.appendChild(g);
      return root;
    },

    hand(ctx) {
      const view = ctx.view;
      if (ctx.seat === null) return null;
      const hand = view.hands[ctx.seat];
      const swaps = ctx.actions.filter((t) => t.startsWith("swap "));
      ctx.claim(swaps); // chosen by marking tiles here, not among dozens of buttons
      const swapping = swaps.length > 0 && ctx.ui.swap;
      const tiles = Ludo.html("div", { class: "tiles", "data-own-hand": "yes" });
      if (swapping) return swapPanel(ctx, hand, swaps, tiles);
      const tools = new Set(ctx.actions.map((t) => { const p = parse(t); return p ? p.tool : null; }));
      for (const code of ["r", "b", "k", "g"]) {
        const tool = `place ${TILE_NAME[code]}`;
        const usable = tools.has(tool);
        tiles.appendChild(Ludo.html("div", {
          class: usable ? "tile clickable" : "tile", "data-tile": TILE_NAME[code], title: usable ? `${tool}: then click a square` : TILE_NAME[code],
          onclick: usable ? () => ctx.selectTool(tool) : null,
        }, Ludo.html("span", { class: "chip", style: `background:${TILE[code]}` }), `${TILE_NAME[code]} × ${hand[code]}`));
      }
      for (const code of ["k", "r", "b", "g"]) {
        const onBoard = view.leaders[ctx.seat][code] >= 0;
        const leader = LEADER_OF[code];
        const tool = onBoard ? `move ${leader}` : `place ${leader}`;
        const usable = tools.has(tool);
        tiles.appendChild(Ludo.html("div", {
          class: usable ? "tile clickable" : "tile", "data-leader": leader, onclick: usable ? () => ctx.selectTool(tool) : null,
          title: onBoard ? `${leader} on ${squareName(view.leaders[ctx.seat][code], 16)}` : `${leader} in your hand`,
        }, Ludo.html("span", { class: "chip", style: `background:${TILE[code]};border-radius:50%;border:3px solid ${Ludo.seatColour(ctx.seat)}` }), `${leader}${onBoard ? " (on board)" : ""}`));
      }
      const catastrophe = tools.has("catastrophe");
      tiles.appendChild(Ludo.html("div", { class: catastrophe ? "tile clickable" : "tile", "data-tile": "catastrophe", onclick: catastrophe ? () => ctx.selectTool("catastrophe") : null },
        Ludo.html("span", { class: "chip", style: "background:#5d4037" }), `catastrophes × ${view.catastrophes[ctx.seat]}`));
      const root = Ludo.html("div", {}, tiles);
      if (swaps.length) {
        root.appendChild(Ludo.html("p", { class: "swap-bar" }, Ludo.html("button", {
          "data-swap-open": "yes", text: "Swap tiles…", title: "choose tiles of your hand to discard and draw again (one action)",
          onclick: () => { ctx.ui.swap = { marked: [] }; ctx.redraw(); },
        })));
      }
      const points = view.scores[ctx.seat];
      if (points) root.appendChild(Ludo.html("p", { class: "muted", text: `Your points: red ${points.r}, blue ${points.b}, black ${points.k}, green ${points.g}, treasures ${points.t}` }));
      return root;
    },

    players(ctx) {
      const view = ctx.view;
      return view.hands.map((hand, seat) => {
        const count = typeof hand === "number" ? hand : Object.values(hand).reduce((a, b) => a + b, 0);
        const points = view.scores[seat];
        const score = points ? `points r${points.r} b${points.b} k${points.k} g${points.g} · treasures ${points.t}` : "points hidden";
        return `${count} tiles · ${view.catastrophes[seat]} catastrophes · ${score}`;
      });
    },

    status(ctx) {
      const view = ctx.view;
      const step = view.decision ? ` (${view.decision.step.replace(/_/g, " ")})` : "";
      return `Turn ${view.turn} · seat ${view.current} has ${view.actions_left} action(s) left${step} · bag ${view.bag} tiles`;
    },
  });
})();
