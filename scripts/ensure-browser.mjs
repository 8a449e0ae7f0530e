// Make sure headless Chromium and the colour-emoji font are present for the browser tests.
// As root (CI, fresh machines of this kind) it installs them with apt-get; otherwise it says what to install.
import { execSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

function hasEmojiFont() {
  try {
    return /Noto Color Emoji/i.test(execSync('fc-list', { encoding: 'utf8' }));
  } catch {
    return false;
  }
}

const missing = [];
if (!existsSync(CHROMIUM)) missing.push('chromium');
if (!hasEmojiFont()) missing.push('fonts-noto-color-emoji');

if (missing.length > 0) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(`Browser tests need: ${missing.join(', ')}.\nInstall them with: sudo apt-get install -y ${missing.join(' ')}\n(or set CHROMIUM_PATH to a Chromium binary)`);
    process.exit(1);
  }
  console.log(`Installing ${missing.join(', ')} with apt-get …`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const cmd of [['apt-get', ['update', '-qq']], ['apt-get', ['install', '-y', '-qq', ...missing]]]) {
    const r = spawnSync(cmd[0], cmd[1], { stdio: 'inherit', env });
    if (r.status !== 0) {
      console.error(`${cmd[0]} ${cmd[1].join(' ')} failed (exit ${r.status})`);
      process.exit(1);
    }
  }
}
console.log(`Browser ready: ${CHROMIUM}${hasEmojiFont() ? ' with Noto Color Emoji' : ''}`);
