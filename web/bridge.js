// The bridge: boots Pyodide, forwards the player's events to Python (spider.app), draws the view
// Python returns by keyed updates, and reads/writes localStorage as Python asks. No game logic here.
import info from "./build-info.js";
import { startPython } from "./python.js";

const BOOT_TIMEOUT_MS = 60000;
const DRAG_THRESHOLD_PX = { mouse: 6, touch: 10, pen: 10 }; // a fingertip drifts further in a tap (Android allows 8 dp)
const SAY_AFTER_MS = 100; // see say()
const DEAL_STAGGER_MS = 30; // between the cards of a row dealt: a visible cascade, 0.4 s for ten (12 ms was over unseen)
const RUN_STAGGER_MS = 25; // between the cards of a completed run going home (see render)
const LONG_MESSAGE = 80; // characters: past this a message takes three lines at 14 px on a 360 px phone (style.css)
let celebrationEnds = 0; // when the Kings' hop ends: the win dialog waits for it
const $ = (role) => document.querySelector(`[data-role="${role}"]`);
const two = (n) => String(n).padStart(2, "0");

// ---------------------------------------------------------------- storage (may throw: never fatal)
const storage = {
  readAll() {
    const out = {};
    try {
      for (let i = 0; i < localStorage.length; i++) {
        const key = localStorage.key(i);
        if (key.startsWith(info.keys.prefix)) out[key] = localStorage.getItem(key);
      }
    } catch { /* blocked storage reads as empty */ }
    return out;
  },
  get(key) {
    try { return localStorage.getItem(key); } catch { return null; }
  },
  settings() { // the settings Python stored, for what is drawn before it starts
    try { return JSON.parse(this.get(info.keys.settings) || "{}") || {}; } catch { return {}; }
  },
  // In Python's order, stopping at the first that fails (storage full or blocked), since what comes
  // after may rely on it: a damaged save is replaced only once its copy is kept aside. Returns the
  // keys not written.
  write(ops) {
    const entries = Object.entries(ops);
    for (const [k, [key, value]] of entries.entries()) {
      try {
        if (value === null) localStorage.removeItem(key);
        else localStorage.setItem(key, value);
      } catch {
        return entries.slice(k).map(([unwritten]) => unwritten);
      }
    }
    return [];
  },
};

// ---------------------------------------------------------------- layout (pixels only)
const READABLE = 14; // px of a covered face-up card that show its corner legibly
const MAX_CARD = 144; // px: a big screen gets big cards, short of a table that looks like a poster
const MIN_CARD = 64; // px: the narrowest a card gets to keep a long column readable
const DOWN_SQUEEZED = 0.04; // of a card's height: the least a face-down card shows
const DOWN_KEPT = 5; // px a face-down card shows while a face-up one shows READABLE px or more

function layout(view) {
  const board = $("board");
  const width = board.clientWidth;
  let height = board.getBoundingClientRect().height; // unrounded: the sizing below compares sizes closely
  const n = view.columns.length;
  const gap = Math.max(3, Math.min(12, width * 0.012));
  const counts = view.columns.map((col) => {
    const downs = col.cards.filter((card) => !card.card).length;
    return { downs, ups: Math.max(col.cards.length - downs - 1, 0) };
  });
  // Cards get smaller (down to MIN_CARD wide) only for a column so long that, fanned as tight as
  // face-down cards go, its covered face-up cards would show less than READABLE pixels each.
  const widthFor = (high) => {
    const fit = Math.min(...counts.map(({ downs, ups }) => (high - 4 - READABLE * ups) / (1 + DOWN_SQUEEZED * downs) / 1.4));
    return Math.min((width - gap * (n + 1)) / n, MAX_CARD, high / 4.2, Math.max(fit, MIN_CARD));
  };
  const insetFor = (w) => (width - (w * n + gap * (n - 1))) / 2;
  const root = document.documentElement.style;
  const sized = parseFloat(root.getPropertyValue("--cw"));
  let cw = widthFor(height);
  if (Math.abs(cw - sized) < 0.05) cw = sized; // as settled below: no layout read again at every move
  // Set only when changed: else every element's style is recomputed. The rows above and below the
  // board are sized by the cards (the stock and the runs; the bar's inset), so the board's height
  // is read again once they are set. It falls in a straight line as the cards grow: from two sizes
  // and the heights they left, the size that fits the height it leaves is solved for, rather than
  // stepped towards (a long column's fit steps nine tenths back each time).
  let [was, wasHeight] = [sized, height];
  for (let tries = 0; tries < 4 && root.getPropertyValue("--cw") !== `${cw}px`; tries++) {
    root.setProperty("--cw", `${cw}px`);
    root.setProperty("--ch", `${cw * 1.4}px`);
    root.setProperty("--inset", `${insetFor(cw)}px`);
    height = board.getBoundingClientRect().height;
    const slope = (height - wasHeight) / (cw - was);
    [was, wasHeight] = [cw, height];
    const next = Number.isFinite(slope) && slope <= 0 ? solveWidth(widthFor, height, cw, slope) : widthFor(height);
    if (Math.abs(next - cw) < 0.05 || tries === 3) break;
    cw = next;
  }
  const ch = cw * 1.4;
  const left = insetFor(cw);
  if (root.getPropertyValue("--inset") !== `${left}px`) root.setProperty("--inset", `${left}px`); // the row above lines up
  const room = height - ch - 4;
  // A tall board (a phone held upright) spreads its columns further, face-up cards up to 0.75 of a
  // card, so a covered card shows a taller strip to tap (its pip hidden: only its corner shows). A
  // column that would overflow is squeezed in turns, each only as far as it takes: face-down cards
  // to DOWN_KEPT px (so that the player still sees how many there are), face-up ones to READABLE,
  // face-down ones to DOWN_SQUEEZED of a card, then face-up ones as far as it takes to keep its top
  // card on the board (the style sheet shrinks a covered card's corner to the strip it is left,
  // `--strip`).
  const fan = Math.min(Math.max(room / 16, ch * 0.27), ch * 0.75);
  const columns = view.columns.map((col, c) => {
    const x = left + c * (cw + gap);
    const { downs, ups } = counts[c];
    let down = fan * 0.4;
    let up = fan;
    const over = () => downs * down + ups * up - room;
    down = squeezed(down, downs, Math.max(DOWN_KEPT, ch * DOWN_SQUEEZED), over());
    up = squeezed(up, ups, READABLE, over());
    down = squeezed(down, downs, ch * DOWN_SQUEEZED, over());
    up = squeezed(up, ups, 0, over());
    let y = 0;
    const ys = col.cards.map((card) => {
      const at = y;
      y += card.card ? up : down;
      return at;
    });
    return { x, ys, strip: `${up}px` };
  });
  return { cw, ch, gap, left, height, columns };
}

