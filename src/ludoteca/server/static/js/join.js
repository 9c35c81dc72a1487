// The page that seats a person: /join/<game>#invite=<code> (a friend's one-time invitation) or
// /join/<game>#seat=<n> (a seat its creator opened to anyone). It asks the person's name, then claims the
// invitation or takes the seat, and goes on to the seat's own page, whose fragment holds the seat's token
// (bookmark that page: it is the only way back to the seat). The code is in the fragment, which never
// reaches the server's logs.
"use strict";

(() => {
  const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
  const fragment = new URLSearchParams(location.hash.slice(1));
  const invite = fragment.get("invite");
  const seat = fragment.get("seat");
  const byId = (id) => document.getElementById(id);
  const say = (text) => byId("notice").replaceChildren(
    Ludo.html("div", { class: "notice error", text }),
    Ludo.html("p", {}, Ludo.html("a", { href: "/", text: "Back to the lobby" })),
  );

  function showNameError(text) {
    byId("name-error").textContent = text || "";
    byId("name").classList.toggle("invalid", !!text);
  }

  async function take(event) {
    event.preventDefault();
    const checked = Ludo.checkName(byId("name").value);
    showNameError(checked.error);
    if (checked.error) { byId("name").focus(); return; }
    byId("take").disabled = true;
    const path = `/api/games/${encodeURIComponent(gameId)}`;
    try {
      const taken = invite
        ? await Ludo.api("POST", `${path}/claim`, { invite, name: checked.value })
        : await Ludo.api("POST", `${path}/seats/${Number(seat)}/take`, { name: checked.value });
      Ludo.saveName(checked.value);
      Ludo.rememberSeat(gameId, title, taken.seat, taken.url); // the lobby's "Your seats": a way back after the tab closes
      location.replace(`/play/${encodeURIComponent(gameId)}#token=${encodeURIComponent(taken.token)}`);
    } catch (error) {
      byId("take").disabled = false;
      if (error.status === 400 && /'name'/.test(error.message)) { showNameError(error.message); return; }
      byId("join").hidden = true;
      if (error.status === 409 && invite) say(`${error.message}. If it was you, open the seat's page you bookmarked.`);
      else if (error.status === 409) say(`${error.message}. You can watch the game, or take another open seat from the lobby.`);
      else if (error.status === 404) say("There is no such game on this server.");
      else say(error.message);
    }
  }

  let title = gameId; // the game's title once read (kept with the seat in "Your seats")

  /** The seat of an invitation this browser made (its creator's own "Invitation for seat N"), or null. */
  function ownInvitation() {
    const made = (Ludo.mySeats()[gameId] || {}).invites || [];
    for (const entry of made) {
      try {
        if (new URLSearchParams(new URL(entry.url, location.href).hash.slice(1)).get("invite") === invite) return entry.seat;
      } catch (_) { /* a malformed stored link: not this one */ }
    }
    return null;
  }

  async function start() {
    if (!invite && !(seat !== null && /^\d+$/.test(seat))) {
      say("This link has no invitation code: ask the game's creator for the seat's link.");
      return;
    }
    try { // what the person is about to join: the game's title and who sits where (public)
      const game = await Ludo.api("GET", `/api/games/${encodeURIComponent(gameId)}`);
      // Every seat, so that the person knows the table before sitting down: who is there, the bots, the seats
      // still empty (a friend invited to four seats read only "At the table: Alice.").
      const seats = (game.seats || []).map((s) => (s.name ? Ludo.seatName(game, s.seat)
        : s.player !== "human" ? `a bot (${s.player})` : "an empty seat"));
      title = game.title;
      byId("join-title").textContent = invite ? `Join ${game.title}` : `Take seat ${seat} of ${game.title}`;
      byId("join-what").textContent = seats.length ? `${seats.length} players. At the table: ${seats.join(", ")}.` : "";
      if (game.over) { say("This game is over."); return; }
      // Every invited seat already has its person (a name): this invitation was used, so say it now rather than
      // after the person has typed a name. (A seat claimed without a name still shows the form; the claim says.)
      const waiting = (game.seats || []).filter((s) => s.player === "human" && !s.name && !s.open);
      if (invite && !waiting.length) {
        say("This invitation has been used: every invited seat of this game is taken. If it was you, open the seat's page you bookmarked, or find it under \"Your seats\" in the lobby of the browser you joined with.");
        return;
      }
    } catch (error) {
      say(error.status === 404 ? "There is no such game on this server." : error.message);
      return;
    }
    byId("name").value = Ludo.savedName();
    byId("take").textContent = invite ? "Take my seat" : `Take seat ${seat}`;
    const own = invite ? ownInvitation() : null;
    if (own !== null) { // the creator clicked the link meant for a friend: taking it would take the friend's seat
      byId("notice").replaceChildren(Ludo.html("div", { class: "notice info", "data-own-invitation": String(own),
        text: `This is the invitation you made for seat ${own}: send it to the friend who will play that seat. Taking it yourself gives you seat ${own} and what it sees, and your friend's link will no longer work.` }));
      byId("take").textContent = `Take seat ${own} myself`;
    }
    byId("join-form").addEventListener("submit", take);
    byId("join").hidden = false;
    byId("name").focus();
  }
  start();
})();
