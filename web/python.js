// Starts Pyodide from the local runtime and installs the game's wheel: shared by the page and the
// solver worker. The wheel downloads while the runtime boots and is unpacked straight into
// site-packages (≈ 50 ms, where loadPackage costs ≈ 0.25 s).
export async function startPython(info, base, onStage = () => {}) {
  const wheel = fetch(new URL(info.wheel, base)).then((response) => {
    if (!response.ok) throw new Error(`the game's files could not be loaded (${response.status})`);
    return response.arrayBuffer();
  });
  wheel.catch(() => {}); // reported below, once the runtime is up
  onStage(0.1, "Loading the Python runtime…");
  const { loadPyodide } = await import(new URL(`${info.pyodide}pyodide.mjs`, base).href);
  onStage(0.35, "Starting Python…");
  const pyodide = await loadPyodide({ indexURL: new URL(info.pyodide, base).href, messageCallback: () => {} });
  performance.mark("spider-runtime");
  onStage(0.85, "Installing the game…");
  const sitePackages = pyodide.runPython("import site; site.getsitepackages()[0]");
  pyodide.unpackArchive(await wheel, "wheel", { extractDir: sitePackages });
  performance.mark("spider-installed");
  return pyodide;
}
