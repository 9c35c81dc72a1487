// Mankind: each civilization's tableau — Victory, Resource and Idea Points, government, the ten
// trait levels, its builds by era and its conquests (identical ones once, with ×N) — drawn from
// view(seat). Actions that name a build of the deciding civilization (lose it, discard it) are clicks on that build.
// Above the tableaux, the War, Incursion or Raid of the turn (view.conflict): each side's Warfare Level and what
// makes it, the +1 of the higher level, the odds of a round, the rolls made. Every trait, build, point and
// conquest carries its rules text (ctx.help, from static.help). Places for the table's last-move marks and log
// spotlight (data-place): "<seat>" a tableau, "<seat>:<build id>" a build, "<seat>:conquest:<id>" a conquest,
// "<seat>:VP" (RP, IP) the points, "<seat>:WL" (any trait) a level, "<seat>:government" the government.
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

  function helpOf(ctx) { return ctx.static && ctx.static.help; }

  /** The rules text of a build: its kind, era, traits and tags, its cost in the current era, what its kind does. */
  function buildHelp(ctx, code) {
    const help = helpOf(ctx);
    const build = help.builds[code];
    if (!build) return null;
    const kind = help.kinds[build.kind];
    const era = ctx.view.era;
    const cost = kind.cost.per_era === null ? kind.cost.text : `${kind.cost.per_era * era} ${kind.cost.resource} now (${kind.cost.text})`;
    const lines = [
      `${kind.name} · ${Ludo.titleCase(build.era)} era · ${build.traits || "no trait change"}`,
      ...build.traits.split(/ (?=[A-Z]{2} )/).filter(Boolean).map((part) => {
        const trait = help.traits[part.slice(0, 2)];
        return trait ? `${part}: ${trait.name}` : part;
      }),
      build.era === "tribal" ? `Cost (only to rebuild it): ${cost}.` : `Cost: ${cost}.`,
      kind.vp ? `${kind.vp} (X = the era).` : "",
      kind.text,
      ...build.tags.map((tag) => `${tag}: ${help.tags[tag]}`),
    ];
    return { title: build.name, text: lines.filter(Boolean).join("\n") };
  }

  function conquestHelp(ctx, code) {
    const help = helpOf(ctx);
    const effect = help.conquests[code];
    const event = help.events.conquest;
    return { title: `${label(code)} (${eraOf(code)} conquest)`, text: `${effect ? `${effect}.\n` : ""}${event.text}` };
  }

  /** One chip per kind of build (or conquest), with ×N when the civilization has N identical ones. */
  function chip(s, parent, x, y, code, conquest, count, ctx, targets, L, seat) {
    const CHIP_W = L.chipW;
    const name = label(code);
    const place = conquest ? `${seat}:conquest:${code}` : `${seat}:${code}`;
    const g = s("g", { "data-build": code, "data-count": String(count), "data-conquest": conquest ? "yes" : null, "data-place": place }, parent);
    const fill = conquest ? "#fff3e0" : ERA_FILL[eraOf(code)] || "#eee";
    s("rect", { x, y, width: CHIP_W, height: CHIP_H, rx: 5, fill, stroke: conquest ? "#e65100" : "rgba(0,0,0,.2)", "stroke-dasharray": conquest ? "4 2" : null }, g);
    s("text", { x: x + 7, y: y + 15, "font-size": 11.5, fill: "#263238" }, g, clip(name, Math.floor((CHIP_W - 14) / 5.8) - (count > 1 ? 5 : 0)));
    if (count > 1) s("text", { x: x + CHIP_W - 6, y: y + 15, "font-size": 11.5, "font-weight": 700, fill: "#263238", "text-anchor": "end", class: "count" }, g, `×${count}`);
    const summary = `${count > 1 ? `${count} × ` : ""}${name} (${eraOf(code)}${conquest ? " conquest" : ""})`;
    const help = ctx.help && helpOf(ctx) ? (conquest ? conquestHelp(ctx, code) : buildHelp(ctx, code)) : null;
    if (help) ctx.help(g, count > 1 ? `${count} × ${help.title}` : help.title, help.text);
    else s("title", {}, g, summary);
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
    const g = s("g", { "data-seat": seat, class: "tableau", "data-place": String(seat) }, root);
    const help = ctx.help ? helpOf(ctx) : null;
    s("rect", { x, y, width: PANEL_W, height, rx: 10, fill: "#fff", stroke: deciding ? "#ffb300" : "#d6d0c4", "stroke-width": deciding ? 3 : 1.5 }, g);
    s("rect", { x, y, width: PANEL_W, height: 34, rx: 10, fill: Ludo.seatColour(seat) }, g);
    s("rect", { x, y: y + 24, width: PANEL_W, height: 10, fill: Ludo.seatColour(seat) }, g);
    const gone = view.gone && view.gone.includes(player.government);
    s("text", { x: x + 12, y: y + 23, "font-size": 16, "font-weight": 700, fill: "#fff" }, g, ctx.seatName(seat));
    const govern = player.government ? label(player.government) : "Anarchy";
    const government = `${govern}${gone ? " (gone)" : ""}`;
    const gov = s("g", { "data-place": `${seat}:government` }, g);
    s("text", { x: x + PANEL_W - 12, y: y + 23, "font-size": 13, fill: "#fff", "text-anchor": "end" }, gov, L === WIDE ? `Government: ${government}` : clip(government, 24));
    if (help) {
      const about = player.government ? buildHelp(ctx, player.government) : { title: "Anarchy", text: help.facts.anarchy };
      if (about) ctx.help(gov, `Government: ${about.title}`, about.text);
    }
    const points = [["VP", player.vp, "#1b5e20"], ["RP", player.rp, "#0d47a1"], ["IP", player.ip, "#6a1b9a"]];
    let px = x + 12; // each number as wide as its digits, so that 4-digit points do not run into the next
    points.forEach(([name, value, colour]) => {
      const pg = s("g", { "data-place": `${seat}:${name}` }, g);
      s("text", { x: px, y: y + 64, "font-size": 24, "font-weight": 700, fill: colour, "data-points": name }, pg, String(value));
      px += String(value).length * 14 + 4;
      s("text", { x: px, y: y + 64, "font-size": 12, fill: "#69707d" }, pg, name);
      px += 30;
      if (help) ctx.help(pg, `${help.points[name].name} (${name}): ${value}`, help.points[name].text);
    });
    const facts = [`turns ${player.turns} · spread ${player.spread}`, `limits ${player.limit_count} · shields ${player.shields}`];
    const infoX = L === WIDE ? Math.max(x + L.infoX, px) : x + L.infoX;
    const info = s("g", { class: "facts" }, g);
    if (L.infoY.length === 2) facts.forEach((text, k) => s("text", { x: infoX, y: y + L.infoY[k], "font-size": 11.5, fill: "#69707d" }, info, text));
    else s("text", { x: infoX, y: y + L.infoY[0], "font-size": 11.5, fill: "#69707d" }, info, facts.join(" · "));
    if (help) ctx.help(info, "Turns, spread, limits, shields", ["turns", "spread", "limits", "shields"].map((k) => `${Ludo.titleCase(k)}: ${help.facts[k]}`).join("\n"));
    const traitStep = (PANEL_W - 24 - L.traitW) / (L.traitCols - 1);
    TRAITS.forEach((trait, i) => {
      const tx = x + 12 + (i % L.traitCols) * traitStep;
      const ty = y + L.traitsY + Math.floor(i / L.traitCols) * 30;
      const level = player.levels[trait] || 0;
      const tg = s("g", { "data-place": `${seat}:${trait}`, "data-trait": trait }, g);
      s("rect", { x: tx, y: ty, width: L.traitW, height: 26, rx: 4, fill: level > 0 ? "#eceff1" : "#f7f7f7", stroke: "#cfd8dc" }, tg);
      s("text", { x: tx + L.traitW / 2, y: ty + 11, "font-size": 9.5, fill: "#69707d", "text-anchor": "middle" }, tg, trait);
      s("text", { x: tx + L.traitW / 2, y: ty + 23, "font-size": 12, "font-weight": 700, fill: "#263238", "text-anchor": "middle" }, tg, String(level));
      if (help && help.traits[trait]) ctx.help(tg, `${trait} = ${help.traits[trait].name}: ${level}`, help.traits[trait].text);
    });
    items.forEach(([code, conquest, count], i) => {
      chip(s, g, x + 12 + (i % L.chipCols) * (L.chipW + 3), y + chipsY + Math.floor(i / L.chipCols) * (CHIP_H + 6), code, conquest, count, ctx, targets, L, seat);
    });
    if (!items.length) s("text", { x: x + 12, y: y + chipsY + 16, "font-size": 12, fill: "#69707d" }, g, "no builds");
    return height;
  }

  // ------------------------------------------------------------------ the conflict of the turn (view.conflict)
  const KIND_TITLE = { war: "War", incursion: "Incursion", raid: "Raids" };
  const pct = (p) => `${Math.round(p * 100)}%`;
  const plus = (n) => (n >= 0 ? `+${n}` : String(n));

  function sideName(ctx, seat) { return seat === null || seat === undefined ? "The horde" : ctx.seatName(seat); }

  /** One side: its name, WL (+ DF) = level, each part that makes it, the +1 of the higher level, units, the last roll. */
  function sideBox(ctx, side, k, last) {
    const h = Ludo.html;
    const colour = side.seat === null ? "#5d4037" : Ludo.seatColour(side.seat);
    const level = side.df ? `WL ${side.wl} + DF ${side.df} = ${side.level}` : `WL ${side.level}`;
    const parts = side.sources.length ? side.sources.map((part) => {
      const bits = [part.wl ? `${plus(part.wl)} WL` : "", part.df ? `${plus(part.df)} DF` : ""].filter(Boolean).join(", ");
      return h("li", { "data-source": part.name }, `${part.name}${part.count > 1 ? ` ×${part.count}` : ""}: ${bits}`);
    }) : [h("li", { class: "muted", text: "no Warfare at all" })];
    const bonus = side.bonus ? "+1 to each roll (the higher WL)" : "no roll bonus";
    const box = h("div", { class: "mk-side", "data-side": String(k), "data-seat": side.seat === null ? "horde" : String(side.seat) },
      h("div", { class: "mk-side-name", style: `border-color:${colour}`, text: sideName(ctx, side.seat) }),
      h("div", { class: "mk-level", "data-level": String(side.level), text: level }),
      h("ul", { class: "mk-sources" }, ...parts),
      h("div", { class: "mk-bonus", "data-bonus": String(side.bonus || 0), text: bonus }),
      side.units === null || side.units === undefined ? null : h("div", { class: "muted", text: `${side.units} Military Unit${side.units === 1 ? "" : "s"}` }));
    if (last && last.rolls) {
      box.appendChild(h("div", { class: "mk-roll", "data-roll": String(last.rolls[k]), "data-total": String(last.totals[k]),
        text: `rolled ${last.rolls[k]}${last.bonus[k] ? " + 1" : ""} = ${last.totals[k]}` }));
    }
    return box;
  }

  function candidateTable(ctx, c) {
    const h = Ludo.html;
    const raid = c.kind === "raid";
    const head = raid ? ["Target", "RP held", "Taken on average"] : ["Player", "WL (+ DF)", "Units", c.kind === "war" && c.first !== null ? `Seat ${c.first} wins a round` : c.kind === "war" ? "" : "Wins an attack"];
    const rows = c.candidates.map((e) => h("tr", { "data-candidate": String(e.seat) },
      h("td", { text: ctx.seatName(e.seat) }),
      ...(raid ? [h("td", { text: String(e.rp) }), h("td", { text: `${e.expected} RP` })]
        : [h("td", { text: e.df ? `${e.wl} + ${e.df} = ${e.level}` : String(e.level) }), h("td", { text: String(e.units) }),
          h("td", { text: e.odds === undefined ? "" : pct(e.odds) })])));
    return h("table", { class: "mk-candidates" }, h("thead", {}, h("tr", {}, ...head.map((t) => h("th", { text: t })))), h("tbody", {}, ...rows));
  }

  /** From the log (public): the event that started this conflict and the dice rolled in it since. */
  function conflictLog(ctx, kind) {
    const log = (ctx.payload && ctx.payload.log) || [];
    let start = log.length - 1;
    while (start >= 0 && !(log[start].type === "event" && log[start].kind === kind)) start -= 1;
    const since = start >= 0 ? log.slice(start + 1) : [];
    const rolls = since.filter((e) => e.rolls && e.totals && ["war_roll", "incursion_won", "incursion_lost"].includes(e.type));
    const raids = since.filter((e) => e.type === "raid");
    return { name: start >= 0 ? log[start].name : "", last: rolls[rolls.length - 1] || null, rounds: rolls.length, raid: raids[raids.length - 1] || null };
  }

  function conflictPanel(ctx) {
    const c = ctx.view.conflict;
    if (!c) return null;
    const h = Ludo.html;
    const told = conflictLog(ctx, c.kind);
    const title = `${KIND_TITLE[c.kind]}${told.name ? ` — ${told.name}` : ""}`;
    const panel = h("section", { class: "mk-conflict open", "data-conflict": c.kind, "data-step": c.step, "aria-label": title });
    const heading = h("h3", { text: title });
    panel.appendChild(heading);
    const help = helpOf(ctx);
    if (ctx.help && help) ctx.help(heading, help.events[c.kind].name, help.events[c.kind].text);
    if (c.sides.length === 2) {
      const facts = [];
      if (c.kind === "war") facts.push(told.rounds ? `${told.rounds} roll${told.rounds === 1 ? "" : "s"} so far` : "before the first roll");
      if (c.kind === "incursion") facts.push(`${c.left} more attack${c.left === 1 ? "" : "s"} to come`);
      heading.appendChild(h("span", { class: "muted", text: ` · ${facts.join(" · ")}` }));
      const last = told.last && told.last.rolls.length === 2 ? { rolls: told.last.rolls, totals: told.last.totals, bonus: told.last.totals.map((t, k) => t - told.last.rolls[k]) } : null;
      panel.appendChild(h("div", { class: "mk-sides" }, sideBox(ctx, c.sides[0], 0, last), h("div", { class: "mk-vs", text: "vs" }), sideBox(ctx, c.sides[1], 1, last)));
      const who = c.kind === "war" ? `${ctx.seatName(c.sides[0].seat)} wins a round` : `${ctx.seatName(c.sides[0].seat)} wins an attack`;
      if (c.sides[0].units === 0 && c.kind === "incursion") {  // no odds to give: every attack is the horde's
        panel.appendChild(h("p", { class: "mk-last", text: "No Military Units: the horde wins automatically." }));
      } else {
        panel.appendChild(h("p", { class: "mk-odds", "data-odds": String(c.odds), text: `${who} ${pct(c.odds)} of the time at these levels (ties ${c.kind === "war" ? "are rolled again" : "go to the player"}).` }));
      }
    } else if (c.kind === "raid") {
      panel.appendChild(h("p", { class: "mk-level", "data-modifier": String(c.modifier), text: `Raid roll: 1D6${c.modifier ? ` ${plus(c.modifier)}` : ""} RP stolen, never more than the target holds.` }));
      const r = told.raid;
      if (r) panel.appendChild(h("p", { class: "mk-last", text: `Last raid: ${ctx.seatName(r.raider)} rolled ${r.roll}${r.modifier ? ` ${plus(r.modifier)}` : ""} and took ${r.stolen} RP from ${ctx.seatName(r.target)}.` }));
    }
    if (c.candidates.length) panel.appendChild(candidateTable(ctx, c));
    panel.appendChild(h("p", { class: "mk-rule", text: c.rule }));
    return panel;
  }

  /** The tables and what they mean, one tap away: the Build Table, each kind of Event with this era's sub-table, the end bonuses. */
  function legend(ctx) {
    const help = helpOf(ctx);
    if (!ctx.help || !help) return null;
    const h = Ludo.html;
    const era = ctx.view.era_name;
    const bar = h("div", { class: "mk-legend", "aria-label": "Rules" });
    const item = (key, label, title, text) => {
      const el = h("span", { class: "mk-legend-item", "data-legend": key, tabindex: "0", text: label });
      bar.appendChild(el);
      ctx.help(el, title, text);
    };
    const kinds = Object.entries(help.kinds).map(([, k]) => `${k.name}: ${k.cost.per_era === null ? k.cost.text : `${k.cost.per_era * ctx.view.era} ${k.cost.resource}`}${k.vp ? `, ${k.vp}` : ""}`);
    item("build", "Build Table", "Build Table (1D10)", ["1-2 Infrastructure · 3-4 Military Unit · 5 Leader · 6 Wonder · 7-8 Technology · 9 Government · 10 pick one, or gain 1D6 IP, RP or VP.",
      `Costs in the ${Ludo.titleCase(era)} era:`, ...kinds, `Another roll: ${help.extra_roll_ip} IP.`].join("\n"));
    for (const [kind, about] of Object.entries(help.events)) {
      const table = (help.event_tables[era] || {})[kind];
      const rows = table ? table.rows.map((r) => `${r.roll}: ${r.name} — ${r.effect}`) : [];
      item(kind, about.name, `${about.name} (${Ludo.titleCase(era)} era${table ? `, ${table.die}` : ""})`, [about.text, ...rows].join("\n"));
    }
    item("bonuses", "End bonuses", "End of Game Scoring Bonuses", help.bonuses.map((b) => `${b.name}: ${b.vp} VP for the ${b.for}`).join("\n") + "\nTied leaders share a bonus, rounded down.");
    return bar;
  }

  /** The places a log event touched (contract: data-place keys), from its public details. */
  function placesOf(event, ctx) {
    const out = [];
    const add = (seat, what) => { if (seat !== undefined && seat !== null) out.push(what ? `${seat}:${what}` : String(seat)); };
    const seat = event.seat;
    switch (event.type) {
      case "gains": if (event.ip) add(seat, "IP"); if (event.rp) add(seat, "RP"); break;
      case "build": {
        const card = ctx && helpOf(ctx) ? helpOf(ctx).builds[event.build] : null;
        add(seat, card && card.kind === "government" ? "government" : event.build);
        if (event.cost) add(seat, event.resource || "RP");
        if (event.vp) add(seat, "VP");
        break;
      }
      case "rebuild": add(seat, event.build); break;
      case "extra_roll": add(seat, "IP"); break;
      case "gain": case "loss": case "limit":
        if (event.resource) add(seat, event.resource);
        else add(seat);
        break;
      case "trade": add(seat, event.points); break;
      case "limit_loss": case "war_loss": case "leader_dies": case "war_side": add(seat); break;
      case "government": add(seat, "government"); break;
      case "modifier": add(seat, event.trait); break;
      case "conquest": add(seat, `conquest:${event.conquest}`); break;
      case "war": case "war_roll": case "ceasefire": add(event.a, "WL"); add(event.b, "WL"); break;
      case "war_victory": add(event.victor, "VP"); add(event.victor, "RP"); add(event.loser, "VP"); add(event.loser, "RP"); break;
      case "incursion": add(event.target, "WL"); break;
      case "incursion_won": add(seat, "VP"); break;
      case "incursion_lost": add(seat, "WL"); break;
      case "raid": add(event.raider, "RP"); add(event.target, "RP"); break;
      case "bonus": (event.winners || []).forEach((w) => add(w, "VP")); break;
      case "shield": case "shield_gained": add(seat); break;
      default: break;
    }
    return out;
  }

  Ludo.register("mankind", {
    stylesheet: true,
    tool(text) { const n = named(text); return n ? n.verb : null; },
    placesOf(event, ctx) { return placesOf(event, ctx); },

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
      const prompt = view.decision ? Ludo.promptFor(ctx.payload, view.decision) : view.over ? "The game is over." : "";
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
      const above = [legend(ctx), conflictPanel(ctx)].filter(Boolean);
      return above.length ? Ludo.html("div", { class: "mankind" }, ...above, root) : root;
    },

    players(ctx) {
      // The spread (every build, the Government and Conquests too), as the tableau counts it: "24 builds" here
      // beside "spread 29" there read as two different counts of one thing.
      return ctx.view.players.map((p) => `${p.vp} VP · ${p.rp} RP · ${p.ip} IP · spread ${p.spread}`);
    },

    status(ctx) {
      const d = ctx.view.decision;
      return d ? d.prompt : "";
    },
  });
})();
