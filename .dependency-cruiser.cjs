// The layer order of docs/architecture.md, checked by `npm run lint`: an import may only point down the
// order (or inside its own layer), and no file may reach itself again through its imports.
// Type-only imports count: a type names the shape of the layer it lives in just as a call does.
// Test files are not cruised: they drive the code from outside and may import any layer.

const server = 'apps/server/src';
const web = 'apps/web/src';

/** Each layer of the server, top to bottom, with the folders or files it is made of. */
const serverLayers = [
  ['main', `^${server}/(main|server|backup|restore|media-migrate)\\.ts$`],
  // A command of its own, beside the server process (npm run import:ticketz).
  ['import', `^${server}/import/`],
  ['app', `^${server}/app\\.ts$`],
  ['channels', `^${server}/channels/`],
  ['integrations', `^${server}/integrations/`],
  ['inbox', `^${server}/inbox/`],
  ['modules', `^${server}/modules/`],
  ['platform', `^${server}/platform/`],
  ['db', `^${server}/db/`],
  ['config', `^${server}/config\\.ts$`],
];
/** Side by side, neither importing the other: both reach the core through its interfaces. */
const peers = { channels: 'integrations', integrations: 'channels' };

const layerRules = serverLayers.slice(1).map(([name, path], index) => {
  const above = serverLayers.slice(0, index + 1).map(([, other]) => other);
  if (peers[name]) above.push(serverLayers.find(([other]) => other === peers[name])[1]);
  return {
    name: `server-${name}-imports-downwards`,
    comment: `${name} may import only the layers below it (docs/architecture.md)`,
    severity: 'error',
    from: { path, pathNot: '\\.test\\.ts$' },
    to: { path: above },
  };
});

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'Import circles hide which side depends on which; only tables may reference each other.',
      severity: 'error',
      from: { pathNot: `^${server}/db/schema/` },
      to: { circular: true },
    },
    ...layerRules,
    {
      name: 'web-shared-imports-downwards',
      comment: "The web's shared code serves every feature and knows none of them.",
      severity: 'error',
      from: { path: `^${web}/shared/` },
      to: { path: `^${web}/(app|modules|widget|test)/` },
    },
    {
      name: 'web-modules-import-downwards',
      comment: 'Features never import the app shell, the widget or test helpers.',
      severity: 'error',
      from: { path: `^${web}/modules/` },
      to: { path: `^${web}/(app|widget|test)/` },
    },
    {
      name: 'apps-apart',
      comment: 'The server and the web app meet only in packages/shared, which imports neither.',
      severity: 'error',
      from: { path: '^(apps/server|apps/web|packages/shared)/' },
      to: { path: '^apps/(server|web)/', pathNot: '^$1/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/|\\.test\\.tsx?$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js'],
      conditionNames: ['import', 'types', 'default'],
    },
  },
};
