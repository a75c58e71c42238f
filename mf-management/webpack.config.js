import { createWebpackConfig } from '../webpack.shared.js';

export default createWebpackConfig({
  name: 'management', dir: import.meta.dirname, kind: 'remote', exposes: { './routes': './src/routes.tsx' }, port: 3001,
});
