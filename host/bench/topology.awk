# The topology table from guest/topologies' lines ("round=R mode=M topology=T ... p99=..."):
# per topology and mode (each in the order of first appearance), the means over the runs of the
# pairs' cohesion and round trips, the hogs' CPU share, and the probe's p99 and p99.9
# wakeup latency (us) with their standard error, and the change of each latency mean
# against mode "off" of the same topology with Welch's t. A markdown table on stdout.
#   awk -f host/bench/topology.awk RAW...
function field(name,    i, kv) {
	for (i = 1; i <= NF; i++) {
		split($i, kv, "=")
		if (kv[1] == name) return kv[2]
	}
	return ""
}
function se(k, m) { return n[k] > 1 ? sqrt((sq[k, m] - s[k, m] ^ 2 / n[k]) / (n[k] - 1) / n[k]) : 0 }
function mean(k, m) { return s[k, m] / n[k] }
function change(k, o, m,    d, e) {
	if (!(o in n) || k == o || !s[o, m]) return "|"
	d = mean(k, m) - mean(o, m); e = sqrt(se(k, m) ^ 2 + se(o, m) ^ 2)
	return sprintf("%+.1f%% | %s", 100 * d / mean(o, m), e > 0 ? sprintf("%.1f", d / e) : "-")
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
}
END {
	print "| topology | mode | runs | cohesion | round trips | hog share | p99 us (se) | p99 vs off | t | p99.9 us (se) | p99.9 vs off | t |"
	print "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
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
			line = line " | | | | | |"
		print line
	}
}
