#!/usr/bin/env python3
"""`site` and `wiki export` of two binaries on two copies of one repository, alternating run by
run (each into an empty folder), with medians and the paired ratio new/old.

    scripts/bench-site-pair.py RUNS   (edit the paths below: OLD/NEW binaries and repositories)
"""
import subprocess, time, os, statistics, shutil, sys
env=dict(os.environ, TZ='Asia/Seoul', NO_COLOR='1', TEAMFLOW_NOW='2024-02-13T10:00:00+09:00')
res={}
def run(b, repo, args, out):
    shutil.rmtree(out, ignore_errors=True)
    s=time.perf_counter(); subprocess.run([b,'-C',repo]+args+['--out',out,'--quiet'], stdout=subprocess.DEVNULL, env=env, check=True); return time.perf_counter()-s
n=int(sys.argv[1])
for i in range(n+1):
    for name,b,repo in [('old','/tmp/org/teamflow-old','/tmp/org/r50-old'),('new','/tmp/org/teamflow-new','/tmp/org/r50-new')]:
        for cmd in (['site'],['wiki','export']):
            t=run(b,repo,cmd,f'/tmp/org/out-{name}-{cmd[0]}')
            if i>0: res.setdefault((cmd[0],name),[]).append(t)
for cmd in ('site','wiki'):
    o,nw=res[(cmd,'old')],res[(cmd,'new')]
    r=statistics.median(b/a for a,b in zip(o,nw))
    print(f"{cmd}: old median {statistics.median(o)*1000:.0f} ms, new {statistics.median(nw)*1000:.0f} ms, paired new/old {r:.2f}x")
