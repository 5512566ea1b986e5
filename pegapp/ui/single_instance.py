"""One copy of the program per data folder, the usual desktop behaviour: a second copy started
while one runs hands its request (show a window) to the first and ends, so two copies never
write the same saves (found by a new player: two copies, one autosave, the last to quit won).

The first copy holds a lock file in the data folder (QLockFile: a copy that crashed leaves a
lock naming a process that is gone, which the next copy takes over) and listens on a local
socket (QLocalServer) named after the folder; the second connects, writes ``show``, and waits
for ``ok``. Each copy on another data folder (another user, another PEGAPP data folder) runs on
its own."""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

from PySide6.QtCore import QLockFile, QObject, Signal
from PySide6.QtNetwork import QLocalServer, QLocalSocket

#: the lock file in the data folder, held by the copy that runs
LOCK_FILE = "pegapp.lock"
REQUEST, ANSWER = b"show\n", b"ok\n"
#: the longest socket path a Unix system takes (108 bytes with its end, on Linux)
SOCKET_PATH_MAX = 100


def server_name(data_dir: str | Path) -> str:
    """The local socket of the copy on data_dir: a file in that folder where the platform and the
    path's length allow (so only its owner reaches it), else a name made from the folder."""
    folder = Path(data_dir).absolute()
    path = str(folder / "pegapp.socket")
    if sys.platform != "win32" and len(path.encode()) <= SOCKET_PATH_MAX:
        return path
    digest = hashlib.sha256(str(folder).encode()).hexdigest()[:16]
    return f"pegapp-{digest}"


class SingleInstance(QObject):
    """claim() in the copy that starts: True when it is the only one on its data folder (it then
    answers later copies, emitting requested); False when another holds it (hand_over() then
    passes the request on)."""

    requested = Signal()

    def __init__(self, data_dir: str | Path, parent: QObject | None = None):
        super().__init__(parent)
        self.data_dir = Path(data_dir)
        self.name = server_name(self.data_dir)
        self.lock = QLockFile(str(self.data_dir / LOCK_FILE))
        self.lock.setStaleLockTime(0)  # stale only when its process is gone, never by its age
        self.server: QLocalServer | None = None

    def claim(self) -> bool:
        try:
            self.data_dir.mkdir(parents=True, exist_ok=True)
        except OSError:
            return True  # no folder, no saves to share: nothing to guard (the windows say why)
        if not self.lock.tryLock(0):
            if self.lock.error() != QLockFile.LockError.LockFailedError:
                return True  # the lock cannot be written (a read-only folder): run unguarded
            return False
        QLocalServer.removeServer(self.name)  # a socket a crashed copy left behind
        server = QLocalServer(self)
        server.setSocketOptions(QLocalServer.SocketOption.UserAccessOption)
        server.newConnection.connect(self._on_connection)
        if server.listen(self.name):
            self.server = server
        return True

    def release(self) -> None:
        if self.server is not None:
            self.server.close()
            self.server = None
        if self.lock.isLocked():
            self.lock.unlock()

    def _on_connection(self) -> None:
        while (socket := self.server.nextPendingConnection()) is not None:
            socket.setParent(self)
            socket.readyRead.connect(lambda s=socket: self._on_request(s))
            socket.disconnected.connect(socket.deleteLater)
            self._on_request(socket)

    def _on_request(self, socket: QLocalSocket) -> None:
        if not socket.canReadLine():
            return
        line = bytes(socket.readLine())
        if line == REQUEST:
            socket.write(ANSWER)
            socket.flush()
            self.requested.emit()
        socket.disconnectFromServer()

    def hand_over(self, timeout_ms: int = 10000) -> bool:
        """Ask the copy that runs to show its window; True once it answered."""
        socket = QLocalSocket()
        socket.connectToServer(self.name)
        if not socket.waitForConnected(timeout_ms):
            return False
        socket.write(REQUEST)
        if not socket.waitForBytesWritten(timeout_ms):
            return False
        while not socket.canReadLine():
            if not socket.waitForReadyRead(timeout_ms):
                return False
        return bytes(socket.readLine()) == ANSWER