// A strip of `size` px shown by each of `count` cards, made smaller to take `over` px off their
// column, but not below `least` (nor made larger).
function squeezed(size, count, least, over) {
  if (!count || over <= 0 || size <= least) return size;
  return Math.max(least, size - over / count);
}

// The card width that fits the board's height it leaves, the height being `height` at width `at`
// and changing by `slope` per pixel of width (not rising: wider cards, a taller row above): halving
// the range, since the fit only shrinks as the width grows.
function solveWidth(widthFor, height, at, slope) {
  let [lo, hi] = [0, MAX_CARD];
  for (let k = 0; k < 40; k++) {
    const mid = (lo + hi) / 2;
    if (widthFor(height + slope * (mid - at)) > mid) lo = mid;
    else hi = mid;
  }
  return lo;
}

// ---------------------------------------------------------------- rendering by keyed updates
// A render touches only what changed: an attribute, style or text written with its old value still
// costs a mutation record and may invalidate style, and a click's render is inside its frame.
function setAttr(el, name, value) {
  if (value === null) {
    if (el.hasAttribute(name)) el.removeAttribute(name);
  } else if (el.getAttribute(name) !== value) {
    el.setAttribute(name, value);
  }
}

function setText(el, value) {
  if (el.textContent !== value) el.textContent = value;
}

// Only for values the style object gives back as written: it rounds fractional pixels
// ("66.39999px" reads "66.4px"), so those are compared with the value last written instead.
function setStyle(el, name, value) {
  if (el.style[name] !== value) el.style[name] = value;
}

const cards = new Map(); // card id -> element
const slots = [];
let current = null; // the last view drawn
let geometry = null;
let where = new Map(); // card id -> {col, index}

function cardElement(id) {
  const el = document.createElement("div");
  el.className = "card";
  el.dataset.id = id;
  el.id = `card-${id}`;
  const corner = document.createElement("span");
  corner.className = "corner";
  const pip = document.createElement("span");
  pip.className = "pip";
  pip.setAttribute("aria-hidden", "true");
  el.append(corner, pip);
  return el;
}

function paintCard(el, card) {
  if (el.dataset.card !== card.card || el.dataset.label !== card.label) {
    el.__turned = el.dataset.card === "" && card.card; // turned face up: it flips over where it lies
    el.dataset.card = card.card;
    el.dataset.label = card.label;
    el.classList.toggle("back", !card.card);
    el.firstChild.textContent = card.card ? card.label : ""; // the corner: rank and suit
    el.lastChild.textContent = card.card ? card.label.slice(-1) : ""; // the pip: the suit
  }
  const name = card.card ? card.name : null;
  if (el.getAttribute("aria-label") !== name) renamed.add(el);
  setAttr(el, "aria-label", name);
  setAttr(el, "aria-hidden", card.card ? null : "true"); // its column's name counts the face-down cards
  setAttr(el, "data-colour", card.colour || null);
  el.classList.toggle("movable", card.movable);
  el.classList.toggle("selected", card.selected);
  el.classList.toggle("hint", card.hint);
  el.classList.toggle("hint-to", card.hint_to);
  setAttr(el, "tabindex", card.card ? (card.focus ? "0" : "-1") : null);
  setAttr(el, "role", card.card ? "button" : null);
}

function stockOrigin() {
  const board = $("board").getBoundingClientRect();
  const stock = document.querySelector('[data-action="deal"]').getBoundingClientRect();
  return [stock.left - board.left, stock.top - board.top];
}

function runsTarget(slotIndex) {
  const board = $("board").getBoundingClientRect();
  const slot = $("runs").children[Math.max(slotIndex, 0)];
  if (!slot) return [0, -geometry.ch];
  const r = slot.getBoundingClientRect();
  return [r.left - board.left, r.top - board.top];
}

