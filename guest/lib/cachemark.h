/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Measurement windows for the cache model (host/cachesim/, a QEMU TCG plugin).
 *
 * A marker is one 8-byte `nopl disp32(%rax,%rax,1)` (0f 1f 84 00 + disp32): a no-op on
 * real hardware and in QEMU without the plugin. The plugin recognises it at translation
 * time from the instruction bytes; disp32 carries
 *
 *	bits 31..16	SB_CACHEMARK_MAGIC
 *	bits 15..12	operation: SB_CACHEMARK_START or SB_CACHEMARK_STOP
 *	bits 11..0	window id, 0..4095
 *
 * A window is global: START executed on any vCPU opens it for all vCPUs, STOP closes it;
 * the plugin counts every instruction and memory access of every vCPU (user and kernel)
 * while it is open, per vCPU. Compilers emit nopl only with small displacements as padding,
 * so the magic does not occur by accident.
 */
#ifndef SB_CACHEMARK_H
#define SB_CACHEMARK_H

#define SB_CACHEMARK_MAGIC	0x5bddu
#define SB_CACHEMARK_START	0x1u
#define SB_CACHEMARK_STOP	0x2u
#define SB_CACHEMARK_MAX_ID	0xfffu

#define SB_CACHEMARK_DISP(op, id) \
	((SB_CACHEMARK_MAGIC << 16) | ((op) << 12) | ((id) & SB_CACHEMARK_MAX_ID))

/* The marker for a constant op and id; "i" needs compile-time constants. */
#define SB_CACHEMARK(op, id) \
	__asm__ __volatile__(".byte 0x0f, 0x1f, 0x84, 0x00\n\t.long %c0" \
			     : : "i" (SB_CACHEMARK_DISP(op, id)) : "memory")

/*
 * Run-time ids: the marker bytes are constant, so a run-time id picks one of a table of
 * markers. Only the ids a program uses need to exist: sb_cachemark_start() and
 * sb_cachemark_stop() cover 0..SB_CACHEMARK_RUNTIME_IDS - 1 and do nothing for others.
 */
#define SB_CACHEMARK_RUNTIME_IDS	16
#define SB_CACHEMARK_CASE(op, n)	case n: SB_CACHEMARK(op, n); break
#define SB_CACHEMARK_SWITCH(op, id)						\
	switch (id) {								\
	SB_CACHEMARK_CASE(op, 0); SB_CACHEMARK_CASE(op, 1); SB_CACHEMARK_CASE(op, 2);	\
	SB_CACHEMARK_CASE(op, 3); SB_CACHEMARK_CASE(op, 4); SB_CACHEMARK_CASE(op, 5);	\
	SB_CACHEMARK_CASE(op, 6); SB_CACHEMARK_CASE(op, 7); SB_CACHEMARK_CASE(op, 8);	\
	SB_CACHEMARK_CASE(op, 9); SB_CACHEMARK_CASE(op, 10); SB_CACHEMARK_CASE(op, 11);	\
	SB_CACHEMARK_CASE(op, 12); SB_CACHEMARK_CASE(op, 13); SB_CACHEMARK_CASE(op, 14);	\
	SB_CACHEMARK_CASE(op, 15);						\
	}

static inline void sb_cachemark_op(unsigned int op, unsigned int id)
{
	if (op == SB_CACHEMARK_START)
		SB_CACHEMARK_SWITCH(SB_CACHEMARK_START, id)
	else
		SB_CACHEMARK_SWITCH(SB_CACHEMARK_STOP, id)
}

static inline void sb_cachemark_start(unsigned int id) { sb_cachemark_op(SB_CACHEMARK_START, id); }
static inline void sb_cachemark_stop(unsigned int id) { sb_cachemark_op(SB_CACHEMARK_STOP, id); }

#endif
