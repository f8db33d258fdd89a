#!/bin/sh
# make export (host/tree.sh export) rewrites the numbered patches and the series from the
# branch, and the cover letter patches/0000-cover-letter.patch keeps its subject and blurb
# under a fresh shortlog and diffstat; it is not in the series. A cover letter without a
# shortlog stops the export and changes nothing. Runs on a throwaway two-commit repository
# in a temporary cache, never on the kernel tree.
. "$(dirname "$0")/lib.sh"
dir=$(mktemp -d)
trap 'rm -rf "$dir" "$out"' EXIT
export SCHED_BUDDY_CACHE="$dir/cache"
patches=$dir/patches
tree=$("$top/host/tree.sh" path patched 2>"$out") || {
	cat "$out" >&2
	grep -q 'not installed' "$out" && exit 4  # skip (host/tests/lib.sh): no linux-source-6.12 to name the tree
	exit 1
}

mkdir -p "$tree" "$patches"
git -C "$tree" init -q -b sched-buddy
git -C "$tree" config user.name "Test Author"
git -C "$tree" config user.email "test@localhost"
echo base >"$tree/a"
git -C "$tree" add a && git -C "$tree" commit -qm base && git -C "$tree" tag debian-base
echo fix >"$tree/fix"
git -C "$tree" add fix && git -C "$tree" commit -qm "sched/debug: A fix, not exported"
git -C "$tree" branch debian-fixes
for n in first second; do
	echo "$n" >"$tree/$n"
	git -C "$tree" add "$n" && git -C "$tree" commit -qm "sched/fair: The $n change"
done

# The blurb has a line that looks like a shortlog header without the indented subject
# after it: it must stay in the blurb.
cat >"$dir/blurb" <<'EOF'
A blurb in two paragraphs.

Figures (2):

  burst  off   on
  0 us   0.2   0.9
EOF
{
	printf 'From 0 Mon Sep 17 00:00:00 2001\nFrom: Test Author <test@localhost>\n'
	printf 'Date: Thu, 1 Jan 2026 00:00:00 +0000\n'
	printf 'Subject: [PATCH 00/11] sched/fair: A subject that is kept,\n folded over two lines\n\n'
	cat "$dir/blurb"
	printf '\nTest Author (1):\n  sched/fair: An old patch\n\n a | 1 +\n'
} >"$patches/0000-cover-letter.patch"
echo "stale" >"$patches/0001-stale.patch"
echo "0001-stale.patch" >"$patches/series"
cp "$patches/0000-cover-letter.patch" "$dir/old-cover"

SB_PATCHES=$patches "$top/host/tree.sh" export 2>"$out" || {
	echo "FAIL: export failed:" >&2
	sed 's/^/    /' "$out" >&2
	exit 1
}
cover=$patches/0000-cover-letter.patch
fail() { echo "FAIL: $*" >&2; sed 's/^/    /' "$cover" >&2; exit 1; }

[ ! -e "$patches/0001-stale.patch" ] || fail "the stale patch is still there"
printf '0001-sched-fair-The-first-change.patch\n0002-sched-fair-The-second-change.patch\n' >"$dir/want"
grep -v '^#' "$patches/series" | diff "$dir/want" - >&2 || fail "series is not the two commits"
grep -qx 'Subject: \[PATCH 0/2\] sched/fair: A subject that is kept,' "$cover" &&
	grep -qx ' folded over two lines' "$cover" || fail "subject not kept with the new count"
# The blurb: from after the headers to the blank line before the shortlog.
sed -n '/^$/,/^Test Author (2):$/{p;/^Test Author/q;}' "$cover" | sed '1d;$d' | sed '$d' | diff "$dir/blurb" - >&2 ||
	fail "blurb not kept as it was"
grep -qx '  sched/fair: The second change' "$cover" || fail "shortlog lacks the new commits"
! grep -q 'An old patch\|\*\*\*' "$cover" || fail "old shortlog or git's placeholders left"
grep -q '^ 2 files changed, 2 insertions(+)$' "$cover" || fail "no fresh diffstat"
echo "ok: export wrote 2 patches, series without the cover letter, cover letter with the kept subject, blurb ($(wc -l <"$dir/blurb") lines) and a fresh shortlog" >&2

# A second export changes nothing but the date.
cp "$cover" "$dir/first"
SB_PATCHES=$patches "$top/host/tree.sh" export 2>"$out" || fail "second export failed"
grep -v '^Date: ' "$dir/first" >"$dir/first.nodate"
grep -v '^Date: ' "$cover" | diff "$dir/first.nodate" - >&2 ||
	fail "a second export changed the cover letter"
echo "ok: a second export gives the same cover letter" >&2

# A cover letter without a shortlog: the export stops and patches/ stays as it was.
printf 'Subject: [PATCH 0/2] broken\n\nno shortlog here\n' >"$cover"
before=$(cat "$patches"/* | cksum)
SB_PATCHES=$patches expect_failure "has no shortlog after its blurb; patches/ left as it was" \
	"$top/host/tree.sh" export
[ "$(cat "$patches"/* | cksum)" = "$before" ] || { echo "FAIL: patches/ changed" >&2; exit 1; }
echo "ok: patches/ unchanged" >&2
