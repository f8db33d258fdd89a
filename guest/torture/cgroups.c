// SPDX-License-Identifier: GPL-2.0
/*
 * The cpu cgroups: the torture's tree, CG_ROOT with parents p0 and p1 and NLEAVES leaves
 * under them (destroyed and recreated as the churn goes), CG_STRESS beside it for
 * stress-ng; and the churn's cgroup operation (moves, cpu.weight, cpu.max, cpu.idle).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

#include "torture.h"

struct leaf leaves[NLEAVES];

static int cg_move(struct proc *p, int leaf)
{
	int ret = sb_cgroup_move(leaf < 0 ? SB_CGROUP : leaves[leaf].path, p->pid);

	if (!ret)
		p->leaf = leaf;
	return ret;
}

static int leaf_create(int l)
{
	int parent = rnd(2);

	snprintf(leaves[l].path, sizeof(leaves[l].path), CG_ROOT "/p%d/l%d", parent, l);
	leaves[l].idle = leaves[l].max = false;
	if (mkdir(leaves[l].path, 0755))
		return -errno;
	leaves[l].exists = true;
	return 0;
}

int cgroups_setup(void)
{
	int ret;

	rmdir(CG_ROOT "/p0");
	rmdir(CG_ROOT "/p1");
	rmdir(CG_ROOT);
	rmdir(CG_STRESS);
	ret = sb_cgroup_enable_cpu(SB_CGROUP);
	ret = ret ?: sb_cgroup_create(CG_STRESS, 0);
	ret = ret ?: sb_cgroup_create(CG_ROOT, 0);
	ret = ret ?: sb_cgroup_enable_cpu(CG_ROOT);
	ret = ret ?: sb_cgroup_create(CG_ROOT "/p0", 0);
	ret = ret ?: sb_cgroup_enable_cpu(CG_ROOT "/p0");
	ret = ret ?: sb_cgroup_create(CG_ROOT "/p1", 0);
	ret = ret ?: sb_cgroup_enable_cpu(CG_ROOT "/p1");
	for (int l = 0; !ret && l < NLEAVES; l++)
		ret = leaf_create(l);
	return ret;
}

void cgroups_teardown(void)
{
	for (int l = 0; l < NLEAVES; l++)
		if (leaves[l].exists && !rmdir(leaves[l].path))
			leaves[l].exists = false;
	rmdir(CG_ROOT "/p0");
	rmdir(CG_ROOT "/p1");
	rmdir(CG_ROOT);
	rmdir(CG_STRESS);
}

void op_cgroup(void)
{
	struct leaf *lf;
	char val[32];
	int l = rnd(NLEAVES), r = rnd(10);

	lf = &leaves[l];
	if (r < 4) {			/* move a worker */
		struct proc *p = &procs[rnd(nprocs)];
		int to = rnd(NLEAVES + 1) - 1;

		if (to >= 0 && !leaves[to].exists)
			to = -1;
		if (!cg_move(p, to))
			ops.moves++;
	} else if (r < 6) {		/* weight: leaves 50..200, parents 100..200 */
		bool leaf = rnd(3);

		snprintf(val, sizeof(val), "%ld", leaf ? 50 + rnd(151) : 100 + rnd(101));
		if (!sb_cgroup_write(leaf ? lf->path : (rnd(2) ? CG_ROOT "/p0" : CG_ROOT "/p1"),
				     "cpu.weight", val))
			ops.weights++;
	} else if (r < 7 && lf->exists) {	/* cpu.max */
		if (!lf->max && !sb_cgroup_write(lf->path, "cpu.max", "20000 100000")) {
			lf->max = true;
			ops.max_set++;
		} else if (lf->max && !sb_cgroup_write(lf->path, "cpu.max", "max 100000")) {
			lf->max = false;
			ops.max_lift++;
		}
	} else if (r < 8 && lf->exists) {	/* cpu.idle */
		if (!sb_cgroup_write(lf->path, "cpu.idle", lf->idle ? "0" : "1")) {
			lf->idle = !lf->idle;
			ops.idle++;
		}
	} else if (r < 9 && lf->exists) {	/* destroy and recreate, elsewhere maybe */
		for (int i = 0; i < nprocs; i++)
			if (procs[i].leaf == l)
				cg_move(&procs[i], -1);
		if (rmdir(lf->path)) {
			ops.busy++;
		} else {
			lf->exists = false;
			if (!leaf_create(l))
				ops.recreated++;
		}
	}
	update_exempt();
}
