// The service worker of the game page: only for "your turn" notifications. Chrome on Android refuses
// `new Notification(...)` in a page ("only from a service worker"), so the page shows them through this worker's
// registration (registration.showNotification); a click on one brings back the game's tab, or opens it.
// It caches nothing and answers no request: the game is live, a stale copy would only mislead.
"use strict";

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

// A page may also ask by message (a browser whose page cannot reach registration.showNotification itself).
self.addEventListener("message", (event) => {
  const asked = event.data || {};
  if (asked.type !== "notify" || typeof asked.title !== "string") return;
  const options = asked.options && typeof asked.options === "object" ? asked.options : {};
  event.waitUntil(self.registration.showNotification(asked.title, options));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const data = event.notification.data || {};
  // Only a page of this server: a notification's data is the page's own URL (the seat's link, its secret in the
  // fragment, which never leaves the browser).
  const wanted = new URL(typeof data.url === "string" ? data.url : "/", self.location.origin);
  if (wanted.origin !== self.location.origin) return;
  event.waitUntil((async () => {
    const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
    const open = windows.find((client) => new URL(client.url).pathname === wanted.pathname);
    if (open) return open.focus();
    return self.clients.openWindow(wanted.href);
  })());
});
