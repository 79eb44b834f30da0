"""A WiFi board's network: the access point and the room server named in a
settings file on the board, which `make flash` writes there (WIFI_SSID=,
WIFI_PASSWORD=, SERVER=) and which never enters the repository:

    {"ssid": "home", "password": "...", "server": "ws://192.168.1.20:8765"}

main.py asks for it on a board file with "wifi": True:

    net = wifi.net_from_settings()     # a hw.net.SocketNet, or None

The interface is brought up only when the firmware first opens a link (the
Online menu), and step by step: ready() is asked once a frame and returns True
once the board has joined, so the frame loop never waits for WiFi.
"""

import json

from micropython import const

SETTINGS = "net.json"
_RETRY_CALLS = const(300)  # after a failure, join again this many frames later (10 s)


class Wifi:
    def __init__(self, network, ssid, password):
        self._network = network
        self.ssid = ssid
        self._password = password
        self._wlan = None
        self._since_failure = -1
        self.problem = "joining the WiFi " + ssid

    def ready(self):
        """True once the board is on the WiFi; never blocks."""
        network = self._network
        wlan = self._wlan
        if wlan is None:
            wlan = network.WLAN(network.STA_IF)
            wlan.active(True)
            wlan.connect(self.ssid, self._password)
            self._wlan = wlan
        if wlan.isconnected():
            self.problem = ""
            self._since_failure = -1
            return True
        why = _failure(network, wlan.status())
        if why:
            self.problem = why
            self._since_failure += 1
            if self._since_failure >= _RETRY_CALLS:
                self._since_failure = 0
                wlan.connect(self.ssid, self._password)
        return False


def _failure(network, status):
    """The words for a WLAN status that means the join failed, else ""."""
    for name, words in (("STAT_WRONG_PASSWORD", "the WiFi password is wrong"),
                        ("STAT_NO_AP_FOUND", "no WiFi network of that name is in reach"),
                        ("STAT_CONNECT_FAIL", "the WiFi refused the board")):
        code = getattr(network, name, None)
        if code is not None and status == code:
            return words
    return ""


def load_settings(path=SETTINGS, open_file=open):
    """The settings file's dict, or None when there is none (or it is damaged)."""
    try:
        with open_file(path) as f:
            settings = json.loads(f.read())
    except (OSError, ValueError):
        return None
    if not isinstance(settings, dict) or not isinstance(settings.get("server"), str):
        return None
    return settings


def net_from_settings(path=SETTINGS, open_file=open):
    """The board's network from its settings file, or None without one."""
    settings = load_settings(path, open_file)
    if settings is None:
        return None
    import select
    import socket  # type: ignore[import-not-found]

    from hw.net import SocketNet

    interface = None
    ssid = settings.get("ssid")
    if isinstance(ssid, str) and ssid:
        try:
            import network  # type: ignore[import-not-found]
        except ImportError:  # a port with no WiFi of its own (the unix port)
            network = None
        if network is not None:
            interface = Wifi(network, ssid, str(settings.get("password", "")))
    return SocketNet(socket, select, settings["server"], interface)