// `instant`: place every card where it belongs with no deal animation (the early paint at boot,
// whose animation would compete with Python's start-up for the main thread).
const renamed = new Set(); // cards and columns whose accessible name this render changed (see focusFromView)
function render(view, instant = false) {
  renamed.clear();
  document.documentElement.classList.toggle("still", view.still ?? systemStill());
  const board = $("board");
  const focused = document.activeElement;
  const newDeal = current && current.game !== view.game;
  // Where the stock is, read before this render writes anything (so the layout read is the last
  // frame's, not a forced one) when cards may come from it or go back; otherwise only if needed.
  const dealing = !instant && (!current || newDeal || view.stock.count !== current.stock.count);
  let origin = dealing ? stockOrigin() : null;
  const unmade = !instant && current && !newDeal && view.completed.length < current.completed.length;
  const runOrigin = unmade ? runsTarget(current.completed.length - 1) : null; // an undone run comes back from its slot
  const fromStock = () => (origin ||= stockOrigin());
  // The bar and the status first: a message that takes another line, or the badge widening the bar,
  // changes the board's height, which the cards are then sized for.
  renderChrome(view, instant);
  geometry = layout(view);
  renderSlots(view);
  if (newDeal) {
    for (const el of cards.values()) el.remove();
    cards.clear();
  }
  const fresh = [];
  const seen = new Set();
  const nextWhere = new Map();
  view.columns.forEach((col, c) => {
    col.cards.forEach((card, i) => {
      let el = cards.get(card.id);
      const target = `translate(${geometry.columns[c].x}px, ${geometry.columns[c].ys[i]}px)`;
      if (!el) {
        el = cardElement(card.id);
        board.append(el);
        cards.set(card.id, el);
        if (!instant) fresh.push(el);
      }
      paintCard(el, card);
      const before = where.get(card.id);
      const moved = !before || before.col !== c || before.index !== i;
      const covered = card.card && i < col.cards.length - 1; // a face-down card has no corner; a top card shows whole
      const strip = covered ? geometry.columns[c].strip : "";
      if (el.style.getPropertyValue("--strip") !== strip) el.style.setProperty("--strip", strip);
      if (el.classList.contains("covered") !== !!covered) el.classList.toggle("covered", !!covered);
      setAttr(el, "data-col", String(c));
      setAttr(el, "data-index", String(i));
      setStyle(el, "zIndex", String((moved && !instant ? 500 : 10) + i));
      if (moved && !instant) setTimeout(() => { if (el.dataset.index === String(i)) el.style.zIndex = String(10 + i); }, 400);
      el.__target = target;
      seen.add(card.id);
      nextWhere.set(card.id, { col: c, index: i });
    });
  });
  const backToStock = current && view.stock.count > current.stock.count;
  let away = null; // where leaving cards go, the same for all of them: measured once
  let ranks = null; // each card's rank as last drawn: read once, when cards leave
  for (const [id, el] of cards) {
    if (seen.has(id)) continue;
    cards.delete(id);
    away ||= backToStock ? fromStock() : runsTarget(view.completed.length - 1);
    const [tx, ty] = away;
    // A completed run goes home a card at a time, its Ace first, so that it reads as a run gathered
    // up (as one block it faded out too quickly to see); cards going back to the stock go at once.
    ranks ||= new Map(current.columns.flatMap((col) => col.cards.map((card) => [card.id, card.rank])));
    const delay = backToStock || movesStill() ? 0 : Math.max((ranks.get(id) ?? 1) - 1, 0) * RUN_STAGGER_MS;
    el.style.transitionDelay = delay ? `${delay}ms` : "";
    delete el.dataset.col;
    delete el.dataset.index;
    for (const name of ["tabindex", "role", "aria-label"]) el.removeAttribute(name); // gone from the game
    el.setAttribute("aria-hidden", "true");
    el.classList.remove("selected", "hint", "hint-to", "movable"); // the A♠ just dropped flew home ringed
    el.classList.add("leaving");
    el.style.zIndex = "900";
    el.style.transform = `translate(${tx}px, ${ty}px) scale(.62)`;
    setTimeout(() => el.remove(), movesStill() ? 0 : 320 + delay);
  }
  for (const el of cards.values()) {
    if (el.__shown !== el.__target && !el.classList.contains("dragging")) {
      el.style.transform = el.__target;
      el.__shown = el.__target;
    }
    if (el.__turned) {
      el.__turned = false;
      // Scaled inside its own translate, so it turns over in place: a scale property (or a class
      // animating one) would scale the card's offset too and sweep it in from the board's left.
      if (!instant && !movesStill()) {
        el.animate([{ transform: `${el.__target} scaleX(0)` }, { transform: el.__target }], { duration: 180, easing: "ease-out" });
      }
    }
  }
  if (fresh.length && !movesStill()) dealFrom(runOrigin || fromStock(), fresh);
  where = nextWhere;
  current = view;
  // Focus lost with what held it (a card leaving the game, a dialog closed with nothing of the game
  // to go back to) goes back to the board, where the keyboard carries on, not to the page's body.
  // Undo or Redo that the press disabled (nothing left to undo) hands focus to its partner, which
  // the same press enabled, rather than to the board, where the next Enter would pick a card up.
  const partner = focused?.disabled && { undo: "redo", redo: "undo" }[focused.dataset.action];
  if (partner) document.querySelector(`[data-action="${partner}"]`).focus();
  const now = document.activeElement;
  const lost = (now === document.body && focused !== document.body) || now?.classList.contains("leaving")
    || now?.closest("dialog:not([open])");
  if (focusDialog()) setTimeout(focusDialog, 0); // again after the input's own default (a press's focus) is done
  else if (lost) focusFromView();
}

// Focus belongs in an open dialog (its safe choice where it has one): the press that opened it may
// have focused the board behind it. The open dialog, if any.
function focusDialog() {
  const dialog = document.querySelector("dialog[open]");
  if (dialog && !dialog.contains(document.activeElement)) (dialog.querySelector("[autofocus]") || dialog.querySelector("button"))?.focus();
  return dialog;
}

let moveMs = null; // the style sheet's --move-ms, read once

// New cards fly in from the stock, one after another. An animation, not a transition: a transition
// would need their start position laid out first, a forced layout of the whole board in the click.
function dealFrom([sx, sy], fresh) {
  const ms = (moveMs ??= parseFloat(getComputedStyle(document.documentElement).getPropertyValue("--move-ms")) || 150);
  const stagger = Math.min(DEAL_STAGGER_MS, 400 / fresh.length); // a new game's 54 cards still take 0.4 s
  // A card on its way is not there to press: a quick second click on the stock (the rest of a
  // double-click) went to the card flying over it and picked it up; it now reaches the stock.
  fresh.forEach((el, k) => {
    el.classList.add("arriving");
    const flight = el.animate(
      [{ transform: `translate(${sx}px, ${sy}px)` }, { transform: el.__target }],
      { duration: ms, delay: k * stagger, easing: "ease-out", fill: "backwards" },
    );
    const landed = () => el.classList.remove("arriving");
    flight.finished.then(landed, landed);
  });
}

function renderSlots(view) {
  const board = $("board");
  while (slots.length > view.columns.length) slots.pop().remove();
  while (slots.length < view.columns.length) {
    const slot = document.createElement("div");
    slot.className = "slot";
    slot.dataset.col = String(slots.length);
    if (slots.length) slots[slots.length - 1].after(slot); // in column order, before the cards
    else board.prepend(slot);
    slots.push(slot);
  }
  view.columns.forEach((col, c) => {
    const slot = slots[c];
    const g = geometry.columns[c];
    const [left, width, height] = [g.x, geometry.cw, Math.max(geometry.height - 4, geometry.ch)];
    const box = `${left} ${width} ${height}`;
    if (slot.__box !== box) { // see setStyle
      slot.__box = box;
      slot.style.left = `${left}px`;
      slot.style.width = `${width}px`;
      slot.style.height = `${height}px`;
    }
    slot.classList.toggle("target", col.target);
    slot.classList.toggle("hint", col.hint);
    slot.classList.toggle("marked", col.marked);
    const empty = col.cards.length === 0;
    if (slot.getAttribute("aria-label") !== col.name) renamed.add(slot);
    setAttr(slot, "aria-label", col.name);
    setAttr(slot, "tabindex", empty ? (col.focus ? "0" : "-1") : null);
    setAttr(slot, "role", empty ? "button" : "group");
    // A screen reader finds each column's face-up cards inside it, in order (they are the board's).
    setAttr(slot, "aria-owns", empty ? null : col.cards.filter((card) => card.card).map((card) => `card-${card.id}`).join(" "));
  });
}

