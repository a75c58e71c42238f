import type { FastifyPluginAsync } from 'fastify';
import applicationStateRoutes from './application-state/routes.js';
import associationDocumentRoutes from './association/document-routes.js';
import requestRoutes from './association/request-routes.js';
import changesRoutes from './audit/routes.js';
import authRoutes from './auth/routes.js';
import activationRoutes from './conclusions/activation-routes.js';
import conclusionDocumentRoutes from './conclusions/documents-routes.js';
import frameTokenRoutes from './conclusions/frame-token-routes.js';
import conclusionRoutes from './conclusions/routes.js';
import contractNumberRoutes from './conclusions/contract-number-routes.js';
import configRoutes from './config/routes.js';
import directDebitRoutes from './direct-debits/routes.js';
import contractTemplateRoutes from './contract-templates/routes.js';
import bankStatementRoutes from './bank-statements/routes.js';
import accountRoutes from './finance/account-routes.js';
import financeRoutes from './finance/routes.js';
import ibanRoutes from './finance/iban-routes.js';
import healthRoutes from './health/routes.js';
import jobRoutes from './jobs/routes.js';
import leadFlowRoutes from './leads/flow-routes.js';
import helpVideoRoutes from './help/routes.js';
import leadRoutes from './leads/routes.js';
import listLayoutRoutes from './list-layouts/routes.js';
import seminarRoutes from './help/seminar-routes.js';
import associationNewsRoutes from './news/association-news-routes.js';
import releaseNotesRoutes from './news/release-notes-routes.js';
import contentRoutes from './news/routes.js';
import albumRoutes from './microsite/album-routes.js';
import appointmentRoutes from './microsite/appointment-routes.js';
import micrositeCalendarRoutes from './microsite/calendar-routes.js';
import micrositeImageRoutes from './microsite/image-routes.js';
import micrositeSettingsRoutes from './microsite/settings-routes.js';
import publicMicrositeRoutes from './microsite/public-routes.js';
import teamRoutes from './microsite/team-routes.js';
import outboxRoutes from './outbox/routes.js';
import reminderRoutes from './reminders/routes.js';
import documentRoutes from './students/document-routes.js';
import mapDataRoutes from './students/map-data-routes.js';
import cubicRoutes from './students/picture-routes.js';
import studentRoutes from './students/routes.js';
import dunningRunRoutes from './dunning/routes.js';
import { dunningRoutes, receiptRoutes, studentMoneyRoutes } from './student-money/routes.js';
import networkRequestRoutes from './student-contracts/network-routes.js';
import studentContractRoutes from './student-contracts/routes.js';
import skipRoutes from './student-contracts/skip-routes.js';
import templateDocumentRoutes from './templates/document-routes.js';
import templateRoutes, { templateBaseRoutes } from './templates/routes.js';
import leadImportRoutes from './lead-import/routes.js';
import ticketRoutes from './tickets/routes.js';
import humanRoutes from './users/human-routes.js';
import roleRoutes from './users/roles-routes.js';
import userRoutes from './users/routes.js';
import schoolFilterRoutes from './users/school-filter-routes.js';

/**
 * Every route plugin and its spec base path. A base path may be served by several plugins
 * of several domains (/api-base is); a domain may serve several base paths. A new domain
 * adds its lines here (and one line in README.md); the access guard refuses to start if one
 * of its routes lacks a declaration.
 */
