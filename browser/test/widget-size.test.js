// @vitest-environment node
// (esbuild refuses to run under jsdom, whose TextEncoder is not Node's)
import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

// the same options as build.mjs
const bundle = async (entryPoint) => {
  const result = await build({ entryPoints: [entryPoint], bundle: true, minify: true, legalComments: 'eof', target: ['es2019'], format: 'iife', write: false });
  return result.outputFiles[0].contents;
};

describe('widget bundles', () => {
  it('keeps the loader a site installs within 12 kB minified, uncompressed', async () => {
    const loader = await bundle('src/widget/loader.js');
    expect(loader.length).toBeLessThanOrEqual(12 * 1024);
    // well under the budget, so a page that installs it barely notices
    expect(gzipSync(loader).length).toBeLessThan(4 * 1024);
  });

  it('leaves the panel out of the loader and builds it on its own', async () => {
    const loader = new TextDecoder().decode(await bundle('src/widget/loader.js'));
    const panel = new TextDecoder().decode(await bundle('src/widget/panel.js'));
    expect(loader).not.toContain('EngagementWidgetPanel=');
    expect(loader).not.toContain('/widget/v1/visitors');
    expect(panel).toContain('EngagementWidgetPanel');
    expect(panel).toContain('/widget/v1/visitors');
  });

  it('never renders server text as markup', async () => {
    const panel = new TextDecoder().decode(await bundle('src/widget/panel.js'));
    expect(panel).not.toMatch(/innerHTML/);
  });
});