function renderChrome(view, instant) {
  if (document.title !== view.page_title) document.title = view.page_title;
  if ($("variant").value !== view.variant) $("variant").value = view.variant;
  setText(document.querySelector('[data-stat="score"]'), String(view.score));
  setText(document.querySelector('[data-stat="moves"]'), String(view.moves));
  setText(document.querySelector('[data-stat="points"]'), String(view.points));
  for (const [action, title] of Object.entries(view.titles)) setAttr(document.querySelector(`nav [data-action="${action}"]`), "title", title);
  document.querySelector('[data-action="undo"]').toggleAttribute("disabled", !view.can_undo);
  document.querySelector('[data-action="redo"]').toggleAttribute("disabled", !view.can_redo);
  const stock = document.querySelector('[data-action="deal"]');
  stock.classList.toggle("empty", view.stock.count === 0);
  stock.classList.toggle("hint", view.stock.hint);
  setAttr(stock, "aria-label", view.stock.name);
  setText($("deals"), view.stock.deals ? String(view.stock.deals) : "");
  const runs = $("runs");
  while (runs.children.length > view.slots) runs.lastChild.remove();
  while (runs.children.length < view.slots) {
    const slot = document.createElement("div");
    slot.className = "run-slot";
    slot.style.setProperty("--k", String(runs.children.length)); // its turn in the win's celebration
    runs.append(slot);
  }
  [...runs.children].forEach((slot, k) => {
    const run = view.completed[k];
    const drawn = run ? `${run.card} ${run.colour}` : "";
    if (slot.dataset.run === drawn) return;
    slot.dataset.run = drawn;
    slot.replaceChildren();
    slot.classList.toggle("filled", !!run);
    if (run) {
      const king = cardElement(`run${k}`);
      paintCard(king, { ...run, name: run.label, movable: false, selected: false, hint: false, hint_to: false, focus: false });
      king.removeAttribute("tabindex");
      king.setAttribute("role", "img");
      slot.append(king);
      // A run just made shows in its slot as its King lands there (see render), not before its cards fly
      if (!instant && !movesStill() && current && current.game === view.game && k >= current.completed.length) {
        king.animate([{ opacity: 0 }, { opacity: 1 }], { duration: 120, delay: 12 * RUN_STAGGER_MS + 200, fill: "backwards" });
      }
    }
  });
  setAttr(runs, "aria-label", view.runs_name);
  // A win is celebrated as it happens, the Kings hopping in turn; not on reopening a won game.
  if (!view.won) runs.classList.remove("celebrating");
  else if (current && current.game === view.game && !current.won) {
    runs.classList.add("celebrating");
    // its timing is the style sheet's (none with reduced motion): the end of the last King's hop
    const ends = runs.getAnimations({ subtree: true }).map((hop) => hop.effect.getComputedTiming().endTime);
    celebrationEnds = performance.now() + Math.max(0, ...ends);
  }
  const status = $("status");
  if (status.dataset.said !== String(view.said) || status.textContent !== view.status) {
    status.dataset.said = view.said;
    setText(status, view.status);
    if (!instant) say(view.status); // the early paint shows the last visit's message, not news to announce
  }
  setAttr(status, "class", `status ${view.tone}${view.status.length > LONG_MESSAGE ? " long" : ""}`);
  for (const box of document.querySelectorAll("[data-setting]")) box.checked = !!view.settings[box.dataset.setting];
  for (const choice of document.querySelectorAll("[data-choice]")) choice.value = view.settings[choice.dataset.choice];
  if (document.documentElement.dataset.table !== view.settings.table || !tableShown) showTable(view.settings.table);
  const badge = $("badge");
  badge.toggleAttribute("hidden", !view.badge);
  if (view.badge) {
    setAttr(badge, "data-state", view.badge.state);
    setText(badge, view.badge.text);
  }
  $("stop").toggleAttribute("hidden", !view.autoplay && !view.thinking);
  $("finish").toggleAttribute("hidden", !view.autoplay);
  setText($("keys"), view.keys);
  setText($("won-title"), view.won_title);
  setText($("won-text"), view.won_text || "");
  renderRecord(view.record);
  if (view.give_up) {
    setText($("give-up-title"), view.give_up.title);
    setText($("give-up-text"), view.give_up.text);
    setText($("give-up-confirm"), view.give_up.confirm);
  }
  if (view.rules) renderRules(view.rules);
  if (view.import_text) setText($("import-text"), view.import_text);
  if (view.link_text) setText($("link-text"), view.link_text);
  if (view.deal_prompt) {
    setText($("deal-text"), view.deal_prompt.text);
    setText($("deal-error"), view.deal_prompt.error);
    setAttr($("deal-number"), "aria-invalid", view.deal_prompt.error ? "true" : null);
  }
  showDialogs(view);
}

// Hand a message to screen readers. The visible status line is not the live region: one that
// stays filled is read again when a modal dialog closes (the page behind it comes back), and the
// same words written over themselves are no change to announce ("Nothing to undo." twice). So the
// spoken region is emptied, filled a moment later (a change the browser reports), and emptied
// when a dialog opens (each dialog's own text describes it).
let sayTimer = 0;
function say(text) {
  const spoken = $("say");
  clearTimeout(sayTimer);
  spoken.textContent = "";
  if (text) sayTimer = setTimeout(() => { spoken.textContent = text; }, SAY_AFTER_MS);
}

// Open the dialog Python wants, and only that one.
// Closed before another opens, so that the browser gives focus back to what opened the first one
// (the ⋯ toggle, say) when the last closes, not to a button of a dialog that has gone.
// The win's dialog waits for the Kings' hop to end, so that it does not hide the celebration.
function showDialogs(view) {
  const dialogs = [...document.querySelectorAll("dialog[data-dialog]")];
  for (const dialog of dialogs) if (dialog.open && view.dialog !== dialog.dataset.dialog) dialog.close();
  const wait = celebrationEnds - performance.now();
  if (view.dialog === "won" && wait > 0) {
    setTimeout(() => { if (current) showDialogs(current); }, wait);
    return;
  }
  for (const dialog of dialogs) {
    if (!dialog.open && view.dialog === dialog.dataset.dialog) {
      say("");
      dialog.showModal();
      focusDialog();
    }
  }
}

