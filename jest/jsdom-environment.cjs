// jsdom lacks several web platform globals Node has (fetch, streams, TextEncoder, ...);
// ky and React 19 need them, so copy Node's into the jsdom global.
const { TestEnvironment } = require('jest-environment-jsdom');

class JsdomWithNodeGlobals extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    const g = this.global;
    for (const name of [
      'TextEncoder', 'TextDecoder', 'ReadableStream', 'WritableStream', 'TransformStream',
      'fetch', 'Request', 'Response', 'Headers', 'FormData', 'Blob', 'File', 'AbortController',
      'AbortSignal', 'structuredClone', 'BroadcastChannel', 'MessageChannel', 'MessagePort',
      'setImmediate', 'clearImmediate',
    ]) {
      if (globalThis[name] !== undefined) g[name] = globalThis[name];
    }
  }
}
module.exports = JsdomWithNodeGlobals;
