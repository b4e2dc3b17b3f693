// The benchmark's yardstick: boot Pyodide from the same files as the game, and nothing else.
// Marks "bare-ready" when Python runs; exposes the runtime as window.bare for the engine benchmark.
const state = document.getElementById("state");
try {
  const {loadPyodide} = await import("./pyodide/pyodide.mjs");
  const pyodide = await loadPyodide({indexURL: new URL("pyodide/", import.meta.url).href});
  performance.mark("bare-ready");
  window.bare = {pyodide};
  state.textContent = `Python ${pyodide.runPython("import sys; sys.version.split()[0]")} ready`;
} catch (error) {
  state.textContent = `Boot failed: ${error.message}`;
  throw error;
}
