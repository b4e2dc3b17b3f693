// The solver's own Pyodide, off the main thread so the board never freezes. It runs one job at a
// time (spider.worker.work_json) and answers with {id, status, moves}. A "cancel" message drops the
// queued jobs Python no longer wants; the page ends the worker to stop the one it is running.
import info from "./build-info.js";
import { startPython } from "./python.js";

const base = new URL(".", self.location.href);
// A page of an older build that starts its worker after a new build took over gets this one, whose
// Python may not read its jobs: it answers each info.outdated (spider.worker.OUTDATED) and loads nothing.
const outdated = Boolean(self.name) && self.name !== info.version;
const ready = outdated
  ? Promise.reject(new Error(info.outdated))
  : startPython(info, base).ready.then((pyodide) => pyodide.pyimport("spider.worker").work_json);
ready.catch(() => {}); // answered per job, in pump()

const queue = [];
let busy = false;

self.onmessage = (event) => {
  const job = event.data;
  if (job.kind === "cancel") {
    const ids = new Set(job.ids);
    for (let i = queue.length - 1; i >= 0; i--) if (ids.has(queue[i].id)) queue.splice(i, 1);
    return;
  }
  queue.push(job);
  pump();
};

async function pump() {
  if (busy) return;
  busy = true;
  let work;
  try {
    work = await ready;
  } catch (error) {
    const said = outdated ? info.outdated : String(error);
    for (const job of queue.splice(0)) self.postMessage({ id: job.id, status: "error", error: said, moves: [] });
    busy = false;
    return;
  }
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 0)); // messages that came meanwhile (jobs, cancels) first
    if (!queue.length) break;
    const job = queue.shift();
    self.postMessage({ started: job.id }); // so that the page can end this worker to stop it
    let answer;
    try {
      answer = JSON.parse(work(JSON.stringify(job)));
    } catch (error) { // Python itself failed (say, out of memory): this job gets an answer all the same
      answer = { id: job.id, status: "error", error: String(error), moves: [] };
    }
    self.postMessage(answer);
  }
  busy = false;
}
