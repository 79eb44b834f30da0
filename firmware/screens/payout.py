"""The end of an online match, as the server's result has it: the standings
with each seat's points and the coins it won (the pot's 70 % and 30 % to the
two best-placed registered players, a reward by the bots' level), the pot, the
rating a duel moved and your new balance. A (or B) goes back to the lobby,
where `create`, `join` and a quick match work again."""

from gfx import text
from hw.buttons import A, B
from micropython import const
from ui import tableview, tunes
from ui.online import seat_name
from ui.widgets import centre, footer, title

_ROWS = const(4)


class Screen:
    def __init__(self, app, client):
        self.app = app
        self.client = client
        over = client.over or {}
        room = client.room or {}
        you = room.get("you")
        game = room.get("game")
        standings = [s for s in over.get("standings") or () if isinstance(s, int)]
        scores = over.get("scores") or ()
        won: dict = {}  # seat -> coins: the pot's share and the reward
        for row in list(over.get("payout") or ()) + list(over.get("rewards") or ()):
            if isinstance(row, dict) and isinstance(row.get("coins"), int):
                won[row.get("seat")] = won.get(row.get("seat"), 0) + row["coins"]
        self.rows = []  # (place and name, points, "+coins" or "")
        for i in range(min(len(standings), _ROWS)):
            s = standings[i]
            points = scores[s] if s < len(scores) and isinstance(scores[s], int) else 0
            name = text.fit(seat_name(room, s), 62)
            self.rows.append(("%d %s" % (i + 1, name), points,
                              "+%d" % won[s] if won.get(s) else ""))
        winners = over.get("winners") or ()
        if you in winners:
            self.title = "You win!"
        elif winners and isinstance(winners[0], int):
            self.title = seat_name(room, winners[0]) + " wins"
        else:
            self.title = "Match over"
        pot = over.get("pot")
        self.pot = "pot %d" % pot if isinstance(pot, int) and pot else ""
        self.note = self._rating(over, you) if game == "1x1" else self._paid(over, pot)
        player = client.player or {}
        coins = player.get("coins")
        self.foot = "%dc  A: lobby" % coins if isinstance(coins, int) and not player.get(
            "guest") else "A: lobby"
        app.sound.play(tunes.WIN if you in winners else tunes.LOSE)
        said = ", ".join("%s %d%s" % (r[0], r[1], " won " + r[2][1:] + " coins" if r[2] else "")
                         for r in self.rows)
        app.say("%s. %s. %s. %s" % (self.title, said, self.note, self.foot))

    @staticmethod
    def _paid(over, pot):
        """Who the pot went to, in short."""
        shares = [row for row in over.get("payout") or () if isinstance(row, dict)]
        if not isinstance(pot, int) or not pot:
            return "A free room: no pot"
        if not shares:
            return "Nobody was paid the pot"
        if len(shares) == 1:
            return "One player took the pot"
        return "Pot: 70% to 1st, 30% to 2nd"

    @staticmethod
    def _rating(over, you):
        for row in over.get("elo") or ():
            if isinstance(row, dict) and row.get("seat") == you:
                before, after = row.get("before"), row.get("after")
                if isinstance(before, (int, float)) and isinstance(after, (int, float)):
                    return "Rating %d -> %d" % (round(before), round(after))
        return "Not rated"

    def update(self):
        buttons = self.app.buttons
        if buttons.just_pressed(A) or buttons.just_pressed(B):
            self.app.sound.play(tunes.SELECT)
            client = self.client
            game = (client.room or {}).get("game", "poker")
            client.room = client.view = client.over = None
            self.app.go("lobby", client, game)
            return
        self.client.step(self.app.clock.last_ms)  # balances and the lobby's news come on

    def draw(self):
        fb = self.app.fb
        fb.fill(0)
        title(fb, self.title, self.pot)
        text.draw(fb, "pts", 78, 10)
        text.draw(fb, "coins", 100, 10)
        for i in range(len(self.rows)):
            row = self.rows[i]
            y = 17 + 7 * i
            text.draw(fb, row[0], 2, y)
            tableview.signed(fb, row[1], 92, y)
            if row[2]:
                text.draw(fb, row[2], 125 - text.width(row[2]), y)
        centre(fb, self.note, 45)
        footer(fb, self.foot)
