// Bundles what runs in the browser into the jar's resources (the argument: the output folder).
// Every bundle is self-contained: a customer's page and the console load nothing from a third party.
import { build } from 'esbuild';
import { copyFile, mkdir } from 'node:fs/promises';

const out = process.argv[2] ?? 'target/classes/browser';
const common = { bundle: true, minify: true, legalComments: 'eof', target: ['es2019'], logLevel: 'warning' };

await mkdir(out, { recursive: true });
await Promise.all([
  // the loader a site installs: the launcher only, at most 12 kB (checked by its test)
  build({ ...common, entryPoints: ['src/widget/loader.js'], outfile: `${out}/widget.js`, format: 'iife' }),
  // the panel, fetched by the loader on the first open
  build({ ...common, entryPoints: ['src/widget/panel.js'], outfile: `${out}/widget-panel.js`, format: 'iife' }),
  // rrweb's recorder with the suite's privacy defaults and chunking, loaded by the SDK when replay is on
  build({ ...common, entryPoints: ['src/replay/recorder.js'], outfile: `${out}/engagement-replay.js`, format: 'iife' }),
  // rrweb's replayer for the console's session page, an ES module like the console's own
  build({ ...common, entryPoints: ['src/player/player.js'], outfile: `${out}/replay-player.js`, format: 'esm' }),
]);
await copyFile('node_modules/rrweb/dist/style.css', `${out}/replay-player.css`);
