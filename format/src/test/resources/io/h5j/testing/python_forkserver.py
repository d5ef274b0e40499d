"""Runs oracle scripts as `python3 -c SCRIPT ARGS...` would, minus the start-up.

Started once per JVM and interpreter by io.h5j.testing.PythonForkServer as `PYTHON -c <this>`
(/usr/bin/python3, or another interpreter an oracle runs, such as a versioned-hdf5 peer).
It imports h5py and numpy (most of a fresh interpreter's ~0.3 s start-up), and versioned_hdf5
where that is installed, then reads one
JSON request per line on stdin: {"script", "args", "out", "err"}. For each it forks; the child
points fd 0 at /dev/null and fds 1 and 2 at the files "out" and "err", sets sys.argv to
["-c", *args] and runs the script in fresh globals named __main__. Exceptions and sys.exit
leave the child exactly as they leave `python3 -c` (traceback on stderr, exit status), and
the child's interpreter shuts down normally, so atexit hooks run and libhdf5 closes and
flushes any file the script left open; a fatal signal prints the script's Python traceback
to "err" first (faulthandler). The parent never opens a file; it prints the child's
exit status (negative signal numbers as 128 + signal, as a shell does) on its own line.
"""
import faulthandler
import json
import os
import sys

import h5py  # noqa: F401  (preloaded for the children)
import numpy  # noqa: F401

try:
    import versioned_hdf5  # noqa: F401  (the peers' interpreters have it)
except ImportError:
    pass

reply = os.fdopen(os.dup(1), "w")
print("ready", file=reply, flush=True)
job = None
for line in sys.stdin:
    request = json.loads(line)
    sys.stdout.flush()
    sys.stderr.flush()
    pid = os.fork()
    if pid == 0:
        job = request
        break
    status = os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])
    print(status if status >= 0 else 128 - status, file=reply, flush=True)

if job is not None:
    reply.close()
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.close(null)
    for fd, path in ((1, job["out"]), (2, job["err"])):
        f = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        os.dup2(f, fd)
        os.close(f)
    sys.stdin = open(0, closefd=False)  # not the server's buffered requests
    # a crash inside h5py/libhdf5 (SIGSEGV, SIGABRT) names the script's line on stderr,
    # which Oracles.python puts in the failure; the exit status stays the signal's
    faulthandler.enable()
    sys.argv = ["-c", *job["args"]]
    code = compile(job["script"], "<string>", "exec")
    scope = {"__name__": "__main__", "__doc__": None, "__builtins__": __builtins__}
    del request, job, line, reply
    exec(code, scope)
