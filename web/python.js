// Starts Pyodide from the local runtime and installs the game's wheel: shared by the page and the
// solver worker. The wheel downloads while the runtime boots and is unpacked straight into
// site-packages (≈ 50 ms, where loadPackage costs ≈ 0.25 s). Once the service worker has cached
// the build's memory snapshot (Python with the game already imported, made by build.py), Python
// is restored from it instead of started; a first visit, or a snapshot that fails, starts plainly.
export async function startPython(info, base, onStage = () => {}) {
  const cached = cachedSnapshot(info, base);
  const wheel = fetch(new URL(info.wheel, base)).then((response) => {
    if (!response.ok) throw new Error(`the game's files could not be loaded (${response.status})`);
    return response.arrayBuffer();
  });
  wheel.catch(() => {}); // reported below, once the runtime is up
  onStage(0.1, "Loading the Python runtime…");
  const { loadPyodide } = await import(new URL(`${info.pyodide}pyodide.mjs`, base).href);
  onStage(0.35, "Starting Python…");
  const options = { indexURL: new URL(info.pyodide, base).href, messageCallback: () => {} };
  let pyodide = null;
  const snapshot = await cached;
  if (snapshot) {
    try {
      // expanded while the runtime compiles: loadPyodide awaits the promise when it needs it
      pyodide = await loadPyodide({ ...options, _loadSnapshot: Promise.resolve(snapshot).then(expand) });
      performance.mark("spider-from-snapshot");
    } catch (error) {
      console.warn("Could not restore Python from its snapshot; starting it afresh:", error.message);
    }
  }
  pyodide ??= await loadPyodide(options);
  performance.mark("spider-runtime");
  onStage(0.85, "Installing the game…");
  const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
  pyodide.unpackArchive(await wheel, "wheel", { extractDir: sitePackages });
  performance.mark("spider-installed");
  return pyodide;
}

// The snapshot, if the service worker has cached it (never fetched here: a first visit must not
// wait for it), as its stored pages; null if there is none or it does not add up.
async function cachedSnapshot(info, base) {
  if (!info.snapshot || !("caches" in globalThis)) return null;
  try {
    const hit = await caches.match(new URL(info.snapshot, base).href);
    return hit ? pages(await hit.arrayBuffer()) : null;
  } catch (error) {
    console.warn("The cached Python snapshot is unusable; starting Python afresh:", error.message);
    return null;
  }
}

// build.py's snapshot format: u32 length, u32 page size, a bitmap of the pages stored, then
// those pages; the others are zero. Returns where each stored page goes, checked against the size.
function pages(stored) {
  const head = new DataView(stored, 0, 8);
  const [length, size] = [head.getUint32(0, true), head.getUint32(4, true)];
  const count = Math.ceil(length / size);
  const bitmap = new Uint8Array(stored, 8, Math.ceil(count / 8));
  const places = [];
  let at = 8 + bitmap.length;
  for (let i = 0; i < count; i++) {
    if (!(bitmap[i >> 3] & (1 << (i & 7)))) continue;
    const bytes = Math.min(size, length - i * size);
    places.push([at, i * size, bytes]);
    at += bytes;
  }
  if (at !== stored.byteLength) throw new Error("its size does not match its page map");
  return { stored, length, places };
}

function expand({ stored, length, places }) {
  const memory = new Uint8Array(length);
  for (const [from, to, bytes] of places) memory.set(new Uint8Array(stored, from, bytes), to);
  return memory;
}
