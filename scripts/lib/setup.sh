# Shared by scripts/demo, scripts/test and scripts/bench: install what dlib
# needs to build, from Debian's archive, only when it is missing.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"

APT_PACKAGES=(pkg-config libcurl4-openssl-dev libxml2-dev libsqlite3-dev libxlsxwriter-dev python3 python3-venv git sqlite3
    libchafa-dev libglib2.0-dev libjpeg62-turbo-dev libpng-dev libwebp-dev)

ensure_packages() {
    local missing=()
    for package in "${APT_PACKAGES[@]}"; do
        dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    echo "==> installing ${missing[*]}" >&2
    local sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
}

# A virtual environment of the project's own at $ROOT/.venv with the given
# PyPI packages (never the system Python's); its python3 first on PATH.
ensure_venv() {
    local venv="$ROOT/.venv" package missing=()
    for package in "$@"; do
        "$venv/bin/python" -c "import $package" 2>/dev/null || missing+=("$package")
    done
    if [ ${#missing[@]} -gt 0 ]; then
        echo "==> installing ${missing[*]} into $venv" >&2
        [ -x "$venv/bin/python" ] || python3 -m venv "$venv"
        "$venv/bin/pip" install -q "${missing[@]}" >&2
    fi
    export PATH="$venv/bin:$PATH"
}

ensure_swift() {
    command -v swift >/dev/null || { echo "swift is not on PATH (expected Swift 6 at /opt/swift)" >&2; exit 1; }
}

build() {
    echo "==> swift build $*" >&2
    swift build "$@" 2>&1 | grep -vE '^\[[0-9]+/[0-9]+\] (Compiling|Write|Emitting|Linking|Applying)' >&2
    return "${PIPESTATUS[0]}"
}

# Starts the sample server on a free loopback port; sets SAMPLE_PID and
# DLIB_ENDPOINT. The caller's trap stops it.
start_sample_server() {
    local url_file
    url_file="$(mktemp)"
    rm -f "$url_file"
    "$ROOT/.build/debug/dlib-sample-server" --url-file "$url_file" "$@" >/dev/null 2>&1 &
    SAMPLE_PID=$!
    for _ in $(seq 1 100); do
        [ -s "$url_file" ] && break
        kill -0 "$SAMPLE_PID" 2>/dev/null || { echo "the sample server did not start" >&2; exit 1; }
        sleep 0.05
    done
    DLIB_ENDPOINT="$(cat "$url_file")"
    rm -f "$url_file"
    export DLIB_ENDPOINT
}