// How to play the variant, in paragraphs Python wrote; redrawn only when they change.
function renderRules(rules) {
  setText($("rules-title"), rules.title);
  const box = $("rules-text");
  const text = rules.paragraphs.join("\n");
  if (box.dataset.text === text) return;
  box.dataset.text = text;
  box.replaceChildren(...rules.paragraphs.map((line) => Object.assign(document.createElement("p"), { textContent: line })));
}

// The variant's statistics, in rows Python wrote; redrawn only when they change.
function renderRecord(record) {
  setText($("won-record"), record.summary);
  setText($("stats-variant"), record.title);
  const list = $("record");
  const rows = JSON.stringify(record.rows);
  if (list.dataset.rows === rows) return;
  list.dataset.rows = rows;
  list.replaceChildren(...record.rows.map(([label, value]) => {
    const row = document.createElement("div");
    const dt = document.createElement("dt");
    const dd = document.createElement("dd");
    dt.textContent = label;
    dd.textContent = value;
    row.append(dt, dd);
    return row;
  }));
}

// The bar's clock: Python's play time at the last event, counted on from that event's time the way
// Python counts it at the next one (a pause counts up to the cap), so it never jumps back.
const clock = {
  view: { ms: 0, running: false, idle_cap_ms: 0 },
  since: 0,
  timer: null,
  format(s) { // as spider.stats.clock_text: 5:07, or 1:02:03 past an hour
    const h = Math.floor(s / 3600);
    const m = Math.floor(s / 60) % 60;
    return h ? `${h}:${two(m)}:${two(s % 60)}` : `${m}:${two(s % 60)}`;
  },
  set(view, since) {
    this.view = view;
    this.since = since;
    this.show();
    this.timer ||= setInterval(() => this.show(), 250);
  },
  show() {
    const { ms, running, idle_cap_ms: cap } = this.view;
    const counting = running && ready && document.visibilityState === "visible";
    const paused = Math.max(Date.now() - this.since, 0);
    const played = ms + (counting ? Math.min(paused, cap) : 0);
    const time = document.querySelector('[data-stat="time"]');
    setText(time, this.format(Math.floor(played / 1000)));
    // Past the cap it stands still until the next event: dimmed, so that it reads as waiting, not broken.
    const waiting = counting && paused >= cap;
    if (time.classList.contains("waiting") !== waiting) time.classList.toggle("waiting", waiting);
  },
};

// Moves land at once (no flight, no fading, no hop) when the view says so: the player turned animations
// off, or asks their system for reduced motion, which the page tells Python of.
const systemStill = () => matchMedia("(prefers-reduced-motion: reduce)").matches;
const movesStill = () => document.documentElement.classList.contains("still");

// ---------------------------------------------------------------- talking to Python
let handle = null; // the Python function spider.app.handle_json, once booted
let ready = false;
const queue = [];

// The player's own date (YYYY-MM-DD), which Python cannot know: today's deal, a backup's name.
function today() {
  const day = new Date();
  return [day.getFullYear(), two(day.getMonth() + 1), two(day.getDate())].join("-");
}

function send(event) {
  if (!ready) {
    queue.push(event);
    return { handled: false }; // the browser keeps its default (Tab still moves focus)
  }
  const now = Date.now();
  const response = JSON.parse(handle(JSON.stringify({ ...event, now, today: today() })));
  apply(response, now);
  return response;
}

// A file Python wrote for the player (a backup), handed over as a download.
function download({ name, text }) {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 0);
}

function apply(response, now) {
  const unwritten = storage.write(response.store);
  if (response.view) {
    render(response.view);
    clock.set(response.view.clock, now);
    autoplay(response.view);
  }
  solver.post(response.work);
  idle(response.idle);
  if (response.download) download(response.download);
  if (response.hash !== location.hash) history.replaceState(null, "", response.hash);
  // Python hears at once what was not written: no other event comes between, so it knows that
  // what it asked to write before another event was written.
  if (unwritten.length) send({ type: "storage-error", keys: unwritten });
}

// The solver worker: started on the first job Python asks for (after the board is playable).
// Python code cannot be interrupted, so a job the worker has begun and Python cancels with "stop"
// (the search for a "Show me" the player stopped) is stopped by ending the worker; the bridge
// keeps the jobs not yet answered, and hands those still wanted to a new one.
const solver = {
  worker: null,
  running: null,
  open: [],
  stopped: new Set(), // jobs Python wants stopped even if the worker has begun them
  post(jobs) {
    for (const job of jobs || []) {
      if (job.kind === "cancel") {
        this.cancel(job);
      } else {
        this.open.push(job);
        try {
          this.start().postMessage(job);
        } catch (error) { // no worker at all here (one the page's policy refuses): Python says so
          this.failed(error.message);
          return;
        }
      }
    }
  },
  failed(message) {
    console.warn("solver worker failed:", message);
    this.end();
    this.open = [];
    send({ type: "worker-error", error: message || "the solver could not start" });
  },
  start() {
    if (this.worker) return this.worker;
    // Named for the build it is for: after a new build takes over, this page gets that build's worker.
    const worker = new Worker(new URL("solver-worker.js", import.meta.url), { type: "module", name: info.version });
    worker.onmessage = (e) => {
      if (e.data.started !== undefined) {
        this.running = e.data.started;
        if (this.stopped.has(this.running)) this.restart(); // its cancel crossed this message
        return;
      }
      this.running = null;
      this.open = this.open.filter((job) => job.id !== e.data.id);
      send({ type: "worked", id: e.data.id, result: e.data });
    };
    worker.onerror = (e) => {
      e.preventDefault();
      this.failed(e.message);
    };
    return (this.worker = worker);
  },
  end() {
    if (this.worker) this.worker.terminate();
    this.worker = null;
    this.running = null;
  },
  restart() {
    this.end();
    this.stopped.clear(); // none of them can start again: only the jobs still open are handed on
    for (const job of this.open) this.start().postMessage(job);
  },
  cancel({ ids, stop }) {
    const dropped = new Set(ids);
    this.open = this.open.filter((job) => !dropped.has(job.id));
    if (stop) for (const id of ids) this.stopped.add(id);
    if (this.stopped.has(this.running)) {
      this.restart();
    } else if (this.worker) {
      this.worker.postMessage({ kind: "cancel", ids });
    }
  },
};

