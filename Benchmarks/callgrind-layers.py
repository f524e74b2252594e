#!/usr/bin/env python3
"""Splits a callgrind profile of the worker by layer: libfcgi, the FastCGI
adapter (StickerTextFastCGI), the HTTP layer (StickerTextHTTP), the JSON
transport (StickerTextJSON) and the core (StickerText).

A function's layer is its Swift module (read from its mangled name, so that a
closure or a specialization the compiler made counts where its code was
written) or libfcgi's object. What belongs to no layer (malloc, the Swift
runtime, the standard library's unspecialized code, libc) is charged to the
layer that called it, with what it calls back into a layer left to that layer.

usage: callgrind-layers.py FEW.callgrind MANY.callgrind COUNT
  prints each layer's instructions per request: (MANY - FEW) / COUNT, as
  Benchmarks/profile-worker.sh counts the whole.
"""
import re
import sys
from collections import defaultdict

LAYERS = ('libfcgi', 'adapter', 'http', 'json', 'core')
MODULES = {
    'StickerText': 'core',
    'StickerTextJSON': 'json',
    'StickerTextHTTP': 'http',
    'StickerTextFastCGI': 'adapter',
}
NAME = re.compile(r'^(?:\((\d+)\))?\s*(.*)$')


def layer_of(obj, name):
    if 'libfcgi' in obj:
        return 'libfcgi'
    m = re.match(r'^\$s(\d+)', name)
    if m:
        n = int(m.group(1))
        module = name[len(m.group(0)):len(m.group(0)) + n]
        return MODULES.get(module)
    return None


def parse(path):
    """Self cost per function, and call edges (caller, callee) -> inclusive cost."""
    names = {'fn': {}, 'ob': {}}
    selfcost = defaultdict(int)
    edges = defaultdict(int)
    obj_of = {}
    ob = fn = cob = cfn = None
    pending_call = False
    with open(path) as f:
        for line in f:
            line = line.rstrip('\n')
            if not line or line.startswith('#'):
                continue
            key, _, value = line.partition('=')
            if key in ('ob', 'cob', 'fn', 'cfn') and _:
                m = NAME.match(value)
                ident, text = m.group(1), m.group(2)
                table = names['ob' if key in ('ob', 'cob') else 'fn']
                if ident is not None and text:
                    table[ident] = text
                resolved = table[ident] if ident is not None else text
                if key in ('fn', 'cfn'):
                    # Names repeat (a PLT stub's address in two objects): a function is its id.
                    resolved = (ident or text, resolved)
                if key == 'ob':
                    ob = resolved
                    cob = None
                elif key == 'cob':
                    cob = resolved
                elif key == 'fn':
                    fn = resolved
                    obj_of[fn] = ob
                    cob = None
                else:
                    cfn = resolved
                    obj_of.setdefault(cfn, cob or ob)
                continue
            if key == 'calls' and _:
                pending_call = True
                continue
            if key in ('fl', 'fi', 'fe', 'cfi', 'cfl') and _:
                continue
            parts = line.split()
            if not parts or not re.match(r'^([+-]?\d|\*|0x)', parts[0]):
                continue
            cost = int(parts[1]) if len(parts) > 1 else 0
            if pending_call:
                edges[(fn, cfn)] += cost
                pending_call = False
                cob = None
            else:
                selfcost[fn] += cost
    return selfcost, edges, obj_of


def split(path):
    selfcost, edges, obj_of = parse(path)
    functions = set(selfcost) | {c for _, c in edges} | {a for a, _ in edges}
    layer = {f: layer_of(obj_of.get(f, ''), f[1]) for f in functions}
    calls = defaultdict(list)
    for (a, b), c in edges.items():
        if a != b:
            calls[a].append((b, c))
    inclusive = {}
    for f in layer:
        inclusive[f] = selfcost.get(f, 0) + sum(c for _, c in calls[f])

    # The share of an unlayered function's inclusive cost spent back in layered code.
    memo = {}

    def back(f, seen=()):
        if f in memo:
            return memo[f]
        if f in seen:
            return 0.0
        total = inclusive.get(f, 0) or 1
        spent = 0.0
        for g, c in calls[f]:
            if layer[g] is not None:
                spent += c
            else:
                spent += c * back(g, seen + (f,))
        memo[f] = min(1.0, spent / total)
        return memo[f]

    per_layer = defaultdict(float)
    for f, own in selfcost.items():
        if layer[f] is not None:
            per_layer[layer[f]] += own
    for (a, b), c in edges.items():
        if a != b and layer[a] is not None and layer[b] is None:
            per_layer[layer[a]] += c * (1 - back(b))
    return per_layer


def main():
    few, many, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
    a, b = split(few), split(many)
    total = 0
    for name in LAYERS:
        n = (b[name] - a[name]) / count
        total += n
        print(f'  {name:<8} {n:10.0f}')
    print(f'  {"all":<8} {total:10.0f}')


if __name__ == '__main__':
    main()
