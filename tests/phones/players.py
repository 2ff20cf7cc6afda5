"""Players for the phone tests of Skirmish and Gladiator! (tests/phones/test_phones_skirmish.py,
test_phones_gladiator.py): a WebSocket phone that picks by the words it is shown, and a person on the real
phone page (headless Chromium) tapping a choice of each decision of their seat as the page shows it.

    Chooser(pg.host, "Ann", pick)                          # pick(labels, decision id) -> the index to answer
    PagePlayer(pg, table, driver, "Ann", pick).play()      # pick(labels) -> the index of the button to tap

A Chooser's pick depends only on what it is asked (not on how many times a state reached it), so a game
between Choosers goes the same way every run: the dice are the game's seed's.

It taps only once the page shows the decision the table waits on (its prompt is on the page), presses the
page's confirm button (id "confirm") when one shows, and keeps a picture of the page at each new kind of
question when `shots` names a folder.
"""

from __future__ import annotations

from harness import WsPhone

RETRY_FRAMES = 600
"""Frames after a tap with nothing changed before the same decision is tapped again (a tap lost)."""


class Chooser(WsPhone):
    """A WebSocket phone answering each decision with `pick(labels, decision id)`."""

    def __init__(self, host, seat: str, pick):
        self.pick = pick
        super().__init__(host, seat, auto=True)

    async def _send(self, msg):
        if msg.get("t") == "answer" and self.last and self.last.get("decision"):
            d = self.last["decision"]
            if d["id"] == msg["d"]:
                k = self.pick([c["label"] for c in d["choices"]], d["id"])
                msg = {**msg, "c": d["choices"][k]["i"]}   # (the page answers a choice's number, not its place)
        await super()._send(msg)


def first_of(words, labels: list[str], n: int) -> int:
    """The first label (in `words`' order) that starts with one of `words`, else one chosen by the number `n`."""
    for word in words:
        for i, label in enumerate(labels):
            if label.startswith(word):
                return i
    return n * 7 % len(labels)


class PagePlayer:
    def __init__(self, pg, table, driver, seat: str, pick, shots: str | None = None, name: str = "page"):
        self.pg, self.table, self.driver, self.seat, self.pick = pg, table, driver, seat, pick
        self.shots, self.name = shots, name
        self.taps = 0
        self.kinds: set[str] = set()
        self._last = None
        self._since = 0

    def page_text(self) -> str:
        return self.driver.execute_script("return document.body.textContent") or ""

    def step(self) -> bool:
        from selenium.common.exceptions import StaleElementReferenceException

        try:
            return self.tap()
        except StaleElementReferenceException:  # the page drew itself again meanwhile (a new state): look again
            return False

    def tap(self) -> bool:
        from selenium.webdriver.common.by import By

        pg, table, driver = self.pg, self.table, self.driver
        if pg.front.over:
            return True
        d = table.decision
        if d is None or d.player != self.seat or table.stage != "auto" or table.phones.dirty:
            return False
        for b in driver.find_elements(By.ID, "doit") + driver.find_elements(By.ID, "confirm"):  # the page's "Do it"
            if b.is_displayed() and b.is_enabled():
                b.click()
                return False
        now = (pg.front.answers, repr(getattr(table, "move", None)))
        self._since += 1
        if self._last == now and self._since < RETRY_FRAMES:
            return False
        msg = table.phones.message(self.seat)["decision"]
        if msg is None or msg["prompt"] not in self.page_text():
            return False
        buttons = [b for b in driver.find_elements(By.CSS_SELECTOR, "button.choice") if b.is_displayed()
                   and b.is_enabled()]
        if not buttons:
            return False
        kind = "facing" if getattr(table, "move", None) is not None else d.kind
        if self.shots and kind not in self.kinds:
            driver.save_screenshot(f"{self.shots}/{self.name}-{len(self.kinds)}-{kind}.png")
        self.kinds.add(kind)
        chosen = buttons[self.pick([b.text for b in buttons])]
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", chosen)  # (not under the bar)
        chosen.click()
        self._last, self._since = now, 0
        self.taps += 1
        return False

    def play(self) -> None:
        self.pg.run_until(self.step, what=f"the game's end, played on {self.seat}'s page")
        self.pg.run_until(lambda: any(w in self.page_text() for w in ("wins", "draw", "Draw", "over")),
                          what="the end on the page")
        if self.shots:
            self.driver.save_screenshot(f"{self.shots}/{self.name}-over.png")
