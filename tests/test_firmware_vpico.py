"""The frozen firmware (`make firmware`, tools/device/firmware.py) and the virtual Pico
(sim/vpico): the image holds the game, boots on an emulated RP2040, and a
scripted sequence from the title into a match shows the same frames, bit for
bit, as the pygame emulator's for the same buttons on the same frames.

The firmware build takes about a minute the first time and seconds once
build/micropython/ holds it; the virtual Pico runs about half of real time."""

import pathlib
import re
import shutil
import subprocess
import sys

import pytest

import build  # noqa: E402
import firmware  # noqa: E402
from sim import vpico  # noqa: E402
from sim.emulator import Emulator, game  # noqa: E402
from sim.headless import parse_script  # noqa: E402

ROOT = build.ROOT
# Title, main menu, "All Fives vs handheld", Start (the deal), the lead, two plays of
# the player and the handheld's replies: 230 frames, under 8 s of device time.
SCRIPT = ("20-21:a,40-41:a,60-61:a,90-91:right,100-101:a,130-131:a,160-161:right,"
          "170-171:a,200-201:a")
FRAMES = 230


def test_the_manifest_freezes_what_the_handheld_imports_and_the_board(tmp_path):
    path = firmware.manifest("picoboy", tmp_path)
    namespace = {"frozen": [], "included": [], "required": []}
    code = path.read_text()
    exec(code, {"include": namespace["included"].append, "require": namespace["required"].append,
                "freeze": lambda where, names: namespace["frozen"].append((where, names))})
    # The port's own manifest's lines, but the handheld's _boot.py for the port's.
    assert namespace["included"] == ["$(MPY_DIR)/extmod/asyncio"]
    assert namespace["required"] == ["onewire", "ds18x20", "dht", "neopixel"]
    port, boot, (game_dir, modules), (board_dir, board_file) = namespace["frozen"]
    assert port == ("$(PORT_DIR)/modules", ("_boot_fat.py", "rp2.py"))
    assert boot == (str(ROOT / "tools" / "device" / "frozen"), "_boot.py")
    sources = {p.relative_to(build.FIRMWARE).as_posix() for p in build.FIRMWARE.rglob("*.py")}
    assert pathlib.Path(game_dir) == build.FIRMWARE
    readers = {p.as_posix() for p in build.HOST_ONLY}
    assert set(modules) == sources - readers and "main.py" in modules
    assert board_file == "board_config.py"
    frozen_board = pathlib.Path(board_dir) / board_file
    assert frozen_board.read_text() == (build.BOARDS / "picoboy.py").read_text()


def test_boards_without_an_rp2040_are_told_to_keep_stock_firmware():
    tool = ROOT / "tools" / "device" / "firmware.py"
    run = subprocess.run([sys.executable, str(tool), "esp8266-i2c"], capture_output=True, text=True)
    assert run.returncode != 0 and "Traceback" not in run.stderr
    assert "keeps stock MicroPython" in run.stderr and "pico-spi, picoboy" in run.stderr


def built(board):
    missing = [tool for tool in firmware.TOOLS if shutil.which(tool) is None]
    if missing:
        pytest.skip("no %s (.ci/run installs the toolchain): no firmware" % ", ".join(missing))
    return firmware.firmware(board)


@pytest.fixture(scope="module")
def uf2():
    return built("pico-spi")


def payload(uf2_path):
    """The bytes a .uf2 writes into flash, in address order."""
    data = uf2_path.read_bytes()
    blocks = []
    for offset in range(0, len(data), 512):
        block = data[offset:offset + 512]
        assert block[:8] == b"UF2\n\x57\x51\x5d\x9e"  # the two start magics
        address, size = int.from_bytes(block[12:16], "little"), int.from_bytes(block[16:20],
                                                                               "little")
        blocks.append((address, block[32:32 + size]))
    return b"".join(chunk for _, chunk in sorted(blocks))


def test_the_image_holds_the_game_frozen_but_not_the_record_reader(uf2):
    image = payload(uf2)
    for name in (b"main.py", b"board_config.py", b"core/allfives.py", b"screens/table.py",
                 b"players/expert.py", b"_boot.py"):
        assert name in image
    for reader in build.HOST_ONLY:
        assert reader.as_posix().encode() not in image
    assert b"Raspberry Pi Pico + SSD1306 (SPI)" in image  # the board file's own text


# The interpreter's loop, the allocator and the collector, and the parser: the
# functions the rp2 port means to run from RAM rather than through the flash's cache.
HOT_IN_RAM = ("mp_execute_bytecode", "gc_alloc", "gc_free", "mp_parse")
RAM = range(0x20000000, 0x20042000)  # the RP2040's 264 KB of SRAM


def test_the_hot_interpreter_functions_are_linked_into_ram(uf2):
    symbols = subprocess.run(["arm-none-eabi-nm", str(uf2.parent / "firmware.elf")],
                             capture_output=True, text=True, check=True).stdout
    address = {}
    for line in symbols.splitlines():
        fields = line.split()
        if len(fields) == 3 and fields[1] in "tT":
            address[fields[2]] = int(fields[0], 16)
    for name in HOT_IN_RAM:
        assert address[name] in RAM, "%s at %#x: in flash" % (name, address[name])
    assert address["mp_obj_new_list"] not in RAM  # the rest of the core stays in flash


# mpy-tool freezes an int constant beyond +-8191 as a big int whatever the board (the
# least any port's small int holds), and every operation on one allocates: NUMBER
# & hand in the players' play-outs made some 50 bytes of garbage a search node on
# the Pico. The game's int tables are made so that none is, but for numbers no
# 32-bit board holds as a small int (2**30 and beyond, such as a CRC's mask).
BIG_INT = re.compile(r"static const mp_obj_int_t const_obj_(\w+) = \{\{&mp_type_int\}, "
                     r"\{\.neg=(\d), .*\.dig=\(uint(\d+)_t\*\)\(const uint\d+_t\[\]\)\{([^}]*)\}")


