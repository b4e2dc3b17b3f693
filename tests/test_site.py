"""The built site played in Chromium as a person would: mouse, touch, keyboard, reload."""

from __future__ import annotations

import json
import re
import time
from datetime import date
from itertools import pairwise
from urllib.parse import quote

import pytest
from conftest import boot, save_screenshot
from playwright.sync_api import expect

from spider import Game, hints
from spider.app import FIRST_DEALS, STOPPED
from spider.stats import clock_text
from spider.winnable import winnable_seeds

from engine_helpers import position
from positions import LONG_COLUMN, NEAR_WIN, POSITION, TWENTY_UP, one_move_from_winning, winning_line


def open_game(page, url: str) -> None:
    """Boot the game at ``url`` and wait for the deal animation to finish."""
    boot(page, url)
    settle(page)


def settle(page) -> None:
    page.wait_for_function("() => document.getAnimations().length === 0")


def pos_url(base_url: str, text: str) -> str:
    return f"{base_url}#pos={quote(text)}"


def card(page, col: int, index: int):
    return page.locator(f'.card[data-col="{col}"][data-index="{index}"]')


def column(page, col: int):
    return page.locator(f'.slot[data-col="{col}"]')


def click_column(page, col: int) -> None:
    """Click column ``col`` below its cards, as a player picks a destination."""
    box = column(page, col).bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] - 12)


def click_card(page, col: int, index: int) -> None:
    """Click the visible strip at the top of a card (lower cards are mostly covered)."""
    card(page, col, index).click(position={"x": 8, "y": 4})


def touch_drag(page, points, pause_s: float = 0) -> None:
    """A finger down at the first point, moved through the others (``pause_s`` apart), and lifted:
    one point alone is a tap."""
    cdp = page.context.new_cdp_session(page)
    (x, y), *rest = points
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    for x, y in rest:
        time.sleep(pause_s)
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def faces(page, col: int) -> list[str]:
    return page.locator(f'.card[data-col="{col}"]').evaluate_all(
        "els => els.sort((a, b) => a.dataset.index - b.dataset.index).map(e => e.dataset.card)"
    )


def status(page) -> str:
    return page.locator('[data-role="status"]').inner_text()


def stat(page, name: str) -> str:
    return page.locator(f'[data-stat="{name}"]').inner_text()


def browser_day(page) -> date:
    """The player's date, as the page sees it."""
    return date.fromisoformat(page.evaluate(
        "() => { const d = new Date(); return [d.getFullYear(), d.getMonth() + 1, d.getDate()]"
        ".map(n => String(n).padStart(2, '0')).join('-'); }"))


def test_boot_shows_a_fresh_deal(page, base_url):
    page.add_init_script("""(() => {
      const random = Math.random;
      Math.random = () => { Math.random = random; return 0.999; };  // the bridge's pick: the last deal
      const mark = performance.mark.bind(performance);
      performance.mark = (name, ...rest) => {
        if (name === "spider-painted") window.paintedSeed = window.app.view?.seed;
        return mark(name, ...rest);
      };
    })()""")
    open_game(page, base_url)
    seed = winnable_seeds("spider-1")[FIRST_DEALS - 1]
    assert page.evaluate("[window.paintedSeed, window.app.view.seed]") == [seed, seed], (
        "the pre-rendered deal picked is painted before Python is up, and is the deal Python opens")
    assert page.locator('.card[data-card=""]').count() == 44
    hidden = page.locator('.card[data-card=""]').evaluate_all(
        "els => els.map(e => [e.textContent, e.getAttribute('aria-hidden'), e.getAttribute('aria-label')])")
    assert all(h == ["", "true", None] for h in hidden), "a face-down card shows and says nothing of itself"
    assert page.locator('.slot[data-col="0"]').get_attribute("aria-label") == (
        f"Column 1: 5 face-down, {Game('spider-1', seed).columns[0][-1].label}"), "its column counts it"
    assert page.locator('.card:not([data-card=""])').count() == 10
    assert page.locator("[data-col]").count() >= 10
    assert stat(page, "score") == "500" and stat(page, "moves") == "0"
    assert page.evaluate("performance.getEntriesByName('spider-interactive').length") == 1
    save_screenshot(page, "desktop-start")


def test_move_by_click_then_undo_restores_face_down(page, base_url):
    open_game(page, pos_url(base_url, POSITION))
    click_card(page, 0, 2)
    assert "selected" in card(page, 0, 3).get_attribute("class")
    click_column(page, 1)
    assert faces(page, 1) == ["", "Ts", "9s", "8s"]
    assert faces(page, 0) == ["", "3s"]
    assert stat(page, "moves") == "1" and stat(page, "score") == "499"
    settle(page)
    save_screenshot(page, "desktop-mid-game")
    page.locator('[data-action="undo"]').click()
    assert faces(page, 0) == ["", "", "9s", "8s"]
    page.locator('[data-action="redo"]').click()
    assert faces(page, 0) == ["", "3s"]
    assert stat(page, "moves") == "3"


def mouse_drag(page, col: int, index: int, to_col: int) -> None:
    """Press on a card's visible strip, drag it in steps over column ``to_col`` and release."""
    box = card(page, col, index).bounding_box()
    target = column(page, to_col).bounding_box()
    page.mouse.move(box["x"] + 10, box["y"] + 5)
    page.mouse.down()
    page.mouse.move(box["x"] + 40, box["y"] + 60, steps=4)
    page.mouse.move(target["x"] + 20, target["y"] + 100, steps=6)
    page.mouse.up()


def test_move_by_mouse_drag(page, base_url):
    open_game(page, pos_url(base_url, POSITION))
    mouse_drag(page, 0, 2, 2)
    assert faces(page, 2) == ["9s", "8s"]


def test_cards_picked_up_by_a_click_can_be_dragged_and_a_click_puts_them_down(page, base_url):
    """The press on a picked-up card put it down at once, so the drag that followed dragged nothing."""
    open_game(page, pos_url(base_url, POSITION))
    click_card(page, 0, 2)
    time.sleep(0.5)  # not the rest of a double-click
    mouse_drag(page, 0, 2, 2)
    assert faces(page, 2) == ["9s", "8s"] and stat(page, "moves") == "1"
    click_card(page, 2, 0)
    assert "selected" in card(page, 2, 0).get_attribute("class")
    time.sleep(0.5)
    page.mouse.down()
    assert "selected" in card(page, 2, 0).get_attribute("class"), "held while the button is down"
    page.mouse.up()
    assert page.locator(".card.selected").count() == 0 and stat(page, "moves") == "1", "put down by the release"


def test_illegal_drag_springs_back_and_says_why(page, base_url):
    open_game(page, pos_url(base_url, POSITION))
    start = card(page, 0, 2).bounding_box()
    mouse_drag(page, 0, 2, 5)
    assert "9♠ can't go on Q♠" in status(page)
    assert faces(page, 0) == ["", "", "9s", "8s"] and stat(page, "moves") == "0"
    settle(page)
    back = card(page, 0, 2).bounding_box()
    assert abs(back["x"] - start["x"]) < 2 and abs(back["y"] - start["y"]) < 2


def test_a_drag_let_go_off_the_board_or_by_esc_moves_nothing(page, base_url):
    open_game(page, pos_url(base_url, POSITION))
    start = card(page, 0, 2).bounding_box()
    stock, over = page.locator(".stock").bounding_box(), column(page, 2).bounding_box()
    for x, y in ((over["x"] + 20, 5), (stock["x"] + 10, stock["y"] + 10)):  # the bar above column 3; the stock
        page.mouse.move(start["x"] + 10, start["y"] + 5)
        page.mouse.down()
        page.mouse.move(start["x"] + 40, start["y"] + 60, steps=4)
        page.mouse.move(x, y, steps=6)
        page.mouse.up()
        assert faces(page, 0) == ["", "", "9s", "8s"] and stat(page, "moves") == "0", "no move to the column in line"
    page.mouse.move(start["x"] + 10, start["y"] + 5)
    page.mouse.down()
    page.mouse.move(over["x"] + 20, over["y"] + 100, steps=6)
    page.keyboard.press("Escape")
    assert status(page) == "Selection cleared." and page.locator(".card.dragging").count() == 0
    page.mouse.move(over["x"] + 60, over["y"] + 140, steps=3)
    settle(page)
    back = card(page, 0, 2).bounding_box()
    assert abs(back["x"] - start["x"]) < 2 and abs(back["y"] - start["y"]) < 2, "back, and the pointer moves it no more"
    page.mouse.up()
    assert faces(page, 0) == ["", "", "9s", "8s"] and stat(page, "moves") == "0", "and its release plays nothing"


def test_keyboard_only_game(page, base_url):
    open_game(page, pos_url(base_url, POSITION))
    for _ in range(15):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.classList.contains('card')"):
            break
    else:
        raise AssertionError("Tab never reached a card")
    # Walk to column 1, up to the 9♠, pick up 9♠ 8♠, go right to column 2 and drop.
    for _ in range(10):
        if page.evaluate("document.activeElement.dataset.col") == "0":
            break
        page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowUp")
    assert page.evaluate("document.activeElement.dataset.card") == "9s"
    ring = page.evaluate("""() => { const el = document.activeElement, after = getComputedStyle(el, "::after");
        return [getComputedStyle(el).outlineStyle, parseFloat(after.height), parseFloat(el.style.getPropertyValue("--strip"))]; }""")
    assert ring[0] == "none" and abs(ring[1] - (ring[2] + 5)) < 0.5, f"a covered card's ring goes round its strip: {ring}"
    page.keyboard.press("Enter")
    assert "Picked up 9♠–8♠" in status(page)
    page.keyboard.press("ArrowRight")
    save_screenshot(page, "desktop-keyboard-selection")
    page.keyboard.press("Space")
    assert faces(page, 1) == ["", "Ts", "9s", "8s"]
    page.keyboard.press("u")
    assert faces(page, 0) == ["", "", "9s", "8s"]
    page.keyboard.press("Shift+U")
    assert faces(page, 1)[-1] == "8s"
    page.keyboard.press("Control+z")
    assert faces(page, 1) == ["", "Ts"]
    page.keyboard.press("h")
    assert status(page).startswith(("Hint:", "Looking for the best move"))  # a slow search goes on in spare time
    page.wait_for_function("() => document.querySelector('[data-role=status]').textContent.startsWith('Hint:')")
    assert page.locator(".card.hint").count() >= 1


def test_deal_and_refused_deal(page, base_url):
    open_game(page, pos_url(base_url, POSITION))
    page.locator('[data-action="deal"]').click()
    assert "column 3 is empty" in status(page)
    assert "marked" in column(page, 2).get_attribute("class")
    save_screenshot(page, "desktop-deal-refused")
    click_card(page, 0, 3)
    click_column(page, 2)
    watch_classes(page, "arriving")
    page.locator('[data-action="deal"]').click()
    assert stat(page, "moves") == "2"
    assert all(len(faces(page, c)) >= 1 for c in range(10))
    delays = sorted(delay for delay, *_ in page.evaluate("window.classed"))
    assert delays == [30 * k for k in range(10)], "a visible cascade: at 12 ms apart the row was dealt unseen"


def watch_classes(page, name: str) -> None:
    """Keep, in ``window.classed``, each card given class ``name`` as it gets it (those leaving or
    arriving lose it, or go, within a few hundred ms): its delay in ms, its face and its classes;
    and in ``window.kings`` the delays of a King drawn in a run's slot meanwhile."""
    page.evaluate("""(name) => {
      window.classed = [];
      const seen = new Set();
      new MutationObserver((changes) => {
        for (const { target: el } of changes) {
          if (!el.classList.contains(name) || seen.has(el)) continue;
          seen.add(el);
          const flight = el.getAnimations().find((a) => !(a instanceof CSSTransition));
          const delay = flight ? flight.effect.getTiming().delay : parseFloat(el.style.transitionDelay || "0");
          classed.push([delay, el.firstChild.textContent, el.className]);
        }
      }).observe(document.querySelector(".board"), { attributes: true, attributeFilter: ["class"], subtree: true });
      window.kings = [];
      new MutationObserver(() => {
        for (const king of document.querySelectorAll(".run-slot .card")) {
          if (!seen.has(king)) kings.push(...king.getAnimations().map((a) => a.effect.getTiming().delay));
          seen.add(king);
        }
      }).observe(document.querySelector(".runs"), { childList: true, subtree: true });
    }""", name)


