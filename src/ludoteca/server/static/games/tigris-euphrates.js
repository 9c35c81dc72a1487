// Tigris & Euphrates: the 16 × 11 board (land, rivers, temples, treasures), tiles, leaders,
// monuments and catastrophes, drawn from view(seat) and the board's static data; every action
// naming a square is a clickable square. Each square is a place (data-place="F4") for the table's
// last-move marks and log spotlight; the open revolt or war is shown above the board before anyone
// commits; rules help (static.help, from data/help.toml) on pieces, squares, the hand and a legend.
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

  /** Rules help on an element: the table's ctx.help (hover and tap) when it has one, else a hover title. */
  function helpOn(ctx, el, entry, title) {
    if (!el || !entry) return;
    const heading = title || entry.title;
    if (ctx.help) ctx.help(el, heading, entry.text);
    else if (el instanceof SVGElement) el.insertBefore(Ludo.svg("title", {}, null, `${heading}\n${entry.text}`), el.firstChild);
    else el.title = `${heading}\n${entry.text}`;
  }

  function helpEntry(ctx, section, key) {
    const help = (ctx.static && ctx.static.help) || {};
    return (help[section] || {})[key] || null;
  }

  /** What a square holds, as one help entry (title and text), or null for plain empty land. */
  function squareHelp(ctx, index, code, placed, treasure, framed, river, temple) {
    const parts = [];
    let title = "";
    if (placed) {
      const entry = helpEntry(ctx, "leaders", LEADER_OF[placed.colour]);
      title = `${Ludo.seatName(ctx.payload, placed.seat)}: ${entry ? entry.title : LEADER_OF[placed.colour]}`;
      if (entry) parts.push(entry.text);
    } else if (code === "x") {
      const entry = helpEntry(ctx, "pieces", "catastrophe");
      title = entry ? entry.title : "Catastrophe";
      if (entry) parts.push(entry.text);
    } else if (TILE_NAME[code]) {
      const entry = helpEntry(ctx, "tiles", TILE_NAME[code]);
      title = entry ? entry.title : TILE_NAME[code];
      if (temple && code === "r") title += " — starting temple";
      if (entry) parts.push(entry.text);
    } else if (river) {
      const entry = helpEntry(ctx, "squares", "river");
      title = entry ? entry.title : "River";
      if (entry) parts.push(entry.text);
    }
    if (treasure) {
      const entry = helpEntry(ctx, "pieces", framed ? "framed" : "treasure");
      title += framed ? ", with a treasure (framed: taken first)" : ", with a treasure";
      if (entry) parts.push(entry.text);
    }
    if (!title) return null;
    return { title: `${squareName(index, 16)} · ${title}`, text: parts.join("\n") };
  }

  /** A hand piece's class: clickable when it can be played, and marked while its tool is the one picked. */
  function chipClass(ctx, usable, tool) {
    if (!usable) return "tile";
    return ctx.tool === tool ? "tile clickable selected" : "tile clickable";
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
    const g = s("g", { "data-monument": id, "data-place": squareName(square, width) }, svgEl);
    s("rect", { x: x + 4, y: y + 4, width: size - 8, height: size - 8, rx: 6, fill: TILE[id[0]], opacity: 0.9 }, g);
    s("path", { d: `M${x + size / 2} ${y + 10} L${x + size - 12} ${y + size - 12} L${x + 12} ${y + size - 12} Z`, fill: TILE[id[1]], stroke: "#fff", "stroke-width": 2 }, g);
    return g;
  }

  /** A side's lines in the conflict panel: who, where, its board strength, what it committed, and the stakes. */
  function sideCells(ctx, conflict, side) {
    const leader = conflict.leader;
    const unit = conflict.kind === "revolt" ? "temple" : `${conflict.colour} tile`;
    const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
    let committed;
    if (side.committed !== null && side.committed !== undefined) committed = `${side.committed} ${conflict.to_commit}`;
    else if (conflict.deciding === side.seat) committed = "deciding now";
    else committed = side.role === "defender" ? "after the attacker" : "—";
    const lost = side.removed_if_lost || [];
    let loses = `its ${leader} leaves the board`;
    if (conflict.kind === "war") loses += lost.length ? ` with ${plural(lost.length, conflict.colour + " tile")} (${lost.join(", ")})` : ", no tile with it";
    const who = Ludo.html("span", { class: "te-who" },
      Ludo.html("span", { class: "swatch", style: `background:${Ludo.seatColour(side.seat)}` }),
      Ludo.html("span", { text: `${Ludo.seatName(ctx.payload, side.seat)} · ${side.role}` }));
    return [
      who,
      Ludo.html("span", { text: `${leader} on ${side.square}` }),
      Ludo.html("span", { "data-board-strength": String(side.board), text: `${plural(side.board, unit)}${side.support.length ? ` (${side.support.join(", ")})` : ""}` }),
      Ludo.html("span", { "data-committed": committed, text: committed }),
      Ludo.html("span", { text: loses }),
      Ludo.html("span", { text: `+${side.points_if_won} ${conflict.reward} point${side.points_if_won === 1 ? "" : "s"}` }),
    ];
  }

  /** The open revolt or war as a table of its two sides (T&E: Conflicts), from view.conflict. */
  function conflictTable(ctx, conflict) {
    const heading = conflict.kind === "revolt"
      ? `Revolt over the ${conflict.leader} (${conflict.colour} leaders)`
      : `${conflict.colour[0].toUpperCase()}${conflict.colour.slice(1)} war (${conflict.leader}s)`;
    const labels = ["", "Leader", "On the board", "Committed", "If it loses", "If it wins"];
    const [attacker, defender] = conflict.sides;
    const a = sideCells(ctx, conflict, attacker);
    const d = sideCells(ctx, conflict, defender);
    const grid = Ludo.html("div", { class: "te-conflict-grid" });
    labels.forEach((label, row) => {
      grid.appendChild(Ludo.html("span", { class: "te-label", text: label }));
      grid.appendChild(Ludo.html("span", { class: "te-side", "data-side": "attacker" }, a[row]));
      grid.appendChild(Ludo.html("span", { class: "te-side", "data-side": "defender" }, d[row]));
    });
    const box = Ludo.html("div", { class: "te-conflict-one", "data-conflict-colour": conflict.colour },
      Ludo.html("h4", { text: heading }), grid);
    helpOn(ctx, box.firstChild, helpEntry(ctx, "conflicts", conflict.kind === "revolt" ? "revolt" : "war"), heading);
    return box;
  }

  function conflictPanel(ctx, conflict) {
    const panel = Ludo.html("div", { class: "te-conflict", "data-conflict": conflict.kind });
    if (conflict.kind === "war_order") {
      panel.appendChild(Ludo.html("p", { class: "te-conflict-note", text: `${Ludo.seatName(ctx.payload, conflict.deciding)} chooses which war is fought first; the board is counted again after each war, so later numbers may change.` }));
      for (const war of conflict.wars) panel.appendChild(conflictTable(ctx, war));
      return panel;
    }
    panel.appendChild(conflictTable(ctx, conflict));
    const deciding = Ludo.seatName(ctx.payload, conflict.deciding);
    const mine = ctx.seat === conflict.deciding;
    panel.appendChild(Ludo.html("p", { class: "te-conflict-note", text: `${mine ? "You decide" : `${deciding} decides`}: commit ${conflict.to_commit} tiles from hand (attacker first, then defender). The higher total wins; the defender wins ties.` }));
    return panel;
  }

  /** On the board: the leaders of the open conflict ringed, and the tiles at stake dashed. */
  function markConflict(root, conflict, width) {
    const s = Ludo.svg;
    const wars = conflict.kind === "war_order" ? conflict.wars : [conflict];
    const layer = s("g", { class: "te-conflict-marks" }, root);
    for (const war of wars) {
      for (const side of war.sides) {
        const at = squareIndex(side.square, width);
        const x = MARGIN + (at % width) * CELL;
        const y = MARGIN + Math.floor(at / width) * CELL;
        s("rect", { class: "te-conflict-leader", "data-conflict-side": side.role, x: x + 1, y: y + 1, width: CELL - 2, height: CELL - 2, rx: 6, stroke: Ludo.seatColour(side.seat) }, layer);
        for (const name of side.removed_if_lost || []) {
          const sq = squareIndex(name, width);
          s("rect", { class: "te-at-stake", "data-at-stake": name, x: MARGIN + (sq % width) * CELL + 5, y: MARGIN + Math.floor(sq / width) * CELL + 5, width: CELL - 10, height: CELL - 10, rx: 4 }, layer);
        }
      }
    }
  }

  /** Symbols and rules, each with its help: what a phone player taps to read the rules. */
  function legend(ctx) {
    const box = Ludo.html("div", { class: "te-legend", "data-legend": "yes" });
    const swatch = (style) => Ludo.html("span", { class: "te-swatch", style });
    const items = [
      ["squares", "river", swatch("background:#9ccbe6")],
      ["squares", "land", swatch("background:#f3ebd3")],
      ["squares", "temple", swatch(`background:${TILE.r}`)],
      ["pieces", "treasure", swatch("background:#f5c518;transform:rotate(45deg);width:10px;height:10px")],
      ["pieces", "framed", swatch("background:#f5c518;outline:2px solid #8d6e00")],
      ["pieces", "monument", swatch(`background:${TILE.k}`)],
      ["pieces", "catastrophe", swatch("background:#5d4037")],
      ["pieces", "unification", swatch("background:#fff;border:2px dashed #777")],
      ["squares", "kingdom", null],
      ["leaders", "placing", null],
      ["actions", "leader", null], ["actions", "tile", null], ["actions", "catastrophe", null], ["actions", "swap", null],
      ["actions", "pass", null], ["actions", "end_of_turn", null],
      ["conflicts", "revolt", null], ["conflicts", "war", null], ["conflicts", "score", null],
    ];
    for (const [section, key, mark] of items) {
      const entry = helpEntry(ctx, section, key);
      if (!entry) continue;
      const chip = Ludo.html("span", { class: "te-help-chip", tabindex: "0", "data-help-key": `${section}.${key}` }, mark, entry.title);
      helpOn(ctx, chip, entry);
      box.appendChild(chip);
    }
    return box;
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
    stylesheet: true,

    tool(text) { const p = parse(text); return p ? p.tool : null; },

    board(ctx) {
      const s = Ludo.svg;
      const view = ctx.view;
      const st = ctx.static;
      const width = st.width || 16;
      const height = st.height || 11;
      const river = new Set(st.river || []);
      const framed = new Set(st.framed || []);
      const temples = new Set(st.temples || []);
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
        // A catastrophe destroys what stands on a square: it is played only once the hand's catastrophe is picked,
        // so a click on a tile with nothing else to do there never plays one unasked.
        if (p.tool === "catastrophe" && ctx.tool !== "catastrophe") { ctx.claim([text]); continue; }
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
        const g = s("g", { "data-square": name, "data-place": name, "data-code": code, class: "square" }, cellsLayer);
        s("rect", { x, y, width: CELL, height: CELL, fill: river.has(index) ? "#9ccbe6" : "#f3ebd3", stroke: "#cbbd9a", "stroke-width": 1 }, g);
        if (code && code !== "m" && !monumentSquares.has(index)) drawTile(g, x, y, code);
        if (treasures.has(index)) {
          // A corner treasure (taken first) in a frame, as the legend draws it: it was told only in the rules help.
          if (framed.has(index)) s("rect", { x: x + CELL - 19, y: y + 2, width: 16, height: 16, fill: "none", stroke: "#8d6e00", "stroke-width": 2, "data-framed": name }, g);
          s("path", { d: `M${x + CELL - 11} ${y + 4} l6 6 l-6 6 l-6 -6 z`, fill: "#f5c518", stroke: "#8d6e00", "stroke-width": 1 }, g);
        }
        if (index === view.unification) {
          s("rect", { x: x + 1, y: y + 1, width: CELL - 2, height: CELL - 2, fill: "none", stroke: "#fff", "stroke-width": 3, "stroke-dasharray": "4 3" }, g);
        }
        if (placed[index]) drawLeader(g, x, y, placed[index].seat, placed[index].colour);
        if (!monumentSquares.has(index)) {
          const about = squareHelp(ctx, index, code, placed[index], treasures.has(index), framed.has(index), river.has(index), temples.has(index));
          if (about) helpOn(ctx, g, about);
        }
        if (byTarget[index]) ctx.target(g, byTarget[index]);
      }
      for (const [id, square] of Object.entries(view.monuments)) {
        if (square < 0) continue;
        const g = drawMonument(root, view, id, square, width);
        const entry = helpEntry(ctx, "pieces", "monument");
        const name = `${TILE_NAME[id[0]]}-${TILE_NAME[id[1]]}`;
        if (entry) helpOn(ctx, g, entry, `${squareName(square, width)} · ${name} monument`);
      }
      if (view.conflict) markConflict(root, view.conflict, width);
      // targets drawn above monuments stay clickable: move target groups last
      for (const g of Array.from(cellsLayer.children)) if (byTarget[squareIndex(g.getAttribute("data-square"), width)]) root.appendChild(g);
      const wrap = Ludo.html("div", { class: "te-board" });
      if (view.conflict) wrap.appendChild(conflictPanel(ctx, view.conflict));
      wrap.appendChild(root);
      wrap.appendChild(legend(ctx));
      return wrap;
    },

    /** The squares a log event touched (contract 2): its square, and the squares it names (a move's two, a
     *  monument's four, the tiles a war removed, the leaders of a conflict). */
    placesOf(event) {
      const places = [];
      if (typeof event.square === "string") places.push(event.square);
      if (Array.isArray(event.squares)) for (const sq of event.squares) if (typeof sq === "string" && !places.includes(sq)) places.push(sq);
      return places;
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
        const chip = Ludo.html("div", {
          class: chipClass(ctx, usable, tool), "data-tile": TILE_NAME[code], title: usable ? `${tool}: then click a square` : null,
          onclick: usable ? () => ctx.selectTool(tool) : null,
        }, Ludo.html("span", { class: "chip", style: `background:${TILE[code]}` }), `${TILE_NAME[code]} × ${hand[code]}`);
        helpOn(ctx, chip, helpEntry(ctx, "tiles", TILE_NAME[code]));
        tiles.appendChild(chip);
      }
      for (const code of ["k", "r", "b", "g"]) {
        const onBoard = view.leaders[ctx.seat][code] >= 0;
        const leader = LEADER_OF[code];
        const tool = onBoard ? `move ${leader}` : `place ${leader}`;
        const usable = tools.has(tool);
        const chip = Ludo.html("div", {
          class: chipClass(ctx, usable, tool), "data-leader": leader, onclick: usable ? () => ctx.selectTool(tool) : null,
          title: onBoard ? `${leader} on ${squareName(view.leaders[ctx.seat][code], 16)}` : `${leader} in your hand`,
        }, Ludo.html("span", { class: "chip", style: `background:${TILE[code]};border-radius:50%;border:3px solid ${Ludo.seatColour(ctx.seat)}` }), `${leader}${onBoard ? " (on board)" : ""}`);
        helpOn(ctx, chip, helpEntry(ctx, "leaders", leader));
        tiles.appendChild(chip);
      }
      const catastrophe = tools.has("catastrophe");
      const disaster = Ludo.html("div", { class: chipClass(ctx, catastrophe, "catastrophe"), "data-tile": "catastrophe", onclick: catastrophe ? () => ctx.selectTool("catastrophe") : null },
        Ludo.html("span", { class: "chip", style: "background:#5d4037" }), `catastrophes × ${view.catastrophes[ctx.seat]}`);
      helpOn(ctx, disaster, helpEntry(ctx, "pieces", "catastrophe"));
      tiles.appendChild(disaster);
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
      const d = view.decision;
      // Nobody is "to play" any more, also in a game ended early (a resignation), whose view is not over.
      if (view.over || ctx.payload.over) return `after turn ${view.turn} · bag ${view.bag} tiles`;
      const asked = d ? ` · ${d.prompt}` : "";
      return `Turn ${view.turn} · ${ctx.seatName(view.current)} to play${asked} · bag ${view.bag} tiles`;
    },
  });
})();