// Spare time goes to Python (hints for the position on screen) in short slices, so a click waits
// at most one slice and the Hint button answers at once.
let idling = null;
function idle(wanted) {
  if (!wanted || idling !== null) return;
  const slice = (deadline) => {
    idling = null;
    send({ type: "idle", budget_ms: Math.max(1, Math.floor(deadline.timeRemaining())) });
  };
  idling = "requestIdleCallback" in window
    ? requestIdleCallback(slice, { timeout: 1000 })
    : setTimeout(() => slice({ timeRemaining: () => 8 }), 50);
}

let ticking = null;
function autoplay(view) {
  if (!view.autoplay || ticking) return;
  ticking = setTimeout(() => { ticking = null; send({ type: "tick" }); }, view.autoplay);
}

// ---------------------------------------------------------------- input
// The column under a point of the board; none above or below it (a drop on the stock or the bar
// springs back rather than play to the column in line with it), nor far to the side of the columns.
function columnAt(clientX, clientY) {
  const rect = $("board").getBoundingClientRect();
  if (clientY < rect.top || clientY > rect.bottom) return null;
  const x = clientX - rect.left;
  const { left, cw, gap } = geometry;
  const n = current.columns.length;
  const c = Math.floor((x - left + gap / 2) / (cw + gap));
  if (c >= 0 && c < n) return c;
  // Just past the first or last column, where no other column is, is that column still.
  const right = left + n * (cw + gap) - gap;
  return (c < 0 && x >= left - cw / 2) ? 0 : (c >= n && x <= right + cw / 2) ? n - 1 : null;
}

function pointAt(target) {
  const el = target.closest(".card[data-col], .slot");
  if (!el) return null;
  const col = Number(el.dataset.col);
  return el.classList.contains("card") ? { col, index: Number(el.dataset.index) } : { col, index: null };
}

let press = null; // the pointer gesture in progress

function onPointerDown(e) {
  // A second finger while one is down is ignored: as a press it played the dragged cards to its
  // own column and left them drawn where the first finger held them.
  if (e.button !== 0 || !current || !e.isPrimary) return;
  const menu = document.querySelector("details.more");
  if (menu.open) { // a press on the board while the menu is open only closes it
    closeMenu(null);
    return;
  }
  const board = $("board");
  // What lies under the point itself: a touch is retargeted to the nearest button, so a tap on a
  // face-down card (no button) would land on the face-up card beside it.
  const under = e.pointerType === "touch" ? document.elementFromPoint(e.clientX, e.clientY) || e.target : e.target;
  let at = pointAt(under);
  if (!at) {
    const col = columnAt(e.clientX, e.clientY);
    if (col === null) return;
    at = { col, index: null };
  }
  // Python tells a double-click or double-tap from two presses, by their times (sent with each event).
  send({ type: "pick", col: at.col, index: at.index, pointer: true, at: Date.now() });
  if (at.index === null) { press = null; return; }
  // Its release is a tap, for Python to act on; the cards picked up under the point follow a drag
  // (a press before Python is up has none yet: they are looked for again once it is).
  const picked = ready ? pickedUnder(at) : [];
  press = { x: e.clientX, y: e.clientY, els: picked, dragging: false, strayed: false, early: !ready, pointer: e.pointerId, kind: e.pointerType, at };
  if (picked.length) board.setPointerCapture(e.pointerId);
}

// The cards picked up, lowest first, if the card at `at` is one of them; else none.
function pickedUnder(at) {
  const el = $("board").querySelector(`.card[data-col="${at.col}"][data-index="${at.index}"]`);
  if (!el?.classList.contains("selected")) return [];
  return [...cards.values()].filter((c) => c.classList.contains("selected")).sort((a, b) => Number(a.dataset.index) - Number(b.dataset.index));
}

function onPointerMove(e) {
  if (!press || e.pointerId !== press.pointer) return;
  const dx = e.clientX - press.x;
  const dy = e.clientY - press.y;
  if (!press.dragging && Math.hypot(dx, dy) < (DRAG_THRESHOLD_PX[press.kind] ?? DRAG_THRESHOLD_PX.touch)) return;
  if (press.early && ready && e.buttons && !press.els.length) { // pressed during the boot, held until Python was up
    press.els = pickedUnder(press.at);
    if (press.els.length) $("board").setPointerCapture(press.pointer);
  }
  if (!press.els.length) { press.strayed = true; return; } // nothing to drag: no tap either
  press.dragging = true;
  const { col, index } = press.at; // the card left on top shows whole while the group is away
  $("board").querySelector(`.card[data-col="${col}"][data-index="${index - 1}"]`)?.classList.remove("covered");
  press.els.forEach((el, k) => {
    el.classList.add("dragging");
    el.style.zIndex = String(2000 + k);
    el.style.transform = `${el.__target} translate(${dx}px, ${dy}px)`;
    el.__shown = null;
  });
}

function onPointerUp(e) {
  if (!press || e.pointerId !== press.pointer) return;
  const gesture = press;
  press = null;
  if (!gesture.dragging) { // a tap: Python puts down the cards it was on, ends a double-click, or moves them if asked to
    if (!gesture.strayed && e.type === "pointerup") send({ type: "tap", ...gesture.at, pointer: true, at: Date.now() });
    return;
  }
  gesture.els.forEach((el) => el.classList.remove("dragging"));
  const col = e.type === "pointerup" ? columnAt(e.clientX, e.clientY) : null; // cancelled: the cards go back
  send({ type: "drop", col });
}

function boardFocus() {
  const el = document.activeElement;
  if (!el || !$("board").contains(el)) return null;
  return pointAt(el);
}

function onKeyDown(e) {
  if (["Escape", "Enter", " "].includes(e.key) && current?.dialog === "won" && celebrationEnds > performance.now()) {
    // Esc, Enter or Space skips the Kings' hop to the win dialog: neither dismisses it unseen nor
    // acts on the emptied board
    celebrationEnds = 0;
    showDialogs(current);
    e.preventDefault();
    return;
  }
  if (e.key === "Escape") closeMenu(null);
  if (e.key === "Escape" && press) { // Esc lets go of a drag: the cards go back, and the pointer moves them no more
    press.els.forEach((el) => el.classList.remove("dragging"));
    press = null;
  }
  // Typing in a field or a dialog, and Enter or Space on the ⋯ toggle, are the browser's; the
  // game's letter keys still work with the toggle focused (where closing the menu leaves focus).
  const browsers = e.target.closest("select, input, dialog") || (e.target.closest("summary") && (e.key === "Enter" || e.key === " "));
  if (browsers && e.key !== "Escape" && !e.ctrlKey && !e.metaKey) return;
  focusNow(); // a focus the last key left pending lands first: this key acts from there
  const focus = boardFocus();
  const response = send({ type: "key", key: e.key, ctrl: e.ctrlKey || e.metaKey, shift: e.shiftKey, alt: e.altKey, board: !!focus, focus });
  if (response.handled) {
    e.preventDefault();
    if (focus || e.key.startsWith("Arrow")) focusFromView(true);
  }
}

