"""What going online adds to the handheld's heap (issue 23's client figure), under a
MicroPython unix port (the 32-bit one for a board's figure), from .mpy files:

    micropython -X heapsize=400000 tools/bench/mpy_net_heap.py TREE

TREE is a firmware tree built by tools/device/build.py (e.g. build/bench-unix32/
virtual after `make bench-heap`). Prints the heap held after importing the offline
Domino Poker screen, then after also importing the network layer (hw/) and the
online Poker table, and what the second adds: the modules' own objects, before
any connection's buffers.
"""

import gc
import sys

sys.path.insert(0, sys.argv[1])
gc.collect()
base = gc.mem_alloc()
from screens import poker  # noqa: E402,F401  (the offline table, for comparison)

gc.collect()
offline = gc.mem_alloc() - base
from hw import netkeys, roomclient, sha1, tcp, wsclient  # noqa: E402,F401
from screens import onlinepoker  # noqa: E402,F401
from ui import online, onlinechoice, onlineplay  # noqa: E402,F401

gc.collect()
both = gc.mem_alloc() - base
print("offline_poker_table_bytes", offline)
print("with_online_poker_table_bytes", both)
print("online_adds_bytes", both - offline)
