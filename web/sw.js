// Service worker: precache the whole build, serve it cache-first, drop older builds' caches.
// build.py rewrites the BUILD line below in dist/sw.js: `version` is the content hash of dist/ and
// `files` lists every file it wrote, relative to this script, each with its integrity hash. Never
// edit the list by hand.
const BUILD = {version: "dev", files: []};

const SCOPE = self.registration.scope;
// Several builds may share an origin (GitHub Pages project sites): only touch caches of this scope.
const PREFIX = `spider ${SCOPE} `;
const CACHE = PREFIX + BUILD.version;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // "no-cache" revalidates against the server: the page's first visit already downloaded these
    // files, so an unchanged file costs a 304, and a stale HTTP cache never leaks into a new build.
    // A file that is not this build's (a deploy landing meanwhile, a CDN still serving an older
    // one) fails its integrity check and the install: the build in use stays, and the browser
    // tries again at a later visit, rather than keep a mix of two builds.
    try {
      await cache.addAll(BUILD.files.map(([url, integrity]) => new Request(url, {cache: "no-cache", integrity})));
    } catch (error) {
      await caches.delete(CACHE);
      throw error;
    }
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE)) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    // Exact match first; then without the query string (cache busters, tracking parameters).
    const hit = (await cache.match(request)) || (await cache.match(request, {ignoreSearch: true}));
    if (hit) return hit;
    try {
      return await fetch(request);
    } catch (error) {
      // Offline and not precached (a request header the host varies on, say): a navigation still
      // gets the game page, at the game's own address; one to a mistyped path is sent there, since
      // the page's relative URLs would all miss (the fragment goes along).
      const page = request.mode === "navigate" && (await cache.match("./"));
      if (page) return new URL(request.url).pathname === new URL(SCOPE).pathname ? page : Response.redirect(SCOPE, 302);
      throw error;
    }
  })());
});
