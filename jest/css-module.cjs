// CSS Modules in tests: every class name maps to itself, so tests can still query by it.
module.exports = new Proxy({}, { get: (_t, key) => (key === '__esModule' ? false : String(key)) });
