#!/bin/sh
# Prepare the kernel trees in the cache, or export the patched branch back into patches/.
#
#   host/tree.sh          unpack linux-source-6.12 (once), make it a git repository with the
#                            pristine source tagged, apply patches/fixes/series with git am
#                            on branch debian-fixes in the base worktree (the base kernel),
#                            and patches/series on top of it on branch sched-buddy (the
#                            patched kernel). Idempotent.
#   host/tree.sh export   git format-patch the sched-buddy branch (the commits after
#                            debian-fixes) into patches/ (+ series),
#                            with a fresh cover letter that keeps the subject and blurb of
#                            patches/0000-cover-letter.patch (not in the series); with
#                            KERNEL=7.3 into patches/7.3/
#   host/tree.sh path base|patched   print a tree's path
#
# KERNEL=7.2 (host/lib.sh; make mainline-tree): prepare fetches Debian unstable's
# linux-source-7.2 (fetch_source below), makes it a git repository with the pristine source
# tagged and stops there: the series does not apply to 7.2. Its tree is the base kernel;
# a second call reuses it without the network. export is refused.
# KERNEL=7.3 (make mainline-tree): the same fetch with Debian experimental's
# linux-source-7.3, and then the trees as 6.12's: patches/7.3/fixes/series on branch
# debian-fixes in the base worktree (the base kernel is Debian's 7.3 + fixes), and
# patches/7.3/series above it on branch sched-buddy (the patched kernel). export writes
# that branch into patches/7.3/.
#
# Environment: SCHED_BUDDY_CACHE (default /var/cache/sched-buddy), SB_PATCHES (default
# patches/ of this repository; KERNEL=7.3's series is in its 7.3/), FORCE=1 to drop local commits on the branch;
# SB_FETCH_SOURCES: KERNEL=7.2's and 7.3's private sources list (default: "deb
# [check-valid-until=no] MIRROR SUITE main", SUITE unstable or experimental, MIRROR the one
# the machine's own sources use for Debian).
set -eu
. "$(dirname "$0")/lib.sh"

# The patches/ folder; the series of this kernel (patches/ for 6.12, patches/7.3/ for 7.3)
# and its fixes (patches/fixes/, patches/7.3/fixes/).
patches_root=${SB_PATCHES:-$SB_TOP/patches}
patches=$patches_root${SB_SERIES:+/$SB_SERIES}
fixes_dir=$patches_root/$SB_FIXES

git_tree() { git -C "$tree" "$@"; }

# unpack TARBALL: the source tarball of $SB_SOURCE_PKG $version as the git repository $tree,
# the pristine source committed and tagged; made in $tree.tmp, renamed when complete.
unpack() {
	log "unpacking $SB_SOURCE_PKG $version into $tree"
	mkdir -p "$SB_TREES"
	rm -rf "$tree.tmp"
	mkdir "$tree.tmp"
	tar -xJf "$1" -C "$tree.tmp" --strip-components=1 ||
		die "cannot unpack $1"
	(
		cd "$tree.tmp"
		git init -q -b "$SB_BRANCH"
		git config user.name "sched-buddy"
		git config user.email "sched-buddy@localhost"
		git config gc.auto 0
		printf 'build-*/\n' >>.git/info/exclude
		git add -A -f  # Debian's .gitignore ignores the top level
		git commit -q -m "Debian $SB_SOURCE_PKG $version (pristine)"
		git tag "$SB_BASE_TAG"
	) || die "cannot create the git repository in $tree.tmp"
	mv "$tree.tmp" "$tree"
}

# The base worktree, at the fixes when they were applied already (a 7.3 tree made before
# it had a series had them checked out in the tree itself), else at the pristine tag.
add_base_worktree() {
	[ -d "$base" ] && return 0
	log "adding the base worktree $base"
	at=$SB_BASE_TAG
	! git_tree rev-parse -q --verify "$SB_FIXES_BRANCH" >/dev/null || at=$SB_FIXES_BRANCH
	git_tree worktree add -q --detach "$base" "$at" ||
		die "cannot add worktree $base"
}

