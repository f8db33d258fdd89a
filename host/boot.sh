#!/bin/sh
# Boot a kernel under QEMU (TCG) and run one command in it.
#
#   host/boot.sh [options] -- COMMAND [ARG...]
#     --kernel PATH     bzImage to boot (default: the patched kernel of --config)
#     --initrd FILE     initramfs to boot with (the stock anchors: host/anchors.sh)
#     --variant V       base or patched (default patched)
#     --config C        kernel config name (default test)
#     --cpus N          vCPUs (default 2)
#     --mem MB          guest memory (default 1024)
#     --timeout S       wall-clock limit for the whole guest (default 300)
#     --icount          deterministic mode: single-threaded TCG, guest time counts instructions
#     --append ARGS     more kernel command line (e.g. schedstats=enable)
#     --name NAME       run directory name (default run)
#     --cachesim ARGS   load the cache model (build/cachesim.so, make cachesim) with ARGS
#                       (comma-separated key=value, may be ''; docs/cache-model.md); its
#                       CSV is the run directory's cachesim.csv
#     --plugin SO[,ARGS]  load another TCG plugin (repeatable); plugins' text output goes
#                       to the run directory's plugin.log
#   With a plugin, TCG runs all vCPUs on one thread (the cache model needs it).
#
# The guest's root is the host's / shared read-only; guest/init runs COMMAND with /tmp as cwd.
# COMMAND's output is printed on stdout, and boot.sh exits with COMMAND's status. A kernel
# splat on the console (a line matching guest/splats: panic, oops, BUG, WARN,
# lockdep/KASAN/RCU/hung-task reports), or a guest that does not finish within the timeout
# is a failure (exit 125) naming the console log, which is always kept in
# $SCHED_BUDDY_CACHE/runs/, and the last test the guest started. An oops ends the guest at
# once (oops=panic) instead of leaving it hung until the timeout.
set -eu
. "$(dirname "$0")/lib.sh"

kernel= initrd= variant=patched cfg=test cpus=2 mem=1024 timeout=300 icount=0 name=run extra=
cachesim= plugins=
# Plugin arguments go to QEMU unquoted, in one word each.
no_blank() { sb_no_blank "plugin arguments" "$1"; }
while [ $# -gt 0 ]; do
	case $1 in
	--kernel) need "$@"; kernel=$2; shift 2 ;;
	--initrd) need "$@"; initrd=$2; shift 2 ;;
	--variant) need "$@"; variant=$2; shift 2 ;;
	--config) need "$@"; cfg=$2; shift 2 ;;
	--cpus) need "$@"; cpus=$2; shift 2 ;;
	--mem) need "$@"; mem=$2; shift 2 ;;
	--timeout) need "$@"; timeout=$2; shift 2 ;;
	--icount) icount=1; shift ;;
	--append) need "$@"; extra="$extra $2"; shift 2 ;;
	--name) need "$@"; name=$2; shift 2 ;;
	--cachesim) need "$@"; no_blank "$2"; cachesim=,$2; shift 2 ;;
	--plugin) need "$@"; no_blank "$2"; plugins="$plugins -plugin $2"; shift 2 ;;
	--) shift; break ;;
	*) die "unknown option '$1' (see the header of $0)" ;;
	esac