// `soon`: a card or column the render renamed, or a card in a renamed column, is focused a task
// later. Chromium sends a screen reader an update's focus event before its name changes, so the card
// dropped with focus was read by its old name ("Q♠, picked up"); in a task of its own the focus
// comes after the new names. The column is for the card left when a run goes home: session 60's
// AT-SPI log read its column's old name, though Chromium 150 on Linux already renames it first.
function focusFromView(soon = false) {
  const el = $("board").querySelector('[tabindex="0"]');
  if (!el || document.activeElement === el) return;
  if (soon && (renamed.has(el) || renamed.has(slots[Number(el.dataset.col)]))) focusSoon(() => el.focus({ preventScroll: true }));
  else el.focus({ preventScroll: true });
}

// A focus moved a task later. The next key moves it first; focus that went elsewhere meanwhile (a
// click, Tab) is left there.
let focusTimer = 0;
let focusPending = null;
function focusSoon(move) {
  clearTimeout(focusTimer);
  const from = document.activeElement;
  focusPending = () => { if (document.activeElement === from) move(); };
  focusTimer = setTimeout(focusNow, 0);
}
function focusNow() {
  clearTimeout(focusTimer);
  const move = focusPending;
  focusPending = null;
  move?.();
}

// The ⋯ menu is a <details>: it closes once one of its buttons is pressed (so Show me plays where
// the board can be seen), on a click anywhere else, and on Escape. Focus inside it goes back to its
// toggle, not to the page's body, so the keyboard carries on from where it was.
function closeMenu(unless) {
  const menu = document.querySelector("details.more");
  if (!menu.open || (unless && menu.contains(unless))) return;
  const within = menu.contains(document.activeElement);
  menu.open = false;
  if (within) menu.querySelector("summary").focus();
}

function outside(el, e) {
  const r = el.getBoundingClientRect();
  return e.clientX < r.left || e.clientX > r.right || e.clientY < r.top || e.clientY > r.bottom;
}

function onClick(e) {
  closeMenu(e.target.closest("[data-action]") ? null : e.target);
  const button = e.target.closest("[data-action]");
  if (!button) return;
  const name = button.dataset.action;
  if (name === "pick-backup") {
    $("backup-file").click();
    return;
  }
  if (name === "copy-link") {
    const url = new URL(current ? current.link : "", location.href).href;
    // A page that is not https (a LAN address) has no clipboard: that is "could not copy" too.
    Promise.resolve().then(() => navigator.clipboard.writeText(url)).then(
      () => send({ type: "action", name: "copied", ok: true }),
      () => send({ type: "action", name: "copied", ok: false }),
    );
    return;
  }
  send({ type: "action", name, pointer: e.detail > 0, at: Date.now() }); // a click, not Enter or Space on a focused button
}

