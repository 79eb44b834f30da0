"""The handheld's _boot.py, frozen in place of the rp2 port's (tools/device/
firmware.py): it runs at power-on, before main.py, and mounts the flash's
file system at "/" as the port's does, but leaves the storage's last 64 KB
(hw/flashlog.py's LOG_BYTES) out of littlefs, for the match log, where a
save programs a page and never erases.

- littlefs on the storage less those 64 KB: mounted (the handheld's layout);
- else littlefs on the whole storage (a board first set up by stock
  MicroPython or an earlier firmware): mounted as it is, files and all, and
  the match stays in littlefs's files (hw/flashlog.region() finds no room);
- else (a blank or unreadable flash): littlefs made on the storage less the
  64 KB, as the port's own _boot.py makes it on the whole.

littlefs refuses to mount a device whose size is not the one its superblock
holds, so neither layout can be taken for the other. Not done: moving an
existing whole-storage littlefs to the smaller layout (its files would be
read out, the flash formatted and the files written back, and a power cut in
between would lose them).
"""

import rp2
import vfs


def mount(rp2, vfs, point="/", log_bytes=65536):
    """Mount the flash's littlefs at `point`, short of the last `log_bytes`
    (hw/flashlog.py's LOG_BYTES: its import here would cost heap on every
    board); returns the block device used."""
    whole = rp2.Flash()
    size = whole.ioctl(4, 0) * whole.ioctl(5, 0)
    small = whole  # a storage too small to share: littlefs keeps it all, no log
    if size >= 2 * log_bytes:
        small = rp2.Flash(start=0, len=size - log_bytes)
    for device in (small, whole):
        try:
            vfs.mount(vfs.VfsLfs2(device, progsize=256), point)
            return device
        except OSError:
            pass
    vfs.VfsLfs2.mkfs(small, progsize=256)
    vfs.mount(vfs.VfsLfs2(small, progsize=256), point)
    return small


mount(rp2, vfs)
del rp2, vfs, mount  # it runs in __main__'s names, as the port's does
