import { createWebpackConfig } from '../webpack.shared.js';

export default createWebpackConfig({
  name: 'content', dir: import.meta.dirname, kind: 'remote', exposes: { './routes': './src/routes.tsx' }, port: 3004,
});
