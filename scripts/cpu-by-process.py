#!/usr/bin/env python3
"""
CPU seconds of a command's whole process tree, by kind of process (docs/performance.md, "CI time:
end-to-end"). `/usr/bin/time` undercounts an e2e run: Chromium's and workerd's processes are not all
reaped through the chain. This runs the command as a child subreaper (orphans come back to it),
reads utime+stime of every descendant from /proc every 0.25 s and prints the sum by kind (Chromium
renderer, browser, GPU; workerd; wrangler; Playwright's workers; the seed) when it ends. The last
<0.25 s of each process is missed. Linux only.

  python3 scripts/cpu-by-process.py npm run test:e2e -- backend-lists.spec.ts
"""
import ctypes, os, sys, time, re, collections
libc = ctypes.CDLL(None, use_errno=True)
libc.prctl(36, 1, 0, 0, 0)
hz = os.sysconf('SC_CLK_TCK')
root = os.getpid()
pid = os.fork()
if pid == 0:
    os.execvp(sys.argv[1], sys.argv[1:])
seen = {}  # pid -> (kind, ticks)
def kind(p):
    try:
        args = open(f'/proc/{p}/cmdline','rb').read().split(b'\0')
    except Exception:
        return None
    a = [x.decode(errors='replace') for x in args if x]
    s = ' '.join(a)
    if 'chromium' in s:
        m = re.search(r'--type=(\S+)', s)
        t = m.group(1) if m else 'browser'
        if t == 'utility':
            m2 = re.search(r'--utility-sub-type=(\S+)', s); t = 'utility:' + (m2.group(1).split('.')[-1] if m2 else '?')
        return 'chromium ' + t
    if 'workerd' in s: return 'workerd'
    if 'serve-built' in s: return 'serve-built(node)'
    if 'wrangler' in s: return 'wrangler(node)'
    if 'playwright' in s and 'test' in s: return 'playwright(node)'
    if 'tsx' in s or 'seed' in s: return 'tsx/node:' + (a[-1][-40:] if a else '')
    return (os.path.basename(a[0]) if a else '?')
done = False
rc = 1
tend = 0.0
while True:
    procs = {}
    for d in os.listdir('/proc'):
        if not d.isdigit(): continue
        try:
            st = open(f'/proc/{d}/stat').read()
        except Exception: continue
        r = st.rsplit(')',1)[1].split()
        procs[int(d)] = (int(r[1]), int(r[11])+int(r[12]))
    # descendants of root
    children = collections.defaultdict(list)
    for p,(pp,_) in procs.items(): children[pp].append(p)
    stack=[root]; desc=[]
    while stack:
        x=stack.pop()
        for c in children.get(x,[]): desc.append(c); stack.append(c)
    for p in desc:
        if p not in seen:
            k = kind(p)
            if k is None: continue
            seen[p] = [k, 0]
        seen[p][1] = max(seen[p][1], procs[p][1])
    if not done:
        r = os.waitpid(pid, os.WNOHANG)
        if r[0] == pid: done = True; rc = os.waitstatus_to_exitcode(r[1]); tend = time.time() + 15
    else:
        try:
            while os.waitpid(-1, os.WNOHANG)[0] > 0: pass
        except ChildProcessError: break
        if time.time() > tend: break
    # reap orphans
    try:
        while True:
            r = os.waitpid(-1, os.WNOHANG)
            if r[0] <= 0: break
            if r[0] == pid: done = True; rc = os.waitstatus_to_exitcode(r[1]); tend = time.time() + 15
    except ChildProcessError:
        pass
    time.sleep(0.25)
tot = collections.Counter(); cnt = collections.Counter()
for p,(k,t) in seen.items(): tot[k]+=t; cnt[k]+=1
all_ = sum(tot.values())
print(f"cpubreak: sampled total {all_/hz:.1f} s", file=sys.stderr)
for k,t in tot.most_common(20):
    print(f"  {t/hz:7.1f} s  {cnt[k]:4d} procs  {k}", file=sys.stderr)
sys.exit(rc)
