# The topology table from guest/topologies' lines ("round=R mode=M topology=T ... p99=..."):
# per topology and mode (each in the order of first appearance), the means over the runs of the
# pairs' cohesion and round trips, the hogs' CPU share, and the probe's p99 and p99.9
# wakeup latency (us) with their standard error, and the change of each latency mean
# against mode "off" of the same topology with the p of Welch's two-sided t-test
# (host/bench/signif.awk) and that p adjusted over all the comparisons of the output. A
# markdown table on stdout. Where the lines carry the probe's histogram (topology's
# "hist="), a second table pools the runs of each topology and mode: the p99 and p99.9 of
# all their wakeups together, with a standard error from a bootstrap over the runs (BOOT
# resamples, seeded: the same input gives the same table), and the change against "off"
# with its p (Welch's t of the bootstrap standard errors, the runs as the sample sizes:
# an approximation) and adjusted p. Both tables' comparisons are one family: a line above
# them names the correction (SB_BENCH_CORRECTION: holm, the default, or bh) and m, '*'
# marks a change whose adjusted p is below 0.05, and a last table lists every comparison
# with both values, t and df.
#   awk -f host/bench/signif.awk -f host/bench/topology.awk RAW...
function field(name,    i, kv) {
	for (i = 1; i <= NF; i++) {
		split($i, kv, "=")
		if (kv[1] == name) return kv[2]
	}
	return ""
}
function se(k, m) { return n[k] > 1 ? sqrt((sq[k, m] - s[k, m] ^ 2 / n[k]) / (n[k] - 1) / n[k]) : 0 }
function mean(k, m) { return s[k, m] / n[k] }
# "change | p | adj. p" of value v against ov, comparison i (sig_test_se's number),
# with "*" where it survives the correction
function versus(v, ov, i) {
	return sprintf("%+.1f%%%s | %s | %s", 100 * (v - ov) / ov, sig_marked(i) ? " *" : "",
		i ? sig_fmtp(sig_p[i]) : "-", i ? sig_fmtp(sig_padj[i]) : "-")
}
function change(k, o, m) {
	if (!(o in n) || k == o || !s[o, m]) return "| |"
	return versus(mean(k, m), mean(o, m), tst[k, m])
}
# compare(K, O, M, NAME, V, VSE, NV, OV, OSE, NO): test K's figure M (value V, its standard
# error VSE, NV runs) against off's (O; OV, OSE, NO), recorded for the list as NAME
function compare(k, o, m, name, v, vse, nv, ov, ose, no,    i) {
	if (!ov || !(i = sig_test_se(v, vse, nv, ov, ose, no))) return
	tst[k, m] = i; cmp_k[i] = k; cmp_name[i] = name; cmp_v[i] = v; cmp_ov[i] = ov
}
/^round=/ && /topology=/ {
	t = field("topology"); m = field("mode"); k = t SUBSEP m
	if (!(t in tseen)) { tseen[t] = 1; tops[++nt] = t }
	if (!(m in mseen)) { mseen[m] = 1; modes[++nm] = m }
	n[k]++
	for (i = 1; i <= split("cohesion round_trips hog_share p99 p999", names, " "); i++) {
		v = field(names[i]); s[k, names[i]] += v; sq[k, names[i]] += v * v
	}
	has_probe[k] = field("p99") != ""
	if ((h = field("hist")) != "") {
		r = n[k]; hruns[k] = r
		nb = split(h, pairs, ",")
		hn[k, r] = nb
		for (j = 1; j <= nb; j++) {
			split(pairs[j], bc, ":"); hb[k, r, j] = bc[1]; hc[k, r, j] = bc[2]
			wakeups[k] += bc[2]
		}
	}
}
# The q-quantile (us) of the wakeups of runs pick[1..cnt] of k together: the midpoint of
# the bucket that holds the one at 0-based index int(q * total), as topology's own.
function pooled(k, pick, cnt, q,    i, j, r, c, tot, want, acc, nbk, keys, bk) {
	delete c; tot = 0
	for (i = 1; i <= cnt; i++) {
		r = pick[i]
		for (j = 1; j <= hn[k, r]; j++) { c[hb[k, r, j] + 0] += hc[k, r, j]; tot += hc[k, r, j] }
	}
	nbk = 0
	for (bk in c) keys[++nbk] = bk + 0
	sort_numbers(keys, nbk)
	want = int(q * tot); acc = 0
	for (i = 1; i <= nbk; i++) {
		acc += c[keys[i]]
		if (acc > want) return (keys[i] + 0.5) * HIST_US
	}
	return (keys[nbk] + 0.5) * HIST_US
}
function sort_numbers(a, len,    i, j, v) {
	for (i = 2; i <= len; i++) {
		v = a[i]
		for (j = i - 1; j >= 1 && a[j] > v; j--) a[j + 1] = a[j]
		a[j + 1] = v
	}
}
# Pooled quantile q of k, its bootstrap standard error into boot_se[k, q].
function pool(k, q,    i, b, all, pick, v, sum, sq) {
	for (i = 1; i <= hruns[k]; i++) all[i] = i
	pooled_q[k, q] = pooled(k, all, hruns[k], q)
	sum = sq = 0
	for (b = 1; b <= BOOT; b++) {
		for (i = 1; i <= hruns[k]; i++) pick[i] = 1 + int(rand() * hruns[k])
		v = pooled(k, pick, hruns[k], q); sum += v; sq += v * v
	}
	boot_se[k, q] = BOOT > 1 ? sqrt((sq - sum * sum / BOOT) / (BOOT - 1)) : 0
}
function pooled_change(k, o, q) {
	if (!((o, q) in pooled_q) || k == o || !pooled_q[o, q]) return "| |"
	return versus(pooled_q[k, q], pooled_q[o, q], tst[k, q])
}
BEGIN { HIST_US = 10; if (BOOT == "") BOOT = 200; srand(1) }
END {
	if (sig_error) exit 2
	# every comparison against off first, then the correction over all of them
	for (k in hruns) { pool(k, 0.99); pool(k, 0.999) }
	for (a = 1; a <= nt; a++) for (b = 1; b <= nm; b++) {
		k = tops[a] SUBSEP modes[b]; o = tops[a] SUBSEP "off"
		if (!(k in n) || !(o in n) || k == o) continue
		if (has_probe[k] && has_probe[o]) {
			compare(k, o, "p99", "p99", mean(k, "p99"), se(k, "p99"), n[k], mean(o, "p99"), se(o, "p99"), n[o])
			compare(k, o, "p999", "p99.9", mean(k, "p999"), se(k, "p999"), n[k], mean(o, "p999"), se(o, "p999"), n[o])
		}
		if ((k in hruns) && (o in hruns)) {
			compare(k, o, 0.99, "pooled p99", pooled_q[k, 0.99], boot_se[k, 0.99], hruns[k],
				pooled_q[o, 0.99], boot_se[o, 0.99], hruns[o])
			compare(k, o, 0.999, "pooled p99.9", pooled_q[k, 0.999], boot_se[k, 0.999], hruns[k],
				pooled_q[o, 0.999], boot_se[o, 0.999], hruns[o])
		}
	}
	sig_adjust_all()
	print sig_header()
	print ""
	print "| topology | mode | runs | cohesion | round trips | hog share | p99 us (se) | p99 vs off | p | adj. p | p99.9 us (se) | p99.9 vs off | p | adj. p |"
	print "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
	for (a = 1; a <= nt; a++) for (b = 1; b <= nm; b++) {
		k = tops[a] SUBSEP modes[b]; o = tops[a] SUBSEP "off"
		if (!(k in n)) continue
		split(k, tm, SUBSEP)
		line = sprintf("| %s | %s | %d | %.3f | %.0f | %.3f |", tm[1], tm[2], n[k],
			mean(k, "cohesion"), mean(k, "round_trips"), mean(k, "hog_share"))
		if (has_probe[k])
			line = line sprintf(" %.0f (%.0f) | %s | %.0f (%.0f) | %s |", mean(k, "p99"),
				se(k, "p99"), change(k, o, "p99"), mean(k, "p999"), se(k, "p999"),
				change(k, o, "p999"))
		else
			line = line " | | | | | | | |"
		print line
	}
	if (length(hruns)) pooled_table()
	if (!sig_m) exit
	print ""
	print "Comparisons against off:"
	print ""
	print "| topology | mode | figure | off | mode's | change | p | adj. p | t | df |"
	print "|---|---|---|---:|---:|---:|---:|---:|---:|---:|"
	for (i = 1; i <= sig_m; i++) {
		split(cmp_k[i], tm, SUBSEP)
		printf "| %s | %s | %s | %.0f | %.0f | %s | %s | %s |\n", tm[1], tm[2], cmp_name[i],
			cmp_ov[i], cmp_v[i], versus(cmp_v[i], cmp_ov[i], i),
			sig_t[i] ~ /inf/ ? sig_t[i] : sprintf("%.2f", sig_t[i]), sprintf("%.1f", sig_df[i])
	}
}
function pooled_table(    a, b, k, o, tm) {
	print ""
	print "Pooled over the runs (bootstrap se, " BOOT " resamples):"
	print ""
	print "| topology | mode | runs | wakeups | p99 us (se) | p99 vs off | p | adj. p | p99.9 us (se) | p99.9 vs off | p | adj. p |"
	print "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
	for (a = 1; a <= nt; a++) for (b = 1; b <= nm; b++) {
		k = tops[a] SUBSEP modes[b]; o = tops[a] SUBSEP "off"
		if (!(k in hruns)) continue
		split(k, tm, SUBSEP)
		printf "| %s | %s | %d | %d | %.0f (%.0f) | %s | %.0f (%.0f) | %s |\n", tm[1], tm[2],
			hruns[k], wakeups[k], pooled_q[k, 0.99], boot_se[k, 0.99], pooled_change(k, o, 0.99),
			pooled_q[k, 0.999], boot_se[k, 0.999], pooled_change(k, o, 0.999)
	}
}
