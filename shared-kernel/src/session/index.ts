export { useSessionStore, type SessionStoreState, type SessionStatus } from './session-store.js';
export {
  can, useCan, hasLevel, useHasLevel, Can, canSeeMenuItem, useSchoolFilter, stateCan, stateHasLevel,
  type VisibilityRule, type SchoolFilter,
} from './permissions.js';