def test_run_completes_and_flips(page, base_url):
    open_game(page, pos_url(base_url, POSITION))
    click_card(page, 4, 13)
    watch_classes(page, "leaving")
    click_column(page, 6)
    assert faces(page, 6) == ["", "Qs"]
    going = page.evaluate("window.classed")
    run = [f"{rank}♠" for rank in ("A", *map(str, range(2, 11)), "J", "Q", "K")]
    assert sorted((delay, face) for delay, face, _ in going) == [(25 * k, face) for k, face in enumerate(run)], \
        "the run goes home a card at a time, its Ace first (as one block it faded out too quickly to see)"
    assert not [face for _, face, classes in going if "selected" in classes], "the A♠ just dropped flew home ringed"
    assert page.evaluate("window.kings") == [12 * 25 + 200], "the slot shows the run as its King lands, not before"
    turning = card(page, 6, 1).evaluate("""el => {
        const [turn] = el.getAnimations();
        turn.pause();
        turn.currentTime = 90;  // halfway over
        const r = el.getBoundingClientRect();
        turn.finish();
        return r.left + r.width / 2;
    }""")
    slot = column(page, 6).bounding_box()
    assert abs(turning - (slot["x"] + slot["width"] / 2)) < 2, "the turned-up card turns over where it lies"
    assert page.locator(".run-slot.filled").count() == 1
    assert stat(page, "score") == "599"
    assert stat(page, "points") == "17", "13 for the run, 1 for each of four lone Kings"
    settle(page)
    page.locator('[data-action="undo"]').click()
    start = card(page, 6, 2).evaluate("el => el.getAnimations()[0].effect.getKeyframes()[0].transform")
    runs, board = page.locator(".run-slot").first.bounding_box(), page.locator(".board").bounding_box()
    assert abs(float(start.split("(")[1].split("px")[0]) - (runs["x"] - board["x"])) < 2, "an undone run comes back from its slot"


def test_quick_presses_after_a_deal_or_a_drop_are_not_a_double_click(page, base_url):
    """The second press of a quick double-click on the stock reaches the stock, not a dealt card
    flying over it; a press that dropped cards on a card starts no double-click on it."""
    open_game(page, base_url + "#spider-2/12")
    box = page.locator('[data-action="deal"]').bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.click(x, y)
    page.wait_for_timeout(60)
    page.mouse.click(x, y)
    settle(page)
    assert stat(page, "moves") == "1" and page.locator(".card.selected").count() == 0, status(page)
    page.goto(pos_url(base_url, POSITION))
    page.evaluate("window.app.ready")
    settle(page)
    click_card(page, 0, 2)  # 9♠–8♠
    target = card(page, 1, 1)  # 10♠
    target.click()
    target.click(position={"x": 8, "y": 4})  # at once, on its strip: picks up 10♠ and the cards just dropped on it
    assert stat(page, "moves") == "1" and status(page).startswith("Picked up 10♠"), status(page)


def won_dialog(page, screenshot: str):
    """The win dialog, once it is up and its opening animation is over, as ``screenshot``."""
    dialog = page.locator('[data-dialog="won"]')
    dialog.wait_for(state="visible")
    page.wait_for_timeout(400)
    save_screenshot(page, screenshot)
    return dialog


def test_win_dialog(page, base_url):
    open_game(page, pos_url(base_url, NEAR_WIN))
    card(page, 1, 0).dblclick(position={"x": 8, "y": 4})
    hops = "() => document.getAnimations().filter(a => a.effect.target.closest('.runs')).length"
    page.wait_for_timeout(300)
    assert page.evaluate(hops) > 0, "the Kings celebrate"
    assert not page.locator('[data-dialog="won"]').is_visible(), "the dialog waits until they have"
    page.keyboard.press("Enter")  # skips the hop (as Esc does): the dialog at once, the board left alone
    page.locator('[data-dialog="won"]').wait_for(state="visible", timeout=500)
    assert "won" in status(page), "not 'Column 1 is empty.' in place of the win"
    dialog = won_dialog(page, "desktop-win")
    assert "Score" in dialog.inner_text() and "does not count in the statistics" in dialog.inner_text()
    assert page.evaluate("document.querySelector('[data-dialog=won]').contains(document.activeElement)"), (
        "the double-clicked card left with the run: Enter works in the dialog")
    dialog.locator('[data-action="replay"]').click()
    assert not dialog.is_visible() and page.locator(".runs.celebrating").count() == 0
    assert faces(page, 1) == ["As"]
    page.emulate_media(reduced_motion="reduce")
    settle(page)
    card(page, 1, 0).dblclick(position={"x": 8, "y": 4})
    dialog.wait_for(state="visible", timeout=500)  # at once: there is no hop to wait for
    assert page.locator(".runs.celebrating").count() == 1 and page.evaluate(hops) == 0, "reduced motion: no hopping"
    dialog.locator('[data-action="dismiss"]').click()
    assert not dialog.is_visible() and len(page.locator(".run-slot.filled").all()) == 8, "the won table, to look at"
    assert page.evaluate("document.activeElement !== document.body"), "focus not lost with the dialog"


def test_the_bars_clock_reads_past_an_hour_as_python_writes_play_time(page, base_url):
    """The page's clock ticks between events, so it formats the time itself: as clock_text does."""
    open_game(page, base_url + "#spider-1/5")  # the deal of the save below, so the link offers no other
    page.evaluate("""([save, ms]) => { localStorage.setItem('spider:save:spider-1', save);
                                       localStorage.setItem('spider:time:spider-1', ms); }""",
                  [one_move_from_winning(5).to_json(), "3723000"])
    page.reload()
    page.evaluate("window.app.ready")
    assert stat(page, "time") == clock_text(3723) == "1:02:03"


def test_statistics_count_a_win_survive_a_reload_and_reset(page, base_url):
    open_game(page, base_url + "#spider-1/5")  # the deal of the save below, so the link offers no other
    page.evaluate("(save) => localStorage.setItem('spider:save:spider-1', save)", one_move_from_winning(5).to_json())
    page.reload()
    page.evaluate("window.app.ready")
    settle(page)
    move = winning_line()[-1]
    click_card(page, move.src, len(faces(page, move.src)) - move.count)
    click_column(page, move.dst)
    won = won_dialog(page, "desktop-win-counted")
    assert "Won 1 of 1 (100 %) · winning streak 1" in won.inner_text()
    page.reload()
    page.evaluate("window.app.ready")
    assert len(page.locator(".run-slot.filled").all()) == 8, "the won game reopened"
    assert page.locator(".runs.celebrating").count() == 0, "a win is celebrated as it happens, not again"
    page.locator('nav [data-action="new"]').click()
    page.reload()
    page.evaluate("window.app.ready")
    page.locator("details.more summary").click()
    page.locator('.menu [data-action="stats"]').click()
    dialog = page.locator('[data-dialog="stats"]')
    dialog.wait_for(state="visible")
    assert dialog.locator('[data-role="stats-variant"]').inner_text() == "Spider · 1 suit"
    shown = dict(zip(dialog.locator("dt").all_inner_texts(), dialog.locator("dd").all_inner_texts()))
    assert shown["Played"] == "1" and shown["Won"] == "1 (100 %)" and shown["Fewest moves"] == str(len(winning_line()))
    page.wait_for_timeout(300)
    save_screenshot(page, "desktop-stats")
    dialog.locator('[data-action="reset-stats"]').click()
    confirm = page.locator('[data-dialog="reset-stats"]')
    confirm.wait_for(state="visible")
    assert dialog.is_hidden()
    confirm.locator('[data-action="reset-stats-confirmed"]').click()
    assert confirm.is_hidden() and status(page) == "Your Spider · 1 suit statistics were reset."
    assert json.loads(page.evaluate("localStorage.getItem('spider:stats:spider-1')"))["played"] == 0
    page.locator("details.more summary").click()
    page.locator('.menu [data-action="stats"]').click()
    assert dialog.locator("dd").first.inner_text() == "0"
    dialog.locator('[data-action="reset-stats"]').click()
    confirm.locator('[data-action="stats"]').click()  # Keep them: back to the statistics
    dialog.wait_for(state="visible")
    page.keyboard.press("Escape")
    assert dialog.is_hidden()
    assert page.evaluate("document.activeElement.matches('details.more summary')"), "focus back on the ⋯ toggle"


def test_reload_resumes_and_variants_keep_their_games(page, base_url):
    open_game(page, base_url + "#spider-1/5")
    page.locator('[data-action="deal"]').click()
    spider1 = [faces(page, c) for c in range(10)]
    page.locator('[data-role="variant"]').select_option("spider-4")
    assert page.evaluate("location.hash").startswith("#spider-4/")
    assert stat(page, "moves") == "0"
    page.locator('[data-action="deal"]').dblclick()
    assert stat(page, "moves") == "1", "a double-click on the stock deals one row"
    page.locator('[data-action="deal"]').press("Enter")
    assert stat(page, "moves") == "2", "Enter on the focused stock deals, however soon"
    spider4 = [faces(page, c) for c in range(10)]
    page.locator('[data-role="variant"]').select_option("spider-1")
    assert [faces(page, c) for c in range(10)] == spider1
    page.reload()
    page.evaluate("window.app.ready")
    assert [faces(page, c) for c in range(10)] == spider1 and stat(page, "moves") == "1"
    page.locator('[data-action="undo"]').click()
    settle(page)
    assert page.locator('.card[data-col]:not([data-card=""])').count() == 10
    page.locator('[data-role="variant"]').select_option("spider-4")
    assert [faces(page, c) for c in range(10)] == spider4


def test_saving_off_deletes_and_is_remembered(page, base_url):
    open_game(page, base_url)
    page.locator('[data-action="deal"]').click()
    assert page.evaluate("localStorage.getItem('spider:save:spider-1')")
    page.locator("details.more summary").click()
    box = page.locator('[data-setting="saving"]')
    box.click()
    dialog = page.locator('[data-dialog="stop-saving"]')
    dialog.wait_for(state="visible")
    save_screenshot(page, "desktop-stop-saving")
    dialog.locator('[data-action="dismiss"]').click()  # Keep saving: a slip of the finger costs nothing
    assert box.is_checked() and page.evaluate("localStorage.getItem('spider:save:spider-1')")
    page.locator("details.more summary").click()
    box.click()
    dialog.locator('[data-action="stop-saving"]').click()
    assert not box.is_checked()
    keys = page.evaluate("Object.keys(localStorage)")
    assert not [k for k in keys if k.startswith("spider:save:")]
    page.locator('[data-action="deal"]').click()
    assert not page.evaluate("localStorage.getItem('spider:save:spider-1')")
    dealt = [faces(page, c) for c in range(10)]
    page.locator('[data-role="variant"]').select_option("spider-2")
    page.locator('[data-role="variant"]').select_option("spider-1")
    assert [faces(page, c) for c in range(10)] == dealt, "kept for the visit, though not in the browser"
    assert not page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('spider:save:'))")
    page.reload()
    page.evaluate("window.app.ready")
    assert not page.locator('[data-setting="saving"]').is_checked()
    page.goto(base_url)  # the site again, not the deal's link
    page.evaluate("window.app.ready")
    assert page.evaluate("window.app.view.seed") not in winnable_seeds("spider-1")[:FIRST_DEALS], (
        "with nothing saved, a visit deals a new game, not a first visit's")


def test_corrupt_save_is_kept_aside(page, base_url):
    open_game(page, base_url)
    page.evaluate("() => localStorage.setItem('spider:save:spider-1', '{not json')")
    page.reload()
    page.evaluate("window.app.ready")
    assert "kept aside" in status(page)
    assert page.evaluate("localStorage.getItem('spider:backup:spider-1')") == "{not json"
    assert stat(page, "moves") == "0"


