// Writes build-info.json (version 1.6.6 plus the commit distance) for the version service.
import { execFileSync } from 'node:child_process';
import { writeFileSync, readFileSync } from 'node:fs';

const [major, minor, patch] = JSON.parse(readFileSync('package.json', 'utf8')).version.split('.').map(Number);
const git = (...args) => {
  try {
    return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return '';
  }
};
const distance = Number(git('rev-list', '--count', 'HEAD') || 0);
const build = git('rev-parse', '--short', 'HEAD') || 'local';
writeFileSync('build-info.json', JSON.stringify({ major, minor, patch, distance, build, builtAt: new Date().toISOString() }, null, 2));
