// Makes the game installable and playable offline, once it is playable: registers sw.js (the
// service worker that precaches the build) and announces the web app manifest. Both wait for the
// first boot: the precache would revalidate what the page just downloaded, and the manifest sets
// off Chromium's installability check (fetching and decoding the icons), which cost a cold boot
// about 0.2 s of CPU on a two-core machine (measured). Loaded by index.html as a module.
const controlled = Boolean(navigator.serviceWorker?.controller); // this page runs a build the worker served

window.addEventListener("load", async () => {
  try {
    await window.app?.ready;
  } catch {
    // A failed boot still gets both: a later visit may work offline.
  }
  const manifest = document.createElement("link");
  manifest.rel = "manifest";
  manifest.href = "manifest.webmanifest";
  document.head.append(manifest);
  if (!("serviceWorker" in navigator)) return;
  // A new build's worker takes over this page once it has precached that build: Python tells the
  // player it is ready. Not on a first visit, where the first worker takes over the page it loaded.
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (controlled) window.app?.send({ type: "updated" });
  });
  try {
    const registration = await navigator.serviceWorker.register("sw.js");
    // A load that bypassed the worker (a hard reload) looks for no new build by itself: look now, or
    // the next visit would bring back the build the worker still holds.
    registration.update().catch(() => {});
  } catch (error) {
    console.warn("Offline play is unavailable:", error.message);
  }
});
