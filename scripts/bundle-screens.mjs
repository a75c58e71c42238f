// The screens whose JavaScript `npm run bench:bundle` measures and `npm run test:budget`
// holds to the byte budget: every route of the menu (spec 001 section 2), the forms and
// details built so far, and the login page. Add a new screen here when it is built; menu
// routes not built yet redirect to /m-dash and are measured as what they load.

/**
 * @typedef {object} Screen
 * @property {string} path the URL opened (a fresh browser context per screen)
 * @property {boolean} [signedOut] open without a session (the login page)
 * @property {{ on: string, link: RegExp }} [linkFrom] the path is not known up front (a demo
 *   record's id): the first link matching `link` on the screen `on` (measured before) gives it
 */

/** @type {Screen[]} */
export const SCREENS = [
  { path: '/', signedOut: true },
  // The menu, in its order.
  { path: '/m-dash' },
  { path: '/m-lead/list' },
  { path: '/m-con/list' },
  { path: '/m-student/dashboard' },
  { path: '/m-student/list' },
  { path: '/m-fin/dashboard' },
  { path: '/m-fin/income' },
  { path: '/m-fin/expense' },
  { path: '/m-fin/bamove' },
  { path: '/m-fin/dd' },
  { path: '/m-conf/general' },
  { path: '/m-conf/comm' },
  { path: '/m-conf/template' },
  { path: '/m-template/base' },
  { path: '/m-conf/role' },
  { path: '/m-conf/user' },
  { path: '/m-conf/contract' },
  { path: '/m-conf/account' },
  { path: '/c-news' },
  { path: '/c-album' },
  { path: '/c-team' },
  { path: '/c-settings' },
  { path: '/c-calendar' },
  { path: '/e-dash' },
  { path: '/e-document/root' },
  { path: '/e-ticket/1' },
  { path: '/e-ticket/2' },
  { path: '/e-rcc' },
  { path: '/e-trainer' },
  { path: '/m-help' },
  { path: '/c-help' },
  { path: '/c-seminar' },
  // Forms and details.
  { path: '/m-student/details/:id', linkFrom: { on: '/m-student/list', link: /^\/m-student\/details\/\d+$/ } },
  { path: '/m-student/dun/1' },
  { path: '/m-lead/add' },
  { path: '/m-lead/edit/:id', linkFrom: { on: '/m-lead/list', link: /^\/m-lead\/edit\/\d+$/ } },
  { path: '/m-fin/income/create' },
  { path: '/m-template/base/create' },
  { path: '/m-conf/template/edit/rep_memb_canc' },
  { path: '/m-fin/expense/create' },
  { path: '/c-news/create' },
  { path: '/c-news/edit/:id', linkFrom: { on: '/c-news', link: /^\/c-news\/edit\/\d+$/ } },
  { path: '/c-album/create' },
  { path: '/c-settings/edit/:id', linkFrom: { on: '/c-settings', link: /^\/c-settings\/edit\/\d+$/ } },
  { path: '/e-ticket/edit/:mode/:id', linkFrom: { on: '/e-dash', link: /^\/e-ticket\/edit\/\d+\/\d+$/ } },
  { path: '/m-conf/user/add' },
  { path: '/m-conf/user/edit/:id', linkFrom: { on: '/m-conf/user', link: /^\/m-conf\/user\/edit\/\d+$/ } },
  { path: '/m-conf/user-settings' },
  { path: '/m-conf/role/create' },
  { path: '/m-conf/role/edit/:id', linkFrom: { on: '/m-conf/role', link: /^\/m-conf\/role\/edit\/\d+$/ } },
  { path: '/m-conf/account/create' },
  { path: '/m-conf/account/edit/:id', linkFrom: { on: '/m-conf/account', link: /^\/m-conf\/account\/edit\/\d+$/ } },
  { path: '/m-lead/appointments' },
  { path: '/m-conf/jobs' },
  // Not measured yet: /m-template/doc/{templateId}/{entityId} (document from template) needs a
  // custom template in the demo data (the bench fails a screen that shows an error panel).
];

const KB = 1024;

/**
 * The byte budget (JavaScript, gzip, summed over every file the screen loads): the login page
 * at most 175 KB; the dashboard at most 590 KB; every other screen at most 300 KB + 150 KB; and
 * no library loaded twice into one page.
 *
 * Why the dashboard has its own figure: the full /m-dash of spec 000 §2 shows the student map
 * (leaflet, about 50 KB gzip, a chunk of its own loaded after the first paint) and the finance
 * remote's income/expense chart (apexcharts' core with the bar type and the legend, about
 * 185 KB gzip, plus the finance remote's entry, about 36 KB), which no other screen needs; the
 * 300 KB base of the other screens is what the dashboard weighs without those two blocks.
 * Measured (issue 26): /m-dash 578.8 KB (687.6 KB with apexcharts' full build), the login page
 * 173.8 KB. A screen that redirects to /m-dash (a route not built yet) is the dashboard and is
 * held to its figure. The finance overview (/m-fin/dashboard, 493.8 KB) shows the same chart:
 * it gets the other screens' figure plus the chart's.
 * @param {string} path
 * @param {number} dashGzip what /m-dash loads (gzip bytes)
 * @param {string} [landed] where the screen landed (a redirect), if elsewhere
 */
/** What the income/expense chart (apexcharts' core + bar + legend, lazily loaded) may add to a screen that shows it. */
const CHART_KB = 200;

export function budgetOf(path, dashGzip, landed) {
  if (path === '/') return 175 * KB;
  if (path === '/m-dash' || landed === '/m-dash') return 590 * KB;
  // The finance overview shows the same income/expense chart (spec 002 §3, issue 14).
  if (path === '/m-fin/dashboard') return Math.min(dashGzip, 300 * KB) + 150 * KB + CHART_KB * KB;
  return Math.min(dashGzip, 300 * KB) + 150 * KB;
}
