"""Compares `h5j dump --json FILE /` (saved in DUMP) with what h5py reads from FILE.

Every object h5py reaches by name must be in the dump with the same kind, and every
dataset h5py can read must have the same shape and values: integers and strings exactly,
floating-point numbers once converted to the dataset's own type (h5j prints the shortest
decimal of a float32), complex numbers part by part (HDF5 2.0's class, dumped as
{"real", "imag"}, or the compound {"r", "i"} h5py reads as complex), compounds field by field, arrays element by element; an object reference by the path of
its object (h5py's name of what it opens), a region reference by its kind and the path of its
dataset where the dump gives one, and by the elements its selection selects (libhdf5's points
or blocks) where the dump gives a selection (those without one are listed, not compared). Prints one line
per difference and a last line "compared N datasets"; exits 1 if there is any difference.
usage: compare_dump.py FILE DUMP
"""
import json
import math
import sys

import h5py
import numpy as np

# datasets of region references, whose selections are not compared
unresolved = set()
opened = []  # the h5py.File being compared, to open what references point to


def selected(ref):
    """libhdf5's selection of a classic region reference: its kind, and its points or its
    blocks (sorted [start, end] pairs)."""
    space = h5py.h5r.get_region(ref, opened[0][ref].id)
    kind = space.get_select_type()
    if kind == h5py.h5s.SEL_NONE:
        return ('none',)
    if kind == h5py.h5s.SEL_ALL:
        return ('all',)
    if kind == h5py.h5s.SEL_POINTS:
        return ('points', np.asarray(space.get_select_elem_pointlist()).tolist())
    return ('blocks', sorted(np.asarray(space.get_select_hyper_blocklist()).tolist()))


def selected_by(sel):
    """The dump's selection as selected() gives libhdf5's (a hyperslab as its blocks)."""
    kind = sel.get('type')
    if kind in ('none', 'all'):
        return (kind,)
    if kind == 'points':
        return ('points', sel['points'])
    if kind == 'blocks':
        return ('blocks', sorted([b['start'], b['end']] for b in sel['blocks']))
    corners = [[]]
    for s, st, c, b in zip(sel['start'], sel['stride'], sel['count'], sel['block']):
        corners = [k + [s + i * st] for k in corners for i in range(c)]
    return ('blocks', sorted([k, [x + b - 1 for x, b in zip(k, sel['block'])]] for k in corners))