def test_blocked_storage_never_stops_play(page, base_url):
    open_game(page, base_url)
    page.evaluate("() => { Storage.prototype.setItem = () => { throw new DOMException('full', 'QuotaExceededError'); }; }")
    page.locator('[data-action="deal"]').click()
    assert "Can't save in this browser" in status(page)
    assert stat(page, "moves") == "1"


def test_a_full_storage_loses_nothing_and_warns_only_for_a_game_not_kept(page, base_url):
    refuse = """(prefix) => {
      const setItem = Storage.prototype.setItem;
      Storage.prototype.setItem = function (key, value) {
        if (key.startsWith(prefix)) throw new DOMException("full", "QuotaExceededError");
        return setItem.call(this, key, value);
      };
    }"""
    open_game(page, base_url + "#spider-2/4")
    page.evaluate(refuse, "spider:view:")  # room for the save, not for the view drawn from it
    page.locator('[data-action="deal"]').click()
    assert status(page).startswith("Dealt ") and "Can't save" not in status(page), "the game was kept"
    assert page.evaluate("localStorage.getItem('spider:view:spider-2')") is None, "no older game painted first"
    assert json.loads(page.evaluate("localStorage.getItem('spider:save:spider-2')"))["moves"] == 1
    page.evaluate("localStorage.setItem('spider:save:spider-2', '{not json')")
    page.add_init_script(f"({refuse})('spider:backup:')")  # no room for a copy of the damaged save
    page.reload()
    page.evaluate("window.app.ready")
    assert "no room in this browser to keep the damaged save aside" in status(page)
    page.locator('[data-action="deal"]').click()
    assert page.evaluate("localStorage.getItem('spider:save:spider-2')") == "{not json", "held, not written over"


def test_replay_same_deal_new_game_different_each_asked_first_mid_game(page, base_url):
    open_game(page, base_url + "#spider-2/11")
    start = [faces(page, c) for c in range(10)]
    page.locator('[data-action="deal"]').click()
    page.locator('nav [data-action="replay"]').click()
    ask = page.locator('[data-dialog="give-up"]')
    ask.wait_for(state="visible")
    assert ask.locator("h2").inner_text() == "Replay this deal?"
    assert ask.locator("p").inner_text() == "This game is not finished: it counts as lost."
    page.wait_for_timeout(300)
    save_screenshot(page, "desktop-give-up")
    assert page.evaluate("document.activeElement.dataset.action") == "dismiss", "Enter by mistake keeps the game"
    page.keyboard.press("Enter")
    assert ask.is_hidden() and stat(page, "moves") == "1", "Keep playing keeps the game"
    page.keyboard.press("n")
    ask.wait_for(state="visible")
    assert ask.locator("h2").inner_text() == "Start a new game?"
    page.keyboard.press("Escape")
    assert ask.is_hidden() and stat(page, "moves") == "1"
    page.locator('nav [data-action="replay"]').click()
    ask.locator('[data-action="give-up"]').click()
    assert [faces(page, c) for c in range(10)] == start and stat(page, "moves") == "0"
    page.locator('nav [data-action="new"]').click()
    assert page.evaluate("location.hash") != "#spider-2/11"
    assert [faces(page, c) for c in range(10)] != start


def test_link_opens_that_deal(page, base_url):
    open_game(page, base_url + "#spider-4/99")
    game = Game("spider-4", 99)
    assert [faces(page, c)[-1] for c in range(10)] == [str(col[-1]) for col in game.columns]
    assert page.locator('[data-role="variant"]').input_value() == "spider-4"


def test_site_works_under_a_sub_path(page, sub_url):
    open_game(page, sub_url + "#scorpion/3")
    assert page.locator(".card").count() == 49
    expect(page.locator('[data-action="deal"]')).to_have_attribute("aria-label", "Deal 3 cards to columns 1–3 (1 left)")
    assert page.title() == "Scorpion — Spider Solitaire"
    assert page.evaluate("new URL(document.querySelector('link[rel=stylesheet]').href).pathname").startswith("/spider/")


def test_phone_fits_and_touch_drag_moves(phone_page, base_url):
    page = phone_page
    open_game(page, pos_url(base_url, POSITION))
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert page.evaluate("document.documentElement.scrollHeight <= window.innerHeight")
    strip = card(page, 4, 5).bounding_box()["y"] - card(page, 4, 4).bounding_box()["y"]
    assert strip >= 0.7 * card(page, 4, 4).bounding_box()["height"], f"a covered card is a finger's strip: {strip} px"
    save_screenshot(page, "phone-position")
    box = card(page, 0, 2).bounding_box()
    target = column(page, 2).bounding_box()
    touch_drag(page, [(box["x"] + 6 + (target["x"] - box["x"]) * k / 6, box["y"] + 4 + 40 * k / 6) for k in range(7)])
    assert faces(page, 2) == ["9s", "8s"]
    settle(page)
    assert "covered" in card(page, 2, 0).get_attribute("class")
    box = card(page, 2, 1).bounding_box()
    cdp = page.context.new_cdp_session(page)  # held down over the column, to look mid-drag
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": box["x"] + 6, "y": box["y"] + 4}]})
    for k in range(1, 4):
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": box["x"] + 6, "y": box["y"] + 4 + 30 * k}]})
    assert "covered" not in card(page, 2, 0).get_attribute("class"), "the 9♠ left on top shows whole while 8♠ is away"
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})  # over its own column: put back
    settle(page)
    assert faces(page, 2) == ["9s", "8s"] and "covered" in card(page, 2, 0).get_attribute("class")
    # A second finger down mid-drag, on a column the cards could go to, plays nothing: it moved them
    # there and left them drawn where the first finger was, for good.
    box, other = card(page, 2, 0).bounding_box(), column(page, 1).bounding_box()
    first = [{"x": box["x"] + 6, "y": box["y"] + 4 + 30 * k, "id": 1} for k in range(4)]
    second = {"x": other["x"] + other["width"] / 2, "y": other["y"] + other["height"] - 12, "id": 2}
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": first[:1]})
    for point in first[1:]:
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [point]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [first[-1], second]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": [first[-1]]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    settle(page)
    assert faces(page, 2) == ["9s", "8s"] and page.locator('[data-stat="moves"]').text_content() == "1"
    assert page.locator(".card.dragging").count() == 0
    assert card(page, 2, 1).bounding_box()["y"] > card(page, 2, 0).bounding_box()["y"], "drawn in its column"
    page.goto(base_url + "#spider-4/7")
    page.evaluate("window.app.ready")
    settle(page)
    stats = page.locator(".stats").bounding_box()
    assert stats["x"] + stats["width"] <= 390, "the score line fits the phone's width"
    save_screenshot(page, "phone-start")
    page.locator('[data-action="hint"]').click()
    assert status(page).startswith("Hint: ")
    bar = page.locator(".status-bar").bounding_box()
    for col in range(10):
        box = column(page, col).bounding_box()
        assert box["y"] + box["height"] <= bar["y"], "a two-line message leaves the board where it was laid out"
    save_screenshot(page, "phone-hint")
    page.locator("details.more summary").click()
    menu = page.locator(".menu").bounding_box()
    assert menu["x"] >= 0 and menu["x"] + menu["width"] <= 390, "the menu fits the phone's width"
    save_screenshot(page, "phone-menu")
    page.locator('.menu [data-action="stats"]').click()
    dialog = page.locator('[data-dialog="stats"]').bounding_box()
    assert dialog["x"] >= 0 and dialog["x"] + dialog["width"] <= 390, "the statistics fit the phone's width"
    page.wait_for_timeout(300)
    save_screenshot(page, "phone-stats")
    page.keyboard.press("Escape")
    page.locator("details.more summary").click()
    page.locator('[data-setting="peek"]').check()
    page.keyboard.press("Escape")
    badge = page.locator('[data-role="badge"]').bounding_box()
    assert badge["x"] + badge["width"] <= 390, "the badge fits beside the score line"
    save_screenshot(page, "phone-badge")
    page.set_viewport_size({"width": 320, "height": 640})  # the narrowest phones still in use
    page.reload()  # laid out anew: a mobile page resized on the spot stays zoomed out to its old width
    page.evaluate("window.app.ready")
    settle(page)
    assert page.evaluate("[window.innerWidth, visualViewport.scale]") == [320, 1]
    wide = page.evaluate("""() => [...document.querySelectorAll("body *")]
        .filter(e => e.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
        .map(e => `${e.tagName}.${e.className}`)""")
    assert page.evaluate("document.documentElement.clientWidth") == 320 and not wide, f"sticks out sideways: {wide}"
    name, room = page.evaluate("""() => { const s = document.querySelector('[data-role="variant"]');
        const text = document.createElement("canvas").getContext("2d"); text.font = getComputedStyle(s).font;
        return [text.measureText(s.selectedOptions[0].text).width, s.getBoundingClientRect().width]; }""")
    assert name + 24 <= room, "the game's name shows whole beside the badge (border, padding and arrow take 24 px)"
    spilt = page.evaluate("""() => [...document.querySelectorAll(".card[data-card] .corner")]
        .filter(c => c.textContent && c.getBoundingClientRect().right > c.parentElement.getBoundingClientRect().right - 1.5)
        .map(c => c.textContent)""")
    assert page.locator('.card[data-card="Td"]').count() == 1 and not spilt, f"corners touch the card's edge: {spilt}"
    labels = page.evaluate("""() => [...document.querySelectorAll(".stats dt")].filter(dt => dt.offsetWidth)
        .map(dt => parseFloat(getComputedStyle(dt).fontSize))""")
    assert labels and min(labels) >= 11, f"the counts' labels are readable: {labels} px"
    save_screenshot(page, "phone-320")


def test_a_long_column_stays_on_the_board_and_readable(page, base_url):
    """A column longer than the board has room for is squeezed so that its top card stays on the
    board, and each covered card's rank and suit still show in the strip left to it."""
    open_game(page, pos_url(base_url, LONG_COLUMN))
    for width, height, name in ((1280, 800, "desktop-long-column"), (1366, 640, "laptop-long-column"),
                                (844, 390, "landscape-long-column")):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(300)  # the resize's render, and the cards' move to their new places
        settle(page)
        save_screenshot(page, name)
        board = page.locator(".board").bounding_box()
        top = card(page, 0, 38).bounding_box()  # under 3 face-down cards, the 36th face-up one
        assert top["y"] + top["height"] <= board["y"] + board["height"] + 0.5, "the top card is on the board"
        corner = "el => getComputedStyle(el.querySelector('.corner')).fontSize"
        assert card(page, 0, 38).evaluate(corner) == card(page, 1, 0).evaluate(corner), "a top card's corner is whole"
        if height < 480:
            continue  # a phone held sideways has no room for 36 legible strips: the top card is enough
        hidden = page.evaluate("""() => {
            const cards = [...document.querySelectorAll('.card[data-col="0"]:not(.back)')]
                .sort((a, b) => a.dataset.index - b.dataset.index);
            return cards.slice(0, -1).filter((el, k) => {
                const label = el.querySelector(".corner").getBoundingClientRect();
                const next = cards[k + 1].getBoundingClientRect();
                return label.bottom > next.top + 0.5 || label.height < 8;
            }).map(el => el.dataset.card);
        }""")
        assert not hidden, f"covered by the next card, or too small to read: {hidden}"


def test_a_squeezed_column_still_shows_its_face_down_cards(page, base_url):
    """A long column gives up its face-up cards' room, down to a readable strip, before its
    face-down cards shrink to slivers: the player sees how many cards are still to turn up."""
    open_game(page, pos_url(base_url, TWENTY_UP))
    for width, height in ((360, 640), (390, 844), (820, 1180)):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(300)
        settle(page)
        save_screenshot(page, f"squeezed-{width}x{height}")
        tops = [card(page, 0, k).bounding_box()["y"] for k in range(25)]
        steps = [b - a for a, b in pairwise(tops)]
        downs, ups = steps[:5], steps[5:]
        assert min(ups) >= 14 - 0.5, f"{width}x{height}: face-up strips readable ({min(ups):.1f} px)"
        assert min(downs) >= 5 - 0.5, f"{width}x{height}: face-down cards seen ({min(downs):.1f} px)"


