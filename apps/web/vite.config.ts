import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

/** Writes `file`.gz and `file`.br when it is worth compressing (1 KB or more). */
const writeCompressed = (file: string) => {
  const content = fs.readFileSync(file);
  if (content.length < 1024) return;
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
  fs.writeFileSync(
    `${file}.br`,
    zlib.brotliCompressSync(content, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
  );
};

/**
 * Writes .br and .gz beside every compressible build file, so the server can send them as they
 * are (@fastify/static `preCompressed`) instead of compressing on each request.
 */
const precompress = (): Plugin => ({
  name: 'ginhawa-precompress',
  apply: 'build',
  writeBundle(options, bundle) {
    const outDir = options.dir ?? 'dist';
    for (const fileName of Object.keys(bundle))
      if (/\.(js|css|html|svg|json)$/.test(fileName)) writeCompressed(path.join(outDir, fileName));
  },
});

/** Marks the links `signedInPreloads` adds, so the signed-out page can hold them back. */
const SIGNED_IN_LINK = 'data-signed-in';
/** The id of the signed-out page's <template> that holds them (app/routes/login.tsx reads it). */
const PANEL_CODE_TEMPLATE = 'panel-code';

/** The file the server sends a browser without a session hint (decision 1061). */
const SIGNED_OUT_PAGE = 'signed-out.html';

/**
 * After the client build, renders the sign-in screen to HTML (src/prerender/sign-in.tsx, built
 * for Node in node_modules/.prerender) and writes dist/signed-out.html: index.html with that markup in
 * #root in place of the brand splash, and its Material UI styles in <head>. The form paints from
 * the HTML alone; main.tsx hydrates it (decision 1061). index.html keeps the splash for a browser
 * that may hold a session, which sees a loading overlay and then the panel, never the form.
 */
const prerenderSignIn = (landingLinks: readonly string[]): Plugin => {
  let root = process.cwd();
  let outDir = 'dist';
  return {
    name: 'ginhawa-prerender-sign-in',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      // Inside the package, so Node finds the externalised packages (react, @mui/…) from there.
      const ssrDir = path.join(root, 'node_modules', '.prerender');
      try {
        await build({
          configFile: false,
          root,
          logLevel: 'warn',
          plugins: [react()],
          build: { ssr: 'src/prerender/sign-in.tsx', outDir: ssrDir, emptyOutDir: true, minify: false },
        });
        const entry = pathToFileURL(path.join(ssrDir, 'sign-in.js')).href;
        const { renderSignIn } = (await import(entry)) as {
          renderSignIn: () => { html: string; css: string; names: string[] };
        };
        const { html, css, names } = renderSignIn();
        const index = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
        const splash = /<div id="root">[\s\S]*?<!-- \/splash -->\s*<\/div>/;
        if (!splash.test(index)) throw new Error('index.html: no <div id="root">…<!-- /splash --></div> to replace.');
        if (css.includes('</style')) throw new Error('The sign-in styles contain "</style".');
        // The panel's chunks, and the dashboard's (where a sign-in lands unless `?next=` says
        // otherwise), wait in an inert <template> until the person starts typing (the sign-in route
        // moves them into <head> then, decision 1089): a form to fill needs only its own code.
        const panelLinks: string[] = [];
        const page = index
          .replace(new RegExp(`\\s*(<link rel="modulepreload"[^>]*${SIGNED_IN_LINK}>)`, 'g'), (_all, link: string) => {
            panelLinks.push(link);
            return '';
          })
          .replace(
            '</head>',
            () =>
              `  <template id="${PANEL_CODE_TEMPLATE}">${[...panelLinks, ...landingLinks].join('')}</template>\n  </head>`,
          )
          .replace('</head>', () => `<style data-emotion="css ${names.join(' ')}">${css}</style>\n  </head>`)
          .replace(splash, () => `<div id="root" data-prerendered="sign-in">${html}</div>`);
        const file = path.join(outDir, SIGNED_OUT_PAGE);
        fs.writeFileSync(file, page);
        writeCompressed(file);
      } finally {
        fs.rmSync(ssrDir, { recursive: true, force: true });
      }
    },
  };
};

/**
 * Inlines small stylesheets (the @font-face rules) into index.html: a linked stylesheet blocks
 * the first paint (the brand splash) for a round trip, an inline one does not. CSP allows inline
 * styles already (emotion needs them). The link stays beside it, for no media (`not all`: fetched
 * late, never applied, blocking nothing), because Vite lists the entry's stylesheet among every
 * lazily loaded screen's dependencies and, finding no stylesheet link with its address, would
 * fetch it and hold the screen back until it had loaded (decision 1090).
 */
