// Keeps `npm ci` working. The registry this project installs from serves only the linux builds of Biome's
// platform packages, so npm leaves the other platforms out of package-lock.json and `npm ci` then refuses the
// lock ("Missing: @biomejs/cli-darwin-arm64@ from lock file"). This records them as optional, platform-bound
// entries, which npm never downloads on another platform. Runs as the root `postinstall`; changes nothing when
// the entries are there.
const fs = require('node:fs');
const path = require('node:path');

const file = path.join(__dirname, '..', 'package-lock.json');
if (!fs.existsSync(file)) process.exit(0);
const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
const biome = lock.packages?.['node_modules/@biomejs/biome'];
const platforms = {
  'android-arm64': ['android', 'arm64'],
  'android-x64': ['android', 'x64'],
  'darwin-arm64': ['darwin', 'arm64'],
  'darwin-x64': ['darwin', 'x64'],
  'linux-arm64-musl': ['linux', 'arm64', 'musl'],
  'linux-x64-musl': ['linux', 'x64', 'musl'],
  'win32-arm64': ['win32', 'arm64'],
  'win32-x64': ['win32', 'x64'],
};
let added = 0;
for (const [name, [os, cpu, libc]] of biome ? Object.entries(platforms) : []) {
  const key = `node_modules/@biomejs/cli-${name}`;
  if (lock.packages[key]) continue;
  lock.packages[key] = {
    version: biome.version,
    cpu: [cpu],
    dev: true,
    license: 'MIT OR Apache-2.0',
    optional: true,
    os: [os],
    ...(libc ? { libc: [libc] } : {}),
    engines: { node: '>=14.21.3' },
  };
  added++;
}

// The same for napi-rs packages (knip's oxc-parser): their optional `binding-{os}-{cpu}[-{abi}]` packages that the
// registry does not serve are recorded from the name, bound to that os/cpu/libc.
const LIBC = { gnu: 'glibc', gnueabihf: 'glibc', musl: 'musl', musleabihf: 'musl' };
for (const parent of ['node_modules/oxc-parser']) {
  const pkg = lock.packages?.[parent];
  if (!pkg?.optionalDependencies) continue;
  for (const [name, range] of Object.entries(pkg.optionalDependencies)) {
    const key = `node_modules/${name}`;
    const m = /binding-([a-z0-9]+)-([a-z0-9]+)(?:-([a-z]+))?$/.exec(name);
    if (lock.packages[key] || !m || m[1] === 'wasm32') continue;
    const [, os, cpu, abi] = m;
    lock.packages[key] = {
      version: String(range).replace(/^[\^~=]/, ''),
      cpu: [cpu],
      dev: true,
      license: pkg.license ?? 'MIT',
      optional: true,
      os: [os],
      ...(LIBC[abi] ? { libc: [LIBC[abi]] } : {}),
    };
    added++;
  }
}
if (added > 0) {
  fs.writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`lock-platforms: recorded ${added} platform packages in package-lock.json`);
}
