import { createWebpackConfig } from '../webpack.shared.js';

export default createWebpackConfig({
  name: 'finance', dir: import.meta.dirname, kind: 'remote', exposes: { './routes': './src/routes.tsx' }, port: 3002,
});
