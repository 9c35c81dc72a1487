// Arabian Struggle: the map of Arabia drawn from the areas' coordinates (static data), each area a
// territory tinted by its region, with roads, key cities, British flags, population icons and the pieces
// of every Faction, Empire and Nomad; beside it the VP and turn-order tracks, the Tribal Conference, each
// Faction with the lasting events in front of it, and the piles. Every action naming an area is a click
// on that area; the seat's own hand is listed card by card.
"use strict";

(() => {
  const FACTIONS = ["Hashemite", "Rasheedi", "Saudi"];
  const EMPIRES = ["Ottoman", "British"];
  const EMPIRE_COLOUR = { Ottoman: "#a4161a", British: "#1d3557" };
  const NOMAD_COLOUR = "#8d6e63";
  const REGION_TINT = ["#f1e3c6", "#e4ecd0", "#f4d9cf", "#e8dcef", "#d8e8ea", "#f5ecc0", "#dfe3f1", "#ecdcc8", "#e9e4dc"];
  const MAP = { x: 10, y: 148, w: 690, h: 880 }; // under the VP track and the era's turn order
  const W = MAP.x + MAP.w + 10; // the map's drawing, the VP track above it; the side blocks are drawings of their own
  const SIDE = { x: 8, w: 276 }; // in each side block
  const SPACING = 66; // the least distance between two areas' centres once spread out
  const REACH = 58; // how far an area's territory reaches from its centre
  const H = MAP.y + MAP.h + 10;
  const ORDINAL = ["1st", "2nd", "3rd", "4th"];
  const PLACE_WORDS = ["first", "second", "third", "fourth"]; // as the turn-order actions name the places
  const layouts = new WeakMap();

  // ------------------------------------------------------------------ geometry

  /** Clip a convex polygon (points [x, y, edgeLabel]) to the half-plane a·p <= c; new edges take `label`. */
  function clip(poly, a, c, label) {
    const out = [];
    const inside = (p) => a[0] * p[0] + a[1] * p[1] <= c + 1e-9;
    for (let k = 0; k < poly.length; k += 1) {
      const p = poly[k];
      const q = poly[(k + 1) % poly.length];
      const pin = inside(p);
      const qin = inside(q);
      const cross = () => {
        const fp = a[0] * p[0] + a[1] * p[1] - c;
        const fq = a[0] * q[0] + a[1] * q[1] - c;
        const t = fp / (fp - fq);
        return [p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])];
      };
      if (pin && qin) out.push(p);
      else if (pin && !qin) { out.push(p); const i = cross(); out.push([i[0], i[1], label]); }
      else if (!pin && qin) { const i = cross(); out.push([i[0], i[1], p[2]]); }
    }
    return out;
  }

  /** Where each area is drawn: its longitude and latitude projected, then spread apart just enough to
   * leave room for its pieces; each area's territory is the part of the map nearer to it than to any other. */
  function layout(st) {
    if (layouts.has(st)) return layouts.get(st);
    const names = Object.keys(st.areas).sort();
    const areas = st.areas;
    const lons = names.map((n) => areas[n].x);
    const lats = names.map((n) => areas[n].y);
    const [minLon, maxLon, minLat, maxLat] = [Math.min(...lons), Math.max(...lons), Math.min(...lats), Math.max(...lats)];
    const squeeze = Math.cos(((minLat + maxLat) / 2) * Math.PI / 180);
    const pad = 34;
    const scale = Math.min((MAP.w - 2 * pad) / ((maxLon - minLon) * squeeze || 1), (MAP.h - 2 * pad) / ((maxLat - minLat) || 1));
    const left = MAP.x + (MAP.w - (maxLon - minLon) * squeeze * scale) / 2;
    const top = MAP.y + (MAP.h - (maxLat - minLat) * scale) / 2;
    const home = names.map((n) => [left + (areas[n].x - minLon) * squeeze * scale, top + (maxLat - areas[n].y) * scale]);
    const at = home.map((p) => [p[0], p[1]]);
    for (let round = 0; round < 400; round += 1) {
      for (let i = 0; i < at.length; i += 1) {
        for (let j = i + 1; j < at.length; j += 1) {
          const dx = at[j][0] - at[i][0];
          const dy = at[j][1] - at[i][1];
          const d = Math.hypot(dx, dy) || 0.01;
          if (d >= SPACING) continue;
          const push = ((SPACING - d) / 2) * 0.5;
          at[i][0] -= (dx / d) * push; at[i][1] -= (dy / d) * push;
          at[j][0] += (dx / d) * push; at[j][1] += (dy / d) * push;
        }
      }
      for (let i = 0; i < at.length; i += 1) {
        at[i][0] += (home[i][0] - at[i][0]) * 0.02;
        at[i][1] += (home[i][1] - at[i][1]) * 0.02;
        at[i][0] = Math.min(MAP.x + MAP.w - pad, Math.max(MAP.x + pad, at[i][0]));
        at[i][1] = Math.min(MAP.y + MAP.h - pad, Math.max(MAP.y + pad, at[i][1]));
      }
    }
    const pos = {};
    names.forEach((n, i) => { pos[n] = at[i]; });
    const cells = {};
    names.forEach((name, i) => {
      const [cx, cy] = at[i];
      let poly = [];
      for (let k = 0; k < 28; k += 1) {
        const angle = (k / 28) * 2 * Math.PI;
        poly.push([cx + REACH * Math.cos(angle), cy + REACH * Math.sin(angle), "coast"]);
      }
      poly = clip(poly, [-1, 0], -MAP.x, "coast");
      poly = clip(poly, [1, 0], MAP.x + MAP.w, "coast");
      poly = clip(poly, [0, -1], -MAP.y, "coast");
      poly = clip(poly, [0, 1], MAP.y + MAP.h, "coast");
      names.forEach((other, j) => {
        if (j === i) return;
        const [ox, oy] = at[j];
        if (Math.hypot(ox - cx, oy - cy) > 2 * REACH) return;
        const a = [ox - cx, oy - cy];
        const mid = [(ox + cx) / 2, (oy + cy) / 2];
        poly = clip(poly, a, a[0] * mid[0] + a[1] * mid[1], other);
      });
      cells[name] = poly;
    });
    const labels = {};
    const inside = (poly, x, y) => poly.every((p, k) => {
      const q = poly[(k + 1) % poly.length];
      return (q[0] - p[0]) * (y - p[1]) - (q[1] - p[1]) * (x - p[0]) >= 0;
    });
    const boxes = names.map((n) => [pos[n][0] - 36, pos[n][1] - 30, pos[n][0] + 36, pos[n][1] + 27]);
    for (const region of Object.keys(st.regions || {})) {
      const members = st.regions[region].areas.filter((n) => pos[n]);
      if (!members.length) continue;
      const lines = region.length > 12 && region.includes(" ") ? split(region) : [region];
      const half = Math.max(Math.max(...lines.map((l) => l.length)) * 4.9, 44);
      const low = 18 + (lines.length - 1) * 14;
      const xs = members.map((n) => pos[n][0]);
      const ys = members.map((n) => pos[n][1]);
      const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
      const my = ys.reduce((a, b) => a + b, 0) / ys.length;
      // the label goes near the region, inside it if it can, where it keeps furthest from every area's name
      // and pieces and from the labels already placed
      let best = null;
      for (let x = Math.min(...xs) - 130; x <= Math.max(...xs) + 130; x += 6) {
        for (let y = Math.min(...ys) - 130; y <= Math.max(...ys) + 130; y += 6) {
          if (x - half < MAP.x + 4 || x + half > MAP.x + MAP.w - 4 || y < MAP.y + 16 || y > MAP.y + MAP.h - 20) continue;
          const own = members.some((n) => inside(cells[n], x, y));
          const other = !own && names.some((n) => inside(cells[n], x, y));
          let room = Infinity;
          for (const b of boxes) {
            const dx = Math.max(b[0] - (x + half), (x - half) - b[2], 0);
            const dy = Math.max(b[1] - (y + low), (y - 12) - b[3], 0);
            room = Math.min(room, Math.hypot(dx, dy));
          }
          const score = Math.min(room, 12) * 10 - Math.hypot(x - mx, y - my) * 0.35 + (own ? 12 : 0) - (other ? 30 : 0);
          if (!best || score > best.score) best = { x, y, score };
        }
      }
      labels[region] = { ...(best || { x: mx, y: my }), lines };
      boxes.push([labels[region].x - half, labels[region].y - 12, labels[region].x + half, labels[region].y + low]);
    }
    const result = { pos, cells, labels };
    layouts.set(st, result);
    return result;
  }

  function pathOf(poly) {
    return poly.map((p, k) => `${k ? "L" : "M"}${p[0].toFixed(1)} ${p[1].toFixed(1)}`).join(" ") + " Z";
  }

  /** The polygon shrunk towards its centre by `by` pixels (roughly), for the highlight of a clickable area. */
  function inset(poly, centre, by) {
    return poly.map((p) => {
      const dx = p[0] - centre[0];
      const dy = p[1] - centre[1];
      const d = Math.hypot(dx, dy) || 1;
      const k = Math.max(0, d - by) / d;
      return [centre[0] + dx * k, centre[1] + dy * k];
    });
  }

  /** A long name on two lines, broken at the space nearest its middle. */
  function split(name) {
    let at = -1;
    for (let k = 0; k < name.length; k += 1) if (name[k] === " " && (at < 0 || Math.abs(k - name.length / 2) < Math.abs(at - name.length / 2))) at = k;
    return [name.slice(0, at), name.slice(at + 1)];
  }

  function wrap(text, width) {
    const lines = [];
    let line = "";
    for (const word of String(text || "").split(/\s+/)) {
      if (!word) continue;
      if (line && (line + " " + word).length > width) { lines.push(line); line = word; } else line = line ? `${line} ${word}` : word;
    }
    if (line) lines.push(line);
    return lines;
  }

  // ------------------------------------------------------------------ rules help (ctx.help, text from static.help)

  /** Rules help from data/help.toml (static.help[key]) on `el`, when the table offers it. */
  function helpOn(ctx, el, key) {
    const entry = ((ctx.static || {}).help || {})[key];
    if (ctx.help && entry) ctx.help(el, entry.title, `${entry.text}\n(Rulebook: ${entry.rule}.)`);
  }

  function label(n) { return `#${String(n).padStart(2, "0")}`; }

  /** A card's face as help text: title, Faction, OP, eras, regions, event, lasting effect, combat modifiers. */
  function cardText(ctx, n) {
    const card = (ctx.static.cards || {})[String(n)];
    if (!card) return null;
    const eras = ctx.static.eras || [];
    const eraName = (key) => ({ "pre-war": eras[0], "great-war": eras[1], "post-war": eras[2] }[key] || key);
    const mods = [...FACTIONS, ...EMPIRES].map((o) => `${o} ${card.modifiers[o] ?? "-"}`).join(", ");
    const lines = [
      `${card.faction} card · ${card.op} OP · event in ${card.eras.length === 3 ? "any Era" : card.eras.map(eraName).join(", ")}${card.regions.length ? ` · ${card.regions.join(", ")}` : ""}`,
      `Event: ${card.text}`,
    ];
    if (card.lasting_text) lines.push(`Lasting (until the end of ${card.duration === "game" ? "the game" : "the Era"}): ${card.lasting_text}`);
    lines.push(`Modifiers (combat, Nomads, Tribal Conference): ${mods}`);
    return { title: `${label(n)} ${card.title}`, text: lines.join("\n") };
  }

  function cardHelp(ctx, el, n) {
    const face = cardText(ctx, n);
    if (ctx.help && face) ctx.help(el, face.title, face.text);
  }

  function areaHelp(ctx, el, name) {
    const area = (ctx.static.areas || {})[name];
    if (!ctx.help || !area) return;
    const lines = [`${area.region} region · ${area.type === "city" ? "city" : area.type === "tribe" ? "tribal area" : "open area"} · supply ${area.supply} · population ${area.population}`];
    if (area.key_city) lines.push("Key city: control all four at the end of an Era to win at once.");
    if (area.british_flag) lines.push("British flag: a British piece arrives here when the Great War Era starts.");
    const cell = ctx.view.pieces[name] || {};
    const here = [...FACTIONS, ...EMPIRES].filter((o) => cell[o]).map((o) => `${o} ${cell[o]}`);
    if ((ctx.view.nomads || []).includes(name)) here.push("a Nomad");
    lines.push(here.length ? `Here: ${here.join(", ")}.` : "No pieces.");
    ctx.help(el, name, lines.join("\n"));
  }

  // ------------------------------------------------------------------ colours and actions

  function factionColour(view, faction) {
    const seat = view.factions.indexOf(faction);
    if (seat >= 0) return Ludo.seatColour(seat);
    const others = FACTIONS.filter((f) => !view.factions.includes(f));
    return Ludo.seatColour(view.factions.length + Math.max(0, others.indexOf(faction)));
  }

  function ownerColour(view, owner) {
    if (EMPIRE_COLOUR[owner]) return EMPIRE_COLOUR[owner];
    if (owner === "Nomad") return NOMAD_COLOUR;
    return factionColour(view, owner);
  }

  const AREA_ACTIONS = [
    /^#\d+: (?:place|remove) an? \w+ piece (?:in|from) (.+)$/,
    /^(?:add|recruit) an? \w+ piece in (.+)$/,
    /^attack the \w+ pieces in (.+) \(\d+ OP\)$/,
    /^move an? \w+ piece from (.+)$/,
    /^move a piece from (.+) to the Tribal Conference$/,
    /^resolve the combat in (.+)$/,
    /^to (.+) \(\d+ MP\)$/,
  ];
  const FROM_TO = [/^move the Nomad in (.+) to (.+)$/, /^retreat \d+ \w+ piece\(s\) from (.+) to (.+)$/];

  /** The area an action is played on (null for actions naming none), and its tool for moves from one area. */
  function parse(text, names) {
    for (const pattern of FROM_TO) {
      const m = pattern.exec(text);
      if (m && names.has(m[2])) return { area: m[2], tool: text.startsWith("move") ? `Nomad in ${m[1]}` : `retreat from ${m[1]}` };
    }
    for (const pattern of AREA_ACTIONS) {
      const m = pattern.exec(text);
      if (m && names.has(m[1])) return { area: m[1], tool: null };
    }
    return null;
  }

  // ------------------------------------------------------------------ drawing

  function chip(parent, x, y, colour, label, attrs) {
    const s = Ludo.svg;
    s("rect", { x: x - 7.5, y: y - 7.5, width: 15, height: 15, rx: 3, fill: colour, stroke: "#fff", "stroke-width": 1.4, ...(attrs || {}) }, parent);
    if (label !== undefined) s("text", { x, y: y + 3.6, "text-anchor": "middle", "font-size": 10, "font-weight": 700, fill: "#fff" }, parent, String(label));
  }

  function nomad(parent, x, y, attrs) {
    Ludo.svg("circle", { cx: x, cy: y, r: 8, fill: NOMAD_COLOUR, stroke: "#fff", "stroke-width": 1.4, ...(attrs || {}) }, parent);
    Ludo.svg("text", { x, y: y + 3.6, "text-anchor": "middle", "font-size": 9.5, "font-weight": 700, fill: "#fff" }, parent, "N");
  }

  function flag(parent, x, y) {
    const s = Ludo.svg;
    s("line", { x1: x, y1: y - 10, x2: x, y2: y + 6, stroke: "#444", "stroke-width": 1.2 }, parent);
    s("rect", { x, y: y - 10, width: 13, height: 8, fill: "#1d3557" }, parent);
    s("path", { d: `M${x} ${y - 6} h13 M${x + 6.5} ${y - 10} v8`, stroke: "#fff", "stroke-width": 2.2 }, parent);
    s("path", { d: `M${x} ${y - 6} h13 M${x + 6.5} ${y - 10} v8`, stroke: "#c1121f", "stroke-width": 1 }, parent);
  }

  function star(parent, x, y, r) {
    const points = [];
    for (let k = 0; k < 10; k += 1) {
      const rr = k % 2 ? r * 0.45 : r;
      const angle = -Math.PI / 2 + (k * Math.PI) / 5;
      points.push(`${(x + rr * Math.cos(angle)).toFixed(1)},${(y + rr * Math.sin(angle)).toFixed(1)}`);
    }
    Ludo.svg("polygon", { points: points.join(" "), fill: "#f2b705", stroke: "#7a5c00", "stroke-width": 0.8 }, parent);
  }

  function person(parent, x, y, fill) {
    Ludo.svg("circle", { cx: x, cy: y - 3.2, r: 1.9, fill }, parent);
    Ludo.svg("path", { d: `M${x - 2.8} ${y + 3} Q${x} ${y - 3} ${x + 2.8} ${y + 3} Z`, fill }, parent);
  }

  function node(parent, x, y, area) {
    const s = Ludo.svg;
    const style = { fill: "#fffaf0", stroke: "#5b4a32", "stroke-width": 1.4 };
    if (area.type === "city") s("rect", { x: x - 8, y: y - 8, width: 16, height: 16, rx: 2.5, ...style, fill: "#fff3d6", "stroke-width": 2 }, parent);
    else if (area.type === "tribe") s("path", { d: `M${x} ${y - 10} L${x + 10} ${y + 7} L${x - 10} ${y + 7} Z`, ...style }, parent);
    else s("circle", { cx: x, cy: y, r: 8, ...style }, parent);
    s("text", { x, y: y + (area.type === "tribe" ? 5 : 3.6), "text-anchor": "middle", "font-size": 10, "font-weight": 700, fill: "#5b4a32" }, parent, String(area.supply));
  }

  function drawArea(layer, view, name, area, x, y) {
    const s = Ludo.svg;
    // data-place: the table marks an opponent's last move and a clicked log line's places here (placesOf)
    const g = s("g", { "data-area-content": name, "data-place": name }, layer);
    node(g, x, y, area);
    if (area.key_city) star(g, x - 16, y - 3, 7);
    if (area.british_flag) flag(g, x - 23, y);
    for (let k = 0; k < area.population; k += 1) person(g, x + 14 + k * 6.5, y + 2, "#3e4a2f");
    const lines = name.length > 14 && name.includes(" ") ? split(name) : [name];
    lines.forEach((line, k) => s("text", { x, y: y + 21 + k * 11, "text-anchor": "middle", "font-size": 11, fill: "#2f281c", class: "area-name", "paint-order": "stroke", stroke: "rgba(255,255,255,.75)", "stroke-width": 3 }, g, line));
    const cell = view.pieces[name] || {};
    const owners = [...FACTIONS, ...EMPIRES].filter((o) => cell[o]);
    const hasNomad = (view.nomads || []).includes(name);
    const count = owners.length + (hasNomad ? 1 : 0);
    let px = x - ((count - 1) * 17) / 2;
    const py = y - 20;
    for (const owner of owners) {
      chip(g, px, py, ownerColour(view, owner), cell[owner], { "data-piece": owner, "data-count": String(cell[owner]) });
      px += 17;
    }
    if (hasNomad) nomad(g, px, py, { "data-piece": "Nomad" });
  }

  function vpTrack(root, view, st, ctx) {
    const s = Ludo.svg;
    const rules = (st.players || {})[String(view.factions.length)] || {};
    const win = rules.early_win_vp || 12;
    const scores = FACTIONS.map((f) => view.vp[f] || 0);
    const last = Math.max(win + 2, ...scores.map((v) => v + 1));
    const g = s("g", { class: "vp-track" }, root);
    const title = s("text", { x: 12, y: 18, "font-size": 12, "font-weight": 700, fill: "#3b3325", "data-help-key": "vp_track" }, g, "VICTORY POINTS");
    if (ctx) helpOn(ctx, title, "vp_track");
    s("text", { x: W - 10, y: 18, "text-anchor": "end", "font-size": 11, fill: "#6b6150" }, g, `${win} VP at the end of an Era wins at once`);
    const width = (W - 20) / (last + 1);
    for (let v = 0; v <= last; v += 1) {
      const x = 10 + v * width;
      const cellG = s("g", { "data-vp": String(v) }, g);
      s("rect", { x: x + 1, y: 26, width: width - 2, height: 54, rx: 4, fill: v === win ? "#fdf0c2" : "#f7f2e6", stroke: v === win ? "#c79a00" : "#d4c9b0", "stroke-width": v === win ? 2 : 1 }, cellG);
      s("text", { x: x + 6, y: 40, "font-size": 11, fill: "#7a6a4f", "font-weight": 600 }, cellG, String(v));
      const here = FACTIONS.filter((f) => (view.vp[f] || 0) === v && (view.factions.includes(f) || view.vp[f]));
      const across = Math.max(1, Math.floor((width - 6) / 16)); // as many chips side by side as the cell holds
      here.forEach((f, k) => chip(cellG, x + 10 + (k % across) * 16, (here.length > across ? 55 : 64) + Math.floor(k / across) * 16,
        factionColour(view, f), f[0], { "data-vp-marker": f }));
    }
  }

  function sideHeading(g, y, text) {
    Ludo.svg("text", { x: SIDE.x, y, "font-size": 12, "font-weight": 700, fill: "#3b3325", "letter-spacing": ".04em" }, g, text.toUpperCase());
    return y + 8;
  }

  /** A side block: its own drawing, as wide as the side column, as tall as what `draw(g, y)` drew (it returns the bottom). */
  function sideBlock(name, draw) {
    const s = Ludo.svg;
    const root = s("svg", { class: "arabian-board as-block", "data-block": name });
    const g = s("g", { class: "side" }, root);
    const bottom = draw(g, 18);
    const width = SIDE.x * 2 + SIDE.w;
    const height = Math.ceil(bottom + 8);
    root.setAttribute("viewBox", `0 0 ${width} ${height}`);
    root.setAttribute("width", width);
    root.setAttribute("height", height);
    root.insertBefore(s("rect", { x: 0, y: 0, width, height, fill: "#fbf8f1", rx: 8 }), root.firstChild);
    return root;
  }

  /** Beside the map or under it, as the width allows: the Tribal Conference; the Factions and their lasting
   * events; the Empires, Nomads, piles and the legend. */
  function sidePanel(ctx) {
    return Ludo.html("div", { class: "as-side" },
      sideBlock("conference", (g, y) => conferenceBlock(g, y, ctx)),
      sideBlock("factions", (g, y) => factionsBlock(g, y, ctx)),
      sideBlock("empires", (g, y) => empiresBlock(g, y, ctx)));
  }

  /** Under the VP track, above the map (always in sight with it): the era, the round and the turn order. */
  /** "round 3 of 6"; before the first round (the set-up, a Draft) "before round 1", never "round 0". */
  function roundText(view, rules, of) {
    return view.round ? `round ${view.round}${rules.rounds ? `${of}${rules.rounds}` : ""}` : "before round 1";
  }

  function eraRow(g, ctx) {
    const s = Ludo.svg;
    const view = ctx.view;
    const st = ctx.static;
    const rules = (st.players || {})[String(view.factions.length)] || {};
    const y = 96;
    s("text", { x: 12, y: y + 17, "font-size": 15, "font-weight": 700, fill: "#2b2418" }, g, `${view.era_name} Era`);
    s("text", { x: 12, y: y + 34, "font-size": 12, fill: "#6b6150" }, g, roundText(view, rules, " of "));
    const heading = s("text", { x: 150, y: y + 25, "font-size": 12, "font-weight": 700, fill: "#3b3325", "letter-spacing": ".04em", "data-help-key": "turn_order" }, g, "TURN ORDER");
    helpOn(ctx, heading, "turn_order");
    turnOrder(g, 250, y, W - 10 - 250, ctx);
  }

  function turnOrder(g, left, y, width, ctx) {
    const s = Ludo.svg;
    const view = ctx.view;
    // From the Great War on, the Factions pick their places one by one (lowest score first):
    // until then a place holds null and is drawn empty; a place the seat may take is a click on it.
    const order = s("g", { class: "turn-order" }, g);
    const slot = width / Math.max(3, view.turn_order.length);
    const picks = {};
    for (const text of ctx.actions) {
      const m = /^take the (\w+) place in the turn order$/.exec(text);
      if (m) picks[PLACE_WORDS.indexOf(m[1])] = text;
    }
    view.turn_order.forEach((faction, k) => {
      const x = left + k * slot;
      const place = s("g", { "data-turn-order": faction || "", "data-place": String(k) }, order);
      const label = `${ORDINAL[k] || k + 1}`;
      if (!faction) {
        s("rect", { x: x + 1, y, width: slot - 4, height: 40, rx: 5, fill: "#fbf8f1", stroke: "#b5a684", "stroke-width": 1, "stroke-dasharray": "4 3", class: "slot" }, place);
        s("text", { x: x + 8, y: y + 17, "font-size": 10.5, fill: "#7a6a4f" }, place, label);
        s("text", { x: x + 8, y: y + 33, "font-size": 11.5, fill: "#9a8e76", "font-style": "italic" }, place, "empty");
        if (picks[k]) ctx.target(place, [picks[k]]);
        return;
      }
      const active = view.active === faction;
      s("rect", { x: x + 1, y, width: slot - 4, height: 40, rx: 5, fill: active ? "#fff3c4" : "#f7f2e6", stroke: active ? "#d49b00" : "#d4c9b0", "stroke-width": active ? 2 : 1 }, place);
      chip(place, x + 13, y + 13, factionColour(view, faction), faction[0]);
      s("text", { x: x + 25, y: y + 17, "font-size": 10.5, fill: "#7a6a4f" }, place, `${label}${active ? " · to play" : ""}`);
      s("text", { x: x + 8, y: y + 33, "font-size": 11.5, fill: "#2b2418", "font-weight": active ? 700 : 400 }, place, faction);
    });
  }

  /** The Tribal Conference: its pieces, the cards on it, who tried this Era. */
  function conferenceBlock(g, y, ctx) {
    const s = Ludo.svg;
    const view = ctx.view;
    const cards = ctx.static.cards || {};
    y = sideHeading(g, y, "Tribal Conference");
    const tc = s("g", { class: "tribal-conference", "data-place": "Tribal Conference" }, g);
    helpOn(ctx, tc, "tribal_conference");
    const tcCards = view.tribal_conference_cards || [];
    const boxH = 48 + tcCards.length * 14;
    s("rect", { x: SIDE.x, y, width: SIDE.w, height: boxH, rx: 8, fill: "#f3ead7", stroke: "#b59b6a" }, tc);
    s("path", { d: `M${SIDE.x + 22} ${y + 8} l16 24 h-32 z`, fill: "#d7c29a", stroke: "#8a6d3b" }, tc);
    let tx = SIDE.x + 52;
    const present = FACTIONS.filter((f) => view.tribal_conference[f]);
    if (!present.length) s("text", { x: tx, y: y + 26, "font-size": 11.5, fill: "#6b6150" }, tc, "no pieces yet");
    for (const f of present) {
      chip(tc, tx + 7, y + 22, factionColour(view, f), view.tribal_conference[f], { "data-tc": f });
      s("text", { x: tx + 18, y: y + 26, "font-size": 11, fill: "#2b2418" }, tc, f);
      tx += 30 + f.length * 6.2;
    }
    const tried = view.tc_attempted || [];
    s("text", { x: SIDE.x + 10, y: y + 42, "font-size": 10.5, fill: "#6b6150" }, tc, `attempted this Era: ${tried.length ? tried.join(", ") : "nobody"}`);
    tcCards.forEach((n, k) => {
      const card = cards[String(n)];
      const line = s("text", { x: SIDE.x + 10, y: y + 56 + k * 14, "font-size": 10.5, fill: "#3b3325", "data-card": String(n) }, tc, `#${String(n).padStart(2, "0")} ${card ? card.title : ""}`);
      cardHelp(ctx, line, n);
    });
    return y + boxH;
  }

  /** Each Faction, with the lasting events in front of it. */
  function factionsBlock(g, y, ctx) {
    const s = Ludo.svg;
    const view = ctx.view;
    const cards = ctx.static.cards || {};
    y = sideHeading(g, y, "Factions and lasting events");
    for (const faction of FACTIONS) {
      const fg = s("g", { "data-faction": faction }, g);
      const seat = view.factions.indexOf(faction);
      const lasting = (view.lasting || []).filter((e) => e.owner === faction);
      const lines = [];
      for (const entry of lasting) {
        const card = cards[String(entry.card)] || {};
        lines.push({ card: entry.card, head: `#${String(entry.card).padStart(2, "0")} ${card.title || ""} (${entry.duration === "game" ? "game" : "Era"})`, body: wrap(card.lasting_text, 44) });
      }
      const display = seat < 0 ? view.rasheedi_display || [] : [];
      const shown = display.length ? wrap(`face up: ${display.map((n) => `#${String(n).padStart(2, "0")} ${(cards[String(n)] || {}).title || ""}`).join(", ")}`, 46) : [];
      const height = 40 + lines.reduce((sum, l) => sum + 16 + l.body.length * 12, 0) + shown.length * 12 + (shown.length ? 4 : 0);
      s("rect", { x: SIDE.x, y, width: SIDE.w, height, rx: 6, fill: "#fff", stroke: factionColour(view, faction), "stroke-width": 1.5 }, fg);
      s("rect", { x: SIDE.x, y, width: 6, height, rx: 3, fill: factionColour(view, faction) }, fg);
      const who = seat >= 0 ? ctx.seatName(seat) : "not played (2 players)";
      s("text", { x: SIDE.x + 14, y: y + 16, "font-size": 12.5, "font-weight": 700, fill: "#2b2418" }, fg, faction);
      s("text", { x: SIDE.x + SIDE.w - 8, y: y + 16, "text-anchor": "end", "font-size": 10.5, fill: "#6b6150" }, fg, who);
      const hand = (view.hand_sizes || {})[faction];
      const facts = [`${view.vp[faction] || 0} VP`, hand === undefined ? null : `${hand} cards`, `stock ${view.stock[faction] ?? "?"}`, `conference ${view.tribal_conference[faction] || 0}`];
      s("text", { x: SIDE.x + 14, y: y + 32, "font-size": 11, fill: "#3b3325" }, fg, facts.filter(Boolean).join(" · "));
      let ly = y + 40;
      shown.forEach((text, k) => {
        const el = s("text", { x: SIDE.x + 14, y: ly + 10 + k * 12, "font-size": 10.5, fill: "#3b3325", "data-display": "yes" }, fg, text);
        if (ctx.help) ctx.help(el, "Rasheedi display (2 players)", display.map((n) => { const f = cardText(ctx, n); return f ? `${f.title}: ${f.text}` : label(n); }).join("\n\n"));
      });
      ly += shown.length * 12 + (shown.length ? 4 : 0);
      for (const line of lines) {
        const head = s("text", { x: SIDE.x + 14, y: ly + 12, "font-size": 11, "font-weight": 600, fill: "#5a3d0a", "data-lasting": faction, "data-card": String(line.card) }, fg, line.head);
        cardHelp(ctx, head, line.card);
        line.body.forEach((text, k) => s("text", { x: SIDE.x + 14, y: ly + 25 + k * 12, "font-size": 10.5, fill: "#4a4030" }, fg, text));
        ly += 16 + line.body.length * 12;
      }
      y += height + 8;
    }
    return y - 8;
  }

  /** Empires, Nomads, the piles, the card in play and the legend. */
  function empiresBlock(g, y, ctx) {
    const s = Ludo.svg;
    const view = ctx.view;
    const cards = ctx.static.cards || {};
    y = sideHeading(g, y, "Empires, Nomads, cards");
    const eg = s("g", { class: "empires" }, g);
    const out = view.out_of_game || {};
    [...EMPIRES, "Nomad"].forEach((owner, k) => {
      const ey = y + 10 + k * 20;
      if (owner === "Nomad") nomad(eg, SIDE.x + 8, ey); else chip(eg, SIDE.x + 8, ey, EMPIRE_COLOUR[owner], owner[0]);
      const onMap = owner === "Nomad" ? (view.nomads || []).length : Object.values(view.pieces).reduce((sum, cell) => sum + (cell[owner] || 0), 0);
      const gone = out[owner] ? ` · ${out[owner]} out of the game` : "";
      const line = s("text", { x: SIDE.x + 22, y: ey + 4, "font-size": 11, fill: "#2b2418" }, eg, `${owner}: ${onMap} on the map · ${view.stock[owner] ?? 0} in stock${out[owner] ? ` · ${out[owner]} out` : ""}`);
      if (gone) s("title", {}, line, `${out[owner]} ${owner} pieces are out of the game`);
    });
    y += 70;
    const piles = `draw pile ${view.deck_size} · discard ${(view.discard || []).length} · removed ${(view.removed || []).length}`;
    s("text", { x: SIDE.x, y, "font-size": 11, fill: "#3b3325" }, g, piles);
    y += 16;
    if (view.card_in_play && view.card_in_play.card) {
      const card = cards[String(view.card_in_play.card)] || {};
      const inPlay = s("text", { x: SIDE.x, y, "font-size": 11, fill: "#3b3325", "data-card-in-play": String(view.card_in_play.card) }, g,
        `in play: #${String(view.card_in_play.card).padStart(2, "0")} ${card.title || ""} (${view.card_in_play.faction || ""})`);
      cardHelp(ctx, inPlay, view.card_in_play.card);
      y += 16;
    }
    legend(g, y + 4, ctx);
    return y + 4 + LEGEND_HEIGHT;
  }

  const LEGEND_HEIGHT = 134; // six rows of 19 px and their margins

  /** The map key; each symbol carries its rule (hover, or a tap on a phone) from data/help.toml. */
  function legend(g, y, ctx) {
    const s = Ludo.svg;
    const lg = s("g", { class: "legend" }, g);
    s("rect", { x: SIDE.x, y, width: SIDE.w, height: LEGEND_HEIGHT, rx: 6, fill: "#faf7f0", stroke: "#d4c9b0" }, lg);
    const x = SIDE.x + 12;
    const row = (k) => y + 18 + k * 19;
    const item = (key) => {
      const it = s("g", { "data-legend": key }, lg);
      helpOn(ctx, it, key);
      return it;
    };
    const text = (parent, tx, ty, words) => s("text", { x: tx, y: ty, "font-size": 10.5, fill: "#3b3325" }, parent, words);
    let it = item("road");
    s("line", { x1: x - 4, y1: row(0) - 4, x2: x + 22, y2: row(0) - 4, class: "road" }, it);
    text(it, x + 30, row(0), "road (1 MP)");
    it = item("track");
    s("line", { x1: x + 114, y1: row(0) - 4, x2: x + 140, y2: row(0) - 4, class: "track" }, it);
    text(it, x + 148, row(0), "other link (2 MP)");
    it = item("city");
    node(it, x + 4, row(1) - 4, { type: "city", supply: 3 });
    text(it, x + 16, row(1), "city");
    it = item("tribe");
    node(it, x + 70, row(1) - 4, { type: "tribe", supply: 2 });
    text(it, x + 82, row(1), "tribe");
    it = item("supply");
    node(it, x + 136, row(1) - 4, { type: "open", supply: 1 });
    text(it, x + 148, row(1), "open (supply)");
    it = item("key_city");
    star(it, x + 4, row(2) - 4, 7);
    text(it, x + 16, row(2), "key city");
    it = item("british_flag");
    flag(it, x + 80, row(2));
    text(it, x + 98, row(2), "British flag");
    it = item("population");
    person(it, x + 180, row(2) - 3, "#3e4a2f");
    text(it, x + 188, row(2), "population");
    it = item("combat");
    chip(it, x + 4, row(3) - 4, "#888", 2);
    text(it, x + 16, row(3), "pieces (count)");
    it = item("nomad");
    nomad(it, x + 110, row(3) - 4);
    text(it, x + 122, row(3), "Nomad");
    it = item("empires");
    chip(it, x + 176, row(3) - 4, EMPIRE_COLOUR.Ottoman, "O");
    chip(it, x + 194, row(3) - 4, EMPIRE_COLOUR.British, "B");
    text(it, x + 206, row(3), "Empires");
    // Two lines: in one, the sentence ran past the key's box ("hover or tap a sym…" at 1280 px).
    s("text", { x, y: row(4), "font-size": 10.5, fill: "#6b6150", "data-legend-note": "click" }, lg, "Highlighted areas can be clicked.");
    if (ctx.help) s("text", { x, y: row(5), "font-size": 10.5, fill: "#6b6150", "data-legend-note": "help" }, lg, "Hover or tap a symbol for its rule.");
  }

  // ------------------------------------------------------------------ conflicts, before the card or die decides

  /** "4 in 6 (67%)": the chance a d6 roll is the target or less. */
  function chanceOfRoll(target) {
    const faces = Math.max(0, Math.min(6, target));
    return `succeeds on a roll of ${faces >= 6 ? "any number" : faces <= 0 ? "nothing" : `${faces} or less`} (${faces} in 6, ${Math.round((faces / 6) * 100)}%)`;
  }

  /** What the attacker's card modifier must be, against the defenders', in words (the attacker wins ties). */
  function needsText(c) {
    const a = c.attacker;
    const d = c.defenders.join(" and ");
    if (c.needs > 0) return `${a} wins if its modifier on the card drawn is at least ${c.needs} more than ${d}'s`;
    if (c.needs === 0) return `${a} wins if its modifier on the card drawn is at least ${d}'s (the attacker wins ties)`;
    return `${a} wins unless its modifier on the card drawn is ${1 - c.needs} or more below ${d}'s`;
  }

  /** One combat as the rules will resolve it (view.conflicts.combats: the figures combat.py resolves with). */
  function combatEl(ctx, c) {
    const view = ctx.view;
    const cards = ctx.static.cards || {};
    const sideRow = (name, role, pieces, bonus, bonusCards, before, owners) => {
      const colour = owners.length === 1 ? ownerColour(view, owners[0]) : EMPIRE_COLOUR[owners[0]] || "#888";
      const sources = bonusCards.map(([n, amount]) => `${amount >= 0 ? "+" : ""}${amount} ${label(n)} ${(cards[String(n)] || {}).title || ""}`);
      const bonusCell = Ludo.html("td", { text: sources.length ? sources.join(", ") : "none" });
      for (const [n] of bonusCards) cardHelp(ctx, bonusCell, n);
      return Ludo.html("tr", { "data-side": role },
        Ludo.html("th", { style: `border-left: 5px solid ${colour}`, text: `${name} (${role})` }),
        Ludo.html("td", { text: String(pieces) }), bonusCell, Ludo.html("td", { class: "strength", text: String(before) }));
    };
    const table = Ludo.html("table", {},
      Ludo.html("thead", {}, Ludo.html("tr", {}, ...["side", "pieces", "in-effect cards", "strength before the card"].map((t) => Ludo.html("th", { text: t })))),
      Ludo.html("tbody", {},
        sideRow(c.attacker, "attacker", c.pieces[0], c.bonuses[0], c.bonus_cards[0], c.before_card[0], [c.attacker]),
        sideRow(c.defenders.join(" and "), "defender", c.pieces[1], c.bonuses[1], c.bonus_cards[1], c.before_card[1], c.defenders)));
    const percent = Math.round(c.attacker_chance * 100);
    const odds = c.cards ? `${needsText(c)}: ${percent}% over the ${c.cards} cards that may be drawn.` : `No card is left to draw: ${c.attacker_chance >= 1 ? c.attacker : c.defenders.join(" and ")} wins.`;
    const head = Ludo.html("h4", { text: `${c.chosen ? "Combat" : "Possible attack"} in ${c.area}` });
    helpOn(ctx, head, "combat");
    return Ludo.html("div", { class: c.chosen ? "as-combat" : "as-combat possible", "data-combat": c.area },
      head, Ludo.html("div", { class: "scroll" }, table),
      Ludo.html("p", { class: "odds", "data-chance": String(percent), text: odds }),
      Ludo.html("p", { class: "muted", text: "Then losses: the winner loses a piece on a roll of 5–6; the loser loses one at once, then one more on each 4–6 until a 1–3." }));
  }

  /** The Tribal Conference as it stands when this seat may still try: each Faction's pieces and who scores. */
  function conferenceEl(ctx, conf) {
    const view = ctx.view;
    const cards = ctx.static.cards || {};
    const stakes = FACTIONS.filter((f) => view.factions.includes(f) || conf.pieces[f]).map((f) => `${f} ${conf.pieces[f] || 0}`).join(", ");
    const leader = conf.leader ? `${conf.leader} leads: 1 VP at Scoring if it stays alone in front.` : "Nobody leads alone: no VP at Scoring as it stands.";
    const head = Ludo.html("h4", { text: "Tribal Conference attempt" });
    helpOn(ctx, head, "tribal_conference");
    const list = Ludo.html("ul", {});
    for (const [n, target] of Object.entries(conf.targets)) {
      list.appendChild(Ludo.html("li", { "data-tc-card": n, text: `${label(n)} ${(cards[n] || {}).title || ""}: target ${target}, ${chanceOfRoll(target)}` }));
    }
    return Ludo.html("div", { class: "as-combat as-tc", "data-conference": "yes" }, head,
      Ludo.html("p", { text: `Pieces in the Conference: ${stakes}. ${leader}` }),
      Ludo.html("p", { class: "muted", text: `Tried this Era: ${conf.attempted.length ? conf.attempted.join(", ") : "nobody"}. Once per Era; the card's event does not happen and it stays there until the end of the Era.` }),
      list);
  }

  /** Shown while the decision is open: the combats the turn will end with, the attacks that may be chosen, and
   * (for the seat to play a card) its Tribal Conference chances. Nothing when there is none. */
  function conflictsPanel(ctx) {
    const conflicts = ctx.view.conflicts || {};
    const combats = conflicts.combats || [];
    const conf = conflicts.conference || {};
    if (!combats.length && !conf.targets) return null;
    const panel = Ludo.html("div", { class: "as-conflicts", "data-conflicts": "yes" });
    combats.forEach((c) => panel.appendChild(combatEl(ctx, c)));
    if (conf.targets) panel.appendChild(conferenceEl(ctx, conf));
    return panel;
  }

  Ludo.register("arabian-struggle", {
    stylesheet: true,

    /** The places a log event touched (contract 2): its areas, the Tribal Conference, a turn-order place. */
    placesOf(event, ctx) {
      const areas = ((ctx && ctx.static) || {}).areas || {};
      const places = [];
      for (const key of ["area", "to"]) if (typeof event[key] === "string" && areas[event[key]]) places.push(event[key]);
      if (["conference_attempt", "conference_piece"].includes(event.type)) places.push("Tribal Conference");
      if (event.type === "turn_order_pick" && Number.isInteger(event.place)) places.push(String(event.place));
      return [...new Set(places)];
    },

    /** The face of the card a log event names ({title, text}), for a table that puts help on log lines. */
    logHelp(event, ctx) {
      const number = Number.isInteger(event.card) ? event.card : Number.isInteger(event.rasheedi) ? event.rasheedi : null;
      return number === null ? null : cardText(ctx, number);
    },

    tool(text) { const p = parse(text, this.areaNames || new Set()); return p ? p.tool : null; },

    board(ctx) {
      const s = Ludo.svg;
      const view = ctx.view;
      const st = ctx.static;
      const areas = st.areas || {};
      const names = new Set(Object.keys(areas));
      this.areaNames = names;
      const { pos, cells, labels } = layout(st);
      const regionOf = {};
      const tint = {};
      Object.keys(st.regions || {}).forEach((region, k) => {
        tint[region] = REGION_TINT[k % REGION_TINT.length];
        for (const n of st.regions[region].areas) regionOf[n] = region;
      });
      const byArea = {};
      for (const text of ctx.actions) {
        const p = parse(text, names);
        if (p) (byArea[p.area] = byArea[p.area] || []).push(text);
      }
      const root = s("svg", { viewBox: `0 0 ${W} ${H}`, width: W, height: H, class: "arabian-board as-map" });
      s("rect", { x: 0, y: 0, width: W, height: H, fill: "#fbf8f1", rx: 8 }, root);
      vpTrack(root, view, st, ctx);
      eraRow(root, ctx);
      s("rect", { x: MAP.x, y: MAP.y, width: MAP.w, height: MAP.h, rx: 6, fill: "#d9e6ec", stroke: "#b8c7cf", "data-map": "yes" }, root);
      // Territories: the clickable layer
      const cellLayer = s("g", { class: "cells" }, root);
      for (const name of Object.keys(areas).sort()) {
        const g = s("g", { "data-area": name, class: "area" }, cellLayer);
        s("path", { d: pathOf(cells[name]), fill: tint[regionOf[name]] || "#eee", class: "cell" }, g);
        s("path", { d: pathOf(inset(cells[name], pos[name], 4)), class: "hl" }, g);
        s("circle", { cx: pos[name][0], cy: pos[name][1], r: 11, fill: "transparent", class: "hit" }, g);
        areaHelp(ctx, g, name);
        if (byArea[name]) ctx.target(g, byArea[name]);
      }
      // Borders: between areas, between regions, and the coast
      const thin = [];
      const thick = [];
      const coast = [];
      for (const name of Object.keys(cells)) {
        const poly = cells[name];
        poly.forEach((p, k) => {
          const q = poly[(k + 1) % poly.length];
          const label = q[2];
          const d = `M${p[0].toFixed(1)} ${p[1].toFixed(1)} L${q[0].toFixed(1)} ${q[1].toFixed(1)}`;
          if (label === "coast") coast.push(d);
          else if (regionOf[label] !== regionOf[name]) thick.push(d);
          else if (name < label) thin.push(d);
        });
      }
      s("path", { d: thin.join(" "), stroke: "#fff", "stroke-width": 1.2, fill: "none", "pointer-events": "none", opacity: 0.9 }, root);
      s("path", { d: coast.join(" "), stroke: "#8da3ae", "stroke-width": 1.5, fill: "none", "pointer-events": "none" }, root);
      s("path", { d: thick.join(" "), stroke: "#6b5535", "stroke-width": 2.4, fill: "none", "stroke-linecap": "round", "pointer-events": "none", class: "region-border" }, root);
      // Links: roads and the other links, centre to centre
      const links = s("g", { class: "links", "pointer-events": "none" }, root);
      for (const [a, b, road] of st.links || []) {
        if (!pos[a] || !pos[b]) continue;
        const [ax, ay] = pos[a];
        const [bx, by] = pos[b];
        const d = Math.hypot(bx - ax, by - ay) || 1;
        const trim = 11;
        s("line", {
          x1: ax + ((bx - ax) / d) * trim, y1: ay + ((by - ay) / d) * trim, x2: bx - ((bx - ax) / d) * trim, y2: by - ((by - ay) / d) * trim,
          class: road ? "road" : "track", "data-link": `${a}|${b}`,
        }, links);
      }
      // Region names with their population icons
      const regionLayer = s("g", { class: "regions", "pointer-events": "none" }, root);
      for (const [region, spot] of Object.entries(labels)) {
        const members = st.regions[region].areas;
        const icons = members.reduce((sum, n) => sum + ((areas[n] || {}).population || 0), 0);
        const title = s("text", { x: spot.x, y: spot.y, "text-anchor": "middle", "font-size": 13, "font-weight": 700, "letter-spacing": ".08em", fill: "#6b5535", opacity: 0.85, "paint-order": "stroke", stroke: "rgba(255,255,255,.7)", "stroke-width": 3, "data-region": region }, regionLayer);
        spot.lines.forEach((line, k) => s("tspan", { x: spot.x, dy: k ? 14 : 0 }, title, line.toUpperCase()));
        const below = spot.y + (spot.lines.length - 1) * 14;
        const sub = st.regions[region].scoring ? `${icons} population` : "does not score";
        const subX = spot.x - (sub.length * 5.4) / 2;
        if (st.regions[region].scoring) person(regionLayer, subX - 6, below + 11, "#6b5535");
        s("text", { x: spot.x + (st.regions[region].scoring ? 2 : 0), y: below + 14, "text-anchor": "middle", "font-size": 10, fill: "#6b5535", "font-style": "italic" }, regionLayer, sub);
      }
      // Areas: node, marks, name, pieces (not clickable themselves: the territory below is)
      const content = s("g", { class: "area-content", "pointer-events": "none" }, root);
      for (const name of Object.keys(areas).sort()) drawArea(content, view, name, areas[name], pos[name][0], pos[name][1]);
      // The map takes the width there is; the side blocks go beside it only when that leaves the map most of it.
      return Ludo.html("div", { class: "as-board" }, conflictsPanel(ctx), root, sidePanel(ctx));
    },

    hand(ctx) {
      const view = ctx.view;
      if (ctx.seat === null || !Array.isArray(view.hand)) return null;
      const cards = ctx.static.cards || {};
      const eras = ctx.static.eras || [];
      const eraName = (key) => ({ "pre-war": eras[0], "great-war": eras[1], "post-war": eras[2] }[key] || key);
      const playable = new Set(ctx.actions.map((t) => (/^#(\d+) /.exec(t) || [])[1]).filter(Boolean).map(Number));
      const targets = ((view.conflicts || {}).conference || {}).targets || null;
      const cardEl = (n) => {
        const card = cards[String(n)] || { title: "?", faction: "", op: "?", eras: [], regions: [], modifiers: {}, text: "" };
        const colour = FACTIONS.includes(card.faction) ? factionColour(view, card.faction) : "#7d7d7d";
        const mods = ["Hashemite", "Rasheedi", "Saudi", "Ottoman", "British"].map((o) => `${o[0]}${card.modifiers[o] ?? "-"}`).join(" ");
        const el = Ludo.html("div", { class: playable.has(n) ? "as-card playable" : "as-card", "data-card": String(n), style: `border-left-color:${colour}` },
          Ludo.html("div", { class: "head" }, Ludo.html("b", { text: `#${String(n).padStart(2, "0")} ${card.title}` }), Ludo.html("span", { class: "op", text: `${card.op} OP` })),
          Ludo.html("div", { class: "meta", text: `${card.faction} · ${card.eras.length === 3 ? "any Era" : card.eras.map(eraName).join(", ")} · ${card.regions.join(", ")}` }),
          Ludo.html("div", { class: "text", text: card.text }),
          card.lasting_text ? Ludo.html("div", { class: "lasting", text: `Lasting (${card.duration === "game" ? "game" : "Era"}): ${card.lasting_text}` }) : null,
          Ludo.html("div", { class: "meta", text: `combat modifiers ${mods}` }),
          targets && targets[String(n)] !== undefined ? Ludo.html("div", { class: "tc-target", "data-tc-target": String(targets[String(n)]), text: `Tribal Conference: target ${targets[String(n)]}, ${chanceOfRoll(targets[String(n)])}` }) : null);
        cardHelp(ctx, el, n);
        return el;
      };
      const root = Ludo.html("div", { "data-own-hand": "yes", class: "as-hand" });
      root.appendChild(Ludo.html("p", { class: "muted", text: `${view.you}: ${view.hand.length} card${view.hand.length === 1 ? "" : "s"}` }));
      view.hand.forEach((n) => root.appendChild(cardEl(n)));
      if (view.draft) {
        root.appendChild(Ludo.html("p", { class: "muted", text: `Draft pool (${view.draft.pool.length})` }));
        view.draft.pool.forEach((n) => root.appendChild(cardEl(n)));
        root.appendChild(Ludo.html("p", { class: "muted", text: `Kept (${view.draft.kept.length})` }));
        view.draft.kept.forEach((n) => root.appendChild(cardEl(n)));
      }
      return root;
    },

    players(ctx) {
      const view = ctx.view;
      return view.factions.map((f) => `${f} · ${view.vp[f] || 0} VP · ${(view.hand_sizes || {})[f] ?? "?"} cards · conference ${view.tribal_conference[f] || 0}`);
    },

    status(ctx) {
      const view = ctx.view;
      const rules = (ctx.static.players || {})[String(view.factions.length)] || {};
      const round = `${view.era_name} Era, ${roundText(view, rules, "/")}`;
      if (view.over) return `${round} · ${view.winner} wins${view.quality ? ` (${view.quality})` : ""}`;
      if (ctx.payload.over) return round; // ended early (a resignation): the result says who won
      return view.decision ? `${round} · ${view.decision.prompt}` : round;
    },
  });
})();