def test_the_cards_are_sized_once_for_the_board_left_by_the_row_above(page, base_url):
    """The row above the board (stock, runs) is sized by the cards: the first render sizes them for
    the board that row leaves, not a later one (a first double-tap missed, the table jumping)."""
    for width, height, url in ((844, 390, "#spider-4/3"), (740, 360, "#spider-4/3"), (1024, 768, "#spider-4/3"),
                               (1440, 720, "#spider-4/3"), (1600, 900, "#pos=" + quote(LONG_COLUMN))):
        page.goto("about:blank")  # the same link again is the same document: no boot, no first render to measure
        page.set_viewport_size({"width": width, "height": height})
        open_game(page, base_url + url)
        first = [card(page, 0, 5).bounding_box(), page.evaluate("document.documentElement.scrollWidth")]
        page.evaluate("dispatchEvent(new Event('resize'))")  # a render for the same window
        settle(page)
        again = card(page, 0, 5).bounding_box()
        assert abs(again["width"] - first[0]["width"]) < 0.6 and abs(again["x"] - first[0]["x"]) < 0.6, (width, height)
        assert first[1] == width, "nothing sticks out sideways"
        writes = page.evaluate("""() => new Promise((done) => {
            let count = 0;
            const watch = new MutationObserver((changes) => { count += changes.length; });
            watch.observe(document.documentElement, { attributes: true, attributeFilter: ["style"] });
            dispatchEvent(new Event("resize"));
            setTimeout(() => { watch.disconnect(); done(count); }, 0);
        })""")
        assert writes == 0, f"settled: a render for the same board sizes nothing again ({width}x{height}: {writes})"


def test_a_deal_never_makes_the_page_wider_than_the_window(page, base_url):
    """The dealt cards fly from the stock at the right edge, each a card wide: frame by frame, the
    page stays the window's width (a phone would scroll or zoom out for it)."""
    page.set_viewport_size({"width": 1366, "height": 768})
    open_game(page, base_url + "#spider-2/5")
    widest = page.evaluate("""() => new Promise((done) => {
        const widths = [], start = performance.now();
        (function frame() {
            widths.push(document.documentElement.scrollWidth);
            if (performance.now() - start < 500) requestAnimationFrame(frame); else done(Math.max(...widths));
        })();
        document.querySelector('[data-action="deal"]').click();
    })""")
    assert page.locator(".card").count() == 104 - 40 and widest == 1366, f"{widest} px wide while dealing"


def test_a_long_message_leaves_the_cards_on_the_board_it_shrinks(page, base_url):
    page.set_viewport_size({"width": 320, "height": 480})
    open_game(page, pos_url(base_url, LONG_COLUMN))
    page.evaluate("() => { Storage.prototype.setItem = () => { throw new DOMException('full', 'QuotaExceededError'); }; }")
    page.locator('[data-action="deal"]').click()  # the deal's words and then the storage warning: three lines
    settle(page)
    assert "Can't save" in status(page)
    board = page.locator(".board").bounding_box()
    top = card(page, 0, len(faces(page, 0)) - 1).bounding_box()
    assert top["y"] + top["height"] <= board["y"] + board["height"] + 0.5, "sized for the board the message leaves"


def test_a_two_line_message_sideways_leaves_the_board_as_it_was(page, base_url):
    """A phone held sideways has no height to spare: a message of two lines takes the height one
    took, so the cards neither shrink nor shift when a long message comes (they did by 3.5 px)."""
    page.set_viewport_size({"width": 844, "height": 390})
    open_game(page, pos_url(base_url, POSITION))
    before = [card(page, 4, 0).bounding_box(), page.locator('[data-role="status"]').bounding_box()]
    page.evaluate("() => { Storage.prototype.setItem = () => { throw new DOMException('full', 'QuotaExceededError'); }; }")
    click_card(page, 0, 2)
    click_card(page, 1, 1)  # 9♠ 8♠ onto 10♠, and then the storage warning: two lines
    settle(page)
    after = [card(page, 4, 0).bounding_box(), page.locator('[data-role="status"]').bounding_box()]
    save_screenshot(page, "landscape-two-lines")
    line = page.evaluate("parseFloat(getComputedStyle(document.querySelector('[data-role=status]')).lineHeight)")
    assert "Can't save" in status(page) and after[1]["height"] >= 2 * line, f"two lines: {status(page)!r}"
    assert before[0] == after[0] and before[1]["height"] == after[1]["height"], (before, after)


def test_a_phone_held_sideways_sets_the_runs_and_the_stock_beside_the_board(phone_page, base_url):
    """Sideways, a phone's height is what a long column lacks: the completed runs stand to the left
    of the board and the stock to its right, so that the board takes the table's whole height (the
    row above it took a fifth), and a completed run still goes to its slot there."""
    page = phone_page
    page.set_viewport_size({"width": 844, "height": 390})
    open_game(page, pos_url(base_url, POSITION))
    board = page.locator(".board").bounding_box()
    runs = page.locator(".runs").bounding_box()
    stock = page.locator(".stock").bounding_box()
    assert runs["x"] + runs["width"] <= board["x"] and stock["x"] >= board["x"] + board["width"], (runs, board, stock)
    assert board["y"] <= runs["y"] and board["height"] >= 0.75 * (page.locator(".table").bounding_box()["height"])
    columns = page.evaluate("[...document.querySelectorAll('.slot')].map(s => s.getBoundingClientRect().x)")
    assert min(columns) >= board["x"] and max(columns) <= board["x"] + board["width"], "the columns stay on the board"
    click_card(page, 4, 13)
    click_card(page, 6, 13)  # A♠ onto 2♠: K♠–A♠ goes home
    settle(page)
    page.wait_for_timeout(600)  # the run's flight to its slot
    home = page.locator(".run-slot.filled .card")
    assert home.count() == 1 and home.bounding_box()["x"] < board["x"], "the run lies in its slot beside the board"
    save_screenshot(page, "landscape-run-home")


def test_view_cache_is_written_for_instant_start(page, base_url):
    open_game(page, base_url + "#spider-2/4")
    cached = json.loads(page.evaluate("localStorage.getItem('spider:view:spider-2')"))
    assert cached["seed"] == 4 and len(cached["columns"]) == 10


def test_a_stored_view_is_painted_early_only_in_this_versions_shape(page, base_url):
    open_game(page, base_url + "#spider-2/4")
    page.add_init_script("""(() => {
      const mark = performance.mark.bind(performance);
      performance.mark = (name, ...rest) => {
        if (name === "spider-painted") {
          window.paintedStatus = document.querySelector("[data-role=status]").textContent;
          window.paintedSeed = window.app.view.seed;
          window.paintedClock = document.querySelector("[data-stat=time]").textContent;
        }
        return mark(name, ...rest);
      };
    })()""")
    restyle = """(shape) => {
      const view = JSON.parse(localStorage.getItem("spider:view:spider-2"));
      view.status = "Drawn from the stored view";
      view.shape = shape ?? view.shape;
      localStorage.setItem("spider:view:spider-2", JSON.stringify(view));
    }"""
    page.evaluate("localStorage.setItem('spider:time:spider-2', '65000')")  # kept on leaving, after the last move
    for shape, from_store in ((None, True), (1, False)):  # an update: a view stored by an earlier version
        page.evaluate(restyle, shape)
        page.reload()
        page.evaluate("window.app.ready")
        assert (page.evaluate("window.paintedStatus") == "Drawn from the stored view") == from_store
        assert page.evaluate("window.paintedClock") == "1:05", "the time kept, not the stored view's"
        assert page.evaluate("window.paintedSeed") == 4, "never another deal, such as the build's pre-rendered one"
    page.evaluate(restyle, None)
    page.evaluate("history.replaceState(null, '', '#spider-2/9')")  # a link to another deal than the stored view's
    page.reload()
    page.evaluate("window.app.ready")
    assert page.evaluate("window.paintedSeed") == 9 and page.evaluate("window.paintedStatus") != "Drawn from the stored view"


def test_a_damaged_stored_view_or_settings_never_stop_the_start(page, base_url):
    open_game(page, base_url + "#spider-2/4")
    page.locator('[data-action="deal"]').click()
    saved = page.evaluate("localStorage.getItem('spider:save:spider-2')")
    page.evaluate("""() => {
      const view = JSON.parse(localStorage.getItem("spider:view:spider-2"));
      localStorage.setItem("spider:view:spider-2", JSON.stringify({ ...view, columns: 5 }));
      const settings = JSON.parse(localStorage.getItem("spider:settings"));
      localStorage.setItem("spider:settings", JSON.stringify({ ...settings, table: [], winnable: [[1]] }));
      localStorage.setItem("spider:time:spider-2", "9".repeat(40));
    }""")
    page.reload()
    page.evaluate("window.app.ready")
    assert status(page).startswith("Spider · 2 suits, deal 4: your game goes on") and stat(page, "moves") == "1"
    assert page.locator('.card[data-col="0"]').count() == 7, "drawn whole by Python"
    assert stat(page, "time") == "0:00", "a damaged play time starts again"
    page.keyboard.press("d")
    assert json.loads(page.evaluate("localStorage.getItem('spider:save:spider-2')"))["history"][:1] == \
        json.loads(saved)["history"], "played on from the saved game, not over it"
    page.evaluate("""() => {
      const view = JSON.parse(localStorage.getItem("spider:view:spider-2"));
      localStorage.setItem("spider:view:spider-2", JSON.stringify({ ...view, clock: null }));
    }""")
    page.reload()
    page.evaluate("window.app.ready")
    assert stat(page, "moves") == "2", "a view that draws but has no clock: the start goes on too"


def test_two_tabs_on_one_variant_lose_nothing(page, base_url, watch):
    open_game(page, base_url + "#spider-1/5")
    other = page.context.new_page()
    watch.attach(other)
    try:
        open_game(other, base_url + "#spider-1/5")
        other.locator('[data-action="deal"]').click()
        newer = other.evaluate("localStorage.getItem('spider:save:spider-1')")
        dialog = page.locator('[data-dialog="conflict"]')
        dialog.wait_for(state="visible")
        save_screenshot(page, "desktop-two-tabs")
        page.keyboard.press("Escape")
        page.wait_for_timeout(100)
        assert dialog.is_visible() and status(page).startswith("Choose which game to keep"), "only a choice ends it"
        dialog.locator('[data-action="load-newer"]').click()
        assert stat(page, "moves") == "1" and not dialog.is_visible()
        assert page.evaluate("localStorage.getItem('spider:save:spider-1')") == newer
        page.locator('[data-action="deal"]').click()
        other.locator('[data-dialog="conflict"] [data-action="load-newer"]').click()
        assert stat(other, "moves") == "2"
        other.locator('nav [data-action="new"]').click()  # the game given up counts, in that tab's record
        other.locator('[data-dialog="give-up"] [data-action="give-up"]').click()
        page.locator('[data-dialog="conflict"] [data-action="load-newer"]').click()
        page.locator("details.more summary").click()
        page.locator('.menu [data-action="stats"]').click()
        assert page.locator('[data-dialog="stats"] dd').first.inner_text() == "1", "the record came with the game"
        page.keyboard.press("Escape")
        # A setting is the browser's: the other tab takes it up, and its next move does not write it back
        page.locator("details.more summary").click()
        page.locator('[data-setting="four-colour"]').check()
        expect(other.locator('[data-setting="four-colour"]')).to_be_checked()
        other.keyboard.press("d")
        page.reload()
        page.evaluate("window.app.ready")
        assert json.loads(page.evaluate("localStorage.getItem('spider:settings')"))["four_colour"] is True
    finally:
        other.close()


def test_board_is_painted_before_python_is_ready(page, base_url):
    open_game(page, base_url + "#spider-2/4")
    # Two frames after the early paint, list the cards moving: the board is placed, not dealt.
    page.add_init_script("""(() => {
      const mark = performance.mark.bind(performance);
      performance.mark = (name, ...rest) => {
        if (name === "spider-painted") requestAnimationFrame(() => requestAnimationFrame(() => {
          window.paintAnimations = document.getAnimations().map((a) => a.effect.target.className)
            .filter((name) => name.includes("card"));
        }));
        return mark(name, ...rest);
      };
    })()""")
    page.reload()
    page.evaluate("window.app.ready")
    painted = page.evaluate("performance.getEntriesByName('spider-painted')[0].startTime")
    interactive = page.evaluate("performance.getEntriesByName('spider-interactive')[0].startTime")
    assert painted < interactive
    assert page.locator(".card").count() == 54
    page.wait_for_function("() => window.paintAnimations !== undefined")
    assert page.evaluate("window.paintAnimations") == []


