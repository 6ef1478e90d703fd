import type { Plugin } from 'vite';

/**
 * index.html's entry imports the app's start (src/boot.tsx) on the fly, after it has started the first
 * calls, so the browser would learn of the start's chunks only once the entry had downloaded and run: a
 * round trip more on a phone's network. Naming them in index.html as module preloads fetches them beside
 * the entry; they still run only when the entry imports them.
 */
export function preloadAppStart(): Plugin {
  let base = '/';
  return {
    name: 'preload-app-start',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { filename, bundle }) {
        if (!bundle || !filename.endsWith('/index.html')) return;
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        const start = chunks.find((chunk) => chunk.facadeModuleId?.endsWith('/src/boot.tsx'));
        if (!start) throw new Error('preload-app-start: src/boot.tsx is no chunk of the build');
        const files = new Set<string>();
        const add = (file: string) => {
          if (files.has(file)) return;
          files.add(file);
          for (const imported of chunks.find((chunk) => chunk.fileName === file)?.imports ?? [])
            add(imported);
        };
        add(start.fileName);
        // Vite's own tags already name the entry and what it imports statically.
        return [...files]
          .filter((file) => !html.includes(`"${base}${file}"`))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}
