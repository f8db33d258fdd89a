# Reading guest/metrics.tsv, the benchmark's metrics table, in awk: guest/bench,
# host/bench/report.sh and host/bench/plot.sh put this text before their own program.
#   metrics_read(FILE)   read the table (exits 2 when it has no rows); then, for each row
#                        i in 1..mt_n: mt_name[i] (the metric glob), mt_work[i] (workload
#                        globs), mt_unit[i], mt_better[i], mt_plot[i], mt_desc[i]
#   metrics_row(W, M)    the row of workload W's metric M, 0 when none
#   metrics_of(I, W)     does row I belong to workload W?
#   metrics_re(G)        the glob G as an ERE (not anchored)
#   metrics_fmt(X)       a figure as the reports print it: no decimals from 100 on, two
#                        from 1, three below
function metrics_read(file,   line, f) {
	while ((getline line < file) > 0) {
		if (line ~ /^#/ || split(line, f, "\t") != 6) continue
		mt_n++
		mt_name[mt_n] = f[1]; mt_work[mt_n] = f[2]; mt_unit[mt_n] = f[3]
		mt_better[mt_n] = f[4]; mt_plot[mt_n] = f[5]; mt_desc[mt_n] = f[6]
	}
	close(file)
	if (!mt_n) { print "metrics: no rows in '" file "'" > "/dev/stderr"; exit 2 }
}
function metrics_re(g) { gsub(/\*/, ".*", g); return g }
function metrics_of(i, w,   k, ws, j) {
	k = split(mt_work[i], ws, " ")
	for (j = 1; j <= k; j++) if (w ~ ("^" metrics_re(ws[j]) "$")) return 1
	return 0
}
function metrics_row(w, m,   i) {
	for (i = 1; i <= mt_n; i++)
		if (m ~ ("^" metrics_re(mt_name[i]) "$") && metrics_of(i, w)) return i
	return 0
}
function metrics_fmt(x) {
	return x >= 100 || x <= -100 ? sprintf("%.0f", x) : x >= 1 || x <= -1 ? sprintf("%.2f", x) : sprintf("%.3f", x)
}