export const ROUTE_PLUGINS: readonly { prefix: string; plugin: FastifyPluginAsync }[] = [
  { prefix: '', plugin: healthRoutes }, // health
  { prefix: '/api-auth', plugin: authRoutes }, // auth
  { prefix: '/api-base', plugin: schoolFilterRoutes }, // users: /filter
  { prefix: '/api-base', plugin: roleRoutes }, // users: /role, /role-list
  { prefix: '/api-base', plugin: outboxRoutes }, // outbox: /outbox
  { prefix: '/api-base', plugin: changesRoutes }, // audit: /changes
  { prefix: '/api-base', plugin: jobRoutes }, // jobs: /jobs, /jobs/run (superadmin)
  { prefix: '/api-base', plugin: ticketRoutes }, // tickets: /ticket...
  { prefix: '/api-base', plugin: associationNewsRoutes }, // news: /e-news (association dashboard)
  { prefix: '/api-base', plugin: releaseNotesRoutes }, // news: /release-notes ('last changes' on /e-dash)
  { prefix: '/api-base', plugin: mapDataRoutes }, // students: /map-data (dashboards' student map)
  { prefix: '/api-base', plugin: helpVideoRoutes }, // help: /video, /videos, /video-captions (/m-help, /c-help)
  { prefix: '/api-base', plugin: seminarRoutes }, // help: /seminar-token (/c-seminar)
  { prefix: '/api-user', plugin: userRoutes }, // users
  { prefix: '/api-user', plugin: listLayoutRoutes }, // list-layouts: /list-layout (the caller's column layouts)
  { prefix: '/api-import', plugin: leadImportRoutes }, // lead-import: /leglead, /leglead/upload (legacy lead import)
  { prefix: '/api-human', plugin: humanRoutes }, // users: /list (user picker: reminder delegates)
  { prefix: '/api-application-state', plugin: applicationStateRoutes }, // application-state
  { prefix: '/api-reminder', plugin: reminderRoutes }, // reminders
  { prefix: '/api-lead', plugin: leadRoutes }, // leads: /list, /data, /export-sel
  { prefix: '/api-student', plugin: studentRoutes }, // students
  { prefix: '/api-student', plugin: studentMoneyRoutes }, // student-money: receipts, inv-rem, gi, sp, spr, spa, setpaid
  { prefix: '/api-receipt', plugin: receiptRoutes }, // student-money: data, cn, undo-cn, revert-pa, open, close, print, print-ir
  { prefix: '/api-invoice-reminder', plugin: dunningRoutes }, // student-money: dunning edit (data)
  { prefix: '/api-receipt', plugin: dunningRunRoutes }, // dunning: /dunning (GET items due, POST run), /dunning-counts, /dunning-pdf
  { prefix: '/api-student', plugin: studentContractRoutes }, // student-contracts: /contracts, /sc, /cancel, /swd, /cp, /cancellation
  { prefix: '/api-student', plugin: skipRoutes }, // student-contracts: /skip
  { prefix: '/api-base', plugin: networkRequestRoutes }, // student-contracts: /cce, /ndt (network outbox)
  { prefix: '/api-document', plugin: documentRoutes }, // students: documents tab
  { prefix: '/api-document', plugin: associationDocumentRoutes }, // association: document folders (/list, /file, ...)
  { prefix: '/api-request', plugin: requestRoutes }, // association: contract and trainer requests
  { prefix: '/api-cubic', plugin: cubicRoutes }, // students: pictures
  { prefix: '/api-fin', plugin: financeRoutes }, // finance: dashboard, income, expense
  { prefix: '/api-fin', plugin: directDebitRoutes }, // direct-debits: /dd, /sepa, /es (runs, SEPA files)
  { prefix: '/api-fin', plugin: bankStatementRoutes }, // bank-statements: /bamimport, /bl, /export-bl-sel, /bam, /blassign, /sa (CAMT import, movements, assignment)
  { prefix: '/api-content', plugin: contentRoutes }, // news
  { prefix: '/api-config', plugin: configRoutes }, // config
  { prefix: '/api-account', plugin: accountRoutes }, // finance: accounts
  { prefix: '/api-conclusion', plugin: ibanRoutes }, // finance: /iban (IBAN lookup of the conclusion and account forms)
  { prefix: '/api-contract', plugin: contractTemplateRoutes }, // contract-templates: /data, /sel
  { prefix: '/api-content', plugin: albumRoutes }, // microsite: /album, /album-list, /album-file
  { prefix: '/api-content', plugin: micrositeCalendarRoutes }, // microsite: /calendar (/c-calendar), /ie-next (appointments)
  { prefix: '/api-content', plugin: appointmentRoutes }, // microsite: /appointment (info events, trials; lead_r / lead_w)
  { prefix: '/api-cubic', plugin: micrositeImageRoutes }, // microsite: /image/{id}-{size}[/members]
  { prefix: '/api-base', plugin: teamRoutes }, // microsite: /team, /tpu
  { prefix: '/api-config', plugin: micrositeSettingsRoutes }, // microsite: /school, /school-list, /school-image
  { prefix: '/public', plugin: publicMicrositeRoutes }, // microsite: the public microsite API (no session, CORS)
  { prefix: '/api-lead', plugin: leadFlowRoutes }, // leads: /invite, /invitation-pdf, /attend, /no-interest, /timeline (the lead's flow)
  { prefix: '/api-template', plugin: templateRoutes }, // templates: /list, /data, /widget, /select, /preview, /system, /system-data
  { prefix: '/api-template', plugin: templateDocumentRoutes }, // templates: /doc-pdf, /doc-mail (document from template)
  { prefix: '/api-base', plugin: templateBaseRoutes }, // templates: /core-bd (placeholder catalogue, target types, system templates)
  { prefix: '/api-conclusion', plugin: frameTokenRoutes }, // conclusions: /frame-token (beta online-contracts frame)
  { prefix: '/api-conclusion', plugin: activationRoutes }, // conclusions: /actcon (activation), /prestud (pre-student)
  { prefix: '/api-conclusion', plugin: conclusionRoutes }, // conclusions: /list, /data, /legacy
  { prefix: '/api-contract', plugin: contractNumberRoutes }, // conclusions: /check (contract number)
  { prefix: '/api-conclusion', plugin: conclusionDocumentRoutes }, // conclusions: /cp (conclusion PDF), /sepaddm (SEPA mandate PDF)
];