def test_no_small_number_of_the_game_is_frozen_as_a_big_int(uf2):
    source = (firmware.WORK / "build-rp2" / "frozen_content.c").read_text()
    packages = tuple(p.name + "_" for p in (ROOT / "firmware").iterdir() if p.is_dir())
    found = BIG_INT.findall(source)
    assert found  # the port's own and the CRC's masks: the pattern still reads the file
    small = []
    for name, negative, bits, digits in found:
        value = sum(int(d, 16) << int(bits) * i for i, d in enumerate(digits.split(",")))
        if name.startswith(packages) and value < 1 << 30:
            small.append("%s = %s%d" % (name, "-" if negative == "1" else "", value))
    assert not small, "frozen as big ints: " + ", ".join(small)


def virtual_pico(board, image):
    try:
        return vpico.VirtualPico(board, image)
    except vpico.Missing as e:
        if "node" in str(e) or "rp2040js" in str(e):
            pytest.skip(str(e))
        raise


def test_the_virtual_pico_shows_the_emulators_frames_bit_for_bit(uf2, tmp_path):
    pico = virtual_pico("pico-spi", uf2)
    script = parse_script(SCRIPT)
    shown = {}
    with pico:
        pico.run(FRAMES, script, lambda n: shown.__setitem__(n, pico.board.controller.glass()))
        assert pico.serial == b""  # nothing printed: no traceback
    emulator = Emulator("pico-spi", screen=game, save_dir=tmp_path)
    expected = []
    for number in range(1, FRAMES + 1):
        emulator.step(script.get(number, ()))
        expected.append(emulator.controller.glass())
    assert sorted(shown) == list(range(1, FRAMES + 1))
    # On the board a table's picture too long for its frame reaches the panel a
    # frame late, whole (ui.redraw's split): the frame before stays meanwhile.
    # The emulator's clock stands still within a frame, so it never splits.
    late = [n for n in range(2, FRAMES) if shown[n] != expected[n - 1]
            and shown[n] == shown[n - 1] and shown[n + 1] == expected[n - 1]]
    different = [n for n in shown if shown[n] != expected[n - 1] and n not in late]
    assert different == []
    assert len(late) <= FRAMES // 20
    # The run went somewhere: into a match the handheld has played in.
    session = emulator.screen.screen.session
    assert len(session.record.actions) >= 3 and len(set(expected)) > 20


def test_the_virtual_picos_flash_keeps_what_the_board_writes(uf2):
    """The firmware boots with littlefs on rp2.Flash but its last 64 KB,
    formatted by the handheld's _boot.py (tools/device/frozen) through the boot
    ROM's erase and program, and the flash keeps what is written: a file reads
    back from a new mount of the same part of the flash, the match log
    (hw/flashlog.py) finds its 64 KB and keeps a match through a new opening,
    a page programmed twice holds the AND of both (NOR), an erase gives 0xff
    again."""
    code = (
        "import os, rp2\n"
        "from hw.flashlog import FlashLog, region\n"
        "from hw.journal import chunk\n"
        "with open('kept.txt', 'w') as f:\n"
        "    f.write('a save')\n"
        "log = region(rp2, os)\n"
        "kept = FlashLog(log)\n"
        "print(kept.start(3, b'seed') and kept.append(chunk(b'A', b'xy')))\n"
        "print(FlashLog(log).load() == [(b'H', b'\\x00\\x00\\x00\\x03seed'), (b'A', b'xy')])\n"
        "os.umount('/')\n"
        "size = rp2.Flash().ioctl(4, 0) * 4096\n"
        "flash = rp2.Flash(start=0, len=size - 65536)\n"
        "os.mount(os.VfsLfs2(flash, progsize=256), '/')\n"
        "with open('/kept.txt') as f:\n"
        "    print(f.read())\n"
        "last = flash.ioctl(4, 0) - 1\n"
        "flash.ioctl(6, last)\n"
        "flash.writeblocks(last, b'\\x0f' * 256, 0)\n"
        "flash.writeblocks(last, b'\\x3c' * 256, 0)\n"
        "page = bytearray(512)\n"
        "flash.readblocks(last, page, 0)\n"
        "print(page[:256] == b'\\x0c' * 256, page[256:] == b'\\xff' * 256)\n"
        "flash.ioctl(6, last)\n"
        "flash.readblocks(last, page, 0)\n"
        "print(page == b'\\xff' * 512)\n"
    )
    with virtual_pico("pico-spi", uf2) as pico:
        pico.run(5)
        assert pico.repl(code).split() == ["True", "True", "a", "save", "True", "True", "True"]


def test_the_i2c_board_boots_into_the_emulators_title_over_its_bus(tmp_path):
    """pico-i2c's firmware (the same port build, its board frozen in: a relink)
    drives the panel over I2C: the title the virtual Pico shows is the emulator's."""
    frames = 25
    shown = []
    with virtual_pico("pico-i2c", built("pico-i2c")) as pico:
        pico.run(frames, on_frame=lambda n: shown.append(pico.board.controller.glass()))
        assert pico.serial == b""
    emulator = Emulator("pico-i2c", screen=game, save_dir=tmp_path)
    for _ in range(frames):
        emulator.step()
    assert shown[-1] == emulator.controller.glass()
    assert len(set(shown[-1])) > 1  # something is drawn, not a blank panel