function wire() {
  const board = $("board");
  board.addEventListener("pointerdown", onPointerDown);
  board.addEventListener("pointermove", onPointerMove);
  board.addEventListener("pointerup", onPointerUp);
  board.addEventListener("pointercancel", onPointerUp);
  board.addEventListener("lostpointercapture", onPointerUp); // a dialog opened mid-drag, say: no pointerup comes
  board.addEventListener("contextmenu", (e) => e.preventDefault());
  // A quick flick of a card is a fling to the browser, though nothing scrolls, and the tap that
  // follows (on Undo, say) only stops that fling: no click. The board's touches never scroll.
  board.addEventListener("touchmove", (e) => e.preventDefault(), { passive: false });
  document.addEventListener("click", onClick);
  const menu = document.querySelector("details.more"); // closes once focus leaves it, so nothing focused hides under it
  menu.addEventListener("focusout", (e) => { if (e.relatedTarget && !menu.contains(e.relatedTarget)) menu.open = false; });
  menu.addEventListener("toggle", () => { if (menu.open) menu.querySelector(".menu").scrollTop = 0; }); // from its top
  document.addEventListener("keydown", onKeyDown);
  $("variant").addEventListener("change", (e) => send({ type: "action", name: "variant", variant: e.target.value }));
  // An arrow or a typed letter on the closed Game list would switch variant at each press (WCAG
  // 3.2.2): it opens the list instead.
  $("variant").addEventListener("keydown", (e) => {
    const moves = e.key.startsWith("Arrow") || ["Home", "End", "PageUp", "PageDown"].includes(e.key) || (e.key.length === 1 && e.key !== " ");
    if (!moves || e.altKey || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
    try { e.target.showPicker(); } catch { /* no picker here: the list stays as it is */ }
  });
  for (const box of document.querySelectorAll("[data-setting]")) {
    box.addEventListener("change", (e) => send({ type: "action", name: box.dataset.setting, on: e.target.checked }));
  }
  for (const choice of document.querySelectorAll("[data-choice]")) {
    choice.addEventListener("change", (e) => send({ type: "action", name: choice.dataset.choice, value: e.target.value }));
  }
  $("backup-file").addEventListener("change", async (e) => {
    const [file] = e.target.files;
    e.target.value = ""; // the same file picked again is a new choice
    if (file) send({ type: "action", name: "import", text: await file.text() });
  });
  $("deal-form").closest("dialog").addEventListener("close", () => $("deal-form").reset()); // a new number each time
  $("deal-form").addEventListener("submit", (e) => {
    e.preventDefault();
    send({ type: "action", name: "play-deal", seed: $("deal-number").value });
  });
  // Python decides whether a dialog closes: Escape or a phone's Back asks it (a choice that must
  // be made stays open), and a dialog the browser closes anyway is opened again if Python wants it.
  for (const dialog of document.querySelectorAll("dialog[data-dialog]")) {
    dialog.addEventListener("cancel", (e) => {
      e.preventDefault();
      send({ type: "action", name: "dismiss" });
    });
    dialog.addEventListener("close", () => { if (current) showDialogs(current); });
    // A press and release on the backdrop, outside the dialog's box, asks the same (a phone's way out).
    dialog.addEventListener("pointerdown", (e) => { dialog.__backdrop = e.target === dialog && outside(dialog, e); });
    dialog.addEventListener("click", (e) => {
      if (dialog.__backdrop && e.target === dialog && outside(dialog, e)) send({ type: "action", name: "dismiss" });
      dialog.__backdrop = false;
    });
  }
  addEventListener("hashchange", () => send({ type: "hash", hash: location.hash }));
  document.addEventListener("visibilitychange", () => send({ type: document.visibilityState === "hidden" ? "hide" : "show" }));
  matchMedia("(prefers-reduced-motion: reduce)").addEventListener("change", (e) => send({ type: "motion", reduce: e.matches }));
  addEventListener("resize", () => { if (current) render(current); });
  // Another tab's writes that Python acts on (its game, its statistics), by Python's list.
  addEventListener("storage", (e) => { if (info.keys.shared.some((prefix) => e.key?.startsWith(prefix))) send({ type: "external", key: e.key, value: e.newValue }); });
}

// ---------------------------------------------------------------- boot
function progress(fraction, text) {
  const bar = $("progress");
  if (!bar) return; // not parsed yet: Python's start comes first (see boot)
  bar.style.transform = `scaleX(${fraction})`;
  $("loading-text").textContent = text;
}

// index.html loads this module `async`, so that Python's start waits neither for the page's parsing
// nor for its style sheet (≈ 0.07 s earlier on a cold visit, measured); wiring and painting do.
function pageReady() {
  const waits = [...document.querySelectorAll('link[rel="stylesheet"]')]
    .filter((link) => !link.sheet)
    .map((link) => new Promise((resolve) => {
      link.addEventListener("load", resolve, { once: true });
      link.addEventListener("error", resolve, { once: true });
    }));
  if (document.readyState === "loading") {
    waits.push(new Promise((resolve) => document.addEventListener("DOMContentLoaded", resolve, { once: true })));
  }
  return Promise.all(waits);
}

function fail(message) {
  setText($("status"), ""); // the early paint's greeting ("Good luck!") is for a game that did not start
  const box = $("loading");
  box.classList.add("failed");
  progress(1, message);
  const retry = $("retry");
  retry.hidden = false;
  retry.onclick = () => location.reload();
}

// The table's colour, on the page and in a phone's browser bar (the style sheet's felt).
let tableShown = false;
function showTable(table) {
  const root = document.documentElement;
  root.dataset.table = table;
  const felt = getComputedStyle(root).getPropertyValue("--felt").trim();
  if (felt) document.querySelector('meta[name="theme-color"]').content = felt;
  tableShown = !!felt;
}

// The player's table colour, set as this module runs, before the board or even the page's body
// is drawn: a stored view paints only once Python's start is under way.
function tableEarly() {
  const { table } = storage.settings();
  if (typeof table === "string") document.documentElement.dataset.table = table;
}

// One of the build's pre-rendered deals, for a first visit: picked here, before Python is up, so
// that it can be painted at once; Python then deals the one picked.
const firstView = info.firstViews[Math.floor(Math.random() * info.firstViews.length)];

// Draw the game Python is about to draw, before Python is up: the last view it rendered of the
// variant, or a pre-rendered deal on a first visit. Nothing when that is not known to be the game
// Python opens (a link to another one; a saved game whose stored view an earlier version drew in
// other fields; a new deal, with saving off): an empty board for a moment is better than another game.
function paintEarly() {
  const stored = storage.readAll();
  const linked = location.hash.length > 1;
  const variant = linked ? location.hash.slice(1).split("/")[0] : storage.settings().variant || info.firstVariant;
  let view = null;
  try { view = JSON.parse(stored[info.keys.view + variant] || "null"); } catch { view = null; }
  if (view && view.shape !== firstView.shape) view = null; // stored by a version that drew other fields
  if (linked) view = view && view.link === location.hash ? view : null;
  else if (!Object.keys(stored).length) view = firstView;
  if (!view) return;
  try {
    render(view, true);
    // The time kept on leaving the page, past the view stored at the last move, as Python will show it.
    const kept = Number(stored[info.keys.time + variant]);
    clock.set({ ...view.clock, ms: kept >= 0 && kept <= info.mostKeptMs ? Math.max(view.clock.ms, kept) : 0 }, 0);
  } catch (error) { // a damaged stored view: it is only a shortcut, so the board waits for Python to draw it
    console.warn("the stored view was not drawn:", error);
    for (const el of cards.values()) el.remove();
    cards.clear();
    return;
  }
  performance.mark("spider-painted");
}

async function boot() {
  // Python's start goes first: its downloads and compiling overlap the early paint.
  const { started, ready: python } = startPython(info, new URL(".", location.href), progress);
  python.catch(() => {}); // reported below, with the timeout
  await pageReady();
  wire();
  await started;
  paintEarly();
  const timeout = new Promise((_, reject) => setTimeout(() => reject(new Error("the game engine took too long to start")), BOOT_TIMEOUT_MS));
  const start = (async () => {
    const pyodide = await python;
    progress(0.95, "Dealing…");
    window.app.pyodide = pyodide; // for the benchmark's heap figure and for debugging
    const handleJson = pyodide.pyimport("spider.app").handle_json;
    performance.mark("spider-imported");
    return handleJson;
  })();
  try {
    handle = await Promise.race([start, timeout]);
  } catch (error) {
    fail(`The game could not start: ${error.message}. Your saved games are untouched.`);
    throw error;
  }
  ready = true;
  try {
    send({ type: "start", storage: storage.readAll(), hash: location.hash, seed: firstView.seed, reduced_motion: systemStill() });
  } catch (error) {
    ready = false; // no event reaches a game that did not open: none can write over a saved one
    fail("The game could not start. Your saved games are untouched.");
    console.error(error);
    throw error;
  }
  if (!current || !performance.getEntriesByName("spider-painted").length) performance.mark("spider-painted");
  for (const event of queue.splice(0)) send(event);
  $("loading").hidden = true;
  performance.mark("spider-interactive");
}

tableEarly();
const bootPromise = boot();
bootPromise.catch(() => {});
window.app = {
  ready: bootPromise,
  send,
  get view() { return current; },
};
