"""At power-on, on a board whose saves go to the log on raw flash (hw/flashlog.py):
the save's changes kept there, which hw/storage.py's Storage has put on top of
its files, folded into the files before the first frame (littlefs may erase
then: no frame waits), so that the log does not fill. Storage imports this
module only then and lets it go after: no match holds its code.

Both files are written (so that damage to either later costs nothing), then
the log says the changes are in them (FlashLog.folded). A power cut anywhere
in between leaves the changes in the log, put on top of the files again at the
next power-on to the same effect: a change sets its keys to their values, so
a change put twice gives what it gave once.
"""


def fold(storage):
    """`storage`'s values (the log's changes on top) written into both its files,
    then the log's changes marked folded; a newest file that had to give way to
    the older one is written over too (told once). What load() found to tell
    (status, problem) is kept."""
    status, problem = storage.status, storage.problem
    log = storage.match
    if storage.write_file() and storage.write_file() and log.stored():
        log.folded()
    storage.status, storage.problem = status, problem