const inlineSmallCss = (maxBytes = 4096): Plugin => ({
  name: 'ginhawa-inline-small-css',
  apply: 'build',
  enforce: 'post',
  generateBundle(_options, bundle) {
    const html = bundle['index.html'];
    if (!html || html.type !== 'asset' || typeof html.source !== 'string') return;
    let source = html.source;
    for (const file of Object.values(bundle)) {
      if (file.type !== 'asset' || !file.fileName.endsWith('.css')) continue;
      const css = typeof file.source === 'string' ? file.source : Buffer.from(file.source).toString('utf8');
      if (css.length > maxBytes || css.includes('</style')) continue;
      const link = new RegExp(
        `<link rel="stylesheet"[^>]*href="/${file.fileName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]*>`,
      );
      source = source.replace(link, (tag) => `<style>${css}</style>${tag.replace(/>$/, ' media="not all">')}`);
    }
    html.source = source;
  },
});

/**
 * index.html is sent only to a browser that may hold a session (decision 1061), so it starts what
 * the panel needs from its <head>, beside the sign-in chunk instead of after it has run (decision
 * 1088): the profile call (a fetch preload, when the API is on this origin, which `fetch` of the
 * same address then takes), and the panel's and the layout's chunks with every chunk they import
 * (modulepreload: fetched and compiled in parallel, run when imported). The signed-out page holds
 * the chunks back until the person types (prerenderSignIn, decision 1089).
 */
const signedInPreloads = (entries: readonly RegExp[], landing: { entry: RegExp; links: string[] }): Plugin => {
  let base = '/';
  let apiUrl = '/api';
  return {
    name: 'ginhawa-signed-in-preloads',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      base = config.base;
      apiUrl = (config.env.VITE_API_URL as string | undefined)?.trim().replace(/\/+$/, '') || '/api';
    },
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (!html || html.type !== 'asset' || typeof html.source !== 'string') return;
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const add = (into: Set<string>, fileName: string) => {
        const chunk = bundle[fileName];
        if (into.has(fileName) || !chunk || chunk.type !== 'chunk' || chunk.isEntry) return;
        into.add(fileName);
        for (const imported of chunk.imports) add(into, imported);
      };
      const chunkOf = (entry: RegExp) => {
        const chunk = chunks.find((c) => c.facadeModuleId && entry.test(c.facadeModuleId));
        if (!chunk) throw new Error(`signedInPreloads: no chunk for ${entry}.`);
        return chunk.fileName;
      };
      const files = new Set<string>();
      for (const entry of entries) add(files, chunkOf(entry));
      // The entry's own imports are preloaded by Vite already.
      const linksTo = (fileNames: Iterable<string>) =>
        [...fileNames]
          .filter((f) => !(html.source as string).includes(`href="${base}${f}"`))
          .map((f) => `<link rel="modulepreload" crossorigin href="${base}${f}" ${SIGNED_IN_LINK}>`);
      const links = linksTo(files);
      // The landing screen's chunks, beyond those: for the signed-out page only (prerenderSignIn).
      const landingFiles = new Set<string>();
      add(landingFiles, chunkOf(landing.entry));
      landing.links.splice(0, landing.links.length, ...linksTo([...landingFiles].filter((f) => !files.has(f))));
      // Same origin only: a preload of another origin's API would need CORS the fetch does not ask for.
      if (apiUrl.startsWith('/') && !apiUrl.startsWith('//'))
        links.unshift(`<link rel="preload" as="fetch" crossorigin="use-credentials" href="${apiUrl}/users/my_data/">`);
      html.source = html.source.replace('</head>', () => `  ${links.join('\n    ')}\n  </head>`);
    },
  };
};

/** The contract's own modules (packages/contract/src), which only declare schemas and constants. */
const CONTRACT_MODULE = /[\\/]packages[\\/]contract[\\/]src[\\/][^\\/]+\.ts$/;

/**
 * Marks every top-level `const` of the contract's modules as pure (`/* @__PURE__ *\/ (() => …)()`),
 * so the bundler drops the declarations the web never reads, zod schemas included. A module kept
 * for one constant otherwise keeps every schema it builds (a call the bundler must assume has side
 * effects), and the sign-in chunk built a hundred schemas no screen of it uses (decision 1091).
 */