# series_files DIR: the patch files named by DIR/series, one per line; '#' starts a
# comment. Each must exist.
series_files() {
	[ -r "$1/series" ] || die "no series file in $1"
	for p in $(sb_series "$1"); do
		[ -r "$1/$p" ] || die "$1/series names $p, but $1/$p does not exist"
		echo "$p"
	done
}

# am_each WORKTREE DIR LIST: git am every patch of LIST (in DIR) in WORKTREE. On the first
# that does not apply: abort it, show git's words indented, print the patch's name and
# fail; the caller puts its tree back and says what failed (am_failed).
am_each() {
	for p in $3; do
		if ! git -C "$1" am -q "$2/$p" >"$tree/.git/sched-buddy-am.log" 2>&1; then
			git -C "$1" am --abort >/dev/null 2>&1 || true
			sed 's/^/    /' "$tree/.git/sched-buddy-am.log" >&2
			echo "$p"
			return 1
		fi
	done
}

# am_failed WHAT PATCH: PATCH (of a fix or the series) did not apply: say so, naming the
# first hunk git refused (FILE:LINE) and what the tree was left at.
am_failed() {
	hunk=$(sed -n 's/^error: patch failed: //p' "$tree/.git/sched-buddy-am.log" | head -n 1)
	die "$1 $2 does not apply to $SB_SOURCE_PKG $version${hunk:+ (hunk at $hunk)}; $3 left as it was"
}

stampfile() { echo "$tree/.git/sched-buddy-applied"; }
fixes_stampfile() { echo "$tree/.git/sched-buddy-fixes-applied"; }

# series_stamp START DIR LIST: what a series is: the commit it applies to, the patches it
# names in order and every patch's content (a comment in the series file changes nothing).
series_stamp() {
	(git_tree rev-parse "$1"; echo "$3"
	for p in $3; do cat "$2/$p"; done) | sha256sum | cut -c1-16
}

# apply_fixes: branch debian-fixes is the pristine source plus patches/$SB_FIXES/series
# (patches/fixes/ for 6.12), built in the base worktree, which is left at its tip. A fix that does not apply stops with its name and leaves the worktree
# and the branch as they were.
apply_fixes() {
	dir=$fixes_dir
	list=$(series_files "$dir") || exit
	stamp=$(series_stamp "$SB_BASE_TAG" "$dir" "$list")
	stampfile=$(fixes_stampfile)
	if [ -r "$stampfile" ] && [ "$(cat "$stampfile")" = "$stamp" ] &&
		git_tree rev-parse -q --verify "$SB_FIXES_BRANCH" >/dev/null &&
		[ "$(git -C "$base" rev-parse HEAD)" = "$(git_tree rev-parse "$SB_FIXES_BRANCH")" ]; then
		return 0
	fi
	[ -z "$(git -C "$base" status --porcelain --untracked-files=no)" ] ||
		die "$base has uncommitted changes: discard them (the base tree is built from patches/$SB_FIXES/)"
	was=$(git -C "$base" rev-parse HEAD)
	git -C "$base" checkout -q --detach "$SB_BASE_TAG" || die "cannot check out $SB_BASE_TAG in $base"
	if ! bad=$(am_each "$base" "$dir" "$list"); then
		git -C "$base" checkout -q --detach "$was"
		am_failed fix "$bad" "$base"
	fi
	git_tree branch -f "$SB_FIXES_BRANCH" "$(git -C "$base" rev-parse HEAD)" ||
		die "cannot move branch $SB_FIXES_BRANCH"
	echo "$stamp" >"$stampfile"
	log "applied $(echo "$list" | grep -c .) fixes on $SB_FIXES_BRANCH, the base kernel's source"
}

