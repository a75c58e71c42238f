import { ATOMS, type AppState } from '../contracts/index.js';

/**
 * A complete session for tests: superadmin 'admin' with every atom, two schools (one Austrian,
 * one German) both in the filter, EUR. Override what the test is about.
 * @example makeAppState({ atoms: ['student_r'], user: { ...makeAppState().user, level: 3 } })
 */
export function makeAppState(overrides: Partial<AppState> = {}): AppState {
  return {
    user: {
      id: 1,
      username: 'admin',
      firstname: 'Anna',
      lastname: 'Admin',
      email: 'admin@example.org',
      level: 1,
      schoolAccess: 1,
      mno: null,
    },
    atoms: [...ATOMS],
    schools: [
      { id: 1, name: 'Kampfsportschule Wien', country: 'at' },
      { id: 2, name: 'Kampfsportschule München', country: 'de' },
    ],
    filter: [1, 2],
    country: 'at',
    currency: 'EUR',
    brand: 'Netzwerk',
    beta: {},
    disabledMemberStatuses: [],
    version: '0.1.0',
    minClientVersion: '0.0.0',
    eventsCalendarUrl: '',
    mapTileUrl: '',
    mapAttribution: '',
    ...overrides,
  };
}
