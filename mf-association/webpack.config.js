import { createWebpackConfig } from '../webpack.shared.js';

export default createWebpackConfig({
  name: 'association', dir: import.meta.dirname, kind: 'remote', exposes: { './routes': './src/routes.tsx' }, port: 3003,
});
