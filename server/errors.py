"""A refused request: its stable code (docs/protocol.md, "Errors") and words for the player."""


class Refused(Exception):
    def __init__(self, code, message):
        super().__init__(message)
        self.code = code
        self.message = message
