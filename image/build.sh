#!/usr/bin/env bash
# Builds the Deskhand agent-desktop image without any container registry:
#  1. the base root filesystem from Debian packages (image/packages) by mmdebstrap, from the Debian
#     mirror this machine's apt uses; cached under a hash of the package list, the mirror lines
#     and the options, so only the first build pays for it (about two minutes);
#  2. imported with podman import as localhost/deskhand-base:<hash>;
#  3. the application layer (the jar, the entrypoint, the container's config) by podman build.
# Usage: image/build.sh [JAR]   (default: target/deskhand-*.jar; build it with ./mvnw package)
# Environment: DESKHAND_IMAGE (the tag, default localhost/deskhand:dev), DESKHAND_IMAGE_CACHE
# (where root filesystems are kept, default ~/.cache/deskhand-image), DESKHAND_IMAGE_MIRROR (a
# Debian mirror URL instead of the configured one). Needs root (podman rootful, mmdebstrap).
# See docs/container.md.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/.." && pwd)
export CONTAINERS_CONF="$here/containers.conf"
image=${DESKHAND_IMAGE:-localhost/deskhand:dev}
cache=${DESKHAND_IMAGE_CACHE:-$HOME/.cache/deskhand-image}
suite=bookworm

log() { echo "image/build.sh: $*" >&2; }

jar=${1:-}
if [ -z "$jar" ]; then
	jars=("$repo"/target/deskhand-*.jar)
	jar=${jars[0]}
fi
if [ ! -f "$jar" ]; then
	log "no jar at $jar: run ./mvnw -B -q package -DskipTests first, or pass the jar"
	exit 2
fi
for tool in podman mmdebstrap; do
	command -v "$tool" >/dev/null || {
		log "$tool is missing: apt-get install podman runc mmdebstrap (.ci/run installs them)"
		exit 2
	}
done

# The Debian and Debian-security archives this machine's apt reads (deb822 .sources, else
# sources.list), as one-line sources for mmdebstrap.
mirror_uris() {
	{
		awk 'tolower($1) == "uris:" { for (i = 2; i <= NF; i++) print $i }' /etc/apt/sources.list.d/*.sources 2>/dev/null
		awk '$1 == "deb" { for (i = 2; i <= NF; i++) if ($i ~ /^[a-z]+:\/\//) { print $i; break } }' \
			/etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null
	} | sed 's:/*$::' | awk '!seen[$0]++'
}
if [ -n "${DESKHAND_IMAGE_MIRROR:-}" ]; then
	debian=${DESKHAND_IMAGE_MIRROR%/}/debian
	security=${DESKHAND_IMAGE_MIRROR%/}/debian-security
else
	debian=$(mirror_uris | grep -E '/debian$' | head -n 1 || true)
	security=$(mirror_uris | grep -E '/debian-security$' | head -n 1 || true)
fi
if [ -z "$debian" ]; then
	log "no Debian mirror found in /etc/apt/sources.list(.d); set DESKHAND_IMAGE_MIRROR"
	exit 2
fi
sources=("deb $debian $suite main" "deb $debian $suite-updates main")
[ -n "$security" ] && sources+=("deb $security $suite-security main")

listed() { grep -v -e '^#' -e '^[[:space:]]*$' "$1"; }
packages=$(listed "$here/packages" | paste -sd, -)
unneeded=$(listed "$here/unneeded" | paste -sd' ' -)
# the smallest root filesystem that keeps a real browser: no Recommends, no manuals, docs or
# translations (the setup hook's man1: openjdk's postinst links java.1.gz there and fails without),
# and none of the dependencies nothing in the image uses (image/unneeded)
options=(--variant=apt --aptopt='APT::Install-Recommends "false"'
	--dpkgopt='path-exclude=/usr/share/man/*' --dpkgopt='path-exclude=/usr/share/doc/*'
	--dpkgopt='path-exclude=/usr/share/locale/*' --setup-hook='mkdir -p "$1/usr/share/man/man1"'
	--include="$packages"
	--customize-hook="chroot \"\$1\" dpkg --purge --force-depends --force-remove-protected $unneeded >/dev/null 2>&1"
	--customize-hook='rm -f "$1"/usr/lib/x86_64-linux-gnu/imlib2/loaders/heif.so "$1"/usr/lib/x86_64-linux-gnu/imlib2/loaders/jxl.so "$1"/usr/lib/x86_64-linux-gnu/imlib2/loaders/ps.so')
# dpkg syncs every file it unpacks; in a root filesystem that becomes a tar that is pointless, and
# on a busy disk it is most of the time: mmdebstrap's eatmydata hook turns the syncs off
if [ -d /usr/share/mmdebstrap/hooks/eatmydata ]; then
	options+=(--hook-dir=/usr/share/mmdebstrap/hooks/eatmydata)
fi
key=$(printf '%s\n' "$suite" "$packages" "${options[@]}" "${sources[@]}" | sha256sum | cut -c1-16)
base=localhost/deskhand-base:$key
rootfs=$cache/rootfs-$key.tar

if podman image exists "$base"; then
	log "base $base exists"
else
	if [ -f "$rootfs" ]; then
		log "root filesystem cached: $rootfs"
	else
		mkdir -p "$cache"
		log "making the root filesystem from $debian (${sources[*]})"
		start=$(date +%s)
		rm -f "$cache/partial-$key.tar"
		mmdebstrap --quiet "${options[@]}" "$suite" "$cache/partial-$key.tar" "${sources[@]}"
		mv "$cache/partial-$key.tar" "$rootfs"
		# a root filesystem is about 1 GB: keep only the current one
		find "$cache" -maxdepth 1 -name 'rootfs-*.tar' ! -name "rootfs-$key.tar" -delete
		log "root filesystem made in $(($(date +%s) - start)) s: $(du -m "$rootfs" | cut -f1) MB"
	fi
	podman import --quiet --change 'CMD ["/bin/bash"]' "$rootfs" "$base" >/dev/null
	log "imported $base"
fi

context=$(mktemp -d)
trap 'rm -rf "$context"' EXIT
cp "$here/Containerfile" "$here/entrypoint" "$here/chromium-flags" "$here/container.yml" "$context/"
cp "$jar" "$context/deskhand.jar"
previous=$(podman image inspect --format '{{.Id}}' "$image" 2>/dev/null || true)
podman build --quiet --network none --build-arg "BASE=$base" --tag "$image" "$context" >/dev/null
# the image this tag named before is left without a name: remove it, unless a container still uses it
if [ -n "$previous" ] && [ "$previous" != "$(podman image inspect --format '{{.Id}}' "$image")" ]; then
	podman rmi "$previous" >/dev/null 2>&1 || true
fi
log "built $image ($(podman image inspect --format '{{.Size}}' "$image" | awk '{ printf "%d MB", $1 / 1000000 }') unpacked)"
