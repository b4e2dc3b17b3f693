// Registers sw.js, which makes the game start offline. It waits until the game is playable, so
// that the service worker's precache (revalidating what the page just downloaded) never competes
// with the first boot. Loaded by index.html as <script type="module" src="sw-register.js">.
if ("serviceWorker" in navigator) {
  window.addEventListener("load", async () => {
    try {
      await window.app?.ready;
    } catch {
      // A failed boot still gets the worker: a later visit may work offline.
    }
    try {
      await navigator.serviceWorker.register("sw.js");
    } catch (error) {
      console.warn("Offline play is unavailable:", error.message);
    }
  });
}
