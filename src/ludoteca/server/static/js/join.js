// The invitation page: /join/<game>#invite=<code>. The code is in the fragment, which never reaches the
// server's logs; this page sends it once to claim the seat and goes on to the seat's own page, whose
// fragment holds the seat's token (bookmark that page: it is the only way back to the seat).
"use strict";

(async () => {
  const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
  const invite = new URLSearchParams(location.hash.slice(1)).get("invite");
  const notice = document.getElementById("notice");
  const say = (text) => notice.replaceChildren(
    Ludo.html("div", { class: "notice error", text }),
    Ludo.html("p", {}, Ludo.html("a", { href: "/", text: "Back to the lobby" })),
  );
  if (!invite) {
    say("This link has no invitation code: ask the game's creator for the seat's link.");
    return;
  }
  try {
    const claimed = await Ludo.api("POST", `/api/games/${encodeURIComponent(gameId)}/claim`, { invite });
    location.replace(`/play/${encodeURIComponent(gameId)}#token=${claimed.token}`);
  } catch (error) {
    if (error.status === 409) say(`${error.message}. If it was you, open the seat's page you bookmarked.`);
    else if (error.status === 404) say("There is no such game on this server.");
    else say(error.message);
  }
})();
