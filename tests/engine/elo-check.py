#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# Independent check of bs-elo: MM iterations (Hunter 2004) on strengths γ = 10^(r/400),
# the prior one virtual draw a pair that played; the covariance of r_i − r_anchor from a
# finite-difference Hessian of the log-posterior with the anchor fixed (grounded system).
import math
def fit(n, results, anchor=0):
    g=[[0.0]*n for _ in range(n)]; s=[[0.0]*n for _ in range(n)]
    for i,j,p in results:
        g[i][j]+=1; g[j][i]+=1; s[i][j]+=p; s[j][i]+=1-p
    for i in range(n):
        for j in range(n):
            if i!=j and g[i][j]>0: g[i][j]+=1; s[i][j]+=0.5
    gam=[1.0]*n
    for _ in range(100000):
        new=[]
        for i in range(n):
            w=sum(s[i][j] for j in range(n) if j!=i)
            d=sum(g[i][j]/(gam[i]+gam[j]) for j in range(n) if j!=i and g[i][j]>0)
            new.append(w/d)
        # normalise geometric mean 1
        m=math.exp(sum(math.log(x) for x in new)/n); new=[x/m for x in new]
        if max(abs(math.log(a)-math.log(b)) for a,b in zip(new,gam))<1e-14: gam=new; break
        gam=new
    th=[math.log(x) for x in gam]
    def ll(t):
        v=0
        for i in range(n):
            for j in range(n):
                if i!=j and g[i][j]>0:
                    v+=s[i][j]*math.log(1/(1+math.exp(t[j]-t[i])))
        return v
    others=[i for i in range(n) if i!=anchor]
    h=1e-4; m=len(others); H=[[0.0]*m for _ in range(m)]
    for a,i in enumerate(others):
        for b,j in enumerate(others):
            def f(di,dj):
                t=th[:]; t[i]+=di; t[j]+=dj; return ll(t)
            H[a][b]=-(f(h,h)-f(h,-h)-f(-h,h)+f(-h,-h))/(4*h*h)
    # invert H
    A=[row[:]+[1.0 if r==c else 0.0 for c in range(m)] for r,row in enumerate(H)]
    for c in range(m):
        p=max(range(c,m),key=lambda r:abs(A[r][c])); A[c],A[p]=A[p],A[c]
        for r in range(m):
            if r!=c:
                f=A[r][c]/A[c][c]; A[r]=[x-f*y for x,y in zip(A[r],A[c])]
    inv=[[A[r][m+c]/A[r][r] for c in range(m)] for r in range(m)]
    k=400/math.log(10); z=1.959963984540054
    out=[]
    for i in range(n):
        r=k*(th[i]-th[anchor])
        if i==anchor: out.append((r,r,r)); continue
        a=others.index(i); half=z*math.sqrt(inv[a][a])*k
        out.append((r,r-half,r+half))
    return out
if __name__ == "__main__":
    # A round robin of 4 players (0 weakest), 10 games a pair, worked as counts:
    res=[]
    def add(i,j,w,d,l):
        res.extend([(i,j,1)]*w+[(i,j,0.5)]*d+[(i,j,0)]*l)
    add(1,0,7,2,1); add(2,0,10,0,0); add(3,0,9,1,0); add(2,1,6,1,3); add(3,1,8,0,2); add(3,2,5,2,3)
    for r in fit(4,res): print("%.6f %.6f %.6f"%r)
