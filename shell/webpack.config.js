import { createWebpackConfig } from '../webpack.shared.js';

export default createWebpackConfig({ name: 'shell', dir: import.meta.dirname, kind: 'host', port: 3000 });