apply_series() {
	stampfile=$(stampfile)
	list=$(series_files "$patches") || exit
	stamp=$(series_stamp "$SB_FIXES_BRANCH" "$patches" "$list")
	head=$(git_tree rev-parse HEAD)
	if [ -r "$stampfile" ] && [ "$(cat "$stampfile")" = "$stamp $head" ] &&
		[ "$(git_tree symbolic-ref -q --short HEAD)" = "$SB_BRANCH" ]; then
		log "patches up to date on $SB_BRANCH ($(echo "$list" | grep -c .) patches)"
		return 0
	fi
	[ -z "$(git_tree status --porcelain --untracked-files=no)" ] ||
		die "$tree has uncommitted changes: commit and 'make export' them, or discard them"
	if [ -r "$stampfile" ] && [ "$(cut -d' ' -f2 "$stampfile")" != "$head" ] &&
		[ "${FORCE:-0}" != 1 ]; then
		die "$SB_BRANCH in $tree has commits that are not in ${patches#"$SB_TOP/"}/: run 'make export${SB_SERIES:+ KERNEL=$SB_KERNEL}' first, or FORCE=1 to drop them"
	fi

	git_tree checkout -q -B "$SB_BRANCH" "$SB_FIXES_BRANCH" || die "cannot check out $SB_FIXES_BRANCH"
	if ! bad=$(am_each "$tree" "$patches" "$list"); then
		git_tree checkout -q -B "$SB_BRANCH" "$head"
		am_failed patch "$bad" "$tree"
	fi
	echo "$stamp $(git_tree rev-parse HEAD)" >"$stampfile"
	log "applied $(echo "$list" | grep -c .) patches on $SB_BRANCH ($SB_SOURCE_PKG $version)"
}

# fill_cover OLD NEW: NEW is git's fresh cover letter (placeholders, the branch's
# shortlog and diffstat); give it OLD's subject and blurb. OLD's blurb is everything
# between its headers and its shortlog, whose first line is "Author (N):" followed by
# an indented subject. Fails, changing nothing, when OLD has no such shortlog.
fill_cover() {
	awk '
	NR == FNR { old[++n] = $0; next }
	FNR == 1 {
		for (i = 1; i <= n && old[i] != ""; i++)
			if (old[i] ~ /^Subject: /) {
				subj = old[i]
				sub(/^Subject: (\[[^]]*\] )?/, "", subj)
				while (old[i + 1] ~ /^[ \t]/) subj = subj "\n" old[++i]
			}
		for (first = ++i; i <= n; i++)
			if (old[i] ~ /^[^ \t].* \([0-9]+\):$/ && old[i + 1] ~ /^  [^ ]/) break
		if (i > n) exit 1
		for (last = i - 1; last >= first && old[last] == ""; last--) ;
	}
	!done_subj && (p = index($0, "*** SUBJECT HERE ***")) {
		print substr($0, 1, p - 1) subj; done_subj = 1; next
	}
	!done_blurb && $0 == "*** BLURB HERE ***" {
		for (i = first; i <= last; i++) print old[i]
		done_blurb = 1; next
	}
	{ print }
	' "$1" "$2" >"$2.new" && mv "$2.new" "$2"
}

