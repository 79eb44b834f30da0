"""A Domino Poker match in the save: in the match journal (hw/journal.py), as
every other game's, so the main menu's Continue finds it and a save costs the
same at any length of match.

The header chunk says `game: poker`, then the opponents' level and the player's
profile, then the compact record's head (PokerRecord.encode(): its version,
the match length and the seed); each action adds a chunk of three
bytes: the action, whether the handheld made it for a late player, and the
missed turns in a row after it (the last action's is the one that counts).
Coming back, the actions are played again from the seed (core.pokerrecord):
a match saved after any action continues exactly there. A summary for the
menu (ui.matchsave) is noted when the scores change.
"""

from core.pokerrecord import decode
from hw.journal import chunk, DAMAGED

from ui.matchsave import DONE_KEY, handheld, next_number, pending, summary

LEVELS = ("easy", "medium", "hard")
_ACTION = b"P"
_HEAD = 6  # the bytes of PokerRecord.encode() before its actions


class PokerSave:
    def __init__(self, level, record):
        self.level = level
        self.record = record
        self.number = -1  # the match's number in the journal, once saved there
        self._kept = 0  # actions the journal holds

    def _header(self):
        words = "game: poker\n%s %s\n" % (self.level, self.record.players[0])
        return words.encode() + self.record.encode()[:_HEAD]

    def save(self, storage, missed, game):
        """Append the actions made since the last save (`missed`: the missed turns
        now); written anew for a new match or a journal left uneven. False if the
        flash refused it (the next save tries again)."""
        journal = storage.match
        record = self.record
        fresh = self.number < 0 or not journal.whole
        if fresh:
            if self.number < 0:
                self.number = next_number(storage)
            self._kept = 0
        body = b""
        for i in range(self._kept, len(record.actions)):
            last = i == len(record.actions) - 1
            after = missed if last else 0
            body += chunk(_ACTION, bytes((record.actions[i], record.late[i], after)))
        if fresh:
            done = journal.start(self.number, self._header(), body)
        else:
            done = not body or journal.append(body)
        if done:
            self._kept = len(record.actions)
            # Made only when the hand or the scores have changed.
            journal.note_of(self.number, (game.hand_no,) + tuple(game.scores),
                            lambda: self._summary(game))
        return done

    def _summary(self, game):
        note = "Hand %d/%d, " % (game.hand_no, game.options.hands)
        return summary("Domino Poker", self._names(), game.scores, note)

    def _names(self):
        return [self.record.players[0]] + [handheld(self.level)] * 3

    def finish(self, storage, paid):
        """The match is over: retired (marked done, so a copy of the journal a
        power cut leaves never comes back) in the same write as `paid()`, which
        puts the coins into the wallet, then the journal cleared. A match retired
        already pays nothing again. False if the save could not be written."""
        if self.number < 0 or storage.get(DONE_KEY) != self.number:
            paid()
            if self.number >= 0:
                storage.set(DONE_KEY, self.number)
            return storage.save(True)
        storage.match.clear()
        return True


def players(name, level):
    return [name] + ["handheld:" + level] * 3


def load(storage):
    """(save, game, missed, note): the poker match the journal holds and its game
    played up to its last save, the missed turns then and what was lost for the
    player ("" if nothing); save None when there is none or it cannot be played
    again."""
    if pending(storage) < 0:
        return None, None, 0, ""
    journal = storage.match
    try:
        number, save, missed = _rebuild(journal.load())
    except ValueError:
        return None, None, 0, "The saved match was damaged and could not be restored."
    save.number = number
    save._kept = len(save.record.actions)
    game = save.record.game()
    if journal.status == DAMAGED:
        lost = "Part of the saved match was damaged: it goes on from move %d." % (save._kept + 1)
        return save, game, missed, lost
    return save, game, missed, ""


def _rebuild(chunks):
    """(number, save, missed) from the journal's chunks; ValueError for chunks that
    are no poker match, or whose actions do not replay."""
    if not chunks:
        raise ValueError("no match")
    header = chunks[0][1]
    parts = bytes(header[4:]).split(b"\n", 2)
    try:
        level, name = parts[1].decode().split(" ", 1)
    except (IndexError, UnicodeError, ValueError):
        raise ValueError("not a poker match") from None
    if parts[0] != b"game: poker" or level not in LEVELS or len(parts[2]) != _HEAD:
        raise ValueError("not a poker match")
    actions = bytearray()
    late = bytearray()
    missed = 0
    for kind, payload in chunks[1:]:
        if kind != _ACTION or len(payload) != 3 or payload[2] > 3:
            raise ValueError("an unknown chunk")
        actions.append(payload[0])
        late.append(payload[1])
        missed = payload[2]
    # decode() checks that the actions replay
    record = decode(bytes(parts[2]) + bytes(actions) + bytes(late), players(name, level))
    return int.from_bytes(header[:4], "big"), PokerSave(level, record), missed