def test_spare_time_readies_the_hints_and_hint_shows_the_best(page, base_url):
    open_game(page, pos_url(base_url, POSITION))
    ready = "() => window.app.pyodide.runPython(`import spider.app; getattr(spider.app._APP.hint_search, 'done', False)`)"
    page.wait_for_function(ready)  # nobody asked: the page's idle time did the work
    page.click('[data-action="hint"]')
    expected = Game.from_text(POSITION)
    top = next(h for h in hints(expected) if h.useful)
    assert status(page).startswith("Hint: ") and top.reason in status(page)
    save_screenshot(page, "desktop-hint")
    click_card(page, top.move.src, len(expected.columns[top.move.src]) - top.move.count)
    click_column(page, top.move.dst)
    page.wait_for_function("() => window.app.view.moves === 1")
    page.wait_for_function(ready)  # the new position's hints, again without being asked
    page.click('[data-action="hint"]')
    expected.play(top.move)
    top = next(h for h in hints(expected) if h.useful or h.move.is_deal)
    assert status(page).startswith("Hint: ") and top.reason[1:] in status(page)


def test_the_page_imports_the_engine_precompiled(page, base_url):
    """The wheel carries .pyc files for the page's Python, so no boot compiles the engine."""
    open_game(page, base_url)
    report = page.evaluate("""() => window.app.pyodide.runPython(`
import importlib.util, json, sys
found = {}
for name, module in sorted(sys.modules.items()):
    if name.startswith("spider"):
        with open(importlib.util.cache_from_source(module.__file__), "rb") as f:
            head = f.read(8)
        found[name] = [head[:4] == importlib.util.MAGIC_NUMBER, int.from_bytes(head[4:], "little")]
json.dumps(found)
`)""")
    found = json.loads(report)
    assert {"spider", "spider.app", "spider.game", "spider.hints"} <= set(found)
    assert all(valid and flags == 1 for valid, flags in found.values()), found  # 1: unchecked hash
    from_source = page.evaluate("""() => window.app.pyodide.runPython(`
import sys
sorted(name for name, m in list(sys.modules.items())
       if type(getattr(m, "__loader__", None)).__name__ == "zipimporter" and not m.__file__.endswith(".pyc"))
`).toJs()""")
    assert from_source == [], "the standard library modules the page imports must be precompiled"


def test_reduced_motion_turns_animation_off(page, base_url):
    page.emulate_media(reduced_motion="reduce")
    open_game(page, pos_url(base_url, POSITION))
    assert card(page, 0, 2).evaluate("el => getComputedStyle(el).transitionDuration") == "0s"
    click_card(page, 0, 2)
    click_column(page, 1)
    assert page.evaluate("() => document.getAnimations().length") == 0
    page.locator("details.more summary").click()
    page.locator('[data-action="show-me"]').click()  # Python sets its pace, from what the page tells it
    page.wait_for_function("() => window.app.view.autoplay > 0", timeout=60_000)
    assert page.evaluate("window.app.view.autoplay") == 250, "moves that land at once: a quicker pace"
    page.emulate_media(reduced_motion="no-preference")
    page.wait_for_function("() => window.app.view.autoplay > 250")  # told of the change, at the next move
    page.keyboard.press("Escape")
    assert page.locator(".card").first.evaluate("el => getComputedStyle(el).transitionDuration") != "0s"
    page.locator("details.more summary").click()
    page.locator('[data-setting="animations"]').uncheck()  # the game's own setting, as Windows Spider has
    page.locator("details.more summary").click()
    assert page.locator(".card").first.evaluate("el => getComputedStyle(el).transitionDuration") == "0s"
    page.locator('[data-action="deal"]').click()
    assert page.evaluate("() => document.getAnimations().length") == 0, "the row is dealt at once"


def test_high_contrast_still_shows_card_backs_a_picked_up_group_and_the_hint(page, base_url):
    page.emulate_media(forced_colors="active")
    try:
        open_game(page, base_url + "#spider-4/3")
        style = "(el, name) => getComputedStyle(el)[name]"
        back = page.locator(".card.back").first
        assert "gradient" in back.evaluate(style, "backgroundImage"), "a face-down card is not a blank face"
        ink = "el => getComputedStyle(el.querySelector('.corner')).color"
        red, black = (page.locator(f'.card[data-card$="{suit}"]:not(.back)').first for suit in "hs")
        assert red.evaluate(ink) != black.evaluate(ink), "hearts and spades in the same ink"
        page.locator('[data-action="hint"]').click()
        hinted = page.locator(".card.hint").first
        assert hinted.evaluate(style, "outlineStyle") == "double", "not the focus ring's dashes"
        page.wait_for_timeout(300)
        save_screenshot(page, "desktop-high-contrast-hint")
        click_card(page, 0, 5)
        picked = page.locator(".card.selected")
        assert picked.count() == 1 and picked.evaluate(style, "borderTopWidth") == "4px", "a border: focus shows round it"
        assert picked.evaluate(style, "borderTopColor") == page.evaluate(
            "() => { const e = document.createElement('i'); e.style.color = 'Highlight'; document.body.append(e);"
            " const c = getComputedStyle(e).color; e.remove(); return c; }"), "in the player's highlight colour"
        page.keyboard.press("Escape")
        page.evaluate("() => window.app.send({type: 'action', name: 'stats'})")
        dialog = page.locator('[data-dialog="stats"]')
        dialog.wait_for(state="visible")
        assert dialog.evaluate(style, "borderTopStyle") == "solid", "the dialog's edge was a shadow"
        assert dialog.locator("button").first.evaluate(style, "borderTopStyle") == "solid", "buttons drawn as text"
        save_screenshot(page, "desktop-high-contrast-dialog")
    finally:
        page.emulate_media(forced_colors="none")


def test_status_is_announced(page, base_url):
    """Screen readers hear each message once, the same words again too, and not again when a dialog
    closes: a spoken region apart from the status line, emptied and then filled."""
    open_game(page, pos_url(base_url, POSITION))
    live = page.locator('[data-role="say"]')
    assert live.get_attribute("aria-live") == "polite"
    assert page.locator('[data-role="status"]').get_attribute("aria-live") is None, "shown, not spoken twice"
    click_card(page, 0, 2)
    click_column(page, 5)
    assert "can't go on" in status(page)
    expect(live).to_have_text(status(page))  # a moment later
    live.evaluate("""el => {
      window.announced = [];
      new MutationObserver(() => announced.push(el.textContent))
        .observe(el, { childList: true, subtree: true, characterData: true });
    }""")
    for _ in range(2):  # the same words a second time: a screen reader hears them twice
        page.keyboard.press("u")
        page.wait_for_function("() => window.announced.at(-1) === 'Nothing to undo.'")
    assert page.evaluate("window.announced") == ["", "Nothing to undo.", "", "Nothing to undo."]
    page.keyboard.press("?")
    page.locator('[data-dialog="rules"]').wait_for(state="visible")
    assert live.text_content() == "", "a modal dialog hides the page: the old message would be read on its return"
    page.keyboard.press("Escape")
    page.locator('[data-dialog="rules"]').wait_for(state="hidden")
    page.wait_for_timeout(300)
    assert live.text_content() == "" and page.evaluate("window.announced.at(-1)") == ""


def test_undo_and_redo_hand_focus_to_each_other_and_dialogs_are_described(page, base_url):
    open_game(page, pos_url(base_url, POSITION))
    click_card(page, 0, 2)
    click_column(page, 1)
    undo, redo = page.locator('nav [data-action="undo"]'), page.locator('nav [data-action="redo"]')
    undo.focus()
    page.keyboard.press("Enter")  # nothing more to undo: Undo is disabled under the focus
    expect(redo).to_be_focused()
    page.keyboard.press("Enter")
    expect(undo).to_be_focused()
    assert stat(page, "moves") == "3", "each Enter went to the button, none picked a card up"
    page.keyboard.press("n")
    dialog = page.locator('[data-dialog="give-up"]')
    dialog.wait_for(state="visible")
    text = page.locator('[data-role="give-up-text"]').inner_text()
    assert text
    expect(dialog).to_have_accessible_description(text)


def test_badge_and_show_me_use_the_solver_worker(page, base_url):
    open_game(page, pos_url(base_url, NEAR_WIN))
    page.locator("details.more summary").click()
    page.locator('[data-setting="peek"]').check()
    badge = page.locator('[data-role="badge"]')
    assert badge.is_visible()
    page.wait_for_function("() => document.querySelector('[data-role=badge]').dataset.state === 'solved'", timeout=60_000)
    assert badge.inner_text() == "Winnable"
    save_screenshot(page, "desktop-menu-peek")
    page.locator('[data-action="show-me"]').click()
    assert "Looking for a way to win" in status(page) or "Found a win in 1 move." in status(page)
    assert page.locator(".menu").is_hidden(), "the menu closes so the board can be watched"
    save_screenshot(page, "desktop-show-me")
    dialog = page.locator('[data-dialog="won"]')
    dialog.wait_for(state="visible", timeout=60_000)
    assert stat(page, "moves") == "11"
    assert page.evaluate("() => [...document.scripts].every(s => s.src)"), "no inline script"


@pytest.mark.parametrize("width", [390, 360, 320])
def test_finish_plays_the_rest_of_show_mes_win_at_once(phone_page, base_url, width):
    """Beside Finish and Stop, what Show me found took three and four lines on 360 and 320 px phones,
    and the board shrank while the win played."""
    page = phone_page
    page.set_viewport_size({"width": width, "height": 740})
    open_game(page, base_url + "#spider-1/5")
    height = page.locator(".status-bar").bounding_box()["height"]
    page.locator("details.more summary").tap()
    page.locator('.menu [data-action="show-me"]').tap()
    finish = page.locator('[data-role="finish"]')
    finish.wait_for(state="visible", timeout=60_000)
    assert page.locator('[data-role="stop"]').is_visible()
    assert page.locator(".status-bar").bounding_box()["height"] == height, "the board keeps its size"
    save_screenshot(page, f"phone-{width}-show-me-finish")
    found = int(re.search(r"Found a win in (\d+) moves", status(page)).group(1))
    finish.tap()
    page.locator('[data-dialog="won"]').wait_for(state="visible")
    assert stat(page, "moves") == str(found) and finish.is_hidden()
    assert page.locator('[data-role="stop"]').is_hidden()


def test_show_me_plays_the_win_the_badge_found_at_once(page, base_url):
    game = Game("spider-2", 1)  # "Show me" alone takes the page's solver seconds here
    game.play(hints(game)[0].move)  # past the deal's first position, which the shipped list proves
    open_game(page, pos_url(base_url, game.to_text()))
    page.locator("details.more summary").click()
    page.locator('[data-setting="peek"]').check()
    page.wait_for_function("() => document.querySelector('[data-role=badge]').dataset.state === 'solved'", timeout=60_000)
    page.locator('[data-action="show-me"]').click()
    assert status(page).startswith("Found a win in"), "no second search"
    page.locator('[data-role="stop"]').click()
    assert status(page) == STOPPED


def test_stop_while_the_solver_is_looking_plays_nothing(page, base_url):
    open_game(page, pos_url(base_url, NEAR_WIN))
    page.locator("details.more summary").click()
    page.locator('[data-action="show-me"]').click()
    stop = page.locator('[data-role="stop"]')
    stop.click()  # the worker is still starting: the search has not begun
    assert stop.is_hidden() and status(page) == STOPPED
    page.locator("details.more summary").click()
    page.locator('[data-setting="peek"]').check()
    page.wait_for_function("() => document.querySelector('[data-role=badge]').dataset.state === 'solved'", timeout=60_000)
    page.wait_for_timeout(1_000)  # the worker has answered what it was still asked; "Show me" would have moved
    assert stat(page, "moves") == "10" and stop.is_hidden()


