# Judges files that a (simulated) crash left, for CrashHarness: argv = MODE PLAN.json, MODE
# "h5py" (reads /_version_data/versions with h5py alone) or "versioned-hdf5" (reads through
# VersionedHDF5File). PLAN: {"states": [{"file", "label", "outcomes": [expectation, ...]}]},
# an expectation being {"current", "versions": {name: {"parent", "datasets": {path: {"dtype",
# "shape", "sha256"}}}}}. A state passes if its committed versions and current_version are
# those of one outcome and every dataset of every version reads with that outcome's dtype,
# shape and digest. Each state is judged in a forked child, so that a crash of libhdf5 on a
# damaged file fails that state only. Prints one JSON line per state: {"file", "ok",
# "problems"}; exits 0 once every state is judged.
import hashlib, json, os, signal, sys, traceback
import h5py, numpy as np

MODE, PLAN = sys.argv[1], sys.argv[2]
if MODE == "versioned-hdf5":
    from versioned_hdf5 import VersionedHDF5File
FIRST = "__first_version__"
SECONDS_PER_STATE = 15


def digest(x, dtype):
    if dtype == "str":
        h = hashlib.sha256()
        for e in np.asarray(x, dtype=object).ravel(order="C"):
            b = e if isinstance(e, bytes) else str(e).encode("utf-8")
            h.update(len(b).to_bytes(8, "little"))
            h.update(b)
        return h.hexdigest()
    a = np.ascontiguousarray(x)
    return hashlib.sha256(a.astype(a.dtype.newbyteorder("<"), copy=False).tobytes()).hexdigest()


def dtype_name(ds):
    if h5py.check_string_dtype(ds.dtype) is not None:
        return "str"
    return ds.dtype.newbyteorder("<").str


def committed(g):
    c = g.attrs.get("committed", False)
    return bool(c) if not isinstance(c, (bytes, str)) else c in (b"TRUE", "TRUE")


def text(v):
    return v.decode("utf-8") if isinstance(v, bytes) else str(v)


def datasets(group):
    out = {}
    group.visititems(lambda p, o: out.__setitem__(p, o) if isinstance(o, h5py.Dataset) else None)
    return out


def judge(state):
    problems = []
    with h5py.File(state["file"], "r") as f:
        versions = f["_version_data/versions"]
        current = text(versions.attrs["current_version"])
        if MODE == "versioned-hdf5":
            vf = VersionedHDF5File(f)
            listed = sorted(vf.versions)
            current = vf.current_version
            group = lambda v: vf[v]
        else:
            listed = sorted(n for n in versions if n != FIRST and committed(versions[n]))
            group = lambda v: versions[v]
        match = [o for o in state["outcomes"]
                 if sorted(o["versions"]) == listed and o["current"] == current]
        if not match:
            shown = [(sorted(o["versions"]), o["current"]) for o in state["outcomes"]]
            return [f"lists {listed} with current {current}; expected one of {shown}"]
        for name, want in sorted(match[0]["versions"].items()):
            parent = text(versions[name].attrs.get("prev_version", "?"))
            if parent != want["parent"]:
                problems.append(f"{name}: parent {parent}, expected {want['parent']}")
            try:
                found = datasets(group(name))
            except Exception as e:
                problems.append(f"{name}: cannot list its datasets: {type(e).__name__}: {e}")
                continue
            if sorted(found) != sorted(want["datasets"]):
                problems.append(f"{name}: datasets {sorted(found)},"
                                f" expected {sorted(want['datasets'])}")
            for path, d in sorted(want["datasets"].items()):
                if path not in found:
                    continue
                try:
                    ds = found[path]
                    x = ds[()]
                    got = (dtype_name(ds), list(x.shape), digest(x, d["dtype"]))
                except Exception as e:
                    problems.append(f"{name}:{path}: cannot read: {type(e).__name__}: {e}")
                    continue
                if got != (d["dtype"], d["shape"], d["sha256"]):
                    problems.append(f"{name}:{path}: {got[0]}{got[1]} sha256 {got[2][:12]},"
                                    f" expected {d['dtype']}{d['shape']} sha256 {d['sha256'][:12]}")
    return problems


def in_child(state):
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        signal.alarm(SECONDS_PER_STATE)
        try:
            problems = judge(state)
        except Exception as e:
            problems = [f"cannot open: {type(e).__name__}: {e}",
                        traceback.format_exc().strip().splitlines()[-2].strip()]
        os.write(w, json.dumps(problems).encode())
        os._exit(0)
    os.close(w)
    out = b""
    while chunk := os.read(r, 65536):
        out += chunk
    os.close(r)
    _, status = os.waitpid(pid, 0)
    if os.WIFSIGNALED(status):
        return [f"{MODE} died of signal {os.WTERMSIG(status)} reading it"]
    return json.loads(out) if out else [f"{MODE} exited {os.WEXITSTATUS(status)} reading it"]


for state in json.load(open(PLAN))["states"]:
    problems = in_child(state)
    print(json.dumps({"file": state["file"], "ok": not problems, "problems": problems}), flush=True)
