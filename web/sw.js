// The page's mailbox for its app worker.  The app runs in a worker that never returns to its
// event loop (the app's loop is synchronous), so it cannot receive messages; it asks here with
// a synchronous request instead, and this service worker answers with what the page posted.
// Its saves come the same way: the page stores them (only a page has localStorage) and answers.
const boxes = new Map();     // page session id -> {messages: [], wake: resolve of a waiting request}

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

function box(id) {
  let b = boxes.get(id);
  if (!b) { b = { messages: [], wake: null }; boxes.set(id, b); }
  return b;
}

self.addEventListener("message", (event) => {
  const data = event.data;
  if (!data || data.tholia !== "mail") return;
  const b = box(data.id);
  b.messages.push(...data.messages);
  if (b.wake) { const wake = b.wake; b.wake = null; wake(); }
});

const STORE_WAIT_MS = 5000;   // a page that has not answered by then is gone

// The page of session `id` stores the request; its answer: {ok: true} or {error: DOMException name}.
async function askPage(id, request) {
  const pages = await self.clients.matchAll({ type: "window" });
  return new Promise((resolve) => {
    setTimeout(() => resolve({ error: "no page answered" }), STORE_WAIT_MS);
    for (const page of pages) {
      const channel = new MessageChannel();
      channel.port1.onmessage = (e) => resolve(e.data);
      page.postMessage({ tholia: "store", id, request }, [channel.port2]);
    }
  });
}

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.endsWith("/__tholia_store")) {
    event.respondWith((async () => {
      const answer = await askPage(url.searchParams.get("id"), await event.request.json());
      return new Response(JSON.stringify(answer), { headers: { "Content-Type": "application/json" } });
    })());
    return;
  }
  if (!url.pathname.endsWith("/__tholia_mailbox")) return;
  event.respondWith((async () => {
    const b = box(url.searchParams.get("id"));
    const wait = Math.min(Number(url.searchParams.get("wait")) || 0, 1000);
    if (!b.messages.length && wait > 0) {
      // The app sleeps: answer when the time is up or as soon as something arrives.
      await new Promise((resolve) => {
        const timer = setTimeout(() => { b.wake = null; resolve(); }, wait);
        b.wake = () => { clearTimeout(timer); resolve(); };
      });
    }
    const messages = b.messages;
    b.messages = [];
    return new Response(JSON.stringify(messages), { headers: { "Content-Type": "application/json" } });
  })());
});