done
[ $# -gt 0 ] || die "no command given (usage: $0 [options] -- COMMAND)"
sb_positive "$cpus" "$mem" "$timeout" # (timeout 0 would mean no limit at all)
sb_check_name "run name" "$name"
sb_check_config "$cfg"
if [ -z "$kernel" ]; then
	sb_check_variant "$variant"
elif [ ! -f "$kernel" ]; then
	die "kernel image '$kernel' does not exist"
fi
[ -z "$initrd" ] || [ -f "$initrd" ] || die "initramfs '$initrd' does not exist"
sb_checked
[ -n "$kernel" ] || kernel=$(sb_obj "$variant" "$cfg")/arch/x86/boot/bzImage
[ -f "$kernel" ] || die "kernel image '$kernel' does not exist (build it with: make kernels)"
command -v qemu-system-x86_64 >/dev/null || die "qemu-system-x86_64 missing (run: make deps)"
so=$SB_TOP/build/cachesim.so
[ -z "$cachesim" ] || [ -f "$so" ] || die "$so does not exist (build it with: make cachesim)"

# Keep the newest 200 runs.
ls -dt "$SCHED_BUDDY_CACHE"/runs/2* 2>/dev/null | tail -n +200 | xargs rm -rf
run=$SCHED_BUDDY_CACHE/runs/$(date +%Y%m%d-%H%M%S)-$name-$$
mkdir -p "$run" && : >"$run/result.log"
ln -sfn "$run" "$SCHED_BUDDY_CACHE/runs/latest-$name"
# The command, quoted for sh, is what guest/init runs.
for a in "$@"; do
	printf "'%s' " "$(printf %s "$a" | sed "s/'/'\\\\''/g")"
done >"$run/cmd"
echo >>"$run/cmd"

if [ "$icount" = 1 ]; then
	accel="-accel tcg,thread=single -icount shift=2,sleep=off"
elif [ -n "$cachesim$plugins" ]; then
	accel="-accel tcg,thread=single"
else
	accel="-accel tcg,thread=multi"
	# (guest/lib/sb.sh flips static keys on one vCPU only under multi-threaded TCG)
	extra="$extra sb.mttcg"
fi
# The cache model's CSV is written when QEMU exits; plugins' text goes to plugin.log.
[ -z "$cachesim" ] || plugins="-plugin $so,out=$run/cachesim.csv${cachesim%,} $plugins"
[ -z "$plugins" ] || plugins="$plugins -d plugin -D $run/plugin.log"
rootflags=trans=virtio,version=9p2000.L,cache=loose,msize=512000
append="console=ttyS0 root=/dev/root rootfstype=9p rootflags=$rootflags ro"
append="$append init=$SB_TOP/guest/init oops=panic panic=-1 sb.run=$run$extra"

# shellcheck disable=SC2086
timeout -k 5 "$timeout" qemu-system-x86_64 $accel \
	-nodefaults -no-user-config -display none -no-reboot \
	-machine pc -cpu max -smp "$cpus" -m "$mem" $plugins \
	-kernel "$kernel" ${initrd:+-initrd "$initrd"} -append "$append" \
	-virtfs local,id=root,path=/,mount_tag=/dev/root,security_model=none,readonly=on,multidevs=remap \
	-chardev file,id=console,path="$run/console.log" -serial chardev:console \
	-chardev file,id=result,path="$run/result.log" -serial chardev:result \
	</dev/null >"$run/qemu.log" 2>&1 && qemu=0 || qemu=$?

tr -d '\r' <"$run/result.log" >"$run/output.log"
[ -z "$cachesim" ] || [ ! -f "$run/cachesim.csv" ] || log "cache model: $run/cachesim.csv"
grep -v '^sched-buddy-exit: ' "$run/output.log" || true

# The last test the guest started, to name in a failure: kselftest's runner announces
# each binary ("# selftests: COLLECTION: NAME"), the harness each case ("#  RUN  F.CASE ...",
# "# "-prefixed once more by the runner).
running=$(awk '
	/^# selftests: / { bin = $0; sub(/^# selftests: [^:]*: /, "", bin); tc = ""; next }
	/^(# )?#  RUN  / { tc = $0; sub(/^(# )?#  RUN  +/, "", tc); sub(/ \.\.\.$/, "", tc) }
	END { print bin (bin != "" && tc != "" ? ": " : "") tc }' "$run/output.log")
fail() {
	log "$1${running:+ (last test started: $running)}"
	log "console log: $run/console.log"
	tail -n 15 "$run/console.log" | sed 's/^/    /' >&2
	exit 125
}
splats=$(sb_splats)
if [ "$qemu" = 124 ] || [ "$qemu" = 137 ]; then
	fail "guest did not finish within ${timeout}s: killed"
fi
if grep -Eq -e "$splats" "$run/console.log"; then
	fail "kernel reported: $(grep -Em1 -e "$splats" "$run/console.log" | sed 's/^\[[^]]*\] //')"
fi
# QEMU's last words say why (a plugin that refused to load, say).
[ "$qemu" = 0 ] ||
	fail "qemu exited with status $qemu: $(tail -n 2 "$run/qemu.log" | tr '\n' ' ')(see $run/qemu.log)"
status=$(sed -n 's/^sched-buddy-exit: //p' "$run/output.log" | tail -n 1)
[ -n "$status" ] || fail "guest stopped without reporting the command's exit status"
exit "$status"
