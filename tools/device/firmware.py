"""A MicroPython firmware with the game frozen in: `make firmware BOARD=name`.

    python tools/device/firmware.py BOARD [--jobs N]

For the RP2040 boards (pico-spi, pico-i2c, picoboy) it builds MicroPython
v1.28.0's rp2 port (RPI_PICO) with every module of firmware/ the handheld
imports, the board file (as board_config.py) and main.py frozen into flash, so
the game starts at power on and nothing needs copying. Outputs:

    build/BOARD/firmware.uf2     for the BOOTSEL drive or picotool (`make flash`)
    build/BOARD/firmware.elf     the same image with its symbols
    build/BOARD/manifest.py      the frozen manifest, generated from the board
                                 and the firmware tree

The MicroPython sources come from MICROPY_SRC: either a MicroPython tree with
its submodules (py/, ports/rp2/, lib/pico-sdk/, ...) or a folder holding the
source archives micropython-1.28.0-src.tar.xz and picotool-2.2.0-src.tar.xz
(and rp2040-bootrom-b1.bin, which is copied to build/micropython/ for sim/vpico).
Without MICROPY_SRC the sources an earlier build unpacked are used, or else
the pinned upstream commits are fetched from GitHub once.
Everything is unpacked and built under build/micropython/, which is kept, so a
second build only re-freezes the modules and links (seconds, not a minute).
Toolchain: gcc-arm-none-eabi, libnewlib-arm-none-eabi,
libstdc++-arm-none-eabi-newlib, cmake, make, a host C compiler.
"""

import argparse
import fcntl
import os
import pathlib
import shutil
import subprocess
import sys
import tarfile
import urllib.request

import build

ROOT = build.ROOT
WORK = build.BUILD / "micropython"  # sources, mpy-cross, picotool, port builds
VERSION = "1.28.0"
MICROPYTHON = "micropython-" + VERSION
PICOTOOL = "picotool-2.2.0"
BOOTROM = "rp2040-bootrom-b1.bin"  # the RP2040's boot ROM, which the virtual Pico runs
ARCHIVES = {MICROPYTHON: MICROPYTHON + "-src.tar.xz", PICOTOOL: PICOTOOL + "-src.tar.xz"}
# MicroPython's own scripts would take the enclosing repository's `git describe`.
VERSION_ENV = {"MICROPY_GIT_TAG": "v" + VERSION, "MICROPY_GIT_HASH": "e0e9fbb17e"}
# The upstream commits (v1.28.0 and the submodules it pins), fetched without git.
PINNED = {
    MICROPYTHON: ("micropython/micropython", "e0e9fbb17ed6fd06bb76e266ae554784c9c80804", ""),
    "pico-sdk": ("raspberrypi/pico-sdk", "a1438dff1d38bd9c65dbd693f0e5db4b9ae91779",
                 "lib/pico-sdk"),
    "tinyusb": ("hathach/tinyusb", "aa0fc2e08f1c2dd6f026a431e8989357fbb4c5bf", "lib/tinyusb"),
    "mbedtls": ("Mbed-TLS/mbedtls", "107ea89daaefb9867ea9121002fbbdf926780e98", "lib/mbedtls"),
    "micropython-lib": ("micropython/micropython-lib",
                        "8380c7bb8f9e5e5260e9539156742925e00366b2", "lib/micropython-lib"),
    PICOTOOL: ("raspberrypi/picotool", "a7eb3988f0645239185fadb4e25d8279478c2dbb", None),
}
TOOLS = ("arm-none-eabi-gcc", "arm-none-eabi-g++", "cmake", "make", "cc")
TOOLCHAIN_HINT = (
    "apt-get install gcc-arm-none-eabi libnewlib-arm-none-eabi "
    "libstdc++-arm-none-eabi-newlib cmake build-essential"
)


def firmware_boards():
    return sorted(name for name, mcu in build.MCUS.items() if mcu == "rp2040")


def check_board(name):
    build.check_board(name)
    if name not in firmware_boards():
        raise build.BuildError(
            "board %r keeps stock MicroPython (copy the .mpy files with `make flash`); "
            "frozen firmware is built for: %s" % (name, ", ".join(firmware_boards()))
        )


def check_toolchain():
    missing = [tool for tool in TOOLS if shutil.which(tool) is None]
    if missing:
        raise build.BuildError("missing %s; on Debian: %s" % (", ".join(missing), TOOLCHAIN_HINT))


def is_tree(path):
    return (path / "py").is_dir() and (path / "ports" / "rp2").is_dir()


def run(command, **kwargs):
    print("+ " + " ".join(str(part) for part in command), flush=True)
    subprocess.run([str(part) for part in command], check=True, **kwargs)


