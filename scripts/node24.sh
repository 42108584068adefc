# Sourced by .ci/run (and by anyone who wants the project's Node on a machine with an older one):
#   . scripts/node24.sh
# The project runs and is tested on Node.js 24 LTS (issue 28 item 4; `.nvmrc`). When the `node` on PATH is older,
# this installs Node 24 from the npm registry's prebuilt `node-linux-<arch>` package (the binary the `node` package
# itself installs, without its install script) into $BACKROOM_NODE_DIR (default ~/.cache/backroom-node24) and puts
# it first on PATH, so `npm` (a Node script) runs on it too. No download outside the npm registry.
_backroom_node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }
if [ "$(_backroom_node_major)" -lt 24 ]; then
  _dir="${BACKROOM_NODE_DIR:-${HOME:-/tmp}/.cache/backroom-node24}"
  _arch="$(uname -m)"
  case "$_arch" in x86_64) _arch=x64 ;; aarch64 | arm64) _arch=arm64 ;; esac
  _bin="$_dir/node_modules/node-linux-$_arch/bin"
  if [ ! -x "$_bin/node" ]; then
    echo "Node $(node --version 2>/dev/null || echo 'absent') is older than 24: installing Node 24 from the npm registry into $_dir"
    mkdir -p "$_dir"
    npm install --no-save --no-package-lock --no-audit --no-fund --prefix "$_dir" "node-linux-$_arch@24" >/dev/null
  fi
  export PATH="$_bin:$PATH"
  unset _dir _arch _bin
fi
echo "Node $(node --version), npm $(npm --version)"
