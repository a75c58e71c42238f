/**
 * shared-kernel/standalone: the minimal host a remote runs in alone (`npm run standalone -w
 * mf-<name>`). Its own subpath because it brings react-router, which the shell's login page
 * must not load (`shared-kernel/host` stays router-free).
 */
export { StandaloneHost, type StandaloneHostProps } from './standalone-host.js';
