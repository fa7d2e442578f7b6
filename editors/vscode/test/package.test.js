// Checks what `npx @vscode/vsce package` checks before it asks "Do you want to continue? [y/N]" or stops, so that it
// packages without questions (no npm registry needed): node editors/vscode/test/package.test.js — prints 'all ok'.
const fs = require('fs');
const path = require('path');
const assert = require('assert');
const root = path.join(__dirname, '..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));

// vsce asks when `repository` is missing.
assert(manifest.repository && (typeof manifest.repository === 'string' || manifest.repository.url), 'repository');
// vsce asks when no LICENSE, LICENSE.md or LICENSE.txt is packaged (for a license not written "SEE LICENSE IN …").
assert.equal(manifest.license, 'MIT');
assert(fs.readdirSync(root).some((name) => /^licen[cs]e(\.(md|txt))?$/i.test(name)), 'LICENSE file');
assert.match(fs.readFileSync(path.join(root, 'LICENSE'), 'utf8'), /^MIT License/);
// vsce stops on a relative link in README.md unless the repository is on GitHub or GitLab.
const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
for (const [, , link] of readme.matchAll(/(!?)\[[^\][]*\]\(([^)]+)\)/g)) {
  assert(/^\w+:\/\//.test(link) || link.startsWith('#') || /^mailto:/i.test(link), `relative link in README.md: ${link}`);
}
// vsce packages everything not ignored: the tests must be left out (.vscodeignore, gitignore-style globs).
const ignored = fs.readFileSync(path.join(root, '.vscodeignore'), 'utf8').split('\n').map((l) => l.trim())
  .filter((l) => l && !l.startsWith('#'));
const matches = (pattern, file) => new RegExp('^' + pattern.split('**').map((part) =>
  part.split('*').map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('[^/]*')).join('.*') + '$').test(file);
for (const file of fs.readdirSync(path.join(root, 'test'))) {
  assert(ignored.some((pattern) => matches(pattern, `test/${file}`)), `test/${file} is packaged`);
}
for (const file of ['extension.js', 'package.json', 'README.md', 'LICENSE']) {
  assert(!ignored.some((pattern) => matches(pattern, file)), `${file} is left out`);
}
// The files `main` and the palette need are there.
assert(fs.existsSync(path.join(root, manifest.main)), manifest.main);
console.log('all ok');