def unpack(archive, into, name):
    """Unpack `archive` into `into`, once: a stamp names the archive unpacked."""
    stamp = into / (name + ".unpacked")
    if stamp.exists() and stamp.read_text() == archive.name and (into / name).is_dir():
        return into / name
    shutil.rmtree(into / name, ignore_errors=True)
    print("unpacking %s into %s" % (archive.name, into.relative_to(ROOT)), flush=True)
    with tarfile.open(archive) as tar:
        tar.extractall(into, filter="data")
    stamp.write_text(archive.name)
    return into / name


def fetch(name):
    """The pinned upstream commit of `name` as a GitHub tarball, once."""
    repo, commit, _ = PINNED[name]
    downloads = WORK / "downloads"
    downloads.mkdir(parents=True, exist_ok=True)
    target = downloads / ("%s-%s.tar.gz" % (repo.split("/")[1], commit))
    if not target.exists():
        url = "https://codeload.github.com/%s/tar.gz/%s" % (repo, commit)
        print("fetching " + url, flush=True)
        partial = target.with_suffix(".part")
        with urllib.request.urlopen(url, timeout=120) as answer, open(partial, "wb") as out:
            shutil.copyfileobj(answer, out)
        partial.rename(target)
    return target


def fetch_sources():
    """MicroPython at v1.28.0 with its submodules, and picotool, from GitHub."""
    tree = WORK / MICROPYTHON
    stamp = WORK / (MICROPYTHON + ".fetched")
    if not stamp.exists():
        shutil.rmtree(tree, ignore_errors=True)
        for name, (repo, commit, place) in PINNED.items():
            if place is None:
                continue
            folder = unpack_tarball(fetch(name), repo, commit)
            if place:
                (tree / place).parent.mkdir(parents=True, exist_ok=True)
                shutil.rmtree(tree / place, ignore_errors=True)
                folder.rename(tree / place)
            else:
                folder.rename(tree)
        stamp.write_text("ok")
    picotool = WORK / PICOTOOL
    if not picotool.is_dir():
        repo, commit, _ = PINNED[PICOTOOL]
        unpack_tarball(fetch(PICOTOOL), repo, commit).rename(picotool)
    return tree, picotool


def unpack_tarball(archive, repo, commit):
    """A GitHub tarball unpacks into NAME-COMMIT/."""
    with tarfile.open(archive) as tar:
        tar.extractall(WORK, filter="data")
    return WORK / ("%s-%s" % (repo.split("/")[1], commit))


def sources():
    """(MicroPython tree, picotool source tree or None) from MICROPY_SRC or GitHub."""
    WORK.mkdir(parents=True, exist_ok=True)
    given = os.environ.get("MICROPY_SRC")
    if not given:
        if (WORK / (MICROPYTHON + ".unpacked")).exists() and is_tree(WORK / MICROPYTHON):
            return WORK / MICROPYTHON, WORK / PICOTOOL  # unpacked by an earlier build
        try:
            return fetch_sources()
        except OSError as error:  # no network
            raise build.BuildError(
                "could not fetch the MicroPython sources (%s); set MICROPY_SRC to a "
                "MicroPython tree or to the folder of its source archives" % error) from None
    src = pathlib.Path(given).resolve()
    if is_tree(src):
        picotool = src.parent / PICOTOOL
        return src, picotool if picotool.is_dir() else None
    archives = {name: src / archive for name, archive in ARCHIVES.items()}
    if not archives[MICROPYTHON].is_file():
        raise build.BuildError(
            "MICROPY_SRC=%s is neither a MicroPython tree (py/, ports/rp2/) nor a folder "
            "holding %s" % (given, ARCHIVES[MICROPYTHON])
        )
    tree = unpack(archives[MICROPYTHON], WORK, MICROPYTHON)
    if (src / BOOTROM).is_file():  # for the virtual Pico (sim/vpico), kept with the build
        shutil.copyfile(src / BOOTROM, WORK / BOOTROM)
    picotool = archives[PICOTOOL]
    return tree, unpack(picotool, WORK, PICOTOOL) if picotool.is_file() else None


def mpy_cross(tree, jobs):
    """MicroPython's own mpy-cross, built on its own first (see the port's notes:
    built from the port's make with FROZEN_MANIFEST set, its link fails)."""
    run(["make", "-C", tree / "mpy-cross", "-j" + jobs, "--no-print-directory", "-s"])