def test_stop_ends_a_search_already_running(page, base_url):
    open_game(page, base_url + "#spider-4/82")  # a deal the solver cannot settle in its 60 s
    # Show me, then Stop at moments from before the worker is up to after (sent as the buttons send
    # them, since clicks through the menu take too long to hit the boot): no stopped search may run.
    for pause in (0, 300, 600, 900, 1_200, 0):
        page.evaluate("() => window.app.send({type: 'action', name: 'show-me'})")
        page.wait_for_timeout(pause)
        page.evaluate("() => window.app.send({type: 'action', name: 'stop'})")
    page.locator("details.more summary").click()
    page.locator('[data-setting="peek"]').check()
    page.wait_for_function("() => document.querySelector('[data-role=badge]').dataset.state !== 'thinking'",
                           timeout=25_000)  # the 5 s badge check, not after a 60 s search; the worker is now idle
    page.locator('[data-action="show-me"]').click()
    page.wait_for_timeout(1_500)
    page.locator('[data-role="stop"]').click()
    page.evaluate("(hash) => { location.hash = hash; }", "#pos=" + quote(NEAR_WIN))
    page.wait_for_function("() => document.querySelector('[data-stat=moves]').textContent.trim() === '10'")
    page.locator("details.more summary").click()
    page.locator('[data-action="show-me"]').click()
    # the stopped search would hold the worker for the rest of its 60 s; a new worker answers in seconds
    page.locator('[data-dialog="won"]').wait_for(state="visible", timeout=20_000)


def test_a_wide_menu_sets_the_settings_beside_the_actions_each_closed_up(page, base_url):
    page.set_viewport_size({"width": 1280, "height": 800})
    open_game(page, base_url + "#spider-2/3")
    page.locator("details.more summary").click()
    parts = page.evaluate("""() => [...document.querySelectorAll('.menu-part')].map(part =>
        [...part.children].map(e => e.getBoundingClientRect()).map(r => [r.left, r.top, r.bottom]))""")
    assert len(parts) == 2 and parts[0][0][0] < parts[1][0][0] and parts[0][0][1] == parts[1][0][1], "side by side"
    for part in parts:
        gaps = [round(b[1] - a[2], 1) for a, b in pairwise(part)]
        assert all(gap == 10 for gap in gaps), f"each item 10 px under the one before, whatever is beside it: {gaps}"
    assert page.evaluate("() => { const m = document.querySelector('.menu'); return m.scrollHeight <= m.clientHeight; }")


def test_menu_closes_on_a_click_elsewhere_and_on_escape(page, base_url):
    open_game(page, pos_url(base_url, POSITION))
    menu = page.locator(".menu")
    summary = page.locator("details.more summary")
    summary.click()
    page.locator('[data-setting="peek"]').check()
    assert menu.is_visible(), "a setting inside the menu leaves it open"
    click_column(page, 3)
    assert menu.is_hidden()
    summary.click()
    assert menu.is_visible()
    page.keyboard.press("Escape")
    assert menu.is_hidden()
    summary.focus()
    page.keyboard.press("Enter")
    for _ in range(len(page.locator(".menu input, .menu select").all())):  # past the settings
        page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.dataset.action") == "show-me"
    page.keyboard.press("Enter")
    assert menu.is_hidden()
    assert page.evaluate("() => document.activeElement.tagName") == "SUMMARY", "focus is not dropped on the body"
    page.keyboard.press("Escape")  # any key stops "Show me"
    assert status(page) == STOPPED


def test_winnable_deals_only(page, base_url):
    open_game(page, base_url + "#spider-1/5")
    page.locator("details.more summary").click()
    page.locator('[data-setting="winnable"]').check()
    page.locator("details.more summary").click()
    page.locator('nav [data-action="new"]').click()
    seed = int(page.evaluate("location.hash").split("/")[1])
    assert seed in winnable_seeds("spider-1") and "proven winnable" in status(page)


def test_bad_links_are_refused_and_load_nothing(page, base_url):
    open_game(page, base_url + "#spider-2/4")
    page.locator('[data-action="deal"]').click()
    saved = page.evaluate("localStorage.getItem('spider:save:spider-2')")
    for bad in ("#pos=spider-2%20moves%3Dx", "#spider-9/1", "#spider-2/12ab"):
        page.evaluate(f"location.hash = '{bad}'")
        page.wait_for_function("() => document.querySelector('[data-role=status]').textContent.includes('unchanged')")
        assert page.evaluate("localStorage.getItem('spider:save:spider-2')") == saved
        assert stat(page, "moves") == "1"
        page.evaluate("() => { document.querySelector('[data-role=status]').textContent = ''; }")


def test_four_colour_suits_are_drawn_and_kept_over_a_reload(page, base_url):
    open_game(page, f"{base_url}#spider-4/5")  # its deal turns up all four suits
    inks = """() => Object.fromEntries([...document.querySelectorAll('.card:not([data-card=""])')]
        .map(e => [e.dataset.card.slice(-1), getComputedStyle(e).color]))"""
    assert page.evaluate(inks) == {"s": "rgb(27, 27, 27)", "c": "rgb(27, 27, 27)", "h": "rgb(200, 16, 46)",
                                   "d": "rgb(200, 16, 46)"}
    page.locator("details.more summary").click()
    page.locator('[data-setting="four-colour"]').check()
    page.locator("details.more summary").click()
    four = {"s": "rgb(27, 27, 27)", "c": "rgb(19, 122, 42)", "h": "rgb(200, 16, 46)", "d": "rgb(29, 79, 196)"}
    assert page.evaluate(inks) == four
    save_screenshot(page, "desktop-four-colour")
    page.reload()
    page.evaluate("window.app.ready")
    assert page.evaluate(inks) == four
    assert page.locator('[data-setting="four-colour"]').is_checked()


def test_a_deal_chosen_by_number(page, base_url):
    open_game(page, base_url + "#spider-2/11")
    page.locator("details.more summary").click()
    page.locator('.menu [data-action="choose-deal"]').click()
    dialog = page.locator('[data-dialog="deal"]')
    dialog.wait_for(state="visible")
    assert dialog.locator('[data-role="deal-text"]').inner_text().startswith("This game is deal 11 of Spider · 2 suits.")
    assert page.evaluate("() => document.activeElement.dataset.role") == "deal-number", "ready to type"
    page.keyboard.type("12x")
    page.keyboard.press("Enter")
    error = dialog.locator('[data-role="deal-error"]')
    assert error.inner_text() == "“12x” is not a deal number: type a whole number, such as 123."
    assert dialog.locator("input").get_attribute("aria-invalid") == "true"
    page.wait_for_timeout(300)
    save_screenshot(page, "desktop-deal-number")
    assert page.evaluate("location.hash") == "#spider-2/11" and stat(page, "moves") == "0"
    dialog.locator("input").fill("42")
    page.keyboard.press("Enter")
    dialog.wait_for(state="hidden")
    game = Game("spider-2", 42)
    assert [faces(page, c)[-1] for c in range(10)] == [str(col[-1]) for col in game.columns]
    assert page.evaluate("location.hash") == "#spider-2/42" and status(page) == "Spider · 2 suits, deal 42. Good luck!"
    page.locator('[data-action="deal"]').click()
    page.locator("details.more summary").click()
    page.locator('.menu [data-action="choose-deal"]').click()
    assert dialog.locator("input").input_value() == "", "each time a new number"
    dialog.locator("input").fill("7")
    dialog.locator('button[type="submit"]').click()
    ask = page.locator('[data-dialog="give-up"]')
    ask.wait_for(state="visible")
    assert ask.locator("h2").inner_text() == "Play deal 7?"
    ask.locator('[data-action="give-up"]').click()
    assert page.evaluate("location.hash") == "#spider-2/7" and stat(page, "moves") == "0"


def test_a_phone_has_finger_sized_controls_and_one_bar_row_held_sideways(phone_page, base_url):
    page = phone_page
    open_game(page, base_url + "#will-o-the-wisp/3")  # the longest name
    sizes = """() => [...document.querySelectorAll('.controls > button, .more summary, .variant select')]
        .map(e => e.getBoundingClientRect()).map(r => [Math.round(r.width), Math.round(r.height)])"""
    assert all(w >= 44 and h >= 44 for w, h in page.evaluate(sizes)), page.evaluate(sizes)
    assert page.locator(".stats .wide").bounding_box()["width"] <= 1, "no room for Points on the bar"
    assert "Points" in page.locator(".stats").aria_snapshot(), "but a screen reader still reads them"
    for width, height in ((844, 390), (667, 375)):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(200)
        bar = page.locator(".bar").bounding_box()
        assert bar["height"] < 56, "one row: the board keeps its height"
        boxes = page.evaluate("""() => [...document.querySelectorAll('.variant select, .stats > div, .controls > *')]
            .map(e => e.getBoundingClientRect()).filter(r => r.width > 1).map(r => [r.left, r.right])""")
        assert all(a[1] <= b[0] + 0.5 for a, b in pairwise(boxes)) and boxes[-1][1] <= width, f"overlap: {boxes}"
        assert all(w >= 44 and h >= 44 for w, h in page.evaluate(sizes))
        save_screenshot(page, f"landscape-{width}")


def test_the_tap_after_a_quick_flick_of_a_card_is_not_lost(phone_page, base_url):
    page = phone_page
    open_game(page, base_url + "#spider-1/42")  # A♠ on top of column 4, 2♠ of column 10
    start, end = card(page, 3, 4).bounding_box(), card(page, 9, 4).bounding_box()
    touch_drag(page, [(start["x"] + 20 + (end["x"] - start["x"]) * k / 3, start["y"] + 30 + (end["y"] - start["y"]) * k / 3)
                      for k in range(4)], pause_s=0.01)  # about 3 px a millisecond: a flick
    assert faces(page, 9)[-2:] == ["2s", "As"]
    settle(page)
    undo = page.locator('[data-action="undo"]').bounding_box()
    touch_drag(page, [(undo["x"] + undo["width"] / 2, undo["y"] + undo["height"] / 2)])  # a tap
    page.wait_for_function("() => document.querySelector('[data-role=status]').textContent.startsWith('Undid')",
                           timeout=3_000)
    assert faces(page, 9)[-1] == "2s", "the first tap on Undo undoes: it is not taken for stopping a fling"


def test_a_phone_players_taps_land_as_meant(phone_page, base_url):
    page = phone_page
    open_game(page, base_url + "#spider-1/42")  # A♠ on top of column 4, 2♠ of column 10
    stock = page.locator(".stock").bounding_box()
    assert stock["width"] >= 44 and stock["height"] >= 44, "a finger's target, round the small stock's cards"
    assert stock["x"] + stock["width"] <= 390 and stock["y"] + stock["height"] <= column(page, 0).bounding_box()["y"]
    summary, menu = page.locator("details.more summary"), page.locator(".menu")
    summary.tap()
    menu.evaluate("m => { m.scrollTop = m.scrollHeight; }")
    box = card(page, 0, 5).bounding_box()
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] - 10)
    assert menu.is_hidden() and page.locator(".card.selected").count() == 0, "the tap only closed the menu"
    summary.tap()
    page.wait_for_function("() => document.querySelector('.menu').scrollTop === 0", timeout=2_000)  # opens at its top
    page.locator('.menu [data-action="stats"]').tap()
    dialog = page.locator('[data-dialog="stats"]')
    dialog.wait_for(state="visible")
    assert all(b["height"] >= 44 for b in (e.bounding_box() for e in dialog.locator("button").all()))
    page.touchscreen.tap(5, 5)  # on the backdrop, outside the dialog
    dialog.wait_for(state="hidden")
    start, last = card(page, 3, 4).bounding_box(), column(page, 9).bounding_box()
    end = (last["x"] + last["width"] + 3, last["y"] + 80)  # just past the last column, still on the screen
    assert end[0] < 390
    touch_drag(page, [(start["x"] + 20, start["y"] + 30)]
               + [(start["x"] + 20 + (end[0] - start["x"] - 20) * k / 6, start["y"] + 30 + (end[1] - start["y"] - 30) * k / 6)
                  for k in range(1, 7)])
    assert faces(page, 9)[-2:] == ["2s", "As"], "dropped beside the last column, where no other is: onto it"


