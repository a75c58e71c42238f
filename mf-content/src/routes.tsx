import './i18n.js';
import { Navigate, Route, Routes } from 'react-router';
import type { RemoteRoutesModule } from 'shared-kernel';
import { AlbumRoutes } from './features/album/album-routes.js';
import { CalendarRoutes } from './features/calendar/calendar-routes.js';
import { HelpRoutes } from './features/help/help-routes.js';
import { NewsRoutes } from './features/news/news-routes.js';
import { SchoolSettingsRoutes } from './features/school-settings/school-settings-routes.js';
import { SeminarRoutes } from './features/seminar/seminar-routes.js';
import { TeamRoutes } from './features/team/team-routes.js';

/** /c-dash: the content area starts at the news (spec 002). */
function ContentDashboardRoutes() {
  return (
    <Routes>
      <Route path="*" element={<Navigate to="/c-news" replace />} />
    </Routes>
  );
}

/** What the content remote serves, by route prefix (c-). */
export const routes: RemoteRoutesModule['routes'] = {
  'c-dash': ContentDashboardRoutes,
  'c-news': NewsRoutes,
  'c-album': AlbumRoutes,
  'c-team': TeamRoutes,
  'c-settings': SchoolSettingsRoutes,
  'c-help': HelpRoutes,
  'c-seminar': SeminarRoutes,
  'c-calendar': CalendarRoutes,
};

/** This build's id (webpack DefinePlugin); the host shows it under the area. */
export const buildId: string = typeof __BUILD_ID__ !== 'undefined' ? __BUILD_ID__ : 'dev';
