# Sourced by .ci/debian-release and .ci/debian-package: a minimal Debian
# system made with debootstrap from the mirror this machine's own apt
# sources name, mounted for use, and a way to run commands in it.
#
#   make_root RELEASE ROOT LOG     debootstrap, apt sources, mounts
#   in_root CMD...                 run CMD in $root with a clean environment
#   (in_root_exec CMD...) &        the same in the background, $! being CMD
#
# The caller sets die() and root=, and calls cleanup on exit.

# The mirror: the first Debian archive URI in the machine's apt sources
# (deb822 .sources files or one-line sources.list entries), not the
# security archive.
find_mirror() {
    { cat /etc/apt/sources.list.d/*.sources 2>/dev/null |
          awk '/^URIs:/ { for (i = 2; i <= NF; i++) print $i }'
      cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null |
          awk '$1 == "deb" { for (i = 2; i <= NF; i++) if ($i ~ /:\/\//) { print $i; break } }'
    } | grep -v -e security -e '^$' | grep '/debian/\?$' | head -n 1
}

cleanup() {
    for m in proc dev/pts dev sys; do
        mountpoint -q "$root/$m" && umount -l "$root/$m"
    done
    mountpoint -q "$root" && umount -l "$root"
    return 0
}

make_root() {
    local rel=$1 log=$3 mirror
    root=$2
    mirror=$(find_mirror)
    [ -n "$mirror" ] || die "no Debian mirror in this machine's apt sources"
    command -v debootstrap >/dev/null || die "debootstrap is missing (apt-get install debootstrap)"
    cleanup
    rm -rf "$root"
    mkdir -p "$(dirname "$root")"
    debootstrap --variant=minbase "$rel" "$root" "$mirror" > "$log" 2>&1 ||
        { tail -n 30 "$log"; die "debootstrap failed"; }
    echo "deb $mirror $rel main" > "$root/etc/apt/sources.list"
    # The machine's mirror may serve a snapshot: unstable's Release file then
    # carries a Valid-Until in the past, which apt would refuse.
    echo 'Acquire::Check-Valid-Until "false";' > "$root/etc/apt/apt.conf.d/99xn-ci-snapshot"
    # The root a mount point of its own: the tests make private mount
    # namespaces (unshare -m, for getaddrinfo with a bind-mounted hosts file),
    # which cannot change the propagation of a root that is not one.
    mount --bind "$root" "$root"
    mount -t proc proc "$root/proc"
    mount --bind /dev "$root/dev"
    mount --bind /dev/pts "$root/dev/pts"
    mount -t sysfs sysfs "$root/sys"
    cp /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true
}

# The checkout, without build folders or git, into DIR of the root.
copy_tree() {
    mkdir -p "$root$2"
    tar -C "$1" --exclude='./build*' --exclude=./.git -cf - . | tar -C "$root$2" -xf -
}

in_root() { (in_root_exec "$@"); }
# The same in place of the calling (sub)shell: `(in_root_exec CMD) &` gives
# $! the id of CMD itself (chroot and env exec it), so that `kill $!`, or
# `kill $(jobs -p)`, ends it rather than a shell that has started it.
in_root_exec() {
    exec chroot "$root" /usr/bin/env -i HOME=/root PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
        LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive "$@"
}