def test_stop_takes_a_finger_without_shrinking_a_sideways_phones_board(phone_page, base_url):
    page = phone_page
    page.set_viewport_size({"width": 750, "height": 342})
    open_game(page, base_url + "#spider-1/42")
    height = page.locator(".status-bar").bounding_box()["height"]
    page.evaluate("() => window.app.send({type: 'action', name: 'show-me'})")
    stop = page.locator('[data-role="stop"]')
    stop.wait_for(state="visible")
    assert page.locator(".status-bar").bounding_box()["height"] == height, "the board keeps its size"
    box = stop.bounding_box()
    reach = page.evaluate("""([x, top, bottom]) => [top - 8, bottom + 8].map(y =>
        document.elementFromPoint(x, Math.min(y, innerHeight - 1))?.closest('[data-role=stop]') !== null)""",
                          [box["x"] + box["width"] / 2, box["y"], box["y"] + box["height"]])
    assert reach == [True, True], "8 px above and below it are Stop's too"
    stop.tap()
    assert status(page) == STOPPED


@pytest.mark.parametrize("width", [360, 320])
def test_a_long_hint_keeps_a_phones_board_its_size(phone_page, base_url, width):
    """A hint with its plan runs to 81-108 characters, three lines at 14 px on a 360 px phone: the
    board shrank by a line while it showed, and a squeezed column's cards jumped."""
    page = phone_page
    page.set_viewport_size({"width": width, "height": 740})
    game = Game("spider-2", 1)
    for _ in range(14):
        game.play(next(h for h in hints(game) if h.useful).move)
    open_game(page, pos_url(base_url, game.to_text()))
    board = page.locator(".board").bounding_box()
    page.locator('[data-action="hint"]').tap()
    page.wait_for_function("() => document.querySelector('[data-role=status]').textContent.startsWith('Hint:')")
    assert len(status(page)) > 80, "a long message, or the test shows nothing"
    assert page.locator(".board").bounding_box() == board
    save_screenshot(page, f"phone-{width}-long-hint")


def test_a_deal_chosen_by_number_on_a_phone(phone_page, base_url):
    page = phone_page
    open_game(page, base_url + "#spider-4/3")
    page.locator("details.more summary").tap()
    page.locator('.menu [data-action="choose-deal"]').tap()
    dialog = page.locator('[data-dialog="deal"]')
    dialog.wait_for(state="visible")
    box = dialog.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390, "the dialog fits the phone's width"
    assert dialog.locator("input").get_attribute("inputmode") == "numeric", "a phone shows its number pad"
    dialog.locator("input").fill("")
    dialog.locator('button[type="submit"]').tap()
    assert dialog.locator('[data-role="deal-error"]').inner_text() == "Type a deal number, such as 123."
    page.wait_for_timeout(300)
    save_screenshot(page, "phone-deal-number")
    dialog.locator("input").fill("1234567")
    dialog.locator('button[type="submit"]').tap()
    dialog.wait_for(state="hidden")
    assert page.evaluate("location.hash") == "#spider-4/1234567"


def test_how_to_play_shows_this_variants_rules(page, phone_page, base_url):
    from spider import VARIANTS
    from spider.rules import how_to_play
    from spider.view import CONTROLS

    for shown, url, shot in ((page, base_url + "#scorpion/3", "desktop-rules"),
                             (phone_page, base_url + "#spiderette/3", "phone-rules")):
        open_game(shown, url)
        name = url.split("#")[1].split("/")[0]
        shown.locator("details.more summary").click()
        shown.locator('.menu [data-action="rules"]').click()
        dialog = shown.locator('[data-dialog="rules"]')
        dialog.wait_for(state="visible")
        assert dialog.locator("h2").inner_text() == f"How to play {VARIANTS[name].title}"
        assert dialog.locator("p").all_inner_texts() == [*how_to_play(VARIANTS[name]), CONTROLS]
        box, width = dialog.bounding_box(), shown.viewport_size["width"]
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, "the rules fit the screen's width"
        shown.wait_for_timeout(300)
        save_screenshot(shown, shot)
        dialog.locator('[data-action="dismiss"]').click()
        dialog.wait_for(state="hidden")
    assert page.evaluate("() => document.activeElement.tagName") == "SUMMARY", "focus went back to the ⋯ toggle"
    page.set_viewport_size({"width": 640, "height": 400})  # a laptop at 200 % zoom
    page.keyboard.press("?")  # the game's keys work from there too
    dialog = page.locator('[data-dialog="rules"]')
    dialog.wait_for(state="visible")
    heading, close = dialog.locator("h2").bounding_box(), dialog.locator('[data-action="dismiss"]').bounding_box()
    assert heading["y"] >= 0 and close["y"] + close["height"] <= 400, "the title and Close both in sight"
    text = dialog.locator(".rules-text")
    assert text.evaluate("t => t.scrollTop === 0 && t.scrollHeight > t.clientHeight"), "the text scrolls, from its start"
    page.wait_for_timeout(300)
    save_screenshot(page, "short-rules")


def test_a_phone_held_sideways_shows_the_menus_main_actions_unscrolled(phone_page, base_url):
    """Sideways, a finger's 44 px rows of settings filled the menu's one column: Show me, How to
    play and Statistics lay below its fold. Beside the settings they show at once."""
    page = phone_page
    page.set_viewport_size({"width": 844, "height": 390})
    open_game(page, base_url + "#spider-4/3")
    page.locator("details.more summary").click()
    menu = page.locator(".menu").bounding_box()
    for action in ("show-me", "rules", "stats"):
        box = page.locator(f'.menu [data-action="{action}"]').bounding_box()
        assert box["y"] + box["height"] <= menu["y"] + menu["height"] and menu["x"] >= 0, action
    save_screenshot(page, "landscape-menu")
    page.keyboard.press("Escape")


def test_the_menu_fits_a_short_window(page, base_url):
    open_game(page, base_url + "#spider-4/3")
    page.set_viewport_size({"width": 1366, "height": 768})  # the commonest laptop screen
    page.locator("details.more summary").click()
    assert page.evaluate("(m => m.scrollHeight <= m.clientHeight)(document.querySelector('.menu'))"), \
        "settings beside the actions: the whole menu shows, unscrolled"
    save_screenshot(page, "laptop-menu")
    page.keyboard.press("Escape")
    page.set_viewport_size({"width": 844, "height": 390})  # a phone held sideways: its bar wraps
    page.locator("details.more summary").click()
    assert page.locator(".menu").bounding_box()["x"] >= 0, "none of the menu off the left edge"
    page.keyboard.press("Escape")
    page.set_viewport_size({"width": 800, "height": 500})  # a landscape phone or a small laptop window
    page.locator("details.more summary").click()
    menu = page.locator(".menu")
    assert menu.bounding_box()["y"] + menu.bounding_box()["height"] <= 500, "nothing hangs off the bottom"
    keys = page.locator(".menu .keys")
    keys.scroll_into_view_if_needed()
    box = keys.bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= 500, "the last line is reached by scrolling the menu"
    page.locator('.menu [data-action="choose-deal"]').click()
    page.locator('[data-dialog="deal"]').wait_for(state="visible")


def test_a_big_screen_gets_big_cards_and_the_row_above_lines_up_with_the_columns(page, base_url):
    page.set_viewport_size({"width": 1920, "height": 1080})
    open_game(page, base_url + "#spider-2/11")
    first, last = column(page, 0).bounding_box(), column(page, 9).bounding_box()
    assert first["width"] >= 140, "the table is not left half empty"
    slot = page.locator(".run-slot").first.bounding_box()
    stock = page.locator(".stock").bounding_box()
    assert abs(slot["x"] - first["x"]) <= 1 and abs(stock["x"] + stock["width"] - last["x"] - last["width"]) <= 1
    save_screenshot(page, "big-screen")


def test_the_peeking_badge_keeps_a_desktop_bar_to_one_row(page, base_url):
    open_game(page, base_url + "#spider-2/11")
    page.locator("details.more summary").click()
    page.locator('[data-setting="peek"]').check()
    page.keyboard.press("Escape")
    for width, height, variant in ((1000, 700, "spider-2/11"), (1280, 800, "spiderette/3"), (1920, 1080, "spiderette/3")):
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("(hash) => { location.hash = hash; }", "#" + variant)
        page.wait_for_timeout(300)
        page.evaluate("() => { document.querySelector('[data-role=badge]').hidden = true; }")
        short = page.locator(".bar").bounding_box()["height"]
        page.evaluate("""() => [['score', '1289'], ['moves', '123'], ['time', '12:34']].forEach(([name, value]) => {
            document.querySelector(`[data-stat=${name}]`).textContent = value; })""")  # a late game's
        assert page.locator(".bar").bounding_box()["height"] == short, f"{width} px: a four-digit score wraps the bar"
        page.evaluate("(hash) => { location.hash = hash; }", "#" + variant.replace("/", "/1"))
        page.wait_for_timeout(300)
        for text in ("", "Winnable", "Checking…", "Can't check"):  # each width the badge takes, none at first
            page.evaluate("""(text) => { const badge = document.querySelector('[data-role=badge]');
                badge.hidden = !text; badge.textContent = text; }""", text)
            bar = page.locator(".bar").bounding_box()
            if not text:
                one_row = bar["height"]
            assert bar["height"] == one_row, f"{width} px, {text!r}: the bar wraps"
            assert page.evaluate("""() => getComputedStyle(document.querySelector('.bar')).paddingLeft
                === getComputedStyle(document.querySelector('.status-bar')).paddingLeft"""), "both lined up alike"
        save_screenshot(page, f"badge-bar-{width}")


def test_the_table_colour_is_chosen_and_drawn_at_once_on_the_next_visit(page, base_url):
    open_game(page, base_url + "#spider-4/3")
    felt = "() => getComputedStyle(document.body).backgroundImage"
    green = page.evaluate(felt)
    page.locator("details.more summary").click()
    page.locator('[data-choice="table"]').select_option("blue")
    assert page.evaluate("document.documentElement.dataset.table") == "blue" and status(page) == "Blue table."
    blue = page.evaluate(felt)
    assert blue != green and "rgb(21, 77, 117)" in blue
    assert page.locator('meta[name="theme-color"]').get_attribute("content") == "#154d75", "a phone's browser bar too"
    page.keyboard.press("Escape")
    page.wait_for_timeout(300)
    save_screenshot(page, "desktop-blue-table")
    page.goto(base_url + "#spider-4/3")
    assert page.evaluate("document.documentElement.dataset.table") == "blue", "as the page loads, before Python is ready"
    page.evaluate("window.app.ready")
    page.locator("details.more summary").click()
    assert page.locator('[data-choice="table"]').input_value() == "blue"
    assert page.locator('meta[name="theme-color"]').get_attribute("content") == "#154d75"


def test_a_backup_file_is_saved_and_loaded_back(page, base_url, tmp_path):
    open_game(page, base_url + "#spider-2/11")
    page.locator('[data-action="deal"]').click()
    played = [faces(page, c) for c in range(10)]
    page.locator("details.more summary").click()
    with page.expect_download() as info:
        page.locator('.menu [data-action="export"]').click()
    assert info.value.suggested_filename == f"spider-backup-{browser_day(page)}.json", "a file a day, by the player's date"
    backup = tmp_path / "spider-backup.json"
    info.value.save_as(backup)
    page.locator('nav [data-action="new"]').click()
    page.locator('[data-dialog="give-up"] [data-action="give-up"]').click()
    assert [faces(page, c) for c in range(10)] != played
    (tmp_path / "bad.json").write_text("not a backup")
    page.locator('[data-role="backup-file"]').set_input_files(tmp_path / "bad.json")
    page.wait_for_function("() => document.querySelector('[data-role=status]').textContent.includes('Nothing was')")
    page.locator('[data-role="backup-file"]').set_input_files(backup)
    dialog = page.locator('[data-dialog="import"]')
    dialog.wait_for(state="visible")
    assert "1 saved game and no statistics" in dialog.inner_text()
    page.wait_for_timeout(300)
    save_screenshot(page, "desktop-load-backup")
    dialog.locator('[data-action="import-confirmed"]').click()
    dialog.wait_for(state="hidden")
    assert [faces(page, c) for c in range(10)] == played and stat(page, "moves") == "1"
    page.reload()
    page.evaluate("window.app.ready")
    assert [faces(page, c) for c in range(10)] == played, "the loaded game is the saved one now"