def picotool(tree, source, jobs):
    """The pico-sdk's cmake wants picotool >= 2.1.1 and clones it from GitHub when
    it finds none: build it from source (without USB) once."""
    prefix = WORK / "picotool-install"
    if (prefix / "picotool" / "picotoolConfig.cmake").exists():
        return prefix
    if source is None:
        source = fetch_sources()[1]
    scratch = WORK / "picotool-build"
    run(["cmake", "-S", source, "-B", scratch, "-DPICO_SDK_PATH=%s" % (tree / "lib" / "pico-sdk"),
         "-DPICOTOOL_NO_LIBUSB=1", "-DPICOTOOL_FLAT_INSTALL=1",
         "-DCMAKE_INSTALL_PREFIX=%s" % prefix], stdout=subprocess.DEVNULL)
    run(["make", "-C", scratch, "-j" + jobs, "-s"])
    run(["make", "-C", scratch, "install", "-s"], stdout=subprocess.DEVNULL)
    return prefix


def frozen_modules():
    """The files of firmware/ frozen in: all the handheld imports, and main.py."""
    return [
        path.relative_to(build.FIRMWARE).as_posix()
        for path in sorted(build.FIRMWARE.rglob("*.py"))
        if path.relative_to(build.FIRMWARE) not in build.HOST_ONLY
    ]


# The rp2 port's boards/manifest.py (v1.28.0), which the manifest below follows
# but for the port's _boot.py: ours (frozen/_boot.py) leaves the match log's flash
# out of littlefs. _firmware() checks that the port's has not changed.
PORT_MANIFEST = (
    'freeze("$(PORT_DIR)/modules")\n'
    'include("$(MPY_DIR)/extmod/asyncio")\n'
    'require("onewire")\n'
    'require("ds18x20")\n'
    'require("dht")\n'
    'require("neopixel")\n'
)
PORT_MODULES = ("_boot_fat.py", "rp2.py")  # its modules/ but _boot.py
BOOT = pathlib.Path(__file__).resolve().parent / "frozen"


def manifest(name, folder):
    """Write folder/manifest.py (and the board file as folder/board/board_config.py)."""
    board = folder / "board"
    board.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(build.BOARDS / (name + ".py"), board / "board_config.py")
    modules = ",\n    ".join(repr(module) for module in frozen_modules())
    text = (
        "# Generated by tools/device/firmware.py for board %s: do not edit.\n"
        "# The port's own modules (asyncio, ...) as its boards/manifest.py has them,\n"
        "# but its _boot.py: the handheld's mounts littlefs short of the match log.\n"
        "freeze('$(PORT_DIR)/modules', %r)\n"
        "%s"
        "freeze(%r, '_boot.py')\n"
        "# The game; main.py frozen runs at power on (a main.py on the filesystem\n"
        "# comes first, and so do modules copied there).\n"
        "freeze(%r, (\n    %s,\n))\n"
        "freeze(%r, 'board_config.py')\n"
    ) % (name, PORT_MODULES, PORT_MANIFEST.split("\n", 1)[1], str(BOOT), str(build.FIRMWARE),
         modules, str(board))
    path = folder / "manifest.py"
    path.write_text(text)
    return path