def same(ours, value, dt, where, problems):
    """Appends to problems where the dumped value `ours` differs from h5py's `value` (of
    h5py dtype `dt`). The dump writes as h5dump does: enums by name, bitfields as hex,
    members of array type flat, NaN and infinities as text, a null dataspace as null."""
    if len(problems) > 20:
        return
    if isinstance(value, h5py.Empty):
        if ours is not None:
            problems.append('%s: null dataspace, h5j dumped %r' % (where, ours))
        return
    if isinstance(value, np.ndarray):
        if isinstance(ours, list) and len(ours) == len(value):
            for i, (o, v) in enumerate(zip(ours, value)):
                same(o, v, value.dtype, '%s[%d]' % (where, i), problems)
        elif isinstance(ours, list) and value.ndim > 1 and len(ours) == value.size:
            same(ours, value.ravel(), dt, where, problems)  # an array member, flat
        else:
            problems.append('%s: %s elements, h5j dumped %s' % (
                where, len(value), len(ours) if isinstance(ours, list) else repr(ours)[:60]))
        return
    if isinstance(value, np.void) and value.dtype.names:
        if not isinstance(ours, dict) or list(ours) != list(value.dtype.names):
            problems.append('%s: fields %s, h5j dumped %s' % (
                where, list(value.dtype.names), repr(ours)[:80]))
            return
        for name in value.dtype.names:
            same(ours[name], value[name], value.dtype.fields[name][0],
                 '%s.%s' % (where, name), problems)
        return
    if isinstance(value, np.void):  # opaque: hex of its bytes
        if ours != value.tobytes().hex():
            problems.append('%s: %s, h5j dumped %r' % (where, value.tobytes().hex(), ours))
        return
    if isinstance(value, np.complexfloating):  # the complex class, or a compound {r, i}
        keys = ('real', 'imag') if isinstance(ours, dict) and 'real' in ours else ('r', 'i')
        if not isinstance(ours, dict) or sorted(ours) != sorted(keys):
            problems.append('%s: %r, h5j dumped %r' % (where, value, ours))
            return
        part = value.real.dtype
        same(ours[keys[0]], part.type(value.real), part, where + '.real', problems)
        same(ours[keys[1]], part.type(value.imag), part, where + '.imag', problems)
        return
    if isinstance(value, (h5py.Reference, h5py.RegionReference)):
        region = isinstance(value, h5py.RegionReference)
        if not value:
            if ours is not None:
                problems.append('%s: a null reference, h5j dumped %r' % (where, ours))
            return
        target = opened[0][value].name
        kind = 'region' if region else 'object'
        if not isinstance(ours, dict) or ours.get('kind') != kind or (
                ours.get('path', target) if region else ours.get('path')) != target:
            problems.append('%s: %s reference to %s, h5j dumped %r' % (where, kind, target, ours))
        if region and isinstance(ours, dict) and 'selection' in ours:
            theirs = selected(value)
            if selected_by(ours['selection']) != theirs:
                problems.append('%s: region %r, h5j dumped %r' % (where, theirs, ours))
        elif region:
            unresolved.add(where.split('[')[0])
        return
    if isinstance(value, bytes):
        value = value.decode('utf-8', 'replace')
    if isinstance(value, str):
        if ours != value.rstrip('\0') and ours != value:
            problems.append('%s: %r, h5j dumped %r' % (where, value, ours))
        return
    if isinstance(value, np.bool_):
        if ours not in (('TRUE', True) if value else ('FALSE', False)):
            problems.append('%s: %r, h5j dumped %r' % (where, value, ours))
        return
    if isinstance(value, (np.floating, float)):
        if isinstance(ours, str) and ours.lower() in ('nan', 'inf', '-inf', 'infinity',
                                                       '-infinity'):
            ours = float(ours)
        if not isinstance(ours, (int, float)) or isinstance(ours, bool):
            problems.append('%s: %r, h5j dumped %r' % (where, value, ours))
            return
        mine = np.asarray(ours, dtype=getattr(value, 'dtype', np.float64))
        if not (mine == value or (math.isnan(float(value)) and math.isnan(float(mine)))):
            problems.append('%s: %r, h5j dumped %r' % (where, value, ours))
        return
    if isinstance(value, (np.integer, int)):
        enum = h5py.check_enum_dtype(dt) if dt is not None else None
        if isinstance(ours, str) and enum is not None:
            ok = enum.get(ours) == int(value)
        elif isinstance(ours, str):  # a bitfield, as hex bytes in either order
            try:
                raw = bytes.fromhex(ours)
                ok = int(value) in (int.from_bytes(raw, 'big'), int.from_bytes(raw, 'little'))
            except ValueError:
                ok = False
        else:
            ok = isinstance(ours, int) and not isinstance(ours, bool) and ours == int(value)
        if not ok:
            problems.append('%s: %r, h5j dumped %r' % (where, value, ours))
        return
    problems.append('%s: h5py value of type %s not compared' % (where, type(value).__name__))


def main():
    path = sys.argv[1]
    with open(sys.argv[2]) as d:
        dump = json.load(d)
    problems = []
    compared = 0
    with h5py.File(path, 'r') as f:
        opened.append(f)
        seen = []
        f.visititems(lambda name, obj: seen.append(('/' + name, obj)))
        for name, obj in seen:
            kind = 'dataset' if isinstance(obj, h5py.Dataset) else (
                'group' if isinstance(obj, h5py.Group) else 'datatype')
            entry = dump.get(name)
            if entry is None:
                problems.append('%s: a %s h5py reads is missing from the dump' % (name, kind))
                continue
            if entry.get('kind') != kind:
                problems.append('%s: a %s, h5j dumped a %s' % (name, kind, entry.get('kind')))
                continue
            if kind != 'dataset':
                continue
            if list(entry.get('shape') or []) != list(obj.shape or []):  # null: None
                problems.append('%s: shape %s, h5j dumped %s' % (name, obj.shape,
                                                                 entry.get('shape')))
                continue
            try:
                value = obj[()]
            except Exception as e:  # what libhdf5 cannot read is not compared
                print('%s: h5py cannot read it (%s): not compared' % (name, e))
                continue
            if 'values' not in entry:
                problems.append('%s: h5py reads it, h5j dumped no values' % name)
                continue
            same(entry['values'], value, obj.dtype, name, problems)
            compared += 1
    for p in problems:
        print('DIFFERENT ' + p)
    for name in sorted(unresolved):
        print('%s: region references, selections not compared' % name)
    print('compared %d datasets' % compared)
    sys.exit(1 if problems else 0)


main()