def test_hiding_the_page_keeps_the_time_played(page, base_url):
    open_game(page, base_url + "#spider-1/5")
    page.locator('[data-action="deal"]').click()
    page.wait_for_timeout(1_200)
    page.evaluate("""() => {
        Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
        document.dispatchEvent(new Event("visibilitychange"));
    }""")
    kept = int(page.evaluate("localStorage.getItem('spider:time:spider-1')"))
    assert kept >= 1_000, "the second since the deal is kept, though no move came after it"


def test_todays_deal_is_the_same_proven_deal_for_everyone_and_goes_on_after_a_reload(page, base_url):
    from spider.winnable import daily_seed

    open_game(page, base_url + "#spider-4/3")
    page.locator('[data-action="deal"]').click()
    page.locator("details.more summary").click()
    page.locator('.menu [data-action="daily"]').click()
    ask = page.locator('[data-dialog="give-up"]')
    ask.wait_for(state="visible")
    assert ask.locator("h2").inner_text() == "Play today's deal?"
    ask.locator('[data-action="give-up"]').click()
    day = browser_day(page)
    seed = daily_seed("spider-4", day)
    assert page.evaluate("location.hash") == f"#spider-4/{seed}" and stat(page, "moves") == "0"
    assert status(page) == (f"Today's deal ({day.day} {day:%B}): Spider · 4 suits deal {seed}, proven winnable. "
                            "Good luck!")
    game = Game("spider-4", seed)
    assert [faces(page, c)[-1] for c in range(10)] == [str(col[-1]) for col in game.columns]
    page.reload()
    page.evaluate("window.app.ready")
    page.locator("details.more summary").click()
    page.locator('.menu [data-action="daily"]').click()
    assert status(page) == f"This is today's deal: Spider · 4 suits deal {seed}.", "still the day's deal after a reload"


def test_the_clock_counts_a_pause_as_python_does_and_never_goes_back(page, base_url):
    open_game(page, base_url + "#spider-1/5")
    page.locator('[data-action="deal"]').click()
    shown = []
    for _ in range(12):  # quick undos and redos: each answer from Python resets the page's count
        page.keyboard.press("u" if len(shown) % 2 == 0 else "Shift+U")
        shown.append(stat(page, "time"))
        page.wait_for_timeout(250)
    seconds = [int(m) * 60 + int(s) for m, s in (t.split(":") for t in shown)]
    assert seconds == sorted(seconds) and seconds[-1] >= 2, shown
    page.evaluate("() => { const real = Date.now; Date.now = () => real() + 45_000; }")  # a 45 s pause
    page.wait_for_timeout(400)
    paused = stat(page, "time")
    assert paused in ("0:32", "0:33", "0:34", "0:35"), "a pause counts up to 30 s, as in the statistics"
    time = page.locator('[data-stat="time"]')
    expect(time).to_have_class(re.compile(r"\bwaiting\b"))  # stood still: dimmed, not seemingly broken
    save_screenshot(page, "desktop-clock-waiting")
    page.keyboard.press("u")
    assert stat(page, "time") >= paused, "the move after the pause keeps the time the clock showed"
    expect(time).not_to_have_class(re.compile(r"\bwaiting\b"))


def test_a_screen_reader_finds_each_column_with_its_cards_and_focus_is_never_lost(page, base_url):
    open_game(page, pos_url(base_url, POSITION))
    card(page, 0, 2).focus()
    page.keyboard.press("Enter")
    expect(page.locator(".board")).to_match_aria_snapshot("""
      - group "Tableau":
        - 'group "Column 1: 2 face-down, 9♠, 8♠"':
          - button "9♠, picked up"
          - button "8♠, picked up"
        - 'group "Column 2: 1 face-down, 10♠, a legal drop"':
          - button "10♠"
        - button "Column 3, empty, a legal drop"
    """)
    page.keyboard.press("Escape")
    card(page, 4, 13).focus()
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")  # A♠ onto 2♠: the run completes and flies off
    page.keyboard.press("ArrowLeft")  # at once, while it flies
    assert page.evaluate("[document.activeElement.dataset.col, document.activeElement.className]") == [
        "5", "card movable"], "focus moves on from the column the run left, not to a card leaving the game"
    page.locator("details.more summary").focus()
    page.keyboard.press("Enter")
    for _ in range(30):
        page.keyboard.press("Tab")
        if not page.evaluate("document.querySelector('details.more').contains(document.activeElement)"):
            break
    assert not page.evaluate("document.querySelector('details.more').open"), "a menu left behind hid what has focus"

    page.goto(pos_url(base_url, NEAR_WIN))
    page.locator('[data-dialog="link"] [data-action="open-link"]').click()  # over the game in progress
    settle(page)
    card(page, 1, 0).focus()
    for key in ("Enter", "ArrowLeft", "Enter"):
        page.keyboard.press(key)
    page.locator('[data-dialog="won"]').wait_for(state="visible")
    page.keyboard.press("Escape")
    page.locator('[data-dialog="won"]').wait_for(state="hidden")
    assert page.evaluate("document.querySelector('.board').contains(document.activeElement)"), "not lost to the body"
    page.keyboard.press("n")
    page.keyboard.press("d")
    page.keyboard.press("n")
    page.locator('[data-dialog="give-up"]').wait_for(state="visible")
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Enter")  # "New game": every card of the old deal leaves, the one focused too
    page.locator('[data-dialog="give-up"]').wait_for(state="hidden")
    assert page.evaluate("document.querySelector('.board').contains(document.activeElement)"), "not lost to the body"


def test_letter_keys_are_switched_off_in_the_menu_and_stay_off(page, base_url):
    open_game(page, base_url + "#spider-1/5")
    page.locator("details.more summary").click()
    box = page.locator('.menu [data-setting="letter-keys"]')
    assert box.is_checked()
    box.click()
    page.keyboard.press("Escape")
    page.keyboard.press("d")
    assert stat(page, "moves") == "0" and status(page).startswith("Letter keys off")
    assert page.locator('nav [data-action="undo"]').get_attribute("title") == "Undo (Ctrl+Z)"
    page.reload()
    page.evaluate("window.app.ready")
    page.locator("details.more summary").click()
    assert not box.is_checked()
    assert page.locator(".menu .keys").inner_text().endswith("(letter keys are off).")
    page.keyboard.press("Escape")
    page.keyboard.press("Control+z")
    assert status(page) == "Nothing to undo.", "Ctrl+Z is no letter key: it still works"


def test_one_tap_moves_a_card_once_the_player_asks_it_to(phone_page, base_url):
    page = phone_page
    open_game(page, pos_url(base_url, POSITION))
    card(page, 0, 3).tap()
    assert faces(page, 0)[-1] == "8s" and page.locator(".card.selected").count() == 1, "a tap picks up"
    page.wait_for_timeout(400)  # not a double-tap
    card(page, 0, 3).tap()  # and a second puts it back
    assert page.locator(".card.selected").count() == 0 and stat(page, "moves") == "0"
    page.locator("details.more summary").tap()
    page.locator('[data-setting="tap-moves"]').check()
    page.locator("details.more summary").tap()
    settle(page)
    strip = card(page, 0, 1).bounding_box()  # a face-down card's strip, a finger's width from 9♠
    cdp = page.context.new_cdp_session(page)
    point = {"x": strip["x"] + strip["width"] / 2, "y": strip["y"] + 4, "radiusX": 20, "radiusY": 20}
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    assert stat(page, "moves") == "0" and status(page).startswith("That card is face down"), status(page)
    page.wait_for_timeout(600)
    box = card(page, 0, 2).bounding_box()
    card(page, 0, 2).tap()
    page.wait_for_timeout(150)
    page.touchscreen.tap(box["x"] + 6, box["y"] + 4)  # the rest of a double-tap, on the 3♠ turned up there
    settle(page)
    assert stat(page, "moves") == "1", status(page)
    assert faces(page, 1)[-2:] == ["9s", "8s"], "9♠–8♠ onto 10♠ at one tap"
    assert page.locator(".card.selected").count() == 0, "a double-tap's second press is no second move, nor a pick"


def test_with_one_tap_on_a_tap_moves_the_card_tapped_while_another_with_nowhere_to_go_is_picked_up(
    phone_page, base_url
):
    """6♠ has nowhere to go, so a tap leaves it picked up: the next tap, on 9♠, was a drop of 6♠ there,
    refused, and every tap after it too. A tap moves the card tapped."""
    page = phone_page
    open_game(page, pos_url(base_url, position("spider-1", ["2s | 6s", "3s | 9s", "| Ts"] + ["| Ks"] * 7, spare=2)))
    page.locator("details.more summary").tap()
    page.locator('[data-setting="tap-moves"]').check()
    page.locator("details.more summary").tap()
    card(page, 0, 1).tap()
    assert page.locator(".card.selected").count() == 1 and stat(page, "moves") == "0", status(page)
    page.wait_for_timeout(600)  # not a double-tap
    card(page, 1, 1).tap()
    settle(page)
    assert faces(page, 2)[-2:] == ["Ts", "9s"] and stat(page, "moves") == "1", status(page)


def test_copy_link_says_whether_it_copied_even_with_no_clipboard_and_a_worker_refused_is_reported(page, base_url):
    """A page that is not https (a LAN address) has no navigator.clipboard: the press threw, and the
    player heard nothing. A worker the browser refuses to start threw out of the event as well."""
    open_game(page, base_url + "#spider-1/5")
    page.evaluate("""() => Object.defineProperty(navigator, "clipboard", { value: {
        writeText: (text) => { window.copied = text; return Promise.resolve(); } }, configurable: true })""")
    page.locator("details.more summary").click()
    page.locator('[data-action="copy-link"]').click()
    expect(page.locator('[data-role="status"]')).to_have_text("Link to this deal copied.")
    assert page.evaluate("window.copied").endswith("#spider-1/5")
    page.evaluate('() => Object.defineProperty(navigator, "clipboard", { value: undefined, configurable: true })')
    page.locator("details.more summary").click()
    page.locator('[data-action="copy-link"]').click()
    expect(page.locator('[data-role="status"]')).to_have_text("Could not copy; the link is in the address bar.")
    page.evaluate('() => { window.Worker = function () { throw new Error("workers refused here"); }; }')
    page.locator("details.more summary").click()
    page.locator('[data-action="show-me"]').click()
    expect(page.locator('[data-role="status"]')).to_contain_text("workers refused here")
    assert page.locator('[data-role="stop"]').is_hidden(), "nothing is left waiting on the solver"


def test_a_finger_that_drifts_a_little_in_a_tap_still_taps(phone_page, base_url):
    """At 6 px, the mouse's threshold, a fingertip's drift made a tap a drag back onto its own column:
    nothing was picked up, and nothing said (the tablet audit; Android allows 8 dp)."""
    page = phone_page
    open_game(page, pos_url(base_url, POSITION))
    box = card(page, 0, 2).bounding_box()
    cdp = page.context.new_cdp_session(page)
    x, y = box["x"] + box["width"] / 2, box["y"] + 6
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x + 5, "y": y + 6}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    assert page.locator(".card.selected").count() == 2 and status(page).startswith("Picked up 9♠"), status(page)


def test_arrows_and_letters_on_the_game_list_do_not_switch_variant_at_each_press(page, base_url):
    open_game(page, base_url + "#spider-1/5")
    page.locator('[data-role="variant"]').focus()
    for key in ("ArrowDown", "ArrowDown", "w", "End"):
        page.locator('[data-role="variant"]').press(key)
        page.keyboard.press("Escape")  # closes the list it opened
    assert page.evaluate("location.hash") == "#spider-1/5" and page.locator('[data-role="variant"]').input_value() == "spider-1"
    page.locator('[data-role="variant"]').select_option("spider-2")  # a choice made in the list still switches
    page.wait_for_function("() => location.hash.startsWith('#spider-2')")