const pureContractDeclarations = (): Plugin => ({
  name: 'ginhawa-pure-contract-declarations',
  apply: 'build',
  enforce: 'post',
  transform(code, id) {
    if (!CONTRACT_MODULE.test(id)) return null;
    type Node = { type: string; start: number; end: number };
    type Declarator = { init: Node | null };
    type Statement = Node & { declaration?: Statement | null; kind?: string; declarations?: Declarator[] };
    const program = this.parse(code) as unknown as { body: Statement[] };
    const plain = new Set(['Literal', 'Identifier', 'ArrowFunctionExpression', 'FunctionExpression']);
    const inits: Node[] = [];
    for (const statement of program.body) {
      const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
      if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
      for (const { init } of declaration.declarations ?? []) if (init && !plain.has(init.type)) inits.push(init);
    }
    if (!inits.length) return null;
    let out = code;
    for (const init of inits.sort((a, b) => b.start - a.start))
      out = `${out.slice(0, init.start)}/* @__PURE__ */ (() => (${out.slice(init.start, init.end)}))()${out.slice(init.end)}`;
    return { code: out, map: null };
  },
});

/** The dashboard's chunks, which the signed-out page holds back with the panel's (decision 1089). */
const landing = { entry: /src[\\/]app[\\/]routes[\\/]dashboard\.tsx$/, links: [] as string[] };

// The API server for `npm run dev` (start it on this port, see README).
const apiTarget = process.env.VITE_DEV_API_TARGET ?? 'http://localhost:8200';

export default defineConfig({
  plugins: [
    react(),
    pureContractDeclarations(),
    inlineSmallCss(),
    signedInPreloads([/src[\\/]app[\\/]signed-in-app\.tsx$/, /src[\\/]app[\\/]layout[\\/]app-layout\.tsx$/], landing),
    precompress(),
    prerenderSignIn(landing.links),
  ],
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/ws': { target: apiTarget, ws: true, changeOrigin: false },
    },
  },
  build: {
    // Report gzip sizes; the login route's budget is checked in the final report.
    reportCompressedSize: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      // The contract's modules only declare schemas and constants: a module the web does not use is
      // dropped instead of kept for possible side effects, and within a module it uses, every
      // declaration it does not (pureContractDeclarations).
      treeshake: { moduleSideEffects: [{ test: /[\\/]packages[\\/]contract[\\/]src[\\/]/, sideEffects: false }] },
      output: {
        // Fewer, larger chunks on the desk's path (docs/decisions/1052): the sign-in screen's code as
        // one chunk, and Material UI's components the panel uses as one more, fetched with the
        // panel's own code while the password is checked, instead of some forty small files each
        // screen waited for, six at a time. Material UI's components that only other screens use
        // (autocompletes, tabs, the data grid's pagination) are a group of their own, so the
        // desk's dashboard and floor do not download or parse them (decision 1066).
        codeSplitting: {
          groups: [
            { name: 'login', tags: ['$initial'], priority: 4 },
            // Material UI's components that only screens other than the desk's draw are left out of
            // `mui` (the lookahead) and grouped last, in `mui-more`: a group also takes the modules its
            // members import, so the last one gets only what the others left (decision 1066).
            {
              name: 'mui',
              test: /node_modules[\\/]@mui[\\/](?!material[\\/](esm[\\/])?(Autocomplete|useAutocomplete|Tabs|Tab|TabScrollButton|TablePagination|TablePaginationActions)[\\/])(material|system|utils|icons-material|private-theming|styled-engine)[\\/]/,
              priority: 3,
            },
            {
              name: 'kit',
              test: (id) =>
                /apps[\\/]web[\\/]src[\\/](components|lib|config|features[\\/][^\\/]+[\\/]api)[\\/]/.test(id) &&
                !/[\\/]components[\\/]((list|resource|figures)[\\/]|(scrolling-tabs|tabbed-card)\.tsx$)/.test(id),
              priority: 2,
            },
            {
              name: 'mui-more',
              test: (id) =>
                /node_modules[\\/]@mui[\\/]material[\\/](esm[\\/])?(Autocomplete|useAutocomplete|Tabs|Tab|TabScrollButton|TablePagination|TablePaginationActions)[\\/]/.test(
                  id,
                ) ||
                // The app's two tab strips, drawn by admin and report screens only: with their tabs.
                /apps[\\/]web[\\/]src[\\/]components[\\/](scrolling-tabs|tabbed-card)\.tsx$/.test(id),
              priority: 1,
            },
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    // One jsdom and one import of React, MUI and the screens per worker instead of per file
    // (docs/operations.md, "The suite's time"). Files leave nothing behind: src/test/setup.ts
    // unmounts, clears cookies, timers and mocks after every test, each render has its own SWR
    // cache, and no file mocks a module (a mock would not reach a module another file cached).
    pool: 'threads',
    isolate: false,
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/hiding-styles-only.ts', './src/test/no-owner-stacks.ts', './src/test/setup.ts'],
    testTimeout: 30_000,
  },
});
