NR>1 && ($1=="next"||$1=="next+last") { k=$3" "$4; v[k,$1,++n[k,$1]]=$5; keys[k]=1 }
END { for (k in keys) { na=n[k,"next"]; nb=n[k,"next+last"]; sa=0; sb=0
  for(i=1;i<=na;i++) sa+=v[k,"next",i]; for(i=1;i<=nb;i++) sb+=v[k,"next+last",i]; ma=sa/na; mb=sb/nb
  va=0; vb=0; for(i=1;i<=na;i++) va+=(v[k,"next",i]-ma)^2; for(i=1;i<=nb;i++) vb+=(v[k,"next+last",i]-mb)^2
  id=sig_test(ma, sqrt(va/(na-1)), na, mb, sqrt(vb/(nb-1)), nb); K[id]=k; A[id]=ma; B[id]=mb }
  sig_adjust_all(); print sig_header()
  for (i in K) printf "%-40s next %12.4g next+last %12.4g %+6.1f%% p %.3g adj %.3g %s\n", K[i], A[i], B[i], (A[i]?(B[i]-A[i])/A[i]*100:0), sig_p[i], sig_padj[i], sig_marked(i)?"*":"" }