export_series() {
	[ -d "$tree/.git" ] || die "no kernel tree at $tree (run: make tree)"
	tmp=$(mktemp -d)
	cover=0000-cover-letter.patch
	git_tree format-patch -q --no-signature --cover-letter -o "$tmp" \
		"$SB_FIXES_BRANCH..$SB_BRANCH" || die "git format-patch failed"
	if [ -e "$tmp/$cover" ] && [ -e "$patches/$cover" ]; then
		fill_cover "$patches/$cover" "$tmp/$cover" || {
			rm -rf "$tmp"
			die "$patches/$cover has no shortlog after its blurb; patches/ left as it was"
		}
	elif [ -e "$tmp/$cover" ]; then
		log "no $patches/$cover: write the subject and blurb into the new one"
	fi
	rm -f "$patches"/*.patch
	{
		echo "# Applied in order by host/tree.sh onto Debian $SB_SOURCE_PKG $version"
		for f in "$tmp"/*.patch; do
			[ -e "$f" ] || continue
			# A blank context line is " ": store it as an empty line (git am reads
			# both), so the files carry no trailing whitespace for text tools.
			sed -i 's/^ $//' "$f"
			mv "$f" "$patches/"
			[ "$(basename "$f")" = "$cover" ] || basename "$f"
		done
	} >"$patches/series"
	rmdir "$tmp"
	# The exported series is what the branch holds: record it as applied.
	echo "$(series_stamp "$SB_FIXES_BRANCH" "$patches" "$(series_files "$patches")") $(git_tree rev-parse HEAD)" >"$(stampfile)"
	log "exported $(grep -vc '^#' "$patches/series") patches to $patches"
}

# fetch_source: a source from SB_SOURCE_SUITE (KERNEL=7.2, 7.3) as the tree of its newest
# version there: apt-get update with private package lists in $SB_TREES/apt (host/lib.sh's
# sb_private_apt; the machine's apt configuration is left alone), apt-get download of the
# package (never installed), its tarball taken out with dpkg-deb -x and unpacked as for
# 6.12; the version is recorded last (sb_fetched_record), for the other scripts. The
# download is unpacked in $SB_TREES/download, the tree in $tree.tmp: whatever fails, both
# are removed, so nothing half-unpacked is left behind.
# The archive is the one the machine's sources name for the suite, else for bookworm.
# check-valid-until=no: the lists are still checked against the archive's signature, only
# not against their expiry date, which a mirror frozen at a date (snapshot.debian.org, or
# this machine's: unstable's lists there are weeks old) would fail; their date is logged.
fetch_source() {
	apt=$SB_TREES/apt dl=$SB_TREES/download tree=
	trap 'rm -rf "$dl" ${tree:+"$tree.tmp"}' EXIT
	trap 'exit 1' HUP INT TERM
	mkdir -p "$apt/lists/partial"
	mirror=$(sb_machine_mirror "$SB_SOURCE_SUITE" \
		"$(sb_machine_mirror bookworm http://deb.debian.org/debian)")
	printf '%s\n' "${SB_FETCH_SOURCES:-deb [check-valid-until=no] $mirror $SB_SOURCE_SUITE main}" \
		>"$apt/sources.list"
	log "fetching the package lists of: $(cat "$apt/sources.list") (apt lists: $apt)"
	sb_private_apt "$apt" apt-get -q update >"$apt/update.log" 2>&1 ||
		die_log "apt-get update with the private sources list failed (is the suite $SB_SOURCE_SUITE reachable? SB_FETCH_SOURCES sets another sources line)" "$apt/update.log"
	dated=$(cat "$apt"/lists/*Release 2>/dev/null | sed -n 's/^Date: //p' | head -n 1)
	[ -z "$dated" ] || log "the package lists are dated $dated"
	version=$(sb_private_apt "$apt" apt-cache show --no-all-versions "$SB_SOURCE_PKG" \
		2>/dev/null | sed -n 's/^Version: //p' | head -n 1)
	# (apt-get update may only warn about lists it could not fetch: an unreachable suite can end here)
	[ -n "$version" ] || die "$SB_SOURCE_PKG is not in the package lists of" \
		"'$(cat "$apt/sources.list")' (see $apt/update.log): is the suite $SB_SOURCE_SUITE" \
		"unreachable, or has it no $SB_SOURCE_PKG any more? set SB_FETCH_SOURCES to a sources" \
		"line that has it (docs/mainline.md)"
	tree=$(sb_tree_dir_of "$version")
	if [ ! -d "$tree/.git" ]; then
		rm -rf "$dl" && mkdir -p "$dl"
		log "downloading $SB_SOURCE_PKG $version"
		(cd "$dl" && sb_private_apt "$apt" apt-get -q download "$SB_SOURCE_PKG=$version") \
			>"$apt/download.log" 2>&1 ||
			die_log "apt-get download $SB_SOURCE_PKG=$version failed" "$apt/download.log"
		for deb in "$dl"/*.deb; do break; done
		[ -f "$deb" ] || die "apt-get download left no package in $dl"
		log "downloaded $(basename "$deb"), $(du -k "$deb" | cut -f1) KiB"
		dpkg-deb -x "$deb" "$dl/root" || die "cannot unpack $deb"
		[ -r "$dl/root$SB_TARBALL" ] || die "$SB_SOURCE_PKG $version holds no $SB_TARBALL"
		unpack "$dl/root$SB_TARBALL"
	fi
	record=$(sb_fetched_record)
	{ echo "$version" >"$record.tmp" && mv "$record.tmp" "$record"; } ||
		die "cannot record the version in $record"
	rm -rf "$dl"
	trap - EXIT HUP INT TERM
	log "took $SB_SOURCE_PKG $version from $SB_SOURCE_SUITE: $tree"
}

# The command, its arguments and the environment, checked before anything is read, fetched
# or unpacked: SB_PATCHES (to prepare: its series and patches/fixes/'s, with every patch
# they name; to export into: a directory), FORCE.
usage="usage: $0 [prepare | export | path [base|patched|prefix]]"
case ${1:-prepare} in
prepare | export) [ $# -le 1 ] || die "unexpected argument '$2' ($usage)" ;;
path)
	[ $# -le 2 ] || die "unexpected argument '$3' ($usage)"
	[ $# -lt 2 ] || sb_check_variant "$2"
	;;
*) die "unknown command '$1' (expected: prepare, export, path)" ;;
esac
if [ -z "$SB_HAS_SERIES" ]; then
	[ "${1:-}" != export ] ||
		die "KERNEL=$SB_KERNEL has no series to export (the series applies to 6.12 and 7.3 only)"
elif [ "${1:-prepare}" = prepare ]; then
	series_files "$patches" >/dev/null
	series_files "$fixes_dir" >/dev/null
elif [ "$1" = export ]; then
	[ -d "$patches" ] || die "no directory '$patches' to export into (SB_PATCHES)"
fi
case ${FORCE:-0} in
0 | 1) ;;
*) die "FORCE='$FORCE' (accepted: 1, to drop the branch's commits that are not in patches/, or 0)" ;;
esac
sb_checked

# A fetched source (7.2, 7.3): fetched and unpacked once, reused after.
if [ -n "$SB_SOURCE_SUITE" ] && [ "${1:-prepare}" = prepare ]; then
	version=$(sb_source_version)
	if [ -n "$version" ] && [ -d "$(sb_tree_dir)/.git" ]; then
		log "$SB_SOURCE_PKG $version is unpacked in $(sb_tree_dir)"
	else
		fetch_source
	fi
fi
# A source no series applies to (7.2): its pristine tree and nothing more.
if [ -z "$SB_HAS_SERIES" ]; then
	[ "${1:-prepare}" != path ] || sb_src "${2:-base}"
	exit 0
fi

version=$(sb_source_version)
[ -n "$version" ] || die "$(sb_source_missing)"
tree=$(sb_tree_dir)
base=$(sb_src base)

case ${1:-prepare} in
prepare)
	if [ ! -d "$tree/.git" ]; then
		[ -r "$SB_TARBALL" ] ||
			die "$SB_TARBALL missing (is $SB_SOURCE_PKG installed? run: make deps)"
		unpack "$SB_TARBALL"
	fi
	add_base_worktree
	apply_fixes
	apply_series
	;;
export) export_series ;;
path) sb_src "${2:-patched}" ;;
*) die "unknown command '$1' (expected: prepare, export, path)" ;;
esac
