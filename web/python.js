// Starts Pyodide from the local runtime and installs the game's wheel: shared by the page and the
// solver worker. The wheel downloads and is unzipped here while the runtime boots; Pyodide's
// fsInit hook writes its files into site-packages before Python starts (Pyodide's unpackArchive,
// afterwards, cost ≈ 50 ms; loadPackage ≈ 0.25 s). Once the service worker has cached the
// build's memory snapshot (Python with the game already imported, made by build.py), Python is
// restored from it instead of started; a first visit, or a snapshot that fails, starts plainly.
//
// Returns {started, ready}. `ready` settles with Python. `started` settles once Pyodide's own
// downloads are under way: a caller that paints first would hold them back by its paint (≈ 0.1 s
// on a cold visit, measured), so the page paints after it.
export function startPython(info, base, onStage = () => {}) {
  let begun;
  const started = new Promise((resolve) => { begun = () => setTimeout(resolve); });
  const ready = boot(info, base, onStage, begun);
  ready.then(begun, begun);
  return { started, ready };
}

async function boot(info, base, onStage, begun) {
  const cached = cachedSnapshot(info, base);
  const wheel = fetch(new URL(info.wheel, base)).then((response) => {
    if (!response.ok) throw new Error(`the game's files could not be loaded (${response.status})`);
    return response.arrayBuffer();
  });
  const files = wheel.then(unzip); // while the runtime downloads and compiles
  files.catch(() => {}); // reported once the runtime is up
  onStage(0.1, "Loading the Python runtime…");
  const { loadPyodide } = await import(new URL(`${info.pyodide}pyodide.mjs`, base).href);
  onStage(0.35, "Starting Python…");
  let installed = null;
  const options = {
    indexURL: new URL(info.pyodide, base).href,
    messageCallback: () => {},
    // a failure here is reported once loadPyodide is done, by awaiting `installed` below
    fsInit: (FS, { sitePackages }) => (installed = install(files, FS, sitePackages)).catch(() => {}),
  };
  let pyodide = null;
  if (cached) {
    begun(); // the lookup may take a while: the paint need not wait for it
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
  }
  if (!pyodide) {
    const loading = loadPyodide(options);
    begun(); // a timer, not a microtask: loadPyodide's first steps, which start its downloads, run first
    pyodide = await loading;
  }
  performance.mark("spider-runtime");
  await installed;
  return pyodide;
}

// The snapshot, if the service worker has cached it (never fetched here: a first visit must not
// wait for it), as a promise of its stored pages (null if it is missing or does not add up). Null
// at once where no service worker controls the page (a first visit): the lookup alone can cost
// 0.2 s there. Where there is no such flag (a worker), it always looks.
function cachedSnapshot(info, base) {
  const workers = globalThis.navigator?.serviceWorker;
  if (!info.snapshot || !("caches" in globalThis) || (workers && !workers.controller)) return null;
  return lookUp(new URL(info.snapshot, base).href);
}

async function lookUp(url) {
  try {
    const hit = await caches.match(url);
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

async function install(files, FS, sitePackages) {
  for (const [name, data] of await files) {
    const path = `${sitePackages}/${name}`;
    FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    FS.writeFile(path, data);
  }
}

// A wheel's files as [path, bytes], sliced out of the zip by its central directory. build.py
// stores the wheel uncompressed: inflating its entries here cost a cold boot a major GC.
function unzip(buffer) {
  const view = new DataView(buffer);
  let end = buffer.byteLength - 22;
  while (end >= 0 && view.getUint32(end, true) !== 0x06054b50) end--;
  if (end < 0) throw new Error("the game's wheel is not a zip file");
  const count = view.getUint16(end + 10, true);
  const names = new TextDecoder();
  const files = [];
  for (let i = 0, at = view.getUint32(end + 16, true); i < count; i++) {
    if (view.getUint32(at, true) !== 0x02014b50) throw new Error("the game's wheel is damaged");
    const method = view.getUint16(at + 10, true);
    const size = view.getUint32(at + 20, true);
    const [nameLength, extraLength, commentLength] = [28, 30, 32].map((offset) => view.getUint16(at + offset, true));
    const name = names.decode(new Uint8Array(buffer, at + 46, nameLength));
    const local = view.getUint32(at + 42, true);
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const bytes = new Uint8Array(buffer, start, size);
    at += 46 + nameLength + extraLength + commentLength;
    if (name.endsWith("/")) continue;
    if (method !== 0) throw new Error(`the game's wheel is compressed (method ${method}); build.py stores it`);
    files.push([name, bytes]);
  }
  return files;
}