def firmware(name, jobs=None, out=build.BUILD):
    """Build board `name`'s frozen firmware; returns out/name/firmware.uf2. One
    build at a time uses build/micropython/ (the tests run in parallel)."""
    check_board(name)
    check_toolchain()
    WORK.mkdir(parents=True, exist_ok=True)
    with open(WORK / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        return _firmware(name, jobs or str(os.cpu_count() or 1), out)


def _firmware(name, jobs, out):
    tree, picotool_source = sources()
    port = tree / "ports" / "rp2"
    modules = sorted(p.name for p in (port / "modules").glob("*.py"))
    if ((port / "boards" / "manifest.py").read_text() != PORT_MANIFEST
            or modules != sorted(PORT_MODULES + ("_boot.py",))):
        raise build.BuildError("the rp2 port's boards/manifest.py or modules/ changed: "
                               "check PORT_MANIFEST in tools/device/firmware.py")
    mpy_cross(tree, jobs)
    script = ram_interpreter_script(tree)
    # CMAKE_ARGS from the environment: the port's Makefile appends its own to it
    # (given on make's command line, it would replace them).
    env = dict(os.environ, PICOTOOL_FETCH_FROM_GIT_PATH=str(picotool(tree, picotool_source, jobs)),
               CMAKE_ARGS="-DMICROPY_BOARD_LINKER_SCRIPT=%s" % script, **VERSION_ENV)
    products = out / name
    products.mkdir(parents=True, exist_ok=True)
    # The RP2040 boards differ only in what is frozen: one port build serves them
    # all, and changing board only re-freezes and links (seconds). Its manifest
    # keeps one path (the port's cmake reads the path once, when it configures).
    port_build = WORK / "build-rp2"
    frozen = WORK / "frozen-rp2"
    configure_with(port_build, script)
    run(["make", "-C", tree / "ports" / "rp2", "BOARD=RPI_PICO", "BUILD=%s" % port_build,
         "FROZEN_MANIFEST=%s" % manifest(name, frozen), "-j" + jobs,
         "--no-print-directory"], env=env)
    for product in build.FIRMWARE_PRODUCTS:
        shutil.copyfile((frozen if product == "manifest.py" else port_build) / product,
                        products / product)
    return products / "firmware.uf2"


# The port's linker script keeps the interpreter's hot files in RAM by excluding
# them from flash's .text (what it excludes lands in .data, in RAM). It names their
# objects `*vm.c.obj`, but this build's cmake names them `vm.c.o`, so nothing was
# excluded and mp_execute_bytecode and gc_alloc ran from flash, through its cache.
RAM_FILES_IN_PORT = "*gc.c.obj *vm.c.obj *parse.c.obj"
RAM_FILES = "*py/gc.c.o* *py/vm.c.o* *py/parse.c.o*"  # either object suffix


def ram_interpreter_script(tree):
    """The port's RP2040 linker script with its RAM exclusions matching this build's
    object names, written beside the build (the sources stay as they came)."""
    text = (tree / "ports" / "rp2" / "memmap_mp_rp2040.ld").read_text()
    if RAM_FILES_IN_PORT not in text:
        raise build.BuildError("memmap_mp_rp2040.ld no longer excludes %s from flash: "
                               "check RAM_FILES in tools/device/firmware.py" % RAM_FILES_IN_PORT)
    script = WORK / "memmap_rp2040_ram_interpreter.ld"
    text = text.replace(RAM_FILES_IN_PORT, RAM_FILES)
    if not script.exists() or script.read_text() != text:
        script.write_text(text)
    return script


def configure_with(port_build, script):
    """The port's Makefile passes CMAKE_ARGS only when it first configures: a build
    folder configured without this linker script is configured anew."""
    cache = port_build / "CMakeCache.txt"
    if cache.exists() and ("MICROPY_BOARD_LINKER_SCRIPT:UNINITIALIZED=%s" % script
                           not in cache.read_text()):
        shutil.rmtree(port_build)


def unix32(frozen_dirs=(), name="plain", jobs=None):
    """MicroPython's unix port built 32-bit (the object layout of the RP2040 and the
    ESP32) from the same sources, for the heap figures of `make bench`; with
    frozen_dirs (folder, [module files]) frozen in. Returns the binary's path."""
    check_toolchain()
    WORK.mkdir(parents=True, exist_ok=True)
    with open(WORK / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        jobs = jobs or str(os.cpu_count() or 1)
        tree, _ = sources()
        mpy_cross(tree, jobs)
        folder = WORK / ("unix32-" + name)
        folder.mkdir(parents=True, exist_ok=True)
        lines = ["freeze(%r, %r)" % (str(where), tuple(files)) for where, files in frozen_dirs]
        manifest_path = folder / "manifest.py"
        manifest_path.write_text("# Generated by tools/device/firmware.py: do not edit.\n"
                                 + "\n".join(lines) + "\n")
        # FFI, btree and SSL need sources the offline bundle leaves out; no game needs them.
        run(["make", "-C", tree / "ports" / "unix", "VARIANT=standard", "BUILD=%s" % folder,
             "MICROPY_FORCE_32BIT=1", "MICROPY_PY_FFI=0", "MICROPY_PY_BTREE=0",
             "MICROPY_PY_SSL=0", "MICROPY_SSL_MBEDTLS=0",
             "MPY_LIB_DIR=%s" % (tree / "lib" / "micropython-lib"),
             "FROZEN_MANIFEST=%s" % manifest_path,
             "-j" + jobs, "--no-print-directory", "-s"], env=dict(os.environ, **VERSION_ENV))
        return folder / "micropython"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("board", help="an RP2040 board: " + ", ".join(firmware_boards()))
    parser.add_argument("--jobs", help="parallel compile jobs (default: every core)")
    args = parser.parse_args()
    try:
        uf2 = firmware(args.board, args.jobs)
    except build.BuildError as error:
        sys.exit("firmware: %s" % error)
    except (subprocess.CalledProcessError, OSError) as error:
        sys.exit("firmware: the build failed (%s); see the output above" % error)
    print("%s: %d bytes, MicroPython %s (RPI_PICO) with firmware/ and boards/%s.py frozen in"
          % (uf2.relative_to(ROOT), uf2.stat().st_size, VERSION, args.board))


if __name__ == "__main__":
    main()
