// The generic renderer: for a game without its own drawing yet, the view as readable lists, the
// seat's hand (any "hand"/"hands" entry the view gives it) and every legal action as a button.
"use strict";

Ludo.register("generic", {
  board(ctx) {
    const root = Ludo.html("div", { class: "generic" });
    const view = ctx.view || {};
    root.appendChild(Ludo.html("p", { class: "muted", text: `${ctx.payload.title} has no board drawing yet: here is everything you see, as lists.` }));
    const shown = {};
    for (const [key, value] of Object.entries(view)) {
      if (key === "hand" || key === "hands") continue;
      shown[key] = value;
    }
    root.appendChild(Ludo.describe(shown));
    return root;
  },

  hand(ctx) {
    const view = ctx.view || {};
    let hand = null;
    if (ctx.seat === null) return null;
    if (Array.isArray(view.hands)) hand = view.hands[ctx.seat];
    else if (view.hand !== undefined) hand = view.hand;
    else if (Array.isArray(view.players) && view.players[ctx.seat] && view.players[ctx.seat].hand !== undefined) hand = view.players[ctx.seat].hand;
    if (hand === null || hand === undefined) return null;
    return Ludo.html("div", { class: "generic", "data-own-hand": "yes" }, Ludo.describe(hand));
  },
});
